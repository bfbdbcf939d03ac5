"""Counter → increase/rate conversion with reset, gap and out-of-order handling."""

from __future__ import annotations

import numpy as np
import pytest

from gpufleet.telemetry.rates import CounterRates, OutOfOrderError

nan = np.nan


def _a(*rows: list[float]) -> np.ndarray:
    return np.array(rows, dtype=np.float64)


def test_first_sample_has_unknown_increase() -> None:
    r = CounterRates(2, 2)
    d = r.update(100.0, _a([5.0, 10.0], [0.0, 1.0]))
    assert np.isnan(d.increase).all()
    assert np.isnan(d.rate_per_s).all()
    assert not d.reset.any()
    assert d.increase.shape == d.rate_per_s.shape == d.reset.shape == (2, 2)


def test_increase_and_rate_per_second() -> None:
    r = CounterRates(2, 2)
    r.update(100.0, _a([5.0, 10.0], [0.0, 1.0]))
    d = r.update(115.0, _a([8.0, 10.0], [30.0, 1.0]))
    np.testing.assert_array_equal(d.increase, [[3.0, 0.0], [30.0, 0.0]])
    np.testing.assert_allclose(d.rate_per_s, [[0.2, 0.0], [2.0, 0.0]])
    assert not d.reset.any()
    d = r.update(145.0, _a([14.0, 40.0], [30.0, 1.0]))
    np.testing.assert_array_equal(d.increase, [[6.0, 30.0], [0.0, 0.0]])
    np.testing.assert_allclose(d.rate_per_s, [[0.2, 1.0], [0.0, 0.0]])


def test_counter_reset_counts_new_value_and_is_flagged() -> None:
    r = CounterRates(1, 3)
    r.update(0.0, _a([1000.0, 50.0, 7.0]))
    # Driver reload: the first two series restart from small values; the third keeps going.
    d = r.update(10.0, _a([4.0, 0.0, 9.0]))
    np.testing.assert_array_equal(d.increase, [[4.0, 0.0, 2.0]])
    np.testing.assert_allclose(d.rate_per_s, [[0.4, 0.0, 0.2]])
    np.testing.assert_array_equal(d.reset, [[True, True, False]])
    # After the reset the new value is the reference: no double counting, no second reset.
    d = r.update(20.0, _a([10.0, 3.0, 9.0]))
    np.testing.assert_array_equal(d.increase, [[6.0, 3.0, 0.0]])
    assert not d.reset.any()


def test_nan_gap_keeps_last_good_value_and_spans_the_gap() -> None:
    r = CounterRates(2, 1)
    r.update(0.0, _a([10.0], [100.0]))
    d = r.update(15.0, _a([nan], [101.0]))  # series 0 has a gap (blank sentinel → NaN)
    assert np.isnan(d.increase[0, 0]) and np.isnan(d.rate_per_s[0, 0])
    assert not d.reset[0, 0]
    assert d.increase[1, 0] == 1.0
    d = r.update(30.0, _a([nan], [102.0]))
    assert np.isnan(d.increase[0, 0])
    # Errors that happened during the gap are not lost: 10 → 25 over the 45 s since t=0.
    d = r.update(45.0, _a([25.0], [103.0]))
    assert d.increase[0, 0] == 15.0
    assert d.rate_per_s[0, 0] == pytest.approx(15.0 / 45.0)
    # The healthy series' rate still uses its own 15 s step.
    assert d.rate_per_s[1, 0] == pytest.approx(1.0 / 15.0)
    assert not d.reset.any()


def test_reset_across_a_gap_compares_with_last_good_value() -> None:
    r = CounterRates(1, 1)
    r.update(0.0, _a([500.0]))
    r.update(15.0, _a([nan]))
    d = r.update(30.0, _a([20.0]))
    assert d.reset[0, 0]
    assert d.increase[0, 0] == 20.0
    assert d.rate_per_s[0, 0] == pytest.approx(20.0 / 30.0)


def test_series_that_starts_late_has_unknown_first_increase() -> None:
    r = CounterRates(1, 1)
    r.update(0.0, _a([nan]))
    d = r.update(15.0, _a([7.0]))
    assert np.isnan(d.increase[0, 0])
    d = r.update(30.0, _a([9.0]))
    assert d.increase[0, 0] == 2.0
    assert d.rate_per_s[0, 0] == pytest.approx(2.0 / 15.0)


@pytest.mark.parametrize("bad_t", [100.0, 99.0])
def test_out_of_order_or_repeated_timestamp_raises_and_keeps_state(bad_t: float) -> None:
    r = CounterRates(1, 2)
    r.update(90.0, _a([1.0, 1.0]))
    r.update(100.0, _a([4.0, 2.0]))
    with pytest.raises(OutOfOrderError, match="not after"):
        r.update(bad_t, _a([1000.0, 0.0]))  # would look like an increase and a reset
    assert issubclass(OutOfOrderError, ValueError)
    d = r.update(110.0, _a([6.0, 5.0]))
    np.testing.assert_array_equal(d.increase, [[2.0, 3.0]])
    np.testing.assert_allclose(d.rate_per_s, [[0.2, 0.3]])
    assert not d.reset.any()


def test_shape_mismatch_raises_and_keeps_state() -> None:
    r = CounterRates(2, 2)
    r.update(0.0, _a([1.0, 1.0], [1.0, 1.0]))
    with pytest.raises(ValueError, match="shape"):
        r.update(10.0, _a([1.0, 1.0, 1.0], [1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match="shape"):
        r.update(10.0, np.ones(4))
    d = r.update(10.0, _a([2.0, 3.0], [1.0, 1.0]))
    np.testing.assert_array_equal(d.increase, [[1.0, 2.0], [0.0, 0.0]])


def test_realign_keeps_surviving_rows_state() -> None:
    r = CounterRates(3, 1)
    r.update(0.0, _a([10.0], [20.0], [30.0]))
    r.update(15.0, _a([11.0], [nan], [33.0]))  # row 1: last good at t=0
    # Entity set changes: old row 2 first, then a new entity, then old row 1; old row 0 leaves.
    r.realign(np.array([2, -1, 1], dtype=np.intp))
    d = r.update(30.0, _a([36.0], [5.0], [26.0]))
    assert d.increase.shape == (3, 1)
    assert d.increase[0, 0] == 3.0
    assert d.rate_per_s[0, 0] == pytest.approx(3.0 / 15.0)
    assert np.isnan(d.increase[1, 0])  # new entity: first sample
    assert d.increase[2, 0] == 6.0
    assert d.rate_per_s[2, 0] == pytest.approx(6.0 / 30.0)  # spans the gap since t=0
    with pytest.raises(ValueError, match="shape"):
        r.update(45.0, _a([1.0], [1.0], [1.0], [1.0]))


def test_nbytes_reports_state_size() -> None:
    assert CounterRates(10, 4).nbytes == 2 * 10 * 4 * 8
