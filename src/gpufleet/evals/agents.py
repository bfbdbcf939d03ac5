"""Agents under test, behind one small interface so the same scorer rates them all.

- :class:`NocAgent`: gpufleet's deterministic detector replaying the incident's ticks.
- :class:`StaticRulesAgent`: the alert rules of a standard dcgm-exporter + Prometheus setup,
  evaluated by the real ``vmalert`` in replay mode over the same metrics loaded into a real
  VictoriaMetrics on 127.0.0.1 (``evals.static_rules``). Every firing alert is a page, so each
  (alert, label set) is one predicted incident.
- :class:`MajorityAgent`: the floor. It does not look at the data: for every incident it
  predicts the suite's most frequent fault family on the fleet's first GPU at the middle of the
  window.
- :class:`SreAgent`: the NOC plus the SRE diagnosis graph (root causes and gated actions).
The Perf agent plugs in here when it exists.
"""

from __future__ import annotations

import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol

from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.noc.config import NocConfig
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.plan import action_name
from gpufleet.agents.sre.runner import RunReport
from gpufleet.agents.sre.runtime import (
    Shared,
    build_runtime,
    open_model_for,
    replay_tools,
)
from gpufleet.bus.events import (
    AnomalyDetected,
    Event,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Severity,
)
from gpufleet.evals.alert_incidents import alert_incidents
from gpufleet.evals.recorded import LoadedIncident
from gpufleet.evals.scoring import AgentRun, Prediction, ProposedAction
from gpufleet.evals.static_rules import static_rules_alerts
from gpufleet.evals.vm_server import ServerUnavailable
from gpufleet.graph.models.chat import StructuredModel
from gpufleet.knowledge.store import KnowledgeBase


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
                elif isinstance(ev, AnomalyDetected) and ev.anomaly.severity >= Severity.WARNING:
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


class SreAgent:
    """gpufleet's SRE agent behind the NOC: the NOC replays the incident while the replay fleet
    keeps the history; every final NOC incident is then diagnosed at its last update time (the
    read tools see data up to that time only). Root causes are the ranked card ids; actions are
    the plan's state-changing steps, which pause on the approval gate (nothing is approved in
    an eval, so nothing state-changing runs)."""

    layer = "SRE"

    def __init__(self, name: str, model_backend: str | None = None) -> None:
        self.name = name
        self.model_backend = model_backend
        self._shared: Shared | None = None
        self._model: StructuredModel | None = None
        self._model_error: str | None = None
        self._opened = False

    def _open(self) -> None:
        if self._opened:
            return
        self._opened = True
        self._shared = Shared.load()
        if self.model_backend:
            try:
                self._model = open_model_for(SreConfig(), self.model_backend)
            except Exception as e:  # the column shows the fallback; the eval goes on
                self._model_error = f"{type(e).__name__}: {e}"

    def close(self) -> None:
        closer = getattr(self._model, "close", None)
        if closer is not None:
            closer()

    def run(self, incident: LoadedIncident) -> AgentRun:
        self._open()
        assert self._shared is not None
        fleet = incident.replay_fleet()
        events: list[Event] = []
        paging = 0
        t0 = time.perf_counter()  # measurement at the edge only
        for _, evs in replay_noc(incident.topology, incident.iter_ticks(), fleet):
            events += evs
            paging += sum(
                1
                for e in evs
                if isinstance(e, AnomalyDetected) and e.anomaly.severity >= Severity.WARNING
            )
        incidents = final_incidents(events)
        if incident.spec.alerts:  # alert-only: what the site's alert rules opened
            incidents = alert_incidents(incident.spec.alerts, incident.topology)
        cfg = SreConfig()
        preds: list[Prediction] = []
        latencies: list[float] = []
        tokens = 0
        notes: list[str] = []
        with tempfile.TemporaryDirectory(prefix="gpufleet-eval-") as tmp:
            rt = build_runtime(
                cfg,
                fleet,
                replay_tools(cfg, fleet),
                shared=self._shared.withholding(incident.own_precedents()),
                model=self._model,
                state_dir=Path(tmp),
                checkpointer=InMemorySaver(),
            )
            try:
                # no diagnosis before the recording starts: an alert or a log line read back at
                # a late start carries an earlier time than gpufleet could have acted on
                start = incident.spec.time_range.start
                for inc in incidents:
                    d0 = time.perf_counter()
                    report = rt.runner.diagnose(inc, now=max(inc.updated_at, start))
                    latencies.append(time.perf_counter() - d0)
                    dx = report.diagnosis
                    if self._model_error:  # one note per diagnosis, as a model's own fallback
                        why = f"model unavailable, {self._model_error}"
                        notes.append(f"{inc.incident_id}: fallback: {why}")
                    elif dx is not None:
                        tokens += dx.model_tokens
                        if dx.fallback and self._model is not None:
                            notes.append(f"{inc.incident_id}: fallback: {dx.fallback}")
                    preds.append(_sre_prediction(inc, report, self._shared.kb))
            finally:
                rt.close()
        return AgentRun(
            preds,
            paging,
            time.perf_counter() - t0,
            diagnosis_latencies_s=latencies,
            tokens=tokens,
            notes=notes,
        )


def _sre_prediction(inc: Incident, report: RunReport, kb: KnowledgeBase) -> Prediction:
    dx = report.diagnosis
    runbook = kb.runbooks.get(dx.runbook_id) if dx is not None and dx.runbook_id else None
    actions: list[ProposedAction] = []
    if dx is not None:
        executed = {(r.tool, tuple(sorted(r.args.items()))): r for r in report.results}
        for s in dx.plan:
            if s.risk == "read":
                continue
            r = executed.get((s.tool, tuple(sorted(s.args.items()))))
            actions.append(
                ProposedAction(
                    name=action_name(s.tool, s.args),
                    risk=s.risk,
                    gated=s.needs_approval or s.preapproved_by is not None,
                    executed=r is not None and r.status in ("ok", "dry_run"),
                    approved=r is not None and r.initiator != "agent",
                )
            )
    return Prediction(
        root_entity=inc.root_entity,
        scope=inc.scope.value,
        family=inc.family.value,
        opened_at=inc.opened_at,
        entities=inc.entities + inc.context_entities,
        jobs=inc.jobs,
        severity=inc.severity.name.lower(),
        title=inc.title,
        root_causes=tuple(h.card_id for h in dx.hypotheses) if dx else (),
        actions=tuple(actions),
        action_class=runbook.action_class if runbook is not None else None,
    )
