"""Prometheus remote-write (what vmagent sends) → the latest GPU matrix, decoded in bulk.

vmagent scrapes the dcgm-exporters and posts ``WriteRequest`` protobufs, snappy block
compressed, to ``-remoteWrite.url=http://HOST:PORT/api/v1/write``; :func:`remote_write_app` is
the ASGI route for it and :class:`RemoteWriteIngest` the pure core behind it.

The schema (``prompb``): ``WriteRequest{1: repeated TimeSeries}``, ``TimeSeries{1: repeated
Label, 2: repeated Sample}``, ``Label{1: name, 2: value}``, ``Sample{1: double value, 2: int64
timestamp_ms}``. Fields 3 (metadata) and anything else unknown are skipped by wire type.

How it avoids a per-sample parse: vmagent marshals each series as its label fields followed by
one sample, and a sample of a millisecond timestamp after 2004 and before 2039 is 18 bytes
(``0x12 0x10 | 0x09 <8-byte double> | 0x10 <6-byte varint>``), 9 when the value is 0.0 (proto3
omits it). The bytes before that tail are the series' label block, identical every scrape, and
key a cache → the series' cell in the GPU matrix (or "not a GPU field"). Only a cache miss
decodes labels; a hit is one outer length read, one slice and one dict lookup, and the values
and timestamps of a whole request are gathered at the recorded offsets with numpy. A key is
only ever cached after its bytes decoded as exactly a sequence of label fields, so a hit can
only be that split (protobuf field boundaries are determined from the start). Anything else
(other sample layouts, several samples, odd timestamps) goes through the generic decoder, so
no series is dropped unseen.

Series are mapped like :mod:`telemetry.exposition`: ``__name__`` → a registry field (aliases
resolved); GPU by ``UUID``, else (``Hostname``, ``gpu``), else (``Hostname``, ``pci_bus_id``).
What does not map is counted, never silently dropped: :attr:`IngestStats.other` (not a GPU
field of the registry: vmagent's own ``up``/``scrape_*``, node metrics, an unknown name),
``unmapped`` (a GPU field on no GPU of the topology), ``unsupported`` (MIG instance and
``DCGM_EXP_*`` keyed series, which only the exposition parser models). A newer sample wins per
cell, within one request too; an older one (several vmagent queues) is ignored.

Memory: the label-block cache holds each series' label bytes (~300 B for a dcgm-exporter series
with vmagent's ``job``/``instance``) plus a dict entry (``bench/remote_write_decode.py
--memory`` measures it per series); ``max_series`` caps it (default
:func:`cache_size_for`, from the topology; past the cap, new series are decoded every time).
Beyond one process, feeders each own a share of the racks (:mod:`telemetry.feeder_shards`).

Outside input: a body over :data:`MAX_BODY_BYTES` compressed or :data:`MAX_DECODED_BYTES`
decoded, bad snappy or bad protobuf raise :class:`RemoteWriteError` (the one exception; the
route answers 400 with its message) in time linear in the body.
"""

from __future__ import annotations

import struct
from collections import Counter
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from typing import Any

import cramjam
import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.exposition import _ALL, _KEYED_COLS, _N_CORE, MIG_ID_LABEL, _column
from gpufleet.telemetry.fields import EXTENDED_GPU_FIELD_NAMES, GPU_FIELD_NAMES, sanitize
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.topology import Topology, gpu_key

MAX_BODY_BYTES = 32 * 1024 * 1024  # vmagent's default -remoteWrite.maxBlockSize is 8 MiB
MAX_DECODED_BYTES = 256 * 1024 * 1024
MAX_CACHED_SERIES = 4_000_000  # the cap when none is given and no topology sizes it
# room per node for the exporter's and vmagent's own series (up, scrape_*, node metrics) that
# map to no GPU but are cached too
SERIES_PER_NODE = 64
MAX_LABELS_PER_SERIES = 256
WRITE_PATH = "/api/v1/write"
METRICS_PATH = "/metrics"
METRICS_TYPE = b"text/plain; version=0.0.4"

_OTHER = -1  # not a GPU field of the registry
_UNMAPPED = -2  # a GPU field on no GPU of the topology
_UNSUPPORTED = -3  # MIG instance / keyed DCGM_EXP_* series
_N_ALL = len(_ALL)
SERIES_PER_GPU = _N_ALL  # series a GPU may have: one per registry field
_DOUBLE = struct.Struct("<d")


