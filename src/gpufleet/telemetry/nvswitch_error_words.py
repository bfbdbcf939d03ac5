"""A report that the node's NVSwitch raised an error, in the writer's words: "the NVSwitch raised
SXid 12028", "we got SXid errors on the switch tray", "dmesg shows SXid 20034 (fatal)", "an
NVSwitch fatal error took the node out", "nvswitch 报 SXid 错误".

SXids are the NVSwitch's own error reports, printed by the ``nvidia-nvswitch`` driver and recorded
by Fabric Manager; a fatal one leaves the switch needing a fabric reset (the GPUs and NVSwitches of
the baseboard), and the jobs on the fabric die or hang (NVIDIA Fabric Manager User Guide, NVSwitch
error handling; DCGM health watch ``DCGM_HEALTH_WATCH_NVSWITCH_FATAL``). That is the
``nvswitch-sxid-errors`` card. The driver's own SXid lines are read as records elsewhere
(:mod:`telemetry.kernel_log`, pasted ones by :mod:`telemetry.quoted_kernel`); a ticket, a thread
or a post-mortem names the SXid or the switch's error in words, which this module recognises one
line at a time (:mod:`telemetry.job_log` keeps an ``nvswitch_error_reported`` signature beside
the line; the SRE agent reads it as the finding of the same name).

Two forms: an SXid named ("SXid 12028", "SXid errors", "an SXid was raised"), and an NVSwitch
error named ("NVSwitch fatal error", "errors on the NVSwitch", "the nvswitch reported a
non-fatal error"). A Fabric Manager line pasted in a ticket ("detected NVSwitch fatal error
24006 …") is read as these words too: no parser reads a ticket's Fabric Manager lines. Not a
denial ("no SXid errors", "NVSwitch errors were not seen", "没有 SXid 错误"), a health check's
clean count ("NVSwitch errors: 0"), advice, a guess or a condition ("check dmesg for SXid
errors", "I suspect an NVSwitch error", "if an SXid is logged", "when an NVSwitch fatal error
occurs"), a question ("any SXids?", "nvswitch 报错了吗"), a changelog's fix or a list of examples
("Fixed SXid errors on …", "common SXids: 12028"), nor a manual's account of where SXids are
written; a field name (``DCGM_HEALTH_WATCH_NVSWITCH_FATAL``) holds no word boundary before the
switch. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    ASKED_AFTER_ZH,
    DENIED_AFTER,
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

NVSWITCH_ERROR_REPORTED = "nvswitch_error_reported"  # the signature kind and the SRE finding

# "SXid 12028", "SXid: 20034", "SXids 12028 and 12021", "SXid errors", "an SXid (fatal)"
_SXID = (
    r"\bsxids?(?:[ :#=]{1,3}\d{4,5}\b|(?: \w+){0,2} (?:errors?|events?|faults?|messages?)\b|"
    r" (?:was|were|is|are|got|gets|has been|have been|had been) (?:raised|logged|reported|"
    r"printed|seen|thrown)\b| \((?:non-?)?fatal\)|,? (?:non-?)?fatal\b)"
)
_SWITCH = r"(?:nv ?switch(?:es)?|nvidia-nvswitch\d{0,3})"
_ERROR = r"(?:(?:non-?)?fatal )?(?:errors?|faults?|failures?|failed|crash\w*)\b"
_NVSWITCH = (
    # "NVSwitch fatal error", "nvswitch errors", "NVSwitch failure"
    r"\b" + _SWITCH + r" (?:(?:port|link|ingress|egress|asic|internal) )?" + _ERROR + r"|"
    # "errors on the NVSwitch", "a fatal error on nvswitch 3"
    r"\b" + _ERROR + r" (?:on|from|in) (?:the |an |one |a )?" + _SWITCH + r"|"
    # "the NVSwitch reported / raised / logged a (fatal) error"
    r"\b" + _SWITCH + r"\d{0,2} (?:reported|raised|logged|threw|hit|had|has|shows?|showed) "
    r"(?:an? |the |several |many |multiple )?" + _ERROR
)
NVSWITCH_ERROR_WORDS = re.compile(
    _SXID + r"|" + _NVSWITCH + r"|"
    # Chinese: "nvswitch 报错", "SXid 错误"
    r"(?:" + _SWITCH + r"|sxid) ?(?:报错|错误|故障)",
    re.IGNORECASE,
)
# What around the words unsays them, beside the shared denials and advice: a guess, a
# condition or a manual's "when" ("I suspect an NVSwitch fatal error", "when an NVSwitch fatal
# error occurs"), a changelog's fix or a list of examples ("Fixed SXid errors on …", "common
# SXids: 12028"), a manual's "each" or "every" ("NPD records whether each Xid and SXid error has
# been processed") or its pair "Xid or SXid" ("for this Xid or SXid error"), a Chinese denial
# just before ("没有 SXid 错误"); after them a health check's clean count ("NVSwitch errors:
# 0", "SXid errors : Pass"), a denial with "were" ("… were not seen"), a Chinese question ("…
# 报错了吗"), and a manual's account of where SXids go ("Xid and SXid errors are written to
# /var/log/messages by the driver").
_GUESS_BEFORE = re.compile(
    r"\b(?:probably|likely|suspect\w*|possible|common|known|typical|e\.g|such as|like)\b"
    r"[^.;!?]*$|\bwhen(?:ever)? (?:an? |the )?$|^\W{0,4}fix(?:ed|es)?\b[^.;!?]*$|"
    r"\b(?:each|every|any)\s+(?:\w+\s+){0,3}$|\bxids? or $",
    re.IGNORECASE,
)
_DENIED_BEFORE_ZH = re.compile(r"(?:没有|无|未|没)\s{0,2}$")
_CLEAN_AFTER = re.compile(
    r"^\s{0,8}[:=]\s{0,8}(?:0\b|none\b|pass\w*|ok\b|no\b|not (?:found|seen|detected))|"
    r"^[^.;,!?]{0,20}\b(?:were|was|are|is|have been|has been) (?:not|never)\b|"
    r"^\s{0,4}(?:are|is) (?:written|recorded|printed|collected|exported|logged|reported) "
    r"(?:to|in|into|by) (?:the )?(?:/var/log|syslog|the kernel|dmesg|(?:gpu |nvidia )?driver|"
    r"nvrm|the system log)",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(
        DENIED_BEFORE,
        advice_before("look for", "search", "watch for", "monitor", "verify"),
        _GUESS_BEFORE,
        _DENIED_BEFORE_ZH,
    ),
    after=(QUESTION_AFTER, ASKED_AFTER_ZH, DENIED_AFTER, _CLEAN_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("sxid", "nvswitch", "nv switch")


def says_nvswitch_error(line: str) -> bool:
    """Whether ``line`` says the node's NVSwitch raised an error (an SXid named, or the switch's
    error), with no denial, advice, condition or question around the words."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(NVSWITCH_ERROR_WORDS.finditer(line), line)
