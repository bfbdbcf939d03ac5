"""Evidence gathering: replay fleet view, read tools, evidence facts and findings."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.sre.evidence import (
    FOCUS,
    HOST,
    JOB_GPUS,
    LOOKBACK_S,
    NODE_PEERS,
    RACK_PEERS,
    evidence_from_results,
    number_evidence,
    plan_evidence,
    series_facts,
)
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.bus.events import Evidence, Family, Incident, Scalar, Scope, Severity
from gpufleet.graph.tools import ToolCall, ToolRegistry, ToolResult
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Topology, Workload, WorkloadKind, build_cluster

T0 = 1_700_000_000.0
OPENED = T0 + LOOKBACK_S


@pytest.fixture(scope="module")
def topology() -> Topology:
    return Topology([build_cluster(racks=2, nodes_per_rack=2, gpus_per_node=8)])


def _incident(root: str, scope: Scope = Scope.GPU, **kw: object) -> Incident:
    base: dict[str, object] = {
        "incident_id": "inc-1",
        "title": "thermal: gpu_temp_rising",
        "family": Family.THERMAL,
        "scope": scope,
        "root_entity": root,
        "severity": Severity.WARNING,
        "opened_at": OPENED,
        "updated_at": OPENED + 300,
        "last_anomaly_at": OPENED + 300,
        "entities": (root,),
        "symptoms": ("gpu_temp_rising",),
        "anomaly_ids": ("a1",),
        "anomaly_count": 1,
    }
    base.update(kw)
    return Incident.model_validate(base)


def _metric(entity: str, role: str, **facts: Scalar) -> Evidence:
    return Evidence(
        evidence_id="",
        layer="hardware",
        tool="metrics.history",
        entity=entity,
        summary=entity,
        facts={"role": role, "samples": 100, "last_sample_age_s": 0.0, **facts},
    )


def _topo(root: str, neighbours: str, node_gpus: str, rack_nodes: str = "") -> Evidence:
    return Evidence(
        evidence_id="",
        layer="hardware",
        tool="topology.describe",
        entity=root,
        summary=root,
        facts={"slot_neighbours": neighbours, "node_gpus": node_gpus, "rack_nodes": rack_nodes},
    )


def _warm(rise: float) -> dict[str, Scalar]:
    return {"temp_delta": rise, "temp_rise_corr": rise}


NODE_GPUS = ",".join(f"node-01/gpu{i}" for i in range(8))


def _chassis(root_rise: float, neighbour_rise: float, rest_rise: float) -> list[Evidence]:
    ev = [_topo("node-01/gpu4", "node-01/gpu3,node-01/gpu5", NODE_GPUS, "node-01,node-02")]
    for i in range(8):
        g = f"node-01/gpu{i}"
        rise = root_rise if i == 4 else neighbour_rise if i in (3, 5) else rest_rise
        ev.append(_metric(g, NODE_PEERS, **_warm(rise)))
    ev.append(_metric("node-01/gpu4", FOCUS, **_warm(root_rise)))
    return list(number_evidence(ev))


def _names(incident: Incident, evidence: list[Evidence]) -> set[str]:
    return {f.name for f in derive_findings(incident, evidence)}


# --------------------------------------------------------------------------- findings
def test_fan_pattern_gives_slot_neighbours_warming_with_citations() -> None:
    inc = _incident("node-01/gpu4", Scope.CHASSIS)
    found = {f.name: f for f in derive_findings(inc, _chassis(14.0, 6.0, 0.5))}
    assert "slot_neighbours_warming" in found
    assert "single_gpu_hot_neighbours_normal" not in found
    assert "load_corrected_temp_rising" in found
    assert len(found["slot_neighbours_warming"].evidence_ids) >= 3


def test_heatsink_pattern_gives_single_gpu_hot() -> None:
    names = _names(_incident("node-01/gpu4"), _chassis(14.0, 0.5, 0.0))
    assert "single_gpu_hot_neighbours_normal" in names
    assert "slot_neighbours_warming" not in names


def test_inlet_drift_cancels_against_the_rest_of_the_node() -> None:
    # the chassis cooled by 6 °C (inlet air), the GPU rose 7 °C while throttling: 13 °C of it
    # belongs to the GPU's own heat path
    names = _names(_incident("node-01/gpu4"), _chassis(7.0, -6.0, -6.0))
    assert {"load_corrected_temp_rising", "single_gpu_hot_neighbours_normal"} <= names


def _snapshot(temps: dict[int, float], root: int = 6) -> list[Evidence]:
    """A node met mid-fault: each GPU's temperature now, same power, 90 s of history."""
    g = [f"node-01/gpu{i}" for i in range(8)]
    nb = ",".join(g[i] for i in (root - 1, root + 1) if 0 <= i < 8)
    ev = [_topo(g[root], nb, NODE_GPUS, "node-01,node-02")]
    for i, t in temps.items():
        ev.append(_metric(g[i], NODE_PEERS, temp_now=t, power_now=670.0, history_s=90.0))
    ev.append(_metric(g[root], FOCUS, temp_now=temps[root], power_now=670.0, history_s=90.0))
    return list(number_evidence(ev))


