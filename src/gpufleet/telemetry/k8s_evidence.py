"""Kubernetes events and node conditions as typed evidence (the API's own JSON in, signatures out).

Pure: the documents the API server returns (``EventList`` of ``core/v1`` or ``events.k8s.io/v1``,
``NodeList`` or a ``Node``) in, a :class:`~telemetry.text_evidence.TextParse` out. Pod logs go
through :func:`telemetry.job_log.parse_job_log` (the same NCCL / CUDA / RDMA signatures as a
SLURM job's output); the I/O (the official ``kubernetes`` client) is in
:mod:`agents.sre.k8s_reads`.

Provenance. Every signature says where it came from: ``detail["provenance"]`` is
``kubernetes-api``; ``detail["authenticated"]`` is ``api-server``: an event or a condition is
only as trustworthy as the API server and whoever may write events or node status there (any
kubelet, controller or user with the RBAC verb). None of this is kernel evidence; a rule that
needs the kernel's word (an Xid) must not take it from here. A condition or event that names an
Xid keeps the code in ``detail["xid"]`` as a claim.

Signature kinds (``source`` ``k8s_event`` or ``k8s_node``):

======================================  =========================================================
``node_not_ready``                      condition ``Ready`` not ``True``, or event ``NodeNotReady``
``gpu_condition``                       a GPU health condition reports a problem (NVSentinel-style
                                        ``GpuHealthy=False``, ``GpuXidError=True``, ...)
``node_problem``                        a node-problem-detector condition is ``True``
                                        (``KernelDeadlock``, ``ReadonlyFilesystem``, ...)
``node_pressure``                       ``MemoryPressure`` / ``DiskPressure`` / ``PIDPressure``
``pod_evicted``                         event ``Evicted`` (the kubelet's eviction message)
``insufficient_gpu``                    ``FailedScheduling`` … ``Insufficient nvidia.com/gpu``
``device_plugin_admission_error``       ``UnexpectedAdmissionError`` (the device plugin's
                                        Allocate failed: fewer healthy GPUs than advertised)
``gpu_runtime_failed``                  ``FailedCreatePodSandBox`` / ``Failed`` whose message is
                                        the NVIDIA container runtime's (``nvidia-container-cli:
                                        initialization error: nvml error: driver/library version
                                        mismatch``, ``driver not loaded``, ``unknown device``, or
                                        ``no runtime for "nvidia" is configured``); ``detail
                                        ["runtime_error"]`` says which
``node_oom``                            the kubelet's ``SystemOOM`` ("System OOM encountered,
                                        victim process: X, pid: N") or node-problem-detector's
                                        ``OOMKilling`` ("Out of memory: Killed process N (X)")
``container_oom_killed``                (source ``k8s_pod``) a container of the pod terminated
                                        with reason ``OOMKilled`` (its memory limit; exit 137)
======================================  =========================================================

NVIDIA's GPU health conditions (NVSentinel's platform connector, docs/INTEGRATIONS.md): the
type is the health check's name - the DCGM watches ``GpuMemWatch``, ``GpuThermalWatch``,
``GpuPcieWatch``, ``GpuPowerWatch``, ``GpuInforomWatch``, ``GpuSmWatch``, ``GpuNvlinkWatch``,
``GpuMcuWatch``, ``GpuPmuWatch``, ``GpuDriverWatch``, ``GpuCpusetWatch``; the syslog checks
``SysLogsXIDError``, ``SysLogsSXIDError``, ``SysLogsGPUFallenOff``; ``NVSwitchFatalError``,
``NVSwitchDown``, ``NVSwitchNonFatalError``, ``DCGMError`` - ``True`` while faulty, and the
message ``[code, code] description - RecommendedAction: ACTION``. A ``gpu_condition`` keeps the
codes (``detail["error_codes"]``: DCGM ``DCGM_FR_*`` codes, or the Xid of a syslog check, which
also becomes the ``xid`` claim) and ``detail["recommended_action"]``.

An event or condition that mentions the GPU stack but matches none of these is counted as
GPU-related but not understood (kept in the report), never dropped; other ones are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from gpufleet.telemetry.text_evidence import SNIPPET, Signature, Source, TextParse, host_node

PROVENANCE = {"provenance": "kubernetes-api", "authenticated": "api-server"}
MAX_ITEMS = 50_000  # events or nodes read from one document; the rest are counted, not parsed
MAX_MESSAGE = 4096  # characters of an event message searched (the quoted text stays SNIPPET)

_PRESSURE = frozenset({"MemoryPressure", "DiskPressure", "PIDPressure"})
# node-problem-detector's default problem conditions (config/*.json in the NPD repository).
_NPD_PROBLEMS = frozenset(
    {
        "KernelDeadlock",
        "ReadonlyFilesystem",
        "FrequentKubeletRestart",
        "FrequentDockerRestart",
        "FrequentContainerdRestart",
        "CorruptDockerOverlay2",
    }
)
_GPU_CONDITION = re.compile(r"gpu|nvidia|xid|nvlink|nvswitch|dcgm", re.IGNORECASE)
# GPU-stack text in an event or condition (stricter than text_evidence.GPU_HINT: node names such
# as gpu-node-07 are everywhere in cluster text and say nothing about the GPU stack).
_GPU_TEXT = re.compile(
    r"nvidia|cuda|\bnvml\b|\bxid\b|nvlink|nvswitch|\bdcgm|\bgsp\b|\becc\b", re.IGNORECASE
)
_XID = re.compile(r"\bxid[\s:=(]*([0-9]{1,4})\b", re.IGNORECASE)
# NVSentinel's condition message: "[DCGM_FR_FAULTY_MEMORY, ...] text - RecommendedAction: X".
_ERROR_CODES = re.compile(r"^\s*\[([A-Za-z0-9_, ]{1,200})\]")
_RECOMMENDED = re.compile(r"RecommendedAction:\s*([A-Z_]{1,40})")
_SYSLOG_XID_CHECKS = frozenset({"SysLogsXIDError", "SysLogsSXIDError"})
# The NVIDIA container runtime's failures as the kubelet reports them (nvidia-container-cli,
# libnvidia-container; containerd's "no runtime for" when the nvidia runtime class is absent;
# Docker's "could not select device driver "" with capabilities: [[gpu]]" when no NVIDIA runtime
# is registered for --gpus, and its "unknown or invalid runtime name: nvidia" (older Docker:
# "Unknown runtime specified nvidia") for --runtime=nvidia or a compose file's runtime: nvidia
# when daemon.json names none, or the daemon was not restarted after nvidia-ctk wrote it).
_GPU_RUNTIME = re.compile(
    r"nvidia-container-cli|nvidia-container-runtime|no runtime for \"nvidia\"|"
    r"could not select device driver \"[^\"]{0,40}\" with capabilities: \[\[gpu\]\]|"
    # (people retype the older one as they remember it: "unknow runtime specified nvidia")
    r"unknown or invalid runtime name: \"?nvidia\b|[Uu]nknown? runtime specified:? \"?nvidia\b"
)
_RUNTIME_ERRORS = (
    ("driver/library version mismatch", "driver_library_mismatch"),
    ("driver not loaded", "driver_not_loaded"),
    # libnvidia-container's driver RPC got no answer from the driver in time: the driver (or a
    # GPU it is stuck on) does not respond - the user-space face of a wedged driver
    ("driver error: timed out", "driver_timed_out"),
    ("unknown device", "unknown_device"),
    ("no runtime for", "runtime_not_configured"),
    ("could not select device driver", "runtime_not_configured"),
    ("invalid runtime name", "runtime_not_configured"),
    ("runtime specified", "runtime_not_configured"),
)


def runtime_error(message: str) -> str | None:
    """Which NVIDIA container runtime failure a message reports (``driver_library_mismatch``,
    ``driver_not_loaded``, ``unknown_device``, ``runtime_not_configured``, ``other``), or None
    when it is not one. The same text reaches a pod's events, ``kubectl describe pod``'s
    ``Last State … Message:`` and ``docker run``'s stderr."""
    if _GPU_RUNTIME.search(message) is None:
        return None
    return next((name for text, name in _RUNTIME_ERRORS if text in message), "other")


