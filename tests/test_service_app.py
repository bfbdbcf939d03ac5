"""The service's app in-process under uvicorn on 127.0.0.1: decisions and settlements under the
CLI's rules with bearer tokens, the incident book folded from the bus, and the plug-in points
Slack and MCP use (routers, ASGI mounts, lifecycles)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
from fastapi import APIRouter
from starlette.responses import PlainTextResponse
from starlette.types import Receive, Scope, Send

from gpufleet.bus.events import (
    Gain,
    Incident,
    Phase,
    Recommendation,
    RecommendationIssued,
    Severity,
    incident_opened,
    incident_updated,
)
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.graph.approvals.store import ApprovalRequest, ApprovalStore
from gpufleet.service.app import create_app
from gpufleet.service.auth import Roles, TokenTable
from gpufleet.service.context import ServiceContext
from gpufleet.service.incidents import IncidentBook
from gpufleet.service.server import HttpServer

NOW = 1_790_000_000.0
TOKENS = {"tok-alice": "alice", "tok-carol": "carol", "tok-am": "alertmanager", "tok-hook": "hook"}
# the webhook's own token: a service (it sends alerts, never decides)
ROLES = Roles({"hook": frozenset({"service"}), "carol": frozenset({"operator"})})


def run(coro: Awaitable[None]) -> None:
    async def bounded() -> None:
        async with asyncio.timeout(60):
            await coro

    asyncio.run(bounded())


def incident(iid: str = "inc-1", node: str = "node-04") -> Incident:
    return Incident(
        incident_id=iid,
        title=f"thermal on {node}/gpu2",
        family="thermal",
        scope="gpu",
        root_entity=f"{node}/gpu2",
        severity=Severity.WARNING,
        opened_at=NOW,
        updated_at=NOW,
        last_anomaly_at=NOW,
        entities=(f"{node}/gpu2",),
        symptoms=("gpu_temp_high",),
        anomaly_ids=("an-1",),
        anomaly_count=1,
        nodes=(node,),
    )


@asynccontextmanager
async def service(
    state: Path, policy: Policy | None = None, **extra: object
) -> AsyncIterator[tuple[httpx.AsyncClient, ServiceContext, IncidentBook]]:
    log = EventLog(":memory:")
    bus = InProcessBus(log)
    book = IncidentBook()
    bus.subscribe("*", "book", book)
    await bus.start()
    if policy is None:
        policy = Policy(approvers=[Approver(name="alice", roles=["sre-lead"])])
    ctx = ServiceContext(
        state_dir=state,
        policy=policy,
        event_log=log,
        bus=bus,
        tokens=TokenTable.of(TOKENS, ROLES),
        clock=lambda: NOW + 60,
    )
    server = HttpServer(create_app(ctx, book=book, **extra))  # type: ignore[arg-type]
    await server.start()
    try:
        async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=10) as http:
            yield http, ctx, book
    finally:
        await server.stop()
        await bus.close()
        log.close()


def request_approval(state: Path) -> str:
    with ApprovalStore(state / "approvals.db") as store:
        req = ApprovalRequest.new(
            incident_id="inc-1",
            thread_id="th-1",
            step_index=2,
            tool="slurm.drain_node",
            args={"node": "node-04", "reason": "gpufleet inc-1"},
            risk="mutate",
            created_at=NOW,
        )
        store.request(req)
        return req.approval_id


ALICE = {"Authorization": "Bearer tok-alice"}


def test_decisions_follow_the_cli_rules_and_the_token_is_the_person(tmp_path: Path) -> None:
    aid = request_approval(tmp_path)

    async def main() -> None:
        async with service(tmp_path) as (http, _, _):
            url = f"/api/v1/approvals/{aid}/reject"
            body = {"reason": "not this node"}
            assert (await http.post(url, json=body)).status_code == 401
            bad = {"Authorization": "Basic tok-alice"}
            assert (await http.post(url, json=body, headers=bad)).status_code == 401
            carol = {"Authorization": "Bearer tok-carol"}
            r = await http.post(url, json=body, headers=carol)
            assert r.status_code == 403 and "not a listed approver" in r.json()["error"]
            assert (await http.get(f"/api/v1/approvals/{aid}")).json()["status"] == "pending"
            r = await http.post(url, json=body, headers=ALICE)
            assert r.status_code == 200
            assert r.json()["approval"]["decision"]["by"] == "alice"
            assert r.json()["approval"]["decision"]["decided_at"] == NOW + 60  # the ctx clock
            r = await http.post(url, json=body, headers=ALICE)  # the same again: harmless
            assert r.status_code == 200 and r.json()["repeated"] is True
            r = await http.post(f"/api/v1/approvals/{aid}/approve", json=body, headers=ALICE)
            assert r.status_code == 409  # decided is final
            listed = (await http.get("/api/v1/approvals", params={"status": "all"})).json()
            assert [a["status"] for a in listed["approvals"]] == ["rejected"]
            assert (await http.get("/api/v1/approvals")).json()["approvals"] == []

    run(main())


def test_a_service_identity_never_decides_even_without_an_approvers_list(
    tmp_path: Path,
) -> None:
    """Issue 27 item 5: with no approvers in the policy any named person may approve a mutate
    step, and the Alertmanager token could. Now neither Alertmanager's identity nor a token
    whose role is service may approve or reject; a person still may."""
    aid = request_approval(tmp_path)

    async def main() -> None:
        async with service(tmp_path, policy=Policy()) as (http, _, _):
            body = {"reason": "looks bad"}
            for token in ("tok-am", "tok-hook"):
                auth = {"Authorization": f"Bearer {token}"}
                for verb in ("approve", "reject"):
                    r = await http.post(f"/api/v1/approvals/{aid}/{verb}", json=body, headers=auth)
                    assert r.status_code == 403, (token, verb)
                    assert "service identity" in r.json()["error"]
            assert (await http.get(f"/api/v1/approvals/{aid}")).json()["status"] == "pending"
            r = await http.post(f"/api/v1/approvals/{aid}/approve", json=body, headers=ALICE)
            assert r.status_code == 200

    run(main())


def test_unknown_steps_are_listed_and_settled_by_an_approver(tmp_path: Path) -> None:
    ledger = ExecutionLedger(tmp_path / "approvals.db")
    key = request_approval(tmp_path)
    assert ledger.claim(
        key,
        NOW,
        tool="slurm.drain_node",
        args={"node": "node-04"},
        node="node-04",
        incident_id="inc-1",
        thread_id="th-1",
    )
    ledger.close()  # the process died before the result was written

    async def main() -> None:
        async with service(tmp_path) as (http, _, _):
            steps = (await http.get("/api/v1/steps/unknown")).json()["steps"]
            assert [s["step_key"] for s in steps] == [key]
            url = f"/api/v1/steps/{key}/settle"
            body = {"outcome": "done", "reason": "node-04 shows drained in sinfo"}
            assert (await http.post(url, json=body)).status_code == 401
            r = await http.post(url, json={**body, "outcome": "maybe"}, headers=ALICE)
            assert r.status_code == 422 and r.json()["problems"][0]["field"] == "body.outcome"
            r = await http.post("/api/v1/steps/nope/settle", json=body, headers=ALICE)
            assert r.status_code == 404
            carol = {"Authorization": "Bearer tok-carol"}
            assert (await http.post(url, json=body, headers=carol)).status_code == 409
            r = await http.post(url, json=body, headers=ALICE)
            assert r.status_code == 200 and r.json()["outcome"] == "done"
            assert (await http.get("/api/v1/steps/unknown")).json()["steps"] == []

    run(main())


def test_incidents_are_folded_from_the_bus_with_filters(tmp_path: Path) -> None:
    async def main() -> None:
        async with service(tmp_path) as (http, ctx, _):
            a, b = incident("inc-a", "node-04"), incident("inc-b", "node-09")
            await ctx.bus.publish(incident_opened(a))
            await ctx.bus.publish(incident_opened(b))
            diagnosing = a.advance(Phase.DIAGNOSING, NOW + 1, "SRE agent gathering evidence", "sre")
            await ctx.bus.publish(incident_updated(diagnosing, "phase"))
            await ctx.bus.drain()
            got = (await http.get("/api/v1/incidents", params={"node": "node-04"})).json()
            assert [i["incident_id"] for i in got["incidents"]] == ["inc-a"]
            got = (await http.get("/api/v1/incidents", params={"phase": "diagnosing"})).json()
            assert [i["incident_id"] for i in got["incidents"]] == ["inc-a"]
            got = (await http.get("/api/v1/incidents", params={"severity": "critical"})).json()
            assert got["incidents"] == []
            one = (await http.get("/api/v1/incidents/inc-a")).json()
            assert [t["kind"] for t in one["timeline"]] == ["incident_opened", "incident_updated"]
            assert one["incident"]["phase"] == "diagnosing" and one["diagnosis"] is None

            # the Performance agent's recommendations, from the same bus (latest version)
            rec = Recommendation(
                recommendation_id="rec-1",
                kind="idle_gpus",
                title="8 GPUs idle on node-09",
                entities=("node-09",),
                gain=Gain(value=40.0, unit="gpu_hours"),
                window_start=NOW - 86400,
                window_end=NOW,
            )
            for title in ("first", "8 GPUs idle on node-09"):
                update = rec.model_copy(update={"title": title})
                await ctx.bus.publish(
                    RecommendationIssued(
                        event_id=f"ev-rec-{title}", time=NOW, recommendation=update
                    )
                )
            await ctx.bus.drain()
            got = (await http.get("/api/v1/recommendations")).json()
            assert [r["title"] for r in got["recommendations"]] == ["8 GPUs idle on node-09"]
            assert got["performance_agent_running"] is False

    run(main())


def test_extensions_plug_in_routers_mounts_and_lifecycles(tmp_path: Path) -> None:
    """What Slack (an APIRouter at /slack/events) and MCP (an ASGI app at /mcp with a session
    manager to run) need from create_app."""
    seen: list[str] = []
    slack = APIRouter()

    @slack.post("/slack/events")
    async def events() -> dict[str, str]:
        return {"ok": "slack"}

    async def mcp_app(scope: Scope, receive: Receive, send: Send) -> None:
        await PlainTextResponse(f"mcp at {scope['path']}")(scope, receive, send)

    @asynccontextmanager
    async def session_manager() -> AsyncIterator[None]:
        seen.append("started")
        yield
        seen.append("stopped")

    async def main() -> None:
        async with service(
            tmp_path, routers=[slack], mounts=[("/mcp", mcp_app)], lifecycles=[session_manager]
        ) as (http, _, _):
            assert seen == ["started"]
            assert (await http.post("/slack/events")).json() == {"ok": "slack"}
            assert (await http.get("/mcp/")).text.startswith("mcp at")
        assert seen == ["started", "stopped"]

    run(main())
