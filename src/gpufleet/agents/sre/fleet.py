"""What the SRE agent's read tools read: metrics, logs, scheduler, changes, incident history.

Five small protocols (:class:`MetricsSource`, :class:`LogSource`, :class:`SchedulerView`,
:class:`ChangeLog`, :class:`IncidentHistory`) bundled in a :class:`Fleet`. Two families of
implementations:

- **replay** (:class:`ReplayFleet`): built incrementally from the ticks a recorded incident, the
  simulator or the demo replays (:meth:`ReplayFleet.observe`). Memory is bounded: metrics are a
  columnar ring (timestamps × entities × fields, numpy) holding the last ``window_s`` seconds;
  logs, scheduler changes and incidents are trimmed to the same window. Every query is cut at
  the newest observed sample, so a diagnosis made at time ``t`` during a replay sees only data
  at or before ``t`` — exactly what a live agent would have seen.
- **live**: :class:`PromMetrics` reads Prometheus / VictoriaMetrics through
  :func:`telemetry.promql.metrics_history`; :class:`KernelLogFile` parses a kernel/journal log
  file (``journalctl -k -o short-iso`` output, ``/var/log/kern.log``, dmesg with a boot time);
  :class:`EventLogIncidents` reads earlier incidents from the durable bus log. The scheduler
  is whatever object implements :class:`SchedulerView` (the SLURM executor is wired by the
  caller); :class:`NoScheduler` answers "not configured".

Data shapes are plain JSON-able dicts, the same in replay and live, so tools and the evidence
code never know which one they talk to. Series are ``{entity: {field: [[t, v], ...]}}`` with
missing samples left out (no NaN in JSON); counters are raw cumulative values.
"""

from __future__ import annotations

import bisect
import json
import math
import re
import warnings
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from gpufleet.agents.sre.node_evidence import EvidenceSource, NoEvidence
from gpufleet.bus.events import Incident, IncidentOpened, IncidentUpdated
from gpufleet.telemetry.fields import (
    ALL_FIELDS,
    FIELD_ALIASES,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    FieldKind,
)
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.promql import metrics_history
from gpufleet.telemetry.topology import Topology, Workload, WorkloadKind
from gpufleet.telemetry.untrusted import Limits, bounded_lines, clip, loads_json

FloatArray = npt.NDArray[np.float64]
Series = dict[str, list[list[float]]]  # field → [[t, v], ...]

DEFAULT_WINDOW_S = 6 * 3600.0
MAX_POINTS = 4000  # per series and call: more is downsampled (last sample of each bucket)
MAX_LOG_EVENTS = 200_000  # replay log ring, on top of the time window


class FleetError(ValueError):
    """A request the fleet view cannot answer (unknown entity/field, bad window)."""


@dataclass(frozen=True)
class HistoryResult:
    """Series per entity, the exact query made (PromQL or the replay selector), and errors for
    the parts that failed (the parts that worked are still in ``data``)."""

    data: dict[str, Series]
    query: str
    errors: tuple[str, ...] = ()


# --------------------------------------------------------------------------- protocols
class MetricsSource(Protocol):
    def history(
        self,
        entities: Sequence[str],
        fields: Sequence[str],
        start: float,
        end: float,
        step: float | None = None,
    ) -> HistoryResult: ...


class LogSource(Protocol):
    def search(
        self,
        nodes: Sequence[str],
        start: float,
        end: float,
        pattern: str | None = None,
        gpu: str | None = None,
        limit: int = 200,
    ) -> tuple[list[dict[str, Any]], str]:
        """(events as dicts with time, node, gpu, kind, xid, line; the query made)."""
        ...


class SchedulerView(Protocol):
    def show_node(self, node: str) -> dict[str, Any] | None: ...
    def show_job(self, job_id: str) -> dict[str, Any] | None: ...
    def jobs_on_node(self, node: str) -> list[dict[str, Any]]: ...


class ChangeLog(Protocol):
    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]: ...


class IncidentHistory(Protocol):
    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]: ...


@dataclass
class Fleet:
    """The read side of a fleet, as the read tools see it."""

    topology: Topology
    metrics: MetricsSource
    logs: LogSource
    scheduler: SchedulerView
    changes: ChangeLog
    incidents: IncidentHistory
    evidence: EvidenceSource = field(default_factory=NoEvidence)


