"""Vectorized parsing of repeated dcgm-exporter pages: the same result as ``parse_exposition``.

One exporter serves the same page shape every scrape: the same ``# HELP``/``# TYPE`` lines and
the same metric names and label sets in the same order; only the values change. So the first
page from a source is parsed by the full parser (:func:`telemetry.exposition.parse_exposition`)
and, when the page is of the plain shape this module handles, a **plan** is kept for the
source: which cell of the GPU matrix each sample line feeds, and everything of the result that
depends on the shape only (entities, flags about labels, GPU info, workloads, counts). A later
page whose non-value text is identical is then read by splitting its lines once, checking that
text against the plan (list equality, done in C), validating every value at once with one
regular expression over the joined values, converting them in bulk and scattering them into the
matrix with numpy. Values are sanitized and flagged by the same
:func:`telemetry.fields.sanitize` as the full parser.

The plain shape (anything else is parsed by the full parser, every time — never dropped):
sample lines ``NAME{k="v",...} VALUE`` or ``NAME VALUE`` (single spaces, no timestamp, label
values with only ``\\\\``, ``\\"``, ``\\n`` escapes), each landing on its own device-level
cell of a GPU (no MIG instance, no ``DCGM_EXP_*`` keyed series, no DCGM metric the registry
does not know, no duplicate), lines within :data:`~telemetry.exposition.MAX_LINE_CHARS` and
:data:`~telemetry.exposition.MAX_LINES`, no ``parse_error`` / ``overflow`` / ``bad_timestamp``
flag and no flag kind over its cap. Values are read in bulk when they only use digits,
``.eE+-`` and the letters of ``NaN``/``Inf`` (see :func:`_values`); any other value
(``1_000``, ``0x10``, a trailing blank) or an integer too large for a float64 sends the page to
the full parser.

Every plan is checked when it is made: the plan applied to its own page must give exactly the
full parser's result, otherwise the source is marked full-parser-only until its page shape
changes. Pure (no I/O, no clock); the plan cache is bounded (:data:`MAX_PLANS`).

Memory: a plan keeps its page's text without the values and the first result, ~160 KiB for
an 8-GPU page of 47 fields (88 KiB of text): ~1.9 GiB for 12,500 exporters in one process,
which is one reason a fleet that size belongs to vmagent → :mod:`telemetry.remote_write`
sharded over NOC workers.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.exposition import (
    _ALL,
    _KEYED_COLS,
    _N_CORE,
    MAX_FLAGS_PER_KIND,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_TEXT_CHARS,
    MIG_ID_LABEL,
    Flag,
    ParsedExposition,
    _artifact_flag,
    _cap_flags,
    _column,
    _Resolver,
    parse_exposition,
    to_json,
)
from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT32_BLANK,
    EXTENDED_GPU_FIELD_NAMES,
    GPU_FIELD_NAMES,
    valid_bounds,
)
from gpufleet.telemetry.frame import EntityKind, Frame
from gpufleet.telemetry.topology import Topology

MAX_PLANS = 50_000  # sources remembered (one per exporter); the cache is emptied when full

_ARTIFACT_KINDS = frozenset({"blank_sentinel", "not_supported_4294967295", "out_of_range"})
_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
_LABEL = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"'
_PREFIX_RE = re.compile(rf"({_NAME})(?:\{{((?:{_LABEL},)*(?:{_LABEL})?)\}})?")
_NAME_RE = re.compile(_NAME)
_LABELS_RE = re.compile(rf"(?:{_LABEL},)*(?:{_LABEL})?")
_LABEL_RE = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"')
_HEADER_RE = re.compile(rf"# (HELP|TYPE) ({_NAME})(?: (.*))?")
_UNESCAPE_RE = re.compile(r"\\([\\\"n])")
_VALUE_CHARS_RE = re.compile(r"[0-9.eE+\-NaIfn\n]*")
_RPARTITION = operator.methodcaller("rpartition", " ")
_N_ALL = len(_ALL)
_LO, _HI = valid_bounds(_ALL)


@dataclass(frozen=True)
class _Plan:
    """The shape of one source's page and how its values land in the result."""

    topology: Topology | None
    prefixes: tuple[str, ...]  # each line's text before its last blank ("" for a line without one)
    other_lines: tuple[str, ...]  # the non-sample lines (headers, comments, blanks), verbatim
    non_sample: Callable[[Any], Any]  # picks the non-sample lines of a page
    sample: Callable[[Any], Any]  # picks the sample lines' values
    cells: npt.NDArray[np.intp] | None  # flat (row, column) cell per sample line; -1: none
    used: npt.NDArray[np.bool_]  # sample lines that land on a cell
    used_cells: npt.NDArray[np.intp]  # their cells
    lo: npt.NDArray[np.float64]  # their fields' plausibility bounds
    hi: npt.NDArray[np.float64]
    template: ParsedExposition | None  # None: this shape is parsed by the full parser
    shape_flags: list[Flag]


