"""Precedents: what the resolved-incident library costs to build and to ask.

    .venv/bin/python bench/precedent_bench.py [--queries 300] [--json bench/results/precedents.json]

- build: embedding the public library into a fresh Chroma folder (what `gpufleet kb build` adds
  on a fresh machine or after `kb precedents build` changed the file), seconds and documents/s;
- ask: `Retriever.similar_incidents` for report texts (the library's own texts, the first
  ``--queries``; each text is embedded once, as in a diagnosis the card search shares the vector)
  — p50 / p90 / max milliseconds, with and without the query's embedding;
- rank: `scoring.rank_hypotheses` on the same cards with and without the voting precedents
  (the previous version's ranking is the one without), p50 microseconds;
- peak RSS of the process.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Family, Incident, Scope, Severity
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.precedent_index import PrecedentIndex
from gpufleet.knowledge.precedents import PUBLIC_PRECEDENTS, load_libraries
from gpufleet.knowledge.retrieve import Query, Retriever
from gpufleet.knowledge.store import KnowledgeBase


def _ms(xs: list[float]) -> dict[str, float]:
    xs = sorted(xs)
    return {
        "p50_ms": round(1000 * statistics.median(xs), 3),
        "p90_ms": round(1000 * xs[int(0.9 * (len(xs) - 1))], 3),
        "max_ms": round(1000 * xs[-1], 3),
    }


def _incident() -> Incident:
    return Incident(
        incident_id="bench",
        title="a report",
        family=Family.DEVICE,
        scope=Scope.NODE,
        root_entity="node-01",
        severity=Severity.WARNING,
        opened_at=0.0,
        updated_at=0.0,
        last_anomaly_at=0.0,
        entities=("node-01",),
        symptoms=("gpu_text_unread",),
        anomaly_ids=("a",),
        anomaly_count=1,
    )


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--queries", type=int, default=300)
    ap.add_argument("--json")
    args = ap.parse_args()
    kb = KnowledgeBase.load()
    library = load_libraries((PUBLIC_PRECEDENTS,), kb.cards)
    with tempfile.TemporaryDirectory() as tmp:
        fresh = CardIndex(Path(tmp))
        fresh.embedding.load()
        t0 = time.perf_counter()
        PrecedentIndex(fresh, library).build(force=True)
        build_s = time.perf_counter() - t0
    retriever = Retriever.open(kb)
    texts = [p.document() for p in library.items[: args.queries]]
    embed, ask, ranks_with, ranks_without = [], [], [], []
    for text in texts:
        q = Query(text=text)
        t0 = time.perf_counter()
        retriever._vector(text)  # the card search embeds it too: shared, so counted once
        embed.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        similar = retriever.withholding(()).similar_incidents(q)
        ask.append(time.perf_counter() - t0)
        hits = retriever.search(q, k=8)
        t0 = time.perf_counter()
        rank_hypotheses(_incident(), [], [], hits, kb)
        ranks_without.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        rank_hypotheses(_incident(), [], [], hits, kb, similar)
        ranks_with.append(time.perf_counter() - t0)
    doc = {
        "precedents": len(library.items),
        "build_s": round(build_s, 2),
        "build_docs_per_s": round(len(library.items) / build_s, 1),
        "queries": len(texts),
        "embed_query": _ms(embed),
        "similar_incidents": _ms(ask),
        "rank_without_precedents_us": round(1e6 * statistics.median(ranks_without), 1),
        "rank_with_precedents_us": round(1e6 * statistics.median(ranks_with), 1),
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }
    text = json.dumps(doc, indent=2)
    print(text)
    if args.json:
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
