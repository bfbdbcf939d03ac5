"""Chat answers read from what the incident's evidence and state really hold (issue 26):
identifiers inside node and job text (a device plugin's GPU UUID, an NCCL WARN line's host,
pid and CUDA device, nvidia-smi's remap counters, an image version, exit codes), the nodes
that share a rack and how they are, what waits for a person beside a pending request, the
incident's own diagnosis under an Xid question, log lines with no timestamp of their own, and
hosts named in the fleet's own naming — each cited where it came from."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpufleet.agents.chat.gather_text import text_ids
from gpufleet.agents.chat.intents import parse_question
from gpufleet.cli.chat_eval import run_column
from gpufleet.evals.chat_eval import ChatEvalResult
from gpufleet.telemetry.job_log import parse_job_log

# phrasings of our own (never the held-out set's), over recordings the checkout holds
QUESTIONS = """
recordings:
  plugin: src/gpufleet/evals/heldout/k8s-device-plugin-189-xid69-unhealthy
  nvls: src/gpufleet/evals/heldout/nccl-1488-nvls-after-fm-restart
  ib: src/gpufleet/evals/heldout/nccl-1405-ib-completion-status12
  remap: src/gpufleet/evals/heldout/gpud-80-row-remap-pending-smi-q
  operator: src/gpufleet/evals/heldout/gpu-operator-898-nvml-mismatch
  nvl5: src/gpufleet/evals/heldout/ogkm-1150-nvlink5-xid149-145
  pasted: src/gpufleet/evals/heldout/dcgm-exporter-348-fallen-off-bus-k8s
  healthy: src/gpufleet/evals/heldout/hami-1422-smi-q-575-deprecated-reset
  dbe: src/gpufleet/evals/examples/dbe-recorded
  rack: src/gpufleet/evals/suite/rack-cooling-failure-1
  app: src/gpufleet/evals/heldout/gpud-46-xid13-xid109-app
questions:
  - id: uuid
    recording: plugin
    question: "give me the uuid of the card the plugin pulled and the time it did so"
    facts: ["GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8", "19:09:42", "Xid 69"]
    cite: [{kind: evidence}, {kind: query}]
  - id: nccl-origin
    recording: nvls
    question: "which host, process id and cuda device printed that nccl warning"
    facts: ["host node23", "pid 12098", "CUDA device [2]"]
    cite: [{kind: evidence}, {kind: query}]
  - id: count
    recording: ib
    question: "tally the RDMA completion failures in the job output"
    facts: ["nccl_ib_completion_error came 3 times", "CUDA device [4]"]
    cite: [{kind: query}]
  - id: smi
    recording: remap
    question: "read me the row remapper counters from the smi dump"
    facts: ["remapped rows, uncorrectable: 4", "row remapping pending: Yes"]
    cite: [{kind: query}]
  - id: image
    recording: operator
    question: "what tag of the validator container image is deployed"
    facts: ["gpu-operator-validator:v24.3.0"]
    cite: [{kind: query}]
  - id: exit
    recording: operator
    question: "which container of the pod keeps dying and with what exit status"
    facts: ["container toolkit-validation", "exit code 128", "reason StartError"]
    cite: [{kind: evidence}, {kind: query}]
  - id: rack-peers
    recording: dbe
    question: "what else shares a rack with node-01 and how is it doing"
    facts: ["rack rack-1", "Neighbour node-02", "inc-"]
    cite: [{kind: incident}, {kind: query}]
  - id: around
    recording: dbe
    question: "plot the power draw of node-02 gpu5 near 09:20"
    facts: ["node-02/gpu5 over 2026-04-11 09:05 to 09:35 UTC", "began to fall"]
    cite: [{kind: query}]
  - id: rack-members
    recording: rack
    question: "list the machines in the affected rack"
    facts: ["node-01", "node-02", "node-03"]
    cite: [{kind: query}]
  - id: sign-off
    recording: remap
    question: "do I have to sign anything off for a100-node"
    facts: ["pending", "reset the GPU"]
    cite: [{kind: approval}, {kind: incident}]
  - id: own-diagnosis
    recording: nvl5
    question: "the catalog wants a fabric manager restart on xid 45, why is that not the plan here"
    facts: ["xid-144-150-nvlink5-errors"]
    cite: [{kind: card, id: xid-144-150-nvlink5-errors}, {kind: xid, id: "45"}]
  - id: change-cause
    recording: operator
    question: "did a recent driver update trigger this"
    facts: ["driver-cuda-mismatch, score", "Other causes considered"]
    cite: [{kind: card, id: driver-cuda-mismatch}, {kind: incident}]
  - id: untimed
    recording: pasted
    question: "when exactly did the card drop off the bus"
    facts: ["no timestamp of their own", "at or before"]
    cite: [{kind: query}]
  - id: fleet-host
    recording: healthy
    question: "gpu temperatures on a100-mig for the last hour"
    facts: ["a100-mig/gpu0", "max 46.0"]
    cite: [{kind: query}]
  - id: first-action
    recording: app
    question: "what is the first thing to do about this"
    facts: ["NVIDIA's first action: RESTART_APP (restart the application)"]
    cite: [{kind: xid, id: "13"}]
