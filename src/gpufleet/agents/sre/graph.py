"""The SRE diagnosis graph (LangGraph): evidence → hypotheses → runbook → approval → action.

::

    START ─┬─ gather(hardware) ─┐
           ├─ gather(driver)   ─┤
           ├─ gather(os)       ─┼─▶ analyze ─▶ step ⟲ ─▶ verify ─▶ END
           └─ gather(workload) ─┘                │  ▲
                                                 ▼  │
                                   propose ─▶ await_approval (interrupt) ─▶ execute

- **gather** (four parallel branches, one per layer) calls read tools through the approval
  gate, which lets reads through and refuses anything else.
- **analyze** numbers the evidence (E01…), derives findings, retrieves candidate cards, ranks
  them deterministically, lets the model (when configured) re-rank and explain with citations
  (falling back visibly), and makes the plan from the top card's runbook.
- **step** runs the plan one step at a time: reads at once; a ``mutate`` / ``destructive`` step
  goes to **propose** unless the policy pre-approves it; a blocked step (breaker) stops the
  plan.
- **propose** records the request in the approval store and emits ``ActionProposed`` (checkpointed
  before the pause); **await_approval** pauses on a LangGraph ``interrupt``. The checkpoint is
  durable (SQLite): the process may die, and whoever resumes the thread later (``gpufleet
  approve``) continues there. The resume value only wakes the graph up; the decision itself is
  read from the approval store, and the gate consumes it atomically in **execute**, so a step
  runs at most once however often the thread is resumed.
- **verify** runs the runbook's read-only verification and settles the incident's phase.

Nodes are module-level functions of the state plus the injected :class:`SreDeps` (bound by
:func:`build_graph`); every event they produce goes to the ``outbox`` with a content-derived
id, so re-running a node after a crash re-emits the same ids and idempotent subscribers drop
the duplicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial, update_wrapper, wraps
from typing import Any, Literal, Protocol, TypeVar, cast

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command, Send, interrupt

from gpufleet.agents.sre.diagnose_core import analyze_evidence
from gpufleet.agents.sre.evidence import evidence_from_results, kubernetes_readable, plan_evidence
from gpufleet.agents.sre.plan import (
    NOT_CONFIGURED,
    Plan,
    affected_jobs,
    make_plan,
    plan_context,
    verification_step,
)
from gpufleet.agents.sre.rerank import RerankOutcome, rerank
from gpufleet.agents.sre.state import GatherTask, SreState
from gpufleet.bus.events import (
    ActionProposed,
    ActionResult,
    ApprovalDecided,
    Diagnosis,
    DiagnosisReady,
    Evidence,
    Finding,
    Incident,
    Layer,
    Phase,
    PhaseError,
    PlannedStep,
    incident_updated,
    stable_id,
)
from gpufleet.graph.approvals.gate import ActionContext, ApprovalGate
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.settle import current_attempt
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalRequest, ApprovalStore
from gpufleet.graph.models.chat import StructuredModel
from gpufleet.graph.tools import ToolCall, ToolResult, not_configured_result
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.topology import Topology

LAYERS = ("hardware", "driver", "os", "workload")
AGENT = "agent"


# ToolResult.data key marking a step whose outcome is unknown (its ledger key)
UNKNOWN_OUTCOME = "unknown_outcome"


@dataclass(frozen=True)
class SreDeps:
    """Everything the graph's nodes use, injected (tests and evals build their own).

    :func:`build_graph` binds it to every node that needs it (``functools.partial``), so the
    compiled graph is self-contained: callers invoke it with the state alone. The clock is
    not here: ``now`` is part of the state (the caller's time, checkpointed and updated on
    resume)."""

    kb: KnowledgeBase
    retriever: Retriever
    gate: ApprovalGate
    approvals: ApprovalStore
    topology: Topology
    ledger: ExecutionLedger
    model: StructuredModel | None = None
    max_hypotheses: int = 5


Update = dict[str, Any]  # what a node returns: the state keys it writes
Outbox = list[dict[str, Any]]
S_contra = TypeVar("S_contra", contravariant=True)
R_co = TypeVar("R_co", covariant=True)


class _Node(Protocol[S_contra, R_co]):
    """A node function as written here: the state (or a ``Send`` payload), then the deps."""

    def __call__(self, state: S_contra, /, deps: SreDeps) -> R_co: ...


class _Bound(Protocol[S_contra, R_co]):
    """A node as LangGraph calls it: the state alone."""

    def __call__(self, state: S_contra) -> R_co: ...


# --------------------------------------------------------------------------- state helpers
def _incident(state: SreState) -> Incident:
    return Incident.model_validate(state["incident"])


def _diagnosis(state: SreState) -> Diagnosis:
    return Diagnosis.model_validate(state["diagnosis"])


def _current(state: SreState) -> tuple[Diagnosis, PlannedStep]:
    """The diagnosis and the plan step the cursor points at."""
    dx = _diagnosis(state)
    return dx, dx.plan[_cursor(state)]


def _cursor(state: SreState) -> int:
    return state.get("cursor", 0)


def _phase(incident: Incident, phase: Phase, at: float, reason: str) -> Outbox:
    """An IncidentUpdated for the phase change, or nothing if the move is not allowed."""
    try:
        moved = incident.advance(phase, at, reason, by="sre")
    except PhaseError:
        return []
    return [incident_updated(moved, "phase").model_dump(mode="json")]


def _moved(state: SreState, pending: Sequence[dict[str, Any]] = ()) -> Incident:
    """The incident as the outbox last left it (phases advance along the run), including
    events a node is about to add (``pending``)."""
    inc = _incident(state)
    for ev in [*state.get("outbox", []), *pending]:
        if ev.get("kind") == "incident_updated" and ev["incident"]["incident_id"] == (
            inc.incident_id
        ):
            inc = Incident.model_validate(ev["incident"])
    return inc


_SHADOW_EVIDENCE = 5  # evidence lines kept with a shadow-mode proposal


def _context(
    dx: Diagnosis, step: PlannedStep, thread: str, deps: SreDeps | None = None
) -> ActionContext:
    node = step.args.get("node")
    runbook = deps.kb.runbooks.get(dx.runbook_id or "") if deps is not None else None
    top = dx.top
    # the evidence behind the decision: what the model cited, else what supports the top card
    wanted = set(dx.cited_evidence) or set(top.evidence_ids if top else ())
    cited = [e for e in dx.evidence if e.evidence_id in wanted] or list(dx.evidence)
    return ActionContext(
        incident_id=dx.incident_id,
        runbook_id=dx.runbook_id or "",
        runbook_version=dx.runbook_version or 0,
        node=node if isinstance(node, str) else None,
        thread_id=thread,
        action_class=runbook.action_class if runbook is not None else None,
        evidence=(
            *((f"diagnosis: {top.card_id} (score {top.score:.2f})",) if top else ()),
            *(f"finding: {name}" for name in (top.supporting if top else ())),
            *(f"{e.evidence_id} {e.summary}" for e in cited[:_SHADOW_EVIDENCE]),
        ),
    )


def _result(
    dx: Diagnosis, step: PlannedStep, res: ToolResult, initiator: str, approval: str | None
) -> dict[str, Any]:
    return ActionResult(
        event_id=stable_id("ev", "action", dx.diagnosis_id, step.index, step.tool, approval),
        time=dx.time,
        incident_id=dx.incident_id,
        approval_id=approval,
        tool=step.tool,
        args=step.args,
        risk=step.risk,
        status=res.status,
        initiator=initiator,
        dry_run=res.status == "dry_run",
        query=res.query,
        error=res.error,
    ).model_dump(mode="json")


def _results_to_outbox(node: _Node[SreState, Update]) -> _Node[SreState, Update]:
    """Every ActionResult a node records is also published (after its other events)."""

    @wraps(node)
    def wrapped(state: SreState, deps: SreDeps) -> Update:
        update = node(state, deps)
        if update.get("results"):
            update["outbox"] = [*update.get("outbox", []), *update["results"]]
        return update

    return wrapped


# --------------------------------------------------------------------------- gather
def fan_out(state: SreState, deps: SreDeps) -> list[Send]:
    """START → one ``gather`` branch per layer, each with its planned read calls."""
    planned = plan_evidence(
        _incident(state),
        deps.topology,
        state["now"],
        kubernetes=kubernetes_readable(deps.gate.registry),
    )
    return [
        Send(
            "gather",
            GatherTask(
                layer=layer,
                calls=[c.model_dump(mode="json") for c in planned.get(_layer(layer), [])],
                incident=state["incident"],
                now=state["now"],
            ),
        )
        for layer in LAYERS
    ]


def gather(task: GatherTask, deps: SreDeps) -> Update:
    """One layer's evidence. Reads only: the gate refuses anything else without an approval,
    so a planner bug can never turn evidence gathering into an action."""
    calls = [ToolCall.model_validate(c) for c in task["calls"]]
    results = [deps.gate.read(call, now=task["now"]) for call in calls]
    items = evidence_from_results(_layer(task["layer"]), calls, results)
    return {"evidence": [e.model_dump(mode="json") for e in items]}


# --------------------------------------------------------------------------- analyze
def analyze(state: SreState, deps: SreDeps) -> Update:
    """Number the evidence, derive findings, rank (and maybe re-rank) the cards, plan."""
    inc = _incident(state)
    core = analyze_evidence(
        inc, [Evidence.model_validate(e) for e in state["evidence"]], deps.retriever, deps.kb
    )
    outcome = rerank(
        deps.model, inc, core.evidence, core.hypotheses[: deps.max_hypotheses], kb=deps.kb
    )
    plan = make_plan(deps.kb, inc, outcome.hypotheses, core.evidence)
    diagnosis = _make_diagnosis(inc, core.evidence, core.findings, outcome, plan)
    outbox = _phase(inc, Phase.DIAGNOSING, state["now"], "SRE agent gathering evidence")
    outbox.append(
        DiagnosisReady(
            event_id=stable_id("ev", "diagnosis", diagnosis.diagnosis_id),
            time=diagnosis.time,
            diagnosis=diagnosis,
        ).model_dump(mode="json")
    )
    return {
        "diagnosis": diagnosis.model_dump(mode="json"),
        "plan_notes": list(plan.notes),
        "cursor": 0,
        "outbox": outbox,
        "outcome": "running",
    }


def _make_diagnosis(
    inc: Incident,
    evidence: Sequence[Evidence],
    findings: Sequence[Finding],
    outcome: RerankOutcome,
    plan: Plan,
) -> Diagnosis:
    return Diagnosis(
        diagnosis_id=stable_id("dx", inc.incident_id, inc.updated_at, inc.anomaly_count),
        incident_id=inc.incident_id,
        time=inc.updated_at,
        hypotheses=tuple(outcome.hypotheses),
        evidence=tuple(evidence),
        findings=tuple(findings),
        runbook_id=plan.runbook.id if plan.runbook else None,
        runbook_version=plan.runbook.version if plan.runbook else None,
        plan=plan.steps,
        method=outcome.method,
        model=outcome.model,
        fallback=outcome.fallback,
        explanation=outcome.explanation,
        cited_evidence=tuple(outcome.cited_evidence),
        model_tokens=outcome.tokens,
        model_latency_s=outcome.latency_s,
    )


# --------------------------------------------------------------------------- step
@_results_to_outbox
def step(state: SreState, deps: SreDeps) -> Update:
    """Run the plan's next step: reads at once; a state-changing step runs when a policy rule
    pre-approves it, stops the plan when the breaker blocks it, and otherwise goes to
    ``propose`` (``pending_approval``)."""
    dx, s = _current(state)
    # shadow mode records what would run even where this deployment has no executor for it
    how = None if deps.gate.policy.mode == "shadow" else _how_to_configure(deps, s)
    if how is not None:
        return _not_configured(state, dx, s, not_configured_result(s.tool, how))
    if s.unresolved:
        return _unresolved(state, dx, s)
    if s.risk == "read":
        ctx = _context(dx, s, state["thread_id"])
        res = deps.gate.read(
            ToolCall(tool=s.tool, args=dict(s.args)), now=state["now"], context=ctx
        )
        return {"cursor": _cursor(state) + 1, "results": [_result(dx, s, res, AGENT, None)]}
    decision = deps.gate.classify(
        s.tool, dict(s.args), _context(dx, s, state["thread_id"]).node, state["now"]
    )
    if decision.kind == "run" and not decision.shadow and _runbook_requires_person(deps, dx):
        decision = decision.model_copy(update={"kind": "needs_approval"})
    if decision.kind == "blocked":
        res = ToolResult(status="denied", error=f"blocked: {decision.reason}")
        return {
            "cursor": len(dx.plan),
            "results": [_result(dx, s, res, AGENT, None)],
            "outcome": "blocked",
            "outbox": _phase(_moved(state), Phase.ESCALATED, state["now"], decision.reason),
        }
    if decision.kind == "run":  # pre-approved by a policy rule
        initiator = f"policy:{decision.preapproved_by}"
        why = decision.reason if decision.shadow else f"pre-approved by {decision.preapproved_by}"
        outbox = _remediating(state, why)
        res = _once(state, deps, dx, s, initiator, None)
        return _after_change(state, dx, s, res, initiator, None, outbox)
    return {"pending_approval": approval_id(dx, s)}


def _how_to_configure(deps: SreDeps, s: PlannedStep) -> str | None:
    """How to configure the step's tool when this deployment cannot run it, else None."""
    tool = deps.gate.registry.get(s.tool) if s.tool in deps.gate.registry else None
    if tool is not None and tool.unconfigured:
        return tool.unconfigured
    if NOT_CONFIGURED in s.unresolved:
        return f"{s.tool} has no executor in gpufleet"
    return None


