"""The public precedents' vectors, computed once when the library is built and shipped beside it.

Every public precedent's document fills the model's 256 tokens, so embedding the library costs
about 45 ms a precedent on two cores: five minutes for six thousand, paid by every fresh
install's first ``kb build``, every ``kb build --force`` and every clean CI run. The library's
vectors ship instead (``precedents/public.vectors.npz``, written by ``gpufleet kb precedents
build``): one float32 row per embedded text, keyed by the sha256 of that exact text and stamped
with the model's digest. A row is used only for the text and the model that produced it; any
other text (the fleet's own precedents, a document whose glossary changed) is embedded as before,
so a stale or missing file costs time, never a wrong vector.
"""

from __future__ import annotations

import hashlib
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import numpy as np

from gpufleet.knowledge.embedding import DIM, MAX_LENGTH, MODEL_SHA256, FloatMatrix
from gpufleet.knowledge.precedents import PRECEDENTS_DIR

PUBLIC_VECTORS: Final = PRECEDENTS_DIR / "public.vectors.npz"
# the model and its truncation length: a vector means something only for both
MODEL_STAMP: Final = f"{MODEL_SHA256}:{MAX_LENGTH}"

Embed = Callable[[Sequence[str]], FloatMatrix]


def text_key(text: str) -> str:
    """The key of one embedded text: 128 bits of its sha256 (collisions are not a concern at
    thousands of rows)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@dataclass(frozen=True, slots=True)
class StoredVectors:
    """Rows of vectors by the key of the text each was computed from."""

    rows: dict[str, int]
    matrix: FloatMatrix

    def get(self, text: str) -> FloatMatrix | None:
        row = self.rows.get(text_key(text))
        return None if row is None else self.matrix[row]


def load_vectors(path: Path = PUBLIC_VECTORS, stamp: str = MODEL_STAMP) -> StoredVectors | None:
    """The vectors in ``path``, or None where there are none this model can use: the file is
    missing, unreadable, of another shape, or stamped with another model (then every text is
    embedded, as with no file)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            keys, matrix, model = data["keys"], data["vectors"], str(data["model"])
    except (OSError, KeyError, ValueError, zipfile.BadZipFile):
        return None
    shape_ok = matrix.ndim == 2 and matrix.shape == (len(keys), DIM)
    if model != stamp or not shape_ok:
        return None
    rows = {k.decode("ascii"): i for i, k in enumerate(keys.tolist())}
    return StoredVectors(rows, matrix.astype(np.float32, copy=False))


def embed_with_stored(
    texts: Sequence[str], embed: Embed, stored: StoredVectors | None
) -> FloatMatrix:
    """One vector per text, in order: the stored row where there is one, the rest embedded in
    one call (so their batching is what it would have been with no file)."""
    found = [stored.get(t) if stored is not None else None for t in texts]
    missing = [i for i, v in enumerate(found) if v is None]
    computed = embed([texts[i] for i in missing]) if missing else np.zeros((0, DIM), np.float32)
    out = np.zeros((len(texts), DIM), dtype=np.float32)
    for i, v in enumerate(found):
        if v is not None:
            out[i] = v
    for row, i in enumerate(missing):
        out[i] = computed[row]
    return out


def save_vectors(
    path: Path, texts: Sequence[str], matrix: FloatMatrix, stamp: str = MODEL_STAMP
) -> None:
    """Write ``matrix`` (one row per text, in order) keyed by each text, replacing ``path``
    only once the whole file is written."""
    if matrix.shape != (len(texts), DIM):
        raise ValueError(f"{matrix.shape} vectors for {len(texts)} texts of dimension {DIM}")
    keys = np.array([text_key(t).encode("ascii") for t in texts], dtype="S32")
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("wb") as f:  # a file object: np.savez would append ".npz" to a bare name
        np.savez(f, keys=keys, vectors=matrix.astype(np.float32), model=np.array(stamp))
    tmp.replace(path)
