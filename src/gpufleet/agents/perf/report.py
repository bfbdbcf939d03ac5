"""The performance report: every analysis over one window, ranked recommendations, caveats.

``analyse`` is pure except for the optional health store (history in, today's scores out),
which the caller passes in; ``now`` is the window's end, never the wall clock.
"""

from __future__ import annotations

import warnings

import numpy as np
from pydantic import BaseModel, ConfigDict

from gpufleet.agents.perf.findings import (
    Caveat,
    GapFinding,
    HealthScore,
    LeakFinding,
    PowerTarget,
    RiskForecast,
    TeamCharge,
    ThrottleFinding,
    WasteFinding,
)
from gpufleet.agents.perf.forecast import ForecastModel, forecast
from gpufleet.agents.perf.gaps import find_gaps
from gpufleet.agents.perf.health import health_scores, window_xids
from gpufleet.agents.perf.health_store import HealthStore
from gpufleet.agents.perf.leak import find_leaks
from gpufleet.agents.perf.power import PowerModel, find_throttled, power_plan
from gpufleet.agents.perf.recommend import recommend
from gpufleet.agents.perf.stats import FleetStats
from gpufleet.agents.perf.waste import chargeback, find_waste
from gpufleet.bus.events import Recommendation

XID_MEMORY_S = 30 * 86400.0  # how far back the stored Xid history counts


class Totals(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    gpus: int
    gpu_hours: float  # GPU-hours of telemetry analysed
    allocated_gpu_hours: float
    idle_allocated_gpu_hours: float
    wasted_gpu_hours: float  # idle + under-used + CPU-only + periodic gaps
    energy_kwh: float


class PerfReport(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    window_start: float
    window_end: float
    source: str
    totals: Totals
    recommendations: tuple[Recommendation, ...]
    waste: tuple[WasteFinding, ...]
    gaps: tuple[GapFinding, ...]
    leaks: tuple[LeakFinding, ...]
    throttled: tuple[ThrottleFinding, ...]
    power_plan: tuple[PowerTarget, ...]
    chargeback: tuple[TeamCharge, ...]
    health: tuple[HealthScore, ...]  # worst first
    at_risk: tuple[RiskForecast, ...]
    caveats: tuple[Caveat, ...]


def caveats(stats: FleetStats) -> list[Caveat]:
    out = [
        Caveat(
            analysis="memory fragmentation",
            reason="needs failed-allocation events (CUDA OOM with free memory) and no source here "
            "carries them; high free memory alone proves nothing",
        ),
        Caveat(
            analysis="capacity forecast",
            reason="needs the scheduler's queue (pending jobs and wait times); the sources give "
            "running jobs only",
        ),
    ]
    if stats.missing_fields:
        out.append(
            Caveat(
                analysis="health factors",
                reason="fields absent from the source, scored as zero: "
                + ", ".join(sorted(stats.missing_fields)),
            )
        )
    if not stats.jobs or all(j.kind == "node" for j in stats.jobs):
        out.append(
            Caveat(
                analysis="attribution",
                reason="no scheduler view: no job, user or team; each node stands in for a job "
                "and every GPU counts as allocated",
            )
        )
    return out


def _totals(stats: FleetStats, waste: list[WasteFinding], gaps: list[GapFinding]) -> Totals:
    j = stats.job
    return Totals(
        gpus=len(stats.gpu_keys),
        gpu_hours=round(len(stats.gpu_keys) * (stats.end - stats.start) / 3600, 1),
        allocated_gpu_hours=round(float(j["present_s"].sum()) / 3600, 1) if stats.jobs else 0.0,
        idle_allocated_gpu_hours=round(float(j["idle_s"].sum()) / 3600, 1) if stats.jobs else 0.0,
        wasted_gpu_hours=round(
            sum(f.wasted_gpu_hours for f in waste) + sum(g.wasted_gpu_hours for g in gaps), 1
        ),
        energy_kwh=round(float(stats.gpu["energy_j"].sum()) / 3.6e6, 1),
    )


def _health(stats: FleetStats, store: HealthStore | None) -> list[HealthScore]:
    seen = window_xids(stats)
    if store is None:
        history = {k: [x for _, x in v] for k, v in seen.items()}
        return health_scores(stats, history, {})
    store.record_xids(seen)
    previous = store.latest_scores(before=stats.end)
    scores = health_scores(stats, store.xid_history(stats.end - XID_MEMORY_S), previous)
    store.record_scores(stats.end, scores)
    return scores


def analyse(
    stats: FleetStats,
    source: str,
    store: HealthStore | None = None,
    power: PowerModel | None = None,
    forecast_model: ForecastModel | None = None,
) -> PerfReport:
    window = (stats.start, stats.end)
    waste, gaps, leaks = find_waste(stats), find_gaps(stats), find_leaks(stats)
    throttled = find_throttled(stats, power)
    _, limits = stats.series("DCGM_FI_DEV_POWER_MGMT_LIMIT")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a GPU that never reported: NaN
        current = np.nanmedian(limits, axis=0)
    plan = power_plan(stats, current, power)
    risks = forecast(stats, forecast_model)
    health = sorted(_health(stats, store), key=lambda h: (h.score, h.gpu))
    sizes = {j.job_id: len(j.gpus) for j in stats.jobs}
    recs = recommend(window, waste, gaps, leaks, throttled, plan, risks, sizes, power)
    return PerfReport(
        window_start=stats.start,
        window_end=stats.end,
        source=source,
        totals=_totals(stats, waste, gaps),
        recommendations=tuple(recs),
        waste=tuple(waste),
        gaps=tuple(gaps),
        leaks=tuple(leaks),
        throttled=tuple(throttled),
        power_plan=tuple(plan),
        chargeback=tuple(chargeback(stats)),
        health=tuple(health),
        at_risk=tuple(risks),
        caveats=tuple(caveats(stats)),
    )
