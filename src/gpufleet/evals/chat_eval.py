"""The chat assistant's eval: operator questions over recorded incidents, with the facts each
answer must state and the sources it must cite (``evals/chat/questions.yaml``, data).

Scored per answer: the expected facts present (case-insensitive; a fact given as a list is any
one of them), every citation valid (its id is one the sources really hold: an incident, its
evidence, an approval in the store, a knowledge-base card or runbook, a catalog Xid, or a query
a tool ran), the expected citations present, no invented id, and nothing executed (no approval
decided or consumed by the chat; a proposal stays pending). The sessions are opened by the
caller (``cli/chat_eval.py``), so this module is pure scoring over what they return.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from gpufleet.agents.chat.answer import ChatAnswer, CitationKind

QUESTIONS = Path(__file__).parent / "chat" / "questions.yaml"
# the held-out set: written by someone who had not read the chat code, frozen before it changed
HELDOUT = Path(__file__).parent / "chat" / "heldout" / "questions.yaml"
PACKAGE = Path(__file__).resolve().parent.parent  # src/gpufleet
REPO = PACKAGE.parent.parent  # the checkout (recording paths may start with src/gpufleet/)
TARGET_FACTS = 0.9
TARGET_VALID_CITATIONS = 1.0
# the chat's own lookups that are not a fleet tool's query (agents.chat.gather's labels)
_LOOKUP = re.compile(
    r"^(incidents( open| touching \S+)?|approvals status=pending|xid \d+|knowledge search"
    r"|actions|changes\.recent|metrics\.history|waste)$"
)


class ChatEvalFormatError(ValueError):
    pass


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ExpectedCitation(_Strict):
    kind: CitationKind
    id: str | None = None  # None: any id of this kind


class ChatQuestion(_Strict):
    id: str
    recording: str | None  # None: a knowledge question, asked with no state at all
    question: str = Field(min_length=1, max_length=2000)
    about_incident: bool = False  # asked on the page of the recording's first paged incident
    facts: list[str | list[str]] = Field(default_factory=list)
    must_not: list[str] = Field(default_factory=list)  # any of these in the answer: a miss
    cite: list[ExpectedCitation] = Field(default_factory=list)
    intent: str = ""  # the writer's label (reported, never given to the chat)
    source: str = ""  # where the phrasing came from
    turn: int = Field(default=1, ge=1)
    follows: str | None = None  # asked in the same conversation, after this question


class QuestionSet(_Strict):
    recordings: dict[str, str]  # name → folder (relative to the repository root or package)
    questions: list[ChatQuestion] = Field(min_length=1)

    def folder(self, name: str) -> Path:
        """A recording's folder: the path as written, under the package or the checkout."""
        rel = self.recordings[name]
        return next((b / rel for b in (PACKAGE, REPO) if (b / rel).is_dir()), PACKAGE / rel)


def load_questions(path: Path = QUESTIONS) -> QuestionSet:
    try:
        qs = QuestionSet.model_validate(yaml.safe_load(path.read_text()))
    except (OSError, yaml.YAMLError, ValidationError) as e:
        raise ChatEvalFormatError(f"{path}: {e}") from None
    unknown = sorted({q.recording for q in qs.questions if q.recording} - set(qs.recordings))
    if unknown:
        raise ChatEvalFormatError(f"{path}: questions name unknown recordings {unknown}")
    dupes = sorted({q.id for q in qs.questions if [x.id for x in qs.questions].count(q.id) > 1})
    if dupes:
        raise ChatEvalFormatError(f"{path}: duplicate question ids {dupes}")
    _check_follows(path, qs.questions)
    return qs


def _check_follows(path: Path, questions: list[ChatQuestion]) -> None:
    """A follow-up names an earlier question of the same recording (it is asked after it)."""
    seen: dict[str, str | None] = {}
    for q in questions:
        if q.follows is not None and (q.follows not in seen or seen[q.follows] != q.recording):
            raise ChatEvalFormatError(
                f"{path}: {q.id} follows {q.follows!r}, not an earlier question of its recording"
            )
        seen[q.id] = q.recording


@dataclass(frozen=True)
class KnownIds:
    """What the sources hold, read independently of the answer (the eval's ground truth)."""

    incidents: frozenset[str]
    evidence: frozenset[str]
    approvals: frozenset[str]
    cards: frozenset[str]
    runbooks: frozenset[str]
    xids: frozenset[str]
    queries: frozenset[str]  # the queries the tools returned during this answer

    def valid(self, kind: str, id_: str) -> bool:
        table = {
            "incident": self.incidents,
            "evidence": self.evidence,
            "approval": self.approvals,
            "card": self.cards,
            "runbook": self.runbooks,
            "xid": self.xids,
        }
        if kind == "query":
            return id_ in self.queries or bool(_LOOKUP.match(id_))
        return id_ in table.get(kind, frozenset())


@dataclass(frozen=True)
class QuestionScore:
    question: ChatQuestion
    answer: ChatAnswer | None
    facts_found: int
    facts_total: int
    missing_facts: list[str]
    invalid_citations: list[str]
    missing_citations: list[str]
    executed: list[str]  # approvals the chat decided or consumed (must stay empty)
    error: str | None = None
    forbidden: tuple[str, ...] = ()  # must_not strings the answer states
    # seconds to the first streamed model token and to the final answer (measured by the
    # caller at its edge; None with no model, or when the model sent nothing)
    ttft_s: float | None = None
    total_s: float | None = None

    @property
    def ok(self) -> bool:
        return (
            self.error is None
            and not self.missing_facts
            and not self.invalid_citations
            and not self.missing_citations
            and not self.executed
            and not self.forbidden
        )


