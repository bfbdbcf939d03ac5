"""The blast-radius breaker: stops automation when it has taken too much of the fleet out.

Every state-changing execution the gate lets through is first *admitted* here, in one write
transaction (SQLite, or PostgreSQL shared by replicas), so two processes cannot both squeeze
under the limit. Within the last
``window_s`` seconds, the distinct nodes taken out of service (drain, cordon, reboot, GPU reset:
``BreakerConfig.takes_out_tools``) may reach ``max(min_nodes, floor(max_drained_share ×
fleet_nodes))`` and all state-changing executions may reach ``max_actions_per_window``. An
execution that would go past either limit is refused and the breaker trips.

A tripped breaker is latched: it blocks every mutate/destructive call (pre-approved or approved
by a person alike) until a person resets it with a reason. Time passing never un-trips it:
whatever took out 6 % of the fleet in an hour deserves a human look before automation goes on.
A reset forgives what was taken out before it, so the count starts again from the reset.

Resumes count as actions but not as nodes coming back: a drain/resume/drain loop on many nodes
is exactly what the breaker is for. Executions that turned out to be dry runs, or were refused
after admission, are settled as not counted.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Final

from pydantic import BaseModel, ConfigDict

from gpufleet.graph.approvals.policy import BreakerConfig, person_problem
from gpufleet.graph.state.database import Location, Session, open_database
from gpufleet.graph.state.schema import Schema

SCHEMA_VERSION: Final = 1
_SQLITE: Final = (
    """CREATE TABLE breaker_events (
        event_id INTEGER PRIMARY KEY AUTOINCREMENT,
        at REAL NOT NULL,
        tool TEXT NOT NULL,
        nodes TEXT NOT NULL,
        takes_out INTEGER NOT NULL,
        counted INTEGER NOT NULL DEFAULT 1,
        initiator TEXT NOT NULL DEFAULT '',
        incident_id TEXT,
        approval_id TEXT
    )""",
    "CREATE INDEX breaker_events_by_time ON breaker_events (at)",
    """CREATE TABLE breaker_trips (
        trip_id INTEGER PRIMARY KEY AUTOINCREMENT,
        tripped_at REAL NOT NULL,
        reason TEXT NOT NULL,
        drained_share REAL,
        reset_at REAL,
        reset_by TEXT,
        reset_reason TEXT,
        forgiven_through INTEGER
    )""",
)
_POSTGRES: Final = tuple(
    s.replace(
        "INTEGER PRIMARY KEY AUTOINCREMENT", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"
    )
    .replace("forgiven_through INTEGER", "forgiven_through BIGINT")
    .replace(" REAL", " DOUBLE PRECISION")
    for s in _SQLITE
)
SCHEMA: Final = Schema(version=SCHEMA_VERSION, sqlite=_SQLITE, postgresql=_POSTGRES)


class BreakerError(Exception):
    """A reset was refused (not a person, no reason)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BreakerState(_Strict):
    """The breaker at ``now``. ``drained_share`` is None when the fleet size is unknown."""

    tripped: bool
    reason: str
    drained_share: float | None
    nodes_out: tuple[str, ...] = ()
    actions: int = 0
    node_limit: int
    action_limit: int
    fleet_nodes: int | None = None
    tripped_at: float | None = None


class Admission(_Strict):
    """The answer to "may this execution go ahead?"; ``event_id`` settles it afterwards."""

    admitted: bool
    state: BreakerState
    event_id: int | None = None


class Trip(_Strict):
    trip_id: int
    tripped_at: float
    reason: str
    drained_share: float | None
    reset_at: float | None = None
    reset_by: str | None = None
    reset_reason: str | None = None


