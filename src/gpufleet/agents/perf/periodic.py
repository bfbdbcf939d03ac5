"""Recurring idle gaps inside a job, found by periodicity analysis, vectorized over jobs.

For each job, the mean graphics-engine activity over its GPUs is one series; all jobs' series
of a chunk form a (T, J) matrix and one real FFT along time finds every job's dominant period
at once (no loop over samples, none over jobs). A job has recurring gaps when its spectrum has
a clear peak (the peak holds a good share of the power between the Nyquist period and a sixth
of the chunk), and the gaps (samples under half the job's busy level) sit near idle and take
a material share of its time. What the host and the links do during the gaps says why:

- host CPU much higher in the gaps than in the busy samples → **data loading** (the input
  pipeline on the CPU starves the GPUs; more loader workers, prefetch, pinned memory);
- PCIe transmit (device → host) much higher in the gaps → **checkpointing** (a synchronous
  checkpoint copies the model out; async / sharded checkpoints);
- NVLink traffic continuing through the gaps while the SMs idle → **synchronization**
  (ranks wait on a collective; overlap communication, fix the straggler);
- none of these → the gaps are real but their cause is not visible in the telemetry.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.window import F32, MetricsWindow

F64 = npt.NDArray[np.float64]
MIN_SAMPLES = 240  # an hour at 15 s: fewer cannot show a period of minutes reliably
MIN_STRENGTH = 0.08  # share of band power in the peak; white noise gives ~1/(T/2)
MIN_GAP_SHARE = 0.08  # a 90 s checkpoint every 30 min (5 %) is the cost of doing business
MIN_BUSY_UTIL = 30.0  # a job must be busy outside the gaps for "gaps" to mean anything
MAX_GAP_DEPTH = 0.3  # gaps sit near idle (mean under 30 % of the busy level), not in a dip
CAUSES = ("data_loading", "checkpointing", "synchronization", "unknown")


@dataclass(frozen=True)
class ChunkPeriodicity:
    """Per job (length J) for one chunk; ``analysed`` is False where the job was too short."""

    analysed: npt.NDArray[np.bool_]
    periodic: npt.NDArray[np.bool_]
    period_s: F64
    strength: F64
    gap_share: F64
    gap_gpu_s: F64  # GPU-seconds spent in the gaps
    cause: npt.NDArray[np.int8]  # index into CAUSES


def job_series(values: F32, idx: npt.NDArray[np.int32], n_jobs: int) -> tuple[F64, F64]:
    """(T, J) mean of ``values`` over each job's GPUs per sample, and the (T, J) GPU counts."""
    t = values.shape[0]
    keys = (np.arange(t, dtype=np.int64)[:, None] * (n_jobs + 1) + (idx + 1)).ravel()
    ok = ~np.isnan(values).ravel()
    size = t * (n_jobs + 1)
    sums = np.bincount(keys[ok], weights=values.ravel()[ok], minlength=size)
    counts = np.bincount(keys[ok], minlength=size).astype(np.float64)
    sums, counts = sums.reshape(t, -1)[:, 1:], counts.reshape(t, -1)[:, 1:]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(counts > 0, sums / counts, np.nan), counts


def _spectral_peak(x: F64, dt: float) -> tuple[F64, F64]:
    """Dominant period and the share of band power in it, per column of a gap-free (T, K)."""
    t = x.shape[0]
    power = np.abs(np.fft.rfft(x - x.mean(axis=0), axis=0)) ** 2
    freqs = np.fft.rfftfreq(t, dt)
    band = freqs >= 6.0 / (t * dt)  # at least six cycles: slower swings are trends, not gaps
    band[0] = False
    p = np.where(band[:, None], power, 0.0)
    peak = np.argmax(p, axis=0)
    total = p.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        strength = np.where(total > 0, p[peak, np.arange(x.shape[1])] / total, 0.0)
        period = np.where(freqs[peak] > 0, 1.0 / freqs[peak], np.inf)
    return period, strength


