"""The health scores and fault-Xid history, kept across restarts (SQLite in the state dir).

A window of telemetry forgets: a GPU that threw Xid 79 last week and was reset looks clean in
today's window. The store remembers each GPU's fault Xids and every score it was given, so the
next report (in a new process) counts the history and shows the trend.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterable, Mapping

from gpufleet.agents.perf.findings import HealthScore

_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS scores (gpu TEXT NOT NULL, at REAL NOT NULL, score REAL NOT NULL,"
    " factors TEXT NOT NULL, PRIMARY KEY (gpu, at))",
    "CREATE TABLE IF NOT EXISTS xids (gpu TEXT NOT NULL, at REAL NOT NULL, xid INTEGER NOT NULL,"
    " PRIMARY KEY (gpu, at, xid))",
)


class HealthStore:
    def __init__(self, path: str | os.PathLike[str] = ":memory:") -> None:
        self._db = sqlite3.connect(os.fspath(path))
        with self._db:
            for stmt in _SCHEMA:
                self._db.execute(stmt)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> HealthStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def record_xids(self, xids: Mapping[str, Iterable[tuple[float, int]]]) -> None:
        rows = [(gpu, at, xid) for gpu, seen in xids.items() for at, xid in seen]
        with self._db:
            self._db.executemany("INSERT OR IGNORE INTO xids VALUES (?, ?, ?)", rows)

    def xid_history(self, since: float) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {}
        for gpu, xid in self._db.execute(
            "SELECT gpu, xid FROM xids WHERE at >= ? ORDER BY gpu, at", (since,)
        ):
            out.setdefault(gpu, []).append(int(xid))
        return out

    def latest_scores(self, before: float) -> dict[str, float]:
        """Each GPU's most recent score recorded before ``before``."""
        rows = self._db.execute(
            "SELECT gpu, score FROM scores s WHERE at = (SELECT MAX(at) FROM scores"
            " WHERE gpu = s.gpu AND at < ?)",
            (before,),
        )
        return {gpu: float(score) for gpu, score in rows}

    def record_scores(self, at: float, scores: Iterable[HealthScore]) -> None:
        rows = [(s.gpu, at, s.score, json.dumps(s.factors, sort_keys=True)) for s in scores]
        with self._db:
            self._db.executemany("INSERT OR REPLACE INTO scores VALUES (?, ?, ?, ?)", rows)

    def history(self, gpu: str) -> list[tuple[float, float]]:
        return [
            (float(a), float(s))
            for a, s in self._db.execute(
                "SELECT at, score FROM scores WHERE gpu = ? ORDER BY at", (gpu,)
            )
        ]
