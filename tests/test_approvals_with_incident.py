"""Issue 24: an incident is state, and its approvals live and die with it.

End to end on the suite's recorded fan failure (fan-failure-1), through the pipeline as
``gpufleet serve`` wires it (event log, in-process bus, NOC, Alertmanager intake, SRE agent,
approval store; :mod:`evals.restart`): an Alertmanager HBM-temperature alert for the failing GPU
fires before the NOC sees the fault, and the process restarts mid-incident. One incident, one
drain request. Resolving the incident withdraws the request (audited, announced, the Slack card
folds it); deciding it is refused with one line by the CLI, the API (409) and the decision rule
Slack uses. The store keeps one pending request per (action, target) across incidents.
"""

from __future__ import annotations

import asyncio
import io
from pathlib import Path

import pytest

from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.runtime import Shared, build_runtime, replay_tools
from gpufleet.agents.sre.service import RESOLVED_REASON, SreService
from gpufleet.bus.events import ActionProposed, ApprovalDecided, Event, IncidentUpdated, Phase
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.cli.main import main
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.evals.restart import LiveRun, replay_live
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.decide import DecisionRefusedError, record_decision
from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.graph.approvals.store import (
    WITHDRAWN_BY,
    ApprovalRequest,
    ApprovalStore,
    AttachedError,
    WithdrawnError,
)
from gpufleet.service.slack.card import IncidentCard, apply
from tests.test_incidents_as_state import FAN, hbm_alert
from tests.test_service_app import ALICE, service

POLICY = Policy(approvers=[Approver(name="alice", roles=["sre-lead"])])


@pytest.fixture(scope="module")
def shared() -> Shared:
    return Shared.load()


@pytest.fixture(scope="module")
def fan(tmp_path_factory: pytest.TempPathFactory) -> LoadedIncident:
    return load_incident(FAN, tmp_path_factory.mktemp("cache"))


@pytest.fixture(scope="module")
def live(
    fan: LoadedIncident, shared: Shared, tmp_path_factory: pytest.TempPathFactory
) -> tuple[LiveRun, Path]:
    onset = fan.spec.truth.faults[0].onset
    state = tmp_path_factory.mktemp("state")
    run = replay_live(
        fan,
        state,
        shared=shared,
        restart_at=onset + 900,  # the incident and its drain request exist by then
        alerts=[(onset + 60, hbm_alert(onset + 60))],
    )
    return run, state


def test_an_alert_a_noc_fault_and_a_restart_are_one_incident_and_one_request(
    live: tuple[LiveRun, Path],
) -> None:
    run, _ = live
    assert run.restarted_at is not None and len(run.known_at_restart) == 1
    assert [i.incident_id for i in run.opened] == run.known_at_restart  # nothing opened again
    assert run.second_incidents == [] and run.duplicate_requests == []
    drains = [r for r in run.requests if r.tool == "slurm.drain_node"]
    assert len(drains) == 1 and drains[0].status == "pending"
    assert drains[0].args["node"] == "node-05"
    assert drains[0].incident_id == run.opened[0].incident_id


def resolve(state: Path, shared: Shared, fan: LoadedIncident, run: LiveRun) -> list[Event]:
    """The incident resolves (its source says so), seen by a running SRE agent on the state."""
    inc = run.opened[0]
    done = inc.advance(Phase.RESOLVED, inc.updated_at + 3600, "fan replaced", by="alertmanager")
    seen: list[Event] = []

    async def scenario() -> None:
        log = EventLog(state / "events.db", fsync=False)
        bus = InProcessBus(log)
        cfg = SreConfig(state_dir=state)
        fleet = fan.replay_fleet()
        rt = build_runtime(cfg, fleet, replay_tools(cfg, fleet), shared=shared, state_dir=state)
        agent = SreService(rt, bus)

        async def record(event: Event) -> None:
            seen.append(event)

        bus.subscribe("*", "test-recorder", record)
        await agent.start()
        await bus.start()
        await bus.publish(
            IncidentUpdated(
                event_id="ev-resolved", time=done.updated_at, change="phase", incident=done
            )
        )
        await agent.drain()
        await agent.close()
        await bus.close()
        rt.close()
        log.close()

    asyncio.run(scenario())
    return seen


