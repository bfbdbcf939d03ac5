"""Retrieval evaluation: operator-phrased queries → does the right card come back?

Query files are ``knowledge/eval/queries-*.yaml``, each a YAML list of::

    - card: fan-failure                      # the card that should come back
      query: "GPU 4 on node-17 keeps getting hotter but the job load didn't change"
      symptoms: [gpu_temp_rising]           # optional structured hints, as the NOC would add
      xids: [79]                             # (also sxids, fields, log_lines, scheduler_states,
      layers: [hardware]                     #  scope; layers is a filter)

A query with no structured hints and no layer filter is *text-only*; its recall is reported
separately, because hints (an Xid, a log line) make retrieval much easier and would flatter a
single number. Xids quoted inside the text still count as text-only: the operator wrote them.

Reported: recall@1, recall@3 (target ≥ 0.9), MRR (rank within the top :data:`DEPTH`),
per-query latency p50/p95 (embedding the query + index query + structured scoring, after one
warm-up query so model loading is not counted), cards with fewer than two queries, and every
query whose card missed the top 3 with what came back instead.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpufleet.knowledge.embedding import EMBEDDING_NAME
from gpufleet.knowledge.index import BuildReport, CardIndex
from gpufleet.knowledge.retrieve import DEFAULT_WEIGHTS, Query, Retriever, Weights
from gpufleet.knowledge.schema import Layer
from gpufleet.knowledge.store import KNOWLEDGE_DIR, KnowledgeBase, KnowledgeError

EVAL_DIR = KNOWLEDGE_DIR / "eval"
QUERY_GLOB = "queries-*.yaml"
DEPTH = 10  # ranks beyond this count as a miss for MRR
TARGET_RECALL_AT_3 = 0.9
MIN_QUERIES_PER_CARD = 2
# Variants re-scored on the same queries (untimed): what each part of the hybrid contributes.
ABLATIONS: dict[str, Weights] = {
    "semantic only": Weights(structured_share=0.0, lexical_share=0.0),
    "lexical only": Weights(structured_share=0.0, lexical_share=1.0),
    "structured + semantic": Weights(lexical_share=0.0),
    "full hybrid": DEFAULT_WEIGHTS,
}


class EvalQuery(BaseModel):
    """One evaluation query (see the module docstring for the file format)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    card: str
    query: str = Field(min_length=3)
    symptoms: list[str] = Field(default_factory=list)
    xids: list[int] = Field(default_factory=list)
    sxids: list[int] = Field(default_factory=list)
    fields: list[str] = Field(default_factory=list)
    log_lines: list[str] = Field(default_factory=list)
    scheduler_states: list[str] = Field(default_factory=list)
    scope: str | None = None
    layers: list[Layer] | None = None
    source: str = Field(default="", exclude=True)  # "file:index", set by the loader

    def to_query(self) -> Query:
        return Query(
            text=self.query,
            symptoms=self.symptoms,
            fields=self.fields,
            xids=self.xids,
            sxids=self.sxids,
            log_lines=self.log_lines,
            scheduler_states=self.scheduler_states,
            layers=self.layers,
            scope=self.scope,
        )

    @property
    def kind(self) -> Literal["text-only", "hinted"]:
        q = self.to_query()
        return "hinted" if q.has_structured_hints() or q.layers is not None else "text-only"


