"""Human-readable rendering of incidents, detector statistics and ground-truth scoring."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence

from gpufleet.agents.noc.detector import DetectorStats
from gpufleet.bus.events import Incident, Severity
from gpufleet.evals.scoring import matches
from gpufleet.telemetry.truth import GroundTruth

_SEV_MARK = {Severity.CRITICAL: "CRIT", Severity.WARNING: "WARN", Severity.INFO: "INFO"}


def utc(t: float) -> str:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def incident_block(inc: Incident) -> str:
    lines = [
        f"[{_SEV_MARK[inc.severity]}] {inc.incident_id}  {inc.family.value.upper()} at "
        f"{inc.root_entity} (scope: {inc.scope.value}, phase: {inc.phase.value})",
        f"    opened {utc(inc.opened_at)} UTC, last evidence {utc(inc.last_anomaly_at)} UTC",
        f"    symptoms: {', '.join(inc.symptoms)}",
        f"    affected: {', '.join(inc.entities[:8])}"
        + (f" (+{len(inc.entities) - 8} more)" if len(inc.entities) > 8 else ""),
    ]
    if inc.context_entities:
        lines.append(
            f"    context:  {', '.join(inc.context_entities[:8])}"
            + (f" (+{len(inc.context_entities) - 8})" if len(inc.context_entities) > 8 else "")
        )
    if inc.jobs:
        lines.append(f"    jobs:     {', '.join(inc.jobs)}")
    if inc.xids:
        lines.append(f"    xids:     {', '.join(map(str, inc.xids))}")
    lines.append(
        f"    evidence: {inc.anomaly_count} anomalies "
        f"({inc.suppressed_count} duplicates suppressed)"
    )
    for msg in inc.summary.splitlines():
        lines.append(f"      - {msg}")
    return "\n".join(lines)


def stats_block(stats: DetectorStats) -> str:
    artifacts = sum(stats.artifacts_by_field.values())
    resets = sum(stats.counter_resets_by_field.values())
    lines = [
        f"ticks {stats.ticks:,}  samples {stats.samples:,}  anomalies {stats.anomalies:,}  "
        f"rejected ticks {stats.rejected_ticks}",
        f"telemetry artifacts cleaned (blank sentinels, impossible values): {artifacts:,}"
        f" across {len(stats.artifacts_by_field)} fields; counter resets handled: {resets}",
    ]
    if stats.unknown_entities:
        lines.append(f"unknown entities ignored: {len(stats.unknown_entities)}")
    if stats.unknown_fields:
        lines.append(f"unknown fields ignored: {', '.join(sorted(stats.unknown_fields))}")
    info = {s: n for s, n in stats.anomalies_by_symptom.items() if s.startswith("xid_")}
    if info:
        lines.append("log signals: " + ", ".join(f"{s} ×{n}" for s, n in sorted(info.items())))
    for err in stats.errors[:5]:
        lines.append(f"error: {err}")
    return "\n".join(lines)


def truth_block(truth: Sequence[GroundTruth], incidents: Iterable[Incident]) -> str:
    """Each injected fault: which incident found it and how long after onset."""
    incs = list(incidents)
    lines = []
    for gt in truth:
        hits = [i for i in incs if covers(i, gt)]
        if gt.benign:
            verdict = (
                "no incident (correct)" if not hits else f"{len(hits)} incident(s): false positive"
            )
        elif hits:
            first = min(hits, key=lambda i: i.opened_at)
            verdict = (
                f"found by {first.incident_id} after {first.opened_at - gt.onset:.0f} s "
                f"(limit {gt.max_delay_s:.0f} s), scope {first.scope.value}"
            )
        else:
            verdict = "MISSED"
        kind = "red herring" if gt.benign else "fault"
        lines.append(f"  {kind:11s} {gt.fault_class:22s} at {gt.root_entity:14s} → {verdict}")
    return "\n".join(lines)


def covers(inc: Incident, gt: GroundTruth) -> bool:
    """Does this incident point at the ground truth's root cause (see evals.scoring.matches)?

    For a benign truth, any incident on the red herring's node counts: it is a false page."""
    if matches(inc, gt):
        return True
    return (
        gt.benign
        and inc.opened_at >= gt.onset
        and any(e.startswith(gt.root_entity + "/") for e in inc.entities)
    )
