"""``gpufleet serve``: the NOC, the SRE agent and the HTTP service in one asyncio loop.

Start order (each part is running before anything that feeds it):

1. the event log (``<state>/events.db``) and the in-process bus; the read models (incident
   book, metrics, event log lines) subscribe from the log's start / their offsets;
2. the SRE agent (:class:`~agents.sre.service.SreService`) subscribes, adopts the paused
   threads an earlier run left, and polls for decisions made through the API, the CLI or Slack;
3. the HTTP server (uvicorn): its startup recovers the Alertmanager journal (accepted payloads
   not yet processed are processed first), then answers;
4. the NOC on the configured source.

SIGTERM / SIGINT stop it in reverse: the NOC, the HTTP server (the intake drains what it
acknowledged, bounded), the agent's poller, the bus, the stores; then one summary line.
Anything cut short stays durable: acknowledged alerts in the journal, events in the log,
paused diagnoses in the checkpoints, decisions in the approval store.
"""

from __future__ import annotations

import asyncio
import json
import logging
import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.alert_memory_sql import SqlIntakeMemory
from gpufleet.agents.noc.config import load_config
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.known import QUIET_S, ForeignIncidents, open_incidents
from gpufleet.agents.noc.kube_pod_feed import kube_pod_feed
from gpufleet.agents.noc.service import AsyncTickSource, Pacer, run_noc
from gpufleet.agents.sre.config import SreConfig, load_sre_config
from gpufleet.agents.sre.runtime import SreRuntime
from gpufleet.agents.sre.service import SreService
from gpufleet.bus.events import AnomalyDetected, Event, Incident
from gpufleet.bus.factory import open_bus, subscribe_view
from gpufleet.bus.log import EventLog
from gpufleet.cli.common import load_topology
from gpufleet.cli.watch import (
    SreWatch,
    build_live,
    log_feeds,
    sre_watch,
    stop_edges,
    wall_clock_pacer,
)
from gpufleet.graph.approvals.policy import Policy, load_policy
from gpufleet.knowledge.retrieve import Query
from gpufleet.service.app import create_app
from gpufleet.service.config import LoadedConfig, perf_enabled
from gpufleet.service.context import Extension, ServiceContext
from gpufleet.service.demo_mode import fault_timeline, starting_line, token_lines
from gpufleet.service.incidents import IncidentBook
from gpufleet.service.intake import AlertmanagerEdge
from gpufleet.service.journal import IntakeJournal
from gpufleet.service.metrics import ServiceMetrics, connection_metrics
from gpufleet.service.server import HttpServer
from gpufleet.sim.demo import FAN_FAILURE_ONSET_S, demo_simulator
from gpufleet.sim.source import SimulatedSource
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.report_folder import ReportFolderFeed
from gpufleet.telemetry.sources import RecordedSource, TickSource

logger = logging.getLogger("gpufleet.serve")
event_logger = logging.getLogger("gpufleet.events")

BOOK_SUBSCRIBER = "api-incidents"
FOREIGN_SUBSCRIBER = "noc-foreign-incidents"


@dataclass(frozen=True)
class PluginInputs:
    """What a front end plugged into the service gets: the shared context, the config (with
    its secrets read: ``loaded.slack``), the SRE runtime (its tool registry, approval gate and
    stores, knowledge base: what MCP exposes) and the incidents read model."""

    ctx: ServiceContext
    loaded: LoadedConfig
    runtime: SreRuntime
    book: IncidentBook
    # the fleet's "now" for reads over its data: the simulator's or replay's data time, the
    # wall clock for a live fleet (a chat question about "the last 30 minutes" means this)
    data_clock: Callable[[], float] = time.time


# PluginInputs → what a front end adds (Slack's router, MCP's mount and session manager)
Plugin = Callable[[PluginInputs], Extension]


@dataclass
class Pipeline:
    """The built parts, before anything runs."""

    source: TickSource | AsyncTickSource
    detector: Detector
    sre: SreWatch
    kind: str
    pacer: Pacer | None
    feeds: list[KernelLogFeed] = field(default_factory=list)
    closers: list[Any] = field(default_factory=list)


