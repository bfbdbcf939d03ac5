"""Typed events: the contract between agents (DESIGN.md decision 4).

Leaf module: imports nothing of ours. Every event has a deterministic ``event_id`` derived from
its content and event time, so a replayed run produces the same ids and idempotent handlers can
drop duplicates delivered by at-least-once transport.

Incidents carry explicit phases. :data:`PHASE_TRANSITIONS` is the only place that says which
phase may follow which; :meth:`Incident.advance` enforces it.
"""

from __future__ import annotations

import enum
import hashlib
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class Severity(enum.IntEnum):
    """Ordered so that ``max()`` gives the worst."""

    INFO = 10
    WARNING = 20
    CRITICAL = 30


class Scope(enum.StrEnum):
    """How far a root cause reaches, from one GPU to a whole rack."""

    GPU = "gpu"
    CHASSIS = "chassis"  # physically adjacent GPUs in one node: fans, airflow, baseboard
    NODE = "node"  # every GPU of a node: PSU, host, driver, NIC
    JOB = "job"  # every GPU of one job, across nodes: NCCL, fabric, data pipeline
    RACK = "rack"  # several nodes of a rack: cooling, PDU, leaf switch
    CLUSTER = "cluster"


class Family(enum.StrEnum):
    """Symptom families: correlation only merges anomalies of the same family."""

    THERMAL = "thermal"
    MEMORY = "memory"  # ECC, row remap, retired pages
    POWER = "power"
    INTERCONNECT = "interconnect"  # NVLink, PCIe, InfiniBand
    UTILIZATION = "utilization"  # stalls, collapses, starvation, leaks
    HOST = "host"
    DEVICE = "device"  # Xid device faults, GPU lost
    APPLICATION = "application"  # Xid 13/31-class application faults
    TELEMETRY = "telemetry"


class Phase(enum.StrEnum):
    DETECTED = "detected"
    DIAGNOSING = "diagnosing"
    AWAITING_APPROVAL = "awaiting_approval"
    REMEDIATING = "remediating"
    VERIFYING = "verifying"
    RESOLVED = "resolved"
    ESCALATED = "escalated"


PHASE_TRANSITIONS: dict[Phase, frozenset[Phase]] = {
    Phase.DETECTED: frozenset({Phase.DIAGNOSING, Phase.RESOLVED, Phase.ESCALATED}),
    Phase.DIAGNOSING: frozenset(
        {Phase.AWAITING_APPROVAL, Phase.REMEDIATING, Phase.RESOLVED, Phase.ESCALATED}
    ),
    Phase.AWAITING_APPROVAL: frozenset({Phase.REMEDIATING, Phase.ESCALATED, Phase.RESOLVED}),
    # a runbook with several state-changing steps goes back to a person for each of them
    Phase.REMEDIATING: frozenset({Phase.VERIFYING, Phase.ESCALATED, Phase.AWAITING_APPROVAL}),
    Phase.VERIFYING: frozenset({Phase.RESOLVED, Phase.ESCALATED, Phase.REMEDIATING}),
    Phase.RESOLVED: frozenset({Phase.DETECTED}),  # a recurrence reopens
    # a person settled a step whose outcome was unknown as done: the plan goes on
    Phase.ESCALATED: frozenset({Phase.DIAGNOSING, Phase.RESOLVED, Phase.REMEDIATING}),
}


class PhaseError(ValueError):
    pass


