# ruff: noqa: E501  (real-format kernel lines are long; splitting them would hide their layout)
"""PCIe error lines of the Linux kernel (AER, DPC, pciehp) and the journal's other text forms.

Every line below is in the kernel's own format (drivers/pci/pcie/aer.c aer_print_port_info /
aer_print_error / __aer_print_error, err.c, dpc.c dpc_process_error, pciehp_ctrl.c), in the
spellings of old (≤ 4.x: "Uncorrected", "id=0018", long bit names) and new kernels (6.10+:
"Uncorrectable", 6.16+: "error message received from")."""

from __future__ import annotations

from gpufleet.telemetry.kernel_log import parse_lines, parse_text
from gpufleet.telemetry.topology import Topology, build_cluster

BOOT = 1_772_400_000.0
GPU0_PCI = "0000:18:00.0"  # build_cluster's node-01/gpu0


def topo() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=8)])


FATAL_ON_GPU = """\
[ 5021.301228] pcieport 0000:17:01.0: AER: Uncorrected (Fatal) error received: 0000:18:00.0
[ 5021.301235] nvidia 0000:18:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Requester ID)
[ 5021.301238] nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00004000/00000000
[ 5021.301240] nvidia 0000:18:00.0:    [14] CmpltTO                (First)
[ 5021.301245] pcieport 0000:17:01.0: AER: broadcast error_detected message
[ 5021.301250] nvidia 0000:18:00.0: device has no AER-aware driver
[ 5021.401250] pcieport 0000:17:01.0: AER: device recovery failed
[ 5022.000000] NVRM: GPU at PCI:0000:18:00: GPU-3b0c8f0a-5e1f-4d2b-9a1b-0123456789ab
[ 5022.000000] NVRM: GPU Board Serial Number: 1652823054321
[ 5022.000001] NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.
"""


def test_fatal_aer_record_on_the_gpu_is_one_event_with_its_details() -> None:
    events, rep = parse_text(FATAL_ON_GPU, node="node-01", boot_time=BOOT, topology=topo())
    assert [e.kind for e in events] == ["pcie_aer", "xid"]
    aer = events[0]
    assert aer.gpu == "node-01/gpu0" and aer.timestamp == BOOT + 5021.301228
    a = aer.attrs
    assert (a["severity"], a["layer"], a["agent"]) == ("fatal", "transaction", "Requester ID")
    assert (a["vendor"], a["device_id"], a["driver"]) == ("10de", "2330", "nvidia")
    assert a["status_bits"] == "CmpltTO" and a["first_error"] == "CmpltTO"
    assert a["recovery"] == "failed" and a["gpu_pci"] == aer.pci_bus_id
    assert a["reporter"].endswith("17:01.0")
    # every line understood: the record's detail and the NVRM context are not "not understood"
    assert rep.unrecognised == 0 and rep.gpu_unparsed == 0 and rep.consistent
    assert rep.by_kind == {"pcie_aer": 1, "xid": 1}
    # the context lines are kept as facts about the GPU, and on the GPU's events
    (facts,) = rep.gpu_facts.values()
    assert facts == {
        "gpu_uuid": "GPU-3b0c8f0a-5e1f-4d2b-9a1b-0123456789ab",
        "board_serial": "1652823054321",
    }
    assert rep.as_dict()["gpu_facts"]


OLD_CORRECTED = """\
Mar  2 02:45:00 node-01 kernel: pcieport 0000:17:01.0: AER: Corrected error received: id=1800
Mar  2 02:45:00 node-01 kernel: nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, id=1800(Receiver ID)
Mar  2 02:45:00 node-01 kernel: nvidia 0000:18:00.0:   device [10de:20b5] error status/mask=00000001/0000e000
Mar  2 02:45:00 node-01 kernel: nvidia 0000:18:00.0:    [ 0] Receiver Error         (First)
"""
NEW_CORRECTED = """\
2026-03-02T02:45:00+0000 node-01 kernel: pcieport 0000:17:01.0: AER: Correctable error message received from 0000:18:00.0
2026-03-02T02:45:00+0000 node-01 kernel: nvidia 0000:18:00.0: AER: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)
2026-03-02T02:45:00+0000 node-01 kernel: nvidia 0000:18:00.0: AER:   device [10de:20b5] error status/mask=00000001/0000e000
2026-03-02T02:45:00+0000 node-01 kernel: nvidia 0000:18:00.0: AER:    [ 0] RxErr                  (First)
"""


def test_corrected_error_reads_the_same_in_old_and_new_kernel_spellings() -> None:
    old, _ = parse_text(OLD_CORRECTED, year=2026, topology=topo())
    new, _ = parse_text(NEW_CORRECTED, topology=topo())
    assert len(old) == len(new) == 1
    for e in (old[0], new[0]):
        assert e.kind == "pcie_aer" and e.gpu == "node-01/gpu0" and e.node == "node-01"
        assert e.attrs["severity"] == "corrected" and e.attrs["layer"] == "physical"
        assert e.attrs["status_bits"] == "RxErr"  # bit 0 by position, whatever the text
    # "id=1800" is the Requester ID: bus 0x18, device 0, function 0
    assert old[0].pci_bus_id == new[0].pci_bus_id


