"""Scoring the performance agent's failure forecast against the simulator's degradations."""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence

from pydantic import BaseModel, ConfigDict

from gpufleet.agents.perf.findings import RiskForecast


class ForecastScore(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    precision: float
    recall: float
    median_lead_h: float | None
    true_positives: tuple[str, ...]
    false_positives: tuple[str, ...]
    missed: tuple[str, ...]


def score_forecast(
    forecasts: Sequence[RiskForecast],
    failing: Mapping[str, float],
    window_start: float,
    window_end: float,
    horizon_days: float,
) -> ForecastScore:
    """A hit names a GPU that fails within the window or the horizon after it, before it fails;
    the lead time is from the first time the forecast named it to the failure."""
    due = {
        g: t for g, t in failing.items() if window_start <= t <= window_end + horizon_days * 86400
    }
    hits, leads, false = [], [], []
    for f in forecasts:
        t = failing.get(f.gpu)
        if t is not None and f.gpu in due and f.first_flagged_at <= t:
            hits.append(f.gpu)
            leads.append((t - f.first_flagged_at) / 3600.0)
        elif t is None:
            false.append(f.gpu)
    named = len(hits) + len(false)
    return ForecastScore(
        precision=len(hits) / named if named else 1.0,
        recall=len(hits) / len(due) if due else 1.0,
        median_lead_h=round(statistics.median(leads), 1) if leads else None,
        true_positives=tuple(sorted(hits)),
        false_positives=tuple(sorted(false)),
        missed=tuple(sorted(set(due) - set(hits))),
    )
