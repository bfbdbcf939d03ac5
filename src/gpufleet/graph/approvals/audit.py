"""The audit log (append-only): every execution and every refusal, as it happened.

One row per call the approval gate handled: who authorised it (``agent`` for reads the agent
made, the approving person, or ``policy:<rule>``), who asked, the tool and its exact arguments,
the runbook and its version, the approval id, the target's state before and after, and the
outcome (the tool's status, its error, its exact command or query, dry run or not). Rows are
never updated or deleted (triggers refuse both), so the log can be handed to an auditor as is;
:meth:`AuditLog.export_jsonl` writes it one JSON object per line.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Final

from pydantic import BaseModel, ConfigDict, Field

from gpufleet.bus.failpoints import reach
from gpufleet.graph.state.database import Location, open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.tools import Risk, ToolStatus

SCHEMA_VERSION: Final = 1
_SQLITE: Final = (
    """CREATE TABLE audit_records (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at REAL NOT NULL,
        incident_id TEXT,
        tool TEXT NOT NULL,
        status TEXT NOT NULL,
        record TEXT NOT NULL
    )""",
    "CREATE INDEX audit_by_incident ON audit_records (incident_id, seq)",
    """CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit_records
       BEGIN SELECT RAISE(ABORT, 'the gpufleet audit log is append-only'); END""",
    """CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit_records
       BEGIN SELECT RAISE(ABORT, 'the gpufleet audit log is append-only'); END""",
)
_POSTGRES: Final = (
    """CREATE TABLE audit_records (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at DOUBLE PRECISION NOT NULL,
        incident_id TEXT,
        tool TEXT NOT NULL,
        status TEXT NOT NULL,
        record TEXT NOT NULL
    )""",
    "CREATE INDEX audit_by_incident ON audit_records (incident_id, seq)",
    """CREATE FUNCTION gpufleet_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'the gpufleet audit log is append-only'; END $$""",
    """CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_records
       FOR EACH STATEMENT EXECUTE FUNCTION gpufleet_audit_append_only()""",
)
SCHEMA: Final = Schema(version=SCHEMA_VERSION, sqlite=_SQLITE, postgresql=_POSTGRES)


def _dumps(value: Any) -> str:
    # default=str: a probe that returned something not JSON still leaves its text in the log.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


class AuditRecord(BaseModel):
    """One handled call. ``initiator`` is who authorised it; ``requested_by`` who asked
    (``agent``, or a person in the chat/CLI). ``state_before``/``state_after`` are what the
    state probe read (e.g. ``slurm.show_node``), None when no probe applies or it was refused
    before running. ``seq`` is assigned by the log."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    seq: int | None = None
    at: float
    initiator: str
    requested_by: str = ""
    tool: str
    args: dict[str, Any] = Field(default_factory=dict)
    risk: Risk | None = None  # None when the tool name was unknown
    runbook_id: str | None = None
    runbook_version: int | None = None
    incident_id: str | None = None
    thread_id: str | None = None
    node: str | None = None
    approval_id: str | None = None
    preapproved_by: str | None = None
    state_before: Any = None
    state_after: Any = None
    status: ToolStatus
    error: str | None = None
    query: str = ""
    dry_run: bool = False


class AuditLog:
    """Append-only audit records in SQLite (may share the approvals file) or PostgreSQL;
    thread-safe. On PostgreSQL ``seq`` orders records as written, store-wide (writers take
    turns), so ``since_seq`` readers miss nothing."""

    def __init__(self, where: Location = ":memory:", *, fsync: bool = True) -> None:
        self._file = open_database(where, store="audit", schema=SCHEMA, fsync=fsync)
        self.path = self._file.path

    def close(self) -> None:
        self._file.close()

    def append(self, record: AuditRecord) -> AuditRecord:
        """Store ``record``; returns it (as stored) with its ``seq``. Values that are not JSON
        data are stored as their text, never dropped."""
        text = _dumps(record.model_dump(mode="python", exclude={"seq"}))
        body = json.loads(text)
        with self._file.write() as db:
            (seq,) = db.execute(
                "INSERT INTO audit_records (at, incident_id, tool, status, record)"
                " VALUES (?, ?, ?, ?, ?) RETURNING seq",
                (record.at, record.incident_id, record.tool, record.status, text),
            ).fetchone()
        reach("audit.written")
        return AuditRecord.model_validate({**body, "seq": seq})

    def records(self, incident_id: str | None = None, *, since_seq: int = 0) -> list[AuditRecord]:
        """Records in the order they were written (optionally one incident's, after a seq)."""
        return list(self.iter_records(incident_id, since_seq=since_seq))

    def iter_records(
        self, incident_id: str | None = None, *, since_seq: int = 0
    ) -> Iterator[AuditRecord]:
        sql = "SELECT seq, record FROM audit_records WHERE seq > ?"
        params: tuple[Any, ...] = (since_seq,)
        if incident_id is not None:
            sql += " AND incident_id = ?"
            params = (since_seq, incident_id)
        with self._file.read() as db:
            rows = db.execute(sql + " ORDER BY seq", params).fetchall()
        for seq, text in rows:
            yield AuditRecord.model_validate_json(text).model_copy(update={"seq": seq})

    def export_jsonl(
        self, out: str | os.PathLike[str] | IO[str], incident_id: str | None = None
    ) -> int:
        """Write the records as JSON lines to a path or an open text file; returns the count."""
        if isinstance(out, str | os.PathLike):
            with Path(out).open("w", encoding="utf-8") as f:
                return self.export_jsonl(f, incident_id)
        n = 0
        for record in self.iter_records(incident_id):
            out.write(_dumps(record.model_dump(mode="python")) + "\n")
            n += 1
        return n
