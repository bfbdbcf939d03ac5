"""The cross-rack correlator on the bus: folds the NOC workers' incident stream
(:class:`~agents.noc.correlator.CrossRackCorrelator`) and publishes what it joins.

Delivery is at least once, and the correlator's state is rebuilt, not stored: at start it reads
the incident stream back up to where its durable consumer (:data:`CORRELATOR_NAME`) has acked,
folding without publishing (those outputs were published before their input was acked), handles
what the previous run held unacked, then consumes from there and publishes. Outputs are a
function of the stream order alone, so events it published before a crash and publishes again
carry the same ids, which the server drops.
"""

from __future__ import annotations

from collections.abc import AsyncIterable
from dataclasses import dataclass
from typing import Protocol

from gpufleet.agents.noc.correlator import CrossRackCorrelator
from gpufleet.bus.events import EVENT_ADAPTER, Event
from gpufleet.bus.protocol import Handler, Subscription

CORRELATOR_NAME = "noc-correlator"
"""The correlator's durable consumer on the incident topic."""


class CorrelatorBus(Protocol):
    """What the correlator needs of a bus (:class:`bus.jetstream.JetStreamBus`)."""

    async def publish(self, event: Event) -> int: ...

    def subscribe(
        self, topic: str, name: str, handler: Handler, *, max_queue: int = ...
    ) -> Subscription: ...


@dataclass
class CorrelatorStats:
    folded: int = 0  # incident events read back at start (state rebuilt, nothing published)
    handled: int = 0
    published: int = 0


class CorrelatorService:
    """One correlator for the fleet (see the module docstring)."""

    def __init__(self, bus: CorrelatorBus, correlator: CrossRackCorrelator) -> None:
        self.bus, self.correlator = bus, correlator
        self.stats = CorrelatorStats()
        self._unpublished: list[Event] = []

    async def rebuild(self, payloads: AsyncIterable[tuple[int, bytes]], acked: int) -> None:
        """Catch up after a restart on the incident stream read back (``(sequence, payload)``
        up to what the previous run was given): up to ``acked`` fold without publishing; after
        it (what the previous run held when it died) handle as new. The consumer's
        redeliveries of those are then repeats, whatever order they come back in."""
        async for seq, data in payloads:
            event = EVENT_ADAPTER.validate_json(data)
            if seq > acked:
                await self.handle(event)
            else:
                self.correlator.observe(event)
                self.stats.folded += 1

    def subscribe(self, *, max_queue: int = 256) -> Subscription:
        return self.bus.subscribe("incident", CORRELATOR_NAME, self.handle, max_queue=max_queue)

    async def handle(self, event: Event) -> None:
        """Fold one incident event and publish what it joined; a failed publish is retried on
        the redelivery without folding twice."""
        self._unpublished += self.correlator.observe(event)
        self.stats.handled += 1
        while self._unpublished:
            await self.bus.publish(self._unpublished[0])
            self._unpublished.pop(0)
            self.stats.published += 1
