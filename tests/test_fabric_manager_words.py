"""A report whose writer says the node's Fabric Manager was missing, stopped, failed or out of step
with the driver ("the multi-card GPU needs to use Fabric Manager to initialize NVLink", "after
installing nvidia-fabricmanager the jobs start") raises ``fabric-manager-down`` over the cards a
CUDA failure on an NVSwitch node also fits; advice, a condition, a denial, a question or the
service named alone change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.fabric_manager_words import (
    FABRIC_MANAGER_REPORTED,
    says_fabric_manager_down,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "It is because the multi-card GPU needs to use Fabric Manager to initialize NVLink.",
        "the nvidia-fabricmanager service was not running on the node",
        "Fabric Manager failed to start after the driver upgrade",
        "nvidia-fabricmanager is inactive (dead) since the reboot",
        "the fabricmanager daemon crashed and every job fails at CUDA init",
        "We were running without the fabric manager on the HGX box.",
        "After installing nvidia-fabricmanager-550 the jobs start normally.",
        "Installing the matching fabric manager package fixed it.",
        "after we started the fabric manager CUDA works again",
        "the root cause was a fabric manager version mismatch with the driver",
        "fabricmanager doesn't match the loaded driver version",
        "fabric manager 没有启动，所以 CUDA 初始化失败",
        "需要安装 fabricmanager",
    ],
)
def test_a_writer_saying_the_fabric_manager_was_down_is_the_statement(line: str) -> None:
    assert says_fabric_manager_down(line)


@pytest.mark.parametrize(
    "line",
    [
        "fabric manager is running fine and nvidia-smi -q shows fabric state Completed",
        "Make sure the fabric manager is running before you start the job.",
        "If fabric manager fails to start, check its log.",
        "Is the fabric manager not running?",
        "Did you install nvidia-fabricmanager?",
        "It's not the fabric manager: the service was up the whole time.",
        "sudo apt-get install -y nvidia-fabricmanager-550",
        "ii  nvidia-fabricmanager-535  535.161.08-1  amd64  Fabric Manager for NVSwitch",
        "PCIe boards do not need fabric manager at all",
        "you should check whether fabric manager is not running",
        "I've tried reboot and restart nvidia-fabricmanager, but none of these works.",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_fabric_manager_down(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "8x H20, training fails to start\nthe GPUs need the fabric manager to set up NVLink\n"
    assert stated_at(text, FABRIC_MANAGER_REPORTED, NODE) == [(2, NODE)]
    assert FABRIC_MANAGER_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the cards a CUDA failure at start on a multi-GPU node also fits
REPORT = OneNodeReport(
    Family.DEVICE,
    ("driver-cuda-mismatch", "host-memory-pressure-oom", "fabric-manager-down"),
    KB,
)
FAILED = "training on all 8 GPUs fails at start, one GPU works"


def test_the_statement_ranks_the_fabric_manager_first() -> None:
    said = (FAILED, "the node needed nvidia-fabricmanager to initialise NVLink; now it trains")
    assert FABRIC_MANAGER_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(FAILED)[0] == "driver-cuda-mismatch"
    assert REPORT.rank(*said)[0] == "fabric-manager-down"


def test_advice_to_check_the_fabric_manager_changes_nothing() -> None:
    advised = (FAILED, "Make sure nvidia-fabricmanager is running on NVSwitch systems.")
    assert FABRIC_MANAGER_REPORTED not in REPORT.findings(*advised)
    assert REPORT.rank(*advised)[0] == "driver-cuda-mismatch"
