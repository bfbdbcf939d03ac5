"""The shadow ledger: what gpufleet would have done and what operators did. ``shadow.db`` in
the state directory, or the PostgreSQL database replicas share (``--state postgresql://``):
replicas split the diagnoses between them, so a ledger per replica would show each its own
share and ``gpufleet report shadow`` on any one of them would undercount. Writes are
idempotent: a replayed graph step, a step proposed by two replicas, or a re-imported event
file adds nothing twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Final

from gpufleet.graph.approvals.store import canonical_json
from gpufleet.graph.shadow.records import OperatorAction, ProposedAction
from gpufleet.graph.state.database import Location, open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.state.url import PostgresUrl

SHADOW_DB = "shadow.db"  # in the SRE state directory
# IF NOT EXISTS: files written before the ledger kept a schema version have these tables
_SQLITE: Final = (
    """CREATE TABLE IF NOT EXISTS proposed (
        key TEXT PRIMARY KEY, at REAL NOT NULL, node TEXT, body TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS operator (
        key TEXT PRIMARY KEY, at REAL NOT NULL, node TEXT NOT NULL, body TEXT NOT NULL)""",
    "CREATE TABLE IF NOT EXISTS slurm_drained (node TEXT PRIMARY KEY, reason TEXT NOT NULL)",
)
# in a database other stores share: the tables carry the ledger's name
_POSTGRES: Final = tuple(
    s.replace(" REAL", " DOUBLE PRECISION")
    .replace("EXISTS proposed", "EXISTS shadow_proposed")
    .replace("EXISTS operator", "EXISTS shadow_operator")
    .replace("EXISTS slurm_drained", "EXISTS shadow_slurm_drained")
    for s in _SQLITE
)
SCHEMA: Final = Schema(version=1, sqlite=_SQLITE, postgresql=_POSTGRES)
_TABLES: Final = ("proposed", "operator", "slurm_drained")


class ShadowLedger:
    def __init__(self, where: Location) -> None:
        if not isinstance(where, PostgresUrl) and str(where) != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        self._file = open_database(where, store="shadow", schema=SCHEMA)
        shared = isinstance(where, PostgresUrl)
        self._table = {t: f"shadow_{t}" if shared else t for t in _TABLES}

    def close(self) -> None:
        self._file.close()

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
        with self._file.write() as db:
            cur = db.execute(
                f"INSERT INTO {self._table[table]} (key, at, node, body) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (key) DO NOTHING",
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
        with self._file.read() as db:
            cur = db.execute(
                f"SELECT body FROM {self._table[table]} WHERE at >= ? AND at <= ? ORDER BY at, key",
                (since, until),
            )
            return [str(row[0]) for row in cur.fetchall()]

    def drained_nodes(self) -> dict[str, str]:
        """SLURM nodes seen drained by an operator at the last look, with their reason ref."""
        with self._file.read() as db:
            rows = db.execute(f"SELECT node, reason FROM {self._table['slurm_drained']}")
            return {str(n): str(r) for n, r in rows.fetchall()}

    def set_drained_nodes(self, drained: dict[str, str]) -> None:
        table = self._table["slurm_drained"]
        with self._file.write() as db:
            db.execute(f"DELETE FROM {table}")
            for node, reason in sorted(drained.items()):
                db.execute(f"INSERT INTO {table} (node, reason) VALUES (?, ?)", (node, reason))
