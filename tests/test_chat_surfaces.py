"""The terminal, the web page and a Slack thread give the same answer to the same question on
the same state (issue 26): the same assistant, the same incident in scope, the same time."""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi import FastAPI

from gpufleet.bus.events import DiagnosisReady, incident_opened
from gpufleet.cli.main import main
from gpufleet.service.slack.mention import chat_asker
from gpufleet.service.slack.wiring import SlackFrontEnd
from tests.chat_fixtures import INCIDENT_ID, T0, dbe_diagnosis, dbe_incident, open_reads
from tests.slack_fixtures import ENV, POLICY, slack_config, until
from tests.slack_standin import serve, standin_slack
from tests.test_chat_http import ask, chat_service, events, run
from tests.test_slack_chat import _answers, _mention, _post

QUESTION = "what should I do about it now?"
# one per kind of answer: the plan, the timeline, the evidence, the history, what approving does
QUESTIONS = (
    QUESTION,
    "when did it start?",
    "why do you think it is that cause?",
    "has this gpu failed before?",
    "what happens if I approve it?",
)


def terminal(state: Path, monkeypatch: pytest.MonkeyPatch, question: str) -> dict[str, Any]:
    out = io.StringIO()
    with monkeypatch.context() as m:  # the terminal's clock says what the others' say
        m.setattr("gpufleet.cli.chat_session.time", SimpleNamespace(time=lambda: T0 + 60))
        assert main(["chat", "--state-dir", str(state), "--ask", question, "--json"], out) == 0
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


def web(state: Path, question: str) -> dict[str, Any]:
    got: dict[str, Any] = {}

    async def go() -> None:
        async with chat_service(state) as http:
            r = await ask(http, {"question": question})
            got.update(events(r.text)[-1][1]["answer"])

    run(go())
    return got


def slack(state: Path, tmp_path: Path, question: str) -> str:
    reads, deps = open_reads(state, requested_by=None)
    incident, dx = dbe_incident(), dbe_diagnosis()
    replies: list[str] = []

    async def scenario() -> None:
        async with standin_slack() as standin:
            front = SlackFrontEnd.build(
                slack_config(standin, web_url=None),
                state_dir=tmp_path / "slack",
                approvals=deps.gate.approvals,
                policy=POLICY,
                environ=ENV,
                ask=chat_asker(reads, None, lambda: T0 + 60),
            )
            app = FastAPI()
            app.include_router(front.router())
            async with front.running(), serve(app) as url:
                await front.notifier(incident_opened(incident))
                await front.notifier(DiagnosisReady(event_id="ev-dx", time=T0, diagnosis=dx))
                await until(lambda: front.state.message(INCIDENT_ID), "the incident's message")
                _, ts = front.state.message(INCIDENT_ID) or ("", "")
                body = _mention(f"<@U0GPUFLEET> {question}", thread_ts=ts, event_id="Ev0S1")
                assert (await _post(url, body)).status_code == 200
                await until(lambda: _answers(standin, ts), "the answer in the thread")
                replies.append(_answers(standin, ts)[0]["text"])

    try:
        asyncio.run(asyncio.wait_for(scenario(), 120))
    finally:
        deps.close()
    return replies[0]


@pytest.mark.parametrize("question", QUESTIONS)
def test_terminal_page_and_slack_give_the_same_answer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, question: str
) -> None:
    state = tmp_path / "state"
    page = web(state, question)  # writes the state (the fixture's incident, diagnosis and approval)
    term = terminal(state, monkeypatch, question)
    assert term["text"] == page["text"]
    assert term["citations"] == page["citations"]
    if question == QUESTION:
        assert "drain" in page["text"]  # the plan, not a knowledge-base card
    assert INCIDENT_ID in page["text"]  # about the incident, never unrelated cards
    thread = slack(state, tmp_path, question)
    for s in page["sentences"]:
        words = s["text"].split()[:6]
        assert " ".join(words) in thread, (words, thread)
