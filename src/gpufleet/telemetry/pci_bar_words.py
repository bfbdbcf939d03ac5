"""Words that the host firmware gave the GPU no room in the PCI address space: the BIOS setting
"Above 4G Decoding" (4G以上解码), the MMIO space or size (VMware's ``pciPassthru.64bitMMIOSizeGB``,
"MMIO high"), a "large BAR" option (HPE's RBSU "Large Bar Memory"), or the kernel's own PCI line
``pci 0000:01:00.0: BAR 1: no space for [mem size 0x10000000 64bit pref]``.

A GPU's BAR1 maps its frame buffer (16 GiB and more on data-centre boards, all of it with
resizable BAR), which only fits above the 4 GiB line. Firmware that does not decode above it, or
a hypervisor's too-small MMIO window for a passed-through GPU, leaves the BAR unassigned: Linux
prints the "no space for" line (``drivers/pci/setup-res.c``), the NVIDIA driver then reports
"This PCI I/O region assigned to your NVIDIA device is invalid" and fails the probe (NVIDIA driver
README, "Common Problems"), and the GPU is missing from ``nvidia-smi`` (VMware KB 2142307 gives
the ``pciPassthru.use64bitMMIO`` / ``64bitMMIOSizeGB`` settings for GPUs of 16 GB and more).
The driver's line is read by :mod:`telemetry.kernel_log` (``gpu_bar_unassigned``); this module
reads the same cause where a report names it in words or quotes the kernel's PCI line.
:mod:`telemetry.job_log` keeps a ``pci_bar_space_reported`` signature beside the line; the SRE
agent reads it as the finding of that name.

Resizable BAR alone is not the statement: it is a performance feature most desktops switch on,
and a report naming it is as often about something else. A denial ("not related to above 4G
decoding"), a question, and the setting said to be on already ("Above 4G decoding is enabled")
are not the statement either. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import DENIED_AFTER, DENIED_BEFORE, QUESTION_AFTER, Hedges

PCI_BAR_SPACE_REPORTED = "pci_bar_space_reported"  # the signature kind and the SRE finding

PCI_BAR_SPACE = re.compile(
    # the BIOS setting: "Above 4G Decoding", "enable above 4g in Bios", "Above4GDecoding",
    # "4G decoding" (4G以上解码 / 大于4G地址空间解码 in Chinese firmware)
    # ("above 4 GB of host memory" is an amount, not the setting)
    r"\babove[ _-]?4 ?g(?:b)?[ _-]?(?:decod\w*|encod\w*|mmio|addressing)|"
    r"\babove[ _-]?4g\b(?! ?(?:of|ram|memory|vram|b)\b)|"
    r"\b4 ?g(?:b)?[ _-]?decod\w*|"
    r"4 ?g以上(?:的)?(?:地址)?解码|大于 ?4 ?g\S{0,6}解码|"
    # the MMIO window: "MMIO space", "64bitMMIOSizeGB", "use64bitMMIO", "MMIO high base",
    # "MMIOH", "MMIO空间"
    r"\b(?:pciPassthru\S*)?(?:use)?64bit ?mmio\w*|"
    r"\bmmio ?(?:size\w*|space|high\w*|hole|window|region|range|limit|base|resources?|"
    r"mapping|allocation|error)\b|\bmmioh\b|mmio ?(?:空间|地址)|"
    # HPE RBSU "Large Bar Memory", "my GPU has some pretty large BARs"
    r"\blarge (?:bar|bars|bar memory|bar support)\b|"
    # the kernel's PCI allocator: "BAR 1: no space for [mem size 0x800000000 64bit pref]",
    # "BAR 1: failed to assign [mem size …]"
    r"\bbar \d+: (?:no space for|failed to assign|can't assign)\b",
    re.IGNORECASE,
)
# "Above 4G decoding is enabled", "I have already enabled above 4g decoding": the setting
# checked and on, so it is not the reason
_ALREADY_ON_BEFORE = re.compile(
    r"\b(?:already|have|has|had|i've|we've) (?:enabled|turned on|activated|set)\s+(?:the )?$",
    re.IGNORECASE,
)
_ALREADY_ON_AFTER = re.compile(
    r"^\W{0,3}(?:is|was|are|were|has been|have been) (?:already )?(?:enabled|on|active|set)\b",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, _ALREADY_ON_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _ALREADY_ON_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("4g", "4 g", "mmio", "large bar", "bar ")


def says_pci_bar_space(line: str) -> bool:
    """Whether ``line`` names the PCI address space the firmware gives the GPU's BARs (Above 4G
    decoding, the MMIO window, a large-BAR option, the kernel's unassigned BAR) and is no
    question, denial or setting said to be on already."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(PCI_BAR_SPACE.finditer(line), line)
