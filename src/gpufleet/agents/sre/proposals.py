"""Actions proposed from outside the diagnosis graph, and running them once a person approves.

An operator's own agent (over MCP, later the chat) may ask for a state-changing step: drain a
node, reset a GPU, requeue a job. It never runs it. :func:`propose` checks the request and
stores it as an approval request under the same store, policy and audit as the graph's own
steps; a person decides it with ``gpufleet approve`` (or the API, or Slack) by the one rule of
:mod:`graph.approvals.decide`; :func:`run_approved` runs it afterwards.

The rules of :func:`propose` (a refusal raises :class:`ProposalRefusedError`, and is audited):

* the tool is a registered state-changing tool and the arguments validate against its model;
* the arguments name at least one target, and every target (node, GPU, rack, job, NIC) is an
  entity of the incident's evidence: a proposal can neither widen an incident nor invent one;
* the same action on the same target (:func:`graph.approvals.store.step_digest`: tool and
  arguments but the free-text ones) already ran, and nothing ran on that node since (a
  resume after a drain supersedes it): refused, naming the approval that ran it;
* the request records who asked (``requested_by``: the caller's token identity, set by the
  front end); that grants nothing. Free text (the reason, a ``reason`` argument) is cleaned
  and bounded (:func:`graph.executors.slurm.clean_reason` for a SLURM reason) before it is
  stored, so what a person approves is what runs.

A proposal is an approval request on a thread whose id starts with :data:`PROPOSAL_PREFIX`:
there is no LangGraph thread behind it, so no diagnosis resumes it. :func:`run_approved` takes
each approved, unconsumed proposal, claims it in the :class:`ExecutionLedger` and runs it
through :meth:`ApprovalGate.execute` with its own approval: at most once, ever, in any number
of processes. A claim without a result (the process died while it ran) is never re-run here; it
is an unknown outcome, listed by ``gpufleet approvals`` for a person to settle, and a ``retry``
settlement's approval runs here like any other proposal.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Final

from pydantic import ValidationError

from gpufleet.agents.sre.plan import step_targets
from gpufleet.bus.events import ActionResult, Event, Incident, PlannedStep, Scalar, stable_id
from gpufleet.graph.approvals.audit import AuditRecord
from gpufleet.graph.approvals.gate import ActionContext, ApprovalGate
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Policy, approval_grant
from gpufleet.graph.approvals.store import (
    ApprovalRecord,
    ApprovalRequest,
    ApprovalStore,
    step_digest,
)
from gpufleet.graph.models.chat import clean_text
from gpufleet.graph.tools import Risk, ToolCall, ToolResult, UnknownToolError

logger = logging.getLogger(__name__)

PROPOSAL_PREFIX: Final = "proposal:"
MAX_REASON: Final = 300
MAX_REQUESTER: Final = 120
_UNSAFE: Final = re.compile(r"[^A-Za-z0-9._:-]")


class ProposalRefusedError(ValueError):
    """The proposal was not stored; the message says why (unknown tool, bad arguments, a
    target outside the incident's evidence)."""


@dataclass(frozen=True)
class Proposal:
    request: ApprovalRequest  # as stored (a repeated proposal returns the first one)
    record: ApprovalRecord  # its current state: pending, or decided already
    who_may_approve: str


@dataclass(frozen=True)
class ProposalRun:
    request: ApprovalRequest
    result: ToolResult
    ran: bool  # False: claimed before (its recorded result, or an unknown outcome)


def proposal_thread(requested_by: str) -> str:
    """The thread id a requester's proposals share (file-name safe: thread ids name files)."""
    return PROPOSAL_PREFIX + _UNSAFE.sub("-", requested_by)


def is_proposal(thread_id: str) -> bool:
    return thread_id.startswith(PROPOSAL_PREFIX)


def evidence_entities(incident: Incident) -> frozenset[str]:
    """What an incident's evidence names: its entities and context (GPU keys, nodes), nodes,
    racks, and jobs (as ``job:<id>``, the form :func:`step_targets` writes them in)."""
    return frozenset(
        {*incident.entities, *incident.context_entities, *incident.nodes, *incident.racks}
        | {f"job:{j}" for j in incident.jobs}
    )


def _outside(targets: frozenset[str], incident: Incident) -> list[str]:
    known = evidence_entities(incident)
    outside = []
    for t in sorted(targets):
        node, _, gpu = t.partition("/")
        if t in known or (gpu == "gpu*" and node in incident.nodes):
            continue
        outside.append(t)
    return outside


def who_may_approve(policy: Policy, tool: str, risk: Risk) -> str:
    """Who the policy lets approve ``tool`` at ``risk``, in words for the requester."""
    names = [a.name for a in policy.approvers if approval_grant(policy, a.name, tool, risk).allowed]
    if names:
        return f"may approve: {', '.join(names)}"
    if not policy.approvers and risk == "mutate":
        return "any named person may approve (the policy lists no approvers)"
    return "nobody in the policy may approve it"


def _check(
    gate: ApprovalGate, incident: Incident, tool: str, args: Mapping[str, Scalar]
) -> tuple[Risk, frozenset[str], dict[str, Scalar]]:
    """The tool's risk, the call's targets and its arguments as the tool cleans them (a
    reason's metacharacters gone: stored so, what a person approves is what runs), or
    :class:`ProposalRefusedError`."""
    try:
        t = gate.registry.get(tool)
    except UnknownToolError:
        changes = ", ".join(n for n in gate.registry.names() if gate.registry.risk_of(n) != "read")
        raise ProposalRefusedError(
            f"unknown tool {tool!r}; the state-changing tools are: {changes}"
        ) from None
    if t.risk == "read":
        raise ProposalRefusedError(f"{tool} is a read tool: call it, there is nothing to approve")
    bad = sorted(k for k, v in args.items() if isinstance(v, str) and not v.isprintable())
    if bad:
        # people read these in a terminal and in Slack: no escapes, no control characters
        raise ProposalRefusedError(
            f"{tool}: arguments must be one line of printable text: {', '.join(bad)}"
        )
    try:
        parsed = t.args_model.model_validate(dict(args))
    except ValidationError as e:
        problems = "; ".join(
            f"{'.'.join(map(str, err['loc'])) or 'args'}: {err['msg']}" for err in e.errors()
        )
        raise ProposalRefusedError(f"{tool}: invalid arguments: {problems}") from None
    step = PlannedStep(
        index=0, name=tool, tool=tool, args=dict(args), risk=t.risk, needs_approval=True
    )
    targets = step_targets(step)
    if not targets:
        raise ProposalRefusedError(
            f"{tool}: the arguments name no node, GPU, rack, job or port to act on"
        )
    if outside := _outside(targets, incident):
        raise ProposalRefusedError(
            f"{tool} would act on {', '.join(outside[:5])}, which incident "
            f"{incident.incident_id} does not name (its evidence: "
            f"{', '.join(sorted(evidence_entities(incident))[:10])})"
        )
    if ran := _already_ran(gate.approvals, tool, args):
        raise ProposalRefusedError(ran)
    return t.risk, targets, _cleaned(args, parsed)


def _cleaned(args: Mapping[str, Scalar], parsed: object) -> dict[str, Scalar]:
    """``args`` with each text value replaced by what the tool's model made of it."""
    out = dict(args)
    for k, v in args.items():
        clean = getattr(parsed, k, v)
        if isinstance(v, str) and isinstance(clean, str):
            out[k] = clean
    return out


def _already_ran(store: ApprovalStore, tool: str, args: Mapping[str, Scalar]) -> str | None:
    """Why asking for ``tool`` with ``args`` again is pointless (it ran, and nothing ran on its
    node since), or None."""
    last = store.last_run(step_digest(tool, args))
    if last is None or last.consumed_at is None:
        return None
    node = args.get("node")
    if node is not None and any(
        r.args.get("node") == node and r.tool != tool for r in store.runs_after(last.consumed_at)
    ):
        return None  # superseded: e.g. the node was resumed after the drain
    by = f", approved by {last.decided_by}" if last.decided_by else ""
    return (
        f"{tool} on {node or 'that target'} already ran (approval {last.approval_id} for "
        f"incident {last.incident_id}{by}) and nothing has run on it since: nothing was filed"
    )


def propose(
    gate: ApprovalGate,
    incident: Incident,
    tool: str,
    args: Mapping[str, Scalar],
    *,
    requested_by: str,
    reason: str,
    now: float,
) -> Proposal:
    """Store a request for a person to approve ``tool`` with ``args`` on ``incident``; run
    nothing. Raises :class:`ProposalRefusedError` (audited as ``denied``)."""
    requester = clean_text(requested_by, MAX_REQUESTER)
    why = clean_text(reason, MAX_REASON)
    try:
        risk, targets, args = _check(gate, incident, tool, args)
    except ProposalRefusedError as e:
        _audit(gate, incident.incident_id, tool, args, requester, now, "denied", str(e))
        raise
    stored = gate.request_approval(
        ToolCall(tool=tool, args=dict(args)),
        context=ActionContext(
            incident_id=incident.incident_id, thread_id=proposal_thread(requester)
        ),
        step_index=0,
        now=now,
        step_name=f"proposed by {requester}",
        summary=f"{requester} proposes {tool} on {', '.join(sorted(targets))}: {why}"
        + ("" if incident.trusted else f" (incident from {incident.provenance})"),
        requested_by=requester,
    )
    record = gate.approvals.get(stored.approval_id)
    assert record is not None  # just stored; rows are never deleted
    _audit(
        gate,
        incident.incident_id,
        tool,
        args,
        requester,
        now,
        "pending_approval",
        None,
        stored.approval_id,
    )
    return Proposal(stored, record, who_may_approve(gate.policy, tool, risk))


def _audit(
    gate: ApprovalGate,
    incident_id: str,
    tool: str,
    args: Mapping[str, Scalar],
    requester: str,
    now: float,
    status: str,
    error: str | None,
    approval_id: str | None = None,
) -> None:
    risk = gate.registry.risk_of(tool) if tool in gate.registry else None
    gate.audit.append(
        AuditRecord.model_validate(
            {
                "at": now,
                "initiator": requester,
                "requested_by": requester,
                "tool": tool,
                "args": dict(args),
                "risk": risk,
                "incident_id": incident_id,
                "thread_id": proposal_thread(requester),
                "approval_id": approval_id,
                "status": status,
                "error": error,
            }
        )
    )


# --------------------------------------------------------------------------- running
def run_proposal(
    gate: ApprovalGate, ledger: ExecutionLedger, record: ApprovalRecord, now: float
) -> ProposalRun:
    """Run one approved proposal through the gate, at most once (claimed in the ledger
    first, result written after)."""
    req = record.request
    key = req.approval_id
    claimed = ledger.claim(
        key,
        now,
        tool=req.tool,
        args=dict(req.args),
        node=req.node,
        incident_id=req.incident_id,
        thread_id=req.thread_id,
    )
    if not claimed:
        known = ledger.outcome(key)
        claim = ledger.get(key)
        unknown = claim.describe() if claim else f"{key} was started; its outcome is unknown"
        return ProposalRun(req, known or ToolResult.failure(unknown), ran=False)
    result = gate.execute(
        ToolCall(tool=req.tool, args=dict(req.args)),
        context=ActionContext(incident_id=req.incident_id, thread_id=req.thread_id, node=req.node),
        initiator=req.requested_by or req.thread_id,
        approval=key,
        now=now,
    )
    ledger.complete(key, result)
    return ProposalRun(req, result, ran=True)


def run_approved(gate: ApprovalGate, ledger: ExecutionLedger, now: float) -> list[ProposalRun]:
    """Run every approved proposal not yet started. One started before (claimed in the
    ledger) is left alone: it ran, or its outcome is unknown and waits for a person."""
    runs = []
    for record in gate.approvals.approved_unused(PROPOSAL_PREFIX):
        if ledger.get(record.approval_id) is not None:
            continue
        runs.append(run_proposal(gate, ledger, record, now))
    return runs


def action_result(run: ProposalRun, now: float) -> ActionResult:
    """The bus event for a proposal that ran."""
    req, res = run.request, run.result
    args: dict[str, Scalar] = {
        k: v if isinstance(v, str | int | float | bool) or v is None else str(v)
        for k, v in req.args.items()
    }
    return ActionResult(
        event_id=stable_id("act", req.approval_id, res.status),
        time=now,
        incident_id=req.incident_id,
        approval_id=req.approval_id,
        tool=req.tool,
        args=args,
        risk=req.risk,
        status=res.status,
        initiator=req.requested_by or req.thread_id,
        dry_run=res.status == "dry_run",
        query=res.query,
    )


@dataclass
class ProposalExecutor:
    """The service's edge: every ``interval_s`` run the approved proposals (off the event
    loop) and publish an :class:`ActionResult` for each that ran."""

    gate: ApprovalGate
    ledger: ExecutionLedger
    publish: Callable[[Event], Awaitable[object]] | None = None  # e.g. Bus.publish

    async def poll(self, now: float) -> list[ProposalRun]:
        runs = await asyncio.to_thread(run_approved, self.gate, self.ledger, now)
        for run in runs:
            logger.info(
                "proposal ran: %s",
                run.result.status,
                extra={
                    "incident_id": run.request.incident_id,
                    "approval_id": run.request.approval_id,
                    "tool": run.request.tool,
                    "node": run.request.args.get("node"),
                },
            )
            if self.publish is not None:
                await self.publish(action_result(run, now))
        return runs

    async def run_poller(self, now: Callable[[], float], interval_s: float) -> None:
        """Call :meth:`poll` every ``interval_s`` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval_s)
            try:
                await self.poll(now())
            except Exception:  # the store was busy or gone for a moment: try again next time
                logger.exception("proposals: running approved proposals failed")


__all__ = [
    "PROPOSAL_PREFIX",
    "Proposal",
    "ProposalExecutor",
    "ProposalRefusedError",
    "ProposalRun",
    "evidence_entities",
    "is_proposal",
    "propose",
    "run_approved",
    "run_proposal",
    "who_may_approve",
]
