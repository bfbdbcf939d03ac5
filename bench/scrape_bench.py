#!/usr/bin/env python
"""dcgm-exporter scrape + parse throughput: many simulated exporters served on loopback.

    python bench/scrape_bench.py [--targets 1000] [--rounds 4] [--warmup 1] [--json OUT]

Two processes, so the measurement is not sharing an event loop (or a core) with the servers:

- the **exporter process** (``multiprocessing``, spawn) builds the fleet (8 GPUs a node, one
  node per target), runs a :class:`FleetSimulator` and listens on one 127.0.0.1 port per
  target with a minimal asyncio HTTP/1.1 keep-alive responder. On each ``step`` command from
  the parent it advances the simulator one tick and renders every node's text once
  (:func:`telemetry.exposition.render_exposition`, the stock exporter's 25 fields unless
  ``--fields all``); the servers then serve those bytes until the next step. Rendering happens
  between rounds and is never timed.
- the **scraper process** (this one) builds the same topology and one
  :class:`~telemetry.scrape.DcgmExporterScraper` over all targets, and times
  ``await scrape_once()`` round by round with ``time.perf_counter``: fetch (httpx, at most
  ``--concurrency`` in flight), parse (prometheus_client's parser, on the scraper's parse
  thread unless ``--inline-parse``), merge into one 8,000-GPU frame, history flags.

Reported (``--warmup`` rounds are run first and not counted; they open the keep-alive
connections and fill caches):

- targets/s and samples/s: scraped targets (and the samples their texts held) per second of
  round wall time, summed over the measured rounds;
- round latency p50 / p99 (with a handful of rounds p99 is the slowest round);
- parse share: time spent inside ``parse_exposition`` (summed over the parse workers) /
  (round wall time × workers): how busy the parse worker(s) were; the rest of a round is HTTP,
  merging and waiting. ``--parse-processes N`` parses in N spawned processes instead of the
  default single thread (on 2 cores, N=2 shares the second core with the exporter process);
- peak RSS of the scraper process and of the exporter process (``ru_maxrss``; parse worker
  processes, when used, are not included).

The defaults (1,000 targets, 1 + 4 rounds) take about a minute on a 2-core machine. Exits
non-zero only on a failed scrape or a broken setup, never on speed.

``--vs-vmagent`` instead measures the direct scrape and the real ``vmagent`` side by side, in
one run, on the same pages (``--targets`` exporters, default 20, every ``--interval`` s for
``--seconds`` s, default 1 s and 30 s), CPU per sample from ``/proc/PID/stat``:

- **direct**: a spawned process running :class:`telemetry.scrape.ScrapeSource` (what
  ``watch --source dcgm:`` ticks on: fetch, parse, merge, flags) and nothing else; its CPU is
  counted from the moment it is told to start, so its first pages (a full parse and a plan
  each) are included, its interpreter start and imports are not;
- **vmagent**: started at the same moment, scraping the same pages of its own page server,
  remote-writing to a receiver that answers 204 and does nothing (not counted); its CPU from
  its start (its own start included, which counts against vmagent).

Each side's samples are the pages its page server served × the samples a page holds.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import asyncio
import contextlib
import functools
import http.server
import json
import math
import multiprocessing as mp
import platform
import resource
import sys
import tempfile
import threading
import time
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np

from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.fields import FIELDS, GPU_FIELD_NAMES
from gpufleet.telemetry.scrape import DcgmExporterScraper, ScrapeTarget
from gpufleet.telemetry.topology import Topology, build_cluster

GPUS_PER_NODE = 8


def build_topology(targets: int) -> Topology:
    """One node per target; 10 nodes a rack when the count allows (1,000 → 100 racks)."""
    per_rack = math.gcd(targets, 10)
    return Topology([build_cluster(racks=targets // per_rack, nodes_per_rack=per_rack)])


def raise_fd_limit() -> int:
    """Each target costs a listening socket and a connection on each side: lift the soft limit."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else 1 << 16
    if soft < want:
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


# ---------------------------------------------------------------------------- exporter process
def exporter_main(conn: Connection, targets: int, fields: list[str] | None, seed: int) -> None:
    """Serve ``targets`` simulated dcgm-exporters on 127.0.0.1 until told to stop."""
    raise_fd_limit()
    asyncio.run(_serve(conn, targets, fields, seed))


