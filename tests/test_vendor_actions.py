"""The plan's action from the vendor's own guidance (issue 25 item 3): Xid catalog bucket →
action class, the GPU's Xid 154 recovery action read from the kernel log into the plan,
reset → reboot → RMA on recurrence, and `kb validate` refusing an unsourced action."""

from __future__ import annotations

import argparse
import io
import shutil
from pathlib import Path

import pytest

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.fleet import search_events
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Scope, Severity
from gpufleet.cli.kb import cmd_validate
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.action_sources import unsourced_actions
from gpufleet.knowledge.store import CARDS_DIR, RUNBOOKS_DIR, KnowledgeBase
from gpufleet.knowledge.vendor_actions import (
    escalate,
    from_catalog,
    from_recovery_action,
    recovery_action_class,
)
from gpufleet.telemetry.kernel_log import parse_lines

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0


@pytest.mark.parametrize(
    ("xids", "action_class", "source"),
    [
        ({79}, "reboot", "Xid 79 bucket RESTART_BM"),
        ({48}, "reset_gpu", "Xid 48 bucket RESET_GPU"),
        ({13}, "restart_application", "Xid 13 bucket RESTART_APP"),
        ({94}, "restart_application", "Xid 94 bucket RESTART_APP"),
        ({119}, "reset_gpu", "Xid 119 bucket RESET_GPU"),
        # a channel error next to a GPU fault follows the fault (catalog chain), and of two
        # faults the heavier bucket wins
        ({13, 48}, "reset_gpu", "Xid 48 bucket RESET_GPU"),
        ({62, 79}, "reboot", "Xid 79 bucket RESTART_BM"),
        # Xid 63 is IGNORE in the catalog; the pending remap applies at the next reset
        ({63}, "reset_gpu_when_convenient", "pending row remap"),
    ],
)
def test_catalog_bucket_gives_the_action_class(
    xids: set[int], action_class: str, source: str
) -> None:
    g = from_catalog(xids)
    assert g is not None
    assert g.action_class == action_class
    assert source in g.source
    assert not g.overrides_card  # a catalog bucket picks among the card's runbooks


def test_buckets_that_name_no_class_give_no_guidance() -> None:
    assert from_catalog({45}) is None  # IGNORE below the storm threshold
    assert from_catalog({74}) is None  # WORKFLOW_NVLINK_ERR: depends on the link decode
    assert from_catalog(set()) is None


@pytest.mark.parametrize(
    ("text", "action_class"),
    [
        ("GPU Reset Required", "reset_gpu"),
        ("Node Reboot Required", "reboot"),
        ("Drain and Reset", "reset_gpu"),
        ("Drain P2P", "reset_gpu_when_convenient"),
        ("None", None),  # the action was cleared: nothing to do on its account
        ("Something New", None),
    ],
)
def test_xid154_recovery_action_text(text: str, action_class: str | None) -> None:
    assert recovery_action_class(text) == action_class


def test_recurrence_climbs_the_ladder_one_rung_per_earlier_fault() -> None:
    assert escalate(None, "reset_gpu", 0) is None
    one = escalate(None, "reset_gpu", 1)
    two = escalate(None, "reset_gpu", 2)
    many = escalate(None, "reset_gpu", 7)
    assert one is not None and one.action_class == "reboot"
    assert two is not None and two.action_class == "hardware_ticket"
    assert many is not None and many.action_class == "hardware_ticket"
    assert escalate(None, "hardware_ticket", 3) is None  # the top rung stays
    assert escalate(None, "restart_application", 3) is None  # not a GPU-fault class
    g = from_recovery_action("GPU Reset Required")
    up = escalate(g, "restart_application", 1)  # climbs from the guided class
    assert up is not None and up.action_class == "reboot" and "CONTACT_SUPPORT" in up.source


# --------------------------------------------------------------------------- into the plan
GPU = "n1/gpu3"


