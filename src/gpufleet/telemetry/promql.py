"""Prometheus / VictoriaMetrics → frames: PromQL instant and range queries, a polling source, and
the metrics-history tool the agents use.

Everything goes through one :class:`PromStore`, a thin wrapper around prometheus-api-client's
``PrometheusConnect`` that turns every failure into one of two exceptions naming the store URL and
the exact query: :class:`StoreUnavailable` (cannot connect, timeout, HTTP 5xx/401/403/404, a
response that is not the Prometheus API) and :class:`QueryError` (the store rejected the PromQL:
HTTP 400/422). Nothing else escapes, so a polling loop only has to catch :class:`StoreError`.

Series are mapped onto a :class:`~telemetry.topology.Topology` through dcgm-exporter's labels
(``telemetry.vmjson``): a GPU series by ``Hostname`` + ``gpu`` (the index), falling back to its
``UUID``; a ``NODE_*`` series by ``Hostname`` (or the host part of ``instance``). Series that map
to nothing are returned as ``unmapped`` label sets, never silently dropped.

**Sample semantics (lookback).** The value of a series at time ``t`` is its *last raw sample in
(t − lookback, t]*; no sample there → NaN (missing). The window is always explicit in the query
(``sel[<lookback>]`` or ``last_over_time(sel[<lookback>])``) instead of the store's implicit
staleness rules, which differ: Prometheus holds a value for 5 minutes, VictoriaMetrics for an
auto-detected window that depends on ``step``. An explicit window makes a GPU that stopped
reporting read as missing after exactly ``lookback`` seconds on both stores, which is what the
detector's ``gpu_missing`` rule needs. Defaults: :data:`DEFAULT_LOOKBACK_S` (30 s, two stock
15 s scrapes) for :meth:`PromStore.instant_frame`; ``step`` for :meth:`PromStore.range_ticks`
(each grid point sees only its own bucket, so gaps stay gaps); 1.5 × ``interval_s`` for
:class:`PromSource` (tolerates scrape jitter of half an interval, holds a value at most one tick).

**Instant queries** (:meth:`PromStore.instant_frame`) use range-vector selectors,
``{__name__=~"F1|F2|…",<selector>}[<lookback>]``: the store returns each series' raw samples with
their real timestamps and keeps ``__name__`` on every store (a function such as
``last_over_time`` drops it in Prometheus). The client keeps the newest sample per cell, which
also resolves a GPU that has two series in the window because its ``hpc_job`` label changed.
Two ways to split the work, measured with ``bench/promql_bench.py`` (VictoriaMetrics 1.79 on the
same 2-core machine, all 50 fields, ms per frame, p50):

=========  ==========================  ======================================
GPUs       ``single`` (one query)      ``per_field`` (50 queries, 4 threads)
=========  ==========================  ======================================
64         35                          75
256        149                         164
512        301                         261
1,024      675                         535
=========  ==========================  ======================================

One query is one round trip, which wins on small fleets; above ~16k series the per-field queries
win because the store answers some while the client decodes others (at 1,024 GPUs the single
query is ~310 ms of store time, ~290 ms of ``json.loads`` of 18 MB — dcgm-exporter's labels are
most of it — and ~70 ms of mapping). ``strategy="auto"`` (default) picks by expected series
count (:data:`AUTO_PER_FIELD_MIN_SERIES`); both give identical frames.

**Range queries** (:meth:`PromStore.range_ticks`) run one ``last_over_time`` query per field
(``query_range``; ``__name__`` is known from the query) on ``max_workers`` threads, each cut into
time chunks of at most :data:`MAX_POINTS_PER_SERIES` points (Prometheus refuses more than 11,000
per series) and about :data:`MAX_SAMPLES_PER_REQUEST` samples, and return one Tick per grid point
``start + k·step`` ≤ ``end``. ``nocache=1`` stops VictoriaMetrics from rounding ``start`` to a
multiple of ``step`` (it does that to improve its cache hit rate); Prometheus ignores it. The
answers (240 points × 1,024 series = 4.7 MB per field for an hour) are parsed by
:func:`fast_matrix`, which cuts the value arrays out as text for numpy instead of building a
Python list per point: 1 h × 1,024 GPUs × 50 fields in ~7.3 s (1.6 M samples/s) against ~21 s
through ``PrometheusConnect.custom_query_range`` + ``json`` (``fast_parse=False``). Both use the
same HTTP session, retries and error mapping.

Loopback stores are queried without the environment's proxy settings (``trust_env``), so tests
never leave 127.0.0.1 through an ``http_proxy``, and without gzip (pure CPU on both ends of one
machine: ~25 % of an instant frame at 1,024 GPUs).

Counters are returned raw (cumulative); the detector turns them into rates. Non-finite values
(``NaN`` staleness markers, ``±Inf``) become NaN.

VictoriaMetrics 1.79 quirk: an instant query at exactly 00:00:00 UTC returns nothing for series
whose first sample is at that very instant (any later instant, and range queries, are fine). The
simulator starts at midnight, so tests skip that one instant; :class:`PromSource` skips empty
instants anyway.
"""

from __future__ import annotations

import ast
import asyncio
import json
import logging
import math
import re
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, TypeVar
from urllib.parse import urlparse

import numpy as np
import numpy.typing as npt
import requests
from prometheus_api_client.exceptions import PrometheusApiClientException
from prometheus_api_client.prometheus_connect import PrometheusConnect
from urllib3.util.retry import Retry

from gpufleet.telemetry.fields import (
    ALL_FIELDS,
    FIELD_ALIASES,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    NODE_FIELDS,
    FieldKind,
)
from gpufleet.telemetry.fields import field as field_spec
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.outage import OutageLog, brief
from gpufleet.telemetry.topology import Topology, gpu_key

FloatArray = npt.NDArray[np.float64]
Strategy = Literal["auto", "single", "per_field"]
T = TypeVar("T")

log = logging.getLogger(__name__)

DEFAULT_LOOKBACK_S = 30.0
DEFAULT_LAG_S = 60.0
DEFAULT_INTERVAL_S = 15.0
MAX_POINTS_PER_SERIES = 10_000
MAX_SAMPLES_PER_REQUEST = 2_000_000
MAX_UNMAPPED = 200
# "auto": above this many expected series one query per field (in parallel) beats one query
# for all (bench/promql_bench.py on 2 cores: 512 GPUs × 50 fields 261 vs 301 ms, 256 GPUs
# 164 vs 149 ms, 64 GPUs 75 vs 35 ms).
AUTO_PER_FIELD_MIN_SERIES = 16_000
MAX_ERRORS = 100
_LOOPBACK_HOSTS = frozenset({"localhost", "::1", "[::1]"})
_STATUS_RE = re.compile(r"HTTP Status Code (\d+) \((.*)\)\s*$", re.DOTALL)
_REGEX_META = frozenset(".^$*+?()[]{}|\\")


