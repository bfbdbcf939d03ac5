"""A report that the GPU's own memory is failing, in the writer's words - ECC or double-bit errors,
a memory tester that found errors, faulty VRAM, a memory fault on the board - raises the
uncorrectable-memory-error mode over the application and out-of-memory cards the same crash
fits; GPU memory running out, an illegal access, the host's RAM, a link's ECC, advice, a
question and a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.findings import REPORTED_FINDINGS
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.gpu_memory_words import GPU_MEMORY_ERROR_REPORTED, says_gpu_memory_error
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
CRASH = "training crashes after a few hours with NaN losses and then cudaErrorLaunchFailure"
TESTED = "running cuda_memtest on the card shows errors in the upper 2 GB"


@pytest.mark.parametrize(
    "line",
    [
        "PyCUDA tests report ECC errors:",
        "User job failed due to ECC error and failed to retry",
        "double-bit errors (DBEs) kill the jobs and repeat on the same GPUs",
        "running the memtestg80 (https://github.com/ihaque/memtestG80 ) on either card does show "
        "errors, eg",
        "There were memory errors (can be verified through "
        "https://github.com/ForkLab/cuda_memtest ).",
        "Root cause was found to be a memory fault on the board.",
        "Unrecoverable memory error by GPU 2. Reset of all Cuda GPUs required.",
        "the card has faulty VRAM, the seller replaced it",
        "nvidia-smi shows 3 uncorrectable ECC errors on GPU 1",
        "显存坏了，换卡就好了",
    ],
)
def test_a_writer_naming_failing_gpu_memory_is_the_statement(line: str) -> None:
    assert says_gpu_memory_error(line)


@pytest.mark.parametrize(
    "line",
    [
        # ECC as a feature, the counters read clean, advice, a question, a denial
        "Using Titan XPs. So no ECC memory.",
        "ECC errors: 0",
        "no ECC errors were reported",
        'search the file for "ECC Errors", there should be 8 sections',
        "check for ECC errors first",
        "Are there any ECC errors?",
        "if the VRAM is faulty the test fails",
        "memtestG80 found no errors",
        "cuda_memtest passed",
        # other modes: GPU memory running out, an application's bad access, the host's RAM,
        # a link's own ECC, a memory *usage*
        "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB",
        "an out-of-memory error on the GPU, indicated as follows",
        "CUDA error: an illegal memory access was encountered",
        "the host RAM has bad DIMMs with ECC errors",
        "NVSwitch/NVLink ECC errors as a potential hardware signal",
        "bad GPU memory usage after the update",
        # the records, read as such elsewhere
        "NVRM: Xid (PCI:0000:3b:00): 48, An uncorrectable double bit error (DBE) has been detected",
        "CUDA error: uncorrectable ECC error encountered",
        "        Double Bit            : 0",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_gpu_memory_error(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"{CRASH}\n{TESTED}\n"
    assert stated_at(text, GPU_MEMORY_ERROR_REPORTED, NODE) == [(2, NODE)]
    assert GPU_MEMORY_ERROR_REPORTED not in FLEET_SIGNATURES
    # words alone never confirm a plan that drains or resets (knowledge.findings)
    assert GPU_MEMORY_ERROR_REPORTED in REPORTED_FINDINGS


# retrieval's order, flat: the application fault first, as a crash with NaNs alone ranks it
REPORT = OneNodeReport(Family.MEMORY, ("xid-app-fault", "fb-fragmentation-oom", "ecc-dbe"), KB)


def test_the_statement_ranks_the_memory_error_first() -> None:
    said = (CRASH, TESTED)
    assert GPU_MEMORY_ERROR_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(CRASH)[0] == "xid-app-fault"
    assert REPORT.rank(*said)[0] == "ecc-dbe"


def test_a_clean_memory_test_changes_nothing() -> None:
    other = (CRASH, "cuda_memtest found no errors on either card")
    assert GPU_MEMORY_ERROR_REPORTED not in REPORT.findings(*other)
    assert REPORT.rank(*other)[0] == "xid-app-fault"


def test_an_oom_on_memory_said_to_be_failing_is_the_memory_fault_not_the_jobs_size() -> None:
    """A GPU that lost memory fails its allocations; the OOM it prints is the fault's, and a
    smaller batch will not help (the OOM rules the capacity card in, the words rule it out)."""
    oom = "RuntimeError: CUDA error: out of memory"
    assert REPORT.rank(oom)[0] == "fb-fragmentation-oom"
    assert REPORT.rank(oom, TESTED)[0] == "ecc-dbe"
