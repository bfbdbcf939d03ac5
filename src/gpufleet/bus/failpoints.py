"""Crash points for the kill-point tests: the process can end itself right after a named
persistence point, to prove what a crash at that moment leaves behind.

``GPUFLEET_FAILPOINTS=ledger.claimed`` (comma-separated names; ``name:N`` fires the N-th time the
point is reached) makes :func:`reach` send SIGKILL to its own process. Unset — always, outside
tests — :func:`reach` is one frozenset lookup. A kill, never an exception: nothing gets to clean
up, exactly as when the machine or the OOM killer stops gpufleet.

It sits in ``bus/``, the bottom layer, only so that every layer can mark its persistence points.
"""

from __future__ import annotations

import os
import signal
from collections import Counter
from typing import Final

ENV: Final = "GPUFLEET_FAILPOINTS"
# Every point the code marks; the kill-point suite iterates over these.
POINTS: Final = (
    "approval.requested",  # the approval request row is written
    "approval.decided",  # a person's decision is written
    "approval.consumed",  # the gate consumed the approval
    "ledger.claimed",  # the step's claim is written (its result is not)
    "step.side_effect_done",  # the executor returned; nothing about it is written yet
    "audit.written",  # the audit record of the step is written
    "ledger.completed",  # the step's result is written
    "checkpoint.written",  # LangGraph wrote a checkpoint
    "event.appended",  # an event is in the durable event log
)
# Points outside the approval path's sweep, for the NOC's own kill tests.
NOC_POINTS: Final = (
    "noc.tick_published",  # a NOC worker published a tick's events; the tick is not acked yet
)


def _armed() -> dict[str, int]:
    armed: dict[str, int] = {}
    for item in os.environ.get(ENV, "").split(","):
        name, _, nth = item.strip().partition(":")
        if name:
            armed[name] = int(nth) if nth.isdigit() and int(nth) > 0 else 1
    return armed


_ARMED: dict[str, int] = _armed()
_hits: Counter[str] = Counter()


def arm(spec: str) -> None:
    """Re-arm from a spec like the environment's (a forked test child arms itself)."""
    _ARMED.clear()
    _hits.clear()
    os.environ[ENV] = spec
    _ARMED.update(_armed())


def reach(point: str) -> None:
    """Mark a persistence point; ends the process when the environment arms it."""
    if point not in _ARMED:
        return
    _hits[point] += 1
    if _hits[point] == _ARMED[point]:
        os.kill(os.getpid(), signal.SIGKILL)