def test_met_late_a_neighbour_within_the_nodes_own_spread_is_not_warming() -> None:
    # a degraded heatsink met 50 min late: GPUs of one node differ by a few degrees at the
    # same load; a neighbour 3 °C above the median is that spread, not a failing fan
    temps = {0: 68.0, 1: 69.0, 2: 67.0, 3: 68.0, 4: 68.0, 5: 70.0, 6: 86.0, 7: 71.0}
    names = _names(_incident("node-01/gpu6"), _snapshot(temps))
    assert {"no_baseline_before_fault", "single_gpu_hot_neighbours_normal"} <= names
    assert "slot_neighbours_warming" not in names


def test_met_late_neighbours_standing_out_of_the_spread_are_warming() -> None:
    # a failed chassis fan met late: the slots beside the hot GPU run 8-9 °C above the rest
    temps = {0: 71.0, 1: 68.0, 2: 72.0, 3: 80.0, 4: 87.0, 5: 79.0, 6: 70.0, 7: 74.0}
    names = _names(_incident("node-01/gpu4", Scope.CHASSIS), _snapshot(temps, root=4))
    assert {"no_baseline_before_fault", "slot_neighbours_warming"} <= names
    assert "single_gpu_hot_neighbours_normal" not in names


def test_load_ramp_is_not_a_thermal_fault() -> None:
    ev = number_evidence(
        [_metric("node-01/gpu4", FOCUS, temp_delta=20.0, temp_rise_corr=1.0, power_delta=320.0)]
    )
    names = _names(_incident("node-01/gpu4"), list(ev))
    assert "temp_follows_load" in names
    assert "load_corrected_temp_rising" not in names


def test_a_gpu_whose_job_stopped_is_not_heating() -> None:
    # power fell 600 W, temperature is still high from the thermal mass: no rise
    ev = number_evidence(
        [_metric("node-01/gpu4", FOCUS, temp_delta=-2.0, temp_rise_corr=34.0, power_delta=-600.0)]
    )
    assert "load_corrected_temp_rising" not in _names(_incident("node-01/gpu4"), list(ev))


def test_whole_rack_warming_against_other_racks() -> None:
    ev = [_topo("rack-1", "", "", "")]
    ev[0] = Evidence(
        evidence_id="",
        layer="hardware",
        tool="topology.describe",
        entity="rack-1",
        summary="rack-1",
        facts={"nodes": "node-01,node-02"},
    )
    ev += [_metric(n, RACK_PEERS, **_warm(9.0)) for n in ("node-01", "node-02")]
    ev += [_metric(n, RACK_PEERS, **_warm(0.3)) for n in ("node-03", "node-04")]
    inc = _incident("rack-1", Scope.RACK, racks=("rack-1",), entities=("node-01/gpu0",))
    assert "whole_rack_warming" in _names(inc, list(number_evidence(ev)))
    ev[-1] = _metric("node-04", RACK_PEERS, **_warm(9.0))
    ev[-2] = _metric("node-03", RACK_PEERS, **_warm(9.0))
    assert "whole_rack_warming" not in _names(inc, list(number_evidence(ev)))


def test_memory_link_and_power_findings() -> None:
    ev = number_evidence(
        [
            _metric(
                "node-01/gpu4",
                FOCUS,
                dbe_increase=1.0,
                row_remap_failure_max=1.0,
                pcie_width_now_min=4.0,
                pcie_width_pre_max=16.0,
                pcie_replay_rate_per_min_now=40.0,
                nvlink_crc_flit_increase=500.0,
                hw_power_brake_share_now=1.0,
            )
        ]
    )
    names = _names(_incident("node-01/gpu4"), list(ev))
    assert {
        "dbe_increase",
        "row_remap_failure",
        "pcie_link_downtrained",
        "pcie_replay_rate_high",
        "nvlink_crc_rate_high",
        "power_brake_active",
    } <= names


