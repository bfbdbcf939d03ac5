"""Knowledge base: schema and reference validation, offline embeddings, the Chroma index, hybrid
retrieval, the retrieval eval and the ``kb`` commands, on small handcrafted cards in tmp dirs
(plus one check that the real knowledge folder validates)."""

from __future__ import annotations

import argparse
import io
import ipaddress
import json
import os
import socket
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import yaml
from pydantic import ValidationError

import gpufleet.knowledge.embedding as embedding_mod
from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Family, Incident, IncidentOpened, IncidentUpdated, Scope, Severity
from gpufleet.cli.kb import _card_text
from gpufleet.cli.parser import add_kb_commands
from gpufleet.knowledge.embedding import MiniLmEmbedding
from gpufleet.knowledge.index import COLLECTION, CardIndex, card_views
from gpufleet.knowledge.retrieval_eval import load_queries, run_eval, write_report
from gpufleet.knowledge.retrieve import Bm25, Query, Retriever, Weights, from_incident, text_hints
from gpufleet.knowledge.schema import Card
from gpufleet.knowledge.store import (
    KnowledgeBase,
    KnowledgeError,
    content_hash,
    load_cards,
    load_runbooks,
    noc_symptoms,
)
from gpufleet.knowledge.symptoms import CARDLESS
from gpufleet.sim.faults import ALL_FAULTS, FallenOffBus
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.topology import Topology, build_cluster

REPO = Path(__file__).resolve().parents[1]
MIN_REAL_CARDS = 60  # the issue asks for at least 60 failure-mode cards

# --------------------------------------------------------------------------- mini knowledge base
CARDS: dict[str, dict[str, Any]] = {
    "gpu-fallen-off-bus": {
        "title": "GPU has fallen off the bus (Xid 79)",
        "layers": ["hardware", "driver"],
        "severity": "critical",
        "signals": {
            "symptoms": ["xid_79", "gpu_missing"],
            "fields": ["DCGM_FI_DEV_GPU_TEMP"],
            "patterns": ["the GPU disappears from nvidia-smi and its metrics stop"],
            "xids": [79],
            "log_patterns": ["(?i)fallen off the bus"],
            "scope": ["gpu"],
        },
        "distinguishing": {"rules_in": ["nvidia-smi no longer lists the GPU"]},
        "root_cause": "The GPU stopped answering on PCIe (power, link or board failure); the "
        "driver marks it lost and every process on it dies.",
        "runbooks": ["drain-and-reboot"],
        "fault_classes": ["gpu_fallen_off_bus"],
        "sources": ["NVIDIA Xid catalog"],
        "body": "Xid 79 means the GPU is gone from the PCIe bus. Drain the node and reboot it.",
    },
    "fan-failure": {
        "title": "Chassis fan failure (GPUs overheat)",
        "layers": ["hardware"],
        "severity": "warning",
        "signals": {
            "symptoms": ["gpu_temp_rising", "gpu_temp_high", "sbe_storm"],
            "fields": ["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"],
            "patterns": ["GPU temperature climbs while the load stays flat"],
            "log_patterns": ["(?i)fan.*(fail|fault|rpm)"],
            "scope": ["chassis"],
        },
        "distinguishing": {
            "rules_in": ["the BMC shows a fan below its RPM threshold"],
            "rules_out": ["the whole rack warms → rack cooling"],
        },
        "root_cause": "A chassis fan failed, so the GPUs in front of it lose airflow and heat.",
        "fault_classes": ["fan_failure", "rack_cooling_failure", "thermal_throttle"],
        "sources": ["DCGM field reference"],
        "body": "The GPU heats without more work to do; neighbours warm a little.",
    },
    "nccl-timeout": {
        "title": "NCCL timeout after an InfiniBand link flap",
        "layers": ["os", "workload"],
        "severity": "critical",
        "signals": {
            "symptoms": ["nic_link_flap", "nic_link_down", "job_util_collapse"],
            "patterns": ["utilization drops to zero on every rank of the job at once"],
            "log_patterns": ["(?i)mlx5.*link down", "(?i)NCCL.*(timeout|watchdog)"],
            "scheduler_states": ["COMPLETING"],
            "scope": ["job"],
        },
        "distinguishing": {"rules_in": ["the NIC port logged link down before the hang"]},
        "root_cause": "A network port flapped, a collective lost a peer and every rank waits "
        "until the NCCL watchdog kills the job.",
        "fault_classes": ["nic_flap_nccl_timeout", "job_stall"],
        "sources": ["NCCL documentation"],
        "body": "Distributed training hangs; all GPUs of the job go idle together.",
    },
    "driver-api-mismatch": {
        "title": "Driver / kernel module version mismatch after an upgrade",
        "layers": ["driver"],
        "severity": "critical",
        "signals": {
            "symptoms": ["rm_init_failed"],
            "log_patterns": ["API mismatch"],
            "scheduler_states": ["DRAIN"],
            "scope": ["node"],
        },
        "distinguishing": {"rules_in": ["dmesg shows NVRM: API mismatch"]},
        "root_cause": "The user-space driver and the loaded kernel module are different "
        "versions after a partial upgrade, so no CUDA program can start.",
        "sources": ["NVIDIA driver README"],
        "body": "nvidia-smi fails with 'Failed to initialize NVML: Driver/library version "
        "mismatch'. Reboot into the new kernel module.",
    },
    "dataloader-stall": {
        "title": "Input pipeline starvation (data loader too slow)",
        "layers": ["workload"],
        "severity": "warning",
        "signals": {
            "symptoms": ["job_idle_gaps", "host_cpu_saturated"],
            "patterns": ["GPU utilization saw-tooths between busy and idle"],
            "scope": ["job"],
        },
        "distinguishing": {"rules_in": ["host CPUs are busy decoding while the GPUs wait"]},
        "root_cause": "The data loader cannot feed the GPUs fast enough.",
        "fault_classes": [],  # filled with every unmapped simulator fault class below
        "sources": ["PyTorch performance guide"],
        "body": "Training is slow: the GPUs keep waiting for the next batch of data.",
    },
}
_MAPPED = {fc for c in CARDS.values() for fc in c.get("fault_classes", [])}
CARDS["dataloader-stall"]["fault_classes"] = sorted(set(ALL_FAULTS) - _MAPPED)

