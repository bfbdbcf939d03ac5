"""graph.approvals.decide.check_decision: the one rule asked without recording (front ends ask it
before they ask a person for a reason); record_decision asks the same rule when it stores."""

from __future__ import annotations

import pytest

from gpufleet.graph.approvals.decide import DecisionRefusedError, check_decision, record_decision
from gpufleet.graph.approvals.policy import Approver, Policy
from gpufleet.graph.approvals.store import ApprovalStore
from tests.slack_fixtures import T0, pending_drain

POLICY = Policy(approvers=(Approver(name="alice", roles=("sre-lead",)),))


def test_check_changes_nothing_and_refuses_as_record_would() -> None:
    store = ApprovalStore(":memory:")
    aid = pending_drain(store).approval_id
    record, role = check_decision(store, POLICY, aid, "approved", by="alice")
    assert (record.status, role) == ("pending", "sre-lead")
    assert store.get(aid) == record, "nothing recorded"
    for approval_id, by, status in [
        ("apr-nope", "alice", "unknown"),
        (aid, "mallory", "forbidden"),
        (aid, "agent", "forbidden"),
    ]:
        with pytest.raises(DecisionRefusedError) as asked:
            check_decision(store, POLICY, approval_id, "approved", by=by)
        with pytest.raises(DecisionRefusedError) as recorded:
            record_decision(store, POLICY, approval_id, "approved", by=by, reason="r", now=T0)
        assert asked.value.status == recorded.value.status == status
        assert str(asked.value) == str(recorded.value)

    record_decision(store, POLICY, aid, "rejected", by="alice", reason="no", now=T0)
    with pytest.raises(DecisionRefusedError, match="already rejected by alice") as late:
        check_decision(store, POLICY, aid, "approved", by="alice")
    assert late.value.status == "conflict"
    # the same decision again, not yet executed: allowed (a retried click is harmless)
    assert check_decision(store, POLICY, aid, "rejected", by="alice")[0].status == "rejected"
    store.close()