_PLANS: dict[tuple[str, str | None], _Plan] = {}


def parse_exposition_fast(
    text: str,
    *,
    topology: Topology | None = None,
    hostname: str | None = None,
    source: str = "",
    timestamp: float | None = None,
) -> ParsedExposition:
    """:func:`telemetry.exposition.parse_exposition`'s result, read with the source's plan.

    Same arguments, same result, same one exception (:class:`ExpositionError`). The first page
    of a source, and any page whose non-value text differs from the previous plan's, costs a
    full parse plus the plan check; a page of an unchanged shape costs a split, two list
    comparisons and a bulk conversion of its values."""
    # A page over the line limit never gets a plan (see _make_plan): splitting and comparing
    # its lines first would only add to the full parse (~0.4 s for 1 MB of tiny lines).
    if not isinstance(text, str) or len(text) > MAX_TEXT_CHARS or text.count("\n") >= MAX_LINES:
        return parse_exposition(
            text, topology=topology, hostname=hostname, source=source, timestamp=timestamp
        )
    key = (source, hostname)
    lines = text.split("\n")
    prefixes, _, suffixes = zip(*map(_RPARTITION, lines), strict=True)
    plan = _PLANS.get(key)
    if plan is None or plan.topology is not topology or plan.prefixes != prefixes:
        plan, full = _make_plan(text, lines, prefixes, topology, hostname, source, timestamp)
        if plan.template is not None:
            checked = _apply(plan, suffixes, timestamp)
            if checked is None or not _same(checked, full):
                plan = replace(plan, template=None, cells=None)
        if len(_PLANS) >= MAX_PLANS:
            _PLANS.clear()
        _PLANS[key] = plan
        return full
    if plan.template is not None and plan.non_sample(lines) == plan.other_lines:
        fast = _apply(plan, suffixes, timestamp)
        if fast is not None:
            return fast
    return parse_exposition(
        text, topology=topology, hostname=hostname, source=source, timestamp=timestamp
    )


def _picker(idx: list[int]) -> Callable[[Any], Any]:
    if not idx:
        return lambda _seq: ()
    if len(idx) == 1:
        i = idx[0]
        return lambda seq: (seq[i],)
    return operator.itemgetter(*idx)


def _unescape(v: str) -> str:
    return _UNESCAPE_RE.sub(lambda m: "\n" if m.group(1) == "n" else m.group(1), v)


_NONE_I = np.zeros(0, dtype=np.intp)
_NONE_F = np.zeros(0)


def _full_only(topology: Topology | None, lines: list[str], prefixes: tuple[str, ...]) -> _Plan:
    return _Plan(
        topology,
        prefixes,
        (),
        _picker([]),
        _picker([]),
        None,
        np.zeros(0, dtype=bool),
        _NONE_I,
        _NONE_F,
        _NONE_F,
        None,
        [],
    )


def _make_plan(
    text: str,
    lines: list[str],
    prefixes: tuple[str, ...],
    topology: Topology | None,
    hostname: str | None,
    source: str,
    timestamp: float | None,
) -> tuple[_Plan, ParsedExposition]:
    """The plan for this page's shape (a full-parser-only plan when it is not plain) and the
    full parser's result for the page."""
    first = parse_exposition(
        text, topology=topology, hostname=hostname, source=source, timestamp=timestamp
    )
    if len(lines) > MAX_LINES or max(map(len, lines), default=0) > MAX_LINE_CHARS:
        return _full_only(topology, lines, prefixes), first
    kinds = {f.kind for f in first.flags}
    if (
        kinds & {"parse_error", "overflow", "bad_timestamp", "duplicate_series", "mig_conflict"}
        or first.mig
        or first.keyed
        or first.unmodelled
        or first.newest_sample_ts is not None
        or any(f.detail.startswith("... ") for f in first.flags)
    ):
        return _full_only(topology, lines, prefixes), first
    cells = _cells(lines, prefixes, first, topology, hostname, source)
    if cells is None:
        return _full_only(topology, lines, prefixes), first
    sample_idx, flat = cells
    sample_set = set(sample_idx)
    other = [i for i in range(len(lines)) if i not in sample_set]
    non_sample = _picker(other)
    cell_arr = np.asarray(flat, dtype=np.intp)
    used = cell_arr >= 0
    used_cells = cell_arr[used]
    plan = _Plan(
        topology,
        prefixes,
        tuple(non_sample(lines)),
        non_sample,
        _picker(sample_idx),
        cell_arr,
        used,
        used_cells,
        _LO[used_cells % _N_ALL],
        _HI[used_cells % _N_ALL],
        first,
        [f for f in first.flags if f.kind not in _ARTIFACT_KINDS],
    )
    return plan, first


