"""Live log feeds: follow a kernel log (a file or ``journalctl -k -f``) or a job's output in a
thread, parse each line.

The NOC loop drains it before every tick (``agents.noc.service.run_noc(log_feeds=...)``), so
Xid lines reach the detector together with the metrics of the same moment. Parsing stays in the
pure :class:`~telemetry.kernel_log.KernelLogParser`; this module only moves lines across a
thread boundary.
"""

from __future__ import annotations

import math
import os
import queue
import threading
import time
from collections.abc import Callable, Sequence

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events
from gpufleet.telemetry.kernel_log import (
    KernelLogParser,
    ParseReport,
    follow,
    journalctl_follow_argv,
)
from gpufleet.telemetry.topology import Topology


def _journal_argv(history_s: float) -> list[str]:
    """``journalctl -k -f``, starting ``history_s`` back (every line since then) when asked."""
    if history_s <= 0:
        return journalctl_follow_argv()
    return journalctl_follow_argv(since=f"-{math.ceil(history_s)}s", lines="all")


class _FeedStoppedError(Exception):
    """Raised from the injected sleep to end ``follow`` when the feed is stopped."""


class KernelLogFeed:
    """Follows one node's kernel log. ``source`` is a path, an argv, or ``"journal"``.

    ``history_s``: a feed started while a fault is under way first reads back that much of the
    log (the journal ``--since`` then; a file from its start, keeping the lines of that window),
    so the Xid lines of the last hour reach the detector at start instead of being skipped.
    Lines of a file older than the window are counted in :attr:`older_than_history`."""

    what = "kernel log"

    def __init__(
        self,
        source: str | os.PathLike[str] | Sequence[str],
        *,
        node: str | None,
        topology: Topology | None,
        year: int | None = None,
        now: float | None = None,
        from_start: bool = False,
        history_s: float = 0.0,
        poll_s: float = 0.5,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if not history_s >= 0:  # also NaN
            raise ValueError(f"log history must be >= 0 s, got {history_s}")
        self.source: str | os.PathLike[str] | Sequence[str] = (
            _journal_argv(history_s) if source == "journal" else source
        )
        # a file read back for its history is read from its start; older lines are dropped
        self._not_before = clock() - history_s if history_s > 0 and source != "journal" else None
        self.older_than_history = 0
        from_start = from_start or self._not_before is not None
        # journalctl -k prints only journald's kernel transport: its short-iso lines are the
        # kernel's (attrs["via"] = "journal"); the same text in a file may be logger's.
        self.parser = KernelLogParser(
            node=node, topology=topology, year=year, now=now, journal_kernel=source == "journal"
        )
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
                for event in self._parse(line, self._clock()):
                    self._q.put(event)
                if self._stop.is_set():
                    return
        except _FeedStoppedError:
            return
        except (OSError, ValueError) as e:  # unreadable file, journalctl missing, bad config
            self.error = f"{self.what} {self.source!r}: {e}"

    def _parse(self, line: str, at: float) -> list[LogEvent]:
        event = self.parser.feed(line, at=at)
        if event is None:
            return []
        if self._not_before is not None and event.timestamp < self._not_before:
            self.older_than_history += 1
            return []
        return [event]

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


class JobLogFeed(KernelLogFeed):
    """Follows a job's or pod's output (a SLURM ``slurm-<id>.out``, a file a log shipper
    writes): the faults it reports that implicate the GPU stack become events
    (:mod:`telemetry.job_signals`); everything else it says stays out of the NOC. ``job`` is
    the job id the file belongs to ("" unknown); ``node`` the host for lines naming none."""

    what = "job log"

    def __init__(
        self,
        source: str | os.PathLike[str],
        *,
        node: str | None,
        topology: Topology,
        job: str = "",
        from_start: bool = False,
        poll_s: float = 0.5,
        clock: Callable[[], float] = time.time,
    ) -> None:
        super().__init__(
            source, node=node, topology=topology, from_start=from_start, poll_s=poll_s, clock=clock
        )
        self._origin, self._node, self._job = str(source), node or "", job
        self._topology = topology
        self.unplaced = 0  # fleet faults on no node of the topology: kept out, counted
        self.by_design = 0  # "no NVLink active" on GPUs without NVLink: kept out, counted

    def _parse(self, line: str, at: float) -> list[LogEvent]:
        parsed = parse_job_log(
            line,
            origin=self._origin,
            node=self._node,
            nodes=self._topology.node_keys,
        )
        found = job_signal_events(
            [(sig, self._job) for sig in parsed.signatures], self._topology, at
        )
        self.unplaced += found.unplaced
        self.by_design += found.by_design
        return found.events
