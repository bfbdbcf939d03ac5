"""The execution ledger: each state-changing step of a diagnosis runs at most once, ever.

A person's approval is single-use already (the approval store consumes it); a step the policy
pre-approves has no approval to consume. The ledger covers both: before the gate runs a step,
the graph claims the step's key (its approval id); only the first claim wins, in any process.
The result is written back, so a node that runs again after a crash (LangGraph re-runs the
node whose checkpoint was not written) or a second process resuming the same thread reads what
happened instead of doing it again. A claim with no result means the step started and its
outcome is unknown: the graph stops and hands the incident to a person.
"""

from __future__ import annotations

import os
from typing import Final

from graph.approvals.store import SqliteFile
from graph.tools import ToolResult

SCHEMA_VERSION: Final = 1
_SCHEMA: Final = (
    """CREATE TABLE executions (
        step_key TEXT PRIMARY KEY,
        claimed_at REAL NOT NULL,
        result TEXT
    )""",
)


class ExecutionLedger:
    def __init__(self, path: str | os.PathLike[str] = ":memory:", *, fsync: bool = True) -> None:
        self._file = SqliteFile(
            path, store="executions", schema_version=SCHEMA_VERSION, schema=_SCHEMA, fsync=fsync
        )

    def close(self) -> None:
        self._file.close()

    def claim(self, step_key: str, now: float) -> bool:
        """True for exactly one caller per key, across threads and processes."""
        with self._file.write() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO executions (step_key, claimed_at) VALUES (?, ?)",
                (step_key, now),
            )
            return cur.rowcount == 1

    def complete(self, step_key: str, result: ToolResult) -> None:
        with self._file.write() as db:
            db.execute(
                "UPDATE executions SET result = ? WHERE step_key = ?",
                (result.model_dump_json(), step_key),
            )

    def outcome(self, step_key: str) -> ToolResult | None:
        """The recorded result of a claimed step; None if it never finished (or never ran)."""
        with self._file.read() as db:
            row = db.execute(
                "SELECT result FROM executions WHERE step_key = ?", (step_key,)
            ).fetchone()
        if row is None or row[0] is None:
            return None
        return ToolResult.model_validate_json(row[0])