def test_resolving_the_incident_withdraws_its_request_and_a_decision_is_refused(
    live: tuple[LiveRun, Path],
    fan: LoadedIncident,
    shared: Shared,
    capsys: pytest.CaptureFixture[str],
) -> None:
    run, state = live
    [aid] = [r.approval_id for r in run.requests if r.tool == "slurm.drain_node"]
    other = drain("inc-other", at=run.opened[0].updated_at)  # another incident, same drain
    with ApprovalStore(state / "approvals.db") as store:
        store.request(other)
        assert [r.approval_id for r in store.attached(aid)] == [other.approval_id]
    seen = resolve(state, shared, fan, run)
    with ApprovalStore(state / "approvals.db") as store:
        rec = store.get(aid)
        assert rec is not None and rec.withdrawn and rec.reason == RESOLVED_REASON
        # the other incident still needs its drain: its request is now the one asked
        assert store.pending() == [other]
    [proposed] = [
        e for e in seen if isinstance(e, ActionProposed) and e.approval_id == other.approval_id
    ]
    assert proposed.incident_id == "inc-other" and proposed.step.args["node"] == "node-05"
    with ApprovalStore(state / "approvals.db") as store:
        # the rule every front end uses (CLI, API, Slack): refused, one line, why
        for decision in ("approved", "rejected"):
            with pytest.raises(DecisionRefusedError) as e:
                record_decision(store, POLICY, aid, decision, by="alice", reason="ok", now=1.0)
            assert e.value.status == "conflict"
            assert str(e.value) == (
                f"approval {aid} was withdrawn: incident resolved; there is nothing to decide"
            )
        with pytest.raises(WithdrawnError):
            store.decide(aid, "approved", by="alice", now=1.0)
    audit = AuditLog(SreConfig(state_dir=state).layout.audit)
    try:
        rows = [r for r in audit.records(rec.incident_id) if r.approval_id == aid]
    finally:
        audit.close()
    assert [(r.initiator, r.status, r.error) for r in rows if r.initiator == WITHDRAWN_BY] == [
        (WITHDRAWN_BY, "denied", RESOLVED_REASON)
    ]
    [announced] = [e for e in seen if isinstance(e, ApprovalDecided)]
    assert (announced.approval_id, announced.by, announced.reason) == (
        aid,
        WITHDRAWN_BY,
        RESOLVED_REASON,
    )
    # the Slack card folds the announcement: the step no longer offers Approve
    card = IncidentCard(incident_id=rec.incident_id)
    for ev in run.events + seen:
        card, _ = apply(card, ev)
    [step] = [s for s in card.steps if s.approval_id == aid]
    assert not step.awaiting_person and step.decision is not None
    assert step.decision.reason == RESOLVED_REASON

    # the CLI says why, and refuses a decision with one line
    out = io.StringIO()
    assert main(["approvals", "--state-dir", str(state)], out) == 0
    assert "withdrawn: incident resolved" in out.getvalue()
    assert main(["approve", aid, "--by", "alice", "--reason", "go", "--state-dir", str(state)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == (
        f"gpufleet approve: approval {aid} was withdrawn: incident resolved; "
        "there is nothing to decide"
    )

    async def api() -> None:
        async with service(state) as (http, _, _):
            r = await http.post(
                f"/api/v1/approvals/{aid}/approve", json={"reason": "go"}, headers=ALICE
            )
            assert r.status_code == 409 and "withdrawn: incident resolved" in r.json()["error"]
            listed = await http.get("/api/v1/approvals", params={"status": "withdrawn"})
            assert [a["request"]["approval_id"] for a in listed.json()["approvals"]] == [aid]

    asyncio.run(api())


# ----------------------------------------------------------------------------- the store
def drain(incident: str, node: str = "node-05", at: float = 100.0) -> ApprovalRequest:
    return ApprovalRequest.new(
        incident_id=incident,
        thread_id=f"th-{incident}",
        step_index=1,
        tool="slurm.drain_node",
        args={"node": node, "reason": f"gpufleet {incident}"},
        risk="mutate",
        created_at=at,
    )


def test_a_second_request_for_the_same_drain_attaches_to_the_first(tmp_path: Path) -> None:
    with ApprovalStore(tmp_path / "a.db") as store:
        first, second = drain("inc-1"), drain("inc-2", at=115.0)
        other = drain("inc-3", node="node-06", at=120.0)
        for r in (first, second, other):
            store.request(r)
        assert [r.approval_id for r in store.pending()] == [first.approval_id, other.approval_id]
        assert [r.approval_id for r in store.attached(first.approval_id)] == [second.approval_id]
        with pytest.raises(AttachedError, match=f"decide {first.approval_id}"):
            store.decide(second.approval_id, "approved", by="alice", now=130.0)
        store.decide(first.approval_id, "approved", by="alice", now=140.0)
        closed = store.get(second.approval_id)
        assert closed is not None and closed.withdrawn  # decided once, on the first
        assert closed.reason == (
            f"withdrawn: the same step was approved by alice on {first.approval_id}"
        )
        assert store.pending() == [other]


def test_withdrawing_the_first_hands_the_question_to_the_attached_one(tmp_path: Path) -> None:
    with ApprovalStore(tmp_path / "a.db") as store:
        first, second, third = drain("inc-1"), drain("inc-2", at=110.0), drain("inc-3", at=120.0)
        for r in (first, second, third):
            store.request(r)
        assert store.withdraw(first.approval_id, reason=RESOLVED_REASON, now=150.0) is not None
        assert [r.approval_id for r in store.pending()] == [second.approval_id]
        assert [r.approval_id for r in store.attached(second.approval_id)] == [third.approval_id]
        store.decide(second.approval_id, "rejected", by="alice", reason="no", now=160.0)
        assert store.pending(attached=True) == []


def test_an_explicit_proposal_stays_its_own_request_and_a_diagnosis_attaches_to_it(
    tmp_path: Path,
) -> None:
    with ApprovalStore(tmp_path / "a.db") as store:
        diagnosis = drain("inc-1")
        proposal = drain("inc-2", at=110.0).model_copy(
            update={"approval_id": "apr-proposal", "requested_by": "mcp:ops-agent"}
        )
        later = drain("inc-3", at=120.0)
        for r in (diagnosis, proposal, later):
            store.request(r)
        # what a person or an MCP client asked for is theirs to decide; gpufleet's own
        # second ask for the same drain waits on the first
        assert store.pending() == [diagnosis, proposal]
        assert store.attached(diagnosis.approval_id) == [later]


# ----------------------------------------------------------------------------- the eval column
def test_eval_restart_at_counts_second_incidents_and_duplicate_requests(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    (suite / FAN.name).symlink_to(FAN)
    out = io.StringIO()
    args = ["eval", "--suite", str(suite), "--only", "NOC", "--no-baselines", "--quiet"]
    assert main([*args, "--cache", str(tmp_path / "cache"), "--restart-at", "900"], out) == 0
    text = out.getvalue()
    assert "## Restart mid-incident (900 s after onset, state kept)" in text
    assert "**0 second incidents, 0 duplicate approval requests** over 1 incidents" in text
    assert "| fan-failure-1 | 1 | 0 | 1 (0) | 0 |" in text
    assert main([*args, "--restart-at", "-5"], io.StringIO()) == 2
    assert "--restart-at must be between 0 and 86400" in capsys.readouterr().err
