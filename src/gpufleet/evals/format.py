"""The recorded-incident format: ``incident.yaml`` and its JSON Schema.

A recorded incident is a folder small enough to commit, which an operator can also cut from their
own fleet::

    incident.yaml   what happened and the ground truth (this module)
    metrics.jsonl   samples in VictoriaMetrics' JSON-lines export format, dcgm-exporter names and
                    labels (what /api/v1/export returns and /api/v1/import accepts)
    logs.txt        kernel / journal lines with timestamps (dmesg, journalctl or syslog formats)
    events.jsonl    optional scheduler events: node state changes, job start / end / fail

Optional evidence files (parsed by the ``telemetry`` text parsers; found by these names, or
listed under ``evidence:`` with their kind, node, job and origin)::

    jobs/<jobid>.log                 job stdout / stderr (NCCL, CUDA, PyTorch signatures)
    nodes/<node>/nvidia-smi-q.txt    ``nvidia-smi -q`` taken on the node
    nodes/<node>/dcgmi-diag.json     ``dcgmi diag -j`` (or dcgmi-diag.txt: the text table)
    nodes/<node>/fabricmanager.log   Fabric Manager log of the node (fabric.log: the fleet's)
    nodes/<node>/ib_counters.txt     perfquery / ibstat / sysfs counters (ib_counters.txt: any
                                     node, named by pdsh prefixes)

``addresses`` (node → IP addresses / GIDs) lets an RDMA error that names a peer by address be
attributed to that node. The truth may accept several causes (``acceptable_causes``), several
roots (``root_entities``) and names the action classes a good responder picks
(``action_classes``, :data:`knowledge.actions.ACTION_CLASSES`).

Scenario folders in the suite may instead carry a ``generator`` block: the data files are then
produced from seeds on the fly (``evals.materialize``), so the committed suite stays small.

The schema is published as ``evals/schema/incident.schema.json`` (kept in sync by a test).

:func:`load_spec` raises only :class:`IncidentFormatError`: ``incident.yaml`` is read through
:mod:`telemetry.untrusted` (at most 1 MiB, UTF-8 with an optional BOM, YAML nested ≤ 64 levels
and ≤ 20,000 values with aliases expanded, checked before the recursive loader runs; the message
names the line); NaN and infinite numbers are refused. The data files are read by
:mod:`evals.recorded` (problems there are collected per line, never fatal).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator

from gpufleet.knowledge.actions import ACTION_CLASSES
from gpufleet.telemetry.text_evidence import SOURCES, Source
from gpufleet.telemetry.untrusted import (
    CONFIG_LIMITS,
    UntrustedInputError,
    capped,
    clip,
    read_yaml,
    with_label,
)

SCHEMA_PATH = Path(__file__).with_name("schema") / "incident.schema.json"
SCOPES = ("gpu", "chassis", "node", "job", "rack", "cluster")
FAMILIES = (
    "thermal",
    "memory",
    "power",
    "interconnect",
    "utilization",
    "host",
    "device",
    "application",
    "telemetry",
)


def _to_epoch(v: Any) -> Any:
    """Accept RFC 3339 strings (and YAML datetimes) as well as epoch seconds."""
    if isinstance(v, dt.datetime):
        return (v if v.tzinfo else v.replace(tzinfo=dt.UTC)).timestamp()
    if isinstance(v, str) and len(v) <= 64:
        try:
            parsed = dt.datetime.fromisoformat(v.replace("Z", "+00:00"))
        except ValueError:
            return v  # let pydantic report "not a valid number"
        return (parsed if parsed.tzinfo else parsed.replace(tzinfo=dt.UTC)).timestamp()
    return v


Epoch = Annotated[float, BeforeValidator(_to_epoch)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class TimeRange(_Strict):
    start: Epoch = Field(description="RFC 3339 time or Unix seconds")
    end: Epoch

    @model_validator(mode="after")
    def _ordered(self) -> TimeRange:
        if self.end <= self.start:
            raise ValueError("end must be after start")
        return self


class GeneratedTopology(_Strict):
    racks: int = Field(ge=1)
    nodes_per_rack: int = Field(ge=1)
    gpus_per_node: int = Field(default=8, ge=1, le=16)
    sku: str = "H100"
    name: str = "sim"
    drivers: dict[str, str] = Field(
        default_factory=dict,
        description="rack name -> driver version for racks that differ from the default "
        "(a partial rollout; telemetry.topology.build_cluster driver_by_rack)",
    )


class TruthFault(_Strict):
    fault_class: str = Field(description="simulator fault class / failure-mode id")
    root_cause: str = Field(description="knowledge-base card id of the root cause")
    root_entity: str = Field(description="GPU key (host/gpuN), hostname, rack or job id")
    scope: Literal["gpu", "chassis", "node", "job", "rack", "cluster"]
    family: Literal[
        "thermal",
        "memory",
        "power",
        "interconnect",
        "utilization",
        "host",
        "device",
        "application",
        "telemetry",
    ]
    entities: list[str] = Field(default_factory=list, description="GPU keys showing the fault")
    jobs: list[str] = Field(default_factory=list)
    onset: Epoch
    max_delay_s: float = Field(ge=0, description="a detector must open an incident within this")
    benign: bool = Field(default=False, description="red herring: correct output is no incident")
    correct_actions: list[str] = Field(default_factory=list)
    unsafe_actions: list[str] = Field(default_factory=list)
    acceptable_causes: list[str] = Field(
        default_factory=list,
        description="other knowledge-base card ids that also count as the right root cause",
    )
    root_entities: list[str] = Field(
        default_factory=list,
        description="other entities that also count as the right root (e.g. both ends of a link)",
    )
    action_classes: list[str] = Field(
        default_factory=list,
        description="the action classes a good responder picks (knowledge.actions), best first",
    )

    @model_validator(mode="after")
    def _known_action_classes(self) -> TruthFault:
        unknown = [a for a in self.action_classes if a not in ACTION_CLASSES]
        if unknown:
            raise ValueError(
                f"unknown action class(es) {unknown}; known: {', '.join(ACTION_CLASSES)}"
            )
        return self

    @property
    def causes(self) -> tuple[str, ...]:
        """Every card id that counts as the right root cause."""
        return (self.root_cause, *self.acceptable_causes)

    @property
    def roots(self) -> tuple[str, ...]:
        """Every entity that counts as the right root."""
        return (self.root_entity, *self.root_entities)


class Truth(_Strict):
    faults: list[TruthFault] = Field(
        default_factory=list, description="empty for a fault-free stretch"
    )
    difficulty: Literal["easy", "medium", "hard"] = "medium"
    source: str = Field(description="where the data came from (simulator seed, site, date)")


class Generator(_Strict):
    """How to regenerate the data files from seeds (suite scenarios only)."""

    seed: int
    duration_s: float = Field(gt=0)
    interval_s: float = Field(default=15.0, gt=0)
    topology: GeneratedTopology
    faults: list[str] = Field(
        default_factory=list,
        description="fault specs NAME@ONSET:key=value,... (gpufleet simulate --fault syntax)",
    )
    artifacts: bool = True
    training_share: float = Field(default=0.55, ge=0, le=1)
    log_style: Literal["journal-iso", "dmesg-T", "syslog", "dmesg"] = "journal-iso"
    materialize: bool = Field(
        default=True,
        description="write the data files; False streams ticks straight from "
        "the simulator (very long fault-free stretches)",
    )


class AlertSpec(_Strict):
    """One Alertmanager alert (webhook version 4 ``alerts[]`` entry) that reaches gpufleet."""

    labels: dict[str, str] = Field(description="the alert's labels (alertname included)")
    annotations: dict[str, str] = Field(default_factory=dict)
    starts_at: Epoch = Field(description="when it started firing (RFC 3339 or Unix seconds)")
    generator_url: str = Field(default="", description="the rule's link (carries its expr)")


class EvidenceFile(_Strict):
    """One evidence file of the incident folder and how to read it."""

    path: str = Field(description="relative to the incident folder")
    kind: Source = Field(description=f"which parser reads it: {', '.join(SOURCES)}")
    node: str = Field(default="", description="the node it was taken on ('' unknown / several)")
    job: str = Field(default="", description="the job it belongs to (job logs)")
    origin: str = Field(default="", description="where the text (or its format) came from")
    collected_at: Epoch | None = Field(
        default=None,
        description="when it was collected; None: it answers the read tools at any time of "
        "the replay (a command's output taken during the incident)",
    )


class ChangeRecord(_Strict):
    """A change on a node from the site's change log (driver / firmware upgrade, config)."""

    time: Epoch
    node: str
    kind: str = Field(description="driver, firmware, config, image, fabric_manager, …")
    detail: str = ""


