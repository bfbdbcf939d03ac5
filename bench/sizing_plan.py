#!/usr/bin/env python
"""The sizing plan for a fleet at an interval, computed from measured per-stage costs only.

    python bench/sizing_plan.py [--gpus 100000,400000] [--interval 10]
        [--ladder bench/results/feeders_ladder.json bench/results/feeders_51200_aligned_quiet.json]
        [--store bench/results/store_12800.json]
        [--decode bench/results/remote_write_decode.json] [--json OUT]

Every number comes from a bench result file (named in the output next to it):

- CPU µs per sample of each stage (vmagent, each feeder, NOC workers, nats-server, the
  correlator, VictoriaMetrics): the largest measured at any size that kept up with 2 or more
  feeders in ``scale_bench.py`` results (``--store`` for VictoriaMetrics), so the plan is sized
  on the worst rung, not the best;
- RSS per GPU of each process kind: the largest measured the same way (the fixed part of a
  process, ~100 MiB of interpreter, is then over-counted at scale: a margin);
- samples per GPU and interval: the page's samples / 8 GPUs;
- the label cache's bytes per series: ``remote_write_decode.py --memory``.

Rules (the choices, not measurements): every process runs at most at ``--busy`` (default 0.5)
of its core(s), so a feeder restarted after a kill drains vmagent's queue for its racks at
twice the arrival rate and an aligned round's burst has room; vmagent scrapes every target
twice (``-promscrape.cluster.replicationFactor=2``: a vmagent lost loses no sample), so the
feeders and the store receive each sample twice (a feeder keeps the newer per cell; the store
deduplicates); NATS is a 3-node JetStream cluster with 3 replicas (any one node lost); the store
keeps 2 copies (``-replicationFactor=2`` over its storage nodes); hosts have ``--host-cores``
cores and one spare host is added (any one host lost).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

GPUS_PER_NODE = 8
STAGE_FILES = ("vmagent", "feeder", "workers", "nats-server", "correlate")


def worst(results: list[dict[str, Any]], key: str) -> tuple[float, str]:
    """The largest µs/sample of a stage over the kept-up runs with ≥ 2 feeders; (value, run)."""
    runs = [r for r in results if r["keeps_up"] and r.get("feeders", 1) >= 2]
    if not runs:
        raise SystemExit("no kept-up run with 2 or more feeders in the ladder file")
    if key == "feeder":  # each feeder's own cost per sample of its racks
        pairs = [(v, r) for r in runs for v in r["feeder_us_per_sample"].values()]
    else:
        pairs = [(r["stages"][key]["us_per_sample"], r) for r in runs if key in r["stages"]]
    value, run = max(pairs, key=lambda p: p[0])
    return value, f"{run['gpus']:,} GPUs × {run.get('feeders', 1)} feeders"


def rss_per_gpu(results: list[dict[str, Any]], prefix: str) -> tuple[float, str]:
    """The largest RSS per GPU (KiB) of one process kind over the kept-up multi-feeder runs;
    a feeder's and a worker's RSS are per the GPUs it holds."""
    best, where = 0.0, ""
    for r in results:
        if not (r["keeps_up"] and r.get("feeders", 1) >= 2):
            continue
        procs = {k: v for k, v in r["rss_mib"].items() if k.startswith(prefix)}
        if not procs:
            continue
        kib = sum(procs.values()) * 1024 / r["gpus"]
        if kib > best:
            best, where = kib, f"{r['gpus']:,} GPUs × {r.get('feeders', 1)} feeders"
    return best, where


def plan(args: argparse.Namespace, gpus: int, m: dict[str, Any]) -> dict[str, Any]:
    rate = gpus * m["samples_per_gpu"] / args.interval
    busy = args.busy

    def cores(us: float, copies: float = 1.0) -> float:
        return rate * copies * us / 1e6 / busy

    vm_agent = cores(m["us"]["vmagent"], 2)
    feeder_cores = cores(m["us"]["feeder"], 2)
    feeders = max(2, math.ceil(feeder_cores))  # one thread each: at most `busy` of a core
    workers = cores(m["us"]["workers"])
    nats = cores(m["us"]["nats-server"], 3)
    correlate = cores(m["us"]["correlate"])
    store = cores(m["us"]["victoria-metrics"], 2) if "victoria-metrics" in m["us"] else math.nan
    gib = gpus / 2**20  # KiB per GPU × GPUs → GiB
    mem = {
        "vmagent": m["rss"]["vmagent"] * 2 * gib,
        "feeders": m["rss"]["feeder"] * gib + feeders * 0.1,
        "label cache (in feeders)": gpus * m["samples_per_gpu"] * m["cache_b"] / 2**30,
        "workers": m["rss"]["w"] * gib,
        "nats-server": m["rss"]["nats-server"] * 3 * gib,
        "store": m["rss"].get("victoria-metrics", math.nan) * 2 * gib,
    }
    parts = (vm_agent, feeder_cores, workers, nats, correlate, store)
    total_cores = sum(c for c in parts if not math.isnan(c))
    hosts = math.ceil(total_cores / args.host_cores) + 1
    return {
        "gpus": gpus,
        "samples_per_s": round(rate),
        "vmagent": {"cores": round(vm_agent, 1), "members": max(2, math.ceil(vm_agent / 4))},
        "feeders": {"processes": feeders, "cores": round(feeder_cores, 1)},
        "workers": {"cores": round(workers, 2), "processes": max(2, math.ceil(workers))},
        "nats": {"nodes": 3, "cores_total": round(nats, 2)},
        "correlator": {"cores": round(correlate, 3), "processes": 1},
        "store": {"cores_total": round(store, 1)},
        "memory_gib": {k: round(v, 1) for k, v in mem.items()},
        "cores_total": round(total_cores, 1),
        "hosts": hosts,
        "host_cores": args.host_cores,
    }


def measured(args: argparse.Namespace) -> dict[str, Any]:
    ladder = [r for path in args.ladder for r in json.loads(path.read_text())["results"]]
    us, src = {}, {}
    for stage in STAGE_FILES:
        us[stage], src[stage] = worst(ladder, stage)
    rss, rss_src = {}, {}
    for prefix in ("vmagent", "feeder", "w", "nats-server"):
        rss[prefix], rss_src[prefix] = rss_per_gpu(ladder, prefix)
    if args.store and args.store.exists():
        store_runs = json.loads(args.store.read_text())["results"]
        us["victoria-metrics"], src["victoria-metrics"] = worst(store_runs, "victoria-metrics")
        rss["victoria-metrics"], rss_src["victoria-metrics"] = rss_per_gpu(
            store_runs, "victoria-metrics"
        )
    decode = json.loads(args.decode.read_text())
    return {
        "samples_per_gpu": ladder[0]["samples_per_page"] / GPUS_PER_NODE,
        "us": us,
        "us_from": src,
        "rss": rss,
        "rss_from": rss_src,
        "cache_b": decode["cache_bytes_per_series"],
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--gpus", default="100000,400000")
    ap.add_argument("--interval", type=float, default=10.0)
    ap.add_argument("--busy", type=float, default=0.5, help="the most of a core a process uses")
    ap.add_argument("--host-cores", type=int, default=32)
    ap.add_argument(
        "--ladder",
        type=Path,
        nargs="+",
        default=[
            Path("bench/results/feeders_ladder.json"),
            Path("bench/results/feeders_51200_aligned_quiet.json"),
        ],
    )
    ap.add_argument("--store", type=Path, default=Path("bench/results/store_12800.json"))
    ap.add_argument("--decode", type=Path, default=Path("bench/results/remote_write_decode.json"))
    ap.add_argument("--json", type=Path)
    args = ap.parse_args(argv)
    m = measured(args)
    plans = [plan(args, int(g), m) for g in args.gpus.split(",")]
    doc = {"measured": m, "interval_s": args.interval, "busy": args.busy, "plans": plans}
    print(json.dumps(doc, indent=1))
    if args.json:
        args.json.write_text(json.dumps(doc, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
