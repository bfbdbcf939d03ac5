"""Block Kit from an incident card: pure functions, card in, JSON-ready dicts out.

The one message per incident says what, where, how bad, the top causes with the evidence behind
them, the proposed runbook with its blast radius, and an Approve / Reject pair for every step
that waits for a person (the button's value is the approval id; nothing else in a click is
trusted). Every piece of fleet or model text goes through :mod:`service.slack.text`; our own
words do not need to. Sizes stay inside Slack's limits (50 blocks, 3,000 characters a section,
150 a header, 10 fields) by clipping, never by failing.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any, Final

from gpufleet.agents.chat.claims import shown_explanation
from gpufleet.bus.events import Diagnosis, Evidence, Hypothesis, Incident, Severity
from gpufleet.graph.approvals.store import WITHDRAWN_BY
from gpufleet.service.slack.blast import BlastRadius, blast_radius
from gpufleet.service.slack.card import FollowUp, IncidentCard, StepView
from gpufleet.service.slack.text import LINE, SHORT, clip, escape_mrkdwn, untrusted

Block = dict[str, Any]

APPROVE_ACTION: Final = "gpufleet_approve"
REJECT_ACTION: Final = "gpufleet_reject"
DECISION_VIEW: Final = "gpufleet_decision"
REASON_BLOCK: Final = "reason"
REASON_INPUT: Final = "reason_input"
MAX_CAUSES: Final = 3
MAX_EVIDENCE_PER_CAUSE: Final = 3
MAX_STEPS: Final = 15
_SECTION_LIMIT: Final = 2900
_HEADER_LIMIT: Final = 150
# A skipped step (its tool not configured here) or a refused one is not a failure: no red ✗.
_OUTCOME_ICON: Final = {
    "ok": ":large_green_circle:",
    "not_configured": ":fast_forward:",
    "denied": ":no_entry_sign:",
    "pending_approval": ":hourglass:",
}
_OUTCOME_LABEL: Final = {"not_configured": "skipped", "denied": "refused"}
_SEVERITY_ICON: Final = {
    Severity.CRITICAL: ":red_circle:",
    Severity.WARNING: ":large_orange_circle:",
    Severity.INFO: ":large_blue_circle:",
}


def when(t: float | None) -> str:
    if t is None:
        return "time not known"
    try:
        return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%SZ")
    except (OverflowError, OSError, ValueError):
        return f"t={t:.0f}"


def _mrkdwn(text: str) -> dict[str, Any]:
    # verbatim: Slack must not turn text into links or channel references on its own
    return {"type": "mrkdwn", "text": clip(text, _SECTION_LIMIT), "verbatim": True}


def _section(text: str) -> Block:
    return {"type": "section", "text": _mrkdwn(text)}


def _context(text: str) -> Block:
    return {"type": "context", "elements": [_mrkdwn(text)]}


def incident_blocks(card: IncidentCard) -> list[Block]:
    """The whole message for ``card``."""
    blocks: list[Block] = [_header(card)]
    if card.incident is not None:
        blocks.extend(_incident_summary(card.incident))
    dx = card.diagnosis
    if dx is None:
        blocks.append(_context("Diagnosis in progress…"))
    else:
        blocks.extend(_causes(dx))
        blocks.extend(_plan(card, dx))
    blocks.append(_context(f"gpufleet · incident `{untrusted(card.incident_id, SHORT)}`"))
    return blocks[:50]


def incident_text(card: IncidentCard) -> str:
    """The notification / fallback text (what a phone shows)."""
    inc = card.incident
    if inc is None:
        return f"gpufleet incident {untrusted(card.incident_id, SHORT)}"
    waiting = sum(1 for s in card.steps if s.awaiting_person)
    tail = f" — {waiting} step(s) wait for approval" if waiting else ""
    return (
        f"{inc.severity.name} {untrusted(inc.title, SHORT)} on "
        f"{untrusted(inc.root_entity, SHORT)} ({inc.phase.value}){tail}"
    )


def _header(card: IncidentCard) -> Block:
    inc = card.incident
    if inc is None:
        title = f"Incident {untrusted(card.incident_id, SHORT)}"
    else:
        title = f"{inc.severity.name}: {untrusted(inc.title, _HEADER_LIMIT)}"
    return {
        "type": "header",
        "text": {"type": "plain_text", "text": clip(title, _HEADER_LIMIT), "emoji": False},
    }


def _incident_summary(inc: Incident) -> list[Block]:
    icon = _SEVERITY_ICON.get(inc.severity, "")
    where = untrusted(inc.root_entity, SHORT)
    if inc.nodes:
        where += f" (nodes {_names(inc.nodes)})"
    fields = [
        f"*What*\n{inc.family.value}: {_names(inc.symptoms)}",
        f"*Where*\n{where}, scope {inc.scope.value}",
        f"*Severity*\n{icon} {inc.severity.name}",
        f"*Phase*\n{inc.phase.value}",
        f"*Opened*\n{when(inc.opened_at)}",
        f"*Anomalies*\n{inc.anomaly_count} ({inc.suppressed_count} duplicates absorbed)",
    ]
    blocks: list[Block] = [{"type": "section", "fields": [_mrkdwn(f) for f in fields]}]
    if inc.summary:
        blocks.append(_context(untrusted(inc.summary, LINE)))
    if not inc.trusted:
        blocks.append(
            _context(
                ":warning: Opened only by an unauthenticated source "
                f"({untrusted(inc.provenance, SHORT)}): state-changing steps are shown, and "
                "never run until gpufleet's own telemetry or a person corroborates it."
            )
        )
    return blocks


def _names(items: Iterable[object], limit: int = 6) -> str:
    items = list(items)
    shown = ", ".join(untrusted(i, SHORT) for i in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "") or "none"


def _causes(dx: Diagnosis) -> list[Block]:
    if not dx.hypotheses:
        return [_section("*Top causes*\nNo failure mode in the knowledge base matches.")]
    evidence = {e.evidence_id: e for e in dx.evidence}
    lines = ["*Top causes*"]
    shown: set[str] = set()
    for rank, hyp in enumerate(dx.hypotheses[:MAX_CAUSES], start=1):
        lines.append(_cause_line(rank, hyp))
        cited = [evidence[i] for i in hyp.evidence_ids if i in evidence][:MAX_EVIDENCE_PER_CAUSE]
        # each piece of evidence is written out once, under the first cause citing it; a
        # later cause names it by id (the same line under every cause says nothing new)
        lines.extend(_evidence_line(e) for e in cited if e.evidence_id not in shown)
        again = [e.evidence_id for e in cited if e.evidence_id in shown]
        if again:
            ids = ", ".join(f"`{untrusted(i, 8)}`" for i in again)
            lines.append(f"      • also {ids} (above)")
        shown.update(e.evidence_id for e in cited)
    blocks = [_section("\n".join(lines))]
    if dx.explanation:
        blocks.append(_context(escape_mrkdwn(shown_explanation(dx))))
    if dx.fallback:
        blocks.append(_context(f"Model answer not used: {untrusted(dx.fallback, LINE)}"))
    return blocks


def _cause_line(rank: int, hyp: Hypothesis) -> str:
    reasons = "; ".join(untrusted(r, 120) for r in hyp.reasons[:2])
    line = f"{rank}. *{untrusted(hyp.title, SHORT)}* (`{untrusted(hyp.card_id, SHORT)}`, "
    line += f"score {hyp.score:.2f})"
    return line + (f" — {reasons}" if reasons else "")


def _evidence_line(e: Evidence) -> str:
    return f"      • `{untrusted(e.evidence_id, 8)}` {untrusted(e.summary, 200)}"


def _plan(card: IncidentCard, dx: Diagnosis) -> list[Block]:
    if dx.runbook_id is None:
        return [_section("*Runbook*\nNone proposed: a person decides what to do.")]
    blast = blast_radius(dx, card.incident)
    version = f" v{dx.runbook_version}" if dx.runbook_version is not None else ""
    blocks: list[Block] = [
        {"type": "divider"},
        _section(
            f"*Runbook* `{untrusted(dx.runbook_id, SHORT)}`{version}\n*Blast radius* "
            + _blast_text(blast)
        ),
    ]
    for view in card.steps[:MAX_STEPS]:
        blocks.append(_section(_step_line(view)))
        if view.awaiting_person and view.approval_id is not None:
            blocks.append(_buttons(view))
    if len(card.steps) > MAX_STEPS:
        blocks.append(_context(f"{len(card.steps) - MAX_STEPS} more step(s): see the CLI"))
    return blocks


def _blast_text(b: BlastRadius) -> str:
    parts = [f"target nodes: {_names(b.nodes) if b.nodes else 'none'}"]
    parts.append(f"jobs: {_names(b.jobs) if b.jobs else 'none known'}")
    if b.users:
        parts.append(f"users: {_names(b.users)}")
    if b.gpu_hours is not None:
        parts.append(f"{b.gpu_hours:,.1f} GPU-hours of running work on them")
    return "; ".join(parts)


def _args(view: StepView) -> str:
    # key=value as written: a JSON dump would show its own quoting (\") around the values
    text = ", ".join(f"{k}={v}" for k, v in sorted(view.step.args.items()))
    return untrusted(text, 160)


def _step_line(view: StepView) -> str:
    s = view.step
    head = f"`{s.index + 1}.` *{untrusted(s.name or s.tool, SHORT)}* — `{untrusted(s.tool, SHORT)}`"
    head += f" {_args(view)} ({s.risk})"
    return f"{head}\n{_step_status(view)}"


def _step_status(view: StepView) -> str:
    s, d, o = view.step, view.decision, view.outcome
    parts = []
    if s.preapproved_by:
        parts.append(f"pre-approved by `{untrusted(s.preapproved_by, SHORT)}`")
    if s.unresolved:
        parts.append("shown only: the incident could not fill " + _names(s.unresolved))
    if d is not None and d.by == WITHDRAWN_BY:  # not a person's decision: nothing to decide
        parts.append(f":heavy_minus_sign: {untrusted(d.reason or 'withdrawn', LINE)}")
    elif d is not None:
        icon = ":white_check_mark:" if d.decision == "approved" else ":no_entry_sign:"
        parts.append(f"{icon} {d.decision} by *{untrusted(d.by, SHORT)}* at {when(d.at)}")
    if o is not None:
        parts.append(_outcome_text(view))
    if not parts:
        parts.append(":hourglass: waits for a person" if view.awaiting_person else _not_yet(view))
    return " · ".join(parts)


def _not_yet(view: StepView) -> str:
    if view.step.risk == "read":
        return "read-only: runs by itself"
    return "not reached yet" if view.approval_id is None else "proposed"


def _outcome_text(view: StepView) -> str:
    o = view.outcome
    assert o is not None
    if o.unknown:
        return ":question: outcome unknown: check the node, then `gpufleet settle`"
    if o.status == "dry_run" or (o.dry_run and o.status == "ok"):
        # what it would have run is the point of a dry run: say it, exactly
        ran = f": would have run `{untrusted(o.query, 300)}`" if o.query else ""
        return f":memo: dry run, nothing changed{ran}"
    icon = _OUTCOME_ICON.get(o.status, ":x:")
    label = _OUTCOME_LABEL.get(o.status, untrusted(o.status, SHORT))
    text = f"{icon} {label}"
    if o.error:
        text += f": {untrusted(o.error.removeprefix('skipped: '), 200)}"
    if o.query and o.status == "ok":
        text += f" (ran `{untrusted(o.query, 300)}`)"
    return text


def _buttons(view: StepView) -> Block:
    assert view.approval_id is not None
    value = view.approval_id
    return {
        "type": "actions",
        "block_id": f"decide-{untrusted(value, 200)}",
        "elements": [
            {
                "type": "button",
                "action_id": APPROVE_ACTION,
                "text": {"type": "plain_text", "text": "Approve"},
                "style": "primary",
                "value": value,
            },
            {
                "type": "button",
                "action_id": REJECT_ACTION,
                "text": {"type": "plain_text", "text": "Reject"},
                "style": "danger",
                "value": value,
            },
        ],
    }


def followup_text(f: FollowUp) -> str:
    """One thread reply: a decision, an outcome, or an outcome nobody knows."""
    v = f.step
    step = f"`{untrusted(v.step.tool, SHORT)}` {_args(v)}"
    if f.kind == "decided" and v.decision is not None and v.decision.by == WITHDRAWN_BY:
        return f"Withdrawn — {step}: {untrusted(v.decision.reason or 'withdrawn', LINE)}"
    if f.kind == "decided" and v.decision is not None:
        d = v.decision
        why = f": {untrusted(d.reason, LINE)}" if d.reason else ""
        return (
            f"{d.decision.capitalize()} by *{untrusted(d.by, SHORT)}* at {when(d.at)} — {step}{why}"
        )
    if f.kind == "unknown_outcome":
        assert v.outcome is not None
        aid = untrusted(v.approval_id or "ID", SHORT)
        return (
            f":question: {step}: {untrusted(v.outcome.error or '', LINE)}\n"
            f"After checking, run `gpufleet settle {aid} --outcome done|not-done|retry "
            "--by NAME --reason TEXT`."
        )
    return f"{step}: {_outcome_text(v)}"


def decision_modal(approval_id: str, decision: str, summary: str) -> dict[str, Any]:
    """The modal asking a person for the reason behind their decision (required). It carries
    no metadata: what a submission decides is what the click that opened it was for, kept by
    the service (``SlackState.bind_modal``), never something the submission says."""
    verb = "Approve" if decision == "approved" else "Reject"
    return {
        "type": "modal",
        "callback_id": DECISION_VIEW,
        "title": {"type": "plain_text", "text": f"{verb} step"},
        "submit": {"type": "plain_text", "text": verb},
        "close": {"type": "plain_text", "text": "Cancel"},
        "blocks": [
            _section(f"{summary}\nApproval `{untrusted(approval_id, SHORT)}`"),
            {
                "type": "input",
                "block_id": REASON_BLOCK,
                "label": {"type": "plain_text", "text": "Reason (goes to the audit log)"},
                "element": {
                    "type": "plain_text_input",
                    "action_id": REASON_INPUT,
                    "multiline": True,
                    "min_length": 3,
                    "max_length": 500,
                },
            },
        ],
    }
