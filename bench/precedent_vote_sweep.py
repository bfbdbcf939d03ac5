"""Precedent vote sweep: how many resolved incidents should vote, and how, re-chosen from one run.

    .venv/bin/python bench/precedent_vote_sweep.py heldout-2 heldout-4 … \
        [--check heldout-3 heldout-5 …] [--json bench/results/vote_sweep.json]

The SRE agent of `gpufleet eval` runs in-process on each named set of `src/gpufleet/evals`, with
each set's *whole* precedents withheld (not only the case's own: a set's cases share a writer and
a kind of source, a sibling a fresh report never has). Every ranking of a report-opened incident
is recorded: each candidate's score without the vote, whether it is demoted, and the
``--neighbours`` nearest precedents. Those records are then re-ranked offline for a grid of
(neighbours, similarity power, acceptable share, weight) exactly as
`agents.sre.scoring.rank_hypotheses` would, and the right-first faults per setting are printed:
on the sets the best setting is chosen from and, for that setting and the shipped one, on the
``--check`` sets, which take no part in the choice. Faults whose incident no report opened keep
the run's own outcome.

Round twenty-nine's choice (`knowledge/precedents.py`) came from this method: 46 read sets to
choose, the other 41 to check (a few minutes per 10 sets on 2 cores).

Measuring only: the wrapping of the ranker, the retriever and the eval's withholding is undone
when the run ends, and nothing is written but the optional ``--json``.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.agents.sre import diagnose_core, scoring
from gpufleet.evals import recorded, runner
from gpufleet.knowledge import retrieve
from gpufleet.knowledge.precedents import (
    ACCEPTABLE_SHARE,
    NEIGHBOURS,
    PRECEDENT_WEIGHT,
    PUBLIC_PRECEDENTS,
    SIMILARITY_POWER,
    PrecedentMatch,
    votes,
)

EVALS = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals"
AGENT = "gpufleet SRE (deterministic)"
Setting = tuple[int, float, float, float]  # neighbours, power, acceptable share, weight
SHIPPED: Setting = (NEIGHBOURS, SIMILARITY_POWER, ACCEPTABLE_SHARE, PRECEDENT_WEIGHT)
GRID: tuple[Setting, ...] = tuple(
    itertools.product(
        (4, 8, 12, 16, 24), (1.0, 2.0, 4.0, 8.0), (0.5, 1.0), (0.25, 0.35, 0.5, 0.75, 1.0)
    )
)


@dataclass(frozen=True)
class Candidate:
    card: str
    demoted: bool
    score: float  # retrieval + checks, before the vote


@dataclass(frozen=True)
class Ranking:
    candidates: tuple[Candidate, ...]
    neighbours: tuple[PrecedentMatch, ...]  # nearest first


@dataclass(frozen=True)
class Fault:
    causes: frozenset[str]
    right_in_run: bool
    ranking: Ranking | None  # the report-opened ranking the run scored, if any


@dataclass
class _Recorder:
    """What the wrapped functions saw, per case: the last ranking of each incident."""

    case: str = ""
    neighbours: tuple[PrecedentMatch, ...] = ()
    rankings: dict[str, dict[str, tuple[tuple[str, ...], Ranking]]] = field(default_factory=dict)


def first_card(r: Ranking, s: Setting) -> str:
    """The card ranked first under setting ``s``: demoted cards last, then score, then id."""
    vote = votes(r.neighbours[: s[0]], power=s[1], acceptable_share=s[2])
    best = min(
        r.candidates, key=lambda c: (c.demoted, -(c.score + s[3] * vote.get(c.card, 0.0)), c.card)
    )
    return best.card


def right_first(faults: Sequence[Fault], s: Setting) -> int:
    return sum(
        (first_card(f.ranking, s) in f.causes) if f.ranking else f.right_in_run for f in faults
    )


@contextmanager
def _recording(rec: _Recorder, neighbours: int) -> Iterator[None]:
    """Wrap the ranker, the precedent search and the eval's withholding; undo on exit."""
    library = [
        json.loads(line) for line in PUBLIC_PRECEDENTS.read_text().splitlines() if line.strip()
    ]
    saved: list[tuple[Any, str, Any]] = [
        (scoring, "rank_hypotheses", scoring.rank_hypotheses),
        (diagnose_core, "rank_hypotheses", scoring.rank_hypotheses),  # the same function
        (retrieve.Retriever, "similar_incidents", retrieve.Retriever.similar_incidents),
        (recorded.LoadedIncident, "own_precedents", recorded.LoadedIncident.own_precedents),
        (runner, "_score", runner._score),
    ]
    rank0, similar0, score0 = saved[0][2], saved[2][2], saved[4][2]

    def score(inc: recorded.LoadedIncident, *a: Any, **k: Any) -> Any:
        rec.case = f"{inc.folder.parent.name}/{inc.spec.id}"
        return score0(inc, *a, **k)

    def own_precedents(self: recorded.LoadedIncident) -> frozenset[str]:
        prefix = f"{self.folder.parent.name}/"
        mine = [p for p in library if str(p["id"]).startswith(prefix)]
        withheld = {*(p["id"] for p in mine), *(p.get("source", "") for p in mine)}
        return frozenset({*withheld, f"{prefix}{self.spec.id}", self.spec.truth.source} - {""})

    def similar(self: retrieve.Retriever, query: retrieve.Query, n: int = NEIGHBOURS) -> list[Any]:
        found: list[Any] = similar0(self, query, max(n, neighbours))
        rec.neighbours = tuple(found)
        return found[:n]

    def rank(
        incident: Any, evidence: Any, findings: Any, hits: Any, kb: Any, similar: Any = ()
    ) -> Any:
        out = rank0(incident, evidence, findings, hits, kb, similar)
        if similar:
            rec.rankings.setdefault(rec.case, {})[incident.incident_id] = (
                tuple(h.card_id for h in out[:3]),
                Ranking(_candidates(incident, findings, hits, kb, similar), rec.neighbours),
            )
        return out

    replacement: dict[str, Callable[..., Any]] = {
        "rank_hypotheses": rank,
        "similar_incidents": similar,
        "own_precedents": own_precedents,
        "_score": score,
    }
    try:
        for owner, name, _ in saved:
            setattr(owner, name, replacement[name])
        yield
    finally:
        for owner, name, original in saved:
            setattr(owner, name, original)


