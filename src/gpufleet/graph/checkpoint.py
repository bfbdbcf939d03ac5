"""The durable checkpointer: LangGraph's SQLite saver on a file of ours, or its PostgreSQL
saver on the database several replicas share (``--state postgresql://…``).

A paused graph (waiting on an approval) is a row in this file. Any process that opens the same
file can resume the thread; nothing lives only in memory. WAL mode lets the CLI resume a
thread while a long-running ``gpufleet watch`` writes other threads.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import TYPE_CHECKING

from langgraph.checkpoint.sqlite import SqliteSaver

from gpufleet.graph.state.persistence_points import MarksCheckpointWrites
from gpufleet.graph.state.url import PostgresUrl

if TYPE_CHECKING:  # the postgres extra; imported when a PostgreSQL state is configured
    from langgraph.checkpoint.postgres import PostgresSaver


class _Saver(MarksCheckpointWrites, SqliteSaver):
    """LangGraph's SQLite saver with its writes marked as persistence points."""


def open_checkpointer(where: str | os.PathLike[str] | PostgresUrl) -> SqliteSaver | PostgresSaver:
    """The saver at ``where``; ``saver.conn.close()`` closes it (both kinds)."""
    if isinstance(where, PostgresUrl):
        from gpufleet.graph.state.checkpoint_postgres import open_postgres_checkpointer  # noqa: PLC0415

        return open_postgres_checkpointer(where)
    path = Path(where)
    path.parent.mkdir(parents=True, exist_ok=True)
    # check_same_thread=False: LangGraph runs parallel branches on a thread pool; the saver
    # serialises access to the connection itself.
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30.0)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")  # a decision survives a power cut, not just kill -9
    saver = _Saver(conn)
    saver.setup()
    return saver
