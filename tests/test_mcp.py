"""The MCP server with the real mcp client: over stdio against the ``gpufleet mcp`` process, and
over streamable HTTP against uvicorn on 127.0.0.1 serving a minimal Starlette app with the
service's ``/mcp`` route.

The state directory is the one ``gpufleet diagnose evals/examples/dbe-recorded`` leaves: one
DBE incident on node-02, paused before ``slurm.drain_node``. A proposal made over MCP must show
up pending in ``gpufleet approvals``, run nothing, and run exactly once after a person approves
it (the proposal executor's drain appends to a file).
"""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import socket
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from mcp import Client, ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client
from mcp_types import CallToolResult, Implementation

from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.proposals import ProposalExecutor, run_approved
from gpufleet.agents.sre.runtime import Origin
from gpufleet.cli.main import main
from gpufleet.cli.sre import open_runtime, recorded_fleet, run_diagnosis
from gpufleet.graph.approvals.decide import record_decision
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.tools import ToolRegistry
from gpufleet.service.auth import Roles
from gpufleet.service.mcp.deps import McpDeps, local_identity, open_state_deps, runtime_deps
from gpufleet.service.mcp.server import build_server, mcp_http
from tests.test_proposals import side_effect_tools

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
CLIENT = Implementation(name="ops-agent", version="1.0")
TOKENS = {
    "s3cret-alice": "alice",
    "s3cret-nobody": "nobody",
    "s3cret-am": "alertmanager",
}
ROLES = Roles({"alice": frozenset({"approver"}), "alertmanager": frozenset({"service"})})


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


@pytest.fixture(scope="module")
def diagnosed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    state = tmp_path_factory.mktemp("mcp-state")
    code, text = run_cli("diagnose", str(DBE), "--state-dir", str(state))
    assert code == 0, text
    return state


