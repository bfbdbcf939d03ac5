"""The NATS JetStream bus: the :class:`~bus.protocol.Bus` protocol between processes and hosts.

The in-process bus (:mod:`bus.memory`) stays the default; this one is chosen with
``--bus nats://HOST:PORT`` and needs a ``nats-server -js`` (Debian's ``nats-server``).

Layout on the server (created or updated at :meth:`JetStreamBus.start`):

* **One events stream** ``<PREFIX>_EVENTS`` with one subject per topic,
  ``<prefix>.events.<topic>`` (``anomaly``, ``incident``, ``diagnosis``, ``action`` — proposals,
  approval decisions and results — and ``recommendation``). One stream, not one per topic, so
  that a ``"*"`` subscription keeps the protocol's order across topics (a JetStream consumer is
  ordered within one stream only); each topic is still its own subject, filtered server-side.
* **One telemetry stream** ``<PREFIX>_TELEMETRY`` with one subject per shard,
  ``<prefix>.telemetry.<shard>`` (a shard is a rack: correlation inside a rack stays in one NOC
  worker). Its payloads are opaque bytes here; :mod:`telemetry.wire` encodes the ticks. It keeps
  a shorter history than the events (``telemetry_max_age_s``): old samples are worth nothing.

Delivery, precisely:

* **Publish** sends the event as JSON with the header ``Nats-Msg-Id: <event_id>`` and waits for
  the server's acknowledgement (the event is stored), then returns the stream sequence. The
  server drops a second publish of the same id within ``duplicate_window_s`` (a publisher that
  retries after a crash or a lost acknowledgement): it returns the first copy's sequence and
  delivers nothing again. Backpressure is the server's acknowledgement, not a local queue.
* **Subscribe** makes a durable pull consumer named after the subscription, filtered on its
  topic's subject, with explicit acks, ``ack_wait_s`` and ``max_ack_pending = max_queue``. A new
  name starts at the beginning of the stream (as a new name does on the event log); a known name
  resumes after its last acked event, in this process or any other. Several processes bound to
  one name share its events (each event goes to one of them): that is how replicas split work.
* **Handlers** run one event at a time per subscription, in stream order. A handler that raises
  is called again in place (order is kept), up to ``max_attempts`` calls, ``retry_backoff_s``
  apart; then the event is dead-lettered (kept in :attr:`JetStreamBus.dead_letters`, logged,
  and ``term``-inated on the server so it is never redelivered). An event that does not parse is
  dead-lettered at once. A handled event is acked.
* **Crashes.** An event fetched and not acked — the process was killed, or the handler was
  interrupted — is redelivered after ``ack_wait_s`` to whichever process next holds the name
  (at most ``max_deliver`` deliveries, so a poison event that kills its consumer every time
  cannot loop forever). A clean :meth:`close` naks what it fetched and did not handle, so those
  come back at once. At least once, never lost: handlers must be idempotent on ``event_id``
  (:func:`bus.idempotent.idempotent`, with a persistent seen store across restarts).

Connection failures raise :class:`NatsUnavailableError` with one line naming the URL.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from types import TracebackType

import nats
import nats.errors
import nats.js.errors
from nats.aio.client import Client as NatsClient
from nats.aio.msg import Msg
from nats.js import JetStreamContext
from nats.js.api import (
    AckPolicy,
    ConsumerConfig,
    DeliverPolicy,
    DiscardPolicy,
    RetentionPolicy,
    StorageType,
    StreamConfig,
)
from pydantic import ValidationError

from gpufleet.bus.address import parse_bus_url
from gpufleet.bus.events import EVENT_ADAPTER, TOPICS, Event, event_topic
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

RawHandler = Callable[[bytes], Awaitable[None]]
"""Handles one telemetry payload (bytes as published). Raising means "not handled"."""

MSG_ID_HEADER = "Nats-Msg-Id"
FETCH_WAIT_S = 1.0  # how long one pull request waits on the server for events
# read_back: a pull that times out while the server still has events for it is asked again
# (from the last one read) with twice the wait, up to this, this many times, then it fails
READ_BACK_MAX_WAIT_S = 30.0
READ_BACK_TRIES = 12
VIEW_INACTIVE_S = 60.0  # an ephemeral view's consumer outlives its process by this much
_SHARD_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


class NatsUnavailableError(ConnectionError):
    """The NATS server cannot be reached or has no JetStream; the message names the URL."""


def durable_name(name: str) -> str:
    """The NATS consumer name for a subscription name: characters NATS does not allow in a
    consumer name (``.``, ``*``, ``>``, ``:``, ``/``, spaces…) become ``_``."""
    if not name or len(name) > 64:
        raise ValueError(f"subscription name {name!r}: use 1-64 characters")
    return re.sub(r"[^A-Za-z0-9_-]", "_", name)


def check_shard(shard: str) -> str:
    """A shard name usable as one subject token (letters, digits, ``-``, ``_``)."""
    if not _SHARD_RE.fullmatch(shard):
        raise ValueError(
            f"shard {shard!r}: use 1-64 letters, digits, '-' or '_' (it is a NATS subject token)"
        )
    return shard


@dataclass(frozen=True)
class StreamNames:
    """Stream and subject names under one prefix (two buses with different prefixes share a
    server without seeing each other's events: tests, staging)."""

    prefix: str = "gpufleet"

    @property
    def events_stream(self) -> str:
        return f"{self.prefix.upper()}_EVENTS"

    @property
    def telemetry_stream(self) -> str:
        return f"{self.prefix.upper()}_TELEMETRY"

    def topic_subject(self, topic: str) -> str:
        if topic == ALL_TOPICS:
            return f"{self.prefix}.events.>"
        return f"{self.prefix}.events.{topic}"

    def shard_subject(self, shard: str) -> str:
        if shard == ALL_TOPICS:
            return f"{self.prefix}.telemetry.>"
        return f"{self.prefix}.telemetry.{check_shard(shard)}"


@dataclass
class _Binding:
    """Where a subscription reads: its stream and subject, durable or a view."""

    name: str
    topic: str
    stream: str
    subject: str
    durable: bool = True
    from_start: bool = False


@dataclass(eq=False)
class _Consumer:
    """One pull consumer (durable, or ephemeral for a view) and the task that feeds it."""

    spec: Subscription
    stream: str
    subject: str
    deliver: Callable[[Msg], Awaitable[None]]
    durable: str | None  # None: an ephemeral view, named by the server
    from_start: bool
    server_name: str = ""  # the consumer's name on the server, once bound
    task: asyncio.Task[None] | None = None
    bound: asyncio.Event = field(default_factory=asyncio.Event)  # the durable consumer exists
    pending: int = 0  # the server's count of events not yet delivered, from the last message
    inflight: list[Msg] = field(default_factory=list)


class JetStreamBus:
    """A :class:`~bus.protocol.Bus` on NATS JetStream (see the module docstring).

    Connects at :meth:`start`; :meth:`connect` alone is enough for a process that only publishes.
    """

    def __init__(
        self,
        url: str,
        *,
        prefix: str | None = None,
        max_attempts: int = 3,
        retry_backoff_s: float = 0.0,
        ack_wait_s: float = 30.0,
        max_deliver: int = 10,
        duplicate_window_s: float = 3600.0,
        events_max_age_s: float = 7 * 86400.0,
        telemetry_max_age_s: float = 3600.0,
        fetch_batch: int = 64,
        connect_timeout_s: float = 2.0,
    ) -> None:
        if max_attempts < 1:
            raise ValueError(f"max_attempts must be >= 1, got {max_attempts}")
        if max_deliver < 1:
            raise ValueError(f"max_deliver must be >= 1, got {max_deliver}")
        server, url_prefix = parse_bus_url(url)
        prefix = url_prefix if prefix is None else prefix
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,31}", prefix):
            raise ValueError(f"prefix {prefix!r}: use 1-32 lowercase letters, digits or '_'")
        for key, value in (
            ("retry_backoff_s", retry_backoff_s),
            ("ack_wait_s", ack_wait_s - 1e-9),
            ("duplicate_window_s", duplicate_window_s - 1e-9),
        ):
            if value < 0:
                raise ValueError(f"{key} must be positive, got {value}")
        self.url = server
        self.names = StreamNames(prefix)
        self.max_attempts, self.retry_backoff_s = max_attempts, retry_backoff_s
        self.ack_wait_s, self.max_deliver = ack_wait_s, max_deliver
        self.duplicate_window_s = duplicate_window_s
        self.events_max_age_s, self.telemetry_max_age_s = events_max_age_s, telemetry_max_age_s
        self.fetch_batch, self.connect_timeout_s = fetch_batch, connect_timeout_s
        self._nc: NatsClient | None = None
        self._js: JetStreamContext | None = None
        self._consumers: dict[str, _Consumer] = {}
        self._dead_letters: list[DeadLetter] = []
        self._streams_ready = False
        self._started = False
        self._closed = False

    # -- connection -----------------------------------------------------------------------------

    async def connect(self) -> None:
        """Connect and make sure both streams exist. Idempotent.

        Raises :class:`NatsUnavailableError` (one line, naming the URL) when the server cannot be
        reached or has JetStream disabled.
        """
        if self._closed:
            raise BusClosedError("connect on a closed bus")
        if self._js is not None and self._streams_ready:
            return
        if self._nc is None:
            self._nc = await self._open()
            self._js = self._nc.jetstream(timeout=max(5.0, self.connect_timeout_s))
        await self._ensure_streams()

    async def _open(self) -> NatsClient:
        connected = False

        async def quiet(exc: Exception) -> None:
            # nats-py reports every failed (re)connect here: before the first connection the
            # one error line below says it all; afterwards a warning line, no traceback.
            level = logging.WARNING if connected else logging.DEBUG
            logger.log(level, "bus: NATS at %s: %s", self.url, exc or type(exc).__name__)

        try:
            nc = await nats.connect(
                self.url,
                connect_timeout=max(1, round(self.connect_timeout_s)),
                allow_reconnect=True,
                max_reconnect_attempts=1,  # the first connect: one retry, then a clear error
                reconnect_time_wait=1,
                error_cb=quiet,
            )
        except (TimeoutError, OSError, nats.errors.Error) as exc:
            raise NatsUnavailableError(
                f"cannot reach NATS at {self.url}: {str(exc) or type(exc).__name__} "
                "(is `nats-server -js` running there?)"
            ) from None
        # Once connected, ride out a server restart however long it takes: publishes wait in
        # the client's buffer and consumers fetch again when it is back. nats-py reads this
        # option at every reconnect; there is no other way to have both behaviours.
        nc.options["max_reconnect_attempts"] = -1
        connected = True
        return nc

    async def _ensure_streams(self) -> None:
        js = self._require_js()
        configs = (
            StreamConfig(
                name=self.names.events_stream,
                subjects=[self.names.topic_subject(t) for t in TOPICS],
                retention=RetentionPolicy.LIMITS,
                storage=StorageType.FILE,
                discard=DiscardPolicy.OLD,
                max_age=self.events_max_age_s,
                duplicate_window=self.duplicate_window_s,
            ),
            StreamConfig(
                name=self.names.telemetry_stream,
                subjects=[self.names.shard_subject(ALL_TOPICS)],
                retention=RetentionPolicy.LIMITS,
                storage=StorageType.FILE,
                discard=DiscardPolicy.OLD,
                max_age=self.telemetry_max_age_s,
                duplicate_window=min(self.duplicate_window_s, self.telemetry_max_age_s),
            ),
        )
        try:
            for config in configs:
                try:
                    await js.stream_info(config.name or "")
                    await js.update_stream(config)
                except nats.js.errors.NotFoundError:
                    try:
                        await js.add_stream(config)
                    except nats.js.errors.BadRequestError:
                        # another process created it between our two requests
                        await js.update_stream(config)
        except nats.js.errors.ServiceUnavailableError:
            raise NatsUnavailableError(
                f"NATS at {self.url} has JetStream disabled (start it with `nats-server -js`)"
            ) from None
        except (nats.errors.TimeoutError, nats.errors.NoRespondersError):
            raise NatsUnavailableError(
                f"NATS at {self.url} does not answer JetStream requests "
                "(start it with `nats-server -js`)"
            ) from None
        self._streams_ready = True

    def _require_js(self) -> JetStreamContext:
        if self._js is None:
            raise RuntimeError("the bus is not connected: call `await bus.start()` first")
        return self._js

    # -- Bus protocol ---------------------------------------------------------------------------

    async def publish(self, event: Event) -> int:
        """Store ``event`` in the events stream (deduplicated on its ``event_id``) and return its
        stream sequence; a duplicate returns the sequence of the copy already stored."""
        if self._closed:
            raise BusClosedError("publish on a closed bus")
        if self._js is None:  # connect() is enough: a restarting consumer catches up first
            raise RuntimeError("publish before start(): call `await bus.start()` first")
        subject = self.names.topic_subject(event_topic(event))
        return await self._publish(subject, event.model_dump_json().encode(), event.event_id)

    async def publish_telemetry(self, shard: str, payload: bytes, msg_id: str) -> int:
        """Store one telemetry payload on ``shard``'s subject; ``msg_id`` deduplicates retries
        (use the shard and the tick's timestamp). Needs :meth:`connect` or :meth:`start`."""
        if self._closed:
            raise BusClosedError("publish on a closed bus")
        return await self._publish(self.names.shard_subject(shard), payload, msg_id)

    async def _publish(self, subject: str, payload: bytes, msg_id: str) -> int:
        js = self._require_js()
        try:
            ack = await js.publish(subject, payload, headers={MSG_ID_HEADER: msg_id})
        except (
            TimeoutError,  # the server went away and did not come back within the timeout
            nats.errors.ConnectionClosedError,
            nats.errors.NoRespondersError,
            nats.js.errors.NoStreamResponseError,
        ) as exc:
            raise NatsUnavailableError(
                f"NATS at {self.url}: publish failed: {str(exc) or type(exc).__name__}"
            ) from None
        return int(ack.seq)

    def subscribe(
        self, topic: str, name: str, handler: Handler, *, max_queue: int = DEFAULT_MAX_QUEUE
    ) -> Subscription:
        """Register ``handler`` for ``topic`` (``"*"``: every topic) as the durable consumer
        ``name`` (see :func:`durable_name`). Bound to the server at :meth:`start`."""
        check_topic(topic)
        return self._register(
            _Binding(name, topic, self.names.events_stream, self.names.topic_subject(topic)),
            self._event_delivery(name, handler),
            max_queue,
        )

    def subscribe_view(
        self,
        topic: str,
        name: str,
        handler: Handler,
        *,
        from_start: bool = False,
        max_queue: int = DEFAULT_MAX_QUEUE,
    ) -> Subscription:
        """A view for this process alone (a board, a metrics counter, log lines): an ephemeral
        consumer that starts at the next event (``from_start``: at the beginning of the stream)
        and that the server forgets once this process is gone. ``name`` is local only."""
        check_topic(topic)
        binding = _Binding(
            name, topic, self.names.events_stream, self.names.topic_subject(topic), durable=False
        )
        binding.from_start = from_start
        return self._register(binding, self._event_delivery(name, handler), max_queue)

    def subscribe_telemetry(
        self, shard: str, name: str, handler: RawHandler, *, max_queue: int = 256
    ) -> Subscription:
        """Register ``handler`` for the telemetry payloads of ``shard`` (``"*"``: every shard) as
        the durable consumer ``name``; same delivery rules as events."""
        binding = _Binding(
            name, f"telemetry:{shard}", self.names.telemetry_stream, self.names.shard_subject(shard)
        )

        async def deliver(msg: Msg) -> None:
            await self._deliver_raw(self._consumers[name], msg, handler)

        return self._register(binding, deliver, max_queue)

    def _event_delivery(self, name: str, handler: Handler) -> Callable[[Msg], Awaitable[None]]:
        async def deliver(msg: Msg) -> None:
            await self._deliver_event(self._consumers[name], msg, handler)

        return deliver

    def _register(
        self, binding: _Binding, deliver: Callable[[Msg], Awaitable[None]], max_queue: int
    ) -> Subscription:
        if self._closed:
            raise BusClosedError("subscribe on a closed bus")
        name = binding.name
        if name in self._consumers:
            raise ValueError(f"a subscription named {name!r} already exists on this bus")
        if max_queue < 1:
            raise ValueError(f"max_queue must be >= 1, got {max_queue}")
        durable = durable_name(name)
        if binding.durable:
            taken = [c.spec.name for c in self._consumers.values() if c.durable == durable]
            if taken:
                raise ValueError(
                    f"subscription names {taken[0]!r} and {name!r} are the same NATS consumer "
                    f"{durable!r}: pick another name"
                )
        spec = Subscription(name=name, topic=binding.topic, max_queue=max_queue)
        consumer = _Consumer(
            spec=spec,
            stream=binding.stream,
            subject=binding.subject,
            deliver=deliver,
            durable=durable if binding.durable else None,
            from_start=binding.from_start or binding.durable,
        )
        self._consumers[name] = consumer
        if self._started:
            consumer.task = asyncio.create_task(self._run(consumer), name=f"bus:{name}")
        return spec

    async def start(self) -> None:
        """Connect, make sure the streams exist, bind every consumer and start delivering."""
        if self._closed:
            raise BusClosedError("start on a closed bus")
        await self.connect()
        # bind here, so that a consumer the server refuses fails start() with its reason
        subs = {name: await self._bind(c) for name, c in self._consumers.items() if c.task is None}
        self._started = True
        for name, sub in subs.items():
            consumer = self._consumers[name]
            consumer.task = asyncio.create_task(self._run(consumer, sub), name=f"bus:{name}")

    async def drain(self, *, poll_s: float = 0.02) -> None:
        """Wait until every consumer of this bus has nothing pending and nothing unacked on
        the server (events handlers publish meanwhile included). Bound it with
        ``asyncio.timeout`` where a handler may never return."""
        if not self._started or self._closed:
            return
        js = self._require_js()
        while True:
            busy = False
            for consumer in list(self._consumers.values()):
                while not consumer.bound.is_set():
                    if consumer.task is None or consumer.task.done():
                        break  # failed to bind (logged): nothing will ever drain it
                    await asyncio.sleep(poll_s)
                if not consumer.bound.is_set():
                    continue
                info = await js.consumer_info(consumer.stream, consumer.server_name)
                if (info.num_pending or 0) + (info.num_ack_pending or 0) > 0:
                    busy = True
            if not busy:
                return
            await asyncio.sleep(poll_s)

    async def close(self) -> None:
        """Stop delivering, nak what was fetched and not handled (redelivered at once to the
        next holder of the name), and disconnect. Closing twice is fine."""
        if self._closed:
            return
        self._closed = True
        tasks = [c.task for c in self._consumers.values() if c.task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._nc is not None:
            for consumer in self._consumers.values():
                for msg in consumer.inflight:
                    await _quietly(msg.nak())
                consumer.inflight.clear()
            await _quietly(self._nc.close())

    # -- extras ---------------------------------------------------------------------------------

    @property
    def dead_letters(self) -> list[DeadLetter]:
        """Events dead-lettered by this bus instance, oldest first."""
        return list(self._dead_letters)

    @property
    def subscriptions(self) -> list[Subscription]:
        """The registered subscriptions, in registration order."""
        return [c.spec for c in self._consumers.values()]

    async def progress(self, name: str, *, telemetry: bool = False) -> tuple[int, int]:
        """``(acked, delivered)``: the stream sequences up to which the durable consumer
        ``name`` (of the events stream, or of the telemetry stream) has acked every event it
        was given, and has been given events; ``(0, 0)`` when it does not exist yet.

        A process that restarts under ``name`` rebuilds its state from :meth:`read_back` up to
        ``acked``, handles again what lies between ``acked`` and ``delivered`` (what the dead
        process held), then goes on with the consumer. In that order because the server
        redelivers the held events only after ``ack_wait``, after events it never delivered."""
        js = self._require_js()
        stream = self.names.telemetry_stream if telemetry else self.names.events_stream
        try:
            info = await js.consumer_info(stream, durable_name(name))
        except nats.js.errors.NotFoundError:
            return 0, 0
        acked = int(info.ack_floor.stream_seq) if info.ack_floor is not None else 0
        delivered = int(info.delivered.stream_seq) if info.delivered is not None else 0
        return acked, max(acked, delivered)

    async def read_back(
        self, topic: str, until_seq: int, *, telemetry: bool = False
    ) -> AsyncIterator[tuple[int, bytes]]:
        """``(stream sequence, payload)`` of what is stored on ``topic``'s subject (a shard's,
        with ``telemetry``), oldest first, up to stream sequence ``until_seq`` (what the stream
        still keeps of it), read by consumers of this call's own that acknowledge nothing and
        leave no trace.

        A pull that times out is the end only when the server says nothing more is pending for
        it: a busy server (a feeder publishing flat out) may answer after the pull's expiry,
        and stopping there left a hole in a restarted worker's rebuilt state (ticks neither
        read back nor delivered again). Then it reads on from the last event it gave, waiting
        longer; a server that still does not answer is a :class:`NatsUnavailableError`."""
        if until_seq <= 0:
            return
        after, wait = 0, FETCH_WAIT_S
        for _ in range(READ_BACK_TRIES):
            sub = await self._read_back_consumer(topic, after, telemetry=telemetry)
            received = 0  # by this consumer: what it delivered and we did not get was lost
            try:
                while True:
                    try:
                        msgs = await sub.fetch(self.fetch_batch, timeout=wait)
                    except TimeoutError:
                        break
                    received += len(msgs)
                    for msg in msgs:
                        meta = msg.metadata
                        if meta.sequence.stream > until_seq:
                            return
                        yield int(meta.sequence.stream), msg.data
                        after = int(meta.sequence.stream)
                        if after == until_seq or meta.num_pending == 0:
                            return
                info = await sub.consumer_info()
            finally:
                await _quietly(sub.unsubscribe())
            delivered = int(info.delivered.consumer_seq) if info.delivered is not None else 0
            if info.num_pending == 0 and delivered <= received:
                return  # the subject holds nothing more
            wait = min(2 * wait, READ_BACK_MAX_WAIT_S)
        raise NatsUnavailableError(
            f"NATS at {self.url}: reading {topic!r} back stopped after stream sequence {after} "
            f"of {until_seq}: the server did not answer {READ_BACK_TRIES} pulls"
        )

    async def _read_back_consumer(
        self, topic: str, after: int, *, telemetry: bool
    ) -> JetStreamContext.PullSubscription:
        """An ephemeral pull consumer of ``topic``'s subject from stream sequence ``after + 1``
        (the start with ``after`` 0), acknowledging nothing."""
        js = self._require_js()
        if telemetry:
            stream, subject = self.names.telemetry_stream, self.names.shard_subject(topic)
        else:
            stream, subject = self.names.events_stream, self.names.topic_subject(check_topic(topic))
        config = ConsumerConfig(
            deliver_policy=DeliverPolicy.BY_START_SEQUENCE if after else DeliverPolicy.ALL,
            opt_start_seq=after + 1 if after else None,
            ack_policy=AckPolicy.NONE,
            filter_subject=subject,
            inactive_threshold=VIEW_INACTIVE_S,
        )
        return await js.pull_subscribe(subject, stream=stream, config=config)

    def lag(self) -> dict[str, int]:
        """Per subscription: events in its stream not yet delivered to it, as the server said
        with the last event it delivered (0 before the first)."""
        return {name: c.pending for name, c in self._consumers.items()}

    async def __aenter__(self) -> JetStreamBus:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    # -- consumers ------------------------------------------------------------------------------

    async def _bind(self, consumer: _Consumer) -> JetStreamContext.PullSubscription:
        js = self._require_js()
        name = consumer.durable
        if name is not None:
            try:
                info = await js.consumer_info(consumer.stream, name)
            except nats.js.errors.NotFoundError:
                pass
            else:
                bound = info.config.filter_subject
                if bound != consumer.subject:
                    raise ValueError(
                        f"durable consumer {name!r} on {consumer.stream} already follows "
                        f"{bound!r}, not {consumer.subject!r}: pick another subscription name"
                    )
        config = ConsumerConfig(
            deliver_policy=DeliverPolicy.ALL if consumer.from_start else DeliverPolicy.NEW,
            ack_policy=AckPolicy.EXPLICIT,
            ack_wait=self.ack_wait_s,
            max_deliver=self.max_deliver,
            max_ack_pending=consumer.spec.max_queue,
            filter_subject=consumer.subject,
            # a view's consumer goes once its process has stopped asking for a while
            inactive_threshold=None if name is not None else VIEW_INACTIVE_S,
        )
        sub = await js.pull_subscribe(
            consumer.subject, durable=name, stream=consumer.stream, config=config
        )
        consumer.server_name = name or (config.name or "")
        return sub

    async def _run(
        self, consumer: _Consumer, sub: JetStreamContext.PullSubscription | None = None
    ) -> None:
        name = consumer.spec.name
        if sub is None:  # subscribed after start()
            try:
                sub = await self._bind(consumer)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                logger.error("bus: cannot bind consumer %r: %s", name, exc)
                raise
        consumer.bound.set()
        batch = max(1, min(self.fetch_batch, consumer.spec.max_queue))
        while True:
            try:
                msgs = await sub.fetch(batch, timeout=FETCH_WAIT_S)
            except TimeoutError:  # nothing arrived in time (nats-py raises both kinds)
                continue
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # a reconnect in progress, a pull request the server timed out or refused:
                # nothing was delivered, so nothing is lost; ask again shortly
                logger.warning("bus: fetch for %r failed (%s); retrying", name, exc)
                await asyncio.sleep(0.5)
                continue
            consumer.inflight = list(msgs)
            keepalive = asyncio.create_task(self._keep_alive(consumer))
            try:
                while consumer.inflight:
                    msg = consumer.inflight[0]
                    await consumer.deliver(msg)
                    consumer.inflight.pop(0)
            finally:
                keepalive.cancel()

    async def _keep_alive(self, consumer: _Consumer) -> None:
        """While this process works through a fetched batch, tell the server it still holds
        every event of it (``+WPI``), so a slow handler does not get its queued events
        redelivered elsewhere; only a process that died stops, and its events come back."""
        while True:
            await asyncio.sleep(self.ack_wait_s / 3)
            for msg in list(consumer.inflight):
                await _quietly(msg.in_progress())

    async def _deliver_event(self, consumer: _Consumer, msg: Msg, handler: Handler) -> None:
        try:
            event = EVENT_ADAPTER.validate_json(msg.data)
        except ValidationError as exc:
            first = exc.errors()[0]
            error = f"does not parse as an event: {first['msg']} at {first['loc']}"
            await self._give_up(consumer, msg, _msg_id(msg), error, attempts=0)
            return

        async def call() -> None:
            await handler(event)

        await self._attempts(consumer, msg, event.event_id, call)

    async def _deliver_raw(self, consumer: _Consumer, msg: Msg, handler: RawHandler) -> None:
        data = msg.data

        async def call() -> None:
            await handler(data)

        await self._attempts(consumer, msg, _msg_id(msg), call)

    async def _attempts(
        self, consumer: _Consumer, msg: Msg, event_id: str, call: Callable[[], Awaitable[None]]
    ) -> None:
        meta = msg.metadata
        consumer.pending = int(meta.num_pending)
        error = "no attempt made"
        for attempt in range(1, self.max_attempts + 1):
            try:
                await call()
            except asyncio.CancelledError as exc:
                task = asyncio.current_task()
                if task is not None and task.cancelling():
                    raise  # close() is stopping this consumer: not the handler's failure
                error = f"CancelledError: {exc}"
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
            else:
                await _quietly(msg.ack())  # a lost ack means a redelivery, which is absorbed
                return
            logger.warning(
                "bus: subscriber %r failed on seq=%d (%s), attempt %d/%d",
                consumer.spec.name,
                meta.sequence.stream,
                error,
                attempt,
                self.max_attempts,
            )
            if attempt < self.max_attempts:
                await msg.in_progress()  # the retries must not outlast ack_wait
                if self.retry_backoff_s > 0:
                    await asyncio.sleep(self.retry_backoff_s)
        await self._give_up(consumer, msg, event_id, error, attempts=self.max_attempts)

    async def _give_up(
        self, consumer: _Consumer, msg: Msg, event_id: str, error: str, attempts: int
    ) -> None:
        name, seq = consumer.spec.name, int(msg.metadata.sequence.stream)
        self._dead_letters.append(DeadLetter(name, seq, event_id, error, attempts))
        logger.error("bus: dead-lettered seq=%d for subscriber %r: %s", seq, name, error)
        await _quietly(msg.term())


def _msg_id(msg: Msg) -> str:
    return (msg.headers or {}).get(MSG_ID_HEADER, "")


async def _quietly(step: Awaitable[object]) -> None:
    """Await a best-effort server call (ack, nak, disconnect) whose failure the protocol
    already covers: an ack that never arrives means a redelivery, nothing worse."""
    try:
        await step
    except Exception as exc:
        logger.debug("bus: ignored %s: %s", type(exc).__name__, exc)
