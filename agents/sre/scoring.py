"""Hypothesis ranking: retrieval candidates, moved by the cards' structured checks (pure).

:func:`rank_hypotheses` starts from the knowledge-base retrieval (:mod:`knowledge.retrieve`:
the incident's symptoms, Xids, log lines, scheduler states and text) and then applies each
candidate card's ``checks`` (:class:`knowledge.schema.Checks`) against the findings derived
from evidence (:mod:`agents.sre.findings`).

Score of a card
---------------
``score = retrieval + CHECK × (Σ rules_in weights satisfied − Σ rules_out weights satisfied
+ POINTED × Σ weights of satisfied rules_out elsewhere that point to this card)``

==========================  =====  =========================================================
term                        value  why
==========================  =====  =========================================================
retrieval (hit.score)       0..1   what the symptoms say; sibling modes score alike (a fan,
                                   a heatsink and a rack all raise temperature)
CHECK                       0.25   one finding of weight 1 moves a card by about the gap
                                   between retrieval's best and third-best sibling (~0.1-0.2)
                                   plus a margin, so evidence decides between siblings while
                                   retrieval still orders cards no finding speaks to
POINTED                     0.5    a rules-out that names where the evidence points ("whole
                                   rack warms → rack-cooling-failure") is half a rule-in for
                                   that card: the author said so, but it is indirect
==========================  =====  =========================================================

Candidates are the retrieval hits, every card with a satisfied rules-in check (evidence can
name a mode that the symptom text missed), and every card a satisfied rules-out points to.
Weights per check live in the cards (default 1; 2-3 for near-pathognomonic findings such as an
Xid code or a failed row remap). Ties go to the smaller card id, so a ranking is deterministic.
Reasons read "rules in: slot_neighbours_warming (E03, E04)" and
"ruled out: whole_rack_warming → rack-cooling-failure (E07)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bus.events import Evidence, Finding, Hypothesis, Incident
from knowledge.retrieve import Hit, Query, from_incident
from knowledge.schema import Card
from knowledge.store import KnowledgeBase

CHECK = 0.25
POINTED = 0.5
MAX_HYPOTHESES = 10
MAX_LOG_LINES = 20


def _cite(f: Finding) -> str:
    return f"{f.name} ({', '.join(f.evidence_ids)})" if f.evidence_ids else f.name


def build_query(
    incident: Incident, evidence: Sequence[Evidence], findings: Sequence[Finding]
) -> Query:
    """The retrieval query: the incident (symptoms, Xids, scope, title) plus what the evidence
    showed: Xids from findings, quoted kernel-log lines, scheduler states of drained nodes."""
    lines: list[str] = []
    for e in evidence:
        if e.tool == "kernel_log.search" and e.status == "ok":
            lines += [
                p.strip('" ') for p in e.summary.split(": ", 1)[-1].split("; ") if p.startswith('"')
            ]
    states = sorted(
        {
            str(e.facts.get("state", "")).split("+")[-1]
            for e in evidence
            if e.tool == "slurm.show_node"
            and (e.facts.get("drained") is True or e.facts.get("down") is True)
        }
        - {""}
    )
    base = from_incident(incident, tuple(dict.fromkeys(lines))[:MAX_LOG_LINES])
    xids = sorted({*base.xids, *(int(f.name[4:]) for f in findings if f.name.startswith("xid:"))})
    return Query(
        text=base.text,
        symptoms=base.symptoms,
        xids=tuple(xids),
        log_lines=base.log_lines,
        scheduler_states=tuple(states),
        scope=base.scope,
    )


def _satisfied(
    checks: Iterable[tuple[str, float]], found: dict[str, Finding]
) -> list[tuple[Finding, float]]:
    return [(found[name], w) for name, w in checks if name in found]


def rank_hypotheses(
    incident: Incident,
    evidence: Sequence[Evidence],
    findings: Sequence[Finding],
    hits: Sequence[Hit],
    kb: KnowledgeBase,
) -> tuple[Hypothesis, ...]:
    """Ranked hypotheses, best first (see the module docstring for the score)."""
    found = {f.name: f for f in findings}
    retrieval = {h.card_id: h for h in hits if h.card_id in kb.cards}
    pointed: dict[str, list[tuple[str, Finding, float]]] = {}
    candidates = set(retrieval)
    for card in kb.cards.values():
        if card.checks is None:
            continue
        if any(c.finding in found for c in card.checks.rules_in):
            candidates.add(card.id)
        for c in card.checks.rules_out:
            if c.finding in found and c.points_to and c.points_to in kb.cards:
                pointed.setdefault(c.points_to, []).append((card.id, found[c.finding], c.weight))
    candidates |= set(pointed)
    out = [
        _hypothesis(kb.card(cid), retrieval.get(cid), found, pointed.get(cid, []))
        for cid in candidates
    ]
    out.sort(key=lambda h: (-h.score, h.card_id))
    return tuple(out[:MAX_HYPOTHESES])


def _hypothesis(
    card: Card,
    hit: Hit | None,
    found: dict[str, Finding],
    pointed: list[tuple[str, Finding, float]],
) -> Hypothesis:
    reasons: list[str] = []
    base = hit.score if hit else 0.0
    if hit:
        reasons.append(f"retrieval {hit.score:.2f}: " + "; ".join(hit.reasons[:3]))
    rin = (
        _satisfied(((c.finding, c.weight) for c in card.checks.rules_in), found)
        if card.checks
        else []
    )
    rout = (
        [
            (found[c.finding], c.weight, c.points_to)
            for c in card.checks.rules_out
            if c.finding in found
        ]
        if card.checks
        else []
    )
    # one bonus per finding: several cards may point here on the same finding
    by_finding: dict[str, tuple[Finding, float]] = {}
    for _, f, w in pointed:
        if f.name not in by_finding or w > by_finding[f.name][1]:
            by_finding[f.name] = (f, w)
    pointed_here = [
        (f, w) for f, w in by_finding.values() if f.name not in {g.name for g, _ in rin}
    ]
    delta = sum(w for _, w in rin) - sum(w for _, w, _ in rout)
    delta += POINTED * sum(w for _, w in pointed_here)
    for f, _ in rin:
        reasons.append(f"rules in: {_cite(f)}")
    for f, _, target in rout:
        reasons.append(f"ruled out: {_cite(f)}" + (f" → {target}" if target else ""))
    for f, _ in sorted(pointed_here, key=lambda t: t[0].name):
        reasons.append(f"pointed to by: {_cite(f)}")
    ids = sorted(
        {i for f, _ in rin for i in f.evidence_ids}
        | {i for f, _, _ in rout for i in f.evidence_ids}
        | {i for f, _ in pointed_here for i in f.evidence_ids}
    )
    return Hypothesis(
        card_id=card.id,
        title=card.title,
        score=round(base + CHECK * delta, 6),
        retrieval_score=round(base, 6),
        reasons=tuple(reasons),
        supporting=tuple(sorted({f.name for f, _ in rin} | {f.name for f, _ in pointed_here})),
        contradicting=tuple(sorted({f.name for f, _, _ in rout})),
        evidence_ids=tuple(ids),
    )
