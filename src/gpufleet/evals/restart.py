"""A recorded incident replayed as ``gpufleet serve`` runs it, with a process restart in the
middle (``gpufleet eval --restart-at``).

The normal eval diagnoses each final NOC incident once. A real service instead diagnoses every
incident as it opens, asks for approvals while the fault goes on, hears of the same fault from
Alertmanager, and is restarted with faults in progress. This replay runs those parts, wired as
``serve`` wires them, over the incident's ticks:

* one *process* is an event log (SQLite, in the state folder), the in-process bus on it, a NOC
  detector, the Alertmanager intake core and the SRE agent (:class:`~agents.sre.service.
  SreService`) with its approval store and checkpoints in the same state folder;
* the process rebuilds what it knew from that state when it starts (the log's open incidents
  are adopted by the detector, :mod:`agents.noc.known`; the agent's subscription resumes at its
  offset; the approval store is the one on disk);
* at ``restart_at`` (data time) the process is torn down and a new one started on the same
  state; the metrics store (the replay fleet's history) and the Alertmanager intake's memory
  (rebuilt from its journal in ``serve``) outlive it, as they do for a real restart.

What it measures: **second incidents** (an incident opened after the restart on an entity and
family an incident open at the restart already covered: a fault known before, opened again)
and **duplicate approval requests** (a request that asks a person for a step, the same tool
with the same arguments, while another request for it is still pending). Both should be zero.

Data time throughout; nothing reads the clock.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.alert_memory import InMemoryIntakeMemory, IntakeMemory
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.known import QUIET_S, ForeignIncidents, open_incidents
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runtime import Shared, SreRuntime, build_runtime, replay_tools
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import ActionProposed, Event, Incident, IncidentOpened
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.evals.alert_incidents import webhook_payload
from gpufleet.evals.recorded import LoadedIncident
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalStore, step_digest
from gpufleet.telemetry.frame import Tick

Alert = tuple[float, dict[str, Any]]  # (data time it reaches gpufleet, webhook payload)


@dataclass
class LiveRun:
    """What one live replay did."""

    opened: list[Incident]  # every incident opened, in order (first versions)
    second_incidents: list[str]  # opened after the restart for a fault already known
    requests: list[ApprovalRecord]  # every approval request, as stored at the end
    duplicate_requests: list[str]  # asked while the same step was already pending
    restarted_at: float | None
    known_at_restart: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def attached(self) -> int:
        return sum(1 for r in self.requests if r.attached_to is not None)

    @property
    def withdrawn(self) -> int:
        return sum(1 for r in self.requests if r.withdrawn)


@dataclass(frozen=True)
class RestartRow:
    """One incident's restart replay, as the eval report shows it."""

    restart_after_onset_s: float
    incidents: int  # incidents opened in all (both processes)
    second_incidents: int
    requests: int  # approval requests put to a person or attached
    duplicate_requests: int
    attached: int
    wall_s: float


def restart_row(incident: LoadedIncident, shared: Shared, after_onset_s: float) -> RestartRow:
    """Replay ``incident`` with a restart ``after_onset_s`` past its fault's onset, on a fresh
    state folder, and count (see :func:`replay_live`)."""
    t0 = time.perf_counter()  # measurement at the edge only
    with tempfile.TemporaryDirectory(prefix="gpufleet-restart-") as tmp:
        run = replay_live(
            incident,
            Path(tmp),
            shared=shared.withholding(incident.own_precedents()),
            restart_at=default_restart(incident, after_onset_s),
            alerts=suite_alerts(incident),
        )
    return RestartRow(
        restart_after_onset_s=after_onset_s,
        incidents=len(run.opened),
        second_incidents=len(run.second_incidents),
        requests=len(run.requests),
        duplicate_requests=len(run.duplicate_requests),
        attached=run.attached,
        wall_s=time.perf_counter() - t0,
    )


class _Process:
    """One ``gpufleet serve`` process's agents on ``state`` (see the module docstring)."""

    def __init__(
        self,
        incident: LoadedIncident,
        fleet: ReplayFleet,
        state: Path,
        shared: Shared,
        memory: IntakeMemory,
    ) -> None:
        self.fleet = fleet
        self.log = EventLog(state / "events.db", fsync=False)
        self.bus = InProcessBus(self.log)
        self.detector = Detector(incident.topology)
        events = (e for _, e in self.log.replay(topic="incident"))
        self.detector.adopt(open_incidents(events, quiet_s=QUIET_S))
        self.intake = AlertIntake(incident.topology, self.detector.open_incidents, memory)
        cfg = SreConfig(state_dir=state)
        self.runtime: SreRuntime = build_runtime(
            cfg, fleet, replay_tools(cfg, fleet), shared=shared, state_dir=state
        )
        # the replay's edge clock is the fleet's data time, as the wall clock is live: an alert
        # that started before the first sample is diagnosed on the data there is, not before it
        self.agent = SreService(self.runtime, self.bus, clock=lambda: fleet.now)
        self.seen: list[Event] = []

    async def start(self) -> None:
        self.bus.subscribe("incident", "noc-foreign-incidents", ForeignIncidents(self.detector))

        async def record(event: Event) -> None:
            self.seen.append(event)
            if not isinstance(event, IncidentOpened) or event.incident.provenance != "noc":
                self.fleet.observe_event(event)  # the NOC's own events are observed below

        self.bus.subscribe("*", "eval-recorder", record)
        await self.agent.start()
        await self.bus.start()

    async def tick(self, tick: Tick) -> None:
        self.fleet.observe(tick)
        for event in self.detector.process(tick):
            if isinstance(event, IncidentOpened):
                self.fleet.observe_event(event)
            await self.bus.publish(event)
        await self.agent.drain()

    async def alert(self, payload: dict[str, Any]) -> None:
        for event in self.intake.handle(
            payload, authenticated=True, noc=self.detector.open_incidents()
        ):
            await self.bus.publish(event)
        await self.agent.drain()

    async def stop(self) -> None:
        await self.agent.drain()
        await self.agent.close()
        await self.bus.close()
        self.runtime.close()
        self.log.close()


