"""Detector mechanics on hand-made frames: dedup, cooldown, escalation, overrides, bad input."""

from __future__ import annotations

import numpy as np
import pytest

from gpufleet.agents.noc.config import NocConfig, Thresholds
from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, Severity
from gpufleet.telemetry.fields import DCGM_INT64_BLANK, GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Topology, build_cluster

T0 = 1_772_409_600.0
STEP = 15.0


def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])


def healthy(n: int) -> np.ndarray:
    v = np.zeros((n, len(GPU_FIELD_NAMES)))
    col = GPU_FIELD_NAMES.index
    v[:, col("DCGM_FI_DEV_GPU_TEMP")] = 60.0
    v[:, col("DCGM_FI_DEV_MEMORY_TEMP")] = 65.0
    v[:, col("DCGM_FI_DEV_POWER_USAGE")] = 500.0
    v[:, col("DCGM_FI_DEV_GPU_UTIL")] = 90.0
    v[:, col("DCGM_FI_DEV_SM_CLOCK")] = 1980.0
    v[:, col("DCGM_FI_DEV_FB_USED")] = 40000.0
    v[:, col("DCGM_FI_DEV_FB_FREE")] = 41000.0
    v[:, col("DCGM_FI_DEV_PCIE_LINK_GEN")] = 5.0
    v[:, col("DCGM_FI_DEV_PCIE_LINK_WIDTH")] = 16.0
    return v


