"""Evidence gathering for one incident: which read-tool calls per layer, and what they showed.

Three pure steps around the registry call, so the LangGraph can run each layer as a parallel
branch and a plain loop (:mod:`agents.sre.diagnose_core`) can run them in order:

1. :func:`plan_evidence` (incident, topology) → ``{layer: [ToolCall, ...]}``;
2. the caller runs each call through the tool registry;
3. :func:`evidence_from_results` (layer, calls, results) → :class:`~bus.events.Evidence` items,
   each with a ``summary`` for people (fleet text quoted and truncated) and ``facts`` (numbers
   and short strings) for :mod:`agents.sre.findings`; :func:`number_evidence` then gives them
   stable ids ``E01``… in a deterministic order.

Time convention. Every metrics call asks for ``[opened_at − LOOKBACK_S, now]``. The part that
ends ``BASELINE_GAP_S`` before the incident opened is the *baseline* (before the fault, as far
as the NOC could tell: its detection delays are minutes); the last ``RECENT_S`` seconds are
*now*. The interpretation recovers ``opened_at`` as ``start + LOOKBACK_S`` (the plan and its
reading live together in this module), so a result carries everything needed to read it.

Load-corrected temperature. A GPU's temperature follows its power: ``T ≈ T_inlet + R·P`` with
R ≈ 0.06 °C/W for an air-cooled SXM board (H100: ~35 °C idle at ~70 W, ~75 °C at 700 W).
``temp_rise_corr = ΔT − R·ΔP`` is the rise that load does not explain: fans, heatsink, inlet
air. A workload ramp moves ΔT and ΔP together and leaves it near zero.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from gpufleet.agents.sre.log_reads import EARLIER
from gpufleet.bus.events import Evidence, Incident, Layer, Scalar, Scope
from gpufleet.graph.tools import ToolCall, ToolRegistry, ToolResult
from gpufleet.telemetry.fields import ALL_FIELDS, DCGM_FP64_BLANK, ClockEventReason
from gpufleet.telemetry.topology import Topology, sku
from gpufleet.telemetry.unread_text import MAX_EXCERPT

FloatArray = npt.NDArray[np.float64]

LAYERS: tuple[Layer, ...] = ("hardware", "driver", "os", "workload")
LOOKBACK_S = 3600.0  # window start before the incident opened
BASELINE_GAP_S = 600.0  # the baseline ends this long before the incident opened
RECENT_S = 600.0  # "now" = the last ten minutes
HISTORY_S = 30 * 86400.0  # earlier incidents / changes: the last 30 days
# An incident on the same GPU that is still open, or opened this recently, is the same episode
# seen twice (the NOC and an Alertmanager alert, two symptom families of one fault), not a
# recurrence: a recurrence ended first, or began well before.
RECURRENCE_GAP_S = 1800.0
# The earlier-fault read: the root GPU's own Xid lines in the days before the window. A fatal
# Xid that the GPU already logged days ago came back after whatever recovered it then (a GPU
# that fell off the bus is back only after a reset or a reboot): the hardware signature that
# gpufleet's own incident history gives only for faults it was running for. A week is the
# longest window kernel_log.search serves.
EARLIER_XIDS_PATTERN = r"NVRM: Xid"
EARLIER_XIDS_S = 7 * 86400.0
R_THERMAL_C_PER_W = 0.06
BUSY_UTIL_FOR_LINK = 30.0
MAX_FOCUS_GPUS = 8
MAX_PEER_ENTITIES = 64
LINE_CHARS = 160
QUOTED_LINES = 5
MAX_POD_LOGS = 4  # pod logs read per incident (each is one API call of up to 8 MiB)
# A Kubernetes workload's job id on an incident: "namespace/pod" (agents.noc.job_rules).
_POD_JOB = re.compile(
    r"^([a-z0-9](?:[-a-z0-9]{0,61}[a-z0-9])?)/([a-z0-9](?:[-.a-z0-9]{0,251}[a-z0-9])?)$"
)

GPU_FOCUS_FIELDS: tuple[str, ...] = (
    "DCGM_FI_DEV_GPU_TEMP",
    "DCGM_FI_DEV_MEMORY_TEMP",
    "DCGM_FI_DEV_POWER_USAGE",
    "DCGM_FI_DEV_POWER_MGMT_LIMIT",
    "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_FI_DEV_SM_CLOCK",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "DCGM_FI_DEV_FB_USED",
    "DCGM_FI_DEV_FB_FREE",
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_ROW_REMAP_FAILURE",
    "DCGM_FI_DEV_ROW_REMAP_PENDING",
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
    "DCGM_FI_DEV_PCIE_LINK_GEN",
    "DCGM_FI_DEV_PCIE_LINK_WIDTH",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_XID_ERRORS",
)
GPU_PEER_FIELDS: tuple[str, ...] = (
    "DCGM_FI_DEV_GPU_TEMP",
    "DCGM_FI_DEV_POWER_USAGE",
    "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "DCGM_FI_DEV_FB_USED",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
)
NODE_FIELDS: tuple[str, ...] = ("NODE_CPU_UTIL", "NODE_MEM_PRESSURE", "NODE_NIC_LINK_UP")

# role of a metrics call, recovered from its position in the layer's plan (see plan_evidence)
FOCUS, NODE_PEERS, RACK_PEERS, HOST, JOB_GPUS = "focus", "node_peers", "rack_peers", "host", "job"


# --------------------------------------------------------------------------- planning
def _gpu_keys(entities: Iterable[str], topology: Topology) -> list[str]:
    return [e for e in dict.fromkeys(entities) if e in topology.gpu_pos]


def incident_nodes(incident: Incident, topology: Topology) -> list[str]:
    nodes = list(incident.nodes)
    for e in (incident.root_entity, *incident.entities, *incident.context_entities):
        if e in topology.gpu_pos:
            nodes.append(topology.node_of_gpu_key(e))
        elif e in topology.node_pos:
            nodes.append(e)
        elif e in topology.rack_pos:
            nodes += [
                topology.node_keys[int(n)] for n in topology.nodes_of_rack(topology.rack_pos[e])
            ]
    return [n for n in dict.fromkeys(nodes) if n in topology.node_pos]


def focus_gpus(incident: Incident, topology: Topology) -> list[str]:
    """The GPUs the incident is about: its root and symptomatic GPUs, else its context GPUs."""
    gpus = _gpu_keys((incident.root_entity, *incident.entities), topology)
    if not gpus:
        gpus = _gpu_keys(incident.context_entities, topology)
    return gpus[:MAX_FOCUS_GPUS]


def _window(incident: Incident, now: float) -> tuple[float, float]:
    return incident.opened_at - LOOKBACK_S, max(now, incident.opened_at)


K8S_EVIDENCE_TOOLS = ("k8s.node_conditions", "k8s.events", "k8s.pod_log")


def kubernetes_readable(registry: ToolRegistry) -> bool:
    """Whether the Kubernetes evidence reads run here (registered and configured)."""
    return all(
        name in registry and registry.get(name).unconfigured is None for name in K8S_EVIDENCE_TOOLS
    )


def plan_evidence(
    incident: Incident, topology: Topology, now: float | None = None, *, kubernetes: bool = False
) -> dict[Layer, list[ToolCall]]:
    """The read-tool calls per layer for one incident (pure; ``now`` defaults to its update).

    hardware: history of the focus GPUs (all diagnostic fields), of every GPU of their nodes
    (slot neighbours vs the rest of the node), of every node of their racks plus the nodes of
    other racks (node averages: rack vs fleet), and where the root sits (topology).
    driver: kernel log of the nodes around the incident; recent driver/firmware changes.
    os: host metrics of the nodes; kernel-log NIC / host lines.
    workload: scheduler state and jobs of the nodes, the incident's jobs, earlier incidents.
    With ``kubernetes`` (the k8s read tools are configured): the nodes' conditions (os), the
    cluster's events about them and the logs and status of the incident's pods (workload).
    """
    start, end = _window(incident, incident.updated_at if now is None else now)
    a = _Around(
        incident,
        topology,
        incident_nodes(incident, topology),
        focus_gpus(incident, topology),
        start,
        end,
    )
    plan: dict[Layer, list[ToolCall]] = {
        "hardware": [*_hardware_calls(a), _text_call(a, "nvidia_smi_q", "dcgmi_diag")],
        "driver": [*_driver_calls(a), _text_call(a, "fabric_manager")],
        "os": [*_os_calls(a), _text_call(a, "ib_counters")],
        "workload": [*_workload_calls(a), _text_call(a, "job_log", jobs=True)],
    }
    if kubernetes:
        nodes = {"nodes": a.nodes[:MAX_PEER_ENTITIES]}
        plan["os"].append(ToolCall(tool="k8s.node_conditions", args=nodes))
        plan["workload"].append(ToolCall(tool="k8s.events", args=nodes))
        plan["workload"] += _pod_log_calls(incident)
    return plan


def _pod_log_calls(incident: Incident) -> list[ToolCall]:
    """``k8s.pod_log`` for the incident's jobs that are pods (``namespace/pod``)."""
    pods = [m.groups() for m in map(_POD_JOB.match, incident.jobs) if m]
    return [
        ToolCall(tool="k8s.pod_log", args={"namespace": ns, "pod": pod})
        for ns, pod in pods[:MAX_POD_LOGS]
    ]


