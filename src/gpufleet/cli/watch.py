"""``gpufleet watch``: build the live pipeline from command-line source specs.

Sources (``--source``):

- ``sim`` — the demo fleet, paced by ``--speed``;
- ``replay:DIR`` — a recorded run (``gpufleet simulate``);
- ``dcgm:URL[,URL…]`` or ``dcgm:@FILE`` — scrape dcgm-exporter endpoints (FILE: one
  ``URL [hostname]`` per line; ``#`` comments);
- ``prometheus:URL`` — poll a Prometheus-API store (Prometheus, VictoriaMetrics, Thanos…);
- ``nvml`` — this host's GPUs through NVML (``nvml:fake`` drives a simulated node instead);
- ``remote-write:[HOST:]PORT`` — receive vmagent's Prometheus remote-write pushes
  (:mod:`cli.remote_write_source`; binds 127.0.0.1 unless HOST is given).

Extra inputs: ``--logs PATH|journal`` (repeatable; kernel logs followed live) and
``--alertmanager [HOST:]PORT`` (the service's Alertmanager webhook edge, :mod:`service.intake`,
on FastAPI/uvicorn at ``/api/v1/alerts/alertmanager``, alongside the NOC). Without
``--topology``, the topology is discovered from the exporters' / store's labels or from NVML.

``--sre`` adds the SRE agent as a bus subscriber (:class:`~agents.sre.service.SreService`):
every incident worth paging for is diagnosed as it opens, its plan runs up to the first step
a person must approve, and the approval waits in ``--state-dir`` (``gpufleet approvals``).
Evidence for the simulator and recorded runs comes from a replay fleet fed by the same ticks,
before the detector sees each one (no server needed); for live sources from the configured
metrics store / kernel log / SLURM (:mod:`agents.sre.live`), falling back to the ticks this
process has watched. Decisions made by another process are picked up every few seconds.
"""

from __future__ import annotations

import asyncio
import json
import shlex
import signal
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.known import ForeignIncidents
from gpufleet.agents.noc.service import AsyncTickSource, LogEventFeed, Pacer, run_noc
from gpufleet.agents.sre.config import SreConfig, load_sre_config
from gpufleet.agents.sre.live import BusIncidents, SharedReplayFleet, live_wiring
from gpufleet.agents.sre.runtime import (
    Origin,
    SreRuntime,
    build_runtime,
    open_model_for,
    replay_tools,
)
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from gpufleet.bus.factory import open_bus, subscribe_view
from gpufleet.bus.log import EventLog
from gpufleet.bus.protocol import ALL_TOPICS, Bus, Handler
from gpufleet.cli.common import command_prefix, operator_name
from gpufleet.cli.model_progress import TerminalProgress
from gpufleet.cli.remote_write_source import build_remote_write
from gpufleet.cli.source_errors import SourceError
from gpufleet.service.app import http_app
from gpufleet.service.intake import WEBHOOK_PATH, AlertmanagerEdge
from gpufleet.service.journal import IntakeJournal
from gpufleet.service.server import HttpServer, ServerStartError
from gpufleet.sim.nvml_fake import FakeNvml
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.log_feed import JobLogFeed, KernelLogFeed
from gpufleet.telemetry.nvml import NvmlCollector, NvmlSource
from gpufleet.telemetry.promql import DEFAULT_HISTORY_S, DEFAULT_LAG_S, PromSource, PromStore
from gpufleet.telemetry.scrape import (
    DcgmExporterScraper,
    ScrapeSource,
    ScrapeTarget,
    discover_topology,
)
from gpufleet.telemetry.sources import TickSource
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import read_vm_jsonl


@dataclass
class LiveInputs:
    source: TickSource | AsyncTickSource
    feeds: list[KernelLogFeed] = field(default_factory=list)
    receiver: AlertWebhook | None = None
    closers: list[Any] = field(default_factory=list)

    @property
    def log_feeds(self) -> list[LogEventFeed]:
        return list(self.feeds)


