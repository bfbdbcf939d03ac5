"""Shared state for several replicas: the execution ledger, decisions and LangGraph checkpoints
on a real PostgreSQL server (tests/postgres_server.py), and the same contract on SQLite.

The property that matters: a step is executed at most once, whichever process or host gets
there, and a claim left without a result by a dead process is an unknown outcome for a person,
never a silent second run.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gpufleet.agents.sre.config import SreConfig
from gpufleet.cli.main import main
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.decide import DecisionRefusedError, record_decision
from gpufleet.graph.approvals.ledger import ExecutionLedger, LedgerError
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.approvals.store import ApprovalStore, StoreError
from gpufleet.graph.checkpoint import open_checkpointer
from gpufleet.graph.state.database import Location
from gpufleet.graph.state.layout import StateLayout
from gpufleet.graph.state.url import PostgresUrl, StateUrlError, parse_state_url
from gpufleet.graph.tools import ToolResult
from tests.postgres_server import (  # noqa: F401 (fixtures)
    PostgresServer,
    postgres_fixture,
    state_at_fixture,
)
from tests.state_race import STEP_SCRIPT, run_step
from tests.test_approval import T0, make_request

StateAt = Callable[[str], Location]
ROOT = Path(__file__).resolve().parents[1]


# -- the ledger's contract, on both ------------------------------------------------------------


def test_one_claim_wins_and_the_result_is_remembered(state_at: StateAt) -> None:
    a, b = ExecutionLedger(state_at("s.db")), ExecutionLedger(state_at("s.db"))
    try:
        assert a.claim("ap-1", T0, tool="slurm.drain_node", args={"node": "n1"}, node="n1")
        assert a.claim("ap-1", T0) is False  # its own claim, still running
        a.complete("ap-1", ToolResult(status="ok", query="scontrol update …"))
        assert b.claim("ap-1", T0 + 1) is False
        done = b.outcome("ap-1")
        assert done is not None and done.status == "ok" and done.query == "scontrol update …"
        assert b.unknown() == []
        claim = b.get("ap-1")
        assert claim is not None and claim.args == {"node": "n1"} and claim.claimed_at == T0
    finally:
        a.close()
        b.close()


def test_a_claim_without_result_is_unknown_until_a_person_settles_it(state_at: StateAt) -> None:
    crashed = ExecutionLedger(state_at("s.db"))
    assert crashed.claim("ap-2", T0, tool="slurm.drain_node", node="n2", incident_id="inc-9")
    crashed.close()  # the process is gone before it wrote a result
    other = ExecutionLedger(state_at("s.db"))
    try:
        assert other.claim("ap-2", T0 + 5) is False  # never run again silently
        assert other.outcome("ap-2") is None
        [unknown] = other.unknown("inc-9")
        assert unknown.step_key == "ap-2" and "scontrol show node n2" in unknown.describe()
        settled = other.settle("ap-2", "done", by="alice", reason="checked", now=T0 + 9)
        assert settled.settled_by == "alice" and other.unknown() == []
        assert (res := other.outcome("ap-2")) is not None and res.status == "ok"
        with pytest.raises(LedgerError, match="settled already"):
            other.settle("ap-2", "not-done", by="bob", reason="late", now=T0 + 10)
    finally:
        other.close()


def test_the_audit_sequence_and_filters(state_at: StateAt) -> None:
    from tests.test_audit import record

    log = AuditLog(state_at("audit.db"))
    seqs = [log.append(record(inc)).seq for inc in ("inc-1", "inc-2", "inc-1")]
    assert seqs == [1, 2, 3]
    assert [r.seq for r in AuditLog(state_at("audit.db")).records("inc-1")] == [1, 3]


# -- races across processes ----------------------------------------------------------------------


def test_processes_racing_for_one_approved_step_run_it_once(
    state_at: StateAt, tmp_path: Path
) -> None:
    where = state_at("approvals.db")
    store = ApprovalStore(where)
    req = store.request(make_request())
    store.decide(req.approval_id, "approved", by="alice", now=T0)
    side_effect = tmp_path / "drains.log"
    side_effect.with_suffix(".py").write_text(STEP_SCRIPT)
    ctx = multiprocessing.get_context("spawn")
    n = 4
    with ctx.Manager() as manager:
        start = manager.Event()
        with ctx.Pool(n) as pool:
            pending = [
                pool.apply_async(
                    run_step, (where, req.approval_id, str(side_effect), f"p{i}", start)
                )
                for i in range(n)
            ]
            start.set()
            results = [r.get(timeout=120) for r in pending]
    assert len(side_effect.read_text().splitlines()) == 1  # the command ran once
    assert results.count("ran") == 1
    if isinstance(where, PostgresUrl):
        # each loser waited for the winner's hold and read its result: nothing to settle
        assert sorted(results) == ["ran"] + ["read:ok"] * (n - 1)
        assert ExecutionLedger(where).unknown() == []
    record = store.get(req.approval_id)
    assert record is not None and record.consumed


def test_two_front_ends_deciding_at_once_one_wins_the_other_gets_the_conflict(
    state_at: StateAt,
) -> None:
    where = state_at("approvals.db")
    store = ApprovalStore(where)
    policy = Policy()  # no approver list: any named person may decide
    barrier = threading.Barrier(2)
    results: dict[str, str] = {}

    def decide(who: str, decision: Any) -> None:
        store = ApprovalStore(where)  # a front end of its own (Slack, the API)
        barrier.wait()
        try:
            record_decision(store, policy, approval_id, decision, by=who, reason="r", now=T0)
            results[who] = "recorded"
        except DecisionRefusedError as e:
            results[who] = e.status
        finally:
            store.close()

    for step in range(5):  # a few rounds, a fresh approval each time
        approval_id = store.request(make_request(step=step)).approval_id
        results.clear()
        threads = [
            threading.Thread(target=decide, args=("alice", "approved")),
            threading.Thread(target=decide, args=("bob", "rejected")),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert sorted(results.values()) == ["conflict", "recorded"]
        winner = next(w for w, r in results.items() if r == "recorded")
        record = store.get(approval_id)
        assert record is not None and record.decided_by == winner


# -- a replica killed while its step runs --------------------------------------------------------

HOLDER = """\
import os, sys, time
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.state.url import PostgresUrl
ledger = ExecutionLedger(PostgresUrl(sys.argv[1]))
assert ledger.claim("ap-kill", 1.0, tool="slurm.drain_node", node="gpu-0007")
print("claimed", flush=True)
time.sleep(600)  # the drain is running when the replica is killed
"""


def test_a_replica_killed_mid_step_leaves_an_unknown_outcome_never_a_rerun(
    postgres: PostgresServer,
) -> None:
    url = postgres.fresh_url()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])}
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, url], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "claimed"
        other = ExecutionLedger(PostgresUrl(url))
        claimed: list[bool] = []
        waiter = threading.Thread(target=lambda: claimed.append(other.claim("ap-kill", 2.0)))
        waiter.start()
        waiter.join(1.0)
        assert waiter.is_alive()  # the step is in progress elsewhere: wait, do not judge yet
        holder.send_signal(signal.SIGKILL)
        holder.wait(30)
        waiter.join(60)
        assert claimed == [False]  # not run again
        assert other.outcome("ap-kill") is None
        [unknown] = other.unknown()
        assert unknown.step_key == "ap-kill" and unknown.node == "gpu-0007"
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(30)


# -- the URL, the layout, the checkpointer -------------------------------------------------------


def test_state_urls_are_checked_and_passwords_never_shown() -> None:
    url = parse_state_url("postgresql://gf:s3cret@db.example:5432/gpufleet")
    assert url.display == "postgresql://gf:***@db.example:5432/gpufleet"
    for bad, why in (
        ("sqlite:///x.db", "expected postgresql://"),
        ("/var/lib/gpufleet", "expected postgresql://"),
        ("postgresql://gf@db:port/x", "port is not a number"),
        ("postgresql://gf:pw@db:5432/", "name the database"),
    ):
        with pytest.raises(StateUrlError, match=why) as e:
            parse_state_url(bad)
        assert "pw" not in str(e.value)
    with pytest.raises(ValueError, match="state"):
        SreConfig(state="mysql://x/y")
    layout = SreConfig(state="postgresql://gf@127.0.0.1:5/db").layout
    assert layout.approvals == layout.audit == PostgresUrl("postgresql://gf@127.0.0.1:5/db")
    assert StateLayout(Path("/s")).approvals == Path("/s/approvals.db")


def test_an_unreachable_server_is_a_clear_error(postgres: PostgresServer) -> None:
    closed = postgres.url().replace(str(postgres.port), "1")  # nothing listens on port 1
    with pytest.raises(StoreError, match=r"cannot reach the approvals store at postgresql://"):
        ApprovalStore(PostgresUrl(closed))


def test_checkpoints_in_postgres_are_read_by_another_process(postgres: PostgresServer) -> None:
    from langgraph.graph import END, START, StateGraph
    from typing_extensions import TypedDict

    class S(TypedDict):
        n: int

    g = StateGraph(S)
    g.add_node("inc", lambda s: {"n": s["n"] + 1})
    g.add_edge(START, "inc")
    g.add_edge("inc", END)
    url = PostgresUrl(postgres.fresh_url())
    first, second = open_checkpointer(url), open_checkpointer(url)  # two replicas
    try:
        cfg: Any = {"configurable": {"thread_id": "t-1"}}
        assert g.compile(checkpointer=first).invoke({"n": 1}, cfg) == {"n": 2}
        state = g.compile(checkpointer=second).get_state(cfg)
        assert state.values == {"n": 2}
    finally:
        first.conn.close()
        second.conn.close()


def test_the_cli_reads_and_decides_on_the_shared_state(
    postgres: PostgresServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = postgres.fresh_url()
    req = ApprovalStore(PostgresUrl(url)).request(make_request())
    out = io.StringIO()
    argv = ["approvals", "--state", url, "--state-dir", str(tmp_path / "empty"), "--json"]
    assert main(argv, out=out) == 0
    assert [r["approval_id"] for r in json.loads(out.getvalue())] == [req.approval_id]
    assert main(["approvals", "--state", "mysql://x/y", "--json"], out=io.StringIO()) == 2
    assert "--state: state 'mysql://x/y': expected postgresql://" in capsys.readouterr().err


def test_a_version_1_approval_store_is_upgraded_in_place(
    state_at: Callable[[str], Location],
) -> None:
    """Issue 24 adds the attached-request link and the step key (schema 2): a store written
    by the previous version, on either backend, is upgraded when opened, its rows kept."""
    where = state_at("approvals.db")
    with ApprovalStore(where) as store:
        store.request(make_request())
    statements = (
        "DROP INDEX approvals_by_step",
        "ALTER TABLE approvals DROP COLUMN attached_to",
        "ALTER TABLE approvals DROP COLUMN step_key",
        "UPDATE gpufleet_meta SET value = '1' WHERE key = 'approvals.schema_version'",
    )
    if isinstance(where, PostgresUrl):
        import psycopg

        with psycopg.connect(where.url, autocommit=True) as conn:
            for s in statements:
                conn.execute(s)
    else:
        import sqlite3

        db = sqlite3.connect(where)
        for s in statements:
            db.execute(s)
        db.commit()
        db.close()
    with ApprovalStore(where) as store:
        assert [r.approval_id for r in store.pending()] == [make_request().approval_id]