def _text_call(a: _Around, *sources: str, jobs: bool = False) -> ToolCall:
    """Evidence from text the nodes and jobs wrote (node_evidence.search), by source."""
    args: dict[str, Any] = {"nodes": a.nodes[:MAX_PEER_ENTITIES], "sources": list(sources)}
    if jobs:
        args["jobs"] = list(a.incident.jobs[:MAX_PEER_ENTITIES])
    return ToolCall(tool="node_evidence.search", args=args)


@dataclass(frozen=True)
class _Around:
    """What an incident's evidence plan is made from."""

    incident: Incident
    topology: Topology
    nodes: list[str]
    focus: list[str]
    start: float
    end: float

    @property
    def window(self) -> dict[str, float]:
        return {"start": self.start, "end": self.end}

    def metrics(self, entities: Sequence[str], fields: Sequence[str]) -> ToolCall:
        return ToolCall(
            tool="metrics.history",
            args={"entities": list(entities), "fields": list(fields), **self.window},
        )


def _plan_root(a: _Around) -> str:
    """The entity the hardware calls centre on: the root when the topology knows it, else the
    first focus GPU or node."""
    root, topology = a.incident.root_entity, a.topology
    if root in topology.gpu_pos or root in topology.node_pos or root in topology.rack_pos:
        return root
    return a.focus[0] if a.focus else a.nodes[0] if a.nodes else root


def _hardware_calls(a: _Around) -> list[ToolCall]:
    topology, nodes = a.topology, a.nodes
    root = _plan_root(a)
    node_gpus = [
        topology.gpu_keys[int(g)]
        for n in nodes[:4]
        for g in topology.gpus_of_node(topology.node_pos[n])
    ][:MAX_PEER_ENTITIES]
    racks = sorted({topology.rack_of_node_key(n) for n in nodes})
    in_racks = [n for n in topology.node_keys if topology.rack_of_node_key(n) in racks]
    others = [n for n in topology.node_keys if topology.rack_of_node_key(n) not in racks]
    rack_peers = (in_racks + others)[:MAX_PEER_ENTITIES]
    hardware: list[ToolCall] = []
    if root in topology.gpu_pos or root in topology.node_pos or root in topology.rack_pos:
        hardware.append(ToolCall(tool="topology.describe", args={"entity": root}))
    hardware.append(a.metrics(a.focus or nodes[:4] or [root], GPU_FOCUS_FIELDS))
    if node_gpus:
        hardware.append(a.metrics(node_gpus, GPU_PEER_FIELDS))
    if rack_peers:
        hardware.append(a.metrics(rack_peers, GPU_PEER_FIELDS[:4]))
    return hardware


def _driver_calls(a: _Around) -> list[ToolCall]:
    calls = [
        ToolCall(tool="kernel_log.search", args={"nodes": a.nodes, **a.window, "limit": 500}),
        ToolCall(
            tool="changes.recent",
            args={"nodes": a.nodes, "start": a.end - HISTORY_S, "end": a.end},
        ),
    ]
    if (earlier := _earlier_xids_call(a)) is not None:
        calls.append(earlier)
    return calls


def _earlier_xids_call(a: _Around) -> ToolCall | None:
    """The root GPU's Xid lines in the week before the window (:data:`EARLIER_XIDS_PATTERN`),
    for an incident about one GPU; None for the rest."""
    root = a.incident.root_entity
    gpu = root if root in a.topology.gpu_pos else a.focus[0] if len(a.focus) == 1 else None
    if gpu is None:
        return None
    return ToolCall(
        tool="kernel_log.search",
        args={
            "nodes": [a.topology.node_of_gpu_key(gpu)],
            "gpu": gpu,
            "start": a.start - EARLIER_XIDS_S,
            "end": a.start,
            "pattern": EARLIER_XIDS_PATTERN,
            "limit": 200,
        },
    )


def is_earlier_xids_read(call: ToolCall) -> bool:
    """Whether ``call`` is the earlier-fault read of :func:`_earlier_xids_call`."""
    return call.args.get("pattern") == EARLIER_XIDS_PATTERN and bool(call.args.get("gpu"))


def _os_calls(a: _Around) -> list[ToolCall]:
    os_calls = []
    if a.nodes:
        os_calls.append(a.metrics(a.nodes[:MAX_PEER_ENTITIES], NODE_FIELDS))
    os_calls.append(
        ToolCall(
            tool="kernel_log.search",
            args={"nodes": a.nodes, **a.window, "pattern": r"(?i)mlx5|link|nic|port", "limit": 200},
        )
    )
    return os_calls


def _workload_calls(a: _Around) -> list[ToolCall]:
    incident = a.incident
    workload: list[ToolCall] = []
    for n in a.nodes[:4]:
        workload.append(ToolCall(tool="slurm.show_node", args={"node": n}))
        workload.append(ToolCall(tool="slurm.list_jobs_on_node", args={"node": n}))
    for j in incident.jobs[:4]:
        workload.append(ToolCall(tool="slurm.show_job", args={"job_id": j}))
    job_gpus = (
        _gpu_keys(incident.context_entities, a.topology) if incident.scope is Scope.JOB else []
    )
    if job_gpus:
        workload.append(a.metrics(job_gpus[:MAX_PEER_ENTITIES], GPU_FOCUS_FIELDS[4:9]))
    entities = list(dict.fromkeys([incident.root_entity, *a.focus, *a.nodes]))
    workload.append(
        ToolCall(
            tool="incidents.history",
            args={
                "entities": entities[:MAX_PEER_ENTITIES],
                "start": a.end - HISTORY_S,
                "end": incident.opened_at,
                "exclude_incident": incident.incident_id,
            },
        )
    )
    return workload


