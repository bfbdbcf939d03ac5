"""Hybrid retrieval of failure-mode cards: structured signal matching plus text similarity.

A :class:`Query` carries what an operator or the NOC knows: free text, NOC symptom names,
Xid/SXid codes, DCGM fields, kernel-log lines, scheduler states, the incident's scope, and an
optional layer filter. :meth:`Retriever.search` scores every card (of the filtered layers) and
returns the best :class:`Hit` objects, each with the reasons it matched.

Scoring (all weights live in :class:`Weights`)
----------------------------------------------
*Structured evidence.* Each hint of the query is one piece of evidence with a base weight:

==================  ======  ===============================================================
evidence            weight  why
==================  ======  ===============================================================
Xid / SXid code     3.0     NVIDIA documents failure modes by code; a code nearly pins one
log line regex      2.0     card authors wrote the regexes for that mode's own log lines
NOC symptom         1.0     symptoms are shared (a temperature rise: fan, TIM, rack cooling)
scheduler state     0.75    DRAIN / NotReady say "something is wrong", rarely what
DCGM field          0.5     every thermal card names GPU_TEMP: context more than evidence
scope               0.25    gpu / node / rack only breaks ties
==================  ======  ===============================================================

A card matching a hint earns the base weight times the hint's *specificity*,
``(1 + ln(N / df)) / (1 + ln N)`` (N cards, df of them carrying the hint): 1 for a hint only
this card has, lower the more cards share it (an Xid 79 listed by five cards says less about
each). ``structured_score`` = earned / the sum of the query's base weights, in [0, 1]: the share
of the query's evidence the card explains, discounted for unspecific evidence.

*Text similarity* has two parts:

- ``semantic_score``: cosine similarity between the query text and the card's best view in the
  vector index (:mod:`knowledge.index`), clipped to [0, 1];
- ``lexical_score``: BM25 (k1 1.2, b 0.75) of the query's words over the card's prose (title,
  root cause, patterns, rules-in, body; not rules-out, which describe other modes), divided by
  the best card's BM25 for that query, so in [0, 1]. It catches the exact strings operators
  paste (``SAW_MVB``, ``preemptive cleanup``, ``LnkSta``) that a small embedding model blurs.

``text = 0.7 × semantic + 0.3 × lexical``.

*Combined.* ``score = 0.6 × structured + 0.4 × text`` when the query has structured hints,
else ``score = text``. Structured evidence dominates because a matching Xid or log line is a
fact, while embedding similarities of short operator sentences sit in a narrow band (~0.3-0.7)
where the runner-up is often a sibling mode; text similarity still orders the cards that
explain the evidence equally well, and carries text-only questions. Measured on the eval set
(``gpufleet kb eval`` reports the ablation): the lexical part lifts text-only recall@1 by
~0.15; the 0.6 structured share is not sensitive (0.4-0.8 give the same recall).

Xid/SXid codes, NOC symptom names, DCGM field names and scheduler states written in the query
*text* ("seeing Xid 79 on node-09") count as hints too ("text mentions Xid 79"): operators
quote them, and they are exact. Results are deterministic: scores are rounded to 1e-6 and ties
go to the smaller card id.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from gpufleet.bus.events import Incident
from gpufleet.knowledge.index import LAYERS, CardIndex, SemanticMatch
from gpufleet.knowledge.precedent_index import PrecedentIndex
from gpufleet.knowledge.precedents import (
    NEIGHBOURS,
    PUBLIC_PRECEDENTS,
    PrecedentMatch,
    load_libraries,
)
from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.store import KnowledgeBase, is_noc_symptom
from gpufleet.knowledge.symptoms import ALERT_UNDERSTOOD, SYMPTOMS
from gpufleet.knowledge.xid import symptom_xid
from gpufleet.telemetry.glossary import for_embedding, with_gloss

HintKind = Literal["xid", "sxid", "symptom", "field", "log", "state", "scope"]


@dataclass(frozen=True)
class Weights:
    """Every scoring weight (see the module docstring for why each has its value)."""

    xid: float = 3.0
    sxid: float = 3.0
    log: float = 2.0
    symptom: float = 1.0
    state: float = 0.75
    field: float = 0.5
    scope: float = 0.25
    structured_share: float = 0.6  # of the combined score, when the query has hints
    lexical_share: float = 0.3  # of the text score (the rest is semantic)

    def of(self, kind: HintKind) -> float:
        return float(getattr(self, kind))


DEFAULT_WEIGHTS = Weights()

# "Xid 79", "XID: 48", "xid_79", "Xids 13/31", "Xid 61 and 62"; SXids are 4-5 digit codes. A
# number after a joiner that is followed by a unit ("Xid 48 and 2 GPUs") is a count, not a code.
_JOIN = r"\s*(?:,|/|&|\band\b|\bor\b)\s*"
_NOT_COUNT = r"(?!\d|\s*(?:%|x\b|times\b|gpus?\b|nodes?\b|ranks?\b|jobs?\b|errors?\b|min|h\b|s\b))"
_TEXT_XID = re.compile(
    rf"(?<![A-Za-z])xids?[\s_:#-]*(\d{{1,3}}(?:{_JOIN}\d{{1,3}}{_NOT_COUNT})*)\b", re.I
)
_TEXT_SXID = re.compile(rf"\bsxids?[\s_:#-]*(\d{{4,5}}(?:{_JOIN}\d{{4,5}}{_NOT_COUNT})*)\b", re.I)
_TEXT_FIELD = re.compile(r"\b(?:DCGM_FI_[A-Z0-9_]+|NODE_[A-Z0-9_]+)\b")
_TEXT_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")


def _tuple(v: Iterable[object] | None) -> tuple[object, ...]:
    return tuple(v) if v is not None else ()


@dataclass(frozen=True)
class Query:
    """What is known about a problem. Every part is optional; lists become tuples.

    ``layers`` is a filter (cards having any of these layers), not evidence; ``scope`` is the
    incident scope (gpu, chassis, node, job, rack, cluster); ``reports``: for an incident a report
    a rule read opened, the words of the reports the evidence reads found on its nodes and
    jobs, which the similar resolved incidents are found by instead of ``text`` (a rule's
    symptom names read like no person's report)."""

    text: str = ""
    symptoms: Sequence[str] = ()
    fields: Sequence[str] = ()
    xids: Sequence[int] = ()
    sxids: Sequence[int] = ()
    log_lines: Sequence[str] = ()
    scheduler_states: Sequence[str] = ()
    layers: Sequence[str] | None = None
    scope: str | None = None
    reports: str = ""

    def __post_init__(self) -> None:
        for name in ("symptoms", "fields", "log_lines", "scheduler_states"):
            object.__setattr__(self, name, tuple(str(x) for x in _tuple(getattr(self, name))))
        for name in ("xids", "sxids"):
            object.__setattr__(self, name, tuple(int(str(x)) for x in _tuple(getattr(self, name))))
        if self.layers is not None:
            layers = tuple(str(x) for x in self.layers)
            bad = [x for x in layers if x not in LAYERS]
            if bad or not layers:
                raise ValueError(f"layers must be a non-empty subset of {LAYERS}, got {layers}")
            object.__setattr__(self, "layers", layers)

    def has_structured_hints(self) -> bool:
        """True when the query carries evidence beyond its text (the layer filter is not)."""
        return bool(
            self.symptoms
            or self.fields
            or self.xids
            or self.sxids
            or self.log_lines
            or self.scheduler_states
            or self.scope
        )


@dataclass(frozen=True)
class Hit:
    """One retrieved card. ``reasons`` say why: structured evidence strongest first, then the
    matching keywords, then the semantic similarity and the card view it came from."""

    card_id: str
    score: float
    structured_score: float
    semantic_score: float
    reasons: list[str] = field(default_factory=list)
    lexical_score: float = 0.0


@dataclass(frozen=True)
class _Hint:
    kind: HintKind
    value: str  # normalised: str(code), symptom, FIELD, casefolded state, scope, the log line
    from_text: bool = False

    def label(self) -> str:
        pre = "text mentions " if self.from_text else ""
        if self.kind == "xid":
            return f"{pre or 'matches '}Xid {self.value}"
        if self.kind == "sxid":
            return f"{pre or 'matches '}SXid {self.value}"
        if self.kind == "symptom":
            return f"{pre}symptom {self.value}"
        if self.kind == "field":
            return f"{pre}field {self.value}"
        if self.kind == "state":
            return f"{pre}scheduler state {self.value}"
        return f"scope {self.value}"


class _CardSignals:
    """A card's structured signals, normalised for matching (Xid symptoms fold into Xids)."""

    def __init__(self, card: Card) -> None:
        s = card.signals
        self.card = card
        self.xids = {str(x) for x in s.xids}
        self.symptoms: set[str] = set()
        for sym in s.symptoms:
            code = symptom_xid(sym)
            if code is not None:
                self.xids.add(str(code))
            else:
                self.symptoms.add(sym)
        self.sxids = {str(x) for x in s.sxids}
        self.fields = set(s.fields)
        self.states = {x.casefold() for x in s.scheduler_states}
        self.scope: set[str] = set(s.scope)
        self.patterns = [(p, re.compile(p)) for p in s.log_patterns]

    def values(self, kind: HintKind) -> set[str]:
        table: dict[HintKind, set[str]] = {
            "xid": self.xids,
            "sxid": self.sxids,
            "symptom": self.symptoms,
            "field": self.fields,
            "state": self.states,
            "scope": self.scope,
            "log": set(),
        }
        return table[kind]

    def log_match(self, line: str) -> str | None:
        """The first of the card's regexes that matches the line (None if none does)."""
        for src, rx in self.patterns:
            if rx.search(line):
                return src
        return None


def text_hints(text: str, states: Iterable[str] = ()) -> list[_Hint]:
    """Exact identifiers quoted in free text: Xid/SXid codes, NOC symptom names, DCGM/node field
    names and known scheduler states (case-sensitive, so the word "down" is not ``DOWN``)."""
    hints: list[_Hint] = []
    for m in _TEXT_SXID.finditer(text):
        hints += [_Hint("sxid", str(int(n)), True) for n in re.findall(r"\d+", m.group(1))]
    masked = _TEXT_SXID.sub(" ", text)
    for m in _TEXT_XID.finditer(masked):
        hints += [_Hint("xid", str(int(n)), True) for n in re.findall(r"\d+", m.group(1))]
    hints += [_Hint("field", f, True) for f in _TEXT_FIELD.findall(text)]
    known_states = {s for s in states if len(s) > 2}
    for w in _TEXT_WORD.findall(text):
        if symptom_xid(w) is not None:
            continue  # xid_79: already taken by the Xid pattern
        if "_" in w and is_noc_symptom(w):
            hints.append(_Hint("symptom", w, True))
        elif w in known_states:
            hints.append(_Hint("state", w.casefold(), True))
    return hints


_LEX_TOKEN = re.compile(r"[a-z0-9][a-z0-9_]*")
# Function words only: domain words ("gpu", "node", "error") are down-weighted by IDF instead.
# fmt: off
_STOPWORDS = frozenset((
    "a", "about", "after", "all", "also", "an", "and", "any", "are", "as", "at", "be", "before",
    "but", "by", "can", "could", "did", "do", "does", "each", "for", "from", "had", "has", "have",
    "he", "her", "his", "how", "i", "if", "in", "into", "is", "it", "its", "just", "me", "my",
    "no", "not", "of", "on", "one", "only", "or", "other", "our", "over", "own", "same", "she",
    "should", "so", "some", "such", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "those", "to", "too", "two", "under", "very", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
))
# fmt: on


def lexical_tokens(text: str) -> list[str]:
    """Lower-case word tokens (identifiers with ``_`` stay whole), minus function words."""
    return [w for w in _LEX_TOKEN.findall(text.lower()) if len(w) > 1 and w not in _STOPWORDS]


def lexical_text(card: Card) -> str:
    """The prose BM25 indexes: as the embedded views (report phrases too), rules-out excluded
    (other modes' words)."""
    s = card.signals
    return " ".join(
        [
            card.title,
            card.root_cause,
            *s.patterns,
            *card.distinguishing.rules_in,
            *card.reported_as,
            card.body,
        ]
    )


class Bm25:
    """Okapi BM25 over card prose; :meth:`scores` is normalised by the best card (pure)."""

    def __init__(self, cards: Iterable[Card], k1: float = 1.2, b: float = 0.75) -> None:
        self.k1, self.b = k1, b
        self.tf = {c.id: Counter(lexical_tokens(lexical_text(c))) for c in cards}
        self.length = {cid: sum(tf.values()) for cid, tf in self.tf.items()}
        self.avg_length = max(1.0, sum(self.length.values()) / max(len(self.length), 1))
        df = Counter(w for tf in self.tf.values() for w in tf)
        n = len(self.tf)
        self.idf = {w: math.log(1.0 + (n - d + 0.5) / (d + 0.5)) for w, d in df.items()}

    def scores(self, text: str) -> dict[str, tuple[float, list[str]]]:
        """card id → (BM25 / the best card's BM25, matched query words by IDF), matches only."""
        terms = sorted(set(lexical_tokens(text)) & self.idf.keys(), key=lambda w: (-self.idf[w], w))
        raw: dict[str, tuple[float, list[str]]] = {}
        for cid, tf in self.tf.items():
            norm = self.k1 * (1.0 - self.b + self.b * self.length[cid] / self.avg_length)
            total, hit = 0.0, []
            for w in terms:
                f = tf.get(w, 0)
                if f:
                    total += self.idf[w] * f * (self.k1 + 1.0) / (f + norm)
                    hit.append(w)
            if total > 0:
                raw[cid] = (total, hit)
        best = max((v for v, _ in raw.values()), default=0.0)
        return {cid: (v / best, hit) for cid, (v, hit) in raw.items()} if best > 0 else {}


_OUTSIDE_LINE = re.compile(r"^\[(?:firing|resolved)\] alert ")


def _incident_text(incident: Incident) -> tuple[str, tuple[str, ...]]:
    """The words to search with, and the metric fields named. A NOC incident: its title and
    summary, less the Alertmanager alerts attached to it. An incident an outside alert opened:
    only what the alert was understood to be about (its symptoms and fields, see
    :mod:`agents.noc.alert_signals`); its title and quoted text are the alert's words ("alert",
    "firing", "warning"), which would match any card that happens to use them."""
    if incident.provenance == "noc":
        kept = [ln for ln in incident.summary.splitlines() if not _OUTSIDE_LINE.match(ln)]
        return f"{incident.title}. {' '.join(kept)}".strip(), ()
    understood = [
        ln[len(ALERT_UNDERSTOOD) :]
        for ln in incident.summary.splitlines()
        if ln.startswith(ALERT_UNDERSTOOD)
    ]
    fields = tuple(dict.fromkeys(f for ln in understood for f in _TEXT_FIELD.findall(ln)))
    words = [SYMPTOMS[s] for s in incident.symptoms if s in SYMPTOMS]
    return ". ".join(dict.fromkeys(words)), fields


def from_incident(incident: Incident, log_lines: Sequence[str] = ()) -> Query:
    """A query from an incident: its symptoms, Xids and scope as evidence, its text (entity
    names removed: "node-09/gpu1" only adds noise to an embedding); see :func:`_incident_text`
    for an incident an Alertmanager alert opened."""
    text, fields = _incident_text(incident)
    names = {
        incident.root_entity,
        *incident.entities,
        *incident.context_entities,
        *incident.nodes,
        *incident.racks,
        *incident.jobs,
    }
    for name in sorted(names, key=len, reverse=True):  # longest first: gpu keys before hosts
        if name:  # "node-17/gpu3, node-17/gpu5: …" → "…": the separators go with the names
            text = re.sub(re.escape(name) + r"(?:\s*[,:])?", "", text)
    text = re.sub(r"\(\s*\)|\s+(?=[,.:])", "", text)
    text = re.sub(r"([,.:;])(?:\s*[,.:;])+", r"\1", text)
    return Query(
        text=" ".join(text.split()),
        symptoms=tuple(incident.symptoms),
        fields=fields,
        xids=tuple(incident.xids),
        log_lines=tuple(log_lines),
        scope=incident.scope.value,
    )


class Retriever:
    """Hybrid retrieval over a knowledge base and its vector index (see the module docstring).

    The index must be built for ``kb`` (:meth:`CardIndex.build`); :meth:`open` does both."""

    def __init__(
        self,
        kb: KnowledgeBase,
        index: CardIndex,
        weights: Weights = DEFAULT_WEIGHTS,
        precedents: PrecedentIndex | None = None,
    ) -> None:
        self.kb = kb
        self.index = index
        self.weights = weights
        self.precedents = precedents
        self.withheld: frozenset[str] = frozenset()
        self._semantic_cache: dict[str, dict[str, SemanticMatch]] = {}
        self._vectors: dict[str, npt.NDArray[np.float32]] = {}
        self._cache_lock = threading.Lock()  # an agent may search from several threads

    @classmethod
    def open(
        cls,
        kb: KnowledgeBase | None = None,
        index: CardIndex | None = None,
        precedent_files: Sequence[Path] = (PUBLIC_PRECEDENTS,),
    ) -> Retriever:
        """Load the knowledge base (default folders), open the index and rebuild it if stale;
        the precedents of ``precedent_files`` are loaded now and indexed on first use
        (:meth:`PrecedentIndex.ensure`; problems in them: :attr:`precedent_problems`)."""
        kb = kb or KnowledgeBase.load()
        index = index or CardIndex()
        index.build(kb)
        library = load_libraries(precedent_files, kb.cards)
        return cls(kb, index, precedents=PrecedentIndex(index, library))

    @property
    def precedent_problems(self) -> list[str]:
        return self.precedents.library.problems if self.precedents else []

    def withholding(self, ids: Iterable[str]) -> Retriever:
        """This retriever with the precedents of these ids or sources left out (an eval's own
        incident, which must not answer itself); the indexes and caches are shared."""
        other = copy(self)
        other.withheld = frozenset(ids)
        return other

    def similar_incidents(self, query: Query, n: int = NEIGHBOURS) -> list[PrecedentMatch]:
        """The ``n`` resolved incidents whose reports read most like the query's reports, else
        its text."""
        text = query.reports.strip() or query.text.strip()
        if self.precedents is None or not text:
            return []
        return self.precedents.similar(self._vector(text), n, self.withheld, with_gloss(text))

    def _vector(self, text: str) -> npt.NDArray[np.float32]:
        with self._cache_lock:
            vec = self._vectors.get(text)
        if vec is None:
            vec = self.index.embed_query(for_embedding(text))
            with self._cache_lock:
                if len(self._vectors) >= 256:  # oldest first out
                    self._vectors.pop(next(iter(self._vectors)))
                self._vectors[text] = vec
        return vec

    @cached_property
    def _signals(self) -> dict[str, _CardSignals]:
        return {cid: _CardSignals(c) for cid, c in sorted(self.kb.cards.items())}

    @cached_property
    def _df(self) -> dict[tuple[HintKind, str], int]:
        df: dict[tuple[HintKind, str], int] = {}
        for sig in self._signals.values():
            for kind in ("xid", "sxid", "symptom", "field", "state", "scope"):
                for v in sig.values(kind):
                    df[(kind, v)] = df.get((kind, v), 0) + 1
        return df

    @cached_property
    def _bm25(self) -> Bm25:
        return Bm25(self._signals[cid].card for cid in self._signals)

    @cached_property
    def _states(self) -> set[str]:
        return {s for c in self.kb.cards.values() for s in c.signals.scheduler_states}

    def _specificity(self, df: int) -> float:
        n = max(len(self._signals), 1)
        return (1.0 + math.log(n / max(df, 1))) / (1.0 + math.log(n)) if n > 1 else 1.0

    def hints(self, query: Query) -> list[_Hint]:
        """The query's evidence, de-duplicated (explicit hints win over text-derived ones)."""
        raw: list[_Hint] = []
        for x in query.xids:
            raw.append(_Hint("xid", str(x)))
        for sym in query.symptoms:
            code = symptom_xid(sym)
            raw.append(_Hint("xid", str(code)) if code is not None else _Hint("symptom", sym))
        raw += [_Hint("sxid", str(x)) for x in query.sxids]
        raw += [_Hint("field", f) for f in query.fields]
        raw += [_Hint("state", s.casefold()) for s in query.scheduler_states]
        raw += [_Hint("log", line) for line in query.log_lines if line.strip()]
        if query.scope:
            raw.append(_Hint("scope", query.scope))
        raw += text_hints(query.text, self._states)
        seen: set[tuple[str, str]] = set()
        out = []
        for h in raw:
            if (h.kind, h.value) not in seen:
                seen.add((h.kind, h.value))
                out.append(h)
        return out

    def _candidates(self, layers: Sequence[str] | None) -> list[str]:
        if layers is None:
            return list(self._signals)
        want = set(layers)
        return [cid for cid, s in self._signals.items() if want & set(s.card.layers)]

    def _structured(
        self, hints: list[_Hint], candidates: list[str], w: Weights
    ) -> dict[str, tuple[float, list[str]]]:
        total = sum(w.of(h.kind) for h in hints)
        out: dict[str, tuple[float, list[str]]] = {}
        if total == 0:
            return out
        earned: dict[str, list[tuple[float, str]]] = {cid: [] for cid in candidates}
        for h in hints:
            if h.kind == "log":
                matches = {
                    cid: src
                    for cid in self._signals
                    if (src := self._signals[cid].log_match(h.value)) is not None
                }
                spec = self._specificity(len(matches))
                for cid, src in matches.items():
                    if cid in earned:
                        earned[cid].append((w.log * spec, f"log line matches /{src}/"))
                continue
            spec = self._specificity(self._df.get((h.kind, h.value), 0))
            for cid in candidates:
                if h.value in self._signals[cid].values(h.kind):
                    earned[cid].append((w.of(h.kind) * spec, h.label()))
        for cid, items in earned.items():
            if items:
                # strongest evidence first in the reasons; same-strength ones keep query order
                ordered = sorted(enumerate(items), key=lambda t: (-t[1][0], t[0]))
                reasons = list(dict.fromkeys(r for _, (_, r) in ordered))
                out[cid] = (min(1.0, sum(w for w, _ in items) / total), reasons)
        return out

    def _semantic(self, text: str) -> dict[str, SemanticMatch]:
        # A card's similarity does not depend on the layer filter: one unfiltered index query
        # serves every layer of search_layers (the filter is applied to the candidates). The
        # small cache serves repeated texts (ablations in the eval, an agent re-asking).
        if not text.strip():
            return {}
        with self._cache_lock:
            cached = self._semantic_cache.get(text)
        if cached is None:
            cached = {m.card_id: m for m in self.index.search(vector=self._vector(text))}
            with self._cache_lock:
                if len(self._semantic_cache) >= 256:  # oldest first out
                    self._semantic_cache.pop(next(iter(self._semantic_cache)))
                self._semantic_cache[text] = cached
        return cached

    def _rank(
        self,
        candidates: list[str],
        hints: list[_Hint],
        text: str,
        k: int,
        w: Weights,
    ) -> list[Hit]:
        structured = self._structured(hints, candidates, w)
        semantic = self._semantic(text)
        lexical = self._bm25.scores(with_gloss(text)) if w.lexical_share > 0 else {}
        share = w.structured_share if hints else 0.0
        hits = []
        for cid in candidates:
            st, reasons = structured.get(cid, (0.0, []))
            sm = semantic.get(cid)
            sem = min(1.0, max(0.0, sm.similarity)) if sm else 0.0
            lex, words = lexical.get(cid, (0.0, []))
            if st == 0.0 and sm is None and lex == 0.0:
                continue
            text_score = (1.0 - w.lexical_share) * sem + w.lexical_share * lex
            score = share * st + (1.0 - share) * text_score
            why = list(reasons)
            if words:
                why.append(f"keywords {', '.join(words[:5])}")
            if sm is not None:
                why.append(f"semantic {sem:.2f} ({sm.view})")
            hits.append(Hit(cid, round(score, 6), round(st, 6), round(sem, 6), why, round(lex, 6)))
        hits.sort(key=lambda h: (-h.score, h.card_id))
        return hits[:k]

    def search(self, query: Query, k: int = 5, weights: Weights | None = None) -> list[Hit]:
        """The ``k`` best cards for the query (of its layers, if it has a filter), best first.

        ``weights`` overrides the retriever's for this call (ablations)."""
        return self._rank(
            self._candidates(query.layers),
            self.hints(query),
            query.text,
            k,
            weights or self.weights,
        )

    def score_cards(self, query: Query, card_ids: Iterable[str]) -> list[Hit]:
        """The hits of exactly these cards, scored as :meth:`search` scores them whatever
        their rank (a card that matches nothing in the query gets none); best first.

        A card that evidence rules in may sit below every layer's top k by the words alone:
        its score must still include what the query says for it, or a finding would lift it
        from nothing while the top k keep their words."""
        wanted = sorted(set(card_ids) & self.kb.cards.keys())
        if not wanted:
            return []
        return self._rank(wanted, self.hints(query), query.text, len(wanted), self.weights)

    def search_layers(
        self,
        query: Query,
        layers: Sequence[str] = LAYERS,
        k_per_layer: int = 3,
    ) -> list[Hit]:
        """Cross-layer retrieval: the top ``k_per_layer`` cards of each layer, merged.

        A workload symptom (a hung job) can have a hardware cause: ranking each layer
        separately keeps one layer's strong matches from crowding out every other layer's
        hypotheses. A card found in several layers appears once, with the layers it topped in
        its last reason; the list is ordered by score (ties by id). ``query.layers`` is
        ignored (``layers`` replaces it)."""
        hints = self.hints(query)
        merged: dict[str, Hit] = {}
        tops: dict[str, list[str]] = {}
        for layer in layers:
            ranked = self._rank(
                self._candidates((layer,)), hints, query.text, k_per_layer, self.weights
            )
            for h in ranked:
                merged.setdefault(h.card_id, h)
                tops.setdefault(h.card_id, []).append(layer)
        out = [
            Hit(
                h.card_id,
                h.score,
                h.structured_score,
                h.semantic_score,
                [*h.reasons, f"top {k_per_layer} in layer {', '.join(tops[h.card_id])}"],
                h.lexical_score,
            )
            for h in merged.values()
        ]
        out.sort(key=lambda h: (-h.score, h.card_id))
        return out
