"""The NOC on dcgm-exporter's extended fields: real-format exposition pages (the exporter's label
set and order: ``gpu``, ``UUID``, ``pci_bus_id``, ``device``, ``modelName``, ``Hostname``,
``DCGM_FI_DRIVER_VERSION``; ``xid`` + ``window_size_in_ms`` on the windowed Xid counts,
``health_watch`` on the health status, ``clock_event`` on the clock-event counts) parsed by the real
parser and run through the real detector, tick by tick."""

from __future__ import annotations

import io

import numpy as np

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Anomaly, AnomalyDetected, Event, IncidentOpened, Severity
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import model_name, read_vm_jsonl, write_vm_jsonl

T0 = 1_772_409_600.0
STEP = 15.0


def fleet(sku: str) -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=2, sku_name=sku)])


def _labels(topo: Topology, g: int) -> str:
    node = topo.nodes[int(topo.gpu_node[g])]
    i = int(topo.gpu_local_index[g])
    return (
        f'gpu="{i}",UUID="{topo.gpu_uuid[g]}",pci_bus_id="{topo.gpu_pci_bus_id[g]}",'
        f'device="nvidia{i}",modelName="{model_name(topo.gpu_sku[g])}",'
        f'Hostname="{node.hostname}",DCGM_FI_DRIVER_VERSION="{node.driver_version}"'
    )


def page(topo: Topology, extra: list[tuple[int, str, float, str]]) -> str:
    """A /metrics page: a busy GPU's core fields for every GPU, plus ``extra`` lines
    (GPU, metric, value, extra labels such as ``xid="79",window_size_in_ms="300000"``)."""
    core = {
        "DCGM_FI_DEV_GPU_TEMP": 62.0,
        "DCGM_FI_DEV_POWER_USAGE": 540.0,
        "DCGM_FI_DEV_GPU_UTIL": 97.0,
        "DCGM_FI_DEV_SM_CLOCK": 1755.0,
        "DCGM_FI_DEV_FB_USED": 61000.0,
    }
    lines = []
    for name, v in core.items():
        lines.append(f"# HELP {name} {name}.\n# TYPE {name} gauge")
        lines += [f"{name}{{{_labels(topo, g)}}} {v:g}" for g in range(topo.n_gpus)]
    for g, name, v, more in extra:
        lab = _labels(topo, g) + (f",{more}" if more else "")
        lines.append(f"{name}{{{lab}}} {v:g}")
    return "\n".join(lines) + "\n"


def run(
    topo: Topology, pages: list[list[tuple[int, str, float, str]]]
) -> tuple[Detector, list[Event]]:
    det = Detector(topo)
    events: list[Event] = []
    for i, extra in enumerate(pages):
        parsed = parse_exposition(page(topo, extra), topology=topo, timestamp=T0 + i * STEP)
        assert not [f for f in parsed.flags if f.kind == "unknown_metric"], parsed.flags
        events += det.process(parsed.tick())
    return det, events


def anomalies(events: list[Event]) -> list[Anomaly]:
    return [e.anomaly for e in events if isinstance(e, AnomalyDetected)]


XID = 'window_size_in_ms="300000",xid="{}"'


def test_windowed_xid_79_is_an_xid_event_with_no_kernel_log() -> None:
    """DCGM_FI_DEV_XID_ERRORS_ACTIVE{xid="79"} (alias of DCGM_EXP_XID_ERRORS_COUNT): a count that
    appears is one Xid 79 on that GPU; the same count on the next pages is the same Xid; after
    it left the window, a new count is a new Xid."""
    topo = fleet("H100")
    xid79 = (1, "DCGM_FI_DEV_XID_ERRORS_ACTIVE", 1.0, XID.format(79))
    empty = (1, "DCGM_EXP_XID_ERRORS_COUNT", 0.0, 'window_size_in_ms="300000"')
    det, events = run(topo, [[empty], [xid79], [xid79], [xid79], [empty], [xid79]])
    xids = [a for a in anomalies(events) if a.symptom == "xid_79"]
    assert xids and {a.entity for a in xids} == {topo.gpu_keys[1]}
    assert xids[0].severity is Severity.CRITICAL
    assert "counted by dcgm-exporter" in xids[0].message  # provenance: not a kernel line
    assert det.stats.windowed_xids == 2  # the first appearance and the one after the gap
    opened = [e for e in events if isinstance(e, IncidentOpened)]
    assert opened and opened[0].incident.root_entity == topo.gpu_keys[1]


