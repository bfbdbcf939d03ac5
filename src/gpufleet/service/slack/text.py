"""Text from outside (log lines, job names, alert labels, model output) made safe for Slack.

Slack's mrkdwn treats ``<…>`` as links and mentions (``<!channel>``, ``<@U…>``, ``<http://…|x>``)
and ``&`` as the start of an entity; a job named ``<!channel> drain everything`` must reach the
channel as text, never as a page to everyone or a clickable link. Every piece of fleet or model
text in a message goes through :func:`untrusted` or :func:`model_text`:
:func:`graph.models.chat.clean_text` (one visible line: NFKC, entities decoded, control / bidi /
zero-width characters, tags, mentions, links and markup characters removed, URLs defanged,
clipped), then mrkdwn's three escapes as a second guard. Our own words (field names, phases)
need none of this.
"""

from __future__ import annotations

from typing import Final

from gpufleet.graph.models.chat import clean_text, shown_model_text

SHORT: Final = 80  # names: nodes, jobs, tools, card titles
LINE: Final = 300  # one line of evidence or a reason
PARAGRAPH: Final = 1200  # an explanation


def escape_mrkdwn(text: str) -> str:
    """Slack's own escaping for message text: ``&``, ``<`` and ``>`` as entities."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def untrusted(text: object, limit: int = LINE) -> str:
    """Fleet text as one safe mrkdwn line of at most ``limit`` visible characters."""
    return escape_mrkdwn(clean_text(str(text), limit))


def model_text(text: str, limit: int = PARAGRAPH) -> str:
    """Model output, safe and marked as unverified model text (empty stays empty)."""
    return escape_mrkdwn(shown_model_text(text, limit))


def clip(text: str, limit: int) -> str:
    """Our own (already safe) text cut to ``limit`` characters, saying so."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
