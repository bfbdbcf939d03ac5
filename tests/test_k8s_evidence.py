# ruff: noqa: E501  (real-format log lines are long; splitting them would hide their layout)
"""Kubernetes events, node conditions and pod logs as SRE evidence: the pure parsers on the API's
documented JSON (core/v1 Event and events.k8s.io/v1 Event, Node status conditions), and the read
tools through the real ``kubernetes`` client against the loopback stand-in API server
(tests/kube_api.py)."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("kubernetes", reason="the kubernetes client is a gpufleet dependency")

from gpufleet.agents.sre.k8s_reads import KubeReads, k8s_read_tools
from gpufleet.graph.executors.k8s_client import k8s_executor
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge.schema import TOOLS
from gpufleet.telemetry.k8s_evidence import (
    K8sEvidenceError,
    parse_events,
    parse_node_conditions,
    parse_pod_status,
)
from tests.kube_api import TOKEN, Cluster, KubeApi, node_object, oom_killed, pod_object

NODE = "gpu-node-07"
T = "2026-11-25T21:14:05Z"
# Real wordings (the kubelet's devicemanager and oom watcher; the NVIDIA container runtime as in
# NVIDIA/nvidia-container-toolkit#394 and NVIDIA/gpu-operator#898)
ADMISSION_ERROR = (
    "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
    "Requested: 8, Available: 7, which is unexpected"
)
SYSTEM_OOM = "System OOM encountered, victim process: python, pid: 48213"
NVML_MISMATCH = (
    "Error: failed to create containerd task: failed to create shim task: OCI runtime create "
    "failed: runc create failed: unable to start container process: error during container "
    "init: error running hook #0: error running hook: exit status 1, stdout: , stderr: "
    "Auto-detected mode as 'legacy'\nnvidia-container-cli: initialization error: nvml error: "
    "driver/library version mismatch: unknown"
)


def event(
    reason: str,
    message: str,
    obj_kind: str,
    obj_name: str,
    *,
    component: str = "kubelet",
    host: str = "",
    etype: str = "Warning",
    namespace: str = "training",
    count: int = 1,
) -> dict[str, Any]:
    """A core/v1 Event as GET /api/v1/events lists it."""
    source = {"component": component, **({"host": host} if host else {})}
    return {
        "metadata": {
            "name": f"{obj_name}.187b0c2d9e4f{abs(hash(reason)) % 10000:04d}",
            "namespace": namespace if obj_kind != "Node" else "default",
            "uid": "c0ffee00-0000-4000-8000-000000000001",
            "resourceVersion": "88123",
            "creationTimestamp": T,
        },
        "involvedObject": {
            "kind": obj_kind,
            "namespace": "" if obj_kind == "Node" else namespace,
            "name": obj_name,
            "uid": "11111111-0000-4000-8000-000000000002",
            "apiVersion": "v1",
        },
        "reason": reason,
        "message": message,
        "source": source,
        "firstTimestamp": T,
        "lastTimestamp": T,
        "count": count,
        "type": etype,
        "eventTime": None,
        "reportingComponent": component,
        "reportingInstance": host,
    }


def system_oom(node: str) -> dict[str, Any]:
    """The kubelet's oom watcher's event about ``node`` (reason ``SystemOOM``)."""
    return event("SystemOOM", SYSTEM_OOM, "Node", node, component="kubelet", host=node)


def admission_error(node: str, pod: str) -> dict[str, Any]:
    """The kubelet's device manager refusing ``pod`` (reason ``UnexpectedAdmissionError``)."""
    return event("UnexpectedAdmissionError", ADMISSION_ERROR, "Pod", pod, host=node)


