"""The ``gpufleet`` command line.

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
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from agents.noc.config import ConfigError, load_config
from agents.noc.detector import Detector, DetectorStats
from agents.noc.service import AsyncTickSource, Pacer, run_noc
from agents.sre.config import SreConfigError
from bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from bus.log import EventLog, EventLogError
from bus.memory import InProcessBus
from cli.common import UsageError, load_topology
from cli.kb import add_kb_commands
from cli.render import incident_block, stats_block, truth_block, utc
from cli.sre import SreUsageError, add_sre_commands, demo_diagnosis
from cli.watch import (
    SourceError,
    alert_receiver,
    build_live,
    log_feeds,
    run_watch,
    sre_from_args,
    sre_summary,
    sre_summary_text,
    stop_edges,
)
from evals.format import IncidentFormatError
from evals.format import _to_epoch as parse_time
from evals.record import RecordError, record_incident
from evals.report import markdown, to_json, write_report
from evals.runner import LAYERS, SUITE_DIR, run_suite
from graph.approvals.policy import PolicyError
from graph.approvals.store import StoreError as ApprovalStoreError
from sim.demo import demo_simulator
from sim.faults import (
    FaultSpecError,
    parse_fault_spec,
)
from sim.faults import parse_duration as _parse_duration
from sim.simulator import DEFAULT_START, Fault, FleetSimulator
from sim.source import SimulatedSource
from telemetry.exposition import parse_exposition
from telemetry.exposition import to_json as exposition_json
from telemetry.frame import LogEvent, Tick
from telemetry.kernel_log import KernelLogParser, ParserConfigError, ParseReport
from telemetry.log_feed import KernelLogFeed
from telemetry.nvml import NvmlUnavailable
from telemetry.promql import StoreError
from telemetry.recording import RecordingError, RunWriter
from telemetry.sources import RecordedSource, TickSource
from telemetry.store_writer import StoreWriteError, VictoriaMetricsWriter
from telemetry.topology import Topology, build_cluster
from telemetry.truth import GroundTruth

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
                    f"\r\033[K  {utc(inc.opened_at)}  new incident {inc.incident_id}: {inc.title}\n"
                )

    def live(self) -> list[Incident]:
        return sorted(
            (i for k, i in self.incidents.items() if k not in self.merged),
            key=lambda i: i.opened_at,
        )


class _Progress:
    def __init__(self, total: int | None, out: TextIO | None, every: int = 20) -> None:
        self.total, self.out, self.every = total, out, every
        self.t0 = time.perf_counter()  # display only: never feeds detection logic

    def __call__(self, tick: Tick, n: int, stats: DetectorStats, board: _Board) -> None:
        if self.out is None or (n % self.every and (self.total is None or n + 1 < self.total)):
            return
        frac = (n + 1) / self.total if self.total else 0.0
        bar = "#" * int(30 * frac) + "." * (30 - int(30 * frac))
        self.out.write(
            f"\r\033[K[{bar}] {utc(tick.timestamp)} UTC  samples {stats.samples:,}  "
            f"anomalies {stats.anomalies:,}  incidents {len(board.live())}  "
            f"({time.perf_counter() - self.t0:.1f}s)"
        )
        self.out.flush()

    def done(self) -> None:
        if self.out is not None:
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
) -> _Board:
    log = EventLog(events_db, fsync=False) if events_db else None
    bus = InProcessBus(log)
    board = _Board(progress)
    bus.subscribe("incident", "incident-board", board)
    prog = _Progress(total, progress)
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
    # The one place that reads the wall clock: pacing a live-like run, at the edge.
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
    topo = Topology(
        [
            build_cluster(
                racks=args.racks,
                nodes_per_rack=args.nodes,
                gpus_per_node=args.gpus,
                sku_name=args.sku,
            )
        ]
    )
    if not args.out and not args.store:
        raise UsageError("give --out DIR (a recorded run) and/or --store URL (VictoriaMetrics)")
    start = parse_time_arg(args.start) if args.start else None
    sim = FleetSimulator(
        topo,
        seed=args.seed,
        faults=faults,
        interval_s=args.interval,
        start=start if start is not None else DEFAULT_START,
    )
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
    store = VictoriaMetricsWriter(args.store) if args.store else None
    n = 0
    batch: list[Tick] = []
    try:
        for tick in sim.run(parse_duration(args.duration)):
            if writer is not None:
                writer.write(tick)
            if store is not None:
                batch.append(tick)
                if len(batch) >= 240:  # about an hour of samples per import request
                    store.write_ticks(batch, topo)
                    batch = []
            n += 1
        if store is not None:
            if batch:
                store.write_ticks(batch, topo)
            store.force_flush()
    except StoreWriteError as e:
        raise UsageError(str(e)) from None
    finally:
        if store is not None:
            store.close()
    if writer is not None:
        writer.close(sim.ground_truth())
    where = " and ".join(x for x in (args.out, args.store) if x)
    out.write(f"wrote {n} ticks × {topo.n_gpus} GPUs to {where}\n")
    for gt in sim.ground_truth():
        out.write(f"  {gt.fault_class} at {gt.root_entity}, onset {utc(gt.onset)} UTC\n")
    return 0


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


def cmd_watch(args: argparse.Namespace, out: TextIO) -> int:
    kind, _, arg = args.source.partition(":")
    topology = load_topology(args.topology) if args.topology else None
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
        try:
            source, closers = asyncio.run(
                build_live(
                    args.source, topology=topology, interval_s=args.interval, clock_now=time.time()
                )
            )
        except (SourceError, StoreError, NvmlUnavailable) as e:
            raise UsageError(str(e)) from None
        if duration is not None:
            max_ticks = max(1, round(duration / args.interval))
    detector = Detector(source.topology, load_config(args.config))
    try:
        feeds = log_feeds(args.logs, source.topology, args.logs_node, args.year)
    except (OSError, ValueError) as e:
        raise UsageError(f"--logs: {e}") from None
    if args.sre:
        # The SRE agent diagnoses each incident as it opens (cli/watch.py, agents/sre/service.py)
        try:
            sre, source = sre_from_args(
                args, source, kind, arg, demo_start=sim.start if kind == "sim" else None
            )
        except SreConfigError as e:
            raise UsageError(str(e)) from None
        board = _Board(sys.stderr)
        progress = _Progress(None, sys.stderr)
        try:
            asyncio.run(
                run_watch(
                    source,
                    detector,
                    board=board,
                    on_tick=lambda tick, n: progress(tick, n, detector.stats, board),
                    pacer=_wall_clock_pacer(speed) if speed is not None else None,
                    events_db=args.events_db,
                    feeds=feeds,
                    alertmanager=args.alertmanager,
                    max_ticks=max_ticks,
                    closers=closers,
                    sre=sre,
                )
            )
            summary = sre_summary(sre)
        except KeyboardInterrupt:
            out.write("\ninterrupted (paused diagnoses stay in the state dir)\n")
            return 130
        except SourceError as e:
            raise UsageError(str(e)) from None
        finally:
            progress.done()
            sre.close()
        if args.json:
            noc = io.StringIO()
            _report(board, detector, [], True, noc)
            doc = json.loads(noc.getvalue())
            doc["sre"] = summary
            out.write(json.dumps(doc, indent=2, default=list) + "\n")
        else:
            _report(board, detector, [], False, out)
            out.write(sre_summary_text(summary))
        return 0
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
            )
        )
    except KeyboardInterrupt:
        out.write("\ninterrupted\n")
        return 130
    except SourceError as e:
        raise UsageError(str(e)) from None
    _report(board, detector, [], args.json, out)
    return 0


def cmd_eval(args: argparse.Namespace, out: TextIO) -> int:
    layers = {args.only.upper()} if args.only else {"NOC", "SRE"}
    if not layers <= set(LAYERS):
        raise UsageError(f"--only must be one of {', '.join(LAYERS)}")
    if args.llm and "SRE" not in layers:
        raise UsageError("--llm applies to the SRE agent")
    if args.llm and args.llm not in ("local", "openai", "ollama"):
        raise UsageError("--llm must be local, openai or ollama")
    suite = Path(args.suite) if args.suite else SUITE_DIR
    if not suite.exists():
        raise UsageError(f"suite {suite} does not exist")

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
    )
    if not args.json and not args.quiet:
        sys.stderr.write("\n")
    if args.report:
        files = write_report(result, Path(args.report))
        if not args.json:
            out.write(f"report written to {files['markdown']}\n")
    if args.json:
        out.write(json.dumps(to_json(result), indent=2, default=str) + "\n")
    else:
        out.write(markdown(result) + "\n")
    return 0 if not result.failed else 1


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
        raise UsageError(f"bad option: {e} (see --year / --at)") from None
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
        )
    except RecordError as e:
        raise UsageError(str(e)) from None
    out.write(f"recorded {rec.folder}: replay it with gpufleet eval --suite {rec.folder}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gpufleet", description=__doc__.splitlines()[0])
    p.add_argument("--version", action="version", version="gpufleet 0.1.0")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp: argparse.ArgumentParser) -> None:
        sp.add_argument("--config", help="NOC detector config (YAML); defaults if omitted")
        sp.add_argument("--events-db", help="SQLite event log to write (replayable, auditable)")
        sp.add_argument("--json", action="store_true", help="print a JSON document")
        sp.add_argument("--quiet", action="store_true", help="no progress display")

    d = sub.add_parser("demo", help="simulated fleet + the seed cascade, end to end")
    d.add_argument("--seed", type=int, default=17)
    d.add_argument("--hours", type=float, default=DEMO_HOURS)
    d.add_argument("--llm", help="none (default) | local (the bundled model) | openai | ollama")
    d.add_argument("--no-sre", action="store_true", help="stop after detection")
    d.add_argument(
        "--state-dir",
        default=".gpufleet/demo",
        help="where the demo's approvals and checkpoints go (emptied at start)",
    )
    common(d)
    d.set_defaults(func=cmd_demo)

    s = sub.add_parser("simulate", help="write a simulated run (with injected faults) to disk")
    s.add_argument("--out", help="write a recorded run (columnar, for gpufleet replay)")
    s.add_argument(
        "--store", help="also import into VictoriaMetrics at this URL (populate a realistic store)"
    )
    s.add_argument(
        "--start", help="first sample time, RFC 3339 or Unix seconds (default 2026-03-02T00:00:00Z)"
    )
    s.add_argument("--racks", type=int, default=4)
    s.add_argument("--nodes", type=int, default=5, help="nodes per rack")
    s.add_argument("--gpus", type=int, default=8, help="GPUs per node")
    s.add_argument("--sku", default="H100", help="A100, H100, H200 or B200")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--interval", type=float, default=15.0, help="seconds between samples")
    s.add_argument("--duration", default="3h")
    s.add_argument(
        "--fault",
        action="append",
        default=[],
        help="NAME[@ONSET][:key=value,...], repeatable; e.g. fan_failure@2h:node=node-17,gpu=4",
    )
    s.set_defaults(func=cmd_simulate)

    r = sub.add_parser("replay", help="run the NOC over a recorded run")
    r.add_argument("path")
    r.add_argument(
        "--speed",
        type=float,
        default=None,
        help="pace to data time × SPEED (default: as fast as possible)",
    )
    common(r)
    r.set_defaults(func=cmd_replay)

    w = sub.add_parser("watch", help="run the NOC continuously on a source")
    w.add_argument(
        "--source",
        default="sim",
        help="sim | replay:DIR | dcgm:URL[,URL...] | dcgm:@FILE | prometheus:URL | "
        "nvml | nvml:fake",
    )
    w.add_argument("--topology", help="topology JSON (list of clusters); default: discovered")
    w.add_argument("--interval", type=float, default=15.0, help="seconds between polls (live)")
    w.add_argument(
        "--logs",
        action="append",
        default=[],
        help="kernel log to follow: a file path or 'journal' (repeatable)",
    )
    w.add_argument("--logs-node", help="hostname for log lines that carry none")
    w.add_argument("--year", type=int, help="year for syslog lines that carry none")
    w.add_argument("--alertmanager", help="[HOST:]PORT for an Alertmanager webhook receiver")
    w.add_argument(
        "--speed", type=float, default=60.0, help="sim/replay: data seconds per wall second"
    )
    w.add_argument("--duration", default=None, help="stop after this much data time")
    w.add_argument("--seed", type=int, default=17)
    w.add_argument(
        "--sre", action="store_true", help="diagnose every incident with the SRE agent as it opens"
    )
    w.add_argument("--sre-config", help="SRE agent config (YAML, see sre.example.yaml)")
    w.add_argument(
        "--state-dir", help="SRE checkpoints, approvals, audit (default .gpufleet/state)"
    )
    common(w)
    w.set_defaults(func=cmd_watch)
    lg = sub.add_parser("logs", help="kernel-log tools")
    lsub = lg.add_subparsers(dest="logs_command", required=True)
    lp = lsub.add_parser(
        "parse",
        help="the recognised events, then a summary of recognised / GPU-related but not "
        "understood / untrusted / ignored lines",
    )
    lp.add_argument("file", help="dmesg / journalctl / syslog text, or - for stdin")
    lp.add_argument("--node", help="hostname for lines that carry none (plain dmesg)")
    lp.add_argument("--topology", help="topology JSON, to map PCI ids to GPUs")
    lp.add_argument("--year", type=int, help="year for syslog lines that carry none")
    lp.add_argument(
        "--at",
        help="when the log was read (RFC 3339 or Unix seconds): the time given to lines that "
        "carry none, and the reference year for syslog lines (default: the file's mtime)",
    )
    lp.add_argument(
        "--show-untrusted",
        action="store_true",
        help="also list GPU lines written by user space (marked untrusted)",
    )
    lp.add_argument(
        "--json", action="store_true", help="one JSON object per event, then a JSON summary"
    )
    lp.set_defaults(func=cmd_logs_parse)

    ex = sub.add_parser("exposition", help="dcgm-exporter /metrics tools")
    exsub = ex.add_subparsers(dest="exposition_command", required=True)
    ep = exsub.add_parser("parse", help="the parsed frame and every flagged value, as JSON")
    ep.add_argument(
        "file", help="a saved /metrics response (curl http://node:9400/metrics), or - for stdin"
    )
    ep.add_argument("--topology", help="topology JSON, to map GPUs onto the fleet")
    ep.add_argument("--hostname", help="the node the text came from (when labels lack it)")
    ep.set_defaults(func=cmd_exposition_parse)

    rc = sub.add_parser(
        "record", help="cut an incident window from a metrics store into a recorded-incident folder"
    )
    rc.add_argument("--store", required=True, help="VictoriaMetrics URL (uses /api/v1/export)")
    rc.add_argument("--start", required=True, help="RFC 3339 or Unix seconds")
    rc.add_argument("--end", required=True)
    rc.add_argument("--out", required=True, help="the incident folder to write")
    rc.add_argument("--id", required=True, help="incident id (lower-case, - and _)")
    rc.add_argument("--title")
    rc.add_argument("--topology", help="topology JSON; default: inferred from labels")
    rc.add_argument("--logs", help="kernel-log text covering the window")
    rc.add_argument("--events", help="scheduler events (events.jsonl format)")
    rc.add_argument("--overwrite", action="store_true")
    rc.set_defaults(func=cmd_record)

    e = sub.add_parser("eval", help="replay recorded incidents and score agents and baselines")
    e.add_argument(
        "--suite", help="suite folder (default: the bundled evals/suite) or one incident folder"
    )
    e.add_argument("--only", help="NOC | SRE | PERF (default: NOC and SRE)")
    e.add_argument(
        "--llm",
        help="also score the SRE agent with this model backend beside the deterministic one "
        "(local = the bundled model)",
    )
    e.add_argument("--report", help="write report.md, report.json and plots into this folder")
    e.add_argument("--cache", help="where generated scenario data goes (default SUITE/.cache)")
    e.add_argument("--no-baselines", action="store_true", help="skip static rules / majority")
    e.add_argument("--json", action="store_true")
    e.add_argument("--quiet", action="store_true")
    e.set_defaults(func=cmd_eval)
    add_kb_commands(sub)
    add_sre_commands(sub)
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args, out))
    except (
        UsageError,
        ConfigError,
        RecordingError,
        EventLogError,
        IncidentFormatError,
        ParserConfigError,
        SreUsageError,
        ApprovalStoreError,
        PolicyError,
    ) as e:
        sys.stderr.write(f"gpufleet {args.command}: {e}\n")
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
