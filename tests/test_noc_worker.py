"""NOC workers by rack: the tick cut and its wire format, and real ``gpufleet noc-worker``
processes (one per rack) on a real ``nats-server -js`` finding the incidents the whole-fleet NOC
finds, with the same ids, fed by ``gpufleet watch --feed-shards``."""

from __future__ import annotations

import asyncio
import io
import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from bus.events import Event, IncidentOpened
from bus.jetstream import JetStreamBus
from cli.main import main
from sim.faults import PowerBrake
from sim.simulator import FleetSimulator
from telemetry.frame import EntityKind, LogEvent, Tick
from telemetry.shards import (
    ShardFormatError,
    TickDecoder,
    encode_tick,
    rack_topology,
    split_by_rack,
)
from telemetry.topology import Topology, Workload, build_cluster
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.test_bus import Recorder

__all__ = ["nats_server"]

ROOT = Path(__file__).resolve().parent.parent


def _ticks(n: int) -> tuple[Topology, list[Tick]]:
    topo = Topology([build_cluster(racks=3, nodes_per_rack=2, gpus_per_node=4)])
    sim = FleetSimulator(topo, seed=5, faults=[PowerBrake(node="node-03", onset_s=0.0)])
    return topo, [sim.step() for _ in range(n)]


def test_a_tick_cut_by_rack_keeps_every_row_once_and_round_trips_the_wire() -> None:
    topo, ticks = _ticks(3)
    tick = ticks[-1]
    lost = LogEvent(tick.timestamp, "node-99", "xid", "NVRM: Xid 79 on a host we do not know")
    seen = LogEvent(tick.timestamp, "node-04", "xid", "NVRM: Xid 48", xid=48, gpu="node-04/gpu1")
    busy = {"node-01/gpu0": Workload(job_id="j1", user="ann"), "node-05/gpu3": Workload()}
    tick = Tick(tick.timestamp, tick.frames, (lost, seen), busy)

    parts = split_by_rack(tick, topo)
    assert list(parts) == ["rack-1", "rack-2", "rack-3"]
    for kind in (EntityKind.GPU, EntityKind.NODE):
        whole = tick.frame(kind)
        assert whole is not None
        rows = [e for p in parts.values() for e in p.frame(kind).entities]  # type: ignore[union-attr]
        assert sorted(rows) == sorted(whole.entities)
        rack2 = parts["rack-2"].frame(kind)
        assert rack2 is not None
        assert set(rack2.entities) <= set(rack_topology(topo, "rack-2").gpu_keys) | {
            "node-03",
            "node-04",
        }
        for i, entity in enumerate(rack2.entities):
            np.testing.assert_array_equal(
                rack2.values[i], whole.values[whole.entities.index(entity)]
            )
    assert parts["rack-2"].events == (seen,)  # the unknown host's line goes nowhere
    assert parts["rack-1"].workloads == {"node-01/gpu0": busy["node-01/gpu0"]}
    assert parts["rack-2"].workloads == {}  # changed, and empty here: every rack is told

    decoder = TickDecoder()
    back = decoder.decode(encode_tick(parts["rack-2"]))
    assert back.timestamp == tick.timestamp and back.events == (seen,)
    assert back.workloads == {}
    for mine, theirs in zip(back.frames, parts["rack-2"].frames, strict=True):
        assert (mine.entity_kind, mine.entities, mine.fields, mine.source) == (
            theirs.entity_kind,
            theirs.entities,
            theirs.fields,
            theirs.source,
        )
        np.testing.assert_array_equal(mine.values, theirs.values)  # NaN where NaN
    again = decoder.decode(encode_tick(split_by_rack(ticks[0], topo)["rack-2"]))
    assert again.frames[0].entities is back.frames[0].entities  # unchanged: the same tuple


def test_bytes_that_are_not_a_shard_are_refused_with_the_reason() -> None:
    topo, ticks = _ticks(1)
    good = encode_tick(split_by_rack(ticks[0], topo)["rack-1"])
    for bad, reason in (
        (b"", "struct.error|error"),
        (b"\x00\x00\x00\x02{}", "KeyError"),
        (good[:-8], "cut off"),
        (good + b"\x00" * 8, "trailing bytes"),
    ):
        with pytest.raises(ShardFormatError, match=reason):
            TickDecoder().decode(bad)
    with pytest.raises(ValueError, match=r"no rack 'rack-9'.*rack-1, rack-2, rack-3"):
        rack_topology(topo, "rack-9")