def _mean_where(series: F64, mask: npt.NDArray[np.bool_]) -> F64:
    with np.errstate(invalid="ignore"):
        out: F64 = np.nansum(np.where(mask, series, 0.0), axis=0) / np.maximum(mask.sum(axis=0), 1)
    return out


def _causes(
    window: MetricsWindow,
    idx: npt.NDArray[np.int32],
    n_jobs: int,
    gap: npt.NDArray[np.bool_],
    busy: npt.NDArray[np.bool_],
) -> npt.NDArray[np.int8]:
    cpu = window.node.get("NODE_CPU_UTIL")
    cpu_gpu = (
        cpu[:, window.gpu_node]
        if cpu is not None
        else np.full_like(window.field("DCGM_FI_DEV_GPU_UTIL"), np.nan)
    )
    signals = {
        "cpu": job_series(cpu_gpu, idx, n_jobs)[0],
        "tx": job_series(window.field("DCGM_FI_PROF_PCIE_TX_BYTES"), idx, n_jobs)[0],
        "nvl": job_series(window.field("DCGM_FI_PROF_NVLINK_RX_BYTES"), idx, n_jobs)[0],
    }
    g = {k: _mean_where(v, gap) for k, v in signals.items()}
    b = {k: _mean_where(v, busy) for k, v in signals.items()}
    cause = np.full(n_jobs, CAUSES.index("unknown"), dtype=np.int8)
    sync = (b["nvl"] > 0) & (g["nvl"] >= 0.3 * b["nvl"])
    cause[sync] = CAUSES.index("synchronization")
    cause[(b["tx"] > 0) & (g["tx"] >= 2.0 * b["tx"])] = CAUSES.index("checkpointing")
    cause[g["cpu"] - b["cpu"] >= 20.0] = CAUSES.index("data_loading")
    return cause


def activity(window: MetricsWindow) -> F32:
    """Percent of time the GPU's graphics engine is busy: DCGM's profiling field when the
    source has it (it sees short gaps that GPU_UTIL's 1 s "any kernel" sample blurs), else
    GPU_UTIL."""
    gr = window.field("DCGM_FI_PROF_GR_ENGINE_ACTIVE")
    if np.isfinite(gr).any():
        out: F32 = gr * np.float32(100.0)
        return out
    return window.field("DCGM_FI_DEV_GPU_UTIL")


def chunk_periodicity(
    window: MetricsWindow, idx: npt.NDArray[np.int32], n_jobs: int
) -> ChunkPeriodicity:
    """Every job's periodicity in one chunk (``idx``: the (T, N) job index, -1 free)."""
    util, counts = job_series(activity(window), idx, n_jobs)
    active = counts > 0
    analysed = active.sum(axis=0) >= MIN_SAMPLES
    period = np.full(n_jobs, np.inf)
    strength = np.zeros(n_jobs)
    cols = np.flatnonzero(analysed)
    if cols.size:
        x = util[:, cols]
        fill = np.nanmean(x, axis=0)
        x = np.where(np.isnan(x), fill, x)
        period[cols], strength[cols] = _spectral_peak(x, window.interval_s)
    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # jobs with no sample in this chunk
        level = (
            np.nanpercentile(np.where(active, util, np.nan), 90, axis=0)
            if cols.size
            else np.zeros(n_jobs)
        )
    level = np.nan_to_num(level)
    gap = active & (util < 0.5 * level)
    busy = active & ~gap
    gap_share = gap.sum(axis=0) / np.maximum(active.sum(axis=0), 1)
    periodic = (
        analysed
        & (strength >= MIN_STRENGTH)
        & (gap_share >= MIN_GAP_SHARE)
        & (level >= MIN_BUSY_UTIL)
    )
    gap_gpu_s = np.where(gap, counts, 0.0).sum(axis=0) * window.interval_s
    return ChunkPeriodicity(
        analysed=analysed,
        periodic=periodic,
        period_s=period,
        strength=strength,
        gap_share=gap_share,
        gap_gpu_s=gap_gpu_s,
        cause=_causes(window, idx, n_jobs, gap, busy),
    )
