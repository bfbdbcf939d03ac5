"""The SRE graph end to end on a recorded incident: diagnosis, the approval pause, a decision
from another process after kill -9, exactly-once execution, rejection, and the audit trail."""

from __future__ import annotations

import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runtime import (
    build_runtime,
    replay_tools,
)
from gpufleet.bus.events import Event, IncidentUpdated
from gpufleet.cli.main import main
from gpufleet.cli.sre import fleet_for_origin, load_origin, open_runtime
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.store import ApprovalStore

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def executions(state: Path, tool: str) -> list[dict[str, object]]:
    log = AuditLog(state / "audit.db")
    try:
        return [
            r.model_dump(mode="json")
            for r in log.records()
            if r.tool == tool and r.status not in ("denied", "blocked", "pending_approval")
        ]
    finally:
        log.close()


@pytest.fixture(scope="module")
def diagnosed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    state = tmp_path_factory.mktemp("sre-state")
    code, text = run_cli("diagnose", str(DBE), "--state-dir", str(state), "--json")
    assert code == 0, text
    return state, json.loads(text)


def test_recorded_dbe_is_diagnosed_with_cited_evidence(
    diagnosed: tuple[Path, dict[str, object]],
) -> None:
    _, doc = diagnosed
    causes = doc["root_causes"]
    assert isinstance(causes, list)
    assert causes[0]["card_id"] == "ecc-dbe"
    assert causes[0]["evidence_ids"], "the top cause cites evidence"
    cited = {e["evidence_id"] for e in doc["evidence_cited"]}  # type: ignore[union-attr]
    assert set(causes[0]["evidence_ids"]) <= cited
    assert doc["method"] == "deterministic" and doc["fallback"] == "no model configured"
    runbook = doc["runbook"]
    assert isinstance(runbook, dict) and runbook["id"] == "drain-and-reset-gpu"
    tools = [s["tool"] for s in runbook["steps"]]
    assert "slurm.drain_node" in tools and "nvidia_smi.reset_gpu" in tools


def test_graph_pauses_before_the_first_state_changing_step(
    diagnosed: tuple[Path, dict[str, object]],
) -> None:
    state, doc = diagnosed
    assert doc["outcome"] == "awaiting_approval"
    results = doc["results"]
    assert isinstance(results, list)
    assert results and all(r["risk"] == "read" for r in results)
    store = ApprovalStore(state / "approvals.db")
    try:
        pending = store.pending()
    finally:
        store.close()
    assert [p.approval_id for p in pending] == [doc["pending_approval"]]
    assert pending[0].tool == "slurm.drain_node"
    assert pending[0].args["node"] == "node-02"
    assert str(pending[0].args["reason"]).startswith("gpufleet")
    assert executions(state, "slurm.drain_node") == []


def _start_waiting_agent(state: Path) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gpufleet.cli.main",
            "diagnose",
            str(DBE),
            "--state-dir",
            str(state),
            "--wait",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    lines = []
    for line in proc.stdout:
        lines.append(line)
        if "PAUSED for approval" in line:
            approval = line.split("PAUSED for approval", 1)[1].split(":", 1)[0].strip()
            return proc, approval
    proc.wait()
    raise AssertionError("the agent never paused:\n" + "".join(lines))