def stable_id(prefix: str, *parts: object) -> str:
    """A short id that depends only on its inputs (never on the clock or a random source)."""
    digest = hashlib.blake2b("\x1f".join(map(str, parts)).encode(), digest_size=8).hexdigest()
    return f"{prefix}-{digest}"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Anomaly(_Model):
    """One rule firing on one entity at one time."""

    anomaly_id: str
    time: float
    rule: str  # e.g. "threshold.gpu_temp", "rate.gpu_temp_rise", "xid", "baseline.power"
    symptom: str  # e.g. "gpu_temp_high", "sbe_storm", "xid_48"
    family: Family
    severity: Severity
    entity: str  # GPU key, hostname or job id
    entity_kind: Literal["gpu", "node", "job"]
    layer: Literal["hardware", "driver", "os", "workload"] = "hardware"
    field: str | None = None
    value: float | None = None
    threshold: float | None = None
    xid: int | None = None
    # the job whose own output reported it (a GPU or node anomaly a job's log shows): the
    # incident names the job, so the person who owns it is reached and a job-scoped fault is
    # found by its job
    job: str | None = None
    message: str

    @classmethod
    def make(cls, **kw: Any) -> Anomaly:
        kw.setdefault(
            "anomaly_id", stable_id("an", kw["rule"], kw["symptom"], kw["entity"], kw["time"])
        )
        return cls(**kw)


class PhaseChange(_Model):
    phase: Phase
    at: float
    reason: str
    by: str = "noc"


#: How an incident names a report file among its ``sources``: ``report:<parser> <file>:<line>``
#: for a report a rule read, ``report:pasted <file>`` for a driver line a report quoted.
REPORT_SOURCE = "report:"


class Incident(_Model):
    """One root cause. Other affected entities ride along as context, not as incidents."""

    incident_id: str
    title: str
    family: Family
    scope: Scope
    root_entity: str  # the GPU / node / rack / job the cause is attributed to
    severity: Severity
    phase: Phase = Phase.DETECTED
    opened_at: float
    updated_at: float
    last_anomaly_at: float
    entities: tuple[str, ...]  # entities showing the symptom (GPU keys, hosts, job ids)
    context_entities: tuple[str, ...] = ()  # neighbours / job peers attached as context
    symptoms: tuple[str, ...]
    anomaly_ids: tuple[str, ...]  # evidence: the anomalies that make up this incident
    anomaly_count: int
    suppressed_count: int = 0  # duplicates absorbed by dedup / cooldown
    nodes: tuple[str, ...] = ()
    racks: tuple[str, ...] = ()
    jobs: tuple[str, ...] = ()
    xids: tuple[int, ...] = ()
    summary: str = ""
    history: tuple[PhaseChange, ...] = ()
    # Who says so: "noc" (gpufleet's own detection from telemetry and kernel logs) or an
    # outside intake ("alertmanager:unauthenticated" / "alertmanager:authenticated"). An
    # unauthenticated source cannot by itself open a plan that changes the fleet.
    provenance: str = "noc"
    # Every source that reported into this one incident (the NOC, Alertmanager, a job's or
    # pod's report): one root cause heard from several places stays one incident.
    sources: tuple[str, ...] = ()

    @property
    def trusted(self) -> bool:
        return not self.provenance.endswith(":unauthenticated")

    def advance(self, phase: Phase, at: float, reason: str, by: str = "noc") -> Incident:
        if phase not in PHASE_TRANSITIONS[self.phase]:
            raise PhaseError(
                f"incident {self.incident_id}: {self.phase.value} -> {phase.value} is not allowed"
            )
        return self.model_copy(
            update={
                "phase": phase,
                "updated_at": at,
                "history": (*self.history, PhaseChange(phase=phase, at=at, reason=reason, by=by)),
            }
        )


class _Event(_Model):
    topic: ClassVar[str]
    event_id: str
    time: float  # event time (the data's time), never the wall clock


class AnomalyDetected(_Event):
    topic: ClassVar[str] = "anomaly"
    kind: Literal["anomaly_detected"] = "anomaly_detected"
    anomaly: Anomaly


class IncidentOpened(_Event):
    topic: ClassVar[str] = "incident"
    kind: Literal["incident_opened"] = "incident_opened"
    incident: Incident


