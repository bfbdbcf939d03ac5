"""The entry points front ends call: :func:`stream_answer` (async, token deltas then the
answer) and :func:`answer` (one call, for ``gpufleet chat --ask``).

Tokens are the *grounded* answer's text: a model's reply is checked (every citation id must be
one the tools returned) before any of it is shown, so a token stream never shows a sentence
grounding would remove.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Sequence

from agents.chat.answer import AnswerDelta, ChatAnswer, ChatDelta, HistoryTurn, TokenDelta
from agents.chat.graph import ChatDeps, build_chat_graph
from agents.chat.reads import ChatReads
from graph.models.chat import StructuredModel

_TOKEN = re.compile(r"\S+\s*")


def answer(
    question: str,
    *,
    reads: ChatReads,
    now: float,
    model: StructuredModel | None = None,
    incident_id: str | None = None,
    history: Sequence[HistoryTurn] = (),
) -> ChatAnswer:
    """Answer one question (see :mod:`agents.chat.graph`). ``now`` is the time the caller
    says it is: the wall clock live, the recording's end in a replay."""
    graph = build_chat_graph(ChatDeps(reads=reads, model=model))
    state = graph.invoke(
        {"question": question, "incident_id": incident_id, "history": list(history), "now": now}
    )
    result: ChatAnswer = state["answer"]
    return result


def tokens(text: str) -> list[str]:
    """The answer's text in word-sized pieces (whitespace kept, so they join back exactly)."""
    return _TOKEN.findall(text) or [text]


async def stream_answer(
    question: str,
    *,
    reads: ChatReads,
    now: float,
    model: StructuredModel | None = None,
    incident_id: str | None = None,
    history: Sequence[HistoryTurn] = (),
) -> AsyncIterator[ChatDelta]:
    """``{"type": "token", "text": …}`` deltas, then one ``{"type": "answer", "answer": …}``.
    The reads and the model call run in a worker thread (they block)."""
    result = await asyncio.to_thread(
        answer,
        question,
        reads=reads,
        now=now,
        model=model,
        incident_id=incident_id,
        history=history,
    )
    for piece in tokens(result.text):
        yield TokenDelta(text=piece)
        await asyncio.sleep(0)  # let the server flush each piece
    yield AnswerDelta(answer=result)