def metrics_role(layer: Layer, calls: Sequence[ToolCall], index: int) -> str:
    """Which part of the plan a metrics call is (the n-th metrics call of its layer)."""
    nth = sum(1 for c in calls[:index] if c.tool == "metrics.history")
    if layer == "hardware":
        return (FOCUS, NODE_PEERS, RACK_PEERS)[min(nth, 2)]
    if layer == "os":
        return HOST
    return JOB_GPUS


# --------------------------------------------------------------------------- series → facts
def _arrays(points: Any) -> tuple[FloatArray, FloatArray]:
    """[[t, v], ...] → (t, v); anything malformed raises ValueError with what was wrong."""
    if not isinstance(points, list):
        raise ValueError(f"series must be a list of [t, v] points, got {type(points).__name__}")
    arr = np.asarray(points, dtype=np.float64) if points else np.zeros((0, 2))
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise ValueError(f"series points must be [t, v] pairs, got shape {arr.shape}")
    ok = np.isfinite(arr).all(axis=1)
    arr = arr[ok]
    order = np.argsort(arr[:, 0], kind="stable")
    return arr[order, 0], arr[order, 1]


def _median(v: FloatArray) -> float:
    return float(np.median(v)) if len(v) else math.nan


def _increase(v: FloatArray) -> float:
    """Counter increase with resets (a drop restarts from zero), NaN without two samples."""
    if len(v) < 2:
        return math.nan
    d = np.diff(v)
    return float(np.sum(np.where(d >= 0, d, v[1:])))


def _bit_share(v: FloatArray, bit: int) -> float:
    if not len(v):
        return math.nan
    return float(np.mean((v.astype(np.int64) & bit) != 0))


def _round(x: float, nd: int = 3) -> Scalar:
    return None if x is None or not math.isfinite(x) else round(float(x), nd)


_GAUGES: tuple[tuple[str, str], ...] = (
    ("DCGM_FI_DEV_GPU_TEMP", "temp"),
    ("DCGM_FI_DEV_MEMORY_TEMP", "mem_temp"),
    ("DCGM_FI_DEV_POWER_USAGE", "power"),
    ("DCGM_FI_DEV_POWER_MGMT_LIMIT", "power_limit"),
    ("DCGM_FI_DEV_GPU_UTIL", "util"),
    ("DCGM_FI_DEV_SM_CLOCK", "sm_clock"),
    ("DCGM_FI_DEV_FB_USED", "fb_used"),
    ("DCGM_FI_DEV_FB_FREE", "fb_free"),
    ("NODE_CPU_UTIL", "cpu"),
    ("NODE_MEM_PRESSURE", "mem_pressure"),
    ("NODE_NIC_LINK_UP", "nic_links"),
    ("DCGM_FI_DEV_PCIE_LINK_GEN", "pcie_gen"),
    ("DCGM_FI_DEV_PCIE_LINK_WIDTH", "pcie_width"),
)
_REASONS: tuple[ClockEventReason, ...] = (
    ClockEventReason.HW_THERMAL,
    ClockEventReason.SW_THERMAL,
    ClockEventReason.HW_POWER_BRAKE,
    ClockEventReason.SW_POWER_CAP,
    ClockEventReason.HW_SLOWDOWN,
)
_COUNTERS: tuple[tuple[str, str], ...] = (
    ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "sbe"),
    ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "dbe"),
    ("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "remapped_rows"),
    ("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "pcie_replay"),
    ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "nvlink_crc_flit"),
    ("DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL", "nvlink_crc_data"),
    ("DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL", "nvlink_replay"),
)
_MAXIMA: tuple[tuple[str, str], ...] = (
    ("DCGM_FI_DEV_ROW_REMAP_FAILURE", "row_remap_failure"),
    ("DCGM_FI_DEV_ROW_REMAP_PENDING", "row_remap_pending"),
    ("DCGM_FI_DEV_XID_ERRORS", "last_xid"),
    ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "dbe_vol"),  # DBEs since the driver loaded, found at start
)
XID_FIELD = "DCGM_FI_DEV_XID_ERRORS"
_EMPTY: FloatArray = np.zeros(0)

Arrays = dict[str, tuple[FloatArray, FloatArray]]
Facts = dict[str, Scalar]


@dataclass(frozen=True)
class _Windows:
    """The parts of a plan window (see the module docstring)."""

    opened: float  # when the incident opened
    base_end: float  # the baseline ends here
    recent_start: float  # "now" starts here


def series_facts(series: Mapping[str, Any], start: float, end: float) -> dict[str, Scalar]:
    """Facts of one entity's series over a plan window (see the module docstring)."""
    opened = start + LOOKBACK_S
    w = _Windows(opened, opened - BASELINE_GAP_S, max(end - RECENT_S, min(opened, end)))
    arrays = _valid_arrays(series)
    f = _coverage_facts(arrays, end)
    f |= _history_facts(arrays, w)
    f |= _gauge_facts(arrays, w)
    f |= _temp_delta_facts(f)
    f |= _reason_facts(arrays, w)
    f |= _counter_facts(arrays, w)
    f |= _max_facts(arrays)
    f |= _pcie_busy_facts(arrays, w)
    f |= _util_facts(arrays, w)
    f |= _fb_facts(arrays, w)
    return f


def _valid_arrays(series: Mapping[str, Any]) -> Arrays:
    """Each series as sorted (t, v) arrays, without DCGM blank sentinels and N/A values (they
    are not measurements)."""
    arrays: Arrays = {}
    for name, pts in series.items():
        t, v = _arrays(pts)
        spec = ALL_FIELDS.get(name)
        if spec is not None:
            with np.errstate(invalid="ignore"):
                keep = (v >= spec.valid_min) & (v <= spec.valid_max) & (v < DCGM_FP64_BLANK)
            t, v = t[keep], v[keep]
        arrays[name] = (t, v)
    return arrays


def _coverage_facts(arrays: Arrays, end: float) -> Facts:
    """How many samples there are and how old the newest one is."""
    last_seen = max((float(t[-1]) for t, _ in arrays.values() if len(t)), default=-math.inf)
    return {
        "samples": sum(len(t) for t, _ in arrays.values()),
        "last_sample_age_s": _round(end - last_seen, 1) if math.isfinite(last_seen) else None,
    }


def _history_facts(arrays: Arrays, w: _Windows) -> Facts:
    """How long before the incident opened this entity's samples begin. A short history means
    gpufleet met the fault already under way (installed, restarted, or no store to read
    from): the baseline then holds no "before", and findings compare across peers instead."""
    first = min((float(t[0]) for t, _ in arrays.values() if len(t)), default=math.inf)
    return {"history_s": _round(w.opened - first, 1) if math.isfinite(first) else None}


def _parts(arrays: Arrays, name: str, w: _Windows) -> tuple[FloatArray, FloatArray, FloatArray]:
    """A series' values: all of them, the baseline's, and the recent ones."""
    t, v = arrays.get(name, (_EMPTY, _EMPTY))
    return v, v[t <= w.base_end], v[t >= w.recent_start]


