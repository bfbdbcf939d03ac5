"""The read and decide API under ``/api/v1``: incidents, approvals, unknown-outcome steps,
recommendations, knowledge search. Thin: every rule lives below (``record_decision``,
``settle_step``, the retriever); this module maps them to HTTP.

State-changing routes take the caller's identity from the bearer token (:mod:`service.
auth_dep`); the identity is who the decision is recorded as, never a field of the body.
"""

# No ``from __future__ import annotations``: FastAPI must evaluate the ``Depends(who)``
# annotations of the routes, whose dependency is a closure.
import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query
from pydantic import BaseModel, ConfigDict, Field

from gpufleet.bus.events import Diagnosis, Evidence, Incident, Phase, Severity
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.decide import DecisionRefusedError, record_decision
from gpufleet.graph.approvals.ledger import ExecutionLedger, StepClaim
from gpufleet.graph.approvals.settle import SettleError, settle_step
from gpufleet.graph.approvals.store import ApprovalRecord, ApprovalStore
from gpufleet.service.auth_dep import identity_dependency
from gpufleet.service.context import ServiceContext
from gpufleet.service.incidents import IncidentBook, TimelineEntry

PREFIX = "/api/v1"
_STATUS = {"unknown": 404, "forbidden": 403, "conflict": 409}
SEVERITIES = {s.name.lower(): int(s) for s in Severity}

# (query text, k) → cards as plain dicts; None when the service has no knowledge base loaded
KnowledgeSearch = Callable[[str, int], list[dict[str, Any]]]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DecisionBody(_Body):
    reason: str = Field(min_length=1, max_length=2000, description="why (required, audited)")


class SettleBody(_Body):
    outcome: Literal["done", "not-done", "retry"]
    reason: str = Field(min_length=1, max_length=2000, description="what you checked on the node")


class IncidentList(BaseModel):
    incidents: list[Incident]


class IncidentDetail(BaseModel):
    incident: Incident
    evidence: list[Evidence]
    diagnosis: Diagnosis | None
    actions: list[dict[str, Any]]
    timeline: list[TimelineEntry]


class ApprovalList(BaseModel):
    approvals: list[ApprovalRecord]


class DecisionAnswer(BaseModel):
    approval: ApprovalRecord
    repeated: bool = Field(description="the same decision was already on record")
    note: str


class UnknownSteps(BaseModel):
    steps: list[StepClaim]


class SettleAnswer(BaseModel):
    step: StepClaim
    outcome: str
    retry_approval_id: str | None


class Recommendations(BaseModel):
    performance_agent_running: bool
    note: str
    recommendations: list[dict[str, Any]]


class KnowledgeHits(BaseModel):
    query: str
    hits: list[dict[str, Any]]


@dataclass
class ApiDeps:
    """What the routes read besides the context."""

    ctx: ServiceContext
    book: IncidentBook
    approvals: ApprovalStore
    ledger: ExecutionLedger
    audit: AuditLog
    knowledge: KnowledgeSearch | None = None
    perf_running: bool = False
    recommendations: Callable[[], Sequence[dict[str, Any]]] | None = None
    # a line for the page, e.g. when the demo fleet's fault will show (None: nothing to say)
    notice: Callable[[], str | None] | None = None


def _not_found(what: str) -> HTTPException:
    return HTTPException(status_code=404, detail=what)


IdPath = Annotated[str, Path(min_length=1, max_length=200)]


def incidents_router(deps: ApiDeps) -> APIRouter:
    r = APIRouter(prefix=PREFIX, tags=["incidents"])

    @r.get("/incidents", response_model=IncidentList)
    async def list_incidents(
        phase: Phase | None = None,
        node: Annotated[str | None, Query(max_length=200)] = None,
        severity: Literal["info", "warning", "critical"] | None = None,
    ) -> IncidentList:
        """Incidents the service knows, oldest first; filter by phase, node, severity."""
        sev = SEVERITIES[severity] if severity is not None else None
        picked = deps.book.select(phase=phase.value if phase else None, node=node, severity=sev)
        return IncidentList(incidents=picked)

    @r.get("/incidents/{incident_id}", response_model=IncidentDetail)
    async def one_incident(incident_id: IdPath) -> IncidentDetail:
        """One incident with its evidence, diagnosis, actions and timeline."""
        rec = deps.book.get(incident_id)
        if rec is None:
            raise _not_found(f"no incident {incident_id}")
        d = rec.diagnosis
        return IncidentDetail(
            incident=rec.incident,
            evidence=list(d.evidence) if d is not None else [],
            diagnosis=d,
            actions=list(rec.actions),
            timeline=list(rec.timeline),
        )

    return r


def _listed(rec: ApprovalRecord, status: str) -> bool:
    if status == "pending":
        return rec.status == "pending" and rec.attached_to is None
    if status == "withdrawn":
        return rec.withdrawn
    return status in ("all", rec.status)


