"""gpufleet ticks ⇄ VictoriaMetrics JSON lines, with dcgm-exporter's metric names and labels.

VictoriaMetrics' ``/api/v1/export`` returns, and ``/api/v1/import`` accepts, one JSON object per
line::

    {"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":"0",...},"values":[61,62],"timestamps":[ms,ms]}

This module writes simulated (or recorded) ticks in that format, labelled the way a stock
dcgm-exporter scraped by Prometheus/vmagent labels them, and reads such a file back into ticks, so
that an operator can export an incident window from their own store and replay it through
gpufleet.

Label mapping (GPU series; :func:`gpu_labels`):

==========================  ==================================================================
``gpu``                     GPU index on the host (``Gpu.index``), as a string
``UUID``                    ``Gpu.uuid``
``device``                  ``nvidia<index>``
``modelName``               the string NVIDIA reports for the SKU (:data:`MODEL_NAMES`)
``Hostname``                the node's hostname
``pci_bus_id``              ``Gpu.pci_bus_id`` (``00000000:18:00.0`` form)
``DCGM_FI_DRIVER_VERSION``  ``Node.driver_version`` (a "label" row of default-counters.csv)
``job``, ``instance``       ``dcgm-exporter`` and ``<hostname>:9400``, as a scrape adds them
``hpc_job``                 the SLURM job id, when the GPU runs one (dcgm-exporter's HPC job
                            mapping); ``pod``/``namespace`` for Kubernetes workloads
==========================  ==================================================================

Node-level fields (``NODE_*``) become series labelled ``Hostname``, ``instance`` =
``<hostname>:9100`` and ``job`` = ``node``.

Writing: one line per series per chunk of ticks (VictoriaMetrics itself exports a long series as
several lines, and imports them the same way), NaN and ±inf samples omitted (a gap, never a
``NaN`` value), counters raw (cumulative), metric names canonical (the registry name, e.g.
``DCGM_FI_DEV_CLOCKS_EVENT_REASONS``; the reader also accepts the old aliases).

Reading: samples are snapped to a time grid ``t0 + k·interval_s`` (``t0`` = the earliest sample,
``interval_s`` = the median spacing between consecutive samples of a series unless given), so
series scraped at slightly different instants line up in one frame; a tick is produced for every
grid point that holds at least one sample. Frames carry every registry field (NaN where the input
had none) in registry order, entities in topology order. When no topology is given it is inferred
from the labels: one node per ``Hostname`` (natural sort order), its GPUs from
``gpu``/``UUID``/``pci_bus_id``/``modelName``/``DCGM_FI_DRIVER_VERSION``; racks are not in the data,
so all nodes go into one rack named ``unknown`` of a cluster named ``imported`` (no NICs, NVLink
domain ``<host>-nvl``, slot = index). Bad input never raises: each problem is an entry of
``VmRead.errors`` naming the line, and the rest is read (:func:`read_vm_jsonl` lists the limits
and the one documented exception, :class:`VmJsonError`). The extended registry fields go to
``VmRead.extended`` (one frame per tick); unknown ``DCGM_*`` series to ``VmRead.unmodelled``.

Workloads: ``hpc_job`` (or ``pod``/``namespace``) labels become ``VmRead.workloads_by_time``, the
full GPU → :class:`Workload` map at each change (only the ids are in the labels: user, team and
kind stay unset). A grid point where a GPU has no sample keeps its previous assignment. The ticks
themselves carry no workloads or events: metrics are one source, and the caller merges the
scheduler's and the kernel log's view (which know more) onto them.
"""

from __future__ import annotations

import json
import math
import re
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.fields import (
    ALL_FIELDS,
    ALL_GPU_FIELD_NAMES,
    EXTENDED_GPU_FIELD_NAMES,
    FIELD_ALIASES,
    FIELDS,
    GPU_FIELD_NAMES,
    LABEL_FIELDS,
    NODE_FIELD_NAMES,
    NODE_FIELDS,
)
from gpufleet.telemetry.fields import field as field_spec
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.topology import (
    SKU_ALIASES,
    SKUS,
    Cluster,
    Gpu,
    Node,
    Rack,
    Topology,
    Workload,
    gpu_key,
)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]
BoolArr = npt.NDArray[np.bool_]

DCGM_EXPORTER_PORT = 9400
NODE_EXPORTER_PORT = 9100
DCGM_EXPORTER_JOB = "dcgm-exporter"
NODE_JOB = "node"
HPC_JOB_LABEL = "hpc_job"
INFERRED_RACK = "unknown"
INFERRED_CLUSTER = "imported"
DEFAULT_INTERVAL_S = 15.0
MAX_ERRORS = 1000

# Input limits (an export is outside input). VictoriaMetrics writes a long series as several
# lines of a few thousand samples (~100 KB each); label values are short identifiers.
MAX_LINE_CHARS = 8 * 1024 * 1024  # a longer line is rejected unparsed (one error)
MAX_LABEL_CHARS = 4096  # a label name or value longer than this rejects its line
MAX_SAMPLES = 50_000_000  # accepted samples per read (~1.2 GB of arrays); more: VmJsonError
MAX_UNMODELLED = 10_000  # distinct unmodelled DCGM series kept as records (all are counted)
# Sane sample timestamps (ms): 2000-01-01 .. 2200-01-01 UTC. Outside, the sample is rejected
# with a per-line error (a 1e300 ms stamp would otherwise become garbage int64 grid points).
TS_MIN_MS = 946_684_800_000.0
TS_MAX_MS = 7_258_118_400_000.0


class VmJsonError(ValueError):
    """The one exception :func:`read_vm_jsonl` raises: a line that is not text at all, or an
    input over :data:`MAX_SAMPLES`. The message names the source and line. Bad lines are
    never this: they are ``VmRead.errors`` entries."""


@dataclass(frozen=True, slots=True)
class UnmodelledSeries:
    """A GPU-related (``DCGM_*``/``dcgm_*``) series the registry does not know: kept, not dropped.

    ``value`` is its last sample (NaN when none was finite), ``count`` how many samples the
    input had for exactly this name and label set."""

    name: str
    labels: tuple[tuple[str, str], ...]
    value: float
    count: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "labels": dict(self.labels),
            "value": self.value if math.isfinite(self.value) else None,
            "count": self.count,
        }


