"""Live wiring for the SRE agent: the fleet its read tools see and the tools it may call.

:func:`live_wiring` turns an :class:`~agents.sre.config.SreConfig` and the fleet's
:class:`~telemetry.topology.Topology` into a :class:`LiveWiring` (a
:class:`~agents.sre.fleet.Fleet` plus the tool list for
:func:`~agents.sre.runtime.build_runtime`):

============  ===========================================================================
evidence      from
============  ===========================================================================
metrics       ``metrics_store`` (Prometheus / VictoriaMetrics, :class:`PromMetrics`); else the
              store the watch polls (``--source prometheus:URL``); else the ticks this
              process has watched (``recent``); else an error that says what to configure
kernel log    ``kernel_log`` (:class:`KernelLogFile`); else the watched ticks' kernel events
scheduler     the real SLURM executor when ``slurm.enabled`` (its ``slurm.*`` read tools replace
              the fleet-view ones, and its drain/resume/requeue/cancel are registered); else
              :class:`NoScheduler` and no SLURM change tools (a plan step naming one is blocked
              and the incident escalated to a person)
changes       the watched ticks' scheduler events; else an error (no change log configured)
incidents     the durable bus log when ``event_log`` is given (history across restarts); else
              the history handed in (the watch feeds it from the bus); else the watched ticks'
node tools    :func:`~graph.executors.registry.executor_tools` (dry-run unless
              ``executors.dry_run: false``)
============  ===========================================================================

SLURM commands: reads run for real (``SLURM_CONF`` from ``slurm.slurm_conf``); changes run for
real only when ``slurm.dry_run`` is false, otherwise they are recorded, never run.

:class:`SharedReplayFleet` is the :class:`~agents.sre.fleet.ReplayFleet` a running watch feeds
tick by tick on the event loop while diagnoses read it from worker threads: one lock around
every read and every feed, held only for the duration of one query or one tick.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.fleet import (
    DEFAULT_WINDOW_S,
    ChangeLog,
    ChangeLogFile,
    EventLogIncidents,
    Fleet,
    FleetError,
    HistoryResult,
    IncidentHistory,
    KernelLogFile,
    LogSource,
    MetricsSource,
    NoScheduler,
    PromMetrics,
    ReplayFleet,
    ReplayIncidents,
    SchedulerView,
)
from gpufleet.agents.sre.k8s_reads import KubeReads, k8s_read_tools
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated
from gpufleet.bus.log import EventLog
from gpufleet.graph.executors.k8s import k8s_tools
from gpufleet.graph.executors.node import NodeShell, local_hostname
from gpufleet.graph.executors.registry import executor_tools
from gpufleet.graph.executors.runner import CommandRunner, DryRunRunner, SubprocessRunner
from gpufleet.graph.executors.slurm import SlurmExecutor, slurm_tools
from gpufleet.graph.tools import Tool
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.promql import PromStore
from gpufleet.telemetry.topology import Topology


# --------------------------------------------------------------------------- a fed replay fleet
class _LockedMetrics:
    def __init__(self, inner: MetricsSource, lock: threading.Lock) -> None:
        self.inner, self.lock = inner, lock

    def history(
        self,
        entities: Sequence[str],
        fields: Sequence[str],
        start: float,
        end: float,
        step: float | None = None,
    ) -> HistoryResult:
        with self.lock:
            return self.inner.history(entities, fields, start, end, step)


class _LockedLogs:
    def __init__(self, inner: LogSource, lock: threading.Lock) -> None:
        self.inner, self.lock = inner, lock

    def search(
        self,
        nodes: Sequence[str],
        start: float,
        end: float,
        pattern: str | None = None,
        gpu: str | None = None,
        limit: int = 200,
    ) -> tuple[list[dict[str, Any]], str]:
        with self.lock:
            return self.inner.search(nodes, start, end, pattern, gpu, limit)


class _LockedScheduler:
    def __init__(self, inner: SchedulerView, lock: threading.Lock) -> None:
        self.inner, self.lock = inner, lock

    def show_node(self, node: str) -> dict[str, Any] | None:
        with self.lock:
            return self.inner.show_node(node)

    def show_job(self, job_id: str) -> dict[str, Any] | None:
        with self.lock:
            return self.inner.show_job(job_id)

    def jobs_on_node(self, node: str) -> list[dict[str, Any]]:
        with self.lock:
            return self.inner.jobs_on_node(node)


class _LockedChanges:
    def __init__(self, inner: ChangeLog, lock: threading.Lock) -> None:
        self.inner, self.lock = inner, lock

    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]:
        with self.lock:
            return self.inner.recent(nodes, start, end)


class _LockedIncidents:
    def __init__(self, inner: IncidentHistory, lock: threading.Lock) -> None:
        self.inner, self.lock = inner, lock

    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        with self.lock:
            return self.inner.touching(entities, start, end, exclude)


class SharedReplayFleet(Fleet):
    """A :class:`ReplayFleet` fed by the event loop and read from diagnosis threads.

    Feed it each tick *before* the detector sees the tick (:meth:`observe`), so a diagnosis
    of an incident opened at ``t`` finds the sample at ``t``; feed it incident events
    (:meth:`observe_event`) for the incident history. Reads are cut at the newest fed
    sample, and the evidence windows end at the diagnosis's ``now``, so a diagnosis that runs
    while the feed moves on still sees only data at or before its own time."""

    def __init__(self, replay: ReplayFleet) -> None:
        self.replay = replay
        self.lock = threading.Lock()
        super().__init__(
            replay.topology,
            _LockedMetrics(replay.metrics, self.lock),
            _LockedLogs(replay.logs, self.lock),
            _LockedScheduler(replay.scheduler, self.lock),
            _LockedChanges(replay.changes, self.lock),
            _LockedIncidents(replay.incidents, self.lock),
        )

    @classmethod
    def for_topology(
        cls, topology: Topology, window_s: float = DEFAULT_WINDOW_S
    ) -> SharedReplayFleet:
        return cls(ReplayFleet(topology, window_s))

    @property
    def now(self) -> float:
        """The newest fed sample's time (data time)."""
        with self.lock:
            return self.replay.now

    def observe(self, tick: Tick) -> None:
        with self.lock:
            self.replay.observe(tick)

    def observe_event(self, event: object) -> None:
        with self.lock:
            self.replay.observe_event(event)


