"""Bulk adds to chromadb stay within the server's batch limit (the precedent library outgrew
it at 5,504 incidents and ``kb build`` failed)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

import chromadb
import pytest
from chromadb.api import ClientAPI
from chromadb.api.models.Collection import Collection

from gpufleet.knowledge.chroma_batches import add_in_batches


@pytest.fixture(scope="module")
def client() -> ClientAPI:
    return chromadb.EphemeralClient()


def _fresh(client: ClientAPI) -> Collection:
    return client.create_collection(f"t-{uuid.uuid4().hex[:12]}")


def test_one_row_past_the_server_limit_is_refused_whole_and_lands_in_batches(
    client: ClientAPI,
) -> None:
    limit = client.get_max_batch_size()
    ids = [f"p{i}" for i in range(limit + 1)]
    vectors: list[Sequence[float]] = [[1.0, float(i)] for i in range(limit + 1)]
    refused = _fresh(client)
    with pytest.raises(Exception, match="batch size"):
        refused.add(ids=ids, embeddings=vectors)
    landed = _fresh(client)
    assert add_in_batches(landed, limit, ids, embeddings=vectors) == 2
    assert landed.count() == limit + 1


def test_columns_stay_aligned_across_batch_boundaries(client: ClientAPI) -> None:
    col = _fresh(client)
    ids = [f"c{i}" for i in range(25)]
    docs = [f"document {i}" for i in range(25)]
    metas = [{"n": i} for i in range(25)]
    vectors = [[1.0, float(i)] for i in range(25)]
    sent = add_in_batches(col, 10, ids, documents=docs, metadatas=metas, embeddings=vectors)
    assert sent == 3
    got = col.get(ids=["c0", "c9", "c10", "c24"], include=["documents", "metadatas"])
    columns = zip(got["documents"] or [], got["metadatas"] or [], strict=True)
    pairs = dict(zip(got["ids"], columns, strict=True))
    for i in (0, 9, 10, 24):
        assert pairs[f"c{i}"] == (f"document {i}", {"n": i})


def test_nothing_to_add_sends_nothing(client: ClientAPI) -> None:
    assert add_in_batches(_fresh(client), 10, [], embeddings=[]) == 0


def test_a_column_of_the_wrong_length_is_refused_before_anything_is_sent(
    client: ClientAPI,
) -> None:
    col = _fresh(client)
    with pytest.raises(ValueError, match="documents has 2 rows for 3 ids"):
        add_in_batches(col, 2, ["a", "b", "c"], documents=["x", "y"], embeddings=[[1.0]] * 3)
    assert col.count() == 0


def test_a_batch_size_below_one_is_refused(client: ClientAPI) -> None:
    with pytest.raises(ValueError, match="at least 1"):
        add_in_batches(_fresh(client), 0, ["a"], embeddings=[[1.0]])
