"""Robustness of the kernel-log parser: never raises on input (hypothesis), linear time on
adversarial lines, bounded numbers, forged user-space lines are not kernel evidence."""

from __future__ import annotations

import time
from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import (
    FORMAT_STYLES,
    MAX_LINE,
    KernelLogParser,
    ParserConfigError,
    format_line,
    parse_lines,
    parse_text,
)

T0 = datetime(2026, 3, 2, 2, 45, tzinfo=UTC).timestamp()
SEEDS = [
    "NVRM: Xid (PCI:0000:1b:00): 149, NETIR Fatal XC0 i0 Link -1 (0x0 0x0)",
    "kern  :warn  : [ 1234.5] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x",
    "Mär 02 02:45:00 node kernel: nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Fatal",
    '{"MESSAGE": "NVRM: Xid (PCI:0000:3b:00): 62, x", "_TRANSPORT": "kernel"}',
    "[ 721.0] INFO: task python:1234 blocked for more than 120 seconds.",
    "   os_acquire_mutex+0x4b/0x70 [nvidia]",
    "MESSAGE=NVRM: GPU at PCI:0000:08:00: GPU-751acba2-df95-76f6-5914-58abf0c3cba3",
]
PROFILE = settings(max_examples=300, deadline=None)


def _check(events: list[LogEvent], report: object) -> None:
    assert report.consistent  # type: ignore[attr-defined]
    for e in events:
        assert isinstance(e.timestamp, float)


@PROFILE
@given(st.lists(st.text(max_size=300), max_size=20))
def test_arbitrary_text_never_raises(lines: list[str]) -> None:
    _check(*parse_lines(lines, at=T0))


