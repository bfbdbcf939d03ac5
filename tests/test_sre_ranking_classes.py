"""Ranking classes that real incidents broke: a card needs its own signal, the metric finding
that opened an incident outweighs log lines every GPU shares, a chain of different Xids on one
GPU is a GPU fault. Real retrieval (the card index) and the real findings run end to end from
evidence facts shaped like the read tools' results; log lines are real NVRM formats."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.diagnose_core import analyze_evidence
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Finding, Incident, Scalar, Scope, Severity
from gpufleet.knowledge.findings import FAULT_FINDINGS, SYMPTOM_FINDINGS, is_finding
from gpufleet.knowledge.index import CardIndex
from gpufleet.knowledge.retrieve import Hit, Retriever
from gpufleet.knowledge.schema import Checks
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.symptoms import is_symptom

GPU = "node-02/gpu3"


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


@pytest.fixture(scope="module")
def retriever(kb: KnowledgeBase) -> Retriever:
    # The checkout's index (what the CLI and the eval use): rebuilt only when the cards
    # changed, so the session builds it once instead of once per module.
    index = CardIndex()
    index.build(kb)
    return Retriever(kb, index)


def _incident(
    symptoms: tuple[str, ...],
    xids: tuple[int, ...] = (),
    family: Family = Family.MEMORY,
    root: str = GPU,
    scope: Scope = Scope.GPU,
    nodes: tuple[str, ...] = ("node-02",),
) -> Incident:
    return Incident(
        incident_id="inc-r",
        title="t",
        family=family,
        scope=scope,
        root_entity=root,
        severity=Severity.WARNING,
        opened_at=10_000.0,
        updated_at=10_600.0,
        last_anomaly_at=10_600.0,
        entities=(GPU,),
        symptoms=symptoms,
        anomaly_ids=("a",),
        anomaly_count=1,
        nodes=nodes,
        xids=xids,
    )


def _metrics(entity: str, role: str = "focus", **facts: Scalar) -> Evidence:
    base: dict[str, Scalar] = {"role": role, "samples": 400, "last_sample_age_s": 15.0}
    return Evidence(
        evidence_id="",
        layer="hardware",
        tool="metrics.history",
        entity=entity,
        summary=f"history of {entity}",
        facts={**base, **facts},
    )


def _log(lines: list[str], xids: dict[int, tuple[int, list[str]]], **facts: Scalar) -> Evidence:
    """A kernel_log.search result: quoted lines, and per Xid its count, GPUs and nodes."""
    f: dict[str, Scalar] = dict(facts)
    for code, (n, gpus) in xids.items():
        f[f"xid_{code}"] = n
        f[f"xid_{code}_gpus"] = ",".join(gpus)
        f[f"xid_{code}_nodes"] = ",".join(sorted({g.split("/")[0] for g in gpus}))
    quoted = "; ".join(f'"{ln}"' for ln in lines)
    return Evidence(
        evidence_id="",
        layer="driver",
        tool="kernel_log.search",
        entity="node-02",
        summary=f"{len(lines)} lines: {quoted}",
        facts=f,
    )


def _rank(retriever: Retriever, incident: Incident, evidence: list[Evidence]) -> list[str]:
    core = analyze_evidence(incident, evidence, retriever, retriever.kb)
    return [h.card_id for h in core.hypotheses]


ALL_GPUS = [f"node-02/gpu{i}" for i in range(8)]
XID45 = [
    f"NVRM: Xid (PCI:0000:{b}:00): 45, pid=91822, name=python, Ch 00000010"
    for b in ("1b", "43", "52", "61", "9d", "c3", "d1", "df")
]


# --------------------------------------------------------------------------- own signal
def test_sticky_gauge_card_needs_a_gauge_without_a_log_line(retriever: Retriever) -> None:
    """An Xid 13 in the log, the gauge reading 13: the card must not enter the top 3; the same
    gauge with no Xid in the log window is its own signal and puts it first."""
    line = "NVRM: Xid (PCI:0000:43:00): 13, pid=4121, name=python3, Graphics Exception: ESR 0x50"
    live = [
        _metrics(GPU, last_xid_max=13.0, util_pre=95.0, util_now=0.0),
        _log([line], {13: (1, [GPU])}),
    ]
    inc = _incident(("xid_13",), xids=(13,), family=Family.APPLICATION)
    assert "sticky-xid-gauge" not in _rank(retriever, inc, live)[:3]
    stale = [_metrics(GPU, last_xid_max=45.0, util_pre=90.0, util_now=92.0), _log([], {})]
    text = _incident(("xid_45",), family=Family.APPLICATION)
    assert _rank(retriever, text, stale)[0] == "sticky-xid-gauge"


def test_requires_demotes_below_any_card_with_its_signal(kb: KnowledgeBase) -> None:
    """Retrieval alone (a high score) cannot lift a card whose required signal is absent over a
    card that lacks nothing; the reason says why."""
    hits = [
        Hit("sticky-xid-gauge", 0.9, 0.9, 0.9, ["xid"], 0.0),
        Hit("xid-app-fault", 0.3, 0.3, 0.3, ["xid"], 0.0),
    ]
    ranked = rank_hypotheses(_incident(("xid_13",)), [], [], hits, kb)
    assert [h.card_id for h in ranked] == ["xid-app-fault", "sticky-xid-gauge"]
    assert any("lacks its own signal" in r for r in ranked[1].reasons)
    with pytest.raises(ValueError, match="unknown finding"):
        Checks.model_validate({"requires": ["gauge_is_sad"]})


# --------------------------------------------------------------------------- faults vs benign
def test_degrading_hbm_is_never_closed_as_benign_xid45_churn(retriever: Retriever) -> None:
    """An SBE storm opened the incident; every GPU of the node also logged Xid 45 at a job
    teardown. The HBM card wins; the churn card is ruled out by the fault finding."""
    evidence = [
        _metrics(GPU, sbe_increase=4200.0, mem_temp_now=71.0, util_pre=96.0, util_now=0.0),
        _log(XID45, {45: (8, ALL_GPUS)}),
    ]
    inc = _incident(("sbe_storm", "xid_45"), xids=(45,))
    core = analyze_evidence(inc, evidence, retriever, retriever.kb)
    ids = [h.card_id for h in core.hypotheses]
    assert ids[0] in {"ecc-sbe-storm", "xid-92-excessive-sbe"}
    assert "xid-45-teardown-churn" not in ids[:3]
    churn = [h for h in core.hypotheses if h.card_id == "xid-45-teardown-churn"]
    assert all("sbe_rate_high" in h.contradicting for h in churn)
    top = core.hypotheses[0]
    assert any("opened the incident" in r for r in top.reasons)


def test_row_remaps_beat_churn_too(retriever: Retriever) -> None:
    evidence = [
        _metrics(GPU, remapped_rows_increase=2.0, row_remap_pending_max=1.0, util_now=0.0),
        _log(XID45, {45: (8, ALL_GPUS)}),
    ]
    inc = _incident(("row_remap_pending", "xid_45"), xids=(45,))
    ids = _rank(retriever, inc, evidence)
    assert ids[0] in {"row-remap-pending", "xid-63-row-remap-event", "ecc-dbe"}
    assert "xid-45-teardown-churn" not in ids[:3]


def test_opening_finding_counts_double(kb: KnowledgeBase) -> None:
    """Same findings, same retrieval: the card whose rules-in confirm the opening symptom gains
    OPENED x its weight over the plain sum."""
    found = [Finding(name="sbe_rate_high", entity=GPU, evidence_ids=("E01",))]
    hits = [Hit("ecc-sbe-storm", 0.5, 0.5, 0.5, ["symptom"], 0.0)]
    opened = rank_hypotheses(_incident(("sbe_storm",)), [], found, hits, kb)[0]
    later = rank_hypotheses(_incident(("gpu_temp_high", "sbe_storm")), [], found, hits, kb)[0]
    assert opened.score > later.score


# --------------------------------------------------------------------------- Xid chains
CHAIN = [
    "NVRM: Xid (PCI:0000:43:00): 62, pid=2271, name=python, 0000(0000) 00000000 00000000",
    "NVRM: Xid (PCI:0000:43:00): 45, pid=2271, name=python, Ch 00000008",
    "NVRM: Xid (PCI:0000:43:00): 119, pid=2271, name=python, Timeout after 6s of waiting for "
    "RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).",
    "NVRM: Xid (PCI:0000:43:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 "
    "(GPU Reset Required)",
]


def test_chain_of_different_xids_on_one_gpu_is_a_gpu_fault(retriever: Retriever) -> None:
    evidence = [
        _metrics(GPU, util_pre=97.0, util_now=0.0),
        _log(CHAIN, {62: (1, [GPU]), 45: (1, [GPU]), 119: (1, [GPU]), 154: (1, [GPU])}),
    ]
    inc = _incident(("xid_62", "xid_119", "xid_154", "xid_45"), (45, 62, 119, 154), Family.DEVICE)
    core = analyze_evidence(inc, evidence, retriever, retriever.kb)
    names = {f.name for f in core.findings}
    assert "xid_chain_same_gpu" in names
    assert "xid_single_on_gpu" not in names  # the 45 beside a PMU halt is not "single"
    ids = [h.card_id for h in core.hypotheses]
    gpu_fault = {
        "gsp-reset-required",
        "xid-61-62-pmu-halt",
        "xid-119-120-gsp-errors",
        "xid-154-recovery-action",
    }
    assert ids[0] in gpu_fault
    assert "xid-app-fault" not in ids[:3]
    assert "xid-45-teardown-churn" not in ids[:3]


def test_one_app_xid_alone_is_still_the_application(retriever: Retriever) -> None:
    """The chain rule does not swallow the plain case: one Xid 13, counters clean."""
    line = "NVRM: Xid (PCI:0000:43:00): 13, pid=4121, name=python3, Graphics SM Warp Exception"
    evidence = [
        _metrics(GPU, util_pre=95.0, util_now=0.0, sbe_increase=0.0, dbe_increase=0.0),
        _log([line], {13: (1, [GPU])}),
    ]
    inc = _incident(("xid_13",), xids=(13,), family=Family.APPLICATION)
    core = analyze_evidence(inc, evidence, retriever, retriever.kb)
    assert "xid_chain_same_gpu" not in {f.name for f in core.findings}
    assert core.hypotheses[0].card_id == "xid-app-fault"


# --------------------------------------------------------------------------- vocabulary
def test_fault_and_opening_vocabularies_are_known_names() -> None:
    assert all(is_finding(f) for f in FAULT_FINDINGS)
    for symptom, findings in SYMPTOM_FINDINGS.items():
        assert is_symptom(symptom), symptom
        assert all(is_finding(f) for f in findings), symptom


# --------------------------------------------------------------------------- fleet level
def test_fleet_incident_rooted_at_a_driver_points_at_the_driver(retriever: Retriever) -> None:
    """The NOC grouped Xid 119 on four nodes that share one driver version: the diagnosis is a
    driver bug, not four GPUs' GSP firmware."""
    gpus = [f"node-0{n}/gpu{g}" for n in (1, 2, 4, 5) for g in range(8)]
    line = (
        "NVRM: Xid (PCI:0000:18:00): 119, pid=3310, name=python3, Timeout after 6s of waiting "
        "for RPC response from GPU0 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)."
    )
    evidence = [_metrics(g, util_pre=95.0, util_now=0.0) for g in gpus[:2]]
    evidence.append(_log([line], {119: (32, gpus)}))
    inc = _incident(
        ("xid_119",),
        (119,),
        Family.DEVICE,
        root="driver:535.104.05",
        scope=Scope.CLUSTER,
        nodes=("node-01", "node-02", "node-04", "node-05"),
    )
    core = analyze_evidence(inc, evidence, retriever, retriever.kb)
    assert "xid_fleetwide_same_attribute" in {f.name for f in core.findings}
    ids = [h.card_id for h in core.hypotheses]
    assert ids[0] in {"driver-regression-fleetwide", "gsp-rpc-timeout-driver-bug"}
    alone = _incident(("xid_119",), (119,), Family.DEVICE)  # one GPU: not the driver card
    assert "driver-regression-fleetwide" not in _rank(retriever, alone, evidence[:1])[:1]
