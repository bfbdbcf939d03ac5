"""Knowledge-base data model: failure-mode cards and runbooks (leaf module: pydantic only).

Cards are Markdown files with YAML front matter (``knowledge/cards/*.md``): the front matter is a
:class:`Card`, the body is the narrative an engineer reads (what happens, how to confirm, what
to do). Runbooks are YAML files (``knowledge/runbooks/*.yaml``), each a :class:`Runbook` whose
steps name typed tools from :data:`TOOLS` with their risk.

The structured parts are what retrieval matches on (NOC symptom names, DCGM fields, Xid codes,
log patterns, scheduler states, layers); the prose is what semantic search embeds.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from knowledge.findings import is_finding

Layer = Literal["hardware", "driver", "os", "workload"]
Risk = Literal["read", "mutate", "destructive"]
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

# The typed tools runbook steps may name, with their risk. The SRE agent's tool registry
# implements exactly these; a runbook naming anything else is rejected.
TOOLS: dict[str, Risk] = {
    # read
    "metrics.history": "read",
    "topology.describe": "read",
    "kernel_log.search": "read",
    "slurm.show_node": "read",
    "slurm.show_job": "read",
    "slurm.list_jobs_on_node": "read",
    "k8s.describe_node": "read",
    "nvidia_smi.query": "read",
    "dcgm.run_diag": "read",  # level 1-2 are read-only health checks; level 3+ is mutate
    "bundle.collect_diagnostics": "read",  # nvidia-bug-report.sh, dmesg, dcgmi health
    "changes.recent": "read",
    "incidents.history": "read",
    # mutate
    "slurm.drain_node": "mutate",
    "slurm.resume_node": "mutate",
    "slurm.requeue_job": "mutate",
    "k8s.cordon_node": "mutate",
    "k8s.uncordon_node": "mutate",
    "k8s.evict_pods": "mutate",
    "nvidia_smi.set_power_limit": "mutate",
    "fabric_manager.restart": "mutate",
    "nic.isolate": "mutate",
    "ticket.open": "mutate",
    "ticket.rma": "mutate",
    "notify.user": "mutate",
    "notify.facilities": "mutate",
    "dcgm.run_diag_extended": "mutate",  # level 3/4 stress the GPU: only on a drained node
    # destructive
    "nvidia_smi.reset_gpu": "destructive",
    "node.reboot": "destructive",
    "slurm.cancel_job": "destructive",
}


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Signals(_Strict):
    """What the failure mode looks like in telemetry, logs and the scheduler."""

    symptoms: list[str] = Field(
        default_factory=list,
        description="NOC symptom names (agents/noc rules), e.g. "
        "gpu_temp_rising, sbe_storm, xid_48, job_util_collapse",
    )
    fields: list[str] = Field(default_factory=list, description="DCGM field names")
    patterns: list[str] = Field(
        default_factory=list,
        description="telemetry patterns in words, e.g. 'SM clock drops while HW_THERMAL is set'",
    )
    xids: list[int] = Field(default_factory=list)
    sxids: list[int] = Field(default_factory=list)
    log_patterns: list[str] = Field(
        default_factory=list, description="regular expressions over kernel/journal lines"
    )
    scheduler_states: list[str] = Field(
        default_factory=list,
        description="SLURM/K8s states, e.g. DRAIN, DOWN, NotReady, CrashLoopBackOff",
    )
    scope: list[Literal["gpu", "chassis", "node", "job", "rack", "cluster"]] = Field(
        default_factory=list
    )

    @field_validator("log_patterns")
    @classmethod
    def _regexes_compile(cls, v: list[str]) -> list[str]:
        for p in v:
            try:
                re.compile(p)
            except re.error as e:
                raise ValueError(
                    f"log pattern {p!r} is not a valid regular expression: {e}"
                ) from None
        return v


class Distinguishing(_Strict):
    rules_in: list[str] = Field(min_length=1, description="checks that confirm this mode")
    rules_out: list[str] = Field(
        default_factory=list, description="checks that point elsewhere (and where)"
    )


class FindingCheck(_Strict):
    """One structured check: a finding (:data:`knowledge.findings.FINDINGS` or ``xid:<n>``)
    and how much it moves this card's score. A rules-out check may name the card the finding
    points to instead."""

    finding: str
    weight: float = Field(default=1.0, gt=0, le=5)
    points_to: str | None = Field(default=None, pattern=ID_PATTERN)

    @field_validator("finding")
    @classmethod
    def _known_finding(cls, v: str) -> str:
        if not is_finding(v):
            raise ValueError(f"unknown finding {v!r} (see knowledge/findings.py FINDINGS)")
        return v


class Checks(_Strict):
    """Machine-checkable mirror of ``distinguishing``: findings that rule this card in / out."""

    rules_in: list[FindingCheck] = Field(default_factory=list)
    rules_out: list[FindingCheck] = Field(default_factory=list)

    @model_validator(mode="after")
    def _points_to_only_out(self) -> Checks:
        for c in self.rules_in:
            if c.points_to is not None:
                raise ValueError(f"rules_in {c.finding}: points_to belongs to rules_out checks")
        return self


class Card(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    title: str
    layers: list[Layer] = Field(min_length=1)
    severity: Literal["info", "warning", "critical"]
    signals: Signals
    distinguishing: Distinguishing
    checks: Checks | None = Field(
        default=None, description="structured rules in/out over named findings (the scorer)"
    )
    root_cause: str
    runbooks: list[str] = Field(default_factory=list, description="runbook ids")
    fault_classes: list[str] = Field(
        default_factory=list, description="simulator fault classes this card explains"
    )
    related: list[str] = Field(default_factory=list, description="other card ids")
    sources: list[str] = Field(min_length=1, description="where the facts come from")
    body: str = Field(default="", description="the Markdown after the front matter")


class Precondition(_Strict):
    check: str = Field(description="what to verify, e.g. node_state, active_jobs")
    expect: str
    tool: str | None = None


class Step(_Strict):
    name: str
    tool: str
    args: dict[str, str | int | float | bool] = Field(default_factory=dict)
    risk: Risk
    timeout_s: float = Field(default=300, gt=0)

    @model_validator(mode="after")
    def _known_tool(self) -> Step:
        if self.tool not in TOOLS:
            raise ValueError(f"step {self.name!r}: unknown tool {self.tool!r}")
        if TOOLS[self.tool] != self.risk:
            raise ValueError(
                f"step {self.name!r}: tool {self.tool} has risk {TOOLS[self.tool]}, not {self.risk}"
            )
        return self


class Verification(_Strict):
    tool: str
    args: dict[str, str | int | float | bool] = Field(default_factory=dict)
    expect: str
    timeout_s: float = Field(gt=0)

    @model_validator(mode="after")
    def _read_only(self) -> Verification:
        # Verifying must not change anything: a check that mutates is a step, not a check.
        if TOOLS.get(self.tool) != "read":
            raise ValueError(f"verification tool {self.tool!r} must be a known read tool")
        return self


class Runbook(_Strict):
    id: str = Field(pattern=ID_PATTERN)
    version: int = Field(ge=1)
    title: str
    description: str
    applies_to: list[str] = Field(min_length=1, description="card ids")
    preconditions: list[Precondition] = Field(default_factory=list)
    approval: Literal["required", "policy", "none"]
    steps: list[Step] = Field(min_length=1)
    rollback: list[Step] = Field(default_factory=list)
    verification: Verification

    @model_validator(mode="after")
    def _approval_covers_risk(self) -> Runbook:
        risky = [s.name for s in self.steps if s.risk != "read"]
        if risky and self.approval == "none":
            raise ValueError(
                f"runbook {self.id}: steps {risky} change state, so approval cannot be 'none'"
            )
        if any(s.risk == "destructive" for s in self.steps) and self.approval != "required":
            raise ValueError(f"runbook {self.id}: a destructive step needs approval: required")
        return self
