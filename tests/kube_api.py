"""A stand-in Kubernetes API server on 127.0.0.1 for the Kubernetes executor's tests.

Why not the real one: kube-apiserver is not packaged for Debian 12 (the `kubernetes` source
package left Debian; only `kubernetes-client`, kubectl 1.20, remains), no PyPI package ships
it, and the only registries these machines reach are PyPI and Debian's, so neither a release
binary nor envtest/kind/k3s can be fetched; building it from source needs the whole
k8s.io/kubernetes tree. `etcd-server` alone (Debian) would not help without the API server.

So this server answers the few endpoints the executor uses with objects in the exact JSON the
API serves (built from the Kubernetes API reference v1.31: Node, NodeList, Pod, PodList, Status;
Eviction in policy/v1), including the responses that matter most:

- an Eviction a PodDisruptionBudget forbids: HTTP 429, a ``Status`` with reason
  ``TooManyRequests``, message "Cannot evict pod as it would violate the pod's disruption
  budget." and a cause ``{"reason": "DisruptionBudget", "message": "The disruption budget
  <name> needs <n> healthy pods and has <m> currently"}`` (pkg/registry/core/pod/storage/
  eviction.go, ``checkAndDecrement``);
- a pod with two budgets: HTTP 500 "This pod has more than one PodDisruptionBudget, which the
  eviction subresource does not support.";
- a PATCH whose ``metadata.resourceVersion`` is stale: HTTP 409 ``Conflict``;
- a missing object: HTTP 404 ``NotFound``; a request without the bearer token: HTTP 401;
- ``DELETE /api/v1/namespaces/{ns}/pods/{name}``: HTTP 200 with the Pod as it now is
  (``metadata.deletionTimestamp`` and ``deletionGracePeriodSeconds`` set: graceful deletion
  leaves it terminating; a grace period of 0 removes it at once), its ``DeleteOptions`` read
  from the body when there is one and from the query otherwise (as the server's delete
  handler does), a ``preconditions.uid`` that is not the pod's: HTTP 409 "Precondition
  failed: UID in precondition: …, UID in object meta: …".

For the SRE agent's evidence reads it also serves ``GET /api/v1/events`` (an ``EventList`` of
the cluster's ``core/v1`` Events), ``GET /api/v1/nodes`` (a ``NodeList`` with the nodes' status
conditions), ``GET /api/v1/namespaces/{ns}/pods/{name}`` and its ``/log`` (``text/plain``,
``tailLines`` honoured; ``previous=true`` serves the previous run's log, HTTP 400 when the
container has none).

``dryRun=All`` is honoured as the server does: the request is checked and answered, nothing is
stored. Every request is recorded (method, path, query, content type, body) so a test can
check what the real ``kubernetes`` client library actually sent.
"""

from __future__ import annotations

import copy
import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

TOKEN = "test-token-7f3a"
CREATED = "2026-11-01T08:00:00Z"
DELETED = "2026-11-25T19:00:30Z"  # a deleted pod's deletionTimestamp (the server's now + grace)
STRATEGIC = "application/strategic-merge-patch+json"


def node_object(name: str, *, unschedulable: bool = False, rv: int = 4711) -> dict[str, Any]:
    """A GPU node as ``GET /api/v1/nodes/{name}`` returns it."""
    ready = {
        "type": "Ready",
        "status": "True",
        "lastHeartbeatTime": "2026-11-25T19:00:00Z",
        "lastTransitionTime": CREATED,
        "reason": "KubeletReady",
        "message": "kubelet is posting ready status",
    }
    resources = {"cpu": "192", "memory": "2113612196Ki", "nvidia.com/gpu": "8", "pods": "110"}
    node: dict[str, Any] = {
        "kind": "Node",
        "apiVersion": "v1",
        "metadata": {
            "name": name,
            "uid": f"6b1c0e2e-0000-4000-8000-{abs(hash(name)) % 10**12:012d}",
            "resourceVersion": str(rv),
            "creationTimestamp": CREATED,
            "labels": {
                "kubernetes.io/hostname": name,
                "kubernetes.io/os": "linux",
                "nvidia.com/gpu.product": "NVIDIA-H100-80GB-HBM3",
                "nvidia.com/gpu.count": "8",
            },
            "annotations": {"node.alpha.kubernetes.io/ttl": "0"},
        },
        "spec": {"podCIDR": "10.244.7.0/24", "podCIDRs": ["10.244.7.0/24"]},
        "status": {
            "capacity": dict(resources),
            "allocatable": {**resources, "cpu": "190", "memory": "2111515044Ki"},
            "conditions": [ready],
            "addresses": [
                {"type": "InternalIP", "address": "10.0.0.7"},
                {"type": "Hostname", "address": name},
            ],
            "daemonEndpoints": {"kubeletEndpoint": {"Port": 10250}},
            "nodeInfo": {
                "machineID": "0c1f3a8e9d2b4c5a8e7f6d5c4b3a2910",
                "systemUUID": "4c4c4544-0047-3510-8051-b7c04f4e4d32",
                "bootID": "8a4f5b2e-1d3c-4e6f-9a8b-7c6d5e4f3a2b",
                "kernelVersion": "6.1.0-27-amd64",
                "osImage": "Debian GNU/Linux 12 (bookworm)",
                "containerRuntimeVersion": "containerd://1.7.22",
                "kubeletVersion": "v1.31.2",
                "kubeProxyVersion": "v1.31.2",
                "operatingSystem": "linux",
                "architecture": "amd64",
            },
        },
    }
    if unschedulable:
        node["spec"]["unschedulable"] = True
        node["spec"]["taints"] = [
            {
                "key": "node.kubernetes.io/unschedulable",
                "effect": "NoSchedule",
                "timeAdded": CREATED,
            }
        ]
    return node


