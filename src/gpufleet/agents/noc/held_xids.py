"""An Xid a GPU still holds when gpufleet first reads it (``DCGM_FI_DEV_XID_ERRORS`` at start).

gpufleet is installed, upgraded and restarted while faults are under way, and a kernel-log feed
reads back only its history (``watch --history``); a fleet whose logs are not collected at all
has no line for the onset. What the GPU still says is the exporter's last-Xid gauge: DCGM
field 230 holds the code of the most recent Xid and keeps it until another Xid replaces it or
the driver, DCGM or dcgm-exporter restarts (NVIDIA/DCGM#277, NVIDIA/dcgm-exporter#500). Its
time is not known: the code was raised at some point since the driver last loaded.

So the first reading of each GPU is read once as an Xid that happened before it, and only for a
code whose single occurrence NVIDIA's catalog resolves on the GPU or the machine (a CRITICAL
verdict, :func:`knowledge.xid.resolved_on_the_gpu`: RESET_GPU, RESTART_BM, CONTACT_SUPPORT, the
Xid 154 recovery action). Those resolutions clear the gauge: a reboot reloads the driver, and a GPU
reset needs every process off the device, monitoring ones such as DCGM's host engine included
(``nvidia-smi --gpu-reset``), so DCGM starts again after it. A GPU still holding such a code
has not had its resolution yet, however old the Xid is. An application or
benign code (13, 31, 43, 45, …) held by the gauge is the well-known sticky value
(``sticky-xid-gauge``): its resolution, a restarted job, leaves the gauge as it was, so it is
counted (:attr:`HeldXids.not_acted`, shown in the detector's stats), never opened. Later
readings are not read here: a change of the gauge while gpufleet runs comes with its kernel
line or the exporter's windowed count.

A held code waits ``wait_s`` (``correlation.held_xid_wait_s``) before it is emitted: each log
feed reads its history back in its own thread, so the onset's line can land a tick or more after
the first metrics. A line of that code for that GPU (matched by GPU key or by PCI address on its
node) arriving in that time, the first tick included, replaces it: the line is the better record,
with its own time and message (an Xid 154's recovery action, a fallen-off-the-bus record).
Emitted after the wait, a held Xid keeps the time of the first reading; a gauge that reads 0
during the wait was cleared (the driver, DCGM or the exporter restarted, or the GPU was reset)
and its held code is dropped. The wait is counted in the data's time: it is meant for sources
that scrape live. A replay delivers its lines in order with its ticks and waits for nothing
(the detector's ``log_read_back``), and a store's history read back at start passes in a burst.
Codes still waiting when the data ends (a watch with ``--duration`` shorter than the wait) are
emitted then (:meth:`HeldXids.flush`, through the detector's ``settle_pending``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.log_rules import event_gpu
from gpufleet.knowledge.xid import resolved_on_the_gpu
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.topology import Topology

HELD_XID_FIELD = "DCGM_FI_DEV_XID_ERRORS"


class HeldXids:
    """The first reading of each GPU's last-Xid gauge, turned into ``xid`` log events once the
    log feeds have had ``wait_s`` to read the same Xid back."""

    def __init__(self, topology: Topology, wait_s: float = 0.0) -> None:
        self.topology = topology
        self.wait_s = wait_s
        self._read = np.zeros(topology.n_gpus, dtype=bool)
        # GPU index → (time of the first reading, held code), until emitted or read back
        self._waiting: dict[int, tuple[float, int]] = {}
        # held application / benign codes by code, and readings that hold no code ("unreadable")
        self.not_acted: Counter[str] = Counter()

    def step(
        self, t: float, last_xid: npt.NDArray[np.float64], events: Iterable[LogEvent]
    ) -> list[LogEvent]:
        """The ``xid`` events of held codes whose wait ends at ``t`` and that no line read back."""
        self._first_read(t, last_xid)
        self._drop_cleared(last_xid)
        self._drop_read_back(events)
        due = [g for g, (t0, _) in self._waiting.items() if t - t0 >= self.wait_s]
        return [_held_event(self.topology, g, *self._waiting.pop(g)) for g in due]

    def flush(self) -> list[LogEvent]:
        """Every held code still waiting, as ``xid`` events: no data will come after this (a
        watch that ends, a source that stops), so no line can replace it any more, and a code
        the GPU still holds is not dropped for the wait it was given."""
        waiting, self._waiting = self._waiting, {}
        topo = self.topology
        return [_held_event(topo, g, t0, code) for g, (t0, code) in sorted(waiting.items())]

    def _first_read(self, t: float, last_xid: npt.NDArray[np.float64]) -> None:
        fresh = np.isfinite(last_xid) & ~self._read
        self._read |= fresh
        for g in np.flatnonzero(fresh):
            value = float(last_xid[g])
            code = _code(value)
            if code is None:
                self.not_acted["unreadable"] += value != 0.0
            elif not resolved_on_the_gpu(code):
                self.not_acted[str(code)] += 1
            else:
                self._waiting[int(g)] = (t, code)

    def _drop_cleared(self, last_xid: npt.NDArray[np.float64]) -> None:
        for g in [g for g in self._waiting if last_xid[g] == 0.0]:
            del self._waiting[g]

    def _drop_read_back(self, events: Iterable[LogEvent]) -> None:
        if not self._waiting:
            return
        keys = self.topology.gpu_keys
        logged = {(event_gpu(self.topology, e), e.xid) for e in events if e.kind == "xid"}
        for g in [g for g, (_, code) in self._waiting.items() if (keys[g], code) in logged]:
            del self._waiting[g]


def _code(value: float) -> int | None:
    """The Xid code a gauge reading holds, or None: 0 (no Xid since the driver loaded) or a
    fractional value (the detector's sanitising already turned readings outside the field's
    range, 0 to 1000, into NaN)."""
    if value < 1 or value != int(value):
        return None
    return int(value)


def _held_event(topo: Topology, g: int, t: float, code: int) -> LogEvent:
    gkey = topo.gpu_keys[g]
    return LogEvent(
        timestamp=t,
        node=topo.node_keys[int(topo.gpu_node[g])],
        kind="xid",
        message=(
            f"Xid {code} on {gkey} held by dcgm-exporter's last-Xid gauge ({HELD_XID_FIELD} = "
            f"{code}) when gpufleet first read it: raised before the start, time unknown; no "
            "kernel log line"
        ),
        xid=code,
        pci_bus_id=topo.gpu_pci_bus_id[g],
        gpu=gkey,
        attrs={"source": "dcgm-exporter", "field": HELD_XID_FIELD, "time": "inferred"},
    )
