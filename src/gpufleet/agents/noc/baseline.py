"""Learned per-series baselines aware of time of day and workload state.

Each series keeps an exponentially weighted mean and variance per cell, where a cell is
(time-of-day bin × workload state). A GPU at 03:00 running an idle notebook is compared with
itself at night and idle, not with its own afternoon training peak; the diurnal ambient swing
and the load level are both absorbed by the cell.

Memory: float32 mean + float32 variance + uint16 count = 10 bytes per cell; with the default
8 time-of-day bins × 3 workload states that is 240 bytes per series (target ≤ 256).

Values that already deviate beyond the alert threshold are not learned, so a slowly developing
fault does not teach the baseline that "hot is normal".
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

N_WORKLOAD_STATES = 3  # idle (<5 % util), partial (<60 %), busy


def workload_state(util: FloatArray) -> npt.NDArray[np.intp]:
    """0 idle, 1 partial, 2 busy; NaN utilization counts as idle."""
    u = np.nan_to_num(util, nan=0.0)
    return (u >= 5.0).astype(np.intp) + (u >= 60.0).astype(np.intp)


def tod_bin(t: float, bins: int) -> int:
    return int((t % 86400.0) / 86400.0 * bins) % bins


class Baseline:
    __slots__ = ("_alpha_min", "count", "floor", "mean", "min_samples", "n_cells", "var")

    def __init__(
        self, n_series: int, tod_bins: int, halflife_samples: float, floor: float, min_samples: int
    ) -> None:
        self.n_cells = tod_bins * N_WORKLOAD_STATES
        self.mean = np.zeros((n_series, self.n_cells), dtype=np.float32)
        self.var = np.zeros((n_series, self.n_cells), dtype=np.float32)
        self.count = np.zeros((n_series, self.n_cells), dtype=np.uint16)
        self._alpha_min = 1.0 - math.pow(0.5, 1.0 / halflife_samples)
        self.floor = floor
        self.min_samples = min_samples

    @property
    def nbytes(self) -> int:
        return int(self.mean.nbytes + self.var.nbytes + self.count.nbytes)

    def observe(self, x: FloatArray, cell: IntArray, z_limit: float) -> FloatArray:
        """Score ``x`` against its cell, then learn it unless it is anomalous or missing.

        Returns z-scores (NaN where the cell is still warming up or the value is missing).
        """
        rows = np.arange(x.shape[0])
        m = self.mean[rows, cell].astype(np.float64)
        v = self.var[rows, cell].astype(np.float64)
        c = self.count[rows, cell]
        z = (x - m) / np.sqrt(v + self.floor * self.floor)
        ready = c >= self.min_samples
        z = np.where(ready, z, np.nan)
        with np.errstate(invalid="ignore"):
            learn = ~np.isnan(x) & ~(np.abs(z) >= z_limit)
        alpha = np.maximum(1.0 / (c.astype(np.float64) + 1.0), self._alpha_min)
        delta = x - m
        new_m = m + alpha * delta
        new_v = (1.0 - alpha) * (v + alpha * delta * delta)
        r, k = rows[learn], cell[learn]
        self.mean[r, k] = new_m[learn]
        self.var[r, k] = new_v[learn]
        self.count[r, k] = np.minimum(c[learn].astype(np.int64) + 1, 65535).astype(np.uint16)
        return z
