"""Recommendations' actions become approval requests: filed, never run here.

The approval id is derived from the recommendation and the call, so filing the same plan again
finds the request already there (and keeps its original time). Each request has its own thread
``perf:<recommendation id>``; the SRE service leaves threads it did not start alone.
"""

from __future__ import annotations

from collections.abc import Iterable

from gpufleet.bus.events import Recommendation
from gpufleet.graph.approvals.store import ApprovalRequest, ApprovalStore
from gpufleet.graph.state.database import Location


def approval_request(rec: Recommendation) -> ApprovalRequest | None:
    if rec.action is None or rec.action.risk == "read":
        return None
    return ApprovalRequest.new(
        incident_id=rec.recommendation_id,
        thread_id=f"perf:{rec.recommendation_id}",
        step_index=0,
        tool=rec.action.tool,
        args=rec.action.args,
        risk=rec.action.risk,
        created_at=rec.window_end,
        step_name=rec.kind,
        summary=rec.title,
    )


def file_requests(path: Location, recs: Iterable[Recommendation]) -> list[str]:
    """Store every recommendation's action as a pending approval; returns the approval ids."""
    ids = []
    with ApprovalStore(path) as store:
        for rec in recs:
            req = approval_request(rec)
            if req is not None:
                ids.append(store.request(req).approval_id)
    return ids
