"""The model's re-rank of the deterministic hypotheses, behind an evidence-first policy.

The deterministic scorer stays the authority; a model may reorder its top candidates and explain
the order with evidence citations. Every way this can go wrong (no model, timeout, unreachable
server, malformed or invalid answer, a pick the policy refuses) yields the deterministic order
with the reason in ``fallback``: visible, never silent.

Policy (evidence-first): the model ranks only the top :data:`MAX_CANDIDATES` cards, may return a
subset (the rest keep their deterministic order after it), and its top pick must

- score at least :data:`MIN_TOP_SHARE` of the best deterministic score: the model may break
  near-ties and choose between comparably supported cards, where wording and context matter,
  but may not promote a card the evidence barely supports over one it strongly supports
  (the top card picks the runbook, so this bounds what a wrong or manipulated answer can do);
- carry no contradicting findings unless the deterministic best does too: a card the evidence
  rules out cannot become the diagnosis by argument alone;
- lead to a plan that passes :func:`agents.sre.plan.safety_regression` against the plan of the
  deterministic best: not of a lower safety class (a notify-only runbook may not replace a
  drain the evidence calls for), no higher risk, no entity the evidence's plan leaves alone.

The model ranks and explains; it never approves, never widens a target set, never raises a
risk budget. Its explanation is shown marked and cleaned (:func:`graph.models.chat.
shown_model_text`), and so is any model text quoted in a fallback reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, create_model

from gpufleet.agents.sre.plan import make_plan, safety_regression
from gpufleet.agents.sre.prompts import RERANK_SYSTEM, rerank_user_message, select_evidence
from gpufleet.bus.events import Evidence, Hypothesis, Incident
from gpufleet.graph.models.chat import (
    StructuredModel,
    clean_text,
    shown_model_text,
    trim_to_sentence,
)
from gpufleet.knowledge.store import KnowledgeBase

MAX_CANDIDATES = 5
MIN_TOP_SHARE = 0.5
MAX_EXPLANATION = 600
MAX_FALLBACK = 400


class RerankAnswer(BaseModel):
    """What the model must answer."""

    model_config = ConfigDict(extra="forbid")

    ranking: list[str] = Field(min_length=1, max_length=MAX_CANDIDATES)
    explanation: str = Field(max_length=MAX_EXPLANATION)
    cited_evidence: list[str] = Field(min_length=1)


def _whole_sentences(explanation: str, truncated: bool) -> str:
    """The explanation, cut back to its last full sentence (and marked) when the model was
    stopped mid-way: by max_tokens, or at the schema's length cap that grammar-constrained
    servers enforce by closing the string wherever it stands."""
    if truncated or len(explanation) >= MAX_EXPLANATION - 1:
        return trim_to_sentence(explanation)
    return explanation


def answer_schema(card_ids: Sequence[str], evidence_ids: Sequence[str]) -> type[RerankAnswer]:
    """RerankAnswer whose JSON schema enumerates the allowed ids.

    Servers with grammar-constrained decoding (llama.cpp, Ollama, vLLM) then cannot emit an
    unknown id at all; validation below still checks, for servers that ignore the schema.
    """

    def ids(values: Sequence[str], limit: int) -> Any:
        return Field(
            min_length=1,
            max_length=limit,
            json_schema_extra={"items": {"type": "string", "enum": list(values)}},
        )

    schema: type[RerankAnswer] = create_model(
        "RerankAnswer",
        __base__=RerankAnswer,
        ranking=(list[str], ids(card_ids, len(card_ids))),
        cited_evidence=(list[str], ids(evidence_ids, max(1, len(evidence_ids)))),
    )
    return schema


@dataclass(frozen=True)
class RerankOutcome:
    hypotheses: tuple[Hypothesis, ...]  # final order, best first
    method: Literal["model", "deterministic"]
    model: str | None  # the model asked, when one was
    fallback: str | None  # why the model's order was not used; None when it was
    explanation: str = ""  # marked and cleaned (shown_model_text); "" when not used
    cited_evidence: tuple[str, ...] = ()
    latency_s: float | None = None
    prompt_tokens: int = 0
    completion_tokens: int = 0
    raw_answer: str = ""  # the model's text, for audit

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def _check(
    answer: RerankAnswer, candidates: Sequence[Hypothesis], evidence_ids: set[str]
) -> str | None:
    """What is wrong with a schema-valid answer, or None."""
    by_id = {h.card_id: h for h in candidates}
    seen: set[str] = set()
    for card_id in answer.ranking:
        if card_id not in by_id:
            return f"invalid answer: unknown card id {card_id!r}"
        if card_id in seen:
            return f"invalid answer: card id {card_id!r} ranked twice"
        seen.add(card_id)
    for evidence_id in answer.cited_evidence:
        if evidence_id not in evidence_ids:
            return f"invalid answer: cited unknown evidence {evidence_id!r}"
    best = candidates[0]
    pick = by_id[answer.ranking[0]]
    if pick.card_id == best.card_id:
        return None
    floor = best.score * MIN_TOP_SHARE if best.score > 0 else best.score
    if pick.score < floor:
        return (
            f"policy: model's top pick {pick.card_id} scores {pick.score:.2f}, below "
            f"{MIN_TOP_SHARE:.0%} of the best ({best.card_id} {best.score:.2f})"
        )
    if pick.contradicting and not best.contradicting:
        return (
            f"policy: model's top pick {pick.card_id} has contradicting findings "
            f"({', '.join(pick.contradicting)})"
        )
    return None


def _plan_check(
    kb: KnowledgeBase,
    incident: Incident,
    evidence: Sequence[Evidence],
    deterministic: Sequence[Hypothesis],
    reordered: Sequence[Hypothesis],
) -> str | None:
    """Policy on the plan: the model's top card may not lead to a milder, riskier or wider
    plan than the deterministic top's (:func:`agents.sre.plan.safety_regression`)."""
    if reordered[0].card_id == deterministic[0].card_id:
        return None
    # the cards' own runbooks: the vendor's guidance steers the plan after this choice
    chosen = make_plan(kb, incident, deterministic[:1], evidence, guided=False)
    proposed = make_plan(kb, incident, reordered[:1], evidence, guided=False)
    problem = safety_regression(chosen, proposed)
    if problem is None:
        return None
    return (
        f"policy: model's top pick {reordered[0].card_id} would change the plan: {problem}; "
        f"the runbook of {deterministic[0].card_id} stands"
    )


