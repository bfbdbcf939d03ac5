"""A bus consumer in its own process, for the kill tests: ``python -m tests.nats_consumer
URL PREFIX DB NAME [--slow S] [--kill-after N]``.

It subscribes ``NAME`` to every topic and, for each event, records the delivery and then — in one
SQLite transaction — the effect and the event id as seen, unless the id was seen before. That is
the idempotent-handler pattern for effects that are not naturally idempotent (the seen mark
commits with the effect, so no crash can separate them). ``--kill-after N`` SIGKILLs the process
right after the N-th effect commits, before the bus acks it: handled, not acked.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import sqlite3

from gpufleet.bus.events import Event
from gpufleet.bus.jetstream import JetStreamBus

SCHEMA = """
CREATE TABLE IF NOT EXISTS deliveries (n INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT);
CREATE TABLE IF NOT EXISTS effects (n INTEGER PRIMARY KEY AUTOINCREMENT, event_id TEXT);
CREATE TABLE IF NOT EXISTS seen (event_id TEXT PRIMARY KEY);
"""


async def consume(args: argparse.Namespace) -> None:
    db = sqlite3.connect(args.db, isolation_level=None)
    db.executescript(SCHEMA)
    effects = 0

    async def handle(event: Event) -> None:
        nonlocal effects
        db.execute("INSERT INTO deliveries (event_id) VALUES (?)", (event.event_id,))
        db.execute("BEGIN IMMEDIATE")
        fresh = db.execute("SELECT 1 FROM seen WHERE event_id = ?", (event.event_id,)).fetchone()
        if fresh is None:
            db.execute("INSERT INTO effects (event_id) VALUES (?)", (event.event_id,))
            db.execute("INSERT INTO seen (event_id) VALUES (?)", (event.event_id,))
        db.execute("COMMIT")
        if fresh is None:
            effects += 1
            if effects == args.kill_after:
                os.kill(os.getpid(), signal.SIGKILL)
        if args.slow:
            await asyncio.sleep(args.slow)

    bus = JetStreamBus(args.url, prefix=args.prefix, ack_wait_s=1.0, fetch_batch=8)
    bus.subscribe("*", args.name, handle, max_queue=16)
    await bus.start()
    try:
        await asyncio.Event().wait()  # until the test kills or terminates it
    finally:
        await bus.close()


def main() -> None:
    p = argparse.ArgumentParser()
    for name in ("url", "prefix", "db", "name"):
        p.add_argument(name)
    p.add_argument("--slow", type=float, default=0.0)
    p.add_argument("--kill-after", type=int, default=0)
    asyncio.run(consume(p.parse_args()))


if __name__ == "__main__":
    main()