def _incident(xids: tuple[int, ...]) -> Incident:
    return Incident(
        incident_id="inc-t",
        title="device: xid on n1/gpu3",
        family=Family.DEVICE,
        scope=Scope.GPU,
        root_entity=GPU,
        severity=Severity.CRITICAL,
        opened_at=T0 + 60,
        updated_at=T0 + 60,
        last_anomaly_at=T0 + 60,
        entities=(GPU,),
        symptoms=("xid_62",),
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=("n1",),
        xids=xids,
    )


def _log_evidence(lines: list[str]) -> list[Evidence]:
    """The kernel-log evidence the SRE agent builds from these lines (parser → search → facts)."""
    events, _ = parse_lines(lines, node="n1", boot_time=T0)
    data = search_events(events, ["n1"], T0 - 3600, T0 + 3600, None, None, 500)
    call = ToolCall(tool="kernel_log.search", args={"nodes": ["n1"]})
    return evidence_from_results("driver", [call], [ToolResult.success(data)])


def _history(gpu_faults: int) -> list[Evidence]:
    items = [
        {"root_entity": GPU, "family": "device", "opened_at": T0 - 86400 * (i + 1), "title": "t"}
        for i in range(gpu_faults)
    ]
    call = ToolCall(
        tool="incidents.history", args={"entities": [GPU, "n1"], "start": 0, "end": T0 + 60}
    )
    return evidence_from_results("workload", [call], [ToolResult.success(items)])


def _top(card: str) -> list[Hypothesis]:
    return [Hypothesis(card_id=card, title=card, score=1.0)]


XID62 = "[   10.000000] NVRM: Xid (PCI:0000:3b:00): 62, pid=1234, name=python, 0000(0000)"


def _xid154(to: str, code: str) -> str:
    return (
        "[   11.000000] NVRM: Xid (PCI:0000:3b:00): 154, GPU recovery action changed from "
        f"0x0 (None) to {code} ({to})"
    )


def test_xid154_recovery_action_is_parsed_into_the_plan() -> None:
    ev = _log_evidence([XID62, _xid154("Node Reboot Required", "0x2")])
    assert [e.facts.get("xid154_recovery_action") for e in ev] == ["Node Reboot Required"]
    # the card's first runbook is a GPU reset; the GPU itself says the node must reboot
    assert KB.runbooks_for("xid-61-62-pmu-halt")[0].id == "drain-and-reset-gpu"
    plan = make_plan(KB, _incident((62, 154)), _top("xid-61-62-pmu-halt"), ev)
    assert plan.runbook is not None and plan.runbook.id == "drain-and-reboot-node"
    assert any("Node Reboot Required" in n and "XID_154" in n for n in plan.notes)


def test_a_later_none_clears_the_recovery_action() -> None:
    lines = [XID62, _xid154("Node Reboot Required", "0x2")]
    lines.append(
        "[   12.000000] NVRM: Xid (PCI:0000:3b:00): 154, GPU recovery action changed from "
        "0x2 (Node Reboot Required) to 0x0 (None)"
    )
    ev = _log_evidence(lines)
    plan = make_plan(KB, _incident((62, 154)), _top("xid-61-62-pmu-halt"), ev)
    assert plan.runbook is not None and plan.runbook.id == "drain-and-reset-gpu"  # catalog 62


def test_catalog_brings_a_survives_reboot_card_down_to_reset_without_recurrence() -> None:
    # the card goes straight to power-cycle + RMA; Xid 119's bucket is RESET_GPU and nothing
    # shows the fault came back
    ev = _log_evidence(
        ["[   10.000000] NVRM: Xid (PCI:0000:3b:00): 119, pid=1, name=x, Timeout after 45s"]
    )
    plan = make_plan(KB, _incident((119,)), _top("gpu-fault-survives-reboot"), ev)
    assert plan.runbook is not None and plan.runbook.action_class == "reset_gpu"
    # with a recurrence finding the card's heavier class stands
    top = [Hypothesis(card_id="gpu-fault-survives-reboot", title="t", score=1.0,
                      supporting=("recent_reboot",))]  # fmt: skip
    kept = make_plan(KB, _incident((119,)), top, ev)
    assert kept.runbook is not None and kept.runbook.action_class == "power_cycle_rma"


