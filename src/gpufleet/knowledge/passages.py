"""The sentence of a card that answers a question ("how long does dcgmi diag -r 3 take?").

Pure. Retrieval finds the card; the operator wants the line of it that answers, not its title. A
card's prose (body, distinguishing rules) is split into sentences and each is scored by the
question's words it holds, each word weighted by how rare it is among the card's sentences (a
word every sentence has says nothing). Below two distinct words in common nothing is returned:
better no passage than an unrelated one.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from gpufleet.knowledge.retrieve import lexical_tokens
from gpufleet.knowledge.schema import Card

MIN_SHARED = 2
MAX_CHARS = 320
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`(\"'])|\n\s*\n|\n(?=\s*[-*] )")
_MARKUP = re.compile(r"\*\*|`|^\s*[-*]\s+", re.M)
# words every GPU card uses: they tie a question to no sentence in particular
_COMMON = frozenset({"gpu", "gpus", "node", "nodes", "nvidia", "run", "card", "use", "can"})


def _stem(word: str) -> str:
    """ "restarted", "restarts", "restarting" → "restart": enough to match a card's wording."""
    for suffix in ("ing", "ed", "es", "s"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _words(text: str) -> set[str]:
    return {_stem(w) for w in lexical_tokens(text) if w not in _COMMON and len(w) > 1}


def sentences(card: Card) -> list[str]:
    """The card's prose, a sentence per item, markup removed."""
    prose = [card.body, *card.distinguishing.rules_in]
    out: list[str] = []
    for block in prose:
        for part in _SENTENCE.split(block):
            text = " ".join(_MARKUP.sub("", part).split())
            if len(text) > 20 and "|" not in text:  # a shell pipeline reads badly as an answer
                out.append(text)
    return out


def best_passage(card: Card, question: str) -> str:
    """The card's sentence sharing the most (rarity-weighted) words with the question, or ""."""
    asked = _words(question)
    if not asked:
        return ""
    candidates = sentences(card)
    tokens = [_words(s) for s in candidates]
    df = Counter(w for ts in tokens for w in ts)
    best, best_score = "", 0.0
    for text, ts in zip(candidates, tokens, strict=True):
        shared = asked & ts
        if len(shared) < MIN_SHARED:
            continue
        score = sum(math.log(1.0 + len(candidates) / df[w]) for w in shared)
        if score > best_score:
            best, best_score = text, score
    return best[:MAX_CHARS]