# --------------------------------------------------------------------------- helpers
def canonical_field(name: str) -> str:
    name = FIELD_ALIASES.get(name, name)
    if name not in ALL_FIELDS:
        raise FleetError(f"unknown field {name!r}")
    return name


def resolve_entity(topology: Topology, entity: str) -> tuple[str, list[int]]:
    """entity → (kind gpu|node|rack, GPU indices it covers). Raises FleetError if unknown."""
    if entity in topology.gpu_pos:
        return "gpu", [topology.gpu_pos[entity]]
    if entity in topology.node_pos:
        return "node", [int(g) for g in topology.gpus_of_node(topology.node_pos[entity])]
    if entity in topology.rack_pos:
        return "rack", [int(g) for g in topology.gpus_of_rack(topology.rack_pos[entity])]
    raise FleetError(f"unknown entity {entity!r} (want a GPU key, hostname or rack name)")


def _points(ts: FloatArray, vs: FloatArray, max_points: int) -> list[list[float]]:
    ok = ~np.isnan(vs)
    ts, vs = ts[ok], vs[ok]
    if len(ts) > max_points:  # keep the last sample of each bucket, like last_over_time
        idx = np.unique(np.linspace(0, len(ts) - 1, max_points).round().astype(np.intp))
        ts, vs = ts[idx], vs[idx]
    return [[float(t), float(v)] for t, v in zip(ts.tolist(), vs.tolist(), strict=True)]


def _aggregate(name: str, block: FloatArray) -> FloatArray:
    """Rows = time, cols = GPUs → one series: avg for gauges, sum for counters, max for
    bitmasks/enums (any throttle bit or Xid present), as ``metrics_history`` aggregates."""
    if block.shape[1] == 1:
        return block[:, 0]
    kind = ALL_FIELDS[name].kind
    with warnings.catch_warnings():  # all-NaN rows (a GPU that stopped reporting) are NaN
        warnings.simplefilter("ignore", RuntimeWarning)
        if kind is FieldKind.COUNTER:
            out: FloatArray = np.where(
                np.all(np.isnan(block), axis=1), np.nan, np.nansum(block, axis=1)
            )
            return out
        if kind in (FieldKind.BITMASK, FieldKind.ENUM):
            return np.asarray(np.nanmax(block, axis=1), dtype=np.float64)
        return np.asarray(np.nanmean(block, axis=1), dtype=np.float64)


class _Ring:
    """A growable ring of (timestamp, values[entities, fields]) trimmed to a time window."""

    def __init__(self, n_entities: int, n_fields: int, window_s: float, capacity: int = 256):
        self.window_s = window_s
        self.ts: FloatArray = np.full(capacity, np.nan)
        self.vals: FloatArray = np.full((capacity, n_entities, n_fields), np.nan)
        self.start = 0  # index of the oldest row
        self.size = 0

    def _grow(self) -> None:
        cap = len(self.ts)
        order = (np.arange(self.size) + self.start) % cap
        ts = np.full(cap * 2, np.nan)
        vals = np.full((cap * 2, *self.vals.shape[1:]), np.nan)
        ts[: self.size] = self.ts[order]
        vals[: self.size] = self.vals[order]
        self.ts, self.vals, self.start = ts, vals, 0

    def append(self, t: float) -> FloatArray:
        """A new NaN row for time ``t`` (in place, returned for filling); trims the window."""
        cap = len(self.ts)
        while self.size and self.ts[self.start] < t - self.window_s:
            self.ts[self.start] = np.nan
            self.start = (self.start + 1) % cap
            self.size -= 1
        if self.size == cap:
            self._grow()
            cap = len(self.ts)
        if self.size and t <= self.ts[(self.start + self.size - 1) % cap]:
            row: FloatArray = self.vals[(self.start + self.size - 1) % cap]
            return row  # same or older timestamp: merge into the newest row
        i = (self.start + self.size) % cap
        self.ts[i] = t
        self.vals[i] = np.nan
        self.size += 1
        out: FloatArray = self.vals[i]
        return out

    def window(self, start: float, end: float) -> tuple[FloatArray, npt.NDArray[np.intp]]:
        """(timestamps, row indices) of rows with start <= t <= end, oldest first."""
        cap = len(self.ts)
        order = (np.arange(self.size) + self.start) % cap
        ts = self.ts[order]
        lo = int(np.searchsorted(ts, start, side="left"))
        hi = int(np.searchsorted(ts, end, side="right"))
        return ts[lo:hi], order[lo:hi]


