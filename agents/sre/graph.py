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

Nodes are pure functions of the state plus the injected :class:`SreDeps`; every event they
produce goes to the ``outbox`` with a content-derived id, so re-running a node after a crash
re-emits the same ids and idempotent subscribers drop the duplicates.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from langchain_core.runnables import RunnableConfig
from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph
from langgraph.types import Command, Send, interrupt

from agents.sre.diagnose_core import analyze_evidence
from agents.sre.evidence import evidence_from_results, plan_evidence
from agents.sre.plan import affected_jobs, make_plan, plan_context, verification_step
from agents.sre.rerank import rerank
from agents.sre.state import GatherTask, SreState
from bus.events import (
    ActionProposed,
    ActionResult,
    ApprovalDecided,
    Diagnosis,
    DiagnosisReady,
    Evidence,
    Incident,
    Layer,
    Phase,
    PhaseError,
    PlannedStep,
    incident_updated,
    stable_id,
)
from graph.approvals.gate import ActionContext, ApprovalGate
from graph.approvals.ledger import ExecutionLedger
from graph.approvals.store import ApprovalRequest, ApprovalStore
from graph.models.chat import StructuredModel
from graph.tools import ToolCall, ToolResult
from knowledge.retrieve import Retriever
from knowledge.store import KnowledgeBase
from telemetry.topology import Topology

LAYERS = ("hardware", "driver", "os", "workload")
AGENT = "agent"


@dataclass
class SreDeps:
    """Everything the graph's nodes use, injected (tests and evals build their own)."""

    kb: KnowledgeBase
    retriever: Retriever
    gate: ApprovalGate
    approvals: ApprovalStore
    topology: Topology
    ledger: ExecutionLedger
    model: StructuredModel | None = None
    max_hypotheses: int = 5


def _incident(state: SreState) -> Incident:
    return Incident.model_validate(state["incident"])


def _diagnosis(state: SreState) -> Diagnosis:
    return Diagnosis.model_validate(state["diagnosis"])


def _phase(incident: Incident, phase: Phase, at: float, reason: str) -> list[dict[str, Any]]:
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


