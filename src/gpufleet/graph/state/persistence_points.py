"""A checkpoint saver's writes as persistence points (``checkpoint.written``), for the
kill-point tests: mixed into LangGraph's SQLite and PostgreSQL savers alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    BaseCheckpointSaver,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
)

from gpufleet.bus.failpoints import reach


class MarksCheckpointWrites(BaseCheckpointSaver[Any]):
    """Put first in the bases (``class S(MarksCheckpointWrites, SqliteSaver)``): the real
    saver writes, then the point is reached, so a kill there leaves the write durable."""

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