RUNBOOK: dict[str, Any] = {
    "id": "drain-and-reboot",
    "version": 1,
    "title": "Drain and reboot the node",
    "description": "For a GPU lost from the bus.",
    "applies_to": ["gpu-fallen-off-bus"],
    "approval": "required",
    "steps": [
        {
            "name": "drain",
            "tool": "slurm.drain_node",
            "args": {"node": "{node}", "reason": "gpufleet {incident_id}"},
            "risk": "mutate",
        },
        {
            "name": "reboot",
            "tool": "node.reboot",
            "args": {"node": "{node}"},
            "risk": "destructive",
        },
    ],
    "verification": {
        "tool": "slurm.show_node",
        "args": {"node": "{node}"},
        "expect": "state IDLE",
        "timeout_s": 900,
    },
}

QUERIES = [
    {"card": "gpu-fallen-off-bus", "query": "a GPU vanished from nvidia-smi on node-09"},
    {"card": "gpu-fallen-off-bus", "query": "GPU lost", "xids": [79]},
    {"card": "fan-failure", "query": "node 17 slot 4 keeps getting hotter with the same load"},
    {"card": "fan-failure", "query": "overheating", "log_lines": ["ipmi: Fan3 failed"]},
    {
        "card": "nccl-timeout",
        "query": "all ranks of the training job stuck at 0% after a link bounce",
    },
    {"card": "nccl-timeout", "query": "job hung", "symptoms": ["nic_link_flap"]},
    {
        "card": "driver-api-mismatch",
        "query": "after the driver upgrade nvidia-smi says version mismatch",
    },
    {
        "card": "driver-api-mismatch",
        "query": "cannot init GPUs",
        "log_lines": ["NVRM: API mismatch"],
    },
    {"card": "dataloader-stall", "query": "training is slow, GPUs keep waiting for data batches"},
    {"card": "dataloader-stall", "query": "gpu util saw-tooth", "symptoms": ["job_idle_gaps"]},
]


def card_md(card_id: str, fields: dict[str, Any]) -> str:
    front = {"id": card_id, **{k: v for k, v in fields.items() if k != "body"}}
    return f"---\n{yaml.safe_dump(front, sort_keys=False)}---\n{fields.get('body', '')}\n"


def write_kb(root: Path, cards: dict[str, dict[str, Any]] | None = None) -> tuple[Path, Path]:
    cdir, rdir = root / "cards", root / "runbooks"
    cdir.mkdir(parents=True)
    rdir.mkdir(parents=True)
    for cid, fields in (cards or CARDS).items():
        (cdir / f"{cid}.md").write_text(card_md(cid, fields))
    (rdir / "drain-and-reboot.yaml").write_text(yaml.safe_dump(RUNBOOK, sort_keys=False))
    return cdir, rdir


@pytest.fixture(scope="module")
def kb_dirs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return write_kb(tmp_path_factory.mktemp("kb"))


@pytest.fixture(scope="module")
def kb(kb_dirs: tuple[Path, Path]) -> KnowledgeBase:
    return KnowledgeBase.load(*kb_dirs)


@pytest.fixture(scope="module")
def index(kb: KnowledgeBase, tmp_path_factory: pytest.TempPathFactory) -> CardIndex:
    idx = CardIndex(tmp_path_factory.mktemp("index"))
    idx.build(kb)
    return idx


@pytest.fixture(scope="module")
def retriever(kb: KnowledgeBase, index: CardIndex) -> Retriever:
    return Retriever(kb, index)


def _errors(exc: pytest.ExceptionInfo[KnowledgeError]) -> str:
    return "\n".join(exc.value.errors)


# --------------------------------------------------------------------------- schema
def _bad_card(tmp_path: Path, name: str, mutate: Any) -> Path:
    fields = json.loads(json.dumps(CARDS["fan-failure"]))
    mutate(fields)
    d = tmp_path / "cards"
    d.mkdir(exist_ok=True)
    (d / f"{name}.md").write_text(card_md(name, fields))
    return d


def test_valid_mini_kb_loads_and_validates(kb: KnowledgeBase) -> None:
    assert sorted(kb.cards) == sorted(CARDS)
    assert kb.cards["fan-failure"].body.startswith("The GPU heats")
    assert kb.validate_references(ALL_FAULTS) == []
    assert [r.id for r in kb.runbooks_for("gpu-fallen-off-bus")] == ["drain-and-reboot"]


