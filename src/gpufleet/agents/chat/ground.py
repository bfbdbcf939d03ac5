"""Grounding: an answer may cite only what the read tools returned.

A citation whose id the tools did not return is removed (and counted in the flags, without
repeating the invented id); a sentence left with no valid citation is removed too. Model text
is cleaned (one line, no control or markup characters) and the answer is marked as model
output.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from gpufleet.agents.chat.answer import ChatAnswer, Citation, Mode, ProposedAction, Sentence, Series
from gpufleet.graph.models.chat import MODEL_TEXT_MARK, clean_text

NO_MODEL_PREFIX = "[no-model mode] "
MAX_SENTENCE = 600


def ground(
    sentences: Iterable[tuple[str, Iterable[str]]], sources: Mapping[str, Citation]
) -> tuple[list[Sentence], list[str]]:
    """(text, cited ids) pairs → sentences citing only known sources, and what was removed."""
    kept: list[Sentence] = []
    invented = uncited = 0
    for text, cited in sentences:
        ids = list(dict.fromkeys(cited))
        good = [sources[i] for i in ids if i in sources]
        invented += len(ids) - len(good)
        clean = clean_text(text, MAX_SENTENCE)
        if not clean:
            continue
        if not good:
            uncited += 1
            continue
        kept.append(Sentence(text=clean, citations=tuple(good)))
    flags = []
    if invented:
        flags.append(f"removed {invented} citation(s) to ids the tools never returned")
    if uncited:
        flags.append(f"removed {uncited} sentence(s) with no valid citation")
    return kept, flags


def assemble(
    question: str,
    sentences: list[Sentence],
    *,
    mode: Mode,
    intent: str,
    model: str | None = None,
    proposed: Iterable[ProposedAction] = (),
    series: Iterable[Series] = (),
    flags: Iterable[str] = (),
) -> ChatAnswer:
    """The answer: the sentences joined (marked as model output, or as no-model mode), every
    citation once, in order."""
    body = " ".join(s.text for s in sentences) or "I found nothing to answer this with."
    prefix = MODEL_TEXT_MARK if mode == "model" else NO_MODEL_PREFIX
    cites = list(dict.fromkeys(c for s in sentences for c in s.citations))
    return ChatAnswer(
        question=clean_text(question, 2000),
        text=prefix + body,
        sentences=tuple(sentences),
        citations=tuple(cites),
        mode=mode,
        model=model,
        proposed=tuple(proposed),
        series=tuple(series),
        intent=intent,
        flags=tuple(flags),
    )
