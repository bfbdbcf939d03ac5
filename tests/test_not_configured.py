"""A tool this deployment cannot run is a visible skip, never an "unknown tool" escalation; a
step the runbook marks ``required`` stops the plan instead and says how to configure it.

Real runtimes on recorded incidents (the DBE example, the demo's fan failure), real approval
store, checkpointer and gate; only the set of configured tools differs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runner import RunReport
from gpufleet.agents.sre.runtime import SreRuntime, build_runtime, replay_tools
from gpufleet.bus.events import Event, Incident
from gpufleet.cli.sre import demo_fleet, pick
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.tools import Tool
from gpufleet.knowledge.store import KnowledgeBase

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
SLURM_CHANGES = {"slurm.drain_node", "slurm.resume_node", "slurm.requeue_job", "slurm.cancel_job"}


def _dbe() -> tuple[ReplayFleet, Incident]:
    inc = load_incident(DBE)
    fleet = ReplayFleet(inc.topology)
    events: list[Event] = []
    for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
        events += evs
    return fleet, next(i for i in final_incidents(events) if i.root_entity == "node-02/gpu5")


def _runtime(state: Path, fleet: ReplayFleet, keep: Any = None) -> SreRuntime:
    cfg = SreConfig(state_dir=state)
    tools: list[Tool] = [t for t in replay_tools(cfg, fleet) if keep is None or keep(t)]
    return build_runtime(cfg, fleet, tools, state_dir=state, checkpointer=InMemorySaver())


def _approve_until_done(
    rt: SreRuntime, report: RunReport, now: float
) -> tuple[RunReport, list[str]]:
    """Approve every step a person is asked about; the tools asked about, in order."""
    asked: list[str] = []
    for _ in range(12):
        if report.pending_approval is None:
            return report, asked
        record = rt.approvals.get(report.pending_approval)
        assert record is not None
        asked.append(record.tool)
        rt.approvals.decide(report.pending_approval, "approved", by="alice", reason="ok", now=now)
        report = rt.runner.resume(report.thread_id, now=now + 60)
    raise AssertionError(f"the plan never ended; asked about {asked}")


def _results(report: RunReport) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for r in report.results:
        out.setdefault(r.tool, []).append(r)
    return out


def test_dbe_plan_skips_the_unconfigured_notice_and_goes_on(tmp_path: Path) -> None:
    fleet, incident = _dbe()
    rt = _runtime(tmp_path, fleet)
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        report, asked = _approve_until_done(rt, report, incident.updated_at)
    finally:
        rt.close()
    # nobody is asked to approve a notice that has nowhere to go
    assert asked[0] == "slurm.drain_node"
    assert "notify.user" not in asked
    assert "nvidia_smi.reset_gpu" in asked  # the plan went on past the skipped notice
    notice = _results(report)["notify.user"]
    assert [r.status for r in notice] == ["not_configured"]
    assert notice[0].error is not None and notice[0].error.startswith("skipped:")
    assert "executors.notify_users.json_path" in notice[0].error
    assert notice[0].approval_id is None
    assert all("unknown tool" not in (r.error or "") for r in report.results)
    assert report.outcome != "escalated" or "notify.user" not in _escalation_step(report)


def _escalation_step(report: RunReport) -> str:
    """The tool of the step the plan stopped at (empty when it ran to the end)."""
    stopped = [r for r in report.results if r.status not in ("ok", "dry_run", "not_configured")]
    return stopped[-1].tool if stopped else ""


def test_required_step_without_executor_escalates_and_says_how_to_configure(
    tmp_path: Path,
) -> None:
    """Live default: SLURM not enabled, so no drain. drain-and-reset-gpu marks its drain
    required (the reset assumes it), so the plan stops there, never reaches the reset, and
    names the key that turns SLURM on; not an "unknown tool"."""
    fleet, incident = _dbe()
    rt = _runtime(tmp_path, fleet, keep=lambda t: t.name not in SLURM_CHANGES)
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        pending = rt.approvals.pending()
    finally:
        rt.close()
    assert report.diagnosis is not None
    assert report.diagnosis.runbook_id == "drain-and-reset-gpu"
    assert report.outcome == "escalated" and report.pending_approval is None and pending == []
    drain = _results(report)["slurm.drain_node"]
    assert [r.status for r in drain] == ["not_configured"]
    error = drain[0].error or ""
    assert "required step 2 (drain the node)" in error
    assert "slurm.enabled: true" in error and "unknown tool" not in error
    assert "nvidia_smi.reset_gpu" not in _results(report)


def test_unconfigured_optional_step_is_skipped_without_approval(tmp_path: Path) -> None:
    """The same live default with a runbook whose drain is not marked required: skipped."""
    fleet, incident = _dbe()
    rt = _runtime(tmp_path, fleet, keep=lambda t: t.name not in SLURM_CHANGES)
    runbook = rt.deps.kb.runbooks["drain-and-reset-gpu"]
    relaxed = runbook.model_copy(
        update={"steps": [s.model_copy(update={"required": False}) for s in runbook.steps]}
    )
    rt.deps.kb.runbooks["drain-and-reset-gpu"] = relaxed
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        asked = [rt.approvals.get(report.pending_approval).tool] if report.pending_approval else []
    finally:
        rt.deps.kb.runbooks["drain-and-reset-gpu"] = runbook
        rt.close()
    assert [r.status for r in _results(report)["slurm.drain_node"]] == ["not_configured"]
    assert "slurm.enabled" in (_results(report)["slurm.drain_node"][0].error or "")
    assert asked == ["nvidia_smi.reset_gpu"]  # the next step a person decides on


def test_runbooks_mark_the_drains_later_steps_depend_on_as_required() -> None:
    kb = KnowledgeBase.load()
    drain = next(
        s for s in kb.runbooks["drain-and-reset-gpu"].steps if s.tool == "slurm.drain_node"
    )
    assert drain.required
    notice = next(s for s in kb.runbooks["drain-and-reset-gpu"].steps if s.tool == "notify.user")
    assert not notice.required  # the default


@pytest.fixture(scope="module")
def demo_chain(tmp_path_factory: pytest.TempPathFactory) -> tuple[RunReport, list[str]]:
    fleet, incidents = demo_fleet(17, 3.25)
    incident = pick(incidents, None)[0]
    rt = _runtime(tmp_path_factory.mktemp("demo-state"), fleet)
    try:
        report = rt.runner.diagnose(incident, now=incident.updated_at)
        return _approve_until_done(rt, report, incident.updated_at)
    finally:
        rt.close()


def test_demo_chain_does_not_end_escalated_at_notify_user(
    demo_chain: tuple[RunReport, list[str]],
) -> None:
    report, asked = demo_chain
    assert report.diagnosis is not None
    assert report.diagnosis.runbook_id == "drain-and-hardware-ticket"
    assert asked == ["slurm.drain_node"]  # the notice and the ticket have no sink by default
    statuses = {r.tool: r.status for r in report.results}
    assert statuses["slurm.drain_node"] == "dry_run"
    assert statuses["notify.user"] == "not_configured"
    assert statuses["ticket.open"] == "not_configured"
    assert _escalation_step(report) == ""  # nothing refused or failed along the chain
    # the run reaches the runbook's verification (the plan was not cut at notify.user)
    assert report.results[-1].tool == "slurm.show_node"
