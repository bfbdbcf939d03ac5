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
OPENED                      2.0    a rules-in check confirming the symptom that opened the
                                   incident counts double: the NOC's reason to page is the
                                   fact the diagnosis must explain first
FAULT_OUT                   2.0    one rules-out of weight 2 for a benign card facing a fault
                                   finding (once, however many fault findings hold)
PRECEDENT_WEIGHT            0.25   × the card's share of the vote of the sixteen resolved
                                   incidents most like a report (``knowledge.precedents``):
                                   a whole vote is worth one finding of weight 1, so
                                   precedents decide between cards the words score alike
                                   and never outvote evidence
==========================  =====  =========================================================

Three rules then order what the sum alone would get wrong (each shows in the reasons):

- **own signal**: a card whose ``checks.requires`` names findings of which none holds ranks after
  every card that is not so lacking (the sticky-gauge card matches any Xid line by retrieval;
  its own signal is a gauge with no such line in the log);
- **faults are not benign**: a card of severity ``info`` (teardown churn, a sticky gauge,
  planned work) is ruled out by any finding of :data:`knowledge.findings.FAULT_FINDINGS` and
  ranks after the cards that are not: a degrading HBM is never closed as benign because every
  GPU also logged Xid 45;
- **what opened the incident**: a satisfied rules-in check that confirms the incident's first
  symptom (:data:`knowledge.findings.SYMPTOM_FINDINGS`) counts ``OPENED`` times more: the
  metric finding that opened an incident outweighs log matches the other GPUs share.

Candidates are the retrieval hits, every card with a satisfied rules-in check (evidence can
name a mode that the symptom text missed), and every card a satisfied rules-out points to. A card
the evidence names below every layer's top k keeps its own retrieval score, asked for by name
(:func:`evidence_candidates`): with 0 instead, an uncorrectable-ECC error in a job's log lost to
a hung-job card that only the symptom's words favoured.
Weights per check live in the cards (default 1; 2-3 for near-pathognomonic findings such as an
Xid code or a failed row remap). Ties go to the smaller card id, so a ranking is deterministic.
Reasons read "rules in: slot_neighbours_warming (E03, E04)" and
"ruled out: whole_rack_warming → rack-cooling-failure (E07)".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gpufleet.agents.sre import posterior
from gpufleet.bus.events import REPORT_SOURCE, Evidence, Finding, Hypothesis, Incident
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.findings import FAULT_FINDINGS, SYMPTOM_FINDINGS
from gpufleet.knowledge.precedents import MAX_TEXT, PRECEDENT_WEIGHT, PrecedentMatch, votes
from gpufleet.knowledge.retrieve import Hit, Query, from_incident
from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.symptoms import REPORTED_SYMPTOMS
from gpufleet.telemetry.unread_text import SIGNAL as UNREAD_SYMPTOM
from gpufleet.telemetry.unread_text import words_of

CHECK = 0.25
POINTED = 0.5
OPENED = 2.0
FAULT_OUT = 2.0
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
    unread = _unread(incident, evidence)
    by_rule_read_report = opened_by_rule_read_report(incident)
    lines = [*lines, *unread]
    base = from_incident(incident, tuple(dict.fromkeys(lines))[: MAX_LOG_LINES + len(unread)])
    xids = sorted({*base.xids, *(int(f.name[4:]) for f in findings if f.name.startswith("xid:"))})
    return Query(
        text="\n".join(words_of(ln) for ln in unread) if unread else base.text,
        symptoms=base.symptoms,
        fields=base.fields,
        xids=tuple(xids),
        log_lines=base.log_lines,
        scheduler_states=tuple(states),
        scope=None if unread else base.scope,  # the NOC placed a text; not its mode
        reports=words_of_reports(incident, evidence) if by_rule_read_report else "",
    )


def words_of_reports(incident: Incident, evidence: Sequence[Evidence]) -> str:
    """The words of the reports the evidence reads found about the incident (each file's
    failure lines or first lines, :func:`telemetry.unread_text.report_excerpt`), as the
    resolved incidents' reports are kept (:mod:`evals.precedent_cases`); ``""`` when the
    reads found no file on the incident's nodes and jobs. The kinds of report that opened the
    incident come first: the text is cut at the library's length, and the embedding reads only
    its head."""
    opening = _opening_sources(incident)
    searches = [
        e for e in evidence if e.tool == "node_evidence.search" and e.facts.get("report_words")
    ]
    searches.sort(key=lambda e: not opening & set(str(e.facts.get("sources", "")).split(",")))
    texts = [str(e.facts["report_words"]) for e in searches]
    lines = dict.fromkeys(ln.strip() for t in texts for ln in t.splitlines() if ln.strip())
    return "\n".join(w for ln in lines if (w := words_of(ln)))[:MAX_TEXT]


