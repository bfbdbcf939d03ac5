"""Questions asked in Slack: ``@gpufleet <question>`` in the thread of an incident's message is
answered in that thread by the incident assistant (:mod:`agents.chat`), about that incident.

* The thread's parent message is looked up in :class:`~service.slack.state.SlackState`'s message
  map; a mention anywhere else gets an ephemeral hint and no answer (the assistant answers
  where the incident is being discussed).
* The answer is queued as a thread ``reply`` in the outbox, with the Slack event id, in one
  transaction: the drainer delivers it in order with the card's other replies, however long
  Slack is away, and a redelivered event (Slack retries when it waits > 3 s) is answered once.
* Everything in the reply is our text or cleaned, escaped fleet/model text
  (:func:`service.slack.text.untrusted`): a question or an alert label carrying
  ``<!channel>`` or a link reaches the thread as plain text. Citations become links to the
  web page when ``slack.web_url`` is set (the ids URL-encoded), ``code`` otherwise.
* A question from Slack carries no API identity: the assistant proposes nothing there (the
  answer says so); approving stays on the card's buttons.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final
from urllib.parse import quote

from gpufleet.agents.chat.answer import ChatAnswer, Citation, Series
from gpufleet.agents.chat.reads import ChatReads
from gpufleet.agents.chat.stream import answer
from gpufleet.graph.models.chat import TextStreamModel
from gpufleet.service.slack.state import Outgoing, SlackState
from gpufleet.service.slack.text import LINE, SHORT, clip, untrusted

logger = logging.getLogger(__name__)

# (question, incident id) → the assistant's answer
Ask = Callable[[str, str | None], Awaitable[ChatAnswer]]
# (channel, user, text) → an ephemeral message to that user
Ephemeral = Callable[[str, str, str], Awaitable[None]]

MAX_QUESTION: Final = 2000
MAX_REPLY: Final = 3500  # characters: one readable Slack message
_MENTION: Final = re.compile(r"<@[UW][A-Z0-9]+(?:\|[^>]*)?>")
_SPARK: Final = "▁▂▃▄▅▆▇█"
NOT_IN_A_THREAD: Final = (
    "Ask me in the thread of an incident's message (mention me there): I answer about that "
    "incident, citing my sources."
)


@dataclass(frozen=True)
class Mention:
    event_id: str
    channel: str
    thread_ts: str | None  # the parent message's ts; None when not in a thread
    user: str
    question: str


def parse_mention(body: Mapping[str, Any]) -> Mention | None:
    """The mention in an ``event_callback`` body; None when it is not one to answer (another
    event type, a bot's message, no question left once the mentions are removed)."""
    event = body.get("event")
    if not isinstance(event, Mapping) or event.get("type") != "app_mention":
        return None
    if event.get("bot_id") or event.get("subtype"):
        return None
    text = _MENTION.sub(" ", str(event.get("text", ""))).strip()
    if not text:
        return None
    thread = event.get("thread_ts")
    return Mention(
        event_id=str(body.get("event_id") or f"{event.get('channel')}:{event.get('ts')}"),
        channel=str(event.get("channel", "")),
        thread_ts=str(thread) if thread else None,
        user=str(event.get("user", "")),
        question=" ".join(text.split())[:MAX_QUESTION],
    )


def chat_asker(reads: ChatReads, model: TextStreamModel | None, clock: Callable[[], float]) -> Ask:
    """:data:`Ask` over the chat assistant (the reads and the model call block: a thread)."""

    async def ask(question: str, incident_id: str | None) -> ChatAnswer:
        return await asyncio.to_thread(
            answer, question, reads=reads, now=clock(), model=model, incident_id=incident_id
        )

    return ask


class MentionReplies:
    """What a mention does (see the module docstring). ``wake``: the outbox drainer's."""

    def __init__(
        self,
        state: SlackState,
        ask: Ask,
        *,
        wake: Callable[[], None],
        ephemeral: Ephemeral,
        web_url: str | None = None,
    ) -> None:
        self.state = state
        self.ask = ask
        self.wake = wake
        self.ephemeral = ephemeral
        self.web_url = web_url

    async def handle(self, body: Mapping[str, Any]) -> str:
        """Answer the mention in ``body``; returns what was done (for the log and tests)."""
        mention = parse_mention(body)
        if mention is None:
            return "ignored"
        if self.state.seen(mention.event_id):
            return "already answered"
        incident_id = None
        if mention.thread_ts is not None:
            incident_id = self.state.incident_of_message(mention.channel, mention.thread_ts)
        card = self.state.card(incident_id) if incident_id is not None else None
        if incident_id is None or card is None:
            await self.ephemeral(mention.channel, mention.user, NOT_IN_A_THREAD)
            return "not in an incident thread"
        try:
            reply = reply_text(
                await self.ask(mention.question, incident_id), incident_id, self.web_url
            )
        except Exception as e:  # the assistant failed: say so in the thread, never go silent
            logger.warning("slack: the assistant could not answer in %s: %s", incident_id, e)
            reply = f"I could not answer that: {untrusted(f'{type(e).__name__}: {e}')}"
        queued = self.state.record(card, [Outgoing("reply", {"text": reply})], mention.event_id)
        if queued:
            self.wake()
        logger.info("slack: answered a question", extra={"incident_id": incident_id})
        return "answered" if queued else "already answered"


# --------------------------------------------------------------------------- rendering
def reply_text(ans: ChatAnswer, incident_id: str, web_url: str | None) -> str:
    """The answer as one mrkdwn message: the mode, each sentence with its source numbers, the
    sources (links to the web page or code), proposals (never run), series as sparklines."""
    numbers = {(c.kind, c.id): i for i, c in enumerate(ans.citations, 1)}
    if ans.mode == "model":
        head = (
            f"_model {untrusted(ans.model or '', SHORT)}: unverified, checked against its sources_"
        )
    else:
        head = "_no-model mode: a deterministic answer from the read tools_"
    lines = [head]
    if ans.sentences:
        for s in ans.sentences:
            refs = "".join(
                f"[{numbers[(c.kind, c.id)]}]" for c in s.citations if (c.kind, c.id) in numbers
            )
            lines.append(f"• {untrusted(s.text, LINE)} {refs}".rstrip())
    else:
        lines.append(untrusted(ans.text, 1200))
    lines.extend(_spark(x) for x in ans.series[:3])
    for p in ans.proposed[:3]:
        args = ", ".join(f"{k}={v}" for k, v in sorted(p.args.items()))
        lines.append(
            f"Proposed, not run: `{untrusted(p.tool, SHORT)}` {untrusted(args, 160)} "
            f"({untrusted(p.status, SHORT)})"
        )
    if ans.citations:
        lines.append("*Sources*")
        lines.extend(
            f"[{i}] {c.kind} {_source(c, incident_id, web_url)}"
            for i, c in enumerate(ans.citations, 1)
        )
    return clip("\n".join(lines), MAX_REPLY)


def _source(c: Citation, incident_id: str, web_url: str | None) -> str:
    label = untrusted(c.label or c.id, SHORT)
    path = _page_path(c, incident_id)
    if web_url is None or path is None:
        shown = untrusted(c.id, LINE)
        return f"`{shown}`" + (f" {label}" if label != shown else "")
    return f"<{web_url.rstrip('/')}/#/{path}|{label}>"


def _page_path(c: Citation, incident_id: str) -> str | None:
    q = quote(c.id, safe="")
    if c.kind == "incident":
        return f"incident/{q}"
    if c.kind == "evidence":
        return f"incident/{quote(incident_id, safe='')}/evidence/{q}"
    if c.kind == "card":
        return f"card/{q}?title={quote(c.label, safe='')}" if c.label else f"card/{q}"
    if c.kind == "approval":
        return f"approval/{q}"
    return None


def _spark(series: Series) -> str:
    values = [v for _, v in series.points]
    name = f"{untrusted(series.field, SHORT)} of {untrusted(series.entity, SHORT)}"
    if not values:
        return f"{name}: no points"
    lo, hi = min(values), max(values)
    step = (hi - lo) / (len(_SPARK) - 1) or 1.0
    spark = "".join(_SPARK[min(len(_SPARK) - 1, int((v - lo) / step))] for v in values[-60:])
    unit = untrusted(series.unit, 16)
    return f"{name}: `{spark}` min {lo:g}{unit} max {hi:g}{unit} last {values[-1]:g}{unit}"