# --------------------------------------------------------------------------- replay
class ReplayMetrics:
    """Columnar GPU and node rings fed by :meth:`observe`; queries cut at the newest sample."""

    def __init__(
        self,
        topology: Topology,
        window_s: float = DEFAULT_WINDOW_S,
        gpu_fields: Sequence[str] = GPU_FIELD_NAMES,
        node_fields: Sequence[str] = NODE_FIELD_NAMES,
    ) -> None:
        self.topology = topology
        self.gpu_fields = tuple(gpu_fields)
        self.node_fields = tuple(node_fields)
        self._gcol = {f: i for i, f in enumerate(self.gpu_fields)}
        self._ncol = {f: i for i, f in enumerate(self.node_fields)}
        self.gpu = _Ring(topology.n_gpus, len(self.gpu_fields), window_s)
        self.node = _Ring(topology.n_nodes, len(self.node_fields), window_s)
        self.now = -math.inf
        # frame entity/field tuples → (row index array, frame col → ring col); frames from one
        # source share these tuples, so the mapping is computed once per source.
        self._maps: dict[tuple[int, int], tuple[npt.NDArray[np.intp], list[tuple[int, int]]]] = {}

    def _mapping(
        self, frame: Frame
    ) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.bool_], list[tuple[int, int]]]:
        key = (id(frame.entities), id(frame.fields))
        cached = self._maps.get(key)
        gpu = frame.entity_kind is EntityKind.GPU
        pos = self.topology.gpu_pos if gpu else self.topology.node_pos
        cols = self._gcol if gpu else self._ncol
        if cached is None:
            rows = np.array([pos.get(e, -1) for e in frame.entities], dtype=np.intp)
            pairs = [
                (j, cols[FIELD_ALIASES.get(f, f)])
                for j, f in enumerate(frame.fields)
                if FIELD_ALIASES.get(f, f) in cols
            ]
            if len(self._maps) > 64:
                self._maps.clear()
            self._maps[key] = (rows, pairs)
            cached = (rows, pairs)
        rows, pairs = cached
        return rows, rows >= 0, pairs

    def observe(self, tick: Tick) -> None:
        self.now = max(self.now, tick.timestamp)
        for frame in tick.frames:
            ring = self.gpu if frame.entity_kind is EntityKind.GPU else self.node
            rows, known, pairs = self._mapping(frame)
            if not pairs:
                continue
            dest = ring.append(frame.timestamp)
            src_cols = np.asarray([j for j, _ in pairs], dtype=np.intp)
            dst_cols = np.asarray([k for _, k in pairs], dtype=np.intp)
            block = frame.values[np.ix_(np.flatnonzero(known), src_cols)]
            dest[np.ix_(rows[known], dst_cols)] = block

    def history(
        self,
        entities: Sequence[str],
        fields: Sequence[str],
        start: float,
        end: float,
        step: float | None = None,
    ) -> HistoryResult:
        end = min(end, self.now)
        query = (
            f"replay{{entities={','.join(entities)}, fields={','.join(fields)}}}"
            f"[{start:.0f}, {end:.0f}]"
        )
        if not end >= start:  # nothing observed in the window yet: empty series, not an error
            end = start
        errors: list[str] = []
        names: list[str] = []
        for f in fields:
            try:
                names.append(canonical_field(f))
            except FleetError as e:
                errors.append(str(e))
        data: dict[str, Series] = {}
        gts, grows = self.gpu.window(start, end)
        nts, nrows = self.node.window(start, end)
        max_points = MAX_POINTS if step is None else max(1, int((end - start) / step) + 1)
        for ent in entities:
            try:
                _, gpus = resolve_entity(self.topology, ent)
            except FleetError as e:
                errors.append(str(e))
                continue
            series: Series = {}
            for name in names:
                if name in self._gcol:
                    block = self.gpu.vals[grows][:, gpus, self._gcol[name]]
                    series[name] = _points(gts, _aggregate(name, block), max_points)
                elif name in self._ncol:
                    nodes = sorted({int(self.topology.gpu_node[g]) for g in gpus})
                    block = self.node.vals[nrows][:, nodes, self._ncol[name]]
                    series[name] = _points(nts, _aggregate(name, block), max_points)
                else:
                    errors.append(f"field {name} is not recorded by this replay")
            data[ent] = series
        return HistoryResult(data, query, tuple(dict.fromkeys(errors)))


