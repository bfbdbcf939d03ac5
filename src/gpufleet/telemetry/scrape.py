"""Scrape many dcgm-exporters' ``/metrics`` concurrently into one GPU frame per round.

The I/O edge for live dcgm-exporter telemetry. Each round (:meth:`DcgmExporterScraper.scrape_once`)
fetches every target concurrently (plain ``http://`` targets with
:mod:`telemetry.plain_http`, https and a caller's own client with httpx; at most ``concurrency``
in flight, a total deadline of ``timeout_s`` per target), parses each text with
:func:`telemetry.exposition.parse_exposition` and merges the results into ONE GPU
:class:`~telemetry.frame.Frame` over the whole topology (entities ``topology.gpu_keys``, columns
``GPU_FIELD_NAMES``, the same tuple objects every round so the detector's aligner stays on its
fast path). A target that fails never raises: its error goes to its :class:`TargetHealth` and
its GPUs are NaN (or, with ``stale_after_s``, keep their last values until they are that old).

Parsing is CPU work (the Prometheus client's parser costs ~40-55 µs per sample, ~12 s for
1,000 eight-GPU exporters on one core), so by default it runs on one worker thread: the event
loop keeps serving sockets, so a target's deadline measures its network time rather than the
time this process spent parsing other targets' texts, and an in-process NOC/bus sharing the loop
is not starved for seconds. ``parse_processes=N`` moves parsing to N spawned worker processes
for fleets that need more than one core. Each target has its own keep-alive HTTP client (see
:func:`target_client` for the measured reason).

History across rounds turns into flags (kinds added to those of :mod:`telemetry.exposition`):

=============================  ===================================================================
``counter_reset``              a counter field went down on a GPU (driver reload, GPU reset).
                               Only flagged: ``telemetry.rates`` does the reset-aware math.
``series_vanished``            a field a healthy target reported for a GPU in an earlier round is
                               absent now while that GPU still reports other fields (an exporter
                               upgrade or a counters-file change). One flag per (target, field),
                               naming the GPUs; re-armed when the series comes back.
``gpu_vanished``               a GPU a healthy target reported before is entirely absent from its
                               text now (fell off the bus, driver lost it). Once per disappearance.
``unsupported_always_zero``    see below; once per (GPU, field) for the scraper's lifetime.
``target_down``                a target's scrape failed after it was up (or never succeeded): once
                               per outage; the reason is in the detail and in its health.
``stale_target``               the text carries exposition timestamps older than
                               ``stale_after_s``: its values are treated as missing.
``duplicate_series``           (also) two targets report the same GPU; the first target wins.
=============================  ===================================================================

``unsupported_always_zero`` rule: DCGM reports 0, not a blank, for some fields a GPU does not
support (memory temperature on boards without an HBM sensor, profiling metrics when the DCP
module is unavailable or held by a profiler). Zero is also a legitimate reading of an idle GPU,
so only rounds in which the GPU is demonstrably busy (``DCGM_FI_DEV_GPU_UTIL`` ≥
``busy_util_pct``) count as evidence. A (GPU, field) is flagged once it has read exactly 0 in
``zero_after_scrapes`` consecutive busy rounds (idle rounds neither count nor reset; a non-zero
busy reading resets) and

- the field is one no busy GPU can read as 0 when supported (:data:`NONZERO_WHEN_BUSY`: clocks,
  temperatures, power, energy, framebuffer used, memory-copy utilization and the core profiling
  ratios GR_ENGINE / SM_ACTIVE / SM_OCCUPANCY / DRAM_ACTIVE), or
- it is another gauge (tensor pipe, PCIe/NVLink rates, …; counters, enums, bitmasks and the
  video engines ENC/DEC are never judged, since 0 is their normal value) and at least half, and
  at least one, of the other busy GPUs of the same SKU read it non-zero in the same round.

Flags are de-duplicated per target: a parser flag that persists across rounds (the same kind,
metric and entity) is reported once, and again only after a round without it. Every occurrence
is still counted in :attr:`ScrapeStats.flags_by_kind`. :meth:`flags_since_last` hands the
reported flags over and clears them.

Time: ``Tick.timestamp`` is ``clock()`` read when a round starts (the edge may read the clock;
tests pass a fake one). Durations are measured with ``time.perf_counter``.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import multiprocessing
import socket
import ssl
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
import numpy as np
import numpy.typing as npt

from gpufleet.telemetry import vmjson
from gpufleet.telemetry.exposition import Flag, ParsedExposition, parse_exposition
from gpufleet.telemetry.fast_exposition import parse_exposition_fast
from gpufleet.telemetry.fields import EXTENDED_GPU_FIELD_NAMES, FIELDS, GPU_FIELD_NAMES, FieldKind
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.plain_http import (
    BodyTooLargeError,
    PlainHttpConnection,
    PlainHttpError,
    is_plain_http,
)
from gpufleet.telemetry.topology import Cluster, Topology, Workload

log = logging.getLogger(__name__)

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.intp]
Sleep = Callable[[float], Awaitable[None]]

# Ask for the classic text format: the parser reads it, and some exporters would otherwise
# negotiate OpenMetrics or protobuf.
ACCEPT = "text/plain;version=0.0.4;q=1.0,*/*;q=0.1"
MAX_BODY_BYTES = 64 * 2**20
MAX_PENDING_FLAGS = 10_000

NONZERO_WHEN_BUSY: frozenset[str] = frozenset(
    {
        "DCGM_FI_DEV_SM_CLOCK",
        "DCGM_FI_DEV_MEM_CLOCK",
        "DCGM_FI_DEV_GPU_TEMP",
        "DCGM_FI_DEV_MEMORY_TEMP",
        "DCGM_FI_DEV_POWER_USAGE",
        "DCGM_FI_DEV_POWER_MGMT_LIMIT",
        "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
        "DCGM_FI_DEV_FB_USED",
        "DCGM_FI_DEV_MEM_COPY_UTIL",
        "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
        "DCGM_FI_PROF_SM_ACTIVE",
        "DCGM_FI_PROF_SM_OCCUPANCY",
        "DCGM_FI_PROF_DRAM_ACTIVE",
    }
)
# Zero is these fields' normal value on a busy GPU that does not encode/decode video.
_NEVER_JUDGED: frozenset[str] = frozenset(
    {"DCGM_FI_DEV_ENC_UTIL", "DCGM_FI_DEV_DEC_UTIL", "DCGM_FI_DEV_GPU_UTIL"}
)
# Parser/scraper flags that are events rather than conditions: reported every time.
_EVENT_KINDS = frozenset({"counter_reset"})


@dataclass(frozen=True, slots=True)
class ScrapeTarget:
    """One dcgm-exporter endpoint. ``hostname`` is the node it runs on; when given it overrides
    the exporter's ``Hostname`` label (under Kubernetes that label is the exporter pod's name)."""

    url: str
    hostname: str | None = None

    @property
    def name(self) -> str:
        """How flags and errors name this target: its hostname, else its URL's host:port."""
        return self.hostname or urlsplit(self.url).netloc or self.url


