"""The words BM25 matches a report against the cards' English prose with.

A card is written in English; a report may not be. English tokenising of a line in another
language yields two kinds of false keyword. A function word of that language is often an
English word, and sometimes one a card relies on: Polish and Czech "pod" (under) is the
Kubernetes pod, Portuguese "com" (with) and Italian "per" (for) are common card words. And the
ASCII tokeniser cuts a word at its first letter English does not use, so "zaczęło" gives
"zacz" and "układ" gives "uk" and "ad", fragments that match whatever they happen to spell.

So on a line that holds a letter English does not use (the glossary's test,
:func:`telemetry.glossary.holds_foreign_letter`), only whole words written in ASCII count (a
kana, CJK or Hangul character separates words: "CUDA错误" holds "cuda"), less the function
words of the languages below; any other line is tokenised as before (links included: round
forty dropped links' words everywhere and lost more English cases than it won). A line in
another language that happens to be pure ASCII (a German sentence without an umlaut) is read
as English: the same price the glossary pays. The glossary's English glosses
(:func:`telemetry.glossary.with_gloss`) still lead a report, so its domain words still match.

The function words are the articles, prepositions, conjunctions, pronouns and commonest
auxiliaries of the Latin-script languages gpufleet's glossary and its reports meet, written
from general knowledge of each language (not from any report). Pure.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.glossary import holds_foreign_letter

_ASCII_TOKEN = re.compile(r"[a-z0-9][a-z0-9_]*")
# a whole word of any script (letters, digits, "_"): on a line in another language, a word is
# kept only when all of it is ASCII
_WORD = re.compile(r"[^\W_]\w*")
# kana, CJK and Hangul (and their punctuation) separate words: a language written without
# spaces glues an English word to its own ("CUDA错误", "GPUが"), which is still that word
_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]+")

# English function words only: domain words ("gpu", "node", "error") are down-weighted by IDF
# instead.
# fmt: off
_ENGLISH_FUNCTION_WORDS = frozenset((
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "before",
    "but", "by", "can", "could", "did", "do", "does", "each", "for", "from", "had", "has", "have",
    "he", "her", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "me", "my",
    "no", "not", "of", "on", "one", "only", "or", "other", "our", "over", "own", "same", "she",
    "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "to", "too", "two", "under", "very", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
))
# fmt: on


# Function words English also spells as words, or that stay whole in ASCII, per language.
# fmt: off
_FUNCTION_WORDS = {
    "de": "der die das den dem des ein eine einen einem einer und oder aber mit bei auf aus von "
          "zu im ins am an ist sind war hat haben wird wurde nicht kein keine auch noch nur "
          "schon bis wie wenn dass ich er sie es wir ihr man mein sich nach vor",
    "fr": "le la les un une des du de au aux et ou mais avec pour par sur sous dans sans est "
          "sont pas ne plus tout tous je il elle nous vous ils on ce cet cette qui que mon ma "
          "mes son sa ses",
    "es": "el la los las un una unos unas del al de y o pero con por para sin sobre en es son "
          "esta este esto que se lo le mi su sus como mas muy ya yo",
    "pt": "o a os as um uma uns umas do da dos das no na nos nas ao em com por para sem sobre "
          "e ou mas que se meu minha seu sua ele ela eu voce nao sim muito ja",
    "it": "il lo la gli le un una uno del della dei delle di da in su per con tra fra e ed o ma "
          "che non si mi ti ci mio mia suo sua sono era ho ha anche gia piu",
    "pl": "pod nad przed przez do od na po za w z ze we i a o oraz ale lub to ten ta te jest "
          "sa byl nie tak jak juz co mi mnie sie go jej ich",
    "cs": "pod nad pred pres do od na po za v ve z ze s se a i o ale nebo to ten ta je jsou "
          "byl ne tak jak uz co mi me jeho jej",
    "sk": "pod nad pred cez do od na po za v vo z zo s so a i o ale alebo to ten ta je su bol "
          "nie tak ako uz co mi ma jeho jej",
    "ro": "si sau dar cu la pe din de in un una unui unei care este sunt nu mai ca se ce eu el "
          "ea ei lui lor",
    "tr": "ve veya ama ile bir bu su da de ki icin gibi daha cok ben sen o biz siz ne",
    "nl": "de het een en of maar met van voor op in aan bij uit naar is zijn was niet geen ook "
          "nog al ik hij zij wij dat die dit",
    "sv": "en ett och eller men med av for pa i till fran om ar var inte jag han hon vi de den "
          "det som",
    "lt": "ir bet ar su be per nuo iki ant po is yra buvo ne kad kaip tai jis ji mes",
    "hu": "a az egy es vagy de hogy nem is van volt meg mar csak ez az en te o mi ti ok",
    "id": "dan atau tetapi dengan untuk dari ke di pada yang ini itu ada tidak saya kami kita "
          "dia mereka juga sudah akan",
    "vi": "va hoac nhung voi cho cua tu den trong tren la co khong toi ban no",
}
# fmt: on
FUNCTION_WORDS: frozenset[str] = frozenset(
    w for words in _FUNCTION_WORDS.values() for w in words.split()
)


def lexical_tokens(text: str) -> list[str]:
    """Lower-case word tokens of ``text`` (identifiers with ``_`` stay whole), minus English
    function words; on a line in another language, whole ASCII words only, minus the function
    words of :data:`FUNCTION_WORDS`."""
    low = text.lower()
    if low.isascii():  # no line in another language: one pass over the whole text
        words = _ASCII_TOKEN.findall(low)
    else:
        words = [w for line in low.splitlines() for w in _line_words(line)]
    return [w for w in words if len(w) > 1 and w not in _ENGLISH_FUNCTION_WORDS]


def _line_words(line: str) -> list[str]:
    if not holds_foreign_letter(line):
        return _ASCII_TOKEN.findall(line)
    spaced = _CJK.sub(" ", line)
    return [w for w in _WORD.findall(spaced) if w.isascii() and w not in FUNCTION_WORDS]