class RemoteWriteError(ValueError):
    """A remote-write body that cannot be read (too large, bad snappy, bad protobuf)."""


@dataclass
class IngestStats:
    """Counts since the ingest started: every series of every request lands in one of them."""

    requests: int = 0
    rejected: int = 0  # requests answered 400/413 (counted by the route, nothing ingested)
    series: int = 0  # series decoded (one sample each from vmagent; more are all counted)
    samples: int = 0
    stored: int = 0  # samples that updated a GPU cell
    stale: int = 0  # samples older than the cell's current one
    other: int = 0
    unmapped: int = 0
    unsupported: int = 0
    slow_series: int = 0  # series read by the generic decoder (cache misses, odd layouts)
    other_names: Counter[str] = field(default_factory=Counter)  # at most 1,000 names


def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    """(value, next position); RemoteWriteError past the end or over 10 bytes."""
    result = shift = 0
    for i in range(pos, min(pos + 10, len(buf))):
        b = buf[i]
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, i + 1
        shift += 7
    raise RemoteWriteError(f"byte {pos}: truncated or over-long varint")


def _fields(buf: bytes, start: int, end: int) -> list[tuple[int, int, int, int]]:
    """(field number, wire type, value or start, end) of each field in buf[start:end]."""
    out = []
    pos = start
    while pos < end:
        key, pos = _varint(buf, pos)
        num, wire = key >> 3, key & 7
        if wire == 2:
            ln, pos = _varint(buf, pos)
            if pos + ln > end:
                raise RemoteWriteError(f"byte {pos}: field {num} runs past its message")
            out.append((num, wire, pos, pos + ln))
            pos += ln
        elif wire == 0:
            v, pos = _varint(buf, pos)
            out.append((num, wire, v, pos))
        elif wire in {1, 5}:
            width = 8 if wire == 1 else 4
            if pos + width > end:
                raise RemoteWriteError(f"byte {pos}: fixed field {num} runs past its message")
            out.append((num, wire, pos, pos + width))
            pos += width
        else:
            raise RemoteWriteError(f"byte {pos}: unsupported wire type {wire} (field {num})")
    return out


def _labels(buf: bytes, start: int, end: int) -> dict[str, str] | None:
    """The label fields of buf[start:end] (None when anything else is in the range)."""
    out: dict[str, str] = {}
    for num, wire, a, b in _fields(buf, start, end):
        if num != 1 or wire != 2 or len(out) >= MAX_LABELS_PER_SERIES:
            return None
        name = value = ""
        for n2, w2, c, d in _fields(buf, a, b):
            if w2 == 2 and n2 in (1, 2):
                text = buf[c:d].decode("utf-8", "replace")
                name, value = (text, value) if n2 == 1 else (name, text)
        out[name] = value
    return out


_NAME_LABEL = b"__name__"


def _name_split(buf: bytes, start: int, end: int) -> tuple[int, int, int, int] | None:
    """Where a series' ``__name__`` label field starts, where its value starts and where the
    field ends (-1, -1, -1 without one), and the end of the leading label fields, when every
    length fits one byte (vmagent's usual case), walked without decoding anything. None for
    the generic decoder (a longer length, another field first, a second ``__name__``)."""
    name_at = value_at = name_end = -1
    pos, count = start, 0
    try:
        while pos < end and buf[pos] == 0x0A:
            count += 1
            ln = buf[pos + 1]
            p = pos + 2
            stop = p + ln
            nl = buf[p + 1]
            q = p + 2 + nl
            vl = buf[q + 1]
            if ln | nl | vl >= 0x80 or stop > end or buf[p] != 0x0A or buf[q] != 0x12:
                return None
            if q + 2 + vl != stop or count > MAX_LABELS_PER_SERIES:
                return None
            if nl == 8 and buf[p + 2 : q] == _NAME_LABEL:
                if name_at >= 0:
                    return None
                name_at, value_at, name_end = pos, q + 2, stop
            pos = stop
    except IndexError:
        return None
    return name_at, value_at, name_end, pos


