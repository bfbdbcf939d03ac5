"""Wiring: the tool registry, approval gate, stores, model and graph for one kind of run.

Two origins of a diagnosis:

- **recorded** (a recorded-incident folder, the demo's simulation, the eval suite): the NOC
  replays the ticks while a :class:`~agents.sre.fleet.ReplayFleet` keeps the history, so the
  read tools see exactly what a live agent would have seen at the incident's time. Node-level
  commands (nvidia-smi, DCGM, bundles) and SLURM changes are never run: they are recorded
  (dry-run), and SLURM reads answer from the recording's scheduler events.
- **live**: metrics from Prometheus/VictoriaMetrics, the kernel log file, the real SLURM
  executor, the node executors — dry-run until the configuration turns it off.

Each paused thread's origin is saved next to the checkpoints (``threads/<id>.json``) so that
``gpufleet approve`` — another process, maybe days later — rebuilds the same tools and resumes.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, ValidationError

from gpufleet.agents.sre.config import SreConfig, SreConfigError, how_to_configure
from gpufleet.agents.sre.fleet import Fleet
from gpufleet.agents.sre.graph import SreDeps
from gpufleet.agents.sre.merges import IncidentMerges
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.agents.sre.runner import SreRunner
from gpufleet.bus.events import Event
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.breaker import BlastRadiusBreaker
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Policy, load_policy
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.checkpoint import open_checkpointer
from gpufleet.graph.executors.node import NodeShell
from gpufleet.graph.executors.registry import executor_tools
from gpufleet.graph.executors.runner import DryRunRunner
from gpufleet.graph.executors.slurm import owns_reason
from gpufleet.graph.models.chat import StructuredModel, open_model
from gpufleet.graph.models.config import ModelConfig
from gpufleet.graph.models.progress import ModelProgress
from gpufleet.graph.shadow.ledger import ShadowLedger
from gpufleet.graph.state.layout import StateLayout
from gpufleet.graph.tools import Tool, ToolArgs, ToolRegistry, ToolResult, tool, unconfigured_tool
from gpufleet.knowledge.precedents import precedent_files
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.schema import TOOLS
from gpufleet.knowledge.store import KnowledgeBase

log = logging.getLogger(__name__)


class Origin(BaseModel):
    """Where a diagnosis thread's data came from, to rebuild its tools on resume."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["recorded", "demo", "live"]
    folder: str | None = None  # recorded-incident folder
    seed: int | None = None  # demo
    hours: float | None = None  # demo
    until: float | None = None  # replay up to this time
    incident_id: str | None = None  # the incident the thread diagnoses (lookup by id)
    # live, diagnosed from the command line: what any later process (approve, settle,
    # diagnose --wait) needs to rebuild the same live tools; absent for `watch --sre` threads,
    # which the watching process resumes itself
    events_db: str | None = None
    topology: str | None = None


# --------------------------------------------------------------------------- SLURM in replay
class _ReplayDrainArgs(ToolArgs):
    node: str
    reason: str


class _ReplayNodeArgs(ToolArgs):
    node: str


class _ReplayJobArgs(ToolArgs):
    job_id: str
    reason: str = ""


class _ReplayRequeueArgs(_ReplayJobArgs):
    # as the SLURM executor's requeue (graph.executors.slurm.RequeueArgs): keep the job off
    # the culprit node when it runs again
    exclude: str | None = Field(
        default=None, validation_alias=AliasChoices("exclude", "exclude_node")
    )