"""


@pytest.fixture(scope="module")
def answered(tmp_path_factory: pytest.TempPathFactory) -> ChatEvalResult:
    qs = tmp_path_factory.mktemp("q") / "q.yaml"
    qs.write_text(QUESTIONS)
    return run_column(None, None, None, Path(qs))


@pytest.mark.parametrize(
    "qid",
    [
        "uuid",
        "nccl-origin",
        "count",
        "smi",
        "image",
        "exit",
        "rack-peers",
        "around",
        "rack-members",
        "sign-off",
        "own-diagnosis",
        "change-cause",
        "untimed",
        "fleet-host",
        "first-action",
    ],
)
def test_each_fact_is_read_from_the_state_and_cited(answered: ChatEvalResult, qid: str) -> None:
    s = next(x for x in answered.scores if x.question.id == qid)
    text = s.answer.text if s.answer else ""
    assert s.ok, (s.missing_facts, s.missing_citations, s.invalid_citations, text)


def test_no_citation_is_invented_and_nothing_runs(answered: ChatEvalResult) -> None:
    assert answered.valid_citation_rate == 1.0 and answered.invented == 0
    assert answered.executed == 0


def test_a_line_names_its_host_pid_device_uuid_image_exit_code_and_signal() -> None:
    nccl = "node23:12098:12141 [2] transport/nvls.cc:244 NCCL WARN Cuda failure 1 'invalid arg'"
    assert text_ids(nccl) == [("host", "node23"), ("pid", "12098"), ("CUDA device", "[2]")]
    plugin = (
        "XidCriticalError: Xid=48 on Device=GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8, unhealthy"
    )
    assert ("Xid", "48") in text_ids(plugin)
    assert ("UUID", "GPU-7540a9b3-eeb9-1214-1526-f93c9ea826a8") in text_ids(plugin)
    image = "    Image:   nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0"
    assert text_ids(image) == [
        ("image", "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0")
    ]
    assert text_ids("      Exit Code:    128") == [("exit code", "128")]
    killed = "worker exited with code 137 (SIGKILL) in pod=trainer-0"
    assert text_ids(killed) == [("exit code", "137"), ("signal", "SIGKILL"), ("pod", "trainer-0")]
    assert text_ids("node-02/gpu5: temperature 71 C, within limits") == []


def test_every_xid_of_a_run_is_named_and_another_hosts_name_is_not_a_node() -> None:
    assert parse_question("xid 94 vs 95, which is worse").xids == (94, 95)
    assert parse_question("we saw xids 48/63 and Xid 64").xids == (48, 63, 64)
    assert parse_question("xid 63 15s later").xids == (63,)
    gb = parse_question("is gb-node-07 gpu4 still bad")
    assert gb.nodes == () and gb.gpus == ()
    assert parse_question("node-07 gpu4").gpus == ("node-07/gpu4",)


DESCRIBE = """\
  toolkit-validation:
    Container ID:  containerd://a71fc759f7a8
    Image:         nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0
    State:       Waiting
      Reason:    CrashLoopBackOff
    Last State:  Terminated
      Reason:    StartError
      Exit Code:    128
"""


def test_kubectl_describe_says_which_container_failed_how_and_on_which_image() -> None:
    sigs = parse_job_log(DESCRIBE, origin="pod.txt").signatures
    assert [s.kind for s in sigs] == ["container_status"] * 4
    assert {k: v for s in sigs for k, v in s.detail.items() if k != "reason"} == {
        "container": "toolkit-validation",
        "image": "nvcr.io/nvidia/cloud-native/gpu-operator-validator:v24.3.0",
        "exit_code": "128",
    }
    assert [s.detail["reason"] for s in sigs if "reason" in s.detail] == [
        "CrashLoopBackOff",
        "StartError",
    ]
    # a job's own "name:" lines and "Reason:" lines outside a container block say nothing
    plain = "  epoch:\n  Reason: checkpoint saved\n  Exit Code: 0\n"
    assert parse_job_log(plain, origin="job.log").signatures == []
