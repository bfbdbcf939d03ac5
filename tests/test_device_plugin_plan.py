"""A report of GPU pods Pending for "Insufficient nvidia.com/gpu", ranked as the device plugin's
fault, gets the plugin restarted (it re-advertises the GPUs it withheld), not the node cordoned:
a node that already takes no GPU pod gains nothing from a cordon (k8s-device-plugin README)."""

from __future__ import annotations

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from tests.report_words import OneNodeReport

# retrieval's order, flat: the plugin first, as a report of GPUs the node does not offer ranks it
REPORT = OneNodeReport(
    Family.HOST, ("k8s-device-plugin-unhealthy", "k8s-missing-toleration-or-resource"),
    KnowledgeBase.load(),
)  # fmt: skip
PENDING = "Warning  FailedScheduling  0/3 nodes are available: 3 Insufficient nvidia.com/gpu."
STUCK = "the vLLM pod never starts"


def test_pods_pending_for_gpus_restart_the_plugin_rather_than_cordon_the_node() -> None:
    assert "k8s_gpu_insufficient" in REPORT.findings(STUCK, PENDING)
    assert REPORT.plan(STUCK, PENDING) == ("k8s-device-plugin-unhealthy", "restart-gpu-stack-pod")


def test_without_the_pending_pods_the_report_keeps_the_cards_fix_in_place() -> None:
    # a report alone takes the card's fix in place (plan.py) rather than the cordon it would run
    assert "k8s_gpu_insufficient" not in REPORT.findings(STUCK)
    assert REPORT.plan(STUCK) == ("k8s-device-plugin-unhealthy", "fix-gpu-node-config")
