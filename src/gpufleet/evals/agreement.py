"""How often two writers agree on a recorded incident's cause: the ceiling label noise puts on
any ranking.

A held-out case's truth is one writer's reading of a public thread: the stated cause mapped to a
card, with the alternatives that writer would accept. A ranking scored against it can be no more
right than a second careful writer would be. An agreement file holds a second writer's labels for
cases of the sets, written blind (the case's evidence and its stated cause, never the first
writer's truth), and this module scores them against the first writer's truth with the eval's own
rule: the second writer's card is "right first" when the first writer's truth accepts it.

File (JSON): ``{"about": "...", "labels": [{"set": "heldout-N", "case": "<folder>",
"root_cause": "<card>" | null, "acceptable_causes": [...], "action_classes": [...],
"confidence": "high" | "medium" | "low"}, ...]}``. ``null``: the second writer found no card
that fits (counted, and a disagreement).

Pure but for :func:`load_labels` and :func:`first_truths`, which read files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpufleet.evals.format import IncidentFormatError, TruthFault, load_spec
from gpufleet.knowledge.taxonomy import Taxonomy


class AgreementError(ValueError):
    """An agreement file that cannot be read, or a label naming no case of the sets."""


class SecondLabel(BaseModel):
    """One case as the second writer labelled it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    set: str = Field(pattern=r"^heldout(-\d+)?$")
    case: str = Field(min_length=1)
    root_cause: str | None
    acceptable_causes: tuple[str, ...] = ()
    action_classes: tuple[str, ...] = Field(default=(), max_length=3)
    confidence: Literal["high", "medium", "low"]


class AgreementFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    about: str
    labels: tuple[SecondLabel, ...]


@dataclass(frozen=True, slots=True)
class Agreement:
    """Counts over the labelled faults (see :func:`agreement`)."""

    cases: int
    same_card: int  # the second writer's card is the first writer's
    accepted: int  # the first writer's truth accepts the second's card (the eval's right first)
    accepted_back: int  # the second writer's accepted cards include the first writer's card
    same_mode: int  # same taxonomy mode (the same operator decision)
    same_family: int
    action_accepted: int  # the second writer's first action class is one the first accepts
    no_card: int  # the second writer found no card that fits
    accepted_by_confidence: Mapping[str, tuple[int, int]]  # grade → (accepted, cases)


def load_labels(path: Path) -> AgreementFile:
    """The agreement file at ``path``; a clear error naming the file and what is wrong."""
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as e:
        raise AgreementError(f"{path}: no such file") from e
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise AgreementError(f"{path}: not readable JSON: {e}") from e
    try:
        return AgreementFile.model_validate(raw)
    except ValidationError as e:
        first = e.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise AgreementError(
            f"{path}: {where}: {first['msg']} ({e.error_count()} problem(s))"
        ) from e


def first_truths(
    labels: Iterable[SecondLabel], sets_dir: Path
) -> dict[tuple[str, str], TruthFault]:
    """The first writer's truth of each labelled case (its one fault), read from ``sets_dir``."""
    out: dict[tuple[str, str], TruthFault] = {}
    for lab in labels:
        folder = sets_dir / lab.set / lab.case
        try:
            faults = load_spec(folder).truth.faults
        except IncidentFormatError as e:
            raise AgreementError(f"{lab.set}/{lab.case}: not a recorded incident: {e}") from e
        if len(faults) != 1 or faults[0].benign:
            raise AgreementError(f"{lab.set}/{lab.case}: agreement is scored on one-fault cases")
        out[(lab.set, lab.case)] = faults[0]
    return out


@dataclass(frozen=True, slots=True)
class _Compared:
    """One case: how the second writer's label stands against the first writer's truth."""

    same_card: bool
    accepted: bool
    accepted_back: bool
    same_mode: bool
    same_family: bool
    action_accepted: bool
    no_card: bool


def _compare(lab: SecondLabel, first: TruthFault, taxonomy: Taxonomy) -> _Compared:
    here = taxonomy.place(first.root_cause)
    there = taxonomy.place(lab.root_cause) if lab.root_cause else None
    return _Compared(
        same_card=lab.root_cause == first.root_cause,
        accepted=lab.root_cause in {first.root_cause, *first.acceptable_causes},
        accepted_back=first.root_cause in {lab.root_cause, *lab.acceptable_causes},
        same_mode=here is not None
        and there is not None
        and (here.family, here.mode) == (there.family, there.mode),
        same_family=here is not None and there is not None and here.family == there.family,
        action_accepted=bool(lab.action_classes) and lab.action_classes[0] in first.action_classes,
        no_card=lab.root_cause is None,
    )


def agreement(
    labels: Sequence[SecondLabel],
    truths: Mapping[tuple[str, str], TruthFault],
    taxonomy: Taxonomy,
) -> Agreement:
    """Score the second writer's labels against the first writer's truths."""
    rows = [(lab, _compare(lab, truths[(lab.set, lab.case)], taxonomy)) for lab in labels]
    grades = sorted({lab.confidence for lab in labels})
    return Agreement(
        cases=len(rows),
        same_card=sum(c.same_card for _, c in rows),
        accepted=sum(c.accepted for _, c in rows),
        accepted_back=sum(c.accepted_back for _, c in rows),
        same_mode=sum(c.same_mode for _, c in rows),
        same_family=sum(c.same_family for _, c in rows),
        action_accepted=sum(c.action_accepted for _, c in rows),
        no_card=sum(c.no_card for _, c in rows),
        accepted_by_confidence={
            g: (
                sum(c.accepted for lab, c in rows if lab.confidence == g),
                sum(1 for lab, _ in rows if lab.confidence == g),
            )
            for g in grades
        },
    )