def decompress(body: bytes) -> bytes:
    """The snappy block of a remote-write body, checked against the size caps first."""
    if len(body) > MAX_BODY_BYTES:
        raise RemoteWriteError(f"body of {len(body)} bytes is over {MAX_BODY_BYTES}")
    if not body:
        return b""
    size, _ = _varint(body, 0)  # snappy's preamble: the decoded length
    if size > MAX_DECODED_BYTES:
        raise RemoteWriteError(f"decodes to {size} bytes, over {MAX_DECODED_BYTES}")
    try:
        return bytes(cramjam.snappy.decompress_raw(body))
    except Exception as exc:  # cramjam raises its own DecompressionError
        raise RemoteWriteError(f"not a snappy block: {exc}") from None


class RemoteWriteIngest:
    """The latest value and timestamp of every (GPU, field) cell, from remote-write bodies."""

    def __init__(
        self, topology: Topology, *, keep_labels: bool = False, max_series: int | None = None
    ) -> None:
        self.topology = topology
        self.max_series = cache_size_for(topology) if max_series is None else max_series
        # cell → the labels of the first series that landed there (tests, debugging; costs
        # memory per series, so off by default)
        self.series_labels: dict[int, dict[str, str]] | None = {} if keep_labels else None
        n = topology.n_gpus
        self.values = np.full((n, _N_ALL), np.nan)
        self.stamp_ms = np.full((n, _N_ALL), -1, dtype=np.int64)
        self.stats = IngestStats()
        self._cells: dict[bytes, int] = {}
        # A cold start decodes every series once. The 47-odd fields of one GPU share every
        # label but ``__name__``, so the GPU is resolved once per label set without the name
        # (the bytes around the name field) and the field once per name: a miss of the series
        # cache then costs a walk over the label bytes and two lookups, not a decode of ~20
        # labels (bench/README: a cold start is ~3 times faster).
        self._gpu_rows: dict[bytes, int] = {}
        self._name_cols: dict[bytes, int] = {}

    @property
    def cached_series(self) -> int:
        """Label blocks in the series cache (at most :attr:`max_series`)."""
        return len(self._cells)

    # ------------------------------------------------------------------ decoding
    def ingest(self, body: bytes) -> int:
        """Decode one snappy-compressed WriteRequest into the matrix; returns its samples."""
        return self.ingest_decoded(decompress(body))

    def ingest_decoded(self, buf: bytes) -> int:
        cells: list[int] = []
        value_at: list[int] = []  # offset of the 8-byte double, -1 for an omitted 0.0
        spans: list[tuple[int, int]] = []  # (start, end) of each series read from the cache
        slow: list[tuple[int, float, int]] = []  # (cell, value, ms) from the generic decoder
        cache = self._cells
        pos, n = 0, len(buf)
        series = 0
        while pos < n:
            tag = buf[pos]
            b1 = buf[pos + 1] if pos + 2 < n else 0xFF  # 0xFF: near the end, read carefully
            if b1 < 0x80:
                ln, start = b1, pos + 2
            elif b1 != 0xFF and buf[pos + 2] < 0x80:  # a series of 128..16383 bytes
                ln, start = (b1 & 0x7F) | buf[pos + 2] << 7, pos + 3
            else:
                ln, start = _varint(buf, pos + 1)
            end = start + ln
            if tag & 7 != 2 or end > n:
                pos = _field_end(buf, pos)
                continue
            pos = end
            if tag != 0x0A:
                continue  # metadata (3) or an unknown length-delimited field
            series += 1
            if ln > 18 and buf[end - 18] == 0x12 and buf[end - 17] == 16 and buf[end - 16] == 9:
                key, vat = buf[start : end - 18], end - 15
            elif ln > 9 and buf[end - 9] == 0x12 and buf[end - 8] == 7:
                key, vat = buf[start : end - 9], -1
            else:
                slow += self._series(buf, start, end)
                continue
            cell = cache.get(key)
            if cell is None and buf[end - 7] == 0x10:
                cell = self._learn(buf, start, start + len(key))
            if cell is None or buf[end - 7] != 0x10:
                slow += self._series(buf, start, end)
                continue
            cells.append(cell)
            value_at.append(vat)
            spans.append((start, end))
        self.stats.requests += 1
        self.stats.series += series
        return self._store(buf, cells, value_at, spans, slow)

    def _learn(self, buf: bytes, start: int, key_end: int) -> int | None:
        """A cache miss in vmagent's layout: the cell of the label block buf[start:key_end],
        cached, when the block is exactly label fields; None for the generic decoder."""
        if self.series_labels is not None:
            return None
        split = _name_split(buf, start, key_end)
        if split is None or split[3] != key_end:
            return None
        self.stats.slow_series += 1
        cell = self._cell_of_split(buf, start, split)
        if len(self._cells) < self.max_series:
            self._cells[buf[start:key_end]] = cell
        return cell

    def _series(self, buf: bytes, start: int, end: int) -> list[tuple[int, float, int]]:
        """One TimeSeries through the generic decoder; caches its label block when the layout
        is vmagent's (labels, then one sample)."""
        self.stats.slow_series += 1
        split = _name_split(buf, start, end) if self.series_labels is None else None
        if split is not None:
            label_end = split[3]
            fields = _fields(buf, label_end, end)
            cell = self._cell_of_split(buf, start, split)
        else:
            fields = _fields(buf, start, end)
            label_end = start
            for num, _, _, b in fields:
                if num != 1:
                    break
                label_end = b
            cell = self._decoded_cell(buf, start, label_end)
        out = []
        for num, wire, a, b in fields:
            if num == 2 and wire == 2:
                value, ms = 0.0, 0
                for n2, w2, c, _d in _fields(buf, a, b):
                    if n2 == 1 and w2 == 1:
                        value = _DOUBLE.unpack_from(buf, c)[0]
                    elif n2 == 2 and w2 == 0:
                        ms = c - (1 << 64) if c >= 1 << 63 else c
                out.append((cell, value, ms))
        if len(cache := self._cells) < self.max_series:
            cache[buf[start:label_end]] = cell
        return out

    def _decoded_cell(self, buf: bytes, start: int, label_end: int) -> int:
        """:meth:`_resolve` of the label fields buf[start:label_end], decoded in full."""
        labels = _labels(buf, start, label_end)
        if labels is None:
            raise RemoteWriteError(f"byte {start}: a time series with labels after samples")
        cell = self._resolve(labels)
        if self.series_labels is not None and cell >= 0:
            self.series_labels.setdefault(cell, labels)
        return cell

    def _cell_of_split(self, buf: bytes, start: int, split: tuple[int, int, int, int]) -> int:
        """:meth:`_resolve` for a series read by :func:`_name_split`, from the two caches."""
        name_at, value_at, name_end, label_end = split
        name = buf[value_at:name_end] if name_at >= 0 else b""
        col = self._name_cols.get(name)
        if col is None:
            col = self._name_col(name.decode("utf-8", "replace"))
            if len(self._name_cols) < self.max_series:
                self._name_cols[name] = col
        if col == _OTHER:
            self._count_other(name.decode("utf-8", "replace"))
        if col < 0:
            return col
        rest = (
            buf[start:name_at] + buf[name_end:label_end] if name_at >= 0 else buf[start:label_end]
        )
        row = self._gpu_rows.get(rest)
        if row is None:
            labels = _labels(rest, 0, len(rest))
            assert labels is not None  # the label fields _name_split walked, less one
            row = self._gpu_row(labels)
            if len(self._gpu_rows) < self.max_series:
                self._gpu_rows[rest] = row
        return row if row < 0 else row * _N_ALL + col

    @staticmethod
    def _name_col(name: str) -> int:
        """The matrix column of a series name; _OTHER or _UNSUPPORTED (keyed series)."""
        col = _column(name, "gauge")
        if col < 0:
            return _OTHER
        return _UNSUPPORTED if col in _KEYED_COLS else col

    def _count_other(self, name: str) -> None:
        if len(self.stats.other_names) < 1000 or name in self.stats.other_names:
            self.stats.other_names[name] += 1

    def _resolve(self, labels: dict[str, str]) -> int:
        """The flat cell of a series' labels, or _OTHER / _UNMAPPED / _UNSUPPORTED."""
        name = labels.get("__name__", "")
        col = self._name_col(name)
        if col == _OTHER:
            self._count_other(name)
        if col < 0:
            return col
        row = self._gpu_row(labels)
        return row if row < 0 else row * _N_ALL + col

    def _gpu_row(self, labels: dict[str, str]) -> int:
        """The GPU a series' labels name, or _UNMAPPED, or _UNSUPPORTED (a MIG instance)."""
        if labels.get(MIG_ID_LABEL):
            return _UNSUPPORTED
        topo = self.topology
        uuid = labels.get("UUID") or labels.get("uuid")
        host = labels.get("Hostname") or labels.get("hostname") or ""
        g = topo.uuid_pos.get(uuid) if uuid else None
        gpu = labels.get("gpu", "")
        if g is None and host and gpu.isascii() and gpu.isdigit() and len(gpu) <= 3:
            g = topo.gpu_pos.get(gpu_key(host, int(gpu)))
        if g is None and host and labels.get("pci_bus_id"):
            g = topo.gpu_by_pci(host, labels["pci_bus_id"])
        return _UNMAPPED if g is None else g

    def _store(
        self,
        buf: bytes,
        cells: list[int],
        value_at: list[int],
        spans: list[tuple[int, int]],
        slow: list[tuple[int, float, int]],
    ) -> int:
        """Gather values and timestamps at their offsets (numpy) and update the matrix."""
        raw = np.frombuffer(buf, dtype=np.uint8)
        vat = np.asarray(value_at, dtype=np.intp)
        sat = np.asarray([e for _, e in spans], dtype=np.intp) - 6
        values = np.zeros(len(cells))
        has = vat >= 0
        if has.any():
            values[has] = raw[vat[has, None] + np.arange(8)].copy().view("<f8").ravel()
        tb = raw[sat[:, None] + np.arange(6)].astype(np.int64)
        ok = np.all(tb[:, :5] >= 0x80, axis=1) & (tb[:, 5] < 0x80)
        stamps = ((tb & 0x7F) << (7 * np.arange(6))).sum(axis=1)
        cell_arr = np.asarray(cells, dtype=np.intp)
        if not ok.all():  # a timestamp that is not a 6-byte varint: the generic decoder
            for j in np.flatnonzero(~ok).tolist():
                slow += self._series(buf, *spans[j])
            cell_arr, values, stamps = cell_arr[ok], values[ok], stamps[ok]
        if slow:
            cell_arr = np.concatenate([cell_arr, np.asarray([s[0] for s in slow], np.intp)])
            values = np.concatenate([values, np.asarray([s[1] for s in slow])])
            stamps = np.concatenate([stamps, np.asarray([s[2] for s in slow], np.int64)])
        return self._update(cell_arr, values, stamps)

    def _update(
        self, cells: npt.NDArray[np.intp], values: npt.NDArray[np.float64], stamps: Any
    ) -> int:
        st = self.stats
        st.samples += len(cells)
        st.other += int(np.count_nonzero(cells == _OTHER))
        st.unmapped += int(np.count_nonzero(cells == _UNMAPPED))
        st.unsupported += int(np.count_nonzero(cells == _UNSUPPORTED))
        keep = cells >= 0
        cells, values, stamps = cells[keep], values[keep], stamps[keep]
        if len(stamps) > 1 and not np.all(stamps[1:] >= stamps[:-1]):
            # One cell twice in a request (the cached and the generic path, or two queues'
            # series): assignment keeps the last write, so the newest must come last.
            order = np.argsort(stamps, kind="stable")
            cells, values, stamps = cells[order], values[order], stamps[order]
        flat_v = self.values.reshape(-1)
        flat_t = self.stamp_ms.reshape(-1)
        newer = stamps >= flat_t[cells]
        st.stale += int(np.count_nonzero(~newer))
        st.stored += int(np.count_nonzero(newer))
        flat_v[cells[newer]] = values[newer]
        flat_t[cells[newer]] = stamps[newer]
        return len(keep)

    # ------------------------------------------------------------------ frames
    def frame(self, now: float, max_age_s: float) -> tuple[Frame, Frame]:
        """Core and extended GPU frames at ``now``: each cell's latest value when it is at most
        ``max_age_s`` old, else NaN; values sanitized as the exposition parser does."""
        fresh = self.stamp_ms >= int((now - max_age_s) * 1000)
        vals = np.where(fresh, self.values, np.nan)
        cleaned, _ = sanitize(vals, _ALL)
        keys = self.topology.gpu_keys
        core = Frame(now, EntityKind.GPU, keys, GPU_FIELD_NAMES, cleaned[:, :_N_CORE], "vmagent")
        ext = cleaned[:, _N_CORE:]
        return core, Frame(now, EntityKind.GPU, keys, EXTENDED_GPU_FIELD_NAMES, ext, "vmagent")

    def tick(self, now: float, max_age_s: float) -> Tick:
        """What the NOC detector consumes (``Detector.process``): the core GPU frame at
        ``now`` (see :meth:`frame`), and the extended frame when any extended field was pushed
        (the per-key DCGM_EXP_* values are not kept here: their rollup is)."""
        core, ext = self.frame(now, max_age_s)
        extended = ext if bool(np.isfinite(ext.values).any()) else None
        return Tick(now, (core,), extended=extended)


