"""The event bus: routing, order, backpressure, failure isolation, the SQLite log and restarts."""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Awaitable, Callable, Coroutine
from pathlib import Path
from typing import TypeVar

import pytest

from gpufleet.bus import (
    ALL_TOPICS,
    Bus,
    BusClosedError,
    CorruptEventError,
    EventLog,
    EventLogError,
    InProcessBus,
    LogSeenStore,
    MemorySeenStore,
    idempotent,
)
from gpufleet.bus.events import (
    Anomaly,
    AnomalyDetected,
    Event,
    Family,
    Incident,
    IncidentOpened,
    Phase,
    Scope,
    Severity,
    anomaly_detected,
    incident_opened,
    incident_updated,
)

T = TypeVar("T")

# -- real events ---------------------------------------------------------------------------------


def anomaly_event(i: int, entity: str = "node01/gpu3") -> AnomalyDetected:
    anomaly = Anomaly.make(
        time=1_000.0 + i,
        rule="threshold.gpu_temp",
        symptom="gpu_temp_high",
        family=Family.THERMAL,
        severity=Severity.WARNING,
        entity=entity,
        entity_kind="gpu",
        field="DCGM_FI_DEV_GPU_TEMP",
        value=91.5,
        threshold=87.0,
        message=f"GPU temperature 91.5 °C above 87 °C (sample {i})",
    )
    return anomaly_detected(anomaly)


def incident(i: int) -> Incident:
    return Incident(
        incident_id=f"inc-{i}",
        title=f"Thermal runaway on node01/gpu3 (#{i})",
        family=Family.THERMAL,
        scope=Scope.GPU,
        root_entity="node01/gpu3",
        severity=Severity.CRITICAL,
        opened_at=2_000.0 + i,
        updated_at=2_000.0 + i,
        last_anomaly_at=2_000.0 + i,
        entities=("node01/gpu3",),
        symptoms=("gpu_temp_high",),
        anomaly_ids=(anomaly_event(i).anomaly.anomaly_id,),
        anomaly_count=1,
        nodes=("node01",),
        racks=("r1",),
    )


def incident_event(i: int) -> IncidentOpened:
    return incident_opened(incident(i))


def mixed_events() -> list[Event]:
    """Anomalies and incidents interleaved, one of each incident kind."""
    opened = incident(1)
    diagnosing = opened.advance(Phase.DIAGNOSING, at=2_010.0, reason="sre picked it up")
    return [
        anomaly_event(1),
        incident_opened(opened),
        anomaly_event(2),
        incident_updated(diagnosing, "phase"),
        anomaly_event(3),
    ]


class Recorder:
    """A handler that keeps what it was given."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    async def __call__(self, event: Event) -> None:
        self.events.append(event)

    @property
    def ids(self) -> list[str]:
        return [e.event_id for e in self.events]


def ids(events: list[Event] | list[AnomalyDetected]) -> list[str]:
    return [e.event_id for e in events]


def run(main: Coroutine[object, object, T]) -> T:
    """Run one test's coroutine; a hang (a lost event, a dead worker) fails instead of blocking."""

    async def guarded() -> T:
        async with asyncio.timeout(10):
            return await main

    return asyncio.run(guarded())


async def settle(rounds: int = 20) -> None:
    """Let every runnable task run until it blocks (no wall-clock waits)."""
    for _ in range(rounds):
        await asyncio.sleep(0)


# -- routing and order ---------------------------------------------------------------------------


def test_in_process_bus_satisfies_the_protocol() -> None:
    assert isinstance(InProcessBus(), Bus)


def test_topic_routing_sends_each_event_to_its_topic_and_to_star() -> None:
    events = mixed_events()

    async def main() -> tuple[Recorder, Recorder, Recorder, list[int]]:
        bus = InProcessBus()
        anomalies, incidents, everything = Recorder(), Recorder(), Recorder()
        bus.subscribe("anomaly", "noc-audit", anomalies)
        bus.subscribe("incident", "sre", incidents)
        bus.subscribe(ALL_TOPICS, "archive", everything)
        async with bus:
            seqs = [await bus.publish(e) for e in events]
            await bus.drain()
        return anomalies, incidents, everything, seqs

    anomalies, incidents, everything, seqs = run(main())
    assert anomalies.ids == [events[0].event_id, events[2].event_id, events[4].event_id]
    assert incidents.ids == [events[1].event_id, events[3].event_id]
    assert [e.kind for e in incidents.events] == ["incident_opened", "incident_updated"]
    assert everything.ids == ids(events)
    assert everything.events == events  # the very models, not copies that lost fields
    assert seqs == [1, 2, 3, 4, 5]


