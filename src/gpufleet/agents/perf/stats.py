"""One pass over a window, chunk by chunk: the additive sums every analysis reads.

A week of a 1,024-GPU fleet at 15 s is 41 M samples per field; the analyses never need it
whole. Each chunk (a few hours) is reduced, vectorized, to per-job and per-GPU sums (seconds
allocated, idle, throttled; energy; a temperature histogram), to a coarse per-GPU series
(5-minute buckets) of the slow signals (frame buffer, error counters, Xid), and to the
per-job periodicity result of that chunk. Sums merge by addition, so the result is the same
whatever the chunk size. Pure: a function of the chunks and the job spans.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from gpufleet.agents.perf.periodic import ChunkPeriodicity, chunk_periodicity
from gpufleet.telemetry.fields import ClockEventReason
from gpufleet.telemetry.window import F32, HEALTH_COUNTER_FIELDS, JobSpan, MetricsWindow

F64 = npt.NDArray[np.float64]
I32 = npt.NDArray[np.int32]

IDLE_UTIL = 5.0  # percent: below this an allocated GPU does no useful work
UNDER_UTIL = 30.0  # percent: below this (and above idle) a GPU is under-used
COARSE_S = 300.0  # the slow signals' bucket
TEMP_BINS = 130  # 0..129 °C, one bin per degree
POWER_BITS = int(ClockEventReason.SW_POWER_CAP | ClockEventReason.HW_POWER_BRAKE)
THERMAL_BITS = int(
    ClockEventReason.SW_THERMAL | ClockEventReason.HW_THERMAL | ClockEventReason.HW_SLOWDOWN
)
# Slow fields kept as a coarse series: the last value of each bucket (counters) or the mean.
COARSE_LAST = HEALTH_COUNTER_FIELDS
COARSE_MEAN = (
    "DCGM_FI_DEV_FB_USED",
    "DCGM_FI_DEV_FB_FREE",
    "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_FI_DEV_POWER_MGMT_LIMIT",
)
SUM_KEYS = (
    "present_s",
    "idle_s",
    "under_s",
    "busy_s",
    "util_s",
    "power_capped_s",
    "thermal_s",
    "energy_j",
    "cpu_s",
)


@dataclass
class FleetStats:
    """Everything the analyses read, for one window. Sums are in GPU-seconds (or joules)."""

    gpu_keys: tuple[str, ...]
    node_keys: tuple[str, ...]
    rack_keys: tuple[str, ...]
    gpu_node: npt.NDArray[np.intp]
    node_rack: npt.NDArray[np.intp]
    jobs: tuple[JobSpan, ...]
    start: float = np.inf
    end: float = -np.inf
    interval_s: float = 15.0
    job: dict[str, F64] = field(default_factory=dict)  # (J,) per SUM_KEYS, + fb_max
    gpu: dict[str, F64] = field(default_factory=dict)  # (N,) per SUM_KEYS
    temp_hist: npt.NDArray[np.int64] = field(default_factory=lambda: np.zeros(0, np.int64))
    coarse_t: list[F64] = field(default_factory=list)
    coarse: dict[str, list[F64]] = field(default_factory=dict)  # name → [(B, N) per chunk]
    periodic: list[ChunkPeriodicity] = field(default_factory=list)
    missing_fields: set[str] = field(default_factory=set)

    @property
    def gpu_rack(self) -> npt.NDArray[np.intp]:
        return self.node_rack[self.gpu_node]

    def series(self, name: str) -> tuple[F64, F64]:
        """The coarse series of a slow field over the whole window: (times (B,), values (B, N))."""
        return np.concatenate(self.coarse_t), np.concatenate(self.coarse[name], axis=0)


def job_index(window: MetricsWindow, jobs: Sequence[JobSpan]) -> I32:
    """(T, N): the index of the job holding each GPU at each sample, -1 when free."""
    idx = np.full((len(window.timestamps), window.n_gpus), -1, dtype=np.int32)
    for j, job in enumerate(jobs):
        r0, r1 = np.searchsorted(window.timestamps, [job.start, job.end], side="left")
        if r1 > r0 and job.gpus:
            idx[r0:r1, list(job.gpus)] = j
    return idx


def _per_job(idx1: I32, weights: F32 | None, n_jobs: int) -> F64:
    """Sum of ``weights`` per job (idx1 is the job index + 1; 0 = free, dropped)."""
    w = None if weights is None else weights.ravel()
    return np.bincount(idx1.ravel(), weights=w, minlength=n_jobs + 1)[1:].astype(np.float64)


def _coarse(window: MetricsWindow, name: str, last: bool) -> tuple[F64, F64]:
    per = max(1, round(COARSE_S / window.interval_s))
    arr = window.field(name)
    t = len(window.timestamps)
    pad = (-t) % per
    cube = np.concatenate([arr, np.full((pad, arr.shape[1]), np.nan, np.float32)])
    cube = cube.reshape(-1, per, arr.shape[1])
    times = window.timestamps[::per]
    if last:  # the last present value of each bucket (counters)
        filled = np.where(np.isnan(cube), -np.inf, cube)
        vals = np.max(filled, axis=1).astype(np.float64)  # counters only grow within a bucket
        return times, np.where(np.isinf(vals), np.nan, vals)
    with np.errstate(invalid="ignore"):
        sums = np.nansum(cube, axis=1, dtype=np.float64)
        counts = np.sum(~np.isnan(cube), axis=1)
        return times, np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)


def chunk_sums(window: MetricsWindow, idx: I32) -> dict[str, F32]:
    """Per-sample (T, N) quantities whose sums are the stats (seconds or joules per sample)."""
    dt = np.float32(window.interval_s)
    util = window.field("DCGM_FI_DEV_GPU_UTIL")
    present = ~np.isnan(util)
    reasons = np.nan_to_num(window.field("DCGM_FI_DEV_CLOCKS_EVENT_REASONS")).astype(np.int64)
    busy = util > 1.0
    cpu = window.node.get("NODE_CPU_UTIL")
    cpu_gpu = cpu[:, window.gpu_node] if cpu is not None else np.zeros_like(util)
    return {
        "present_s": present * dt,
        "idle_s": (util < IDLE_UTIL) * dt,
        "under_s": ((util >= IDLE_UTIL) & (util < UNDER_UTIL)) * dt,
        "busy_s": busy * dt,
        "util_s": np.nan_to_num(util) * dt,
        "power_capped_s": (busy & ((reasons & POWER_BITS) != 0)) * dt,
        "thermal_s": (busy & ((reasons & THERMAL_BITS) != 0)) * dt,
        "energy_j": np.nan_to_num(window.field("DCGM_FI_DEV_POWER_USAGE")) * dt,
        "cpu_s": np.nan_to_num(cpu_gpu) * dt,
    }


def _add(acc: dict[str, F64], key: str, value: F64) -> None:
    acc[key] = acc[key] + value if key in acc else value


def _temp_hist(window: MetricsWindow) -> npt.NDArray[np.int64]:
    """Per-GPU histogram of temperature while busy (for percentiles without the samples)."""
    temp = window.field("DCGM_FI_DEV_GPU_TEMP")
    busy = window.field("DCGM_FI_DEV_GPU_UTIL") > 1.0
    ok = busy & ~np.isnan(temp)
    bins = np.clip(np.nan_to_num(temp), 0, TEMP_BINS - 1).astype(np.int64)
    flat = (np.arange(window.n_gpus)[None, :] * TEMP_BINS + bins)[ok]
    return np.bincount(flat, minlength=window.n_gpus * TEMP_BINS).reshape(-1, TEMP_BINS)


def add_chunk(stats: FleetStats, window: MetricsWindow) -> None:
    """Fold one chunk into ``stats`` (the only place that touches full-resolution samples)."""
    jobs = stats.jobs
    idx = job_index(window, jobs)
    idx1 = idx + 1
    sums = chunk_sums(window, idx)
    for key, per_sample in sums.items():
        _add(stats.job, key, _per_job(idx1, per_sample, len(jobs)))
        _add(stats.gpu, key, np.nansum(per_sample, axis=0, dtype=np.float64))
    fb = np.nan_to_num(window.field("DCGM_FI_DEV_FB_USED"))
    fb_max = np.zeros(len(jobs) + 1)
    np.maximum.at(fb_max, idx1.ravel(), fb.ravel())
    stats.job["fb_max"] = np.maximum(stats.job.get("fb_max", np.zeros(len(jobs))), fb_max[1:])
    hist = _temp_hist(window)
    stats.temp_hist = stats.temp_hist + hist if stats.temp_hist.size else hist
    for name in (*COARSE_LAST, *COARSE_MEAN):
        if name not in window.gpu:
            stats.missing_fields.add(name)
        times, values = _coarse(window, name, name in COARSE_LAST)
        stats.coarse.setdefault(name, []).append(values)
    stats.coarse_t.append(times)
    stats.periodic.append(chunk_periodicity(window, idx, len(jobs)))
    stats.start = min(stats.start, window.start)
    stats.end = max(stats.end, window.end)
    stats.interval_s = window.interval_s


def collect(chunks: Iterable[MetricsWindow], jobs: Sequence[JobSpan]) -> FleetStats:
    """Reduce a window given as chunks (a source yields them in time order)."""
    stats: FleetStats | None = None
    for window in chunks:
        if stats is None:
            stats = FleetStats(
                window.gpu_keys,
                window.node_keys,
                window.rack_keys,
                window.gpu_node,
                window.node_rack,
                tuple(jobs),
            )
        add_chunk(stats, window)
    if stats is None:
        raise ValueError("the window holds no samples: nothing to analyse")
    return stats
