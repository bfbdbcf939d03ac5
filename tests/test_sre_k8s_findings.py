# ruff: noqa: E501  (real-format Kubernetes messages are long; splitting them would hide them)
"""Kubernetes evidence moves the diagnosis: events, NVIDIA's GPU health node conditions and pod
status/logs, read through the real ``kubernetes`` client from the loopback stand-in API server
(tests/kube_api.py), become findings that the cards' checks use. Each test ranks the same
incident with and without that evidence (the same retrieval, the same cards).

The texts are the real formats: the kubelet's ``UnexpectedAdmissionError`` (devicemanager) and
``SystemOOM`` events, node-problem-detector's ``OOMKilling``, the NVIDIA container runtime's
``nvidia-container-cli: initialization error: nvml error: driver/library version mismatch``
(NVIDIA/nvidia-container-toolkit#394, NVIDIA/gpu-operator#898), NVSentinel's node conditions
(docs/INTEGRATIONS.md: ``GpuMemWatch``, ``SysLogsGPUFallenOff``; message ``[codes] text -
RecommendedAction: X``), a container ``OOMKilled`` with exit code 137, and PyTorch's
``RuntimeError: CUDA error: ...`` lines."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("kubernetes", reason="the kubernetes client is a gpufleet dependency")

from gpufleet.agents.sre.diagnose_core import CoreDiagnosis, analyze_evidence
from gpufleet.agents.sre.evidence import evidence_from_results, plan_evidence
from gpufleet.agents.sre.k8s_reads import KubeReads, k8s_read_tools
from gpufleet.bus.events import Evidence, Family, Incident, Scope, Severity
from gpufleet.graph.executors.k8s_client import k8s_executor
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.kube_api import Cluster, KubeApi, node_object, oom_killed, pod_object
from tests.test_k8s_evidence import NVML_MISMATCH, admission_error, event, system_oom
from tests.test_sre_scoring import kb, retriever

__all__ = ["kb", "retriever"]  # the scoring tests' fixture: the checkout's card index

NODE = "node-02"
T = "2026-11-25T21:14:05Z"
TOPOLOGY = Topology([build_cluster(racks=1, nodes_per_rack=4)])


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[tuple[Cluster, KubeApi]]:
    c = Cluster()
    for name in TOPOLOGY.node_keys:
        c.nodes[name] = node_object(name)
    with KubeApi(c, tmp_path) as server:
        yield c, server


def _incident(
    root: str, symptoms: tuple[str, ...], family: Family, scope: Scope, jobs: tuple[str, ...] = ()
) -> Incident:
    return Incident.model_validate(
        {
            "incident_id": "inc-k8s",
            "title": f"{family.value}: {symptoms[0]} on {root}",
            "family": family,
            "scope": scope,
            "root_entity": root,
            "severity": Severity.CRITICAL,
            "opened_at": 1_764_105_000.0,
            "updated_at": 1_764_105_300.0,
            "last_anomaly_at": 1_764_105_300.0,
            "entities": (root,),
            "nodes": (NODE,),
            "jobs": jobs,
            "symptoms": symptoms,
            "anomaly_ids": ("a1",),
            "anomaly_count": 1,
        }
    )


def _k8s_evidence(api: KubeApi, incident: Incident) -> list[Evidence]:
    """What the plan's Kubernetes reads give, through the real client."""
    core = k8s_executor(KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig)).core
    reg = ToolRegistry(k8s_read_tools(KubeReads(core, TOPOLOGY.node_keys)))
    out: list[Evidence] = []
    for layer, calls in plan_evidence(incident, TOPOLOGY, kubernetes=True).items():
        k8s = [c for c in calls if c.tool.startswith("k8s.")]
        out += evidence_from_results(layer, k8s, [reg.call(c.tool, c.args) for c in k8s])
    assert out and all(e.status != "error" for e in out), out
    return out


def _ranks(
    retriever: Retriever, incident: Incident, evidence: list[Evidence]
) -> tuple[list[str], CoreDiagnosis]:
    core = analyze_evidence(incident, evidence, retriever, retriever.kb)
    return [h.card_id for h in core.hypotheses], core


def _compare(
    retriever: Retriever, api: KubeApi, incident: Incident
) -> tuple[list[str], list[str], CoreDiagnosis]:
    without, _ = _ranks(retriever, incident, [])
    with_k8s, core = _ranks(retriever, incident, _k8s_evidence(api, incident))
    return without, with_k8s, core


