"""The corroboration gate of :mod:`agents.sre.corroboration`, on its own: what corroborates an
Xid known only from text syslog, and what the plan then keeps from running."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.corroboration import annotate, hold_uncorroborated, standings
from gpufleet.bus.events import Evidence, Family, Incident, PlannedStep, Scope, Severity


def _incident(xids: tuple[int, ...] = (79,)) -> Incident:
    return Incident(
        incident_id="i",
        title="Xid 79",
        family=Family.DEVICE,
        scope=Scope.GPU,
        root_entity="node-01/gpu0",
        severity=Severity.CRITICAL,
        opened_at=0.0,
        updated_at=0.0,
        last_anomaly_at=0.0,
        entities=("node-01/gpu0",),
        symptoms=("xid_79",),
        anomaly_ids=("a",),
        anomaly_count=1,
        nodes=("node-01",),
        xids=xids,
    )


def _log(eid: str, via: str) -> Evidence:
    return Evidence(
        evidence_id=eid,
        layer="driver",
        tool="kernel_log.search",
        entity="node-01",
        summary="kernel log on node-01: 1 event(s) (xid 1)",
        facts={"xid_79": 1, "xid_79_gpus": "node-01/gpu0", "xid_79_via": via},
    )


DRAIN = PlannedStep(
    index=0,
    name="drain",
    tool="slurm.drain_node",
    args={"node": "node-01"},
    risk="mutate",
    needs_approval=True,
)
READ = PlannedStep(
    index=1, name="look", tool="kernel_log.search", args={}, risk="read", needs_approval=False
)


@pytest.mark.parametrize(
    ("evidence", "held"),
    [
        ([_log("E01", "text-syslog")], True),
        ([_log("E01", "pasted")], True),
        ([_log("E01", "text-syslog"), _log("E02", "kmsg")], False),
        ([_log("E01", "journal")], False),
        ([_log("E01", "nvml")], False),
        ([_log("E01", "dcgm-exporter,text-syslog")], False),
        (
            [
                _log("E01", "text-syslog"),
                Evidence(
                    evidence_id="E02",
                    layer="hardware",
                    tool="metrics.query",
                    entity="node-01/gpu0",
                    summary="",
                    facts={"last_xid_codes": "79"},
                ),
            ],
            False,
        ),
        (
            [  # a peer GPU's field reading is no corroboration for this GPU
                _log("E01", "text-syslog"),
                Evidence(
                    evidence_id="E02",
                    layer="hardware",
                    tool="metrics.query",
                    entity="node-01/gpu1",
                    summary="",
                    facts={"last_xid_codes": "79"},
                ),
            ],
            True,
        ),
    ],
)
def test_what_corroborates_a_text_syslog_xid(evidence: list[Evidence], held: bool) -> None:
    inc = _incident()
    (standing,) = standings(inc, evidence)
    assert standing.held is held
    steps, notes = hold_uncorroborated(inc, evidence, [READ, DRAIN], [])
    assert ("corroboration" in steps[1].unresolved) is held
    assert steps[0] == READ  # reads always run
    assert bool(notes) is held
    labelled = annotate(inc, evidence)[0].summary
    assert ("(uncorroborated)" in labelled) is held


def test_an_xid_riding_along_does_not_hold_the_incident_plan() -> None:
    inc = _incident(xids=()).model_copy(update={"symptoms": ("dbe",)})
    steps, notes = hold_uncorroborated(inc, [_log("E01", "text-syslog")], [DRAIN], [])
    assert steps == [DRAIN] and notes == []


def _metrics(eid: str, gpu: str, age: float | None) -> Evidence:
    facts: dict[str, float | int | str | bool | None] = {"role": "focus", "samples": 0}
    if age is not None:
        facts = {"role": "focus", "samples": 240, "last_sample_age_s": age}
    return Evidence(
        evidence_id=eid, layer="hardware", tool="metrics.query", entity=gpu, summary="", facts=facts
    )


@pytest.mark.parametrize(
    ("gpu0_age", "gpu1_age", "held"),
    [
        (None, 10.0, False),  # gpu0 silent, gpu1 of the same node reports: off the bus
        (900.0, 10.0, False),
        (10.0, 10.0, True),  # gpu0 reports: nothing fell off anything
        (None, None, True),  # no exporter at all: silence says nothing
        (900.0, 900.0, True),  # the whole node went quiet: not this GPU's doing
    ],
)
def test_xid79_is_corroborated_by_the_gpu_going_silent_beside_a_live_one(
    gpu0_age: float | None, gpu1_age: float | None, held: bool
) -> None:
    evidence = [
        _log("E01", "text-syslog"),
        _metrics("E02", "node-01/gpu0", gpu0_age),
        _metrics("E03", "node-01/gpu1", gpu1_age),
    ]
    (standing,) = standings(_incident(), evidence)
    assert standing.held is held
    if not held:
        assert "node-01/gpu0 silent in DCGM (E02) while node-01/gpu1 reports (E03)" in (
            standing.corroborated_by
        )
