"""Telemetry shards: a tick cut by rack, and the bytes a shard travels as on the bus.

A NOC worker owns one rack (``gpufleet noc-worker --shard RACK``): correlation inside a rack
(chassis, node, rack scope: a fan, a PSU, a cooling loop) stays in one process. The feeder cuts
every tick with :func:`split_by_rack` and publishes each part on the rack's telemetry subject;
the worker decodes it with :class:`TickDecoder` and runs its detector over
:func:`rack_topology`. Jobs that span racks arrive in parts, one per rack.

Wire format (one message per rack and tick): a 4-byte big-endian header length, a JSON header
(timestamp, log events, workloads, and per frame its kind, source, entities, fields), then each
frame's values as little-endian float64, rows × fields, in header order. No pickle: a worker
never executes what it reads. Bytes that do not match raise :class:`ShardFormatError`.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

import numpy as np

from telemetry.frame import EntityKind, Frame, LogEvent, Tick
from telemetry.topology import Cluster, Topology, Workload

_HEADER = struct.Struct(">I")
_FLOAT = np.dtype("<f8")


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


def split_by_rack(tick: Tick, topology: Topology) -> dict[str, Tick]:
    """``tick`` cut into one tick per rack of ``topology`` (every rack gets one, empty frames
    included, so each worker's clock advances). Entities and log lines of hosts the topology
    does not know are dropped, as the whole-fleet detector would not place them either."""
    parts: dict[int, list[Frame]] = {r: [] for r in range(topology.n_racks)}
    for frame in tick.frames:
        racks = _entity_racks(frame, topology)
        for r, frames in parts.items():
            rows = np.flatnonzero(racks == r)
            frames.append(
                Frame(
                    frame.timestamp,
                    frame.entity_kind,
                    tuple(frame.entities[i] for i in rows),
                    frame.fields,
                    frame.values[rows],
                    frame.source,
                )
            )
    events: dict[int, list[LogEvent]] = {r: [] for r in parts}
    for event in tick.events:
        node = topology.node_pos.get(event.node)
        if node is not None:
            events[int(topology.node_rack[node])].append(event)
    workloads: dict[int, dict[str, Workload]] | None = None
    if tick.workloads is not None:
        workloads = {r: {} for r in parts}
        for gpu, workload in tick.workloads.items():
            g = topology.gpu_pos.get(gpu)
            if g is not None:
                workloads[int(topology.gpu_rack[g])][gpu] = workload
    return {
        topology.rack_keys[r]: Tick(
            tick.timestamp,
            tuple(parts[r]),
            tuple(events[r]),
            workloads[r] if workloads is not None else None,
        )
        for r in parts
    }


def encode_tick(tick: Tick) -> bytes:
    """The wire bytes of ``tick`` (see the module docstring)."""
    header = {
        "timestamp": tick.timestamp,
        "frames": [
            {
                "timestamp": f.timestamp,
                "kind": f.entity_kind.value,
                "source": f.source,
                "entities": list(f.entities),
                "fields": list(f.fields),
            }
            for f in tick.frames
        ],
        "events": [asdict(e) for e in tick.events],
        "workloads": _workloads_json(tick.workloads),
    }
    head = json.dumps(header, separators=(",", ":")).encode()
    body = b"".join(np.ascontiguousarray(f.values, dtype=_FLOAT).tobytes() for f in tick.frames)
    return _HEADER.pack(len(head)) + head + body


def _workloads_json(workloads: Mapping[str, Workload] | None) -> dict[str, Any] | None:
    if workloads is None:
        return None
    return {gpu: w.model_dump(mode="json", exclude_defaults=True) for gpu, w in workloads.items()}


class TickDecoder:
    """Decodes shard bytes into ticks, reusing the previous frame's entity tuple when the
    entities did not change (the detector then skips re-aligning, as with a local source)."""

    def __init__(self) -> None:
        self._entities: dict[str, tuple[str, ...]] = {}

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
        offset = 4 + n
        frames = []
        for f in header["frames"]:
            entities = self._shared(f["kind"], tuple(f["entities"]))
            size = len(entities) * len(f["fields"]) * _FLOAT.itemsize
            if offset + size > len(data):
                raise ShardFormatError(f"not a telemetry shard: {f['kind']} frame values cut off")
            values = np.frombuffer(data, _FLOAT, size // _FLOAT.itemsize, offset)
            offset += size
            frames.append(
                Frame(
                    float(f["timestamp"]),
                    EntityKind(f["kind"]),
                    entities,
                    tuple(f["fields"]),
                    values.astype(np.float64).reshape(len(entities), len(f["fields"])),
                    str(f["source"]),
                )
            )
        if offset != len(data):
            raise ShardFormatError(f"not a telemetry shard: {len(data) - offset} trailing bytes")
        raw = header["workloads"]
        workloads = None if raw is None else {g: Workload(**w) for g, w in raw.items()}
        events = tuple(LogEvent(**e) for e in header["events"])
        return Tick(float(header["timestamp"]), tuple(frames), events, workloads)

    def _shared(self, kind: str, entities: tuple[str, ...]) -> tuple[str, ...]:
        known = self._entities.get(kind)
        if known == entities:
            return known
        self._entities[kind] = entities
        return entities
