"""Text and JSON renderings of a diagnosis, its plan and pending approvals (for the CLI).

Model text (the explanation) is shown through :func:`graph.models.chat.shown_model_text`
(marked "model (unverified): …" and cleaned), and the fallback reason and evidence summaries,
which quote model and fleet text, through :func:`~graph.models.chat.clean_text`: nothing a
model or a log line says reaches the terminal or a JSON consumer as escapes, hidden
characters, mentions or links, or passes as the system's own words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gpufleet.agents.chat.claims import shown_explanation
from gpufleet.agents.sre.runner import RunReport
from gpufleet.bus.events import Phase
from gpufleet.graph.approvals.ledger import StepClaim
from gpufleet.graph.models.chat import clean_text

_RISK_MARK = {"read": " ", "mutate": "!", "destructive": "‼"}


def diagnosis_json(report: RunReport) -> dict[str, Any]:
    dx = report.diagnosis
    doc: dict[str, Any] = {
        "incident_id": report.incident_id,
        "thread_id": report.thread_id,
        "outcome": report.outcome,
        "outcome_reason": outcome_reason(report),
        "pending_approval": report.pending_approval,
        "pending_settlement": report.pending_settlement,
    }
    if dx is None:
        return doc
    cited = set(dx.cited_evidence)
    for h in dx.hypotheses:
        cited |= set(h.evidence_ids)
    doc |= {
        "root_causes": [
            {
                "rank": i + 1,
                "card_id": h.card_id,
                "title": h.title,
                "score": h.score,
                "reasons": list(h.reasons),
                "supporting": list(h.supporting),
                "contradicting": list(h.contradicting),
                "evidence_ids": list(h.evidence_ids),
            }
            for i, h in enumerate(dx.hypotheses)
        ],
        "method": dx.method,
        "model": dx.model,
        "fallback": clean_text(dx.fallback) if dx.fallback else None,
        "explanation": shown_explanation(dx),
        "evidence_cited": [
            e.model_dump(mode="json") for e in dx.evidence if e.evidence_id in cited
        ],
        "evidence_count": len(dx.evidence),
        "findings": [f.model_dump(mode="json") for f in dx.findings],
        "runbook": {
            "id": dx.runbook_id,
            "version": dx.runbook_version,
            "steps": [s.model_dump(mode="json") for s in dx.plan],
            "notes": report.plan_notes,
        },
        "results": [r.model_dump(mode="json") for r in report.results],
    }
    return doc


def diagnosis_text(report: RunReport) -> str:
    dx = report.diagnosis
    if dx is None:
        return f"incident {report.incident_id}: no diagnosis ({report.outcome})"
    lines = [f"diagnosis of {dx.incident_id} ({dx.method}"]
    if dx.model:
        lines[0] += f", re-ranked by {dx.model}"
    lines[0] += ")"
    if dx.fallback == "no model configured":
        lines.append("  ranking: deterministic (no model configured)")
    elif dx.fallback:
        lines.append(f"  model not used: {clean_text(dx.fallback)} → deterministic ranking")
    lines.append("  root causes:")
    for i, h in enumerate(dx.hypotheses[:5], 1):
        lines.append(f"   {i}. {h.card_id:<34} {h.score:5.2f}  {h.title}")
        for r in h.reasons[:3]:
            lines.append(f"        · {r}")
    explanation = shown_explanation(dx)
    if explanation:
        lines.append(f"  explanation: {explanation}")
        if dx.cited_evidence:
            lines.append(f"    cites {', '.join(dx.cited_evidence)}")
    by_id = {e.evidence_id: e for e in dx.evidence}
    top = dx.top
    if top and top.evidence_ids:
        lines.append("  evidence behind the top cause:")
        for eid in top.evidence_ids[:6]:
            e = by_id.get(eid)
            if e is not None:
                lines.append(f"    {eid} [{e.layer}] {clean_text(e.summary)}")
    if dx.runbook_id:
        lines.append(f"  runbook: {dx.runbook_id} v{dx.runbook_version}")
        for s in dx.plan:
            mark = _RISK_MARK[s.risk]
            gate = (
                "needs approval"
                if s.needs_approval and not s.preapproved_by
                else (f"pre-approved ({s.preapproved_by})" if s.preapproved_by else "")
            )
            tail = f"  [{gate}]" if gate and s.risk != "read" else ""
            miss = f"  (needs {', '.join(s.unresolved)})" if s.unresolved else ""
            lines.append(f"   {mark}{s.index:>2}. {s.tool:<28} {s.name}{tail}{miss}")
        for note in report.plan_notes:
            lines.append(f"    note: {note}")
    else:
        lines.append("  no runbook: escalate to a person")
    if report.results:
        lines.append("  executed so far:")
        for act in report.results:
            who = f" by {act.initiator}" if act.initiator != "agent" else ""
            err = f": {act.error}" if act.error else ""
            lines.append(f"    {act.tool:<28} {act.status}{who}{err}")
            if act.query:
                lines.append("      $ " + act.query.replace("\n", "\n      $ "))
    if report.pending_settlement:
        lines.append(
            f"  ESCALATED, outcome unknown: a person settles {report.pending_settlement}: "
            f"gpufleet settle {report.pending_settlement} --outcome done|not-done|retry "
            "--by NAME --reason TEXT"
        )
    elif report.pending_approval:
        lines.append(
            f"  PAUSED for approval {report.pending_approval}: "
            f"gpufleet approve {report.pending_approval} --by NAME --reason TEXT "
            f"(or gpufleet reject …)"
        )
    else:
        why = outcome_reason(report)
        lines.append(f"  outcome: {report.outcome}" + (f" ({why})" if why else ""))
    return "\n".join(lines)


def outcome_reason(report: RunReport) -> str | None:
    """Why the run ended as it did: the reason of the agent's last move of the incident to
    resolved or escalated (who rejected and why, a dry run, a failed verification)."""
    inc = report.incident
    if inc is None or report.outcome not in ("done", "escalated", "rejected", "blocked"):
        return None
    for change in reversed(inc.history):
        if change.by == "sre" and change.phase in (Phase.RESOLVED, Phase.ESCALATED):
            return clean_text(change.reason) or None
    return None


def unknown_text(claims: Sequence[StepClaim]) -> str:
    """Steps that were started and never reported back: each waits for a person to settle."""
    out = [f"{len(claims)} step(s) with an unknown outcome (escalated; settle each):"]
    for c in claims:
        out.append(
            f"  {c.step_key}  {c.describe()}\n"
            f"      incident {c.incident_id or '?'}: gpufleet settle {c.step_key} "
            "--outcome done|not-done|retry --by NAME --reason TEXT"
        )
    return "\n".join(out)


def approvals_text(
    rows: Sequence[Any],
    attached: Mapping[str, Sequence[Any]] | None = None,
    withdrawn: Sequence[Any] = (),
) -> str:
    out = [f"{len(rows)} pending approval(s):" if rows else "no pending approvals"]
    for r in rows:
        args = ", ".join(f"{k}={v}" for k, v in sorted(r.args.items()))
        where = (
            f"proposed by {r.requested_by}: {r.summary}"
            if r.requested_by
            else f"runbook {r.runbook_id} v{r.runbook_version}, step {r.step_index}: {r.step_name}"
        )
        out.append(f"  {r.approval_id}  {r.risk:<11} {r.tool}({args})")
        out.append(f"      incident {r.incident_id}, {where}")
        for a in (attached or {}).get(r.approval_id, ()):
            out.append(f"      also asked for by incident {a.incident_id} ({a.approval_id})")
    if withdrawn:
        out.append(f"{len(withdrawn)} withdrawn (nothing to decide):")
        for w in withdrawn:
            args = ", ".join(f"{k}={v}" for k, v in sorted(w.args.items()))
            out.append(f"  {w.approval_id}  {w.tool}({args})  incident {w.incident_id}")
            out.append(f"      {w.reason}")
    return "\n".join(out)
