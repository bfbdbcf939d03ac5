"""Frame-buffer leaks: steady FB growth inside a job, by a robust (Theil-Sen) slope.

The slope is the median of the pairwise slopes of the job's 5-minute FB means, so a few
allocation spikes or a cache flush do not make (or hide) a leak. A leak also needs a minimum
duration, a material total growth, and mostly-rising steps (a sawtooth of allocate / free is
not a leak).
"""

from __future__ import annotations

import warnings

import numpy as np
import numpy.typing as npt

from gpufleet.agents.perf.findings import LeakFinding
from gpufleet.agents.perf.stats import FleetStats
from gpufleet.agents.perf.waste import job_ref

F64 = npt.NDArray[np.float64]
MIN_DURATION_H = 6.0
MIN_SLOPE_MIB_H = 50.0
MIN_GROWTH_SHARE = 0.03  # of the GPU's frame buffer
MIN_RISING_SHARE = 0.7  # of the non-zero steps
MAX_POINTS = 48  # pairwise slopes are O(points²): subsample evenly


def theil_sen(times_h: F64, values: F64) -> F64:
    """Median pairwise slope per column of ``values`` (P, K); NaN pairs ignored."""
    i, j = np.triu_indices(len(times_h), k=1)
    slopes = (values[j] - values[i]) / (times_h[j] - times_h[i])[:, None]
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # an all-NaN column is a valid answer
        return np.nanmedian(slopes, axis=0)


def _rising_share(values: F64) -> F64:
    steps = np.diff(values, axis=0)
    moving = np.nansum(np.abs(steps) > 0.5, axis=0)
    out: F64 = np.nansum(steps > 0.5, axis=0) / np.maximum(moving, 1)
    return out


def find_leaks(stats: FleetStats) -> list[LeakFinding]:
    times, used = stats.series("DCGM_FI_DEV_FB_USED")
    _, free = stats.series("DCGM_FI_DEV_FB_FREE")
    out: list[LeakFinding] = []
    for job in stats.jobs:
        rows = np.flatnonzero((times >= job.start) & (times < job.end))
        if rows.size < 3 or (times[rows[-1]] - times[rows[0]]) / 3600 < MIN_DURATION_H:
            continue
        pick = rows[np.linspace(0, rows.size - 1, min(MAX_POINTS, rows.size)).astype(int)]
        cols = np.asarray(job.gpus, dtype=np.intp)
        t_h = (times[pick] - times[pick[0]]) / 3600.0
        y = used[np.ix_(pick, cols)]
        slope = theil_sen(t_h, y)
        total = np.nanmax(used[np.ix_(rows, cols)] + free[np.ix_(rows, cols)], axis=0)
        growth = slope * t_h[-1]
        leaking = (
            (slope >= MIN_SLOPE_MIB_H)
            & (growth >= MIN_GROWTH_SHARE * total)
            & (_rising_share(y) >= MIN_RISING_SHARE)
        )
        for k in np.flatnonzero(leaking):
            last_free = free[rows[-1], cols[k]]
            out.append(
                LeakFinding(
                    job=job_ref(job),
                    gpu=stats.gpu_keys[cols[k]],
                    slope_mib_per_h=round(float(slope[k]), 1),
                    duration_h=round(float(t_h[-1]), 2),
                    growth_mib=round(float(growth[k]), 0),
                    hours_to_full=round(float(last_free / slope[k]), 1)
                    if np.isfinite(last_free)
                    else None,
                )
            )
    return sorted(out, key=lambda f: -f.slope_mib_per_h)
