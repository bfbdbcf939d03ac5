"""The failure-mode taxonomy: families → modes → variants (leaf module: pydantic + yaml).

A *mode* is one operator decision ("reset the GPU", "RMA", "tell the user"); the cards that lead
to the same decision are its *variants*, each with the words that tell it apart. Near-duplicate
cards (the GSP family: reset-required, Xid 154, Xid 119/120, PMU halt; the ECC family: DBE,
Xid 48, Xid 95, Xid 140) are variants of one mode, so a diagnosis can be right at the mode
level and still say which variant the evidence favours.

Each family carries a prior (the share of job interruptions published for it, with its source:
``taxonomy.yaml``); ``agents/sre/posterior.py`` uses it. Every card is in exactly one mode
(:meth:`Taxonomy.check_cards`, run by ``gpufleet kb validate``).
"""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

TAXONOMY_FILE = Path(__file__).resolve().parent / "taxonomy.yaml"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(_Strict):
    """A number and where it comes from: a number without a source is refused."""

    value: float = Field(gt=0, lt=1)
    source: str = Field(min_length=8)


class Mode(_Strict):
    decision: str
    variants: dict[str, str] = Field(min_length=1, description="card id → what tells it apart")


class Family(_Strict):
    prior: Sourced
    modes: dict[str, Mode] = Field(min_length=1)


class Place(_Strict):
    """Where a card sits: its family, mode and the mode's other variants."""

    family: str
    mode: str
    tell: str
    siblings: tuple[str, ...]


class Taxonomy(_Strict):
    families: dict[str, Family]

    def place(self, card_id: str) -> Place | None:
        return _index(self).get(card_id)

    def check_cards(self, card_ids: Collection[str]) -> list[str]:
        """Problems: a card in no mode, in two modes, or a variant naming no card."""
        seen: dict[str, list[str]] = {}
        for fname, fam in self.families.items():
            for mname, mode in fam.modes.items():
                for cid in mode.variants:
                    seen.setdefault(cid, []).append(f"{fname}/{mname}")
        errors = [f"taxonomy: card {c} is in no mode" for c in sorted(set(card_ids) - set(seen))]
        errors += [
            f"taxonomy: card {c} is in {len(m)} modes ({', '.join(m)})"
            for c, m in sorted(seen.items())
            if len(m) > 1
        ]
        errors += [
            f"taxonomy: variant {c} names no card" for c in sorted(set(seen) - set(card_ids))
        ]
        return errors


def _index(tax: Taxonomy) -> dict[str, Place]:
    out: dict[str, Place] = {}
    for fname, fam in tax.families.items():
        for mname, mode in fam.modes.items():
            for cid, tell in mode.variants.items():
                others = tuple(v for v in mode.variants if v != cid)
                out.setdefault(cid, Place(family=fname, mode=mname, tell=tell, siblings=others))
    return out


def parse(text: str) -> Taxonomy:
    """A taxonomy from YAML text (raises ``ValueError`` with the reason)."""
    data = yaml.safe_load(text)
    if not isinstance(data, dict):
        raise ValueError("taxonomy: expected a mapping with 'families'")
    return Taxonomy.model_validate(data)


@cache
def load(path: Path = TAXONOMY_FILE) -> Taxonomy:
    return parse(path.read_text(encoding="utf-8"))
