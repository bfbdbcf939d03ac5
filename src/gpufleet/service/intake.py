"""The Alertmanager webhook edge: ``POST /api/v1/alerts/alertmanager`` on the service's FastAPI.

One request: read the body (capped), validate it (:func:`~agents.noc.alert_intake.
parse_payload`; 400 naming the problem), **journal it durably** (:mod:`service.journal`),
answer 200 — then a worker runs the pure :class:`~agents.noc.alert_intake.AlertIntake` and
publishes its events on the bus, and marks the journal row done. Acknowledging before
publishing keeps Alertmanager's webhook fast and independent of bus backpressure; journalling
before acknowledging means an acknowledged alert is never lost (restart: pending rows are
processed first).

Authentication: Alertmanager may send ``Authorization: Bearer <token>`` (its
``http_config.authorization``). A token of the service's token table makes the incidents it
opens trusted (``alertmanager:authenticated``); a wrong token is refused with 401; no token is
accepted, and those incidents' plans show state-changing steps without running them.

Fairness (:mod:`service.intake_queue`): accepted notifications are handled by priority —
trusted before untrusted, critical first within each — a slice of alerts at a time, round robin
between the senders of a priority (token identity, else source address), so a trusted critical
alert is never held behind an unauthenticated bulk POST. Each sender has a quota of alerts
queued; over it, or over the quota of all unauthenticated senders together, the request is
refused **before** it is journalled with 429 and ``Retry-After`` (counted in
``gpufleet_intake_throttled_total``): nothing acknowledged is ever dropped, and what is queued
is bounded. The alerts of one notification become a few incidents
(:mod:`agents.noc.alert_groups`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from gpufleet.agents.noc.alert_intake import (
    MAX_BODY_BYTES,
    AlertIntake,
    AlertmanagerPayload,
    PayloadError,
    alert_severity,
    parse_payload,
)
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, Severity
from gpufleet.bus.protocol import Bus
from gpufleet.service.auth import TokenTable, bearer
from gpufleet.service.intake_queue import FairQueue, Lane, Quotas, Work
from gpufleet.service.journal import GroupCommitter, IntakeJournal, JournalError
from gpufleet.service.limits import BodyTooLargeError, read_capped
from gpufleet.service.metrics import ServiceMetrics

logger = logging.getLogger(__name__)

WEBHOOK_PATH = "/api/v1/alerts/alertmanager"
REBUILD_FROM_LAST = 5_000  # processed payloads replayed at start to restore the intake's memory

_OPENAPI_BODY: dict[str, Any] = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {
                "schema": {
                    "type": "object",
                    "description": "Alertmanager webhook payload, version 4",
                    "required": ["version", "groupKey", "status", "receiver", "alerts"],
                    "properties": {
                        "version": {"type": "string", "enum": ["4"]},
                        "groupKey": {"type": "string"},
                        "status": {"type": "string", "enum": ["firing", "resolved"]},
                        "receiver": {"type": "string"},
                        "alerts": {"type": "array", "items": {"type": "object"}},
                    },
                }
            }
        },
    }
}


@dataclass
class IntakeStats:
    received: int = 0  # payloads accepted (200)
    rejected: int = 0  # requests refused (400, 401, 413, 429, 503)
    throttled: int = 0  # of those, refused for a quota (429)
    published: int = 0  # bus events published from accepted payloads
    failed: int = 0  # payloads whose processing raised (logged; the worker keeps going)
    recovered: int = 0  # journalled payloads processed again at start


_RATE_PRIOR = 1000.0  # alerts/s assumed for Retry-After until the worker has measured its own


def _hold_back(work: Work, events: list[Event], part: tuple[int, int]) -> list[Event]:
    """What to publish after a slice: evidence merely attached to an incident waits for the
    notification's last slice (only the newest per incident is kept), so a 10,000-alert
    notification publishes its few incidents' updates once, not once per slice. Openings,
    escalations and phase changes go out at once. A crash before the last slice loses nothing:
    the journal row is not done, so the whole notification is processed again."""
    last = part[1] >= work.size
    out: list[Event] = []
    for event in events:
        if isinstance(event, IncidentUpdated) and event.change == "attached":
            work.held[event.incident.incident_id] = event
        else:
            if isinstance(event, IncidentOpened | IncidentUpdated):
                work.held.pop(event.incident.incident_id, None)  # this one is newer
            out.append(event)
    if last:
        out += work.held.values()
        work.held.clear()
    return out


def _critical(payload: AlertmanagerPayload) -> bool:
    return any(
        a.status == "firing" and alert_severity(a.labels) >= Severity.CRITICAL
        for a in payload.alerts
    )


class AlertmanagerEdge:
    """The webhook route, its journal and its worker. Mount :attr:`router`; run
    :meth:`lifecycle` while serving (the bus must be started first)."""

    def __init__(
        self,
        intake: AlertIntake,
        bus: Bus,
        journal: IntakeJournal,
        *,
        tokens: TokenTable | None = None,
        metrics: ServiceMetrics | None = None,
        clock: Callable[[], float] = time.time,
        max_body_bytes: int = MAX_BODY_BYTES,
        max_queue: int = 4096,
        quotas: Quotas | None = None,
        monotonic: Callable[[], float] = time.monotonic,
    ) -> None:
        self.intake, self.bus, self.journal = intake, bus, journal
        self.tokens = tokens or TokenTable()
        self.metrics = metrics
        self.clock = clock
        self.monotonic = monotonic  # the worker's rate, for Retry-After
        self.max_body_bytes = max_body_bytes
        quotas = quotas or Quotas()
        self.queue = FairQueue(replace(quotas, payloads=min(quotas.payloads, max_queue)))
        self.stats = IntakeStats()
        self._committer = GroupCommitter(journal)
        self._wake = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()
        self._rate = _RATE_PRIOR
        self._worker: asyncio.Task[None] | None = None
        self.router = APIRouter(tags=["alerts"])
        self.router.add_api_route(
            WEBHOOK_PATH,
            self.webhook,
            methods=["POST"],
            summary="Alertmanager webhook (version 4 payload)",
            openapi_extra=_OPENAPI_BODY,
            response_model=None,
        )

    @property
    def running(self) -> bool:
        return self._worker is not None and not self._worker.done()

    # ------------------------------------------------------------------ lifecycle
    @asynccontextmanager
    async def lifecycle(self) -> AsyncIterator[None]:
        """Start the journal writer, process what an earlier run accepted but did not finish,
        start the worker; on exit publish what was accepted (bounded) and stop."""
        await self._committer.start()
        await self._recover()
        self._worker = asyncio.create_task(self._work(), name="alertmanager-intake")
        try:
            yield
        finally:
            try:
                async with asyncio.timeout(5.0):
                    await self.join()
            except TimeoutError:
                logger.warning(
                    "alert intake: stopping with %d payloads queued; they stay "
                    "journalled for the next start",
                    len(self.queue),
                )
            self._worker.cancel()
            await asyncio.gather(self._worker, return_exceptions=True)
            self._worker = None
            await self._committer.stop()

    async def join(self) -> None:
        """Wait until every accepted payload has been processed and published."""
        await self._idle.wait()

    async def _recover(self) -> None:
        if not self.intake.memory.durable:
            for entry in await asyncio.to_thread(self.journal.recent_done, REBUILD_FROM_LAST):
                # the intake's memory (dedup, external incidents), not re-published
                with contextlib.suppress(PayloadError):
                    self.intake.handle(entry.body, authenticated=entry.authenticated)
        for entry in await asyncio.to_thread(self.journal.pending):
            try:
                payload = parse_payload(entry.body)
            except PayloadError as e:  # journalled only after validating: a changed parser
                logger.error(
                    "alert intake: journal entry %d no longer parses: %s", entry.entry_id, e
                )
                self._committer.mark_done(entry.entry_id)
                continue
            # redelivered: a durable memory may hold its alerts as handled already (this
            # process stopped between the memory's commit and the publish): their events then
            # come from the memory and are published now (a copy that did get out is dropped
            # by the bus and the idempotent handlers)
            critical = _critical(payload)
            lane = Lane.of(entry.authenticated, critical)
            work = Work(entry.entry_id, payload, entry.authenticated, "journal", lane)
            while (handled := await self._step(work, redelivered=True)) is not None:
                work.handled = handled
                if handled >= work.size:
                    self._committer.mark_done(work.entry_id)
                    break
            self.stats.recovered += 1
        if self.stats.recovered:
            logger.info("alert intake: processed %d journalled payloads", self.stats.recovered)

    async def _work(self) -> None:
        while True:
            work = self.queue.next()
            if work is None:
                self._publish_queue_gauges()
                self._idle.set()
                self._wake.clear()
                await self._wake.wait()
                continue
            started, before = self.monotonic(), work.handled
            handled = await self._step(work)
            if handled is not None:
                finished = self.queue.advance(work, handled)
                self._measure(handled - before, self.monotonic() - started)
                if finished:
                    self._committer.mark_done(work.entry_id)
            else:
                self.queue.drop(work)
            self._publish_queue_gauges()
            await asyncio.sleep(0)  # requests in between: a new trusted alert goes first

    async def _step(self, work: Work, *, redelivered: bool = False) -> int | None:
        """Handle and publish ``work``'s next slice; the alerts of it handled now, or None
        when it failed (the entry stays pending: processed again at the next start)."""
        part = work.next_part()
        try:
            if work.grouping is None:  # planned once, over the whole notification
                work.grouping = self.intake.plan(work.payload)
            events = _hold_back(work, await self._handle(work, part, redelivered), part)
            for event in events:
                await self.bus.publish(event)
                self.stats.published += 1
        except asyncio.CancelledError:
            raise
        except Exception:
            self.stats.failed += 1
            logger.exception("alert intake: processing journal entry %d failed", work.entry_id)
            return None
        return part[1]

    async def _handle(self, work: Work, part: tuple[int, int], redelivered: bool) -> list[Event]:
        options: dict[str, Any] = {
            "authenticated": work.authenticated,
            "redelivered": redelivered,
            "grouping": work.grouping,
            "part": part,
        }
        if not self.intake.memory.durable:
            return self.intake.handle(work.payload, **options)
        # a SQL memory: its transaction may wait on another replica's, so it runs off the
        # event loop; the NOC's incidents are read here, on the loop, where the NOC changes them
        noc = self.intake.open_incidents()
        return await asyncio.to_thread(self.intake.handle, work.payload, noc=noc, **options)

    def _measure(self, alerts: int, seconds: float) -> None:
        if alerts > 0 and seconds > 0:  # a moving average of the worker's alerts per second
            self._rate = 0.8 * self._rate + 0.2 * (alerts / seconds)

    def _publish_queue_gauges(self) -> None:
        if self.metrics is not None:
            for lane in Lane:
                self.metrics.intake_queued.labels(lane.name.lower()).set(
                    self.queue.queued_by_lane[lane]
                )

    # ------------------------------------------------------------------ HTTP
    async def webhook(self, request: Request) -> JSONResponse:
        """Validate, journal, acknowledge (see the module docstring)."""
        started = time.perf_counter()
        header = request.headers.get("authorization")
        authenticated = header is not None
        identity = self.tokens.identity(bearer(header)) if authenticated else None
        if authenticated and identity is None:
            return self._refuse(401, "unauthorized", "wrong bearer token", bearer_challenge=True)
        client = request.client.host if request.client is not None else "unknown"
        sender = f"token:{identity}" if identity is not None else f"addr:{client}"
        try:
            body = await read_capped(request, self.max_body_bytes)
            payload = parse_payload(body)
        except BodyTooLargeError as e:
            return self._refuse(413, "too_large", str(e))
        except PayloadError as e:
            return self._refuse(400, "invalid", str(e))
        lane = Lane.of(authenticated, _critical(payload))
        over = self.queue.reserve(sender, authenticated, len(payload.alerts))
        if over is not None:
            return self._throttle(over, lane, authenticated)
        try:
            entry_id = await self._committer.write(self.clock(), authenticated, body)
        except JournalError as e:
            self.queue.release(sender, authenticated, len(payload.alerts))
            logger.error("alert intake: %s", e)
            return self._refuse(
                503, "journal", "could not store the payload, retry", retry_after=True
            )
        self.queue.put(Work(entry_id, payload, authenticated, sender, lane))
        self._idle.clear()
        self._wake.set()
        self._publish_queue_gauges()
        self.stats.received += 1
        return self._accepted(payload, started)

    def _throttle(self, over: str, lane: Lane, trusted: bool) -> JSONResponse:
        """429: over a quota, refused before the journal (nothing acknowledged, nothing lost);
        ``Retry-After`` from the alerts queued ahead at the worker's measured rate."""
        self.stats.throttled += 1
        if self.metrics is not None:
            self.metrics.intake_throttled.labels("trusted" if trusted else "untrusted").inc()
        wait_s = min(60, max(1, math.ceil(self.queue.ahead_of(lane) / max(self._rate, 1.0))))
        return self._refuse(
            429, "quota", f"too many alerts queued: {over}; retry later", retry_after=wait_s
        )

    def _accepted(self, payload: AlertmanagerPayload, started: float) -> JSONResponse:
        answer: dict[str, Any] = {"status": "accepted", "alerts": len(payload.alerts)}
        if payload.rejected_alerts:
            # The good alerts are kept; the bad ones would fail the same way on a retry.
            answer["rejected"] = [
                {"index": r.index, "error": r.error} for r in payload.rejected_alerts[:100]
            ]
        if self.metrics is not None:
            self.metrics.alerts_received.inc(len(payload.alerts))
            self.metrics.alerts_acked.inc()
            if payload.rejected_alerts:
                self.metrics.alerts_rejected.labels("invalid_alert").inc(
                    len(payload.rejected_alerts)
                )
            self.metrics.ack_latency.observe(time.perf_counter() - started)
        return JSONResponse(answer)

    def _refuse(
        self,
        status: int,
        reason: str,
        message: str,
        *,
        retry_after: bool | int = False,
        bearer_challenge: bool = False,
    ) -> JSONResponse:
        self.stats.rejected += 1
        if self.metrics is not None:
            self.metrics.alerts_rejected.labels(reason).inc()
        headers = {"Retry-After": str(int(retry_after))} if retry_after else {}
        if bearer_challenge:
            headers["WWW-Authenticate"] = "Bearer"
        return JSONResponse({"error": message}, status_code=status, headers=headers)