@pytest.mark.parametrize(
    ("earlier", "action_class"),
    [(0, "reset_gpu"), (1, "reboot"), (2, "hardware_ticket"), (5, "hardware_ticket")],
)
def test_recurrence_on_the_same_gpu_raises_the_plan(earlier: int, action_class: str) -> None:
    ev = [*_log_evidence([XID62]), *_history(earlier)]
    plan = make_plan(KB, _incident((62,)), _top("xid-61-62-pmu-halt"), ev)
    assert plan.runbook is not None and plan.runbook.action_class == action_class
    if earlier:
        assert any(f"{earlier} earlier GPU-fault incident(s)" in n for n in plan.notes)


def test_earlier_incidents_of_other_families_or_gpus_do_not_escalate() -> None:
    items = [
        {"root_entity": GPU, "family": "thermal", "opened_at": T0 - 86400, "title": "hot"},
        {"root_entity": "n1/gpu4", "family": "device", "opened_at": T0 - 86400, "title": "x"},
    ]
    call = ToolCall(tool="incidents.history", args={"entities": [GPU, "n1"], "end": T0 + 60})
    hist = evidence_from_results("workload", [call], [ToolResult.success(items)])
    plan = make_plan(
        KB, _incident((62,)), _top("xid-61-62-pmu-halt"), [*_log_evidence([XID62]), *hist]
    )
    assert plan.runbook is not None and plan.runbook.action_class == "reset_gpu"


# --------------------------------------------------------------------------- kb validate
def test_every_bundled_runbook_action_is_sourced() -> None:
    assert unsourced_actions(KB) == []


def _copy_kb(tmp_path: Path) -> tuple[Path, Path]:
    cards, runbooks = tmp_path / "cards", tmp_path / "runbooks"
    shutil.copytree(CARDS_DIR, cards)
    shutil.copytree(RUNBOOKS_DIR, runbooks)
    return cards, runbooks


@pytest.mark.parametrize("replacement", ["", 'action_source: "ours"\n'])
def test_kb_validate_refuses_an_unsourced_action(tmp_path: Path, replacement: str) -> None:
    cards, runbooks = _copy_kb(tmp_path)
    path = runbooks / "drain-and-reset-gpu.yaml"
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(replacement if ln.startswith("action_source:") else ln for ln in lines))
    kb = KnowledgeBase.load(cards, runbooks)
    errors = unsourced_actions(kb)
    assert len(errors) == 1 and "drain-and-reset-gpu" in errors[0] and "unsourced" in errors[0]
    out = io.StringIO()
    args = argparse.Namespace(cards=str(cards), runbooks=str(runbooks), json=False)
    assert cmd_validate(args, out) == 1
    assert "drain-and-reset-gpu: action class reset_gpu is unsourced" in out.getvalue()


def test_xids_and_recovery_actions_of_another_gpu_do_not_steer_the_plan() -> None:
    facts = {
        "events": 2,
        "xid_79": 1,
        "xid_79_gpus": "n1/gpu5",
        "xid154_recovery_action": "Node Reboot Required",
        "xid154_recovery_action_gpu": "n1/gpu5",
    }
    other = Evidence(
        evidence_id="e1", layer="driver", tool="kernel_log.search", entity="n1", summary="log",
        facts=facts,
    )  # fmt: skip
    plan = make_plan(KB, _incident(()), _top("xid-61-62-pmu-halt"), [other])
    assert plan.runbook is not None and plan.runbook.id == "drain-and-reset-gpu"
    assert not plan.notes or all("instead of" not in n for n in plan.notes)
    # the same facts about the incident's own GPU do
    mine = other.model_copy(
        update={"facts": {**facts, "xid_79_gpus": GPU, "xid154_recovery_action_gpu": GPU}}
    )
    plan = make_plan(KB, _incident(()), _top("xid-61-62-pmu-halt"), [mine])
    assert plan.runbook is not None and plan.runbook.id == "drain-and-reboot-node"


