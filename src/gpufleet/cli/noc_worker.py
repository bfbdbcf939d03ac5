"""``gpufleet noc-worker``: one rack's NOC on a NATS JetStream bus; ``gpufleet correlate``: the
correlator that joins the workers' incidents across racks; and ``watch --feed-shards``, the
feeder that cuts the telemetry by rack for the workers (:mod:`agents.noc.worker`,
:mod:`agents.noc.correlator_bus`)."""

from __future__ import annotations

import argparse
import asyncio
import signal
from typing import Any, TextIO

from gpufleet.agents.noc.config import load_config
from gpufleet.agents.noc.correlator import CrossRackCorrelator
from gpufleet.agents.noc.correlator_bus import CORRELATOR_NAME, CorrelatorService
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.service import AsyncTickSource, Pacer
from gpufleet.agents.noc.worker import NocWorker, feed_shards, worker_name
from gpufleet.bus.jetstream import JetStreamBus, check_shard
from gpufleet.cli.common import UsageError, check_bus_args, load_topology
from gpufleet.sim.demo import demo_simulator
from gpufleet.telemetry.shards import rack_topology
from gpufleet.telemetry.sources import TickSource
from gpufleet.telemetry.topology import Topology


def _fleet_topology(path: str | None) -> Topology:
    # the demo's fleet unless a topology file is given: the workers and the feeder must agree
    return load_topology(path) if path else demo_simulator(0).topology


def cmd_noc_worker(args: argparse.Namespace, out: TextIO) -> int:
    if not args.bus:
        raise UsageError("--bus nats://HOST:PORT is required: the worker reads its rack from it")
    check_bus_args(args.bus, None)
    fleet = _fleet_topology(args.topology)
    config = load_config(args.config)
    detectors: dict[str, Detector] = {}
    try:
        for name in args.shard:
            shard = check_shard(name)
            if shard in detectors:
                raise ValueError(f"rack {shard!r} given twice")
            detectors[shard] = Detector(rack_topology(fleet, shard), config)
    except ValueError as e:
        raise UsageError(f"--shard: {e}") from None
    bus = JetStreamBus(args.bus, ack_wait_s=_ack(args))
    workers = asyncio.run(_run_workers(bus, detectors, out))
    for shard, worker in workers.items():
        stats = worker.stats
        out.write(
            f"noc-worker {shard}: stopped after {stats.ticks} ticks "
            f"({stats.redelivered} redelivered and skipped, {stats.rebuilt} read back at start), "
            f"{stats.published} events published\n"
        )
        kept = worker.not_understood()
        if kept:
            out.write(f"noc-worker {shard}: kept, not understood: {kept}\n")
    return 0


def _ack(args: argparse.Namespace) -> float:
    if not args.ack_wait > 0:
        raise UsageError(f"--ack-wait: must be a positive number of seconds, got {args.ack_wait}")
    return float(args.ack_wait)


async def _until_stopped() -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    await stop.wait()


async def _run_workers(
    bus: JetStreamBus, detectors: dict[str, Detector], out: TextIO
) -> dict[str, NocWorker]:
    """One :class:`NocWorker` per rack on one connection, each rebuilt from its shard first."""
    workers = {shard: NocWorker(bus, shard, d) for shard, d in detectors.items()}
    for worker in workers.values():
        worker.subscribe()
    try:
        await bus.connect()
        for shard, worker in workers.items():
            acked, delivered = await bus.progress(worker_name(shard), telemetry=True)
            await worker.rebuild(bus.read_back(shard, delivered, telemetry=True), acked)
        await bus.start()
        for shard, worker in workers.items():
            out.write(
                f"noc-worker {shard}: consuming {bus.names.shard_subject(shard)} as "
                f"{worker_name(shard)} on {bus.url} (rebuilt from {worker.stats.rebuilt} "
                f"ticks), publishing to {bus.names.events_stream}\n"
            )
        out.flush()
        await _until_stopped()
    finally:
        await bus.close()
    return workers


def cmd_correlate(args: argparse.Namespace, out: TextIO) -> int:
    if not args.bus:
        raise UsageError(
            "--bus nats://HOST:PORT is required: the correlator reads incidents from it"
        )
    check_bus_args(args.bus, None)
    correlator = CrossRackCorrelator(_fleet_topology(args.topology))
    bus = JetStreamBus(args.bus, ack_wait_s=_ack(args))
    stats = asyncio.run(_run_correlator(bus, correlator, out))
    out.write(
        f"correlate: stopped after {stats.handled} incident events "
        f"({stats.folded} read back at start), {stats.published} events published\n"
    )
    return 0


async def _run_correlator(bus: JetStreamBus, correlator: CrossRackCorrelator, out: TextIO) -> Any:
    service = CorrelatorService(bus, correlator)
    service.subscribe()
    try:
        await bus.connect()
        acked, delivered = await bus.progress(CORRELATOR_NAME)
        await service.rebuild(bus.read_back("incident", delivered), acked)
        await bus.start()
        out.write(
            f"correlate: consuming {bus.names.topic_subject('incident')} as {CORRELATOR_NAME} "
            f"on {bus.url} (rebuilt from {service.stats.folded} events)\n"
        )
        out.flush()
        await _until_stopped()
    finally:
        await bus.close()
    return service.stats


async def run_feed(
    url: str,
    source: TickSource | AsyncTickSource,
    topology: Topology,
    *,
    pacer: Pacer | None,
    max_ticks: int | None,
) -> int:
    """``watch --feed-shards``: publish the source's ticks by rack; returns the ticks fed."""
    async with JetStreamBus(url) as bus:
        return await feed_shards(source, topology, bus, pacer=pacer, max_ticks=max_ticks)


def feed_report(n: int, topology: Topology, url: str, out: TextIO) -> None:
    racks = ", ".join(topology.rack_keys)
    out.write(f"fed {n} ticks to {url}, one message per rack and tick ({racks})\n")
