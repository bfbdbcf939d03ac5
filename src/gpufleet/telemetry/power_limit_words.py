"""A person's words that the GPU is held to a power limit lower than it should have: "Power is
limited to ~20W", "the GPU is limited to ~80W as reported by nvidia-smi -q", "default power limits
are too conservative", "you are configured in low power mode (5W)", "the power limit is reset
after boot".

That is the wrong-limit variant of the SW power cap (``power-cap-sw``): the driver trims clocks to
stay within the power limit, which is normal at full load with the default limit and a fault only
when the limit is wrong (NVML, ``nvmlClocksEventReasonSwPowerCap``; ``nvidia-smi -q -d POWER``:
enforced against default limit; a Jetson's nvpmodel power mode). Telemetry shows it as the
enforced limit lowered (``power_limit_lowered``); a report says it in words.
:mod:`telemetry.job_log` keeps a ``power_limit_low_reported`` signature beside the line; the SRE
agent reads it as the finding of that name, and the card's plan becomes the restore
(``restore-gpu-power-limit``), not the benign close.

Deliberately narrow: power, a GPU or a board said to be limited, capped, locked or stuck at a
number of watts; power limits said to be too low; a device configured or running in a low-power
mode; a power limit said to be reset. Advice ("make sure the device runs in MAXN mode", "set
nvpmodel -m 0"), a question or a denial is not the statement, nor a cap chosen on purpose ("we
run the GPUs power-limited to 250 W"). Pure; every expression is linear in the line.
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

POWER_LIMIT_LOW_REPORTED = "power_limit_low_reported"  # the signature kind and the SRE finding

POWER_LIMIT_LOW = re.compile(
    # "Power is limited to ~20W", "the GPU is limited to ~80W", "TGP locked at 150 W"
    r"\b(?:power|tgp|tdp|gpu|card|board)\b(?: [\w'-]+){0,2} (?:is |was |are |were |gets |got |"
    r"stays |remains )?(?:only )?(?:limited|capped|locked|stuck|held) (?:to|at) (?:~|about |around "
    r"|only |merely |just )?\d{1,3}(?:\.\d)? ?(?:w|watts?)\b|"
    # told of the GPU without naming it first: "fell through to the else branch and was capped
    # to **500 W**", "one V100 getting capped to 150W (from 300W as the other 3)"
    r"\b(?:was|were|is|are|gets|got|getting|being|been) (?:hard[- ]?)?(?:capped|limited|locked|"
    r"throttled) (?:down )?(?:to|at) \*{0,2}(?:~|about |around |only |just )?\d{2,4}(?:\.\d)? ?"
    r"(?:w|watts?)\b|"
    # the number first: "150w is hard-locked no matter what I do"
    r"\b\d{2,4} ?(?:w|watts?) (?:is|was|seems|appears)(?: to be)? (?:hard[- ]?)?"
    r"(?:locked|capped)\b|"
    # "Default power limits are too conservative", "the power limit is far too low"
    r"\bpower[- ]limits? (?:is |are |was |were |seems? |looks? )?(?:far |way |much )?too "
    r"(?:low|conservative|restrictive)\b|"
    # "you are configured in low power mode (5W)", "it runs in a low-power mode"
    r"\b(?:configured|set|running|runs|ran|stuck|left|booted|operating) (?:in|to|at) (?:a |the )?"
    r"(?:\d{1,2} ?w )?low[- ]power (?:mode|profile|preset)\b|"
    # "the power limit is reset somewhere", "power limit gets reset after boot"
    r"\bpower limits? (?:is|was|gets|got|are|were) (?:being )?reset\b",
    re.IGNORECASE,
)
# "we run the GPUs power-limited to 250 W on purpose", "I capped it at 200 W to keep it cool":
# a limit the writer chose is no fault
_CHOSEN = re.compile(
    r"\b(?:on purpose|deliberately|intentionally|to keep|to save|to reduce)\b", re.I
)
_CHOSEN_BEFORE = re.compile(r"\b(?:I|we|i've|we've)\b(?: \w+){0,2} (?:capped|limited|set)\b", re.I)
# "the power is not limited to 250 W": the denial sits inside the form's own words
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bnever\b|\bno longer\b", re.I)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, advice_before("should", "how to"), _CHOSEN_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER),
    within=(_DENIED_WITHIN,),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("limit", "capped", "locked", "stuck", "held", "low power", "low-power", "throttled")


def says_power_limit_low(line: str) -> bool:
    """Whether ``line`` says the GPU is held to a power limit lower than it should have (no
    advice, question, denial, nor a cap the writer chose)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    said = [m for m in POWER_LIMIT_LOW.finditer(line) if not _CHOSEN.search(line, m.end())]
    return _HEDGES.any_said(said, line)
