"""End to end: `gpufleet diagnose <incident dir>` on two evidence scenarios of the suite. The
decisive evidence is real-format text beside the telemetry (job output, nvidia-smi -q, IB
counters): the diagnosis must cite it, name the right cause, and pick a runbook of the right
action class (restart the job; isolate the NIC of the node the RDMA errors name)."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from gpufleet.cli.main import main
from gpufleet.knowledge.store import KnowledgeBase

SUITE = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "suite"


def _diagnose(tmp_path: Path, scenario: str) -> dict[str, Any]:
    folder = tmp_path / scenario
    shutil.copytree(SUITE / scenario, folder, ignore=shutil.ignore_patterns(".cache"))
    out = io.StringIO()
    code = main(
        ["diagnose", str(folder), "--state-dir", str(tmp_path / "state"), "--json"], out=out
    )
    assert code == 0, out.getvalue()
    doc = json.loads(out.getvalue())
    return doc[0] if isinstance(doc, list) else doc


def _action_class(doc: dict[str, Any]) -> str | None:
    runbook = doc["runbook"]
    return KnowledgeBase.load().runbooks[runbook["id"]].action_class if runbook else None


def _cited_text(doc: dict[str, Any]) -> str:
    return " ".join(str(e.get("summary", "")) for e in doc["evidence_cited"])


@pytest.mark.parametrize(
    ("scenario", "cause", "action_class", "cited"),
    [
        ("evidence-contained-ecc", "xid-94-contained-ecc", "restart_application", "job_log"),
        ("evidence-rdma-peer", "ib-nic-link-flap", "fabric_nic", "nccl_ib_completion_error"),
    ],
)
def test_diagnose_reads_the_evidence_files(
    tmp_path: Path, scenario: str, cause: str, action_class: str, cited: str
) -> None:
    doc = _diagnose(tmp_path, scenario)
    causes = doc["root_causes"]
    assert causes[0]["card_id"] == cause, [c["card_id"] for c in causes[:3]]
    assert _action_class(doc) == action_class
    assert cited in _cited_text(doc)
