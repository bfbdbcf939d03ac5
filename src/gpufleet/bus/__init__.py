"""The event bus: typed events, the Bus protocol, the in-process bus, the durable event log.

Imports nothing of the project: every other layer depends on these types.
"""

from gpufleet.bus.events import EVENT_ADAPTER, TOPICS, Event, event_topic
from gpufleet.bus.idempotent import LogSeenStore, MemorySeenStore, SeenStore, idempotent
from gpufleet.bus.log import CorruptEventError, EventLog, EventLogError
from gpufleet.bus.memory import InProcessBus
from gpufleet.bus.protocol import (
    ALL_TOPICS,
    DEFAULT_MAX_QUEUE,
    Bus,
    BusClosedError,
    DeadLetter,
    Handler,
    Subscription,
)

__all__ = [
    "ALL_TOPICS",
    "DEFAULT_MAX_QUEUE",
    "EVENT_ADAPTER",
    "TOPICS",
    "Bus",
    "BusClosedError",
    "CorruptEventError",
    "DeadLetter",
    "Event",
    "EventLog",
    "EventLogError",
    "Handler",
    "InProcessBus",
    "LogSeenStore",
    "MemorySeenStore",
    "SeenStore",
    "Subscription",
    "event_topic",
    "idempotent",
]
