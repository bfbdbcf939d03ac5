"""A report that the job's shared memory (/dev/shm) ran out - NCCL's "Error while creating shared
memory segment", PyTorch's "insufficient shared memory (shm)", or the writer's "the /dev/shm size
problem under docker" - raises the host-memory mode over the NCCL and device-memory cards the
same failure fits, and plans the container's setting (--shm-size, --ipc=host), never a drain or a
reset; a pasted command that only sets the size, advice and a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.shared_memory_words import (
    SHARED_MEMORY_REPORTED,
    says_shared_memory_exhausted,
)
from tests.report_words import OneNodeReport, report_evidence, report_incident, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
SEGMENT = (
    "include/shm.h:48 NCCL WARN Error while creating shared memory segment "
    "nccl-shm-recv-250a7cc850ba9298-0-1-3 (size 9637888)"
)


@pytest.mark.parametrize(
    "line",
    [
        SEGMENT,
        "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient "
        "shared memory (shm).",
        "cp: error writing '/dev/shm/batch-17': No space left on device",
        "It is the /dev/shm size problem under the docker.",
        "By default, the shm size is limited to 64MB under docker.",
        "The default shared memory is 64m in docker container.",
        "the CI container defaults /dev/shm to be too small",
        "It is possible that dataloader's workers are out of shared memory.",
        "After run the docker with `--ipc=host`, the error disappeared.",
        "After I increased the shm-size everything works",
        "/dev/shm is only 64M",
        "include/shm.h:28 NCCL WARN failed to extend /dev/shm/nccl-1YsMbG to 7340384 bytes",
        "memory. Please try to raise your shared memory limit.",
        "无法在/dev/shm目录下分配足够的空间",
        # NCCL's and OpenSHMEM users' word for it
        "# Warn user to increase shmem size when starting a container",
        "the container's shmem is too small for NCCL",
        'Running out of space on /dev/shm leads to a "Bus error" that dumps core',
        '# "Bus error" on /dev/shm OOM; hard/impossible to fix',
    ],
)
def test_a_report_that_shared_memory_ran_out_is_the_statement(line: str) -> None:
    assert says_shared_memory_exhausted(line)


@pytest.mark.parametrize(
    "line",
    [
        # a setting in a pasted command, a transport NCCL chose
        "docker run --gpus all --shm-size=1g --ulimit memlock=-1 nvcr.io/nvidia/pytorch:24.05-py3",
        "NCCL INFO Channel 00 : 1[1] -> 0[0] via SHM/direct/direct",
        # more processes use more shared memory: a cost, not an exhaustion
        "you'll be increasing the shared memory consumption by significant amounts",
        # a denial, a condition
        "shm is not the problem here, it has 32 GB",
        "if /dev/shm is too small, raise --shm-size",
        # advice, a question, a denial after the words
        "try increasing --shm-size",
        "You should increase the shm size",
        "Is /dev/shm too small?",
        "the shm size isn't the problem",
        # CUDA's on-chip shared memory shares the name
        "This kernel requires more shared memory than is available",
        "Shared memory limit exceeded for the FlashAttention kernel",
        "CUDA shared memory per block is limited to 48 KB",
        # device memory is another mode
        "CUDA out of memory. Tried to allocate 2.00 GiB",
        # "shmem" for a kernel's on-chip shared memory
        "the kernel's shmem is too small for BLOCK_K=128",
        "flash-attn: shmem insufficient for head dim 256",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_shared_memory_exhausted(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"init rank 1\n{SEGMENT}\n"
    assert stated_at(text, SHARED_MEMORY_REPORTED, NODE) == [(2, NODE)]
    assert SHARED_MEMORY_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: NCCL's own card first, as "NCCL error" alone ranks it
REPORT = OneNodeReport(
    Family.INTERCONNECT, ("nccl-timeout", "fb-fragmentation-oom", "host-memory-pressure-oom"), KB
)
FAILED = "the multi-GPU test fails at NCCL init with unhandled system error"


def test_the_statement_ranks_host_memory_first() -> None:
    said = (FAILED, SEGMENT)
    assert SHARED_MEMORY_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(FAILED)[0] == "nccl-timeout"
    assert REPORT.rank(*said)[0] == "host-memory-pressure-oom"


def test_a_command_that_sets_the_size_changes_nothing() -> None:
    other = (FAILED, "docker run --gpus all --shm-size=1g nvcr.io/nvidia/pytorch:24.05-py3")
    assert SHARED_MEMORY_REPORTED not in REPORT.findings(*other)
    assert REPORT.rank(*other)[0] == "nccl-timeout"


@pytest.mark.parametrize("card", ["host-memory-pressure-oom", "dataloader-stall"])
def test_the_plan_is_the_containers_setting_with_no_node_action(card: str) -> None:
    incident = report_incident(NODE, family=Family.INTERCONNECT)
    top = Hypothesis(card_id=card, title="t", score=1.0, supporting=(SHARED_MEMORY_REPORTED,))
    plan = make_plan(KB, incident, [top], report_evidence(SEGMENT, node=NODE))
    assert plan.runbook is not None and plan.runbook.id == "fix-shared-memory-size"
    assert plan.runbook.action_class == "config_fix" and plan.runbook.safety_class == "notify"
    tools = {s.tool for s in plan.steps}
    assert not tools & {
        "nvidia_smi.reset_gpu",
        "slurm.drain_node",
        "node.reboot",
        "slurm.requeue_job",
    }


def test_a_node_that_ran_out_of_memory_is_told_not_reconfigured() -> None:
    # the kubelet's SystemOOM beside it: the node's memory ran out, not the container's tmpfs
    incident = report_incident(NODE, family=Family.INTERCONNECT)
    top = Hypothesis(
        card_id="host-memory-pressure-oom",
        title="t",
        score=1.0,
        supporting=("k8s_node_oom", SHARED_MEMORY_REPORTED),
    )
    plan = make_plan(KB, incident, [top], [])
    assert plan.runbook is not None and plan.runbook.id != "fix-shared-memory-size"