def load_queries(directory: Path = EVAL_DIR) -> list[EvalQuery]:
    """Every query of ``directory/queries-*.yaml`` in file order; all bad entries reported at
    once (:class:`KnowledgeError`, each error naming the file, the entry index and the field)."""
    files = sorted(Path(directory).glob(QUERY_GLOB))
    if not files:
        raise KnowledgeError("no eval queries", [f"{directory}: no {QUERY_GLOB} files"])
    errors: list[str] = []
    out: list[EvalQuery] = []
    for path in files:
        try:
            raw: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, yaml.YAMLError) as e:
            errors.append(f"{path}: {e}")
            continue
        if raw is None:
            continue
        if not isinstance(raw, list):
            errors.append(f"{path}: must be a YAML list of {{card, query, …}} entries")
            continue
        for i, item in enumerate(raw):
            if not isinstance(item, dict):
                errors.append(f"{path}: {i}: an entry must be a mapping")
                continue
            try:
                out.append(EvalQuery.model_validate({**item, "source": f"{path.name}:{i}"}))
            except ValidationError as e:
                for err in e.errors():
                    loc = ".".join(str(x) for x in err["loc"])
                    errors.append(f"{path}: {i}.{loc}: {err['msg']}")
    if errors:
        raise KnowledgeError("invalid eval queries", errors)
    return out


@dataclass(frozen=True)
class QueryOutcome:
    source: str  # file:index
    card: str
    query: str
    kind: str  # text-only | hinted
    rank: int | None  # 1-based rank of the expected card within DEPTH, None if absent
    top: list[str]  # the first three card ids returned
    latency_ms: float


@dataclass(frozen=True)
class Recall:
    queries: int
    recall_at_1: float
    recall_at_3: float
    mrr: float

    @staticmethod
    def of(outcomes: Sequence[QueryOutcome]) -> Recall:
        n = len(outcomes)
        if n == 0:
            return Recall(0, 0.0, 0.0, 0.0)
        r1 = sum(1 for o in outcomes if o.rank == 1) / n
        r3 = sum(1 for o in outcomes if o.rank is not None and o.rank <= 3) / n
        mrr = sum(1.0 / o.rank for o in outcomes if o.rank) / n
        return Recall(n, round(r1, 4), round(r3, 4), round(mrr, 4))


@dataclass
class RetrievalEvalResult:
    overall: Recall
    by_kind: dict[str, Recall]
    outcomes: list[QueryOutcome]
    latency_ms: dict[str, float]  # p50, p95, mean, max
    cards: int
    queries_per_card: dict[str, int]
    missing: dict[str, int]  # cards with fewer than MIN_QUERIES_PER_CARD queries → count
    unknown_cards: list[str]  # query sources naming a card that does not exist
    build: dict[str, Any]
    ablations: dict[str, dict[str, Recall]] = field(default_factory=dict)  # variant → kind →
    target_recall_at_3: float = TARGET_RECALL_AT_3
    embedding: str = EMBEDDING_NAME
    notes: list[str] = field(default_factory=list)

    @property
    def failures(self) -> list[QueryOutcome]:
        """Queries whose card is not in the top 3."""
        return [o for o in self.outcomes if o.rank is None or o.rank > 3]

    @property
    def passed(self) -> bool:
        return (
            self.overall.queries > 0
            and self.overall.recall_at_3 >= self.target_recall_at_3
            and not self.missing
            and not self.unknown_cards
        )


