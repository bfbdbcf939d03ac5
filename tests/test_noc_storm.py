"""A small storm through real processes: ``nats-server -js``, two ``gpufleet noc-worker``s (one
per rack) and ``gpufleet correlate``. A PDU feeding both racks trips, a job over both racks is
cancelled (Xid 45 everywhere, benign) and a GPU has a double-bit error. One worker is SIGKILLed
mid-storm - right after publishing a tick's events, before acking the tick - and restarted: the
incidents are the root causes, each once, with the ids the same storm gives in one process -
none lost, none duplicated."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

import pytest

from gpufleet.agents.noc.correlator import CrossRackCorrelator
from gpufleet.agents.noc.correlator_bus import CORRELATOR_NAME
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.worker import feed_shards, worker_name
from gpufleet.bus.events import Event, IncidentOpened
from gpufleet.bus.failpoints import ENV
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.cli.main import main
from gpufleet.sim.faults import DoubleBitError
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.sim.storm import SHARED_PDU, StormTicks, drained, standing, storm_fleet
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.shards import rack_topology, split_by_rack
from gpufleet.telemetry.topology import Topology
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.test_bus import Recorder

__all__ = ["nats_server"]

ROOT = Path(__file__).resolve().parent.parent
ONSET_S = 600.0
INTERVAL_S = 15.0  # the simulator's
TICKS = 90  # 22.5 min at 15 s: the storm starts at tick 40
KILL_AT = 46  # rack-2's worker kills itself here: six ticks into the storm, as its part opens


def _storm() -> tuple[Topology, list[Tick]]:
    storm = storm_fleet(
        racks=2, nodes_per_rack=2, pdu_racks=2, cooling=False, job_gpus=24, onset_s=ONSET_S
    )
    dbe = DoubleBitError(node="node-01", gpu=3, onset_s=ONSET_S + 120)
    sim = FleetSimulator(storm.topology, seed=11, faults=[*storm.faults, dbe])
    return storm.topology, [sim.step() for _ in range(TICKS)]


def _roots(events: Iterable[Event]) -> dict[str, str]:
    """incident id -> root (as last updated) for every incident opened and not merged away."""
    return {k: incident.root_entity for k, (_, incident) in standing(events).items()}


def _opened(events: Iterable[Event]) -> set[str]:
    return {e.incident.incident_id for e in events if isinstance(e, IncidentOpened)}


def _in_one_process(topo: Topology, ticks: Sequence[Tick]) -> list[Event]:
    detectors = {r: Detector(rack_topology(topo, r)) for r in topo.rack_keys}
    correlator = CrossRackCorrelator(topo)
    events: list[Event] = []
    for tick in ticks:
        for rack, part in split_by_rack(tick, topo).items():
            for e in detectors[rack].process(part):
                events += [e, *correlator.observe(e)]
    return events


def _gpufleet(url: str, *args: str, kill_at: int = 0) -> subprocess.Popen[bytes]:
    """A gpufleet process; with ``kill_at``, one that SIGKILLs itself after publishing the
    events of its ``kill_at``-th tick, before acking it."""
    env = dict(os.environ)
    env.pop(ENV, None)
    if kill_at:
        env[ENV] = f"noc.tick_published:{kill_at}"
    return subprocess.Popen(
        [sys.executable, "-m", "gpufleet.cli.main", *args, "--bus", url, "--ack-wait", "2"],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


@needs_nats
def test_a_storm_with_a_worker_killed_mid_way_gives_each_root_cause_once(
    nats_server: NatsServer, tmp_path: Path
) -> None:
    topo, ticks = _storm()
    in_one = _in_one_process(topo, ticks)
    expected = _roots(in_one)
    assert sorted(expected.values()) == sorted([f"pdu:{SHARED_PDU}", "node-01/gpu3"])

    topology = tmp_path / "topology.json"
    topology.write_text(json.dumps([c.model_dump(mode="json") for c in topo.clusters]))
    url = f"{nats_server.url}/{fresh_prefix()}"
    worker = {r: ["noc-worker", "--shard", r, "--topology", str(topology)] for r in topo.rack_keys}
    procs = {
        r: _gpufleet(url, *argv, kill_at=KILL_AT if r == "rack-2" else 0)
        for r, argv in worker.items()
    }
    procs["correlate"] = _gpufleet(url, "correlate", "--topology", str(topology))
    logs: dict[str, str] = {}
    try:
        events = asyncio.run(_storm_with_a_kill(url, topo, ticks, procs, worker["rack-2"], logs))
    finally:
        for name, proc in procs.items():
            proc.send_signal(signal.SIGTERM)
            logs[name] = proc.communicate(timeout=30)[0].decode()
    assert _roots(events) == expected, logs
    # and the restarted worker, its detector rebuilt, did not open again what it had opened
    assert _opened(events) == _opened(in_one), logs
    assert "stopped after" not in logs["rack-2 killed"], logs  # killed, not stopped
    # it read its shard back up to its acks, then got the rest - the killed tick included -
    # from its consumer: every tick once, nothing lost
    rebuilt = re.search(r"rack-2: stopped after (\d+) ticks .* (\d+) read back", logs["rack-2"])
    assert rebuilt is not None, logs
    after, before = int(rebuilt[1]), int(rebuilt[2])
    assert 0 < before < KILL_AT and before + after == TICKS, logs
    assert "noc-worker rack-2: stopped after" in logs["rack-2"], logs
    assert "0 events published" not in logs["correlate"], logs


async def _storm_with_a_kill(
    url: str,
    topo: Topology,
    ticks: Sequence[Tick],
    procs: dict[str, subprocess.Popen[bytes]],
    restart_argv: list[str],
    logs: dict[str, str],
) -> list[Event]:
    async with asyncio.timeout(240), JetStreamBus(url) as bus:
        got = Recorder()
        bus.subscribe_view("incident", "check", got, from_start=True)
        await feed_shards(StormTicks(topo, ticks, INTERVAL_S), topo, bus)
        while procs["rack-2"].poll() is None:  # it kills itself at its KILL_AT-th tick
            await asyncio.sleep(0.1)
        assert procs["rack-2"].returncode == -signal.SIGKILL
        logs["rack-2 killed"] = procs["rack-2"].communicate(timeout=30)[0].decode()
        procs["rack-2"] = _gpufleet(url, *restart_argv)
        await drained(bus, [worker_name(r) for r in topo.rack_keys], [CORRELATOR_NAME])
        await bus.drain()
    return list(got.events)


def test_correlate_needs_a_reachable_bus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["correlate"]) == 2
    assert "--bus nats://HOST:PORT is required" in capsys.readouterr().err
    assert main(["correlate", "--bus", "nats://127.0.0.1:1", "--ack-wait", "0"]) == 2
    assert "--ack-wait: must be a positive number" in capsys.readouterr().err
    assert main(["correlate", "--bus", "nats://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot reach NATS at nats://127.0.0.1:1" in err
