"""What to log while a store is down: one short line at the start of an outage, then one line
every :data:`REPEAT_S` of data time with the count, and one when it is back.

A poll fails every ``interval_s`` while VictoriaMetrics is down; logging each failure with its
query (5–9 KB of PromQL) wrote two ~6 KB lines per poll. The decision is a pure function of the
poll instants it is given (no wall clock), so it is the same live and in a test.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

REPEAT_S = 300.0  # data seconds between reminders while the outage lasts
MAX_REASON = 240  # characters of the failure kept in a line
_URL_IN_ERROR = re.compile(r"\s*with url: \S+")
_OBJECT_AT = re.compile(r"<[\w.]+ object at 0x[0-9a-f]+>:?\s*")


def brief(reason: str, query: str | None = None) -> str:
    """``reason`` without the query it quotes (``query``), on one line, clipped."""
    if query:
        reason = reason.replace(repr(query), f"<query, {len(query)} chars>").replace(
            query, f"<query, {len(query)} chars>"
        )
    # requests / urllib3 quote the request path, which holds the query again (URL-encoded)
    reason = _URL_IN_ERROR.sub("", reason)
    reason = _OBJECT_AT.sub("", reason)
    reason = " ".join(reason.split())
    return reason if len(reason) <= MAX_REASON else reason[: MAX_REASON - 1] + "…"


@dataclass
class OutageLog:
    """Feed it every poll's outcome; it returns the line to log, or None to stay quiet."""

    what: str  # e.g. "PromSource http://vm:8428"
    repeat_s: float = REPEAT_S
    since: float | None = None  # first failed instant of the current outage
    failures: int = 0  # failed polls in the current outage
    _said_at: float | None = None
    _said_count: int = 0

    def failed(self, at: float, reason: str) -> str | None:
        if self.since is None:
            self.since, self.failures, self._said_at, self._said_count = at, 0, None, 0
        self.failures += 1
        if self._said_at is not None and at - self._said_at < self.repeat_s:
            return None
        first = self._said_at is None
        self._said_at, self._said_count = at, self.failures
        if first:
            return f"{self.what}: poll failed, store unavailable ({reason}); retrying every poll"
        return (
            f"{self.what}: still unavailable: {self.failures} polls failed since "
            f"{self.since:.0f} (last: {reason})"
        )

    def succeeded(self, at: float) -> str | None:
        if self.since is None:
            return None
        line = (
            f"{self.what}: store back at {at:.0f} after {self.failures} failed polls "
            f"(since {self.since:.0f})"
        )
        self.since, self.failures = None, 0
        return line
