"""A report that the GPUs' PCIe peer-to-peer traffic is blocked - "disable ACS and IOMMU solved the
issue", "the root cause was ACS enabled in the BIOS", "setting NCCL_P2P_DISABLE=1 resolved the
problem" - raises the two cards public writers file it under (the collective that hangs, the
node's PCIe topology) over the workload cards the same hang fits, keeps the order retrieval
gives between those two, and plans the node's PCIe change with the owner's workaround, never a
drain or a reset; a pasted setting, advice, a denial and other senses of the words change
nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.p2p_blocked_words import P2P_BLOCKED_REPORTED, says_p2p_blocked
from tests.report_words import OneNodeReport, report_evidence, report_incident, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
SOLVED = "disable ACS and IOMMU solved the issue"


@pytest.mark.parametrize(
    "line",
    [
        SOLVED,
        "Root cause: **IOMMU/ACS enabled in BIOS**. Fix: disable IOMMU and ACS in BIOS.",
        "The problem was enabled ACS (Access Control Services) for PCIe devices within the BIOS",
        "thanks! setting amd_iommu=off helps address the communication problem",
        "Setting `NCCL_P2P_DISABLE=1` did indeed resolve the problem.",
        "the model works by setting the variable NCCL_P2P_DISABLE=1",
        "P2P does not work through an active IOMMU on AMD platforms",
        "P2P between GPUs is blocked by ACS",
        "the culprit is ACS",
        "It only works when I set NCCL_P2P_DISABLE=1",
        "after setting iommu=pt the hang is gone",
        # ACS left on, the negation being the statement
        "Hi, I have fixed this issue because my server did not disable ACS.",
        "the first NET/IB error looks like the typical one when ACS is not disabled",
        "当NCCL尝试使用P2P直接通信时会出现阻塞。而设置环境变量NCCL_P2P_DISABLE=1后,测试可以正常进行。",
    ],
)
def test_a_report_that_p2p_is_blocked_is_the_statement(line: str) -> None:
    assert says_p2p_blocked(line)


@pytest.mark.parametrize(
    "line",
    [
        # a setting in a pasted command or script
        "export NCCL_P2P_DISABLE=1",
        "mpirun -np 8 -x NCCL_P2P_DISABLE=1 -x NCCL_NET=IB ./all_reduce_perf -b 8 -e 1G",
        # advice, a condition, a denial
        "You can also try to run with `NCCL_P2P_DISABLE=1` to see if P2P is an issue",
        "if ACS is enabled, disable it in the BIOS",
        "I don't think there are ACS enabled on PLX devices",
        # a denial after the words, a harmless setting, a question
        "NCCL_P2P_DISABLE=1 didn't help",
        "disabling ACS did not help",
        "Disabling VT-d fixed nothing",
        "ACS is enabled on the switch but P2P works fine",
        "ACS is not disabled but P2P works fine",
        "Is ACS not disabled?",
        "we did not disable ACS and P2P works fine",
        "I never disabled ACS, and it still works",
        "Make sure ACS is not disabled",
        "ACS: disabled, ATS: enabled",
        "Is ACS enabled?",
        "Does it work with NCCL_P2P_DISABLE=1?",
        # a P2P failure with no ACS, IOMMU or NCCL switch named is another mode
        "P2P hangs on driver 545",
        "the peer-to-peer transfer failed because the buffer was freed",
        # the words in other senses
        "What version of acs-engine?: v0.16.2",
        "enabled ACS logging",
        "Azure ACS cluster caused the deployment to fail",
        'GRUB_CMDLINE_LINUX_DEFAULT="quiet splash"',
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_p2p_blocked(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"all_reduce_perf hangs after init\n{SOLVED}\n"
    assert stated_at(text, P2P_BLOCKED_REPORTED, NODE) == [(2, NODE)]
    assert P2P_BLOCKED_REPORTED not in FLEET_SIGNATURES


HANG = "DDP training freezes at the first all-reduce with 4 GPUs"


@pytest.mark.parametrize(
    "cards",
    [
        ("training-stall", "nccl-hang-straggler", "numa-misaffinity"),
        ("training-stall", "numa-misaffinity", "nccl-hang-straggler"),
    ],
)
def test_the_statement_raises_both_cards_in_retrievals_order(cards: tuple[str, ...]) -> None:
    report = OneNodeReport(Family.INTERCONNECT, cards, KB)
    assert P2P_BLOCKED_REPORTED in report.findings(HANG, SOLVED)
    assert report.rank(HANG)[0] == "training-stall"
    assert report.rank(HANG, SOLVED)[:2] == list(cards[1:])


def test_a_pasted_setting_changes_nothing() -> None:
    report = OneNodeReport(
        Family.INTERCONNECT, ("training-stall", "nccl-hang-straggler", "numa-misaffinity"), KB
    )
    other = (HANG, "export NCCL_P2P_DISABLE=1")
    assert P2P_BLOCKED_REPORTED not in report.findings(*other)
    assert report.rank(*other)[0] == "training-stall"


@pytest.mark.parametrize("card", ["nccl-hang-straggler", "numa-misaffinity"])
def test_the_plan_is_the_nodes_pcie_change_with_no_drain_or_reset(card: str) -> None:
    incident = report_incident(NODE, family=Family.INTERCONNECT)
    top = Hypothesis(card_id=card, title="t", score=1.0, supporting=(P2P_BLOCKED_REPORTED,))
    plan = make_plan(KB, incident, [top], report_evidence(SOLVED, node=NODE))
    assert plan.runbook is not None and plan.runbook.id == "fix-pcie-p2p-path"
    assert plan.runbook.action_class == "config_fix" and plan.runbook.safety_class == "notify"
    tools = {s.tool for s in plan.steps}
    assert not tools & {"nvidia_smi.reset_gpu", "slurm.drain_node", "node.reboot"}
