"""Adding rows to a chromadb collection in batches the server accepts.

chromadb refuses one ``add`` larger than its client's ``get_max_batch_size()`` (5,461 rows on
the embedded 1.x server). The precedent library passed that size when it grew past 5,461
incidents, and ``kb build`` failed outright; the card index can pass it on a site with many
cards. Every bulk add goes through here, so the limit is met in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from chromadb.api.models.Collection import Collection


def add_in_batches(
    collection: Collection, max_batch: int, ids: Sequence[str], **columns: Sequence[Any] | None
) -> int:
    """Add ``ids`` with their parallel ``columns`` (embeddings, documents, metadatas) in slices
    of at most ``max_batch`` rows; the number of batches sent."""
    if max_batch < 1:
        raise ValueError(f"max_batch must be at least 1, not {max_batch}")
    for name, column in columns.items():
        if column is not None and len(column) != len(ids):
            raise ValueError(f"{name} has {len(column)} rows for {len(ids)} ids")
    batches = 0
    for start in range(0, len(ids), max_batch):
        stop = start + max_batch
        part = {k: list(v[start:stop]) for k, v in columns.items() if v is not None}
        # chromadb's add() types each column separately; the slices keep whatever type came in
        cast(Any, collection).add(ids=list(ids[start:stop]), **part)
        batches += 1
    return batches