def test_order_per_subscriber_holds_with_concurrent_publishers_and_full_queues() -> None:
    names = ("sre", "perf", "archive")

    async def main() -> tuple[dict[str, list[str]], dict[str, int]]:
        bus = InProcessBus()
        got: dict[str, Recorder] = {name: Recorder() for name in names}

        def slow(record: Recorder, pause: int) -> Callable[[Event], Awaitable[None]]:
            async def handle(event: Event) -> None:
                await settle(pause)  # publishers race for room while the queues are full
                await record(event)

            return handle

        for pause, name in enumerate(names, start=1):
            topic = ALL_TOPICS if name == "archive" else "anomaly"
            bus.subscribe(topic, name, slow(got[name], pause), max_queue=1)
        await bus.start()
        seq_of: dict[str, int] = {}

        async def publisher(entity: str) -> None:
            for i in range(15):
                event = anomaly_event(i, entity=entity)
                seq_of[event.event_id] = await bus.publish(event)

        await asyncio.gather(*(publisher(f"node0{n}/gpu0") for n in range(4)))
        await bus.drain()
        await bus.close()
        return {name: r.ids for name, r in got.items()}, seq_of

    received, seq_of = run(main())
    for name in names:
        assert sorted(received[name]) == sorted(seq_of)  # nothing lost, nothing duplicated
        assert [seq_of[i] for i in received[name]] == list(range(1, 61)), name


# -- backpressure --------------------------------------------------------------------------------


def test_publish_blocks_while_a_slow_subscribers_queue_is_full_and_drops_nothing() -> None:
    events = [anomaly_event(i) for i in range(6)]

    async def main() -> None:
        bus = InProcessBus()
        gate = asyncio.Event()
        got = Recorder()

        async def slow(event: Event) -> None:
            await gate.wait()
            await got(event)

        bus.subscribe("anomaly", "slow", slow, max_queue=2)
        await bus.start()
        published: list[int] = []

        async def publish_all() -> None:
            for event in events:
                published.append(await bus.publish(event))

        publisher = asyncio.create_task(publish_all())
        await settle()
        # Event 0 is in the handler, events 1 and 2 fill the queue: publishing event 3 must wait.
        assert published == [1, 2, 3]
        assert not publisher.done()
        assert got.events == []
        await settle()
        assert published == [1, 2, 3]  # still blocked: backpressure, not a slow scheduler

        gate.set()
        await publisher
        await bus.drain()
        assert published == [1, 2, 3, 4, 5, 6]
        assert got.ids == ids(events)
        await bus.close()

    run(main())


def test_close_releases_a_publisher_blocked_on_a_full_queue() -> None:
    async def main() -> None:
        log = EventLog()
        bus = InProcessBus(log)

        async def stuck(event: Event) -> None:
            await asyncio.Event().wait()

        bus.subscribe("anomaly", "stuck", stuck, max_queue=1)
        await bus.start()
        await bus.publish(anomaly_event(0))  # taken by the handler
        await bus.publish(anomaly_event(1))  # fills the queue
        blocked = [asyncio.create_task(bus.publish(anomaly_event(i))) for i in (2, 3)]
        await settle()
        assert not any(t.done() for t in blocked)

        await bus.close()
        outcomes = await asyncio.gather(*blocked, return_exceptions=True)
        # The first waiter gets room once the queue is emptied; the one behind it sees the close.
        assert outcomes[0] == 3
        assert isinstance(outcomes[1], BusClosedError)
        assert log.last_seq() == 4  # both were logged before waiting: the next run gets them
        assert log.offset("stuck") == 0
        with pytest.raises(BusClosedError):
            await bus.publish(anomaly_event(9))
        log.close()

    run(main())


# -- failures, retries, dead letters -------------------------------------------------------------


