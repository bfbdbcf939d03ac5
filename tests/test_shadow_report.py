"""The shadow report's pure parts: operator actions read from Kubernetes events and tickets
(bad input named by file and line), and the comparison's agreements and disagreements."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpufleet.graph.executors.slurm import parse_nodes
from gpufleet.graph.shadow.compare import compare
from gpufleet.graph.shadow.ledger import ShadowLedger
from gpufleet.graph.shadow.observe import (
    KubectlEventsFile,
    NodeEventSource,
    ShadowInputError,
    k8s_node_actions,
    slurm_sightings,
    ticket_actions,
)
from gpufleet.graph.shadow.records import OperatorAction, ProposedAction
from tests.test_slurm_executor import NODE_GPUFLEET_DRAINING, NODE_HUMAN_DRAINED

T0 = 1_780_000_000.0


def proposal(
    node: str, tool: str = "slurm.drain_node", at: float = T0, **kw: object
) -> ProposedAction:
    doc: dict[str, object] = {
        "at": at,
        "incident_id": f"inc-{node}",
        "tool": tool,
        "risk": "mutate",
        "node": node,
        "action_class": "hardware_ticket",
        "evidence": (f"E01 DBE on {node}",),
    }
    return ProposedAction.model_validate(doc | kw)


def k8s_event(node: str, reason: str, when: str, uid: str) -> dict[str, object]:
    return {
        "kind": "Event",
        "metadata": {"uid": uid, "name": f"{node}.1"},
        "involvedObject": {"kind": "Node", "name": node},
        "reason": reason,
        "message": f"Node {node} status is now: {reason}",
        "source": {"component": "kubelet"},
        "lastTimestamp": when,
    }


EVENTS = {
    "kind": "List",
    "items": [
        k8s_event("gpu-a", "NodeNotSchedulable", "2026-05-28T20:26:40Z", "u1"),
        k8s_event("gpu-a", "NodeSchedulable", "2026-05-28T22:26:40Z", "u2"),
        {**k8s_event("gpu-b", "Pulled", "2026-05-28T20:00:00Z", "u3")},
        {
            **k8s_event("gpu-b", "NodeNotSchedulable", "2026-05-28T20:00:00Z", "u4"),
            "involvedObject": {"kind": "Pod", "name": "p"},
        },
    ],
}


def test_kubectl_events_become_cordon_and_uncordon(tmp_path: Path) -> None:
    path = tmp_path / "events.json"
    path.write_text(json.dumps(EVENTS))
    source: NodeEventSource = KubectlEventsFile(path)
    actions = source.node_actions(0.0)
    assert [(a.kind, a.node, a.action_class, a.by) for a in actions] == [
        ("cordon", "gpu-a", "isolate_node", "kubelet"),
        ("uncordon", "gpu-a", "return_to_service", "kubelet"),
    ]
    assert actions[0].at == 1_780_000_000.0 and actions[0].ref == "u1"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{", "events: not JSON (line 1"),
        ('{"items": 3}', "expected a List with items"),
        ('{"items": [5]}', "events: items[0]: expected an object"),
        (
            json.dumps({"items": [k8s_event("n", "NodeNotSchedulable", "yesterday", "u")]}),
            "events: items[0]: time: 'yesterday' is not an ISO 8601 time",
        ),
    ],
)
def test_bad_kubectl_events_are_named(text: str, message: str) -> None:
    with pytest.raises(ShadowInputError) as info:
        k8s_node_actions(text, "events")
    assert message in str(info.value)


def test_tickets_jsonl() -> None:
    text = (
        '{"id": "T-1", "node": "node-02", "opened_at": 1780000300, "by": "bob", '
        '"summary": "DBE, RMA GPU 5"}\n\n'
        '{"id": "T-2", "node": "node-03", "opened_at": "2026-05-28T20:30:00Z", '
        '"action_class": "notify_user"}\n'
    )
    one, two = ticket_actions(text, "t.jsonl")
    assert (one.node, one.at, one.action_class, one.effect) == (
        "node-02",
        1_780_000_300.0,
        "hardware_ticket",
        "take_out",
    )
    assert two.action_class == "notify_user" and two.effect == "keep"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("nope", "t.jsonl:1: not JSON"),
        ('{"id": "T", "node": "n"}', "t.jsonl:1: missing opened_at"),
        (
            '{"id": "T", "node": "n", "opened_at": 1, "action_class": "pray"}',
            "unknown action_class",
        ),
    ],
)
def test_bad_tickets_are_named(line: str, message: str) -> None:
    with pytest.raises(ShadowInputError, match=message):
        ticket_actions(line, "t.jsonl")


def test_slurm_sightings_skip_gpufleets_own_drains_and_see_resumes() -> None:
    human, ours = parse_nodes(NODE_HUMAN_DRAINED + "\n" + NODE_GPUFLEET_DRAINING)
    seen = slurm_sightings([human, ours], {}, T0)
    [drain] = seen.actions
    assert (drain.node, drain.kind, drain.by) == ("node-02", "drain", "root")
    assert drain.reason == "ops alice: bad PSU, ticket 42"
    resumed = human.model_copy(update={"drained": False})
    later = slurm_sightings([resumed, ours], seen.drained, T0 + 60)
    assert [(a.kind, a.node, a.at) for a in later.actions] == [("resume", "node-02", T0 + 60)]
    assert later.drained == {}


def _op(node: str, at: float, kind: str = "drain", reason: str = "ops: DBE") -> OperatorAction:
    return OperatorAction.model_validate(
        {
            "source": "slurm",
            "kind": kind,
            "node": node,
            "at": at,
            "reason": reason,
            "action_class": "return_to_service" if kind == "resume" else "isolate_node",
            "ref": f"{node}:{kind}:{at}",
        }
    )


def test_compare_agreement_lead_and_every_disagreement() -> None:
    proposals = [
        proposal("n1"),
        proposal("n1", tool="node.reboot", at=T0 + 5),  # same decision, judged once
        proposal("n2", tool="nvidia_smi.reset_gpu"),  # same time as the drain below
        proposal("n2"),
        proposal("n3"),
        proposal("n4", tool="notify.user"),  # changes no node: not compared
        proposal("n2", tool="ticket.open", at=T0 + 1),  # the same decision as n2's drain
    ]
    ops = [_op("n1", T0 + 900), _op("n3", T0 + 60, kind="resume"), _op("n5", T0 + 10)]
    report = compare(proposals, ops, since=T0 - 1, until=T0 + 3600)
    [agree] = report.agreements
    assert (agree.node, agree.lead_s, agree.same_class) == ("n1", 900.0, False)
    kinds = sorted((d.kind, d.node) for d in report.disagreements)
    assert kinds == [
        ("different_action", "n3"),
        ("gpufleet_only", "n2"),
        ("operator_only", "n5"),
    ]
    only = next(d for d in report.disagreements if d.kind == "gpufleet_only")
    assert only.proposed is not None and only.proposed.tool == "slurm.drain_node"
    differ = next(d for d in report.disagreements if d.kind == "different_action")
    assert differ.evidence == ("E01 DBE on n3", "operator: ops: DBE")
    assert report.agreement_rate == 0.25 and report.median_lead_s == 900.0


def test_operator_far_from_the_proposal_does_not_match() -> None:
    report = compare([proposal("n1")], [_op("n1", T0 + 3 * 86400)], since=0, until=T0 * 2)
    assert report.agreements == ()
    assert sorted(d.kind for d in report.disagreements) == ["gpufleet_only", "operator_only"]


def test_ledger_keeps_each_sighting_once(tmp_path: Path) -> None:
    ledger = ShadowLedger(tmp_path / "shadow.db")
    try:
        assert ledger.observe(_op("n1", T0)) and not ledger.observe(_op("n1", T0))
        assert ledger.record(proposal("n1")) and not ledger.record(proposal("n1"))
        assert len(ledger.operator_actions(0, T0 + 1)) == 1
        assert ledger.operator_actions(T0 + 1, T0 + 2) == []
    finally:
        ledger.close()