def cache_size_for(topology: Topology) -> int:
    """The series cache a topology needs: every registry field of every GPU and the per-node
    allowance (:data:`MAX_CACHED_SERIES` for an empty, still-to-be-discovered fleet)."""
    if topology.n_gpus == 0:
        return MAX_CACHED_SERIES
    return topology.n_gpus * SERIES_PER_GPU + len(topology.node_keys) * SERIES_PER_NODE


def series_label_sets(body: bytes) -> list[dict[str, str]]:
    """The labels of every time series in one snappy-compressed WriteRequest (the generic
    decoder: for discovering the fleet from a first push, not for the per-scrape path)."""
    buf = decompress(body)
    out = []
    for num, wire, start, end in _fields(buf, 0, len(buf)):
        if num != 1 or wire != 2:
            continue
        label_end = start
        for n2, _, _, b in _fields(buf, start, end):
            if n2 != 1:
                break
            label_end = b
        labels = _labels(buf, start, label_end)
        if labels is not None:
            out.append(labels)
    return out


def _field_end(buf: bytes, pos: int) -> int:
    """End of the single field starting at pos (for skipping a non-TimeSeries field)."""
    key, p = _varint(buf, pos)
    wire = key & 7
    if wire == 0:
        return _varint(buf, p)[1]
    if wire == 1:
        return p + 8
    if wire == 5:
        return p + 4
    if wire == 2:
        ln, p = _varint(buf, p)
        if p + ln > len(buf):
            raise RemoteWriteError(f"byte {pos}: field runs past the request")
        return p + ln
    raise RemoteWriteError(f"byte {pos}: unsupported wire type {wire}")


Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


