"""Two ``gpufleet serve --state postgresql://…`` replicas on one real PostgreSQL server: each
has its own state directory (event log, intake journal) and shares approvals, the execution
ledger, the audit log and LangGraph's checkpoints. Alertmanager sends both the same alert.

* approved once, the step runs once although both replicas resume the diagnosis;
* a replica killed right after claiming the step (mid-step) leaves an unknown outcome that the
  other replica reports; the step is never run again silently.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx

from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.state.url import PostgresUrl
from tests.postgres_server import PostgresServer, postgres_fixture  # noqa: F401 (fixture)
from tests.serve_process import TOKENS, Served, start_serve, wait_for, write_config
from tests.test_serve import approval_of, incident_for, webhook_payload, xid79

AM = {"Authorization": f"Bearer {TOKENS['alertmanager']}"}


def _replica(root: Path, name: str, url: str, **kw: Any) -> Served:
    return start_serve(write_config(root / name, extra=f"state: {url}\n"), **kw)


def _alert(served: Served, alert: dict[str, Any]) -> None:
    with served.client() as http:
        r = http.post("/api/v1/alerts/alertmanager", json=webhook_payload(alert), headers=AM)
        assert r.status_code == 200, r.text


def _executions(url: str, approval_id: str) -> list[Any]:
    log = AuditLog(PostgresUrl(url))
    try:
        return [
            r
            for r in log.records()
            if r.approval_id == approval_id
            and r.status not in ("denied", "blocked", "pending_approval")
        ]
    finally:
        log.close()


def _approve(served: Served, approval_id: str) -> None:
    with served.client() as http:
        r = http.post(
            f"/api/v1/approvals/{approval_id}/approve",
            json={"reason": "Xid 79 confirmed"},
            headers=served.auth("alice"),
        )
        assert r.status_code == 200, r.text


def _waiting_approval(served: Served, node: str) -> tuple[str, str]:
    with served.client() as http:
        iid = incident_for(http, node)["incident_id"]
        return iid, approval_of(http, iid)["request"]["approval_id"]


def test_two_replicas_fed_the_same_approved_step_run_it_once(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = postgres.fresh_url()
    alert = xid79("node-04", 5)
    a = _replica(tmp_path, "a", url, log_name="a.log")
    b = None
    try:
        _alert(a, alert)
        iid, aid = _waiting_approval(a, "node-04")
        b = _replica(tmp_path, "b", url, log_name="b.log")
        _alert(b, alert)  # the same alert: the same incident, thread and approval
        assert _waiting_approval(b, "node-04") == (iid, aid)
        _approve(a, aid)
        for replica in (a, b):  # both resume the thread; both see the step done
            with replica.client() as http:

                def ran(h: httpx.Client = http) -> list[Any]:
                    d = h.get(f"/api/v1/incidents/{iid}").json()
                    return [
                        x
                        for x in d["actions"]
                        if x["kind"] == "action_result" and x.get("approval_id") == aid
                    ]

                wait_for("the step's result on each replica", ran, timeout_s=120)
        executed = _executions(url, aid)
        assert len(executed) == 1, executed  # once, though both replicas resumed
        assert executed[0].initiator == "alice"
        ledger = ExecutionLedger(PostgresUrl(url))
        assert ledger.unknown() == [] and ledger.outcome(aid) is not None
        ledger.close()
    finally:
        for replica in (a, b):
            if replica is not None:
                assert replica.stop() == 0, replica.log()


def test_a_replica_killed_mid_step_leaves_an_unknown_outcome_the_other_reports(
    postgres: PostgresServer, tmp_path: Path
) -> None:
    url = postgres.fresh_url()
    alert = xid79("node-02", 3)
    # this replica SIGKILLs itself right after its claim of the step is written
    a = _replica(
        tmp_path, "a", url, log_name="a.log", env_extra={"GPUFLEET_FAILPOINTS": "ledger.claimed"}
    )
    _alert(a, alert)
    iid, aid = _waiting_approval(a, "node-02")
    _approve(a, aid)
    assert a.proc.wait(120) < 0  # killed by the signal, mid-step
    b = _replica(tmp_path, "b", url, log_name="b.log")
    try:
        _alert(b, alert)
        with b.client() as http:

            def unknown() -> list[Any]:
                steps = http.get("/api/v1/steps/unknown").json()["steps"]
                detail = json.dumps(http.get(f"/api/v1/incidents/{iid}").json())
                return steps if "outcome is unknown" in detail else []

            [step] = wait_for("the other replica to report the unknown outcome", unknown, 120)
            assert step["step_key"] == aid and step["node"] == "node-02"
        assert _executions(url, aid) == []  # never run again by the other replica
    finally:
        assert b.stop() == 0, b.log()
