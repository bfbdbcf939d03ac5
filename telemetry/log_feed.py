"""A live kernel-log feed: follow a file or ``journalctl -k -f`` in a thread, parse each line.

The NOC loop drains it before every tick (``agents.noc.service.run_noc(log_feeds=...)``), so
Xid lines reach the detector together with the metrics of the same moment. Parsing stays in the
pure :class:`~telemetry.kernel_log.KernelLogParser`; this module only moves lines across a
thread boundary.
"""

from __future__ import annotations

import os
import queue
import threading
import time
from collections.abc import Callable, Sequence

from telemetry.frame import LogEvent
from telemetry.kernel_log import KernelLogParser, ParseReport, follow, journalctl_follow_argv
from telemetry.topology import Topology


class _FeedStoppedError(Exception):
    """Raised from the injected sleep to end ``follow`` when the feed is stopped."""


class KernelLogFeed:
    """Follows one node's kernel log. ``source`` is a path, an argv, or ``"journal"``."""

    def __init__(
        self,
        source: str | os.PathLike[str] | Sequence[str],
        *,
        node: str | None,
        topology: Topology | None,
        year: int | None = None,
        now: float | None = None,
        from_start: bool = False,
        poll_s: float = 0.5,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.source: str | os.PathLike[str] | Sequence[str] = (
            journalctl_follow_argv() if source == "journal" else source
        )
        self.parser = KernelLogParser(node=node, topology=topology, year=year, now=now)
        self._q: queue.SimpleQueue[LogEvent] = queue.SimpleQueue()
        self._stop = threading.Event()
        self._from_start = from_start
        self._poll_s = poll_s
        self._clock = clock
        self._thread = threading.Thread(target=self._run, name="kernel-log-feed", daemon=True)
        self.error: str | None = None

    def start(self) -> KernelLogFeed:
        self._thread.start()
        return self

    def _sleep(self, s: float) -> None:
        if self._stop.wait(s):
            raise _FeedStoppedError

    def _run(self) -> None:
        try:
            for line in follow(
                self.source, sleep=self._sleep, poll_s=self._poll_s, from_start=self._from_start
            ):
                # The read time stamps lines that carry none (journalctl -o cat, a pasted
                # file); the parser itself never reads the clock.
                event = self.parser.feed(line, at=self._clock())
                if event is not None:
                    self._q.put(event)
                if self._stop.is_set():
                    return
        except _FeedStoppedError:
            return
        except (OSError, ValueError) as e:  # unreadable file, journalctl missing, bad config
            self.error = f"kernel log {self.source!r}: {e}"

    def drain(self) -> list[LogEvent]:
        out: list[LogEvent] = []
        while True:
            try:
                out.append(self._q.get_nowait())
            except queue.Empty:
                return out

    @property
    def report(self) -> ParseReport:
        return self.parser.report

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
