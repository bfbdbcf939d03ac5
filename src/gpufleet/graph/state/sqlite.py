"""A store's tables in a SQLite file: WAL, a busy timeout, one lock per connection so a store may
be used from several threads, and a per-store schema version with in-place migrations.

The default home of every gpufleet store (one host, one or more processes sharing the files).
:mod:`graph.state.postgres` is the same thing on PostgreSQL for several replicas.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Final, Literal

from gpufleet.graph.state.errors import StoreError


class _NoHold:
    """Nothing to hold: one host's processes share the file, and a step claimed in the ledger
    is in progress or its outcome unknown exactly as before (see :meth:`SqliteFile.hold`)."""

    def release(self) -> None:
        pass


NO_HOLD: Final = _NoHold()


class SqliteFile:
    """One SQLite connection shared by a store's methods, safe to call from several threads.

    ``path`` is a file path or ``":memory:"``. Several stores (approvals, breaker, audit) may
    share one file; each creates its own tables and records its schema version under its own
    key in ``gpufleet_meta``."""

    dialect: Literal["sqlite"] = "sqlite"

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        store: str,
        schema_version: int,
        schema: Sequence[str],
        fsync: bool = True,
        migrations: Mapping[int, Sequence[str]] | None = None,
    ) -> None:
        self.path = os.fspath(path)
        self._migrations = dict(migrations or {})
        self._lock = threading.RLock()
        try:
            # isolation_level=None: autocommit; multi-statement writes use BEGIN IMMEDIATE.
            db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {store} store {self.path!r}: {e}") from e
        try:
            db.execute("PRAGMA busy_timeout = 10000")
            db.execute("PRAGMA journal_mode = WAL")
            db.execute(f"PRAGMA synchronous = {'FULL' if fsync else 'NORMAL'}")
            self._init_schema(db, store, schema_version, schema)
        except sqlite3.DatabaseError as e:
            db.close()
            raise StoreError(f"cannot use {self.path!r} as the {store} store: {e}") from e
        except StoreError:
            db.close()
            raise
        self._db: sqlite3.Connection | None = db

    def _init_schema(
        self, db: sqlite3.Connection, store: str, version: int, schema: Sequence[str]
    ) -> None:
        key = f"{store}.schema_version"
        # Look and create under one write lock: two processes opening a new file at once must
        # not both create the tables.
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(
                "CREATE TABLE IF NOT EXISTS gpufleet_meta (key TEXT PRIMARY KEY, value TEXT)"
            )
            row = db.execute("SELECT value FROM gpufleet_meta WHERE key = ?", (key,)).fetchone()
            if row is None:
                for statement in schema:
                    db.execute(statement)
                db.execute("INSERT INTO gpufleet_meta (key, value) VALUES (?, ?)", (key, version))
            elif str(row[0]) != str(version):
                self._migrate(db, store, str(row[0]), version)
            db.execute("COMMIT")
        finally:
            if db.in_transaction:
                db.execute("ROLLBACK")

    def _migrate(self, db: sqlite3.Connection, store: str, found: str, version: int) -> None:
        """Upgrade an older schema in place, one version at a time (``migrations[v]`` takes
        v-1 to v); a newer or unknown version is refused, never guessed at."""
        start = int(found) if found.isdigit() else None
        if (
            start is None
            or start > version
            or any(v not in self._migrations for v in range(start + 1, version + 1))
        ):
            raise StoreError(
                f"{self.path!r} holds a {store} store of schema version {found}; "
                f"this code reads version {version}"
            )
        for v in range(start + 1, version + 1):
            for statement in self._migrations[v]:
                db.execute(statement)
        db.execute(
            "UPDATE gpufleet_meta SET value = ? WHERE key = ?", (version, f"{store}.schema_version")
        )

    @property
    def conn(self) -> sqlite3.Connection:
        if self._db is None:
            raise StoreError(f"store {self.path!r} is closed")
        return self._db

    @contextmanager
    def read(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            yield self.conn

    @contextmanager
    def write(self) -> Iterator[sqlite3.Connection]:
        """A write transaction that holds SQLite's write lock from its first statement, so a
        read-then-write inside it cannot race another process."""
        with self._lock:
            db = self.conn
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
                db.execute("COMMIT")
            finally:
                if db.in_transaction:
                    db.execute("ROLLBACK")

    def hold(self, key: str) -> _NoHold:
        """PostgreSQL holds a lock per claimed step while it runs; SQLite has no session that
        outlives a crash, so there is nothing to hold."""
        return NO_HOLD

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
