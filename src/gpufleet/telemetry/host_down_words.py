"""A person's words that the host itself stopped: "the server hard-crashes under load", "the whole
machine froze and had to be power-cycled", "the node rebooted itself", "a power outage took the
cluster offline", "UPS batteries exhausted, 221 systems shut down", "got a kernel panic".

That is the silent-node mode (``node-unreachable-node-silent``): a kernel panic or hard lockup,
lost power, or a host that drops off its network stops every agent on it at once, and the
scheduler sets the node DOWN with "Not responding" or "Node unexpectedly rebooted" (Slurm
documentation, node states; ``SlurmdTimeout``, ``ReturnToService``). gpufleet sees it as a node
whose node exporter and GPU series stop together; a ticket, a forum post or a facility notice
says it in words. This module recognises those words one line at a time
(:mod:`telemetry.job_log` keeps a ``host_down_reported`` signature beside the line; the SRE agent
reads it as the finding of the same name).

Deliberately narrow: a word for the host (node, server, machine, workstation, cluster; never the
GPU, the job, the process or the training, whose hang or crash is another mode) followed closely
by a word that it crashed, froze, locked up, went down or offline, stopped answering, or rebooted
or shut down *by itself* (an operator's "I rebooted the server" is an action, not the fault);
a host that lost its network ("the nodes lost network connectivity", "all runners are having
networking issues", "down due to network issues");
a loss of power to the site or the host (an outage, a blackout, an exhausted UPS; not a GPU's
power cap or brake); a kernel panic. Planned work ("scheduled maintenance", "will be shut down")
and a denial ("the machine did not crash", "no kernel panic") are not the statement. Pure; every
expression is linear in the line.
"""

from __future__ import annotations

import re
from functools import lru_cache

from gpufleet.telemetry.hedges import Hedges

HOST_DOWN_REPORTED = "host_down_reported"  # the signature kind and the SRE finding
POWER_TRIP_REPORTED = "host_power_trip_reported"  # the host loses power when the GPUs load

_HOST = (
    r"(?<![-/.])(?:(?:compute |gpu |worker |login )?nodes?|servers?|machines?|hosts?|"
    r"computers?|pcs?|workstations?|desktops?|boxe?s?|clusters?|vms?|rigs?|"
    # a Jetson is the whole computer, board and GPU in one
    r"jetsons?|"
    r"(?:whole|entire|complete|operating) (?:system|os|pc|computer|machine|server|node|rig))"
)
# up to three words between the host and the verb, none of them a negation ("the machine does
# not crash" is a denial) nor a thing on the host that stops by itself ("node 3's job crashed",
# "the server GPU hangs": another mode)
_GAP = (
    r"(?:\s+(?!(?:not|never|no|hardly|didn'?t|doesn'?t|don'?t|won'?t|isn'?t|wasn'?t|jobs?|gpus?|"
    r"process(?:es)?|training|driver|apps?|application|containers?|pods?|services?|daemons?|"
    r"programs?|scripts?|workers?|kernels?|models?)\b)[\w'/().,-]+){0,3}"
)
_BY_ITSELF = (
    r"(?:itself|on (?:its|their) own|spontaneously|unexpectedly|randomly|suddenly|abruptly|"
    r"without warning|by (?:it|them)sel(?:f|ves)|at random)"
)
_STOPPED = (
    # crashed, froze, locked up, died: a host stops
    r"(?:(?:hard[- ])?crash(?:e[sd]|ing)?|hard[- ](?:lock(?:s|ed)?(?: ?up)?|freez\w*|reset)|"
    r"froze|freez(?:es|ing)|(?:is|was|gets?|got|became) frozen|lock(?:s|ed)? up|"
    r"died|dies|(?:is|was|went) dead|"
    # went down / offline / dark, stopped answering
    r"(?:went|goes|go|going|gone|was taken|were taken|taken) (?:down|offline|dark)|"
    r"(?:is|are|was|were|became|becomes|become|went) (?:unresponsive|unreachable|offline)|"
    r"(?:is |are |was |were )?(?:not responding|stopped responding)|"
    # rebooted or shut down by itself (an operator's reboot is an action, not the fault)
    r"(?:reboot|restart|reset|power(?:ed)? (?:off|down|cycle)|shut|turn)\w*(?: down| off)? "
    + _BY_ITSELF
    + r"|"
    + _BY_ITSELF
    + r" (?:reboot|restart|reset|shut|turn|power)\w*(?: down| off)?)"
)

