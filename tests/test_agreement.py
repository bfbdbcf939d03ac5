"""Label agreement: a second writer's blind labels scored against the sets' truths.

The ceiling label noise puts on any ranking: if a second careful writer's card is one the first
writer's truth accepts only so often, no ranking can be right first more often than that.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.evals.agreement import (
    AgreementError,
    SecondLabel,
    agreement,
    first_truths,
    load_labels,
)
from gpufleet.evals.format import load_spec
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.actions import ACTION_CLASSES
from gpufleet.knowledge.store import load_cards

EVALS = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals"
ROUND_53 = EVALS / "agreement" / "round-53.json"
# a responder's diagnosis from each case's evidence cut before its answer (round fifty-four)
ROUND_54_BEFORE_ANSWER = EVALS / "agreement" / "round-54-before-answer.json"


@pytest.mark.parametrize("path", [ROUND_53, ROUND_54_BEFORE_ANSWER], ids=lambda p: p.stem)
def test_the_shipped_labels_name_real_cases_cards_and_action_classes(path: Path) -> None:
    file = load_labels(path)
    truths = first_truths(file.labels, EVALS)
    cards = {c.id for c in load_cards()}
    assert len(file.labels) == len(truths) == 100
    for lab in file.labels:
        assert lab.root_cause is None or lab.root_cause in cards
        assert set(lab.acceptable_causes) <= cards
        assert set(lab.action_classes) <= set(ACTION_CLASSES)


def _truth_of(folder: Path) -> tuple[str, str]:
    return folder.parent.name, folder.name


def test_a_second_card_counts_where_the_first_truth_accepts_it() -> None:
    case = (
        EVALS / "heldout-276" / "ddsp-svc-kor-11-cuda-oom-gpu0-12gib-card-input-audio-file-too-long"
    )
    first = load_spec(case).truth.faults[0]
    key = _truth_of(case)
    accepted = SecondLabel(
        set=key[0],
        case=key[1],
        root_cause=first.root_cause,
        action_classes=(first.action_classes[0],),
        confidence="high",
    )
    other = SecondLabel(
        set=key[0],
        case=key[1],
        root_cause="xid-79-fallen-off-bus",
        acceptable_causes=(first.root_cause,),
        action_classes=("hardware_ticket",),
        confidence="low",
    )
    none = SecondLabel(set=key[0], case=key[1], root_cause=None, confidence="medium")
    got = agreement([accepted, other, none], {key: first}, taxonomy.load())
    assert (got.cases, got.same_card, got.accepted, got.accepted_back) == (3, 1, 1, 2)
    assert (got.same_mode, got.action_accepted, got.no_card) == (1, 1, 1)
    assert dict(got.accepted_by_confidence) == {"high": (1, 1), "low": (0, 1), "medium": (0, 1)}


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("{not json", "not readable JSON"),
        (
            '{"about": "x", "labels": [{"set": "heldout-1", "case": "c", "root_cause": null, '
            '"confidence": "sure"}]}',
            "labels.0.confidence",
        ),
        ('{"about": "x", "labels": [], "extra": 1}', "extra"),
    ],
)
def test_a_broken_agreement_file_says_what_and_where(
    tmp_path: Path, content: str, said: str
) -> None:
    path = tmp_path / "labels.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(AgreementError, match=said) as e:
        load_labels(path)
    assert str(path) in str(e.value)


def test_a_label_naming_no_case_is_an_error(tmp_path: Path) -> None:
    lab = SecondLabel(set="heldout-276", case="no-such-case", root_cause=None, confidence="low")
    with pytest.raises(AgreementError, match="heldout-276/no-such-case"):
        first_truths([lab], EVALS)


def test_the_cli_prints_the_agreement_and_its_json(tmp_path: Path) -> None:
    out = io.StringIO()
    assert main(["eval", "--agreement", str(ROUND_53)], out) == 0
    assert "100 one-fault cases labelled twice" in out.getvalue()
    out = io.StringIO()
    assert main(["eval", "--agreement", str(ROUND_53), "--json"], out) == 0
    got = json.loads(out.getvalue())
    assert got["cases"] == 100 and got["accepted"] == 97 and got["no_card"] == 3
    assert main(["eval", "--agreement", str(tmp_path / "missing.json")], io.StringIO()) == 2