def _gauge_facts(arrays: Arrays, w: _Windows) -> Facts:
    """Baseline and recent medians, extremes of the window and of each part, per gauge."""
    f: Facts = {}
    for name, key in _GAUGES:
        if name not in arrays:
            continue
        v, pre, now = _parts(arrays, name, w)
        if not len(v):
            continue
        f[f"{key}_pre"] = _round(_median(pre))
        f[f"{key}_now"] = _round(_median(now))
        f[f"{key}_max"] = _round(float(np.max(v)))
        f[f"{key}_min"] = _round(float(np.min(v)))
        if len(now):
            f[f"{key}_now_min"] = _round(float(np.min(now)))
        if len(pre):
            f[f"{key}_pre_max"] = _round(float(np.max(pre)))
    return f


def _temp_delta_facts(gauges: Mapping[str, Scalar]) -> Facts:
    """The temperature change and the part of it power does not explain."""
    f: Facts = {}
    t0, t1 = gauges.get("temp_pre"), gauges.get("temp_now")
    if isinstance(t0, float) and isinstance(t1, float):
        dt = t1 - t0
        f["temp_delta"] = _round(dt)
        p0, p1 = gauges.get("power_pre"), gauges.get("power_now")
        if isinstance(p0, float) and isinstance(p1, float):
            f["power_delta"] = _round(p1 - p0)
            f["temp_rise_corr"] = _round(dt - R_THERMAL_C_PER_W * (p1 - p0))
    return f


def _reason_facts(arrays: Arrays, w: _Windows) -> Facts:
    """The share of samples with each clock-event reason set, recent and baseline."""
    f: Facts = {}
    if "DCGM_FI_DEV_CLOCKS_EVENT_REASONS" not in arrays:
        return f
    _, pre, now = _parts(arrays, "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", w)
    for reason in _REASONS:
        name = str(reason.name).lower()
        f[f"{name}_share_now"] = _round(_bit_share(now, int(reason)))
        f[f"{name}_share_pre"] = _round(_bit_share(pre, int(reason)))
    return f


def _counter_facts(arrays: Arrays, w: _Windows) -> Facts:
    """Each error counter's increase over the window and its recent rate."""
    f: Facts = {}
    for name, key in _COUNTERS:
        if name not in arrays:
            continue
        t, v = arrays[name]
        f[f"{key}_increase"] = _round(_increase(v))
        recent = t >= w.recent_start
        span_min = (float(t[recent][-1] - t[recent][0]) / 60.0) if recent.sum() >= 2 else 0.0
        f[f"{key}_rate_per_min_now"] = (
            _round(_increase(v[recent]) / span_min) if span_min > 0 else None
        )
    return f


def _max_facts(arrays: Arrays) -> Facts:
    """The largest value of fields where any non-zero value counts, and every Xid code the
    exporter's (or NVML's) last-Xid field read in the window: a kernel line's corroboration."""
    f: Facts = {
        f"{key}_max": _round(float(np.max(arrays[name][1])))
        for name, key in _MAXIMA
        if name in arrays and len(arrays[name][1])
    }
    if XID_FIELD in arrays:
        codes = sorted({int(x) for x in arrays[XID_FIELD][1] if 0 < x < 1e6 and x == int(x)})
        if codes:
            f["last_xid_codes"] = ",".join(map(str, codes))
    return f


def _pcie_busy_facts(arrays: Arrays, w: _Windows) -> Facts:
    """The PCIe generation while busy: GPUs lower it when idle to save power, so only busy
    samples count."""
    if "DCGM_FI_DEV_PCIE_LINK_GEN" not in arrays or "DCGM_FI_DEV_GPU_UTIL" not in arrays:
        return {}
    tg, g = arrays["DCGM_FI_DEV_PCIE_LINK_GEN"]
    tu, u = arrays["DCGM_FI_DEV_GPU_UTIL"]
    common, ig, iu = np.intersect1d(tg, tu, return_indices=True)
    busy_gen = g[ig][u[iu] >= BUSY_UTIL_FOR_LINK]
    busy_t = common[u[iu] >= BUSY_UTIL_FOR_LINK]
    pre_g, now_g = busy_gen[busy_t <= w.base_end], busy_gen[busy_t >= w.recent_start]
    return {
        "pcie_gen_busy_pre_max": _round(float(np.max(pre_g))) if len(pre_g) else None,
        "pcie_gen_busy_now_min": _round(float(np.min(now_g))) if len(now_g) else None,
    }


def _util_facts(arrays: Arrays, w: _Windows) -> Facts:
    """Busy/idle flips of the utilization over the last half hour, and the idle share."""
    if "DCGM_FI_DEV_GPU_UTIL" not in arrays:
        return {}
    t, v = arrays["DCGM_FI_DEV_GPU_UTIL"]
    tail = v[t >= w.opened - LOOKBACK_S / 2]
    busy = tail >= 50
    idle = tail <= 10
    state = np.where(busy, 1, np.where(idle, -1, 0))
    state = state[state != 0]
    return {
        "util_transitions": int(np.sum(state[1:] != state[:-1])) if len(state) > 1 else 0,
        "util_idle_share": _round(float(np.mean(idle))) if len(tail) else None,
    }


def _fb_facts(arrays: Arrays, w: _Windows) -> Facts:
    """Whether framebuffer use keeps growing over the last half hour (a leak)."""
    if "DCGM_FI_DEV_FB_USED" not in arrays:
        return {}
    t, v = arrays["DCGM_FI_DEV_FB_USED"]
    tail = v[t >= w.opened - LOOKBACK_S / 2]
    if len(tail) < 4:
        return {}
    d = np.diff(tail)
    moving = d[d != 0]
    return {
        "fb_rising_share": _round(float(np.mean(moving > 0))) if len(moving) else 0.0,
        "fb_growth": _round(float(tail[-1] - tail[0])),
    }


def _summary_metrics(entity: str, f: Mapping[str, Scalar]) -> str:
    keys = (
        "temp_pre",
        "temp_now",
        "temp_rise_corr",
        "power_now",
        "util_now",
        "fb_used_now",
        "cpu_now",
        "nic_links_now_min",
        "sbe_increase",
        "dbe_increase",
        "pcie_replay_increase",
        "nvlink_crc_flit_increase",
    )
    shown = [f"{k}={f[k]}" for k in keys if f.get(k) is not None]
    return f"{entity}: " + (", ".join(shown) if shown else "no samples in the window")


def _quote(line: object) -> str:
    text = " ".join(str(line).split())
    text = text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1] + "…"
    return '"' + text.replace('"', "'") + '"'


# --------------------------------------------------------------------------- results → evidence
def _error_evidence(layer: Layer, call: ToolCall, res: ToolResult, entity: str) -> Evidence:
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=entity,
        summary=f"{call.tool} failed: {res.error or res.status}",
        facts={"error": (res.error or res.status)[:300]},
        query=res.query,
        status="error",
    )


