"""Chat answers from facts the incident already holds (issue 26): the GPU model, PCI id, UUID
and driver from the fleet topology; the process, pid, peer, pod and user an evidence line
names; whose the jobs are (the scheduler); and, with nothing pending, why nothing was filed —
each cited where it came from."""

from __future__ import annotations

from pathlib import Path

from gpufleet.agents.chat.gather_incident import line_facts
from gpufleet.cli.chat_eval import run_column

# phrasings of our own (never the held-out set's), over recordings the checkout holds
QUESTIONS = """
recordings:
  acer: src/gpufleet/evals/heldout/bumblebee-677-legacy-xid32-31
  k8s: src/gpufleet/evals/heldout/k8s-device-plugin-189-xid69-unhealthy
  h100: src/gpufleet/evals/heldout/gpud-46-xid13-xid109-app
  rack: src/gpufleet/evals/suite/rack-cooling-failure-1
  benign: src/gpufleet/evals/suite/red-herring-xid45-1
  dbe: src/gpufleet/evals/examples/dbe-recorded
questions:
  - id: driver
    recording: acer
    question: "which nvidia kernel module release is loaded there"
    facts: ["352.63", "A10"]
    cite: [{kind: incident}, {kind: evidence}]
  - id: changed
    recording: acer
    question: "was anything upgraded on acer recently, like the driver"
    facts: ["352.63"]
    cite: [{kind: query}]
  - id: model
    recording: k8s
    question: "what kind of cards are in it and what driver"
    facts: ["V100", "440.64"]
    cite: [{kind: evidence}]
  - id: process
    recording: h100
    question: "what program hit the fault, and its process id"
    facts: ["pt_main_thread", "1797828"]
    cite: [{kind: evidence}]
  - id: owner
    recording: dbe
    question: "whose training job got killed by this"
    facts: ["bob", "3001"]
    cite: [{kind: incident}, {kind: query}]
  - id: queue
    recording: rack
    question: "is there anything in my queue to sign off"
    facts: ["none pending", "nothing was filed", "escalated", "nvidia_smi.set_power_limit"]
    cite: [{kind: incident}]
  - id: empty
    recording: benign
    question: "is there anything in my queue to sign off"
    facts: ["none pending", "holds no incident"]
    cite: [{kind: query}]
"""


def test_an_evidence_line_gives_its_process_pid_peer_serial_uuid_and_driver() -> None:
    xid = "NVRM: Xid (PCI:0000:cb:00): 109, pid=1797828, name=pt_main_thread, Ch 00000008"
    assert ("process", "pt_main_thread") in line_facts(xid)
    assert ("pid", "1797828") in line_facts(xid)
    nccl = "NET/IB : Got completion from peer 10.216.210.236<33367> with status=12"
    assert line_facts(nccl) == [("peer IP", "10.216.210.236")]
    board = "NVRM: GPU Board Serial Number: 1652820012345"
    assert line_facts(board) == [("serial", "1652820012345")]
    gpu = "NVRM: GPU at PCI:0000:3b:00: GPU-7540a9b3-1d2e-4f50-8a6b-0c1d2e3f4a5b"
    assert ("UUID", "GPU-7540a9b3-1d2e-4f50-8a6b-0c1d2e3f4a5b") in line_facts(gpu)
    module = "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  352.63  Tue Nov 17 2015"
    assert ("driver", "352.63") in line_facts(module)
    assert line_facts("node-02/gpu5: temperature 71 C, within limits") == []


def test_incident_facts_are_answered_with_valid_citations(tmp_path: Path) -> None:
    qs = tmp_path / "q.yaml"
    qs.write_text(QUESTIONS)
    result = run_column(None, None, None, qs)
    by_id = {s.question.id: s for s in result.scores}
    assert set(by_id) == {"driver", "changed", "model", "process", "owner", "queue", "empty"}
    for name, s in by_id.items():
        text = s.answer.text if s.answer else ""
        assert s.ok, (name, s.missing_facts, s.missing_citations, text)
    assert by_id["changed"].answer is not None and by_id["changed"].answer.intent == "changes"
    assert result.valid_citation_rate == 1.0 and result.invented == 0 and result.executed == 0
    # nothing was requested: the answer cites the plan's incident, never an approval
    queue = by_id["queue"].answer
    assert queue is not None and not any(c.kind == "approval" for c in queue.citations)
