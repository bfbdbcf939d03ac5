"""The ground truth of a recorded window, from an operator: flags, or an incident gpufleet
resolved (its events log). What ``gpufleet record`` writes into ``incident.yaml``'s ``truth``,
so a real fault recorded from a fleet is scored as a fault, not as a fault-free stretch.

Pure but for :func:`truth_from_incident`, which reads the event log.
"""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import ValidationError

from gpufleet.bus.events import DiagnosisReady, Incident, IncidentOpened, IncidentUpdated, Phase
from gpufleet.bus.log import EventLog, EventLogError
from gpufleet.evals.format import Truth, TruthFault
from gpufleet.evals.record import RecordError

_GPU_KEY = re.compile(r"^[^/]+/gpu\d+$")
DEFAULT_MAX_DELAY_S = 600.0


def scope_of(entity: str) -> str:
    """The scope an entity name implies: a GPU key, a job (``job:…``), else a node."""
    if _GPU_KEY.match(entity):
        return "gpu"
    if entity.startswith("job:"):
        return "job"
    return "node"


def truth_from_flags(
    *,
    fault_class: str,
    root_entity: str,
    onset: float,
    family: str,
    root_cause: str | None = None,
    scope: str | None = None,
    entities: tuple[str, ...] = (),
    benign: bool = False,
    max_delay_s: float = DEFAULT_MAX_DELAY_S,
    source: str,
) -> Truth:
    """One fault, as an operator states it; raises :class:`RecordError` naming the flag."""
    try:
        fault = TruthFault(
            fault_class=fault_class,
            root_cause=root_cause or fault_class,
            root_entity=root_entity,
            scope=scope or scope_of(root_entity),
            family=family,
            entities=list(entities) or ([root_entity] if _GPU_KEY.match(root_entity) else []),
            onset=onset,
            max_delay_s=max_delay_s,
            benign=benign,
        )
    except ValidationError as e:
        flags = {"fault_class": "--fault-class", "root_entity": "--root-entity",
                 "onset": "--onset", "family": "--family", "scope": "--scope",
                 "max_delay_s": "--max-delay"}  # fmt: skip
        why = "; ".join(
            f"{flags.get(str(err['loc'][0]), str(err['loc'][0])) if err['loc'] else 'truth'}: "
            f"{err['msg']}"
            for err in e.errors()
        )
        raise RecordError(f"bad ground truth: {why}") from None
    return Truth(faults=[fault], source=source)


def truth_from_incident(
    events_db: Path,
    incident_id: str,
    *,
    fault_class: str | None = None,
    root_cause: str | None = None,
    max_delay_s: float = DEFAULT_MAX_DELAY_S,
) -> Truth:
    """The truth of an incident gpufleet opened and a person resolved: its root entity, scope,
    family, GPUs and onset; the cause from ``root_cause`` or the diagnosis' top card."""
    incident, top_card = _read_incident(events_db, incident_id)
    if incident.phase is not Phase.RESOLVED:
        raise RecordError(
            f"incident {incident_id} is {incident.phase.value}, not resolved: its truth is not "
            "known yet (resolve it, or give --fault-class/--root-entity/--onset)"
        )
    cause = root_cause or top_card
    if cause is None:
        raise RecordError(
            f"incident {incident_id} has no diagnosis in {events_db}: give --root-cause"
        )
    return truth_from_flags(
        fault_class=fault_class or cause,
        root_cause=cause,
        root_entity=incident.root_entity,
        onset=incident.opened_at,
        family=incident.family.value,
        scope=incident.scope.value,
        entities=tuple(e for e in incident.entities if _GPU_KEY.match(e)),
        max_delay_s=max_delay_s,
        source=f"incident {incident_id} from {events_db}, resolved",
    )


def _read_incident(events_db: Path, incident_id: str) -> tuple[Incident, str | None]:
    """The incident's last state and the top card of its last diagnosis."""
    if not events_db.is_file():
        raise RecordError(f"--events-db {events_db}: no such event log")
    latest: Incident | None = None
    top: str | None = None
    try:
        log = EventLog(events_db, fsync=False)
    except (EventLogError, OSError) as e:
        raise RecordError(f"--events-db {events_db}: {e}") from None
    try:
        for _, ev in log.replay():
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                if ev.incident.incident_id == incident_id:
                    latest = ev.incident
            elif isinstance(ev, DiagnosisReady) and ev.diagnosis.incident_id == incident_id:
                top = ev.diagnosis.top.card_id if ev.diagnosis.top else top
    except EventLogError as e:
        raise RecordError(f"--events-db {events_db}: {e}") from None
    finally:
        log.close()
    if latest is None:
        raise RecordError(f"incident {incident_id} is not in {events_db}")
    return latest, top
