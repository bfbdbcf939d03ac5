"""A report whose writer names the host's CPUs as what holds the GPUs back ("the GPU has to wait
for the CPU", "thread oversubscription starving the GPUs", "it is CPU-bound", "CPU overload"):
the host side DCGM's profiling guide sends one to first when a GPU's SM activity stays low, in
words. It is the host-CPU card's own signal on a report with no host metrics. The GPU waiting for
data, work run on the CPU, advice, a question and a denial are not."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.cpu_saturation_words import (
    CPU_SATURATION_REPORTED,
    says_cpu_saturated,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "It's right because the GPU has to wait for the CPU..",
        "# [rl] Trainer/generator GPUs sit idle from CPU thread oversubscription",
        "the hybrid models start too many threads which leads to CPU oversubscription.",
        "setting debug=False is important (which will cause CPU overload).",
        "the decode loop is CPU-bound on this host",
        "profiling shows the bottleneck is the CPU, not the GPU",
        "all 64 cores are maxed out while the GPUs sit at 10 %",
        "推理速度慢是CPU瓶颈导致的",
        "It looks like all cores are bussy because they are mining and the system can not utilize",
        "CPU usage is at 100% the whole time while the GPU idles",
    ],
)
def test_a_writer_naming_the_cpu_as_the_bottleneck_is_the_statement(line: str) -> None:
    assert says_cpu_saturated(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice, a guess, a condition, a question
        "make sure the CPU is not the bottleneck",
        "maybe it is CPU-bound?",
        "if the CPU is saturated the GPU idles",
        "set OMP_NUM_THREADS to avoid oversubscription",
        # denials
        "the CPU is not the bottleneck, it idles at 5 %",
        "I don't think we are CPU-bound",
        # other statements: the GPU waits for data, the work runs on the CPU
        "the GPU waits for the dataloader most of the time",
        "the model runs on the CPU instead of the GPU",
        # Slurm's oversubscription, GPU memory oversubscribed, a GPU's own cores
        "srun --oversubscribe --cpus-per-task=8 python train.py",
        "PartitionName=gpu DefMemPerCPU=4000 OverSubscribe=NO",
        "UVM memory oversubscription lets the GPU spill into CPU memory",
        "the tensor cores are saturated",
        "We ruled out a CPU bottleneck",
        "Is it CPU-bound with torch 2.1.0?",
        # a CPU merely named
        "CPU: AMD EPYC 7763 64-Core Processor",
        "is the CPU usage at 100%?",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_cpu_saturated(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "tokens come out at 0.7 s each\nthe GPU has to wait for the CPU\n"
    assert stated_at(text, CPU_SATURATION_REPORTED, NODE) == [(2, NODE)]
    assert CPU_SATURATION_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the host-CPU card last, as words about a slow job rank it
REPORT = OneNodeReport(
    Family.UTILIZATION,
    ("dataloader-stall", "cpu-only-execution", "host-cpu-saturation"),
    KB,
)
SLOW = "generation runs at 0.7 s per token and the GPU utilisation stays at 35 %"


def test_the_statement_is_the_host_cpu_cards_own_signal() -> None:
    said = (SLOW, "the GPU has to wait for the CPU")
    assert CPU_SATURATION_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(SLOW)[0] != "host-cpu-saturation"
    assert REPORT.rank(*said)[0] == "host-cpu-saturation"


def test_a_denial_changes_nothing() -> None:
    denied = (SLOW, "the CPU is not the bottleneck")
    assert CPU_SATURATION_REPORTED not in REPORT.findings(*denied)
    assert REPORT.rank(*denied) == REPORT.rank(SLOW)
