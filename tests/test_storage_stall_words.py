"""A report that the job's shared or network storage is what stalls it - "an error of the Lustre
file system", "the scratch file system was in an overloaded state ... very slow", "Azurefile
(NFS) causes very slow model loads" - raises the shared-storage mode over the hang and input
cards the same stall fits, and keeps the input pipeline second; a denial, advice, a question, a
mount command, a local disk and the words in other senses change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.storage_stall_words import STORAGE_STALL_REPORTED, says_storage_stall
from tests.report_words import OneNodeReport, report_evidence, report_incident, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
LUSTRE = (
    "the restart is stuck in data loading, which turns out to be an error of the Lustre file system"
)


@pytest.mark.parametrize(
    "line",
    [
        LUSTRE,
        "the scratch file system was in an overloaded state. While still functioning, it was slow.",
        "# Azurefile (NFS) causes very slow model loads - Mixtral 22B isn't loaded on an A100",
        "When I saved to NFS, the head node stalled so badly that even SSH timed out",
        "`MOUNT_CACHED` can be a bit slow (I achieved less than 30MB/sec with an S3 bucket)",
        "GPU compute sits idle waiting on I/O - MFU drops from ~43% to ~6%",
        "training + cache writes can stall badly on high-latency network mounts",
        "two failures occurred on the HPCC SCRATCH file system",
        "nfs: server fs01 not responding, still trying",
        "vllm takes two hours to start, juicefs bandwidth only 100MB/s",
        "CPU iowait is high on every node while the checkpoint is written",
        "Lustre の OST へのアクセスが遅延しています",
    ],
)
def test_a_report_that_the_storage_stalls_is_the_statement(line: str) -> None:
    assert says_storage_stall(line)


@pytest.mark.parametrize(
    "line",
    [
        # a denial, advice, a question
        "Step time is compute-bound; NFS is not the bottleneck",
        "Don't write checkpoints to NFS during training",
        "Make sure the shared filesystem is not slow",
        "Is the dataset on NFS?",
        "Is the Lustre file system slow?",
        # a healthy filesystem, a mount, a path, a description
        "NFS worked great for models and datasets.",
        "mount -t nfs server:/export /mnt",
        "INFO 03-02 12:00:01 loading weights from /mnt/nfs/models",
        "I have a mounted Azure storage bucket containing approximately 20TB of data.",
        "Inode usage of filesystems in the cluster",
        # a local input pipeline, other faults, other senses
        "the dataloader is slow",
        "the network I/O bottleneck is the all-reduce",
        "BayesWatch/nas-without-training · issue #2 · closed · Python",
        "NCCL INFO NET/IB : Using [0]mlx5_0:1/IB ; OOB ib0",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_storage_stall(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"GLM training restart hangs\n{LUSTRE}\n"
    assert stated_at(text, STORAGE_STALL_REPORTED, NODE) == [(2, NODE)]
    assert STORAGE_STALL_REPORTED not in FLEET_SIGNATURES


STALL = "the training job stopped making progress, GPU utilization 0 % on all ranks"
CARDS = ("training-stall", "dataloader-stall", "storage-io-stall")


def test_the_statement_raises_the_storage_mode_with_the_input_pipeline_next() -> None:
    report = OneNodeReport(Family.UTILIZATION, CARDS, KB)
    assert STORAGE_STALL_REPORTED in report.findings(STALL, LUSTRE)
    assert report.rank(STALL)[0] == "training-stall"
    assert report.rank(STALL, LUSTRE)[:2] == ["storage-io-stall", "dataloader-stall"]


def test_a_denial_changes_nothing() -> None:
    report = OneNodeReport(Family.UTILIZATION, CARDS, KB)
    other = (STALL, "NFS is not the bottleneck, we checked nfsiostat")
    assert STORAGE_STALL_REPORTED not in report.findings(*other)
    assert report.rank(*other)[0] == "training-stall"


def test_the_plan_sends_the_data_path_fix_and_never_drains_or_resets() -> None:
    # a report alone: the card's fix in place (checkpoints, staging, the mount's settings, a
    # storage ticket), which changes nothing on a server
    incident = report_incident(NODE, family=Family.UTILIZATION)
    top = Hypothesis(
        card_id="storage-io-stall", title="t", score=1.0, supporting=(STORAGE_STALL_REPORTED,)
    )
    plan = make_plan(KB, incident, [top], report_evidence(LUSTRE, node=NODE))
    assert plan.runbook is not None
    assert (plan.runbook.id, plan.runbook.action_class) == ("fix-storage-data-path", "config_fix")
    assert plan.runbook.safety_class == "notify"
    tools = {s.tool for s in plan.steps}
    assert not tools & {"nvidia_smi.reset_gpu", "slurm.drain_node", "node.reboot", "ticket.rma"}