def _opening_sources(incident: Incident) -> set[str]:
    """The sources (``nvidia_smi_q``, ``job_log``, …) of the reports that opened or joined the
    incident: those its ``sources`` name, and a job's log where it names jobs."""
    named = {
        s.removeprefix(REPORT_SOURCE).split(" ", 1)[0]
        for s in incident.sources
        if s.startswith(REPORT_SOURCE)
    }
    return named | ({"job_log"} if incident.jobs else set())


def opened_by_rule_read_report(incident: Incident) -> bool:
    """Whether a report a rule read opened or joined the incident: a symptom only a report
    raises (a job's CUDA error, a pasted ``nvidia-smi``, a pod's events), or a report file among
    its sources. Such an incident is compared with the resolved incidents by its reports' words;
    one the NOC opened from telemetry alone is not, even where its nodes hold files (an old
    ``nvidia-smi -q`` of the node says nothing of what the telemetry saw)."""
    if opened_by_report(incident):
        return False  # no rule read it: its excerpt is the query text (_unread)
    reported = set(incident.symptoms) & REPORTED_SYMPTOMS
    return bool(reported) or any(s.startswith(REPORT_SOURCE) for s in incident.sources)


def opened_by_report(incident: Incident) -> bool:
    """Whether only a report no rule read (``gpu_text_unread``) opened the incident."""
    return set(incident.symptoms) == {UNREAD_SYMPTOM}


def _unread(incident: Incident, evidence: Sequence[Evidence]) -> list[str]:
    """For an incident only a report no rule read opened (``gpu_text_unread``), that report's
    excerpt: the text is all there is to rank failure modes by. An incident a readable signal
    opened keeps its own query: the unread report that joined it rides along as evidence."""
    if not opened_by_report(incident):
        return []
    texts = [
        str(e.facts["unread_text"])
        for e in evidence
        if e.tool == "node_evidence.search" and e.facts.get("unread_text")
    ]
    return list(dict.fromkeys(ln.strip() for t in texts for ln in t.splitlines() if ln.strip()))


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
    similar: Sequence[PrecedentMatch] = (),
) -> tuple[Hypothesis, ...]:
    """Ranked hypotheses, best first (see the module docstring for the score); ``similar``:
    the resolved incidents most like this one (:meth:`Retriever.similar_incidents`)."""
    found = {f.name: f for f in findings}
    vote = {cid: v for cid, v in votes(similar).items() if cid in kb.cards}
    ranked = candidates_before_vote(incident, findings, hits, kb, set(vote))
    ranked = [(d, _with_precedents(h, vote.get(h.card_id, 0.0), similar)) for d, h in ranked]
    ranked.sort(key=lambda r: (r[0], -r[1].score, r[1].card_id))
    out = _by_model(tuple(h for _, h in ranked[:MAX_HYPOTHESES]), found, kb)
    return out


def candidates_before_vote(
    incident: Incident,
    findings: Sequence[Finding],
    hits: Sequence[Hit],
    kb: KnowledgeBase,
    voted: set[str],
) -> list[tuple[bool, Hypothesis]]:
    """Every candidate card scored on retrieval and checks, before the precedents' vote, with
    whether it is demoted: the retrieval hits, the cards the findings name and the cards in
    ``voted`` (those the similar incidents vote for), in card-id order."""
    found = {f.name: f for f in findings}
    retrieval = {h.card_id: h for h in hits if h.card_id in kb.cards}
    pointed = _pointed(found, kb)
    candidates = set(retrieval) | evidence_candidates(findings, kb) | (voted & set(kb.cards))
    opened = _opening_findings(incident)
    return [
        _ranked(kb.card(cid), retrieval.get(cid), found, pointed.get(cid, []), opened)
        for cid in sorted(candidates)
    ]


def _with_precedents(h: Hypothesis, vote: float, similar: Sequence[PrecedentMatch]) -> Hypothesis:
    """``h`` with ``PRECEDENT_WEIGHT`` × its share of the similar incidents' vote added, and
    the reason naming the closest one that was this card."""
    if vote <= 0:
        return h
    own = [m for m in similar if m.precedent.cause == h.card_id]
    alt = sum(1 for m in similar if h.card_id in m.precedent.acceptable)
    first = own[0] if own else next(m for m in similar if h.card_id in m.precedent.acceptable)
    said = f"{len(own)} of {len(similar)} similar resolved incidents were this" + (
        f" ({alt} more allow it)" if alt else ""
    )
    why = (
        f"precedents {vote:.2f}: {said}; closest {first.similarity:.2f}: "
        f"{first.precedent.title[:90]!r} ({first.precedent.source})"
    )
    return h.model_copy(
        update={
            "score": round(h.score + PRECEDENT_WEIGHT * vote, 6),
            "reasons": (*h.reasons, why),
            "precedent_vote": vote,
        }
    )


