"""Load a recorded incident folder into ticks the detector (or any agent) can replay.

``metrics.jsonl`` → frames (``telemetry.vmjson``), ``logs.txt`` → kernel events
(``telemetry.kernel_log``), ``events.jsonl`` → scheduler events and workload snapshots
(``evals.sched_events``). Events between two samples are delivered with the later sample.
Problems in the data files are collected in ``problems`` (file:line: what) and never stop the
load; a broken ``incident.yaml`` raises :class:`~evals.format.IncidentFormatError`, and a
folder with no usable samples (a host with no GPUs, an exporter that was down) replays its logs
and reports on the recording's time grid, the missing samples said in ``problems``.
"""

from __future__ import annotations

import bisect
import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.node_evidence import StaticEvidence
from gpufleet.evals.before_answer import AnswerCut, stated_cause
from gpufleet.evals.evidence_files import load_evidence
from gpufleet.evals.format import IncidentFormatError, IncidentSpec, load_spec, rfc3339
from gpufleet.evals.materialize import check_truth, materialize, simulator_for, topology_for
from gpufleet.evals.sched_events import read_events
from gpufleet.paths import eval_data_dir
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.job_signals import job_signal_events, names_the_fault, unopened_lines
from gpufleet.telemetry.kernel_log import ParseReport, parse_lines
from gpufleet.telemetry.quoted_kernel import quoted_driver_events, stamped_after_file_problem
from gpufleet.telemetry.report_signals import report_signal_events
from gpufleet.telemetry.topology import Cluster, Topology, Workload
from gpufleet.telemetry.unread_text import unread_event
from gpufleet.telemetry.untrusted import Limits, clip, loads_json, read_text
from gpufleet.telemetry.vmjson import read_vm_jsonl


@dataclass
class LoadedIncident:
    spec: IncidentSpec
    folder: Path
    data_dir: Path | None  # None when streamed from the simulator
    topology: Topology
    ticks: list[Tick] | None
    problems: list[str] = field(default_factory=list)
    log_lines: int = 0
    log_unrecognised: int = 0
    evidence: StaticEvidence = field(default_factory=StaticEvidence)
    answer_cut: AnswerCut | None = None  # --before-answer: the evidence cut at the stated cause

    def own_precedents(self) -> frozenset[str]:
        """The precedent id and source this incident has in a library built from its set
        (:mod:`evals.precedent_cases`): withheld when it is scored, so it never answers itself."""
        return frozenset({f"{self.folder.parent.name}/{self.spec.id}", self.spec.truth.source})

    def replay_fleet(self, window_s: float | None = None) -> ReplayFleet:
        """A replay fleet for this incident: boot times, and the evidence files answering
        ``node_evidence.search`` as of the fleet's newest sample."""
        kw = {} if window_s is None else {"window_s": window_s}
        evidence = StaticEvidence(self.evidence.items, self.evidence.files)
        fleet = ReplayFleet(self.topology, boot_times=self.spec.boot_times, evidence=evidence, **kw)
        evidence.now = lambda: fleet.now
        for c in self.spec.changes:
            fleet.replay_changes.record(c.time, c.node, c.kind, c.detail)
        return fleet

    def iter_ticks(self) -> Iterator[Tick]:
        if self.ticks is not None:
            return iter(self.ticks)
        sim, _ = simulator_for(self.spec)
        return sim.run(self.spec.time_range.end - self.spec.time_range.start)

    @property
    def materialized(self) -> bool:
        return self.data_dir is not None

    @property
    def gpu_days(self) -> float:
        span = self.spec.time_range.end - self.spec.time_range.start
        return self.topology.n_gpus * span / 86400.0

    @property
    def metrics_path(self) -> Path:
        if self.data_dir is None:
            raise IncidentFormatError(f"{self.spec.id}: streamed incident has no metrics file")
        return self.data_dir / "metrics.jsonl"


