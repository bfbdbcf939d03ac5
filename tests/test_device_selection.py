"""A job that selects a GPU by an index of 1 or more and then hears from CUDA that there is no
device ("cuda runtime error (38) : no CUDA-capable device is detected" after ``CUDA_ID=1`` on a
one-GPU machine), or that is told its device ordinal is invalid: the job's index names a GPU
the node does not show it (CUDA's ``CUDA_VISIBLE_DEVICES`` hides every device from an invalid
index on). That is the device-binding card, not a driver that cannot reach its GPU. Index 0,
a device count, an image tag or a "no device" with no selection change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.device_selection import SELECTED_DEVICE_ABSENT, selected_index
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    ("line", "index"),
    [
        ("Please change `CUDA_ID=1` to `CUDA_ID=0` in scripts/train_cGAN.sh", 1),
        ("CUDA_VISIBLE_DEVICES=2,3 CONFIG_FILE=train_configs/llama3_8b.toml ./run.sh", 2),
        ('export CUDA_VISIBLE_DEVICES="6,7"', 6),
        ("python train.py --gpu_ids 1", 1),
        ("th train.lua -gpuid 1", 1),
        ("x = x.to('cuda:1')", 1),
        ("torch.cuda.set_device(3)", 3),
        ("export CUDA_VISIBLE_DEVICES=0", 0),
        # kubectl describe pod's environment; a script's own assignment, echoed in a traceback
        ("      CUDA_VISIBLE_DEVICES:  1", 1),
        ('os.environ["CUDA_VISIBLE_DEVICES"] = "1"', 1),
        # a count, an image's CUDA version: no index
        ("docker run --gpus 2 nvidia/cuda:12.2.0-base nvidia-smi", None),
        ("image: nvidia/cuda:12", None),
        ("FROM nvidia/cuda:11.8.0-cudnn8-devel-ubuntu22.04", None),
        ("docker pull cuda:12", None),
        ("FROM cuda:12-devel", None),
        # a Kubernetes GPU count, a DCGM exporter's label for a GPU that exists
        ("helm install --set resources.limits.nvidia.com/gpu=2", None),
        ('DCGM_FI_DEV_GPU_TEMP{gpu="1",UUID="GPU-5f3c"} 45', None),
    ],
)
def test_the_index_a_job_selects(line: str, index: int | None) -> None:
    assert selected_index(line) == index


def _kinds(text: str) -> list[str]:
    return [s.kind for s in parse_job_log(text, origin="jobs/j.log", node=NODE).signatures]


def test_an_index_past_the_gpus_and_no_device_is_the_signature() -> None:
    text = (
        "If you only have one GPU, the setup steps give the following error:\n"
        "> cuda runtime error (38) : no CUDA-capable device is detected\n"
        "Please change `CUDA_ID=1` to `CUDA_ID=0` in scripts/train_cGAN.sh\n"
    )
    parsed = parse_job_log(text, origin="jobs/j.log", node=NODE)
    absent = [s for s in parsed.signatures if s.kind == SELECTED_DEVICE_ABSENT]
    assert [(s.line, s.node, s.detail["index"], s.detail["error_line"]) for s in absent] == [
        (3, NODE, "1", "2")
    ]
    assert SELECTED_DEVICE_ABSENT not in FLEET_SIGNATURES  # the job's own choice: opens nothing


@pytest.mark.parametrize(
    "text",
    [
        # index 0 exists wherever a GPU does: the driver's or the container's matter
        "CUDA_VISIBLE_DEVICES=0 python train.py\nno CUDA-capable device is detected\n",
        # a selection and no "no device"; a "no device" and no selection
        "CUDA_VISIBLE_DEVICES=1 python train.py\nepoch 1 loss 0.3\n",
        "RuntimeError: No CUDA GPUs are available\n",
    ],
)
def test_no_signature_without_both_halves(text: str) -> None:
    assert SELECTED_DEVICE_ABSENT not in _kinds(text)


def test_cudas_wordings_for_no_device_and_an_invalid_ordinal_are_read() -> None:
    assert _kinds("RuntimeError: No CUDA GPUs are available\n") == ["cuda_no_device"]
    assert _kinds("RuntimeError: CUDA error: invalid device ordinal\n") == ["cuda_invalid_device"]


# retrieval's order, flat: the driver first, as a bare "no device" reads
REPORT = OneNodeReport(
    Family.DEVICE, ("driver-cuda-mismatch", "cpu-only-execution", "slurm-cgroup-gpu-mismatch"), KB
)
NO_DEVICE = "> cuda runtime error (38) : no CUDA-capable device is detected"


def test_the_selection_ranks_the_device_binding_card_first() -> None:
    assert REPORT.rank(NO_DEVICE)[0] == "driver-cuda-mismatch"
    said = ("CUDA_ID=1 ./scripts/train_cGAN.sh", NO_DEVICE)
    assert {"cuda_selected_device_absent"} <= REPORT.findings(*said)
    assert REPORT.rank(*said)[0] == "slurm-cgroup-gpu-mismatch"


def test_an_invalid_ordinal_alone_is_evidence_that_moves_no_card() -> None:
    # CUDA's "invalid device ordinal" comes from a job's wrong index, a sandbox without the
    # call, a MIG slice or an image too old for the GPU alike: the line is read (CUDA's own
    # error, not an unread complaint) and is no finding a card could weigh
    said = ("RuntimeError: CUDA error: invalid device ordinal",)
    assert _kinds(said[0] + "\n") == ["cuda_invalid_device"]
    assert not {"cuda_invalid_device", "cuda_invalid_device_ordinal"} & REPORT.findings(*said)
    assert REPORT.rank(*said)[0] == "driver-cuda-mismatch"
