"""A report of GPU pods Pending for "Insufficient nvidia.com/gpu", ranked as the device plugin's
fault, gets the plugin restarted (it re-advertises the GPUs it withheld), not the node cordoned:
a node that already takes no GPU pod gains nothing from a cordon (k8s-device-plugin README)."""

from __future__ import annotations

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import choose_runbook
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Family
from gpufleet.knowledge.retrieve import Hit
from gpufleet.knowledge.store import KnowledgeBase
from tests.report_words import report_evidence, report_incident

KB = KnowledgeBase.load()
NODE = "n1"
CARDS = ("k8s-device-plugin-unhealthy", "k8s-missing-toleration-or-resource")
PENDING = "Warning  FailedScheduling  0/3 nodes are available: 3 Insufficient nvidia.com/gpu."


def _plan(*lines: str) -> tuple[str, str | None, set[str]]:
    incident = report_incident(NODE, family=Family.HOST)
    evidence = report_evidence(*lines, node=NODE)
    found = derive_findings(incident, evidence)
    hits = [Hit(c, 0.5 - i / 100, 0.5, 0.5, ["symptom"], 0.0) for i, c in enumerate(CARDS)]
    ranked = rank_hypotheses(incident, evidence, found, hits, KB)
    runbook = choose_runbook(KB, ranked, {f.name for f in found})
    return ranked[0].card_id, runbook.id if runbook else None, {f.name for f in found}


def test_pods_pending_for_gpus_restart_the_plugin_rather_than_cordon_the_node() -> None:
    card, runbook, found = _plan("the vLLM pod never starts", PENDING)
    assert "k8s_gpu_insufficient" in found
    assert (card, runbook) == ("k8s-device-plugin-unhealthy", "restart-gpu-stack-pod")


def test_without_the_pending_pods_the_card_keeps_its_own_plan() -> None:
    card, runbook, found = _plan("the vLLM pod never starts")
    assert "k8s_gpu_insufficient" not in found
    assert (card, runbook) == ("k8s-device-plugin-unhealthy", "cordon-k8s-node")
