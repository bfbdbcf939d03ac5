"""Kernel / journal / syslog parser: formats × message kinds, PCI mapping, clocks, years,
bad-input accounting, format_line round trips and the file follower."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import (
    FORMAT_STYLES,
    MAX_MALFORMED,
    KernelLogParser,
    YearRequiredError,
    follow,
    format_line,
    journalctl_follow_argv,
    normalize_pci_bus_id,
    parse_lines,
    parse_text,
)
from gpufleet.telemetry.topology import Topology, build_cluster

T0 = datetime(2026, 3, 2, 2, 45, tzinfo=UTC).timestamp()  # 2026-03-02T02:45:00Z
MONO = 1234.567890
FRAC = 0.123456
BOOT = T0 + FRAC - MONO  # so that "[ 1234.567890]" lands on T0 + 0.123456


@pytest.fixture(scope="module")
def topo() -> Topology:
    return Topology([build_cluster()])


# Real-shaped messages (NVRM / nvswitch / mlx5 text as the drivers print it), one per kind,
# with what the event must carry. build_cluster() puts GPU0..7 at buses 18 2A 3A 5D 9A AB BA DB.
MESSAGES: dict[str, tuple[str, dict[str, object]]] = {
    "xid": (
        "NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, GPU has fallen off the bus.",
        {
            "xid": 79,
            "pci_bus_id": "00000000:18:00.0",
            "gpu": "node-17/gpu0",
            "attrs": {"pid": "1234", "name": "python"},
        },
    ),
    "sxid": (
        "nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 46 egress non-posted "
        "PRIV error (First)",
        {
            "xid": 12028,
            "pci_bus_id": "00000000:05:00.0",
            "gpu": None,
            "attrs": {"switch": "nvidia-nvswitch3", "severity": "Non-fatal", "link": "46"},
        },
    ),
    "fallen_off_bus": (
        "NVRM: GPU 0000:2a:00.0: GPU has fallen off the bus.",
        {"xid": None, "pci_bus_id": "00000000:2A:00.0", "gpu": "node-17/gpu1", "attrs": {}},
    ),
    "rm_init_failed": (
        "NVRM: GPU 0000:3A:00.0: RmInitAdapter failed! (0x26:0x56:1474)",
        {
            "xid": None,
            "pci_bus_id": "00000000:3A:00.0",
            "gpu": "node-17/gpu2",
            "attrs": {"code": "0x26:0x56:1474"},
        },
    ),
    "nic_link_down": (
        "mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Down",
        {
            "xid": None,
            "pci_bus_id": None,
            "gpu": None,
            "attrs": {"device": "mlx5_3", "port": "1", "pci": "00000000:C1:00.0"},
        },
    ),
    "nic_link_up": (
        "mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Active",
        {
            "xid": None,
            "pci_bus_id": None,
            "gpu": None,
            "attrs": {"device": "mlx5_3", "port": "1", "pci": "00000000:C1:00.0"},
        },
    ),
}

# (id, template, expected timestamp, parse kwargs). Lines with a hostname are parsed with a
# different ``node`` argument: the line's hostname must win. Hostless lines get node-17 from
# the argument.
WHOLE, PRECISE = T0, T0 + FRAC
FORMATS: list[tuple[str, str, float, dict[str, object]]] = [
    ("dmesg", "[ 1234.567890] {m}", PRECISE, {"boot_time": BOOT, "node": "node-17"}),
    ("dmesg+host", "node-17: [ 1234.567890] {m}", PRECISE, {"boot_time": BOOT, "node": "x"}),
    ("kmsg", "4,1042,1234567890,-;{m}", PRECISE, {"boot_time": BOOT, "node": "node-17"}),
    ("dmesg-T", "[Mon Mar  2 02:45:00 2026] {m}", WHOLE, {"node": "node-17"}),
    ("dmesg-T+host", "node-17: [Mon Mar  2 02:45:00 2026] {m}", WHOLE, {"node": "x"}),
    ("dmesg-iso", "2026-03-02T02:45:00,123456+00:00 {m}", PRECISE, {"node": "node-17"}),
    ("dmesg-iso+host", "node-17: 2026-03-02T02:45:00,123456+00:00 {m}", PRECISE, {"node": "x"}),
    ("dmesg-iso+0100", "2026-03-02T03:45:00,123456+01:00 {m}", PRECISE, {"node": "node-17"}),
    ("short-iso", "2026-03-02T02:45:00+0000 node-17 kernel: {m}", WHOLE, {"node": "x"}),
    ("short-iso-nohost", "2026-03-02T02:45:00+0000 kernel: {m}", WHOLE, {"node": "node-17"}),
    (
        "short-iso-precise",
        "2026-03-02T02:45:00.123456+00:00 node-17 kernel: {m}",
        PRECISE,
        {"node": "x"},
    ),
    (
        "short-iso-precise-nohost",
        "2026-03-02T02:45:00.123456+00:00 kernel: {m}",
        PRECISE,
        {"node": "node-17"},
    ),
    (
        "syslog",
        "Mar  2 02:45:00 node-17 kernel: [ 1234.567890] {m}",
        WHOLE,
        {"year": 2026, "node": "x"},
    ),
    ("syslog-nohost", "Mar  2 02:45:00 kernel: {m}", WHOLE, {"year": 2026, "node": "node-17"}),
    ("journal-short", "Mar 02 02:45:00 node-17 kernel: {m}", WHOLE, {"year": 2026, "node": "x"}),
    ("syslog-pri", "<4>Mar  2 02:45:00 node-17 kernel: {m}", WHOLE, {"year": 2026, "node": "x"}),
    ("rfc5424", "<4>1 2026-03-02T02:45:00.123456Z node-17 kernel - - - {m}", PRECISE, {}),
    (
        "rfc5424-nilhost",
        "<4>1 2026-03-02T02:45:00.123456Z - kernel - - - {m}",
        PRECISE,
        {"node": "node-17"},
    ),
    (
        "rfc5424-sd",
        '<4>1 2026-03-02T03:45:00.123456+01:00 node-17 kernel - - [meta seq="1"] {m}',
        PRECISE,
        {},
    ),
]


# Each format's provenance (attrs["via"]): the ring buffer, or text syslog where only the tag
# says "kernel" (``logger -t kernel`` writes the same text).
VIA = {
    "dmesg": "dmesg",
    "kmsg": "kmsg",
    "short": "text-syslog",
    "syslog": "text-syslog",
    "journal": "text-syslog",
    "rfc5424": "text-syslog",
}


def _sans_via(attrs: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in attrs.items() if k != "via"}


def _sans_via_event(e: LogEvent) -> LogEvent:
    return LogEvent(
        e.timestamp,
        e.node,
        e.kind,
        e.message,
        e.xid,
        e.pci_bus_id,
        e.gpu,
        e.job_id,
        _sans_via(e.attrs),
    )


@pytest.mark.parametrize("kind", list(MESSAGES))
@pytest.mark.parametrize(("fmt", "template", "ts", "kwargs"), FORMATS, ids=[f[0] for f in FORMATS])
def test_format_by_kind(
    topo: Topology,
    fmt: str,
    template: str,
    ts: float,
    kwargs: dict[str, object],
    kind: str,
) -> None:
    msg, want = MESSAGES[kind]
    events, report = parse_lines([template.format(m=msg)], topology=topo, **kwargs)  # type: ignore[arg-type]
    assert report.malformed == [], report.malformed
    assert len(events) == 1, report
    e = events[0]
    assert e.kind == kind
    assert e.node == "node-17"
    assert e.message == msg
    assert e.timestamp == pytest.approx(ts, abs=1e-6)
    assert e.job_id is None
    for k, v in want.items():
        got = _sans_via(e.attrs) if k == "attrs" else getattr(e, k)
        assert got == v, (k, got)
    assert e.attrs["via"] == VIA[fmt.split("-", maxsplit=1)[0].split("+", maxsplit=1)[0]]
    assert report.recognised == report.total == 1
    assert report.by_kind == {kind: 1}
    assert report.consistent


# ------------------------------------------------------------------------------------- PCI


@pytest.mark.parametrize(
    ("raw", "want"),
    [
        ("0000:18:00", "00000000:18:00.0"),
        ("0000:18:00.0", "00000000:18:00.0"),
        ("PCI:0000:1b:00", "00000000:1B:00.0"),
        ("00000000:AB:00.0", "00000000:AB:00.0"),
        ("18:00.0", "00000000:18:00.0"),
        ("0008:01:00", "00000008:01:00.0"),
        ("0000:00:1e", "00000000:00:1E.0"),
        ("0000:c1:00.1", "00000000:C1:00.1"),
        ("zz:00.0", None),
        ("0000:18:00.9", None),
        ("0000:18", None),
        ("", None),
    ],
)
def test_normalize_pci_bus_id(raw: str, want: str | None) -> None:
    assert normalize_pci_bus_id(raw) == want


@pytest.mark.parametrize(
    ("pci", "gpu"),
    [
        ("PCI:0000:18:00", "node-05/gpu0"),
        ("PCI:0000:18:00.0", "node-05/gpu0"),
        ("PCI:0000:2a:00", "node-05/gpu1"),
        ("PCI:0000:2A:00.0", "node-05/gpu1"),
        ("PCI:00000000:3A:00.0", "node-05/gpu2"),
        ("0000:5d:00", "node-05/gpu3"),  # pre-"PCI:" drivers
        ("PCI:0000:ab:00", "node-05/gpu5"),
        ("PCI:0000:db:00.0", "node-05/gpu7"),
        ("PCI:0000:0b:00", None),  # not a GPU of this node: the PCI id stays, gpu is None
    ],
)
def test_xid_pci_variants_map_to_gpu(topo: Topology, pci: str, gpu: str | None) -> None:
    line = f"2026-03-02T02:45:00+0000 node-05 kernel: NVRM: Xid ({pci}): 13, pid=77, name=a.out"
    [e], report = parse_lines([line], topology=topo)
    assert e.gpu == gpu
    assert e.pci_bus_id == normalize_pci_bus_id(pci)
    assert e.xid == 13
    assert report.recognised == 1


def test_gpu_needs_topology_and_known_node(topo: Topology) -> None:
    line = "[ 5.000000] NVRM: Xid (PCI:0000:18:00): 48, pid=1, name=x, DBE"
    [no_topo], _ = parse_lines([line], node="node-05", boot_time=0.0)
    [unknown], _ = parse_lines([line], node="node-99", boot_time=0.0, topology=topo)
    [no_node], rep = parse_lines([line], boot_time=0.0, topology=topo)
    assert no_topo.gpu is None and no_topo.pci_bus_id == "00000000:18:00.0"
    assert unknown.gpu is None and unknown.node == "node-99"
    assert no_node.gpu is None and no_node.node == ""
    assert rep.missing_node == 1
    assert "without a node name" in rep.summary()


# --------------------------------------------------------------------------- Xid details


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("0x0", "None"),
        ("0x1", "GPU Reset Required"),
        ("0x2", "Node Reboot Required"),
        ("0x4", "Drain and Reset"),
        ("0x8", "Drain P2P"),
    ],
)
def test_xid_154_recovery_action(code: str, text: str) -> None:
    line = (
        "Mar  2 02:45:01 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 154, GPU recovery action "
        f"changed from 0x0 (None) to {code} ({text})"
    )
    [e], _ = parse_lines([line], year=2026)
    assert e.xid == 154
    assert e.attrs["recovery_action"] == text
    assert e.attrs["recovery_action_code"] == code
    assert e.attrs["previous_recovery_action"] == "None"


def test_xid_154_with_pid_and_without_recovery_text() -> None:
    lines = [
        "[ 10.0] NVRM: Xid (PCI:0000:01:00): 154, pid=2280, name=python3, GPU recovery action "
        "changed from 0x1 (GPU Reset Required) to 0x2 (Node Reboot Required)",
        "[ 11.0] NVRM: Xid (PCI:0000:01:00): 154, summary text from a newer driver",
    ]
    a, b = parse_lines(lines, node="n", boot_time=0.0)[0]
    assert _sans_via(a.attrs) == {
        "pid": "2280",
        "name": "python3",
        "recovery_action": "Node Reboot Required",
        "recovery_action_code": "0x2",
        "previous_recovery_action": "GPU Reset Required",
    }
    assert b.xid == 154 and "recovery_action" not in b.attrs


@pytest.mark.parametrize(
    ("rest", "want"),
    [
        (
            "149, NETIR_LINK_EVT Fatal XC0 i0 Link 08 (0x004505c6 0x00000000 0x00000000 "
            "0x00000000 0x00000000 0x00000000)",
            {
                "subcomponent": "NETIR_LINK_EVT",
                "severity": "Fatal",
                "xc": "0",
                "instance": "0",
                "link": "8",
                "intr_info": "0x004505c6",
                "error_status": "0x00000000",
            },
        ),
        (  # pre-R575 spacing and brackets
            "149, NETIR_LINK_EVT Fatal XC 1 i 2 Link 01 [0x0000000a]",
            {
                "subcomponent": "NETIR_LINK_EVT",
                "severity": "Fatal",
                "xc": "1",
                "instance": "2",
                "link": "1",
                "intr_info": "0x0000000a",
            },
        ),
        (
            "145, pid=4242, name=pt_main_thread, RLW_REMAP Nonfatal XC1 i0 Link 12 "
            "(0x000000C5 0x00000001 0x00000000 0x00000000 0x00000000 0x00000000)",
            {
                "pid": "4242",
                "name": "pt_main_thread",
                "subcomponent": "RLW_REMAP",
                "severity": "Nonfatal",
                "xc": "1",
                "instance": "0",
                "link": "12",
                "intr_info": "0x000000c5",
                "error_status": "0x00000001",
            },
        ),
        (
            "144, SAW_MVB  Nonfatal   XC0 i0 Link -1 (0x000fe406 0x00000008 0x0 0x0 0x0 0x0)",
            {
                "subcomponent": "SAW_MVB",
                "severity": "Nonfatal",
                "xc": "0",
                "instance": "0",
                "link": "-1",
                "intr_info": "0x000fe406",
                "error_status": "0x00000008",
            },
        ),
        ("150, some future wording we do not know", {}),
    ],
)
def test_nvlink5_xids(rest: str, want: dict[str, str]) -> None:
    line = f"[171167.620236] NVRM: Xid (PCI:0009:01:00): {rest}"
    [e], report = parse_lines([line], node="gb200-1", boot_time=0.0)
    assert e.kind == "xid"
    assert e.pci_bus_id == "00000009:01:00.0"
    assert _sans_via(e.attrs) == want
    assert report.malformed_count == 0


def test_xid_unknown_pid_and_name_are_dropped() -> None:
    line = (
        "[1235733.431527] NVRM: Xid (PCI:0000:4e:00): 79, pid='<unknown>', name=<unknown>, "
        "GPU has fallen off the bus."
    )
    [e], _ = parse_lines([line], node="n", boot_time=0.0)
    assert e.xid == 79 and e.attrs == {"via": "dmesg"}


# ---------------------------------------------------------------------------------- SXid


def test_sxid_variants() -> None:
    lines = [
        "[38889.018130] nvidia-nvswitch0: SXid (PCI:0000:c3:00.0): 24007, Fatal, Link 30 "
        "sourcetrack timeout error",
        "[38889.018131] nvidia-nvswitch0: SXid (PCI:0000:c3:00.0): 24007, Severity 1 Engine "
        "instance 30 Sub-engine instance 00",
        "[38889.018132] nvidia-nvswitch0: SXid (PCI:0000:c3:00.0): 24007, Data {0x00000000, "
        "0x00000000, 0x00000000}",
        "[38889.018133] nvidia-nvswitch0: SXid (PCI:0000:00:00.0): 11001, Fatal, ingress invalid "
        "command",
        "[38889.018134] nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20009, Non-fatal, Li",
        "[38889.018135] nvidia-nvswitch3: SXid (PCI:0000:c1:00.0): garbled, Fatal",
        "[38889.018136] nvidia-nvswitch3: SXid (PCI:zz): 12028, Non-fatal, Link 1",
        "[38889.018137] nvidia-nvswitch0: SXid (PCI:0004:00:00.0): 26006, SOE HALT data[0] = 0x0",
    ]
    events, report = parse_lines(lines, node="node-02", boot_time=0.0)
    assert [(e.xid, _sans_via(e.attrs)) for e in events] == [
        (24007, {"switch": "nvidia-nvswitch0", "severity": "Fatal", "link": "30"}),
        (11001, {"switch": "nvidia-nvswitch0", "severity": "Fatal"}),
        (20009, {"switch": "nvidia-nvswitch1", "severity": "Non-fatal"}),
        (26006, {"switch": "nvidia-nvswitch0"}),
    ]
    assert all(e.kind == "sxid" and e.gpu is None for e in events)
    assert report.ignored == 2  # Severity/Data detail lines of the first error
    assert report.malformed_count == 2
    assert [r for _, r, _ in report.malformed] == [
        "SXid code 'garbled' is not an integer",
        "SXid line with an unreadable PCI id 'PCI:zz'",
    ]
    assert report.consistent


@pytest.mark.parametrize(
    "line",
    [
        "kernel: NVRM: Xid (PCI:...): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11 (...)",
        "NVRM: Xid (PCI:<redacted>): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11",
        "NVRM: Xid (PCI:0000:xx:00): 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11",
        "Xid 145, RLW_RXPIPE Nonfatal XC0 i0 Link 11",
    ],
)
def test_an_xid_with_its_pci_id_masked_is_still_the_drivers_xid(line: str) -> None:
    # tickets mask the bus id or quote the Xid bare: the code stays the driver's, on the node
    [e], report = parse_lines([line], node="node-02", at=1000.0)
    assert (e.kind, e.xid, e.pci_bus_id, e.gpu) == ("xid", 145, None, None)
    assert e.attrs["pci_masked"] == "true" and e.attrs["link"] == "11"
    assert "intr_info" not in e.attrs  # "(...)" is an elision, not a register
    assert report.malformed_count == 0


def test_a_tickets_shorthand_for_a_run_of_xids_is_read() -> None:
    # "19:15:34  Xid 31 PCI:0000:f0:00 pid=… ..." after one full line: each GPU's Xid counts
    lines = [
        "19:15:34  NVRM: Xid (PCI:0000:9a:00): 31, pid=477445, name=python3, channel 0x00000002",
        "19:15:34  Xid 31 PCI:0000:f0:00 pid=477448 ... UNRECOGNIZED_CLIENT ...",
        "19:15:37  Xid 31 PCI:0000:73:00 pid=477782 ...",
    ]
    events, report = parse_lines(lines, node="node-02", at=1000.0)
    assert [(e.xid, e.pci_bus_id, e.attrs.get("pid")) for e in events] == [
        (31, "00000000:9A:00.0", "477445"),
        (31, "00000000:F0:00.0", "477448"),
        (31, "00000000:73:00.0", "477782"),
    ]
    assert report.malformed_count == 0


def test_an_operators_list_of_xids_with_the_code_before_the_address_is_read() -> None:
    # "Mar 10 21:38:13  Xid 79 (PCI:0000:46:00): …" (a GPU's Xid history copied out of a bug
    # report): no host or tag, so pasted kernel text; the code and the GPU are the driver's
    lines = [
        "Mar 10 21:38:13  Xid 79 (PCI:0000:46:00): GPU has fallen off the bus",
        "Mar 10 23:25:13  Xid 79 (PCI:0000:46:00): pid=14944, name=VLLM::Worker, GPU has fallen",
    ]
    events, report = parse_lines(lines, node="node-02", year=2026)
    assert [(e.xid, e.pci_bus_id, e.attrs.get("pid")) for e in events] == [
        (79, "00000000:46:00.0", None),
        (79, "00000000:46:00.0", "14944"),
    ]
    assert report.malformed_count == 0 and report.untrusted == 0


def test_a_date_before_a_quoted_xid_is_no_pdsh_host() -> None:
    # "19/09/2026: Xid 79, …" in a ticket: the word before the colon is a date, not a host;
    # "node-17: …" and "10.0.0.5: …" (pdsh / clush) still name theirs
    lines = {
        "19/09/2026: Xid 79, GPU has fallen off the bus.": "node-02",
        "node-17: NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus": "node-17",
        "10.0.0.5: NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus": "10.0.0.5",
    }
    for line, host in lines.items():
        [e], _ = parse_lines([line], node="node-02", at=1000.0)
        assert (e.node, e.xid) == (host, 79), line


def test_a_garbled_pci_id_or_a_bare_xid_without_its_name_is_still_malformed() -> None:
    lines = ["NVRM: Xid (PCI:zz): 48, pid=1", "Xid 13, happened again"]
    events, report = parse_lines(lines, node="node-02", at=1000.0)
    assert events == [] and report.malformed_count == 2


def test_dmesg_delta_and_human_stamps_are_read_as_pasted_lines() -> None:
    # dmesg -d / -H: "[Jan21 10:20]" headers and "[  +0.000844]" gaps give no time of their own
    lines = [
        "[Jan21 10:20] NVRM: Xid (PCI:0000:03:00): 79, pid=1, GPU has fallen off the bus.",
        "[  +0.000844] pcieport 0000:00:03.0: AER: Multiple Uncorrected (Fatal) error received:"
        " 0000:00:03.0",
    ]
    events, report = parse_lines(lines, node="node-02", at=1000.0)
    assert [(e.kind, e.timestamp, e.attrs["time"]) for e in events] == [
        ("xid", 1000.0, "inferred"),
        ("pcie_aer", 1000.0, "inferred"),
    ]
    assert report.by_format == {"dmesg-delta": 2}


def test_an_sxid_detail_line_alone_is_still_the_error() -> None:
    # A ticket often quotes only the "Data {…}" line (dmesg --decode --time-format iso here):
    # the switch still reported 12028; a detail line after its own header adds nothing.
    lines = [
        "kern  :err   : 2025-01-25T10:34:54,859532+00:00 nvidia-nvswitch1: SXid "
        "(PCI:0000:84:00.0): 12028, Data {0x000001c0, 0x00bd5c8a, 0x00000500}",
        "kern  :err   : 2025-01-25T10:35:00,000000+00:00 nvidia-nvswitch1: SXid "
        "(PCI:0000:84:00.0): 12028, Data {0x000001c0, 0x00bd5c8a, 0x00000500}",
        "kern  :err   : 2025-01-25T10:36:00,000000+00:00 nvidia-nvswitch1: SXid "
        "(PCI:0000:84:00.0): 20034, Severity 1 Engine instance 32 Sub-engine instance 00",
    ]
    events, report = parse_lines(lines, node="node-02")
    assert [(e.xid, e.pci_bus_id, _sans_via(e.attrs)) for e in events] == [
        (12028, "00000000:84:00.0", {"switch": "nvidia-nvswitch1", "record": "detail"}),
        (20034, "00000000:84:00.0", {"switch": "nvidia-nvswitch1", "record": "detail"}),
    ]
    assert report.ignored == 1  # the second detail line of the same error


def test_sxid_switch_pci_is_never_mapped_to_a_gpu(topo: Topology) -> None:
    # Same bus as GPU0 on purpose: the id belongs to a switch, so no GPU key.
    line = "[ 1.0] nvidia-nvswitch0: SXid (PCI:0000:18:00.0): 12028, Non-fatal, Link 2 x"
    [e], _ = parse_lines([line], node="node-01", boot_time=0.0, topology=topo)
    assert e.gpu is None and e.pci_bus_id == "00000000:18:00.0"


# --------------------------------------------------------------------- other message kinds


def test_rm_init_forms_and_echo() -> None:
    lines = [
        "[ 8.600582] NVRM: GPU 0000:01:00.0: RmInitAdapter failed! (0x25:0x65:1468)",
        "[ 8.600674] NVRM: GPU 0000:01:00.0: rm_init_adapter failed, device minor number 0",
        "[ 9.000000] NVRM: RmInitAdapter failed! (0x62:0x65:2028)",
        "[ 9.000001] NVRM: GPU0 RmInitAdapter: Cannot initialize GSP firmware RM",
    ]
    events, report = parse_lines(lines, node="n", boot_time=0.0)
    assert [(e.kind, e.pci_bus_id, _sans_via(e.attrs)) for e in events] == [
        ("rm_init_failed", "00000000:01:00.0", {"code": "0x25:0x65:1468"}),
        ("rm_init_failed", None, {"code": "0x62:0x65:2028"}),
    ]
    assert (report.ignored, report.unrecognised) == (1, 1)


def test_an_excerpt_that_starts_at_the_echo_still_reports_the_failed_init() -> None:
    # a ticket quotes dmesg from the echo on (the RmInitAdapter line above it was not pasted):
    # the echo is then the only word of the failure, and a second echo adds nothing
    lines = [
        "[73728.997618] NVRM: GPU 0000:00:16.0: rm_init_adapter failed, device minor number 0",
        "[73728.997700] NVRM: GPU 0000:00:16.0: rm_init_adapter failed, device minor number 0",
        "[73750.262579] NVRM: kfspSendBootCommands_GH100: FSP boot cmds failed. RM cannot boot.",
    ]
    events, report = parse_lines(lines, node="n", boot_time=0.0)
    assert [(e.kind, e.pci_bus_id, _sans_via(e.attrs)) for e in events] == [
        ("rm_init_failed", "00000000:00:16.0", {"echo": "true"}),
    ]
    assert report.ignored == 1


def test_mellanox_link_forms() -> None:
    lines = [
        "[ 1.0] mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Down",
        "[ 2.0] mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Active",
        "[ 3.0] mlx5_core 0000:08:00.7 ens9f0v5: Link down",
        "[ 4.0] mlx5_core 0000:04:00.0 enp4s0f0np0: Link up",
        "[ 5.0] mlx5_core 0000:c1:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: "
        "module 0, Cable unplugged",
        "[ 6.0] mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Init",
        "[ 7.0] mlx5_core 0000:03:00.0: firmware version: 28.46.1006",
    ]
    events, report = parse_lines(lines, node="n", boot_time=0.0)
    assert [(e.kind, _sans_via(e.attrs)) for e in events] == [
        ("nic_link_down", {"device": "mlx5_3", "port": "1", "pci": "00000000:C1:00.0"}),
        ("nic_link_up", {"device": "mlx5_3", "port": "1", "pci": "00000000:C1:00.0"}),
        ("nic_link_down", {"device": "ens9f0v5", "pci": "00000000:08:00.7"}),
        ("nic_link_up", {"device": "enp4s0f0np0", "pci": "00000000:04:00.0"}),
    ]
    assert report.unrecognised == 3


def test_fallen_off_bus_old_form() -> None:
    line = "[ 412.331] NVRM: GPU at PCI:0000:01:00: GPU has fallen off the bus."
    [e], _ = parse_lines([line], node="n", boot_time=0.0)
    assert (e.kind, e.pci_bus_id) == ("fallen_off_bus", "00000000:01:00.0")


# ------------------------------------------------------------------------------- clocks


def test_monotonic_with_and_without_boot_time() -> None:
    lines = ["[ 1234.567890] NVRM: Xid (PCI:0000:18:00): 31, pid=5, name=x, MMU Fault"]
    [wall], rep_wall = parse_lines(lines, node="n", boot_time=BOOT)
    [mono], rep_mono = parse_lines(lines, node="n")
    assert wall.timestamp == pytest.approx(T0 + FRAC, abs=1e-6)
    assert "clock" not in wall.attrs and rep_wall.monotonic == 0
    assert mono.timestamp == pytest.approx(MONO, abs=1e-9)
    assert mono.attrs["clock"] == "monotonic"
    assert rep_mono.monotonic == 1 and "monotonic clock" in rep_mono.summary()


def test_kmsg_microseconds() -> None:
    [e], _ = parse_lines(["3,1042,8462102,-;NVRM: GPU 0000:00:03.0: RmInitAdapter failed!"])
    assert e.timestamp == pytest.approx(8.462102) and e.attrs["clock"] == "monotonic"


def test_local_time_formats_use_tz() -> None:
    est = timezone(timedelta(hours=-5))
    lines = [
        "[Sun Mar  1 21:45:00 2026] NVRM: Xid (PCI:0000:18:00): 13, x",
        "Mar  1 21:45:00 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 13, x",
        "2026-03-01T21:45:00.000000 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 13, x",
    ]
    events, _ = parse_lines(lines, node="node-17", year=2026, tz=est)
    assert [e.timestamp for e in events] == [T0, T0, T0]


def test_invalid_timestamps_are_malformed() -> None:
    lines = [
        "2026-02-30T02:45:00+0000 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 13, x",
        "[Mon Foo  2 02:45:00 2026] NVRM: Xid (PCI:0000:18:00): 13, x",
        "<4>1 - node-17 kernel - - - NVRM: Xid (PCI:0000:18:00): 13, x",
        "2026-03-02T02:45:00+2500 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 13, x",
        "2026-02-30T02:45:00+0000 node-17 kernel: usb 1-1: new high-speed USB device",
    ]
    events, report = parse_lines(lines, node="n")
    assert events == []
    assert report.malformed_count == 4 and report.unrecognised == 1
    reasons = [r for _, r, _ in report.malformed]
    assert reasons[0].startswith("invalid timestamp")
    assert reasons[2] == "no usable timestamp"
    assert [n for n, _, _ in report.malformed] == [1, 2, 3, 4]


def test_lines_without_a_timestamp_still_make_events() -> None:
    # Formerly "<kind> message without a timestamp" (malformed, dropped): a line with no time is
    # still an Xid. It gets the caller's read time ``at`` (attrs time=inferred), else 0.0 and
    # time=unknown, and the report counts both.
    lines = [
        "NVRM: Xid (PCI:0000:18:00): 13, x",
        "kernel: NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.",
        "nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 46",
    ]
    events, report = parse_lines(lines, node="n")
    assert [e.kind for e in events] == ["xid", "fallen_off_bus", "sxid"]
    assert all(e.timestamp == 0.0 and e.attrs["time"] == "unknown" for e in events)
    assert report.time_unknown == 3 and report.malformed_count == 0 and report.consistent
    events, report = parse_lines(lines, node="n", at=T0)
    assert all(e.timestamp == T0 and e.attrs["time"] == "inferred" for e in events)
    assert report.time_inferred == 3 and report.recognised == 3


# --------------------------------------------------------------------------------- years

XID_SYSLOG = "{d} node-17 kernel: NVRM: Xid (PCI:0000:18:00): 13, x"


def test_syslog_year_argument_and_rollover() -> None:
    lines = [
        XID_SYSLOG.format(d=d) for d in ("Dec 31 23:59:59", "Jan  1 00:00:01", "Jan  1 00:00:00")
    ]
    events, _ = parse_lines(lines, year=2025)
    new_year = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    # Dec → Jan moves to 2026; a line slightly out of order within January stays in 2026.
    assert [e.timestamp for e in events] == [new_year - 1, new_year + 1, new_year]


def test_syslog_year_from_now() -> None:
    now = datetime(2026, 1, 5, 12, tzinfo=UTC).timestamp()
    lines = [
        XID_SYSLOG.format(d=d) for d in ("Dec 31 23:59:59", "Jan  5 12:30:00", "Jan  6 06:00:00")
    ]
    events, _ = parse_lines(lines, now=now)
    assert [datetime.fromtimestamp(e.timestamp, UTC).year for e in events] == [2025, 2026, 2026]


def test_syslog_feb_29_outside_leap_years_is_malformed() -> None:
    now = datetime(2026, 3, 1, tzinfo=UTC).timestamp()
    _, report = parse_lines([XID_SYSLOG.format(d="Feb 29 10:00:00")], now=now)
    assert report.malformed_count == 1 and "invalid timestamp" in report.malformed[0][1]


def test_syslog_without_year_or_now_does_not_abort() -> None:
    # Formerly raised YearRequiredError for the whole file: now one year-less line is an event
    # with no known time (attrs time=unknown, counted), or placed by ``at`` when given.
    ok = ["Mar  2 02:45:00 node-17 systemd[1]: Started Session 4 of user root."]
    _, report = parse_lines(ok)
    assert report.unrecognised == 1
    events, report = parse_lines([*ok, XID_SYSLOG.format(d="Mar  2 02:45:00")])
    assert [(e.xid, e.timestamp, e.attrs["time"]) for e in events] == [(13, 0.0, "unknown")]
    assert report.time_unknown == 1 and "no known time" in report.summary()
    [e], _ = parse_lines([XID_SYSLOG.format(d="Mar  2 02:45:00")], at=T0 + 3600)
    assert e.timestamp == T0 and "time" not in e.attrs
    assert issubclass(YearRequiredError, ValueError)


# ------------------------------------------------------------------ bad input accounting


def _junk(rng: random.Random) -> bytes:
    return bytes(rng.choice([*range(0, 9), *range(11, 256)]) for _ in range(rng.randint(0, 120)))


def test_thousand_mixed_lines_are_all_accounted_for() -> None:
    rng = random.Random(20260302)
    ordinary = [
        "[ 2.000000] usb 1-1: new high-speed USB device number 2 using xhci_hcd",
        "Mar  2 02:45:00 node-17 kernel: EXT4-fs (nvme0n1p2): mounted filesystem",
        "2026-03-02T02:45:00.000001+00:00 node-17 systemd[1]: Started Session 4 of user root.",
        "[Mon Mar  2 02:45:00 2026] nvidia-nvswitch0: using MSI",
        "<6>1 2026-03-02T02:45:00Z node-17 sshd 812 - - Accepted publickey for root",
        "[ 3.0] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  570.133.20",
        "-- Boot 9b1f0e4d1c1a4e2c8d6a1e7d2f3b4c5d --",
        "",
    ]
    valid_msgs = [m for m, _ in MESSAGES.values()]
    malformed = [
        "[ 9.0] NVRM: Xid (PCI:0000:66:00): abc, pid=2280636",
        "[ 9.0] NVRM: Xid (PCI:0000:zz:00): 79, GPU has fallen off the bus.",
        "[ 9.0] NVRM: Xid error: xyz, invalid data",
        "[ 9.0] nvidia-nvswitch3: SXid (PCI:0000:c1:00.0): garbled, Fatal",
    ]
    lines: list[str | bytes] = []
    want_msgs: list[str] = []
    n_malformed = 0
    for i in range(1000):
        r = rng.random()
        if r < 0.35:
            msg = rng.choice(valid_msgs)
            # Descending stamps: the parser must keep input order, not sort.
            lines.append(f"node-{i % 7:02d}: [{5000 - i}.000000] {msg}")
            want_msgs.append(msg)
        elif r < 0.65:
            lines.append(rng.choice(ordinary))
        elif r < 0.75:
            lines.append("".join(chr(rng.randint(32, 126)) for _ in range(rng.randint(1, 200))))
        elif r < 0.90:
            lines.append(_junk(rng))
        else:
            lines.append(rng.choice(malformed))
            n_malformed += 1
    events, report = parse_lines(lines, boot_time=T0)
    assert report.total == 1000
    assert report.consistent
    assert report.recognised == len(events) == len(want_msgs)
    assert [e.message for e in events] == want_msgs
    assert sum(report.by_kind.values()) == report.recognised
    assert report.malformed_count == n_malformed > MAX_MALFORMED
    assert len(report.malformed) == MAX_MALFORMED
    assert all(len(text) <= 200 for _, _, text in report.malformed)
    assert report.unrecognised + report.ignored == 1000 - len(want_msgs) - n_malformed
    assert report.missing_node == 0


def test_parse_text_bytes_crlf_and_odd_separators() -> None:
    blob = (
        b"[ 1.000000] NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus.\r\n"
        b"\x00\xff\xfe garbage \x0c with form feed \x1c and \x85 separators\r\n"
        b"[ 2.000000] mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Down\n"
    )
    events, report = parse_text(blob, node="node-01", boot_time=100.0)
    assert [e.kind for e in events] == ["xid", "nic_link_down"]
    assert [e.timestamp for e in events] == [101.0, 102.0]
    assert (report.total, report.unrecognised) == (3, 1)


def test_feed_streams_and_numbers_lines() -> None:
    p = KernelLogParser(node="n", boot_time=0.0)
    assert p.feed("hello") is None
    e = p.feed(b"[ 1.5] NVRM: Xid (PCI:0000:18:00): 45, Ch 00000010\n")
    assert e is not None and e.timestamp == 1.5
    assert p.feed("[ 2.0] NVRM: Xid (PCI:0000:18:00): x") is None
    assert p.report.malformed[0][0] == 3 and p.report.total == 3


# ---------------------------------------------------------------------------- round trip


def _source_events(topo: Topology) -> list[LogEvent]:
    lines = [f"2026-03-02T02:45:00.250000+00:00 node-17 kernel: {m}" for m, _ in MESSAGES.values()]
    lines += [
        "2026-03-02T02:45:01.500001+00:00 node-03 kernel: NVRM: Xid (PCI:0000:18:00): 154, "
        "GPU recovery action changed from 0x0 (None) to 0x4 (Drain and Reset)",
        "2026-03-02T02:45:02.000000+00:00 node-03 kernel: NVRM: Xid (PCI:0000:db:00): 149, "
        "NETIR_LINK_EVT Fatal XC0 i0 Link 08 (0x004505c6 0x00000000 0x00000000 0x00000000 "
        "0x00000000 0x00000000)",
    ]
    events, report = parse_lines(lines, topology=topo)
    assert report.recognised == len(lines)
    return events


@pytest.mark.parametrize("style", FORMAT_STYLES)
@pytest.mark.parametrize("offset_s", [0.0, 3600.0 * 24 * 200 + 0.75])
def test_round_trip_every_style(topo: Topology, style: str, offset_s: float) -> None:
    whole_seconds = style in ("dmesg-T", "syslog")
    for src in _source_events(topo):
        ts = src.timestamp + offset_s
        if whole_seconds:
            ts = float(int(ts))
        event = LogEvent(
            ts, src.node, src.kind, src.message, src.xid, src.pci_bus_id, src.gpu, None, src.attrs
        )
        line = format_line(event, style, boot_time=BOOT)  # type: ignore[arg-type]
        year = datetime.fromtimestamp(ts, UTC).year
        [back], report = parse_lines([line], boot_time=BOOT, year=year, topology=topo)
        assert report.recognised == 1, line
        assert back.timestamp == pytest.approx(ts, abs=1e-6), line
        assert back.attrs["via"] == ("dmesg" if style.startswith("dmesg") else "text-syslog")
        assert _sans_via_event(back) == LogEvent(
            back.timestamp,
            event.node,
            event.kind,
            event.message,
            event.xid,
            event.pci_bus_id,
            event.gpu,
            None,
            _sans_via(event.attrs),
        ), line


def test_round_trip_hostless_monotonic_and_zone(topo: Topology) -> None:
    mono = LogEvent(
        MONO,
        "",
        "xid",
        "NVRM: Xid (PCI:0000:18:00): 13, x",
        13,
        "00000000:18:00.0",
        attrs={"clock": "monotonic"},
    )
    line = format_line(mono, "dmesg")
    assert line == "[ 1234.567890] NVRM: Xid (PCI:0000:18:00): 13, x"
    [back], report = parse_lines([line])
    assert _sans_via_event(back) == mono and report.missing_node == 1
    est = timezone(timedelta(hours=-5))
    msg = MESSAGES["fallen_off_bus"][0]
    wall = LogEvent(T0, "node-01", "fallen_off_bus", msg, None, "00000000:2A:00.0", "node-01/gpu1")
    for style in FORMAT_STYLES:
        text = format_line(wall, style, tz=est, boot_time=BOOT, with_host=False)
        [back], _ = parse_lines(
            [text], node="node-01", tz=est, year=2026, boot_time=BOOT, topology=topo
        )
        assert back.timestamp == pytest.approx(T0, abs=1e-6) and back.gpu == "node-01/gpu1", text


def test_format_line_shapes_and_errors() -> None:
    e = LogEvent(T0 + FRAC, "node-17", "xid", "NVRM: Xid (PCI:0000:18:00): 79, x", 79)
    assert format_line(e) == (
        "2026-03-02T02:45:00.123456+00:00 node-17 kernel: NVRM: Xid (PCI:0000:18:00): 79, x"
    )
    assert format_line(e, "syslog").startswith("Mar  2 02:45:00 node-17 kernel: NVRM")
    assert format_line(e, "dmesg-T").startswith("node-17: [Mon Mar  2 02:45:00 2026] NVRM")
    assert format_line(e, "dmesg", boot_time=BOOT).startswith("node-17: [ 1234.567890] NVRM")
    with pytest.raises(ValueError, match="boot_time"):
        format_line(e, "dmesg")
    with pytest.raises(ValueError, match="before boot"):
        format_line(e, "dmesg", boot_time=T0 + 10)
    with pytest.raises(ValueError, match="unknown style"):
        format_line(e, "json")  # type: ignore[arg-type]
    mono = LogEvent(5.0, "n", "xid", "m", attrs={"clock": "monotonic"})
    with pytest.raises(ValueError, match="monotonic"):
        format_line(mono, "journal-iso")


def test_simulator_shaped_event_round_trips(topo: Topology) -> None:
    # What FleetSimulator.log_xid emits: the topology's PCI form and GPU key, no attrs.
    sim = LogEvent(
        timestamp=T0 + 12.5,
        node="node-01",
        kind="xid",
        message="NVRM: Xid (PCI:0000:18:00.0): 79, GPU has fallen off the bus.",
        xid=79,
        pci_bus_id="00000000:18:00.0",
        gpu="node-01/gpu0",
    )
    [back], _ = parse_lines([format_line(sim)], topology=topo)
    assert _sans_via_event(back) == sim and back.attrs == {"via": "text-syslog"}


def test_parsed_events_drive_log_rules(topo: Topology) -> None:
    lines = [
        "2026-03-02T02:45:00.000000+00:00 node-01 kernel: NVRM: Xid (PCI:0000:18:00): 79, "
        "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        "2026-03-02T02:45:01.000000+00:00 node-01 kernel: NVRM: GPU 0000:2a:00.0: RmInitAdapter "
        "failed! (0x26:0x56:1474)",
    ]
    events, _ = parse_lines(lines, topology=topo)
    rules = LogRules(topo)
    out = rules.evaluate(T0 + 1, events, np.full(topo.n_gpus, -1), [])
    assert {a.entity for a in out} == {"node-01/gpu0", "node-01/gpu1"}
    assert rules.unmapped == 0


# ---------------------------------------------------------------------------------- follow


def test_follow_append_truncate_rotate(tmp_path: Path) -> None:
    log = tmp_path / "kern.log"
    log.write_bytes(b"a\nparti")

    def append() -> None:
        with log.open("ab") as f:
            f.write(b"al\nb\n")

    def copytruncate() -> None:
        log.write_bytes(b"c\n")  # same inode, smaller than what was read

    def rotate() -> None:
        with log.open("ab") as f:
            f.write(b"late\n")  # written to the old file just before logrotate renames it
        log.rename(tmp_path / "kern.log.1")
        log.write_bytes(b"d\n")

    def remove() -> None:
        log.unlink()  # rotated away, not yet recreated

    def recreate() -> None:
        log.write_bytes(b"e\n")

    actions: list[Callable[[], None]] = [append, copytruncate, rotate, remove, recreate]
    sleeps: list[float] = []

    def fake_sleep(s: float) -> None:
        sleeps.append(s)
        if actions:
            actions.pop(0)()

    got = list(follow(log, sleep=fake_sleep, poll_s=0.25, max_idle_polls=3))
    assert got == ["a", "partial", "b", "c", "late", "d", "e"]
    assert all(s == 0.25 for s in sleeps) and not actions
    assert len(sleeps) <= 20  # bounded: the loop ends after 3 idle polls


def test_follow_from_end_and_missing_file(tmp_path: Path) -> None:
    log = tmp_path / "kern.log"
    log.write_text("old\n")
    appended: list[bool] = []

    def fake_sleep(_: float) -> None:
        if not appended:
            with log.open("a") as f:
                f.write("new\n")
            appended.append(True)

    assert list(follow(str(log), sleep=fake_sleep, from_start=False, max_idle_polls=2)) == ["new"]
    assert list(follow(tmp_path / "absent.log", sleep=lambda _: None, max_idle_polls=2)) == []


def test_follow_feeds_parser(tmp_path: Path, topo: Topology) -> None:
    log = tmp_path / "kern.log"
    log.write_text("\n".join(format_line(e) for e in _source_events(topo)) + "\n")
    parser = KernelLogParser(topology=topo)
    events = [e for e in map(parser.feed, follow(log, sleep=lambda _: None, max_idle_polls=1)) if e]
    assert events == _source_events(topo)


def test_follow_command_and_journalctl_argv() -> None:
    argv = [sys.executable, "-c", "print('one'); print('two')"]
    assert list(follow(argv)) == ["one", "two"]
    assert journalctl_follow_argv() == [
        "journalctl",
        "-k",
        "-f",
        "-o",
        "short-iso-precise",
        "--no-pager",
        "--lines=0",
    ]
    assert journalctl_follow_argv(since="2026-03-02 02:00:00", lines=100)[-2:] == [
        "--lines=100",
        "--since=2026-03-02 02:00:00",
    ]
