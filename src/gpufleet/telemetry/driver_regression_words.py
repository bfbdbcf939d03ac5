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

Deliberately narrow: the line names the driver (the word, an ``nvidia-driver-NNN`` package or a
version only a driver has, such as 397.31) and a rollback that helped or was done to a named
version ("I downgraded nvidia driver 511 to 472.84"), one version working where another fails,
or a version that broke or introduced the fault (the step between two versions too: "Nvidia
590.48.01-3 ➡️ 595.45.04-3 causes crash on sleep"). "After updating the driver it broke" alone is
not the statement: a driver update that the running processes or the kernel module have not
caught up with breaks the same way and is cured by a reboot, not a rollback
(``driver-cuda-mismatch``). A reinstall of an older or named version is a rollback ("after
reinstalling 572.XX driver all problems were fixed"); a reinstall of the same driver is a repair.
The working version in a parenthesis ("fails with driver 595.79 (works with 580)") and the
previous driver named as the one that worked are the version split in words, and so is a known
issue in a named version or in "later versions of the 570.x driver"; a branch written with its
point releases open ("535.x") is a driver's version, and a bullet of the driver's own release
notes that "Fixed a regression" names the version that had it. Markdown around a
version ("to **580**") is read as the words it marks. Advice ("try downgrading"), a condition
("fails loud if the driver breaks") or a denial ("downgrading did not help", "didnt have any
issues with driver 570") is not the statement either. The release
forms of :mod:`telemetry.release_regression_words` ("regression introduced in 390.12", "the
first bad commit is … drm/nouveau/gsp", a bisect between two kernel tags) are this statement
too when their line names the driver, the kernel or the GPU's firmware: what regressed is then
rolled back on the node. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import NOT_SUFFIX, QUESTION_AFTER, Hedges
from gpufleet.telemetry.release_regression_words import (
    DRIVER_VERSION,
    names_lower_stack,
    release_regression_said,
)

DRIVER_REGRESSION_REPORTED = "driver_regression_reported"  # the signature kind and SRE finding

_DRIVER = (
    r"(?:(?:(?:nvidia|gpu|graphics|display|cuda) )?drivers?\b(?: (?:version|branch|release))?|"
    r"nvidia-(?:driver-)?\d{3}\b)"
)
# an update from one version to the next, as release notes and changelogs write it
_STEP = r"(?:->|→|➡\ufe0f?|=>|⇒)"
# "535.104", "r565", and a branch written with its point releases left open: "572.XX", "550.x"
_VERSION = r"(?:v|version |r)?\d{3}(?:\.(?:\d{1,3}|x{1,2})){0,2}(?:xx)?\b"
_ROLLED = (
    r"(?:downgrad\w*|roll\w*(?: it| (?:the|my|our) (?:nvidia |gpu )?drivers?)? back|roll-?back\w*|"
    r"revert\w*|go\w* back|went back|return\w*|"
    # a reinstall of an older or named version is the same rollback ("after reinstalling 572.XX
    # driver all problems were fixed"); a reinstall of the same driver is a repair, not this
    r"reinstall\w*(?= (?:the |an? |my )?(?:old(?:er)?|previous|earlier|"
    r"last (?:good|working|stable)|\d{3}\b)))"
)
# a version and what follows it up to the next clause: "570.172.08 + CUDA 12.8) but" (a version's
# own dots are no sentence end)
_ON_TO = r"(?:[^.;!?]|\.(?=\d)){0,60}?"
_CURED = (
    # "cure", "helped": not "current", "helper"
    r"(?:fix\w*|solv\w*|resolv\w*|cur(?:e|es|ed|ing)\b|help(?:s|ed|ing)?\b|it works|works again|"
    r"everything works|"
    r"the problem (?:is |was )?gone|(?:it|that) did the trick|works? (?:normally|fine|perfectly)|"
    r"worked (?:just )?(?:fine|perfectly|normally)|everything worked|"
    # "rolled back to the previous version, 595.45.04 and everything is fine there"
    r"(?:everything|all|it)(?: is|'s| was) (?:fine|ok|okay|good|normal|stable)\b|"
    r"no longer (?:crash|hang|freez|fail|stutter)\w*)"
)

DRIVER_REGRESSION = re.compile(
    # "downgrading the driver to 531 fixed it", "rolled back to 535 and it works again",
    # "reverting the nvidia driver solved the issue"
    # (a version's list may hold a comma: "to the previous version, 595.45.04 and it works")
    r"\b" + _ROLLED + r"(?: [\w'/.,-]+){0,7} " + _CURED + r"|"
    # a rollback with its reason: "Reverting back to 535 drivers since 550 drivers don't
    # install the nvidia-gridd unit", "downgraded to driver 470 because 510 hangs"
    r"\b"
    + _ROLLED
    + r"(?: back)? to (?:the )?(?:"
    + _DRIVER
    + r" ?)?"
    + _VERSION
    + r"(?: "
    + _DRIVER
    + r")?[^.;!?]{0,12}?\b(?:since|because|due to)\b|"
    # the cure first: "fixed by rolling back the driver", "the only thing that fixed the
    # stuttering was rolling back the Nvidia driver update" (the driver named after the rollback)
    r"\b"
    + _CURED
    + r"(?: [\w'/.-]+){0,4} (?:by|was|is|with) "
    + _ROLLED
    + r"(?: [\w'/.-]+){0,3} "
    + _DRIVER
    + r"|"
    # "driver 545 introduced the hang", "the new driver broke nvidia-smi"
    r"\b" + _DRIVER + r" ?(?:" + _VERSION + r")?(?: [\w'/.-]+){0,2} "
    r"(?:introduc\w*|broke|breaks|caus\w*|regress\w*)\b|"
    # the step between two versions named as what broke: "Nvidia 590.48.01-3 ➡️ 595.45.04-3
    # causes crash on sleep", "driver 550 -> 555 broke suspend" (a package's release kept)
    # (not "… causes no issues", "… broke nothing", nor a changelog's "introduces support")
    r"\b(?:nvidia|"
    + _DRIVER
    + r")(?: ?"
    + _VERSION
    + r")?(?:-\d{1,3})? ?"
    + _STEP
    + r" ?"
    + _VERSION
    + r"(?:-\d{1,3})?(?: (?:update|upgrade))? (?:broke|breaks|caus\w*|regress\w*|"
    r"introduc\w* (?:a |the |an )?(?:crash|hang|freeze|bug|regression|error|fault|problem|issue)"
    r"\w*)\b(?! (?:no|nothing|none|zero)\b)|"
    # "nvidia driver 545 have broken P2P": a version must be named ("my driver is broken" is not)
    r"\b" + _DRIVER + r" ?" + _VERSION + r"(?: [\w'/.-]+){0,2} broken\b|"
    # "driver above 532 is sometimes 10x slower", "drivers newer than 470 crash"
    r"\b"
    + _DRIVER
    + r" (?:above|newer than|after|since|from|>=?) ?"
    + _VERSION
    + r"(?: [\w'/.-]+){0,4} (?:slow\w*|broke\w*|break\w*|fail\w*|crash\w*|hang\w*|stutter\w*)\b|"
    # the version first: "since driver 560 the training hangs"
    r"\bsince (?:the )?"
    + _DRIVER
    + r" ?"
    + _VERSION
    + r"(?: (?!fix\w*\b|resolv\w*\b|stopp\w*\b|gone\b|pass\w*\b|works?\b)[\w'/.-]+){0,5} "
    r"(?:slow\w*|broke\w*|break\w*|fail(?:s|ed|ing|ures?)?\b|crash\w*|hang\w*|stutter\w*)|"
    # the fault through more than one update (one update could be a module not yet reloaded,
    # two are a version): "hangs … only since last two driver updates"
    r"\b(?:hang|crash|fail|freez|stutter|slow|black ?screen)\w*\b"
    r"(?:(?!\b(?:stopped|fixed|resolved|gone|went away|no longer|disappeared)\b)[^.;!?]){0,80}"
    r"\bsince (?:the )?"
    r"(?:last|latest|past|recent) (?:two|three|few|couple(?: of)?|[2-9]) (?:nvidia |gpu )?"
    r"driver (?:updates|upgrades|releases|versions)\b|"
    r"\b(?:regression|bug) (?:in|with|of) (?:the )?(?:new |latest )?" + _DRIVER + r"|"
    # "the bug was in a particular version of the CUDA driver", "an issue with the most recent
    # GPU driver": a complaint about "the driver" alone is not, it needs the version singled out
    r"\b(?:regression|bug|issue|problem) (?:was |is )?(?:in|with) (?:(?:a|one|some) )?"
    r"(?:particular|specific|certain) versions? of (?:the )?" + _DRIVER + r"|"
    # ("I have major issues with the newest driver")
    r"\b(?:regressions?|bugs?|issues?|problems?) (?:was |is |are |were )?(?:in|with) (?:the )?"
    r"(?:newest|latest|most recent|recent|new) " + _DRIVER + r"|"
    # a version singled out: "given the issues with driver version 595.x", "a bug in driver 545"
    r"\b(?:regression|bugs?|issues?|problems?) (?:was |is |are )?(?:in|with) (?:the )?"
    r"(?:(?:nvidia|gpu|geforce) ){0,2}drivers? (?:version |release |branch )?" + _VERSION + r"|"
    # the version's own releases singled out: "an issue in later versions of the 570.x driver"
    r"\b(?:regression|bugs?|issues?|problems?) (?:was |is |are )?(?:in|with) (?:the )?"
    r"(?:later|newer|recent|latest|some|certain) (?:versions?|releases?) of (?:the )?"
    + _VERSION
    + r" (?:(?:nvidia|gpu) )?drivers?\b|"
    # "a hit or miss issue depending on the nvidia driver version": the fault tracks the version
    # (what nvidia-smi prints "depending on the driver version" is no fault)
    r"\b(?:issues?|problems?|bugs?|crash\w*|fail\w*|hang\w*|errors?|works?|breaks?)\b"
    r"[^.;!?]{0,30}?\bdepend\w* (?:on|upon) (?:the |which )?(?:nvidia |gpu |cuda )?drivers? "
    r"(?:version|release)|"
    # "100% sure the driver is the issue", "the new driver was the culprit"
    r"\b(?:new |newer |latest |updated )?drivers? (?:update |upgrade |version )?(?:is|was) "
    r"(?:the |definitely the )?(?:issue|problem|culprit|cause)\b|"
    # "535.113.0 works and 545.23.08 hangs" (with the driver named on the line)
    r"\b"
    + _VERSION
    + r" works?\b[^.;!?]{0,20}\b(?:and|but) "
    + _VERSION
    + r" (?:fails?|failed|hangs?|crash\w*|is broken)\b|"
    # Russian "не будет работать с новым драйвером" (will not work with the new driver),
    # "откат драйвера помог" (the driver rollback helped); Chinese "降级驱动后解决" (solved after
    # downgrading the driver), "新驱动有bug"; Japanese "ドライバを戻したら直った"
    r"\bне (?:будет )?работа\w* (?:с|на) (?:нов|последн)\w* (?:верси\w+ )?драйвер|"
    r"\b(?:откат\w*|верну\w*|понизи\w*) (?:\w+ ){0,2}драйвер\w*(?: [\w'/.()-]+){0,3} "
    r"(?:помог\w*|реши\w*|исправи\w*|работает)|"
    r"(?:降级|回退|回滚|退回)了?\S{0,6}驱动\S{0,12}(?:解决|好了|正常了|就可以|恢复)|"
    r"(?:新|最新)版?(?:的)?驱动(?:有|存在)?(?:bug|BUG|问题|缺陷)|"
    r"ドライバー?を?(?:戻|ダウングレード)\S{0,10}(?:直|解決|治)|"
    # "works with 470 but not with 510", "fine on driver 535, broken on 550"
    r"\b(?:works?|worked|working|fine|ok)\b(?: [\w'/.-]+){0,2} (?:on|with|using|under) (?:the )?"
    r"(?:" + _DRIVER + r" ?)?" + _VERSION + r"[^.;!?]{0,40}\b(?:but|while|whereas)\b|"
    # the failing version first: "hangs with A100s (driver 570.172.08 + CUDA 12.8) but works on
    # driver 550.163.01", "fails on driver 550.90.07 while it works on 545.23.08"
    r"\b(?:fails?|failed|hangs?|hung|crash\w*|broken|errors?)\b"
    + _ON_TO
    + _DRIVER
    + r" ?"
    + _VERSION
    + _ON_TO
    + r"\b(?:but|while|whereas) (?:it )?(?:works?|worked|is fine|runs? fine)\b|"
    # the rollback told as what was done, to a named version: "I downgraded nvidia driver 511 to
    # 472.84", "Reverting NVidia driver back to 512.xx" (a cure no one names until it worked)
    r"\b(?:downgrad(?:ed|ing)|degraded|revert(?:ed|ing)|rolled back|rolling back|went back) "
    r"(?:back )?(?:the |my |our )?(?:nvidia |gpu |graphics |display )?drivers?"
    r"(?: (?:from )?" + _VERSION + r")?(?: back)? to (?:the )?(?:old(?:er)? )?" + _VERSION + r"|"
    # "the driver update has stopped the system from booting", "the nvidia driver upgrade kept
    # the machine from starting X" (the update named as what broke the host)
    r"\b(?:nvidia |gpu |graphics |display )?drivers? (?:update|upgrade)s? (?:has |have |had )?"
    r"(?:stopped|prevented|kept) (?:the |my |our )?(?:system|machine|computer|laptop|desktop|"
    r"server|node|pc|host|workstation)s? from (?:booting|starting|working|loading|coming up)|"
    # a rollback to a named version, then the cure later in the sentence: "Downgrading
    # nvidia-dkms nvidia-utils to 535 and putting these on the IgnorePkg list solved the issue"
    r"\b"
    + _ROLLED
    + r"(?: [\w'/.-]+){0,6}? to (?:the )?(?:[\w-]+ ){0,3}?"
    + _VERSION
    + r"[^.;!?]{0,80}?\b"
    + _CURED
    + r"|"
    # the cure told in the next short sentence: "Downgraded to 382.53 on windows 10 home. That
    # appears to have worked."
    r"\b"
    + _ROLLED
    + r"(?: [\w'/.-]+){0,6}? to (?:the )?(?:[\w-]+ ){0,3}?"
    + _VERSION
    # nothing else changed in the same sentence ("… and swapped the PSU. That fixed it.")
    + r"(?:(?! and (?:also )?(?:swapp|replac|chang|updat|upgrad|reinstall)\w*\b)[^.;!?]){0,60}?"
    r"[.!] (?:and )?(?:that|this|it)(?: (?:appears|seems) to(?: have)?)? "
    r"(?:worked|works|fixed (?:it|the (?:issue|problem))|did the trick|"
    # a cure that lasted ("It fixed the issue for about an hour" did not)
    r"solved (?:it|the (?:issue|problem)))\b(?! (?:for|until) (?:a|an|about|the|\d))|"
    # the working version in a parenthesis after the failure: "fails to detect CUDA device with
    # NVIDIA driver 595.79 (works with 580)", "deadlock after upgrading to 418.40.04 driver
    # (410.104 is OK)"
    r"\b(?:fails?|failed|hangs?|hung|crash\w*|broken|deadlock\w*|errors?)\b[^()]{0,80}?"
    r"\( ?(?:but )?(?:(?:works?|fine|ok) (?:on|with) (?:driver )?"
    + _VERSION
    + r"|"
    + _VERSION
    + r" (?:is|was|works?)(?: (?:ok|fine|good))?) ?\)|"
    # the previous driver named as the one that worked: "Hardware shader worked very well on the
    # previous drivers", "With the previous driver 1.2.5-0711 all worked perfectly"
    r"\b(?:worked|was working|ran|was fine)(?: (?:very |really |just )?(?:well|fine|perfectly|"
    r"great))? (?:on|with|using) (?:the )?(?:previous|older|old|earlier|last) (?:nvidia |gpu )?"
    r"drivers?\b|"
    r"\bwith (?:the )?(?:previous|older|old|earlier) (?:nvidia |gpu )?drivers?\b[^.;!?]{0,40}?"
    r"\b(?:all |everything |it )?(?:worked|was working|ran fine|was fine)\b|"
    # the driver's own release notes: "Fixed a regression that led to Xid errors when loading the
    # NVIDIA driver" (the line must name the driver, as every form here)
    r"^\W*fixed (?:a |an )?regression\b|"
    # the vendor withdrawing a release: "NVIDIA Yanks Latest Forceware Drivers", "Nvidia pulled
    # the Feb 2026 Game Ready/Studio Driver after reports of ...", "Release 196.75 drivers have
    # been temporarily removed from our website" - the version split, made by its maker (not a
    # tool or pod named "nvidia-…", nor a driver image or container pulled from a registry)
    r"\b(?:nvidia|nv)\b(?![-.])[^.;!?/]{0,20}?\b(?:pull(?:s|ed)|yank(?:s|ed)|"
    r"withdr(?:ew|aws|awn)|retract(?:s|ed))(?: [\w'/.,-]+){0,6} drivers?\b"
    r"(?![ -](?:images?|containers?|pods?)\b)|"
    r"\bdrivers? (?:has|have) been (?:temporarily )?(?:pulled|withdrawn|retracted|"
    r"removed from (?:the|its|our) (?:web ?site|site|downloads?))|"
    # the rollback given as the fix: "to anyone wanting to fix this temporarily at least: roll
    # back drivers to latest in 525xx branch", "workaround: downgrade the driver to 535"
    r"\b(?:to (?:fix|work ?around|get around|solve)|workaround|work-around)\b[^.;!?]{0,40}?"
    r"\b(?:roll\w* back|roll-?back|downgrad\w*|revert\w*|go back|went back) (?:the |your |my )?"
    r"(?:nvidia |gpu )?drivers? to (?:the )?(?:(?:latest|last|newest) (?:in|of|from) (?:the )?|"
    r"version |release |branch )?" + _VERSION + r"|"
    # "a regression between the Nvidia proprietary driver versions 530 and 535"
    r"\bregression (?:between|from|since|after) "
    + _ON_TO
    + r"\bdrivers?(?: versions?)? ?"
    + _VERSION,
    re.IGNORECASE,
)
# the driver named, or a version only a driver has: "Only reverting back to 397.31 fixes this"
_NAMES_DRIVER = re.compile(
    r"\bdrivers?\b|\bnvidia-(?:driver-)?\d{3}\b|драйвер|驱动|ドライバ|" + DRIVER_VERSION,
    re.IGNORECASE,
)
# "try downgrading your driver", "you should roll back", "fails loud if the driver breaks":
# advice or a condition, not what happened
_NOT_SO = re.compile(
    r"\b(?:try|trying|please|should|could|can you|could you|you may|recommend\w*|suggest\w*|"
    r"consider|make sure|if|when|whenever|in case|unless)\b|如果|假如",
    re.IGNORECASE,
)
# a denial inside a closed parenthesis ("(e.g. does not occur with Turing cards) and is a
# regression") is over before the words
_DENIED_BEFORE = re.compile(
    r"(?:\bno|\bnot|\bnever|\bwithout|" + NOT_SUFFIX + r")\b[^.;,!?)]*$", re.IGNORECASE
)
_DENIED_WITHIN = re.compile(
    r"\bnot\b|(?:" + NOT_SUFFIX + r")\b|\bnever\b|\bno\b|\bnothing\b", re.IGNORECASE
)
# "depending on the driver version it may report the usage elsewhere": what may happen
_MAYBE_AFTER = re.compile(r"^,? (?:it |this |that |they )?(?:may|might|can|could)\b", re.IGNORECASE)
_HEDGES = Hedges(
    before=(_NOT_SO, _DENIED_BEFORE),
    within=(_NOT_SO, _DENIED_WITHIN),
    after=(QUESTION_AFTER, _MAYBE_AFTER),
    window=48,
)

# a driver's version said not to work: "576.80 does not work with CMP 170HX", "Driver 410.104
# doesn't work" (the version split said of the failing side; its negation is the statement, so
# only advice, a condition or a question takes it back: "If 576.80 does not work, try 572.83").
# Not with the GPUs a release does not support, which is the support matrix ("560.31 does not
# work with GPUs not supported by open nvidia.ko"), nor with a CUDA or framework release, which
# is a driver too old for the toolkit ("470.82 does not work with CUDA 12.1")
_VERSION_FAILS = re.compile(
    DRIVER_VERSION + r" (?:does not|doesn't|did not|didn't|won't|will not) work\b"
    r"(?! with (?:\w+ ){0,2}(?:gpus?|cards?|boards?) (?:that are )?(?:not |un)supported)"
    r"(?! with (?:the )?(?:cuda|cudnn|toolkit|pytorch|torch|tensorflow|jax)\b)",
    re.IGNORECASE,
)
_ASKED = Hedges(before=(_NOT_SO,), after=(QUESTION_AFTER,), window=48)

# Markdown's emphasis and code marks around a version ("to **580**", "`550.x`") are no words
_MARKUP = re.compile(r"[`*]+")

# Every form above needs the driver named: a substring test first keeps the cost on a job's log
# lines, which do not, to one lower() and a scan.
_ANCHORS = (
    *("driver", "nvidia-", "драйвер", "驱动", "ドライバ", "revert", "back", "downgrad"),
    # a step between two versions (_STEP), "Nvidia 590 ➡️ 595": "->" also lets in NCCL's ring
    # lines ("Channel 00 : 0[0] -> 1[1]"), a few microseconds each before the regex finds nothing
    *("->", "→", "➡", "=>", "⇒"),
)


def says_driver_regression(line: str) -> bool:
    """Whether ``line`` pins the fault on a driver version (and is no advice or denial)."""
    words = _MARKUP.sub("", line)
    low = words.lower()
    if (
        any(anchor in low for anchor in _ANCHORS)
        and _NAMES_DRIVER.search(words) is not None
        and _HEDGES.any_said(DRIVER_REGRESSION.finditer(words), words)
    ):
        return True
    if _ASKED.any_said(_VERSION_FAILS.finditer(words), words):
        return True
    # a release named as the one that regressed, on a line about the driver, the kernel or the
    # GPU's firmware: "the first bad commit is … drm/nouveau/gsp", "regression introduced in
    # 390.12"
    return names_lower_stack(line) and release_regression_said(line)
