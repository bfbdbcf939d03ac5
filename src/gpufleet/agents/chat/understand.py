"""What a question asks, by meaning: the bundled MiniLM embedding of the question against
exemplar phrasings per intent (``exemplars.yaml``), no keyword routing.

The score of an intent is the mean of its two nearest exemplars' cosine similarities, so one
lucky exemplar does not decide. The exemplar vectors are computed once per process.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import yaml

EXEMPLARS = Path(__file__).parent / "exemplars.yaml"
TOP_K = 2
_LOCK = threading.Lock()
# names and numbers say which thing, not what is asked: masked before embedding so that
# "node-02" or "09:25" do not pull the question toward an unrelated exemplar
_MASKS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\binc-[0-9a-z-]+\b", re.I), "the incident"),
    (re.compile(r"\b(?:[0-9a-f]{4}:)?[0-9a-f]{2}:[0-9a-f]{2}\.\d\b", re.I), "bus id"),
    (re.compile(r"\b[\w.-]*node[\w.-]*\s*/\s*gpu\s*\d+\b", re.I), "the gpu"),
    (re.compile(r"\b(?:[a-z]+-)*node-?[\w-]*\b", re.I), "the node"),
    (re.compile(r"\bgpu\s*#?\d+\b", re.I), "the gpu"),
    (re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b"), "that time"),
    (re.compile(r"\bs?xid\s*#?\s*\d+\b", re.I), "the xid"),
    (re.compile(r"\bjob\s*#?\d+\b", re.I), "the job"),
)


def masked(question: str) -> str:
    text = question.lower()
    for pattern, word in _MASKS:
        text = pattern.sub(word, text)
    return text


@dataclass(frozen=True)
class Ranked:
    """Intents, best first, with their scores (cosine, 0..1)."""

    scores: tuple[tuple[str, float], ...]

    @property
    def best(self) -> str:
        return self.scores[0][0]

    def score(self, intent: str) -> float:
        return dict(self.scores).get(intent, 0.0)


@cache
def _exemplars() -> tuple[tuple[str, ...], np.ndarray]:
    from gpufleet.knowledge.embedding import MiniLmEmbedding  # noqa: PLC0415 (loads onnx)

    raw = yaml.safe_load(EXEMPLARS.read_text())
    labels = tuple(intent for intent, phrases in raw.items() for _ in phrases)
    texts = [p for phrases in raw.values() for p in phrases]
    return labels, MiniLmEmbedding().embed(texts)


def _embed(text: str) -> np.ndarray:
    from gpufleet.knowledge.embedding import MiniLmEmbedding  # noqa: PLC0415

    row: np.ndarray = MiniLmEmbedding().embed([text])[0]
    return row


def rank_intents(question: str) -> Ranked:
    """Every intent of ``exemplars.yaml`` ranked by how near the question is to it."""
    with _LOCK:  # the encoder and the cache are shared by the chat's worker threads
        labels, vectors = _exemplars()
        sims = vectors @ _embed(masked(question))
    per: dict[str, list[float]] = {}
    for label, sim in zip(labels, sims.tolist(), strict=True):
        per.setdefault(label, []).append(float(sim))
    scores = {k: float(np.mean(sorted(v, reverse=True)[:TOP_K])) for k, v in per.items()}
    return Ranked(tuple(sorted(scores.items(), key=lambda kv: -kv[1])))


def warm() -> None:
    """Embed the exemplars now (a front end calls it at start, off the first answer's path)."""
    with _LOCK:
        _exemplars()
