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
from collections.abc import Iterable
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    field_validator,
    model_validator,
)

from gpufleet.knowledge.actions import ACTION_CLASSES
from gpufleet.knowledge.findings import is_finding

Layer = Literal["hardware", "driver", "os", "workload"]
Risk = Literal["read", "mutate", "destructive"]
RISK_ORDER: dict[Risk, int] = {"read": 0, "mutate": 1, "destructive": 2}
ID_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"

# The typed tools runbook steps may name, with their risk; a runbook naming anything else is
# rejected. The SRE agent's tool registry implements all of them but :data:`NO_EXECUTOR`
# (``gpufleet kb validate`` checks both, and every step's arguments, against the real tools).
TOOLS: dict[str, Risk] = {
    # read
    "metrics.history": "read",
    "topology.describe": "read",
    "kernel_log.search": "read",
    "slurm.show_node": "read",
    "slurm.show_job": "read",
    "slurm.list_jobs_on_node": "read",
    "k8s.describe_node": "read",
    "k8s.events": "read",  # evictions, FailedScheduling for GPUs, NodeNotReady, device plugin
    "k8s.node_conditions": "read",  # Ready, GPU health (NVSentinel), node-problem-detector
    "k8s.pod_log": "read",  # NCCL / CUDA / RDMA signatures of a pod's log
    "k8s.gpu_stack_pod_log": "read",  # device plugin / GPU Operator pod's state and log tail
    "nvidia_smi.query": "read",
    "dcgm.run_diag": "read",  # level 1-2 are read-only health checks; level 3+ is mutate
    "bundle.collect_diagnostics": "read",  # nvidia-bug-report.sh, dmesg, dcgmi health
    "changes.recent": "read",
    "incidents.history": "read",
    "node_evidence.search": "read",  # job logs, nvidia-smi -q, dcgmi diag, FM log, IB counters
    # mutate
    "slurm.drain_node": "mutate",
    "slurm.resume_node": "mutate",
    "slurm.requeue_job": "mutate",
    "k8s.cordon_node": "mutate",
    "k8s.uncordon_node": "mutate",
    "k8s.evict_pods": "mutate",
    "k8s.taint_node": "mutate",
    "k8s.untaint_node": "mutate",
    "k8s.set_node_condition": "mutate",
    "k8s.restart_gpu_stack_pod": "mutate",  # delete a DaemonSet pod; its DaemonSet recreates it
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

# Tools of the vocabulary that no executor implements yet: a runbook may name them, and the
# planner keeps such a step in the plan marked ``not_configured``, never executed
# (agents/sre/plan.py). Empty since the Kubernetes executor (graph/executors/k8s.py).
NO_EXECUTOR: frozenset[str] = frozenset()


# How much a runbook protects the fleet from the fault it answers, lowest first. The class is
# derived from what the steps do (:func:`safety_of`), so it cannot be argued with; a runbook may
# state it (``safety:``) for the reader, and the schema rejects a statement that disagrees.
#   restore  puts a node back into service (resume / uncordon) and nothing more protective
#   observe  reads only: the fleet is left exactly as it is
#   notify   tells people, opens tickets, requeues or cancels jobs: the hardware stays in service
#   mitigate changes the component but keeps it in service (power limit, fabric manager restart)
#   isolate  takes a node, GPU or NIC out of service (drain, cordon, evict, isolate, reset,
#            reboot, RMA, stress diagnostic on a drained node)
# A model re-ranking the diagnosis may never move the plan to a lower class than the one the
# evidence chose (agents/sre/rerank.py, agents/sre/plan.py).
SafetyClass = Literal["restore", "observe", "notify", "mitigate", "isolate"]
SAFETY_ORDER: dict[SafetyClass, int] = {
    "restore": 0,
    "observe": 1,
    "notify": 2,
    "mitigate": 3,
    "isolate": 4,
}
TOOL_SAFETY: dict[str, SafetyClass] = {
    "slurm.resume_node": "restore",
    "k8s.uncordon_node": "restore",
    "k8s.untaint_node": "restore",
    "k8s.set_node_condition": "notify",
    "notify.user": "notify",
    "notify.facilities": "notify",
    "ticket.open": "notify",
    "slurm.requeue_job": "notify",
    "slurm.cancel_job": "notify",
    "nvidia_smi.set_power_limit": "mitigate",
    "fabric_manager.restart": "mitigate",
    "k8s.restart_gpu_stack_pod": "mitigate",
    "slurm.drain_node": "isolate",
    "k8s.cordon_node": "isolate",
    "k8s.evict_pods": "isolate",
    "k8s.taint_node": "isolate",
    "nic.isolate": "isolate",
    "nvidia_smi.reset_gpu": "isolate",
    "node.reboot": "isolate",
    "ticket.rma": "isolate",
    "dcgm.run_diag_extended": "isolate",
}


def tool_safety(tool: str) -> SafetyClass:
    """What one tool does to the fleet; read tools observe."""
    if tool in TOOL_SAFETY:
        return TOOL_SAFETY[tool]
    return "observe" if TOOLS.get(tool) == "read" else "isolate"


def safety_of(tools: Iterable[str]) -> SafetyClass:
    """The safety class of steps calling ``tools``: the most protective thing they do, and
    ``restore`` only when returning to service is all they change. No tool: ``observe``."""
    changes = [tool_safety(t) for t in tools if TOOLS.get(t) != "read"]
    return max(changes, key=SAFETY_ORDER.__getitem__, default="observe")


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


def _known_finding(v: str) -> str:
    if not is_finding(v):
        raise ValueError(f"unknown finding {v!r} (see knowledge/findings.py FINDINGS)")
    return v


# a name from knowledge.findings.FINDINGS or ``xid:<n>``
FindingName = Annotated[str, AfterValidator(_known_finding)]


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
    requires: list[str] = Field(
        default_factory=list,
        description="the card's own signal: findings of which at least one must hold for the "
        "card to rank among cards that have theirs (retrieval on hints every card of its kind "
        "shares, such as any Xid line, is not enough)",
    )

    @field_validator("requires")
    @classmethod
    def _known_required(cls, v: list[str]) -> list[str]:
        bad = [f for f in v if not is_finding(f)]
        if bad:
            raise ValueError(f"unknown finding(s) {bad} in requires (see knowledge/findings.py)")
        return v

    @model_validator(mode="after")
    def _points_to_only_out(self) -> Checks:
        for c in self.rules_in:
            if c.points_to is not None:
                raise ValueError(f"rules_in {c.finding}: points_to belongs to rules_out checks")
        return self


class Likelihood(_Strict):
    """One likelihood ratio of the ranker's model (agents/sre/posterior.py): how much more likely
    ``finding`` is under this card's mode than under the alternatives, and the vendor statement
    the number comes from (a number without a source is refused)."""

    finding: FindingName
    lr: float = Field(gt=0, le=1000)
    source: str = Field(min_length=8, description="where the number comes from")


class RunbookWhen(_Strict):
    """A variant of the card the evidence tells apart and whose operator decision differs from
    the card's first runbook: when ``finding`` rules the card in, ``runbook`` is the plan, unless
    the incident shows a finding in ``unless`` too, whether it rules the card in or out (a GPU
    fault beside the variant's sign is the fault's, and keeps the card's own runbook)."""

    finding: FindingName
    runbook: str = Field(pattern=ID_PATTERN)
    unless: list[FindingName] = Field(
        default_factory=list,
        description="findings that, seen anywhere in the incident, keep the card's runbooks",
    )
    why: str = Field(min_length=8, description="what the variant is and who says so")


# A report phrase is a sentence a person would write, not a paragraph: long phrases would make
# the card's "reported" view (knowledge.index) one card's essay instead of many people's words.
MAX_REPORT_PHRASES = 14
ReportPhrase = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=12, max_length=200)
]


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
    likelihoods: list[Likelihood] = Field(
        default_factory=list,
        description="sourced likelihood ratios per finding (the ranker's probabilistic model)",
    )
    root_cause: str
    runbooks: list[str] = Field(default_factory=list, description="runbook ids")
    runbook_when: list[RunbookWhen] = Field(
        default_factory=list,
        description="variants whose evidence picks another runbook than the first (in order)",
    )
    fault_classes: list[str] = Field(
        default_factory=list, description="simulator fault classes this card explains"
    )
    related: list[str] = Field(default_factory=list, description="other card ids")
    reported_as: list[ReportPhrase] = Field(
        default_factory=list,
        max_length=MAX_REPORT_PHRASES,
        description=(
            "how people write this failure in a report (issue, ticket, forum post): what they "
            "see, quote, tried and what fixed it, in their words rather than the vendor's"
        ),
    )
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
    required: bool = Field(
        default=False,
        description="the later steps depend on this one: when its tool is not configured "
        "here the plan stops and a person takes over (otherwise the step is skipped and the "
        "plan goes on)",
    )

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
    applies_to: list[str] = Field(
        default_factory=list,
        description="card ids; empty for a runbook the planner picks by rule, never as a card's "
        "own (agents.sre.plan: a report no rule reads)",
    )
    preconditions: list[Precondition] = Field(default_factory=list)
    approval: Literal["required", "policy", "none"]
    safety: SafetyClass | None = Field(
        default=None,
        description="what the steps do to the fleet (restore < observe < notify < mitigate < "
        "isolate); derived from the steps, and checked against them when stated",
    )
    steps: list[Step] = Field(min_length=1)
    rollback: list[Step] = Field(default_factory=list)
    verification: Verification
    action_class: str | None = Field(
        default=None,
        description="what the runbook does to the fault, one of knowledge.actions.ACTION_CLASSES "
        "(graded in the eval against the truth's action classes)",
    )
    action_source: str | None = Field(
        default=None,
        description="the published guidance that names this action for the fault (the Xid "
        "catalog's resolution bucket, an NVIDIA guide, a tool's documentation); checked by "
        "`kb validate` (knowledge.action_sources)",
    )

    @field_validator("action_class")
    @classmethod
    def _known_action_class(cls, v: str | None) -> str | None:
        if v is not None and v not in ACTION_CLASSES:
            raise ValueError(f"unknown action_class {v!r}; known: {', '.join(ACTION_CLASSES)}")
        return v

    @property
    def safety_class(self) -> SafetyClass:
        """Derived from the steps (not the rollback): see :data:`SafetyClass`."""
        return safety_of(s.tool for s in self.steps)

    @model_validator(mode="after")
    def _safety_matches_steps(self) -> Runbook:
        if self.safety is not None and self.safety != self.safety_class:
            raise ValueError(
                f"runbook {self.id}: safety {self.safety!r} disagrees with its steps, which "
                f"make it {self.safety_class!r}"
            )
        return self

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
