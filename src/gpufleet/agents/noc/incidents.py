"""From anomalies to incidents: one incident per root cause.

Routing an anomaly, in order:
1. **dedup**: an incident of the same family already covers the entity → attach it there;
2. **cause**: an incident of a family that explains it covers the entity (an SBE storm on a GPU
   that is overheating, a job's utilization collapse after one of its GPUs fell off the bus or
   its node's NIC flapped) → attach it there as a consequence;
3. **same Xid**: an incident of another family already shows this very Xid on the entity (an
   Xid 13 opened as the application's, now repeated on that GPU and read as the device's, or
   the reverse once the job's other GPUs log it) → attach it there: the catalog's verdict on
   one signal changed, the fault did not, and a second incident would ask for a second
   decision;
   **same job output**: a job's report (NCCL's, CUDA's, the OOM killer's) on a node with an
   incident active in the last ``JOB_REPORT_WINDOW_S`` → attach it there, as the detector does
   when it reads the report (a line of the same output may have opened that incident while
   this one settled);
   **same moment**: a GPU's line within ``SAME_MOMENT_S`` of the latest signal of the incident
   rooted at that GPU, and no more severe → attach it there (one event, several lines);
4. **correlate**: otherwise open an incident at the widest scope the *currently active* symptoms
   of that family support: a rack (several nodes of one rack), a node (most of its GPUs),
   a chassis (physically adjacent GPUs), a job, or the single GPU. Log signals (Xids, GSP
   errors) count as active on their GPU for ``LOG_ACTIVE_S``: Xids on all GPUs of one node
   are one node incident, not eight.
5. **one cause across the fleet**: the same Xid on most GPUs of several nodes (in two racks or
   more) that share one attribute - the driver version, else the SKU - and on no node without
   it is one cluster incident rooted at that attribute (``driver:570.86.15``); the node and
   GPU incidents of that Xid fold into it. NVSwitch SXids on a node whose GPU just fell off
   the bus attach to that incident as consequences.
Non-critical anomalies wait ``settle_s`` before step 4 so that a fault spreading over a rack in
its first minute opens one rack incident rather than one per GPU; critical ones open at once and
are widened and merged later if the group grows. A report no rule read waits too while a readable
anomaly on its node settles, and joins what that one opens.

After the last anomaly and the last tick on which any covered entity still showed the symptom,
an incident stays tracked for ``cooldown_s``: recurrences inside that window attach to it
(counted as suppressed) unless severity escalates, which re-notifies. Later recurrences open a
new incident.

Pure apart from its own state: inputs are (time, anomalies, active masks); outputs are events.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.config import NocConfig
from gpufleet.agents.noc.log_rules import JOB_REPORT_WINDOW_S, JOB_SIGNAL_ANOMALY_RULES
from gpufleet.agents.noc.report_rules import REPORT_ANOMALY_RULES, UNREAD_RULE
from gpufleet.bus.events import (
    Anomaly,
    Event,
    Family,
    Incident,
    Phase,
    PhaseChange,
    Scope,
    Severity,
    incident_opened,
    incident_updated,
    stable_id,
)
from gpufleet.knowledge.xid import classify, symptom_xid
from gpufleet.telemetry.topology import Topology

BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.intp]
ThermalProbe = Callable[[IntArray], npt.NDArray[np.float64]]

# Which open incident families can explain a new anomaly (by symptom, then by family).
CAUSES_BY_SYMPTOM: dict[str, frozenset[Family]] = {
    "sbe_storm": frozenset({Family.THERMAL}),
    # A GPU hotter than its peers errs more than its peers: the heat explains it.
    "sbe_above_peers": frozenset({Family.THERMAL}),
    "memory_temp_high": frozenset({Family.THERMAL}),
    "node_silent": frozenset({Family.DEVICE, Family.POWER, Family.HOST}),
    "pcie_replays": frozenset({Family.DEVICE}),
    "pcie_aer_corrected_burst": frozenset({Family.DEVICE}),
    "nvlink_errors": frozenset({Family.DEVICE}),
    "hw_slowdown": frozenset({Family.THERMAL}),
}
CAUSES_BY_FAMILY: dict[Family, frozenset[Family]] = {
    Family.UTILIZATION: frozenset(
        {
            Family.DEVICE,
            Family.INTERCONNECT,
            Family.APPLICATION,
            Family.HOST,
            Family.POWER,
            Family.MEMORY,
            Family.THERMAL,
        }
    ),
}
# A log signal (Xid, GSP error) has no "still firing" state: it counts as active on its GPU
# for this long, so that the GPUs of one node logging within minutes group together.
LOG_ACTIVE_S = 300.0
# The same Xid counts toward a fleet-level group for this long (a driver bug shows as jobs
# hit it, over tens of minutes), on this many nodes at least.
FLEET_WINDOW_S = 1800.0
FLEET_MIN_NODES = 3
# One GPU's signals this close together are one event told by several lines (the kernel log
# stamps a fault's lines within milliseconds; 10 s leaves room for a tick's granularity).
SAME_MOMENT_S = 10.0
SXID_MIN = 1000  # Xid codes run 1-172 (and growing); NVSwitch SXids are 4-5 digit codes

# A fault report (agents.noc.report_rules: a diag run, a health check, a pod state, an
# nvidia-smi dump) is usually taken because of a fault already open on its GPU or node, whatever
# that fault's family: it joins that incident rather than opening a second one.
_REPORT_CAUSES: frozenset[Family] = frozenset(Family)
# An NVSwitch SXid on a node whose GPU just failed (fell off the bus) is a consequence.
_SXID_CAUSES: frozenset[Family] = frozenset({Family.DEVICE})

_SCOPE_RANK = {
    Scope.GPU: 0,
    Scope.CHASSIS: 1,
    Scope.JOB: 2,
    Scope.NODE: 2,
    Scope.RACK: 3,
    Scope.CLUSTER: 4,
}


@dataclass
class ActiveState:
    """What is firing right now, per family, at GPU / node / job level."""

    gpu: dict[Family, BoolArray]
    node: dict[Family, BoolArray]
    job: dict[Family, BoolArray]
    job_ids: tuple[str, ...]
    job_gpus: Sequence[IntArray]


@dataclass
class _Inc:
    incident_id: str
    family: Family
    scope: Scope
    root: str
    severity: Severity
    opened_at: float
    updated_at: float
    last_anomaly_at: float
    last_active_at: float
    gpus: set[int]  # GPUs covered (for routing), including context
    entities: list[str]
    context: list[str] = field(default_factory=list)
    nodes: set[str] = field(default_factory=set)
    jobs: set[str] = field(default_factory=set)
    symptoms: list[str] = field(default_factory=list)
    anomaly_ids: list[str] = field(default_factory=list)
    anomaly_count: int = 0
    suppressed: int = 0
    xids: set[int] = field(default_factory=set)
    messages: list[str] = field(default_factory=list)
    phase: Phase = Phase.DETECTED
    # kept from an adopted incident (opened by another source or an earlier process): its
    # phase history, who opened it (trust is the opener's) and every source that reported
    history: tuple[PhaseChange, ...] = ()
    provenance: str = "noc"
    sources: list[str] = field(default_factory=lambda: ["noc"])
    # adopted and not yet seen by a step: its cooldown starts at the first tick after the
    # adoption (a restart must not cut short the time an open incident has to show again)
    adopted: bool = False
    # (symptom, family) pairs seen: the same symptom read as another family's (an Xid's
    # verdict changed on repeats) is news for the diagnosis, though the symptom is not new
    readings: set[tuple[str, Family]] = field(default_factory=set)

    def to_model(self, topology: Topology) -> Incident:
        racks = sorted({topology.rack_of_node_key(n) for n in self.nodes if n in topology.node_pos})
        title = (
            f"{self.family.value}: {', '.join(self.symptoms[:3])} on {self.root}"
            f" ({self.scope.value})"
        )
        return Incident(
            incident_id=self.incident_id,
            title=title,
            family=self.family,
            scope=self.scope,
            root_entity=self.root,
            severity=self.severity,
            phase=self.phase,
            opened_at=self.opened_at,
            updated_at=self.updated_at,
            last_anomaly_at=self.last_anomaly_at,
            entities=tuple(self.entities),
            context_entities=tuple(self.context),
            symptoms=tuple(self.symptoms),
            anomaly_ids=tuple(self.anomaly_ids[-200:]),
            anomaly_count=self.anomaly_count,
            suppressed_count=self.suppressed,
            nodes=tuple(sorted(self.nodes)),
            racks=tuple(racks),
            jobs=tuple(sorted(self.jobs)),
            xids=tuple(sorted(self.xids)),
            summary="\n".join(self.messages[:12]),
            history=self.history,
            provenance=self.provenance,
            sources=tuple(self.sources),
        )


def _explains(cause: _Inc, earlier: _Inc, symptom: str) -> bool:
    """Whether ``cause`` explains ``earlier``'s ``symptom``: by the symptom table, or by the
    Xid catalog's chain rule (:func:`knowledge.xid.classify`): an application Xid that the
    cause's critical GPU Xid, logged within the detector's window, reads as part of that fault
    had it come after it rather than just before."""
    if cause.family in CAUSES_BY_SYMPTOM.get(symptom, ()):
        return True
    code = symptom_xid(symptom)
    if code is None or not cause.xids - {code}:
        return False
    if cause.opened_at - earlier.last_anomaly_at > LOG_ACTIVE_S:
        return False
    return classify(code, co_occurring=cause.xids).family == cause.family


def _unread(a: Anomaly) -> bool:
    """A report no rule read (telemetry.unread_text) is routed after the anomalies of the same
    moment: it joins the incident a readable report opens rather than opening one wider."""
    return a.rule == UNREAD_RULE


def _fleet_candidate(a: Anomaly) -> bool:
    """A paging GPU Xid from the log (SXids and INFO churn never make a fleet group)."""
    return (
        a.xid is not None
        and a.xid < SXID_MIN
        and a.rule == "log.xid"
        and a.entity_kind == "gpu"
        and a.severity > Severity.INFO
    )


class IncidentManager:
    def __init__(self, config: NocConfig, topology: Topology) -> None:
        self.cfg = config.correlation
        self.cooldown_s = config.incidents.cooldown_s
        self.context_rise_c = config.correlation.context_rise_c
        self.topo = topology
        self.tracked: dict[str, _Inc] = {}
        self.pending: list[Anomaly] = []
        self._last_active: ActiveState | None = None  # the state the last step saw
        # anomaly id → the report it came from ("report:<parser> <file>:<line>"), set by the
        # detector: the incident it opens or joins lists it among its sources
        self.report_sources: dict[str, str] = {}
        n = topology.n_gpus
        self._log_at: dict[Family, npt.NDArray[np.float64]] = {}  # family → last log signal
        self._xid_at: dict[int, npt.NDArray[np.float64]] = {}  # Xid code → last time, per GPU
        self._node_driver = [node.driver_version for node in topology.nodes]
        self._n_gpus = n

    # ----------------------------------------------------------------- entity helpers
    def _gpus_of(self, a: Anomaly, active: ActiveState) -> IntArray:
        topo = self.topo
        if a.entity_kind == "gpu":
            g = topo.gpu_pos.get(a.entity)
            return np.array([g] if g is not None else [], dtype=np.intp)
        if a.entity_kind == "node":
            n = topo.node_pos.get(a.entity)
            return topo.gpus_of_node(n) if n is not None else np.zeros(0, dtype=np.intp)
        try:
            return active.job_gpus[active.job_ids.index(a.entity)]
        except ValueError:
            return np.zeros(0, dtype=np.intp)

    def _nodes_of(self, gpus: Iterable[int]) -> set[str]:
        return {self.topo.node_keys[int(self.topo.gpu_node[g])] for g in gpus}

    # ----------------------------------------------------------------- main entry
    def step(
        self,
        t: float,
        anomalies: Sequence[Anomaly],
        active: ActiveState,
        thermal_residual: ThermalProbe | None = None,
    ) -> list[Event]:
        events: list[Event] = []
        for inc in self.tracked.values():
            if inc.adopted:
                inc.adopted = False
                inc.last_active_at = max(inc.last_active_at, t)
        self._remember_logs(anomalies)
        active = self._with_logs(t, active)
        self._last_active = active
        order = sorted(anomalies, key=lambda a: (_unread(a), -int(a.severity), a.entity, a.rule))
        for a in order:
            self._route(t, a, active, events, allow_defer=True)
        for code in sorted({a.xid for a in anomalies if a.xid is not None and _fleet_candidate(a)}):
            self._fleet(t, code, events)
        still: list[Anomaly] = []
        for a in sorted(self.pending, key=_unread):
            if t - a.time >= self.cfg.settle_s:
                self._route(t, a, active, events, allow_defer=False)
            else:
                still.append(a)
        self.pending = still
        self._widen(t, active, events)
        self._refresh(t, active, thermal_residual, events)
        return events

    def settle_pending(self, last: float) -> list[Event]:
        """Route every anomaly still waiting to settle, when no data will come after ``last``
        (the end of a replay): live, the next ticks would have routed each once its settle
        time passed, so that is when this one acts (a report read at the recording's last
        instant would otherwise never open anything)."""
        events: list[Event] = []
        if self._last_active is None or not self.pending:
            return events
        t = max(last, *(a.time for a in self.pending)) + self.cfg.settle_s
        waiting, self.pending = sorted(self.pending, key=_unread), []
        for a in waiting:
            self._route(t, a, self._last_active, events, allow_defer=False)
        return events

    def _route(
        self, t: float, a: Anomaly, active: ActiveState, events: list[Event], allow_defer: bool
    ) -> None:
        gpus = self._gpus_of(a, active)
        if a.severity <= Severity.INFO:
            # Evidence only (benign Xids and the like): never opens an incident.
            inc = self._covering(a, gpus, set(Family))
            if inc is not None:
                self._attach(t, inc, a, gpus, events)
            return
        inc = self._covering(a, gpus, {a.family})
        if inc is None:
            causes = (
                _REPORT_CAUSES
                if a.rule in REPORT_ANOMALY_RULES
                else CAUSES_BY_SYMPTOM.get(a.symptom)
                or CAUSES_BY_FAMILY.get(a.family)
                or (_SXID_CAUSES if a.xid is not None and a.xid >= SXID_MIN else None)
            )
            if causes:
                # a report joins any incident still tracked on its entity: it is often taken
                # well after the telemetry stopped showing the fault (a diag run after a drain)
                recent = None if a.rule in REPORT_ANOMALY_RULES else self.cfg.job_link_s
                inc = self._covering(a, gpus, causes, recent_s=recent, t=t)
        if inc is None and a.xid is not None:
            inc = self._covering(a, gpus, set(Family), showing=a.symptom)
        if inc is None and a.rule in JOB_SIGNAL_ANOMALY_RULES:
            # the detector's rule for a job's report (evidence for the node's incident), applied
            # when it routes: a line of the same output may have opened that incident while
            # this one settled (NCCL's host-side error waits; the CUDA error under it does not)
            inc = self._covering(a, gpus, set(Family), recent_s=JOB_REPORT_WINDOW_S, t=t)
        if inc is None and a.entity_kind == "gpu":
            inc = self._same_moment(a)
        if inc is not None:
            self._attach(t, inc, a, gpus, events)
            return
        if allow_defer and (
            (a.severity < Severity.CRITICAL and a.family in self.cfg.settle_families)
            or (_unread(a) and self._waiting_on(gpus, active))
        ):
            self.pending.append(a)
            return
        self._open(t, a, gpus, active, events)

    def _same_moment(self, a: Anomaly) -> _Inc | None:
        """The incident rooted at ``a``'s GPU whose latest signal came within
        :data:`SAME_MOMENT_S` of ``a``, when ``a`` is no more severe: one GPU's lines of one
        moment tell one event (an uncorrectable PCIe error and the MMU fault it caused; a
        corrupted push buffer and the page fault beside it), whatever family each line alone
        reads as. A more severe line opens its own incident, which the Xid chain may fold the
        earlier one into."""
        for inc in self.tracked.values():
            if (
                inc.scope is Scope.GPU
                and inc.root == a.entity
                and abs(a.time - inc.last_anomaly_at) <= SAME_MOMENT_S
                and a.severity <= inc.severity
            ):
                return inc
        return None

    def _waiting_on(self, gpus: IntArray, active: ActiveState) -> bool:
        """Whether a readable anomaly on one of these GPUs' nodes is still settling: a report
        no rule read waits for it, and joins what it opens (a job log's NCCL system error waits
        ``settle_s`` as a host signal; the same log's unread words about the device would
        otherwise open a second incident on the node first)."""
        nodes = self._nodes_of(gpus)
        return any(
            not _unread(p) and not nodes.isdisjoint(self._nodes_of(self._gpus_of(p, active)))
            for p in self.pending
        )

    def _covering(
        self,
        a: Anomaly,
        gpus: IntArray,
        families: Iterable[Family],
        recent_s: float | None = None,
        t: float = 0.0,
        showing: str | None = None,
    ) -> _Inc | None:
        """The widest (then oldest) tracked incident of ``families`` that covers ``a``'s
        entity or GPUs; ``showing``: only one whose symptoms already include that one."""
        fams = set(families)
        best: _Inc | None = None
        for inc in self.tracked.values():
            if inc.family not in fams or (showing is not None and showing not in inc.symptoms):
                continue
            if recent_s is not None and t - inc.last_active_at > recent_s:
                continue
            hit = (
                a.entity == inc.root
                or a.entity in inc.entities
                or a.entity in inc.context
                or (gpus.size > 0 and not inc.gpus.isdisjoint(int(g) for g in gpus))
                or (a.entity_kind == "node" and a.entity in inc.nodes)
            )
            if hit and (
                best is None
                or _SCOPE_RANK[inc.scope] > _SCOPE_RANK[best.scope]
                or (inc.scope == best.scope and inc.opened_at < best.opened_at)
            ):
                best = inc
        return best

    def _attach(self, t: float, inc: _Inc, a: Anomaly, gpus: IntArray, events: list[Event]) -> None:
        if "noc" not in inc.sources:  # an adopted incident the NOC now sees too
            inc.sources.append("noc")
        new_source = self._add_source(inc, a)
        inc.anomaly_count += 1
        inc.anomaly_ids.append(a.anomaly_id)
        inc.last_anomaly_at = max(inc.last_anomaly_at, a.time)
        inc.last_active_at = max(inc.last_active_at, t)
        if a.xid is not None:
            inc.xids.add(a.xid)
        new_entity = (
            a.entity not in inc.entities and a.entity not in inc.context and a.entity != inc.root
        )
        new_symptom = a.symptom not in inc.symptoms
        new_reading = not new_symptom and (a.symptom, a.family) not in inc.readings
        inc.readings.add((a.symptom, a.family))
        if new_entity:
            (inc.entities if a.family == inc.family else inc.context).append(a.entity)
        if a.entity_kind == "job":
            inc.jobs.add(a.entity)
        if a.job:
            inc.jobs.add(a.job)
        inc.gpus.update(int(g) for g in gpus)
        inc.nodes |= self._nodes_of(gpus) if a.entity_kind != "job" else set()
        if new_symptom:
            inc.symptoms.append(a.symptom)
        if new_symptom or new_reading:
            inc.messages.append(a.message)
        inc.updated_at = t
        if a.severity > inc.severity:
            inc.severity = a.severity
            events.append(incident_updated(inc.to_model(self.topo), "escalated"))
        elif new_entity or new_symptom or new_source or new_reading:
            events.append(incident_updated(inc.to_model(self.topo), "attached"))
        else:
            inc.suppressed += 1

    def _add_source(self, inc: _Inc, a: Anomaly) -> bool:
        """Name the report ``a`` came from among the incident's sources; True when new."""
        src = self.report_sources.pop(a.anomaly_id, None)
        if src is None or src in inc.sources:
            return False
        inc.sources.append(src)
        return True

    # ----------------------------------------------------------------- correlation
    def _group(
        self, a: Anomaly, gpus: IntArray, active: ActiveState
    ) -> tuple[Scope, str, IntArray]:
        """The widest scope the active symptoms of this family support, with its GPUs."""
        topo = self.topo
        cfg = self.cfg
        fam_gpu = active.gpu.get(a.family)
        if a.entity_kind == "job":
            return Scope.JOB, a.entity, gpus
        if gpus.size == 0:
            return Scope.GPU, a.entity, gpus
        node = int(topo.gpu_node[int(gpus[0])])
        rack = int(topo.node_rack[node])
        if fam_gpu is not None and fam_gpu.any():
            nodes_hot = np.zeros(topo.n_nodes, dtype=bool)
            nodes_hot[topo.gpu_node[fam_gpu]] = True
            fam_node = active.node.get(a.family)
            if fam_node is not None:
                nodes_hot |= fam_node
            rack_nodes = topo.nodes_of_rack(rack)
            k = int(nodes_hot[rack_nodes].sum())
            local = a.family in cfg.local_families
            fraction = cfg.rack_fraction_local if local else cfg.rack_fraction
            if k >= cfg.rack_min_nodes and k >= fraction * rack_nodes.size:
                members = np.flatnonzero(fam_gpu & (topo.gpu_rack == rack))
                return Scope.RACK, topo.rack_keys[rack], members
            node_gpus = topo.gpus_of_node(node)
            hot = node_gpus[fam_gpu[node_gpus]]
            if hot.size >= 2 and hot.size >= cfg.node_fraction * node_gpus.size:
                return Scope.NODE, topo.node_keys[node], hot
        if a.entity_kind == "node":
            return Scope.NODE, a.entity, gpus
        g = int(gpus[0])
        if fam_gpu is not None:
            # Connected run of adjacent GPUs (by slot) that share the symptom.
            node_gpus = topo.gpus_of_node(node)
            hot_set = {int(x) for x in node_gpus[fam_gpu[node_gpus]]} | {g}
            group = {g}
            frontier = [g]
            while frontier:
                cur = frontier.pop()
                for nb in topo.adjacent_gpus(cur):
                    if int(nb) in hot_set and int(nb) not in group:
                        group.add(int(nb))
                        frontier.append(int(nb))
            if len(group) >= 2:
                return Scope.CHASSIS, a.entity, np.array(sorted(group), dtype=np.intp)
        return Scope.GPU, a.entity, gpus

    def _open(
        self, t: float, a: Anomaly, gpus: IntArray, active: ActiveState, events: list[Event]
    ) -> None:
        scope, root, members = self._group(a, gpus, active)
        for inc in self.tracked.values():
            if inc.family == a.family and inc.scope == scope and inc.root == root:
                self._attach(t, inc, a, gpus, events)
                return
        topo = self.topo
        member_keys = (
            [topo.gpu_keys[int(g)] for g in members]
            if a.entity_kind == "gpu" or scope is Scope.RACK
            else []
        )
        entities = [a.entity] + [k for k in member_keys if k != a.entity]
        inc = _Inc(
            incident_id=stable_id("inc", a.family.value, scope.value, root, a.time),
            family=a.family,
            scope=scope,
            root=root,
            severity=a.severity,
            opened_at=t,
            updated_at=t,
            last_anomaly_at=a.time,
            last_active_at=t,
            gpus={int(g) for g in members} | {int(g) for g in gpus},
            entities=entities,
            nodes=self._nodes_of(members) | self._nodes_of(gpus)
            if a.entity_kind != "job"
            else set(),
            symptoms=[a.symptom],
            readings={(a.symptom, a.family)},
            anomaly_ids=[a.anomaly_id],
            anomaly_count=1,
            xids={a.xid} if a.xid is not None else set(),
            messages=[a.message],
        )
        if a.job:
            inc.jobs.add(a.job)
        if a.entity_kind == "job":
            inc.jobs.add(a.entity)
            inc.context = [topo.gpu_keys[int(g)] for g in gpus]
            inc.nodes = self._nodes_of(gpus)
        self.tracked[inc.incident_id] = inc
        self._add_source(inc, a)
        self._absorb(t, inc, events)
        self._absorb_consequences(t, inc, events)
        events.append(incident_opened(inc.to_model(topo)))

    def _absorb(
        self, t: float, survivor: _Inc, events: list[Event], only: _Inc | None = None
    ) -> list[str]:
        """Merge narrower incidents of the same family that the survivor now covers."""
        merged: list[str] = []
        for inc in [only] if only is not None else list(self.tracked.values()):
            if inc is survivor or inc.family != survivor.family:
                continue
            if only is None and _SCOPE_RANK[inc.scope] >= _SCOPE_RANK[survivor.scope]:
                continue
            if only is None and (
                not inc.gpus or not inc.gpus <= survivor.gpus | self._scope_gpus(survivor)
            ):
                continue
            survivor.suppressed += inc.suppressed
            survivor.opened_at = min(survivor.opened_at, inc.opened_at)
            for e in inc.entities + inc.context:
                if e not in survivor.entities and e not in survivor.context:
                    survivor.entities.append(e)
            self._fold(t, inc, survivor, f"merged into {survivor.incident_id}", events)
            merged.append(inc.incident_id)
        return merged

    def _fold(self, t: float, inc: _Inc, into: _Inc, why: str, events: list[Event]) -> None:
        """``inc``'s anomalies, symptoms and GPUs join ``into``; ``inc`` is resolved as merged
        (its entities are the caller's: covered as entities, or kept as context)."""
        into.anomaly_count += inc.anomaly_count
        into.anomaly_ids.extend(inc.anomaly_ids)
        into.severity = max(into.severity, inc.severity)
        into.symptoms += [s for s in inc.symptoms if s not in into.symptoms]
        into.readings |= inc.readings
        into.gpus |= inc.gpus
        into.nodes |= inc.nodes
        into.xids |= inc.xids
        del self.tracked[inc.incident_id]
        model = inc.to_model(self.topo).advance(Phase.RESOLVED, t, why)
        events.append(incident_updated(model, "merged", merged_from=(into.incident_id,)))

    def _absorb_consequences(self, t: float, cause: _Inc, events: list[Event]) -> None:
        """The reverse of routing by cause: an incident opened earlier on these GPUs whose
        every symptom this new incident's family explains (an SBE storm opened 15 s before the
        GPU's thermal incident; an Xid 13 opened as the application's a minute before the same
        GPU's Xid 79) is that cause's consequence, not a root cause of its own: it is merged
        into the cause, its GPUs kept as context."""
        for inc in list(self.tracked.values()):
            if inc is cause or inc.family == cause.family or not inc.gpus & cause.gpus:
                continue
            if t - inc.opened_at > self.cfg.job_link_s or not inc.symptoms:
                continue
            if not all(_explains(cause, inc, s) for s in inc.symptoms):
                continue
            for e in inc.entities + inc.context:
                if e not in cause.entities and e not in cause.context and e != cause.root:
                    cause.context.append(e)
            why = f"merged into {cause.incident_id}: a consequence of it"
            self._fold(t, inc, cause, why, events)

    def _scope_gpus(self, inc: _Inc) -> set[int]:
        topo = self.topo
        if inc.scope is Scope.RACK:
            return {int(g) for g in topo.gpus_of_rack(topo.rack_pos[inc.root])}
        if inc.scope is Scope.NODE and inc.root in topo.node_pos:
            return {int(g) for g in topo.gpus_of_node(topo.node_pos[inc.root])}
        return set()

    def _widen(self, t: float, active: ActiveState, events: list[Event]) -> None:
        """A fault that spread: widen the oldest incident to the new group, merge the rest."""
        topo = self.topo
        for inc in sorted(self.tracked.values(), key=lambda i: i.opened_at):
            if inc.incident_id not in self.tracked or inc.scope in (Scope.RACK, Scope.JOB):
                continue
            if not inc.gpus:
                continue
            probe = Anomaly.make(
                time=t,
                rule="widen",
                symptom=inc.symptoms[0],
                family=inc.family,
                severity=inc.severity,
                entity=topo.gpu_keys[min(inc.gpus)],
                entity_kind="gpu",
                message="",
            )
            scope, root, members = self._group(probe, np.array(sorted(inc.gpus)), active)
            if _SCOPE_RANK[scope] <= _SCOPE_RANK[inc.scope] or scope is Scope.CHASSIS:
                continue
            twin = next(
                (
                    o
                    for o in self.tracked.values()
                    if o is not inc
                    and o.family == inc.family
                    and o.scope == scope
                    and o.root == root
                ),
                None,
            )
            if twin is not None:
                # The wider incident already exists: fold this one into it.
                self._absorb(t, twin, events, only=inc)
                continue
            inc.scope, inc.root = scope, root
            inc.gpus |= {int(g) for g in members}
            inc.nodes |= self._nodes_of(members)
            for g in members:
                k = topo.gpu_keys[int(g)]
                if k not in inc.entities:
                    inc.entities.append(k)
            inc.updated_at = t
            self._absorb(t, inc, events)
            events.append(incident_updated(inc.to_model(topo), "scope_widened"))

    def _refresh(
        self,
        t: float,
        active: ActiveState,
        thermal_residual: ThermalProbe | None,
        events: list[Event],
    ) -> None:
        topo = self.topo
        for inc in list(self.tracked.values()):
            still = False
            fam_gpu = active.gpu.get(inc.family)
            if fam_gpu is not None and inc.gpus:
                still = bool(fam_gpu[list(inc.gpus)].any())
            fam_node = active.node.get(inc.family)
            if not still and fam_node is not None:
                still = any(fam_node[topo.node_pos[n]] for n in inc.nodes if n in topo.node_pos)
            if not still and inc.jobs:
                # A job symptom attached as a consequence keeps its cause's incident alive.
                idx = [active.job_ids.index(j) for j in inc.jobs if j in active.job_ids]
                still = bool(idx) and any(bool(m[idx].any()) for m in active.job.values())
            if still:
                inc.last_active_at = t
            if (
                thermal_residual is not None
                and inc.family is Family.THERMAL
                and inc.scope in (Scope.GPU, Scope.CHASSIS)
            ):
                self._thermal_context(t, inc, thermal_residual, events)
            if t - max(inc.last_active_at, inc.last_anomaly_at) >= self.cooldown_s:
                del self.tracked[inc.incident_id]

    def _thermal_context(
        self, t: float, inc: _Inc, residual: ThermalProbe, events: list[Event]
    ) -> None:
        """Attach slot neighbours that are warming as context: a chassis (fan/airflow) cause.

        A neighbour counts when its load-corrected temperature sits above its own recent level
        by ``context_rise_c`` more than the median of the node's other GPUs do: a shared cause
        in the airflow path, not the room or the job."""
        topo = self.topo
        root_gpu = topo.gpu_pos.get(inc.root)
        if root_gpu is None:
            return
        neigh = topo.adjacent_gpus(root_gpu)
        node_gpus = topo.gpus_of_node(int(topo.gpu_node[root_gpu]))
        if neigh.size == 0:
            return
        rise = residual(node_gpus)
        others = ~np.isin(node_gpus, neigh) & (node_gpus != root_gpu)
        if not others.any():
            return
        ref = float(np.nanmedian(rise[others])) if not np.isnan(rise[others]).all() else 0.0
        excess = rise[np.isin(node_gpus, neigh)] - ref
        with np.errstate(invalid="ignore"):
            warm = node_gpus[np.isin(node_gpus, neigh)][excess >= self.context_rise_c]
        added = [
            topo.gpu_keys[int(g)]
            for g in warm
            if topo.gpu_keys[int(g)] not in inc.context
            and topo.gpu_keys[int(g)] not in inc.entities
        ]
        if not added:
            return
        inc.context.extend(added)
        inc.gpus |= {int(g) for g in warm}
        inc.updated_at = t
        inc.messages.append(f"adjacent GPUs warming: {', '.join(added)}")
        if inc.scope is Scope.GPU:
            inc.scope = Scope.CHASSIS
            events.append(incident_updated(inc.to_model(topo), "scope_widened"))
        else:
            events.append(incident_updated(inc.to_model(topo), "attached"))

    # ----------------------------------------------------------------- log signals, fleet
    def _remember_logs(self, anomalies: Sequence[Anomaly]) -> None:
        """Record the GPUs that log signals fired on (per family, and per Xid code)."""
        for a in anomalies:
            if not a.rule.startswith("log.") or a.entity_kind != "gpu":
                continue
            g = self.topo.gpu_pos.get(a.entity)
            if g is None:
                continue
            if a.severity > Severity.INFO:
                arr = self._log_at.setdefault(a.family, np.full(self._n_gpus, np.nan))
                arr[g] = a.time
            if a.xid is not None and a.xid < SXID_MIN:
                arr = self._xid_at.setdefault(a.xid, np.full(self._n_gpus, np.nan))
                arr[g] = a.time

    def _with_logs(self, t: float, active: ActiveState) -> ActiveState:
        """The active masks with recent log signals OR-ed into their family."""
        if not self._log_at:
            return active
        gpu = dict(active.gpu)
        for fam, at in self._log_at.items():
            with np.errstate(invalid="ignore"):
                recent = np.asarray(t - at <= LOG_ACTIVE_S)
            m = gpu.get(fam)
            gpu[fam] = recent if m is None else (m | recent)
        return ActiveState(gpu, active.node, active.job, active.job_ids, active.job_gpus)

    def _fleet_group(self, code: int) -> tuple[str, list[int], IntArray] | None:
        """(root, nodes, GPUs) when Xid ``code`` sits on most GPUs of at least
        ``FLEET_MIN_NODES`` nodes in two racks or more that share the driver version (else the
        SKU, when the fleet mixes SKUs), and on no GPU without it; None otherwise."""
        at = self._xid_at.get(code)
        if at is None or np.isnan(at).all():
            return None
        topo = self.topo
        # The window is how close together the GPUs logged it, counted back from the newest
        # line, not from now: lines that arrive late (a start or restart that reads the log's
        # last hour back, a feed catching up) show the same spread, only older. Live, the
        # newest line is the one that just came, so it is the step's own time.
        newest = float(np.nanmax(at))
        with np.errstate(invalid="ignore"):
            hit = np.asarray(newest - at <= FLEET_WINDOW_S)
        per_node = np.bincount(topo.gpu_node[hit], minlength=topo.n_nodes)
        size = np.bincount(topo.gpu_node, minlength=topo.n_nodes)
        nodes = np.flatnonzero(per_node >= np.maximum(1, self.cfg.node_fraction * size))
        if nodes.size < FLEET_MIN_NODES or np.unique(topo.node_rack[nodes]).size < 2:
            return None
        gpus = np.flatnonzero(hit)
        drivers = {self._node_driver[int(topo.gpu_node[g])] for g in gpus}
        if len(drivers) == 1:  # one driver carries it all: the prime common-mode suspect
            return f"driver:{drivers.pop()}", [int(n) for n in nodes], gpus
        skus = {topo.gpu_sku[int(g)] for g in gpus}
        if len(skus) == 1 and len(set(topo.gpu_sku)) > 1:  # one SKU of a mixed fleet
            return f"sku:{skus.pop()}", [int(n) for n in nodes], gpus
        return None

    def _fleet(self, t: float, code: int, events: list[Event]) -> None:
        """Open (or grow) the cluster incident of a fleet-wide Xid and fold the node and GPU
        incidents of that Xid into it."""
        group = self._fleet_group(code)
        if group is None:
            return
        root, nodes, gpus = group
        topo = self.topo
        inc = next(
            (i for i in self.tracked.values() if i.scope is Scope.CLUSTER and i.root == root),
            None,
        )
        parts = [
            i
            for i in self.tracked.values()
            if code in i.xids and i.scope is not Scope.CLUSTER and i.gpus <= {int(g) for g in gpus}
        ]
        if inc is None:
            if not parts:
                return
            first = min(parts, key=lambda i: i.opened_at)
            inc = _Inc(
                incident_id=stable_id("inc", first.family.value, "cluster", root, first.opened_at),
                family=first.family,
                scope=Scope.CLUSTER,
                root=root,
                severity=first.severity,
                opened_at=t,
                updated_at=t,
                last_anomaly_at=first.last_anomaly_at,
                last_active_at=t,
                gpus=set(),
                entities=[],
                symptoms=[f"xid_{code}"],
                xids={code},
                messages=[
                    f"Xid {code} on most GPUs of {len(nodes)} nodes that share {root} "
                    "(and on no node without it): one fleet-level cause"
                ],
            )
            self.tracked[inc.incident_id] = inc
            events.append(incident_opened(inc.to_model(topo)))
        for g in gpus:
            k = topo.gpu_keys[int(g)]
            if k not in inc.entities:
                inc.entities.append(k)
        inc.gpus |= {int(g) for g in gpus}
        inc.nodes |= {topo.node_keys[n] for n in nodes}
        inc.updated_at = inc.last_active_at = t
        for part in parts:
            if part.family == inc.family:
                self._absorb(t, inc, events, only=part)
        events.append(incident_updated(inc.to_model(topo), "scope_widened"))

    # ----------------------------------------------------------------- adoption
    def adopt(self, incidents: Iterable[Incident]) -> list[str]:
        """Track open incidents this manager did not open in this process: the ones an
        earlier process left in the event log (a restart) and the ones another source opened
        (an Alertmanager alert, a job's report). Anomalies on their entities then join them
        instead of opening a second incident for a fault already known. Resolved incidents,
        ones already tracked and ones on no known entity are left alone. Returns the ids
        adopted."""
        adopted = []
        for incident in incidents:
            if incident.phase is Phase.RESOLVED or incident.incident_id in self.tracked:
                continue
            inc = self._from_model(incident)
            if inc.gpus or inc.nodes or inc.jobs:
                self.tracked[inc.incident_id] = inc
                adopted.append(inc.incident_id)
        return adopted

    def forget(self, incident_id: str) -> None:
        """Stop tracking an incident closed elsewhere (resolved by its source, merged)."""
        self.tracked.pop(incident_id, None)

    def _from_model(self, incident: Incident) -> _Inc:
        topo = self.topo
        keys = (incident.root_entity, *incident.entities, *incident.context_entities)
        gpus = {topo.gpu_pos[k] for k in keys if k in topo.gpu_pos}
        nodes = {n for n in (*incident.nodes, *keys) if n in topo.node_pos}
        nodes |= self._nodes_of(gpus)
        if incident.scope in (Scope.NODE, Scope.RACK) or not gpus:
            for n in nodes:  # a node- or rack-wide cause covers every GPU of its nodes
                gpus |= {int(g) for g in topo.gpus_of_node(topo.node_pos[n])}
        at = max(incident.updated_at, incident.last_anomaly_at)
        return _Inc(
            incident_id=incident.incident_id,
            family=incident.family,
            scope=incident.scope,
            root=incident.root_entity,
            severity=incident.severity,
            opened_at=incident.opened_at,
            updated_at=incident.updated_at,
            last_anomaly_at=incident.last_anomaly_at,
            last_active_at=at,
            gpus=gpus,
            entities=list(incident.entities),
            context=list(incident.context_entities),
            nodes=nodes,
            jobs=set(incident.jobs),
            symptoms=list(incident.symptoms),
            readings={(s, incident.family) for s in incident.symptoms},
            anomaly_ids=list(incident.anomaly_ids),
            anomaly_count=incident.anomaly_count,
            suppressed=incident.suppressed_count,
            xids=set(incident.xids),
            messages=incident.summary.splitlines()[:12],
            phase=incident.phase,
            history=incident.history,
            provenance=incident.provenance,
            sources=list(incident.sources or (incident.provenance,)),
            adopted=True,
        )

    def snapshot(self) -> list[Incident]:
        return [inc.to_model(self.topo) for inc in self.tracked.values()]
