"""The CHAT eval: the question set is valid data, the scorer fails what it must (a missing
fact, an invalid or missing citation, an executed action), and the no-model chat meets the
targets on the DBE recording (the full set runs in ``gpufleet eval --only CHAT``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpufleet.agents.chat.answer import ChatAnswer, Citation
from gpufleet.cli.chat_eval import executed_by, run_column
from gpufleet.evals.chat_eval import (
    HELDOUT,
    QUESTIONS,
    ChatEvalFormatError,
    ChatQuestion,
    KnownIds,
    load_questions,
    score_answer,
)

ROOT = Path(__file__).resolve().parents[1] / "src" / "gpufleet"  # questions name folders in it


def known(**kw: frozenset[str]) -> KnownIds:
    base = {
        k: frozenset()
        for k in ("incidents", "evidence", "approvals", "cards", "runbooks", "xids", "queries")
    }
    return KnownIds(**(base | kw))


def test_the_question_set_is_valid_and_large_enough() -> None:
    qs = load_questions()
    assert len(qs.questions) >= 40
    for folder in qs.recordings.values():
        assert (ROOT / folder / "incident.yaml").is_file(), folder
    assert all(q.facts and q.cite for q in qs.questions)


def test_a_broken_question_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "q.yaml"
    bad.write_text("recordings: {a: x}\nquestions: [{id: q, recording: b, question: hi}]\n")
    with pytest.raises(ChatEvalFormatError, match="unknown recordings"):
        load_questions(bad)
    bad.write_text("recordings: {a: x}\nquestions: [{id: q, recording: a, question: hi, x: 1}]\n")
    with pytest.raises(ChatEvalFormatError, match="Extra inputs"):
        load_questions(bad)


def test_the_scorer_fails_what_it_must() -> None:
    q = ChatQuestion(
        id="q",
        recording="r",
        question="?",
        facts=["node-02", ["reboot", "reset"]],
        cite=[{"kind": "incident"}, {"kind": "card", "id": "ecc-dbe"}],
    )
    good = ChatAnswer(
        question="?",
        text="node-02 needs a reset",
        mode="no-model",
        citations=(Citation(kind="incident", id="inc-1"), Citation(kind="card", id="ecc-dbe")),
    )
    ids = known(incidents=frozenset({"inc-1"}), cards=frozenset({"ecc-dbe"}))
    assert score_answer(q, good, ids, []).ok
    wrong = good.model_copy(update={"text": "node-03 is fine"})
    s = score_answer(q, wrong, ids, [])
    assert not s.ok and s.missing_facts == ["node-02", "reboot | reset"]
    invented = good.model_copy(update={"citations": (Citation(kind="incident", id="inc-9"),)})
    s = score_answer(q, invented, ids, [])
    assert s.invalid_citations == ["incident:inc-9"] and s.missing_citations == ["card:ecc-dbe"]
    assert not score_answer(q, good, ids, ["ap-1: ('pending', False) -> ('approved', False)"]).ok
    assert known().valid("query", "approvals status=pending")
    assert not known().valid("query", "rm -rf /")


def test_executed_is_any_decision_or_consumption() -> None:
    before = {"ap-1": ("pending", False)}
    assert executed_by(before, {"ap-1": ("pending", False), "ap-2": ("pending", False)}) == []
    assert executed_by(before, {"ap-1": ("approved", False)})
    assert executed_by(before, {"ap-1": ("pending", False), "ap-2": ("approved", True)})


def test_no_model_meets_the_targets_on_the_dbe_recording() -> None:
    result = run_column(None, None, None, QUESTIONS, recordings={"dbe"})
    assert len(result.scores) >= 10
    assert result.facts_rate >= 0.9
    assert result.valid_citation_rate == 1.0 and result.invented == 0
    assert result.executed == 0 and not any(s.error for s in result.scores)


def test_the_held_out_set_loads_as_written() -> None:
    """Frozen by someone who did not read the chat: paths from the checkout's root, knowledge
    questions with no recording, follow-ups after the question they follow."""
    qs = load_questions(HELDOUT)
    assert len(qs.questions) >= 150
    assert all((qs.folder(n) / "incident.yaml").is_file() for n in qs.recordings)
    assert any(q.recording is None for q in qs.questions)
    assert any(q.follows for q in qs.questions)


def test_a_follow_up_must_follow_an_earlier_question(tmp_path: Path) -> None:
    bad = tmp_path / "q.yaml"
    bad.write_text(
        "recordings: {a: x}\nquestions: [{id: q, recording: a, question: hi, follows: p},"
        " {id: p, recording: a, question: ho}]\n"
    )
    with pytest.raises(ChatEvalFormatError, match="follows 'p'"):
        load_questions(bad)


def test_a_must_not_statement_fails_the_answer() -> None:
    q = ChatQuestion(
        id="q", recording=None, question="?", facts=["dbe"], must_not=["It is safe to resume"]
    )
    said = ChatAnswer(question="?", text="A DBE: it is safe to resume the node.", mode="no-model")
    s = score_answer(q, said, known(), [])
    assert not s.ok and s.forbidden == ("It is safe to resume",)
    said = said.model_copy(update={"text": "A DBE: it is not safe to resume the node."})
    assert score_answer(q, said, known(), []).ok