def test_bad_regex_names_file_and_field(tmp_path: Path) -> None:
    d = _bad_card(tmp_path, "bad-regex", lambda f: f["signals"].update(log_patterns=["ok", "(x"]))
    with pytest.raises(KnowledgeError) as e:
        load_cards(d)
    msg = _errors(e)
    assert "bad-regex.md" in msg and "signals.log_patterns" in msg
    assert "not a valid regular expression" in msg


def test_missing_rules_in_names_file_and_field(tmp_path: Path) -> None:
    d = _bad_card(tmp_path, "no-rules", lambda f: f["distinguishing"].pop("rules_in"))
    with pytest.raises(KnowledgeError) as e:
        load_cards(d)
    assert "no-rules.md: distinguishing.rules_in: Field required" in _errors(e)


def test_every_bad_card_is_reported_at_once(tmp_path: Path) -> None:
    _bad_card(tmp_path, "one", lambda f: f.update(severity="catastrophic"))
    _bad_card(tmp_path, "two", lambda f: f.update(layers=["firmware"]))
    d = _bad_card(tmp_path, "three", lambda f: None)  # valid
    (d / "four.md").write_text("no front matter here\n")
    with pytest.raises(KnowledgeError) as e:
        load_cards(d)
    msg = _errors(e)
    assert "one.md: severity" in msg
    assert "two.md: layers.0" in msg
    assert "four.md: no YAML front matter" in msg
    assert "three.md" not in msg
    assert "3 file(s)" in str(e.value)


def _bad_runbook(tmp_path: Path, mutate: Any) -> Path:
    rb = json.loads(json.dumps(RUNBOOK))
    mutate(rb)
    d = tmp_path / "runbooks"
    d.mkdir(exist_ok=True)
    (d / "rb.yaml").write_text(yaml.safe_dump(rb))
    return d


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (
            lambda rb: rb["steps"][0].update(tool="slurm.nuke_node"),
            "unknown tool 'slurm.nuke_node'",
        ),
        (lambda rb: rb["steps"][0].update(risk="read"), "has risk mutate, not read"),
        (lambda rb: rb.update(approval="policy"), "destructive step needs approval: required"),
        (lambda rb: rb.update(approval="none"), "approval cannot be 'none'"),
        (lambda rb: rb.update(steps=[]), "steps"),
    ],
    ids=["unknown-tool", "wrong-risk", "destructive-policy", "mutating-none", "no-steps"],
)
def test_bad_runbooks_are_rejected_with_file(tmp_path: Path, mutate: Any, expected: str) -> None:
    d = _bad_runbook(tmp_path, mutate)
    with pytest.raises(KnowledgeError) as e:
        load_runbooks(d)
    msg = _errors(e)
    assert "rb.yaml" in msg and expected in msg


def test_unknown_tool_error_carries_the_step_path(tmp_path: Path) -> None:
    d = _bad_runbook(tmp_path, lambda rb: rb["steps"][1].update(tool="rm.rf"))
    with pytest.raises(KnowledgeError) as e:
        load_runbooks(d)
    assert "rb.yaml: steps.1: step 'reboot': unknown tool 'rm.rf'" in _errors(e)


# --------------------------------------------------------------------------- references
def _with(mutations: dict[str, Any]) -> dict[str, dict[str, Any]]:
    cards: dict[str, dict[str, Any]] = json.loads(json.dumps(CARDS))
    for cid, change in mutations.items():
        change(cards[cid])
    return cards


@pytest.mark.parametrize(
    ("mutations", "expected"),
    [
        (
            {"fan-failure": lambda c: c.update(runbooks=["no-such-runbook"])},
            "fan-failure.md: runbooks: unknown runbook 'no-such-runbook'",
        ),
        (
            {"fan-failure": lambda c: c.update(related=["ghost-card"])},
            "fan-failure.md: related: unknown card 'ghost-card'",
        ),
        (
            {
                "fan-failure": lambda c: c.update(
                    runbook_when=[
                        {
                            "finding": "slot_neighbours_warming",
                            "runbook": "no-such-runbook",
                            "why": "a variant with its own decision",
                        }
                    ]
                )
            },
            "fan-failure.md: runbook_when.0: unknown runbook 'no-such-runbook'",
        ),
        (
            {"fan-failure": lambda c: c["signals"].update(symptoms=["gpu_is_sad"])},
            "fan-failure.md: signals.symptoms: 'gpu_is_sad' is not a NOC symptom",
        ),
        (
            {"fan-failure": lambda c: c.update(fault_classes=["rack_cooling_failure"])},
            "simulator fault class 'fan_failure' is not mapped by any card",
        ),
        (
            {"fan-failure": lambda c: c["fault_classes"].append("alien_attack")},
            "fault_classes: unknown simulator fault class 'alien_attack'",
        ),
    ],
    ids=[
        "unknown-runbook",
        "unknown-related",
        "unknown-variant-runbook",
        "unknown-symptom",
        "unmapped-fault",
        "bad-fault",
    ],
)
def test_reference_validation(tmp_path: Path, mutations: dict[str, Any], expected: str) -> None:
    kb = KnowledgeBase.load(*write_kb(tmp_path, _with(mutations)))
    errors = kb.validate_references(ALL_FAULTS)
    assert any(expected in e for e in errors), errors


