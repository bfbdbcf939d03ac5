"""The Alertmanager edge's queue of accepted notifications: priorities, fairness, quotas.

A plain FIFO let one unauthenticated 10,000-alert POST hold a trusted critical Xid alert behind
it for minutes. Here:

* **lanes**, served strictly in order: trusted (bearer token) notifications with a critical
  alert, other trusted ones, untrusted ones with a critical alert, untrusted bulk. An untrusted
  sender can label its alerts critical, so that only orders it among the untrusted;
* **slices**: a notification is handled a slice of alerts at a time (:data:`SLICE`), and the
  next slice is chosen afresh each time, so a trusted alert that arrives while a large payload
  is being handled waits for one slice, not the whole payload;
* **round robin** between the senders of a lane (token identity, else source address): each
  slice goes to the next sender in turn, so one busy sender cannot starve another of its lane;
* **quotas**, in alerts accepted but not yet handled: per sender (trusted senders get more), for
  all untrusted senders together, and a cap on queued notifications. A request over a quota is
  refused before it is journalled (the HTTP edge answers 429 with ``Retry-After``), so what is
  queued is bounded and everything acknowledged fits.

Pure bookkeeping: no I/O, no clock. The edge (:mod:`service.intake`) runs it.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from enum import IntEnum

from gpufleet.agents.noc.alert_groups import Grouping
from gpufleet.agents.noc.alert_intake import AlertmanagerPayload
from gpufleet.bus.events import Event

SLICE = 256  # alerts handled before the next slice is chosen (by lane, then sender)


class Lane(IntEnum):
    TRUSTED_CRITICAL = 0
    TRUSTED = 1
    UNTRUSTED_CRITICAL = 2
    UNTRUSTED = 3

    @classmethod
    def of(cls, trusted: bool, critical: bool) -> Lane:
        if trusted:
            return cls.TRUSTED_CRITICAL if critical else cls.TRUSTED
        return cls.UNTRUSTED_CRITICAL if critical else cls.UNTRUSTED


@dataclass(frozen=True)
class Quotas:
    """Alerts accepted and not yet handled that a sender / everyone may have queued."""

    trusted_sender: int = 50_000  # five full payloads
    untrusted_sender: int = 10_000  # one full payload (MAX_ALERTS) at a time
    untrusted_total: int = 30_000
    payloads: int = 4_096


@dataclass
class Work:
    """One journalled notification being handled, slice by slice."""

    entry_id: int
    payload: AlertmanagerPayload
    authenticated: bool
    sender: str
    lane: Lane
    grouping: Grouping | None = None
    handled: int = 0  # alerts of the payload handled so far
    # incident id → its newest "attached" update, published with the last slice
    held: dict[str, Event] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.payload.alerts)

    @property
    def cost(self) -> int:
        return max(1, self.size)  # an empty notification still takes a place

    def next_part(self) -> tuple[int, int]:
        return self.handled, min(self.size, self.handled + SLICE)


@dataclass
class _LaneQueue:
    turn: deque[str] = field(default_factory=deque)  # senders with work, next first
    work: dict[str, deque[Work]] = field(default_factory=dict)


class FairQueue:
    """Admission (quotas) and order (lanes, round robin, slices); see the module docstring."""

    def __init__(self, quotas: Quotas | None = None) -> None:
        self.quotas = quotas or Quotas()
        self._lanes = [_LaneQueue() for _ in Lane]
        self._by_sender: dict[str, int] = {}  # sender → alerts reserved or queued
        self._untrusted = 0
        self._payloads = 0
        self.queued_by_lane = [0 for _ in Lane]

    # -- admission ---------------------------------------------------------------------------
    def reserve(self, sender: str, trusted: bool, alerts: int) -> str | None:
        """Hold room for a notification of ``alerts`` alerts from ``sender``; None when held,
        else which quota it is over (the caller answers 429). Release it with :meth:`release`
        when the notification is not queued after all (the journal failed)."""
        cost = max(1, alerts)
        mine = self._by_sender.get(sender, 0)
        if self._payloads >= self.quotas.payloads:
            return f"{self._payloads} notifications are queued"
        limit = self.quotas.trusted_sender if trusted else self.quotas.untrusted_sender
        if mine and mine + cost > limit:  # a sender with nothing queued always gets one in
            return f"this sender has {mine} alerts queued (at most {limit})"
        if not trusted and self._untrusted and self._untrusted + cost > self.quotas.untrusted_total:
            return f"unauthenticated senders have {self._untrusted} alerts queued"
        self._by_sender[sender] = mine + cost
        self._untrusted += 0 if trusted else cost
        self._payloads += 1
        return None

    def release(self, sender: str, trusted: bool, alerts: int) -> None:
        cost = max(1, alerts)
        left = self._by_sender.get(sender, 0) - cost
        if left > 0:
            self._by_sender[sender] = left
        else:
            self._by_sender.pop(sender, None)
        self._untrusted -= 0 if trusted else cost
        self._payloads -= 1

    def queued_by(self, sender: str) -> int:
        return self._by_sender.get(sender, 0)

    # -- order -------------------------------------------------------------------------------
    def put(self, work: Work) -> None:
        """Queue a notification whose room :meth:`reserve` held (or one recovered at start)."""
        lane = self._lanes[work.lane]
        if work.sender not in lane.work:
            lane.work[work.sender] = deque()
            lane.turn.append(work.sender)
        lane.work[work.sender].append(work)
        self.queued_by_lane[work.lane] += work.cost - work.handled

    def next(self) -> Work | None:
        """The notification whose next slice is handled now: the first lane with work, the
        sender whose turn it is, its oldest notification."""
        for lane in self._lanes:
            if lane.turn:
                return lane.work[lane.turn[0]][0]
        return None

    def advance(self, work: Work, handled: int) -> bool:
        """``work``'s slice is handled (``handled`` alerts of it now); the sender's turn passes
        to the next one of its lane. True when the notification is finished (removed, its
        quota released)."""
        lane = self._lanes[work.lane]
        before = work.handled
        work.handled = handled
        finished = work.handled >= work.size
        self.queued_by_lane[work.lane] -= (work.cost if finished else handled) - before
        if lane.turn and lane.turn[0] == work.sender:
            lane.turn.rotate(-1)
        if finished:
            self._remove(work)
        return finished

    def drop(self, work: Work) -> None:
        """Take ``work`` out unfinished (its handling failed: it stays in the journal)."""
        self.queued_by_lane[work.lane] -= work.cost - work.handled
        self._remove(work)

    def _remove(self, work: Work) -> None:
        lane = self._lanes[work.lane]
        mine = lane.work.get(work.sender)
        if mine is not None and work in mine:
            mine.remove(work)
            if not mine:
                del lane.work[work.sender]
                lane.turn.remove(work.sender)
        self.release(work.sender, work.authenticated, work.size)

    @property
    def queued_alerts(self) -> int:
        return sum(self.queued_by_lane)

    def ahead_of(self, lane: Lane) -> int:
        """Alerts queued in ``lane`` and the lanes served before it."""
        return sum(self.queued_by_lane[: lane + 1])

    def __len__(self) -> int:
        return self._payloads