def _metrics_evidence(layer: Layer, call: ToolCall, res: ToolResult, role: str) -> list[Evidence]:
    start = float(call.args.get("start", 0.0))
    end = float(call.args.get("end", 0.0))
    data = res.data if isinstance(res.data, dict) else {}
    out: list[Evidence] = []
    for entity in call.args.get("entities", []):
        series = data.get(entity)
        if not isinstance(series, dict) or not any(series.values()):
            out.append(
                Evidence(
                    evidence_id="",
                    layer=layer,
                    tool=call.tool,
                    entity=str(entity),
                    summary=f"{entity}: no samples in the window",
                    facts={"role": role, "samples": 0},
                    query=res.query,
                    status="empty",
                )
            )
            continue
        try:
            facts = series_facts(series, start, end)
        except ValueError as e:
            out.append(
                Evidence(
                    evidence_id="",
                    layer=layer,
                    tool=call.tool,
                    entity=str(entity),
                    summary=f"{entity}: unreadable series: {e}",
                    facts={"role": role, "error": str(e)[:300]},
                    query=res.query,
                    status="error",
                )
            )
            continue
        facts["role"] = role
        out.append(
            Evidence(
                evidence_id="",
                layer=layer,
                tool=call.tool,
                entity=str(entity),
                summary=_summary_metrics(str(entity), facts),
                facts=facts,
                query=res.query,
            )
        )
    return out


def _last_recovery_action(events: list[dict[str, Any]]) -> tuple[str, str] | None:
    """The latest Xid 154 recovery action the log states and the GPU it is about (the driver's
    current word on what the GPU needs; a later "None" clears an earlier one)."""
    said = [
        (float(e.get("time") or 0.0), str(a["recovery_action"]), str(e.get("gpu") or ""))
        for e in events
        if e.get("xid") == 154
        and isinstance(a := e.get("attrs"), dict)
        and a.get("recovery_action")
    ]
    return max(said)[1:] if said else None


def _log_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    events = [e for e in (res.data or []) if isinstance(e, dict)]
    nodes = ",".join(call.args.get("nodes", [])) or "*"
    kinds = Counter(str(e.get("kind")) for e in events)
    xids = Counter(int(e["xid"]) for e in events if isinstance(e.get("xid"), int))
    facts: dict[str, Scalar] = {"events": len(events)}
    if is_earlier_xids_read(call):
        facts[EARLIER] = 1  # before the window: what the GPU logged before this episode
    for k, n in sorted(kinds.items()):
        facts[f"kind_{k}"] = n
    for x, n in sorted(xids.items()):
        facts[f"xid_{x}"] = n
        gpus = sorted({str(e.get("gpu")) for e in events if e.get("xid") == x and e.get("gpu")})
        facts[f"xid_{x}_gpus"] = ",".join(gpus)
        facts[f"xid_{x}_nodes"] = ",".join(
            sorted({str(e.get("node")) for e in events if e.get("xid") == x})
        )
    fob = sorted(
        {str(e.get("gpu") or e.get("node")) for e in events if e.get("kind") == "fallen_off_bus"}
    )
    if fob:
        facts["fallen_off_bus_on"] = ",".join(fob)
    for kind in ("nic_link_down", "nic_link_up"):
        on = sorted({str(e.get("node")) for e in events if e.get("kind") == kind})
        if on:
            facts[f"{kind}_nodes"] = ",".join(on)
    facts |= _pcie_facts(events)
    facts |= _nvlink5_facts(events)
    first = min((float(e["time"]) for e in events if "time" in e), default=None)
    facts["first_event_time"] = first
    facts |= _via_facts(events, xids)
    facts |= _xid_span_facts(events, xids)
    recovery = _last_recovery_action(events)
    if recovery:
        facts["xid154_recovery_action"], facts["xid154_recovery_action_gpu"] = recovery
    lines = [_quote(e.get("line", "")) for e in events[:QUOTED_LINES]]
    more = f" (+{len(events) - len(lines)} more)" if len(events) > len(lines) else ""
    # The provenance is in the facts; agents.sre.corroboration words it at the end of the
    # summary once the other evidence says whether anything corroborates it.
    head = f"kernel log on {nodes}: {len(events)} event(s)"
    return _counted_evidence(layer, call, res, head, kinds, facts, lines, more=more)


#: Corrected AER errors in this many seconds make a burst: the NOC's threshold
#: (agents.noc.log_rules.AER_CORRECTED_BURST / AER_BURST_WINDOW_S), repeated here because the
#: SRE agent must not import the NOC.
AER_BURST = 10
AER_BURST_WINDOW_S = 60.0


def _pcie_class(e: Mapping[str, Any]) -> str | None:
    """``corrected`` / ``uncorrectable`` / ``surprise_down`` for a PCIe error event."""
    kind = e.get("kind")
    attrs = _attrs(e)
    if kind == "pcie_link_down" or "SDES" in str(attrs.get("status_bits", "")).split(","):
        return "surprise_down"
    if kind == "pcie_dpc":
        return "uncorrectable"
    if kind == "pcie_aer":
        return "corrected" if attrs.get("severity") == "corrected" else "uncorrectable"
    return None


def _attrs(e: Mapping[str, Any]) -> Mapping[str, Any]:
    a = e.get("attrs")
    return a if isinstance(a, Mapping) else {}


def _pcie_where(e: Mapping[str, Any]) -> str:
    attrs = _attrs(e)
    return str(e.get("gpu") or attrs.get("gpu_key") or attrs.get("gpu_pci") or e.get("node") or "")