def _event_dict(e: LogEvent) -> dict[str, Any]:
    return {
        "time": e.timestamp,
        "node": e.node,
        "gpu": e.gpu,
        "kind": e.kind,
        "xid": e.xid,
        "line": e.message,
        **({"attrs": dict(e.attrs)} if e.attrs else {}),
    }


KERNEL_KINDS = frozenset(
    {
        "xid",
        "sxid",
        "fallen_off_bus",
        "rm_init_failed",
        "gpu_probe_failed",
        "gsp_error",
        "gpu_hung_task",
        "gpu_handle_error",
        "nic_link_down",
        "nic_link_up",
        "pcie_aer",
        "pcie_dpc",
        "pcie_link_down",
    }
)


def search_events(
    events: Iterable[LogEvent],
    nodes: Sequence[str],
    start: float,
    end: float,
    pattern: str | None,
    gpu: str | None,
    limit: int,
) -> list[dict[str, Any]]:
    """The filter shared by replay and file sources (newest ``limit`` kept, oldest first)."""
    rx = re.compile(pattern) if pattern else None
    want = set(nodes)
    out = [
        _event_dict(e)
        for e in events
        if start <= e.timestamp <= end
        and (not want or e.node in want)
        and (gpu is None or e.gpu is None or e.gpu == gpu)
        and (rx is None or rx.search(e.message) is not None)
    ]
    return out[-limit:] if limit > 0 else []


class ReplayLogs:
    """Kernel-log events (Xid, SXid, fallen off the bus, NIC link changes) of the window."""

    def __init__(self, window_s: float = DEFAULT_WINDOW_S) -> None:
        self.window_s = window_s
        self.events: deque[LogEvent] = deque(maxlen=MAX_LOG_EVENTS)
        self.now = -math.inf

    def observe(self, tick: Tick) -> None:
        self.now = max(self.now, tick.timestamp)
        self.events.extend(e for e in tick.events if e.kind in KERNEL_KINDS)
        while self.events and self.events[0].timestamp < self.now - self.window_s:
            self.events.popleft()

    def search(
        self,
        nodes: Sequence[str],
        start: float,
        end: float,
        pattern: str | None = None,
        gpu: str | None = None,
        limit: int = 200,
    ) -> tuple[list[dict[str, Any]], str]:
        end = min(end, self.now)
        query = (
            f"replay kernel log nodes={','.join(nodes) or '*'} gpu={gpu or '*'} "
            f"pattern={pattern or '*'} [{start:.0f}, {end:.0f}]"
        )
        return search_events(self.events, nodes, start, end, pattern, gpu, limit), query


@dataclass
class _Job:
    job_id: str
    user: str | None
    team: str | None
    name: str | None
    kind: str
    gpus: list[str]
    start_time: float
    end_time: float | None = None
    state: str = "RUNNING"


