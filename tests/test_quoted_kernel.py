"""Driver lines quoted in other text (a ticket's pasted dmesg) keep their own stamp unless it is
after the file that quotes them was read: then they are placed at that time and counted."""

from __future__ import annotations

import datetime as dt

from gpufleet.telemetry.quoted_kernel import quoted_driver_events, stamped_after_file_problem
from gpufleet.telemetry.topology import Topology, build_cluster

READ_AT = dt.datetime(2026, 4, 20, 8, 21, tzinfo=dt.UTC).timestamp()
TEXT = (
    "Apr 20 08:05:10 node-01 kernel: NVRM: Xid (PCI:0000:18:00): 13, pid=77, Graphics "
    "Exception: ESR 0x405840=0x82000200\n"
    "Apr 20 14:20:02 node-01 kernel: NVRM: Xid (PCI:0000:18:00): 31, pid=77, Ch 00000013, "
    "engmask 00000101, intr 10000000\n"
)


def _quoted(text: str, at: float = READ_AT):
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    return quoted_driver_events(
        text, origin="jobs/ticket.log", node="node-01", topology=topo, year=2026, at=at
    )


def test_a_line_stamped_before_the_file_was_read_keeps_its_stamp() -> None:
    found = _quoted(TEXT.splitlines(keepends=True)[0])
    [event] = found.events
    assert event.timestamp == dt.datetime(2026, 4, 20, 8, 5, 10, tzinfo=dt.UTC).timestamp()
    assert "stamp" not in event.attrs
    assert found.stamped_after_file == 0


def test_a_line_stamped_after_the_file_was_read_is_placed_at_that_time_and_counted() -> None:
    found = _quoted(TEXT)
    early, late = found.events
    assert early.timestamp < READ_AT and "stamp" not in early.attrs
    assert late.timestamp == READ_AT
    assert late.attrs["stamp"] == "after_file"
    assert late.attrs["via"] == "pasted" and late.attrs["pasted_from"] == "jobs/ticket.log"
    assert found.stamped_after_file == 1 and found.unplaced == 0
    said = stamped_after_file_problem("jobs/ticket.log", found)
    assert said.startswith("jobs/ticket.log: 1 quoted driver line(s) stamped after the file")


def test_a_line_stamped_exactly_when_the_file_was_read_is_not_counted() -> None:
    line = TEXT.splitlines(keepends=True)[1]
    found = _quoted(line, at=dt.datetime(2026, 4, 20, 14, 20, 2, tzinfo=dt.UTC).timestamp())
    assert found.stamped_after_file == 0
    assert "stamp" not in found.events[0].attrs


def test_a_pasted_record_of_a_gpu_the_driver_will_not_drive_lands_on_the_gpu_it_names() -> None:
    """nv.c's three-line record: only its first line names the GPU (here the node's second)."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    pci = topo.gpu_pci_bus_id[1]
    text = (
        "In `dmesg` I saw the following error reported:\n```\n"
        f"NVRM: The NVIDIA GPU {pci[4:]} (PCI ID: 10de:1b82)\n"
        "NVRM: installed in this system is not supported by open\n"
        "NVRM: nvidia.ko because it does not include the required GPU\n"
        "NVRM: System Processor (GSP).\n```\n"
    )
    found = quoted_driver_events(
        text, origin="jobs/ticket.log", node="node-01", topology=topo, year=2026, at=READ_AT
    )
    [event] = found.events
    assert event.kind == "gpu_probe_failed" and event.gpu == topo.gpu_keys[1]
    assert event.attrs["cause"] == "unsupported: open_module_needs_gsp"
    assert event.attrs["via"] == "pasted"