def _pcie_facts(events: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """Counts of PCIe errors by class, where they are (GPU, the GPU's PCI id, else the node),
    the densest run of corrected errors within :data:`AER_BURST_WINDOW_S`, and the first
    uncorrectable error's time (before or after the GPU was lost)."""
    by: dict[str, list[Mapping[str, Any]]] = {}
    for e in events:
        if (cls := _pcie_class(e)) is not None:
            by.setdefault(cls, []).append(e)
    facts: dict[str, Scalar] = {}
    for cls, evs in sorted(by.items()):
        facts[f"pcie_{cls}"] = len(evs)
        facts[f"pcie_{cls}_on"] = ",".join(sorted({_pcie_where(e) for e in evs} - {""}))
    times = sorted(float(e.get("time") or 0.0) for e in by.get("corrected", []))
    if times:
        facts["pcie_corrected_burst_max"] = _densest(times, AER_BURST_WINDOW_S)
    bad = [
        float(e.get("time") or 0.0)
        for c in ("uncorrectable", "surprise_down")
        for e in by.get(c, [])
    ]
    if bad:
        facts["pcie_uncorrectable_first_time"] = min(bad)
    return facts


# Blackwell's NVLink5 Xids; the driver writes each with its own verdict, Fatal or Nonfatal
NVLINK5_XIDS = frozenset(range(144, 151))


def _nvlink5_facts(events: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """How many NVLink5 Xid lines the driver marked ``Fatal``, ``Nonfatal`` or neither (the
    severity word of ``<xid>, <SUBCODE> <Fatal|Nonfatal> XC<n> i<n> Link <n>``,
    telemetry.kernel_log; an older layout has none, ``unrated``), and where each was (the GPU,
    else the node)."""
    by: dict[str, list[Mapping[str, Any]]] = {}
    for e in events:
        if e.get("xid") in NVLINK5_XIDS:
            sev = _attrs(e).get("severity")
            by.setdefault(
                str(sev).lower() if sev in ("Fatal", "Nonfatal") else "unrated", []
            ).append(e)
    facts: dict[str, Scalar] = {}
    for sev, evs in sorted(by.items()):
        facts[f"nvlink5_{sev}"] = len(evs)
        facts[f"nvlink5_{sev}_on"] = ",".join(
            sorted({str(e.get("gpu") or e.get("node") or "") for e in evs} - {""})
        )
    return facts


def _densest(times: Sequence[float], window: float) -> int:
    """The most sorted ``times`` within any ``window`` seconds (two pointers)."""
    best, lo = 0, 0
    for hi, t in enumerate(times):
        while t - times[lo] > window:
            lo += 1
        best = max(best, hi - lo + 1)
    return best


def line_via(event: Mapping[str, Any]) -> str:
    """How a log event reached gpufleet (``telemetry.kernel_log`` provenance, or the source
    that made it: ``nvml``, ``dcgm-exporter``); ``kernel`` for sources that say nothing."""
    attrs = event.get("attrs")
    attrs = attrs if isinstance(attrs, Mapping) else {}
    return str(attrs.get("via") or attrs.get("source") or "kernel")


def _xid_span_facts(events: Sequence[Mapping[str, Any]], xids: Counter[int]) -> dict[str, Scalar]:
    """Per Xid the time of its first and last line (``xid_<code>_first`` / ``_last``): whether
    an Xid before the window and the same Xid in it are one episode or two
    (``agents.sre.findings``' recurrence reads the quiet gap between them). Over every GPU the
    read covers, not per GPU: a neighbour's earlier line can only shorten the gap, so the
    error is toward one episode, no reset → reboot climb, never toward a false recurrence."""
    facts: dict[str, Scalar] = {}
    for x in sorted(xids):
        times = [float(e["time"]) for e in events if e.get("xid") == x and "time" in e]
        if times:
            facts[f"xid_{x}_first"], facts[f"xid_{x}_last"] = min(times), max(times)
    return facts


def _via_facts(events: Sequence[Mapping[str, Any]], xids: Counter[int]) -> dict[str, Scalar]:
    """Per Xid (and for fallen-off-the-bus lines) the provenances of the lines showing it."""
    facts: dict[str, Scalar] = {}
    for x in sorted(xids):
        facts[f"xid_{x}_via"] = ",".join(sorted({line_via(e) for e in events if e.get("xid") == x}))
    fob = sorted({line_via(e) for e in events if e.get("kind") == "fallen_off_bus"})
    if fob:
        facts["fallen_off_bus_via"] = ",".join(fob)
    return facts


_HUMAN_REASON = re.compile(
    r"(?i)maint|upgrade|planned|firmware|bios|kernel|patch|swap|replac|cabl|rma|ticket|"
    r"reseat|repair|decom|reserv|test|bake|burn|by \w+|@"
)
_MAINTENANCE = re.compile(r"(?i)maint|upgrade|planned|patch|window|firmware|bios|kernel")
_SCHEDULER_REASON = re.compile(
    r"(?i)not responding|kill task failed|nhc|health ?check|epilog|prolog|batch job complete|"
    r"low ?real ?memory|gres|unexpectedly rebooted|gpu.*(error|fail)|xid"
)


def _scheduler_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    data = res.data
    facts: dict[str, Scalar] = {}
    if call.tool == "slurm.show_node" and isinstance(data, dict):
        entity = str(data.get("name") or call.args.get("node"))
        reason = str(data.get("reason") or "")
        state = str(data.get("state") or "")
        drained = bool(data.get("drained")) or "DRAIN" in state.upper()
        facts = {
            "state": state,
            "drained": drained,
            "down": bool(data.get("down")) or state.upper().startswith("DOWN"),
            "reason": reason[:200],
            "reason_human": bool(reason)
            and bool(_HUMAN_REASON.search(reason))
            and not _SCHEDULER_REASON.search(reason),
            "reason_maintenance": bool(_MAINTENANCE.search(reason)),
            "reason_scheduler": bool(_SCHEDULER_REASON.search(reason)),
            "jobs": ",".join(str(j) for j in data.get("jobs") or []),
        }
        summary = f"{entity}: state {state}" + (f", reason {_quote(reason)}" if reason else "")
    elif call.tool == "slurm.show_job" and isinstance(data, dict):
        entity = str(data.get("job_id") or call.args.get("job_id"))
        nodes = data.get("nodes") or []
        facts = {
            "state": str(data.get("state") or ""),
            "nodes": ",".join(map(str, nodes)),
            "num_nodes": len(nodes),
            "num_gpus": int(data.get("num_gpus") or len(data.get("gpus") or [])),
            "kind": str(data.get("kind") or ""),
            "start_time": data.get("start_time"),
        }
        summary = f"job {entity}: {facts['state']} on {facts['nodes']} ({facts['num_gpus']} GPUs)"
    else:  # list_jobs_on_node
        entity = str(call.args.get("node"))
        jobs = [j for j in (data or []) if isinstance(j, dict)]
        facts = {
            "jobs": len(jobs),
            "job_ids": ",".join(str(j.get("job_id")) for j in jobs),
            "multi_node_jobs": sum(1 for j in jobs if len(j.get("nodes") or []) > 1),
        }
        summary = f"{entity}: {len(jobs)} job(s) running" + (
            f" ({facts['job_ids']})" if jobs else ""
        )
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=entity,
        summary=summary,
        facts=facts,
        query=res.query,
        status="ok" if (facts and data) else "empty",
    )


def _changes_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    records = [c for c in (res.data or []) if isinstance(c, dict)]
    # a change-log source reports unreadable lines as a "problem" record: say so, count none
    problems = [str(c["problem"]) for c in records if "problem" in c]
    items = [c for c in records if "problem" not in c]
    kinds = Counter(str(c.get("kind")) for c in items)
    facts: dict[str, Scalar] = {"changes": len(items)}
    for k, n in sorted(kinds.items()):
        facts[f"kind_{k}"] = n
        facts[f"last_{k}_time"] = max(
            float(c.get("time", 0.0)) for c in items if c.get("kind") == k
        )
    lines = [
        f"{c.get('kind')} on {c.get('node')}: {_quote(c.get('detail', ''))}" for c in items[-5:]
    ]
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=",".join(call.args.get("nodes", [])) or "*",
        summary=f"{len(items)} change(s)"
        + (": " + "; ".join(lines) if lines else "")
        + (f" (change log problems: {'; '.join(problems)})" if problems else ""),
        facts=facts,
        query=res.query,
        status="ok" if items else "empty",
    )


def _num_arg(value: object) -> float:
    return float(value) if isinstance(value, int | float) else math.inf


def _earlier_episode(item: dict[str, Any], now: float) -> bool:
    """An earlier episode (see RECURRENCE_GAP_S), not this fault seen by another path."""
    opened = item.get("opened_at")
    if item.get("phase") == "resolved":
        return True
    return isinstance(opened, int | float) and opened <= now - RECURRENCE_GAP_S


_GPU_FAULT = frozenset({"device", "memory"})


def _incidents_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    items = [i for i in (res.data or []) if isinstance(i, dict)]
    ents = [str(e) for e in call.args.get("entities", [])]
    root = ents[0] if ents else ""
    earlier = [i for i in items if _earlier_episode(i, _num_arg(call.args.get("end")))]
    same_root = sum(1 for i in earlier if i.get("root_entity") == root)
    host = root.split("/", 1)[0]
    same_node = sum(1 for i in earlier if str(i.get("root_entity", "")).split("/", 1)[0] == host)
    # what the recurrence ladder (reset → reboot → RMA) counts: earlier GPU faults on this GPU
    gpu_faults = sum(
        1 for i in earlier if i.get("root_entity") == root and i.get("family") in _GPU_FAULT
    )
    facts: dict[str, Scalar] = {
        "incidents": len(items),
        "same_root": same_root,
        "same_node": same_node,
        "same_root_gpu_fault": gpu_faults,
        "root": root,
        "families": ",".join(sorted({str(i.get("family")) for i in items})),
    }
    titles = "; ".join(_quote(i.get("title", "")) for i in items[-3:])
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=root,
        summary=f"{len(items)} earlier incident(s) on {root} or its node"
        + (f": {titles}" if titles else ""),
        facts=facts,
        query=res.query,
        status="ok" if items else "empty",
    )


