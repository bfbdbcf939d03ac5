"""What around a writer's words unsays them: a denial or a condition just before ("no TDR
happened", "if /dev/shm is too small"), a denial or a question just after ("... didn't help",
"... too small?"), or a word inside the match itself ("downgrading did not fix it"). The
``*_words`` statement readers find the words; this module decides whether the line still says
them. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# A question after the words in their sentence: "?" or the full-width "？" before the sentence
# ends ("." followed by a word character is a decimal point or a file name, not the end)
QUESTION_AFTER = re.compile(r"^(?:[^.;!?？。！]|\.(?=\w))*[?？]")


# "n't", also as people type it without the apostrophe ("didnt had any issues with the driver"),
# for a reader whose own denial patterns take it
NOT_SUFFIX = r"n't|\b(?:did|do|does|was|were|is|are|had|has|have|could|would)nt"

# A denial earlier in the words' clause: "we ruled out a CPU bottleneck", "I don't believe the
# issue is with the PSU"
DENIED_BEFORE = re.compile(
    r"(?:\bno|\bnot|\bnever|\bwithout|n't|\brule[sd]? out)\b[^.;,!?]*$", re.IGNORECASE
)
# A Chinese question right after the words, before its clause ends: "…显存不会被释放吗？" (won't
# the VRAM be freed?), "nvswitch 报错了吗" (did the NVSwitch report an error?)
ASKED_AFTER_ZH = re.compile(r"^[^。！!；;，,]{0,20}(?:吗|呢|？|\?)")
# A denial right after the words: "... is not the problem", "... wasn't it"
DENIED_AFTER = re.compile(r"^[^.;,!?]{0,20}\b(?:is|was|are) (?:not|never)\b|^[^.;,!?]{0,20}n't\b")


# Advice, a guess or a condition earlier in the words' clause ("make sure the PSU can handle
# it", "maybe it is CPU-bound", "if the kernel update breaks it", 如果 …): not what happened.
_ADVICE_WORDS = (
    "try", "trying", "please", "could", "can you", "could you", "you may", r"recommend\w*",
    r"suggest\w*", "consider", "make sure", "ensure", "check", "if", "whether", "unless",
    "in case", "maybe", "might", "perhaps", "possibly",
)  # fmt: skip


def advice_before(*extra: str) -> re.Pattern[str]:
    """The advice, guess or condition words before a match, plus a reader's own ``extra`` ones
    ("should", which one reader spares in "should know"; "to avoid"; "probably", "likely")."""
    words = "|".join((*_ADVICE_WORDS, *extra))
    return re.compile(rf"\b(?:{words})\b[^.;!?]*$|(?:如果|假如|是否)[^。！？]*$", re.IGNORECASE)


@dataclass(frozen=True)
class Hedges:
    """Patterns that unsay a match: any of ``before`` found in the ``window`` characters before
    it, any of ``after`` matching at its end (anchored patterns, read within ``after_window``
    characters), or any of ``within`` found in the matched words themselves."""

    before: tuple[re.Pattern[str], ...]
    after: tuple[re.Pattern[str], ...] = ()
    window: int = 40
    within: tuple[re.Pattern[str], ...] = ()
    # what comes after is read within this many characters: a question or a denial belongs to
    # the words' own sentence, and an unbounded look after every match of a long line is
    # quadratic in its length
    after_window: int = 200

    def unsaid(self, line: str, m: re.Match[str]) -> bool:
        """Whether what is around ``m`` in ``line`` takes it back."""
        before = line[max(0, m.start() - self.window) : m.start()]
        if any(rx.search(before) is not None for rx in self.before):
            return True
        if any(rx.search(m.group()) is not None for rx in self.within):
            return True
        rest = line[m.end() : m.end() + self.after_window]
        return any(rx.match(rest) is not None for rx in self.after)

    def any_said(self, matches: Iterable[re.Match[str]], line: str) -> bool:
        """Whether one of ``matches`` stands in ``line`` with nothing around it taking it back."""
        return any(not self.unsaid(line, m) for m in matches)
