"""The NOC as a running service: a tick source in, events onto the bus.

This is the I/O edge around the pure :class:`~agents.noc.detector.Detector`. Pacing (sleeping
between ticks to follow the data's own timestamps) is injected, so the same loop serves a live
source, a real-time replay and an as-fast-as-possible evaluation.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from agents.noc.detector import Detector, DetectorStats
from bus.protocol import Bus
from telemetry.frame import Tick
from telemetry.sources import TickSource

Pacer = Callable[[float], Awaitable[None]]  # awaits until it is time to process data time t
TickHook = Callable[[Tick, int], None]


async def run_noc(
    source: TickSource,
    detector: Detector,
    bus: Bus,
    *,
    pacer: Pacer | None = None,
    on_tick: TickHook | None = None,
    max_ticks: int | None = None,
) -> DetectorStats:
    """Feed every tick of ``source`` through ``detector`` and publish its events on ``bus``.

    Returns the detector's statistics (artifacts, rejected ticks, anomaly counts) at the end.
    """
    for n, tick in enumerate(source.ticks()):
        if max_ticks is not None and n >= max_ticks:
            break
        if pacer is not None:
            await pacer(tick.timestamp)
        for event in detector.process(tick):
            await bus.publish(event)
        # Let subscribers run between ticks even when no queue is full, so consumers see
        # incidents as they open rather than all at the end of a fast replay.
        await asyncio.sleep(0)
        if on_tick is not None:
            on_tick(tick, n)
    await bus.drain()
    return detector.stats
