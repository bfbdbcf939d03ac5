"""Questions asked in Slack, end to end on 127.0.0.1: the real slack_bolt app behind FastAPI on
uvicorn, slack_sdk pointed at the Slack Web API stand-in, the real chat assistant over a state
directory (no model: the deterministic answers). ``@gpufleet <question>`` in the thread of an
incident's message is answered in that thread, cited, escaped; once per event; nowhere else.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from pydantic import ValidationError

from gpufleet.agents.chat.answer import ChatAnswer, Citation, ProposedAction, Sentence, Series
from gpufleet.bus.events import DiagnosisReady, incident_opened
from gpufleet.service.slack.config import SlackConfig
from gpufleet.service.slack.mention import NOT_IN_A_THREAD, chat_asker, reply_text
from gpufleet.service.slack.wiring import SlackFrontEnd
from tests.chat_fixtures import (
    INCIDENT_ID,
    T0,
    dbe_diagnosis,
    dbe_incident,
    open_reads,
    write_state,
)
from tests.slack_fixtures import ALICE, ENV, POLICY, slack_config, until
from tests.slack_standin import (
    CHANNEL_ID,
    TEAM_ID,
    SlackStandIn,
    serve,
    signed_headers,
    standin_slack,
)

WEB = "https://gpufleet.example.org/"
HOSTILE_TITLE = "DBE on node-02/gpu5 <!channel> <https://evil.example|click here> & more"


def _mention(text: str, *, thread_ts: str | None, event_id: str) -> str:
    event: dict[str, Any] = {
        "type": "app_mention",
        "user": ALICE,
        "text": text,
        "ts": f"{time.time():.6f}",
        "channel": CHANNEL_ID,
        "event_ts": f"{time.time():.6f}",
    }
    if thread_ts is not None:
        event["thread_ts"] = thread_ts
    return json.dumps(
        {
            "token": "legacy-verification-token",
            "team_id": TEAM_ID,
            "api_app_id": "A0GPUFLEET",
            "event": event,
            "type": "event_callback",
            "event_id": event_id,
            "event_time": int(time.time()),
        }
    )


async def _post(url: str, body: str, *, retry: int = 0) -> httpx.Response:
    """``body`` signed as Slack signs it; a retry is signed anew (a later timestamp)."""
    signed = signed_headers(body, timestamp=int(time.time()) + retry)
    headers = {**signed, "content-type": "application/json"}
    if retry:
        headers |= {"x-slack-retry-num": str(retry), "x-slack-retry-reason": "http_timeout"}
    async with httpx.AsyncClient(base_url=url, timeout=10) as http:
        return await http.post("/slack/events", content=body, headers=headers)


def _answers(standin: SlackStandIn, ts: str) -> list[dict[str, Any]]:
    return [
        c.args
        for c in standin.of("chat.postMessage")
        if c.args.get("thread_ts") == ts and "no-model mode" in str(c.args.get("text"))
    ]


def test_a_mention_in_an_incident_thread_is_answered_there_cited_and_escaped(
    tmp_path: Path,
) -> None:
    state = tmp_path / "state"
    incident, dx = dbe_incident(title=HOSTILE_TITLE), dbe_diagnosis()
    write_state(state, incident, dx)
    reads, deps = open_reads(state, requested_by=None)

    async def scenario() -> None:
        async with standin_slack() as standin:
            slack = SlackFrontEnd.build(
                slack_config(standin, web_url=WEB),
                state_dir=tmp_path / "slack",
                approvals=deps.gate.approvals,
                policy=POLICY,
                environ=ENV,
                ask=chat_asker(reads, None, lambda: T0 + 60),
            )
            app = FastAPI()
            app.include_router(slack.router())
            async with slack.running(), serve(app) as url:
                await slack.notifier(incident_opened(incident))
                await slack.notifier(DiagnosisReady(event_id="ev-dx", time=T0, diagnosis=dx))
                await until(lambda: slack.state.message(INCIDENT_ID), "the incident's message")
                _, ts = slack.state.message(INCIDENT_ID) or ("", "")

                question = "<@U0GPUFLEET> what is wrong with node-02? <!channel>"
                body = _mention(question, thread_ts=ts, event_id="Ev0MENTION1")
                assert (await _post(url, body)).status_code == 200
                await until(lambda: _answers(standin, ts), "the answer in the thread")
                (reply,) = _answers(standin, ts)
                text = reply["text"]
                assert reply["channel"] == CHANNEL_ID
                # grounded and cited: the incident, linked to the web page
                assert INCIDENT_ID in text and "[1]" in text
                assert f"<{WEB}#/incident/{INCIDENT_ID}|" in text
                assert f"<{WEB}#/card/ecc-dbe?title=" in text
                # fleet text is text: no mention, no link of the alert's, entities escaped
                assert "<!channel>" not in text and "<https://evil" not in text
                assert " & " not in text
                links = [x.split("|")[0] for x in text.split("<")[1:]]
                assert all(x.startswith(WEB) for x in links), links

                # Slack redelivers the event (it waited too long for the 200): one answer
                assert (await _post(url, body, retry=1)).status_code == 200
                mentions = slack.bridge.mentions
                assert mentions is not None
                assert await mentions.handle(json.loads(body)) == "already answered"
                other = _mention("<@U0GPUFLEET> and node-03?", thread_ts=None, event_id="Ev0X2")
                assert (await _post(url, other)).status_code == 200
                await until(lambda: standin.of("chat.postEphemeral"), "the hint elsewhere")
                await until(lambda: slack.state.outbox_counts() == {}, "outbox drained")
                assert len(_answers(standin, ts)) == 1
                hint = standin.of("chat.postEphemeral")[0].args
                assert (hint["user"], hint["text"]) == (ALICE, NOT_IN_A_THREAD)
                assert not [c for c in standin.of("chat.postMessage") if "node-03" in str(c.args)]
                # a question from Slack has no identity: nothing new is stored for a person
                records = deps.gate.approvals.records(INCIDENT_ID)
                assert [r.status for r in records] == ["pending"]

    try:
        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        deps.close()


def test_a_reply_without_a_web_url_shows_sources_as_code_and_series_as_sparklines() -> None:
    points = tuple((T0 + 60 * i, float(v)) for i, v in enumerate((60, 62, 70, 85, 84)))
    inc = Citation(kind="incident", id=INCIDENT_ID, label="DBE `on` <!here>")
    q = Citation(kind="query", id="DCGM_FI_DEV_GPU_TEMP{Hostname=node-02}[30m]")
    ans = ChatAnswer(
        question="temperature?",
        text="It rose.",
        sentences=(Sentence(text="It rose to 85 C <@U0BOSS>.", citations=(q, inc)),),
        citations=(q, inc),
        mode="model",
        model="qwen <b>",
        series=(Series(entity="node-02/gpu5", field="temp", points=points, query=q.id, unit="C"),),
        proposed=(
            ProposedAction(
                incident_id=INCIDENT_ID,
                tool="slurm.drain_node",
                args={"node": "node-02"},
                reason="hot",
                status="not stored",
            ),
        ),
    )
    text = reply_text(ans, INCIDENT_ID, None)
    assert "unverified" in text and "<b>" not in text
    assert "• It rose to 85 C" in text and "[1][2]" in text and "<@U0BOSS>" not in text
    assert f"[2] incident `{INCIDENT_ID}`" in text and "<!here>" not in text
    assert "temp of node-02/gpu5: `▁▁▃█▇`" in text and "max 85C" in text
    assert "Proposed, not run: `slurm.drain_node` node=node-02 (not stored)" in text
    assert "<" not in text.replace("&lt;", "")  # no link, mention or tag at all


def test_web_url_must_be_a_plain_http_url() -> None:
    base = {"channel": CHANNEL_ID, "bot_token_env": "B", "signing_secret_env": "S"}
    assert SlackConfig.model_validate({**base, "web_url": WEB}).web_url == WEB
    for bad in ("javascript:alert(1)", "https://x.example/|click", "https://x.example/ >"):
        with pytest.raises(ValidationError, match="web_url"):
            SlackConfig.model_validate({**base, "web_url": bad})