def oom_killed(
    container: str = "main", restarts: int = 1, started: str = CREATED
) -> dict[str, Any]:
    """A container status whose last run the kernel killed at its memory limit: ``lastState.
    terminated`` with reason ``OOMKilled`` and exit code 137 (128 + SIGKILL), as the API
    serves it while the kubelet backs off restarting it."""
    return {
        "name": container,
        "ready": False,
        "restartCount": restarts,
        "image": "nvcr.io/nvidia/pytorch:24.10-py3",
        "imageID": "nvcr.io/nvidia/pytorch@sha256:0d5d",
        "containerID": "containerd://4be2",
        "started": False,
        "state": {
            "waiting": {
                "reason": "CrashLoopBackOff",
                "message": f"back-off 10s restarting failed container={container}",
            }
        },
        "lastState": {
            "terminated": {
                "exitCode": 137,
                "reason": "OOMKilled",
                "startedAt": started,
                "finishedAt": started,
                "containerID": "containerd://4be2",
            }
        },
    }


def pod_object(
    name: str,
    node: str,
    *,
    namespace: str = "training",
    gpus: int = 0,
    owner: str | None = "ReplicaSet",
    owner_name: str | None = None,
    labels: dict[str, str] | None = None,
    phase: str = "Running",
) -> dict[str, Any]:
    """A pod as it appears in ``GET /api/v1/pods?fieldSelector=spec.nodeName=...``.
    ``owner``: its controller's kind (None: a bare pod, no owner); ``owner_name``: the
    controller's name (default: derived from the pod's)."""
    resources = {"limits": {"nvidia.com/gpu": str(gpus)}} if gpus else {}
    pod: dict[str, Any] = {
        "metadata": {
            "name": name,
            "namespace": namespace,
            "uid": f"0d9e8f7a-0000-4000-8000-{abs(hash(name)) % 10**12:012d}",
            "resourceVersion": "9001",
            "creationTimestamp": CREATED,
            "labels": labels or {"app": name.rsplit("-", 1)[0]},
            "ownerReferences": [
                {
                    "apiVersion": "apps/v1",
                    "kind": owner,
                    "name": owner_name or f"{name.rsplit('-', 1)[0]}-owner",
                    "uid": "5e6f7a8b-0000-4000-8000-000000000001",
                    "controller": True,
                    "blockOwnerDeletion": True,
                }
            ],
        },
        "spec": {
            "nodeName": node,
            "containers": [
                {
                    "name": "main",
                    "image": "nvcr.io/nvidia/pytorch:24.10-py3",
                    "resources": resources,
                }
            ],
            "restartPolicy": "Always",
        },
        "status": {"phase": phase, "podIP": "10.244.7.21", "startTime": CREATED},
    }
    if owner is None:
        del pod["metadata"]["ownerReferences"]
    return pod


def pdb_object(name: str, namespace: str, match: dict[str, str], allowed: int) -> dict[str, Any]:
    """A PodDisruptionBudget (policy/v1) with its status as the disruption controller keeps it."""
    return {
        "apiVersion": "policy/v1",
        "kind": "PodDisruptionBudget",
        "metadata": {"name": name, "namespace": namespace},
        "spec": {"minAvailable": 2, "selector": {"matchLabels": match}},
        "status": {
            "disruptionsAllowed": allowed,
            "currentHealthy": 2 + allowed,
            "desiredHealthy": 2,
            "expectedPods": 2 + allowed,
        },
    }


