"""Restarting a GPU-stack pod (``k8s.restart_gpu_stack_pod``) and reading its log
(``k8s.gpu_stack_pod_log``) through the real ``kubernetes`` client, end to end over HTTP on
127.0.0.1 against the stand-in API server (tests/kube_api.py).

What matters: only the DaemonSet-owned pod of the named component on that node is deleted (not
the MPS control daemon whose name starts the same, not dcgm-exporter, not the plugin on another
node, never a workload); dry-run is the server's and stores nothing; a pod no DaemonSet would
recreate is refused with nothing deleted; a pod recreated since the listing is never deleted
by mistake; an unreachable server is one line.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("kubernetes", reason="the kubernetes client is a gpufleet dependency")

from gpufleet.agents.sre.plan import action_name
from gpufleet.agents.sre.runbook_check import check_runbook, toolsets
from gpufleet.graph.executors.k8s import k8s_tools
from gpufleet.graph.executors.k8s_client import k8s_executor
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.graph.executors.k8s_nodes import gpu_stack_pods
from gpufleet.graph.tools import ToolRegistry, ToolResult
from gpufleet.knowledge.schema import TOOLS, tool_safety
from gpufleet.knowledge.store import KnowledgeBase
from tests.kube_api import Cluster, KubeApi, node_object, pod_object

NODE = "gpu-node-07"
OPERATOR = "gpu-operator"
PLUGIN = "nvidia-device-plugin-daemonset-x7k2p"
MPS = "nvidia-device-plugin-mps-control-daemon-4fj9q"
NVML_ERROR = (
    "I1125 18:59:58.103 main.go:279] Retrieving plugins.\n"
    "E1125 18:59:58.104 factory.go:112] Incompatible strategy detected auto\n"
    "E1125 18:59:58.104 main.go:132] error starting plugins: error creating plugin manager: "
    "unable to create plugin manager: nvml init failed: ERROR_LIBRARY_NOT_FOUND\n"
)


def _plugin(name: str, node: str, **kw: Any) -> dict[str, Any]:
    return pod_object(
        name,
        node,
        namespace=OPERATOR,
        owner="DaemonSet",
        owner_name="nvidia-device-plugin-daemonset",
        **kw,
    )


def _crashlooping(pod: dict[str, Any], restarts: int = 7) -> dict[str, Any]:
    pod["status"]["containerStatuses"] = [
        {
            "name": "nvidia-device-plugin",
            "ready": False,
            "restartCount": restarts,
            "image": "nvcr.io/nvidia/k8s-device-plugin:v0.17.0",
            "imageID": "nvcr.io/nvidia/k8s-device-plugin@sha256:7a4f",
            "started": False,
            "state": {"waiting": {"reason": "CrashLoopBackOff", "message": "back-off 5m0s"}},
            "lastState": {"terminated": {"exitCode": 1, "reason": "Error"}},
        }
    ]
    return pod


def _cluster() -> Cluster:
    c = Cluster()
    c.nodes[NODE] = node_object(NODE)
    c.pods = [
        pod_object("train-a-0", NODE, gpus=4),
        _crashlooping(_plugin(PLUGIN, NODE)),
        pod_object(
            MPS,
            NODE,
            namespace=OPERATOR,
            owner="DaemonSet",
            owner_name="nvidia-device-plugin-mps-control-daemon",
        ),
        pod_object(
            "nvidia-dcgm-exporter-q8w2e",
            NODE,
            namespace=OPERATOR,
            owner="DaemonSet",
            owner_name="nvidia-dcgm-exporter",
        ),
        _plugin("nvidia-device-plugin-daemonset-b3n8d", "gpu-node-08"),
    ]
    c.logs[(OPERATOR, PLUGIN)] = "I1125 19:00:12.004 main.go:279] Retrieving plugins.\n"
    c.previous_logs[(OPERATOR, PLUGIN)] = NVML_ERROR
    return c


@pytest.fixture
def api(tmp_path: Path) -> Iterator[KubeApi]:
    with KubeApi(_cluster(), tmp_path) as server:
        yield server


def _registry(api: KubeApi, *, dry_run: bool = True) -> ToolRegistry:
    cfg = KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig, dry_run=dry_run)
    return ToolRegistry(k8s_tools(k8s_executor(cfg)))


def _restart(reg: ToolRegistry, **args: object) -> ToolResult:
    return reg.call("k8s.restart_gpu_stack_pod", {"node": NODE, **args})


def _pod(api: KubeApi, name: str, node: str = NODE) -> dict[str, Any]:
    return next(
        p
        for p in api.cluster.pods
        if p["metadata"]["name"] == name and p["spec"]["nodeName"] == node
    )


def test_restart_deletes_only_the_daemonset_plugin_pod_of_that_node(api: KubeApi) -> None:
    res = _restart(_registry(api, dry_run=False), grace_period_s=10)
    assert res.status == "ok", res.error
    (pod,) = res.data["pods"]
    assert pod["name"] == PLUGIN and pod["outcome"] == "deleted"
    assert pod["daemonset"] == "nvidia-device-plugin-daemonset"
    assert pod["grace_period_s"] == 10 and pod["deletion_timestamp"]
    (delete,) = api.cluster.writes()
    assert (delete.method, delete.path) == (
        "DELETE",
        f"/api/v1/namespaces/{OPERATOR}/pods/{PLUGIN}",
    )
    assert "dryRun" not in delete.query and "dryRun" not in delete.body
    assert delete.body["gracePeriodSeconds"] == 10
    # the uid of the pod that was listed: a pod recreated under that name is never deleted
    assert delete.body["preconditions"] == {"uid": _pod(api, PLUGIN)["metadata"]["uid"]}
    assert _pod(api, PLUGIN)["metadata"]["deletionTimestamp"]  # terminating, as on a server
    for other in (MPS, "nvidia-dcgm-exporter-q8w2e", "train-a-0"):
        assert "deletionTimestamp" not in _pod(api, other)["metadata"]
    assert (
        "deletionTimestamp"
        not in _pod(api, "nvidia-device-plugin-daemonset-b3n8d", "gpu-node-08")["metadata"]
    )


def test_dry_run_restart_is_the_servers_and_stores_nothing(api: KubeApi) -> None:
    pods = copy.deepcopy(api.cluster.pods)
    res = _restart(_registry(api))
    assert res.status == "dry_run", res.error
    assert [p["outcome"] for p in res.data["pods"]] == ["would_delete"]
    assert "nothing was deleted" in res.data["note"]
    (delete,) = api.cluster.writes()
    assert delete.query["dryRun"] == ["All"] and delete.body["dryRun"] == ["All"]
    assert api.cluster.pods == pods


def test_a_pod_no_daemonset_would_recreate_is_refused_and_nothing_deleted(
    tmp_path: Path,
) -> None:
    c = _cluster()
    # someone started a plugin by hand beside the DaemonSet's: deleting it loses it
    c.pods.append(pod_object("nvidia-device-plugin-debug", NODE, namespace=OPERATOR, owner=None))
    with KubeApi(c, tmp_path) as api:
        res = _restart(_registry(api, dry_run=False))
        assert res.status == "denied"
        assert "nvidia-device-plugin-debug (no owner)" in (res.error or "")
        assert "not owned by a DaemonSet" in (res.error or "")
        assert api.cluster.writes() == []


def test_a_node_without_the_pod_is_refused(api: KubeApi) -> None:
    reg = _registry(api, dry_run=False)
    res = reg.call("k8s.restart_gpu_stack_pod", {"node": "gpu-node-09"})
    assert res.status == "denied" and "no device-plugin pod" in (res.error or "")
    res = _restart(reg, component="mig-manager")
    assert res.status == "denied" and "no mig-manager pod" in (res.error or "")
    # the driver DaemonSet is not a restart: refused by the argument model, before any request
    res = _restart(reg, component="driver")
    assert res.status == "error" and "invalid arguments" in (res.error or "")
    assert api.cluster.writes() == []


def test_a_pod_replaced_since_the_listing_is_gone_not_deleted(api: KubeApi) -> None:
    executor = k8s_executor(KubernetesConfig(kubeconfig=api.kubeconfig, dry_run=False))
    stale = copy.deepcopy([p for p in api.cluster.pods if p["spec"]["nodeName"] == NODE])
    next(p for p in stale if p["metadata"]["name"] == PLUGIN)["metadata"]["uid"] = (
        "0d9e8f7a-0000-4000-8000-000000000000"  # the pod listed, since replaced by another
    )
    stale.append(_plugin("nvidia-device-plugin-daemonset-zz9zz", NODE))  # already deleted
    executor._pods_on = lambda node: stale  # type: ignore[method-assign]
    res = ToolRegistry(k8s_tools(executor)).call("k8s.restart_gpu_stack_pod", {"node": NODE})
    assert res.status == "ok", res.error
    assert {p["name"]: p["outcome"] for p in res.data["pods"]} == {
        PLUGIN: "gone",
        "nvidia-device-plugin-daemonset-zz9zz": "gone",
    }
    assert "deletionTimestamp" not in _pod(api, PLUGIN)["metadata"]


def test_plugin_log_shows_the_crash_and_the_previous_runs_error(api: KubeApi) -> None:
    res = _registry(api).call("k8s.gpu_stack_pod_log", {"node": NODE, "tail_lines": 50})
    assert res.status == "ok", res.error
    (pod,) = res.data["pods"]
    assert pod["name"] == PLUGIN and pod["owner_kind"] == "DaemonSet"
    (container,) = pod["containers"]
    assert container["waiting"] == "CrashLoopBackOff" and container["restarts"] == 7
    assert container["last_exit"] == {"reason": "Error", "exit_code": 1}
    assert "nvml init failed: ERROR_LIBRARY_NOT_FOUND" in container["previous_log"]
    assert "Retrieving plugins" in container["log"]
    reads = [r for r in api.cluster.requests if r.path.endswith(f"{PLUGIN}/log")]
    assert {tuple(r.query.get("previous", [])) for r in reads} == {("false",), ("true",)}
    assert all(r.query["tailLines"] == ["50"] for r in reads)
    assert api.cluster.writes() == []


def test_unreachable_api_server_is_one_clear_line(api: KubeApi, tmp_path: Path) -> None:
    api.__exit__(None, None, None)
    gone = tmp_path / "gone"
    gone.write_text(api.kubeconfig.read_text())
    cfg = KubernetesConfig(kubeconfig=gone, dry_run=False, request_timeout_s=2)
    reg = ToolRegistry(k8s_tools(k8s_executor(cfg)))
    for tool in ("k8s.restart_gpu_stack_pod", "k8s.gpu_stack_pod_log"):
        res = reg.call(tool, {"node": NODE})
        assert res.status == "error", tool
        assert (res.error or "").startswith(f"LIST pods on {NODE}: ")
        assert "\n" not in (res.error or "") and "Traceback" not in (res.error or "")


def test_helm_named_plugin_is_found_and_the_mps_daemon_is_not() -> None:
    helm = pod_object(
        "nvdp-nvidia-device-plugin-x1k2p",
        NODE,
        namespace="nvidia-device-plugin",
        owner="DaemonSet",
        owner_name="nvdp-nvidia-device-plugin",
        labels={"app.kubernetes.io/name": "nvidia-device-plugin"},
    )
    mps = pod_object(
        MPS,
        NODE,
        namespace=OPERATOR,
        owner="DaemonSet",
        owner_name="nvidia-device-plugin-mps-control-daemon",
    )
    job = pod_object("device-plugin-benchmark-0", NODE, gpus=1, owner="Job")
    assert gpu_stack_pods([helm, mps, job], "device-plugin") == [helm]
    assert gpu_stack_pods([helm, mps, job], "dcgm-exporter") == []


def test_the_restart_runbook_is_registered_and_validates_against_the_tools() -> None:
    assert TOOLS["k8s.restart_gpu_stack_pod"] == "mutate"
    assert TOOLS["k8s.gpu_stack_pod_log"] == "read"
    assert tool_safety("k8s.restart_gpu_stack_pod") == "mitigate"  # keeps the node serving
    assert action_name("k8s.restart_gpu_stack_pod", {}) == "restart_gpu_stack_pod"
    rb = KnowledgeBase.load().runbooks["restart-gpu-stack-pod"]
    assert rb.action_class == "restart_service" and rb.approval == "required"
    assert rb.safety_class == "mitigate" and rb.rollback == []
    assert [s.tool for s in rb.steps] == [
        "k8s.describe_node",
        "k8s.gpu_stack_pod_log",
        "k8s.restart_gpu_stack_pod",
    ]
    assert rb.verification.tool == "k8s.describe_node"
    sets = {name: {t.name: t for t in ts} for name, ts in toolsets().items()}
    assert check_runbook(rb, sets) == []
