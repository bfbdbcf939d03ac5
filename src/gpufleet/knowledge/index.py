"""The failure-mode vector index: Chroma, embedded and persistent, rebuilt when the cards change.

Each card is stored as a few *views* rather than one long document, because the embedding
model reads at most 256 tokens and a card is 600-1,000: one document per card would embed the
title, root cause and patterns and silently drop the rest. The views (each prefixed with the
card title, so every chunk says what it is about):

- ``card``: title, root cause, patterns, rules-in, body (the specified one-document-per-card
  text; what fits in 256 tokens is title + root cause + patterns);
- ``summary``: title + root cause;
- ``signals``: title + telemetry patterns in words;
- ``confirm``: title + the rules-in checks. Rules-*out* are never embedded: they describe the
  *other* failure modes ("all GPUs of the rack warm → rack cooling"), and embedding them would
  pull queries about those modes to this card;
- ``reported``: title + the card's ``reported_as`` phrases, how people write the failure in an
  issue or a ticket ("the second card disappears after a few hours"): reports are written in
  those words, not the vendor's, and a card whose only text is the vendor's is far from them.
  One view for all phrases, not one per phrase: a card with a dozen short views would win
  every generic report by the best of a dozen tries;
- ``body-N``: the Markdown body in paragraph groups that fit the window with the title.

A card's similarity to a query is the best similarity of its views. Metadata per view: ``card_id``,
``view``, ``severity`` and one boolean flag per layer (``layer_hardware`` …: Chroma metadata
values cannot be lists), which is what the layer filter uses.

The collection's metadata records the knowledge base's content hash, :data:`INDEX_VERSION` (the
view layout) and the embedding model's sha256; :meth:`CardIndex.build` rebuilds only when one of
them differs. A rebuild fills a new collection and then swaps it in by renaming, so a reader in
another process sees the old index or the new one, never half of one.
"""

from __future__ import annotations

import fcntl
import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast, get_args

import chromadb
import numpy as np
import numpy.typing as npt
from chromadb.api.models.Collection import Collection
from chromadb.config import Settings

from gpufleet.knowledge.chroma_batches import add_in_batches
from gpufleet.knowledge.embedding import EMBEDDING_NAME, MAX_LENGTH, MODEL_SHA256, MiniLmEmbedding
from gpufleet.knowledge.schema import Card, Layer
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.paths import cache_home

INDEX_ENV = "GPUFLEET_KB_INDEX"
COLLECTION = "failure_modes"
ID_SEP = "::"  # document id = card id + ID_SEP + view (card ids never contain ':')
_BUILDING = "failure_modes_building"
INDEX_VERSION: Final = 3  # bump when the views or their text change: forces a rebuild
LAYERS: tuple[Layer, ...] = get_args(Layer)
# Telemetry off: Chroma's product telemetry would try the network on every client start.
_SETTINGS = Settings(anonymized_telemetry=False, allow_reset=False, is_persistent=True)


def default_index_dir() -> Path:
    """``$GPUFLEET_KB_INDEX`` if set, else ``kb-index`` in the user's cache (in a source checkout
    ``.gpufleet/kb-index`` at its root; :mod:`gpufleet.paths`): never inside site-packages,
    which may be read-only and is shared."""
    env = os.environ.get(INDEX_ENV)
    return Path(env) if env else cache_home() / "kb-index"