def test_a_subscriber_that_always_raises_is_dead_lettered_and_others_get_everything() -> None:
    events = [anomaly_event(i) for i in range(4)]

    async def main() -> None:
        log = EventLog()
        bus = InProcessBus(log, max_attempts=3)
        calls: list[str] = []
        good = Recorder()

        async def broken(event: Event) -> None:
            calls.append(event.event_id)
            raise RuntimeError(f"cannot parse {event.event_id}")

        bus.subscribe("anomaly", "broken", broken)
        bus.subscribe("anomaly", "good", good)
        async with bus:
            seqs = [await bus.publish(e) for e in events]
            await bus.drain()

        assert good.ids == ids(events)
        assert calls == [i for i in ids(events) for _ in range(3)]  # 3 attempts each, in order
        letters = bus.dead_letters
        assert [(d.subscriber, d.seq, d.event_id, d.attempts) for d in letters] == [
            ("broken", s, e.event_id, 3) for s, e in zip(seqs, events, strict=True)
        ]
        assert letters[0].error == f"RuntimeError: cannot parse {events[0].event_id}"
        assert log.dead_letters() == letters
        assert log.dead_letters("good") == []
        # Dead-lettered events are acked: a restart must not loop on poison events.
        assert log.offset("broken") == seqs[-1]
        assert log.offset("good") == seqs[-1]
        log.close()

    run(main())


def test_a_flaky_subscriber_is_retried_until_it_succeeds() -> None:
    events = [anomaly_event(i) for i in range(5)]

    async def main() -> None:
        bus = InProcessBus(max_attempts=3, retry_backoff_s=0.001)
        attempts: dict[str, int] = {}
        handled = Recorder()

        async def flaky(event: Event) -> None:
            attempts[event.event_id] = attempts.get(event.event_id, 0) + 1
            if attempts[event.event_id] == 1:
                raise ConnectionError("model server not ready")
            await handled(event)

        bus.subscribe("anomaly", "flaky", flaky)
        async with bus:
            for event in events:
                await bus.publish(event)
            await bus.drain()

        assert handled.ids == ids(events)  # each handled successfully once, in order
        assert attempts == dict.fromkeys(ids(events), 2)  # plus exactly one failed attempt each
        assert bus.dead_letters == []

    run(main())


def test_a_handler_raising_cancelled_error_is_a_failure_not_a_shutdown() -> None:
    async def main() -> None:
        bus = InProcessBus(max_attempts=2)
        after = Recorder()
        calls = 0

        async def crashing(event: Event) -> None:
            nonlocal calls
            calls += 1
            if event.event_id == anomaly_event(0).event_id:
                raise asyncio.CancelledError("handler gave up")
            await after(event)

        bus.subscribe("anomaly", "crashing", crashing)
        async with bus:
            await bus.publish(anomaly_event(0))
            await bus.publish(anomaly_event(1))
            await bus.drain()

        assert calls == 3
        assert after.ids == [anomaly_event(1).event_id]  # the worker survived
        [letter] = bus.dead_letters
        assert letter.error.startswith("CancelledError")

    run(main())


def test_handlers_may_publish_and_drain_waits_for_the_whole_chain() -> None:
    async def main() -> None:
        bus = InProcessBus()
        incidents = Recorder()

        async def noc(event: Event) -> None:
            assert isinstance(event, AnomalyDetected)
            await bus.publish(incident_event(int(event.time) - 1_000))

        bus.subscribe("anomaly", "noc", noc)
        bus.subscribe("incident", "sre", incidents)
        async with bus:
            for i in range(3):
                await bus.publish(anomaly_event(i))
            await bus.drain()
            assert incidents.ids == [incident_event(i).event_id for i in range(3)]

    run(main())


# -- idempotency ---------------------------------------------------------------------------------


def test_idempotent_wrapper_drops_duplicate_event_ids() -> None:
    event, other = anomaly_event(1), anomaly_event(2)

    async def main() -> None:
        bus = InProcessBus()
        raw, once = Recorder(), Recorder()
        bus.subscribe("anomaly", "raw", raw)
        bus.subscribe("anomaly", "once", idempotent(once))
        async with bus:
            for e in (event, other, event, other, event):
                await bus.publish(e)
            await bus.drain()
        assert len(raw.events) == 5  # the bus delivers duplicates (at-least-once)
        assert once.ids == [event.event_id, other.event_id]

    run(main())


