"""The NOC's state primitives: baselines, sustain timers, decayed counts, slopes, residuals."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.baseline import N_WORKLOAD_STATES, Baseline, tod_bin, workload_state
from gpufleet.agents.noc.signals import DecayedCount, EwmaSlope, Sustain, ThermalResidual


def test_baseline_memory_is_at_most_256_bytes_per_series_with_tod_profiles() -> None:
    b = Baseline(1000, tod_bins=8, halflife_samples=240, floor=1.5, min_samples=40)
    assert b.n_cells == 8 * N_WORKLOAD_STATES
    assert b.nbytes / 1000 <= 256


def test_baseline_learns_each_time_of_day_and_state_separately() -> None:
    b = Baseline(2, tod_bins=8, halflife_samples=240, floor=1.0, min_samples=40)
    rng = np.random.default_rng(0)
    night, day = np.array([0, 0]), np.array([5 * 3, 5 * 3])  # bin 0 vs bin 5, idle state
    for _ in range(200):
        b.observe(30 + rng.normal(0, 0.5, 2), night, 6.0)
        b.observe(45 + rng.normal(0, 0.5, 2), day, 6.0)
    # 45 °C is normal in the afternoon cell but far out at night.
    assert np.all(np.abs(b.observe(np.array([45.0, 45.0]), day, 6.0)) < 3)
    assert np.all(b.observe(np.array([45.0, 45.0]), night, 6.0) > 6)


def test_baseline_does_not_learn_what_it_flags_and_waits_for_enough_samples() -> None:
    b = Baseline(1, tod_bins=1, halflife_samples=50, floor=1.0, min_samples=40)
    cell = np.array([2])
    z = b.observe(np.array([60.0]), cell, 6.0)
    assert np.isnan(z).all()  # warming up: no verdict yet
    for _ in range(100):
        b.observe(np.array([60.0]), cell, 6.0)
    for _ in range(500):  # a fault holds the value high for a long time
        assert b.observe(np.array([80.0]), cell, 6.0)[0] > 6
    assert abs(float(b.mean[0, 2]) - 60.0) < 0.01


def test_time_of_day_bin_and_workload_state() -> None:
    assert tod_bin(0.0, 8) == 0 and tod_bin(86399.0, 8) == 7 and tod_bin(86400 + 3 * 3600, 8) == 1
    assert workload_state(np.array([0.0, 4.9, 5.0, 59.0, 60.0, np.nan])).tolist() == [
        0,
        0,
        1,
        1,
        2,
        0,
    ]


def test_sustain_needs_the_full_duration_and_nan_neither_confirms_nor_clears() -> None:
    s = Sustain(1)
    yes, no, known, unknown = (
        np.array([True]),
        np.array([False]),
        np.array([True]),
        np.array([False]),
    )
    assert not s.update(0.0, yes, known, 30.0)[0]
    assert not s.update(15.0, yes, known, 30.0)[0]
    assert not s.update(20.0, no, unknown, 30.0)[0]  # gap: timer kept
    assert s.update(30.0, yes, known, 30.0)[0]
    assert not s.update(45.0, no, known, 30.0)[0]  # real clear
    assert not s.update(60.0, yes, known, 30.0)[0]


def test_decayed_count_approximates_a_rate_and_forgets_strays() -> None:
    d = DecayedCount(2, tau_s=3600.0)
    for i in range(1, 2 * 240):  # 2 h at 15 s
        inc = np.array([20 * 15 / 3600, 1.0 if i == 1 else 0.0])  # 20/h steady; one stray
        d.update(i * 15.0, inc)
    steady, stray = d.count
    assert 16 < steady < 21  # ≈ 20/h once the window has filled
    assert stray < 0.2
    assert d.update(2 * 3600.0, np.array([np.nan, np.nan]))[0] > 0  # NaN adds nothing


def test_slope_clip_keeps_a_step_from_looking_like_a_trend() -> None:
    s = EwmaSlope(1, tau_s=300.0, max_per_min=4096.0)
    s.update(0.0, np.array([1000.0]))
    s.update(15.0, np.array([66000.0]))  # a model loads: a 65 GB step
    for i in range(2, 30):
        s.update(15.0 * i, np.array([66000.0]))
    assert s.slope[0] < 64  # gone within ~7 min: no "leak"


def test_thermal_residual_is_flat_under_load_changes_and_rises_when_cooling_fails() -> None:
    k_true = 42.0 / 700
    res = ThermalResidual(np.array([k_true, k_true]))
    temp = np.array([40.0, 40.0])
    p_eff = np.array([100.0, 100.0])
    out = []
    rng = np.random.default_rng(1)
    for i in range(600):
        t = i * 15.0
        power = np.array([100.0 + 500.0 * (i // 40 % 2), 600.0])  # GPU 0's load swings
        p_eff += (power - p_eff) * (1 - np.exp(-15 / 90))
        extra = np.array([0.0, 0.0 if i < 400 else min((i - 400) * 0.5, 20.0)])  # fan fails
        temp = 30 + k_true * p_eff + extra + rng.normal(0, 0.2, 2)
        out.append(res.update(t, temp, power, learn=np.array([True, i < 400])))
    r = np.array(out)
    assert np.ptp(r[100:, 0]) < 4  # 30 °C of load-driven swings leave the residual ~flat
    assert r[-1, 1] - r[390, 1] > 15  # the cooling loss shows up almost entirely
