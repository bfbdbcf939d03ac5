"""Which incidents were merged into which: the SRE service's memory of the NOC's merges.

The NOC (and the cross-rack correlator) join several incidents into one and say so with
``IncidentUpdated(change="merged", merged_from=(survivor,))`` for each absorbed incident. The
SRE service must then stop treating the absorbed incident as its own root cause, whichever
order the events reach it in and whichever replica they reach: a merge seen before the
absorbed incident's own ``IncidentOpened`` (redelivery, a lagging consumer) must still keep it
from being diagnosed. So the merges live in the shared state (next to the approvals: one SQLite
file, or the PostgreSQL database every replica shares), not in one process's memory.

One row per absorbed incident; the first merge recorded wins (a redelivered merge, or a second
replica handling it, adds nothing). Times are inputs.
"""

from __future__ import annotations

from typing import Final

from pydantic import BaseModel, ConfigDict

from gpufleet.graph.state.database import Location, open_database
from gpufleet.graph.state.schema import Schema

SCHEMA_VERSION: Final = 1
_SQLITE: Final = (
    """CREATE TABLE incident_merges (
        absorbed_id TEXT PRIMARY KEY,
        into_id TEXT NOT NULL,
        merged_at REAL NOT NULL
    )""",
)
_POSTGRES: Final = tuple(s.replace(" REAL", " DOUBLE PRECISION") for s in _SQLITE)
SCHEMA: Final = Schema(version=SCHEMA_VERSION, sqlite=_SQLITE, postgresql=_POSTGRES)


class Merge(BaseModel):
    """``absorbed_id`` was merged into ``into_id`` at ``merged_at`` (event time)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    absorbed_id: str
    into_id: str
    merged_at: float


class IncidentMerges:
    """The merges table in SQLite or PostgreSQL (``where`` as for the approval store)."""

    def __init__(self, where: Location = ":memory:", *, fsync: bool = True) -> None:
        self._file = open_database(where, store="incident_merges", schema=SCHEMA, fsync=fsync)

    def close(self) -> None:
        self._file.close()

    def record(self, absorbed_id: str, into_id: str, at: float) -> Merge:
        """Remember the merge unless one is already stored for ``absorbed_id``; returns the
        stored one (the first wins)."""
        with self._file.write() as db:
            db.execute(
                "INSERT INTO incident_merges (absorbed_id, into_id, merged_at) VALUES (?, ?, ?)"
                " ON CONFLICT (absorbed_id) DO NOTHING",
                (absorbed_id, into_id, at),
            )
            row = db.execute(
                "SELECT into_id, merged_at FROM incident_merges WHERE absorbed_id = ?",
                (absorbed_id,),
            ).fetchone()
        return Merge(absorbed_id=absorbed_id, into_id=row[0], merged_at=row[1])

    def of(self, incident_id: str) -> Merge | None:
        """The merge that absorbed ``incident_id``, or None when it stands on its own."""
        with self._file.read() as db:
            row = db.execute(
                "SELECT into_id, merged_at FROM incident_merges WHERE absorbed_id = ?",
                (incident_id,),
            ).fetchone()
        if row is None:
            return None
        return Merge(absorbed_id=incident_id, into_id=row[0], merged_at=row[1])


__all__ = ["IncidentMerges", "Merge"]