def test_approval_survives_kill_9_and_executes_exactly_once(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc, approval = _start_waiting_agent(state)
    # The agent is paused, waiting on the decision. Kill it without any chance to clean up.
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    code, text = run_cli(
        "approve",
        approval,
        "--by",
        "alice",
        "--reason",
        "DBE confirmed",
        "--state-dir",
        str(state),
        "--json",
    )
    assert code == 0, text
    doc = json.loads(text.split("\n", 1)[1])
    drained = [r for r in doc["results"] if r["tool"] == "slurm.drain_node"]
    assert len(drained) == 1
    assert drained[0]["status"] == "dry_run"  # executors default to dry-run
    assert drained[0]["initiator"] == "alice"
    assert "scontrol update NodeName=node-02 State=DRAIN" in drained[0]["query"]
    assert len(executions(state, "slurm.drain_node")) == 1
    # the run went on to the next step that needs a person
    assert doc["pending_approval"] not in (None, approval)

    # A second decision on the same approval is refused; resuming the thread again (another
    # process waking it) does not run the drain a second time.
    code, _ = run_cli(
        "approve", approval, "--by", "bob", "--reason", "again", "--state-dir", str(state)
    )
    assert code == 2
    db = sqlite3.connect(state / "checkpoints.db")
    threads = {r[0] for r in db.execute("SELECT DISTINCT thread_id FROM checkpoints")}
    db.close()
    assert len(threads) == 1
    from gpufleet.agents.sre.config import SreConfig

    thread = threads.pop()
    origin = load_origin(state, thread)
    assert origin is not None
    fleet, _ = fleet_for_origin(origin)
    rt = open_runtime(SreConfig(state_dir=state), fleet)
    try:
        again = rt.runner.resume(thread, now=time.time())
    finally:
        rt.close()
    assert len([r for r in again.results if r.tool == "slurm.drain_node"]) == 1
    assert len(executions(state, "slurm.drain_node")) == 1


def test_rejection_stops_the_plan_and_escalates(tmp_path: Path) -> None:
    state = tmp_path / "state"
    code, text = run_cli("diagnose", str(DBE), "--state-dir", str(state), "--json")
    assert code == 0
    approval = json.loads(text)["pending_approval"]
    code, text = run_cli(
        "reject",
        approval,
        "--by",
        "carol",
        "--reason",
        "node is in a burn-in",
        "--state-dir",
        str(state),
        "--json",
    )
    assert code == 0, text
    doc = json.loads(text.split("\n", 1)[1])
    assert doc["outcome"] == "rejected"
    assert doc["pending_approval"] is None
    assert all(r["risk"] == "read" or r["status"] == "denied" for r in doc["results"])
    assert executions(state, "slurm.drain_node") == []
    code, text = run_cli("approvals", "--state-dir", str(state))
    assert "no pending approvals" in text


def test_agent_names_cannot_approve(diagnosed: tuple[Path, dict[str, object]]) -> None:
    state, doc = diagnosed
    for who in ("agent", "policy:canary", "llm"):
        code, _ = run_cli(
            "approve",
            str(doc["pending_approval"]),
            "--by",
            who,
            "--reason",
            "x",
            "--state-dir",
            str(state),
            "--no-resume",
        )
        assert code == 2


def test_an_incident_id_shows_its_stored_diagnosis(
    diagnosed: tuple[Path, dict[str, object]],
) -> None:
    state, doc = diagnosed
    code, text = run_cli("diagnose", str(doc["incident_id"]), "--state-dir", str(state), "--json")
    assert code == 0, text
    again = json.loads(text)
    assert again["root_causes"][0]["card_id"] == "ecc-dbe"
    assert again["thread_id"] == doc["thread_id"]
    code, _ = run_cli("diagnose", "inc-0000000000000000", "--state-dir", str(state))
    assert code == 2  # unknown here, and no event log to find it in


def test_phases_follow_the_run_through_two_approvals(tmp_path: Path) -> None:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology)
    events: list[Event] = []
    for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
        events += evs
    incident = next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")
    published: list[Event] = []
    cfg = SreConfig(state_dir=tmp_path)
    rt = build_runtime(
        cfg,
        fleet,
        replay_tools(cfg, fleet),
        state_dir=tmp_path,
        checkpointer=InMemorySaver(),
        publish=published.append,
    )
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        for _ in range(2):
            assert report.pending_approval is not None
            rt.approvals.decide(
                report.pending_approval,
                "approved",
                by="alice",
                reason="ok",
                now=incident.updated_at,
            )
            report = rt.runner.resume(report.thread_id, now=incident.updated_at + 60)
    finally:
        rt.close()
    phases = [
        e.incident.phase.value
        for e in published
        if isinstance(e, IncidentUpdated) and e.change == "phase"
    ]
    assert phases[:5] == [
        "diagnosing",
        "awaiting_approval",
        "remediating",
        "awaiting_approval",
        "remediating",
    ]
    kinds = [e.kind for e in published]
    assert kinds.count("action_proposed") == 3 and kinds.count("approval_decided") == 2
    # every published event id is unique (re-runs of a node re-emit the same ids, deduplicated)
    assert len({e.event_id for e in published}) == len(published)


def _dbe_runtime(state: Path, policy: Path | None = None) -> tuple[Any, Any]:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology)
    events: list[Event] = []
    for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
        events += evs
    incident = next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")
    cfg = SreConfig(state_dir=state, policy=policy)
    rt = build_runtime(cfg, fleet, replay_tools(cfg, fleet), state_dir=state)
    return rt, incident


def test_a_runbook_that_requires_a_person_ignores_policy_pre_approval(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text(
        "version: 1\n"
        "canary_nodes:\n"
        "  - name: dbe-canary\n"
        "    nodes: [node-02]\n"
        "    tools: [slurm.drain_node, slurm.requeue_job, notify.user]\n"
    )
    rt, incident = _dbe_runtime(tmp_path / "state", policy)
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        # drain-and-reset-gpu says approval: required, so the canary rule does not apply
        assert report.diagnosis.runbook_id == "drain-and-reset-gpu"
        assert report.pending_approval is not None
        assert rt.approvals.get(report.pending_approval).tool == "slurm.drain_node"
        assert executions(tmp_path / "state", "slurm.drain_node") == []
    finally:
        rt.close()


def test_two_processes_resuming_one_thread_run_the_step_once(tmp_path: Path) -> None:
    state = tmp_path / "state"
    rt1, incident = _dbe_runtime(state)
    report = rt1.runner.diagnose(incident, now=incident.updated_at)
    rt1.approvals.decide(
        report.pending_approval, "approved", by="alice", reason="ok", now=incident.updated_at
    )
    rt2, _ = _dbe_runtime(state)  # another agent process on the same state directory
    reports: list[Any] = []
    threads = [
        threading.Thread(
            target=lambda rt=rt: reports.append(
                rt.runner.resume(report.thread_id, now=incident.updated_at + 60)
            )
        )
        for rt in (rt1, rt2)
    ]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
    finally:
        rt1.close()
        rt2.close()
    assert len(executions(state, "slurm.drain_node")) == 1
    assert len(reports) == 2


def test_the_ledger_lets_one_claim_win_and_remembers_the_result(tmp_path: Path) -> None:
    from gpufleet.graph.approvals.ledger import ExecutionLedger
    from gpufleet.graph.tools import ToolResult

    a, b = ExecutionLedger(tmp_path / "x.db"), ExecutionLedger(tmp_path / "x.db")
    try:
        assert a.claim("ap-1", 1.0) is True
        assert b.claim("ap-1", 2.0) is False  # another process: already claimed
        assert b.outcome("ap-1") is None  # started, outcome unknown yet
        a.complete("ap-1", ToolResult(status="dry_run", query="scontrol update …"))
        done = b.outcome("ap-1")
        assert done is not None and done.status == "dry_run"
        assert b.claim("ap-2", 3.0) is True
    finally:
        a.close()
        b.close()
