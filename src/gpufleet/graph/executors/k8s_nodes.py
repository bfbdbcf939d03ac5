"""Pure views of Kubernetes objects for the Kubernetes executor: JSON dicts in (as the API
serves them, camelCase), small summaries and decisions out. No client, no I/O.

Which pods a drain moves follows ``kubectl drain``: pods that already finished, DaemonSet
pods (the device plugin, dcgm-exporter: they belong on the node) and static (mirror) pods
stay; with ``resource`` given, only pods requesting that resource (``nvidia.com/gpu``) move.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from gpufleet.telemetry.k8s_evidence import gpu_stack_pod

# The conditions the kubelet owns and rewrites every few seconds: gpufleet never sets them.
KUBELET_CONDITIONS = frozenset(
    {"Ready", "MemoryPressure", "DiskPressure", "PIDPressure", "NetworkUnavailable"}
)
MIRROR_ANNOTATION = "kubernetes.io/config.mirror"
_PDB_NAME = re.compile(r"The disruption budget (?P<name>[a-z0-9]([-a-z0-9.]*[a-z0-9])?)\b")


def _get(obj: Mapping[str, Any], *path: str) -> Any:
    cur: Any = obj
    for key in path:
        if not isinstance(cur, Mapping):
            return None
        cur = cur.get(key)
    return cur


def node_annotations(node: Mapping[str, Any]) -> dict[str, str]:
    return dict(_get(node, "metadata", "annotations") or {})


def taints(node: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [dict(t) for t in (_get(node, "spec", "taints") or [])]


def is_cordoned(node: Mapping[str, Any]) -> bool:
    return bool(_get(node, "spec", "unschedulable"))


def pod_requests(pod: Mapping[str, Any], resource: str) -> int:
    """How many of ``resource`` the pod's containers ask for (limits count when no request
    is set, as the scheduler does for extended resources)."""
    total = 0
    for c in _get(pod, "spec", "containers") or []:
        res = c.get("resources") or {}
        value = (res.get("requests") or {}).get(resource) or (res.get("limits") or {}).get(resource)
        if value is not None:
            try:
                total += int(str(value))
            except ValueError:
                total += 1  # a quantity we cannot read still means "uses it"
    return total


def _controller(pod: Mapping[str, Any]) -> Mapping[str, Any]:
    for ref in _get(pod, "metadata", "ownerReferences") or []:
        if ref.get("controller"):
            return dict(ref)
    return {}


def owner_kind(pod: Mapping[str, Any]) -> str | None:
    kind = _controller(pod).get("kind")
    return None if kind is None else str(kind)


def owner_name(pod: Mapping[str, Any]) -> str | None:
    name = _controller(pod).get("name")
    return None if name is None else str(name)


def gpu_stack_pods(pods: Sequence[Mapping[str, Any]], component: str) -> list[Mapping[str, Any]]:
    """The pods of one GPU-stack component (``device-plugin``, ``dcgm-exporter``, ...).

    A pod is of the GPU stack when its name is (:func:`telemetry.k8s_evidence.gpu_stack_pod`:
    the GPU Operator's ``nvidia-*`` pods) or its ``app.kubernetes.io/name`` label is (the
    device plugin's Helm chart names its DaemonSet ``<release>-nvidia-device-plugin``, so a
    pod of release ``nvdp`` is ``nvdp-nvidia-device-plugin-x7k2p``). A DaemonSet's pod is of
    ``component`` when the DaemonSet's name ends in it, optionally followed by ``-daemonset``
    (the operator's ``nvidia-device-plugin-daemonset``): ending, not containing, because
    ``nvidia-device-plugin-mps-control-daemon`` is another DaemonSet than the plugin's. Any
    other pod is when its own name contains ``component`` (so that a hand-made plugin pod is
    found, and refused, rather than overlooked)."""
    tail = re.compile(rf"{re.escape(component)}(-daemonset)?$")
    out = []
    for pod in pods:
        name = str(_get(pod, "metadata", "name") or "")
        app = str((_get(pod, "metadata", "labels") or {}).get("app.kubernetes.io/name") or "")
        if not (gpu_stack_pod(name) or gpu_stack_pod(app)):
            continue
        if owner_kind(pod) == "DaemonSet":
            if tail.search(owner_name(pod) or "") is not None:
                out.append(pod)
        elif component in name:
            out.append(pod)
    return out


def pod_summary(pod: Mapping[str, Any], resource: str) -> dict[str, Any]:
    return {
        "namespace": _get(pod, "metadata", "namespace"),
        "name": _get(pod, "metadata", "name"),
        "phase": _get(pod, "status", "phase"),
        "owner_kind": owner_kind(pod),
        resource: pod_requests(pod, resource),
    }


def stays_on_node(pod: Mapping[str, Any], resource: str | None) -> str | None:
    """Why a drain leaves ``pod`` where it is, or None when it is to be evicted."""
    if _get(pod, "status", "phase") in ("Succeeded", "Failed"):
        return "finished"
    if owner_kind(pod) == "DaemonSet":
        return "DaemonSet pod (belongs on the node)"
    if MIRROR_ANNOTATION in (_get(pod, "metadata", "annotations") or {}):
        return "static (mirror) pod, managed by the kubelet"
    if resource and pod_requests(pod, resource) == 0:
        return f"does not request {resource}"
    return None


def node_summary(
    node: Mapping[str, Any], pods: Sequence[Mapping[str, Any]], cordon_annotation: str
) -> dict[str, Any]:
    """What ``k8s.describe_node`` shows: schedulability and who cordoned, taints, conditions,
    GPU capacity vs allocatable, and the pods on the node."""
    gpu = "nvidia.com/gpu"
    status = node.get("status") or {}
    return {
        "name": _get(node, "metadata", "name"),
        "unschedulable": is_cordoned(node),
        "cordoned_by_gpufleet": node_annotations(node).get(cordon_annotation),
        "taints": taints(node),
        "conditions": [
            {k: c.get(k) for k in ("type", "status", "reason", "message")}
            for c in status.get("conditions") or []
        ],
        "capacity_gpus": (status.get("capacity") or {}).get(gpu),
        "allocatable_gpus": (status.get("allocatable") or {}).get(gpu),
        "gpu_product": (_get(node, "metadata", "labels") or {}).get("nvidia.com/gpu.product"),
        "pods": [pod_summary(p, gpu) for p in pods],
        "gpu_pods_to_move": sum(1 for p in pods if stays_on_node(p, gpu) is None),
        "resource_version": _get(node, "metadata", "resourceVersion"),
    }


def status_body(body: str | bytes | None) -> dict[str, Any]:
    """The ``Status`` object of an error response, or {} when the body is not one."""
    if not body:
        return {}
    try:
        doc = json.loads(body)
    except (ValueError, UnicodeDecodeError):
        return {}
    return doc if isinstance(doc, dict) and doc.get("kind") == "Status" else {}


def blocking_pdb(status: Mapping[str, Any]) -> str | None:
    """The PodDisruptionBudget a 429 eviction refusal names (its ``DisruptionBudget`` cause:
    "The disruption budget <name> needs 2 healthy pods and has 2 currently")."""
    for cause in _get(status, "details", "causes") or []:
        if cause.get("reason") == "DisruptionBudget":
            m = _PDB_NAME.search(str(cause.get("message") or ""))
            if m:
                return m.group("name")
    return None


def status_text(status: Mapping[str, Any], fallback: str) -> str:
    message = status.get("message") or fallback
    causes = [str(c.get("message")) for c in _get(status, "details", "causes") or []]
    return f"{message} ({'; '.join(causes)})" if causes else str(message)


def container_state(cs: Mapping[str, Any]) -> dict[str, Any]:
    """One ``containerStatuses`` entry as a person reads it: ready, restarts, why it waits
    (``CrashLoopBackOff``) and how its last run ended (reason, exit code)."""
    last = _get(cs, "lastState", "terminated") or {}
    return {
        "name": str(cs.get("name") or ""),
        "ready": bool(cs.get("ready")),
        "restarts": int(cs.get("restartCount") or 0),
        "waiting": _get(cs, "state", "waiting", "reason"),
        "last_exit": {"reason": last.get("reason"), "exit_code": last.get("exitCode")}
        if last
        else None,
    }