class IncidentSpec(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9._-]*$")
    title: str
    description: str = ""
    kind: Literal["fault", "red_herring", "overlapping", "fault_free"] = "fault"
    time_range: TimeRange
    interval_s: float = Field(default=15.0, gt=0)
    topology: GeneratedTopology | None = Field(
        default=None, description="a regular generated topology; or give topology_file"
    )
    topology_file: str | None = Field(
        default=None,
        description="JSON list of clusters (telemetry.topology.Cluster), relative "
        "to the incident folder",
    )
    boot_times: dict[str, Epoch] = Field(
        default_factory=dict, description="node → boot time, for dmesg lines without wall clock"
    )
    addresses: dict[str, list[str]] = Field(
        default_factory=dict,
        description="node → IP addresses / GIDs, to attribute errors that name a peer by address",
    )
    changes: list[ChangeRecord] = Field(
        default_factory=list, description="the change log around the incident (driver upgrades…)"
    )
    evidence: list[EvidenceFile] = Field(
        default_factory=list,
        description="evidence files with their kind (files under jobs/ and nodes/ are also "
        "found by name)",
    )
    alerts: list[AlertSpec] = Field(
        default_factory=list,
        description="Alertmanager alerts that open the incident with no NOC anomaly behind "
        "them: the SRE agent is scored on the incidents the alert intake opens from these",
    )
    truth: Truth
    generator: Generator | None = None

    @model_validator(mode="after")
    def _consistent(self) -> IncidentSpec:
        if (self.topology is None) == (self.topology_file is None):
            raise ValueError("give exactly one of topology or topology_file")
        for f in self.truth.faults:
            if not self.time_range.start <= f.onset <= self.time_range.end:
                raise ValueError(f"truth fault {f.fault_class!r}: onset outside time_range")
        if self.kind == "fault_free" and any(not f.benign for f in self.truth.faults):
            raise ValueError("a fault_free incident cannot have non-benign truth faults")
        for e in self.evidence:
            p = e.path.replace("\\", "/")
            if p.startswith("/") or ".." in p.split("/"):
                raise ValueError(f"evidence path {e.path!r} must stay inside the incident folder")
        return self


