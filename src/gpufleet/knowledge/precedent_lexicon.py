"""Words the precedents share with a report: Okapi BM25 over the precedents' documents.

The embedding reads a report as a sentence and finds the precedents that mean the same; it reads
``cudaErrorDevicesUnavailable``, ``libnvidia-ml.so.1`` or ``535.104.05`` as a few word pieces among
256. An error string, a library's file name or a driver version is often what two reports of one
fault share and what two reports of different faults do not, and that is what a lexical score
sees. :class:`knowledge.precedent_index.PrecedentIndex` fuses the two rankings (reciprocal rank
fusion, :func:`fused_order`) before the nearest precedents vote.

Tokens are lower-case runs of letters, digits and ``_``, joined across ``.`` and ``-`` inside a
token (``libcuda.so.1``, ``nvidia-smi``, ``535.104.05`` stay whole: a version split into its
numbers would match every other version). The index is postings per token (the precedents that
hold it and its BM25 weight there), so a query costs the sum of its tokens' postings, not one
pass over the library. Pure: built from texts, no I/O.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

_TOKEN: Final = re.compile(r"[a-z0-9_]+(?:[.\-][a-z0-9_]+)*")
K1: Final = 1.2  # Okapi BM25's usual term-frequency saturation (Robertson & Zaragoza 2009)
B: Final = 0.75  # and its usual length normalisation
RRF_K: Final = 60  # reciprocal rank fusion's constant (Cormack, Clarke & Buettcher, SIGIR 2009)


def tokens(text: str) -> list[str]:
    """The lower-case tokens of ``text`` (see the module's docstring)."""
    return _TOKEN.findall(text.lower())


class PrecedentLexicon:
    """BM25 scores of every document for a query's tokens; row ``i`` is ``texts[i]``.

    Stored as one posting list per token, laid end to end (``_rows`` / ``_weights``, the token's
    slice at ``_start``), so that a build and a query are a few array operations."""

    def __init__(self, texts: Sequence[str]) -> None:
        self.size = len(texts)
        vocabulary: dict[str, int] = {}
        docs: list[int] = []
        ids: list[int] = []
        counts: list[int] = []
        for i, text in enumerate(texts):
            for w, f in Counter(tokens(text)).items():
                docs.append(i)
                ids.append(vocabulary.setdefault(w, len(vocabulary)))
                counts.append(f)
        self._vocabulary = vocabulary
        doc = np.asarray(docs, dtype=np.int32)
        tid = np.asarray(ids, dtype=np.int64)
        tf = np.asarray(counts, dtype=np.float64)
        lengths = np.bincount(doc, weights=tf, minlength=self.size)
        average = max(float(lengths.mean()), 1.0) if self.size else 1.0
        norm = K1 * (1.0 - B + B * lengths / average)
        df = np.bincount(tid, minlength=len(vocabulary)).astype(np.float64)
        idf = np.log(1.0 + (self.size - df + 0.5) / (df + 0.5))
        weight = idf[tid] * tf * (K1 + 1.0) / (tf + norm[doc])
        order = np.argsort(tid, kind="stable")
        self._rows = doc[order]
        self._weights = weight[order].astype(np.float32)
        self._start = np.concatenate(([0], np.cumsum(df.astype(np.int64))))

    def scores(self, text: str) -> npt.NDArray[np.float32]:
        """Each document's BM25 score for the distinct tokens of ``text`` (0 where none is
        shared)."""
        found = sorted({t for w in set(tokens(text)) if (t := self._vocabulary.get(w)) is not None})
        if not found:
            return np.zeros(self.size, dtype=np.float32)
        spans = [slice(self._start[t], self._start[t + 1]) for t in found]
        rows = np.concatenate([self._rows[s] for s in spans])
        weights = np.concatenate([self._weights[s] for s in spans])
        return np.bincount(rows, weights=weights, minlength=self.size).astype(np.float32)


def reciprocal_ranks(scores: npt.NDArray[np.float32]) -> npt.NDArray[np.float64]:
    """``1 / (RRF_K + rank)`` for each row with a positive score (rank 0 is the best; ties by
    row), 0 for the rest: a precedent that shares nothing with the query is not ranked at all,
    so the order of the rows that tie at nothing adds nothing."""
    out = np.zeros(len(scores), dtype=np.float64)
    order = np.argsort(-scores, kind="stable")
    ranked = order[scores[order] > 0]
    out[ranked] = 1.0 / (RRF_K + np.arange(len(ranked), dtype=np.float64))
    return out


def fused_order(
    semantic: npt.NDArray[np.float32], lexical: npt.NDArray[np.float32]
) -> npt.NDArray[np.intp]:
    """Rows best first by reciprocal rank fusion of the two scores, summed over both rankings:
    a precedent near the top of either comes forward and one near the top of both leads; ties
    by row."""
    fused = reciprocal_ranks(semantic) + reciprocal_ranks(lexical)
    return np.argsort(-fused, kind="stable")
