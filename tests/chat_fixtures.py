"""A small state directory for chat tests: one diagnosed incident in an event log (as
``gpufleet serve`` writes it) and a pending approval in the real approval store, read through
the real :class:`service.chat.reads.StoreChatReads` with a gate over gpufleet's catalogue of
state-changing tools (dry-run: nothing here can run)."""

from __future__ import annotations

from pathlib import Path

from gpufleet.agents.sre.config import SreConfig
from gpufleet.bus.events import (
    Diagnosis,
    DiagnosisReady,
    Evidence,
    Family,
    Hypothesis,
    Incident,
    IncidentOpened,
    PlannedStep,
    Scope,
    Severity,
)
from gpufleet.bus.log import EventLog
from gpufleet.graph.approvals.store import ApprovalRequest
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.service.chat.reads import StoreChatReads
from gpufleet.service.mcp.deps import McpDeps, open_state_deps

T0 = 1_760_000_000.0
INCIDENT_ID = "inc-dbe-fixture"
_RETRIEVER: list[Retriever] = []


def retriever() -> Retriever:
    """The knowledge base's retriever, opened once per test process (it loads the index)."""
    if not _RETRIEVER:
        _RETRIEVER.append(Retriever.open())
    return _RETRIEVER[0]


def dbe_incident(title: str = "DBE on node-02/gpu5", summary: str = "") -> Incident:
    return Incident(
        incident_id=INCIDENT_ID,
        title=title,
        family=Family.MEMORY,
        scope=Scope.GPU,
        root_entity="node-02/gpu5",
        severity=Severity.CRITICAL,
        opened_at=T0,
        updated_at=T0,
        last_anomaly_at=T0,
        entities=("node-02/gpu5",),
        symptoms=("ecc_dbe",),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("node-02",),
        racks=("rack-1",),
        jobs=("4242",),
        xids=(48, 63),
        summary=summary,
    )


def dbe_diagnosis(evidence_text: str = "Xid 48 double bit error on node-02 GPU 5") -> Diagnosis:
    return Diagnosis(
        diagnosis_id="dx-1",
        incident_id=INCIDENT_ID,
        time=T0,
        hypotheses=(
            Hypothesis(
                card_id="ecc-dbe",
                title="Uncorrectable HBM ECC error (DBE)",
                score=2.0,
                evidence_ids=("E01",),
            ),
        ),
        evidence=(
            Evidence(
                evidence_id="E01",
                layer="driver",
                tool="kernel_log.search",
                entity="node-02",
                summary=f"kernel log: {evidence_text}",
                query="journalctl -k",
            ),
        ),
        runbook_id="drain-and-reset-gpu",
        plan=(
            PlannedStep(
                index=0,
                name="drain the node",
                tool="slurm.drain_node",
                args={"node": "node-02"},
                risk="mutate",
                needs_approval=True,
            ),
        ),
    )


def write_state(
    state: Path, incident: Incident | None = None, diagnosis: Diagnosis | None = None
) -> Path:
    """``state``/events.db with the incident and its diagnosis, and a pending drain request in
    ``state``/approvals.db; returns the event log's path."""
    state.mkdir(parents=True, exist_ok=True)
    events = state / "events.db"
    log = EventLog(events)
    try:
        log.append(IncidentOpened(event_id="ev-1", time=T0, incident=incident or dbe_incident()))
        log.append(DiagnosisReady(event_id="ev-2", time=T0, diagnosis=diagnosis or dbe_diagnosis()))
    finally:
        log.close()
    deps = open_state_deps(SreConfig(state_dir=state))
    try:
        deps.gate.approvals.request(
            ApprovalRequest.new(
                incident_id=INCIDENT_ID,
                thread_id="th-1",
                step_index=0,
                tool="slurm.drain_node",
                args={"node": "node-02", "reason": f"gpufleet {INCIDENT_ID}"},
                risk="mutate",
                created_at=T0,
            )
        )
    finally:
        deps.close()
    return events


def open_reads(
    state: Path, requested_by: str | None = "chat:test"
) -> tuple[StoreChatReads, McpDeps]:
    """The chat's reads over ``state`` (close the returned deps when done)."""
    deps = open_state_deps(SreConfig(state_dir=state), state / "events.db")
    reads = StoreChatReads(
        incident_source=deps.incidents,
        store=deps.gate.approvals,
        retriever=retriever,
        gate=deps.gate,
        requested_by=requested_by,
        clock=lambda: T0 + 60,
    )
    return reads, deps