def _cells(
    lines: list[str],
    prefixes: tuple[str, ...],
    first: ParsedExposition,
    topology: Topology | None,
    hostname: str | None,
    source: str,
) -> tuple[list[int], list[int]] | None:
    """Sample line indices and the flat matrix cell each feeds (-1: none), or None when a line
    is not of the plain shape."""
    res = _Resolver(topology, hostname, source)
    pos = {k: i for i, k in enumerate(first.frame.entities)}
    n_cols = len(_ALL)
    types: dict[str, str] = {}
    sample_idx: list[int] = []
    flat: list[int] = []
    seen: set[int] = set()
    label_sets: dict[str, dict[str, str] | None] = {}
    for i, (line, prefix) in enumerate(zip(lines, prefixes, strict=True)):
        if not line or line.startswith("#"):
            h = _HEADER_RE.fullmatch(line)
            if h is not None and h.group(1) == "TYPE":
                types[h.group(2)] = (h.group(3) or "").strip()
            continue
        split = _split_prefix(prefix, label_sets)
        if split is None:
            return None
        name, labels = split
        col = _column(name, types.get(name, "untyped"))
        sample_idx.append(i)
        if col < 0:
            if name[:5].upper() == "DCGM_":
                return None
            flat.append(-1)
            continue
        if col in _KEYED_COLS or labels.get(MIG_ID_LABEL):
            return None
        ident = (
            labels.get("gpu"),
            labels.get("UUID") or labels.get("uuid"),
            labels.get("Hostname") or labels.get("hostname"),
            labels.get("pci_bus_id"),
        )
        row = res.cache.get(ident)
        if row is None:
            row = res.resolve(ident, labels, name)
        if row < 0:
            flat.append(-1)
            continue
        cell = pos[res.keys[row]] * n_cols + col
        if cell in seen:
            return None
        seen.add(cell)
        flat.append(cell)
    return sample_idx, flat


def _split_prefix(
    prefix: str, label_sets: dict[str, dict[str, str] | None]
) -> tuple[str, dict[str, str]] | None:
    """``_PREFIX_RE.fullmatch(prefix)`` as (name, labels), None where it does not match; the
    label block is checked and decoded once per page for each distinct block (a GPU's ~47
    fields share one: a first page's plan then costs a fraction of the full parse)."""
    brace = prefix.find("{")
    name = prefix if brace < 0 else prefix[:brace]
    if _NAME_RE.fullmatch(name) is None:
        return None
    if brace < 0:
        return name, {}
    if not prefix.endswith("}"):
        return None
    block = prefix[brace + 1 : -1]
    if block not in label_sets:
        ok = _LABELS_RE.fullmatch(block) is not None
        label_sets[block] = {k: _unescape(v) for k, v in _LABEL_RE.findall(block)} if ok else None
    labels = label_sets[block]
    return None if labels is None else (name, labels)


def _values(texts: tuple[str, ...]) -> npt.NDArray[np.float64] | None:
    """All sample values at once, as prometheus_client reads them (``int()``, else
    ``float()``); None when one is outside the accepted subset or is not a number.

    The subset (digits, ``.eE+-``, the letters of NaN/Inf) rules out underscores, whitespace
    and non-ASCII digits. Values are read with ``float()``; where that and the library's
    ``int()``-first read can differ (an integer too large for a float64, which the full parser
    flags as an overflow; ``-0``, which int() reads as 0) they are read again its way."""
    if not texts:
        return np.zeros(0)
    joined = "\n".join(texts)
    if _VALUE_CHARS_RE.fullmatch(joined) is None:
        return None
    try:
        vals = np.fromiter(map(float, texts), dtype=np.float64, count=len(texts))
    except ValueError:  # "1e5e5", "NaNa", an empty value
        return None
    odd = np.flatnonzero(~np.isfinite(vals) | ((vals == 0) & np.signbit(vals)))
    for j in odd.tolist():
        v = _library_value(texts[j])
        if v is None:
            return None
        vals[j] = v
    return vals


