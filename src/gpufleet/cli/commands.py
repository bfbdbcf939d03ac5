"""What ``gpufleet demo | simulate | replay | watch | logs | exposition | record | eval`` do.

Imported only when one of these commands runs (:mod:`cli.parser` names the handlers by string),
so ``gpufleet --help`` never pays for the detector, the agents or the evaluation stack.

- ``gpufleet demo``: a simulated 160-GPU H100 fleet, the seed cascade (fan failure on node-17
  GPU 4 → neighbours warm → SBE ECC storm) plus benign red herrings, through the NOC and the bus;
  prints the correlated incident(s) with their evidence. No server, model or network needed.
- ``gpufleet simulate --out DIR``: write a simulated run (with injected faults) to disk.
- ``gpufleet replay DIR``: run the NOC over a recorded run, as fast as possible.
- ``gpufleet watch --source …``: the same pipeline on a live-paced source.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from gpufleet.agents.noc.config import load_config
from gpufleet.agents.noc.coverage import coverage
from gpufleet.agents.noc.detector import Detector, DetectorStats
from gpufleet.agents.noc.kube_pod_feed import kube_pod_feed
from gpufleet.agents.noc.service import AsyncTickSource, Pacer, run_noc
from gpufleet.agents.sre.config import SreConfigError
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from gpufleet.bus.factory import open_bus, subscribe_view
from gpufleet.bus.log import EventLog
from gpufleet.cli.common import UsageError, check_bus_args, load_topology
from gpufleet.cli.perf import cmd_perf_eval
from gpufleet.cli.remote_write_source import parse_listen, vmagent_flag
from gpufleet.cli.render import incident_block, stats_block, truth_block, utc
from gpufleet.cli.source_errors import SourceError
from gpufleet.cli.sre import demo_diagnosis
from gpufleet.cli.store_load import StoreLoad
from gpufleet.cli.watch import (
    SreWatch,
    WatchHooks,
    alert_receiver,
    build_live,
    job_log_feeds,
    log_feeds,
    read_targets,
    run_watch,
    sre_from_args,
    sre_summary,
    sre_summary_text,
    stop_edges,
    wall_clock_pacer,
)
from gpufleet.cli.watch_view import WatchView, open_output, poll_counts
from gpufleet.evals.compare import (
    ReportFormatError,
    check_report,
    compare_reports,
    comparison_json,
    render_comparison,
)
from gpufleet.evals.format import Truth
from gpufleet.evals.format import _to_epoch as parse_time
from gpufleet.evals.ground_truth import truth_from_flags, truth_from_incident
from gpufleet.evals.late_join import LOG_HISTORY_S
from gpufleet.evals.record import RecordError, record_incident
from gpufleet.evals.report import markdown, plot_files, to_json, write_report
from gpufleet.evals.runner import LAYERS, SUITE_DIR, discover, run_suite
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.sim.demo import demo_simulator
from gpufleet.sim.faults import (
    FaultSpecError,
    parse_fault_spec,
)
from gpufleet.sim.faults import parse_duration as _parse_duration
from gpufleet.sim.simulator import DEFAULT_START, Fault, FleetSimulator
from gpufleet.sim.source import SimulatedSource
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.exposition import to_json as exposition_json
from gpufleet.telemetry.feeder_shards import parse_racks, racks_topology
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.kernel_log import (
    UNCORROBORATED,
    KernelLogParser,
    ParserConfigError,
    ParseReport,
)
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.nvml import NvmlUnavailable
from gpufleet.telemetry.promql import PromSource, StoreError
from gpufleet.telemetry.recording import RunWriter
from gpufleet.telemetry.report_folder import ReportFolderFeed
from gpufleet.telemetry.scrape import served_fields
from gpufleet.telemetry.sources import RecordedSource, TickSource
from gpufleet.telemetry.store_writer import StoreWriteError
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.truth import GroundTruth

DEMO_HOURS = 3.25


def parse_fault(spec: str) -> Fault:
    try:
        return parse_fault_spec(spec)
    except FaultSpecError as e:
        raise UsageError(str(e)) from None


def parse_duration(text: str) -> float:
    try:
        return _parse_duration(text)
    except FaultSpecError as e:
        raise UsageError(str(e)) from None


# --------------------------------------------------------------------------- pipeline
class _Board:
    """Bus subscriber keeping the latest snapshot of every incident (idempotent by design)."""

    def __init__(self, out: TextIO | None) -> None:
        self.incidents: dict[str, Incident] = {}
        self.merged: dict[str, str] = {}
        self.out = out

    async def __call__(self, event: Event) -> None:
        if isinstance(event, IncidentOpened | IncidentUpdated):
            inc = event.incident
            self.incidents[inc.incident_id] = inc
            if isinstance(event, IncidentUpdated) and event.change == "merged":
                self.merged[inc.incident_id] = event.merged_from[0]
            if self.out is not None and isinstance(event, IncidentOpened):
                self.out.write(
                    f"{_erase_line(self.out)}  {utc(inc.opened_at)}  new incident "
                    f"{inc.incident_id}: {inc.title}\n"
                )

    def live(self) -> list[Incident]:
        return sorted(
            (i for k, i in self.incidents.items() if k not in self.merged),
            key=lambda i: i.opened_at,
        )


def _is_tty(out: TextIO) -> bool:
    return bool(getattr(out, "isatty", lambda: False)())


def _erase_line(out: TextIO) -> str:
    """Return to the start of the line and clear it: on a terminal only, never into a pipe."""
    return "\r\033[K" if _is_tty(out) else ""


class _Progress:
    def __init__(
        self,
        total: int | None,
        out: TextIO | None,
        every: int = 20,
        extra: Callable[[], str] | None = None,
    ) -> None:
        self.total, self.out, self.every = total, out, every
        self.extra = extra  # the source's own counts (the remote-write receiver's)
        self.t0 = time.perf_counter()  # display only: never feeds detection logic

    def __call__(self, tick: Tick, n: int, stats: DetectorStats, board: _Board) -> None:
        if self.out is None or (n % self.every and (self.total is None or n + 1 < self.total)):
            return
        frac = (n + 1) / self.total if self.total else 0.0
        bar = f"[{'#' * int(30 * frac) + '.' * (30 - int(30 * frac))}] " if self.total else ""
        tty = _is_tty(self.out)
        self.out.write(
            f"{_erase_line(self.out)}{bar}{utc(tick.timestamp)} UTC  samples {stats.samples:,}  "
            f"anomalies {stats.anomalies:,}  incidents {len(board.live())}  "
            f"({time.perf_counter() - self.t0:.1f}s)"
            + (f"  {self.extra()}" if self.extra else "")
            + ("" if tty else "\n")
        )
        self.out.flush()

    def done(self) -> None:
        if self.out is not None and _is_tty(self.out):
            self.out.write("\n")


async def _run(
    source: TickSource | AsyncTickSource,
    detector: Detector,
    events_db: str | None,
    progress: TextIO | None,
    total: int | None,
    speed: float | None,
    *,
    feeds: Sequence[KernelLogFeed] = (),
    alertmanager: str | None = None,
    max_ticks: int | None = None,
    closers: Sequence[Any] = (),
    bus_url: str | None = None,
) -> _Board:
    log = EventLog(events_db, fsync=False) if events_db else None
    bus = open_bus(bus_url, log)
    board = _Board(progress)
    subscribe_view(bus, "incident", "incident-board", board)
    status = getattr(source, "status", None)  # a live receiver: its counts every tick
    prog = _Progress(total, progress, every=1 if status else 20, extra=status)
    pacer = None
    if speed is not None:
        pacer = _wall_clock_pacer(speed)
    receiver = None
    try:
        await bus.start()
        receiver = alert_receiver(alertmanager, source.topology, detector, bus)
        if receiver is not None:
            await receiver.start()
            if progress is not None:
                progress.write(f"Alertmanager webhook receiver: {receiver.url}\n")
        await run_noc(
            source,
            detector,
            bus,
            pacer=pacer,
            on_tick=lambda tick, n: prog(tick, n, detector.stats, board),
            log_feeds=feeds,
            max_ticks=max_ticks,
        )
    finally:
        prog.done()
        await stop_edges(receiver, feeds, closers)
        await bus.close()
        if log is not None:
            log.close()
    return board


def _wall_clock_pacer(speed: float) -> Pacer:
    return wall_clock_pacer(speed)


def _report(
    board: _Board, detector: Detector, truth: Sequence[GroundTruth], as_json: bool, out: TextIO
) -> None:
    incidents = board.live()
    if as_json:
        doc = {
            "incidents": [i.model_dump(mode="json") for i in incidents],
            "merged": board.merged,
            "stats": {
                "ticks": detector.stats.ticks,
                "samples": detector.stats.samples,
                "anomalies": detector.stats.anomalies,
                "anomalies_by_symptom": dict(detector.stats.anomalies_by_symptom),
                "artifacts_by_field": dict(detector.stats.artifacts_by_field),
                "counter_resets_by_field": dict(detector.stats.counter_resets_by_field),
                "rejected_ticks": detector.stats.rejected_ticks,
                "log_events_skipped": dict(detector.stats.log_events_skipped),
                "held_xids": detector.stats.held_xids,
                "held_xids_not_acted": dict(detector.stats.held_xids_not_acted),
                "errors": detector.stats.errors,
            },
            "truth": [gt.__dict__ for gt in truth],
        }
        out.write(json.dumps(doc, indent=2, default=list) + "\n")
        return
    out.write(
        f"\n{len(incidents)} incident(s)"
        f"{f', {len(board.merged)} merged into wider ones' if board.merged else ''}:\n\n"
    )
    for inc in incidents:
        out.write(incident_block(inc) + "\n\n")
    out.write(stats_block(detector.stats) + "\n")
    if truth:
        out.write("\nground truth:\n" + truth_block(truth, incidents) + "\n")


# --------------------------------------------------------------------------- commands
def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    sim = demo_simulator(args.seed)
    ticks = int(args.hours * 3600 / sim.interval_s)
    if not args.json:
        out.write(
            f"gpufleet demo: {sim.topology.n_gpus} simulated H100 GPUs "
            f"({sim.topology.n_racks} racks × 5 nodes × 8), {args.hours:g} h of telemetry "
            f"every {sim.interval_s:g} s, seed {args.seed}.\n"
            "Injected: fan failure on node-17 GPU 4 (the seed cascade), benign Xid 45 "
            "churn on node-18, telemetry artifacts on node-19.\n\n"
        )
    detector = Detector(sim.topology, load_config(args.config))
    progress = None if args.json or args.quiet else sys.stderr
    board = asyncio.run(
        _run(
            SimulatedSource(sim, ticks * sim.interval_s),
            detector,
            args.events_db,
            progress,
            ticks,
            None,
        )
    )
    if args.no_sre:
        _report(board, detector, sim.ground_truth(), args.json, out)
        return 0
    if not args.json:
        _report(board, detector, sim.ground_truth(), args.json, out)
        # Past detection: the SRE agent diagnoses the worst incident, proposes its runbook
        # and pauses on the first step that needs a person.
        return demo_diagnosis(args, board.live(), out)
    noc, sre = io.StringIO(), io.StringIO()
    _report(board, detector, sim.ground_truth(), True, noc)
    code = demo_diagnosis(args, board.live(), sre)
    doc = json.loads(noc.getvalue())
    doc["diagnosis"] = json.loads(sre.getvalue()) if sre.getvalue().strip() else None
    out.write(json.dumps(doc, indent=2, default=list) + "\n")
    return code


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    faults = [parse_fault(s) for s in args.fault]
    for flag, value in (("--racks", args.racks), ("--nodes", args.nodes), ("--gpus", args.gpus)):
        if value < 1:
            raise UsageError(f"{flag} must be at least 1, got {value}")
    if not (math.isfinite(args.interval) and args.interval > 0):
        raise UsageError(f"--interval must be a positive number of seconds, got {args.interval:g}")
    try:
        cluster = build_cluster(
            racks=args.racks, nodes_per_rack=args.nodes, gpus_per_node=args.gpus, sku_name=args.sku
        )
    except (KeyError, ValueError) as e:  # an unknown --sku; a count the topology refuses
        raise UsageError(str(e.args[0] if e.args else e)) from None
    topo = Topology([cluster])
    if not args.out and not args.store:
        raise UsageError("give --out DIR (a recorded run) and/or --store URL (VictoriaMetrics)")
    start = parse_time_arg(args.start) if args.start else None
    try:
        sim = FleetSimulator(
            topo,
            seed=args.seed,
            faults=faults,
            interval_s=args.interval,
            start=start if start is not None else DEFAULT_START,
        )
    except KeyError as e:  # a fault bound to a node, GPU or rack this fleet does not have
        raise UsageError(_outside_fleet(str(e.args[0]), args.fault, faults, topo)) from None
    writer = (
        RunWriter(
            args.out,
            topo,
            interval_s=sim.interval_s,
            start=sim.start,
            seed=args.seed,
            description=" ".join(args.fault),
        )
        if args.out
        else None
    )
    store = StoreLoad(args.store, topo, sim.interval_s) if args.store else None
    n = 0
    try:
        for tick in sim.run(parse_duration(args.duration)):
            if writer is not None:
                writer.write(tick)
            if store is not None:
                store.add(tick)
            n += 1
        checked = store.finish(clock=time.time) if store is not None else []
    except StoreWriteError as e:
        raise UsageError(str(e)) from None
    finally:
        if store is not None:
            store.close()
    if writer is not None:
        writer.close(sim.ground_truth())
    where = " and ".join(x for x in (args.out, args.store) if x)
    out.write(f"wrote {n} ticks × {topo.n_gpus} GPUs to {where}\n")
    for line in checked:
        out.write(line + "\n")
    for gt in sim.ground_truth():
        out.write(f"  {gt.fault_class} at {gt.root_entity}, onset {utc(gt.onset)} UTC\n")
    if store is not None and store.data_lost:
        return 1
    return 0


def _span(names: Sequence[str]) -> str:
    return ", ".join(names) if len(names) <= 3 else f"{names[0]} … {names[-1]}"


def _outside_fleet(key: str, specs: Sequence[str], faults: Sequence[Fault], topo: Topology) -> str:
    """One line: which --fault names what the simulated fleet lacks, and what the fleet has."""
    name = key.split("/", maxsplit=1)[0]
    spec = next((s for s, f in zip(specs, faults, strict=True) if name in repr(f)), None)
    which = f"--fault {spec}" if spec is not None else "a --fault"
    default = "" if spec is None or name in spec else " (the fault's default)"
    gpus = topo.n_gpus // max(1, len(topo.node_keys))
    return (
        f"{which}: {key}{default} is not in the simulated fleet: its nodes are "
        f"{_span(list(topo.node_keys))} with GPUs 0-{gpus - 1} each, in racks "
        f"{_span(list(topo.rack_keys))} (--racks, --nodes and --gpus size it)"
    )


def parse_time_arg(text: str) -> float:
    """RFC 3339 or Unix seconds."""
    try:
        return float(text)
    except ValueError:
        t = parse_time(text)
        if not isinstance(t, float | int):
            raise UsageError(f"bad time {text!r}: use RFC 3339 or Unix seconds") from None
        return float(t)


def cmd_replay(args: argparse.Namespace, out: TextIO) -> int:
    source = RecordedSource(args.path)
    detector = Detector(source.topology, load_config(args.config))
    progress = None if args.json or args.quiet else sys.stderr
    total = int(source.reader.meta.get("n_ticks", 0)) or None
    board = asyncio.run(_run(source, detector, args.events_db, progress, total, args.speed))
    _report(board, detector, source.truth(), args.json, out)
    return 0


def _check_log_files(specs: Sequence[str], err: TextIO, flag: str = "--logs") -> None:
    """A directory is an error; a log file that does not exist yet is followed from when it
    appears (rotation, a node still booting), and the operator is told so once."""
    for spec in specs:
        if spec == "journal" or spec.startswith("journal:"):
            continue
        path = Path(spec)
        if path.is_dir():
            raise UsageError(f"{flag} {spec} is a directory, not a log file")
        if not path.exists():
            err.write(
                f"gpufleet watch: note: {flag} {spec} does not exist yet; "
                "it is followed from when it appears\n"
            )


def _say_blind_rules(targets_spec: str, err: TextIO) -> None:
    """Once, at start: the registry's GPU fields the exporters do not serve, and the detector
    rules that are blind without them (one scrape of every target)."""
    served = asyncio.run(served_fields(read_targets(targets_spec)))
    line = coverage(served).text("dcgm-exporter")
    if line is not None:
        err.write(f"gpufleet watch: note: {line}\n")


def _watch_sre(
    args: argparse.Namespace,
    out: TextIO,
    source: TickSource | AsyncTickSource,
    detector: Detector,
    sre: SreWatch,
    feeds: Sequence[KernelLogFeed],
    closers: list[Any],
    speed: float | None,
    max_ticks: int | None,
) -> int:
    """``watch --sre``: state-change lines and a status on stderr (rich on a terminal, plain
    lines otherwise), the report and a summary on stdout, also after SIGINT/SIGTERM (exit 0)."""
    output = open_output(sys.stderr)
    view = WatchView(
        emit=lambda text: output.line(text, time.time()),
        state_dir=sre.runtime.config.state_dir,
        sre_config=args.sre_config,
        live=speed is None,
    )
    ticks = {"n": 0}

    def on_tick(tick: Tick, n: int) -> None:
        ticks["n"] = n + 1
        view.observe_tick(tick.timestamp, detector.stats.samples)

    extra = getattr(source, "status", None)  # a live receiver's own counts (remote-write)

    def status() -> None:
        line = view.status(time.time(), poll_counts(source, ticks["n"]))
        output.status(line + (f"  {extra()}" if extra else ""), time.time())

    hooks = WatchHooks(
        view=view,
        announce=lambda text: output.line(text, time.time()),
        status=status,
        status_every_s=args.interval,
        stop_on_signals=True,
    )
    board = _Board(None)
    try:
        asyncio.run(
            run_watch(
                source,
                detector,
                board=board,
                on_tick=on_tick,
                pacer=_wall_clock_pacer(speed) if speed is not None else None,
                events_db=args.events_db,
                feeds=feeds,
                alertmanager=args.alertmanager,
                max_ticks=max_ticks,
                closers=closers,
                sre=sre,
                bus_url=args.bus,
                hooks=hooks,
            )
        )
        summary = sre_summary(sre)
    except SourceError as e:
        raise UsageError(str(e)) from None
    finally:
        status()
        output.close()
        sre.close()
    if args.json:
        noc = io.StringIO()
        _report(board, detector, [], True, noc)
        doc = json.loads(noc.getvalue())
        doc["sre"] = summary
        doc["stopped_by"] = hooks.stopped_by
        out.write(json.dumps(doc, indent=2, default=list) + "\n")
    else:
        _report(board, detector, [], False, out)
        out.write(sre_summary_text(summary))
        out.write("\n" + view.summary(hooks.stopped_by) + "\n")
    return 0


def _say_vmagent_flag(listen: str, interval_s: float, discovering: bool, err: TextIO) -> None:
    """Once, at start: the flag vmagent needs to push to this watch, and the scrape setting
    that lets a tick hold a whole round (:mod:`cli.remote_write_source`)."""
    try:
        host, port = parse_listen(listen)
    except SourceError as e:
        raise UsageError(str(e)) from None
    err.write(
        f"gpufleet watch: run vmagent with {vmagent_flag(host, port)} and "
        f"scrape_interval: {interval_s:g}s, scrape_align_interval: {interval_s:g}s in its "
        "scrape config (the detector ticks as soon as each aligned round is in)\n"
    )
    if discovering:
        err.write("gpufleet watch: waiting for its first push to discover the fleet\n")
    err.flush()


def cmd_watch(args: argparse.Namespace, out: TextIO) -> int:
    kind, _, arg = args.source.partition(":")
    check_bus_args(args.bus, args.events_db)
    topology = load_topology(args.topology) if args.topology else None
    if args.feed_racks is not None:
        topology = owned_racks(args, topology)
    if args.label_cache is not None and not args.label_cache >= 0:
        raise UsageError(f"--label-cache must be a number of series >= 0, got {args.label_cache}")
    noc_config = load_config(args.config)  # before a live source waits for its fleet
    source: TickSource | AsyncTickSource
    closers: list[Any] = []
    speed = args.speed
    max_ticks = None
    duration = parse_duration(args.duration) if args.duration else None
    if kind == "sim":
        sim = demo_simulator(args.seed)
        source = SimulatedSource(sim, duration)
    elif kind == "replay":
        if not arg:
            raise UsageError("--source replay:PATH needs a path")
        source = RecordedSource(arg)
    else:
        # Live sources pace themselves; their time is the fleet's.
        speed = None
        if kind == "remote-write":
            _say_vmagent_flag(arg, args.interval, topology is None, sys.stderr)
        try:
            source, closers = asyncio.run(
                build_live(
                    args.source,
                    topology=topology,
                    interval_s=args.interval,
                    clock_now=time.time(),
                    lag_s=args.lag,
                    history_s=args.history * 60.0,
                    label_cache=args.label_cache,
                )
            )
        except (SourceError, StoreError, NvmlUnavailable) as e:
            raise UsageError(str(e)) from None
        if kind == "dcgm":
            _say_blind_rules(arg, sys.stderr)
        if duration is not None and isinstance(source, PromSource):
            # live time, not ticks: the history read back at start comes before it
            source.until = source.instant() + duration
        elif duration is not None:
            max_ticks = max(1, round(duration / args.interval))
    if args.feed_shards:
        return _feed_shards(args, source, speed, max_ticks, out)
    # a simulated or replayed fleet keeps its own time: the logs' history is for live ones
    history_s = args.history * 60.0 if kind not in ("sim", "replay") else 0.0
    detector = Detector(
        source.topology, noc_config, log_read_back=bool(args.logs) and history_s > 0
    )
    _check_log_files(args.logs or [], sys.stderr)
    _check_log_files(args.job_log or [], sys.stderr, flag="--job-log")
    try:
        feeds = log_feeds(args.logs, source.topology, args.logs_node, args.year, history_s)
        feeds += job_log_feeds(args.job_log or [], source.topology, args.logs_node)
        if args.reports:
            feeds.append(ReportFolderFeed(args.reports, source.topology, state=args.reports_state))
        if args.kube_pods:
            kube = KubernetesConfig(enabled=True, kubeconfig=Path(args.kube_pods))
            feeds.append(kube_pod_feed(kube, source.topology))
    except (OSError, ValueError) as e:
        raise UsageError(f"--logs / --job-log / --reports: {e}") from None
    if args.sre:
        # The SRE agent diagnoses each incident as it opens (cli/watch.py, agents/sre/service.py)
        try:
            sre, source = sre_from_args(
                args, source, kind, arg, demo_start=sim.start if kind == "sim" else None
            )
        except SreConfigError as e:
            raise UsageError(str(e)) from None
        return _watch_sre(args, out, source, detector, sre, feeds, closers, speed, max_ticks)
    try:
        board = asyncio.run(
            _run(
                source,
                detector,
                args.events_db,
                sys.stderr,
                None,
                speed,
                feeds=feeds,
                alertmanager=args.alertmanager,
                max_ticks=max_ticks,
                closers=closers,
                bus_url=args.bus,
            )
        )
    except KeyboardInterrupt:
        out.write("\ninterrupted\n")
        return 130
    except SourceError as e:
        raise UsageError(str(e)) from None
    _report(board, detector, [], args.json, out)
    return 0


def owned_racks(args: argparse.Namespace, topology: Topology | None) -> Topology:
    """``--feed-racks``: the part of the fleet this feeder owns (it publishes only those
    racks' shard subjects; :mod:`telemetry.feeder_shards`)."""
    if not args.feed_shards or topology is None:
        raise UsageError("--feed-racks needs --feed-shards and --topology (the whole fleet's)")
    try:
        return racks_topology(topology, parse_racks(args.feed_racks))
    except ValueError as e:
        raise UsageError(f"--feed-racks: {e}") from None


def _feed_shards(
    args: argparse.Namespace,
    source: TickSource | AsyncTickSource,
    speed: float | None,
    max_ticks: int | None,
    out: TextIO,
) -> int:
    """``watch --feed-shards``: the telemetry goes to the bus by rack; the NOC runs in the
    ``gpufleet noc-worker``s (:mod:`cli.noc_worker`)."""
    if not args.bus:
        raise UsageError("--feed-shards needs --bus nats://HOST:PORT: the workers read from it")
    if args.sre or args.alertmanager or args.logs:
        raise UsageError(
            "--feed-shards only feeds telemetry: run --sre / --alertmanager / --logs "
            "with `gpufleet serve --bus` or a watch of their own"
        )
    from gpufleet.cli.noc_worker import feed_report, run_feed  # noqa: PLC0415 (the nats client)

    pacer = _wall_clock_pacer(speed) if speed is not None else None
    try:
        n = asyncio.run(
            run_feed(args.bus, source, source.topology, pacer=pacer, max_ticks=max_ticks)
        )
    except KeyboardInterrupt:
        out.write("\ninterrupted\n")
        return 130
    feed_report(n, source.topology, args.bus, out)
    return 0


def _suite_path(given: str | None) -> Path:
    """``--suite``: a folder, or the name of a scenario bundled with gpufleet (``dbe-1``, or an
    example such as ``dbe-recorded``), so an installed gpufleet needs no site-packages path."""
    if not given:
        return SUITE_DIR
    path = Path(given)
    if path.exists() or len(path.parts) != 1:
        return path
    for bundled in (SUITE_DIR / given, SUITE_DIR.with_name("examples") / given):
        if (bundled / "incident.yaml").is_file():
            return bundled
    return path


def cmd_eval(args: argparse.Namespace, out: TextIO) -> int:
    if args.agreement:
        from gpufleet.cli.agreement import cmd_agreement  # noqa: PLC0415 (only when asked)

        return cmd_agreement(args, out)
    layers = {args.only.upper()} if args.only else {"NOC", "SRE"}
    if layers == {"CHAT"}:
        from gpufleet.cli.chat_eval import cmd_chat_eval  # noqa: PLC0415 (the chat: only when asked)

        return cmd_chat_eval(args, out)
    if not layers <= set(LAYERS):
        raise UsageError(f"--only must be one of {', '.join(LAYERS)}, CHAT")
    if args.llm and "SRE" not in layers:
        raise UsageError("--llm applies to the SRE agent")
    if args.llm and args.llm not in ("local", "openai", "ollama"):
        raise UsageError("--llm must be local, openai or ollama")
    if layers == {"PERF"}:
        return cmd_perf_eval(args, out)
    if args.restart_at is not None and not (0 <= args.restart_at <= 86_400):
        raise UsageError("--restart-at must be between 0 and 86400 seconds after the onset")
    suite = _suite_path(args.suite)
    if not suite.exists():
        raise UsageError(f"suite {suite} does not exist")
    if not suite.is_dir():
        raise UsageError(f"suite {suite} is not a folder")
    if not discover(suite):
        raise UsageError(f"suite {suite} holds no recorded incident (no */incident.yaml)")
    late = args.late_join
    if late is not None and not (math.isfinite(late) and late >= 0):
        raise UsageError(f"--late-join must be a number of minutes ≥ 0, got {late}")
    if args.before_answer and late is not None:
        raise UsageError("--before-answer and --late-join replay different things: give one")
    if args.log_history is not None and late is None:
        raise UsageError("--log-history sets the log read back at a late join: give --late-join")
    history = LOG_HISTORY_S / 60.0 if args.log_history is None else args.log_history
    if not (math.isfinite(history) and history >= 0):
        raise UsageError(f"--log-history must be a number of minutes ≥ 0, got {history}")
    earlier = _earlier_report(args.compare) if args.compare else None

    def progress(msg: str) -> None:
        if not args.json and not args.quiet:
            sys.stderr.write(f"\r\033[K{msg}")
            sys.stderr.flush()

    result = run_suite(
        suite,
        layers=layers,
        baselines=not args.no_baselines,
        cache_root=Path(args.cache) if args.cache else None,
        progress=progress,
        llm=args.llm,
        late_join_s=None if late is None else late * 60.0,
        before_answer=args.before_answer,
        restart_after_onset_s=args.restart_at,
        log_history_s=history * 60.0,
    )
    if not args.json and not args.quiet:
        sys.stderr.write("\n")
    written: list[Path] = []
    if args.report:
        files = write_report(result, Path(args.report))
        written = plot_files(files)
        if not args.json:
            out.write(f"report written to {files['markdown']}\n")
    report = to_json(result)
    compared = compare_reports(earlier, report) if earlier is not None else None
    if args.json:
        if compared is not None:
            report["comparison"] = comparison_json(compared)
        out.write(json.dumps(report, indent=2, default=str) + "\n")
    else:
        out.write(markdown(result, written) + "\n")
        if compared is not None:
            out.write("\n" + render_comparison(compared) + "\n")
    return 0 if not result.failed else 1


def _earlier_report(path: str) -> dict[str, Any]:
    """The ``--compare`` report, checked before the replay starts (a typo must not cost a
    whole suite's run)."""
    try:
        report = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise UsageError(f"--compare {path}: cannot read it ({e.strerror or e})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise UsageError(f"--compare {path}: not JSON ({e})") from None
    try:
        check_report(report)
    except ReportFormatError as e:
        raise UsageError(f"--compare {path}: {e}") from None
    return dict(report)


def _utc_or_none(t: float) -> str | None:
    try:
        return utc(t)
    except (ValueError, OverflowError, OSError):  # a stamp beyond what datetime can hold
        return None


def _event_json(event: LogEvent) -> dict[str, object]:
    return {
        "kind": event.kind,
        "xid": event.xid,
        "pci_bus_id": event.pci_bus_id,
        "gpu": event.gpu,
        "node": event.node,
        "timestamp": event.timestamp,
        "time": _utc_or_none(event.timestamp)
        if event.attrs.get("clock") != "monotonic" and event.attrs.get("time") != "unknown"
        else None,
        "message": event.message,
        **({"attrs": event.attrs} if event.attrs else {}),
    }


def _event_text(event: LogEvent) -> str:
    if event.attrs.get("time") == "unknown":
        when = "time unknown"
    elif event.attrs.get("clock") == "monotonic":
        when = f"{event.timestamp:.6f} s after boot"
    else:
        stamp = _utc_or_none(event.timestamp) or f"{event.timestamp:.0f} (out of range)"
        when = stamp + (" (read time)" if event.attrs.get("time") == "inferred" else "")
    where = event.gpu or event.pci_bus_id or "-"
    what = event.kind + (f" {event.xid}" if event.xid is not None else "")
    trust = " [UNTRUSTED: written by user space]" if event.attrs.get("trusted") == "false" else ""
    if not trust and event.attrs.get("via") in UNCORROBORATED:  # logger -t kernel writes it too
        trust = f" [via {event.attrs['via']}: an Xid needs corroboration]"
    return f"{when}  {event.node or '?'}  {where}  {what}{trust}: {event.message[:160]}"


def _logs_summary_text(rep: ParseReport) -> str:
    d = rep.as_dict()
    rows = [
        ("recognised (GPU / NIC events)", d["recognised"]),
        ("GPU-related but not understood", d["gpu_unparsed"]),
        ("looked like a signal, unreadable", d["malformed"]),
        ("untrusted (GPU lines written by user space)", d["untrusted"]),
        ("ignored (context, driver banners, blank)", d["ignored"]),
        ("other, non-GPU lines", d["other_unrecognised"]),
    ]
    width = max(len(k) for k, _ in rows)
    lines = ["", f"summary of {d['lines']} lines:"]
    lines += [f"  {k.ljust(width)}  {v}" for k, v in rows]
    for title, key in (
        ("GPU lines not understood (first ones)", "gpu_unparsed_lines"),
        ("untrusted lines", "untrusted_lines"),
        ("unreadable lines", "malformed_lines"),
    ):
        samples = d[key]
        if samples:
            lines.append(f"{title}:")
            lines += [f"  line {r['line']}: {r['reason']}: {r['text'][:120]}" for r in samples[:10]]
    lines += ["", rep.describe()]
    return "\n".join(lines) + "\n"


_LAST_SECOND_OF_9999 = 253402300799.0


def _as_flags(message: str) -> str:
    """A parser option error in the words of the command line (``--year``, not ``year=``)."""
    for name in ("year", "at", "node"):
        if message.startswith(name + " "):
            return f"--{name}{message[len(name) :]}"
    return f"bad option: {message}"


def cmd_logs_parse(args: argparse.Namespace, out: TextIO) -> int:
    """Parse one file of kernel / journal / syslog lines; never a traceback on bad input."""
    path = Path(args.file)
    topology = load_topology(args.topology) if args.topology else None
    if args.year is not None and not 1 <= args.year <= 9999:
        raise UsageError(f"--year must be between 1 and 9999, got {args.year}")
    at: float | None = None
    if args.at is not None:
        at_s = parse_time_arg(args.at)
        if not math.isfinite(at_s):
            raise UsageError(f"--at must be a finite time, got {args.at!r}")
        if not 0 <= at_s <= _LAST_SECOND_OF_9999:
            raise UsageError(f"--at must be a time between 1970 and 9999, got {args.at!r}")
        at = at_s
    elif args.file != "-":  # stdin has no modification time
        try:
            at = path.stat().st_mtime
        except OSError as e:
            raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        fh = sys.stdin.buffer if args.file == "-" else path.open("rb")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    try:
        parser = KernelLogParser(
            node=args.node,
            topology=topology,
            year=args.year,
            at=at,
            keep_untrusted=args.show_untrusted,
        )
    except ParserConfigError as e:
        fh.close()
        raise UsageError(_as_flags(str(e))) from None
    try:
        with fh:
            for raw in fh:
                event = parser.feed(raw)
                if event is None:
                    continue
                if args.json:
                    out.write(json.dumps(_event_json(event)) + "\n")
                else:
                    out.write(_event_text(event) + "\n")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror or e}") from None
    rep = parser.report
    if args.json:
        out.write(json.dumps({"summary": rep.as_dict()}) + "\n")
    else:
        out.write(_logs_summary_text(rep))
    if rep.time_unknown:
        sys.stderr.write(
            f"gpufleet logs parse: warning: {rep.time_unknown} event(s) have no known time "
            "(their lines carry no date or year); pass --at TIME (the time the log was read) "
            "or --year YEAR\n"
        )
    return 0


def cmd_exposition_parse(args: argparse.Namespace, out: TextIO) -> int:
    path = Path(args.file)
    try:
        text = sys.stdin.read() if args.file == "-" else path.read_text(errors="replace")
    except OSError as e:
        raise UsageError(f"cannot read {path}: {e.strerror}") from None
    topology = load_topology(args.topology) if args.topology else None
    parsed = parse_exposition(text, topology=topology, hostname=args.hostname, source=str(path))
    out.write(json.dumps(exposition_json(parsed), indent=2, allow_nan=False) + "\n")
    return 0


def cmd_record(args: argparse.Namespace, out: TextIO) -> int:

    start, end = parse_time_arg(args.start), parse_time_arg(args.end)
    topology = load_topology(args.topology) if args.topology else None
    try:
        truth = _record_truth(args)
        rec = record_incident(
            args.store,
            float(start),
            float(end),
            args.out,
            topology=topology,
            incident_id=args.id,
            title=args.title or args.id,
            logs=Path(args.logs) if args.logs else None,
            events=Path(args.events) if args.events else None,
            overwrite=args.overwrite,
            truth=truth,
        )
    except RecordError as e:
        raise UsageError(str(e)) from None
    kind = rec.spec.kind.replace("_", "-")
    out.write(
        f"recorded {rec.folder} ({kind}): replay it with gpufleet eval --suite {rec.folder}\n"
    )
    return 0


_TRUTH_FLAGS = ("fault_class", "root_entity", "onset", "family")


def _record_truth(args: argparse.Namespace) -> Truth | None:
    """The ground truth the operator gave ``record``: flags, a resolved incident, or none."""
    given = [f for f in _TRUTH_FLAGS if getattr(args, f) is not None]
    if args.from_incident is not None:
        if args.events_db is None:
            raise UsageError("--from-incident needs --events-db (the event log holding it)")
        return truth_from_incident(
            Path(args.events_db),
            args.from_incident,
            fault_class=args.fault_class,
            root_cause=args.root_cause,
            max_delay_s=args.max_delay,
        )
    if not given:
        if args.root_cause or args.scope or args.benign:
            raise UsageError("--root-cause/--scope/--benign describe a fault: give --fault-class")
        return None
    missing = [f"--{f.replace('_', '-')}" for f in _TRUTH_FLAGS if getattr(args, f) is None]
    if missing:
        raise UsageError(f"the ground truth needs {', '.join(missing)} as well")
    return truth_from_flags(
        fault_class=args.fault_class,
        root_cause=args.root_cause,
        root_entity=args.root_entity,
        onset=parse_time_arg(args.onset),
        family=args.family,
        scope=args.scope,
        benign=args.benign,
        max_delay_s=args.max_delay,
        source=f"recorded from {args.store}; ground truth given by the operator",
    )
