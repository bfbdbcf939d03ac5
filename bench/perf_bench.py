#!/usr/bin/env python
"""Performance agent benchmark: a simulated week of a 1,024-GPU fleet at 15 s (one core).

    python bench/perf_bench.py [--racks 16] [--days 7] [--seed 0] [--json OUT]

The week is generated chunk by chunk (``sim.perf_fleet``) and folded into the analysis as it
comes, so it never sits in memory whole. Reported:

- analysis seconds: ``add_chunk`` over every chunk + ``analyse`` (all analyses, health,
  forecast, ranking), as CPU seconds of this process (the figure that does not depend on
  what else the machine runs) and wall seconds, apart from the generator's CPU seconds;
- GPU-hours analysed per second of analysis time (targets: the report in < 60 s on one core);
- peak RSS of the process (generator, analysis and interpreter together; target < 2 GB);
- recommendation precision / recall against the injected ground truth, and the same for the
  trivial baseline (flag every GPU under 30 % mean utilization);
- failure forecast: precision, recall and median lead time on the simulated degradations.
"""

from __future__ import annotations

import os

# One core: keep BLAS/OpenMP pools single-threaded. Must happen before numpy is imported.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import json
import resource
import sys
import time
from pathlib import Path

from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import FleetStats, add_chunk
from gpufleet.evals.perf_scoring import score_forecast
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario


def _expected(fleet: PerfFleet) -> set[tuple[str, str]]:
    t = fleet.truth
    want = {("idle_gpus", j) for j in t.idle_jobs}
    want |= {("under_used_gpus", j) for j in t.underused_jobs}
    want |= {("cpu_only_job", j) for j in t.cpu_only_jobs}
    if t.stall_job:
        want.add(("periodic_gaps", t.stall_job))
    if t.leak_gpu:
        want.add(("fb_leak", t.leak_gpu))
    return want


def _found(report: PerfReport) -> set[tuple[str, str]]:
    out = set()
    for r in report.recommendations:
        if r.kind in ("idle_gpus", "under_used_gpus", "cpu_only_job", "periodic_gaps"):
            out.add((r.kind, r.job_id or ""))
        elif r.kind == "fb_leak":
            out.add((r.kind, r.entities[0]))
    return out


def _pr(found: set[tuple[str, str]], want: set[tuple[str, str]]) -> dict[str, float]:
    hit = len(found & want)
    return {
        "precision": round(hit / len(found), 3) if found else 1.0,
        "recall": round(hit / len(want), 3) if want else 1.0,
        "found": len(found),
        "expected": len(want),
    }


def _baseline(stats: FleetStats, fleet: PerfFleet) -> dict[str, float]:
    """Flag every GPU under 30 % mean utilization; a hit is a GPU of a wasteful job."""
    present = stats.gpu["present_s"]
    mean = stats.gpu["util_s"] / present.clip(min=1)
    flagged = {k for k, m, p in zip(stats.gpu_keys, mean, present, strict=True) if p > 0 and m < 30}
    t = fleet.truth
    bad_jobs = t.idle_jobs | t.underused_jobs | t.cpu_only_jobs | {t.stall_job}
    bad = {fleet.topology.gpu_keys[g] for j in fleet.jobs if j.job_id in bad_jobs for g in j.gpus}
    hit = len(flagged & bad)
    return {
        "precision": round(hit / len(flagged), 3) if flagged else 1.0,
        "recall": round(hit / len(bad), 3) if bad else 1.0,
        "flagged_gpus": len(flagged),
    }


def run(racks: int, days: float, seed: int) -> dict[str, object]:
    fleet = PerfFleet(PerfScenario(racks=racks, duration_s=days * 86400.0, seed=seed))
    topo = fleet.topology
    stats = FleetStats(
        topo.gpu_keys,
        topo.node_keys,
        topo.rack_keys,
        topo.gpu_node,
        topo.node_rack,
        tuple(fleet.jobs),
    )
    # CPU seconds of this process (the machine may be shared; one core's work is what counts)
    gen_s = analysis_s = wall_s = 0.0
    chunks = fleet.chunks()
    while True:
        t0 = time.process_time()
        window = next(chunks, None)
        t1, w1 = time.process_time(), time.perf_counter()
        gen_s += t1 - t0
        if window is None:
            break
        add_chunk(stats, window)
        analysis_s += time.process_time() - t1
        wall_s += time.perf_counter() - w1
        del window
    t2, w2 = time.process_time(), time.perf_counter()
    report = analyse(stats, "bench")
    analysis_s += time.process_time() - t2
    wall_s += time.perf_counter() - w2
    gpu_hours = topo.n_gpus * days * 24
    fc = score_forecast(report.at_risk, fleet.truth.failing, stats.start, stats.end, 3.0)
    return {
        "gpus": topo.n_gpus,
        "days": days,
        "interval_s": fleet.scenario.interval_s,
        "samples_per_field": topo.n_gpus * round(days * 86400 / fleet.scenario.interval_s),
        "analysis_cpu_s": round(analysis_s, 2),
        "analysis_wall_s": round(wall_s, 2),
        "generator_cpu_s": round(gen_s, 2),
        "gpu_hours_analysed_per_s": round(gpu_hours / analysis_s, 0),
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 0),
        "recommendations": len(report.recommendations),
        "recommendation_score": _pr(_found(report), _expected(fleet)),
        "baseline_under_30pct": _baseline(stats, fleet),
        "hot_rack_lowered": [p.rack for p in report.power_plan if p.action == "lower"]
        == [fleet.truth.hot_rack],
        "forecast": fc.model_dump(mode="json"),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--racks", type=int, default=16, help="racks of 8 nodes × 8 GPUs (16 = 1,024)")
    p.add_argument("--days", type=float, default=7.0)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--json", help="also write the result here")
    args = p.parse_args(argv)
    result = run(args.racks, args.days, args.seed)
    text = json.dumps(result, indent=1)
    print(text)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
