"""A person's words that the site's cooling failed: "a chilled water cooling failure forced an
emergency shutdown", "both HVAC units were down", "the chillers could not keep up in the
heatwave", "all three air conditioning units shut down", "the server room temperature rose to
40 °C", "cooling issues took down a cluster".

That is the facility-cooling mode (``high-inlet-ambient`` for a room or a hall, ``rack-cooling-
failure`` for one rack's rear door, in-row cooler or CDU): the GPUs heat because the air or the
water that cools them is too warm, not because of a part of the node (ASHRAE TC 9.9 thermal
guidelines: supply air at 18-27 °C; NVIDIA DGX site preparation guides: the facility's cooling
and its water loop are the site's). The nodes then throttle, trip their thermal shutdown or are
switched off by the site, and a report of it often says "the nodes went down" beside the cause
(:mod:`telemetry.host_down_words` reads that); the cause is the facility, and the fix is the
facilities team's, with the GPUs' power capped meanwhile. This module recognises the words one
line at a time (:mod:`telemetry.job_log` keeps a ``facility_cooling_reported`` signature beside
the line; the SRE agent reads it as the finding of that name).

Deliberately narrow: a facility's cooling plant named (chiller, chilled water, cooling tower,
CRAC / CRAH, HVAC, air conditioning, the data centre's, machine room's or building's cooling, a
rack's CDU or rear-door exchanger) with a failure, or the room's own temperature said to rise. A
GPU's, a laptop's or a card's cooling (a fan, a heatsink, a cooling pad) is another mode; advice,
a condition ("if the chiller fails"), a question, a denial and planned work ("the scheduled
chilled water outage") are not the statement. Pure; every expression is linear in the line.
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

FACILITY_COOLING_REPORTED = "facility_cooling_reported"  # the signature kind and the SRE finding

_ROOM = (
    r"(?:data ?cent(?:er|re)s?|datacent(?:er|re)s?|machine ?rooms?|server ?rooms?|"
    r"computer ?rooms?|data ?halls?|facilit(?:y|ies)|building|campus|site|room|hall|colo)"
)
_PLANT = (
    r"(?:chillers?|chilled[- ]water(?: (?:loop|plant|system|supply))?|cooling towers?|cracs?|"
    r"crahs?|hvac(?: units?| systems?)?|air[- ]condition(?:ing|ers?)(?: units?| systems?)?|"
    r"a/?c units?|cdus?|coolant distribution units?|rear[- ]door (?:heat exchangers?|coolers?)|"
    r"in-?row cool(?:ers?|ing)|" + _ROOM + r"(?:'s)? (?:cooling|air[- ]conditioning|hvac)"
    r"(?: (?:system|plant|units?|infrastructure|loop))?|cooling (?:plant|infrastructure))"
)
_FAILED = (
    r"(?:fail(?:ed|s|ure|ures|ing)?|faults?|faulty|outages?|(?:went|go(?:es)?|was|were|is|are) "
    r"(?:down|offline|out)|lost|loss|broke(?:n)?(?: down)?|shut(?:s)? (?:down|off)|tripp?(?:ed|s)?|"
    r"stopped|malfunction\w*|not (?:working|running|keeping up)|could(?: not|n't) keep up|"
    r"(?:issues?|problems?)|insufficient|inadequate|overwhelmed|died|dead)"
)
# a room too hot for the equipment in it: 30 °C and up (ASHRAE's recommended inlet ends at
# 27 °C), 86 °F and up, with the unit written ("the room was at 22C" is a normal room)
_HOT = (
    r"(?:about |around |nearly |almost |over |above )?(?:(?:[3-9]\d|1\d\d)(?:\.\d)? ?"
    r"(?:°|deg(?:rees?)? ?)?(?:c|celsius)|(?:8[6-9]|9\d|1\d\d)(?:\.\d)? ?(?:°|deg(?:rees?)? ?)?"
    r"(?:f|fahrenheit))\b"
)
# rising is itself the complaint; a level ("reached", "above", "at") must be a hot one
_ROOM_HOT = (
    r"(?:rose|rising|risen|climb(?:ed|ing)|soar(?:ed|ing)|spik(?:ed|ing)|"
    r"(?:reach(?:ed|ing)|hit|exceed(?:ed|ing)|(?:was|is|went) (?:above|over|up to|at)|above|over|"
    r"at) (?:to )?" + _HOT + r")"
)

FACILITY_COOLING = re.compile(
    # "the chillers failed", "both HVAC units were down", "a chilled water cooling failure",
    # "the data centre's cooling could not keep up"
    r"\b" + _PLANT + r"\b(?: (?!report\w*\b|show\w*\b|says?\b|said\b|gpus?\b|cards?\b|nodes?\b)"
    r"[\w'/-]+){0,3}? " + _FAILED + r"\b|"
    r"\b" + _PLANT + r" " + _FAILED + r"\b|"
    # "loss of chilled water", "a failure of the CRAC units", "cooling issues took down a
    # cluster" (the room's cooling), "the data center cooling issues"
    r"\b(?:loss|lost|failure|outage|interruption) (?:of|in) (?:the |our |its |all |both )?"
    r"(?:\w+ )?" + _PLANT + r"\b|"
    r"\b" + _ROOM + r" cooling (?:issues?|problems?|failures?|outages?)\b|"
    r"\bcooling (?:issues?|problems?|failures?|outages?) (?:in|at|of) (?:the |our )?"
    + _ROOM
    + r"\b|"
    r"\bcooling (?:issues?|problems?|failures?|outages?)\b[^.;!?]{0,40}\b(?:took|take[sn]?|"
    r"taking|brought|bring(?:s|ing)?) (?:down|offline) (?:the |a |an |our |two |several )?"
    r"(?:clusters?|nodes|racks?|data ?cent\w*|machines|servers|compute)\b|"
    # the room itself hot: "the server room temperature rose to 40 °C", "ambient in the hall
    # reached 35C", "machine room at 34 °C"
    r"\b"
    + _ROOM
    + r"(?:'s)? (?:ambient |air |inlet )?temp(?:erature)?s? (?:\w+ ){0,2}?"
    + _ROOM_HOT
    + r"|"
    r"\b" + _ROOM + r" (?:is |was )?(?:at|reached|hit|above|over) " + _HOT + r"|"
    r"\b(?:ambient|inlet|supply air) temp(?:erature)?s? (?:in|of) (?:the )?" + _ROOM + r" "
    r"(?:\w+ ){0,2}?" + _ROOM_HOT + r"|"
    # the site stopped for it: "Emergency shutdown due to cooling issue", "nodes powered off
    # because of a chiller failure"
    r"\b(?:shut ?downs?|shut(?:ting)? (?:down|off)|outages?|(?:went|taken|powered|switched) "
    r"(?:down|off|offline)|offline)\b[^.;!?]{0,20}?\b(?:due to|because of|caused by|after|from) "
    r"(?:a |an |the |our )?(?:cooling|chiller|hvac|air[- ]conditioning|chilled[- ]water|crac)"
    r"(?: (?!fans?\b|pads?\b|heat ?sinks?\b|pumps?\b)\w+)? (?:issues?|problems?|failures?|faults?|"
    r"outages?|loss|malfunctions?)\b|"
    # the weather beat the plant: "the outside temperature was too high for the chillers"
    r"\btoo (?:hot|high|warm) for (?:the |their |our )?(?:chillers?|"
    r"cooling (?:system|plant|units?)|hvac|air[- ]condition\w*)\b|"
    # the weather beat the plant: "a heatwave … too hot for the chillers"
    r"\bheat ?waves?\b[^.;!?]{0,60}\b(?:chillers?|cooling (?:system|plant|units?)|"
    r"air[- ]condition\w*|hvac)\b",
    re.IGNORECASE,
)
# "if the chiller fails", "make sure the CRAC units are monitored", "probably the AC": advice, a
# guess or a condition
_NOT_SO = advice_before("should", "probably", "likely", r"suspect\w*", r"wonder\w*")
# planned work is another mode (maintenance-drain): "the scheduled chilled water outage", "we will
# be able to maintain core services during the chilled water outage"
_PLANNED_BEFORE = re.compile(
    r"\b(?:scheduled|planned|maintenance|upcoming|will be)\b[^.;!?]*$", re.IGNORECASE
)
# "the chillers were not the problem" (the plant's own "not working" / "could not keep up" is
# the statement)
_DENIED_WITHIN = re.compile(
    r"\b(?:never|no)\b|\bnot\b(?! (?:working|running|keeping up|keep up))|(?<!could)n't\b", re.I
)
_PLANNED_WITHIN = re.compile(r"\b(?:scheduled|planned|maintenance)\b", re.IGNORECASE)
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE, _PLANNED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER),
    within=(_DENIED_WITHIN, _PLANNED_WITHIN),
    window=64,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "chill", "cooling tower", "crac", "crah", "hvac", "air condition", "air-condition", "a/c",
    "ac unit", "cdu", "coolant distribution", "rear door", "rear-door", "in-row", "inrow",
    "cooling", "temp", "heatwave", "heat wave", "room", "hall",
)  # fmt: skip


def says_facility_cooling(line: str) -> bool:
    """Whether ``line`` says the site's cooling failed or the room itself got hot (and is no
    advice, condition, question or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(FACILITY_COOLING.finditer(line), line)
