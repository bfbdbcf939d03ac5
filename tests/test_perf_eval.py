"""``gpufleet eval --only PERF`` scores: the agent beats the targets of the issue on a
generated fleet, and the baseline does not."""

from __future__ import annotations

from gpufleet.evals.perf_eval import markdown, score_scenario
from gpufleet.sim.perf_fleet import PerfScenario


def test_perf_eval_meets_the_targets_and_beats_the_baseline() -> None:
    score = score_scenario("t", PerfScenario(racks=2, duration_s=5 * 86400.0, seed=3))
    assert score.precision >= 0.9 and score.recall >= 0.9
    assert score.gain_error_pct <= 20.0
    assert score.forecast.recall >= 0.8 and score.forecast.precision >= 0.9
    assert score.forecast.median_lead_h is not None and score.forecast.median_lead_h >= 24.0
    assert score.actions_on_held_nodes == 0
    assert score.baseline_precision < score.precision
    table = markdown([score])
    assert "| t | 128 | 5 |" in table
