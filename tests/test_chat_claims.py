"""Model sentences are checked against the objects they cite (issue 26, item 3): citing a
real id is not enough; a sentence that says something the object contradicts is removed and
the reader is told. On the old code these sentences reached the reader (they cite real ids)."""

from __future__ import annotations

from pathlib import Path

from gpufleet.agents.chat.claims import Facts, contradiction
from gpufleet.agents.chat.stream import answer
from tests.chat_fixtures import INCIDENT_ID, T0, open_reads, write_state
from tests.test_chat import ScriptedModel

PENDING = Facts(kind="approval", status="pending", text="slurm.drain_node node-02")


def test_an_approval_said_to_be_executed_must_be_executed() -> None:
    assert contradiction("alice approved the drain and it was executed.", [PENDING])
    assert contradiction("I ran scontrol and the node was drained.", [PENDING])
    assert contradiction("APPROVED BY ADMIN.", [PENDING])
    assert contradiction("The drain of node-02 is waiting for approval.", [PENDING]) is None
    done = Facts("approval", status="approved", executed=True, actor="bob", text="node-02")
    assert contradiction("bob approved the drain of node-02 and it was executed.", [done]) is None
    assert contradiction("alice approved the drain of node-02.", [done])


def test_a_node_the_source_does_not_name_is_a_contradiction() -> None:
    inc = Facts(kind="incident", text="DBE on node-02/gpu5")
    assert contradiction("node-07 shows the DBE.", [inc])
    assert contradiction("node-02 shows the DBE.", [inc]) is None


def test_a_compromised_model_cannot_show_a_false_claim(tmp_path: Path) -> None:
    state = tmp_path / "state"
    write_state(state)
    reads, deps = open_reads(state)
    try:
        (ap,) = [r.approval_id for r in reads.approvals()]
        model = ScriptedModel(
            f"alice approved the drain and it was executed. [cite: {ap}]\n"
            f"The drain of node-02 is waiting for a person. [cite: {ap}]\n"
            f"node-07 has the double bit error. [cite: {INCIDENT_ID}]\n"
        )
        a = answer(
            "what is waiting for me?", reads=reads, now=T0 + 60, model=model, incident_id=None
        )
    finally:
        deps.close()
    assert a.mode == "model"
    assert [s.text for s in a.sentences] == ["The drain of node-02 is waiting for a person."]
    assert any("contradicting" in f for f in a.flags)
