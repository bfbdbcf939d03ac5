"""Reports in CJK, kana, Hangul or Cyrillic: how often the precedents' vote is right when the
sentence model reads them whole, and when it reads their glosses and Latin text only.

    .venv/bin/python bench/precedent_other_scripts.py [--json FILE]

Every public precedent whose title or text holds one of those scripts is asked as a report (its
text) against the library with its own set's precedents withheld (a set's cases share a writer
and a kind of source, a sibling a fresh report never has); the sixteen chosen by the fused search
(`knowledge.precedent_lexicon.fused_order` of the cosine similarity and BM25) vote as the
ranking's vote does (`knowledge.precedents.votes`), right when the first card is the
precedent's cause or an accepted one. Two ways to embed, the same for the asked text and the
library's documents of those precedents (every other document keeps its stored vector):

- whole: the glosses in front of the text (`telemetry.glossary.with_gloss`, the embedding
  before round seventy);
- readable: the same with the runs of those scripts taken out
  (`telemetry.glossary.for_embedding`, the embedding since).

BM25 reads the glossed text as the library's words index holds it in each (its tokens are Latin
letters and digits). Printed per half
of the sets (odd and even numbers). About three minutes on two cores. Measuring only.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from precedent_lexical_vote import vote_is_right  # this folder: the same vote, the same rule

from gpufleet.knowledge.embedding import MiniLmEmbedding
from gpufleet.knowledge.precedent_lexicon import PrecedentLexicon, fused_order
from gpufleet.knowledge.precedent_vectors import embed_with_stored, load_vectors
from gpufleet.knowledge.precedents import PUBLIC_PRECEDENTS, Precedent
from gpufleet.telemetry.glossary import for_embedding, with_gloss

OTHER_SCRIPTS = re.compile(r"[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", type=Path, help="write the figures here")
    args = ap.parse_args()
    lib = [Precedent.model_validate_json(ln) for ln in PUBLIC_PRECEDENTS.read_text().splitlines()]
    model = MiniLmEmbedding()
    # the shipped vectors are the readable way's; the whole way's are embedded here
    readable_docs = [for_embedding(p.document()) for p in lib]
    readable = embed_with_stored(readable_docs, model.embed, load_vectors())
    asked = [i for i, p in enumerate(lib) if OTHER_SCRIPTS.search(p.title + p.text)]
    whole = readable.copy()
    whole_docs = model.embed([with_gloss(lib[i].document()) for i in asked])
    for k, i in enumerate(asked):
        whole[i] = whole_docs[k]
    queries = {
        "whole": model.embed([with_gloss(lib[i].text) for i in asked]),
        "readable": model.embed([for_embedding(lib[i].text) for i in asked]),
    }
    docs = {"whole": whole, "readable": readable}
    lexicons = {
        "whole": PrecedentLexicon([with_gloss(p.document()) for p in lib]),
        "readable": PrecedentLexicon(readable_docs),
    }
    sets = np.array([p.id.split("/")[0] for p in lib])
    tally: Counter[str] = Counter()
    for k, i in enumerate(asked):
        p, own = lib[i], sets == sets[i]
        half = "odd" if int(sets[i].rsplit("-", 1)[-1]) % 2 else "even"
        tally[f"{half} asked"] += 1
        for way in ("whole", "readable"):
            sims = (docs[way] @ queries[way][k]).astype(np.float32)
            sims[own] = 0.0
            words = lexicons[way].scores(with_gloss(p.text))
            words[own] = 0.0
            tally[f"{half} {way}"] += vote_is_right(fused_order(sims, words), sims, p, lib)
    out: dict[str, object] = {
        half: {
            way: f"{tally[f'{half} {way}']} / {tally[f'{half} asked']}"
            f" ({100 * tally[f'{half} {way}'] / tally[f'{half} asked']:.1f} %)"
            for way in ("whole", "readable")
        }
        for half in ("odd", "even")
    }
    out["precedents"] = len(lib)
    out["asked"] = len(asked)
    print(json.dumps(out, indent=2))
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