SURPRISE_DOWN = """\
[  900.100000] pcieport 0000:17:01.0: DPC: containment event, status:0x1f01 source:0x0000
[  900.100010] pcieport 0000:17:01.0: DPC: unmasked uncorrectable error detected
[  900.100020] pcieport 0000:17:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)
[  900.100030] pcieport 0000:17:01.0:   device [8086:347a] error status/mask=00000020/04004000
[  900.100040] pcieport 0000:17:01.0:    [ 5] SDES (First)
[  900.100050] pcieport 0000:17:01.0: pciehp: Slot(21): Link Down
[  900.100060] pcieport 0000:17:01.0: pciehp: Slot(21): Card not present
[  900.100070] nvidia 0000:18:00.0: AER: Can't recover (no error_detected callback)
[  900.100080] pcieport 0000:17:01.0: AER: device recovery failed
[  901.000000] pcieport 0015:00:00.0: DPC: containment event, status:0x200d, ERR_FATAL received from 0015:01:00.0
[  901.000010] pcieport 0015:00:00.0: pciehp: Slot(9): Link Down/Up ignored
[  901.000020] pcieport 0015:00:00.0: pciehp: Slot(9): Link Up
"""


def test_surprise_down_dpc_and_pciehp_on_the_port_name_the_gpu_below() -> None:
    events, rep = parse_text(SURPRISE_DOWN, node="node-01", boot_time=BOOT)
    kinds = [e.kind for e in events]
    assert kinds == ["pcie_dpc", "pcie_aer", "pcie_link_down", "pcie_link_down", "pcie_dpc"]
    dpc, sdes, down, gone, dpc2 = events
    assert dpc.attrs["reason"] == "unmasked uncorrectable error"
    assert sdes.attrs["status_bits"] == "SDES" and sdes.attrs["severity"] == "fatal"
    assert sdes.attrs["vendor"] == "8086"  # the port's own id: a port, not the GPU
    assert (down.attrs["event"], down.attrs["slot"]) == ("link_down", "21")
    assert gone.attrs["event"] == "card_not_present"
    # the child's line after the port's record names the GPU below the port
    assert gone.attrs["gpu_pci"].endswith("18:00.0") and gone.attrs["recovery"] == "failed"
    assert dpc2.attrs["reason"] == "ERR_FATAL" and dpc2.attrs["source_pci"].endswith("01:00.0")
    assert rep.unrecognised == 0 and rep.consistent


def test_old_kernel_port_service_devices_and_long_names() -> None:
    text = """\
[  10.1] dpc 0000:00:03.2:pcie008: DPC containment event, status:0x1f01 source:0x0000
[  10.2] dpc 0000:00:03.2:pcie008: DPC unmasked uncorrectable error detected
[  10.3] pcieport 0000:00:03.2: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer, id=0018(Requester ID)
[  10.4] pcieport 0000:00:03.2:   device [1022:1483] error status/mask=00100000/04400000
[  10.5] pcieport 0000:00:03.2:    [20] Unsupported Request    (First)
[  10.6] pciehp 0000:00:03.0:pcie004: Card not present on Slot(3)
[  10.7] pciehp 0000:00:03.0:pcie004: slot(3): Link Down event
"""
    events, rep = parse_text(text, node="n")
    assert [e.kind for e in events] == ["pcie_dpc", "pcie_aer", "pcie_link_down", "pcie_link_down"]
    assert events[0].attrs["reason"] == "unmasked uncorrectable error"
    assert events[1].attrs["severity"] == "nonfatal"
    assert events[1].attrs["status_bits"] == "UnsupReq"
    assert rep.unrecognised == 0


def test_aer_line_in_every_time_stamp_form_is_the_same_event() -> None:
    msg = "pcieport 0000:17:01.0: AER: Uncorrected (Non-Fatal) error received: 0000:18:00.0"
    forms = [
        f"[    2.000000] {msg}",
        f"<3>[    2.000000] {msg}",
        f"3,77,2000000,-;{msg}",
        f"[Mon Mar  2 02:45:00 2026] {msg}",
        f"2026-03-02T02:45:00,000000+00:00 {msg}",
        f"node-01: kern: err: [2026-03-02T02:45:00.000Z]: {msg}",
        f"2026-03-02T02:45:00.000000+00:00 node-01 kernel: {msg}",
        f"Mar  2 02:45:00 node-01 kernel: [    2.000000] {msg}",
        f"<3>1 2026-03-02T02:45:00Z node-01 kernel - - - {msg}",
        f'{{"__REALTIME_TIMESTAMP": "1772419500000000", "_TRANSPORT": "kernel", "MESSAGE": "{msg}"}}',
    ]
    wall = 1_772_419_500.0  # 2026-03-02T02:45:00Z
    for line in forms:
        events, rep = parse_lines([line], node="node-01", year=2026, boot_time=wall - 2.0)
        assert len(events) == 1, (line, rep.as_dict())
        e = events[0]
        assert e.kind == "pcie_aer" and e.attrs["severity"] == "nonfatal", line
        assert e.pci_bus_id is not None and e.pci_bus_id.endswith("18:00.0"), line
        assert abs(e.timestamp - wall) < 1e-6, line