# up to three words between the host and its network loss, none of them a denial
_NET_GAP = (
    r"(?: (?!(?:not|never|no|didn'?t|doesn'?t|don'?t|won'?t|haven'?t|hasn'?t)\b)"
    r"[\w'/().,-]+){0,3}?"
)

HOST_DOWN = re.compile(
    # "the server hard-crashes", "the whole system froze", "node went down", "machine reboots
    # itself", "the PC shuts down under load"
    r"\b" + _HOST + r"\b" + _GAP + r"\s+" + _STOPPED + r"|"
    # "spontaneous reboots", "random reboots", "unexpected shutdown", "hard lockup"; a crash so
    # qualified is the host's only where the host is named ("random system crashes", "the PC
    # started having random crashes"): "the GPU driver randomly crashes" and a bare "Hard crash."
    # are a program's, what reports from games, renderers and notebooks mostly mean
    r"\b(?:spontaneous|random|unexpected|sudden|unplanned|unscheduled|abrupt|hard)"
    r"(?:ly)? (?:(?:system|host|node|server|machine) )?(?:reboot|restart|shutdown|shut-down|"
    r"power[- ]?off|power[- ]?loss|lock-?up|freeze)e?s?\b|"
    r"\b(?:spontaneous|random|unexpected|sudden|unplanned|unscheduled|abrupt|hard)"
    r"(?:ly)? (?:system|host|node|server|machine|os|pc|computer) crash(?:es)?\b|"
    r"\b" + _HOST + r"\b" + _GAP + r"\s+(?:spontaneous|random|unexpected|sudden|abrupt|hard)"
    r"(?:ly)?[ -]crash(?:e[sd]|ing)?\b|"
    # a loss of power to the site or the host (not a GPU's power cap, brake or spike)
    r"\b(?:power|electrical|utility|mains|grid) (?:outage|failure|loss|cut|interruption|"
    r"disruption|fluctuation|blip|dip|glitch)s?\b|"
    r"\bpower supply (?:outage|interruption|disruption)s?\b|"
    # a host that drops off its network: "caused GPU nodes to lose network connectivity", "all
    # B200 runners are having networking issues", "runners are down due to network issues" -
    # the host named (a rank's or a container's lost connection is another matter), and no
    # denial between ("the nodes never had network issues")
    r"\b(?:" + _HOST + r"|runners?|instances?)\b" + _NET_GAP + r" (?:to |began |started )?"
    r"(?:lost|lose|loses|losing) (?:all |its |their |our )?(?:network|net|external) "
    r"(?:connectivity|connection|access)\b|"
    r"\b(?:" + _HOST + r"|runners?|instances?)\b" + _NET_GAP + r" (?:are |is |were |was )?"
    r"(?:having|had|have|has|hit by|with) (?!no\b|not\b|any\b)(?:\w+ )?network(?:ing)? "
    r"(?:issues?|problems?|outages?|failures?)\b|"
    r"\b(?:" + _HOST + r"|runners?|instances?)\b" + _NET_GAP + r" (?:are |is |were |was |went |"
    r"go(?:es)? )?(?:down|offline|unreachable) (?:due to|because of|from) (?:a |an |the )?"
    r"(?:\w+ )?network(?:ing)? (?:issues?|problems?|outages?|failures?)\b|"
    r"\bnetwork(?:ing)? (?:issues?|problems?|outages?|failures?) (?:on|at|with|in) "
    r"(?:the |our |an? )?(?:nvidia )?(?:dgx|nodes?|hosts?|servers?|machines?|"
    r"data ?cent(?:er|re)s?)\b|"
    r"\b(?:lost|lose|loses|losing|loss of) (?:all |the |its |their |our )?"
    r"(?:mains |utility |ac |site |building |facility )?power\b|"
    r"\b(?:blackout|brownout)s?\b|"
    r"\bups\b(?: [\w-]+){0,4} (?:exhausted|depleted|ran out|drained|failed|died)|"
    # a kernel panic in a person's words ("got a kernel panic", "the node kernel-panicked")
    r"\bkernel[- ]panic(?:s|ked)?\b",
    re.IGNORECASE,
)