def _condition(ctype: str, message: str, status: str = "True") -> dict[str, Any]:
    return {
        "type": ctype,
        "status": status,
        "lastHeartbeatTime": T,
        "lastTransitionTime": T,
        "reason": f"{ctype}IsNotHealthy" if status == "True" else f"{ctype}IsHealthy",
        "message": message,
    }


def test_nvidia_runtime_version_mismatch_names_the_driver_not_a_wedge(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    """Every GPU series of a node stopped (node_gpus_silent): by the metrics alone a wedged
    driver leads; pods failing to start with the runtime's 'driver/library version mismatch'
    make it the driver/userland mismatch (an upgrade without a reboot)."""
    c, api = cluster
    c.events.append(event("Failed", NVML_MISMATCH, "Pod", "train-b-0", host=NODE))
    c.events.append(event("Failed", NVML_MISMATCH, "Pod", "other-0", host="node-04"))
    incident = _incident(NODE, ("node_gpus_silent",), Family.DEVICE, Scope.NODE)
    without, with_k8s, core = _compare(retriever, api, incident)
    assert without[0] == "gpu-driver-wedge-hung-tasks" and "driver-cuda-mismatch" not in without[:3]
    assert with_k8s[0] == "driver-cuda-mismatch", with_k8s
    (found,) = [f for f in core.findings if f.name == "k8s_nvml_init_failed"]
    assert found.detail == "driver_library_mismatch"
    (ev,) = [e for e in core.evidence if e.tool == "k8s.events"]
    assert "nvidia-container-cli: initialization error" in ev.summary  # the telling line
    assert "not kernel evidence" in ev.summary
    top = core.hypotheses[0]
    assert any("k8s_nvml_init_failed" in r for r in top.reasons)


def test_device_plugin_admission_failure_brings_the_kubernetes_view_first(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    c, api = cluster
    c.events.append(admission_error(NODE, "train-d-0"))
    incident = _incident(f"{NODE}/gpu3", ("gpu_missing",), Family.DEVICE, Scope.GPU)
    without, with_k8s, _ = _compare(retriever, api, incident)
    assert without.index("k8s-device-plugin-unhealthy") > 0
    assert with_k8s[0] == "k8s-device-plugin-unhealthy", with_k8s


def test_nvsentinel_fallen_off_condition_names_xid_79_as_a_claim_not_kernel_evidence(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    c, api = cluster
    c.nodes[NODE]["status"]["conditions"].append(
        _condition(
            "SysLogsGPUFallenOff",
            "NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus. - RecommendedAction: RESTART_BM",
        )
    )
    incident = _incident(f"{NODE}/gpu3", ("job_util_collapse",), Family.UTILIZATION, Scope.GPU)
    without, with_k8s, core = _compare(retriever, api, incident)
    assert "xid-79-fallen-off-bus" not in without[:3]
    assert with_k8s[0] == "xid-79-fallen-off-bus", with_k8s
    names = {f.name: f for f in core.findings}
    assert names["k8s_gpu_fallen_off_condition"].detail == "SysLogsGPUFallenOff"
    assert "xid:79" not in names and "gpu_fallen_off_bus" not in names  # the API's word only
    (ev,) = [e for e in core.evidence if e.tool == "k8s.node_conditions"]
    assert ev.layer == "os" and "not kernel evidence" in ev.summary


def test_nvsentinel_dcgm_watch_condition_on_the_node_only(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    c, api = cluster
    dbe = "[DCGM_FR_VOLATILE_DBE_DETECTED] Detected 1 volatile double-bit ECC error(s) in GPU 3. - RecommendedAction: COMPONENT_RESET"
    incident = _incident(f"{NODE}/gpu3", ("job_util_collapse",), Family.UTILIZATION, Scope.GPU)
    # on another node, or cleared (False) on this one: nothing moves
    c.nodes["node-04"]["status"]["conditions"].append(_condition("GpuMemWatch", dbe))
    c.nodes[NODE]["status"]["conditions"].append(
        _condition("GpuNvlinkWatch", "No Health Failures", status="False")
    )
    without, elsewhere, _ = _compare(retriever, api, incident)
    assert elsewhere == without and "dcgm-health-watch-failed" not in without
    c.nodes[NODE]["status"]["conditions"].append(_condition("GpuMemWatch", dbe))
    _, with_k8s, core = _compare(retriever, api, incident)
    assert "dcgm-health-watch-failed" in with_k8s[:5], with_k8s
    (found,) = [f for f in core.findings if f.name == "k8s_gpu_health_condition"]
    assert found.detail == "GpuMemWatch"


def test_an_oom_killed_pod_is_host_memory(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    """A job's GPUs collapse; its pod's container was OOMKilled (exit 137): host memory. The
    pod is the incident's job (``namespace/pod``), so the plan reads its status and log."""
    c, api = cluster
    pod = pod_object("train-a-0", NODE, gpus=8)
    pod["status"]["containerStatuses"] = [oom_killed()]
    c.pods = [pod]
    c.logs[("training", "train-a-0")] = "epoch 3 step 1200 loss 2.31\n"
    job = "training/train-a-0"
    incident = _incident(job, ("job_util_collapse",), Family.UTILIZATION, Scope.JOB, jobs=(job,))
    without, with_k8s, core = _compare(retriever, api, incident)
    assert "host-memory-pressure-oom" not in without[:3]
    assert with_k8s[0] == "host-memory-pressure-oom", with_k8s
    (ev,) = [e for e in core.evidence if e.tool == "k8s.pod_log"]
    assert ev.entity == job and ev.facts["sig_container_oom_killed"] == 1


def test_a_system_oom_event_on_the_node_is_host_memory(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi]
) -> None:
    c, api = cluster
    c.events.append(system_oom(NODE))
    incident = _incident(f"{NODE}/gpu3", ("job_util_collapse",), Family.UTILIZATION, Scope.GPU)
    without, with_k8s, core = _compare(retriever, api, incident)
    assert "host-memory-pressure-oom" not in without[:3]
    assert with_k8s[0] == "host-memory-pressure-oom", with_k8s
    assert "k8s_node_oom" in {f.name for f in core.findings}


@pytest.mark.parametrize(
    ("log", "card", "finding"),
    [
        (
            "[rank3]: RuntimeError: CUDA error: uncorrectable ECC error encountered\n",
            "ecc-dbe",
            "cuda_uncorrectable_ecc_in_job",
        ),
        (
            "[rank3]: Traceback (most recent call last):\n"
            "[rank3]: RuntimeError: CUDA error: an illegal memory access was encountered\n",
            "xid-app-fault",
            "cuda_illegal_address_in_job",
        ),
        (
            "".join(
                f"{NODE}:412:990 [{g}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.3<47012> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.0.0.2 remoteGidsfe80::ba3f:d2ff:fe12:3456 hca mlx5_3\n"
                for g in range(8)
            ),
            "ib-nic-link-flap",
            "rdma_retry_exceeded",
        ),
    ],
    ids=["uncorrectable-ecc", "illegal-address", "nccl-warn-rdma"],
)
def test_the_pod_log_of_the_incident_job_decides(
    retriever: Retriever, cluster: tuple[Cluster, KubeApi], log: str, card: str, finding: str
) -> None:
    c, api = cluster
    c.pods = [pod_object("train-a-0", NODE, gpus=8)]
    c.logs[("training", "train-a-0")] = log
    job = "training/train-a-0"
    incident = _incident(
        f"{NODE}/gpu3", ("job_util_collapse",), Family.UTILIZATION, Scope.GPU, jobs=(job,)
    )
    without, with_k8s, core = _compare(retriever, api, incident)
    assert without[0] != card
    assert with_k8s[0] == card, with_k8s
    assert finding in {f.name for f in core.findings}


def test_the_plan_reads_the_logs_of_the_incident_pods_only() -> None:
    """A job id ``namespace/pod`` (how the NOC names a pod's job) gets its log read; a SLURM
    job id or a name that is no Kubernetes name does not; nothing without the k8s reads."""
    jobs = ("training/train-a-0", "4242", "Training/x", "inference/llm-7b-5f6c9d-abcde")
    incident = _incident(
        f"{NODE}/gpu3", ("job_util_collapse",), Family.UTILIZATION, Scope.GPU, jobs=jobs
    )
    plan = plan_evidence(incident, TOPOLOGY, kubernetes=True)
    assert [c.args for c in plan["workload"] if c.tool == "k8s.pod_log"] == [
        {"namespace": "training", "pod": "train-a-0"},
        {"namespace": "inference", "pod": "llm-7b-5f6c9d-abcde"},
    ]
    plain = plan_evidence(incident, TOPOLOGY)
    assert not any(c.tool.startswith("k8s.") for calls in plain.values() for c in calls)
