"""Telemetry shards: a tick cut by rack, and the bytes a shard travels as on the bus.

A NOC worker owns one rack (``gpufleet noc-worker --shard RACK``): correlation inside a rack
(chassis, node, rack scope: a fan, a PSU, a cooling loop) stays in one process. The feeder cuts
every tick with :func:`split_by_rack` and publishes each part on the rack's telemetry subject;
the worker decodes it with :class:`TickDecoder` and runs its detector over
:func:`rack_topology`. Jobs that span racks arrive in parts, one per rack.

Wire format (one message per rack and tick): a 4-byte big-endian header length, a JSON header,
then little-endian float64 values in header order. The header has the timestamp, the log events,
the workloads and per frame its kind, source, entities and fields; ``extended`` is the extended
exporter fields' frame (:attr:`Tick.extended`) or null, sent with only the columns that hold a
value in this rack (a fleet's exporter may know dozens of fields a rack never fills: an absent
column reads as NaN to the detector, as an all-NaN one would); ``keyed`` is the per-key
``DCGM_EXP_*`` values (:attr:`Tick.keyed`) or null, as string tables (``gpus``, ``fields``,
``keys``) and a flat list of index triples ``cells``, one value per cell. The body holds each
frame's values (rows × fields), then the extended frame's, then one value per keyed cell. No
pickle: a worker never executes what it reads.

Decoding is strict: a missing or mistyped key, an index out of its table, values cut off or
trailing raise :class:`ShardFormatError`. What is well formed but not understood is kept and
counted, never dropped: a field name the registry does not know (a newer exporter) stays in the
tick and is counted in :attr:`TickDecoder.unknown_fields` (the detector counts it again when it
aligns); a header key this version does not know is counted in
:attr:`TickDecoder.unknown_keys`. ``gpufleet noc-worker`` shows both when it stops.
"""

from __future__ import annotations

import json
import struct
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any, TypeVar

import numpy as np

from gpufleet.telemetry.fields import field
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Cluster, Topology, Workload

_HEADER = struct.Struct(">I")
_FLOAT = np.dtype("<f8")
# Header keys this version writes; "extended" and "keyed" are optional (older feeders).
_KNOWN_KEYS = frozenset({"timestamp", "frames", "events", "workloads", "extended", "keyed"})
_EXTENDED = "extended"  # the decoder's entity/field cache slot of the extended frame

Keyed = Mapping[str, Mapping[str, Mapping[str, float]]]
V = TypeVar("V")


class ShardFormatError(ValueError):
    """Bytes that are not a telemetry shard; the message says what is wrong."""


def rack_topology(topology: Topology, rack: str) -> Topology:
    """The part of ``topology`` that is ``rack`` (``ValueError`` naming the known racks)."""
    for cluster in topology.clusters:
        for r in cluster.racks:
            if r.name == rack:
                return Topology([Cluster(name=cluster.name, racks=(r,))])
    known = ", ".join(topology.rack_keys[:20]) + (" …" if topology.n_racks > 20 else "")
    raise ValueError(f"no rack {rack!r} in the topology (racks: {known})")


def _entity_racks(frame: Frame, topology: Topology) -> np.ndarray[Any, np.dtype[np.intp]]:
    """Rack index of each row of ``frame``; -1 for an entity the topology does not know."""
    if frame.entity_kind is EntityKind.GPU:
        pos, rack_of = topology.gpu_pos, topology.gpu_rack
    else:
        pos, rack_of = topology.node_pos, topology.node_rack
    idx = np.fromiter((pos.get(e, -1) for e in frame.entities), np.intp, len(frame.entities))
    racks = np.full(len(idx), -1, dtype=np.intp)
    known = idx >= 0
    racks[known] = rack_of[idx[known]]
    return racks


def _cut(frame: Frame, topology: Topology) -> dict[int, Frame]:
    """``frame``'s rows by rack index (every rack, empty ones included)."""
    racks = _entity_racks(frame, topology)
    out = {}
    for r in range(topology.n_racks):
        rows = np.flatnonzero(racks == r)
        out[r] = Frame(
            frame.timestamp,
            frame.entity_kind,
            tuple(frame.entities[i] for i in rows),
            frame.fields,
            frame.values[rows],
            frame.source,
        )
    return out


def _by_gpu_rack(items: Mapping[str, V], topology: Topology) -> dict[int, dict[str, V]]:
    """A GPU-keyed map by rack index (every rack); GPUs the topology does not know dropped."""
    out: dict[int, dict[str, V]] = {r: {} for r in range(topology.n_racks)}
    for gpu, value in items.items():
        g = topology.gpu_pos.get(gpu)
        if g is not None:
            out[int(topology.gpu_rack[g])][gpu] = value
    return out


