"""The NOC detector: ticks in, Anomaly and Incident events out.

Deterministic given (config, topology, ticks): time comes only from the ticks, all state lives
in this object, no I/O. A newcomer can read one anomaly's path top to bottom in
:meth:`Detector.process`:

1. align the GPU frame to the topology and the field registry, turn blank sentinels and
   impossible values into NaN (counted per field), difference counters (``telemetry.rates``);
2. evaluate the vectorized GPU, node and job rules (``rules``, ``job_rules``) and the log
   events (``log_rules``);
3. turn rising edges of the rule outputs into :class:`~bus.events.Anomaly` objects;
4. hand them to the :class:`~agents.noc.incidents.IncidentManager`, which correlates, dedups
   and emits incident events.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from dataclasses import field as dc_field

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.config import NocConfig
from gpufleet.agents.noc.extended_rules import CORE_VIOLATIONS, ExtendedRules
from gpufleet.agents.noc.held_xids import HELD_XID_FIELD, HeldXids
from gpufleet.agents.noc.incidents import ActiveState, IncidentManager
from gpufleet.agents.noc.job_rules import JOB_RULES, JobRules
from gpufleet.agents.noc.log_rules import JOB_REPORT_WINDOW_S, JOB_SIGNAL_ANOMALY_RULES, LogRules
from gpufleet.agents.noc.report_rules import REPORT_ANOMALY_RULES, UNREAD_RULE
from gpufleet.agents.noc.rules import GpuRules, NodeRules, RuleOutput
from gpufleet.bus.events import (
    Anomaly,
    Event,
    Family,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Severity,
    anomaly_detected,
)
from gpufleet.telemetry.fields import (
    EXTENDED_GPU_FIELD_NAMES,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    FieldKind,
    field,
    sanitize,
)
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.rates import CounterDelta, CounterRates
from gpufleet.telemetry.topology import Topology

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

_MAX_ERRORS = 100
TENSOR_FIELD = "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"
ENERGY_FIELD = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"
# SLURM node states (and their Kubernetes cordon equivalent) that mean "taken out on purpose".
MAINTENANCE_STATES = frozenset(
    {"DRAIN", "DRAINING", "DRAINED", "DOWN", "MAINT", "REBOOT", "CORDONED"}
)
SERVICE_STATES = frozenset({"RESUME", "IDLE", "UP", "UNCORDONED"})


@dataclass
class DetectorStats:
    ticks: int = 0
    samples: int = 0
    rejected_ticks: int = 0
    artifacts_by_field: Counter[str] = dc_field(default_factory=Counter)
    counter_resets_by_field: Counter[str] = dc_field(default_factory=Counter)
    unknown_entities: Counter[str] = dc_field(default_factory=Counter)
    unknown_fields: Counter[str] = dc_field(default_factory=Counter)
    anomalies: int = 0
    anomalies_by_symptom: Counter[str] = dc_field(default_factory=Counter)
    # Log events that drove no rule, by reason: "untrusted" (written by user space),
    # "time_unknown" (no time on the line, cannot be placed), "nvidia_smi" (tool output).
    log_events_skipped: Counter[str] = dc_field(default_factory=Counter)
    # Extended fields (agents.noc.extended_rules): samples masked because the GPU's
    # architecture does not support the field; series lost while the GPU still reports (unknown
    # from then on, never healthy); per-key series whose key is not understood; Xids known only
    # from the exporter's windowed counts.
    extended_unsupported: Counter[str] = dc_field(default_factory=Counter)
    extended_lost: Counter[str] = dc_field(default_factory=Counter)
    extended_bad_keys: Counter[str] = dc_field(default_factory=Counter)
    windowed_xids: int = 0
    # The last-Xid gauge at a GPU's first reading (agents.noc.held_xids): codes read as an Xid
    # before the start; application / benign codes only counted, by code, and readings that hold
    # no code ("unreadable").
    held_xids: int = 0
    held_xids_not_acted: Counter[str] = dc_field(default_factory=Counter)
    errors: list[str] = dc_field(default_factory=list)

    def error(self, msg: str) -> None:
        if len(self.errors) < _MAX_ERRORS:
            self.errors.append(msg)


class _Aligner:
    """Maps a source frame's entities/fields onto the detector's fixed layout, cached."""

    def __init__(self, targets: tuple[str, ...], fields: tuple[str, ...]) -> None:
        self.targets = targets
        self.pos = {k: i for i, k in enumerate(targets)}
        self.fields = fields
        self._key: tuple[int, int] | None = None
        self._rows: IntArray = np.zeros(0, dtype=np.intp)
        self._src_rows: IntArray = np.zeros(0, dtype=np.intp)
        self._cols: IntArray = np.zeros(0, dtype=np.intp)
        self._src_cols: IntArray = np.zeros(0, dtype=np.intp)
        self._identity = False
        self.unknown_entities: list[str] = []
        self.unknown_fields: list[str] = []

    def align(self, frame: Frame) -> tuple[FloatArray, npt.NDArray[np.bool_]]:
        key = (id(frame.entities), id(frame.fields))
        if key != self._key:
            self._key = key
            fpos = {f: i for i, f in enumerate(self.fields)}
            src_cols, cols = [], []
            self.unknown_fields = []
            for j, name in enumerate(frame.fields):
                try:
                    canonical = field(name).name
                except KeyError:
                    self.unknown_fields.append(name)
                    continue
                if canonical in fpos:
                    src_cols.append(j)
                    cols.append(fpos[canonical])
            src_rows, rows = [], []
            self.unknown_entities = []
            for i, ent in enumerate(frame.entities):
                p = self.pos.get(ent)
                if p is None:
                    self.unknown_entities.append(ent)
                else:
                    src_rows.append(i)
                    rows.append(p)
            self._rows = np.asarray(rows, dtype=np.intp)
            self._src_rows = np.asarray(src_rows, dtype=np.intp)
            self._cols = np.asarray(cols, dtype=np.intp)
            self._src_cols = np.asarray(src_cols, dtype=np.intp)
            self._identity = frame.entities == self.targets and frame.fields == self.fields
        if self._identity:
            values = frame.values.copy()
        else:
            values = np.full((len(self.targets), len(self.fields)), np.nan)
            values[np.ix_(self._rows, self._cols)] = frame.values[
                np.ix_(self._src_rows, self._src_cols)
            ]
        present = np.asarray(~np.isnan(values).all(axis=1), dtype=bool)
        return values, present


class Detector:
    def __init__(
        self, topology: Topology, config: NocConfig | None = None, *, log_read_back: bool = False
    ) -> None:
        """``log_read_back``: a live kernel-log feed reads its history back in its own thread,
        so a held Xid waits ``correlation.held_xid_wait_s`` for its line; a replay delivers its
        lines in order with the ticks, and a fleet with no log feed has none to wait for."""
        self.config = config or NocConfig()
        self.topology = topology
        self.gpu_fields = GPU_FIELD_NAMES
        self.counter_fields = tuple(
            f for f in self.gpu_fields if field(f).kind is FieldKind.COUNTER
        )
        self._counter_cols = np.array(
            [self.gpu_fields.index(f) for f in self.counter_fields], dtype=np.intp
        )
        self.gpu_align = _Aligner(topology.gpu_keys, self.gpu_fields)
        self._power_col = self.gpu_fields.index("DCGM_FI_DEV_POWER_USAGE")
        self._clock_col = self.gpu_fields.index("DCGM_FI_DEV_SM_CLOCK")
        self._tensor_col = (
            self.gpu_fields.index(TENSOR_FIELD) if TENSOR_FIELD in self.gpu_fields else None
        )
        self._energy_col = (
            self.counter_fields.index(ENERGY_FIELD) if ENERGY_FIELD in self.counter_fields else None
        )
        self.node_align = _Aligner(topology.node_keys, NODE_FIELD_NAMES)
        self.rates = CounterRates(topology.n_gpus, len(self.counter_fields))
        self.gpu_rules = GpuRules(self.config, topology, self.gpu_fields)
        self.node_rules = NodeRules(self.config, topology, NODE_FIELD_NAMES)
        self.job_rules = JobRules(self.config, topology)
        self.log_rules = LogRules(topology)
        self.ext_align = _Aligner(topology.gpu_keys, EXTENDED_GPU_FIELD_NAMES)
        self.ext_rules = ExtendedRules(topology)
        wait = self.config.correlation.held_xid_wait_s if log_read_back else 0.0
        self.held_xids = HeldXids(topology, wait)
        self._held_col = self.gpu_fields.index(HELD_XID_FIELD)
        self._violation_cols = [self.gpu_fields.index(f) for f in CORE_VIOLATIONS]
        self.incidents = IncidentManager(self.config, topology)
        self._prev: dict[str, npt.NDArray[np.int8]] = {}
        self._last_t: float | None = None
        self.stats = DetectorStats()
        self.maintenance: set[str] = set()
        # node → the last time an incident on it opened or changed: a job's report of a fault
        # (its output carries no time of its own) within JOB_REPORT_WINDOW_S of it is evidence
        self._incident_seen: dict[str, float] = {}
        self._adopted_nodes: set[str] = set()  # nodes of incidents adopted since the last tick

    # ------------------------------------------------------------------ main entry
    def process(self, tick: Tick) -> list[Event]:
        """Run one tick through the pipeline; return the events to publish, in order."""
        t = tick.timestamp
        if self._last_t is not None and t <= self._last_t:
            self.stats.rejected_ticks += 1
            self.stats.error(
                f"tick at t={t} rejected: not after the previous tick "
                f"(t={self._last_t}); out-of-order data is dropped, not reordered"
            )
            return []
        self._last_t = t
        self.stats.ticks += 1
        topo = self.topology
        for node in self._adopted_nodes:  # a job's report there is evidence for it, as if
            self._incident_seen[node] = t  # this detector had opened the incident itself
        self._adopted_nodes = set()

        gpu_frame = tick.frame(EntityKind.GPU)
        node_frame = tick.frame(EntityKind.NODE)
        if gpu_frame is not None:
            values, present = self.gpu_align.align(gpu_frame)
            self._count_alignment(self.gpu_align)
            self.stats.samples += gpu_frame.n_samples
            values = self._sanitize(values)
        else:
            values = np.full((topo.n_gpus, len(self.gpu_fields)), np.nan)
            present = np.zeros(topo.n_gpus, dtype=bool)
        delta = self._counters(t, values)
        node_values = None
        node_present = np.zeros(topo.n_nodes, dtype=bool)
        if node_frame is not None:
            node_values, node_present = self.node_align.align(node_frame)
            self._count_alignment(self.node_align)
            node_values, _ = sanitize(node_values, NODE_FIELD_NAMES)

        ended_gpus: list[int] = []
        if tick.workloads is not None:
            before = self.job_rules.gpu_job >= 0
            old_ids = self.job_rules.job_ids
            self.job_rules.set_workloads(t, tick.workloads)
            ended_gpus = [int(g) for g in np.flatnonzero(before & (self.job_rules.gpu_job < 0))]
            self._remap_job_edges(old_ids, self.job_rules.job_ids)

        self._track_node_states(tick)
        gpu_out = self.gpu_rules.evaluate(t, values, present, delta)
        node_out = self.node_rules.evaluate(t, node_values, node_present, present)
        util = values[:, self.gpu_fields.index("DCGM_FI_DEV_GPU_UTIL")]
        fb = values[:, self.gpu_fields.index("DCGM_FI_DEV_FB_USED")]
        job_out = self.job_rules.evaluate(
            t,
            util,
            fb,
            power=values[:, self._power_col],
            clock=values[:, self._clock_col],
            tensor=self._tensor(values),
            energy=self._energy(delta.increase),
        )

        gpu_out += self._extended(tick, values, present)
        events_in = (*tick.events, *self._windowed_xids(tick))
        events_in += tuple(self._held_xids(t, values, events_in))

        anomalies = self._edges(t, gpu_out, topo.gpu_keys, "gpu")
        anomalies += self._edges(t, node_out, topo.node_keys, "node")
        anomalies += self._edges(t, job_out, self.job_rules.job_ids, "job")
        anomalies += self.log_rules.evaluate(
            t, events_in, self.job_rules.gpu_job, self.job_rules.job_gpus, ended_gpus
        )
        if self.log_rules.skipped:
            self.stats.log_events_skipped.update(self.log_rules.skipped)
            self.log_rules.skipped.clear()
        if self.maintenance:
            anomalies = [self._maintenance_aware(a) for a in anomalies]
        anomalies = self._job_reports_as_evidence(anomalies)
        anomalies = self._late_reports_as_evidence(anomalies)
        self.stats.anomalies += len(anomalies)
        self.stats.anomalies_by_symptom.update(a.symptom for a in anomalies)

        active = ActiveState(
            gpu=_family_masks(gpu_out, topo.n_gpus),
            node=_family_masks(node_out, topo.n_nodes),
            job=_family_masks(job_out, len(self.job_rules.job_ids)),
            job_ids=self.job_rules.job_ids,
            job_gpus=self.job_rules.job_gpus,
        )
        events: list[Event] = [anomaly_detected(a) for a in anomalies]
        # only this tick's anomalies: one a window suppressed or evidence absorbed opens nothing,
        # and its source would wait for it for as long as the detector runs
        handed = {a.anomaly_id for a in anomalies}
        sources = self.log_rules.report_sources
        self.incidents.report_sources.update({k: v for k, v in sources.items() if k in handed})
        sources.clear()
        events += self.incidents.step(t, anomalies, active, self.gpu_rules.thermal_residual)
        for ev in events:
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                self._incident_seen.update(dict.fromkeys(ev.incident.nodes, t))
        return events

    def settle_pending(self, last: float) -> list[Event]:
        """Open what is still waiting to settle when no data will come after ``last`` (the end
        of a replay or of a watch; see :meth:`IncidentManager.settle_pending`), held Xids
        still waiting for their line included."""
        events = self._flush_held(last)
        events += self.incidents.settle_pending(last)
        for ev in events:
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                self._incident_seen.update(dict.fromkeys(ev.incident.nodes, last))
        return events

    def _flush_held(self, t: float) -> list[Event]:
        """The held Xids whose wait had not ended, read as log events at ``t`` and left for
        ``settle_pending`` to route; their anomalies are published as any tick's are."""
        held = self.held_xids.flush()
        if not held:
            return []
        self.stats.held_xids += len(held)
        jobs = self.job_rules
        anomalies = self.log_rules.evaluate(t, held, jobs.gpu_job, jobs.job_gpus)
        if self.maintenance:
            anomalies = [self._maintenance_aware(a) for a in anomalies]
        self.stats.anomalies += len(anomalies)
        self.stats.anomalies_by_symptom.update(a.symptom for a in anomalies)
        self.incidents.pending.extend(anomalies)
        return [anomaly_detected(a) for a in anomalies]

    def open_incidents(self) -> list[Incident]:
        return self.incidents.snapshot()

    def adopt(self, incidents: Iterable[Incident]) -> list[str]:
        """Track incidents known before this detector started or opened by another source
        (see :mod:`agents.noc.known`); returns the ids adopted."""
        known = {i.incident_id: i for i in incidents}
        adopted = self.incidents.adopt(known.values())
        for key in adopted:
            self._adopted_nodes.update(known[key].nodes)
        return adopted

    def forget(self, incident_id: str) -> None:
        self.incidents.forget(incident_id)

    # ------------------------------------------------------------------ helpers
    def _extended(
        self, tick: Tick, values: FloatArray, present: npt.NDArray[np.bool_]
    ) -> list[RuleOutput]:
        """The extended-field rules: the tick's extended frame (all NaN when it has none, so
        counters and sustains see a gap, not zeros) and its per-key DCGM_EXP_* values."""
        n = self.topology.n_gpus
        rules = self.ext_rules
        if tick.extended is None and not tick.keyed and not rules.active:
            return []  # no source has sent an extended field yet: nothing to evaluate or lose
        if tick.extended is not None:
            ext, _ = self.ext_align.align(tick.extended)
            self._count_alignment(self.ext_align)
            cleaned, bad = sanitize(ext, EXTENDED_GPU_FIELD_NAMES)
            for j in np.flatnonzero(bad.any(axis=0)):
                self.stats.artifacts_by_field[EXTENDED_GPU_FIELD_NAMES[int(j)]] += int(
                    bad[:, j].sum()
                )
            self.stats.samples += tick.extended.n_samples
        else:
            cleaned = np.full((n, len(EXTENDED_GPU_FIELD_NAMES)), np.nan)
        out = rules.evaluate(
            tick.timestamp, cleaned, values[:, self._violation_cols], present, tick.keyed
        )
        for mine, theirs in (
            (self.stats.extended_unsupported, rules.unsupported),
            (self.stats.extended_lost, rules.lost),
        ):
            mine.update(theirs)
            theirs.clear()
        return out

    def _windowed_xids(self, tick: Tick) -> list[LogEvent]:
        events = self.ext_rules.xid_events(tick.timestamp, tick.keyed)
        self.stats.windowed_xids += len(events)
        self.stats.extended_bad_keys.update(self.ext_rules.bad_keys)
        self.ext_rules.bad_keys.clear()
        return events

    def _held_xids(
        self, t: float, values: FloatArray, events: tuple[LogEvent, ...]
    ) -> list[LogEvent]:
        held = self.held_xids.step(t, values[:, self._held_col], events)
        self.stats.held_xids += len(held)
        self.stats.held_xids_not_acted.update(self.held_xids.not_acted)
        self.held_xids.not_acted.clear()
        return held

    def _energy(self, increase: FloatArray) -> FloatArray | None:
        col = self._energy_col
        return None if col is None else increase[:, col]

    def _tensor(self, values: FloatArray) -> FloatArray | None:
        return None if self._tensor_col is None else values[:, self._tensor_col]

    def _sanitize(self, values: FloatArray) -> FloatArray:
        cleaned, bad = sanitize(values, self.gpu_fields)
        if bad.any():
            for j in np.flatnonzero(bad.any(axis=0)):
                self.stats.artifacts_by_field[self.gpu_fields[int(j)]] += int(bad[:, j].sum())
        return cleaned

    def _counters(self, t: float, values: FloatArray) -> CounterDelta:
        delta = self.rates.update(t, values[:, self._counter_cols])
        if delta.reset.any():
            for j in np.flatnonzero(delta.reset.any(axis=0)):
                self.stats.counter_resets_by_field[self.counter_fields[int(j)]] += int(
                    delta.reset[:, j].sum()
                )
        return delta

    def _count_alignment(self, aligner: _Aligner) -> None:
        if aligner.unknown_entities:
            self.stats.unknown_entities.update(aligner.unknown_entities)
        if aligner.unknown_fields:
            self.stats.unknown_fields.update(aligner.unknown_fields)

    def _track_node_states(self, tick: Tick) -> None:
        """Scheduler node states: a drained or down node is in planned maintenance."""
        for e in tick.events:
            if e.kind != "node_state":
                continue
            state = e.attrs.get("state", "").upper()
            if state in MAINTENANCE_STATES:
                self.maintenance.add(e.node)
            elif state in SERVICE_STATES:
                self.maintenance.discard(e.node)

    def _maintenance_aware(self, a: Anomaly) -> Anomaly:
        """On a node in maintenance, symptoms are expected: keep them as evidence, never page."""
        if a.severity <= Severity.INFO:
            return a
        node = a.entity.split("/")[0] if a.entity_kind in ("gpu", "node") else None
        if node is None or node not in self.maintenance:
            return a
        return a.model_copy(
            update={
                "severity": Severity.INFO,
                "message": a.message + " (node in maintenance: not paged)",
            }
        )

    def _job_reports_as_evidence(self, anomalies: list[Anomaly]) -> list[Anomaly]:
        """A fault a job's output reports on a node the NOC had an incident on in the last
        :data:`JOB_REPORT_WINDOW_S`, or pages on in this tick, is evidence for that incident,
        not a second one: the job saw the
        same fault from the inside (CUDA's contained error under the Xid 94, NCCL's NVLink
        SHARP failure under a fabric-manager fault). Only a job's report of a fault nothing
        else shows opens an incident of its own."""
        if not any(a.rule in JOB_SIGNAL_ANOMALY_RULES for a in anomalies):
            return anomalies
        t = max(a.time for a in anomalies)
        busy = {n for n, seen in self._incident_seen.items() if t - seen <= JOB_REPORT_WINDOW_S}
        busy |= {
            a.entity.split("/")[0]
            for a in anomalies
            if a.rule not in JOB_SIGNAL_ANOMALY_RULES
            and a.rule != UNREAD_RULE  # a report no rule read says less than the job's own
            and a.severity > Severity.INFO
            and a.entity_kind in ("gpu", "node")  # a job's or rack's name is not a node
        }
        return _as_evidence(
            anomalies,
            JOB_SIGNAL_ANOMALY_RULES,
            busy,
            "evidence for the incident already on this node",
        )

    def _late_reports_as_evidence(self, anomalies: list[Anomaly]) -> list[Anomaly]:
        """A fault report (:mod:`agents.noc.report_rules`) on a node whose incident closed in
        the last :data:`JOB_REPORT_WINDOW_S` is late evidence of that fault (a diag run or an
        nvidia-smi dump taken after the drain), not a new one. While an incident is still
        tracked on the node the report keeps its severity: the incident manager joins it to
        that incident, or opens one for a GPU that incident does not cover."""
        if not any(a.rule in REPORT_ANOMALY_RULES for a in anomalies):
            return anomalies
        t = max(a.time for a in anomalies)
        tracked = {n for inc in self.incidents.tracked.values() for n in inc.nodes}
        tracked |= {inc.root for inc in self.incidents.tracked.values()}
        late = {
            n
            for n, seen in self._incident_seen.items()
            if t - seen <= JOB_REPORT_WINDOW_S and n not in tracked
        }
        return _as_evidence(
            anomalies,
            REPORT_ANOMALY_RULES,
            late,
            "late evidence of the incident this node just had",
        )

    def _remap_job_edges(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        """Job rule state is positional; keep each job's last severity when positions shift."""
        pos = {j: i for i, j in enumerate(old)}
        src = np.array([pos.get(j, -1) for j in new], dtype=np.intp)
        known = src >= 0
        for rule in JOB_RULES:
            prev = self._prev.get(rule)
            if prev is None:
                continue
            moved = np.zeros(len(new), dtype=np.int8)
            moved[known] = prev[src[known]]
            self._prev[rule] = moved

    def _edges(
        self, t: float, outputs: Sequence[RuleOutput], keys: Sequence[str], kind: str
    ) -> list[Anomaly]:
        """New anomalies: entities whose severity for a rule rose since the previous tick."""
        out: list[Anomaly] = []
        for o in outputs:
            prev = self._prev.get(o.spec.rule)
            if prev is None or prev.shape != o.severity.shape:
                prev = np.zeros_like(o.severity)
            rising = np.flatnonzero(o.severity > prev)
            self._prev[o.spec.rule] = o.severity
            for i in map(int, rising):
                value = float(o.value[i]) if np.isfinite(o.value[i]) else None
                thr = o.threshold[i] if isinstance(o.threshold, np.ndarray) else o.threshold
                thr_f = float(thr) if np.isfinite(thr) else None
                sev = Severity(int(o.severity[i]))
                out.append(
                    Anomaly.make(
                        time=t,
                        rule=o.spec.rule,
                        symptom=o.spec.symptom,
                        family=o.spec.family,
                        severity=sev,
                        entity=keys[i],
                        entity_kind=kind,
                        layer=o.spec.layer,
                        field=o.spec.field,
                        value=value,
                        threshold=thr_f,
                        message=_message(keys[i], o, value, thr_f, sev),
                    )
                )
        return out


def _family_masks(outputs: Sequence[RuleOutput], n: int) -> dict[Family, npt.NDArray[np.bool_]]:
    masks: dict[Family, npt.NDArray[np.bool_]] = {}
    for o in outputs:
        m = masks.get(o.spec.family)
        fired = o.severity > 0
        masks[o.spec.family] = fired if m is None else (m | fired)
    return masks


def _message(
    entity: str, o: RuleOutput, value: float | None, thr: float | None, sev: Severity
) -> str:
    unit = o.spec.unit
    detail = ""
    if value is not None and thr is not None:
        detail = f" ({value:.4g}{unit} vs {thr:.4g}{unit})"
    return f"{entity}: {o.spec.what}{detail} [{sev.name.lower()}]"


def _as_evidence(
    anomalies: list[Anomaly], rules: Collection[str], nodes: Collection[str], why: str
) -> list[Anomaly]:
    """The anomalies of ``rules`` on ``nodes`` demoted to INFO (evidence for an incident, never
    the opening of one), each saying why."""
    return [
        a.model_copy(update={"severity": Severity.INFO, "message": f"{a.message} ({why})"})
        if a.rule in rules and a.entity.split("/")[0] in nodes
        else a
        for a in anomalies
    ]