def read_targets(spec: str) -> list[ScrapeTarget]:
    """``URL,URL`` or ``@FILE`` (one ``URL [hostname]`` per line) → scrape targets."""
    if spec.startswith("@"):
        path = Path(spec[1:])
        try:
            lines = path.read_text().splitlines()
        except OSError as e:
            raise SourceError(f"dcgm targets file {path}: {e.strerror}") from None
        out = []
        for n, line in enumerate(lines, 1):
            parts = line.split("#", 1)[0].split()
            if not parts:
                continue
            if len(parts) > 2 or not parts[0].startswith(("http://", "https://")):
                raise SourceError(f"{path}:{n}: expected 'URL [hostname]', got {line!r}")
            out.append(ScrapeTarget(parts[0], parts[1] if len(parts) == 2 else None))
        return out
    urls = [u for u in spec.split(",") if u]
    bad = [u for u in urls if not u.startswith(("http://", "https://"))]
    if bad or not urls:
        raise SourceError(f"dcgm targets must be http(s) URLs, got {bad or spec!r}")
    return [ScrapeTarget(u, None) for u in urls]


async def discover_prometheus_topology(store: PromStore, at: float) -> Topology:
    """The fleet as the store's dcgm-exporter labels describe it (one instant query)."""
    series = store.query("DCGM_FI_DEV_GPU_TEMP", at)
    lines = [
        json.dumps(
            {
                "metric": {**s["metric"], "__name__": "DCGM_FI_DEV_GPU_TEMP"},
                "values": [float(s["value"][1])],
                "timestamps": [int(float(s["value"][0]) * 1000)],
            }
        )
        for s in series
    ]
    read = read_vm_jsonl(lines, source="prometheus instant query")
    if read.topology.n_gpus == 0:
        raise SourceError(
            "the store has no DCGM_FI_DEV_GPU_TEMP series with Hostname/gpu labels; pass --topology"
        )
    return read.topology


async def build_live(
    spec: str,
    *,
    topology: Topology | None,
    interval_s: float,
    clock_now: float,
    lag_s: float | None = None,
    history_s: float = DEFAULT_HISTORY_S,
    label_cache: int | None = None,
) -> tuple[TickSource | AsyncTickSource, list[Any]]:
    """The live source a spec names. ``history_s``: a store-backed source first reads back that
    much of the store's history, so a fault already under way is met with its "before".
    ``label_cache``: remote-write's series cache (default: sized from the topology)."""
    kind, _, arg = spec.partition(":")
    if lag_s is not None and not lag_s >= 0:  # also NaN
        raise SourceError(f"--lag must be a number of seconds >= 0, got {lag_s}")
    if not history_s >= 0:  # also NaN
        raise SourceError(f"--history must be a number of minutes >= 0, got {history_s / 60:g}")
    if kind == "dcgm":
        targets = read_targets(arg)
        topo = topology or await discover_topology(targets)
        scraper = DcgmExporterScraper(targets, topo)
        return ScrapeSource(scraper, interval_s), [scraper]
    if kind == "prometheus":
        if not arg.startswith(("http://", "https://")):
            raise SourceError(f"prometheus source needs a URL, got {arg!r}")
        store = PromStore(arg)
        topo = topology or await discover_prometheus_topology(store, clock_now - 120.0)
        lag = DEFAULT_LAG_S if lag_s is None else lag_s
        source = PromSource(store, topo, interval_s=interval_s, lag_s=lag, history_s=history_s)
        return source, [store]
    if kind == "nvml":
        if arg == "fake":
            # A simulated node behind a fake NVML, to try the collector without a GPU.
            topo = topology or Topology([build_cluster(racks=1, nodes_per_rack=1)])
            fake = FakeNvml.from_simulator(FleetSimulator(topo, seed=1), topo.node_keys[0])
            collector = NvmlCollector(
                api=fake, hostname=topo.node_keys[0], topology=topo, clock=fake.now
            )
            return NvmlSource(collector, interval_s=interval_s, sleep=fake.asleep), [collector]
        collector = NvmlCollector(hostname=socket.gethostname(), topology=topology)
        return NvmlSource(collector, interval_s=interval_s), [collector]
    if kind == "remote-write":
        rw = await build_remote_write(arg, topology, interval_s, label_cache)
        return rw, [rw]
    raise SourceError(
        f"unknown source {spec!r}: use sim, replay:DIR, dcgm:URL[,URL]|@FILE, "
        "prometheus:URL, nvml or remote-write:[HOST:]PORT"
    )


def log_feeds(
    specs: Sequence[str],
    topology: Topology,
    node: str | None,
    year: int | None,
    history_s: float = 0.0,
) -> list[KernelLogFeed]:
    """Kernel-log feeds, each reading back ``history_s`` of its log before following it."""
    return [
        KernelLogFeed(s, node=node, topology=topology, year=year, history_s=history_s).start()
        for s in specs
    ]


