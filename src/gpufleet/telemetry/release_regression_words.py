"""A person's words that pin the fault on one release of a part of the GPU software stack other
than (or besides) the driver: a library, framework, runtime, container image, toolkit or
firmware. "Reverting to version 0.0.17 resolves the issue", "downgrade to 0.6.0 and it works",
"not reproducible with 2.31.2", "reproducible with versions 24.05 and later, while earlier
versions do not exhibit this problem", "since it was upgraded to version 0.0.18 inference is no
longer working", "bisected to commit bc118b".

That is the test the driver-regression card asks for, done on another part of the stack: the
fault goes with a version and going back cures it (``driver-regression-fleetwide``, rules_in
"rolling a canary node back to the previous driver makes the Xid stop"). The operator's decision
is the same - pin or roll back the release on the affected nodes, report it upstream, and do not
drain, reset or RMA GPUs for it - so the words are evidence for that card. NVIDIA's Xid catalog
puts the same test in its software buckets (INVESTIGATE_SW, CHECK_APP: a fault that turns out
to be in the software is reported, not repaired). The driver's own words are
:mod:`telemetry.driver_regression_words`; this reader needs a version or a bisect, not the
driver, and keeps a ``release_regression_reported`` signature beside the line
(:mod:`telemetry.job_log`); the SRE agent reads it as the finding of that name.

Deliberately narrow: a rollback is no statement without a version to go back to and a cure
after it ("I reverted my changes and it works" is the writer's own code); "after updating it
broke" needs the version it was updated to and the failure in the same clause; advice ("try
downgrading to 2.1"), a condition ("if 0.5 fixes it") and a denial ("downgrading to 2.0 did not
help") are not the statement. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import QUESTION_AFTER, Hedges, advice_before

RELEASE_REGRESSION_REPORTED = "release_regression_reported"  # the signature kind and SRE finding

# a release: "0.0.17", "v1.28", "24.05", "version 2.26.2+cuda12.2", "release 1.18.0-1" (a bare
# integer is no release: "step 3", "GPU 0")
_VERSION = r"(?:v|version |release |r)?\d+(?:\.\d+)+(?:[-+]?[a-z0-9]+)*\b"
_ROLLED = (
    r"(?:downgrad\w*|roll\w*(?: it)? back|roll-?back\w*|revert\w*|go\w* back|went back|"
    r"pinn\w*|pin)"
)
_CURED = (
    r"(?:fix\w*|solv\w*|resolv\w*|cur\w*|help\w*|works again|work again|works fine|"
    r"works|worked|(?:it|that) did the trick|(?:the )?(?:issue|problem|error) (?:is |was )?gone)"
)
_FAILS = (
    r"(?:no longer work\w*|stopp?ed working|broke\w*|break\w*|fail\w*|crash\w*|hang\w*|hung|"
    r"stuck|slow\w*|drops?|dropped|regress\w*|(?:does|do|did) ?n[o']t work|not working|"
    r"segfault\w*|degrad\w*)"
)
# a few words between: "downgrading ctranslate to version 4.4.0 is enough to fix"
_WORDS = r"(?: [\w'/+#-]+| [\w'/+#-]*\.\d[\w.+-]*)"

RELEASE_REGRESSION = re.compile(
    # the rollback and its cure: "Reverting to version 0.0.17 resolves the issue", "downgrade to
    # 0.6.0 and it works", "Roll back to 2.00.20 and it works"
    r"\b" + _ROLLED + _WORDS + r"{0,5}? " + _VERSION + _WORDS + r"{0,6}? " + _CURED + r"\b|"
    # the cure first: "fixed by rolling back ctranslate2 to 4.4.0"
    r"\b"
    + _CURED
    + _WORDS
    + r"{0,3} (?:by|with|after) "
    + _ROLLED
    + _WORDS
    + r"{0,4}? "
    + _VERSION
    + r"|"
    # one version fails where another works: "not reproducible with 2.31.2", "works fine with
    # 1.28.2 but fails with 1.29"
    r"\bnot reproduc\w* (?:with|on|in|using|under) (?:[\w-]+ ){0,2}" + _VERSION + r"|"
    r"\bworks? (?:fine |well |correctly )?(?:with|on|in|using) (?:[\w-]+ ){0,2}"
    + _VERSION
    + r"[^.;!?]{0,40}?\b(?:but|while|whereas) [^.;!?]{0,40}?\b"
    + _FAILS
    + r"|"
    # the regression's range: "versions 24.05 and later …, while earlier versions do not
    # exhibit this problem"
    r"\b" + _VERSION + r" (?:and|or) (?:later|newer|above|up)\b(?:[^.;!?]|\.(?=\d)){0,160}?"
    r"\b(?:earlier|older|previous|prior) (?:versions?|releases?)\b|"
    # the update that broke it, to a named version: "Since ExLlamav2 was upgraded to version
    # 0.0.18 …, inference … is no longer working", "after updating to 0.1.32 it crashes"
    r"\b(?:since|after|when)" + _WORDS + r"{0,3}? (?:(?:was|were|got|been|is) )?"
    r"(?:upgrad\w*|updat\w*|bump\w*)"
    + _WORDS
    + r"{0,3}? to "
    + _VERSION
    + r"(?:[^;!?]|\.(?=\w)){0,100}?\b"
    + _FAILS
    + r"|"
    # "0.5.2 introduced the hang", "v1.18 broke the containerd config"
    r"\b" + _VERSION + r"(?: [\w-]+){0,2} (?:introduced|broke|breaks) (?:the |this |a |an )?"
    r"(?:regression|bug|issue|problem|hang|crash|failure|error|slowdown|\w+ config\w*)\b|"
    # "a regression from v1.28", "regression in 2.4.0", "regression introduced in 24.05"
    r"\bregression (?:in|from|since|introduced in|with|after) (?:[\w-]+ ){0,2}" + _VERSION + r"|"
    # the change found by bisecting: "confirmed via bisect", "bisected it to", "git bisect shows"
    r"\b(?:bisected|bisecting)\b|\bgit bisect\b|\b(?:via|by|with|using|through) (?:a )?bisect\b",
    re.IGNORECASE,
)
# advice, a guess or a condition before the words ("try downgrading to 2.1", "if 0.5 fixes it",
# "to avoid the bug, pin 1.2"): what may help, not what happened
_ADVICE = advice_before("should", "to avoid", r"wan\w+ to", "need to", "going to", "will")
_DENIED_WITHIN = re.compile(
    r"\b(?:not|never|nothing|neither|nor)\b|n't\b(?! work)|\bno (?:luck|change|difference)\b",
    re.IGNORECASE,
)
_DENIED_AFTER = re.compile(
    r"^[^.;!?]{0,24}\b(?:did ?n[o']t|does ?n[o']t|do ?n[o']t|not|never|no longer)\b"
    r"(?: \w+){0,2} (?:help|fix|solve|resolve|change|work)",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(_ADVICE,),
    within=(_DENIED_WITHIN,),
    after=(QUESTION_AFTER, _DENIED_AFTER),
    window=48,
)
_OWN_FORM_HEDGES = Hedges(before=(_ADVICE,), after=(QUESTION_AFTER,), window=48)
# the rollback, the update and the range forms name a failure or a denial inside themselves
# ("… is no longer working", "… do not exhibit"): the denial test reads the cure forms only
_OWN_NEGATION = re.compile(
    r"\bnot reproduc|no longer|n[o']t work|not working|"
    r"(?:earlier|older|previous|prior) (?:versions?|releases?)\b",
    re.IGNORECASE,
)

# Every form above holds one of these (lower case) and a digit or a bisect: a substring test
# first keeps the cost on a job's log lines, which hold none of them, to one lower() and a scan.
_ANCHORS = ("downgrad", "roll", "revert", "back", "pin", "reproduc", "works", "earlier", "older",
            "previous", "prior", "since", "after", "when", "introduced", "broke", "breaks",
            "regression")  # fmt: skip
_LONGEST_LINE = 4000  # a pasted blob longer than this is no sentence; its head is read
# a version only a driver has: NVIDIA's branches run 300-699 with a two- or three-digit minor
# ("390.12", "550.120", "535.104.05"); CUDA's are 10.x-13.x
DRIVER_VERSION = r"(?<![\w.])[3-6]\d{2}\.(?:\d{2,3}(?:\.\d{1,3})?|[xX]{1,2})(?![\w.])"
# the parts under the libraries: the driver (by name, its Windows module, a version only a driver
# has: 390.12, 550.120), the kernel (by name with a version, an update or a commit; a -rc tag;
# the DRM tree; nouveau) and the GPU's firmware. "kernel" alone is as often a GPU kernel.
_LOWER_STACK = re.compile(
    r"\bdrivers?\b|\bnvlddmkm\b|" + DRIVER_VERSION + r"|"
    r"\b(?:linux )?kernel(?:[ -](?:v?\d|version|update|upgrade|commit|tree|regression)|;)|"
    r"\blinux v?\d|\bv?\d\.\d+(?:\.\d+)?-rc\d|\bdrm/|\bnouveau\b|"
    r"\b(?:firmware|vbios|bios|gsp)\b",
    re.IGNORECASE,
)


def _anchored(line: str) -> bool:
    low = line.lower()
    if "bisect" in low:
        return True
    return any(ch.isdigit() for ch in line) and any(anchor in low for anchor in _ANCHORS)


def _said(line: str, m: re.Match[str]) -> bool:
    # a form that carries its own failure words is read for advice and questions only
    hedges = _OWN_FORM_HEDGES if _OWN_NEGATION.search(m.group(0)) else _HEDGES
    return not hedges.unsaid(line, m)


def release_regression_said(line: str) -> bool:
    """Whether ``line`` pins the fault on one release of any part of the stack (a rollback to a
    named version cured it, one version fails where another works, an upgrade to a named version
    broke it, a bisect found the change) and is no advice, condition, question or denial."""
    line = line[:_LONGEST_LINE]
    if not _anchored(line):
        return False
    return any(_said(line, m) for m in RELEASE_REGRESSION.finditer(line))


def names_lower_stack(line: str) -> bool:
    """Whether ``line`` names the driver, the kernel or the GPU's firmware: a release of those
    regressed is rolled back on the node (``driver-rollback-request``), not pinned in an image."""
    return _LOWER_STACK.search(line[:_LONGEST_LINE]) is not None


def says_release_regression(line: str) -> bool:
    """Whether ``line`` pins the fault on one release of a library, framework, image or toolkit:
    the statement of :func:`release_regression_said` on a line that names no driver, kernel or
    firmware (those are :mod:`telemetry.driver_regression_words`' statement)."""
    return release_regression_said(line) and not names_lower_stack(line)
