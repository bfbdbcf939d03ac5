"""An incident an Alertmanager alert opened is ranked on what the alert is about (its metric,
name, Xid, value: :mod:`agents.noc.alert_signals`), never on the words of its title ("alert",
"firing", "warning" once put ``sticky-xid-gauge`` first for a 92 °C GpuTemperatureHigh), and an
alert gpufleet does not know adds nothing. The alert-only eval scenarios run through the real
intake and the real SRE agent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gpufleet.agents.noc.alert_intake import AlertIntake
from gpufleet.agents.noc.alert_signals import alert_signals
from gpufleet.bus.events import Incident, IncidentOpened
from gpufleet.evals.agents import SreAgent
from gpufleet.evals.alert_incidents import webhook_payload
from gpufleet.evals.format import AlertSpec
from gpufleet.evals.recorded import load_incident
from gpufleet.evals.runner import SUITE_DIR
from gpufleet.evals.suite_alerts import ALERT_SCENARIOS, generator_url
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever, from_incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.symptoms import is_symptom
from gpufleet.telemetry.topology import Topology, build_cluster

DCGM = {"Hostname": "node-02", "gpu": "4", "job": "dcgm-exporter", "severity": "warning"}


@pytest.mark.parametrize(
    ("name", "expr", "value", "symptoms"),
    [
        ("GpuTemperatureHigh", "DCGM_FI_DEV_GPU_TEMP > 85", "92", ("gpu_temp_high",)),
        (
            "GpufleetHbmTemperatureCritical",
            "DCGM_FI_DEV_MEMORY_TEMP > 95",
            "",
            ("memory_temp_high",),
        ),
        ("GpufleetEccDbe", "increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[5m]) > 0", "", ("dbe",)),
        ("DCGMSingleBitECCErrors", "", "", ("sbe_storm",)),
        (
            "GpufleetRowRemapFailure",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE == 1",
            "",
            ("row_remap_failure",),
        ),
        ("GpuXidError", "DCGM_FI_DEV_XID_ERRORS > 0", "79", ("xid_79",)),
        ("NvlinkErrors", "", "", ("nvlink_errors",)),
        (
            "GpufleetPcieReplays",
            "rate(DCGM_FI_DEV_PCIE_REPLAY_COUNTER[5m]) * 60 > 8",
            "",
            ("pcie_replays",),
        ),
        ("GpuPowerBrakeSlowdown", "", "", ("power_brake",)),
        ("GpuClockEvent", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS > 0", "64", ("thermal_slowdown",)),
        ("GpuClockEvent", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS > 0", "128", ("power_brake",)),
        ("GpuMissing", 'absent(DCGM_FI_DEV_GPU_TEMP{gpu="4"})', "", ("gpu_missing",)),
        ("DcgmExporterDown", 'up{job="dcgm-exporter"} == 0', "", ("node_silent",)),
        ("GPUFallenOffTheBus", "", "", ("gpu_missing",)),
    ],
)
def test_real_alert_names_and_rules_map_to_the_noc_vocabulary(
    name: str, expr: str, value: str, symptoms: tuple[str, ...]
) -> None:
    annotations = {"value": value} if value else {}
    got = alert_signals(name, DCGM, annotations, generator_url(expr) if expr else "")
    assert got.symptoms[: len(symptoms)] == symptoms
    assert got.understood
    assert all(is_symptom(s) for s in got.symptoms)


@pytest.mark.parametrize(
    "name", ["AlertFiringWarning", "TeamBlueGpuPageCritical", "NodeAlertHigh", "Watchdog"]
)
def test_generic_words_mean_nothing_and_an_unknown_alert_says_so(name: str) -> None:
    got = alert_signals(name, {**DCGM, "severity": "critical"}, {"summary": "alert is firing"})
    assert got.symptoms == () and got.fields == () and not got.understood
    assert "not one gpufleet knows" in got.describe(name)


def _hot_gpu_incident(alertname: str = "GpuTemperatureHigh") -> Incident:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=3)])
    spec = AlertSpec(
        labels={"alertname": alertname, **DCGM},
        annotations={"summary": "GPU is at 92 C: alert firing (warning)", "value": "92"},
        starts_at=1_770_000_000.0,
        generator_url=generator_url("DCGM_FI_DEV_GPU_TEMP > 85"),
    )
    [event] = AlertIntake(topo, list).handle(webhook_payload(spec, 0), authenticated=True)
    assert isinstance(event, IncidentOpened)
    return event.incident


def test_the_incident_carries_the_alerts_symptoms_and_the_query_none_of_its_title() -> None:
    inc = _hot_gpu_incident()
    assert inc.root_entity == "node-02/gpu4"
    assert inc.symptoms[0] == "gpu_temp_high"
    assert "understood as: gpu_temp_high" in inc.summary
    query = from_incident(inc)
    assert "DCGM_FI_DEV_GPU_TEMP" in query.fields
    words = query.text.lower().split()
    for noise in ("alert", "alertmanager", "firing", "warning", "external"):
        assert noise not in words, query.text


@pytest.fixture(scope="module")
def retriever() -> Retriever:
    kb = KnowledgeBase.load()
    # The checkout's index (what the CLI and the eval use): rebuilt only when the cards
    # changed, so the session builds it once instead of once per module.
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def test_a_hot_gpu_alert_retrieves_thermal_cards_not_the_sticky_xid_gauge(
    retriever: Retriever,
) -> None:
    hits = retriever.search(from_incident(_hot_gpu_incident()), k=5)
    assert hits[0].card_id != "sticky-xid-gauge"
    assert "sticky-xid-gauge" not in [h.card_id for h in hits[:3]]
    thermal = {c.id for c in retriever.kb.cards.values() if "gpu_temp_high" in c.signals.symptoms}
    assert hits[0].card_id in thermal


SCENARIOS = {a.id for a in ALERT_SCENARIOS}


@pytest.fixture(scope="module")
def sre_agent() -> Any:
    agent = SreAgent("gpufleet-sre")
    yield agent
    agent.close()


@pytest.mark.parametrize(
    "scenario", ["alert-gpu-temperature-high", "alert-sbe-rate", "alert-unknown-name"]
)
def test_alert_only_scenarios_rank_the_true_cause_first(
    scenario: str, sre_agent: SreAgent, tmp_path: Path
) -> None:
    """With the metrics behind the alert, the injected fault's card comes first: for the hot
    GPU, for the SBE-rate alert (which the title-word ranking put second) and for an alert
    gpufleet does not know (ranked on the GPU's own evidence alone)."""
    assert scenario in SCENARIOS
    loaded = load_incident(SUITE_DIR / scenario, cache_root=tmp_path)
    assert loaded.spec.alerts, "an alert-only scenario carries its alert"
    run = sre_agent.run(loaded)
    [pred] = run.predictions
    truth = loaded.spec.truth.faults[0]
    assert pred.root_causes, "no hypothesis"
    assert pred.root_causes[0] == truth.root_cause, pred.root_causes[:3]
