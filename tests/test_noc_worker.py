"""NOC workers by rack: the tick cut and its wire format, and real ``gpufleet noc-worker``
processes (one per rack) on a real ``nats-server -js`` finding the incidents the whole-fleet NOC
finds, with the same ids, fed by ``gpufleet watch --feed-shards``."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import json
import math
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import cast

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.worker import NocWorker, ShardBus, feed_shards
from gpufleet.bus.events import Event, IncidentOpened
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.cli.main import main
from gpufleet.sim.faults import FallenOffBus, NvlinkCrcErrors, PowerBrake
from gpufleet.sim.simulator import Fault, FleetSimulator
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.shards import (
    ShardFormatError,
    TickDecoder,
    encode_tick,
    rack_topology,
    split_by_rack,
)
from gpufleet.telemetry.topology import Topology, Workload, build_cluster
from tests.nats_bus import NatsServer, fresh_prefix, nats_server, needs_nats
from tests.noc_frames import TickList
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
            "gpufleet.cli.main",
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


async def _incidents_when_workers_are_done(
    url: str, want: int, racks: tuple[str, ...] = ("rack-1", "rack-2")
) -> list[IncidentOpened]:
    got = Recorder()
    async with asyncio.timeout(120), JetStreamBus(url) as bus:
        bus.subscribe_view("incident", "check", got, from_start=True)
        js = bus._require_js()
        while True:  # until both workers have acked every tick of their rack
            busy = 0
            for rack in racks:
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


# -- the extended exporter fields on the wire ------------------------------------------------------


def _exporter_only_faults() -> tuple[Topology, list[Tick]]:
    """Two rack-2 faults the exporter's extended metrics alone show (evals/suite_extended.py):
    an Xid 79 known only from DCGM_EXP_XID_ERRORS_COUNT (no kernel log), and a B200's NVLink5
    error counters rising with DCGM's NVLINK health watch failing."""
    topo = Topology([build_cluster(racks=2, nodes_per_rack=2, gpus_per_node=8, sku_name="B200")])
    faults: list[Fault] = [
        FallenOffBus(node="node-03", gpu=2, xid_source="exporter", onset_s=300.0),
        NvlinkCrcErrors(node="node-04", gpu=6, counters="nvlink5", onset_s=300.0),
    ]
    sim = FleetSimulator(topo, seed=7, faults=faults)
    return topo, [sim.step() for _ in range(EXPORTER_TICKS)]


EXPORTER_TICKS = 60  # 15 min at 15 s; the faults start at 5 min


def _opened(detector: Detector, ticks: Iterable[Tick]) -> list[tuple[str, str, str]]:
    return [
        (e.incident.incident_id, e.incident.root_entity, e.incident.title)
        for t in ticks
        for e in detector.process(t)
        if isinstance(e, IncidentOpened)
    ]


def test_extended_fields_and_keyed_values_cross_the_wire_as_the_detector_needs_them() -> None:
    topo, ticks = _exporter_only_faults()
    parts = [split_by_rack(t, topo)["rack-2"] for t in ticks]
    decoder = TickDecoder()
    back = [decoder.decode(encode_tick(p)) for p in parts]
    for mine, theirs in zip(back, parts, strict=True):
        assert mine.keyed == theirs.keyed  # the per-key DCGM_EXP_* values, exactly
        assert theirs.extended is not None and mine.extended is not None
        assert mine.extended.entities == theirs.extended.entities
        filled = [
            f for f in theirs.extended.fields if not np.isnan(theirs.extended.column(f)).all()
        ]
        assert mine.extended.fields == tuple(filled)  # compact: only the columns with a value
        for name in filled:
            np.testing.assert_array_equal(mine.extended.column(name), theirs.extended.column(name))
    assert {f for t in back for f in t.extended.fields} == {  # type: ignore[union-attr]
        "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS",
        "DCGM_FI_DEV_NVLINK_COUNT_RX_SYMBOL_ERRORS",
    }
    assert back[-1].extended.entities is back[-2].extended.entities  # type: ignore[union-attr]
    # the rack's detector finds over the wire what it finds on the local cut - and what the
    # whole-fleet detector finds for the rack - and without the extended data it does not
    rack = rack_topology(topo, "rack-2")
    over_wire = _opened(Detector(rack), back)
    assert over_wire == _opened(Detector(rack), parts)
    assert over_wire == _opened(Detector(topo), ticks)
    assert [(root, title.split(" on ")[0]) for _, root, title in over_wire] == [
        ("node-03/gpu2", "device: xid_79"),
        ("node-04/gpu6", "interconnect: nvlink_errors"),
    ]
    bare = [dataclasses.replace(p, extended=None, keyed=None) for p in parts]
    assert not {i for i, _, _ in _opened(Detector(rack), bare)} & {i for i, _, _ in over_wire}
    assert not decoder.unknown_fields and not decoder.unknown_keys


