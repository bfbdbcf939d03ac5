"""The precedents' vector collection, beside the cards' in the same Chroma folder.

One document per precedent (:meth:`knowledge.precedents.Precedent.document`), embedded with
the cards' model so that one query vector serves both. Like the card index it is rebuilt only
when what it holds changed (a hash over the precedents and the model) and swapped in by
renaming, so another process reads the old collection or the new one, never half of one.

The search is exact: the collection's vectors are read once and every query is scored against
all of them (a matrix product; 6,000 precedents of 384 numbers take about a millisecond).
Chroma's own query walks an HNSW graph, which is approximate and is built in batches whose
order varies: two builds of the same library returned another top 18 than the exact one for 1 in
8 to 10 queries, so the same report could draw other precedents on two replicas or after a
rebuild, and a near-tie between two cards could flip with it.

Which precedents answer is decided by meaning and by words together: the similarity's ranking
and a BM25 ranking of the same documents (:mod:`knowledge.precedent_lexicon`) are fused by
reciprocal rank, so that a precedent sharing a report's error string, library file or driver
version comes forward even where the embedding, which reads those as a few word pieces, ranks
it lower. Each answer still carries its cosine similarity, which weighs its vote. With each
read set's own precedents withheld (the condition a fresh report is in) the fused neighbours'
vote named the cause or an accepted one for 74.9 / 77.1 % of the precedents of the even / odd
sets, the similarity alone for 72.1 / 73.7 % (round sixty-nine, docs/evaluation.md).
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt
from chromadb.api.models.Collection import Collection

from gpufleet.knowledge.chroma_batches import add_in_batches
from gpufleet.knowledge.embedding import MODEL_SHA256
from gpufleet.knowledge.index import CardIndex, exclusive
from gpufleet.knowledge.precedent_lexicon import PrecedentLexicon, fused_order
from gpufleet.knowledge.precedent_vectors import PUBLIC_VECTORS, embed_with_stored, load_vectors
from gpufleet.knowledge.precedents import Precedent, PrecedentLibrary, PrecedentMatch
from gpufleet.telemetry.glossary import for_embedding, glossary_digest

COLLECTION: Final = "precedents"
_BUILDING: Final = "precedents_building"
# bump when the embedded text changes: forces a rebuild (2: glossed; 3: other scripts out)
VERSION: Final = 3


@dataclass(frozen=True, slots=True)
class PrecedentBuild:
    rebuilt: bool
    reason: str
    precedents: int


def library_hash(precedents: Sequence[Precedent]) -> str:
    h = hashlib.sha256(f"v{VERSION}\0{MODEL_SHA256}\0{glossary_digest()}\0".encode())
    for p in sorted(precedents, key=lambda p: p.id):
        h.update(p.model_dump_json().encode() + b"\0")
    return h.hexdigest()


def embedded_text(p: Precedent) -> str:
    """What is embedded of a precedent: its document as the sentence model reads it (the
    glossary's plain words, other scripts out: :func:`telemetry.glossary.for_embedding`)."""
    return for_embedding(p.document())


class PrecedentIndex:
    """Similar resolved incidents by cosine similarity of their documents to a query vector."""

    def __init__(
        self, cards: CardIndex, library: PrecedentLibrary, vectors: Path | None = PUBLIC_VECTORS
    ) -> None:
        self.cards = cards
        self.library = library
        self.vectors = vectors  # precomputed rows reused at build (knowledge.precedent_vectors)
        self._by_id = library.by_id()
        self._hash = library_hash(library.items)
        self._checked = False
        self._lock = threading.Lock()
        self._matrix: _Stored | None = None
        self._words: PrecedentLexicon | None = None  # built from _matrix's ids, dropped with it

    def ensure(self) -> None:
        """Build the collection if it is missing or stale, once per process: on the first
        report asked about, not at start (a fleet whose incidents all come from telemetry, and
        the demo, never wait the minute a fresh machine takes; `gpufleet kb build` builds it
        ahead)."""
        with self._lock:
            if not self._checked:
                self.build()
                self._checked = True

    @property
    def name(self) -> str:
        """The collection of this library: named by its hash, so that the libraries of several
        processes (a service with its fleet's precedents, an eval with the public ones only)
        live side by side instead of rebuilding over one another."""
        return f"{COLLECTION}-{self._hash[:16]}"

    def _collection(self) -> Collection | None:
        try:
            return self.cards.client.get_collection(self.name)
        except Exception:  # chromadb raises NotFoundError or ValueError, by version
            return None

    def build(self, force: bool = False) -> PrecedentBuild:
        """Make this library's collection exist (only when missing, or forced)."""
        with exclusive(self.cards.path / "build.lock"):
            col = self._collection()
            complete = col is not None and (col.metadata or {}).get("hash") == self._hash
            if not force and complete:
                return PrecedentBuild(False, "up to date", len(self.library.items))
            reason = "forced" if force else "no index for these precedents"
            building = f"{_BUILDING}-{self._hash[:16]}"
            self._drop(building)
            new = self.cards.client.create_collection(
                building, configuration={"hnsw": {"space": "cosine"}}, metadata={"hash": "-"}
            )
            items = self.library.items
            if items:
                stored = load_vectors(self.vectors) if self.vectors is not None else None
                texts = [embedded_text(p) for p in items]
                vectors = embed_with_stored(texts, self.cards.embedding.embed, stored)
                add_in_batches(
                    new,
                    self.cards.client.get_max_batch_size(),
                    [p.id for p in items],
                    embeddings=[v for v in vectors],
                )
            # swap: a crash before this leaves no half-built collection under the real name
            self._drop(self.name)
            new.modify(name=self.name, metadata={"hash": self._hash})
            self._checked = True
            self._matrix = None
            self._words = None
            return PrecedentBuild(True, reason, len(items))

    def prune(self) -> int:
        """Drop the collections of other libraries (``kb build``: a file changed since); the
        number dropped."""
        names = [c.name for c in self.cards.client.list_collections()]
        stale = [n for n in names if n.startswith(COLLECTION) and n != self.name]
        for n in stale:
            self._drop(n)
        return len(stale)

    def _drop(self, name: str) -> None:
        try:
            self.cards.client.delete_collection(name)
        except Exception:  # not there: nothing to drop
            return

    def similar(
        self,
        vector: npt.NDArray[np.float32],
        n: int,
        withheld: frozenset[str] = frozenset(),
        text: str = "",
    ) -> list[PrecedentMatch]:
        """The ``n`` precedents most like the query, each with its cosine similarity to
        ``vector``: with the query's ``text``, the first ``n`` by the fusion of that similarity's
        ranking and the words' (:func:`knowledge.precedent_lexicon.fused_order`), else by the
        similarity alone (ties by id). ``withheld`` ids and sources never come back (an eval's
        own incident must not answer itself)."""
        self.ensure()
        stored = self._vectors()
        ids = stored.ids
        norm = float(np.linalg.norm(vector))
        if not ids or n <= 0 or norm == 0.0:
            return []
        sims = stored.unit @ (np.asarray(vector, dtype=np.float32) / norm)
        kept = stored.answering(withheld)
        if text:
            lexical = self._lexicon(ids).scores(text)
            order = fused_order(np.where(kept, sims, 0.0), np.where(kept, lexical, 0.0))
        else:
            order = np.argsort(-sims, kind="stable")  # rows are sorted by id: ties by id
        chosen = order[kept[order]][:n]
        out = [PrecedentMatch(self._by_id[ids[i]], round(float(sims[i]), 6)) for i in chosen]
        out.sort(key=lambda m: (-m.similarity, m.precedent.id))  # the closest first, as shown
        return out

    def _lexicon(self, ids: Sequence[str]) -> PrecedentLexicon:
        """The words of the precedents in ``ids``' order (what is embedded of each), indexed once
        per build."""
        with self._lock:
            if self._words is None:
                self._words = PrecedentLexicon(
                    [embedded_text(self._by_id[i]) if i in self._by_id else "" for i in ids]
                )
            return self._words

    def _vectors(self) -> _Stored:
        """The collection's ids and unit vectors, read once per build (sorted by id, so that
        ties fall the same way whatever order the collection returns them in)."""
        with self._lock:
            if self._matrix is None:
                self._matrix = self._read_vectors()
            return self._matrix

    def _read_vectors(self) -> _Stored:
        col = self._collection()
        got = col.get(include=cast(Any, ["embeddings"])) if col is not None else None
        if got is None or not got["ids"] or got["embeddings"] is None:
            return _Stored.of([], np.zeros((0, 0), dtype=np.float32), self._by_id)
        ids = list(got["ids"])
        order = sorted(range(len(ids)), key=lambda i: ids[i])
        rows = np.asarray(got["embeddings"], dtype=np.float32)[order]
        lengths = np.linalg.norm(rows, axis=1, keepdims=True)
        unit = (rows / np.where(lengths == 0.0, 1.0, lengths)).astype(np.float32)
        return _Stored.of([ids[i] for i in order], unit, self._by_id)


@dataclass(frozen=True, slots=True)
class _Stored:
    """The collection as read: ids sorted, their unit vectors, which rows are precedents of the
    library, and the rows of each id and source (what a withheld key removes)."""

    ids: list[str]
    unit: npt.NDArray[np.float32]
    known: npt.NDArray[np.bool_]
    rows_of: dict[str, list[int]]

    @classmethod
    def of(
        cls, ids: list[str], unit: npt.NDArray[np.float32], by_id: dict[str, Precedent]
    ) -> _Stored:
        rows_of: dict[str, list[int]] = {}
        for row, i in enumerate(ids):
            rows_of.setdefault(i, []).append(row)
            if (p := by_id.get(i)) is not None:
                rows_of.setdefault(p.source, []).append(row)
        known = np.array([i in by_id for i in ids], dtype=np.bool_)
        return cls(ids, unit, known, rows_of)

    def answering(self, withheld: frozenset[str]) -> npt.NDArray[np.bool_]:
        """Which rows may answer: a precedent of the library, neither its id nor its source
        withheld."""
        kept = self.known.copy()
        for key in withheld:
            kept[self.rows_of.get(key, [])] = False
        return kept
