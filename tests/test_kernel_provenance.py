"""Provenance of kernel lines (issue 27, item 3).

Eight forms a real kernel never writes are refused as untrusted, one test each: a
``kernel[PID]:`` tag, an RFC 5424 PROCID, journal ``-o export`` / ``-o verbose`` records whose
``_TRANSPORT`` comes after ``MESSAGE``, journal JSON with no ``_TRANSPORT``, a repeated
``_TRANSPORT`` (JSON and export: the last one won), and an odd tag. The four forms text syslog
cannot tell apart from the kernel's own are accepted, marked ``via = "text-syslog"``."""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import (
    KernelLogParser,
    ParseReport,
    parse_lines,
)
from gpufleet.telemetry.log_feed import KernelLogFeed

T0 = datetime(2026, 3, 2, 2, 45, tzinfo=UTC).timestamp()
XID79 = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, GPU has fallen off the bus."
ISO = "2026-03-02T02:45:00.123456+00:00"


def _parse(lines: list[str]) -> tuple[list[LogEvent], ParseReport]:
    return parse_lines(lines, year=2026, at=T0)


def _refused(lines: list[str], reason: str) -> None:
    """The Xid line is refused, counted as untrusted with ``reason``, and shown only marked."""
    events, report = _parse(lines)
    assert [e for e in events if e.kind == "xid"] == [], events
    assert report.untrusted == 1 and report.consistent, report.summary()
    (_, why, _), *_ = report.untrusted_lines
    assert why.startswith("xid from user space") and reason in why, why
    kept, _ = parse_lines(lines, year=2026, at=T0, keep_untrusted=True)
    (xid,) = [e for e in kept if e.kind == "xid"]
    assert xid.attrs["trusted"] == "false" and xid.attrs["source"] == "userspace"


# --------------------------------------------------------------------- the eight refused forms
@pytest.mark.parametrize(
    "line",
    [
        f"{ISO} node-01 kernel[4242]: {XID79}",
        f"Mar  2 02:45:00 node-01 kernel[4242]: {XID79}",
        f"node-01 kernel[4242]: {XID79}",
    ],
    ids=["short-iso", "rfc3164", "no-time"],
)
def test_kernel_tag_with_a_pid_is_refused(line: str) -> None:
    _refused([line], "kernel lines carry no PID")


def test_rfc5424_with_a_procid_is_refused() -> None:
    _refused([f"<4>1 2026-03-02T02:45:00.123Z node-01 kernel 4242 - - {XID79}"], "PROCID")
    real, _ = _parse([f"<4>1 2026-03-02T02:45:00.123Z node-01 kernel - - - {XID79}"])
    assert [e.attrs["via"] for e in real] == ["text-syslog"]


def test_journal_export_with_transport_after_message_is_refused() -> None:
    record = [
        "__CURSOR=s=0a;i=1",
        "__REALTIME_TIMESTAMP=1772419500123456",
        "_HOSTNAME=node-01",
        "SYSLOG_IDENTIFIER=kernel",
        f"MESSAGE={XID79}",
        "_TRANSPORT=journal",  # journald's own field, written after the client's message
        "",
    ]
    _refused(record, "no _TRANSPORT before its MESSAGE")
    real = [*record[:2], "_TRANSPORT=kernel", *record[2:5], ""]
    events, report = _parse(real)
    assert [(e.xid, e.node, e.attrs["via"]) for e in events] == [(79, "node-01", "journal")]
    assert report.untrusted == 0


def test_journal_verbose_with_transport_after_message_is_refused() -> None:
    # -o verbose separates records by a header line, not a blank line: the first (real)
    # record's _TRANSPORT=kernel must not vouch for the second record's message.
    lines = [
        "Mon 2026-03-02 02:44:59.000001 UTC [s=0a;i=1;b=b1;m=1;t=1;x=1]",
        "    _TRANSPORT=kernel",
        "    SYSLOG_IDENTIFIER=kernel",
        "    _HOSTNAME=node-01",
        "    MESSAGE=NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  570.133.20",
        "Mon 2026-03-02 02:45:00.123456 UTC [s=0a;i=2;b=b1;m=2;t=2;x=2]",
        "    SYSLOG_IDENTIFIER=kernel",
        "    _HOSTNAME=node-01",
        f"    MESSAGE={XID79}",
        "    _TRANSPORT=stdout",
    ]
    _refused(lines, "no _TRANSPORT before its MESSAGE")


def test_journal_json_without_transport_is_refused() -> None:
    obj = {
        "__REALTIME_TIMESTAMP": "1772419500123456",
        "_HOSTNAME": "node-01",
        "SYSLOG_IDENTIFIER": "kernel",
        "MESSAGE": XID79,
    }
    _refused([json.dumps(obj)], "no _TRANSPORT")
    events, _ = _parse([json.dumps({**obj, "_TRANSPORT": "kernel"})])
    assert [(e.xid, e.attrs["via"]) for e in events] == [(79, "journal")]


