"""The whole path on a real SLURM controller: a recorded DBE is diagnosed, the drain waits for
a person, the approval drains the real node (scontrol on 127.0.0.1), and the approved resume
of gpufleet's own drain returns it to service — while a node a person drained is left alone."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.agents.sre.runtime import (
    SreRuntime,
    build_runtime,
)
from gpufleet.bus.events import Event
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.gate import ActionContext
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.executors.config import ExecutorsConfig, RemoteConfig
from gpufleet.graph.executors.registry import executor_tools
from gpufleet.graph.executors.runner import DryRunRunner, SubprocessRunner
from gpufleet.graph.executors.slurm import SlurmExecutor, slurm_tools
from gpufleet.graph.tools import ToolCall
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"

pytestmark = pytest.mark.skipif(
    bool(missing_binaries()), reason=f"SLURM daemons not installed: {INSTALL_HINT}"
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[SlurmCluster]:
    c = SlurmCluster(("node-01", "node-02"))
    c.start()
    try:
        yield c
    finally:
        c.stop()


def live_slurm_runtime(cluster: SlurmCluster, state: Path) -> tuple[SreRuntime, list[Event]]:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology)
    events: list[Event] = []
    for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
        events += evs
    runner = SubprocessRunner(env=cluster.env)
    slurm = slurm_tools(SlurmExecutor(reads=runner, writes=runner))  # dry-run off: real changes
    names = {t.name for t in slurm}
    tools = [
        *[t for t in read_tools(fleet) if t.name not in names],
        *slurm,
        # node commands reach the node through srun (recorded, not run: there is no GPU)
        *executor_tools(
            ExecutorsConfig(remote=RemoteConfig(mode="srun")),
            reads=DryRunRunner(),
            writes=DryRunRunner(),
        ),
    ]
    rt = build_runtime(
        SreConfig(state_dir=state), fleet, tools, state_dir=state, checkpointer=InMemorySaver()
    )
    return rt, events


def test_approved_drain_hits_the_real_node_and_resume_returns_it(
    cluster: SlurmCluster, tmp_path: Path
) -> None:
    rt, events = live_slurm_runtime(cluster, tmp_path)
    try:
        incident = next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        assert report.diagnosis is not None and report.diagnosis.top is not None
        assert report.diagnosis.top.card_id == "ecc-dbe"
        # paused before the drain: the real node is untouched
        assert report.pending_approval is not None
        assert cluster.node_state("node-02").lower().startswith("idle")
        assert "DRAIN" not in cluster.node_state("node-02").upper()

        rt.approvals.decide(
            report.pending_approval, "approved", by="alice", reason="DBE", now=incident.updated_at
        )
        report = rt.runner.resume(report.thread_id, now=incident.updated_at + 60)
        drained = [r for r in report.results if r.tool == "slurm.drain_node"]
        assert [r.status for r in drained] == ["ok"], drained
        state = cluster.wait_node_state("node-02", ("drained", "draining", "drain"))
        assert "drain" in state.lower()
        reason = cluster.run("sinfo", "-h", "-R", "-n", "node-02", "-o", "%E").stdout.strip()
        assert reason.startswith("gpufleet") and incident.incident_id in reason

        # the rest of the plan is declined; the node stays drained for the hardware work
        while report.pending_approval:
            rt.approvals.decide(
                report.pending_approval, "rejected", by="alice", reason="later", now=0.0
            )
            report = rt.runner.resume(report.thread_id, now=incident.updated_at + 120)
        assert report.outcome == "rejected"

        # return to service: gpufleet's own drain, approved by a person, through the gate
        store: ApprovalStore = rt.approvals
        call = ToolCall(tool="slurm.resume_node", args={"node": "node-02"})
        gate = rt.deps.gate
        assert gate.classify(call.tool, call.args, "node-02", 0.0).kind == "needs_approval"
        denied = gate.execute(
            call, context=_ctx(incident.incident_id), initiator="alice", approval=None, now=1.0
        )
        assert denied.status == "denied"
        req = gate.request_approval(
            call,
            context=_ctx(incident.incident_id),
            step_index=99,
            now=2.0,
            step_name="return to service",
            summary="diag passed",
        )
        store.decide(req.approval_id, "approved", by="alice", reason="diag passed", now=3.0)
        res = gate.execute(
            call,
            context=_ctx(incident.incident_id),
            initiator="alice",
            approval=req.approval_id,
            now=4.0,
        )
        assert res.status == "ok", res
        assert cluster.wait_node_state("node-02", ("idle",)).lower().startswith("idle")
    finally:
        rt.close()


def test_a_node_a_person_drained_is_never_taken_over(cluster: SlurmCluster, tmp_path: Path) -> None:
    out = cluster.run(
        "scontrol", "update", "NodeName=node-02", "State=DRAIN", "Reason=ops: PSU swap"
    )
    assert out.returncode == 0, out.stderr
    rt, events = live_slurm_runtime(cluster, tmp_path)
    try:
        incident = next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        assert report.pending_approval is not None
        rt.approvals.decide(
            report.pending_approval, "approved", by="alice", reason="DBE", now=incident.updated_at
        )
        report = rt.runner.resume(report.thread_id, now=incident.updated_at + 60)
        drained = [r for r in report.results if r.tool == "slurm.drain_node"]
        assert [r.status for r in drained] == ["denied"]
        # the rest of the plan assumed the drain: it stops and a person takes over
        assert report.outcome == "escalated" and report.pending_approval is None
        assert not [r for r in report.results if r.tool == "nvidia_smi.reset_gpu"]
        reason = cluster.run("sinfo", "-h", "-R", "-n", "node-02", "-o", "%E").stdout.strip()
        assert reason == "ops: PSU swap"
    finally:
        rt.close()
        cluster.run("scontrol", "update", "NodeName=node-02", "State=RESUME")


def _ctx(incident_id: str) -> ActionContext:
    return ActionContext(
        incident_id=incident_id,
        runbook_id="return-to-service-validation",
        runbook_version=1,
        node="node-02",
        thread_id="manual",
    )