@pytest.fixture
def state(diagnosed: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "state"
    shutil.copytree(diagnosed, copy)
    return copy


def pending(state: Path) -> list[dict[str, Any]]:
    code, text = run_cli("approvals", "--state-dir", str(state), "--json")
    assert code == 0, text
    rows: list[dict[str, Any]] = json.loads(text)
    return rows


def data(result: CallToolResult) -> dict[str, Any]:
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


def error_text(result: CallToolResult) -> str:
    assert result.is_error
    return " ".join(getattr(c, "text", "") for c in result.content)


async def exercise(session: ClientSession) -> dict[str, Any]:
    """What both transports must do alike; returns the proposal receipt."""
    tools = {t.name: t for t in (await session.list_tools()).tools}
    assert {"list_incidents", "get_incident", "list_waiting", "propose_action"} <= set(tools)
    assert all(t.input_schema and t.output_schema and t.description for t in tools.values())
    assert not {n for n in tools if any(w in n for w in ("approve", "decide", "execute", "settle"))}
    incidents = data(await session.call_tool("list_incidents", {}))["incidents"]
    assert [i["root_entity"] for i in incidents] == ["node-02/gpu5"]
    iid = incidents[0]["incident_id"]
    detail = data(await session.call_tool("get_incident", {"incident_id": iid}))
    assert detail["causes"][0]["card_id"] == "ecc-dbe"
    assert any(s["tool"] == "slurm.drain_node" for s in detail["plan"])
    waiting = data(await session.call_tool("list_waiting", {}))
    assert [a["tool"] for a in waiting["approvals"]] == ["slurm.drain_node"]
    xid = data(await session.call_tool("lookup_xid", {"code": 48}))
    assert xid["mnemonic"] == "ROBUST_CHANNEL_GPU_ECC_DBE"
    outside = await session.call_tool(
        "propose_action",
        {
            "incident_id": iid,
            "tool": "slurm.drain_node",
            "args": {"node": "node-01", "reason": "x"},
            "reason": "wider",
        },
    )
    assert "node-01" in error_text(outside)
    receipt = data(
        await session.call_tool(
            "propose_action",
            {
                "incident_id": iid,
                "tool": "slurm.drain_node",
                "args": {"node": "node-02", "reason": "DBE on GPU 5"},
                "reason": "Xid 48 then 63",
            },
        )
    )
    assert receipt["status"] == "pending" and receipt["executed"] is False
    return receipt


def executor_gate(state: Path, side_effects: Path) -> tuple[ApprovalGate, McpDeps]:
    """The service side: a gate over the same state whose drain has a real side effect."""
    deps = open_state_deps(SreConfig(state_dir=state))
    gate = ApprovalGate(
        ToolRegistry(side_effect_tools(side_effects)),
        deps.gate.policy,
        deps.gate.approvals,
        deps.gate.breaker,
        deps.gate.audit,
    )
    return gate, deps


def approve_and_run(state: Path, approval_id: str, side_effects: Path) -> None:
    gate, deps = executor_gate(state, side_effects)
    try:
        assert run_approved(gate, deps.ledger, 2e9) == []  # pending: nothing runs
        assert not side_effects.exists()
        record_decision(
            deps.gate.approvals,
            gate.policy,
            approval_id,
            "approved",
            by="alice",
            reason="ok",
            now=2e9,
        )
        runs = run_approved(gate, deps.ledger, 2e9 + 1)
        assert [(r.request.approval_id, r.result.status) for r in runs] == [(approval_id, "ok")]
        assert run_approved(gate, deps.ledger, 2e9 + 2) == []
    finally:
        deps.close()
    assert side_effects.read_text().splitlines() == ["drain node-02 DBE on GPU 5"]


# --------------------------------------------------------------------------- stdio
def test_stdio_reads_proposes_and_a_person_approves(state: Path, tmp_path: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "gpufleet.cli", "mcp", "--state-dir", str(state)],
        cwd=str(ROOT),
    )

    async def session() -> dict[str, Any]:
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, client_info=CLIENT) as s,
        ):
            await s.initialize()
            return await exercise(s)

    receipt = asyncio.run(session())
    me = local_identity()  # stdio: the account running the server, not the client's name
    assert receipt["requested_by"] == me
    rows = {r["approval_id"]: r for r in pending(state)}
    assert rows[receipt["approval_id"]]["requested_by"] == me
    code, listing = run_cli("approvals", "--state-dir", str(state))
    assert code == 0 and f"proposed by {me}" in listing
    approve_and_run(state, receipt["approval_id"], tmp_path / "ran.log")
    assert receipt["approval_id"] not in {r["approval_id"] for r in pending(state)}


# --------------------------------------------------------------------------- HTTP
class Tokens:
    def identity(self, token: str) -> str | None:
        return TOKENS.get(token)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@asynccontextmanager
async def serving(state: Path, *, anonymous_reads: bool) -> AsyncIterator[str]:
    deps = open_state_deps(SreConfig(state_dir=state))
    deps.roles = ROLES  # as the service gives its token roles
    endpoint = mcp_http(deps, Tokens(), anonymous_reads=anonymous_reads)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        async with endpoint.lifespan():
            yield

    # as the service's app plugs it in: a mount at /mcp, the session manager in the lifespan
    app = FastAPI(lifespan=lifespan)
    app.mount("/mcp", endpoint.app)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    task = asyncio.create_task(server.serve())
    try:
        while not server.started:
            await asyncio.sleep(0.05)
            assert not task.done(), "uvicorn stopped"
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        server.should_exit = True
        await task
        deps.close()


@asynccontextmanager
async def http_session(url: str, token: str | None) -> AsyncIterator[ClientSession]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with (
        create_mcp_http_client(headers=headers) as http,
        streamable_http_client(url, http_client=http) as (read, write),
        ClientSession(read, write, client_info=CLIENT) as s,
    ):
        await s.initialize()
        yield s