def _not_configured(
    state: SreState,
    dx: Diagnosis,
    s: PlannedStep,
    res: ToolResult,
    initiator: str = AGENT,
    aid: str | None = None,
    outbox: Outbox | None = None,
) -> Update:
    """A step whose tool is not configured here: skipped, and the plan goes on; unless the
    runbook marks it ``required`` (the later steps depend on it): then the plan stops."""
    if s.required:
        why = (
            f"required step {s.index} ({s.name}) cannot run: "
            f"{(res.error or s.tool).removeprefix('skipped: ')}; "
            "the later steps depend on it, so a person takes over"
        )
        stopped = ToolResult(status="not_configured", error=why, query=res.query)
        return _stop(state, dx, s, stopped, initiator, aid, "escalated", why, outbox)
    return {
        "cursor": _cursor(state) + 1,
        "results": [_result(dx, s, res, initiator, aid)],
        "outbox": list(outbox or []),
    }


def _unresolved(state: SreState, dx: Diagnosis, s: PlannedStep) -> Update:
    """A step whose arguments nobody could fill in here: a read is skipped; a state-changing
    step stops the plan (the rest of the plan assumes it)."""
    res = ToolResult(
        status="denied",
        error=f"not run: needs {', '.join(s.unresolved)} (a person completes this step)",
    )
    if s.risk == "read":
        return {"cursor": _cursor(state) + 1, "results": [_result(dx, s, res, AGENT, None)]}
    return _stop(state, dx, s, res, AGENT, None, "escalated", res.error or "")