@PROFILE
@given(st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    _check(*parse_text(data))


@PROFILE
@given(
    st.sampled_from(SEEDS),
    st.integers(0, 200),
    st.text(alphabet=st.characters(codec="utf-8"), max_size=40),
    st.integers(0, 5000),
)
def test_mutated_seeds_never_raise(seed: str, pos: int, insert: str, digits: int) -> None:
    pos = min(pos, len(seed))
    lines = [seed[:pos] + insert + seed[pos:], seed.replace("149", "9" * digits), seed[:pos]]
    _check(*parse_lines(lines, node="n", boot_time=0.0))


@PROFILE
@given(
    st.sampled_from(FORMAT_STYLES),
    st.integers(0, 10**9),
    st.integers(1, 200),
    st.sampled_from(["00000000:18:00.0", "00000002:01:00.0", "00000000:3B:01.1"]),
    st.booleans(),
)
def test_formatted_xid_lines_round_trip(
    style: str, micros: int, code: int, pci: str, with_host: bool
) -> None:
    ts = T0 + micros / 1e6
    if style in ("dmesg-T", "syslog"):
        ts = float(int(ts))
    msg = f"NVRM: Xid (PCI:{pci[4:]}): {code}, pid=42, name=python, text"
    e = LogEvent(timestamp=ts, node="node-17", kind="xid", message=msg, xid=code, pci_bus_id=pci)
    line = format_line(e, style, boot_time=T0 - 100.0, with_host=with_host)  # type: ignore[arg-type]
    [got], report = parse_lines([line], boot_time=T0 - 100.0, year=2026, node="node-17")
    assert (got.kind, got.xid, got.pci_bus_id, got.node, got.message) == (
        "xid",
        code,
        pci,
        "node-17",
        msg,
    )
    assert got.timestamp == pytest.approx(ts, abs=2e-6)
    assert report.recognised == 1 and report.consistent


@pytest.mark.parametrize(
    "line",
    [
        "NVRM: Xid (PCI:0000:1b:00): 149, " + "a" * 1_000_000,
        "NVRM: Xid (PCI:0000:1b:00): 149, " + "A" * 1_000_000,
        "NVRM: Xid (PCI:0000:1b:00): 149, " + "Fatal XC0 i0 Link " * 60_000,
        "NVRM: Xid (PCI:0000:1b:00): " + "7" * 5000 + ", x",
        "kern  :warn  : " * 70_000,
        "[" * 1_000_000,
        "Mar  2 02:45:00 " + "a" * 1_000_000,
        "{" + '"a":' * 200_000,
        "[" + " " * 1_000_000 + "1.0] NVRM: Xid (PCI:0000:1b:00): 1, x",
        "INFO: task " + ":" * 1_000_000,
    ],
    ids=lambda s: f"{s[:24]!r}…{len(s)}",
)
def test_adversarial_lines_are_linear_and_accounted(line: str) -> None:
    t = time.process_time()
    events, report = parse_lines([line, line.encode()], at=T0)
    assert time.process_time() - t < 2.0
    assert report.truncated == 2 or len(line) <= MAX_LINE
    assert report.consistent and report.total == 2
    for e in events:
        assert len(e.message) <= MAX_LINE


def test_five_thousand_digit_code_is_malformed_not_a_crash() -> None:
    events, report = parse_lines(["NVRM: Xid (PCI:0000:1b:00): " + "7" * 5000 + ", x"], at=T0)
    assert events == [] and report.malformed_count == 1
    assert "too long" in report.malformed[0][1]
    events, report = parse_lines([f"4,1,{'9' * 5000},-;NVRM: Xid (PCI:0000:1b:00): 1, x"])
    assert report.consistent


def test_forged_user_space_xid_is_not_kernel_evidence() -> None:
    forged = [
        "node-01 mallory[4242]: NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
        "Mar  2 02:45:00 node-01 mallory[4242]: NVRM: Xid (PCI:0000:3b:00): 79, x",
        "2026-03-02T02:45:00.1+00:00 node-01 python3[77]: NVRM: Xid (PCI:0000:3b:00): 48, x",
        "12,1043,1234567890,-;NVRM: Xid (PCI:0000:3b:00): 79, x",
        "user  :warn  : [ 12.5] NVRM: Xid (PCI:0000:3b:00): 79, x",
        '{"_TRANSPORT": "stdout", "MESSAGE": "NVRM: Xid (PCI:0000:3b:00): 79, x"}',
    ]
    events, report = parse_lines(forged, year=2026, at=T0)
    assert events == []
    assert report.untrusted == len(forged) and report.recognised == 0 and report.consistent
    assert [n for n, _, _ in report.untrusted_lines] == list(range(1, len(forged) + 1))
    assert report.as_dict()["untrusted"] == len(forged)
    kept, _ = parse_lines(forged, year=2026, at=T0, keep_untrusted=True)
    assert len(kept) == len(forged)
    assert all(e.attrs["source"] == "userspace" and e.attrs["trusted"] == "false" for e in kept)
    real, report = parse_lines(
        ["Mar  2 02:45:00 node-01 kernel: NVRM: Xid (PCI:0000:3b:00): 79, x"], year=2026
    )
    assert len(real) == 1 and "source" not in real[0].attrs
    assert report.by_source == {"kernel": 1}


def test_config_errors_are_the_only_raise() -> None:
    for kwargs in (
        {"at": float("nan")},
        {"boot_time": float("inf")},
        {"year": 0},
        {"max_malformed": -1},
    ):
        with pytest.raises(ParserConfigError):
            KernelLogParser(**kwargs)  # type: ignore[arg-type]
    assert issubclass(ParserConfigError, ValueError)


def test_report_summary_dict_and_paragraph() -> None:
    lines = [
        "NVRM: Xid (PCI:0000:3b:00): 79, GPU has fallen off the bus.",
        "NVRM: kgspHealthCheck_TU102: GSP-CrashCat Report",
        "usb 1-1: new high-speed USB device",
        "",
        "node-01 mallory[4242]: NVRM: Xid (PCI:0000:3b:00): 79, x",
    ]
    _, report = parse_lines(lines, at=T0)
    d = report.as_dict()
    assert (d["recognised"], d["gpu_unparsed"], d["other_unrecognised"], d["ignored"]) == (
        1,
        1,
        1,
        1,
    )
    assert d["untrusted"] == 1 and d["consistent"] and d["time_inferred"] == 1
    assert d["gpu_unparsed_lines"][0]["line"] == 2
    text = report.describe()
    assert "1 lines mention the GPU stack but match no rule" in text and "\n" not in text
