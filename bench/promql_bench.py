#!/usr/bin/env python
"""VictoriaMetrics query-to-frame throughput (telemetry.promql against a real victoria-metrics).

    python bench/promql_bench.py [--gpus 1024] [--duration 3600] [--interval 15]
                                 [--instants 40] [--range-runs 3] [--workers 4] [--json OUT]

Starts a fresh VictoriaMetrics on 127.0.0.1 with a temporary data dir (``evals.vm_server``),
loads N GPUs × every registry field (47 GPU fields + 3 node fields) × T samples of simulated
telemetry into it through ``VictoriaMetricsWriter`` (gzip JSON lines to ``/api/v1/import``;
load throughput is reported too), flushes, and then measures, with ``time.perf_counter`` around
each call:

- ``instant_frame`` with both strategies — ``single`` (one ``{__name__=~"…"}[30s]`` query, the
  default) and ``per_field`` (one ``last_over_time`` query per field on ``--workers`` threads) —
  at ``--instants`` grid instants spread over the window (the first is skipped: VictoriaMetrics
  1.79 answers nothing at exactly 00:00 UTC for series starting there);
- ``range_ticks`` over the whole window at the sample interval, ``--range-runs`` times (one
  ``last_over_time`` query per field, time-chunked, on ``--workers`` threads);
- with ``--breakdown``: the store's answer time and ``json.loads`` time of the single instant
  query (where an instant frame's time goes); with ``--compare-parsers``: ``range_ticks``
  through ``PrometheusConnect`` + ``json`` (``fast_parse=False``) for comparison.

Reported per mode: queries/s (HTTP queries the calls issued per second of wall time), samples/s
(finite values placed into frames per second), ms per frame p50 / p99 (for ``range_ticks``: the
call's time divided by the frames it returned, p50/p99 over the runs) and the call time. The
store and the client share the machine, so the numbers include VictoriaMetrics' own CPU time.
Default run (1,024 GPUs, 1 h at 15 s: ~11.6 M samples; 15 instants per strategy, 2 range runs)
takes about 70 s on 2 cores, most of it loading the store.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np

from gpufleet.evals.vm_server import VictoriaMetrics
from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.fields import GPU_FIELD_NAMES, NODE_FIELD_NAMES
from gpufleet.telemetry.promql import PromStore, Strategy
from gpufleet.telemetry.store_writer import VictoriaMetricsWriter
from gpufleet.telemetry.topology import Topology, build_cluster

GPUS_PER_NODE = 8
NODES_PER_RACK = 16


def fleet(n_gpus: int) -> Topology:
    if n_gpus <= 0 or n_gpus % GPUS_PER_NODE:
        raise SystemExit(f"--gpus: {n_gpus} is not a positive multiple of {GPUS_PER_NODE}")
    nodes = n_gpus // GPUS_PER_NODE
    per_rack = next(p for p in (NODES_PER_RACK, 8, 5, 4, 2, 1) if nodes % p == 0)
    return Topology([build_cluster(racks=nodes // per_rack, nodes_per_rack=per_rack)])


def pct(xs: list[float], q: float) -> float:
    return float(np.percentile(np.asarray(xs), q)) if xs else float("nan")


def vm_version() -> str:
    if shutil.which("dpkg-query") is None:
        return "unknown"
    out = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", "victoria-metrics"],
        capture_output=True,
        text=True,
        check=False,
    )
    return out.stdout.strip() or "unknown"


def bench_instant(
    store: PromStore, topo: Topology, instants: list[float], strategy: Strategy
) -> dict[str, Any]:
    store.instant_frame(instants[0], topo, strategy=strategy)  # warm connections and VM caches
    ms: list[float] = []
    samples = queries = 0
    for at in instants:
        t0 = time.perf_counter()
        res = store.instant_frame(at, topo, strategy=strategy)
        ms.append((time.perf_counter() - t0) * 1000.0)
        samples += res.samples
        queries += len(res.query)
    total_s = sum(ms) / 1000.0
    return {
        "mode": f"instant_frame[{strategy}]",
        "calls": len(instants),
        "frames": len(instants),
        "queries": queries,
        "samples": samples,
        "seconds": total_s,
        "queries_per_s": queries / total_s,
        "samples_per_s": samples / total_s,
        "ms_per_frame_p50": pct(ms, 50),
        "ms_per_frame_p99": pct(ms, 99),
        "ms_per_call_p50": pct(ms, 50),
    }


def bench_server_time(store: PromStore, topo: Topology, instants: list[float]) -> dict[str, Any]:
    """Where an instant_frame[single] call's time goes: the store's answer (HTTP only, body
    read, not parsed) vs JSON decoding vs mapping onto the frame."""
    import requests

    query = store.instant_frame(instants[0], topo).query[0]
    session = requests.Session()
    session.trust_env = False
    http_ms: list[float] = []
    json_ms: list[float] = []
    for at in instants:
        t0 = time.perf_counter()
        body = session.get(
            f"{store.url}/api/v1/query", params={"query": query, "time": f"{at:.3f}"}
        ).content
        t1 = time.perf_counter()
        json.loads(body)
        json_ms.append((time.perf_counter() - t1) * 1000.0)
        http_ms.append((t1 - t0) * 1000.0)
    return {
        "mode": "instant_frame[single] breakdown",
        "response_mb": len(body) / 1e6,
        "store_ms_p50": pct(http_ms, 50),
        "json_decode_ms_p50": pct(json_ms, 50),
    }


def bench_range(
    store: PromStore, topo: Topology, start: float, end: float, step: float, runs: int
) -> dict[str, Any]:
    per_frame: list[float] = []
    call_s: list[float] = []
    samples = frames = 0
    n_fields = len(GPU_FIELD_NAMES) + len(NODE_FIELD_NAMES)
    for _ in range(runs):
        t0 = time.perf_counter()
        ticks = store.range_ticks(start, end, step, topo)
        dt = time.perf_counter() - t0
        call_s.append(dt)
        per_frame.append(dt * 1000.0 / len(ticks))
        frames += len(ticks)
        samples += sum(int(np.isfinite(f.values).sum()) for t in ticks for f in t.frames)
    total_s = sum(call_s)
    # One query per field per time chunk; with ≤ 10,000 points per chunk a 1 h window is one.
    queries = runs * n_fields
    return {
        "mode": "range_ticks" + ("" if store.fast_parse else "[json]"),
        "calls": runs,
        "frames": frames,
        "queries": queries,
        "samples": samples,
        "seconds": total_s,
        "queries_per_s": queries / total_s,
        "samples_per_s": samples / total_s,
        "ms_per_frame_p50": pct(per_frame, 50),
        "ms_per_frame_p99": pct(per_frame, 99),
        "ms_per_call_p50": pct(call_s, 50) * 1000.0,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--gpus", type=int, default=1024)
    ap.add_argument("--duration", type=float, default=3600.0, help="seconds of telemetry")
    ap.add_argument("--interval", type=float, default=15.0, help="sample interval, seconds")
    ap.add_argument("--instants", type=int, default=15, help="instant_frame calls per strategy")
    ap.add_argument("--range-runs", type=int, default=2)
    ap.add_argument(
        "--breakdown",
        action="store_true",
        help="also time the store's answer and JSON decoding of the single instant query",
    )
    ap.add_argument(
        "--compare-parsers",
        action="store_true",
        help="also run range_ticks with fast_parse=False (PrometheusConnect + json)",
    )
    ap.add_argument("--workers", type=int, default=4, help="concurrent queries (per_field/range)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="write the results here (parent dirs created)")
    args = ap.parse_args(argv)
    if shutil.which("victoria-metrics") is None:
        print("victoria-metrics (Debian package) is not installed; apt-get install it")
        return 2

    began = time.perf_counter()
    topo = fleet(args.gpus)
    sim = FleetSimulator(topo, seed=args.seed, interval_s=args.interval, artifacts=ArtifactRates())
    t0 = time.perf_counter()
    ticks = list(sim.run(args.duration))
    gen_s = time.perf_counter() - t0
    start, end = ticks[0].timestamp, ticks[-1].timestamp

    results: list[dict[str, Any]] = []
    breakdown: dict[str, Any] = {}
    with VictoriaMetrics() as vm:
        with VictoriaMetricsWriter(vm.url) as writer:
            t0 = time.perf_counter()
            written = writer.write_ticks(ticks, topo)
            writer.force_flush()
            load_s = time.perf_counter() - t0
            wstats = writer.stats
        del ticks
        load = {
            "samples": written,
            "series": wstats.series,
            "requests": wstats.requests,
            "bytes_raw": wstats.bytes_raw,
            "bytes_gzip": wstats.bytes_sent,
            "seconds": load_s,
            "samples_per_s": written / load_s,
        }
        n = max(1, args.instants)
        grid = np.linspace(1, len(range(round(args.duration / args.interval))) - 1, n)
        instants = [start + round(k) * args.interval for k in grid]
        with PromStore(vm.url, max_workers=args.workers, timeout_s=120.0) as store:
            for strategy in ("single", "per_field"):
                results.append(bench_instant(store, topo, instants, strategy))
            if args.range_runs > 0:
                results.append(bench_range(store, topo, start, end, args.interval, args.range_runs))
            if args.breakdown:
                breakdown = bench_server_time(store, topo, instants)
        if args.compare_parsers and args.range_runs > 0:
            with PromStore(
                vm.url, max_workers=args.workers, timeout_s=120.0, fast_parse=False
            ) as slow:
                results.append(bench_range(slow, topo, start, end, args.interval, args.range_runs))
    total_s = time.perf_counter() - began

    print(
        f"\nVictoriaMetrics {vm_version()} · {topo.n_gpus} GPUs × "
        f"{len(GPU_FIELD_NAMES)} GPU + {len(NODE_FIELD_NAMES)} node fields × "
        f"{round(args.duration / args.interval)} samples (1 per {args.interval:g} s)\n"
        f"simulate {gen_s:.1f} s · load {load['samples']:,} samples in {load_s:.1f} s "
        f"({load['samples_per_s'] / 1e6:.2f} M samples/s, {wstats.requests} requests, "
        f"{wstats.bytes_raw / 2**20:.0f} MiB → {wstats.bytes_sent / 2**20:.0f} MiB gzip)\n"
    )
    print("| mode | calls | queries/s | samples/s | ms/frame p50 | ms/frame p99 | ms/call p50 |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for r in results:
        print(
            f"| {r['mode']} | {r['calls']} | {r['queries_per_s']:,.0f} | "
            f"{r['samples_per_s']:,.0f} | {r['ms_per_frame_p50']:.2f} | "
            f"{r['ms_per_frame_p99']:.2f} | {r['ms_per_call_p50']:.1f} |"
        )
    if breakdown:
        print(
            f"\ninstant_frame[single]: store answers in {breakdown['store_ms_p50']:.0f} ms (p50, "
            f"{breakdown['response_mb']:.1f} MB of JSON), json.loads takes "
            f"{breakdown['json_decode_ms_p50']:.0f} ms; the rest is mapping onto the frame"
        )
    print(f"\ntotal {total_s:.1f} s")

    if args.json is not None:
        out = {
            "benchmark": "promql_query_to_frame",
            "victoria_metrics": vm_version(),
            "python": platform.python_version(),
            "numpy": np.__version__,
            "machine": platform.machine(),
            "gpus": topo.n_gpus,
            "nodes": topo.n_nodes,
            "gpu_fields": len(GPU_FIELD_NAMES),
            "node_fields": len(NODE_FIELD_NAMES),
            "duration_s": args.duration,
            "interval_s": args.interval,
            "workers": args.workers,
            "simulate_s": gen_s,
            "load": load,
            "results": results,
            "breakdown": breakdown or None,
            "total_s": total_s,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
