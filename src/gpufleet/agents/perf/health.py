"""Per-GPU health score (0-100) with the factors that took points off (pure).

Each factor takes off a capped number of points, so one noisy counter cannot by itself mark a
GPU as failing, while the signs that precede HBM failures in the field (an accelerating SBE
rate, spent spare rows, a pending remap, an uncorrectable error, a fault Xid) weigh most.
Counters are read from the coarse series, forward-filled (a counter only grows; a GPU that
stopped reporting keeps its last values).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

from gpufleet.agents.perf.findings import HealthScore
from gpufleet.agents.perf.power import PowerModel, busy_p95_temp
from gpufleet.agents.perf.stats import FleetStats

F64 = npt.NDArray[np.float64]
# Xids that mean the GPU (not the application) is at fault (knowledge/xid catalog buckets).
FAULT_XIDS = frozenset({48, 63, 64, 74, 79, 92, 94, 95, 119, 120, 140})
DAY = 86400.0


def counter(stats: FleetStats, name: str) -> tuple[F64, F64]:
    """A counter's coarse series, forward-filled: (times (B,), values (B, N)), NaN before any."""
    times, values = stats.series(name)
    return times, np.fmax.accumulate(values, axis=0)


def _per_day(stats: FleetStats, name: str) -> F64:
    times, v = counter(stats, name)
    days = max((times[-1] - times[0]) / DAY, 1 / 24)
    first = np.nanmin(v, axis=0)
    out: F64 = np.nan_to_num((np.nanmax(v, axis=0) - first) / days)
    return out


def _last(stats: FleetStats, name: str) -> F64:
    _, v = counter(stats, name)
    out: F64 = np.nan_to_num(v[-1])
    return out


def window_xids(stats: FleetStats) -> dict[str, list[tuple[float, int]]]:
    """Fault Xids seen in the window per GPU (from DCGM_FI_DEV_XID_ERRORS, the last Xid)."""
    times, v = stats.series("DCGM_FI_DEV_XID_ERRORS")
    prev = np.vstack([np.zeros((1, v.shape[1])), np.nan_to_num(v[:-1])])
    changed = (np.nan_to_num(v) != prev) & np.isin(np.nan_to_num(v), list(FAULT_XIDS))
    out: dict[str, list[tuple[float, int]]] = {}
    for r, g in zip(*np.nonzero(changed), strict=True):
        out.setdefault(stats.gpu_keys[g], []).append((float(times[r]), int(v[r, g])))
    return out


def _log_penalty(rate: F64, scale: float, cap: float) -> F64:
    return np.minimum(cap, scale * np.log2(1.0 + rate))


def _sbe_trend(stats: FleetStats) -> F64:
    """Points for an SBE rate that grows: last 24 h against the daily rate before it."""
    times, v = counter(stats, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")
    cut = np.searchsorted(times, times[-1] - DAY)
    if cut < 12:  # under an hour before the last day: no earlier rate to compare with
        return np.zeros(v.shape[1])
    last = np.nan_to_num(v[-1] - v[cut])
    before = np.nan_to_num(v[cut] - np.nanmin(v[: cut + 1], axis=0))
    before_rate = before / max((times[cut] - times[0]) / DAY, 1 / 24)
    ratio = last / np.maximum(before_rate, 2.0)
    return np.where(last >= 8, np.minimum(15.0, 5.0 * np.log2(np.maximum(ratio, 1.0))), 0.0)


def factor_points(stats: FleetStats, model: PowerModel | None = None) -> dict[str, F64]:
    model = model or PowerModel()
    busy = np.maximum(stats.gpu["busy_s"], 1.0)
    margin = model.throttle_temp_c - busy_p95_temp(stats)
    uncorrectable = _last(stats, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS") + _last(
        stats, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"
    )
    retired = _last(stats, "DCGM_FI_DEV_RETIRED_SBE") + _last(stats, "DCGM_FI_DEV_RETIRED_DBE")
    return {
        "sbe_rate": _log_penalty(_per_day(stats, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"), 4.0, 20.0),
        "sbe_trend": _sbe_trend(stats),
        "remapped_rows": np.minimum(
            15.0, 3.0 * _last(stats, "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS")
        ),
        "remap_pending": 25.0 * (_last(stats, "DCGM_FI_DEV_ROW_REMAP_PENDING") > 0),
        "uncorrectable": 40.0 * (uncorrectable > 0),
        "retired_pages": np.minimum(20.0, 2.0 * retired)
        + 10.0 * (_last(stats, "DCGM_FI_DEV_RETIRED_PENDING") > 0),
        "throttling": 30.0 * stats.gpu["thermal_s"] / busy,
        "pcie_replays": _log_penalty(_per_day(stats, "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"), 2.0, 10.0),
        "nvlink_crc": _log_penalty(
            _per_day(stats, "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"), 2.0, 10.0
        ),
        "thermal_margin": np.nan_to_num(np.clip(2.0 * (5.0 - margin), 0.0, 10.0)),
    }


def health_scores(
    stats: FleetStats,
    xid_history: Mapping[str, Sequence[int]],
    previous: Mapping[str, float],
    model: PowerModel | None = None,
) -> list[HealthScore]:
    """One score per GPU; ``xid_history``: fault Xids per GPU from earlier windows and this one
    (the store keeps them across restarts); ``previous``: the last stored score per GPU."""
    points = factor_points(stats, model)
    xid_pts = np.array(
        [min(40.0, 20.0 * len(xid_history.get(k, ()))) for k in stats.gpu_keys], dtype=np.float64
    )
    points["xid_history"] = xid_pts
    total = sum(points.values())
    score = np.clip(100.0 - np.asarray(total), 0.0, 100.0)
    out = []
    for i, key in enumerate(stats.gpu_keys):
        factors = {k: round(float(v[i]), 2) for k, v in points.items() if v[i] >= 0.05}
        out.append(
            HealthScore(
                gpu=key,
                score=round(float(score[i]), 1),
                factors=factors,
                previous=previous.get(key),
            )
        )
    return out