class ReplayScheduler:
    """A scheduler's view rebuilt from workload snapshots and job/node-state events.

    Shapes follow ``scontrol show node/job`` as the SLURM executor returns them: node
    ``{name, state, drained, reason, gres, jobs, ...}``, job ``{job_id, name, user, state,
    nodes, gpus, start_time, ...}``."""

    def __init__(self, topology: Topology, window_s: float = DEFAULT_WINDOW_S) -> None:
        self.topology = topology
        self.window_s = window_s
        self.workloads: dict[str, Workload] = {}
        self.jobs: dict[str, _Job] = {}
        self.node_state: dict[str, tuple[str, str, float]] = {}  # node → (state, reason, since)
        self.now = -math.inf

    def observe(self, tick: Tick) -> None:
        t = tick.timestamp
        self.now = max(self.now, t)
        if tick.workloads is not None:
            self._apply_workloads(t, tick.workloads)
        for e in tick.events:
            if e.kind == "node_state":
                state = e.attrs.get("state", "").upper()
                if state in ("RESUME", "IDLE", "UP"):
                    self.node_state.pop(e.node, None)
                else:
                    self.node_state[e.node] = (state, e.attrs.get("reason", ""), e.timestamp)
            elif e.kind == "job_end" and e.job_id in self.jobs:
                job = self.jobs[e.job_id]
                job.state = e.attrs.get("state", "COMPLETED").upper()
                job.end_time = e.timestamp
        # ended jobs are kept for the window so "which job ran here an hour ago" still works
        old = [
            j for j, job in self.jobs.items() if job.end_time and job.end_time < t - self.window_s
        ]
        for j in old:
            del self.jobs[j]

    def _apply_workloads(self, t: float, snapshot: Mapping[str, Workload]) -> None:
        self.workloads = dict(snapshot)
        running: dict[str, list[str]] = {}
        for gpu, wl in snapshot.items():
            if wl.job_id and wl.kind is not WorkloadKind.FREE:
                running.setdefault(wl.job_id, []).append(gpu)
        for job_id, gpus in running.items():
            wl = snapshot[gpus[0]]
            job = self.jobs.get(job_id)
            if job is None or job.end_time is not None:
                self.jobs[job_id] = _Job(
                    job_id, wl.user, wl.team, wl.name, wl.kind.value, sorted(gpus), t
                )
            else:
                job.gpus = sorted(gpus)
        for job_id, job in self.jobs.items():
            if job_id not in running and job.end_time is None:
                job.end_time, job.state = t, "COMPLETED"

    def _job_dict(self, job: _Job) -> dict[str, Any]:
        nodes = sorted({g.split("/", 1)[0] for g in job.gpus})
        return {
            "job_id": job.job_id,
            "name": job.name or f"job-{job.job_id}",
            "user": job.user,
            "account": job.team,
            "state": job.state,
            "kind": job.kind,
            "nodes": nodes,
            "gpus": list(job.gpus),
            "num_gpus": len(job.gpus),
            "start_time": job.start_time,
            "end_time": job.end_time,
        }

    def show_node(self, node: str) -> dict[str, Any] | None:
        if node not in self.topology.node_pos:
            return None
        n = self.topology.nodes[self.topology.node_pos[node]]
        jobs = sorted(
            {
                wl.job_id
                for g, wl in self.workloads.items()
                if wl.job_id and g.split("/", 1)[0] == node
            }
        )
        used = sum(
            1 for g, wl in self.workloads.items() if g.split("/", 1)[0] == node and wl.job_id
        )
        state, reason, since = self.node_state.get(node, ("", "", float("nan")))
        base = "ALLOCATED" if used == len(n.gpus) else "MIXED" if used else "IDLE"
        drained = state in ("DRAIN", "DRAINED", "DRAINING")
        full = f"{base}+{state}" if state and state != base else base
        if state == "DOWN":
            full = "DOWN"
        return {
            "name": node,
            "state": full,
            "drained": drained,
            "down": state == "DOWN",
            "reason": reason or None,
            "reason_time": None if math.isnan(since) else since,
            "gres": f"gpu:{len(n.gpus)}",
            "gres_used": f"gpu:{used}",
            "jobs": jobs,
            "driver_version": n.driver_version,
        }

    def show_job(self, job_id: str) -> dict[str, Any] | None:
        job = self.jobs.get(job_id)
        return self._job_dict(job) if job else None

    def jobs_on_node(self, node: str) -> list[dict[str, Any]]:
        return [
            self._job_dict(j)
            for _, j in sorted(self.jobs.items())
            if j.end_time is None and any(g.split("/", 1)[0] == node for g in j.gpus)
        ]


