"""``POST /api/v1/chat`` under uvicorn on 127.0.0.1 (the service's real app): the answer
streams as server-sent events (tokens that add up to the answer's text, then the answer), every
citation is a source the state holds, a bad token is refused, and a proposal is stored for a
person only when the caller has a token — never decided, never run."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx

from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.models.chat import OpenAICompatModel, TextStreamModel
from gpufleet.service.app import create_app
from gpufleet.service.auth import Roles, TokenTable
from gpufleet.service.chat.plugin import chat_plugin
from gpufleet.service.chat.reads import StoreChatReads
from gpufleet.service.chat.router import chat_router
from gpufleet.service.context import ServiceContext
from gpufleet.service.incidents import IncidentBook
from gpufleet.service.plugins import front_end_plugins
from gpufleet.service.server import HttpServer
from tests.chat_fixtures import INCIDENT_ID, T0, open_reads, write_state
from tests.openai_standin import standin_server

TOKENS = {
    "tok-alice": "alice",
    "tok-carol": "carol",
    "tok-nobody": "nobody",
    "tok-am": "alertmanager",
}
# alice approves, carol operates (may ask, not approve), nobody has no role, alertmanager is
# the webhook's service identity
ROLES = Roles(
    {
        "alice": frozenset({"approver"}),
        "carol": frozenset({"operator"}),
        "alertmanager": frozenset({"service"}),
    }
)


def run(coro: Awaitable[None]) -> None:
    async def bounded() -> None:
        async with asyncio.timeout(120):
            await coro

    asyncio.run(bounded())


@asynccontextmanager
async def chat_service(
    state: Path, model: TextStreamModel | None = None
) -> AsyncIterator[httpx.AsyncClient]:
    write_state(state)
    log = EventLog(":memory:")
    bus = InProcessBus(log)
    ctx = ServiceContext(
        state_dir=state,
        policy=Policy(),
        event_log=log,
        bus=bus,
        tokens=TokenTable.of(TOKENS, ROLES),
        clock=lambda: T0 + 60,
    )
    opened: list[Any] = []

    def reads_for(identity: str | None) -> StoreChatReads:
        reads, deps = open_reads(state)
        opened.append(deps)
        return reads.as_caller(identity, ctx.tokens.roles, ctx.policy)

    router = chat_router(reads_for, ctx.tokens, ctx.clock, model=model)
    server = HttpServer(create_app(ctx, book=IncidentBook(), routers=[router]))
    await server.start()
    try:
        async with httpx.AsyncClient(base_url=server.url, trust_env=False, timeout=60) as http:
            yield http
    finally:
        await server.stop()
        for deps in opened:
            deps.close()
        log.close()


def events(body: str) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for block in body.strip().split("\n\n"):
        lines = dict(line.split(": ", 1) for line in block.splitlines())
        out.append((lines["event"], json.loads(lines["data"])))
    return out


async def ask(http: httpx.AsyncClient, body: dict[str, Any], **kw: Any) -> httpx.Response:
    return await http.post("/api/v1/chat", json=body, **kw)


def test_the_answer_streams_tokens_then_a_cited_answer(tmp_path: Path) -> None:
    async def go() -> None:
        async with chat_service(tmp_path / "state") as http:
            r = await ask(http, {"question": "what is wrong with node-02?"})
            assert r.status_code == 200
            assert r.headers["content-type"].startswith("text/event-stream")
            evs = events(r.text)
            kinds = [k for k, _ in evs]
            assert kinds[-1] == "answer" and set(kinds[:-1]) == {"token"}
            answer = evs[-1][1]["answer"]
            assert "".join(d["text"] for _, d in evs[:-1]) == answer["text"]
            assert answer["mode"] == "no-model" and answer["text"].startswith("[no-model mode]")
            cited = {(c["kind"], c["id"]) for c in answer["citations"]}
            assert {("incident", INCIDENT_ID), ("card", "ecc-dbe"), ("evidence", "E01")} <= cited
            assert all(s["citations"] for s in answer["sentences"])  # every sentence cites

    run(go())


def test_a_model_answer_streams_line_by_line_with_each_verdict(tmp_path: Path) -> None:
    """Through the real route with a streaming model (the stand-in server): the mark, each
    line's tokens then its verdict (an uncited line removed), and the answer last."""
    reply = (
        f"node-02/gpu5 has an uncorrectable ECC error. [cite: {INCIDENT_ID}, ecc-dbe]\n"
        "Trust me on this one.\n"
        "The kernel log shows Xid 48. [cite: E01]\n"
    )
    pieces = [w + " " for w in reply.split(" ")]

    async def go() -> None:
        with standin_server(pieces) as server:
            model = OpenAICompatModel(base_url=server.base_url, model="standin", timeout_s=60)
            async with chat_service(tmp_path / "state", model) as http:
                evs = events((await ask(http, {"question": "what is wrong with node-02?"})).text)
            model.close()
        assert evs[0] == ("token", {"type": "token", "text": "model (unverified): ", "line": None})
        order = [(k, d.get("line"), d.get("kept")) for k, d in evs[1:-1]]
        verdicts = [o for o in order if o[0] == "sentence"]
        assert verdicts == [("sentence", 0, True), ("sentence", 1, False), ("sentence", 2, True)]
        for line in (0, 1, 2):  # every token of a line comes before its verdict
            last_token = max(i for i, o in enumerate(order) if o[:2] == ("token", line))
            assert last_token < order.index(verdicts[line])
        kind, data = evs[-1]
        answer = data["answer"]
        assert kind == "answer" and answer["mode"] == "model"
        assert answer["text"] == (
            "model (unverified): node-02/gpu5 has an uncorrectable ECC error. "
            "The kernel log shows Xid 48."
        )
        assert answer["flags"] == ["removed 1 model sentence(s) with no citation"]

    run(go())