# What `nvidia-smi --query-gpu=name` / DCGM's device name reports for our SKUs.
MODEL_NAMES: dict[str, str] = {
    "A100-SXM4-80GB": "NVIDIA A100-SXM4-80GB",
    "H100-SXM5-80GB": "NVIDIA H100 80GB HBM3",
    "H200-SXM-141GB": "NVIDIA H200",
    "B200-SXM-180GB": "NVIDIA B200",
    "V100-SXM2-32GB": "Tesla V100-SXM2-32GB",
    "A10-PCIE-24GB": "NVIDIA A10",
    "A30-PCIE-24GB": "NVIDIA A30",
    "L40S-PCIE-48GB": "NVIDIA L40S",
    "GB200-NVL-186GB": "NVIDIA GB200",
    "B300-SXM-288GB": "NVIDIA B300 SXM6 AC",
    "RTX-PRO-6000-BSE-96GB": "NVIDIA RTX PRO 6000 Blackwell Server Edition",
}
_MODEL_TO_SKU = {v: k for k, v in MODEL_NAMES.items()}
# Substring fallback for model strings of other boards of the same family (A100-SXM4-40GB,
# "NVIDIA H100 PCIe", GH200 ...): the closest SKU we model. Checked in this order, which
# matters: GB200 before B200, A100 before A10 (a substring of it).
_MODEL_FAMILIES = (
    ("GB200", "GB200"),
    ("B300", "B300"),
    ("B200", "B200"),
    ("H200", "H200"),
    ("H100", "H100"),
    ("A100", "A100"),
    ("A30", "A30"),
    ("A10", "A10"),
    ("L40S", "L40S"),
    ("V100", "V100"),
    ("RTX PRO 6000", "RTX-PRO-6000"),
)


def model_name(sku_name: str) -> str:
    """The ``modelName`` label dcgm-exporter reports for one of our SKU names."""
    return MODEL_NAMES.get(sku_name, f"NVIDIA {sku_name}")


def sku_from_model_name(name: str) -> str | None:
    """Map a ``modelName`` label back to a SKU name (exact, then by GPU family), or None."""
    if name in _MODEL_TO_SKU:
        return _MODEL_TO_SKU[name]
    if name.removeprefix("NVIDIA ") in SKUS:
        return name.removeprefix("NVIDIA ")
    upper = name.upper()
    for fam, alias in _MODEL_FAMILIES:
        if fam in upper:
            return SKU_ALIASES[alias]
    return None


def gpu_labels(topology: Topology, g: int) -> dict[str, str]:
    """dcgm-exporter's labels for flat GPU ``g`` of ``topology``, plus the scrape's job/instance."""
    node = topology.nodes[int(topology.gpu_node[g])]
    idx = int(topology.gpu_local_index[g])
    return {
        "gpu": str(idx),
        "UUID": topology.gpu_uuid[g],
        "device": f"nvidia{idx}",
        "modelName": model_name(topology.gpu_sku[g]),
        "Hostname": node.hostname,
        "pci_bus_id": topology.gpu_pci_bus_id[g],
        "DCGM_FI_DRIVER_VERSION": node.driver_version,
        "job": DCGM_EXPORTER_JOB,
        "instance": f"{node.hostname}:{DCGM_EXPORTER_PORT}",
    }


def node_labels(hostname: str) -> dict[str, str]:
    return {"Hostname": hostname, "instance": f"{hostname}:{NODE_EXPORTER_PORT}", "job": NODE_JOB}


def workload_labels(w: Workload) -> tuple[tuple[str, str], ...]:
    """The workload labels dcgm-exporter adds: ``hpc_job`` for SLURM, pod/namespace for k8s."""
    if w.job_id is not None:
        return ((HPC_JOB_LABEL, w.job_id),)
    out: list[tuple[str, str]] = []
    if w.pod is not None:
        out.append(("pod", w.pod))
    if w.namespace is not None:
        out.append(("namespace", w.namespace))
    return tuple(out)


# --------------------------------------------------------------------------------- writing


def _json_number(v: float) -> int | float:
    # Integral values as JSON integers ("85", as VictoriaMetrics exports them); exact either way.
    if v.is_integer() and abs(v) < 2**53:
        return int(v)
    return v


def _select(names: tuple[str, ...], wanted: set[str] | None) -> tuple[str, ...]:
    return names if wanted is None else tuple(n for n in names if n in wanted)


class _Chunk:
    """Up to ``cap`` ticks of one entity kind, aligned to topology order and a fixed field list."""

    def __init__(self, entities: tuple[str, ...], fields: tuple[str, ...], cap: int) -> None:
        self.entities = entities
        self.pos = {k: i for i, k in enumerate(entities)}
        self.fields = fields
        self.fpos = {f: i for i, f in enumerate(fields)}
        self.cap = cap
        self.values = np.full((cap, len(entities), len(fields)), np.nan)
        self.ts_ms = np.zeros(cap, dtype=np.int64)
        self.codes = np.zeros((cap, len(entities)), dtype=np.int32)
        self.n = 0
        self._rows: dict[tuple[str, ...], IntArray] = {}
        self._cols: dict[tuple[str, ...], tuple[IntArray, IntArray]] = {}

    def add(self, ts: float, frame: Frame, codes: npt.NDArray[np.int32] | None) -> None:
        rows = self._rows.get(frame.entities)
        if rows is None:
            rows = np.full(len(frame.entities), -1, dtype=np.int64)
            for i, e in enumerate(frame.entities):
                p = self.pos.get(e)
                if p is None:
                    raise ValueError(
                        f"frame from {frame.source} at t={frame.timestamp}: entity {e!r} "
                        "is not in the topology"
                    )
                rows[i] = p
            self._rows[frame.entities] = rows
        cols = self._cols.get(frame.fields)
        if cols is None:
            src: list[int] = []
            dst: list[int] = []
            for i, name in enumerate(frame.fields):
                canon = field_spec(name).name
                if canon in self.fpos:
                    src.append(i)
                    dst.append(self.fpos[canon])
            cols = (np.asarray(src, dtype=np.int64), np.asarray(dst, dtype=np.int64))
            self._cols[frame.fields] = cols
        k = self.n
        self.values[k] = np.nan
        if cols[0].size:
            self.values[k][np.ix_(rows, cols[1])] = frame.values[:, cols[0]]
        self.ts_ms[k] = round(ts * 1000.0)
        self.codes[k] = 0 if codes is None else codes
        self.n += 1


def _write_chunk(
    chunk: _Chunk,
    labels: list[dict[str, str]],
    variants: list[tuple[tuple[str, str], ...]],
    out: TextIO,
    seen: set[tuple[int, int, int]],
    kind_id: int,
) -> None:
    n = chunk.n
    if n == 0:
        return
    ts = chunk.ts_ms[:n]
    vals = chunk.values[:n]
    codes = chunk.codes[:n]
    for e in range(len(chunk.entities)):
        col_codes = codes[:, e]
        for code in dict.fromkeys(col_codes.tolist()):
            rows = col_codes == code
            block = vals[rows, e, :]
            tsel = ts[rows]
            ok_all = np.isfinite(block)
            for f, name in enumerate(chunk.fields):
                ok = ok_all[:, f]
                if not ok.any():
                    continue
                metric: dict[str, str] = {"__name__": name, **labels[e]}
                metric.update(variants[code])
                obj = {
                    "metric": metric,
                    "values": [_json_number(v) for v in block[ok, f].tolist()],
                    "timestamps": tsel[ok].tolist(),
                }
                out.write(json.dumps(obj, separators=(",", ":")))
                out.write("\n")
                seen.add((kind_id * 1_000_000_000 + e, f, code))
    chunk.n = 0


