"""The public precedents' shipped vectors: used only for the text and model that made them."""

from __future__ import annotations

import io
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from gpufleet.cli.main import main
from gpufleet.knowledge.embedding import DIM, FloatMatrix, MiniLmEmbedding
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.precedent_index import PrecedentIndex, embedded_text
from gpufleet.knowledge.precedent_vectors import (
    PUBLIC_VECTORS,
    embed_with_stored,
    load_vectors,
    save_vectors,
)
from gpufleet.knowledge.precedents import (
    PUBLIC_PRECEDENTS,
    Precedent,
    PrecedentLibrary,
    read_precedents,
)
from gpufleet.knowledge.store import KnowledgeBase


class CountingEmbed:
    """A stand-in model that says which texts it was asked to embed (a vector per text length)."""

    def __init__(self) -> None:
        self.asked: list[str] = []

    def __call__(self, texts: Sequence[str]) -> FloatMatrix:
        self.asked += texts
        return np.array([np.full(DIM, len(t), np.float32) for t in texts]).reshape(-1, DIM)


def _rows(*values: float) -> FloatMatrix:
    return np.array([np.full(DIM, v, np.float32) for v in values])


def test_stored_rows_answer_their_own_texts_and_only_the_rest_are_embedded(
    tmp_path: Path,
) -> None:
    path = tmp_path / "v.npz"
    save_vectors(path, ["alpha", "beta"], _rows(1.0, 2.0))
    embed = CountingEmbed()
    out = embed_with_stored(["beta", "gamma!", "alpha"], embed, load_vectors(path))
    assert embed.asked == ["gamma!"]  # the only text the file has no row for
    assert [float(r[0]) for r in out] == [2.0, 6.0, 1.0]  # in the order asked
    assert embed_with_stored([], embed, None).shape == (0, DIM)


@pytest.mark.parametrize("damage", ["other model", "missing", "not a zip", "wrong width"])
def test_a_vectors_file_this_model_cannot_use_is_ignored_and_everything_embedded(
    tmp_path: Path, damage: str
) -> None:
    path = tmp_path / "v.npz"
    if damage == "other model":
        save_vectors(path, ["alpha"], _rows(1.0), stamp="another-model:256")
    elif damage == "not a zip":
        path.write_text("vectors\n")
    elif damage == "wrong width":
        np.savez(path, keys=np.array([b"k"]), vectors=np.ones((1, 3)), model=np.array("x"))
    assert load_vectors(path) is None
    embed = CountingEmbed()
    embed_with_stored(["alpha"], embed, load_vectors(path))
    assert embed.asked == ["alpha"]


def test_vectors_for_a_different_number_of_texts_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="vectors for 3 texts"):
        save_vectors(tmp_path / "v.npz", ["a", "b", "c"], _rows(1.0))


def test_the_shipped_vectors_hold_every_public_precedent_as_the_model_embeds_it() -> None:
    # a library rebuilt without its vectors would cost each fresh install minutes, and a row
    # the model would not compute would silently change what retrieval finds
    lib = read_precedents(PUBLIC_PRECEDENTS, KnowledgeBase.load().cards)
    texts = [embedded_text(p) for p in lib.items]
    stored = load_vectors(PUBLIC_VECTORS)
    assert stored is not None, "run `gpufleet kb precedents build`"
    missing = [p.id for p, t in zip(lib.items, texts, strict=True) if stored.get(t) is None]
    assert missing == [], f"{len(missing)} without a vector: run `gpufleet kb precedents build`"
    sample = texts[:: max(1, len(texts) // 6)][:6]
    fresh = MiniLmEmbedding(threads=1).embed(sample)
    kept = np.array([stored.get(t) for t in sample])
    assert np.allclose(kept, fresh, atol=1e-5)


def test_the_index_takes_the_rows_it_has_and_embeds_the_fleets_own(tmp_path: Path) -> None:
    known = Precedent(id="k", title="k", text="fan stopped", cause="fan-failure", source="a")
    fleets = Precedent(id="f", title="f", text="psu tripped", cause="power-brake-psu", source="b")
    vectors = tmp_path / "v.npz"
    save_vectors(vectors, [embedded_text(known)], _rows(0.5))
    embed = CountingEmbed()
    cards = CardIndex(tmp_path / "idx", MiniLmEmbedding(threads=1))
    cards.embedding.embed = embed  # type: ignore[method-assign]  # count what is embedded
    idx = PrecedentIndex(cards, PrecedentLibrary([known, fleets]), vectors)
    assert idx.build().rebuilt
    assert embed.asked == [embedded_text(fleets)]


def test_kb_precedents_build_writes_the_vectors_and_embeds_only_what_changed(
    tmp_path: Path,
) -> None:
    sets = tmp_path / "sets.txt"
    sets.write_text("heldout-10\n")
    library = tmp_path / "public.jsonl"
    argv = ["kb", "precedents", "build", "--sets", str(sets), "--out", str(library)]
    first = io.StringIO()
    assert main(argv, first) == 0
    n = len(library.read_text().splitlines())
    assert (
        f"vectors: {n} written" in first.getvalue()
        and f"(0 kept, {n} embedded)" in first.getvalue()
    )
    stored = load_vectors(tmp_path / "public.vectors.npz")
    assert stored is not None and len(stored.rows) == n
    again = io.StringIO()
    assert main(argv, again) == 0
    assert f"({n} kept, 0 embedded)" in again.getvalue()  # a rebuild embeds nothing unchanged
    bare = tmp_path / "bare.jsonl"
    assert main([*argv[:-1], str(bare), "--no-vectors"], io.StringIO()) == 0
    assert not (tmp_path / "bare.vectors.npz").exists()