def test_windowed_xid_counts_that_grow_are_new_xids_and_bad_keys_are_counted() -> None:
    topo = fleet("H100")
    x = "DCGM_EXP_XID_ERRORS_COUNT"
    det, _ = run(
        topo,
        [
            [(0, x, 1.0, XID.format(13))],
            [(0, x, 3.0, XID.format(13))],
            [(0, x, 3.0, XID.format(13)), (0, x, 1.0, XID.format("abc"))],
        ],
    )
    assert det.stats.windowed_xids == 2
    assert det.stats.extended_bad_keys["DCGM_EXP_XID_ERRORS_COUNT"] == 1


def test_health_watch_failing_raises_its_subsystem_symptom() -> None:
    """NVLINK fail → nvlink_errors (critical); ALL warn with no specific watch → the generic
    gpu_health_failed; a passing watch → nothing."""
    topo = fleet("B200")
    h = "DCGM_EXP_GPU_HEALTH_STATUS"
    pg = [
        (0, h, 20.0, 'health_watch="NVLINK",health_error_code="DCGM_FR_NVLINK_DOWN"'),
        (0, h, 0.0, 'health_watch="PCIE"'),
        (1, h, 10.0, 'health_watch="ALL"'),
    ]
    _, events = run(topo, [pg])
    by = {(a.entity, a.symptom): a for a in anomalies(events)}
    assert by[(topo.gpu_keys[0], "nvlink_errors")].severity is Severity.CRITICAL
    assert by[(topo.gpu_keys[1], "gpu_health_failed")].severity is Severity.WARNING
    assert (topo.gpu_keys[0], "pcie_replays") not in by


def test_thermal_violation_growing_is_a_thermal_slowdown_power_violation_is_not() -> None:
    """THERMAL_VIOLATION growing 60 % of wall time for over 2 min → thermal_slowdown (critical
    at ≥ 50 %); POWER_VIOLATION (the SW power cap, normal at full load) → nothing."""
    topo = fleet("H100")
    pages = [
        [
            (0, "DCGM_FI_DEV_THERMAL_VIOLATION", i * STEP * 0.6e9, ""),
            (1, "DCGM_FI_DEV_POWER_VIOLATION", i * STEP * 0.9e9, ""),
        ]
        for i in range(14)
    ]
    _, events = run(topo, pages)
    syms = {(a.entity, a.symptom, a.severity) for a in anomalies(events)}
    assert (topo.gpu_keys[0], "thermal_slowdown", Severity.CRITICAL) in syms
    assert not [s for s in syms if s[0] == topo.gpu_keys[1]]


def test_reliability_violation_is_a_hw_slowdown_and_clock_events_count() -> None:
    topo = fleet("H100")
    ce = "DCGM_EXP_CLOCK_EVENTS_COUNT"
    pages = [
        [
            (0, "DCGM_FI_DEV_RELIABILITY_VIOLATION", i * STEP * 0.3e9, ""),
            (1, ce, 3.0, 'clock_event="hw_power_brake",window_size_in_ms="300000"'),
            (1, ce, 9.0, 'clock_event="gpu_idle",window_size_in_ms="300000"'),
        ]
        for i in range(14)
    ]
    _, events = run(topo, pages)
    syms = {(a.entity, a.symptom) for a in anomalies(events)}
    assert (topo.gpu_keys[0], "hw_slowdown") in syms
    assert (topo.gpu_keys[1], "power_brake") in syms
    assert not [s for s in syms if s[1] in ("gpu_idle", "thermal_slowdown")]