def _library_value(tok: str) -> float | None:
    """One value as prometheus_client + parse_exposition read it; None for an overflow."""
    try:
        return float(int(tok))
    except OverflowError:
        return None  # the full parser flags it (overflow)
    except ValueError:
        pass
    try:
        return float(tok)
    except ValueError:
        return None


def _bad(v: npt.NDArray[np.float64], lo: npt.NDArray[np.float64], hi: Any) -> Any:
    """:func:`telemetry.fields.sanitize`'s test, on values with their columns' bounds (the
    property tests hold the two equal)."""
    with np.errstate(invalid="ignore"):
        bad = (v < lo) | (v > hi) | np.isinf(v)
        bad |= (v >= DCGM_FP64_BLANK) & (v <= DCGM_FP64_BLANK + 3)
        bad |= (v >= DCGM_INT32_BLANK) & (v <= DCGM_INT32_BLANK + 3)
    return bad


def _apply(
    plan: _Plan, suffixes: tuple[str, ...], timestamp: float | None
) -> ParsedExposition | None:
    """The result for a page of the plan's shape, from its values; None when a value is not
    in the accepted grammar."""
    tpl, cells = plan.template, plan.cells
    assert tpl is not None and cells is not None
    texts: tuple[str, ...] = plan.sample(suffixes)
    vals = _values(texts)
    if vals is None:
        return None
    vals = vals[plan.used]
    keys = tpl.frame.entities
    bad = _bad(vals, plan.lo, plan.hi)
    cleaned = np.full((len(keys), _N_ALL), np.nan)
    cleaned.reshape(-1)[plan.used_cells] = np.where(bad, np.nan, vals)
    flags = list(plan.shape_flags)
    src = tpl.frame.source
    if bad.any():
        order = np.argsort(plan.used_cells[bad], kind="stable")
        cells_bad, vals_bad = plan.used_cells[bad][order].tolist(), vals[bad][order].tolist()
        for c, v in zip(cells_bad, vals_bad, strict=True):
            flags.append(_artifact_flag(_ALL[c % _N_ALL], keys[c // _N_ALL], v, src))
    t = float(timestamp) if timestamp is not None else 0.0
    return replace(
        tpl,
        frame=Frame(t, EntityKind.GPU, keys, GPU_FIELD_NAMES, cleaned[:, :_N_CORE], src),
        extended=Frame(
            t, EntityKind.GPU, keys, EXTENDED_GPU_FIELD_NAMES, cleaned[:, _N_CORE:], src
        ),
        flags=flags if len(flags) <= MAX_FLAGS_PER_KIND else _cap_flags(flags),
        gpu_info=dict(tpl.gpu_info),
        workloads=dict(tpl.workloads),
        mig={},  # a plain shape has no MIG instance, keyed or unmodelled series
        keyed={},
        unmodelled=[],
        window_ms={},
        present=tpl.present.copy(),
        extended_present=tpl.extended_present.copy(),
    )


def _same(a: ParsedExposition, b: ParsedExposition) -> bool:
    """Equal results: JSON form, raw float bits of both frames and the presence masks."""
    return (
        to_json(a) == to_json(b)
        and a.frame.timestamp == b.frame.timestamp
        and _same_floats(a.frame.values, b.frame.values)
        and _same_floats(a.extended.values, b.extended.values)
        and np.array_equal(a.present, b.present)
        and np.array_equal(a.extended_present, b.extended_present)
        and a.gpu_info == b.gpu_info
        and a.workloads == b.workloads
        and [(f.kind, f.metric, f.entity, f.detail) for f in a.flags]
        == [(f.kind, f.metric, f.entity, f.detail) for f in b.flags]
    )


def _same_floats(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> bool:
    return x.shape == y.shape and bool(np.array_equal(x.view(np.int64), y.view(np.int64)))