def test_idempotent_wrapper_remembers_only_successes() -> None:
    async def main() -> None:
        bus = InProcessBus(max_attempts=2)
        calls = 0
        done = Recorder()

        async def fails_first(event: Event) -> None:
            nonlocal calls
            calls += 1
            if calls == 1:
                raise OSError("disk full")
            await done(event)

        bus.subscribe("anomaly", "h", idempotent(fails_first))
        async with bus:
            await bus.publish(anomaly_event(1))
            await bus.publish(anomaly_event(1))
            await bus.drain()
        assert calls == 2  # failed, retried and succeeded; the duplicate was then skipped
        assert done.ids == [anomaly_event(1).event_id]

    run(main())


def test_memory_seen_store_is_a_bounded_lru() -> None:
    store = MemorySeenStore(maxsize=2)
    store.add("a")
    store.add("b")
    assert store.seen("a")  # touching "a" makes "b" the least recently used
    store.add("c")
    assert len(store) == 2
    assert store.seen("a")
    assert store.seen("c")
    assert not store.seen("b")
    with pytest.raises(ValueError, match="maxsize"):
        MemorySeenStore(maxsize=0)


def test_log_seen_store_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite"
    with EventLog(path) as log:
        store = LogSeenStore(log, "sre")
        store.add("ev-1")
        assert store.seen("ev-1")
        assert not LogSeenStore(log, "perf").seen("ev-1")  # scoped per subscriber
    with EventLog(path) as log:
        assert LogSeenStore(log, "sre").seen("ev-1")
        assert not LogSeenStore(log, "sre").seen("ev-2")


# -- the SQLite log ------------------------------------------------------------------------------


