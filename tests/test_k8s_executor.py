"""The Kubernetes executor through the real ``kubernetes`` client library, end to end over HTTP
on 127.0.0.1, against a stand-in API server that answers in the API's own formats
(tests/kube_api.py says why it is not kube-apiserver itself: none can be installed here).

What matters: dry-run is the server's (``dryRun=All`` on every write, nothing stored); a
PodDisruptionBudget refusal is an error naming the budget, never a success; gpufleet never undoes
a cordon or taint it did not make; a stale read is a conflict, not an overwrite.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("kubernetes", reason="the kubernetes client is a gpufleet dependency")

from gpufleet.agents.sre.config import SreConfigError, load_sre_config
from gpufleet.graph.executors.k8s import k8s_tools
from gpufleet.graph.executors.k8s_client import K8sConfigError, k8s_executor
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.graph.tools import ToolRegistry, ToolResult
from tests.kube_api import STRATEGIC, Cluster, KubeApi, node_object, pdb_object, pod_object

NODE = "gpu-node-07"
NOW = 1_795_000_000.0  # 2026-11-18T11:06:40Z


def _cluster(*, cordoned: bool = False) -> Cluster:
    c = Cluster()
    c.nodes[NODE] = node_object(NODE, unschedulable=cordoned)
    c.pods = [
        pod_object("train-a-0", NODE, gpus=4),
        pod_object("train-b-0", NODE, gpus=2, labels={"app": "serving"}),
        pod_object("dcgm-exporter-x1", NODE, namespace="gpu-operator", owner="DaemonSet"),
        pod_object("web-0", NODE, namespace="default"),
        pod_object("old-job-0", NODE, gpus=1, phase="Succeeded"),
        pod_object("elsewhere-0", "gpu-node-08", gpus=8),
    ]
    # serving may lose no pod: evicting train-b-0 must be refused with this budget's name
    c.pdbs = [pdb_object("serving-pdb", "training", {"app": "serving"}, allowed=0)]
    return c


@pytest.fixture
def api(tmp_path: Path) -> Iterator[KubeApi]:
    with KubeApi(_cluster(), tmp_path) as server:
        yield server


def _registry(api: KubeApi, *, dry_run: bool = True) -> ToolRegistry:
    cfg = KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig, dry_run=dry_run)
    return ToolRegistry(k8s_tools(k8s_executor(cfg, clock=lambda: NOW)))


def _call(reg: ToolRegistry, tool: str, **args: object) -> ToolResult:
    return reg.call(tool, {"node": NODE, **args})


def test_describe_node_reads_gpus_pods_and_cordon_state(api: KubeApi) -> None:
    res = _call(_registry(api), "k8s.describe_node")
    assert res.status == "ok", res.error
    d = res.data
    assert d["unschedulable"] is False and d["cordoned_by_gpufleet"] is None
    assert (d["capacity_gpus"], d["allocatable_gpus"]) == ("8", "8")
    assert d["gpu_product"] == "NVIDIA-H100-80GB-HBM3"
    names = {p["name"] for p in d["pods"]}
    assert "elsewhere-0" not in names and {"train-a-0", "dcgm-exporter-x1"} <= names
    assert d["gpu_pods_to_move"] == 2  # train-a-0, train-b-0; not the DaemonSet, not finished
    (listing,) = [r for r in api.cluster.requests if r.path == "/api/v1/pods"]
    assert listing.query["fieldSelector"] == [f"spec.nodeName={NODE}"]


def test_dry_run_cordon_is_validated_by_the_server_and_stores_nothing(api: KubeApi) -> None:
    before = copy.deepcopy(api.cluster.nodes[NODE])
    res = _call(_registry(api), "k8s.cordon_node", reason="gpufleet inc-1: Xid 79")
    assert res.status == "dry_run", res.error
    assert res.data["after"]["unschedulable"] is True  # what the server would store
    (patch,) = api.cluster.writes()
    assert patch.query["dryRun"] == ["All"]
    assert patch.content_type == STRATEGIC
    assert patch.body["spec"] == {"unschedulable": True}
    assert patch.body["metadata"]["annotations"] == {
        "gpufleet.io/cordoned": "gpufleet inc-1: Xid 79"
    }
    assert api.cluster.nodes[NODE] == before


def test_cordon_and_uncordon_for_real_mark_and_clear_gpufleets_annotation(api: KubeApi) -> None:
    reg = _registry(api, dry_run=False)
    res = _call(reg, "k8s.cordon_node", reason="gpufleet inc-1: Xid 79")
    assert res.status == "ok" and res.data["outcome"] == "changed", res.error
    node = api.cluster.nodes[NODE]
    assert node["spec"]["unschedulable"] is True
    assert node["metadata"]["annotations"]["gpufleet.io/cordoned"] == "gpufleet inc-1: Xid 79"
    assert all("dryRun" not in w.query for w in api.cluster.writes())
    # a second cordon changes nothing and sends nothing
    writes = len(api.cluster.writes())
    assert _call(reg, "k8s.cordon_node", reason="again").data["outcome"] == "unchanged"
    assert len(api.cluster.writes()) == writes

    res = _call(reg, "k8s.uncordon_node")
    assert res.status == "ok", res.error
    node = api.cluster.nodes[NODE]
    assert "unschedulable" not in node["spec"]
    assert "gpufleet.io/cordoned" not in node["metadata"]["annotations"]


def test_a_cordon_made_by_a_person_is_never_recordoned_nor_uncordoned(tmp_path: Path) -> None:
    with KubeApi(_cluster(cordoned=True), tmp_path) as api:
        reg = _registry(api, dry_run=False)
        res = _call(reg, "k8s.uncordon_node")
        assert res.status == "denied" and "cordoned by someone else" in (res.error or "")
        res = _call(reg, "k8s.cordon_node", reason="gpufleet inc-2")
        assert res.status == "denied"
        assert api.cluster.writes() == []
        assert api.cluster.nodes[NODE]["spec"]["unschedulable"] is True


def test_drain_evicts_gpu_pods_and_reports_the_pdb_that_blocks_one(tmp_path: Path) -> None:
    with KubeApi(_cluster(cordoned=True), tmp_path) as api:
        res = _call(_registry(api, dry_run=False), "k8s.evict_pods", grace_period_s=120)
        assert res.status == "error"  # one pod could not move: the node is not empty
        assert "blocked by PDB serving-pdb" in (res.error or "")
        outcomes = {e["name"]: e["outcome"] for e in res.data["evictions"]}
        assert outcomes == {"train-a-0": "evicted", "train-b-0": "blocked"}
        staying = {s["name"]: s["why"] for s in res.data["staying"]}
        assert staying["dcgm-exporter-x1"].startswith("DaemonSet")
        assert staying["web-0"] == "does not request nvidia.com/gpu"
        assert staying["old-job-0"] == "finished"
        left = {p["metadata"]["name"] for p in api.cluster.pods}
        assert "train-a-0" not in left and "train-b-0" in left
        evict = next(r for r in api.cluster.writes() if r.path.endswith("train-a-0/eviction"))
        assert evict.body["kind"] == "Eviction" and evict.body["apiVersion"] == "policy/v1"
        assert evict.body["deleteOptions"] == {"gracePeriodSeconds": 120}


def test_dry_run_drain_asks_the_server_and_still_reports_the_pdb(tmp_path: Path) -> None:
    with KubeApi(_cluster(cordoned=True), tmp_path) as api:
        pods = copy.deepcopy(api.cluster.pods)
        res = _call(_registry(api), "k8s.evict_pods")
        assert res.status == "error" and "blocked by PDB serving-pdb" in (res.error or "")
        assert {e["name"]: e["outcome"] for e in res.data["evictions"]}["train-a-0"] == (
            "would_evict"
        )
        for w in api.cluster.writes():
            assert w.query["dryRun"] == ["All"] and w.body["deleteOptions"]["dryRun"] == ["All"]
        assert api.cluster.pods == pods


def test_dry_run_drain_without_any_budget_in_the_way_is_a_dry_run_result(tmp_path: Path) -> None:
    c = _cluster(cordoned=True)
    c.pdbs = []
    with KubeApi(c, tmp_path) as api:
        res = _call(_registry(api), "k8s.evict_pods")
        assert res.status == "dry_run", res.error
        assert len(api.cluster.pods) == 6


def test_a_real_drain_of_a_schedulable_node_is_refused(api: KubeApi) -> None:
    res = _call(_registry(api, dry_run=False), "k8s.evict_pods")
    assert res.status == "denied" and "not cordoned" in (res.error or "")
    assert api.cluster.writes() == []


def test_taints_only_under_gpufleets_prefix_and_a_stale_read_is_a_conflict(api: KubeApi) -> None:
    reg = _registry(api, dry_run=False)
    res = _call(
        reg, "k8s.taint_node", key="gpufleet.io/gpu-fault", value="xid79", effect="NoExecute"
    )
    assert res.status == "ok", res.error
    assert {"key": "gpufleet.io/gpu-fault", "value": "xid79", "effect": "NoExecute"} in (
        api.cluster.nodes[NODE]["spec"]["taints"]
    )
    res = _call(reg, "k8s.untaint_node", key="nvidia.com/gpu")
    assert res.status == "denied" and "never touched" in (res.error or "")
    res = _call(reg, "k8s.untaint_node", key="gpufleet.io/gpu-fault")
    assert res.status == "ok", res.error
    assert "taints" not in api.cluster.nodes[NODE]["spec"]

    # someone changes the node between gpufleet's read and its write: 409, nothing overwritten
    stale = copy.deepcopy(api.cluster.nodes[NODE])
    api.cluster.nodes[NODE]["metadata"]["resourceVersion"] = "99999"
    executor = k8s_executor(KubernetesConfig(kubeconfig=api.kubeconfig, dry_run=False))
    executor._read_node = lambda node: stale  # type: ignore[method-assign]
    res = ToolRegistry(k8s_tools(executor)).call(
        "k8s.taint_node", {"node": NODE, "key": "gpufleet.io/gpu-fault"}
    )
    assert res.status == "error" and "HTTP 409" in (res.error or "")
    assert "taints" not in api.cluster.nodes[NODE]["spec"]


def test_node_condition_is_merged_by_type_and_kubelet_conditions_are_refused(
    api: KubeApi,
) -> None:
    reg = _registry(api, dry_run=False)
    res = _call(
        reg,
        "k8s.set_node_condition",
        type="GpuHealthy",
        status="False",
        reason="XidError",
        message="Xid 79 on GPU 3",
    )
    assert res.status == "ok", res.error
    (write,) = api.cluster.writes()
    assert write.path == f"/api/v1/nodes/{NODE}/status" and write.content_type == STRATEGIC
    conditions = {c["type"]: c for c in api.cluster.nodes[NODE]["status"]["conditions"]}
    assert conditions["Ready"]["status"] == "True"  # merged, not replaced
    assert conditions["GpuHealthy"]["status"] == "False"
    assert conditions["GpuHealthy"]["lastTransitionTime"] == "2026-11-18T11:06:40Z"
    res = _call(reg, "k8s.set_node_condition", type="Ready", status="False", reason="X")
    assert res.status == "denied"


def test_unknown_node_unreachable_server_and_bad_token_are_one_line_errors(
    api: KubeApi, tmp_path: Path
) -> None:
    res = _registry(api).call("k8s.describe_node", {"node": "no-such-node"})
    assert res.status == "error" and 'HTTP 404: nodes "no-such-node" not found' in (res.error or "")
    # arguments are checked before any request: a node name that is not a DNS name
    res = _registry(api).call("k8s.cordon_node", {"node": "Node_07;rm", "reason": "x"})
    assert res.status == "error" and "invalid arguments" in (res.error or "")

    bad = tmp_path / "bad-token"
    bad.write_text(api.kubeconfig.read_text().replace("test-token-7f3a", "wrong"))
    reg = ToolRegistry(k8s_tools(k8s_executor(KubernetesConfig(kubeconfig=bad))))
    res = reg.call("k8s.describe_node", {"node": NODE})
    assert res.status == "error" and "HTTP 401" in (res.error or "")

    url = api.url
    api.__exit__(None, None, None)
    gone = tmp_path / "gone"
    gone.write_text(api.kubeconfig.read_text())
    reg = ToolRegistry(k8s_tools(k8s_executor(KubernetesConfig(kubeconfig=gone))))
    res = reg.call("k8s.describe_node", {"node": NODE})
    assert res.status == "error" and f"GET node {NODE}" in (res.error or ""), url
    assert "Traceback" not in (res.error or "")


def test_config_is_strict_and_a_broken_kubeconfig_is_a_clear_error(tmp_path: Path) -> None:
    cfg_file = tmp_path / "sre.yaml"
    cfg_file.write_text("kubernetes: {enabled: true, kubeconfig: kube/config, contxt: prod}\n")
    with pytest.raises(SreConfigError, match="contxt"):
        load_sre_config(cfg_file)
    cfg_file.write_text("kubernetes: {enabled: true, in_cluster: true, kubeconfig: x}\n")
    with pytest.raises(SreConfigError, match="in_cluster"):
        load_sre_config(cfg_file)
    cfg_file.write_text("kubernetes: {enabled: true, kubeconfig: kube/config}\n")
    cfg = load_sre_config(cfg_file)
    assert cfg.kubernetes.kubeconfig == tmp_path / "kube" / "config"  # relative to the file
    assert cfg.kubernetes.dry_run is True
    with pytest.raises(K8sConfigError, match="kubeconfig"):
        k8s_executor(cfg.kubernetes)
    (tmp_path / "kube").mkdir()
    (tmp_path / "kube" / "config").write_text("apiVersion: v1\nkind: Config\nclusters: []\n")
    with pytest.raises(K8sConfigError):
        k8s_executor(cfg.kubernetes)


def test_live_wiring_adds_the_k8s_tools_when_enabled(api: KubeApi) -> None:
    from gpufleet.agents.sre.config import SreConfig
    from gpufleet.agents.sre.live import live_wiring
    from gpufleet.telemetry.topology import Topology, build_cluster

    topology = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    off = live_wiring(SreConfig(), topology)
    assert not any(t.name.startswith("k8s.") for t in off.tools)
    assert off.sources["kubernetes"] == "not configured"
    cfg = SreConfig(kubernetes=KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig))
    on = live_wiring(cfg, topology)
    tools = {t.name: t for t in on.tools if t.name.startswith("k8s.")}
    assert set(tools) == {
        "k8s.describe_node",
        "k8s.cordon_node",
        "k8s.uncordon_node",
        "k8s.evict_pods",
        "k8s.taint_node",
        "k8s.untaint_node",
        "k8s.set_node_condition",
        "k8s.restart_gpu_stack_pod",
        "k8s.gpu_stack_pod_log",
        # the evidence reads over the same client (agents/sre/k8s_reads.py)
        "k8s.events",
        "k8s.node_conditions",
        "k8s.pod_log",
    }
    assert "dry-run" in on.sources["kubernetes"]
    res = ToolRegistry(tools.values()).call(
        "k8s.cordon_node", {"node": NODE, "reason": "gpufleet inc-9"}
    )
    assert res.status == "dry_run", res.error
    # a kubeconfig that cannot be loaded stops the start with one line, not at the first step
    broken = SreConfig(
        kubernetes=KubernetesConfig(enabled=True, kubeconfig=api.kubeconfig.parent / "none")
    )
    with pytest.raises(K8sConfigError, match="kubeconfig"):
        live_wiring(broken, topology)
