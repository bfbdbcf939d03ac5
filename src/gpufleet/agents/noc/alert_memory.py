"""What the Alertmanager intake remembers between notifications, behind one small protocol.

:class:`~agents.noc.alert_intake.AlertIntake` decides; an :class:`IntakeMemory` remembers:

* which alerts were handled (``(key, startsAt, status)``: Alertmanager re-sends whole groups,
  and a repeat must change nothing), and the events each produced;
* which incident each firing alert joined (its ``resolved`` goes to the same one);
* the external incidents the intake opened that still have firing alerts, with an index by
  ``(family, entity / node / rack)`` so finding the one that covers an alert never scans all.

Two implementations: :class:`InMemoryIntakeMemory` here (one process; the default, rebuilt at
start from the intake journal) and :class:`~agents.noc.alert_memory_sql.SqlIntakeMemory`
(SQLite or the PostgreSQL database replicas share: what one replica opened, another matches).

The intake runs each notification inside :meth:`IntakeMemory.transaction`: on the SQL memory
one write transaction under the store's lock, so two replicas handling the same alert at once
take turns and only the first claims it (one incident fleet-wide). Every memory is bounded:
the oldest entries are forgotten first.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from typing import Protocol

from gpufleet.bus.events import Event, Family, Incident

SEEN_MAX = 20_000  # remembered (fingerprint, startsAt, status) keys; oldest forgotten first
EXTERNAL_MAX = 5_000  # external incidents tracked for dedup; oldest dropped first

SeenKey = tuple[str, float, str]  # (alert key, startsAt, status)
AlertKey = tuple[str, float]  # (alert key, startsAt)


@dataclass
class External:
    """An external incident the intake opened, and the keys of its alerts still firing."""

    incident: Incident
    firing: set[str] = field(default_factory=set)


def index_keys(incident: Incident) -> set[str]:
    """Every way ``covers`` can match an alert goes through one of these being the alert's
    entity, node or rack: an external incident is indexed under each (with its family)."""
    return {
        incident.root_entity,
        *incident.entities,
        *incident.context_entities,
        *incident.nodes,
        *incident.racks,
    }


class IntakeMemoryView(Protocol):
    """The memory inside one transaction (one notification)."""

    def claim(self, key: SeenKey) -> bool:
        """Remember ``key``; False when it was handled before (a repeat)."""

    def record(self, key: SeenKey, events: Sequence[Event]) -> None:
        """What handling the claimed ``key`` produced (a durable memory keeps it; see
        :meth:`recorded`)."""

    def recorded(self, key: SeenKey) -> list[Event]:
        """The events recorded for ``key`` (empty when a memory does not keep them)."""

    def join(self, alert: AlertKey, incident_id: str) -> None:
        """The firing ``alert`` joined ``incident_id``."""

    def take_join(self, alert: AlertKey) -> str | None:
        """The incident ``alert`` joined, forgotten now (its ``resolved`` arrived)."""

    def external(self, incident_id: str) -> External | None: ...

    def candidates(self, family: Family, keys: Iterable[str]) -> Iterator[External]:
        """External incidents of ``family`` indexed under any of ``keys``, newest first."""

    def save(self, external: External) -> None:
        """Store a new or changed external incident (a known one keeps its age)."""

    def drop(self, incident_id: str) -> None:
        """Forget an external incident (all its alerts resolved)."""

    def firing(self) -> list[Incident]:
        """The external incidents with alerts still firing, oldest first."""


class IntakeMemory(Protocol):
    @property
    def durable(self) -> bool:
        """Whether it outlives the process: a durable memory needs no rebuild at start, and
        a notification processed again (its publish never happened) gets its recorded
        events back."""

    def transaction(self) -> AbstractContextManager[IntakeMemoryView]:
        """One notification's reads and writes, all or nothing."""


class InMemoryIntakeMemory:
    """One process's memory: ordered dicts, bounded. Not durable: the HTTP edge rebuilds it
    from the journal's processed payloads at start. Keeps no events (a payload processed
    again after a restart is new to a rebuilt memory)."""

    durable = False

    def __init__(self, *, seen_max: int = SEEN_MAX, external_max: int = EXTERNAL_MAX) -> None:
        self.seen_max, self.external_max = seen_max, external_max
        self._seen: OrderedDict[SeenKey, None] = OrderedDict()
        self._joined: OrderedDict[AlertKey, str] = OrderedDict()
        self._external: OrderedDict[str, External] = OrderedDict()
        # (family, entity / node / rack / root) → {external incident id: insertion number}, so
        # finding the external incident that covers an alert never scans all of them (a payload
        # of 10,000 distinct alerts would otherwise cost 10,000 × 5,000 ``covers`` calls).
        self._index: dict[tuple[Family, str], dict[str, int]] = {}
        self._seq: dict[str, int] = {}
        self._counter = 0

    @contextmanager
    def transaction(self) -> Iterator[InMemoryIntakeMemory]:
        yield self  # one process, one caller at a time (the intake's worker)

    def claim(self, key: SeenKey) -> bool:
        if key in self._seen:
            return False
        self._seen[key] = None
        while len(self._seen) > self.seen_max:
            self._seen.popitem(last=False)
        return True

    def record(self, key: SeenKey, events: Sequence[Event]) -> None:
        pass  # see the class docstring

    def recorded(self, key: SeenKey) -> list[Event]:
        return []

    def join(self, alert: AlertKey, incident_id: str) -> None:
        self._joined[alert] = incident_id
        while len(self._joined) > self.seen_max:
            self._joined.popitem(last=False)

    def take_join(self, alert: AlertKey) -> str | None:
        return self._joined.pop(alert, None)

    def external(self, incident_id: str) -> External | None:
        return self._external.get(incident_id)

    def candidates(self, family: Family, keys: Iterable[str]) -> Iterator[External]:
        found: dict[str, int] = {}
        for key in keys:
            found.update(self._index.get((family, key), {}))
        for incident_id in sorted(found, key=found.__getitem__, reverse=True):
            x = self._external.get(incident_id)
            if x is not None:
                yield x

    def save(self, external: External) -> None:
        iid = external.incident.incident_id
        if iid in self._external:  # a known one keeps its place (and its insertion number)
            self._unindex(self._external[iid].incident, forget=False)
        else:
            self._counter += 1
            self._seq[iid] = self._counter
        self._external[iid] = external
        for key in index_keys(external.incident):
            self._index.setdefault((external.incident.family, key), {})[iid] = self._seq[iid]
        while len(self._external) > self.external_max:
            _, evicted = self._external.popitem(last=False)
            self._unindex(evicted.incident)

    def drop(self, incident_id: str) -> None:
        gone = self._external.pop(incident_id, None)
        if gone is not None:
            self._unindex(gone.incident)

    def _unindex(self, incident: Incident, *, forget: bool = True) -> None:
        iid = incident.incident_id
        for key in index_keys(incident):
            ids = self._index.get((incident.family, key))
            if ids is not None:
                ids.pop(iid, None)
                if not ids:
                    del self._index[(incident.family, key)]
        if forget:
            self._seq.pop(iid, None)

    def firing(self) -> list[Incident]:
        return [x.incident for x in self._external.values() if x.firing]
