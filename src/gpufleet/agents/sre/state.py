"""The SRE graph's state: what the durable checkpointer saves between steps.

Values are plain JSON (pydantic models dumped with ``mode="json"``), so a checkpoint written by
one gpufleet version reads in the next and nothing depends on pickling our classes. Nodes
re-validate what they read. Lists that parallel branches write to have an ``operator.add``
reducer (the four evidence-gathering layers run at once).
"""

from __future__ import annotations

import operator
from typing import Annotated, Any, Literal, TypedDict

Outcome = Literal["running", "awaiting_approval", "rejected", "blocked", "done", "escalated"]


class SreState(TypedDict, total=False):
    incident: dict[str, Any]  # bus.events.Incident, JSON
    thread_id: str  # this run's checkpointer thread (approvals name it to resume)
    now: float  # the time the caller says it is (event time in replay, wall clock live)
    evidence: Annotated[list[dict[str, Any]], operator.add]  # un-numbered, from the layers
    diagnosis: dict[str, Any]  # bus.events.Diagnosis, JSON
    plan_notes: list[str]
    cursor: int  # index of the next plan step to run
    pending_approval: str | None  # approval id the graph waits on
    approval_status: str  # what await_approval last read: pending, approved, rejected
    # ledger key of a step whose outcome is unknown (the process stopped while it ran); the
    # graph waits for a person to settle it: done, not-done or retry
    pending_settlement: str | None
    settlement: str  # what await_settlement last read: pending, done, not-done, retry
    results: Annotated[list[dict[str, Any]], operator.add]  # bus.events.ActionResult, JSON
    outbox: Annotated[list[dict[str, Any]], operator.add]  # events to publish, in order
    outcome: Outcome


class GatherTask(TypedDict):
    """What one parallel evidence branch receives (LangGraph ``Send`` payload)."""

    layer: str
    calls: list[dict[str, Any]]  # graph.tools.ToolCall, JSON
    incident: dict[str, Any]
    now: float
