"""From a question to what answers it: the intent by meaning (:mod:`agents.chat.understand`),
the entities it names (:mod:`agents.chat.intents`) and the incident in scope — the one named,
else the one touching a named entity, else the last one discussed, else the only open one
(else the newest open). Entities a follow-up leaves out carry over from earlier turns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from gpufleet.agents.chat.answer import HistoryTurn
from gpufleet.agents.chat.gather import touches
from gpufleet.agents.chat.gather_incident import xids_seen
from gpufleet.agents.chat.intents import Intent, IntentKind, parse_question
from gpufleet.agents.chat.reads import IncidentFacts
from gpufleet.agents.chat.understand import Ranked, rank_intents
from gpufleet.bus.events import Phase

_INC = re.compile(r"\binc-[0-9a-f]{6,}\b")
# the intents answered from the incident in scope (without one, the fleet-wide handler)
ABOUT_INCIDENT = frozenset(
    {
        "what_happened",
        "which_entities",
        "when_started",
        "why_cause",
        "why_not",
        "if_approved",
        "what_to_do",
        "history",
        "compare_peers",
    }
)
MIN_SCORE = 0.30  # below: no intent is near enough; the chat says what it can tell instead
KNOWLEDGE_MARGIN = 0.05  # with an incident in scope, a near tie goes to the incident


def _hosts(f: IncidentFacts) -> set[str]:
    inc = f.incident
    return {*inc.nodes, inc.root_entity.split("/")[0], *(e.split("/")[0] for e in inc.entities)}


def named_in(question: str, facts: Sequence[IncidentFacts]) -> IncidentFacts | None:
    """The first incident whose host the question names as written (any naming scheme:
    ``gpu-node-a``, ``pve``, ``AI-MicroServer``), matched against what gpufleet knows."""
    for f in facts:
        for host in sorted(_hosts(f), key=len, reverse=True):
            if host and re.search(rf"(?<![\w-]){re.escape(host)}(?![\w-])", question, re.I):
                return f
    return None


def scope(
    intent: Intent, facts: Sequence[IncidentFacts], history: Sequence[HistoryTurn]
) -> str | None:
    ids = {f.incident.incident_id for f in facts}
    if intent.incident_id in ids:
        return intent.incident_id
    host = named_in(intent.question, facts)
    if host is not None:
        return host.incident.incident_id
    for entity in intent.entities:
        hit = next((f for f in facts if touches(f, entity)), None)
        if hit is not None:
            return hit.incident.incident_id
    if intent.entities:  # named, and no incident touches it: no incident is the subject
        return None
    for code in intent.xids:
        hit = next((f for f in facts if code in xids_seen(f)), None)
        if hit is not None:
            return hit.incident.incident_id
    for turn in reversed(history):
        named: list[str] = [i for i in _INC.findall(turn.text) if i in ids]
        if named:
            return named[0]
    open_ = [f for f in facts if f.incident.phase != Phase.RESOLVED] or list(facts)
    return open_[0].incident.incident_id if open_ else None


def carried(intent: Intent, history: Sequence[HistoryTurn]) -> Intent:
    """A follow-up that names nothing takes the entities of the last user turn that did."""
    if intent.entities or intent.lone_gpus or intent.xids:
        return intent
    for turn in reversed(history):
        if turn.role == "user":
            prior = parse_question(turn.text)
            if prior.entities or prior.lone_gpus:
                return replace(
                    intent, gpus=prior.gpus, nodes=prior.nodes, lone_gpus=prior.lone_gpus
                )
    return intent


def route(
    question: str,
    incident_id: str | None,
    history: Sequence[HistoryTurn],
    facts: Sequence[IncidentFacts],
) -> tuple[Intent, Ranked]:
    base = carried(parse_question(question, incident_id), history)
    if base.kind == "propose":  # a command, not a question: its syntax decides
        return base, Ranked((("propose", 1.0),))
    ranked = rank_intents(question)
    inc = scope(base, facts, history)
    return replace(base, kind=_kind(ranked, base, inc), incident_id=inc), ranked


def _kind(ranked: Ranked, base: Intent, inc: str | None) -> IntentKind:
    best = ranked.best
    if best == "knowledge":
        near = next((k for k, _ in ranked.scores if k in ABOUT_INCIDENT), None)
        if inc and near and ranked.score(best) - ranked.score(near) < KNOWLEDGE_MARGIN:
            return _checked(near)
        return "xid" if base.xids else "knowledge"
    if best in ABOUT_INCIDENT and inc is None:
        return "entity_status" if base.entities or base.lone_gpus else "incidents"
    if inc is not None and ranked.score(best) < MIN_SCORE:
        return "can_tell"
    return _checked(best)


def _checked(kind: str) -> IntentKind:
    kinds: tuple[IntentKind, ...] = (
        "what_happened",
        "which_entities",
        "when_started",
        "why_cause",
        "why_not",
        "if_approved",
        "what_to_do",
        "history",
        "compare_peers",
        "metrics",
        "approvals",
        "changes",
        "waste",
        "drained",
        "incidents",
    )
    return next((k for k in kinds if k == kind), "can_tell")
