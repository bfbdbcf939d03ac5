"""The bus handler that keeps each incident's Slack message current.

Subscribe it with :func:`subscribe` (one subscription to every topic, for order; it folds the
``incident``, ``diagnosis`` and ``action`` events and skips the rest). Each event is
folded into the incident's card (:func:`service.slack.card.apply`); when the card changed, its
new rendering is queued (the outbox turns the first into ``chat.postMessage`` and every later
one into ``chat.update`` of the same message), and follow-ups are queued as thread replies. The
card, the queue and the event id are written in one transaction and the handler returns: no
network on this path, so Slack being slow or away never holds up the bus. A redelivered event
is recognised by its id and changes nothing.

Incidents below ``min_severity`` are kept (a later escalation posts them whole) but not posted.
"""

from __future__ import annotations

from collections.abc import Callable

from gpufleet.bus.events import ApprovalDecided, Event, Severity, stable_id
from gpufleet.bus.protocol import ALL_TOPICS, Bus, Subscription
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalStore
from gpufleet.service.slack.card import (
    FollowUp,
    IncidentCard,
    StepDecision,
    apply,
    decided,
    incident_of,
)
from gpufleet.service.slack.render import followup_text, incident_blocks, incident_text
from gpufleet.service.slack.state import Outgoing, SlackState

TOPICS = ("incident", "diagnosis", "action")  # what cards are made of
SUBSCRIBER = "slack"


class SlackNotifier:
    """``await notifier(event)`` for every bus event (a :data:`bus.protocol.Handler`).

    ``approvals``: read for the time of a decision made elsewhere (the agent's
    ``ApprovalDecided`` carries none). ``wake``: called after something was queued (the
    drainer's :meth:`~service.slack.outbox.OutboxDrainer.wake`)."""

    def __init__(
        self,
        state: SlackState,
        *,
        approvals: ApprovalStore | None = None,
        wake: Callable[[], None] = lambda: None,
        min_severity: Severity = Severity.WARNING,
    ) -> None:
        self.state = state
        self.approvals = approvals
        self.wake = wake
        self.min_severity = min_severity

    async def __call__(self, event: Event) -> None:
        self.handle(event)

    def handle(self, event: Event) -> None:
        incident_id = incident_of(event)
        if incident_id is None or self.state.seen(event.event_id):
            return
        decision = self._decision(event) if isinstance(event, ApprovalDecided) else None

        def fold(stored: IncidentCard | None) -> tuple[IncidentCard, list[Outgoing]]:
            card = stored or IncidentCard(incident_id=incident_id)
            if isinstance(event, ApprovalDecided) and decision is not None:
                new, followups = decided(card, event.approval_id, decision)
            else:
                new, followups = apply(card, event)
            return new, self._outgoing(card, new, followups, fresh=stored is None)

        # read, fold and write in one transaction: another replica may fold the same card
        if self.state.fold(incident_id, event.event_id, fold):
            self.wake()

    def record_decided(self, record: ApprovalRecord) -> None:
        """A decision recorded here (a Slack click): show it now, without waiting for the
        agent's ``ApprovalDecided`` (which then changes nothing: same event id)."""
        if record.decision is None or self.state.card(record.incident_id) is None:
            return
        d = record.decision
        decision = StepDecision(decision=d.decision, by=d.by, at=d.decided_at, reason=d.reason)

        def fold(stored: IncidentCard | None) -> tuple[IncidentCard, list[Outgoing]]:
            card = stored or IncidentCard(incident_id=record.incident_id)
            new, followups = decided(card, record.approval_id, decision)
            return new, self._outgoing(card, new, followups)

        event_id = stable_id("ev", "decided", record.approval_id)
        if self.state.fold(record.incident_id, event_id, fold):
            self.wake()

    def _decision(self, event: ApprovalDecided) -> StepDecision:
        at = None
        if self.approvals is not None:
            record = self.approvals.get(event.approval_id)
            at = record.decided_at if record is not None else None
        return StepDecision(decision=event.decision, by=event.by, at=at, reason=event.reason)

    def _outgoing(
        self,
        old: IncidentCard,
        new: IncidentCard,
        followups: tuple[FollowUp, ...],
        *,
        fresh: bool = False,
    ) -> list[Outgoing]:
        outgoing: list[Outgoing] = []
        if self._postable(new):
            if new != old or fresh:
                payload = {"text": incident_text(new), "blocks": incident_blocks(new)}
                outgoing.append(Outgoing("card", payload))
            outgoing.extend(Outgoing("reply", {"text": followup_text(f)}) for f in followups)
        return outgoing

    def _postable(self, card: IncidentCard) -> bool:
        return card.incident is None or card.incident.severity >= self.min_severity


def subscribe(bus: Bus, notifier: SlackNotifier, name: str = SUBSCRIBER) -> Subscription:
    """Subscribe ``notifier`` to every event in one subscription: the bus keeps order within a
    subscription only, and a card wants an incident's events in the order they happened (its
    ``TOPICS``; anomalies are skipped at once)."""
    return bus.subscribe(ALL_TOPICS, name, notifier)