class IncidentFormatError(ValueError):
    """A broken recorded incident. The message names the file, the field and what is wrong."""


def load_spec(folder: str | Path) -> IncidentSpec:
    folder = Path(folder)
    path = folder / "incident.yaml"
    try:
        raw = read_yaml(path, limits=CONFIG_LIMITS)
    except FileNotFoundError:
        raise IncidentFormatError(
            f"{path}: missing (a recorded incident needs incident.yaml)"
        ) from None
    except OSError as e:
        raise IncidentFormatError(f"{path}: cannot read: {e.strerror or e}") from None
    except UntrustedInputError as e:
        raise IncidentFormatError(with_label(e, str(path), "not valid YAML")) from None
    if not isinstance(raw, dict):
        raise IncidentFormatError(f"{path}: top level must be a mapping")
    try:
        return IncidentSpec.model_validate(raw)
    except ValidationError as e:
        lines = []
        for err in e.errors():
            loc = ".".join(clip(x, 80) for x in err["loc"]) or "(top level)"
            lines.append(f"  {loc}: {clip(err['msg'], 300)}")
        raise IncidentFormatError(
            f"{path}: invalid incident:\n" + "\n".join(capped(lines))
        ) from None


def json_schema() -> dict[str, Any]:
    schema = IncidentSpec.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "https://gpufleet.dev/schema/incident.schema.json"
    schema["title"] = "gpufleet recorded incident (incident.yaml)"
    return schema


def write_schema(path: Path = SCHEMA_PATH) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(json_schema(), indent=2, sort_keys=True) + "\n")


def dump_spec(spec: IncidentSpec, folder: Path) -> None:
    """Write incident.yaml with RFC 3339 times (readable) and a schema pointer."""
    data = spec.model_dump(mode="json", exclude_none=True)
    for key in ("addresses", "changes", "evidence", "alerts"):  # optional blocks: only when used
        if not data.get(key):
            data.pop(key, None)
    for block in (data.get("topology"), (data.get("generator") or {}).get("topology")):
        if isinstance(block, dict) and not block.get("drivers"):  # a one-driver fleet
            block.pop("drivers", None)
    for f in data["truth"]["faults"]:
        for key in ("acceptable_causes", "root_entities"):
            if not f.get(key):
                f.pop(key, None)
    _times_to_rfc3339(data)
    text = "# yaml-language-server: $schema=../../schema/incident.schema.json\n" + yaml.safe_dump(
        data, sort_keys=False, width=100, allow_unicode=True
    )
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "incident.yaml").write_text(text, encoding="utf-8")


def rfc3339(t: float) -> str:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _times_to_rfc3339(data: dict[str, Any]) -> None:
    tr = data["time_range"]
    tr["start"], tr["end"] = rfc3339(tr["start"]), rfc3339(tr["end"])
    for f in data["truth"]["faults"]:
        f["onset"] = rfc3339(f["onset"])
    for c in data.get("changes", []):
        c["time"] = rfc3339(c["time"])
    for e in data.get("evidence", []):
        if e.get("collected_at") is not None:
            e["collected_at"] = rfc3339(e["collected_at"])
    for a in data.get("alerts", []):
        a["starts_at"] = rfc3339(a["starts_at"])
    if data.get("boot_times"):
        data["boot_times"] = {k: rfc3339(v) for k, v in data["boot_times"].items()}
