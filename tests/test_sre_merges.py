"""The SRE agent follows the NOC's merges: an incident merged into another is not diagnosed on
its own, a diagnosis of it already waiting on a person is superseded (its approval withdrawn,
audited and announced), and the survivor is diagnosed with the union of the evidence - whatever
order the events arrive in, delivered twice, on the in-process bus and on a real JetStream
server, and across a restart of the agent (the merge is kept in the shared state).

The merge comes from the real cross-rack correlator: a NOC worker killed and restarted without
its state reports the recorded ECC DBE again under a new incident id, and the correlator merges
that restatement into the first incident (its ``restated`` rule)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from gpufleet.agents.noc.correlator import CrossRackCorrelator
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.merges import IncidentMerges
from gpufleet.agents.sre.runtime import Shared, SreRuntime, build_runtime, replay_tools
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import (
    ActionProposed,
    ApprovalDecided,
    DiagnosisReady,
    Event,
    IncidentUpdated,
    incident_opened,
)
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.bus.memory import InProcessBus
from gpufleet.bus.protocol import Bus
from gpufleet.evals.nats_server import INSTALL_HINT, nats_binary
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.store import WITHDRAWN_BY, ApprovalStore
from gpufleet.graph.checkpoint import open_checkpointer
from tests.nats_bus import NatsServer, fresh_prefix, nats_server
from tests.test_sre_service import DBE, Recorded, recorded, runtime_for, shared

__all__ = ["nats_server", "recorded", "shared"]  # fixtures, imported for pytest


class Stream:
    """The recorded incident, its restatement by a restarted worker, and what the real
    correlator publishes for the pair (the survivor widened, the restatement merged)."""

    def __init__(self, rec: Recorded) -> None:
        first = rec.opened.incident
        self.first = rec.opened
        self.restated = incident_opened(
            first.model_copy(
                update={
                    "incident_id": "inc-restated",
                    "opened_at": first.opened_at + 600,
                    "updated_at": first.opened_at + 600,
                    "last_anomaly_at": first.opened_at + 600,
                    "anomaly_ids": ("an-restated",),
                    "anomaly_count": 3,
                }
            )
        )
        correlator = CrossRackCorrelator(load_incident(DBE).topology)
        out = [e for ev in (self.first, self.restated) for e in correlator.observe(ev)]
        [self.widened] = [
            e for e in out if isinstance(e, IncidentUpdated) and e.change == "scope_widened"
        ]
        [self.merged] = [e for e in out if isinstance(e, IncidentUpdated) and e.change == "merged"]
        assert self.merged.merged_from == (first.incident_id,)
        assert self.merged.incident.incident_id == "inc-restated"


BusFactory = Callable[[], Bus]


@pytest.fixture(params=["memory", "jetstream"])
def make_bus(request: pytest.FixtureRequest) -> BusFactory:
    if request.param == "memory":
        return InProcessBus
    if nats_binary() is None:
        pytest.skip(f"nats-server (Debian package) not installed: {INSTALL_HINT}")
    server: NatsServer = request.getfixturevalue("nats_server")
    prefix = fresh_prefix()  # one stream per test; every bus of the test shares it
    return lambda: JetStreamBus(server.url, prefix=prefix, ack_wait_s=5.0)


class Agent:
    """One SRE agent on a bus of its own (a process), with a recorder of what reaches it."""

    def __init__(self, rt: SreRuntime, bus: Bus) -> None:
        self.bus, self.runtime = bus, rt
        self.seen: list[Event] = []
        self.service = SreService(rt, bus)

    async def publish(self, *events: Event) -> None:
        for e in events:
            await self.bus.publish(e)
        await self.service.drain()

    def of(self, kind: type[Any]) -> list[Any]:
        return [e for e in self.seen if isinstance(e, kind)]


@asynccontextmanager
async def agent(rt: SreRuntime, bus: Bus) -> AsyncIterator[Agent]:
    a = Agent(rt, bus)

    async def record(event: Event) -> None:
        a.seen.append(event)

    bus.subscribe("*", f"recorder-{id(a)}", record)
    await a.service.start()
    await bus.start()
    try:
        yield a
    finally:
        await a.service.close()
        await bus.close()


@pytest.fixture
def state(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def rt(state: Path, recorded: Recorded, shared: Shared) -> Iterator[SreRuntime]:
    runtime = runtime_for(state, recorded, shared)
    yield runtime
    runtime.close()


def _drain_approval(store: ApprovalStore, incident_id: str) -> str:
    """The incident's drain request. The restatement's drain asks for the step the first
    incident's already asks for: it is stored attached to that one (issue 24), not put to a
    person a second time, and withdrawn with its incident all the same."""
    [drain] = [r for r in store.records(incident_id) if r.tool == "slurm.drain_node"]
    return drain.approval_id


def test_a_merged_incident_waiting_on_a_person_is_superseded_and_its_drain_withdrawn(
    rt: SreRuntime, state: Path, recorded: Recorded, shared: Shared, make_bus: BusFactory
) -> None:
    s = Stream(recorded)
    first_id = s.first.incident.incident_id

    async def scenario() -> Agent:
        async with agent(rt, make_bus()) as a:
            # both reach the agent before the correlator's merge: each is diagnosed
            await a.publish(s.first, s.restated)
            assert len(a.of(DiagnosisReady)) == 2
            await a.publish(s.widened, s.merged)
            assert await a.service.poll_decisions(now=2e9) == []  # nothing to resume
            return a

    async def restarted() -> Agent:  # the merge and the incident redelivered to a new process
        again = runtime_for(state, recorded, shared)
        try:
            async with agent(again, make_bus()) as b:
                await b.service.handle(s.merged)
                await b.service.handle(s.restated)
                await b.service.drain()
                assert b.service.stats.skipped_merged == 1 and b.service.stats.withdrawn == 0
                return b
        finally:
            again.close()

    a = run(scenario())
    run(restarted())
    withdrawn = _drain_approval(rt.approvals, "inc-restated")
    kept = _drain_approval(rt.approvals, first_id)
    record = rt.approvals.get(withdrawn)
    assert record is not None and record.status == "rejected"
    assert record.decided_by == WITHDRAWN_BY
    assert f"merged into {first_id}" in record.reason
    # the survivor's drain still waits for a person; only its thread is watched
    assert [r.approval_id for r in rt.approvals.pending()] == [kept]
    assert list(a.service.paused.values()) == [kept]
    # announced once, audited once, whatever was redelivered
    decided = a.of(ApprovalDecided)
    assert [(d.approval_id, d.decision, d.by) for d in decided] == [
        (withdrawn, "rejected", WITHDRAWN_BY)
    ]
    audit = [r for r in rt.audit.records("inc-restated") if r.approval_id == withdrawn]
    assert [(r.initiator, r.status, r.tool) for r in audit] == [
        (WITHDRAWN_BY, "denied", "slurm.drain_node")
    ]
    assert a.service.stats.withdrawn == 1
    assert len(a.of(DiagnosisReady)) == 2  # the survivor waits on its approval: not re-run


def test_a_withdrawal_whose_audit_row_a_crash_lost_is_audited_when_the_merge_comes_again(
    rt: SreRuntime, recorded: Recorded
) -> None:
    """The withdrawal and its audit row are two writes: a process killed between them left a
    withdrawn request with no audit row and the merge unacknowledged. The merge delivered
    again audits (and announces) that withdrawal once; a third delivery adds nothing."""
    s = Stream(recorded)

    async def scenario() -> tuple[Agent, str]:
        async with agent(rt, InProcessBus()) as a:
            await a.publish(s.first, s.restated)
            absorbed = _drain_approval(rt.approvals, "inc-restated")
            # what the killed process wrote before it died: the withdrawal only
            rt.approvals.withdraw(absorbed, reason="withdrawn: merged", now=s.merged.time)
            assert not [r for r in rt.audit.records("inc-restated") if r.approval_id == absorbed]
            await a.publish(s.widened, s.merged)
            await a.service.handle(s.merged)  # redelivered once more
            await a.service.drain()
            return a, absorbed

    a, absorbed = run(scenario())
    audit = [r for r in rt.audit.records("inc-restated") if r.approval_id == absorbed]
    assert [(r.initiator, r.status, r.at, r.error) for r in audit] == [
        (WITHDRAWN_BY, "denied", s.merged.time, "withdrawn: merged")
    ]
    assert [(d.approval_id, d.by) for d in a.of(ApprovalDecided)] == [(absorbed, WITHDRAWN_BY)]
    assert a.service.stats.withdrawn == 1


def test_a_merge_seen_first_keeps_the_absorbed_incident_from_being_diagnosed_after_a_restart(
    state: Path, recorded: Recorded, shared: Shared, make_bus: BusFactory
) -> None:
    """The merge reaches one agent process; the absorbed incident's own open event reaches the
    next one (a restart, or the other replica): it is still not diagnosed on its own."""
    s = Stream(recorded)

    async def once(*events: Event) -> Agent:
        rt = runtime_for(state, recorded, shared)
        try:
            async with agent(rt, make_bus()) as a:
                await a.publish(*events)
                return a
        finally:
            rt.close()

    first = run(once(s.merged))
    assert first.service.stats.superseded == 1 and not first.of(DiagnosisReady)
    second = run(once(s.restated, s.restated))
    assert not [e for e in second.of(DiagnosisReady) if e.diagnosis.incident_id == "inc-restated"]
    assert second.service.stats.diagnosed == 0 and second.service.stats.skipped_merged >= 1
    assert not second.of(ActionProposed)


def test_the_survivor_is_diagnosed_again_with_the_restated_evidence(
    rt: SreRuntime, recorded: Recorded, make_bus: BusFactory
) -> None:
    s = Stream(recorded)
    first_id = s.first.incident.incident_id

    async def scenario() -> Agent:
        async with agent(rt, make_bus()) as a:
            await a.publish(s.first)
            # a person turned the first plan down: that diagnosis is finished
            rt.approvals.decide(
                _drain_approval(rt.approvals, first_id),
                "rejected",
                by="carol",
                reason="no",
                now=2e9,
            )
            await a.service.poll_decisions(now=2e9)
            await a.service.drain()
            await a.publish(s.merged, s.widened)
            return a

    a = run(scenario())
    ready = [e.diagnosis for e in a.of(DiagnosisReady) if e.diagnosis.incident_id == first_id]
    assert len(ready) == 2
    # the new version carries the restatement's anomaly as evidence
    widened = s.widened.incident
    assert "an-restated" in widened.anomaly_ids
    assert ready[1].time == widened.updated_at
    assert not [e for e in a.of(DiagnosisReady) if e.diagnosis.incident_id == "inc-restated"]


def test_a_merge_another_replica_records_during_the_diagnosis_withdraws_what_it_asked(
    state: Path, recorded: Recorded, shared: Shared
) -> None:
    """The merge reached the other replica while this one was diagnosing the absorbed
    incident (it had found no merge before starting): it withdraws the approval it just asked
    for when the diagnosis returns."""
    s = Stream(recorded)
    saver = open_checkpointer(state / "checkpoints.db")
    put = saver.put
    other = IncidentMerges(state / "approvals.db")  # the other replica's handle

    def put_after_the_merge(config: Any, checkpoint: Any, metadata: Any, versions: Any) -> Any:
        other.record("inc-restated", s.first.incident.incident_id, s.merged.time)
        return put(config, checkpoint, metadata, versions)

    saver.put = put_after_the_merge  # type: ignore[method-assign]
    cfg = SreConfig(state_dir=state)
    rt = build_runtime(
        cfg, recorded.fleet, replay_tools(cfg, recorded.fleet), shared=shared, checkpointer=saver
    )

    async def scenario() -> Agent:
        async with agent(rt, InProcessBus()) as a:
            await a.publish(s.restated)
            return a

    try:
        a = run(scenario())
        withdrawn = _drain_approval(rt.approvals, "inc-restated")
    finally:
        rt.close()
        other.close()
        saver.conn.close()
    assert len(a.of(DiagnosisReady)) == 1  # it had started before the merge
    [decided] = a.of(ApprovalDecided)
    assert (decided.approval_id, decided.by) == (withdrawn, WITHDRAWN_BY)
    assert a.service.paused == {}


def test_an_untrusted_merge_withdraws_nothing(
    rt: SreRuntime, recorded: Recorded, make_bus: BusFactory
) -> None:
    s = Stream(recorded)
    forged = s.merged.model_copy(
        update={
            "event_id": "ev-forged",
            "incident": s.merged.incident.model_copy(
                update={"provenance": "alertmanager:unauthenticated"}
            ),
        }
    )

    async def scenario() -> Agent:
        async with agent(rt, make_bus()) as a:
            await a.publish(s.restated, forged)
            return a

    a = run(scenario())
    assert [r.incident_id for r in rt.approvals.pending()] == ["inc-restated"]
    assert rt.merges.of("inc-restated") is None and not a.of(ApprovalDecided)


def run(coro: Any) -> Any:
    return asyncio.run(coro)
