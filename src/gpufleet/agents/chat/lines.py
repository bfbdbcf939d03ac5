"""Grounding a model's reply while it streams: text pieces in, display pieces and one verdict
per sentence out (pure; no I/O).

The reply is read as lines, one sentence each, ending with ``[cite: id, …]``. A sentence ends
at a newline or right after its ``[cite: …]`` group (small models often run lines together).
As pieces arrive, the current line's text is shown (a :class:`TokenDelta` with its line
number): cleaned (:func:`clean_text`), whole words only (so an escape sequence, tag or link
being written is never shown half-cleaned), without its citation markers, and only ever
extended (text that cleaning would change after it was shown waits for the verdict). The very
first piece shown is the model-output mark, so nothing a model writes is shown unmarked.

When a line is complete it gets a :class:`SentenceDelta`: kept, when it cites at least one
id and every id it cites is one the tools returned; removed otherwise (an invented id, or no
citation at all), with the reason. At most ``max_lines`` sentences are judged; the caller
stops the model there.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from gpufleet.agents.chat.answer import Citation, Sentence, SentenceDelta, TokenDelta
from gpufleet.agents.chat.claims import Facts, contradiction
from gpufleet.agents.chat.model import named_handles, real_names
from gpufleet.graph.models.chat import MODEL_TEXT_MARK, clean_text

MAX_SENTENCE = 600
MAX_LINE_CHARS = 1200  # a "line" longer than this is judged as it is (and likely removed)
_CITE = re.compile(r"\[\s*cite\s*:([^\]\n]*)\]", re.IGNORECASE)
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,2}[.)])\s+")
_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.!?,;:])")
_TRAILING_PUNCT = ".!?,;"

Delta = TokenDelta | SentenceDelta


def _text(raw: str, names: Mapping[str, str]) -> str:
    """A line's sentence as shown: citation groups out, bullet off, cleaned, handles the
    model wrote for long ids (``I1``) back to the ids."""
    text = clean_text(_BULLET.sub("", _CITE.sub(" ", raw)), MAX_SENTENCE)
    return real_names(_SPACE_BEFORE_PUNCT.sub(r"\1", text), names)


class LineGrounder:
    """Feed it the reply's pieces (:meth:`feed`), then :meth:`finish`; each call returns the
    deltas to send, in order. ``cite_as`` maps what the model may write in ``[cite: …]`` to
    the source it names (:func:`agents.chat.model.handles`)."""

    def __init__(
        self,
        cite_as: Mapping[str, Citation],
        max_lines: int = 6,
        facts: Mapping[str, Facts] | None = None,
    ) -> None:
        self.cite_as = cite_as
        self.facts = facts or {}  # what the reads say about each cited id (claims.Facts)
        self.contradicting = 0  # lines removed for disagreeing with what they cite
        self._names = named_handles(cite_as)
        # a source's own id is as good as its handle (a model may copy an id from the text)
        self._sources = {**{c.id: c for c in cite_as.values()}, **cite_as}
        self.max_lines = max_lines
        self.kept: list[Sentence] = []
        self.invented = 0  # lines removed for citing an id the tools never returned
        self.uncited = 0  # lines removed for citing nothing
        self.pieces = 0  # model text pieces received
        self._lines = 0  # lines judged
        self._raw = ""  # the current line so far
        self._shown = ""  # what of it has been shown
        self._opened = False  # the model-output mark was sent
        self._any_shown = False  # some earlier line was shown (the next one needs a space)

    @property
    def done(self) -> bool:
        return self._lines >= self.max_lines

    def feed(self, piece: str) -> list[Delta]:
        self.pieces += 1
        self._raw += piece
        out: list[Delta] = []
        while not self.done and (end := self._line_end(final=False)) is not None:
            line, self._raw = self._raw[:end], self._raw[end:]
            out += self._close(line)
        if not self.done:
            out += self._show(self._partial())
        return out

    def finish(self) -> list[Delta]:
        """The reply ended (or was stopped): judge what is left as the last line(s)."""
        out: list[Delta] = []
        while not self.done and self._raw.strip():
            end = self._line_end(final=True) or len(self._raw)
            line, self._raw = self._raw[:end], self._raw[end:]
            out += self._close(line)
        self._raw = ""
        return out

    def _line_end(self, *, final: bool) -> int | None:
        """Where the current line ends: after a newline, or after a citation group and the
        punctuation that follows it (known only once a character after it has arrived)."""
        ends = []
        newline = self._raw.find("\n")
        if newline != -1:
            ends.append(newline + 1)
        cite = _CITE.search(self._raw)
        if cite is not None:
            at = cite.end()
            while at < len(self._raw) and self._raw[at] in _TRAILING_PUNCT:
                at += 1
            if at < len(self._raw) or final:
                ends.append(at)
        if not ends and len(self._raw) > MAX_LINE_CHARS:
            ends.append(len(self._raw))
        return min(ends) if ends else None

    def _partial(self) -> str:
        """The current line's text that is safe to show: up to its last whole word, before
        any citation group still being written."""
        raw = self._raw
        bracket = raw.rfind("[")
        if bracket != -1 and "]" not in raw[bracket:]:
            raw = raw[:bracket]
        space = max(raw.rfind(" "), raw.rfind("\t"))
        return raw[: space + 1] if space != -1 else ""

    def _show(self, raw: str) -> list[Delta]:
        text = _text(raw, self._names)
        if not text.startswith(self._shown) or len(text) == len(self._shown):
            return []  # nothing new, or cleaning changed what was shown: the verdict says
        piece = text[len(self._shown) :]
        if not self._shown and self._any_shown:
            piece = " " + piece
        self._shown = text
        self._any_shown = True
        out: list[Delta] = []
        if not self._opened:
            self._opened = True
            out.append(TokenDelta(text=MODEL_TEXT_MARK))
        out.append(TokenDelta(text=piece, line=self._lines))
        return out

    def _close(self, raw: str) -> list[Delta]:
        text = _text(raw, self._names)
        cited = [i.strip() for group in _CITE.findall(raw) for i in group.split(",")]
        ids = list(dict.fromkeys(i for i in cited if i))
        out = self._show(raw + " ") if text else []  # the rest of the line's words
        shown, self._shown = bool(self._shown), ""
        if not text and not shown:
            return []  # a blank line or a lone citation group: nothing was said
        line = self._lines
        self._lines += 1
        if not text:  # shown, then cleaned away as the line completed (a tag, a link)
            self.uncited += 1
            return [SentenceDelta(line=line, kept=False, reason="nothing left once cleaned")]
        invented = [i for i in ids if i not in self._sources]
        if invented:
            self.invented += 1
            why = f"cites {len(invented)} id(s) the tools never returned"
            return [*out, SentenceDelta(line=line, kept=False, reason=why)]
        if not ids:
            self.uncited += 1
            return [*out, SentenceDelta(line=line, kept=False, reason="cites no source")]
        sources = dict.fromkeys(self._sources[i] for i in ids)  # I1 and its id: cited once
        disagrees = contradiction(
            text, [self.facts.get(c.id, Facts(c.kind, text=c.label)) for c in sources]
        )
        if disagrees:
            self.contradicting += 1
            return [
                *out,
                SentenceDelta(line=line, kept=False, reason=f"contradicts its source: {disagrees}"),
            ]
        sentence = Sentence(text=text, citations=tuple(sources))
        self.kept.append(sentence)
        return [*out, SentenceDelta(line=line, kept=True, sentence=sentence)]
