"""What the MCP tools work with, built once per server: the stores, the gate and the sources.

Two ways to build it:

* :func:`open_state_deps` for ``gpufleet mcp --state-dir S`` (stdio): the state directory's
  approval store, ledger and audit log, and a gate over the *catalogue* of state-changing tools
  (the SLURM and node executors, all dry-run) used only to validate proposals and say who may
  approve them: this process never runs a state-changing tool. No fleet reads (there is no
  fleet in this process).
* :func:`runtime_deps` for ``gpufleet serve``: the SRE runtime's own gate (its live registry:
  fleet reads and the tools that will really run once approved) and ledger.
"""

from __future__ import annotations

import getpass
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.runtime import SreRuntime
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.breaker import BlastRadiusBreaker
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Policy, load_policy
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.executors.registry import executor_tools
from gpufleet.graph.executors.runner import DryRunRunner
from gpufleet.graph.executors.slurm import SlurmExecutor, slurm_tools
from gpufleet.graph.tools import Tool, ToolRegistry
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.service.auth import Roles
from gpufleet.service.mcp.incidents import IncidentSource, StateIncidents


@dataclass
class McpDeps:
    """``gate`` validates proposals and stores them (its registry's state-changing tools are
    what may be proposed); ``reads`` runs fleet read tools (audited), None when this process
    has no fleet. ``clock`` is the edge's clock (decision and proposal times). ``roles``: who
    may file requests over HTTP (the service's token roles); ``local_identity``: who a stdio
    caller's requests are recorded as (the account running the server)."""

    gate: ApprovalGate
    ledger: ExecutionLedger
    incidents: IncidentSource
    reads: ApprovalGate | None = None
    clock: Callable[[], float] = time.time
    roles: Roles = field(default_factory=Roles)
    local_identity: str = "local"
    closers: list[Callable[[], None]] = field(default_factory=list)
    _retriever: Retriever | None = None

    @property
    def retriever(self) -> Retriever:
        """The knowledge-base search, opened on first use (it loads the card index)."""
        if self._retriever is None:
            self._retriever = Retriever.open()
        return self._retriever

    def close(self) -> None:
        for close in reversed(self.closers):
            close()
        self.closers.clear()


def local_identity() -> str:
    """``local:<account>``: who runs a stdio server (it holds the state directory)."""
    try:
        return f"local:{getpass.getuser()}"
    except (OSError, KeyError):  # no login name and no passwd entry (a bare container)
        return "local"


def catalogue_tools(cfg: SreConfig) -> list[Tool]:
    """Every state-changing tool gpufleet has, bound to dry-run runners: enough to validate
    arguments and know risks, never to run anything for real."""
    slurm = SlurmExecutor(DryRunRunner(), DryRunRunner(), reason_prefix=cfg.slurm.reason_prefix)
    nodes = executor_tools(
        cfg.executors.model_copy(update={"dry_run": True}),
        reads=DryRunRunner(),
        writes=DryRunRunner(),
    )
    return [t for t in [*slurm_tools(slurm), *nodes] if t.risk != "read"]


def open_state_deps(cfg: SreConfig, events_db: Path | None = None) -> McpDeps:
    """The MCP server over a state directory (see the module docstring)."""
    state = cfg.state_dir
    policy = load_policy(cfg.policy) if cfg.policy is not None else Policy()
    approvals_db = state / "approvals.db"
    approvals = ApprovalStore(approvals_db)
    audit = AuditLog(state / "audit.db")
    breaker = BlastRadiusBreaker(approvals_db, policy.breaker)
    ledger = ExecutionLedger(approvals_db)
    gate = ApprovalGate(ToolRegistry(catalogue_tools(cfg)), policy, approvals, breaker, audit)
    deps = McpDeps(
        gate=gate,
        ledger=ledger,
        incidents=StateIncidents(state, events_db),
        local_identity=local_identity(),
    )
    deps.closers += [approvals.close, audit.close, breaker.close, ledger.close]
    return deps


def runtime_deps(
    runtime: SreRuntime,
    *,
    events_db: Path | None = None,
    incidents: IncidentSource | None = None,
    clock: Callable[[], float] = time.time,
    roles: Roles | None = None,
) -> McpDeps:
    """The MCP server inside the service: the SRE runtime's gate, ledger and fleet reads (the
    runtime stays the caller's to close); ``roles``: the service's token roles."""
    gate = runtime.deps.gate
    source = incidents or StateIncidents(runtime.config.state_dir, events_db)
    return McpDeps(
        gate=gate,
        ledger=runtime.deps.ledger,
        incidents=source,
        reads=gate,
        clock=clock,
        roles=roles or Roles(),
        _retriever=runtime.deps.retriever,
    )