def load_incident(
    folder: str | Path,
    cache_root: Path | None = None,
    spec: IncidentSpec | None = None,
    before_answer: bool = False,
) -> LoadedIncident:
    """The incident in ``folder``; ``spec`` replaces its ``incident.yaml`` (an eval variant of
    a generated scenario, such as a longer recording for a late join). ``before_answer``: each
    evidence file cut where the case's stated cause begins (:mod:`evals.before_answer`)."""
    folder = Path(folder)
    spec = spec or load_spec(folder)
    cut = AnswerCut(stated_cause(spec.description)) if before_answer else None
    if (folder / "metrics.jsonl").exists():
        data_dir = folder
    elif spec.generator is not None and not spec.generator.materialize:
        sim, _ = simulator_for(spec)
        check_truth(spec, sim)
        streamed = LoadedIncident(spec, folder, None, sim.topology, None)
        streamed.evidence = load_evidence(folder, spec, sim.topology, streamed.problems)
        return streamed
    elif spec.generator is not None:
        data_dir = materialize(spec, cache_root or eval_data_dir())
    else:
        raise IncidentFormatError(
            f"{folder / 'metrics.jsonl'}: missing, and incident.yaml has "
            "no generator block to produce it"
        )
    topology = incident_topology(spec, folder)
    problems: list[str] = []
    # errors="replace": a non-UTF-8 byte makes its line a reported bad line, never a crash
    with (data_dir / "metrics.jsonl").open(encoding="utf-8", errors="replace") as fh:
        vm = read_vm_jsonl(
            fh,
            topology=topology,
            source=str(data_dir / "metrics.jsonl"),
            interval_s=spec.interval_s,
        )
    problems += vm.errors
    samples = vm.ticks or _sample_free_grid(spec, data_dir, problems)
    log_events: list[LogEvent] = []
    log_lines = unrecognised = 0
    # the generated logs, and real-format lines committed beside a generated scenario
    for logs in dict.fromkeys((data_dir / "logs.txt", folder / "logs.txt")):
        if logs.exists():
            events, report = _read_logs(logs, spec, topology, problems)
            log_events += events
            log_lines += report.total
            unrecognised += report.unrecognised
    sched_path = data_dir / "events.jsonl"
    workloads: list[tuple[float, dict[str, Workload]]] = []
    if sched_path.exists():
        with sched_path.open(encoding="utf-8", errors="replace") as fh:
            sched = read_events(fh, str(sched_path))
        problems += sched.errors
        log_events += sched.log_events
        workloads = sched.workloads
    spec = _collected_by_last_sample(spec, samples[-1].timestamp, problems)
    evidence = load_evidence(folder, spec, topology, problems, cut)
    log_events += _quoted_kernel_lines(folder, evidence, spec, topology, problems)
    log_events += _job_signals(evidence, spec, topology, problems)
    log_events += _report_signals(evidence, spec, topology, problems)
    log_events += _unread_reports(evidence, spec, topology, log_events, problems)
    ticks = _merge(samples, log_events, workloads, problems)
    problems += unreachable_truths(spec, topology, evidence, log_events)
    return LoadedIncident(
        spec, folder, data_dir, topology, ticks, problems, log_lines, unrecognised, evidence, cut
    )


def _collected_by_last_sample(spec: IncidentSpec, last: float, problems: list[str]) -> IncidentSpec:
    """``spec`` with every evidence file collected after the recording's last sample counted
    as collected at that sample. The replay has no later tick: without this the file's events
    were dropped and its text stayed hidden from the diagnosis (the evidence reads answer as
    of the newest sample), while its unread lines, stamped at the last sample, still opened
    an incident that then could not read the report that opened it."""
    moved = []
    for file in spec.evidence:
        if file.collected_at is not None and file.collected_at > last:
            problems.append(
                f"{file.path}: collected at {rfc3339(file.collected_at)}, after the recording's "
                f"last sample ({rfc3339(last)}): replayed as collected then"
            )
            file = file.model_copy(update={"collected_at": last})  # noqa: PLW2901
        moved.append(file)
    return spec.model_copy(update={"evidence": moved})