def test_duplicate_ids_and_runbook_references(tmp_path: Path) -> None:
    cdir, rdir = write_kb(tmp_path)
    (cdir / "copy-of-fan.md").write_text(card_md("fan-failure", CARDS["fan-failure"]))
    rb = json.loads(json.dumps(RUNBOOK))
    rb.update(id="other", applies_to=["nobody"])
    rb["preconditions"] = [{"check": "mood", "expect": "good", "tool": "crystal.ball"}]
    (rdir / "other.yaml").write_text(yaml.safe_dump(rb))
    kb = KnowledgeBase.load(cdir, rdir)
    errors = "\n".join(kb.validate_references(ALL_FAULTS))
    assert "duplicate card id 'fan-failure' (2×" in errors
    assert "other.yaml: applies_to: unknown card 'nobody'" in errors
    assert "other.yaml: preconditions.0.tool: unknown tool 'crystal.ball'" in errors
    assert any("copy-of-fan.md" in w and "differs from the file name" for w in kb.warnings())


def test_noc_symptom_vocabulary_matches_the_rules() -> None:
    """knowledge.symptoms is the vocabulary; every name in it is emitted by a NOC rule (a
    RuleSpec of the GPU/node, extended-field or job rules, or a log rule), and every rule's
    name is in it (log and report rules name theirs as string literals)."""
    from gpufleet.agents.noc import extended_rules, job_rules, log_rules, report_rules, rules

    names = noc_symptoms()
    specs = {
        v.symptom
        for mod in (rules, job_rules)
        for v in vars(mod).values()
        if isinstance(v, rules.RuleSpec)
    } | {s.symptom for s in extended_rules.EXTENDED_SPECS}
    log_source = Path(log_rules.__file__).read_text() + Path(report_rules.__file__).read_text()
    log_names = {n for n in names if f'"{n}"' in log_source}
    # every symptom the job-signal and report rules put on an anomaly is in it too
    emitted = {
        v[0] for v in (*log_rules.JOB_SIGNAL_RULES.values(), *report_rules.REPORT_RULES.values())
    }
    assert emitted <= names, sorted(emitted - names)
    assert specs <= names
    assert names == specs | log_names | emitted
    assert {"nic_link_flap", "rm_init_failed"} <= log_names
    with pytest.raises(ValueError, match=r"not in knowledge\.symptoms"):
        rules.RuleSpec("x.y", "made_up_symptom", Family.THERMAL, "hardware", None, "made up")


def test_every_symptom_names_its_cards_unless_said_why_not() -> None:
    """Retrieval recognises an incident by its symptoms on the cards: a symptom no card lists
    (an anomaly a job's or a tool's words opened) would rank by prose alone."""
    kb = KnowledgeBase.load()
    listed = {s for card in kb.cards.values() for s in card.signals.symptoms}
    cardless = set(noc_symptoms()) - listed
    assert cardless == set(CARDLESS), sorted(cardless ^ set(CARDLESS))
    assert set(CARDLESS) <= set(noc_symptoms())


def test_content_hash_tracks_file_bytes(tmp_path: Path) -> None:
    cdir, rdir = write_kb(tmp_path)
    h1 = content_hash(cdir, rdir)
    assert KnowledgeBase.load(cdir, rdir).content_hash() == h1
    card = cdir / "fan-failure.md"
    card.write_text(card.read_text() + "One more sentence.\n")
    assert content_hash(cdir, rdir) != h1


def test_real_knowledge_base_validates() -> None:
    kb = KnowledgeBase.load()  # raises, listing every bad file, if a card or runbook is invalid
    assert len(kb.cards) >= MIN_REAL_CARDS
    assert kb.runbooks
    errors = kb.validate_references(ALL_FAULTS)
    assert not errors, "\n".join(errors)


# --------------------------------------------------------------------------- embedding
@pytest.fixture(scope="module")
def ef() -> MiniLmEmbedding:
    return MiniLmEmbedding()


def test_embedding_is_deterministic_and_unit_length(ef: MiniLmEmbedding) -> None:
    texts = ["GPU has fallen off the bus", "fan failure", "a " * 400]
    a = ef.embed(texts)
    b = ef.embed(texts)
    alone = np.stack([ef.embed([t])[0] for t in texts])
    assert a.shape == (3, 384) and a.dtype == np.float32
    assert np.array_equal(a, b)
    np.testing.assert_allclose(a, alone, atol=1e-6)  # batching and padding do not matter
    np.testing.assert_allclose(np.linalg.norm(a, axis=1), 1.0, atol=1e-5)
    chroma_out = ef(["GPU has fallen off the bus"])  # the Chroma protocol path
    np.testing.assert_allclose(np.asarray(chroma_out[0]), a[0], atol=1e-6)