def test_job_findings_stall_vs_dataloader_vs_cpu_only() -> None:
    job = _incident(
        "3022",
        Scope.JOB,
        family=Family.UTILIZATION,
        entities=("3022",),
        jobs=("3022",),
        context_entities=("node-01/gpu0", "node-01/gpu1"),
        symptoms=("job_util_collapse",),
    )

    def gpus(**facts: Scalar) -> list[Evidence]:
        return [_metric(f"node-01/gpu{i}", JOB_GPUS, **facts) for i in range(2)]

    stall = gpus(util_pre=97.0, util_now=0.0, fb_used_now=60000.0, util_transitions=1)
    names = _names(job, list(number_evidence(stall)))
    assert {"job_util_collapse_all_ranks", "util_zero_gpu_mem_held"} <= names
    assert "job_peers_healthy_hardware" in names
    gaps = gpus(util_pre=90.0, util_now=40.0, util_transitions=14, fb_used_now=60000.0)
    assert "dataloader_gaps" in _names(job, list(number_evidence(gaps)))
    unused = gpus(util_max=0.0, fb_used_max=0.0, util_now=0.0)
    host = _metric("node-01", HOST, cpu_now=99.0, cpu_pre=99.0)
    names = _names(job, list(number_evidence([*unused, host])))
    assert {"gpu_never_used", "gpu_util_low_cpu_busy"} <= names
    assert "host_cpu_saturated" not in names  # busy before and after: not a new saturation


def test_nic_flap_and_xid_findings_from_logs() -> None:
    log = Evidence(
        evidence_id="",
        layer="driver",
        tool="kernel_log.search",
        entity="node-02",
        summary="…",
        facts={
            "events": 3,
            "xid_13": 1,
            "xid_13_gpus": "node-02/gpu0",
            "xid_13_nodes": "node-02",
            "nic_link_down_nodes": "node-02",
            "nic_link_up_nodes": "node-02",
        },
    )
    inc = _incident("node-02/gpu0", xids=(13,))
    found = {f.name: f for f in derive_findings(inc, list(number_evidence([log])))}
    assert {"xid:13", "xid_single_on_gpu", "nic_link_down", "nic_link_flapping"} <= set(found)
    assert found["xid:13"].evidence_ids == ("E01",)


# --------------------------------------------------------------------------- series facts
def test_series_facts_counters_reasons_and_sentinels() -> None:
    ts = [T0 + 15 * i for i in range(int((LOOKBACK_S + 300) / 15))]
    temp = [[t, 60.0 if t < OPENED - 600 else 75.0] for t in ts]
    dbe = [[t, 0.0 if t < OPENED else 2.0] for t in ts]
    reasons = [[t, 0x80 if t >= OPENED else 0x0] for t in ts]
    gen = [[t, 9.223372036854775e18 if i % 7 == 0 else 5.0] for i, t in enumerate(ts)]
    util = [[t, 95.0] for t in ts]
    f = series_facts(
        {
            "DCGM_FI_DEV_GPU_TEMP": temp,
            "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": dbe,
            "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": reasons,
            "DCGM_FI_DEV_PCIE_LINK_GEN": gen,
            "DCGM_FI_DEV_GPU_UTIL": util,
        },
        T0,
        ts[-1],
    )
    assert f["temp_delta"] == 15.0
    assert f["dbe_increase"] == 2.0
    assert f["hw_power_brake_share_now"] == 1.0 and f["hw_power_brake_share_pre"] == 0.0
    assert f["pcie_gen_max"] == 5.0  # the blank sentinel is not a PCIe generation


def test_malformed_history_is_an_error_item_not_a_crash() -> None:
    call = ToolCall(
        tool="metrics.history",
        args={"entities": ["node-01/gpu0", "node-01/gpu1"], "fields": ["X"], "start": 0, "end": 1},
    )
    bad = ToolResult.success({"node-01/gpu0": {"DCGM_FI_DEV_GPU_TEMP": [[1, 2, 3]]}})
    ev = evidence_from_results("hardware", [call], [bad])
    assert [e.status for e in ev] == ["error", "empty"]
    assert "[t, v]" in ev[0].summary
    failed = evidence_from_results("hardware", [call], [ToolResult.failure("store down")])
    assert failed[0].status == "error" and "store down" in failed[0].summary
    assert derive_findings(_incident("node-01/gpu0"), list(number_evidence(ev))) == ()


def test_number_evidence_is_deterministic() -> None:
    items = [_metric(f"node-01/gpu{i}", FOCUS) for i in (3, 1, 2)]
    a = number_evidence(items)
    b = number_evidence(list(reversed(items)))
    assert [e.evidence_id for e in a] == ["E01", "E02", "E03"]
    assert [(e.evidence_id, e.entity) for e in a] == [(e.evidence_id, e.entity) for e in b]


# --------------------------------------------------------------------------- replay tools
def _gpu_frame(topology: Topology, t: float, temp: float) -> Frame:
    fields = ("DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE")
    vals = np.column_stack([np.full(topology.n_gpus, temp), np.full(topology.n_gpus, 500.0)])
    return Frame(t, EntityKind.GPU, topology.gpu_keys, fields, vals, "test")