class ReplayChanges:
    """Boots, driver/firmware/config changes and scheduler state changes seen in the replay.

    Recorded incidents carry node boot times; scheduler drain/resume events are changes an
    operator made; anything else (a driver upgrade in a real change log) comes in through
    :meth:`record`."""

    def __init__(self, window_s: float = DEFAULT_WINDOW_S) -> None:
        self.window_s = window_s
        self.items: list[dict[str, Any]] = []
        self.now = -math.inf

    def record(self, time: float, node: str, kind: str, detail: str) -> None:
        i = bisect.bisect_right([c["time"] for c in self.items], time)
        self.items.insert(i, {"time": time, "node": node, "kind": kind, "detail": detail})

    def observe(self, tick: Tick) -> None:
        self.now = max(self.now, tick.timestamp)
        for e in tick.events:
            if e.kind == "node_state":
                state = e.attrs.get("state", "")
                reason = e.attrs.get("reason", "")
                self.record(e.timestamp, e.node, "scheduler", f"state {state}: {reason}".strip())

    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]:
        end = min(end, self.now)
        want = set(nodes)
        return [
            dict(c)
            for c in self.items
            if start <= c["time"] <= end and (not want or c["node"] in want)
        ]


def _incident_dict(i: Incident) -> dict[str, Any]:
    return {
        "incident_id": i.incident_id,
        "title": i.title,
        "opened_at": i.opened_at,
        "updated_at": i.updated_at,
        "root_entity": i.root_entity,
        "scope": i.scope.value,
        "family": i.family.value,
        "symptoms": list(i.symptoms),
        "xids": list(i.xids),
        "phase": i.phase.value,
    }


def _touches(i: Incident, entities: set[str]) -> bool:
    mine = {i.root_entity, *i.entities, *i.nodes}
    mine |= {e.split("/", 1)[0] for e in mine}
    return bool(mine & entities)


class ReplayIncidents:
    """Earlier incidents (the latest version of each), as the bus delivered them."""

    def __init__(self) -> None:
        self.latest: dict[str, Incident] = {}

    def observe_incident(self, incident: Incident) -> None:
        self.latest[incident.incident_id] = incident

    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        want = set(entities) | {e.split("/", 1)[0] for e in entities}
        return [
            _incident_dict(i)
            for i in sorted(self.latest.values(), key=lambda i: (i.opened_at, i.incident_id))
            if i.incident_id != exclude and start <= i.opened_at <= end and _touches(i, want)
        ]


class ReplayFleet(Fleet):
    """A :class:`Fleet` fed tick by tick; see the module docstring."""

    def __init__(
        self,
        topology: Topology,
        window_s: float = DEFAULT_WINDOW_S,
        boot_times: Mapping[str, float] | None = None,
        evidence: EvidenceSource | None = None,
    ) -> None:
        self.replay_metrics = ReplayMetrics(topology, window_s)
        self.replay_logs = ReplayLogs(window_s)
        self.replay_scheduler = ReplayScheduler(topology, window_s)
        self.replay_changes = ReplayChanges(window_s)
        self.replay_incidents = ReplayIncidents()
        super().__init__(
            topology,
            self.replay_metrics,
            self.replay_logs,
            self.replay_scheduler,
            self.replay_changes,
            self.replay_incidents,
            evidence if evidence is not None else NoEvidence(),
        )
        for node, t in sorted((boot_times or {}).items()):
            self.replay_changes.record(t, node, "boot", "node booted")

    @property
    def now(self) -> float:
        return self.replay_metrics.now

    def observe(self, tick: Tick) -> None:
        self.replay_metrics.observe(tick)
        self.replay_logs.observe(tick)
        self.replay_scheduler.observe(tick)
        self.replay_changes.observe(tick)

    def observe_event(self, event: object) -> None:
        """Feed a bus event: incidents go into the incident history."""
        if isinstance(event, IncidentOpened | IncidentUpdated):
            self.replay_incidents.observe_incident(event.incident)


