"""Settling a step whose outcome is unknown: a person says what happened, under the same rules
as a decision.

``done`` and ``not-done`` are statements of fact about the fleet: any approver (any named
person when the policy lists none) may make them. ``retry`` runs the step again, so it is an
approval: the person must be allowed to approve that tool at that risk, and the retry gets an
approval of its own (``<step>.retryN``), created and decided here, that the graph consumes
through the gate like any other. Every settlement is audited.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpufleet.graph.approvals.audit import AuditLog, AuditRecord
from gpufleet.graph.approvals.ledger import ExecutionLedger, LedgerError, Settlement, StepClaim
from gpufleet.graph.approvals.policy import (
    Policy,
    approval_grant,
    person_problem,
    service_problem,
)
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalRequest, ApprovalStore
from gpufleet.knowledge.schema import TOOLS

_RETRY = ".retry"


class SettleError(Exception):
    """The settlement is refused: unknown step, nothing to settle, or a person the policy does
    not allow. The message says which."""


@dataclass(frozen=True)
class Settled:
    claim: StepClaim
    outcome: Settlement
    retry_approval_id: str | None  # the approval the retry runs on


def retry_key(step_key: str) -> str:
    """The ledger key (and approval id) of the next attempt at a step."""
    base, sep, n = step_key.rpartition(_RETRY)
    if sep and n.isdigit():
        return f"{base}{_RETRY}{int(n) + 1}"
    return f"{step_key}{_RETRY}1"


def current_attempt(ledger: ExecutionLedger, step_key: str) -> str:
    """The key of the latest attempt at a step: follow ``retry`` settlements to the end."""
    key = step_key
    for _ in range(1000):  # a person settles each retry by hand; 1,000 is no real chain
        claim = ledger.get(key)
        if claim is None or claim.settled_outcome != "retry":
            return key
        key = retry_key(key)
    return key


def settle_step(
    *,
    ledger: ExecutionLedger,
    approvals: ApprovalStore,
    audit: AuditLog,
    policy: Policy,
    step_key: str,
    outcome: Settlement,
    by: str,
    reason: str,
    now: float,
) -> Settled:
    claim = ledger.get(step_key)
    if claim is None:
        raise SettleError(f"no step {step_key!r} in the execution ledger")
    role = _check_person(policy, claim, outcome, by, reason)
    try:
        claim = ledger.settle(step_key, outcome, by=by, reason=reason, now=now, role=role)
    except LedgerError as e:
        raise SettleError(str(e)) from None
    retry_id = (
        _approve_retry(approvals, claim, by, reason, now, role) if outcome == "retry" else None
    )
    audit.append(
        AuditRecord(
            at=now,
            initiator=by,
            requested_by=by,
            tool="ledger.settle",
            args={"step": step_key, "outcome": outcome, "tool": claim.tool, "args": claim.args},
            incident_id=claim.incident_id,
            thread_id=claim.thread_id,
            node=claim.node,
            approval_id=retry_id or step_key,
            status="ok",
            query=f"settle {step_key} --outcome {outcome} --reason {reason!r}",
        )
    )
    return Settled(claim=claim, outcome=outcome, retry_approval_id=retry_id)


def _check_person(
    policy: Policy, claim: StepClaim, outcome: Settlement, by: str, reason: str
) -> str | None:
    if problem := person_problem(by) or service_problem(policy, by):
        raise SettleError(problem)
    if not reason.strip():
        raise SettleError("a settlement needs a reason (what you checked on the node)")
    if outcome != "retry":
        if policy.approvers and policy.approver(by) is None:
            raise SettleError(f"{by} is not a listed approver in the policy")
        return None
    tool = claim.tool or ""
    risk = TOOLS.get(tool, "destructive")  # an unknown tool gets the strictest reading
    grant = approval_grant(policy, by, tool, risk)
    if not grant.allowed:
        raise SettleError(f"{by} may not approve a retry of {tool}: {grant.reason}")
    return grant.role


def _approve_retry(
    approvals: ApprovalStore,
    claim: StepClaim,
    by: str,
    reason: str,
    now: float,
    role: str | None,
) -> str:
    retry_id = retry_key(claim.step_key)
    original = approvals.get(claim.step_key)
    approvals.request(_retry_request(claim, original, retry_id, now))
    approvals.decide(retry_id, "approved", by=by, reason=f"retry: {reason}", now=now, role=role)
    return retry_id


def _retry_request(
    claim: StepClaim, original: ApprovalRecord | None, retry_id: str, now: float
) -> ApprovalRequest:
    tool = claim.tool or ""
    risk = TOOLS.get(tool, "destructive")
    base = original.request if original is not None else None
    return ApprovalRequest(
        approval_id=retry_id,
        incident_id=claim.incident_id or (base.incident_id if base else ""),
        thread_id=claim.thread_id or (base.thread_id if base else ""),
        runbook_id=base.runbook_id if base else None,
        runbook_version=base.runbook_version if base else None,
        step_index=base.step_index if base else 0,
        step_name=base.step_name if base else "",
        tool=tool,
        args=dict(claim.args or {}),
        risk="mutate" if risk == "mutate" else "destructive",
        node=claim.node,
        created_at=now,
        summary=f"retry of {claim.step_key}, whose outcome was unknown",
    )
