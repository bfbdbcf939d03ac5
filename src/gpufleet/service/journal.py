"""The intake journal: every accepted webhook body, on disk before it is acknowledged.

An Alertmanager notification is answered 200 only after its raw body is committed to SQLite
with ``synchronous=FULL`` (fsync'd, WAL). Processing it (the intake, the bus) happens after the
answer; a row is marked done once its events are in the event log. On start, rows not marked
done are processed again, so an accepted alert survives ``kill -9`` at any moment. Marking done
twice or reprocessing a row is harmless: the intake's event ids are stable and bus handlers are
idempotent.

Writes are **group-committed**: concurrent requests append to one batch that a single writer
commits in one transaction (one fsync for the whole batch) off the event loop; each request
waits for its own batch. Under load this turns N fsyncs into one without delaying a lone
request. Processed-row marks ride along with the next commit (they need no fsync of their
own: a lost mark only means one harmless reprocessing).

Per replica, by design. With several ``gpufleet serve`` replicas (``--bus nats://``,
``--state postgresql://``) each keeps this journal in its own state directory: it covers only
the moment between answering Alertmanager and the payload's events being stored in the shared,
durable JetStream stream (milliseconds), after which every replica and agent sees them. A
replica killed inside that moment processes its rows when it starts again on the same state
directory (a StatefulSet's volume); Alertmanager also sends a still-firing alert again every
``repeat_interval``, to whichever replica answers. Sharing the journal would need one replica to
take over another's unprocessed rows while that one might still be processing them, for no gain
once the events are on the shared bus. What the payloads meant (the alerts handled, the
incidents opened, the events each claim produced) is shared: :mod:`agents.noc.alert_memory_sql`.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import threading
from collections.abc import Sequence
from dataclasses import dataclass

_SCHEMA = """
CREATE TABLE IF NOT EXISTS intake (
    id INTEGER PRIMARY KEY,
    received_at REAL NOT NULL,
    authenticated INTEGER NOT NULL,
    body BLOB NOT NULL,
    done INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS intake_pending ON intake (done, id);
"""


class JournalError(Exception):
    """The journal file cannot be opened or written."""


@dataclass(frozen=True)
class JournalEntry:
    entry_id: int
    received_at: float
    authenticated: bool
    body: bytes


class IntakeJournal:
    """SQLite journal of accepted payloads (``path`` or ``":memory:"``). Thread-safe."""

    def __init__(self, path: str | os.PathLike[str] = ":memory:") -> None:
        self.path = os.fspath(path)
        try:
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            db.execute("PRAGMA busy_timeout = 10000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            db.executescript(_SCHEMA)
        except sqlite3.Error as e:
            raise JournalError(f"cannot open the intake journal {self.path!r}: {e}") from e
        self._db: sqlite3.Connection | None = db
        self._lock = threading.Lock()

    def append(
        self, items: Sequence[tuple[float, bool, bytes]], done: Sequence[int] = ()
    ) -> list[int]:
        """Commit ``(received_at, authenticated, body)`` rows (and mark ``done`` ids) in one
        transaction; returns the new ids in order. Returns only once the commit is durable."""
        with self._lock:
            db = self._conn()
            db.execute("BEGIN IMMEDIATE")
            try:
                ids = [
                    int(
                        db.execute(
                            "INSERT INTO intake (received_at, authenticated, body) VALUES (?,?,?)",
                            (at, int(auth), body),
                        ).lastrowid
                        or 0
                    )
                    for at, auth, body in items
                ]
                db.executemany("UPDATE intake SET done = 1 WHERE id = ?", [(i,) for i in done])
                db.execute("COMMIT")
            finally:
                if db.in_transaction:
                    db.execute("ROLLBACK")
        return ids

    def pending(self) -> list[JournalEntry]:
        """Accepted rows not yet processed, oldest first."""
        return self._select("WHERE done = 0 ORDER BY id", ())

    def recent_done(self, limit: int) -> list[JournalEntry]:
        """The last ``limit`` processed rows, oldest first (to rebuild the intake's memory)."""
        rows = self._select("WHERE done = 1 ORDER BY id DESC LIMIT ?", (limit,))
        return rows[::-1]

    def counts(self) -> tuple[int, int]:
        """(accepted rows, rows still pending)."""
        with self._lock:
            total, pending = (
                self._conn()
                .execute("SELECT COUNT(*), COALESCE(SUM(done = 0), 0) FROM intake")
                .fetchone()
            )
        return int(total), int(pending)

    def _select(self, where: str, args: tuple[object, ...]) -> list[JournalEntry]:
        with self._lock:
            rows = (
                self._conn()
                .execute(f"SELECT id, received_at, authenticated, body FROM intake {where}", args)
                .fetchall()
            )
        return [JournalEntry(int(i), float(t), bool(a), bytes(b)) for i, t, a, b in rows]

    def _conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(f"intake journal {self.path!r} is closed")
        return self._db

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None


class GroupCommitter:
    """Batches :meth:`IntakeJournal.append` calls from the event loop (see the module)."""

    def __init__(self, journal: IntakeJournal) -> None:
        self.journal = journal
        self._batch: list[tuple[tuple[float, bool, bytes], asyncio.Future[int]]] = []
        self._done: list[int] = []
        self._inflight: list[asyncio.Future[int]] = []
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    async def write(self, received_at: float, authenticated: bool, body: bytes) -> int:
        """Journal one body; returns its id once it is durable. Raises JournalError."""
        if self._task is None or self._task.done():
            raise JournalError("the intake journal writer is not running")
        fut: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._batch.append(((received_at, authenticated, body), fut))
        self._wake.set()
        return await fut

    def mark_done(self, entry_id: int) -> None:
        """Record that an entry's events are published (committed with the next batch)."""
        self._done.append(entry_id)
        self._wake.set()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="intake-journal")

    async def stop(self) -> None:
        if self._task is None:
            return
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        for fut in [*self._inflight, *(f for _, f in self._batch)]:
            if not fut.done():  # never acknowledged: the sender retries
                fut.set_exception(JournalError("the service is stopping"))
        self._batch, self._inflight = [], []
        await asyncio.to_thread(self._flush, [], list(self._done))
        self._done.clear()

    async def _run(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._batch = self._batch, []
            done, self._done = self._done, []
            if not batch and not done:
                continue
            self._inflight = [f for _, f in batch]
            try:
                ids = await asyncio.to_thread(self._flush, [b for b, _ in batch], done)
            except Exception as e:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_exception(JournalError(f"intake journal write failed: {e}"))
                continue
            for (_, fut), entry_id in zip(batch, ids, strict=True):
                if not fut.done():
                    fut.set_result(entry_id)
            self._inflight = []

    def _flush(self, items: list[tuple[float, bool, bytes]], done: list[int]) -> list[int]:
        return self.journal.append(items, done)
