"""The real-format corpus (tests/data/kernel_log_corpus/corpus.jsonl, each line with its public
origin): Xid/SXid lines recognised with the right code and PCI id, and no line silently lost."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from gpufleet.telemetry.kernel_log import KernelLogParser

CORPUS = Path(__file__).parent / "data" / "kernel_log_corpus" / "corpus.jsonl"
AT = 1772419500.0  # the read time given to lines without one


def _rows() -> list[dict[str, object]]:
    return [json.loads(t) for t in CORPUS.read_text(encoding="utf-8").splitlines() if t]


def _outcome(p: KernelLogParser, line: str) -> object:
    r = p.report
    before = (r.ignored, r.unrecognised, r.gpu_unparsed, r.untrusted, r.malformed_count)
    e = p.feed(line)
    if e is not None:
        return {"kind": e.kind, "xid": e.xid, "pci": e.pci_bus_id}
    after = (r.ignored, r.unrecognised, r.gpu_unparsed, r.untrusted, r.malformed_count)
    delta = [a - b for a, b in zip(after, before, strict=True)]
    if delta[2]:
        return "gpu_unparsed"
    names = ("ignored", "unrecognised", "gpu_unparsed", "untrusted", "malformed")
    return next(n for n, d in zip(names, delta, strict=True) if d)


def _results() -> list[tuple[dict[str, object], object]]:
    groups: dict[str, KernelLogParser] = defaultdict(lambda: KernelLogParser(at=AT))
    out = []
    for i, row in enumerate(_rows()):
        p = groups[str(row.get("group", f"line-{i}"))]
        out.append((row, _outcome(p, str(row["line"]))))
    return out


def test_corpus_is_large_and_cited() -> None:
    rows = _rows()
    assert len(rows) >= 120
    assert all(
        r["origin"] and r["layout"] and r["provenance"] in ("verbatim", "derived") for r in rows
    )
    assert sum(r["provenance"] == "verbatim" for r in rows) >= 60


def test_xid_and_sxid_lines_are_recognised_with_code_and_pci() -> None:
    results = _results()
    want = [
        (row, got)
        for row, got in results
        if isinstance(row["expect"], dict) and row["expect"]["kind"] in ("xid", "sxid")
    ]
    assert len(want) >= 100
    wrong = [(row["line"], got) for row, got in want if got != row["expect"]]
    assert len(wrong) <= 0.02 * len(want), wrong


def test_every_line_has_its_expected_outcome_and_none_is_silently_dropped() -> None:
    results = _results()
    wrong = [(row["line"], row["expect"], got) for row, got in results if got != row["expect"]]
    assert wrong == []
    # zero silent drops: every line that names the GPU stack is an event, context, untrusted or
    # kept as gpu_unparsed, never an anonymous "unrecognised"
    for row, got in results:
        if got == "unrecognised":
            low = str(row["line"]).lower()
            assert not any(w in low for w in ("nvrm", "nvidia", "xid", "nvswitch", "nvlink"))


@pytest.mark.parametrize("layout", ["dmesg --decode", "journalctl -o cat / ticket paste"])
def test_layout_groups_are_all_covered(layout: str) -> None:
    assert any(r["layout"] == layout for r in _rows())