async def build_pipeline(
    loaded: LoadedConfig, sre_cfg: SreConfig, announce: Callable[[str], None] | None = None
) -> Pipeline:
    """The telemetry source, the detector and the SRE agent for the config; ``announce`` is
    told (one line) when the demo fleet runs in real time and when its fault will show."""
    tele = loaded.config.telemetry
    kind, _, arg = tele.source.partition(":")
    topology = load_topology(str(tele.topology)) if tele.topology else None
    closers: list[Any] = []
    demo_start = None
    source: TickSource | AsyncTickSource
    pacer = None
    if kind == "sim":
        sim = demo_simulator(tele.seed)
        source, demo_start = SimulatedSource(sim, None), sim.start
        fault_t, speed = sim.start + FAN_FAILURE_ONSET_S, tele.speed

        def live(t: float) -> None:
            if announce is not None:
                announce(fault_timeline(t, fault_t, time.time(), speed))

        pacer = fast_forward(
            wall_clock_pacer(tele.speed), sim.start + tele.fast_forward_s, on_live=live
        )
    elif kind == "replay":
        source = RecordedSource(arg)
        pacer = fast_forward(wall_clock_pacer(tele.speed), None, tele.fast_forward_s)
    else:
        source, closers = await build_live(
            tele.source,
            topology=topology,
            interval_s=tele.interval_s,
            clock_now=time.time(),
            history_s=tele.history_s,
        )
    # a simulated or replayed fleet keeps its own time: the logs' history is for live ones
    history_s = tele.history_s if kind not in ("sim", "replay") else 0.0
    detector = Detector(
        source.topology,
        load_config(tele.noc_config),
        log_read_back=bool(tele.logs) and history_s > 0,
    )
    feeds = log_feeds(tele.logs, source.topology, tele.logs_node, None, history_s)
    if tele.reports is not None:
        state = sre_cfg.state_dir / "report-offsets.json"
        feeds.append(ReportFolderFeed(tele.reports, source.topology, state=state))
    if tele.kube_pods:
        feeds.append(kube_pod_feed(sre_cfg.kubernetes, source.topology))
    sre, source = sre_watch(
        sre_cfg,
        source,
        kind,
        demo_seed=tele.seed if kind == "sim" else None,
        demo_start=demo_start,
        metrics_url=arg if kind == "prometheus" else None,
        events_db=str(sre_cfg.state_dir / "events.db"),
        log_files=tele.logs,
        log_node=tele.logs_node,
    )
    sre.adopt = "demo" if kind == "sim" else ("live" if kind not in ("replay",) else None)
    return Pipeline(source, detector, sre, kind, pacer, feeds, closers)


def fast_forward(
    pacer: Pacer,
    until: float | None,
    after_first_s: float = 0.0,
    on_live: Callable[[float], None] | None = None,
) -> Pacer:
    """``pacer`` from data time ``until`` on (or ``after_first_s`` past the first tick);
    earlier ticks run at full speed. ``on_live(t)`` is called once, at the first paced tick."""
    state: dict[str, float] = {}

    async def pace(t: float) -> None:
        if until is None and "until" not in state:
            state["until"] = t + after_first_s
        if t >= (until if until is not None else state["until"]):
            if on_live is not None and "live" not in state:
                state["live"] = t
                on_live(t)
            await pacer(t)

    return pace


def sre_config_for(loaded: LoadedConfig) -> SreConfig:
    """The SRE agent's config with the serve config's state dir and policy."""
    cfg = load_sre_config(loaded.config.sre_config)
    updates: dict[str, Any] = {"state_dir": loaded.config.state_dir}
    if loaded.config.state is not None:
        updates["state"] = loaded.config.state
    if loaded.config.policy is not None:
        updates["policy"] = loaded.config.policy
    return cfg.model_copy(update=updates)


