"""The performance analyses find exactly the injected waste, attributed to the right job,
user and team, and nothing on a clean fleet (simulated data with known ground truth)."""

from __future__ import annotations

import numpy as np
import pytest

from gpufleet.agents.perf.gaps import find_gaps
from gpufleet.agents.perf.leak import find_leaks, theil_sen
from gpufleet.agents.perf.power import find_throttled, power_plan
from gpufleet.agents.perf.stats import FleetStats, collect
from gpufleet.agents.perf.waste import chargeback, find_waste
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario

SMALL = {"racks": 4, "nodes_per_rack": 8, "duration_s": 24 * 3600.0}


@pytest.fixture(scope="module")
def fleet() -> PerfFleet:
    return PerfFleet(PerfScenario(**SMALL))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def stats(fleet: PerfFleet) -> FleetStats:
    return collect(fleet.chunks(), fleet.jobs)


@pytest.fixture(scope="module")
def clean_stats() -> FleetStats:
    clean = PerfFleet(PerfScenario(**SMALL, inject=False, idle_share=0.0))  # type: ignore[arg-type]
    return collect(clean.chunks(), clean.jobs)


def _jobs(findings: list, kind: str) -> set[str]:
    return {f.job.job_id for f in findings if f.kind == kind}


def test_waste_finds_exactly_the_idle_under_used_and_cpu_only_jobs(
    fleet: PerfFleet, stats: FleetStats
) -> None:
    found = find_waste(stats)
    assert _jobs(found, "idle") == fleet.truth.idle_jobs
    assert _jobs(found, "under_used") == fleet.truth.underused_jobs
    assert _jobs(found, "cpu_only") == fleet.truth.cpu_only_jobs
    by_id = {j.job_id: j for j in fleet.jobs}
    for f in found:  # attribution comes from the scheduler's view of the job
        assert (f.job.user, f.job.team) == (by_id[f.job.job_id].user, by_id[f.job.job_id].team)
    idle = next(f for f in found if f.kind == "idle")
    assert idle.wasted_gpu_hours == pytest.approx(24.0 * len(idle.gpus), rel=0.1)


def test_periodic_gap_is_the_data_loading_stall_with_its_period(
    fleet: PerfFleet, stats: FleetStats
) -> None:
    gaps = find_gaps(stats)
    assert [g.job.job_id for g in gaps] == [fleet.truth.stall_job]
    (gap,) = gaps
    assert gap.cause == "data_loading"
    assert gap.period_s == pytest.approx(fleet.truth.stall_period_s, rel=0.05)
    # 30 s of every 120 s on every GPU of the job, for a day
    assert gap.wasted_gpu_hours == pytest.approx(len(gap.gpus) * 24 * 0.25, rel=0.1)


def test_leak_is_found_on_the_leaking_gpu_only(fleet: PerfFleet, stats: FleetStats) -> None:
    leaks = find_leaks(stats)
    assert [(x.job.job_id, x.gpu) for x in leaks] == [(fleet.truth.leak_job, fleet.truth.leak_gpu)]
    assert leaks[0].slope_mib_per_h == pytest.approx(0.40 * 81559 / 96, rel=0.05)


def test_theil_sen_ignores_outliers() -> None:
    t = np.arange(20, dtype=np.float64)
    y = 3.0 * t
    y[5] = 1e6  # one spike
    assert theil_sen(t, y[:, None])[0] == pytest.approx(3.0)


def test_hot_rack_jobs_are_thermal_throttled_and_the_plan_lowers_only_that_rack(
    fleet: PerfFleet, stats: FleetStats
) -> None:
    throttled = find_throttled(stats)
    assert throttled
    racks = {fleet.topology.rack_of_node_key(g.split("/")[0]) for t in throttled for g in t.gpus}
    assert racks == {fleet.truth.hot_rack}
    _, limits = stats.series("DCGM_FI_DEV_POWER_MGMT_LIMIT")
    plan = power_plan(stats, np.nanmedian(limits, axis=0))
    lowered = {p.rack for p in plan if p.action == "lower"}
    raised = {p.rack for p in plan if p.action == "raise"}
    assert lowered == {fleet.truth.hot_rack}
    assert raised and fleet.truth.hot_rack not in raised
    assert all(p.proposed_w <= 700 and p.gain_gpu_hours > 0 for p in plan if p.action == "raise")


def test_chargeback_adds_up(stats: FleetStats) -> None:
    charges = chargeback(stats)
    assert sum(c.gpu_hours for c in charges) == pytest.approx(
        stats.job["present_s"].sum() / 3600, rel=1e-3
    )
    total_kwh = stats.gpu["energy_j"].sum() / 3.6e6
    assert sum(c.energy_kwh for c in charges) == pytest.approx(total_kwh, rel=1e-3)


def test_clean_fleet_has_no_findings(clean_stats: FleetStats) -> None:
    assert find_waste(clean_stats) == []
    assert find_gaps(clean_stats) == []
    assert find_leaks(clean_stats) == []
    assert find_throttled(clean_stats) == []
    _, limits = clean_stats.series("DCGM_FI_DEV_POWER_MGMT_LIMIT")
    assert not [
        p for p in power_plan(clean_stats, np.nanmedian(limits, axis=0)) if p.action == "lower"
    ]
