"""A writer naming the NVSwitch's error (an SXid, the switch's fatal error) is the statement that
ranks the NVSwitch card; words alone drain nothing, so the plan collects the evidence."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.findings import FINDINGS, REPORTED_FINDINGS
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.nvswitch_error_words import NVSWITCH_ERROR_REPORTED, says_nvswitch_error
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "the NVSwitch raised SXid 12028 and the node was cordoned",
        "We saw SXid errors on two nodes during the run.",
        "dmesg shows SXid 20034 (fatal) on nvidia-nvswitch2",
        "an NVSwitch fatal error took the whole node out",
        "errors on the NVSwitch after the driver upgrade",
        "the nvswitch reported a non-fatal error every few minutes",
        "SXids 12021 and 12023 were logged before the loss diverged",
        "dmesg | grep -i nvidia 显示大量 NVSwitch 的 SXid 20034 Fatal 错误",
        "nvswitch 报错",
        # the words the manual also uses, in a report: logged, showing up, a monitor that paged
        "SXid errors are logged on all 4 nodes since Monday",
        "Xid and SXid errors keep showing up on node 7",
        "the NVSwitch raised SXid 12028; our sxid monitor paged us",
        "When we started training, SXid errors appeared on node 3",
    ],
)
def test_a_writer_naming_the_switchs_error_is_the_statement(line: str) -> None:
    assert says_nvswitch_error(line)


@pytest.mark.parametrize(
    "line",
    [
        # denied, asked, advised, guessed or a condition
        "no SXid errors in dmesg",
        "There were no NVSwitch errors at all.",
        "NVSwitch errors were not seen",
        "没有 SXid 错误",
        "check dmesg for SXid errors",
        "Search the bug report for SXid 12021 or 12023.",
        "any SXid errors?",
        "nvswitch 报错了吗",
        "I suspect an NVSwitch fatal error",
        "Possible causes: NVSwitch fatal error, NVLink down",
        "if SXid 20034 is logged, reset the baseboard",
        # a health check's clean count, a manual, a changelog, a list of examples
        "NVSwitch errors: 0",
        "SXid errors   : Pass",
        "When an NVSwitch fatal error occurs, all jobs on the fabric are terminated",
        "NVIDIA Xid and SXid errors are written to /var/log/messages by the driver.",
        "- Fixed SXid errors on H100 baseboards after warm reset",
        "Common SXids: 12028, 11004, 20034",
        "NPD records whether each Xid and SXid error has been processed.",
        "NPD generates no event or node condition for this Xid or SXid error.",
        # a field name, another switch
        "DCGM_HEALTH_WATCH_NVSWITCH_FATAL",
        "switch errors on the ethernet switch",
        # the driver's own line is a record, read by the kernel-log reader, not words
        "nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 46 egress error",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_nvswitch_error(line)


def test_the_statement_is_evidence_beside_the_line_and_a_reported_finding() -> None:
    text = "8x H100 job aborted mid all-reduce\nthe NVSwitch raised SXid 12028 at 03:12\n"
    assert stated_at(text, NVSWITCH_ERROR_REPORTED, NODE) == [(2, NODE)]
    assert NVSWITCH_ERROR_REPORTED not in FLEET_SIGNATURES
    assert NVSWITCH_ERROR_REPORTED in FINDINGS
    assert NVSWITCH_ERROR_REPORTED in REPORTED_FINDINGS  # words confirm no drain


# retrieval's order, flat: the cards an aborted collective on an NVSwitch node also fits
REPORT = OneNodeReport(
    Family.INTERCONNECT, ("nccl-timeout", "nvlink-link-down", "nvswitch-sxid-errors"), KB
)
ABORTED = "the 8-GPU training job aborted in the middle of an NCCL all-reduce"


def test_the_statement_ranks_the_nvswitch_card_first_and_collects_the_evidence() -> None:
    said = (ABORTED, "the NVSwitch raised SXid 12028 and the node was cordoned")
    assert NVSWITCH_ERROR_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(ABORTED)[0] == "nccl-timeout"
    assert REPORT.plan(*said) == ("nvswitch-sxid-errors", "collect-evidence-unread-report")


def test_advice_to_look_for_sxids_changes_nothing() -> None:
    advised = (ABORTED, "check dmesg for SXid errors before you requeue")
    assert NVSWITCH_ERROR_REPORTED not in REPORT.findings(*advised)
    assert REPORT.rank(*advised)[0] == "nccl-timeout"
