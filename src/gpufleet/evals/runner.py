"""Run the scenario suite through every agent and baseline and score them with one scorer.

Time is an input throughout: agents replay the recorded ticks as fast as they can; nothing
sleeps and no logic reads the wall clock (wall time is measured at this edge for the latency
column only).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from gpufleet.agents.sre.runtime import Shared
from gpufleet.evals.agents import (
    AgentUnderTest,
    MajorityAgent,
    NocAgent,
    SreAgent,
    StaticRulesAgent,
)
from gpufleet.evals.format import IncidentFormatError, IncidentSpec, load_spec
from gpufleet.evals.late_join import LOG_HISTORY_S, known_from, load_late
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.evals.restart import RestartRow, restart_row
from gpufleet.evals.scoring import (
    AgentRun,
    IncidentScore,
    Summary,
    one_gpu_roots,
    score_incident,
    summarize,
)
from gpufleet.paths import eval_data_dir
from gpufleet.telemetry.topology import Topology

SUITE_DIR = Path(__file__).with_name("suite")
LAYERS = ("NOC", "SRE", "PERF")
# Agents that exist today; the Perf agent registers here when it lands.
AVAILABLE_LAYERS = {"NOC", "SRE"}


@dataclass
class IncidentRecord:
    spec: IncidentSpec
    gpu_days: float
    ticks: int | None
    problems: list[str]
    runs: dict[str, AgentRun] = field(default_factory=dict)
    scores: dict[str, IncidentScore] = field(default_factory=dict)
    restart: RestartRow | None = None  # the restart replay (``--restart-at``), when asked


@dataclass
class SuiteResult:
    suite: Path
    agents: list[tuple[str, str]]  # (name, layer)
    incidents: list[IncidentRecord]
    summaries: dict[str, Summary]
    failed: list[str]  # incident folders that could not be loaded, with the reason
    notes: list[str]


def discover(suite: Path) -> list[Path]:
    if (suite / "incident.yaml").exists():
        return [suite]
    return sorted(p.parent for p in suite.glob("*/incident.yaml"))


def locator(topology: Topology) -> Callable[[str], tuple[str | None, str | None]]:
    def locate(entity: str) -> tuple[str | None, str | None]:
        host = entity.split("/", maxsplit=1)[0]
        if host in topology.node_pos:
            return host, topology.rack_of_node_key(host)
        if entity in topology.rack_pos:
            return None, entity
        return None, None

    return locate


def build_agents(
    layers: set[str], specs: Sequence[IncidentSpec], baselines: bool, llm: str | None = None
) -> tuple[list[AgentUnderTest], list[str]]:
    notes: list[str] = []
    agents: list[AgentUnderTest] = []
    if "NOC" in layers:
        agents.append(NocAgent())
    if "SRE" in layers:
        agents.append(SreAgent("gpufleet SRE (deterministic)"))
        if llm:
            agents.append(SreAgent(f"gpufleet SRE ({llm} model)", model_backend=llm))
    for layer in sorted(layers - AVAILABLE_LAYERS):
        notes.append(f"{layer} agent: not built yet, nothing to score")
    if baselines:
        families = [f.family for s in specs for f in s.truth.faults if not f.benign]
        agents += [StaticRulesAgent(), MajorityAgent(families)]
    return agents, notes


def run_suite(
    suite: Path = SUITE_DIR,
    *,
    layers: set[str] | None = None,
    baselines: bool = True,
    cache_root: Path | None = None,
    progress: Callable[[str], None] | None = None,
    llm: str | None = None,
    late_join_s: float | None = None,
    restart_after_onset_s: float | None = None,
    log_history_s: float = LOG_HISTORY_S,
    before_answer: bool = False,
) -> SuiteResult:
    """Score every incident of ``suite``. ``late_join_s``: each replayed as met that many
    seconds after its first fault's onset (:mod:`evals.late_join`), a kernel-log feed reading
    ``log_history_s`` back at the join (0: no log before the join). ``restart_after_onset_s``:
    also replay each one through the live pipeline with a process restart that long after its
    fault's onset, the state kept (:mod:`evals.restart`), counting second incidents and
    duplicate requests. ``before_answer``: each recorded incident's evidence cut where its
    stated cause begins (:mod:`evals.before_answer`; not with a late join)."""
    if before_answer and late_join_s is not None:
        raise ValueError("before_answer and late_join_s replay different things: give one")
    folders = discover(suite)
    specs: list[tuple[Path, IncidentSpec]] = []
    failed: list[str] = []
    for f in folders:
        try:
            specs.append((f, load_spec(f)))
        except IncidentFormatError as e:
            failed.append(str(e))
    agents, notes = build_agents(layers or {"NOC"}, [s for _, s in specs], baselines, llm)
    # the user's cache, never the suite's folder: the bundled suite sits in site-packages
    cache = cache_root or eval_data_dir()
    records: list[IncidentRecord] = []
    shared: Shared | None = None
    cut_cases = 0
    for n, (folder, spec) in enumerate(specs, 1):
        if progress:
            progress(f"[{n}/{len(specs)}] {spec.id}")
        try:
            if late_join_s is None:
                inc = load_incident(folder, cache, before_answer=before_answer)
            else:
                inc = load_late(folder, cache, late_join_s, log_history_s)
        except (IncidentFormatError, OSError) as e:
            failed.append(f"{folder}: {e}")
            continue
        record = _score(inc, agents, late=late_join_s is not None)
        if restart_after_onset_s is not None:
            shared = shared or Shared.load()
            record.restart = restart_row(inc, shared, restart_after_onset_s)
        records.append(record)
        cut_cases += bool(inc.answer_cut and inc.answer_cut.cut_files)
    if before_answer:
        notes.append(
            f"before the answer: {cut_cases} of {len(records)} incident(s) replayed with their "
            "evidence cut where the stated cause begins; the others quote no cause or no file "
            "holds it, and keep their evidence whole"
        )
    if late_join_s is not None:
        notes.append(
            f"late join: each incident met {late_join_s / 60:g} min after its first fault's "
            f"onset, every sample before that cut away and the log read back "
            f"{log_history_s / 60:g} min; detection delay counted from the join"
        )
    for agent in agents:
        closer = getattr(agent, "close", None)
        if closer is not None:
            closer()
        if getattr(agent, "model_backend", None):
            notes.append(model_use_note(agent.name, [r.runs[agent.name] for r in records]))
    summaries = {a.name: summarize(a.name, [r.scores[a.name] for r in records]) for a in agents}
    return SuiteResult(
        suite, [(a.name, a.layer) for a in agents], records, summaries, failed, notes
    )


def model_use_note(name: str, runs: Sequence[AgentRun]) -> str:
    """How often the model's answer was used, and why not when it was not (fallbacks are
    visible per diagnosis in the run notes; this is the total)."""
    diagnoses = sum(len(r.diagnosis_latencies_s) for r in runs)
    reasons = Counter(
        note.split("fallback: ", 1)[1][:80]
        for r in runs
        for note in r.notes
        if "fallback: " in note
    )
    fallbacks = sum(reasons.values())
    text = (
        f"{name}: the model's answer was used in {diagnoses - fallbacks} of {diagnoses} diagnoses"
    )
    if reasons:
        text += "; fallbacks: " + ", ".join(f"{why} ×{n}" for why, n in reasons.most_common(5))
    return text


def _score(
    inc: LoadedIncident, agents: Sequence[AgentUnderTest], *, late: bool = False
) -> IncidentRecord:
    rec = IncidentRecord(
        inc.spec, inc.gpu_days, len(inc.ticks) if inc.ticks else None, inc.problems
    )
    locate = locator(inc.topology)
    faults = [one_gpu_roots(f, inc.topology.only_gpu) for f in inc.spec.truth.faults]
    for agent in agents:
        run = agent.run(inc)
        if late:
            run = known_from(run, inc.spec.time_range.start)
        rec.runs[agent.name] = run
        rec.scores[agent.name] = score_incident(
            inc.spec.id,
            inc.spec.kind,
            faults,
            run,
            interval_s=inc.spec.interval_s,
            gpu_days=inc.gpu_days,
            locate=locate,
        )
    return rec
