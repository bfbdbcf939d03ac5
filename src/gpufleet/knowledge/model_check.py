"""``kb validate``'s checks of the ranker's numbers (pure): taxonomy and sourced numbers.

Errors: a card in no mode or in two (:meth:`knowledge.taxonomy.Taxonomy.check_cards`); a card with
no runbook (its action has nothing to cite). Unsourced numbers never get this far: the schema
refuses a likelihood or a family prior without a ``source`` (:class:`knowledge.schema.Likelihood`,
:class:`knowledge.taxonomy.Sourced`), so the knowledge base does not load.

Warnings: a card with no likelihoods is ranked on its prior and retrieval only (not yet modelled).
"""

from __future__ import annotations

from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.taxonomy import Taxonomy


def model_errors(kb: KnowledgeBase, tax: Taxonomy) -> list[str]:
    errors = tax.check_cards(list(kb.cards))
    errors += [
        f"card {c.id}: no runbook, so its action names no source"
        for c in kb.card_list
        if not c.runbooks
    ]
    return errors


def model_warnings(kb: KnowledgeBase) -> list[str]:
    bare = sorted(c.id for c in kb.card_list if not c.likelihoods)
    if not bare:
        return []
    return [
        f"{len(bare)} card(s) have no likelihoods (prior and retrieval only): {', '.join(bare)}"
    ]