def test_the_immediate_bucket_never_undercuts_the_catalogs_own_follow_up() -> None:
    # Xid 64: RESET_GPU now, CONTACT_SUPPORT if it persists; a row-remap failure's RMA stands
    g = from_catalog({64})
    assert g is not None and g.action_class == "reset_gpu" and g.follow_up == "hardware_ticket"
    ev = _log_evidence(["[   10.000000] NVRM: Xid (PCI:0000:3b:00): 64, pid=1, name=x, Ch 0"])
    plan = make_plan(KB, _incident((64,)), _top("row-remap-failure"), ev)
    assert plan.runbook is not None and plan.runbook.action_class == "hardware_ticket"


def test_a_card_acting_on_another_layer_keeps_its_action() -> None:
    # a fleet-wide driver regression shows as Xid 31 on many GPUs; the per-Xid RESTART_APP
    # bucket is blind to that spread and does not replace the driver rollback
    ev = _log_evidence(["[   10.000000] NVRM: Xid (PCI:0000:3b:00): 31, pid=1, name=x, Ch 0"])
    plan = make_plan(KB, _incident((31,)), _top("driver-regression-fleetwide"), ev)
    assert plan.runbook is not None and plan.runbook.action_class == "driver_rollback"


@pytest.mark.parametrize("xid", [13, 31])
def test_an_application_exception_goes_to_its_owner_not_back_into_the_queue(xid: int) -> None:
    # Xid 13 / 31 once: the catalog's workflow is CHECK_APP/CUDA; a requeue of unchanged code
    # fails on the same bad pointer, so the plan tells the owner and requeues nothing
    line = f"[   10.000000] NVRM: Xid (PCI:0000:3b:00): {xid}, pid=1234, name=python, Ch 0"
    own = "xid-13-graphics-exception" if xid == 13 else "xid-31-mmu-fault"
    for card in ("xid-app-fault", own):
        plan = make_plan(KB, _incident((xid,)), _top(card), _log_evidence([line]))
        assert plan.runbook is not None
        chosen = (plan.runbook.id, plan.runbook.action_class)
        assert chosen == ("app-fault-notify-owner", "notify_user")
        assert not any(s.tool == "slurm.requeue_job" for s in plan.steps)
    # a contained ECC error's remedy is the restart itself (RESTART_APP): that plan requeues
    xid94 = "[   10.000000] NVRM: Xid (PCI:0000:3b:00): 94, pid=1, name=x, Contained: SM (0x1)"
    plan = make_plan(KB, _incident((94,)), _top("xid-94-contained-ecc"), _log_evidence([xid94]))
    assert plan.runbook is not None and plan.runbook.action_class == "restart_application"


def test_a_kill_task_failed_drain_is_investigated_before_anything_is_reset() -> None:
    # Slurm drained the node because a step would not die: what it waits on (a filesystem, an
    # epilog, a GPU) decides the fix, so the plan collects evidence and resets nothing
    top = [Hypothesis(card_id="slurm-drain-stuck", title="t", score=1.0,
                      supporting=("slurm_kill_task_failed",))]  # fmt: skip
    plan = make_plan(KB, _incident(()), top, [])
    assert plan.runbook is not None and plan.runbook.id == "collect-hang-evidence"
    assert plan.runbook.action_class == "investigate"
    stale = make_plan(KB, _incident(()), _top("slurm-drain-stuck"), [])
    assert stale.runbook is not None and stale.runbook.id == "stale-state-cleanup"
