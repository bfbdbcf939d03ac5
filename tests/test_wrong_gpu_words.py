"""A report whose writer says the work runs on a GPU other than the one meant for it ("by default
it uses the wrong one", "every worker binds to physical GPU 0", the integrated adapter picked
instead of the NVIDIA one, nvidia-smi's numbering said to disagree with CUDA's): it raises
``slurm-cgroup-gpu-mismatch`` over the cards the rest of the report fits, and a tool reading the
wrong GPU, a launch script's ``CUDA_DEVICE_ORDER``, advice, a question or a denial change
nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.wrong_gpu_words import WRONG_GPU_REPORTED, says_wrong_gpu
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "You would like to run on one of your 2 GPUs, and by default it uses the wrong one.",
        "I assume it is due to sunshine using the wrong GPU once the second one is connected",
        "# getting the wrong GPUs",
        "Wrong device indexing on the DGX Station",
        "so every colocated TP1 worker binds to physical GPU 0 and the losers OOM.",
        "export the visible devices to prevent all jobs defaulting to GPU0.",
        "This fixes an issue where all processes would incorrectly use cuda:0 in multi-GPU "
        "environments.",
        "there is no allocation of devices, resulting in users attempting to use the same default"
        " device (device 0).",
        "using 1 fails to assign the Gctf job to GPU 1 and defaults to 0.",
        "it seems that RPCS3 picked the integrated driver instead of the NVIDIA one.",
        "inside the container the 'GeForce RTX 2080 Ti' is the device 0 not 1, so it worked",
        "# DIGITS GPU ID appears to disagree with nvidia-smi",
        "nvidia-smi returns a device numbering that is inconsistent with what CUDA uses",
        "by setting CUDA_DEVICE_ORDER=PCI_BUS_ID the gpu selection is consistent with nvidia-smi",
        # the discrete GPU passed over; a device asked for and device 0 used anyway
        "# Optimus doesn't select the nvidia chip",
        "on my laptop the app does not use the dedicated GPU",
        "I set device id not 0, but caffe always use gpu0",
        "I specified GPU 2 but it still runs on GPU 0",
        # GPUs the job was not given; the binding not honoured; one asked for, all given
        "We think this may be due to CPU jobs running on (unrequested) GPUs.",
        "NVIDIA_VISIBLE_DEVICES in my docker images no longer respected",
        "This bug caused device selection via the NVIDIA_VISIBLE_DEVICES envvar to not work",
        "the container asking for GPU 0 sees all 8 A100s",
    ],
)
def test_a_writer_saying_the_work_runs_on_another_gpu_is_the_statement(line: str) -> None:
    assert says_wrong_gpu(line)


@pytest.mark.parametrize(
    "line",
    [
        # a tool reading the wrong GPU is not the work running there
        "# Jobstats monitor the wrong GPU due to mismatch between minor number and NVML number",
        "it might even parse the wrong one.",
        "it is easy to check the wrong device when there are several slots",
        # set-up, advice, a question, a denial
        "export CUDA_DEVICE_ORDER=PCI_BUS_ID",
        "make sure the job does not default to GPU 0",
        "Is it using the wrong GPU?",
        "it is not using the wrong GPU, nvidia-smi shows the right bus id",
        "if all jobs land on GPU 0, set CUDA_VISIBLE_DEVICES",
        "make sure all ranks do not use cuda:0",
        "all processes use cuda:0 and cuda:1 as expected?",
        # a GPU numbered zero, a card named
        "GPU 0: NVIDIA A100-SXM4-80GB (UUID: GPU-5f2c)",
        "the wrong answer comes out of the model on every run",
        # no GPU found at all is the CPU fallback's; memory is not the adapter
        "PyTorch doesn't use the nvidia GPU: torch.cuda.is_available() is False",
        "on my laptop the app does not use the dedicated GPU memory",
        # the variable set or asked about, not said to fail
        "NVIDIA_VISIBLE_DEVICES=all baked into the image",
        "Is NVIDIA_VISIBLE_DEVICES ignored?",
        "CUDA_VISIBLE_DEVICES is respected",
        "NVIDIA_VISIBLE_DEVICES was respected, the problem was elsewhere",
        "the scheduler picks unallocated GPUs for the next job",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_wrong_gpu(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "training starts\nby default it uses the wrong one\n"
    assert stated_at(text, WRONG_GPU_REPORTED, NODE) == [(2, NODE)]
    assert WRONG_GPU_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the device-binding card last, as a slow run on a node ranks it
REPORT = OneNodeReport(
    Family.HOST,
    ("cpu-only-execution", "numa-misaffinity", "slurm-cgroup-gpu-mismatch"),
    KB,
)
SLOW = "the simulation on this workstation is much slower than expected"


def test_the_statement_ranks_the_device_binding_mode_first() -> None:
    said = (SLOW, "by default it uses the wrong one of the two GPUs")
    assert WRONG_GPU_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(SLOW)[0] == "cpu-only-execution"
    assert REPORT.rank(*said)[0] == "slurm-cgroup-gpu-mismatch"


def test_a_launch_scripts_device_order_changes_nothing() -> None:
    script = (SLOW, "export CUDA_DEVICE_ORDER=PCI_BUS_ID")
    assert WRONG_GPU_REPORTED not in REPORT.findings(*script)
