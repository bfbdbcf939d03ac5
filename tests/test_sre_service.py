"""The SRE agent on the bus: a recorded incident replayed through the NOC onto an in-process bus
is diagnosed by the subscribed agent, which publishes its diagnosis, proposal, phases and (after
a decision made elsewhere) its action result; duplicates, re-diagnoses and failures behave; and
``gpufleet watch --sre`` leaves a pending approval an operator can list."""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gpufleet.agents.pipeline import replay_noc
from gpufleet.agents.sre.config import SreConfig, load_sre_config
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.graph import thread_id_for
from gpufleet.agents.sre.live import SharedReplayFleet, live_wiring
from gpufleet.agents.sre.runtime import (
    Shared,
    SreRuntime,
    build_runtime,
    replay_tools,
)
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import (
    ActionProposed,
    ActionResult,
    ApprovalDecided,
    DiagnosisReady,
    Event,
    IncidentOpened,
    IncidentUpdated,
    Phase,
    Severity,
    incident_updated,
)
from gpufleet.bus.memory import InProcessBus
from gpufleet.cli.main import main
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.checkpoint import open_checkpointer
from gpufleet.graph.tools import Tool, ToolResult

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"


@dataclass
class Recorded:
    fleet: ReplayFleet
    events: list[Event]  # what the NOC published, in order

    @property
    def opened(self) -> IncidentOpened:
        return next(e for e in self.events if isinstance(e, IncidentOpened))


@pytest.fixture(scope="module")
def recorded() -> Recorded:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology, boot_times=inc.spec.boot_times)
    events = [e for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet) for e in evs]
    return Recorded(fleet, events)


@pytest.fixture(scope="module")
def shared() -> Shared:
    return Shared.load()


def runtime_for(
    state: Path, rec: Recorded, shared: Shared, tools: list[Tool] | None = None
) -> SreRuntime:
    cfg = SreConfig(state_dir=state)
    return build_runtime(
        cfg, rec.fleet, tools if tools is not None else replay_tools(cfg, rec.fleet), shared=shared
    )


class Harness:
    """A bus, the agent on it, and a recorder of everything published."""

    def __init__(self, rt: SreRuntime, max_attempts: int = 3) -> None:
        self.bus = InProcessBus(max_attempts=max_attempts)
        self.seen: list[Event] = []
        self.runtime = rt
        self.service = SreService(rt, self.bus)

    async def __aenter__(self) -> Harness:
        async def record(event: Event) -> None:
            self.seen.append(event)

        self.bus.subscribe("*", "recorder", record)
        await self.service.start()
        await self.bus.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.service.close()
        await self.bus.close()

    async def publish(self, events: list[Event]) -> None:
        for e in events:
            await self.bus.publish(e)
        await self.service.drain()

    def of(self, kind: type[Any]) -> list[Any]:
        return [e for e in self.seen if isinstance(e, kind)]

    def phases(self, incident_id: str) -> list[Phase]:
        return [
            e.incident.phase
            for e in self.seen
            if isinstance(e, IncidentUpdated)
            and e.change == "phase"
            and e.incident.incident_id == incident_id
        ]


def run(coro: Any) -> Any:
    return asyncio.run(coro)


@pytest.fixture
def rt(tmp_path: Path, recorded: Recorded, shared: Shared) -> Iterator[SreRuntime]:
    runtime = runtime_for(tmp_path / "state", recorded, shared)
    yield runtime
    runtime.close()


def test_incident_on_the_bus_is_diagnosed_and_proposed(rt: SreRuntime, recorded: Recorded) -> None:
    async def scenario() -> Harness:
        async with Harness(rt) as h:
            await h.publish(recorded.events)
            return h

    h = run(scenario())
    inc = recorded.opened.incident
    ready = h.of(DiagnosisReady)
    assert len(ready) == 1
    dx = ready[0].diagnosis
    assert dx.incident_id == inc.incident_id and dx.top.card_id == "ecc-dbe"
    assert dx.time == inc.updated_at  # replay: the incident's time, not the wall clock
    proposed = h.of(ActionProposed)
    assert [p.step.tool for p in proposed] == ["slurm.drain_node"]
    assert proposed[0].step.args["node"] == "node-02"
    assert proposed[0].approval_id in h.service.paused.values()
    # detected (the NOC) → diagnosing → awaiting_approval (the agent), in that order
    assert inc.phase is Phase.DETECTED
    assert h.phases(inc.incident_id) == [Phase.DIAGNOSING, Phase.AWAITING_APPROVAL]
    order = [type(e).__name__ for e in h.seen if not isinstance(e, IncidentOpened)]
    assert order.index("DiagnosisReady") < order.index("ActionProposed")
    # the plan's reads ran and were published; nothing changed the fleet
    results = h.of(ActionResult)
    assert results and all(r.risk == "read" for r in results)
    assert [p.tool for p in rt.approvals.pending()] == ["slurm.drain_node"]
    assert h.service.stats.diagnosed == 1  # "attached" updates are not re-diagnosed
    assert not h.bus.dead_letters


