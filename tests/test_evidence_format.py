"""The recorded-incident format's evidence extension: evidence files, the address book, the
change log, truth with several causes / roots / action classes; round trip and backward
compatibility; the loader's problems; the node_evidence.search tool over a loaded incident; and
the scorer's action-class grading against the always-reboot baseline."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from gpufleet.agents.sre.read_tools import read_tools
from gpufleet.evals.format import (
    ChangeRecord,
    EvidenceFile,
    IncidentFormatError,
    dump_spec,
    load_spec,
)
from gpufleet.evals.recorded import load_incident
from gpufleet.evals.scoring import AgentRun, Prediction, score_incident, summarize
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge.actions import ACTION_CLASSES
from gpufleet.knowledge.store import KnowledgeBase

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
CORPUS = ROOT / "tests" / "data" / "evidence_corpus"


def _with_evidence(tmp_path: Path) -> Path:
    """The recorded DBE example plus a job log, nvidia-smi -q and IB counters of node-03."""
    folder = tmp_path / "inc"
    shutil.copytree(EXAMPLE, folder)
    spec = load_spec(folder)
    node = spec.truth.faults[0].root_entity.split("/", 1)[0]
    (folder / "jobs").mkdir()
    (folder / "jobs" / "4242.log").write_text(
        f"{node}:1:2 [2] NCCL WARN NET/IB : Got completion from peer 10.1.0.6<7> with status=12 "
        "opcode=0 len=0 vendor err 129 (Recv)\n"
        "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
        f"{node}:1:2 [2] NCCL WARN Proxy : unexpected state 9 in progress op\n"
    )
    (folder / "nodes" / node).mkdir(parents=True)
    shutil.copy(CORPUS / "smi-h100-recovery.txt", folder / "nodes" / node / "nvidia-smi-q.txt")
    shutil.copy(CORPUS / "ib-perfquery.txt", folder / "late-ib.txt")
    spec = spec.model_copy(
        update={
            "addresses": {"node-01": ["10.1.0.6"]},
            "changes": [
                ChangeRecord(
                    time=spec.time_range.start + 60, node=node, kind="driver", detail="570 -> 575"
                )
            ],
            "evidence": [
                EvidenceFile(
                    path="late-ib.txt",
                    kind="ib_counters",
                    node=node,
                    origin="tests/data/evidence_corpus/ib-perfquery.txt",
                    collected_at=spec.time_range.end + 3600,
                )
            ],
        }
    )
    dump_spec(spec, folder)
    return folder


def test_round_trip_keeps_every_new_field(tmp_path: Path) -> None:
    folder = _with_evidence(tmp_path)
    spec = load_spec(folder)
    fault = spec.truth.faults[0].model_copy(
        update={
            "acceptable_causes": ["xid-48-dbe"],
            "root_entities": ["node-03"],
            "action_classes": ["reset_gpu", "hardware_ticket"],
        }
    )
    spec = spec.model_copy(update={"truth": spec.truth.model_copy(update={"faults": [fault]})})
    dump_spec(spec, tmp_path / "again")
    assert load_spec(tmp_path / "again") == spec
    assert spec.truth.faults[0].causes == ("ecc-dbe", "xid-48-dbe")


def test_older_incidents_load_unchanged() -> None:
    """A file written before the extension has none of the new keys and still loads."""
    text = (EXAMPLE / "incident.yaml").read_text()
    for key in ("addresses", "evidence", "changes", "action_classes", "acceptable_causes"):
        assert f"{key}:" not in text
    spec = load_spec(EXAMPLE)
    assert spec.evidence == [] and spec.addresses == {}
    assert spec.truth.faults[0].action_classes == []


@pytest.mark.parametrize(
    ("mutate", "expect"),
    [
        (lambda d: d.update(evidence=[{"path": "../x.log", "kind": "job_log"}]), "inside"),
        (lambda d: d.update(evidence=[{"path": "x.log", "kind": "syslog"}]), "evidence.0.kind"),
        (
            lambda d: d["truth"]["faults"][0].update(action_classes=["pray"]),
            "unknown action class",
        ),
    ],
)
def test_bad_evidence_blocks_are_named(tmp_path: Path, mutate: object, expect: str) -> None:
    folder = tmp_path / "inc"
    shutil.copytree(EXAMPLE, folder)
    data = yaml.safe_load((folder / "incident.yaml").read_text())
    mutate(data)  # type: ignore[operator]
    (folder / "incident.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(IncidentFormatError, match=expect):
        load_spec(folder)


def test_loader_parses_attributes_and_reports(tmp_path: Path) -> None:
    inc = load_incident(_with_evidence(tmp_path), tmp_path / "cache")
    sigs = [i.signature for i in inc.evidence.items]
    rdma = next(s for s in sigs if s.kind == "nccl_ib_completion_error")
    assert rdma.peer == "node-01" and rdma.source == "job_log"
    assert {s.kind for s in sigs} >= {"smi_recovery_action", "cuda_uncorrectable_ecc", "ib_port"}
    # GPU text no rule understood is a problem line, never dropped
    assert any("1 GPU-related line(s) no job_log rule understands" in p for p in inc.problems)
    assert any("unexpected state 9 in progress op" in p for p in inc.problems)


def test_search_tool_sees_evidence_as_of_the_replay_time(tmp_path: Path) -> None:
    inc = load_incident(_with_evidence(tmp_path), tmp_path / "cache")
    fleet = inc.replay_fleet()
    ticks = list(inc.iter_ticks())
    reg = ToolRegistry(read_tools(fleet))
    node = inc.spec.truth.faults[0].root_entity.split("/", 1)[0]
    # the IB file was collected an hour after the recording's end: replayed as collected at its
    # last sample, it is hidden before that sample and read from it on
    for tick in ticks[:-1]:
        fleet.observe(tick)
    early = reg.call("node_evidence.search", {"nodes": [node]})
    assert {i["source"] for i in early.data["items"]} == {"job_log", "nvidia_smi_q"}
    fleet.observe(ticks[-1])
    res = reg.call("node_evidence.search", {"nodes": [node]})
    assert res.status == "ok"
    sources = {i["source"] for i in res.data["items"]}
    assert sources == {"job_log", "nvidia_smi_q", "ib_counters"}
    assert any("after the recording's last sample" in p for p in inc.problems)
    assert res.data["unparsed"] >= 1
    by_peer = reg.call("node_evidence.search", {"nodes": ["node-01"], "sources": ["job_log"]})
    assert [i["kind"] for i in by_peer.data["items"]] == ["nccl_ib_completion_error"]
    assert reg.call("node_evidence.search", {"sources": ["syslog"]}).status == "error"
    changes = fleet.changes.recent([node], inc.spec.time_range.start, inc.spec.time_range.end)
    assert [c["kind"] for c in changes] == ["driver"]


def _fault(tmp_path: Path, **update: object):  # type: ignore[no-untyped-def]
    spec = load_spec(EXAMPLE)
    return spec.truth.faults[0].model_copy(update=update)


def test_action_class_is_graded_against_always_reboot(tmp_path: Path) -> None:
    fault = _fault(
        tmp_path,
        action_classes=["hardware_ticket"],
        acceptable_causes=["xid-48-dbe"],
        root_entities=["node-03"],
    )

    def run(cls: str | None, cause: str, root: str) -> AgentRun:
        pred = Prediction(
            root_entity=root,
            scope="node",
            family="memory",
            opened_at=fault.onset + 30,
            root_causes=(cause, "ecc-dbe"),
            action_class=cls,
        )
        return AgentRun([pred], 1, 0.0)

    def score(r: AgentRun):  # type: ignore[no-untyped-def]
        return score_incident(
            "x", "fault", [fault], r, interval_s=15, gpu_days=1, locate=lambda e: (None, None)
        )

    right = score(run("hardware_ticket", "xid-48-dbe", "node-03"))
    o = right.outcomes[0]
    assert o.detected and o.top1 and o.action_class_ok and o.reboot_ok is False
    wrong = score(run("reboot", "fan-failure", "node-03"))
    assert wrong.outcomes[0].action_class_ok is False and wrong.outcomes[0].top1 is False
    missed = score(run("hardware_ticket", "ecc-dbe", "node-06"))
    assert not missed.outcomes[0].detected and missed.outcomes[0].action_class_ok is False
    s = summarize("sre", [right, wrong, missed])
    assert s.action_class_faults == 3
    assert s.action_class_accuracy == pytest.approx(1 / 3)
    assert s.always_reboot_accuracy == 0.0


def test_every_runbook_names_an_action_class() -> None:
    kb = KnowledgeBase.load()
    assert all(rb.action_class in ACTION_CLASSES for rb in kb.runbooks.values())
    # the action classes issue 13 asks for are each some runbook's
    have = {rb.action_class for rb in kb.runbooks.values()}
    assert have >= {
        "hardware_ticket",
        "reset_gpu_when_convenient",
        "driver_rollback",
        "power_cycle_rma",
        "restart_application",
        "restart_service",
        "fabric_nic",
        "reboot",
    }
