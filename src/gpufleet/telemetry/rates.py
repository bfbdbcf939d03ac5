"""Counters to rates, in one place, with reset, gap and out-of-order handling.

DCGM counters (ECC totals, PCIe replays, NVLink CRC, energy) only mean something as increases.
Rules that need "errors per hour" or "any increase" read this module's output and never
difference raw counters themselves.

Semantics (matching Prometheus ``increase()``):
- a drop in a counter is a reset (driver reload, GPU reset); the increase since the reset is the
  new value itself, and the reset is flagged;
- a NaN sample (gap, blank sentinel) keeps the last good value, so the next good sample's
  increase spans the gap and no errors are lost;
- a frame whose timestamp is not after the previous one is rejected with an error (out of order),
  leaving the state untouched.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


class OutOfOrderError(ValueError):
    pass


@dataclass(frozen=True, slots=True)
class CounterDelta:
    increase: FloatArray  # (entities, counters); NaN where unknown (first sample, no data)
    rate_per_s: FloatArray  # increase / seconds since that series' previous good sample
    reset: BoolArray  # a counter went backwards in this step


class CounterRates:
    """Per-series state for a fixed (entities × counters) layout."""

    __slots__ = ("_last_good_t", "_last_t", "_last_value")

    def __init__(self, n_entities: int, n_counters: int) -> None:
        self._last_value = np.full((n_entities, n_counters), np.nan)
        self._last_good_t = np.full((n_entities, n_counters), np.nan)
        self._last_t: float | None = None

    @property
    def nbytes(self) -> int:
        return int(self._last_value.nbytes + self._last_good_t.nbytes)

    def update(self, timestamp: float, values: FloatArray) -> CounterDelta:
        if self._last_t is not None and timestamp <= self._last_t:
            raise OutOfOrderError(
                f"sample at t={timestamp} is not after the previous one at t={self._last_t}"
            )
        if values.shape != self._last_value.shape:
            raise ValueError(f"counter block shape {values.shape} != {self._last_value.shape}")
        good = ~np.isnan(values)
        prev = self._last_value
        delta = values - prev  # NaN where either side is NaN
        with np.errstate(invalid="ignore"):
            reset = good & ~np.isnan(prev) & (delta < 0)
        increase = np.where(reset, values, delta)
        dt = timestamp - self._last_good_t
        with np.errstate(invalid="ignore", divide="ignore"):
            rate = increase / dt
        np.copyto(self._last_value, values, where=good)
        np.copyto(self._last_good_t, timestamp, where=good)
        self._last_t = timestamp
        return CounterDelta(increase=increase, rate_per_s=rate, reset=reset)

    def realign(self, keep_from: npt.NDArray[np.intp]) -> None:
        """Re-map state after the entity set changed: row i takes old row keep_from[i] (-1: new)."""
        new_v = np.full((len(keep_from), self._last_value.shape[1]), np.nan)
        new_t = np.full_like(new_v, np.nan)
        known = keep_from >= 0
        new_v[known] = self._last_value[keep_from[known]]
        new_t[known] = self._last_good_t[keep_from[known]]
        self._last_value, self._last_good_t = new_v, new_t
