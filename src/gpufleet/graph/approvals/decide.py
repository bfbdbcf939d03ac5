"""A person's decision on an approval request: one rule for every front end.

The CLI (``gpufleet approve/reject``), the HTTP API, Slack buttons and any later front end call
:func:`record_decision`; none re-implements who may decide what. The rules:

* the approval must exist; the person must be a named person (not ``policy:…``, not blank,
  not a service identity such as Alertmanager's token);
* approving needs the policy's grant for that tool at that risk (the role is recorded);
* rejecting needs a listed approver when the policy lists any;
* a decided approval is final. Deciding it again the same way is accepted only while the step
  has not been consumed (a step approved but never executed, e.g. after a crash, resumes), so
  a retried click or command is harmless; anything else is refused with the existing decision;
* a withdrawn approval (its incident resolved, merged or was superseded) has nothing left to
  decide: any decision is refused with one line saying why; one attached to another request
  (the same step asked for by another diagnosis) is decided there.

The caller owns the clock (``now``) and resuming the thread: the agent that owns the thread
resumes it when it next looks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from gpufleet.graph.approvals.policy import (
    Policy,
    approval_grant,
    person_problem,
    service_problem,
)
from gpufleet.graph.approvals.store import (
    AlreadyDecidedError,
    ApprovalError,
    ApprovalRecord,
    ApprovalStore,
    AttachedError,
    WithdrawnError,
    refusal,
)

DecisionKind = Literal["approved", "rejected"]


class DecisionRefusedError(Exception):
    """The decision was not recorded; the message says why (unknown id, who, already decided)."""

    def __init__(self, message: str, *, status: Literal["unknown", "forbidden", "conflict"]):
        super().__init__(message)
        self.status = status  # for front ends that map it (HTTP 404 / 403 / 409)


@dataclass(frozen=True)
class RecordedDecision:
    record: ApprovalRecord  # the approval as stored after the decision
    repeated: bool  # the same decision was already on record (not yet executed): nothing new


def check_decision(
    store: ApprovalStore,
    policy: Policy,
    approval_id: str,
    decision: DecisionKind,
    *,
    by: str,
) -> tuple[ApprovalRecord, str | None]:
    """Whether ``by`` may make ``decision`` on ``approval_id`` now, without recording it: the
    current record and the role that grants it; raises DecisionRefusedError. Front ends ask
    before they ask a person for a reason; :func:`record_decision` asks again when it stores."""
    req = store.get(approval_id)
    if req is None:
        raise DecisionRefusedError(f"no approval {approval_id}", status="unknown")
    if req.withdrawn or req.attached_to is not None:
        raise DecisionRefusedError(str(_closed(req)), status="conflict")
    if problem := person_problem(by) or service_problem(policy, by):
        raise DecisionRefusedError(problem, status="forbidden")
    role = None
    if decision == "rejected" and policy.approvers and policy.approver(by) is None:
        raise DecisionRefusedError(
            f"{by} is not a listed approver in the policy", status="forbidden"
        )
    if decision == "approved":
        grant = approval_grant(policy, by, req.tool, req.risk)
        if not grant.allowed:
            raise DecisionRefusedError(
                f"{by} may not approve {req.tool}: {grant.reason}", status="forbidden"
            )
        role = grant.role
    if req.decision is not None and (req.decision.decision != decision or req.consumed):
        raise DecisionRefusedError(str(refusal(req)), status="conflict")
    return req, role


def _closed(req: ApprovalRecord) -> ApprovalError:
    if req.attached_to is not None:
        return AttachedError(req.approval_id, req.attached_to)
    return refusal(req)


def record_decision(
    store: ApprovalStore,
    policy: Policy,
    approval_id: str,
    decision: DecisionKind,
    *,
    by: str,
    reason: str,
    now: float,
) -> RecordedDecision:
    """Check ``by`` against ``policy`` and store the decision; raises DecisionRefusedError."""
    req, role = check_decision(store, policy, approval_id, decision, by=by)
    repeated = False
    try:
        store.decide(approval_id, decision, by=by, reason=reason, now=now, role=role)
    except AlreadyDecidedError as e:
        if isinstance(e, WithdrawnError) or e.existing.decision != decision or req.consumed:
            raise DecisionRefusedError(str(e), status="conflict") from None
        repeated = True
    except ApprovalError as e:
        raise DecisionRefusedError(str(e), status="conflict") from None
    stored = store.get(approval_id)
    assert stored is not None  # it was there a moment ago and rows are never deleted
    return RecordedDecision(record=stored, repeated=repeated)
