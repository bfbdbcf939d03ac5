"""Fleet simulator (telemetry/simulator.py) and fault injectors (telemetry/faults.py)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pytest

from gpufleet.sim import faults as FX
from gpufleet.sim.simulator import COL, NCOL, ArtifactRates, Fault, FleetSimulator
from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT64_BLANK,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    UINT32_NOT_SUPPORTED,
    ClockEventReason,
    sanitize,
)
from gpufleet.telemetry.frame import EntityKind, LogEvent, Tick
from gpufleet.telemetry.topology import Topology, WorkloadKind, build_cluster

SEED = int(os.environ.get("GPUFLEET_TEST_SEED", "5"))
ONSET_S = 300.0  # 20 ticks of healthy baseline before every fault
INTERVAL = 15.0

TEMP = COL["DCGM_FI_DEV_GPU_TEMP"]
UTIL = COL["DCGM_FI_DEV_GPU_UTIL"]
POWER = COL["DCGM_FI_DEV_POWER_USAGE"]
REASONS = COL["DCGM_FI_DEV_CLOCKS_EVENT_REASONS"]
SM_CLOCK = COL["DCGM_FI_DEV_SM_CLOCK"]
PCIE_GEN = COL["DCGM_FI_DEV_PCIE_LINK_GEN"]
XID = COL["DCGM_FI_DEV_XID_ERRORS"]

TOPO = Topology([build_cluster()])


def _gpu(key: str) -> int:
    return TOPO.gpu_pos[key]


def _node_gpus(host: str) -> np.ndarray:
    return TOPO.gpus_of_node(TOPO.node_pos[host])


@dataclass
class Run:
    sim: FleetSimulator
    ticks: list[Tick]
    gpu: np.ndarray  # (ticks, gpus, fields)
    node: np.ndarray  # (ticks, nodes, node fields)
    t: np.ndarray  # seconds since the simulation start, per tick

    def events(self, kind: str | None = None) -> list[LogEvent]:
        return [e for tk in self.ticks for e in tk.events if kind is None or e.kind == kind]

    def tick_at(self, seconds: float) -> int:
        return int(np.flatnonzero(self.t == seconds)[0])


def _simulate(sim: FleetSimulator, seconds: float) -> Run:
    ticks = list(sim.run(seconds))
    gpu = np.stack([tk.frame(EntityKind.GPU).values for tk in ticks])  # type: ignore[union-attr]
    node = np.stack([tk.frame(EntityKind.NODE).values for tk in ticks])  # type: ignore[union-attr]
    t = np.array([tk.timestamp for tk in ticks]) - sim.start
    return Run(sim, ticks, gpu, node, t)


@cache
def _fault_run(name: str, seconds: float = 1800.0) -> tuple[Run, Any]:
    # Any: ALL_FAULTS is typed by the _Injector base, which does not declare apply/truth.
    fault: Any = FX.ALL_FAULTS[name](onset_s=ONSET_S)
    sim = FleetSimulator(TOPO, seed=SEED, faults=[fault], artifacts=None)
    return _simulate(sim, seconds), fault


@cache
def _healthy_run(seed: int = SEED, artifacts: ArtifactRates | None = None) -> Run:
    return _simulate(FleetSimulator(TOPO, seed=seed, artifacts=artifacts), 7200.0)


# ------------------------------------------------------------------------------ determinism


def _fingerprint(sim: FleetSimulator, n: int) -> list[tuple[object, ...]]:
    out: list[tuple[object, ...]] = []
    for _ in range(n):
        tk = sim.step()
        out.append(
            (
                tk.timestamp,
                tuple(f.values.tobytes() for f in tk.frames),
                tuple(f.entities for f in tk.frames),
                tk.events,
                None if tk.workloads is None else tuple(sorted(tk.workloads.items())),
            )
        )
    return out


def _busy_sim(seed: int) -> FleetSimulator:
    faults: list[Fault] = [
        FX.FanFailure(onset_s=600.0),
        FX.DoubleBitError(onset_s=900.0),
        FX.Xid45Churn(),
    ]
    return FleetSimulator(TOPO, seed=seed, faults=faults)  # default artifacts on


def test_same_seed_is_bit_identical_and_other_seed_differs() -> None:
    a = _fingerprint(_busy_sim(42), 200)
    b = _fingerprint(_busy_sim(42), 200)
    assert a == b
    assert any(x[3] for x in a), "the fault scenario should have produced log events"
    c = _fingerprint(_busy_sim(43), 200)
    assert [x[0] for x in c] == [x[0] for x in a]  # same clock
    assert sum(x[1] != y[1] for x, y in zip(a, c, strict=True)) > 190


def test_time_comes_from_start_and_interval_only() -> None:
    sim = FleetSimulator(TOPO, seed=1, start=1_000_000.0, interval_s=10.0, artifacts=None)
    assert sim.now == 1_000_000.0
    ts = [tk.timestamp for tk in sim.run(50.0)]
    assert ts == [1_000_000.0 + 10.0 * i for i in range(5)]
    assert sim.now == 1_000_050.0
    with pytest.raises(ValueError):
        FleetSimulator(TOPO, interval_s=0.0)


def test_frames_have_registry_layout() -> None:
    tk = FleetSimulator(TOPO, seed=2, artifacts=None).step()
    g, n = tk.frame(EntityKind.GPU), tk.frame(EntityKind.NODE)
    assert g is not None and n is not None
    assert g.fields == GPU_FIELD_NAMES and g.entities == TOPO.gpu_keys
    assert n.fields == NODE_FIELD_NAMES and n.entities == TOPO.node_keys
    assert g.source == "simulator" and g.timestamp == tk.timestamp
    # The first tick carries the full scheduler view; it is omitted while unchanged.
    assert tk.workloads is not None and len(tk.workloads) > 0


# ------------------------------------------------------------------------------ physics


@pytest.fixture(scope="module")
def healthy() -> Run:
    return _healthy_run(SEED, None)


def _train_mask(sim: FleetSimulator) -> np.ndarray:
    wl = sim.workload_map()
    return np.array([k in wl and wl[k].kind is WorkloadKind.TRAINING for k in TOPO.gpu_keys])


def test_healthy_fleet_has_no_artifacts_or_gaps(healthy: Run) -> None:
    assert not np.isnan(healthy.gpu).any()
    assert not np.isnan(healthy.node).any()
    _, mask = sanitize(healthy.gpu.reshape(-1, len(GPU_FIELD_NAMES)), GPU_FIELD_NAMES)
    assert not mask.any()
    assert len(healthy.ticks) == 480


def test_training_gpus_run_hot_and_busy(healthy: Run) -> None:
    train = _train_mask(healthy.sim)
    assert train.sum() >= 16  # the default mix always has training nodes
    util = healthy.gpu[:, :, UTIL]
    assert np.median(util[:, train]) > 90
    assert np.median(util[:, ~train]) < np.median(util[:, train]) - 20
    # Training draws more power than the rest of the fleet.
    power = healthy.gpu[:, :, POWER]
    assert np.median(power[:, train]) > np.median(power[:, ~train]) + 200


def test_temperature_follows_power_across_gpus(healthy: Run) -> None:
    temp = healthy.gpu[:, :, TEMP]
    power = healthy.gpu[:, :, POWER]
    assert np.corrcoef(temp.mean(0), power.mean(0))[0, 1] > 0.8
    per_tick = [np.corrcoef(temp[i], power[i])[0, 1] for i in range(0, len(temp), 40)]
    assert min(per_tick) > 0.3


def test_checkpoint_dips_are_shared_by_all_ranks(healthy: Run) -> None:
    util = healthy.gpu[:, :, UTIL]
    jobs = [j for j in healthy.sim.jobs if j.kind is WorkloadKind.TRAINING and not j.ended]
    assert jobs
    for job in jobs:
        all_low = (util[:, job.gpus] < 15).all(axis=1)
        assert all_low.any(), f"job {job.job_id} never checkpointed in 2 h"
        assert all_low.mean() < 0.2, f"job {job.job_id} is mostly idle"
        # Between dips the ranks are all busy together.
        assert ((util[:, job.gpus] > 85).all(axis=1)).mean() > 0.5


def test_idle_gpus_downtrain_pcie_and_set_gpu_idle() -> None:
    sim = FleetSimulator(TOPO, seed=SEED, artifacts=None)
    sim.free_nodes(["node-19", "node-20"])  # guarantee idle GPUs whatever the workload draw
    run = _simulate(sim, 1800.0)
    util = run.gpu[:, :, UTIL]
    gen = run.gpu[:, :, PCIE_GEN]
    reasons = run.gpu[:, :, REASONS].astype(np.int64)
    idle_bit = (reasons & int(ClockEventReason.GPU_IDLE)) != 0
    idle = util == 0
    busy = util >= 2
    assert idle.sum() > 1000 and busy.sum() > 1000
    assert (gen[idle] == 1).all()
    assert idle_bit[idle].all()
    assert (gen[busy] == 5).all()  # H100 SKU: PCIe gen 5
    assert not idle_bit[busy].any()
    # Idle GPUs clock down to the SKU idle clock.
    assert (run.gpu[:, :, SM_CLOCK][idle] == 345).all()
    free = np.concatenate([_node_gpus("node-19"), _node_gpus("node-20")])
    assert (util[:, free] == 0).all() and (gen[:, free] == 1).all()


def test_no_healthy_gpu_overheats_and_counters_are_monotonic(healthy: Run) -> None:
    temp = healthy.gpu[:, :, TEMP]
    assert temp.max() <= 85
    assert temp.min() > 15
    thermal = int(ClockEventReason.HW_THERMAL | ClockEventReason.SW_THERMAL)
    assert not (healthy.gpu[:, :, REASONS].astype(np.int64) & thermal).any()
    for name in ("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL"):
        d = np.diff(healthy.gpu[:, :, COL[name]], axis=0)
        assert (d >= 0).all(), name
    assert (
        np.diff(healthy.gpu[:, :, COL["DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"]], axis=0) > 0
    ).all()
    # Framebuffer accounting adds up to the SKU's memory.
    fb = (
        healthy.gpu[:, :, COL["DCGM_FI_DEV_FB_USED"]]
        + healthy.gpu[:, :, COL["DCGM_FI_DEV_FB_FREE"]]
        + healthy.gpu[:, :, COL["DCGM_FI_DEV_FB_RESERVED"]]
    )
    assert np.abs(fb - 81559).max() <= 1


# ------------------------------------------------------------------------------ artifacts


def _is_sentinel(v: np.ndarray) -> np.ndarray:
    return np.asarray((v == float(DCGM_INT64_BLANK)) | (v == DCGM_FP64_BLANK))


def test_default_artifacts_inject_blank_sentinels() -> None:
    run = _healthy_run(SEED, ArtifactRates())
    flat = run.gpu.reshape(-1, len(GPU_FIELD_NAMES))
    n_sentinel = int(_is_sentinel(flat).sum())
    assert 10 < n_sentinel < 500  # 2e-5 per sample over ~3.7 M samples ≈ 74
    _, mask = sanitize(flat, GPU_FIELD_NAMES)
    assert mask.sum() >= n_sentinel  # sanitize catches every one of them


def test_util_not_supported_and_exporter_gaps() -> None:
    rates = ArtifactRates(
        blank_sentinel=0.0, util_not_supported=1e-3, exporter_restarts_per_node_day=100.0
    )
    run = _simulate(FleetSimulator(TOPO, seed=SEED, artifacts=rates), 3600.0)
    util = run.gpu[:, :, UTIL]
    bogus = util == float(UINT32_NOT_SUPPORTED)
    assert bogus.sum() > 10
    # No blank sentinels at a zero rate.
    assert not _is_sentinel(run.gpu).any()
    # Exporter restarts: whole node silent (GPU rows and node row), for >= 45 s.
    silent = np.isnan(run.node).all(axis=2)  # (ticks, nodes)
    assert silent.any()
    gpu_silent = np.isnan(run.gpu).all(axis=2)
    np.testing.assert_array_equal(gpu_silent, silent[:, TOPO.gpu_node])
    assert not (np.isnan(run.gpu).any(axis=2) & ~gpu_silent).any()  # no partial rows
    for n in np.flatnonzero(silent.any(axis=0)):
        s = np.concatenate([[False], silent[:, n], [False]]).astype(np.int8)
        starts, ends = np.flatnonzero(np.diff(s) == 1), np.flatnonzero(np.diff(s) == -1)
        for a, b in zip(starts, ends, strict=True):
            if b < len(run.ticks):
                assert b - a >= 3, (TOPO.node_keys[n], a, b)
        # Counters continue through the gap: energy after > energy before.
        g = int(_node_gpus(TOPO.node_keys[n])[0])
        a0 = int(starts[0])
        if a0 > 0 and ends[0] < len(run.ticks):
            e = run.gpu[:, g, COL["DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"]]
            assert e[ends[0]] > e[a0 - 1]


def test_no_artifacts_when_disabled() -> None:
    rates_off = _healthy_run(SEED, None)  # the same cached run as the ``healthy`` fixture
    assert not _is_sentinel(rates_off.gpu).any()
    assert not (rates_off.gpu[:, :, UTIL] == float(UINT32_NOT_SUPPORTED)).any()
    assert not np.isnan(rates_off.gpu).any() and not np.isnan(rates_off.node).any()


# ------------------------------------------------------------------------------ fault truth

EXPECTED_TRUTH = {
    # name: (root, scope, family, number of affected GPUs, benign)
    "fan_failure": ("node-17/gpu4", "chassis", "thermal", 3, False),
    "dbe": ("node-05/gpu2", "gpu", "memory", 1, False),
    "row_remap_failure": ("node-06/gpu6", "gpu", "memory", 1, False),
    "gpu_fallen_off_bus": ("node-09/gpu1", "gpu", "device", 1, False),
    "xid_app_fault": ("node-03/gpu0", "gpu", "application", 1, False),
    "thermal_throttle": ("node-11/gpu6", "gpu", "thermal", 1, False),
    "power_brake": ("node-13", "node", "power", 8, False),
    "nvlink_crc": ("node-07/gpu5", "gpu", "interconnect", 1, False),
    "pcie_downtrain": ("node-02/gpu3", "gpu", "interconnect", 1, False),
    "nic_flap_nccl_timeout": ("node-15", "node", "interconnect", 16, False),
    "rack_cooling_failure": ("rack-3", "rack", "thermal", 40, False),
    "host_cpu_saturation": ("node-10", "node", "host", 8, False),
    "dataloader_stall": ("<job>", "job", "utilization", 8, False),
    "fb_memory_leak": ("node-08/gpu2", "gpu", "utilization", 1, False),
    "job_stall": ("<job>", "job", "utilization", 8, False),
    "cpu_only_execution": ("<job>", "job", "utilization", 8, False),
    "xid45_churn": ("node-18", "node", "application", 8, True),
    "telemetry_artifact": ("node-19", "node", "telemetry", 8, True),
    "maintenance_drain": ("node-20", "node", "telemetry", 8, True),
    "sbe_storm": ("node-02/gpu3", "gpu", "memory", 1, False),
    "gsp_reset_chain": ("node-04/gpu1", "gpu", "device", 1, False),
    "collective_hang": ("<job>", "job", "utilization", 16, False),
    "row_remap_pending": ("node-07/gpu3", "gpu", "memory", 1, False),
    # a one-driver fleet: the regression is on every node (the suite mixes versions)
    "driver_regression": ("driver:570.133.20", "cluster", "device", 160, False),
}


def test_every_injector_has_an_expected_truth() -> None:
    assert set(EXPECTED_TRUTH) == set(FX.ALL_FAULTS)


@pytest.mark.parametrize("name", sorted(FX.ALL_FAULTS))
def test_truth(name: str) -> None:
    run, fault = _fault_run(name)
    truth = fault.truth(run.sim)
    assert run.sim.ground_truth() == [truth]
    root, scope, family, n_entities, benign = EXPECTED_TRUTH[name]
    assert truth.fault_class == name
    assert (truth.scope, truth.family, truth.benign) == (scope, family, benign)
    assert truth.onset == run.sim.start + ONSET_S
    assert truth.max_delay_s >= 0 and (truth.max_delay_s > 0) is not benign
    assert len(truth.entities) == n_entities
    assert set(truth.entities) <= set(TOPO.gpu_pos)
    assert truth.description
    if root == "<job>":
        # Job-scoped faults name the job; its GPUs are the affected entities.
        assert truth.jobs == (truth.root_entity,)
        job = next(j for j in run.sim.jobs if j.job_id == truth.root_entity)
        assert set(truth.entities) == {TOPO.gpu_keys[int(g)] for g in job.gpus}
    else:
        assert truth.root_entity == root
    if scope == "gpu":
        assert truth.entities == (root,)
    if scope == "node":
        hosts = {TOPO.node_of_gpu_key(k) for k in truth.entities}
        assert root in hosts


def test_fan_failure_truth_names_the_slot_neighbours() -> None:
    run, fault = _fault_run("fan_failure")
    assert fault.truth(run.sim).entities == ("node-17/gpu3", "node-17/gpu4", "node-17/gpu5")


# ------------------------------------------------------------------------------ signatures


def _ok_before_onset(run: Run, gpus: np.ndarray | list[int]) -> None:
    pre = run.t < ONSET_S
    assert not np.isnan(run.gpu[pre][:, gpus]).any()


def test_fan_failure_heats_the_root_more_than_its_neighbours() -> None:
    run, _ = _fault_run("fan_failure")
    root = _gpu("node-17/gpu4")
    neigh = [_gpu("node-17/gpu3"), _gpu("node-17/gpu5")]
    others = [g for g in _node_gpus("node-17") if g != root and g not in neigh]
    temp = run.gpu[:, :, TEMP]
    # Temperature the shared load does not explain: minus the median of unaffected peers.
    excess = temp - np.median(temp[:, others], axis=1, keepdims=True)
    at_onset = run.tick_at(ONSET_S)
    later = run.tick_at(ONSET_S + 600.0)
    rise_root = excess[later, root] - excess[at_onset, root]
    rise_neigh = excess[later, neigh] - excess[at_onset, neigh]
    assert rise_root > 10
    assert (rise_neigh < rise_root - 3).all()
    assert (rise_neigh > 0).all()  # the neighbours do warm, less
    # Before onset the root tracks its peers.
    pre = run.t < ONSET_S
    assert np.abs(excess[pre, root]).max() < 6
    # Then the hot HBM throws correctable errors.
    sbe = run.gpu[:, root, COL["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"]]
    assert sbe[-1] - sbe[at_onset] > 20
    assert (run.gpu[-1, others, COL["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"]] <= 1).all()


def test_double_bit_error_counters_and_xid_sequence() -> None:
    run, _ = _fault_run("dbe", 600.0)
    g = _gpu("node-05/gpu2")
    i0 = run.tick_at(ONSET_S)
    for name in ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL"):
        c = run.gpu[:, g, COL[name]]
        assert c[i0 - 1] == 0 and c[i0] == 1 and c[-1] == 1, name
        assert (run.gpu[-1, :, COL[name]] > 0).sum() == 1, name
    xids = run.events("xid")
    assert [(e.xid, e.timestamp - run.sim.start) for e in xids] == [
        (48, ONSET_S),
        (63, ONSET_S + INTERVAL),
    ]
    assert all(e.gpu == "node-05/gpu2" and e.node == "node-05" for e in xids)
    assert xids[0].pci_bus_id == TOPO.gpu_pci_bus_id[g]
    assert "Xid" in xids[0].message and "48" in xids[0].message
    # The sticky last-Xid field and the row remap that follows.
    x = run.gpu[:, g, XID]
    assert x[i0 - 1] == 0 and x[i0] == 48 and x[i0 + 1] == 63 and x[-1] == 63
    rows = run.gpu[:, g, COL["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"]]
    assert rows[i0] == 0 and rows[i0 + 1] == 1
    assert run.gpu[i0 + 1, g, COL["DCGM_FI_DEV_ROW_REMAP_PENDING"]] == 1
    # The process died: the GPU idles from onset on.
    assert (run.gpu[i0:, g, UTIL] == 0).all()


def test_row_remap_failure_sets_the_rma_flag() -> None:
    run, _ = _fault_run("row_remap_failure", 600.0)
    g = _gpu("node-06/gpu6")
    i0 = run.tick_at(ONSET_S)
    flag = run.gpu[:, :, COL["DCGM_FI_DEV_ROW_REMAP_FAILURE"]]
    assert (flag[:i0] == 0).all()
    assert (flag[i0:, g] == 1).all()
    assert flag[-1].sum() == 1
    assert [(e.xid, e.gpu) for e in run.events("xid")] == [(64, "node-06/gpu6")]


def test_fallen_off_bus_row_goes_missing_while_peers_report() -> None:
    run, fault = _fault_run("gpu_fallen_off_bus", 900.0)
    g = _gpu("node-09/gpu1")
    peers = [p for p in _node_gpus("node-09") if p != g]
    i0 = run.tick_at(ONSET_S)
    _ok_before_onset(run, [g])
    # The Xid 79 line comes first, while the last sample still arrives.
    assert [(e.xid, e.gpu) for e in run.events("xid")] == [(79, "node-09/gpu1")]
    assert run.events("xid")[0].timestamp == run.sim.start + ONSET_S
    assert not np.isnan(run.gpu[i0, g]).all()
    assert np.isnan(run.gpu[i0 + 1 :, g]).all()
    assert not np.isnan(run.gpu[:, peers]).any()
    assert not np.isnan(run.node).any()  # the host itself is fine
    # After hang_after_s the job's other ranks hang in a collective.
    hang = run.t >= ONSET_S + fault.hang_after_s
    assert (run.gpu[hang][:, peers, UTIL] == 0).all()


def test_xid_application_fault_fails_the_job() -> None:
    run, fault = _fault_run("xid_app_fault", 600.0)
    job = fault.truth(run.sim).jobs[0]
    assert [(e.xid, e.gpu) for e in run.events("xid")] == [(13, "node-03/gpu0")]
    ends = run.events("job_end")
    assert [(e.node, e.job_id, e.attrs.get("state")) for e in ends] == [("node-03", job, "FAILED")]
    assert ends[0].timestamp == run.sim.start + ONSET_S + INTERVAL
    i1 = run.tick_at(ONSET_S + INTERVAL)
    # The scheduler view changes when the job ends: node-03's GPUs become free.
    wl = run.ticks[i1].workloads
    assert wl is not None and not any(k.startswith("node-03/") for k in wl)
    gpus = _node_gpus("node-03")
    assert (run.gpu[run.tick_at(ONSET_S), gpus, UTIL] == 0).all()  # the process died
    assert (run.gpu[i1 + 1 :, gpus, UTIL] == 0).all()  # and the GPUs stay free
    assert np.median(run.gpu[run.t < ONSET_S][:, gpus, UTIL]) > 85


def test_crashed_job_does_not_come_back_to_life_for_one_tick() -> None:
    run, _ = _fault_run("xid_app_fault", 600.0)
    gpus = _node_gpus("node-03")
    assert (run.gpu[run.t >= ONSET_S][:, gpus, UTIL] == 0).all()


def test_thermal_throttle_heats_and_slows_one_gpu() -> None:
    run, _ = _fault_run("thermal_throttle")
    g = _gpu("node-11/gpu6")
    others = [p for p in _node_gpus("node-11") if p != g]
    post = run.t >= ONSET_S + 900.0
    reasons = run.gpu[:, :, REASONS].astype(np.int64)
    thermal = int(ClockEventReason.SW_THERMAL | ClockEventReason.HW_THERMAL)
    assert run.gpu[post, g, TEMP].max() >= 87
    assert (reasons[post, g] & thermal).any()
    assert not (reasons[:, others] & thermal).any()
    throttled = (reasons[:, g] & thermal) != 0
    assert run.gpu[throttled, g, SM_CLOCK].max() < 1980


def test_power_brake_caps_every_gpu_of_the_node() -> None:
    run, _ = _fault_run("power_brake", 600.0)
    gpus = _node_gpus("node-13")
    post = run.t >= ONSET_S
    reasons = run.gpu[:, :, REASONS].astype(np.int64)
    brake = int(ClockEventReason.HW_POWER_BRAKE | ClockEventReason.HW_SLOWDOWN)
    assert ((reasons[post][:, gpus] & brake) == brake).all()
    assert not (reasons[~post][:, gpus] & int(ClockEventReason.HW_POWER_BRAKE)).any()
    assert not (np.delete(reasons, gpus, axis=1) & int(ClockEventReason.HW_POWER_BRAKE)).any()
    assert (run.gpu[post][:, gpus, POWER] <= 0.30 * 700 + 1e-9).all()
    busy = run.gpu[post][:, gpus, UTIL] > 1
    assert (run.gpu[post][:, gpus, SM_CLOCK][busy] <= 0.35 * 1980 + 15).all()


def test_nvlink_crc_errors_on_one_gpu_slow_the_job() -> None:
    run, fault = _fault_run("nvlink_crc", 900.0)
    g = _gpu("node-07/gpu5")
    flit = run.gpu[:, :, COL["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"]]
    i0 = run.tick_at(ONSET_S)
    per_tick = np.diff(flit[i0 - 1 :, g])
    assert 40 < per_tick.mean() < 200  # 8 errors/s × 15 s
    assert (np.delete(flit, g, axis=1) == 0).all()
    replay = run.gpu[:, g, COL["DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL"]]
    assert replay[-1] > 0 and replay[i0 - 1] == 0
    job = next(j for j in run.sim.jobs if j.job_id == fault.truth(run.sim).jobs[0])
    pre_util = np.median(run.gpu[run.t < ONSET_S][:, job.gpus, UTIL])
    post_util = np.median(run.gpu[run.t >= ONSET_S][:, job.gpus, UTIL])
    assert post_util == pytest.approx(0.78 * pre_util, abs=3)


def test_pcie_downtrain_narrows_the_link_and_replays() -> None:
    run, _ = _fault_run("pcie_downtrain", 600.0)
    g = _gpu("node-02/gpu3")
    width = run.gpu[:, :, COL["DCGM_FI_DEV_PCIE_LINK_WIDTH"]]
    post = run.t >= ONSET_S
    assert (width[post, g] == 8).all() and (width[~post, g] == 16).all()
    assert (np.delete(width, g, axis=1) == 16).all()
    replays = run.gpu[:, g, COL["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"]]
    assert replays[-1] - replays[run.tick_at(ONSET_S) - 1] > 100  # ~22 per tick


def test_nic_flap_logs_link_changes_and_collapses_both_nodes() -> None:
    run, fault = _fault_run("nic_flap_nccl_timeout", 900.0)
    changes = [(e.kind, e.timestamp - run.sim.start) for e in run.events() if "nic" in e.kind]
    downs = [t for k, t in changes if k == "nic_link_down"]
    assert len(downs) >= 2
    assert downs[0] == ONSET_S
    assert all(e.node == "node-15" for e in run.events() if "nic" in e.kind)
    assert [k for k, _ in changes[:4]] == ["nic_link_down", "nic_link_up"] * 2
    assert max(t for _, t in changes) < ONSET_S + 120.0  # the flap stops after flap_s
    link = run.node[:, TOPO.node_pos["node-15"], NCOL["NODE_NIC_LINK_UP"]]
    assert link[run.tick_at(ONSET_S)] == 7 and link[0] == 8 and link[-1] == 8
    both = np.concatenate([_node_gpus("node-14"), _node_gpus("node-15")])
    job = fault.truth(run.sim).jobs[0]
    job_gpus = next(j.gpus for j in run.sim.jobs if j.job_id == job)
    assert set(job_gpus.tolist()) == set(both.tolist())  # one job spans both nodes
    assert np.median(run.gpu[run.t < ONSET_S][:, both, UTIL]) > 80
    collapsed = run.t >= ONSET_S + 45.0
    assert (run.gpu[collapsed][:, both, UTIL] == 0).all()


def test_rack_cooling_failure_warms_the_whole_rack() -> None:
    run, _ = _fault_run("rack_cooling_failure")
    rack = TOPO.gpus_of_rack(TOPO.rack_pos["rack-3"])
    rest = np.setdiff1d(np.arange(TOPO.n_gpus), rack)
    temp = run.gpu[:, :, TEMP]
    pre, late = run.t < ONSET_S, run.t >= ONSET_S + 900.0  # after the 720 s ramp

    def warming(gpus: np.ndarray) -> float:
        return float(temp[late][:, gpus].mean() - temp[pre][:, gpus].mean())

    assert warming(rack) - warming(rest) > 10
    assert abs(warming(rest)) < 5
    # Most of the rack hits its thermal limits; nothing outside it does.
    reasons = run.gpu[:, :, REASONS].astype(np.int64)
    thermal = (reasons & int(ClockEventReason.SW_THERMAL | ClockEventReason.HW_THERMAL)) != 0
    assert thermal[:, rack].any(axis=0).sum() > len(rack) // 2
    assert not thermal[:, rest].any()
    assert not thermal[pre].any()


def test_host_cpu_saturation_pegs_the_host_and_starves_gpus() -> None:
    run, fault = _fault_run("host_cpu_saturation", 900.0)
    cpu = run.node[:, TOPO.node_pos["node-10"], NCOL["NODE_CPU_UTIL"]]
    post = run.t >= ONSET_S
    assert (cpu[post] >= 97).all() and (cpu[~post] < 60).all()
    gpus = _node_gpus("node-10")
    assert np.median(run.gpu[post][:, gpus, UTIL]) < 60
    assert np.median(run.gpu[~post][:, gpus, UTIL]) > 85
    assert fault.truth(run.sim).entities == tuple(TOPO.gpu_keys[int(g)] for g in gpus)


def test_dataloader_stall_makes_periodic_gaps() -> None:
    run, _ = _fault_run("dataloader_stall", 900.0)
    gpus = _node_gpus("node-04")
    post = run.t >= ONSET_S
    phase = (run.t - ONSET_S) % 60.0
    gap = post & (phase < 25.0)
    assert (run.gpu[gap][:, gpus, UTIL] == 0).all()
    fed = post & (phase >= 25.0)
    # Outside gaps the job runs (a checkpoint dip may cover a few of these ticks).
    assert np.median(run.gpu[fed][:, gpus, UTIL]) > 85


def test_fb_memory_leak_grows_framebuffer() -> None:
    run, _ = _fault_run("fb_memory_leak")
    g = _gpu("node-08/gpu2")
    fb = run.gpu[:, g, COL["DCGM_FI_DEV_FB_USED"]]
    i0 = run.tick_at(ONSET_S)
    assert (np.diff(fb[i0:]) >= 0).all()
    assert np.ptp(fb[:i0]) == 0  # flat before the leak
    # The leak grows linearly (52 % of the memory per fill_s) until the framebuffer is full.
    full = 81559 - 512
    for k in (i0 + 20, len(fb) - 1):
        leaked = 0.52 * 81559 * (run.t[k] - ONSET_S) / 2700.0
        assert fb[k] == pytest.approx(min(fb[i0 - 1] + leaked, full), abs=2), k
    assert fb[-1] - fb[i0 - 1] > 10_000
    wl = run.ticks[0].workloads
    assert wl is not None and "node-08/gpu2" in wl  # the leaking process needs a workload


def test_job_stall_zeroes_utilization() -> None:
    run, fault = _fault_run("job_stall", 600.0)
    gpus = _node_gpus("node-12")
    post = run.t >= ONSET_S
    assert (run.gpu[post][:, gpus, UTIL] == 0).all()
    assert np.median(run.gpu[~post][:, gpus, UTIL]) > 85
    # The job stays allocated: framebuffer stays in use.
    assert (run.gpu[post][:, gpus, COL["DCGM_FI_DEV_FB_USED"]] > 0.5 * 81559).all()
    wl = run.sim.workload_map()
    assert {wl[TOPO.gpu_keys[int(g)]].job_id for g in gpus} == {fault.truth(run.sim).root_entity}


def test_cpu_only_execution_allocates_but_never_uses_gpus() -> None:
    run, fault = _fault_run("cpu_only_execution", 900.0)
    gpus = _node_gpus("node-16")
    keys = {TOPO.gpu_keys[int(g)] for g in gpus}
    assert not keys & set(run.ticks[0].workloads or {})  # node-16 starts free
    job = fault.truth(run.sim).root_entity
    starts = run.events("job_start")
    assert [(e.node, e.job_id, e.timestamp - run.sim.start) for e in starts] == [
        ("node-16", job, ONSET_S)
    ]
    wl = run.ticks[run.tick_at(ONSET_S)].workloads
    assert wl is not None and {wl[k].job_id for k in keys} == {job}
    post = run.t >= ONSET_S
    assert (run.gpu[post][:, gpus, UTIL] == 0).all()
    assert (run.gpu[post][:, gpus, COL["DCGM_FI_DEV_FB_USED"]] == 0).all()
    assert (run.node[post, TOPO.node_pos["node-16"], NCOL["NODE_CPU_UTIL"]] >= 92).all()


def test_xid45_churn_tears_down_and_restarts() -> None:
    run, fault = _fault_run("xid45_churn", 600.0)
    old = fault.truth(run.sim).jobs[0]
    onset = run.sim.start + ONSET_S
    ends = run.events("job_end")
    assert [(e.node, e.job_id, e.attrs["state"], e.timestamp) for e in ends] == [
        ("node-18", old, "CANCELLED", onset)
    ]
    xids = run.events("xid")
    assert len(xids) == 8 * 6
    assert {e.xid for e in xids} == {45} and {e.timestamp for e in xids} == {onset}
    assert {e.gpu for e in xids} == {f"node-18/gpu{i}" for i in range(8)}
    starts = run.events("job_start")
    assert len(starts) == 1
    new = starts[0]
    assert new.node == "node-18" and new.job_id != old
    assert new.timestamp == onset + 4 * INTERVAL
    # The scheduler view: freed at onset, re-allocated to the new job at restart.
    keys = [f"node-18/gpu{i}" for i in range(8)]
    freed = run.ticks[run.tick_at(ONSET_S)].workloads
    assert freed is not None and not set(keys) & set(freed)
    again = run.ticks[run.tick_at(ONSET_S + 4 * INTERVAL)].workloads
    assert again is not None and {again[k].job_id for k in keys} == {new.job_id}


def test_telemetry_artifacts_silence_node19_then_inject_bad_values() -> None:
    run, fault = _fault_run("telemetry_artifact", 600.0)
    gpus = _node_gpus("node-19")
    n = TOPO.node_pos["node-19"]
    gap_s = fault.gap_s
    gap = (run.t >= ONSET_S) & (run.t < ONSET_S + gap_s)
    assert gap.sum() == gap_s / INTERVAL
    assert np.isnan(run.gpu[gap][:, gpus]).all()
    assert np.isnan(run.node[gap, n]).all()
    assert not np.isnan(run.gpu[~gap][:, gpus]).any()
    assert not np.isnan(np.delete(run.gpu, gpus, axis=1)).any()  # only node-19 is silent
    bad = (run.t >= ONSET_S + gap_s) & (run.t < ONSET_S + gap_s + 5 * INTERVAL)
    g0 = int(gpus[0])
    assert (run.gpu[bad, g0, UTIL] == float(UINT32_NOT_SUPPORTED)).all()
    assert (run.gpu[bad, g0, TEMP] == float(DCGM_INT64_BLANK)).all()
    assert (run.gpu[bad, g0, POWER] == DCGM_FP64_BLANK).all()
    assert (run.gpu[bad, g0, COL["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"]] == 0).all()
    _, mask = sanitize(run.gpu[bad, g0][:1], GPU_FIELD_NAMES)
    assert mask[0, [UTIL, TEMP, POWER]].all() and mask.sum() == 3
    after = run.t >= ONSET_S + gap_s + 5 * INTERVAL
    assert (run.gpu[after, g0, TEMP] < 100).all()
    assert not run.events()  # benign: no log lines at all
