"""Words that the fault began after the node's driver was updated: "Crash after updating the
nvidia drivers", "System crashes after updating to nvidia driver 470.86", "After updating my
NVidia graphic driver, my game doesn't launch anymore", "With new NVIDIA Graphics driver 560.94,
CUDA-Q programs fail to run", "since the last driver update the training hangs".

That is the onset test of the driver-regression card told by the writer ("onset aligns with the
rollout (changes.recent) node by node": ``knowledge/cards/driver-regression-fleetwide.md``), the
words' form of ``recent_driver_change``. It is weaker than a rollback that cured the fault
(:mod:`telemetry.driver_regression_words`): an update that left the kernel module and the
user-space libraries apart until a reboot fails the same way (``driver-cuda-mismatch``), and a
new driver may drop a GPU it no longer supports (``gpu-init-failed-probe``), so the cards weigh
it as a shared or chain finding, not as a signature. :mod:`telemetry.job_log` keeps a
``driver_update_reported`` signature beside the line; the SRE agent reads it as the finding of
that name.

Deliberately narrow: the update and a failure must sit in one clause; a first install ("after
installing the driver") is a set-up, not a change of a working node; an update that cured the
fault ("after updating the driver it works"), one that did not change it ("still fails even
after updating the driver", "persisted after the update"), advice ("try updating the driver"), a
condition ("if it crashes after the update") and a question are not the statement, and neither is
a GPU no longer seen at all (the mismatch's own readers take it). Pure; every expression is linear
in the line (the qualifier runs are bounded).
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import DENIED_BEFORE, QUESTION_AFTER, Hedges, advice_before
from gpufleet.telemetry.release_regression_words import DRIVER_VERSION

DRIVER_UPDATE_REPORTED = "driver_update_reported"  # the signature kind and the SRE finding

# the driver as people name it: "the nvidia drivers", "NVIDIA kernel driver", "the latest Studio
# driver", the package "nvidia-driver-535" (a qualifier run is bounded: two repeats that take the
# same words would try every split of a long run of them)
_DRIVER = (
    r"(?:(?:nvidia|gpu|graphics?|display|geforce|cuda|video|kernel|studio) ){0,3}"
    r"(?:drivers?\b|nvidia-driver(?:-\d{3})?(?:-open|-server)?\b)"
)
_VERSION = r"(?:v|version |r)?\d{3}(?:\.\d{1,3}){0,2}\b"
# a number alone is a driver's version only as one a driver has (release_regression_words'
# DRIVER_VERSION: "to 550.54.15") or named as one ("to the 555 driver"): "upgrading to 128 GB RAM"
# is no driver
_BARE_VERSION = DRIVER_VERSION + r"|\d{3}(?= (?:nvidia |gpu )?drivers?\b)"
# the update itself: "updating the nvidia drivers", "upgrading from driver 535 to 550", "updating to
# 550.54.15", "a recent update of the NVIDIA driver", "the latest driver update", "the nvidia driver
# was updated to 560" (not "the driver update guide")
_UPDATED = (
    r"(?:updat|upgrad)(?:e|ed|es|ing)\b (?:(?:to|the|my|our|all|from) ){0,3}"
    r"(?:(?:new|newer|newest|latest|recent) )?"
    + _DRIVER
    + r"(?: (?:from |to )?"
    + _VERSION
    + r"){0,2}|"
    r"(?:updat|upgrad)(?:e|ed|ing)\b (?:to )?(?:the )?(?:" + _BARE_VERSION + r")|"
    r"(?:(?:recent|latest|last) )?(?:update|upgrade) of (?:the |my |our )?"
    + _DRIVER
    + r"|(?:(?:the|a|my|our|last|latest|most|recent) ){0,3}(?:"
    + _VERSION
    + r" )?"
    + _DRIVER
    + r"(?: (?:was |got |has been |had been )?(?:auto-?)?(?:updated|upgraded)\b|"
    r" (?:update|upgrade)s?\b(?! (?:guide|instructions?|page|tool|utility|notes?|notifications?|"
    r"process|script|button|app|prompt|available)\b))"
)
# what failed: a program that crashes, hangs, slows or stops working. A GPU no longer seen at all
# ("not detected", "cannot find the GPU", NVML's errors) is left out: CUDA or NVML that cannot
# start after an upgrade is the driver's parts out of step (the regression card's own rules_out,
# driver-cuda-mismatch), which the mismatch's own readers take
_FAILED = (
    r"(?:crash\w*|fail\w*|hang\w*|hung|freez\w*|froze\w*|stutter\w*|unstable|slow(?:er|s|ed)?\b|"
    r"black ?screen\w*|broke\w*|lag\w*|drops?\b|dropped|degrad\w*|"
    r"stopp?(?:ed|s)? working|no longer (?:work|launch|start|run|boot)\w*|"
    r"(?:does ?n[o']t|doesnt|won'?t|can'?t|cannot|could ?n[o']t|is ?n[o']t|are ?n[o']t) "
    r"(?:work|launch|start|run|boot)\w*)"
)
# the rest of the clause: a version's or a file's own dots ("570.86.15", "torch.compile") are no
# sentence end
_CLAUSE = r"(?:[^.;!?]|\.(?=\w)){0,80}?"
DRIVER_UPDATE = re.compile(
    # the failure first: "Crash after updating the nvidia drivers", "Ollama ran very slow after I
    # upgraded my Nvidia GPU driver", "unstable since the latest driver update"
    r"\b"
    + _FAILED
    + _CLAUSE
    + r"\b(?:after|since|following) (?:i |we |an? |the )?(?:"
    + _UPDATED
    + r")|"
    # the update first: "After updating my NVidia graphic driver, my game doesn't launch anymore",
    # "After upgrading NVIDIA driver to 536, inference performance drop down 28%", "since the
    # driver update the training hangs"
    r"\b(?:after|since|following|ever since) (?:i |we |an? |the )?(?:"
    + _UPDATED
    + r")"
    + _CLAUSE
    + r"\b"
    + _FAILED
    + r"|"
    # the update told as what was done, the failure since: "I updated the driver to 551.23 and now
    # the game crashes at launch"
    r"\b(?:"
    + _UPDATED
    + r"),? (?:and )?(?:now|since then|ever since)\b"
    + _CLAUSE
    + r"\b"
    + _FAILED
    + r"|"
    # "With new NVIDIA Graphics driver 560.94, CUDA-Q programs fail to run" (a version must be
    # named, and the driver new: "with the latest driver" is as often an issue template's check)
    r"\bwith (?:the )?(?:new|newer|newest) "
    + _DRIVER
    + r" ?"
    + _VERSION
    + _CLAUSE
    + r"\b"
    + _FAILED,
    re.IGNORECASE,
)
_FAULT_WORD = r"(?:crash|hang|hung|freez|froze|fail|stutter|lag|error|slow|black ?screen)\w*"
# inside the words: an update that cured it or changed nothing ("after updating the driver it
# works again", "the issue persisted even after updating the driver", "same error after …", "the
# crashes stopped after …"), a failure denied ("no crashes since the driver update", "doesn't hang
# anymore"), a condition on what follows ("… otherwise nvidia-smi fails", "isn't possible")
_NOT_THE_ONSET = re.compile(
    r"\b(?:fix\w*|solv\w*|resolv(?:ed|es|ing)\b|works? (?:again|fine|now|normally)|persist\w*|"
    r"still|even|remain\w*|no (?:more )?(?:crash|error|problem|issue)\w*|gone|same|also|before|"
    r"otherwise|stopped(?! working)|disappear\w*|went away|vanish\w*|"
    r"(?:can'?t|cannot|unable to|not) reproduce|"
    r"(?:is ?n[o']t|not) (?:possible|an option|allowed|feasible)|"
    r"no longer (?:happen|occur|appear)\w*|(?:not|never|no longer|without|zero)(?: \w+){0,3}? "
    + _FAULT_WORD
    + r")|(?:n't|\b\w+nt) (?:\w+ ){0,2}?"
    + _FAULT_WORD
    + r"|\bor (?:else|you)\b",
    re.IGNORECASE,
)
# after the words: the failure went away, or it was there before too ("… the crashes stopped", "…
# the black screen issue went away", "… it crashes after updating the driver too")
_CURED_AFTER = re.compile(
    r"^[^.;!?]{0,60}?\b(?:stopped|disappeared|went away|vanished|(?:is|are|was|were) gone|"
    r"(?:is|are|was|were) (?:fixed|solved|resolved)|no longer (?:happen|occur|appear)\w*|"
    r"(?:can|could|may|might) (?:\w+ )?be (?:fixed|solved|resolved|avoided)|too|as well|"
    r"everything (?:is |works? )?(?:fine|ok|good|normal)|all good|"
    r"works? (?:fine|again|now|normally))\b",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(
        advice_before(
            "should",
            "to avoid",
            "need to",
            "have to",
            "must",
            "remember",
            "forget",
            "doubt",
            "not sure",
        ),
        # the fault unchanged or there before, a test on a fresh install ("also tried with …",
        # "tested with the newest driver", "a clean install with …")
        re.compile(
            r"\b(?:even|still|already|also|same|used to|tri(?:ed|es)|test(?:ed|ing)|fresh|clean)\b"
            r"[^.;!?]*$",
            re.IGNORECASE,
        ),
        DENIED_BEFORE,
    ),
    within=(_NOT_THE_ONSET,),
    after=(QUESTION_AFTER, _CURED_AFTER),
    window=48,
)

# Every form holds "driver" and one of these (lower case): a substring test keeps the cost on a
# job's log lines, which hold none, to one lower() and a scan.
_ANCHORS = ("updat", "upgrad", "with the new", "with new")


def says_driver_update(line: str) -> bool:
    """Whether ``line`` says the fault began after the node's driver was updated (and is no
    advice, condition, question, cure or unchanged fault)."""
    low = line.lower()
    if "driver" not in low or not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(DRIVER_UPDATE.finditer(line), line)
