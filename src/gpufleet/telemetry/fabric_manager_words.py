"""A report that the node's Fabric Manager was missing, stopped or out of step with the driver, in
the writer's words: "the multi-card GPU needs to use Fabric Manager to initialize NVLink", "the
nvidia-fabricmanager service was not running", "after installing nvidia-fabricmanager-550 the
jobs start", "fabric manager version mismatch", "fabricmanager 没有启动" (was not started).

On an NVSwitch system (HGX / DGX A100, H100, H200, B200) the Fabric Manager programs the switches'
routing before CUDA may use the GPUs; while it is not running, or refuses to start because its
version is not the loaded driver's, CUDA calls fail with cudaErrorSystemNotReady (802, "system
not yet initialized") although ``nvidia-smi`` lists every GPU (NVIDIA Fabric Manager User Guide,
"Fabric Manager and the NVIDIA driver"; CUDA Runtime API, error types). That is the
``fabric-manager-down`` card. The service's own journal is read elsewhere
(:mod:`telemetry.fabric_manager`); a ticket or a thread says it in words, which this module
recognises one line at a time (:mod:`telemetry.job_log` keeps a
``fabric_manager_down_reported`` signature beside the line; the SRE agent reads it as the finding
of the same name).

Three forms. The service absent or failed ("not installed", "not running", "failed to start",
"inactive", "without the fabric manager"); the service needed ("needs Fabric Manager",
"需要安装 fabric manager"); the cure ("installing / starting / enabling / upgrading the fabric
manager fixed it", "after starting nvidia-fabricmanager"), and its version not the driver's.
Not a denial ("fabric manager is running fine", "it's not the fabric manager"), advice or a
condition ("make sure the fabric manager is running", "if fabric manager fails"), a question, nor
the service named alone (a package list, a unit name). Pure; every expression is linear in the
line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_AFTER,
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

FABRIC_MANAGER_REPORTED = "fabric_manager_down_reported"  # the signature kind and the SRE finding

_FM = r"(?:nvidia[- _]?)?fabric[- _]?manager(?:[- _]\d{3}(?:\.\d{1,3}){0,2})?\b"
_SERVICE = r"(?: (?:service|daemon|package|process))?"
_WAS = r"(?: (?:was|is|were|are|had been|has been|got|gets|had|has))?"
_DOWN = (
    r"(?:not (?:running|installed|started|enabled|loaded|active|present|up)|inactive|failed|"
    r"failing|fails|crash\w*|stopped|down|missing|dead|exited|absent|"
    r"(?:did not|didn't|does not|doesn't|could not|couldn't|cannot|can't|won't|would not) "
    r"(?:start|run|load|come up|initiali[sz]e|be started))\b"
)
_CURE = (
    r"\b(?:fix\w*|solv\w*|resolv\w*|works?|worked|working|helped|did the trick|succeed\w*|"
    r"start(?:s|ed)? (?:normally|fine|working)|(?:is|was|are|were) (?:available|detected|usable))\b"
)
# the words between the act and the cure, with no denial among them ("restart
# nvidia-fabricmanager, but none of these works")
_NO_DENIAL_GAP = r"(?:(?!\b(?:not|none|no|never|nothing)\b|n't\b)[^.;!?]){0,80}"
_ACT = r"(?:install\w*|start\w*|enabl\w*|restart\w*|upgrad\w*|updat\w*|reinstall\w*|run(?:ning)?)"
FABRIC_MANAGER_WORDS = re.compile(
    # "the nvidia-fabricmanager service was not running", "fabric manager failed to start"
    r"\b" + _FM + _SERVICE + _WAS + r" " + _DOWN + r"|"
    # "without the fabric manager", "missing nvidia-fabricmanager", "no fabric manager running"
    r"\b(?:without|missing|lack(?:ing)? of) (?:the |a |any )?" + _FM + r"|"
    r"\bno " + _FM + r"(?: (?:service|daemon|package))? (?:running|installed|started)\b|"
    # "needs to use Fabric Manager", "requires the fabric manager", "needed nvidia-fabricmanager"
    r"\b(?:needs?|needed|requires?|required) (?:to (?:use|install|run|start|enable|have) )?"
    r"(?:the |a )?" + _FM + r"|"
    # "installing the fabric manager fixed it", "after starting nvidia-fabricmanager"
    r"\b"
    + _ACT
    + r" (?:the |a )?(?:matching |correct |right |same[- ]version )?"
    + _FM
    + _NO_DENIAL_GAP
    + _CURE
    + r"|"
    r"\bafter (?:(?:i|we) )?" + _ACT + r" (?:the |a )?(?:matching |correct |right )?" + _FM + r"|"
    # "fabric manager version mismatch", "fabricmanager doesn't match the driver"
    r"\b"
    + _FM
    + r"(?: version)? (?:mismatch\w*|(?:does not|doesn't|did not|didn't) match)|"
    # Chinese: "fabric manager 没有启动", "需要安装 fabricmanager", "启动 fabric manager 后"
    + _FM
    + r" ?(?:服务)?(?:没有|未|没)(?:启动|安装|运行)|"
    r"需要(?:安装|启动|使用)? ?" + _FM + r"|(?:安装|启动)了? ?" + _FM + r" ?(?:后|之后)",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, advice_before("make sure", "ensure", "check", "verify")),
    after=(QUESTION_AFTER, DENIED_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("fabric",)


def says_fabric_manager_down(line: str) -> bool:
    """Whether ``line`` says the node's Fabric Manager was missing, stopped, failed or out of
    step with the driver (or that starting or installing it cured the fault), with no denial,
    advice, condition or question around the words."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(FABRIC_MANAGER_WORDS.finditer(line), line)