def _topology_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    d = res.data if isinstance(res.data, dict) else {}
    facts: dict[str, Scalar] = {}
    for k in ("kind", "node", "rack", "pdu", "cooling_zone", "nvlink_domain", "slot", "sku"):
        if k in d:
            facts[k] = d[k]
    for k in ("slot_neighbours", "node_gpus", "rack_nodes", "domain_nodes", "nodes"):
        if k in d:
            facts[k] = ",".join(map(str, d[k]))
    if "sku" in d:
        try:
            s = sku(str(d["sku"]))
            facts["pcie_gen_rated"] = s.pcie_gen
            facts["pcie_width_rated"] = s.pcie_width
            facts["memory_mib"] = s.memory_mib
            facts["slowdown_temp_c"] = s.slowdown_temp_c
        except KeyError:
            pass
    entity = str(call.args.get("entity"))
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=entity,
        summary=f"{entity}: node {d.get('node', '-')}, rack {d.get('rack', '-')}, slot "
        f"neighbours {facts.get('slot_neighbours', '-') or '-'}",
        facts=facts,
        query=res.query,
    )


def evidence_from_results(
    layer: Layer, calls: Sequence[ToolCall], results: Sequence[ToolResult]
) -> list[Evidence]:
    """Evidence items (ids not yet assigned) from one layer's calls and their results.

    A failed call is one ``error`` item saying why; an empty answer is an ``empty`` item (the
    absence of Xids or jobs is itself evidence); nothing here raises on bad data."""
    out: list[Evidence] = []
    for i, (call, res) in enumerate(zip(calls, results, strict=True)):
        entity = str(
            call.args.get("entity")
            or call.args.get("node")
            or call.args.get("job_id")
            or _pod_of(call)
            or ",".join(map(str, call.args.get("entities") or call.args.get("nodes") or []))
        )
        if not res.ok:
            out.append(_error_evidence(layer, call, res, entity))
            continue
        try:
            if call.tool == "metrics.history":
                out += _metrics_evidence(layer, call, res, metrics_role(layer, calls, i))
            elif call.tool == "kernel_log.search":
                out.append(_log_evidence(layer, call, res))
            elif call.tool.startswith("slurm."):
                out.append(_scheduler_evidence(layer, call, res))
            elif call.tool == "changes.recent":
                out.append(_changes_evidence(layer, call, res))
            elif call.tool == "incidents.history":
                out.append(_incidents_evidence(layer, call, res))
            elif call.tool == "topology.describe":
                out.append(_topology_evidence(layer, call, res))
            elif call.tool == "node_evidence.search":
                out += text_evidence(layer, call, res)
            elif call.tool.startswith("k8s."):
                out.append(k8s_evidence(layer, call, res))
        except (TypeError, ValueError, KeyError) as e:  # a malformed answer: say so, go on
            out.append(
                _error_evidence(
                    layer, call, ToolResult.failure(f"unreadable result: {e}", res.query), entity
                )
            )
    return out


def number_evidence(items: Iterable[Evidence]) -> tuple[Evidence, ...]:
    """Stable ids E01… in a deterministic order: by layer, then tool, entity and summary."""
    order = {layer: i for i, layer in enumerate(LAYERS)}
    ranked = sorted(items, key=lambda e: (order[e.layer], e.tool, e.entity, e.summary))
    width = max(2, len(str(len(ranked))))
    return tuple(
        e.model_copy(update={"evidence_id": f"E{i + 1:0{width}d}"}) for i, e in enumerate(ranked)
    )


# --------------------------------------------------------------------------- text evidence
def _gpu_key(item: Mapping[str, Any]) -> str:
    gpu = item.get("gpu")
    node = str(item.get("node") or "")
    return f"{node}/gpu{gpu}" if isinstance(gpu, int) and node else ""


def _kind_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """sig_<kind> counts, with the nodes and GPU keys each kind was seen on."""
    facts: dict[str, Scalar] = {}
    kinds = Counter(str(i.get("kind")) for i in items)
    for kind, n in sorted(kinds.items()):
        of_kind = [i for i in items if i.get("kind") == kind]
        facts[f"sig_{kind}"] = n
        facts[f"sig_{kind}_nodes"] = ",".join(sorted({str(i.get("node")) for i in of_kind} - {""}))
        facts[f"sig_{kind}_gpus"] = ",".join(sorted({_gpu_key(i) for i in of_kind} - {""}))
        # a line that names no host, in a file taken from no node (a job's log, a ticket):
        # found through the job it belongs to, so about that job's nodes
        if unplaced := sum(1 for i in of_kind if not i.get("node")):
            facts[f"sig_{kind}_unplaced"] = unplaced
    return facts


def _rdma_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """Which node the failed RDMA completions name as the peer (attributed by address)."""
    errs = [i for i in items if i.get("kind") == "nccl_ib_completion_error"]
    if not errs:
        return {}
    detail = [i.get("detail") or {} for i in errs]
    peers = Counter(str(i.get("peer")) for i in errs if i.get("peer"))
    facts: dict[str, Scalar] = {
        "rdma_errors": len(errs),
        "rdma_retry_exceeded": sum(1 for d in detail if d.get("retry_exceeded") == "true"),
        "rdma_unattributed": sum(1 for i in errs if not i.get("peer")),
        "rdma_peers": ",".join(f"{p}:{n}" for p, n in peers.most_common()),
        "rdma_reporting_nodes": ",".join(sorted({str(i.get("node")) for i in errs} - {""})),
    }
    if peers:
        top, n = peers.most_common(1)[0]
        facts["rdma_top_peer"] = top
        facts["rdma_top_peer_share"] = round(n / sum(peers.values()), 3)
    return facts


def _rank_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """Watchdog timeouts per rank, the ranks whose last completed work is behind, and whether
    the hung collective was the group's first."""
    ranks = {
        str((i.get("detail") or {}).get("rank"))
        for i in items
        if i.get("kind") == "nccl_watchdog_timeout"
    } - {"None", ""}
    done: dict[str, int] = {}
    for i in items:
        d = i.get("detail") or {}
        if (
            i.get("kind") == "nccl_work_progress"
            and str(d.get("last_completed", "")).lstrip("-").isdigit()
        ):
            rank = str(d.get("rank"))
            done[rank] = min(done.get(rank, 1 << 62), int(d["last_completed"]))
    facts: dict[str, Scalar] = {}
    if ranks:
        facts["watchdog_ranks"] = len(ranks)
    if any(v < 0 for v in done.values()):
        # the group never completed a collective: its communicator never moved data
        facts["first_collective_hung"] = True
    if len(done) >= 2:
        top = max(done.values())
        behind = sorted(r for r, v in done.items() if v < top)
        facts["progress_ranks"] = len(done)
        facts["lagging_ranks"] = ",".join(behind)
        if len(behind) == 1:
            facts["lagging_rank"] = behind[0]
    return facts


