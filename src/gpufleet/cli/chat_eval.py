"""``gpufleet eval --only CHAT``: the question set (:mod:`evals.chat_eval`) asked of the chat
over each recorded incident it names, in no-model mode and, with ``--llm``, with that model.

Each recording is opened once per column (:func:`cli.chat_session.open_recorded`: the NOC and
a deterministic diagnosis into a temporary state directory). The reads are wrapped to note
every query the tools return, and the valid ids are read from the sources themselves, not
from the answer.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from gpufleet.agents.chat.answer import (
    AnswerDelta,
    ChatAnswer,
    HistoryTurn,
    ProposedAction,
    TokenDelta,
)
from gpufleet.agents.chat.reads import CardHit, IncidentFacts, WasteReport
from gpufleet.agents.chat.stream import iter_answer
from gpufleet.cli.chat_session import ChatSession, open_empty, open_recorded
from gpufleet.cli.common import UsageError
from gpufleet.evals.chat_eval import (
    HELDOUT,
    QUESTIONS,
    ChatEvalFormatError,
    ChatEvalResult,
    ChatQuestion,
    KnownIds,
    QuestionScore,
    QuestionSet,
    load_questions,
    markdown,
    score_answer,
    to_json,
)
from gpufleet.graph.approvals.store import ApprovalRecord
from gpufleet.graph.tools import ToolResult
from gpufleet.knowledge import xid as xid_catalog
from gpufleet.service.chat.reads import StoreChatReads


@dataclass
class NotingReads:
    """The session's reads, noting every query a tool returned (valid query citations)."""

    inner: StoreChatReads
    queries: set[str] = field(default_factory=set)

    def incidents(self) -> list[IncidentFacts]:
        return self.inner.incidents()

    def approvals(self, incident_id: str | None = None) -> list[ApprovalRecord]:
        return self.inner.approvals(incident_id)

    def search_cards(self, text: str, xids: tuple[int, ...] = ()) -> list[CardHit]:
        return self.inner.search_cards(text, xids)

    def card_action(self, card_id: str) -> str:
        return self.inner.card_action(card_id)

    def fleet_read(self, tool: str, args: dict[str, Any]) -> ToolResult | None:
        res = self.inner.fleet_read(tool, args)
        if res is not None and res.query:
            self.queries.add(res.query)
        return res

    def waste(self, start: float, end: float) -> WasteReport | None:
        rep = self.inner.waste(start, end)
        if rep is not None:
            self.queries.add(rep.query)
        return rep

    def propose(
        self, incident_id: str, tool: str, args: dict[str, Any], reason: str, now: float
    ) -> ProposedAction:
        return self.inner.propose(incident_id, tool, args, reason, now)


def known_ids(reads: NotingReads) -> KnownIds:
    facts = reads.incidents()
    kb = reads.inner.retriever().kb
    return KnownIds(
        incidents=frozenset(f.incident.incident_id for f in facts),
        evidence=frozenset(
            e.evidence_id for f in facts if f.diagnosis for e in f.diagnosis.evidence
        ),
        approvals=frozenset(r.approval_id for r in reads.approvals()),
        cards=frozenset(kb.cards),
        runbooks=frozenset(kb.runbooks),
        xids=frozenset(str(c) for c in xid_catalog.catalog()),
        queries=frozenset(reads.queries),
    )


def _state(reads: NotingReads) -> dict[str, tuple[str, bool]]:
    return {r.approval_id: (r.status, r.consumed) for r in reads.approvals()}


def executed_by(
    before: dict[str, tuple[str, bool]], after: dict[str, tuple[str, bool]]
) -> list[str]:
    """Approvals the answer decided or consumed: a changed state, or a new one not pending."""
    return [
        f"{aid}: {before.get(aid)} -> {now}"
        for aid, now in after.items()
        if (aid in before and before[aid] != now)
        or (aid not in before and now != ("pending", False))
    ]


def ask_one(
    session: ChatSession,
    q: ChatQuestion,
    first_incident: str | None,
    history: tuple[HistoryTurn, ...] = (),
) -> QuestionScore:
    reads = NotingReads(session.reads)
    before = _state(reads)
    try:
        ans, ttft, total = timed_answer(session, reads, q, first_incident, history)
    except Exception as e:
        return QuestionScore(
            q, None, 0, len(q.facts), [], [], [], [], error=f"{type(e).__name__}: {e}"
        )
    executed = executed_by(before, _state(reads))
    executed += [f"proposal {p.tool} executed" for p in ans.proposed if p.executed]
    score = score_answer(q, ans, known_ids(reads), executed)
    return dataclasses.replace(score, ttft_s=ttft, total_s=total)