def write_vm_jsonl(
    ticks: Iterable[Tick],
    topology: Topology,
    out: TextIO,
    *,
    fields: Collection[str] | None = None,
    workloads_as_labels: bool = True,
    chunk_samples: int = 4_000_000,
) -> int:
    """Write ticks as VictoriaMetrics JSON lines; return the number of distinct series written.

    ``fields`` selects metric names (aliases accepted; default: every registry field, GPU and
    node). A series with no finite sample in the window is not written. Ticks are buffered in
    chunks of about ``chunk_samples`` values, each chunk written as one line per series, so memory
    stays bounded however long the window. With ``workloads_as_labels`` a GPU running a SLURM job
    carries ``hpc_job``; a GPU whose job changes yields one series per label set.
    """
    wanted = None if fields is None else {field_spec(f).name for f in fields}
    # By default the core columns (what every producer fills); extended fields when named.
    gpu_fields = _select(GPU_FIELD_NAMES if wanted is None else ALL_GPU_FIELD_NAMES, wanted)
    node_fields = _select(NODE_FIELD_NAMES, wanted)
    g_cap = max(1, chunk_samples // max(1, topology.n_gpus * max(1, len(gpu_fields))))
    n_cap = max(1, chunk_samples // max(1, topology.n_nodes * max(1, len(node_fields))))
    cap = min(g_cap, n_cap, 100_000)
    gchunk = _Chunk(topology.gpu_keys, gpu_fields, cap)
    nchunk = _Chunk(topology.node_keys, node_fields, cap)
    glabels = [gpu_labels(topology, g) for g in range(topology.n_gpus)]
    nlabels = [node_labels(h) for h in topology.node_keys]
    variants: list[tuple[tuple[str, str], ...]] = [()]
    variant_code: dict[tuple[tuple[str, str], ...], int] = {(): 0}
    codes = np.zeros(topology.n_gpus, dtype=np.int32)
    seen: set[tuple[int, int, int]] = set()
    sparse = _SparseSeries(topology)

    for tick in ticks:
        if workloads_as_labels and tick.workloads is not None:
            codes = np.zeros(topology.n_gpus, dtype=np.int32)
            for key, w in tick.workloads.items():
                g = topology.gpu_pos.get(key)
                if g is None:
                    continue
                var = workload_labels(w)
                c = variant_code.get(var)
                if c is None:
                    c = variant_code[var] = len(variants)
                    variants.append(var)
                codes[g] = c
        sparse.add(tick, wanted)
        for frame in tick.frames:
            if frame.entity_kind is EntityKind.GPU and gpu_fields:
                gchunk.add(tick.timestamp, frame, codes)
            elif frame.entity_kind is EntityKind.NODE and node_fields:
                nchunk.add(tick.timestamp, frame, None)
        # Each chunk is written out when full (they fill at the same pace when ticks carry both).
        if gchunk.n >= gchunk.cap:
            _write_chunk(gchunk, glabels, variants, out, seen, 0)
        if nchunk.n >= nchunk.cap:
            _write_chunk(nchunk, nlabels, [()], out, seen, 1)
    _write_chunk(gchunk, glabels, variants, out, seen, 0)
    _write_chunk(nchunk, nlabels, [()], out, seen, 1)
    return len(seen) + sparse.write(glabels, out)


WINDOW_MS_DEFAULT = "300000"  # dcgm-exporter's --xid-count-window-size default (5 min)


class _SparseSeries:
    """The ticks' extended frames and per-key DCGM_EXP_* values (few cells: what a fault
    sets), as series: (GPU row, field, key-label value or None) → timestamps and values."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self.series: dict[tuple[int, str, str | None], tuple[list[int], list[float]]] = {}

    def _put(self, g: int, name: str, key: str | None, ts_ms: int, v: float) -> None:
        ts, vs = self.series.setdefault((g, name, key), ([], []))
        ts.append(ts_ms)
        vs.append(v)

    def add(self, tick: Tick, wanted: set[str] | None) -> None:
        ts_ms = round(tick.timestamp * 1000)
        ext = tick.extended
        if ext is not None:
            for i, j in zip(*np.nonzero(np.isfinite(ext.values)), strict=True):
                name = ext.fields[int(j)]
                g = self.topology.gpu_pos.get(ext.entities[int(i)])
                keep = FIELDS[name].key_label is None and (wanted is None or name in wanted)
                if g is not None and keep:
                    self._put(g, name, None, ts_ms, float(ext.values[i, j]))
        for gkey, per_field in (tick.keyed or {}).items():
            g = self.topology.gpu_pos.get(gkey)
            for name, per_key in per_field.items():
                if g is None or (wanted is not None and name not in wanted):
                    continue
                for kv, v in per_key.items():
                    self._put(g, name, kv, ts_ms, v)

    def write(self, glabels: list[dict[str, str]], out: TextIO) -> int:
        for (g, name, kv), (ts, vs) in self.series.items():
            metric: dict[str, str] = {"__name__": name, **glabels[g]}
            spec = FIELDS[name]
            if kv and spec.key_label:  # "": the exporter's key-less series (an empty window)
                metric[spec.key_label] = kv
            if kv is not None and spec.rollup == "sum":
                metric["window_size_in_ms"] = WINDOW_MS_DEFAULT
            obj = {"metric": metric, "values": [_json_number(v) for v in vs], "timestamps": ts}
            out.write(json.dumps(obj, separators=(",", ":")))
            out.write("\n")
        return len(self.series)


# --------------------------------------------------------------------------------- reading


@dataclass
class VmRead:
    """What :func:`read_vm_jsonl` recovered, and what it had to skip."""

    topology: Topology
    ticks: list[Tick]
    interval_s: float
    # (timestamp, full GPU-key → Workload map) at each change, from hpc_job/pod labels.
    workloads_by_time: list[tuple[float, dict[str, Workload]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lines: int = 0  # non-blank input lines
    series: int = 0  # distinct label sets accepted
    samples: int = 0  # samples accepted (before snapping duplicates away)
    skipped_series: int = 0  # parseable lines not used (unknown metric, missing labels, ...)
    bad_lines: int = 0  # lines that are not a valid export object
    bad_samples: int = 0  # non-numeric values or timestamps inside otherwise good lines
    duplicate_samples: int = 0  # samples of one series that snapped onto the same grid point
    unknown_metrics: dict[str, int] = field(default_factory=dict)  # name → lines
    overflow_samples: int = 0  # values that do not fit a float64 (or ±Infinity): gaps (NaN)
    bad_timestamps: int = 0  # samples with a timestamp outside 2000..2200: rejected
    # DCGM-named series the registry does not know (at most MAX_UNMODELLED records).
    unmodelled: list[UnmodelledSeries] = field(default_factory=list)
    # GPU key → static-configuration labels (serial, VBIOS, InfoROM, ...) of its first series.
    gpu_inventory: dict[str, dict[str, str]] = field(default_factory=dict)
    # One frame per tick (same timestamps) with the extended fields (telemetry.fields.
    # EXTENDED_GPU_FIELD_NAMES): kept apart so the ticks' GPU frames keep the core columns.
    extended: list[Frame] = field(default_factory=list)
    # (GPU key, field, time of its last sample) for series that stop while the GPU keeps
    # reporting other fields: NaN after that time means "unknown", never "healthy".
    vanished: list[tuple[str, str, float]] = field(default_factory=list)


@dataclass
class GpuMeta:
    host: str
    index: int
    uuid: str | None
    pci: str | None
    model: str | None
    driver: str | None
    line: int
    inventory: dict[str, str] = field(default_factory=dict)  # serial, VBIOS, ... (first seen)


class ParseErrors:
    def __init__(self, source: str) -> None:
        self.source = source
        self.items: list[str] = []
        self.dropped = 0

    def add(self, lineno: int | None, msg: str) -> None:
        if len(self.items) >= MAX_ERRORS:
            self.dropped += 1
            return
        where = f"{self.source}:{lineno}" if lineno is not None else self.source
        self.items.append(f"{where}: {msg}")

    def result(self) -> list[str]:
        if self.dropped:
            return [*self.items, f"{self.source}: ... {self.dropped} more errors not listed"]
        return self.items


def natural_key(s: str) -> list[Any]:
    """Sort key with digit runs as numbers ("node-2" before "node-10")."""
    # Odd positions of the split are the digit runs: int() takes every character \d matches
    # (str.isdigit() also accepts "²", which int() rejects). A run longer than 40 digits
    # compares by its first 40: int() of a 5,000-digit label raises (and costs quadratic time).
    return [int(p[:40]) if i % 2 else p for i, p in enumerate(re.split(r"(\d+)", s))]


def _num(x: object) -> float | None:
    """A JSON number or numeric string as a float (inf when it overflows), else None."""
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        try:
            return float(x)
        except OverflowError:
            return math.inf if x > 0 else -math.inf
    if isinstance(x, str) and len(x) <= MAX_LABEL_CHARS:
        try:
            return float(x)  # a 400-digit string is inf here, never an exception
        except ValueError:
            return None
    return None


# One decoder for every line: json.loads(parse_int=...) builds a new one per call (a third of
# the time spent on a page of garbage lines).
_DECODER = json.JSONDecoder(parse_int=float)
_OBJECT_START = re.compile(r'\{\s*["}]')
_NUMBER_TYPES: frozenset[type] = frozenset({int, float})  # exactly: bool is not a number here


@dataclass
class _Samples:
    """One line's usable samples and what was wrong with the others."""

    values: FloatArray
    ts_ms: IntArray
    non_numeric: int = 0  # a value or timestamp that is not a number (or a NaN timestamp)
    overflow: int = 0  # a value that does not fit a float64 (or ±Infinity): a gap
    bad_ts: int = 0  # a timestamp outside TS_MIN_MS..TS_MAX_MS (or infinite): rejected
    first_bad_ts: float = 0.0


def _samples(values: list[Any], stamps: list[Any]) -> _Samples:
    """Finite samples of one line as (values, ms timestamps), with what had to be dropped.

    NaN values are gaps (VictoriaMetrics exports staleness markers as NaN), not errors."""
    if len(values) <= _SMALL:
        return _samples_small(values, stamps)
    if set(map(type, values)) <= _NUMBER_TYPES and set(map(type, stamps)) <= _NUMBER_TYPES:
        try:
            vals = np.asarray(values, dtype=np.float64)
            tsf = np.asarray(stamps, dtype=np.float64)
            nonnum = np.zeros(vals.shape, dtype=bool)
        except OverflowError:  # a Python int beyond float64: the element-wise path says which
            vals, tsf, nonnum = _slow_arrays(values, stamps)
    else:
        vals, tsf, nonnum = _slow_arrays(values, stamps)
    nonnum |= np.isnan(tsf)
    with np.errstate(invalid="ignore"):
        out = ~nonnum & ~((tsf >= TS_MIN_MS) & (tsf <= TS_MAX_MS))
    over = ~nonnum & ~out & np.isinf(vals)
    ok = ~nonnum & ~out & np.isfinite(vals)
    res = _Samples(vals[ok], np.rint(tsf[ok]).astype(np.int64))
    res.non_numeric, res.overflow, res.bad_ts = int(nonnum.sum()), int(over.sum()), int(out.sum())
    if res.bad_ts:
        res.first_bad_ts = float(tsf[out][0])
    return res


_SMALL = 16  # below this many samples a Python loop beats numpy's per-call overhead


def _samples_small(values: list[Any], stamps: list[Any]) -> _Samples:
    """:func:`_samples` for a few samples, element by element (same results)."""
    out_v: list[float] = []
    out_t: list[int] = []
    res = _Samples(_EMPTY_F, _EMPTY_I)
    for v, t in zip(values, stamps, strict=True):
        fv, ft = _num(v), _num(t)
        if fv is None or ft is None or math.isnan(ft):
            res.non_numeric += 1
        elif not TS_MIN_MS <= ft <= TS_MAX_MS:
            if not res.bad_ts:
                res.first_bad_ts = ft
            res.bad_ts += 1
        elif math.isinf(fv):
            res.overflow += 1
        elif not math.isnan(fv):
            out_v.append(fv)
            out_t.append(round(ft))  # half to even, as np.rint
    if out_v:
        res.values = np.asarray(out_v, dtype=np.float64)
        res.ts_ms = np.asarray(out_t, dtype=np.int64)
    return res


_EMPTY_F: FloatArray = np.zeros(0, dtype=np.float64)
_EMPTY_I: IntArray = np.zeros(0, dtype=np.int64)


def _slow_arrays(values: list[Any], stamps: list[Any]) -> tuple[FloatArray, FloatArray, BoolArr]:
    fv = [_num(v) for v in values]
    ft = [_num(t) for t in stamps]
    nonnum = np.fromiter((a is None or b is None for a, b in zip(fv, ft, strict=True)), bool)
    vals = np.fromiter((math.nan if a is None else a for a in fv), np.float64, len(fv))
    tsf = np.fromiter((math.nan if b is None else b for b in ft), np.float64, len(ft))
    return vals, tsf, nonnum.reshape(vals.shape)


_Key = tuple[str, str, int, str]  # (kind, host, gpu index or -1, field)
_INVENTORY_LABELS = tuple(n for n in LABEL_FIELDS if n != "DCGM_FI_DRIVER_VERSION")
_Wl = tuple[tuple[str, str], ...]  # workload labels of a series, () when none


@dataclass
class _ReadState:
    """What the line loop of :func:`read_vm_jsonl` gathers before the grid is built."""

    errs: ParseErrors
    n_lines: int = 0
    bad_lines: int = 0
    skipped: int = 0
    bad_samples: int = 0
    n_samples: int = 0
    unknown: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    unknown_first: dict[str, int] = field(default_factory=dict)
    series_ids: set[tuple[tuple[str, str], ...]] = field(default_factory=set)
    data: dict[_Key, list[tuple[IntArray, FloatArray]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    key_lines: dict[_Key, int] = field(default_factory=lambda: defaultdict(int))
    gpu_meta: dict[tuple[str, int], GpuMeta] = field(default_factory=dict)
    node_hosts: dict[str, int] = field(default_factory=dict)
    # (host, idx) → list of (timestamps, workload labels or ()) for the hpc_job mapping
    jobs: dict[tuple[str, int], list[tuple[IntArray, _Wl]]] = field(
        default_factory=lambda: defaultdict(list)
    )
    saw_workload_labels: bool = False
    spacings: list[IntArray] = field(default_factory=list)
    overflow: int = 0
    bad_ts: int = 0
    # (name, sorted labels) → [last value, sample count]
    unmodelled: dict[tuple[str, tuple[tuple[str, str], ...]], list[float]] = field(
        default_factory=dict
    )


def read_vm_jsonl(
    lines: Iterable[str],
    *,
    topology: Topology | None = None,
    source: str = "metrics.jsonl",
    interval_s: float | None = None,
) -> VmRead:
    """Read VictoriaMetrics JSON lines (an export) back into ticks.

    Bad lines never raise: each problem is an entry of ``VmRead.errors`` naming the line, and the
    rest is read, in time linear in the input. Limits: lines over :data:`MAX_LINE_CHARS` and
    label names/values over :data:`MAX_LABEL_CHARS` are rejected per line; JSON nested past
    Python's recursion limit is invalid JSON; values that overflow a float64 are gaps
    (``overflow_samples``); timestamps outside 2000..2200 are rejected (``bad_timestamps``).
    Raises :class:`VmJsonError`, and nothing else, for a line that is not ``str``/``bytes`` or
    past :data:`MAX_SAMPLES` accepted samples. Unknown ``DCGM_*`` series are kept as
    ``VmRead.unmodelled`` records. See the module docstring for time alignment and topology
    inference. ``source`` names the input in error messages and becomes the frames' ``source``.
    """
    st = _ReadState(ParseErrors(source))
    for lineno, raw in enumerate(lines, start=1):
        _read_line(st, lineno, raw)
    _report_unknown(st)
    if topology is None:
        topology = infer_topology(st.gpu_meta, st.node_hosts, st.errs)
    gpu_rows, node_rows = _topology_rows(st, topology)
    interval_ms = _interval_ms(st, interval_s)
    used = [
        k
        for k in st.data
        if (k[0] == "gpu" and (k[1], k[2]) in gpu_rows) or (k[0] == "node" and k[1] in node_rows)
    ]
    read = VmRead(
        topology=topology,
        ticks=[],
        interval_s=interval_ms / 1000.0,
        lines=st.n_lines,
        series=len(st.series_ids),
        samples=st.n_samples,
        skipped_series=st.skipped,
        bad_lines=st.bad_lines,
        bad_samples=st.bad_samples,
        unknown_metrics=dict(st.unknown),
        overflow_samples=st.overflow,
        bad_timestamps=st.bad_ts,
        unmodelled=[
            UnmodelledSeries(n, lab, rec[0], int(rec[1])) for (n, lab), rec in st.unmodelled.items()
        ],
        gpu_inventory={
            gpu_key(h, i): dict(m.inventory) for (h, i), m in st.gpu_meta.items() if m.inventory
        },
    )
    if used:
        _fill_grid(read, st, used, gpu_rows, node_rows, interval_ms, source)
    read.errors = st.errs.result()
    return read


def _parse_line(
    st: _ReadState, lineno: int, text: str
) -> tuple[dict[str, Any], list[Any], list[Any]] | None:
    """One export line's (metric, values, timestamps), or None (counted and reported)."""
    errs = st.errs
    if text[0] != "{" or text[-1] != "}" or '"metric"' not in text:
        # Not one object with a "metric" key (what every export line is): counted without a
        # decoder call, whose exception costs ~8 us a line - 1 MB of one-character lines took
        # 4.4 s before this check, now ~0.1 s.
        st.bad_lines += 1
        errs.add(lineno, 'invalid JSON (an export line is one object with a "metric" key)')
        return None
    if _OBJECT_START.match(text) is None:
        # Certainly invalid (a JSON object opens with a key or closes at once): no decoder call
        # and no exception, which a page of garbage lines otherwise pays for on every line.
        st.bad_lines += 1
        errs.add(lineno, "invalid JSON (an object must open with '{\"' or be '{}')")
        return None
    try:
        # Integers as floats: a 400-digit integer is then inf (counted as an overflow) instead
        # of an exact int that OverflowErrors on conversion, and no int-digit limit applies.
        obj = _DECODER.decode(text)
    except ValueError as e:
        st.bad_lines += 1
        errs.add(lineno, f"invalid JSON ({_clip(str(e))})")
        return None
    except RecursionError:  # the C decoder's guard: [[[[... nested ~1000 deep
        st.bad_lines += 1
        errs.add(lineno, "invalid JSON (nested deeper than Python's recursion limit)")
        return None
    if not isinstance(obj, dict):
        st.bad_lines += 1
        errs.add(lineno, f"expected a JSON object, got {type(obj).__name__}")
        return None
    missing = [k for k in ("metric", "values", "timestamps") if k not in obj]
    if missing:
        st.bad_lines += 1
        errs.add(lineno, f"missing key(s) {', '.join(missing)}")
        return None
    metric, values, stamps = obj["metric"], obj["values"], obj["timestamps"]
    if not isinstance(metric, dict) or not isinstance(values, list):
        st.bad_lines += 1
        errs.add(lineno, "'metric' must be an object and 'values' a list")
        return None
    if not isinstance(stamps, list):
        st.bad_lines += 1
        errs.add(lineno, "'timestamps' must be a list")
        return None
    if len(values) != len(stamps):
        st.bad_lines += 1
        errs.add(lineno, f"{len(values)} values but {len(stamps)} timestamps (lengths must match)")
        return None
    return metric, values, stamps


def _series_target(
    st: _ReadState, lineno: int, labels: Mapping[str, str]
) -> tuple[str, str, bool, int] | None:
    """(canonical field, host, is_node, gpu index or -1) of a series, or None when unusable."""
    errs = st.errs
    name = labels.get("__name__")
    if not name:
        st.skipped += 1
        errs.add(lineno, "series has no __name__")
        return None
    # A dict lookup, not field(): its KeyError suggests near names (~30 µs per unknown line).
    spec = ALL_FIELDS.get(FIELD_ALIASES.get(name, name))
    if spec is None:
        st.skipped += 1
        st.unknown[name] += 1
        st.unknown_first.setdefault(name, lineno)
        return None
    # dcgm-exporter renamed Hostname to hostname (#655, 2026-05); exports hold either.
    host = labels.get("Hostname") or labels.get("hostname")
    is_node = spec.name in NODE_FIELDS
    if is_node and not host:
        inst = labels.get("instance")
        host = inst.rsplit(":", 1)[0] if inst else None
    if not host:
        st.skipped += 1
        errs.add(lineno, f"{name}: series has no Hostname label; skipped")
        return None
    if is_node:
        return spec.name, host, True, -1
    gpu_s = labels.get("gpu")
    if gpu_s is None:
        st.skipped += 1
        errs.add(lineno, f"{name} on {host}: series has no gpu label; skipped")
        return None
    try:
        idx = int(gpu_s)
    except ValueError:
        idx = -1
    if not 0 <= idx <= 63:
        st.skipped += 1
        errs.add(lineno, f"{name} on {host}: gpu label {gpu_s!r} is not an index 0..63")
        return None
    return spec.name, host, False, idx


def _line_text(st: _ReadState, lineno: int, raw: object) -> str | None:
    """The stripped line, or None for a blank / over-long / undecodable one (counted)."""
    if isinstance(raw, bytes | bytearray):
        try:
            raw = bytes(raw).decode("utf-8")
        except UnicodeDecodeError as e:
            st.n_lines += 1
            st.bad_lines += 1
            st.errs.add(lineno, f"not UTF-8 ({e.reason} at byte {e.start})")
            return None
    if not isinstance(raw, str):
        raise VmJsonError(
            f"{st.errs.source}:{lineno}: expected a text line, got {type(raw).__name__}"
        )
    if len(raw) > MAX_LINE_CHARS:
        st.n_lines += 1
        st.bad_lines += 1
        st.errs.add(lineno, f"line of {len(raw)} characters, over {MAX_LINE_CHARS}; not parsed")
        return None
    text = raw.strip()
    if text:
        st.n_lines += 1
    return text or None


def _labels(st: _ReadState, lineno: int, metric: Mapping[str, Any]) -> dict[str, str] | None:
    """The series' labels as strings; None (a bad line) for a non-scalar or over-long one."""
    out: dict[str, str] = {}
    for k, v in metric.items():
        if isinstance(v, str):
            sv = v
        elif isinstance(v, float):  # a number where VictoriaMetrics writes strings
            sv = str(int(v)) if v.is_integer() and abs(v) < 2**53 else repr(v)
        else:
            st.bad_lines += 1
            st.errs.add(lineno, f"label {_clip(k)!r} is a {type(v).__name__}, not a string")
            return None
        if len(k) > MAX_LABEL_CHARS or len(sv) > MAX_LABEL_CHARS:
            st.bad_lines += 1
            st.errs.add(lineno, f"label {_clip(k)!r} over {MAX_LABEL_CHARS} characters")
            return None
        out[k] = sv
    return out


def _clip(text: str, n: int = 120) -> str:
    return text if len(text) <= n else text[:n] + "…"


def _count_samples(st: _ReadState, lineno: int, what: str, smp: _Samples) -> None:
    """Count and report (once per line) the samples of a line that could not be used."""
    if smp.non_numeric:
        st.bad_samples += smp.non_numeric
        st.errs.add(lineno, f"{what}: {smp.non_numeric} non-numeric value(s)/timestamp(s) skipped")
    if smp.overflow:
        st.overflow += smp.overflow
        st.errs.add(lineno, f"{what}: {smp.overflow} value(s) overflow float64; kept as gaps (NaN)")
    if smp.bad_ts:
        st.bad_ts += smp.bad_ts
        st.errs.add(
            lineno,
            f"{what}: {smp.bad_ts} timestamp(s) outside 2000-01-01..2200-01-01 "
            f"(first {smp.first_bad_ts!r} ms); samples rejected",
        )


def _note_unmodelled(
    st: _ReadState, name: str, labels: Mapping[str, str], values: list[Any], stamps: list[Any]
) -> None:
    """Keep an unknown DCGM-named series as a record (last value, sample count)."""
    smp = _samples(values, stamps)
    last = float(smp.values[np.argmax(smp.ts_ms)]) if smp.ts_ms.size else math.nan
    key = (name, tuple(sorted((k, v) for k, v in labels.items() if k != "__name__")))
    rec = st.unmodelled.get(key)
    if rec is not None:
        rec[0] = last if not math.isnan(last) else rec[0]
        rec[1] += len(values)
    elif len(st.unmodelled) < MAX_UNMODELLED:
        st.unmodelled[key] = [last, float(len(values))]


def _read_line(st: _ReadState, lineno: int, raw: object) -> None:
    text = _line_text(st, lineno, raw)
    if text is None:
        return
    parsed = _parse_line(st, lineno, text)
    if parsed is None:
        return
    metric, values, stamps = parsed
    labels = _labels(st, lineno, metric)
    if labels is None:
        return
    name = labels.get("__name__", "")
    target = _series_target(st, lineno, labels)
    if target is None:
        if name in st.unknown and name[:5].upper() == "DCGM_":
            _note_unmodelled(st, name, labels, values, stamps)
        return
    fname, host, is_node, idx = target
    smp = _samples(values, stamps)
    _count_samples(st, lineno, f"{name} on {host}", smp)
    vals, ts = smp.values, smp.ts_ms
    if st.n_samples + ts.size > MAX_SAMPLES:
        raise VmJsonError(
            f"{st.errs.source}:{lineno}: more than {MAX_SAMPLES} samples; read the export "
            "in smaller time windows"
        )
    st.series_ids.add(tuple(sorted(labels.items())))
    if ts.size == 0:
        return
    if is_node:
        st.node_hosts.setdefault(host, lineno)
        key: _Key = ("node", host, -1, fname)
    else:
        _note_gpu(st, lineno, host, idx, labels, ts)
        key_label = FIELDS[fname].key_label
        if key_label:  # DCGM_EXP_*: one series per Xid / watch / peer, rolled up per grid point
            fname = f"{fname}{_KEY_SEP}{labels.get(key_label, '')}"
        key = ("gpu", host, idx, fname)
    st.data[key].append((ts, vals))
    st.key_lines[key] += 1
    st.n_samples += int(ts.size)
    if ts.size > 1:
        d: IntArray = np.diff(np.sort(ts)).astype(np.int64)
        st.spacings.append(d[d > 0])


def _note_gpu(
    st: _ReadState, lineno: int, host: str, idx: int, labels: Mapping[str, str], ts: IntArray
) -> None:
    """Remember a GPU's identity labels (first line wins) and its workload labels over time."""
    gk = (host, idx)
    meta = st.gpu_meta.get(gk)
    if meta is None:
        st.gpu_meta[gk] = GpuMeta(
            host,
            idx,
            labels.get("UUID"),
            labels.get("pci_bus_id"),
            labels.get("modelName"),
            labels.get("DCGM_FI_DRIVER_VERSION"),
            lineno,
            {k: labels[k] for k in _INVENTORY_LABELS if labels.get(k)},
        )
    elif meta.uuid is not None and labels.get("UUID", meta.uuid) != meta.uuid:
        st.errs.add(
            lineno,
            f"{host} gpu {idx}: UUID {labels['UUID']} differs from {meta.uuid} "
            f"(line {meta.line}); samples kept under the GPU index",
        )
    if meta is not None and len(meta.inventory) < len(_INVENTORY_LABELS):
        # Label rows may sit on some series only (an export of a few fields): first one wins.
        for k in _INVENTORY_LABELS:
            if k not in meta.inventory and labels.get(k):
                meta.inventory[k] = labels[k]
    wl = tuple((k, labels[k]) for k in (HPC_JOB_LABEL, "pod", "namespace") if labels.get(k))
    if wl:
        st.saw_workload_labels = True
    st.jobs[gk].append((ts, wl))


def _report_unknown(st: _ReadState) -> None:
    for name, count in sorted(st.unknown.items()):
        if name.startswith("DCGM_"):
            st.errs.add(
                st.unknown_first[name],
                f"unknown DCGM field {name} ({count} line(s)); not in telemetry.fields, kept "
                "as unmodelled series (not in the frames)",
            )


def _topology_rows(
    st: _ReadState, topology: Topology
) -> tuple[dict[tuple[str, int], int], dict[str, int]]:
    """(host, gpu index) → flat GPU row and host → node row; what the topology lacks is skipped."""
    gpu_rows: dict[tuple[str, int], int] = {}
    for (host, idx), meta in st.gpu_meta.items():
        g = topology.gpu_pos.get(gpu_key(host, idx))
        if g is None:
            n = sum(
                st.key_lines[k] for k in st.data if k[0] == "gpu" and k[1] == host and k[2] == idx
            )
            st.skipped += n
            st.errs.add(
                meta.line, f"{gpu_key(host, idx)} is not in the topology; {n} line(s) skipped"
            )
            continue
        gpu_rows[(host, idx)] = g
    node_rows: dict[str, int] = {}
    for host, first in st.node_hosts.items():
        p = topology.node_pos.get(host)
        if p is None:
            n = sum(st.key_lines[k] for k in st.data if k[0] == "node" and k[1] == host)
            st.skipped += n
            st.errs.add(first, f"node {host} is not in the topology; {n} line(s) skipped")
            continue
        node_rows[host] = p
    return gpu_rows, node_rows


def _interval_ms(st: _ReadState, interval_s: float | None) -> float:
    if interval_s is None:
        allsp = np.concatenate(st.spacings) if st.spacings else np.zeros(0, dtype=np.int64)
        interval_ms = float(np.median(allsp)) if allsp.size else DEFAULT_INTERVAL_S * 1000.0
    else:
        interval_ms = float(interval_s) * 1000.0
    if not interval_ms > 0:
        st.errs.add(None, f"interval_s must be positive, got {interval_ms / 1000.0}; using 15")
        interval_ms = DEFAULT_INTERVAL_S * 1000.0
    return interval_ms


def _fill_grid(
    read: VmRead,
    st: _ReadState,
    used: list[_Key],
    gpu_rows: Mapping[tuple[str, int], int],
    node_rows: Mapping[str, int],
    interval_ms: float,
    source: str,
) -> None:
    """Snap every used series onto the time grid and build one tick per occupied grid point."""
    topology = read.topology
    data = st.data
    t0 = min(int(arr.min()) for k in used for arr, _ in data[k])

    def slots_of(ts: IntArray) -> IntArray:
        return np.rint((ts - t0) / interval_ms).astype(np.int64)

    all_slots = np.unique(np.concatenate([slots_of(a) for k in used for a, _ in data[k]]))
    n_slots = all_slots.size
    gcol = {n: i for i, n in enumerate(ALL_GPU_FIELD_NAMES)}
    ncol = {n: i for i, n in enumerate(NODE_FIELD_NAMES)}
    gvals = np.full((n_slots, topology.n_gpus, len(ALL_GPU_FIELD_NAMES)), np.nan)
    nvals = np.full((n_slots, topology.n_nodes, len(NODE_FIELD_NAMES)), np.nan)
    dups = 0
    ends: dict[tuple[str, int, str], int] = {}  # (host, gpu, field) → last grid slot
    keyed: dict[int, dict[str, dict[str, dict[str, float]]]] = {}  # slot → Tick.keyed
    for k in used:
        kind, host, idx, fname = k
        ts = np.concatenate([p[0] for p in data[k]])
        vs = np.concatenate([p[1] for p in data[k]])
        order = np.argsort(ts, kind="stable")
        s = np.searchsorted(all_slots, slots_of(ts[order]))
        vs = vs[order]
        # Last sample per grid point wins: unique over the reversed order keeps the last one.
        rev_u, rev_i = np.unique(s[::-1], return_index=True)
        dups += s.size - rev_u.size
        last = s.size - 1 - rev_i
        if kind == "gpu" and _KEY_SEP not in fname:
            ends[(host, idx, fname)] = int(rev_u[-1])
        if kind == "gpu" and _KEY_SEP in fname:
            _roll_into(gvals, rev_u, gpu_rows[(host, idx)], gcol, fname, vs[last])
            _keep_keyed(keyed, rev_u, topology.gpu_keys[gpu_rows[(host, idx)]], fname, vs[last])
        elif kind == "gpu":
            gvals[rev_u, gpu_rows[(host, idx)], gcol[fname]] = vs[last]
        else:
            nvals[rev_u, node_rows[host], ncol[fname]] = vs[last]
    read.duplicate_samples = dups
    stamps_s = (t0 + all_slots.astype(np.float64) * interval_ms) / 1000.0
    _vanished(read, st, ends, stamps_s)
    if st.saw_workload_labels:
        read.workloads_by_time = _workloads(
            st.jobs, gpu_rows, topology, all_slots, slots_of, stamps_s
        )
    ticks: list[Tick] = []
    n_core = len(GPU_FIELD_NAMES)
    keys = topology.gpu_keys
    for i in range(n_slots):
        t = float(stamps_s[i])
        frames = (
            Frame(t, EntityKind.GPU, keys, GPU_FIELD_NAMES, gvals[i, :, :n_core], source),
            Frame(t, EntityKind.NODE, topology.node_keys, NODE_FIELD_NAMES, nvals[i], source),
        )
        ext = Frame(t, EntityKind.GPU, keys, EXTENDED_GPU_FIELD_NAMES, gvals[i, :, n_core:], source)
        read.extended.append(ext)
        ticks.append(Tick(t, frames, extended=ext, keyed=keyed.get(i)))
    read.ticks = ticks


def _vanished(
    read: VmRead, st: _ReadState, ends: Mapping[tuple[str, int, str], int], stamps_s: FloatArray
) -> None:
    """Series that stop while their GPU goes on reporting other fields (an exporter upgrade
    or a counters-file change): from then on the field is unknown, not healthy, so say so.
    Windowed DCGM_EXP_* per-key series are left out: an Xid leaving the window is normal."""
    gpu_end: dict[tuple[str, int], int] = {}
    for (host, idx, _), end in ends.items():
        gpu_end[(host, idx)] = max(end, gpu_end.get((host, idx), end))
    for (host, idx, fname), end in sorted(ends.items()):
        # A trailing gap or two is a missed scrape; a series gone for VANISHED_AFTER grid
        # points while its GPU reports is gone.
        if gpu_end[(host, idx)] - end >= VANISHED_AFTER:
            key = gpu_key(host, idx)
            read.vanished.append((key, fname, float(stamps_s[end])))
            st.errs.add(
                None,
                f"{key}: {fname} stops after t={stamps_s[end]:.0f} while the GPU reports other "
                f"fields until t={stamps_s[gpu_end[(host, idx)]]:.0f}; unknown from then on",
            )


VANISHED_AFTER = 4  # grid points (1 min at 15 s)
_KEY_SEP = "\x00"  # field + this + key-label value: one per-key series of a DCGM_EXP_* metric


def _keep_keyed(
    keyed: dict[int, dict[str, dict[str, dict[str, float]]]],
    slots: IntArray,
    gkey: str,
    key: str,
    vs: FloatArray,
) -> None:
    """The per-key values the rollup hides (which Xid, which health watch), per grid slot."""
    fname, kv = key.split(_KEY_SEP, 1)
    for slot, v in zip(slots.tolist(), vs.tolist(), strict=True):
        keyed.setdefault(slot, {}).setdefault(gkey, {}).setdefault(fname, {})[kv] = v


def _roll_into(
    gvals: FloatArray, slots: IntArray, g: int, gcol: Mapping[str, int], key: str, vs: FloatArray
) -> None:
    """Add one per-key series into its field's cells: sum or max (FieldSpec.rollup), where a
    NaN cell (no other key there yet) takes the value as is."""
    fname = key.split(_KEY_SEP, 1)[0]
    c = gcol[fname]
    cur = gvals[slots, g, c]
    op = np.fmax if FIELDS[fname].rollup == "max" else np.add
    gvals[slots, g, c] = np.where(np.isnan(cur), vs, op(cur, vs))


def _workloads(
    jobs: Mapping[tuple[str, int], list[tuple[IntArray, tuple[tuple[str, str], ...]]]],
    gpu_rows: Mapping[tuple[str, int], int],
    topology: Topology,
    all_slots: IntArray,
    slots_of: Callable[[IntArray], IntArray],
    stamps_s: FloatArray,
) -> list[tuple[float, dict[str, Workload]]]:
    """Per grid point, which workload label each GPU's series carried (carried over gaps)."""
    n_slots = all_slots.size
    variants: list[tuple[tuple[str, str], ...]] = [()]
    vcode: dict[tuple[tuple[str, str], ...], int] = {(): 0}
    # -1 = no sample at this grid point (keep the previous assignment), 0 = free, >0 = workload
    codes = np.full((n_slots, topology.n_gpus), -1, dtype=np.int32)
    for gk, segs in jobs.items():
        g = gpu_rows.get(gk)
        if g is None:
            continue
        # Unlabelled series first, so a labelled one wins where both have a sample.
        for ts, wl in sorted(segs, key=lambda seg: bool(seg[1])):
            c = vcode.get(wl)
            if c is None:
                c = vcode[wl] = len(variants)
                variants.append(wl)
            codes[np.searchsorted(all_slots, slots_of(ts)), g] = c
    workloads = [_workload_of(v) for v in variants]
    state = np.zeros(topology.n_gpus, dtype=np.int32)
    out: list[tuple[float, dict[str, Workload]]] = []
    prev: dict[str, Workload] | None = None
    for i in range(n_slots):
        row = codes[i]
        state = np.where(row >= 0, row, state)
        cur = {
            topology.gpu_keys[g]: workloads[int(state[g])]
            for g in np.flatnonzero(state > 0).tolist()
        }
        if cur != prev:
            out.append((float(stamps_s[i]), cur))
            prev = cur
    return out


def _workload_of(labels: tuple[tuple[str, str], ...]) -> Workload:
    d = dict(labels)
    return Workload(job_id=d.get(HPC_JOB_LABEL), pod=d.get("pod"), namespace=d.get("namespace"))


def infer_topology(
    gpu_meta: Mapping[tuple[str, int], GpuMeta], node_hosts: Mapping[str, int], errs: ParseErrors
) -> Topology:
    hosts = sorted({h for h, _ in gpu_meta} | set(node_hosts), key=natural_key)
    by_host: dict[str, list[GpuMeta]] = defaultdict(list)
    for meta in gpu_meta.values():
        by_host[meta.host].append(meta)
    nodes: list[Node] = []
    for host in hosts:
        gpus: list[Gpu] = []
        driver: str | None = None
        for meta in sorted(by_host.get(host, []), key=lambda m: m.index):
            sku_name = sku_from_model_name(meta.model) if meta.model else None
            if sku_name is None:
                errs.add(
                    meta.line,
                    f"{gpu_key(host, meta.index)}: unknown modelName {meta.model!r}; "
                    "its series are skipped (no SKU to model it with)",
                )
                continue
            driver = driver or meta.driver
            gpus.append(
                Gpu(
                    index=meta.index,
                    uuid=meta.uuid or f"GPU-unknown-{host}-{meta.index}",
                    pci_bus_id=meta.pci or "unknown",
                    sku=sku_name,
                    slot=meta.index,
                )
            )
        nodes.append(
            Node(
                hostname=host,
                nvlink_domain=f"{host}-nvl",
                gpus=tuple(gpus),
                driver_version=driver or "unknown",
            )
        )
    rack = Rack(
        name=INFERRED_RACK, pdu=INFERRED_RACK, cooling_zone=INFERRED_RACK, nodes=tuple(nodes)
    )
    return Topology([Cluster(name=INFERRED_CLUSTER, racks=(rack,) if nodes else ())])
