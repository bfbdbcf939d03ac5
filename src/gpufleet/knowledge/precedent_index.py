"""The precedents' vector collection, beside the cards' in the same Chroma folder.

One document per precedent (:meth:`knowledge.precedents.Precedent.document`), embedded with
the cards' model so that one query vector serves both. Like the card index it is rebuilt only
when what it holds changed (a hash over the precedents and the model) and swapped in by
renaming, so another process reads the old collection or the new one, never half of one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, cast

import numpy as np
import numpy.typing as npt
from chromadb.api.models.Collection import Collection

from gpufleet.knowledge.embedding import MODEL_SHA256
from gpufleet.knowledge.index import CardIndex, exclusive
from gpufleet.knowledge.precedents import Precedent, PrecedentLibrary, PrecedentMatch

COLLECTION: Final = "precedents"
_BUILDING: Final = "precedents_building"
VERSION: Final = 1  # bump when the document text changes: forces a rebuild


@dataclass(frozen=True, slots=True)
class PrecedentBuild:
    rebuilt: bool
    reason: str
    precedents: int


def library_hash(precedents: Sequence[Precedent]) -> str:
    h = hashlib.sha256(f"v{VERSION}\0{MODEL_SHA256}\0".encode())
    for p in sorted(precedents, key=lambda p: p.id):
        h.update(p.model_dump_json().encode() + b"\0")
    return h.hexdigest()


class PrecedentIndex:
    """Similar resolved incidents by cosine similarity of their documents to a query vector."""

    def __init__(self, cards: CardIndex, library: PrecedentLibrary) -> None:
        self.cards = cards
        self.library = library
        self._by_id = library.by_id()

    def _collection(self) -> Collection | None:
        try:
            return self.cards.client.get_collection(COLLECTION)
        except Exception:  # chromadb raises NotFoundError or ValueError, by version
            return None

    def build(self, force: bool = False) -> PrecedentBuild:
        """Make the collection hold exactly the library (only when it changed, or forced)."""
        with exclusive(self.cards.path / "build.lock"):
            want = library_hash(self.library.items)
            col = self._collection()
            stored = dict(col.metadata or {}) if col is not None else {}
            if not force and stored.get("hash") == want:
                return PrecedentBuild(False, "up to date", len(self.library.items))
            reason = "forced" if force else ("no index" if not stored else "precedents changed")
            self._drop(_BUILDING)
            new = self.cards.client.create_collection(
                _BUILDING, configuration={"hnsw": {"space": "cosine"}}, metadata={"hash": want}
            )
            items = self.library.items
            if items:
                vectors = self.cards.embedding.embed([p.document() for p in items])
                new.add(ids=[p.id for p in items], embeddings=[v for v in vectors])
            self._drop(COLLECTION)
            new.modify(name=COLLECTION, metadata={"hash": want})
            return PrecedentBuild(True, reason, len(items))

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
    ) -> list[PrecedentMatch]:
        """The ``n`` precedents most like ``vector``, best first (ties by id); ``withheld``
        ids and sources never come back (an eval's own incident must not answer itself)."""
        col = self._collection()
        total = col.count() if col is not None else 0
        if col is None or total == 0 or n <= 0:
            return []
        res = col.query(
            query_embeddings=cast(Any, [vector]),
            n_results=min(total, n + len(withheld)),
            include=["distances"],
        )
        out = []
        for pid, dist in zip(res["ids"][0], (res.get("distances") or [[]])[0], strict=True):
            p = self._by_id.get(pid)
            if p is None or pid in withheld or p.source in withheld:
                continue
            out.append(PrecedentMatch(p, round(1.0 - float(dist), 6)))
        out.sort(key=lambda m: (-m.similarity, m.precedent.id))
        return out[:n]
