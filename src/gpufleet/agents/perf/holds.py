"""Which nodes the SRE agent holds: the performance agent never acts on them.

The SRE agent announces its work through incident phases on the bus: from detection until the
incident is resolved, its nodes (and the nodes of its GPUs) are held. A plan that would touch a
held node loses its action (the recommendation still goes out, saying why it is not proposed),
so the two agents cannot both act on one GPU. Pure state, fed by the bus handler.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpufleet.bus.events import Incident, Phase, Recommendation


class Holds:
    def __init__(self) -> None:
        self._held: dict[str, frozenset[str]] = {}  # incident id → hostnames

    @classmethod
    def from_snapshot(cls, held: dict[str, list[str]]) -> Holds:
        holds = cls()
        holds._held = {k: frozenset(v) for k, v in held.items()}
        return holds

    def snapshot(self) -> dict[str, list[str]]:
        return {k: sorted(v) for k, v in sorted(self._held.items())}

    def observe(self, incident: Incident) -> None:
        if incident.phase is Phase.RESOLVED:
            self._held.pop(incident.incident_id, None)
            return
        hosts = set(incident.nodes)
        for entity in (*incident.entities, *incident.context_entities, incident.root_entity):
            if "/gpu" in entity:  # a GPU key is host/gpuN
                hosts.add(entity.split("/gpu")[0])
        self._held[incident.incident_id] = frozenset(hosts)

    def holder(self, hosts: Iterable[str]) -> tuple[str, str] | None:
        """(incident id, host) of the first held host among ``hosts``, else None."""
        want = set(hosts)
        for incident_id, held in sorted(self._held.items()):
            hit = sorted(want & held)
            if hit:
                return incident_id, hit[0]
        return None

    def gate(self, rec: Recommendation) -> Recommendation:
        """The recommendation, without its action when that action would touch a held node."""
        if rec.action is None:
            return rec
        targets = str(rec.action.args.get("nodes") or rec.action.args.get("node") or "")
        hosts = [h for h in targets.split(",") if h] or list(rec.entities)
        held = self.holder(hosts)
        if held is None:
            return rec
        note = f"action not proposed: {held[1]} is held by incident {held[0]} (SRE agent)"
        return rec.model_copy(
            update={"action": None, "risk": "read", "evidence": (*rec.evidence, note)}
        )
