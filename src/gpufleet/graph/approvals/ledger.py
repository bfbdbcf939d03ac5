"""The execution ledger: each state-changing step of a diagnosis runs at most once, ever.

A person's approval is single-use already (the approval store consumes it); a step the policy
pre-approves has no approval to consume. The ledger covers both: before the gate runs a step,
the graph claims the step's key (its approval id); only the first claim wins, in any process.
The result is written back, so a node that runs again after a crash (LangGraph re-runs the
node whose checkpoint was not written) or a second process resuming the same thread reads what
happened instead of doing it again.

A claim with no result means the step started and its outcome is unknown: the process stopped
somewhere between "about to run" and "result written". Nobody can tell from here whether the
drain happened, so the graph stops, the incident is escalated, and the step waits for a person
to **settle** it (:meth:`ExecutionLedger.settle`): ``done`` (it happened; the plan goes on),
``not-done`` (it did not; the plan stops there) or ``retry`` (run it again, on that person's
authority). A settlement is written once, like a decision.

On PostgreSQL (several replicas) a claimed step's key is also *held* while it runs
(:meth:`graph.state.database.Database.hold`): a second replica reaching the same step waits for
the first to finish, then reads its result; if the first one died, the server has dropped its
hold and the claim without a result is an unknown outcome, exactly as after a crash on SQLite.
"""

from __future__ import annotations

import json
import threading
from datetime import UTC, datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict

from gpufleet.bus.failpoints import reach
from gpufleet.graph.state.database import Hold, Location, open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.tools import ToolResult

Settlement = Literal["done", "not-done", "retry"]
SETTLEMENTS: Final[tuple[Settlement, ...]] = ("done", "not-done", "retry")
SCHEMA_VERSION: Final = 2
_SQLITE: Final = (
    """CREATE TABLE executions (
        step_key TEXT PRIMARY KEY,
        claimed_at REAL NOT NULL,
        result TEXT,
        tool TEXT, args TEXT, node TEXT, incident_id TEXT, thread_id TEXT,
        settled_outcome TEXT, settled_by TEXT, settled_role TEXT, settled_reason TEXT,
        settled_at REAL
    )""",
)
_V2: Final = tuple(
    f"ALTER TABLE executions ADD COLUMN {col}"
    for col in (
        "tool TEXT",
        "args TEXT",
        "node TEXT",
        "incident_id TEXT",
        "thread_id TEXT",
        "settled_outcome TEXT",
        "settled_by TEXT",
        "settled_role TEXT",
        "settled_reason TEXT",
        "settled_at REAL",
    )
)
SCHEMA: Final = Schema(
    version=SCHEMA_VERSION,
    sqlite=_SQLITE,
    postgresql=tuple(s.replace(" REAL", " DOUBLE PRECISION") for s in _SQLITE),
    migrations={2: _V2},
)
_COLUMNS: Final = (
    "step_key, claimed_at, tool, args, node, incident_id, thread_id, "
    "settled_outcome, settled_by, settled_reason, settled_at"
)


class LedgerError(Exception):
    """A settlement the ledger refuses: unknown step, a step whose outcome is known, or one
    already settled."""


