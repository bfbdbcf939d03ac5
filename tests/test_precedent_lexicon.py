"""The precedents' words: BM25 over their documents, fused with the embedding's ranking."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gpufleet.knowledge.embedding import MiniLmEmbedding
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.precedent_index import PrecedentIndex
from gpufleet.knowledge.precedent_lexicon import (
    RRF_K,
    PrecedentLexicon,
    fused_order,
    reciprocal_ranks,
    tokens,
)
from gpufleet.knowledge.precedents import Precedent, PrecedentLibrary


def test_error_strings_file_names_and_versions_stay_whole_tokens() -> None:
    assert tokens("NVML: libnvidia-ml.so.1 not found; driver 535.104.05, cudaErrorNoDevice") == [
        "nvml",
        "libnvidia-ml.so.1",
        "not",
        "found",
        "driver",
        "535.104.05",
        "cudaerrornodevice",
    ]


def test_a_rare_shared_token_outweighs_a_common_one_and_no_shared_token_scores_nothing() -> None:
    lexicon = PrecedentLexicon(
        [
            "gpu error on the node",
            "gpu error cudaErrorDevicesUnavailable on the node",
            "gpu error again on the node",
            "fan stopped",
        ]
    )
    scores = lexicon.scores("job failed: cudaErrorDevicesUnavailable (gpu error)")
    assert scores.argmax() == 1
    assert scores[1] > scores[0] > 0
    assert scores[3] == 0.0
    assert lexicon.scores("").sum() == 0.0


def test_rows_that_share_nothing_are_not_ranked() -> None:
    rr = reciprocal_ranks(np.array([0.0, 3.0, 1.0, -1.0], dtype=np.float32))
    assert rr.tolist() == [0.0, 1.0 / RRF_K, 1.0 / (RRF_K + 1), 0.0]


def test_the_top_of_either_ranking_comes_forward_and_the_top_of_both_leads() -> None:
    semantic = np.array([0.9, 0.8, 0.7, 0.6, 0.5], dtype=np.float32)
    lexical = np.array([0.0, 5.0, 0.0, 0.0, 9.0], dtype=np.float32)
    order = fused_order(semantic, lexical).tolist()
    assert order[0] == 1  # second by meaning, second by words
    assert order.index(4) < order.index(2)  # last by meaning, first by words


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> CardIndex:
    return CardIndex(Path(tmp_path_factory.mktemp("lexidx")), MiniLmEmbedding(threads=1))


def _p(pid: str, cause: str, text: str) -> Precedent:
    return Precedent(id=pid, title=pid, text=text, cause=cause, source=f"https://x/{pid}")


def test_a_precedent_sharing_the_reports_error_string_answers_beside_the_closest_in_meaning(
    index: CardIndex,
) -> None:
    lib = PrecedentLibrary(
        [
            _p("oom-a", "fb-fragmentation-oom", "CUDA out of memory while allocating a tensor"),
            _p("oom-b", "fb-fragmentation-oom", "out of GPU memory during the forward pass"),
            _p("oom-c", "fb-fragmentation-oom", "the model runs out of CUDA memory at step 10"),
            _p(
                "excl",
                "slurm-ghost-job",
                "code=46(cudaErrorDevicesUnavailable) another process holds the device",
            ),
        ]
    )
    idx = PrecedentIndex(index, lib, vectors=None)
    query = "cudaMalloc failed: CUDA out of memory code=46(cudaErrorDevicesUnavailable)"
    vec = index.embed_query(query)
    by_meaning = [m.precedent.id for m in idx.similar(vec, 2)]
    fused = idx.similar(vec, 2, text=query)
    assert "excl" not in by_meaning and "excl" in [m.precedent.id for m in fused]
    # each answer keeps its cosine similarity (it weighs the vote), closest first
    assert [m.similarity for m in fused] == sorted((m.similarity for m in fused), reverse=True)
    withheld = idx.similar(vec, 2, frozenset({"https://x/excl"}), text=query)
    assert "excl" not in [m.precedent.id for m in withheld] and len(withheld) == 2
