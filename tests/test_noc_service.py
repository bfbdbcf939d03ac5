"""The NOC service loop: sync and async sources, a live kernel-log feed merged into ticks."""

from __future__ import annotations

import asyncio
import io
import json
import time
from collections.abc import AsyncIterator
from pathlib import Path

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.service import run_noc
from gpufleet.bus.events import Event, IncidentOpened
from gpufleet.bus.memory import InProcessBus
from gpufleet.cli.main import main
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.sim.source import SimulatedSource
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.kernel_log import format_line
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.topology import Topology, build_cluster


def _collect(bus: InProcessBus) -> list[Event]:
    seen: list[Event] = []

    async def handler(e: Event) -> None:
        seen.append(e)

    bus.subscribe("*", "collector", handler)
    return seen


class _AsyncSim:
    """An async source over the simulator, as the network sources are."""

    def __init__(self, sim: FleetSimulator, n: int) -> None:
        self.sim, self.n = sim, n
        self.topology, self.interval_s = sim.topology, sim.interval_s

    async def aticks(self) -> AsyncIterator[Tick]:
        for _ in range(self.n):
            await asyncio.sleep(0)
            yield self.sim.step()


def _xid79_line(topo: Topology, t: float) -> str:
    pci = topo.gpu_pci_bus_id[topo.gpu_pos["node-02/gpu6"]]  # 00000000:BA:00.0
    msg = f"NVRM: Xid (PCI:{pci[4:]}): 79, pid=1, GPU has fallen off the bus."
    return format_line(LogEvent(t, "node-02", "xid", msg, xid=79, pci_bus_id=pci), "journal-iso")


def test_async_source_and_kernel_log_feed_reach_the_detector(tmp_path: Path) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    sim = FleetSimulator(topo, seed=2, artifacts=None)
    log = tmp_path / "kern.log"
    log.write_text(_xid79_line(topo, sim.start + 30 * 15) + "\n")
    feed = KernelLogFeed(log, node=None, topology=topo, from_start=True, poll_s=0.01).start()
    # The feed's thread has read the line before the ticks run (they run in a blink): up to
    # 60 s on a loaded machine (was 5 s, after which the test went on and the line could reach
    # the detector after its tick).
    deadline = time.monotonic() + 60
    while feed.report.total < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    if feed.report.total < 1:
        feed.stop()
        raise AssertionError("the kernel log feed did not read its line within 60 s")

    async def go() -> list[Event]:
        bus = InProcessBus()
        seen = _collect(bus)
        await bus.start()
        await run_noc(_AsyncSim(sim, 60), Detector(topo), bus, log_feeds=[feed])
        await bus.close()
        return seen

    try:
        events = asyncio.run(go())
    finally:
        feed.stop()
    opened = [e.incident for e in events if isinstance(e, IncidentOpened)]
    assert [(i.root_entity, i.xids) for i in opened] == [("node-02/gpu6", (79,))]
    # Delivered with the first tick at or after its timestamp, not before.
    assert opened[0].opened_at == sim.start + 30 * 15


def test_sync_source_still_works() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    sim = FleetSimulator(topo, seed=1)

    async def go() -> int:
        bus = InProcessBus()
        await bus.start()
        stats = await run_noc(SimulatedSource(sim, 600.0), Detector(topo), bus)
        await bus.close()
        return stats.ticks

    assert asyncio.run(go()) == 40


def test_logs_parse_cli_prints_events_then_a_summary(tmp_path: Path) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    tfile = tmp_path / "topology.json"
    tfile.write_text(json.dumps([c.model_dump(mode="json") for c in topo.clusters]))
    log = tmp_path / "dmesg.txt"
    log.write_text(
        _xid79_line(topo, 1_772_409_600.0) + "\nusb 1-1: new device\n"
        "2026-03-02T00:00:01+0000 node-01 kernel: NVRM: Xid (PCI:0000:18:00): x, y\n"
    )
    out = io.StringIO()
    assert main(["logs", "parse", str(log), "--topology", str(tfile), "--json"], out=out) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert lines[0]["xid"] == 79 and lines[0]["gpu"] == "node-02/gpu6"
    summary = lines[-1]["summary"]
    assert summary["lines"] == 3 and summary["recognised"] == 1
    assert summary["unrecognised"] == 1 and summary["malformed"] == 1