def test_duplicate_delivery_diagnoses_once(
    tmp_path: Path, recorded: Recorded, shared: Shared
) -> None:
    state = tmp_path / "state"
    opened = recorded.opened

    async def first() -> Harness:
        rt = runtime_for(state, recorded, shared)
        try:
            async with Harness(rt) as h:
                await h.publish([opened, opened])  # at-least-once: delivered twice
                return h
        finally:
            rt.close()

    h1 = run(first())
    assert len(h1.of(DiagnosisReady)) == 1 and len(h1.of(ActionProposed)) == 1
    assert h1.service.stats.diagnosed == 1

    # Redelivery to a restarted agent (a new process on the same state dir): the thread is
    # found checkpointed, nothing runs again and no second approval is requested.
    async def restarted() -> Harness:
        rt = runtime_for(state, recorded, shared)
        try:
            async with Harness(rt) as h:
                await h.publish([opened])
                return h
        finally:
            rt.close()

    h2 = run(restarted())
    assert h2.service.stats.diagnosed == 0 and h2.service.stats.reused == 1
    store = ApprovalStore(state / "approvals.db")
    try:
        assert len(store.records()) == 1
    finally:
        store.close()


class _KilledError(Exception):
    """Stands for SIGKILL: the saver dies before the checkpoint after the gather step."""


def test_a_diagnosis_killed_after_gathering_is_finished_on_redelivery(
    tmp_path: Path, recorded: Recorded, shared: Shared
) -> None:
    """The process died after every gather branch wrote its evidence but before the step's
    checkpoint: LangGraph then reports no next node (only tasks with writes). The restarted
    agent must finish that diagnosis when the bus redelivers the incident, not take the
    half-run thread for a finished one (found by `gpufleet serve` killed with -9 under load:
    the incident stayed without a diagnosis)."""
    state = tmp_path / "state"
    saver = open_checkpointer(state / "checkpoints.db")
    put = saver.put

    def dying_put(config: Any, checkpoint: Any, metadata: Any, versions: Any) -> Any:
        if metadata.get("step", -1) >= 1:
            raise _KilledError
        return put(config, checkpoint, metadata, versions)

    saver.put = dying_put  # type: ignore[method-assign]
    cfg = SreConfig(state_dir=state)
    first = build_runtime(
        cfg, recorded.fleet, replay_tools(cfg, recorded.fleet), shared=shared, checkpointer=saver
    )
    inc = recorded.opened.incident
    with pytest.raises(_KilledError):
        first.runner.diagnose(inc, now=inc.updated_at)
    first.close()
    saver.conn.close()

    restarted = runtime_for(state, recorded, shared)
    snapshot = restarted.runner.app.get_state({"configurable": {"thread_id": thread_id_for(inc)}})
    assert not snapshot.next and snapshot.tasks  # the state the kill leaves

    async def scenario() -> Harness:
        async with Harness(restarted) as h:
            await h.publish([recorded.opened])
            return h

    h = run(scenario())
    restarted.close()
    [ready] = h.of(DiagnosisReady)
    assert ready.diagnosis.top is not None and ready.diagnosis.top.card_id == "ecc-dbe"
    assert [p.step.tool for p in h.of(ActionProposed)] == ["slurm.drain_node"]