@dataclass
class TargetHealth:
    """Per-target scrape health, updated every round (``up`` is the latest round's outcome)."""

    target: ScrapeTarget
    up: bool = False
    last_success_ts: float | None = None  # clock() of the round of the last good scrape
    last_scrape_ts: float | None = None
    last_error: str | None = None  # why the latest failed scrape failed (kept after recovery)
    consecutive_failures: int = 0
    last_duration_s: float | None = None  # network time of the latest scrape (success or not)
    last_parse_s: float | None = None
    samples: int = 0  # samples in the latest good text
    gpus: int = 0  # GPUs mapped from the latest good text
    stale: bool = True  # its GPUs are NaN in the latest tick (no data, or data too old)


@dataclass
class ScrapeStats:
    """Cumulative counters since the scraper was built."""

    rounds: int = 0
    scrapes_ok: int = 0
    scrapes_failed: int = 0
    samples: int = 0
    bytes: int = 0
    fetch_s: float = 0.0  # summed per-target network time (targets overlap, so > round time)
    parse_s: float = 0.0  # summed time inside parse_exposition, over all parse workers
    round_s: float = 0.0  # summed wall time of scrape_once
    last_round_s: float = 0.0
    overruns: int = 0  # aticks rounds that took longer than the interval
    flags_by_kind: Counter[str] = field(default_factory=Counter)  # every occurrence
    flags_reported: Counter[str] = field(default_factory=Counter)  # after de-duplication
    flags_dropped: int = 0  # reported flags nobody collected (pending list full)


class ScrapeError(RuntimeError):
    """Raised only by :func:`discover_topology` when no target could be read at all."""


class _HttpStatusError(Exception):
    def __init__(self, status: int, reason: str) -> None:
        super().__init__(f"HTTP {status} {reason}".strip())


class _TooLargeError(Exception):
    pass


@dataclass
class _Fetched:
    text: str | None
    error: str | None
    nbytes: int
    duration_s: float


def _as_target(t: ScrapeTarget | str) -> ScrapeTarget:
    return t if isinstance(t, ScrapeTarget) else ScrapeTarget(t)


def target_client(timeout_s: float, ssl_context: ssl.SSLContext | bool = True) -> httpx.AsyncClient:
    """The client a scraper builds for ONE target when given none.

    One client (one keep-alive connection) per target, as Prometheus keeps one per target:
    httpcore's pool scans all its connections for every request it assigns, so a single pool
    holding a connection to each of 1,000 exporters spends most of a round in that scan
    (measured: ~20 s of a 1,000-target round). ``trust_env=False``: proxy variables must never
    route fleet scrapes elsewhere. ``ssl_context`` is shared across targets (building one per
    client costs milliseconds)."""
    return httpx.AsyncClient(
        timeout=httpx.Timeout(timeout_s),
        limits=httpx.Limits(max_connections=2, max_keepalive_connections=1),
        trust_env=False,
        follow_redirects=False,
        headers={"Accept": ACCEPT},
        verify=ssl_context,
    )


