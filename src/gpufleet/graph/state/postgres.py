"""A store's tables in PostgreSQL (psycopg 3): the state several replicas share.

Same contract as :class:`~graph.state.sqlite.SqliteFile`, so the stores run the same SQL:

* one connection per store, in autocommit, shared by the store's threads under a lock, and
  opened again when the server dropped it;
* :meth:`PostgresDatabase.write` is a transaction that first takes a transaction-scoped
  advisory lock of the store: writers of one store take turns, in any process on any host,
  exactly like SQLite's ``BEGIN IMMEDIATE``. Uniqueness (a claim, a request) is still the
  primary key's; the lock makes every read-then-write (the breaker's window) race-free too;
* :meth:`PostgresDatabase.hold` takes a session advisory lock on a connection of its own. The
  server drops it when that connection ends, also when the process is killed, so a waiter
  learns "finished" or "died" and never waits on a dead replica;
* the schema is created once under an advisory lock (two replicas starting together), and a
  version other than this code's is upgraded in place when the store has migrations for it,
  refused otherwise (never guessed at).

``?`` placeholders are turned into psycopg's ``%s``; the stores' SQL has no other ``?``.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, Literal

import psycopg

from gpufleet.graph.state.errors import StoreError
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.state.url import PostgresUrl

CONNECT_TIMEOUT_S = 10
# How long a replica waits for another one's step to finish before it reports the outcome as
# unknown (a person settles it). Waiting never risks a second run: the claim's key decides.
HOLD_WAIT_S = 300
_SCHEMA_LOCK = "schema"


def lock_key(name: str) -> int:
    """A stable signed 64-bit advisory-lock key for ``name``."""
    digest = hashlib.sha256(f"gpufleet:{name}".encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _placeholders(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class _Session:
    def __init__(self, conn: psycopg.Connection[Any]) -> None:
        self._conn = conn

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> psycopg.Cursor[Any]:
        return self._conn.execute(_placeholders(sql), tuple(parameters))


class _SessionLock:
    """A session advisory lock on its own connection; closing the connection releases it.
    ``None``: the wait ran out, nothing is held."""

    def __init__(self, conn: psycopg.Connection[Any] | None) -> None:
        self._conn: psycopg.Connection[Any] | None = conn

    def release(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


class PostgresDatabase:
    dialect: Literal["postgresql"] = "postgresql"

    def __init__(self, url: PostgresUrl, *, store: str, schema: Schema) -> None:
        self.url = url
        self.path = url.display
        self._store = store
        self._write_key = lock_key(f"store:{store}")
        self._lock = threading.RLock()
        self._conn: psycopg.Connection[Any] | None = self._connect()
        try:
            self._init_schema(self._conn, schema)
        except psycopg.Error as e:
            self._conn.close()
            raise StoreError(f"cannot use {self.path} as the {store} store: {e}") from e
        except StoreError:
            self._conn.close()
            raise

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            return psycopg.connect(self.url.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S)
        except psycopg.Error as e:
            raise StoreError(f"cannot reach the {self._store} store at {self.path}: {e}") from e

    def _init_schema(self, conn: psycopg.Connection[Any], schema: Schema) -> None:
        key = f"{self._store}.schema_version"
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key(_SCHEMA_LOCK),))
            conn.execute(
                "CREATE TABLE IF NOT EXISTS gpufleet_meta (key TEXT PRIMARY KEY, value TEXT)"
            )
            row = conn.execute("SELECT value FROM gpufleet_meta WHERE key = %s", (key,)).fetchone()
            if row is None:
                for statement in schema.postgresql:
                    conn.execute(_placeholders(statement), ())
                conn.execute(
                    "INSERT INTO gpufleet_meta (key, value) VALUES (%s, %s)",
                    (key, str(schema.version)),
                )
            elif str(row[0]) != str(schema.version):
                self._migrate(conn, schema, str(row[0]))

    def _migrate(self, conn: psycopg.Connection[Any], schema: Schema, found: str) -> None:
        """Upgrade an older schema in place with the store's migrations (the SQLite ones, with
        PostgreSQL's 8-byte floats), one version at a time, inside the caller's transaction;
        a newer or unknown version is refused, never guessed at."""
        start = int(found) if found.isdigit() else None
        steps = range(start + 1, schema.version + 1) if start is not None else range(0)
        if (
            start is None
            or start > schema.version
            or any(v not in schema.migrations for v in steps)
        ):
            raise StoreError(
                f"{self.path} holds a {self._store} store of schema version {found}; "
                f"this code reads version {schema.version}"
            )
        for v in steps:
            for statement in schema.migrations[v]:
                pg = statement.replace(" REAL", " DOUBLE PRECISION")
                conn.execute(_placeholders(pg), ())
        conn.execute(
            "UPDATE gpufleet_meta SET value = %s WHERE key = %s",
            (str(schema.version), f"{self._store}.schema_version"),
        )

    def _live(self) -> psycopg.Connection[Any]:
        if self._conn is None:
            raise StoreError(f"store {self.path} is closed")
        if self._conn.closed or self._conn.broken:  # the server restarted or dropped us
            self._conn = self._connect()
        return self._conn

    @contextmanager
    def read(self) -> Iterator[_Session]:
        with self._lock:
            try:
                yield _Session(self._live())
            except psycopg.OperationalError as e:
                raise StoreError(f"the {self._store} store at {self.path}: {e}") from e

    @contextmanager
    def write(self) -> Iterator[_Session]:
        with self._lock:
            conn = self._live()
            try:
                with conn.transaction():
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (self._write_key,))
                    yield _Session(conn)
            except psycopg.OperationalError as e:
                raise StoreError(f"the {self._store} store at {self.path}: {e}") from e

    def hold(self, key: str) -> _SessionLock:
        conn = self._connect()
        try:
            conn.execute("SELECT set_config('lock_timeout', %s, false)", (f"{HOLD_WAIT_S}s",))
            conn.execute("SELECT pg_advisory_lock(%s)", (lock_key(f"hold:{key}"),))
        except psycopg.errors.LockNotAvailable:
            conn.close()
            return _SessionLock(None)
        except psycopg.Error as e:
            conn.close()
            raise StoreError(f"the {self._store} store at {self.path}: {e}") from e
        return _SessionLock(conn)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
