"""Failure-risk forecast: which GPUs are likely to fail in the next N days, and since when.

The forecast is evaluated every hour of the window on what was known at that hour (so the
lead time it reports is the lead time it would have given live), vectorized over GPUs:

- an accelerating SBE rate: the last 24 h hold at least ``accel_min`` errors and at least
  ``accel_ratio`` times the daily rate before them (a steady high rate is a noisy part, not a
  failing one);
- spare rows being spent: ``remap_growth`` correctable row remaps within 48 h;
- a pending row remap, or any uncorrectable error.

Each sign is a probability that the GPU fails within the horizon; they combine as independent
(1 - Π(1 - p)). The probabilities are priors, not fitted: scored on the simulator's
degradations by bench/perf_bench.py and tests/test_perf_health.py.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict

from gpufleet.agents.perf.findings import RiskForecast
from gpufleet.agents.perf.health import DAY, counter
from gpufleet.agents.perf.stats import FleetStats

F64 = npt.NDArray[np.float64]


class ForecastModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    horizon_days: float = 3.0
    accel_min: float = 8.0
    accel_ratio: float = 2.0
    min_history_h: float = 6.0
    remap_growth: float = 2.0
    p_accel: float = 0.6
    p_remap: float = 0.5
    p_pending: float = 0.9
    threshold: float = 0.5


def _signs(stats: FleetStats, m: ForecastModel) -> tuple[F64, dict[str, npt.NDArray[np.bool_]]]:
    """Per hour row (H,) and sign → (H, N) booleans, each computed only from the past."""
    times, sbe = counter(stats, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")
    _, rows = counter(stats, "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS")
    _, pend = counter(stats, "DCGM_FI_DEV_ROW_REMAP_PENDING")  # sticky once seen: cummax
    _, unc = counter(stats, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS")
    at = np.flatnonzero(np.diff(np.floor(times / 3600.0), prepend=-1) > 0)  # first row of each hour
    day_ago = np.searchsorted(times, times[at] - DAY)
    two_ago = np.searchsorted(times, times[at] - 2 * DAY)
    first = np.nan_to_num(np.nanmin(np.where(np.isnan(sbe), np.inf, sbe), axis=0), posinf=0.0)
    s = np.nan_to_num(sbe, nan=0.0)
    last24 = s[at] - s[day_ago]
    before_s = np.maximum(times[day_ago] - times[0], 1.0)
    before_rate = (s[day_ago] - np.maximum(first, 0.0)) / (before_s / DAY)[:, None]
    history_ok = (before_s >= m.min_history_h * 3600.0)[:, None]
    accel = (
        (last24 >= m.accel_min)
        & (last24 >= m.accel_ratio * np.maximum(before_rate, 2.0))
        & history_ok
    )
    r = np.nan_to_num(rows)
    remap = (r[at] - r[two_ago]) >= m.remap_growth
    pending = (np.nan_to_num(pend[at]) > 0) | (np.nan_to_num(unc[at]) > 0)
    return times[at], {
        "accelerating SBE rate": accel,
        "spare rows being spent": remap,
        "pending row remap / uncorrectable error": pending,
    }


def forecast(stats: FleetStats, model: ForecastModel | None = None) -> list[RiskForecast]:
    """GPUs whose risk at the end of the window is at or above the threshold, riskiest first."""
    m = model or ForecastModel()
    hours, signs = _signs(stats, m)
    probs = {
        "accelerating SBE rate": m.p_accel,
        "spare rows being spent": m.p_remap,
        "pending row remap / uncorrectable error": m.p_pending,
    }
    survive = np.ones(next(iter(signs.values())).shape)
    for name, flag in signs.items():
        survive *= np.where(flag, 1.0 - probs[name], 1.0)
    risk = 1.0 - survive  # (H, N)
    flagged = risk >= m.threshold
    ever = np.maximum.accumulate(flagged, axis=0)  # once named, the GPU stays on the list
    out = []
    for g in np.flatnonzero(ever[-1]):
        first = int(np.argmax(flagged[:, g]))
        reasons = tuple(name for name, flag in signs.items() if flag[:, g].any())
        out.append(
            RiskForecast(
                gpu=stats.gpu_keys[g],
                risk=round(float(risk[:, g].max()), 3),
                reasons=reasons,
                first_flagged_at=float(hours[first]),
                horizon_days=m.horizon_days,
            )
        )
    return sorted(out, key=lambda f: (-f.risk, f.first_flagged_at))