def unreachable_truths(
    spec: IncidentSpec, topology: Topology, evidence: StaticEvidence, events: Iterable[LogEvent]
) -> list[str]:
    """Truth faults whose every root names nothing in the recording (a GPU or node missing from
    the topology, a job no job log or scheduler event names): no agent can match them, so the
    case's score counts them missed - reported, so a reader knows which misses are the case's."""
    jobs = {f.job for f in evidence.files if f.job} | {e.job_id for e in events if e.job_id}
    known = {"gpu": set(topology.gpu_keys), "chassis": set(topology.gpu_keys)}
    known |= {"node": set(topology.node_keys), "job": jobs}
    out = []
    for f in spec.truth.faults:
        names = known.get(f.scope)
        if f.benign or names is None or any(r in names for r in f.roots):
            continue
        out.append(
            f"truth: {f.scope} root {f.root_entity!r} is named nowhere in the recording "
            f"(known {f.scope}s: {', '.join(sorted(names)[:4]) or 'none'}): counted missed"
        )
    return out


def _job_signals(
    evidence: StaticEvidence, spec: IncidentSpec, topology: Topology, problems: list[str]
) -> list[LogEvent]:
    """Faults the job logs report (:mod:`telemetry.job_signals`), as a live reader of them
    would have seen them: at the time the log was collected, else when the recording ends."""
    jobs = {f.path for f in evidence.files if f.source == "job_log"}
    out: list[LogEvent] = []
    unplaced = by_design = 0
    for item in evidence.items:
        if item.signature.origin not in jobs:
            continue
        at = item.collected_at if item.collected_at is not None else spec.time_range.end
        found = job_signal_events([(item.signature, item.job)], topology, at)
        out += found.events
        unplaced += found.unplaced
        by_design += found.by_design
    if by_design:
        problems.append(
            f"{by_design} 'all NVLinks inactive' report(s) on GPUs without NVLink of their own "
            "(PCIe, GeForce): how those cards always are, no incident opened"
        )
    if unplaced:
        problems.append(
            f"{unplaced} job-log fault signature(s) name no node of the topology: "
            "kept as evidence, no incident opened for them"
        )
    return out


