"""Incidents already known: rebuilt from the event log at start, heard from other sources live.

A fault is one incident whichever source reports it and however often gpufleet restarts
(DESIGN.md decision 8). Two inputs make that true for the NOC's incident manager:

* :func:`open_incidents` folds an event stream (the durable event log, read at start) into
  the incidents still open: the latest content of each, with the latest phase the SRE agent
  gave it; merged and resolved ones are left out. The NOC adopts them
  (:meth:`~agents.noc.incidents.IncidentManager.adopt`), so a restart mid-incident joins the
  incident it had instead of opening a second one (and the diagnosis and approval that hang
  on it stay the only ones);
* :class:`ForeignIncidents` is a bus handler on the ``incident`` topic: an incident another
  source opened (an Alertmanager alert before the NOC saw the fault, a job's report) is adopted
  the same way, so the NOC's anomalies on that GPU or node join it; one that source closed is
  forgotten.

Pure apart from the manager it feeds; no clock.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated, Phase

NOC_PROVENANCE = "noc"
# An incident nobody touched for this long before the newest event of the log is history, not
# state (the NOC dropped it after its cooldown; it was just never formally resolved), unless a
# person still has a step of it to decide or its plan is running.
QUIET_S = 6 * 3600.0
_IN_FLIGHT = frozenset(
    {Phase.DIAGNOSING, Phase.AWAITING_APPROVAL, Phase.REMEDIATING, Phase.VERIFYING}
)


def open_incidents(events: Iterable[Event], *, quiet_s: float | None = None) -> list[Incident]:
    """The incidents still open after ``events``, oldest first: each one's latest content
    with its latest phase (the NOC owns the content, the SRE agent and the source that
    opened it the phase). Merged and resolved incidents are left out; with ``quiet_s``, so
    are the ones not updated in the ``quiet_s`` before the newest event, unless their work is
    in flight (diagnosing, awaiting approval, remediating, verifying)."""
    latest: dict[str, Incident] = {}
    phase: dict[str, Incident] = {}
    closed: set[str] = set()
    newest = float("-inf")
    for ev in events:
        newest = max(newest, ev.time)
        if not isinstance(ev, IncidentOpened | IncidentUpdated):
            continue
        inc = ev.incident
        latest[inc.incident_id] = inc
        if isinstance(ev, IncidentUpdated) and ev.change == "merged":
            closed.add(inc.incident_id)
        elif isinstance(ev, IncidentUpdated) and ev.change == "phase":
            phase[inc.incident_id] = inc
    out = []
    for key, content in latest.items():
        phased = phase.get(key)
        inc = content
        if phased is not None and len(phased.history) >= len(content.history):
            inc = content.model_copy(update={"phase": phased.phase, "history": phased.history})
        quiet = quiet_s is not None and inc.updated_at < newest - quiet_s
        gone = key in closed or inc.phase is Phase.RESOLVED
        if not gone and (not quiet or inc.phase in _IN_FLIGHT):
            out.append(inc)
    return sorted(out, key=lambda i: (i.opened_at, i.incident_id))


class Adopter(Protocol):
    def adopt(self, incidents: Iterable[Incident]) -> list[str]: ...

    def forget(self, incident_id: str) -> None: ...


class ForeignIncidents:
    """Bus handler: incidents opened by another source are adopted by ``manager`` (the NOC's
    incident manager, on the NOC's event loop); closed ones are forgotten."""

    def __init__(self, manager: Adopter) -> None:
        self.manager = manager
        self.adopted = 0

    async def __call__(self, event: Event) -> None:
        self.observe(event)

    def observe(self, event: Event) -> None:
        if not isinstance(event, IncidentOpened | IncidentUpdated):
            return
        inc = event.incident
        merged = isinstance(event, IncidentUpdated) and event.change == "merged"
        if merged or inc.phase is Phase.RESOLVED:
            if inc.provenance != NOC_PROVENANCE:
                self.manager.forget(inc.incident_id)
            return
        if isinstance(event, IncidentOpened) and inc.provenance != NOC_PROVENANCE:
            self.adopted += len(self.manager.adopt([inc]))


__all__ = ["NOC_PROVENANCE", "QUIET_S", "ForeignIncidents", "open_incidents"]