# The host switches off or restarts *when the GPUs take load*: the supply trips its over-current
# protection on the GPUs' power excursions (Intel ATX 3.0 PSU design guide: a GPU's transient
# can reach 2-3x its rated power for well under a millisecond, which a supply built to an older
# guide answers by shutting down). "Reboots when training starts", "the PC shuts down under load".
_OFF = (
    r"(?:reboot(?:s|ed|ing)?|restart(?:s|ed|ing)?|reset(?:s|ting)?|"
    r"power(?:s|ed)? (?:off|down|cycles?)|shut(?:s|ting)? (?:itself )?(?:down|off)|"
    r"turn(?:s|ed)? (?:itself )?off|cut(?:s)? (?:out|power|off)|los(?:es|t|ing) power|"
    r"(?:just )?(?:goes|went) (?:black|dark|off))"
)
_LOAD = (
    r"(?:under (?:full |heavy |high |100 ?% |gpu )?load|at (?:full|high|max\w*) load|"
    r"(?:when|whenever|while|once|as soon as|after|the (?:instant|moment|second)) (?:[\w'-]+ ){0,3}"
    r"(?:train\w*|run(?:s|ning)?|generat\w*|render\w*|min(?:e|es|ing)|load\w*|start\w*|"
    r"launch\w*|benchmark\w*|stress\w*|using|infer\w*|the gpus? (?:\w+ )?(?:load|ramp|spike)\w*)|"
    r"during (?:[\w'-]+ ){0,2}(?:training|inference|rendering|mining|load|benchmark\w*|"
    r"stress\w*|generation|runs?|games?|gaming))"
)
POWER_TRIP = re.compile(
    # "the PC shuts down under load", "the server reboots itself when training starts"
    r"\b" + _HOST + r"\b" + _GAP + r"\s+(?:(?:just|suddenly|immediately|instantly|randomly|"
    r"completely|hard)[ -])?" + _OFF + r"(?: [\w'/().,-]+){0,5}? " + _LOAD + r"|"
    # "as soon as training starts the machine reboots"
    r"\b" + _LOAD + r"(?: [\w'/().,-]+){0,6}? " + _HOST + r"\b" + _GAP + r"\s+" + _OFF + r"|"
    # the supply's own protection: "the PSU trips", "over-current protection kicks in", "OCP"
    r"\b(?:psu|power supply|power supplies)\b(?: [\w'-]+){0,3} (?:trip(?:s|ped|ping)?|"
    r"shut(?:s|ting)? (?:itself )?(?:down|off)|cut(?:s|ting)? (?:out|off)|kick(?:s|ed)? out)|"
    r"\bover-?current protection\b|\bOCP\b(?: [\w-]+){0,2} (?:trip|kick|trigger|fire|activat)\w*",
    re.IGNORECASE,
)