class _Fetcher:
    """GETs target URLs with a bounded number in flight and a total deadline per request.

    Uses ``shared`` for every target when given (the caller owns it), else one owned client
    per target (:func:`target_client`)."""

    def __init__(
        self,
        n_targets: int,
        shared: httpx.AsyncClient | None,
        timeout_s: float,
        concurrency: int,
        max_body_bytes: int,
    ) -> None:
        self.shared = shared
        self.timeout_s = timeout_s
        self.sem = asyncio.Semaphore(concurrency)
        self.max_body_bytes = max_body_bytes
        self._clients: list[httpx.AsyncClient | None] = [None] * n_targets
        self._plain_conns: list[PlainHttpConnection | None] = [None] * n_targets
        self._ssl: ssl.SSLContext | None = None
        self._plain: ssl.SSLContext | None = None

    def client(self, i: int, url: str = "https:") -> httpx.AsyncClient:
        if self.shared is not None:
            return self.shared
        c = self._clients[i]
        if c is None:
            c = self._clients[i] = target_client(self.timeout_s, self._context(url))
        return c

    def _context(self, url: str) -> ssl.SSLContext:
        """The shared TLS context for an https target; a plain-http target (a client per
        target, never redirected) gets one that loads no CA bundle: loading it is ~17 ms,
        as much as a round's parsing of 20 exporters once their plans exist."""
        if not url.lower().startswith("https:"):
            if self._plain is None:
                self._plain = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
            return self._plain
        if self._ssl is None:
            self._ssl = ssl.create_default_context()
        return self._ssl

    async def aclose(self) -> None:
        owned = [c for c in self._clients if c is not None]
        self._clients = [None] * len(self._clients)
        for conn in self._plain_conns:
            if conn is not None:
                conn.close()
        self._plain_conns = [None] * len(self._plain_conns)
        await asyncio.gather(*(c.aclose() for c in owned), return_exceptions=True)

    async def fetch(self, i: int, url: str) -> _Fetched:
        """GET target ``i``'s URL: text or the reason it failed. Raises only cancellation."""
        async with self.sem:
            start = time.perf_counter()
            nbytes = 0
            try:
                if self.shared is None and is_plain_http(url):
                    async with asyncio.timeout(self.timeout_s):
                        text, nbytes = await self._get_plain(i, url)
                    return _Fetched(text, None, nbytes, time.perf_counter() - start)
                # The target's clock starts once its client exists: the first client made also
                # builds the shared TLS context (the system CA bundle: tens of ms, far more on a
                # loaded host), which is no time the target took to answer.
                client = self.client(i, url)
                start = time.perf_counter()
                # A total deadline: httpx's own timeouts are per phase (connect, each read), so a
                # target trickling its body could otherwise hold a round far past timeout_s.
                async with asyncio.timeout(self.timeout_s):
                    text, nbytes = await self._get(client, url)
                return _Fetched(text, None, nbytes, time.perf_counter() - start)
            except (TimeoutError, httpx.TimeoutException) as exc:
                why = f"timeout after {self.timeout_s:g}s ({type(exc).__name__})"
            except (httpx.ConnectError, ConnectionRefusedError, socket.gaierror) as exc:
                why = f"connection failed ({_exc_text(exc)})"
            except asyncio.IncompleteReadError as exc:
                why = f"connection closed mid-answer after {len(exc.partial)} bytes"
            except PlainHttpError as exc:
                why = f"bad HTTP answer: {exc}"
            except _HttpStatusError as exc:
                why = str(exc)
            except (_TooLargeError, BodyTooLargeError):
                why = f"body larger than {self.max_body_bytes} bytes; not read"
            except (httpx.HTTPError, OSError, UnicodeError, ValueError) as exc:
                why = f"{type(exc).__name__}: {_exc_text(exc)}"
            return _Fetched(None, why, nbytes, time.perf_counter() - start)

    async def _get_plain(self, i: int, url: str) -> tuple[str, int]:
        conn = self._plain_conns[i]
        if conn is None:
            conn = self._plain_conns[i] = PlainHttpConnection(url, ACCEPT, self.max_body_bytes)
        resp = await conn.get()
        if not 200 <= resp.status < 300:
            raise _HttpStatusError(resp.status, resp.reason)
        try:
            text = resp.body.decode(resp.charset or "utf-8", errors="replace")
        except LookupError:  # a charset Python does not know: read it as the format's UTF-8
            text = resp.body.decode("utf-8", errors="replace")
        return text, len(resp.body)

    async def _get(self, client: httpx.AsyncClient, url: str) -> tuple[str, int]:
        async with client.stream("GET", url, headers={"Accept": ACCEPT}) as resp:
            if not resp.is_success:
                raise _HttpStatusError(resp.status_code, resp.reason_phrase)
            chunks: list[bytes] = []
            size = 0
            async for chunk in resp.aiter_bytes():
                size += len(chunk)
                if size > self.max_body_bytes:
                    raise _TooLargeError
                chunks.append(chunk)
            body = b"".join(chunks)
            return body.decode(resp.charset_encoding or "utf-8", errors="replace"), size


