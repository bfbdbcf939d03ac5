"""Findings the evidence yielded and no card read: Fabric Manager's own record of an NVSwitch
fatal error, a watchdog that timed out its process group's first collective. Each now moves the
card its source names, on a flat retrieval that lists that card last."""

from __future__ import annotations

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from tests.report_words import ranked_flat, report_evidence, report_incident

KB = KnowledgeBase.load()

FM_FATAL = (
    "[Jun 05 2024 10:11:12] [ERROR] [tid 841] detected NVSwitch fatal error 20034 on fid 0 on "
    "NVSwitch pci bus id 00000000:05:00.0 physical id 3 port 12"
)
FIRST_HUNG = (
    "[Rank 3] Timeout at NCCL work: 1, last enqueued NCCL work: 1, last completed NCCL work: -1.",
    "[Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE, "
    "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600088 milliseconds before timing out.",
)
LATER_HUNG = (
    "[Rank 3] Timeout at NCCL work: 610, last enqueued NCCL work: 616, last completed NCCL "
    "work: 609.",
    FIRST_HUNG[1].replace("SeqNum=1", "SeqNum=610"),
)


def test_fabric_managers_nvswitch_fatal_error_is_the_nvswitch_card() -> None:
    incident = report_incident("n1", family=Family.DEVICE)
    evidence = report_evidence(FM_FATAL, node="n1", origin="fm.log", parse=parse_fabric_manager)
    cards = ("nvlink-link-down", "fabric-manager-down", "nvswitch-sxid-errors")
    ranked = ranked_flat(incident, evidence, cards, KB)
    assert ranked[0].card_id == "nvswitch-sxid-errors"
    assert "nvswitch_fatal_error" in ranked[0].supporting


def test_a_first_collective_that_never_completed_is_the_set_up_not_a_straggler() -> None:
    incident = report_incident("n1", family=Family.UTILIZATION)
    cards = ("nccl-hang-straggler", "training-stall", "nccl-timeout")
    first = ranked_flat(incident, report_evidence(*FIRST_HUNG, node="n1"), cards, KB)
    assert first[0].card_id == "nccl-timeout"
    assert "nccl_first_collective_hung" in first[0].supporting
    # the same watchdog 609 collectives in says nothing of the set-up
    later = ranked_flat(incident, report_evidence(*LATER_HUNG, node="n1"), cards, KB)
    assert all("nccl_first_collective_hung" not in h.supporting for h in later)