def _runbook_requires_person(deps: SreDeps, dx: Diagnosis) -> bool:
    runbook = deps.kb.runbooks.get(dx.runbook_id or "")
    return runbook is not None and runbook.approval == "required"


def _once(
    state: SreState,
    deps: SreDeps,
    dx: Diagnosis,
    s: PlannedStep,
    initiator: str,
    decided: ApprovalRecord | None,
) -> ToolResult:
    """Run a state-changing step through the gate at most once, ever (the ledger); a re-run of
    the node reads what happened the first time."""
    base = approval_id(dx, s)
    key = current_attempt(deps.ledger, base)  # a retry a person settled runs as a new attempt
    if key != base:
        decided = deps.approvals.get(key)  # the retry's own approval, from the settlement
    ctx = _context(dx, s, state["thread_id"], deps)
    claimed = deps.ledger.claim(
        key,
        state["now"],
        tool=s.tool,
        args=dict(s.args),
        node=ctx.node,
        incident_id=dx.incident_id,
        thread_id=state["thread_id"],
    )
    if not claimed:
        return deps.ledger.outcome(key) or _unknown_outcome(deps, key)
    res = deps.gate.execute(
        ToolCall(tool=s.tool, args=dict(s.args)),
        context=ctx,
        initiator=initiator,
        approval=decided,
        now=state["now"],
    )
    deps.ledger.complete(key, res)
    return res


