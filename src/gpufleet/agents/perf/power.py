"""Throttled jobs, and a power-limit plan from each rack's thermal headroom.

Model (stated, so the gain can be checked): near the limit a GPU's dynamic power grows with
about the cube of its clock (P ∝ f·V², V ∝ f in the DVFS range), so a power-capped GPU's
throughput scales as (limit)^(1/3); a software thermal slowdown costs about 15 % of the clock;
the steady temperature rises by ``temp_c_per_w`` per watt (44 °C at full board power for an
H100-class part). A rack whose busy GPUs run hot gets a lower limit (less heat, no thermal
slowdown); a cool rack whose GPUs ride the cap gets a higher one, up to the board's maximum.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

from gpufleet.agents.perf.findings import PowerTarget, ThrottleFinding
from gpufleet.agents.perf.stats import FleetStats
from gpufleet.agents.perf.waste import job_ref

F64 = npt.NDArray[np.float64]
MIN_BUSY_GPU_H = 1.0


class PowerModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    throttle_temp_c: float = Field(
        default=87.0, description="where software thermal slowdown starts"
    )
    max_limit_w: float = Field(default=700.0, gt=0, description="the board's maximum power limit")
    min_limit_w: float = Field(default=400.0, gt=0)
    temp_c_per_w: float = Field(default=44.0 / 700.0, gt=0)
    thermal_clock_loss: float = Field(default=0.15, ge=0, le=1)
    target_margin_c: float = Field(default=3.0, description="keep busy p95 this far below throttle")
    raise_headroom_c: float = Field(default=10.0, description="raise only with this much headroom")
    thermal_share: float = Field(
        default=0.05, description="throttled share that makes a job/rack hot"
    )
    capped_share: float = Field(default=0.3, description="capped share worth raising the limit for")
    step_w: float = Field(default=10.0, gt=0)


def find_throttled(stats: FleetStats, model: PowerModel | None = None) -> list[ThrottleFinding]:
    """Jobs whose busy GPUs are held back by heat (power capping is the power plan's matter)."""
    model = model or PowerModel()
    j = stats.job
    out: list[ThrottleFinding] = []
    for i, job in enumerate(stats.jobs):
        busy = j["busy_s"][i]
        if busy / 3600 < MIN_BUSY_GPU_H:
            continue
        share = j["thermal_s"][i] / busy
        if share >= model.thermal_share:
            out.append(
                ThrottleFinding(
                    job=job_ref(job),
                    reason="thermal",
                    gpus=tuple(stats.gpu_keys[g] for g in job.gpus),
                    throttled_share=round(float(share), 3),
                    throttled_gpu_hours=round(float(j["thermal_s"][i]) / 3600, 2),
                )
            )
    return sorted(out, key=lambda f: -f.throttled_gpu_hours)


def busy_p95_temp(stats: FleetStats) -> F64:
    """Per GPU: the 95th percentile of temperature while busy (NaN if never busy)."""
    hist = stats.temp_hist
    total = hist.sum(axis=1)
    cdf = np.cumsum(hist, axis=1)
    idx = np.argmax(cdf >= 0.95 * np.maximum(total, 1)[:, None], axis=1).astype(np.float64)
    return np.where(total > 0, idx, np.nan)


def _target(
    rack: int, stats: FleetStats, p95: F64, limit_w: float, m: PowerModel
) -> PowerTarget | None:
    sel = np.flatnonzero(stats.gpu_rack == rack)
    g = stats.gpu
    busy = float(g["busy_s"][sel].sum())
    temps = p95[sel][np.isfinite(p95[sel])]
    if busy / 3600 < MIN_BUSY_GPU_H or temps.size == 0:
        return None
    hot_temp = float(np.percentile(temps, 90))  # the rack's hot GPUs, not one outlier
    headroom = m.throttle_temp_c - hot_temp
    thermal = float(g["thermal_s"][sel].sum()) / busy
    capped = float(g["power_capped_s"][sel].sum()) / busy
    if thermal >= m.thermal_share or headroom < m.target_margin_c:
        drop = (m.target_margin_c - headroom) / m.temp_c_per_w
        new = max(m.min_limit_w, limit_w - max(m.step_w, np.ceil(drop / m.step_w) * m.step_w))
        gain = thermal * m.thermal_clock_loss - capped * (1 - (new / limit_w) ** (1 / 3))
        action = "lower"
    elif headroom >= m.raise_headroom_c and capped >= m.capped_share and limit_w < m.max_limit_w:
        rise = (headroom - m.raise_headroom_c / 2) / m.temp_c_per_w
        new = min(m.max_limit_w, limit_w + np.floor(rise / m.step_w) * m.step_w)
        gain = capped * ((new / limit_w) ** (1 / 3) - 1)
        action = "raise"
    else:
        return None
    # a lower limit is for the thermal margin (hot HBM throws errors): shown even at a cost
    if new == limit_w or (action == "raise" and gain <= 0):
        return None
    nodes = list(dict.fromkeys(stats.node_keys[int(stats.gpu_node[i])] for i in sel))
    return PowerTarget(
        rack=stats.rack_keys[rack],
        nodes=tuple(nodes),
        action=action,
        current_w=limit_w,
        proposed_w=float(new),
        p95_temp_c=hot_temp,
        headroom_c=round(headroom, 1),
        thermal_share=round(thermal, 3),
        capped_share=round(capped, 3),
        busy_gpu_hours=round(busy / 3600, 1),
        gain_pct=round(100 * gain, 2),
        gain_gpu_hours=round(gain * busy / 3600, 2),
        energy_kwh_delta=round((new - limit_w) * capped * busy / 3.6e6, 2),
    )


def power_plan(
    stats: FleetStats, current_limit_w: F64, model: PowerModel | None = None
) -> list[PowerTarget]:
    """One target per rack that should change; ``current_limit_w`` is per GPU (N,)."""
    model = model or PowerModel()
    p95 = busy_p95_temp(stats)
    out = []
    for rack in range(len(stats.rack_keys)):
        limits = current_limit_w[stats.gpu_rack == rack]
        limits = limits[np.isfinite(limits)]
        if limits.size == 0:
            continue
        target = _target(rack, stats, p95, float(np.median(limits)), model)
        if target is not None:
            out.append(target)
    return sorted(out, key=lambda t: -abs(t.gain_gpu_hours))
