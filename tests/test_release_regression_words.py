"""A report whose writer pins the fault on one release of a part of the GPU stack other than the
driver ("reverting to version 0.0.17 resolves the issue", "not reproducible with 2.31.2",
"bisected to commit bc118b"): the regression card's rollback test done on a library, image or
toolkit. It gives the regression card its own signal on such a report, where nothing about the
driver does. Advice, a condition, a question, a denial, a rollback with no version or a version
banner change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.release_regression_words import (
    RELEASE_REGRESSION_REPORTED,
    says_release_regression,
)
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        # a rollback to a named version and its cure, either way round
        "Reverting to version 0.0.17 resolves the issue.",
        "downgrade to 0.6.0 and it works",
        "4. Roll back to 2.00.20 and it works again.",
        "Downgrading ctranslate to version 4.4.0 is enough to fix the problem",
        "fixed by rolling back ctranslate2 to 4.4.0",
        # one version fails where another works
        "NCCL 2.26.2 illegal memory access for >=512 KiB collectives, not reproducible with 2.31.2",
        "It works fine on 0.0.17 but fails on 0.0.18.",
        "The issue is reproducible with Triton Server versions 24.05 and later (incorporating "
        "TensorRT 10.3 and 10.5), while earlier versions do not exhibit this problem.",
        # the update to a named version that broke it (a file name's dot is no sentence end)
        "Since ExLlamav2 was upgraded to version 0.0.18 in the requirements.txt, inference "
        "using it is no longer working",
        "after updating to 0.1.32, now instead of just crashing it hangs",
        "v1.18.0 broke the containerd config",
        "v1.18.0 breaks the containerd config",
        "fails on 2.4 and up, earlier versions are fine",
        "This is a significant regression from v1.28",
        # the change found by bisecting
        "Internode RDMA bandwidth dropped by ~50% after commit `bc118b` ( pr #245 ) , confirmed "
        "via bisect.",
        "We bisected it to single commits on an upstream branch",
        # a GPU kernel is no operating-system kernel
        "This is a regression in 2.4.0 of the fused attention kernel",
    ],
)
def test_a_writer_pinning_the_fault_on_a_release_is_the_statement(line: str) -> None:
    assert says_release_regression(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice, a condition, a plan or a question is not what happened
        "try downgrading to 2.1.0 and see if it works",
        "If reverting to 0.5 fixes it, let me know",
        "we should pin 1.2.0 to avoid this",
        "Does rolling back to 1.2.3 fix it?",
        "I'm going to bisect it tonight",
        # a rollback that cured nothing
        "downgrading to 2.0.1 did not help",
        "Tried reverting to 0.0.17, no luck",
        # a rollback with no version: the writer's own code
        "I reverted my changes and it works",
        # an update that cured, a version banner, a version merely named
        "after upgrading to 2.1.0 everything works",
        "NCCL version 2.18.1+cuda12.1",
        "NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2",
        "I am running torch 2.3.1 with CUDA 12.1",
        # the driver, the kernel or the firmware named: the driver's statement, not this one
        '"Fixed a regression introduced in 390.12 that caused occasional hangs',
        "I bisected between v6.9-rc6 and v6.9-rc7 and that identified commit 1a2b3c",
        "after updating the nvidia driver to 550.54 it crashes",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_release_regression(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "inference fails with the error below\nReverting to version 0.0.17 resolves it.\n"
    assert stated_at(text, RELEASE_REGRESSION_REPORTED, NODE) == [(2, NODE)]
    assert RELEASE_REGRESSION_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: words about a failing library rank the mismatch card and the
# application fault alike; the regression card lacks its own signal without the statement
REPORT = OneNodeReport(
    Family.DEVICE,
    ("driver-regression-fleetwide", "driver-cuda-mismatch", "xid-app-fault"),
    KB,
)
FAILS = "inference fails with CUDNN_STATUS_EXECUTION_FAILED after loading the model"


def test_the_statement_is_the_regression_cards_own_signal() -> None:
    said = (FAILS, "It works fine on 0.0.17 but fails on 0.0.18.")
    assert RELEASE_REGRESSION_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(FAILS)[-1] == "driver-regression-fleetwide"
    assert REPORT.rank(*said)[0] == "driver-regression-fleetwide"


def test_advice_to_roll_back_changes_nothing() -> None:
    advised = (FAILS, "you could try downgrading to 0.0.17")
    assert RELEASE_REGRESSION_REPORTED not in REPORT.findings(*advised)
    assert REPORT.rank(*advised)[-1] == "driver-regression-fleetwide"


def test_a_release_regression_is_pinned_not_a_driver_rollback() -> None:
    # the report blames a library's release: pin its last good version, leave the driver be
    said = (FAILS, "It works fine on 0.0.17 but fails on 0.0.18.")
    card, runbook = REPORT.plan(*said)
    assert (card, runbook) == ("driver-regression-fleetwide", "pin-regressed-release")
    assert KB.runbooks[runbook].action_class == "config_fix"
    # the driver named as what regressed keeps the driver rollback
    both = (*said, "rolling back the driver to 535 fixed it")
    assert REPORT.plan(*both) == ("driver-regression-fleetwide", "driver-rollback-request")
