"""The chat assistant as a LangGraph graph: understand → gather → compose.

* ``understand`` reads what the question asks (:func:`agents.chat.intents.parse_question`);
* ``gather`` runs the read tools that intent needs and writes the deterministic, cited
  sentences (:mod:`agents.chat.gather`, :mod:`agents.chat.gather_fleet`);
* ``compose`` asks the model, when one is configured, to answer from that material, and
  grounds what it says (:mod:`agents.chat.ground`); with no model, or when the model fails or
  cites nothing valid, the deterministic sentences are the answer, in no-model mode, and the
  reason is in the answer's flags.

No node can change the fleet: the only state-changing call is ``ChatReads.propose``, which
stores an approval request for a person. Stateless: no checkpointer, nothing to resume.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial, update_wrapper
from typing import Any, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.graph.state import CompiledStateGraph

from agents.chat import gather as incident_intents
from agents.chat import gather_fleet as fleet_intents
from agents.chat.answer import ChatAnswer, HistoryTurn
from agents.chat.gather import Gathered, Handler
from agents.chat.ground import assemble, ground
from agents.chat.intents import Intent, parse_question
from agents.chat.model import ask_model, prompt, sentence_citations
from agents.chat.reads import ChatReads
from graph.models.chat import StructuredModel, clean_text

HANDLERS: dict[str, Handler] = {
    "entity_status": incident_intents.entity_status,
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
}


@dataclass(frozen=True)
class ChatDeps:
    reads: ChatReads
    model: StructuredModel | None = None


class ChatState(TypedDict, total=False):
    question: str
    incident_id: str | None
    history: list[HistoryTurn]
    now: float  # the time the caller says it is (the recording's end in a replay)
    intent: Intent
    gathered: Gathered
    answer: ChatAnswer


def understand(state: ChatState, deps: ChatDeps) -> dict[str, Any]:
    return {"intent": parse_question(state["question"], state.get("incident_id"))}


def gather(state: ChatState, deps: ChatDeps) -> dict[str, Any]:
    intent = state["intent"]
    return {"gathered": HANDLERS[intent.kind](intent, deps.reads, state["now"])}


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
    if deps.model is None:
        return {"answer": deterministic(state, [])}
    g = state["gathered"]
    user = prompt(state["question"], state.get("history", []), g.data, g.sentences, g.sources)
    reply = ask_model(deps.model, user)
    if reply.value is None:
        why = clean_text(reply.error or "no answer", 300)
        return {"answer": deterministic(state, [f"model not used ({why}); no-model answer"])}
    pairs = [sentence_citations(s) for s in reply.value.sentences]
    sentences, flags = ground(pairs, g.sources)
    if not sentences:
        return {
            "answer": deterministic(state, [*flags, "model cited nothing valid; no-model answer"])
        }
    answer = assemble(
        state["question"],
        sentences,
        mode="model",
        model=deps.model.name,
        intent=state["intent"].kind,
        proposed=g.proposed,
        series=g.series,
        flags=flags,
    )
    return {"answer": answer}


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
