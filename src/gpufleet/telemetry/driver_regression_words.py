"""A person's words that pin the fault on one driver version: "downgrading the driver to 531 fixed
it", "rolled back to 535 and it works again", "driver 545 introduced the hang", "the new driver
broke P2P", "works on 470 but not on 510", "a regression in the latest driver".

That is the test NVIDIA's Xid catalog asks for in its software buckets ("if it turns out to be
the driver, report the issue", INVESTIGATE_SW / CHECK_APP): the fault goes with the version and
a rollback cures it, the mark of a driver regression (``driver-regression-fleetwide``), which
the fleet would see as an Xid rate that splits by driver version. A report rarely has that
split; it says so in words. This module recognises those words one line at a time
(:mod:`telemetry.job_log` keeps a ``driver_regression_reported`` signature beside the line; the
SRE agent reads it as the finding of the same name).

Deliberately narrow: the line names the driver (the word, or an ``nvidia-driver-NNN`` package)
and a rollback that helped, one version working where another fails, or a version that broke or
introduced the fault. "After updating the driver it broke" alone is not the statement: a driver
update that the running processes or the kernel module have not caught up with breaks the same
way and is cured by a reboot, not a rollback (``driver-cuda-mismatch``). Advice ("try
downgrading"), a condition ("fails loud if the driver breaks") or a denial ("downgrading did not
help") is not the statement either. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

DRIVER_REGRESSION_REPORTED = "driver_regression_reported"  # the signature kind and SRE finding

_DRIVER = (
    r"(?:(?:(?:nvidia|gpu|graphics|display|cuda) )?drivers?\b(?: (?:version|branch|release))?|"
    r"nvidia-(?:driver-)?\d{3}\b)"
)
_VERSION = r"(?:v|version |r)?\d{3}(?:\.\d{1,3}){0,2}\b"
_ROLLED = r"(?:downgrad\w*|roll\w*(?: it)? back|revert\w*|go\w* back|went back|return\w*)"
_CURED = (
    r"(?:fix\w*|solv\w*|resolv\w*|cur\w*|help\w*|it works|works again|everything works|"
    r"the problem (?:is |was )?gone|(?:it|that) did the trick)"
)

DRIVER_REGRESSION = re.compile(
    # "downgrading the driver to 531 fixed it", "rolled back to 535 and it works again",
    # "reverting the nvidia driver solved the issue"
    r"\b" + _ROLLED + r"(?: [\w'/.-]+){0,7} " + _CURED + r"|"
    # "driver 545 introduced the hang", "the new driver broke nvidia-smi"
    r"\b" + _DRIVER + r" ?(?:" + _VERSION + r")?(?: [\w'/.-]+){0,2} "
    r"(?:introduc\w*|broke|breaks|caus\w*|regress\w*)\b|"
    # "driver above 532 is sometimes 10x slower", "drivers newer than 470 crash"
    r"\b"
    + _DRIVER
    + r" (?:above|newer than|after|since|from|>=?) ?"
    + _VERSION
    + r"(?: [\w'/.-]+){0,4} (?:slow\w*|broke\w*|break\w*|fail\w*|crash\w*|hang\w*)\b|"
    r"\b(?:regression|bug) (?:in|with|of) (?:the )?(?:new |latest )?" + _DRIVER + r"|"
    # "works with 470 but not with 510", "fine on driver 535, broken on 550"
    r"\b(?:works?|worked|working|fine|ok)\b(?: [\w'/.-]+){0,2} (?:on|with|using|under) (?:the )?"
    r"(?:" + _DRIVER + r" ?)?" + _VERSION + r"[^.;!?]{0,40}\b(?:but|while|whereas)\b",
    re.IGNORECASE,
)
_NAMES_DRIVER = re.compile(r"\bdrivers?\b|\bnvidia-(?:driver-)?\d{3}\b", re.IGNORECASE)
# "try downgrading your driver", "you should roll back", "fails loud if the driver breaks":
# advice or a condition, not what happened
_NOT_SO = re.compile(
    r"\b(?:try|trying|please|should|could|can you|could you|you may|recommend\w*|suggest\w*|"
    r"consider|make sure|if|when|whenever|in case|unless)\b",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"(?:\bno|\bnot|\bnever|\bwithout|n't)\b[^.;,!?]*$", re.IGNORECASE)
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bnever\b|\bno\b|\bnothing\b", re.IGNORECASE)

# Every form above needs the driver named: a substring test first keeps the cost on a job's log
# lines, which do not, to one lower() and a scan.
_ANCHORS = ("driver", "nvidia-")


def says_driver_regression(line: str) -> bool:
    """Whether ``line`` pins the fault on a driver version (and is no advice or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) or _NAMES_DRIVER.search(line) is None:
        return False
    return any(_said(line, m) for m in DRIVER_REGRESSION.finditer(line))


def _said(line: str, m: re.Match[str]) -> bool:
    before = line[max(0, m.start() - 48) : m.start()]
    if _NOT_SO.search(before) or _NOT_SO.search(m.group()):
        return False
    return _DENIED_BEFORE.search(before) is None and _DENIED_WITHIN.search(m.group()) is None
