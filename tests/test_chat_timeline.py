"""The incident's timeline (issue 26): when a metric left its baseline — not a job's restart
dip, not the moment the incident opened — and how far apart log events came."""

from __future__ import annotations

from gpufleet.agents.chat.gather_timeline import _onset, gap, times


def _series(values: list[float], t0: float = 0.0, step: float = 15.0) -> list[tuple[float, float]]:
    return [(t0 + step * i, v) for i, v in enumerate(values)]


def test_a_ramp_after_a_restart_dip_starts_at_the_ramp() -> None:
    steady, dip = [69.0] * 60, [55.0, 58.0, 62.0, 66.0, 69.0]
    ramp = [69.0 + i for i in range(20)] + [88.0] * 40
    pts = _series(steady + dip + steady + ramp)
    found = _onset(pts, floor=5.0)
    assert found is not None
    last_normal, first_out, base, end = found
    start_of_ramp = 15.0 * (60 + 5 + 60)
    assert start_of_ramp <= last_normal < first_out <= start_of_ramp + 15.0 * 5
    assert base == 69.0 and end == 88.0


def test_a_step_down_is_a_fall_and_a_flat_series_has_no_onset() -> None:
    pts = _series([960.0] * 80 + [300.0] * 40)
    found = _onset(pts, floor=30.0)
    assert found is not None and found[1] == 15.0 * 80 and found[3] == 300.0
    assert _onset(_series([46.0] * 100), floor=5.0) is None
    assert _onset(_series([46.0, 47.0] * 50), floor=5.0) is None  # noise under the floor


def test_gaps_and_counts_read_as_people_say_them() -> None:
    assert gap(0.006) == "6 ms" and gap(5.2) == "5 s" and gap(600.0) == "10 min"
    assert times(1) == "once" and times(2) == "twice" and times(3) == "3 times"