def job_log_feeds(
    paths: Sequence[str], topology: Topology, node: str | None
) -> list[KernelLogFeed]:
    """``--job-log``: each file a job's output; SLURM's ``slurm-<id>.out`` names its job."""
    return [
        JobLogFeed(p, node=node, topology=topology, job=_job_of(Path(p))).start() for p in paths
    ]


def _job_of(path: Path) -> str:
    stem = path.stem
    return stem.removeprefix("slurm-") if stem.startswith("slurm-") else stem


@dataclass
class AlertWebhook:
    """``--alertmanager``: the service's webhook edge under uvicorn, journalled in memory
    (``gpufleet serve`` journals to disk)."""

    edge: AlertmanagerEdge
    server: HttpServer
    journal: IntakeJournal

    @property
    def url(self) -> str:
        return f"{self.server.url}{WEBHOOK_PATH}"

    async def start(self) -> None:
        try:
            await self.server.start()
        except ServerStartError as e:
            self.journal.close()
            raise SourceError(f"--alertmanager: {e}") from None

    async def stop(self) -> None:
        await self.server.stop()
        self.journal.close()


def alert_receiver(
    spec: str | None, topology: Topology, detector: Detector, bus: Bus
) -> AlertWebhook | None:
    if not spec:
        return None
    host, _, port = spec.rpartition(":")
    try:
        port_n = int(port)
    except ValueError:
        raise SourceError(f"--alertmanager expects [HOST:]PORT, got {spec!r}") from None
    if not 0 <= port_n <= 65535:
        raise SourceError(f"--alertmanager: port {port_n} is out of range")
    journal = IntakeJournal(":memory:")
    edge = AlertmanagerEdge(AlertIntake(topology, detector.open_incidents), bus, journal)
    # an alert that opens an incident before the NOC sees the fault: the NOC joins it
    subscribe_view(bus, "incident", "noc-foreign-incidents", ForeignIncidents(detector))
    app = http_app(
        title="gpufleet watch: Alertmanager webhook",
        routers=[edge.router],
        lifecycles=[edge.lifecycle],
        readiness=[lambda: None if edge.running else "the intake worker"],
    )
    return AlertWebhook(edge, HttpServer(app, host or "127.0.0.1", port_n), journal)


def wall_clock_pacer(speed: float) -> Pacer:
    """Pace a simulated or recorded run to data time / ``speed`` (the one place a watch reads
    the wall clock: at the edge)."""
    state: dict[str, float] = {}

    async def pace(t: float) -> None:
        now = time.monotonic()
        if "t0" not in state:
            state["t0"], state["w0"] = t, now
            return
        due = state["w0"] + (t - state["t0"]) / speed
        if due > now:
            await asyncio.sleep(due - now)

    return pace


# --------------------------------------------------------------------------- the SRE agent
LIVE_WINDOW_S = 2 * 3600.0  # watched-ticks fallback: an hour before an incident, and its hour
DECISION_POLL_S = 2.0


class _ObservedTicks:
    """A synchronous source whose ticks reach the SRE fleet before the detector sees them."""

    def __init__(self, source: TickSource, fleet: SharedReplayFleet) -> None:
        self.source, self.fleet = source, fleet
        self.topology = source.topology
        self.interval_s = source.interval_s

    def ticks(self) -> Iterator[Tick]:
        for tick in self.source.ticks():
            self.fleet.observe(tick)
            yield tick


class _ObservedATicks:
    """An asynchronous source whose ticks reach the SRE fleet before the detector."""

    def __init__(self, source: AsyncTickSource, fleet: SharedReplayFleet) -> None:
        self.source, self.fleet = source, fleet
        self.topology = source.topology
        self.interval_s = source.interval_s

    async def aticks(self) -> AsyncIterator[Tick]:
        async for tick in self.source.aticks():
            self.fleet.observe(tick)
            yield tick


def observed(
    source: TickSource | AsyncTickSource, fleet: SharedReplayFleet
) -> TickSource | AsyncTickSource:
    if hasattr(source, "aticks"):
        return _ObservedATicks(cast(AsyncTickSource, source), fleet)
    return _ObservedTicks(source, fleet)


