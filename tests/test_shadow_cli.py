"""Shadow mode through the real command line: a diagnosis paused for approval under an enforcing
policy; the site switches to ``mode: shadow``; ``gpufleet approve`` then resumes the thread and
the approved drain goes to the shadow ledger, not to an executor; ``gpufleet report shadow``
lists it with its evidence."""

from __future__ import annotations

import io
import json
from pathlib import Path

from gpufleet.cli.main import main
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.gate import SHADOW_NOTE

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"


def run(*argv: str) -> str:
    out = io.StringIO()
    assert main(list(argv), out) == 0, out.getvalue()
    return out.getvalue()


def test_cli_approval_in_shadow_mode_runs_nothing(tmp_path: Path) -> None:
    policy = tmp_path / "policy.yaml"
    policy.write_text("mode: enforce\n")
    sre = tmp_path / "sre.yaml"
    sre.write_text(f"state_dir: {tmp_path / 'state'}\npolicy: {policy}\n")
    diagnosed = json.loads(run("diagnose", str(DBE), "--sre-config", str(sre), "--json"))
    approval = diagnosed["pending_approval"]
    assert approval  # paused before the drain
    assert "slurm.drain_node" not in [r["tool"] for r in diagnosed["results"]]

    policy.write_text("mode: shadow\n")
    run("approve", approval, "--by", "alice", "--reason", "DBE", "--sre-config", str(sre))

    log = AuditLog(tmp_path / "state" / "audit.db")
    try:
        drains = [a for a in log.records() if a.tool == "slurm.drain_node"]
    finally:
        log.close()
    assert [(a.status, a.error, a.approval_id) for a in drains] == [
        ("dry_run", SHADOW_NOTE, approval)
    ]
    doc = json.loads(run("report", "shadow", "--sre-config", str(sre), "--json"))
    [only] = doc["disagreements"]  # no operator has acted yet
    assert only["kind"] == "gpufleet_only" and only["node"] == "node-02"
    assert only["proposed"]["tool"] == "slurm.drain_node"
    assert only["proposed"]["approval_id"] == approval
    assert "finding: dbe_increase" in only["evidence"]