def timed_answer(
    session: ChatSession,
    reads: NotingReads,
    q: ChatQuestion,
    first_incident: str | None,
    history: tuple[HistoryTurn, ...] = (),
) -> tuple[ChatAnswer, float | None, float]:
    """The answer, the seconds to its first streamed model token (None: no model text) and
    to the answer (this edge's monotonic clock; nothing decides on them)."""
    started = time.monotonic()
    ttft: float | None = None
    final: ChatAnswer | None = None
    for delta in iter_answer(
        q.question,
        reads=reads,
        now=session.now(),
        model=session.model,
        incident_id=first_incident if q.about_incident else None,
        history=history,
    ):
        if ttft is None and isinstance(delta, TokenDelta) and delta.line is not None:
            ttft = time.monotonic() - started
        if isinstance(delta, AnswerDelta):
            final = delta.answer
    assert final is not None
    return final, ttft, time.monotonic() - started


def _progress_line(column: str, s: QuestionScore) -> str:
    ttft = f" ttft {s.ttft_s:.1f}s" if s.ttft_s is not None else ""
    mode = s.answer.mode if s.answer else "error"
    return (
        f"CHAT {column}: {s.question.id} {'ok' if s.ok else 'MISS'} {mode} facts "
        f"{s.facts_found}/{s.facts_total} invalid-cites {len(s.invalid_citations)} executed "
        f"{len(s.executed)}{ttft} total {s.total_s or 0:.1f}s\n"
    )


def run_column(
    llm: str | None,
    config: str | None,
    progress: TextIO | None,
    questions_file: Path = QUESTIONS,
    recordings: set[str] | None = None,
) -> ChatEvalResult:
    """One column of the eval: every question (of ``recordings``, when given) asked with no
    model (``llm`` None) or with that backend. Knowledge questions (no recording) are asked
    with no state at all."""
    qs = load_questions(questions_file)
    column = "no-model" if llm is None else f"--llm {llm}"
    result = ChatEvalResult(column=f"{column} · {_set_name(questions_file)}")
    names: list[str | None] = [*qs.recordings, None]
    for name in names:
        if recordings is not None and name not in recordings:
            continue
        questions = [q for q in qs.questions if q.recording == name]
        if questions:
            _ask_recording(qs, name, questions, llm, config, progress, result)
    return result


def _set_name(path: Path) -> str:
    return "held-out" if path.resolve() == HELDOUT.resolve() else path.name


def _ask_recording(
    qs: QuestionSet,
    name: str | None,
    questions: list[ChatQuestion],
    llm: str | None,
    config: str | None,
    progress: TextIO | None,
    result: ChatEvalResult,
) -> None:
    """One session per recording; a follow-up is asked with its conversation so far."""
    session = (
        open_recorded(qs.folder(name), None, llm, config)
        if name is not None
        else open_empty(llm, config)
    )
    try:
        if llm is not None and session.model is None:
            result.column += f" (model not available: {'; '.join(session.notes)})"
        paged = session.reads.incidents()
        first = paged[-1].incident.incident_id if paged else None
        talks: dict[str, tuple[HistoryTurn, ...]] = {}
        for q in questions:
            history = talks.get(q.follows, ()) if q.follows else ()
            score = ask_one(session, q, first, history)
            said = score.answer.text if score.answer else ""
            talks[q.id] = (
                *history,
                HistoryTurn(role="user", text=q.question[:4000]),
                HistoryTurn(role="assistant", text=said[:4000]),
            )
            result.scores.append(score)
            if progress is not None:
                progress.write(_progress_line(result.column, score))
                progress.flush()
    finally:
        session.close()


def cmd_chat_eval(args: argparse.Namespace, out: TextIO) -> int:
    import sys  # noqa: PLC0415

    progress = None if (args.json or args.quiet) else sys.stderr
    sets = [Path(args.suite)] if args.suite else [QUESTIONS, HELDOUT]
    try:
        columns = [run_column(None, None, progress, qs) for qs in sets]
        if args.llm:
            columns += [run_column(args.llm, None, progress, qs) for qs in sets]
    except ChatEvalFormatError as e:
        raise UsageError(str(e)) from None
    if progress is not None:
        progress.write("\n")
    text = markdown(columns)
    if args.report:
        folder = Path(args.report)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "chat.md").write_text(text + "\n")
        (folder / "chat.json").write_text(json.dumps(to_json(columns), indent=2) + "\n")
    out.write((json.dumps(to_json(columns), indent=2) if args.json else text) + "\n")
    scored = [c for c in columns if c.model_answers or c.column.startswith("no-model")]
    return 0 if all(c.passed for c in scored) else 1
