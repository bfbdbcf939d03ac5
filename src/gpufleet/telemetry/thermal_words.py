"""A person's words that a GPU is slowed by heat, and that its fan failed: "the GPU is throttled
between 450 and 550 MHz because of the thermal limit", "the card overheats and slows down",
"SW Thermal Slowdown : Active" pasted from ``nvidia-smi -q``; "the GPU fan stopped spinning".

NVML names the driver's answer to heat as a clock-event reason: SW thermal slowdown lowers the
clocks so that the GPU stays under its maximum operating temperature, HW thermal slowdown cuts
them harder at the hardware threshold (NVML API reference, ``nvmlClocksEventReasons``). gpufleet
reads those reasons from DCGM (``hw_thermal_slowdown``); a report about a workstation, a laptop
or a rented cloud GPU usually says it in words, with an ``nvtop`` reading or a temperature. This
module recognises those words one line at a time (:mod:`telemetry.job_log` keeps a
``gpu_thermal_throttle_reported`` or ``gpu_fan_fault_reported`` signature beside the line; the
SRE agent reads each as the finding of the same name).

Deliberately narrow: heat words next to a slowdown word (or the thermal-limit forms), on a line
about the GPU (a room's or a CPU's heat is another matter); a fan word next to a word that it
stopped or failed. A denial ("no thermal throttling", "not overheating", "SW Thermal Slowdown :
Not Active") is not the statement. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

THROTTLE_REPORTED = "gpu_thermal_throttle_reported"  # the signature kind and the SRE finding
HW_THERMAL_REPORTED = "gpu_hw_thermal_reported"  # the hardware reason named as such
FAN_FAULT_REPORTED = "gpu_fan_fault_reported"

_HEAT = r"(?:thermal(?:ly)?|heat|temperatures?|temps?|overheat\w*|too hot|hot)"
_SLOW = (
    r"(?:throttl\w*|slow(?:s|ed|ing)? (?:itself |it |the \w+ )?down|down-?clock\w*|"
    r"clocks? (?:\w+ )?(?:drop\w*|fall\w*|go(?:es)? down|went down|reduc\w*|cut))"
)
_GPU_LINE = re.compile(
    r"\bgpus?\b|\bcard\b|graphics|\bvga\b|\bnvidia\b|\bgeforce\b|\brtx\b|\bgtx\b|\btesla\b|"
    r"\b[ahlbv]\d{2,3}\b|\bh[12]00\b|\bsm\b|\bnvtop\b|nvidia-smi|\bclocks?\b|\bmhz\b|\bcuda\b",
    re.IGNORECASE,
)

# nvidia-smi -q's clock-event block, pasted: "SW Thermal Slowdown : Active" (about a GPU by form)
_SMI_ACTIVE = re.compile(r"\b(?:SW|HW) Thermal Slowdown\s*:\s*Active\b", re.IGNORECASE)

THROTTLE = re.compile(
    # "thermal throttling", "thermal slowdown", "thermally throttled", "the thermal limit"
    r"\bthermal(?:ly)?[ -](?:throttl\w*|slow-?down|limit\w*|cap(?:ped)?)\b|"
    # "overheats and slows down", "the heat makes it throttle", "temperature causes downclocking"
    r"\b" + _HEAT + r"\b(?: [\w'/-]+){0,6} " + _SLOW + r"|"
    # "throttled to 450 MHz because of the temperature", "slows down due to 88C"
    r"\b" + _SLOW + r"(?: [\w'/.-]+){0,6} (?:due to|because of|from|by|at|when|once|after) "
    r"(?:[\w'-]+ ){0,3}(?:heat|thermal|temperature|overheat\w*|"
    r"\d{2,3} ?(?:°|º|deg(?:rees)?)? ?C\b)|"
    # "the GPU overheats", "overheating card" (the heat itself, said of the GPU)
    r"\boverheat(?:s|ed|ing)?\b",
    re.IGNORECASE,
)

# NVML's hardware reason by name: "HW Thermal Slowdown : Active", "a hardware thermal-slowdown
# flag asserted", "HW_THERMAL" (not "HW Slowdown" alone: that one is also power brake)
HW_THERMAL = re.compile(
    r"\b(?:HW|hardware)[ _-]?thermal(?:[ _-]?slow-?down)?\b|\bHwThermalSlowdown\b", re.IGNORECASE
)

FAN = re.compile(
    r"\bfans?\b(?: [\w'/-]+){0,4} (?:stopp?(?:ed|s)?|stopped (?:spinning|working)|"
    r"(?:is |was |are |were )?not (?:spinning|turning|working|running)|(?:is|was|are|were)n't "
    r"(?:spinning|turning|working|running)|fail(?:ed|s|ing|ure)?|dead|died|broken|stuck|seized|"
    r"(?:at|to|shows?|reads?|reported) 0 ?(?:rpm|%))|"
    r"\b(?:failed|broken|dead|stuck|seized|faulty) (?:gpu |card |chassis |system )?fans?\b",
    re.IGNORECASE,
)

# "no thermal throttling", "not overheating", "without throttling", "Not Active"
_DENIED_BEFORE = re.compile(r"(?:\bno|\bnot|\bwithout|\bnever|n't)\s+(?:\w+\s+){0,2}$", re.I)
_DENIED_AFTER = re.compile(r"^\s*:\s*not active\b", re.I)

_THROTTLE_ANCHORS = ("therm", "heat", "temp", "hot", "throttl", "slowdown")
# a fan that stops on purpose: zero-RPM / semi-passive modes stop the fans of an idle card
_FAN_BY_DESIGN = re.compile(
    r"\bidle\b|\bidling\b|zero[ -]?rpm|0[ -]?rpm mode|semi[ -]?passive|fan[ -]?stop\b|"
    r"\bpassive (?:mode|cooling)\b|\bby design\b",
    re.IGNORECASE,
)


_HEDGES = Hedges(before=(_DENIED_BEFORE,), after=(_DENIED_AFTER,), window=24)


def _said(rx: re.Pattern[str], line: str) -> bool:
    return _HEDGES.any_said(rx.finditer(line), line)


def says_thermal_throttle(line: str) -> bool:
    """Whether ``line`` says a GPU runs hot or is slowed by heat (and does not deny it)."""
    low = line.lower()
    if not any(a in low for a in _THROTTLE_ANCHORS):
        return False
    if _SMI_ACTIVE.search(line) is not None:
        return True
    return _GPU_LINE.search(line) is not None and _said(THROTTLE, line)


def says_hw_thermal(line: str) -> bool:
    """Whether ``line`` names the hardware thermal slowdown as asserted (not "Not Active", not
    "no HW thermal slowdown")."""
    low = line.lower()
    return ("therm" in low) and _said(HW_THERMAL, line)


def says_fan_fault(line: str) -> bool:
    """Whether ``line`` says a fan stopped or failed (and does not deny it, nor say it stops by
    design: a zero-RPM fan at idle)."""
    return "fan" in line.lower() and _FAN_BY_DESIGN.search(line) is None and _said(FAN, line)
