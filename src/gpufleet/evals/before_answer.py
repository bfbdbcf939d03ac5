"""A public incident as it stood before anyone stated its cause: the evidence cut at the answer.

A held-out case keeps a public thread as the store holds it, the stated cause included: the
brief asks each case to quote it, and that quote is a substring of the evidence (in all but 3 of
3,976 one-fault cases of the read sets heldout-34 … -272). A ranking scored on the whole thread
is therefore partly scored on reading the answer, which an operator facing a new report does not
have. ``gpufleet eval --before-answer`` replays each case with every evidence file cut at the line
where the stated cause begins, so the score says what the report alone was worth.

The quote is the description's first ``Stated cause …: "…"`` (the held-out brief's format); it is
found in a file by its first words, whitespace-insensitively (a stored excerpt re-wraps lines).
A case whose description quotes no cause, or whose quote no file holds, keeps its evidence
whole and is counted. Pure: text in, text out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_STATED = re.compile(r'Stated cause[^:"]{0,200}:\s*"(.+?)"(?=[\s).,;]|$)', re.DOTALL)
QUOTE_WORDS = 8  # words of the quote that locate it: enough to be unique, few enough to survive
# a store's re-wrapping and a writer's cut ("…") inside a longer quote
MIN_QUOTE_CHARS = 12  # a shorter quote ("Yes", "fixed") would match anywhere


def stated_cause(description: str) -> str | None:
    """The first stated-cause quote of a held-out case's description, or None."""
    m = _STATED.search(description)
    if m is None:
        return None
    quote = " ".join(m.group(1).split())
    return quote if len(quote) >= MIN_QUOTE_CHARS else None


def _locator(quote: str) -> re.Pattern[str]:
    # a writer's "…" stands for words left out: locate by the first run of words it does not
    # break (three at least, else the longest run)
    runs = [r.split() for r in re.split(r"…|\.\.\.", quote)]
    words = next((r for r in runs if len(r) >= 3), max(runs, key=len))[:QUOTE_WORDS]
    return re.compile(r"\s+".join(re.escape(w) for w in words))


def answer_line_start(text: str, quote: str) -> int | None:
    """Where the line that begins the quote starts in ``text``, or None when ``text`` does not
    hold it."""
    m = _locator(quote).search(text)
    if m is None:
        return None
    return text.rfind("\n", 0, m.start()) + 1


@dataclass(slots=True)
class AnswerCut:
    """Cuts one case's evidence files at its stated cause (``quote``; None: nothing to cut) and
    counts the files it cut."""

    quote: str | None
    cut_files: int = 0

    def __call__(self, text: str) -> str:
        """``text`` before the answer (all of it when it does not hold the answer)."""
        at = None if self.quote is None else answer_line_start(text, self.quote)
        if at is None:
            return text
        self.cut_files += 1
        return text[:at]
