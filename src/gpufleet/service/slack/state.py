"""Slack's durable state, in one store so that an event's whole effect is one transaction:
``slack.db`` in the state directory, or the PostgreSQL database replicas share
(``--state postgresql://``):

* ``cards``: each incident's card (what its message shows), so a restart re-renders it whole;
* ``messages``: incident → (channel, ts) of its one message, so a restart updates the same one;
* ``outbox``: what still has to reach Slack, in order (see :mod:`service.slack.outbox`);
* ``events``: bus event ids already handled (the bus delivers at least once);
* ``signatures``: request signatures, each kept until its signed timestamp has left the
  signature check's window (a replayed click is refused however far ahead it was signed);
* ``modals``: the reason modal each click opened (view id → approval, decision, user), so a
  submission decides what was clicked, never what its metadata says;
* ``sender``: which process sends the outbox (a lease).

Several replicas. On a shared bus the replicas split the Slack subscription's events (each
event goes to one of them), so every table is shared (PostgreSQL) and an event is folded into
its incident's card inside the store's write transaction (:meth:`SlackState.fold`): two
replicas folding two events of one incident at once take turns, and neither overwrites the
other's change. One replica at a time sends the outbox (:meth:`SlackState.lead`: a lease it
renews before every send; another takes over when it lapses), so a message is posted once and
an incident's items keep their order.

Times are inputs; nothing here reads the clock.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from gpufleet.graph.state.database import Location, Session, open_database
from gpufleet.graph.state.schema import Schema
from gpufleet.service.slack.card import IncidentCard

OutboxKind = Literal["card", "reply"]
SCHEMA_VERSION: Final = 3  # 2: the sender lease; 3: signatures kept to an end, modal bindings
# The tables as version 2 wrote them (version 1: without the sender lease, the last one)
_SCHEMA_V2: Final = (
    "CREATE TABLE slack_cards (incident_id TEXT PRIMARY KEY, card TEXT NOT NULL)",
    """CREATE TABLE slack_messages (
        incident_id TEXT PRIMARY KEY, channel TEXT NOT NULL, ts TEXT NOT NULL)""",
    """CREATE TABLE slack_outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        incident_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('card', 'reply')),
        payload TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'dead')),
        refusals INTEGER NOT NULL DEFAULT 0,
        next_at REAL NOT NULL DEFAULT 0,
        last_error TEXT
    )""",
    "CREATE INDEX slack_outbox_by_incident ON slack_outbox (incident_id, status, seq)",
    "CREATE TABLE slack_events (event_id TEXT PRIMARY KEY)",
    "CREATE TABLE slack_signatures (signature TEXT PRIMARY KEY, seen_at REAL NOT NULL)",
    """CREATE TABLE slack_sender (
        one INTEGER PRIMARY KEY CHECK (one = 1),
        holder TEXT NOT NULL,
        lease_until REAL NOT NULL
    )""",
)
_MODALS: Final = """CREATE TABLE slack_modals (
        view_id TEXT PRIMARY KEY,
        approval_id TEXT NOT NULL,
        decision TEXT NOT NULL,
        channel TEXT NOT NULL,
        user_id TEXT NOT NULL,
        opened_at REAL NOT NULL
    )"""
_SIGNATURES: Final = (
    "CREATE TABLE slack_signatures (signature TEXT PRIMARY KEY, keep_until REAL NOT NULL)"
)
_SCHEMA: Final = (
    *(_SIGNATURES if "slack_signatures" in stmt else stmt for stmt in _SCHEMA_V2),
    _MODALS,
)
# A version-2 row holds the time a request arrived; its signed timestamp was at most the
# library's window ahead of that, so arrival + twice the window outlives every such signature.
_V3: Final = (
    "ALTER TABLE slack_signatures RENAME COLUMN seen_at TO keep_until",
    "UPDATE slack_signatures SET keep_until = keep_until + 600",
    _MODALS,
)
_IDENTITY: Final = (
    "INTEGER PRIMARY KEY AUTOINCREMENT",
    "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
)
_POSTGRES: Final = tuple(
    s.replace(*_IDENTITY).replace(" REAL", " DOUBLE PRECISION") for s in _SCHEMA
)
SCHEMA: Final = Schema(
    version=SCHEMA_VERSION,
    sqlite=_SCHEMA,
    postgresql=_POSTGRES,
    # a version-1 file gets the sender table in place, then version 3's changes
    migrations={2: (_SCHEMA_V2[-1],), 3: _V3},
)


@dataclass(frozen=True)
class OutboxItem:
    seq: int
    incident_id: str
    kind: OutboxKind
    payload: dict[str, Any]
    version: int
    refusals: int


@dataclass(frozen=True)
class Outgoing:
    kind: OutboxKind
    payload: dict[str, Any]


@dataclass(frozen=True)
class ModalBinding:
    """What a reason modal was opened for: the clicked approval, the button, who clicked."""

    approval_id: str
    decision: str
    channel: str
    user_id: str


_LEASE: Final = "SELECT holder, lease_until FROM slack_sender WHERE one = 1"
Fold = Callable[[IncidentCard | None], tuple[IncidentCard, Sequence[Outgoing]]]


class SlackState:
    def __init__(self, where: Location = ":memory:") -> None:
        self._file = open_database(where, store="slack", schema=SCHEMA)
        self.path = self._file.path

    def close(self) -> None:
        self._file.close()

    # -- cards and events ---------------------------------------------------------------------
    def card(self, incident_id: str) -> IncidentCard | None:
        with self._file.read() as db:
            row = db.execute(
                "SELECT card FROM slack_cards WHERE incident_id = ?", (incident_id,)
            ).fetchone()
        return IncidentCard.model_validate_json(row[0]) if row else None

    def seen(self, event_id: str) -> bool:
        with self._file.read() as db:
            row = db.execute("SELECT 1 FROM slack_events WHERE event_id = ?", (event_id,))
            return row.fetchone() is not None

    def record(
        self, card: IncidentCard, outgoing: Sequence[Outgoing], event_id: str | None = None
    ) -> bool:
        """Store ``card``, queue ``outgoing`` and remember ``event_id``, all or nothing.
        Returns False (and changes nothing) when ``event_id`` was handled before."""
        return self.fold(card.incident_id, event_id, lambda _: (card, outgoing)) is not None

    def fold(self, incident_id: str, event_id: str | None, fold: Fold) -> Sequence[Outgoing] | None:
        """In one write transaction: remember ``event_id``, read the incident's stored card,
        ``fold`` it (None when there is none yet) into the new card and what to queue, store
        both. Returns what was queued, or None (nothing changed) when ``event_id`` was handled
        before. ``fold`` runs under the store's lock: keep it pure and quick."""
        with self._file.write() as db:
            if event_id is not None:
                cur = db.execute(
                    "INSERT INTO slack_events (event_id) VALUES (?) ON CONFLICT DO NOTHING",
                    (event_id,),
                )
                if cur.rowcount == 0:
                    return None
            row = db.execute(
                "SELECT card FROM slack_cards WHERE incident_id = ?", (incident_id,)
            ).fetchone()
            card, outgoing = fold(IncidentCard.model_validate_json(row[0]) if row else None)
            db.execute(
                "INSERT INTO slack_cards (incident_id, card) VALUES (?, ?)"
                " ON CONFLICT (incident_id) DO UPDATE SET card = excluded.card",
                (card.incident_id, card.model_dump_json()),
            )
            for out in outgoing:
                _enqueue(db, card.incident_id, out)
        return outgoing

    # -- who sends ----------------------------------------------------------------------------
    def lead(self, holder: str, now: float, lease_s: float) -> bool:
        """Take or renew the sender lease for ``holder`` until ``now + lease_s``: True when
        ``holder`` may send now (it held the lease, or the last holder's lapsed)."""
        with self._file.read() as db:
            row = db.execute(_LEASE).fetchone()
        if row is not None and row[0] == holder and row[1] - now > lease_s / 2:
            return True  # held, and long enough: no write (nobody else may take it meanwhile)
        with self._file.write() as db:
            row = db.execute(_LEASE).fetchone()
            if row is not None and row[0] != holder and row[1] > now:
                return False
            db.execute(
                "INSERT INTO slack_sender (one, holder, lease_until) VALUES (1, ?, ?)"
                " ON CONFLICT (one) DO UPDATE SET holder = excluded.holder,"
                " lease_until = excluded.lease_until",
                (holder, now + lease_s),
            )
        return True

    def resign(self, holder: str) -> None:
        """Give the lease up (a clean stop): another replica sends at once."""
        with self._file.write() as db:
            db.execute("DELETE FROM slack_sender WHERE holder = ?", (holder,))

    # -- the message map ----------------------------------------------------------------------
    def message(self, incident_id: str) -> tuple[str, str] | None:
        with self._file.read() as db:
            row = db.execute(
                "SELECT channel, ts FROM slack_messages WHERE incident_id = ?", (incident_id,)
            ).fetchone()
        return (row[0], row[1]) if row else None

    def incident_of_message(self, channel: str, ts: str) -> str | None:
        with self._file.read() as db:
            row = db.execute(
                "SELECT incident_id FROM slack_messages WHERE channel = ? AND ts = ?",
                (channel, ts),
            ).fetchone()
        return row[0] if row else None

    # -- the outbox ---------------------------------------------------------------------------
    def due(self, now: float) -> OutboxItem | None:
        """The oldest item that is first in its incident's queue and due at ``now``."""
        with self._file.read() as db:
            row = db.execute(
                "SELECT seq, incident_id, kind, payload, version, refusals FROM slack_outbox o"
                " WHERE status = 'pending' AND next_at <= ? AND seq = (SELECT MIN(seq)"
                " FROM slack_outbox p WHERE p.incident_id = o.incident_id"
                " AND p.status = 'pending') ORDER BY seq LIMIT 1",
                (now,),
            ).fetchone()
        if row is None:
            return None
        return OutboxItem(row[0], row[1], row[2], json.loads(row[3]), row[4], row[5])

    def next_due_at(self) -> float | None:
        with self._file.read() as db:
            row = db.execute(
                "SELECT MIN(next_at) FROM slack_outbox WHERE status = 'pending'"
            ).fetchone()
        return row[0] if row and row[0] is not None else None

    def sent(self, item: OutboxItem, message: tuple[str, str] | None = None) -> None:
        """``item`` reached Slack; ``message`` is the (channel, ts) of a newly posted card. A
        card replaced while it was in flight stays queued (its newer version goes next)."""
        with self._file.write() as db:
            if message is not None:
                db.execute(
                    "INSERT INTO slack_messages (incident_id, channel, ts) VALUES (?, ?, ?)"
                    " ON CONFLICT (incident_id) DO UPDATE SET channel = excluded.channel,"
                    " ts = excluded.ts",
                    (item.incident_id, *message),
                )
            db.execute(
                "DELETE FROM slack_outbox WHERE seq = ? AND version = ?",
                (item.seq, item.version),
            )

    def refused(self, item: OutboxItem, error: str, next_at: float, *, dead: bool) -> None:
        with self._file.write() as db:
            db.execute(
                "UPDATE slack_outbox SET refusals = refusals + 1, last_error = ?, next_at = ?,"
                " status = ? WHERE seq = ?",
                (error[:500], next_at, "dead" if dead else "pending", item.seq),
            )

    def outbox_counts(self) -> dict[str, int]:
        with self._file.read() as db:
            rows = db.execute("SELECT status, COUNT(*) FROM slack_outbox GROUP BY status")
            return {str(status): int(n) for status, n in rows.fetchall()}

    # -- replayed requests --------------------------------------------------------------------
    def first_use_of_signature(self, signature: str, now: float, keep_until: float) -> bool:
        """Remember ``signature`` until ``keep_until``; False when it is remembered (a replay).
        The caller picks ``keep_until`` past the last moment the signature could be accepted."""
        with self._file.write() as db:
            db.execute("DELETE FROM slack_signatures WHERE keep_until < ?", (now,))
            cur = db.execute(
                "INSERT INTO slack_signatures (signature, keep_until) VALUES (?, ?)"
                " ON CONFLICT DO NOTHING",
                (signature, keep_until),
            )
            return cur.rowcount == 1

    # -- the modal a click opened -------------------------------------------------------------
    def bind_modal(self, view_id: str, binding: ModalBinding, now: float, keep_s: float) -> None:
        """Remember what the click that opened ``view_id`` was for (forgetting bindings older
        than ``keep_s``): a submission of that view decides this, whatever it carries."""
        with self._file.write() as db:
            db.execute("DELETE FROM slack_modals WHERE opened_at < ?", (now - keep_s,))
            db.execute(
                "INSERT INTO slack_modals (view_id, approval_id, decision, channel, user_id,"
                " opened_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (view_id) DO UPDATE SET"
                " approval_id = excluded.approval_id, decision = excluded.decision,"
                " channel = excluded.channel, user_id = excluded.user_id,"
                " opened_at = excluded.opened_at",
                (
                    view_id,
                    binding.approval_id,
                    binding.decision,
                    binding.channel,
                    binding.user_id,
                    now,
                ),
            )

    def modal(self, view_id: str) -> ModalBinding | None:
        with self._file.read() as db:
            row = db.execute(
                "SELECT approval_id, decision, channel, user_id FROM slack_modals"
                " WHERE view_id = ?",
                (view_id,),
            ).fetchone()
        return ModalBinding(*row) if row else None

    def unbind_modal(self, view_id: str) -> None:
        """The view's decision is recorded: a second submission of it finds nothing."""
        with self._file.write() as db:
            db.execute("DELETE FROM slack_modals WHERE view_id = ?", (view_id,))


def _enqueue(db: Session, incident_id: str, out: Outgoing) -> None:
    """Append ``out``; a card right behind another unsent card replaces it (only the newest
    rendering matters, and order against thread replies is kept)."""
    payload = json.dumps(out.payload, separators=(",", ":"))
    if out.kind == "card":
        last = db.execute(
            "SELECT seq, kind FROM slack_outbox WHERE incident_id = ? AND status = 'pending'"
            " ORDER BY seq DESC LIMIT 1",
            (incident_id,),
        ).fetchone()
        if last is not None and last[1] == "card":
            db.execute(
                "UPDATE slack_outbox SET payload = ?, version = version + 1 WHERE seq = ?",
                (payload, last[0]),
            )
            return
    db.execute(
        "INSERT INTO slack_outbox (incident_id, kind, payload) VALUES (?, ?, ?)",
        (incident_id, out.kind, payload),
    )
