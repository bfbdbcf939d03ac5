"""A report whose writer names the power supply as what failed ("looks like the problem was the
power supply", "it was a gpu power cable issue", "solved by using a higher watt power supply",
the PSU connector burned, the feed's fuses blew): the supply NVML names as the source of the
power brake, in words. It is the power-brake card's own signal on a report that has no clock
reasons to quote. Advice, a guess, a question or a denial about the supply is not."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.psu_fault_words import PSU_FAULT_REPORTED, says_psu_fault
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "Looks like the problem was the power supply. Swapped it",
        "It was a gpu power cable issue!!",
        "Hi. I think I determined this was my PSU. It could not handle the transient spikes.",
        "it was the PSU... if not 'hot' enough then problem else not",
        "Resolved: it was the power delivery, not the layer.",
        "Solved by using a higher watt power supply",
        "After activating a lot of server logs, it seems that the power supplies are undersized.",
        "The connector between PCIE cable and PSU burned on both the cable and PSU.",
        "the power connector of their RTX 3060 Ti melting down",
        "the three 100 A fuses had not only blown, they had taken the fuse box with them.",
        "换了个大功率电源就好了",
        "блок питания не тянет две карты",
        # what it is not, said with its own "not": the statement, not a denial of one
        "This is an hardware problem. Your PSU isn't powerfull enough. cuDNN is very",
        "the power supply was not strong enough for two cards",
        "my PSU doesn't have enough wattage for the 3090",
        # the verdict written as a label (a retitled issue, a solution line)
        "# GTX 1080 consistently ending after 2 minutes. ==> Bad Power Supply PSU",
        "Solution: faulty PSU",
        "Replaced it as soon as possible, the PSU was dead",
    ],
)
def test_a_writer_naming_the_supply_as_what_failed_is_the_statement(line: str) -> None:
    assert says_psu_fault(line)


@pytest.mark.parametrize(
    "line",
    [
        # advice, a guess, a condition or a question is not what happened
        "Make sure the card you're adding isn't unstable, and that your PSU can handle all cards.",
        "Probably it is related to the PSU or over-heating.",
        "I'm thinking psu problem as you describe",
        "if the PSU is too weak the machine reboots",
        "could the problem be the power supply?",
        # denials: the supply was ruled out
        "Therefore, I don't believe the issue is with the PSU or cooling system.",
        "the PSU is not the problem, it is a 1600 W unit",
        # what the words themselves deny, a confident-sounding guess, a question in Chinese
        "The PSU was not faulty",
        "swapping the PSU hasn't fixed it",
        "I replaced the PSU but that fixed nothing",
        "the fuse has not blown",
        "the PSU is not the problem",
        "is the power supply not big enough?",
        "make sure the PSU is not too weak",
        "It's likely the PSU is insufficient",
        "电源坏了吗？",
        "如果电源功率不足会重启",
        # the GPU's own power delivery, a GPU that burned beside a connector that did not
        "The cause is a power delivery issue in the VBIOS",
        "the power connector is fine but the GPU burned out",
        # the supply merely named, the GPU's own power numbers
        "psu 650watt truerated.",
        "Power Draw: 250.00 W  Power Limit: 300.00 W",
        "nvidia-smi -pl 250 lowered the power cap",
        # a heading naming the supply, a list of possibilities, a question
        "PSU: Corsair RM850x",
        "Possible causes: bad PSU, bad riser",
        "Q: bad PSU?",
        "Faulty PSU can cause random reboots and crashes.",
        "Hypothesis: faulty PSU",
        "bad PSU or bad GPU, hard to tell",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_psu_fault(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "the training run stopped twice last night\nthe problem was the power supply\n"
    assert stated_at(text, PSU_FAULT_REPORTED, NODE) == [(2, NODE)]
    assert PSU_FAULT_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the power-brake card last, as words about a crashing job rank it
REPORT = OneNodeReport(
    Family.POWER,
    ("xid-79-fallen-off-bus", "node-unreachable-node-silent", "power-brake-psu"),
    KB,
)
CRASH = "the GPU training run crashed three times this week"


def test_the_statement_is_the_power_brake_cards_own_signal() -> None:
    said = (CRASH, "solved by using a higher watt power supply")
    assert PSU_FAULT_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(CRASH)[0] != "power-brake-psu"
    assert REPORT.rank(*said)[0] == "power-brake-psu"


def test_a_guess_about_the_supply_changes_nothing() -> None:
    guessed = (CRASH, "probably it is related to the PSU")
    assert PSU_FAULT_REPORTED not in REPORT.findings(*guessed)
    assert REPORT.rank(*guessed) == REPORT.rank(CRASH)
