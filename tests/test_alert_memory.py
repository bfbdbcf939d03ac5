"""The Alertmanager intake's memory shared by replicas (:mod:`agents.noc.alert_memory_sql`), on
SQLite and on a real PostgreSQL server: two intakes (two replicas) on one store see each other's
alerts and incidents, race on one alert and open one incident, survive a restart, and a
payload processed again after a crash gets its events back. Both memories stay bounded."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.alert_memory import InMemoryIntakeMemory
from gpufleet.agents.noc.alert_memory_sql import SqlIntakeMemory
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, Phase
from gpufleet.graph.state.database import Location
from gpufleet.service.journal import IntakeJournal
from tests.postgres_server import postgres_fixture, state_at_fixture
from tests.test_alert_intake import T0, alert, payload, receiver_on_bus, topo

__all__ = ["postgres_fixture", "state_at_fixture"]  # fixtures, imported for pytest

XID = {"Hostname": "node-02", "gpu": "1", "xid": "79", "severity": "critical"}
NODE_XID = {"Hostname": "node-02", "xid": "79", "severity": "critical"}  # the whole node
ENDS = "2026-03-02T00:30:00Z"


def _resolved(a: dict[str, Any]) -> dict[str, Any]:
    return {**a, "status": "resolved", "endsAt": ENDS}


class _Replicas:
    """Intakes on one store, each with its own connection (as replicas have)."""

    def __init__(self, where: Location) -> None:
        self.where = where
        self.memories: list[SqlIntakeMemory] = []

    def intake(self) -> AlertIntake:
        memory = SqlIntakeMemory(self.where)
        self.memories.append(memory)
        return AlertIntake(topo(), list, memory)

    def close(self) -> None:
        for memory in self.memories:
            memory.close()


@pytest.fixture
def replicas(state_at: Callable[[str], Location]) -> Iterator[_Replicas]:
    shared = _Replicas(state_at("alert_intake.db"))
    yield shared
    shared.close()


def _opened(events: list[Event]) -> list[IncidentOpened]:
    return [e for e in events if isinstance(e, IncidentOpened)]


def test_an_alert_resolved_on_another_replica_resolves_the_incident_it_opened(
    replicas: _Replicas,
) -> None:
    a, b = replicas.intake(), replicas.intake()
    gpu, node = alert("XidErrors", XID), alert("NodeXidErrors", NODE_XID)
    [opened] = _opened(a.handle(payload(gpu)))
    iid = opened.incident.incident_id
    # another alert of the same cause reaches the other replica: it joins that incident
    [joined] = b.handle(payload(node))
    assert isinstance(joined, IncidentUpdated) and joined.change == "attached"
    assert joined.incident.incident_id == iid
    assert joined.incident.anomaly_count == 2  # the first replica's evidence is kept
    # the first alert resolves on the other replica: the incident stays, one alert firing
    [still] = b.handle(payload(_resolved(gpu)))
    assert isinstance(still, IncidentUpdated) and still.incident.phase is not Phase.RESOLVED
    assert still.incident.incident_id == iid
    # the last one resolves on the first replica: the incident is resolved
    [closed] = a.handle(payload(_resolved(node)))
    assert isinstance(closed, IncidentUpdated) and closed.change == "phase"
    assert (closed.incident.incident_id, closed.incident.phase) == (iid, Phase.RESOLVED)
    assert a.stats.resolved_unmatched == b.stats.resolved_unmatched == 0
    assert a.external_incidents() == b.external_incidents() == []


def test_two_replicas_handling_the_same_notification_at_once_open_one_incident(
    replicas: _Replicas,
) -> None:
    body = payload(*(alert("XidErrors", {**XID, "gpu": str(g)}) for g in range(8)))
    intakes = [replicas.intake() for _ in range(2)]
    start = threading.Barrier(len(intakes))
    results: list[list[Event]] = [[] for _ in intakes]

    def run(i: int) -> None:
        start.wait()
        results[i] = intakes[i].handle(body)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(intakes))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not any(t.is_alive() for t in threads)
    events = [e for r in results for e in r]
    # the eight GPUs' alerts of one node: one incident (the notification's group), opened
    # by one replica only, listing the eight GPUs
    (opened,) = _opened(events)
    assert len(opened.incident.entities) == 8 and opened.incident.anomaly_count == 8
    assert len(events) == 1
    assert sum(i.stats.duplicates for i in intakes) == 8


def test_a_restarted_replica_matches_the_resolved_alert(replicas: _Replicas) -> None:
    first = replicas.intake()
    a = alert("XidErrors", XID)
    [opened] = _opened(first.handle(payload(a)))
    replicas.close()  # the process stops
    again = replicas.intake()
    assert again.handle(payload(a)) == []  # Alertmanager re-sent it: handled already
    [closed] = again.handle(payload(_resolved(a)))
    assert isinstance(closed, IncidentUpdated) and closed.incident.phase is Phase.RESOLVED
    assert closed.incident.incident_id == opened.incident.incident_id


def test_a_notification_processed_again_gets_the_events_it_produced(
    replicas: _Replicas,
) -> None:
    """A replica that died between the memory's commit and the publish processes the
    journalled payload again at start: the events come back (same ids), not nothing."""
    intake = replicas.intake()
    body = payload(alert("XidErrors", XID), alert("GpuTempHigh", {**XID, "Hostname": "node-03"}))
    first = intake.handle(body)
    assert len(_opened(first)) == 2
    assert replicas.intake().handle(body) == []  # a plain repeat: nothing new
    assert replicas.intake().handle(body, redelivered=True) == first


@pytest.fixture(params=["memory", "sql"])
def bounded(
    request: pytest.FixtureRequest, state_at: Callable[[str], Location]
) -> Iterator[Callable[[], AlertIntake]]:
    """Intakes whose memory keeps 3 alerts and 2 external incidents (in memory, or SQL on
    SQLite and on PostgreSQL)."""
    opened: list[SqlIntakeMemory] = []

    def make() -> AlertIntake:
        if request.param == "memory":
            return AlertIntake(topo(), list, InMemoryIntakeMemory(seen_max=3, external_max=2))
        memory = SqlIntakeMemory(state_at(f"bounded-{len(opened)}.db"), seen_max=3, external_max=2)
        opened.append(memory)
        return AlertIntake(topo(), list, memory)

    yield make
    for memory in opened:
        memory.close()


def test_the_memory_stays_bounded_oldest_forgotten_first(
    bounded: Callable[[], AlertIntake],
) -> None:
    intake = bounded()
    alerts = [alert("XidErrors", {**XID, "gpu": str(g)}) for g in range(4)]
    for a in alerts:
        intake.handle(payload(a))
    # two external incidents kept: the newest
    kept = [i.root_entity for i in intake.external_incidents()]
    assert kept == ["node-02/gpu2", "node-02/gpu3"]
    # three alerts remembered: the first one sent again is new to it, the last a repeat
    assert intake.handle(payload(alerts[3])) == []
    assert len(intake.handle(payload(alerts[0]))) == 1


def test_a_sql_memory_file_is_created_where_asked(tmp_path: Path) -> None:
    memory = SqlIntakeMemory(tmp_path / "state" / "alert_intake.db")
    try:
        AlertIntake(topo(), list, memory).handle(payload(alert("XidErrors", XID)))
    finally:
        memory.close()
    assert (tmp_path / "state" / "alert_intake.db").exists()


def test_a_replica_that_died_before_publishing_publishes_at_start(
    replicas: _Replicas, tmp_path: Path
) -> None:
    """The memory's transaction committed (the alert is claimed), then the process died before
    the bus had the events: the journalled payload, processed again at start by the HTTP edge,
    publishes them (a memory that only remembered the claim would publish nothing)."""
    body = payload(alert("XidErrors", XID))
    claimed = replicas.intake().handle(body)  # committed, never published
    journal = IntakeJournal(tmp_path / "intake.db")
    journal.append([(T0, False, json.dumps(body).encode())])  # acknowledged, not done

    async def main() -> list[Event]:
        async with receiver_on_bus(replicas.intake(), journal=journal) as (rx, bus, got):
            await rx.join()
            await bus.drain()
            assert rx.stats.recovered == 1
            return got

    assert asyncio.run(main()) == claimed
    assert journal.pending() == []
    journal.close()
