"""The chat assistant as a LangGraph graph: understand → gather → compose.

* ``understand`` reads what the question asks (:func:`agents.chat.intents.parse_question`);
* ``gather`` runs the read tools that intent needs and writes the deterministic, cited
  sentences (:mod:`agents.chat.gather`, :mod:`agents.chat.gather_fleet`);
* ``compose`` asks the model, when one is configured, to rewrite that draft, and streams its
  reply as it is generated, grounding each sentence as it completes
  (:mod:`agents.chat.lines`; the deltas go to ``ChatDeps.sink``). With no model, or when the
  model fails, cites an id the tools never returned, or cites nothing valid, the
  deterministic sentences are the answer, in no-model mode, and the reason is in the
  answer's flags.

No node can change the fleet: the only state-changing call is ``ChatReads.propose``, which
stores an approval request for a person. Stateless: no checkpointer, nothing to resume.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial, update_wrapper
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from gpufleet.agents.chat import gather as incident_intents
from gpufleet.agents.chat import gather_fleet as fleet_intents
from gpufleet.agents.chat import gather_incident as about
from gpufleet.agents.chat import gather_topology
from gpufleet.agents.chat.answer import ChatAnswer, ChatDelta, HistoryTurn
from gpufleet.agents.chat.claims import Facts
from gpufleet.agents.chat.gather import Gathered, Handler
from gpufleet.agents.chat.ground import assemble, ground
from gpufleet.agents.chat.intents import Intent
from gpufleet.agents.chat.lines import LineGrounder
from gpufleet.agents.chat.model import MAX_LINES, MAX_TOKENS, SYSTEM, handles, prompt
from gpufleet.agents.chat.reads import ChatReads
from gpufleet.agents.chat.route import route
from gpufleet.graph.models.chat import ModelStreamError, TextStreamModel, clean_text

HANDLERS: dict[str, Handler] = {
    "entity_status": gather_topology.place_status,
    "incident": incident_intents.incident,
    "incidents": incident_intents.incidents,
    "xid": fleet_intents.xid,
    "approvals": fleet_intents.approvals,
    "changes": fleet_intents.changes,
    "metrics": fleet_intents.metrics,
    "waste": fleet_intents.waste,
    "drained": fleet_intents.drained,
    "propose": fleet_intents.propose,
    "knowledge": fleet_intents.knowledge,
    "what_happened": about.what_happened,
    "which_entities": about.which_entities,
    "when_started": about.when_started,
    "why_cause": about.why_cause,
    "why_not": about.why_not,
    "if_approved": about.if_approved,
    "what_to_do": about.what_to_do,
    "history": about.history,
    "compare_peers": about.compare_peers,
}


# fleet-wide intents that, with an incident in scope, also carry its context
BESIDE = frozenset({"knowledge", "xid", "changes", "metrics", "waste", "drained"})


@dataclass(frozen=True)
class ChatDeps:
    reads: ChatReads
    model: TextStreamModel | None = None
    sink: Callable[[ChatDelta], None] | None = None  # where streamed deltas go, as they come
    cancel: threading.Event | None = None  # set: stop reading the model (the client left)


class ChatState(TypedDict, total=False):
    question: str
    incident_id: str | None
    history: list[HistoryTurn]
    now: float  # the time the caller says it is (the recording's end in a replay)
    intent: Intent
    ranked: tuple[str, ...]  # every intent, nearest first (for "I can tell you: ...")
    gathered: Gathered
    answer: ChatAnswer


def understand(state: ChatState, deps: ChatDeps) -> dict[str, Any]:
    facts = deps.reads.incidents()
    intent, ranked = route(
        state["question"], state.get("incident_id"), state.get("history", []), facts
    )
    if intent.kind == "incidents" and not (intent.nodes or intent.gpus):
        # no incident in scope, but the question may name a node the fleet's own way
        named = fleet_intents.named_nodes(state["question"], deps.reads)
        if named:
            intent = replace(intent, kind="entity_status", nodes=tuple(named))
    if intent.kind == "metrics" and intent.incident_id:
        f = next((x for x in facts if x.incident.incident_id == intent.incident_id), None)
        intent = about.metrics_intent(intent, f, state["now"])
    return {"intent": intent, "ranked": tuple(k for k, _ in ranked.scores)}


def gather(state: ChatState, deps: ChatDeps) -> dict[str, Any]:
    intent = state["intent"]
    now = state["now"]
    if intent.kind == "can_tell":
        g = about.can_tell(intent, deps.reads, now, state["ranked"])
    else:
        g = HANDLERS[intent.kind](intent, deps.reads, now)
    if not g.sentences and intent.incident_id:  # nothing to say: say what can be told
        g = about.can_tell(intent, deps.reads, now, state["ranked"])
    elif not g.sentences and intent.kind != "knowledge":
        # no incident in scope and the nearest intent found nothing ("how long does dcgmi diag
        # -r 3 take?" reads like a drain question): what the cards say is the answer left
        g = fleet_intents.knowledge(intent, deps.reads, now)
    if intent.kind in ("entity_status", "incidents") and intent.xids:
        # no incident in scope, but the Xid the person quotes still has a meaning to give
        known = fleet_intents.xid(intent, deps.reads, now)
        g.sentences += known.sentences
        g.sources.update(known.sources)
    # a knowledge, Xid, change, metric or waste question asked while an incident is in scope
    # is answered beside it: the catalog or the cards alone could be unrelated to what the
    # person is looking at, and "is it the driver" is about the incident's own diagnosis
    if intent.kind in about.WITH_CONTEXT or (intent.kind in BESIDE and intent.incident_id):
        f = about.subject(intent, deps.reads)
        if f is not None:
            about.context(g, f, deps.reads, now)
    return {"gathered": g}


def deterministic(state: ChatState, flags: list[str]) -> ChatAnswer:
    g = state["gathered"]
    pairs = [(s.text, [c.id for c in s.citations]) for s in g.sentences]
    sentences, more = ground(pairs, g.sources)
    return assemble(
        state["question"],
        sentences,
        mode="no-model",
        intent=state["intent"].kind,
        proposed=g.proposed,
        series=g.series,
        flags=[*flags, *more],
    )


def compose(state: ChatState, deps: ChatDeps) -> dict[str, Any]:
    g = state["gathered"]
    cite_as = handles(g.sources, " ".join(s.text for s in g.sentences))
    if deps.model is None or not cite_as:  # nothing citable: the model could only invent
        return {"answer": deterministic(state, [])}
    user = prompt(state["question"], state.get("history", []), g.sentences, cite_as, g.context_from)
    grounder = LineGrounder(cite_as, MAX_LINES, claim_facts(g, deps.reads))
    error = stream_model(deps, deps.model, user, grounder)
    flags = grounding_flags(grounder, error)
    if grounder.invented or not grounder.kept:
        why = (
            "model cited an id the tools never returned"
            if grounder.invented
            else ("model cited nothing valid")
        )
        return {"answer": deterministic(state, [*flags, f"{why}; no-model answer"])}
    answer = assemble(
        state["question"],
        grounder.kept,
        mode="model",
        model=deps.model.name,
        intent=state["intent"].kind,
        proposed=g.proposed,
        series=g.series,
        flags=flags,
    )
    return {"answer": answer}


def stream_model(
    deps: ChatDeps, model: TextStreamModel, user: str, grounder: LineGrounder
) -> str | None:
    """Read the model's reply piece by piece into ``grounder``, sending its deltas to the
    sink as they come; stop at the grounder's line limit or when cancelled. Returns why the
    stream failed, or None."""
    emit = deps.sink or (lambda _delta: None)
    pieces = model.stream_text(SYSTEM, user, MAX_TOKENS)
    error: str | None = None
    try:
        for piece in pieces:
            for delta in grounder.feed(piece):
                emit(delta)
            if grounder.done or (deps.cancel is not None and deps.cancel.is_set()):
                break
    except ModelStreamError as e:
        error = clean_text(str(e), 300)
    finally:
        close = getattr(pieces, "close", None)
        if close is not None:
            close()  # stops the request: the server stops generating
    for delta in grounder.finish():
        emit(delta)
    return error


def grounding_flags(grounder: LineGrounder, error: str | None) -> list[str]:
    flags = []
    if error is not None:
        flags.append(f"model stream failed ({error})")
    if grounder.invented:
        flags.append(
            f"removed {grounder.invented} model sentence(s) citing ids the tools never returned"
        )
    if grounder.uncited:
        flags.append(f"removed {grounder.uncited} model sentence(s) with no citation")
    if grounder.contradicting:
        flags.append(
            f"removed {grounder.contradicting} model sentence(s) contradicting the source they cite"
        )
    return flags


def claim_facts(g: Gathered, reads: ChatReads) -> dict[str, Facts]:
    """What the reads say about every id the model may cite: an approval's state and who
    decided it; for any source, every deterministic sentence that cites it."""
    said: dict[str, list[str]] = {}
    for s in g.sentences:
        for c in s.citations:
            said.setdefault(c.id, []).append(s.text)
    facts = {
        c.id: Facts(kind=c.kind, text=" ".join([c.label, *said.get(c.id, [])]))
        for c in g.sources.values()
    }
    for rec in reads.approvals():
        if rec.approval_id in facts:
            facts[rec.approval_id] = Facts(
                kind="approval",
                status=rec.status,
                executed=rec.consumed,
                actor=rec.decided_by or "",
                text=facts[rec.approval_id].text
                + " "
                + " ".join(map(str, rec.request.args.values())),
            )
    return facts


def _bind(node: Any, deps: ChatDeps) -> Any:
    return update_wrapper(partial(node, deps=deps), node)


def build_chat_graph(deps: ChatDeps) -> CompiledStateGraph[Any, Any, Any, Any]:
    g: StateGraph[ChatState] = StateGraph(ChatState)
    g.add_node("understand", _bind(understand, deps))
    g.add_node("gather", _bind(gather, deps))
    g.add_node("compose", _bind(compose, deps))
    g.add_edge(START, "understand")
    g.add_edge("understand", "gather")
    g.add_edge("gather", "compose")
    g.add_edge("compose", END)
    return g.compile()
