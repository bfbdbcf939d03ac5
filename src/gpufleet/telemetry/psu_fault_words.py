"""A person's words that the power supply is what failed: "looks like the problem was the power
supply", "it was a gpu power cable issue", "solved by using a higher watt power supply", "the
connector between the PCIe cable and the PSU burned", "the three 100 A fuses had blown", 电源功率
不足 (the supply's power is not enough).

NVML names the power supply as the source of the power brake (``HwPowerBrakeSlowdown``: "an
external power brake assertion, e.g. by the system power supply") and Intel's ATX 3.0 design guide
gives the reason a supply sized for the GPUs' average still fails them: a GPU's power excursions
reach two to three times its rating. Neither leaves a record a report could quote: the host
slows, resets or switches off (:mod:`telemetry.host_down_words` reads that), and the writer names
the supply once a swap cured it. This module recognises that naming one line at a time
(:mod:`telemetry.job_log` keeps a ``psu_fault_reported`` signature beside the line; the SRE agent
reads it as the finding of the same name).

Deliberately narrow: the supply, its cable or connector, or the feed's fuses must be named as
what failed, what burned or what a swap cured, or written as the verdict that ends a label
("… ==> Bad Power Supply PSU", "Solution: faulty PSU"). Advice ("make sure your PSU can handle
all cards"), a guess ("probably it is related to the PSU"), a list of possible causes, a question
and a denial ("I don't believe the issue is with the PSU") are not. Pure; every expression is
linear in the line.
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

PSU_FAULT_REPORTED = "psu_fault_reported"  # the signature kind and the SRE finding

_PSU = (
    r"(?:psu|power ?supply|power supplies|(?:gpu |pcie |pci-e |pci express |12vhpwr |8-pin |"
    r"16-pin |12-pin )?power (?:cables?|connectors?|leads?|cords?)|pcie cables?|12vhpwr|"
    r"power brick)"
)
_MISFIT = r"(?:faulty |bad |weak |old |broken |defective |dying |failing |cheap |undersized )?"

PSU_FAULT = re.compile(
    # named as the fault: "the problem was the power supply", "it was a gpu power cable issue",
    # "I think I determined this was my PSU", "the culprit turned out to be the PSU"
    r"\b(?:problem|issue|culprit|cause|fault|reason)\b (?:was|is|turned out to be|ended up being)"
    r" (?:with |in )?(?:the |my |a |an |our |his |her |their )?" + _MISFIT + _PSU + r"\b|"
    r"\b(?:it|this|that)(?: all)? (?:was|is|turned out to be) (?:just )?(?:the |my |a |an |our )?"
    + _MISFIT
    + r"(?:"
    + _PSU
    + r"|power delivery)\b|"
    r"\b" + _PSU + r"\b (?:is|was|were|are) (?:\w+ )?(?:dead|died|faulty|defective|failing|fried|"
    r"insufficient|underpowered|undersized|too weak)\b|"
    # the verdict written as a label that ends its clause: a retitled issue's "… ==> Bad Power
    # Supply PSU", "Solution: faulty PSU" (not "Faulty PSU can cause reboots", "Hypothesis: bad
    # PSU", "bad PSU or bad GPU")
    r"(?:[=-]>|\b(?:solution|solved|fix|fixed|resolution|resolved|cause|root cause|culprit|"
    r"verdict|answer|conclusion)\s*[:—–-])\s*(?:a |the |my )?(?:faulty|bad|defective|dying|"
    r"failing|broken|dead|fried) " + _PSU + r"\b(?: \w{2,5})?\s*(?:[.!]|$)|"
    # the cure: "solved by using a higher watt power supply", "swapping the PSU fixed it"
    r"\b(?:solved|fixed|resolved|cured)\b (?:it |this |the (?:problem|issue) )?(?:by|with|after) "
    r"(?:[\w'-]+ ){0,2}(?:a |the |my |an )?(?:higher[- ]watt(?:age)?|bigger|larger|stronger|"
    r"more powerful|new|newer|another|different|second|better|\d{3,4} ?w(?:att)?) " + _PSU + r"\b|"
    r"\b(?:swapp\w*|replac\w*|chang\w*|upgrad\w*) (?:out )?(?:the |my |a |our )?"
    + _MISFIT
    + _PSU
    + r"\b(?: [\w'-]+){0,4} (?:fixed|solved|resolved|cured)\b|"
    # it burned: "the connector between PCIE cable and PSU burned", "power connectors melting"
    # (not the GPU or the card that burned a few words on)
    r"\b(?:psu|power|pcie|pci-e|12vhpwr|12-pin|16-pin|8-pin|fuse box)\b"
    r"(?:(?!\bbut\b|\bgpu\b|\bcard\b)[\w' -]){0,32}?\b"
    r"(?:burn(?:ed|t)|melt(?:ed|ing|s|down)?|scorch\w*|charred)\b|"
    r"\b(?:burn(?:ed|t)|melted|scorched|charred) (?:[\w'-]+ ){0,2}(?:power |pcie |12vhpwr )"
    r"(?:connector|cable|plug|pin)s?\b|"
    # the feed's protection: "the three 100 A fuses had not only blown"
    r"\bfuses?\b(?: [\w'-]+){0,5} (?:blown|blew|tripped)\b|"
    # Chinese 电源功率不足 / 电源坏了 / 换了大功率电源就好了; Japanese 電源容量不足 /
    # 電源を交換したら直った; Russian "блок питания не тянет" (the supply does not pull
    # it), "сгорел блок питания"
    r"电源(?:功率|供电)?(?:不足|不够|坏了|烧了|有问题|的问题)|"
    r"换了?\S{0,6}电源\S{0,8}(?:好了|解决|正常)|"
    r"電源(?:容量)?(?:不足|が原因|の故障)|電源を?交換\S{0,8}(?:直|解決|治)|"
    r"\b(?:блок питания|бп)\b (?:не (?:тянет|вытягивает|справляется)|сгорел|умер)|"
    r"\bсгорел (?:блок питания|бп)\b",
    re.IGNORECASE,
)
# what it could not do: "the PSU could not handle the transient spikes" (its own "not" is the
# statement: this form is read without the others' denial inside the words)
PSU_CANNOT = re.compile(
    r"\b" + _PSU + r"\b (?:could not|couldn't|can't|cannot|can not|was unable to|wasn't able to|"
    r"is unable to) (?:handle|supply|deliver|keep up|cope|power)",
    re.IGNORECASE,
)
# what it was not, said with its own "not": "your PSU isn't powerful enough", "the power supply
# does not have enough wattage" (read, like PSU_CANNOT, without the denial inside the words;
# "powerfull" is how writers often spell it)
PSU_NOT_ENOUGH = re.compile(
    r"\b" + _PSU + r"\b (?:(?:is|was|were|are) (?:not|never)|isn't|wasn't|aren't|weren't) "
    r"(?:\w+ )?(?:strong|powerful|powerfull|big|large|sufficient|adequate|enough)\b|"
    r"\b" + _PSU + r"\b (?:does not|doesn't|did not|didn't) (?:have|provide|deliver|supply) "
    r"enough\b",
    re.IGNORECASE,
)
# "make sure your PSU can handle all cards", "probably it is related to the PSU", "if the PSU is
# weak" (如果 … 的话): advice, a guess or a condition, not what happened
_NOT_SO = advice_before(
    *("should", "probably", "likely", r"suspect\w*", r"wonder\w*", "thinking"),
    r"(?:possible|potential) (?:causes?|reasons?|culprits?|suspects?)",
)
# "I replaced the PSU but that fixed nothing"
_NOTHING_AFTER = re.compile(r"^\s*nothing\b")
# "the PSU was not faulty", "swapping the PSU hasn't fixed it", "the fuse has not blown"
_DENIED_WITHIN = re.compile(r"\bnot\b(?! (?:only|just)\b)|n't\b|\bnever\b|\bnothing\b", re.I)
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _NOTHING_AFTER),
    within=(_DENIED_WITHIN,),
    window=48,
)
_CANNOT_HEDGES = Hedges(before=(_NOT_SO, DENIED_BEFORE), after=(QUESTION_AFTER,), window=48)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("psu", "power", "12vhpwr", "fuse", "pcie cable", "电源", "電源", "питани", "бп")


def says_psu_fault(line: str) -> bool:
    """Whether ``line`` names the power supply, its cable or its feed as what failed (and is no
    advice, guess, question or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return (
        _HEDGES.any_said(PSU_FAULT.finditer(line), line)
        or _CANNOT_HEDGES.any_said(PSU_CANNOT.finditer(line), line)
        or _CANNOT_HEDGES.any_said(PSU_NOT_ENOUGH.finditer(line), line)
    )
