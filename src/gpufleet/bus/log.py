"""The durable, append-only event log (SQLite): replay, audit and subscriber offsets.

What it stores, in one SQLite file (WAL mode) or ``":memory:"``:

* ``events``: one row per distinct ``event_id``, numbered by ``seq`` (1, 2, 3, ... never reused).
  Rows are never updated or deleted; triggers refuse both. ``append`` of an ``event_id`` that is
  already logged returns the existing ``seq`` and writes nothing, so feeding a replayed run back
  through the bus does not duplicate history (event ids are derived from content and event time,
  see :mod:`bus.events`). The first payload logged for an id is the one kept.
* ``offsets``: the highest ``seq`` each named subscriber has acknowledged. Acks only move forward,
  so a late ack for a re-delivered older event is harmless; :meth:`EventLog.seek` moves an offset
  explicitly (for an operator-driven re-run).
* ``dead_letters``: events a subscriber gave up on, with the last error.
* ``seen``: event ids an idempotent handler has completed (:class:`bus.idempotent.LogSeenStore`).

A row whose payload no longer parses is never skipped silently: :meth:`EventLog.replay` raises
:class:`CorruptEventError` naming its ``seq``, or hands it to an ``on_error`` callback the caller
supplies.

Every method is a short synchronous SQLite call; with ``fsync=True`` (the default) each append is on
disk before it returns (``synchronous=FULL``), which is what makes the bus's at-least-once promise
hold across a crash or power loss.

Per process, by design: it is the in-process bus's store. ``gpufleet serve`` replicas share a
JetStream bus instead (``--bus nats://``), whose stream is the log every replica reads
(:mod:`bus.jetstream`); a replica's ``events.db`` then holds nothing another one needs.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Iterator
from types import TracebackType
from typing import Final

from pydantic import ValidationError

from gpufleet.bus.events import EVENT_ADAPTER, Event, event_topic
from gpufleet.bus.failpoints import reach
from gpufleet.bus.protocol import ALL_TOPICS, DeadLetter, check_topic

LOG_FORMAT: Final = "gpufleet-event-log"
SCHEMA_VERSION: Final = 1
_REPLAY_PAGE: Final = 256  # rows fetched per query, so no cursor stays open while the caller works

_SCHEMA: Final = (
    "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    """CREATE TABLE events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id TEXT NOT NULL UNIQUE,
        topic TEXT NOT NULL,
        kind TEXT NOT NULL,
        time REAL NOT NULL,
        payload TEXT NOT NULL
    )""",
    "CREATE INDEX events_by_topic ON events (topic, seq)",
    """CREATE TRIGGER events_no_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'the gpufleet event log is append-only'); END""",
    """CREATE TRIGGER events_no_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'the gpufleet event log is append-only'); END""",
    "CREATE TABLE offsets (subscriber TEXT PRIMARY KEY, seq INTEGER NOT NULL)",
    """CREATE TABLE dead_letters (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        subscriber TEXT NOT NULL,
        seq INTEGER NOT NULL,
        error TEXT NOT NULL,
        attempts INTEGER NOT NULL
    )""",
    """CREATE TABLE seen (
        scope TEXT NOT NULL,
        event_id TEXT NOT NULL,
        PRIMARY KEY (scope, event_id)
    ) WITHOUT ROWID""",
)
_TABLES: Final = frozenset({"meta", "events", "offsets", "dead_letters", "seen"})


class EventLogError(Exception):
    """The event log cannot be opened, is not a gpufleet log, or was used after ``close()``."""


class CorruptEventError(EventLogError):
    """A logged row no longer deserialises into an event."""

    def __init__(self, seq: int, event_id: str, reason: str) -> None:
        super().__init__(
            f"event log row seq={seq} (event_id={event_id!r}) does not parse as an event: {reason}"
        )
        self.seq = seq
        self.event_id = event_id


class EventLog:
    """An append-only SQLite event log with subscriber offsets and dead letters.

    ``path`` is a file path (its directory must exist and be writable) or ``":memory:"``. Raises
    :class:`EventLogError` when the file cannot be opened or written, is not an SQLite database,
    or holds some other application's tables. Not thread-safe: use it from one thread (the event
    loop's).
    """

    def __init__(self, path: str | os.PathLike[str] = ":memory:", *, fsync: bool = True) -> None:
        self.path = os.fspath(path)
        self._db: sqlite3.Connection | None = None
        try:
            # isolation_level=None: autocommit; the few multi-statement writes use BEGIN/COMMIT.
            db = sqlite3.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise EventLogError(f"cannot open event log {self.path!r}: {exc}") from exc
        try:
            db.execute("PRAGMA busy_timeout = 5000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute(f"PRAGMA synchronous = {'FULL' if fsync else 'NORMAL'}")
            self._init_schema(db)
        except sqlite3.DatabaseError as exc:
            db.close()
            if "not a database" in str(exc) or "malformed" in str(exc):
                raise EventLogError(
                    f"{self.path!r} is not an SQLite database, so not a gpufleet event log: {exc}"
                ) from exc
            raise EventLogError(f"cannot use event log {self.path!r}: {exc}") from exc
        except EventLogError:
            db.close()
            raise
        self._db = db

    def _init_schema(self, db: sqlite3.Connection) -> None:
        # Look and create under one write lock, so two processes opening a new file at once do
        # not both try to create the schema.
        db.execute("BEGIN IMMEDIATE")
        try:
            tables = {
                name
                for (name,) in db.execute(
                    "SELECT name FROM sqlite_master"
                    " WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
                )
            }
            if not tables:
                for statement in _SCHEMA:
                    db.execute(statement)
                db.executemany(
                    "INSERT INTO meta (key, value) VALUES (?, ?)",
                    [("format", LOG_FORMAT), ("schema_version", str(SCHEMA_VERSION))],
                )
                db.execute("COMMIT")
                return
            meta = dict(db.execute("SELECT key, value FROM meta")) if "meta" in tables else {}
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")
        if meta.get("format") != LOG_FORMAT:
            raise EventLogError(
                f"{self.path!r} is an SQLite database but not a gpufleet event log "
                f"(tables: {', '.join(sorted(tables))})"
            )
        if meta.get("schema_version") != str(SCHEMA_VERSION):
            raise EventLogError(
                f"{self.path!r} is a gpufleet event log of schema version "
                f"{meta.get('schema_version')}; this code reads version {SCHEMA_VERSION}"
            )
        if missing := _TABLES - tables:
            raise EventLogError(
                f"{self.path!r} is a damaged gpufleet event log: "
                f"missing tables {', '.join(sorted(missing))}"
            )

    @property
    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise EventLogError(f"event log {self.path!r} is closed")
        return self._db

    # -- events ---------------------------------------------------------------------------------

    def append(self, event: Event) -> int:
        """Log ``event`` and return its sequence number.

        An ``event_id`` already in the log is not written again: its existing sequence number is
        returned (the first payload logged for that id is kept).
        """
        db = self._conn
        cur = db.execute(
            "INSERT INTO events (event_id, topic, kind, time, payload) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (event_id) DO NOTHING",
            (event.event_id, event_topic(event), event.kind, event.time, event.model_dump_json()),
        )
        if cur.rowcount == 1 and cur.lastrowid is not None:
            reach("event.appended")
            return cur.lastrowid
        row = db.execute("SELECT seq FROM events WHERE event_id = ?", (event.event_id,)).fetchone()
        return int(row[0])

    def last_seq(self) -> int:
        """The highest sequence number logged, or 0 for an empty log."""
        (seq,) = self._conn.execute("SELECT coalesce(max(seq), 0) FROM events").fetchone()
        return int(seq)

    def get(self, seq: int) -> Event:
        """The event logged at ``seq``; ``KeyError`` if there is none, ``CorruptEventError`` if
        its row does not parse."""
        row = self._conn.execute(
            "SELECT event_id, payload FROM events WHERE seq = ?", (seq,)
        ).fetchone()
        if row is None:
            raise KeyError(f"no event at seq={seq} in {self.path!r}")
        return _parse(seq, row[0], row[1])

    def replay(
        self,
        from_seq: int = 0,
        topic: str | None = None,
        *,
        to_seq: int | None = None,
        on_error: Callable[[CorruptEventError], None] | None = None,
    ) -> Iterator[tuple[int, Event]]:
        """Yield ``(seq, event)`` in sequence order for ``from_seq <= seq <= to_seq``.

        ``topic`` limits the replay to one topic (``None`` or ``"*"``: all). A ``from_seq`` past
        the end yields nothing. A row that does not parse raises :class:`CorruptEventError` when
        the iteration reaches it, unless ``on_error`` is given: then ``on_error`` receives the
        error and the iteration continues with the next row. Events appended while iterating are
        included unless ``to_seq`` bounds the replay. Raises ``ValueError`` on a negative
        ``from_seq`` or an unknown topic.
        """
        if from_seq < 0:
            raise ValueError(f"from_seq must be >= 0, got {from_seq}")
        if to_seq is not None and to_seq < 0:
            raise ValueError(f"to_seq must be >= 0, got {to_seq}")
        if topic is not None:
            check_topic(topic)
        _ = self._conn  # fail now, not at the first next(), if the log is closed
        return self._replay(from_seq, None if topic == ALL_TOPICS else topic, to_seq, on_error)

    def _replay(
        self,
        from_seq: int,
        topic: str | None,
        to_seq: int | None,
        on_error: Callable[[CorruptEventError], None] | None,
    ) -> Iterator[tuple[int, Event]]:
        upper = -1 if to_seq is None else to_seq  # -1: unbounded
        next_seq = from_seq
        while True:
            rows = self._conn.execute(
                "SELECT seq, event_id, payload FROM events"
                " WHERE seq >= ? AND (? < 0 OR seq <= ?) AND (? IS NULL OR topic = ?)"
                " ORDER BY seq LIMIT ?",
                (next_seq, upper, upper, topic, topic, _REPLAY_PAGE),
            ).fetchall()
            if not rows:
                return
            for seq, event_id, payload in rows:
                try:
                    event = _parse(seq, event_id, payload)
                except CorruptEventError as exc:
                    if on_error is None:
                        raise
                    on_error(exc)
                    continue
                yield seq, event
            next_seq = rows[-1][0] + 1

    # -- subscriber offsets ---------------------------------------------------------------------

    def offset(self, subscriber: str) -> int:
        """The highest sequence number ``subscriber`` has acknowledged; 0 if it never acked."""
        row = self._conn.execute(
            "SELECT seq FROM offsets WHERE subscriber = ?", (subscriber,)
        ).fetchone()
        return 0 if row is None else int(row[0])

    def ack(self, subscriber: str, seq: int) -> None:
        """Record that ``subscriber`` is done with every event up to ``seq``.

        Offsets only move forward: acking a lower ``seq`` than the stored one changes nothing.
        Raises ``ValueError`` if ``seq`` is negative or beyond the last logged event.
        """
        self._check_seq(seq)
        self._conn.execute(
            "INSERT INTO offsets (subscriber, seq) VALUES (?, ?) ON CONFLICT (subscriber)"
            " DO UPDATE SET seq = max(offsets.seq, excluded.seq)",
            (subscriber, seq),
        )

    def seek(self, subscriber: str, seq: int) -> None:
        """Set ``subscriber``'s offset to exactly ``seq`` (backwards too), e.g. to re-run it.

        Raises ``ValueError`` if ``seq`` is negative or beyond the last logged event.
        """
        self._check_seq(seq)
        self._conn.execute(
            "INSERT INTO offsets (subscriber, seq) VALUES (?, ?) ON CONFLICT (subscriber)"
            " DO UPDATE SET seq = excluded.seq",
            (subscriber, seq),
        )

    def _check_seq(self, seq: int) -> None:
        last = self.last_seq()
        if not 0 <= seq <= last:
            raise ValueError(f"seq {seq} is outside the event log (0..{last})")

    # -- dead letters ---------------------------------------------------------------------------

    def dead_letter(self, subscriber: str, seq: int, error: str, *, attempts: int = 1) -> None:
        """Record that ``subscriber`` gave up on the event at ``seq`` after ``attempts`` tries.

        Raises ``ValueError`` if no event is logged at ``seq``.
        """
        if seq < 1 or seq > self.last_seq():
            raise ValueError(f"seq {seq} is outside the event log (1..{self.last_seq()})")
        self._conn.execute(
            "INSERT INTO dead_letters (subscriber, seq, error, attempts) VALUES (?, ?, ?, ?)",
            (subscriber, seq, error, attempts),
        )

    def dead_letters(self, subscriber: str | None = None) -> list[DeadLetter]:
        """Every dead letter recorded (for one ``subscriber`` if given), oldest first."""
        rows = self._conn.execute(
            "SELECT d.subscriber, d.seq, e.event_id, d.error, d.attempts"
            " FROM dead_letters d JOIN events e ON e.seq = d.seq"
            " WHERE ? IS NULL OR d.subscriber = ? ORDER BY d.id",
            (subscriber, subscriber),
        ).fetchall()
        return [DeadLetter(s, int(q), i, err, int(n)) for s, q, i, err, n in rows]

    # -- seen event ids (persistent idempotency) ------------------------------------------------

    def mark_seen(self, scope: str, event_id: str) -> None:
        """Remember that ``scope`` (usually a subscriber name) has handled ``event_id``."""
        self._conn.execute(
            "INSERT INTO seen (scope, event_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
            (scope, event_id),
        )

    def was_seen(self, scope: str, event_id: str) -> bool:
        """Whether :meth:`mark_seen` was called for ``scope`` and ``event_id``."""
        row = self._conn.execute(
            "SELECT 1 FROM seen WHERE scope = ? AND event_id = ?", (scope, event_id)
        ).fetchone()
        return row is not None

    # -- lifecycle ------------------------------------------------------------------------------

    def close(self) -> None:
        """Close the database; later calls raise :class:`EventLogError`. Closing twice is fine."""
        if self._db is not None:
            self._db.close()
            self._db = None

    def __enter__(self) -> EventLog:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        state = "closed" if self._db is None else "open"
        return f"EventLog({self.path!r}, {state})"


def _parse(seq: int, event_id: str, payload: str) -> Event:
    try:
        event = EVENT_ADAPTER.validate_json(payload)
    except ValidationError as exc:
        raise CorruptEventError(seq, event_id, str(exc).replace("\n", " ")) from exc
    if event.event_id != event_id:
        raise CorruptEventError(seq, event_id, f"its payload carries event_id={event.event_id!r}")
    return event
