"""Choosing the bus: the in-process one by default, NATS JetStream for ``nats://`` URLs.

Front ends call :func:`open_bus` with what the person configured (``--bus``, ``bus:`` in the
serve config) and :func:`subscribe_view` for subscriptions that only show this process's
picture (a board, counters, log lines), which on a shared bus must not be durable work queues.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gpufleet.bus.address import parse_bus_url
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.bus.protocol import DEFAULT_MAX_QUEUE, Bus, Handler, Subscription

if TYPE_CHECKING:
    from gpufleet.bus.jetstream import JetStreamBus


def open_bus(url: str | None, log: EventLog | None = None) -> InProcessBus | JetStreamBus:
    """The in-process bus over ``log`` when ``url`` is None, else a JetStream bus for
    ``nats://HOST:PORT[/PREFIX]`` (``ValueError`` naming a bad URL; the log is then unused:
    the stream is the log)."""
    if url is None:
        return InProcessBus(log)
    parse_bus_url(url)  # a bad URL fails here, before the nats client is imported
    # imported here: the nats client is only loaded by processes that use it
    from gpufleet.bus.jetstream import JetStreamBus  # noqa: PLC0415

    return JetStreamBus(url)


def subscribe_view(
    bus: Bus,
    topic: str,
    name: str,
    handler: Handler,
    *,
    from_start: bool = False,
    max_queue: int = DEFAULT_MAX_QUEUE,
) -> Subscription:
    """Subscribe a per-process view: on JetStream an ephemeral consumer (from the next event,
    or ``from_start``), elsewhere an ordinary subscription."""
    view = getattr(bus, "subscribe_view", None)
    if view is not None:
        sub: Subscription = view(topic, name, handler, from_start=from_start, max_queue=max_queue)
        return sub
    return bus.subscribe(topic, name, handler, max_queue=max_queue)
