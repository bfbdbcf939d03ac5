"""Choosing the bus: the in-process one by default, NATS JetStream for ``nats://`` URLs.

Front ends call :func:`open_bus` with what the person configured (``--bus``, ``bus:`` in the
serve config) and :func:`subscribe_view` for subscriptions that only show this process's
picture (a board, counters, log lines), which on a shared bus must not be durable work queues.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bus.log import EventLog
from bus.memory import InProcessBus
from bus.protocol import DEFAULT_MAX_QUEUE, Bus, Handler, Subscription

if TYPE_CHECKING:
    from bus.jetstream import JetStreamBus


def parse_bus_url(url: str) -> tuple[str, str]:
    """``nats://HOST:PORT[/PREFIX]`` → the server URL and the stream prefix (default
    ``gpufleet``); ``ValueError`` naming the URL otherwise. A prefix lets several deployments
    (production, staging, a test) share one server without seeing each other's events."""
    m = re.fullmatch(r"(nats://[^\s/:@]+(?::\d{1,5})?)(?:/([a-z][a-z0-9_]{0,31})?)?", url)
    if m is None:
        raise ValueError(
            f"bus URL must look like nats://HOST:PORT or nats://HOST:PORT/PREFIX "
            f"(PREFIX: lowercase letters, digits, '_'), got {url!r}"
        )
    return m.group(1), m.group(2) or "gpufleet"


def open_bus(url: str | None, log: EventLog | None = None) -> InProcessBus | JetStreamBus:
    """The in-process bus over ``log`` when ``url`` is None, else a JetStream bus for
    ``nats://HOST:PORT[/PREFIX]`` (``ValueError`` naming a bad URL; the log is then unused:
    the stream is the log)."""
    if url is None:
        return InProcessBus(log)
    parse_bus_url(url)  # a bad URL fails here, before the nats client is imported
    # imported here: the nats client is only loaded by processes that use it
    from bus.jetstream import JetStreamBus  # noqa: PLC0415

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