async def _serve(conn: Connection, targets: int, fields: list[str] | None, seed: int) -> None:
    topo = build_topology(targets)
    sim = FleetSimulator(topo, seed=seed)
    bodies: dict[str, bytes] = dict.fromkeys(topo.node_keys, b"")
    header = (
        b"HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
        b"Content-Length: %d\r\n\r\n"
    )

    async def handle(host: str, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while await r.readline():
                while (await r.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                body = bodies[host]
                w.write(header % len(body) + body)
                await w.drain()
        except ConnectionError:
            pass
        finally:
            w.close()

    servers = []
    ports = []
    for host in topo.node_keys:
        server = await asyncio.start_server(
            functools.partial(handle, host), "127.0.0.1", 0, backlog=64
        )
        servers.append(server)
        ports.append(server.sockets[0].getsockname()[1])
    conn.send(("ports", ports))

    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def on_command() -> None:
        cmd = conn.recv()
        if cmd == "step":
            t0 = time.perf_counter()
            tick = sim.step()
            frame = tick.frames[0]
            wl = sim.workload_map()
            total = 0
            for host in topo.node_keys:
                b = render_exposition(frame, topo, host, workloads=wl, fields=fields).encode()
                bodies[host] = b
                total += len(b)
            conn.send(("ready", time.perf_counter() - t0, total, tick.timestamp))
        elif cmd == "stop":
            conn.send(("rss", rss_mib()))
            if not done.done():
                done.set_result(None)

    loop.add_reader(conn.fileno(), on_command)
    await done
    loop.remove_reader(conn.fileno())
    for s in servers:
        s.close()


# ---------------------------------------------------------------------------- scraper process
async def measure(args: argparse.Namespace, ports: list[int], conn: Connection) -> dict[str, Any]:
    topo = build_topology(args.targets)
    targets = [
        ScrapeTarget(f"http://127.0.0.1:{p}/metrics", h)
        for p, h in zip(ports, topo.node_keys, strict=True)
    ]
    clock_t = [0.0]
    scraper = DcgmExporterScraper(
        targets,
        topo,
        timeout_s=args.timeout,
        concurrency=args.concurrency,
        clock=lambda: clock_t[0],
        parse_in_thread=not args.inline_parse,
        parse_processes=args.parse_processes,
    )
    rounds: list[dict[str, float]] = []
    render_s: list[float] = []
    body_bytes = 0
    try:
        for i in range(args.warmup + args.rounds):
            conn.send("step")
            kind, r_s, nbytes, ts = conn.recv()
            assert kind == "ready"
            render_s.append(r_s)
            body_bytes = nbytes
            clock_t[0] = ts
            st = scraper.stats
            before = (st.scrapes_ok, st.scrapes_failed, st.samples, st.parse_s, st.fetch_s)
            t0 = time.perf_counter()
            tick = await scraper.scrape_once()
            dt = time.perf_counter() - t0
            ok = st.scrapes_ok - before[0]
            failed = st.scrapes_failed - before[1]
            if failed:
                errors = {h.last_error or "" for h in scraper.health if not h.up}
                raise SystemExit(f"round {i}: {failed} target(s) failed: {sorted(errors)[:5]}")
            frame = tick.frames[0]
            if i >= args.warmup:
                rounds.append(
                    {
                        "round_s": dt,
                        "targets": ok,
                        "samples": st.samples - before[2],
                        "parse_s": st.parse_s - before[3],
                        "fetch_s": st.fetch_s - before[4],
                        "gpus_with_data": int((~np.isnan(frame.values).all(axis=1)).sum()),
                    }
                )
        flags = dict(scraper.stats.flags_by_kind)
    finally:
        await scraper.aclose()
    lat = np.array([r["round_s"] for r in rounds])
    total_s = float(lat.sum())
    targets_n = sum(r["targets"] for r in rounds)
    samples_n = sum(r["samples"] for r in rounds)
    parse_s = sum(r["parse_s"] for r in rounds)
    return {
        "targets": args.targets,
        "gpus": topo.n_gpus,
        "fields_served": len(args.field_list) if args.field_list else len(GPU_FIELD_NAMES),
        "rounds": args.rounds,
        "warmup": args.warmup,
        "concurrency": args.concurrency,
        "parse": (
            f"{args.parse_processes} processes"
            if args.parse_processes
            else "inline"
            if args.inline_parse
            else "thread"
        ),
        "targets_per_s": targets_n / total_s,
        "samples_per_s": samples_n / total_s,
        "samples_per_round": samples_n / len(rounds),
        "round_ms_p50": float(np.percentile(lat, 50) * 1e3),
        "round_ms_p99": float(np.percentile(lat, 99) * 1e3),
        # parse_s is summed over the parse workers (1 thread, or N processes)
        "parse_share": parse_s / (total_s * max(1, args.parse_processes)),
        "parse_us_per_sample": parse_s / samples_n * 1e6,
        "bytes_per_round": body_bytes,
        "render_s_per_tick": float(np.median(render_s)),
        "gpus_with_data_min": min(r["gpus_with_data"] for r in rounds),
        "flags_by_kind": flags,
        "rounds_detail": rounds,
        "scraper_peak_rss_mib": rss_mib(),
    }


# ---------------------------------------------------------------------------- vs vmagent
def direct_main(conn: Connection, port: int, hosts: list[str], interval_s: float) -> None:
    """The direct scraper's process: builds the source, says ready, scrapes from "go" on
    until "stop", then sends (ticks, samples, scrapes ok, failed)."""
    from bench.loopback import fleet_topology
    from gpufleet.telemetry.scrape import ScrapeSource

    topo = fleet_topology(len(hosts), math.gcd(len(hosts), 10))
    targets = [ScrapeTarget(f"http://127.0.0.1:{port}/{h}", h) for h in hosts]
    scraper = DcgmExporterScraper(targets, topo)
    source = ScrapeSource(scraper, interval_s)
    conn.send("ready")
    assert conn.recv() == "go"
    asyncio.run(_direct(conn, scraper, source))


async def _direct(conn: Connection, scraper: DcgmExporterScraper, source: Any) -> None:
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    loop.add_reader(conn.fileno(), lambda: stop.done() or stop.set_result(conn.recv()))
    ticks = 0

    async def run() -> None:
        nonlocal ticks
        async for _ in source.aticks():
            ticks += 1

    task = asyncio.ensure_future(run())
    await stop
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    await source.aclose()
    st = scraper.stats
    conn.send((ticks, st.samples, st.scrapes_ok, st.scrapes_failed))


class _NullReceiver(http.server.BaseHTTPRequestHandler):
    """vmagent's remote-write goes here: read, answer 204, keep nothing."""

    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *_: Any) -> None:
        return


def vs_vmagent(args: argparse.Namespace) -> dict[str, Any]:
    """Direct scrape and vmagent on the same pages at once (module docstring)."""
    from bench.loopback import (
        PageServer,
        cpu_s,
        fleet_topology,
        load_average,
        render_pages,
        start_vmagent,
    )
    from gpufleet.telemetry.exposition import parse_exposition

    topo = fleet_topology(args.targets, math.gcd(args.targets, 10))
    hosts = list(topo.node_keys)
    per_page = parse_exposition(next(iter(render_pages(topo, 1)[0].values()))).samples
    receiver = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _NullReceiver)
    threading.Thread(target=receiver.serve_forever, daemon=True).start()
    rw_url = f"http://127.0.0.1:{receiver.server_address[1]}/api/v1/write"
    ctx = mp.get_context("spawn")
    load_start = load_average()
    with (
        PageServer(nodes=args.targets) as direct_pages,
        PageServer(nodes=args.targets) as vm_pages,
        tempfile.TemporaryDirectory(prefix="scrape-vs-vmagent-") as tmp,
    ):
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=direct_main, args=(child, direct_pages.port, hosts, args.interval)
        )
        proc.start()
        assert parent.recv() == "ready"
        assert proc.pid is not None
        direct_cpu0 = cpu_s(proc.pid)
        parent.send("go")
        vm, _ = start_vmagent(hosts, vm_pages.port, rw_url, args.interval, Path(tmp))
        time.sleep(args.seconds)
        direct_cpu, vm_cpu = cpu_s(proc.pid) - direct_cpu0, cpu_s(vm.pid)
        direct_served, vm_served = direct_pages.served(), vm_pages.served()
        parent.send("stop")
        ticks, samples, ok, failed = parent.recv()
        proc.join(10)
        vm.terminate()
        vm.wait(30)
    receiver.shutdown()
    direct_samples, vm_samples = direct_served * per_page, vm_served * per_page
    direct_us = direct_cpu / direct_samples * 1e6 if direct_samples else math.inf
    vm_us = vm_cpu / vm_samples * 1e6 if vm_samples else math.inf
    return {
        "targets": args.targets,
        "interval_s": args.interval,
        "seconds": args.seconds,
        "samples_per_page": per_page,
        "direct": {
            "pages": direct_served,
            "samples": direct_samples,
            "cpu_s": round(direct_cpu, 3),
            "us_per_sample": round(direct_us, 3),
            "ticks": ticks,
            "samples_parsed": samples,
            "scrapes_ok": ok,
            "scrapes_failed": failed,
        },
        "vmagent": {
            "pages": vm_served,
            "samples": vm_samples,
            "cpu_s": round(vm_cpu, 3),
            "us_per_sample": round(vm_us, 3),
        },
        "direct_over_vmagent": round(direct_us / vm_us, 3),
        "load_start": load_start,
        "load_end": load_average(),
    }


