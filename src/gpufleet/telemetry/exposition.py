"""dcgm-exporter's ``/metrics`` text ⇄ gpufleet GPU frames, with every artifact flagged.

Pure: no I/O, no clock. :mod:`telemetry.scrape` fetches the text; this module turns it into a
:class:`~telemetry.frame.Frame` and a list of :class:`Flag` s, and renders the text a stock
dcgm-exporter would serve for a frame (tests, benchmarks, simulated exporters).

Parsing uses the Prometheus client library's own text parser
(``prometheus_client.parser.text_string_to_metric_families``), never a hand-written one. When
the library rejects the text, the text is split into metric-family chunks (``# HELP``/``# TYPE``
header plus its samples) and each chunk is parsed again with the same library; in a chunk that
still fails, each sample line is parsed on its own behind the chunk's header, so one malformed
line loses only itself. Every rejected line is a ``parse_error`` flag naming its line number.

Labels (what dcgm-exporter writes, ``internal/pkg/rendermetrics``):

=====================================  ===========================================================
``gpu``                                GPU index on the host
``UUID`` (or ``uuid``)                 GPU UUID (the *parent* GPU's UUID on MIG series too)
``pci_bus_id``, ``device``             ``00000000:18:00.0``, ``nvidia0``
``modelName``                          e.g. ``NVIDIA H100 80GB HBM3`` (:func:`vmjson.model_name`)
``Hostname`` (or ``hostname``)         the node; under Kubernetes often the exporter *pod* name,
                                       so a target's configured hostname overrides it
``GPU_I_PROFILE``, ``GPU_I_ID``        MIG GPU instance (only on MIG series)
``hpc_job``                            SLURM job (dcgm-exporter's HPC job mapping)
``pod``, ``namespace``, ``container``  Kubernetes workload ("" when none)
``DCGM_FI_DRIVER_VERSION``             a ``label`` row of default-counters.csv
=====================================  ===========================================================

Mapping a series to a GPU of the topology: by ``UUID`` when the topology knows it, else by
(hostname, ``gpu`` index), else by (hostname, ``pci_bus_id``). A series that maps nowhere is
dropped with one ``unmapped_gpu`` flag per GPU. Without a topology, entities are
``<hostname>/gpu<index>`` in natural order.

MIG rule: a series carrying ``GPU_I_ID`` belongs to that GPU instance. It is kept in
:attr:`ParsedExposition.mig` and never overwrites the parent GPU's row, which holds only
device-level series (no ``GPU_I_ID``). When a parent GPU has *no* device-level series for a
field and the field is device-wide (clocks, temperatures, power, energy, ECC, remapping, PCIe,
NVLink, Xid, violations — everything but :data:`MIG_INSTANCE_FIELDS`), the parent takes the
value its instances report, because dcgm-exporter in MIG mode repeats the device reading on
every instance; if the instances disagree, the parent gets NaN and a ``mig_conflict`` flag.
Instance-scoped fields (profiling ratios, framebuffer, utilization) never roll up: a sum or mean
over slices of different sizes would be a number no GPU reported.

Workloads: the ``hpc_job`` label becomes ``Workload.job_id``; ``pod``/``namespace``/``container``
become ``Workload.pod``/``namespace``/``name``. Only the ids are in the labels, so user, team and
kind stay unset (as in :mod:`telemetry.vmjson`). A MIG GPU gets a GPU-level workload only when
all its instances run the same one; per-instance workloads stay in ``mig``.

Flag kinds produced here (the scraper adds history-based ones, see :mod:`telemetry.scrape`):

==============================  ==================================================================
``blank_sentinel``              DCGM "blank" value (int64 near 2**63, int32 0x7FFFFFF0.., fp64
                                2**47..): replaced by NaN
``not_supported_4294967295``    NVML "N/A" leaking through as 4294967295: replaced by NaN
``out_of_range``                any other value outside the field's plausible range
                                (``telemetry.fields.sanitize``): replaced by NaN
``help_without_samples``        ``# HELP``/``# TYPE`` for a field with no sample (the exporter
                                watches it but DCGM returned nothing for any GPU)
``unknown_metric``              a ``DCGM_*`` metric the field registry does not know (once per
                                name; non-DCGM metrics are only counted)
``unmapped_gpu``                labels that name no GPU of the topology (or no GPU at all)
``uuid_mismatch``               the GPU at (hostname, index) reports another UUID than the
                                topology's (a swapped board; the topology file is stale)
``duplicate_series``            a second sample for the same GPU (or MIG instance) and field with
                                the same labels, or with a different value; the first one wins
``mig_conflict``                MIG instances disagree on a device-wide field the parent lacks
``parse_error``                 the Prometheus parser rejected a line (its number and text are
                                in the detail); the rest of the text is still read. Also: a line
                                over :data:`MAX_LINE_CHARS` (skipped unparsed), lines past
                                :data:`MAX_LINES` (one flag), a line with no value after its name
``overflow``                    an integer sample too large for a float64 (a 400-digit value):
                                replaced by NaN (±Inf and 1e400 are ``out_of_range``)
``bad_timestamp``               an exposition timestamp outside 2000-01-01..2200-01-01 (1e300 ms
                                would become the frame's time): the sample is dropped
==============================  ==================================================================

At most :data:`MAX_FLAGS_PER_KIND` flags of one kind are listed, then one flag with the count.

Outside input: any ``str`` gives a result in time linear in its length (lines over
:data:`MAX_LINE_CHARS` and past :data:`MAX_LINES` are not parsed, so a page's parse time and
memory are bounded); :class:`ExpositionError` is the one exception, for a non-``str`` or a text
over :data:`MAX_TEXT_CHARS`.

Beyond the frame: :attr:`ParsedExposition.extended` holds the extended registry fields
(``telemetry.fields.EXTENDED_GPU_FIELD_NAMES``: violations, SRAM/DRAM ECC, NVLink5 counters,
``DCGM_EXP_*``) for the same GPUs; ``DCGM_EXP_*`` series, one per Xid / clock event / health
watch / peer, are kept per key in :attr:`ParsedExposition.keyed` and rolled up (sum or max) into
the extended frame; a ``DCGM_*`` metric the registry does not know is an
:class:`~telemetry.vmjson.UnmodelledSeries` record (name, labels, value, count) in
:attr:`ParsedExposition.unmodelled`, never silently dropped; label-row fields (serial, VBIOS,
InfoROM versions) are in :attr:`GpuInfo.inventory`.

Values are sanitized with :func:`telemetry.fields.sanitize`; the flags say what was replaced.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
from prometheus_client.metrics_core import Metric

from gpufleet.telemetry import vmjson
from gpufleet.telemetry.fields import (
    ALL_FIELDS,
    ALL_GPU_FIELD_NAMES,
    DCGM_FP64_BLANK,
    DCGM_INT32_BLANK,
    DCGM_INT64_BLANK,
    EXTENDED_GPU_FIELD_NAMES,
    FIELD_ALIASES,
    FIELDS,
    GPU_FIELD_NAMES,
    KEYED_FIELDS,
    LABEL_FIELDS,
    UINT32_NOT_SUPPORTED,
    FieldKind,
    FieldSpec,
    sanitize,
)
from gpufleet.telemetry.fields import field as field_spec
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.prom_text import metric_families, sample_line
from gpufleet.telemetry.topology import Topology, Workload, gpu_key
from gpufleet.telemetry.vmjson import HPC_JOB_LABEL, UnmodelledSeries, gpu_labels

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

SOURCE_DEFAULT = "dcgm-exporter"
MIG_ID_LABEL = "GPU_I_ID"
MIG_PROFILE_LABEL = "GPU_I_PROFILE"
_UUID_LABELS = ("UUID", "uuid")
_HOST_LABELS = ("Hostname", "hostname")
_MODEL_LABELS = ("modelName", "model_name")
# Labels a scrape (Prometheus/vmagent) adds; a real exporter never writes them itself.
_SCRAPE_LABELS = frozenset({"job", "instance"})
_WORKLOAD_LABELS = (HPC_JOB_LABEL, "pod", "namespace", "container")
_INVENTORY_LABELS = tuple(n for n in LABEL_FIELDS if n != "DCGM_FI_DRIVER_VERSION")

# The parser works on every GPU field (core and extended) and splits the result at the end:
# ParsedExposition.frame has the core GPU_FIELD_NAMES columns, .extended the others.
_ALL = ALL_GPU_FIELD_NAMES
_N_CORE = len(GPU_FIELD_NAMES)

# Fields whose value belongs to one MIG GPU instance, not to the physical GPU (see the module
# docstring's MIG rule). Everything else in the registry is device-wide.
MIG_INSTANCE_FIELDS: frozenset[str] = frozenset(
    {n for n in _ALL if n.startswith("DCGM_FI_PROF_")}
    | {
        "DCGM_FI_DEV_FB_FREE",
        "DCGM_FI_DEV_FB_USED",
        "DCGM_FI_DEV_FB_RESERVED",
        "DCGM_FI_DEV_GPU_UTIL",
        "DCGM_FI_DEV_MEM_COPY_UTIL",
        "DCGM_FI_DEV_ENC_UTIL",
        "DCGM_FI_DEV_DEC_UTIL",
    }
)

# Every DCGM int64 blank (0x7FFFFFFFFFFFFFF0..0x7FFFFFFFFFFFFFFF) is exactly 2**63 as a float.
_INT64_BLANK_LO = float(DCGM_INT64_BLANK)
_INT64_BLANK_HI = 2.0**63
_COL = {name: i for i, name in enumerate(_ALL)}
_MAX_DETAIL_LINE = 200
_KEYED_COLS: dict[int, FieldSpec] = {_COL[n]: s for n, s in KEYED_FIELDS.items()}

# Input limits (outside input: an exporter, a file someone hands us). A real dcgm-exporter page
# is ~1 KB per GPU and field family set (8 GPUs x 90 fields ~ 0.3 MB), lines < 1 KB.
MAX_TEXT_CHARS = 64 * 1024 * 1024  # a whole page; more raises ExpositionError
MAX_LINE_CHARS = 64 * 1024  # a longer line is skipped with a parse_error flag, never parsed
# Lines per page. One exporter serves one node: 8-16 GPUs x ~50-90 families, x7 with MIG, is
# ~2,000-12,000 lines. The Prometheus parser costs 25-100 µs a line, so this also bounds a
# page's parse time; lines past it are not parsed (one parse_error flag says how many).
MAX_LINES = 25_000
MAX_FLAGS_PER_KIND = 1000  # parse_error / overflow / bad_timestamp beyond this: one summary flag
MAX_UNMODELLED = 10_000  # distinct unmodelled series kept as records (all are counted)
# Sane exposition timestamps (s): 2000-01-01 .. 2200-01-01 UTC. Outside: the sample is dropped
# with a bad_timestamp flag (a 1e300 ms stamp must not become the frame's time).
TS_MIN_S = 946_684_800.0
TS_MAX_S = 7_258_118_400.0


# ------------------------------------------------------------------------------ results


def _empty_extended() -> Frame:
    n = len(EXTENDED_GPU_FIELD_NAMES)
    return Frame(0.0, EntityKind.GPU, (), EXTENDED_GPU_FIELD_NAMES, np.zeros((0, n)), "")


@dataclass(frozen=True, slots=True)
class Flag:
    """One thing in a scrape that was replaced, dropped or suspicious. Never an exception.

    ``entity`` is a GPU key (``node-01/gpu3``), a MIG instance (``node-01/gpu3/gi2``), a hostname
    or "" when the flag is about the whole text. ``value`` is the raw value that was replaced,
    where there is one. ``source`` names the text (a target URL or a file)."""

    kind: str
    metric: str
    entity: str
    value: float | None
    detail: str
    source: str = ""


@dataclass(frozen=True, slots=True)
class MigInstance:
    """One MIG GPU instance of a GPU: its id, profile and sanitized per-instance values."""

    gpu_instance_id: str
    profile: str
    values: dict[str, float]  # field → value; NaN where the sample was replaced
    workload: Workload | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            MIG_ID_LABEL: self.gpu_instance_id,
            MIG_PROFILE_LABEL: self.profile,
            "values": {k: _json_value(v) for k, v in self.values.items()},
            "workload": None
            if self.workload is None
            else self.workload.model_dump(mode="json", exclude_defaults=True),
        }


@dataclass(frozen=True, slots=True)
class GpuInfo:
    """What the labels said about one GPU (enough to infer a topology from a scrape)."""

    host: str
    index: int
    uuid: str | None
    pci_bus_id: str | None
    model: str | None
    driver: str | None
    # Static-configuration labels (telemetry.fields.LABEL_FIELDS other than the driver version:
    # serial, VBIOS, InfoROM versions, brand, NVML version) when the exporter was told to add
    # them; an RMA needs the board serial.
    inventory: dict[str, str] = field(default_factory=dict)

    @property
    def serial(self) -> str | None:
        return self.inventory.get("DCGM_FI_DEV_SERIAL")


class ExpositionError(ValueError):
    """The one exception :func:`parse_exposition` raises: the input as a whole is unusable (not
    text, or over :data:`MAX_TEXT_CHARS`). Problems of single lines are flags, never this."""


@dataclass
class ParsedExposition:
    """One exposition text as a GPU frame plus everything that had to be flagged."""

    frame: Frame  # GPU entities present in this text, topology order; GPU_FIELD_NAMES columns
    flags: list[Flag]
    workloads: dict[str, Workload]  # GPU key → workload, from hpc_job / pod labels
    mig: dict[str, list[MigInstance]]  # GPU key → its MIG instances, by GPU_I_ID
    present: BoolArray  # (entities × fields): a sample existed, even if sanitized to NaN
    gpu_info: dict[str, GpuInfo]  # GPU key → labels of its first series
    families: int = 0  # distinct metric families (HELP/TYPE-only ones included)
    samples: int = 0  # samples the parser returned, known or not
    mapped_samples: int = 0  # samples that landed on a GPU (device row or MIG instance)
    unknown_samples: int = 0  # samples of metrics the registry does not know
    newest_sample_ts: float | None = None  # max exposition timestamp (s), when samples had one
    saw_workload_labels: bool = False  # some GPU or MIG instance carried a workload label
    # DCGM-named series the registry does not know, one record per distinct name + labels
    # (at most MAX_UNMODELLED records; the rest are still counted in unknown_samples).
    unmodelled: list[UnmodelledSeries] = field(default_factory=list)
    # DCGM_EXP_* metrics per GPU: field → key-label value (the Xid, the clock event, the health
    # watch, the peer GPU) → value. The frame holds their rollup (FieldSpec.rollup).
    keyed: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)
    # field → the exporter's window_size_in_ms label for the windowed DCGM_EXP_* counts.
    window_ms: dict[str, float] = field(default_factory=dict)
    # The extended fields (telemetry.fields.EXTENDED_GPU_FIELD_NAMES: violations, SRAM/DRAM
    # ECC, NVLink5 counters, DCGM_EXP_* rollups, ...) for the same entities as ``frame``.
    extended: Frame = field(default_factory=_empty_extended)
    extended_present: BoolArray = field(
        default_factory=lambda: np.zeros((0, len(EXTENDED_GPU_FIELD_NAMES)), dtype=bool)
    )

    @property
    def gpus(self) -> int:
        return len(self.frame.entities)

    def tick(self) -> Tick:
        """The page as one detector tick at its frame's time: the core frame, the extended
        frame and per-key ``DCGM_EXP_*`` values, and the workloads its labels named."""
        return Tick(
            self.frame.timestamp,
            (self.frame,),
            workloads=dict(self.workloads) if self.saw_workload_labels else None,
            extended=self.extended,
            keyed=self.keyed or None,
        )

    @property
    def counts(self) -> dict[str, int]:
        return {
            "families": self.families,
            "samples": self.samples,
            "mapped_samples": self.mapped_samples,
            "unknown_samples": self.unknown_samples,
            "unmodelled_series": len(self.unmodelled),
            "gpus": self.gpus,
            "mig_instances": sum(len(v) for v in self.mig.values()),
            "flags": len(self.flags),
        }


# ------------------------------------------------------------------------------ rendering


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


def _fmt(v: float) -> str:
    # Integral values as integers (as the exporter prints them, and so 2**63 sentinels stay
    # exact); others in Python's shortest round-trip form, so parse(render(x)) == x.
    if v.is_integer():
        return str(int(v))
    if math.isinf(v):
        return "+Inf" if v > 0 else "-Inf"
    return repr(v)


def _prom_type(name: str) -> str:
    # dcgm-exporter's CSV only knows gauge and counter; bitmasks and enums are gauges there.
    return "counter" if FIELDS[name].kind is FieldKind.COUNTER else "gauge"


def _label_block(base: Mapping[str, str], extra: Iterable[tuple[str, str]]) -> str:
    # dcgm-exporter's order: the fixed identity labels, then its label map sorted by key.
    fixed = ("gpu", "UUID", "pci_bus_id", "device", "modelName", "Hostname")
    parts = [f'{k}="{_escape(base[k])}"' for k in fixed if k in base]
    rest = {k: v for k, v in base.items() if k not in fixed and k not in _SCRAPE_LABELS}
    rest.update(extra)
    parts += [f'{k}="{_escape(rest[k])}"' for k in sorted(rest)]
    return "{" + ",".join(parts) + "}"


def _render_columns(names: tuple[str, ...], wanted: set[str] | None) -> list[tuple[str, int]]:
    """(registry name, frame column) of each field to render, in registry order."""
    frame_cols: dict[str, int] = {}
    for j, name in enumerate(names):
        spec = ALL_FIELDS.get(FIELD_ALIASES.get(name, name))
        if spec is not None:
            frame_cols.setdefault(spec.name, j)
    return [
        (name, frame_cols[name])
        for name in _ALL
        if name in frame_cols and (wanted is None or name in wanted)
    ]


def render_exposition(
    frame: Frame,
    topology: Topology,
    hostname: str,
    *,
    workloads: Mapping[str, Workload] | None = None,
    help_type: bool = True,
    fields: Collection[str] | None = None,
) -> str:
    """The ``/metrics`` text a stock dcgm-exporter on ``hostname`` serves for ``frame``.

    One family per registry field present in ``frame`` (registry order; ``fields`` narrows it,
    aliases accepted): ``# HELP``/``# TYPE`` (unless ``help_type`` is false) even when no GPU has
    a value, as the exporter does, then one sample per GPU of the host with a finite value (NaN
    is a gap, never written). Without ``fields``, a family with no value on any GPU of the host
    is written only for fields of the stock default counters (``FieldSpec.exporter_default``).
    DCGM_EXP_* fields are written as one series per GPU (their rolled-up value, no key label).
    Labels come from :func:`telemetry.vmjson.gpu_labels` without the
    scrape-added ``job``/``instance``; a GPU in ``workloads`` also gets ``hpc_job`` (SLURM) or
    ``pod``/``namespace``/``container`` (Kubernetes). Raises KeyError for an unknown hostname.
    """
    node = topology.node_pos.get(hostname)
    if node is None:
        raise KeyError(f"host {hostname!r} is not in the topology")
    gpus = [int(g) for g in topology.gpus_of_node(node)]
    if frame.entities is topology.gpu_keys or frame.entities == topology.gpu_keys:
        rows = gpus
    else:
        pos = {k: i for i, k in enumerate(frame.entities)}
        rows = [pos.get(topology.gpu_keys[g], -1) for g in gpus]
    keep = [(g, r) for g, r in zip(gpus, rows, strict=True) if r >= 0]
    wanted = None if fields is None else {field_spec(f).name for f in fields}
    cols = _render_columns(frame.fields, wanted)
    labels = []
    for g, _ in keep:
        extra: list[tuple[str, str]] = []
        w = None if workloads is None else workloads.get(topology.gpu_keys[g])
        if w is not None:
            extra = list(vmjson.workload_labels(w))
            if w.job_id is None and w.pod is not None:
                extra.append(("container", w.name or ""))
        labels.append(_label_block(gpu_labels(topology, g), extra))
    row_idx = [r for _, r in keep]
    block = frame.values[row_idx] if row_idx else np.zeros((0, len(frame.fields)))
    out: list[str] = []
    for name, j in cols:
        finite = bool(np.isfinite(block[:, j]).any())
        if not finite and wanted is None and not FIELDS[name].exporter_default:
            # A field no GPU has a value for is one the source does not model (the simulator
            # leaves NaN in the DCGM_EXP_*/NVLink5 columns): a stock exporter heads only the
            # fields of its default counters file, so only those get an empty family.
            continue
        if help_type:
            out.append(f"# HELP {name} {FIELDS[name].help}")
            out.append(f"# TYPE {name} {_prom_type(name)}")
        for lab, v in zip(labels, block[:, j].tolist(), strict=True):
            if not math.isnan(v):  # NaN is a gap, never written
                out.append(f"{name}{lab} {_fmt(v)}")
    return "\n".join(out) + "\n" if out else ""


# ------------------------------------------------------------------------------ parsing

_COLUMN_CACHE: dict[tuple[str, str], int] = {}
_NOT_GPU = -2
_UNKNOWN = -1


def _column(sample_name: str, family_type: str) -> int:
    """Registry column of a sample name (aliases, and the ``_total`` the parser appends to
    counter samples, resolved); -1 unknown, -2 a known non-GPU (node) field."""
    key = (sample_name, family_type)
    col = _COLUMN_CACHE.get(key)
    if col is not None:
        return col
    names = [sample_name]
    if family_type == "counter" and sample_name.endswith("_total"):
        names.insert(0, sample_name[: -len("_total")])
    col = _UNKNOWN
    for n in names:
        # A dict lookup, not field(): its KeyError suggests near names (slow per unknown name).
        spec = ALL_FIELDS.get(FIELD_ALIASES.get(n, n))
        if spec is None:
            continue
        col = _COL.get(spec.name, _NOT_GPU)
        break
    if len(_COLUMN_CACHE) < 10_000:  # bounded: a hostile exporter could invent names forever
        _COLUMN_CACHE[key] = col
    return col


def _report_name(sample_name: str, family: Metric) -> str:
    # For counters the parser appends "_total" to sample names; the family keeps the name the
    # exporter wrote (dcgm-exporter's names are upper case, so a lower-case "_total" is the
    # parser's).
    if family.type == "counter" and sample_name == family.name + "_total":
        return str(family.name)
    return sample_name


def _clip(line: str) -> str:
    return line if len(line) <= _MAX_DETAIL_LINE else line[:_MAX_DETAIL_LINE] + "…"


def _err(exc: BaseException) -> str:
    msg = str(exc).strip()
    return f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__


_HEADER_RE = re.compile(r"#\s*(HELP|TYPE)\s+(\S+)")
_VALUE_SEP = re.compile(r"\S[ \t]+\S")  # a sample line has a value after its name/labels


def _chunks(lines: list[str]) -> list[tuple[list[tuple[int, str]], list[tuple[int, str]]]]:
    """Split exposition lines into (header lines, sample lines) per metric family.

    A new chunk starts at a ``# HELP``/``# TYPE`` line for a name other than the current one."""
    out: list[tuple[list[tuple[int, str]], list[tuple[int, str]]]] = []
    name: str | None = None
    headers: list[tuple[int, str]] = []
    samples: list[tuple[int, str]] = []
    for i, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line:
            continue
        m = _HEADER_RE.match(line)
        if m is not None:
            if m.group(2) != name or samples:
                if headers or samples:
                    out.append((headers, samples))
                headers, samples = [], []
                name = m.group(2)
            headers.append((i, line))
        elif line.startswith("#"):
            continue  # a plain comment
        else:
            samples.append((i, line))
    if headers or samples:
        out.append((headers, samples))
    return out


