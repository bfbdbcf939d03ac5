"""Precedents from incident folders whose cause is known (the eval format, :mod:`evals.format`).

A read public incident (``evals/heldout-N/<case>``) or an incident the fleet recorded after a
person resolved it (``gpufleet record --from-incident``) becomes a
:class:`~knowledge.precedents.Precedent`: its title, the words retrieval would read in its
reports (:func:`telemetry.unread_text.report_excerpt`: the head and the failure lines of each
text file no rule read, else the file's first lines) and its first fault's root cause with the
acceptable alternatives. A benign case makes none: "nothing was wrong" is not a failure mode
a similar report should be voted towards.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from gpufleet.evals.evidence_files import load_evidence
from gpufleet.evals.format import IncidentFormatError, load_spec
from gpufleet.evals.recorded import incident_topology
from gpufleet.knowledge.precedents import MAX_TEXT, MAX_TITLE, Precedent
from gpufleet.telemetry.unread_text import report_excerpt, words_of


def report_words(folder: Path) -> str:
    """The words of the folder's evidence files as retrieval reads a report (see module)."""
    spec = load_spec(folder)
    problems: list[str] = []
    evidence = load_evidence(folder, spec, incident_topology(spec, folder), problems)
    parts = [report_excerpt(f.report) or _first_lines(folder / f.path) for f in evidence.files]
    # a recording's kernel log (logs.txt) is read by the replay, not listed as evidence
    parts.append(_first_lines(folder / "logs.txt") if not any(parts) else "")
    lines = (words_of(ln) for part in parts for ln in part.splitlines() if ln.strip())
    return "\n".join(ln for ln in lines if ln)[:MAX_TEXT]


def _first_lines(path: Path) -> str:
    """A file every line of which a rule read (a kernel log of Xid lines): its first lines,
    which are what a person pasting it would show."""
    if not path.is_file():
        return ""
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            return fh.read(MAX_TEXT)
    except OSError:
        return ""


def precedent_of(folder: Path, prefix: str = "") -> Precedent | None:
    """The precedent of one incident folder, or None when it holds no fault (benign, or a
    fault-free recording). ``prefix`` keeps ids unique across sets (``heldout-7/``)."""
    spec = load_spec(folder)
    faults = [f for f in spec.truth.faults if not f.benign]
    if not faults:
        return None
    first = faults[0]
    return Precedent(
        id=f"{prefix}{spec.id}",
        title=_subject(spec.title or spec.id),
        text=report_words(folder),
        cause=first.root_cause,
        acceptable=tuple(a for a in first.acceptable_causes if a != first.root_cause),
        source=spec.truth.source,
    )


def _subject(title: str) -> str:
    """A title cut to what a precedent keeps: a public report's title is its reporter's, at
    any length, and its head is what reads like the next report's."""
    return title if len(title) <= MAX_TITLE else title[: MAX_TITLE - 1].rstrip() + "…"


def precedents_of_sets(root: Path, sets: Iterable[str]) -> tuple[list[Precedent], list[str]]:
    """Every fault case of the named set folders under ``root``; problems (a folder that is no
    incident) are returned, not raised, so one bad case costs only itself."""
    out: list[Precedent] = []
    problems: list[str] = []
    for name in sets:
        base = root / name
        if not base.is_dir():
            problems.append(f"{base}: no such set folder: skipped")
            continue
        for case in sorted(p for p in base.iterdir() if (p / "incident.yaml").exists()):
            try:
                p = precedent_of(case, prefix=f"{name}/")
            except (IncidentFormatError, OSError, ValueError) as e:
                problems.append(f"{case}: {e}: skipped")
                continue
            if p is not None:
                out.append(p)
    return out, problems


def read_set_names(path: Path) -> list[str]:
    """Set folder names, one per line; ``#`` starts a comment."""
    names = (ln.split("#", 1)[0].strip() for ln in path.read_text(encoding="utf-8").splitlines())
    return [n for n in names if n]
