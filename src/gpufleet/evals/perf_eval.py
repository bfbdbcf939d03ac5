"""``gpufleet eval --only PERF``: the performance agent scored on simulated fleets with ground
truth (injected waste, a periodic stall, a leak, a hot rack, slow degradations ending in
failure), against a trivial baseline (flag every GPU under 30 % mean utilization).

Scored per scenario: recommendation precision and recall (job / GPU named with the right kind),
estimated against true wasted GPU-hours (error in %), the failure forecast (precision, recall,
median lead time), and the number of actions proposed on a node an open incident holds (must
be 0)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from gpufleet.agents.perf.holds import Holds
from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import FleetStats, collect
from gpufleet.bus.events import Family, Incident, Scope, Severity
from gpufleet.evals.perf_scoring import ForecastScore, score_forecast
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario

IDLE_KINDS = {"idle_gpus": "idle", "cpu_only_job": "cpu_only", "under_used_gpus": "under_used"}


class PerfScenarioScore(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    gpus: int
    days: float
    precision: float
    recall: float
    gain_error_pct: float  # |estimated - true| / true wasted GPU-hours, over the found waste
    baseline_precision: float
    baseline_recall: float
    forecast: ForecastScore
    actions_on_held_nodes: int


def _truth_waste(fleet: PerfFleet, stats: FleetStats) -> dict[tuple[str, str], float]:
    """True wasted GPU-hours per (kind, job): what the generator made those GPUs do."""
    t, hours = fleet.truth, (stats.end - stats.start) / 3600.0
    size = {j.job_id: len(j.gpus) for j in fleet.jobs}
    out = {("idle_gpus", j): size[j] * hours for j in t.idle_jobs}
    out |= {("cpu_only_job", j): size[j] * hours for j in t.cpu_only_jobs}
    out |= {("under_used_gpus", j): size[j] * hours * 0.88 for j in t.underused_jobs}  # 12 % util
    if t.stall_job:
        s = fleet.scenario
        out[("periodic_gaps", t.stall_job)] = (
            size[t.stall_job] * hours * s.stall_gap_s / s.stall_period_s
        )
    return out


def _found(report: PerfReport) -> dict[tuple[str, str], float]:
    out: dict[tuple[str, str], float] = {}
    for r in report.recommendations:
        if r.kind in (*IDLE_KINDS, "periodic_gaps"):
            out[(r.kind, r.job_id or "")] = r.gain.value
        elif r.kind == "fb_leak":
            out[(r.kind, r.entities[0])] = r.gain.value
    return out


def _baseline(stats: FleetStats, fleet: PerfFleet) -> tuple[float, float]:
    present = stats.gpu["present_s"]
    mean = stats.gpu["util_s"] / present.clip(min=1)
    flagged = {k for k, m, p in zip(stats.gpu_keys, mean, present, strict=True) if p > 0 and m < 30}
    t = fleet.truth
    jobs = (
        t.idle_jobs | t.underused_jobs | t.cpu_only_jobs | ({t.stall_job} if t.stall_job else set())
    )
    bad = {fleet.topology.gpu_keys[g] for j in fleet.jobs if j.job_id in jobs for g in j.gpus}
    if t.leak_gpu:
        bad.add(t.leak_gpu)
    hit = len(flagged & bad)
    return (hit / len(flagged) if flagged else 1.0, hit / len(bad) if bad else 1.0)


def _held_actions(report: PerfReport, fleet: PerfFleet) -> int:
    """Hold the hot rack's first node (an open incident) and count actions still on it."""
    node = next(p.nodes[0] for p in report.power_plan) if report.power_plan else "node-01"
    holds = Holds()
    holds.observe(
        Incident(
            incident_id="inc-eval",
            title="held",
            family=Family.THERMAL,
            scope=Scope.NODE,
            root_entity=node,
            severity=Severity.CRITICAL,
            opened_at=0.0,
            updated_at=0.0,
            last_anomaly_at=0.0,
            entities=(node,),
            nodes=(node,),
            symptoms=("x",),
            anomaly_ids=("a",),
            anomaly_count=1,
        )
    )
    gated = [holds.gate(r) for r in report.recommendations]
    return sum(
        1 for r in gated if r.action is not None and node in str(r.action.args.get("nodes", ""))
    )


def score_scenario(name: str, scenario: PerfScenario) -> PerfScenarioScore:
    fleet = PerfFleet(scenario)
    stats = collect(fleet.chunks(), fleet.jobs)
    report = analyse(stats, name)
    want = _truth_waste(fleet, stats)
    if fleet.truth.leak_gpu:
        want[("fb_leak", fleet.truth.leak_gpu)] = 0.0
    found = _found(report)
    hits = set(found) & set(want)
    errors = [abs(found[k] - want[k]) / want[k] for k in hits if want[k] > 0]
    bp, br = _baseline(stats, fleet)
    return PerfScenarioScore(
        name=name,
        gpus=fleet.topology.n_gpus,
        days=scenario.duration_s / 86400,
        precision=round(len(hits) / len(found), 3) if found else 1.0,
        recall=round(len(hits) / len(want), 3) if want else 1.0,
        gain_error_pct=round(100 * statistics.mean(errors), 1) if errors else 0.0,
        baseline_precision=round(bp, 3),
        baseline_recall=round(br, 3),
        forecast=score_forecast(report.at_risk, fleet.truth.failing, stats.start, stats.end, 3.0),
        actions_on_held_nodes=_held_actions(report, fleet),
    )


def default_scenarios() -> list[tuple[str, PerfScenario]]:
    return [
        (f"week-256gpu-seed{seed}", PerfScenario(racks=4, duration_s=7 * 86400.0, seed=seed))
        for seed in (0, 1)
    ]


def markdown(scores: Sequence[PerfScenarioScore]) -> str:
    lines = [
        "## PERF: performance agent (simulated fleets with ground truth)",
        "",
        "| scenario | GPUs | days | rec. precision | rec. recall | gain error % | baseline P / R |"
        " forecast P / R | median lead h | actions on held nodes |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in scores:
        f = s.forecast
        lines.append(
            f"| {s.name} | {s.gpus} | {s.days:g} | {s.precision:.3f} | {s.recall:.3f} |"
            f" {s.gain_error_pct:.1f} | {s.baseline_precision:.2f} / {s.baseline_recall:.2f} |"
            f" {f.precision:.2f} / {f.recall:.2f} | {f.median_lead_h} | {s.actions_on_held_nodes} |"
        )
    lines += [
        "",
        "Baseline: flag every GPU under 30 % mean utilization (precision / recall on the"
        " GPUs of the wasteful jobs and the leaking GPU).",
    ]
    return "\n".join(lines)
