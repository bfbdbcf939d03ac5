"""A fatal Xid the GPU already logged days before (the earlier-fault read of the kernel log):
the hardware signature when gpufleet was not running for the first episode. It moves the
ranking to the recurring-hardware card and climbs the action one rung, and nothing else."""

from __future__ import annotations

from dataclasses import replace

from gpufleet.agents.sre.evidence import (
    EARLIER_XIDS_PATTERN,
    EARLIER_XIDS_S,
    evidence_from_results,
    plan_evidence,
)
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.fleet import search_events
from gpufleet.agents.sre.guidance import incident_xids
from gpufleet.agents.sre.plan import make_plan
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Scope, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.retrieve import Hit
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.topology import Topology, build_cluster

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0
GPU = "n1/gpu3"
DAY = 86400.0


def _xid(code: int, what: str) -> str:
    return f"[   10.000000] NVRM: Xid (PCI:0000:3b:00): {code}, pid=1, name=x, {what}"


def _incident(root: str = GPU, scope: Scope = Scope.GPU) -> Incident:
    return Incident(
        incident_id="inc-r",
        title="device: GPU fell off the bus",
        family=Family.DEVICE,
        scope=scope,
        root_entity=root,
        severity=Severity.CRITICAL,
        opened_at=T0 + 60,
        updated_at=T0 + 60,
        last_anomaly_at=T0 + 60,
        entities=(root,),
        symptoms=("xid_79",),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("n1",),
        xids=(79,),
    )


def _log(lines: list[str], boot: float, *, gpu: str = GPU, earlier: bool) -> list[Evidence]:
    """Kernel-log evidence of ``lines`` (parser → search → facts), the lines placed on ``gpu``;
    ``earlier``: as the earlier-fault read, else as the window's read."""
    events, _ = parse_lines(lines, node="n1", boot_time=boot)
    events = [replace(e, gpu=gpu) for e in events]
    args: dict[str, object] = {"nodes": ["n1"]}
    if earlier:
        args |= {"gpu": gpu, "pattern": EARLIER_XIDS_PATTERN}
    data = search_events(events, ["n1"], T0 - 8 * DAY, T0 + 3600, None, None, 500)
    call = ToolCall(tool="kernel_log.search", args=args)
    return evidence_from_results("driver", [call], [ToolResult.success(data)])


FELL = _xid(79, "GPU has fallen off the bus.")
NOW = _log([FELL], T0, earlier=False)


def _names(evidence: list[Evidence], incident: Incident | None = None) -> set[str]:
    return {f.name for f in derive_findings(incident or _incident(), evidence)}


def test_the_plan_reads_the_root_gpus_xids_of_the_week_before_the_window() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])
    gpu = topo.gpu_keys[3]
    node = topo.node_of_gpu_key(gpu)
    calls = plan_evidence(_incident(gpu), topo)["driver"]
    (earlier,) = [c for c in calls if c.args.get("pattern") == EARLIER_XIDS_PATTERN]
    window = next(c for c in calls if c.tool == "kernel_log.search" and "pattern" not in c.args)
    assert earlier.args["gpu"] == gpu and earlier.args["nodes"] == [node]
    assert earlier.args["end"] == window.args["start"]
    assert earlier.args["end"] - earlier.args["start"] == EARLIER_XIDS_S
    # a node incident about no one GPU reads no GPU's past
    node_calls = plan_evidence(_incident(node, Scope.NODE), topo)["driver"]
    assert not [c for c in node_calls if c.args.get("pattern") == EARLIER_XIDS_PATTERN]


def test_the_same_fatal_xid_days_before_is_a_recurrence() -> None:
    before = _log([FELL], T0 - 3 * DAY, earlier=True)
    assert before[0].facts.get("earlier") == 1
    assert "xid_recurred_same_gpu" in _names([*NOW, *before])
    # only this episode's Xids are the vendor's bucket and the window's findings
    assert incident_xids(_incident(), [*_log([], T0, earlier=False), *before]) == {79}
    assert "xid_repeats_same_gpu" not in _names([*NOW, *before])


def test_what_is_not_a_recurrence() -> None:
    assert "xid_recurred_same_gpu" not in _names(NOW)  # nothing before
    # an application-class Xid days before repeats with the code, not the GPU
    app = _log([_xid(13, "Graphics Exception")], T0 - 2 * DAY, earlier=True)
    assert "xid_recurred_same_gpu" not in _names([*NOW, *app])
    # another Xid before, or the same Xid on another GPU
    other = _log([_xid(48, "DBE")], T0 - 2 * DAY, earlier=True)
    assert "xid_recurred_same_gpu" not in _names([*NOW, *other])
    elsewhere = _log([FELL], T0 - 2 * DAY, gpu="n1/gpu5", earlier=True)
    assert "xid_recurred_same_gpu" not in _names([*NOW, *elsewhere])


def test_a_fault_met_mid_story_is_not_its_own_recurrence() -> None:
    # gpufleet started after the onset, or the incident opened on a later symptom: the Xid's
    # lines before the window run on into it, and a line on the window's edge is in both reads
    edge = _log([FELL], T0, earlier=True)
    assert "xid_recurred_same_gpu" not in _names([*NOW, *edge])
    ran_on = _log([FELL], T0 - 600, earlier=True)
    assert "xid_recurred_same_gpu" not in _names([*NOW, *ran_on])
    # a quiet gap of an hour between the two is an episode of its own
    came_back = _log([FELL], T0 - 3600, earlier=True)
    assert "xid_recurred_same_gpu" in _names([*NOW, *came_back])
    top = [Hypothesis(card_id="xid-79-fallen-off-bus", title="t", score=1.0)]
    plan = make_plan(KB, _incident(), top, [*NOW, *ran_on])
    assert plan.runbook is not None and plan.runbook.action_class == "reboot"


def _rank(findings_of: list[Evidence]) -> list[str]:
    inc = _incident()
    found = derive_findings(inc, findings_of)
    hits = [
        Hit(c, 0.5, 0.5, 0.5, ["symptom"], 0.0)
        for c in ("xid-79-fallen-off-bus", "xid-79-recurring-hardware", "pcie-aer-errors")
    ]
    return [h.card_id for h in rank_hypotheses(inc, findings_of, found, hits, KB)]


def test_a_logged_recurrence_ranks_the_board_first_and_climbs_the_action() -> None:
    assert _rank(NOW)[0] == "xid-79-fallen-off-bus"
    both = [*NOW, *_log([FELL], T0 - 3 * DAY, earlier=True)]
    assert _rank(both)[0] == "xid-79-recurring-hardware"
    # whatever card is on top, the recurrence raises the GPU-fault action one rung
    top = [Hypothesis(card_id="xid-79-fallen-off-bus", title="t", score=1.0)]
    once = make_plan(KB, _incident(), top, NOW)
    assert once.runbook is not None and once.runbook.action_class == "reboot"
    climbed = make_plan(KB, _incident(), top, both)
    assert climbed.runbook is not None and climbed.runbook.action_class == "hardware_ticket"
