"""A transparent probabilistic model over the findings: naive Bayes in log-odds (pure).

For a card c with prior p(c) and the findings F that hold::

    log-odds(c | F) = logit(p(c)) + Σ_{f ∈ F ∩ L(c)} ln LR_c(f)

where ``L(c)`` are the card's ``likelihoods`` (:class:`knowledge.schema.Likelihood`): each
likelihood ratio LR_c(f) = P(f | c) / P(f | not c) names the vendor statement it comes from.
Findings are taken as independent given the mode (the naive-Bayes assumption); a finding the card
gives no ratio for is treated as uninformative (LR 1), never as evidence against.

Priors: the card's family prior (:mod:`knowledge.taxonomy`, the published share of job
interruptions, e.g. Llama 3 Table 5: GSP 17/418) split uniformly over the family's modes; every
variant of a mode carries the mode's prior (variants are readings of one decision, so the prior
cancels between them and the likelihoods alone choose the variant). No published source splits a
family further, so the split adds nothing the sources do not say.

Likelihood ratios are read off categorical vendor statements, on one fixed scale (no number is
fitted to a suite case):

=====  ====================================================================================
LR     vendor statement
=====  ====================================================================================
20     the catalog / driver names this finding as the mode's own signature (Xid 95 is
       "uncontained memory error"; status 0x62 is NV_ERR_RESET_REQUIRED)
5      the vendor's workflow names the finding as part of the mode's chain (Xid 154 next to
       Xid 62 / 120; Xid 48 "with Xid 63 or 64 → DRAIN_AND_RESET")
2      the finding is consistent with the mode but shared with its siblings (an Xid chain on
       one GPU; a DBE counter rise under any uncorrectable error)
0.2    the vendor says the finding points elsewhere (a contained error, Xid 94, under an
       uncontained-error card)
=====  ====================================================================================

:func:`explain` writes which findings moved the card by how much (natural-log units) and what the
runner-up lacks.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.taxonomy import Taxonomy


@dataclass(frozen=True)
class Score:
    card_id: str
    prior: float
    terms: tuple[tuple[str, float], ...]  # (finding, ln LR) for each finding that holds

    @property
    def log_odds(self) -> float:
        return logit(self.prior) + sum(t for _, t in self.terms)

    @property
    def posterior(self) -> float:
        return 1.0 / (1.0 + math.exp(-self.log_odds))


def logit(p: float) -> float:
    return math.log(p / (1.0 - p))


def card_prior(card_id: str, tax: Taxonomy) -> float | None:
    """Family prior / modes in the family (``None``: not in the taxonomy)."""
    place = tax.place(card_id)
    if place is None:
        return None
    fam = tax.families[place.family]
    return fam.prior.value / len(fam.modes)


def score(card: Card, found: Collection[str], prior: float) -> Score:
    """The card's log-odds given the findings that hold (see the module docstring)."""
    terms = tuple((lk.finding, math.log(lk.lr)) for lk in card.likelihoods if lk.finding in found)
    return Score(card.id, prior, terms)


def variants_ranked(cards: Sequence[Card], found: Collection[str], tax: Taxonomy) -> list[Score]:
    """The modelled cards (those with likelihoods) by posterior, best first; ties by id."""
    out = []
    for c in cards:
        prior = card_prior(c.id, tax)
        if prior is not None and c.likelihoods:
            out.append(score(c, found, prior))
    return sorted(out, key=lambda s: (-s.log_odds, s.card_id))


def explain(best: Score, runner_up: Score | None) -> str:
    """One line: the prior, each finding's shift, the posterior, and what the runner-up lacks."""
    moves = ", ".join(f"{f} {t:+.2f}" for f, t in best.terms) or "no modelled finding"
    line = (
        f"model: {best.card_id} log-odds {best.log_odds:+.2f} (prior {best.prior:.4f} → "
        f"{logit(best.prior):+.2f}; {moves}; posterior {best.posterior:.3f})"
    )
    if runner_up is None:
        return line
    lacks = sorted({f for f, t in best.terms if t > 0} - {f for f, _ in runner_up.terms})
    gap = best.log_odds - runner_up.log_odds
    why = f"lacks {', '.join(lacks)}" if lacks else "has no finding the leader lacks"
    return line + f"; runner-up {runner_up.card_id} {gap:.2f} behind ({why})"
