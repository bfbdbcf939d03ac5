"""Does a model's sentence agree with the objects it cites? (pure; no I/O)

A citation proves only that an id exists; this checks what the sentence says about it. For
an approval: "executed / ran / drained" needs it consumed, "approved" needs it approved (or
consumed), "rejected" needs it rejected, and a person said to have decided must be the one
on record. For any source: a node named in the sentence must be one the cited sources name.
A sentence that disagrees is removed, and the reader is told why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gpufleet.bus.events import Diagnosis
from gpufleet.graph.models.chat import MAX_SHOWN_TEXT, MODEL_TEXT_MARK, shown_model_text

_EXECUTED = re.compile(
    r"\b(executed|ran|run has|has run|was run|carried out|completed|(?:was|were|been|got) "
    r"(?:drained|reset|rebooted|resumed|requeued))\b|\bI (?:ran|drained|reset|rebooted)\b",
    re.IGNORECASE,
)
_APPROVED = re.compile(r"\b(approved|signed off|granted)\b", re.IGNORECASE)
_REJECTED = re.compile(r"\b(rejected|denied|declined)\b", re.IGNORECASE)
_NEGATED = re.compile(r"\b(not|never|no one|nobody|awaiting|waiting|pending|until|once|if)\b", re.I)
_ACTOR = re.compile(
    r"\b([a-z][\w.-]{1,40})\s+(?:has\s+|had\s+)?(?:approved|rejected)\b"
    r"|\b(?:approved|rejected)\s+by\s+([a-z][\w.-]{1,40})",
    re.IGNORECASE,
)
_NODE = re.compile(r"\b[a-z][\w-]*node[\w-]*\b|\bnode-\d+\b", re.IGNORECASE)


@dataclass(frozen=True)
class Facts:
    """What the chat's reads say about one cited object."""

    kind: str
    status: str = ""  # an approval's: pending | approved | rejected | expired
    executed: bool = False  # an approval consumed by an executor
    actor: str = ""  # who decided it
    text: str = ""  # everything the tools said about it (names, numbers, times)


def contradiction(sentence: str, cited: Iterable[Facts]) -> str | None:
    """Why the sentence disagrees with what it cites, or None when it does not."""
    facts = list(cited)
    for f in facts:
        if f.kind == "approval":
            why = _approval(sentence, f)
            if why:
                return why
    known = " ".join(f.text for f in facts).lower()
    for node in dict.fromkeys(n.lower() for n in _NODE.findall(sentence)):
        if node not in known:
            return f"names {node}, which the cited sources do not"
    return None


def _approval(sentence: str, f: Facts) -> str | None:
    affirmed = not _NEGATED.search(sentence)
    if affirmed and _EXECUTED.search(sentence) and not f.executed:
        return f"says it was executed; it is {f.status} and was never executed"
    if affirmed and _APPROVED.search(sentence) and f.status not in ("approved",):
        return f"says it was approved; it is {f.status}"
    if affirmed and _REJECTED.search(sentence) and f.status != "rejected":
        return f"says it was rejected; it is {f.status}"
    for m in _ACTOR.finditer(sentence):
        who = (m.group(1) or m.group(2) or "").lower()
        if who not in ("it", "was", "been", "is", "be") and who != f.actor.lower():
            return f"says {who} decided it; the record says {f.actor or 'no one yet'}"
    return None


# A diagnosis is written before anyone decides: its explanation can report no decision and
# no action taken, whatever it cites.
_DECIDED = re.compile(
    r"\b(approved|signed off|granted|rejected|denied|authori[sz]ed)\b", re.IGNORECASE
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")
NOTE_CHARS = 120  # the reasons, clipped: the note stays short beside the model's words
WITHHELD = "{n} sentence(s) of the model's explanation withheld: {why}"


def explanation_contradiction(sentence: str, dx: Diagnosis) -> str | None:
    """Why a sentence of a diagnosis's model explanation disagrees with the diagnosis: it
    reports a decision or an execution (none exists when a diagnosis is made), or names a
    node that none of its evidence, hypotheses or plan names."""
    affirmed = not _NEGATED.search(sentence)
    if affirmed and _EXECUTED.search(sentence):
        return "says an action was executed; the diagnosis executes nothing"
    if affirmed and _DECIDED.search(sentence):
        return "says a decision was made; decisions come after the diagnosis, from a person"
    known = _diagnosis_text(dx)
    for node in dict.fromkeys(n.lower() for n in _NODE.findall(sentence)):
        if node not in known:
            return f"names {node}, which the diagnosis does not"
    return None


def _diagnosis_text(dx: Diagnosis) -> str:
    parts = [
        dx.incident_id,
        *(f"{e.entity} {e.summary}" for e in dx.evidence),
        *(f"{h.title} {' '.join(h.reasons)}" for h in dx.hypotheses),
        *(f"{s.name} {s.args}" for s in dx.plan),
    ]
    return " ".join(parts).lower()


def checked_explanation(dx: Diagnosis) -> tuple[str, list[str]]:
    """The explanation without its contradicting sentences, and why each was dropped."""
    kept: list[str] = []
    dropped: list[str] = []
    for sentence in _SENTENCE.split(dx.explanation.strip()):
        why = explanation_contradiction(sentence, dx)
        if why is None:
            kept.append(sentence)
        else:
            dropped.append(why)
    return " ".join(kept), dropped


def shown_explanation(dx: Diagnosis, limit: int = MAX_SHOWN_TEXT) -> str:
    """A diagnosis's model explanation as every surface shows it: checked against the
    diagnosis, marked as model output, and saying what was withheld (empty stays empty)."""
    if not dx.explanation.strip():
        return ""
    kept, dropped = checked_explanation(dx)
    if not dropped:
        return shown_model_text(kept, limit)
    why = "; ".join(dict.fromkeys(dropped))
    note = f" [{WITHHELD.format(n=len(dropped), why=why[:NOTE_CHARS])}]"
    # the note is ours and always shown: the model's words give way to it within the limit
    room = limit - len(note) - len(MODEL_TEXT_MARK)
    # what is kept may clean to nothing (a stray tag): the mark still says whose words these are
    shown = shown_model_text(kept, room) or shown_model_text("(none kept)", room)
    return shown + note
