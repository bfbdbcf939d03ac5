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

pytest.importorskip("kubernetes", reason="the kubernetes client is a gpufleet dependency")

from agents.sre.k8s_reads import KubeReads, k8s_read_tools
from graph.executors.k8s_client import k8s_executor
from graph.executors.k8s_config import KubernetesConfig
from graph.tools import ToolRegistry
from knowledge.schema import TOOLS
from telemetry.k8s_evidence import K8sEvidenceError, parse_events, parse_node_conditions
from tests.kube_api import TOKEN, Cluster, KubeApi, node_object, pod_object

NODE = "gpu-node-07"
T = "2026-11-25T21:14:05Z"


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
    event(
        "UnexpectedAdmissionError",
        "Allocate failed due to requested number of devices unavailable for nvidia.com/gpu. "
        "Requested: 8, Available: 7, which is unexpected",
        "Pod",
        "train-d-0",
        host=NODE,
    ),
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
    }
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
    assert (r.total, r.recognised, r.ignored, r.gpu_unparsed) == (6, 4, 1, 1)
    assert r.consistent and "nvidia-container-cli" in r.gpu_unparsed_lines[0][1]


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
    from agents.sre.evidence import evidence_from_results, kubernetes_readable, plan_evidence
    from agents.sre.runtime import how_to_configure
    from bus.events import Family, Incident, Scope, Severity
    from graph.tools import ToolCall, unconfigured_tool
    from telemetry.topology import Topology, build_cluster

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
