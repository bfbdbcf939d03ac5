"""``--source remote-write:[HOST:]PORT``: vmagent pushes, the NOC ticks on what arrived.

vmagent (or Prometheus) scrapes the dcgm-exporters and remote-writes to this process; the
receiver (:mod:`telemetry.remote_write`) keeps the latest value of every (GPU, field) cell and
the source hands the detector that matrix once per ``interval_s`` (a cell older than
:data:`MAX_AGE_INTERVALS` intervals is a gap). With vmagent's ``scrape_align_interval`` set
to the interval, every exporter is scraped at the Unix-time multiples of it, and the round's
pushes arrive as one burst; the source ticks as soon as that round is in (every cell live over
the last two rounds holds a sample of it; before that is known, no push for :data:`QUIET_S`),
so a sample waits for the detector about as long as the round takes to arrive, not up to a
whole interval (a tick at its own phase met a round anywhere in between). Waiting for the
round's cells rather than for a pause: a loaded vmagent pushes a round with gaps longer than
:data:`QUIET_S`, and a tick in such a gap left the rest of the round a whole interval to wait
(51,200 GPUs at load 12: lag p99 23 s at a 15 s interval).
The burst grows with the fleet (at 38,400 GPUs the receiver needs ~5 s to absorb it), so a
fixed offset would be too early for a large fleet or too late for a small one. Ticks never
come sooner than :data:`EARLIEST_FRACTION` or later than :data:`LATEST_FRACTION` of the
interval after the multiple (a vmagent that does not align pushes all the time).

Without ``--topology`` the fleet is discovered from the labels of the pushes in the interval
after vmagent's first one that carries GPU series (the bodies read while discovering are then
ingested, so nothing pushed is lost). Binds only where told.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TypeVar

import numpy as np

from gpufleet.cli.source_errors import SourceError
from gpufleet.service.server import HttpServer, ServerStartError
from gpufleet.telemetry.feeder_shards import FeederCounts, feeder_metrics, rack_newest_s
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.remote_write import (
    WRITE_PATH,
    RemoteWriteIngest,
    remote_write_app,
    series_label_sets,
)
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.vmjson import read_vm_jsonl

DEFAULT_HOST = "127.0.0.1"
MAX_AGE_INTERVALS = 3.0
# vmagent flushes a partly filled block every second (-remoteWrite.flushInterval): a gap in
# pushes longer than that means the round is in
QUIET_S = 1.5
EARLIEST_FRACTION = 0.1  # the round's first push comes about a second after the multiple
LATEST_FRACTION = 0.9
# A round is in once this share of the live cells carry a sample of it: a push that came a
# second late is waited for, a quiet gap inside a slow round (a loaded vmagent) is not a tick
ROUND_COMPLETE = 0.99
POLL_S = 0.1
DISCOVERY_TIMEOUT_S = 120.0
DISCOVERY_STAMP_MS = 1_700_000_000_000
_PROBE = "DCGM_FI_DEV_GPU_TEMP"  # the series whose labels name every GPU
T = TypeVar("T")


class RemoteWriteSourceError(SourceError):
    """A remote-write source spec that cannot be served; the message says why."""


def parse_listen(arg: str) -> tuple[str, int]:
    """``[HOST:]PORT`` → (host, port); the host defaults to 127.0.0.1."""
    host, _, port = arg.rpartition(":")
    try:
        port_n = int(port)
    except ValueError:
        raise RemoteWriteSourceError(
            f"remote-write source expects [HOST:]PORT, got {arg!r}"
        ) from None
    if not 0 < port_n <= 65535:
        raise RemoteWriteSourceError(f"remote-write source: port {port_n} is out of range")
    return host.strip("[]") or DEFAULT_HOST, port_n


def vmagent_flag(host: str, port: int) -> str:
    """The flag the operator gives vmagent to push here."""
    shown = f"[{host}]" if ":" in host else host
    return f"-remoteWrite.url=http://{shown}:{port}{WRITE_PATH}"


class _Discovery(RemoteWriteIngest):
    """Keeps every readable body and the labels of its GPU probe series."""

    def __init__(self) -> None:
        super().__init__(Topology([]))
        self.bodies: list[bytes] = []
        self.gpu_series: list[dict[str, str]] = []
        self.found = asyncio.Event()

    def ingest(self, body: bytes) -> int:
        labels = series_label_sets(body)  # raises RemoteWriteError → 400, counted
        self.bodies.append(body)
        self.stats.requests += 1
        probes = [s for s in labels if s.get("__name__") == _PROBE and s.get("Hostname")]
        self.gpu_series += probes
        if probes:
            self.found.set()
        return len(labels)


def topology_from_labels(series: list[dict[str, str]]) -> Topology:
    # read_vm_jsonl builds the fleet from labels; the value and the (in-range) time are unused
    sample = {"values": [0.0], "timestamps": [DISCOVERY_STAMP_MS]}
    lines = [json.dumps({"metric": s, **sample}) for s in series]
    return read_vm_jsonl(lines, source="remote-write discovery").topology


async def discover(
    host: str, port: int, timeout_s: float, settle_s: float = 0.0
) -> tuple[Topology, list[bytes]]:
    """Serve until a push carries GPU series, then ``settle_s`` more (vmagent spreads its
    targets' scrapes over one scrape interval and cuts them into blocks, so the first push
    names only part of the fleet); the fleet all those pushes name and every body read."""
    found = _Discovery()
    server = HttpServer(remote_write_app(found), host, port)
    try:
        await server.start()
    except ServerStartError as e:
        raise RemoteWriteSourceError(f"remote-write source: {e}") from None
    try:
        await asyncio.wait_for(found.found.wait(), timeout_s)
        await asyncio.sleep(settle_s)
    except TimeoutError:
        raise RemoteWriteSourceError(
            f"remote-write source: no {_PROBE} series with a Hostname label arrived within "
            f"{timeout_s:.0f}s ({found.stats.requests} requests, {found.stats.rejected} "
            f"rejected); is vmagent running with {vmagent_flag(host, server.port)}? "
            "Or pass --topology"
        ) from None
    finally:
        await server.stop()
    topology = topology_from_labels(found.gpu_series)
    if topology.n_gpus == 0:
        raise RemoteWriteSourceError("remote-write source: the pushed GPU series name no GPU")
    return topology, found.bodies


def next_multiple(after: float, interval_s: float) -> float:
    """The first Unix-time multiple of ``interval_s`` later than ``after``."""
    return (math.floor(after / interval_s) + 1) * interval_s


class RemoteWriteSource:
    """An async tick source: serves the receiver, ticks once an interval when the round
    scraped at the interval's multiple has arrived (module docstring); a tick that ran late
    skips to the next round."""

    def __init__(
        self,
        ingest: RemoteWriteIngest,
        host: str,
        port: int,
        interval_s: float,
        *,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.ingest = ingest
        self.topology = ingest.topology
        self.interval_s = interval_s
        self.max_age_s = MAX_AGE_INTERVALS * interval_s
        # One thread decodes the pushes and cuts the ticks, in arrival order (the matrix is
        # never read half written); the event loop stays free to answer vmagent, /metrics and
        # the bus while a cold round's labels are learnt.
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="remote-write")
        app = remote_write_app(ingest, metrics=self.metrics, offload=self._offload)
        self._server = HttpServer(app, host, port)
        self._clock, self._sleep = clock, sleep
        self.ticks, self.last_tick = 0, 0.0
        self._live_cells = 0  # cells live over the last two rounds (0: not known yet)

    async def _offload(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._pool, work)

    async def aticks(self) -> AsyncIterator[Tick]:
        try:
            await self._server.start()
        except ServerStartError as e:
            raise RemoteWriteSourceError(f"remote-write source: {e}") from None
        round_at = next_multiple(self._clock(), self.interval_s)
        while True:
            await self._round_in(round_at)
            now = self._clock()
            tick = await self._offload(partial(self.ingest.tick, now, self.max_age_s))
            self.ticks, self.last_tick = self.ticks + 1, now
            yield tick
            round_at = next_multiple(max(self._clock(), round_at), self.interval_s)

    async def _round_in(self, round_at: float) -> None:
        """Wait until the round scraped at ``round_at`` is in, from :data:`EARLIEST_FRACTION`
        to :data:`LATEST_FRACTION` of the interval after it: once the cells that were live over
        the last two rounds all carry a sample of this one (:data:`ROUND_COMPLETE` of them);
        before anything is known of the fleet, once no push came for :data:`QUIET_S`."""
        earliest = round_at + EARLIEST_FRACTION * self.interval_s
        latest = round_at + LATEST_FRACTION * self.interval_s
        if (wait := earliest - self._clock()) > 0:
            await self._sleep(wait)
        seen, last_push = self.ingest.stats.requests, self._clock()
        while (now := self._clock()) < latest:
            if self._live_cells:
                if await self._fresh_cells(round_at) >= ROUND_COMPLETE * self._live_cells:
                    break
            elif now - last_push >= QUIET_S:
                break
            await self._sleep(POLL_S)
            if self.ingest.stats.requests != seen:
                seen, last_push = self.ingest.stats.requests, self._clock()
        # what the next round must bring: every cell with a sample of this round or the last
        # (a target that went down drops out after two rounds; one that came back counts)
        self._live_cells = await self._fresh_cells(round_at - self.interval_s)

    async def _fresh_cells(self, since: float) -> int:
        """Cells holding a sample stamped at or after ``since`` (on the decode thread: the
        matrix is never read half written)."""
        stamps, since_ms = self.ingest.stamp_ms, int(since * 1000)
        return await self._offload(lambda: int(np.count_nonzero(stamps >= since_ms)))

    def status(self) -> str:
        """The receiver's counts, for the watch's status line."""
        st = self.ingest.stats
        return (
            f"remote-write: {st.samples:,} samples in {st.requests:,} requests, "
            f"{st.rejected:,} rejected, {st.unmapped + st.unsupported:,} series on no GPU"
        )

    def metrics(self) -> str:
        """``GET /metrics``: the racks' lag and the receiver's counts
        (:func:`telemetry.feeder_shards.feeder_metrics`)."""
        ing, st = self.ingest, self.ingest.stats
        topo = self.topology
        newest = rack_newest_s(ing.stamp_ms, topo.gpu_rack, topo.n_racks)
        counts = FeederCounts(
            requests=st.requests,
            rejected=st.rejected,
            samples=st.samples,
            slow_series=st.slow_series,
            unmapped=st.unmapped,
            cached_series=ing.cached_series,
            cache_capacity=ing.max_series,
            ticks=self.ticks,
            last_tick=self.last_tick,
        )
        return feeder_metrics(topo.rack_keys, newest, self._clock(), counts)

    async def aclose(self) -> None:
        await self._server.stop()
        self._pool.shutdown(wait=False, cancel_futures=True)


async def build_remote_write(
    arg: str, topology: Topology | None, interval_s: float, label_cache: int | None = None
) -> RemoteWriteSource:
    """``remote-write:[HOST:]PORT`` → the source (discovering the fleet when no topology);
    ``label_cache``: series whose label blocks are remembered (default: sized from the
    topology, :func:`telemetry.remote_write.cache_size_for`)."""
    host, port = parse_listen(arg)
    bodies: list[bytes] = []
    if topology is None:
        timeout_s = max(DISCOVERY_TIMEOUT_S, 4 * interval_s)
        topology, bodies = await discover(host, port, timeout_s, settle_s=interval_s)
    ingest = RemoteWriteIngest(topology, max_series=label_cache)
    for body in bodies:
        ingest.ingest(body)
    return RemoteWriteSource(ingest, host, port, interval_s)
