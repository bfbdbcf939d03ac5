"""What the MCP tools return: small pydantic models (the SDK turns them into structured
content with an output schema), built from gpufleet's own types.

Everything here that came from the fleet (incident titles and summaries, evidence, log lines,
reasons people typed, model explanations) is data for the client, not instructions: it goes
through :func:`graph.models.chat.clean_text` (one line, no control or markup characters) and is
cut to a bounded length; lists are capped and say when they were.
"""

from __future__ import annotations

from typing import Any, Final

from pydantic import BaseModel, ConfigDict

from gpufleet.agents.chat.claims import shown_explanation
from gpufleet.agents.sre.proposals import Proposal
from gpufleet.bus.events import Diagnosis, Evidence, Hypothesis, Incident, PlannedStep, Scalar
from gpufleet.graph.approvals.ledger import StepClaim
from gpufleet.graph.approvals.store import ApprovalRecord
from gpufleet.graph.models.chat import clean_text
from gpufleet.graph.tools import Risk, ToolResult

MAX_TEXT: Final = 600
MAX_NAME: Final = 200
MAX_ITEMS: Final = 200
MAX_DEPTH: Final = 6


def text(value: object, limit: int = MAX_TEXT) -> str:
    return clean_text(str(value), limit)


def names(values: Any, limit: int = MAX_ITEMS) -> list[str]:
    return [text(v, MAX_NAME) for v in list(values)[:limit]]


def clean_data(value: Any, depth: int = 0) -> Any:
    """Tool output from the fleet as plain JSON data: every string cleaned, lists and
    mappings capped at :data:`MAX_ITEMS`, nesting cut at :data:`MAX_DEPTH`."""
    if isinstance(value, str):
        return text(value)
    if value is None or isinstance(value, bool | int | float):
        return value
    if depth >= MAX_DEPTH:
        return text(value, 80)
    if isinstance(value, dict):
        items = list(value.items())[:MAX_ITEMS]
        return {text(k, MAX_NAME): clean_data(v, depth + 1) for k, v in items}
    if isinstance(value, list | tuple):
        return [clean_data(v, depth + 1) for v in list(value)[:MAX_ITEMS]]
    return text(value)


def _scalars(args: dict[str, Any]) -> dict[str, Scalar]:
    return {
        text(k, MAX_NAME): v if isinstance(v, bool | int | float) or v is None else text(v)
        for k, v in list(args.items())[:MAX_ITEMS]
    }