def _unknown_outcome(deps: SreDeps, key: str) -> ToolResult:
    """The step was claimed before and no result was written: the process stopped while it
    ran. Nobody here can know whether it happened."""
    claim = deps.ledger.get(key)
    what = claim.describe() if claim else f"step {key} was started and its outcome is unknown"
    return ToolResult(status="error", error=what, data={UNKNOWN_OUTCOME: key})


def _is_unknown(res: ToolResult) -> str | None:
    return res.data.get(UNKNOWN_OUTCOME) if isinstance(res.data, dict) else None


def _after_change(
    state: SreState,
    dx: Diagnosis,
    s: PlannedStep,
    res: ToolResult,
    initiator: str,
    aid: str | None,
    outbox: Outbox,
) -> Update:
    if res.status in ("ok", "dry_run"):
        return {
            "cursor": _cursor(state) + 1,
            "results": [_result(dx, s, res, initiator, aid)],
            "outbox": outbox,
        }
    if res.status == "not_configured":  # e.g. a cold reboot with no BMC command configured
        return _not_configured(state, dx, s, res, initiator, aid, outbox)
    if key := _is_unknown(res):
        # Reported once, escalated, then the thread waits for a person to settle the step.
        outbox = [
            *outbox,
            *_phase(_moved(state, outbox), Phase.ESCALATED, state["now"], res.error or ""),
        ]
        return {
            "pending_settlement": key,
            "settlement": "pending",
            "results": [_result(dx, s, res, initiator, aid)],
            "outbox": outbox,
        }
    # Refused or failed (expired approval, breaker, a person's drain, a broken node): the
    # later steps assume this one happened, so the plan stops here and a person takes over.
    why = f"{s.tool} {res.status}: {res.error or 'no detail'}"
    return _stop(state, dx, s, res, initiator, aid, "escalated", why, outbox)