def test_http_with_the_token_reads_proposes_and_a_person_approves(
    state: Path, tmp_path: Path
) -> None:
    async def run() -> dict[str, Any]:
        async with (
            serving(state, anonymous_reads=False) as url,
            http_session(url, "s3cret-alice") as s,
        ):
            return await exercise(s)

    receipt = asyncio.run(run())
    assert receipt["requested_by"] == "alice"  # the token's identity, not the client's name
    rec = ApprovalStore(state / "approvals.db").get(receipt["approval_id"])
    assert rec is not None and rec.thread_id == "proposal:alice"  # names no path
    assert receipt["approval_id"] in {r["approval_id"] for r in pending(state)}
    approve_and_run(state, receipt["approval_id"], tmp_path / "ran.log")


@pytest.mark.parametrize(
    "authorization", [None, "Bearer wrong", "Basic YWxpY2U6cw==", "s3cret-alice"]
)
def test_http_without_a_valid_token_gets_401_and_changes_nothing(
    state: Path, authorization: str | None
) -> None:
    before = pending(state)

    async def run() -> list[int]:
        async with serving(state, anonymous_reads=False) as url:
            headers = {"Authorization": authorization} if authorization is not None else {}
            body = {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "initialize",
                "params": {
                    "protocolVersion": "2025-06-18",
                    "capabilities": {},
                    "clientInfo": {"name": "x", "version": "1"},
                },
            }
            accept = {"Accept": "application/json, text/event-stream"}
            async with httpx.AsyncClient() as c:
                r1 = await c.post(url + "/", json=body, headers=headers | accept)
                r2 = await c.get(url + "/", headers=headers | accept)
            return [r1.status_code, r2.status_code]

    assert asyncio.run(run()) == [401, 401]
    assert pending(state) == before


def test_http_anonymous_reads_when_allowed_but_never_proposals(state: Path) -> None:
    async def run() -> tuple[int, str]:
        async with serving(state, anonymous_reads=True) as url, http_session(url, None) as s:
            listed = data(await s.call_tool("list_incidents", {}))["incidents"]
            iid = listed[0]["incident_id"]
            refused = await s.call_tool(
                "propose_action",
                {
                    "incident_id": iid,
                    "tool": "slurm.drain_node",
                    "args": {"node": "node-02", "reason": "x"},
                    "reason": "y",
                },
            )
            return len(listed), error_text(refused)

    n, why = asyncio.run(run())
    assert n == 1 and "API token with the approver or operator role" in why
    assert [r["tool"] for r in pending(state)] == ["slurm.drain_node"]  # only the graph's own


def test_http_tokens_without_a_role_that_may_ask_file_nothing(state: Path) -> None:
    """Issue 27 item 5: an identity with no role and the Alertmanager service identity filed
    a node.reboot over MCP. Now both are refused, whatever the client calls itself."""
    forged_name = Implementation(name="alice-approver-SYSTEM", version="1")

    async def ask(token: str) -> str:
        async with serving(state, anonymous_reads=False) as url:
            headers = {"Authorization": f"Bearer {token}"}
            async with (
                create_mcp_http_client(headers=headers) as http,
                streamable_http_client(url, http_client=http) as (read, write),
                ClientSession(read, write, client_info=forged_name) as s,
            ):
                await s.initialize()
                iid = data(await s.call_tool("list_incidents", {}))["incidents"][0]["incident_id"]
                refused = await s.call_tool(
                    "propose_action",
                    {
                        "incident_id": iid,
                        "tool": "node.reboot",
                        "args": {"node": "node-02"},
                        "reason": "Xid 79",
                    },
                )
                return error_text(refused) if refused.is_error else "filed"

    assert "nobody may not file approval requests" in asyncio.run(ask("s3cret-nobody"))
    am = asyncio.run(ask("s3cret-am"))
    assert "alertmanager may not file approval requests" in am and "service" in am
    assert [r["tool"] for r in pending(state)] == ["slurm.drain_node"]  # only the graph's own