_SYSTEM_OOM = re.compile(r"victim process: ([^,\s]{1,64})(?:, pid: ([0-9]{1,10}))?")
_NPD_OOM = re.compile(r"Killed process ([0-9]{1,10}) \(([^)]{1,64})\)")
_INSUFFICIENT_GPU = re.compile(r"Insufficient (nvidia\.com/[A-Za-z0-9._-]{1,63})")
_NODES_AVAILABLE = re.compile(r"([0-9]{1,6})/([0-9]{1,6}) nodes are available")


class K8sEvidenceError(ValueError):
    """The one error here: the document is not a Kubernetes list or object at all."""


def _items(doc: Any, kinds: tuple[str, ...], out: TextParse) -> list[Mapping[str, Any]]:
    if not isinstance(doc, Mapping):
        raise K8sEvidenceError(f"expected a Kubernetes object, got {type(doc).__name__}")
    if doc.get("kind") in kinds:  # a single object
        return [doc]
    items = doc.get("items")
    if not isinstance(items, list):
        raise K8sEvidenceError(
            f"expected {' or '.join(kinds)} or its list, got kind {str(doc.get('kind'))[:40]!r}"
        )
    if len(items) > MAX_ITEMS:
        out.report.over_cap += len(items) - MAX_ITEMS
    return [i for i in items[:MAX_ITEMS] if isinstance(i, Mapping)]


