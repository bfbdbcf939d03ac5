"""Findings → ranked Recommendations (deterministic; templated explanations, no model).

Every recommendation says what it would win (GPU-hours, throughput, or GPU-hours at risk)
and the evidence behind it. Only the power plan proposes a tool call, and that call is a
request for the approval gate, never something this module runs.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpufleet.agents.perf.findings import (
    GapFinding,
    JobRef,
    LeakFinding,
    PowerTarget,
    RiskForecast,
    ThrottleFinding,
    WasteFinding,
)
from gpufleet.agents.perf.gaps import ADVICE
from gpufleet.agents.perf.power import PowerModel
from gpufleet.bus.events import Gain, ProposedAction, Recommendation, RecommendationKind, stable_id

POWER_TOOL = "nvidia_smi.set_power_limit"


def _rec(
    kind: RecommendationKind,
    subject: str,
    title: str,
    entities: Sequence[str],
    gain: Gain,
    window: tuple[float, float],
    evidence: Sequence[str],
    job: JobRef | None = None,
    action: ProposedAction | None = None,
) -> Recommendation:
    return Recommendation(
        recommendation_id=stable_id("rec", kind, subject, window[0], window[1]),
        kind=kind,
        title=title,
        entities=tuple(entities),
        job_id=job.job_id if job else None,
        user=job.user if job else None,
        team=job.team if job else None,
        gain=gain,
        evidence=tuple(evidence),
        action=action,
        risk=action.risk if action else "read",
        window_start=window[0],
        window_end=window[1],
    )


_WASTE_TEXT = {
    "idle": ("idle_gpus", "Reclaim {n} idle GPU(s) held by job {job} ({user}, {team})"),
    "under_used": (
        "under_used_gpus",
        "Right-size job {job} ({user}, {team}): {util:.0f} % mean utilization",
    ),
    "cpu_only": ("cpu_only_job", "Job {job} ({user}, {team}) holds {n} GPU(s) but runs on the CPU"),
}


def _waste(f: WasteFinding, window: tuple[float, float]) -> Recommendation:
    kind, text = _WASTE_TEXT[f.kind]
    j = f.job
    title = text.format(n=len(f.gpus), job=j.job_id, user=j.user, team=j.team, util=f.mean_util_pct)
    evidence = (
        f"{f.allocated_gpu_hours:.1f} GPU-h allocated, {f.wasted_gpu_hours:.1f} GPU-h wasted",
        f"mean GPU utilization {f.mean_util_pct:.1f} %, host CPU {f.host_cpu_pct:.0f} %",
    )
    gain = Gain(
        value=f.wasted_gpu_hours,
        unit="gpu_hours",
        basis="GPU-time below 5 % utilization"
        if f.kind != "under_used"
        else "unused share of the allocated GPU-time",
    )
    return _rec(kind, j.job_id, title, f.gpus, gain, window, evidence, j)  # type: ignore[arg-type]


def _gap(f: GapFinding, window: tuple[float, float]) -> Recommendation:
    title = (
        f"Job {f.job.job_id} ({f.job.user}, {f.job.team}) idles"
        f" {100 * f.gap_share:.0f} % of the time in gaps every {f.period_s:.0f} s"
        f" ({f.cause.replace('_', ' ')}): {ADVICE[f.cause]}"
    )
    evidence = (
        f"period {f.period_s:.0f} s in {f.chunks_periodic}/{f.chunks_analysed} analysed chunks",
        f"gap share {f.gap_share:.3f}, cause {f.cause}",
    )
    gain = Gain(
        value=f.wasted_gpu_hours, unit="gpu_hours", basis="GPU-time in the gaps (upper bound)"
    )
    return _rec("periodic_gaps", f.job.job_id, title, f.gpus, gain, window, evidence, f.job)


def _leak(f: LeakFinding, job_gpus: int, window: tuple[float, float]) -> Recommendation:
    full = f"full in {f.hours_to_full:.0f} h" if f.hours_to_full is not None else "already full"
    title = (
        f"Frame-buffer leak on {f.gpu} in job {f.job.job_id} ({f.job.user}, {f.job.team}):"
        f" +{f.slope_mib_per_h:.0f} MiB/h, {full}; fix the leak or restart from a checkpoint"
    )
    evidence = (
        f"Theil-Sen slope {f.slope_mib_per_h:.1f} MiB/h over {f.duration_h:.1f} h",
        f"growth {f.growth_mib:.0f} MiB",
    )
    gain = Gain(
        value=round(job_gpus * f.duration_h, 1),
        unit="gpu_hours_at_risk",
        basis="the job's GPU-time so far, lost if it dies out of memory without a checkpoint",
    )
    return _rec("fb_leak", f.gpu, title, (f.gpu,), gain, window, evidence, f.job)


def _throttle(f: ThrottleFinding, window: tuple[float, float], model: PowerModel) -> Recommendation:
    title = (
        f"Job {f.job.job_id} ({f.job.user}, {f.job.team}) is thermally throttled"
        f" {100 * f.throttled_share:.0f} % of its busy time; check cooling / see the power plan"
    )
    gain = Gain(
        value=round(f.throttled_gpu_hours * model.thermal_clock_loss, 2),
        unit="gpu_hours",
        basis=f"throttled GPU-time × {model.thermal_clock_loss:.0%} clock loss",
    )
    evidence = (f"{f.throttled_gpu_hours:.1f} GPU-h with SW/HW thermal clock-event reasons",)
    return _rec("thermal_throttling", f.job.job_id, title, f.gpus, gain, window, evidence, f.job)


def _power(t: PowerTarget, window: tuple[float, float]) -> Recommendation:
    verb = "Raise" if t.action == "raise" else "Lower"
    title = (
        f"{verb} the power limit of {t.rack} from {t.current_w:.0f} W to {t.proposed_w:.0f} W"
        f" ({t.gain_pct:+.1f} % throughput, {t.energy_kwh_delta:+.0f} kWh)"
    )
    evidence = (
        f"busy p95 temperature {t.p95_temp_c:.0f} °C, headroom {t.headroom_c:.1f} °C",
        f"power-capped {100 * t.capped_share:.0f} %, thermally throttled"
        f" {100 * t.thermal_share:.1f} % of busy time",
    )
    action = ProposedAction(
        tool=POWER_TOOL,
        args={"nodes": ",".join(t.nodes), "gpu": "all", "watts": t.proposed_w},
        risk="mutate",
    )
    gain = Gain(
        value=t.gain_gpu_hours,
        unit="gpu_hours",
        energy_kwh=t.energy_kwh_delta,
        basis="throughput ∝ limit^(1/3) while capped; 15 % clock loss while thermally throttled",
    )
    return _rec("power_limit", t.rack, title, t.nodes, gain, window, evidence, action=action)


def _risk(f: RiskForecast, window: tuple[float, float]) -> Recommendation:
    title = (
        f"{f.gpu} is likely to fail within {f.horizon_days:.0f} days (risk {f.risk:.2f}):"
        " drain it and open a hardware ticket in the next maintenance window"
    )
    gain = Gain(
        value=round(f.risk * f.horizon_days * 24, 1),
        unit="gpu_hours_at_risk",
        basis="risk × the GPU's hours in the horizon",
    )
    return _rec("failure_risk", f.gpu, title, (f.gpu,), gain, window, f.reasons)


def recommend(
    window: tuple[float, float],
    waste: Sequence[WasteFinding] = (),
    gaps: Sequence[GapFinding] = (),
    leaks: Sequence[LeakFinding] = (),
    throttled: Sequence[ThrottleFinding] = (),
    plan: Sequence[PowerTarget] = (),
    risks: Sequence[RiskForecast] = (),
    job_sizes: dict[str, int] | None = None,
    model: PowerModel | None = None,
) -> list[Recommendation]:
    """All recommendations, ranked by expected gain (GPU-hours; at-risk hours count too)."""
    model = model or PowerModel()
    sizes = job_sizes or {}
    recs = [
        *(_waste(f, window) for f in waste),
        *(_gap(f, window) for f in gaps),
        *(_leak(f, sizes.get(f.job.job_id, 1), window) for f in leaks),
        *(_throttle(f, window, model) for f in throttled),
        *(_power(t, window) for t in plan),
        *(_risk(f, window) for f in risks),
    ]
    return sorted(recs, key=lambda r: (-r.gain.value, r.recommendation_id))