def test_decision_from_another_process_is_resumed_exactly_once(
    tmp_path: Path, recorded: Recorded, shared: Shared
) -> None:
    state = tmp_path / "state"
    rt = runtime_for(state, recorded, shared)

    async def scenario() -> Harness:
        async with Harness(rt) as h:
            await h.publish(recorded.events)
            approval = h.of(ActionProposed)[0].approval_id
            assert await h.service.poll_decisions(now=2e9) == []  # nothing decided yet
            # `gpufleet approve --no-resume` elsewhere: only the store changes
            other = ApprovalStore(state / "approvals.db")
            try:
                other.decide(approval, "approved", by="alice", reason="DBE confirmed", now=2e9)
            finally:
                other.close()
            resumed = await h.service.poll_decisions(now=2e9 + 1)
            assert len(resumed) == 1 and resumed[0].pending_approval != approval
            await h.service.drain()
            # polling again, and a redelivered incident, change nothing
            assert await h.service.poll_decisions(now=2e9 + 2) == []
            await h.publish([recorded.opened])
            return h

    try:
        h = run(scenario())
    finally:
        rt.close()
    drained = [r for r in h.of(ActionResult) if r.tool == "slurm.drain_node"]
    assert len(drained) == 1
    assert drained[0].status == "dry_run" and drained[0].dry_run
    assert drained[0].initiator == "alice"
    assert "scontrol update NodeName=node-02 State=DRAIN" in drained[0].query
    decided = h.of(ApprovalDecided)
    assert [(d.decision, d.by) for d in decided] == [("approved", "alice")]
    # every event id reached the bus once, though the graph re-emits the proposal on resume
    ids = [e.event_id for e in h.seen if e not in recorded.events]
    assert len(ids) == len(set(ids))
    assert len(h.of(ActionProposed)) >= 1
    assert h.phases(recorded.opened.incident.incident_id)[:3] == [
        Phase.DIAGNOSING,
        Phase.AWAITING_APPROVAL,
        Phase.REMEDIATING,
    ]


def test_escalation_waits_for_the_paused_diagnosis(
    tmp_path: Path, recorded: Recorded, shared: Shared
) -> None:
    state = tmp_path / "state"
    rt = runtime_for(state, recorded, shared)
    inc = recorded.opened.incident

    def escalated(dt: float) -> IncidentUpdated:
        newer = inc.model_copy(
            update={
                "updated_at": inc.updated_at + dt,
                "anomaly_count": inc.anomaly_count + int(dt),
                "severity": Severity.CRITICAL,
            }
        )
        return incident_updated(newer, "escalated")

    async def scenario() -> Harness:
        async with Harness(rt) as h:
            await h.publish([recorded.opened, escalated(15)])
            assert h.service.stats.skipped_paused == 1
            assert len(h.of(DiagnosisReady)) == 1
            approval = h.of(ActionProposed)[0].approval_id
            rt.approvals.decide(approval, "rejected", by="carol", reason="burn-in", now=2e9)
            await h.service.poll_decisions(now=2e9)
            await h.service.drain()
            assert h.service.paused == {}
            # the first diagnosis is finished (rejected): a new version gets a fresh one
            await h.publish([escalated(30)])
            return h

    try:
        h = run(scenario())
    finally:
        rt.close()
    ready = h.of(DiagnosisReady)
    assert len(ready) == 2 and ready[1].diagnosis.time == inc.updated_at + 30
    assert Phase.ESCALATED in h.phases(inc.incident_id)


def test_a_failing_diagnosis_is_dead_lettered_with_its_incident_and_the_bus_goes_on(
    tmp_path: Path, recorded: Recorded, shared: Shared
) -> None:
    cfg = SreConfig(state_dir=tmp_path / "state")
    backend = {"broken": True}

    def broken(t: Tool) -> Tool:
        # A backend bug that returns garbage instead of a ToolResult until it is fixed: the gate
        # cannot audit it and the graph raises.
        def fn(args: Any) -> ToolResult:
            if backend["broken"]:
                return None  # type: ignore[return-value]
            return t.fn(args)

        return Tool(t.name, t.risk, t.args_model, fn, t.description)

    tools = [
        broken(t) if t.name == "kernel_log.search" else t for t in replay_tools(cfg, recorded.fleet)
    ]
    rt = build_runtime(cfg, recorded.fleet, tools, shared=shared)

    async def scenario() -> Harness:
        async with Harness(rt, max_attempts=2) as h:
            await h.publish([recorded.opened])
            assert len(h.bus.dead_letters) == 1
            dead = h.bus.dead_letters[0]
            assert dead.subscriber == "sre-agent"
            assert "DiagnosisError" in dead.error
            assert recorded.opened.incident.incident_id in dead.error
            assert h.of(DiagnosisReady) == []
            # The bus is alive: once the backend is fixed the operator re-drives the event,
            # and the agent continues the thread from its checkpoint and finishes.
            backend["broken"] = False
            await h.publish([recorded.opened])
            return h

    try:
        h = run(scenario())
    finally:
        rt.close()
    assert len(h.of(DiagnosisReady)) == 1
    assert h.of(DiagnosisReady)[0].diagnosis.top.card_id == "ecc-dbe"
    assert h.service.stats.failed == 2
    assert len([e for e in h.seen if isinstance(e, IncidentOpened)]) == 2  # recorder saw both


