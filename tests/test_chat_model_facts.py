"""What the model is given to rephrase: the answer's own facts first, and the incident's
context only to name the incident when the answer does not. Every fact is prefill a person
waits for before the first token (docs/chat.md), so the incident's whole summary must not ride
along with every question asked beside it; the no-model answer keeps all of it."""

from __future__ import annotations

from gpufleet.agents.chat.answer import Citation, Sentence
from gpufleet.agents.chat.model import MAX_FACTS, model_facts
from gpufleet.agents.chat.stream import answer
from gpufleet.service.chat.reads import StoreChatReads
from tests.chat_fixtures import T0
from tests.test_chat import ScriptedModel, reads  # noqa: F401  (the fixture)

INC = Citation(kind="incident", id="inc-0123456789abcdef", label="incident")
Q = Citation(kind="query", id="changes{node='node-02'}", label="changes")
CARD = Citation(kind="card", id="ecc-dbe", label="card")


def s(text: str, *cites: Citation) -> Sentence:
    return Sentence(text=text, citations=cites)


def test_context_names_the_incident_only_when_the_answer_does_not() -> None:
    answer_part = [s("No change on rack-1 in the last hour.", Q)]
    context = [
        s("Incident I1: dbe on node-02/gpu5.", INC),
        s("The top-ranked cause is ecc-dbe.", CARD, INC),
        s("It shows Xid 48.", INC),
    ]
    chosen = model_facts(answer_part + context, context_from=1)
    assert [x.text for x in chosen] == [
        "No change on rack-1 in the last hour.",
        "Incident I1: dbe on node-02/gpu5.",
    ]
    # the answer already names the incident: nothing of the context is repeated to the model
    named = [s("Incident I1 opened at 09:25 UTC.", INC), *answer_part]
    assert model_facts(named + context, context_from=2) == named


def test_answer_facts_are_capped_and_a_draft_without_context_is_taken_as_it_is() -> None:
    many = [s(f"Fact {i}.", Q) for i in range(MAX_FACTS + 3)]
    assert model_facts(many) == many[:MAX_FACTS]
    assert model_facts(many, context_from=len(many)) == many[:MAX_FACTS]


def test_a_change_question_beside_an_incident(reads: StoreChatReads) -> None:  # noqa: F811
    model = ScriptedModel("No change on node-02. [cite: Q1]\n")
    got = answer("what changed on node-02 in the last hour?", reads=reads, now=T0 + 60, model=model)
    facts = [line for line in model.prompts[0].splitlines() if line.startswith("- ")]
    assert sum("Incident" in f for f in facts) == 1, facts
    assert not any("top-ranked cause" in f for f in facts), facts
    # the person still gets the incident's context when the model's answer is not used
    plain = answer("what changed on node-02 in the last hour?", reads=reads, now=T0 + 60)
    assert any("top-ranked cause" in x.text for x in plain.sentences)
    assert got.sentences
