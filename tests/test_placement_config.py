"""Faults whose fix is one placement setting (CPU / NUMA binding, the pod's GPU request or
toleration, the cgroup's device constraint) are configuration fixes, as the action vocabulary
defines them ("correct a configuration: … cgroup / GRES, NCCL settings"): the plan sends the
owner the setting and opens the site-side change, and takes nothing out of service. Problems
of the job's own behaviour stay a notice to its owner."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import choose_runbook
from gpufleet.bus.events import Hypothesis
from gpufleet.knowledge.actions import DISRUPTION
from gpufleet.knowledge.store import KnowledgeBase

KB = KnowledgeBase.load()
PLACEMENT = ("numa-misaffinity", "k8s-missing-toleration-or-resource", "slurm-cgroup-gpu-mismatch")


def _runbook_for(card: str) -> tuple[str, str, list[str]]:
    rb = choose_runbook(KB, [Hypothesis(card_id=card, title="t", score=1.0)])
    assert rb is not None
    return rb.id, rb.action_class or "", [s.tool for s in rb.steps]


@pytest.mark.parametrize("card", PLACEMENT)
def test_a_placement_setting_is_a_configuration_fix_with_no_node_action(card: str) -> None:
    rb, cls, tools = _runbook_for(card)
    assert (rb, cls) == ("fix-job-placement-config", "config_fix")
    assert DISRUPTION[cls] < DISRUPTION["isolate_node"]
    assert not {"slurm.drain_node", "node.reboot", "nvidia_smi.reset_gpu", "k8s.cordon_node"} & set(
        tools
    )
    # the owner is told the setting, and the site's own default is ticketed
    assert {"notify.user", "ticket.open"} <= set(tools)


@pytest.mark.parametrize("card", ["dataloader-stall", "cpu-only-execution", "fb-memory-leak"])
def test_the_jobs_own_behaviour_stays_a_notice_to_its_owner(card: str) -> None:
    assert _runbook_for(card)[1] == "notify_user"
