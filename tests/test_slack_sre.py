"""Slack with the real SRE agent on the bus: a recorded DBE incident is replayed through the NOC,
diagnosed by the subscribed agent; its Slack message (stand-in Web API on 127.0.0.1) carries the
drain's buttons; a signed click by an approver, through the reason modal, records the decision;
the agent's poller resumes the paused graph, the drain runs (dry run) and the same message shows
the outcome, with the decision and the outcome in its thread."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
from fastapi import FastAPI

from gpufleet.agents.pipeline import replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runtime import Shared, build_runtime, replay_tools
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import Event
from gpufleet.bus.memory import InProcessBus
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.policy import load_policy
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.service.slack.render import APPROVE_ACTION
from gpufleet.service.slack.wiring import SlackFrontEnd
from tests.slack_fixtures import ALICE, ENV, slack_config, until
from tests.slack_standin import (
    SlackStandIn,
    block_action,
    interaction_body,
    serve,
    signed_headers,
    standin_slack,
    view_submission,
)

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
POLICY_YAML = f"""
version: 1
approvers:
  - name: alice
    roles: [sre-lead]
    slack_user_id: {ALICE}
"""


def test_click_in_slack_resumes_the_agent_and_the_message_shows_the_dry_run(
    tmp_path: Path,
) -> None:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology, boot_times=inc.spec.boot_times)
    events = [e for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet) for e in evs]
    (tmp_path / "policy.yaml").write_text(POLICY_YAML)
    cfg = SreConfig(state_dir=tmp_path / "state", policy=tmp_path / "policy.yaml")
    rt = build_runtime(cfg, fleet, replay_tools(cfg, fleet), shared=Shared.load())

    async def scenario() -> None:
        async with standin_slack() as standin:
            bus = InProcessBus()
            agent = SreService(rt, bus)
            approvals = ApprovalStore(tmp_path / "state" / "approvals.db")  # the front end's own
            slack = SlackFrontEnd.build(
                slack_config(standin, approvers={}),
                state_dir=tmp_path / "state",
                approvals=approvals,
                policy=load_policy(tmp_path / "policy.yaml"),
                environ=ENV,
            )
            slack.subscribe(bus)
            await agent.start()
            await bus.start()
            await slack.start()
            app = FastAPI()
            app.include_router(slack.router())
            try:
                async with serve(app) as url:
                    await _drive(url, standin, bus, agent, slack, approvals, events)
            finally:
                await slack.stop()
                await agent.close()
                await bus.close()
                approvals.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 240))
    finally:
        rt.close()


async def _drive(
    url: str,
    standin: SlackStandIn,
    bus: InProcessBus,
    agent: SreService,
    slack: SlackFrontEnd,
    approvals: ApprovalStore,
    events: list[Event],
) -> None:
    for event in events:
        await bus.publish(event)
    await agent.drain()
    await bus.drain()
    pending = approvals.pending()
    assert [p.tool for p in pending] == ["slurm.drain_node"]
    aid = pending[0].approval_id
    iid = pending[0].incident_id
    await until(lambda: slack.state.message(iid) is not None, "incident message posted")
    await until(lambda: slack.state.outbox_counts() == {}, "outbox drained")
    assert len([c for c in standin.of("chat.postMessage") if "thread_ts" not in c.args]) == 1
    shown = json.dumps(_latest_blocks(standin))
    assert "ecc-dbe" in shown and aid in shown and "slurm.drain_node" in shown

    message = slack.state.message(iid)
    assert message is not None
    ts = message[1]
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        click = interaction_body(
            block_action(
                user=ALICE,
                action_id=APPROVE_ACTION,
                approval_id=aid,
                message_ts=ts,
                response_url=standin.base_url + "response",
            )
        )
        assert (
            await http.post("/slack/events", content=click, headers=signed_headers(click))
        ).status_code == 200
        await until(lambda: standin.of("views.open"), "reason modal")
        view = standin.of("views.open")[0].args["view"]
        submit = interaction_body(view_submission(user=ALICE, view=view, reason="DBE confirmed"))
        resp = await http.post("/slack/events", content=submit, headers=signed_headers(submit))
        assert resp.status_code == 200 and not resp.content, resp.text
    record = approvals.get(aid)
    assert record is not None and record.status == "approved"

    resumed = await agent.poll_decisions(now=time.time())  # the owner of the thread resumes
    assert len(resumed) == 1
    await agent.drain()
    await bus.drain()
    await until(lambda: slack.state.outbox_counts() == {}, "outcome delivered")
    shown = json.dumps(_latest_blocks(standin))
    assert "approved by *alice*" in shown and "dry run, nothing changed" in shown
    replies = [
        c.args["text"] for c in standin.of("chat.postMessage") if c.args.get("thread_ts") == ts
    ]
    assert replies[0].startswith("Approved by *alice*") and "DBE confirmed" in replies[0]
    # the thread says exactly what the dry run would have run
    assert any(
        "slurm.drain_node" in r and "would have run `scontrol update" in r for r in replies[1:]
    ), replies
    assert {c.args["ts"] for c in standin.of("chat.update")} == {ts}, "one message, updated"


def _latest_blocks(standin: SlackStandIn) -> list[dict[str, Any]]:
    cards = [
        c
        for c in standin.calls
        if c.method == "chat.update"
        or (c.method == "chat.postMessage" and "thread_ts" not in c.args)
    ]
    return cards[-1].args["blocks"]
