"""A report that pins the fault on firmware (a BIOS, VBIOS or adapter firmware update cured or
broke it, or the firmware was out of date) ranks firmware drift (``vbios-firmware-mismatch``)
first, while advice to update, a question, a condition, a denial or a BIOS setting change
nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.firmware_words import FIRMWARE_REPORTED, says_firmware
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        'I ultimately resolved this issue by updating the BIOS of my MSI "PRO Z790-VC WIFI" board.',
        "everything works fine by now after updating an asus bios releashed in mid Aug",
        "我更新了华硕8月中更新的主板bios之后，目前比较稳定",
        "# FW16 7040 Firmware update 0.0.3.7 -> 0.0.4.2: egpu support broken (RTX4080)",
        "a bfvcheck on these DPU's showed that the AFT and UEFI FW's were listed as out of date.",
        "i flashed a vBIOS from another manufacturer and the issue is gone.",
        "I had to upgrade the NIC firmware from version `20.28.1002` to `20.38.1900`",
        "the BIOS update fixed it",
        "an outdated BIOS was the culprit",
        "the NIC FWs were out of date",
    ],
)
def test_firmware_named_as_what_failed_is_the_statement(line: str) -> None:
    assert says_firmware(line)


@pytest.mark.parametrize(
    "line",
    [
        "try updating the BIOS",
        "You need a BIOS update",
        "make sure the firmware is up to date",
        "updating the BIOS did not help",
        "did you update the BIOS?",
        "In the event that a GPU's BIOS is out of date, an lspci may not show it",
        "BIOS version 1.2.3",
        # a setting, not the firmware's version (telemetry.pci_bar_words reads it)
        "Set Above 4G Decoding in the BIOS",
        "nvidia-smi -q | grep VBIOS",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_firmware(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "RuntimeError: CUDA error: an illegal memory access was encountered\n"
    text += "I ultimately resolved this issue by updating the BIOS of my motherboard.\n"
    assert stated_at(text, FIRMWARE_REPORTED, NODE) == [(2, NODE)]
    assert FIRMWARE_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the application's fault first, as a crash report ranks it
REPORT = OneNodeReport(
    Family.APPLICATION, ("xid-app-fault", "driver-cuda-mismatch", "vbios-firmware-mismatch"), KB
)
CRASH = "RuntimeError: CUDA error: an illegal memory access was encountered"
SAID = "I ultimately resolved this issue by updating the BIOS of my motherboard."


def test_the_statement_ranks_firmware_drift_first() -> None:
    assert FIRMWARE_REPORTED in REPORT.findings(CRASH, SAID)
    assert REPORT.rank(CRASH)[0] == "xid-app-fault"
    assert REPORT.rank(CRASH, SAID)[0] == "vbios-firmware-mismatch"