@dataclass
class SreWatch:
    """What ``watch --sre`` adds: the runtime, the fleet the ticks feed, and the clocks.

    ``clock`` is the diagnosis time at the edge (None: the incident's own time, for the
    simulator and recorded runs); ``decision_clock`` the time a resumed step runs at."""

    runtime: SreRuntime
    fleet: SharedReplayFleet | None
    decision_clock: Callable[[], float]
    clock: Callable[[], float] | None = None
    origin: Callable[[Incident], Origin | None] | None = None
    incidents: BusIncidents | None = None
    adopt: str | None = None  # origin kind whose paused threads this watch resumes
    poll_s: float = DECISION_POLL_S
    sources: dict[str, str] = field(default_factory=dict)
    service: SreService | None = None

    def close(self) -> None:
        self.runtime.close()


def sre_watch(
    cfg: SreConfig,
    source: TickSource | AsyncTickSource,
    kind: str,
    *,
    demo_seed: int | None = None,
    demo_start: float | None = None,
    metrics_url: str | None = None,
    events_db: str | None = None,
    log_files: Sequence[str] = (),
    log_node: str | None = None,
) -> tuple[SreWatch, TickSource | AsyncTickSource]:
    """Build the SRE agent for a watch over ``source`` (``kind``: sim, replay or a live
    kind); returns it and the source to run (wrapped so the agent's fleet sees every tick).

    ``demo_seed``/``demo_start``: the simulator's seed and first sample time, saved as each
    thread's origin so ``gpufleet approve`` in another process can rebuild the same tools."""
    topology = source.topology
    # plain lines: the watch has its own view of the terminal
    model = open_model_for(cfg, progress=TerminalProgress(plain=True))
    if kind in ("sim", "replay"):
        fleet = SharedReplayFleet.for_topology(topology)
        runtime = build_runtime(cfg, fleet, replay_tools(cfg, fleet), model=model)
        origin = None
        if kind == "sim" and demo_seed is not None and demo_start is not None:
            seed, start, step = demo_seed, demo_start, source.interval_s

            def origin(incident: Incident) -> Origin | None:
                # the simulated run up to one sample past this version of the incident
                return Origin(
                    kind="demo", seed=seed, hours=(incident.updated_at - start + step) / 3600.0
                )

        watch = SreWatch(
            runtime,
            fleet,
            decision_clock=lambda: fleet.now,  # data time: the replay's "now"
            origin=origin,
            sources={"evidence": "replay of the watched ticks (changes recorded, never run)"},
        )
    else:
        has_store = cfg.metrics_store is not None or metrics_url is not None
        recent = None if has_store else SharedReplayFleet.for_topology(topology, LIVE_WINDOW_S)
        incidents = BusIncidents()
        wiring = live_wiring(
            cfg,
            topology,
            recent=recent,
            metrics_url=metrics_url,
            event_log=events_db,
            incidents=incidents,
            log_files=[f for f in log_files if f != "journal"],
            log_node=log_node,
        )
        runtime = build_runtime(cfg, wiring.fleet, wiring.tools, model=model)
        runtime.closers.append(wiring.close)
        watch = SreWatch(
            runtime,
            recent,
            decision_clock=time.time,
            clock=time.time,  # the one wall clock: live diagnoses happen now
            origin=lambda _incident: Origin(kind="live"),
            incidents=incidents,
            adopt="live",
            sources=wiring.sources,
        )
    closer = getattr(model, "close", None)
    if closer is not None:
        runtime.closers.append(closer)
    wrapped = observed(source, watch.fleet) if watch.fleet is not None else source
    return watch, wrapped


class PhaseMergingBoard:
    """Feeds a board the NOC's latest version of each incident with the SRE agent's phase.

    Two writers describe one incident: the NOC owns its content (entities, symptoms, scope,
    severity) and always says ``detected``; the SRE agent owns its phase, on the version it
    diagnosed, which the NOC may have widened since. Taking whichever event came last would
    show either a stale incident or a lost phase."""

    def __init__(self, board: Handler) -> None:
        self.board = board
        self.content: dict[str, Incident] = {}
        self.phase: dict[str, Incident] = {}

    async def __call__(self, event: Event) -> None:
        if not isinstance(event, IncidentOpened | IncidentUpdated):
            await self.board(event)
            return
        inc = event.incident
        key = inc.incident_id
        if isinstance(event, IncidentUpdated) and event.change == "phase":
            self.phase[key] = inc
        else:
            self.content[key] = inc
        base, phased = self.content.get(key, inc), self.phase.get(key)
        if phased is not None:
            base = base.model_copy(update={"phase": phased.phase, "history": phased.history})
        await self.board(event.model_copy(update={"incident": base}))


