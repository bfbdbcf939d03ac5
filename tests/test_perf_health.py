"""Fleet health: scores with their factors, the failure forecast scored against the
simulator's slow degradations, and the history kept across restarts."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpufleet.agents.perf.forecast import forecast
from gpufleet.agents.perf.health import health_scores, window_xids
from gpufleet.agents.perf.health_store import HealthStore
from gpufleet.agents.perf.stats import FleetStats, collect
from gpufleet.evals.perf_scoring import score_forecast
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario

WEEK = {"racks": 2, "nodes_per_rack": 8, "duration_s": 7 * 86400.0}


@pytest.fixture(scope="module")
def fleet() -> PerfFleet:
    return PerfFleet(PerfScenario(**WEEK))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def stats(fleet: PerfFleet) -> FleetStats:
    return collect(fleet.chunks(), fleet.jobs)


def test_forecast_names_the_degrading_gpus_a_day_ahead(fleet: PerfFleet, stats: FleetStats) -> None:
    fc = forecast(stats)
    score = score_forecast(fc, fleet.truth.failing, stats.start, stats.end, horizon_days=3.0)
    assert score.precision >= 0.9 and score.recall >= 0.8, score
    assert score.median_lead_h is not None and score.median_lead_h >= 24.0
    assert not {f.gpu for f in fc} & fleet.truth.decoys  # steady noise is not a failure


def test_forecast_is_empty_on_a_clean_fleet() -> None:
    clean = PerfFleet(PerfScenario(**WEEK, inject=False))  # type: ignore[arg-type]
    assert forecast(collect(clean.chunks(), clean.jobs)) == []


def test_scores_rank_failing_below_decoys_below_healthy(
    fleet: PerfFleet, stats: FleetStats
) -> None:
    xids = {k: [x for _, x in v] for k, v in window_xids(stats).items()}
    scores = {s.gpu: s for s in health_scores(stats, xids, {})}
    failed_in_window = [g for g, t in fleet.truth.failing.items() if t < stats.end]
    assert failed_in_window
    for g in failed_in_window:
        assert scores[g].score < 40 and "uncorrectable" in scores[g].factors
        assert scores[g].factors["xid_history"] == 20.0  # the Xid 48 at the failure
    healthy = sorted(
        s.score
        for k, s in scores.items()
        if k not in fleet.truth.failing and k not in fleet.truth.decoys
    )
    median_healthy = healthy[len(healthy) // 2]
    for d in fleet.truth.decoys:
        assert max(scores[g].score for g in failed_in_window) < scores[d].score < median_healthy


def test_store_keeps_xids_and_scores_across_restarts(tmp_path: Path, stats: FleetStats) -> None:
    db = tmp_path / "health.sqlite"
    gpu = stats.gpu_keys[0]
    with HealthStore(db) as store:
        store.record_xids({gpu: [(stats.start - 86400.0, 79)]})
        first = health_scores(stats, store.xid_history(stats.start - 30 * 86400.0), {})
        store.record_scores(stats.start, first)
    with HealthStore(db) as store:  # a new process
        history = store.xid_history(stats.start - 30 * 86400.0)
        assert history[gpu] == [79]
        previous = store.latest_scores(before=stats.end)
        again = {s.gpu: s for s in health_scores(stats, history, previous)}
    assert again[gpu].factors["xid_history"] == 20.0
    assert again[gpu].previous == next(s.score for s in first if s.gpu == gpu)