def _parse_families(text: str, source: str) -> tuple[list[Metric], list[Flag]]:
    """All metric families of ``text``; rejected lines become ``parse_error`` flags."""
    try:
        return metric_families(text), []
    except Exception as exc:  # the library raises ValueError, IndexError, ...: never crash
        first_error = exc
    families: list[Metric] = []
    flags: list[Flag] = []
    for headers, samples in _chunks(text.splitlines()):
        chunk = "\n".join(line for _, line in (*headers, *samples)) + "\n"
        whole = _try_parse(chunk)
        if whole is not None:
            families.extend(whole)
            continue
        # The last good HELP and the last good TYPE only: a chunk of 100,000 repeated headers
        # must not be re-parsed in front of each of its sample lines (quadratic time).
        good: dict[str, str] = {}
        for lineno, line in headers:
            try:
                metric_families(line + "\n")
                m = _HEADER_RE.match(line)
                good[m.group(1) if m else line] = line
            except Exception as exc:
                flags.append(_parse_flag(lineno, line, exc, source))
        good_headers = list(good.values())
        head = "\n".join(good_headers)
        if not samples and good_headers:
            families.extend(metric_families(head + "\n"))
            continue
        families.extend(_sample_lines(samples, head, source, flags))
    if not flags:  # the whole text failed but no single line does (should not happen)
        flags.append(
            Flag("parse_error", "", "", None, f"text rejected: {_err(first_error)}", source)
        )
    return families, flags