EVENTS = [
    event(
        "Evicted",
        "The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: "
        "8123456Ki. Container main was using 61234567Ki, request is 0, has larger consumption "
        "of ephemeral-storage.",
        "Pod",
        "train-a-0",
        host=NODE,
    ),
    event(
        "FailedScheduling",
        "0/12 nodes are available: 4 Insufficient nvidia.com/gpu, 8 node(s) had untolerated "
        "taint {node.kubernetes.io/unreachable: }. preemption: 0/12 nodes are available: 4 No "
        "preemption victims found for incoming pod, 8 Preemption is not helpful for scheduling.",
        "Pod",
        "train-c-0",
        component="default-scheduler",
    ),
    event(
        "NodeNotReady",
        "Node gpu-node-07 status is now: NodeNotReady",
        "Node",
        NODE,
        component="node-controller",
        etype="Normal",
    ),
    admission_error(NODE, "train-d-0"),
    event(
        "Scheduled",
        "Successfully assigned training/train-e-0 to gpu-node-03",
        "Pod",
        "train-e-0",
        component="default-scheduler",
        etype="Normal",
    ),
    event(
        "FailedCreatePodSandBox",
        "Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create "
        "containerd task: nvidia-container-cli: initialization error: nvml error: driver not "
        "loaded",
        "Pod",
        "train-f-0",
        host=NODE,
    ),
]


def conditions_node() -> dict[str, Any]:
    node = node_object(NODE)
    node["status"]["conditions"] = [
        {
            "type": "Ready",
            "status": "Unknown",
            "lastHeartbeatTime": T,
            "lastTransitionTime": T,
            "reason": "NodeStatusUnknown",
            "message": "Kubelet stopped posting node status.",
        },
        {
            "type": "KernelDeadlock",
            "status": "True",
            "lastHeartbeatTime": T,
            "lastTransitionTime": T,
            "reason": "DockerHung",
            "message": "kernel: INFO: task docker:20744 blocked for more than 120 seconds.",
        },
        {
            "type": "GpuHealthy",
            "status": "False",
            "lastHeartbeatTime": T,
            "lastTransitionTime": T,
            "reason": "XidError",
            "message": "GPU 3 (PCI 0000:5d:00.0): Xid 79 GPU has fallen off the bus",
        },
        {
            "type": "MemoryPressure",
            "status": "False",
            "lastHeartbeatTime": T,
            "lastTransitionTime": T,
            "reason": "KubeletHasSufficientMemory",
            "message": "kubelet has sufficient memory available",
        },
    ]
    return node


def test_events_become_typed_signatures_attributed_to_nodes() -> None:
    got = parse_events({"kind": "EventList", "apiVersion": "v1", "items": EVENTS})
    by_kind = {s.kind: s for s in got.signatures}
    assert set(by_kind) == {
        "pod_evicted",
        "insufficient_gpu",
        "node_not_ready",
        "device_plugin_admission_error",
        "gpu_runtime_failed",
    }
    runtime = by_kind["gpu_runtime_failed"]
    assert runtime.node == NODE and runtime.detail["runtime_error"] == "driver_not_loaded"
    assert by_kind["pod_evicted"].node == NODE
    assert by_kind["node_not_ready"].node == NODE  # the Node object the event is about
    assert by_kind["device_plugin_admission_error"].node == NODE
    gpu = by_kind["insufficient_gpu"].detail
    assert (gpu["resource"], gpu["nodes_available"], gpu["nodes_total"]) == (
        "nvidia.com/gpu",
        "0",
        "12",
    )
    for s in got.signatures:  # provenance: the API server's word, not the kernel's
        assert s.source == "k8s_event"
        assert s.detail["provenance"] == "kubernetes-api"
        assert s.detail["authenticated"] == "api-server"
    r = got.report
    assert (r.total, r.recognised, r.ignored, r.gpu_unparsed) == (6, 5, 1, 0)
    assert r.consistent


def test_events_k8s_io_v1_are_read_too() -> None:
    ev = {
        "kind": "Event",
        "apiVersion": "events.k8s.io/v1",
        "metadata": {"name": "x", "namespace": "training"},
        "eventTime": "2026-11-25T21:14:05.123456Z",
        "reportingController": "kubelet",
        "reportingInstance": NODE,
        "reason": "Evicted",
        "note": "The node was low on resource: memory.",
        "regarding": {"kind": "Pod", "namespace": "training", "name": "train-a-0"},
        "type": "Warning",
        "series": {"count": 3, "lastObservedTime": "2026-11-25T21:16:05.000000Z"},
    }
    (sig,) = parse_events(ev).signatures
    assert (sig.kind, sig.node, sig.detail["count"]) == ("pod_evicted", NODE, "3")


