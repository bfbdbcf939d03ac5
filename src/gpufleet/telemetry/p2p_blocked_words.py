"""A report that the GPUs' peer-to-peer traffic over PCIe is blocked or broken: PCIe Access
Control Services (ACS) or the IOMMU redirecting it through the root complex ("disable ACS and
IOMMU solved the issue", "the root cause was ACS enabled in the BIOS"), or NCCL working only with
its P2P transport off ("with NCCL_P2P_DISABLE=1 it works").

With ACS enabled on a PCIe switch or root port, peer-to-peer requests are redirected to the root
complex for validation, and with the IOMMU translating DMA they may fail or crawl; NCCL then hangs
at its first collective or runs at a fraction of the link's bandwidth (NCCL User Guide,
Troubleshooting, "PCI Access Control Services (ACS)" and "IOMMU"). The GPUs, the driver and the
network are healthy; the node's PCIe settings are the cause, and NCCL_P2P_DISABLE=1 is the
workaround that proves it. Writers of public reports file it under the collective that hangs
(``nccl-hang-straggler``) or under the node's PCIe / NUMA topology (``numa-misaffinity``) when
it is slow. This module recognises it one line at a time (:mod:`telemetry.job_log` keeps a
``gpu_p2p_blocked_reported`` signature beside the line; the SRE agent reads it as the finding
of the same name).

Deliberately narrow: ACS by its acronym (in capitals, or by its full name) with what it did or
what undid it; the IOMMU or VT-d turned off or to passthrough as the fix; NCCL_P2P_DISABLE (or
NCCL_P2P_LEVEL) reported as what made it work; P2P said to be blocked, broken or not working. A
pasted ``export NCCL_P2P_DISABLE=1`` is a setting, not the statement, and advice ("try
NCCL_P2P_DISABLE=1 to see if P2P is the issue"), a condition or a denial is not either. Pure;
every expression is linear in the line.
"""

from __future__ import annotations

import re

P2P_BLOCKED_REPORTED = "gpu_p2p_blocked_reported"  # the signature kind and the SRE finding

_WORKED = (
    r"(?:works?|worked|working|fix\w*|solv\w*|resolv\w*|help\w*|succeed\w*|successful\w*|"
    r"no longer (?:hangs?|freezes?|stuck)|goes away|went away|disappear\w*|passe[sd])"
)
_P2P_OFF = r"(?:NCCL_P2P_DISABLE ?= ?1|NCCL_P2P_LEVEL ?= ?(?:LOC|NVL|PIX)|NCCL_P2P_DISABLE)"
_ACS = r"(?:(?-i:\bACS\b)|\bAccess Control Services?\b|访问控制服务)"
P2P_WORDS = re.compile(
    # "disable ACS and IOMMU solved the issue", "after disabling ACS in the BIOS"
    r"\b(?:disabl\w*|turn\w* off|switch\w* off|deactivat\w*)\b[^.;!?]{0,30}"
    + _ACS
    + r"|"
    # "ACS is enabled", "ACS was the root cause", "the problem was enabled ACS"
    + _ACS
    + r"[^.;!?]{0,40}\b(?:enabled|is on|was on|turned on|blocks?|block(?:ed|ing)|"
    r"redirect\w*|caus\w*|(?:root )?cause|the (?:issue|problem|culprit))\b|"
    r"\b(?:enabled|blocking|cause[ds]? by)\b[^.;!?]{0,20}" + _ACS + r"|"
    # "disabling the IOMMU fixed it", "amd_iommu=off helps", "iommu=pt solved"
    r"\b(?:disabl\w*|turn\w* off|switch\w* off)\b[^.;!?]{0,20}\b(?:the )?(?:IOMMU|VT-d)\b"
    r"[^.;!?]{0,40}\b" + _WORKED + r"|"
    r"\b(?:amd_iommu|intel_iommu)=off\b[^.;!?]{0,40}\b" + _WORKED + r"|"
    r"\biommu=(?:pt|off)\b[^.;!?]{0,40}\b"
    + _WORKED
    + r"|"
    # "it works with NCCL_P2P_DISABLE=1", "setting NCCL_P2P_DISABLE=1 resolved the problem"
    + _P2P_OFF
    + r"\W[^.;!?]{0,60}\b"
    + _WORKED
    + r"|"
    r"\b" + _WORKED + r"\b[^.;!?]{0,40}(?:by |with |after |when )(?:setting |using |adding )?"
    r"(?:the )?(?:(?:env(?:ironment)? )?var(?:iable)? )?`?" + _P2P_OFF + r"|"
    # "P2P is not working", "P2P blocked", "P2P communication is broken", "P2P 阻塞"
    r"\b(?:P2P|peer[- ]to[- ]peer)(?: (?:communication|access|transfers?|traffic|copies|copy))?"
    r" (?:is |was |are |were |gets |got )?(?:not working|broken|blocked|blocks|hangs?|"
    r"hung|doesn't work|does not work|fails?|failed)\b|"
    r"\b(?:P2P|peer[- ]to[- ]peer)[^。，,]{0,20}阻塞",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(
    r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,:!?]{0,30}$", re.IGNORECASE
)
_ADVICE_BEFORE = re.compile(
    r"\b(?:if|whether|unless|in case|try(?:ing)?|maybe|perhaps|could|might|should|"
    r"suggest\w*|recommend\w*|to see|to check|to confirm|you can|can you|please)\b[^.;:!?]*$",
    re.IGNORECASE,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("acs", "access control", "访问控制", "iommu", "vt-d", "nccl_p2p", "p2p", "peer")


def says_p2p_blocked(line: str) -> bool:
    """Whether ``line`` says the GPUs' PCIe peer-to-peer traffic is blocked or broken (ACS, the
    IOMMU, NCCL working only with P2P off), with no denial, advice or condition before."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    for m in P2P_WORDS.finditer(line):
        before = line[max(0, m.start() - 60) : m.start()]
        if _DENIED_BEFORE.search(before) is None and _ADVICE_BEFORE.search(before) is None:
            return True
    return False