@contextmanager
def exclusive(lock_path: Path) -> Iterator[None]:
    """An advisory lock between processes (released by the kernel if the holder dies)."""
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with lock_path.open("a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def layer_flag(layer: str) -> str:
    """Metadata key of a layer flag, e.g. ``layer_hardware``."""
    return f"layer_{layer}"


def layer_where(layers: Iterable[str] | None) -> dict[str, Any] | None:
    """A Chroma ``where`` clause matching views of cards with *any* of the layers."""
    if layers is None:
        return None
    wanted = sorted(set(layers))
    unknown = [lay for lay in wanted if lay not in LAYERS]
    if unknown:
        raise ValueError(f"unknown layer(s) {unknown}; layers are {', '.join(LAYERS)}")
    clauses: list[dict[str, Any]] = [{layer_flag(lay): True} for lay in wanted]
    if not clauses:
        raise ValueError("layers filter is empty")
    return clauses[0] if len(clauses) == 1 else {"$or": clauses}


# --------------------------------------------------------------------------- documents
def _sentence(text: str) -> str:
    text = " ".join(text.split())
    return text if not text or text[-1] in ".!?:" else text + "."


def _words(text: str) -> int:
    # Fallback token estimate when no tokenizer is given: WordPiece splits code, ids and
    # punctuation finely, ~1.6 tokens per whitespace word in these cards.
    return int(len(text.split()) * 1.6) + 1


def _split_long(text: str, budget: int, count: Callable[[str], int]) -> list[str]:
    """Split text over budget at line breaks, then sentence ends, then word windows."""
    if count(text) <= budget:
        return [" ".join(text.split())]
    for pattern in (r"\n+", r"(?<=[.!?;])\s+"):
        parts = [p for p in re.split(pattern, text) if p.strip()]
        if len(parts) > 1:
            return [c for p in parts for c in _split_long(p, budget, count)]
    words = text.split()
    per = max(1, int(len(words) * budget / max(count(text), 1)))
    return [" ".join(words[i : i + per]) for i in range(0, len(words), per)]


def _pack(pieces: list[str], budget: int, count: Callable[[str], int]) -> list[str]:
    chunks: list[str] = []
    cur = ""
    for piece in pieces:
        joined = f"{cur} {piece}" if cur else piece
        if cur and count(joined) > budget:
            chunks.append(cur)
            cur = piece
        else:
            cur = joined
    if cur:
        chunks.append(cur)
    return chunks


def body_chunks(body: str, budget: int, count: Callable[[str], int] = _words) -> list[str]:
    """The body as chunks of at most ``budget`` tokens: paragraphs packed greedily, long ones
    split at lines / sentences first so a chunk rarely ends mid-thought."""
    paras = [p for p in re.split(r"\n\s*\n", body) if p.strip()]
    pieces = [c for p in paras for c in _split_long(p, budget, count)]
    return _pack(pieces, budget, count)


def card_views(
    card: Card, count: Callable[[str], int] = _words, window: int = MAX_LENGTH
) -> list[tuple[str, str]]:
    """(view name, text) pairs embedded for a card; see the module docstring.

    ``count`` counts tokens (the embedding's tokenizer in :class:`CardIndex`); body chunks are
    sized so that title + chunk fit the model's window."""
    title = _sentence(card.title)
    patterns = " ".join(_sentence(p) for p in card.signals.patterns)
    rules_in = " ".join(_sentence(r) for r in card.distinguishing.rules_in)
    full = " ".join(
        x for x in (title, _sentence(card.root_cause), patterns, rules_in, card.body) if x
    )
    views = [("card", " ".join(full.split())), ("summary", f"{title} {_sentence(card.root_cause)}")]
    if patterns:
        views.append(("signals", f"{title} {patterns}"))
    views.append(("confirm", f"{title} {rules_in}"))
    if card.reported_as:
        views.append(("reported", f"{title} {' '.join(_sentence(r) for r in card.reported_as)}"))
    budget = max(32, window - 3 - count(title))  # [CLS], [SEP], the joining space
    views += [
        (f"body-{i}", f"{title} {c}") for i, c in enumerate(body_chunks(card.body, budget, count))
    ]
    return views


def card_metadata(card: Card, view: str) -> dict[str, str | bool]:
    meta: dict[str, str | bool] = {"card_id": card.id, "view": view, "severity": card.severity}
    for lay in LAYERS:
        meta[layer_flag(lay)] = lay in card.layers
    return meta


# --------------------------------------------------------------------------- index
@dataclass(frozen=True)
class BuildReport:
    """What :meth:`CardIndex.build` did."""

    rebuilt: bool
    reason: str  # "forced", "no index", "content changed", "up to date", …
    cards: int
    documents: int
    seconds: float  # wall time of the whole call (embedding dominates a rebuild)
    embed_seconds: float
    content_hash: str
    path: Path

    def summary(self) -> str:
        if not self.rebuilt:
            return (
                f"index up to date ({self.cards} cards, {self.documents} documents, "
                f"hash {self.content_hash[:12]}) at {self.path}"
            )
        return (
            f"index rebuilt ({self.reason}): {self.cards} cards, {self.documents} documents in "
            f"{self.seconds:.2f} s (embedding {self.embed_seconds:.2f} s), hash "
            f"{self.content_hash[:12]} at {self.path}"
        )


@dataclass(frozen=True)
class SemanticMatch:
    """A card's best view for a query: similarity is cosine similarity (1 = same direction)."""

    card_id: str
    similarity: float
    view: str


class IndexNotBuiltError(RuntimeError):
    """The index has no collection yet: run ``gpufleet kb build``."""


class CardIndex:
    """The persistent Chroma index of the knowledge base's cards (see the module docstring).

    ``path`` defaults to :func:`default_index_dir`. One embedding model instance is shared by
    every index in the process; it loads on the first build or query."""

    def __init__(self, path: Path | None = None, embedding: MiniLmEmbedding | None = None) -> None:
        self.path = Path(path) if path is not None else default_index_dir()
        self.embedding = embedding or MiniLmEmbedding()
        self.path.mkdir(parents=True, exist_ok=True)
        # Chroma creates its tables on the first open of an empty directory, and two processes
        # doing that at once fail with "table collections already exists" (``watch`` and
        # ``serve`` starting together). A separate lock from the build's, so opening never
        # waits for another process's whole rebuild.
        with exclusive(self.path / "open.lock"):
            self.client = chromadb.PersistentClient(path=str(self.path), settings=_SETTINGS)

    # ------------------------------------------------------------------ state
    def _collection(self) -> Collection | None:
        try:
            return self.client.get_collection(
                COLLECTION,
                embedding_function=self.embedding,  # type: ignore[arg-type]
            )
        except Exception:  # chromadb raises NotFoundError or ValueError, by version
            return None

    def stored_identity(self) -> dict[str, Any]:
        """The collection metadata that decides staleness (empty when there is no index)."""
        col = self._collection()
        return dict(col.metadata or {}) if col is not None else {}

    @staticmethod
    def identity(kb: KnowledgeBase) -> dict[str, str | int]:
        return {
            "kb_hash": kb.content_hash(),
            "index_version": INDEX_VERSION,
            "embedding": EMBEDDING_NAME,
            "model_sha256": MODEL_SHA256,
        }

    def stale_reason(self, kb: KnowledgeBase) -> str | None:
        """Why the index must be rebuilt for ``kb``, or None when it is current."""
        stored = self.stored_identity()
        if not stored:
            return "no index"
        want = self.identity(kb)
        if stored.get("kb_hash") != want["kb_hash"]:
            return "content changed"
        for key in ("index_version", "embedding", "model_sha256"):
            if stored.get(key) != want[key]:
                return f"{key} changed"
        return None

    def is_current(self, kb: KnowledgeBase) -> bool:
        return self.stale_reason(kb) is None

    def count(self) -> int:
        """Number of stored documents (views), 0 without an index."""
        col = self._collection()
        return col.count() if col is not None else 0

    # ------------------------------------------------------------------ build
    def build(self, kb: KnowledgeBase, force: bool = False) -> BuildReport:
        """Make the index match ``kb``: rebuild when forced or when the content hash (or the
        view layout / model) changed; otherwise only report. Safe to call on every start, from
        several processes at once (``watch`` and ``serve`` starting together): one builds, the
        others wait for it and then find the index up to date."""
        with exclusive(self.path / "build.lock"):
            return self._build_locked(kb, force)

    def _build_locked(self, kb: KnowledgeBase, force: bool) -> BuildReport:
        t0 = time.perf_counter()
        ident = self.identity(kb)
        reason = "forced" if force else self.stale_reason(kb)
        if reason is None:
            return BuildReport(
                rebuilt=False,
                reason="up to date",
                cards=len(kb.cards),
                documents=self.count(),
                seconds=time.perf_counter() - t0,
                embed_seconds=0.0,
                content_hash=str(ident["kb_hash"]),
                path=self.path,
            )
        ids: list[str] = []
        docs: list[str] = []
        metas: list[dict[str, str | bool]] = []
        for card in sorted(kb.cards.values(), key=lambda c: c.id):
            for view, text in card_views(
                card, self.embedding.count_tokens, self.embedding.max_length
            ):
                ids.append(f"{card.id}{ID_SEP}{view}")
                docs.append(text)
                metas.append(card_metadata(card, view))
        t_embed = time.perf_counter()
        vectors = self.embedding.embed(docs)
        embed_s = time.perf_counter() - t_embed
        self._drop(_BUILDING)
        col = self.client.create_collection(
            _BUILDING,
            embedding_function=self.embedding,  # type: ignore[arg-type]
            configuration={"hnsw": {"space": "cosine"}},
            metadata={**ident, "state": "building"},
        )
        if ids:
            add_in_batches(
                col,
                self.client.get_max_batch_size(),
                ids,
                documents=docs,
                embeddings=[v for v in vectors],
                metadatas=cast(Any, metas),
            )
        # Swap: the finished collection takes the real name; a crash before this line leaves
        # the previous index untouched (and the half-built one is dropped on the next build).
        self._drop(COLLECTION)
        col.modify(name=COLLECTION, metadata=dict(ident))
        return BuildReport(
            rebuilt=True,
            reason=reason,
            cards=len(kb.cards),
            documents=len(ids),
            seconds=time.perf_counter() - t0,
            embed_seconds=embed_s,
            content_hash=str(ident["kb_hash"]),
            path=self.path,
        )

    def _drop(self, name: str) -> None:
        try:
            self.client.delete_collection(name)
        except Exception:  # not there: nothing to drop (NotFoundError / ValueError by version)
            return

    # ------------------------------------------------------------------ query
    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        vec: npt.NDArray[np.float32] = self.embedding.embed([text])[0]
        return vec

    def search(
        self,
        text: str | None = None,
        n: int | None = None,
        layers: Sequence[str] | None = None,
        vector: npt.NDArray[np.float32] | None = None,
    ) -> list[SemanticMatch]:
        """Cards by their best view's cosine similarity, best first (ties by card id).

        Give ``text`` or a precomputed ``vector`` (:meth:`embed_query`); ``n`` cards at most
        (all by default); ``layers`` keeps cards having any of them."""
        col = self._collection()
        if col is None:
            raise IndexNotBuiltError(f"no index at {self.path}: run `gpufleet kb build`")
        if vector is None:
            if text is None:
                raise ValueError("give text or vector")
            vector = self.embed_query(text)
        total = col.count()
        if total == 0:
            return []
        # Views, not cards, come back: ask for all of them (a few hundred, exact in practice)
        # so that every card gets its best view; beyond that, enough for n cards' views.
        k = total if total <= 4000 or n is None else min(total, n * 16)
        res = col.query(
            query_embeddings=cast(Any, [vector]),
            n_results=k,
            where=cast(Any, layer_where(layers)),
            # Ids only: they carry card and view ("card::view"), and skipping the metadata
            # fetch makes the query ~10x faster (27 ms → 2.5 ms for 500 views).
            include=["distances"],
        )
        ids = res["ids"][0]
        dists = (res.get("distances") or [[]])[0]
        best: dict[str, SemanticMatch] = {}
        for doc_id, dist in zip(ids, dists, strict=True):
            cid, _, view = doc_id.partition(ID_SEP)
            sim = round(1.0 - float(dist), 6)  # rounded: HNSW float noise must not flip ties
            cur = best.get(cid)
            if cur is None or sim > cur.similarity:
                best[cid] = SemanticMatch(cid, sim, view)
        ranked = sorted(best.values(), key=lambda m: (-m.similarity, m.card_id))
        return ranked if n is None else ranked[:n]

    def query(
        self, text: str, n: int = 5, layers: Sequence[str] | None = None
    ) -> list[tuple[str, float]]:
        """(card id, similarity) for the ``n`` most similar cards, best first."""
        return [(m.card_id, m.similarity) for m in self.search(text, n, layers)]