def test_node_conditions_name_the_problems_and_count_the_healthy() -> None:
    got = parse_node_conditions({"kind": "NodeList", "items": [conditions_node()]})
    kinds = {s.kind: s for s in got.signatures}
    assert set(kinds) == {"node_not_ready", "node_problem", "gpu_condition"}
    assert kinds["gpu_condition"].detail["xid"] == "79"  # a claim the cluster makes
    assert kinds["node_problem"].detail["condition"] == "KernelDeadlock"
    assert all(s.node == NODE and s.source == "k8s_node" for s in got.signatures)
    assert got.report.ignored == 1  # MemoryPressure=False


def test_oom_and_nvidia_runtime_events_in_their_real_wording() -> None:
    events = [
        system_oom(NODE),
        event(
            "OOMKilling",
            "Out of memory: Killed process 48213 (python) total-vm:15791416kB, anon-rss:14369596kB, file-rss:4kB, shmem-rss:0kB, UID:0 pgtables:28740kB oom_score_adj:0",
            "Node",
            NODE,
            component="kernel-monitor",
            host=NODE,
        ),
        event(
            "Failed",
            NVML_MISMATCH,
            "Pod",
            "train-b-0",
            host=NODE,
        ),
        event(
            "FailedCreatePodSandBox",
            'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "nvidia" is configured',
            "Pod",
            "train-c-0",
            host=NODE,
        ),
        event(
            "Failed",
            'Failed to pull image "nvcr.io/nvidia/pytorch:99.01-py3": not found',
            "Pod",
            "train-e-0",
            host=NODE,
        ),
    ]
    got = parse_events({"kind": "EventList", "items": events})
    sigs = [(s.kind, dict(s.detail)) for s in got.signatures]
    assert [(k, d.get("victim"), d.get("pid")) for k, d in sigs[:2]] == [
        ("node_oom", "python", "48213"),
        ("node_oom", "python", "48213"),
    ]
    assert [d.get("runtime_error") for k, d in sigs[2:]] == [
        "driver_library_mismatch",
        "runtime_not_configured",
    ]
    # the quoted text is the runtime's own line, not the start of the OCI chain
    assert got.signatures[2].text.startswith("Failed: nvidia-container-cli: initialization error")
    assert got.report.ignored == 0 and got.report.gpu_unparsed == 1  # the image pull: GPU text


def test_nvidia_health_conditions_keep_codes_and_recommended_action() -> None:
    node = node_object(NODE)
    node["status"]["conditions"] += [
        {"type": "GpuMemWatch", "status": "True", "lastHeartbeatTime": T, "lastTransitionTime": T, "reason": "GpuMemWatchIsNotHealthy",
         "message": "[DCGM_FR_VOLATILE_DBE_DETECTED] Detected 1 volatile double-bit ECC error(s) in GPU 3. - RecommendedAction: COMPONENT_RESET"},
        {"type": "SysLogsXIDError", "status": "True", "lastHeartbeatTime": T, "lastTransitionTime": T, "reason": "SysLogsXIDErrorIsNotHealthy",
         "message": "[79] ErrorCode:79 PCI:0000:5d:00 GPU has fallen off the bus. - RecommendedAction: RESTART_BM"},
        {"type": "GpuThermalWatch", "status": "False", "lastHeartbeatTime": T, "lastTransitionTime": T, "reason": "GpuThermalWatchIsHealthy",
         "message": "No Health Failures"},
    ]  # fmt: skip
    got = parse_node_conditions(node)
    by = {s.detail["condition"]: s.detail for s in got.signatures}
    assert set(by) == {"GpuMemWatch", "SysLogsXIDError"}  # the healthy watch is counted only
    assert by["GpuMemWatch"]["error_codes"] == "DCGM_FR_VOLATILE_DBE_DETECTED"
    assert by["GpuMemWatch"]["recommended_action"] == "COMPONENT_RESET"
    assert "xid" not in by["GpuMemWatch"]
    assert (by["SysLogsXIDError"]["xid"], by["SysLogsXIDError"]["recommended_action"]) == (
        "79",
        "RESTART_BM",
    )