def suite_alerts(incident: LoadedIncident) -> list[Alert]:
    """The incident's Alertmanager alerts as webhook notifications, at their start times."""
    return [(a.starts_at, webhook_payload(a, i)) for i, a in enumerate(incident.spec.alerts)]


def default_restart(incident: LoadedIncident, after_onset_s: float) -> float:
    """``after_onset_s`` past the first real fault's onset (the middle of the window when
    there is none)."""
    onsets = [f.onset for f in incident.spec.truth.faults if not f.benign]
    tr = incident.spec.time_range
    return min(onsets) + after_onset_s if onsets else (tr.start + tr.end) / 2


def replay_live(
    incident: LoadedIncident,
    state: Path,
    *,
    shared: Shared,
    restart_at: float | None = None,
    alerts: Sequence[Alert] = (),
) -> LiveRun:
    """Replay ``incident`` through the live pipeline on ``state`` (an empty folder), restarting
    the process at data time ``restart_at`` (None: never)."""
    return asyncio.run(_replay(incident, state, shared, restart_at, sorted(alerts, key=_at)))


def _at(alert: Alert) -> float:
    return alert[0]


async def _replay(
    incident: LoadedIncident,
    state: Path,
    shared: Shared,
    restart_at: float | None,
    alerts: list[Alert],
) -> LiveRun:
    state.mkdir(parents=True, exist_ok=True)
    fleet = incident.replay_fleet()
    memory = InMemoryIntakeMemory()
    proc = _Process(incident, fleet, state, shared, memory)
    await proc.start()
    before: list[Event] = []
    restarted = None
    try:
        for tick in incident.iter_ticks():
            if restart_at is not None and restarted is None and tick.timestamp > restart_at:
                await proc.stop()
                before = proc.seen
                restarted = restart_at
                proc = _Process(incident, fleet, state, shared, memory)
                await proc.start()
            while alerts and alerts[0][0] <= tick.timestamp:
                await proc.alert(alerts.pop(0)[1])
            await proc.tick(tick)
    finally:
        await proc.stop()
    after = proc.seen if restarted is not None else []
    events = before + after if restarted is not None else proc.seen
    with ApprovalStore(state / "approvals.db") as store:
        requests = store.records()
    known = open_incidents(before) if restarted is not None else []
    return LiveRun(
        opened=[e.incident for e in events if isinstance(e, IncidentOpened)],
        second_incidents=_second(known, after),
        requests=requests,
        duplicate_requests=duplicates(events, requests),
        restarted_at=restarted,
        known_at_restart=[i.incident_id for i in known],
        events=events,
    )


def _covered(incident: Incident) -> set[str]:
    return {incident.root_entity, *incident.entities, *incident.context_entities}


def _second(known: list[Incident], after: list[Event]) -> list[str]:
    """Incidents opened after the restart on an entity and family already known at it."""
    out = []
    for ev in after:
        if not isinstance(ev, IncidentOpened):
            continue
        inc = ev.incident
        if any(k.family == inc.family and _covered(k) & _covered(inc) for k in known):
            out.append(inc.incident_id)
    return out


def duplicates(events: Sequence[Event], requests: Sequence[ApprovalRecord]) -> list[str]:
    """Requests put to a person (``ActionProposed``) for a step, the same action on the same
    target (:func:`~graph.approvals.store.step_digest`), while an earlier one for it was still
    waiting for a decision. A request stored attached to the first is not put to anyone and
    is not counted."""
    records = {r.approval_id: r for r in requests}
    asked: list[tuple[str, str, float]] = []  # (step key, approval id, asked at)
    out = []
    for ev in events:
        if not isinstance(ev, ActionProposed) or ev.approval_id not in records:
            continue
        rec = records[ev.approval_id]
        key = step_digest(ev.step.tool, ev.step.args)
        at = rec.request.created_at
        for k, aid, _ in asked:
            first = records[aid]
            waiting = first.decided_at is None or first.decided_at > at
            if k == key and aid != ev.approval_id and waiting:
                out.append(ev.approval_id)
                break
        asked.append((key, ev.approval_id, at))
    return out


__all__ = [
    "Alert",
    "LiveRun",
    "RestartRow",
    "default_restart",
    "duplicates",
    "replay_live",
    "restart_row",
    "suite_alerts",
]
