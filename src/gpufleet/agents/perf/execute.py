"""Run the performance agent's requests that a person approved — through the approval gate.

Only requests this agent filed (thread ``perf:…``) with an ``approved`` decision that was not
yet used are run; pending and rejected ones are left alone, so an action that needs approval
waits for it. A request whose nodes the SRE agent holds now is not run (the approval stays
unused until the hold is released). The gate checks the approval again, consumes it, runs the
executor (dry-run by default) and audits the call.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpufleet.agents.perf.holds import Holds
from gpufleet.graph.approvals.gate import ActionContext, ApprovalGate
from gpufleet.graph.approvals.store import ApprovalRecord
from gpufleet.graph.tools import ToolCall, ToolResult

THREAD_PREFIX = "perf:"


@dataclass(frozen=True)
class Executed:
    approval_id: str
    tool: str
    result: ToolResult
    initiator: str


def _runnable(rec: ApprovalRecord) -> bool:
    return (
        rec.thread_id.startswith(THREAD_PREFIX)
        and rec.decision is not None
        and rec.decision.decision == "approved"
        and not rec.consumed
    )


def _hosts(rec: ApprovalRecord) -> list[str]:
    targets = str(rec.args.get("nodes") or rec.args.get("node") or "")
    return [h for h in targets.split(",") if h]


def run_approved(gate: ApprovalGate, holds: Holds, now: float) -> list[Executed]:
    """Every approved, unused perf request not blocked by an SRE hold, run through the gate."""
    out = []
    for rec in gate.approvals.records():
        if not _runnable(rec):
            continue
        held = holds.holder(_hosts(rec))
        if held is not None:
            reason = f"{held[1]} is held by incident {held[0]} (SRE agent); not run now"
            out.append(Executed(rec.approval_id, rec.tool, ToolResult.failure(reason), "perf"))
            continue
        who = rec.decided_by or "unknown"
        result = gate.execute(
            ToolCall(tool=rec.tool, args=rec.args),
            context=ActionContext(incident_id=rec.incident_id, thread_id=rec.thread_id),
            initiator=who,
            approval=rec.approval_id,
            now=now,
        )
        out.append(Executed(rec.approval_id, rec.tool, result, who))
    return out
