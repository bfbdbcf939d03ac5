"""A report whose writer says containers lost the GPUs they were given the way a rewritten device
cgroup loses them ("after systemctl daemon-reload all running GPU containers lose their devices",
"the containers lose access to the GPUs after a while"), or names the fix NVIDIA documents for
it (the cgroupfs driver, ``create-dev-char-symlinks``): it raises ``slurm-cgroup-gpu-mismatch``
over the driver cards that the NVML "Unknown Error" also fits, and a daemon-reload in set-up
steps, advice or a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.cgroup_loss_words import CGROUP_LOSS_REPORTED, says_cgroup_loss
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "systemctl daemon-reload makes all running gpu containers lose their devices",
        "after a daemon reload nvidia-smi in the container says Failed to initialize NVML",
        "the GPUs are gone from the pod after every daemon-reload",
        "after a while the containers lose access to the GPUs",
        "pods lose the nvidia devices after some time",
        'fixed by adding "exec-opts": ["native.cgroupdriver=cgroupfs"] to daemon.json',
        "booting with systemd.unified_cgroup_hierarchy=0 made it stable",
        "sudo nvidia-ctk system create-dev-char-symlinks --create-all",
    ],
)
def test_a_writer_saying_containers_lost_their_gpus_is_the_statement(line: str) -> None:
    assert says_cgroup_loss(line)


@pytest.mark.parametrize(
    "line",
    [
        # a daemon-reload as a set-up step, as every systemd unit edit ends with one
        "sudo systemctl daemon-reload && sudo systemctl restart ollama",
        # other losses: the host's power, a job, a denial, a condition
        "the host loses power under load",
        "I lost my job after the update",
        "the containers did not lose the GPUs after the reload",
        "if the containers lose access to the GPUs, restart them",
        "Failed to initialize NVML: Unknown Error",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_cgroup_loss(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "nvidia-smi works on the host\nafter a while the containers lose access to the GPUs\n"
    assert stated_at(text, CGROUP_LOSS_REPORTED, NODE) == [(2, NODE)]
    assert CGROUP_LOSS_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: a driver mismatch first, as the NVML error alone ranks it
REPORT = OneNodeReport(
    Family.HOST,
    ("driver-cuda-mismatch", "k8s-device-plugin-unhealthy", "slurm-cgroup-gpu-mismatch"),
    KB,
)
NVML = "Failed to initialize NVML: Unknown Error"


def test_the_statement_ranks_the_device_binding_mode_first() -> None:
    said = (NVML, "systemctl daemon-reload makes all running GPU containers lose their devices")
    assert CGROUP_LOSS_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(NVML)[0] == "driver-cuda-mismatch"
    assert REPORT.rank(*said)[0] == "slurm-cgroup-gpu-mismatch"


def test_the_statement_rules_the_version_mismatch_out() -> None:
    """The NVML "Unknown Error" inside a container whose device cgroup was rewritten is not a
    driver/library mismatch (the driver on the host still matches): the driver card falls below
    every card the words do not speak against, as its retrieval alone ranks it far above."""
    said = (NVML, "after a while the containers lose access to the GPUs")
    assert REPORT.rank(*said) == [
        "slurm-cgroup-gpu-mismatch",
        "k8s-device-plugin-unhealthy",
        "driver-cuda-mismatch",
    ]


def test_a_daemon_reload_in_set_up_steps_changes_nothing() -> None:
    steps = (NVML, "sudo systemctl daemon-reload && sudo systemctl restart docker")
    assert CGROUP_LOSS_REPORTED not in REPORT.findings(*steps)
    assert REPORT.rank(*steps)[0] == "driver-cuda-mismatch"