def approvals_router(deps: ApiDeps) -> APIRouter:
    r = APIRouter(prefix=PREFIX, tags=["approvals"])
    who = identity_dependency(deps.ctx.tokens)

    @r.get("/approvals", response_model=ApprovalList)
    async def list_approvals(
        status: Literal["pending", "approved", "rejected", "withdrawn", "all"] = "pending",
        incident_id: Annotated[str | None, Query(max_length=200)] = None,
    ) -> ApprovalList:
        """Approval requests (default: those waiting for a person; one per step: a request
        attached to another, the same step for another incident, waits on that one).
        ``withdrawn``: the ones gpufleet closed, their reason in ``decision.reason``."""
        rows = await asyncio.to_thread(deps.approvals.records, incident_id)
        return ApprovalList(approvals=[x for x in rows if _listed(x, status)])

    @r.get("/approvals/{approval_id}", response_model=ApprovalRecord)
    async def one_approval(approval_id: IdPath) -> ApprovalRecord:
        rec = await asyncio.to_thread(deps.approvals.get, approval_id)
        if rec is None:
            raise _not_found(f"no approval {approval_id}")
        return rec

    async def decide(
        approval_id: str, decision: Literal["approved", "rejected"], by: str, reason: str
    ) -> DecisionAnswer:
        try:
            done = await asyncio.to_thread(
                record_decision,
                deps.approvals,
                deps.ctx.policy,
                approval_id,
                decision,
                by=by,
                reason=reason,
                now=deps.ctx.clock(),
            )
        except DecisionRefusedError as e:
            raise HTTPException(status_code=_STATUS[e.status], detail=str(e)) from None
        note = (
            "the agent that owns the thread resumes it"
            if decision == "approved"
            else "the step will not run; the agent that owns the thread closes it"
        )
        return DecisionAnswer(approval=done.record, repeated=done.repeated, note=note)

    @r.post("/approvals/{approval_id}/approve", response_model=DecisionAnswer)
    async def approve(
        approval_id: IdPath, body: DecisionBody, by: Annotated[str, Depends(who)]
    ) -> DecisionAnswer:
        """Approve a step as the token's identity (same rules as ``gpufleet approve``)."""
        return await decide(approval_id, "approved", by, body.reason)

    @r.post("/approvals/{approval_id}/reject", response_model=DecisionAnswer)
    async def reject(
        approval_id: IdPath, body: DecisionBody, by: Annotated[str, Depends(who)]
    ) -> DecisionAnswer:
        """Reject a step as the token's identity (same rules as ``gpufleet reject``)."""
        return await decide(approval_id, "rejected", by, body.reason)

    return r


def steps_router(deps: ApiDeps) -> APIRouter:
    r = APIRouter(prefix=PREFIX, tags=["steps"])
    who = identity_dependency(deps.ctx.tokens)

    @r.get("/steps/unknown", response_model=UnknownSteps)
    async def unknown_steps() -> UnknownSteps:
        """Steps that were started and whose outcome was never written (a person settles)."""
        return UnknownSteps(steps=await asyncio.to_thread(deps.ledger.unknown))

    @r.post("/steps/{step_key}/settle", response_model=SettleAnswer)
    async def settle(
        step_key: IdPath, body: SettleBody, by: Annotated[str, Depends(who)]
    ) -> SettleAnswer:
        """Say what happened to a step of unknown outcome (``gpufleet settle``'s rules)."""
        if deps.ledger.get(step_key) is None:
            raise _not_found(f"no step {step_key!r} in the execution ledger")
        try:
            done = await asyncio.to_thread(
                lambda: settle_step(
                    ledger=deps.ledger,
                    approvals=deps.approvals,
                    audit=deps.audit,
                    policy=deps.ctx.policy,
                    step_key=step_key,
                    outcome=body.outcome,
                    by=by,
                    reason=body.reason,
                    now=deps.ctx.clock(),
                )
            )
        except SettleError as e:
            raise HTTPException(status_code=409, detail=str(e)) from None
        return SettleAnswer(
            step=done.claim, outcome=done.outcome, retry_approval_id=done.retry_approval_id
        )

    return r


def knowledge_router(deps: ApiDeps) -> APIRouter:
    r = APIRouter(prefix=PREFIX, tags=["knowledge", "recommendations"])

    @r.get("/knowledge/search", response_model=KnowledgeHits)
    async def search(
        q: Annotated[str, Query(min_length=1, max_length=2000)],
        k: Annotated[int, Query(ge=1, le=20)] = 5,
    ) -> KnowledgeHits:
        """Failure-mode cards for a description (symptoms, Xids, DCGM fields, log lines)."""
        if deps.knowledge is None:
            raise HTTPException(status_code=503, detail="no knowledge base loaded")
        hits = await asyncio.to_thread(deps.knowledge, q, k)
        return KnowledgeHits(query=q, hits=hits)

    @r.get("/recommendations", response_model=Recommendations)
    async def recommendations() -> Recommendations:
        """The Performance agent's recommendations the event log holds."""
        found = list(deps.recommendations()) if deps.recommendations is not None else []
        note = (
            "recommendations from the performance agent"
            if deps.perf_running
            else "no performance agent is running in this service (it reads the metrics store: "
            "set metrics_store.url in the SRE config; `gpufleet perf report` runs it on demand); "
            "listing what the log holds"
        )
        return Recommendations(
            performance_agent_running=deps.perf_running, note=note, recommendations=found
        )

    return r


class About(BaseModel):
    decisions: bool  # at least one API token is configured: approve / reject can work
    note: str
    notice: str | None = None  # what the page should say while it has nothing else to show


def about_router(deps: ApiDeps) -> APIRouter:
    r = APIRouter(prefix=PREFIX, tags=["about"])

    @r.get("/about", response_model=About)
    async def about() -> About:
        """What this service lets a person do; the page hides the decision buttons when no
        token could ever be accepted (every click would be a 401)."""
        notice = deps.notice() if deps.notice is not None else None
        if len(deps.ctx.tokens):
            return About(
                decisions=True,
                note="decisions need one of the configured API tokens",
                notice=notice,
            )
        return About(
            decisions=False,
            note="no API token is configured: this service is read-only (add api_tokens to "
            "the serve config to approve or reject here)",
            notice=notice,
        )

    return r


def api_routers(deps: ApiDeps) -> list[APIRouter]:
    return [
        about_router(deps),
        incidents_router(deps),
        approvals_router(deps),
        steps_router(deps),
        knowledge_router(deps),
    ]
