"""What the chat assistant returns: a :class:`ChatAnswer` (text, citations, mode, proposed
approvals, series) and the stream of :data:`ChatDelta` items that carries it."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

CitationKind = Literal["incident", "evidence", "card", "query", "approval", "runbook", "xid"]
Mode = Literal["no-model", "model"]
NO_MODEL_NOTE = "no-model mode: a deterministic answer from the read tools"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Citation(_Strict):
    """A source a sentence rests on; ``id`` is one the read tools returned (never invented):
    an incident, evidence or approval id, a card or runbook id, an Xid code, or the exact
    query text a tool ran."""

    kind: CitationKind
    id: str
    label: str = ""


class Sentence(_Strict):
    """One factual sentence and the sources it rests on (at least one)."""

    text: str
    citations: tuple[Citation, ...] = ()


class Series(_Strict):
    """A metric over time, as the tool returned it (for a sparkline or a plot)."""

    entity: str
    field: str
    points: tuple[tuple[float, float], ...]
    query: str
    unit: str = ""


class ProposedAction(_Strict):
    """An action the assistant asked a person to approve. ``approval_id`` is set when the
    request was stored through the gate (status pending, or the decision already on record);
    nothing here ever runs."""

    incident_id: str
    tool: str
    args: dict[str, str | int | float | bool | None]
    reason: str
    approval_id: str | None = None
    status: str = "pending"
    who_may_approve: str = ""
    executed: bool = False


class ChatAnswer(_Strict):
    """The assistant's answer. ``text`` is the sentences joined; ``citations`` every source
    cited (deduplicated, in order); ``flags`` says what grounding removed (an invented id, an
    uncited model sentence) or why the model was not used."""

    question: str
    text: str
    sentences: tuple[Sentence, ...] = ()
    citations: tuple[Citation, ...] = ()
    mode: Mode
    model: str | None = None
    proposed: tuple[ProposedAction, ...] = ()
    series: tuple[Series, ...] = ()
    intent: str = ""
    flags: tuple[str, ...] = ()


class TokenDelta(_Strict):
    """A piece of text to show now. ``line`` is None for the no-model answer's text and for
    the mark that opens a model's reply; for model text it is the reply line (sentence) the
    piece belongs to: cleaned, still unverified until that line's :class:`SentenceDelta`."""

    type: Literal["token"] = "token"
    text: str
    line: int | None = None


class SentenceDelta(_Strict):
    """The grounding verdict on one line of a model's reply, sent as soon as the line ends:
    ``kept`` with the grounded sentence (its citations resolved), or removed with the reason
    (the line's tokens must then be shown as removed)."""

    type: Literal["sentence"] = "sentence"
    line: int
    kept: bool
    sentence: Sentence | None = None
    reason: str = ""


class AnswerDelta(_Strict):
    type: Literal["answer"] = "answer"
    answer: ChatAnswer


ChatDelta = TokenDelta | SentenceDelta | AnswerDelta


class HistoryTurn(_Strict):
    """One earlier turn of the conversation (the page or the terminal keeps them)."""

    role: Literal["user", "assistant"]
    text: str = Field(max_length=4000)