class IncidentUpdated(_Event):
    """The incident changed: evidence attached, severity escalated, scope widened, phase moved."""

    topic: ClassVar[str] = "incident"
    kind: Literal["incident_updated"] = "incident_updated"
    change: Literal["attached", "escalated", "scope_widened", "merged", "phase"]
    incident: Incident
    merged_from: tuple[str, ...] = ()


# --- diagnosis and actions (the SRE agent's output) -------------------------------------------

Layer = Literal["hardware", "driver", "os", "workload"]
Risk = Literal["read", "mutate", "destructive"]
Scalar = float | int | str | bool | None


class Evidence(_Model):
    """One piece of evidence gathered by a read tool. ``evidence_id`` is short and stable within
    a diagnosis (``E01``…) so a model can cite it; ``facts`` is the machine-readable part the
    scorer uses; ``summary`` is for people (fleet text in it is quoted, never obeyed)."""

    evidence_id: str
    layer: Layer
    tool: str
    entity: str
    summary: str
    facts: dict[str, Scalar] = Field(default_factory=dict)
    query: str = ""
    status: Literal["ok", "error", "empty"] = "ok"


class Finding(_Model):
    """A named, checkable fact derived from evidence (``neighbours_warming``, ``xid:79``)."""

    name: str
    entity: str
    value: float | None = None
    detail: str = ""
    evidence_ids: tuple[str, ...] = ()


class Hypothesis(_Model):
    """A candidate root cause: a knowledge-base card, its score and why."""

    card_id: str
    title: str
    score: float
    retrieval_score: float = 0.0
    reasons: tuple[str, ...] = ()
    supporting: tuple[str, ...] = ()  # finding names that rule this card in
    contradicting: tuple[str, ...] = ()  # finding names that rule it out
    evidence_ids: tuple[str, ...] = ()
    precedent_vote: float = 0.0  # the similar resolved incidents' share for this card, 0..1


class PlannedStep(_Model):
    index: int
    name: str
    tool: str
    args: dict[str, Scalar] = Field(default_factory=dict)
    risk: Risk
    needs_approval: bool  # False for reads and for policy pre-approved steps
    preapproved_by: str | None = None  # the policy rule that pre-approved it
    # placeholders the incident could not fill ("{port}"): the step is shown, never executed
    unresolved: tuple[str, ...] = ()
    # the runbook says later steps depend on it: not configured here stops the plan (escalates)
    # instead of being skipped
    required: bool = False


class Diagnosis(_Model):
    diagnosis_id: str
    incident_id: str
    time: float  # the incident's time, never the wall clock
    hypotheses: tuple[Hypothesis, ...]  # ranked, best first
    evidence: tuple[Evidence, ...]
    findings: tuple[Finding, ...] = ()
    runbook_id: str | None = None
    runbook_version: int | None = None
    plan: tuple[PlannedStep, ...] = ()
    method: Literal["deterministic", "model"] = "deterministic"
    model: str | None = None  # backend/model that re-ranked, when one did
    fallback: str | None = None  # why the model's answer was not used (visible, never silent)
    explanation: str = ""
    cited_evidence: tuple[str, ...] = ()
    model_tokens: int = 0
    model_latency_s: float | None = None  # measured at the edge, for reports only

    @property
    def top(self) -> Hypothesis | None:
        return self.hypotheses[0] if self.hypotheses else None


class DiagnosisReady(_Event):
    topic: ClassVar[str] = "diagnosis"
    kind: Literal["diagnosis_ready"] = "diagnosis_ready"
    diagnosis: Diagnosis


class ActionProposed(_Event):
    """A state-changing step waits for a person (or was pre-approved by policy)."""

    topic: ClassVar[str] = "action"
    kind: Literal["action_proposed"] = "action_proposed"
    approval_id: str
    incident_id: str
    runbook_id: str
    runbook_version: int
    step: PlannedStep


