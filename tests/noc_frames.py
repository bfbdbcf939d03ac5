"""Hand-made fleet frames and real-format kernel-log events for NOC detector tests: a 2-rack,
6-node, 48-GPU fleet (driver version per node settable), busy GPUs with realistic
sample-to-sample noise, journalctl-style lines parsed by the real kernel-log parser."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from gpufleet.telemetry.fields import GPU_FIELD_NAMES, NODE_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.topology import Cluster, Topology, Workload, build_cluster

T0 = 1_772_409_600.0  # 2026-03-02T00:00:00Z
STEP = 15.0
COL = GPU_FIELD_NAMES.index
PCI = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]  # build_cluster's bus ids, in GPU order


def fleet(drivers: dict[str, str] | None = None) -> Topology:
    """2 racks × 3 nodes × 8 GPUs; ``drivers`` overrides the driver version per node."""
    c = build_cluster(racks=2, nodes_per_rack=3, gpus_per_node=8)
    d = drivers or {}
    racks = tuple(
        r.model_copy(
            update={
                "nodes": tuple(
                    n.model_copy(update={"driver_version": d.get(n.hostname, n.driver_version)})
                    for n in r.nodes
                )
            }
        )
        for r in c.racks
    )
    return Topology([Cluster(name=c.name, racks=racks)])


def values(tp: Topology, rng: np.random.Generator) -> np.ndarray:
    """A busy, healthy fleet with sample-to-sample noise (as real exporters show)."""
    n = tp.n_gpus
    v = np.zeros((n, len(GPU_FIELD_NAMES)))
    v[:, COL("DCGM_FI_DEV_GPU_TEMP")] = 62.0 + rng.normal(0, 0.4, n)
    v[:, COL("DCGM_FI_DEV_MEMORY_TEMP")] = 66.0 + rng.normal(0, 0.4, n)
    v[:, COL("DCGM_FI_DEV_POWER_USAGE")] = 540.0 + rng.normal(0, 25.0, n)
    v[:, COL("DCGM_FI_DEV_GPU_UTIL")] = np.clip(92.0 + rng.normal(0, 4.0, n), 0, 100).round()
    v[:, COL("DCGM_FI_DEV_SM_CLOCK")] = 1980.0 - rng.integers(0, 4, n) * 15.0
    v[:, COL("DCGM_FI_PROF_PIPE_TENSOR_ACTIVE")] = 0.45 + rng.normal(0, 0.03, n)
    v[:, COL("DCGM_FI_DEV_FB_USED")] = 60000.0
    v[:, COL("DCGM_FI_DEV_FB_FREE")] = 21000.0
    v[:, COL("DCGM_FI_DEV_PCIE_LINK_GEN")] = 5.0
    v[:, COL("DCGM_FI_DEV_PCIE_LINK_WIDTH")] = 16.0
    return v


def tick(
    tp: Topology,
    i: int,
    v: np.ndarray,
    events: list[LogEvent] | None = None,
    gpus: tuple[str, ...] | None = None,
    hosts: tuple[str, ...] | None = None,
    workloads: dict[str, Workload] | None = None,
) -> Tick:
    t = T0 + i * STEP
    keys = tp.gpu_keys if gpus is None else gpus
    rows = [tp.gpu_pos[k] for k in keys]
    frames = [Frame(t, EntityKind.GPU, keys, GPU_FIELD_NAMES, v[rows], "test")]
    if hosts is not None:
        nv = np.full((len(hosts), len(NODE_FIELD_NAMES)), np.nan)
        nv[:, NODE_FIELD_NAMES.index("NODE_CPU_UTIL")] = 35.0
        frames.append(Frame(t, EntityKind.NODE, hosts, NODE_FIELD_NAMES, nv, "test"))
    return Tick(t, tuple(frames), tuple(events or ()), workloads)


def journal(
    tp: Topology, i: int, node: str, msgs: list[str], source: str = "kernel"
) -> list[LogEvent]:
    """Lines as journalctl -o short-iso prints them, parsed by the real parser."""
    t = T0 + i * STEP
    stamp = (
        f"2026-03-02T{int(t - T0) // 3600:02d}:{int(t - T0) // 60 % 60:02d}:{int(t - T0) % 60:02d}"
    )
    lines = [f"{stamp}+00:00 {node} {source}: {m}" for m in msgs]
    events, report = parse_lines(lines, topology=tp)
    assert len(events) == len(lines), report
    return events


def run(det: Detector, ticks: list[Tick]) -> list[Event]:
    return [e for tk in ticks for e in det.process(tk)]


def final(events: list[Event]) -> list[Incident]:
    """Incidents as they stand at the end, without those merged into others."""
    last: dict[str, Incident] = {}
    for e in events:
        if isinstance(e, IncidentOpened | IncidentUpdated):
            last[e.incident.incident_id] = e.incident
    merged = {
        i
        for e in events
        if isinstance(e, IncidentUpdated) and e.change == "merged"
        for i in (e.incident.incident_id,)
    }
    return [inc for k, inc in last.items() if k not in merged]


class TickList:
    """Ticks made in a test, as a tick source: these, then nothing more."""

    def __init__(self, topology: Topology, ticks: list[Tick], interval_s: float = 15.0) -> None:
        self.topology, self._ticks, self.interval_s = topology, ticks, interval_s

    def ticks(self) -> Iterator[Tick]:
        return iter(self._ticks)
