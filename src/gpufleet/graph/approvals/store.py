"""The approval store: what waits for a person, what they decided, what has run.

One row per approval request. Its id is derived from what is being approved (incident, graph
thread, step index, tool, arguments), so the graph re-proposing the same step after a restart
finds the same row instead of asking twice. Four transitions, each one atomic compare-and-set
so that any number of processes (the agent, the Slack app, a CLI) can share the file:

* ``request``: insert if absent (``ON CONFLICT DO NOTHING``);
* ``decide``: ``pending → approved | rejected`` exactly once; a second decision raises
  :class:`AlreadyDecidedError` carrying the first one;
* ``mark_consumed``: an approved step is handed to an executor exactly once, so a resumed
  graph (or two racing resumes) never runs an approved drain twice;
* ``withdraw``: ``pending → rejected`` by gpufleet itself when the question went away (the
  incident was resolved, merged into another or superseded), once, like ``decide``.

At most one request per (action, target) waits for a person at a time, across all incidents
(the same tool with the same arguments but the free-text ones, :func:`step_digest`):
a second diagnosis asking for the same drain is stored **attached** to the first request (its
``attached_to``), is not listed as pending and cannot be decided by itself. Deciding the first
closes the attached ones (withdrawn: the step is decided, and runs at most once, there);
withdrawing the first hands the question to the oldest attached one, which becomes pending in
its place. Deciding a withdrawn request is refused (:class:`WithdrawnError`) with the reason.
This holds for gpufleet's own asks (diagnoses, recommendations: no ``requested_by``); a proposal
a named person or MCP client made explicitly stays a request of its own (it is what they asked
to decide, and the proposal executor runs it), though a diagnosis asking for the same step
afterwards attaches to it.

Times are inputs; nothing here reads the clock. The tables live in a SQLite file (the
default) or a PostgreSQL database (:mod:`graph.state.database`): the same SQL, the same
guarantees across processes and hosts.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from gpufleet.bus.failpoints import reach
from gpufleet.graph.approvals.policy import person_problem
from gpufleet.graph.state import errors
from gpufleet.graph.state.database import Location, open_database
from gpufleet.graph.state.schema import Schema

StoreError = errors.StoreError  # where front ends have always caught it

StateChangingRisk = Literal["mutate", "destructive"]
DecisionKind = Literal["approved", "rejected"]
ApprovalStatus = Literal["pending", "approved", "rejected"]


def canonical_json(value: Any) -> str:
    """Sorted-key, compact JSON: the form arguments are hashed and compared in."""
    try:
        return json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
    except (TypeError, ValueError) as e:
        raise ValueError(f"arguments are not plain JSON data: {e}") from e


def args_digest(tool: str, args: Mapping[str, Any]) -> str:
    """SHA-256 of the tool name and its canonical arguments."""
    return hashlib.sha256(canonical_json([tool, dict(args)]).encode()).hexdigest()


# Arguments that say why, not what: two diagnoses draining one node give different reasons
# for the same action on the same target.
FREE_TEXT_ARGS: Final = frozenset(
    {"reason", "comment", "note", "message", "summary", "description", "title"}
)


def step_digest(tool: str, args: Mapping[str, Any]) -> str:
    """SHA-256 of the action and its target: the tool and its arguments without the free-text
    ones (:data:`FREE_TEXT_ARGS`). Two requests with one digest ask a person the same thing."""
    what = {k: v for k, v in args.items() if k not in FREE_TEXT_ARGS}
    return hashlib.sha256(canonical_json([tool, what]).encode()).hexdigest()


def approval_id_for(
    incident_id: str, thread_id: str, step_index: int, tool: str, args: Mapping[str, Any]
) -> str:
    """The stable id of "run this step of this graph thread for this incident": the same inputs
    always give the same id, a different node or argument always a different one."""
    key = canonical_json([incident_id, thread_id, step_index, tool, dict(args)])
    return "apr-" + hashlib.sha256(key.encode()).hexdigest()[:24]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ApprovalRequest(_Strict):
    """One state-changing step waiting for a person. Build with :meth:`new` so the id is
    derived from the content."""

    approval_id: str
    incident_id: str
    thread_id: str
    runbook_id: str | None = None
    runbook_version: int | None = None
    step_index: int = Field(ge=0)
    step_name: str = ""
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    risk: StateChangingRisk
    node: str | None = None
    created_at: float
    summary: str = ""
    # who asked, when not the diagnosis graph itself (e.g. "mcp:<client>" for an MCP client's
    # proposal); recorded for people and the audit trail, it grants nothing
    requested_by: str | None = None

    @field_validator("args")
    @classmethod
    def _plain_json(cls, v: dict[str, Any]) -> dict[str, Any]:
        canonical_json(v)
        return v

    @classmethod
    def new(
        cls,
        *,
        incident_id: str,
        thread_id: str,
        step_index: int,
        tool: str,
        args: Mapping[str, Any],
        risk: StateChangingRisk,
        created_at: float,
        runbook_id: str | None = None,
        runbook_version: int | None = None,
        step_name: str = "",
        node: str | None = None,
        summary: str = "",
        requested_by: str | None = None,
    ) -> ApprovalRequest:
        return cls(
            approval_id=approval_id_for(incident_id, thread_id, step_index, tool, args),
            incident_id=incident_id,
            thread_id=thread_id,
            runbook_id=runbook_id,
            runbook_version=runbook_version,
            step_index=step_index,
            step_name=step_name,
            tool=tool,
            args=dict(args),
            risk=risk,
            node=node,
            created_at=created_at,
            summary=summary,
            requested_by=requested_by,
        )

    @property
    def args_hash(self) -> str:
        return args_digest(self.tool, self.args)

    @property
    def step_key(self) -> str:
        return step_digest(self.tool, self.args)


class Decision(_Strict):
    """A person's decision on one approval request. The gate reads decisions back from the
    store by ``approval_id``; a Decision object handed to it is never trusted by itself."""

    approval_id: str
    decision: DecisionKind
    by: str
    reason: str = ""
    role: str | None = None
    decided_at: float


class ApprovalRecord(_Strict):
    """A request with its current state. The properties are shortcuts for front ends."""

    request: ApprovalRequest
    status: ApprovalStatus
    decision: Decision | None = None
    consumed_at: float | None = None
    # the request this one is attached to (the same step asked for by another diagnosis)
    attached_to: str | None = None

    @property
    def withdrawn(self) -> bool:
        """Closed by gpufleet because its question went away, not decided by a person."""
        return self.decision is not None and self.decision.by == WITHDRAWN_BY

    @property
    def approval_id(self) -> str:
        return self.request.approval_id

    @property
    def incident_id(self) -> str:
        return self.request.incident_id

    @property
    def thread_id(self) -> str:
        return self.request.thread_id

    @property
    def tool(self) -> str:
        return self.request.tool

    @property
    def args(self) -> dict[str, Any]:
        return self.request.args

    @property
    def risk(self) -> StateChangingRisk:
        return self.request.risk

    @property
    def decided_by(self) -> str | None:
        return self.decision.by if self.decision is not None else None

    @property
    def decided_at(self) -> float | None:
        return self.decision.decided_at if self.decision is not None else None

    @property
    def reason(self) -> str:
        return self.decision.reason if self.decision is not None else ""

    @property
    def consumed(self) -> bool:
        return self.consumed_at is not None


class ApprovalError(Exception):
    pass


class UnknownApprovalError(ApprovalError, LookupError):
    def __init__(self, approval_id: str) -> None:
        super().__init__(f"no approval request {approval_id!r}")
        self.approval_id = approval_id


class AlreadyDecidedError(ApprovalError):
    """A decision arrived for a request that already has one; ``existing`` is the first."""

    def __init__(self, existing: Decision) -> None:
        super().__init__(
            f"approval {existing.approval_id} was already {existing.decision} by "
            f"{existing.by} at t={existing.decided_at:.0f}; decisions are final"
        )
        self.existing = existing


class WithdrawnError(AlreadyDecidedError):
    """A decision arrived for a request gpufleet withdrew (its incident resolved, merged or
    was superseded): there is nothing left to decide. The message is one line with why."""

    def __init__(self, existing: Decision) -> None:
        ApprovalError.__init__(
            self,
            f"approval {existing.approval_id} was {existing.reason or 'withdrawn'}; "
            "there is nothing to decide",
        )
        self.existing = existing


class AttachedError(ApprovalError):
    """A decision arrived for a request attached to another one (the same step): decide that."""

    def __init__(self, approval_id: str, head: str) -> None:
        super().__init__(
            f"approval {approval_id} is attached to {head} (the same step, asked for by "
            f"another diagnosis); decide {head}"
        )
        self.approval_id = approval_id
        self.head = head


def refusal(record: ApprovalRecord) -> AlreadyDecidedError:
    """The error for a second decision on ``record`` (decided or withdrawn)."""
    assert record.decision is not None
    if record.withdrawn:
        return WithdrawnError(record.decision)
    return AlreadyDecidedError(record.decision)


class ConflictingRequestError(ApprovalError):
    """A request with an existing id but different content (should be impossible with ids
    from :func:`approval_id_for`; guards against hand-made ids)."""


WITHDRAWN_BY: Final = "gpufleet"
"""Who "decided" a withdrawn request (:meth:`ApprovalStore.withdraw`): a reserved name, never
a person's (:func:`graph.approvals.policy.person_problem` refuses it)."""
SCHEMA_VERSION: Final = 2
_SQLITE: Final = (
    """CREATE TABLE approvals (
        approval_id TEXT PRIMARY KEY,
        incident_id TEXT NOT NULL,
        thread_id TEXT NOT NULL,
        tool TEXT NOT NULL,
        args_hash TEXT NOT NULL,
        risk TEXT NOT NULL,
        created_at REAL NOT NULL,
        request TEXT NOT NULL,
        status TEXT NOT NULL DEFAULT 'pending'
            CHECK (status IN ('pending', 'approved', 'rejected')),
        decided_by TEXT,
        decided_at REAL,
        decided_role TEXT,
        decision_reason TEXT,
        consumed_at REAL,
        attached_to TEXT,
        step_key TEXT,
        CHECK (consumed_at IS NULL OR status = 'approved')
    )""",
    "CREATE INDEX approvals_by_status ON approvals (status, created_at)",
    "CREATE INDEX approvals_by_incident ON approvals (incident_id, created_at)",
    "CREATE INDEX approvals_by_step ON approvals (step_key, status)",
)
_V2: Final = (  # requests of a version-1 file have no step key: none is attached to them
    "ALTER TABLE approvals ADD COLUMN attached_to TEXT",
    "ALTER TABLE approvals ADD COLUMN step_key TEXT",
    "CREATE INDEX approvals_by_step ON approvals (step_key, status)",
)
# the same tables; times are DOUBLE PRECISION (PostgreSQL's REAL is 4 bytes)
_POSTGRES: Final = tuple(s.replace(" REAL", " DOUBLE PRECISION") for s in _SQLITE)
SCHEMA: Final = Schema(
    version=SCHEMA_VERSION, sqlite=_SQLITE, postgresql=_POSTGRES, migrations={2: _V2}
)
_COLUMNS: Final = (
    "request, status, decided_by, decided_at, decided_role, decision_reason, consumed_at,"
    " attached_to"
)


