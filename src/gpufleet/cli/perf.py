"""``gpufleet perf report``: the performance agent on demand, over a simulated, recorded or
stored window. The sources are edges: the analyses see chunks of ``MetricsWindow`` and the
scheduler's job spans whatever the source."""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TextIO

from gpufleet.agents.perf.health_store import HealthStore
from gpufleet.agents.perf.propose import file_requests
from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import FleetStats, collect
from gpufleet.agents.perf.store_source import node_spans, store_windows
from gpufleet.cli.common import UsageError, load_topology
from gpufleet.cli.perf_render import report_text
from gpufleet.evals.perf_eval import default_scenarios, markdown, score_scenario
from gpufleet.paths import state_dir
from gpufleet.sim.perf_fleet import PerfFleet, PerfScenario
from gpufleet.telemetry.promql import StoreError
from gpufleet.telemetry.recording import RecordingError, RunReader
from gpufleet.telemetry.window import (
    JobSpan,
    MetricsWindow,
    split_window,
    window_from_ticks,
)

CHUNK_S = 6 * 3600.0
_UNITS = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}


def parse_window(text: str) -> float:
    """'90m', '24h', '7d' (or plain seconds) → seconds; positive."""
    unit = _UNITS.get(text[-1:])
    try:
        value = float(text[:-1]) * unit if unit else float(text)
    except ValueError:
        value = -1.0
    if not value > 0:
        raise UsageError(f"--window {text!r}: use a positive duration such as 90m, 24h or 7d")
    return value


def _sim(
    args: argparse.Namespace, window_s: float
) -> tuple[Iterator[MetricsWindow], list[JobSpan], str]:
    if args.racks < 1:
        raise UsageError(f"--racks {args.racks}: at least one rack")
    fleet = PerfFleet(PerfScenario(racks=args.racks, duration_s=window_s, seed=args.seed))
    label = (
        f"sim: {fleet.topology.n_gpus} GPUs, {window_s / 86400:.1f} days at 15 s, seed {args.seed}"
    )
    return fleet.chunks(), fleet.jobs, label


def _recorded(path: str, window_s: float) -> tuple[Iterator[MetricsWindow], list[JobSpan], str]:
    try:
        reader = RunReader(path)
        ticks = list(reader.ticks())
    except RecordingError as e:
        raise UsageError(str(e)) from None
    if not ticks:
        raise UsageError(f"{path}: the recording holds no ticks")
    cut = ticks[-1].timestamp - window_s
    window, jobs = window_from_ticks(
        (t for t in ticks if t.timestamp > cut), reader.topology, reader.interval_s
    )
    return iter(split_window(window, CHUNK_S)), jobs, f"recorded: {path}"


def _vm(
    args: argparse.Namespace, url: str, window_s: float
) -> tuple[Iterator[MetricsWindow], list[JobSpan], str]:
    if not args.topology:
        raise UsageError("--source vm needs --topology FILE (which GPUs and nodes to read)")
    topo = load_topology(args.topology)
    end = args.end if args.end is not None else time.time()  # the edge reads the clock

    def chunks() -> Iterator[MetricsWindow]:
        try:
            yield from store_windows(url, topo, end - window_s, end)
        except StoreError as e:
            raise UsageError(f"--source vm {url}: {e}") from None

    label = f"vm: {url} (no scheduler: per-node attribution)"
    return chunks(), node_spans(topo, end - window_s), label


def _source(
    args: argparse.Namespace, window_s: float
) -> tuple[Iterator[MetricsWindow], list[JobSpan], str]:
    kind, *rest = args.source
    want = {"sim": 0, "recorded": 1, "vm": 1}
    if kind not in want or len(rest) != want[kind]:
        raise UsageError(f"--source {' '.join(args.source)!r}: use sim, recorded DIR or vm URL")
    if kind == "sim":
        return _sim(args, window_s)
    if kind == "recorded":
        return _recorded(rest[0], window_s)
    return _vm(args, rest[0], window_s)


def build_report(args: argparse.Namespace) -> tuple[PerfReport, FleetStats]:
    window_s = parse_window(args.window)
    chunks, jobs, label = _source(args, window_s)
    try:
        stats = collect(chunks, jobs)
    except ValueError as e:
        raise UsageError(f"--source {' '.join(args.source)}: {e}") from None
    state = Path(args.state_dir) if args.state_dir else state_dir()
    state.mkdir(parents=True, exist_ok=True)
    with HealthStore(state / "health.db") as store:
        return analyse(stats, label, store), stats


def cmd_perf_report(args: argparse.Namespace, out: TextIO) -> int:
    report, stats = build_report(args)
    filed: Sequence[str] = ()
    if args.propose:
        state = Path(args.state_dir) if args.state_dir else state_dir()
        filed = file_requests(state / "approvals.db", report.recommendations)
    if args.out:
        from gpufleet.cli.perf_html import write_report  # noqa: PLC0415 (matplotlib: the plots extra)

        files = write_report(report, stats, Path(args.out), args.top)
        if not args.json:
            out.write(f"report written to {files[0]}\n")
    if args.json:
        doc = report.model_dump(mode="json")
        doc["approval_requests"] = list(filed)
        out.write(json.dumps(doc, indent=1) + "\n")
    else:
        out.write(report_text(report, args.top, filed) + "\n")
    return 0


def cmd_perf_eval(args: argparse.Namespace, out: TextIO) -> int:
    """``gpufleet eval --only PERF``: generated scenarios with ground truth (no suite folder)."""
    if args.suite:
        raise UsageError("--only PERF scores generated fleets; --suite does not apply")
    scores = [score_scenario(name, scenario) for name, scenario in default_scenarios()]
    doc = [s.model_dump(mode="json") for s in scores]
    if args.report:
        folder = Path(args.report)
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "perf.md").write_text(markdown(scores) + "\n")
        (folder / "perf.json").write_text(json.dumps(doc, indent=1) + "\n")
    out.write(json.dumps(doc, indent=1) + "\n" if args.json else markdown(scores) + "\n")
    return 0
