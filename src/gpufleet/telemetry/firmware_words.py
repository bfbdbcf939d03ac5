"""Words that pin the fault on firmware: a BIOS, UEFI, VBIOS, BMC or adapter firmware update
cured it ("I ultimately resolved this issue by updating the BIOS of my motherboard", "everything
works fine by now after updating an asus bios", "我更新了主板bios之后，目前比较稳定"), an update
broke it ("Firmware update 0.0.3.7 -> 0.0.4.2: egpu support broken"), or the firmware was found
out of date ("the AFT and UEFI FW's were listed as out of date").

Firmware sits under the driver: the system BIOS trains the PCIe links and maps the GPU's BARs,
the VBIOS and InfoROM set the board's clocks, power and memory timings, a NIC's or DPU's firmware
its link. A node whose firmware lags the rest of the fleet, or the versions the driver's release
notes require, fails in ways no driver or application change cures (NVIDIA Data Center driver
release notes, firmware prerequisites; ``vbios-firmware-mismatch``). A report rarely prints the
versions of every node; it says so in words. :mod:`telemetry.job_log` keeps a
``firmware_reported`` signature beside the line; the SRE agent reads it as the finding of that
name.

BIOS settings (Above 4G decoding, the MMIO window) are
:mod:`telemetry.pci_bar_words`' statement, not this one: here the firmware's version is what
changed. Advice ("try updating the BIOS", "make sure the firmware is current"), a question, a
condition and a denial ("updating the BIOS did not help") are not the statement. Pure; every
expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_AFTER,
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

FIRMWARE_REPORTED = "firmware_reported"  # the signature kind and the SRE finding

_FW = r"(?:bios|uefi|vbios|v-bios|firmware|fw|bmc|bios/firmware)"
_UPDATE = r"(?:updat\w*|upgrad\w*|flash\w*|install\w*)"

FIRMWARE = re.compile(
    # the cure first: "resolved this issue by updating the BIOS of my motherboard", "fixed it by
    # flashing a newer VBIOS"
    r"\b(?:fix\w*|solv\w*|resolv\w*|cured?)\b (?:it |this |that |the (?:issue|problem) |"
    r"this (?:issue|problem) )?(?:by|after|with) (?:an? |the )?" + _UPDATE + r" "
    r"(?:the |my |our |an? |to (?:the )?(?:latest |newest |new )?)?(?:[\w.'-]+ ){0,4}?"
    + _FW
    + r"s?\b|"
    # the cure after: "everything works fine by now after updating an asus bios", "stable since
    # the BIOS update"
    r"\b(?:works?|working|worked|stable|fine|ok|solved|fixed|resolved|gone)\b[^.;!?]{0,40}?"
    r"\b(?:after|since) (?:an? |the |my )?(?:" + _UPDATE + r" (?:the |my |our |an? )?"
    r"(?:[\w.'-]+ ){0,4}?" + _FW + r"|" + _FW + r" (?:update|upgrade|flash)\w*)\b|"
    # the update done, then the cure: "i flashed a vBIOS from another manufacturer and the issue
    # is gone"; the update that was needed: "I had to upgrade the NIC firmware from version
    # 20.28.1002 to 20.38.1900", "some of the early models need vBIOS update before that works"
    r"\b(?:flashed|updated|upgraded|installed) (?:the |a |an |my |our |new |newer |latest )?"
    r"(?:[\w.'-]+ ){0,3}?" + _FW + r"\b[^.;!?]{0,60}?\b(?:(?:issue|problem|error)s? "
    r"(?:is|was|are|were) (?:gone|solved|fixed|resolved)|"
    r"(?:it|everything|all) (?:works?|worked|is fine|is stable)|"
    r"(?:fixed|solved|resolved) (?:it|the (?:issue|problem)))\b|"
    r"\b(?:had|have|has) to (?:update|upgrade|flash) (?:the |my |our |a )?(?:[\w.'-]+ ){0,2}?"
    + _FW
    + r"\b|"
    r"\bneeds? (?:an? |the )?" + _FW + r" (?:update|upgrade|flash)\b|"
    # the update as the subject: "the BIOS update fixed it", "a firmware upgrade solved the
    # problem", "Firmware update 0.0.3.7 -> 0.0.4.2: egpu support broken"
    r"\b" + _FW + r" (?:update|upgrade|flash)\w*(?: [\w.>:'-]+){0,7}? (?:fixed|solved|resolved|"
    r"cured|broke|breaks|broken|caused)\b|"
    # found out of date: "the ATF and UEFI FW's were listed as out of date", "an outdated BIOS
    # was the culprit"
    r"\b" + _FW + r"(?:'s|s)?\b (?:(?:were|was|is|are) )?(?:\w+ ){0,2}(?:out of date|outdated|"
    r"out-of-date)\b|"
    r"\b(?:outdated|old|older|buggy|out of date|out-of-date) (?:\w+ ){0,2}" + _FW + r"s? "
    r"(?:was|were|is|are) (?:the )?(?:cause|problem|issue|culprit|reason)\b|"
    # Chinese 更新了主板bios之后，目前比较稳定 / 升级固件后解决; Japanese BIOSを更新したら直った
    r"(?:更新|升级|刷新?)了?\S{0,12}(?:bios|uefi|固件|vbios)\S{0,10}?(?:之?后)\S{0,12}?"
    r"(?:稳定|正常|解决|好了|恢复)|"
    r"(?:bios|uefi|vbios|ファームウェア)を?(?:更新|アップデート)\S{0,10}(?:直|解決|治|安定)",
    re.IGNORECASE,
)
# "try updating the BIOS", "make sure the firmware is current", "if a BIOS update helps":
# advice, a guess or a condition, not what happened
_NOT_SO = advice_before(
    "should",
    "probably",
    "likely",
    r"suspect\w*",
    r"wonder\w*",
    "in the event",
    "assuming",
    r"you(?:'ll| will| would| may| might)?",
)
# "updating the BIOS did not help", "the BIOS update has not fixed it"
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bnever\b|\bnothing\b", re.IGNORECASE)
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER),
    within=(_DENIED_WITHIN,),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a scan.
# ("fw" is a substring of "fwd" and hashes: the word is asked for)
_ANCHORS = ("bios", "uefi", "firmware", "bmc", "固件", "ファームウェア")
_FW_WORD = re.compile(r"\bfw(?:'?s)?\b", re.IGNORECASE)


def says_firmware(line: str) -> bool:
    """Whether ``line`` pins the fault on firmware (an update cured or broke it, or it was out
    of date) and is no advice, question or denial."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) and _FW_WORD.search(line) is None:
        return False
    return _HEDGES.any_said(FIRMWARE.finditer(line), line)