def _percentile(xs: Sequence[float], p: float) -> float:
    if not xs:
        return 0.0
    s = sorted(xs)
    k = (len(s) - 1) * p
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def run_eval(
    retriever: Retriever,
    queries: Sequence[EvalQuery],
    build: BuildReport | None = None,
    ablations: dict[str, Weights] | None = None,
) -> RetrievalEvalResult:
    """Run every query through ``retriever`` and score it (pure apart from the timing).

    ``ablations`` (default :data:`ABLATIONS`) re-rank the same queries with other weights,
    untimed, reusing the cached query embeddings; ``{}`` skips them."""
    kb = retriever.kb
    per_card = dict.fromkeys(sorted(kb.cards), 0)
    unknown: list[str] = []
    for q in queries:
        if q.card in per_card:
            per_card[q.card] += 1
        else:
            unknown.append(f"{q.source}: unknown card {q.card!r}")
    if queries:  # warm-up: model load and first-query setup are not query latency
        retriever.search(Query(text="warm-up"), k=1)
    outcomes = []
    variants = ABLATIONS if ablations is None else ablations
    variant_outcomes: dict[str, list[QueryOutcome]] = {name: [] for name in variants}
    for q in queries:
        if q.card not in kb.cards:
            continue
        t0 = time.perf_counter()
        hits = retriever.search(q.to_query(), k=DEPTH)
        ms = (time.perf_counter() - t0) * 1000.0
        outcomes.append(_outcome(q, [h.card_id for h in hits], ms))
        for name, weights in variants.items():
            ids = [h.card_id for h in retriever.search(q.to_query(), k=DEPTH, weights=weights)]
            variant_outcomes[name].append(_outcome(q, ids, 0.0))
    lat = [o.latency_ms for o in outcomes]
    kinds = sorted({o.kind for o in outcomes})
    build_info: dict[str, Any] = {}
    if build is not None:
        build_info = {
            "rebuilt": build.rebuilt,
            "reason": build.reason,
            "documents": build.documents,
            "seconds": round(build.seconds, 3),
            "embed_seconds": round(build.embed_seconds, 3),
            "content_hash": build.content_hash,
        }
    return RetrievalEvalResult(
        overall=Recall.of(outcomes),
        by_kind={k: Recall.of([o for o in outcomes if o.kind == k]) for k in kinds},
        outcomes=outcomes,
        latency_ms={
            "p50": round(_percentile(lat, 0.5), 2),
            "p95": round(_percentile(lat, 0.95), 2),
            "mean": round(statistics.fmean(lat), 2) if lat else 0.0,
            "max": round(max(lat), 2) if lat else 0.0,
        },
        cards=len(kb.cards),
        queries_per_card=per_card,
        missing={c: n for c, n in per_card.items() if n < MIN_QUERIES_PER_CARD},
        unknown_cards=unknown,
        build=build_info,
        ablations={name: _by_kind(outs) for name, outs in variant_outcomes.items()},
    )


def _outcome(q: EvalQuery, ids: list[str], ms: float) -> QueryOutcome:
    rank = ids.index(q.card) + 1 if q.card in ids else None
    return QueryOutcome(q.source, q.card, q.query, q.kind, rank, ids[:3], round(ms, 2))


def _by_kind(outcomes: Sequence[QueryOutcome]) -> dict[str, Recall]:
    out = {"all": Recall.of(outcomes)}
    for kind in sorted({o.kind for o in outcomes}):
        out[kind] = Recall.of([o for o in outcomes if o.kind == kind])
    return out


def evaluate(
    kb: KnowledgeBase | None = None,
    index: CardIndex | None = None,
    queries_dir: Path = EVAL_DIR,
) -> RetrievalEvalResult:
    """Load everything (default folders), bring the index up to date, run :func:`run_eval`."""
    kb = kb or KnowledgeBase.load()
    queries = load_queries(queries_dir)
    index = index or CardIndex()
    report = index.build(kb)
    return run_eval(Retriever(kb, index), queries, report)


# --------------------------------------------------------------------------- reports
def to_json(result: RetrievalEvalResult) -> dict[str, Any]:
    return {
        "passed": result.passed,
        "target_recall_at_3": result.target_recall_at_3,
        "overall": asdict(result.overall),
        "by_kind": {k: asdict(v) for k, v in result.by_kind.items()},
        "latency_ms": result.latency_ms,
        "cards": result.cards,
        "queries_per_card": result.queries_per_card,
        "cards_missing_queries": result.missing,
        "unknown_cards": result.unknown_cards,
        "failures": [asdict(o) for o in result.failures],
        "outcomes": [asdict(o) for o in result.outcomes],
        "index_build": result.build,
        "ablations": {
            name: {kind: asdict(r) for kind, r in kinds.items()}
            for name, kinds in result.ablations.items()
        },
        "embedding": result.embedding,
    }


