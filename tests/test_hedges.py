"""The words a statement reader finds are taken back by a denial or a condition just before
them, or a denial or a question just after; a match with nothing of that around it stands."""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

WORDS = re.compile(r"\bACS (?:is )?enabled\b")
HEDGES = Hedges(
    before=(re.compile(r"\bnot\b[^.]*$"), re.compile(r"\bif\b[^.]*$")),
    after=(re.compile(r"^[^.]*\?"),),
    window=20,
)


def _said(line: str) -> bool:
    return HEDGES.any_said(WORDS.finditer(line), line)


def test_a_plain_match_stands() -> None:
    assert _said("the root cause: ACS is enabled on the switch")


def test_a_denial_or_condition_before_takes_it_back() -> None:
    assert not _said("I do not think ACS is enabled here")
    assert not _said("if ACS is enabled, disable it")


def test_a_question_after_takes_it_back() -> None:
    assert not _said("is it so that ACS is enabled on the bridge?")


def test_the_window_bounds_what_before_counts() -> None:
    # the denial is more than 20 characters before the words: another sentence's
    assert _said("not the NIC, we checked the cables, and ACS enabled it all")


def test_one_standing_match_is_enough() -> None:
    assert _said("if ACS is enabled, P2P breaks; here ACS is enabled on every port")


def test_a_denial_inside_the_words_takes_them_back() -> None:
    rolled = re.compile(r"\bdowngrad\w* the driver (?:\w+ ){0,2}(?:fixed|help)\w*")
    hedges = Hedges(before=(), within=(re.compile(r"\bnot\b|n't\b"),))
    for line, said in (
        ("downgrading the driver fixed it", True),
        ("downgrading the driver did not help", False),
    ):
        assert hedges.any_said(rolled.finditer(line), line) is said


def test_after_window_bounds_what_after_counts() -> None:
    ran_out = re.compile(r"\bran out of RAM\b")
    denied_after = re.compile(r"^[^.]{0,40}\bnot\b")
    near = Hedges(before=(), after=(denied_after,))
    bounded = Hedges(before=(), after=(denied_after,), after_window=12)
    line = "it ran out of RAM, which we could not see at first"
    assert not near.any_said(ran_out.finditer(line), line)
    # a bounded look after stops short of the "not" of the next clause
    assert bounded.any_said(ran_out.finditer(line), line)