def _pointed(
    found: dict[str, Finding], kb: KnowledgeBase
) -> dict[str, list[tuple[str, Finding, float]]]:
    """card id → (the card whose rules-out points here, the finding, its weight)."""
    pointed: dict[str, list[tuple[str, Finding, float]]] = {}
    for card in kb.cards.values():
        for c in card.checks.rules_out if card.checks else ():
            if c.finding in found and c.points_to and c.points_to in kb.cards:
                pointed.setdefault(c.points_to, []).append((card.id, found[c.finding], c.weight))
    return pointed


def evidence_candidates(findings: Sequence[Finding], kb: KnowledgeBase) -> set[str]:
    """The cards the findings name, whatever retrieval ranked: a satisfied rules-in check, or
    a satisfied rules-out elsewhere that points to the card. Their retrieval score is asked
    for by name (:meth:`knowledge.retrieve.Retriever.score_cards`), so evidence adds to what
    the words say for a card instead of lifting it from nothing."""
    found = {f.name: f for f in findings}
    named = {
        card.id
        for card in kb.cards.values()
        if card.checks and any(c.finding in found for c in card.checks.rules_in)
    }
    return named | set(_pointed(found, kb))


def _by_model(
    ranked: tuple[Hypothesis, ...], found: dict[str, Finding], kb: KnowledgeBase
) -> tuple[Hypothesis, ...]:
    """The leader's reasons say its taxonomy mode and what the probabilistic model
    (:mod:`agents.sre.posterior`) makes of its family: the variant the evidence favours, each
    finding's shift in log-odds and what the runner-up lacks.

    The model explains and does not reorder: letting it choose the leader within the family
    raised ``evals/heldout`` from 13/16 to 15/16 but dropped the suite from 68/68 to 66/68
    (dbe-2, evidence-gsp-chain-after-reboot) and left ``evals/heldout-2`` at 4/6, so by the
    measurement rule (issue 25) it stays off until more cards carry likelihoods."""
    if not ranked:
        return ranked
    tax = taxonomy.load()
    place = tax.place(ranked[0].card_id)
    if place is None:
        return ranked
    family = [h for h in ranked if (p := tax.place(h.card_id)) and p.family == place.family]
    scores = posterior.variants_ranked([kb.card(h.card_id) for h in family], set(found), tax)
    decision = tax.families[place.family].modes[place.mode].decision
    notes = [f"mode: {place.family}/{place.mode} ({decision})"]
    if place.siblings:
        notes.append(f"variant: {ranked[0].card_id} ({place.tell})")
    if scores:
        if scores[0].card_id != ranked[0].card_id:
            notes.append(f"the model favours {scores[0].card_id} in this family")
        notes.append(posterior.explain(scores[0], scores[1] if len(scores) > 1 else None))
    lead = ranked[0].model_copy(update={"reasons": (*ranked[0].reasons, *notes)})
    return (lead, *ranked[1:])


def _opening_findings(incident: Incident) -> frozenset[str]:
    """The findings that confirm the incident's first symptom (what the NOC paged on)."""
    first = next((s for s in incident.symptoms if not s.startswith("xid_")), None)
    return frozenset(SYMPTOM_FINDINGS.get(first, ())) if first else frozenset()


def _ranked(
    card: Card,
    hit: Hit | None,
    found: dict[str, Finding],
    pointed: list[tuple[str, Finding, float]],
    opened: frozenset[str],
) -> tuple[bool, Hypothesis]:
    """The card's hypothesis, and whether it is demoted (no own signal, or benign against a
    fault finding): demoted cards rank after all others, whatever their score."""
    h = _hypothesis(card, hit, found, pointed, opened)
    extra: list[str] = []
    delta = 0.0
    demoted = False
    requires = card.checks.requires if card.checks else []
    if requires and not any(r in found for r in requires):
        demoted = True
        extra.append("lacks its own signal: none of " + ", ".join(requires))
    faults = sorted(FAULT_FINDINGS & set(found)) if card.severity == "info" else []
    if faults:
        demoted = True
        delta -= CHECK * FAULT_OUT
        extra.append(
            "ruled out: "
            + ", ".join(_cite(found[f]) for f in faults)
            + " (a fault finding; a benign explanation cannot close it)"
        )
    if not extra:
        return False, h
    ids = sorted({*h.evidence_ids, *(i for f in faults for i in found[f].evidence_ids)})
    return demoted, h.model_copy(
        update={
            "score": round(h.score + delta, 6),
            "reasons": (*h.reasons, *extra),
            "contradicting": tuple(sorted({*h.contradicting, *faults})),
            "evidence_ids": tuple(ids),
        }
    )


def _hypothesis(
    card: Card,
    hit: Hit | None,
    found: dict[str, Finding],
    pointed: list[tuple[str, Finding, float]],
    opened: frozenset[str] = frozenset(),
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
    delta = sum(w * (OPENED if f.name in opened else 1.0) for f, w in rin)
    delta -= sum(w for _, w, _ in rout)
    delta += POINTED * sum(w for _, w in pointed_here)
    for f, _ in rin:
        first = " — it opened the incident" if f.name in opened else ""
        reasons.append(f"rules in: {_cite(f)}{first}")
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
