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


def owner_kind(pod: Mapping[str, Any]) -> str | None:
    for ref in _get(pod, "metadata", "ownerReferences") or []:
        if ref.get("controller"):
            return str(ref.get("kind"))
    return None


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
