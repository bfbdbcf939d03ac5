"""Vectorized per-series state primitives the NOC rules are built from.

Each holds one small array per series and updates in O(series) numpy operations per frame. All
take the frame timestamp; none reads a clock. NaN input means "no data": it neither confirms nor
clears a condition, so a blank sentinel or an exporter gap does not reset a sustain timer.
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


class Sustain:
    """``active`` once a condition has held for ``for_s`` seconds (Prometheus ``for:``)."""

    __slots__ = ("since",)

    def __init__(self, n: int) -> None:
        self.since = np.full(n, np.nan)

    def update(
        self, t: float, cond: BoolArray, known: BoolArray, for_s: FloatArray | float
    ) -> BoolArray:
        started = np.where(np.isnan(self.since), t, self.since)
        self.since = np.where(known, np.where(cond, started, np.nan), self.since)
        with np.errstate(invalid="ignore"):
            return (t - self.since) >= for_s  # NaN compares False

    def clear(self, mask: BoolArray) -> None:
        self.since[mask] = np.nan


class DecayedCount:
    """Exponentially decayed event count: ≈ events in the last ``tau_s`` at a steady rate.

    O(1) memory per series instead of a sliding window of increments; a single stray error
    decays away instead of sitting in a window for exactly an hour.
    """

    __slots__ = ("_t", "count", "tau_s")

    def __init__(self, n: int, tau_s: float) -> None:
        self.count = np.zeros(n)
        self.tau_s = tau_s
        self._t: float | None = None

    def update(self, t: float, increase: FloatArray) -> FloatArray:
        if self._t is not None:
            self.count *= math.exp(-(t - self._t) / self.tau_s)
        self._t = t
        inc = np.where(np.isnan(increase), 0.0, increase)
        self.count += np.maximum(inc, 0.0)
        return self.count

    def per_minute(self) -> FloatArray:
        return self.count * (60.0 / self.tau_s)


class EwmaSlope:
    """Smoothed derivative of a gauge in units per minute.

    ``max_per_min`` clips each step's derivative first, so a single large step (a job loading
    its model into memory) cannot masquerade as a sustained trend (a leak).
    """

    __slots__ = ("last", "last_t", "max_per_min", "slope", "tau_s")

    def __init__(self, n: int, tau_s: float, max_per_min: float = np.inf) -> None:
        self.slope = np.zeros(n)
        self.last = np.full(n, np.nan)
        self.last_t = np.full(n, np.nan)
        self.tau_s = tau_s
        self.max_per_min = max_per_min

    def update(self, t: float, x: FloatArray) -> FloatArray:
        dt = t - self.last_t
        with np.errstate(invalid="ignore", divide="ignore"):
            d = np.clip((x - self.last) / dt * 60.0, -self.max_per_min, self.max_per_min)
            alpha = 1.0 - np.exp(-dt / self.tau_s)
        ok = np.isfinite(d) & np.isfinite(alpha)
        self.slope = np.where(ok, self.slope + alpha * (d - self.slope), self.slope)
        good = ~np.isnan(x)
        self.last = np.where(good, x, self.last)
        self.last_t = np.where(good, t, self.last_t)
        return self.slope


class LaggedEwma:
    """First-order lag of a gauge (e.g. power seen through a heatsink's thermal time constant)."""

    __slots__ = ("last_t", "tau_s", "value")

    def __init__(self, n: int, tau_s: float) -> None:
        self.value = np.full(n, np.nan)
        self.last_t = np.full(n, np.nan)
        self.tau_s = tau_s

    def update(self, t: float, x: FloatArray) -> FloatArray:
        with np.errstate(invalid="ignore"):
            alpha = 1.0 - np.exp(-(t - self.last_t) / self.tau_s)
        good = ~np.isnan(x)
        first = good & np.isnan(self.value)
        step = good & ~first & np.isfinite(alpha)
        self.value = np.where(first, x, self.value)
        self.value = np.where(step, self.value + alpha * (x - self.value), self.value)
        self.last_t = np.where(good, t, self.last_t)
        return self.value


class ThermalResidual:
    """Temperature minus the part explained by load: ``T - k · P_lag``.

    ``P_lag`` is power seen through the heatsink's time constant; ``k`` (°C per W) is learned per
    GPU by an exponentially weighted regression of T on P_lag, shrunk toward a per-SKU prior so
    GPUs with a constant load (where the regression has no spread to learn from) use the prior.
    The residual's slope is flat when a GPU warms because it works harder and rises when it
    warms because it is cooled worse (fan, airflow, thermal interface, inlet air).
    """

    __slots__ = (
        "_t",
        "c_pt",
        "k",
        "k_band",
        "k_prior",
        "lag",
        "m_p",
        "m_t",
        "shrink_w2",
        "tau_s",
        "v_p",
    )

    def __init__(
        self,
        k_prior: FloatArray,
        lag_tau_s: float = 90.0,
        tau_s: float = 3600.0,
        shrink_w: float = 150.0,
        k_band: tuple[float, float] = (0.4, 2.0),
    ) -> None:
        n = k_prior.shape[0]
        self.k_prior = k_prior
        self.k = k_prior.copy()
        self.lag = LaggedEwma(n, lag_tau_s)
        self.m_p = np.full(n, np.nan)
        self.m_t = np.full(n, np.nan)
        self.c_pt = np.zeros(n)
        self.v_p = np.zeros(n)
        self.shrink_w2 = shrink_w * shrink_w  # prior weight, as a power variance in W²
        self.tau_s = tau_s
        self.k_band = k_band
        self._t: float | None = None

    def update(self, t: float, temp: FloatArray, power: FloatArray, learn: BoolArray) -> FloatArray:
        p = self.lag.update(t, power)
        alpha = 0.0 if self._t is None else 1.0 - math.exp(-(t - self._t) / self.tau_s)
        self._t = t
        ok = learn & ~np.isnan(temp) & ~np.isnan(p)
        first = ok & np.isnan(self.m_p)
        self.m_p = np.where(first, p, self.m_p)
        self.m_t = np.where(first, temp, self.m_t)
        upd = ok & ~first
        dp = p - self.m_p
        dt_ = temp - self.m_t
        self.m_p = np.where(upd, self.m_p + alpha * dp, self.m_p)
        self.m_t = np.where(upd, self.m_t + alpha * dt_, self.m_t)
        self.c_pt = np.where(upd, (1 - alpha) * (self.c_pt + alpha * dp * dt_), self.c_pt)
        self.v_p = np.where(upd, (1 - alpha) * (self.v_p + alpha * dp * dp), self.v_p)
        k = (self.c_pt + self.shrink_w2 * self.k_prior) / (self.v_p + self.shrink_w2)
        # Ambient drift correlated with a load trend can fake any slope over short windows;
        # keep k within a physical band around the prior.
        self.k = np.clip(k, self.k_band[0] * self.k_prior, self.k_band[1] * self.k_prior)
        return np.asarray(temp - self.k * p)