def test_journal_json_with_a_repeated_transport_is_refused() -> None:
    line = (
        '{"__REALTIME_TIMESTAMP": "1772419500123456", "_TRANSPORT": "journal", '
        '"SYSLOG_IDENTIFIER": "kernel", "MESSAGE": "' + XID79 + '", "_TRANSPORT": "kernel"}'
    )
    _refused([line], "repeating _TRANSPORT")


def test_journal_export_with_a_repeated_transport_is_refused() -> None:
    record = [
        "__REALTIME_TIMESTAMP=1772419500123456",
        "_TRANSPORT=journal",
        "_TRANSPORT=kernel",
        "SYSLOG_IDENTIFIER=kernel",
        f"MESSAGE={XID79}",
        "",
    ]
    _refused(record, "repeating _TRANSPORT")


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        (f"{ISO} node-01 my tag: {XID79}", "odd tag"),
        (f"Mar  2 02:45:00 node-01 mallory[x]: {XID79}", "odd tag"),
        (f"<4>1 2026-03-02T02:45:00.123Z node-01 - - - - {XID79}", "APP-NAME '-'"),
    ],
    ids=["short-iso-two-words", "rfc3164-bad-pid", "rfc5424-no-app-name"],
)
def test_an_odd_tag_is_refused(line: str, reason: str) -> None:
    _refused([line], reason)


# ------------------------------------------------------- the four text syslog cannot tell apart
TEXT_SYSLOG_FORMS = {
    "logger -t kernel, short-iso": f"{ISO} node-01 kernel: {XID79}",
    "RFC 3164": f"Mar  2 02:45:00 node-01 kernel: {XID79}",
    "RFC 3164 with a fake [ 1234.5]": f"Mar  2 02:45:00 node-01 kernel: [ 1234.5] {XID79}",
    "RFC 5424, kern facility": f"<4>1 2026-03-02T02:45:00.123Z node-01 kernel - - - {XID79}",
}


@pytest.mark.parametrize("line", list(TEXT_SYSLOG_FORMS.values()), ids=list(TEXT_SYSLOG_FORMS))
def test_indistinguishable_forms_are_marked_text_syslog(line: str) -> None:
    [e], report = _parse([line])
    assert (e.kind, e.xid, e.node) == ("xid", 79, "node-01")
    assert e.attrs["via"] == "text-syslog"  # accepted, never as corroborated kernel evidence
    assert report.untrusted == 0


def test_kernel_sources_carry_their_own_provenance() -> None:
    lines = {
        "kmsg": f"4,1042,1234567890,-;{XID79}",
        "dmesg": f"[ 1234.567890] {XID79}",
        "pasted": XID79,
    }
    for via, line in lines.items():
        [e], _ = parse_lines([line], node="node-01", boot_time=T0 - 1234.56789, at=T0)
        assert e.attrs["via"] == via, line
    # journalctl -k prints short-iso too, but only the kernel transport: the live journal feed
    # says so, and its lines count as the journal's.
    parser = KernelLogParser(journal_kernel=True)
    e = parser.feed(f"{ISO} node-01 kernel: {XID79}")
    assert e is not None and e.attrs["via"] == "journal"
    assert parser.feed(f"{ISO} node-01 kernel[7]: {XID79}") is None  # refusals still hold


def test_the_journal_feed_reads_the_kernel_transport_and_a_file_does_not(tmp_path: Path) -> None:
    line = f"{ISO} node-01 kernel: {XID79}"
    journal = KernelLogFeed("journal", node=None, topology=None)
    assert "-k" in journal.source
    from_journal = journal.parser.feed(line)
    assert from_journal is not None and from_journal.attrs["via"] == "journal"
    from_file = KernelLogFeed(tmp_path / "syslog", node=None, topology=None).parser.feed(line)
    assert from_file is not None and from_file.attrs["via"] == "text-syslog"


def test_logs_parse_lists_the_refused_forms_with_their_reason(tmp_path: Path) -> None:
    log = tmp_path / "kern.log"
    log.write_text(
        f"{ISO} node-01 kernel[4242]: {XID79}\n"
        f"<4>1 2026-03-02T02:45:00.123Z node-01 kernel 77 - - {XID79}\n"
        f"{ISO} node-01 kernel: {XID79}\n"
    )
    out = io.StringIO()
    assert main(["logs", "parse", str(log)], out=out) == 0
    text = out.getvalue()
    assert "line 1: xid from user space: a kernel[PID] tag: kernel lines carry no PID" in text
    assert "line 2: xid from user space: an RFC 5424 PROCID" in text
    assert "xid 79 [via text-syslog: an Xid needs corroboration]" in text
