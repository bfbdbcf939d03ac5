"""An Xid known only from text syslog queues no state-changing step without corroboration
(issue 27, item 3): ``gpufleet diagnose`` on a recorded incident whose only sign of Xid 79 is a
``kernel:`` line in short-iso text (what ``logger -t kernel`` writes too) shows the drain but
files no approval for it, and says why; the same line with the DCGM Xid field reading 79 on
that GPU, or the same Xid from journald's kernel transport, queues the drain as before."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

from gpufleet.cli.main import main

EXAMPLE = Path(__file__).parents[1] / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
FAULT_MS = 1775898720000  # 2026-04-11T09:12:00Z
XID79 = "NVRM: Xid (PCI:0000:18:00): 79, pid=1, GPU has fallen off the bus."
TEXT_SYSLOG_79 = f"2026-04-11T09:12:00.000000+00:00 node-01 kernel: {XID79}"
JOURNAL_79 = [
    "__CURSOR=s=1;i=1",
    "__REALTIME_TIMESTAMP=1775898720000000",
    "_TRANSPORT=kernel",
    "SYSLOG_IDENTIFIER=kernel",
    "_HOSTNAME=node-01",
    f"MESSAGE={XID79}",
    "",
]


def _recorded(tmp_path: Path, lines: list[str], *, dcgm_xid: bool = False) -> Path:
    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    (dst / "logs.txt").write_text("\n".join(lines) + "\n")
    if dcgm_xid:  # the exporter's last-Xid field on node-01 GPU 0 reads 79 from the fault on
        rows = []
        for text in (dst / "metrics.jsonl").read_text().splitlines():
            row = json.loads(text)
            m = row["metric"]
            if (m["__name__"], m.get("Hostname"), m.get("gpu")) == (
                "DCGM_FI_DEV_XID_ERRORS",
                "node-01",
                "0",
            ):
                row["values"] = [
                    79 if t >= FAULT_MS else v
                    for t, v in zip(row["timestamps"], row["values"], strict=True)
                ]
            rows.append(json.dumps(row))
        (dst / "metrics.jsonl").write_text("\n".join(rows) + "\n")
    return dst


def _diagnose(folder: Path, state: Path) -> tuple[dict[str, Any], str]:
    """The JSON diagnosis of the node-01 incident, and the text output of the same run."""
    out = io.StringIO()
    assert main(["diagnose", str(folder), "--state-dir", str(state), "--json"], out=out) == 0
    docs = json.loads(out.getvalue())
    docs = docs if isinstance(docs, list) else [docs]
    (doc,) = [
        d
        for d in docs
        if any(s["args"].get("node") == "node-01" for s in d.get("runbook", {}).get("steps", []))
    ]
    text = io.StringIO()
    argv = ["diagnose", doc["incident_id"], "--state-dir", str(state)]
    assert main(argv, out=text) == 0
    return doc, text.getvalue()


def _drain(doc: dict[str, Any]) -> dict[str, Any]:
    (step,) = [s for s in doc["runbook"]["steps"] if s["tool"] == "slurm.drain_node"]
    assert step["args"]["node"] == "node-01"
    return step


def _pending(state: Path) -> str:
    out = io.StringIO()
    assert main(["approvals", "--state-dir", str(state)], out=out) == 0
    return out.getvalue()


def test_text_syslog_only_xid79_queues_no_drain(tmp_path: Path) -> None:
    state = tmp_path / "state"
    doc, text = _diagnose(_recorded(tmp_path, [TEXT_SYSLOG_79]), state)
    assert doc["pending_approval"] is None and doc["outcome"] == "escalated"
    assert "corroboration" in _drain(doc)["unresolved"]
    assert "slurm.drain_node(node=node-01" not in _pending(state)
    # the provenance is in the diagnosis's evidence and in what diagnose prints
    (log,) = [e for e in doc["evidence_cited"] if e["tool"] == "kernel_log.search"]
    assert "kernel line via text syslog (uncorroborated)" in log["summary"]
    assert (
        log["facts"]["xid_79_via"] == "text-syslog" and log["facts"]["xid_uncorroborated"] == "79"
    )
    assert "kernel line via text syslog (uncorroborated)" in text
    assert "(needs corroboration)" in text


def test_the_same_line_with_the_dcgm_xid_field_queues_the_drain(tmp_path: Path) -> None:
    state = tmp_path / "state"
    doc, text = _diagnose(_recorded(tmp_path, [TEXT_SYSLOG_79], dcgm_xid=True), state)
    assert doc["pending_approval"] is not None
    assert "corroboration" not in _drain(doc)["unresolved"]
    assert "slurm.drain_node(node=node-01" in _pending(state)
    assert "corroborated by DCGM Xid field on node-01/gpu0" in text


def test_the_journal_kernel_transport_needs_no_corroboration(tmp_path: Path) -> None:
    state = tmp_path / "state"
    doc, _ = _diagnose(_recorded(tmp_path, JOURNAL_79), state)
    assert doc["pending_approval"] is not None
    assert "corroboration" not in _drain(doc)["unresolved"]


def test_a_refused_form_opens_nothing_to_drain(tmp_path: Path) -> None:
    forged = TEXT_SYSLOG_79.replace("kernel:", "kernel[4242]:")
    out = io.StringIO()
    folder = _recorded(tmp_path, [forged])
    assert (
        main(["diagnose", str(folder), "--state-dir", str(tmp_path / "s"), "--json"], out=out) == 0
    )
    docs = json.loads(out.getvalue())
    docs = docs if isinstance(docs, list) else [docs]
    nodes = {s["args"].get("node") for d in docs for s in d.get("runbook", {}).get("steps", [])}
    assert "node-01" not in nodes
    assert "node-01" not in _pending(tmp_path / "s")