def _exc_text(exc: BaseException) -> str:
    msg = str(exc).strip()
    return msg if msg else type(exc).__name__


@dataclass
class _Result:
    fetched: _Fetched
    parsed: ParsedExposition | None = None
    parse_s: float = 0.0
    parse_error: str | None = None


@dataclass
class _TargetState:
    health: TargetHealth
    rows: set[int] = field(default_factory=set)  # fleet rows this target ever reported
    rows_arr: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    active: set[tuple[str, str, str]] = field(default_factory=set)  # persisting parser flags
    last_rows: IntArray | None = None  # last good round, for carrying values while fresh
    last_values: FloatArray | None = None


class DcgmExporterScraper:
    """Scrapes dcgm-exporter targets into ticks; keeps per-target health and history flags.

    ``client``: one httpx client for every target (the caller owns it and its pool limits; fine
    for tens of targets, see :func:`target_client` for why not for a thousand); by default each
    target gets its own owned client. ``stale_after_s``: None (default) makes a failed
    target's GPUs NaN at once; a number keeps its last good values for that long after its last
    success (Prometheus-style lookback), and also marks a text whose exposition timestamps are
    older than that as stale. ``parse_in_thread``: parse on one worker thread (default) or
    inline on the event loop. ``parse_processes``: N > 0 parses in a pool of N worker processes
    instead (spawned on the first round, each holding its own copy of the topology), for fleets
    whose parse time exceeds one core; only the text goes out and the parsed frame comes back.
    """

    def __init__(
        self,
        targets: Iterable[ScrapeTarget | str],
        topology: Topology,
        *,
        timeout_s: float = 5.0,
        concurrency: int = 64,
        client: httpx.AsyncClient | None = None,
        clock: Callable[[], float] = time.time,
        stale_after_s: float | None = None,
        zero_after_scrapes: int = 10,
        busy_util_pct: float = 10.0,
        max_body_bytes: int = MAX_BODY_BYTES,
        parse_in_thread: bool = True,
        parse_processes: int = 0,
    ) -> None:
        if timeout_s <= 0 or concurrency < 1:
            raise ValueError("timeout_s must be positive and concurrency at least 1")
        self.targets: tuple[ScrapeTarget, ...] = tuple(_as_target(t) for t in targets)
        self.topology = topology
        self.timeout_s = timeout_s
        self.concurrency = concurrency
        self.stale_after_s = stale_after_s
        self.zero_after_scrapes = zero_after_scrapes
        self.busy_util_pct = busy_util_pct
        self._clock = clock
        self._fetcher = _Fetcher(len(self.targets), client, timeout_s, concurrency, max_body_bytes)
        self._parse_in_thread = parse_in_thread
        self._executor: concurrent.futures.ThreadPoolExecutor | None = None
        self._parse_processes = parse_processes
        self._processes: concurrent.futures.ProcessPoolExecutor | None = None
        self.stats = ScrapeStats()
        self._targets = [_TargetState(TargetHealth(t)) for t in self.targets]
        self._pending: list[Flag] = []

        n, k = topology.n_gpus, len(GPU_FIELD_NAMES)
        self._fields = GPU_FIELD_NAMES
        self._counter_cols = np.array(
            [j for j, f in enumerate(GPU_FIELD_NAMES) if FIELDS[f].kind is FieldKind.COUNTER],
            dtype=np.intp,
        )
        self._last_counter = np.full((n, self._counter_cols.size), np.nan)
        self._ever_present = np.zeros((n, k), dtype=bool)
        self._vanish_reported = np.zeros((n, k), dtype=bool)
        self._gpu_ever = np.zeros(n, dtype=bool)
        self._gpu_vanish_reported = np.zeros(n, dtype=bool)
        self._zero_streak = np.zeros((n, k), dtype=np.int32)
        self._zero_reported = np.zeros((n, k), dtype=bool)
        self._util_col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_UTIL")
        self._busy_rule = np.array([f in NONZERO_WHEN_BUSY for f in GPU_FIELD_NAMES])
        self._peer_rule = np.array(
            [
                FIELDS[f].kind is FieldKind.GAUGE
                and f not in NONZERO_WHEN_BUSY
                and f not in _NEVER_JUDGED
                for f in GPU_FIELD_NAMES
            ]
        )
        sku_names = sorted(set(topology.gpu_sku))
        self._sku_code = np.array(
            [sku_names.index(s) for s in topology.gpu_sku], dtype=np.intp
        ).reshape(n)
        self._n_skus = len(sku_names)
        self._workloads: dict[str, Workload] = {}
        self._emitted_workloads: dict[str, Workload] | None = None
        self._saw_workloads = False

    # ------------------------------------------------------------------ public API
    @property
    def health(self) -> list[TargetHealth]:
        """Per-target health, in target order (live objects, updated each round)."""
        return [s.health for s in self._targets]

    def flags_since_last(self) -> list[Flag]:
        """The reported (de-duplicated) flags since the previous call, oldest first."""
        out, self._pending = self._pending, []
        return out

    async def scrape_once(self) -> Tick:
        """Scrape every target once and return one tick (GPU frame over the whole topology).

        Never raises for a target's failure (timeouts, refused connections, HTTP errors, bad
        text): those land in :attr:`health` and the flags."""
        t = float(self._clock())
        start = time.perf_counter()
        results = await asyncio.gather(*(self._one(i, t) for i in range(len(self.targets))))
        tick = self._merge(t, results)
        dur = time.perf_counter() - start
        self.stats.rounds += 1
        self.stats.round_s += dur
        self.stats.last_round_s = dur
        return tick

    async def aticks(self, interval_s: float, sleep: Sleep = asyncio.sleep) -> AsyncIterator[Tick]:
        """One tick every ``interval_s`` (fixed rate from the first round) until the consumer
        stops iterating. A round that overruns skips the missed slots instead of bursting."""
        if not interval_s > 0:
            raise ValueError(f"interval_s must be positive, got {interval_s}")
        due = float(self._clock())
        while True:
            yield await self.scrape_once()
            due += interval_s
            now = float(self._clock())
            if now > due:
                self.stats.overruns += 1
                due += math.ceil((now - due) / interval_s) * interval_s
            await sleep(due - now)

    async def aclose(self) -> None:
        """Close the owned HTTP clients and the parse thread. Idempotent."""
        await self._fetcher.aclose()
        if self._executor is not None:
            self._executor.shutdown(wait=False)
            self._executor = None
        if self._processes is not None:
            self._processes.shutdown(wait=True, cancel_futures=True)
            self._processes = None

    async def __aenter__(self) -> DcgmExporterScraper:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # ------------------------------------------------------------------ one target
    async def _one(self, i: int, t: float) -> _Result:
        target = self.targets[i]
        fetched = await self._fetcher.fetch(i, target.url)
        res = _Result(fetched)
        if fetched.text is None:
            return res
        args = (fetched.text, target.hostname, target.url, t)
        try:
            if self._parse_processes > 0:
                loop = asyncio.get_running_loop()
                res.parsed, res.parse_s = await loop.run_in_executor(
                    self._process_pool(), _parse_in_worker, *args
                )
            elif self._parse_in_thread:
                if self._executor is None:
                    self._executor = concurrent.futures.ThreadPoolExecutor(
                        max_workers=1, thread_name_prefix="gpufleet-parse"
                    )
                loop = asyncio.get_running_loop()
                res.parsed, res.parse_s = await loop.run_in_executor(
                    self._executor, _timed_parse, self.topology, *args
                )
            else:
                res.parsed, res.parse_s = _timed_parse(self.topology, *args)
        except Exception as exc:  # parse_exposition never raises on input; a bug must not
            res.parse_error = f"parse failed: {type(exc).__name__}: {_exc_text(exc)}"
            log.exception("parsing %s failed", target.url)
        return res

    def _process_pool(self) -> concurrent.futures.ProcessPoolExecutor:
        if self._processes is None:
            # spawn, not fork: this process runs an event loop and threads.
            self._processes = concurrent.futures.ProcessPoolExecutor(
                max_workers=self._parse_processes,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_init_worker,
                initargs=(self.topology.clusters,),
            )
        return self._processes

    # ------------------------------------------------------------------ merging
    def _merge(self, t: float, results: Sequence[_Result]) -> Tick:
        topo = self.topology
        n, k = topo.n_gpus, len(self._fields)
        values = np.full((n, k), np.nan)
        present = np.zeros((n, k), dtype=bool)
        fresh = np.zeros(n, dtype=bool)  # rows filled from this round's texts
        owner = np.full(n, -1, dtype=np.intp)
        # The extended fields and per-key DCGM_EXP_* values ride along (Tick.extended/keyed).
        ext = np.full((n, len(EXTENDED_GPU_FIELD_NAMES)), np.nan)
        keyed: dict[str, dict[str, dict[str, float]]] = {}
        ok_targets: list[int] = []
        st = self.stats
        for i, (state, res) in enumerate(zip(self._targets, results, strict=True)):
            h = state.health
            target = state.health.target
            f = res.fetched
            h.last_scrape_ts = t
            h.last_duration_s = f.duration_s
            st.fetch_s += f.duration_s
            st.bytes += f.nbytes
            parsed = res.parsed
            error = f.error or res.parse_error
            if parsed is not None and error is None:
                st.parse_s += res.parse_s
                h.last_parse_s = res.parse_s
                if self._too_old(t, parsed):
                    error = (
                        f"exposition timestamps are {t - (parsed.newest_sample_ts or t):.0f}s "
                        f"old (> stale_after_s={self.stale_after_s:g})"
                    )
                    self._report(Flag("stale_target", "", target.name, None, error, target.url))
            if parsed is None or error is not None:
                st.scrapes_failed += 1
                if h.up or h.consecutive_failures == 0:
                    self._report(
                        Flag("target_down", "", target.name, None, error or "", target.url)
                    )
                h.up = False
                h.last_error = error
                h.consecutive_failures += 1
                h.stale = not self._carry(state, t, values)
                continue
            st.scrapes_ok += 1
            st.samples += parsed.samples
            h.up = True
            h.consecutive_failures = 0
            h.last_success_ts = t
            h.samples = parsed.samples
            h.gpus = parsed.gpus
            h.stale = False
            ok_targets.append(i)
            rows = np.fromiter(
                (topo.gpu_pos[e] for e in parsed.frame.entities), dtype=np.intp, count=parsed.gpus
            )
            taken = owner[rows] >= 0
            if taken.any():
                for r in rows[taken].tolist():
                    other = self.targets[int(owner[r])]
                    self._report(
                        Flag(
                            "duplicate_series",
                            "",
                            topo.gpu_keys[r],
                            None,
                            f"GPU also reported by {other.url}; that target's values kept",
                            target.url,
                        )
                    )
                keep = ~taken
                rows_new = rows[keep]
                vals_new = parsed.frame.values[keep]
                pres_new = parsed.present[keep]
                ext_new = parsed.extended.values[keep]
            else:
                rows_new, vals_new, pres_new = rows, parsed.frame.values, parsed.present
                ext_new = parsed.extended.values
            if ext_new.shape == (rows_new.size, ext.shape[1]):
                ext[rows_new] = ext_new
            kept = {topo.gpu_keys[r] for r in rows_new.tolist()}
            keyed.update((k, v) for k, v in parsed.keyed.items() if k in kept)
            values[rows_new] = vals_new
            present[rows_new] = pres_new
            fresh[rows_new] = True
            owner[rows_new] = i
            state.last_rows, state.last_values = rows_new, vals_new
            if not state.rows.issuperset(rows_new.tolist()):
                state.rows.update(rows_new.tolist())
                state.rows_arr = np.array(sorted(state.rows), dtype=np.intp)
            self._parser_flags(state, parsed.flags)
            self._update_workloads(state, parsed)

        self._counter_resets(values, fresh)
        for i in ok_targets:
            self._vanished(self._targets[i], present)
        self._always_zero(values, fresh)
        frame = Frame(t, EntityKind.GPU, topo.gpu_keys, self._fields, values, "dcgm-exporter")
        extended = None
        if not np.isnan(ext).all():
            names = EXTENDED_GPU_FIELD_NAMES
            extended = Frame(t, EntityKind.GPU, topo.gpu_keys, names, ext, "dcgm-exporter")
        return Tick(
            t,
            (frame,),
            workloads=self._workloads_to_emit(),
            extended=extended,
            keyed=keyed or None,
        )

    def _too_old(self, t: float, parsed: ParsedExposition) -> bool:
        return (
            self.stale_after_s is not None
            and parsed.newest_sample_ts is not None
            and t - parsed.newest_sample_ts > self.stale_after_s
        )

    def _carry(self, state: _TargetState, t: float, values: FloatArray) -> bool:
        """Keep a failed target's last good values while they are fresh enough; True if kept."""
        h = state.health
        if (
            self.stale_after_s is None
            or h.last_success_ts is None
            or state.last_rows is None
            or state.last_values is None
            or t - h.last_success_ts > self.stale_after_s
        ):
            return False
        values[state.last_rows] = state.last_values
        return True

    # ------------------------------------------------------------------ flags
    def _report(self, flag: Flag) -> None:
        self.stats.flags_by_kind[flag.kind] += 1
        self.stats.flags_reported[flag.kind] += 1
        if len(self._pending) >= MAX_PENDING_FLAGS:
            self.stats.flags_dropped += 1
            return
        self._pending.append(flag)

    def _parser_flags(self, state: _TargetState, flags: list[Flag]) -> None:
        """Report parser flags that were not already active in this target's previous round."""
        now: set[tuple[str, str, str]] = set()
        for fl in flags:
            key = (fl.kind, fl.metric, fl.entity)
            now.add(key)
            if key in state.active and fl.kind not in _EVENT_KINDS:
                self.stats.flags_by_kind[fl.kind] += 1
                continue
            self._report(fl)
        state.active = now

    def _counter_resets(self, values: FloatArray, fresh: BoolArray) -> None:
        cols = self._counter_cols
        new = values[:, cols]
        new = np.where(fresh[:, None], new, np.nan)
        last = self._last_counter
        with np.errstate(invalid="ignore"):
            drop = ~np.isnan(new) & ~np.isnan(last) & (new < last)
        for g, j in zip(*np.nonzero(drop), strict=True):
            name = self._fields[int(cols[j])]
            old, cur = float(last[g, j]), float(new[g, j])
            self._report(
                Flag(
                    "counter_reset",
                    name,
                    self.topology.gpu_keys[int(g)],
                    cur,
                    f"went down from {old:.17g} to {cur:.17g} (driver reload, GPU reset); "
                    "telemetry.rates counts the new value as the increase",
                    self._source_of(int(g)),
                )
            )
        np.copyto(self._last_counter, new, where=~np.isnan(new))

    def _source_of(self, g: int) -> str:
        for s in self._targets:
            if g in s.rows:
                return s.health.target.url
        return ""

    def _vanished(self, state: _TargetState, present: BoolArray) -> None:
        rows = state.rows_arr
        if rows.size == 0:
            return
        target = state.health.target
        keys = self.topology.gpu_keys
        now: BoolArray = present[rows]
        gpu_now: BoolArray = np.asarray(now.any(axis=1), dtype=bool)
        gone = self._gpu_ever[rows] & ~gpu_now & ~self._gpu_vanish_reported[rows]
        for r in rows[gone].tolist():
            self._report(
                Flag(
                    "gpu_vanished",
                    "",
                    keys[r],
                    None,
                    "reported by this target before, absent from its text now "
                    "(fell off the bus? driver lost it?)",
                    target.url,
                )
            )
        self._gpu_vanish_reported[rows] = np.where(gpu_now, False, self._gpu_vanish_reported[rows])
        self._gpu_vanish_reported[rows[gone]] = True

        lost: BoolArray = (
            gpu_now[:, None] & self._ever_present[rows] & ~now & ~self._vanish_reported[rows]
        )
        for c in np.flatnonzero(lost.any(axis=0)).tolist():
            which = rows[lost[:, c]]
            names = ", ".join(keys[r] for r in which[:8].tolist())
            more = f" and {which.size - 8} more" if which.size > 8 else ""
            self._report(
                Flag(
                    "series_vanished",
                    self._fields[c],
                    target.name,
                    None,
                    f"absent on {which.size} GPU(s) that reported it before ({names}{more}) "
                    "while they still report other fields (exporter upgrade? counters file?)",
                    target.url,
                )
            )
        rep = self._vanish_reported[rows] & ~now  # re-armed where the series is back
        self._vanish_reported[rows] = rep | lost
        self._ever_present[rows] |= now
        self._gpu_ever[rows] |= gpu_now

    def _always_zero(self, values: FloatArray, fresh: BoolArray) -> None:
        util = values[:, self._util_col]
        with np.errstate(invalid="ignore"):
            busy = fresh & (util >= self.busy_util_pct)
        judged = busy[:, None] & ~np.isnan(values)
        zero = judged & (values == 0.0)
        self._zero_streak = np.where(
            zero, self._zero_streak + 1, np.where(judged, 0, self._zero_streak)
        ).astype(np.int32)
        eligible = self._busy_rule | self._peer_rule
        cand = (self._zero_streak >= self.zero_after_scrapes) & ~self._zero_reported & zero
        cand &= eligible[None, :]
        if not cand.any():
            return
        for c in np.flatnonzero(cand.any(axis=0)).tolist():
            gs = np.flatnonzero(cand[:, c])
            if self._busy_rule[c]:
                why = "must read non-zero on a busy GPU that supports it"
                hit = gs
            else:
                # Peers: other busy GPUs of the same SKU with a value for this field this round.
                valid = judged[:, c]
                tot = np.bincount(self._sku_code[valid], minlength=self._n_skus)
                nz = np.bincount(self._sku_code[valid & (values[:, c] > 0)], minlength=self._n_skus)
                sc = self._sku_code[gs]
                peers = tot[sc] - 1  # the candidate itself is busy, valid and zero
                ok = (nz[sc] >= 1) & (2 * nz[sc] >= peers)
                hit = gs[ok]
                why = "non-zero on most busy GPUs of the same model"
            for g in hit.tolist():
                self._zero_reported[g, c] = True
                self._report(
                    Flag(
                        "unsupported_always_zero",
                        self._fields[c],
                        self.topology.gpu_keys[g],
                        0.0,
                        f"exactly 0 in {int(self._zero_streak[g, c])} consecutive rounds while "
                        f"the GPU was busy (util ≥ {self.busy_util_pct:g}%); this field {why}: "
                        "likely not supported on this GPU/driver (treat 0 as missing)",
                        self._source_of(g),
                    )
                )

    # ------------------------------------------------------------------ workloads
    def _update_workloads(self, state: _TargetState, parsed: ParsedExposition) -> None:
        keys = self.topology.gpu_keys
        for r in state.rows:
            self._workloads.pop(keys[r], None)
        self._workloads.update(parsed.workloads)
        self._saw_workloads |= parsed.saw_workload_labels

    def _workloads_to_emit(self) -> dict[str, Workload] | None:
        # Exporters without HPC/Kubernetes mapping say nothing about workloads: then never
        # claim "all free", so the scheduler's own view is not overridden.
        if not self._saw_workloads or self._workloads == self._emitted_workloads:
            return None
        self._emitted_workloads = dict(self._workloads)
        return dict(self._workloads)


