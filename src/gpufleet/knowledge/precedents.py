"""Precedents: resolved incidents, each a report's words and the failure mode it turned out to be.

A card says what a failure mode *is*, in the vendor's and the maintainers' words; people report
it in their own: "the box reboots when the job starts", "nvidia-smi hangs after the VM
restarted". A precedent is one such report whose cause was settled (by the reporter, an
operator or a maintainer), kept with the card it was. Retrieval finds the precedents most
like a new incident's text (:class:`knowledge.precedent_index.PrecedentIndex`) and their causes
vote (:func:`votes`): the ranking (:mod:`agents.sre.scoring`) adds ``PRECEDENT_WEIGHT`` times
each card's share of the vote, so similar resolved incidents move a card as a finding of weight
one does, never more.

Two libraries feed it: the public one shipped here (``precedents/public.jsonl``, built by
``gpufleet kb precedents build`` from the read evaluation sets listed in
``precedents/sets.txt``; the held-out sets nobody has read stay out, or they would measure their
own answers) and the fleet's own (``precedents.jsonl`` in the SRE state folder: incidents an
operator resolved, recorded with their cause by ``gpufleet record … --from-incident`` and added
by ``gpufleet kb precedents add``).

A line that is not a valid precedent, or whose cause is no card, is counted and reported with
its line number and skipped; the others load.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from pydantic import BaseModel, ConfigDict, Field, ValidationError

PRECEDENTS_DIR: Final = Path(__file__).resolve().parent / "precedents"
PUBLIC_PRECEDENTS: Final = PRECEDENTS_DIR / "public.jsonl"
PRECEDENT_SETS: Final = PRECEDENTS_DIR / "sets.txt"
FLEET_PRECEDENTS: Final = "precedents.jsonl"  # in the SRE agent's state folder
MAX_TEXT: Final = 2500  # characters kept of a report (the embedding reads ~256 tokens of it)
MAX_TITLE: Final = 300  # a subject line; an issue title pasted whole can be longer

# How many precedents vote, how sharply similarity weighs, what an acceptable alternative
# cause counts, and what a whole vote is worth in the ranking. Round twenty-two chose k 8,
# power 2, alternatives at half, weight 0.25 on a smaller library (read sets, each case's own
# precedent withheld; k 5-10 and weight 0.2-0.3 all gave +4 to +6 points). Round twenty-nine,
# with 1,968 precedents, logged each candidate's score parts and the 24 nearest precedents and
# re-ranked offline, each set's whole precedents withheld (its siblings share a writer and a
# source kind). On half the read sets (46, 989 faults) 16 neighbours, power 4 and alternatives
# counted fully gave 767 → 788 right first; on the other half, never looked at while choosing
# (41, 858 faults), 665 → 680, and the real run of the code gives the offline figures exactly.
# k 16-24 with alternatives at 1.0 is a plateau; weight 0.25-0.35 alike, so the weight stays.
# With the round's other changes the 13 unread sets and the five fresh ones moved by -1 fault
# each (of 293 and 102): no gain there.
NEIGHBOURS: Final = 16
SIMILARITY_POWER: Final = 4.0
ACCEPTABLE_SHARE: Final = 1.0
PRECEDENT_WEIGHT: Final = 0.25


class Precedent(BaseModel):
    """One resolved incident: what was reported and what it was."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(min_length=1, max_length=200, pattern=r"^[A-Za-z0-9][A-Za-z0-9._:/-]*$")
    title: str = Field(min_length=1, max_length=MAX_TITLE)
    text: str = Field(
        max_length=MAX_TEXT, description="the report's words, as retrieval reads them"
    )
    cause: str = Field(min_length=1, description="the card id it turned out to be")
    acceptable: tuple[str, ...] = Field(
        default=(), description="other card ids a careful responder would not call wrong"
    )
    source: str = Field(min_length=1, description="where it was reported: a URL or incident:<id>")

    def document(self) -> str:
        """What is embedded: the title (a report's subject line says most) and the text."""
        return f"{self.title}\n{self.text}"


@dataclass(frozen=True, slots=True)
class PrecedentMatch:
    precedent: Precedent
    similarity: float


