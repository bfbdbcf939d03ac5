"""A report that the display watchdog stopped a GPU kernel - CUDA's "the launch timed out and was
terminated", Windows' Timeout Detection and Recovery by name, event or registry key - raises the
GPU-timeout mode over the application-fault and stopped-GPU cards the same crash fits, and plans
the setting that takes the watchdog off the kernel, never a reset; other timeouts, advice and a
denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.display_watchdog_words import (
    DISPLAY_WATCHDOG_REPORTED,
    says_display_watchdog,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, report_evidence, report_incident, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "CUDA error: the launch timed out and was terminated",
        "numba.cuda.cudadrv.driver.CudaAPIError: [702] Call to cuCtxSynchronize results in "
        "CUDA_ERROR_LAUNCH_TIMEOUT",
        "cudaErrorLaunchTimeout after 5 seconds on the GTX 980 that drives the monitor",
        "Display driver nvlddmkm stopped responding and has successfully recovered.",
        "Windows: A TDR has been detected?",
        "For me on Windows 10, the problem was the TdrDelay in Windows.",
        "KeyValue  : TdrLevel",
        "Timeout Detection and Recovery reset the driver mid-render",
        "bugcheck VIDEO_TDR_FAILURE (116) in nvlddmkm.sys",
        "Display driver NVIDIA Windows Kernel Mode Driver, Version 531.41 stopped responding and "
        "has successfully recovered.",
        "TDR detected again after the driver update",
        # the runtime's own error stands whatever the writer says around it
        "Kernel could not finish: the launch timed out and was terminated",
        "I don't know why but cudaErrorLaunchTimeout appears",
    ],
)
def test_the_watchdogs_own_words_are_the_statement(line: str) -> None:
    assert says_display_watchdog(line)


@pytest.mark.parametrize(
    "line",
    [
        # other timeouts
        "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1) ran for 600046 ms",
        "the download timed out and was retried",
        "ssh: connect to host gpu-07 port 22: Connection timed out",
        # the acronym in lower case, or another sense of it
        "tdr measurements of the cable look fine",
        "Cable TDR",
        # a denial, a condition
        "no TDR happened here, the app just exits",
        "if a TDR happens, raise TdrDelay",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_display_watchdog(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "rendering the volume\nCUDA error: the launch timed out and was terminated\n"
    assert stated_at(text, DISPLAY_WATCHDOG_REPORTED, NODE) == [(2, NODE)]
    assert DISPLAY_WATCHDOG_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: an application fault first, as "the app crashed" alone ranks it
REPORT = OneNodeReport(
    Family.DEVICE, ("xid-app-fault", "xid-43-gpu-stopped-processing", "xid-8-46-gpu-timeout"), KB
)
CRASH = "the application crashed during the long render"


def test_the_statement_ranks_the_gpu_timeout_first() -> None:
    said = (CRASH, "Display driver nvlddmkm stopped responding and has successfully recovered")
    assert DISPLAY_WATCHDOG_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(CRASH)[0] == "xid-app-fault"
    assert REPORT.rank(*said)[0] == "xid-8-46-gpu-timeout"


def test_another_timeout_changes_nothing() -> None:
    other = (CRASH, "the download timed out and was retried")
    assert DISPLAY_WATCHDOG_REPORTED not in REPORT.findings(*other)
    assert REPORT.rank(*other)[0] == "xid-app-fault"


def test_the_plan_takes_the_watchdog_off_the_kernel_without_a_reset() -> None:
    line = "CUDA error: the launch timed out and was terminated"
    incident = report_incident(NODE, family=Family.DEVICE)
    top = Hypothesis(
        card_id="xid-8-46-gpu-timeout",
        title="t",
        score=1.0,
        supporting=(DISPLAY_WATCHDOG_REPORTED,),
    )
    plan = make_plan(KB, incident, [top], report_evidence(line, node=NODE))
    assert plan.runbook is not None and plan.runbook.id == "fix-display-watchdog"
    assert plan.runbook.action_class == "config_fix" and plan.runbook.safety_class == "notify"
    assert "nvidia_smi.reset_gpu" not in {s.tool for s in plan.steps}


def test_a_gpu_that_timed_out_itself_keeps_the_reset() -> None:
    # Xid 46 is the GPU as a whole timing out (catalog RESET_GPU): a TDR named beside it does
    # not make the GPU healthy
    incident = report_incident(f"{NODE}/gpu0", family=Family.DEVICE, xids=(46,))
    top = Hypothesis(
        card_id="xid-8-46-gpu-timeout",
        title="t",
        score=1.0,
        supporting=("xid:46", DISPLAY_WATCHDOG_REPORTED),
    )
    plan = make_plan(KB, incident, [top], [])
    assert plan.runbook is not None and plan.runbook.id != "fix-display-watchdog"
    assert plan.runbook.action_class in {"reset_gpu", "reboot"}
