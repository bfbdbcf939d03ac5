"""Agents under test, behind one small interface so the same scorer rates them all.

- :class:`NocAgent`: gpufleet's deterministic detector replaying the incident's ticks.
- :class:`StaticRulesAgent`: the alert rules of a standard dcgm-exporter + Prometheus setup,
  evaluated by the real ``vmalert`` in replay mode over the same metrics loaded into a real
  VictoriaMetrics on 127.0.0.1 (``evals.static_rules``). Every firing alert is a page, so each
  (alert, label set) is one predicted incident.
- :class:`MajorityAgent`: the floor. It does not look at the data: for every incident it
  predicts the suite's most frequent fault family on the fleet's first GPU at the middle of the
  window.
The SRE and Perf agents plug in here when they exist.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from agents.noc.config import NocConfig
from agents.noc.detector import Detector
from bus.events import IncidentOpened, IncidentUpdated, Severity
from evals.recorded import LoadedIncident
from evals.scoring import AgentRun, Prediction
from evals.static_rules import static_rules_alerts
from evals.vm_server import ServerUnavailable


class AgentUnderTest(Protocol):
    name: str
    layer: str  # NOC | SRE | PERF | baseline

    def run(self, incident: LoadedIncident) -> AgentRun: ...


class NocAgent:
    name = "gpufleet NOC"
    layer = "NOC"

    def __init__(self, config: NocConfig | None = None) -> None:
        self.config = config

    def run(self, incident: LoadedIncident) -> AgentRun:
        det = Detector(incident.topology, self.config)
        final = {}
        merged: set[str] = set()
        paging = 0
        t0 = time.perf_counter()  # measurement at the edge; detection never sees it
        for tick in incident.iter_ticks():
            for ev in det.process(tick):
                if isinstance(ev, IncidentOpened | IncidentUpdated):
                    final[ev.incident.incident_id] = ev.incident
                    if isinstance(ev, IncidentUpdated) and ev.change == "merged":
                        merged.add(ev.incident.incident_id)
                elif ev.anomaly.severity >= Severity.WARNING:
                    paging += 1
        wall = time.perf_counter() - t0
        preds = [
            Prediction(
                root_entity=i.root_entity,
                scope=i.scope.value,
                family=i.family.value,
                opened_at=i.opened_at,
                entities=i.entities + i.context_entities,
                jobs=i.jobs,
                severity=i.severity.name.lower(),
                title=i.title,
            )
            for k, i in final.items()
            if k not in merged
        ]
        notes = [f"rejected ticks: {det.stats.rejected_ticks}"] if det.stats.rejected_ticks else []
        return AgentRun(preds, paging, wall, notes=notes)


# Static alert name → symptom family, for the family-accuracy column.
_ALERT_FAMILY = (
    ("temp", "thermal"),
    ("dbe", "memory"),
    ("ecc", "memory"),
    ("remap", "memory"),
    ("xid", "device"),
    ("throttl", "power"),
    ("clock", "power"),
    ("util", "utilization"),
    ("fb", "utilization"),
    ("memory", "utilization"),
    ("pcie", "interconnect"),
    ("nvlink", "interconnect"),
)


def alert_family(name: str) -> str | None:
    low = name.lower()
    return next((fam for key, fam in _ALERT_FAMILY if key in low), None)


class StaticRulesAgent:
    name = "static DCGM rules (vmalert)"
    layer = "baseline"

    def run(self, incident: LoadedIncident) -> AgentRun:
        if not incident.materialized:
            return AgentRun(
                [],
                0,
                0.0,
                available=False,
                notes=["streamed stretch: not loaded into the baseline's store"],
            )
        t0 = time.perf_counter()
        try:
            alerts = static_rules_alerts(
                incident.metrics_path, incident.spec.time_range.start, incident.spec.time_range.end
            )
        except ServerUnavailable as e:
            return AgentRun([], 0, 0.0, notes=[f"baseline missing: {e}"], available=False)
        wall = time.perf_counter() - t0
        preds = []
        for a in alerts:
            host = a.labels.get("Hostname", "")
            gpu = a.labels.get("gpu")
            root = f"{host}/gpu{gpu}" if gpu is not None else host
            preds.append(
                Prediction(
                    root_entity=root,
                    scope="gpu" if gpu is not None else "node",
                    family=alert_family(a.alertname),
                    opened_at=a.first_firing_ts,
                    entities=(root,),
                    severity=a.severity,
                    title=a.alertname,
                )
            )
        return AgentRun(preds, len(preds), wall)


class MajorityAgent:
    name = "majority class"
    layer = "baseline"

    def __init__(self, families: Sequence[str]) -> None:
        counts = Counter(families)
        self.family = counts.most_common(1)[0][0] if counts else "thermal"

    def run(self, incident: LoadedIncident) -> AgentRun:
        tr = incident.spec.time_range
        root = incident.topology.gpu_keys[0]
        pred = Prediction(
            root_entity=root,
            scope="gpu",
            family=self.family,
            opened_at=(tr.start + tr.end) / 2,
            entities=(root,),
            title=f"majority: {self.family}",
        )
        return AgentRun([pred], 1, 0.0)
