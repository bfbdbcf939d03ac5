"""Reading what a question needs and saying it: one function per intent.

Each reads through :class:`~agents.chat.reads.ChatReads` and returns a :class:`Gathered`:
the deterministic sentences (the no-model answer; every one cites what it rests on), the
sources the tools returned (the only ids a citation may use), compact data for a model, the
series to draw and any proposal stored. Every string from the fleet goes through
:func:`graph.models.chat.clean_text` before it is put in a sentence.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from gpufleet.agents.chat.answer import Citation, CitationKind, ProposedAction, Sentence, Series
from gpufleet.agents.chat.intents import Intent
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts
from gpufleet.bus.events import Phase
from gpufleet.graph.models.chat import clean_text

MAX_LISTED = 5
DEFAULT_METRICS_S = 1800.0
DEFAULT_CHANGES_S = 3600.0
DEFAULT_WASTE_S = 7 * 86400.0
DRAIN_LOOKBACK_S = 7 * 86400.0
_CLOSED = (Phase.RESOLVED,)


def t(value: object, limit: int = 200) -> str:
    """Fleet text as it may appear in an answer: one clean line, bounded."""
    return clean_text(str(value), limit)


def utc(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).strftime("%Y-%m-%d %H:%M UTC")


def minutes(seconds: float) -> str:
    if seconds >= 86400 and seconds % 86400 == 0:
        return f"{seconds / 86400:g} days" if seconds != 86400 else "24 hours"
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} hours" if seconds != 3600 else "hour"
    return f"{seconds / 60:g} minutes"


@dataclass
class Gathered:
    sentences: list[Sentence] = field(default_factory=list)
    sources: dict[str, Citation] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)
    series: list[Series] = field(default_factory=list)
    proposed: list[ProposedAction] = field(default_factory=list)
    # where the incident's context begins (sentences said with every answer about it, not in
    # answer to this question): the model's prompt takes those only where they add a source
    context_from: int | None = None

    def cite(self, kind: CitationKind, id_: str, label: str = "") -> Citation:
        """A source the tools returned: registered, so grounding accepts it."""
        c = self.sources.get(id_) or Citation(kind=kind, id=id_, label=t(label or id_, 160))
        self.sources[id_] = c
        return c

    def say(self, text: str, *cites: Citation) -> None:
        self.sentences.append(Sentence(text=text, citations=tuple(dict.fromkeys(cites))))


# --------------------------------------------------------------------------- incidents
def touches(f: IncidentFacts, entity: str) -> bool:
    inc = f.incident
    if "/" in entity:  # a GPU: named, or its node is the incident's scope
        node = entity.split("/", 1)[0]
        return entity in inc.entities or inc.root_entity in (entity, node)
    if entity.startswith("rack-"):
        return entity in inc.racks or inc.root_entity == entity
    return (
        entity in inc.nodes
        or inc.root_entity == entity
        or inc.root_entity.startswith(entity + "/")
        or any(e.startswith(entity + "/") for e in inc.entities)
    )


def _incident_cite(g: Gathered, f: IncidentFacts) -> Citation:
    return g.cite("incident", f.incident.incident_id, f.incident.title)


def describe_incident(g: Gathered, f: IncidentFacts, reads: ChatReads, brief: bool = False) -> None:
    inc = f.incident
    me = _incident_cite(g, f)
    title = t(inc.title)
    places = [t(e, 80) for e in inc.entities[:4]] or [t(inc.root_entity, 80)]
    # a title that already names every place ("… on node-02/gpu5") is not repeated
    where = "" if all(p in title for p in places) else f", on {', '.join(places)}"
    g.say(
        f"Incident {inc.incident_id}: {title} ({inc.severity.name.lower()}, "
        f"{inc.phase.value}){where}, opened {utc(inc.opened_at)}.",
        me,
    )
    if inc.xids:
        g.say(f"It shows Xid {', '.join(str(x) for x in inc.xids)}.", me)
    g.data.setdefault("incidents", []).append(_incident_data(f))
    dx = f.diagnosis
    if dx is None or not dx.hypotheses:
        if not brief:
            g.say("It has no diagnosis yet.", me)
        return
    top = dx.hypotheses[0]
    card = g.cite("card", top.card_id, top.title)
    ev = [e for e in dx.evidence if e.evidence_id in set(top.evidence_ids)][:3]
    ev_cites = [g.cite("evidence", e.evidence_id, e.summary) for e in ev]
    g.say(
        f"The top-ranked cause is {t(top.title)} ({top.card_id}, score {top.score:.2f}).",
        card,
        *ev_cites,
        me,
    )
    if brief:
        return
    for e, c in zip(ev, ev_cites, strict=True):
        g.say(f"Evidence {e.evidence_id}: {t(e.summary, 300)}.", c)
    if dx.runbook_id:
        rb = g.cite("runbook", dx.runbook_id, dx.runbook_id)
        steps = [s for s in dx.plan if s.needs_approval]
        if steps:
            names = "; ".join(f"{t(s.name, 80)} ({s.tool})" for s in steps[:4])
            g.say(f"Runbook {dx.runbook_id} plans steps that need approval: {names}.", rb, me)
        else:
            g.say(f"Runbook {dx.runbook_id} applies.", rb, me)
    for rec in reads.approvals(inc.incident_id)[:MAX_LISTED]:
        _say_approval(g, rec.approval_id, rec.tool, rec.request.args, rec.status, me)


def _incident_data(f: IncidentFacts) -> dict[str, Any]:
    inc, dx = f.incident, f.diagnosis
    return {
        "incident_id": inc.incident_id,
        "title": t(inc.title),
        "severity": inc.severity.name.lower(),
        "phase": inc.phase.value,
        "entities": [t(e, 80) for e in inc.entities[:8]],
        "xids": list(inc.xids),
        "causes": [
            {"card_id": h.card_id, "title": t(h.title), "score": round(h.score, 3)}
            for h in (dx.hypotheses[:3] if dx else ())
        ],
        "evidence": [
            {"evidence_id": e.evidence_id, "summary": t(e.summary, 240)}
            for e in (dx.evidence[:8] if dx else ())
        ],
        "runbook_id": dx.runbook_id if dx else None,
    }


def _say_approval(
    g: Gathered, approval_id: str, tool: str, args: dict[str, Any], status: str, inc: Citation
) -> None:
    # the reason is the request's free text (it restates the incident): the approval shows it
    named = [(k, v) for k, v in args.items() if k != "reason"][:4]
    shown = ", ".join(f"{t(k, 40)}={t(v, 60)}" for k, v in named)
    c = g.cite("approval", approval_id, f"{tool} ({status})")
    g.say(f"Approval {approval_id}: {tool}({shown}) is {status}.", c, inc)


def _none_found(g: Gathered, what: str, query: str) -> None:
    g.say(f"No {what}.", g.cite("query", query, query))


def entity_status(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    facts = reads.incidents()
    for entity in _targets(intent, facts):
        hits = [f for f in facts if touches(f, entity)]
        if not hits:
            _none_found(
                g,
                f"incident touches {entity} in what gpufleet knows",
                f"incidents touching {entity}",
            )
        for f in hits[:MAX_LISTED]:
            describe_incident(g, f, reads, brief=len(hits) > 2)
        if "/" not in entity and not entity.startswith("rack-"):
            _scheduler_state(g, reads, entity)
    return g


def _targets(intent: Intent, facts: list[IncidentFacts]) -> list[str]:
    out = list(intent.gpus) or list(intent.nodes) or list(intent.racks)
    for i in intent.lone_gpus:  # "gpu4" alone: the GPUs of that index some incident names
        hits = sorted({e for f in facts for e in f.incident.entities if e.endswith(f"/gpu{i}")})
        out += [h for h in hits if not intent.nodes or h.split("/")[0] in intent.nodes]
    return out or [f"gpu{i}" for i in intent.lone_gpus]


def _scheduler_state(g: Gathered, reads: ChatReads, node: str) -> None:
    res = reads.fleet_read("slurm.show_node", {"node": node})
    if res is None or not res.ok or not isinstance(res.data, dict):
        return
    q = g.cite("query", res.query, res.query)
    state = t(res.data.get("state", "?"), 40)
    reason = res.data.get("reason")
    tail = f", reason: {t(reason)}" if reason else ""
    g.say(f"The scheduler shows {node} as {state}{tail}.", q)
    g.data.setdefault("scheduler", {})[node] = {"state": state, "reason": t(reason or "")}


def incident(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = next((x for x in reads.incidents() if x.incident.incident_id == intent.incident_id), None)
    if f is None:
        _none_found(g, f"incident {t(intent.incident_id, 80)} is known", "incidents")
        return g
    describe_incident(g, f, reads)
    return g


def incidents(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    open_ = [f for f in reads.incidents() if f.incident.phase not in _CLOSED]
    if not open_:
        _none_found(g, "incident is open", "incidents open")
        return g
    n = len(open_)
    count = f"{n} incident is open" if n == 1 else f"{n} incidents are open"
    g.say(f"{count}; the newest:", g.cite("query", "incidents open"))
    for f in open_[:MAX_LISTED]:
        describe_incident(g, f, reads, brief=True)
    return g


Handler = Callable[[Intent, ChatReads, float], Gathered]