def test_nvlink5_counters_on_blackwell_but_unsupported_on_hopper() -> None:
    """NVLINK_COUNT_* is NVLink5 only: RX errors growing on a B200 → nvlink_errors; the same
    series on an H100 is unsupported there (masked, counted), never a finding."""
    rx = "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS"
    failed = "DCGM_FI_DEV_NVLINK_COUNT_LINK_RECOVERY_FAILED_EVENTS"
    pages = [[(0, rx, i * 40.0, ""), (0, failed, 0.0, "")] for i in range(8)]
    pages.append([(0, rx, 400.0, ""), (0, failed, 1.0, "")])
    b200 = fleet("B200")
    _, events = run(b200, pages)
    nv = [a for a in anomalies(events) if a.symptom == "nvlink_errors"]
    assert nv and nv[0].entity == b200.gpu_keys[0]
    assert max(a.severity for a in nv) is Severity.CRITICAL  # the failed recovery
    h100 = fleet("H100")
    det, events = run(h100, pages)
    assert not anomalies(events)
    assert det.stats.extended_unsupported[rx] == len(pages)


def test_sram_uncorrectable_error_is_a_dbe_and_a_lost_series_is_unknown() -> None:
    topo = fleet("H100")
    sram = "DCGM_FI_DEV_ECC_DBE_VOL_SRM"
    pages = [[(0, sram, 0.0, "")], [(0, sram, 0.0, "")], [(0, sram, 1.0, "")], []]
    det, events = run(topo, pages)
    dbe = [a for a in anomalies(events) if a.symptom == "dbe"]
    assert [(a.entity, a.severity) for a in dbe] == [(topo.gpu_keys[0], Severity.CRITICAL)]
    assert det.stats.extended_lost[sram] == 1  # gone while the GPU still reports


def test_unknown_dcgm_series_stays_visible() -> None:
    topo = fleet("B200")
    p = parse_exposition(
        page(topo, [(0, "DCGM_FI_DEV_NVLINK_COUNT_FEC_HISTORY_0", 5.0, "")]),
        topology=topo,
        timestamp=T0,
    )
    assert [u.name for u in p.unmodelled] == ["DCGM_FI_DEV_NVLINK_COUNT_FEC_HISTORY_0"]
    assert p.unknown_samples == 1


def test_keyed_values_survive_the_victoriametrics_round_trip() -> None:
    """Ticks with per-key values written as VictoriaMetrics JSON lines (with the exporter's
    ``xid`` / ``window_size_in_ms`` labels) read back into the same per-key values, on the tick."""
    topo = fleet("H100")
    g1 = topo.gpu_keys[1]
    parsed = [
        parse_exposition(
            page(topo, [(1, "DCGM_EXP_XID_ERRORS_COUNT", float(c), XID.format(79))]),
            topology=topo,
            timestamp=T0 + i * STEP,
        )
        for i, c in enumerate((0, 1, 1))
    ]
    buf = io.StringIO()
    write_vm_jsonl([p.tick() for p in parsed], topo, buf)
    assert '"xid":"79"' in buf.getvalue() and '"window_size_in_ms":"300000"' in buf.getvalue()
    read = read_vm_jsonl(io.StringIO(buf.getvalue()), topology=topo, interval_s=STEP)
    got = [t.keyed[g1]["DCGM_EXP_XID_ERRORS_COUNT"]["79"] for t in read.ticks if t.keyed]
    assert got == [0.0, 1.0, 1.0]
    ext = read.ticks[2].extended
    assert isinstance(read.ticks[2], Tick) and ext is not None
    assert np.nanmax(ext.column("DCGM_EXP_XID_ERRORS_COUNT")) == 1.0


def test_a_fleet_without_extended_fields_pays_nothing_for_them() -> None:
    """Core-only ticks (the simulator's, NVML's): the extended rules stay idle, no counter state
    is allocated; the first extended value turns them on."""
    topo = fleet("H100")
    det = Detector(topo)
    core_only = parse_exposition(page(topo, []), topology=topo, timestamp=T0)
    tick = Tick(T0, core_only.tick().frames)  # no extended frame, no keyed values
    det.process(tick)
    assert det.ext_rules.rates is None and not det.ext_rules.active
    xid = [(0, "DCGM_EXP_XID_ERRORS_COUNT", 1.0, XID.format(48))]
    det.process(parse_exposition(page(topo, xid), topology=topo, timestamp=T0 + STEP).tick())
    assert det.ext_rules.active and det.stats.windowed_xids == 1
