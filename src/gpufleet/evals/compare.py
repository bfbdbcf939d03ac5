"""What changed between two eval runs of the same recorded incidents, case by case.

An upgrade (a new gpufleet, a rebuilt knowledge index, your own precedents added) is judged on
the incidents you already know: a pooled score that moves by one point can hide ten cases
gained and nine lost. This compares two ``gpufleet eval --json`` reports per agent and per fault:
right cause first, action class, detection, and for benign cases whether one opens an incident;
per incident, the duplicates, false incidents, over-remediations and unsafe actions.

Pure: reports in (the dicts :func:`evals.report.to_json` writes), a :class:`Comparison` out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

# outcome field → how the comparison names it (a fault's)
FAULT_FIELDS = {
    "top1": "right cause first",
    "action_class_ok": "action class",
    "detected": "detected",
}
# a benign case opening an incident is the change to watch (more is worse)
BENIGN_FIELD = ("detected", "benign opens an incident")
# per-incident counts (more is worse)
INCIDENT_COUNTS = {
    "duplicates": "duplicate incidents",
    "false_incidents": "false incidents",
    "over_remediations": "over-remediations",
    "unsafe_actions": "unsafe actions",
}


class ReportFormatError(ValueError):
    """A report that is not what ``gpufleet eval --json`` writes; the message says where."""


@dataclass(frozen=True)
class CaseChange:
    case: str  # incident id, with "#N" for the N-th fault of an incident of several
    what: tuple[str, ...]  # "right cause first: lost", "duplicate incidents: 0 → 1", …


@dataclass(frozen=True)
class Comparison:
    agent: str
    compared: int  # outcomes present in both runs
    only_old: tuple[str, ...]  # cases one run has and the other not (not compared)
    only_new: tuple[str, ...]
    gained: dict[str, int] = field(default_factory=dict)
    lost: dict[str, int] = field(default_factory=dict)
    counts_old: dict[str, int] = field(default_factory=dict)
    counts_new: dict[str, int] = field(default_factory=dict)
    changes: tuple[CaseChange, ...] = ()


def compare_reports(old: Mapping[str, Any], new: Mapping[str, Any]) -> list[Comparison]:
    """One :class:`Comparison` per agent both reports scored (by name)."""
    old_cases, new_cases = _cases(old, "old"), _cases(new, "new")
    agents = [a for a in _agents(new_cases) if a in _agents(old_cases)]
    return [_compare_agent(a, old_cases, new_cases) for a in agents]


def check_report(report: Any, which: str = "earlier") -> None:
    """Raise :class:`ReportFormatError`, saying where, unless ``report`` reads as a
    ``gpufleet eval --json`` report down to every outcome."""
    for case, scores in _cases(report, which).items():
        for score in scores.values():
            _outcomes(_score(score, case, which), case, which)


def _cases(report: Mapping[str, Any], which: str) -> dict[str, Mapping[str, Any]]:
    incidents = report.get("incidents") if isinstance(report, Mapping) else None
    if not isinstance(incidents, list):
        raise ReportFormatError(
            f"{which} report: no 'incidents' list (not a `gpufleet eval --json`)"
        )
    out: dict[str, Mapping[str, Any]] = {}
    for n, inc in enumerate(incidents):
        if not isinstance(inc, Mapping) or not isinstance(inc.get("id"), str):
            raise ReportFormatError(f"{which} report: incidents[{n}] has no string 'id'")
        if not isinstance(inc.get("scores"), Mapping):
            raise ReportFormatError(f"{which} report: incident {inc['id']} has no 'scores'")
        out[inc["id"]] = inc["scores"]
    return out


def _agents(cases: Mapping[str, Mapping[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for scores in cases.values():
        seen.update(dict.fromkeys(scores))
    return list(seen)


def _compare_agent(
    agent: str, old: Mapping[str, Mapping[str, Any]], new: Mapping[str, Mapping[str, Any]]
) -> Comparison:
    both = [c for c in new if c in old and agent in old[c] and agent in new[c]]
    gained: dict[str, int] = {}
    lost: dict[str, int] = {}
    counts_old: dict[str, int] = dict.fromkeys(INCIDENT_COUNTS.values(), 0)
    counts_new: dict[str, int] = dict.fromkeys(INCIDENT_COUNTS.values(), 0)
    changes: list[CaseChange] = []
    compared = 0
    for case in both:
        a, b = _score(old[case][agent], case, "old"), _score(new[case][agent], case, "new")
        counted = _count_changes(a, b, counts_old, counts_new)
        xs, ys = _outcomes(a, case, "old"), _outcomes(b, case, "new")
        if len(xs) != len(ys):
            changes.append(CaseChange(case, ("its truth differs between the runs: not compared",)))
            continue
        compared += len(xs)
        moved = [_outcome_changes(x, y, gained, lost) for x, y in zip(xs, ys, strict=True)]
        if len(xs) == 1 and (moved[0] or counted):
            changes.append(CaseChange(case, (*moved[0], *counted)))
            continue
        changes += [CaseChange(f"{case}#{k + 1}", tuple(m)) for k, m in enumerate(moved) if m]
        if counted:
            changes.append(CaseChange(case, tuple(counted)))
    return Comparison(
        agent,
        compared,
        tuple(c for c in old if c not in new),
        tuple(c for c in new if c not in old),
        gained,
        lost,
        counts_old,
        counts_new,
        tuple(changes),
    )


def _score(score: Any, case: str, which: str) -> Mapping[str, Any]:
    if not isinstance(score, Mapping) or not isinstance(score.get("outcomes"), list):
        raise ReportFormatError(f"{which} report: incident {case} has a score without 'outcomes'")
    return score


def _outcomes(score: Mapping[str, Any], case: str, which: str) -> list[Mapping[str, Any]]:
    outs: list[Mapping[str, Any]] = []
    for n, o in enumerate(score["outcomes"]):
        if not isinstance(o, Mapping) or not isinstance(o.get("benign"), bool):
            raise ReportFormatError(f"{which} report: incident {case} outcome {n} has no 'benign'")
        outs.append(o)
    return outs


def _outcome_changes(
    old: Mapping[str, Any], new: Mapping[str, Any], gained: dict[str, int], lost: dict[str, int]
) -> list[str]:
    if old["benign"] != new["benign"]:
        return ["its truth differs between the runs (benign in one): not compared"]
    fields = [BENIGN_FIELD] if new["benign"] else list(FAULT_FIELDS.items())
    moved: list[str] = []
    for key, name in fields:
        was, now = old.get(key) is True, new.get(key) is True
        if was == now:
            continue
        bucket = gained if now else lost
        bucket[name] = bucket.get(name, 0) + 1
        moved.append(f"{name}: {'gained' if now else 'lost'}")
    return moved


def _count_changes(
    old: Mapping[str, Any],
    new: Mapping[str, Any],
    counts_old: dict[str, int],
    counts_new: dict[str, int],
) -> list[str]:
    moved: list[str] = []
    for key, name in INCIDENT_COUNTS.items():
        was, now = _count(old.get(key)), _count(new.get(key))
        counts_old[name] += was
        counts_new[name] += now
        if was != now:
            moved.append(f"{name}: {was} → {now}")
    return moved


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def render_comparison(comparisons: Sequence[Comparison], limit: int = 40) -> str:
    """Markdown: per agent, what was gained and lost, the incident counts, the changed cases."""
    if not comparisons:
        return "## Compared with the earlier run\n\nNo agent is in both reports: nothing compared."
    return "\n\n".join(_render_one(c, limit) for c in comparisons)


def _render_one(c: Comparison, limit: int) -> str:
    names = [*FAULT_FIELDS.values(), BENIGN_FIELD[1]]
    lines = [
        f"## Compared with the earlier run: {c.agent}",
        "",
        f"{c.compared} outcome(s) in both runs.",
        "",
        "| measure | gained | lost |",
        "|---|---:|---:|",
        *(f"| {n} | {c.gained.get(n, 0)} | {c.lost.get(n, 0)} |" for n in names),
        "",
        "| per incident | before | now |",
        "|---|---:|---:|",
        *(f"| {n} | {c.counts_old[n]} | {c.counts_new[n]} |" for n in INCIDENT_COUNTS.values()),
    ]
    if c.only_old or c.only_new:
        lines += [
            "",
            f"Not compared: {len(c.only_old)} case(s) only in the earlier run, "
            f"{len(c.only_new)} only in this one.",
        ]
    if c.changes:
        lines += ["", "Changed cases:", ""]
        lines += [f"- {ch.case}: {'; '.join(ch.what)}" for ch in c.changes[:limit]]
        if len(c.changes) > limit:
            lines.append(f"- … and {len(c.changes) - limit} more (the JSON report has them all)")
    return "\n".join(lines)


def comparison_json(comparisons: Sequence[Comparison]) -> list[dict[str, Any]]:
    return [
        {
            "agent": c.agent,
            "compared": c.compared,
            "only_old": list(c.only_old),
            "only_new": list(c.only_new),
            "gained": c.gained,
            "lost": c.lost,
            "counts_old": c.counts_old,
            "counts_new": c.counts_new,
            "changes": [{"case": ch.case, "what": list(ch.what)} for ch in c.changes],
        }
        for c in comparisons
    ]