def test_embedding_is_semantically_sane(ef: MiniLmEmbedding) -> None:
    q, xid79, fan, fan_long = ef.embed(
        [
            "GPU has fallen off the bus",
            "Xid 79 (GPU_HAS_FALLEN_OFF_THE_BUS): the GPU dropped off the PCIe bus and stopped "
            "responding; reboot the node",
            "fan failure",
            "a chassis fan failed and the GPUs in front of it overheat",
        ]
    )
    assert float(q @ xid79) > float(q @ fan) + 0.2
    # A weak model: a long sentence about GPUs scores high on any GPU question, so the margin
    # against it is small (0.66 vs 0.61). This is why retrieval is hybrid, not embedding-only.
    assert float(q @ xid79) > float(q @ fan_long)


def test_embedding_config_round_trip(ef: MiniLmEmbedding) -> None:
    cfg = ef.get_config()
    again = MiniLmEmbedding.build_from_config(cfg)
    assert again.get_config() == cfg and MiniLmEmbedding.name() == ef.name()
    with pytest.raises(ValueError, match="rebuild the index"):
        MiniLmEmbedding.build_from_config({**cfg, "model_sha256": "0" * 64})


@pytest.fixture
def no_network(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Any]]:
    """Fail any attempt to reach a non-loopback address (DNS included)."""
    attempts: list[Any] = []
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    real_connect = socket.socket.connect
    real_getaddrinfo = socket.getaddrinfo

    def loopback(host: Any) -> bool:
        if isinstance(host, str) and host in ("localhost", ""):
            return True
        try:
            return ipaddress.ip_address(str(host)).is_loopback
        except ValueError:
            return False

    def connect(self: socket.socket, address: Any) -> Any:
        if self.family == socket.AF_UNIX or loopback(address[0]):
            return real_connect(self, address)
        attempts.append(address)
        raise OSError(f"network disabled in tests: connect to {address}")

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if loopback(host):
            return real_getaddrinfo(host, *args, **kwargs)
        attempts.append(host)
        raise OSError(f"network disabled in tests: resolve {host}")

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    yield attempts
    assert not attempts, f"network access attempted: {attempts}"