# "no kernel panic", "without the server going down", "never crashed"
_DENIED_BEFORE = re.compile(
    r"(?:\bno|\bnot|\bwithout|\bnever|n't|\bhardly)\s+(?:[\w-]+\s+){0,2}$", re.IGNORECASE
)
# planned work is another mode (maintenance-drain): "scheduled maintenance", "will be shut down"
_PLANNED = re.compile(
    r"\b(?:maintenance|scheduled|planned|upgrade|will (?:be|go)|to be (?:shut|taken|powered)|"
    r"in order to|drain(?:ed|ing)? for)\b",
    re.IGNORECASE,
)

# Slurm's own DOWN reason ("Reason=Node unexpectedly rebooted [slurm@…]", "Not responding"):
# the scheduler's verdict, which telemetry.slurm_lines reads as such, not a person's words
_SLURM_REASON = re.compile(r"\bReason=|\bNode unexpectedly rebooted\b|\[slurm@\d")

# Every form above holds one of these (lower case): a substring test first keeps the reader's
# cost on a job's log lines, which hold none of them, to one lower() and a few scans. Whole
# words where a stem would be common in logs ("lock" in "clock", "ups" in "groups", "cut" in
# "execute", "down" in "download").
_ANCHORS = (
    "crash",
    "froz",
    "freez",
    "ock up",
    "ocked up",
    "ockup",
    "ock-up",
    "hard lock",
    "hard-lock",
    "die",
    "dead",
    " down",
    "offline",
    " dark",
    "unresponsive",
    "unreachable",
    "responding",
    "reboot",
    "restart",
    "reset",
    "shut",
    "turn",
    "power",
    "outage",
    "blackout",
    "brownout",
    "ups ",
    "panic",
    "psu",
    "suppl",
    "current",
    "ocp",
    " black",
    " cut",
    "network",
)


# a program that serves, not a host: "the inference server crashed", "X server froze"
_SOFTWARE_BEFORE = re.compile(
    r"\b(?:inference|api|web|x|xorg|model|http|grpc|rpc|triton|vllm|tgi|ollama|jupyter|"
    r"database|db|license|parameter|metrics|dns|proxy|app(?:lication)?|game|media|file)\s*$",
    re.IGNORECASE,
)


# a reboot named as the cure, not the fault: "requires a hard reboot", "fixed by performing a
# hard reboot", "soft reboot vs hard reboot"
_REMEDY_BEFORE = re.compile(
    r"\b(?:requires?|required|needs?|needed|perform\w*|forc(?:e|ed|es|ing)|issu(?:e|ed|es|ing)|"
    r"(?:fixed|resolved|solved|cured) by|vs\.?|versus|than|via)\s+(?:an?\s+|the\s+)?$",
    re.IGNORECASE,
)


# no question hedge: "do we know why the node crashed?" says that it did
_HEDGES = Hedges(before=(_DENIED_BEFORE, _SOFTWARE_BEFORE, _REMEDY_BEFORE), window=32)


def _said(rx: re.Pattern[str], line: str) -> bool:
    return _HEDGES.any_said(rx.finditer(line), line)


# both readers ask of the same line in a row (telemetry.job_log reads every statement of a line
# before the next line): the last answer is kept, which halves the anchor scans
@lru_cache(maxsize=1)
def _eligible(line: str) -> bool:
    low = line.lower()
    return (
        any(anchor in low for anchor in _ANCHORS)
        and _PLANNED.search(line) is None
        and _SLURM_REASON.search(line) is None
    )


def says_power_trip(line: str) -> bool:
    """Whether ``line`` says a host switches off or restarts when its GPUs take load, or that its
    supply's protection tripped (and does not deny it nor call it planned work)."""
    return _eligible(line) and _said(POWER_TRIP, line)


def says_host_down(line: str) -> bool:
    """Whether ``line`` says a host itself stopped (crashed, froze, went down, rebooted or shut
    down on its own, lost power, panicked), and does not deny it nor call it planned work. A
    line that says it happened as the GPUs took load is the power-trip statement instead."""
    return _eligible(line) and _said(HOST_DOWN, line) and not _said(POWER_TRIP, line)
