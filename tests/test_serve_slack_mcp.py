"""The whole product path of issue 15 through the real ``gpufleet serve`` process:

Alertmanager (the real binary) fires → incident → diagnosis → one Slack message with Approve /
Reject buttons (slack_sdk against a stand-in for Slack's Web API on 127.0.0.1) → a signed click
by a mapped approver → the reason modal → the runbook step executes (dry-run) → the Slack message
is updated, and the same approval is decided in the API and gone from ``gpufleet approvals``.
Forged and replayed Slack requests are refused and change nothing. MCP is mounted at ``/mcp``
behind the API's tokens.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx

from gpufleet.service.slack.render import APPROVE_ACTION
from tests.alertmanager_server import alertmanager, needs_am
from tests.serve_process import TOKENS, Served, start_serve, write_config
from tests.slack_standin import (
    BOT_TOKEN,
    CHANNEL_ID,
    SIGNING_SECRET,
    SlackStandIn,
    block_action,
    interaction_body,
    signed_headers,
    standin_slack,
    view_submission,
)
from tests.test_serve import cli_approvals, xid79

ALICE = "U024BE7LH"  # mapped to the policy's alice in the serve config
MALLORY = "U0MALLORY"  # mapped to nobody
FIRST_TS = "1764000000.000001"  # the stand-in numbers the messages it accepts


def _config(folder: Path, standin: SlackStandIn) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "slack-bot.token").write_text(BOT_TOKEN)
    (folder / "slack-signing.secret").write_text(SIGNING_SECRET)
    extra = (
        "slack:\n"
        f"  channel: {CHANNEL_ID}\n"
        "  bot_token_file: slack-bot.token\n"
        "  signing_secret_file: slack-signing.secret\n"
        f"  api_base_url: {standin.base_url}\n"
        f"  approvers: {{{ALICE}: alice}}\n"
        "  retry_initial_s: 0.05\n"
        "  retry_max_s: 0.5\n"
        "mcp:\n  enabled: true\n"
    )
    return write_config(folder, extra=extra)


async def _until(what: str, probe: Any, timeout_s: float = 120.0) -> Any:
    deadline = time.monotonic() + timeout_s
    while True:
        got = probe()
        if got:
            return got
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await asyncio.sleep(0.2)


def _card_with_button(standin: SlackStandIn, approval_id: str) -> dict[str, Any] | None:
    for call in reversed(standin.calls):
        top = call.method in ("chat.postMessage", "chat.update") and "thread_ts" not in call.args
        if top and approval_id in json.dumps(call.args.get("blocks", [])):
            return call.args
    return None


async def _fire(served: Served, token_file: Path) -> None:
    webhook = f"{served.url}/api/v1/alerts/alertmanager"
    async with (
        alertmanager(webhook, bearer_token_file=token_file) as am,
        httpx.AsyncClient(trust_env=False, timeout=10) as http,
    ):
        alert = xid79("node-04", 2)
        del alert["status"], alert["fingerprint"]
        assert (await http.post(f"{am}/api/v2/alerts", json=[alert])).status_code == 200

        async def opened() -> bool:
            got = await http.get(f"{served.url}/api/v1/incidents", params={"node": "node-04"})
            return bool(got.json()["incidents"])

        deadline = time.monotonic() + 60
        while not await opened():
            assert time.monotonic() < deadline, "Alertmanager never delivered the alert"
            await asyncio.sleep(0.2)


async def _scenario(tmp_path: Path) -> None:
    async with standin_slack() as standin:
        served = await asyncio.to_thread(start_serve, _config(tmp_path / "cfg", standin))
        try:
            await _drive(served, standin, tmp_path)
        finally:
            await asyncio.to_thread(served.stop)


async def _pending(http: httpx.AsyncClient) -> list[dict[str, Any]]:
    rows = (await http.get("/api/v1/approvals")).json()["approvals"]
    return [a for a in rows if a["status"] == "pending"]


async def _drive(served: Served, standin: SlackStandIn, tmp_path: Path) -> None:
    token_file = tmp_path / "am.token"
    token_file.write_text(TOKENS["alertmanager"])
    await _fire(served, token_file)
    async with httpx.AsyncClient(base_url=served.url, trust_env=False, timeout=30) as http:
        pending: list[dict[str, Any]] = []
        deadline = time.monotonic() + 120
        while not pending:
            assert time.monotonic() < deadline, "no approval request"
            pending = await _pending(http)
            await asyncio.sleep(0.2)
        aid = pending[0]["request"]["approval_id"]
        card = await _until(
            "the Slack card with its buttons", lambda: _card_with_button(standin, aid)
        )
        assert card["channel"] == CHANNEL_ID and "slurm.drain_node" in json.dumps(card["blocks"])
        # the card was the first message posted: the stand-in answered it with the first ts
        assert "thread_ts" not in standin.of("chat.postMessage")[0].args
        ts = FIRST_TS

        def click(user: str) -> str:
            return interaction_body(
                block_action(
                    user=user,
                    action_id=APPROVE_ACTION,
                    approval_id=aid,
                    message_ts=ts,
                    response_url=standin.base_url + "response",
                )
            )

        # forged (wrong secret), altered after signing, stale: 401, nothing changes
        body = click(ALICE)
        forged = signed_headers(body, secret="not-the-secret")
        assert (await http.post("/slack/events", content=body, headers=forged)).status_code == 401
        altered = signed_headers(body)
        tampered = body.replace(ALICE, MALLORY)
        r = await http.post("/slack/events", content=tampered, headers=altered)
        assert r.status_code == 401
        stale = signed_headers(body, timestamp=int(time.time()) - 3600)
        assert (await http.post("/slack/events", content=body, headers=stale)).status_code == 401
        # a correctly signed click by someone who is no approver: refused, nothing changes
        other = click(MALLORY)
        r = await http.post("/slack/events", content=other, headers=signed_headers(other))
        assert r.status_code == 200
        assert (await http.get(f"/api/v1/approvals/{aid}")).json()["status"] == "pending"
        assert not standin.of("views.open")

        # alice clicks Approve, gives a reason in the modal
        signed = signed_headers(body)
        assert (await http.post("/slack/events", content=body, headers=signed)).status_code == 200
        # the same signed request again (a replay inside Slack's 5-minute window)
        assert (await http.post("/slack/events", content=body, headers=signed)).status_code == 401
        await _until("the reason modal", lambda: standin.of("views.open"))
        view = standin.of("views.open")[0].args["view"]
        submit = interaction_body(view_submission(user=ALICE, view=view, reason="Xid 79 on BMC"))
        r = await http.post("/slack/events", content=submit, headers=signed_headers(submit))
        assert r.status_code == 200, r.text

        approval = (await http.get(f"/api/v1/approvals/{aid}")).json()
        assert approval["status"] == "approved" and approval["decision"]["by"] == "alice"

        async def ran() -> list[dict[str, Any]]:
            d = (await http.get(f"/api/v1/incidents/{pending[0]['request']['incident_id']}")).json()
            return [
                a
                for a in d["actions"]
                if a["kind"] == "action_result" and a.get("approval_id") == aid
            ]

        deadline = time.monotonic() + 90
        results: list[dict[str, Any]] = []
        while not results:
            assert time.monotonic() < deadline, "the approved step never ran"
            results = await ran()
            await asyncio.sleep(0.3)
        assert results[0]["dry_run"] is True and results[0]["initiator"] == "alice"

        def updated() -> bool:
            shown = json.dumps(_last_card(standin))
            return "approved by *alice*" in shown and "dry" in shown

        await _until(
            "the Slack message updated with the decision and the dry run", updated, timeout_s=240
        )
        assert {c.args["ts"] for c in standin.of("chat.update")} == {ts}, "one message, updated"

        # MCP is mounted behind the same tokens
        r = await http.post("/mcp/", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
        assert r.status_code == 401

    rows = await asyncio.to_thread(cli_approvals, served)
    assert aid not in {row.get("approval_id") for row in rows}


def _last_card(standin: SlackStandIn) -> dict[str, Any]:
    cards = [
        c.args
        for c in standin.calls
        if c.method == "chat.update"
        or (c.method == "chat.postMessage" and "thread_ts" not in c.args)
    ]
    return cards[-1] if cards else {}


@needs_am
def test_alertmanager_to_slack_click_to_dry_run_with_forgeries_refused(tmp_path: Path) -> None:
    asyncio.run(_scenario(tmp_path))
