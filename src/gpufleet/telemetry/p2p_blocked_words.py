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
what undid it (or left on: "because my server did not disable ACS"); the IOMMU or VT-d turned
off or to passthrough as the fix; NCCL_P2P_DISABLE (or
NCCL_P2P_LEVEL) reported as what made it work; P2P said to be blocked, broken or not working
with ACS, the IOMMU or NCCL's P2P switch named beside it. A pasted ``export NCCL_P2P_DISABLE=1``
is a setting, not the statement; advice ("try NCCL_P2P_DISABLE=1 to see if P2P is the issue"),
a condition, a question and a denial before or after ("disabling ACS did not help") are not
either. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

P2P_BLOCKED_REPORTED = "gpu_p2p_blocked_reported"  # the signature kind and the SRE finding

_WORKED = (
    r"(?:works?|worked|working|fix\w*|solv\w*|resolv\w*|help\w*|succeed\w*|successful\w*|"
    r"no longer (?:hangs?|freezes?|stuck)|goes away|went away|(?:is |was )?gone|disappear\w*|"
    r"passe[sd]|正常|解决|成功)"
)
_P2P_OFF = r"(?:NCCL_P2P_DISABLE ?= ?1|NCCL_P2P_LEVEL ?= ?(?:LOC|NVL|PIX)|NCCL_P2P_DISABLE)"
_ACS = r"(?:(?-i:\bACS\b)|\bAccess Control Services?\b|访问控制服务)"
# what ACS did: said right after it ("ACS is enabled", "ACS blocks P2P", "ACS was the culprit")
_ACS_HARM = (
    r"(?: (?:is|was|were|being|still|also|got|gets|left))*:? (?:enabled|turned on|on\b|"
    r"blocks?|blocking|blocked|redirects?|redirecting|is the (?:root )?cause|was the (?:root )?"
    r"cause|is the culprit|was the culprit)"
)
P2P_WORDS = re.compile(
    # "disable ACS and IOMMU solved the issue", "after disabling ACS in the BIOS"
    r"\b(?:disabl\w*|turn\w* off|switch\w* off|deactivat\w*)\b[^.;!?]{0,30}"
    + _ACS
    + r"|"
    # "ACS is enabled", "IOMMU/ACS enabled in BIOS", "ACS blocks the P2P traffic"
    + _ACS
    + _ACS_HARM
    + r"|"
    # "the problem was enabled ACS", "caused by ACS", "the culprit is ACS"
    r"\b(?:caused by|blocked by|because of|due to|problem (?:was|is)|issue (?:was|is)|"
    r"culprit (?:was|is)|root cause (?:was|is)):? (?:the |an? )?(?:enabled )?" + _ACS + r"|"
    # "disabling the IOMMU fixed it", "amd_iommu=off helps", "after setting iommu=pt the hang
    # is gone"
    r"\b(?:disabl\w*|turn\w* off|switch\w* off)\b[^.;!?]{0,20}\b(?:the )?(?:IOMMU|VT-d)\b"
    r"[^.;!?]{0,40}\b" + _WORKED + r"|"
    r"\b(?:amd_iommu|intel_iommu)=off\b[^.;!?]{0,40}\b" + _WORKED + r"|"
    r"\biommu=(?:pt|off)\b[^.;!?]{0,40}\b"
    + _WORKED
    + r"|"
    # "setting NCCL_P2P_DISABLE=1 resolved the problem", "it only works when I set
    # NCCL_P2P_DISABLE=1"
    + _P2P_OFF
    + r"\W[^.;!?]{0,60}"
    + _WORKED
    + r"|"
    r"\b" + _WORKED + r"\b[^.;!?]{0,40}(?:by |with |after |when )(?:I |we )?(?:set(?:ting)? |"
    r"us(?:e|ing) |add(?:ing)? |export(?:ing)? )?(?:the )?(?:(?:env(?:ironment)? )?var(?:iable)? )?"
    r"`?" + _P2P_OFF,
    re.IGNORECASE,
)
# P2P said to fail outright: the statement only with ACS, the IOMMU or NCCL's P2P switch named in
# the same line (a P2P failure on a driver or a consumer card is another mode)
P2P_BROKEN = re.compile(
    r"\b(?:P2P|peer[- ]to[- ]peer)(?: (?:communication|access|transfers?|traffic|copies|copy))?"
    r" (?:is |was |are |were |gets |got )?(?:not working|broken|blocked|blocks|hangs?|"
    r"hung|doesn't work|does not work|fails?|failed)\b|"
    r"\b(?:P2P|peer[- ]to[- ]peer)[^。，,]{0,20}阻塞",
    re.IGNORECASE,
)
# ACS left on, said with the negation that is the statement: "I have fixed this issue because my
# server did not disable ACS", "the typical one when ACS is not disabled"
ACS_LEFT_ON = re.compile(
    r"\b(?:did not|didn't|had not|hadn't|forgot to|never) (?:disabl\w*|turn\w* off)\b"
    r"[^.;!?]{0,20}"
    + _ACS
    + r"|"
    + _ACS
    + r" (?:was|is|were)(?:n't| not) (?:disabled|turned off)\b",
    re.IGNORECASE,
)
# "we did not disable ACS and P2P works fine": ACS left on, and nothing wrong with it
_FINE_AFTER = re.compile(
    r"\b(?:works?|worked|working|runs?|ran) (?:just )?(?:fine|ok|okay|well|normally)\b|"
    r"\bstill (?:works?|runs?)\b|\bno (?:problems?|issues?)\b",
    re.IGNORECASE,
)
_P2P_PATH = re.compile(r"(?-i:\bACS\b)|\bIOMMU\b|\bVT-d\b|NCCL_P2P_|访问控制服务", re.IGNORECASE)
_NEGATED = re.compile(r"n't\b|\bnot\b|\bnever\b|\bnothing\b|\bno\b", re.IGNORECASE)
_DENIED_BEFORE = re.compile(
    r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,:!?]{0,30}$", re.IGNORECASE
)
# "... didn't help", "... fixed nothing", "ACS is enabled but P2P works fine"
_DENIED_AFTER = re.compile(
    r"^(?:\s*(?:nothing|not|no)\b|[^.;!?]{0,30}(?:n't|\bnot\b|\bnever\b) (?:\w+ )?"
    r"(?:help|work|fix|solve|change|make)|[^.;!?]{0,20}\bbut\b[^.;!?]{0,40}\b(?:works?|fine)\b)",
    re.IGNORECASE,
)
_ADVICE_BEFORE = re.compile(
    r"\b(?:if|whether|unless|in case|try(?:ing)?|maybe|perhaps|could|might|should|"
    r"suggest\w*|recommend\w*|to see|to check|to confirm|you can|can you|please|make sure|"
    r"ensure)\b[^.;:!?]*$",
    re.IGNORECASE,
)
# a question asks, it does not report ("Is ACS enabled?")
_QUESTION_AFTER = re.compile(r"^[^.;!]*\?")
_HEDGES = Hedges(
    before=(_DENIED_BEFORE, _ADVICE_BEFORE), after=(_DENIED_AFTER, _QUESTION_AFTER), window=60
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
# (every form names ACS, the IOMMU, VT-d or NCCL's P2P switch: "P2P" alone is in every NCCL
# INFO line that reports its transport)
_ANCHORS = ("acs", "access control", "访问控制", "iommu", "vt-d", "nccl_p2p")


def says_p2p_blocked(line: str) -> bool:
    """Whether ``line`` says the GPUs' PCIe peer-to-peer traffic is blocked or broken (ACS, the
    IOMMU, NCCL working only with P2P off), with no denial, advice, condition or question around
    it."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    # what made it work, said with a negation inside ("NCCL_P2P_DISABLE=1 didn't help"), is a
    # denial; a failure said outright ("P2P does not work") holds its own
    found = [m for m in P2P_WORDS.finditer(line) if _NEGATED.search(m.group()) is None]
    found += (m for m in ACS_LEFT_ON.finditer(line) if not _FINE_AFTER.search(line, m.end()))
    if _P2P_PATH.search(line) is not None:
        found += P2P_BROKEN.finditer(line)
    return _HEDGES.any_said(found, line)
