"""A report whose writer says the node's driver does not fit what runs on it: never installed
("the issue is encountered by missing gpu driver"), left behind by a kernel upgrade ("unattended
kernel upgrades cause GPU jobs to fail after the reboot"), refused by Secure Boot ("the signature
check on the Nvidia modules failed"), or the versions do not match ("a cuda version issue",
版本不匹配). NVIDIA's installation contract in words: the driver-mismatch card's own signal on a
report that quotes no NVML or CUDA record. Advice, a question, a denial, NVML's own line (the
record another reader owns) and a driver version pinned as the culprit (a regression) are not."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.driver_mismatch_words import (
    DRIVER_MISMATCH_REPORTED,
    says_driver_mismatch,
)
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        # never installed
        "You are right. The issue is encountered by missing gpu driver.",
        "It takes around 50 seconds to execute the script and install the missing drivers.",
        "the cluster node needs to install the driver first",
        "the cluster node needs the driver installed first",
        "The Ubuntu 18.04 AMI lacked the NVIDIA driver, so the compute nodes never came up",
        "the nvidia driver was not installed on the new nodes",
        # a kernel change left the module behind
        "Unattended kernel upgrades will cause subsequent GPU jobs to fail after the node is "
        "rebooted (which loads the new kernel).",
        "Upgrading from Linux kernel 3.0.0-24 to -25 broke the 295.59 driver.",
        "you should know that certain Linux kernel versions are incompatible with certain "
        "versions of the NVidia driver",
        "the module was built against the previous kernel",
        # Secure Boot refused the module
        "As the MOK installation was not completed, the signature check on the Nvidia modules "
        "failed",
        "modprobe: ERROR: could not insert 'nvidia': Key was rejected by service",
        # the versions do not match, in words
        "Is indeed a cuda version issue. With 10.1 i don't get these artifacts.",
        "the CUDA and driver versions mismatch on these hosts",
        "Found the issue - Mismatch in cudnn versions. Apparently some precision differences",
        "The issue appears to be a mismatch in CUDA versions between the driver and the runtime",
        "RuntimeError: cuDNN version incompatibility: PyTorch was compiled against (8, 3, 2) but "
        "linked against (8, 0, 3)",
        "训练的时候出现了通信报错，已解决，是NCCL和cuda的版本不匹配导致的",
        # the libraries the driver serves, said to be missing
        "2) cuda is not installed",
        "NCCL 没有安装好，请联系维修人员或者向 NCCL 相关库提出 issue",
        # too old for the CUDA the job brought
        "The NVIDIA driver on your system is too old (found version 10010).",
        "when i run my program, the msg is that my Nvidia version is too old.",
        "Yes, you'll need to update it to at least 418.39. Please refer to this page.",
        "the driver 410.48 is older than what CUDA 10.1 needs",
        # the runtime's "driver version is insufficient" in a person's words
        "after the rollback the app says 'insufficient version' and exits",
        "on the old nodes the CUDA driver version is insufficient for the new image",
        # the GPU past the driver release's support
        "The 535 series drivers are not compatible with the older chipsets used in p2.",
        "The latest NVIDIA driver version does not support K80 GPUs.",
        "the GT 730 is only supported by the 470.xx legacy driver",
        "Kepler GPUs are no longer supported by the current driver",
        # the architecture a build dropped; a platform a library release does not support
        "Maxwell cards not supported anymore. Closing.",
        "# Tesla K80 GPUs are not supported",
        "As far as I know, Ctranslate2 removed support for Pascal architecture",
        "Regardless, WSL2 is not supported by NCCL 2.7.6. You may want to try NCCL 2.10.",
    ],
)
def test_a_writer_saying_the_driver_does_not_fit_the_node_is_the_statement(line: str) -> None:
    assert says_driver_mismatch(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice, a condition or a question is not what happened
        "make sure the nvidia driver is installed before you start",
        # the runtime's own error is the signature job_log reads, not a person's words
        "CUDA driver version is insufficient for CUDA runtime version",
        "if the kernel update breaks the driver, rebuild it with dkms",
        "please check whether the CUDA and driver versions mismatch",
        "is the missing gpu driver the reason?",
        # denials
        "the driver was installed and nvidia-smi works",
        "no kernel upgrade happened between the runs",
        # what the words hedge or deny, another device's driver, no GPU stack on the line
        "kernel upgrade didn't break anything",
        "The kernel update could break the driver",
        "kernel upgrade to 6.5 broke my wifi driver",
        "updating the kernel headers caused apt to fail",
        # a guess, a quoted warning, a question past a version number or in Chinese
        "Maybe a cuda version issue",
        "the CUDA version mismatch warning can be ignored",
        "Is the cuda version issue fixed in 12.4?",
        "NCCL和cuda的版本不匹配吗？",
        # NVML's own line: the record nvml_driver_mismatch reads
        "Failed to initialize NVML: Driver/library version mismatch",
        # a driver version pinned as the culprit is a regression, not a mismatch
        "downgrading the driver to 531 fixed it",
        # a driver merely named, a kernel merely updated
        "I have driver 550 installed",
        "cuda is installed and nvidia-smi works",
        "if cuda is not installed, the script installs it first",
        "we updated the kernel last week and everything works",
        # a CUDA version to update to (no driver release), advice, a denial
        "please update to at least 12.1",
        "try to update your driver to at least 450.80",
        "the driver is not too old",
        # a feature the driver lacks, a question, a denial
        "the driver does not support MIG on this GPU",
        "The driver does not support fp8 on older gpus",
        "should the driver no longer support Kepler?",
        "the 535 driver is compatible with the older chipsets",
        # a question about support, and an operating system's support
        "Is Maxwell not supported anymore?",
        "Pascal is not supported by Windows 11",
        # a feature a release lacks, a data set, an operating system
        "bf16 is not supported on CUDA 10.2",
        "We removed support for Pascal VOC annotations in 2.0",
        "Pascal is not supported on Windows 11",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_driver_mismatch(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "nvidia-smi shows nothing\nthe issue was a missing nvidia driver on the node\n"
    assert stated_at(text, DRIVER_MISMATCH_REPORTED, NODE) == [(2, NODE)]
    assert DRIVER_MISMATCH_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the driver-mismatch card last, as words about a lost GPU rank it
REPORT = OneNodeReport(
    Family.DEVICE,
    ("gpu-init-failed-probe", "slurm-cgroup-gpu-mismatch", "driver-cuda-mismatch"),
    KB,
)
GONE = "the jobs on the node cannot see any GPU since this morning"


def test_the_statement_is_the_mismatch_cards_own_signal() -> None:
    said = (GONE, "Unattended kernel upgrades caused the GPU jobs to fail after the reboot")
    assert DRIVER_MISMATCH_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(GONE)[0] != "driver-cuda-mismatch"
    assert REPORT.rank(*said)[0] == "driver-cuda-mismatch"


def test_advice_about_the_driver_changes_nothing() -> None:
    advised = (GONE, "make sure the nvidia driver is installed on every node")
    assert DRIVER_MISMATCH_REPORTED not in REPORT.findings(*advised)
    assert REPORT.rank(*advised) == REPORT.rank(GONE)


def test_a_driver_too_old_outranks_the_cpu_fallback_it_causes() -> None:
    # "torch.cuda.is_available() is False" is the CPU fallback's statement; the driver too old
    # for the job's CUDA is why (cpu-only-execution's own rules_out): the mismatch card first
    report = OneNodeReport(Family.DEVICE, ("cpu-only-execution", "driver-cuda-mismatch"), KB)
    fallback = "torch.cuda.is_available() returns False, so it trains on the CPU"
    old = "The NVIDIA driver on your system is too old (found version 10010)."
    assert report.rank(fallback)[0] == "cpu-only-execution"
    assert report.rank(fallback, old)[0] == "driver-cuda-mismatch"
