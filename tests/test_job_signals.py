"""Faults only a job's or pod's output reports open an incident: the CUDA runtime's
uncorrectable ECC error, the device plugin marking a GPU unhealthy, the container runtime's NVML
mismatch, NCCL's IB work-completion errors and NVLink SHARP set-up failures. Application faults
stay evidence. Lines are in the layouts the tools print (sources in telemetry/job_log.py)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.log_rules import JOB_SIGNAL_RULES, LogRules
from gpufleet.bus.events import Family, Severity
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES, job_signal_events
from gpufleet.telemetry.log_feed import JobLogFeed
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.test_log_wiring import EXAMPLE, _replay

T = 1_700_000_000.0
LINES = {
    # PyTorch surfacing the CUDA runtime's cudaErrorECCUncorrectable
    "cuda_uncorrectable_ecc": "RuntimeError: CUDA error: uncorrectable ECC error encountered",
    # k8s-device-plugin v0.12+ (internal/rm/health.go)
    "device_plugin_unhealthy": "I0810 15:36:05.551834       1 health.go:169] XidCriticalError: "
    "Xid=48 on Device=GPU-00010000-0000-4000-8000-000000000042; marking device as unhealthy.",
    # nvidia-container-cli's error as kubectl describe pod prints it
    "gpu_runtime_failed": "nvidia-container-cli: initialization error: nvml error: "
    "driver/library version mismatch: unknown",
    # NCCL >= 2.19 net_ib.cc
    "nccl_ib_completion_error": "node-02:2451:2647 [3] NCCL WARN NET/IB : Got completion from "
    "peer 10.0.0.7<48590> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid "
    "::ffff:10.0.0.2 remoteGids::ffff:10.0.0.7",
}


@pytest.fixture
def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2)])


def test_every_fleet_signature_has_a_rule() -> None:
    assert set(JOB_SIGNAL_RULES) == FLEET_SIGNATURES


def _anomalies(topo: Topology, text: str, node: str = "node-02") -> list[str]:
    sigs = parse_job_log(text, origin="jobs/7.log", node=node, nodes=topo.node_keys)
    events = job_signal_events([(s, "7") for s in sigs.signatures], topo, T).events
    out = LogRules(topo).evaluate(T, events, np.full(topo.n_gpus, -1), [])
    return [f"{a.symptom}@{a.entity}:{a.severity.name}:{a.family}" for a in out]


def test_fleet_faults_in_a_job_log_are_anomalies_on_their_node_or_gpu(topo: Topology) -> None:
    uuid = topo.gpu_uuid[topo.gpu_pos["node-01/gpu2"]]
    plugin = LINES["device_plugin_unhealthy"].replace(
        "GPU-00010000-0000-4000-8000-000000000042", uuid
    )
    assert _anomalies(topo, LINES["cuda_uncorrectable_ecc"]) == [
        f"job_uncorrectable_ecc@node-02:CRITICAL:{Family.MEMORY}"
    ]
    # the plugin names the GPU by UUID: that GPU, whatever node the log was read on
    assert _anomalies(topo, plugin, node="node-01") == [
        f"device_plugin_unhealthy@node-01/gpu2:CRITICAL:{Family.DEVICE}"
    ]
    assert _anomalies(topo, LINES["gpu_runtime_failed"]) == [
        f"gpu_runtime_failed@node-02:CRITICAL:{Family.HOST}"
    ]
    # the host in NCCL's prefix names the node; one anomaly for repeated lines in a window
    ib = "\n".join([LINES["nccl_ib_completion_error"]] * 3)
    assert _anomalies(topo, ib, node="") == [
        f"job_ib_completion_error@node-02:WARNING:{Family.INTERCONNECT}"
    ]


def test_application_faults_and_unplaced_lines_open_nothing(topo: Topology) -> None:
    """A job's own bug opens nothing; a collective the watchdog timed out is a warning on the
    node (a pasted log is often the only sign of the hang)."""
    app = "RuntimeError: CUDA error: an illegal memory access was encountered"
    assert _anomalies(topo, app) == []
    hang = (
        "[Rank 4] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=610, "
        "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600086 "
        "milliseconds before timing out."
    )
    assert _anomalies(topo, hang) == ["nccl_watchdog_timeout@node-02:WARNING:utilization"]
    sigs = parse_job_log(LINES["cuda_uncorrectable_ecc"], origin="jobs/7.log")
    found = job_signal_events([(s, "7") for s in sigs.signatures], topo, T)
    assert found.events == [] and found.unplaced == 1  # two nodes, no host: not guessed


def test_stack_errors_a_job_cannot_cause_open_an_incident_and_a_relayed_cuda_error_is_itself(
    topo: Topology,
) -> None:
    """NCCL relaying "Cuda failure 802 'system not yet initialized'" is CUDA's own
    cudaErrorSystemNotReady (Fabric Manager on an NVSwitch system), not an NCCL problem; its
    bare "unhandled cuda error" / "unhandled system error", cuInit's "unknown error" and a GPU
    pod Pending for want of nvidia.com/gpu are the stack's failures, each a warning on the node.
    A relayed application error (illegal address) still opens nothing."""
    relayed = (
        "[rank0]: ncclUnhandledCudaError: Call to CUDA function failed.\n"
        "[rank0]: Last error:\n"
        "[rank0]: Cuda failure 802 'system not yet initialized'"
    )
    assert sorted(_anomalies(topo, relayed)) == [
        f"cuda_system_not_ready@node-02:CRITICAL:{Family.INTERCONNECT}",
        f"nccl_cuda_call_failed@node-02:WARNING:{Family.HOST}",
    ]
    assert _anomalies(topo, "Test NCCL failure common.cu:874 'unhandled system error'") == [
        f"nccl_system_error@node-02:WARNING:{Family.HOST}"
    ]
    # no interface to bootstrap on (NCCL_SOCKET_IFNAME names none the host has): the same set-up
    for bootstrap in (
        "gpu-7:311:311 [0] NCCL WARN Bootstrap : no socket interface found",
        "NCCL WARN NET/Socket : No usable listening interface found",
    ):
        assert _anomalies(topo, bootstrap) == [f"nccl_system_error@node-02:WARNING:{Family.HOST}"]
    cuinit = "cuInit returned CUDA_ERROR_UNKNOWN (999) on this node"
    assert _anomalies(topo, cuinit) == [f"cuda_unknown_error@node-02:WARNING:{Family.DEVICE}"]
    pending = (
        "Warning  FailedScheduling  2s (x57 over 15m)  default-scheduler  0/6 nodes are "
        "available: 6 Insufficient nvidia.com/gpu."
    )
    assert _anomalies(topo, pending) == [f"k8s_gpu_insufficient@node-02:WARNING:{Family.HOST}"]
    app = "h100-17:2871:3020 [5] NCCL WARN Cuda failure 'an illegal memory access was encountered'"
    assert _anomalies(topo, app, node="node-01") == []


def test_a_recorded_incident_whose_only_evidence_is_a_job_log_is_detected(
    tmp_path: Path,
) -> None:
    from gpufleet.evals.recorded import load_incident

    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    (dst / "logs.txt").unlink(missing_ok=True)
    (dst / "jobs").mkdir(exist_ok=True)
    line = LINES["nccl_ib_completion_error"].replace("node-02:", "node-01:")
    (dst / "jobs" / "4242.log").write_text(f"{line}\n")
    li = load_incident(dst, tmp_path / "cache")
    [event] = [e for t in li.iter_ticks() for e in t.events if e.kind == "job_signature"]
    assert (event.node, event.job_id, event.attrs["time"]) == ("node-01", "4242", "inferred")
    opened = [i for i in _replay(li) if i.root_entity == "node-01"]
    assert [sorted(i.symptoms) for i in opened] == [["job_ib_completion_error"]]
    assert opened[0].severity >= Severity.WARNING
    # the incident names the job whose output reported it: its owner is who to reach, and a
    # job-scoped fault is found by its job
    assert opened[0].jobs == ("4242",)


def test_a_watchdog_timeout_wrapped_over_lines_is_still_the_timeout(topo: Topology) -> None:
    # a pasted log wraps the sentence: the WorkNCCL(...) part lands on the next line
    wrapped = (
        "[rank1]:[E ... ProcessGroupNCCL.cpp:689] [Rank 1] Watchdog caught collective operation"
        " timeout:\nWorkNCCL(SeqNum=34036, OpType=ALLGATHER, NumelIn=8, NumelOut=64, "
        "Timeout(ms)=5400000)\nran for 5400073 milliseconds before timing out."
    )
    assert _anomalies(topo, wrapped) == ["nccl_watchdog_timeout@node-02:WARNING:utilization"]


def test_the_watchdogs_teardown_sentence_alone_is_the_timeout(topo: Topology) -> None:
    # ProcessGroupNCCL's second sentence as it takes the process down, often the only line a
    # report quotes (the first in a screenshot)
    teardown = (
        "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the "
        "asynchronous nature of CUDA kernels, subsequent GPU operations might run on "
        "corrupted/incomplete data."
    )
    assert _anomalies(topo, teardown) == ["nccl_watchdog_timeout@node-02:WARNING:utilization"]
    assert _anomalies(topo, "Some NCCL operations are slow on this cluster") == []


def test_the_kernel_oom_killer_is_a_host_memory_anomaly(topo: Topology) -> None:
    from gpufleet.telemetry.kernel_log import parse_lines

    lines = [
        "[2612362.231458] python invoked oom-killer: gfp_mask=0x14000c0(GFP_KERNEL), "
        "nodemask=(null), order=0, oom_score_adj=829",
        "[2612362.231900] Out of memory: Killed process 208253 (python) total-vm:9000kB",
        "[2612400.000000] Memory cgroup out of memory: Killed process 629 (onmt_train) "
        "total-vm:14119556kB, anon-rss:6538204kB",
        "[2612401.000000] oom_reaper: reaped process 629 (onmt_train)",
    ]
    events, report = parse_lines(lines, node="node-02", boot_time=T - 2_612_300)
    assert [(e.kind, e.attrs.get("process"), e.attrs.get("memory")) for e in events] == [
        ("host_oom_kill", "python", None),
        ("host_oom_kill", "python", "host"),
        ("host_oom_kill", "onmt_train", "cgroup"),
    ]
    assert report.unrecognised == 1  # the reaper's line says nothing new
    out = LogRules(topo).evaluate(T + 120, events, np.full(topo.n_gpus, -1), [])
    # one anomaly per node and window, a host (not GPU) memory problem
    assert [(a.symptom, a.entity, a.family, a.layer) for a in out] == [
        ("host_oom_kill", "node-02", Family.HOST, "os")
    ]


def test_a_followed_job_log_feeds_its_faults_and_nothing_else(
    tmp_path: Path, topo: Topology
) -> None:
    """``watch --job-log``: the follower turns a fault line appended to a job's output into an
    event stamped with the read time, and the job's ordinary output into nothing."""
    log = tmp_path / "slurm-4242.out"
    log.write_text(
        "epoch 3 loss 0.12\nstep 90 loss 0.11\n" + LINES["cuda_uncorrectable_ecc"] + "\n"
    )
    feed = JobLogFeed(
        log,
        node="node-01",
        topology=topo,
        job="4242",
        from_start=True,
        poll_s=0.01,
        clock=lambda: T,
    ).start()
    try:
        got: list[LogEvent] = []
        deadline = time.monotonic() + 60  # generous: CI's cores are slow
        while not got and time.monotonic() < deadline:
            got += feed.drain()
            time.sleep(0.01)
    finally:
        feed.stop()
    assert [(e.kind, e.node, e.job_id, e.timestamp, e.attrs["signature"]) for e in got] == [
        ("job_signature", "node-01", "4242", T, "cuda_uncorrectable_ecc")
    ]


