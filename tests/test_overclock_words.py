"""A report that pins a GPU's fault on an overclock (named as the cause, or going back to stock
clocks cured it) ranks the GPU's own graphics exception (``xid-13-graphics-exception``) over an
application's fault, while a product name's "OC", clocks lowered for heat, a denial, a
condition or a cure that did not take change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.overclock_words import OVERCLOCK_REPORTED, says_overclock
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"


@pytest.mark.parametrize(
    "line",
    [
        "The problem was due to overclocking the gpus.",
        "I lowered my overclock settings and it works fine.",
        "Fatal error on CUDA is **always** related to excessive overclocking. Full stop !",
        "This happens when overclock is unstable. You have to dial your clocks back down.",
        "Reduce the OC... that's the problem.",
        "i got the same error with one of my gtx 1070 rig's, fixed it by lowering core OC",
        "it was because OC settings, fixed :)",
        "That's Normally that Memory OC it is too high in the GPU2",
        "try running it with lower memory/or gpu speeds.",
        "issue should be overclocking makes the GPU fetch wrong data/instruction.",
        "after resetting to stock clocks there are no more errors",
        "超频导致显卡计算出错",
        "убрал разгон и всё заработало",
    ],
)
def test_an_overclock_named_as_the_cause_or_undone_as_the_cure_is_the_statement(line: str) -> None:
    assert says_overclock(line)


@pytest.mark.parametrize(
    "line",
    [
        # a product name's OC, clocks lowered for heat, NVML's own description of a slowdown
        "PNY ARGB OC 5090 shows Xid 79 after a week",
        "ASUS ROG Strix RTX 3080 OC Edition crashes in games",
        "lower the GPU clocks to reduce heat",
        "lower the memory clock to reduce heat",
        "reduce the power limit to lower the core clock",
        "I lowered my overclock and the errors persist",
        "HW Slowdown (reducing the core clocks by a factor of 2 or more) is engaged",
        # denied, asked, a condition, a cure that did not take
        "I am not overclocking",
        "no overclock, stock clocks",
        "Are you undervolting and/or overclocking your GPU?",
        "I have an overclock, but if I disable the overclock it stays pegged at max",
        "I have lowered my overclocks to 0 on all cards, still the error",
        "I have lowered my overclocks to 0 on all cards, but it seems to happen anyway",
        "tried to reduce my OC many times and to several levels, yet it still fails",
        # one guess among others, a setting's size
        "Typically that's either an overclock issue (sometimes even underclock). Or your rig is "
        "not supplying enough power",
        "The issue is most likely caused by overclock or some hardware problem, like bad risers",
        "Zil with high memory OC needs more cooling to VRAM",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_overclock(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = "CUDA error in func 'search' : unspecified launch failure\nBad overclock\n"
    assert stated_at(text, OVERCLOCK_REPORTED, NODE) == [(2, NODE)]
    assert OVERCLOCK_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the application's fault first, as a miner's crash report ranks it
REPORT = OneNodeReport(
    Family.APPLICATION, ("xid-app-fault", "xid-31-mmu-fault", "xid-13-graphics-exception"), KB
)
CRASH = "CUDA error in func 'ethash_cuda_miner::search' at line 300 : unspecified launch failure"
SAID = "I lowered my overclock settings and it works fine."


def test_the_statement_ranks_the_graphics_exception_first() -> None:
    assert OVERCLOCK_REPORTED in REPORT.findings(CRASH, SAID)
    assert REPORT.rank(CRASH)[0] == "xid-app-fault"
    assert REPORT.rank(CRASH, SAID)[0] == "xid-13-graphics-exception"


def test_the_plan_is_stock_clocks_not_a_notice_or_an_rma() -> None:
    exception = OneNodeReport(
        Family.APPLICATION, ("xid-13-graphics-exception", "xid-app-fault"), KB
    )
    assert exception.plan(CRASH, SAID) == ("xid-13-graphics-exception", "restore-stock-gpu-clocks")
