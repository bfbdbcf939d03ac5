"""Reading a shard back after a restart (:meth:`JetStreamBus.read_back`) on a real
``nats-server -js``, when the server answers pulls late: every payload up to the asked sequence
comes back, in order, once.

Found by the storm bench at 25,600 GPUs: after a NOC worker was SIGKILLed mid-storm, the
restarted one's cooled-rack incident had another id than in the run without a kill. The
read-back took a pull that timed out on the busy server for the end of the shard, so the
restarted detector was rebuilt from part of its ticks; the ticks it missed were never delivered
again (they were acked), and its baselines and open incidents differed. Here the pulls are made
to time out by a wait far shorter than the server's answer."""

from __future__ import annotations

import asyncio

import pytest

from gpufleet.bus import jetstream
from gpufleet.bus.jetstream import JetStreamBus
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats

__all__ = ["nats_server"]  # the session fixture, imported for pytest


async def _published(bus: JetStreamBus, n: int) -> list[int]:
    """``n`` payloads on rack-1, interleaved with rack-2's; rack-1's stream sequences."""
    seqs = []
    for i in range(n):
        seqs.append(await bus.publish_telemetry("rack-1", f"r1-{i}".encode(), f"rack-1@{i}"))
        await bus.publish_telemetry("rack-2", f"r2-{i}".encode(), f"rack-2@{i}")
    return seqs


@needs_nats
def test_a_shard_read_back_from_a_slow_server_misses_nothing(
    nats_server: NatsServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def scenario() -> tuple[list[int], list[tuple[int, bytes]]]:
        async with JetStreamBus(nats_server.url, prefix=fresh_prefix(), fetch_batch=4) as bus:
            seqs = await _published(bus, 40)
            # every first pull expires before the server answers (0.2 ms)
            monkeypatch.setattr(jetstream, "FETCH_WAIT_S", 2e-4)
            got = [x async for x in bus.read_back("rack-1", seqs[29], telemetry=True)]
            return seqs, got

    seqs, got = asyncio.run(scenario())
    assert [s for s, _ in got] == seqs[:30]
    assert [p for _, p in got] == [f"r1-{i}".encode() for i in range(30)]


@needs_nats
def test_reading_back_past_the_end_stops_at_the_last_stored_payload(
    nats_server: NatsServer,
) -> None:
    async def scenario() -> tuple[list[int], list[int], list[int]]:
        async with JetStreamBus(nats_server.url, prefix=fresh_prefix(), fetch_batch=4) as bus:
            seqs = await _published(bus, 6)
            beyond = [s async for s, _ in bus.read_back("rack-1", 10**6, telemetry=True)]
            none = [s async for s, _ in bus.read_back("rack-3", 10**6, telemetry=True)]
            return seqs, beyond, none

    seqs, beyond, none = asyncio.run(scenario())
    assert beyond == seqs and none == []