def _sample_lines(
    samples: list[tuple[int, str]], head: str, source: str, flags: list[Flag]
) -> list[Metric]:
    """Each sample line of a rejected chunk read under the chunk's good headers; a rejected
    line becomes a ``parse_error`` flag."""
    families: list[Metric] = []
    for lineno, line in samples:
        if _VALUE_SEP.search(line) is None:
            # No "name value" split at all: the library must reject it; asking it costs
            # ~25 µs a line, which a page of garbage turns into seconds.
            exc: Exception = ValueError("no value after the name")
        else:
            try:
                # A line the reader rejects alone it rejects after the (good) headers too, with
                # the same error: reading the headers again for it would only cost time.
                sample_line(line)
                families.extend(metric_families(f"{head}\n{line}\n"))
                continue
            except Exception as error:
                exc = error
        if len(flags) < MAX_FLAGS_PER_KIND:  # all parse_error
            flags.append(_parse_flag(lineno, line, exc, source))
        else:
            flags.append(_over_cap_flag("parse_error", source))
    return families


def _try_parse(chunk: str) -> list[Metric] | None:
    try:
        return metric_families(chunk)
    except Exception:  # narrowed down line by line by the caller
        return None


def _over_cap_flag(kind: str, source: str) -> Flag:
    """A flag past :data:`MAX_FLAGS_PER_KIND` of its kind: :func:`_cap_flags` only counts it,
    so its text is never built (a page of 25,000 bad lines would spend most of its time there).
    """
    return Flag(kind, "", "", None, "", source)


