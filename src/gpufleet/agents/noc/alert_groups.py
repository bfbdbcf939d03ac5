"""One notification's alerts as a few incidents, and one event per incident per batch.

Alertmanager groups alerts into one webhook notification; a storm (a rack losing cooling, a
driver push gone wrong, or a hostile sender) can put 10,000 alerts into one. Opening an incident
for each would hand the SRE agent 10,000 diagnoses, and publishing an event for each alert that
joins one would copy the incident 10,000 times. So, for one notification:

* :class:`Grouping` is its plan, made once over the whole payload before any alert is handled:
  each firing alert gets a **group** from what it is about and its family — the node of a GPU
  or node alert, the rack, else the alert's name for labels that name nothing in the topology
  (an unknown host). At most :data:`MAX_GROUPS` groups keep their own key; any further group
  joins its family's overflow group, so no notification opens more than ``MAX_GROUPS`` plus one
  per family incidents. A group's severity is its worst alert's, known before the first alert
  is handled, so the incident opens at that severity (no escalation — and re-diagnosis — half
  way through one notification). As the intake handles the alerts (possibly in several slices)
  it records which incident each group opened or joined: the rest of the group attaches to it;
* :func:`coalesce` turns one batch's events into one per incident: the ``IncidentOpened`` with
  the incident as the batch left it, or the last update (``escalated`` if any was), and a phase
  change last. The event ids stay those of the per-alert events, so a redelivered batch gives
  the same ids.

Pure: no clock, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, Severity

MAX_GROUPS = 8  # groups of one notification that keep their own key (then: per family)
MAX_ENTITIES = 64  # entities / nodes / racks an incident lists; the count says how many alerts

GroupKey = tuple[str, str, str]  # (family, "node" | "rack" | "alert" | "overflow", name)


@dataclass
class Grouping:
    """The groups of one notification (see the module docstring)."""

    keys: list[GroupKey | None]  # per alert of the payload; None for a resolved alert
    severity: dict[GroupKey, Severity]
    incident: dict[GroupKey, str] = field(default_factory=dict)

    @classmethod
    def of(cls, alerts: Iterable[tuple[GroupKey, Severity] | None]) -> Grouping:
        """``alerts``: per alert of the payload its own group and severity (None: resolved)."""
        kept: set[GroupKey] = set()
        keys: list[GroupKey | None] = []
        severity: dict[GroupKey, Severity] = {}
        for item in alerts:
            if item is None:
                keys.append(None)
                continue
            key, sev = item
            if key not in kept and len(kept) >= MAX_GROUPS:
                key = (key[0], "overflow", "")
            else:
                kept.add(key)
            keys.append(key)
            severity[key] = max(severity.get(key, Severity.INFO), sev)
        return cls(keys, severity)

    @property
    def groups(self) -> int:
        return len(self.severity)


def coalesce(events: Sequence[Event]) -> list[Event]:
    """One batch's incident events, one per incident (plus its phase change), in the order
    each incident first appeared."""
    by_incident: dict[str, list[IncidentOpened | IncidentUpdated]] = {}
    other: list[Event] = []
    for e in events:
        if isinstance(e, IncidentOpened | IncidentUpdated):
            by_incident.setdefault(e.incident.incident_id, []).append(e)
        else:
            other.append(e)
    out: list[Event] = []
    for evs in by_incident.values():
        out += evs if len(evs) == 1 else _one(evs)
    return out + other


def _one(evs: list[IncidentOpened | IncidentUpdated]) -> list[Event]:
    phase = [e for e in evs if isinstance(e, IncidentUpdated) and e.change == "phase"]
    body = [e for e in evs if e not in phase]
    out: list[Event] = []
    if body:
        last = body[-1]
        first = body[0]
        t = max(e.time for e in body)
        if isinstance(first, IncidentOpened):
            out.append(first.model_copy(update={"incident": last.incident}))
        else:
            escalated = next(
                (e for e in body if isinstance(e, IncidentUpdated) and e.change == "escalated"),
                None,
            )
            keep = escalated if escalated is not None else last
            out.append(keep.model_copy(update={"incident": last.incident, "time": t}))
    if phase:
        out.append(phase[-1])
    return out


def bounded_union(old: tuple[str, ...], new: Iterable[str | None]) -> tuple[str, ...]:
    """``old`` plus the new names not in it, at most :data:`MAX_ENTITIES` in all."""
    out = list(old)
    for name in new:
        if len(out) >= MAX_ENTITIES:
            break
        if name is not None and name not in out:
            out.append(name)
    return tuple(out)
