"""A report that the node's GPU stack hangs - nvidia-smi hangs or never returns, a GPU process in
uninterruptible sleep (state D) - raises the wedged-driver mode over the set-up and application
cards the same complaint fits; a job that hangs, state D on storage, advice to guard against a
hang, a denial and a question change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.findings import REPORTED_FINDINGS
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.gpu_hang_words import GPU_STACK_HANG_REPORTED, says_gpu_stack_hang
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
SLOW = "our CI jobs on the GPU runners time out before the tests start"
HUNG = "`nvidia-smi --query-gpu=compute_cap --format=csv,noheader` hung for 20 minutes"


@pytest.mark.parametrize(
    "line",
    [
        "# nvidia-smi hangs indefinitely after ~66 days 12 hours uptime with driver 570.133.20",
        HUNG,
        "# nvidia-docker starts in uninterruptible sleep (D) mode",
        "the CUDA process is stuck in D state and kill -9 does nothing",
        "timeout 30 nvidia-smi times out on every GPU",
        "the node hangs when running nvidia-smi",
        "nvidia-smi command gets stuck",
        "when I invoke nvidia-smi it is not respond and hung.",
        "nvidia-smi is not responding",
        "nvidia-smi isn't responding anymore",
        "nvidia-smi, it hangs",
    ],
)
def test_a_writer_saying_the_gpu_stack_hangs_is_the_statement(line: str) -> None:
    assert says_gpu_stack_hang(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice and prevention, a question, a denial
        "This will potentially reduce the chance of `nvidia-smi` hanging.",
        "run nvidia-smi with a timeout in case it hangs",
        "Did nvidia-smi hang?",
        "nvidia-smi does not hang anymore",
        # a job or a collective that hangs, state D on storage: other modes
        "the training hangs at step 400",
        "NCCL hangs in allreduce on the GPU nodes",
        "processes in D state on the NFS mount, GPU jobs wait",
        # a setting, a reading
        "Enable nvidia-persistenced and increase nvidia-smi timeout to 40s (from 25s)",
        "nvidia-smi shows 100% util",
        "nvidia-smi is not the problem",
        "If nvidia-smi does not respond, reboot",
        # a reply, not a hang
        "nvidia-smi does not respond to --gpu-reset on this board",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_gpu_stack_hang(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    assert stated_at(f"{SLOW}\n{HUNG}\n", GPU_STACK_HANG_REPORTED, NODE) == [(2, NODE)]
    assert GPU_STACK_HANG_REPORTED not in FLEET_SIGNATURES
    assert GPU_STACK_HANG_REPORTED in REPORTED_FINDINGS


# retrieval's order, flat: a set-up problem first, as slow CI jobs alone rank it
REPORT = OneNodeReport(
    Family.DEVICE,
    ("driver-cuda-mismatch", "slurm-cgroup-gpu-mismatch", "gpu-driver-wedge-hung-tasks"),
    KB,
)


def test_the_statement_ranks_the_wedged_driver_first() -> None:
    assert GPU_STACK_HANG_REPORTED in REPORT.findings(SLOW, HUNG)
    assert REPORT.rank(SLOW)[0] == "driver-cuda-mismatch"
    assert REPORT.rank(SLOW, HUNG)[0] == "gpu-driver-wedge-hung-tasks"


def test_a_guarded_call_changes_nothing() -> None:
    other = (SLOW, "run nvidia-smi with a timeout in case it hangs")
    assert GPU_STACK_HANG_REPORTED not in REPORT.findings(*other)
    assert REPORT.rank(*other)[0] == "driver-cuda-mismatch"