class BlastRadiusBreaker:
    """The latched breaker, persisted at ``where``: a SQLite file (may share the approvals
    file; ``":memory:"`` for a throwaway one) or PostgreSQL, with the policy's limits."""

    def __init__(
        self,
        where: Location,
        config: BreakerConfig,
        *,
        fsync: bool = True,
    ) -> None:
        self.config = config
        self._file = open_database(where, store="breaker", schema=SCHEMA, fsync=fsync)

    def close(self) -> None:
        self._file.close()

    def takes_out(self, tool: str) -> bool:
        return tool in self.config.takes_out_tools

    # -- reading the window ---------------------------------------------------------------------

    def _fleet(self, fleet_nodes: int | None) -> int | None:
        return fleet_nodes if fleet_nodes is not None else self.config.fleet_nodes

    def _window(self, db: Session, now: float) -> tuple[set[str], int]:
        # Forgiveness goes by event order, not time: an event logged at the very second of a
        # reset but before it is forgiven, one logged after it is not.
        (forgiven,) = db.execute(
            "SELECT coalesce(max(forgiven_through), 0) FROM breaker_trips"
        ).fetchone()
        rows = db.execute(
            "SELECT nodes, takes_out FROM breaker_events"
            " WHERE counted = 1 AND event_id > ? AND at > ? AND at <= ?",
            (forgiven, now - self.config.window_s, now),
        ).fetchall()
        nodes: set[str] = set()
        for nodes_json, takes_out in rows:
            if takes_out:
                nodes.update(json.loads(nodes_json))
        return nodes, len(rows)

    def _open_trip(self, db: Session) -> Trip | None:
        row = db.execute(
            "SELECT trip_id, tripped_at, reason, drained_share FROM breaker_trips"
            " WHERE reset_at IS NULL ORDER BY trip_id LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        return Trip(trip_id=row[0], tripped_at=row[1], reason=row[2], drained_share=row[3])

    def _state(
        self,
        nodes: set[str],
        actions: int,
        fleet: int | None,
        trip: Trip | None,
        reason: str = "",
    ) -> BreakerState:
        return BreakerState(
            tripped=trip is not None,
            reason=trip.reason if trip is not None else reason,
            drained_share=len(nodes) / fleet if fleet else None,
            nodes_out=tuple(sorted(nodes)),
            actions=actions,
            node_limit=self.config.node_limit(fleet),
            action_limit=self.config.max_actions_per_window,
            fleet_nodes=fleet,
            tripped_at=trip.tripped_at if trip is not None else None,
        )

    def _over_limit(self, nodes: set[str], actions: int, fleet: int | None) -> str | None:
        limit = self.config.node_limit(fleet)
        window = f"{self.config.window_s:g} s"
        if len(nodes) > limit:
            of_fleet = (
                f" of {fleet} ({len(nodes) / fleet:.1%}, max {self.config.max_drained_share:.1%})"
                if fleet
                else " (fleet size unknown, so only min_nodes applies)"
            )
            return (
                f"automation would have taken {len(nodes)} nodes out within {window}{of_fleet}; "
                f"limit {limit}: {', '.join(sorted(nodes))}"
            )
        if actions > self.config.max_actions_per_window:
            return (
                f"automation would have made {actions} state-changing calls within {window}; "
                f"limit {self.config.max_actions_per_window}"
            )
        return None

    def _trip(self, db: Session, now: float, reason: str, share: float | None) -> Trip:
        (trip_id,) = db.execute(
            "INSERT INTO breaker_trips (tripped_at, reason, drained_share) VALUES (?, ?, ?)"
            " RETURNING trip_id",
            (now, reason, share),
        ).fetchone()
        return Trip(trip_id=trip_id, tripped_at=now, reason=reason, drained_share=share)

    # -- the public API -------------------------------------------------------------------------

    def check(self, now: float, fleet_nodes: int | None = None) -> BreakerState:
        """The breaker's state at ``now``. Trips (and latches) if what was recorded in the window
        is already past a limit, e.g. after :meth:`record` of executions made outside the gate
        or a lowered limit."""
        fleet = self._fleet(fleet_nodes)
        with self._file.write() as db:
            nodes, actions = self._window(db, now)
            trip = self._open_trip(db)
            if trip is None and (reason := self._over_limit(nodes, actions, fleet)):
                trip = self._trip(db, now, reason, len(nodes) / fleet if fleet else None)
            return self._state(nodes, actions, fleet, trip)

    def preview(
        self, tool: str, nodes: Sequence[str], now: float, fleet_nodes: int | None = None
    ) -> BreakerState:
        """What :meth:`admit` would say, without recording or tripping anything: ``tripped`` is
        True when the breaker is tripped or this execution would trip it."""
        fleet = self._fleet(fleet_nodes)
        with self._file.read() as db:
            nodes_out, actions = self._window(db, now)
            trip = self._open_trip(db)
        if trip is not None:
            return self._state(nodes_out, actions, fleet, trip)
        after = nodes_out | set(nodes) if self.takes_out(tool) else nodes_out
        reason = self._over_limit(after, actions + 1, fleet)
        state = self._state(nodes_out, actions, fleet, None)
        if reason:
            return state.model_copy(update={"tripped": True, "reason": reason})
        return state

    def admit(
        self,
        tool: str,
        nodes: Sequence[str],
        now: float,
        fleet_nodes: int | None = None,
        *,
        initiator: str = "",
        incident_id: str | None = None,
        approval_id: str | None = None,
    ) -> Admission:
        """Admit one execution of ``tool`` on ``nodes`` (may be empty) at ``now``, or refuse it:
        refused when tripped, and refused *and tripped* when it would exceed a limit. An
        admitted execution is recorded; settle it with :meth:`settle` once its result is known."""
        fleet = self._fleet(fleet_nodes)
        with self._file.write() as db:
            nodes_out, actions = self._window(db, now)
            trip = self._open_trip(db)
            if trip is not None:
                return Admission(admitted=False, state=self._state(nodes_out, actions, fleet, trip))
            after = nodes_out | set(nodes) if self.takes_out(tool) else nodes_out
            if reason := self._over_limit(after, actions + 1, fleet):
                trip = self._trip(db, now, reason, len(after) / fleet if fleet else None)
                return Admission(admitted=False, state=self._state(nodes_out, actions, fleet, trip))
            (event_id,) = db.execute(
                "INSERT INTO breaker_events (at, tool, nodes, takes_out, initiator, incident_id,"
                " approval_id) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING event_id",
                (
                    now,
                    tool,
                    json.dumps(sorted(set(nodes))),
                    int(self.takes_out(tool)),
                    initiator,
                    incident_id,
                    approval_id,
                ),
            ).fetchone()
            return Admission(
                admitted=True,
                state=self._state(after, actions + 1, fleet, None),
                event_id=event_id,
            )

    def settle(self, event_id: int, *, counted: bool) -> None:
        """After the execution: ``counted=False`` when nothing changed on the fleet (a dry run,
        or refused before it ran). Failed real executions stay counted: they may have half
        happened."""
        with self._file.write() as db:
            db.execute(
                "UPDATE breaker_events SET counted = ? WHERE event_id = ?",
                (int(counted), event_id),
            )

    def record(
        self,
        tool: str,
        nodes: Sequence[str],
        now: float,
        *,
        initiator: str = "",
        incident_id: str | None = None,
    ) -> int:
        """Record an execution made outside the gate (a person running a drain by hand through
        the CLI) so it counts; never refused. The next :meth:`check` trips if it went past a
        limit."""
        with self._file.write() as db:
            (event_id,) = db.execute(
                "INSERT INTO breaker_events (at, tool, nodes, takes_out, initiator, incident_id)"
                " VALUES (?, ?, ?, ?, ?, ?) RETURNING event_id",
                (
                    now,
                    tool,
                    json.dumps(sorted(set(nodes))),
                    int(self.takes_out(tool)),
                    initiator,
                    incident_id,
                ),
            ).fetchone()
            return int(event_id)

    def reset(
        self, *, by: str, reason: str, now: float, fleet_nodes: int | None = None
    ) -> BreakerState:
        """A person resets a tripped breaker, giving a reason. Raises :class:`BreakerError` for
        ``agent``/``policy``/empty names or an empty reason. Resetting an untripped breaker
        changes nothing. Whether ``by`` holds a role that may reset is the policy's question
        (:meth:`graph.approvals.gate.ApprovalGate.reset_breaker` asks it)."""
        if problem := person_problem(by):
            raise BreakerError(f"breaker reset refused: {problem}")
        if not reason.strip():
            raise BreakerError("breaker reset refused: give the reason it is safe to go on")
        fleet = self._fleet(fleet_nodes)
        with self._file.write() as db:
            trip = self._open_trip(db)
            if trip is not None:
                db.execute(
                    "UPDATE breaker_trips SET reset_at = ?, reset_by = ?, reset_reason = ?,"
                    " forgiven_through = (SELECT coalesce(max(event_id), 0) FROM breaker_events)"
                    " WHERE reset_at IS NULL",
                    (now, by, reason),
                )
            nodes, actions = self._window(db, now)
            return self._state(nodes, actions, fleet, None)

    def trips(self) -> list[Trip]:
        """Every trip, oldest first, with who reset it and why."""
        with self._file.read() as db:
            rows = db.execute(
                "SELECT trip_id, tripped_at, reason, drained_share, reset_at, reset_by,"
                " reset_reason FROM breaker_trips ORDER BY trip_id"
            ).fetchall()
        return [
            Trip(
                trip_id=r[0],
                tripped_at=r[1],
                reason=r[2],
                drained_share=r[3],
                reset_at=r[4],
                reset_by=r[5],
                reset_reason=r[6],
            )
            for r in rows
        ]
