"""A report that a job or GPU library leaks the GPU's memory ranks the leak (``fb-memory-leak``)
over fragmentation, while a leak named on the host, a bare "memory leak", a question, a guess
or a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.gpu_memory_leak_words import (
    GPU_MEMORY_LEAK_REPORTED,
    says_gpu_memory_leak,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "There is a GPU mem leaks in which the image tensor did not get release after a batch.",
        "# memory leak in cudnn bidirectional RNN with cudnn 6",
        "the training loop leaks GPU memory on every validation pass",
        "the VRAM usage keeps growing every iteration until it OOMs",
        "推理的时候显存泄漏",
        "GPU memory continues to rise until the job dies",
        "# Fix nvenc encoder context leak from CUDA lock contention",
    ],
)
def test_a_leak_put_on_the_gpu_is_the_statement(line: str) -> None:
    assert says_gpu_memory_leak(line)


@pytest.mark.parametrize(
    "line",
    [
        # the host's memory, or a leak that names no GPU
        "there is a memory leak in the dataloader workers, RSS grows to 200 GB",
        "host memory leak in the python process",
        "PyTorch memory leak: host RAM grows each epoch",
        "the scheduler leaks GPU resources",
        # a scheduler's accounting, not memory
        "when scheduler get multi sceduler info and cluster leak of gpu resource [usage > 95%]",
        # asked, guessed, denied
        "is there a memory leak in cudnn?",
        "check for a GPU memory leak first",
        "I wonder if cudnn leaks memory here",
        "no GPU memory leak: usage is flat at 20 GB",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_gpu_memory_leak(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "RuntimeError: CUDA out of memory. Tried to allocate 20.00 MiB\n"
    text += "There is a GPU memory leak: the tensors are never released after a batch.\n"
    assert stated_at(text, GPU_MEMORY_LEAK_REPORTED, NODE) == [(2, NODE)]
    assert GPU_MEMORY_LEAK_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: fragmentation first (an out-of-memory report whose failed allocation
# would rank it on its own evidence is left out: the statement stands beside, it does not outvote)
REPORT = OneNodeReport(
    Family.MEMORY, ("fb-fragmentation-oom", "host-memory-pressure-oom", "fb-memory-leak"), KB
)
OOM = "the evaluation job dies after about two hours of batches"
SAID = "There is a GPU memory leak: the tensors are never released after a batch."


def test_the_statement_ranks_the_leak_first() -> None:
    assert GPU_MEMORY_LEAK_REPORTED in REPORT.findings(OOM, SAID)
    assert REPORT.rank(OOM)[0] == "fb-fragmentation-oom"
    assert REPORT.rank(OOM, SAID)[0] == "fb-memory-leak"
