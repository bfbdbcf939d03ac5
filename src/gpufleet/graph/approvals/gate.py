"""The approval gate: the only way an agent or front end runs a state-changing tool.

:class:`ApprovalGate` wraps a :class:`~graph.tools.ToolRegistry` (DESIGN.md decisions 6-7).
Reads pass straight through (and are audited). A ``mutate`` or ``destructive`` call runs only
when all of these hold:

1. the blast-radius breaker is not tripped (:mod:`graph.approvals.breaker`); a tripped breaker
   blocks every state-changing call, pre-approved or approved by a person, until a person resets it;
2. it is authorised, either
   * by a person: the caller names an approval id, and the *store's* record of it (never the
     object the caller passes) says approved, not yet consumed, not expired, for exactly this
     tool, these validated arguments and this incident, by someone the policy lets approve
     this risk *now*; or
   * by a policy rule (:func:`graph.approvals.policy.preapproval`: canary nodes, maintenance
     windows, standing rules) for every node the arguments name;
3. the breaker admits it (it would not take the fleet past its limits), and
4. a person's approval is consumed atomically: it runs once, ever, however many processes
   resume the same graph.

Every call handled, run or refused, leaves an :class:`~graph.approvals.audit.AuditRecord` with the
target's state read before and after by a pluggable probe (``slurm.*`` → ``slurm.show_node`` …).

Nothing here reads text for authority: arguments, evidence and model output can name an
approval id but cannot create, decide or widen one; the ``initiator`` a caller passes is only
recorded as who asked.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal, Protocol

from pydantic import BaseModel, ConfigDict, ValidationError

from gpufleet.bus.failpoints import reach
from gpufleet.graph.approvals.audit import AuditLog, AuditRecord
from gpufleet.graph.approvals.breaker import BlastRadiusBreaker, BreakerError, BreakerState
from gpufleet.graph.approvals.policy import (
    Policy,
    PreApproval,
    approval_grant,
    may_reset_breaker,
    person_problem,
    preapproval,
    service_problem,
)
from gpufleet.graph.approvals.store import (
    ApprovalRecord,
    ApprovalRequest,
    ApprovalStore,
    Decision,
    DecisionKind,
    UnknownApprovalError,
    canonical_json,
)
from gpufleet.graph.shadow.records import ProposedAction, proposal_class
from gpufleet.graph.tools import (
    Risk,
    Tool,
    ToolArgs,
    ToolCall,
    ToolRegistry,
    ToolResult,
    UnknownToolError,
)

GateKind = Literal["run", "needs_approval", "blocked"]
# Argument names that say which node(s) a call acts on. Pre-approval by node looks only at
# these: a step's context node is not proof of where the call lands.
_NODE_KEYS: Final = ("node", "hostname", "host")
_NODES_KEYS: Final = ("nodes",)
# Tool results that mean nothing changed on the fleet, so the breaker does not count them.
_NOTHING_CHANGED: Final = frozenset({"dry_run", "denied", "not_configured", "pending_approval"})
SHADOW_RULE: Final = "shadow-mode"
SHADOW_NOTE: Final = "shadow mode: recorded what gpufleet would do; no executor was called"


class ShadowRecorder(Protocol):
    """Where shadow mode writes what would have run (:class:`graph.shadow.ledger.ShadowLedger`)."""

    def record(self, proposal: ProposedAction) -> bool: ...


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ActionContext(_Strict):
    """Where a call comes from: recorded with it and checked against its approval."""

    incident_id: str
    thread_id: str = ""
    runbook_id: str | None = None
    runbook_version: int | None = None
    node: str | None = None  # the step's subject, for the record; never used for authority
    # for the shadow ledger: the runbook's action class and the evidence behind the step
    action_class: str | None = None
    evidence: tuple[str, ...] = ()


class GateDecision(_Strict):
    """What would happen to a call now: ``run`` (a read, or pre-approved by ``preapproved_by``),
    ``needs_approval`` (a person must decide), or ``blocked`` (breaker, unknown tool, bad args)."""

    kind: GateKind
    reason: str
    preapproved_by: str | None = None
    risk: Risk | None = None
    nodes: tuple[str, ...] = ()
    shadow: bool = False  # shadow mode: "run" means "record what would run", nothing runs


class ApprovalNotAllowedError(PermissionError):
    """The person may not make this decision under the policy."""


StateProbe = Callable[[ToolRegistry, ToolCall], Any]


def read_tool_probe(probe_tool: str, *arg_names: str) -> StateProbe:
    """A probe that calls read tool ``probe_tool`` through the registry with the call's
    arguments named ``arg_names`` (the first one is required; the rest are passed when the
    probe tool accepts them). Returns None when the probe cannot apply."""
    if not arg_names:
        raise ValueError("a probe needs at least one argument name to pass on")

    def probe(registry: ToolRegistry, call: ToolCall) -> Any:
        if probe_tool not in registry or arg_names[0] not in call.args:
            return None
        accepted = registry.get(probe_tool).args_model.model_fields
        args = {k: call.args[k] for k in arg_names if k in call.args and k in accepted}
        result = registry.call(probe_tool, args)
        return {
            "tool": probe_tool,
            "status": result.status,
            "data": result.data,
            "query": result.query,
            "error": result.error,
        }

    return probe


def default_probes() -> dict[str, StateProbe]:
    """Probes by tool name or prefix (the longest match wins)."""
    node_in_slurm = read_tool_probe("slurm.show_node", "node")
    job_in_slurm = read_tool_probe("slurm.show_job", "job_id")
    return {
        "slurm.": node_in_slurm,
        "slurm.requeue_job": job_in_slurm,
        "slurm.cancel_job": job_in_slurm,
        "node.": node_in_slurm,
        "k8s.": read_tool_probe("k8s.describe_node", "node"),
        "nvidia_smi.": read_tool_probe("nvidia_smi.query", "node", "gpu"),
    }


def target_nodes(args: Mapping[str, Any]) -> tuple[str, ...]:
    """The nodes a call's arguments name (``node``, ``hostname``, ``host``, ``nodes`` as a list
    or comma-separated string), in order, without repeats."""
    found: list[str] = []
    for key in _NODE_KEYS:
        value = args.get(key)
        if isinstance(value, str) and value.strip():
            found.append(value.strip())
    for key in _NODES_KEYS:
        value = args.get(key)
        if isinstance(value, str):
            found.extend(n.strip() for n in value.split(",") if n.strip())
        elif isinstance(value, list | tuple):
            found.extend(str(n).strip() for n in value if str(n).strip())
    return tuple(dict.fromkeys(found))


def _dump(args: ToolArgs) -> str:
    return canonical_json(args.model_dump(mode="json"))


class _RefusedError(Exception):
    """A stage of :meth:`ApprovalGate.execute` refuses the call; the reason is audited."""

    def __init__(
        self,
        reason: str,
        status: Literal["denied", "error"] = "denied",
        *,
        risk: Risk | None = None,
    ) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.risk = risk


@dataclass(frozen=True)
class _Grant:
    """Who authorised a state-changing call: a person, or a policy rule on the agent's behalf."""

    by: str
    preapproved_by: str | None = None