def _smi_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """Per-GPU nvidia-smi readings that findings and tickets need."""
    gpus = [i for i in items if i.get("kind") == "smi_gpu"]
    if not gpus:
        return {}

    def pairs(key: str) -> str:
        return ",".join(
            f"{_gpu_key(i)}={(i.get('detail') or {}).get(key, '')}" for i in gpus if _gpu_key(i)
        )

    clean = [
        _gpu_key(i)
        for i in gpus
        if str((i.get("detail") or {}).get("ecc_volatile_uncorrectable", "")) == "0"
    ]
    return {
        "smi_gpus": len(gpus),
        "smi_serials": pairs("serial")[:300],
        "smi_recovery_actions": pairs("recovery_action")[:300],
        "smi_no_uncorrectable_gpus": ",".join(k for k in clean if k),
    }


def _fm_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    states = [i for i in items if i.get("kind") == "fm_state"]
    if not states:
        return {}
    return {
        "fm_states": ",".join(
            f"{i.get('node') or '?'}={(i.get('detail') or {}).get('state', '')}" for i in states
        )
    }


def _named_cuda_errors(items: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """An NCCL NVLS set-up "Cuda failure '<message>'" also counts as the CUDA error its message
    names (any other relayed CUDA error already has that error's kind: telemetry.job_log)."""
    return [
        {**i, "kind": str((i.get("detail") or {}).get("cuda_error"))}
        for i in items
        if (i.get("detail") or {}).get("cuda_error")
    ]


def _k8s_detail_facts(items: Sequence[Mapping[str, Any]]) -> dict[str, Scalar]:
    """Which GPU health conditions and which NVIDIA runtime errors, on which nodes
    (``node=value`` pairs): the findings tell a DCGM watch from a syslog check, and a version
    mismatch from a missing runtime class."""
    facts: dict[str, Scalar] = {}
    for kind, key, fact in (
        ("gpu_condition", "condition", "gpu_conditions"),
        ("gpu_runtime_failed", "runtime_error", "runtime_errors"),
    ):
        pairs = {
            f"{i.get('node') or '?'}={(i.get('detail') or {}).get(key, '')}"
            for i in items
            if i.get("kind") == kind
        }
        if pairs:
            facts[fact] = ",".join(sorted(pairs))[:600]
    return facts


def _pod_of(call: ToolCall) -> str:
    """``namespace/pod`` of a ``k8s.pod_log`` call, else ``""``."""
    if call.tool != "k8s.pod_log":
        return ""
    return f"{call.args.get('namespace', '')}/{call.args.get('pod', '')}"


def text_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> list[Evidence]:
    """One evidence item per node_evidence.search that found files: signature counts with
    their nodes and GPUs, RDMA peer attribution, rank progress, nvidia-smi readings, the
    Fabric Manager state; GPU lines no parser understood are counted. No files: no item (a
    fleet without these sources says nothing, rather than "all clear")."""
    data = res.data if isinstance(res.data, dict) else {}
    files = [f for f in data.get("files") or [] if isinstance(f, dict)]
    if not files:
        return []
    items = [i for i in data.get("items") or [] if isinstance(i, dict)]
    named = _named_cuda_errors(items)
    facts: dict[str, Scalar] = {
        "files": len(files),
        "items": len(items),
        "unparsed": int(data.get("unparsed") or 0),
        "sources": ",".join(sorted({str(f.get("source")) for f in files})),
    }
    facts |= _kind_facts([*items, *named])
    for part in (_rdma_facts, _rank_facts, _smi_facts, _fm_facts, _k8s_detail_facts):
        facts |= part(items)
    unread = _joined_excerpts(data.get("unread"))
    if unread:
        facts["unread_text"] = unread
    words = _joined_excerpts(data.get("words"))
    if words:
        facts["report_words"] = words
    shown = [i for i in items if i.get("kind") not in ("smi_gpu", "ib_port", "dcgm_diag_summary")]
    lines = [_quote(i.get("text", "")) for i in shown[:QUOTED_LINES]]
    kinds = Counter(str(i.get("kind")) for i in items)
    head = (
        f"{facts['sources']} on {','.join(call.args.get('nodes', [])) or '*'}: "
        f"{len(files)} file(s), {len(items)} signature(s)"
    )
    unparsed = f", {facts['unparsed']} GPU line(s) not understood" if facts["unparsed"] else ""
    return [_counted_evidence(layer, call, res, head, kinds, facts, lines, note=unparsed)]


def _joined_excerpts(raw: object) -> str:
    """The excerpts of a search's files, joined: of those no rule read whose GPU lines say
    something failed (``unread``, :func:`telemetry.unread_text.excerpt`: what retrieval ranks
    failure modes by then), or of every file (``words``, :func:`telemetry.unread_text.
    report_excerpt`: what the similar resolved incidents are found by)."""
    rows = [r for r in raw if isinstance(r, dict)] if isinstance(raw, list) else []
    return "\n".join(str(r.get("text") or "") for r in rows)[: 2 * MAX_EXCERPT]


def k8s_evidence(layer: Layer, call: ToolCall, res: ToolResult) -> Evidence:
    """One item per Kubernetes read: signature counts (``sig_<kind>`` with their nodes), the
    Xids GPU conditions claim, quoted lines, and where it came from (the API server: not
    kernel evidence, so the kernel-log findings never count it)."""
    data = res.data if isinstance(res.data, dict) else {}
    items = [i for i in data.get("items") or [] if isinstance(i, dict)]
    report = data.get("report") if isinstance(data.get("report"), dict) else {}
    facts: dict[str, Scalar] = {
        "items": len(items),
        "provenance": "kubernetes-api",
        "unparsed": int((report or {}).get("gpu_unparsed") or 0),
    }
    facts |= _kind_facts([*items, *_named_cuda_errors(items)])
    for part in (_rdma_facts, _rank_facts, _k8s_detail_facts):
        facts |= part(items)
    xids = sorted({str((i.get("detail") or {}).get("xid")) for i in items} - {"None"})
    if xids:
        facts["claimed_xids"] = ",".join(xids)
    kinds = Counter(str(i.get("kind")) for i in items)
    lines = [_quote(i.get("text", "")) for i in items[:QUOTED_LINES]]
    nodes = ",".join(call.args.get("nodes", [])) or _pod_of(call) or "*"
    head = (
        f"{call.tool} on {nodes} (Kubernetes API, not kernel evidence): {len(items)} signature(s)"
    )
    return _counted_evidence(layer, call, res, head, kinds, facts, lines)


def _counted_evidence(
    layer: Layer,
    call: ToolCall,
    res: ToolResult,
    head: str,
    kinds: Counter[str],
    facts: dict[str, Scalar],
    lines: Sequence[str],
    *,
    note: str = "",
    more: str = "",
) -> Evidence:
    """The one shape of the log and signature readers' evidence: ``head (kind n, …)note:
    quoted; lines more`` on the call's nodes, ``ok`` when anything was counted, else
    ``empty`` (the absence is evidence too)."""
    counted = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())) or "none"
    quoted = ": " + "; ".join(lines) + more if lines else ""
    return Evidence(
        evidence_id="",
        layer=layer,
        tool=call.tool,
        entity=",".join(call.args.get("nodes", [])) or _pod_of(call) or "*",
        summary=f"{head} ({counted}){note}{quoted}",
        facts=facts,
        query=res.query,
        status="ok" if kinds else "empty",
    )
