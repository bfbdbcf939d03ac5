"""The :class:`~agents.chat.reads.ChatReads` adapter: incidents from an incident source
(a state directory's threads and event log, or the service's read model), approvals from the
approval store, cards from the knowledge base, fleet reads through the gate's
:meth:`~graph.approvals.gate.ApprovalGate.read` (audited; anything but a read is refused), and
proposals through :func:`agents.sre.proposals.propose` (stored for a person, never run).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from gpufleet.agents.chat.answer import ProposedAction
from gpufleet.agents.chat.reads import CardHit, IncidentFacts, ProposalRefusedError, WasteReport
from gpufleet.agents.sre import proposals
from gpufleet.graph.approvals.gate import ActionContext, ApprovalGate
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalStore
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.passages import best_passage
from gpufleet.knowledge.retrieve import Query, Retriever
from gpufleet.service.auth import Roles
from gpufleet.service.mcp.incidents import IncidentSource

WasteSource = Callable[[float, float], WasteReport | None]
NO_IDENTITY = "filing an approval request needs an API token with the approver or operator role"


_ACT = re.compile(r"\*\*Act[^*]*\*\*\s*(.+?)(?:\n\s*\n|\Z)", re.S)


def act_paragraph(body: str) -> str:
    """A card's **Act.** paragraph as one line (cards write what to do under that head)."""
    m = _ACT.search(body)
    return " ".join(m.group(1).split()) if m else ""


@dataclass
class StoreChatReads:
    """``gate``: fleet reads and proposals (None: no fleet, no proposals); ``requested_by``:
    who proposals are recorded as (the token's identity), None when the caller has none;
    ``refusal``: why this caller may not file approval requests (its role), None when it may.
    An anonymous caller, or one refused, proposes nothing: not even a description of a step
    that looks filed."""

    incident_source: IncidentSource
    store: ApprovalStore
    retriever: Callable[[], Retriever]
    gate: ApprovalGate | None = None
    waste_source: WasteSource | None = None
    requested_by: str | None = "chat"
    refusal: str | None = None
    clock: Callable[[], float] = time.time
    _cards: dict[tuple[str, tuple[int, ...]], list[CardHit]] = field(default_factory=dict)

    def as_caller(self, identity: str | None, roles: Roles, policy: Policy) -> StoreChatReads:
        """These reads for a caller: proposals recorded as its token's identity, or refused
        (anonymous, or without a role that may file requests)."""
        refusal = roles.request_refusal(identity, policy)
        return replace(self, requested_by=identity, refusal=refusal, _cards={})

    def incidents(self) -> list[IncidentFacts]:
        return [
            IncidentFacts(s.incident, s.diagnosis, s.outcome)
            for s in self.incident_source.incidents()
        ]

    def approvals(self, incident_id: str | None = None) -> list[ApprovalRecord]:
        return self.store.records(incident_id)

    def search_cards(self, text: str, xids: tuple[int, ...] = ()) -> list[CardHit]:
        key = (text, xids)
        if key not in self._cards:
            retriever = self.retriever()
            hits = retriever.search(Query(text=text[:2000], xids=xids), k=3)
            self._cards[key] = [
                CardHit(
                    card_id=h.card_id,
                    title=retriever.kb.cards[h.card_id].title,
                    score=h.score,
                    runbooks=tuple(r.id for r in retriever.kb.runbooks_for(h.card_id)),
                    passage=best_passage(retriever.kb.cards[h.card_id], text),
                )
                for h in hits
            ]
        return self._cards[key]

    def card_action(self, card_id: str) -> str:
        card = self.retriever().kb.cards.get(card_id)
        return act_paragraph(card.body) if card is not None else ""

    def fleet_read(self, tool: str, args: dict[str, Any]) -> ToolResult | None:
        if self.gate is None or tool not in self.gate.registry:
            return None
        return self.gate.read(
            ToolCall(tool=tool, args=args),
            now=self.clock(),
            context=ActionContext(incident_id=""),
            initiator=self.requested_by or "chat",
        )

    def waste(self, start: float, end: float) -> WasteReport | None:
        return self.waste_source(start, end) if self.waste_source is not None else None

    def propose(
        self, incident_id: str, tool: str, args: dict[str, Any], reason: str, now: float
    ) -> ProposedAction:
        no_incident = ProposalRefusedError(f"no incident {incident_id} to attach a proposal to")
        if self.gate is None:
            raise no_incident
        if self.requested_by is None or self.refusal is not None:
            raise ProposalRefusedError(self.refusal or NO_IDENTITY)
        facts = next((f for f in self.incidents() if f.incident.incident_id == incident_id), None)
        if facts is None:
            raise no_incident
        try:
            p = proposals.propose(
                self.gate,
                facts.incident,
                tool,
                args,
                requested_by=self.requested_by,
                reason=reason,
                now=now,
            )
        except proposals.ProposalRefusedError as e:
            raise ProposalRefusedError(str(e)) from None
        return ProposedAction(
            incident_id=incident_id,
            tool=tool,
            args=dict(p.request.args),
            reason=p.request.summary or reason,
            approval_id=p.request.approval_id,
            status=p.record.status,
            who_may_approve=p.who_may_approve,
            executed=p.record.consumed,
        )