def status(code: int, reason: str, message: str, **details: Any) -> dict[str, Any]:
    """A ``Status`` (meta/v1) as the API server writes errors."""
    out: dict[str, Any] = {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure" if code >= 400 else "Success",
        "message": message,
        "reason": reason,
        "code": code,
    }
    if details:
        out["details"] = details
    return out


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    content_type: str | None
    body: Any


@dataclass
class Cluster:
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    pods: list[dict[str, Any]] = field(default_factory=list)
    pdbs: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)  # core/v1 Event objects
    logs: dict[tuple[str, str], str] = field(default_factory=dict)  # (namespace, pod) → log
    # (namespace, pod) → the log of the container's previous run (GET ...?previous=true)
    previous_logs: dict[tuple[str, str], str] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def writes(self) -> list[Recorded]:
        return [r for r in self.requests if r.method in ("PATCH", "POST", "PUT", "DELETE")]


def _merge(dst: dict[str, Any], patch: dict[str, Any]) -> None:
    """Strategic merge for the fields the executor patches: maps merge (null deletes a key),
    ``conditions`` merge by ``type``, other lists (``taints``) are replaced."""
    for key, value in patch.items():
        if value is None:
            dst.pop(key, None)
        elif key == "conditions" and isinstance(value, list):
            by_type = {c["type"]: c for c in dst.get(key, [])}
            for c in value:
                by_type[c["type"]] = {**by_type.get(c["type"], {}), **c}
            dst[key] = list(by_type.values())
        elif isinstance(value, dict) and isinstance(dst.get(key), dict):
            _merge(dst[key], value)
        else:
            dst[key] = copy.deepcopy(value)


class _Handler(BaseHTTPRequestHandler):
    cluster: Cluster

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def _send(self, code: int, doc: dict[str, Any] | str) -> None:
        # a pod log is served as text/plain, everything else as the API's JSON
        text = isinstance(doc, str)
        data = doc.encode() if isinstance(doc, str) else json.dumps(doc).encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain" if text else "application/json")
        self.send_header("Content-Length", str(len(data)))
        if code == 429:
            self.send_header("Retry-After", "10")
        self.end_headers()
        self.wfile.write(data)

    def _handle(self, method: str) -> None:
        url = urlsplit(self.path)
        query = parse_qs(url.query)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        body = json.loads(raw) if raw else None
        c = self.cluster
        with c.lock:
            c.requests.append(
                Recorded(method, url.path, query, self.headers.get("Content-Type"), body)
            )
            if self.headers.get("Authorization") != f"Bearer {TOKEN}":
                self._send(401, status(401, "Unauthorized", "Unauthorized"))
                return
            code, doc = route(
                c,
                method,
                url.path.strip("/").split("/"),
                query,
                body,
                self.headers.get("Content-Type"),
            )
        self._send(code, doc)

    def do_GET(self) -> None:
        self._handle("GET")

    def do_PATCH(self) -> None:
        self._handle("PATCH")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_DELETE(self) -> None:
        self._handle("DELETE")


def _not_found(kind: str, name: str) -> tuple[int, dict[str, Any]]:
    return 404, status(404, "NotFound", f'{kind} "{name}" not found', name=name, kind=kind)


def _list(kind: str, items: list[dict[str, Any]], limit: list[str] | None) -> dict[str, Any]:
    n = int(limit[0]) if limit else len(items)
    return {
        "kind": kind,
        "apiVersion": "v1",
        "metadata": {"resourceVersion": "9100"},
        "items": copy.deepcopy(items[:n]),
    }


