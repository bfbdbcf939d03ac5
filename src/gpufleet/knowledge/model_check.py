"""``kb validate``'s checks of the ranker's numbers (pure): taxonomy and sourced numbers.

Errors: a card in no mode or in two (:meth:`knowledge.taxonomy.Taxonomy.check_cards`); a card with
no runbook (its action has nothing to cite); a card with no likelihoods (not modelled); a
likelihood ratio off the fixed scale of :mod:`agents.sre.posterior` (:data:`LR_SCALE`: a number
read off a category of vendor statement, never tuned); a finding the card's checks weigh (a
rules-in, or a rules-out that points elsewhere) with no sourced ratio behind it. Unsourced numbers
never get this far: the schema refuses a likelihood or a family prior without a ``source``
(:class:`knowledge.schema.Likelihood`, :class:`knowledge.taxonomy.Sourced`), so the knowledge base
does not load.
"""

from __future__ import annotations

from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.taxonomy import Taxonomy

# the categories of vendor statement a likelihood ratio is read off (agents/sre/posterior.py)
LR_SCALE = frozenset({20.0, 5.0, 2.0, 0.2})


def model_errors(kb: KnowledgeBase, tax: Taxonomy) -> list[str]:
    """The taxonomy's view of the bundled cards (every card in exactly one mode)."""
    return tax.check_cards(list(kb.cards))


def number_errors(kb: KnowledgeBase) -> list[str]:
    """Each card's own numbers and action, in any cards folder (see the module doc)."""
    return [e for c in kb.card_list for e in _card_errors(c)]


def _card_errors(card: Card) -> list[str]:
    out = []
    if not card.runbooks:
        out.append(f"card {card.id}: no runbook, so its action names no source")
    if not card.likelihoods:
        out.append(f"card {card.id}: no likelihoods, so its ranking names no source")
    out += [
        f"card {card.id}: likelihood ratio {lk.lr:g} for {lk.finding} is off the scale "
        f"{sorted(LR_SCALE)} (agents/sre/posterior.py)"
        for lk in card.likelihoods
        if lk.lr not in LR_SCALE
    ]
    modelled = {lk.finding for lk in card.likelihoods}
    weighed = [c.finding for c in card.checks.rules_in] if card.checks else []
    if card.checks:
        weighed += [c.finding for c in card.checks.rules_out if c.points_to]
    out += [
        f"card {card.id}: checks weigh {f} but no sourced likelihood ratio names it"
        for f in dict.fromkeys(weighed)
        if f not in modelled
    ]
    return out