class BusIncidents:
    """Incident history fed from the bus (the latest version of each incident), safe to read
    from diagnosis threads while the loop feeds it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._history = ReplayIncidents()

    def observe_event(self, event: Event) -> None:
        if isinstance(event, IncidentOpened | IncidentUpdated):
            with self._lock:
                self._history.observe_incident(event.incident)

    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        with self._lock:
            return self._history.touching(entities, start, end, exclude)


class EventLogFileIncidents:
    """Earlier incidents from the durable bus log file. An :class:`~bus.log.EventLog` belongs
    to the thread that opened it, and diagnoses run on worker threads, so each query opens
    the file for itself (a read of an SQLite file in WAL mode, beside the bus's writer)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        log = EventLog(self.path, fsync=False)
        try:
            return EventLogIncidents(log).touching(entities, start, end, exclude)
        finally:
            log.close()


# --------------------------------------------------------------------------- not configured
class _NotConfiguredMetrics:
    """Answers every history request with an error naming what to configure (an empty answer
    would read as "no anomaly in the data")."""

    def history(
        self,
        entities: Sequence[str],
        fields: Sequence[str],
        start: float,
        end: float,
        step: float | None = None,
    ) -> HistoryResult:
        return HistoryResult(
            {}, "", ("no metrics store configured: set metrics_store in the SRE config",)
        )


class _NotConfiguredLogs:
    def search(
        self,
        nodes: Sequence[str],
        start: float,
        end: float,
        pattern: str | None = None,
        gpu: str | None = None,
        limit: int = 200,
    ) -> tuple[list[dict[str, Any]], str]:
        # Raised, not returned empty: the tool reports it as an error, never as "no Xid".
        raise FleetError("no kernel log configured: set kernel_log in the SRE config")


class _NotConfiguredChanges:
    def recent(self, nodes: Sequence[str], start: float, end: float) -> list[dict[str, Any]]:
        raise FleetError("no change log is wired to this agent")


class _NoIncidents:
    def touching(
        self, entities: Sequence[str], start: float, end: float, exclude: str | None = None
    ) -> list[dict[str, Any]]:
        raise FleetError("no incident history is wired to this agent (give an event log)")


class SlurmScheduler:
    """The :class:`~agents.sre.fleet.SchedulerView` of a real cluster, through the executor
    (``None`` / empty where SLURM answered with an error)."""

    def __init__(self, executor: SlurmExecutor) -> None:
        self.executor = executor

    def show_node(self, node: str) -> dict[str, Any] | None:
        res = self.executor.show_node(node)
        return res.data if res.status == "ok" and isinstance(res.data, dict) else None

    def show_job(self, job_id: str) -> dict[str, Any] | None:
        res = self.executor.show_job(job_id)
        return res.data if res.status == "ok" and isinstance(res.data, dict) else None

    def jobs_on_node(self, node: str) -> list[dict[str, Any]]:
        res = self.executor.jobs_on_node(node)
        if res.status != "ok" or not isinstance(res.data, dict):
            return []
        jobs = res.data.get("jobs", [])
        return [j for j in jobs if isinstance(j, dict)] if isinstance(jobs, list) else []


# --------------------------------------------------------------------------- wiring
@dataclass
class LiveWiring:
    fleet: Fleet
    tools: list[Tool]
    sources: dict[str, str]  # evidence kind → where it comes from, for the startup banner
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for c in reversed(self.closers):
            c()


def slurm_executor(cfg: SreConfig) -> SlurmExecutor:
    env = {"SLURM_CONF": str(cfg.slurm.slurm_conf)} if cfg.slurm.slurm_conf else {}
    writes: CommandRunner = (
        DryRunRunner() if cfg.slurm.dry_run else SubprocessRunner(env=env, dry_run=False)
    )
    return SlurmExecutor(SubprocessRunner(env=env), writes, reason_prefix=cfg.slurm.reason_prefix)


def live_wiring(
    cfg: SreConfig,
    topology: Topology,
    *,
    recent: SharedReplayFleet | None = None,
    metrics_url: str | None = None,
    event_log: str | Path | None = None,
    incidents: IncidentHistory | None = None,
    log_files: Sequence[str | Path] = (),
    log_node: str | None = None,
) -> LiveWiring:
    """The live fleet and tools (see the module docstring for what comes from where).

    ``recent``: the ticks this process watches, the fallback for metrics and kernel events.
    ``metrics_url``: the store the watch polls, used when the config names none. ``event_log``:
    the bus's SQLite log (incident history across restarts). ``incidents``: history fed from
    the bus. ``log_files``: kernel-log files the watch follows (the first is searched when the
    config names no ``kernel_log``). ``log_node``: hostname for log lines that carry none."""
    closers: list[Callable[[], None]] = []
    sources: dict[str, str] = {}  # filled in the order the startup banner shows them
    metrics = _metrics_source(cfg, topology, recent, metrics_url, sources, closers)
    logs = _log_source(cfg, topology, recent, log_files, log_node, sources)
    scheduler, slurm = _scheduler_source(cfg, sources)
    k8s = _kubernetes_tools(cfg, sources, topology)
    changes = _change_source(cfg, recent, sources)
    history = _incident_source(event_log, incidents, recent, sources)
    fleet = Fleet(topology, metrics, logs, scheduler, changes, history)
    taken = {t.name for t in slurm}
    reads = [t for t in read_tools(fleet) if t.name not in taken]
    shell = NodeShell(cfg.executors.remote, this_host=local_hostname())
    nodes = executor_tools(cfg.executors, shell=shell)
    mode = cfg.executors.remote.effective_mode
    reach = f"local, for {shell.local_node} only" if mode == "local" else mode
    sources["node commands"] = ("dry-run" if cfg.executors.dry_run else "live") + f" ({reach})"
    return LiveWiring(fleet, [*reads, *slurm, *k8s, *nodes], sources, closers)


def _metrics_source(
    cfg: SreConfig,
    topology: Topology,
    recent: SharedReplayFleet | None,
    metrics_url: str | None,
    sources: dict[str, str],
    closers: list[Callable[[], None]],
) -> MetricsSource:
    store_url = cfg.metrics_store.url if cfg.metrics_store else metrics_url
    if store_url:
        timeout = cfg.metrics_store.timeout_s if cfg.metrics_store else 10.0
        store = PromStore(store_url, timeout_s=timeout)
        closers.append(store.close)
        sources["metrics"] = store_url
        return PromMetrics(store, topology)
    if recent is not None:
        sources["metrics"] = "the ticks this process watched"
        return recent.metrics
    sources["metrics"] = "not configured"
    return _NotConfiguredMetrics()


def _log_source(
    cfg: SreConfig,
    topology: Topology,
    recent: SharedReplayFleet | None,
    log_files: Sequence[str | Path],
    log_node: str | None,
    sources: dict[str, str],
) -> LogSource:
    if cfg.kernel_log is not None:
        sources["kernel_log"] = str(cfg.kernel_log)
        return KernelLogFile(cfg.kernel_log, topology, node=log_node)
    if log_files:
        sources["kernel_log"] = str(log_files[0])
        return KernelLogFile(log_files[0], topology, node=log_node)
    if recent is not None:
        sources["kernel_log"] = "kernel events in the watched ticks"
        return recent.logs
    sources["kernel_log"] = "not configured"
    return _NotConfiguredLogs()


def _scheduler_source(cfg: SreConfig, sources: dict[str, str]) -> tuple[SchedulerView, list[Tool]]:
    """The scheduler view and, with SLURM, its tools (they replace the replay ones)."""
    if not cfg.slurm.enabled:
        sources["scheduler"] = "not configured"
        return NoScheduler(), []
    executor = slurm_executor(cfg)
    sources["scheduler"] = "slurm" + (" (changes dry-run)" if cfg.slurm.dry_run else "")
    return SlurmScheduler(executor), slurm_tools(executor)


def _kubernetes_tools(cfg: SreConfig, sources: dict[str, str], topology: Topology) -> list[Tool]:
    """The ``k8s.*`` tools when ``kubernetes.enabled`` (a broken kubeconfig is an error now, at
    start, not at the first approved step): the executor's, and the read tools (events, node
    conditions, pod logs) over the same API client."""
    k = cfg.kubernetes
    if not k.enabled:
        sources["kubernetes"] = "not configured"
        return []
    from gpufleet.graph.executors.k8s_client import k8s_executor  # noqa: PLC0415 (heavy client)

    executor = k8s_executor(k)
    where = "in-cluster" if k.in_cluster else str(k.kubeconfig or "default kubeconfig")
    sources["kubernetes"] = f"{where}" + (" (changes dry-run=All)" if k.dry_run else "")
    reads = KubeReads(executor.core, topology.node_keys, timeout_s=k.request_timeout_s)
    return [*k8s_tools(executor), *k8s_read_tools(reads)]


def _change_source(
    cfg: SreConfig, recent: SharedReplayFleet | None, sources: dict[str, str]
) -> ChangeLog:
    if cfg.change_log is not None:
        sources["changes"] = str(cfg.change_log)
        return ChangeLogFile(cfg.change_log)
    if recent is not None:
        return recent.changes
    return _NotConfiguredChanges()


def _incident_source(
    event_log: str | Path | None,
    incidents: IncidentHistory | None,
    recent: SharedReplayFleet | None,
    sources: dict[str, str],
) -> IncidentHistory:
    if event_log is not None and str(event_log) != ":memory:":
        sources["incidents"] = str(event_log)
        return EventLogFileIncidents(event_log)
    if incidents is not None:
        sources["incidents"] = "this process's bus"
        return incidents
    if recent is not None:
        sources["incidents"] = "this process's bus"
        return recent.incidents
    sources["incidents"] = "not configured"
    return _NoIncidents()


__all__ = [
    "BusIncidents",
    "EventLogFileIncidents",
    "LiveWiring",
    "SharedReplayFleet",
    "SlurmScheduler",
    "live_wiring",
    "slurm_executor",
]
