"""Precedents: resolved incidents whose reports read like a new one vote for their causes."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import numpy as np
import pytest
import yaml

from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Family, Incident, Scope, Severity
from gpufleet.cli.main import main
from gpufleet.evals.precedent_cases import precedent_of, precedents_of_sets, read_set_names
from gpufleet.evals.recorded import load_incident
from gpufleet.knowledge.embedding import MiniLmEmbedding
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.precedent_index import PrecedentIndex, embedded_text
from gpufleet.knowledge.precedent_vectors import DIM, save_vectors
from gpufleet.knowledge.precedents import (
    MAX_TITLE,
    NEIGHBOURS,
    PRECEDENT_SETS,
    PRECEDENT_WEIGHT,
    PUBLIC_PRECEDENTS,
    Precedent,
    PrecedentLibrary,
    PrecedentMatch,
    read_precedents,
    votes,
    write_precedents,
)
from gpufleet.knowledge.retrieve import Hit, Query
from gpufleet.knowledge.store import KnowledgeBase

REPO = Path(__file__).resolve().parents[1]
EVALS = REPO / "src/gpufleet/evals"
CASE = EVALS / "heldout/bumblebee-677-legacy-xid32-31"
BENIGN = next((EVALS / "heldout-10").glob("*-benign*"))


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


def _p(pid: str, cause: str, *acceptable: str, text: str = "words") -> Precedent:
    return Precedent(
        id=pid, title=pid, text=text, cause=cause, acceptable=acceptable, source=f"https://x/{pid}"
    )


# --------------------------------------------------------------------------- loading
def test_bad_lines_are_reported_with_their_line_and_the_rest_load(
    tmp_path: Path, kb: KnowledgeBase
) -> None:
    good = _p("a", "fan-failure", "no-such-card").model_dump(mode="json")
    lines = [
        json.dumps(good),
        "{not json",
        json.dumps({**good, "id": "b", "surprise": 1}),  # unknown field
        json.dumps({**good, "id": "c", "cause": "no-such-card"}),
        json.dumps({**good, "acceptable": []}),  # repeats id a
        "",
        json.dumps({**good, "id": "d", "acceptable": ["hw-thermal-slowdown"]}),
    ]
    path = tmp_path / "p.jsonl"
    path.write_text("\n".join(lines) + "\n")
    lib = read_precedents(path, kb.cards)
    assert [p.id for p in lib.items] == ["a", "d"]
    assert lib.items[0].acceptable == ()  # the unknown alternative is dropped, the line kept
    where = [p.split(": ", 1)[0] for p in lib.problems]
    assert where == [f"{path}:{n}" for n in (1, 2, 3, 4, 5)]
    assert "not JSON" in lib.problems[1] and "surprise" in lib.problems[2]
    assert "is no card" in lib.problems[3] and "repeats" in lib.problems[4]


def test_a_missing_library_is_empty(tmp_path: Path, kb: KnowledgeBase) -> None:
    lib = read_precedents(tmp_path / "none.jsonl", kb.cards)
    assert lib.items == [] and lib.problems == []


# --------------------------------------------------------------------------- the vote
def test_votes_weigh_similarity_and_count_alternatives_at_their_share() -> None:
    matches = [
        PrecedentMatch(_p("a", "fan-failure", "hw-thermal-slowdown"), 0.8),
        PrecedentMatch(_p("b", "fan-failure"), 0.6),
        PrecedentMatch(_p("c", "rack-cooling-failure"), 0.4),
        PrecedentMatch(_p("d", "power-brake-psu"), -0.1),  # unlike: does not vote
    ]
    v = votes(matches, power=1.0, acceptable_share=0.5)
    assert v["fan-failure"] == pytest.approx(1.4 / 1.8, abs=1e-6)
    assert v["hw-thermal-slowdown"] == pytest.approx(0.4 / 1.8, abs=1e-6)
    assert v["rack-cooling-failure"] == pytest.approx(0.4 / 1.8, abs=1e-6)
    assert "power-brake-psu" not in v
    assert votes([]) == {}


def _incident() -> Incident:
    return Incident(
        incident_id="inc-1",
        title="t",
        family=Family.THERMAL,
        scope=Scope.GPU,
        root_entity="node-01/gpu4",
        severity=Severity.WARNING,
        opened_at=1000.0,
        updated_at=1000.0,
        last_anomaly_at=1000.0,
        entities=("node-01/gpu4",),
        symptoms=("gpu_temp_rising",),
        anomaly_ids=("a",),
        anomaly_count=1,
    )


def test_similar_resolved_incidents_decide_between_cards_the_words_score_alike(
    kb: KnowledgeBase,
) -> None:
    hits = [
        Hit(c, 0.5, 0.5, 0.5, ["symptom"], 0.0) for c in ("fan-failure", "rack-cooling-failure")
    ]
    before = rank_hypotheses(_incident(), [], [], hits, kb)
    assert before[0].card_id == "fan-failure"  # the tie goes to the smaller id
    similar = [PrecedentMatch(_p(f"r{i}", "rack-cooling-failure"), 0.7) for i in range(3)]
    after = rank_hypotheses(_incident(), [], [], hits, kb, similar)
    lead = after[0]
    assert lead.card_id == "rack-cooling-failure"
    assert lead.score == pytest.approx(0.5 + PRECEDENT_WEIGHT, abs=1e-6)
    assert any(
        "3 of 3 similar resolved incidents" in r and "https://x/r0" in r for r in lead.reasons
    )


def test_precedents_never_lift_a_card_that_lacks_its_own_signal(kb: KnowledgeBase) -> None:
    hits = [Hit(c, 0.5, 0.5, 0.5, ["x"], 0.0) for c in ("sticky-xid-gauge", "xid-app-fault")]
    similar = [PrecedentMatch(_p(f"s{i}", "sticky-xid-gauge"), 0.9) for i in range(8)]
    ranked = rank_hypotheses(_incident(), [], [], hits, kb, similar)
    assert [h.card_id for h in ranked][:2] == ["xid-app-fault", "sticky-xid-gauge"]


def test_a_card_only_precedents_name_becomes_a_candidate(kb: KnowledgeBase) -> None:
    hits = [Hit("fan-failure", 0.3, 0.3, 0.3, ["x"], 0.0)]
    similar = [PrecedentMatch(_p("p", "power-brake-psu"), 0.8)]
    ranked = {h.card_id: h for h in rank_hypotheses(_incident(), [], [], hits, kb, similar)}
    assert ranked["power-brake-psu"].score == pytest.approx(PRECEDENT_WEIGHT, abs=1e-6)


# --------------------------------------------------------------------------- the index
@pytest.fixture(scope="module")
def small_index(tmp_path_factory: pytest.TempPathFactory) -> CardIndex:
    return CardIndex(tmp_path_factory.mktemp("pidx"), MiniLmEmbedding(threads=1))


def test_the_index_finds_the_report_that_reads_alike_and_withholds_what_it_is_told(
    small_index: CardIndex, kb: KnowledgeBase
) -> None:
    lib = PrecedentLibrary(
        [
            _p("fan", "fan-failure", text="GPU fan stopped spinning, card overheats at 90C"),
            _p("psu", "power-brake-psu", text="the server powers off when all eight GPUs load"),
            _p("oom", "fb-fragmentation-oom", text="CUDA out of memory while allocating a tensor"),
        ]
    )
    idx = PrecedentIndex(small_index, lib)
    assert idx.build().rebuilt
    assert not idx.build().rebuilt  # unchanged: kept
    vec = small_index.embed_query("whole machine shuts down under full GPU load")
    found = idx.similar(vec, 2)
    assert found[0].precedent.id == "psu"
    assert found[0].similarity > found[1].similarity
    withheld = idx.similar(vec, 2, frozenset({"psu"}))
    assert "psu" not in [m.precedent.id for m in withheld] and len(withheld) == 2
    by_source = idx.similar(vec, 3, frozenset({"https://x/psu"}))
    assert [m.precedent.id for m in by_source].count("psu") == 0
    grown = PrecedentIndex(small_index, PrecedentLibrary([*lib.items, _p("x", "fan-failure")]))
    assert grown.name != idx.name  # another library lives beside it, not over it
    assert grown.build().rebuilt and not idx.build().rebuilt
    assert grown.prune() == 1 and idx._collection() is None


def test_the_search_is_exact_and_the_same_after_a_rebuild(
    small_index: CardIndex, tmp_path: Path
) -> None:
    """Every precedent is scored, not an HNSW graph's walk (approximate, and built in an order
    that varies): among 4,000 spread-out vectors the top 16 is the brute-force top 16 by cosine,
    for every query, and a forced rebuild returns the same."""
    rng = np.random.default_rng(7)
    lib = PrecedentLibrary([_p(f"p{i:04d}", "fan-failure", text=f"case {i}") for i in range(4000)])
    rows = rng.normal(size=(4000, DIM)).astype(np.float32)
    stored = tmp_path / "vectors.npz"
    save_vectors(stored, [embedded_text(p) for p in lib.items], rows)
    idx = PrecedentIndex(small_index, lib, vectors=stored)
    idx.build(force=True)
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    queries = rng.normal(size=(40, DIM)).astype(np.float32)
    first = [idx.similar(q, 16) for q in queries]
    for q, found in zip(queries, first, strict=True):
        cos = unit @ (q / np.linalg.norm(q))
        want = sorted(zip(-np.round(cos, 6), [p.id for p in lib.items], strict=True))[:16]
        assert [m.precedent.id for m in found] == [pid for _, pid in want]
    idx.build(force=True)
    assert [idx.similar(q, 16) for q in queries] == first


# --------------------------------------------------------------------------- building
def test_a_case_becomes_its_report_words_and_its_truth() -> None:
    p = precedent_of(CASE, prefix="heldout/")
    assert p is not None
    assert p.id == "heldout/bumblebee-677-legacy-xid32-31"
    assert p.cause == "xid-32-pushbuffer-corruption"
    assert p.source == "https://github.com/Bumblebee-Project/Bumblebee/issues/677"
    assert "Xid" in p.text and len(p.text) > 40


def test_a_report_titled_at_any_length_becomes_a_precedent_with_its_subject_kept(
    tmp_path: Path,
) -> None:
    """A public report's title is its reporter's: one pasted whole (an error line, a log path)
    runs past what a precedent keeps; its head is kept, and the case still teaches its cause."""
    case = tmp_path / "long-title"
    shutil.copytree(CASE, case)
    spec = case / "incident.yaml"
    long_title = "GPU stops responding: " + "NVRM: Xid (PCI:0000:01:00): 32, " * 20
    doc = yaml.safe_load(spec.read_text(encoding="utf-8"))
    spec.write_text(yaml.safe_dump({**doc, "title": long_title}), encoding="utf-8")
    p = precedent_of(case)
    assert p is not None and p.cause == "xid-32-pushbuffer-corruption"
    assert len(p.title) == MAX_TITLE and p.title.endswith("…")
    assert p.title.startswith("GPU stops responding: NVRM: Xid")


def test_a_benign_case_makes_no_precedent() -> None:
    assert precedent_of(BENIGN) is None


def test_the_shipped_library_is_what_its_sets_file_builds(
    tmp_path: Path, kb: KnowledgeBase
) -> None:
    out = tmp_path / "public.jsonl"
    items, problems = precedents_of_sets(EVALS, read_set_names(PRECEDENT_SETS))
    assert problems == []
    write_precedents(out, [p for p in items if p.cause in kb.cards])
    assert out.read_bytes() == PUBLIC_PRECEDENTS.read_bytes(), "run `gpufleet kb precedents build`"


def test_no_unread_set_answers_itself() -> None:
    """A held-out set not in sets.txt must have no case in the library, by id or by source."""
    listed = set(read_set_names(PRECEDENT_SETS))
    lib = read_precedents(PUBLIC_PRECEDENTS, KnowledgeBase.load().cards)
    assert {p.id.split("/", 1)[0] for p in lib.items} <= listed
    sources = {p.source for p in lib.items}
    unread = [d for d in EVALS.glob("heldout*") if d.is_dir() and d.name not in listed]
    assert unread, "some held-out sets stay unread"
    for d in unread:
        for case in d.glob("*/incident.yaml"):
            p = precedent_of(case.parent)
            assert p is None or p.source not in sources, case.parent


def test_an_eval_case_withholds_its_own_precedent() -> None:
    inc = load_incident(CASE)
    own = inc.own_precedents()
    assert "heldout/bumblebee-677-legacy-xid32-31" in own
    assert "https://github.com/Bumblebee-Project/Bumblebee/issues/677" in own


# --------------------------------------------------------------------------- the command
def test_kb_precedents_add_and_list_a_fleets_resolved_incidents(tmp_path: Path) -> None:
    case = tmp_path / "resolved"
    shutil.copytree(CASE, case)
    state = tmp_path / "state"
    out = io.StringIO()
    rc = main(["kb", "precedents", "add", str(case), str(BENIGN), "--state-dir", str(state)], out)
    assert rc == 1  # one added, the benign one skipped with a reason
    assert "1 precedent(s) added" in out.getvalue()
    out = io.StringIO()
    assert main(["kb", "precedents", "list", "--json", "--state-dir", str(state)], out) == 0
    doc = json.loads(out.getvalue())
    fleet = doc[str(state / "precedents.jsonl")]
    assert fleet["precedents"] == 1 and fleet["causes"] == {"xid-32-pushbuffer-corruption": 1}
    assert doc[str(PUBLIC_PRECEDENTS)]["precedents"] > 1000


def test_kb_precedents_add_of_nothing_usable_fails_clearly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["kb", "precedents", "add", str(tmp_path / "nope"), "--state-dir", str(tmp_path)])
    assert rc == 2
    assert "nope" in capsys.readouterr().err


def test_query_text_finds_precedents_through_the_retriever(kb: KnowledgeBase) -> None:
    from gpufleet.knowledge.retrieve import Retriever

    r = Retriever.open(kb)
    q = Query(text="nvidia-smi says No devices were found after the kernel update")
    found = r.similar_incidents(q)
    assert len(found) == NEIGHBOURS
    assert found == sorted(found, key=lambda m: (-m.similarity, m.precedent.id))
    first = found[0].precedent
    assert r.withholding({first.id}).similar_incidents(q)[0].precedent.id != first.id


def test_the_agent_reads_the_fleets_library_and_shows_what_it_skipped(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gpufleet.agents.sre.runtime import Shared
    from gpufleet.knowledge import precedents

    # a one-line public library: the fleet's is what is read here, and embedding 1,257
    # documents for a test would take a minute
    public = tmp_path / "public.jsonl"
    write_precedents(public, [_p("public/one", "power-brake-psu", text="PSU tripped")])
    monkeypatch.setattr(precedents, "PUBLIC_PRECEDENTS", public)
    own = _p("fleet/own", "fan-failure", text="fans at 0 rpm on node-07 after the BMC update")
    write_precedents(tmp_path / "precedents.jsonl", [own])
    with (tmp_path / "precedents.jsonl").open("a") as fh:
        fh.write('{"id": "fleet/broken"\n')
    with caplog.at_level("WARNING"):
        shared = Shared.load(tmp_path)
    assert any("precedents.jsonl:2" in r.getMessage() for r in caplog.records)
    found = shared.retriever.similar_incidents(Query(text="fans at 0 rpm after the BMC update"))
    assert found[0].precedent.id == "fleet/own"