class _View(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class IncidentSummary(_View):
    incident_id: str
    title: str
    severity: str
    phase: str
    family: str
    scope: str
    root_entity: str
    opened_at: float
    updated_at: float
    nodes: list[str]
    jobs: list[str]
    xids: list[int]
    top_cause: str | None = None  # the best-ranked failure-mode card, when diagnosed
    diagnosis_outcome: str | None = None  # awaiting_approval, done, escalated, ...

    @classmethod
    def of(
        cls, incident: Incident, diagnosis: Diagnosis | None, outcome: str | None
    ) -> IncidentSummary:
        top = diagnosis.hypotheses[0].card_id if diagnosis and diagnosis.hypotheses else None
        return cls(
            incident_id=text(incident.incident_id, MAX_NAME),
            title=text(incident.title),
            severity=incident.severity.name.lower(),
            phase=str(incident.phase),
            family=str(incident.family),
            scope=str(incident.scope),
            root_entity=text(incident.root_entity, MAX_NAME),
            opened_at=incident.opened_at,
            updated_at=incident.updated_at,
            nodes=names(incident.nodes),
            jobs=names(incident.jobs),
            xids=list(incident.xids)[:MAX_ITEMS],
            top_cause=top,
            diagnosis_outcome=outcome,
        )


class IncidentList(_View):
    incidents: list[IncidentSummary]
    total: int  # matching incidents before the limit
    truncated: bool


class EvidenceView(_View):
    evidence_id: str
    layer: str
    tool: str
    entity: str
    summary: str
    query: str
    status: str

    @classmethod
    def of(cls, e: Evidence) -> EvidenceView:
        return cls(
            evidence_id=e.evidence_id,
            layer=str(e.layer),
            tool=e.tool,
            entity=text(e.entity, MAX_NAME),
            summary=text(e.summary),
            query=text(e.query),
            status=e.status,
        )


class CauseView(_View):
    card_id: str
    title: str
    score: float
    reasons: list[str]
    evidence_ids: list[str]

    @classmethod
    def of(cls, h: Hypothesis) -> CauseView:
        return cls(
            card_id=h.card_id,
            title=text(h.title),
            score=h.score,
            reasons=[text(r) for r in h.reasons[:20]],
            evidence_ids=list(h.evidence_ids[:50]),
        )


class StepView(_View):
    index: int
    name: str
    tool: str
    args: dict[str, Scalar]
    risk: Risk
    needs_approval: bool

    @classmethod
    def of(cls, s: PlannedStep) -> StepView:
        return cls(
            index=s.index,
            name=text(s.name, MAX_NAME),
            tool=s.tool,
            args=_scalars(dict(s.args)),
            risk=s.risk,
            needs_approval=s.needs_approval,
        )


class PhaseView(_View):
    phase: str
    at: float
    by: str
    reason: str


class ApprovalView(_View):
    approval_id: str
    incident_id: str
    tool: str
    args: dict[str, Scalar]
    risk: Risk
    node: str | None
    status: str
    summary: str
    requested_by: str | None
    created_at: float
    decided_by: str | None = None
    decided_at: float | None = None
    decision_reason: str | None = None
    executed: bool = False

    @classmethod
    def of(cls, record: ApprovalRecord) -> ApprovalView:
        req = record.request
        return cls(
            approval_id=req.approval_id,
            incident_id=text(req.incident_id, MAX_NAME),
            tool=req.tool,
            args=_scalars(req.args),
            risk=req.risk,
            node=text(req.node, MAX_NAME) if req.node else None,
            status=record.status,
            summary=text(req.summary),
            requested_by=text(req.requested_by, MAX_NAME) if req.requested_by else None,
            created_at=req.created_at,
            decided_by=text(record.decided_by, MAX_NAME) if record.decided_by else None,
            decided_at=record.decided_at,
            decision_reason=text(record.reason) if record.decision else None,
            executed=record.consumed,
        )


class UnknownOutcomeView(_View):
    step_key: str
    tool: str | None
    node: str | None
    incident_id: str | None
    claimed_at: float
    what_to_check: str

    @classmethod
    def of(cls, claim: StepClaim) -> UnknownOutcomeView:
        return cls(
            step_key=claim.step_key,
            tool=claim.tool,
            node=text(claim.node, MAX_NAME) if claim.node else None,
            incident_id=claim.incident_id,
            claimed_at=claim.claimed_at,
            what_to_check=text(claim.describe()),
        )


class WaitingForPeople(_View):
    approvals: list[ApprovalView]
    unknown_outcomes: list[UnknownOutcomeView]
    how_to_decide: str = (
        "a person decides: gpufleet approve (or reject) ID --by NAME --reason TEXT, the HTTP "
        "API or Slack; unknown outcomes: gpufleet settle. This MCP server cannot decide."
    )


class IncidentDetail(_View):
    incident: IncidentSummary
    summary: str
    symptoms: list[str]
    entities: list[str]
    context_entities: list[str]
    history: list[PhaseView]
    causes: list[CauseView]
    evidence: list[EvidenceView]
    findings: list[str]
    runbook_id: str | None
    plan: list[StepView]
    method: str | None  # deterministic | model
    explanation: str  # the model's words when a model explained, marked as model output
    fallback: str | None
    approvals: list[ApprovalView]

    @classmethod
    def of(
        cls,
        incident: Incident,
        diagnosis: Diagnosis | None,
        outcome: str | None,
        approvals: list[ApprovalRecord],
    ) -> IncidentDetail:
        dx = diagnosis
        return cls(
            incident=IncidentSummary.of(incident, dx, outcome),
            summary=text(incident.summary),
            symptoms=names(incident.symptoms),
            entities=names(incident.entities),
            context_entities=names(incident.context_entities),
            history=[
                PhaseView(
                    phase=str(h.phase), at=h.at, by=text(h.by, MAX_NAME), reason=text(h.reason)
                )
                for h in incident.history[-MAX_ITEMS:]
            ],
            causes=[CauseView.of(h) for h in (dx.hypotheses[:10] if dx else ())],
            evidence=[EvidenceView.of(e) for e in (dx.evidence[:MAX_ITEMS] if dx else ())],
            findings=[
                text(f"{f.name} on {f.entity}: {f.detail}") for f in (dx.findings if dx else ())
            ][:MAX_ITEMS],
            runbook_id=dx.runbook_id if dx else None,
            plan=[StepView.of(s) for s in (dx.plan if dx else ())],
            method=dx.method if dx else None,
            explanation=shown_explanation(dx)
            if dx and dx.model
            else text(dx.explanation if dx else ""),
            fallback=text(dx.fallback) if dx and dx.fallback else None,
            approvals=[ApprovalView.of(r) for r in approvals[:MAX_ITEMS]],
        )


class CardHit(_View):
    card_id: str
    title: str
    layers: list[str]
    severity: str
    score: float
    reasons: list[str]
    runbooks: list[str]


class CardHits(_View):
    hits: list[CardHit]


class PrecedentView(_View):
    id: str
    title: str
    cause: str
    acceptable: list[str]
    source: str
    similarity: float


class SimilarIncidents(_View):
    precedents: list[PrecedentView]


class XidView(_View):
    code: int
    in_catalog: bool
    mnemonic: str = ""
    description: str = ""
    applies_to: list[str] = []
    immediate_action: str = ""
    investigatory_action: str = ""
    fatal: bool | None = None


class ActionView(_View):
    tool: str
    risk: Risk
    description: str
    args_schema: dict[str, Any]
    who_may_approve: str


class ActionCatalogue(_View):
    actions: list[ActionView]
    note: str = (
        "propose_action stores a request for a person to approve; nothing runs until one does"
    )


class ProposalReceipt(_View):
    approval_id: str
    status: str  # pending, or the decision already on record for this same proposal
    incident_id: str
    tool: str
    args: dict[str, Scalar]
    risk: Risk
    requested_by: str
    who_may_approve: str
    executed: bool
    next_step: str

    @classmethod
    def of(cls, p: Proposal) -> ProposalReceipt:
        req = p.request
        return cls(
            approval_id=req.approval_id,
            status=p.record.status,
            incident_id=req.incident_id,
            tool=req.tool,
            args=_scalars(req.args),
            risk=req.risk,
            requested_by=req.requested_by or "",
            who_may_approve=p.who_may_approve,
            executed=p.record.consumed,
            next_step=(
                f"a person approves or rejects it: gpufleet approve {req.approval_id} --by NAME "
                '--reason "..." (or the HTTP API / Slack); it runs once approved'
            ),
        )


class FleetReadResult(_View):
    tool: str
    status: str
    data: Any = None
    query: str = ""
    error: str | None = None

    @classmethod
    def of(cls, tool: str, result: ToolResult) -> FleetReadResult:
        return cls(
            tool=tool,
            status=result.status,
            data=clean_data(result.data),
            query=text(result.query),
            error=text(result.error) if result.error else None,
        )
