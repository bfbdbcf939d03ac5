"""A window of stored telemetry: time × GPUs per field, plus the scheduler's job spans.

The frame (``telemetry.frame``) is one instant; long-horizon analyses (agents/perf) read hours
to days at once, so a window holds each field as one ``(T, N)`` float32 array (float32 halves
the memory of a week of a large fleet; every value the analyses read fits its precision, and
counters are differenced before they are summed). Windows are cut into chunks (a day each) by
the sources so a week of a 1,024-GPU fleet never sits in memory whole.

``JobSpan`` is the scheduler's view of one job over time: who, which GPUs, from when to when.
``window_from_ticks`` builds both from any tick source (the simulator, a recording, a store).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.fields import valid_bounds
from gpufleet.telemetry.frame import EntityKind, Tick
from gpufleet.telemetry.topology import Topology, Workload

F32 = npt.NDArray[np.float32]
IntArray = npt.NDArray[np.intp]

# The slow health counters (error counts, remaps, retirements, replays, Xid): the health score's
# inputs, kept per bucket as the last value.
HEALTH_COUNTER_FIELDS: tuple[str, ...] = (
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_ROW_REMAP_PENDING",
    "DCGM_FI_DEV_RETIRED_SBE",
    "DCGM_FI_DEV_RETIRED_DBE",
    "DCGM_FI_DEV_RETIRED_PENDING",
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_XID_ERRORS",
)
# What the performance analyses read (dcgm-exporter names); absent fields read as NaN.
PERF_GPU_FIELDS: tuple[str, ...] = (
    "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
    "DCGM_FI_PROF_PCIE_RX_BYTES",
    "DCGM_FI_PROF_PCIE_TX_BYTES",
    "DCGM_FI_PROF_NVLINK_RX_BYTES",
    "DCGM_FI_DEV_FB_USED",
    "DCGM_FI_DEV_FB_FREE",
    "DCGM_FI_DEV_POWER_USAGE",
    "DCGM_FI_DEV_POWER_MGMT_LIMIT",
    "DCGM_FI_DEV_GPU_TEMP",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    *HEALTH_COUNTER_FIELDS,
)
PERF_NODE_FIELDS: tuple[str, ...] = ("NODE_CPU_UTIL",)


@dataclass(frozen=True)
class JobSpan:
    """One job as the scheduler saw it. ``gpus`` index the window's ``gpu_keys``;
    ``end`` is ``inf`` while the job runs."""

    job_id: str
    user: str
    team: str
    kind: str
    gpus: tuple[int, ...]
    start: float
    end: float = math.inf


@dataclass(frozen=True)
class MetricsWindow:
    """``gpu[field]`` is ``(T, N)``, ``node[field]`` is ``(T, M)``; NaN = missing."""

    timestamps: npt.NDArray[np.float64]
    interval_s: float
    gpu_keys: tuple[str, ...]
    node_keys: tuple[str, ...]
    rack_keys: tuple[str, ...]
    gpu_node: IntArray  # (N,) index into node_keys
    node_rack: IntArray  # (M,) index into rack_keys
    gpu: Mapping[str, F32]
    node: Mapping[str, F32]

    def __post_init__(self) -> None:
        t, n, m = len(self.timestamps), len(self.gpu_keys), len(self.node_keys)
        for name, arr in self.gpu.items():
            if arr.shape != (t, n):
                raise ValueError(f"window field {name}: shape {arr.shape}, want {(t, n)}")
        for name, arr in self.node.items():
            if arr.shape != (t, m):
                raise ValueError(f"window node field {name}: shape {arr.shape}, want {(t, m)}")

    @property
    def n_gpus(self) -> int:
        return len(self.gpu_keys)

    @property
    def start(self) -> float:
        return float(self.timestamps[0]) if len(self.timestamps) else 0.0

    @property
    def end(self) -> float:
        """One interval past the last sample: the window covers [start, end)."""
        return float(self.timestamps[-1]) + self.interval_s if len(self.timestamps) else 0.0

    def field(self, name: str) -> F32:
        """The field, or an all-NaN array when the source does not have it."""
        arr = self.gpu.get(name)
        if arr is None:
            return np.full((len(self.timestamps), self.n_gpus), np.nan, dtype=np.float32)
        return arr

    @property
    def gpu_rack(self) -> IntArray:
        return self.node_rack[self.gpu_node]


def _stack(rows: list[npt.NDArray[np.float64]], names: tuple[str, ...]) -> dict[str, F32]:
    if not rows:
        return {}
    lo, hi = valid_bounds(names)
    cube = np.stack(rows)  # (T, entities, fields)
    cube = np.where((cube >= lo) & (cube <= hi), cube, np.nan)  # blanks and sentinels → NaN
    return {
        name: np.ascontiguousarray(cube[:, :, i], dtype=np.float32) for i, name in enumerate(names)
    }


def _aligned(
    values: npt.NDArray[np.float64],
    entities: tuple[str, ...],
    frame_fields: tuple[str, ...],
    pos: Mapping[str, int],
    names: tuple[str, ...],
    n: int,
) -> npt.NDArray[np.float64]:
    out = np.full((n, len(names)), np.nan)
    rows = np.array([pos.get(e, -1) for e in entities], dtype=np.intp)
    keep = rows >= 0
    for j, name in enumerate(names):
        if name in frame_fields:
            out[rows[keep], j] = values[keep, frame_fields.index(name)]
    return out


class _SpanTracker:
    """Turns the scheduler's GPU → workload maps (sent when they change) into job spans."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self.open: dict[str, tuple[Workload, list[int], float]] = {}
        self.closed: list[JobSpan] = []

    def update(self, t: float, workloads: Mapping[str, Workload]) -> None:
        now: dict[str, tuple[Workload, list[int]]] = {}
        for key, wl in workloads.items():
            if wl.job_id is None or key not in self.topology.gpu_pos:
                continue
            now.setdefault(wl.job_id, (wl, []))[1].append(self.topology.gpu_pos[key])
        for job_id in [j for j in self.open if j not in now]:
            self._close(job_id, t)
        for job_id, (wl, gpus) in now.items():
            if job_id in self.open and sorted(self.open[job_id][1]) != sorted(gpus):
                self._close(job_id, t)
            if job_id not in self.open:
                self.open[job_id] = (wl, sorted(gpus), t)

    def _close(self, job_id: str, t: float) -> None:
        wl, gpus, start = self.open.pop(job_id)
        self.closed.append(_span(job_id, wl, gpus, start, t))

    def spans(self) -> list[JobSpan]:
        running = [_span(j, wl, g, s, math.inf) for j, (wl, g, s) in self.open.items()]
        return sorted([*self.closed, *running], key=lambda s: (s.start, s.job_id))


