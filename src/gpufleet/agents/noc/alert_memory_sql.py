"""The Alertmanager intake's memory in SQL: a SQLite file, or the PostgreSQL database several
``gpufleet serve`` replicas share (``--state postgresql://``).

With a memory per replica, a ``resolved`` notification reaching a replica that never saw the
alert firing was counted unmatched and its external incident stayed open for ever, and an
alert sent to another replica than the one that opened its incident opened a second one.
Behind a load balancer or with one webhook URL per replica (Alertmanager then sends every
notification to each), every replica now reads and writes the same memory:

* a notification is handled inside one write transaction (:meth:`SqlIntakeMemory.
  transaction`; on PostgreSQL an advisory lock per store, as every gpufleet store): two
  replicas racing on the same alert take turns, the first inserts its key (``INSERT … ON
  CONFLICT DO NOTHING``) and opens the incident, the second finds it claimed: one incident.
  The incident id is derived from the alert anyway, so both would name it the same;
* the events a claim produced are stored with it: a replica that died between the commit and
  the publish processes its journalled payload again at start and publishes them then (the
  bus and the idempotent handlers drop a copy that did get out);
* the external incidents, the alert → incident map and an index by (family, entity hash) to
  find the incident covering an alert without scanning them all.

Bounded like the in-memory memory (oldest rows deleted first). Long keys (a fingerprint or a
label set can be kilobytes) are stored as hashes: a PostgreSQL index entry holds ~2.7 kB at
most, and an index hash that collided would only add a candidate that ``covers`` rejects.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Final

from gpufleet.agents.noc.alert_memory import (
    EXTERNAL_MAX,
    SEEN_MAX,
    AlertKey,
    External,
    SeenKey,
    index_keys,
)
from gpufleet.bus.events import EVENT_ADAPTER, Event, Family, Incident
from gpufleet.graph.state.database import Location, Session, open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.graph.state.url import PostgresUrl

_SCHEMA: Final = (
    """CREATE TABLE am_seen (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, events TEXT)""",
    """CREATE TABLE am_joined (
        seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE,
        incident_id TEXT NOT NULL)""",
    """CREATE TABLE am_external (
        incident_id TEXT PRIMARY KEY, seq INTEGER NOT NULL, incident TEXT NOT NULL,
        firing TEXT NOT NULL)""",
    "CREATE INDEX am_external_by_seq ON am_external (seq)",
    """CREATE TABLE am_index (
        key TEXT NOT NULL, incident_id TEXT NOT NULL, PRIMARY KEY (key, incident_id))""",
    "CREATE INDEX am_index_by_incident ON am_index (incident_id)",
)
_IDENTITY: Final = (
    "INTEGER PRIMARY KEY AUTOINCREMENT",
    "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
)
SCHEMA: Final = Schema(
    version=1,
    sqlite=_SCHEMA,
    postgresql=tuple(s.replace(*_IDENTITY).replace("seq INTEGER", "seq BIGINT") for s in _SCHEMA),
)


def _hash(*parts: str | float) -> str:
    """A row's key: the parts as one JSON array (exact, unambiguous), hashed to a fixed size."""
    return hashlib.sha256(json.dumps(parts).encode()).hexdigest()


def _seen_key(key: SeenKey) -> str:
    return _hash("seen", *key)


def _index_key(family: Family, entity: str) -> str:
    return _hash("index", family.value, entity)


class SqlIntakeMemory:
    """The intake's memory in ``where`` (a SQLite path or ``:memory:``, or a PostgreSQL URL)."""

    durable = True

    def __init__(
        self, where: Location, *, seen_max: int = SEEN_MAX, external_max: int = EXTERNAL_MAX
    ) -> None:
        if not isinstance(where, PostgresUrl) and str(where) != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        self._file = open_database(where, store="alert_intake", schema=SCHEMA)
        self.path = self._file.path
        self.seen_max, self.external_max = seen_max, external_max

    def close(self) -> None:
        self._file.close()

    @contextmanager
    def transaction(self) -> Iterator[_SqlView]:
        with self._file.write() as db:
            view = _SqlView(db)
            yield view
            view.prune(self.seen_max, self.external_max)


