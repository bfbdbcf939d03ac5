"""The background performance agent on the real in-process bus: recommendations published,
actions filed as approval requests that wait, and no action on a node the SRE agent holds."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from pydantic import ValidationError

from gpufleet.agents.perf.agent import PerfAgent
from gpufleet.agents.perf.graph import PlannerDeps, plan
from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import collect
from gpufleet.bus.events import (
    EVENT_ADAPTER,
    Event,
    Family,
    Incident,
    Phase,
    Recommendation,
    RecommendationIssued,
    Scope,
    Severity,
    event_topic,
    incident_opened,
    incident_updated,
    recommendation_issued,
)
from gpufleet.bus.memory import InProcessBus
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario


@pytest.fixture(scope="module")
def report() -> PerfReport:
    fleet = PerfFleet(PerfScenario(racks=2, nodes_per_rack=8, duration_s=12 * 3600.0))
    return analyse(collect(fleet.chunks(), fleet.jobs), "sim")


def _incident(phase: Phase = Phase.DETECTED) -> Incident:
    inc = Incident(
        incident_id="inc-fan",
        title="fan failure",
        family=Family.THERMAL,
        scope=Scope.CHASSIS,
        root_entity="node-03/gpu4",
        severity=Severity.CRITICAL,
        opened_at=1.0,
        updated_at=1.0,
        last_anomaly_at=1.0,
        entities=("node-03/gpu4",),
        symptoms=("gpu_temp_high",),
        anomaly_ids=("an-1",),
        anomaly_count=1,
    )
    return inc if phase is Phase.DETECTED else inc.advance(phase, 2.0, "fixed", by="sre")


def _power_nodes(approvals: ApprovalStore) -> dict[str, str]:
    """Pending power-limit requests: their node list → approval id."""
    return {str(r.args["nodes"]): r.approval_id for r in approvals.pending()}


async def _scenario(
    report: PerfReport, db: Path
) -> tuple[list[RecommendationIssued], list[dict[str, str]]]:
    bus = InProcessBus()
    got: list[RecommendationIssued] = []

    async def collect_recs(event: Event) -> None:
        assert isinstance(event, RecommendationIssued)
        got.append(event)

    bus.subscribe("recommendation", "test", collect_recs)
    agent = PerfAgent(bus, lambda: report, approvals_db=db)
    agent.start()
    await bus.start()
    pending = []
    await bus.publish(incident_opened(_incident()))  # the SRE agent holds node-03
    await bus.drain()
    await agent.run_once()
    await bus.drain()
    with ApprovalStore(db) as store:
        pending.append(_power_nodes(store))
    await bus.publish(incident_updated(_incident(Phase.RESOLVED), "phase"))  # released
    await bus.drain()
    await agent.run_once()
    await bus.drain()
    with ApprovalStore(db) as store:
        pending.append(_power_nodes(store))
    await bus.close()
    return got, pending


def test_agent_publishes_and_never_acts_on_a_held_node(report: PerfReport, tmp_path: Path) -> None:
    got, (while_held, after) = asyncio.run(_scenario(report, tmp_path / "approvals.db"))
    plan = [r for r in report.recommendations if r.action is not None]
    rack1 = next(r for r in plan if "node-03" in str(r.action.args["nodes"]))  # type: ignore[union-attr]
    assert len(plan) >= 2
    first = got[: len(report.recommendations)]
    assert [e.recommendation.recommendation_id for e in first] == [
        r.recommendation_id for r in report.recommendations
    ]
    held = next(
        e.recommendation
        for e in first
        if e.recommendation.recommendation_id == rack1.recommendation_id
    )
    assert held.action is None and any("held by incident inc-fan" in x for x in held.evidence)
    # while held: every other action waits for approval, none on node-03
    assert not [n for n in while_held if "node-03" in n]
    assert len(while_held) == len(plan) - 1
    # once the incident resolves, the action on rack 1 is requested too (and only requested)
    assert len(after) == len(plan) and any("node-03" in n for n in after)
    with ApprovalStore(tmp_path / "approvals.db") as store:
        assert all(store.get(a).decision is None for a in after.values())  # type: ignore[union-attr]


def test_planner_graph_ranks_withholds_and_files(report: PerfReport, tmp_path: Path) -> None:
    recs = list(reversed(report.recommendations))  # the graph ranks, whatever the input order
    actions = [r for r in report.recommendations if r.action is not None]
    held_node = str(actions[0].action.args["nodes"]).split(",")[0]  # type: ignore[union-attr]
    ranked, filed = plan(recs, {"inc-x": [held_node]}, PlannerDeps(approvals_db=tmp_path / "a.db"))
    assert [r.recommendation_id for r in ranked] == [
        r.recommendation_id for r in report.recommendations
    ]
    assert len(filed) == len(actions) - 1
    withheld = next(r for r in ranked if r.recommendation_id == actions[0].recommendation_id)
    assert withheld.action is None and withheld.risk == "read"
    top, none_filed = plan(recs, {}, PlannerDeps(top=2))  # no store: plan only
    assert len(top) == 2 and none_filed == []


def test_recommendation_event_round_trips_and_is_strict(report: PerfReport) -> None:
    rec = next(r for r in report.recommendations if r.action is not None)
    event = recommendation_issued(rec)
    assert event_topic(event) == "recommendation"
    back = EVENT_ADAPTER.validate_json(EVENT_ADAPTER.dump_json(event))
    assert back == event and recommendation_issued(rec).event_id == event.event_id
    doc = rec.model_dump(mode="json")
    with pytest.raises(ValidationError):
        Recommendation.model_validate({**doc, "surprise": 1})
    with pytest.raises(ValidationError):
        Recommendation.model_validate({**doc, "gain": {**doc["gain"], "unit": "bananas"}})