def _span(job_id: str, wl: Workload, gpus: list[int], start: float, end: float) -> JobSpan:
    return JobSpan(
        job_id, wl.user or "unknown", wl.team or "unknown", wl.kind.value, tuple(gpus), start, end
    )


def window_from_ticks(
    ticks: Iterable[Tick], topology: Topology, interval_s: float
) -> tuple[MetricsWindow, list[JobSpan]]:
    """Stack ticks into a window (entities aligned to the topology) and collect job spans."""
    gpu_rows: list[npt.NDArray[np.float64]] = []
    node_rows: list[npt.NDArray[np.float64]] = []
    stamps: list[float] = []
    tracker = _SpanTracker(topology)
    for tick in ticks:
        if tick.workloads is not None:
            tracker.update(tick.timestamp, tick.workloads)
        g, nd = tick.frame(EntityKind.GPU), tick.frame(EntityKind.NODE)
        stamps.append(tick.timestamp)
        gpu_rows.append(
            _aligned(
                g.values, g.entities, g.fields, topology.gpu_pos, PERF_GPU_FIELDS, topology.n_gpus
            )
            if g is not None
            else np.full((topology.n_gpus, len(PERF_GPU_FIELDS)), np.nan)
        )
        node_rows.append(
            _aligned(
                nd.values,
                nd.entities,
                nd.fields,
                topology.node_pos,
                PERF_NODE_FIELDS,
                topology.n_nodes,
            )
            if nd is not None
            else np.full((topology.n_nodes, len(PERF_NODE_FIELDS)), np.nan)
        )
    window = MetricsWindow(
        timestamps=np.asarray(stamps, dtype=np.float64),
        interval_s=interval_s,
        gpu_keys=topology.gpu_keys,
        node_keys=topology.node_keys,
        rack_keys=topology.rack_keys,
        gpu_node=np.asarray(topology.gpu_node, dtype=np.intp),
        node_rack=np.asarray(topology.node_rack, dtype=np.intp),
        gpu=_stack(gpu_rows, PERF_GPU_FIELDS),
        node=_stack(node_rows, PERF_NODE_FIELDS),
    )
    return window, tracker.spans()


def split_window(window: MetricsWindow, chunk_s: float) -> list[MetricsWindow]:
    """Cut a window into consecutive chunks of at most ``chunk_s`` (views, no copies)."""
    per = max(1, round(chunk_s / window.interval_s))
    out = []
    for a in range(0, len(window.timestamps), per):
        sl = slice(a, a + per)
        out.append(
            MetricsWindow(
                timestamps=window.timestamps[sl],
                interval_s=window.interval_s,
                gpu_keys=window.gpu_keys,
                node_keys=window.node_keys,
                rack_keys=window.rack_keys,
                gpu_node=window.gpu_node,
                node_rack=window.node_rack,
                gpu={k: v[sl] for k, v in window.gpu.items()},
                node={k: v[sl] for k, v in window.node.items()},
            )
        )
    return out
