"""English glosses of GPU-trouble words in other languages, for ranking a report written in one.

It sits with the readers of text (telemetry) because both sides use it: retrieval
(:mod:`knowledge.retrieve`, :mod:`knowledge.precedent_index`) ranks by the glosses, and
:mod:`telemetry.unread_text` reads a line as a complaint when a term of it names a symptom
("重启" → "reboot restart").

The knowledge base is ranked against a report by an English sentence model (all-MiniLM-L6-v2,
:mod:`knowledge.embedding`) and English keywords (BM25). A report in Chinese, Russian or German
("一运行训练电脑就会重启", "блок питания не тянет", "Grafikkarte stürzt ab") gives both almost
nothing: the model's vocabulary splits CJK text into single characters it was not trained to
relate, and no card keyword appears. :func:`with_gloss` puts the English words an SRE would use
for the domain terms the text holds (``电源`` → "power supply PSU", ``重启`` → "system reboots")
in front of it, so the same report reads, for ranking, like the English one it matches. The text
itself is kept whole behind them: a card's own non-English phrase still matches.

The glossary (``glossary.tsv``: language, term, English) was written from general knowledge of
each language's GPU vocabulary, not from the evaluation's reports. Terms are matched as
written, case-insensitively, on lines holding a letter English does not use: a CJK term
anywhere, a Latin or Cyrillic term only at the start of a word (stems: ``перезагруж`` covers
every form of "reboot"). At one position the longest term wins.
Pure; the table loads once.
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

GLOSSARY_PATH = Path(__file__).with_name("glossary.tsv")
#: bump when the matching rules change: with the table's bytes it names an index's glossing
RULES_VERSION = 2
LANGUAGES = frozenset({"zh", "ja", "ko", "ru", "uk", "de", "fr", "es", "pt", "it", "pl", "tr"})
#: at most this many glosses lead a text: past them the model's 256 tokens go to the glosses
MAX_GLOSSES = 24

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
# Latin-1 and Latin Extended-A/B letters (not × ÷ µ), Cyrillic, kana, CJK, Hangul: a line
# holding one is not English
_FOREIGN_LETTER = re.compile(
    r"[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff"
    r"\uac00-\ud7af\uf900-\ufaff]"
)


class GlossaryError(ValueError):
    """A row of the glossary file that is not ``lang<TAB>term<TAB>english``."""


@dataclass(frozen=True, slots=True)
class Glossary:
    """Terms → English. A term holding a CJK character matches anywhere, any other only where
    a word starts; at one position the longest term wins (a dictionary lookup per length: a
    regular expression of two thousand alternatives tries each at every character)."""

    anywhere: dict[str, str]  # lower-cased CJK term → English words
    word_start: dict[str, str]  # lower-cased Latin / Cyrillic term (or stem) → English words
    lengths: tuple[int, ...]  # every term length, longest first
    anywhere_lengths: tuple[int, ...]  # the CJK terms' lengths, longest first

    def glosses(self, text: str) -> list[str]:
        """The English words of the terms in ``text``'s lines that hold a letter English does
        not use, in order of first appearance, each once, at most :data:`MAX_GLOSSES`. Any
        other line is read as English, curly quotes, arrows and "°C" included: some stems are
        English words too ("temperatur", "insufficient"), and glossing an English report would
        only move its ranking (a German line without an umlaut goes unglossed: the price)."""
        if not self.lengths or text.isascii():
            return []
        out: dict[str, None] = {}
        for line in text.splitlines():
            for _, _, words in self.terms(line):
                out.setdefault(words, None)
                if len(out) == MAX_GLOSSES:
                    return list(out)
        return list(out)

    def terms(self, line: str) -> Iterator[tuple[int, int, str]]:
        """``(start, end, English words)`` of each term of one line that holds a letter
        English does not use, in the lower-cased line's positions; nothing for any other line
        (as :meth:`glosses`)."""
        if _FOREIGN_LETTER.search(line) is None:
            return
        low = line.lower()
        i = 0
        while i < len(low):
            found = self._at(low, i)
            if found is None:
                i += 1
                continue
            term, words = found
            yield i, i + len(term), words
            i += len(term)

    def _at(self, low: str, i: int) -> tuple[str, str] | None:
        if not low[i].isalpha():
            return None  # every term starts with a letter
        starts_word = i == 0 or not low[i - 1].isalpha()
        for n in self.lengths if starts_word else self.anywhere_lengths:
            term = low[i : i + n]
            if len(term) < n:
                continue
            words = self.anywhere.get(term) or (self.word_start.get(term) if starts_word else None)
            if words is not None:
                return term, words
        return None


def parse(lines: list[str], source: str = "glossary") -> Glossary:
    """The glossary of ``lang<TAB>term<TAB>english`` rows (``#`` comments and blank lines
    skipped); :class:`GlossaryError` names the first malformed row."""
    anywhere: dict[str, str] = {}
    word_start: dict[str, str] = {}
    for n, raw in enumerate(lines, 1):
        line = raw.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        cols = line.split("\t")
        if len(cols) != 3 or not all(c.strip() for c in cols):
            raise GlossaryError(f"{source}:{n}: expected lang<TAB>term<TAB>english, got {line!r}")
        lang, term, words = (c.strip() for c in cols)
        if lang not in LANGUAGES:
            raise GlossaryError(f"{source}:{n}: unknown language {lang!r}")
        key = term.lower()
        (anywhere if _CJK.search(key) else word_start).setdefault(key, words)
    lengths = tuple(sorted({len(t) for t in (*anywhere, *word_start)}, reverse=True))
    return Glossary(
        anywhere, word_start, lengths, tuple(sorted({len(t) for t in anywhere}, reverse=True))
    )


@lru_cache(maxsize=1)
def glossary() -> Glossary:
    """The packaged glossary (loaded once)."""
    with GLOSSARY_PATH.open(encoding="utf-8") as fh:
        return parse(fh.readlines(), GLOSSARY_PATH.name)


@lru_cache(maxsize=1)
def glossary_digest() -> str:
    """The packaged glossary's and its rules' sha256: an index of glossed texts is stale when
    it changes."""
    return hashlib.sha256(f"{RULES_VERSION}\0".encode() + GLOSSARY_PATH.read_bytes()).hexdigest()


# a query's text is glossed once for its embedding and once per layer its keywords are scored
# in (Retriever._rank): the small cache keeps the lookups of a non-English report to one
@lru_cache(maxsize=256)
def with_gloss(text: str) -> str:
    """``text`` led by the English glosses of its non-English GPU terms (unchanged when it
    holds none): what retrieval embeds and scores for it."""
    found = glossary().glosses(text)
    return text if not found else f"{'; '.join(found)}\n{text}"


# Scripts the sentence model (all-MiniLM-L6-v2, an English model) has no words for: its
# tokenizer cuts CJK, kana and Hangul into single characters and Cyrillic into pieces it was not
# trained to relate, and a long post in them fills its 256 pieces with noise behind the glosses.
_UNREAD_SCRIPTS = re.compile(
    r"[\u0400-\u04ff\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff"
    r"\uff00-\uffef]+"
)
_SPACES = re.compile(r"[ \t]{2,}")


@lru_cache(maxsize=256)
def for_embedding(text: str) -> str:
    """What the sentence model embeds of ``text``: :func:`with_gloss`'s text, full-width forms
    made plain (NFKC: "ＧＰＵ" is "GPU"), with the runs of scripts the model does not read taken
    out (CJK, kana, Hangul, Cyrillic). The glosses say in English what those words said, and the
    error strings, versions and English words a report in any language quotes stay; Latin-script
    languages stay whole (their cognates and borrowed terms are words the model knows). Keyword
    search (BM25) reads :func:`with_gloss`'s text, whose tokens are Latin letters and digits."""
    glossed = with_gloss(text)
    if glossed.isascii():
        return glossed
    plain = _UNREAD_SCRIPTS.sub(" ", unicodedata.normalize("NFKC", glossed))
    return _SPACES.sub(" ", plain)