def _read(c: Cluster, method: str, parts: list[str], query: dict[str, list[str]]) -> Any:
    """The read endpoints of the SRE agent's Kubernetes evidence: events, nodes with their
    status conditions, one pod, a pod's log (text/plain; ``tailLines`` honoured)."""
    if method != "GET":
        return None
    match parts:
        case ["api", "v1", "events"]:
            return 200, _list("EventList", c.events, query.get("limit"))
        case ["api", "v1", "nodes"]:
            return 200, _list("NodeList", list(c.nodes.values()), query.get("limit"))
        case ["api", "v1", "namespaces", ns, "pods", name, *sub] if sub in ([], ["log"]):
            pod = next(
                (
                    p
                    for p in c.pods
                    if p["metadata"]["name"] == name and p["metadata"]["namespace"] == ns
                ),
                None,
            )
            if pod is None:
                return _not_found("pods", name)
            if not sub:
                return 200, {"kind": "Pod", "apiVersion": "v1", **pod}
            logs = c.logs
            if query.get("previous") == ["true"]:
                if (ns, name) not in c.previous_logs:
                    container = (query.get("container") or ["main"])[0]
                    return 400, status(
                        400,
                        "BadRequest",
                        f'previous terminated container "{container}" in pod "{name}" not found',
                    )
                logs = c.previous_logs
            lines = logs.get((ns, name), "").splitlines(keepends=True)
            tail = query.get("tailLines")
            return 200, "".join(lines[-int(tail[0]) :] if tail else lines)
    return None


def route(
    c: Cluster,
    method: str,
    parts: list[str],
    query: dict[str, list[str]],
    body: Any,
    content_type: str | None,
) -> tuple[int, dict[str, Any] | str]:
    dry = query.get("dryRun") == ["All"]
    read = _read(c, method, parts, query)
    if read is not None:
        return read  # type: ignore[no-any-return]
    match parts:
        case ["api", "v1", "nodes", name] if method == "GET":
            return (200, c.nodes[name]) if name in c.nodes else _not_found("nodes", name)
        case ["api", "v1", "nodes", name, *sub] if method == "PATCH" and sub in ([], ["status"]):
            if name not in c.nodes:
                return _not_found("nodes", name)
            if content_type != STRATEGIC:
                return 415, status(
                    415,
                    "UnsupportedMediaType",
                    "the body of the request was in an unknown format - "
                    f"accepted media types include: {STRATEGIC}",
                )
            return _patch_node(c, name, body, dry)
        case ["api", "v1", "pods"] if method == "GET":
            selector = (query.get("fieldSelector") or [""])[0]
            node = selector.removeprefix("spec.nodeName=")
            items = [p for p in c.pods if p["spec"]["nodeName"] == node]
            return 200, {
                "kind": "PodList",
                "apiVersion": "v1",
                "metadata": {"resourceVersion": "9100"},
                "items": items,
            }
        case ["api", "v1", "namespaces", ns, "pods", name, "eviction"] if method == "POST":
            return _evict(c, ns, name, body, dry)
        case ["api", "v1", "namespaces", ns, "pods", name] if method == "DELETE":
            return _delete_pod(c, ns, name, body, query)
    return 404, status(404, "NotFound", "the server could not find the requested resource")


def _patch_node(
    c: Cluster, name: str, body: dict[str, Any], dry: bool
) -> tuple[int, dict[str, Any]]:
    node = c.nodes[name]
    want_rv = (body.get("metadata") or {}).get("resourceVersion")
    if want_rv is not None and want_rv != node["metadata"]["resourceVersion"]:
        return 409, status(
            409,
            "Conflict",
            f'Operation cannot be fulfilled on nodes "{name}": the object has been modified; '
            "please apply your changes to the latest version and try again",
            name=name,
            kind="nodes",
        )
    patched = copy.deepcopy(node)
    patch = copy.deepcopy(body)
    (patch.get("metadata") or {}).pop("resourceVersion", None)
    _merge(patched, patch)
    taint = {
        "key": "node.kubernetes.io/unschedulable",
        "effect": "NoSchedule",
        "timeAdded": CREATED,
    }
    spec = patched["spec"]
    if spec.get("unschedulable") and not any(
        t["key"] == taint["key"] for t in spec.get("taints", [])
    ):
        spec.setdefault("taints", []).append(taint)  # the node lifecycle controller's taint
    if not spec.get("unschedulable"):
        spec.pop("unschedulable", None)
        spec["taints"] = [t for t in spec.get("taints", []) if t["key"] != taint["key"]]
        if not spec["taints"]:
            spec.pop("taints")
    if not dry:
        patched["metadata"]["resourceVersion"] = str(int(node["metadata"]["resourceVersion"]) + 1)
        c.nodes[name] = patched
    return 200, patched


