"""What the performance analyses find: small, strict, typed results (a leaf module).

Every finding names the entities and, where a job is involved, its user and team, and says how
much it costs in GPU-hours (or throughput / energy) so the recommendations can be ranked.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class JobRef(_Model):
    job_id: str
    user: str
    team: str
    kind: str = ""


class WasteFinding(_Model):
    """A job that holds GPUs and does little or nothing with them."""

    job: JobRef
    kind: Literal["idle", "under_used", "cpu_only"]
    gpus: tuple[str, ...]
    allocated_gpu_hours: float
    wasted_gpu_hours: float
    mean_util_pct: float
    host_cpu_pct: float


class GapFinding(_Model):
    """Recurring idle gaps inside a job, with their period and likely cause."""

    job: JobRef
    gpus: tuple[str, ...]
    period_s: float
    gap_share: float
    cause: Literal["data_loading", "checkpointing", "synchronization", "unknown"]
    wasted_gpu_hours: float
    chunks_periodic: int
    chunks_analysed: int


class LeakFinding(_Model):
    """Frame-buffer use growing steadily inside a job (robust Theil-Sen slope)."""

    job: JobRef
    gpu: str
    slope_mib_per_h: float
    duration_h: float
    growth_mib: float
    hours_to_full: float | None


class ThrottleFinding(_Model):
    job: JobRef
    reason: Literal["thermal", "power"]
    gpus: tuple[str, ...]
    throttled_share: float  # of the job's busy GPU-time
    throttled_gpu_hours: float


class PowerTarget(_Model):
    """One rack's power-limit change: raise where cool and capped, lower where hot."""

    rack: str
    nodes: tuple[str, ...]
    action: Literal["raise", "lower"]
    current_w: float
    proposed_w: float
    p95_temp_c: float
    headroom_c: float
    thermal_share: float
    capped_share: float
    busy_gpu_hours: float
    gain_pct: float  # expected throughput change of the rack's busy GPU-time
    gain_gpu_hours: float
    energy_kwh_delta: float


class TeamCharge(_Model):
    team: str
    gpu_hours: float
    idle_gpu_hours: float
    energy_kwh: float


class HealthScore(_Model):
    gpu: str
    score: float  # 0 (failing) .. 100 (healthy)
    factors: dict[str, float]  # factor → points taken off
    previous: float | None = None  # the last stored score (kept across restarts)


class RiskForecast(_Model):
    gpu: str
    risk: float  # 0..1
    reasons: tuple[str, ...]
    first_flagged_at: float  # when the forecast first named this GPU in the window
    horizon_days: float


class Caveat(_Model):
    """An analysis the data cannot support, said plainly rather than guessed."""

    analysis: str
    reason: str
