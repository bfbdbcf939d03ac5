# ruff: noqa: E501  (real-format kernel lines are long; splitting them would hide their layout)
"""The SRE agent on the kernel's PCIe error lines, end to end from real line formats: parsed by
telemetry.kernel_log, searched and turned into evidence as the kernel_log.search tool does,
findings, retrieval over the card index, ranking and the plan's runbook."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.diagnose_core import analyze_evidence
from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.fleet import search_events
from gpufleet.agents.sre.plan import guided_runbook
from gpufleet.bus.events import Evidence, Family, Incident, Scalar, Scope, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.actions import DISRUPTION
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.kernel_log import parse_text
from gpufleet.telemetry.topology import Topology, build_cluster

GPU = "node-01/gpu0"  # PCI 0000:18:00.0 in build_cluster
BOOT = 1_772_400_000.0


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


@pytest.fixture(scope="module")
def retriever(kb: KnowledgeBase) -> Retriever:
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def _log(text: str) -> Evidence:
    """What kernel_log.search returns for ``text`` on node-01, as evidence."""
    tp = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=8)])
    events, _ = parse_text(text, node="node-01", boot_time=BOOT, topology=tp)
    found = search_events(events, ["node-01"], 0.0, 2e9, None, None, 500)
    call = ToolCall(tool="kernel_log.search", args={"nodes": ["node-01"]})
    (ev,) = evidence_from_results("driver", [call], [ToolResult.success(found, query="q")])
    return ev


def _metrics(**facts: Scalar) -> Evidence:
    base: dict[str, Scalar] = {"role": "focus", "samples": 400, "last_sample_age_s": 15.0}
    return Evidence(
        evidence_id="",
        layer="hardware",
        tool="metrics.history",
        entity=GPU,
        summary=f"history of {GPU}",
        facts={**base, **facts},
    )


def _incident(symptoms: tuple[str, ...], family: Family, xids: tuple[int, ...] = ()) -> Incident:
    return Incident(
        incident_id="inc-p",
        title="t",
        family=family,
        scope=Scope.GPU,
        root_entity=GPU,
        severity=Severity.CRITICAL,
        opened_at=BOOT + 10_030.0,
        updated_at=BOOT + 10_100.0,
        last_anomaly_at=BOOT + 10_100.0,
        entities=(GPU,),
        symptoms=symptoms,
        anomaly_ids=("a",),
        anomaly_count=1,
        nodes=("node-01",),
        xids=xids,
    )


FATAL_THEN_LOST = """\
[10030.000000] pcieport 0000:17:01.0: AER: Uncorrected (Fatal) error received: 0000:18:00.0
[10030.000010] nvidia 0000:18:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Requester ID)
[10030.000020] nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00004000/00000000
[10030.000030] nvidia 0000:18:00.0:    [14] CmpltTO                (First)
[10030.000040] nvidia 0000:18:00.0: device has no AER-aware driver
[10030.000050] pcieport 0000:17:01.0: AER: device recovery failed
[10061.000000] NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.
[10061.000010] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.
"""
LOST_ONLY = """\
[10061.000000] NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.
[10061.000010] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.
"""


def _corrected(n: int) -> str:
    out = []
    for i in range(n):
        s = f"[{10_030.0 + 2.0 * i:12.6f}]"
        out += [
            f"{s} pcieport 0000:17:01.0: AER: Corrected error received: 0000:18:00.0",
            f"{s} nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)",
            f"{s} nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000040/00002000",
            f"{s} nvidia 0000:18:00.0:    [ 6] BadTLP                 (First)",
        ]
    return "\n".join(out) + "\n"


def test_uncorrectable_aer_then_gpu_lost_ranks_the_pcie_path_first(
    retriever: Retriever, kb: KnowledgeBase
) -> None:
    """The card's distinguishing text: a GPU that falls off the bus after an uncorrectable AER
    error on its path is a PCIe path fault (pcie-aer-errors); the Xid 79 card is ruled out by
    it and points there."""
    evidence = [_metrics(last_sample_age_s=600.0, util_pre=95.0), _log(FATAL_THEN_LOST)]
    inc = _incident(("pcie_aer_uncorrectable", "xid_79"), Family.DEVICE, (79,))
    core = analyze_evidence(inc, evidence, retriever, kb)
    names = {f.name for f in core.findings}
    assert {"pcie_aer_uncorrectable", "gpu_fallen_off_bus", "xid:79"} <= names
    assert "pcie_aer_corrected_burst" not in names
    ids = [h.card_id for h in core.hypotheses]
    assert ids[0] == "pcie-aer-errors"
    assert "xid-79-fallen-off-bus" in ids[:3]
    x79 = next(h for h in core.hypotheses if h.card_id == "xid-79-fallen-off-bus")
    assert "pcie_aer_uncorrectable" in x79.contradicting
    top = core.hypotheses[0]
    assert any("opened the incident" in r for r in top.reasons)
    assert any("model: pcie-aer-errors" in r for r in top.reasons)  # sourced likelihoods
    runbook, _ = guided_runbook(kb, core.hypotheses, inc, list(core.evidence))
    assert runbook is not None and runbook.action_class == "reboot"  # Xid 79: RESTART_BM


def test_gpu_lost_with_a_clean_aer_log_stays_the_xid_79_card(
    retriever: Retriever, kb: KnowledgeBase
) -> None:
    evidence = [_metrics(last_sample_age_s=600.0, util_pre=95.0), _log(LOST_ONLY)]
    inc = _incident(("xid_79",), Family.DEVICE, (79,))
    core = analyze_evidence(inc, evidence, retriever, kb)
    assert not {f.name for f in core.findings} & {"pcie_aer_uncorrectable", "pcie_surprise_down"}
    assert core.hypotheses[0].card_id == "xid-79-fallen-off-bus"


def test_corrected_burst_ranks_pcie_aer_with_an_action_that_does_not_drain(
    retriever: Retriever, kb: KnowledgeBase
) -> None:
    evidence = [_metrics(util_pre=95.0, util_now=94.0), _log(_corrected(12))]
    inc = _incident(("pcie_aer_corrected_burst",), Family.INTERCONNECT)
    core = analyze_evidence(inc, evidence, retriever, kb)
    found = {f.name: f for f in core.findings}
    assert found["pcie_aer_corrected_burst"].value == 12
    assert "pcie_aer_uncorrectable" not in found
    assert core.hypotheses[0].card_id == "pcie-aer-errors"
    runbook, notes = guided_runbook(kb, core.hypotheses, inc, list(core.evidence))
    assert runbook is not None and runbook.id == "watch-pcie-corrected-errors"
    assert DISRUPTION[runbook.action_class or ""] < DISRUPTION["reset_gpu"]  # no drain
    assert any("Correctable error does not need software intervention" in n for n in notes)


def test_two_corrected_errors_are_no_burst_and_a_fatal_one_after_them_drains(
    retriever: Retriever, kb: KnowledgeBase
) -> None:
    log = _log(_corrected(2))
    assert log.facts["pcie_corrected"] == 2 and log.facts["pcie_corrected_burst_max"] == 2
    inc = _incident(("xid_13",), Family.APPLICATION, (13,))
    core = analyze_evidence(inc, [_metrics(), log], retriever, kb)
    assert "pcie_aer_corrected_burst" not in {f.name for f in core.findings}
    worse = _log(_corrected(12) + FATAL_THEN_LOST)
    inc = _incident(("pcie_aer_corrected_burst", "pcie_aer_uncorrectable"), Family.DEVICE, (79,))
    core = analyze_evidence(inc, [_metrics(last_sample_age_s=600.0), worse], retriever, kb)
    assert core.hypotheses[0].card_id == "pcie-aer-errors"
    runbook, _ = guided_runbook(kb, core.hypotheses, inc, list(core.evidence))
    assert runbook is not None and runbook.id != "watch-pcie-corrected-errors"
    assert DISRUPTION[runbook.action_class or ""] >= DISRUPTION["reboot"]


SDES_ON_PORT = """\
[10030.100000] pcieport 0000:17:01.0: DPC: containment event, status:0x1f01 source:0x0000
[10030.100010] pcieport 0000:17:01.0: DPC: unmasked uncorrectable error detected
[10030.100020] pcieport 0000:17:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)
[10030.100030] pcieport 0000:17:01.0:   device [8086:347a] error status/mask=00000020/04004000
[10030.100040] pcieport 0000:17:01.0:    [ 5] SDES (First)
[10030.100050] pcieport 0000:17:01.0: pciehp: Slot(21): Link Down
[10030.100060] nvidia 0000:18:00.0: AER: Can't recover (no error_detected callback)
"""


def test_surprise_down_on_the_gpus_port_is_found_and_ranks_pcie_aer(
    retriever: Retriever, kb: KnowledgeBase
) -> None:
    log = _log(SDES_ON_PORT)
    assert log.facts["pcie_surprise_down"] == 2 and log.facts["pcie_uncorrectable"] == 1
    assert log.facts["pcie_surprise_down_on"] == GPU  # the port's record named the GPU
    inc = _incident(("pcie_surprise_down",), Family.DEVICE)
    core = analyze_evidence(inc, [_metrics(last_sample_age_s=600.0), log], retriever, kb)
    names = {f.name for f in core.findings}
    assert {"pcie_surprise_down", "pcie_aer_uncorrectable"} <= names
    assert core.hypotheses[0].card_id == "pcie-aer-errors"