@cache
def _default_kb() -> KnowledgeBase:
    return KnowledgeBase.load()


def _reorder(ranking: Sequence[str], hypotheses: Sequence[Hypothesis]) -> tuple[Hypothesis, ...]:
    by_id = {h.card_id: h for h in hypotheses}
    first = [by_id[card_id] for card_id in ranking]
    chosen = set(ranking)
    return (*first, *(h for h in hypotheses if h.card_id not in chosen))


def rerank(
    model: StructuredModel | None,
    incident: Incident,
    evidence: Sequence[Evidence],
    hypotheses: Sequence[Hypothesis],
    kb: KnowledgeBase | None = None,
) -> RerankOutcome:
    """Ask ``model`` to re-rank the top deterministic hypotheses; fall back visibly.

    ``kb`` holds the runbooks the plan check compares (None: the bundled knowledge base)."""
    deterministic = tuple(hypotheses)

    def fallback(reason: str, **extra: Any) -> RerankOutcome:
        return RerankOutcome(
            hypotheses=deterministic,
            method="deterministic",
            model=model.name if model is not None else None,
            # reasons quote model text (ids, a piece of the reply): shown cleaned
            fallback=clean_text(reason, MAX_FALLBACK),
            **extra,
        )

    if model is None:
        return fallback("no model configured")
    candidates = deterministic[:MAX_CANDIDATES]
    if len(candidates) < 2:
        return fallback(f"{len(candidates)} candidate(s): nothing to re-rank")
    # the model may cite only what it was shown
    evidence_ids = [item.evidence_id for item in select_evidence(evidence, candidates)]
    if not evidence_ids:
        return fallback("no evidence to cite")

    answer = model.complete(
        RERANK_SYSTEM,
        rerank_user_message(incident, evidence, candidates),
        answer_schema([h.card_id for h in candidates], evidence_ids),
    )
    measured: dict[str, Any] = {
        "latency_s": answer.latency_s,
        "prompt_tokens": answer.prompt_tokens or 0,
        "completion_tokens": answer.completion_tokens or 0,
        "raw_answer": answer.raw,
    }
    if answer.value is None:
        return fallback(answer.error or "invalid answer: empty", **measured)
    problem = _check(answer.value, candidates, set(evidence_ids))
    if problem is not None:
        return fallback(problem, **measured)
    reordered = _reorder(answer.value.ranking, deterministic)
    problem = _plan_check(kb or _default_kb(), incident, evidence, deterministic, reordered)
    if problem is not None:
        return fallback(problem, **measured)
    return RerankOutcome(
        hypotheses=reordered,
        method="model",
        model=model.name,
        fallback=None,
        explanation=shown_model_text(_whole_sentences(answer.value.explanation, answer.truncated)),
        cited_evidence=tuple(dict.fromkeys(answer.value.cited_evidence)),
        **measured,
    )
