"""Log events as first-class signals: Xid/SXid, fallen-off-bus, RM init failures, NIC flaps.

Each Xid occurrence is classified against NVIDIA's catalog with its context (other Xids on the
same GPU in the window, repeats, the same code across the job's GPUs, a job teardown on the
node) by :func:`knowledge.xid.classify`. One anomaly is emitted per (GPU, code) per window, and
again only when the verdict gets more severe (e.g. an Xid 13 that keeps repeating on one GPU).
Benign verdicts (Xid 45 at teardown, Xid 63 alone) become INFO anomalies: evidence for an
incident if one exists, never a page.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

import numpy as np

from bus.events import Anomaly, Family, Severity
from knowledge.xid import classify, describe
from telemetry.frame import LogEvent
from telemetry.topology import Topology

WINDOW_S = 300.0
NIC_FLAP_WINDOW_S = 600.0
NIC_FLAP_MIN_DOWNS = 2


class LogRules:
    def __init__(self, topology: Topology) -> None:
        self.topo = topology
        self._xids: dict[str, deque[tuple[float, int]]] = {}
        self._emitted: dict[tuple[str, int], tuple[float, Severity]] = {}
        self._teardown: dict[str, float] = {}  # node → last job end
        self._nic_downs: dict[str, deque[float]] = {}
        self._flap_emitted: dict[str, float] = {}
        self.unmapped = 0  # Xid lines whose PCI id matched no GPU of the topology

    def evaluate(
        self,
        t: float,
        events: Sequence[LogEvent],
        gpu_job: np.ndarray,
        job_gpus: Sequence[np.ndarray],
        ended_gpus: Iterable[int] = (),
    ) -> list[Anomaly]:
        topo = self.topo
        out: list[Anomaly] = []
        for g in ended_gpus:
            self._teardown[topo.node_keys[int(topo.gpu_node[g])]] = t
        for e in events:
            if e.kind == "job_end":
                self._teardown[e.node] = e.timestamp
        batch: dict[str, list[int]] = {}
        for e in events:
            if e.kind in ("xid", "sxid") and e.xid is not None:
                key = self._gpu_key(e)
                batch.setdefault(key or e.node, []).append(e.xid)
        for e in events:
            if e.kind in ("xid", "sxid") and e.xid is not None:
                a = self._xid(e, batch, gpu_job, job_gpus)
                if a is not None:
                    out.append(a)
            elif e.kind == "fallen_off_bus":
                a = self._xid(
                    LogEvent(e.timestamp, e.node, "xid", e.message, 79, e.pci_bus_id, e.gpu),
                    batch,
                    gpu_job,
                    job_gpus,
                )
                if a is not None:
                    out.append(a)
            elif e.kind == "rm_init_failed":
                key = self._gpu_key(e)
                out.append(
                    Anomaly.make(
                        time=e.timestamp,
                        rule="log.rm_init",
                        symptom="rm_init_failed",
                        family=Family.DEVICE,
                        severity=Severity.CRITICAL,
                        entity=key or e.node,
                        entity_kind="gpu" if key else "node",
                        layer="driver",
                        message=f"{key or e.node}: RmInitAdapter failed, GPU unusable: {e.message}",
                    )
                )
            elif e.kind == "nic_link_down":
                a = self._nic(e)
                if a is not None:
                    out.append(a)
        return out

    def _gpu_key(self, e: LogEvent) -> str | None:
        if e.gpu:
            return e.gpu
        if e.pci_bus_id:
            g = self.topo.gpu_by_pci(e.node, e.pci_bus_id)
            if g is not None:
                return self.topo.gpu_keys[g]
        return None

    def _xid(
        self,
        e: LogEvent,
        batch: dict[str, list[int]],
        gpu_job: np.ndarray,
        job_gpus: Sequence[np.ndarray],
    ) -> Anomaly | None:
        if e.xid is None:  # callers only pass Xid-bearing events; keep the type honest
            return None
        topo = self.topo
        key = self._gpu_key(e)
        if key is None:
            self.unmapped += 1
        entity = key or e.node
        hist = self._xids.setdefault(entity, deque())
        hist.append((e.timestamp, e.xid))
        while hist and hist[0][0] < e.timestamp - WINDOW_S:
            hist.popleft()
        co = {c for _, c in hist if c != e.xid} | {c for c in batch.get(entity, ()) if c != e.xid}
        repeats = sum(1 for _, c in hist if c == e.xid)
        same_in_job = 1
        g = topo.gpu_pos.get(key) if key else None
        if g is not None and gpu_job[g] >= 0:
            peers = job_gpus[int(gpu_job[g])]
            same_in_job = sum(
                1
                for p in peers
                if any(c == e.xid for _, c in self._xids.get(topo.gpu_keys[int(p)], ()))
            )
        teardown = e.timestamp - self._teardown.get(e.node, -np.inf) <= WINDOW_S
        v = classify(
            e.xid,
            co_occurring=co,
            repeats_on_gpu=repeats,
            gpus_with_same_xid_in_job=same_in_job,
            job_ended_within_window=teardown,
            sxid=e.kind == "sxid",
        )
        prev = self._emitted.get((entity, e.xid))
        if prev is not None and e.timestamp - prev[0] < WINDOW_S and v.severity <= prev[1]:
            return None
        self._emitted[(entity, e.xid)] = (e.timestamp, v.severity)
        severity = v.severity if v.opens_incident else Severity.INFO
        return Anomaly.make(
            time=e.timestamp,
            rule="log.xid",
            symptom=f"xid_{e.xid}",
            family=v.family,
            severity=severity,
            entity=entity,
            entity_kind="gpu" if key else "node",
            layer=v.layer,
            xid=e.xid,
            value=float(repeats),
            message=f"{entity}: {describe(e.xid)} → {v.action}. {v.reason}. "
            f"Log: {e.message[:160]!r}",
        )

    def _nic(self, e: LogEvent) -> Anomaly | None:
        downs = self._nic_downs.setdefault(e.node, deque())
        downs.append(e.timestamp)
        while downs and downs[0] < e.timestamp - NIC_FLAP_WINDOW_S:
            downs.popleft()
        if len(downs) < NIC_FLAP_MIN_DOWNS:
            return None
        last = self._flap_emitted.get(e.node)
        if last is not None and e.timestamp - last < NIC_FLAP_WINDOW_S:
            return None
        self._flap_emitted[e.node] = e.timestamp
        return Anomaly.make(
            time=e.timestamp,
            rule="log.nic_flap",
            symptom="nic_link_flap",
            family=Family.INTERCONNECT,
            severity=Severity.WARNING,
            entity=e.node,
            entity_kind="node",
            layer="os",
            value=float(len(downs)),
            message=f"{e.node}: network link flapping ({len(downs)} link-down events in "
            f"{int(NIC_FLAP_WINDOW_S // 60)} min): {e.message[:160]!r}",
        )
