"""The ``Bus`` protocol: what agents and front ends may assume of any event transport.

The protocol is deliberately small so that the in-process bus (:mod:`bus.memory`) and a later NATS
JetStream backend can both implement it without one leaking its transport into callers.

Delivery contract every implementation must keep:

* **Topics.** An event goes to every subscription whose topic equals ``event_topic(event)``, and
  to every subscription on :data:`ALL_TOPICS` (``"*"``).
* **Order.** Within one subscription, events arrive in the order they were published.
* **At least once.** A handler may see the same event more than once (retries after a failure,
  re-delivery after a restart, a re-published event). Handlers must therefore be idempotent on
  ``event.event_id``; :func:`bus.idempotent.idempotent` makes that a one-liner.
* **Isolation.** A handler that raises is retried a bounded number of times and then
  dead-lettered; it never stops the publisher or any other subscription.
* **Backpressure.** Queues are bounded; ``publish`` waits for room instead of dropping.

A subscription's ``name`` is its durable identity (like a JetStream durable consumer): delivery
progress is tracked per name, so a process that restarts with the same name resumes where it left.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from gpufleet.bus.events import TOPICS, Event

Handler = Callable[[Event], Awaitable[None]]
"""An async callable that handles one event. Raising means "not handled": the bus retries."""

ALL_TOPICS = "*"
"""Subscribe to this topic to receive every event, whatever its topic."""

DEFAULT_MAX_QUEUE = 1024
"""Events a subscription may have waiting before ``publish`` blocks."""


def check_topic(topic: str) -> str:
    """Return ``topic`` if it is a known topic or ``"*"``; raise ``ValueError`` otherwise."""
    if topic != ALL_TOPICS and topic not in TOPICS:
        known = ", ".join(repr(t) for t in (*TOPICS, ALL_TOPICS))
        raise ValueError(f"unknown topic {topic!r}; expected one of {known}")
    return topic


@dataclass(frozen=True)
class Subscription:
    """A handle on one registered subscriber: its durable name, its topic and its queue bound."""

    name: str
    topic: str
    max_queue: int


@dataclass(frozen=True)
class DeadLetter:
    """An event a subscriber could not handle within its attempts, and the last error it raised.

    ``attempts`` is 0 when the handler was never called because the logged event does not parse.
    """

    subscriber: str
    seq: int
    event_id: str
    error: str
    attempts: int


class BusClosedError(RuntimeError):
    """The bus was closed: it accepts no more events or subscriptions."""


@runtime_checkable
class Bus(Protocol):
    """Typed publish/subscribe with at-least-once delivery to idempotent handlers."""

    async def publish(self, event: Event) -> int:
        """Deliver ``event`` to every matching subscription and return its sequence number.

        Waits while a matching subscription's queue is full. The number is the event-log sequence
        where the bus has a log, otherwise a per-bus counter that increases with every publish.
        """
        ...

    def subscribe(
        self, topic: str, name: str, handler: Handler, *, max_queue: int = DEFAULT_MAX_QUEUE
    ) -> Subscription:
        """Register ``handler`` under the durable ``name`` for ``topic`` (or ``"*"`` for all)."""
        ...

    async def start(self) -> None:
        """Begin delivering, including events a named subscriber has not yet acknowledged."""
        ...

    async def drain(self) -> None:
        """Wait until every event published so far has been handled or dead-lettered."""
        ...

    async def close(self) -> None:
        """Stop delivering. Events not yet handled are redelivered by a durable backend later."""
        ...