def _s(obj: object, key: str, cap: int = SNIPPET) -> str:
    """``obj[key]`` cut to ``cap`` when ``obj`` is a mapping and the value a string, else ``""``
    (the API's JSON is read as it comes: a wrong type is an absent value, never a crash)."""
    v = obj.get(key) if isinstance(obj, Mapping) else None
    return v[:cap] if isinstance(v, str) else ""


def _m(obj: object) -> Mapping[str, Any]:
    return obj if isinstance(obj, Mapping) else {}


def _list(obj: object) -> list[Any]:
    return obj if isinstance(obj, list) else []


def _scalar(obj: Mapping[str, Any], key: str, default: str) -> str:
    v = obj.get(key)
    return str(v)[:20] if isinstance(v, int | str) and not isinstance(v, bool) else default


def _telling_part(message: str) -> str:
    """The part of an event message to quote: the NVIDIA runtime's own line when the message
    is an OCI error chain ending in it (the chain's start says nothing), else the start."""
    at = message.find("nvidia-container-cli:")
    return message[at:] if at > 0 else message


# ------------------------------------------------------------------ node conditions


def parse_node_conditions(
    doc: Any, *, origin: str = "GET /api/v1/nodes", nodes: Iterable[str] = ()
) -> TextParse:
    """Signatures of the nodes' status conditions (a ``NodeList`` or one ``Node``). Each
    condition is one accounted line; healthy ones are ``ignored``."""
    out = TextParse()
    known = frozenset(nodes)
    for n, node in enumerate(_items(doc, ("Node",), out), start=1):
        name = host_node(_s(node.get("metadata"), "name"), known)
        conds = _m(node.get("status")).get("conditions") or []
        for c in conds if isinstance(conds, list) else []:
            if not isinstance(c, Mapping):
                continue
            out.report.total += 1
            kind = _condition_kind(_s(c, "type"), _s(c, "status"))
            text = f"{_s(c, 'type')}={_s(c, 'status')} {_s(c, 'reason')}: {_s(c, 'message')}"
            if kind is None:
                if _s(c, "status") == "True" and _GPU_TEXT.search(text):
                    out.report.not_understood(n, text, gpu_text=True)
                else:
                    out.report.ignored += 1
                continue
            out.report.recognised += 1
            out.add(_node_signature(kind, "k8s_node", origin, n, name, c, text))
    return out