def test_fields_and_header_keys_this_version_does_not_know_are_kept_and_counted() -> None:
    topo, ticks = _exporter_only_faults()
    part = split_by_rack(ticks[-1], topo)["rack-1"]
    gpus = part.frames[0].entities
    values = np.full((len(gpus), 2), np.nan)
    values[0] = (3.0, 4.0)
    names = ("DCGM_FI_DEV_FUTURE_X", "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS")
    future = Frame(part.timestamp, EntityKind.GPU, gpus, names, values, "dcgm-exporter")
    keyed = {gpus[1]: {"DCGM_EXP_FUTURE_COUNT": {"a": 2.0, "b": math.nan}}}
    tick = dataclasses.replace(part, extended=future, keyed=keyed)
    data = encode_tick(tick)
    n = int.from_bytes(data[:4], "big")
    header = json.loads(data[4 : 4 + n]) | {"compression": "none"}
    head = json.dumps(header).encode()
    newer = len(head).to_bytes(4, "big") + head + data[4 + n :]

    decoder = TickDecoder()
    back = decoder.decode(newer)
    assert back.extended is not None
    assert back.extended.fields == future.fields  # kept, not dropped
    np.testing.assert_array_equal(back.extended.values, future.values)
    assert back.keyed is not None and back.keyed[gpus[1]]["DCGM_EXP_FUTURE_COUNT"]["a"] == 2.0
    assert math.isnan(back.keyed[gpus[1]]["DCGM_EXP_FUTURE_COUNT"]["b"])
    assert decoder.unknown_fields == {"DCGM_FI_DEV_FUTURE_X": len(gpus), "DCGM_EXP_FUTURE_COUNT": 2}
    assert decoder.unknown_keys == {"compression": 1}
    worker = NocWorker(cast(ShardBus, None), "rack-1", Detector(rack_topology(topo, "rack-1")))
    worker.decoder.decode(newer)
    shown = worker.not_understood()
    assert (
        "fields not in the registry: DCGM_FI_DEV_FUTURE_X (16), DCGM_EXP_FUTURE_COUNT (2)" in shown
    )
    assert "unknown shard header keys: compression (1)" in shown

    for change, reason in (
        ({"keyed": header["keyed"] | {"cells": [0, 0, 9]}}, "keyed cell 0 out of range"),
        ({"keyed": header["keyed"] | {"cells": [0, 0]}}, "not index triples"),
        ({"keyed": header["keyed"] | {"gpus": [1]}}, "keyed gpus is not a list of strings"),
        ({"extended": header["extended"] | {"kind": "node"}}, "not a GPU frame"),
        ({"extended": header["extended"] | {"fields": ["DCGM_FI_DEV_FUTURE_X"]}}, "trailing"),
        ({"extended": header["extended"] | {"entities": [*gpus, "x"]}}, "cut off"),
    ):
        bad = json.dumps(header | change).encode()
        with pytest.raises(ShardFormatError, match=reason):
            TickDecoder().decode(len(bad).to_bytes(4, "big") + bad + data[4 + n :])


@needs_nats
def test_a_worker_on_a_shard_finds_the_faults_only_the_exporter_shows(
    nats_server: NatsServer, tmp_path: Path
) -> None:
    """``gpufleet noc-worker`` behind ``--bus nats://`` finds the exporter-only faults the
    single-process NOC finds, with the same ids (before the shards carried the extended fields
    and keyed values, it opened neither: the Xid 79 only as a vanished GPU, under another id)."""
    topo, ticks = _exporter_only_faults()
    expected = _opened(Detector(topo), ticks)
    assert {root for _, root, _ in expected} == {"node-03/gpu2", "node-04/gpu6"}
    topology = tmp_path / "topology.json"
    topology.write_text(json.dumps([c.model_dump(mode="json") for c in topo.clusters]))
    url = f"{nats_server.url}/{fresh_prefix()}"
    worker = _worker(url, "rack-2", topology)
    try:
        incidents = asyncio.run(_fed_and_found(url, topo, ticks, len(expected)))
    finally:
        worker.terminate()
        log = worker.communicate(timeout=30)[0].decode()
    assert {(i.incident.incident_id, i.incident.root_entity) for i in incidents} == {
        (i, root) for i, root, _ in expected
    }, log
    assert f"noc-worker rack-2: stopped after {EXPORTER_TICKS} ticks" in log, log
    assert "not understood" not in log, log


async def _fed_and_found(
    url: str, topo: Topology, ticks: list[Tick], want: int
) -> list[IncidentOpened]:
    async with JetStreamBus(url) as bus:
        await feed_shards(TickList(topo, ticks), topo, bus)
    return await _incidents_when_workers_are_done(url, want, racks=("rack-2",))


@pytest.mark.parametrize(
    "scenario",
    ["exporter-xid79-window-only", "exporter-xid79-window-only-a100", "exporter-nvlink5-health"],
)
def test_the_suite_exporter_only_incidents_come_through_the_shards_with_their_ids(
    scenario: str,
) -> None:
    """The suite's exporter-only scenarios (evals/suite_extended.py), cut by rack and sent
    through the wire format: the rack detectors open what the whole-fleet NOC opens, id for id
    (before, the NVLink5 one was missed and both Xid 79s came out as vanished GPUs)."""
    from gpufleet.evals.recorded import load_incident

    folder = ROOT / "src" / "gpufleet" / "evals" / "suite" / scenario
    li = load_incident(folder, folder.parent / ".cache")
    ticks, topo = list(li.iter_ticks()), li.topology
    racks = {r: (Detector(rack_topology(topo, r)), TickDecoder()) for r in topo.rack_keys}
    sharded = []
    for tick in ticks:
        for rack, part in split_by_rack(tick, topo).items():
            detector, decoder = racks[rack]
            sharded += _opened(detector, [decoder.decode(encode_tick(part))])
    whole = _opened(Detector(topo), ticks)
    assert len(whole) == 1 and sharded == whole
