# ruff: noqa: E501  (real-format kernel lines are long; splitting them would hide their layout)
"""The NOC on the kernel's PCIe error lines (AER, DPC, pciehp), parsed from real line formats:
corrected errors only as a burst, anything uncorrectable on a GPU's path as an incident on
that GPU that an Xid 79 joins instead of opening a second one."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated, Severity
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.kernel_log import parse_text
from gpufleet.telemetry.topology import Topology, build_cluster

T0 = 1_772_409_600.0
STEP = 15.0
BOOT = T0 - 10_000.0  # the node booted 10 000 s before the first tick


def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])


def healthy(n: int) -> np.ndarray:
    v = np.zeros((n, len(GPU_FIELD_NAMES)))
    col = GPU_FIELD_NAMES.index
    v[:, col("DCGM_FI_DEV_GPU_TEMP")] = 60.0
    v[:, col("DCGM_FI_DEV_POWER_USAGE")] = 500.0
    v[:, col("DCGM_FI_DEV_GPU_UTIL")] = 90.0
    v[:, col("DCGM_FI_DEV_SM_CLOCK")] = 1980.0
    v[:, col("DCGM_FI_DEV_PCIE_LINK_GEN")] = 5.0
    v[:, col("DCGM_FI_DEV_PCIE_LINK_WIDTH")] = 16.0
    return v


def run(tp: Topology, events: list[LogEvent], ticks: int = 30) -> list[Event]:
    """Feed the events at the tick their time falls in; returns the detector's events."""
    det = Detector(tp)
    out: list[Event] = []
    for i in range(ticks):
        t = T0 + i * STEP
        due = tuple(e for e in events if t - STEP < e.timestamp <= t)
        frame = Frame(t, EntityKind.GPU, tp.gpu_keys, GPU_FIELD_NAMES, healthy(tp.n_gpus), "t")
        out += det.process(Tick(t, (frame,), due))
    return out


def incidents(events: list[Event]) -> dict[str, Incident]:
    """The last state of every incident, by id."""
    last: dict[str, Incident] = {}
    for e in events:
        if isinstance(e, IncidentOpened | IncidentUpdated):
            last[e.incident.incident_id] = e.incident
    return last


def lines(tp: Topology, text: str) -> list[LogEvent]:
    events, rep = parse_text(text, node="node-01", boot_time=BOOT, topology=tp)
    assert rep.unrecognised == 0 and rep.malformed_count == 0
    return events


def corrected(n: int, at: float, gap: float) -> str:
    """``n`` corrected errors on node-01/gpu0 (bus 0x18), one every ``gap`` seconds."""
    out = []
    for i in range(n):
        s = f"[{at + i * gap:12.6f}]"
        out += [
            f"{s} pcieport 0000:17:01.0: AER: Corrected error received: 0000:18:00.0",
            f"{s} nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Data Link "
            "Layer, (Transmitter ID)",
            f"{s} nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00001000/00002000",
            f"{s} nvidia 0000:18:00.0:    [12] Timeout               ",
        ]
    return "\n".join(out) + "\n"


def test_one_corrected_error_is_normal_a_burst_is_a_warning_on_the_gpu() -> None:
    tp = topo()
    assert incidents(run(tp, lines(tp, corrected(1, 10_030.0, 1.0)))) == {}
    # ten an hour apart are not a burst either
    assert incidents(run(tp, lines(tp, corrected(3, 10_030.0, 200.0)), ticks=60)) == {}
    found = incidents(run(tp, lines(tp, corrected(12, 10_030.0, 2.0))))
    (inc,) = found.values()
    assert inc.root_entity == "node-01/gpu0"
    assert inc.symptoms[0] == "pcie_aer_corrected_burst"
    assert inc.severity is Severity.WARNING


FATAL_THEN_XID79 = """\
[10030.000000] pcieport 0000:17:01.0: AER: Uncorrected (Fatal) error received: 0000:18:00.0
[10030.000010] nvidia 0000:18:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Requester ID)
[10030.000020] nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00004000/00000000
[10030.000030] nvidia 0000:18:00.0:    [14] CmpltTO                (First)
[10030.000040] nvidia 0000:18:00.0: device has no AER-aware driver
[10030.000050] pcieport 0000:17:01.0: AER: device recovery failed
[10061.000000] NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.
[10061.000010] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.
"""


def test_fatal_aer_opens_a_critical_gpu_incident_that_the_xid_79_joins() -> None:
    tp = topo()
    found = incidents(run(tp, lines(tp, FATAL_THEN_XID79)))
    (inc,) = found.values()  # one incident, not one for the AER and one for the Xid
    assert inc.root_entity == "node-01/gpu0" and inc.severity is Severity.CRITICAL
    assert inc.symptoms[0] == "pcie_aer_uncorrectable"
    assert "xid_79" in inc.symptoms and 79 in inc.xids


SDES_ON_PORT = """\
[10030.100000] pcieport 0000:17:01.0: DPC: containment event, status:0x1f01 source:0x0000
[10030.100010] pcieport 0000:17:01.0: DPC: unmasked uncorrectable error detected
[10030.100020] pcieport 0000:17:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)
[10030.100030] pcieport 0000:17:01.0:   device [8086:347a] error status/mask=00000020/04004000
[10030.100040] pcieport 0000:17:01.0:    [ 5] SDES (First)
[10030.100050] pcieport 0000:17:01.0: pciehp: Slot(21): Link Down
[10030.100060] nvidia 0000:2a:00.0: AER: Can't recover (no error_detected callback)
"""


def test_surprise_down_on_the_port_is_an_incident_on_the_gpu_below_it() -> None:
    tp = topo()
    found = incidents(run(tp, lines(tp, SDES_ON_PORT)))
    (inc,) = found.values()
    assert inc.root_entity == "node-01/gpu1"  # bus 0x2a: named by the child line
    assert inc.severity is Severity.CRITICAL
    assert "pcie_surprise_down" in inc.symptoms


def test_port_error_with_no_gpu_named_is_a_node_incident_another_device_only_warns() -> None:
    tp = topo()
    port_only = """\
[10030.000000] pcieport 0000:00:01.4: DPC: containment event, status:0x000d, ERR_FATAL received from 0000:c1:00.0
"""
    (inc,) = incidents(run(tp, lines(tp, port_only))).values()
    assert inc.root_entity == "node-01" and inc.severity is Severity.CRITICAL
    nvme = """\
[10030.000000] pcieport 0000:80:03.1: AER: Uncorrected (Non-Fatal) error received: 0000:81:00.0
[10030.000010] nvme 0000:81:00.0: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer, (Requester ID)
[10030.000020] nvme 0000:81:00.0:   device [144d:a80a] error status/mask=00100000/04400000
[10030.000030] nvme 0000:81:00.0:    [20] UnsupReq               (First)
"""
    (inc,) = incidents(run(tp, lines(tp, nvme))).values()
    assert inc.root_entity == "node-01" and inc.severity is Severity.WARNING
    # a hotplug slot going down with no GPU named below it: a drive bay looks the same
    bay = "[10030.000000] pcieport 0000:80:05.1: pciehp: Slot(40): Card not present\n"
    (inc,) = incidents(run(tp, lines(tp, bay))).values()
    assert inc.root_entity == "node-01" and inc.severity is Severity.WARNING
    assert inc.symptoms == ("pcie_surprise_down",)
