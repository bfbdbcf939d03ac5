"""The row-remap-pending and fleet driver-regression classes end to end: a partial driver
rollout in the generated topology, the simulator's regression following it, the NOC folding it
into one incident rooted at the driver (and the replay pipeline keeping that survivor), and
the SRE ranking telling a pending remap without uncorrectable errors (reset when convenient)
from a DBE (reset now) and a remap failure (RMA). Log lines are real NVRM layouts."""

from __future__ import annotations

import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.pipeline import final_incidents
from gpufleet.agents.sre.diagnose_core import analyze_evidence
from gpufleet.bus.events import Evidence, Family, Incident, Scalar, Scope, Severity
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.sim.faults import DriverRegression, FaultSpecError, parse_fault_spec
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.noc_frames import final

NEW = "575.51.02"
OLD = "570.133.20"


def _mixed() -> Topology:
    """3 racks × 2 nodes; racks 1 and 3 upgraded (node-01, 02, 05, 06)."""
    return Topology(
        [build_cluster(racks=3, nodes_per_rack=2, driver_by_rack={"rack-1": NEW, "rack-3": NEW})]
    )


def test_build_cluster_sets_driver_versions_per_rack_and_rejects_unknown_racks() -> None:
    tp = _mixed()
    assert {n.hostname: n.driver_version for n in tp.nodes} == {
        "node-01": NEW,
        "node-02": NEW,
        "node-03": OLD,
        "node-04": OLD,
        "node-05": NEW,
        "node-06": NEW,
    }
    with pytest.raises(ValueError, match="rack-9"):
        build_cluster(racks=2, nodes_per_rack=1, driver_by_rack={"rack-9": NEW})


def _run(tp: Topology, spec: str, seconds: float) -> tuple[FleetSimulator, list[Tick]]:
    sim = FleetSimulator(tp, seed=3, faults=[parse_fault_spec(spec)], artifacts=None)
    return sim, list(sim.run(seconds))


def test_the_regression_logs_on_every_gpu_of_the_new_driver_and_nowhere_else() -> None:
    tp = _mixed()
    sim, ticks = _run(tp, f"driver_regression@300s:driver={NEW}", 1200.0)
    xids = [e for tk in ticks for e in tk.events if e.kind == "xid"]
    assert {e.gpu for e in xids} == {
        f"{n}/gpu{g}" for n in ("node-01", "node-02", "node-05", "node-06") for g in range(8)
    }
    assert {e.xid for e in xids} == {119}
    assert all("GSP" in e.message for e in xids)
    (truth,) = sim.ground_truth()
    assert (truth.root_entity, truth.scope, len(truth.entities)) == (f"driver:{NEW}", "cluster", 32)


def test_a_driver_no_node_runs_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match=r"no node runs driver '999\.1'"):
        FleetSimulator(_mixed(), seed=1, faults=[DriverRegression(driver="999.1")])
    with pytest.raises(FaultSpecError, match="unknown fault"):
        parse_fault_spec("driver_regresion:driver=1")


def test_one_fleet_incident_rooted_at_the_driver_and_the_pipeline_keeps_it() -> None:
    """Node and rack incidents of the Xid fold into one cluster incident at driver:NEW; the
    replay pipeline's final list (what the SRE agent diagnoses) keeps that survivor and drops
    the absorbed ones, as the detector's own event stream says."""
    tp = _mixed()
    _, ticks = _run(tp, f"driver_regression@300s:driver={NEW}", 1500.0)
    det = Detector(tp)
    events = [e for tk in ticks for e in det.process(tk)]
    xid_incidents = [i for i in final_incidents(events) if 119 in i.xids]
    assert [(i.scope, i.root_entity) for i in xid_incidents] == [(Scope.CLUSTER, f"driver:{NEW}")]
    assert set(xid_incidents[0].nodes) == {"node-01", "node-02", "node-05", "node-06"}
    assert {i.incident_id for i in final_incidents(events)} == {
        i.incident_id for i in final(events)
    }


# --------------------------------------------------------------------------- SRE ranking
GPU = "node-02/gpu3"
XID63 = (
    "NVRM: Xid (PCI:0000:3a:00): 63, pid=1896, Row Remapper: New row marked for remapping, "
    "reset gpu to activate."
)
XID48 = (
    "NVRM: Xid (PCI:0000:3a:00): 48, pid=2187734, name=python, An uncorrectable double bit "
    "error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 0."
)