@dataclass(slots=True)
class PrecedentLibrary:
    """Loaded precedents and what could not be loaded (``problems``: file:line: why)."""

    items: list[Precedent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def by_id(self) -> dict[str, Precedent]:
        return {p.id: p for p in self.items}


def read_precedents(path: Path, cards: Iterable[str]) -> PrecedentLibrary:
    """The precedents of one JSON-lines file; a missing file is an empty library. Causes and
    acceptable alternatives must be ``cards`` ids (an alternative that is not is dropped with
    a problem; a cause that is not drops the line)."""
    known = set(cards)
    lib = PrecedentLibrary()
    if not path.exists():
        return lib
    seen: set[str] = set()
    with path.open(encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path}:{n}"
            p = _parse(line, where, lib.problems)
            if p is None:
                continue
            if p.cause not in known:
                lib.problems.append(f"{where}: cause {p.cause!r} is no card: skipped")
                continue
            if p.id in seen:
                lib.problems.append(f"{where}: id {p.id!r} repeats an earlier line: skipped")
                continue
            unknown = [a for a in p.acceptable if a not in known]
            if unknown:
                lib.problems.append(f"{where}: acceptable {unknown} are no cards: dropped")
                p = p.model_copy(
                    update={"acceptable": tuple(a for a in p.acceptable if a in known)}
                )
            seen.add(p.id)
            lib.items.append(p)
    return lib


def _parse(line: str, where: str, problems: list[str]) -> Precedent | None:
    try:
        return Precedent.model_validate(json.loads(line))
    except json.JSONDecodeError as e:
        problems.append(f"{where}: not JSON ({e.msg} at column {e.colno}): skipped")
    except ValidationError as e:
        first = e.errors()[0]
        at = ".".join(str(x) for x in first["loc"]) or "line"
        problems.append(f"{where}: {at}: {first['msg']} ({e.error_count()} problem(s)): skipped")
    return None


def load_libraries(paths: Sequence[Path], cards: Iterable[str]) -> PrecedentLibrary:
    """Several files as one library; a later file's precedent replaces an earlier one's of the
    same id (the fleet's own resolution wins over the shipped one)."""
    known = list(cards)
    merged: dict[str, Precedent] = {}
    problems: list[str] = []
    for path in paths:
        lib = read_precedents(path, known)
        problems += lib.problems
        merged.update(lib.by_id())
    return PrecedentLibrary(sorted(merged.values(), key=lambda p: p.id), problems)


def precedent_files(state_dir: Path | None = None) -> tuple[Path, ...]:
    """The shipped library, then the fleet's own in ``state_dir`` (when given)."""
    return (
        (PUBLIC_PRECEDENTS,)
        if state_dir is None
        else (PUBLIC_PRECEDENTS, state_dir / FLEET_PRECEDENTS)
    )


def write_precedents(path: Path, precedents: Iterable[Precedent]) -> int:
    """Write ``precedents`` as JSON lines sorted by id (stable diffs); the count written."""
    rows = sorted(precedents, key=lambda p: p.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(
        "".join(json.dumps(p.model_dump(mode="json"), ensure_ascii=False) + "\n" for p in rows),
        encoding="utf-8",
    )
    tmp.replace(path)
    return len(rows)


def votes(
    matches: Sequence[PrecedentMatch],
    power: float = SIMILARITY_POWER,
    acceptable_share: float = ACCEPTABLE_SHARE,
) -> dict[str, float]:
    """Each card's share of the precedents' vote, 0..1: a precedent votes its similarity to
    the ``power`` for its cause and ``acceptable_share`` of that for each acceptable
    alternative, divided by the sum of the weights (so a card all the neighbours were scores
    1). Precedents at or below similarity 0 do not vote."""
    weights = [(m, m.similarity**power) for m in matches if m.similarity > 0]
    total = sum(w for _, w in weights)
    if total <= 0:
        return {}
    out: dict[str, float] = {}
    for m, w in weights:
        out[m.precedent.cause] = out.get(m.precedent.cause, 0.0) + w
        for alt in m.precedent.acceptable:
            if alt != m.precedent.cause:
                out[alt] = out.get(alt, 0.0) + acceptable_share * w
    return {cid: round(min(1.0, v / total), 6) for cid, v in sorted(out.items())}