def _record(row: Sequence[Any]) -> ApprovalRecord:
    request = ApprovalRequest.model_validate_json(row[0])
    decision = None
    if row[1] != "pending":
        decision = Decision(
            approval_id=request.approval_id,
            decision=row[1],
            by=row[2],
            decided_at=row[3],
            role=row[4],
            reason=row[5] or "",
        )
    return ApprovalRecord(
        request=request, status=row[1], decision=decision, consumed_at=row[6], attached_to=row[7]
    )


def _hand_over(db: Any, withdrawn_id: str) -> None:
    """The requests attached to a withdrawn one still ask their question: the oldest becomes
    the pending request, the others attach to it."""
    rows = db.execute(
        "SELECT approval_id FROM approvals WHERE attached_to = ? AND status = 'pending'"
        " ORDER BY created_at, approval_id",
        (withdrawn_id,),
    ).fetchall()
    if not rows:
        return
    heir = rows[0][0]
    db.execute("UPDATE approvals SET attached_to = NULL WHERE approval_id = ?", (heir,))
    db.execute(
        "UPDATE approvals SET attached_to = ? WHERE attached_to = ? AND status = 'pending'",
        (heir, withdrawn_id),
    )


class ApprovalStore:
    """Approval requests and decisions in SQLite (WAL) or PostgreSQL (``where`` a
    :class:`~graph.state.url.PostgresUrl`), shared safely by threads, processes and hosts.

    The store records; it does not judge authority. Whether ``by`` may approve a step is the
    policy's question, asked by :meth:`graph.approvals.gate.ApprovalGate.decide` before it calls
    :meth:`decide` here and again when the step executes."""

    def __init__(self, where: Location = ":memory:", *, fsync: bool = True) -> None:
        self._file = open_database(where, store="approvals", schema=SCHEMA, fsync=fsync)
        self.path = self._file.path

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> ApprovalStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def request(self, req: ApprovalRequest) -> ApprovalRequest:
        """Store ``req`` unless its id is already stored; return the stored request (the first
        one wins, so a re-proposed step keeps its original ``created_at``). A new request for a
        step another request already asks for (same tool and arguments, pending) is stored
        attached to that one (see the module docstring)."""
        with self._file.write() as db:
            head = None
            if req.requested_by is None:  # gpufleet's own ask (see the module docstring)
                head = db.execute(
                    "SELECT approval_id FROM approvals WHERE step_key = ?"
                    " AND status = 'pending' AND attached_to IS NULL AND approval_id <> ?"
                    " ORDER BY created_at, approval_id LIMIT 1",
                    (req.step_key, req.approval_id),
                ).fetchone()
            db.execute(
                "INSERT INTO approvals (approval_id, incident_id, thread_id, tool, args_hash,"
                " risk, created_at, request, attached_to, step_key)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (approval_id) DO NOTHING",
                (
                    req.approval_id,
                    req.incident_id,
                    req.thread_id,
                    req.tool,
                    req.args_hash,
                    req.risk,
                    req.created_at,
                    req.model_dump_json(),
                    head[0] if head is not None else None,
                    req.step_key,
                ),
            )
            row = db.execute(
                "SELECT request FROM approvals WHERE approval_id = ?", (req.approval_id,)
            ).fetchone()
        reach("approval.requested")
        stored = ApprovalRequest.model_validate_json(row[0])
        if (stored.tool, stored.args_hash, stored.incident_id) != (
            req.tool,
            req.args_hash,
            req.incident_id,
        ):
            raise ConflictingRequestError(
                f"approval id {req.approval_id} is already used for {stored.tool} "
                f"{canonical_json(stored.args)} (incident {stored.incident_id})"
            )
        return stored

    def get(self, approval_id: str) -> ApprovalRecord | None:
        with self._file.read() as db:
            row = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE approval_id = ?", (approval_id,)
            ).fetchone()
        return _record(row) if row is not None else None

    def pending(
        self, incident_id: str | None = None, *, attached: bool = False
    ) -> list[ApprovalRequest]:
        """Requests waiting for a person's decision, oldest first (``attached``: also the ones
        attached to another request, which wait on that one's decision)."""
        sql = "SELECT request FROM approvals WHERE status = 'pending'"
        if not attached:
            sql += " AND attached_to IS NULL"
        params: tuple[str, ...] = ()
        if incident_id is not None:
            sql += " AND incident_id = ?"
            params = (incident_id,)
        with self._file.read() as db:
            rows = db.execute(sql + " ORDER BY created_at, approval_id", params).fetchall()
        return [ApprovalRequest.model_validate_json(r[0]) for r in rows]

    def approved_unused(self, thread_prefix: str = "") -> list[ApprovalRecord]:
        """Approved requests not yet handed to an executor (optionally only those whose thread
        id starts with ``thread_prefix``), oldest decision first."""
        with self._file.read() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE status = 'approved'"
                " AND consumed_at IS NULL AND substr(thread_id, 1, ?) = ?"
                " ORDER BY decided_at, approval_id",
                (len(thread_prefix), thread_prefix),
            ).fetchall()
        return [_record(r) for r in rows]

    def last_run(self, step_key: str) -> ApprovalRecord | None:
        """The request for this step (action and target, :func:`step_digest`) most recently
        handed to an executor, or None when none was."""
        with self._file.read() as db:
            row = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE step_key = ? AND consumed_at IS NOT NULL"
                " ORDER BY consumed_at DESC, approval_id LIMIT 1",
                (step_key,),
            ).fetchone()
        return _record(row) if row is not None else None

    def runs_after(self, at: float) -> list[ApprovalRecord]:
        """Requests handed to an executor after ``at``, oldest first."""
        with self._file.read() as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE consumed_at > ?"
                " ORDER BY consumed_at, approval_id",
                (at,),
            ).fetchall()
        return [_record(r) for r in rows]

    def records(self, incident_id: str | None = None) -> list[ApprovalRecord]:
        """Every request with its state, oldest first (optionally one incident's)."""
        sql = f"SELECT {_COLUMNS} FROM approvals"
        params: tuple[str, ...] = ()
        if incident_id is not None:
            sql += " WHERE incident_id = ?"
            params = (incident_id,)
        with self._file.read() as db:
            rows = db.execute(sql + " ORDER BY created_at, approval_id", params).fetchall()
        return [_record(r) for r in rows]

    def decide(
        self,
        approval_id: str,
        decision: DecisionKind,
        *,
        by: str,
        reason: str = "",
        now: float,
        role: str | None = None,
    ) -> Decision:
        """Record ``by``'s decision, exactly once. Raises :class:`UnknownApprovalError`,
        :class:`AlreadyDecidedError` (with the first decision), or ``ValueError`` when ``by``
        is not a person or ``decision`` is not approved/rejected."""
        if decision not in ("approved", "rejected"):
            raise ValueError(f"decision must be 'approved' or 'rejected', not {decision!r}")
        if problem := person_problem(by):
            raise ValueError(problem)
        with self._file.write() as db:
            cur = db.execute(
                "UPDATE approvals SET status = ?, decided_by = ?, decided_at = ?,"
                " decided_role = ?, decision_reason = ?"
                " WHERE approval_id = ? AND status = 'pending' AND attached_to IS NULL",
                (decision, by, now, role, reason, approval_id),
            )
            won = cur.rowcount == 1
            if won:  # the same step asked for by other diagnoses: decided here, closed there
                db.execute(
                    "UPDATE approvals SET status = 'rejected', decided_by = ?, decided_at = ?,"
                    " decided_role = NULL, decision_reason = ?, attached_to = NULL"
                    " WHERE attached_to = ? AND status = 'pending'",
                    (
                        WITHDRAWN_BY,
                        now,
                        f"withdrawn: the same step was {decision} by {by} on {approval_id}",
                        approval_id,
                    ),
                )
            row = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE approval_id = ?", (approval_id,)
            ).fetchone()
        if row is None:
            raise UnknownApprovalError(approval_id)
        record = _record(row)
        if record.attached_to is not None:
            raise AttachedError(approval_id, record.attached_to)
        if won:
            reach("approval.decided")
        if not won:
            raise refusal(record)
        assert record.decision is not None  # the row is decided, by us
        return record.decision

    def withdraw(self, approval_id: str, *, reason: str, now: float) -> ApprovalRecord | None:
        """Close a request nobody decided because its question went away (its incident was
        resolved, merged into another or superseded): ``pending → rejected`` by
        :data:`WITHDRAWN_BY`, which is not a person, so no front end can mistake it for one's
        decision and the gate refuses the step like any rejection. The same compare-and-set
        as :meth:`decide`: returns the withdrawn record, or None when it was no longer pending
        (decided first, or unknown).
        Requests attached to it are handed over (the oldest becomes pending)."""
        with self._file.write() as db:
            cur = db.execute(
                "UPDATE approvals SET status = 'rejected', decided_by = ?, decided_at = ?,"
                " decided_role = NULL, decision_reason = ?, attached_to = NULL"
                " WHERE approval_id = ? AND status = 'pending'",
                (WITHDRAWN_BY, now, reason, approval_id),
            )
            won = cur.rowcount == 1
            if won:
                _hand_over(db, approval_id)
            row = db.execute(
                f"SELECT {_COLUMNS} FROM approvals WHERE approval_id = ?", (approval_id,)
            ).fetchone()
        return _record(row) if won and row is not None else None

    def attached(self, approval_id: str) -> list[ApprovalRequest]:
        """The requests attached to ``approval_id`` (the same step, other diagnoses)."""
        with self._file.read() as db:
            rows = db.execute(
                "SELECT request FROM approvals WHERE attached_to = ? AND status = 'pending'"
                " ORDER BY created_at, approval_id",
                (approval_id,),
            ).fetchall()
        return [ApprovalRequest.model_validate_json(r[0]) for r in rows]

    def mark_consumed(self, approval_id: str, now: float) -> bool:
        """Claim an approved request for execution: True for exactly one caller, ever; False
        when it is already consumed, not approved, or unknown."""
        with self._file.write() as db:
            cur = db.execute(
                "UPDATE approvals SET consumed_at = ?"
                " WHERE approval_id = ? AND status = 'approved' AND consumed_at IS NULL",
                (now, approval_id),
            )
            won = cur.rowcount == 1
        if won:
            reach("approval.consumed")
        return won
