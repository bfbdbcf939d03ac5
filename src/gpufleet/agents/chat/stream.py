"""The entry points front ends call: :func:`stream_answer` (async), :func:`iter_answer`
(blocking iterator) and :func:`answer` (the final answer only, for ``--ask --json``).

The stream, in order:

* with a model: the model-output mark, then the model's text as it is generated
  (``TokenDelta`` with its line number; cleaned, unverified), each line followed by its
  grounding verdict (``SentenceDelta``: kept with its citations, or removed and why);
* with no model, or when the model's reply could not be used: the no-model answer's text in
  word-sized pieces (``TokenDelta``, line None; they concatenate to the answer's text);
* last, always: the answer (``AnswerDelta``), grounded and final. It is what counts: it holds
  only kept sentences, or the no-model answer when the model's was refused.

The graph runs in a worker thread (the reads and the model call block); deltas reach the
caller through a queue as they are produced. Leaving the stream early stops the model.
"""

from __future__ import annotations

import asyncio
import queue
import re
import threading
from collections.abc import AsyncIterator, Iterator, Sequence

from gpufleet.agents.chat import understand
from gpufleet.agents.chat.answer import (
    AnswerDelta,
    ChatAnswer,
    ChatDelta,
    HistoryTurn,
    SentenceDelta,
    TokenDelta,
)
from gpufleet.agents.chat.graph import ChatDeps, build_chat_graph
from gpufleet.agents.chat.model import SYSTEM
from gpufleet.agents.chat.reads import ChatReads
from gpufleet.graph.models.chat import ModelStreamError, TextStreamModel

_TOKEN = re.compile(r"\S+\s*")
_END = object()


def tokens(text: str) -> list[str]:
    """The answer's text in word-sized pieces (whitespace kept, so they join back exactly)."""
    return _TOKEN.findall(text) or [text]


class AnswerRun:
    """One question answered in a worker thread; :meth:`next` gives its deltas in order
    (None after the answer), :meth:`stop` asks the model to stop (the caller left)."""

    def __init__(
        self,
        question: str,
        *,
        reads: ChatReads,
        now: float,
        model: TextStreamModel | None = None,
        incident_id: str | None = None,
        history: Sequence[HistoryTurn] = (),
    ) -> None:
        self._queue: queue.Queue[object] = queue.Queue()
        self._cancel = threading.Event()
        self._finished = False
        deps = ChatDeps(reads=reads, model=model, sink=self._queue.put, cancel=self._cancel)
        state = {
            "question": question,
            "incident_id": incident_id,
            "history": list(history),
            "now": now,
        }
        self._thread = threading.Thread(
            target=self._work, args=(deps, state), daemon=True, name="chat-answer"
        )
        self._thread.start()

    def _work(self, deps: ChatDeps, state: dict[str, object]) -> None:
        try:
            result: ChatAnswer = build_chat_graph(deps).invoke(state)["answer"]
            if result.mode == "no-model":
                for piece in tokens(result.text):
                    self._queue.put(TokenDelta(text=piece))
            self._queue.put(AnswerDelta(answer=result))
        except BaseException as e:  # re-raised in the caller's thread by next()
            self._queue.put(e)
        finally:
            self._queue.put(_END)

    def next(self) -> ChatDelta | None:
        if self._finished:
            return None
        item = self._queue.get()
        if item is _END:
            self._finished = True
            return None
        if isinstance(item, BaseException):
            self._finished = True
            raise item
        assert isinstance(item, TokenDelta | SentenceDelta | AnswerDelta)
        return item

    def stop(self) -> None:
        self._cancel.set()


def iter_answer(
    question: str,
    *,
    reads: ChatReads,
    now: float,
    model: TextStreamModel | None = None,
    incident_id: str | None = None,
    history: Sequence[HistoryTurn] = (),
) -> Iterator[ChatDelta]:
    """The deltas of one answer (module docstring), as they are produced."""
    run = AnswerRun(
        question, reads=reads, now=now, model=model, incident_id=incident_id, history=history
    )
    try:
        while (delta := run.next()) is not None:
            yield delta
    finally:
        run.stop()


def answer(
    question: str,
    *,
    reads: ChatReads,
    now: float,
    model: TextStreamModel | None = None,
    incident_id: str | None = None,
    history: Sequence[HistoryTurn] = (),
) -> ChatAnswer:
    """Answer one question (see :mod:`agents.chat.graph`). ``now`` is the time the caller
    says it is: the wall clock live, the recording's end in a replay."""
    final: ChatAnswer | None = None
    for delta in iter_answer(
        question, reads=reads, now=now, model=model, incident_id=incident_id, history=history
    ):
        if isinstance(delta, AnswerDelta):
            final = delta.answer
    assert final is not None  # the run ends with its answer or raises
    return final


async def stream_answer(
    question: str,
    *,
    reads: ChatReads,
    now: float,
    model: TextStreamModel | None = None,
    incident_id: str | None = None,
    history: Sequence[HistoryTurn] = (),
) -> AsyncIterator[ChatDelta]:
    """:func:`iter_answer` for an event loop: each delta is awaited in a worker thread."""
    run = AnswerRun(
        question, reads=reads, now=now, model=model, incident_id=incident_id, history=history
    )
    try:
        while (delta := await asyncio.to_thread(run.next)) is not None:
            yield delta
            await asyncio.sleep(0)  # let the server flush each piece
    finally:
        run.stop()


def warm_up(model: TextStreamModel | None) -> threading.Thread | None:
    """Have a model server that keeps its prompt cache (the bundled llama.cpp server) evaluate
    the constant system prompt now, in the background, so the first question's wait for its
    first token is only its own tokens (~2.5 s less on two cores). Front ends call it when a
    chat session opens; a question asked meanwhile waits for it on the server's one slot and
    loses nothing. A failure here is not reported: the question that follows reports it.
    The intent exemplars are embedded now too, off the first answer's path."""
    # not a daemon: a process stopping while ONNX runtime embeds in a daemon thread aborts
    # ("terminate called without an active exception", SIGABRT); exit waits ~1 s instead
    threading.Thread(target=understand.warm, daemon=False, name="chat-exemplars").start()
    if model is None or not getattr(model, "keeps_prompt_cache", False):
        return None

    def run() -> None:
        try:
            for _ in model.stream_text(SYSTEM, "", 1):
                break
        except ModelStreamError:
            pass

    thread = threading.Thread(target=run, daemon=True, name="chat-warm-up")
    thread.start()
    return thread