def _pct(x: float) -> str:
    return f"{x:.3f}"


def markdown(result: RetrievalEvalResult) -> str:
    """The human report: headline, recall by query kind, coverage gaps, every top-3 miss."""
    o = result.overall
    verdict = "PASS" if result.passed else "FAIL"
    lines = [
        "# Knowledge-base retrieval eval",
        "",
        f"**{verdict}** — recall@3 {_pct(o.recall_at_3)} (target ≥ "
        f"{result.target_recall_at_3}), {o.queries} queries over {result.cards} cards.",
        "",
        "| queries | kind | recall@1 | recall@3 | MRR |",
        "|---:|---|---:|---:|---:|",
        f"| {o.queries} | all | {_pct(o.recall_at_1)} | {_pct(o.recall_at_3)} | {_pct(o.mrr)} |",
    ]
    for kind, r in result.by_kind.items():
        lines.append(
            f"| {r.queries} | {kind} | {_pct(r.recall_at_1)} | {_pct(r.recall_at_3)} "
            f"| {_pct(r.mrr)} |"
        )
    lat = result.latency_ms
    lines += [
        "",
        "*text-only*: the operator's sentence alone (Xids quoted in it still count); "
        "*hinted*: with NOC symptoms, Xids, log lines or a layer filter.",
        "",
        f"Latency per query: p50 {lat['p50']:.1f} ms, p95 {lat['p95']:.1f} ms, "
        f"max {lat['max']:.1f} ms (embedding + index + scoring; warm model).",
    ]
    if result.build:
        b = result.build
        lines.append(
            f"Index: {b['documents']} documents; "
            + (
                f"rebuilt ({b['reason']}) in {b['seconds']:.2f} s "
                f"(embedding {b['embed_seconds']:.2f} s)."
                if b["rebuilt"]
                else "up to date (not rebuilt)."
            )
            + f" Model: {result.embedding}."
        )
    if result.ablations:
        lines += [
            "",
            "## What each part contributes (same queries, re-ranked)",
            "",
            "| variant | recall@1 all | recall@3 all | recall@1 text-only | recall@3 text-only |",
            "|---|---:|---:|---:|---:|",
        ]
        for name, kinds in result.ablations.items():
            a, t = kinds["all"], kinds.get("text-only", Recall(0, 0.0, 0.0, 0.0))
            lines.append(
                f"| {name} | {_pct(a.recall_at_1)} | {_pct(a.recall_at_3)} "
                f"| {_pct(t.recall_at_1)} | {_pct(t.recall_at_3)} |"
            )
    if result.missing or result.unknown_cards:
        lines += ["", "## Coverage problems", ""]
        for c, n in result.missing.items():
            lines.append(f"- `{c}`: {n} quer{'y' if n == 1 else 'ies'} (need ≥ 2)")
        lines += [f"- {u}" for u in result.unknown_cards]
    fails = result.failures
    lines += ["", f"## Misses (card not in the top 3): {len(fails)}", ""]
    if fails:
        lines += ["| card | rank | kind | query | top 3 |", "|---|---:|---|---|---|"]
        for f in sorted(fails, key=lambda f: (f.card, f.source)):
            q = f.query.replace("|", "\\|")
            lines.append(
                f"| `{f.card}` | {f.rank or '>' + str(DEPTH)} | {f.kind} | {q} | "
                f"{', '.join(f.top)} |"
            )
    return "\n".join(lines) + "\n"


def write_report(result: RetrievalEvalResult, out_dir: Path) -> dict[str, Path]:
    """``retrieval.md`` and ``retrieval.json`` in ``out_dir`` (created); returns their paths."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    md = out / "retrieval.md"
    js = out / "retrieval.json"
    md.write_text(markdown(result), encoding="utf-8")
    js.write_text(json.dumps(to_json(result), indent=2) + "\n", encoding="utf-8")
    return {"markdown": md, "json": js}
