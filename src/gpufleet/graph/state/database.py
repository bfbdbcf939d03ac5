"""What a gpufleet store needs from its database, and the one place that picks it.

A store (approvals, ledger, breaker, audit) writes its SQL once, with ``?`` placeholders, and
runs it on a :class:`Database`: a SQLite file (:class:`~graph.state.sqlite.SqliteFile`, the
default) or a PostgreSQL database (:class:`~graph.state.postgres.PostgresDatabase`, shared by
several replicas). Both give the same guarantees to the same SQL:

* :meth:`Database.write` is one transaction that excludes every other writer of that store
  from its first statement (SQLite's ``BEGIN IMMEDIATE``; a transaction-scoped advisory lock
  per store on PostgreSQL), so a read-then-write inside it cannot race another process;
* :meth:`Database.hold` keeps a named lock for as long as the caller's process lives (nothing
  on SQLite); the ledger holds a claimed step's key while the step runs.

Only the schema differs per dialect (:class:`Schema`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any, Literal, Protocol

from gpufleet.graph.state.schema import Schema
from gpufleet.graph.state.sqlite import SqliteFile
from gpufleet.graph.state.url import PostgresUrl

Dialect = Literal["sqlite", "postgresql"]
# a SQLite file path (or ":memory:"), or a PostgreSQL database
Location = str | os.PathLike[str] | PostgresUrl


class Cursor(Protocol):
    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...


class Session(Protocol):
    """A connection inside :meth:`Database.read` / :meth:`Database.write`."""

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor: ...


class Hold(Protocol):
    def release(self) -> None: ...


class Database(Protocol):
    @property
    def path(self) -> str:
        """What to call it in a message: the file, or the URL without its password."""

    @property
    def dialect(self) -> Dialect: ...

    def read(self) -> AbstractContextManager[Session]: ...

    def write(self) -> AbstractContextManager[Session]: ...

    def hold(self, key: str) -> Hold:
        """Wait until no other session holds ``key``, then hold it until released (or until
        this process's connection ends, e.g. it is killed)."""

    def close(self) -> None: ...


def open_database(where: Location, *, store: str, schema: Schema, fsync: bool = True) -> Database:
    """The store's database at ``where``: a PostgreSQL URL, else a SQLite file path."""
    if isinstance(where, PostgresUrl):
        # psycopg is imported only when a PostgreSQL state is configured
        from gpufleet.graph.state.postgres import PostgresDatabase  # noqa: PLC0415

        return PostgresDatabase(where, store=store, schema=schema)
    return SqliteFile(
        where,
        store=store,
        schema_version=schema.version,
        schema=schema.sqlite,
        fsync=fsync,
        migrations=schema.migrations,
    )
