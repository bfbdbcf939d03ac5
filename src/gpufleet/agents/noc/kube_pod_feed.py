"""The Kubernetes API's pod states as a live NOC feed: GPU-stack faults the pods show.

A GPU Operator validator or device-plugin pod in ``CrashLoopBackOff``, a pod refused with
``UnexpectedAdmissionError``: each poll (every ``poll_s``, at a drain, the NOC's tick) reads
every node's pods through :class:`PodStates` (``GET /api/v1/pods`` per node) and turns the
states it has not reported yet into ``report_signature`` events (:mod:`telemetry.report_signals`)
that open or join incidents. A state is reported once while it lasts: a pod that recovers and
fails again is reported again. A node whose read fails keeps its states and is a problem line;
GPU-stack pod states no rule understands are problem lines too (each once).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.k8s_evidence import K8sEvidenceError, parse_pod_states
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.report_signals import report_signal_events
from gpufleet.telemetry.text_evidence import Signature, TextParse
from gpufleet.telemetry.topology import Topology

POLL_S = 60.0
REQUEST_TIMEOUT_S = 10.0


class PodReader(Protocol):
    def pod_states(self, node: str) -> TextParse: ...


class PodStates:
    """The pod states on a node that report a GPU-stack fault
    (:func:`telemetry.k8s_evidence.parse_pod_states`), read over one ``CoreV1Api``; the
    client's errors are raised to the feed."""

    def __init__(
        self, core: Any, nodes: Iterable[str] = (), timeout_s: float = REQUEST_TIMEOUT_S
    ) -> None:
        self.core, self.nodes, self.timeout_s = core, tuple(nodes), timeout_s

    def pod_states(self, node: str) -> TextParse:
        selector = f"spec.nodeName={node}"
        resp = self.core.list_pod_for_all_namespaces(
            field_selector=selector, _preload_content=False, _request_timeout=self.timeout_s
        )
        origin = f"kubernetes-api GET /api/v1/pods?fieldSelector={selector}"
        return parse_pod_states(json.loads(resp.data), origin=origin, nodes=self.nodes)


class KubePodFeed(KernelLogFeed):
    """Polls the pods of the topology's nodes. A :class:`KernelLogFeed` only to travel with
    the watch's other feeds (drained per tick, stopped alike): it has no thread."""

    what = "kubernetes pods"

    def __init__(  # no super().__init__: nothing of the kernel-log follower is used
        self,
        reads: PodReader,
        topology: Topology,
        *,
        poll_s: float = POLL_S,
        say: Callable[[str], None] = lambda m: print(f"kubernetes pods: {m}", file=sys.stderr),
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.reads, self.topology, self.poll_s = reads, topology, poll_s
        self.say, self._clock = say, clock
        self.source = "kubernetes-api"
        self.error: str | None = None
        self._last: float | None = None
        self._seen: dict[str, set[tuple[str, str]]] = {}  # node → (pod, kind) reported
        self._told: set[str] = set()  # problem lines already given

    def start(self) -> KubePodFeed:
        return self

    def stop(self) -> None:
        return None

    def drain(self) -> list[LogEvent]:
        return self.drain_at(self._clock())

    def drain_at(self, now: float) -> list[LogEvent]:
        """Poll when ``poll_s`` passed since the last poll; events stamped ``now`` (the NOC's
        tick: :func:`agents.noc.service.run_noc`)."""
        if self._last is not None and now - self._last < self.poll_s:
            return []
        self._last = now
        events: list[LogEvent] = []
        for node in self.topology.node_keys:
            parsed = self._read(node)
            if parsed is not None:
                events += self._new(node, parsed, now)
        return events

    def _read(self, node: str) -> TextParse | None:
        from kubernetes.client.exceptions import ApiException  # noqa: PLC0415 (heavy)
        from urllib3.exceptions import HTTPError  # noqa: PLC0415

        try:
            return self.reads.pod_states(node)
        except ApiException as e:
            self._tell(f"{node}: GET pods: HTTP {e.status} {e.reason}")
        except HTTPError as e:
            self._tell(f"{node}: Kubernetes API unreachable: {e}")
        except (ValueError, K8sEvidenceError) as e:
            self._tell(f"{node}: pod list not understood: {e}")
        return None

    def _new(self, node: str, parsed: TextParse, now: float) -> list[LogEvent]:
        for _, text in parsed.report.gpu_unparsed_lines:
            self._tell(f"{node}: GPU-stack pod state not understood: {text[:160]}")
        states = {(s.detail.get("pod", ""), s.kind): s for s in parsed.signatures}
        new: list[Signature] = [s for k, s in states.items() if k not in self._seen.get(node, ())]
        self._seen[node] = set(states)
        found = report_signal_events(new, self.topology, now)
        for p in found.problems:
            self._tell(p)
        return found.events

    def _tell(self, text: str) -> None:
        if text not in self._told:
            self._told.add(text)
            self.say(text)


def kube_pod_feed(cfg: KubernetesConfig, topology: Topology) -> KubePodFeed:
    """The feed over the cluster ``cfg`` names (the SRE config's ``kubernetes`` block, or
    ``watch --kube-pods KUBECONFIG``); raises :class:`K8sConfigError` when it is not usable."""
    from gpufleet.graph.executors.k8s_client import K8sConfigError, k8s_executor  # noqa: PLC0415

    if not cfg.enabled:
        raise K8sConfigError(
            "kubernetes pod states: kubernetes.enabled: true is needed in the SRE config "
            "(with kubernetes.kubeconfig or kubernetes.in_cluster)"
        )
    core = k8s_executor(cfg).core
    reads = PodStates(core, topology.node_keys, timeout_s=cfg.request_timeout_s)
    return KubePodFeed(reads, topology)