def _stop(
    state: SreState,
    dx: Diagnosis,
    s: PlannedStep,
    res: ToolResult,
    initiator: str,
    aid: str | None,
    outcome: str,
    reason: str,
    outbox: Outbox | None = None,
) -> Update:
    outbox = list(outbox or [])
    inc = _moved(state, outbox)
    outbox += _phase(inc, Phase.ESCALATED, state["now"], reason)
    return {
        "cursor": len(dx.plan),
        "results": [_result(dx, s, res, initiator, aid)],
        "outcome": outcome,
        "outbox": outbox,
    }


def _remediating(state: SreState, reason: str) -> Outbox:
    # from diagnosing (a pre-approved step) or awaiting_approval; already there: nothing
    inc = _moved(state)
    if inc.phase is Phase.REMEDIATING:
        return []
    return _phase(inc, Phase.REMEDIATING, state["now"], reason)


# --------------------------------------------------------------------------- approval
def propose(state: SreState, deps: SreDeps) -> Update:
    """Record the approval request and emit ``ActionProposed``. Committed by the checkpointer
    before the next node pauses: the request and the event exist while the thread waits, not
    only after the decision."""
    dx, s = _current(state)
    req = deps.approvals.request(_approval_request(state, dx, s))
    stored = deps.approvals.get(req.approval_id)
    head = stored.attached_to if stored is not None else None
    why = f"{s.tool} needs approval" + (f" (already asked as {head})" if head else "")
    outbox = _phase(_moved(state), Phase.AWAITING_APPROVAL, state["now"], why)
    if head is not None:
        # The same step is already waiting for a person on another request: this one waits
        # on that decision and is not proposed a second time (no second card, no second ask).
        return {"outbox": outbox}
    outbox.append(
        ActionProposed(
            event_id=stable_id("ev", "proposed", req.approval_id),
            time=dx.time,
            approval_id=req.approval_id,
            incident_id=dx.incident_id,
            runbook_id=req.runbook_id or "",
            runbook_version=req.runbook_version or 0,
            step=s,
        ).model_dump(mode="json")
    )
    return {"outbox": outbox}