def knowledge_search(sre: SreWatch) -> Callable[[str, int], list[dict[str, Any]]]:
    deps = sre.runtime.deps

    def search(text: str, k: int) -> list[dict[str, Any]]:
        hits = deps.retriever.search(Query(text=text), k=k)
        return [
            {
                "card_id": h.card_id,
                "title": deps.kb.cards[h.card_id].title if h.card_id in deps.kb.cards else "",
                "score": round(h.score, 4),
                "reasons": list(h.reasons)[:8],
            }
            for h in hits
        ]

    return search


def event_log_fields(event: Event) -> dict[str, str]:
    """What a log line about ``event`` carries as fields: its type, id, incident, approval and
    node (where the event names them)."""
    fields = {"event": event.kind, "event_id": event.event_id}
    incident = getattr(event, "incident", None)
    diagnosis = getattr(event, "diagnosis", None)
    incident_id = getattr(event, "incident_id", None) or getattr(diagnosis, "incident_id", None)
    node: object = None
    if isinstance(incident, Incident):
        incident_id = incident.incident_id
        node = incident.nodes[0] if incident.nodes else None
    if isinstance(event, AnomalyDetected):
        a = event.anomaly
        node = a.entity.split("/", 1)[0] if a.entity_kind != "job" else None  # GPU: node/gpuN
    step = getattr(event, "step", None)
    args = getattr(event, "args", None) or getattr(step, "args", None) or {}
    node = node or args.get("node")
    for name, value in (
        ("incident_id", incident_id),
        ("approval_id", getattr(event, "approval_id", None)),
        ("node", node),
    ):
        if value:
            fields[name] = str(value)
    return fields


async def log_event(event: Event) -> None:
    """One log line per bus event; its type and ids are fields (JSON with ``--log-json``)."""
    event_logger.info("bus event", extra=event_log_fields(event))


@dataclass
class ServeSummary:
    url: str
    uptime_s: float
    alerts_accepted: int
    incidents: int
    diagnosed: int
    pending_approvals: int

    def line(self) -> str:
        return (
            f"gpufleet serve: stopped after {self.uptime_s:.0f} s; "
            f"{self.alerts_accepted} alert payloads accepted, {self.incidents} incidents, "
            f"{self.diagnosed} diagnosed, {self.pending_approvals} approvals pending"
        )