class ApprovalDecided(_Event):
    topic: ClassVar[str] = "action"
    kind: Literal["approval_decided"] = "approval_decided"
    approval_id: str
    incident_id: str
    decision: Literal["approved", "rejected"]
    by: str
    reason: str = ""


class ActionResult(_Event):
    topic: ClassVar[str] = "action"
    kind: Literal["action_result"] = "action_result"
    incident_id: str
    approval_id: str | None
    tool: str
    args: dict[str, Scalar] = Field(default_factory=dict)
    risk: Risk
    status: str  # the tool result status: ok, error, dry_run, denied, …
    initiator: str  # "agent" or the person who approved
    dry_run: bool = True
    query: str = ""
    error: str | None = None


# --- recommendations (the performance agent's output) -----------------------------------------


class Gain(_Model):
    """What a recommendation is expected to win, in its unit, over the analysed window."""

    value: float
    unit: Literal["gpu_hours", "percent_throughput", "gpu_hours_at_risk"]
    energy_kwh: float = 0.0  # its energy cost (positive) or saving (negative)
    basis: str = ""  # how the number was computed, for people


class ProposedAction(_Model):
    """A tool call a recommendation would make; it only ever goes to the approval gate."""

    tool: str
    args: dict[str, Scalar] = Field(default_factory=dict)
    risk: Risk


RecommendationKind = Literal[
    "idle_gpus",
    "under_used_gpus",
    "cpu_only_job",
    "periodic_gaps",
    "fb_leak",
    "thermal_throttling",
    "power_limit",
    "failure_risk",
]


class Recommendation(_Model):
    recommendation_id: str
    kind: RecommendationKind
    title: str
    entities: tuple[str, ...]  # GPU keys, hostnames or racks
    job_id: str | None = None
    user: str | None = None
    team: str | None = None
    gain: Gain
    evidence: tuple[str, ...] = ()  # the findings / measurements behind it, quotable
    action: ProposedAction | None = None
    risk: Risk = "read"  # of the action; "read" when there is nothing to run
    window_start: float
    window_end: float


class RecommendationIssued(_Event):
    topic: ClassVar[str] = "recommendation"
    kind: Literal["recommendation_issued"] = "recommendation_issued"
    recommendation: Recommendation


Event = Annotated[
    AnomalyDetected
    | IncidentOpened
    | IncidentUpdated
    | DiagnosisReady
    | ActionProposed
    | ApprovalDecided
    | ActionResult
    | RecommendationIssued,
    Field(discriminator="kind"),
]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
TOPICS: tuple[str, ...] = ("anomaly", "incident", "diagnosis", "action", "recommendation")


def anomaly_detected(anomaly: Anomaly) -> AnomalyDetected:
    return AnomalyDetected(
        event_id=stable_id("ev", "anomaly", anomaly.anomaly_id), time=anomaly.time, anomaly=anomaly
    )


def incident_opened(incident: Incident) -> IncidentOpened:
    return IncidentOpened(
        event_id=stable_id("ev", "opened", incident.incident_id),
        time=incident.opened_at,
        incident=incident,
    )


def incident_updated(
    incident: Incident,
    change: Literal["attached", "escalated", "scope_widened", "merged", "phase"],
    merged_from: tuple[str, ...] = (),
) -> IncidentUpdated:
    return IncidentUpdated(
        event_id=stable_id(
            "ev",
            change,
            incident.incident_id,
            incident.updated_at,
            incident.anomaly_count,
            incident.phase.value,
            len(incident.history),  # two visits to one phase at one time are two events
            *merged_from,
        ),
        time=incident.updated_at,
        change=change,
        incident=incident,
        merged_from=merged_from,
    )


def recommendation_issued(rec: Recommendation) -> RecommendationIssued:
    return RecommendationIssued(
        event_id=stable_id("ev", "recommendation", rec.recommendation_id),
        time=rec.window_end,
        recommendation=rec,
    )


def event_topic(event: Event) -> str:
    return type(event).topic
