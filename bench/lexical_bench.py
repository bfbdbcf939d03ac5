"""BM25 over the cards: what reading a report's words costs, English and other languages apart.

    PYTHONPATH=<checkout>/src .venv/bin/python bench/lexical_bench.py [--rounds 3] [--json OUT]

The queries are the precedent library's report texts (``knowledge/precedents/public.jsonl``, as
a diagnosis asks with a report), split by whether a line of the text holds a letter English does
not use. For each kind: texts/s and p50 / p99 milliseconds of ``Bm25.scores`` (tokenising the
text and scoring all cards; what the ranking does with the words is the eval's to measure).
Also: building the BM25 table over the cards, and the process's peak RSS. Only names both the
current and the previous version hold (``knowledge.retrieve.Bm25``) are used, so the same script
measures an older checkout through ``PYTHONPATH``.
"""

from __future__ import annotations

import argparse
import json
import re
import resource
import statistics
import time
from pathlib import Path

from gpufleet.knowledge.precedents import PUBLIC_PRECEDENTS
from gpufleet.knowledge.retrieve import Bm25
from gpufleet.knowledge.store import KnowledgeBase

# the glossary's test of a line in another language, restated so an older checkout runs this
_FOREIGN_LETTER = re.compile(
    r"[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff"
    r"\uac00-\ud7af\uf900-\ufaff]"
)


def _texts() -> dict[str, list[str]]:
    kinds: dict[str, list[str]] = {"english": [], "other_language": []}
    for line in Path(PUBLIC_PRECEDENTS).read_text(encoding="utf-8").splitlines():
        doc = json.loads(line)
        text = f"{doc.get('title', '')}\n{doc.get('text', '')}"
        kinds["other_language" if _FOREIGN_LETTER.search(text) else "english"].append(text)
    return kinds


def _run(bm25: Bm25, texts: list[str], rounds: int) -> dict[str, float]:
    best_total, per_text = float("inf"), []
    for _ in range(rounds):
        times = []
        t0 = time.perf_counter()
        for text in texts:
            t1 = time.perf_counter()
            bm25.scores(text)
            times.append(time.perf_counter() - t1)
        total = time.perf_counter() - t0
        if total < best_total:
            best_total, per_text = total, times
    per_text.sort()
    return {
        "texts": len(texts),
        "texts_per_s": round(len(texts) / best_total, 1),
        "p50_ms": round(1e3 * statistics.median(per_text), 3),
        "p99_ms": round(1e3 * per_text[int(0.99 * (len(per_text) - 1))], 3),
    }


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=3, help="best of this many passes per kind")
    ap.add_argument("--json")
    args = ap.parse_args()
    kb = KnowledgeBase.load()
    t0 = time.perf_counter()
    bm25 = Bm25(kb.cards.values())
    build_ms = 1e3 * (time.perf_counter() - t0)
    doc: dict[str, object] = {"cards": len(kb.cards), "build_ms": round(build_ms, 1)}
    for kind, texts in _texts().items():
        doc[kind] = _run(bm25, texts, args.rounds)
    doc["peak_rss_mib"] = round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)
    out = json.dumps(doc, indent=2)
    print(out)
    if args.json:
        Path(args.json).write_text(out + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
