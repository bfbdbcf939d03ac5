"""The incidents the API shows, folded from the event log (a read model of the bus).

:class:`IncidentBook` is a bus handler on every topic. The service subscribes it from the start
of the log (its offset is reset on each start), so after a restart it holds every incident the
log knows, then follows live events. Folding is idempotent on ``event_id``.

Two writers describe one incident (as in ``gpufleet watch``'s board): the NOC (or the
Alertmanager intake) owns its content, the SRE agent its phase; the book keeps the latest
content with the latest phase. Each incident also gets its latest diagnosis, its actions
(proposed, decided, results) and a timeline of everything that happened to it.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from gpufleet.bus.events import (
    ActionProposed,
    ActionResult,
    ApprovalDecided,
    Diagnosis,
    DiagnosisReady,
    Event,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    RecommendationIssued,
)

MAX_TIMELINE = 500  # entries kept per incident (the oldest dropped first)
MAX_SEEN = 200_000
MAX_RECOMMENDATIONS = 1_000  # the latest version of each, newest kept


class TimelineEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    time: float
    kind: Literal[
        "incident_opened",
        "incident_updated",
        "diagnosis_ready",
        "action_proposed",
        "approval_decided",
        "action_result",
    ]
    summary: str
    event_id: str


@dataclass
class IncidentRecord:
    incident: Incident  # latest content with the latest phase
    content: Incident
    phased: Incident | None = None
    diagnosis: Diagnosis | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)
    timeline: list[TimelineEntry] = field(default_factory=list)

    def add(self, entry: TimelineEntry) -> None:
        self.timeline.append(entry)
        if len(self.timeline) > MAX_TIMELINE:
            del self.timeline[0]


class IncidentBook:
    """Incident id → :class:`IncidentRecord`, in the order incidents were first seen."""

    def __init__(self) -> None:
        self.records: OrderedDict[str, IncidentRecord] = OrderedDict()
        self._seen: set[str] = set()
        self._early: dict[str, list[Event]] = {}  # events about an incident not yet seen
        # the Performance agent's recommendations (not about one incident), latest per id
        self.recommendations: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def __call__(self, event: Event) -> None:
        self.fold(event)

    def fold(self, event: Event) -> None:
        if event.event_id in self._seen:
            return
        if len(self._seen) < MAX_SEEN:
            self._seen.add(event.event_id)
        if isinstance(event, RecommendationIssued):
            rec = event.recommendation
            self.recommendations.pop(rec.recommendation_id, None)
            self.recommendations[rec.recommendation_id] = rec.model_dump(mode="json")
            while len(self.recommendations) > MAX_RECOMMENDATIONS:
                self.recommendations.popitem(last=False)
        elif isinstance(event, IncidentOpened | IncidentUpdated):
            self._incident(event)
            for early in self._early.pop(event.incident.incident_id, []):
                self._about(early)
        else:
            self._about(event)

    def _incident(self, event: IncidentOpened | IncidentUpdated) -> None:
        inc = event.incident
        rec = self.records.get(inc.incident_id)
        phase_change = isinstance(event, IncidentUpdated) and event.change == "phase"
        if rec is None:
            rec = IncidentRecord(incident=inc, content=inc)
            self.records[inc.incident_id] = rec
        if phase_change:
            rec.phased = inc
        else:
            rec.content = inc
        merged = rec.content
        if rec.phased is not None:
            merged = merged.model_copy(
                update={"phase": rec.phased.phase, "history": rec.phased.history}
            )
        rec.incident = merged
        if isinstance(event, IncidentOpened):
            rec.add(
                TimelineEntry(
                    time=event.time,
                    kind="incident_opened",
                    summary=inc.title,
                    event_id=event.event_id,
                )
            )
        else:
            what = f"phase → {inc.phase.value}" if phase_change else event.change
            last = inc.history[-1].reason if phase_change and inc.history else ""
            rec.add(
                TimelineEntry(
                    time=event.time,
                    kind="incident_updated",
                    summary=f"{what}{': ' + last if last else ''}",
                    event_id=event.event_id,
                )
            )

    def _about(self, event: Event) -> None:
        incident_id = _incident_of(event)
        if incident_id is None:
            return
        rec = self.records.get(incident_id)
        if rec is None:  # the diagnosis reached the book before the incident (other topic)
            self._early.setdefault(incident_id, []).append(event)
            return
        if isinstance(event, DiagnosisReady):
            rec.diagnosis = event.diagnosis
            top = event.diagnosis.top
            summary = f"diagnosis: {top.card_id if top else 'no hypothesis'}"
            if event.diagnosis.runbook_id:
                summary += f" → runbook {event.diagnosis.runbook_id}"
            rec.add(
                TimelineEntry(
                    time=event.time,
                    kind="diagnosis_ready",
                    summary=summary,
                    event_id=event.event_id,
                )
            )
            return
        rec.actions.append(event.model_dump(mode="json"))
        rec.add(
            TimelineEntry(
                time=event.time,
                kind=event.kind,
                summary=_action_text(event),
                event_id=event.event_id,
            )
        )

    # ------------------------------------------------------------------ queries
    def get(self, incident_id: str) -> IncidentRecord | None:
        return self.records.get(incident_id)

    def select(
        self, *, phase: str | None = None, node: str | None = None, severity: int | None = None
    ) -> list[Incident]:
        out = []
        for rec in self.records.values():
            inc = rec.incident
            if phase is not None and inc.phase.value != phase:
                continue
            if severity is not None and int(inc.severity) != severity:
                continue
            if node is not None and not _touches(inc, node):
                continue
            out.append(inc)
        return out

    def by_phase(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for rec in self.records.values():
            counts[rec.incident.phase.value] = counts.get(rec.incident.phase.value, 0) + 1
        return counts


def _touches(inc: Incident, node: str) -> bool:
    return (
        node in inc.nodes
        or inc.root_entity == node
        or inc.root_entity.startswith(f"{node}/")
        or any(e == node or e.startswith(f"{node}/") for e in inc.entities)
    )


def _incident_of(event: Event) -> str | None:
    if isinstance(event, DiagnosisReady):
        return event.diagnosis.incident_id
    if isinstance(event, ActionProposed | ApprovalDecided | ActionResult):
        return event.incident_id
    return None


def _action_text(event: Event) -> str:
    if isinstance(event, ActionProposed):
        return f"proposed {event.step.tool} ({event.step.risk}); approval {event.approval_id}"
    if isinstance(event, ApprovalDecided):
        return f"{event.decision} by {event.by}: {event.reason}"
    if isinstance(event, ActionResult):
        how = " (dry-run)" if event.dry_run else ""
        return f"{event.tool} → {event.status}{how} by {event.initiator}"
    return event.kind
