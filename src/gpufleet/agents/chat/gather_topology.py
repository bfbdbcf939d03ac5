"""Where a node sits and what shares it: its rack, PDU, cooling zone, NVLink domain and IB
leaf switches from the fleet topology, and for every other node of the rack or domain its
scheduler state and the incidents gpufleet holds on it — so "anything else on that rack?"
and "is the node next to it fine?" are answered from the topology and the scheduler, each
cited where it came from."""

from __future__ import annotations

from typing import Any

from gpufleet.agents.chat import gather_text
from gpufleet.agents.chat.gather import Gathered, _targets, entity_status, t, touches
from gpufleet.agents.chat.intents import Intent
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts

MAX_NEIGHBOURS = 8  # nodes described one by one


def _describe(reads: ChatReads, entity: str) -> tuple[dict[str, Any], str] | None:
    res = reads.fleet_read("topology.describe", {"entity": entity})
    if res is None or not res.ok or not isinstance(res.data, dict):
        return None
    return res.data, res.query


def _shared(d: dict[str, Any]) -> list[str]:
    """What a node shares with others, in words (the keys the topology read returns)."""
    leaves = sorted({str(n.get("ib_leaf")) for n in d.get("nics") or [] if isinstance(n, dict)})
    parts = [
        f"{label} {t(d[k], 60)}"
        for k, label in (
            ("rack", "rack"),
            ("pdu", "PDU"),
            ("cooling_zone", "cooling zone"),
            ("nvlink_domain", "NVLink domain"),
        )
        if d.get(k)
    ]
    if leaves and leaves != ["None"]:
        parts.append(f"IB leaf switch(es) {', '.join(t(x, 40) for x in leaves[:4])}")
    return parts


def neighbours(g: Gathered, entity: str, reads: ChatReads, facts: list[IncidentFacts]) -> bool:
    """Say what shares ``entity``'s rack (a node, a GPU or a rack) and how each of those nodes
    is; False when the topology has nothing on it."""
    found = _describe(reads, entity)
    if found is None:
        return False
    d, query = found
    q = g.cite("query", query, query)
    node = str(d.get("node") or "")
    members = [str(n) for n in d.get("rack_nodes") or d.get("nodes") or []]
    domain = [str(n) for n in d.get("domain_nodes") or []]
    shared = _shared(d)
    where = f"{t(node or entity, 80)} sits in {', '.join(shared)}" if shared else t(entity, 80)
    g.say(
        f"{where}; the rack holds {len(members)} node(s): {', '.join(t(n, 60) for n in members)}"
        + (f"; its NVLink domain holds {', '.join(t(n, 60) for n in domain)}" if domain else "")
        + ".",
        q,
    )
    others = [n for n in dict.fromkeys([*members, *domain]) if n != node][:MAX_NEIGHBOURS]
    for other in others:
        _say_node(g, other, reads, facts)
    return True


def _say_node(g: Gathered, node: str, reads: ChatReads, facts: list[IncidentFacts]) -> None:
    hits = [f for f in facts if touches(f, node)]
    cites = [g.cite("incident", f.incident.incident_id, f.incident.title) for f in hits[:3]]
    res = reads.fleet_read("slurm.show_node", {"node": node})
    state = ""
    if res is not None and res.ok and isinstance(res.data, dict):
        cites.append(g.cite("query", res.query, res.query))
        jobs = ", ".join(t(j, 20) for j in (res.data.get("jobs") or [])[:4]) or "none"
        reason = res.data.get("reason")
        state = f"the scheduler shows {t(res.data.get('state', '?'), 30)} (jobs {jobs}" + (
            f", reason: {t(reason, 120)})" if reason else ")"
        )
    incs = "; ".join(f"incident {f.incident.incident_id}: {t(f.incident.title, 160)}" for f in hits)
    said = [s for s in (state, incs or "no incident gpufleet holds touches it") if s]
    if not cites:
        cites.append(g.cite("query", f"incidents touching {node}", f"incidents touching {node}"))
    g.say(f"Neighbour {t(node, 60)}: {'; '.join(said)}.", *cites)


def place_status(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    """A node, GPU or rack no incident is about: what gpufleet holds on it and, for a node or
    a rack, what shares its rack and how those nodes are ("node-01 fine?" is often asked
    because its neighbour is not)."""
    g = entity_status(intent, reads, now)
    facts = reads.incidents()
    for entity in _targets(intent, facts):
        if "/" not in entity:
            if not any(touches(f, entity) for f in facts):
                # no incident: what its own reports say is why ("Reset Required: deprecated")
                gather_text.place_text(g, [entity], reads)
            neighbours(g, entity, reads, facts)
    return g