def test_live_wiring_without_servers_says_what_is_missing(recorded: Recorded) -> None:
    cfg = SreConfig()
    wiring = live_wiring(cfg, recorded.fleet.topology)
    names = {t.name for t in wiring.tools}
    assert {"metrics.history", "kernel_log.search", "slurm.show_node"} <= names
    assert "slurm.drain_node" not in names  # no scheduler configured: no SLURM changes
    assert wiring.sources["metrics"] == "not configured"
    tool = next(t for t in wiring.tools if t.name == "kernel_log.search")
    from gpufleet.graph.tools import ToolRegistry

    res = ToolRegistry([tool]).call("kernel_log.search", {"start": 0, "end": 10})
    assert res.status == "error" and "kernel_log" in (res.error or "")
    # with SLURM enabled the executor's tools replace the fleet-view reads, changes dry-run
    slurm = cfg.model_copy(update={"slurm": cfg.slurm.model_copy(update={"enabled": True})})
    fed = SharedReplayFleet(recorded.fleet)
    wired = live_wiring(slurm, recorded.fleet.topology, recent=fed)
    drain = next(t for t in wired.tools if t.name == "slurm.drain_node")
    assert drain.risk == "mutate"
    assert len([t for t in wired.tools if t.name == "slurm.show_node"]) == 1
    assert wired.sources["metrics"] == "the ticks this process watched"


def test_example_config_loads_and_sets_every_key() -> None:
    cfg = load_sre_config(ROOT / "sre.example.yaml")
    text = (ROOT / "sre.example.yaml").read_text()
    for key in SreConfig.model_fields:
        assert f"{key}:" in text, f"sre.example.yaml does not document {key}"
    assert cfg.executors.dry_run and cfg.slurm.dry_run  # the example is safe as shipped


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_watch_sre_leaves_a_pending_approval(tmp_path: Path) -> None:
    state = tmp_path / "state"
    code, text = run_cli(
        "watch",
        "--source",
        "sim",
        "--speed",
        "1e9",
        "--duration",
        "3.25h",
        "--sre",
        "--state-dir",
        str(state),
        "--json",
    )
    assert code == 0, text
    doc = json.loads(text)
    [incident] = doc["incidents"]
    assert incident["root_entity"] == "node-17/gpu4"
    assert incident["scope"] == "chassis"  # the NOC's latest version …
    assert incident["phase"] == "awaiting_approval"  # … with the agent's phase
    [dx] = doc["sre"]["diagnoses"]
    assert dx["top"] == "fan-failure" and dx["outcome"] == "awaiting_approval"
    code, listing = run_cli("approvals", "--state-dir", str(state), "--json")
    assert code == 0
    pending = json.loads(listing)
    assert [p["approval_id"] for p in pending] == [dx["pending_approval"]]
    assert pending[0]["tool"] == "slurm.drain_node" and pending[0]["args"]["node"] == "node-17"


def test_watch_sre_on_a_recorded_run(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    code, _ = run_cli(
        "simulate",
        "--out",
        str(run_dir),
        "--duration",
        "40m",
        "--racks",
        "1",
        "--nodes",
        "2",
        "--fault",
        "dbe@20m:node=node-02,gpu=5",
    )
    assert code == 0
    state = tmp_path / "state"
    code, text = run_cli(
        "watch",
        "--source",
        f"replay:{run_dir}",
        "--speed",
        "1e9",
        "--sre",
        "--state-dir",
        str(state),
    )
    assert code == 0, text
    assert "ecc-dbe" in text and "waiting for approval" in text
    code, listing = run_cli("approvals", "--state-dir", str(state))
    assert "slurm.drain_node(node=node-02" in listing
    # the next commands name the real approval, with no <placeholder> a shell would misread
    approval = listing.split()[3]
    assert f"approve {approval} --by " in text and "<you>" not in text


def test_watch_sre_bad_config_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "sre.yaml"
    bad.write_text("slurm:\n  enabeld: true\n")
    code, _ = run_cli(
        "watch", "--source", "sim", "--duration", "1m", "--sre", "--sre-config", str(bad)
    )
    assert code == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "slurm.enabeld" in err