def tick(
    tp: Topology,
    i: int,
    temp: dict[int, float] | None = None,
    events: tuple[LogEvent, ...] = (),
    entities: tuple[str, ...] | None = None,
    fields: tuple[str, ...] = GPU_FIELD_NAMES,
    values: np.ndarray | None = None,
) -> Tick:
    t = T0 + i * STEP
    v = healthy(tp.n_gpus) if values is None else values
    for g, c in (temp or {}).items():
        v[g, GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")] = c
    return Tick(t, (Frame(t, EntityKind.GPU, entities or tp.gpu_keys, fields, v, "test"),), events)


def run(det: Detector, ticks: list[Tick]) -> list[Event]:
    return [e for tk in ticks for e in det.process(tk)]


def opened(events: list[Event]) -> list[IncidentOpened]:
    return [e for e in events if isinstance(e, IncidentOpened)]


def test_hot_gpu_opens_one_incident_and_dedups_repeats_within_cooldown() -> None:
    tp = topo()
    det = Detector(tp)
    g = tp.gpu_pos["node-02/gpu1"]
    # Hot for 5 min, cool for 5 min, hot again: still inside the 15 min cooldown.
    ticks = [tick(tp, i, {g: 87.0}) for i in range(20)]
    ticks += [tick(tp, i) for i in range(20, 40)]
    ticks += [tick(tp, i, {g: 87.0}) for i in range(40, 60)]
    ev = run(det, ticks)
    assert len(opened(ev)) == 1
    inc = det.open_incidents()[0]
    assert inc.root_entity == "node-02/gpu1"
    assert inc.suppressed_count >= 1


def test_recurrence_after_cooldown_opens_a_new_incident() -> None:
    tp = topo()
    cfg = NocConfig.model_validate({"incidents": {"cooldown_s": 300}})
    det = Detector(tp, cfg)
    g = tp.gpu_pos["node-01/gpu0"]
    ticks = [tick(tp, i, {g: 87.0}) for i in range(10)]
    ticks += [tick(tp, i) for i in range(10, 50)]  # 10 min quiet > 5 min cooldown
    ticks += [tick(tp, i, {g: 87.0}) for i in range(50, 60)]
    assert len(opened(run(det, ticks))) == 2


def test_severity_escalation_renotifies_the_same_incident() -> None:
    tp = topo()
    det = Detector(tp)
    g = tp.gpu_pos["node-01/gpu3"]
    ev = run(
        det,
        [tick(tp, i, {g: 86.0}) for i in range(10)]
        + [tick(tp, i, {g: 91.0}) for i in range(10, 16)],
    )
    assert len(opened(ev)) == 1
    esc = [e for e in ev if isinstance(e, IncidentUpdated) and e.change == "escalated"]
    assert esc and esc[-1].incident.severity is Severity.CRITICAL
    assert esc[-1].incident.incident_id == opened(ev)[0].incident.incident_id


def test_sku_and_cluster_overrides_change_thresholds() -> None:
    tp = topo()
    g = tp.gpu_pos["node-01/gpu3"]
    hot = [tick(tp, i, {g: 88.0}) for i in range(12)]
    assert opened(run(Detector(tp), hot))
    cfg = NocConfig.model_validate({"sku": {"H100": {"gpu_temp_warning_c": 89}}})
    assert not opened(run(Detector(tp, cfg), hot))
    cfg = NocConfig.model_validate(
        {
            "sku": {"H100": {"gpu_temp_warning_c": 89}},
            "cluster": {"sim": {"gpu_temp_warning_c": 87}},
        }
    )
    assert opened(run(Detector(tp, cfg), hot))


def test_whole_node_hot_is_one_node_incident() -> None:
    tp = topo()
    det = Detector(tp)
    node = {int(g): 88.0 for g in tp.gpus_of_node(tp.node_pos["node-01"])}
    ev = run(det, [tick(tp, i, node) for i in range(12)])
    incs = opened(ev)
    assert len(incs) == 1
    assert incs[0].incident.scope.value == "node" and incs[0].incident.root_entity == "node-01"


def test_dbe_is_critical_at_once() -> None:
    tp = topo()
    det = Detector(tp)
    g = tp.gpu_pos["node-01/gpu2"]
    col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL")
    v = healthy(tp.n_gpus)
    ticks = [tick(tp, 0, values=v.copy())]
    v[g, col] = 1.0
    ev = run(det, [*ticks, tick(tp, 1, values=v.copy())])
    incs = opened(ev)
    assert len(incs) == 1 and incs[0].incident.severity is Severity.CRITICAL
    assert incs[0].time == T0 + STEP  # no settle delay for critical anomalies


def test_out_of_order_tick_is_rejected_with_a_clear_error_and_processing_continues() -> None:
    tp = topo()
    det = Detector(tp)
    det.process(tick(tp, 5))
    assert det.process(tick(tp, 3)) == []
    assert det.stats.rejected_ticks == 1
    assert "not after the previous tick" in det.stats.errors[0]
    g = tp.gpu_pos["node-01/gpu0"]
    ev = run(det, [tick(tp, i, {g: 91.0}) for i in range(6, 12)])
    assert opened(ev)


def test_unknown_entities_and_fields_are_counted_not_fatal() -> None:
    tp = topo()
    det = Detector(tp)
    ents = (*tp.gpu_keys, "ghost-01/gpu0")
    fields = (*GPU_FIELD_NAMES, "DCGM_FI_DEV_NOT_A_FIELD")
    v = np.hstack([np.vstack([healthy(tp.n_gpus), healthy(1)]), np.zeros((len(ents), 1))])
    g = tp.gpu_pos["node-02/gpu7"]
    v[g, GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")] = 91.0
    ev = run(det, [tick(tp, i, entities=ents, fields=fields, values=v.copy()) for i in range(6)])
    assert det.stats.unknown_entities["ghost-01/gpu0"] >= 1
    assert det.stats.unknown_fields["DCGM_FI_DEV_NOT_A_FIELD"] >= 1
    assert [e.incident.root_entity for e in opened(ev)] == ["node-02/gpu7"]


def test_blank_sentinels_and_nan_never_alert_and_are_counted() -> None:
    tp = topo()
    det = Detector(tp)
    col = GPU_FIELD_NAMES.index
    ticks = []
    for i in range(40):
        v = healthy(tp.n_gpus)
        v[i % tp.n_gpus, col("DCGM_FI_DEV_GPU_TEMP")] = float(DCGM_INT64_BLANK)
        v[(i + 1) % tp.n_gpus, col("DCGM_FI_DEV_GPU_UTIL")] = 4294967295.0
        v[(i + 2) % tp.n_gpus, col("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL")] = 140737488355328.0
        v[(i + 3) % tp.n_gpus, col("DCGM_FI_DEV_POWER_USAGE")] = np.nan
        ticks.append(tick(tp, i, values=v))
    ev = run(det, ticks)
    assert opened(ev) == []
    assert det.stats.artifacts_by_field["DCGM_FI_DEV_GPU_TEMP"] == 40
    assert det.stats.artifacts_by_field["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] == 40


def test_xid_48_log_line_is_critical_memory_and_xid_45_alone_is_not_an_incident() -> None:
    tp = topo()
    det = Detector(tp)
    pci = tp.gpu_pci_bus_id[tp.gpu_pos["node-01/gpu5"]]
    x45 = LogEvent(
        T0 + STEP,
        "node-01",
        "xid",
        "NVRM: Xid (PCI:0000:ab:00): 45, Ch 00000010",
        xid=45,
        pci_bus_id=pci,
    )
    ev = run(det, [tick(tp, 0), tick(tp, 1, events=(x45,))] + [tick(tp, i) for i in range(2, 12)])
    assert opened(ev) == []
    x48 = LogEvent(
        T0 + 12 * STEP,
        "node-01",
        "xid",
        "NVRM: Xid (PCI:0000:ab:00): 48, DBE",
        xid=48,
        pci_bus_id=pci.lower(),
    )
    ev = run(det, [tick(tp, 12, events=(x48,))])
    incs = opened(ev)
    assert len(incs) == 1
    inc = incs[0].incident
    assert inc.root_entity == "node-01/gpu5" and inc.family.value == "memory"
    assert inc.severity is Severity.CRITICAL and 48 in inc.xids


def test_detector_is_deterministic() -> None:
    from gpufleet.sim.faults import FanFailure
    from gpufleet.sim.simulator import FleetSimulator

    def once() -> list[str]:
        tp = Topology([build_cluster()])
        sim = FleetSimulator(tp, seed=5, faults=[FanFailure(onset_s=1800)])
        det = Detector(tp)
        return [e.model_dump_json() for tk in sim.run(3600) for e in det.process(tk)]

    a, b = once(), once()
    assert a == b and any("incident_opened" in x for x in a)


def test_thresholds_reject_unknown_keys() -> None:
    with pytest.raises(ValueError, match="gpu_temp_warnign_c"):
        NocConfig.model_validate({"sku": {"H100": {"gpu_temp_warnign_c": 80}}})
    with pytest.raises(ValueError):
        Thresholds.model_validate({"nope": 1})


def test_example_config_loads_and_applies() -> None:
    from pathlib import Path

    from gpufleet.agents.noc.config import ResolvedThresholds, load_config

    cfg = load_config(
        Path(__file__).parents[1] / "src" / "gpufleet" / "agents" / "noc" / "noc.example.yaml"
    )
    assert cfg.sku["A100-SXM4-80GB"]["gpu_temp_warning_c"] == 83
    assert cfg.incidents.cooldown_s == 900
    th = ResolvedThresholds(cfg, topo())
    assert (th["host_cpu_pct"] == 97).all()
