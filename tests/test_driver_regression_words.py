"""A report whose writer pins the fault on one driver version ("downgrading the driver to 531
fixed it", "driver 545 introduced the hang", "works on 470 but not on 510"): the rollback test of
a driver regression, in words. It gives the driver-regression card the own signal it otherwise
lacks on a report, so the card no longer ranks after every other. An update alone (a reboot may
be what it needed), advice, a condition, a denial or a version banner change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.driver_regression_words import (
    DRIVER_REGRESSION_REPORTED,
    says_driver_regression,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "downgrading the driver to 531 fixed it",
        # the cure after a version's comma; the complaint in the plural
        "I rolled back to the previous version, 595.45.04 and everything is fine there.",
        "I have major issues with the newest driver, performance is dipping",
        "I rolled back the nvidia driver to 535 and it works again",
        "reverting to driver 535.104 solved the issue",
        "driver 545 introduced the hang",
        "The new driver broke P2P between the two cards",
        "This is a regression in the latest driver",
        "Nvidia driver above 532 is sometimes 10x slower than driver 531.",
        "it works with driver 470 but not with 510",
        "Driver rollback to 431.86 solves problems, but this is a temporary solution.",
        "I've seen reports of some versions of nvidia driver 545 have broken P2P support.",
        "The bug was in a particular version of the CUDA driver and is solved by upgrading.",
        "There is an issue with the most recent GPU driver (>= 460.x) that causes invalid access",
        "it's a hit or miss issue depending on the nvidia driver version.",
        "It was working until I updated the driver so I am 100% sure the driver is the issue",
        "> Не будет работать с новым драйвером NVidia 460.79.",
        "降级驱动后解决了",
        # the failing version first, the working one after; the driver between the verb and
        # "back"; a regression between two named versions
        "all_reduce_perf hangs with A100 SXM4 on AMD CPUs (driver 570.172.08 + CUDA 12.8) but "
        "works on driver 550.163.01",
        "the engine fails on driver 550.90.07 while it works on 545.23.08",
        "I rolled the driver back to 535 and now it works again",
        "this is a regression between the Nvidia proprietary driver versions 530 and 535",
        # the cure before the rollback; a rollback with its reason; a version that stutters
        "# Stuttering after driver update (fixed by rolling back driver to previous version)",
        "The only thing that fixed the stuttering was rolling back the Nvidia driver update",
        "Reverting back to 535 drivers since 550 drivers don't install the nvidia-gridd unit",
        "Any drivers after 566.36 produce severe to minor stutters based on settings",
        # the rollback told as what was done, to a named version; a driver-shaped version as
        # the only name of the driver; a denial closed inside a parenthesis before the words
        "I degraded nvidia driver 511 to 472.84. Its stable.",
        "Reverting NVidia driver back to 512.xx",
        "Only reverting back to 397.31 or 391.35 fixes this.",
        "specific to Pascal (e.g. does not occur with Turing cards) and is a regression between "
        "the Nvidia proprietary driver versions 530 and 535",
        # an update named as what broke the host
        "twice this year the nvidia driver update has stopped the laptop from booting",
        "the driver upgrade kept the workstation from coming up",
        # the version first, or the fault through more than one update
        "since driver 560 the training hangs",
        "UT2004 often hangs after a little while, only since last two driver updates",
        # a release named as what regressed, on a line about the driver, the kernel or the
        # GPU's firmware (telemetry.release_regression_words' forms)
        '"Fixed a regression introduced in 390.12 that caused occasional hangs and hard lockups',
        'After bisecting, the first bad commit is da67179e5538 ("drm/nouveau/gsp: Allocate '
        'fwsec-sb at boot").',
        "I bisected between v6.9-rc6 and v6.9-rc7 and that identified commit 1a2b3c",
        # a reinstall of an older or named version is a rollback; a branch with its point
        # releases left open; the cure later in the sentence; markdown around the version
        "After reinstalling 572.XX driver all problems were fixed.",
        "After reinstalling the older drivers from cache everything worked just fine.",
        "Reverting the nvidia driver back to the latest stable `550.x` fixes it.",
        "I downgraded the driver to **535** and after a reboot the crashes no longer happen",
        # the working version in a parenthesis after the failure; the previous driver worked
        "# Isaac Sim fails to detect CUDA device with NVIDIA driver 595.79 (works with 580)",
        "# Gloo deadlock after upgrading CI to 418.40.04, 418.43 or 418.56 driver (410.104 is OK)",
        "Hardware shader worked very well on the previous drivers: 390.XX.",
        "With the older nvidia driver everything was fine",
        # a version singled out as the one with the issues
        "given the issues with driver version 595.x, the way to downgrade is to uninstall first",
        "There is a known issue with Nvidia GPU driver version R550.54.15, currently installed",
        "there is an issue in later versions of the 570.x driver that is being looked internally.",
        # a branch with its point releases left open is a driver's version
        "Downgrading to `535.x` seems to fix the issue.",
        "Reverting back to the latest stable `550.x` fixes it.",
        # the cure told in the next short sentence
        "Downgraded to 382.53 on windows 10 home. That appears to have worked. Thank you.",
        "Rolled back to 384.90 on the rig. It seems to have worked.",
        # the driver's own release notes
        "* Fixed a regression that led to Xid errors when loading the NVIDIA driver on notebooks.",
        # the vendor withdrawing a release
        "NVIDIA Yanks Latest Forceware Drivers Amid Complaints Of GPU Failure",
        "Nvidia pulled the Feb 2026 Game Ready/Studio Driver after reports of RTX GPUs failing to "
        "spin fans",
        "Release 196.75 drivers have been temporarily removed from our website",
        # a version said not to work; the rollback given as the fix (a branch written "525xx")
        "# 576.80 does not work with CMP 170HX",
        "Driver 410.104 doesn't work: https://circleci.com/gh/pytorch/pytorch/1125682",
        "to anyone wanting to fix this temporarily: roll back drivers to latest in 525xx branch",
        # the step between two versions named as what broke (a package's release kept)
        "# Nvidia 590.48.01-3 ➡️ 595.45.04-3 causes crash on sleep",
        "driver 550.78 -> 555.42 broke suspend on the laptop",
        "nvidia-driver-590 -> 595 broke suspend",
    ],
)
def test_a_writer_pinning_the_fault_on_a_driver_version_is_the_statement(line: str) -> None:
    assert says_driver_regression(line)


@pytest.mark.parametrize(
    "line",
    [
        # an update alone: a reboot may be what it needed (driver-cuda-mismatch)
        "After updating the NVIDIA driver to 590 the GPUs are gone",
        "after I upgraded my Nvidia GPU driver, it ran on the CPU until I rebooted",
        # advice or a condition is not what happened
        "try updating your driver",
        "the setup script fails loud if the driver breaks",
        "you should downgrade the driver to 531",
        "please install the latest driver",
        "> 降级你的驱动程序。",
        # a question, or what may happen
        "is this an issue with the latest driver?",
        "is the bug in the latest driver (v550.54.14)?",
        # a driver that is broken with no version singled out, output that depends on the version
        "my driver is broken",
        "the output format depends on the driver version",
        "an issue with Task Manager, depending on the driver version it may report elsewhere",
        "I don't think the driver is the issue",
        # denials: the check came back clean
        "the driver did not change between the runs",
        "downgrading the driver did not help",
        "it fails on driver 550 but works on 550 too after a reboot?",
        "if it crashes on driver 550 but works on 535, roll back",
        "a regression between two releases of the framework, not the driver",
        # banners, the mismatch line another reader owns, a driver merely named
        "NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2",
        "Failed to initialize NVML: Driver/library version mismatch",
        "I have driver 550 installed",
        "we updated the firmware last week",
        # a fix that was no rollback, a rollback that cured nothing, a return with no reason
        "It was fixed by rebooting after the driver install.",
        "the issue is not fixed by rolling back the driver",
        "We went back to driver 470 as the default.",
        # a version that is no driver's, performance that degraded
        "Only reverting back to 2.1.0 fixes this.",
        "throughput degraded with driver 550 to 30 fps",
        # a driver update that did not stop the host
        "the driver update has not stopped the system from booting",
        "since driver 560 everything works",
        "since driver 560.35 the failover test passes",
        "crashes have stopped since the last two driver updates",
        "the game crashes since the last driver update",  # one update: a module not reloaded
        # a reinstall of the same driver is a repair; a rollback that left the fault
        "I reinstalled the driver and it works fine now",
        "reinstalling the same driver 535 fixed it",
        "rolled the driver back to 531.79, but still a little performance drop",
        # a next sentence that says nothing was cured, or cures with something else
        "Downgraded to 382.53 on windows 10 home. That did not help.",
        "I rolled back to driver 531.79. It still crashes.",
        "Downgraded to nvidia 531.79 and swapped the PSU. That fixed it.",
        "it fails with driver 550 (works with 550 after a reboot?)",
        "the old driver worked on the previous kernel only if Secure Boot is off",
        "I have no issues with driver 550 on this box",
        "didnt had any issues with the driver 570.172.08 and 570.133.07",
        "is there a known bug in driver 545?",
        "Downgrading to python 3.x fixed it",
        "Fixed a typo in the driver section of the README",
        "the fix for a regression in the driver is to roll forward, not back?",
        # "current" and "helper" are no cure
        "the way to downgrade is first uninstall all current packages and install 590",
        "downgrade the kernel or use the mkDriver helper to use the newer driver 580",
        # someone other than the vendor pulling an image or a package
        "they pulled the docker image with the driver",
        "docker pull nvcr.io/nvidia/driver:535 pulled the driver image",
        "if nvidia pulls the driver we will know",
        "nvidia pulled the driver image from the registry",
        "nvidia-smi pulled the driver info from the module",
        # a question, and the support matrix (GPUs a release does not support) are not a regression
        "Does 576.80 not work with my card?",
        "# 560.31 does not work with GPUs not supported by open nvidia.ko",
        # a condition, a driver too old for a toolkit, a rollback to no version
        "If 576.80 does not work, try 572.83",
        "Driver 470.82 does not work with CUDA 12.1, you need 530 or newer",
        "to fix this, downgrade the driver to match the CUDA 11.8 toolkit",
        # a step between versions that cured the fault or is only listed, or asked about
        "updating nvidia drivers on the VM from 510->530 resolved the nvml mismatch issue",
        "NVIDIA driver 418.87 → 535.154.05 upgrade / CUDA 10.2 → 12.2",
        "does the driver 550 -> 555 update cause this?",
        "driver 535 -> 550 causes no issues here",
        "Driver 550 -> 555 introduces support for the RTX 5090",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_driver_regression(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "nvidia-smi shows nothing\ndowngrading the driver to 531 fixed it\n"
    assert stated_at(text, DRIVER_REGRESSION_REPORTED, NODE) == [(2, NODE)]
    assert DRIVER_REGRESSION_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the regression card first, as words about a driver rank it
REPORT = OneNodeReport(
    Family.DEVICE,
    ("driver-regression-fleetwide", "driver-cuda-mismatch", "gpu-driver-wedge-hung-tasks"),
    KB,
)
SLOW = "the second image takes 40 minutes instead of 2"


def test_the_statement_is_the_regression_cards_own_signal() -> None:
    said = (SLOW, "rolling back the driver to 531 fixed it")
    assert DRIVER_REGRESSION_REPORTED in REPORT.findings(*said)
    # without a driver change the regression card lacks its own signal and ranks last
    assert REPORT.rank(SLOW)[-1] == "driver-regression-fleetwide"
    assert REPORT.rank(*said)[0] == "driver-regression-fleetwide"


def test_advice_to_change_the_driver_changes_nothing() -> None:
    advised = (SLOW, "you could try downgrading the driver to 531")
    assert DRIVER_REGRESSION_REPORTED not in REPORT.findings(*advised)
    assert REPORT.rank(*advised)[-1] == "driver-regression-fleetwide"


# retrieval's order, flat: the cooling cards first, as words about fans and heat rank them
HEAT = OneNodeReport(
    Family.THERMAL, ("fan-failure", "sw-thermal-slowdown", "driver-regression-fleetwide"), KB
)
FANS = "after the update the fans fail to spin and the card overheats"


def test_a_driver_named_for_the_fans_outranks_the_fans() -> None:
    said = (FANS, "Nvidia pulled the 572.16 driver after reports of fans failing to spin")
    assert DRIVER_REGRESSION_REPORTED in HEAT.findings(*said)
    assert HEAT.rank(FANS)[0] == "fan-failure"
    assert HEAT.rank(*said)[0] == "driver-regression-fleetwide"