def _evict(
    c: Cluster, ns: str, name: str, body: dict[str, Any], dry: bool
) -> tuple[int, dict[str, Any]]:
    pod = next(
        (p for p in c.pods if p["metadata"]["namespace"] == ns and p["metadata"]["name"] == name),
        None,
    )
    if pod is None:
        return _not_found("pods", name)
    if body.get("kind") != "Eviction" or body.get("apiVersion") != "policy/v1":
        return 400, status(400, "BadRequest", "not an Eviction of policy/v1")
    body_dry = (body.get("deleteOptions") or {}).get("dryRun")
    if body_dry is not None and (body_dry == ["All"]) != dry:
        return 400, status(
            400,
            "BadRequest",
            "The dryRun of the eviction's deleteOptions does not match the request's",
        )
    labels = pod["metadata"].get("labels") or {}
    budgets = [
        b
        for b in c.pdbs
        if b["metadata"]["namespace"] == ns
        and all(labels.get(k) == v for k, v in b["spec"]["selector"]["matchLabels"].items())
    ]
    if len(budgets) > 1:
        return 500, status(
            500,
            "InternalError",
            "This pod has more than one PodDisruptionBudget, "
            "which the eviction subresource does not support.",
        )
    if budgets and budgets[0]["status"]["disruptionsAllowed"] == 0:
        b = budgets[0]
        return 429, status(
            429,
            "TooManyRequests",
            "Cannot evict pod as it would violate the pod's disruption budget.",
            causes=[
                {
                    "reason": "DisruptionBudget",
                    "message": f"The disruption budget {b['metadata']['name']} needs "
                    f"{b['status']['desiredHealthy']} healthy pods and has "
                    f"{b['status']['currentHealthy']} currently",
                }
            ],
        )
    if not dry:
        if budgets:
            budgets[0]["status"]["disruptionsAllowed"] -= 1
        c.pods.remove(pod)
    return 201, {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Success",
        "code": 201,
    }


def _delete_options(body: Any, query: dict[str, list[str]]) -> dict[str, Any]:
    """DeleteOptions as the server's delete handler reads them: the body when there is one,
    else the query parameters."""
    if body:
        return dict(body)
    options: dict[str, Any] = {}
    if "gracePeriodSeconds" in query:
        options["gracePeriodSeconds"] = int(query["gracePeriodSeconds"][0])
    if "dryRun" in query:
        options["dryRun"] = query["dryRun"]
    return options


def _delete_pod(
    c: Cluster, ns: str, name: str, body: Any, query: dict[str, list[str]]
) -> tuple[int, dict[str, Any]]:
    pod = next(
        (p for p in c.pods if p["metadata"]["namespace"] == ns and p["metadata"]["name"] == name),
        None,
    )
    if pod is None:
        return _not_found("pods", name)
    options = _delete_options(body, query)
    want_uid = (options.get("preconditions") or {}).get("uid")
    if want_uid is not None and want_uid != pod["metadata"]["uid"]:
        return 409, status(
            409,
            "Conflict",
            f"Precondition failed: UID in precondition: {want_uid}, "
            f"UID in object meta: {pod['metadata']['uid']}",
            name=name,
            kind="pods",
        )
    grace = options.get("gracePeriodSeconds")
    if grace is None:
        grace = pod["spec"].get("terminationGracePeriodSeconds", 30)
    after = copy.deepcopy(pod)
    after["metadata"]["deletionTimestamp"] = DELETED
    after["metadata"]["deletionGracePeriodSeconds"] = grace
    if options.get("dryRun") != ["All"]:
        if grace == 0:
            c.pods.remove(pod)  # deleted at once; the kubelet kills the containers after
        else:
            c.pods[c.pods.index(pod)] = after  # terminating until the kubelet confirms
    return 200, {"kind": "Pod", "apiVersion": "v1", **copy.deepcopy(after)}


class KubeApi:
    """``with KubeApi(cluster) as api:`` serves ``cluster`` on 127.0.0.1; ``api.kubeconfig``
    is a kubeconfig file (token auth) the real client loads."""

    def __init__(self, cluster: Cluster, workdir: Path) -> None:
        self.cluster = cluster
        handler = type("Handler", (_Handler,), {"cluster": cluster})
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.kubeconfig = workdir / "kubeconfig"
        self.kubeconfig.write_text(
            json.dumps(
                {
                    "apiVersion": "v1",
                    "kind": "Config",
                    "clusters": [{"name": "test", "cluster": {"server": self.url}}],
                    "users": [{"name": "gpufleet", "user": {"token": TOKEN}}],
                    "contexts": [
                        {"name": "test", "context": {"cluster": "test", "user": "gpufleet"}}
                    ],
                    "current-context": "test",
                }
            )
        )
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> KubeApi:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self._thread.join()