# --------------------------------------------------------------------------- live
class PromMetrics:
    """Metrics history from Prometheus / VictoriaMetrics (one ``metrics_history`` per entity)."""

    def __init__(self, store: Any, topology: Topology, default_step: float = 15.0) -> None:
        self.store = store  # telemetry.promql.PromStore (typed loosely: an edge adapter)
        self.topology = topology
        self.default_step = default_step

    def history(
        self,
        entities: Sequence[str],
        fields: Sequence[str],
        start: float,
        end: float,
        step: float | None = None,
    ) -> HistoryResult:
        step = step or max(self.default_step, (end - start) / MAX_POINTS)
        data: dict[str, Series] = {}
        queries: list[str] = []
        errors: list[str] = []
        for ent in entities:
            out = metrics_history(self.store, ent, fields, start, end, step, self.topology)
            queries += list(out.get("query") or [])
            data[ent] = out.get("data") or {}
            if out.get("status") != "ok":
                errors.append(f"{ent}: {out.get('error')}")
        return HistoryResult(data, "\n".join(queries), tuple(errors))


class KernelLogFile:
    """Kernel/journal log lines from a file (re-read on each search: the file is the truth).

    ``path`` holds lines of any format :mod:`telemetry.kernel_log` parses; lines without a host
    get ``node``. Only recognised lines (Xid, SXid, GSP, hung tasks, NIC, RmInit…) are returned.
    Lines that carry no time at all are stamped with the search's ``end`` (the time of reading;
    ``attrs["time"] = "inferred"``), so they land in the window searched.

    GPU lines written by a user-space process (a forged ``NVRM: Xid`` from ``logger``) are shown
    after the kernel's events, at most :attr:`MAX_UNTRUSTED`, as ``kind="untrusted"`` with no Xid,
    GPU or kernel text in ``line`` (so nothing counts or matches them as kernel evidence) and the
    original in ``attrs``: the agent may show them, never act on them."""

    MAX_UNTRUSTED = 20

    def __init__(
        self,
        path: str | Path,
        topology: Topology,
        node: str | None = None,
        boot_time: float | None = None,
        year: int | None = None,
    ) -> None:
        self.path = Path(path)
        self.topology = topology
        self.node = node
        self.boot_time = boot_time
        self.year = year

    def search(
        self,
        nodes: Sequence[str],
        start: float,
        end: float,
        pattern: str | None = None,
        gpu: str | None = None,
        limit: int = 200,
    ) -> tuple[list[dict[str, Any]], str]:
        query = f"grep {pattern or '.'} {self.path} nodes={','.join(nodes) or '*'}"
        with self.path.open(encoding="utf-8", errors="replace") as fh:
            events, _ = parse_lines(
                fh,
                node=self.node,
                boot_time=self.boot_time,
                year=self.year,
                now=end,
                at=end,
                topology=self.topology,
                keep_untrusted=True,
            )
        trusted = [e for e in events if e.attrs.get("trusted") != "false"]
        forged = [e for e in events if e.attrs.get("trusted") == "false"]
        out = search_events(trusted, nodes, start, end, pattern, gpu, limit)
        room = min(self.MAX_UNTRUSTED, max(0, limit - len(out)))
        out += [
            _untrusted_dict(d) for d in search_events(forged, nodes, start, end, pattern, gpu, room)
        ]
        return out, query


def _untrusted_dict(d: dict[str, Any]) -> dict[str, Any]:
    """A user-space line as evidence that is shown but never acted on."""
    attrs = dict(d.get("attrs") or {})
    attrs |= {"trusted": "false", "source": "userspace", "claimed_kind": str(d["kind"])}
    attrs["raw_line"] = str(d["line"])
    if d.get("xid") is not None:
        attrs["claimed_xid"] = str(d["xid"])
    return {
        "time": d["time"],
        "node": d["node"],
        "gpu": None,
        "kind": "untrusted",
        "xid": None,
        "line": f"UNTRUSTED: a user-space process wrote a line posing as a kernel "
        f"{d['kind']} message; not kernel evidence (original in attrs.raw_line)",
        "attrs": attrs,
    }


class NoScheduler:
    """No scheduler wired: every lookup answers None / empty (tools say not configured)."""

    configured = False

    def show_node(self, node: str) -> dict[str, Any] | None:
        return None

    def show_job(self, job_id: str) -> dict[str, Any] | None:
        return None

    def jobs_on_node(self, node: str) -> list[dict[str, Any]]:
        return []


