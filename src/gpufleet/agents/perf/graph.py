"""The planner as a small LangGraph graph: rank → gate (SRE holds) → propose.

Module-level nodes over a JSON state, a short builder, like ``agents/sre/graph.py``. The ranking
is deterministic (expected gain, then id) and needs no model; a model backend could re-word the
titles in a later node without touching the order or the actions. The graph never pauses: an
action becomes an approval request in the store and waits there for a person (the approval
gate runs it only once approved), so there is nothing to checkpoint between runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial, update_wrapper
from typing import Any, TypedDict, cast

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from gpufleet.agents.perf.holds import Holds
from gpufleet.agents.perf.propose import file_requests
from gpufleet.bus.events import Recommendation
from gpufleet.graph.state.database import Location


class PlannerState(TypedDict, total=False):
    recommendations: list[dict[str, Any]]  # bus.events.Recommendation, JSON
    held: dict[str, list[str]]  # incident id → hostnames the SRE agent holds
    requests: list[str]  # approval ids filed
    notes: list[str]


@dataclass(frozen=True)
class PlannerDeps:
    approvals_db: Location | None = None  # None: plan only, file nothing
    top: int | None = None  # keep the best N


def _recs(state: PlannerState) -> list[Recommendation]:
    return [Recommendation.model_validate(r) for r in state.get("recommendations", [])]


def rank(state: PlannerState, deps: PlannerDeps) -> PlannerState:
    recs = sorted(_recs(state), key=lambda r: (-r.gain.value, r.recommendation_id))
    kept = recs[: deps.top] if deps.top is not None else recs
    return {"recommendations": [r.model_dump(mode="json") for r in kept]}


def gate(state: PlannerState, deps: PlannerDeps) -> PlannerState:
    holds = Holds.from_snapshot(state.get("held", {}))
    gated = [holds.gate(r) for r in _recs(state)]
    dropped = sum(1 for a, b in zip(_recs(state), gated, strict=True) if a.action and not b.action)
    notes = (
        [f"{dropped} action(s) withheld: their nodes are held by the SRE agent"] if dropped else []
    )
    return {"recommendations": [r.model_dump(mode="json") for r in gated], "notes": notes}


def propose(state: PlannerState, deps: PlannerDeps) -> PlannerState:
    if deps.approvals_db is None:
        return {"requests": []}
    return {"requests": file_requests(deps.approvals_db, _recs(state))}


def after_gate(state: PlannerState) -> str:
    return "propose" if any(r.get("action") for r in state.get("recommendations", [])) else END


def build_planner(deps: PlannerDeps) -> CompiledStateGraph[Any, Any, Any, Any]:
    g: StateGraph[PlannerState] = StateGraph(PlannerState)
    g.add_node("rank", update_wrapper(partial(rank, deps=deps), rank))
    g.add_node("gate", update_wrapper(partial(gate, deps=deps), gate))
    g.add_node("propose", update_wrapper(partial(propose, deps=deps), propose))
    g.add_edge(START, "rank")
    g.add_edge("rank", "gate")
    g.add_conditional_edges("gate", after_gate, ["propose", END])
    g.add_edge("propose", END)
    return g.compile()


def plan(
    recs: list[Recommendation], held: dict[str, list[str]], deps: PlannerDeps
) -> tuple[list[Recommendation], list[str]]:
    """Run the planner once: the gated, ranked recommendations and the approval ids filed."""
    out = cast(
        PlannerState,
        build_planner(deps).invoke(
            {"recommendations": [r.model_dump(mode="json") for r in recs], "held": held}
        ),
    )
    return _recs(out), list(out.get("requests", []))
