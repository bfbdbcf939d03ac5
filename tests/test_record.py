"""Recording an incident window out of a real VictoriaMetrics (evals.record): simulator → store →
recorded-incident folder → load_incident → the detector finds the fault."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Incident, IncidentOpened, IncidentUpdated
from gpufleet.evals.format import Truth, TruthFault, load_spec
from gpufleet.evals.record import RecordError, record_incident
from gpufleet.evals.recorded import load_incident
from gpufleet.evals.sched_events import events_from_simulation
from gpufleet.evals.scoring import matches
from gpufleet.evals.vm_server import VictoriaMetrics, free_port
from gpufleet.sim.faults import DoubleBitError
from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import format_line
from gpufleet.telemetry.store_writer import VictoriaMetricsWriter
from gpufleet.telemetry.topology import Topology, Workload, build_cluster
from gpufleet.telemetry.truth import GroundTruth

SKIP_REASON = (
    "victoria-metrics (Debian package) not installed: run make test as root on Debian, "
    "which installs it"
)
needs_vm = pytest.mark.skipif(shutil.which("victoria-metrics") is None, reason=SKIP_REASON)
DURATION_S = 3600.0
KERNEL_KINDS = {"xid", "sxid", "fallen_off_bus", "rm_init_failed", "nic_link_down", "nic_link_up"}


@dataclass
class Store:
    vm: VictoriaMetrics
    topology: Topology
    start: float
    end: float
    truth: GroundTruth
    logs: Path
    events: Path


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Store]:
    if shutil.which("victoria-metrics") is None:
        pytest.skip(SKIP_REASON)
    topo = Topology([build_cluster(racks=1, nodes_per_rack=4)])
    fault = DoubleBitError(node="node-02", gpu=5, onset_s=1800.0)
    sim = FleetSimulator(topo, seed=4, faults=[fault], artifacts=ArtifactRates(blank_sentinel=0.0))
    logs: list[LogEvent] = []
    changes: list[tuple[float, dict[str, Workload]]] = []
    ticks = []
    for tick in sim.run(DURATION_S):
        logs.extend(tick.events)
        if tick.workloads is not None:
            changes.append((tick.timestamp, dict(tick.workloads)))
        ticks.append(tick)
    side = tmp_path_factory.mktemp("side")
    logs_path, events_path = side / "kern.log", side / "sched.jsonl"
    logs_path.write_text(
        "".join(format_line(e) + "\n" for e in logs if e.kind in KERNEL_KINDS), encoding="utf-8"
    )
    events_path.write_text(
        "".join(json.dumps(r) + "\n" for r in events_from_simulation(sim.start, changes, logs)),
        encoding="utf-8",
    )
    with VictoriaMetrics() as vm:
        with VictoriaMetricsWriter(vm.url) as w:
            w.write_ticks(ticks, topo)
            w.force_flush()
        yield Store(
            vm,
            topo,
            ticks[0].timestamp,
            ticks[-1].timestamp,
            fault.truth(sim),
            logs_path,
            events_path,
        )


def _truth(gt: GroundTruth) -> Truth:
    return Truth(
        faults=[
            TruthFault(
                fault_class=gt.fault_class,
                root_cause=gt.fault_class,
                root_entity=gt.root_entity,
                scope=gt.scope,
                family=gt.family,
                entities=list(gt.entities),
                onset=gt.onset,
                max_delay_s=gt.max_delay_s,
            )
        ],
        difficulty="easy",
        source="gpufleet simulator seed 4, via VictoriaMetrics",
    )


def _incidents(folder: Path) -> tuple[list[Incident], list[str]]:
    inc = load_incident(folder)
    det = Detector(inc.topology)
    final: dict[str, Incident] = {}
    for tick in inc.iter_ticks():
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    return list(final.values()), inc.problems


@needs_vm
def test_recorded_window_loads_and_the_detector_finds_the_fault(
    store: Store, tmp_path: Path
) -> None:
    s = store
    out = tmp_path / "dbe-from-vm"
    rec = record_incident(
        s.vm.url,
        s.start,
        s.end,
        out,
        topology=None,  # inferred from the dcgm-exporter labels
        incident_id="dbe-from-vm",
        title="DBE on node-02 GPU 5, recorded from VictoriaMetrics",
        truth=_truth(s.truth),
        logs=s.logs,
        events=s.events,
    )
    assert rec.folder == out and out.is_dir()
    assert sorted(p.name for p in out.iterdir()) == [
        "events.jsonl",
        "incident.yaml",
        "logs.txt",
        "metrics.jsonl",
        "topology.json",
    ]
    assert not out.with_name(out.name + ".partial").exists()
    spec = load_spec(out)
    assert spec.id == "dbe-from-vm" and spec.kind == "fault"
    assert spec.topology_file == "topology.json" and spec.topology is None
    assert spec.interval_s == 15.0
    assert (spec.time_range.start, spec.time_range.end) == (s.start, s.end)
    assert (
        yaml.safe_load((out / "incident.yaml").read_text())["truth"]["faults"][0]["root_entity"]
        == "node-02/gpu5"
    )
    # metrics.jsonl is the store's own export, line for line (in the store's own order, which
    # varies from one export to the next: VictoriaMetrics exports series in parallel).
    exported = list(s.vm.export_lines('{__name__=~"DCGM_.*|NODE_.*"}', start=s.start, end=s.end))
    assert sorted((out / "metrics.jsonl").read_text().splitlines()) == sorted(exported)
    assert rec.lines == len(exported) and rec.ticks == round(DURATION_S / 15.0)
    # The inferred topology has the same GPUs (UUIDs) as the simulated fleet.
    assert rec.topology.gpu_keys == s.topology.gpu_keys
    assert rec.topology.gpu_uuid == s.topology.gpu_uuid

    incidents, problems = _incidents(out)
    assert problems == []
    hits = [i for i in incidents if matches(i, s.truth)]
    assert hits, [(i.title, i.root_entity) for i in incidents]
    first = min(hits, key=lambda i: i.opened_at)
    assert first.root_entity == "node-02/gpu5"
    assert 0 <= first.opened_at - s.truth.onset <= s.truth.max_delay_s
    assert 48 in first.xids  # the kernel log came along


@needs_vm
def test_given_topology_and_no_truth(store: Store, tmp_path: Path) -> None:
    s = store
    out = tmp_path / "quiet"
    rec = record_incident(
        s.vm.url,
        s.start,
        s.start + 900.0,
        out,
        topology=s.topology,
        incident_id="quiet-hour",
        title="before the fault",
        selector='{__name__=~"DCGM_FI_DEV_GPU_TEMP|NODE_.*"}',
    )
    spec = load_spec(out)
    assert spec.kind == "fault_free" and spec.truth.faults == []
    assert s.vm.url in spec.truth.source and "2026-03-02T00:00:00Z" in spec.truth.source
    assert json.loads((out / "topology.json").read_text())[0]["racks"][0]["name"] == "rack-1"
    assert rec.ticks == 61  # [start, start + 900 s], both ends included
    loaded = load_incident(out)
    assert loaded.topology.rack_keys == ("rack-1",) and loaded.problems == []
    assert loaded.ticks is not None and len(loaded.ticks) == 61


@needs_vm
def test_empty_window_is_a_clear_error_and_leaves_nothing(store: Store, tmp_path: Path) -> None:
    s = store
    out = tmp_path / "nothing"
    with pytest.raises(RecordError, match=r"no samples in .* match .* between 2025-03-02") as e:
        record_incident(
            s.vm.url,
            s.start - 365 * 86400.0,
            s.start - 364 * 86400.0,
            out,
            topology=None,
            incident_id="empty",
            title="a year before",
        )
    assert s.vm.url in str(e.value)
    assert not out.exists() and not out.with_name("nothing.partial").exists()


@needs_vm
def test_refuses_to_overwrite_and_validates_before_exporting(store: Store, tmp_path: Path) -> None:
    s = store
    out = tmp_path / "busy"
    out.mkdir()
    (out / "keep.txt").write_text("x")
    with pytest.raises(RecordError, match="not empty"):
        record_incident(s.vm.url, s.start, s.end, out, topology=None, incident_id="busy", title="t")
    assert (out / "keep.txt").exists()
    with pytest.raises(RecordError, match=r"id: String should match pattern"):
        record_incident(
            s.vm.url, s.start, s.end, tmp_path / "x", topology=None, incident_id="Bad Id", title="t"
        )
    with pytest.raises(RecordError, match="onset outside time_range"):
        record_incident(
            s.vm.url,
            s.start,
            s.start + 600.0,
            tmp_path / "y",
            topology=None,
            incident_id="early",
            title="t",
            truth=_truth(s.truth),  # onset at 1800 s, outside [0, 600 s]
        )
    with pytest.raises(RecordError, match="does not exist"):
        record_incident(
            s.vm.url,
            s.start,
            s.end,
            tmp_path / "z",
            topology=None,
            incident_id="z",
            title="t",
            logs=tmp_path / "missing.log",
        )
    rec = record_incident(
        s.vm.url,
        s.start,
        s.start + 300.0,
        out,
        topology=None,
        incident_id="busy",
        title="t",
        overwrite=True,
    )
    assert not (out / "keep.txt").exists() and rec.ticks == 21


def test_unreachable_store_is_a_record_error_with_the_url(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(RecordError, match=r"cannot export from http://127\.0\.0\.1:\d+/api/v1"):
        record_incident(
            url,
            1772409600.0,
            1772413200.0,
            tmp_path / "x",
            topology=None,
            incident_id="x",
            title="t",
        )
    assert not (tmp_path / "x").exists() and not (tmp_path / "x.partial").exists()