def replay_slurm_changes(fleet: Fleet, prefix: str = "gpufleet") -> list[Tool]:
    """SLURM state changes for a recorded incident: never run (there is no cluster behind a
    recording), recorded with the exact ``scontrol`` command, and refused by the same rules as
    the real executor (never override a human's drain; resume only what gpufleet drained)."""

    def node_state(node: str) -> dict[str, Any] | None:
        return fleet.scheduler.show_node(node)

    @tool("slurm.drain_node", "mutate")
    def drain(args: _ReplayDrainArgs) -> ToolResult:
        """Drain a SLURM node: no new jobs start on it; running jobs finish. The reason is
        prefixed with "gpufleet:" so people and gpufleet can tell who drained it."""
        reason = args.reason if owns_reason(args.reason, prefix) else f"{prefix}: {args.reason}"
        cmd = f'scontrol update NodeName={args.node} State=DRAIN Reason="{reason}"'
        st = node_state(args.node)
        if st is None:
            return ToolResult.failure(f"node {args.node} is not in the recording", query=cmd)
        human = st.get("reason")
        if st.get("drained") and human and not owns_reason(str(human), prefix):
            return ToolResult(
                status="denied",
                query=cmd,
                error=f"{args.node} is already drained by someone else ({human!r}); "
                "gpufleet never overrides a person's drain",
            )
        return ToolResult(status="dry_run", query=cmd, data={"node": args.node, "before": st})

    @tool("slurm.resume_node", "mutate")
    def resume(args: _ReplayNodeArgs) -> ToolResult:
        """Return a node gpufleet drained to service (refused for nodes a person drained)."""
        cmd = f"scontrol update NodeName={args.node} State=RESUME"
        st = node_state(args.node)
        if st is None:
            return ToolResult.failure(f"node {args.node} is not in the recording", query=cmd)
        reason = st.get("reason")
        if st.get("drained") and not owns_reason(str(reason or ""), prefix):
            return ToolResult(
                status="denied",
                query=cmd,
                error=f"{args.node} was drained by someone else ({reason!r}): not resuming",
            )
        return ToolResult(status="dry_run", query=cmd, data={"node": args.node, "before": st})

    @tool("slurm.requeue_job", "mutate")
    def requeue(args: _ReplayRequeueArgs) -> ToolResult:
        """Requeue a job: it is stopped and goes back to the queue to restart elsewhere. With
        exclude, the job is kept off those nodes when it runs again."""
        if args.exclude:
            return ToolResult(
                status="dry_run",
                query=f"scontrol update JobId={args.job_id} ExcNodeList={args.exclude}; "
                f"scontrol requeue {args.job_id}",
            )
        return ToolResult(status="dry_run", query=f"scontrol requeue {args.job_id}")

    @tool("slurm.cancel_job", "destructive")
    def cancel(args: _ReplayJobArgs) -> ToolResult:
        """Cancel a job (its work since the last checkpoint is lost)."""
        return ToolResult(status="dry_run", query=f"scancel {args.job_id}")

    return [drain, resume, requeue, cancel]


# --------------------------------------------------------------------------- runtime
@dataclass
class SreRuntime:
    config: SreConfig
    deps: SreDeps
    runner: SreRunner
    approvals: ApprovalStore
    audit: AuditLog
    fleet: Fleet
    merges: IncidentMerges = field(default_factory=IncidentMerges)
    closers: list[Callable[[], None]] = field(default_factory=list)

    def close(self) -> None:
        for c in reversed(self.closers):
            c()


@dataclass
class Shared:
    """Expensive, read-only parts reused across many diagnoses (the eval runs 45)."""

    kb: KnowledgeBase
    retriever: Retriever

    @classmethod
    def load(cls, state_dir: Path | None = None) -> Shared:
        """The knowledge base and its retriever; with ``state_dir``, the fleet's own resolved
        incidents there join the shipped precedents (an eval passes none: only the public
        library, so a developer's fleet never answers an eval)."""
        kb = KnowledgeBase.load()
        retriever = Retriever.open(kb, precedent_files=precedent_files(state_dir))
        for problem in retriever.precedent_problems:  # counted and shown, never dropped silently
            log.warning("precedent skipped: %s", problem)
        return cls(kb, retriever)

    def withholding(self, precedents: Iterable[str]) -> Shared:
        """The same parts, with these precedent ids or sources left out of retrieval."""
        return Shared(self.kb, self.retriever.withholding(precedents))


def _policy(cfg: SreConfig) -> Policy:
    return load_policy(cfg.policy) if cfg.policy is not None else Policy()


