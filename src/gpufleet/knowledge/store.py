"""Loading and validating the knowledge base: failure-mode cards and runbooks.

- :func:`load_cards` / :func:`load_runbooks` parse every file of a folder and validate it against
  :mod:`knowledge.schema`. They report *every* bad file at once (:class:`KnowledgeError`), each
  error naming the file and the field path (``signals.log_patterns.1``), so an author fixes a
  batch of cards in one pass.
- :class:`KnowledgeBase` holds the validated cards and runbooks by id and checks what the schema
  cannot see on one file alone (:meth:`KnowledgeBase.validate_references`): runbook/card ids
  that do not exist, duplicate ids, simulator fault classes no card explains, NOC symptom names
  the detector never emits, tools a runbook's checks name that the agent does not have.
- :meth:`KnowledgeBase.content_hash` is the identity of the content: the vector index stores it
  and rebuilds when it changes.
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from gpufleet.knowledge.schema import TOOLS, Card, Runbook
from gpufleet.knowledge.symptoms import SYMPTOMS, is_symptom
from gpufleet.knowledge.xid import catalog as xid_catalog

KNOWLEDGE_DIR = Path(__file__).resolve().parent
CARDS_DIR = KNOWLEDGE_DIR / "cards"
RUNBOOKS_DIR = KNOWLEDGE_DIR / "runbooks"
CARD_SUFFIXES = (".md",)
RUNBOOK_SUFFIXES = (".yaml", ".yml")
FIELD_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
# Below this a card is written only in the vendor's words (knowledge.index, the "reported" view).
MIN_REPORT_PHRASES = 8

M = TypeVar("M", bound=BaseModel)


class KnowledgeError(ValueError):
    """One or more knowledge files are invalid. ``errors`` holds one line per problem."""

    def __init__(self, what: str, errors: Sequence[str]) -> None:
        self.errors = list(errors)
        n_files = len({e.split(":", 1)[0] for e in self.errors})
        head = f"{what}: {len(self.errors)} error(s) in {n_files} file(s)"
        super().__init__("\n  ".join([head, *self.errors]))


# --------------------------------------------------------------------------- parsing
def split_front_matter(text: str) -> tuple[str, str]:
    """``---\\n<yaml>\\n---\\n<body>`` → (yaml, body). Raises ValueError without front matter."""
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        raise ValueError("no YAML front matter: the file must start with a '---' line")
    for i in range(1, len(lines)):
        if lines[i].strip() == "---":
            return "".join(lines[1:i]), "".join(lines[i + 1 :]).strip()
    raise ValueError("front matter is not closed by a '---' line")


def _loc(loc: Iterable[int | str]) -> str:
    return ".".join(str(x) for x in loc) or "(top level)"


def _pydantic_errors(path: Path, e: ValidationError) -> list[str]:
    out = []
    for err in e.errors():
        msg = err["msg"].removeprefix("Value error, ")
        out.append(f"{path}: {_loc(err['loc'])}: {msg}")
    return out


def _yaml_error(path: Path, e: yaml.YAMLError, line_offset: int = 0) -> str:
    mark = getattr(e, "problem_mark", None)
    where = f"line {mark.line + 1 + line_offset}" if mark is not None else "YAML"
    problem = getattr(e, "problem", None) or str(e)
    return f"{path}: {where}: invalid YAML: {problem}"


def parse_card(path: Path) -> Card:
    """One card file → :class:`Card` (the Markdown after the front matter becomes ``body``)."""
    errors: list[str] = []
    card = _parse_card(path, errors)
    if card is None:
        raise KnowledgeError("invalid card", errors)
    return card


def _parse_card(path: Path, errors: list[str]) -> Card | None:
    try:
        front, body = split_front_matter(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as e:
        errors.append(f"{path}: {e}")
        return None
    try:
        raw: Any = yaml.safe_load(front)
    except yaml.YAMLError as e:
        errors.append(_yaml_error(path, e, line_offset=1))  # +1: the opening '---'
        return None
    if not isinstance(raw, dict):
        errors.append(f"{path}: front matter must be a mapping of card fields")
        return None
    if "body" in raw:
        errors.append(f"{path}: body: write the body after the front matter, not as a field")
        return None
    try:
        return Card.model_validate({**raw, "body": body})
    except ValidationError as e:
        errors.extend(_pydantic_errors(path, e))
        return None


def _parse_yaml_model(path: Path, model: type[M], errors: list[str]) -> M | None:
    try:
        raw: Any = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as e:
        errors.append(f"{path}: {e}")
        return None
    except yaml.YAMLError as e:
        errors.append(_yaml_error(path, e))
        return None
    if not isinstance(raw, dict):
        errors.append(f"{path}: must be a YAML mapping of {model.__name__.lower()} fields")
        return None
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        errors.extend(_pydantic_errors(path, e))
        return None


def _files(directory: Path, suffixes: tuple[str, ...]) -> list[Path]:
    if not directory.is_dir():
        raise KnowledgeError(f"{directory}", [f"{directory}: not a directory"])
    return sorted(p for p in directory.iterdir() if p.is_file() and p.suffix in suffixes)


def _load_cards(directory: Path) -> list[tuple[Path, Card]]:
    errors: list[str] = []
    out = []
    for p in _files(directory, CARD_SUFFIXES):
        card = _parse_card(p, errors)
        if card is not None:
            out.append((p, card))
    if errors:
        raise KnowledgeError("invalid cards", errors)
    return out


def _load_runbooks(directory: Path) -> list[tuple[Path, Runbook]]:
    errors: list[str] = []
    out = []
    for p in _files(directory, RUNBOOK_SUFFIXES):
        rb = _parse_yaml_model(p, Runbook, errors)
        if rb is not None:
            out.append((p, rb))
    if errors:
        raise KnowledgeError("invalid runbooks", errors)
    return out


def load_cards(dir: Path = CARDS_DIR) -> list[Card]:
    """Every ``*.md`` card of ``dir``, validated, in file-name order.

    Raises :class:`KnowledgeError` listing all bad files (file, field path, message)."""
    return [c for _, c in _load_cards(Path(dir))]


def load_runbooks(dir: Path = RUNBOOKS_DIR) -> list[Runbook]:
    """Every ``*.yaml`` runbook of ``dir``, validated, in file-name order (errors as above)."""
    return [r for _, r in _load_runbooks(Path(dir))]


# --------------------------------------------------------------------------- vocabulary
def noc_symptoms() -> frozenset[str]:
    """Symptom names the NOC detector emits (besides ``xid_<n>``): ``knowledge.symptoms``."""
    return frozenset(SYMPTOMS)


def is_noc_symptom(name: str) -> bool:
    return is_symptom(name)


def _known_xids() -> frozenset[int]:
    return frozenset(xid_catalog())


# --------------------------------------------------------------------------- knowledge base
@dataclass
class KnowledgeBase:
    """Validated cards and runbooks, by id, with the files they came from.

    Build with :meth:`load` (from folders) or directly from models (tests). Duplicate ids are
    kept in :attr:`card_list` / :attr:`runbook_list` so :meth:`validate_references` can report
    them; the id maps keep the first occurrence."""

    card_list: list[Card]
    runbook_list: list[Runbook]
    card_files: list[Path] = field(default_factory=list)
    runbook_files: list[Path] = field(default_factory=list)
    cards: dict[str, Card] = field(init=False)
    runbooks: dict[str, Runbook] = field(init=False)

    def __post_init__(self) -> None:
        self.cards = {}
        for c in self.card_list:
            self.cards.setdefault(c.id, c)
        self.runbooks = {}
        for r in self.runbook_list:
            self.runbooks.setdefault(r.id, r)

    @classmethod
    def load(cls, cards_dir: Path = CARDS_DIR, runbooks_dir: Path = RUNBOOKS_DIR) -> KnowledgeBase:
        """Parse and validate both folders; one :class:`KnowledgeError` lists every bad file."""
        errors: list[str] = []
        cards: list[tuple[Path, Card]] = []
        runbooks: list[tuple[Path, Runbook]] = []
        try:
            cards = _load_cards(Path(cards_dir))
        except KnowledgeError as e:
            errors += e.errors
        try:
            runbooks = _load_runbooks(Path(runbooks_dir))
        except KnowledgeError as e:
            errors += e.errors
        if errors:
            raise KnowledgeError("invalid knowledge base", errors)
        return cls(
            card_list=[c for _, c in cards],
            runbook_list=[r for _, r in runbooks],
            card_files=[p for p, _ in cards],
            runbook_files=[p for p, _ in runbooks],
        )

    # ------------------------------------------------------------------ lookups
    def card(self, card_id: str) -> Card:
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"no card {card_id!r}") from None

    def runbooks_for(self, card_id: str) -> list[Runbook]:
        """Runbooks the card names, then runbooks that declare they apply to it (no repeats)."""
        card = self.cards.get(card_id)
        ids = list(card.runbooks) if card else []
        ids += [r.id for r in self.runbooks.values() if card_id in r.applies_to]
        return [self.runbooks[i] for i in dict.fromkeys(ids) if i in self.runbooks]

    def cards_for_runbook(self, runbook_id: str) -> list[Card]:
        rb = self.runbooks.get(runbook_id)
        ids = list(rb.applies_to) if rb else []
        ids += [c.id for c in self.cards.values() if runbook_id in c.runbooks]
        return [self.cards[i] for i in dict.fromkeys(ids) if i in self.cards]

    # ------------------------------------------------------------------ validation
    def validate_references(self, fault_classes: Collection[str] | None = None) -> list[str]:
        """Cross-file errors (empty when the knowledge base is consistent), one line each.

        - duplicate card or runbook ids;
        - a card naming an unknown runbook or related card; a runbook applying to an unknown
          card;
        - with ``fault_classes`` (the simulator's, ``sim.faults.ALL_FAULTS``; the caller passes
          them because the knowledge base does not depend on the simulator): a card naming a
          fault class not among them, and fault classes no card maps;
        - a card's ``checks.rules_out`` pointing to an unknown card;
        - a card naming a symptom the NOC never emits (RuleSpec symptoms, ``xid_<n>``,
          ``nic_link_flap``, ``rm_init_failed``);
        - a runbook precondition or verification naming a tool outside ``schema.TOOLS`` (the
          schema checks step tools only).
        """
        errors: list[str] = []
        src = self._card_sources()
        rsrc = self._runbook_sources()
        id_lists: list[tuple[str, list[str], dict[str, list[Path]]]] = [
            ("card", [c.id for c in self.card_list], src),
            ("runbook", [r.id for r in self.runbook_list], rsrc),
        ]
        for kind, ids, where in id_lists:
            for dup, n in sorted(Counter(ids).items()):
                if n > 1:
                    files = ", ".join(str(p) for p in where.get(dup, []))
                    errors.append(f"duplicate {kind} id {dup!r} ({n}×: {files})")
        faults = frozenset(fault_classes or ())
        check_faults = fault_classes is not None
        mapped: set[str] = set()
        for c in self.card_list:
            at = self._where(src, c.id)
            for rb_id in c.runbooks:
                if rb_id not in self.runbooks:
                    errors.append(f"{at}: runbooks: unknown runbook {rb_id!r}")
            for i, rule in enumerate(c.runbook_when):
                if rule.runbook not in self.runbooks:
                    errors.append(f"{at}: runbook_when.{i}: unknown runbook {rule.runbook!r}")
            for rel in c.related:
                if rel not in self.cards:
                    errors.append(f"{at}: related: unknown card {rel!r}")
                elif rel == c.id:
                    errors.append(f"{at}: related: a card cannot be related to itself")
            if c.checks is not None:
                for i, chk in enumerate(c.checks.rules_out):
                    if chk.points_to is not None and chk.points_to not in self.cards:
                        errors.append(
                            f"{at}: checks.rules_out.{i}.points_to: unknown card {chk.points_to!r}"
                        )
            for fc in c.fault_classes:
                if check_faults and fc not in faults:
                    errors.append(
                        f"{at}: fault_classes: unknown simulator fault class {fc!r} "
                        f"(known: {', '.join(sorted(faults))})"
                    )
                mapped.add(fc)
            for s in c.signals.symptoms:
                if not is_noc_symptom(s):
                    errors.append(f"{at}: signals.symptoms: {s!r} is not a NOC symptom")
        for fc in sorted(faults - mapped) if check_faults else ():
            errors.append(f"simulator fault class {fc!r} is not mapped by any card (fault_classes)")
        for r in self.runbook_list:
            at = self._where(rsrc, r.id)
            for cid in r.applies_to:
                if cid not in self.cards:
                    errors.append(f"{at}: applies_to: unknown card {cid!r}")
            for i, pre in enumerate(r.preconditions):
                if pre.tool is not None and pre.tool not in TOOLS:
                    errors.append(f"{at}: preconditions.{i}.tool: unknown tool {pre.tool!r}")
            if r.verification.tool not in TOOLS:
                errors.append(f"{at}: verification.tool: unknown tool {r.verification.tool!r}")
        return errors

    def warnings(self) -> list[str]:
        """Style problems that do not break retrieval or the agent (``kb validate`` shows them).

        A file name that is not ``<id>.md`` / ``<id>.yaml`` (``kb show`` finds cards by id, but
        people find them by file), DCGM field names that are not upper-case identifiers, Xids
        outside NVIDIA's catalog, a card no runbook covers, a card with too few report phrases."""
        out: list[str] = []
        named = [
            *zip(self.card_files, [c.id for c in self.card_list], strict=False),
            *zip(self.runbook_files, [r.id for r in self.runbook_list], strict=False),
        ]
        for p, item_id in named:
            if p.stem != item_id:
                out.append(f"{p}: id {item_id!r} differs from the file name")
        src = self._card_sources()
        xids = _known_xids()
        for c in self.card_list:
            at = self._where(src, c.id)
            for f in c.signals.fields:
                if not FIELD_NAME.match(f):
                    out.append(f"{at}: signals.fields: {f!r} is not a DCGM/node field name")
            for x in c.signals.xids:
                if x not in xids:
                    out.append(f"{at}: signals.xids: Xid {x} is not in NVIDIA's catalog")
            if not self.runbooks_for(c.id):
                out.append(f"{at}: no runbook covers this card")
            if len(c.reported_as) < MIN_REPORT_PHRASES:
                out.append(
                    f"{at}: reported_as: {len(c.reported_as)} report phrases (at least "
                    f"{MIN_REPORT_PHRASES}): reports in people's words reach this card only "
                    "through its vendor prose, while its siblings' phrases match them"
                )
        return out

    def _card_sources(self) -> dict[str, list[Path]]:
        out: dict[str, list[Path]] = {}
        for p, c in zip(self.card_files, self.card_list, strict=False):
            out.setdefault(c.id, []).append(p)
        return out

    def _runbook_sources(self) -> dict[str, list[Path]]:
        out: dict[str, list[Path]] = {}
        for p, r in zip(self.runbook_files, self.runbook_list, strict=False):
            out.setdefault(r.id, []).append(p)
        return out

    @staticmethod
    def _where(sources: dict[str, list[Path]], item_id: str) -> str:
        paths = sources.get(item_id)
        return str(paths[0]) if paths else item_id

    # ------------------------------------------------------------------ identity
    def content_hash(self) -> str:
        """sha256 over every card and runbook file (relative name + bytes, sorted by name).

        A knowledge base built from models (no files) hashes their canonical JSON instead."""
        h = hashlib.sha256()
        if self.card_files or self.runbook_files:
            for tag, files in (("cards", self.card_files), ("runbooks", self.runbook_files)):
                for p in sorted(files, key=lambda p: p.name):
                    data = p.read_bytes()
                    h.update(f"{tag}/{p.name}\0{len(data)}\0".encode())
                    h.update(data)
        else:
            for c in sorted(self.card_list, key=lambda c: c.id):
                h.update(b"card\0" + c.model_dump_json().encode() + b"\0")
            for r in sorted(self.runbook_list, key=lambda r: r.id):
                h.update(b"runbook\0" + r.model_dump_json().encode() + b"\0")
        return h.hexdigest()


def content_hash(cards_dir: Path = CARDS_DIR, runbooks_dir: Path = RUNBOOKS_DIR) -> str:
    """The hash :meth:`KnowledgeBase.content_hash` gives, without parsing the files."""
    return KnowledgeBase(
        card_list=[],
        runbook_list=[],
        card_files=_files(Path(cards_dir), CARD_SUFFIXES),
        runbook_files=_files(Path(runbooks_dir), RUNBOOK_SUFFIXES),
    ).content_hash()