# -- real workers --------------------------------------------------------------------------------


def _cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


def _worker(url: str, rack: str, topology: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cli.main",
            "noc-worker",
            "--bus",
            url,
            "--shard",
            rack,
            "--topology",
            str(topology),
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )


@needs_nats
def test_workers_per_rack_find_the_whole_fleet_incidents_with_the_same_ids(
    nats_server: NatsServer, tmp_path: Path
) -> None:
    run_dir = tmp_path / "run"
    code, _ = _cli(
        "simulate", "--out", str(run_dir), "--duration", "40m", "--racks", "2", "--nodes", "2",
        "--fault", "dbe@20m:node=node-03,gpu=5", "--fault", "power_brake@25m:node=node-01",
    )  # fmt: skip
    assert code == 0
    code, text = _cli("replay", str(run_dir), "--json")
    assert code == 0
    expected = {(i["incident_id"], i["root_entity"]) for i in json.loads(text)["incidents"]}
    assert {root for _, root in expected} == {"node-03/gpu5", "node-01"}  # one per rack

    url = f"{nats_server.url}/{fresh_prefix()}"
    topology = run_dir / "topology.json"
    workers = {rack: _worker(url, rack, topology) for rack in ("rack-1", "rack-2")}
    try:
        code, text = _cli(
            "watch", "--source", f"replay:{run_dir}", "--speed", "1e9", "--bus", url,
            "--feed-shards",
        )  # fmt: skip
        assert code == 0 and "fed 160 ticks" in text
        incidents = asyncio.run(_incidents_when_workers_are_done(url, len(expected)))
    finally:
        for proc in workers.values():
            proc.terminate()
        logs = {rack: proc.communicate(timeout=30)[0].decode() for rack, proc in workers.items()}
    assert {(i.incident.incident_id, i.incident.root_entity) for i in incidents} == expected
    for rack, log in logs.items():
        assert f"noc-worker {rack}: stopped after 160 ticks" in log, log


async def _incidents_when_workers_are_done(url: str, want: int) -> list[IncidentOpened]:
    got = Recorder()
    async with asyncio.timeout(120), JetStreamBus(url) as bus:
        bus.subscribe_view("incident", "check", got, from_start=True)
        js = bus._require_js()
        while True:  # until both workers have acked every tick of their rack
            busy = 0
            for rack in ("rack-1", "rack-2"):
                try:
                    info = await js.consumer_info(bus.names.telemetry_stream, f"noc-{rack}")
                except Exception:  # the worker has not bound yet
                    busy += 1
                    continue
                busy += (info.num_pending or 0) + (info.num_ack_pending or 0)
            if busy == 0 and sum(isinstance(e, IncidentOpened) for e in got.events) >= want:
                break
            await asyncio.sleep(0.1)
        await bus.drain()
    opened: list[Event] = [e for e in got.events if isinstance(e, IncidentOpened)]
    return [e for e in opened if isinstance(e, IncidentOpened)]


def test_noc_worker_needs_a_bus_and_a_known_rack(capsys: pytest.CaptureFixture[str]) -> None:
    assert _cli("noc-worker", "--shard", "rack-1")[0] == 2
    assert "--bus nats://HOST:PORT is required" in capsys.readouterr().err
    assert _cli("noc-worker", "--shard", "rack-9", "--bus", "nats://127.0.0.1:1")[0] == 2
    assert "no rack 'rack-9'" in capsys.readouterr().err
    assert _cli("watch", "--feed-shards")[0] == 2
    assert "--feed-shards needs --bus" in capsys.readouterr().err
    assert _cli("watch", "--bus", "nats://127.0.0.1:1", "--events-db", "x.db")[0] == 2
    assert "the JetStream stream is the log" in capsys.readouterr().err
    assert _cli("noc-worker", "--shard", "rack-1", "--bus", "nats://127.0.0.1:1")[0] == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot reach NATS at nats://127.0.0.1:1" in err
    assert "Traceback" not in err