def _candidates(
    incident: Any, findings: Any, hits: Any, kb: Any, similar: Sequence[PrecedentMatch]
) -> tuple[Candidate, ...]:
    """The ranker's own candidates, scored before the vote."""
    voted = {c for m in similar for c in (m.precedent.cause, *m.precedent.acceptable)}
    scored = scoring.candidates_before_vote(incident, findings, hits, kb, voted)
    return tuple(Candidate(h.card_id, demoted, h.score) for demoted, h in scored)


def run_sets(names: Sequence[str], neighbours: int) -> list[Fault]:
    """The faults of ``names``, each with the report-opened ranking the eval scored."""
    rec = _Recorder()
    faults: list[Fault] = []
    with _recording(rec, neighbours):
        for name in names:
            result = runner.run_suite(EVALS / name, layers={"SRE"}, baselines=False)
            for record in result.incidents:
                score = record.scores[AGENT]
                logged = rec.rankings.get(f"{name}/{record.spec.id}", {})
                for outcome, truth in zip(score.outcomes, record.spec.truth.faults, strict=True):
                    if outcome.benign or outcome.top1 is None:
                        continue
                    shown = tuple(outcome.predicted_causes[:3])
                    ranking = next((r for top, r in logged.values() if top == shown), None)
                    faults.append(Fault(frozenset(truth.causes), bool(outcome.top1), ranking))
    return faults


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sets", nargs="+", help="held-out sets to choose the setting on")
    ap.add_argument("--check", nargs="*", default=[], help="sets that only check the choice")
    ap.add_argument("--neighbours", type=int, default=24, help="precedents recorded per ranking")
    ap.add_argument("--json", type=Path, help="write every setting's counts here")
    args = ap.parse_args(argv)
    unknown = [s for s in [*args.sets, *args.check] if not (EVALS / s).is_dir()]
    if unknown:
        print(f"no such set under {EVALS}: {', '.join(unknown)}", file=sys.stderr)
        return 2
    grid = tuple(s for s in GRID if s[0] <= args.neighbours)
    chosen_on = run_sets(args.sets, args.neighbours)
    counts = {s: right_first(chosen_on, s) for s in {*grid, SHIPPED}}
    best = max(grid, key=lambda s: (counts[s], s == SHIPPED))
    check = run_sets(args.check, args.neighbours) if args.check else []
    print(
        f"| setting (k, power, share, weight) | {len(chosen_on)} faults to choose on | "
        f"{len(check)} faults to check |"
    )
    print("|---|---:|---:|")
    for s in dict.fromkeys([SHIPPED, best, *sorted(grid, key=lambda s: -counts[s])[:8]]):
        checked = right_first(check, s) if check and s in (SHIPPED, best) else "—"
        label = " (shipped)" if s == SHIPPED else " (best)" if s == best else ""
        print(f"| {s}{label} | {counts[s]} | {checked} |")
    if args.json:
        args.json.write_text(
            json.dumps(
                {
                    "faults_to_choose_on": len(chosen_on),
                    "faults_to_check": len(check),
                    "shipped": list(SHIPPED),
                    "best": list(best),
                    "check": {
                        str(SHIPPED): right_first(check, SHIPPED),
                        str(best): right_first(check, best),
                    }
                    if check
                    else {},
                    "counts": {str(s): n for s, n in sorted(counts.items())},
                },
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