def _approval_request(state: SreState, dx: Diagnosis, s: PlannedStep) -> ApprovalRequest:
    top = dx.top
    return ApprovalRequest(
        approval_id=approval_id(dx, s),
        incident_id=dx.incident_id,
        thread_id=state["thread_id"],
        runbook_id=dx.runbook_id or "",
        runbook_version=dx.runbook_version or 0,
        step_index=s.index,
        step_name=s.name,
        tool=s.tool,
        args=dict(s.args),
        risk=s.risk,
        created_at=state["now"],
        summary=f"{top.card_id}: {top.title}" if top else "no hypothesis",
    )


def await_approval(state: SreState, deps: SreDeps) -> Update:
    """Pause on a LangGraph ``interrupt`` until someone resumes the thread. LangGraph re-runs
    this node from the top on resume; ``interrupt()`` then returns the resume value, which
    only wakes the thread: the decision is read from the approval store."""
    dx, s = _current(state)
    aid = approval_id(dx, s)
    wake = interrupt({"approval_id": aid, "tool": s.tool, "args": dict(s.args)})
    now = float(wake.get("now", state["now"])) if isinstance(wake, dict) else state["now"]
    decided = deps.approvals.get(aid)
    if decided is None or decided.status == "pending":
        return {"now": now, "approval_status": "pending"}  # woken early: wait again
    decided_ev = ApprovalDecided(
        event_id=stable_id("ev", "decided", aid),
        time=dx.time,
        approval_id=aid,
        incident_id=dx.incident_id,
        decision="approved" if decided.status == "approved" else "rejected",
        by=decided.decided_by or "",
        reason=decided.reason or "",
    ).model_dump(mode="json")
    return {"outbox": [decided_ev], "now": now, "approval_status": decided.status}


@_results_to_outbox
def execute(state: SreState, deps: SreDeps) -> Update:
    """Carry out (or, when rejected, stop at) the decided step; the gate consumes the approval
    and the ledger makes sure the step runs at most once."""
    dx, s = _current(state)
    aid = approval_id(dx, s)
    decided = deps.approvals.get(aid)
    assert decided is not None
    who = decided.decided_by or ""
    if decided.status == "rejected":
        res = ToolResult(status="denied", error=f"rejected by {who}")
        reason = f"{who} rejected {s.tool}: {decided.reason}"
        return {"pending_approval": None} | _stop(state, dx, s, res, who, aid, "rejected", reason)
    outbox = _remediating(state, f"{who} approved {s.tool}")
    res = _once(state, deps, dx, s, who, decided)
    return {"pending_approval": None} | _after_change(state, dx, s, res, who, aid, outbox)


