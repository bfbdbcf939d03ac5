"""The text-evidence parsers on the real-format corpus (tests/data/evidence_corpus, every line and
document with the public origin of its format): the right signature, node, GPU and attributed
peer for each, and every line accounted for (GPU text not understood is counted, never lost)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gpufleet.telemetry.dcgm_diag import DcgmDiagError, parse_dcgm_diag
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from gpufleet.telemetry.ib_counters import parse_ib_counters
from gpufleet.telemetry.job_log import JobLogError, parse_job_log
from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q
from gpufleet.telemetry.statements import STATEMENT_KINDS
from gpufleet.telemetry.text_evidence import MAX_LINES, AddressBook, TextParse

CORPUS = Path(__file__).parent / "data" / "evidence_corpus"
BOOK = {"peer-a": ["10.20.3.17"], "peer-b": ["10.20.3.18", "fd00::18"]}
NODES = ("node-02", "node-03", "trainer-node-07")

PARSERS: dict[str, Callable[..., TextParse]] = {
    "job_log": lambda text, origin: parse_job_log(
        text, origin=origin, node="batch-host", nodes=NODES, addresses=BOOK
    ),
    "nvidia_smi_q": lambda text, origin: parse_nvidia_smi_q(text, origin=origin, node="node-01"),
    "dcgmi_diag": lambda text, origin: parse_dcgm_diag(text, origin=origin, node="node-01"),
    "fabric_manager": lambda text, origin: parse_fabric_manager(
        text, origin=origin, node="node-01"
    ),
    "ib_counters": lambda text, origin: parse_ib_counters(
        text, origin=origin, node="node-01", nodes=NODES
    ),
}


def _lines() -> list[dict[str, Any]]:
    text = (CORPUS / "lines.jsonl").read_text(encoding="utf-8")
    return [json.loads(t) for t in text.splitlines() if t]


def _documents() -> list[dict[str, Any]]:
    text = (CORPUS / "documents.jsonl").read_text(encoding="utf-8")
    return [json.loads(t) for t in text.splitlines() if t]


def test_corpus_is_cited() -> None:
    rows = [*_lines(), *_documents()]
    assert len(_lines()) >= 30 and len(_documents()) >= 8
    assert all(r["origin"] and r["provenance"] in ("verbatim", "format") for r in rows)
    assert {r["source"] for r in rows} == set(PARSERS)


@pytest.mark.parametrize("row", _lines(), ids=lambda r: r["line"][:60])
def test_each_line(row: dict[str, Any]) -> None:
    res = PARSERS[row["source"]](row["line"], "corpus")
    # a writer's statement stands beside whatever record the line is (telemetry.statements):
    # a row names the ones it expects, and no other may appear
    said = sorted(s.kind for s in res.signatures if s.kind in STATEMENT_KINDS)
    sigs = [s for s in res.signatures if s.kind != "fm_state" and s.kind not in STATEMENT_KINDS]
    expect = row["expect"]
    assert said == sorted(expect.get("statements", []) if isinstance(expect, dict) else [])
    assert res.report.consistent
    if expect == "ignored":
        assert not sigs and res.report.ignored == 1
    elif expect == "gpu_unparsed":
        assert not sigs and res.report.gpu_unparsed == 1
        assert res.report.gpu_unparsed_lines[0][1] == row["line"][:200]
    elif expect == "unrecognised":
        assert not sigs and res.report.unrecognised == 1 and res.report.gpu_unparsed == 0
    else:
        assert len(sigs) == 1, sigs
        sig = sigs[0]
        assert sig.kind == expect["kind"]
        assert sig.origin == "corpus" and sig.line == 1 and sig.text
        for key in ("node", "gpu", "peer"):
            if key in expect:
                assert getattr(sig, key) == expect[key], key
        for key, value in expect.get("detail", {}).items():
            assert sig.detail.get(key) == value, key


@pytest.mark.parametrize("doc", _documents(), ids=lambda d: d["file"])
def test_each_document(doc: dict[str, Any]) -> None:
    text = (CORPUS / doc["file"]).read_bytes()
    res = PARSERS[doc["source"]](text, doc["file"])
    expect = doc["expect"]
    assert dict(Counter(s.kind for s in res.signatures)) == expect["kinds"]
    assert res.report.gpu_unparsed == expect["gpu_unparsed"]
    assert res.report.consistent
    assert all(s.origin == doc["file"] and s.source == doc["source"] for s in res.signatures)
    for i in range(4):
        for key, value in expect.get(f"gpu{i}", {}).items():
            inv = next(s for s in res.signatures if s.kind == "smi_gpu" and s.gpu == i)
            assert inv.detail[key] == value, (i, key)
    if "fail_gpus" in expect:
        fails = [s.gpu for s in res.signatures if s.kind == "dcgm_diag_fail"]
        assert fails == expect["fail_gpus"]
    if "nodes" in expect:
        assert sorted({s.node for s in res.signatures}) == expect["nodes"]


def test_peer_attribution_through_the_address_book() -> None:
    """An RDMA error names the peer by IP: the book maps it (an IPv4-mapped GID too) to the
    node; an address the book does not hold is counted, and the signature keeps it as written."""
    line = "a:1:2 [0] NCCL WARN NET/IB : Got completion from peer {ip}<1> with status=12 opcode=0"
    book = AddressBook({"peer-a": "10.0.0.9"})
    known = parse_job_log(line.format(ip="10.0.0.9"), origin="j", addresses=book)
    assert known.signatures[0].peer == "peer-a"
    mapped = parse_job_log(line.format(ip="::ffff:10.0.0.9"), origin="j", addresses=book)
    assert mapped.signatures[0].peer == "peer-a"
    unknown = parse_job_log(line.format(ip="10.0.0.77"), origin="j", addresses=book)
    assert unknown.signatures[0].peer == "" and unknown.signatures[0].peer_address == "10.0.0.77"
    assert unknown.report.unattributed_peers == 1


def test_watchdog_ranks_show_the_straggler() -> None:
    """Every rank reports the timeout; the work progress line says which rank is behind."""
    lines = [
        f"[rank{r}]:[E1206 18:44:12.7 ProcessGroupNCCL.cpp:1834] [PG ID 0 PG GUID 0 Rank {r}] "
        f"Timeout at NCCL work: 7753, last enqueued NCCL work: 7755, last completed NCCL work: "
        f"{7752 if r != 5 else 7740}."
        for r in range(8)
    ]
    res = parse_job_log("\n".join(lines), origin="j")
    done = {s.detail["rank"]: int(s.detail["last_completed"]) for s in res.signatures}
    assert min(done, key=lambda r: done[r]) == "5"


def test_host_names_map_to_topology_nodes() -> None:
    res = parse_job_log(
        "node-03.cluster.local:1:2 [7] NCCL WARN Cuda failure 'unspecified launch failure'",
        origin="j",
        nodes=NODES,
    )
    sig = res.signatures[0]
    # the CUDA error NCCL relays is that error, on the GPU NCCL's prefix names
    assert (sig.node, sig.gpu, sig.kind, sig.detail["relayed_by"]) == (
        "node-03",
        7,
        "cuda_launch_failure",
        "nccl",
    )


def test_line_cap_counts_what_it_does_not_read() -> None:
    res = parse_job_log("x\n" * (MAX_LINES + 5), origin="j")
    assert res.report.total == MAX_LINES and res.report.over_cap == 5


def test_documented_errors() -> None:
    with pytest.raises(JobLogError):
        parse_job_log("x", origin="")
    with pytest.raises(DcgmDiagError, match="not valid dcgmi diag JSON"):
        parse_dcgm_diag('{"DCGM GPU Diagnostic": [', origin="d.json")
    # not JSON and not a table: read as text, every line counted as GPU output not understood
    odd = parse_dcgm_diag("[1, 2]\nsegfault", origin="d.txt")
    assert odd.report.gpu_unparsed == 2 and odd.signatures[-1].detail["tests"] == "0"