class _SqlView:
    """The memory inside one write transaction (see :class:`IntakeMemoryView`)."""

    def __init__(self, db: Session) -> None:
        self._db = db

    def claim(self, key: SeenKey) -> bool:
        cur = self._db.execute(
            "INSERT INTO am_seen (key) VALUES (?) ON CONFLICT (key) DO NOTHING", (_seen_key(key),)
        )
        return cur.rowcount == 1

    def record(self, key: SeenKey, events: Sequence[Event]) -> None:
        body = json.dumps([EVENT_ADAPTER.dump_python(e, mode="json") for e in events])
        self._db.execute("UPDATE am_seen SET events = ? WHERE key = ?", (body, _seen_key(key)))

    def recorded(self, key: SeenKey) -> list[Event]:
        row = self._db.execute(
            "SELECT events FROM am_seen WHERE key = ?", (_seen_key(key),)
        ).fetchone()
        if row is None or row[0] is None:
            return []
        return [EVENT_ADAPTER.validate_python(e) for e in json.loads(row[0])]

    def join(self, alert: AlertKey, incident_id: str) -> None:
        self._db.execute(
            "INSERT INTO am_joined (key, incident_id) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET incident_id = excluded.incident_id",
            (_hash("joined", *alert), incident_id),
        )

    def take_join(self, alert: AlertKey) -> str | None:
        key = _hash("joined", *alert)
        row = self._db.execute("SELECT incident_id FROM am_joined WHERE key = ?", (key,)).fetchone()
        if row is None:
            return None
        self._db.execute("DELETE FROM am_joined WHERE key = ?", (key,))
        return str(row[0])

    def external(self, incident_id: str) -> External | None:
        row = self._db.execute(
            "SELECT incident, firing FROM am_external WHERE incident_id = ?", (incident_id,)
        ).fetchone()
        return _external(row[0], row[1]) if row is not None else None

    def candidates(self, family: Family, keys: Iterable[str]) -> Iterator[External]:
        hashed = sorted({_index_key(family, k) for k in keys})
        if not hashed:
            return
        rows = self._db.execute(
            "SELECT incident, firing FROM am_external WHERE incident_id IN (SELECT incident_id"
            f" FROM am_index WHERE key IN ({', '.join('?' * len(hashed))})) ORDER BY seq DESC",
            hashed,
        ).fetchall()
        for incident, firing in rows:
            yield _external(incident, firing)

    def save(self, external: External) -> None:
        inc = external.incident
        # a new one is the newest (numbered under the store's lock); a known one keeps its number
        self._db.execute(
            "INSERT INTO am_external (incident_id, seq, incident, firing) VALUES"
            " (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM am_external), ?, ?)"
            " ON CONFLICT (incident_id) DO UPDATE SET incident = excluded.incident,"
            " firing = excluded.firing",
            (inc.incident_id, inc.model_dump_json(), json.dumps(sorted(external.firing))),
        )
        # what it is indexed under never changes once opened (attaching adds evidence only)
        keys = sorted({_index_key(inc.family, k) for k in index_keys(inc)})
        self._db.execute(
            f"INSERT INTO am_index (key, incident_id) VALUES {', '.join(['(?, ?)'] * len(keys))}"
            " ON CONFLICT DO NOTHING",
            [x for key in keys for x in (key, inc.incident_id)],
        )

    def drop(self, incident_id: str) -> None:
        self._db.execute("DELETE FROM am_index WHERE incident_id = ?", (incident_id,))
        self._db.execute("DELETE FROM am_external WHERE incident_id = ?", (incident_id,))

    def firing(self) -> list[Incident]:
        rows = self._db.execute("SELECT incident, firing FROM am_external ORDER BY seq").fetchall()
        return [x.incident for x in (_external(i, f) for i, f in rows) if x.firing]

    def prune(self, seen_max: int, external_max: int) -> None:
        """Forget the oldest rows beyond the bounds, as the in-memory memory does (rows are
        counted, not sequence numbers: deleted rows leave gaps)."""
        for table, keep in (("am_seen", seen_max), ("am_joined", seen_max)):
            self._trim(table, keep)
        cut = self._cut("am_external", external_max)
        if cut is not None:
            self._db.execute(
                "DELETE FROM am_index WHERE incident_id IN"
                " (SELECT incident_id FROM am_external WHERE seq <= ?)",
                (cut,),
            )
            self._db.execute("DELETE FROM am_external WHERE seq <= ?", (cut,))

    def _trim(self, table: str, keep: int) -> None:
        cut = self._cut(table, keep)
        if cut is not None:
            self._db.execute(f"DELETE FROM {table} WHERE seq <= ?", (cut,))

    def _cut(self, table: str, keep: int) -> int | None:
        """The newest ``seq`` to delete so that ``keep`` rows stay; None when none need to go
        (the cheap bound first: no more rows than the span of their numbers)."""
        low, high = self._db.execute(f"SELECT MIN(seq), MAX(seq) FROM {table}").fetchone()
        if low is None or high - low + 1 <= keep:
            return None
        row = self._db.execute(
            f"SELECT seq FROM {table} ORDER BY seq DESC LIMIT 1 OFFSET ?", (keep,)
        ).fetchone()
        return int(row[0]) if row is not None else None


def _external(incident: str, firing: str) -> External:
    return External(Incident.model_validate_json(incident), set(json.loads(firing)))