class StaticChanges:
    """A change log from records given by the caller (a CMDB export, a driver inventory)."""

    def __init__(self, records: Iterable[Mapping[str, Any]] = ()) -> None:
        self.items = sorted((dict(r) for r in records), key=lambda r: float(r["time"]))

    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]:
        want = set(nodes)
        return [
            dict(c)
            for c in self.items
            if start <= float(c["time"]) <= end and (not want or c.get("node") in want)
        ]


class ChangeLogFile:
    """Changes from a JSON-lines file, one ``{"time", "node", "kind", "detail"}`` per line
    (``time`` in Unix seconds or RFC 3339), re-read on each query so appends are seen. Bad
    lines are reported (file:line: what) in a ``problem`` record and skipped, never fatal
    (after ``MAX_BAD_LINES`` the rest of the file is not read, and the record says so); only an
    unreadable file raises (:class:`FleetError`).

    Bounded: the file is streamed line by line, a line longer than ``MAX_LINE`` characters is
    a bad line (never held whole), a line nested deeper than 64 or with NaN/Infinity or an
    over-long number is a bad line, ``node``/``kind``/``detail`` are cut to ``MAX_FIELD``
    characters, and at most ``MAX_RECORDS`` matching changes are returned (the newest)."""

    MAX_LINE = 64 * 1024
    MAX_FIELD = 4096
    MAX_RECORDS = 10_000
    MAX_BAD_LINES = 10_000  # a file with more is not a change log: 1 MB of garbage in ms, not s

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]:
        want = set(nodes)
        out: deque[dict[str, Any]] = deque(maxlen=self.MAX_RECORDS)
        problems: list[str] = []
        bad = 0
        limits = Limits(max_bytes=4 * self.MAX_LINE)
        try:
            with self.path.open(encoding="utf-8", errors="replace") as fh:
                for n, line in bounded_lines(fh, self.MAX_LINE):
                    if bad >= self.MAX_BAD_LINES:
                        problems.append(f"{self.path}:{n}: over {bad} bad lines; the rest not read")
                        break
                    if line is not None and not line.strip():
                        continue
                    try:
                        if line is None:
                            raise ValueError(f"line longer than {self.MAX_LINE} characters")
                        rec = loads_json(line, "line", limits)
                        if not isinstance(rec, dict):
                            raise TypeError(f"expected a JSON object, got {type(rec).__name__}")
                        t = _epoch(rec["time"])
                        node, kind = _text(rec["node"]), _text(rec["kind"])
                    except (ValueError, KeyError, TypeError, OverflowError) as e:
                        bad += 1
                        if len(problems) < 5:
                            problems.append(f"{self.path}:{n}: {type(e).__name__}: {clip(e)}")
                        continue
                    if start <= t <= end and (not want or node in want):
                        detail = rec.get("detail", "")
                        out.append(
                            {
                                "time": t,
                                "node": node,
                                "kind": kind,
                                "detail": "" if detail is None else _text(detail),
                            }
                        )
        except OSError as e:
            raise FleetError(f"{self.path}: cannot read the change log: {e.strerror or e}") from e
        result = list(out)
        if problems:
            result.append({"problem": "; ".join(problems), "bad_lines": bad})
        return result


def _text(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value)
    return clip(text, ChangeLogFile.MAX_FIELD)


def _epoch(value: object) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        t = float(value)
    elif isinstance(value, str) and len(value) <= 64:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
        t = (parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)).timestamp()
    else:
        raise ValueError(f"time {clip(value, 60)!r} is neither Unix seconds nor RFC 3339")
    if not math.isfinite(t):
        raise ValueError(f"time {clip(value, 60)!r} is not finite")
    return t


class EventLogIncidents:
    """Earlier incidents from the durable bus log (:class:`bus.log.EventLog`)."""

    def __init__(self, log: Any) -> None:
        self.log = log  # bus.log.EventLog

    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        latest = ReplayIncidents()
        for _, ev in self.log.replay(topic="incident"):
            if isinstance(ev, IncidentOpened | IncidentUpdated) and ev.time <= end:
                latest.observe_incident(ev.incident)
        return latest.touching(entities, start, end, exclude)