def split_by_rack(tick: Tick, topology: Topology) -> dict[str, Tick]:
    """``tick`` cut into one tick per rack of ``topology`` (every rack gets one, empty frames
    included, so each worker's clock advances). Entities, log lines and keyed values of hosts
    the topology does not know are dropped, as the whole-fleet detector would not place them
    either. A tick with an extended frame or keyed values gives every rack one (maybe empty)."""
    cuts = [_cut(frame, topology) for frame in tick.frames]
    events: dict[int, list[LogEvent]] = {r: [] for r in range(topology.n_racks)}
    for event in tick.events:
        node = topology.node_pos.get(event.node)
        if node is not None:
            events[int(topology.node_rack[node])].append(event)
    workloads = None if tick.workloads is None else _by_gpu_rack(tick.workloads, topology)
    extended = None if tick.extended is None else _cut(tick.extended, topology)
    keyed = None if tick.keyed is None else _by_gpu_rack(tick.keyed, topology)
    return {
        topology.rack_keys[r]: Tick(
            tick.timestamp,
            tuple(cut[r] for cut in cuts),
            tuple(events[r]),
            workloads[r] if workloads is not None else None,
            extended[r] if extended is not None else None,
            keyed[r] if keyed is not None else None,
        )
        for r in range(topology.n_racks)
    }


# ------------------------------------------------------------------ encoding


def _frame_head(f: Frame) -> dict[str, Any]:
    return {
        "timestamp": f.timestamp,
        "kind": f.entity_kind.value,
        "source": f.source,
        "entities": list(f.entities),
        "fields": list(f.fields),
    }


def _filled_columns(f: Frame) -> Frame:
    """``f`` with only the columns that hold a value (the extended frame's compact form)."""
    cols = np.flatnonzero(~np.isnan(f.values).all(axis=0))
    if len(cols) == len(f.fields):
        return f
    fields = tuple(f.fields[int(j)] for j in cols)
    return Frame(f.timestamp, f.entity_kind, f.entities, fields, f.values[:, cols], f.source)


def _keyed_tables(keyed: Keyed) -> tuple[dict[str, Any], list[float]]:
    """The keyed values as string tables, index triples and the values in cell order."""
    tables: dict[str, dict[str, int]] = {"gpus": {}, "fields": {}, "keys": {}}
    cells: list[int] = []
    values: list[float] = []
    for gpu, per_field in keyed.items():
        for name, per_key in per_field.items():
            for key, value in per_key.items():
                for table, text in (("gpus", gpu), ("fields", name), ("keys", key)):
                    cells.append(tables[table].setdefault(text, len(tables[table])))
                values.append(float(value))
    head: dict[str, Any] = {table: list(index) for table, index in tables.items()}
    head["cells"] = cells
    return head, values


def encode_tick(tick: Tick) -> bytes:
    """The wire bytes of ``tick`` (see the module docstring)."""
    extended = None if tick.extended is None else _filled_columns(tick.extended)
    keyed_head, keyed_values = (None, []) if tick.keyed is None else _keyed_tables(tick.keyed)
    header = {
        "timestamp": tick.timestamp,
        "frames": [_frame_head(f) for f in tick.frames],
        "events": [asdict(e) for e in tick.events],
        "workloads": _workloads_json(tick.workloads),
        "extended": None if extended is None else _frame_head(extended),
        "keyed": keyed_head,
    }
    head = json.dumps(header, separators=(",", ":")).encode()
    frames = [*tick.frames, *([extended] if extended is not None else [])]
    body = b"".join(np.ascontiguousarray(f.values, dtype=_FLOAT).tobytes() for f in frames)
    body += np.asarray(keyed_values, dtype=_FLOAT).tobytes()
    return _HEADER.pack(len(head)) + head + body


def _workloads_json(workloads: Mapping[str, Workload] | None) -> dict[str, Any] | None:
    if workloads is None:
        return None
    return {gpu: w.model_dump(mode="json", exclude_defaults=True) for gpu, w in workloads.items()}


# ------------------------------------------------------------------ decoding