def test_log_replays_the_same_events_in_order(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite"
    events = mixed_events()

    async def main() -> list[int]:
        log = EventLog(path)
        bus = InProcessBus(log)
        async with bus:
            seqs = [await bus.publish(e) for e in events]
        log.close()
        return seqs

    seqs = run(main())
    assert seqs == [1, 2, 3, 4, 5]
    with EventLog(path) as log:
        replayed = list(log.replay())
        assert [s for s, _ in replayed] == seqs
        assert [e for _, e in replayed] == events  # equal models, field for field
        assert [type(e) for _, e in replayed] == [type(e) for e in events]
        assert [s for s, _ in log.replay(topic="incident")] == [2, 4]
        assert [s for s, _ in log.replay(from_seq=3)] == [3, 4, 5]
        assert [s for s, _ in log.replay(2, "anomaly", to_seq=4)] == [3]
        assert [s for s, _ in log.replay(topic=ALL_TOPICS)] == seqs
        assert log.get(4) == events[3]
        assert log.last_seq() == 5
        with pytest.raises(KeyError):
            log.get(6)
    raw = sqlite3.connect(path)
    columns = [row[1] for row in raw.execute("PRAGMA table_info(events)")]
    assert columns == ["seq", "event_id", "topic", "kind", "time", "payload"]
    assert raw.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    raw.close()


def test_log_append_is_idempotent_on_event_id_and_append_only() -> None:
    with EventLog(":memory:") as log:
        first = log.append(anomaly_event(1))
        second = log.append(incident_event(1))
        assert (first, second) == (1, 2)
        assert log.append(anomaly_event(1)) == 1  # re-publishing a replayed event
        assert log.last_seq() == 2
        db = log._conn
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("DELETE FROM events WHERE seq = 1")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute("UPDATE events SET topic = 'x' WHERE seq = 1")
        assert log.get(1) == anomaly_event(1)


def test_a_corrupt_row_is_reported_with_its_seq_never_dropped(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite"
    with EventLog(path) as log:
        log.append(anomaly_event(1))
    raw = sqlite3.connect(path)
    raw.execute(
        "INSERT INTO events (event_id, topic, kind, time, payload) VALUES (?, ?, ?, ?, ?)",
        ("ev-broken", "anomaly", "anomaly_detected", 1.0, '{"kind": "anomaly_detected"}'),
    )
    raw.commit()
    raw.close()

    with EventLog(path) as log:
        log.append(anomaly_event(3))
        with pytest.raises(CorruptEventError, match=r"seq=2 \(event_id='ev-broken'\)") as info:
            list(log.replay())
        assert info.value.seq == 2
        errors: list[CorruptEventError] = []
        assert [s for s, _ in log.replay(on_error=errors.append)] == [1, 3]
        assert [e.seq for e in errors] == [2]

        async def main() -> Recorder:
            bus = InProcessBus(log)
            got = Recorder()
            bus.subscribe("anomaly", "sre", got)
            async with bus:
                await bus.drain()
            [letter] = bus.dead_letters
            assert (letter.seq, letter.event_id, letter.attempts) == (2, "ev-broken", 0)
            return got

        got = run(main())
        assert got.ids == [anomaly_event(1).event_id, anomaly_event(3).event_id]
        assert [d.seq for d in log.dead_letters("sre")] == [2]
        assert log.offset("sre") == 3


def test_files_that_are_not_a_gpufleet_log_give_a_clear_error(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.sqlite"
    garbage.write_bytes(b"this is not a database\n" * 200)
    with pytest.raises(EventLogError, match="not an SQLite database"):
        EventLog(garbage)

    foreign = tmp_path / "foreign.sqlite"
    raw = sqlite3.connect(foreign)
    raw.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
    raw.commit()
    raw.close()
    with pytest.raises(EventLogError, match="not a gpufleet event log"):
        EventLog(foreign)

    future = tmp_path / "future.sqlite"
    EventLog(future).close()
    raw = sqlite3.connect(future)
    raw.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    raw.commit()
    raw.close()
    with pytest.raises(EventLogError, match="schema version 99"):
        EventLog(future)

    not_a_dir = tmp_path / "plain-file"
    not_a_dir.write_text("x")
    with pytest.raises(EventLogError, match="cannot open event log"):
        EventLog(not_a_dir / "events.sqlite")

    log = EventLog()
    log.close()
    log.close()  # twice is fine
    with pytest.raises(EventLogError, match="closed"):
        log.append(anomaly_event(1))
    with pytest.raises(EventLogError, match="closed"):
        log.replay()


def test_offsets_are_validated_monotonic_and_seekable() -> None:
    with EventLog() as log:
        for i in range(3):
            log.append(anomaly_event(i))
        assert log.offset("sre") == 0
        log.ack("sre", 2)
        assert log.offset("sre") == 2
        log.ack("sre", 1)  # a late ack of a re-delivered event never moves the offset back
        assert log.offset("sre") == 2
        log.seek("sre", 0)  # an explicit rewind does
        assert log.offset("sre") == 0
        log.ack("sre", 3)
        assert log.offset("sre") == 3

        with pytest.raises(ValueError, match=r"seq 4 is outside the event log \(0\.\.3\)"):
            log.ack("sre", 4)
        with pytest.raises(ValueError, match="outside"):
            log.ack("sre", -1)
        with pytest.raises(ValueError, match="outside"):
            log.seek("sre", 99)
        with pytest.raises(ValueError, match="outside"):
            log.dead_letter("sre", 0, "boom")
        with pytest.raises(ValueError, match="outside"):
            log.dead_letter("sre", 4, "boom")
        with pytest.raises(ValueError, match="from_seq"):
            log.replay(from_seq=-1)
        with pytest.raises(ValueError, match="unknown topic"):
            log.replay(topic="anomalies")
        assert list(log.replay(from_seq=4)) == []  # past the end: nothing yet, not an error
        assert log.offset("sre") == 3

        # An offset beyond the end means the offsets came from some other log.
        log._conn.execute("UPDATE offsets SET seq = 99 WHERE subscriber = 'sre'")
        with pytest.raises(EventLogError, match="offset 99 but the log"):
            InProcessBus(log).subscribe("anomaly", "sre", Recorder())


# -- restarts ------------------------------------------------------------------------------------


def test_after_a_crash_a_new_bus_redelivers_what_was_not_acked(tmp_path: Path) -> None:
    path = tmp_path / "events.sqlite"
    events = [anomaly_event(i) for i in range(5)]

    async def first_run() -> tuple[list[str], list[int]]:
        log = EventLog(path)
        bus = InProcessBus(log)
        handled = Recorder()
        hung = asyncio.Event()

        async def sre(event: Event) -> None:
            if len(handled.events) == 3:
                hung.set()
                await asyncio.Event().wait()  # the process dies while handling event 4
            await handled(event)

        bus.subscribe("anomaly", "sre", sre)
        bus.subscribe("anomaly", "audit", Recorder())
        await bus.start()
        seqs = [await bus.publish(e) for e in events]
        await hung.wait()
        await bus.close()  # no drain: events 4 and 5 were never handled by "sre"
        assert log.offset("sre") == seqs[2]
        log.close()
        return handled.ids, seqs

    async def second_run() -> tuple[Recorder, Recorder, Recorder]:
        log = EventLog(path)
        bus = InProcessBus(log)
        sre, audit, newcomer = Recorder(), Recorder(), Recorder()
        bus.subscribe("anomaly", "sre", sre)
        bus.subscribe("anomaly", "audit", audit)
        bus.subscribe(ALL_TOPICS, "newcomer", newcomer)
        async with bus:
            await bus.drain()
            live = anomaly_event(5)
            await bus.publish(live)  # after the catch-up, live events follow in order
            await bus.drain()
        assert log.offset("sre") == 6
        log.close()
        return sre, audit, newcomer

    handled_first, seqs = run(first_run())
    assert handled_first == ids(events[:3])
    assert seqs == [1, 2, 3, 4, 5]
    sre, audit, newcomer = run(second_run())
    assert sre.events == [*events[3:], anomaly_event(5)]  # equal models, from the log
    assert audit.ids == [anomaly_event(5).event_id]  # it had acked everything before the crash
    assert newcomer.ids == ids([*events, anomaly_event(5)])  # a new name starts at the beginning


def test_a_subscriber_added_after_start_catches_up_before_live_events() -> None:
    async def main() -> None:
        log = EventLog()
        bus = InProcessBus(log)
        await bus.start()
        for i in range(3):
            await bus.publish(anomaly_event(i))
        late = Recorder()
        bus.subscribe("anomaly", "late", late, max_queue=1)
        for i in range(3, 6):
            await bus.publish(anomaly_event(i))
        await bus.drain()
        await bus.close()
        assert late.ids == [anomaly_event(i).event_id for i in range(6)]
        log.close()

    run(main())


def test_catch_up_covers_what_another_writer_logged_between_subscribe_and_start() -> None:
    async def main() -> None:
        log = EventLog()
        log.append(anomaly_event(0))
        bus = InProcessBus(log)
        got = Recorder()
        bus.subscribe("anomaly", "sre", got)
        log.append(anomaly_event(1))  # e.g. a replay tool writing to the same file
        async with bus:
            await bus.publish(anomaly_event(2))
            await bus.drain()
        assert got.ids == [anomaly_event(i).event_id for i in range(3)]
        log.close()

    run(main())


# -- misuse --------------------------------------------------------------------------------------


def test_misuse_is_refused_with_a_clear_error() -> None:
    async def noop(event: Event) -> None:
        return None

    handler: Callable[[Event], Awaitable[None]] = noop
    with pytest.raises(ValueError, match="max_attempts"):
        InProcessBus(max_attempts=0)
    with pytest.raises(ValueError, match="retry_backoff_s"):
        InProcessBus(retry_backoff_s=-1.0)

    async def main() -> None:
        bus = InProcessBus()
        with pytest.raises(ValueError, match="unknown topic 'anomalies'"):
            bus.subscribe("anomalies", "sre", handler)
        with pytest.raises(ValueError, match="max_queue"):
            bus.subscribe("anomaly", "sre", handler, max_queue=0)
        bus.subscribe("anomaly", "sre", handler)
        with pytest.raises(ValueError, match="already exists"):
            bus.subscribe("incident", "sre", handler)
        with pytest.raises(RuntimeError, match="before start"):
            await bus.publish(anomaly_event(1))
        assert [s.name for s in bus.subscriptions] == ["sre"]
        await bus.start()
        await bus.close()
        await bus.close()
        with pytest.raises(BusClosedError):
            bus.subscribe("incident", "perf", handler)
        with pytest.raises(BusClosedError):
            await bus.start()

    run(main())
