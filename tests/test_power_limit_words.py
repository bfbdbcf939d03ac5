"""A report whose writer says the GPU is held to a power limit lower than it should have ("Power
is limited to ~20W", "configured in low power mode (5W)", "default power limits are too
conservative"): it ranks ``power-cap-sw`` and turns the card's plan from the benign close into
the restore of the limit, while advice to pick a power mode, a cap the writer chose, a question
or a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.power_limit_words import POWER_LIMIT_LOW_REPORTED, says_power_limit_low
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "Power is limited to ~20W, causing worse performance than the integrated GPU.",
        "the GPU is limited to ~80W as reported by `nvidia-smi -q`.",
        "Default power limits are too conservative. GPU-Z reports power throttling at 20W.",
        "It looks like you are configured in low power mode (5W), you'll want high power mode",
        "It seems the power limit is reset somewhere after boot.",
        "# Nvidia gpu stuck at low power mode",
        "the board power is capped at 150 W on this laptop",
        # the GPU told of before, or the number first
        "the new part fell through to the default branch and was capped to **500 W**",
        "one of the four cards is getting capped to 150W (from 300W like the others)",
        "with the latest driver 150w is hard-locked whatever mode I pick",
    ],
)
def test_a_writer_saying_the_limit_is_too_low_is_the_statement(line: str) -> None:
    assert says_power_limit_low(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice, a question, a denial
        "You should make sure your device is running on MAXN mode.",
        "sudo nvpmodel -m 0",
        "is the power limited to 250 W?",
        "the power is not limited to 250 W, it draws 350 W",
        # a cap the writer chose
        "we run the GPUs power-limited to 250 W on purpose to keep them cool",
        "I capped it at 200 W to save power",
        "If it is limited to 300W, it will slow down at 180W.",
        # the limit named as a reading
        "Power Limit : 300.00 W",
        "Enforced Power Limit: 700.00 W  Default Power Limit: 700.00 W",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_power_limit_low(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "training is slow\nPower is limited to ~20W on battery and AC\n"
    assert stated_at(text, POWER_LIMIT_LOW_REPORTED, NODE) == [(2, NODE)]
    assert POWER_LIMIT_LOW_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the power cap last, as a slow laptop ranks it
REPORT = OneNodeReport(
    Family.UTILIZATION, ("host-cpu-saturation", "applications-clocks-setting", "power-cap-sw"), KB
)
SLOW = "inference on this device is much slower than the benchmark"
SAID = "It looks like you are configured in low power mode (5W)"
ASKED = "The SW power cap shows as active at full load. Is this normal?"


def test_the_statement_ranks_the_power_cap_first() -> None:
    assert POWER_LIMIT_LOW_REPORTED in REPORT.findings(SLOW, SAID)
    assert REPORT.rank(SLOW)[0] == "host-cpu-saturation"
    assert REPORT.rank(SLOW, SAID)[0] == "power-cap-sw"


def test_a_limit_said_to_be_wrong_is_restored_not_closed_as_benign() -> None:
    """A slowdown a person wrote down is the card's wrong-limit reading, restored by the
    setting's owner (a ticket: gpufleet changes nothing on the server), whether or not the words
    name the limit; a writer who asks whether the cap is normal keeps the close as benign."""
    capped = OneNodeReport(Family.UTILIZATION, ("power-cap-sw", "host-cpu-saturation"), KB)
    assert capped.plan(SLOW) == ("power-cap-sw", "restore-gpu-power-limit")
    assert capped.plan(SLOW, SAID) == ("power-cap-sw", "restore-gpu-power-limit")
    assert capped.plan(SLOW, ASKED) == ("power-cap-sw", "confirm-benign-no-action")
