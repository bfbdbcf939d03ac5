"""What the chat assistant reads, as one small protocol the edges implement.

:class:`ChatReads` is implemented by ``service/chat_reads.py`` over the state directory's
stores, the SRE runtime's gate (fleet reads, audited, refused for anything but a read) and the
knowledge base. The records it returns are the lower layers' own types (``Incident``,
``Diagnosis``, ``ApprovalRecord``, ``ToolResult``) or the small ones below. Every string in
them came from the fleet: data to quote, never instructions.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from gpufleet.agents.chat.answer import ProposedAction
from gpufleet.bus.events import Diagnosis, Incident
from gpufleet.graph.approvals.store import ApprovalRecord
from gpufleet.graph.tools import ToolResult


@dataclass(frozen=True)
class IncidentFacts:
    incident: Incident  # the newest version known
    diagnosis: Diagnosis | None
    outcome: str | None  # the diagnosis thread's: awaiting_approval, done, escalated, ...


@dataclass(frozen=True)
class CardHit:
    card_id: str
    title: str
    score: float
    runbooks: tuple[str, ...] = ()
    passage: str = ""  # the card's sentence that answers the question (knowledge.passages)


@dataclass(frozen=True)
class WasteRow:
    job_id: str
    user: str
    team: str
    kind: str  # idle | under_used | cpu_only
    gpus: tuple[str, ...]
    wasted_gpu_hours: float
    mean_util_pct: float


@dataclass(frozen=True)
class WasteReport:
    rows: tuple[WasteRow, ...]  # most wasted first
    query: str  # what was analysed (window and source), cited as the query
    start: float
    end: float


class ProposalRefusedError(ValueError):
    """The gate would not take this proposal (unknown tool, bad arguments, a target outside
    the incident's evidence); the message says which."""


class ChatReads(Protocol):
    def incidents(self) -> list[IncidentFacts]:
        """Every incident known, newest first."""
        ...

    def approvals(self, incident_id: str | None = None) -> list[ApprovalRecord]:
        """Approval requests (all states), optionally of one incident."""
        ...

    def search_cards(self, text: str, xids: tuple[int, ...] = ()) -> list[CardHit]:
        """Failure-mode cards for a description and/or Xid codes, best first."""
        ...

    def card_action(self, card_id: str) -> str:
        """What a failure-mode card says to do (its **Act.** paragraph); empty when the card is
        unknown or says nothing."""
        ...

    def fleet_read(self, tool: str, args: dict[str, Any]) -> ToolResult | None:
        """Run one fleet read tool (metrics.history, topology.describe, changes.recent,
        kernel_log.search, slurm.show_node); None when this process has no fleet."""
        ...

    def waste(self, start: float, end: float) -> WasteReport | None:
        """GPU-hours held and wasted over [start, end]; None when no metrics are readable."""
        ...

    def propose(
        self, incident_id: str, tool: str, args: dict[str, Any], reason: str, now: float
    ) -> ProposedAction:
        """Store an approval request through the gate (never run it); raises
        :class:`ProposalRefusedError`."""
        ...