def test_a_pods_oom_killed_container_is_read_from_its_status() -> None:
    pod = {"kind": "Pod", "apiVersion": "v1", **pod_object("train-a-0", NODE, gpus=8)}
    pod["status"]["containerStatuses"] = [
        oom_killed("main", restarts=2),
        {"name": "sidecar", "restartCount": 0, "ready": True, "state": {"running": {"startedAt": T}}, "lastState": {}},
    ]  # fmt: skip
    got = parse_pod_status(pod, origin="pod training/train-a-0 status", nodes=[NODE])
    (sig,) = got.signatures
    assert (sig.kind, sig.source, sig.node) == ("container_oom_killed", "k8s_pod", NODE)
    assert (sig.detail["container"], sig.detail["exit_code"], sig.detail["restarts"]) == (
        "main",
        "137",
        "2",
    )
    assert (got.report.total, got.report.recognised, got.report.ignored) == (2, 1, 1)
    with pytest.raises(K8sEvidenceError, match="Pod"):
        parse_pod_status({"kind": "Node"}, origin="x")


def test_not_a_kubernetes_document_is_one_clear_error() -> None:
    with pytest.raises(K8sEvidenceError, match=r"EventList|Event"):
        parse_events({"kind": "PodList", "items": "nope"})
    with pytest.raises(K8sEvidenceError, match="Kubernetes object"):
        parse_node_conditions(["not", "an", "object"])


POD_LOG = """\
[rank3]:[W1125 21:13:58.123456 ProcessGroupNCCL.cpp:1474] Warning:
gpu-node-07:412:988 [3] NCCL INFO Channel 00/0 : 3[3] -> 4[4] via P2P/CUMEM
gpu-node-07:412:990 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.0.9<47012> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.0.0.7 remoteGidsfe80::ba3f:d2ff:fe12:3456 hca mlx5_3
RuntimeError: CUDA error: an illegal memory access was encountered
"""


@pytest.fixture
def api(tmp_path: Path) -> Iterator[KubeApi]:
    c = Cluster()
    c.nodes[NODE] = conditions_node()
    c.nodes["gpu-node-09"] = node_object("gpu-node-09")
    c.pods = [pod_object("train-a-0", NODE, gpus=8)]
    c.events = copy.deepcopy(EVENTS)
    c.logs[("training", "train-a-0")] = POD_LOG
    with KubeApi(c, tmp_path) as server:
        yield server


def _registry(api: KubeApi, token_ok: bool = True) -> ToolRegistry:
    kubeconfig = api.kubeconfig
    if not token_ok:
        kubeconfig = api.kubeconfig.with_name("kubeconfig-wrong-token")
        kubeconfig.write_text(api.kubeconfig.read_text().replace(TOKEN, "wrong-token"))
    core = k8s_executor(KubernetesConfig(enabled=True, kubeconfig=kubeconfig)).core
    reads = KubeReads(core, [NODE, "gpu-node-09"], addresses={"gpu-node-09": ["10.0.0.9"]})
    return ToolRegistry(k8s_read_tools(reads))


def test_read_tools_through_the_real_client(api: KubeApi) -> None:
    reg = _registry(api)
    for name in ("k8s.events", "k8s.node_conditions", "k8s.pod_log"):
        assert TOOLS[name] == "read"
    ev = reg.call("k8s.events", {"nodes": [NODE]})
    assert ev.status == "ok", ev.error
    assert {i["kind"] for i in ev.data["items"]} == {
        "pod_evicted",
        "node_not_ready",
        "device_plugin_admission_error",
        "gpu_runtime_failed",
    }  # insufficient_gpu names no node
    assert "not kernel evidence" in ev.data["provenance"]
    assert ev.query.startswith("GET /api/v1/events")
    nodes = reg.call("k8s.node_conditions", {})
    assert {i["kind"] for i in nodes.data["items"]} == {
        "node_not_ready",
        "node_problem",
        "gpu_condition",
    }
    log = reg.call("k8s.pod_log", {"namespace": "training", "pod": "train-a-0"})
    assert log.status == "ok", log.error
    assert log.data["node"] == NODE
    items = log.data["items"]
    assert all(i["node"] == NODE and i["detail"]["pod"] == "training/train-a-0" for i in items)
    rdma = [i for i in items if i["peer"]]
    assert rdma and rdma[0]["peer"] == "gpu-node-09"  # the peer IP's node
    assert any("cuda" in i["kind"] for i in items)
    gets = [r.path for r in api.cluster.requests]
    assert "/api/v1/namespaces/training/pods/train-a-0/log" in gets