def _condition_kind(ctype: str, status: str) -> str | None:
    if ctype == "Ready":
        return None if status == "True" else "node_not_ready"
    if _GPU_CONDITION.search(ctype):
        # "...Healthy"/"...Ready" conditions are good when True; the others name a problem.
        good_when_true = ctype.endswith(("Healthy", "Ready", "OK"))
        bad = status == "False" if good_when_true else status == "True"
        return "gpu_condition" if bad else None
    if ctype in _PRESSURE:
        return "node_pressure" if status == "True" else None
    if ctype in _NPD_PROBLEMS:
        return "node_problem" if status == "True" else None
    return None


def _node_signature(
    kind: str,
    source: Source,
    origin: str,
    line: int,
    node: str,
    c: Mapping[str, Any],
    text: str,
) -> Signature:
    detail = {
        **PROVENANCE,
        "condition": _s(c, "type"),
        "status": _s(c, "status"),
        "reason": _s(c, "reason"),
        "since": _s(c, "lastTransitionTime"),
    }
    message = _s(c, "message", MAX_MESSAGE)  # the recommended action ends a long message
    codes = _ERROR_CODES.match(message)
    if codes:
        detail["error_codes"] = ",".join(p.strip() for p in codes.group(1).split(",") if p.strip())
    action = _RECOMMENDED.search(message)
    if action:
        detail["recommended_action"] = action.group(1)
    m = _XID.search(message) or _XID.search(_s(c, "reason"))
    if m:
        detail["xid"] = m.group(1)
    elif codes and _s(c, "type") in _SYSLOG_XID_CHECKS and detail["error_codes"].isdigit():
        detail["xid"] = detail["error_codes"]  # the syslog check's code is the (S)Xid
    return Signature(kind, source, origin, line, node=node, detail=detail, text=text[:SNIPPET])


# ------------------------------------------------------------------ events


def parse_events(
    doc: Any,
    *,
    origin: str = "GET /api/v1/events",
    nodes: Iterable[str] = (),
    pod_nodes: Mapping[str, str] | None = None,
) -> TextParse:
    """Signatures of an ``EventList`` (``core/v1`` or ``events.k8s.io/v1``). ``pod_nodes``
    (``namespace/name`` → node) attributes an event about a pod to the pod's node when the event
    names no host. Each event is one accounted line."""
    out = TextParse()
    known = frozenset(nodes)
    for n, ev in enumerate(_items(doc, ("Event",), out), start=1):
        out.report.total += 1
        reason = _s(ev, "reason")
        # the whole message (capped) is read: the runtime's own error ends a long OCI chain
        message = _s(ev, "message", MAX_MESSAGE) or _s(ev, "note", MAX_MESSAGE)
        kind, detail = _event_kind(reason, message)
        text = f"{reason}: {_telling_part(message)}"[:SNIPPET]
        if kind is None:
            if _GPU_TEXT.search(f"{reason}: {message}"):
                out.report.not_understood(n, text, gpu_text=True)
            else:
                out.report.ignored += 1
            continue
        obj = _m(ev.get("involvedObject") or ev.get("regarding"))
        node = _event_node(ev, obj, pod_nodes or {})
        detail = {
            **PROVENANCE,
            **detail,
            "reason": reason,
            "type": _s(ev, "type"),
            "object": f"{_s(obj, 'kind')}/{_s(obj, 'namespace')}/{_s(obj, 'name')}".replace(
                "//", "/"
            ),
            "time": _s(ev, "lastTimestamp") or _s(ev, "eventTime") or _s(ev, "firstTimestamp"),
            "count": str(ev.get("count") or _m(ev.get("series")).get("count") or 1)[:20],
            "reporter": _s(ev.get("source"), "component") or _s(ev, "reportingController"),
        }
        out.report.recognised += 1
        out.add(
            Signature(
                kind,
                "k8s_event",
                origin,
                n,
                node=host_node(node, known),
                detail=detail,
                text=text[:SNIPPET],
            )
        )
    return out