class Service:
    """One running ``gpufleet serve`` (see the module docstring)."""

    def __init__(
        self,
        loaded: LoadedConfig,
        pipe: Pipeline,
        *,
        host: str,
        port: int,
        plugins: Sequence[Plugin] = (),
        notice: Callable[[], str | None] | None = None,
    ) -> None:
        cfg = loaded.config
        state = cfg.state_dir
        self.loaded, self.pipe = loaded, pipe
        self.log = EventLog(state / "events.db", fsync=False)
        # in-process by default (the log is its durable store); with `bus:` a JetStream bus whose
        # stream is the log, shared by every replica and NOC worker
        self.bus = open_bus(cfg.bus, self.log)
        self.book = IncidentBook()
        self.metrics = ServiceMetrics()
        self.journal = IntakeJournal(state / "intake.db")
        policy = _policy(pipe.sre.runtime.config)
        self.ctx = ServiceContext(
            state_dir=state,
            state_url=pipe.sre.runtime.config.layout.url,
            policy=policy,
            event_log=self.log,
            bus=self.bus,
            tokens=loaded.tokens,
            clock=time.time,
        )
        # The intake's memory of the alerts it handled and the incidents it opened says what
        # was published: shared when the bus is (`bus:` and `state: postgresql://`; a resolved
        # alert may reach another replica than its firing did). A replica on a bus of its own
        # must publish every alert it receives there: its own memory, rebuilt from its journal.
        shared = pipe.sre.runtime.config.layout.url if cfg.bus is not None else None
        self.alert_memory = SqlIntakeMemory(shared) if shared is not None else None
        self.edge = AlertmanagerEdge(
            AlertIntake(pipe.source.topology, pipe.detector.open_incidents, self.alert_memory),
            self.bus,
            self.journal,
            tokens=loaded.tokens,
            metrics=self.metrics,
        )
        sre = pipe.sre
        self.agent = SreService(
            sre.runtime, self.bus, clock=sre.clock, origin=sre.origin, observe=self._observe
        )
        inputs = PluginInputs(self.ctx, loaded, sre.runtime, self.book, sre.decision_clock)
        extensions = [plugin(inputs) for plugin in plugins]
        self.app = create_app(
            self.ctx,
            book=self.book,
            intake=self.edge,
            metrics=self.metrics,
            knowledge=knowledge_search(sre),
            perf_running=perf_enabled(loaded.config, sre.runtime.config),
            routers=[r for x in extensions for r in x.routers],
            mounts=[m for x in extensions for m in x.mounts],
            lifecycles=[c for x in extensions for c in x.lifecycles],
            readiness=[self._noc_ready],
            notice=notice,
        )
        self.server = HttpServer(self.app, host, port, limits=cfg.listen.connections)
        # incidents other sources open (alerts, reports) that the NOC's anomalies should join
        self.foreign = ForeignIncidents(pipe.detector)
        self._noc: asyncio.Task[Any] | None = None
        self._poller: asyncio.Task[None] | None = None
        self._state_sources()

    def _observe(self, event: Event) -> None:
        if self.pipe.sre.fleet is not None:
            self.pipe.sre.fleet.observe_event(event)
        if self.pipe.sre.incidents is not None:
            self.pipe.sre.incidents.observe_event(event)

    def _noc_ready(self) -> str | None:
        if self._noc is None:
            return "the NOC"
        if self._noc.done() and not self._noc.cancelled() and self._noc.exception() is not None:
            return f"the NOC stopped: {self._noc.exception()}"
        return None

    def _state_sources(self) -> None:
        s = self.metrics.state
        s.samples_ingested = lambda: self.pipe.detector.stats.samples
        s.incidents_by_phase = self.book.by_phase
        approvals = self.pipe.sre.runtime.approvals

        def by_status() -> dict[str, int]:
            counts = {"pending": 0, "approved": 0, "rejected": 0}
            for r in approvals.records():
                counts[r.status] = counts.get(r.status, 0) + 1
            return counts

        s.approvals_by_status = by_status
        s.bus_lag = self._bus_lag
        s.journal_pending = lambda: self.journal.counts()[1]
        s.extra.append(lambda: connection_metrics(self.server.guard.stats))

    def _rebuild_incidents(self) -> None:
        """The incidents the event log holds open become the NOC's again, so a restart
        mid-incident joins them instead of opening a second incident (and a second
        diagnosis and approval request) for a fault already known."""
        events = (event for _, event in self.log.replay(topic="incident"))
        known = open_incidents(events, quiet_s=QUIET_S)
        adopted = self.pipe.detector.adopt(known)
        if adopted:
            logger.info("rebuilt %d open incidents from the event log", len(adopted))

    def _bus_lag(self) -> dict[str, int]:
        lag = getattr(self.bus, "lag", None)
        if lag is not None:  # JetStream: what the server said with the last delivery
            return dict(lag())
        return {
            sub.name: max(0, self.log.last_seq() - self.log.offset(sub.name))
            for sub in self.bus.subscriptions
        }

    async def start(self) -> None:
        if self.loaded.config.bus is None and self.log.last_seq() > 0:
            self.log.seek(BOOK_SUBSCRIBER, 0)  # the book is rebuilt from the whole log
        # per-replica views: on JetStream each replica sees every event (the book from the
        # start of the stream); the agents' durable subscriptions share the work instead
        subscribe_view(self.bus, "*", BOOK_SUBSCRIBER, self.book, from_start=True)
        subscribe_view(self.bus, "*", "metrics", self.metrics.observe)
        self._rebuild_incidents()
        subscribe_view(self.bus, "incident", FOREIGN_SUBSCRIBER, self.foreign)
        if self.loaded.config.log_events:
            subscribe_view(self.bus, "*", "event-log-lines", log_event)
        await self.agent.start()
        if self.pipe.sre.adopt is not None:
            adopted = self.agent.adopt_paused(self.pipe.sre.adopt)
            if adopted:
                logger.info("adopted %d paused diagnoses of an earlier run", adopted)
        await self.bus.start()
        sre = self.pipe.sre
        self._poller = asyncio.create_task(
            self.agent.run_poller(sre.decision_clock, min(sre.poll_s, 1.0)), name="sre-poller"
        )
        await self.server.start()
        self._noc = asyncio.create_task(self._run_noc(), name="noc")

    async def _run_noc(self) -> None:
        p = self.pipe
        await run_noc(p.source, p.detector, self.bus, pacer=p.pacer, log_feeds=p.feeds)

    async def stop(self) -> None:
        for task in (self._noc, self._poller):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        await self.server.stop()
        try:
            async with asyncio.timeout(10):
                await self.agent.drain()
        except TimeoutError:
            logger.warning("stopping with diagnoses in flight; they resume from the log")
        await stop_edges(None, self.pipe.feeds, self.pipe.closers)
        await self.agent.close()
        await self.bus.close()
        self.journal.close()
        if self.alert_memory is not None:
            self.alert_memory.close()
        self.log.close()
        self.pipe.sre.close()

    def summary(self, uptime_s: float) -> ServeSummary:
        return ServeSummary(
            url=self.server.url,
            uptime_s=uptime_s,
            alerts_accepted=self.edge.stats.received,
            incidents=len(self.book.records),
            diagnosed=self.agent.stats.diagnosed,
            pending_approvals=len(self.pipe.sre.runtime.approvals.pending()),
        )