def score_answer(
    q: ChatQuestion, answer: ChatAnswer, known: KnownIds, executed: list[str]
) -> QuestionScore:
    text = answer.text.lower()
    missing = []
    for fact in q.facts:
        options = fact if isinstance(fact, list) else [fact]
        if not any(o.lower() in text for o in options):
            missing.append(" | ".join(options))
    invalid = [f"{c.kind}:{c.id}" for c in answer.citations if not known.valid(c.kind, c.id)]
    cited = {(c.kind, c.id) for c in answer.citations}
    kinds = {c.kind for c in answer.citations}
    want_missing = [
        f"{w.kind}:{w.id or '*'}"
        for w in q.cite
        if not ((w.kind, w.id) in cited if w.id is not None else w.kind in kinds)
    ]
    return QuestionScore(
        question=q,
        answer=answer,
        facts_found=len(q.facts) - len(missing),
        facts_total=len(q.facts),
        missing_facts=missing,
        invalid_citations=invalid,
        missing_citations=want_missing,
        executed=executed,
        forbidden=tuple(m for m in q.must_not if m.lower() in text),
    )


@dataclass
class ChatEvalResult:
    column: str  # "no-model" or the model's name
    scores: list[QuestionScore] = field(default_factory=list)

    @property
    def facts_rate(self) -> float:
        total = sum(s.facts_total for s in self.scores)
        return sum(s.facts_found for s in self.scores) / total if total else 1.0

    @property
    def citations(self) -> int:
        return sum(len(s.answer.citations) for s in self.scores if s.answer is not None)

    @property
    def valid_citation_rate(self) -> float:
        bad = sum(len(s.invalid_citations) for s in self.scores)
        return 1 - bad / self.citations if self.citations else 1.0

    @property
    def invented(self) -> int:
        return sum(len(s.invalid_citations) for s in self.scores)

    @property
    def executed(self) -> int:
        return sum(len(s.executed) for s in self.scores)

    @property
    def model_answers(self) -> int:
        return sum(1 for s in self.scores if s.answer is not None and s.answer.mode == "model")

    def ttft_p50(self) -> float | None:
        """The median seconds to the first streamed model token (None: no model text)."""
        ttfts = sorted(s.ttft_s for s in self.scores if s.ttft_s is not None)
        return ttfts[len(ttfts) // 2] if ttfts else None

    @property
    def passed(self) -> bool:
        return (
            self.facts_rate >= TARGET_FACTS
            and self.valid_citation_rate >= TARGET_VALID_CITATIONS
            and self.executed == 0
            and not any(s.error for s in self.scores)
        )


def markdown(results: Iterable[ChatEvalResult]) -> str:
    rows = [
        "## CHAT: operator questions over recorded incidents",
        "",
        "| answers | questions | facts correct | valid citations | invented ids | executed "
        "| model answers | stated a must-not | all-correct answers | first model token (p50) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    failures: list[str] = []
    for r in results:
        ok = sum(1 for s in r.scores if s.ok)
        rows.append(
            f"| {r.column} | {len(r.scores)} | {r.facts_rate:.1%} | {r.valid_citation_rate:.1%} "
            f"| {r.invented} | {r.executed} | {r.model_answers} "
            f"| {sum(1 for s in r.scores if s.forbidden)} | {ok}/{len(r.scores)} "
            f"| {_seconds(r.ttft_p50())} |"
        )
        failures += [_failure(r.column, s) for s in r.scores if not s.ok]
    rows += [
        "",
        f"Targets: facts ≥ {TARGET_FACTS:.0%}, valid citations {TARGET_VALID_CITATIONS:.0%}, "
        "nothing executed.",
    ]
    if failures:
        rows += ["", "### Answers that missed something", "", *failures]
    return "\n".join(rows)


def _seconds(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f} s"


def _failure(column: str, s: QuestionScore) -> str:
    parts = [f"- [{column}] `{s.question.id}` ({s.question.question!r}):"]
    if s.error:
        parts.append(f"error {s.error}")
    if s.missing_facts:
        parts.append(f"missing facts {s.missing_facts}")
    if s.missing_citations:
        parts.append(f"missing citations {s.missing_citations}")
    if s.invalid_citations:
        parts.append(f"INVALID citations {s.invalid_citations}")
    if s.executed:
        parts.append(f"EXECUTED {s.executed}")
    if s.forbidden:
        parts.append(f"STATES what it must not {list(s.forbidden)}")
    return " ".join(parts)


def to_json(results: Iterable[ChatEvalResult]) -> dict[str, Any]:
    return {
        "chat": [
            {
                "column": r.column,
                "questions": len(r.scores),
                "facts_rate": r.facts_rate,
                "valid_citation_rate": r.valid_citation_rate,
                "invented_ids": r.invented,
                "executed": r.executed,
                "model_answers": r.model_answers,
                "ttft_p50_s": r.ttft_p50(),
                "passed": r.passed,
                "answers": [
                    {
                        "id": s.question.id,
                        "ok": s.ok,
                        "missing_facts": s.missing_facts,
                        "missing_citations": s.missing_citations,
                        "invalid_citations": s.invalid_citations,
                        "executed": s.executed,
                        "forbidden": list(s.forbidden),
                        "error": s.error,
                        "mode": s.answer.mode if s.answer else None,
                        "text": s.answer.text if s.answer else None,
                        "ttft_s": s.ttft_s,
                        "total_s": s.total_s,
                    }
                    for s in r.scores
                ],
            }
            for r in results
        ]
    }


Answerer = Callable[[ChatQuestion], tuple[ChatAnswer, KnownIds, list[str]]]