# --------------------------------------------------------------------------------- errors


class StoreError(RuntimeError):
    """Base of the two failures a store call can raise; the message names URL and query."""

    def __init__(self, message: str, *, url: str, query: str | None = None) -> None:
        super().__init__(message)
        self.url = url
        self.query = query


class StoreUnavailable(StoreError):  # noqa: N818 (the name callers and the issue use)
    """The store could not answer: connection refused, timeout, HTTP 5xx/401/403/404, or a
    response that is not the Prometheus HTTP API. Retrying later may help."""


class QueryError(StoreError):
    """The store rejected the PromQL (HTTP 400 / 422): the query itself must change."""


# --------------------------------------------------------------------------------- helpers
class _NoRetryNoise(logging.Filter):
    """urllib3 logs each retry with the request's URL, which holds the whole PromQL (KBs);
    the failure is reported by the caller, once (:class:`~telemetry.outage.OutageLog`)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Retrying (")


def _quiet_retries() -> None:
    pool_log = logging.getLogger("urllib3.connectionpool")
    if not any(isinstance(f, _NoRetryNoise) for f in pool_log.filters):
        pool_log.addFilter(_NoRetryNoise())


def promql_duration(seconds: float) -> str:
    """A PromQL duration both Prometheus and VictoriaMetrics accept (integer milliseconds)."""
    ms = round(seconds * 1000.0)
    if ms <= 0:
        raise ValueError(f"duration must be positive, got {seconds} s")
    return f"{ms}ms"


def promql_string(value: str) -> str:
    """A double-quoted PromQL string literal (JSON escaping is valid PromQL escaping)."""
    return json.dumps(value)


def promql_regex_literal(values: Sequence[str]) -> str:
    """A quoted PromQL regex matching exactly one of ``values`` (regex metacharacters escaped)."""
    parts = []
    for v in values:
        parts.append("".join("\\" + ch if ch in _REGEX_META else ch for ch in v))
    return promql_string("|".join(parts))


def normalize_selector(selector: str) -> str:
    """Label matchers without braces: ``'{a="b"}'`` and ``'a="b"'`` both give ``'a="b"'``."""
    s = selector.strip()
    if s.startswith("{") and s.endswith("}"):
        s = s[1:-1].strip()
    return s.rstrip(",").strip()


def series_selector(names: Sequence[str], selector: str = "") -> str:
    """``NAME{sel}`` for one metric name, ``{__name__=~"A|B",sel}`` for several."""
    sel = normalize_selector(selector)
    if len(names) == 1:
        return f"{names[0]}{{{sel}}}" if sel else names[0]
    matcher = f"__name__=~{promql_regex_literal(sorted(names))}"
    return "{" + (f"{matcher},{sel}" if sel else matcher) + "}"


def _is_loopback(url: str) -> bool:
    host = (urlparse(url).hostname or "").lower()
    return host in _LOOPBACK_HOSTS or host.startswith("127.")


def _api_error_text(text: str) -> tuple[str, bool]:
    """(the store's error text, whether ``text`` is a Prometheus API error object)."""
    try:
        parsed = json.loads(text)
    except ValueError:
        return text.strip()[:500], False
    if isinstance(parsed, dict) and parsed.get("status") == "error":
        err = parsed.get("error")
        return (err if isinstance(err, str) else text).strip()[:500], True
    return text.strip()[:500], False


def _http_error(message: str) -> tuple[int | None, str, bool]:
    """(status, the store's error text, whether the body is a Prometheus API error object)
    from a PrometheusApiClientException message (``HTTP Status Code 422 (b'...')``)."""
    m = _STATUS_RE.search(message)
    if m is None:
        return None, message[:500], False
    body = m.group(2)
    try:
        raw = ast.literal_eval(body)
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else str(raw)
    except (ValueError, SyntaxError):
        text = body
    return (int(m.group(1)), *_api_error_text(text))


_STRIP_BRACKETS = str.maketrans("", "", '[]"')


def fast_matrix(body: bytes) -> list[tuple[dict[str, str], FloatArray]] | None:
    """Parse a compact ``query_range`` answer; None if it is not exactly the expected shape.

    ``[{"metric":{…},"values":[[t,"v"],…]},…]``: the label objects go through the json module
    (escapes and all), the value arrays — >90 % of the bytes — are cut out as text and converted
    by numpy in one call, about 3× faster than ``json.loads`` building a list per point. Sample
    strings are numbers (``"61"``, ``"NaN"``, ``"+Inf"``) and cannot contain brackets, so a
    values array ends at the first ``]]``. Any surprise (whitespace, another key such as native
    histograms, a non-matrix result) returns None and the caller parses with ``json.loads``.
    Returns (labels, array of shape (n, 2): time, value) per series."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        return None
    head = text[:200]
    if '"status":"success"' not in head or '"resultType":"matrix"' not in head:
        return None
    i = text.find('"result":[')
    if i < 0:
        return None
    i += len('"result":[')
    dec = json.JSONDecoder()
    out: list[tuple[dict[str, str], FloatArray]] = []
    n = len(text)
    while i < n and text[i] != "]":
        if not text.startswith('{"metric":', i):
            return None
        try:
            labels, k = dec.raw_decode(text, i + len('{"metric":'))
        except ValueError:
            return None
        if not isinstance(labels, dict) or not text.startswith(',"values":[', k):
            return None
        k += len(',"values":[')
        if text.startswith("]}", k):  # a series with no points
            out.append((labels, np.zeros((0, 2))))
            i = k + 2
            if i < n and text[i] == ",":
                i += 1
            continue
        e = text.find("]]", k)
        if e < 0 or not text.startswith("}", e + 2):
            return None
        flat = text[k : e + 1].translate(_STRIP_BRACKETS)
        try:
            arr = np.array(flat.split(","), dtype=np.float64) if flat else np.zeros(0)
        except ValueError:
            return None
        if arr.size % 2:
            return None
        out.append((labels, arr.reshape(-1, 2)))
        i = e + 3
        if i < n and text[i] == ",":
            i += 1
    return out if i < n else None


def _as_points(flat: npt.NDArray[Any]) -> FloatArray:
    """[t0, "v0", t1, "v1", …] (objects) → float64 array of shape (n, 2); bad values → NaN."""
    try:
        return flat.astype(np.float64).reshape(-1, 2)
    except (TypeError, ValueError):
        return np.array([_float(x) for x in flat], dtype=np.float64).reshape(-1, 2)


def _float(v: object) -> float:
    """A sample value as float; NaN for staleness markers, ±Inf and anything unparseable."""
    try:
        f = float(v)  # type: ignore[arg-type]  # the API sends strings: "61", "NaN", "+Inf"
    except (TypeError, ValueError):
        return math.nan
    return f if math.isfinite(f) else math.nan


# --------------------------------------------------------------------------------- mapping


@dataclass(frozen=True)
class _FieldPlan:
    """Which fields a call asked for, in registry order, and where each metric name goes."""

    gpu_fields: tuple[str, ...]
    node_fields: tuple[str, ...]
    # metric name (canonical or alias) → (is node field, column)
    columns: dict[str, tuple[bool, int]]
    # canonical name → every metric name that may carry it (canonical first, then aliases)
    names: dict[str, tuple[str, ...]]

    @property
    def all_names(self) -> tuple[str, ...]:
        return tuple(self.columns)

    @property
    def canonical(self) -> tuple[str, ...]:
        return self.gpu_fields + self.node_fields


_PLANS: dict[frozenset[str] | None, _FieldPlan] = {}


def field_plan(fields: Collection[str] | None) -> _FieldPlan:
    """Resolve ``fields`` (aliases accepted; None = every registry field, GPU and node).

    Raises KeyError naming close matches for an unknown field. The plan for "all fields" reuses
    the registry's tuples, so consecutive frames share their ``fields`` object (the detector skips
    re-aligning when it sees the same object)."""
    key = None if fields is None else frozenset(field_spec(f).name for f in fields)
    plan = _PLANS.get(key)
    if plan is not None:
        return plan
    if key is None:
        gpu, node = GPU_FIELD_NAMES, NODE_FIELD_NAMES
    else:
        gpu = tuple(n for n in GPU_FIELD_NAMES if n in key)
        node = tuple(n for n in NODE_FIELD_NAMES if n in key)
        if gpu == GPU_FIELD_NAMES:
            gpu = GPU_FIELD_NAMES
    aliases: dict[str, list[str]] = {}
    for alias, canon in FIELD_ALIASES.items():
        aliases.setdefault(canon, []).append(alias)
    columns: dict[str, tuple[bool, int]] = {}
    names: dict[str, tuple[str, ...]] = {}
    for is_node, group in ((False, gpu), (True, node)):
        for col, name in enumerate(group):
            all_names = (name, *aliases.get(name, ()))
            names[name] = all_names
            for n in all_names:
                columns[n] = (is_node, col)
    plan = _FieldPlan(gpu, node, columns, names)
    if len(_PLANS) < 256:
        _PLANS[key] = plan
    return plan


class _Mapper:
    """dcgm-exporter label sets → topology rows, cached per distinct identity."""

    def __init__(self, topology: Topology) -> None:
        self.topology = topology
        self._gpu: dict[tuple[str | None, str | None, str | None], int] = {}
        self._node: dict[tuple[str | None, str | None], int] = {}

    def gpu_row(self, labels: dict[str, str]) -> int:
        """Flat GPU index, or -1. ``Hostname`` + ``gpu`` first, then ``UUID``."""
        key = (labels.get("Hostname"), labels.get("gpu"), labels.get("UUID"))
        row = self._gpu.get(key)
        if row is None:
            host, idx, uuid = key
            found: int | None = None
            if host is not None and idx is not None:
                found = self.topology.gpu_pos.get(gpu_key(host, _int_or(idx)))
            if found is None and uuid is not None:
                found = self.topology.uuid_pos.get(uuid)
            row = self._gpu[key] = -1 if found is None else found
        return row

    def node_row(self, labels: dict[str, str]) -> int:
        """Node index by ``Hostname`` (or the host part of ``instance``), or -1."""
        key = (labels.get("Hostname"), labels.get("instance"))
        row = self._node.get(key)
        if row is None:
            host = key[0]
            if not host and key[1]:
                host = key[1].rsplit(":", 1)[0]
            found = self.topology.node_pos.get(host) if host else None
            row = self._node[key] = -1 if found is None else found
        return row


def _int_or(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        return -1


_IDENTITY_LABELS = ("Hostname", "gpu", "UUID", "instance", "pci_bus_id", "modelName")


class _Collector:
    """Fills GPU / node value arrays from query results; gathers unmapped series and errors."""

    def __init__(self, mapper: _Mapper, plan: _FieldPlan, shape_prefix: tuple[int, ...]) -> None:
        topo = mapper.topology
        self.mapper = mapper
        self.plan = plan
        self.gpu = np.full((*shape_prefix, topo.n_gpus, len(plan.gpu_fields)), np.nan)
        self.node = np.full((*shape_prefix, topo.n_nodes, len(plan.node_fields)), np.nan)
        self.unmapped: dict[tuple[str, ...], dict[str, str]] = {}
        self.unmapped_dropped = 0
        self.unknown: dict[str, int] = {}
        self.series = 0
        self.samples = 0
        self.node_samples = 0
        self.errors: list[str] = []

    def error(self, msg: str) -> None:
        if len(self.errors) < MAX_ERRORS:
            self.errors.append(msg)

    def target(self, labels: dict[str, str], name: str | None) -> tuple[bool, int, int] | None:
        """(is node, row, column) for one series, or None (recorded as unmapped / unknown)."""
        self.series += 1
        if name is None:
            self.error(f"series without __name__ skipped: {labels}")
            return None
        col = self.plan.columns.get(name)
        if col is None:
            self.unknown[name] = self.unknown.get(name, 0) + 1
            return None
        is_node, c = col
        row = self.mapper.node_row(labels) if is_node else self.mapper.gpu_row(labels)
        if row < 0:
            ident = tuple(labels.get(k, "") for k in _IDENTITY_LABELS)
            if ident not in self.unmapped:
                if len(self.unmapped) < MAX_UNMAPPED:
                    self.unmapped[ident] = {
                        k: v for k, v in labels.items() if k in _IDENTITY_LABELS
                    }
                else:
                    self.unmapped_dropped += 1
            return None
        return is_node, row, c

    def finish_errors(self) -> list[str]:
        out = list(self.errors)
        for name, n in sorted(self.unknown.items()):
            out.append(f"{n} series of unrequested or unknown metric {name} ignored")
        if self.unmapped:
            more = f" (+{self.unmapped_dropped} more)" if self.unmapped_dropped else ""
            out.append(
                f"{len(self.unmapped)}{more} GPU/node label set(s) not in the topology; "
                "see unmapped"
            )
        return out


# --------------------------------------------------------------------------- instant frames


def _instant_strategy(how: Strategy, topology: Topology, plan: _FieldPlan) -> Strategy:
    """``auto`` resolved by the expected series count (module docstring)."""
    if how != "auto":
        return how
    expected = topology.n_gpus * len(plan.gpu_fields) + topology.n_nodes * len(plan.node_fields)
    return "per_field" if expected > AUTO_PER_FIELD_MIN_SERIES else "single"


def _instant_queries(plan: _FieldPlan, how: Strategy, selector: str, window: str) -> list[str]:
    """Range-vector selectors (``sel[window]``): raw samples with their own timestamps and
    ``__name__`` kept, on Prometheus and VictoriaMetrics alike; one query, or one per field."""
    if how == "single":
        return [f"{series_selector(plan.all_names, selector)}[{window}]"]
    return [f"{series_selector(plan.names[name], selector)}[{window}]" for name in plan.canonical]


def _last_samples(
    results: Sequence[list[dict[str, Any]]], coll: _Collector, lo: float, at: float
) -> tuple[list[int], list[float], list[float]]:
    """(cell, time, value) of each mapped series' last sample in (lo, at], as flat lists.

    Placed with numpy afterwards: ~48k series per 1,024 GPUs, where per-series numpy scalar
    indexing would cost about as much as the JSON decoding. GPU cells are ≥ 0
    (row * n_gpu_cols + col), node cells < 0 (-1 - (row * n_node_cols + col))."""
    n_gpu_cols, n_node_cols = len(coll.plan.gpu_fields), len(coll.plan.node_fields)
    cells: list[int] = []
    stamps: list[float] = []
    vals: list[float] = []
    target = coll.target
    for result in results:
        for s in result:
            labels = s.get("metric") or {}
            tgt = target(labels, labels.get("__name__"))
            values = s.get("values")
            if tgt is None or not values:
                continue
            ts, v = values[-1]  # both stores return a series' samples in time order
            ts = float(ts)
            if not lo < ts <= at + 1e-6:  # Prometheus < 3 includes the left edge
                continue
            is_node, row, col = tgt
            cells.append(-1 - (row * n_node_cols + col) if is_node else row * n_gpu_cols + col)
            stamps.append(ts)
            vals.append(_float(v))
    return cells, stamps, vals


def _place_newest(
    coll: _Collector, cells: list[int], stamps: list[float], vals: list[float]
) -> None:
    """Write the samples into ``coll``'s GPU and node grids. The newest sample wins where a
    cell has several series (a workload label changed inside the window): assign in time
    order, so later writes overwrite earlier ones."""
    cell = np.asarray(cells, dtype=np.intp)
    order = np.argsort(np.asarray(stamps, dtype=np.float64), kind="stable")
    cell, val = cell[order], np.asarray(vals, dtype=np.float64)[order]
    dups = cell.size - np.unique(cell).size
    g = cell >= 0
    np.put(coll.gpu, cell[g], val[g])  # flat indices into the (GPU, field) grid
    np.put(coll.node, -1 - cell[~g], val[~g])
    if dups:
        coll.error(
            f"{dups} GPU/field cell(s) had several series in the window (a workload label "
            "changed); the newest sample was used"
        )


# --------------------------------------------------------------------------------- results


@dataclass(frozen=True)
class FrameResult:
    """One instant of the store as frames.

    ``frame``: GPU frame, ``topology.gpu_keys`` × the requested GPU fields (registry order), NaN
    where a series had no sample in the lookback window. ``node_frame``: the ``NODE_*`` fields
    over ``topology.node_keys``, when any was requested and any came back. ``unmapped``: label
    sets (identity labels only) of series whose GPU / node is not in the topology. ``query``:
    the exact PromQL sent. ``errors``: non-fatal problems (unknown metrics, unmapped count,
    duplicate series). ``series`` / ``samples``: series received, values placed."""

    frame: Frame
    node_frame: Frame | None
    unmapped: list[dict[str, str]]
    query: list[str]
    errors: list[str]
    series: int = 0
    samples: int = 0

    def tick(self) -> Tick:
        frames = (self.frame,) if self.node_frame is None else (self.frame, self.node_frame)
        return Tick(self.frame.timestamp, frames)


# --------------------------------------------------------------------------------- the store


class PromStore:
    """A Prometheus-API store (Prometheus, VictoriaMetrics, Thanos, Mimir …) read into frames.

    ``url``: the API root (``http://vm:8428``; ``/api/v1/...`` is appended). ``timeout_s``: per
    HTTP request. ``headers``: e.g. ``{"Authorization": "Bearer …"}``. ``disable_ssl``: skip TLS
    certificate verification. ``retries``: connection retries per request (urllib3; 502/503/504
    are retried too) — kept low so a dead store fails fast instead of stalling a poll.
    ``max_workers``: concurrent queries for per-field plans. ``strategy``: how
    :meth:`instant_frame` queries (module docstring). ``trust_env``: use the environment's proxy /
    CA settings (requests' ``trust_env``); default: yes, except for loopback URLs. ``fast_parse``:
    parse range answers with the numeric fast path (:meth:`range_matrix`). ``compress``: ask for
    gzip responses; default: yes, except for loopback URLs.
    The ``PrometheusConnect`` instance is kept in :attr:`prom` and reused (one HTTP session)."""

    def __init__(
        self,
        url: str,
        *,
        timeout_s: float = 10.0,
        headers: dict[str, str] | None = None,
        disable_ssl: bool = False,
        retries: int = 1,
        max_workers: int = 4,
        strategy: Strategy = "auto",
        trust_env: bool | None = None,
        fast_parse: bool = True,
        compress: bool | None = None,
    ) -> None:
        if strategy not in ("auto", "single", "per_field"):
            raise ValueError(f"strategy must be auto, single or per_field, got {strategy!r}")
        self.url = url.rstrip("/")
        self.timeout_s = timeout_s
        self.max_workers = max(1, max_workers)
        self.strategy: Strategy = strategy
        self.fast_parse = fast_parse
        self._headers = dict(headers or {})
        session = requests.Session()
        session.verify = not disable_ssl
        loopback = _is_loopback(self.url)
        session.trust_env = (not loopback) if trust_env is None else trust_env
        if not ((not loopback) if compress is None else compress):
            # On loopback, gzip is pure CPU on both ends of the same machine: measured ~25 %
            # of an instant frame's time at 1,024 GPUs (18 MB of JSON).
            session.headers["Accept-Encoding"] = "identity"
        retry = Retry(
            total=retries,
            connect=retries,
            read=0,
            status=retries,
            backoff_factor=0.2,
            status_forcelist=(502, 503, 504),
            allowed_methods=frozenset({"GET", "POST"}),
            raise_on_status=False,  # the final 5xx response is reported with its body
        )
        _quiet_retries()
        self.prom = PrometheusConnect(
            url=self.url,
            headers=self._headers,
            disable_ssl=disable_ssl,
            retry=retry,
            session=session,
            # requests accepts float seconds; the library annotates int
            timeout=timeout_s,  # type: ignore[arg-type]
        )
        # The session is ours (PrometheusConnect mounted its retry adapter on it): the bulk
        # range path (range_matrix) reuses it, so both paths share retries, TLS and proxies.
        self._session = session
        self._mappers: weakref.WeakKeyDictionary[Topology, _Mapper] = weakref.WeakKeyDictionary()
        self._pool: ThreadPoolExecutor | None = None
        self.source = f"promql:{self.url}"

    # -------------------------------------------------------------- lifecycle
    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        self.prom.close()

    def __enter__(self) -> PromStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -------------------------------------------------------------- raw queries
    def _http_failure(self, expr: str, status: int | None, text: str, api: bool) -> StoreError:
        # Only a Prometheus API error object blames the query; a bare 400 (a proxy, a wrong
        # path prefix) means the URL does not point at the API.
        if status in (400, 422) and api:
            return QueryError(
                f"{self.url} rejected query {expr!r} (HTTP {status}): {text}",
                url=self.url,
                query=expr,
            )
        hint = "" if api else "; is this the Prometheus HTTP API root? check the URL"
        return StoreUnavailable(
            f"{self.url} failed query {expr!r} (HTTP {status}): {text}{hint}",
            url=self.url,
            query=expr,
        )

    def _call(self, expr: str, fn: Callable[[], Any]) -> list[dict[str, Any]]:
        """Run one client call; map every failure to StoreUnavailable / QueryError."""
        try:
            result = fn()
        except PrometheusApiClientException as e:
            raise self._http_failure(expr, *_http_error(str(e))) from e
        except ValueError as e:  # JSON decode (requests' JSONDecodeError is also an OSError)
            raise StoreUnavailable(
                f"{self.url} answered query {expr!r} with something that is not the Prometheus "
                f"HTTP API ({e}); check the URL",
                url=self.url,
                query=expr,
            ) from e
        except OSError as e:  # requests' ConnectionError, Timeout, RetryError, …
            raise StoreUnavailable(
                f"{self.url} unreachable for query {expr!r}: {type(e).__name__}: {e}",
                url=self.url,
                query=expr,
            ) from e
        except (KeyError, TypeError, IndexError) as e:
            raise StoreUnavailable(
                f"{self.url}: unexpected response shape for query {expr!r} ({e!r})",
                url=self.url,
                query=expr,
            ) from e
        if not isinstance(result, list):
            raise StoreUnavailable(
                f"{self.url}: query {expr!r} returned {type(result).__name__}, not a list "
                "of series (a scalar or string result cannot become a frame)",
                url=self.url,
                query=expr,
            )
        return result

    def query(self, expr: str, at: float) -> list[dict[str, Any]]:
        """An instant query at ``at`` (Unix seconds); the API's ``result`` list."""
        return self._call(
            expr, lambda: self.prom.custom_query(query=expr, params={"time": f"{at:.3f}"})
        )

    def query_range(self, expr: str, start: float, end: float, step: float) -> list[dict[str, Any]]:
        """A range query on the grid ``start + k·step`` ≤ ``end``; the API's ``result`` list.

        ``start``/``end`` are sent with millisecond precision (the client library would round
        them to whole seconds) and ``nocache=1`` keeps VictoriaMetrics from moving ``start``."""
        params = {"start": f"{start:.3f}", "end": f"{end:.3f}", "nocache": "1"}
        return self._call(
            expr,
            lambda: self.prom.custom_query_range(
                query=expr,
                start_time=datetime.fromtimestamp(start, UTC),
                end_time=datetime.fromtimestamp(end, UTC),
                step=f"{step:.3f}",
                params=params,
            ),
        )

    def range_matrix(
        self, expr: str, start: float, end: float, step: float
    ) -> list[tuple[dict[str, str], FloatArray]]:
        """:meth:`query_range` as (labels, (n, 2) array of time, value) per series.

        With ``fast_parse`` (default) the request goes through the same session (retries,
        headers, TLS and proxy settings) as ``PrometheusConnect``, and the answer is parsed by
        a numeric fast path (:func:`fast_matrix`), falling back to ``json.loads`` for anything
        unexpected; errors are mapped exactly like :meth:`query_range`. Without it, this is
        ``PrometheusConnect.custom_query_range`` plus a conversion."""
        if not self.fast_parse:
            out = []
            for s in self.query_range(expr, start, end, step):
                pts = s.get("values") or []
                arr = np.array([v for p in pts for v in p], dtype=object)
                out.append((s.get("metric") or {}, _as_points(arr)))
            return out
        params = {
            "query": expr,
            "start": f"{start:.3f}",
            "end": f"{end:.3f}",
            "step": f"{step:.3f}",
            "nocache": "1",
        }
        try:
            resp = self._session.get(
                f"{self.url}/api/v1/query_range",
                params=params,
                headers=self._headers,
                timeout=self.timeout_s,
            )
        except OSError as e:  # requests' ConnectionError, Timeout, RetryError, …
            raise StoreUnavailable(
                f"{self.url} unreachable for query {expr!r}: {type(e).__name__}: {e}",
                url=self.url,
                query=expr,
            ) from e
        if resp.status_code != 200:
            raise self._http_failure(expr, resp.status_code, *_api_error_text(resp.text))
        fast = fast_matrix(resp.content)
        if fast is not None:
            return fast
        try:
            result = json.loads(resp.content)["data"]["result"]
            return [
                (s.get("metric") or {}, _as_points(np.array(s["values"], dtype=object).ravel()))
                for s in result
            ]
        except (ValueError, KeyError, TypeError, IndexError) as e:
            raise StoreUnavailable(
                f"{self.url} answered query {expr!r} with something that is not a Prometheus "
                f"matrix ({e!r}); check the URL",
                url=self.url,
                query=expr,
            ) from e

    def _map(self, fn: Callable[[T], Any], items: Sequence[T]) -> list[Any]:
        """Run ``fn`` over ``items`` on the thread pool; the first StoreError wins."""
        if len(items) <= 1 or self.max_workers == 1:
            return [fn(x) for x in items]
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.max_workers, thread_name_prefix="promql")
        return list(self._pool.map(fn, items))

    def _mapper(self, topology: Topology) -> _Mapper:
        m = self._mappers.get(topology)
        if m is None:
            m = self._mappers[topology] = _Mapper(topology)
        return m

    # -------------------------------------------------------------- frames
    def instant_frame(
        self,
        at: float,
        topology: Topology,
        *,
        fields: Collection[str] | None = None,
        selector: str = "",
        lookback_s: float = DEFAULT_LOOKBACK_S,
        strategy: Strategy | None = None,
    ) -> FrameResult:
        """The fleet at ``at``: each series' last sample in (at − lookback_s, at].

        ``fields``: registry names or aliases (default: all, GPU and node). ``selector``: extra
        label matchers ANDed to every query, braces optional (``'cluster="a"'``). Raises
        StoreUnavailable / QueryError; everything else lands in the result's ``errors``."""
        plan = field_plan(fields)
        coll = _Collector(self._mapper(topology), plan, ())
        how = _instant_strategy(strategy or self.strategy, topology, plan)
        queries = _instant_queries(plan, how, selector, promql_duration(lookback_s))
        results = self._map(lambda e: self.query(e, at), queries)
        cells, stamps, vals = _last_samples(results, coll, at - lookback_s, at)
        _place_newest(coll, cells, stamps, vals)
        gpu_frame = Frame(
            at, EntityKind.GPU, topology.gpu_keys, plan.gpu_fields, coll.gpu, self.source
        )
        node_frame = None
        if plan.node_fields and not np.isnan(coll.node).all():
            node_frame = Frame(
                at, EntityKind.NODE, topology.node_keys, plan.node_fields, coll.node, self.source
            )
        samples = int(np.isfinite(coll.gpu).sum() + np.isfinite(coll.node).sum())
        return FrameResult(
            gpu_frame,
            node_frame,
            list(coll.unmapped.values()),
            queries,
            coll.finish_errors(),
            coll.series,
            samples,
        )

    def range_ticks(
        self,
        start: float,
        end: float,
        step: float,
        topology: Topology,
        *,
        fields: Collection[str] | None = None,
        selector: str = "",
        lookback_s: float | None = None,
    ) -> list[Tick]:
        """One Tick per grid point ``start + k·step`` ≤ ``end`` (k = 0, 1, …).

        Each tick holds a GPU frame (the requested GPU fields) and, when any ``NODE_*`` field
        was requested and the store has any in the window, a node frame. A cell is the series'
        last sample in (t − lookback_s, t] (default ``lookback_s = step``), NaN if none. Series
        not in the topology are skipped (use :meth:`instant_frame` to list them). The whole
        window is held in memory (points × GPUs × fields × 8 bytes: 92 MB for 1 h of 1,024 GPUs
        at 15 s), so cut long windows into pieces. Raises StoreUnavailable / QueryError;
        ValueError for an inverted window or a non-positive step."""
        if not step > 0:
            raise ValueError(f"step must be positive, got {step}")
        if end < start:
            raise ValueError(f"end ({end}) is before start ({start})")
        n_points = math.floor((end - start) / step + 1e-9) + 1
        plan = field_plan(fields)
        coll = _Collector(self._mapper(topology), plan, (n_points,))
        window = promql_duration(step if lookback_s is None else lookback_s)
        jobs: list[tuple[str, str, int, int]] = []  # (field, expr, first point, n points)
        for name in plan.canonical:
            n_entities = topology.n_nodes if name in NODE_FIELDS else topology.n_gpus
            per = max(1, min(MAX_POINTS_PER_SERIES, MAX_SAMPLES_PER_REQUEST // max(1, n_entities)))
            expr = f"last_over_time({series_selector(plan.names[name], selector)}[{window}])"
            for k0 in range(0, n_points, per):
                jobs.append((name, expr, k0, min(per, n_points - k0)))

        def run(job: tuple[str, str, int, int]) -> list[tuple[dict[str, str], FloatArray]]:
            _, expr, k0, n = job
            return self.range_matrix(expr, start + k0 * step, start + (k0 + n - 1) * step, step)

        results = self._map(run, jobs)
        for (name, _, _, _), result in zip(jobs, results, strict=True):
            for labels, pts in result:
                tgt = coll.target(labels, name)
                if tgt is None or not pts.size:
                    continue
                is_node, row, col = tgt
                slot = np.rint((pts[:, 0] - start) / step).astype(np.intp)
                vs = pts[:, 1]
                ok = (slot >= 0) & (slot < n_points) & np.isfinite(vs)
                (coll.node if is_node else coll.gpu)[slot[ok], row, col] = vs[ok]
        gpu_keys, node_keys = topology.gpu_keys, topology.node_keys
        with_nodes = bool(plan.node_fields) and not np.isnan(coll.node).all()
        ticks: list[Tick] = []
        for k in range(n_points):
            t = start + k * step
            frames: tuple[Frame, ...] = (
                Frame(t, EntityKind.GPU, gpu_keys, plan.gpu_fields, coll.gpu[k], self.source),
            )
            if with_nodes:
                frames += (
                    Frame(
                        t, EntityKind.NODE, node_keys, plan.node_fields, coll.node[k], self.source
                    ),
                )
            ticks.append(Tick(t, frames))
        return ticks


# --------------------------------------------------------------------------------- polling


@dataclass
class PollStats:
    polls: int = 0
    ticks: int = 0
    failures: int = 0
    skipped_instants: int = 0  # grid instants passed over because a poll ran late
    empty_instants: int = 0  # polls that found no sample at all (no tick yielded)
    history_ticks: int = 0  # ticks read back from the store's history at start
    last_error: str | None = None
    errors: list[str] = field(default_factory=list)  # the most recent failures, newest last

    def fail(self, msg: str) -> None:
        self.failures += 1
        self.last_error = msg
        self.errors.append(msg)
        del self.errors[:-20]


class PromSource:
    """A polling :class:`~telemetry.sources.TickSource` over a Prometheus-API store, for the NOC.

    Every ``interval_s`` it queries the fleet at the grid instant ``at = ⌊(clock() − lag_s) /
    interval_s⌋ · interval_s`` (:meth:`PromStore.instant_frame`) and yields it as a Tick stamped
    ``at`` — data time, not poll time, so detection delays measured on ticks are the same live
    and in replay.

    **Why the lag.** A sample for time ``t`` is not queryable at ``t``: the exporter and the
    scrape take up to one interval, remote write / vmagent buffer for about a second, and
    VictoriaMetrics hides the newest data for ``-search.latencyOffset`` (30 s–1 min depending on
    the version; an instant query closer to "now" is silently moved back). Querying
    ``lag_s`` = 60 s in the past (default) returns complete instants on stock Prometheus and
    VictoriaMetrics; it adds 60 s of wall-clock latency but no data-time delay. With Prometheus,
    or VictoriaMetrics started with ``-search.latencyOffset=0s``, 2 × ``interval_s`` is enough.

    ``lookback_s`` (default 1.5 × ``interval_s``): each series' last sample in (at − lookback,
    at] is used. A poll that fails (:class:`StoreError`) yields nothing for that instant, is
    counted in :attr:`stats` and logged; the loop goes on at the next instant and never raises
    it. A poll that finds no sample at all yields nothing either (``empty_instants``): an empty
    window means the collection path is down, and an all-NaN frame would read as every GPU
    falling off the bus. An instant is never queried twice; instants skipped because a poll ran
    late are counted (``skipped_instants``).
    ``until``: stop after the last instant ≤ ``until`` (bounded runs, replays with an injected
    clock). ``clock`` / ``sleep`` / ``asleep`` are injected so tests run without real time.

    **History at start** (``history_s``). gpufleet is started, upgraded and restarted while
    faults are under way, and the store already holds what it missed. Before the first live
    instant the source reads the store's last ``history_s`` seconds on the same grid (range
    queries, :meth:`PromStore.range_ticks`, in pieces of :data:`HISTORY_PIECE_S` to bound
    memory) and yields them oldest first: the detector's baselines and its change-over-time
    rules see the "before" of a fault that began while nobody watched, and an incident opens at
    the data time it would have opened live. Instants with no sample at all are skipped (the
    exporters may be younger than the window); a store that fails the read is logged and
    counted, and the source goes live without it."""

    def __init__(
        self,
        store: PromStore,
        topology: Topology,
        *,
        interval_s: float = DEFAULT_INTERVAL_S,
        lag_s: float = DEFAULT_LAG_S,
        lookback_s: float | None = None,
        fields: Collection[str] | None = None,
        selector: str = "",
        until: float | None = None,
        history_s: float = 0.0,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], None] = time.sleep,
        asleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        if not interval_s > 0:
            raise ValueError(f"interval_s must be positive, got {interval_s}")
        if lag_s < 0:
            raise ValueError(f"lag_s must be >= 0, got {lag_s}")
        if not history_s >= 0:  # also NaN
            raise ValueError(f"history_s must be >= 0, got {history_s}")
        self.history_s = float(history_s)
        self.store = store
        self.topology = topology
        self.interval_s = float(interval_s)
        self.lag_s = float(lag_s)
        self.lookback_s = 1.5 * self.interval_s if lookback_s is None else float(lookback_s)
        self.fields = fields
        field_plan(fields)  # unknown field names fail here, not at the first poll
        self.selector = selector
        self.until = until
        self.clock = clock
        self.sleep = sleep
        self.asleep = asleep
        self.stats = PollStats()
        self._outage = OutageLog(f"PromSource {store.url}")
        self._last: float | None = None

    def instant(self) -> float:
        """The grid instant the next poll would query, from the clock."""
        return math.floor((self.clock() - self.lag_s) / self.interval_s) * self.interval_s

    def poll(self, at: float) -> Tick | None:
        """Query one instant. Returns None (and records why) if the store failed."""
        self.stats.polls += 1
        try:
            res = self.store.instant_frame(
                at,
                self.topology,
                fields=self.fields,
                selector=self.selector,
                lookback_s=self.lookback_s,
            )
        except StoreError as e:
            self.stats.fail(str(e))
            # one short line per outage (and a reminder with the count), never the query
            line = self._outage.failed(at, brief(str(e), e.query))
            if line is not None:
                log.warning("%s", line)
            return None
        back = self._outage.succeeded(at)
        if back is not None:
            log.warning("%s", back)
        if res.samples == 0:
            # Not one series in the window: the scrape / remote-write path is down (or the
            # selector matches nothing), which is not the same as every GPU vanishing. An
            # all-NaN tick would make the detector page "GPU missing" for the whole fleet.
            self.stats.empty_instants += 1
            self.stats.last_error = f"no samples at {at} for {res.query[0]!r}"
            return None
        self.stats.ticks += 1
        return res.tick()

    def history(self, first: float) -> Iterator[Tick]:
        """The store's ticks in ``[first − history_s, first)`` on the polling grid, oldest first
        (see the class docstring); nothing when ``history_s`` is 0."""
        t = first - math.floor(self.history_s / self.interval_s) * self.interval_s
        while t < first:
            end = min(t + HISTORY_PIECE_S, first) - self.interval_s
            try:
                piece = self.store.range_ticks(
                    t,
                    end,
                    self.interval_s,
                    self.topology,
                    fields=self.fields,
                    selector=self.selector,
                    lookback_s=self.lookback_s,
                )
            except StoreError as e:
                self.stats.fail(f"history before {first}: {e}")
                log.warning("PromSource: history before %s not read, going live: %s", first, e)
                return
            for tick in piece:
                if any(np.isfinite(f.values).any() for f in tick.frames):
                    self.stats.history_ticks += 1
                    yield tick
            t = end + self.interval_s

    def _first_history(self, at: float | None) -> list[Tick]:
        """The history to yield before the first live instant ``at`` (read once)."""
        if self._last is not None or at is None or self.history_s <= 0:
            return []
        return list(self.history(at))

    def _due(self) -> tuple[float | None, float]:
        """(instant to poll now or None, seconds to wait before asking again)."""
        at = self.instant()
        if self._last is not None and at <= self._last:
            nxt = self._last + self.interval_s
            # at least 1 ms, so a clock that rounds can never spin this loop without sleeping
            return None, max(1e-3, nxt + self.lag_s - self.clock())
        return at, 0.0

    def _take(self, at: float) -> None:
        if self._last is not None:
            self.stats.skipped_instants += max(0, round((at - self._last) / self.interval_s) - 1)
        self._last = at

    def _done(self, at: float | None) -> bool:
        if self.until is None:
            return False
        nxt = at if at is not None else (self._last or -math.inf) + self.interval_s
        if nxt <= self.until:
            return False
        if self._last is not None:  # instants up to ``until`` that a late poll jumped over
            last_due = math.floor(self.until / self.interval_s) * self.interval_s
            self.stats.skipped_instants += max(0, round((last_due - self._last) / self.interval_s))
        return True

    def ticks(self) -> Iterator[Tick]:
        """Poll forever (or until ``until``), sleeping with the injected ``sleep``."""
        while True:
            at, wait = self._due()
            if self._done(at):
                return
            if at is None:
                self.sleep(wait)
                continue
            yield from self._first_history(at)
            self._take(at)
            tick = self.poll(at)
            if tick is not None:
                yield tick

    async def aticks(self) -> AsyncIterator[Tick]:
        """The same loop for asyncio: queries run in a worker thread, waits use ``asleep``."""
        while True:
            at, wait = self._due()
            if self._done(at):
                return
            if at is None:
                await self.asleep(wait)
                continue
            for old in await asyncio.to_thread(self._first_history, at):
                yield old
            self._take(at)
            tick = await asyncio.to_thread(self.poll, at)
            if tick is not None:
                yield tick


# --------------------------------------------------------------------------------- agent tool

_AGG_BY_KIND = {
    FieldKind.GAUGE: "avg",
    FieldKind.COUNTER: "sum",
    FieldKind.BITMASK: "max",
    FieldKind.ENUM: "max",
}
AGGREGATIONS = frozenset({"avg", "sum", "max", "min"})
# An hour covers the detector's change-over-time windows (the SRE agent reads its own history
# from the store per incident, LOOKBACK_S); longer costs start-up time and memory for nothing.
DEFAULT_HISTORY_S = 3600.0
HISTORY_PIECE_S = 600.0  # history at start is read this much at a time (memory: see range_ticks)
MAX_HISTORY_POINTS = 11_000  # Prometheus' own per-series limit for query_range


class _HistoryRequestError(Exception):
    """A metrics_history request that cannot be served (reported as status "error")."""


@dataclass(frozen=True, slots=True)
class _HistoryTarget:
    """What a metrics_history entity reads: its kind, its hosts and the label matchers."""

    kind: str  # "gpu", "node" or "rack"
    hosts: list[str]
    gpu_sel: str

    @property
    def node_sel(self) -> str:
        if len(self.hosts) == 1:
            return f"Hostname={promql_string(self.hosts[0])}"
        return f"Hostname=~{promql_regex_literal(self.hosts)}"


def _check_history_request(agg: str | None, start: float, end: float, step: float) -> None:
    if agg is not None and agg not in AGGREGATIONS:
        raise _HistoryRequestError(
            f"unknown aggregation {agg!r}; use one of {sorted(AGGREGATIONS)}"
        )
    if not step > 0 or not end >= start:
        raise _HistoryRequestError(
            f"bad window: start={start} end={end} step={step} (need end >= start, step > 0)"
        )
    n_points = math.floor((end - start) / step + 1e-9) + 1
    if n_points > MAX_HISTORY_POINTS:
        raise _HistoryRequestError(
            f"{n_points} points per series is too many (max {MAX_HISTORY_POINTS}); "
            f"raise step to at least {math.ceil((end - start) / (MAX_HISTORY_POINTS - 1))} s"
        )


def _canonical_fields(fields: Sequence[str]) -> list[str]:
    canon: list[str] = []
    for f in fields:
        try:
            canon.append(field_spec(f).name)
        except KeyError as e:
            raise _HistoryRequestError(str(e.args[0]) if e.args else f"unknown field {f!r}") from e
    if not canon:
        raise _HistoryRequestError("no fields given")
    return canon


def _history_target(entity: str, topology: Topology) -> _HistoryTarget:
    if entity in topology.gpu_pos:
        g = topology.gpu_pos[entity]
        host = topology.node_keys[int(topology.gpu_node[g])]
        gpu = promql_string(str(topology.gpu_local_index[g]))
        return _HistoryTarget("gpu", [host], f"Hostname={promql_string(host)},gpu={gpu}")
    if entity in topology.node_pos:
        return _HistoryTarget("node", [entity], f"Hostname={promql_string(entity)}")
    if entity in topology.rack_pos:
        r = topology.rack_pos[entity]
        hosts = [topology.node_keys[int(n)] for n in topology.nodes_of_rack(r)]
        if not hosts:
            raise _HistoryRequestError(f"rack {entity!r} has no nodes in the topology")
        return _HistoryTarget("rack", hosts, f"Hostname=~{promql_regex_literal(hosts)}")
    raise _HistoryRequestError(
        f"unknown entity {entity!r}: not a GPU key (host/gpuN), hostname or rack of the "
        f"topology ({topology.n_gpus} GPUs, {topology.n_nodes} nodes, {topology.n_racks} racks)"
    )


def _history_expr(
    name: str, plan: _FieldPlan, target: _HistoryTarget, window: str, agg: str | None
) -> str:
    """The PromQL for one field of the history (aggregation rules in metrics_history)."""
    is_node = name in NODE_FIELDS
    series = series_selector(plan.names[name], target.node_sel if is_node else target.gpu_sel)
    by = "Hostname" if is_node else "Hostname, gpu"
    expr = f"max by ({by}) (last_over_time({series}[{window}]))"
    if target.kind != "gpu" or is_node:
        fn = agg or _AGG_BY_KIND[ALL_FIELDS[name].kind]
        expr = f"{fn}({expr})"
    return expr


def _history_points(result: list[dict[str, Any]]) -> list[list[float]]:
    points: list[list[float]] = []
    for s in result[:1]:  # the aggregation leaves at most one series
        for t, v in s.get("values") or []:
            fv = _float(v)
            if not math.isnan(fv):
                points.append([float(t), fv])
    return points


def metrics_history(
    store: PromStore,
    entity: str,
    fields: Sequence[str],
    start: float,
    end: float,
    step: float,
    topology: Topology,
    *,
    agg: str | None = None,
) -> dict[str, Any]:
    """History of some fields for one GPU, node or rack — the agents' typed-tool result.

    Returns ``{"status": "ok"|"error", "data": {field: [[t, v], ...]}, "query": [PromQL...],
    "error": str | None}``; it never raises. ``entity``: a GPU key (``node-07/gpu3``), a
    hostname or a rack name of ``topology``. Points are on the grid ``start + k·step``; a point
    is the last sample in its step bucket (``last_over_time(…[step])``); points with no data are
    left out (no NaN in JSON). Counters are raw cumulative values.

    Aggregation, kept simple:
    - a GPU: its own series (``max by (Hostname, gpu)`` only merges the duplicate series a
      workload-label change leaves); ``NODE_*`` fields read the GPU's host;
    - a node or rack: one series per field over all its GPUs (nodes for ``NODE_*`` fields):
      ``avg`` for gauges, ``sum`` for counters (rack total of e.g. ECC errors), ``max`` for
      bitmasks / enums (any throttle bit / Xid present); ``agg`` overrides (avg|sum|max|min).
      Per-GPU series are merged per (Hostname, gpu) first, so a job change is not counted twice.
    Errors (status "error"): unknown entity or field, bad window, too many points, the store
    unreachable or rejecting the query; ``data`` then holds the fields done before the failure.
    """
    queries: list[str] = []
    data: dict[str, list[list[float]]] = {}
    try:
        _check_history_request(agg, start, end, step)
        canon = _canonical_fields(fields)
        target = _history_target(entity, topology)
        window = promql_duration(step)
        plan = field_plan(canon)
        for name in canon:
            expr = _history_expr(name, plan, target, window, agg)
            queries.append(expr)
            data[name] = _history_points(store.query_range(expr, start, end, step))
    except (_HistoryRequestError, StoreError) as e:
        return {"status": "error", "data": data, "query": queries, "error": str(e)}
    return {"status": "ok", "data": data, "query": queries, "error": None}
