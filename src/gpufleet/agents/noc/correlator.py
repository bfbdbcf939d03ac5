"""Across racks: the NOC workers' incidents joined into one incident per root cause.

Each :class:`~agents.noc.worker.NocWorker` sees one rack, so a cause that spans racks reaches
the incident stream as one incident per rack. :class:`CrossRackCorrelator` folds that stream
and joins what :class:`~agents.noc.incidents.IncidentManager` would have joined had it seen the
whole fleet, with its rules:

* **restated**: an incident of the same family, scope and root as one still tracked is the
  same incident (``IncidentManager._open``'s rule), merged into the first under its id. That
  covers a job spanning racks (each rack's worker opens the job's incident: same family,
  ``job`` scope, the job id as root) and a worker killed and restarted without its state (it
  opens the incident of a fault it had already reported again, under a new id).
* **one cause across racks**: incidents on several racks that share the attribute that feeds
  them - the PDU (power), the cooling zone (thermal), or the driver version (the same paging
  Xid) - on at least ``FLEET_MIN_NODES`` nodes in two racks or more, within ``FLEET_WINDOW_S``,
  become one ``cluster`` incident rooted at that attribute (``pdu:…``, ``cooling:…``,
  ``driver:…``). For the driver, as in ``IncidentManager._fleet``: only when no tracked
  incident with that Xid sits on a node of another version. GPU- and chassis-level faults
  never join on PDU or cooling: a feed or a loop shows on whole nodes.

Joining emits what ``IncidentManager._absorb`` emits: the wider incident opened (or, when it
already stood, ``scope_widened``) with the members' evidence folded in, and each member
``merged`` (resolved, ``merged_from`` the wider one). Everything this module emits carries
``provenance`` :data:`CORRELATOR`, so its own output read back from the bus is ignored.

At least once, idempotent: an event id seen before is skipped, and every output is a function
of the input order alone (ids from :func:`~bus.events.stable_id`, times from the events), so a
correlator that restarts and folds the stream again emits the same event ids, which the bus
deduplicates. Pure: no clock, no I/O; the bus edge is :mod:`agents.noc.correlator_bus`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gpufleet.agents.noc.incidents import FLEET_MIN_NODES, FLEET_WINDOW_S, SXID_MIN
from gpufleet.bus.events import (
    Event,
    Family,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Phase,
    PhaseError,
    Scope,
    incident_opened,
    incident_updated,
    stable_id,
)
from gpufleet.bus.idempotent import MemorySeenStore
from gpufleet.telemetry.topology import Topology

CORRELATOR = "noc:correlator"
"""The provenance of every incident the correlator emits (trusted: it only joins the NOC's)."""

# Families whose rack- or node-wide incidents a shared feed explains, and the rack attribute
# that feeds them.
_INFRA: dict[Family, str] = {Family.POWER: "pdu", Family.THERMAL: "cooling"}
_WHOLE_NODES = frozenset({Scope.NODE, Scope.RACK})
_ANOMALY_IDS_KEPT = 200
# A worker says nothing while an incident stays active without news (and nothing when it stops
# tracking it), so the correlator keeps an incident this long after its last event: as long as
# the bus deduplicates re-published events. A recurrence after that is a new incident.
HOLD_S = 3600.0  # as Incident models carry them (IncidentManager's to_model)


@dataclass(frozen=True)
class JoinKey:
    """What several racks' incidents share: ``attribute`` (pdu, cooling, driver) = ``value``,
    for one family (and one Xid, for a driver)."""

    family: Family
    attribute: str
    value: str
    xid: int | None = None

    @property
    def root(self) -> str:
        return f"{self.attribute}:{self.value}"


@dataclass
class _Group:
    """A wider incident (a parent this module opened, or the first of restated incidents) and
    the latest version of each member folded into it."""

    base: Incident
    members: dict[str, Incident] = field(default_factory=dict)
    key: JoinKey | None = None  # None: restated incidents under the first one's id
    last: Incident | None = None  # as last emitted

    @property
    def incident_id(self) -> str:
        return self.base.incident_id


class CrossRackCorrelator:
    """The fold over the workers' incident events (see the module docstring)."""

    def __init__(
        self,
        topology: Topology,
        *,
        hold_s: float = HOLD_S,
        window_s: float = FLEET_WINDOW_S,
        min_nodes: int = FLEET_MIN_NODES,
        seen: MemorySeenStore | None = None,
    ) -> None:
        self.topo = topology
        self.hold_s, self.window_s, self.min_nodes = hold_s, window_s, min_nodes
        self._seen = seen if seen is not None else MemorySeenStore()
        self._live: dict[str, Incident] = {}  # worker incidents not resolved, latest version
        self._groups: dict[str, _Group] = {}
        self._group_of: dict[str, str] = {}  # member incident id -> group id
        self._rack_attr = {
            rack.name: {"pdu": rack.pdu, "cooling": rack.cooling_zone} for rack in topology.racks
        }
        self._driver = {node.hostname: node.driver_version for node in topology.nodes}

    # ----------------------------------------------------------------- the fold
    def observe(self, event: Event) -> list[Event]:
        """Fold one event in; returns the events to publish (none for a repeat)."""
        if self._seen.seen(event.event_id):
            return []
        out = self._observe(event)
        self._seen.add(event.event_id)
        return out

    def _observe(self, event: Event) -> list[Event]:
        if not isinstance(event, IncidentOpened | IncidentUpdated):
            return []
        inc = event.incident
        if inc.provenance == CORRELATOR:
            return []  # our own output, read back
        t = event.time
        out: list[Event] = []
        self._expire(t)
        if inc.phase is Phase.RESOLVED:
            self._drop(inc.incident_id)
            return out
        self._live[inc.incident_id] = inc
        gid = self._group_of.get(inc.incident_id)
        if gid is not None:
            group = self._groups[gid]
            group.members[inc.incident_id] = inc
            self._emit_group(t, group, out)
            return out
        self._join(t, inc, out)
        return out

    def incidents(self) -> list[Incident]:
        """The root-cause view now: groups as joined, and the workers' incidents no group holds."""
        groups = [g.last for g in self._groups.values() if g.last is not None]
        alone = [i for k, i in self._live.items() if k not in self._group_of]
        return sorted([*groups, *alone], key=lambda i: (i.opened_at, i.incident_id))

    # ----------------------------------------------------------------- joining
    def _join(self, t: float, inc: Incident, out: list[Event]) -> None:
        twin = self._restated(t, inc)
        if twin is not None:
            group = self._group_for(twin)
            self._add(t, group, [inc], out)
            return
        for key in self.join_keys(inc):
            parent = next((g for g in self._groups.values() if g.key == key), None)
            if parent is not None:
                self._add(t, parent, [inc], out)
                return
            members = self._members_of(t, key, inc)
            if members is not None:
                self._open_parent(t, key, members, out)
                return

    def _restated(self, t: float, inc: Incident) -> Incident | None:
        """A tracked incident with ``inc``'s family, scope and root (another id): the same one."""
        for other in [*self._live.values(), *(g.base for g in self._groups.values())]:
            if (
                other.incident_id != inc.incident_id
                and (other.family, other.scope, other.root_entity)
                == (inc.family, inc.scope, inc.root_entity)
                and t - other.updated_at <= self.hold_s
            ):
                return other
        return None

    def _group_for(self, inc: Incident) -> _Group:
        """The group ``inc`` stands for or belongs to, made (with ``inc`` as base) if none."""
        gid = self._group_of.get(inc.incident_id, inc.incident_id)
        group = self._groups.get(gid)
        if group is None:
            group = _Group(base=inc, members={inc.incident_id: inc}, last=inc)
            self._groups[gid] = group
            self._group_of[inc.incident_id] = gid
        return group

    def _members_of(self, t: float, key: JoinKey, new: Incident) -> list[Incident] | None:
        """The ungrouped incidents sharing ``key`` with ``new`` when they reach the fleet rule's
        size (``min_nodes`` nodes in two racks or more; two racks for a job); else None."""
        restated = [g.last for g in self._groups.values() if g.key is None and g.last is not None]
        alone = [i for k, i in self._live.items() if k not in self._group_of]
        recent = [
            i
            for i in [*alone, *restated]
            if t - i.updated_at <= self.window_s and i.incident_id != new.incident_id
        ]
        members = [i for i in recent if key in self.join_keys(i)] + [new]
        racks = {r for i in members for r in i.racks}
        nodes = {n for i in members for n in i.nodes}
        if len(racks) < 2 or len(nodes) < self.min_nodes:
            return None
        if key.attribute == "driver" and self._other_driver_has(key, recent):
            return None
        return members

    def _other_driver_has(self, key: JoinKey, recent: Iterable[Incident]) -> bool:
        """Whether Xid ``key.xid`` is tracked on a node running another driver (then the
        version is not the common cause)."""
        return any(
            key.xid in i.xids and self._driver.get(n, key.value) != key.value
            for i in recent
            for n in i.nodes
        )

    def join_keys(self, inc: Incident) -> list[JoinKey]:
        """The shared attributes ``inc`` could be joined on, most specific first."""
        keys: list[JoinKey] = []
        attribute = _INFRA.get(inc.family)
        if attribute is not None and inc.scope in _WHOLE_NODES:
            values = {self._rack_attr[r][attribute] for r in inc.racks if r in self._rack_attr}
            keys += [JoinKey(inc.family, attribute, v) for v in sorted(values)]
        drivers = {self._driver.get(n) for n in inc.nodes}
        if len(drivers) == 1 and None not in drivers and inc.scope is not Scope.JOB:
            version = str(drivers.pop())
            for code in sorted(x for x in inc.xids if x < SXID_MIN):
                keys.append(JoinKey(inc.family, "driver", version, xid=code))
        return keys

    def _open_parent(
        self, t: float, key: JoinKey, members: Sequence[Incident], out: list[Event]
    ) -> None:
        first = min(members, key=lambda i: (i.opened_at, i.incident_id))
        base = Incident(
            incident_id=stable_id("inc", key.family.value, "cluster", key.root, first.opened_at),
            title="",
            family=key.family,
            scope=Scope.CLUSTER,
            root_entity=key.root,
            severity=first.severity,
            opened_at=t,
            updated_at=t,
            last_anomaly_at=first.last_anomaly_at,
            entities=(),
            symptoms=(),
            anomaly_ids=(),
            anomaly_count=0,
            xids=(key.xid,) if key.xid is not None else (),
            provenance=CORRELATOR,
        )
        group = _Group(base=base, key=key)
        self._groups[base.incident_id] = group
        self._add(t, group, members, out, opened=True)

    def _add(
        self,
        t: float,
        group: _Group,
        members: Sequence[Incident],
        out: list[Event],
        *,
        opened: bool = False,
    ) -> None:
        """Fold ``members`` into ``group``: the group's event first, then each one ``merged``."""
        for inc in members:
            old = self._group_of.get(inc.incident_id)
            if old is not None and old != group.incident_id and old in self._groups:
                self._move(self._groups.pop(old), group)  # the members as the workers sent them
                continue
            group.members[inc.incident_id] = inc
            self._group_of[inc.incident_id] = group.incident_id
        if opened:
            group.last = self._fold(t, group)
            out.append(incident_opened(group.last))
        else:
            self._emit_group(t, group, out, widened=True)
        for inc in members:
            if inc.incident_id != group.incident_id:
                out.append(_merged(t, inc, group.incident_id))

    def _move(self, old: _Group, into: _Group) -> None:
        """A restated group joins a wider one: its members (and base) become the wider one's."""
        for k, member in old.members.items():
            into.members[k] = member
            self._group_of[k] = into.incident_id

    # ----------------------------------------------------------------- output
    def _emit_group(
        self, t: float, group: _Group, out: list[Event], *, widened: bool = False
    ) -> None:
        """The group's incident again when a member brought something new (as ``_attach``);
        ``widened``: a member joined, so it is ``scope_widened`` (as ``IncidentManager``'s
        merges): a new version the SRE agent diagnoses with the members' evidence."""
        now = self._fold(t, group)
        last = group.last
        if last is not None and now.severity > last.severity:
            group.last = now
            out.append(incident_updated(now, "escalated"))
        elif widened:
            group.last = now
            out.append(incident_updated(now, "scope_widened"))
        elif (
            last is None
            or set(now.entities) - set(last.entities)
            or set(now.symptoms) - set(last.symptoms)
        ):
            group.last = now
            out.append(incident_updated(now, "attached"))
        else:
            group.last = now.model_copy(update={"suppressed_count": last.suppressed_count + 1})

    def _fold(self, t: float, group: _Group) -> Incident:
        """The group's incident with its members' evidence folded in (``_absorb``'s sums)."""
        base = group.base
        parts = [base] if base.incident_id not in group.members else []
        parts += sorted(group.members.values(), key=lambda i: (i.opened_at, i.incident_id))
        own = group.key is not None  # a parent this module opened: its own time of opening
        entities = _union(i.entities for i in parts)
        symptoms = _union(i.symptoms for i in parts)
        root = base.root_entity
        return base.model_copy(
            update={
                "title": f"{base.family.value}: {', '.join(symptoms[:3])} on {root} "
                f"({base.scope.value}, {len(group.members)} incidents joined)",
                "severity": max(i.severity for i in parts),
                "opened_at": min(i.opened_at for i in parts) if not own else base.opened_at,
                "updated_at": t,
                "last_anomaly_at": max(i.last_anomaly_at for i in parts),
                "entities": entities,
                "context_entities": _union(i.context_entities for i in parts),
                "symptoms": symptoms,
                "anomaly_ids": _union(i.anomaly_ids for i in parts)[-_ANOMALY_IDS_KEPT:],
                "anomaly_count": sum(i.anomaly_count for i in parts),
                "suppressed_count": sum(i.suppressed_count for i in parts),
                "nodes": tuple(sorted({n for i in parts for n in i.nodes})),
                "racks": tuple(sorted({r for i in parts for r in i.racks})),
                "jobs": tuple(sorted({j for i in parts for j in i.jobs})),
                "xids": tuple(sorted({x for i in parts for x in i.xids})),
                "summary": "\n".join(_union([i.summary.splitlines() for i in parts])[:12]),
                "provenance": CORRELATOR,
            }
        )

    # ----------------------------------------------------------------- forgetting
    def _drop(self, incident_id: str) -> None:
        """A worker resolved (or merged away) its incident: its evidence now lives elsewhere."""
        self._live.pop(incident_id, None)
        gid = self._group_of.pop(incident_id, None)
        if gid is not None:
            self._groups[gid].members.pop(incident_id, None)

    def _expire(self, t: float) -> None:
        """Forget groups and incidents quiet for ``hold_s``: a later recurrence is new."""
        for gid, group in list(self._groups.items()):
            last = group.last or group.base
            if t - last.updated_at > self.hold_s:
                del self._groups[gid]
                for k in list(group.members):
                    self._group_of.pop(k, None)
                    self._live.pop(k, None)
        for k, inc in list(self._live.items()):
            if k not in self._group_of and t - inc.updated_at > self.hold_s:
                del self._live[k]


def _merged(t: float, inc: Incident, into: str) -> IncidentUpdated:
    try:
        model = inc.advance(Phase.RESOLVED, t, f"merged into {into}")
    except PhaseError:  # already moved on elsewhere: say it is merged, keep its phase
        model = inc
    return incident_updated(
        model.model_copy(update={"provenance": CORRELATOR}), "merged", merged_from=(into,)
    )


def _union(seqs: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """Every item once, first occurrence first."""
    return tuple(dict.fromkeys(x for seq in seqs for x in seq))
