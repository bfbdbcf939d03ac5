"""Faults whose fix is a setting go to the setting's owner as a config fix, not a bare notice or
an investigation: a pod killed at its memory limit (the limit or its use), and NCCL failing while
it sets its connections up (interface, GID index, shared or locked memory); a node whose own
memory ran out under a job goes to the owner. Nothing on the node is drained, reset, restarted or
requeued unchanged."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import choose_runbook, make_plan
from gpufleet.bus.events import (
    Family,
    Hypothesis,
    Incident,
    PlannedStep,
    Scope,
    Severity,
)
from gpufleet.knowledge.store import KnowledgeBase
from tests.hang_evidence import T0, idle_job_telemetry, kernel_log_search

KB = KnowledgeBase.load()
_STATE_CHANGING_NODE_TOOLS = {
    "slurm.drain_node",
    "node.reboot",
    "nvidia_smi.reset_gpu",
    "slurm.requeue_job",
    "k8s.cordon_node",
}


def _incident(symptom: str, family: Family = Family.UTILIZATION) -> Incident:
    return Incident(
        incident_id="inc-c",
        title=f"workload: {symptom}",
        family=family,
        scope=Scope.JOB,
        root_entity="4242",
        severity=Severity.WARNING,
        opened_at=T0 + 60,
        updated_at=T0 + 60,
        last_anomaly_at=T0 + 60,
        entities=("n1",),
        symptoms=(symptom,),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("n1",),
        jobs=("4242",),
    )


def _top(card: str, *supporting: str) -> list[Hypothesis]:
    return [Hypothesis(card_id=card, title=card, score=1.0, supporting=supporting)]


def _assert_setting_fix(runbook_id: str, plan_runbook: object, steps: list[PlannedStep]) -> None:
    assert getattr(plan_runbook, "id", None) == runbook_id
    assert getattr(plan_runbook, "action_class", None) == "config_fix"
    assert getattr(plan_runbook, "safety_class", None) == "notify"
    assert not {s.tool for s in steps} & _STATE_CHANGING_NODE_TOOLS
    assert {s.tool for s in steps if s.risk != "read"} == {"notify.user", "ticket.open"}


@pytest.mark.parametrize("finding", ["nccl_system_call_failed", "nccl_ib_setup_failed"])
def test_an_nccl_set_up_failure_is_a_setting_to_change(finding: str) -> None:
    plan = make_plan(KB, _incident("nccl_system_error"), _top("nccl-timeout", finding), [])
    _assert_setting_fix("fix-nccl-setup", plan.runbook, list(plan.steps))


def test_a_set_up_failure_wins_over_the_clean_hang_requeue() -> None:
    # a rerun unchanged fails at the same call: the setting is the fix even when the job's
    # nodes look clean (which alone would requeue the job)
    clean = [*idle_job_telemetry(), *kernel_log_search([])]
    names = {f.name for f in derive_findings(_incident("nccl_system_error"), clean)}
    assert "job_infra_clean" in names
    plan = make_plan(
        KB,
        _incident("nccl_system_error"),
        _top("nccl-timeout", "nccl_system_call_failed"),
        clean,
    )
    assert plan.runbook is not None and plan.runbook.id == "fix-nccl-setup"


@pytest.mark.parametrize("fault", ["nic_link_flapping", "rdma_errors_name_one_peer"])
def test_a_link_fault_beside_the_set_up_failure_is_the_links(fault: str) -> None:
    # the port's own fault rules the card out rather than in: the veto reads every finding
    top = _top("nccl-timeout", "nccl_ib_setup_failed")
    assert choose_runbook(KB, top, {"nccl_ib_setup_failed"}) == KB.runbooks["fix-nccl-setup"]
    kept = choose_runbook(KB, top, {"nccl_ib_setup_failed", fault})
    assert kept is not None and kept.id == "collect-hang-evidence"


def test_a_timeout_without_a_set_up_failure_gets_no_set_up_ticket() -> None:
    # the watchdog tore the job down with nothing else found: the requeue and the owner's notice
    # (tests/test_hang_handover.py), not the NCCL settings a set-up failure names
    plan = make_plan(KB, _incident("nccl_watchdog_timeout"), _top("nccl-timeout",
                     "nccl_watchdog_timeout"), [])  # fmt: skip
    assert plan.runbook is not None and plan.runbook.id == "notify-and-requeue-hung-job"


def test_a_pod_killed_at_its_memory_limit_gets_the_limit_to_change() -> None:
    plan = make_plan(
        KB,
        _incident("host_oom_kill", Family.HOST),
        _top("host-memory-pressure-oom", "k8s_container_oom_killed"),
        [],
    )
    _assert_setting_fix("fix-job-memory-request", plan.runbook, list(plan.steps))
    # the kill record and the memory trend are read before anyone is told
    reads = [s.tool for s in plan.steps if s.risk == "read"]
    assert "kernel_log.search" in reads and "metrics.history" in reads


def test_a_container_killed_by_the_nodes_oom_goes_to_the_owner() -> None:
    # the kernel's OOM killer marks the container OOMKilled too: with the node's SystemOOM
    # beside it, the node's memory ran out and no limit of the pod is to blame
    plan = make_plan(
        KB,
        _incident("host_oom_kill", Family.HOST),
        _top("host-memory-pressure-oom", "k8s_container_oom_killed", "k8s_node_oom"),
        [],
    )
    assert plan.runbook is not None and plan.runbook.id == "notify-user-workload-issue"


@pytest.mark.parametrize("finding", ["host_oom_kill", "host_memory_exhausted_reported"])
def test_a_host_memory_kill_goes_to_the_owner(finding: str) -> None:
    # the node's memory ran out under the job (or the writer says so): the owner is told what
    # grew, nothing on the node changes; a limit to raise is not shown
    plan = make_plan(
        KB, _incident("host_oom_kill", Family.HOST), _top("host-memory-pressure-oom", finding), []
    )
    assert plan.runbook is not None and plan.runbook.id == "notify-user-workload-issue"
    assert not {s.tool for s in plan.steps} & _STATE_CHANGING_NODE_TOOLS
