"""A report that names the PCI address space the firmware gives a GPU's BARs (Above 4G decoding,
a hypervisor's MMIO window, HPE's Large BAR option, the kernel's "BAR 1: no space for" line):
it ranks the failed probe (``gpu-init-failed-probe``) and plans the BIOS or VM setting, while
resizable BAR, a question, a denial or the setting said to be on already change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.pci_bar_words import PCI_BAR_SPACE_REPORTED, says_pci_bar_space
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "> You need to enable above 4g in Bios. And try to remove all previous drivers using DDU",
        "* Set Above 4G Decoding to enabled in the BIOS (it should be already enabled on servers)",
        "HP DL360 Gen9 Large Bar Memory(Tesla P10)",
        "I have this working with some hardcoded values for the PCIe-root-port, my GPU has some "
        "pretty large BARs:",
        "[   10.804791] pci 0000:01:01.0: BAR 1: no space for [mem size 0x10000000 64bit pref]",
        "pci 0000:51:00.0: BAR 15: failed to assign [mem size 0x04000000 64bit pref]",
        'pciPassthru.64bitMMIOSizeGB = "64"',
        "set pciPassthru.use64bitMMIO to TRUE on the VM",
        "the MMIO space left for PCIe devices is too small with 1 TB of RAM",
        "可能压缩PCIe设备的MMIO空间",
        "在BIOS里打开4G以上解码后显卡正常识别",
    ],
)
def test_naming_the_bar_address_space_is_the_statement(line: str) -> None:
    assert says_pci_bar_space(line)


@pytest.mark.parametrize(
    "line",
    [
        # resizable BAR is a performance feature, not the missing window
        "passthrough mode as the patch requires, Resizable BAR is enabled with a 32 GB BAR1",
        # the setting on already, a denial, a question
        "Above 4G decoding is enabled and the card still does not show up",
        "I have already enabled above 4G decoding in the BIOS",
        "this is not related to above 4G decoding",
        "is above 4G decoding enabled on that board?",
        # other MMIO and BAR words
        "NVRM: Xid (PCI:0000:3b:00): 79, pid=0, GPU has fallen off the bus.",
        "BAR1 Memory Usage: Total 256 MiB",
        "the allocation is above 4 GB of host memory",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_pci_bar_space(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "nvidia-smi shows only 4 of 8 GPUs\nenable above 4G decoding in the BIOS\n"
    assert stated_at(text, PCI_BAR_SPACE_REPORTED, NODE) == [(2, NODE)]
    assert PCI_BAR_SPACE_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the failed probe last, as a missing GPU's post ranks it
REPORT = OneNodeReport(
    Family.DEVICE, ("xid-79-fallen-off-bus", "pcie-link-downtrain", "gpu-init-failed-probe"), KB
)
MISSING = "nvidia-smi shows only 4 of the 8 GPUs after installing the new cards"
SAID = "You need to enable above 4g in Bios."


def test_the_statement_ranks_the_failed_probe_first() -> None:
    assert PCI_BAR_SPACE_REPORTED in REPORT.findings(MISSING, SAID)
    assert REPORT.rank(MISSING)[0] == "xid-79-fallen-off-bus"
    assert REPORT.rank(MISSING, SAID)[0] == "gpu-init-failed-probe"


def test_the_plan_is_the_firmware_setting_not_a_reboot() -> None:
    probe = OneNodeReport(Family.DEVICE, ("gpu-init-failed-probe", "xid-79-fallen-off-bus"), KB)
    assert probe.plan(MISSING, SAID) == ("gpu-init-failed-probe", "fix-gpu-node-config")
