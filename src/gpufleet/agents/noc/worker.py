"""The NOC across processes: a feeder cuts ticks by rack onto the bus, a worker per rack
detects on its shard and publishes anomalies and incidents.

``feed_shards`` runs where the telemetry is read (``gpufleet watch --feed-shards``);
:class:`NocWorker` runs once per rack (``gpufleet noc-worker --shard RACK``), each on the rack's
own topology, so a worker holds the baselines and incidents of its rack only and the fleet's
detection spreads over as many processes and hosts as it has racks. Incidents spanning racks (a
PDU or a cooling loop feeding several racks, a job across racks) are not joined here: each rack's
worker reports its part, and the correlator over the incident stream
(:mod:`agents.noc.correlator`, ``gpufleet correlate``) joins them.

Delivery is at least once. The worker is idempotent on data time: a tick at or before the last
one it processed (a redelivery after a lost ack) is skipped, and the events of a processed tick
are kept until each is published, so a failed publish is retried without detecting twice. The
server deduplicates re-published events by their deterministic ids. A worker that restarts
(killed, moved to another host) first rebuilds its detector from its shard read back
(:meth:`NocWorker.rebuild`), so it neither reports again what it had reported nor sees the
ticks its previous run held out of order.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterable, Awaitable, Callable
from dataclasses import dataclass
from typing import Protocol

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.service import AsyncTickSource, Pacer, as_async
from gpufleet.bus.events import Event
from gpufleet.bus.failpoints import reach
from gpufleet.bus.protocol import Subscription
from gpufleet.telemetry.shards import TickDecoder, encode_tick, split_by_rack
from gpufleet.telemetry.sources import TickSource
from gpufleet.telemetry.topology import Topology

logger = logging.getLogger(__name__)

RawHandler = Callable[[bytes], Awaitable[None]]


class ShardBus(Protocol):
    """What the feeder and the workers need of a bus: events out, telemetry shards in and out
    (:class:`bus.jetstream.JetStreamBus`)."""

    async def publish(self, event: Event) -> int: ...

    async def publish_telemetry(self, shard: str, payload: bytes, msg_id: str) -> int: ...

    def subscribe_telemetry(
        self, shard: str, name: str, handler: RawHandler, *, max_queue: int = ...
    ) -> Subscription: ...


def worker_name(shard: str) -> str:
    """The durable consumer of ``shard``'s worker: a restarted worker resumes where it left."""
    return f"noc-{shard}"


@dataclass
class WorkerStats:
    ticks: int = 0
    redelivered: int = 0  # ticks skipped because they were processed already
    published: int = 0
    rebuilt: int = 0  # ticks read back at start to rebuild the detector's state


class NocWorker:
    """One rack's detector on the bus (see the module docstring)."""

    def __init__(self, bus: ShardBus, shard: str, detector: Detector) -> None:
        self.bus, self.shard, self.detector = bus, shard, detector
        self.stats = WorkerStats()
        self.decoder = TickDecoder()
        self._last_t: float | None = None
        self._unpublished: list[Event] = []

    def not_understood(self) -> str:
        """What the shards carried that this version keeps without understanding (field names
        not in the registry, header keys), counted; empty when there was none."""
        parts = []
        for what, counts in (
            ("fields not in the registry", self.decoder.unknown_fields),
            ("unknown shard header keys", self.decoder.unknown_keys),
        ):
            if counts:
                shown = ", ".join(f"{name} ({n})" for name, n in counts.most_common(10))
                more = f" and {len(counts) - 10} more" if len(counts) > 10 else ""
                parts.append(f"{what}: {shown}{more}")
        return "; ".join(parts)

    def subscribe(self, *, max_queue: int = 64) -> Subscription:
        """Consume the shard's telemetry under :func:`worker_name`."""
        return self.bus.subscribe_telemetry(
            self.shard, worker_name(self.shard), self.handle, max_queue=max_queue
        )

    async def rebuild(self, payloads: AsyncIterable[tuple[int, bytes]], acked: int) -> None:
        """Catch up after a restart on this shard's stream read back (``(sequence, payload)``,
        oldest first, up to what the previous run was given): up to ``acked`` (what it handled)
        detect without publishing, so the detector's state - baselines, counters, open
        incidents - comes back as it was; after it (what it held when it died) handle as new,
        publishing (the server drops what it had published already). The consumer's
        redeliveries of those ticks are then skipped, whatever order they come back in."""
        async for seq, data in payloads:
            if seq > acked:
                await self.handle(data)
                continue
            tick = self.decoder.decode(data)
            if self._last_t is None or tick.timestamp > self._last_t:
                self.detector.process(tick)
                self._last_t = tick.timestamp
                self.stats.rebuilt += 1

    async def handle(self, data: bytes) -> None:
        """Detect on one shard tick (unless processed already) and publish what it found."""
        tick = self.decoder.decode(data)
        if self._last_t is not None and tick.timestamp <= self._last_t:
            self.stats.redelivered += 1
        else:
            self._unpublished += self.detector.process(tick)
            self._last_t = tick.timestamp
            self.stats.ticks += 1
        while self._unpublished:
            await self.bus.publish(self._unpublished[0])
            self._unpublished.pop(0)
            self.stats.published += 1
        reach("noc.tick_published")  # the kill tests' worst moment: published, not acked


async def feed_shards(
    source: TickSource | AsyncTickSource,
    topology: Topology,
    bus: ShardBus,
    *,
    pacer: Pacer | None = None,
    max_ticks: int | None = None,
) -> int:
    """Publish every tick of ``source`` cut by rack, one message per rack, deduplicated on
    (rack, tick time) so a feeder restarted over the same data publishes nothing twice.
    Returns the number of ticks fed."""
    n = 0
    async for tick in as_async(source):
        if max_ticks is not None and n >= max_ticks:
            break
        if pacer is not None:
            await pacer(tick.timestamp)
        for rack, part in split_by_rack(tick, topology).items():
            await bus.publish_telemetry(rack, encode_tick(part), f"{rack}@{tick.timestamp!r}")
        n += 1
        await asyncio.sleep(0)
    return n
