"""The cross-rack correlator's core: rack workers' incidents joined into one per root cause (a
PDU or a cooling zone feeding several racks, a driver version, one incident restated by a
restarted worker), idempotent under redelivery and replay; unrelated racks stay apart."""

from __future__ import annotations

from collections.abc import Sequence

from gpufleet.agents.noc.correlator import CORRELATOR, CrossRackCorrelator
from gpufleet.bus.events import (
    Event,
    Family,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Phase,
    Scope,
    Severity,
    incident_opened,
    incident_updated,
)
from gpufleet.telemetry.topology import Cluster, Topology, build_cluster

T0 = 1_700_000_000.0


def _fleet() -> Topology:
    """Four racks of two 2-GPU nodes: rack-1 and rack-2 share PDU ``pdu-a`` and cooling zone
    row-1; rack-3 and rack-4 have their own PDUs and share row-2. rack-4 runs a newer driver."""
    cluster = build_cluster(
        racks=4, nodes_per_rack=2, gpus_per_node=2, driver_by_rack={"rack-4": "580.1.1"}
    )
    racks = list(cluster.racks)
    for i in (0, 1):
        racks[i] = racks[i].model_copy(update={"pdu": "pdu-a"})
    return Topology([Cluster(name=cluster.name, racks=tuple(racks))])


TOPO = _fleet()
RACK_NODES = {
    r: [TOPO.node_keys[int(n)] for n in TOPO.nodes_of_rack(i)] for i, r in enumerate(TOPO.rack_keys)
}


def _incident(
    iid: str,
    family: Family,
    scope: Scope,
    root: str,
    nodes: Sequence[str],
    at: float,
    *,
    xids: tuple[int, ...] = (),
    count: int = 8,
) -> Incident:
    racks = sorted({TOPO.rack_of_node_key(n) for n in nodes})
    return Incident(
        incident_id=iid,
        title=f"{family.value} on {root}",
        family=family,
        scope=scope,
        root_entity=root,
        severity=Severity.WARNING,
        opened_at=at,
        updated_at=at,
        last_anomaly_at=at,
        entities=tuple(f"{n}/gpu{g}" for n in nodes for g in (0, 1)),
        symptoms=("power_brake" if family is Family.POWER else "gpu_temp_high",),
        anomaly_ids=tuple(f"an-{iid}-{k}" for k in range(count)),
        anomaly_count=count,
        nodes=tuple(nodes),
        racks=tuple(racks),
        xids=xids,
    )


def _rack(iid: str, family: Family, rack: str, at: float) -> IncidentOpened:
    return incident_opened(_incident(iid, family, Scope.RACK, rack, RACK_NODES[rack], at))


def _fold(events: Sequence[Event], correlator: CrossRackCorrelator | None = None) -> list[Event]:
    correlator = correlator or CrossRackCorrelator(TOPO)
    return [out for e in events for out in correlator.observe(e)]


def _opened(events: Sequence[Event]) -> list[Incident]:
    return [e.incident for e in events if isinstance(e, IncidentOpened)]


def _merged(events: Sequence[Event]) -> dict[str, tuple[str, ...]]:
    return {
        e.incident.incident_id: e.merged_from
        for e in events
        if isinstance(e, IncidentUpdated) and e.change == "merged"
    }


def test_a_pdu_feeding_two_racks_is_one_incident_rooted_at_the_pdu() -> None:
    stream = [
        _rack("inc-r1", Family.POWER, "rack-1", T0),
        _rack("inc-r2", Family.POWER, "rack-2", T0 + 15),
    ]
    correlator = CrossRackCorrelator(TOPO)
    out = _fold(stream, correlator)

    [parent] = _opened(out)
    assert (parent.root_entity, parent.scope, parent.family) == (
        "pdu:pdu-a",
        Scope.CLUSTER,
        Family.POWER,
    )
    assert parent.racks == ("rack-1", "rack-2") and parent.anomaly_count == 16
    assert parent.provenance == CORRELATOR
    assert _merged(out) == {"inc-r1": (parent.incident_id,), "inc-r2": (parent.incident_id,)}
    assert all(e.incident.phase is Phase.RESOLVED for e in out if isinstance(e, IncidentUpdated))
    assert [i.incident_id for i in correlator.incidents()] == [parent.incident_id]

    # a later update of a member folds into the parent, which says so
    grown = _incident(
        "inc-r2", Family.POWER, Scope.RACK, "rack-2", RACK_NODES["rack-2"], T0 + 15, count=20
    )
    grown = grown.model_copy(
        update={"updated_at": T0 + 60, "symptoms": ("power_brake", "clocks_low")}
    )
    [update] = correlator.observe(incident_updated(grown, "attached"))
    assert isinstance(update, IncidentUpdated) and update.incident.incident_id == parent.incident_id
    assert update.incident.anomaly_count == 28 and "clocks_low" in update.incident.symptoms


