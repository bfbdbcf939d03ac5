"""The audit log: append-only records of everything the approval gate handled."""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable
from pathlib import Path

import psycopg
import pytest

from gpufleet.graph.approvals.audit import AuditLog, AuditRecord
from gpufleet.graph.approvals.gate import ActionContext, ApprovalGate
from gpufleet.graph.approvals.policy import parse_policy
from gpufleet.graph.approvals.store import StoreError
from gpufleet.graph.state.database import Location
from gpufleet.graph.state.url import PostgresUrl
from gpufleet.graph.tools import ToolCall
from tests.postgres_server import (  # noqa: F401 (fixtures)
    PostgresServer,
    postgres_fixture,
    state_at_fixture,
)
from tests.test_approval import ROSTER_POLICY, T0, FakeFleet

StateAt = Callable[[str], Location]


def record(incident: str, tool: str = "slurm.drain_node", **kw: object) -> AuditRecord:
    return AuditRecord.model_validate(
        {
            "at": T0,
            "initiator": "alice",
            "requested_by": "agent",
            "tool": tool,
            "args": {"node": "gpu-0001"},
            "risk": "mutate",
            "incident_id": incident,
            "status": "ok",
            **kw,
        }
    )


def test_append_assigns_sequence_and_filters_by_incident(state_at: StateAt) -> None:
    log = AuditLog(state_at("audit.db"))
    a = log.append(record("inc-1"))
    b = log.append(record("inc-2"))
    c = log.append(record("inc-1", tool="slurm.resume_node"))
    assert (a.seq, b.seq, c.seq) == (1, 2, 3)
    assert [r.seq for r in log.records("inc-1")] == [1, 3]
    assert [r.seq for r in log.records(since_seq=1)] == [2, 3]
    # another process reading the same file sees the same history
    again = AuditLog(state_at("audit.db")).records()
    assert [r.model_dump() for r in again] == [r.model_dump() for r in (a, b, c)]


def test_rows_cannot_be_changed_or_deleted(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    AuditLog(path).append(record("inc-1"))
    db = sqlite3.connect(path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE audit_records SET status = 'denied'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM audit_records")
    db.close()
    assert AuditLog(path).records()[0].status == "ok"


def test_rows_cannot_be_changed_or_deleted_in_postgres(postgres: PostgresServer) -> None:
    url = PostgresUrl(postgres.fresh_url())
    AuditLog(url).append(record("inc-1"))
    with psycopg.connect(url.url, autocommit=True) as db:
        for statement in (
            "UPDATE audit_records SET status = 'denied'",
            "DELETE FROM audit_records",
            "TRUNCATE audit_records",
        ):
            with pytest.raises(psycopg.errors.RaiseException, match="append-only"):
                db.execute(statement)  # type: ignore[arg-type]
    assert AuditLog(url).records()[0].status == "ok"


def test_state_that_is_not_json_is_kept_as_text() -> None:
    log = AuditLog()
    stored = log.append(record("inc-1", state_before={"when": object()}))
    assert stored.state_before["when"].startswith("<object object")


def test_export_jsonl(tmp_path: Path) -> None:
    log = AuditLog()
    log.append(record("inc-1", state_after={"state": "DRAIN"}))
    log.append(record("inc-2"))
    out = io.StringIO()
    assert log.export_jsonl(out) == 2
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["seq"] for line in lines] == [1, 2]
    assert lines[0]["state_after"] == {"state": "DRAIN"}
    path = tmp_path / "inc-2.jsonl"
    assert log.export_jsonl(path, incident_id="inc-2") == 1
    assert AuditRecord.model_validate_json(path.read_text()).incident_id == "inc-2"


def test_a_newer_schema_is_refused_not_misread(tmp_path: Path) -> None:
    path = tmp_path / "audit.db"
    AuditLog(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE gpufleet_meta SET value = '99' WHERE key = 'audit.schema_version'")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema version 99"):
        AuditLog(path)


def test_a_newer_schema_is_refused_in_postgres_too(postgres: PostgresServer) -> None:
    url = PostgresUrl(postgres.fresh_url())
    AuditLog(url).close()
    postgres.sql(
        "UPDATE gpufleet_meta SET value = '99' WHERE key = 'audit.schema_version'",
        url.url.rsplit("/", 1)[1],
    )
    with pytest.raises(StoreError, match="schema version 99"):
        AuditLog(url)


def test_gate_records_who_what_which_runbook_before_after_and_outcome(tmp_path: Path) -> None:
    fleet = FakeFleet(states={"gpu-0001": "IDLE"})
    gate = ApprovalGate.open(fleet.registry(), parse_policy(ROSTER_POLICY), tmp_path / "g.db")
    ctx = ActionContext(
        incident_id="inc-7",
        thread_id="t-7",
        runbook_id="drain-and-hardware-ticket",
        runbook_version=4,
    )
    call = ToolCall(tool="slurm.drain_node", args={"node": "gpu-0001", "reason": "xid 79"})
    denied = gate.execute(call, context=ctx, initiator="agent", now=T0)
    assert denied.status == "denied"
    req = gate.request_approval(call, context=ctx, step_index=1, now=T0 + 1)
    gate.decide(req.approval_id, "approved", by="bob", now=T0 + 2, reason="confirmed Xid 79")
    assert gate.execute(call, context=ctx, initiator="agent", approval=req.approval_id, now=T0 + 3)

    refused, ran = gate.audit.records("inc-7")
    assert (refused.initiator, refused.status, refused.state_before) == ("agent", "denied", None)
    assert "needs a person's approval" in (refused.error or "")
    assert ran.initiator == "bob" and ran.requested_by == "agent"
    assert ran.tool == "slurm.drain_node"
    assert ran.args == {"node": "gpu-0001", "reason": "xid 79"}
    assert (ran.runbook_id, ran.runbook_version) == ("drain-and-hardware-ticket", 4)
    assert (ran.approval_id, ran.node, ran.thread_id) == (req.approval_id, "gpu-0001", "t-7")
    assert ran.state_before["data"]["state"] == "IDLE"
    assert ran.state_after["data"]["state"] == "DRAIN"
    assert ran.state_before["query"] == "scontrol show node gpu-0001"
    assert (ran.status, ran.dry_run, ran.error) == ("ok", False, None)
    assert ran.query == "scontrol update NodeName=gpu-0001 State=DRAIN Reason=xid 79"
    gate.close()
