"""Text from outside (log lines, job names, alert labels, model output) made safe for Slack.

Slack's mrkdwn treats ``<…>`` as links and mentions (``<!channel>``, ``<@U…>``, ``<http://…|x>``)
and ``&`` as the start of an entity; a job named ``<!channel> drain everything`` must reach the
channel as text, never as a page to everyone or a clickable link. Slack's rule is that exactly
those three characters need escaping (``&amp;``, ``&lt;``, ``&gt;``): escaped, ``<!channel>``
shows as the text it is and mentions nobody. So fleet text keeps everything else — a command's
``ssh|srun|prefix``, its quotes — and goes through :func:`untrusted`:
:func:`graph.models.chat.clean_text` with ``keep_markup`` (one visible line: NFKC, entities
decoded so ``&lt;!channel&gt;`` is escaped again, control / bidi / zero-width characters and
``@`` mentions removed, URLs defanged, backticks made quotes, clipped), then the three escapes.
Model text (:func:`model_text`) keeps the stricter cleaning. Our own words need none of this.
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
    return escape_mrkdwn(clean_text(str(text), limit, keep_markup=True))


def model_text(text: str, limit: int = PARAGRAPH) -> str:
    """Model output, safe and marked as unverified model text (empty stays empty)."""
    return escape_mrkdwn(shown_model_text(text, limit))


def clip(text: str, limit: int) -> str:
    """Our own (already safe) text cut to ``limit`` characters, saying so."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
