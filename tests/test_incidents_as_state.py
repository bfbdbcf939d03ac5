"""Issue 24: one incident per root cause across sources and restarts (the NOC's side).

On the suite's recorded fan failure (fan-failure-1: node-05/gpu4's chassis fan fails, the GPU
heats, its slot neighbours warm):

* an Alertmanager HBM-temperature alert for the same GPU that fires before the NOC sees the
  fault opens the incident, and the NOC's thermal anomalies join it instead of opening a
  second one (and later alerts join the same one);
* a restart mid-incident (a fresh detector rebuilt from the events so far) joins the incident
  it had instead of opening a second one.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.known import QUIET_S, ForeignIncidents, open_incidents
from gpufleet.bus.events import Event, Family, IncidentOpened, IncidentUpdated, Phase
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.evals.runner import SUITE_DIR
from gpufleet.telemetry.frame import Tick

FAN = SUITE_DIR / "fan-failure-1"
GPU = "node-05/gpu4"


@pytest.fixture(scope="module")
def fan(tmp_path_factory: pytest.TempPathFactory) -> LoadedIncident:
    return load_incident(FAN, tmp_path_factory.mktemp("cache"))


def onset(inc: LoadedIncident) -> float:
    return inc.spec.truth.faults[0].onset


def iso(t: float) -> str:
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def hbm_alert(starts: float, status: str = "firing", severity: str = "warning") -> dict:
    labels = {
        "alertname": "GpuHbmTemperatureHigh",
        "Hostname": "node-05",
        "gpu": "4",
        "severity": severity,
    }
    return {
        "receiver": "gpufleet",
        "status": status,
        "alerts": [
            {
                "status": status,
                "labels": labels,
                "annotations": {"summary": "HBM temperature above 85 C"},
                "startsAt": iso(starts),
                "endsAt": iso(starts + 600) if status == "resolved" else "0001-01-01T00:00:00Z",
                "generatorURL": "http://prometheus:9090/graph",
                "fingerprint": f"hbm-{severity}",
            }
        ],
        "groupLabels": {},
        "commonLabels": {},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager:9093",
        "version": "4",
        "groupKey": "{}:{}",
        "truncatedAlerts": 0,
    }


def opened(events: list[Event]) -> list[str]:
    return [e.incident.incident_id for e in events if isinstance(e, IncidentOpened)]


def ticks(inc: LoadedIncident, after: float | None = None) -> Iterator[Tick]:
    for tick in inc.iter_ticks():
        if after is None or tick.timestamp > after:
            yield tick


def thermal_on_gpu(events: list[Event]) -> set[str]:
    return {
        i.incident_id
        for i in open_incidents(events)
        if i.family is Family.THERMAL and GPU in (i.root_entity, *i.entities, *i.context_entities)
    }


def test_an_alert_before_the_noc_sees_the_fault_is_the_one_incident(fan: LoadedIncident) -> None:
    det = Detector(fan.topology)
    intake = AlertIntake(fan.topology, det.open_incidents)
    foreign = ForeignIncidents(det)
    events: list[Event] = []
    alert_at = onset(fan) + 60.0  # before the NOC's thermal incident (onset + 300 s)
    sent = [False, False]
    for tick in ticks(fan):
        if tick.timestamp >= alert_at and not sent[0]:
            sent[0] = True
            for ev in intake.handle(hbm_alert(alert_at), authenticated=True):
                foreign.observe(ev)
                events.append(ev)
        if tick.timestamp >= alert_at + 900 and not sent[1]:  # a later critical alert
            sent[1] = True
            events += intake.handle(hbm_alert(alert_at + 900, severity="critical"))
        events += det.process(tick)
    first = opened(events)
    assert len(first) == 1, [e.incident.title for e in events if isinstance(e, IncidentOpened)]
    final = open_incidents(events)
    assert [i.incident_id for i in final] == first
    inc = final[0]
    assert inc.family is Family.THERMAL and inc.provenance == "alertmanager:authenticated"
    assert set(inc.sources) >= {"alertmanager:authenticated", "noc"}
    assert "gpu_temp_rising" in inc.symptoms  # the NOC's evidence is on it


def test_a_restart_mid_incident_joins_the_incident_it_had(fan: LoadedIncident) -> None:
    restart_at = onset(fan) + 900.0  # the NOC opened its incident at onset + 300 s
    det = Detector(fan.topology)
    before: list[Event] = []
    for tick in ticks(fan):
        if tick.timestamp > restart_at:
            break
        before += det.process(tick)
    known = thermal_on_gpu(before)
    assert len(known) == 1
    # the process restarts: a fresh detector, its state rebuilt from the event log
    again = Detector(fan.topology)
    assert set(again.adopt(open_incidents(before))) >= known
    after: list[Event] = []
    for tick in ticks(fan, after=restart_at):
        after += again.process(tick)
    assert opened(after) == []
    assert thermal_on_gpu(before + after) == known
    touched = {e.incident.incident_id for e in after if isinstance(e, IncidentUpdated)}
    assert touched <= known


def test_the_log_fold_keeps_the_agents_phase_and_drops_resolved_and_merged(
    fan: LoadedIncident,
) -> None:
    det = Detector(fan.topology)
    events: list[Event] = []
    for tick in ticks(fan):
        if tick.timestamp > onset(fan) + 600:
            break
        events += det.process(tick)
    (inc,) = open_incidents(events)
    diagnosing = inc.advance(Phase.DIAGNOSING, inc.updated_at + 1, "sre", by="sre")
    events.append(IncidentUpdated(event_id="p1", time=1.0, change="phase", incident=diagnosing))
    assert open_incidents(events)[0].phase is Phase.DIAGNOSING
    done = diagnosing.advance(Phase.RESOLVED, inc.updated_at + 2, "verified", by="sre")
    events.append(IncidentUpdated(event_id="p2", time=2.0, change="phase", incident=done))
    assert open_incidents(events) == []
    assert Detector(fan.topology).adopt(open_incidents(events)) == []


def test_adopting_is_idempotent_and_ignores_unknown_entities(fan: LoadedIncident) -> None:
    det = Detector(fan.topology)
    events: list[Event] = []
    for tick in ticks(fan):
        if tick.timestamp > onset(fan) + 600:
            break
        events += det.process(tick)
    known = open_incidents(events)
    fresh = Detector(fan.topology)
    assert len(fresh.adopt(known)) == 1
    assert fresh.adopt(known) == []  # already tracked
    stranger = known[0].model_copy(
        update={
            "incident_id": "inc-x",
            "root_entity": "elsewhere",
            "entities": ("elsewhere",),
            "context_entities": (),
            "nodes": (),
        }
    )
    assert fresh.adopt([stranger]) == []
    assert Path(FAN).is_dir()


def test_an_adopted_incident_gets_its_whole_cooldown_after_the_restart(
    fan: LoadedIncident,
) -> None:
    """A restart long after the incident's last update (the symptom had not been seen anew
    yet, the new detector's baselines still warming) must not drop it at the first tick: the
    fault would then open a second incident when it shows again."""
    det = Detector(fan.topology)
    events: list[Event] = []
    for tick in ticks(fan):
        if tick.timestamp > onset(fan) + 600:
            break
        events += det.process(tick)
    (inc,) = open_incidents(events)
    fresh = Detector(fan.topology)
    fresh.adopt([inc])
    cooldown = fresh.incidents.cooldown_s
    later = [t for t in ticks(fan) if t.timestamp >= inc.updated_at + cooldown + 60]
    fresh.process(later[0])
    assert inc.incident_id in {i.incident_id for i in fresh.open_incidents()}


def test_an_incident_quiet_for_hours_is_history_unless_a_person_still_has_to_decide(
    fan: LoadedIncident,
) -> None:
    det = Detector(fan.topology)
    events: list[Event] = []
    for tick in ticks(fan):
        if tick.timestamp > onset(fan) + 600:
            break
        events += det.process(tick)
    (inc,) = open_incidents(events)
    later = inc.updated_at + QUIET_S + 60
    other = inc.model_copy(update={"incident_id": "inc-later", "updated_at": later})
    events.append(IncidentOpened(event_id="ev-later", time=later, incident=other))
    assert [i.incident_id for i in open_incidents(events, quiet_s=QUIET_S)] == ["inc-later"]
    waiting = inc.advance(Phase.DIAGNOSING, inc.updated_at, "sre", by="sre").advance(
        Phase.AWAITING_APPROVAL, inc.updated_at, "drain needs approval", by="sre"
    )
    events.insert(-1, IncidentUpdated(event_id="p", time=1.0, change="phase", incident=waiting))
    assert {i.incident_id for i in open_incidents(events, quiet_s=QUIET_S)} == {
        inc.incident_id,
        "inc-later",
    }


def test_an_sbe_incident_opened_before_its_thermal_cause_is_merged_into_it(
    fan: LoadedIncident,
) -> None:
    """A detector that meets the fan failure late (started mid-incident with nothing to adopt)
    sees the SBE storm first and opens a memory incident; the GPU's thermal incident opens a
    tick later. The SBE storm is the heat's consequence: merged into the thermal incident,
    not a second root cause (one fan failure, one incident)."""
    late = Detector(fan.topology)
    events: list[Event] = []
    for tick in ticks(fan, after=onset(fan) + 900):
        events += late.process(tick)
    merged = [e for e in events if isinstance(e, IncidentUpdated) and e.change == "merged"]
    assert [e.incident.family for e in merged] == [Family.MEMORY]
    final = open_incidents(events)
    assert [(i.family, i.root_entity) for i in final] == [(Family.THERMAL, GPU)]
    assert "sbe_storm" in final[0].symptoms


def test_a_jobs_report_after_a_restart_is_evidence_for_the_adopted_incident_on_its_node(
    tmp_path: Path,
) -> None:
    """A job's own report of a fault on a node the NOC had an incident on in the last hour is
    evidence, not a second incident; after a restart the adopted incident counts the same as
    one this detector opened (evidence-contained-ecc: the job's CUDA ECC error at onset +
    25 min, on a node whose device incident the restarted process adopted)."""
    rec = load_incident(SUITE_DIR / "evidence-contained-ecc", tmp_path)
    start = rec.spec.truth.faults[0].onset
    det = Detector(rec.topology)
    before: list[Event] = []
    for tick in ticks(rec):
        if tick.timestamp > start + 60:
            break
        before += det.process(tick)
    (inc,) = open_incidents(before)
    device = inc.model_copy(update={"family": Family.DEVICE, "symptoms": ("xid_79",)})
    again = Detector(rec.topology)
    assert again.adopt([device]) == [inc.incident_id]
    after: list[Event] = []
    for tick in ticks(rec, after=start + 60):
        after += again.process(tick)
    assert opened(after) == []  # the job's report is evidence, not a second incident