async def stop_edges(receiver: Any, feeds: Sequence[KernelLogFeed], closers: Sequence[Any]) -> None:
    """Stop what a watch started at its edges: the Alertmanager receiver, the log followers and
    the sources' clients (sync ``close`` or async ``aclose``)."""
    if receiver is not None:
        await receiver.stop()
    for feed in feeds:
        feed.stop()
    for c in closers:
        closing = getattr(c, "aclose", None) or getattr(c, "close", None)
        if closing is not None:
            result = closing()
            if asyncio.iscoroutine(result):
                await result


@dataclass
class WatchHooks:
    """What the front end sees of a running ``watch --sre``: ``view`` gets every incident,
    diagnosis and action event; ``announce`` one-off lines (the Alertmanager receiver URL);
    ``status`` is called every ``status_every_s`` seconds of wall time; ``stop_on_signals``:
    SIGINT and SIGTERM end the watch cleanly (the source stops, running diagnoses finish for
    up to ``grace_s``) instead of raising."""

    view: Handler | None = None
    announce: Callable[[str], None] | None = None
    status: Callable[[], None] | None = None
    status_every_s: float = 15.0
    stop_on_signals: bool = False
    grace_s: float = 10.0
    stopped_by: str | None = None  # the signal's name, once one stopped the watch


def _stop_on_signals(task: asyncio.Task[None], hooks: WatchHooks) -> list[signal.Signals]:
    """SIGINT/SIGTERM cancel ``task`` (the source) and say which signal it was."""
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []
    for sig in (signal.SIGINT, signal.SIGTERM):

        def stop(sig: signal.Signals = sig) -> None:
            hooks.stopped_by = hooks.stopped_by or sig.name
            task.cancel()

        try:
            loop.add_signal_handler(sig, stop)
        except (NotImplementedError, RuntimeError):  # not the main thread / not POSIX
            continue
        installed.append(sig)
    return installed


async def _status_loop(hooks: WatchHooks) -> None:
    assert hooks.status is not None
    while True:
        await asyncio.sleep(hooks.status_every_s)
        hooks.status()


async def _run_source(noc: Callable[[], Any], hooks: WatchHooks) -> bool:
    """Run the NOC until its source ends (True) or a signal stops it (False)."""
    task: asyncio.Task[None] = asyncio.create_task(noc())
    installed = _stop_on_signals(task, hooks) if hooks.stop_on_signals else []
    try:
        await task
        return True
    except asyncio.CancelledError:
        if hooks.stopped_by is None:
            raise
        return False
    finally:
        loop = asyncio.get_running_loop()
        for sig in installed:
            loop.remove_signal_handler(sig)


async def run_watch(
    source: TickSource | AsyncTickSource,
    detector: Detector,
    *,
    board: Handler,
    on_tick: Callable[[Tick, int], None] | None = None,
    pacer: Pacer | None = None,
    events_db: str | None = None,
    feeds: Sequence[KernelLogFeed] = (),
    alertmanager: str | None = None,
    max_ticks: int | None = None,
    closers: Sequence[Any] = (),
    sre: SreWatch,
    bus_url: str | None = None,
    hooks: WatchHooks | None = None,
) -> SreService:
    """The watch pipeline with the SRE agent on the bus: NOC → bus → board and SRE agent.
    Returns the service (its reports and stats) after the source ends and every diagnosis
    it caused is done, or after a signal stopped it (``hooks``). ``bus_url``: a ``nats://``
    bus instead of the in-process one."""
    hooks = hooks or WatchHooks()
    log = EventLog(events_db, fsync=False) if events_db else None
    bus = open_bus(bus_url, log)
    subscribe_view(bus, "incident", "incident-board", PhaseMergingBoard(board))
    if hooks.view is not None:
        # One subscription on every topic, not one per topic: each subscription has its own
        # worker, so per-topic views printed "escalated" before the "diagnosed" that led to it.
        subscribe_view(bus, ALL_TOPICS, "watch-view", hooks.view)

    def observe(event: Event) -> None:
        if sre.fleet is not None:
            sre.fleet.observe_event(event)
        if sre.incidents is not None:
            sre.incidents.observe_event(event)

    service = SreService(sre.runtime, bus, clock=sre.clock, origin=sre.origin, observe=observe)
    sre.service = service
    receiver = None
    background: list[asyncio.Task[None]] = []
    try:
        await service.start()
        if sre.adopt is not None:
            service.adopt_paused(sre.adopt)
        await bus.start()
        background.append(asyncio.create_task(service.run_poller(sre.decision_clock, sre.poll_s)))
        if hooks.status is not None:
            background.append(asyncio.create_task(_status_loop(hooks)))
        receiver = alert_receiver(alertmanager, source.topology, detector, bus)
        if receiver is not None:
            await receiver.start()
            if hooks.announce is not None:
                hooks.announce(f"Alertmanager webhook receiver: {receiver.url}")
        ended = await _run_source(
            lambda: run_noc(
                source,
                detector,
                bus,
                pacer=pacer,
                on_tick=on_tick,
                log_feeds=feeds,
                max_ticks=max_ticks,
            ),
            hooks,
        )
        if ended:
            await service.drain()
            await service.poll_decisions(sre.decision_clock())
            await service.drain()
        else:
            # stopped by a signal: let the diagnosis under way finish and its events reach
            # the view, for a while; paused ones wait in the state dir either way
            draining = asyncio.create_task(service.drain())
            done, _ = await asyncio.wait([draining], timeout=hooks.grace_s)
            if not done:
                draining.cancel()
                await asyncio.gather(draining, return_exceptions=True)
    finally:
        for task in background:
            task.cancel()
        await asyncio.gather(*background, return_exceptions=True)
        await stop_edges(receiver, feeds, closers)
        await service.close()
        await bus.close()
        if log is not None:
            log.close()
    return service


