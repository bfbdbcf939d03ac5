"""Slow and many clients: timeouts, and a connection limit under the descriptor limit.

ASGI only sees complete requests, so this guard sits one level down, in uvicorn's HTTP
protocol (subclassed, :func:`guarded_protocol`): it sees every connection from ``accept`` on.

* **header timeout**: a connection that has not sent a whole request head within
  ``header_timeout_s`` of opening (or of its last response) is closed — an idle half-open
  connection, or one trickling a header a byte at a time, no longer holds a descriptor for ever;
* **read timeout**: a request whose body stops arriving for ``read_timeout_s`` is closed (the
  handler sees the client gone);
* **keep-alive**: uvicorn's own ``timeout_keep_alive`` closes idle connections between requests;
* **connection limit**: at most ``limit`` connections, below the process's descriptor limit
  (less a reserve for the files, databases and sockets the service itself needs and for the
  accept backlog). At the limit a new connection takes the place of the **oldest one still
  waiting for its request head** (a slow client loses its place, a working one never does), so
  ``/healthz`` and real clients are served during a flood; when none is waiting, the new one is
  refused. The process never reaches ``EMFILE``, so the accept loop never spins on "Too many
  open files".

The sweeper runs once a second over the tracked connections, on the event loop's monotonic
clock. Counts are in :class:`GuardStats` (``/metrics`` reads them).
"""

from __future__ import annotations

import asyncio
import logging
import resource
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field
from uvicorn.protocols.http.auto import AutoHTTPProtocol

logger = logging.getLogger(__name__)

SWEEP_S = 1.0


class ConnectionLimits(BaseModel):
    """Timeouts and the connection limit of the HTTP server (``listen:`` in the serve config)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    header_timeout_s: float = Field(default=10.0, gt=0, le=3600)
    read_timeout_s: float = Field(default=30.0, gt=0, le=3600)
    keep_alive_s: int = Field(default=5, ge=1, le=3600)
    # None: the descriptor limit less fd_reserve; a number: at most that (and still under it)
    max_connections: int | None = Field(default=None, ge=1)
    backlog: int = Field(default=1024, ge=16, le=65535)
    fd_reserve: int = Field(default=256, ge=16)  # descriptors kept for the service itself


def connection_limit(limits: ConnectionLimits, nofile: int | None = None) -> int:
    """The connection limit for a process allowed ``nofile`` descriptors (its soft limit):
    below it by the reserve plus three backlogs. asyncio accepts up to a backlog of
    connections per loop turn, and the guard sees one only two turns later (accept, then a
    task that builds the transport, then ``connection_made``); the ones it closes to make room
    give their descriptors back a turn after that. So when the accept runs, one backlog is
    being accepted, one is built but unseen and one is evicted but not yet closed."""
    if nofile is None:
        nofile = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    room = max(1, nofile - limits.fd_reserve - 3 * limits.backlog)
    return min(room, limits.max_connections) if limits.max_connections is not None else room


@dataclass
class GuardStats:
    open: int = 0
    closed_header_timeout: int = 0
    closed_read_timeout: int = 0
    evicted: int = 0  # slow connections closed to make room for a new one at the limit
    refused: int = 0  # new connections closed at the limit (nothing to evict)


@dataclass
class _Track:
    transport: Any
    phase: str = "head"  # head (waiting for a request head) | body | app
    since: float = 0.0  # when the phase began (or data last came, while reading a body)
    cycle: object = None
    closing: bool = False


class ConnectionGuard:
    """The connections of one server (see the module docstring)."""

    def __init__(self, limits: ConnectionLimits, limit: int) -> None:
        self.limits, self.limit = limits, limit
        self.stats = GuardStats()
        self._conns: dict[asyncio.Protocol, _Track] = {}  # in accept order: oldest first
        self._closing = 0
        self._task: asyncio.Task[None] | None = None

    # -- from the protocol -------------------------------------------------------------------
    def opened(self, proto: asyncio.Protocol, transport: Any) -> None:
        now = asyncio.get_running_loop().time()
        if len(self._conns) - self._closing >= self.limit and not self._evict_one():
            self.stats.refused += 1
            logger.warning("HTTP connection limit %d reached: new connection refused", self.limit)
            transport.abort()
            return
        self._conns[proto] = _Track(transport, since=now)
        self.stats.open = len(self._conns)

    def closed(self, proto: asyncio.Protocol) -> None:
        track = self._conns.pop(proto, None)
        if track is not None and track.closing:
            self._closing -= 1
        self.stats.open = len(self._conns)

    def received(self, proto: asyncio.Protocol) -> None:
        track = self._conns.get(proto)
        if track is not None and track.phase == "body":
            track.since = asyncio.get_running_loop().time()

    # -- the sweeper -------------------------------------------------------------------------
    def start(self) -> None:
        self._task = asyncio.create_task(self._sweep_forever(), name="http-connection-guard")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def _sweep_forever(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(SWEEP_S)
            self.sweep(loop.time())

    def sweep(self, now: float) -> None:
        """Close the connections past their header or read timeout."""
        for proto, track in list(self._conns.items()):
            if track.closing:
                continue
            phase, cycle = _phase(proto)
            if phase != track.phase or cycle is not track.cycle:
                track.phase, track.cycle, track.since = phase, cycle, now
                continue
            if phase == "head" and now - track.since > self.limits.header_timeout_s:
                self.stats.closed_header_timeout += 1
                self._close(track)
            elif phase == "body" and now - track.since > self.limits.read_timeout_s:
                self.stats.closed_read_timeout += 1
                self._close(track)

    def _evict_one(self) -> bool:
        for proto, track in self._conns.items():
            if not track.closing and _phase(proto)[0] == "head":
                self.stats.evicted += 1
                self._close(track)
                return True
        return False

    def _close(self, track: _Track) -> None:
        track.closing = True
        self._closing += 1
        track.transport.close()


def _phase(proto: asyncio.Protocol) -> tuple[str, object]:
    """What a connection is doing: waiting for a request head, reading a body, or in the app."""
    cycle = getattr(proto, "cycle", None)
    if cycle is None or getattr(cycle, "response_complete", True):
        return "head", cycle
    return ("body" if getattr(cycle, "more_body", False) else "app"), cycle


class _Guarded(asyncio.Protocol):
    """Mixed in before uvicorn's HTTP protocol: tells the guard what the connection does."""

    guard: ClassVar[ConnectionGuard]

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)
        self.guard.opened(self, transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.guard.closed(self)
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.guard.received(self)
        super().data_received(data)


def guarded_protocol(guard: ConnectionGuard) -> type[asyncio.Protocol]:
    """uvicorn's HTTP protocol class (httptools when installed, else h11) under ``guard``."""
    return type("GuardedHttpProtocol", (_Guarded, AutoHTTPProtocol), {"guard": guard})
