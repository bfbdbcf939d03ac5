"""Detection rules real incidents needed: every GPU of a node silent while its host reports,
every rank of a job frozen (a hung collective), an SBE rate far above the GPU's peers - and the
look-alikes that must not fire (a collector outage, a dead host, a job that ends cleanly, a GPU
with moderately more SBEs than its peers)."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.config import NocConfig
from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import AnomalyDetected, Event, Scope
from gpufleet.telemetry.topology import Workload, WorkloadKind
from tests.noc_frames import COL, final, fleet, run, tick, values


# --------------------------------------------------------------------------- node GPU loss
def _silence(hosts_report: bool, all_nodes: bool) -> tuple[list[Event], Detector]:
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(4)
    ticks = [tick(tp, i, values(tp, rng), hosts=tp.node_keys) for i in range(10)]
    lost = tuple(k for k in tp.gpu_keys if not k.startswith("node-05/")) if not all_nodes else ()
    hosts = tp.node_keys if hosts_report else tuple(n for n in tp.node_keys if n != "node-05")
    ticks += [tick(tp, i, values(tp, rng), gpus=lost, hosts=hosts) for i in range(10, 40)]
    return run(det, ticks), det


def _symptoms(events: list[Event]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for e in events:
        if isinstance(e, AnomalyDetected):
            out.setdefault(e.anomaly.symptom, set()).add(e.anomaly.entity)
    return out


def test_every_gpu_of_a_node_silent_while_its_host_reports_is_a_node_signal() -> None:
    events, _ = _silence(hosts_report=True, all_nodes=False)
    assert _symptoms(events).get("node_gpus_silent") == {"node-05"}
    incs = final(events)
    assert [(i.root_entity, i.scope) for i in incs] == [("node-05", Scope.NODE)]


def test_collector_outage_and_a_dead_host_are_not_node_gpu_loss() -> None:
    events, _ = _silence(hosts_report=True, all_nodes=True)  # every GPU series gone at once
    assert "node_gpus_silent" not in _symptoms(events)
    events, _ = _silence(hosts_report=False, all_nodes=False)  # host gone too: node_silent
    sym = _symptoms(events)
    assert "node_gpus_silent" not in sym and sym.get("node_silent") == {"node-05"}


# --------------------------------------------------------------------------- frozen job
JOB_GPUS = [f"node-0{n}/gpu{g}" for n in (1, 4) for g in range(8)]


def _job(frozen_from: int | None, ends_at: int | None = None) -> list[Event]:
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(5)
    wl = {k: Workload(job_id="7781", kind=WorkloadKind.TRAINING) for k in JOB_GPUS}
    rows = [tp.gpu_pos[k] for k in JOB_GPUS]
    stuck = values(tp, rng)[rows]
    stuck[:, COL("DCGM_FI_DEV_GPU_UTIL")] = 100.0  # the NCCL kernel spins
    stuck[:, COL("DCGM_FI_DEV_POWER_USAGE")] = 212.0
    stuck[:, COL("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE")] = 0.0
    ticks = []
    for i in range(60):
        v = values(tp, rng)
        if frozen_from is not None and i >= frozen_from:
            v[rows] = stuck
        live = wl if ends_at is None or i < ends_at else {}
        ticks.append(tick(tp, i, v, workloads=live))
    return run(det, ticks)


def test_a_job_frozen_on_every_rank_is_a_hung_collective() -> None:
    sym = _symptoms(_job(frozen_from=20))
    assert sym.get("job_telemetry_frozen") == {"7781"}
    assert "job_util_collapse" not in sym  # utilization never dropped: the old rule is blind


def test_a_busy_job_and_a_job_that_ends_cleanly_do_not_freeze() -> None:
    assert "job_telemetry_frozen" not in _symptoms(_job(frozen_from=None))
    assert "job_telemetry_frozen" not in _symptoms(_job(frozen_from=None, ends_at=30))


def _met_frozen(energy_advances: bool) -> list[Event]:
    """gpufleet starts while the collective already hangs: every rank flat from the first
    sample. A live GPU's energy counter keeps climbing at the spin power; a cached exporter
    repeats it with everything else."""
    tp = fleet()
    det = Detector(tp)
    rng = np.random.default_rng(5)
    wl = {k: Workload(job_id="7781", kind=WorkloadKind.TRAINING) for k in JOB_GPUS}
    rows = [tp.gpu_pos[k] for k in JOB_GPUS]
    stuck = values(tp, rng)[rows]
    stuck[:, COL("DCGM_FI_DEV_GPU_UTIL")] = 100.0
    stuck[:, COL("DCGM_FI_DEV_POWER_USAGE")] = 212.0
    stuck[:, COL("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE")] = 0.0
    ticks = []
    for i in range(60):
        v = values(tp, rng)
        v[rows] = stuck
        joules = 212.0 * 15.0 * (i if energy_advances else 0)
        v[rows, COL("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")] = 9.0e9 + joules * 1000.0
        ticks.append(tick(tp, i, v, workloads=wl))
    return run(det, ticks)


def test_a_collective_already_hung_at_start_is_found_by_its_energy_counter() -> None:
    assert _symptoms(_met_frozen(energy_advances=True)).get("job_telemetry_frozen") == {"7781"}


def test_a_cached_exporter_repeating_every_field_is_not_a_hang() -> None:
    assert "job_telemetry_frozen" not in _symptoms(_met_frozen(energy_advances=False))


# --------------------------------------------------------------------------- SBE vs peers
def _sbe(
    rates_per_tick: dict[str, float], noise: float, cfg: NocConfig | None = None
) -> dict[str, set[str]]:
    tp = fleet()
    det = Detector(tp, cfg)
    rng = np.random.default_rng(6)
    total = np.zeros(tp.n_gpus)
    ticks = []
    for i in range(120):  # 30 min
        v = values(tp, rng)
        total += rng.poisson(noise, tp.n_gpus)
        for k, r in rates_per_tick.items():
            total[tp.gpu_pos[k]] += rng.poisson(r)
        v[:, COL("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")] = total
        ticks.append(tick(tp, i, v))
    return _symptoms(run(det, ticks))


def test_sbe_rate_far_above_peers_raises_its_own_anomaly() -> None:
    """Every GPU sees a few SBEs an hour (peers noisy); one sees ~20x more. The absolute storm
    limit is raised (a SKU override) so only the peer comparison can see it."""
    cfg = NocConfig.model_validate({"thresholds": {"sbe_per_hour": 1000.0}})
    sym = _sbe({"node-03/gpu6": 0.4}, noise=0.02, cfg=cfg)
    assert sym.get("sbe_above_peers") == {"node-03/gpu6"}


def test_moderately_more_sbe_than_peers_is_not_an_anomaly() -> None:
    sym = _sbe({"node-03/gpu6": 0.03}, noise=0.02)
    assert "sbe_above_peers" not in sym and "sbe_storm" not in sym