@pytest.fixture(scope="module")
def retriever() -> Retriever:
    kb = KnowledgeBase.load()
    # The checkout's index (what the CLI and the eval use): rebuilt only when the cards
    # changed, so the session builds it once instead of once per module.
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def _incident(symptoms: tuple[str, ...], xids: tuple[int, ...]) -> Incident:
    return Incident(
        incident_id="inc-remap",
        title="t",
        family=Family.MEMORY,
        scope=Scope.GPU,
        root_entity=GPU,
        severity=Severity.WARNING,
        opened_at=10_000.0,
        updated_at=10_600.0,
        last_anomaly_at=10_600.0,
        entities=(GPU,),
        symptoms=symptoms,
        anomaly_ids=("a",),
        anomaly_count=1,
        nodes=("node-02",),
        xids=xids,
    )


def _evidence(lines: list[str], xids: tuple[int, ...], **facts: Scalar) -> list[Evidence]:
    base: dict[str, Scalar] = {"role": "focus", "samples": 400, "last_sample_age_s": 15.0}
    log: dict[str, Scalar] = {}
    for code in xids:
        log |= {f"xid_{code}": 1, f"xid_{code}_gpus": GPU, f"xid_{code}_nodes": "node-02"}
    quoted = "; ".join(f'"{ln}"' for ln in lines)
    return [
        Evidence(
            evidence_id="",
            layer="hardware",
            tool="metrics.history",
            entity=GPU,
            summary=f"history of {GPU}",
            facts={**base, **facts},
        ),
        Evidence(
            evidence_id="",
            layer="driver",
            tool="kernel_log.search",
            entity="node-02",
            summary=f"{len(lines)} lines: {quoted}",
            facts=log,
        ),
    ]


def _top(retriever: Retriever, inc: Incident, ev: list[Evidence]) -> tuple[str, str, set[str]]:
    core = analyze_evidence(inc, ev, retriever, retriever.kb)
    top = retriever.kb.cards[core.hypotheses[0].card_id]
    action = retriever.kb.runbooks[top.runbooks[0]].action_class or ""
    return top.id, action, {f.name for f in core.findings}


def test_pending_remap_without_uncorrectable_error_is_reset_when_convenient(
    retriever: Retriever,
) -> None:
    ev = _evidence(
        [XID63], (63,), row_remap_pending_max=1.0, dbe_increase=0.0, remapped_rows_increase=0.0
    )
    card, action, found = _top(retriever, _incident(("row_remap_pending", "xid_63"), (63,)), ev)
    assert "remap_pending_no_uncorrectable" in found
    assert card in {"row-remap-pending", "xid-63-row-remap-event"}
    assert action == "reset_gpu_when_convenient"


def test_the_same_pending_flag_after_a_dbe_is_a_reset_now(retriever: Retriever) -> None:
    ev = _evidence(
        [XID48, XID63],
        (48, 63),
        row_remap_pending_max=1.0,
        dbe_increase=1.0,
        remapped_rows_increase=1.0,
    )
    inc = _incident(("dbe", "row_remap_pending", "xid_48", "xid_63"), (48, 63))
    card, action, found = _top(retriever, inc, ev)
    assert "remap_pending_no_uncorrectable" not in found
    assert (card, action) == ("ecc-dbe", "reset_gpu")


def test_a_dbe_count_met_at_start_beside_a_pending_remap_is_a_drain_and_reset(
    retriever: Retriever,
) -> None:
    """Met late with no kernel line: the volatile DBE count says an uncorrectable error since
    the driver loaded, the pending remap that no reset has applied it. Contained or not only
    the Xid says; DCGM's verdict for a volatile DBE is drain and reset, not 'when convenient'."""
    ev = _evidence([], (), row_remap_pending_max=1.0, dbe_vol_max=2.0, dbe_increase=0.0)
    card, action, found = _top(retriever, _incident(("row_remap_pending",), ()), ev)
    assert "dbe_increase" in found
    assert "remap_pending_no_uncorrectable" not in found
    assert (card, action) == ("ecc-dbe", "reset_gpu")


def test_unread_dbe_counters_prove_nothing(retriever: Retriever) -> None:
    """A pending flag with no DBE counter in the window (not exported) is not 'no DBE'."""
    ev = _evidence([XID63], (63,), row_remap_pending_max=1.0)
    _, _, found = _top(retriever, _incident(("row_remap_pending", "xid_63"), (63,)), ev)
    assert "remap_pending_no_uncorrectable" not in found


def test_remap_failure_is_a_hardware_ticket(retriever: Retriever) -> None:
    xid64 = (
        "NVRM: Xid (PCI:0000:3a:00): 64, pid=2187734, name=python, Row Remapper: Failed to "
        "remap row in bank 12, all spare rows in use."
    )
    ev = _evidence([xid64], (64,), row_remap_failure_max=1.0, dbe_increase=0.0)
    inc = _incident(("row_remap_failure", "xid_64"), (64,))
    card, action, _ = _top(retriever, inc, ev)
    assert card in {"row-remap-failure", "xid-64-row-remap-failure"}
    assert action == "hardware_ticket"