def build_runtime(
    cfg: SreConfig,
    fleet: Fleet,
    tools: Iterable[Tool],
    *,
    shared: Shared | None = None,
    model: StructuredModel | None = None,
    state_dir: Path | None = None,
    publish: Callable[[Event], None] | None = None,
    checkpointer: Any = None,
) -> SreRuntime:
    state = state_dir or cfg.state_dir
    shared = shared or Shared.load(state)
    state.mkdir(parents=True, exist_ok=True)
    registry = ToolRegistry(tools)
    for name, risk in TOOLS.items():
        if name not in registry:  # a step naming it is skipped visibly, never "unknown tool"
            registry.register(unconfigured_tool(name, risk, how_to_configure(name)))
    where = StateLayout(state, cfg.layout.url)
    approvals = ApprovalStore(where.approvals)
    audit = AuditLog(where.audit)
    policy = _policy(cfg)
    breaker = BlastRadiusBreaker(where.approvals, policy.breaker)
    # shadow mode: what would have run goes to the shadow ledger for `gpufleet report shadow`
    shadow = ShadowLedger(where.shadow) if policy.mode == "shadow" else None
    gate = ApprovalGate(
        registry,
        policy=policy,
        approvals=approvals,
        breaker=breaker,
        audit=audit,
        fleet_nodes=len(fleet.topology.node_keys),
        shadow=shadow,
    )
    ledger = ExecutionLedger(where.approvals)
    deps = SreDeps(
        ledger=ledger,
        kb=shared.kb,
        retriever=shared.retriever,
        gate=gate,
        approvals=approvals,
        topology=fleet.topology,
        model=model,
        max_hypotheses=cfg.max_hypotheses,
    )
    saver = checkpointer if checkpointer is not None else open_checkpointer(where.checkpoints)
    runner = SreRunner(deps, saver, publish)
    merges = IncidentMerges(where.approvals)  # shared like the approvals: every replica's
    rt = SreRuntime(cfg, deps, runner, approvals, audit, fleet, merges)
    rt.closers += [approvals.close, audit.close, breaker.close, ledger.close, merges.close]
    if shadow is not None:
        rt.closers.append(shadow.close)
    if checkpointer is None:
        rt.closers.append(saver.conn.close)
    return rt


def _recorded_only(t: Tool) -> Tool:
    """A node command in a replay: the command is shown, nothing runs, and the result says so
    (a recording has no node to ask, so "ok" would be a lie)."""

    def run(args: Any) -> ToolResult:
        res = t.fn(args)
        if res.status == "ok":
            return ToolResult(
                status="dry_run",
                query=res.query,
                error="recorded incident: node commands are shown, not run",
            )
        return res

    return replace(t, fn=run)  # keeps what the tool says about its configuration


def replay_tools(cfg: SreConfig, fleet: Fleet) -> list[Tool]:
    """Tools for a recorded run: replay reads, recorded (never run) changes and node commands."""
    node_tools = executor_tools(
        cfg.executors.model_copy(update={"dry_run": True}),
        reads=DryRunRunner(),
        writes=DryRunRunner(),
        shell=NodeShell.for_recording(cfg.executors.remote),
    )
    reads = read_tools(fleet)
    return [
        *reads,
        *replay_slurm_changes(fleet, cfg.slurm.reason_prefix),
        *(_recorded_only(t) for t in node_tools),
    ]


def open_model_for(
    cfg: SreConfig, backend: str | None = None, progress: ModelProgress | None = None
) -> StructuredModel | None:
    """The configured model, or the config's model settings with another backend (``--llm``).
    Raises :class:`SreConfigError` when the settings do not suit that backend (an OpenAI or
    Ollama backend needs ``base_url`` and ``model``)."""
    model_cfg = cfg.model
    if backend is not None and backend != cfg.model.backend:
        try:
            model_cfg = ModelConfig.model_validate(
                {**cfg.model.model_dump(exclude_unset=True), "backend": backend}
            )
        except ValidationError as e:
            problems = "; ".join(
                f"model.{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors()
            )
            raise SreConfigError(
                f"--llm {backend}: {problems} (set it in the SRE config's model section)"
            ) from None
    return open_model(model_cfg, progress)


# --------------------------------------------------------------------------- thread origins
def save_origin(state_dir: Path, thread_id: str, origin: Origin) -> None:
    d = state_dir / "threads"
    d.mkdir(parents=True, exist_ok=True)
    tmp = d / f"{thread_id}.json.tmp"
    tmp.write_text(origin.model_dump_json())
    tmp.replace(d / f"{thread_id}.json")


def threads_of_incident(state_dir: Path, incident_id: str) -> list[str]:
    """Thread ids that diagnosed this incident, newest file first."""
    d = state_dir / "threads"
    if not d.is_dir():
        return []
    found = []
    for p in d.glob("*.json"):
        try:
            origin = Origin.model_validate(json.loads(p.read_text()))
        except ValueError:
            continue  # a damaged origin file must not hide the others
        if origin.incident_id == incident_id:
            found.append((p.stat().st_mtime, p.stem))
    return [t for _, t in sorted(found, reverse=True)]


def load_origin(state_dir: Path, thread_id: str) -> Origin | None:
    p = state_dir / "threads" / f"{thread_id}.json"
    if not p.exists():
        return None
    return Origin.model_validate(json.loads(p.read_text()))