def vs_table(r: dict[str, Any]) -> str:
    rows = [
        "| scraper | pages | samples | CPU s | µs/sample | vs vmagent |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for key, name in (("direct", "direct (`ScrapeSource`)"), ("vmagent", "vmagent")):
        d = r[key]
        ratio = r["direct_over_vmagent"] if key == "direct" else 1.0
        rows.append(
            f"| {name} | {d['pages']:,} | {d['samples']:,} | {d['cpu_s']:.2f} | "
            f"{d['us_per_sample']:.2f} | {ratio:.2f}× |"
        )
    return "\n".join(rows) + (
        f"\n{r['targets']} exporters, {r['interval_s']:g} s interval, {r['seconds']:g} s, "
        f"first pages included; load {r['load_start']} → {r['load_end']}"
    )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--targets", type=int, default=None, help="1,000 (--vs-vmagent: 20)")
    p.add_argument("--vs-vmagent", action="store_true", help="direct scrape vs vmagent, CPU")
    p.add_argument("--interval", type=float, default=1.0, help="--vs-vmagent: scrape interval")
    p.add_argument("--seconds", type=float, default=30.0, help="--vs-vmagent: how long")
    p.add_argument("--rounds", type=int, default=4)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--concurrency", type=int, default=64)
    p.add_argument("--timeout", type=float, default=5.0, help="per-target deadline (s)")
    p.add_argument("--fields", choices=("default", "all"), default="default")
    p.add_argument("--inline-parse", action="store_true", help="parse on the event loop")
    p.add_argument(
        "--parse-processes", type=int, default=0, help="parse in N worker processes (0: a thread)"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", type=Path, help="write the results here (parent dirs created)")
    args = p.parse_args(argv)
    args.targets = args.targets or (20 if args.vs_vmagent else 1000)
    if args.vs_vmagent:
        res = vs_vmagent(args)
        print(vs_table(res))
        if args.json:
            args.json.parent.mkdir(parents=True, exist_ok=True)
            args.json.write_text(json.dumps(res, indent=2) + "\n")
        return 0 if res["direct"]["scrapes_failed"] == 0 else 1
    if args.targets < 1 or args.rounds < 1:
        p.error("--targets and --rounds must be positive")
    args.field_list = (
        [f for f, s in FIELDS.items() if s.exporter_default] if args.fields == "default" else None
    )
    raise_fd_limit()
    ctx = mp.get_context("spawn")
    parent, child = ctx.Pipe()
    proc = ctx.Process(
        target=exporter_main,
        args=(child, args.targets, args.field_list, args.seed),
        name="simulated-exporters",
    )
    t_start = time.perf_counter()
    proc.start()
    try:
        kind, ports = parent.recv()
        assert kind == "ports" and len(ports) == args.targets
        res = asyncio.run(measure(args, ports, parent))
        parent.send("stop")
        kind, server_rss = parent.recv()
        res["exporter_peak_rss_mib"] = server_rss
    finally:
        proc.join(timeout=10)
        if proc.is_alive():
            proc.terminate()
            proc.join()
    res["wall_s"] = time.perf_counter() - t_start
    res["machine"] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "platform": platform.platform(),
    }
    print(table(res))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(res, indent=2) + "\n")
    return 0


