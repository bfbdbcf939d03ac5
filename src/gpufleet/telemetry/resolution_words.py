"""A thread's resolution in its writer's words: "it turned out to be a power problem causing PCI
BUS instability", "the issue was the riser", "fixed by reseating the card", "this was caused by
the 545 driver", "Solution: disable IOMMU", "works now after swapping the PSU", 原因是电源不足.

A person's report is read from its head (:mod:`telemetry.unread_text`): the title and first
lines say what went wrong, and the text embedding that ranks the failure modes reads only its
first 256 tokens (:mod:`knowledge.embedding`). A thread's resolution comes last, after the
guesses: the line that names what the fault was is the one line most like the failure mode's
own prose, and it is the line the head leaves out. This module recognises such lines one at a
time, so that the excerpt a text is ranked by can carry them near its top.

Any failure mode's resolution, not one card's: the words say only that a cause was found or a
fix worked, and the cards' prose decides which mode they name. A question, a condition, a wish
or a cure denied is no resolution ("did updating the driver fix it?", "if it is caused by the
PSU", "reinstalling the driver didn't fix it", "still not solved"). Pure; linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_AFTER,
    NOT_SUFFIX,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

# "the issue was" is the verdict only when what follows names something: not the description
# of the fault ("the issue was happening every run", "the crash was reproducible", "Error was:
# CUDA out of memory", "the bug was introduced in 535")
_NAMED_NEXT = (
    r"(?!\s*:| (?:not|never|still|also|just|only|reproducible|intermittent|random|introduced|"
    r"raised|reported|there|gone|back|first|found|seen|shown|thrown|hit|\w+ing|\w+ed)\b)"
)
# a cure's own context: "fixed it", "fixed by", "solved after", "resolved now", "fixed in 550"
# (not "Resolved 152 packages", "Using fixed seed 42", "fixed-size buffers")
_CURE_NEXT = (
    r"(?= (?:it|this|that|the (?:problem|issue|error|crash|hang|freeze)|my|our|by|after|with|"
    r"now|in (?:v?\d|the|driver|version|release)|for (?:me|us)|when|once|since)\b)"
)

RESOLUTION = re.compile(
    # the cause found: "it turned out to be", "the root cause was", "was caused by", "is due to"
    r"\bturn(?:ed|s) out\b|\b(?:root )?causes? (?:was|were|seems to be|appears to be|"
    r"ended up being)\b" + _NAMED_NEXT + r"|"
    r"\b(?:was|were|is|are) (?:caused by|due to|because of)\b|"
    r"\b(?:problem|issue|culprit|reason|bug|fault|crash(?:es)?|error|hang)s? (?:was|were)\b"
    + _NAMED_NEXT
    + r"|\b(?:was|were) the (?:problem|issue|culprit|cause|reason)\b|"
    # the cure: "fixed by", "solved it", "it is resolved now", "[SOLVED]", "the fix was"
    r"\b(?:fixed|solved|resolved|cured)\b" + _CURE_NEXT + r"|"
    r"\b(?:is|was|were|are|been|got|now) (?:fixed|solved|resolved|cured)\b|"
    r"[\[(](?:solved|fixed|resolved)[\])]|"
    r"\b(?:the )?(?:fix|solution|workaround|remedy) (?:was|is)\b|"
    r"\b(?:solution|workaround|remedy|root cause)\s*:(?!\s*(?:none|n/?a|unknown|tbd|no|nothing)?"
    r"\W*$)|"
    r"\bworks? (?:fine |perfectly |properly |again )?now\b|\bworks? again\b|"
    r"\bworking (?:fine |perfectly |properly |again )?now\b|"
    r"\bno (?:more|longer) (?:any )?(?:crash(?:es)?|errors?|issues?|problems?|hangs?|freez\w*|"
    r"xids?|reboots?)\b|"
    r"\bthat (?:did|does) (?:it|the trick)\b|\bmy (?:bad|fault|mistake)\b|"
    # Chinese, Japanese, Russian: 原因是, 问题解决了, 原因は, 解決しました, причина была, помогло
    r"原因(?:是|在于|找到)|(?:已经?|终于)解决|解决了|问题(?:出在|在于)|原因は|解決(?:しました|した)|"
    r"\bпричин\w* (?:был\w*|в том)|\bпомогл[оа]\b|\bрешил[аи]? (?:проблему|это|вопрос)|"
    r"\bрешено\b|\bпроблема решена\b",
    re.IGNORECASE,
)

# "reinstalling the driver didn't fix it", "still not solved", "has not been fixed", "the cause
# was never found"; in Russian and Chinese the denial stands right before: не помогло, 没有解决
_DENIED_BEFORE = re.compile(
    rf"(?:\bnot|\bnever|\bno|{NOT_SUFFIX}|\bstill|\bwithout|\bnothing)\b[^.;,!?]{{0,24}}$|"
    r"\bне\s*$|(?:没有?|未|还没|尚未|不)\s*$",
    re.IGNORECASE,
)
# what comes after takes it back: "the problem was not the PSU", "the cause is still unknown"
_UNSAID_AFTER = re.compile(
    r"^[^.;!?]{0,16}\b(?:unknown|unclear|not (?:yet )?(?:known|found|clear))\b|"
    r"^\s*(?:still|never)\b",
    re.IGNORECASE,
)
# advice, a guess, a wish or what is still to come: "I think the issue was the PSU", "this
# should be fixed in the next release", "**Possible solution:**"
_NOT_YET = advice_before(
    "hope", r"wonder\w*", "want", "wish", r"needs? to be", "should", "will", "would", "must",
    "has to", "to be", "probably", "think", "guess", "possible", "potential",
)  # fmt: skip
_HEDGES = Hedges(
    before=(_NOT_YET, _DENIED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _UNSAID_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold almost none of them, to one lower() and a few scans.
_ANCHORS = (
    "turned out", "turns out", "cause", "due to", "because of", "was ", "were ", "fixed",
    "solved", "resolved", "cured", "solution", "workaround", "remedy", "fix was", "fix is",
    " works", " working", "no more", "no longer", "that did", "that does", "my bad", "my fault",
    "my mistake", "原因", "解决", "问题", "解決", "причин", "помогл", "решил", "решен",
)  # fmt: skip


def states_resolution(line: str) -> bool:
    """Whether ``line`` says what the fault turned out to be or what fixed it (and is no
    question, condition, wish or denial)."""
    low = " " + line.lower()  # " works" at the line's start too, never "network"
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(RESOLUTION.finditer(line), line)