def test_aer_line_written_by_a_process_is_not_kernel_evidence() -> None:
    line = (
        "Mar  2 02:45:00 node-01 mallory[4242]: pcieport 0000:17:01.0: AER: Uncorrected "
        "(Fatal) error received: 0000:18:00.0"
    )
    events, rep = parse_lines([line], year=2026)
    assert events == [] and rep.untrusted == 1


def test_nvrm_lines_in_other_journal_and_talos_wrappers() -> None:
    xid = "NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus."
    t = 1_795_860_000.0  # 2026-11-28T10:00:00Z
    cases = {
        # journalctl -o short-monotonic / short-unix / short-full, ISO with a space
        f"[ 1234.567890] gpu-01 kernel: {xid}": ("gpu-01", BOOT + 1234.56789),
        f"1795860000.250000 gpu-01 kernel: {xid}": ("gpu-01", t + 0.25),
        f"Sat 2026-11-28 10:00:00 UTC gpu-01 kernel: {xid}": ("gpu-01", t),
        f"2026-11-28 10:00:00 gpu-01 kernel: {xid}": ("gpu-01", t),
        # Talos (talosctl dmesg through a pdsh-style node prefix)
        f"10.5.0.2: kern: warning: [2026-11-28T10:00:00.000000Z]: {xid}": ("10.5.0.2", t),
        # dmesg -r keeps the level: still the ring buffer on the monotonic clock
        f"<4>[ 1234.567890] {xid}": ("", BOOT + 1234.56789),
    }
    for line, (node, ts) in cases.items():
        events, rep = parse_lines([line], boot_time=BOOT, at=t + 99)
        assert [e.kind for e in events] == ["xid"], (line, rep.as_dict())
        assert events[0].node == node and abs(events[0].timestamp - ts) < 1e-6, line
        assert "time" not in events[0].attrs, line  # the line's own time, not the read time
    forged = f"[ 1234.567890] gpu-01 mallory[42]: {xid}"
    events, rep = parse_lines([forged], boot_time=BOOT)
    assert events == [] and rep.untrusted == 1


FIRMWARE_FIRST = """\
[  148.794638] {1}[Hardware Error]: Hardware error from APEI Generic Hardware Error Source: 5
[  148.803731] {1}[Hardware Error]: event severity: recoverable
[  148.810191] {1}[Hardware Error]:  Error 0, type: recoverable
[  148.816088] {1}[Hardware Error]:   section_type: PCIe error
[  148.822391] {1}[Hardware Error]:   port_type: 0, PCIe end point
[  148.829026] {1}[Hardware Error]:   version: 3.0
[  148.834266] {1}[Hardware Error]:   command: 0x0006, status: 0x0010
[  148.841140] {1}[Hardware Error]:   device_id: 0000:18:00.0
[  148.847309] {1}[Hardware Error]:   slot: 0
[  148.852077] {1}[Hardware Error]:   secondary_bus: 0x00
[  148.857876] {1}[Hardware Error]:   vendor_id: 0x10de, device_id: 0x2330
[  148.865145] {1}[Hardware Error]:   class_code: 030200
[  148.870845] {1}[Hardware Error]:   aer_uncor_status: 0x00004000, aer_uncor_mask: 0x00000000
[  148.879842] {1}[Hardware Error]:   aer_uncor_severity: 0x000ef030
[  148.886575] {1}[Hardware Error]:   TLP Header: 40000001 0000030f 90028090 00000000
[  148.894823] nvidia 0000:18:00.0: AER: aer_status: 0x00004000, aer_mask: 0x00000000
[  148.902795] nvidia 0000:18:00.0: AER:    [14] CmpltTO                (First)
[  148.910234] nvidia 0000:18:00.0: AER: aer_layer=Transaction Layer, aer_agent=Requester ID
[  148.910235] nvidia 0000:18:00.0: AER: aer_uncor_severity: 0x00462030
"""


def test_firmware_first_cper_block_and_registers_are_one_event() -> None:
    """APEI GHES (cper.c cper_print_pcie, then aer.c pci_print_aer): the CPER section names the
    device and its severity ("recoverable" is AER Non-Fatal: cper_severity_to_aer)."""
    events, rep = parse_text(FIRMWARE_FIRST, node="node-01", boot_time=BOOT, topology=topo())
    (e,) = events
    assert e.kind == "pcie_aer" and e.gpu == "node-01/gpu0"
    a = e.attrs
    assert (a["severity"], a["firmware_first"], a["vendor"]) == ("nonfatal", "true", "10de")
    assert (a["status_bits"], a["layer"], a["agent"]) == ("CmpltTO", "transaction", "Requester ID")
    assert rep.unrecognised == 0 and rep.consistent