def _strs(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ShardFormatError(f"not a telemetry shard: {what} is not a list of strings")
    return tuple(value)


class _Body:
    """The float64 values after the header, taken in order."""

    def __init__(self, data: bytes, offset: int) -> None:
        self.data, self.offset = data, offset

    def take(self, n: int, what: str) -> np.ndarray[Any, np.dtype[np.float64]]:
        size = n * _FLOAT.itemsize
        if self.offset + size > len(self.data):
            raise ShardFormatError(f"not a telemetry shard: {what} values cut off")
        values = np.frombuffer(self.data, _FLOAT, n, self.offset)
        self.offset += size
        return values.astype(np.float64)

    def done(self) -> None:
        if self.offset != len(self.data):
            left = len(self.data) - self.offset
            raise ShardFormatError(f"not a telemetry shard: {left} trailing bytes")


class TickDecoder:
    """Decodes shard bytes into ticks, reusing the previous frame's entity and field tuples
    when they did not change (the detector then skips re-aligning, as with a local source).
    Counts what it keeps without understanding (see the module docstring)."""

    def __init__(self) -> None:
        self._entities: dict[str, tuple[str, ...]] = {}
        self._fields: dict[str, tuple[str, ...]] = {}
        self._known: dict[str, bool] = {}
        self.unknown_fields: Counter[str] = Counter()  # samples / cells per unknown field name
        self.unknown_keys: Counter[str] = Counter()  # messages per unknown header key

    def decode(self, data: bytes) -> Tick:
        """The tick in ``data``; :class:`ShardFormatError` naming the problem."""
        try:
            return self._decode(data)
        except ShardFormatError:
            raise
        except (ValueError, KeyError, TypeError, struct.error) as exc:
            raise ShardFormatError(f"not a telemetry shard: {type(exc).__name__}: {exc}") from None

    def _decode(self, data: bytes) -> Tick:
        (n,) = _HEADER.unpack_from(data, 0)
        header = json.loads(data[4 : 4 + n])
        if not isinstance(header, dict):
            raise ShardFormatError("not a telemetry shard: the header is not a JSON object")
        for key in header.keys() - _KNOWN_KEYS:
            self.unknown_keys[key] += 1
        body = _Body(data, 4 + n)
        frames = tuple(self._frame(f, f["kind"], body) for f in header["frames"])
        ext_head = header.get("extended")
        extended = None if ext_head is None else self._frame(ext_head, _EXTENDED, body)
        if extended is not None and extended.entity_kind is not EntityKind.GPU:
            raise ShardFormatError("not a telemetry shard: the extended frame is not a GPU frame")
        keyed_head = header.get("keyed")
        keyed = None if keyed_head is None else self._keyed(keyed_head, body)
        body.done()
        raw = header["workloads"]
        workloads = None if raw is None else {g: Workload(**w) for g, w in raw.items()}
        events = tuple(LogEvent(**e) for e in header["events"])
        return Tick(float(header["timestamp"]), frames, events, workloads, extended, keyed)

    def _frame(self, head: dict[str, Any], slot: str, body: _Body) -> Frame:
        entities = self._shared(self._entities, slot, _strs(head["entities"], f"{slot} entities"))
        fields = self._shared(self._fields, slot, _strs(head["fields"], f"{slot} fields"))
        values = body.take(len(entities) * len(fields), f"{slot} frame").reshape(
            len(entities), len(fields)
        )
        for name in fields:
            if not self._is_known(name):
                self.unknown_fields[name] += len(entities)
        kind = EntityKind(head["kind"])
        return Frame(float(head["timestamp"]), kind, entities, fields, values, str(head["source"]))

    def _keyed(self, head: dict[str, Any], body: _Body) -> dict[str, dict[str, dict[str, float]]]:
        gpus, names, keys = (_strs(head[t], f"keyed {t}") for t in ("gpus", "fields", "keys"))
        cells = head["cells"]
        if not isinstance(cells, list) or len(cells) % 3 or not all(type(c) is int for c in cells):
            raise ShardFormatError("not a telemetry shard: keyed cells are not index triples")
        values = body.take(len(cells) // 3, "keyed")
        out: dict[str, dict[str, dict[str, float]]] = {}
        for i in range(0, len(cells), 3):
            g, f, k = cells[i : i + 3]
            if not (0 <= g < len(gpus) and 0 <= f < len(names) and 0 <= k < len(keys)):
                raise ShardFormatError(f"not a telemetry shard: keyed cell {i // 3} out of range")
            out.setdefault(gpus[g], {}).setdefault(names[f], {})[keys[k]] = float(values[i // 3])
            if not self._is_known(names[f]):
                self.unknown_fields[names[f]] += 1
        return out

    def _is_known(self, name: str) -> bool:
        known = self._known.get(name)
        if known is None:
            try:
                field(name)
                known = True
            except KeyError:
                known = False
            if len(self._known) < 10_000:  # names come from the wire: bound the cache
                self._known[name] = known
        return known

    @staticmethod
    def _shared(
        cache: dict[str, tuple[str, ...]], slot: str, names: tuple[str, ...]
    ) -> tuple[str, ...]:
        known = cache.get(slot)
        if known == names:
            return known
        cache[slot] = names
        return names
