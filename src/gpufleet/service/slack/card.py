"""An incident's Slack card: everything its one message shows, folded from bus events.

:func:`apply` is pure: (card so far, event) → (new card, follow-ups for the thread). The card is
stored (``state``) after every event, so a restarted service re-renders the whole message, not
just the latest event. Follow-ups are what deserves a thread reply: a decision (who, when, why),
a step's outcome, and an outcome nobody can know (the process died mid-step) that needs
``gpufleet settle``. A decision seen twice (the Slack click, then the agent's own
``ApprovalDecided``) gives one follow-up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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
    PlannedStep,
)

UNKNOWN_OUTCOME_TEXT = "outcome is unknown"  # ledger.StepClaim.describe() says this


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class StepDecision(_Model):
    decision: Literal["approved", "rejected"]
    by: str
    at: float | None = None  # None when only the agent's event told us (it carries no time)
    reason: str = ""


class StepOutcome(_Model):
    status: str
    dry_run: bool
    error: str | None = None
    query: str = ""
    initiator: str = ""

    @property
    def unknown(self) -> bool:
        return self.status == "error" and UNKNOWN_OUTCOME_TEXT in (self.error or "")


class StepView(_Model):
    """One runbook step as the message shows it."""

    step: PlannedStep
    approval_id: str | None = None  # set once the agent proposed it
    decision: StepDecision | None = None
    outcome: StepOutcome | None = None

    @property
    def awaiting_person(self) -> bool:
        return (
            self.approval_id is not None
            and self.step.needs_approval
            and self.decision is None
            and self.outcome is None
        )


class IncidentCard(_Model):
    incident_id: str
    incident: Incident | None = None  # None until the incident event itself arrives
    diagnosis: Diagnosis | None = None
    steps: tuple[StepView, ...] = Field(default_factory=tuple)


@dataclass(frozen=True)
class FollowUp:
    kind: Literal["decided", "outcome", "unknown_outcome"]
    step: StepView


def incident_of(event: Event) -> str | None:
    """The incident an event belongs to (None: not a card event, e.g. an anomaly)."""
    if isinstance(event, IncidentOpened | IncidentUpdated):
        return event.incident.incident_id
    if isinstance(event, DiagnosisReady):
        return event.diagnosis.incident_id
    if isinstance(event, ActionProposed | ApprovalDecided | ActionResult):
        return event.incident_id
    return None


def apply(card: IncidentCard, event: Event) -> tuple[IncidentCard, tuple[FollowUp, ...]]:
    if isinstance(event, IncidentOpened | IncidentUpdated):
        return card.model_copy(update={"incident": event.incident}), ()
    if isinstance(event, DiagnosisReady):
        return _diagnosed(card, event.diagnosis), ()
    if isinstance(event, ActionProposed):
        return _proposed(card, event), ()
    if isinstance(event, ApprovalDecided):
        decision = StepDecision(decision=event.decision, by=event.by, reason=event.reason)
        return decided(card, event.approval_id, decision)
    if isinstance(event, ActionResult):
        return _result(card, event)
    return card, ()


def _diagnosed(card: IncidentCard, dx: Diagnosis) -> IncidentCard:
    if card.diagnosis is not None and card.diagnosis.diagnosis_id == dx.diagnosis_id:
        return card
    # a proposal, decision or result already seen for one of these steps is kept (events of
    # one incident may arrive out of order across topics); anything else was another plan's
    steps = []
    for s in dx.plan:
        seen = next((v for v in card.steps if _same_step(v.step, s)), None)
        steps.append(seen.model_copy(update={"step": s}) if seen else StepView(step=s))
    return card.model_copy(update={"diagnosis": dx, "steps": tuple(steps)})


def _same_step(a: PlannedStep, b: PlannedStep) -> bool:
    return (a.index, a.tool, a.args) == (b.index, b.tool, b.args)


def _proposed(card: IncidentCard, ev: ActionProposed) -> IncidentCard:
    steps = list(card.steps)
    at = _find(steps, lambda v: v.approval_id == ev.approval_id)
    if at is None:
        at = _find(steps, lambda v: v.step.index == ev.step.index and v.approval_id is None)
    if at is None:
        steps.append(StepView(step=ev.step, approval_id=ev.approval_id))
    else:
        steps[at] = steps[at].model_copy(update={"step": ev.step, "approval_id": ev.approval_id})
    return card.model_copy(update={"steps": tuple(steps)})


def decided(
    card: IncidentCard, approval_id: str, decision: StepDecision
) -> tuple[IncidentCard, tuple[FollowUp, ...]]:
    """Record a decision on the step proposed as ``approval_id`` (first decision wins: a
    decision is final, and its time is kept from whoever knew it)."""
    steps = list(card.steps)
    at = _find(steps, lambda v: v.approval_id == approval_id)
    if at is None:
        return card, ()
    current = steps[at].decision
    if current is not None:
        if current.at is None and decision.at is not None:
            steps[at] = steps[at].model_copy(update={"decision": decision})
            return card.model_copy(update={"steps": tuple(steps)}), ()
        return card, ()
    steps[at] = steps[at].model_copy(update={"decision": decision})
    return card.model_copy(update={"steps": tuple(steps)}), (FollowUp("decided", steps[at]),)


def _result(card: IncidentCard, ev: ActionResult) -> tuple[IncidentCard, tuple[FollowUp, ...]]:
    steps = list(card.steps)
    at = None
    if ev.approval_id is not None:
        at = _find(steps, lambda v: v.approval_id == ev.approval_id)
    if at is None:
        at = _find(
            steps, lambda v: v.step.tool == ev.tool and v.step.args == ev.args and not v.outcome
        )
    if at is None:
        return card, ()
    outcome = StepOutcome(
        status=ev.status, dry_run=ev.dry_run, error=ev.error, query=ev.query, initiator=ev.initiator
    )
    if steps[at].outcome == outcome:
        return card, ()
    steps[at] = steps[at].model_copy(update={"outcome": outcome})
    new = card.model_copy(update={"steps": tuple(steps)})
    if ev.risk == "read":
        return new, ()  # reads are in the card; the thread is for what changes the fleet
    kind: Literal["outcome", "unknown_outcome"] = (
        "unknown_outcome" if outcome.unknown else "outcome"
    )
    return new, (FollowUp(kind, steps[at]),)


def _find(steps: list[StepView], match: Callable[[StepView], bool]) -> int | None:
    return next((i for i, v in enumerate(steps) if match(v)), None)