def build_graph(deps: SreDeps) -> StateGraph[SreState]:
    def fan_out(state: SreState) -> list[Send]:
        inc = _incident(state)
        planned = plan_evidence(inc, deps.topology, state["now"])
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

    def gather(task: GatherTask) -> dict[str, Any]:
        calls = [ToolCall.model_validate(c) for c in task["calls"]]
        results: list[ToolResult] = []
        for call in calls:
            # Reads only: the gate refuses anything else without an approval, so a planner
            # bug can never turn evidence gathering into an action.
            results.append(deps.gate.read(call, now=task["now"]))
        items = evidence_from_results(_layer(task["layer"]), calls, results)
        return {"evidence": [e.model_dump(mode="json") for e in items]}

    def analyze(state: SreState) -> dict[str, Any]:
        inc = _incident(state)
        now = state["now"]
        core = analyze_evidence(
            inc, [Evidence.model_validate(e) for e in state["evidence"]], deps.retriever, deps.kb
        )
        evidence, findings = core.evidence, core.findings
        ranked = core.hypotheses[: deps.max_hypotheses]
        outcome = rerank(deps.model, inc, evidence, ranked)
        plan = make_plan(deps.kb, inc, outcome.hypotheses, evidence)
        diagnosis = Diagnosis(
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
        outbox = _phase(inc, Phase.DIAGNOSING, now, "SRE agent gathering evidence")
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

    def _context(dx: Diagnosis, step: PlannedStep, thread: str) -> ActionContext:
        node = step.args.get("node")
        return ActionContext(
            incident_id=dx.incident_id,
            runbook_id=dx.runbook_id or "",
            runbook_version=dx.runbook_version or 0,
            node=node if isinstance(node, str) else None,
            thread_id=thread,
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

    def step(state: SreState) -> dict[str, Any]:
        dx = _diagnosis(state)
        i = state.get("cursor", 0)
        s = dx.plan[i]
        if s.unresolved:
            res = ToolResult(
                status="denied",
                error=f"not run: needs {', '.join(s.unresolved)} (a person completes this step)",
            )
            if s.risk == "read":
                return {"cursor": i + 1, "results": [_result(dx, s, res, AGENT, None)]}
            # a state-changing step nobody can complete here: the rest of the plan assumes it
            return _stop(state, dx, s, res, AGENT, None, "escalated", res.error or "")
        call = ToolCall(tool=s.tool, args=dict(s.args))
        if s.risk == "read":
            res = deps.gate.read(
                call, now=state["now"], context=_context(dx, s, state["thread_id"])
            )
            return {"cursor": i + 1, "results": [_result(dx, s, res, AGENT, None)]}
        decision = deps.gate.classify(
            s.tool, dict(s.args), _context(dx, s, state["thread_id"]).node, state["now"]
        )
        if decision.kind == "run" and _runbook_requires_person(dx):
            decision = decision.model_copy(update={"kind": "needs_approval"})
        if decision.kind == "blocked":
            inc = _moved(state)
            res = ToolResult(status="denied", error=f"blocked: {decision.reason}")
            return {
                "cursor": len(dx.plan),
                "results": [_result(dx, s, res, AGENT, None)],
                "outcome": "blocked",
                "outbox": _phase(inc, Phase.ESCALATED, state["now"], decision.reason),
            }
        if decision.kind == "run":  # pre-approved by a policy rule
            initiator = f"policy:{decision.preapproved_by}"
            outbox = _remediating(state, f"pre-approved by {decision.preapproved_by}")
            res = _once(state, dx, s, initiator, None)
            return _after_change(state, dx, s, res, initiator, None, outbox)
        return {"pending_approval": approval_id(dx, s)}

    def propose(state: SreState) -> dict[str, Any]:
        dx = _diagnosis(state)
        s = dx.plan[state["cursor"]]
        aid = approval_id(dx, s)
        req = deps.approvals.request(
            ApprovalRequest(
                approval_id=aid,
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
                summary=_summary(dx),
            )
        )
        inc = _moved(state)
        outbox = _phase(inc, Phase.AWAITING_APPROVAL, state["now"], f"{s.tool} needs approval")
        outbox.append(
            ActionProposed(
                event_id=stable_id("ev", "proposed", aid),
                time=dx.time,
                approval_id=aid,
                incident_id=dx.incident_id,
                runbook_id=req.runbook_id or "",
                runbook_version=req.runbook_version or 0,
                step=s,
            ).model_dump(mode="json")
        )
        # committed by the checkpointer before the next node pauses: the request and the
        # ActionProposed event exist while the thread waits, not only after the decision
        return {"outbox": outbox}

    def await_approval(state: SreState) -> dict[str, Any]:
        dx = _diagnosis(state)
        s = dx.plan[state["cursor"]]
        aid = approval_id(dx, s)
        # LangGraph re-runs this node from the top on resume; interrupt() then returns the
        # resume value, which only wakes the thread: the decision is read from the store.
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

    def execute(state: SreState) -> dict[str, Any]:
        dx = _diagnosis(state)
        s = dx.plan[state["cursor"]]
        aid = approval_id(dx, s)
        decided = deps.approvals.get(aid)
        assert decided is not None
        who = decided.decided_by or ""
        if decided.status == "rejected":
            res = ToolResult(status="denied", error=f"rejected by {who}")
            reason = f"{who} rejected {s.tool}: {decided.reason}"
            return {"pending_approval": None} | _stop(
                state, dx, s, res, who, aid, "rejected", reason
            )
        outbox = _remediating(state, f"{who} approved {s.tool}")
        res = _once(state, dx, s, who, decided)
        return {"pending_approval": None} | _after_change(state, dx, s, res, who, aid, outbox)

    def _once(
        state: SreState, dx: Diagnosis, s: PlannedStep, initiator: str, decided: Any
    ) -> ToolResult:
        """Run a state-changing step through the gate at most once, ever (the ledger); a
        re-run of this node reads what happened the first time."""
        key = approval_id(dx, s)
        if not deps.ledger.claim(key, state["now"]):
            done = deps.ledger.outcome(key)
            return done or ToolResult(
                status="error",
                error="this step was started before and its outcome is unknown (the process "
                "stopped while it ran): check the node by hand",
            )
        res = deps.gate.execute(
            ToolCall(tool=s.tool, args=dict(s.args)),
            context=_context(dx, s, state["thread_id"]),
            initiator=initiator,
            approval=decided,
            now=state["now"],
        )
        deps.ledger.complete(key, res)
        return res

    def _after_change(
        state: SreState,
        dx: Diagnosis,
        s: PlannedStep,
        res: ToolResult,
        initiator: str,
        aid: str | None,
        outbox: list[dict[str, Any]],
    ) -> dict[str, Any]:
        if res.status in ("ok", "dry_run"):
            return {
                "cursor": state["cursor"] + 1,
                "results": [_result(dx, s, res, initiator, aid)],
                "outbox": outbox,
            }
        # Refused or failed (expired approval, breaker, a person's drain, a broken node): the
        # later steps assume this one happened, so the plan stops here and a person takes over.
        why = f"{s.tool} {res.status}: {res.error or 'no detail'}"
        stopped = _stop(state, dx, s, res, initiator, aid, "escalated", why, outbox)
        return stopped

    def _stop(
        state: SreState,
        dx: Diagnosis,
        s: PlannedStep,
        res: ToolResult,
        initiator: str,
        aid: str | None,
        outcome: str,
        reason: str,
        outbox: list[dict[str, Any]] | None = None,
    ) -> dict[str, Any]:
        outbox = list(outbox or [])
        inc = _moved(state, outbox)
        outbox += _phase(inc, Phase.ESCALATED, state["now"], reason)
        return {
            "cursor": len(dx.plan),
            "results": [_result(dx, s, res, initiator, aid)],
            "outcome": outcome,
            "outbox": outbox,
        }

    def _remediating(state: SreState, reason: str) -> list[dict[str, Any]]:
        # from diagnosing (a pre-approved step) or awaiting_approval; already there: nothing
        inc = _moved(state)
        if inc.phase is Phase.REMEDIATING:
            return []
        return _phase(inc, Phase.REMEDIATING, state["now"], reason)

    def _runbook_requires_person(dx: Diagnosis) -> bool:
        runbook = deps.kb.runbooks.get(dx.runbook_id or "")
        return runbook is not None and runbook.approval == "required"

    def verify(state: SreState) -> dict[str, Any]:
        dx = _diagnosis(state)
        inc = _moved(state)
        now = state["now"]
        if state.get("outcome") in ("rejected", "blocked", "escalated"):
            return {}
        runbook = deps.kb.runbooks.get(dx.runbook_id or "")
        if runbook is None or runbook.version != dx.runbook_version:
            why = (
                "no runbook for this cause: a person decides what to do"
                if dx.runbook_id is None
                else f"runbook {dx.runbook_id} v{dx.runbook_version} changed or was removed "
                "while the plan waited: a person re-checks it"
            )
            return {"outcome": "escalated", "outbox": _phase(inc, Phase.ESCALATED, now, why)}
        ctx = plan_context(inc, dx.evidence)
        check = verification_step(runbook, ctx, len(dx.plan), affected_jobs(inc, dx.evidence))
        results = state.get("results", [])
        changed = [r for r in results if r["risk"] != "read" and r["status"] == "ok"]
        dry = [r for r in results if r["status"] == "dry_run"]
        outbox: list[dict[str, Any]] = []
        if inc.phase is Phase.DIAGNOSING:  # a plan with reads only
            outbox += _phase(inc, Phase.REMEDIATING, now, "read-only runbook")
            inc = Incident.model_validate(outbox[-1]["incident"]) if outbox else inc
        if check.unresolved:
            res = ToolResult(status="denied", error=f"not run: needs {', '.join(check.unresolved)}")
        else:
            res = deps.gate.read(ToolCall(tool=check.tool, args=dict(check.args)), now=now)
        outbox += _phase(inc, Phase.VERIFYING, now, f"verification: {check.tool}")
        inc = Incident.model_validate(outbox[-1]["incident"]) if outbox else inc
        if dry and not changed:
            reason = "dry-run: nothing was changed; a person carries out the plan"
            final: Literal["done", "escalated"] = "escalated"
        elif res.ok:
            reason = f"verification ran ({check.tool}); expect: {runbook.verification.expect}"
            final = "done"
        else:
            reason = f"verification failed: {res.error}"
            final = "escalated"
        outbox += _phase(inc, Phase.RESOLVED if final == "done" else Phase.ESCALATED, now, reason)
        return {
            "results": [_result(dx, check, res, AGENT, None)],
            "outbox": outbox,
            "outcome": final,
        }

    def after_step(state: SreState) -> str:
        dx = _diagnosis(state)
        if state.get("outcome") in ("blocked", "rejected"):
            return "verify"
        if state.get("pending_approval"):
            return "propose"
        return "step" if state.get("cursor", 0) < len(dx.plan) else "verify"

    def after_analyze(state: SreState) -> str:
        return "step" if _diagnosis(state).plan else "verify"

    def after_approval(state: SreState) -> str:
        # routed on what await_approval saw, so its ApprovalDecided event is never skipped
        return "await_approval" if state.get("approval_status") == "pending" else "execute"

    g: StateGraph[SreState] = StateGraph(SreState)
    g.add_node("gather", gather)  # type: ignore[call-overload]  # a Send payload, not the state
    g.add_node("analyze", analyze)
    g.add_node("step", _results_to_outbox(step))
    g.add_node("propose", propose)
    g.add_node("await_approval", await_approval)
    g.add_node("execute", _results_to_outbox(execute))
    g.add_node("verify", _results_to_outbox(verify))
    g.add_conditional_edges(START, fan_out, ["gather"])
    g.add_edge("gather", "analyze")
    g.add_conditional_edges("analyze", after_analyze, ["step", "verify"])
    g.add_conditional_edges("step", after_step, ["step", "propose", "verify"])
    g.add_edge("propose", "await_approval")
    g.add_conditional_edges("await_approval", after_approval, ["await_approval", "execute"])
    g.add_conditional_edges("execute", after_step, ["step", "propose", "verify"])
    g.add_edge("verify", END)
    return g


class _SreNode(Protocol):
    def __call__(self, state: SreState) -> dict[str, Any]: ...


def _results_to_outbox(node: _SreNode) -> _SreNode:
    """Every ActionResult a node records is also published (after its other events)."""

    def wrapped(state: SreState) -> dict[str, Any]:
        update = node(state)
        if update.get("results"):
            update["outbox"] = [*update.get("outbox", []), *update["results"]]
        return update

    wrapped.__name__ = getattr(node, "__name__", "node")
    return wrapped


def _layer(name: str) -> Layer:
    if name not in LAYERS:
        raise ValueError(f"unknown evidence layer {name!r}")
    return name  # type: ignore[return-value]  # checked against LAYERS just above


def approval_id(dx: Diagnosis, step: PlannedStep) -> str:
    return stable_id("ap", dx.incident_id, dx.diagnosis_id, step.index, step.tool, step.args)


def _summary(dx: Diagnosis) -> str:
    top = dx.top
    return f"{top.card_id}: {top.title}" if top else "no hypothesis"


def compile_graph(deps: SreDeps, checkpointer: Any) -> CompiledStateGraph[Any, Any, Any, Any]:
    return build_graph(deps).compile(checkpointer=checkpointer)


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