Offload = Callable[[Callable[[], int]], Awaitable[int]]


def remote_write_app(
    ingest: RemoteWriteIngest,
    *,
    metrics: Callable[[], str] | None = None,
    offload: Offload | None = None,
) -> Callable[[MutableMapping[str, Any], Receive, Send], Awaitable[None]]:
    """An ASGI app: ``POST /api/v1/write`` → 204 (400 with the reason for a bad body, 413 for
    a too large one, 404/405 elsewhere); ``GET /metrics`` → ``metrics()`` when given. Serve it
    with uvicorn on the NOC worker.

    ``offload`` runs the decode elsewhere (the feeder: one thread), so a cold round's label
    learning never holds the event loop, its ticks or its ``/metrics``; the 204 still waits
    for the decode, so vmagent keeps (and retries) whatever a killed process had not taken."""

    async def app(scope: MutableMapping[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return
        if scope["path"] == METRICS_PATH and metrics is not None and scope["method"] == "GET":
            await _respond(send, 200, metrics().encode(), METRICS_TYPE)
            return
        if scope["path"] != WRITE_PATH:
            await _respond(send, 404, b"not found; remote-write goes to /api/v1/write\n")
            return
        if scope["method"] != "POST":
            await _respond(send, 405, b"POST only\n")
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            msg = await receive()
            part = msg.get("body", b"")
            size += len(part)
            if size > MAX_BODY_BYTES:
                ingest.stats.rejected += 1
                await _respond(send, 413, f"body over {MAX_BODY_BYTES} bytes\n".encode())
                return
            chunks.append(part)
            more = bool(msg.get("more_body"))
        body = b"".join(chunks)
        try:
            if offload is None:
                ingest.ingest(body)
            else:
                await offload(lambda: ingest.ingest(body))
        except RemoteWriteError as exc:
            ingest.stats.rejected += 1
            await _respond(send, 400, f"{exc}\n".encode())
            return
        await _respond(send, 204, b"")

    return app


async def _respond(send: Send, status: int, body: bytes, ctype: bytes = b"text/plain") -> None:
    headers = [(b"content-type", ctype), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
