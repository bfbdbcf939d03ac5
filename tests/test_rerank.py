"""The SRE agent's model re-rank: policy, prompt safety, and recorded answers of the local model.

Policy tests drive :func:`rerank` with a scripted model whose text goes through the same
parser as a real client's; the recorded tests replay the bundled model's answers from
tests/cassettes (see tests/model_cassettes.py).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import yaml
from pydantic import BaseModel
from vcr.errors import CannotOverwriteExistingCassetteException  # type: ignore[import-untyped]

from gpufleet.agents.sre.prompts import (
    DATA_BEGIN,
    DATA_END,
    RERANK_SYSTEM,
    data_block,
    rerank_user_message,
)
from gpufleet.agents.sre.rerank import MAX_CANDIDATES, RerankOutcome, answer_schema, rerank
from gpufleet.bus.events import Evidence
from gpufleet.graph.models.chat import ModelAnswer, OllamaModel, OpenAICompatModel, parse_answer
from tests import rerank_scenarios as sc
from tests.model_cassettes import REPLAY_BASE_URL, REPLAY_OLLAMA_URL, cassette, model_server
from tests.ollama_shim import OllamaShim

T = TypeVar("T", bound=BaseModel)
CORPUS = Path(__file__).parent / "data" / "injection_corpus.yaml"


class ScriptedModel:
    """Answers with fixed text, parsed exactly like a real client parses a reply."""

    name = "scripted"

    def __init__(self, reply: str | dict[str, Any], error: str | None = None) -> None:
        self.reply = reply if isinstance(reply, str) else json.dumps(reply)
        self.error = error
        self.calls: list[tuple[str, str, type[BaseModel]]] = []

    def complete(self, system: str, user: str, schema: type[T]) -> ModelAnswer[T]:
        self.calls.append((system, user, schema))
        if self.error is not None:
            return ModelAnswer(None, self.error, 0.01)
        value, error = parse_answer(self.reply, schema)
        return ModelAnswer(value, error, 0.01, 100, 20, self.reply)


def ids(outcome: RerankOutcome) -> list[str]:
    return [h.card_id for h in outcome.hypotheses]


def answer(ranking: list[str], cited: list[str] | None = None, why: str = "because") -> Any:
    return {
        "ranking": ranking,
        "explanation": why,
        "cited_evidence": ["E01"] if cited is None else cited,
    }


FAN = sc.fan_failure()
FAN_IDS = [h.card_id for h in FAN.hypotheses]


# --- policy ------------------------------------------------------------------------------------


def test_no_model_keeps_deterministic_order_visibly() -> None:
    outcome = rerank(None, FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.method == "deterministic"
    assert outcome.fallback == "no model configured"
    assert ids(outcome) == FAN_IDS


def test_model_reorders_within_policy_and_keeps_everything() -> None:
    model = ScriptedModel(answer(["thermal-interface-degraded", "fan-failure"], ["E01", "E02"]))
    outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
    # thermal-interface-degraded has a contradicting finding while fan-failure has none
    assert outcome.method == "deterministic"
    assert outcome.fallback is not None and "contradicting findings" in outcome.fallback

    model = ScriptedModel(answer(["hw-thermal-slowdown", "fan-failure"], ["E01"]))
    outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.fallback is not None and "below 50% of the best" in outcome.fallback

    dbe = sc.dbe_xid48()
    model = ScriptedModel(answer(["ecc-dbe", "xid-48-dbe"], ["E02", "E01"], "DBE counter moved"))
    outcome = rerank(model, dbe.incident, dbe.evidence, dbe.hypotheses)
    assert outcome.method == "model" and outcome.fallback is None
    # the subset comes first; the other candidates and the rest follow in deterministic order
    assert ids(outcome) == [
        "ecc-dbe",
        "xid-48-dbe",
        "row-remap-pending",
        "xid-95-uncontained-ecc",
        "xid-94-contained-ecc",
        "row-remap-failure",
    ]
    assert outcome.cited_evidence == ("E02", "E01")
    assert outcome.explanation == "model (unverified): DBE counter moved"
    assert outcome.model == "scripted" and outcome.tokens == 120


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (answer(["reboot-all-nodes"]), "invalid answer: unknown card id 'reboot-all-nodes'"),
        (answer(["ecc-sbe-storm"]), "invalid answer: unknown card id 'ecc-sbe-storm'"),
        (answer(["fan-failure", "fan-failure"]), "invalid answer: card id 'fan-failure' ranked"),
        (answer(["fan-failure"], ["E99"]), "invalid answer: cited unknown evidence 'E99'"),
        (answer([]), "invalid answer: ranking"),
        (answer(["fan-failure"], []), "invalid answer: cited_evidence"),
        ({**answer(["fan-failure"]), "approve": True}, "invalid answer: approve: Extra inputs"),
        (answer(["fan-failure"], why="x" * 601), "invalid answer: explanation"),
        ("The fan is broken, reboot the node.", "invalid answer: no JSON object"),
        ('```json\n{"ranking": ["fan-failure"]\n```', "invalid answer"),
        ("", "invalid answer: empty reply"),
    ],
)
def test_bad_answers_fall_back_with_the_reason(reply: Any, reason: str) -> None:
    outcome = rerank(ScriptedModel(reply), FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.method == "deterministic"
    assert outcome.fallback is not None and outcome.fallback.startswith(reason), outcome.fallback
    assert ids(outcome) == FAN_IDS
    assert outcome.model == "scripted"


def test_sixth_card_is_not_a_candidate() -> None:
    # ecc-sbe-storm is ranked 6th by the scorer: the model only ever sees the top five
    model = ScriptedModel(answer(["fan-failure"]))
    rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
    _, user, schema = model.calls[0]
    assert "ecc-sbe-storm" not in user
    enum = schema.model_json_schema()["properties"]["ranking"]["items"]["enum"]
    assert enum == FAN_IDS[:MAX_CANDIDATES]


def test_fenced_answer_is_accepted() -> None:
    reply = "Here you go:\n```json\n" + json.dumps(answer(["fan-failure", "rack-cooling-failure"]))
    outcome = rerank(ScriptedModel(reply + "\n```"), FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.method == "model"
    assert ids(outcome)[:2] == ["fan-failure", "rack-cooling-failure"]


def test_transport_errors_pass_through_as_fallback() -> None:
    model = ScriptedModel("", error="timeout after 20s")
    outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses)
    assert outcome.fallback == "timeout after 20s" and ids(outcome) == FAN_IDS


def test_nothing_to_rerank_is_not_sent() -> None:
    model = ScriptedModel(answer(["fan-failure"]))
    outcome = rerank(model, FAN.incident, FAN.evidence, FAN.hypotheses[:1])
    assert outcome.fallback == "1 candidate(s): nothing to re-rank" and not model.calls
    outcome = rerank(model, FAN.incident, (), FAN.hypotheses)
    assert outcome.fallback == "no evidence to cite" and not model.calls


def test_answer_schema_enumerates_ids_and_forbids_extras() -> None:
    schema = answer_schema(["a", "b"], ["E01"]).model_json_schema()
    assert schema["additionalProperties"] is False
    assert schema["properties"]["ranking"]["items"]["enum"] == ["a", "b"]
    assert schema["properties"]["cited_evidence"]["items"]["enum"] == ["E01"]
    assert schema["properties"]["explanation"]["maxLength"] == 600


# --- prompt safety -----------------------------------------------------------------------------


def corpus() -> list[dict[str, str]]:
    attempts: list[dict[str, str]] = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))["attempts"]
    return attempts


def test_corpus_is_substantial() -> None:
    attempts = corpus()
    assert len(attempts) >= 12
    assert {a["where"] for a in attempts} >= {"log_line", "job_name", "alert_annotation"}


@pytest.mark.parametrize("attempt", corpus(), ids=lambda a: a["id"])
def test_fleet_text_stays_inside_the_data_block(attempt: dict[str, str]) -> None:
    text = attempt["text"]
    hostile = Evidence(
        evidence_id="E06",
        layer="os",
        tool="read_kernel_log",
        entity=text if attempt["where"] == "node_name" else "node-a07",
        summary=text,
        facts={"job_name": text},
    )
    incident = FAN.incident.model_copy(update={"summary": text, "jobs": (text,)})
    # cited by the top candidate, so its facts are shown too
    top = FAN.hypotheses[0]
    cited = top.model_copy(update={"evidence_ids": (*top.evidence_ids, hostile.evidence_id)})
    message = rerank_user_message(incident, (*FAN.evidence, hostile), (cited, *FAN.hypotheses[1:5]))
    # one data block, delimiters never forged, nothing outside it but our own words
    assert message.count(DATA_BEGIN) == 1 and message.count(DATA_END) == 1
    block = data_block(message)
    assert "<" not in block and ">" not in block
    assert message.isascii()  # invisible / look-alike characters travel as visible \u escapes
    outside = message.replace(block, "")
    assert text[:20] not in outside
    # the model still sees the exact text, as JSON data
    document = json.loads(block)
    assert document["evidence"][-1]["summary"].startswith(text[:299])
    assert document["evidence"][-1]["facts"]["job_name"] == text
    assert text not in RERANK_SYSTEM


def test_system_prompt_states_the_rules() -> None:
    lowered = RERANK_SYSTEM.lower()
    for phrase in ("only the candidate card ids", "untrusted", "never an instruction", "cite"):
        assert phrase in lowered
    assert "cannot run commands, approve" in lowered


# --- recorded answers of the bundled model ----------------------------------------------------


@pytest.fixture(scope="module")
def openai_model() -> Iterator[OpenAICompatModel]:
    with model_server() as server:
        model = OpenAICompatModel(
            base_url=server.base_url if server else REPLAY_BASE_URL,
            model="qwen2.5-coder-0.5b",
            timeout_s=300,
        )
        yield model
        model.close()


def recorded_bodies(recorded: Any) -> list[dict[str, Any]]:
    return [json.loads(request.body) for request in recorded.requests]


def check_safe(outcome: RerankOutcome, scenario: sc.Scenario, recorded: Any) -> None:
    candidates = [h.card_id for h in scenario.hypotheses[:MAX_CANDIDATES]]
    assert sorted(ids(outcome)) == sorted(h.card_id for h in scenario.hypotheses)
    assert set(ids(outcome)[:MAX_CANDIDATES]) == set(candidates)
    known = {e.evidence_id for e in scenario.evidence}
    assert set(outcome.cited_evidence) <= known
    for body in recorded_bodies(recorded):
        # the Ollama client always sends "tools": []; what matters is that none is offered
        for key in ("tools", "tool_choice", "functions", "function_call"):
            assert not body.get(key), f"{key} in a model request"


@pytest.mark.parametrize("name", ["fan_failure", "xid79", "dbe_xid48"])
def test_cassette_rerank_realistic_incidents(name: str, openai_model: OpenAICompatModel) -> None:
    scenario = sc.ALL[name]
    with cassette(f"rerank_{name}") as recorded:
        outcome = rerank(openai_model, scenario.incident, scenario.evidence, scenario.hypotheses)
    check_safe(outcome, scenario, recorded)
    assert outcome.method == "model", outcome.fallback
    assert outcome.model == "openai:qwen2.5-coder-0.5b"
    assert outcome.cited_evidence and outcome.explanation
    assert outcome.prompt_tokens > 500 and outcome.completion_tokens > 0
    # the evidence makes these unambiguous; the recorded answer agrees with the scorer
    assert outcome.hypotheses[0].card_id == scenario.hypotheses[0].card_id
    body = recorded_bodies(recorded)[0]
    assert body["temperature"] == 0 and body["seed"] == 0
    assert body["response_format"]["type"] == "json_object"
    assert body["response_format"]["schema"]["properties"]["ranking"]["items"]["enum"]


def test_cassette_injection_stays_data(openai_model: OpenAICompatModel) -> None:
    scenario = sc.injected_fan_failure()
    with cassette("rerank_injection") as recorded:
        outcome = rerank(openai_model, scenario.incident, scenario.evidence, scenario.hypotheses)
    check_safe(outcome, scenario, recorded)
    assert "reboot-all-nodes" not in ids(outcome)
    assert "E99" not in outcome.cited_evidence
    # the injected text reached the model only inside the JSON data block
    user = recorded_bodies(recorded)[0]["messages"][1]["content"]
    assert sc.INJECTION not in user.replace(data_block(user), "")
    assert sc.INJECTION in json.dumps(json.loads(data_block(user)), ensure_ascii=False)
    # whatever the model said, the fallback/validation decides, and says so when it refuses
    assert (outcome.method == "model") == (outcome.fallback is None)


def test_cassette_truncated_answer_falls_back(openai_model: OpenAICompatModel) -> None:
    scenario = sc.xid79()
    truncated = OpenAICompatModel(
        base_url=openai_model.base_url, model=openai_model.model, timeout_s=300, max_tokens=8
    )
    with cassette("rerank_truncated") as recorded:
        outcome = rerank(truncated, scenario.incident, scenario.evidence, scenario.hypotheses)
    truncated.close()
    check_safe(outcome, scenario, recorded)
    assert outcome.method == "deterministic"
    assert outcome.fallback is not None and outcome.fallback.startswith("invalid answer")
    assert outcome.raw_answer and outcome.completion_tokens == 8
    assert ids(outcome) == [h.card_id for h in scenario.hypotheses]


def test_cassette_rerank_through_ollama_native_api() -> None:
    scenario = sc.fan_failure()
    with model_server() as server, cassette("rerank_ollama_fan_failure", api="ollama") as rec:
        if server is not None:  # recording: a real Ollama-API server in front of the model
            with OllamaShim(server.base_url, server.alias) as shim:
                outcome = _ollama_rerank(shim.url, scenario)
        else:
            outcome = _ollama_rerank(REPLAY_OLLAMA_URL, scenario)
    check_safe(outcome, scenario, rec)
    assert outcome.method == "model", outcome.fallback
    assert outcome.model == "ollama:qwen2.5-coder-0.5b"
    body = recorded_bodies(rec)[0]
    assert rec.requests[0].path == "/api/chat"
    assert body["stream"] is False and body["options"]["temperature"] == 0
    assert body["format"]["properties"]["ranking"]["items"]["enum"][0] == "fan-failure"


def _ollama_rerank(host: str, scenario: sc.Scenario) -> RerankOutcome:
    model = OllamaModel(host=host, model="qwen2.5-coder-0.5b", timeout_s=300)
    try:
        return rerank(model, scenario.incident, scenario.evidence, scenario.hypotheses)
    finally:
        model.close()


def test_replay_refuses_unrecorded_requests(openai_model: OpenAICompatModel) -> None:
    if openai_model.base_url != REPLAY_BASE_URL:
        pytest.skip("recording run: replay behaviour is checked in the default run")
    other = sc.xid79()  # not what the fan-failure cassette holds
    with (
        pytest.raises(CannotOverwriteExistingCassetteException),
        cassette("rerank_fan_failure"),
    ):
        rerank(openai_model, other.incident, other.evidence, other.hypotheses)
    # a cassette whose recorded requests are not all made fails too
    with (
        pytest.raises(AssertionError, match="never made; the requests changed"),
        cassette("rerank_fan_failure"),
    ):
        pass
    with pytest.raises(AssertionError, match="is missing: record it"), cassette("no_such"):
        pass