def _quoted_kernel_lines(
    folder: Path,
    evidence: StaticEvidence,
    spec: IncidentSpec,
    topology: Topology,
    problems: list[str],
) -> list[LogEvent]:
    """Driver lines other tools quote (:mod:`telemetry.quoted_kernel`), on the file's node,
    when the file was collected (else when the recording ends)."""
    out: list[LogEvent] = []
    single = _only_node(dict(spec.boot_times), topology)
    for f in evidence.files:
        try:
            text = (folder / f.path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue  # already reported by load_evidence
        at = f.collected_at if f.collected_at is not None else spec.time_range.end
        found = quoted_driver_events(
            text, origin=f.path, node=f.node or single, topology=topology, year=_year(spec), at=at
        )
        out += found.events
        if found.unplaced:
            problems.append(
                f"{folder / f.path}: {found.unplaced} quoted driver line(s) with no "
                "wall-clock time or node: not replayed"
            )
        if found.stamped_after_file:
            problems.append(stamped_after_file_problem(str(folder / f.path), found))
    return out


def _report_signals(
    evidence: StaticEvidence, spec: IncidentSpec, topology: Topology, problems: list[str]
) -> list[LogEvent]:
    """Fault reports among the evidence files (:mod:`telemetry.report_signals`: a ``dcgmi
    diag`` failure, an NHC check, nccl-tests below the SKU, a GPU-stack pod state, pending
    remaps), at the time the file was collected, else when the recording ends, as a watched
    folder would have delivered them. Reports that cannot be placed or judged are problems."""
    out: list[LogEvent] = []
    for item in evidence.items:
        at = item.collected_at if item.collected_at is not None else spec.time_range.end
        found = report_signal_events([item.signature], topology, at)
        out += found.events
        problems += found.problems
    return out


def _unread_reports(
    evidence: StaticEvidence,
    spec: IncidentSpec,
    topology: Topology,
    events: list[LogEvent],
    problems: list[str],
) -> list[LogEvent]:
    """Evidence files that reported nothing a rule reads but whose GPU lines say something
    failed (:mod:`telemetry.unread_text`), as a watched folder would have delivered them."""
    named = [e for e in events if names_the_fault(e)]
    read = {e.attrs.get("origin") for e in named} | {e.attrs.get("pasted_from") for e in named}
    out: list[LogEvent] = []
    for f in evidence.files:
        if f.path in read:
            continue
        at = f.collected_at if f.collected_at is not None else spec.time_range.end
        found = unread_event(
            origin=f.path,
            source=f.source,
            node=f.node,
            job=f.job,
            unparsed=f.report.complaint_lines,
            topology=topology,
            at=at,
            head=f.report.head,
            plain=f.report.plain_lines,
            unopened=unopened_lines(
                i.signature for i in evidence.items if i.signature.origin == f.path
            ),
        )
        if isinstance(found, str):
            problems.append(found)
        elif found is not None:
            out.append(found)
    return out


def _read_logs(
    logs: Path, spec: IncidentSpec, topology: Topology, problems: list[str]
) -> tuple[list[LogEvent], ParseReport]:
    """``logs.txt`` → events, the way a live reader would have seen them.

    Plain ``dmesg`` / ``/dev/kmsg`` lines (seconds since boot) are placed with the incident's
    ``boot_times`` entry of their own node (pdsh ``node: `` prefixes name it; with a single entry,
    or a one-node topology, lines that name no host belong to that node), never with another
    node's; lines with no
    time at all get the incident's end (when the log was cut, ``attrs["time"] = "inferred"``).
    Lines that stay unplaceable, GPU lines no rule understands and GPU lines written by user
    space (never evidence) are reported in ``problems``."""
    boot = dict(spec.boot_times)
    single = _only_node(boot, topology)
    with logs.open(encoding="utf-8", errors="replace") as fh:
        events, report = parse_lines(
            fh,
            node=single,  # lines that name no host belong to the one node they can come from
            year=_year(spec),
            at=spec.time_range.end,
            topology=topology,
        )
    anchored = _anchor_uptime(events, boot, spec.time_range.end)
    placed: list[LogEvent] = []
    unplaced: dict[str, int] = defaultdict(int)
    for ev in events:
        e = ev
        if e.attrs.get("clock") == "monotonic":
            bt = boot.get(e.node) if e.node in boot else anchored.get(e.node)
            if bt is None:
                unplaced[e.node or "(no node)"] += 1
                continue
            attrs = {k: v for k, v in e.attrs.items() if k != "clock"}
            if e.node not in boot:
                attrs["time"] = "inferred"
            e = replace(e, timestamp=bt + e.timestamp, attrs=attrs)
        if e.attrs.get("time") == "unknown":
            unplaced[e.node or "(no node)"] += 1
            continue
        placed.append(e)
    for node in sorted(n for n in anchored if n):
        problems.append(
            f"{logs}: seconds-since-boot lines on {node} with no boot_times entry in "
            "incident.yaml: placed so that the last one falls at the incident's end (when the "
            "excerpt was taken; gaps between lines kept, times marked inferred)"
        )
    for node, n in sorted(unplaced.items()):
        problems.append(
            f"{logs}: {n} event(s) on {node} have no wall-clock time (seconds since boot and no "
            "node to place them on): not replayed"
        )
    problems += [f"{logs}:{n}: {why}" for n, why, _ in report.malformed]
    if report.gpu_unparsed:
        problems.append(
            f"{logs}: {report.gpu_unparsed} GPU-related line(s) match no parser rule "
            "(read them: a driver message this parser does not know)"
        )
        problems += [
            f"{logs}:{n}: GPU line not understood: {text[:120]}"
            for n, _, text in report.gpu_unparsed_lines[:10]
        ]
    if report.untrusted:
        problems.append(
            f"{logs}: {report.untrusted} GPU-looking line(s) were written by user space, not "
            "the kernel: ignored as evidence"
        )
        problems += [
            f"{logs}:{n}: untrusted: {text[:120]}" for n, _, text in report.untrusted_lines[:10]
        ]
    return placed, report


def _anchor_uptime(events: list[LogEvent], boot: dict[str, float], end: float) -> dict[str, float]:
    """A boot time for each node whose seconds-since-boot lines have none in ``boot``: the one
    that puts its last such line at ``end``. A pasted ``dmesg`` excerpt is taken after what it
    shows, as a log with no time at all is (its lines get the incident's end); the gaps between
    lines are the kernel's own and are kept."""
    last: dict[str, float] = {}
    for e in events:
        if e.attrs.get("clock") == "monotonic" and e.node and e.node not in boot:
            last[e.node] = max(last.get(e.node, e.timestamp), e.timestamp)
    return {node: end - t for node, t in last.items()}


def _only_node(boot: dict[str, float], topology: Topology) -> str | None:
    """The node that lines naming no host must come from, or None when that is ambiguous.

    Most real node-level captures carry no hostname at all: ``dmesg`` / ``dmesg -T`` (util-linux
    prints only the time), ``journalctl -k -o cat`` and ``/dev/kmsg``, and the ``kernel: NVRM: …``
    lines left when a ticket trims journalctl's time and host. Such a log can only belong to the
    incident's single node (one ``boot_times`` entry, else a one-node topology); with several
    candidates the lines stay unattributed rather than guessed."""
    if len(boot) == 1:
        return next(iter(boot))
    if not boot and len(topology.node_keys) == 1:
        return topology.node_keys[0]
    return None


def incident_topology(spec: IncidentSpec, folder: Path) -> Topology:
    """The fleet of an incident folder: its ``topology_file``, else the generated one."""
    if spec.topology_file is None:
        return topology_for(spec)
    path = folder / spec.topology_file
    if not path.resolve().is_relative_to(folder.resolve()):
        raise IncidentFormatError(f"{path}: topology_file must stay inside the incident folder")
    try:
        cap = 16 * 1024 * 1024
        raw = loads_json(read_text(path, str(path), cap), str(path), Limits(max_bytes=cap))
        if not isinstance(raw, list):
            raise ValueError(f"expected a JSON list of clusters, got {type(raw).__name__}")
        return Topology([Cluster.model_validate(c) for c in raw])
    except (OSError, ValueError, TypeError, KeyError) as e:
        raise IncidentFormatError(f"{path}: cannot load topology: {clip(e, 2000)}") from None


def _year(spec: IncidentSpec) -> int:
    return dt.datetime.fromtimestamp(spec.time_range.start, tz=dt.UTC).year


def _sample_free_grid(spec: IncidentSpec, data_dir: Path, problems: list[str]) -> list[Tick]:
    """Sample-free ticks on the recording's time grid, for a folder whose ``metrics.jsonl``
    holds no usable sample: a report taken on a host with no GPUs (a control-plane node, a login
    node) or while the exporter was down still has its logs and reports diagnosed, and the
    missing samples are said, not silently replaced."""
    problems.append(
        f"{data_dir / 'metrics.jsonl'}: no usable samples; the logs and reports are replayed "
        f"on the recording's {spec.interval_s:g} s grid with no GPU or node samples"
    )
    start, end, step = spec.time_range.start, spec.time_range.end, spec.interval_s
    count = int((end - start) // step) + 1
    return [Tick(timestamp=start + i * step, frames=()) for i in range(count)]


def _merge(
    ticks: list[Tick],
    log_events: list[LogEvent],
    workloads: list[tuple[float, dict[str, Workload]]],
    problems: list[str],
) -> list[Tick]:
    """Attach each event / workload change to the first sample at or after it."""
    times = [t.timestamp for t in ticks]
    by_tick: dict[int, list[LogEvent]] = defaultdict(list)
    dropped = 0
    for e in log_events:
        i = bisect.bisect_left(times, e.timestamp)
        if i >= len(times) and e.attrs.get("time") == "inferred":
            i = len(times) - 1  # a timeless line, stamped when the log was cut: the last sample
        if i >= len(times):
            dropped += 1
            continue
        by_tick[i].append(e)
    if dropped:
        problems.append(f"{dropped} log/scheduler event(s) after the last sample were ignored")
    wl_at: dict[int, dict[str, Workload]] = {}
    for t, snap in workloads:
        i = bisect.bisect_left(times, t)
        if i < len(times):
            wl_at[i] = snap
    out = []
    for i, sample in enumerate(ticks):
        evs = tuple(sorted(by_tick.get(i, ()), key=lambda e: e.timestamp))
        wl = wl_at.get(i)
        tick = sample
        if evs or wl is not None:
            tick = replace(
                sample,
                events=tick.events + evs,
                workloads=wl if wl is not None else tick.workloads,
            )
        out.append(tick)
    return out
