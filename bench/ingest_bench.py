#!/usr/bin/env python
"""Ingest cost per sample, side by side with vmagent's own, on the same dcgm-exporter pages.

    python bench/ingest_bench.py [--nodes 1000] [--interval 10] [--seconds 60] [--json OUT]

Pages: ``--nodes`` nodes × 8 GPUs, every GPU field of the registry the simulator fills
(:func:`telemetry.exposition.render_exposition` of two :class:`FleetSimulator` ticks, so the
values change between rounds; ~47 fields, ~380 samples and ~90 KB a page). Rendering is never
timed. Stages, each measured as CPU seconds per sample (``time.process_time`` in this process;
``utime + stime`` from ``/proc/PID/stat`` for child processes):

- **old parser**: :func:`telemetry.exposition.parse_exposition` (prometheus_client's parser),
  on ``--old-pages`` pages (it costs ~40 ms a page);
- **new parser**: :func:`telemetry.fast_exposition.parse_exposition_fast`, all pages, rounds
  alternating the two ticks; the first round (plans made: one full parse + the check) is
  reported apart, the steady rounds are the number;
- **vmagent → receiver**: a page server process serves every page on 127.0.0.1 (one port,
  one path per node); the real ``vmagent`` scrapes all of them every ``--interval`` s and
  remote-writes to :func:`telemetry.remote_write.remote_write_app` under uvicorn in a
  receiver process. After a warm-up (until a scrape interval passes with no label-cache
  miss in the receiver: every series decoded once), ``--seconds`` s are measured: vmagent's CPU,
  the receiver process's CPU (HTTP, snappy, decode, matrix update: everything), and the
  samples the receiver stored or counted;
- **VictoriaMetrics export**: ``--export-nodes`` of the pages imported into a fresh VictoriaMetrics
  (``/api/v1/import/prometheus``), then ``/api/v1/export`` of one instant read in bulk with
  :func:`telemetry.vmjson.read_vm_jsonl` (this process's CPU: HTTP read + JSON parse + frame).

Reported per stage: samples, CPU s, samples/s per core, µs per sample, and the ratio to
vmagent's µs per sample measured in the same run. The load average at start and end is printed:
on a shared machine other processes inflate everyone's CPU time (caches, SMT), ours and
vmagent's alike. Exits 0 unless a server cannot start.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import json
import multiprocessing as mp
import shutil
import sys
import tempfile
import threading
import time
from dataclasses import asdict
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import httpx

from bench.loopback import (
    PageServer,
    cpu_s,
    fleet_topology,
    load_average,
    render_pages,
    start_vmagent,
    vmagent_binary,
    wait_http,
)
from gpufleet.evals.vm_server import VictoriaMetrics, free_port
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.fast_exposition import parse_exposition_fast
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.vmjson import read_vm_jsonl


def build_topology(nodes: int) -> Topology:
    return fleet_topology(nodes)


# ---------------------------------------------------------------------------- in-process stages
def bench_old(topo: Topology, pages: dict[str, str], n: int) -> dict[str, Any]:
    hosts = list(pages)[:n]
    samples = 0
    t0 = time.process_time()
    for h in hosts:
        samples += parse_exposition(pages[h], topology=topo, hostname=h, source=h).samples
    return {"samples": samples, "cpu_s": time.process_time() - t0}


def bench_new(topo: Topology, rounds: list[dict[str, str]], steady: int) -> dict[str, Any]:
    def one_round(pages: dict[str, str]) -> tuple[int, float]:
        samples = 0
        t0 = time.process_time()
        for h, text in pages.items():
            samples += parse_exposition_fast(
                text, topology=topo, hostname=h, source=h, timestamp=1.0
            ).samples
        return samples, time.process_time() - t0

    first_samples, first_cpu = one_round(rounds[0])
    samples = 0
    cpu = 0.0
    for k in range(steady):
        s, c = one_round(rounds[(k + 1) % len(rounds)])
        samples += s
        cpu += c
    return {
        "samples": samples,
        "cpu_s": cpu,
        "first_round": {"samples": first_samples, "cpu_s": first_cpu},
    }


# ---------------------------------------------------------------------------- receiver process
def receiver_main(conn: Connection, nodes: int, port: int) -> None:
    import uvicorn

    from gpufleet.telemetry.remote_write import RemoteWriteIngest, remote_write_app

    ingest = RemoteWriteIngest(build_topology(nodes))

    def answer() -> None:
        while True:
            msg = conn.recv()
            conn.send(
                {k: v for k, v in asdict(ingest.stats).items() if k != "other_names"}
                | {"other_names": dict(ingest.stats.other_names.most_common(8))}
            )
            if msg == "stop":
                return

    threading.Thread(target=answer, daemon=True).start()
    config = uvicorn.Config(
        remote_write_app(ingest), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    uvicorn.Server(config).run()


def bench_vmagent(args: argparse.Namespace, pages: dict[str, str]) -> dict[str, Any]:
    if vmagent_binary() is None:
        return {"skipped": "vmagent not installed (Debian package victoria-metrics)"}
    ctx = mp.get_context("spawn")
    rw_port = free_port()
    rx_parent, rx_child = ctx.Pipe()
    rx_proc = ctx.Process(target=receiver_main, args=(rx_child, args.nodes, rw_port))
    rx_proc.start()
    assert rx_proc.pid is not None
    wait_http(rw_port)
    with (
        PageServer({h: t.encode() for h, t in pages.items()}) as page_server,
        tempfile.TemporaryDirectory() as tmp,
    ):
        proc, _ = start_vmagent(
            list(pages),
            page_server.port,
            f"http://127.0.0.1:{rw_port}/api/v1/write",
            args.interval,
            Path(tmp),
        )
        try:
            s0 = _warm(args, rx_parent)
            n0 = page_server.served()
            v0, r0, p0 = cpu_s(proc.pid), cpu_s(rx_proc.pid), cpu_s(page_server.pid)
            time.sleep(args.seconds)
            v1, r1, p1 = cpu_s(proc.pid), cpu_s(rx_proc.pid), cpu_s(page_server.pid)
            rx_parent.send("stats")
            s1 = rx_parent.recv()
            n1 = page_server.served()
        finally:
            proc.terminate()
            proc.wait(30)
            rx_parent.send("stop")
            rx_parent.recv()
            rx_proc.terminate()
            rx_proc.join(10)
    per_page = parse_exposition(next(iter(pages.values()))).samples
    return {
        # vmagent: the samples it scraped in the window (pages served × samples a page)
        "vmagent": {"samples": (n1 - n0) * per_page, "cpu_s": v1 - v0},
        # the receiver: the samples it decoded in the window (vmagent's own series included)
        "receiver": {"samples": s1["samples"] - s0["samples"], "cpu_s": r1 - r0},
        "receiver_slow_series_in_window": s1["slow_series"] - s0["slow_series"],
        "page_server_cpu_s": p1 - p0,
        "receiver_stats": s1,
    }


def _warm(args: argparse.Namespace, rx: Connection) -> dict[str, Any]:
    """Wait until a whole scrape interval passed with no label-cache miss in the receiver
    (every series seen once), at most ``--warmup-max`` s; returns the stats then."""
    deadline = time.monotonic() + args.warmup_max
    rx.send("stats")
    last = rx.recv()
    while time.monotonic() < deadline:
        time.sleep(args.interval * 1.5)
        rx.send("stats")
        now = rx.recv()
        if now["slow_series"] == last["slow_series"] and now["samples"] > last["samples"]:
            return dict(now)
        last = now
    return dict(last)


def bench_export(topo: Topology, pages: dict[str, str]) -> dict[str, Any]:
    if shutil.which("victoria-metrics") is None:
        return {"skipped": "victoria-metrics not installed"}
    t = float(int(time.time()))
    with VictoriaMetrics() as vm:
        with httpx.Client(timeout=120.0) as client:
            for h, text in pages.items():
                r = client.post(
                    f"{vm.url}/api/v1/import/prometheus",
                    params={"timestamp": str(int(t * 1000)), "extra_label": f"instance={h}"},
                    content=text.encode(),
                )
                r.raise_for_status()
        vm.force_flush()
        t0 = time.process_time()
        read = read_vm_jsonl(
            vm.export_lines('{__name__=~"DCGM_.*"}', start=t - 1, end=t + 1), topology=topo
        )
        cpu = time.process_time() - t0
    return {"samples": read.samples, "cpu_s": cpu, "series": read.series}


# ---------------------------------------------------------------------------- report
def row(name: str, r: dict[str, Any], ref_us: float | None) -> str:
    samples, cpu = r["samples"], r["cpu_s"]
    if not samples or cpu <= 0:
        return f"| {name} | {samples:,} | {cpu:.2f} | – | – | – |"
    us = cpu / samples * 1e6
    ratio = f"{us / ref_us:.2f}×" if ref_us else "–"
    return f"| {name} | {samples:,} | {cpu:.2f} | {samples / cpu:,.0f} | {us:.2f} | {ratio} |"


def table(res: dict[str, Any]) -> str:
    vm = res.get("vmagent_path", {})
    ref = vm.get("vmagent")
    ref_us = ref["cpu_s"] / ref["samples"] * 1e6 if ref and ref["samples"] else None
    lines = [
        f"{res['nodes']:,} nodes × 8 GPUs, {res['samples_per_page']} samples a page; "
        f"load average {res['load_start']} → {res['load_end']}",
        "",
        "| stage | samples | CPU s | samples/s per core | µs/sample | vs vmagent |",
        "|---|---|---|---|---|---|",
        row("old parser (prometheus_client)", res["old"], ref_us),
        row("new parser, first round (plans)", res["new"]["first_round"], ref_us),
        row("new parser, steady rounds", res["new"], ref_us),
    ]
    if ref:
        lines.append(row("vmagent (its scrape + remote write)", ref, ref_us))
        lines.append(row("remote-write receiver (whole process)", vm["receiver"], ref_us))
    if "samples" in res.get("export", {}):
        lines.append(row("VictoriaMetrics export read", res["export"], ref_us))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=1000)
    ap.add_argument("--interval", type=float, default=10.0, help="vmagent scrape interval (s)")
    ap.add_argument("--seconds", type=float, default=60.0, help="vmagent measuring window (s)")
    ap.add_argument("--old-pages", type=int, default=25)
    ap.add_argument("--export-nodes", type=int, default=100, help="pages imported into VM")
    ap.add_argument("--warmup-max", type=float, default=180.0)
    ap.add_argument("--steady-rounds", type=int, default=3)
    ap.add_argument("--skip-vmagent", action="store_true")
    ap.add_argument("--skip-export", action="store_true")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    load_start = load_average()
    topo = build_topology(args.nodes)
    rounds = render_pages(topo, 2)
    first = rounds[0]
    res: dict[str, Any] = {"nodes": args.nodes, "load_start": load_start}
    res["samples_per_page"] = parse_exposition(next(iter(first.values()))).samples
    res["old"] = bench_old(topo, first, args.old_pages)
    res["new"] = bench_new(topo, rounds, args.steady_rounds)
    if not args.skip_vmagent:
        res["vmagent_path"] = bench_vmagent(args, first)
    if not args.skip_export:
        res["export"] = bench_export(topo, dict(list(first.items())[: args.export_nodes]))
    res["load_end"] = load_average()
    print(table(res))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(res, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