def test_a_job_reporting_the_fault_the_noc_already_has_adds_evidence_not_an_incident(
    tmp_path: Path,
) -> None:
    """The recorded DBE on node-02/gpu5, and the training job on node-02 whose NCCL then
    fails its transfers (its rank died with the GPU): one incident, with the job's report
    attached to it as evidence, not a second (interconnect) incident."""
    from gpufleet.evals.recorded import load_incident

    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    (dst / "jobs").mkdir(exist_ok=True)
    (dst / "jobs" / "77.log").write_text(LINES["nccl_ib_completion_error"] + "\n")
    li = load_incident(dst, tmp_path / "cache")
    incidents = _replay(li)
    on_node02 = [i for i in incidents if "node-02" in i.nodes]
    assert len(on_node02) == 1, [(i.root_entity, i.symptoms) for i in incidents]
    assert "job_ib_completion_error" in on_node02[0].symptoms
    assert on_node02[0].root_entity == "node-02/gpu5"


def test_a_job_waiting_on_its_input_is_read_from_its_own_progress_lines(topo: Topology) -> None:
    imagenet = "\n".join(
        f"Epoch: [0][{i}/5005]\tTime 0.154 ({t:.3f})\tData 0.001 ({d:.3f})\tLoss 6.9074 (6.9080)"
        for i, t, d in [(14, 8.010, 7.720), (15, 7.519, 7.237), (16, 11.054, 10.785)]
    )
    assert _anomalies(topo, imagenet) == ["job_idle_gaps@node-02:WARNING:utilization"]
    mm = "\n".join(
        f"Epoch [1][{i}/500]  lr: 1e-02, eta: 1:00:00, time: 0.5200, data_time: {d:.4f}"
        for i, d in [(50, 0.41), (100, 0.44), (150, 0.39)]
    )
    assert _anomalies(topo, mm) == ["job_idle_gaps@node-02:WARNING:utilization"]
    # Lightning's own warning that the loader has too few workers
    warn = (
        "UserWarning: The dataloader, val dataloader 0, does not have many workers which may be "
        "a bottleneck. Consider increasing the value of the `num_workers` argument`"
    )
    assert _anomalies(topo, warn) == ["job_idle_gaps@node-02:WARNING:utilization"]


def test_a_job_that_waits_on_data_only_at_its_first_steps_opens_nothing(topo: Topology) -> None:
    # a long first batch is every job's warm-up; and two lines are not enough to judge
    fed = "\n".join(
        f"Epoch [1][{i}/500]  time: 0.5200, data_time: {d:.4f}"
        for i, d in [(10, 3.0), (20, 0.01), (30, 0.02), (40, 0.01)]
    )
    assert _anomalies(topo, fed) == []
    short = "\n".join(["Epoch [1][10/500]  time: 0.52, data_time: 0.50"] * 2)
    assert _anomalies(topo, short) == []
