"""What around a writer's words unsays them: a denial or a condition just before ("no TDR
happened", "if /dev/shm is too small"), a denial or a question just after ("... didn't help",
"... too small?"). The ``*_words`` statement readers find the words; this module decides whether
the line still says them. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Hedges:
    """Patterns that unsay a match: any of ``before`` found in the ``window`` characters before
    it, or any of ``after`` matching at its end (anchored patterns)."""

    before: tuple[re.Pattern[str], ...]
    after: tuple[re.Pattern[str], ...] = ()
    window: int = 40

    def unsaid(self, line: str, m: re.Match[str]) -> bool:
        """Whether what is around ``m`` in ``line`` takes it back."""
        before = line[max(0, m.start() - self.window) : m.start()]
        if any(rx.search(before) is not None for rx in self.before):
            return True
        rest = line[m.end() :]
        return any(rx.match(rest) is not None for rx in self.after)

    def any_said(self, matches: Iterable[re.Match[str]], line: str) -> bool:
        """Whether one of ``matches`` stands in ``line`` with nothing around it taking it back."""
        return any(not self.unsaid(line, m) for m in matches)
