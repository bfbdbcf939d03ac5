"""Idempotent handlers: turn at-least-once delivery into handled-once effects.

:func:`idempotent` wraps a handler so that an event whose ``event_id`` it has already handled
successfully is skipped. An id is remembered only after the handler returns, so a handler that
raised is called again on the retry or re-delivery: no event is lost to the deduplication.

Where the ids are remembered decides how far the guarantee reaches:

* :class:`MemorySeenStore` (default): within one process, for the most recent ``maxsize`` ids
  (least recently seen ids are forgotten first).
* :class:`LogSeenStore`: in the event log's SQLite file, so it also covers the re-delivery after a
  crash of an event that was handled but not yet acked.

A crash between the handler's side effect and the id being stored can still repeat the effect once;
handlers whose effects are not naturally idempotent must check their own state too.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Protocol, runtime_checkable

from gpufleet.bus.events import Event
from gpufleet.bus.log import EventLog
from gpufleet.bus.protocol import Handler


@runtime_checkable
class SeenStore(Protocol):
    """Remembers which event ids a handler has completed."""

    def seen(self, event_id: str) -> bool:
        """Whether ``event_id`` was added before (and is still remembered)."""
        ...

    def add(self, event_id: str) -> None:
        """Remember ``event_id`` as handled."""
        ...


class MemorySeenStore:
    """An in-memory LRU set of event ids, bounded to ``maxsize`` entries."""

    def __init__(self, maxsize: int = 100_000) -> None:
        if maxsize < 1:
            raise ValueError(f"maxsize must be >= 1, got {maxsize}")
        self.maxsize = maxsize
        self._ids: OrderedDict[str, None] = OrderedDict()

    def seen(self, event_id: str) -> bool:
        """Whether ``event_id`` is remembered; a hit makes it the most recently used."""
        if event_id in self._ids:
            self._ids.move_to_end(event_id)
            return True
        return False

    def add(self, event_id: str) -> None:
        """Remember ``event_id``, forgetting the least recently used id when full."""
        self._ids[event_id] = None
        self._ids.move_to_end(event_id)
        while len(self._ids) > self.maxsize:
            self._ids.popitem(last=False)

    def __len__(self) -> int:
        return len(self._ids)


class LogSeenStore:
    """Event ids kept in an :class:`~bus.log.EventLog` under ``scope`` (use the subscriber name).

    Persistent and unbounded: it grows by one small row per handled event.
    """

    def __init__(self, log: EventLog, scope: str) -> None:
        self.log = log
        self.scope = scope

    def seen(self, event_id: str) -> bool:
        """Whether ``event_id`` was stored under this scope, in this run or an earlier one."""
        return self.log.was_seen(self.scope, event_id)

    def add(self, event_id: str) -> None:
        """Store ``event_id`` under this scope."""
        self.log.mark_seen(self.scope, event_id)


def idempotent(handler: Handler, seen: SeenStore | None = None) -> Handler:
    """Wrap ``handler`` so each ``event_id`` is handled successfully at most once per ``seen``.

    Without ``seen``, the wrapper gets its own :class:`MemorySeenStore`. Meant for one
    subscription (whose events arrive one at a time): two concurrent deliveries of the same id to
    one wrapper could both run.
    """
    store: SeenStore = MemorySeenStore() if seen is None else seen

    async def handle_once(event: Event) -> None:
        if store.seen(event.event_id):
            return
        await handler(event)
        store.add(event.event_id)

    handle_once.__name__ = f"idempotent_{getattr(handler, '__name__', 'handler')}"
    handle_once.__qualname__ = handle_once.__name__
    handle_once.__doc__ = handler.__doc__
    return handle_once
