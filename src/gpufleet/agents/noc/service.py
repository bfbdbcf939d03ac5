"""The NOC as a running service: a tick source in, events onto the bus.

This is the I/O edge around the pure :class:`~agents.noc.detector.Detector`. Sources come in
two shapes: synchronous ones (simulator, recorded runs) yield ``ticks()``; network ones
(dcgm-exporter scrape, Prometheus polling, NVML) yield ``aticks()`` asynchronously. Pacing
(sleeping between ticks to follow the data's own timestamps) is injected, so the same loop serves
a live source, a real-time replay and an as-fast-as-possible evaluation.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from dataclasses import replace
from typing import Protocol

from gpufleet.agents.noc.detector import Detector, DetectorStats
from gpufleet.bus.protocol import Bus
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.sources import TickSource
from gpufleet.telemetry.topology import Topology

Pacer = Callable[[float], Awaitable[None]]  # awaits until it is time to process data time t
TickHook = Callable[[Tick, int], None]


class AsyncTickSource(Protocol):
    topology: Topology
    interval_s: float

    def aticks(self) -> AsyncIterator[Tick]: ...


class LogEventFeed(Protocol):
    """Log events gathered since the last call (kernel-log follower, NVML event set, ...)."""

    def drain(self) -> list[LogEvent]: ...


async def as_async(source: TickSource | AsyncTickSource) -> AsyncIterator[Tick]:
    """A source's ticks as one async stream, whether it yields them sync or async."""
    aticks = getattr(source, "aticks", None)
    if aticks is not None:
        async for tick in aticks():
            yield tick
        return
    ticks: Iterable[Tick] = source.ticks()  # type: ignore[union-attr]
    for tick in ticks:
        yield tick


def with_events(tick: Tick, events: list[LogEvent]) -> Tick:
    """The tick plus log events that arrived from another feed since the previous tick."""
    if not events:
        return tick
    merged = tuple(sorted((*tick.events, *events), key=lambda e: e.timestamp))
    return replace(tick, events=merged)


def _drain(feed: LogEventFeed, t: float) -> list[LogEvent]:
    """A feed's events; one whose events carry no time of their own (a report read from a
    folder, a pod state) stamps them with the tick's time (``drain_at``), so they reach the
    detector with that tick whether the fleet is live, simulated or replayed."""
    drain_at = getattr(feed, "drain_at", None)
    if drain_at is None:
        return feed.drain()
    events: list[LogEvent] = drain_at(t)
    return events


async def run_noc(
    source: TickSource | AsyncTickSource,
    detector: Detector,
    bus: Bus,
    *,
    pacer: Pacer | None = None,
    on_tick: TickHook | None = None,
    max_ticks: int | None = None,
    log_feeds: Iterable[LogEventFeed] = (),
) -> DetectorStats:
    """Feed every tick of ``source`` through ``detector`` and publish its events on ``bus``.

    ``log_feeds`` (kernel-log followers, ...) are drained before each tick and their events
    delivered with it. When the source ends (or ``max_ticks`` is reached) no data will come
    after its last tick: what still waits to settle is routed then (``Detector.settle_pending``),
    as the next ticks would have, rather than lost with the process. Returns the detector's
    statistics at the end.
    """
    feeds = list(log_feeds)
    pending: list[LogEvent] = []  # log events newer than the latest tick wait for the next one
    n = 0
    last_t: float | None = None
    async for tick in as_async(source):
        if max_ticks is not None and n >= max_ticks:
            break
        if pacer is not None:
            await pacer(tick.timestamp)
        pending += [e for feed in feeds for e in _drain(feed, tick.timestamp)]
        extra = [e for e in pending if e.timestamp <= tick.timestamp]
        pending = [e for e in pending if e.timestamp > tick.timestamp]
        for event in detector.process(with_events(tick, extra)):
            await bus.publish(event)
        # Let subscribers run between ticks even when no queue is full, so consumers see
        # incidents as they open rather than all at the end of a fast replay.
        await asyncio.sleep(0)
        if on_tick is not None:
            on_tick(tick, n)
        n += 1
        last_t = tick.timestamp
    if last_t is not None:
        for event in detector.settle_pending(last_t):
            await bus.publish(event)
    await bus.drain()
    return detector.stats
