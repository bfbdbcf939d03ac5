"""A report whose writer says the work runs on the CPU instead of the GPU ("it generates on the
CPU", "the GPU is not being used at all", "0 layers offloaded to GPU", a CPU-only torch build):
the never-used GPUs DCGM would show, in words. It raises ``cpu-only-execution`` over the cards
that the same words about a slow job also fit, and an offload chosen on purpose, a CPU named as
hardware, advice or a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.cpu_fallback_words import CPU_FALLBACK_REPORTED, says_cpu_fallback
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "SD.Next on an nvidia system generates on the CPU",
        "the CPU is being used instead of the GPU",
        "ollama falls back to CPU after the update",
        "it runs entirely on CPU, 11 tokens per second",
        "it only works on the CPU now",
        "the GPU is not being used at all",
        "whisper doesn't use my GPU",
        "llm_load_tensors: offloaded 0/81 layers to GPU",
        "0 layers offloaded to GPU",
        "the model is 42% offloaded to CPU",
        "torch.cuda.is_available() returns False",
        "after I update the pytorch version cuda.is_available return FALSE",
        "CUDA is not available in the container",
        "I had the CPU-only build of torch installed",
        "torch==2.1.0+cpu",
        "# [Issue]: Torch cpu installed on nvidia system",
        "you can see in the log that it's really torch-cpu that is installed",
        "I would be running everything on the CPU (host) of the GPU node.",
        "# Render always happens on the laptop's CPU, instead of the GPU.",
        "Thank you for quick reply! That works by setting -ngl!",
        "Solution the `-ngl` flag which sets the number of layers on GPU.",
        "# 有4080显卡，却只使用CPU是怎么回事？",
        "sorry。torch安装了CPU版本。",
    ],
)
def test_a_writer_saying_the_work_runs_on_the_cpu_is_the_statement(line: str) -> None:
    assert says_cpu_fallback(line)


@pytest.mark.parametrize(
    "line",
    [
        # memory that ran out on the CPU is the host's (telemetry.host_memory_words)
        "PS: pretty sure is OOM on cpu instead of gpu.",
        # an offload chosen on purpose, a CPU named as hardware or as busy
        "offload the optimizer to CPU with DeepSpeed ZeRO-3",
        "CPU: AMD EPYC 7763 64-Core Processor",
        "the CPU usage is 100% during data loading",
        "torch cpu memory grows by 2 GB per epoch",
        # advice, a condition, a denial
        "run it on the CPU to compare the outputs",
        "./main -m model.gguf -ngl 99 -c 4096",
        "does it work with -ngl 0?",
        "if it falls back to the CPU, check the driver",
        "it does not fall back to the CPU, the GPU is busy",
        "the model runs on the GPU",
        # the CPU run is the writer's comparison; the fault is on the GPU
        "the script works on CPU but crashes with an illegal memory access on the GPU",
        "I got it working on cpus, however on the GPU partition the container exits at start",
        # someone else's work on the host's CPUs: a load beside the job, not the job on the CPU
        "I check out programs on the server and find that there is some another process on cpu and",
        "another program running on the CPU slowed the training down",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_cpu_fallback(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "11 tokens per second\nit runs entirely on the CPU\n"
    assert stated_at(text, CPU_FALLBACK_REPORTED, NODE) == [(2, NODE)]
    assert CPU_FALLBACK_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the slow-job cards first, as words about a slow model rank them
REPORT = OneNodeReport(
    Family.UTILIZATION, ("host-cpu-saturation", "fb-fragmentation-oom", "cpu-only-execution"), KB
)
SLOW = "generation takes 40 minutes per image"


def test_the_statement_ranks_cpu_fallback_first() -> None:
    said = (SLOW, "task manager shows it generates on the CPU, the GPU is idle")
    assert CPU_FALLBACK_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(SLOW)[0] == "host-cpu-saturation"
    assert REPORT.rank(*said)[0] == "cpu-only-execution"


def test_a_chosen_offload_changes_nothing() -> None:
    chosen = (SLOW, "we offload the optimizer to CPU to fit the model")
    assert CPU_FALLBACK_REPORTED not in REPORT.findings(*chosen)
    assert REPORT.rank(*chosen)[0] == "host-cpu-saturation"