def _event_kind(reason: str, message: str) -> tuple[str | None, dict[str, str]]:
    if reason == "Evicted":
        return "pod_evicted", {}
    if reason == "NodeNotReady":
        return "node_not_ready", {}
    if reason == "UnexpectedAdmissionError":
        return "device_plugin_admission_error", {}
    if reason in ("FailedCreatePodSandBox", "Failed") and (error := runtime_error(message)):
        return "gpu_runtime_failed", {"runtime_error": error}
    if reason == "SystemOOM":
        m = _SYSTEM_OOM.search(message)
        return "node_oom", ({"victim": m.group(1), "pid": m.group(2) or ""} if m else {})
    if reason == "OOMKilling":
        n = _NPD_OOM.search(message)
        return "node_oom", ({"victim": n.group(2), "pid": n.group(1)} if n else {})
    if reason == "FailedScheduling":
        m = _INSUFFICIENT_GPU.search(message)
        if m is None:
            return None, {}
        d = {"resource": m.group(1)}
        a = _NODES_AVAILABLE.search(message)
        if a:
            d |= {"nodes_available": a.group(1), "nodes_total": a.group(2)}
        return "insufficient_gpu", d
    return None, {}


def _event_node(ev: Mapping[str, Any], obj: Mapping[str, Any], pod_nodes: Mapping[str, str]) -> str:
    if _s(obj, "kind") == "Node":
        return _s(obj, "name")
    host = _s(ev.get("source"), "host") or _s(ev, "reportingInstance")
    if host:
        return host
    return pod_nodes.get(f"{_s(obj, 'namespace')}/{_s(obj, 'name')}", "")


# ------------------------------------------------------------------ pod status


def parse_pod_status(pod: Any, *, origin: str, nodes: Iterable[str] = ()) -> TextParse:
    """Signatures of one ``Pod``'s container statuses: a container whose current or last state
    is ``terminated`` with reason ``OOMKilled`` (the kernel killed it at its memory limit) is a
    ``container_oom_killed``, attributed to the pod's node. Each container status is one
    accounted line; the others are ``ignored``."""
    out = TextParse()
    pods = _items(pod, ("Pod",), out)
    if len(pods) != 1:
        raise K8sEvidenceError(f"expected one Pod, got a list of {len(pods)}")
    obj = pods[0]
    meta = _m(obj.get("metadata"))
    where = f"{_s(meta, 'namespace')}/{_s(meta, 'name')}"
    node = host_node(_s(obj.get("spec"), "nodeName"), frozenset(nodes))
    status = _m(obj.get("status"))
    statuses = [
        c
        for key in ("initContainerStatuses", "containerStatuses")
        for c in _list(status.get(key))
        if isinstance(c, Mapping)
    ][:MAX_ITEMS]
    for n, cs in enumerate(statuses, start=1):
        out.report.total += 1
        killed = [
            t
            for t in (_m(cs.get(k)).get("terminated") for k in ("state", "lastState"))
            if isinstance(t, Mapping) and _s(t, "reason") == "OOMKilled"
        ]
        if not killed:
            out.report.ignored += 1
            continue
        t = killed[0]
        detail = {
            **PROVENANCE,
            "pod": where,
            "container": _s(cs, "name"),
            "exit_code": _scalar(t, "exitCode", ""),
            "finished": _s(t, "finishedAt"),
            "restarts": _scalar(cs, "restartCount", "0"),
        }
        text = f"container {_s(cs, 'name')} of pod {where}: terminated, reason OOMKilled"
        out.report.recognised += 1
        out.add(
            Signature(
                "container_oom_killed",
                "k8s_pod",
                origin,
                n,
                node=node,
                detail=detail,
                text=text[:SNIPPET],
            )
        )
    return out


# ------------------------------------------------------------------ pod states (the GPU stack)