# --------------------------------------------------------------------------- settlement
@_results_to_outbox
def await_settlement(state: SreState, deps: SreDeps) -> Update:
    """Pause until a person settles a step whose outcome is unknown (``gpufleet settle``):
    ``done`` — it happened, the plan goes on; ``not-done`` — it did not, the plan stops here;
    ``retry`` — run it again on the retry's own approval. Re-run from the top on resume, like
    :func:`await_approval`; the settlement is read from the ledger, never from the wake-up."""
    dx, s = _current(state)
    key = state.get("pending_settlement") or approval_id(dx, s)
    wake = interrupt({"settle": key, "tool": s.tool, "args": dict(s.args)})
    now = float(wake.get("now", state["now"])) if isinstance(wake, dict) else state["now"]
    claim = deps.ledger.get(key)
    outcome = claim.settled_outcome if claim else None
    if claim is None or outcome is None:
        return {"now": now, "settlement": "pending"}  # woken early: wait again
    state = {**state, "now": now}
    who, why = claim.settled_by or "", claim.settled_reason or ""
    cleared: Update = {"now": now, "pending_settlement": None, "settlement": outcome}
    aid = approval_id(dx, s)
    if outcome == "retry":
        res = _once(state, deps, dx, s, who, None)
        return cleared | _after_change(state, dx, s, res, who, aid, [])
    res = deps.ledger.outcome(key) or ToolResult(status="error", error="no settled result")
    if outcome == "not-done":
        reason = f"{who} settled {s.tool}: not done ({why})"
        return cleared | _stop(state, dx, s, res, who, aid, "escalated", reason)
    outbox = _remediating(state, f"{who} settled {s.tool}: done ({why})")
    return cleared | _after_change(state, dx, s, res, who, aid, outbox)


# --------------------------------------------------------------------------- verify
@_results_to_outbox
def verify(state: SreState, deps: SreDeps) -> Update:
    """Run the runbook's read-only verification and settle the incident's phase."""
    dx, inc, now = _diagnosis(state), _moved(state), state["now"]
    if state.get("outcome") in ("rejected", "blocked", "escalated"):
        return {}
    runbook = deps.kb.runbooks.get(dx.runbook_id or "")
    if runbook is None or runbook.version != dx.runbook_version:
        why = _no_runbook_reason(dx)
        return {"outcome": "escalated", "outbox": _phase(inc, Phase.ESCALATED, now, why)}
    check = verification_step(
        runbook, plan_context(inc, dx.evidence), len(dx.plan), affected_jobs(inc, dx.evidence)
    )
    outbox: Outbox = []
    if inc.phase is Phase.DIAGNOSING:  # a plan with reads only
        outbox += _phase(inc, Phase.REMEDIATING, now, "read-only runbook")
        inc = Incident.model_validate(outbox[-1]["incident"]) if outbox else inc
    if check.unresolved:
        res = ToolResult(status="denied", error=f"not run: needs {', '.join(check.unresolved)}")
    else:
        res = deps.gate.read(ToolCall(tool=check.tool, args=dict(check.args)), now=now)
    outbox += _phase(inc, Phase.VERIFYING, now, f"verification: {check.tool}")
    inc = Incident.model_validate(outbox[-1]["incident"]) if outbox else inc
    final, reason = _verdict(state.get("results", []), res, check.tool, runbook.verification.expect)
    outbox += _phase(inc, Phase.RESOLVED if final == "done" else Phase.ESCALATED, now, reason)
    return {"results": [_result(dx, check, res, AGENT, None)], "outbox": outbox, "outcome": final}


def _no_runbook_reason(dx: Diagnosis) -> str:
    if dx.runbook_id is None:
        return "no runbook for this cause: a person decides what to do"
    return (
        f"runbook {dx.runbook_id} v{dx.runbook_version} changed or was removed "
        "while the plan waited: a person re-checks it"
    )


def _verdict(
    results: Sequence[dict[str, Any]], res: ToolResult, tool: str, expect: str
) -> tuple[Literal["done", "escalated"], str]:
    """How the run ends, from the plan's results and the verification's."""
    changed = [r for r in results if r["risk"] != "read" and r["status"] == "ok"]
    dry = [r for r in results if r["status"] == "dry_run"]
    skipped = sorted({r["tool"] for r in results if r["status"] == "not_configured"})
    also = f"; skipped (not configured): {', '.join(skipped)}" if skipped else ""
    if dry and not changed:
        return "escalated", f"dry-run: nothing was changed; a person carries out the plan{also}"
    if res.ok:
        return "done", f"verification ran ({tool}); expect: {expect}{also}"
    return "escalated", f"verification failed: {res.error}{also}"


# --------------------------------------------------------------------------- routing
def after_analyze(state: SreState) -> str:
    return "step" if _diagnosis(state).plan else "verify"