class StepClaim(BaseModel):
    """A claimed step as the ledger knows it (tool and target recorded with the claim)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    step_key: str
    claimed_at: float
    tool: str | None = None
    args: dict[str, Any] | None = None
    node: str | None = None
    incident_id: str | None = None
    thread_id: str | None = None
    settled_outcome: Settlement | None = None
    settled_by: str | None = None
    settled_reason: str | None = None
    settled_at: float | None = None

    def describe(self) -> str:
        """One line for a person: what was started, where, when, and what to check."""
        what = self.tool or "a state-changing step"
        where = f" on {self.node}" if self.node else ""
        return (
            f"step {what}{where} ({self.step_key}) was started at {_iso(self.claimed_at)} and "
            f"its outcome is unknown; {check_hint(self.tool, self.node)}"
        )


def _iso(t: float) -> str:
    try:
        return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    except (OverflowError, OSError, ValueError):
        return f"t={t:.0f}"


def check_hint(tool: str | None, node: str | None) -> str:
    """What a person should look at to learn whether the step happened."""
    target = node or "the node"
    if tool and tool.startswith("slurm."):
        return f"check `scontrol show node {target}`"
    if tool and tool.startswith("k8s."):
        return f"check `kubectl get node {target}`"
    return f"check {target} by hand"


def _claim(row: tuple[Any, ...]) -> StepClaim:
    names = [c.strip() for c in _COLUMNS.split(",")]
    doc = dict(zip(names, row, strict=True))
    doc["args"] = json.loads(doc["args"]) if doc["args"] else None
    return StepClaim.model_validate(doc)


class ExecutionLedger:
    """Claims and results of state-changing steps, in SQLite or PostgreSQL (``where``)."""

    def __init__(self, where: Location = ":memory:", *, fsync: bool = True) -> None:
        self._file = open_database(where, store="executions", schema=SCHEMA, fsync=fsync)
        self._holds: dict[str, Hold] = {}
        self._holds_lock = threading.Lock()

    def close(self) -> None:
        with self._holds_lock:
            holds, self._holds = list(self._holds.values()), {}
        for hold in holds:
            hold.release()
        self._file.close()

    def claim(
        self,
        step_key: str,
        now: float,
        *,
        tool: str | None = None,
        args: dict[str, Any] | None = None,
        node: str | None = None,
        incident_id: str | None = None,
        thread_id: str | None = None,
    ) -> bool:
        """True for exactly one caller per key, across threads and processes. What the step is
        (tool, arguments, node) is kept with the claim, so an unknown outcome can be named.

        The winner holds the key until :meth:`complete`; a caller that loses waits for that
        first (PostgreSQL), so a False here means the result is written or will never be."""
        with self._holds_lock:
            if step_key in self._holds:  # this ledger's own claim, still running or stuck
                return False
        hold = self._file.hold(step_key)
        try:
            with self._file.write() as db:
                cur = db.execute(
                    "INSERT INTO executions (step_key, claimed_at, tool, args, node,"
                    " incident_id, thread_id) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (step_key) DO NOTHING",
                    (
                        step_key,
                        now,
                        tool,
                        json.dumps(args, sort_keys=True) if args is not None else None,
                        node,
                        incident_id,
                        thread_id,
                    ),
                )
                won = cur.rowcount == 1
        except BaseException:
            hold.release()
            raise
        if not won:
            hold.release()
            return False
        with self._holds_lock:
            self._holds[step_key] = hold
        reach("ledger.claimed")
        return True

    def complete(self, step_key: str, result: ToolResult) -> None:
        with self._file.write() as db:
            db.execute(
                "UPDATE executions SET result = ? WHERE step_key = ?",
                (result.model_dump_json(), step_key),
            )
        with self._holds_lock:
            hold = self._holds.pop(step_key, None)
        if hold is not None:
            hold.release()
        reach("ledger.completed")

    def outcome(self, step_key: str) -> ToolResult | None:
        """The recorded result of a claimed step; None if it never finished (or never ran)."""
        with self._file.read() as db:
            row = db.execute(
                "SELECT result FROM executions WHERE step_key = ?", (step_key,)
            ).fetchone()
        if row is None or row[0] is None:
            return None
        return ToolResult.model_validate_json(row[0])

    def get(self, step_key: str) -> StepClaim | None:
        with self._file.read() as db:
            row = db.execute(
                f"SELECT {_COLUMNS} FROM executions WHERE step_key = ?", (step_key,)
            ).fetchone()
        return None if row is None else _claim(row)

    def unknown(self, incident_id: str | None = None) -> list[StepClaim]:
        """Steps that were started, whose result was never written and that nobody settled:
        each needs a person."""
        sql = f"SELECT {_COLUMNS} FROM executions WHERE result IS NULL AND settled_outcome IS NULL"
        params: tuple[str, ...] = ()
        if incident_id is not None:
            sql += " AND incident_id = ?"
            params = (incident_id,)
        with self._file.read() as db:
            rows = db.execute(sql + " ORDER BY claimed_at, step_key", params).fetchall()
        return [_claim(r) for r in rows]

    def settle(
        self,
        step_key: str,
        outcome: Settlement,
        *,
        by: str,
        reason: str,
        now: float,
        role: str | None = None,
    ) -> StepClaim:
        """Record a person's word on a step whose outcome is unknown, exactly once. ``done``
        and ``not-done`` also write the step's result, so every later reader (a resumed graph,
        another process) sees it; ``retry`` leaves the result open for the new run."""
        if outcome not in SETTLEMENTS:
            raise LedgerError(f"outcome must be one of {', '.join(SETTLEMENTS)}, not {outcome!r}")
        result = _settled_result(outcome, by, reason)
        with self._file.write() as db:
            cur = db.execute(
                "UPDATE executions SET settled_outcome = ?, settled_by = ?, settled_role = ?,"
                " settled_reason = ?, settled_at = ?, result = coalesce(?, result)"
                " WHERE step_key = ? AND result IS NULL AND settled_outcome IS NULL",
                (outcome, by, role, reason, now, result, step_key),
            )
            won = cur.rowcount == 1
        claim = self.get(step_key)
        if claim is None:
            raise LedgerError(f"no step {step_key!r} in the execution ledger")
        if not won:
            if claim.settled_outcome is not None:
                raise LedgerError(
                    f"{step_key} was settled already: {claim.settled_outcome} by "
                    f"{claim.settled_by} ({claim.settled_reason})"
                )
            raise LedgerError(f"{step_key}: its outcome is known; there is nothing to settle")
        return claim


def _settled_result(outcome: Settlement, by: str, reason: str) -> str | None:
    if outcome == "done":
        data = {"settled": "done", "by": by, "reason": reason}
        return ToolResult(status="ok", data=data).model_dump_json()
    if outcome == "not-done":
        error = f"not done: settled by {by} ({reason})"
        return ToolResult(status="error", error=error).model_dump_json()
    return None
