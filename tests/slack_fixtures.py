"""Incidents, diagnoses and approvals for the Slack tests, built the way the SRE agent builds
them (the same event types and the same approval ids), with room for hostile text."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI

from gpufleet.bus.events import (
    ActionProposed,
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
    incident_opened,
    stable_id,
)
from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.graph.approvals.store import ApprovalRequest, ApprovalStore
from gpufleet.service.slack.config import SlackConfig
from gpufleet.service.slack.wiring import SlackFrontEnd
from tests.slack_standin import (
    APP_TOKEN,
    BOT_TOKEN,
    CHANNEL_ID,
    SIGNING_SECRET,
    SlackStandIn,
    serve,
    standin_slack,
)

ALICE = "U024BE7LH"  # sre-lead, mapped in the policy
BOB = "U0BOB0001"  # oncall, mapped in the service config
MALLORY = "U0MALLORY"  # nobody's approver
T0 = 1_764_000_000.0
POLICY = Policy(
    approvers=(
        Approver(name="alice", roles=("sre-lead",), slack_user_id=ALICE),
        Approver(name="bob", roles=("oncall",)),
    )
)
ENV = {"GF_SLACK_BOT": BOT_TOKEN, "GF_SLACK_SIGNING": SIGNING_SECRET, "GF_SLACK_APP": APP_TOKEN}


def incident(
    iid: str = "inc-node17",
    *,
    title: str = "GPU temperature rising",
    job: str = "42",
    severity: Severity = Severity.CRITICAL,
) -> Incident:
    return Incident(
        incident_id=iid,
        title=title,
        family=Family.THERMAL,
        scope=Scope.CHASSIS,
        root_entity="node-17/gpu4",
        severity=severity,
        opened_at=T0,
        updated_at=T0,
        last_anomaly_at=T0,
        entities=("node-17/gpu4",),
        symptoms=("gpu_temp_rise",),
        anomaly_ids=("an-1",),
        anomaly_count=3,
        nodes=("node-17",),
        racks=("rack-a",),
        jobs=(job,),
    )


DRAIN = PlannedStep(
    index=1,
    name="drain the node",
    tool="slurm.drain_node",
    args={"node": "node-17", "reason": "fan failure"},
    risk="mutate",
    needs_approval=True,
)


def diagnosis(
    iid: str = "inc-node17",
    *,
    evidence_text: str = "temperature +9 C under no load",
    explanation: str = "",
) -> Diagnosis:
    return Diagnosis(
        diagnosis_id=f"dx-{iid}",
        incident_id=iid,
        time=T0 + 60,
        hypotheses=(
            Hypothesis(
                card_id="fan-failure",
                title="Fan failure",
                score=0.91,
                reasons=("slot neighbours warming",),
                evidence_ids=("E01", "E02"),
            ),
            Hypothesis(card_id="hbm-overtemperature", title="HBM overtemperature", score=0.4),
        ),
        evidence=(
            Evidence(
                evidence_id="E01",
                layer="hardware",
                tool="metrics.history",
                entity="node-17/gpu4",
                summary=evidence_text,
            ),
            Evidence(
                evidence_id="E02",
                layer="workload",
                tool="slurm.show_job",
                entity="42",
                summary="job 42: RUNNING on node-17 (8 GPUs)",
                facts={"num_gpus": 8, "start_time": T0 - 3 * 3600, "state": "RUNNING"},
            ),
        ),
        runbook_id="drain-and-hardware-ticket",
        runbook_version=3,
        plan=(
            PlannedStep(
                index=0,
                name="check the node",
                tool="slurm.show_node",
                args={"node": "node-17"},
                risk="read",
                needs_approval=False,
            ),
            DRAIN,
        ),
        explanation=explanation,
    )


def pending_drain(store: ApprovalStore, iid: str = "inc-node17") -> ApprovalRequest:
    req = ApprovalRequest.new(
        incident_id=iid,
        thread_id=f"thread-{iid}",
        step_index=DRAIN.index,
        step_name=DRAIN.name,
        tool=DRAIN.tool,
        args=dict(DRAIN.args),
        risk="mutate",
        created_at=T0 + 61,
        runbook_id="drain-and-hardware-ticket",
        runbook_version=3,
        node="node-17",
    )
    return store.request(req)


def proposed(req: ApprovalRequest) -> ActionProposed:
    return ActionProposed(
        event_id=stable_id("ev", "proposed", req.approval_id),
        time=T0 + 61,
        approval_id=req.approval_id,
        incident_id=req.incident_id,
        runbook_id="drain-and-hardware-ticket",
        runbook_version=3,
        step=DRAIN,
    )


def incident_events(
    inc: Incident, dx: Diagnosis, req: ApprovalRequest
) -> tuple[IncidentOpened, DiagnosisReady, ActionProposed]:
    ready = DiagnosisReady(
        event_id=stable_id("ev", "dx", dx.diagnosis_id), time=dx.time, diagnosis=dx
    )
    return incident_opened(inc), ready, proposed(req)


def slack_config(standin: SlackStandIn, **kw: object) -> SlackConfig:
    return SlackConfig.model_validate(
        {
            "channel": CHANNEL_ID,
            "bot_token_env": "GF_SLACK_BOT",
            "signing_secret_env": "GF_SLACK_SIGNING",
            "api_base_url": standin.base_url,
            "approvers": {BOB: "bob"},
            "retry_initial_s": 0.05,
            "retry_max_s": 0.2,
            **kw,
        }
    )


@dataclass
class Running:
    standin: SlackStandIn
    slack: SlackFrontEnd
    approvals: ApprovalStore
    url: str  # the service's base URL (uvicorn on 127.0.0.1)


@contextlib.asynccontextmanager
async def running_slack(
    tmp: Path, *, clock: Callable[[], float] = time.time, **config: object
) -> AsyncIterator[Running]:
    """The stand-in Slack, the Slack front end with its outbox drainer, and a FastAPI app that
    includes its router, served by uvicorn on 127.0.0.1. ``clock``: the front end's (slack_bolt's
    signature check keeps the real one)."""
    async with standin_slack() as standin:
        approvals = ApprovalStore(tmp / "approvals.db")
        slack = SlackFrontEnd.build(
            slack_config(standin, **config),
            state_dir=tmp,
            approvals=approvals,
            policy=POLICY,
            environ=ENV,
            clock=clock,
        )
        app = FastAPI()
        app.include_router(slack.router())
        try:
            async with slack.running(), serve(app) as url:
                yield Running(standin, slack, approvals, url)
        finally:
            approvals.close()


async def until(check: Callable[[], object], what: str, timeout: float = 30.0) -> None:
    """Wait until ``check()`` is truthy (a condition, not a timing: the bound only ends a
    hung test)."""
    try:
        async with asyncio.timeout(timeout):
            while not check():
                await asyncio.sleep(0.02)
    except TimeoutError:
        raise AssertionError(f"never happened: {what}") from None
