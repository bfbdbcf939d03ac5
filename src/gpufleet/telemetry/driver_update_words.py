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
condition ("if it crashes after the update") and a question are not the statement. Pure; every
expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import QUESTION_AFTER, Hedges, advice_before

DRIVER_UPDATE_REPORTED = "driver_update_reported"  # the signature kind and the SRE finding

_DRIVER = r"(?:(?:nvidia|gpu|graphics?|display|geforce|cuda|video) )*drivers?\b"
_VERSION = r"(?:v|version |r)?\d{3}(?:\.\d{1,3}){0,2}\b"
# the update itself: "updating the nvidia drivers", "upgraded my Nvidia GPU driver", "updating to
# nvidia driver 470.86", "upgrading NVIDIA driver to 536", "the latest driver update"
_UPDATED = (
    r"(?:updat|upgrad)(?:e|ed|es|ing)\b (?:to |the |my |our |all )*(?:(?:new|newer|newest|latest|"
    r"recent) )?" + _DRIVER + r"(?: (?:to )?" + _VERSION + r")?|"
    r"(?:updat|upgrad)(?:e|ed|ing)\b (?:to )?(?:(?:nvidia|the|gpu) )*(?:"
    + _DRIVER
    + r" ?)?"
    + _VERSION
    + r"|(?:the |a |my |last |latest |recent |nvidia |gpu )*"
    + _DRIVER
    + r" (?:update|upgrade)s?\b"
)
# what failed: the forms people use for a node or a program that stopped working
_FAILED = (
    r"(?:crash\w*|fail\w*|hang\w*|hung|freez\w*|froze\w*|stutter\w*|unstable|slow(?:er|s|ed)?\b|"
    r"black ?screen\w*|broke\w*|errors?\b|lag\w*|drops?\b|dropped|degrad\w*|"
    r"stopp?(?:ed|s)? working|no longer (?:work|launch|start|run|boot|detect|load|open|see)\w*|"
    r"(?:does ?n[o']t|doesnt|won'?t|can'?t|cannot|could ?n[o']t|is ?n[o']t|are ?n[o']t) "
    r"(?:work|launch|start|run|boot|detect|load|open|see|find|recogni[sz]e|use)\w*)"
)
_CLAUSE = r"[^.;!?]{0,80}?"
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
    # "With new NVIDIA Graphics driver 560.94, CUDA-Q programs fail to run", "with the latest
    # driver 572.16 the game crashes" (a version must be named: "with the new driver" alone is as
    # often the fix)
    r"\bwith (?:the )?(?:new|newer|newest|latest) "
    + _DRIVER
    + r" ?"
    + _VERSION
    + _CLAUSE
    + r"\b"
    + _FAILED,
    re.IGNORECASE,
)
# an update that cured it or changed nothing: "after updating the driver it works again", "the
# issue persisted even after updating the driver", "still crashes after the driver update"
_NOT_THE_ONSET = re.compile(
    r"\b(?:fix\w*|solv\w*|resolv\w*|works? (?:again|fine|now|normally)|persist\w*|still|even|"
    r"remain\w*|no (?:more )?(?:crash|error|problem|issue)\w*|gone)\b",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(advice_before("should", "to avoid"), re.compile(r"\b(?:even|still)\b[^.;!?]*$", re.I)),
    within=(_NOT_THE_ONSET,),
    after=(QUESTION_AFTER,),
    window=48,
)

# Every form holds one of these (lower case): a substring test keeps the cost on a job's log
# lines, which hold none, to one lower() and a scan.
_ANCHORS = ("updat", "upgrad", "new", "latest")


def says_driver_update(line: str) -> bool:
    """Whether ``line`` says the fault began after the node's driver was updated (and is no
    advice, condition, question, cure or unchanged fault)."""
    low = line.lower()
    if "driver" not in low or not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(DRIVER_UPDATE.finditer(line), line)
