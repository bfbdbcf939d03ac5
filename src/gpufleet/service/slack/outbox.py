"""The outbox drainer: what is queued in :class:`~service.slack.state.SlackState` reaches Slack,
in order per incident, however long Slack is away.

Posting never happens on the bus handler's path: the handler queues (one SQLite transaction) and
returns, so a slow, failing or unreachable Slack never holds up detection or diagnosis. One
background task sends the queue:

* a ``card`` item posts the incident's message (``chat.postMessage``) the first time and records
  its ``ts``; after that it updates it (``chat.update``);
* a ``reply`` item goes into the message's thread (``thread_ts``); if the message could never be
  posted it goes to the channel instead of being lost;
* Slack unreachable, a 5xx, or a rate limit (429, honouring ``Retry-After``): the whole drainer
  waits (exponential backoff from ``retry_initial_s`` to ``retry_max_s``) and tries the same
  item again — nothing is dropped and nothing overtakes it;
* Slack refusing an item (``ok: false``, e.g. ``channel_not_found``, ``invalid_blocks``): that
  item backs off on its own and, after ``max_refusals``, is set aside as dead (logged with
  Slack's error), so one bad message never blocks other incidents.

A process killed after Slack accepted a post but before its ``ts`` was stored posts that card
again on restart (at least once; the duplicate is visible, nothing is lost).

Several replicas sharing the state (PostgreSQL) share one outbox: a drainer sends only while it
holds the sender lease (:meth:`~service.slack.state.SlackState.lead`, renewed before each send),
so each item is posted by one replica, in order. The others look every ``poll_s`` and take over
once the holder's lease has lapsed (it died: at most ``lease_s`` without sending; an item it was
sending when it died may be posted again, as after a restart).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import time
import uuid
from collections.abc import Callable
from typing import Any

import aiohttp
from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from gpufleet.graph.state.errors import StoreError
from gpufleet.service.slack.state import OutboxItem, SlackState

logger = logging.getLogger(__name__)


def backoff_s(failures: int, initial: float, cap: float) -> float:
    """Seconds to wait after ``failures`` consecutive failures (1 → ``initial``)."""
    return float(min(cap, initial * 2 ** max(0, min(failures - 1, 30))))


class SendError(Exception):
    """Why one send did not reach Slack. ``transient``: Slack (or the way to it) is unwell and
    the same item must go again; otherwise Slack looked at the item and refused it."""

    def __init__(self, error: str, transient: bool, retry_after_s: float | None = None) -> None:
        super().__init__(error)
        self.error = error
        self.transient = transient
        self.retry_after_s = retry_after_s


def classify(exc: BaseException) -> SendError:
    if isinstance(exc, SlackApiError):
        status = exc.response.status_code
        data = exc.response.data if isinstance(exc.response.data, dict) else {}
        error = str(data.get("error") or f"HTTP {status}")
        if status == 429 or error == "ratelimited":
            return SendError(error, True, _retry_after(exc.response.headers))
        return SendError(error, transient=status >= 500 or (status != 200 and not data))
    return SendError(f"{type(exc).__name__}: {exc}", transient=True)


def _retry_after(headers: Any) -> float | None:
    value = None
    with contextlib.suppress(AttributeError, TypeError):
        value = headers.get("Retry-After") or headers.get("retry-after")
    if isinstance(value, list):
        value = value[0] if value else None
    try:
        return max(0.0, float(value)) if value is not None else None
    except ValueError:
        return None


class OutboxDrainer:
    """Sends ``state``'s outbox to ``channel`` through ``client`` (see the module docstring).
    ``clock`` is the edge's wall clock (item due times survive restarts)."""

    def __init__(
        self,
        state: SlackState,
        client: AsyncWebClient,
        channel: str,
        *,
        retry_initial_s: float = 1.0,
        retry_max_s: float = 300.0,
        max_refusals: int = 8,
        clock: Callable[[], float] = time.time,
        lease_s: float = 15.0,
        poll_s: float = 1.0,
    ) -> None:
        self.state = state
        self.client = client
        self.channel = channel
        self.retry_initial_s = retry_initial_s
        self.retry_max_s = retry_max_s
        self.max_refusals = max_refusals
        self.clock = clock
        self.lease_s, self.poll_s = lease_s, poll_s
        # this process, for the sender lease (unique: a restarted process waits its turn)
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.failures = 0  # consecutive transient failures (Slack unwell)
        self.sent_count = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        """Something was queued: look now instead of at the next due time."""
        self._wake.set()

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run(), name="slack-outbox")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            with contextlib.suppress(StoreError):  # unreachable: the lease lapses by itself
                self.state.resign(self.holder)  # another replica sends from now on

    async def run(self) -> None:
        while True:
            if not self.state.lead(self.holder, self.clock(), self.lease_s):
                await self._sleep(self.poll_s)  # another replica sends
                continue
            item = self.state.due(self.clock())
            if item is None:
                await self._sleep(self._idle_wait())
                continue
            try:
                await self.send(item)
            except SendError as f:
                await self._failed(item, f)
            else:
                self.failures = 0
                self.sent_count += 1

    def _idle_wait(self) -> float:
        # at most poll_s: another replica may have queued something (its wake is not ours)
        due = self.state.next_due_at()
        return self.poll_s if due is None else min(self.poll_s, max(0.0, due - self.clock()))

    async def _sleep(self, seconds: float | None) -> None:
        self._wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._wake.wait(), seconds)

    async def _failed(self, item: OutboxItem, f: SendError) -> None:
        if f.transient:
            self.failures += 1
            wait = backoff_s(self.failures, self.retry_initial_s, self.retry_max_s)
            if f.retry_after_s is not None:
                wait = max(f.retry_after_s, self.retry_initial_s)
            logger.warning(
                "slack unreachable (%s); the incident waits, retrying in %.1f s",
                f.error,
                wait,
                extra={"incident_id": item.incident_id},
            )
            await asyncio.sleep(wait)  # everything waits: order is kept
            return
        dead = item.refusals + 1 >= self.max_refusals
        wait = backoff_s(item.refusals + 1, self.retry_initial_s, self.retry_max_s)
        self.state.refused(item, f.error, self.clock() + wait, dead=dead)
        log = logger.error if dead else logger.warning
        log(
            "slack refused the %s for incident %s: %s%s",
            item.kind,
            item.incident_id,
            f.error,
            " (given up)" if dead else "",
            extra={"incident_id": item.incident_id},
        )

    async def send(self, item: OutboxItem) -> None:
        """One item to Slack; raises :class:`SendError`."""
        message = self.state.message(item.incident_id)
        try:
            if item.kind == "card" and message is None:
                resp = await self.client.chat_postMessage(channel=self.channel, **item.payload)
                self.state.sent(item, (str(resp["channel"]), str(resp["ts"])))
                return
            if item.kind == "card":
                assert message is not None
                await self.client.chat_update(channel=message[0], ts=message[1], **item.payload)
            elif message is None:
                await self.client.chat_postMessage(channel=self.channel, **item.payload)
            else:
                await self.client.chat_postMessage(
                    channel=message[0], thread_ts=message[1], **item.payload
                )
        except (SlackApiError, aiohttp.ClientError, TimeoutError, OSError) as e:
            raise classify(e) from e
        self.state.sent(item)