def test_replay_tools_see_only_data_up_to_now(topology: Topology) -> None:
    fleet = ReplayFleet(topology, window_s=3600)
    reg = ToolRegistry(read_tools(fleet))
    wl = {"node-01/gpu0": Workload(job_id="77", user="ana", kind=WorkloadKind.TRAINING)}
    for i in range(10):
        t = T0 + 15 * i
        events: tuple[LogEvent, ...] = ()
        if i == 5:
            events = (
                LogEvent(t, "node-01", "xid", "NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen", 79),
                LogEvent(
                    t, "node-01", "node_state", "drain", attrs={"state": "DRAIN", "reason": "x"}
                ),
            )
        fleet.observe(Tick(t, (_gpu_frame(topology, t, 40.0 + i),), events, wl if i == 0 else None))
        if i == 3:
            early = reg.call(
                "metrics.history",
                {
                    "entities": ["node-01/gpu0"],
                    "fields": ["DCGM_FI_DEV_GPU_TEMP"],
                    "start": T0,
                    "end": T0 + 10_000,
                },
            )
            logs = reg.call(
                "kernel_log.search", {"nodes": ["node-01"], "start": T0, "end": T0 + 1e4}
            )
    assert early.ok and len(early.data["node-01/gpu0"]["DCGM_FI_DEV_GPU_TEMP"]) == 4
    assert logs.ok and logs.data == []  # empty is ok, not an error
    late = reg.call("kernel_log.search", {"nodes": ["node-01"], "start": T0, "end": T0 + 1e4})
    assert [e["xid"] for e in late.data] == [79]
    node = reg.call("slurm.show_node", {"node": "node-01"})
    assert node.data["drained"] is True and node.data["jobs"] == ["77"]
    job = reg.call("slurm.show_job", {"job_id": "77"})
    assert job.data["nodes"] == ["node-01"] and job.data["state"] == "RUNNING"
    rack = reg.call(
        "metrics.history",
        {"entities": ["rack-1"], "fields": ["DCGM_FI_DEV_GPU_TEMP"], "start": T0, "end": T0 + 1e4},
    )
    assert rack.data["rack-1"]["DCGM_FI_DEV_GPU_TEMP"][-1][1] == pytest.approx(49.0)


def test_replay_tool_errors_are_results(topology: Topology) -> None:
    reg = ToolRegistry(read_tools(ReplayFleet(topology)))
    bad = reg.call(
        "metrics.history",
        {"entities": ["nope"], "fields": ["DCGM_FI_DEV_GPU_TEMP"], "start": 0, "end": 1},
    )
    assert bad.status == "error" and "unknown entity" in (bad.error or "")
    window = reg.call("kernel_log.search", {"start": 10, "end": 1})
    assert window.status == "error" and "end" in (window.error or "")
    assert reg.call("slurm.show_job", {"job_id": "404"}).status == "error"
    assert reg.call("topology.describe", {"entity": "node-01/gpu3"}).data["slot_neighbours"] == [
        "node-01/gpu2",
        "node-01/gpu4",
    ]


def test_plan_covers_every_layer_and_reads_only(topology: Topology) -> None:
    plan = plan_evidence(_incident("node-01/gpu4", Scope.CHASSIS), topology)
    assert set(plan) == {"hardware", "driver", "os", "workload"}
    tools = {c.tool for calls in plan.values() for c in calls}
    reg = ToolRegistry(read_tools(ReplayFleet(topology)))
    assert tools <= set(reg.names("read"))
    hw = plan["hardware"]
    assert hw[0] == ToolCall(tool="topology.describe", args={"entity": "node-01/gpu4"})
    assert hw[1].args["start"] == OPENED - LOOKBACK_S


def test_change_log_file_reports_changes_in_the_window_and_bad_lines(tmp_path: Path) -> None:
    from gpufleet.agents.sre.fleet import ChangeLogFile

    log = tmp_path / "changes.jsonl"
    log.write_text(
        '{"time": 1000, "node": "node-01", "kind": "driver", "detail": "550.54 -> 560.28"}\n'
        '{"time": "1970-01-01T00:25:00Z", "node": "node-02", "kind": "firmware", '
        '"detail": "VBIOS 96.00.99"}\n'
        "not json\n"
        '{"time": 5000, "node": "node-01", "kind": "config"}\n'
    )
    got = ChangeLogFile(log).recent(["node-01", "node-02"], 0, 2000)
    changes = [c for c in got if "problem" not in c]
    assert [(c["node"], c["kind"]) for c in changes] == [
        ("node-01", "driver"),
        ("node-02", "firmware"),
    ]
    problem = next(c for c in got if "problem" in c)
    assert problem["bad_lines"] == 1 and f"{log}:3" in problem["problem"]
    later = ChangeLogFile(log).recent(["node-01"], 4000, 6000)
    assert [c["kind"] for c in later if "problem" not in c] == ["config"]
