"""``POST /api/v1/chat``: one question to the incident assistant, answered as server-sent
events. THE CONTRACT (the web page and any client rely on it):

Request: ``POST /api/v1/chat``, ``Content-Type: application/json``::

    {"question": "what is wrong with node-17?",     # 1..2000 characters, required
     "incident_id": "inc-…",                         # optional: the incident the page shows
     "history": [{"role": "user" | "assistant", "text": "…"}]}   # optional, ≤ 20 turns

Auth: none needed to ask (the API's reads are open, as ``GET /api/v1/incidents`` is). An
``Authorization: Bearer <token>`` header is optional; when given it must be a valid API token
(401 otherwise, JSON ``{"error": …}``), and then, when the token's identity holds a role that
may file requests (``request_roles``: approver or operator by default), an action the
assistant proposes is stored as an approval request by that identity. Without a token, or
without such a role, nothing is proposed: the answer says why in one line. Nothing the chat
does runs or approves an action.

Bad body (empty or too long question, an unknown field): 422, JSON ``{"error": "invalid
request", "problems": [{field, message}]}`` as every API route. Otherwise 200,
``Content-Type: text/event-stream``, events in this order::

    event: token
    data: {"type": "token", "text": "word ", "line": null | n}   # zero or more
    event: sentence
    data: {"type": "sentence", "line": n, "kept": true | false,  # one per model line
           "sentence": Sentence | null, "reason": "…"}
    event: answer
    data: {"type": "answer", "answer": ChatAnswer}     # exactly one, last

With a model, its reply streams as it is generated: first a token ``"model (unverified): "``
(line null), then the reply's text, each piece tagged with its line (one sentence a line;
cleaned, not yet checked), and after each line a ``sentence`` event with the grounding
verdict: kept (with its resolved citations) or removed (``reason``: an id the tools never
returned, or no citation); show a removed line as removed. With no model, or when the
model's reply was refused (an invented id, nothing valid, the model failed), the no-model
answer's text follows as tokens with line null that concatenate to ``answer.text``. The
``answer`` event is authoritative: it holds only grounded sentences (or the no-model answer).

and, only if the answer could not be produced, instead of ``answer``::

    event: error
    data: {"type": "error", "detail": "…"}

``ChatAnswer`` (:class:`agents.chat.answer.ChatAnswer`, JSON): ``question``, ``text`` (starts
with ``[no-model mode] `` or ``model (unverified): ``), ``sentences`` (``[{text,
citations}]``), ``citations`` (``[{kind, id, label}]``; kind is incident | evidence | card |
query | approval | runbook | xid; every id is one the read tools returned), ``mode``
(``no-model`` | ``model``), ``model``, ``proposed`` (``[{incident_id, tool, args, reason,
approval_id, status, who_may_approve, executed}]``), ``series`` (``[{entity, field, points:
[[unix_time, value], …], query, unit}]``), ``intent``, ``flags`` (what grounding removed, why
the model was not used).
"""

# No ``from __future__ import annotations``: FastAPI evaluates the route's annotations.
import json
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Literal

from fastapi import APIRouter, Depends, HTTPException
from fastapi.responses import StreamingResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, ConfigDict, Field

from gpufleet.agents.chat.answer import HistoryTurn
from gpufleet.agents.chat.reads import ChatReads
from gpufleet.agents.chat.stream import stream_answer
from gpufleet.graph.models.chat import TextStreamModel, clean_text
from gpufleet.service.auth import TokenTable

PREFIX = "/api/v1"
_BEARER = HTTPBearer(auto_error=False, description="optional: lets the chat store proposals")

# the caller's identity (None: no token) → the reads the chat uses for this question
ReadsFor = Callable[[str | None], ChatReads]


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    role: Literal["user", "assistant"]
    text: str = Field(max_length=4000)


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    question: str = Field(min_length=1, max_length=2000)
    incident_id: str | None = Field(default=None, min_length=1, max_length=200)
    history: list[Turn] = Field(default_factory=list, max_length=20)


def sse(event: str, data: str) -> bytes:
    """One server-sent event (``data`` is one line of JSON)."""
    return f"event: {event}\ndata: {data}\n\n".encode()


def optional_identity(tokens: TokenTable) -> Callable[..., object]:
    async def identity(
        creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)],
    ) -> str | None:
        if creds is None:
            return None
        who = tokens.identity(creds.credentials)
        if who is None:
            raise HTTPException(
                status_code=401,
                detail="wrong bearer token (leave it out to ask without one)",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return who

    return identity


async def _events(
    body: ChatBody, reads: ChatReads, model: TextStreamModel | None, now: float
) -> AsyncIterator[bytes]:
    history = [HistoryTurn(role=t.role, text=t.text) for t in body.history]
    try:
        async for delta in stream_answer(
            body.question,
            reads=reads,
            now=now,
            model=model,
            incident_id=body.incident_id,
            history=history,
        ):
            yield sse(delta.type, delta.model_dump_json())
    except Exception as e:
        detail = clean_text(f"{type(e).__name__}: {e}", 300)
        yield sse("error", json.dumps({"type": "error", "detail": detail}))


def chat_router(
    reads_for: ReadsFor,
    tokens: TokenTable,
    clock: Callable[[], float],
    model: TextStreamModel | None = None,
) -> APIRouter:
    """The chat route (see the module docstring for its contract)."""
    r = APIRouter(prefix=PREFIX, tags=["chat"])
    who = optional_identity(tokens)

    @r.post("/chat", response_class=StreamingResponse)
    async def chat(
        body: ChatBody, identity: Annotated[str | None, Depends(who)]
    ) -> StreamingResponse:
        """Ask the incident assistant; the answer streams as server-sent events (token …,
        then answer). Every factual sentence cites a source the read tools returned."""
        reads = reads_for(identity)
        return StreamingResponse(
            _events(body, reads, model, clock()),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
        )

    return r
