"""Hypothesis ranking: cards' structured checks separate sibling failure modes."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpufleet.agents.sre.diagnose_core import diagnose_deterministic
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.agents.sre.scoring import CHECK, rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Finding, Incident, Scope, Severity
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Hit, Retriever
from gpufleet.knowledge.schema import Card, Checks
from gpufleet.knowledge.store import KnowledgeBase

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


def _incident(root: str = "node-01/gpu4", scope: Scope = Scope.GPU) -> Incident:
    return Incident(
        incident_id="inc-1",
        title="t",
        family=Family.THERMAL,
        scope=scope,
        root_entity=root,
        severity=Severity.WARNING,
        opened_at=1000.0,
        updated_at=1000.0,
        last_anomaly_at=1000.0,
        entities=(root,),
        symptoms=("gpu_temp_rising",),
        anomaly_ids=("a",),
        anomaly_count=1,
    )


def _f(name: str, *ids: str) -> Finding:
    return Finding(name=name, entity="node-01/gpu4", evidence_ids=ids or ("E01",))


def _hits(*cards: str, score: float = 0.5) -> list[Hit]:
    # every sibling equally likely by retrieval: the findings alone must decide
    return [Hit(c, score, 0.5, 0.5, ["symptom"], 0.0) for c in cards]


def _top(kb: KnowledgeBase, findings: list[Finding], *cards: str) -> list[str]:
    ranked = rank_hypotheses(_incident(), [], findings, _hits(*cards), kb)
    return [h.card_id for h in ranked]


THERMAL = ("fan-failure", "thermal-interface-degraded", "rack-cooling-failure")


@pytest.mark.parametrize(
    ("finding", "want"),
    [
        ("slot_neighbours_warming", "fan-failure"),
        ("single_gpu_hot_neighbours_normal", "thermal-interface-degraded"),
        ("whole_rack_warming", "rack-cooling-failure"),
    ],
)
def test_thermal_siblings(kb: KnowledgeBase, finding: str, want: str) -> None:
    findings = [_f("load_corrected_temp_rising"), _f(finding, "E03", "E04")]
    assert _top(kb, findings, *THERMAL)[0] == want


def test_reasons_cite_evidence_and_name_where_a_rule_out_points(kb: KnowledgeBase) -> None:
    findings = [_f("load_corrected_temp_rising", "E02"), _f("whole_rack_warming", "E05", "E06")]
    ranked = {h.card_id: h for h in rank_hypotheses(_incident(), [], findings, _hits(*THERMAL), kb)}
    fan = ranked["fan-failure"]
    assert "ruled out: whole_rack_warming (E05, E06) → rack-cooling-failure" in fan.reasons
    assert "whole_rack_warming" in fan.contradicting
    rack = ranked["rack-cooling-failure"]
    assert "rules in: whole_rack_warming (E05, E06)" in rack.reasons
    assert set(rack.evidence_ids) == {"E02", "E05", "E06"}
    assert rack.score == pytest.approx(0.5 + CHECK * (2.5 + 0.5))


def test_ecc_dbe_vs_xid_48_dbe(kb: KnowledgeBase) -> None:
    dram = [_f("xid:48"), _f("dbe_increase"), _f("row_remap_pending"), _f("xid:63")]
    assert _top(kb, dram, "xid-48-dbe", "ecc-dbe")[0] == "ecc-dbe"
    failed = [_f("xid:48"), _f("dbe_increase"), _f("row_remap_failure"), _f("xid:64")]
    assert _top(kb, failed, "xid-48-dbe", "ecc-dbe")[0] == "row-remap-failure"


def test_nic_flap_vs_nccl_timeout(kb: KnowledgeBase) -> None:
    flap = [_f("job_util_collapse_all_ranks"), _f("nic_link_flapping"), _f("nic_link_down")]
    assert _top(kb, flap, "nccl-timeout", "ib-nic-link-flap")[0] == "ib-nic-link-flap"
    # without the link event the collapse alone does not name the NIC
    alone = [_f("job_util_collapse_all_ranks")]
    assert _top(kb, alone, "nccl-timeout", "ib-nic-link-flap")[0] != "ib-nic-link-flap"


JOB = ("training-stall", "dataloader-stall", "host-cpu-saturation", "cpu-only-execution")


@pytest.mark.parametrize(
    ("findings", "want"),
    [
        (["job_util_collapse_all_ranks", "util_zero_gpu_mem_held"], "training-stall"),
        (["dataloader_gaps"], "dataloader-stall"),
        (["host_cpu_saturated", "gpu_util_low_cpu_busy"], "host-cpu-saturation"),
        (["gpu_never_used", "gpu_util_low_cpu_busy"], "cpu-only-execution"),
    ],
)
def test_workload_siblings(kb: KnowledgeBase, findings: list[str], want: str) -> None:
    assert _top(kb, [_f(n) for n in findings], *JOB)[0] == want


def test_ranking_is_deterministic_and_ties_go_to_the_smaller_id(kb: KnowledgeBase) -> None:
    a = rank_hypotheses(_incident(), [], [], _hits("b-card", "a-card"), KnowledgeBase([], []))
    assert a == ()  # hits for unknown cards are dropped, not invented
    ranked = rank_hypotheses(_incident(), [], [], _hits("xid-13-graphics-exception", "ecc-dbe"), kb)
    assert [h.card_id for h in ranked] == ["ecc-dbe", "xid-13-graphics-exception"]


def test_checks_are_validated_against_the_findings_vocabulary() -> None:
    with pytest.raises(ValueError, match="unknown finding"):
        Checks.model_validate({"rules_in": [{"finding": "fans_are_sad"}]})
    with pytest.raises(ValueError, match="points_to"):
        Checks.model_validate({"rules_in": [{"finding": "hbm_hot", "points_to": "fan-failure"}]})
    ok = Checks.model_validate({"rules_in": [{"finding": "xid:79", "weight": 2}]})
    assert ok.rules_in[0].weight == 2


def test_points_to_an_unknown_card_is_a_reference_error(kb: KnowledgeBase) -> None:
    card = kb.card("fan-failure")
    broken = Card.model_validate(
        {
            **card.model_dump(),
            "checks": {"rules_out": [{"finding": "hbm_hot", "points_to": "no-such-card"}]},
        }
    )
    errors = KnowledgeBase([broken], []).validate_references()
    assert any("points_to: unknown card 'no-such-card'" in e for e in errors)


# --------------------------------------------------------------------------- end to end
@pytest.fixture(scope="module")
def retriever(kb: KnowledgeBase) -> Retriever:
    # The checkout's index (what the CLI and the eval use): rebuilt only when the cards
    # changed, so the session builds it once instead of once per module.
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def test_suite_fan_failure_diagnosed_end_to_end(retriever: Retriever) -> None:
    from gpufleet.agents.noc.detector import Detector
    from gpufleet.bus.events import IncidentOpened, IncidentUpdated
    from gpufleet.evals.recorded import load_incident

    folder = REPO / "src" / "gpufleet" / "evals" / "suite" / "fan-failure-1"
    li = load_incident(folder, folder.parent / ".cache")
    ticks = list(li.iter_ticks())
    det = Detector(li.topology)
    final: dict[str, Incident] = {}
    for tick in ticks:
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    (incident,) = final.values()
    fleet = ReplayFleet(li.topology)
    for tick in ticks:
        if tick.timestamp > incident.updated_at:
            break
        fleet.observe(tick)
    core = diagnose_deterministic(
        incident,
        ToolRegistry(read_tools(fleet)),
        retriever,
        retriever.kb,
        incident.updated_at,
        li.topology,
    )
    assert core.hypotheses[0].card_id == "fan-failure"
    names = {f.name for f in core.findings}
    assert {"slot_neighbours_warming", "load_corrected_temp_rising"} <= names
    ids = {e.evidence_id for e in core.evidence}
    assert all(set(f.evidence_ids) <= ids for f in core.findings)
    assert all(isinstance(e, Evidence) and e.status != "error" for e in core.evidence)


GSP = ("gpu-fault-survives-reboot", "gsp-reset-required", "xid-119-120-gsp-errors")


@pytest.mark.parametrize(
    ("recurrence", "want"),
    [
        # a GSP fault in the first minute after a boot is every first GSP fault found after a
        # restart: the reset variants, not power-cycle + RMA (open-gpu-kernel-modules#1230)
        ((), "gsp-fault-reset"),
        (("recovery_action_pending",), "gsp-persistent-fault"),
        (("earlier_incidents_same_gpu",), "gsp-persistent-fault"),
    ],
)
def test_a_gsp_fault_after_a_boot_survives_it_only_when_seen_to_come_back(
    kb: KnowledgeBase, recurrence: tuple[str, ...], want: str
) -> None:  # want: the taxonomy mode (gpu-firmware family) of the top card
    findings = [_f("gsp_error_logged"), _f("recent_reboot"), _f("xid:119")]
    findings += [_f(name, "E07") for name in recurrence]
    place = taxonomy.load().place(_top(kb, findings, *GSP)[0])
    assert place is not None and place.mode == want


def test_the_device_plugin_is_the_kubernetes_view_of_a_lost_gpu(kb: KnowledgeBase) -> None:
    # the plugin cannot create nvml.Device 3 because the GPU fell off the bus: act on the GPU
    cards = ("k8s-device-plugin-unhealthy", "xid-79-fallen-off-bus")
    plugin_only = [_f("k8s_device_plugin_admission_failed")]
    assert _top(kb, plugin_only, *cards)[0] == "k8s-device-plugin-unhealthy"
    lost = [*plugin_only, _f("gpu_fallen_off_bus", "E04")]
    assert _top(kb, lost, *cards)[0] == "xid-79-fallen-off-bus"