_FLAG_METRIC_RE = re.compile(r"[A-Za-z_:][A-Za-z0-9_:]*")


def _parse_flag(lineno: int, line: str, exc: BaseException, source: str) -> Flag:
    m = _FLAG_METRIC_RE.match(line)
    metric = m.group(0) if m and not line.startswith("#") else ""
    detail = f"line {lineno}: {_err(exc)}: {_clip(line)!r}"
    return Flag("parse_error", metric, "", None, detail, source)


def _artifact_kind(v: float) -> str:
    if v == UINT32_NOT_SUPPORTED:
        return "not_supported_4294967295"
    if (
        _INT64_BLANK_LO <= v <= _INT64_BLANK_HI
        or DCGM_INT32_BLANK <= v <= DCGM_INT32_BLANK + 15
        or DCGM_FP64_BLANK <= v <= DCGM_FP64_BLANK + 3
    ):
        return "blank_sentinel"
    return "out_of_range"


_ARTIFACT_DETAIL = {
    "blank_sentinel": "DCGM blank sentinel (no value for this field); replaced by NaN",
    "not_supported_4294967295": "NVML 'not supported' (4294967295); replaced by NaN",
    "out_of_range": "outside the field's plausible range; replaced by NaN",
}


def _label(labels: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    for n in names:
        v = labels.get(n)
        if v:
            return v
    return None


def _workload(labels: Mapping[str, str]) -> Workload | None:
    job = labels.get(HPC_JOB_LABEL) or None
    pod = labels.get("pod") or None
    if job is None and pod is None:
        return None
    ns = labels.get("namespace") or None
    container = labels.get("container") or None
    return Workload(job_id=job, pod=pod, namespace=ns, name=container)


def _json_value(v: float) -> float | None:
    return v if math.isfinite(v) else None


_Key = tuple[str | None, str | None, str | None, str | None]  # gpu, uuid, host, pci


class _Resolver:
    """Labels → a row of this parse (one per GPU), cached per distinct identity label set."""

    def __init__(self, topology: Topology | None, hostname: str | None, source: str) -> None:
        self.topology = topology
        self.hostname = hostname
        self.source = source
        self.cache: dict[_Key, int] = {}
        self.keys: list[str] = []  # row → GPU key
        self.sort: list[tuple[Any, ...]] = []  # row → ordering key
        self.info: list[GpuInfo] = []
        self.row_of: dict[str, int] = {}
        self.flags: list[Flag] = []
        self.unmapped: Counter[_Key] = Counter()
        self.unmapped_first: dict[_Key, str] = {}

    def resolve(self, key: _Key, labels: Mapping[str, str], metric: str) -> int:
        row = self._resolve(key, labels)
        self.cache[key] = row
        if row < 0:
            self.unmapped_first[key] = metric
        return row

    def _resolve(self, key: _Key, labels: Mapping[str, str]) -> int:
        gpu_s, uuid, host_label, pci = key
        host = self.hostname or host_label or ""
        idx: int | None = None
        if gpu_s is not None:
            try:
                idx = int(gpu_s)
            except ValueError:
                idx = None
            if idx is not None and not 0 <= idx <= 63:
                idx = None
        topo = self.topology
        if topo is None:
            if idx is None:
                return -1
            k = gpu_key(host or "unknown", idx)
            order: tuple[Any, ...] = (vmjson.natural_key(host), idx)
            return self._row(k, order, host or "unknown", idx, uuid, pci, labels)
        g: int | None = None
        if uuid is not None and not uuid.startswith("MIG-"):
            g = topo.uuid_pos.get(uuid)
        if g is None and idx is not None and host:
            g = topo.gpu_pos.get(gpu_key(host, idx))
            if g is not None and uuid and not uuid.startswith("MIG-"):
                self.flags.append(
                    Flag(
                        "uuid_mismatch",
                        "",
                        topo.gpu_keys[g],
                        None,
                        f"reports UUID {uuid}, the topology has {topo.gpu_uuid[g]} "
                        "(board swapped? the topology file is stale); mapped by index",
                        self.source,
                    )
                )
        if g is None and pci and host:
            g = topo.gpu_by_pci(host, pci)
        if g is None:
            return -1
        k = topo.gpu_keys[g]
        node = topo.nodes[int(topo.gpu_node[g])]
        return self._row(k, (g,), node.hostname, int(topo.gpu_local_index[g]), uuid, pci, labels)

    def _row(
        self,
        k: str,
        order: tuple[Any, ...],
        host: str,
        idx: int,
        uuid: str | None,
        pci: str | None,
        labels: Mapping[str, str],
    ) -> int:
        row = self.row_of.get(k)
        if row is not None:
            return row
        row = len(self.keys)
        self.row_of[k] = row
        self.keys.append(k)
        self.sort.append(order)
        self.info.append(
            GpuInfo(
                host,
                idx,
                uuid,
                pci,
                _label(labels, _MODEL_LABELS),
                labels.get("DCGM_FI_DRIVER_VERSION") or None,
                {k: labels[k] for k in _INVENTORY_LABELS if labels.get(k)},
            )
        )
        return row

    def unmapped_flags(self) -> list[Flag]:
        out = []
        for key, n in self.unmapped.items():
            gpu_s, uuid, host_label, pci = key
            host = self.hostname or host_label or ""
            # isascii: "²".isdigit() is true but int() rejects it; short: no 5,000-digit int().
            small = gpu_s is not None and len(gpu_s) <= 6 and gpu_s.isascii() and gpu_s.isdigit()
            ent = gpu_key(host, int(gpu_s)) if small and gpu_s else host
            what = ", ".join(
                f"{k}={v!r}"
                for k, v in (("Hostname", host), ("gpu", gpu_s), ("UUID", uuid), ("pci", pci))
                if v
            )
            why = "not in the topology" if self.topology is not None else "no gpu label"
            out.append(
                Flag(
                    "unmapped_gpu",
                    self.unmapped_first[key],
                    ent,
                    None,
                    f"{what or 'no identity labels'}: {why}; {n} sample(s) dropped",
                    self.source,
                )
            )
        return out


@dataclass
class _Mig:
    profile: str
    values: list[float]
    present: list[bool]
    workload: Workload | None
    labels: dict[int, Mapping[str, str]] = field(default_factory=dict)


@dataclass
class _Acc:
    """What the sample loop gathers: per-row (one per GPU) raw values, in first-seen order."""

    n_fields: int
    source: str
    vals: list[list[float]] = field(default_factory=list)
    pres: list[list[bool]] = field(default_factory=list)
    first_labels: list[dict[int, Mapping[str, str]]] = field(default_factory=list)
    workloads: list[Workload | None] = field(default_factory=list)
    migs: dict[tuple[int, str], _Mig] = field(default_factory=dict)
    names: set[str] = field(default_factory=set)
    with_samples: set[str] = field(default_factory=set)
    unknown: Counter[str] = field(default_factory=Counter)
    n_samples: int = 0
    mapped: int = 0
    n_unknown: int = 0
    newest: float | None = None
    dup_flags: list[Flag] = field(default_factory=list)
    sample_flags: list[Flag] = field(default_factory=list)  # overflow, bad_timestamp
    bad_timestamps: int = 0
    keyed: dict[tuple[int, int], dict[str, float]] = field(default_factory=dict)
    keyed_labels: dict[tuple[int, int], dict[str, Mapping[str, str]]] = field(default_factory=dict)
    window_ms: dict[str, float] = field(default_factory=dict)
    # (name, sorted labels) → [last value, count]
    unmodelled: dict[tuple[str, tuple[tuple[str, str], ...]], list[float]] = field(
        default_factory=dict
    )

    def grow(self, n_rows: int) -> None:
        while len(self.vals) < n_rows:
            self.vals.append([math.nan] * self.n_fields)
            self.pres.append([False] * self.n_fields)
            self.first_labels.append({})
            self.workloads.append(None)


def parse_exposition(
    text: str,
    *,
    topology: Topology | None = None,
    hostname: str | None = None,
    source: str = "",
    timestamp: float | None = None,
) -> ParsedExposition:
    """Parse one dcgm-exporter ``/metrics`` text into a GPU frame.

    Bad lines never raise: each becomes a flag and the rest is read (linear time; lines over
    :data:`MAX_LINE_CHARS` are skipped unparsed). Raises :class:`ExpositionError`, and nothing
    else, when ``text`` is not a ``str`` or is longer than :data:`MAX_TEXT_CHARS`.

    ``hostname`` (the scrape target's configured node name) overrides the ``Hostname`` label.
    With a ``topology``, the frame's entities are the topology's GPU keys in topology order,
    only those present in this text; without one, ``<host>/gpu<index>`` in natural order.
    Columns are always :data:`telemetry.fields.GPU_FIELD_NAMES` (NaN where no sample).
    ``timestamp`` becomes the frame's; by default the newest exposition timestamp in the text,
    else 0.0 (dcgm-exporter writes none: the scraper passes its scrape time).
    See the module docstring for the label mapping, the MIG rule and the flag kinds.
    """
    src = source or SOURCE_DEFAULT
    text, flags = _check_input(text, src)
    families, parse_flags = _parse_families(text, src)
    flags += parse_flags
    res = _Resolver(topology, hostname, src)
    acc = _Acc(len(_ALL), src)
    for fam in families:
        _add_family(acc, res, fam)
    # Rows for GPUs that only have MIG series.
    acc.grow(len(res.keys))
    return _assemble(acc, res, flags, timestamp)


def _add_family(acc: _Acc, res: _Resolver, fam: Metric) -> None:
    """Every sample of one metric family into ``acc`` (the hot loop: one call per family)."""
    acc.names.add(fam.name)
    ftype = fam.type
    if fam.samples:
        acc.with_samples.add(fam.name)
    cache = res.cache
    for s in fam.samples:
        acc.n_samples += 1
        col = _COLUMN_CACHE.get((s.name, ftype))
        if col is None:
            col = _column(s.name, ftype)
        if col < 0:
            acc.n_unknown += 1
            rname = _report_name(s.name, fam)
            acc.unknown[rname] += 1
            if rname[:5].upper() == "DCGM_":
                _note_unmodelled(acc, rname, s.labels, s.value)
            continue
        labels = s.labels
        key: _Key = (
            labels.get("gpu"),
            labels.get("UUID") or labels.get("uuid"),
            labels.get("Hostname") or labels.get("hostname"),
            labels.get("pci_bus_id"),
        )
        row = cache.get(key)
        if row is None:
            row = res.resolve(key, labels, _report_name(s.name, fam))
        if row < 0:
            res.unmapped[key] += 1
            continue
        acc.grow(row + 1)
        if s.timestamp is not None and not _take_timestamp(acc, s.name, fam, res.keys[row], s):
            continue
        raw: object = s.value  # the library returns an int for integer text: any size
        v = _as_float(raw)
        if math.isnan(v) and not isinstance(raw, float):
            acc.sample_flags.append(_overflow_flag(s.name, fam, res.keys[row], raw, acc))
        acc.mapped += 1
        mig_id = labels.get(MIG_ID_LABEL)
        spec = _KEYED_COLS.get(col)
        if spec is not None:  # DCGM_EXP_*: one series per key label value, rolled up later
            _store_keyed(acc, res, fam, s.name, (row, col), spec, labels, v)
        elif mig_id:
            _store_mig(acc, res, fam, s.name, row, col, mig_id, labels, v)
        else:
            _store_device(acc, res, fam, s.name, row, col, labels, v)


def _store_mig(
    acc: _Acc,
    res: _Resolver,
    fam: Metric,
    name: str,
    row: int,
    col: int,
    mig_id: str,
    labels: Mapping[str, str],
    v: float,
) -> None:
    inst = acc.migs.get((row, mig_id))
    if inst is None:
        inst = acc.migs[(row, mig_id)] = _Mig(
            labels.get(MIG_PROFILE_LABEL, ""),
            [math.nan] * acc.n_fields,
            [False] * acc.n_fields,
            _workload(labels),
        )
    if inst.present[col]:
        dup = _duplicate(inst.labels[col], labels, inst.values[col], v)
        if dup:
            ent = f"{res.keys[row]}/gi{mig_id}"
            acc.dup_flags.append(_dup_flag(name, fam, ent, v, dup, acc.source))
        return
    inst.values[col] = v
    inst.present[col] = True
    inst.labels[col] = labels
    if inst.workload is None:
        inst.workload = _workload(labels)


def _store_device(
    acc: _Acc,
    res: _Resolver,
    fam: Metric,
    name: str,
    row: int,
    col: int,
    labels: Mapping[str, str],
    v: float,
) -> None:
    if acc.pres[row][col]:
        dup = _duplicate(acc.first_labels[row][col], labels, acc.vals[row][col], v)
        if dup:
            acc.dup_flags.append(_dup_flag(name, fam, res.keys[row], v, dup, acc.source))
        return
    acc.vals[row][col] = v
    acc.pres[row][col] = True
    acc.first_labels[row][col] = labels
    if acc.workloads[row] is None:  # the first device-level series with workload labels
        acc.workloads[row] = _workload(labels)


def _as_float(value: object) -> float:
    """A sample value as a float; NaN when it does not fit one (a 400-digit integer)."""
    try:
        return float(value)  # type: ignore[arg-type]
    except (OverflowError, TypeError, ValueError):
        return math.nan


def _overflow_flag(name: str, fam: Metric, entity: str, raw: object, acc: _Acc) -> Flag:
    digits = str(raw)
    shown = digits if len(digits) <= 40 else f"{digits[:20]}…({len(digits)} digits)"
    detail = f"value {shown} does not fit a float64; replaced by NaN"
    return Flag("overflow", _report_name(name, fam), entity, None, detail, acc.source)


def _take_timestamp(acc: _Acc, name: str, fam: Metric, entity: str, s: Any) -> bool:
    """Track the newest sane exposition timestamp; False (and a flag) for an insane one."""
    ts = _as_float(s.timestamp)
    if TS_MIN_S <= ts <= TS_MAX_S:
        acc.newest = ts if acc.newest is None or ts > acc.newest else acc.newest
        return True
    acc.bad_timestamps += 1
    if acc.bad_timestamps > MAX_FLAGS_PER_KIND:
        acc.sample_flags.append(_over_cap_flag("bad_timestamp", acc.source))
        return False
    labels = ",".join(f'{k}="{v}"' for k, v in sorted(s.labels.items()))
    detail = (
        f"{_clip(name + '{' + labels + '}')}: timestamp {ts!r} s is outside "
        "2000-01-01..2200-01-01 UTC; sample dropped"
    )
    acc.sample_flags.append(
        Flag("bad_timestamp", _report_name(name, fam), entity, None, detail, acc.source)
    )
    return False


def _store_keyed(
    acc: _Acc,
    res: _Resolver,
    fam: Metric,
    name: str,
    cell_key: tuple[int, int],
    spec: FieldSpec,
    labels: Mapping[str, str],
    v: float,
) -> None:
    """One series of a DCGM_EXP_* metric: kept per key-label value (the Xid, the watch, ...)."""
    kv = labels.get(spec.key_label or "", "")
    cell = acc.keyed.setdefault(cell_key, {})
    seen = acc.keyed_labels.setdefault(cell_key, {})
    if kv in cell:
        dup = _duplicate(seen[kv], labels, cell[kv], v)
        if dup:
            ent = res.keys[cell_key[0]]
            acc.dup_flags.append(_dup_flag(name, fam, ent, v, dup, acc.source))
        return
    cell[kv] = v
    seen[kv] = labels
    win = labels.get("window_size_in_ms")
    if win is not None and spec.name not in acc.window_ms:
        w = _as_float(win) if len(win) < 32 else math.nan
        if math.isfinite(w):
            acc.window_ms[spec.name] = w


def _note_unmodelled(acc: _Acc, name: str, labels: Mapping[str, str], value: object) -> None:
    key = (name, tuple(sorted(labels.items())))
    rec = acc.unmodelled.get(key)
    if rec is not None:
        rec[0] = _as_float(value)
        rec[1] += 1
    elif len(acc.unmodelled) < MAX_UNMODELLED:
        acc.unmodelled[key] = [_as_float(value), 1]


def _rollup_keyed(acc: _Acc, rows: _Rows) -> dict[str, dict[str, dict[str, float]]]:
    """Each GPU's DCGM_EXP_* cell from its per-key series (FieldSpec.rollup); NaNs ignored."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for (row, col), cell in acc.keyed.items():
        i = rows.new_pos[row]
        spec = _KEYED_COLS[col]
        finite = [x for x in cell.values() if not math.isnan(x)]
        if finite:
            rows.raw[i, col] = max(finite) if spec.rollup == "max" else math.fsum(finite)
        rows.present[i, col] = True
        per_key = dict(sorted(cell.items(), key=lambda kv: vmjson.natural_key(kv[0])))
        out.setdefault(rows.keys[i], {})[spec.name] = per_key
    return out


@dataclass
class _Rows:
    """The gathered rows in output order (topology order, or natural order without one)."""

    order: list[int]  # output position → gathered row
    new_pos: dict[int, int]  # gathered row → output position
    keys: tuple[str, ...]
    raw: FloatArray
    present: BoolArray


def _order_rows(acc: _Acc, res: _Resolver) -> _Rows:
    n_rows, n_fields = len(res.keys), acc.n_fields
    order = sorted(range(n_rows), key=lambda r: res.sort[r])
    raw = np.asarray([acc.vals[r] for r in order], dtype=np.float64).reshape(n_rows, n_fields)
    present = np.asarray([acc.pres[r] for r in order], dtype=bool).reshape(n_rows, n_fields)
    keys = tuple(res.keys[r] for r in order)
    return _Rows(order, {r: i for i, r in enumerate(order)}, keys, raw, present)


def _assemble(
    acc: _Acc, res: _Resolver, flags: list[Flag], timestamp: float | None
) -> ParsedExposition:
    """Order the rows, flag what was odd, roll MIG instances up, sanitize, build the result."""
    src = acc.source
    rows = _order_rows(acc, res)
    flags += res.flags
    flags += res.unmapped_flags()
    flags += acc.dup_flags
    flags += acc.sample_flags
    flags += _family_flags(acc)
    mig, mig_wl = _mig_instances(acc, rows, flags)
    keyed = _rollup_keyed(acc, rows)
    cleaned, bad = sanitize(rows.raw, _ALL)
    for a, b in zip(*np.nonzero(bad), strict=True):
        name = _ALL[int(b)]
        flags.append(_artifact_flag(name, rows.keys[a], float(rows.raw[a, b]), src))
    wl_map: dict[str, Workload] = {}
    for r in range(len(res.keys)):
        i = rows.new_pos[r]
        w = acc.workloads[r] if acc.first_labels[r] else mig_wl.get(i)
        if w is not None:
            wl_map[rows.keys[i]] = w
    newest = acc.newest
    t = timestamp if timestamp is not None else (newest if newest is not None else 0.0)
    core, ext = cleaned[:, :_N_CORE], cleaned[:, _N_CORE:]
    frame = Frame(float(t), EntityKind.GPU, rows.keys, GPU_FIELD_NAMES, core, src)
    return ParsedExposition(
        frame=frame,
        flags=_cap_flags(flags),
        workloads=wl_map,
        mig=mig,
        present=rows.present[:, :_N_CORE],
        extended=Frame(float(t), EntityKind.GPU, rows.keys, EXTENDED_GPU_FIELD_NAMES, ext, src),
        extended_present=rows.present[:, _N_CORE:],
        gpu_info={rows.keys[rows.new_pos[r]]: res.info[r] for r in range(len(res.keys))},
        families=len(acc.names),
        samples=acc.n_samples,
        mapped_samples=acc.mapped,
        unknown_samples=acc.n_unknown,
        newest_sample_ts=newest,
        saw_workload_labels=bool(wl_map) or any(m.workload for v in mig.values() for m in v),
        unmodelled=[
            UnmodelledSeries(n, lab, rec[0], int(rec[1]))
            for (n, lab), rec in acc.unmodelled.items()
        ],
        keyed=keyed,
        window_ms=dict(acc.window_ms),
    )


def _cap_flags(flags: list[Flag]) -> list[Flag]:
    """At most MAX_FLAGS_PER_KIND flags of one kind, then one flag saying how many were cut."""
    counts = Counter(f.kind for f in flags)
    if all(n <= MAX_FLAGS_PER_KIND for n in counts.values()):
        return flags
    out: list[Flag] = []
    seen: Counter[str] = Counter()
    for f in flags:
        seen[f.kind] += 1
        if seen[f.kind] <= MAX_FLAGS_PER_KIND:
            out.append(f)
    for kind, n in sorted(counts.items()):
        if n > MAX_FLAGS_PER_KIND:
            more = n - MAX_FLAGS_PER_KIND
            src = next(f.source for f in flags if f.kind == kind)
            out.append(Flag(kind, "", "", None, f"... {more} more {kind} flag(s) not listed", src))
    return out


def _check_input(text: object, source: str) -> tuple[str, list[Flag]]:
    """The text with every line over MAX_LINE_CHARS blanked (flagged); ExpositionError when the
    text as a whole is unusable. Blanking keeps the other lines' numbers."""
    if not isinstance(text, str):
        raise ExpositionError(f"{source}: expected exposition text, got {type(text).__name__}")
    if len(text) > MAX_TEXT_CHARS:
        line = text.count("\n", 0, MAX_TEXT_CHARS) + 1
        raise ExpositionError(
            f"{source}: line {line}: text passes the {MAX_TEXT_CHARS}-character limit "
            f"({len(text)} characters); not parsed"
        )
    if len(text) <= MAX_LINE_CHARS and text.count("\n") < MAX_LINES:
        return text, []
    lines = text.split("\n")
    flags = []
    if len(lines) > MAX_LINES + 1 or (len(lines) == MAX_LINES + 1 and lines[-1]):
        flags.append(
            Flag(
                "parse_error",
                "",
                "",
                None,
                f"lines {MAX_LINES + 1}..{len(lines)}: over the {MAX_LINES}-line page limit "
                "(one exporter serves a few thousand); not parsed",
                source,
            )
        )
        lines = lines[:MAX_LINES]
    long_lines = [i for i, line in enumerate(lines) if len(line) > MAX_LINE_CHARS]
    if not long_lines and not flags:
        return text, []
    for i in long_lines:
        m = re.match(r"[A-Za-z_:][A-Za-z0-9_:]{0,200}", lines[i])
        detail = (
            f"line {i + 1}: {len(lines[i])} characters, over the {MAX_LINE_CHARS}-character "
            f"line limit; skipped unparsed: {_clip(lines[i])!r}"
        )
        flags.append(Flag("parse_error", m.group(0) if m else "", "", None, detail, source))
        lines[i] = ""
    return "\n".join(lines), flags


def _family_flags(acc: _Acc) -> list[Flag]:
    """``help_without_samples`` and ``unknown_metric`` flags, by name."""
    out: list[Flag] = []
    for name in sorted(acc.names - acc.with_samples):
        out.append(
            Flag(
                "help_without_samples",
                name,
                "",
                None,
                "HELP/TYPE with no sample: the exporter watches this field but DCGM returned "
                "no value for any GPU (not supported, or not sampled yet)",
                acc.source,
            )
        )
    unknown = 0
    for name, count in sorted(acc.unknown.items()):
        if name.startswith("DCGM_"):
            unknown += 1
            if unknown > MAX_FLAGS_PER_KIND:
                out.append(_over_cap_flag("unknown_metric", acc.source))
                continue
            out.append(
                Flag(
                    "unknown_metric",
                    name,
                    "",
                    None,
                    f"not in telemetry.fields; {count} sample(s) kept as unmodelled series "
                    "(not in the frame)",
                    acc.source,
                )
            )
    return out


def _mig_instances(
    acc: _Acc, rows: _Rows, flags: list[Flag]
) -> tuple[dict[str, list[MigInstance]], dict[int, Workload | None]]:
    """MIG instances: sanitize each, then fill device-wide gaps of the parent (never overwrite).

    Returns the instances per GPU key and, per output row, the workload all its instances share
    (None when they differ)."""
    mig: dict[str, list[MigInstance]] = {}
    by_row: dict[int, list[tuple[str, _Mig]]] = {}
    for (row, gid), inst in acc.migs.items():
        by_row.setdefault(rows.new_pos[row], []).append((gid, inst))
    mig_wl: dict[int, Workload | None] = {}
    for i, insts in sorted(by_row.items()):
        insts.sort(key=lambda item: vmjson.natural_key(item[0]))
        key = rows.keys[i]
        mig[key], clean, inst_present = _sanitize_instances(key, insts, flags, acc.source)
        _fill_parent(i, key, rows.raw, rows.present, clean, inst_present, flags, acc.source)
        distinct = {inst.workload for _, inst in insts if inst.workload is not None}
        mig_wl[i] = distinct.pop() if len(distinct) == 1 else None
    return mig, mig_wl


def _sanitize_instances(
    key: str, insts: list[tuple[str, _Mig]], flags: list[Flag], src: str
) -> tuple[list[MigInstance], FloatArray, BoolArray]:
    arr = np.asarray([inst.values for _, inst in insts], dtype=np.float64)
    clean, bad = sanitize(arr, _ALL)
    for a, b in zip(*np.nonzero(bad), strict=True):
        ent = f"{key}/gi{insts[int(a)][0]}"
        flags.append(_artifact_flag(_ALL[int(b)], ent, float(arr[a, b]), src))
    inst_present = np.asarray([inst.present for _, inst in insts], dtype=bool)
    out = [
        MigInstance(
            gid,
            inst.profile,
            {_ALL[c]: float(clean[k, c]) for c in np.flatnonzero(inst_present[k]).tolist()},
            inst.workload,
        )
        for k, (gid, inst) in enumerate(insts)
    ]
    return out, clean, inst_present


def _duplicate(first: Mapping[str, str], labels: Mapping[str, str], v0: float, v: float) -> str:
    """Why a second sample for the same cell is a duplicate, or "" when it is benign.

    GPU time-slicing makes dcgm-exporter repeat a GPU's series once per pod with the same value:
    those differ only in workload labels and are not flagged."""
    if first == labels:
        return "same series twice"
    if not (v0 == v or (math.isnan(v0) and math.isnan(v))):
        return f"conflicting value (first {v0!r} kept)"
    rest_a = {k: x for k, x in first.items() if k not in _WORKLOAD_LABELS}
    rest_b = {k: x for k, x in labels.items() if k not in _WORKLOAD_LABELS}
    if rest_a != rest_b and any(k not in _SCRAPE_LABELS for k in rest_a.keys() ^ rest_b.keys()):
        return "second series for the same GPU and field with other labels (first kept)"
    return ""


def _dup_flag(name: str, fam: Metric, entity: str, v: float, why: str, src: str) -> Flag:
    return Flag("duplicate_series", _report_name(name, fam), entity, v, why, src)


def _artifact_flag(name: str, entity: str, raw: float, src: str) -> Flag:
    kind = _artifact_kind(raw)
    return Flag(kind, name, entity, raw, f"{raw!r}: {_ARTIFACT_DETAIL[kind]}", src)


def _fill_parent(
    i: int,
    key: str,
    raw: FloatArray,
    present: BoolArray,
    clean: FloatArray,
    inst_present: BoolArray,
    flags: list[Flag],
    src: str,
) -> None:
    """Device-wide fields the parent GPU lacks, from its MIG instances when they agree."""
    for c, name in enumerate(_ALL):
        if present[i, c] or name in MIG_INSTANCE_FIELDS or not inst_present[:, c].any():
            continue
        col = clean[inst_present[:, c], c]
        col = col[~np.isnan(col)]
        present[i, c] = True
        if col.size == 0:
            continue  # every instance's value was an artifact (already flagged)
        if np.all(col == col[0]):
            raw[i, c] = col[0]
        else:
            flags.append(
                Flag(
                    "mig_conflict",
                    name,
                    key,
                    None,
                    f"MIG instances disagree on a device-wide field ({sorted(set(col.tolist()))})"
                    "; parent left NaN",
                    src,
                )
            )


# ------------------------------------------------------------------------------ JSON


def to_json(parsed: ParsedExposition) -> dict[str, Any]:
    """``gpufleet exposition parse FILE``'s output: the frame, every flag, counts. JSON-safe
    (NaN and ±inf become null; a flag's raw value is also spelled out in its detail)."""
    frame = parsed.frame
    rows = frame.values.tolist()
    return {
        "source": frame.source,
        "timestamp": frame.timestamp,
        "counts": parsed.counts,
        "frame": {
            ent: {
                name: (v if math.isfinite(v) else None)
                for name, v in zip(frame.fields, row, strict=True)
            }
            for ent, row in zip(frame.entities, rows, strict=True)
        },
        "flags": [
            {**asdict(f), "value": None if f.value is None else _json_value(f.value)}
            for f in parsed.flags
        ],
        "flag_counts": dict(Counter(f.kind for f in parsed.flags)),
        "workloads": {
            k: w.model_dump(mode="json", exclude_defaults=True) for k, w in parsed.workloads.items()
        },
        "mig": {k: [m.as_dict() for m in v] for k, v in parsed.mig.items()},
        "gpus": {k: asdict(v) for k, v in parsed.gpu_info.items()},
        "unmodelled": [u.as_dict() for u in parsed.unmodelled],
        "keyed": {
            k: {f: {kv: _json_value(x) for kv, x in cell.items()} for f, cell in per.items()}
            for k, per in parsed.keyed.items()
        },
        "window_ms": dict(parsed.window_ms),
        "extended": {
            ent: {
                name: _json_value(float(v))
                for name, v, p in zip(parsed.extended.fields, row, pres, strict=True)
                if p
            }
            for ent, row, pres in zip(
                parsed.extended.entities,
                parsed.extended.values.tolist(),
                parsed.extended_present.tolist(),
                strict=True,
            )
        },
    }