def table(r: dict[str, Any]) -> str:
    head = (
        "| targets | GPUs | fields | samples/round | targets/s | samples/s | round ms p50 | "
        "round ms p99 | parse share | parse µs/sample | scraper RSS MiB | exporters RSS MiB |"
    )
    sep = "|" + "---|" * 12
    row = (
        f"| {r['targets']:,} | {r['gpus']:,} | {r['fields_served']} | "
        f"{r['samples_per_round']:,.0f} | {r['targets_per_s']:,.0f} | {r['samples_per_s']:,.0f} | "
        f"{r['round_ms_p50']:,.0f} | {r['round_ms_p99']:,.0f} | {r['parse_share']:.0%} | "
        f"{r['parse_us_per_sample']:.1f} | {r['scraper_peak_rss_mib']:,.0f} | "
        f"{r['exporter_peak_rss_mib']:,.0f} |"
    )
    flags = ", ".join(f"{k}={v}" for k, v in sorted(r["flags_by_kind"].items())) or "none"
    notes = (
        f"\n{r['rounds']} measured rounds after {r['warmup']} warm-up, concurrency "
        f"{r['concurrency']}, parse on {r['parse']}; {r['bytes_per_round'] / 2**20:.1f} MiB of "
        f"text per round; render {r['render_s_per_tick']:.2f} s/tick (exporter side, untimed); "
        f"flags: {flags}; total {r['wall_s']:.0f} s."
    )
    return "\n".join([head, sep, row]) + notes


if __name__ == "__main__":
    sys.exit(main())
