"""Draw realistic fault schedules from published failure statistics.

Category shares follow the derived simulation mix of ``shared/reference/priors.md`` §8 (an
H100-class training fleet, consistent with Meta's Llama 3 interruption table, Kokolis et al.
HPCA 2025, NCSA Delta and Crusoe's H200 mix): GPU hardware ~35 %, GPU memory ~22 %, network
~20 % (10–30 %), software/driver ~13 %, host ~5 %. Within a category the fault classes are
weighted by how often their signature is reported (e.g. Xid 79 and GSP-class device loss
dominate "GPU hardware"; NIC/cable flaps dominate "network").

The base rate defaults to one interruption per ~2,100 GPU-days (Llama 3: 16,384 H100 × 54 days /
419 unexpected interruptions). Simulations usually compress time with ``acceleration`` so a few
hours contain several faults; the mix stays the same. Workload inefficiencies (input stalls,
leaks, CPU-only jobs) are not interruptions and are drawn separately at ``inefficiency_share``
of the interruption count; benign red herrings (Xid 45 churn, telemetry artifacts) at
``red_herring_share``, "comparable to real incidents" as priors.md §8 advises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from gpufleet.sim import faults as f
from gpufleet.sim.simulator import Fault
from gpufleet.telemetry.topology import Topology

GPU_DAYS_PER_INTERRUPTION = 16384 * 54 / 419  # ≈ 2,111 (priors.md §2, derived)

# (category share, [(fault class, weight within category)])
PRIOR_MIX: dict[str, tuple[float, list[tuple[str, float]]]] = {
    "gpu_hardware": (
        0.35,
        [
            ("gpu_fallen_off_bus", 0.55),
            ("thermal_throttle", 0.15),
            ("fan_failure", 0.15),
            ("power_brake", 0.15),
        ],
    ),
    "gpu_memory": (0.22, [("dbe", 0.6), ("row_remap_failure", 0.4)]),
    "network": (
        0.20,
        [("nic_flap_nccl_timeout", 0.55), ("nvlink_crc", 0.30), ("pcie_downtrain", 0.15)],
    ),
    "software": (0.13, [("xid_app_fault", 0.6), ("job_stall", 0.4)]),
    "host": (0.05, [("host_cpu_saturation", 0.7), ("rack_cooling_failure", 0.3)]),
}
INEFFICIENCIES = [("dataloader_stall", 0.4), ("fb_memory_leak", 0.3), ("cpu_only_execution", 0.3)]
RED_HERRINGS = [("xid45_churn", 0.6), ("telemetry_artifact", 0.4)]

# How each class is aimed: which constructor arguments name its target.
_NODE_GPU = {
    "fan_failure",
    "dbe",
    "row_remap_failure",
    "gpu_fallen_off_bus",
    "xid_app_fault",
    "thermal_throttle",
    "nvlink_crc",
    "pcie_downtrain",
    "fb_memory_leak",
}
_NODE = {
    "power_brake",
    "host_cpu_saturation",
    "dataloader_stall",
    "job_stall",
    "cpu_only_execution",
    "xid45_churn",
    "telemetry_artifact",
}


@dataclass(frozen=True)
class ScheduledFault:
    fault_class: str
    onset_s: float
    target: str  # node, node/gpu, rack, or the flapping node of a two-node job


def expected_interruptions(n_gpus: int, duration_s: float, acceleration: float = 1.0) -> float:
    return n_gpus * duration_s / 86400.0 / GPU_DAYS_PER_INTERRUPTION * acceleration


def draw_schedule(
    topology: Topology,
    duration_s: float,
    *,
    seed: int,
    acceleration: float = 1.0,
    inefficiency_share: float = 0.3,
    red_herring_share: float = 0.5,
    not_before_s: float = 3600.0,
    spacing_s: float = 1800.0,
) -> list[ScheduledFault]:
    """A deterministic list of faults for one simulation, each on its own node (or rack).

    Faults never share a node: injectors shape their node's workload, and overlapping faults
    on one node are a separate scenario kind (the eval suite builds those explicitly).
    """
    rng = np.random.default_rng(seed)
    lam = expected_interruptions(topology.n_gpus, duration_s, acceleration)
    n_int = int(rng.poisson(lam))
    n_ineff = int(rng.poisson(lam * inefficiency_share))
    n_herr = int(rng.poisson(lam * red_herring_share))
    classes = [_draw_interruption(rng) for _ in range(n_int)]
    classes += [_pick(rng, INEFFICIENCIES) for _ in range(n_ineff)]
    classes += [_pick(rng, RED_HERRINGS) for _ in range(n_herr)]
    free_nodes = list(rng.permutation(topology.n_nodes))
    used_racks: set[int] = set()
    out: list[ScheduledFault] = []
    latest = duration_s - 3600.0  # leave time to detect
    for cls in classes:
        if latest <= not_before_s:
            break
        onset = float(rng.uniform(not_before_s, latest))
        if any(abs(onset - s.onset_s) < spacing_s and s.fault_class == cls for s in out):
            continue
        target = _aim(cls, topology, free_nodes, used_racks, rng)
        if target is not None:
            out.append(ScheduledFault(cls, round(onset / 15.0) * 15.0, target))
    return sorted(out, key=lambda s: s.onset_s)


def build_faults(schedule: list[ScheduledFault]) -> list[Fault]:
    """Instantiate injectors for a schedule."""
    return [_make(s) for s in schedule]


def _draw_interruption(rng: np.random.Generator) -> str:
    cats = list(PRIOR_MIX)
    shares = np.array([PRIOR_MIX[c][0] for c in cats])
    cat = cats[int(rng.choice(len(cats), p=shares / shares.sum()))]
    return _pick(rng, PRIOR_MIX[cat][1])


def _pick(rng: np.random.Generator, weighted: list[tuple[str, float]]) -> str:
    w = np.array([x[1] for x in weighted])
    return weighted[int(rng.choice(len(weighted), p=w / w.sum()))][0]


def _aim(
    cls: str, topo: Topology, free: list[int], used_racks: set[int], rng: np.random.Generator
) -> str | None:
    if cls == "rack_cooling_failure":
        racks = [
            r
            for r in range(topo.n_racks)
            if r not in used_racks and all(int(n) in free for n in topo.nodes_of_rack(r))
        ]
        if not racks:
            return None
        r = racks[int(rng.integers(len(racks)))]
        used_racks.add(r)
        for n in topo.nodes_of_rack(r):
            free.remove(int(n))
        return topo.rack_keys[r]
    if cls == "nic_flap_nccl_timeout":
        for i, n in enumerate(free):
            nxt = n + 1
            if nxt in free and nxt < topo.n_nodes and topo.node_rack[nxt] == topo.node_rack[n]:
                free.pop(i)
                free.remove(nxt)
                return f"{topo.node_keys[n]}+{topo.node_keys[nxt]}"
        return None
    if not free:
        return None
    node = free.pop(0)
    host = topo.node_keys[node]
    if cls in _NODE_GPU:
        gpus = topo.gpus_of_node(node)
        return f"{host}/gpu{int(topo.gpu_local_index[int(gpus[int(rng.integers(len(gpus)))])])}"
    return host


_CTORS: dict[str, Callable[..., Fault]] = f.ALL_FAULTS


def _make(s: ScheduledFault) -> Fault:
    ctor = _CTORS[s.fault_class]
    if s.fault_class == "rack_cooling_failure":
        return ctor(onset_s=s.onset_s, rack=s.target)
    if s.fault_class == "nic_flap_nccl_timeout":
        a, b = s.target.split("+")
        return ctor(onset_s=s.onset_s, nodes=(a, b), flap_node=b)
    if "/gpu" in s.target:
        host, gpu = s.target.split("/gpu")
        return ctor(onset_s=s.onset_s, node=host, gpu=int(gpu))
    return ctor(onset_s=s.onset_s, node=s.target)