def sre_from_args(
    args: Any,
    source: TickSource | AsyncTickSource,
    kind: str,
    arg: str,
    *,
    demo_start: float | None = None,
) -> tuple[SreWatch, TickSource | AsyncTickSource]:
    """``watch --sre [--sre-config PATH] [--state-dir DIR]`` → :func:`sre_watch`. Raises
    :class:`~agents.sre.config.SreConfigError` for a bad configuration file."""
    cfg = load_sre_config(args.sre_config)
    if args.state_dir:
        cfg = cfg.model_copy(update={"state_dir": Path(args.state_dir)})
    return sre_watch(
        cfg,
        source,
        kind,
        demo_seed=args.seed if kind == "sim" else None,
        demo_start=demo_start,
        metrics_url=arg if kind == "prometheus" else None,
        events_db=args.events_db,
        log_files=args.logs,
        log_node=args.logs_node,
    )


def sre_summary(sre: SreWatch) -> dict[str, Any]:
    """What the agent did during the watch, for ``--json`` and the text report."""
    service = sre.service
    state = sre.runtime.config.state_dir
    pending = sre.runtime.approvals.pending()
    reports = service.reports if service is not None else {}
    return {
        "state_dir": str(state),
        "evidence": sre.sources,
        "diagnoses": [
            {
                "incident_id": r.incident_id,
                "thread_id": r.thread_id,
                "top": r.diagnosis.top.card_id if r.diagnosis and r.diagnosis.top else None,
                "runbook": r.diagnosis.runbook_id if r.diagnosis else None,
                "outcome": r.outcome,
                "pending_approval": r.pending_approval,
            }
            for r in reports.values()
        ],
        "pending_approvals": [
            {"approval_id": p.approval_id, "incident_id": p.incident_id, "tool": p.tool}
            for p in pending
        ],
        "stats": dict(vars(service.stats)) if service is not None else {},
    }


def sre_summary_text(summary: dict[str, Any]) -> str:
    lines = ["", f"SRE agent ({summary['state_dir']}):"]
    for d in summary["diagnoses"]:
        lines.append(
            f"  {d['incident_id']}: {d['top'] or 'no hypothesis'} → "
            f"{d['runbook'] or 'no runbook'} ({d['outcome']})"
        )
    if not summary["diagnoses"]:
        lines.append("  no incident needed a diagnosis")
    for p in summary["pending_approvals"]:
        lines.append(f"  waiting for approval: {p['approval_id']} {p['tool']} ({p['incident_id']})")
    if summary["pending_approvals"]:
        # commands that run as printed, from where this watch ran (cli.common.command_prefix)
        prog, hint = command_prefix()
        where = f"--state-dir {shlex.quote(str(summary['state_dir']))}"
        first = summary["pending_approvals"][0]["approval_id"]
        by = shlex.quote(operator_name())
        lines += [
            "  next:",
            f"    {prog} approvals {where}",
            f"    {prog} approve {first} --by {by} --reason 'checked the evidence' {where}",
        ]
        if hint:
            lines.append(f"    ({hint})")
    return "\n".join(lines) + "\n"
