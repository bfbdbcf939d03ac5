"""Slow degradations that end in a GPU failure, for scoring the failure forecast.

Field experience (priors.md, the Xid catalog): HBM that is going to fail throws correctable
(SBE) errors at a rate that grows over days, the row remapper spends spare rows, a remap goes
pending, and then an uncorrectable error (DBE, Xid 48) takes the GPU down. A degradation here
is that trajectory for one GPU: an SBE rate that grows exponentially from about one a day at
onset to ``final_rate_per_day`` at the failure, a correctable row remap per ``sbe_per_remap``
errors, a pending remap in the last ``pending_s`` before the failure, then DBE + Xid 48.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

F64 = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Degradation:
    gpu: int  # index into the topology's GPUs
    onset: float
    failure_at: float
    start_rate_per_day: float = 1.0
    final_rate_per_day: float = 300.0
    sbe_per_remap: float = 40.0
    pending_s: float = 12 * 3600.0

    @property
    def tau_s(self) -> float:
        """e-folding time of the SBE rate."""
        growth = math.log(self.final_rate_per_day / self.start_rate_per_day)
        return (self.failure_at - self.onset) / growth

    def rate_per_s(self, ts: F64) -> F64:
        x = np.clip(ts - self.onset, 0.0, self.failure_at - self.onset)
        on = (ts >= self.onset) & (ts < self.failure_at)
        return np.where(on, self.start_rate_per_day / 86400.0 * np.exp(x / self.tau_s), 0.0)

    def expected_errors(self, ts: F64) -> F64:
        """Expected SBE count since onset (the integral of the rate)."""
        x = np.clip(ts - self.onset, 0.0, self.failure_at - self.onset)
        return self.start_rate_per_day / 86400.0 * self.tau_s * np.expm1(x / self.tau_s)


def plan_degradations(
    rng: np.random.Generator,
    n_gpus: int,
    start: float,
    duration_s: float,
    count: int,
    exclude: set[int],
) -> tuple[list[Degradation], set[int]]:
    """``count`` degrading GPUs (failures spread over the window and up to two days past its
    end) and three decoys (steady high SBE, PCIe replays, NVLink CRC) that never fail."""
    pool = np.array([i for i in range(n_gpus) if i not in exclude], dtype=np.intp)
    picked = rng.choice(pool, size=min(count + 3, pool.size), replace=False)
    degs: list[Degradation] = []
    for i, gpu in enumerate(picked[:count]):
        failure = start + duration_s * (0.45 + 0.75 * i / max(count - 1, 1))
        days = float(rng.uniform(3.0, 4.5))
        degs.append(Degradation(int(gpu), failure - days * 86400.0, failure))
    return degs, {int(g) for g in picked[count:]}


def degradation_counters(
    ts: F64, degs: list[Degradation], n_gpus: int, rng: np.random.Generator
) -> dict[str, F64]:
    """Per-sample SBE increments and the absolute remap / pending / DBE / Xid values."""
    nt = len(ts)
    dt = float(ts[1] - ts[0]) if nt > 1 else 15.0
    out = {k: np.zeros((nt, n_gpus)) for k in ("sbe_inc", "remapped", "pending", "dbe", "xid")}
    for d in degs:
        out["sbe_inc"][:, d.gpu] = rng.poisson(d.rate_per_s(ts) * dt)
        out["remapped"][:, d.gpu] = np.floor(d.expected_errors(ts) / d.sbe_per_remap)
        out["pending"][:, d.gpu] = (ts >= d.failure_at - d.pending_s) & (ts < d.failure_at)
        failed = ts >= d.failure_at
        out["dbe"][:, d.gpu] = failed
        out["xid"][:, d.gpu] = np.where(failed, 48.0, 0.0)
    return out
