"""A hung job with nothing wrong on its nodes goes to its owner (the hang cards' own Act
paragraphs), a hang whose process group never completed a collective stays an investigation,
and the watchdog's progress line is read in each wording PyTorch has used."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import choose_runbook, make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Scope, Severity
from gpufleet.knowledge.findings import CONTEXT_FINDINGS, FINDINGS, implicates_infrastructure
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from tests.hang_evidence import T0, idle_job_telemetry, kernel_log_search

KB = KnowledgeBase.load()
XID79 = (
    "[   10.000000] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=python, GPU has fallen off the bus."
)


def _incident(jobs: tuple[str, ...] = ("4242",)) -> Incident:
    return Incident(
        incident_id="inc-h",
        title="workload: NCCL watchdog timeout",
        family=Family.UTILIZATION,
        scope=Scope.JOB if jobs else Scope.NODE,
        root_entity=jobs[0] if jobs else "n1",
        severity=Severity.WARNING,
        opened_at=T0 + 60,
        updated_at=T0 + 60,
        last_anomaly_at=T0 + 60,
        entities=("n1",),
        symptoms=("nccl_watchdog_timeout",),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("n1",),
        jobs=jobs,
    )


def _names(incident: Incident, evidence: list[Evidence]) -> set[str]:
    return {f.name for f in derive_findings(incident, evidence)}


def _top(card: str) -> list[Hypothesis]:
    return [Hypothesis(card_id=card, title=card, score=1.0, supporting=("nccl_watchdog_timeout",))]


# --------------------------------------------------------------------------- the finding
def test_a_job_with_clean_telemetry_and_kernel_log_is_infra_clean() -> None:
    found = derive_findings(_incident(), [*idle_job_telemetry(), *kernel_log_search([])])
    clean = next(f for f in found if f.name == "job_infra_clean")
    assert clean.entity == "4242"
    assert "2 telemetry series and 1 kernel-log searches" in clean.detail


def test_any_fault_on_the_nodes_keeps_the_job_from_being_handed_over() -> None:
    names = _names(_incident(), [*idle_job_telemetry(), *kernel_log_search([XID79])])
    assert "gpu_fallen_off_bus" in names and "job_infra_clean" not in names


@pytest.mark.parametrize(
    ("jobs", "evidence"),
    [
        ((), "both"),  # no job: nobody to hand it to
        (("4242",), "telemetry"),  # the kernel log was not searched: clean is not known
        (("4242",), "log"),  # no telemetry read
    ],
)
def test_clean_needs_a_job_and_both_sources_read(jobs: tuple[str, ...], evidence: str) -> None:
    items = {
        "both": [*idle_job_telemetry(), *kernel_log_search([])],
        "telemetry": idle_job_telemetry(),
        "log": kernel_log_search([]),
    }[evidence]
    assert "job_infra_clean" not in _names(_incident(jobs), items)


def test_a_host_side_incident_of_a_job_is_never_the_jobs_own() -> None:
    # a container runtime whose prestart hook fails opens a host incident on the job's node:
    # no finding may read, but nothing about it is the owner's code
    host = _incident().model_copy(
        update={"family": Family.HOST, "symptoms": ("gpu_runtime_failed",)}
    )
    assert "job_infra_clean" not in _names(host, [*idle_job_telemetry(), *kernel_log_search([])])


def test_normal_and_context_findings_do_not_implicate_the_infrastructure() -> None:
    assert not implicates_infrastructure("dcgm_diag_passed")
    assert not implicates_infrastructure("temp_follows_load")
    assert not implicates_infrastructure("nccl_watchdog_timeout")
    assert implicates_infrastructure("nic_link_flapping")
    assert implicates_infrastructure("xid:79")
    assert implicates_infrastructure("nccl_first_collective_hung")
    assert set(FINDINGS) >= CONTEXT_FINDINGS
    # a context finding chooses a runbook and never moves a ranking: no card scores it
    scored = {
        c.finding
        for card in KB.card_list
        if card.checks is not None
        for c in (*card.checks.rules_in, *card.checks.rules_out)
    } | {lk.finding for card in KB.card_list for lk in card.likelihoods}
    assert not CONTEXT_FINDINGS & scored


# --------------------------------------------------------------------------- the plan
@pytest.mark.parametrize("card", ["nccl-hang-straggler", "training-stall"])
def test_a_clean_hang_goes_to_the_owner(card: str) -> None:
    plan = make_plan(KB, _incident(), _top(card), [*idle_job_telemetry(), *kernel_log_search([])])
    assert plan.runbook is not None and plan.runbook.id == "notify-user-workload-issue"
    assert plan.runbook.action_class == "notify_user"


def test_a_clean_collective_timeout_is_requeued_and_its_owner_told() -> None:
    # the watchdog tore the job down and no node is suspect: requeue it from its checkpoint
    # with nothing excluded or drained, and tell the owner what to change
    plan = make_plan(
        KB, _incident(), _top("nccl-timeout"), [*idle_job_telemetry(), *kernel_log_search([])]
    )
    assert plan.runbook is not None and plan.runbook.id == "notify-and-requeue-hung-job"
    assert plan.runbook.action_class == "restart_application"
    changes = [s for s in plan.steps if s.risk != "read"]
    assert [s.tool for s in changes] == ["notify.user", "slurm.requeue_job"]
    assert all("exclude" not in s.args for s in changes)
    assert plan.runbook.safety_class == "notify"  # nothing drained, reset or isolated


def test_a_hang_beside_a_fault_is_investigated() -> None:
    plan = make_plan(
        KB, _incident(), _top("nccl-timeout"), [*idle_job_telemetry(), *kernel_log_search([XID79])]
    )
    assert plan.runbook is not None and plan.runbook.id == "collect-hang-evidence"


def test_context_only_chooses_among_a_cards_own_variants() -> None:
    # a card without a job_infra_clean variant keeps its first runbook
    rb = choose_runbook(KB, [Hypothesis(card_id="ib-nic-link-flap", title="t", score=1.0)],
                        {"job_infra_clean"})  # fmt: skip
    assert rb is not None and rb.id == KB.runbooks_for("ib-nic-link-flap")[0].id
    # and a name outside the context vocabulary is not read as one
    bare = [Hypothesis(card_id="nccl-timeout", title="t", score=1.0)]
    rb = choose_runbook(KB, bare, {"cuda_insufficient_driver"})
    assert rb is not None and rb.id == "collect-hang-evidence"


def test_a_watchdog_that_tore_the_job_down_with_nothing_else_found_is_requeued() -> None:
    # no live hang to collect: the job restarts from its checkpoint once the runbook's own
    # precondition reads the nodes' history clean, and its owner is told what to change
    rb = choose_runbook(KB, _top("nccl-timeout"), set())
    assert rb is not None and rb.id == "notify-and-requeue-hung-job"
    assert rb.action_class == "restart_application"


@pytest.mark.parametrize(
    "beside",
    ["nccl_one_rank_behind", "nic_link_flapping", "gpu_fallen_off_bus", "job_frozen_all_ranks"],
)
def test_a_watchdog_beside_a_slow_rank_a_link_a_lost_gpu_or_a_live_hang_is_investigated(
    beside: str,
) -> None:
    rb = choose_runbook(KB, _top("nccl-timeout"), {beside})
    assert rb is not None and rb.id == "collect-hang-evidence"


# --------------------------------------------------------------------------- the log
PROGRESS = [
    # PyTorch 2.2-2.3
    "[rank2]:[E ProcessGroupNCCL.cpp:1537] [PG 0 Rank 2] Timeout at NCCL work: 19, last "
    "enqueued NCCL work: 19, last completed NCCL work: 18.",
    # 2.4
    "[rank1]:[E617 08:47:15.011359495 ProcessGroupNCCL.cpp:1587] [PG 0 (default_pg) Rank 1] "
    "Exception (either an error or timeout) detected by watchdog at work: 7930, last enqueued "
    "NCCL work: 7931, last completed NCCL work: 7929.",
    # 2.5 on
    "[rank218]:[E108 16:19:09.618302713 ProcessGroupNCCL.cpp:2251] [PG ID 6 PG GUID 623"
    "(PIPELINE_MODEL_PARALLEL_GROUP) Rank 13]  failure detected by watchdog at work sequence "
    "id: 1 PG status: last enqueued work: 1, last completed work: -1",
]


@pytest.mark.parametrize(("line", "done"), list(zip(PROGRESS, ["18", "7929", "-1"], strict=True)))
def test_the_watchdog_progress_line_is_read_in_every_wording(line: str, done: str) -> None:
    sigs = parse_job_log(line, origin="jobs/4242.log", node="n1").signatures
    progress = [s for s in sigs if s.kind == "nccl_work_progress"]
    assert len(progress) == 1 and progress[0].detail["last_completed"] == done