def test_model_load_build_and_query_need_no_network(
    no_network: list[Any], kb: KnowledgeBase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(embedding_mod, "_ENCODERS", {})  # force a fresh model load, offline
    idx = CardIndex(tmp_path / "idx", MiniLmEmbedding(threads=1))
    assert idx.build(kb).rebuilt
    assert idx.query("GPU fell off the PCIe bus", n=1)[0][0] == "gpu-fallen-off-bus"
    assert not no_network


# --------------------------------------------------------------------------- index
def test_index_build_and_query(index: CardIndex, kb: KnowledgeBase) -> None:
    expected_docs = sum(len(card_views(c, index.embedding.count_tokens)) for c in kb.card_list)
    assert index.count() == expected_docs
    top = index.query("distributed training hangs after the network port went down", n=3)
    assert top[0][0] == "nccl-timeout"
    assert all(0.0 < s <= 1.0 for _, s in top)
    assert [s for _, s in top] == sorted((s for _, s in top), reverse=True)
    only_driver = index.query("GPU overheating", n=5, layers=["driver"])
    assert {c for c, _ in only_driver} <= {"gpu-fallen-off-bus", "driver-api-mismatch"}


def test_long_bodies_are_chunked_to_fit_the_model_window(kb: KnowledgeBase) -> None:
    ef = MiniLmEmbedding()
    long_card = kb.cards["fan-failure"].model_copy(
        update={"body": "\n\n".join(f"Paragraph {i}. " + "the fan stalls " * 60 for i in range(4))}
    )
    views = card_views(long_card, ef.count_tokens, ef.max_length)
    bodies = [t for v, t in views if v.startswith("body-")]
    assert len(bodies) >= 4
    assert all(ef.count_tokens(t) + 2 <= ef.max_length for t in bodies)
    assert not any("rack cooling" in t for _, t in views)  # rules_out are never embedded


def test_report_phrases_are_one_view_and_reach_the_lexical_channel(kb: KnowledgeBase) -> None:
    # people write "the fans stopped spinning", not "DCGM_FI_DEV_FAN_SPEED 0": the card's
    # report phrases are one embedded view (a view per phrase would win generic reports by the
    # best of a dozen tries) and words BM25 reads
    said = ["the blower stopped spinning and the card cooks", "replacing the blower fixed it"]
    phrased = kb.cards["fan-failure"].model_copy(update={"reported_as": said})
    views = dict(card_views(phrased))
    assert "reported" not in dict(card_views(kb.cards["fan-failure"]))
    assert views["reported"].startswith(phrased.title)
    assert all(p in views["reported"] for p in said)
    cards = [phrased if c.id == "fan-failure" else c for c in kb.card_list]
    query = "the blower stopped spinning"
    assert "fan-failure" not in Bm25(kb.card_list).scores(query)
    scores = Bm25(cards).scores(query)
    assert max(scores, key=lambda c: scores[c][0]) == "fan-failure"
    assert "blower" in scores["fan-failure"][1]


def test_every_bundled_card_says_how_people_report_it() -> None:
    from gpufleet.knowledge.store import MIN_REPORT_PHRASES

    bundled = KnowledgeBase.load()
    for card in bundled.card_list:
        assert len(card.reported_as) >= MIN_REPORT_PHRASES, card.id
    assert not [w for w in bundled.warnings() if "report phrases" in w]
    shown = _card_text(bundled.cards["fan-failure"], bundled)  # `gpufleet kb show` prints them
    assert "How people report it:" in shown
    assert all(p in shown for p in bundled.cards["fan-failure"].reported_as)
    with pytest.raises(ValidationError):  # a paragraph is not a phrase
        Card.model_validate({**bundled.card_list[0].model_dump(), "reported_as": ["x " * 101]})


_BUILD_IN_A_PROCESS = """
import json, sys
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.store import KnowledgeBase
r = CardIndex(sys.argv[1]).build(KnowledgeBase.load(sys.argv[2], sys.argv[3]))
print(json.dumps({"rebuilt": r.rebuilt, "reason": r.reason, "documents": r.documents}))
"""


def test_processes_building_one_index_at_once_build_it_once(tmp_path: Path) -> None:
    """``watch`` and ``serve`` starting together on one host: one builds, the other waits
    and finds it up to date (two writers on one Chroma directory would corrupt it)."""
    cdir, rdir = write_kb(tmp_path / "kb")
    argv = [sys.executable, "-c", _BUILD_IN_A_PROCESS, str(tmp_path / "idx"), str(cdir), str(rdir)]
    env = {
        "PYTHONPATH": os.pathsep.join(
            [
                str(Path(__file__).resolve().parents[1] / "src"),
                str(Path(__file__).resolve().parents[1]),
            ]
        ),
        "PATH": "/usr/bin:/bin",
    }
    procs = [subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, env=env) for _ in range(3)]
    reports = [json.loads(p.communicate(timeout=300)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sorted(r["rebuilt"] for r in reports) == [False, False, True], reports
    idx = CardIndex(tmp_path / "idx")
    assert idx.count() == max(r["documents"] for r in reports) > 0
    assert {c.name for c in idx.client.list_collections()} == {COLLECTION}


def test_rebuild_only_when_content_changes(tmp_path: Path) -> None:
    cdir, rdir = write_kb(tmp_path / "kb")
    idx = CardIndex(tmp_path / "idx")
    kb1 = KnowledgeBase.load(cdir, rdir)
    first = idx.build(kb1)
    assert first.rebuilt and first.reason == "no index" and first.documents > 0
    again = idx.build(KnowledgeBase.load(cdir, rdir))
    assert not again.rebuilt and again.reason == "up to date"
    card = cdir / "dataloader-stall.md"
    card.write_text(card.read_text() + "\nAlso check the storage throughput.\n")
    changed = idx.build(KnowledgeBase.load(cdir, rdir))
    assert changed.rebuilt and changed.reason == "content changed"
    assert idx.stored_identity()["kb_hash"] == changed.content_hash != first.content_hash
    forced = idx.build(KnowledgeBase.load(cdir, rdir), force=True)
    assert forced.rebuilt and forced.reason == "forced"
    assert idx.count() == changed.documents  # the swap left exactly one collection's documents
    names = {c.name for c in idx.client.list_collections()}
    assert names == {COLLECTION}


def test_persisted_index_reopens_in_a_fresh_process(index: CardIndex) -> None:
    # A new interpreter: Chroma must rebuild the embedding function from the collection's
    # saved config, which works only because importing knowledge.embedding registered it.
    script = textwrap.dedent(
        f"""
        import chromadb
        from chromadb.config import Settings
        import gpufleet.knowledge.embedding  # registers MiniLmEmbedding
        client = chromadb.PersistentClient(
            path={str(index.path)!r}, settings=Settings(anonymized_telemetry=False))
        col = client.get_collection({COLLECTION!r})  # no embedding function passed
        res = col.query(query_texts=["GPU fell off the PCIe bus"], n_results=1)
        print(res["metadatas"][0][0]["card_id"], type(col._embedding_function).__name__,
              col.configuration["embedding_function"].name())
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1"},
        check=False,
    )
    assert out.returncode == 0, out.stderr
    card, _, ef_name = out.stdout.split()
    assert card == "gpu-fallen-off-bus"
    assert ef_name == MiniLmEmbedding.name()


def test_persisted_index_reopens_with_a_new_client(index: CardIndex, kb: KnowledgeBase) -> None:
    again = CardIndex(index.path)
    assert again.is_current(kb)
    assert not again.build(kb).rebuilt
    assert again.query("fan broken, GPU overheating", n=1)[0][0] == "fan-failure"


# --------------------------------------------------------------------------- retrieval
def test_xid_query_ranks_the_xid_card_first_with_its_reason(retriever: Retriever) -> None:
    hits = retriever.search(Query(text="node-09 lost a GPU", xids=[79]), k=3)
    assert hits[0].card_id == "gpu-fallen-off-bus"
    assert "matches Xid 79" in hits[0].reasons
    assert hits[0].structured_score > 0.5
    assert any(r.startswith("semantic ") for r in hits[0].reasons)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_xid_quoted_in_text_counts_as_evidence(retriever: Retriever) -> None:
    hits = retriever.search(Query(text="seeing XID 79 in dmesg"), k=1)
    assert hits[0].card_id == "gpu-fallen-off-bus"
    assert "text mentions Xid 79" in hits[0].reasons


def test_structured_reasons_read_like_evidence(retriever: Retriever) -> None:
    q = Query(
        symptoms=["gpu_temp_rising"],
        log_lines=["ipmi: Fan3 FAILED, 0 RPM"],
        fields=["DCGM_FI_DEV_GPU_TEMP"],
    )
    hit = retriever.search(q, k=1)[0]
    assert hit.card_id == "fan-failure"
    assert hit.reasons[0] == "log line matches /(?i)fan.*(fail|fault|rpm)/"
    assert "symptom gpu_temp_rising" in hit.reasons and "field DCGM_FI_DEV_GPU_TEMP" in hit.reasons
    assert hit.semantic_score == 0.0  # no text, no semantic part


def test_layer_filter_and_cross_layer_search(retriever: Retriever, kb: KnowledgeBase) -> None:
    text = "training job stuck, all GPUs idle"
    for layer in ("hardware", "driver", "os", "workload"):
        hits = retriever.search(Query(text=text, layers=[layer]), k=5)
        assert hits and all(layer in kb.cards[h.card_id].layers for h in hits)
    merged = retriever.search_layers(Query(text=text), k_per_layer=1)
    covered = {lay for h in merged for lay in kb.cards[h.card_id].layers}
    assert covered == {"hardware", "driver", "os", "workload"}
    assert all(h.reasons[-1].startswith("top 1 in layer") for h in merged)
    assert [h.score for h in merged] == sorted((h.score for h in merged), reverse=True)


def test_search_is_deterministic_with_ties_by_id(retriever: Retriever) -> None:
    q = Query(scheduler_states=["drain", "completing"])  # two cards, equal evidence
    a = retriever.search(q, k=5)
    assert a == retriever.search(q, k=5)
    assert [h.card_id for h in a] == ["driver-api-mismatch", "nccl-timeout"]
    assert a[0].score == a[1].score


def test_lexical_channel_catches_pasted_strings(retriever: Retriever, kb: KnowledgeBase) -> None:
    bm = Bm25(kb.card_list)
    scores = bm.scores("Failed to initialize NVML: Driver/library version mismatch")
    best = max(scores, key=lambda c: scores[c][0])
    assert best == "driver-api-mismatch" and scores[best][0] == 1.0
    assert "mismatch" in scores[best][1]
    assert bm.scores("") == {} and bm.scores("the of and") == {}
    hit = retriever.search(Query(text="nvidia-smi: Driver/library version mismatch"), k=1)[0]
    assert hit.card_id == "driver-api-mismatch"
    assert any(r.startswith("keywords ") and "mismatch" in r for r in hit.reasons)
    assert hit.lexical_score == 1.0
    semantic_only = Weights(structured_share=0.0, lexical_share=0.0)
    plain = retriever.search(Query(text="version mismatch"), k=5, weights=semantic_only)
    assert plain and all(h.lexical_score == 0.0 for h in plain)  # the ablation switch


def test_cards_named_by_evidence_are_scored_as_search_scores_them(retriever: Retriever) -> None:
    # a card a finding rules in may sit below every layer's top k: asked for by name it gets
    # the score search gives it, not 0 (with 0 a job log's uncorrectable-ECC error lost to a
    # hung-job card that only the symptom's words favoured)
    q = Query(text="GPU hot and the fan is loud", symptoms=["gpu_temp_high"])
    full = {h.card_id: h.score for h in retriever.search(q, k=100)}
    low = sorted(full, key=lambda c: full[c])[:2]
    named = retriever.score_cards(q, [*low, "no-such-card"])
    assert {h.card_id: h.score for h in named} == {c: full[c] for c in low}
    assert retriever.score_cards(q, []) == []


def test_text_hints_parse_quoted_identifiers() -> None:
    hints = {(h.kind, h.value) for h in text_hints("Xids 13/31 and 2 GPUs; SXid 20034; xid_79")}
    assert hints == {("xid", "13"), ("xid", "31"), ("sxid", "20034"), ("xid", "79")}
    hints = {(h.kind, h.value) for h in text_hints("sbe_storm on DCGM_FI_DEV_GPU_TEMP", ["DOWN"])}
    assert hints == {("symptom", "sbe_storm"), ("field", "DCGM_FI_DEV_GPU_TEMP")}
    assert not text_hints("the node went down", ["DOWN"])  # states are case-sensitive


def _fallen_off_bus_incident() -> Incident:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=10)])
    sim = FleetSimulator(topo, seed=3, faults=[FallenOffBus(onset_s=300)])
    det = Detector(topo)
    incidents: dict[str, Incident] = {}
    for tick in sim.run(480):
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                incidents[ev.incident.incident_id] = ev.incident
    (inc,) = [i for i in incidents.values() if 79 in i.xids]
    return inc


def test_from_incident_on_a_detector_incident(retriever: Retriever) -> None:
    inc = _fallen_off_bus_incident()
    q = from_incident(
        inc, log_lines=["NVRM: Xid (PCI:0000:2a:00): 79, GPU has fallen off the bus."]
    )
    assert 79 in q.xids and "xid_79" in q.symptoms and q.scope == "gpu"
    assert "node-09" not in q.text and q.text
    hit = retriever.search(q, k=1)[0]
    assert hit.card_id == "gpu-fallen-off-bus"
    assert "matches Xid 79" in hit.reasons
    assert "log line matches /(?i)fallen off the bus/" in hit.reasons


def test_from_incident_on_a_constructed_incident() -> None:
    inc = Incident(
        incident_id="inc-1",
        title="thermal: gpu_temp_rising on node-17/gpu4 (chassis)",
        family=Family.THERMAL,
        scope=Scope.CHASSIS,
        root_entity="node-17/gpu4",
        severity=Severity.WARNING,
        opened_at=0.0,
        updated_at=0.0,
        last_anomaly_at=0.0,
        entities=("node-17/gpu4",),
        symptoms=("gpu_temp_rising", "sbe_storm"),
        anomaly_ids=("a",),
        anomaly_count=1,
        nodes=("node-17",),
    )
    q = from_incident(inc)
    assert q.symptoms == ("gpu_temp_rising", "sbe_storm") and q.scope == "chassis"
    assert q.text == "thermal: gpu_temp_rising on (chassis)."
    assert q.xids == ()


# --------------------------------------------------------------------------- eval + CLI
def test_retrieval_eval_reports(retriever: Retriever, tmp_path: Path) -> None:
    qdir = tmp_path / "eval"
    qdir.mkdir()
    (qdir / "queries-a.yaml").write_text(yaml.safe_dump(QUERIES[:6]))
    (qdir / "queries-b.yaml").write_text(yaml.safe_dump(QUERIES[6:9]))  # one card short
    result = run_eval(retriever, load_queries(qdir))
    assert result.overall.queries == 9
    assert result.overall.recall_at_3 >= 0.9
    assert set(result.by_kind) == {"text-only", "hinted"}
    assert result.missing == {"dataloader-stall": 1}
    assert not result.passed  # coverage gap
    assert result.latency_ms["p50"] > 0
    files = write_report(result, tmp_path / "report")
    doc = json.loads(files["json"].read_text())
    assert doc["cards_missing_queries"] == {"dataloader-stall": 1}
    text = files["markdown"].read_text()
    assert "recall@3" in text and "text-only" in text and "dataloader-stall" in text


def test_eval_query_files_are_validated(tmp_path: Path) -> None:
    (tmp_path / "queries-x.yaml").write_text(yaml.safe_dump([{"card": "a", "qury": "typo"}]))
    with pytest.raises(KnowledgeError) as e:
        load_queries(tmp_path)
    msg = _errors(e)
    assert "queries-x.yaml: 0.query: Field required" in msg and "0.qury" in msg


def run_kb(*argv: str) -> tuple[int, str]:
    parser = argparse.ArgumentParser(prog="gpufleet")
    add_kb_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["kb", *argv])
    out = io.StringIO()
    return int(args.func(args, out)), out.getvalue()


def test_cli_validate_build_search_show_eval(
    kb_dirs: tuple[Path, Path], index: CardIndex, tmp_path: Path
) -> None:
    cdir, rdir = kb_dirs
    loc = ["--cards", str(cdir), "--runbooks", str(rdir)]
    idx = ["--index", str(index.path)]
    code, text = run_kb("validate", *loc)
    assert code == 0 and "5 cards, 1 runbooks: OK" in text

    code, text = run_kb("build", *loc, *idx, "--json")
    assert code == 0 and json.loads(text)["rebuilt"] is False

    code, text = run_kb(
        "search", "lost", "a", "GPU", "--xid", "79", "-k", "2", "--json", *loc, *idx
    )
    hits = json.loads(text)
    assert code == 0 and hits[0]["card_id"] == "gpu-fallen-off-bus"
    assert "matches Xid 79" in hits[0]["reasons"] and hits[0]["runbooks"] == ["drain-and-reboot"]

    code, text = run_kb("search", "GPU hot", "--layer", "workload", *loc, *idx)
    assert code == 0 and "fan-failure" not in text and "why:" in text

    code, text = run_kb("show", "gpu-fallen-off-bus", *loc)
    assert code == 0 and "drain-and-reboot (v1, approval required)" in text
    code, text = run_kb("show", "drain-and-reboot", *loc)
    assert code == 0 and "node.reboot, destructive" in text and "gpu-fallen-off-bus" in text

    qdir = tmp_path / "eval"
    qdir.mkdir()
    (qdir / "queries-a.yaml").write_text(yaml.safe_dump(QUERIES))
    code, text = run_kb("eval", *loc, *idx, "--queries", str(qdir), "--report", str(tmp_path / "r"))
    assert code == 0, text
    assert {p.name for p in (tmp_path / "r").iterdir()} == {"retrieval.md", "retrieval.json"}


def test_cli_errors_exit_2(
    kb_dirs: tuple[Path, Path], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cdir, rdir = kb_dirs
    loc = ["--cards", str(cdir), "--runbooks", str(rdir)]
    code, _ = run_kb("show", "fan-failur", *loc)
    assert code == 2 and "did you mean fan-failure" in capsys.readouterr().err
    code, _ = run_kb("search", *loc, "--index", str(tmp_path / "i"))
    assert code == 2 and "give a description" in capsys.readouterr().err
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "x.md").write_text("---\nid: x\n---\n")
    code, _ = run_kb(
        "build", "--cards", str(bad), "--runbooks", str(rdir), "--index", str(tmp_path)
    )
    err = capsys.readouterr().err
    assert code == 2 and "x.md: title: Field required" in err
    code, text = run_kb("validate", "--cards", str(bad), "--runbooks", str(rdir))
    assert code == 1 and "x.md: layers: Field required" in text