def _timed_parse(
    topology: Topology, text: str, hostname: str | None, source: str, t: float
) -> tuple[ParsedExposition, float]:
    t0 = time.perf_counter()
    # The plan-per-target parser: the same result as parse_exposition, values-only on pages
    # of an unchanged shape (telemetry.fast_exposition).
    parsed = parse_exposition_fast(
        text, topology=topology, hostname=hostname, source=source, timestamp=t
    )
    return parsed, time.perf_counter() - t0


_WORKER_TOPOLOGY: Topology | None = None


def _init_worker(clusters: tuple[Cluster, ...]) -> None:
    global _WORKER_TOPOLOGY  # noqa: PLW0603 — one topology per parse worker process
    _WORKER_TOPOLOGY = Topology(clusters)


def _parse_in_worker(
    text: str, hostname: str | None, source: str, t: float
) -> tuple[ParsedExposition, float]:
    assert _WORKER_TOPOLOGY is not None, "parse worker started without its initializer"
    return _timed_parse(_WORKER_TOPOLOGY, text, hostname, source, t)


class ScrapeSource:
    """An async tick source (``topology``, ``interval_s``, ``aticks()``) over a scraper, for
    ``gpufleet watch`` and the NOC service loop."""

    def __init__(
        self, scraper: DcgmExporterScraper, interval_s: float, *, sleep: Sleep = asyncio.sleep
    ) -> None:
        self.scraper = scraper
        self.topology = scraper.topology
        self.interval_s = interval_s
        self._sleep = sleep

    def aticks(self) -> AsyncIterator[Tick]:
        return self.scraper.aticks(self.interval_s, self._sleep)

    async def aclose(self) -> None:
        await self.scraper.aclose()


