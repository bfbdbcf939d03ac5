"""A person's words that a fault came back after it was recovered: "the issue reoccurred", "it
happened again after the reboot", "keeps falling off the bus", "persists even after a power
cycle", "the third time this week".

NVIDIA's Xid catalog sends a hardware Xid that comes back after the reset or reboot that cleared
it to its investigatory bucket (CONTACT_SUPPORT), and the failure studies of ``priors.md`` §6
call the same fault on the same GPU after recovery the hardware signature. gpufleet reads that
recurrence from the driver's log when it has the days before (``xid_recurred_same_gpu``) and from
its own incident history; an operator who starts gpufleet mid-story often has only a ticket that
says so in words. This module recognises those words, one line at a time, so the ticket counts as
the statement it is (:mod:`telemetry.job_log` turns a line into a ``fault_recurrence_reported``
signature; the SRE agent reads it as the finding of the same name).

Deliberately narrow: a verb of something happening plus "again", or a word that means coming
back ("recur", "persist after"), never a bare "again" ("try again", "run it again" are actions,
not the fault) and never a retry loop's log line. A denial ("hasn't happened again since", "no
longer occurs") is not a recurrence. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

RECURRENCE_REPORTED = "fault_recurrence_reported"  # the signature kind and the SRE finding

_RECOVERY = (
    r"(?:re-?boot\w*|restart\w*|reset\w*|power[- ]?cycl\w*|cold boot\w*|reinstall\w*|reseat\w*)"
)
_HAPPEN = (
    r"(?:happen\w*|occur\w*|came back|comes? back|coming back|return\w*|re-?appear\w*|"
    r"show(?:s|ed)? up|pop(?:s|ped)? up|is back|was back|are back)"
)
_ORDINAL = r"(?:second|third|fourth|fifth|sixth|2nd|3rd|[4-9]th|\d{2}th)"

RECURRENCE = re.compile(
    # "reoccurred", "recurring", "re-occurs", "recurrence"
    r"\bre-?occur(?:s|red|ring|rence)?\b|\brecur(?:s|red|ring|rence)?\b|"
    # "happened again", "it came back again", "showed up again on the same GPU"
    r"\b" + _HAPPEN + r"(?: \w+){0,3} again\b|"
    # "persists after the reboot", "still there after a reset", "even after power cycling"
    r"\bpersist\w* (?:\w+ ){0,3}after (?:\w+ ){0,2}" + _RECOVERY + r"|"
    r"\beven after (?:\w+ ){0,2}" + _RECOVERY + r"|"
    r"\bafter (?:every|each) " + _RECOVERY + r"|"
    r"\bevery time (?:i |we |it |the \w+ )?" + _RECOVERY + r"|"
    r"\bagain after (?:\w+ ){0,2}" + _RECOVERY + r"|"
    r"\bstill (?:happen|occur|there|fail|crash|hang|freez|present|show)\w* (?:\w+ ){0,3}after "
    r"(?:\w+ ){0,2}" + _RECOVERY + r"|"
    # "the same error again", "this Xid again on GPU 3"
    r"\b(?:same|this) (?:error|issue|problem|fault|failure|xid|crash)\w* (?:\w+ )?again\b|"
    # a fault on a period: "the GPU is lost every 2 hours", "crashes every few days"
    r"\b(?:lost|crash\w*|fail\w*|falls? off|fell off|drops?|dropped|disappear\w*|hang\w*|"
    r"hung|freez\w*|froze|reboots?|xid\w*) (?:\w+ ){0,3}every (?:\d+ |few |couple of |other )?"
    r"(?:minutes?|hours?|days?|weeks?|night)\b|"
    # "keeps falling off the bus", "keep crashing", "kept disappearing"
    r"\bkee?p(?:s|t)? (?:on )?(?:happen|occur|coming|fall|drop|disappear|crash|fail|hang|"
    r"freez|reboot|reset|losing)\w*|"
    # "for the third time", "the second time this happened"
    r"\bfor the " + _ORDINAL + r" time\b|"
    r"\b" + _ORDINAL + r" time (?:this|it|that|the \w+) (?:has )?"
    r"(?:happen|occur|fail|crash|fell|drop)",
    re.IGNORECASE,
)

# "hasn't happened again", "has not recurred since", "no longer occurs", "never came back",
# "did not reoccur": the recovery held
_DENIED = re.compile(
    r"\b(?:has|have|had|did|does|do|is|was|were)(?:n't| not| never)\b(?: \w+){0,2} "
    r"(?:happen|occur|recur|re-?occur|come back|came back|return|re-?appear|show)|"
    r"\bnever (?:\w+ )?(?:happen|occur|recur|re-?occur|came back|come back|return)|"
    r"\bno longer\b|\bnot (?:seen|happened|occurred|recurred) (?:it |this )?(?:again|since)|"
    r"\bno (?:recurrence|re-?occurrence)",
    re.IGNORECASE,
)


# Every form above holds one of these (lower case): a substring test on them first keeps the
# reader's cost on a job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "again",
    "occur",
    "recur",
    "persist",
    "even after",
    "after each",
    "every",
    "keep",
    "kept",
    "d time",
    "th time",
    "still",
)


def says_recurrence(line: str) -> bool:
    """Whether ``line`` says a fault came back after it had been recovered (and does not deny
    it)."""
    low = line.lower()
    for anchor in _ANCHORS:
        if anchor in low:
            return RECURRENCE.search(line) is not None and _DENIED.search(line) is None
    return False
