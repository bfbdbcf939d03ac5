"""LangGraph's PostgreSQL saver on the database several replicas share, with its writes marked
as persistence points like the SQLite one (:mod:`graph.checkpoint`). Imported only when a
PostgreSQL state is configured (psycopg, langgraph-checkpoint-postgres: the postgres extra)."""

from __future__ import annotations

from typing import Any

import psycopg
from langgraph.checkpoint.postgres import PostgresSaver
from psycopg.rows import dict_row

from gpufleet.graph.state.errors import StoreError
from gpufleet.graph.state.persistence_points import MarksCheckpointWrites
from gpufleet.graph.state.postgres import CONNECT_TIMEOUT_S, lock_key
from gpufleet.graph.state.url import PostgresUrl


class _Saver(MarksCheckpointWrites, PostgresSaver):
    """LangGraph's PostgreSQL saver with its writes marked as persistence points."""


def open_postgres_checkpointer(url: PostgresUrl) -> PostgresSaver:
    """The saver on ``url``, its tables created (once: replicas starting together take turns)."""
    try:
        conn: psycopg.Connection[Any] = psycopg.connect(
            url.url,
            autocommit=True,
            prepare_threshold=0,
            row_factory=dict_row,
            connect_timeout=CONNECT_TIMEOUT_S,
        )
    except psycopg.Error as e:
        raise StoreError(f"cannot reach the checkpoint store at {url.display}: {e}") from e
    saver = _Saver(conn)
    try:
        conn.execute("SELECT pg_advisory_lock(%s)", (lock_key("checkpoint-setup"),))
        try:
            saver.setup()
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (lock_key("checkpoint-setup"),))
    except psycopg.Error as e:
        conn.close()
        raise StoreError(f"cannot use {url.display} as the checkpoint store: {e}") from e
    return saver