def _policy(cfg: SreConfig) -> Policy:
    return load_policy(cfg.policy) if cfg.policy is not None else Policy()


async def serve(
    loaded: LoadedConfig,
    *,
    host: str,
    port: int,
    out: TextIO,
    plugins: Sequence[Plugin] = (),
    stop: asyncio.Event | None = None,
    demo_token: str | None = None,
) -> ServeSummary:
    """Run until SIGTERM/SIGINT (or ``stop``); returns the summary. ``demo_token``: the
    no-config demo's API token, printed after the banner (see :mod:`service.demo_mode`)."""
    sre_cfg = sre_config_for(loaded)
    sre_cfg.state_dir.mkdir(parents=True, exist_ok=True)

    def say(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    notes: list[str] = []  # the demo's timeline, for the page too

    def announce(line: str) -> None:
        notes.append(line.removeprefix("gpufleet serve: "))
        say(line)

    pipe = await build_pipeline(loaded, sre_cfg, announce=announce)
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    signals = (
        (signal.SIGTERM, signal.SIGINT)
        if threading.current_thread() is threading.main_thread()
        else ()
    )
    for sig in signals:
        loop.add_signal_handler(sig, stop.set)
    started = time.monotonic()
    svc = Service(
        loaded,
        pipe,
        host=host,
        port=port,
        plugins=plugins,
        notice=lambda: notes[-1] if notes else None,
    )
    try:
        await svc.start()
        say(_banner(svc, loaded))
        if demo_token is not None:
            for line in token_lines(demo_token, svc.server.url):
                say(line)
        tele = loaded.config.telemetry
        if pipe.kind == "sim":
            announce(starting_line(tele.fast_forward_s, FAN_FAILURE_ONSET_S))
        await stop.wait()
        logger.info("stopping")
        return svc.summary(time.monotonic() - started)
    finally:
        await svc.stop()
        for sig in signals:
            loop.remove_signal_handler(sig)


def _banner(svc: Service, loaded: LoadedConfig) -> str:
    cfg = loaded.config
    doc = {
        "url": svc.server.url,
        "source": cfg.telemetry.source,
        "state_dir": str(cfg.state_dir.resolve()),
        "config": loaded.source,
        "tokens": list(loaded.tokens.identities),
    }
    return f"gpufleet serve: listening on {svc.server.url} " + json.dumps(doc)


__all__ = ["Plugin", "ServeSummary", "Service", "serve"]