@dataclass(frozen=True)
class _Attempt:
    """One call to :meth:`ApprovalGate.execute`: what every audit record of it shares."""

    base: dict[str, Any]
    initiator: str
    approval_id: str | None
    nodes: tuple[str, ...]

    @classmethod
    def of(
        cls,
        call: ToolCall,
        context: ActionContext,
        initiator: str,
        approval_id: str | None,
        now: float,
    ) -> _Attempt:
        nodes = target_nodes(call.args)
        base: dict[str, Any] = {
            "at": now,
            "requested_by": initiator,
            "tool": call.tool,
            "args": dict(call.args),
            "runbook_id": context.runbook_id,
            "runbook_version": context.runbook_version,
            "incident_id": context.incident_id,
            "thread_id": context.thread_id or None,
            "node": nodes[0] if nodes else context.node,
        }
        return cls(base=base, initiator=initiator, approval_id=approval_id, nodes=nodes)


def _approval_id(approval: Decision | ApprovalRecord | str | None) -> str | None:
    if isinstance(approval, Decision):
        return approval.approval_id
    if isinstance(approval, ApprovalRecord):
        return approval.request.approval_id
    return approval


class ApprovalGate:
    """The approval wrapper around a tool registry. ``fleet_nodes`` is the fleet size the
    breaker measures shares against (else the policy's ``breaker.fleet_nodes``)."""

    def __init__(
        self,
        registry: ToolRegistry,
        policy: Policy,
        approvals: ApprovalStore,
        breaker: BlastRadiusBreaker,
        audit: AuditLog,
        *,
        probes: Mapping[str, StateProbe] | None = None,
        fleet_nodes: int | None = None,
        audit_reads: bool = True,
        shadow: ShadowRecorder | None = None,
    ) -> None:
        self.shadow = shadow
        self.registry = registry
        self.policy = policy
        self.approvals = approvals
        self.breaker = breaker
        self.audit = audit
        self.probes = dict(default_probes() if probes is None else probes)
        self.fleet_nodes = fleet_nodes
        self.audit_reads = audit_reads

    @classmethod
    def open(
        cls,
        registry: ToolRegistry,
        policy: Policy,
        path: str | os.PathLike[str],
        **kwargs: Any,
    ) -> ApprovalGate:
        """A gate whose approvals, breaker and audit log share one SQLite file."""
        return cls(
            registry,
            policy,
            ApprovalStore(path),
            BlastRadiusBreaker(path, policy.breaker),
            AuditLog(path),
            **kwargs,
        )

    def close(self) -> None:
        self.approvals.close()
        self.breaker.close()
        self.audit.close()

    # -- classification -------------------------------------------------------------------------

    def _preapproved(
        self, tool: str, risk: Risk, nodes: tuple[str, ...], now: float
    ) -> PreApproval | None:
        if not nodes:
            return preapproval(self.policy, tool, risk, None, now)
        grants = [preapproval(self.policy, tool, risk, n, now) for n in nodes]
        if any(g is None for g in grants):
            return None  # every node must be covered; one unapproved node needs a person
        first = grants[0]
        assert first is not None
        return first

    def _who_may_approve(self, tool: str, risk: Risk) -> str:
        names = [
            a.name
            for a in self.policy.approvers
            if approval_grant(self.policy, a.name, tool, risk).allowed
        ]
        if names:
            return f"may approve: {', '.join(names)}"
        if not self.policy.approvers and risk == "mutate":
            return "any named person may approve (no approvers listed)"
        return "nobody in the policy may approve it"

    def classify(
        self,
        tool: str,
        args: Mapping[str, Any],
        node: str | None,
        now: float,
        *,
        fleet_nodes: int | None = None,
    ) -> GateDecision:
        """What :meth:`execute` would do with this call at ``now`` without an approval: the
        planner uses it to mark steps ``needs_approval`` or pre-approved. Nothing is recorded.
        ``node`` is informational; pre-approval looks at the nodes the arguments name."""
        try:
            t = self.registry.get(tool)
        except UnknownToolError:
            return GateDecision(kind="blocked", reason=f"unknown tool {tool!r}")
        try:
            t.args_model.model_validate(dict(args))
        except ValidationError as e:
            return GateDecision(kind="blocked", reason=f"{tool}: invalid arguments: {e}")
        if t.risk == "read":
            return GateDecision(kind="run", reason="read tools need no approval", risk="read")
        arg_nodes = target_nodes(args)
        nodes = arg_nodes or ((node,) if node else ())
        if self.policy.mode == "shadow":
            return GateDecision(
                kind="run",
                reason=SHADOW_NOTE,
                preapproved_by=SHADOW_RULE,
                risk=t.risk,
                nodes=nodes,
                shadow=True,
            )
        state = self.breaker.preview(tool, arg_nodes, now, self._fleet(fleet_nodes))
        if state.tripped:
            return GateDecision(
                kind="blocked",
                reason=f"blast-radius breaker: {state.reason}",
                risk=t.risk,
                nodes=nodes,
            )
        pre = self._preapproved(tool, t.risk, arg_nodes, now)
        if pre is not None:
            return GateDecision(
                kind="run", reason=pre.reason, preapproved_by=pre.rule, risk=t.risk, nodes=nodes
            )
        return GateDecision(
            kind="needs_approval",
            reason=f"{t.risk} step; {self._who_may_approve(tool, t.risk)}",
            risk=t.risk,
            nodes=nodes,
        )

    def _fleet(self, fleet_nodes: int | None) -> int | None:
        return fleet_nodes if fleet_nodes is not None else self.fleet_nodes

    # -- approvals ------------------------------------------------------------------------------

    def request_approval(
        self,
        call: ToolCall,
        *,
        context: ActionContext,
        step_index: int,
        now: float,
        step_name: str = "",
        summary: str = "",
        requested_by: str | None = None,
    ) -> ApprovalRequest:
        """Store (idempotently) a request for a person to approve ``call``. Raises
        ``UnknownToolError``, ``ValidationError`` for bad arguments, or ``ValueError`` for a
        read tool (reads need no approval)."""
        t = self.registry.get(call.tool)
        t.args_model.model_validate(call.args)
        if t.risk == "read":
            raise ValueError(f"{call.tool} is a read tool; reads need no approval")
        nodes = target_nodes(call.args)
        return self.approvals.request(
            ApprovalRequest.new(
                incident_id=context.incident_id,
                thread_id=context.thread_id,
                step_index=step_index,
                tool=call.tool,
                args=call.args,
                risk=t.risk,
                created_at=now,
                runbook_id=context.runbook_id,
                runbook_version=context.runbook_version,
                step_name=step_name,
                node=nodes[0] if nodes else context.node,
                summary=summary,
                requested_by=requested_by,
            )
        )

    def decide(
        self,
        approval_id: str,
        decision: DecisionKind,
        *,
        by: str,
        now: float,
        reason: str = "",
    ) -> Decision:
        """Record a person's decision after checking the policy lets them make it. Raises
        :class:`ApprovalNotAllowedError`, ``UnknownApprovalError`` or ``AlreadyDecidedError``.
        Rejecting is open to any listed approver (any named person when none are listed);
        approving needs a role allowing the step's risk and tool."""
        record = self.approvals.get(approval_id)
        if record is None:
            raise UnknownApprovalError(approval_id)
        request = record.request
        risk = self._risk_of(request)
        if decision == "approved":
            grant = approval_grant(self.policy, by, request.tool, risk)
            if not grant.allowed:
                raise ApprovalNotAllowedError(f"{by} may not approve {approval_id}: {grant.reason}")
            role = grant.role
        else:
            if problem := person_problem(by) or service_problem(self.policy, by):
                raise ApprovalNotAllowedError(problem)
            approver = self.policy.approver(by)
            if self.policy.approvers and approver is None:
                raise ApprovalNotAllowedError(f"{by!r} is not a listed approver")
            role = approver.roles[0] if approver is not None else None
        return self.approvals.decide(
            approval_id, decision, by=by, reason=reason, now=now, role=role
        )

    def _risk_of(self, request: ApprovalRequest) -> Risk:
        # The registry's risk is the authority; a request recorded with a lower one (an older
        # catalog) is judged at the higher.
        if request.tool in self.registry:
            registry_risk = self.registry.risk_of(request.tool)
            if registry_risk == "destructive":
                return "destructive"
        return request.risk

    def reset_breaker(self, *, by: str, reason: str, now: float) -> BreakerState:
        """A person resets the tripped breaker (policy role ``reset_breaker``); audited."""
        allowed, why = may_reset_breaker(self.policy, by)
        if not allowed:
            raise BreakerError(f"breaker reset refused: {why}")
        before = self.breaker.check(now, self.fleet_nodes)
        after = self.breaker.reset(by=by, reason=reason, now=now, fleet_nodes=self.fleet_nodes)
        self.audit.append(
            AuditRecord(
                at=now,
                initiator=by,
                requested_by=by,
                tool="breaker.reset",
                args={"reason": reason},
                state_before=before.model_dump(mode="json"),
                state_after=after.model_dump(mode="json"),
                status="ok",
            )
        )
        return after

    # -- execution ------------------------------------------------------------------------------

    def _probe(self, call: ToolCall) -> Any:
        key = max((p for p in self.probes if call.tool.startswith(p)), key=len, default=None)
        if key is None:
            return None
        try:
            return self.probes[key](self.registry, call)
        except Exception as e:  # a broken probe must not stop or hide the execution
            return {"probe_error": f"{type(e).__name__}: {e}"}

    def _check_approval(
        self,
        record: ApprovalRecord,
        tool: Tool,
        parsed: ToolArgs,
        context: ActionContext,
        now: float,
    ) -> str | None:
        """Why this stored approval does not authorise this call, or None when it does."""
        request, decision = record.request, record.decision
        aid = request.approval_id
        if record.status == "pending" or decision is None:
            return f"approval {aid} is still pending"
        if record.status == "rejected":
            why = f": {decision.reason}" if decision.reason else ""
            return f"approval {aid} was rejected by {decision.by}{why}"
        if record.consumed_at is not None:
            return f"approval {aid} was already used at t={record.consumed_at:.0f}"
        if request.tool != tool.name:
            return f"approval {aid} is for {request.tool}, not {tool.name}"
        try:
            approved_args = tool.args_model.model_validate(request.args)
        except ValidationError:
            return f"approval {aid}: its arguments no longer validate for {tool.name}"
        if approved_args != parsed:
            return (
                f"approval {aid} is for {tool.name} {_dump(approved_args)}, "
                f"not {tool.name} {_dump(parsed)}"
            )
        if request.incident_id != context.incident_id:
            return (
                f"approval {aid} belongs to incident {request.incident_id}, "
                f"not {context.incident_id}"
            )
        if request.risk != tool.risk and tool.risk == "destructive":
            return f"approval {aid} was given for a {request.risk} step; {tool.name} is destructive"
        ttl = self.policy.approval_ttl_s
        if ttl is not None and now - decision.decided_at > ttl:
            return (
                f"approval {aid} by {decision.by} expired: given {now - decision.decided_at:.0f} s "
                f"ago, approvals last {ttl:.0f} s; ask again"
            )
        grant = approval_grant(self.policy, decision.by, tool.name, tool.risk)
        if not grant.allowed:
            return f"approval {aid} by {decision.by} does not count: {grant.reason}"
        return None

    def read(
        self,
        call: ToolCall,
        *,
        now: float | None = None,
        context: ActionContext | None = None,
        initiator: str = "agent",
    ) -> ToolResult:
        """Run a read tool; anything else is refused (``denied``) without running, so evidence
        gathering can never turn into an action. Audited like :meth:`execute` when ``now`` is
        given (reads change nothing, so a read without a time is not logged)."""
        try:
            risk = self.registry.risk_of(call.tool)
        except UnknownToolError:
            return ToolResult.failure(
                f"unknown tool {call.tool!r}; known: {', '.join(self.registry.names())}"
            )
        if risk != "read":
            return ToolResult(
                status="denied",
                error=f"{call.tool} is {risk}; only read tools run here, actions go through "
                "execute() with an approval",
            )
        if now is None:
            return self.registry.call(call.tool, call.args)
        return self.execute(
            call,
            context=context or ActionContext(incident_id=""),
            initiator=initiator,
            now=now,
        )

    def execute(
        self,
        call: ToolCall,
        *,
        context: ActionContext,
        initiator: str,
        approval: Decision | ApprovalRecord | str | None = None,
        now: float,
        fleet_nodes: int | None = None,
    ) -> ToolResult:
        """Run ``call`` if it may run now; otherwise return a ``denied`` result saying why.

        ``initiator`` is who asked (``agent`` or a person); it grants nothing. ``approval`` names
        a person's approval (a :class:`Decision`, an :class:`ApprovalRecord` or the id); only
        the store's current record of that id counts. Every outcome is audited.

        The stages, in order: resolve the tool and validate the arguments; reads run at once;
        the breaker must not be tripped; authorise (a person's approval or a policy rule); the
        breaker admits the call; the approval is consumed atomically; run with state probes and
        audit. A stage that refuses raises :class:`_RefusedError`, audited here."""
        attempt = _Attempt.of(call, context, initiator, _approval_id(approval), now)
        tool: Tool | None = None
        try:
            tool, parsed = self._resolve(call)
            if tool.risk == "read":
                return self._run_read(call, attempt)
            if self.policy.mode == "shadow":
                # Before any authorisation: in shadow mode no approval, rule or front end can
                # make a state-changing call reach its executor.
                return self._record_shadow(call, attempt, tool, context)
            fleet = self._fleet(fleet_nodes)
            self._require_breaker_closed(now, fleet)
            grant = self._authorise(attempt, tool, parsed, context, now)
            event_id = self._admit(attempt, tool, grant, context, now, fleet)
            self._consume(attempt, event_id, now)
        except _RefusedError as refused:
            return self._refuse(attempt, refused, tool.risk if tool else None)
        return self._run_state_changing(call, attempt, tool, grant, event_id)

    # -- execute's stages -----------------------------------------------------------------------

    def _record_shadow(
        self, call: ToolCall, attempt: _Attempt, tool: Tool, context: ActionContext
    ) -> ToolResult:
        node = attempt.base["node"]
        if self.shadow is not None:
            self.shadow.record(
                ProposedAction(
                    at=attempt.base["at"],
                    incident_id=context.incident_id,
                    tool=tool.name,
                    risk=tool.risk,
                    node=node,
                    args=dict(call.args),
                    action_class=proposal_class(context.action_class, tool.name),
                    runbook_id=context.runbook_id,
                    thread_id=context.thread_id or None,
                    approval_id=attempt.approval_id,
                    initiator=attempt.initiator,
                    evidence=context.evidence,
                )
            )
        result = ToolResult(status="dry_run", error=SHADOW_NOTE)
        self.audit.append(
            AuditRecord(
                **attempt.base,
                initiator=attempt.initiator,
                risk=tool.risk,
                approval_id=attempt.approval_id,
                status=result.status,
                error=SHADOW_NOTE,
                dry_run=True,
            )
        )
        return result

    def _refuse(self, attempt: _Attempt, refused: _RefusedError, risk: Risk | None) -> ToolResult:
        result = ToolResult(status=refused.status, error=refused.reason)
        self.audit.append(
            AuditRecord(
                **attempt.base,
                initiator=attempt.initiator,
                risk=refused.risk or risk,
                approval_id=attempt.approval_id,
                status=result.status,
                error=refused.reason,
            )
        )
        return result

    def _resolve(self, call: ToolCall) -> tuple[Tool, ToolArgs]:
        try:
            tool = self.registry.get(call.tool)
        except UnknownToolError:
            known = ", ".join(self.registry.names())
            raise _RefusedError(f"unknown tool {call.tool!r}; known: {known}", "error") from None
        try:
            return tool, tool.args_model.model_validate(dict(call.args))
        except ValidationError as e:
            problems = "; ".join(
                f"{'.'.join(map(str, err['loc'])) or 'args'}: {err['msg']}" for err in e.errors()
            )
            raise _RefusedError(
                f"{call.tool}: invalid arguments: {problems}", "error", risk=tool.risk
            ) from None

    def _run_read(self, call: ToolCall, attempt: _Attempt) -> ToolResult:
        result = self.registry.call(call.tool, call.args)
        if self.audit_reads:
            self.audit.append(
                AuditRecord(
                    **attempt.base,
                    initiator=attempt.initiator,
                    risk="read",
                    status=result.status,
                    error=result.error,
                    query=result.query,
                    dry_run=result.status == "dry_run",
                )
            )
        return result

    def _require_breaker_closed(self, now: float, fleet: int | None) -> None:
        state = self.breaker.check(now, fleet)
        if state.tripped:
            raise _RefusedError(
                f"blocked: the blast-radius breaker is tripped ({state.reason}); no "
                "state-changing call runs, approved or not, until a person resets it"
            )

    def _authorise(
        self,
        attempt: _Attempt,
        tool: Tool,
        parsed: ToolArgs,
        context: ActionContext,
        now: float,
    ) -> _Grant:
        """Who lets this call run: the person whose stored approval matches it exactly, or a
        policy rule covering every node it names."""
        if attempt.approval_id is not None:
            record = self.approvals.get(attempt.approval_id)
            if record is None:
                raise _RefusedError(f"no approval {attempt.approval_id!r} in the approval store")
            if problem := self._check_approval(record, tool, parsed, context, now):
                raise _RefusedError(problem)
            assert record.decision is not None
            return _Grant(by=record.decision.by)
        pre = self._preapproved(tool.name, tool.risk, attempt.nodes, now)
        if pre is None:
            raise _RefusedError(
                f"{tool.name} is {tool.risk} and needs a person's approval "
                f"({self._who_may_approve(tool.name, tool.risk)}); none was given"
            )
        return _Grant(by=pre.initiator, preapproved_by=pre.rule)

    def _admit(
        self,
        attempt: _Attempt,
        tool: Tool,
        grant: _Grant,
        context: ActionContext,
        now: float,
        fleet: int | None,
    ) -> int:
        admission = self.breaker.admit(
            tool.name,
            attempt.nodes,
            now,
            fleet,
            initiator=grant.by,
            incident_id=context.incident_id,
            approval_id=attempt.approval_id,
        )
        if not admission.admitted:
            raise _RefusedError(
                f"blocked: the blast-radius breaker tripped: {admission.state.reason}; a person "
                "must reset it before any state-changing call runs"
            )
        assert admission.event_id is not None
        return admission.event_id

    def _consume(self, attempt: _Attempt, event_id: int, now: float) -> None:
        aid = attempt.approval_id
        if aid is not None and not self.approvals.mark_consumed(aid, now):
            # Another process claimed it between our check and now: it runs there, not here.
            self.breaker.settle(event_id, counted=False)
            raise _RefusedError(f"approval {aid} was already used")

    def _run_state_changing(
        self, call: ToolCall, attempt: _Attempt, tool: Tool, grant: _Grant, event_id: int
    ) -> ToolResult:
        before = self._probe(call)
        result = self.registry.call(call.tool, call.args)
        reach("step.side_effect_done")
        after = self._probe(call)
        if result.status in _NOTHING_CHANGED:
            self.breaker.settle(event_id, counted=False)
        self.audit.append(
            AuditRecord(
                **attempt.base,
                initiator=grant.by,
                risk=tool.risk,
                approval_id=attempt.approval_id,
                preapproved_by=grant.preapproved_by,
                state_before=before,
                state_after=after,
                status=result.status,
                error=result.error,
                query=result.query,
                dry_run=result.status == "dry_run",
            )
        )
        return result
