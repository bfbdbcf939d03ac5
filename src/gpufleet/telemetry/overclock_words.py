"""Words that pin the fault on an overclock: "the problem was due to overclocking the gpus",
"I lowered my overclock settings and it works fine", "Fatal error on CUDA is always related to
excessive overclocking", "reduce your mem clock", "removed the OC and it is stable", "超频导致",
"убрал разгон".

A GPU clocked past what its silicon or memory holds at its voltage computes wrong: a shader or
copy engine faults (Xid 13 graphics exception, Xid 31 MMU fault on a corrupted address), the
kernel dies with "unspecified launch failure" or "an illegal instruction was encountered", a
miner's DAG fails to verify. Maintainers answer those reports with the same test
(ethereum-mining/ethminer#596: "lower your OC settings" for "CUDA error in func
'ethash_cuda_miner::search' … unspecified launch failure"; #94: "+650 on memory clocks … lowered
it … and error went away"): going back to stock clocks cures the fault. The Xid catalog says
nothing about clocks; the mode such faults are filed under here is the GPU's own graphics
exception (``xid-13-graphics-exception``: an application bug or the GPU's hardware, RESTART_APP),
the maintainers' reading in those threads. A report rarely has the clock readings; it says so
in words. :mod:`telemetry.job_log` keeps an ``overclock_reported`` signature beside the line;
the SRE agent reads it as the finding of that name.

Deliberately narrow: a product name carries "OC" ("ASUS ROG Strix RTX 3080 OC", "PNY ARGB OC
5090"), so "OC" counts only beside the words that make it a setting (settings, offsets, clocks,
"reduce", "remove", "unstable"), and "overclock" only where it is named as the cause or where
going back on it cured the fault. Clocks lowered for heat or power ("lower the clocks to cut the
power draw") say nothing about an overclock. A denial ("not overclocked", "no OC", "stock
clocks, no overclock") or a question is not the statement. The fix said as advice ("reduce the
OC… that's the problem", "you have to dial your clocks back down") is kept: the answer a thread
gives to an overclocked rig is the statement the rig's owner acts on. Pure; every expression is
linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import DENIED_AFTER, DENIED_BEFORE, QUESTION_AFTER, Hedges

OVERCLOCK_REPORTED = "overclock_reported"  # the signature kind and the SRE finding

# the overclock itself: "overclock", "overclocking", "over-clocked", "the OC", "OC settings",
# "memory OC", "core OC", "mem oc", "+1000 memory offset"
_OC = (
    r"(?:over-?clock\w*|(?:(?:memory|mem|core|gpu|vram|high|aggressive|heavy|unstable|bad|"
    r"your|my|the|his|their) )oc\b|\boc (?:settings?|values?|profiles?|offsets?)\b|"
    r"(?:memory|mem|core|gpu|vram) clock offsets?)"
)
_BACK = (
    r"(?:lower\w*|reduc\w*|remov\w*|revert\w*|disabl\w*|dial\w* (?:it |them |your clocks |"
    r"the clocks )?(?:back|down)|drop\w*|decreas\w*|turn\w* (?:off|down)|reset\w*|undo\w*|"
    r"back(?:ed)? off|went back|go back|rolled back|toned down|took off|taking off)"
)

OVERCLOCK = re.compile(
    # named as the cause: "the problem was due to overclocking the gpus", "caused by an unstable
    # overclock", "always related to excessive overclocking", "an overclock issue"
    r"\b(?:due to|because(?: of)?|caused by|related to|result of|from|blame|culprit (?:is|was)|"
    r"(?:problem|issue|cause|reason|culprit) (?:is|was|were)) (?:an? |the |my |your |too )?"
    r"(?:\w+ ){0,2}?" + _OC + r"|"
    r"\b" + _OC + r" (?:issues?|problems?|instability|errors?|crash\w*)\b|"
    # what it does: "overclocking makes the GPU fetch wrong data", "the OC corrupted the DAG"
    r"\bover-?clock\w* (?:makes|made|causes|caused|corrupts|corrupted|breaks|broke)\b|"
    # "unstable overclock", "excessive overclocking", "too high OC", "Bad overclock"
    # ("high memory OC needs more cooling" is a setting's size, not a fault's cause)
    r"\b(?:unstable|excessive|aggressive|too (?:high|much|aggressive)|bad|extreme)"
    r" (?:memory |mem |core |gpu )?(?:over-?clock\w*|oc\b)|"
    # "the overclock is unstable", "memory OC it is too high", "OC was too high"
    r"\b" + _OC + r" (?:(?:it|that) )?(?:is|was|were|are) (?:\w+ )?(?:unstable|too (?:high|much|"
    r"aggressive|far)|the (?:problem|issue|cause|culprit))\b|"
    # the cure: "I lowered my overclock settings and it works fine", "fixed it by lowering core
    # OC", "removing the overclock settings", "reduce your mem clock", "lower the memory clock"
    r"\b" + _BACK + r" (?:\w+ ){0,3}?" + _OC + r"|"
    # ("you" as people type "your")
    # "try running it with lower memory/or gpu speeds" (the memory's or core's, not the GPU's
    # alone: clocks lowered for heat or power name the GPU)
    r"\b" + _BACK + r" (?:the |your |you |my |his |all )?(?:memory|mem|core|vram)"
    r"(?: ?/ ?(?:or |and )?(?:gpu|core|memory|mem))? (?:clocks?|speeds?|frequenc\w*)\b|"
    r"\b(?:with|at|using|run\w*) (?:a |the )?(?:lower|reduced|lowered) (?:memory|mem|core|vram)"
    r"(?: ?/ ?(?:or |and )?(?:gpu|core|memory|mem))? (?:clocks?|speeds?|frequenc\w*)\b|"
    r"\b" + _OC + r"(?: \w+){0,2} (?:removed|lowered|reduced|reverted|reset|disabled|"
    r"dialed back|dialled back|backed off)\b|"
    # back to stock: "at stock clocks it runs for days", "after resetting to stock clocks"
    r"\b(?:at|to|on|back to|with) (?:the )?(?:stock|default|factory) (?:clocks?|"
    r"frequenc\w+)\b(?:[^.;!?]{0,40}\b(?:works?|worked|stable|runs?|ran|fine|no (?:more )?"
    r"(?:errors?|crash\w*)))|"
    # Chinese 超频导致 / 降低超频 / 取消超频; Japanese オーバークロック(が原因|を戻); Korean
    # 오버클럭 (때문|원인); Russian "из-за разгона", "убрал разгон"; German "Übertaktung"
    r"超频(?:导致|引起|造成|的问题|不稳定|过高)|(?:降低|取消|去掉|关闭|恢复)\S{0,4}超频|"
    r"オーバークロック(?:が原因|のせい|を(?:戻|解除|やめ))|오버클럭\S{0,4}(?:때문|원인|문제)|"
    r"(?:из-за|причина в) разгон\w*|(?:убрал|снял|сбросил|отключил)\w* разгон\w*|"
    r"übertakt\w* (?:war|ist) (?:das problem|schuld)|(?:wegen|durch) (?:die |der )?übertakt\w*",
    re.IGNORECASE,
)
# "not overclocked", "no overclock", "without any OC", "I don't overclock": denied in the words
# ("no" is left to the words before: "at stock clocks there are no more errors" is the cure)
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bnever\b|\bwithout\b", re.IGNORECASE)
# "if I disable the overclock", "tried to reduce my OC many times": a condition, or a cure that
# was tried (and did not take: "I have lowered my overclocks to 0 on all cards, still errors")
# "Typically that's either an overclock issue … or your rig is not supplying enough power", "most
# likely caused by overclock or some hardware problem": one guess among others
_GUESS_BEFORE = re.compile(
    r"\b(?:either|typically|usually|most likely|likely|probably|maybe|might|possibly|perhaps|"
    r"could be|can be|suspect\w*)\b[^.;!?]*$",
    re.IGNORECASE,
)
_OR_AFTER = re.compile(r"^[^.;!?]{0,60}?\bor (?!even\b)", re.IGNORECASE)
_TRIED_OR_IF = re.compile(
    # ("this happens when the overclock is unstable" names the cause: not a condition)
    r"\b(?:if|(?<!happens )(?<!happen )(?<!occurs )when|whether|unless|tried|trying|attempted)\b"
    r"(?: to)?[^.;,!?]*$",
    re.IGNORECASE,
)
_NO_CURE_AFTER = re.compile(
    r"^[^.;!?]{0,80}\b(?:still|didn'?t help|did not help|no (?:change|difference|luck)|"
    r"same (?:error|result|problem)|persist\w*|remain\w*|keeps? (?:happening|crashing))\b|"
    # "I have lowered my overclocks to 0 on all cards, but it seems to make no difference"
    r"^[^.;!?]{0,40}\bbut (?:it|the|this|that|i|same|errors?|nothing)\b",
    re.IGNORECASE,
)
# NVML's own description of its HW slowdown reason: "reducing the core clocks by a factor of 2";
# clocks lowered for heat or power: "lower the memory clock to reduce heat"
_BY_A_FACTOR = re.compile(
    r"^\s*(?:by a factor\b|(?:\S+ ){0,3}?to (?:reduce|cut|lower|keep|save) (?:the )?(?:heat|"
    r"temp\w*|power|noise|fan)|(?:\S+ ){0,3}?for (?:heat|temp\w*|power|noise))",
    re.IGNORECASE,
)
# clocks lowered as the means of a power cut: "reduce the power limit to lower the core clock"
_POWER_BEFORE = re.compile(r"\bpower (?:limit|cap|target)\b[^.;!?]*\bto\s*$", re.IGNORECASE)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, _TRIED_OR_IF, _GUESS_BEFORE, _POWER_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _NO_CURE_AFTER, _BY_A_FACTOR, _OR_AFTER),
    within=(_DENIED_WITHIN,),
    window=40,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a scan.
# ("oc" is a substring of most lines, "process", "docker", "block": the word is asked for)
_ANCHORS = (
    "overclock", "over-clock", "clock", "speed", "frequen", "stock",
    "超频", "オーバークロック", "오버클럭", "разгон", "übertakt",
)  # fmt: skip
_OC_WORD = re.compile(r"\boc\b", re.IGNORECASE)


def says_overclock(line: str) -> bool:
    """Whether ``line`` pins the fault on an overclock (named as the cause, or going back on it
    cured the fault) and is no denial or question."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) and _OC_WORD.search(line) is None:
        return False
    return _HEDGES.any_said(OVERCLOCK.finditer(line), line)
