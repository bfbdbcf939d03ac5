"""A report whose writer says a job's GPUs wait for their input ("the gpu utilization is not
stable from 0% to 90%, most of the time 0% waiting for data", "60% of training time is consumed
by DataLoader", "it freezes every num_worker iterations"): the input-starvation mode's own
definition, in words. It raises ``dataloader-stall`` over the stopped-job card that the same
words about low utilization also fit, its plan tells the owner (the fix is the job's data
loading), and a denial or the words in another sense change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.data_wait_words import DATA_WAIT_REPORTED, says_data_wait
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import rank_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "the gpu utilization is not stable from 0% to 90%, and most of time is 0% waiting for data",
        "i use pytorch profiler founding that 60% of training time is consumed by DataLoader.",
        '"the DataLoader is probably where your bottleneck is happening"',
        "I noticed that it freezes every num_worker iterations.",
        "GPU util fluctuates between 0 and 100 % all the time",
        "the GPUs are starved for data",
        "most of the time is spent in data loading",
        "the GPU sits idle waiting for batches",
        "this points towards a data loading bottleneck (or a tiny model)",
        # each form's own words pass the anchor pre-check, not only "loader" / "loading"
        "most of the time is spent in preprocessing",
        "30% of step time is spent on augmentation",
        "training stalls every numworkers batches",
        # the loading itself said to be slow
        "Data loading takes a very long time on the network share, so we moved to local SSD",
        "the input pipeline is painfully slow on this node",
        "very slow data loading from the NFS mount",
    ],
)
def test_a_writer_saying_the_gpus_wait_for_input_is_the_statement(line: str) -> None:
    assert says_data_wait(line)


@pytest.mark.parametrize(
    "line",
    [
        # denials: the check came back clean
        "the dataloader is not the bottleneck",
        "it doesn't look like the gpus are waiting for the data",
        # other modes and other senses of the words
        "RuntimeError: DataLoader worker (pid 3855) is killed by signal: Bus error.",
        "NCCL INFO waiting for peer",
        "waiting for the lock on /scratch/ckpt",
        "client is waiting for data from the server (HTTP 504)",
        "scheduler: waiting for the batch to complete before admitting new requests",
        "GPU utilization 100%",
        "data loading is not slow, the model is",
        "loading the checkpoint takes a long time",
        "Epoch 3 [1200/5000] loss 0.4123 lr 1.0e-04 Time 0.154 (0.160)  Data 0.001 (0.002)",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_data_wait(line)


def test_the_statement_is_evidence_beside_the_line_and_opens_nothing() -> None:
    text = "epoch 1 done\nmost of the time is spent in data loading\n"
    parsed = parse_job_log(text, origin="jobs/ticket.log", node=NODE)
    said = [s for s in parsed.signatures if s.kind == DATA_WAIT_REPORTED]
    assert [(s.line, s.node) for s in said] == [(2, NODE)]
    assert DATA_WAIT_REPORTED not in FLEET_SIGNATURES


def _incident() -> Incident:
    return report_incident(NODE, family=Family.UTILIZATION)


def _ticket(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node=NODE, origin="jobs/ticket.log")


# retrieval's order, flat: the stopped-job card first, as words about low utilization rank it
CARDS = ("training-stall", "dataloader-stall", "cpu-only-execution", "host-cpu-saturation")
LOW = "training is slow and the GPU utilization is very low"
WAIT = "the profiler shows 60% of training time is consumed by the DataLoader"


def _rank(evidence: list[Evidence]) -> list[str]:
    return rank_flat(_incident(), evidence, CARDS, KB)


def test_the_statement_ranks_input_starvation_first_and_tells_the_owner() -> None:
    said = _ticket(LOW, WAIT)
    assert DATA_WAIT_REPORTED in {f.name for f in derive_findings(_incident(), said)}
    assert _rank(_ticket(LOW))[0] == "training-stall"
    assert _rank(said)[0] == "dataloader-stall"
    top = [
        Hypothesis(
            card_id="dataloader-stall", title="t", score=1.0, supporting=(DATA_WAIT_REPORTED,)
        )
    ]
    plan = make_plan(KB, _incident(), top, said)
    # the job's data loading is the owner's to change: nothing on the node is touched
    assert plan.runbook is not None and plan.runbook.action_class == "notify_user"


def test_a_denied_statement_changes_nothing() -> None:
    denied = _ticket(LOW, "the dataloader is not the bottleneck, data loading takes 2 %")
    assert DATA_WAIT_REPORTED not in {f.name for f in derive_findings(_incident(), denied)}
    assert _rank(denied) == _rank(_ticket(LOW))