async def served_fields(
    targets: Iterable[ScrapeTarget | str],
    *,
    timeout_s: float = 5.0,
    concurrency: int = 64,
    client: httpx.AsyncClient | None = None,
) -> frozenset[str]:
    """The registry's GPU fields (:data:`GPU_FIELD_NAMES`) for which at least one target
    served a sample: one scrape of every target (failed targets serve nothing)."""
    tlist = [_as_target(t) for t in targets]
    fetcher = _Fetcher(len(tlist), client, timeout_s, concurrency, MAX_BODY_BYTES)
    try:
        fetched = await asyncio.gather(*(fetcher.fetch(i, t.url) for i, t in enumerate(tlist)))
    finally:
        await fetcher.aclose()
    served: set[str] = set()
    for target, f in zip(tlist, fetched, strict=True):
        if f.text is None:
            continue
        parsed = parse_exposition(f.text, hostname=target.hostname, source=target.url)
        if parsed.present.size:
            present = np.asarray(parsed.present, dtype=bool)
            served |= {n for j, n in enumerate(parsed.frame.fields) if present[:, j].any()}
    return frozenset(served)


async def discover_topology(
    targets: Iterable[ScrapeTarget | str],
    *,
    timeout_s: float = 5.0,
    concurrency: int = 64,
    client: httpx.AsyncClient | None = None,
) -> Topology:
    """Scrape every target once and infer the fleet from dcgm-exporter's labels.

    For operators without a topology file: one node per hostname (the target's configured one,
    else the ``Hostname`` label), its GPUs from ``gpu``/``UUID``/``pci_bus_id``/``modelName``/
    ``DCGM_FI_DRIVER_VERSION``, all in one rack ``unknown`` (the same inference as
    :func:`telemetry.vmjson.read_vm_jsonl`). Targets that fail and GPUs whose model maps to no
    known SKU are logged and left out. Raises :class:`ScrapeError` when no GPU was found.
    """
    tlist = [_as_target(t) for t in targets]
    fetcher = _Fetcher(len(tlist), client, timeout_s, concurrency, MAX_BODY_BYTES)
    try:
        fetched = await asyncio.gather(*(fetcher.fetch(i, t.url) for i, t in enumerate(tlist)))
    finally:
        await fetcher.aclose()
    errs = vmjson.ParseErrors("discover")
    meta: dict[tuple[str, int], vmjson.GpuMeta] = {}
    failures: list[str] = []
    for target, f in zip(tlist, fetched, strict=True):
        if f.text is None:
            failures.append(f"{target.url}: {f.error}")
            continue
        parsed = parse_exposition(f.text, hostname=target.hostname, source=target.url)
        for info in parsed.gpu_info.values():
            meta.setdefault(
                (info.host, info.index),
                vmjson.GpuMeta(
                    info.host, info.index, info.uuid, info.pci_bus_id, info.model, info.driver, 0
                ),
            )
    if not meta:  # one error naming every failure (no warning lines repeating them first)
        raise ScrapeError(
            "no GPU found on any target"
            + (f"; failures: {'; '.join(failures[:10])}" if failures else "")
        )
    for msg in failures:
        log.warning("topology discovery: %s", msg)
    topo = vmjson.infer_topology(meta, {}, errs)
    for msg in errs.result():
        log.warning("topology discovery: %s", msg)
    return topo
