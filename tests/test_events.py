"""Event contract: serialisation round trip, deterministic ids, incident phase machine."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import (
    EVENT_ADAPTER,
    PHASE_TRANSITIONS,
    Anomaly,
    Family,
    Incident,
    Phase,
    PhaseError,
    Scope,
    Severity,
    anomaly_detected,
    incident_opened,
    incident_updated,
)


def _incident() -> Incident:
    return Incident(
        incident_id="inc-1",
        title="t",
        family=Family.THERMAL,
        scope=Scope.GPU,
        root_entity="node-17/gpu4",
        severity=Severity.WARNING,
        opened_at=10.0,
        updated_at=10.0,
        last_anomaly_at=10.0,
        entities=("node-17/gpu4",),
        symptoms=("gpu_temp_high",),
        anomaly_ids=("an-1",),
        anomaly_count=1,
    )


def test_events_round_trip_through_json() -> None:
    a = Anomaly.make(
        time=1.0,
        rule="threshold.gpu_temp",
        symptom="gpu_temp_high",
        family=Family.THERMAL,
        severity=Severity.CRITICAL,
        entity="n/gpu0",
        entity_kind="gpu",
        message="hot",
        value=91.0,
        threshold=90.0,
    )
    for ev in (
        anomaly_detected(a),
        incident_opened(_incident()),
        incident_updated(_incident(), "escalated"),
    ):
        assert EVENT_ADAPTER.validate_json(ev.model_dump_json()) == ev


def test_ids_are_deterministic_and_content_addressed() -> None:
    kw = dict(
        time=1.0,
        rule="r",
        symptom="s",
        family=Family.POWER,
        severity=Severity.WARNING,
        entity="n/gpu0",
        entity_kind="gpu",
        message="m",
    )
    assert Anomaly.make(**kw).anomaly_id == Anomaly.make(**kw).anomaly_id
    assert Anomaly.make(**{**kw, "time": 2.0}).anomaly_id != Anomaly.make(**kw).anomaly_id
    inc = _incident()
    assert (
        incident_updated(inc, "attached").event_id
        != incident_updated(inc.model_copy(update={"anomaly_count": 2}), "attached").event_id
    )


def test_events_reject_unknown_fields() -> None:
    with pytest.raises(ValueError):
        Incident.model_validate({**_incident().model_dump(), "colour": "red"})


def test_incident_walks_the_happy_path_with_history() -> None:
    inc = _incident()
    for i, phase in enumerate(
        [
            Phase.DIAGNOSING,
            Phase.AWAITING_APPROVAL,
            Phase.REMEDIATING,
            Phase.VERIFYING,
            Phase.RESOLVED,
        ]
    ):
        inc = inc.advance(phase, at=20.0 + i, reason=f"step {i}", by="sre")
    assert inc.phase is Phase.RESOLVED
    assert [h.phase for h in inc.history][-1] is Phase.RESOLVED and len(inc.history) == 5
    assert inc.updated_at == 24.0


@pytest.mark.parametrize(
    "src,dst",
    [
        (Phase.DETECTED, Phase.REMEDIATING),
        (Phase.AWAITING_APPROVAL, Phase.VERIFYING),
        (Phase.REMEDIATING, Phase.RESOLVED),
        (Phase.RESOLVED, Phase.REMEDIATING),
    ],
)
def test_illegal_phase_jumps_are_refused(src: Phase, dst: Phase) -> None:
    # Nothing may reach remediation without passing the approval phase or diagnosis first,
    # and nothing is resolved without verification once remediation started.
    inc = _incident().model_copy(update={"phase": src})
    with pytest.raises(PhaseError, match=f"{src.value} -> {dst.value}"):
        inc.advance(dst, at=30.0, reason="skip")


def test_every_phase_has_a_way_out() -> None:
    assert set(PHASE_TRANSITIONS) == set(Phase)
    assert all(PHASE_TRANSITIONS[p] for p in Phase)
