"""Incidents as the service knows them: from the event log and from the diagnosis threads of a
state directory.

Two places hold incidents, and a state directory may have either or both:

* the bus's durable event log (``gpufleet serve`` / ``watch --events-db``): every
  ``IncidentOpened`` / ``IncidentUpdated`` (the newest version wins) and ``DiagnosisReady``;
* the SRE state directory's threads (``gpufleet diagnose DIR --state-dir S``): each thread's
  checkpoint holds the incident version it diagnosed, its diagnosis and its outcome.

Each call reads the files afresh (short SQLite reads, opened and closed here, so it is safe from
any worker thread), and nothing here writes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from gpufleet.agents.sre.runner import stored_report
from gpufleet.agents.sre.runtime import Origin
from gpufleet.bus.events import Diagnosis, DiagnosisReady, Incident, IncidentOpened, IncidentUpdated
from gpufleet.bus.log import EventLog
from gpufleet.graph.checkpoint import open_checkpointer
from gpufleet.service.incidents import IncidentBook


@dataclass(frozen=True)
class IncidentState:
    incident: Incident  # the newest version known
    diagnosis: Diagnosis | None
    outcome: str | None  # the diagnosis thread's: awaiting_approval, done, escalated, ...


class IncidentSource(Protocol):
    def incidents(self) -> list[IncidentState]: ...


class StateIncidents:
    """Incidents of a state directory (its threads) and, when given, an event log."""

    def __init__(self, state_dir: Path, events_db: Path | None = None) -> None:
        self.state_dir = state_dir
        self.events_db = events_db

    def incidents(self) -> list[IncidentState]:
        found: dict[str, IncidentState] = {}
        for state in self._from_threads():
            found[state.incident.incident_id] = state
        for state in self._from_log():
            old = found.get(state.incident.incident_id)
            found[state.incident.incident_id] = IncidentState(
                state.incident,
                state.diagnosis or (old.diagnosis if old else None),
                old.outcome if old else None,
            )
        return sorted(
            found.values(), key=lambda s: (-s.incident.updated_at, s.incident.incident_id)
        )

    def get(self, incident_id: str) -> IncidentState | None:
        return next((s for s in self.incidents() if s.incident.incident_id == incident_id), None)

    def _thread_files(self) -> list[tuple[str, str]]:
        """(thread id, incident id) for each thread that names its incident, oldest first."""
        d = self.state_dir / "threads"
        if not d.is_dir():
            return []
        out = []
        for p in sorted(d.glob("*.json"), key=lambda p: (p.stat().st_mtime, p.name)):
            try:
                origin = Origin.model_validate(json.loads(p.read_text()))
            except (ValueError, OSError):
                continue  # a damaged origin file must not hide the others
            if origin.incident_id:
                out.append((p.stem, origin.incident_id))
        return out

    def _from_threads(self) -> list[IncidentState]:
        threads = self._thread_files()
        db = self.state_dir / "checkpoints.db"
        if not threads or not db.exists():
            return []
        saver = open_checkpointer(db)
        try:
            reports = [stored_report(saver, tid) for tid, _ in threads]
        finally:
            saver.conn.close()
        return [
            IncidentState(r.incident, r.diagnosis, r.outcome)
            for r in reports
            if r is not None and r.incident is not None
        ]

    def _from_log(self) -> list[IncidentState]:
        if self.events_db is None or not self.events_db.exists():
            return []
        latest: dict[str, Incident] = {}
        diagnoses: dict[str, Diagnosis] = {}
        log = EventLog(self.events_db, fsync=False)
        try:
            for _, ev in log.replay(topic="incident", on_error=lambda e: None):
                if isinstance(ev, IncidentOpened | IncidentUpdated):
                    latest[ev.incident.incident_id] = ev.incident
            for _, ev in log.replay(topic="diagnosis", on_error=lambda e: None):
                if isinstance(ev, DiagnosisReady):
                    diagnoses[ev.diagnosis.incident_id] = ev.diagnosis
        finally:
            log.close()
        return [IncidentState(inc, diagnoses.get(iid), None) for iid, inc in latest.items()]


class BookIncidents:
    """The service's incident read model as an incident source (MCP, the chat): no re-read of
    the log; a snapshot per call, because the tools read in worker threads."""

    def __init__(self, book: IncidentBook) -> None:
        self.book = book

    def incidents(self) -> list[IncidentState]:
        records = list(self.book.records.values())  # a snapshot: MCP tools run in threads
        states = [IncidentState(r.incident, r.diagnosis, None) for r in records]
        return sorted(states, key=lambda s: (-s.incident.updated_at, s.incident.incident_id))
