"""The durable checkpointer: LangGraph's SQLite saver on a file of ours.

A paused graph (waiting on an approval) is a row in this file. Any process that opens the same
file can resume the thread; nothing lives only in memory. WAL mode lets the CLI resume a
thread while a long-running ``gpufleet watch`` writes other threads.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata
from langgraph.checkpoint.sqlite import SqliteSaver

from bus.failpoints import reach


class _Saver(SqliteSaver):
    """LangGraph's SQLite saver with its writes marked as persistence points (kill-point tests)."""

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        stored = super().put(config, checkpoint, metadata, new_versions)
        reach("checkpoint.written")
        return stored

    def put_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        super().put_writes(config, writes, task_id, task_path)
        reach("checkpoint.written")


def open_checkpointer(path: str | Path) -> SqliteSaver:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # check_same_thread=False: LangGraph runs parallel branches on a thread pool; the saver
    # serialises access to the connection itself.
    conn = sqlite3.connect(str(path), check_same_thread=False, timeout=30.0)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")  # a decision survives a power cut, not just kill -9
    saver = _Saver(conn)
    saver.setup()
    return saver
