#!/usr/bin/env python
"""NOC detector throughput and memory benchmark (one core).

    python bench/noc_bench.py [--gpus 1000,10000,100000] [--ticks N] [--json OUT]

For each fleet size this builds a regular topology (8 GPUs per node), produces realistic ticks
with the fleet simulator (generation is never timed), warms a fresh ``Detector`` and then times
``Detector.process(tick)`` tick by tick with ``time.perf_counter``. Reported:

- samples/s: GPU-frame samples (GPUs × all DCGM fields) processed per second of detector time
  (target ≥ 2,000,000 on one core);
- ms per tick, p50 and p99;
- peak RSS of the process that ran that size (simulator and topology included);
- detector state: bytes of the numpy buffers reachable from the ``Detector`` (the shared,
  read-only topology excluded), per GPU, found by walking its object graph (no tracemalloc);
- baseline bytes per series (``GpuRules.baseline_nbytes()`` / (GPUs × baselines per GPU)),
  time-of-day profiles included (target ≤ 256).

Each size runs in its own child process by default so the RSS figures do not bleed into each
other (``--in-process`` turns that off). ``--profile N`` runs cProfile over the measured ticks
of size N and prints the top functions of ``agents/noc`` and ``telemetry``.

Ticks come fresh from the simulator, one at a time, generated just before each timed call: a
100k-GPU frame is 100k × ~47 float64 (~37 MiB), so pre-generating a whole run does not fit, and
replaying a short pre-generated cycle (``--cycle K``, with re-stamped timestamps because the
detector drops ticks that are not after the previous one) makes every wrap a discontinuity that
the rules fire on (temperature jumps back, monotone counters reset, the checkpoint pattern
repeats) — extra anomalies and incidents a healthy fleet does not have. See ``TickSource``.
"""

from __future__ import annotations

import os

# One core: keep BLAS/OpenMP pools single-threaded. Must happen before numpy is imported.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import dataclasses
import enum
import gc
import json
import platform
import resource
import subprocess
import sys
import time
import types
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np

from gpufleet.agents.noc.baseline import N_WORKLOAD_STATES, Baseline
from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import AnomalyDetected, IncidentOpened
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.frame import Frame, Tick
from gpufleet.telemetry.topology import Topology, build_cluster

GPUS_PER_NODE = 8
TARGET_SAMPLES_PER_S = 2_000_000
TARGET_BASELINE_BYTES = 256
DEFAULT_GPUS = (1000, 10_000, 100_000)