def test_a_cooling_zone_over_two_racks_joins_node_incidents_of_both() -> None:
    n1, n2 = RACK_NODES["rack-1"]
    n3 = RACK_NODES["rack-2"][0]
    stream = [
        incident_opened(_incident("inc-a", Family.THERMAL, Scope.NODE, n1, [n1], T0)),
        incident_opened(_incident("inc-b", Family.THERMAL, Scope.NODE, n2, [n2], T0 + 15)),
        incident_opened(_incident("inc-c", Family.THERMAL, Scope.NODE, n3, [n3], T0 + 30)),
    ]
    out = _fold(stream)
    [parent] = _opened(out)
    assert parent.root_entity == "cooling:row-1" and parent.nodes == (n1, n2, n3)
    assert set(_merged(out)) == {"inc-a", "inc-b", "inc-c"}


def test_unrelated_racks_stay_apart() -> None:
    # rack-1 and rack-3: no PDU, no cooling zone in common
    out = _fold(
        [_rack("inc-1", Family.THERMAL, "rack-1", T0), _rack("inc-3", Family.THERMAL, "rack-3", T0)]
    )
    assert out == []
    # rack-1 and rack-2 share both, but one is a power fault and the other a thermal one
    correlator = CrossRackCorrelator(TOPO)
    assert (
        _fold(
            [
                _rack("inc-p", Family.POWER, "rack-1", T0),
                _rack("inc-t", Family.THERMAL, "rack-2", T0),
            ],
            correlator,
        )
        == []
    )
    assert {i.incident_id for i in correlator.incidents()} == {"inc-p", "inc-t"}
    # GPU-level faults never join on a shared feed
    gpu_level = [
        incident_opened(_incident(f"inc-g{k}", Family.POWER, Scope.GPU, f"{n}/gpu0", [n], T0))
        for k, n in enumerate([*RACK_NODES["rack-1"], *RACK_NODES["rack-2"]])
    ]
    assert _fold(gpu_level) == []
    # the same feed, hours apart: two faults
    late = [
        _rack("inc-1", Family.POWER, "rack-1", T0),
        _rack("inc-2", Family.POWER, "rack-2", T0 + 4 * 3600),
    ]
    assert _fold(late) == []


def test_one_xid_on_one_driver_over_racks_is_a_driver_incident_unless_another_has_it() -> None:
    nodes = [*RACK_NODES["rack-1"], RACK_NODES["rack-2"][0]]
    stream = [
        incident_opened(
            _incident(f"inc-x{k}", Family.DEVICE, Scope.NODE, n, [n], T0 + k, xids=(119,))
        )
        for k, n in enumerate(nodes)
    ]
    [parent] = _opened(_fold(stream))
    assert parent.root_entity == "driver:570.133.20" and parent.xids == (119,)

    other = incident_opened(
        _incident(
            "inc-x9",
            Family.DEVICE,
            Scope.NODE,
            RACK_NODES["rack-4"][0],
            [RACK_NODES["rack-4"][0]],
            T0,
            xids=(119,),
        )
    )
    assert _opened(_fold([other, *stream])) == []


def test_redelivered_and_replayed_incidents_make_no_second_incident() -> None:
    stream = [
        _rack("inc-r1", Family.POWER, "rack-1", T0),
        _rack("inc-r2", Family.POWER, "rack-2", T0 + 15),
    ]
    once = _fold(stream)

    # at least once: every event delivered twice, and the whole stream again after it
    correlator = CrossRackCorrelator(TOPO)
    twice = _fold([e for e in stream for e in (e, e)] + stream, correlator)
    assert [e.event_id for e in twice] == [e.event_id for e in once]
    # the correlator's own output read back from the bus changes nothing
    assert _fold(once, correlator) == []
    # a restarted correlator folding the stream again emits the same ids (the bus drops them)
    assert [e.event_id for e in _fold(stream)] == [e.event_id for e in once]


def test_a_restarted_worker_restating_its_incident_is_merged_into_the_first() -> None:
    first = _rack("inc-before", Family.THERMAL, "rack-3", T0)
    again = _rack("inc-after", Family.THERMAL, "rack-3", T0 + 600)
    correlator = CrossRackCorrelator(TOPO)
    out = _fold([first, again], correlator)
    assert _opened(out) == []
    assert _merged(out) == {"inc-after": ("inc-before",)}
    # the survivor is a new version (the SRE agent diagnoses it with the restated evidence)
    assert [
        e.change
        for e in out
        if isinstance(e, IncidentUpdated) and e.incident.incident_id == "inc-before"
    ] == ["scope_widened"]
    [view] = correlator.incidents()
    assert view.incident_id == "inc-before" and view.anomaly_count == 16
    # and when the zone's other rack joins in, the restated pair joins the cooling incident
    out = _fold([_rack("inc-r4", Family.THERMAL, "rack-4", T0 + 630)], correlator)
    [parent] = _opened(out)
    assert parent.root_entity == "cooling:row-2" and parent.anomaly_count == 24
    assert set(_merged(out)) == {"inc-before", "inc-r4"}  # inc-after was merged already
    assert [i.incident_id for i in correlator.incidents()] == [parent.incident_id]