def test_api_errors_are_results_not_exceptions(api: KubeApi) -> None:
    missing = _registry(api).call("k8s.pod_log", {"namespace": "training", "pod": "nope"})
    assert missing.status == "error" and "404" in (missing.error or "")
    denied = _registry(api, token_ok=False).call("k8s.events", {})
    assert denied.status == "error" and "401" in (denied.error or "")


def test_diagnosis_evidence_shows_kubernetes_reads_with_their_provenance(api: KubeApi) -> None:
    """With the Kubernetes reads configured the evidence plan asks for the incident nodes'
    conditions and events, and each answer is one evidence item saying it is the API server's
    word; without them (replay, not configured) the plan does not ask."""
    from gpufleet.agents.sre.evidence import (
        evidence_from_results,
        kubernetes_readable,
        plan_evidence,
    )
    from gpufleet.agents.sre.runtime import how_to_configure
    from gpufleet.bus.events import Family, Incident, Scope, Severity
    from gpufleet.graph.tools import ToolCall, unconfigured_tool
    from gpufleet.telemetry.topology import Topology, build_cluster

    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    incident = Incident.model_validate(
        {
            "incident_id": "inc-1",
            "title": "device: xid_79",
            "family": Family.DEVICE,
            "scope": Scope.GPU,
            "root_entity": "node-01/gpu3",
            "severity": Severity.CRITICAL,
            "opened_at": 1_700_000_000.0,
            "updated_at": 1_700_000_300.0,
            "last_anomaly_at": 1_700_000_300.0,
            "entities": ("node-01/gpu3",),
            "symptoms": ("xid_79",),
            "anomaly_ids": ("a1",),
            "anomaly_count": 1,
        }
    )
    reg = _registry(api)
    assert kubernetes_readable(reg)
    off = ToolRegistry(
        [
            unconfigured_tool(n, "read", how_to_configure(n))
            for n in ("k8s.events", "k8s.node_conditions")
        ]
    )
    assert not kubernetes_readable(off)
    plain = plan_evidence(incident, topo)
    assert not any(c.tool.startswith("k8s.") for calls in plain.values() for c in calls)
    plan = plan_evidence(incident, topo, kubernetes=True)
    assert ToolCall(tool="k8s.node_conditions", args={"nodes": ["node-01"]}) in plan["os"]
    assert ToolCall(tool="k8s.events", args={"nodes": ["node-01"]}) in plan["workload"]
    call = ToolCall(tool="k8s.node_conditions", args={"nodes": [NODE]})
    (ev,) = evidence_from_results("os", [call], [reg.call(call.tool, call.args)])
    assert ev.status == "ok" and "not kernel evidence" in ev.summary
    assert ev.facts["provenance"] == "kubernetes-api"
    assert ev.facts["sig_gpu_condition_nodes"] == NODE and ev.facts["claimed_xids"] == "79"


# -- hostile documents: a result or the one documented error ------------------------------------
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=30)
)
_values = st.recursive(
    _scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner, max_size=4)
    ),
    max_leaves=20,
)
_KEYS = ("kind", "items", "metadata", "status", "spec", "conditions", "containerStatuses", "state", "lastState", "terminated", "reason", "message", "type", "involvedObject", "source", "series", "count", "nodeName")  # fmt: skip
_shaped = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(_KEYS), inner, max_size=5)
    | st.fixed_dictionaries({"kind": st.sampled_from(["Pod", "Node", "Event", "EventList"])}, optional={"items": st.lists(inner, max_size=3), "status": inner, "spec": inner, "reason": st.sampled_from(["SystemOOM", "Failed", "FailedCreatePodSandBox", "OOMKilling"]), "message": st.text(max_size=60)}),
    max_leaves=30,
)  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(doc=st.one_of(_values, _shaped))
def test_any_document_is_a_result_or_one_clear_error(doc: object) -> None:
    for parse in (
        lambda d: parse_events(d, nodes=[NODE]),
        lambda d: parse_node_conditions(d, nodes=[NODE]),
        lambda d: parse_pod_status(d, origin="pod x/y status", nodes=[NODE]),
    ):
        try:
            got = parse(doc)
        except K8sEvidenceError:
            continue
        r = got.report
        assert r.total == r.recognised + r.ignored + r.unrecognised
        assert all(len(s.text) <= 200 for s in got.signatures)
