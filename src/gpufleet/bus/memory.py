"""The in-process asyncio bus, optionally backed by the durable :class:`~bus.log.EventLog`.

Delivery semantics, precisely:

* **Sequence.** ``publish`` first appends the event to the log (when there is one) and returns its
  log ``seq``; without a log it returns a per-bus counter 1, 2, 3, ... Re-publishing an
  ``event_id`` the log already holds returns the original ``seq`` and delivers the event again.
* **Routing and order.** Each subscription has its own bounded queue and one worker task. The event
  goes to every subscription on its topic and on ``"*"``; a worker handles one event at a time, so
  each subscriber sees events in the order they were published, even with several concurrent
  publishers (that is ``seq`` order, except that a re-published id keeps its first ``seq``).
* **Backpressure.** ``publish`` waits while a matching queue is full; it never drops. A publisher is
  therefore as fast as the slowest matching subscriber once that subscriber's queue is full.
* **Failures.** A handler that raises (any ``Exception``, or a ``CancelledError`` it raised itself)
  is called again, up to ``max_attempts`` calls in all, ``retry_backoff_s`` apart. After the last
  failure the event is dead-lettered (in :attr:`InProcessBus.dead_letters` and in the log) and the
  worker moves on. Neither the publisher nor any other subscription is affected.
* **Offsets and restarts (log only).** After an event is handled or dead-lettered, the subscriber's
  offset in the log is acked up to its ``seq``. When a subscription starts delivering (at
  ``start()``, or at ``subscribe()`` on a started bus) it first re-delivers from the log every
  event of its topic after its name's acked offset, up to the log's end at that moment, and then
  its live queue. An event whose handler was interrupted by a crash or ``close()`` is therefore
  delivered again: at least once, never lost. A name the log does not know starts from the
  beginning of the log.
* **Without a log** nothing survives ``close()``: events still queued are dropped.

Handlers must be idempotent on ``event_id`` (wrap them with :func:`bus.idempotent.idempotent`).
A handler that publishes to a topic it consumes itself can deadlock once its own queue is full;
give such a subscription a queue large enough for the fan-out, or publish from a separate task.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from types import TracebackType

from gpufleet.bus.events import Event, event_topic
from gpufleet.bus.log import CorruptEventError, EventLog, EventLogError
from gpufleet.bus.protocol import (
    ALL_TOPICS,
    DEFAULT_MAX_QUEUE,
    BusClosedError,
    DeadLetter,
    Handler,
    Subscription,
    check_topic,
)

logger = logging.getLogger(__name__)


@dataclass(eq=False)
class _Worker:
    """Runtime state of one subscription."""

    spec: Subscription
    handler: Handler
    queue: asyncio.Queue[tuple[int, Event]]
    # Publishers take this lock to enqueue, so that two publishers blocked on the same full queue
    # enqueue in seq order (asyncio.Queue alone lets a newcomer overtake a woken putter).
    put_lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # The logged range (catchup_from, catchup_to] owed to this subscriber before its live events.
    catchup_from: int = 0
    catchup_to: int = 0
    caught_up: asyncio.Event = field(default_factory=asyncio.Event)
    unfinished: int = 0  # events enqueued and not yet handled or dead-lettered
    task: asyncio.Task[None] | None = None


class InProcessBus:
    """A :class:`~bus.protocol.Bus` inside one asyncio event loop; durable when given a log.

    ``max_attempts`` is the number of handler calls per event before it is dead-lettered (>= 1);
    ``retry_backoff_s`` is the pause between those calls (event-loop sleep, default none). The bus
    does not own ``log``: close the log yourself after closing the bus.
    """

    def __init__(
        self,
        log: EventLog | None = None,
        *,
        max_attempts: int = 3,
        retry_backoff_s: float = 0.0,
    ) -> None:
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be >= 1, got {max_attempts}")
        if retry_backoff_s < 0:
            raise ValueError(f"retry_backoff_s must be >= 0, got {retry_backoff_s}")
        self.log = log
        self.max_attempts = max_attempts
        self.retry_backoff_s = retry_backoff_s
        self._workers: dict[str, _Worker] = {}
        self._dead_letters: list[DeadLetter] = []
        self._counter = 0
        self._started = False
        self._closed = False

    # -- Bus protocol ---------------------------------------------------------------------------

    async def publish(self, event: Event) -> int:
        """Log ``event`` (if there is a log), enqueue it for every matching subscription and
        return its sequence number.

        Waits while a matching subscription's queue is full. Raises ``RuntimeError`` before
        :meth:`start` and :class:`~bus.protocol.BusClosedError` after :meth:`close`; if the bus
        closes while this call waits, the event stays in the log for the next run.
        """
        if self._closed:
            raise BusClosedError("publish on a closed bus")
        if not self._started:
            raise RuntimeError("publish before start(): call `await bus.start()` first")
        topic = event_topic(event)
        if self.log is not None:
            seq = self.log.append(event)
        else:
            self._counter += 1
            seq = self._counter
        # Snapshot the targets in the same step as the append: a subscription added later gets
        # this event from the log (its catch-up range includes seq), or, without a log, not at all.
        targets = [w for w in self._workers.values() if w.spec.topic in (topic, ALL_TOPICS)]
        for worker in targets:
            async with worker.put_lock:
                if self._closed:
                    raise BusClosedError(f"bus closed while publishing seq={seq}")
                await worker.queue.put((seq, event))
                worker.unfinished += 1
        return seq

    def subscribe(
        self, topic: str, name: str, handler: Handler, *, max_queue: int = DEFAULT_MAX_QUEUE
    ) -> Subscription:
        """Register ``handler`` for ``topic`` (``"*"``: every topic) under the durable ``name``.

        With a log, the subscription first receives the logged events of its topic after the
        name's acked offset. Raises ``ValueError`` for an unknown topic, a name already subscribed
        on this bus or ``max_queue < 1``; :class:`~bus.log.EventLogError` if the name's offset lies
        beyond the end of the log (offsets from some other log).
        """
        if self._closed:
            raise BusClosedError("subscribe on a closed bus")
        check_topic(topic)
        if not name:
            raise ValueError("a subscription needs a non-empty name")
        if name in self._workers:
            raise ValueError(f"a subscription named {name!r} already exists on this bus")
        if max_queue < 1:
            # asyncio.Queue(0) would be unbounded: no backpressure at all.
            raise ValueError(f"max_queue must be >= 1, got {max_queue}")
        spec = Subscription(name=name, topic=topic, max_queue=max_queue)
        worker = _Worker(spec=spec, handler=handler, queue=asyncio.Queue(maxsize=max_queue))
        self._plan_catch_up(worker)  # validates the offset now; start() plans again
        self._workers[name] = worker
        if self._started:
            self._launch(worker)
        return spec

    async def start(self) -> None:
        """Start one worker per subscription; each first catches up from the log. Idempotent."""
        if self._closed:
            raise BusClosedError("start on a closed bus")
        self._started = True
        for worker in self._workers.values():
            if worker.task is None:
                self._plan_catch_up(worker)
                self._launch(worker)

    async def drain(self) -> None:
        """Wait until every event published or owed from the log so far is handled or
        dead-lettered, including events that handlers publish meanwhile.

        Returns at once on a bus that is not started or already closed. Waits forever if a handler
        never returns; bound it with ``asyncio.timeout`` where that matters.
        """
        if not self._started or self._closed:
            return
        while True:
            waited = False
            for worker in list(self._workers.values()):
                if not worker.caught_up.is_set():
                    await worker.caught_up.wait()
                    waited = True
                if worker.unfinished:
                    await worker.queue.join()
                    waited = True
            if not waited:  # one full pass without waiting: nothing is left anywhere
                return

    async def close(self) -> None:
        """Stop every worker, interrupting handlers in progress, and refuse further use.

        Events not yet handled are not acked, so with a log they are re-delivered to the same
        subscriber names on the next run; without a log they are lost. Call :meth:`drain` first
        for a clean shutdown. Closing twice is fine.
        """
        if self._closed:
            return
        self._closed = True
        tasks = [w.task for w in self._workers.values() if w.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for worker in self._workers.values():
            # Empty the queues so a publisher blocked on a full one wakes up; the lock check in
            # publish then stops the others.
            while not worker.queue.empty():
                worker.queue.get_nowait()
                worker.queue.task_done()
            worker.caught_up.set()

    # -- extras ---------------------------------------------------------------------------------

    @property
    def dead_letters(self) -> list[DeadLetter]:
        """Events dead-lettered by this bus instance, oldest first (the log keeps all runs')."""
        return list(self._dead_letters)

    @property
    def subscriptions(self) -> list[Subscription]:
        """The registered subscriptions, in registration order."""
        return [w.spec for w in self._workers.values()]

    async def __aenter__(self) -> InProcessBus:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- workers --------------------------------------------------------------------------------

    def _plan_catch_up(self, worker: _Worker) -> None:
        # Runs synchronously right before the worker can receive live events, so that every
        # logged seq is either <= catchup_to (replayed) or published later (queued): no gap, no
        # overlap. Must not await.
        if self.log is None:
            return
        worker.catchup_from = self.log.offset(worker.spec.name)
        worker.catchup_to = self.log.last_seq()
        if worker.catchup_from > worker.catchup_to:
            raise EventLogError(
                f"subscriber {worker.spec.name!r} has offset {worker.catchup_from} but the log "
                f"{self.log.path!r} ends at {worker.catchup_to}"
            )

    def _launch(self, worker: _Worker) -> None:
        worker.task = asyncio.create_task(self._run(worker), name=f"bus:{worker.spec.name}")

    async def _run(self, worker: _Worker) -> None:
        try:
            await self._catch_up(worker)
        finally:
            worker.caught_up.set()
        while True:
            seq, event = await worker.queue.get()
            try:
                await self._deliver(worker, seq, event)
            finally:
                worker.unfinished -= 1
                worker.queue.task_done()

    async def _catch_up(self, worker: _Worker) -> None:
        if self.log is None or worker.catchup_to <= worker.catchup_from:
            return
        spec = worker.spec

        def undeliverable(exc: CorruptEventError) -> None:
            # A row that no longer parses can never be handled: dead-letter it like a poison
            # event rather than stall this subscriber on every restart.
            self._give_up(worker, exc.seq, exc.event_id, str(exc), attempts=0)

        try:
            for seq, event in self.log.replay(
                worker.catchup_from + 1,
                spec.topic,
                to_seq=worker.catchup_to,
                on_error=undeliverable,
            ):
                await self._deliver(worker, seq, event)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The log itself failed (closed, disk error). Un-acked events stay owed to this name
            # and are re-delivered next run; keep serving live events meanwhile.
            logger.exception("bus: catch-up from the log failed for subscriber %r", spec.name)

    async def _deliver(self, worker: _Worker, seq: int, event: Event) -> None:
        error = "no attempt made"
        for attempt in range(1, self.max_attempts + 1):
            try:
                await worker.handler(event)
            except asyncio.CancelledError as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # close() is stopping this worker: not the handler's failure
                error = f"CancelledError: {exc}"
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
            else:
                self._ack(worker, seq)
                return
            logger.warning(
                "bus: subscriber %r failed on seq=%d (%s), attempt %d/%d",
                worker.spec.name,
                seq,
                error,
                attempt,
                self.max_attempts,
            )
            if attempt < self.max_attempts and self.retry_backoff_s > 0:
                await asyncio.sleep(self.retry_backoff_s)
        self._give_up(worker, seq, event.event_id, error, attempts=self.max_attempts)

    def _give_up(self, worker: _Worker, seq: int, event_id: str, error: str, attempts: int) -> None:
        name = worker.spec.name
        self._dead_letters.append(DeadLetter(name, seq, event_id, error, attempts))
        logger.error("bus: dead-lettered seq=%d for subscriber %r: %s", seq, name, error)
        if self.log is None:
            return
        try:
            self.log.dead_letter(name, seq, error, attempts=attempts)
        except Exception:
            # Leave the offset where it is: the event is re-delivered next run, not lost.
            logger.exception("bus: could not record dead letter seq=%d for %r", seq, name)
            return
        self._ack(worker, seq)

    def _ack(self, worker: _Worker, seq: int) -> None:
        if self.log is None:
            return
        try:
            self.log.ack(worker.spec.name, seq)
        except Exception:
            # Handled but not acked: the next run re-delivers it, which idempotent handlers absorb.
            logger.exception("bus: could not ack seq=%d for %r", seq, worker.spec.name)
