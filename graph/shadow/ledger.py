"""The shadow ledger: SQLite in the state directory (``shadow.db``) holding what gpufleet would
have done and what operators did. Writes are idempotent: a replayed graph step or a re-imported
event file adds nothing twice."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

from graph.approvals.store import canonical_json
from graph.shadow.records import OperatorAction, ProposedAction

SHADOW_DB = "shadow.db"  # in the SRE state directory
_SCHEMA = """
CREATE TABLE IF NOT EXISTS proposed (
    key TEXT PRIMARY KEY, at REAL NOT NULL, node TEXT, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS operator (
    key TEXT PRIMARY KEY, at REAL NOT NULL, node TEXT NOT NULL, body TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS slurm_drained (node TEXT PRIMARY KEY, reason TEXT NOT NULL);
"""


class ShadowLedger:
    def __init__(self, path: str | Path) -> None:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        self._lock = threading.Lock()

    def close(self) -> None:
        self._db.close()

    def record(self, proposal: ProposedAction) -> bool:
        """Store a proposal; False when this step of this incident was already recorded."""
        key = canonical_json([proposal.incident_id, proposal.tool, proposal.node, proposal.args])
        return self._insert("proposed", key, proposal.at, proposal.node, proposal)

    def observe(self, action: OperatorAction) -> bool:
        """Store an operator action; False when this sighting was already stored."""
        key = f"{action.source}:{action.ref}"
        return self._insert("operator", key, action.at, action.node, action)

    def _insert(
        self,
        table: str,
        key: str,
        at: float,
        node: str | None,
        item: ProposedAction | OperatorAction,
    ) -> bool:
        with self._lock:
            cur = self._db.execute(
                f"INSERT OR IGNORE INTO {table} (key, at, node, body) VALUES (?, ?, ?, ?)",
                (key, at, node, item.model_dump_json()),
            )
        return cur.rowcount == 1

    def proposals(self, since: float, until: float) -> list[ProposedAction]:
        rows = self._rows("proposed", since, until)
        return [ProposedAction.model_validate(json.loads(r)) for r in rows]

    def operator_actions(self, since: float, until: float) -> list[OperatorAction]:
        rows = self._rows("operator", since, until)
        return [OperatorAction.model_validate(json.loads(r)) for r in rows]

    def _rows(self, table: str, since: float, until: float) -> list[str]:
        with self._lock:
            cur = self._db.execute(
                f"SELECT body FROM {table} WHERE at >= ? AND at <= ? ORDER BY at, key",
                (since, until),
            )
            return [str(row[0]) for row in cur.fetchall()]

    def drained_nodes(self) -> dict[str, str]:
        """SLURM nodes seen drained by an operator at the last look, with their reason ref."""
        with self._lock:
            rows = self._db.execute("SELECT node, reason FROM slurm_drained").fetchall()
        return {str(n): str(r) for n, r in rows}

    def set_drained_nodes(self, drained: dict[str, str]) -> None:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            self._db.execute("DELETE FROM slurm_drained")
            self._db.executemany(
                "INSERT INTO slurm_drained (node, reason) VALUES (?, ?)", sorted(drained.items())
            )
            self._db.execute("COMMIT")
