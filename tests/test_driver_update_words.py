"""A report that the fault began after the node's driver was updated ranks the driver regression
first and plans its rollback, while a first install, an update that cured the fault or changed
nothing, advice, a condition and a question change nothing; the words weigh for a version
mismatch too (an update leaves the running module behind its libraries), so a mismatch's own
error still outranks them."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.driver_update_words import DRIVER_UPDATE_REPORTED, says_driver_update
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "# Crash after updating the nvidia drivers",
        "# System crashes after updating to nvidia driver 470.86",
        "After updating my NVidia graphic driver, my game doesn't launch anymore.",
        "# With new NVIDIA Graphics driver 560.94, CUDA-Q programs fail to run",
        "# Moonlight unstable after upgrading graphics drivers",
        "After upgrading NVIDIA driver to 536, inference performance drop down 28%",
        "I noticed that after I upgraded my Nvidia GPU driver, Ollama ran very slow.",
        "since the last driver update the training hangs",
        "It started crashing after the latest driver update.",
        "After upgrading from driver 535 to 550, NCCL hangs.",
        "After the nvidia driver was updated to 560, the container fails to start.",
        "After a recent update of the NVIDIA driver, Blender crashes on render.",
        "After upgrading the nvidia driver on our DGX nodes to 570.86.15, nccl-tests hang.",
        "I updated the driver to 551.23 and now the game crashes at launch.",
    ],
)
def test_a_fault_after_a_driver_update_is_the_statement(line: str) -> None:
    assert says_driver_update(line)


@pytest.mark.parametrize(
    "line",
    [
        # the update cured it, or changed nothing
        "after updating nvidia driver no crashes appeared, the problem seems solved.",
        "After updating my NVidia graphic driver to 450.66 this seems to be solved.",
        "After the driver update everything works fine.",
        "+ The issue persisted even after updating the driver.",
        "It still crashes after the driver update.",
        "After updating the driver to 550, the crashes stopped.",
        "The errors went away after I upgraded the driver to 560.",
        "After the driver update, the game no longer crashes.",
        "Same error after updating the driver to 550.",
        "I tested with the latest driver 560.94 and it also crashes.",
        # a failure denied
        "It didn't crash after updating the driver.",
        "No crashes since the driver update.",
        # a GPU no longer seen is the driver's parts out of step (the mismatch's readers)
        "After updating the GPU driver the GPU is not recognized by Docker anymore.",
        # not the driver, or not an update
        "After upgrading to 128 GB RAM the nvidia driver crashes.",
        "Following the driver update guide from NVIDIA, the install fails at DKMS.",
        "You need to reboot after updating the driver, otherwise nvidia-smi fails.",
        # a first install is a set-up, not a change of a working node
        "After installing the nvidia driver on my cluster, the container fails",
        # advice, a condition, a question
        "Try updating the driver, if it still crashes let me know",
        "Please update your driver, this error is fixed in 535.",
        "If it crashes after updating the driver, roll back.",
        "Does it crash after updating the driver?",
        "Could you clean and rebuild nvbandwidth after updating the driver?",
        # the new driver alone, no version: as often the fix
        "with the new driver the game crashes less",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_driver_update(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    text += "# Crash after updating the nvidia drivers\n"
    assert stated_at(text, DRIVER_UPDATE_REPORTED, NODE) == [(2, NODE)]
    assert DRIVER_UPDATE_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: a version mismatch first, as a failure after a change ranks it
REPORT = OneNodeReport(
    Family.APPLICATION, ("driver-cuda-mismatch", "driver-regression-fleetwide", "xid-app-fault"), KB
)
FAILED = "Error: program failed to run"
SAID = "After updating my NVidia graphic driver, my game doesn't launch anymore."
MISMATCH = "Failed to initialize NVML: Driver/library version mismatch"


def test_the_statement_ranks_the_regression_first_and_plans_the_rollback() -> None:
    assert DRIVER_UPDATE_REPORTED in REPORT.findings(FAILED, SAID)
    assert REPORT.rank(FAILED)[0] == "driver-cuda-mismatch"
    assert REPORT.rank(FAILED, SAID)[0] == "driver-regression-fleetwide"
    assert REPORT.plan(FAILED, SAID) == ("driver-regression-fleetwide", "driver-rollback-request")


def test_the_mismatch_error_outranks_the_words() -> None:
    assert REPORT.rank(MISMATCH, SAID)[0] == "driver-cuda-mismatch"