def test_approvals_waiting_and_history_and_incident_context(tmp_path: Path) -> None:
    async def go() -> None:
        async with chat_service(tmp_path / "state") as http:
            body = {
                "question": "which approvals are waiting for me?",
                "incident_id": INCIDENT_ID,
                "history": [{"role": "user", "text": "hi"}, {"role": "assistant", "text": "hello"}],
            }
            answer = events((await ask(http, body)).text)[-1][1]["answer"]
            assert answer["intent"] == "approvals"
            assert [c["kind"] for c in answer["citations"]].count("approval") == 1
            assert "slurm.drain_node" in answer["text"]

    run(go())


def test_bad_bodies_and_tokens_are_refused_as_json(tmp_path: Path) -> None:
    async def go() -> None:
        async with chat_service(tmp_path / "state") as http:
            empty = await ask(http, {"question": ""})
            assert empty.status_code == 422 and empty.json()["error"] == "invalid request"
            assert (await ask(http, {"question": "x", "execute": True})).status_code == 422
            wrong = await ask(http, {"question": "hi"}, headers={"Authorization": "Bearer nope"})
            assert wrong.status_code == 401 and "token" in wrong.json()["error"]

    run(go())


def test_a_proposal_is_stored_for_a_person_only_with_a_token(tmp_path: Path) -> None:
    async def go() -> None:
        state = tmp_path / "state"
        async with chat_service(state) as http:
            q = {"question": "propose drain node-02"}
            anon = events((await ask(http, q)).text)[-1][1]["answer"]
            assert anon["proposed"] == [], "anonymous chat proposes nothing"
            assert "Nothing was proposed" in anon["text"] and "not stored" not in anon["text"]
            auth = {"Authorization": "Bearer tok-alice"}
            signed = events((await ask(http, q, headers=auth)).text)[-1][1]["answer"]
            p = signed["proposed"][0]
            assert p["status"] == "pending" and p["executed"] is False
            assert ("approval", p["approval_id"]) in {
                (c["kind"], c["id"]) for c in signed["citations"]
            }
        reads, deps = open_reads(state)
        try:
            records = {r.approval_id: r for r in reads.approvals()}
            stored = records[p["approval_id"]]
            assert stored.request.requested_by == "alice"
            assert all(r.status == "pending" and not r.consumed for r in records.values())
        finally:
            deps.close()

    run(go())


def test_only_a_role_that_may_ask_files_a_request_and_as_its_token_s_identity(
    tmp_path: Path,
) -> None:
    """Issue 27 item 5: an identity with no role and the Alertmanager service identity filed
    drain requests through the chat; now only approvers and operators may, recorded as the
    token's identity."""

    async def go() -> None:
        state = tmp_path / "state"
        async with chat_service(state) as http:
            q = {"question": "propose drain node-02"}
            for token, who in (("tok-nobody", "nobody"), ("tok-am", "alertmanager")):
                auth = {"Authorization": f"Bearer {token}"}
                refused = events((await ask(http, q, headers=auth)).text)[-1][1]["answer"]
                assert refused["proposed"] == [], who
                assert f"{who} may not file approval requests" in refused["text"]
            auth = {"Authorization": "Bearer tok-carol"}
            filed = events((await ask(http, q, headers=auth)).text)[-1][1]["answer"]
            assert filed["proposed"][0]["status"] == "pending"
        reads, deps = open_reads(state)
        try:
            asked = [r.request.requested_by for r in reads.approvals() if r.request.requested_by]
            assert asked == ["carol"]
        finally:
            deps.close()

    run(go())


def test_every_serve_has_the_chat() -> None:
    assert chat_plugin in front_end_plugins(slack=False, mcp=False, perf=False)
