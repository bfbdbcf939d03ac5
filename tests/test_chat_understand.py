"""The chat understands questions by meaning and answers them from the incident in scope
(the DBE recording: node-02 GPU 5, Xid 48 then 63, a drain waiting for approval). Before this
change these questions got unrelated knowledge-base cards; each test fails on that code."""

from __future__ import annotations

import io
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from gpufleet.agents.chat.answer import ChatAnswer, HistoryTurn
from gpufleet.agents.chat.stream import answer
from gpufleet.agents.chat.understand import rank_intents
from gpufleet.cli.chat_session import ChatSession, open_recorded
from gpufleet.cli.main import main

DBE = Path(__file__).resolve().parents[1] / "src/gpufleet/evals/examples/dbe-recorded"


@pytest.fixture(scope="module")
def session() -> Iterator[ChatSession]:
    s = open_recorded(DBE, None, None)
    yield s
    s.close()


def ask(s: ChatSession, q: str, history: tuple[HistoryTurn, ...] = ()) -> ChatAnswer:
    return answer(q, reads=s.reads, now=s.now(), history=history)


def test_intents_come_from_meaning_not_words() -> None:
    assert rank_intents("since what time has this card been broken?").best == "when_started"
    assert rank_intents("what would saying yes to this request run?").best == "if_approved"
    assert rank_intents("what is the fix here").best == "what_to_do"


def test_when_did_it_start_is_answered_from_the_incident(session: ChatSession) -> None:
    a = ask(session, "since what time has this card been broken?")
    assert "09:25" in a.text and any(c.kind == "incident" for c in a.citations)
    assert not any(c.kind == "card" and c.id.startswith("fb-") for c in a.citations)


def test_which_gpu_names_the_bus_id_and_the_job(session: ChatSession) -> None:
    a = ask(session, "which device is it exactly, I need its pci address")
    assert "node-02/gpu5" in a.text and "0000:AB:00.0" in a.text and "3001" in a.text


def test_approving_says_the_command_the_next_steps_and_the_undo(session: ChatSession) -> None:
    a = ask(session, "what would saying yes to this request run?")
    assert "slurm.drain_node(node=node-02" in a.text
    assert "slurm.resume_node" in a.text  # how to undo it
    assert "nvidia_smi.reset_gpu" in a.text  # a next step
    assert any(c.kind == "approval" for c in a.citations)


def test_what_to_do_is_the_plan_never_no_action_on_a_dbe(session: ChatSession) -> None:
    a = ask(session, "what is the fix here")
    assert "drain the node" in a.text and "reset the GPU" in a.text
    assert "no action" not in a.text.lower()


def test_a_follow_up_keeps_the_subject(session: ChatSession) -> None:
    first = ask(session, "what is up with node-02?")
    history = (
        HistoryTurn(role="user", text="what is up with node-02?"),
        HistoryTurn(role="assistant", text=first.text[:4000]),  # as the clients keep it
    )
    a = ask(session, "and why do you blame the memory?", history)
    assert "ecc-dbe" in a.text and any(c.kind == "evidence" for c in a.citations)


def test_a_knowledge_question_needs_no_state(tmp_path: Path) -> None:
    out = io.StringIO()
    cwd = Path.cwd()
    os.chdir(tmp_path)  # no .gpufleet/state, no demo state here
    try:
        rc = main(["chat", "--ask", "what does Xid 79 mean?"], out)
    finally:
        os.chdir(cwd)
    assert rc == 0 and "fallen off the bus" in out.getvalue().lower()