def after_step(state: SreState) -> str:
    dx = _diagnosis(state)
    if state.get("outcome") in ("blocked", "rejected"):
        return "verify"
    if state.get("pending_settlement"):
        return "await_settlement"
    if state.get("pending_approval"):
        return "propose"
    return "step" if state.get("cursor", 0) < len(dx.plan) else "verify"


def after_settlement(state: SreState) -> str:
    if state.get("settlement") == "pending":
        return "await_settlement"
    return after_step(state)


def after_approval(state: SreState) -> str:
    # routed on what await_approval saw, so its ApprovalDecided event is never skipped
    return "await_approval" if state.get("approval_status") == "pending" else "execute"


# --------------------------------------------------------------------------- the graph
def build_graph(deps: SreDeps) -> StateGraph[SreState]:
    """The graph's shape; every node gets ``deps`` bound (compile it with a checkpointer:
    :func:`compile_graph`)."""
    g: StateGraph[SreState] = StateGraph(SreState)
    g.add_node("gather", _bind(gather, deps), input_schema=GatherTask)  # a Send payload
    g.add_node("analyze", _bind(analyze, deps))
    g.add_node("step", _bind(step, deps))
    g.add_node("propose", _bind(propose, deps))
    g.add_node("await_approval", _bind(await_approval, deps))
    g.add_node("execute", _bind(execute, deps))
    g.add_node("await_settlement", _bind(await_settlement, deps))
    g.add_node("verify", _bind(verify, deps))
    g.add_conditional_edges(START, _bind(fan_out, deps), ["gather"])
    g.add_edge("gather", "analyze")
    g.add_conditional_edges("analyze", after_analyze, ["step", "verify"])
    nexts = ["step", "propose", "await_settlement", "verify"]
    g.add_conditional_edges("step", after_step, nexts)
    g.add_edge("propose", "await_approval")
    g.add_conditional_edges("await_approval", after_approval, ["await_approval", "execute"])
    g.add_conditional_edges("execute", after_step, nexts)
    g.add_conditional_edges("await_settlement", after_settlement, nexts)
    g.add_edge("verify", END)
    return g


def _bind(node: _Node[S_contra, R_co], deps: SreDeps) -> _Bound[S_contra, R_co]:
    """``node`` with ``deps`` bound, under the node function's own name (LangGraph names a
    conditional edge after its function)."""
    return cast(_Bound[S_contra, R_co], update_wrapper(partial(node, deps=deps), node))


def compile_graph(deps: SreDeps, checkpointer: Any) -> CompiledStateGraph[Any, Any, Any, Any]:
    return build_graph(deps).compile(checkpointer=checkpointer)


def _layer(name: str) -> Layer:
    if name not in LAYERS:
        raise ValueError(f"unknown evidence layer {name!r}")
    return name  # type: ignore[return-value]  # checked against LAYERS just above


def approval_id(dx: Diagnosis, step: PlannedStep) -> str:
    return stable_id("ap", dx.incident_id, dx.diagnosis_id, step.index, step.tool, step.args)


def thread_id_for(incident: Incident) -> str:
    # One thread per diagnosis of an incident version: a re-diagnosis after the incident
    # widened starts a fresh thread instead of appending to the old one's evidence.
    return stable_id("th", incident.incident_id, incident.updated_at, incident.anomaly_count)


def thread_config(thread_id: str) -> RunnableConfig:
    return {"configurable": {"thread_id": thread_id}, "recursion_limit": 200}


def start_input(incident: Incident, now: float, thread_id: str) -> SreState:
    return SreState(
        incident=incident.model_dump(mode="json"), now=now, evidence=[], thread_id=thread_id
    )


def resume_command(now: float, approval_ids: Sequence[str] = ()) -> Command[Any]:
    return Command(resume={"now": now, "approval_ids": list(approval_ids)})


__all__ = [
    "LAYERS",
    "SreDeps",
    "approval_id",
    "build_graph",
    "compile_graph",
    "resume_command",
    "start_input",
    "thread_config",
    "thread_id_for",
]