# ---------------------------------------------------------------------------------- setup
def pin_one_core() -> int | None:
    """Pin this process to the first CPU it may run on; return that CPU (None if unsupported)."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def fleet_shape(n_gpus: int) -> tuple[int, int]:
    """(racks, nodes_per_rack) for ``n_gpus`` GPUs at 8 per node; 5 nodes a rack when possible."""
    if n_gpus <= 0 or n_gpus % GPUS_PER_NODE:
        raise SystemExit(f"--gpus: {n_gpus} is not a positive multiple of {GPUS_PER_NODE}")
    nodes = n_gpus // GPUS_PER_NODE
    for per_rack in (5, 4, 8, 6, 7, 3, 2, 1):
        if nodes % per_rack == 0:
            return nodes // per_rack, per_rack
    raise AssertionError("unreachable")


def default_ticks(n_gpus: int) -> int:
    """Measured ticks: ~3M GPU rows in all, at least 40 ticks, at most 1000."""
    return max(40, min(1000, 3_000_000 // n_gpus))


def restamp(tick: Tick, t: float, keep_workloads: bool) -> Tick:
    """The same observations at a new timestamp; value arrays are shared, not copied."""
    frames = tuple(
        Frame(t, f.entity_kind, f.entities, f.fields, f.values, f.source) for f in tick.frames
    )
    events = tuple(dataclasses.replace(e, timestamp=t) for e in tick.events)
    return Tick(t, frames, events, tick.workloads if keep_workloads else None)


class TickSource:
    """Ticks for the benchmark, produced outside the timed region.

    ``cycle=0`` (default): every tick is a fresh ``FleetSimulator.step()``, generated just before
    it is timed, so memory holds one frame at a time and the telemetry is continuous.
    ``cycle=K``: K ticks are pre-generated and replayed in a cycle with new, increasing
    timestamps (fresh ``Tick``/``Frame`` objects sharing the same value arrays). Cheaper to
    generate, but each wrap is a discontinuity: gauges jump back, monotone counters reset, and
    rules fire on it (reported as anomalies/incidents/counter resets while measured).
    """

    def __init__(self, topo: Topology, seed: int, cycle: int) -> None:
        self.sim = FleetSimulator(topo, seed=seed)
        self.cycle = cycle
        self.gen_s = 0.0
        self.base: list[Tick] = []
        self.i = 0
        if cycle:
            t0 = time.perf_counter()
            self.base = [self.sim.step() for _ in range(cycle)]
            self.gen_s += time.perf_counter() - t0

    @property
    def distinct(self) -> int:
        return self.cycle or self.i

    def next(self) -> Tick:
        i = self.i
        self.i += 1
        if not self.cycle:
            t0 = time.perf_counter()
            tick = self.sim.step()
            self.gen_s += time.perf_counter() - t0
            return tick
        base = self.base[i % self.cycle]
        if i < self.cycle:
            return base
        return restamp(base, self.sim.start + i * self.sim.interval_s, False)


def cycle_length(n_gpus: int, total: int, max_frame_mb: float) -> int:
    """Distinct ticks that fit in ``max_frame_mb`` of GPU frames (at least 4, at most total)."""
    frame_bytes = n_gpus * len(GPU_FIELD_NAMES) * 8
    return max(4, min(total, int(max_frame_mb * 2**20 // max(frame_bytes, 1))))


# ---------------------------------------------------------------------------------- memory
_SKIP_TYPES = (
    str,
    bytes,
    int,
    float,
    bool,
    complex,
    type(None),
    type,
    range,
    enum.Enum,
    types.FunctionType,
    types.MethodType,
    types.BuiltinFunctionType,
    types.ModuleType,
)


def held_bytes(root: object, exclude: tuple[object, ...] = ()) -> tuple[int, int, list[str]]:
    """Bytes of numpy buffers reachable from ``root`` and of the Python containers on the way.

    Each underlying buffer is counted once (views are charged to their base). Objects in
    ``exclude`` (the shared topology, the config) are not entered. Returns
    (numpy bytes, python object bytes, notes on large buffers held only through a view).
    """
    seen: set[int] = {id(x) for x in exclude}
    buffers: dict[int, int] = {}
    py_bytes = 0
    notes: list[str] = []
    stack: deque[tuple[object, str]] = deque([(root, "detector")])
    while stack:
        obj, path = stack.pop()
        if id(obj) in seen or isinstance(obj, _SKIP_TYPES):
            continue
        seen.add(id(obj))
        if isinstance(obj, np.ndarray):
            base = obj
            while isinstance(base.base, np.ndarray):
                base = base.base
            if id(base) not in buffers:
                buffers[id(base)] = int(base.nbytes)
                if (
                    base is not obj
                    and base.nbytes >= 4 * max(obj.nbytes, 1)
                    and base.nbytes > 1 << 16
                ):
                    notes.append(
                        f"{path}: {obj.shape} view pins a {base.shape} {base.dtype} buffer "
                        f"({base.nbytes / 2**20:.1f} MiB)"
                    )
            continue
        if isinstance(obj, np.generic):
            continue
        py_bytes += sys.getsizeof(obj)
        if isinstance(obj, dict):
            for k, v in obj.items():
                stack.append((k, path))
                stack.append((v, f"{path}[{k!r}]" if isinstance(k, str) else path))
        elif isinstance(obj, (list, tuple, set, frozenset, deque)):
            for i, v in enumerate(obj):
                stack.append((v, f"{path}[{i}]" if i < 4 else path))
        else:
            d = getattr(obj, "__dict__", None)
            if isinstance(d, dict):
                for k, v in d.items():
                    stack.append((v, f"{path}.{k}"))
            for cls in type(obj).__mro__:
                for s in getattr(cls, "__slots__", ()):
                    if s != "__dict__" and hasattr(obj, s):
                        stack.append((getattr(obj, s), f"{path}.{s}"))
    return sum(buffers.values()), py_bytes, notes


def detector_memory(det: Detector) -> dict[str, Any]:
    exclude = (det.topology, det.config, det.gpu_fields)
    total_np, total_py, notes = held_bytes(det, exclude)
    parts: dict[str, int] = {}
    for name, value in vars(det).items():
        if value is det.topology or value is det.config:
            continue
        np_b, _, _ = held_bytes(value, exclude)
        if np_b:
            parts[name] = np_b
    return {"numpy_bytes": total_np, "python_bytes": total_py, "by_part": parts, "notes": notes}


def baseline_memory(det: Detector) -> dict[str, Any]:
    gr = det.gpu_rules
    baselines = [v for v in vars(gr).values() if isinstance(v, Baseline)]
    series = det.topology.n_gpus * len(baselines)
    nbytes = gr.baseline_nbytes()
    cells = baselines[0].n_cells if baselines else 0
    return {
        "baselines_per_gpu": len(baselines),
        "series": series,
        "bytes": nbytes,
        "bytes_per_series": nbytes / series if series else float("nan"),
        "tod_bins": det.config.baseline.tod_bins,
        "workload_states": N_WORKLOAD_STATES,
        "cells_per_series": cells,
    }


def peak_rss_mib() -> float:
    # Linux reports KiB, macOS bytes.
    r = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return r / 2**20 if sys.platform == "darwin" else r / 1024


# ---------------------------------------------------------------------------------- one size
def bench_one(
    n_gpus: int,
    ticks: int,
    warmup: int,
    cycle: int,
    seed: int,
    profile: bool,
) -> dict[str, Any]:
    racks, per_rack = fleet_shape(n_gpus)
    t0 = time.perf_counter()
    topo = Topology([build_cluster(racks=racks, nodes_per_rack=per_rack)])
    topo_s = time.perf_counter() - t0
    source = TickSource(topo, seed, cycle)
    n_fields = len(GPU_FIELD_NAMES)

    first = source.next()  # one frame in memory, as during the run
    rss_before = peak_rss_mib()
    det = Detector(topo)
    det.process(first)
    del first
    for _ in range(warmup - 1):
        det.process(source.next())
    resets_before = sum(det.stats.counter_resets_by_field.values())
    samples_before = det.stats.samples
    gc.collect()

    times = np.empty(ticks)
    anomalies = incidents = 0
    clock = time.perf_counter
    for i in range(ticks):
        tk = source.next()
        a = clock()
        events = det.process(tk)
        times[i] = clock() - a
        del tk
        for e in events:
            if isinstance(e, AnomalyDetected):
                anomalies += 1
            elif isinstance(e, IncidentOpened):
                incidents += 1
    samples = det.stats.samples - samples_before

    prof = None
    if profile:
        # A separate pass after the timed one, so profiler overhead never reaches the numbers.
        import cProfile

        prof = cProfile.Profile()
        for _ in range(ticks):
            tk = source.next()
            prof.enable()
            det.process(tk)
            prof.disable()
            del tk
    total_s = float(times.sum())
    mem = detector_memory(det)
    bl = baseline_memory(det)
    result: dict[str, Any] = {
        "gpus": topo.n_gpus,
        "nodes": topo.n_nodes,
        "racks": racks,
        "nodes_per_rack": per_rack,
        "fields": n_fields,
        "warmup_ticks": warmup,
        "measured_ticks": ticks,
        "tick_mode": f"cycle of {cycle}" if cycle else "fresh simulator ticks",
        "distinct_ticks": source.distinct,
        "samples": samples,
        "seconds": total_s,
        "samples_per_s": samples / total_s if total_s else float("nan"),
        "ms_per_tick_p50": float(np.percentile(times, 50) * 1e3),
        "ms_per_tick_p99": float(np.percentile(times, 99) * 1e3),
        "ms_per_tick_max": float(times.max() * 1e3),
        "anomalies": anomalies,
        "incidents_opened": incidents,
        "counter_resets": sum(det.stats.counter_resets_by_field.values()) - resets_before,
        "rejected_ticks": det.stats.rejected_ticks,
        "peak_rss_mib": peak_rss_mib(),
        "peak_rss_before_detector_mib": rss_before,
        "detector_numpy_bytes": mem["numpy_bytes"],
        "detector_python_bytes": mem["python_bytes"],
        "detector_bytes_per_gpu": mem["numpy_bytes"] / topo.n_gpus,
        "detector_bytes_by_part": mem["by_part"],
        "detector_memory_notes": mem["notes"],
        "baseline": bl,
        "setup_s": {"topology": topo_s, "generate": source.gen_s},
    }
    if prof is not None:
        result["profile"] = profile_report(prof)
    return result


def profile_report(prof: Any, top: int = 10) -> list[dict[str, Any]]:
    """Top functions of agents/noc and telemetry by cumulative time (share of profiled time)."""
    import pstats

    st = pstats.Stats(prof)
    total = st.total_tt  # type: ignore[attr-defined]
    rows = []
    for (fname, line, func), (_cc, nc, tt, ct, _callers) in st.stats.items():  # type: ignore[attr-defined]
        rel = os.path.relpath(fname, ROOT) if fname.startswith(str(ROOT)) else fname
        if not (rel.startswith(("src/gpufleet/agents/noc/", "src/gpufleet/telemetry/"))):
            continue
        rows.append(
            {
                "where": f"{rel}:{line}",
                "function": func,
                "calls": nc,
                "tottime_s": tt,
                "cumtime_s": ct,
                "cum_share": ct / total if total else float("nan"),
                "own_share": tt / total if total else float("nan"),
            }
        )
    rows.sort(key=lambda r: -r["cumtime_s"])
    by_own = sorted(
        (
            {
                "where": f"{os.path.relpath(f, ROOT) if f.startswith(str(ROOT)) else f}:{ln}",
                "function": fn,
                "calls": v[1],
                "tottime_s": v[2],
                "own_share": v[2] / total,
            }
            for (f, ln, fn), v in st.stats.items()  # type: ignore[attr-defined]
        ),
        key=lambda r: -r["tottime_s"],
    )
    return [{"total_s": total}, *rows[:top], {"top_by_own_time": by_own[:top]}]


# ---------------------------------------------------------------------------------- output
def _fmt_int(x: float) -> str:
    return f"{x:,.0f}"


def markdown(results: list[dict[str, Any]]) -> str:
    lines = [
        "| GPUs | fields | measured ticks | samples/s | ms/tick p50 | ms/tick p99 | "
        "peak RSS MiB (before detector) | detector state B/GPU | baseline B/series | target |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|:---|",
    ]
    for r in results:
        ok_rate = r["samples_per_s"] >= TARGET_SAMPLES_PER_S
        ok_bl = r["baseline"]["bytes_per_series"] <= TARGET_BASELINE_BYTES
        verdict = f"{'PASS' if ok_rate else 'FAIL'} ≥2M/s, {'PASS' if ok_bl else 'FAIL'} ≤256 B"
        lines.append(
            f"| {_fmt_int(r['gpus'])} | {r['fields']} | {r['measured_ticks']} "
            f"| {_fmt_int(r['samples_per_s'])} | {r['ms_per_tick_p50']:.2f} "
            f"| {r['ms_per_tick_p99']:.2f} "
            f"| {r['peak_rss_mib']:.0f} ({r['peak_rss_before_detector_mib']:.0f}) "
            f"| {r['detector_bytes_per_gpu']:,.0f} | {r['baseline']['bytes_per_series']:.0f} "
            f"| {verdict} |"
        )
    if results:
        b = results[0]["baseline"]
        lines.append("")
        lines.append(
            f"Baseline: {b['baselines_per_gpu']} series per GPU (GPU temp, HBM temp), "
            f"{b['tod_bins']} time-of-day bins × {b['workload_states']} workload states = "
            f"{b['cells_per_series']} cells per series (float32 mean + float32 var + "
            f"uint16 count per cell)."
        )
        for r in results:
            parts = ", ".join(
                f"{k} {v / r['gpus']:,.0f}"
                for k, v in sorted(r["detector_bytes_by_part"].items(), key=lambda kv: -kv[1])
            )
            lines.append(
                f"- {_fmt_int(r['gpus'])} GPUs ({r['nodes']} nodes, {r['racks']} racks × "
                f"{r['nodes_per_rack']}): {r['tick_mode']}, "
                f"{r['anomalies']} anomalies / {r['incidents_opened']} incidents while measured, "
                f"{r['counter_resets']} counter resets; "
                f"state B/GPU by part: {parts}"
            )
            for note in r["detector_memory_notes"]:
                lines.append(f"  - note: {note}")
    return "\n".join(lines)


def profile_markdown(r: dict[str, Any]) -> str:
    prof = r["profile"]
    total = prof[0]["total_s"]
    lines = [
        f"cProfile (separate pass after the timed one), {_fmt_int(r['gpus'])} GPUs, "
        f"{r['measured_ticks']} ticks, "
        f"{total:.2f} s profiled (agents/noc + telemetry, by cumulative time):",
        "",
        "| function | where | calls | cumtime s | cum share | own share |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in prof[1:-1]:
        lines.append(
            f"| {row['function']} | {row['where']} | {row['calls']} | {row['cumtime_s']:.3f} "
            f"| {row['cum_share']:.1%} | {row['own_share']:.1%} |"
        )
    lines += [
        "",
        "Top by own time (all code):",
        "",
        "| function | where | calls | own s | share |",
        "|---|---|---:|---:|---:|",
    ]
    for row in prof[-1]["top_by_own_time"]:
        lines.append(
            f"| {row['function']} | {row['where']} | {row['calls']} | {row['tottime_s']:.3f} "
            f"| {row['own_share']:.1%} |"
        )
    return "\n".join(lines)


# ---------------------------------------------------------------------------------- main
def _parse_list(text: str) -> list[int]:
    return [int(x.replace("_", "")) for x in text.split(",") if x.strip()]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--gpus",
        default=",".join(map(str, DEFAULT_GPUS)),
        help="comma-separated fleet sizes (multiples of 8)",
    )
    p.add_argument(
        "--ticks",
        default=None,
        help="measured ticks: one number for all sizes or one per size "
        "(default: 3M GPU rows per size, 40..1000 ticks)",
    )
    p.add_argument(
        "--warmup",
        type=int,
        default=50,
        help="ticks processed before timing (baselines need 40 per cell)",
    )
    p.add_argument(
        "--cycle",
        type=int,
        default=0,
        metavar="K",
        help="pre-generate at most K ticks and replay them re-stamped instead of simulating "
        "every tick (default 0: fresh ticks; see TickSource for the trade-off)",
    )
    p.add_argument(
        "--max-frame-mb",
        type=float,
        default=512.0,
        help="with --cycle: cap on the memory of the pre-generated GPU frames",
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", dest="json_out", default=None, help="write results as JSON here")
    p.add_argument(
        "--profile",
        type=int,
        default=None,
        metavar="N",
        help="also cProfile the measured ticks of fleet size N",
    )
    p.add_argument(
        "--in-process",
        action="store_true",
        help="run all sizes in this process (peak RSS then accumulates)",
    )
    p.add_argument("--strict", action="store_true", help="exit 1 when a target is missed")
    p.add_argument("--_child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    cpu = pin_one_core()
    sizes = _parse_list(args.gpus)
    if args.ticks is None:
        ticks = [default_ticks(n) for n in sizes]
    else:
        tl = _parse_list(args.ticks)
        if len(tl) == 1:
            tl = tl * len(sizes)
        if len(tl) != len(sizes):
            p.error("--ticks: give one number, or one per --gpus size")
        ticks = tl

    if args._child:
        n, t = sizes[0], ticks[0]
        cyc = cycle_length(n, args.warmup + t, args.max_frame_mb) if args.cycle else 0
        r = bench_one(n, t, args.warmup, min(cyc, args.cycle), args.seed, args.profile == n)
        print(json.dumps(r))
        return 0

    results: list[dict[str, Any]] = []
    wall0 = time.perf_counter()
    for n, t in zip(sizes, ticks, strict=True):
        if args.in_process:
            cyc = cycle_length(n, args.warmup + t, args.max_frame_mb) if args.cycle else 0
            r = bench_one(n, t, args.warmup, min(cyc, args.cycle), args.seed, args.profile == n)
        else:
            cmd = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--_child",
                "--gpus",
                str(n),
                "--ticks",
                str(t),
                "--warmup",
                str(args.warmup),
                "--max-frame-mb",
                str(args.max_frame_mb),
                "--seed",
                str(args.seed),
                "--cycle",
                str(args.cycle),
            ]
            if args.profile == n:
                cmd += ["--profile", str(n)]
            out = subprocess.run(cmd, check=True, capture_output=True, text=True)
            r = json.loads(out.stdout.strip().splitlines()[-1])
        results.append(r)
        print(
            f"  {n:>7,} GPUs: {r['samples_per_s']:,.0f} samples/s "
            f"(setup {r['setup_s']['topology'] + r['setup_s']['generate']:.1f} s)",
            file=sys.stderr,
        )
    wall = time.perf_counter() - wall0

    print(
        f"NOC detector benchmark — one core (cpu {cpu}), Python {platform.python_version()}, "
        f"numpy {np.__version__}, {platform.machine()}"
    )
    print()
    print(markdown(results))
    for r in results:
        if "profile" in r:
            print()
            print(profile_markdown(r))
    print()
    print(f"wall time {wall:.1f} s")

    if args.json_out:
        doc = {
            "benchmark": "noc_throughput",
            "cpu": cpu,
            "python": platform.python_version(),
            "numpy": np.__version__,
            "machine": platform.machine(),
            "targets": {
                "samples_per_s": TARGET_SAMPLES_PER_S,
                "baseline_bytes_per_series": TARGET_BASELINE_BYTES,
            },
            "results": results,
            "wall_s": wall,
        }
        out = Path(args.json_out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=2) + "\n")

    failed = any(
        r["samples_per_s"] < TARGET_SAMPLES_PER_S
        or r["baseline"]["bytes_per_series"] > TARGET_BASELINE_BYTES
        for r in results
    )
    return 1 if (failed and args.strict) else 0


if __name__ == "__main__":
    raise SystemExit(main())
