"""Approved performance requests run through the real approval gate and executors (against
the nvidia-smi stand-in of tests/bin, dry-run); pending, rejected, used and held ones do not."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from gpufleet.agents.perf.agent import PerfAgent
from gpufleet.agents.perf.execute import run_approved
from gpufleet.agents.perf.holds import Holds
from gpufleet.agents.perf.propose import file_requests
from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import collect
from gpufleet.bus.events import ActionResult, Event
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.decide import record_decision
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.approvals.policy import Policy
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario
from tests.test_executors import ON_EACH_NODE, Fleet


@pytest.fixture(scope="module")
def report() -> PerfReport:
    fleet = PerfFleet(PerfScenario(racks=3, duration_s=12 * 3600.0))
    return analyse(collect(fleet.chunks(), fleet.jobs), "sim")


def test_only_approved_unheld_requests_run_once(report: PerfReport, tmp_path: Path) -> None:
    db = tmp_path / "approvals.db"
    ids = file_requests(db, report.recommendations)
    assert len(ids) >= 3  # power-limit changes, one per rack
    now = report.window_end + 60.0
    registry = Fleet(tmp_path).registry(live=False, remote=ON_EACH_NODE)  # racks: many nodes
    gate = ApprovalGate.open(registry, Policy(), db)
    try:
        assert run_approved(gate, Holds(), now) == []  # nothing decided: everything waits
        ok, held, rejected = ids[:3]
        for aid, kind in ((ok, "approved"), (held, "approved"), (rejected, "rejected")):
            record_decision(gate.approvals, Policy(), aid, kind, by="alice", reason="t", now=now)
        held_node = str(gate.approvals.get(held).args["nodes"]).split(",")[0]  # type: ignore[union-attr]
        holds = Holds.from_snapshot({"inc-1": [held_node]})
        runs = {e.approval_id: e for e in run_approved(gate, holds, now + 1)}
        assert set(runs) == {ok, held}
        assert runs[ok].result.status == "dry_run", runs[ok].result.error
        assert "nvidia-smi" in runs[ok].result.query and runs[ok].initiator == "alice"
        assert runs[held].result.status == "error" and "held by incident inc-1" in (
            runs[held].result.error or ""
        )
        # the used approval never runs again; the held one runs once the hold is gone
        again = run_approved(gate, Holds(), now + 2)
        assert [e.approval_id for e in again] == [held]
    finally:
        gate.close()


def test_agent_publishes_the_outcome_of_an_approved_request(
    report: PerfReport, tmp_path: Path
) -> None:
    db = tmp_path / "approvals.db"
    first = file_requests(db, report.recommendations)[0]
    now = report.window_end + 60.0
    registry = Fleet(tmp_path).registry(live=False, remote=ON_EACH_NODE)  # racks: many nodes
    gate = ApprovalGate.open(registry, Policy(), db)

    async def scenario() -> list[Event]:
        bus = InProcessBus()
        seen: list[Event] = []

        async def keep(event: Event) -> None:
            seen.append(event)

        bus.subscribe("action", "test", keep)
        agent = PerfAgent(bus, lambda: report)
        await bus.start()
        assert await agent.execute_approved(gate, now) == []  # pending: waits
        record_decision(gate.approvals, Policy(), first, "approved", by="bob", reason="t", now=now)
        await agent.execute_approved(gate, now + 1)
        await bus.drain()
        await bus.close()
        return seen

    try:
        (event,) = asyncio.run(scenario())
    finally:
        gate.close()
    assert isinstance(event, ActionResult)
    assert (event.approval_id, event.status, event.initiator, event.dry_run) == (
        first,
        "dry_run",
        "bob",
        True,
    )
