"""The worker of the step race in tests/test_state_postgres.py, in a module of its own so the
spawned processes import only the stores (not the whole test module)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.state.database import Location
from gpufleet.graph.tools import ToolResult

T0 = 1_750_000_000.0

STEP_SCRIPT = """\
import sys
with open(sys.argv[1], "a") as f:
    f.write(sys.argv[2] + "\\n")
"""


def run_step(where: Location, approval_id: str, side_effect: str, who: str, start: Any) -> str:
    """What the graph's ``_once`` does for an approved step: claim, consume the approval, run a
    real command, write the result; a loser reads the result instead."""
    ledger, store = ExecutionLedger(where), ApprovalStore(where)
    try:
        start.wait()
        if not ledger.claim(approval_id, T0, tool="slurm.drain_node", node="gpu-0001"):
            res = ledger.outcome(approval_id)
            return "unknown" if res is None else f"read:{res.status}"
        assert store.mark_consumed(approval_id, T0)
        script = Path(side_effect).with_suffix(".py")
        subprocess.run([sys.executable, str(script), side_effect, who], check=True)
        ledger.complete(approval_id, ToolResult(status="ok", data={"by": who}))
        return "ran"
    finally:
        ledger.close()
        store.close()