# The GPU Operator's pods and the device plugin: their names start with one of these
# (gpu-operator's assets: nvidia-operator-validator, nvidia-device-plugin-daemonset,
# nvidia-container-toolkit-daemonset, nvidia-dcgm-exporter, nvidia-driver-daemonset, ...).
_GPU_STACK_POD = re.compile(r"^(?:nvidia-|gpu-operator|gpu-feature-discovery|dcgm)", re.I)
# Waiting reasons of a container that is still starting: not a fault (yet).
_STARTING = frozenset({"ContainerCreating", "PodInitializing", ""})
_ADMISSION = "UnexpectedAdmissionError"


def gpu_stack_pod(name: str) -> bool:
    """Whether a pod of this name is part of the GPU stack (operator, validator, plugin)."""
    return _GPU_STACK_POD.search(name) is not None


def parse_pod_states(
    doc: Any, *, origin: str = "GET /api/v1/pods", nodes: Iterable[str] = ()
) -> TextParse:
    """Signatures of a ``PodList`` (``kubectl get pods -A -o json``, ``GET /api/v1/pods``):

    * ``gpu_pod_crashloop`` - a container (or init container: the validator's checks are init
      containers) of a GPU-stack pod waits in ``CrashLoopBackOff``;
    * ``device_plugin_admission_error`` - a pod failed with status reason
      ``UnexpectedAdmissionError`` (the kubelet's device manager could not allocate the GPUs
      the scheduler counted: the device plugin advertised GPUs it no longer has).

    Each pod is one accounted line (its item number). A GPU-stack pod in another state that is
    not running (``ImagePullBackOff``, ``CreateContainerError``, phase ``Failed``) is GPU text
    not understood; other pods are ignored (a user's crash-looping job is its own bug)."""
    out = TextParse()
    known = frozenset(nodes)
    for n, pod in enumerate(_items(doc, ("Pod",), out), start=1):
        out.report.total += 1
        sig = _pod_state(pod, origin, n, known)
        if isinstance(sig, Signature):
            out.report.recognised += 1
            out.add(sig)
        elif sig:
            out.report.not_understood(n, sig, gpu_text=True)
        else:
            out.report.ignored += 1
    return out


def _pod_state(
    pod: Mapping[str, Any], origin: str, n: int, known: frozenset[str]
) -> Signature | str:
    """The pod's signature, or the words for a GPU-stack state not understood, or ``""``."""
    meta, status = _m(pod.get("metadata")), _m(pod.get("status"))
    name = _s(meta, "name")
    where = f"{_s(meta, 'namespace')}/{name}"
    node = host_node(_s(pod.get("spec"), "nodeName"), known)
    base = {**PROVENANCE, "pod": where}
    if _s(status, "reason") == _ADMISSION:
        text = f"pod {where}: {_ADMISSION}: {_s(status, 'message')}"
        return Signature(
            "device_plugin_admission_error", "k8s_pod", origin, n, node=node,
            detail={**base, "message": _s(status, "message")}, text=text[:SNIPPET],
        )  # fmt: skip
    if not gpu_stack_pod(name):
        return ""
    odd = ""
    for key in ("initContainerStatuses", "containerStatuses"):
        for cs in _list(status.get(key)):
            waiting = _m(_m(_m(cs).get("state")).get("waiting"))
            reason = _s(waiting, "reason")
            if reason == "CrashLoopBackOff":
                detail = {
                    **base,
                    "container": _s(cs, "name"),
                    "restarts": _scalar(_m(cs), "restartCount", "0"),
                    "message": _s(waiting, "message"),
                }
                text = f"pod {where}: container {_s(cs, 'name')} in CrashLoopBackOff"
                return Signature(
                    "gpu_pod_crashloop", "k8s_pod", origin, n, node=node, detail=detail,
                    text=text[:SNIPPET],
                )  # fmt: skip
            if reason not in _STARTING and not odd:
                odd = f"pod {where}: container {_s(cs, 'name')} waiting: {reason}"
    if not odd and _s(status, "phase") == "Failed":
        odd = f"pod {where}: phase Failed: {_s(status, 'reason') or 'no reason given'}"
    return odd
