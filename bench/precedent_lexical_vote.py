"""Precedents found by meaning alone, or by meaning and words: how often their vote is right.

    .venv/bin/python bench/precedent_lexical_vote.py [--cache DIR] [--json FILE]

Every public precedent is asked as a report (its text: what a report's words would be; the
title is the writer's summary, which a report does not carry) against the library with its own
set's precedents withheld (a set's cases share a writer and a kind of source, a sibling a fresh
report never has). The sixteen chosen by each method vote as the ranking's vote does
(`knowledge.precedents.votes`); the vote is right when its first
card is the precedent's cause or an accepted one. Printed per half of the sets (odd and even
numbers), so that a difference is seen twice:

- meaning: the cosine similarity's ranking alone (the search before round sixty-nine);
- meaning and words: that ranking fused with BM25's by reciprocal rank
  (`knowledge.precedent_lexicon.fused_order`, the search since).

The library's documents take their vectors from `precedents/public.vectors.npz`; the texts asked
are embedded here (about ten minutes on two cores; ``--cache`` keeps them). Measuring only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from gpufleet.knowledge.embedding import MODEL_SHA256, MiniLmEmbedding
from gpufleet.knowledge.precedent_index import embedded_text
from gpufleet.knowledge.precedent_lexicon import PrecedentLexicon, fused_order
from gpufleet.knowledge.precedent_vectors import embed_with_stored, load_vectors
from gpufleet.knowledge.precedents import (
    NEIGHBOURS,
    PUBLIC_PRECEDENTS,
    Precedent,
    PrecedentMatch,
    votes,
)
from gpufleet.telemetry.glossary import for_embedding, with_gloss


def _asked_vectors(precedents: list[Precedent], cache: Path | None) -> np.ndarray:
    path = cache / f"asked-v3-{MODEL_SHA256[:12]}-{len(precedents)}.npy" if cache else None
    if path is not None and path.exists():
        loaded: np.ndarray = np.load(path)
        return loaded
    vectors = MiniLmEmbedding().embed([for_embedding(p.text) for p in precedents])
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, vectors)
    return vectors


def vote_is_right(order: np.ndarray, sims: np.ndarray, p: Precedent, lib: list[Precedent]) -> bool:
    """Whether the first ``NEIGHBOURS`` of ``order`` vote (as the ranking's vote does) for the
    precedent's cause or an accepted one first."""
    chosen = [PrecedentMatch(lib[j], float(sims[j])) for j in order[:NEIGHBOURS]]
    shares = votes(chosen)
    if not shares:
        return False
    first = max(shares, key=lambda card: shares[card])  # ties: the first card id
    return first == p.cause or first in p.acceptable


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cache", type=Path, help="folder to keep the asked texts' vectors in")
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    lib = [Precedent.model_validate_json(ln) for ln in PUBLIC_PRECEDENTS.read_text().splitlines()]
    docs = [embedded_text(p) for p in lib]
    stored = load_vectors()
    doc_vectors = embed_with_stored(docs, MiniLmEmbedding().embed, stored)
    asked = _asked_vectors(lib, args.cache)
    lexicon = PrecedentLexicon(docs)
    sets = np.array([p.id.split("/")[0] for p in lib])
    tally: Counter[str] = Counter()
    for i, p in enumerate(lib):
        own = sets == sets[i]
        sims = (doc_vectors @ asked[i]).astype(np.float32)
        sims[own] = 0.0
        words = lexicon.scores(with_gloss(p.text))
        words[own] = 0.0
        half = "odd" if int(sets[i].rsplit("-", 1)[-1] if "-" in sets[i] else 0) % 2 else "even"
        tally[f"{half} asked"] += 1
        tally[f"{half} meaning"] += vote_is_right(np.argsort(-sims, kind="stable"), sims, p, lib)
        tally[f"{half} meaning and words"] += vote_is_right(fused_order(sims, words), sims, p, lib)
    out = {
        half: {
            method: f"{tally[f'{half} {method}']} / {tally[f'{half} asked']}"
            f" ({100 * tally[f'{half} {method}'] / tally[f'{half} asked']:.1f} %)"
            for method in ("meaning", "meaning and words")
        }
        for half in ("odd", "even")
    }
    out["precedents"] = len(lib)  # type: ignore[assignment]
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