# --------------------------------------------------------------------------- in the service
def test_in_the_service_fleet_reads_and_approved_proposals_run_once(tmp_path: Path) -> None:
    """Wired as ``gpufleet serve`` wires it: the SRE runtime's gate (replayed DBE fleet, SLURM
    changes recorded in dry-run) for reads and proposals, the proposal executor on its gate."""
    fleet, incidents = recorded_fleet(DBE)
    rt = open_runtime(SreConfig(state_dir=tmp_path / "state"), fleet)
    inc = incidents[0]
    run_diagnosis(rt, inc, Origin(kind="recorded", folder=str(DBE)), now=inc.updated_at)
    deps = runtime_deps(rt, clock=lambda: inc.updated_at + 60)
    executor = ProposalExecutor(rt.deps.gate, rt.deps.ledger)

    async def run() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        async with Client(build_server(deps), client_info=CLIENT) as c:
            names = {t.name for t in (await c.list_tools()).tools}
            assert {"kernel_log_search", "metrics_history", "slurm_show_node"} <= names
            window = {"start": inc.opened_at - 3600, "end": inc.updated_at}
            logs = data(
                await c.call_tool("kernel_log_search", {"args": {"nodes": ["node-02"], **window}})
            )
            node = data(await c.call_tool("slurm_show_node", {"args": {"node": "node-02"}}))
            hits = data(
                await c.call_tool(
                    "search_knowledge", {"text_query": "double-bit ECC", "xids": [48]}
                )
            )
            assert hits["hits"][0]["card_id"] == "ecc-dbe"
            seen = data(
                await c.call_tool(
                    "similar_incidents",
                    {"text_query": "nvidia-smi: No devices were found after the kernel update"},
                )
            )["precedents"]
            assert len(seen) == 8 and all(p["source"] and p["cause"] for p in seen)
            assert [p["similarity"] for p in seen] == sorted(
                (p["similarity"] for p in seen), reverse=True
            )
            receipt = data(
                await c.call_tool(
                    "propose_action",
                    {
                        "incident_id": inc.incident_id,
                        "tool": "slurm.drain_node",
                        "args": {"node": "node-02", "reason": "DBE"},
                        "reason": "Xid 48",
                    },
                )
            )
            return logs, node, receipt

    try:
        logs, node, receipt = asyncio.run(run())
        assert logs["status"] == "ok" and any("Xid" in e["line"] for e in logs["data"])
        assert node["status"] == "ok"
        reads = [a for a in rt.audit.records() if a.requested_by == "local" and a.risk == "read"]
        assert {a.tool for a in reads} == {"kernel_log.search", "slurm.show_node"}
        assert asyncio.run(executor.poll(inc.updated_at + 70)) == []  # pending: nothing runs
        record_decision(
            rt.approvals,
            rt.deps.gate.policy,
            receipt["approval_id"],
            "approved",
            by="alice",
            reason="ok",
            now=inc.updated_at + 80,
        )
        runs = asyncio.run(executor.poll(inc.updated_at + 90))
        assert [r.result.status for r in runs] == ["dry_run"]
        assert "State=DRAIN" in runs[0].result.query
        assert asyncio.run(executor.poll(inc.updated_at + 100)) == []
        drains = [
            a
            for a in rt.audit.records()
            if a.tool == "slurm.drain_node" and a.approval_id == receipt["approval_id"]
        ]
        assert [a.status for a in drains] == ["pending_approval", "dry_run"]  # asked, ran once
    finally:
        rt.close()


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--state-dir", "/nonexistent/state"], "no such state directory"),
        (["--events-db", "/nonexistent/events.db"], "no such event log"),
    ],
)
def test_gpufleet_mcp_refuses_bad_input_in_one_line(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    if "--state-dir" not in argv:
        argv = [*argv, "--state-dir", str(tmp_path)]
    code, out = run_cli("mcp", *argv)
    err = capsys.readouterr().err
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1
