"""Shadow mode is enforced at the gate: whichever way a state-changing call arrives (a policy
rule's pre-approval, a person's approval recorded by the CLI/API rule, an MCP proposal run after
approval, the diagnosis graph), no executor runs; the gate records what would have run.

The state-changing tool appends to a file, so "never ran" is read from the file."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gpufleet.agents.sre.proposals import propose, run_approved
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.breaker import BlastRadiusBreaker
from gpufleet.graph.approvals.decide import record_decision
from gpufleet.graph.approvals.gate import SHADOW_NOTE, ActionContext, ApprovalGate
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Policy, PolicyError, parse_policy
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.shadow.ledger import ShadowLedger
from gpufleet.graph.tools import ToolCall, ToolRegistry
from gpufleet.service.app import create_app
from gpufleet.service.auth import TokenTable
from gpufleet.service.context import ServiceContext
from gpufleet.service.incidents import IncidentBook
from gpufleet.service.server import HttpServer
from tests.test_proposals import T0, incident, side_effect_tools

SHADOW = """
mode: shadow
approvers:
  - {name: alice, roles: [sre-lead]}
canary_nodes:
  - {name: canary, nodes: [node-02], tools: [slurm.drain_node]}
"""


class Stores:
    def __init__(self, root: Path, policy: Policy) -> None:
        db = root / "approvals.db"
        self.log = root / "side-effects.log"
        self.shadow = ShadowLedger(root / "shadow.db")
        self.gate = ApprovalGate(
            ToolRegistry(side_effect_tools(self.log)),
            policy,
            ApprovalStore(db),
            BlastRadiusBreaker(db, policy.breaker),
            AuditLog(root / "audit.db"),
            shadow=self.shadow,
        )
        self.ledger = ExecutionLedger(db)

    def ran(self) -> list[str]:
        return self.log.read_text().splitlines() if self.log.exists() else []

    def close(self) -> None:
        self.gate.close()
        self.ledger.close()
        self.shadow.close()


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[Stores]:
    s = Stores(tmp_path, parse_policy(SHADOW))
    yield s
    s.close()


DRAIN = ToolCall(tool="slurm.drain_node", args={"node": "node-02", "reason": "gpufleet inc-dbe"})
CTX = ActionContext(incident_id="inc-dbe", action_class="hardware_ticket", evidence=("E01 DBE",))


def test_policy_mode_is_strict() -> None:
    assert parse_policy("mode: shadow").mode == "shadow"
    assert Policy().mode == "enforce"
    with pytest.raises(PolicyError, match="mode"):
        parse_policy("mode: pretend")
    with pytest.raises(PolicyError, match="unknown key"):
        parse_policy("mdoe: shadow")


def test_pre_approved_by_a_policy_rule_runs_nothing(stores: Stores) -> None:
    decision = stores.gate.classify(DRAIN.tool, DRAIN.args, "node-02", T0)
    assert decision.kind == "run" and decision.shadow and decision.reason == SHADOW_NOTE
    result = stores.gate.execute(DRAIN, context=CTX, initiator="agent", now=T0)
    assert result.status == "dry_run" and result.error == SHADOW_NOTE
    assert stores.ran() == []
    [recorded] = stores.shadow.proposals(0, T0 + 1)
    assert (recorded.node, recorded.tool, recorded.action_class) == (
        "node-02",
        "slurm.drain_node",
        "hardware_ticket",
    )
    assert recorded.evidence == ("E01 DBE",) and recorded.at == T0
    [audit] = [r for r in stores.gate.audit.records() if r.tool == DRAIN.tool]
    assert audit.status == "dry_run" and audit.error == SHADOW_NOTE


def test_a_persons_approval_runs_nothing(stores: Stores) -> None:
    # the rule `gpufleet approve` and POST /approvals/{id}/approve both use
    request = stores.gate.request_approval(DRAIN, context=CTX, step_index=0, now=T0)
    recorded = record_decision(
        stores.gate.approvals,
        stores.gate.policy,
        request.approval_id,
        "approved",
        by="alice",
        reason="go",
        now=T0 + 1,
    )
    assert recorded.record.status == "approved"
    result = stores.gate.execute(
        DRAIN, context=CTX, initiator="alice", approval=request.approval_id, now=T0 + 2
    )
    assert result.status == "dry_run" and stores.ran() == []
    [shadowed] = stores.shadow.proposals(0, T0 + 10)
    assert shadowed.approval_id == request.approval_id and shadowed.initiator == "alice"


def test_an_approved_mcp_proposal_runs_nothing(stores: Stores) -> None:
    proposal = propose(
        stores.gate,
        incident(),
        "slurm.drain_node",
        {"node": "node-02", "reason": "mcp: DBE"},
        requested_by="claude",
        reason="DBE",
        now=T0,
    )
    record_decision(
        stores.gate.approvals,
        stores.gate.policy,
        proposal.request.approval_id,
        "approved",
        by="alice",
        reason="ok",
        now=T0 + 1,
    )
    [run] = run_approved(stores.gate, stores.ledger, now=T0 + 2)
    assert run.result.status == "dry_run" and stores.ran() == []
    assert [p.tool for p in stores.shadow.proposals(0, T0 + 10)] == ["slurm.drain_node"]


def test_enforce_mode_still_runs_the_same_call(tmp_path: Path) -> None:
    # the control: without `mode: shadow` the very same pre-approved call reaches the executor
    s = Stores(tmp_path, parse_policy(SHADOW.replace("mode: shadow", "mode: enforce")))
    try:
        result = s.gate.execute(DRAIN, context=CTX, initiator="agent", now=T0)
        assert result.status == "ok" and s.ran() == ["drain node-02 gpufleet inc-dbe"]
        assert s.shadow.proposals(0, T0 + 1) == []
    finally:
        s.close()


def test_recording_is_idempotent(stores: Stores) -> None:
    for _ in range(3):  # a resumed graph replays its step
        stores.gate.execute(DRAIN, context=CTX, initiator="agent", now=T0)
    assert len(stores.shadow.proposals(0, T0 + 1)) == 1


def test_an_approval_through_the_http_api_runs_nothing(tmp_path: Path) -> None:
    # the real API (uvicorn on 127.0.0.1) records alice's approval; the thread that resumes
    # afterwards reaches the gate, which in shadow mode never calls the executor
    s = Stores(tmp_path, parse_policy(SHADOW))
    request = s.gate.request_approval(DRAIN, context=CTX, step_index=0, now=T0)

    async def approve() -> None:
        log = EventLog(":memory:")
        bus = InProcessBus(log)
        await bus.start()
        ctx = ServiceContext(
            state_dir=tmp_path,
            policy=s.gate.policy,
            event_log=log,
            bus=bus,
            tokens=TokenTable.of({"tok-alice": "alice"}),
            clock=lambda: T0 + 60,
        )
        server = HttpServer(create_app(ctx, book=IncidentBook()))
        await server.start()
        try:
            async with httpx.AsyncClient(base_url=server.url, trust_env=False) as http:
                r = await http.post(
                    f"/api/v1/approvals/{request.approval_id}/approve",
                    json={"reason": "go"},
                    headers={"Authorization": "Bearer tok-alice"},
                )
                assert r.status_code == 200, r.text
        finally:
            await server.stop()
            await bus.close()
            log.close()

    try:
        asyncio.run(approve())
        stored = s.gate.approvals.get(request.approval_id)
        assert stored is not None and stored.status == "approved"
        result = s.gate.execute(
            DRAIN, context=CTX, initiator="alice", approval=request.approval_id, now=T0 + 61
        )
        assert result.status == "dry_run" and s.ran() == []
        assert [p.approval_id for p in s.shadow.proposals(0, T0 + 100)] == [request.approval_id]
    finally:
        s.close()
