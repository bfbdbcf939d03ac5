"""Kernel / journal / syslog text → :class:`~telemetry.frame.LogEvent`, never fatal on bad input.

The parser is pure: it takes lines (``str`` or ``bytes``) and configuration, and returns events plus
a :class:`ParseReport` that accounts for every line (recognised, ignored, unrecognised, malformed,
GPU-related but not understood, untrusted). It never reads the wall clock: wall-clock timestamps
come from the line itself, from ``boot_time`` (monotonic dmesg / ``/dev/kmsg`` lines), from
``year`` / ``now`` / ``at`` for RFC 3164 lines that carry no year, and from the caller's ``at``
(read time) for lines that carry no time at all. Only :func:`follow` at the bottom does I/O.

Line formats (each optionally preceded by ``<host>: `` as written by pdsh / clush when the same
command runs on many nodes, and by a ``dmesg --decode`` / talosctl ``kern  :warn  : `` facility
and level; the hostname inside journal / syslog lines wins over a pdsh prefix)::

    dmesg        [ 1234.567890] NVRM: Xid (PCI:0000:18:00): 79, ...        (needs boot_time)
    kmsg         4,1042,1234567890,-;NVRM: Xid ...                          (/dev/kmsg, µs)
    dmesg-T      [Mon Mar  2 02:45:00 2026] NVRM: Xid ...                   (local time: ``tz``)
    dmesg-iso    2026-03-02T02:45:00,123456+00:00 NVRM: Xid ...             (comma before µs)
                 [2026-03-02T02:45:00.123456Z]: NVRM: Xid ...               (talosctl dmesg)
    journal-iso  2026-03-02T02:45:00+0000 node-17 kernel: NVRM: Xid ...     (short-iso)
                 2026-03-02T02:45:00.123456+00:00 node-17 kernel: ...       (short-iso-precise)
    syslog       Mar  2 02:45:00 node-17 kernel: [ 1234.567890] NVRM: ...   (RFC 3164, journal
                 Mär 02 02:45:00 node-17 kernel: NVRM: ...                  "short"; no year;
                                                                            localized months)
    rfc5424      <4>1 2026-03-02T02:45:00.123Z node-17 kernel - - - NVRM: ...
    journal-json {"__REALTIME_TIMESTAMP": "…", "_TRANSPORT": "kernel", "MESSAGE": "NVRM: …"}
    journal-field  MESSAGE=NVRM: Xid ...   (journalctl -o export / verbose; the record's
                                            __REALTIME_TIMESTAMP, _HOSTNAME, _TRANSPORT and
                                            SYSLOG_IDENTIFIER lines before it are used)
    bare         NVRM: Xid (PCI:0000:3b:00): 79, ...      (journalctl -o cat, pasted tickets)

Lines with no time (``bare``, ``journal-field`` without ``__REALTIME_TIMESTAMP``) still make
events: they are stamped with the caller's ``at`` (read time) and ``attrs["time"] = "inferred"``,
or, with no ``at``, ``timestamp = 0.0`` and ``attrs["time"] = "unknown"``. Indented continuation
lines (the second and later lines of a multi-line kernel record, as dmesg and journalctl print
them) take the time, host and provenance of the record's first line. RFC 3164 lines take their
year from ``year``, else ``now``, else ``at``; with none of them the event gets
``attrs["time"] = "unknown"`` (counted in the report) instead of aborting the file.

Message kinds (``LogEvent.kind``): ``xid``, ``sxid``, ``fallen_off_bus``, ``rm_init_failed``,
``nic_link_down``, ``nic_link_up`` and, for failures NVIDIA reports without an Xid,
``gpu_probe_failed``, ``gsp_error``, ``gpu_hung_task`` (a task blocked, a soft lockup, or a
kernel oops, ``attrs["how"] = "oops"``, with an NVIDIA frame on its stack),
``driver_api_mismatch`` (a driver component another version than the loaded module) and
``gpu_handle_error`` (nvidia-smi's "Unable to determine the device handle"). See
:meth:`KernelLogParser._classify`.

PCIe errors of any PCI function (:mod:`telemetry.pcie_aer`, the kernel's AER / DPC / pciehp
lines) make ``pcie_aer`` (one per error the AER driver reports: ``attrs`` severity
``corrected`` / ``nonfatal`` / ``fatal``, ``layer``, ``agent``, ``reporter`` — the port that
received it, ``vendor`` / ``device_id``, ``status_bits`` such as ``RxErr,BadTLP`` or ``SDES``,
``first_error``), ``pcie_dpc`` (a Downstream Port Containment event on a port: ``reason``,
``source_pci``) and ``pcie_link_down`` (pciehp's "Link Down" / "Card not present" on a slot:
``event``, ``slot``). The event's PCI id is the function the error is about (the source a
port's "error received" line names). A record's later lines complete its event's ``attrs``
(the ``PCIe Bus Error`` line its layer, the ``device [10de:…]`` line its vendor, the ``[ n]``
lines its status bits); lines of the devices below a port that follow a port's event ("device
has no AER-aware driver", "Can't recover (no error_detected callback)") name its
``children``, and an ``nvidia`` one its ``gpu_pci`` (and ``gpu_key`` when the topology knows
that PCI id on the node); "device recovery failed" sets
``recovery``. A live reader sees the first line's facts at once and the rest as they come.

Provenance rule: only kernel messages are kernel evidence. A line whose syslog / journal
identifier is not ``kernel`` (``node-01 mallory[4242]: NVRM: Xid …``), whose journald
``_TRANSPORT`` is not ``kernel``, or whose priority carries a non-kernel facility (``<13>`` /
``user  :warn  :`` / a ``/dev/kmsg`` record with PRI ≥ 8, i.e. written to /dev/kmsg by a
process) is *untrusted*; so is every form a real kernel never writes: a ``kernel[4242]:`` tag
(kernel lines carry no PID), an RFC 5424 PROCID or an APP-NAME other than ``kernel``, an odd tag
(text where the ``host ident:`` header should be), a journal record with no ``_TRANSPORT``
before its ``MESSAGE`` (journald writes it first for a kernel record; in ``-o export`` /
``-o verbose`` fields after a ``MESSAGE`` never vouch for it, nor for the next record) or with
a repeated ``_TRANSPORT`` / ``SYSLOG_IDENTIFIER`` / ``MESSAGE``. An untrusted line is counted in
:attr:`ParseReport.untrusted` (with the reason) and yields no event, unless
``keep_untrusted=True``, when its event carries ``attrs["source"] = "userspace"`` and
``attrs["trusted"] = "false"``. Formats that carry no identifier (dmesg, ``/dev/kmsg`` with a
kernel facility, bare pasted lines) are read as kernel; a timeless ``word: NVRM: …`` line is read
as a pdsh host prefix unless the word carries a ``[pid]``. Events from the kernel carry no
``source`` attribute. ``gpu_handle_error`` is nvidia-smi output, never kernel evidence: it
carries ``attrs["source"] = "nvidia-smi"``.

Every event says how its line came (``attrs["via"]``, :data:`PROVENANCES`): ``kmsg`` and
``dmesg`` (the ring buffer), ``journal`` (journald's kernel transport: json / export / verbose
records, or ``journalctl -k`` output with ``journal_kernel=True``), ``text-syslog`` (short-iso,
RFC 3164, RFC 5424 text, where the ``kernel:`` tag is the only proof and ``logger -t kernel``
writes the same line) and ``pasted`` (no header). The last two (:data:`UNCORROBORATED`) need
corroboration before an Xid changes anything (``agents/sre/corroboration.py``).

Bounds (the input is untrusted): lines longer than :data:`MAX_LINE` characters are truncated
(and counted), every regular expression is linear in the line length (no overlapping adjacent or
nested unbounded quantifiers; repetitions bounded), numeric fields longer than
:data:`MAX_DIGITS` are malformed rather than converted, and the report keeps at most
``max_malformed`` sample lines per category. Bad input is never raised; the only exception is
:class:`ParserConfigError`, for invalid arguments.

Monotonic lines (``dmesg`` without ``-T``, ``/dev/kmsg``) parsed without ``boot_time`` get
``timestamp`` = seconds since boot and ``attrs["clock"] = "monotonic"``: the caller must not mix
them with wall-clock events. A caller reading recorded plain ``dmesg`` output (the recorded-incident
loader, when an incident's logs use that style) must pass the node's ``boot_time``.
"""

from __future__ import annotations

import json
import math
import os
import re
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any, Literal

from gpufleet.telemetry import pcie_aer
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.pcie_aer import PcieLine
from gpufleet.telemetry.topology import Topology, normalize_pci_bus_id

__all__ = [
    "DMESG",
    "FORMAT_STYLES",
    "JOURNAL",
    "KMSG",
    "MAX_DIGITS",
    "MAX_LINE",
    "MAX_MALFORMED",
    "PASTED",
    "PROVENANCES",
    "TEXT_SYSLOG",
    "UNCORROBORATED",
    "KernelLogParser",
    "ParseReport",
    "ParserConfigError",
    "Style",
    "YearRequiredError",
    "follow",
    "format_line",
    "journalctl_follow_argv",
    "normalize_pci_bus_id",
    "parse_lines",
    "parse_text",
]

MAX_MALFORMED = 50  # sample lines kept per report category; all of them are counted
MAX_LINE = 8192  # characters of a line that are parsed; the rest is cut off and counted
MAX_DIGITS = 10  # a numeric field longer than this is malformed (int() of 5000 digits raises)
_SNIPPET = 200  # characters of a line kept for the report
_ANCHOR_WINDOW = 256  # how far into a message a GPU anchor ("NVRM:", "Xid (") is looked for
_HUNG_WINDOW = 64  # lines after a hung-task header in which an nvidia stack frame is looked for

# Provenance of a line (``LogEvent.attrs["via"]``): how it reached the parser.
KMSG = "kmsg"  # a /dev/kmsg record with the kernel facility (a process cannot write facility 0)
DMESG = "dmesg"  # dmesg output: the kernel ring buffer
JOURNAL = "journal"  # journald's kernel transport (-o json / export / verbose, journalctl -k)
TEXT_SYSLOG = "text-syslog"  # short-iso / RFC 3164 / RFC 5424 text: the tag is the only proof
PASTED = "pasted"  # no header at all (journalctl -o cat, a ticket): nothing says who wrote it
PROVENANCES: tuple[str, ...] = (KMSG, DMESG, JOURNAL, TEXT_SYSLOG, PASTED)
#: Sources a process can imitate in text (``logger -t kernel``): an Xid known only from these
#: needs corroboration before it changes anything (``agents/sre/corroboration.py``).
UNCORROBORATED: frozenset[str] = frozenset({TEXT_SYSLOG, PASTED})

Style = Literal["dmesg", "dmesg-T", "journal-iso", "syslog"]
FORMAT_STYLES: tuple[Style, ...] = ("dmesg", "dmesg-T", "journal-iso", "syslog")

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# journalctl / syslog under a non-English LC_TIME writes strftime("%b"): German, French, Spanish,
# Italian, Dutch and Portuguese abbreviations (lower-cased, trailing "." dropped). No two
# languages use one abbreviation for different months, so one table serves them all.
_MONTH_NO: dict[str, int] = {m.lower(): i + 1 for i, m in enumerate(_MONTHS)} | {
    "sept": 9,
    "mär": 3,
    "mrz": 3,
    "mai": 5,
    "okt": 10,
    "dez": 12,
    "janv": 1,
    "févr": 2,
    "fév": 2,
    "fevr": 2,
    "mars": 3,
    "avr": 4,
    "juin": 6,
    "juil": 7,
    "août": 8,
    "aout": 8,
    "déc": 12,
    "ene": 1,
    "abr": 4,
    "ago": 8,
    "dic": 12,
    "gen": 1,
    "mag": 5,
    "giu": 6,
    "lug": 7,
    "set": 9,
    "ott": 10,
    "mrt": 3,
    "mei": 5,
    "fev": 2,
    "out": 10,
}
# English names on purpose: strftime("%a") follows the process locale, dmesg/syslog lines do not.
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# A RFC 3164 line more than this far after ``now`` belongs to the previous year (Dec logs read
# in January); one day of slack absorbs clock skew between the node and the reader.
_FUTURE_SLACK_S = 86400.0


class ParserConfigError(ValueError):
    """Invalid parser arguments (a non-finite ``at``, a negative ``max_malformed``, …): the one
    error the parser raises. Bad *input* is never raised, it is accounted for in the report."""


class YearRequiredError(ParserConfigError):
    """Kept for callers that catch it. RFC 3164 lines without ``year`` / ``now`` / ``at`` no
    longer raise: their events get ``attrs["time"] = "unknown"`` (``ParseReport.time_unknown``)."""


@dataclass(slots=True)
class ParseReport:
    """Accounting for every line fed to the parser.

    ``total == recognised + ignored + unrecognised + malformed_count + untrusted`` always holds
    (:attr:`consistent`):

    * ``recognised`` — lines that became a trusted :class:`LogEvent` (``by_kind`` splits them);
    * ``ignored`` — lines understood but carrying no event of their own: blank lines, journalctl
      ``-- Boot … --`` markers, SXid detail continuations, the ``rm_init_adapter failed, device
      minor number`` echo, context lines (``NVRM: GPU at PCI:…: GPU-<uuid>``, ``GPU Board Serial
      Number``, the middle of a multi-line fallen-off-the-bus record), hung-task headers and
      their further nvidia stack frames, driver load banners, journal export fields, the
      detail lines of a PCIe error record (``PCIe Bus Error`` after its "error received", the
      ``device [vvvv:dddd]`` and ``[ n]`` status-bit lines, the devices below the port, the
      recovery outcome, a firmware-first CPER block's lines);
    * ``unrecognised`` — lines no rule understands. Most are ordinary log lines
      (``usb 1-1: new …``); those that mention NVRM / nvidia / Xid / SXid / NVSwitch / NVLink /
      GSP / NVML are also counted in ``gpu_unparsed`` (a subset of ``unrecognised``) and kept in
      ``gpu_unparsed_lines`` for a person: GPU text is never silently dropped;
    * ``malformed_count`` — lines that look like a signal we parse but could not be turned into
      an event: a non-integer or over-long code, a bad PCI id, an invalid timestamp;
    * ``untrusted`` — GPU signals written by a user-space process (see the module docstring's
      provenance rule); ``untrusted_lines`` keeps samples.

    Sample lists keep the first ``max_malformed`` entries as ``(line number, reason,
    line[:200])``; line numbers are 1-based. ``missing_node`` counts events returned with
    ``node == ""``; ``monotonic`` counts events on seconds since boot (no ``boot_time``);
    ``time_inferred`` / ``time_unknown`` count events stamped with ``at`` / with no time at all;
    ``truncated`` counts lines cut at :data:`MAX_LINE`. ``by_format`` counts lines per format,
    recognised or not; ``by_source`` counts events (and untrusted lines) per provenance.
    """

    total: int = 0
    recognised: int = 0
    ignored: int = 0
    unrecognised: int = 0
    malformed_count: int = 0
    gpu_unparsed: int = 0
    untrusted: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_format: dict[str, int] = field(default_factory=dict)
    by_source: dict[str, int] = field(default_factory=dict)
    malformed: list[tuple[int, str, str]] = field(default_factory=list)
    gpu_unparsed_lines: list[tuple[int, str, str]] = field(default_factory=list)
    untrusted_lines: list[tuple[int, str, str]] = field(default_factory=list)
    # PCI id → what the driver's context lines said about that GPU ("gpu_uuid" from "NVRM: GPU
    # at PCI:…: GPU-<uuid>", "board_serial" from "NVRM: GPU Board Serial Number: …"): facts
    # about the GPU even when no event of its own follows (bounded like the parser's maps)
    gpu_facts: dict[str, dict[str, str]] = field(default_factory=dict)
    missing_node: int = 0
    monotonic: int = 0
    time_inferred: int = 0
    time_unknown: int = 0
    truncated: int = 0

    @property
    def consistent(self) -> bool:
        return (
            self.total
            == (
                self.recognised
                + self.ignored
                + self.unrecognised
                + self.malformed_count
                + self.untrusted
            )
            and self.gpu_unparsed <= self.unrecognised
        )

    def summary(self) -> str:
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(self.by_kind.items())) or "none"
        text = (
            f"{self.total} lines: {self.recognised} events ({kinds}), {self.ignored} ignored, "
            f"{self.unrecognised} unrecognised, {self.malformed_count} malformed"
        )
        if self.gpu_unparsed:
            text += f" (of which {self.gpu_unparsed} GPU-related)"
        if self.untrusted:
            text += f", {self.untrusted} untrusted (written by user space)"
        if self.missing_node:
            text += f"; {self.missing_node} events without a node name"
        if self.monotonic:
            text += f"; {self.monotonic} events on the monotonic clock (no boot_time)"
        if self.time_inferred or self.time_unknown:
            text += (
                f"; {self.time_inferred} events stamped with the read time, "
                f"{self.time_unknown} with no known time"
            )
        if self.truncated:
            text += f"; {self.truncated} lines truncated at {MAX_LINE} characters"
        return text

    def as_dict(self) -> dict[str, Any]:
        """The report as plain JSON-ready data: counts per category plus the kept samples."""

        def rows(items: list[tuple[int, str, str]]) -> list[dict[str, object]]:
            return [{"line": n, "reason": why, "text": text} for n, why, text in items]

        return {
            "lines": self.total,
            "recognised": self.recognised,
            "gpu_unparsed": self.gpu_unparsed,
            "untrusted": self.untrusted,
            "malformed": self.malformed_count,
            "ignored": self.ignored,
            "unrecognised": self.unrecognised,
            "other_unrecognised": self.unrecognised - self.gpu_unparsed,
            "consistent": self.consistent,
            "by_kind": dict(self.by_kind),
            "by_format": dict(self.by_format),
            "by_source": dict(self.by_source),
            "missing_node": self.missing_node,
            "monotonic": self.monotonic,
            "time_inferred": self.time_inferred,
            "time_unknown": self.time_unknown,
            "truncated": self.truncated,
            "malformed_lines": rows(self.malformed),
            "gpu_unparsed_lines": rows(self.gpu_unparsed_lines),
            "untrusted_lines": rows(self.untrusted_lines),
            "gpu_facts": {k: dict(v) for k, v in self.gpu_facts.items()},
        }

    def describe(self) -> str:
        """One paragraph for a person: what was understood, what needs a look, what was noise."""
        kinds = ", ".join(f"{v} {k}" for k, v in sorted(self.by_kind.items())) or "no events"
        text = (
            f"Read {self.total} lines. Recognised {self.recognised} as GPU/NIC events ({kinds}). "
            f"{self.gpu_unparsed} lines mention the GPU stack but match no rule and "
            f"{self.malformed_count} look like a known signal but could not be read; "
            f"{self.untrusted} GPU-looking lines came from user space and were not trusted. "
            f"{self.ignored} lines were understood as context or noise and "
            f"{self.unrecognised - self.gpu_unparsed} are ordinary non-GPU log lines."
        )
        notes = []
        if self.gpu_unparsed_lines:
            n, _, snippet = self.gpu_unparsed_lines[0]
            notes.append(f"first GPU line not understood is line {n}: {snippet[:80]!r}")
        if self.time_inferred or self.time_unknown:
            notes.append(
                f"{self.time_inferred} events carry the read time and {self.time_unknown} no "
                "time at all because their lines had none"
            )
        if self.monotonic:
            notes.append(f"{self.monotonic} events are on seconds since boot (no boot_time)")
        if self.missing_node:
            notes.append(f"{self.missing_node} events have no node name")
        if self.truncated:
            notes.append(f"{self.truncated} over-long lines were cut at {MAX_LINE} characters")
        return text + ("" if not notes else " Note: " + "; ".join(notes) + ".")

    def _keep(
        self, bucket: list[tuple[int, str, str]], n: int, why: str, line: str, cap: int
    ) -> None:
        if len(bucket) < cap:
            bucket.append((n, why, line[:_SNIPPET]))

    def _malformed(self, line_no: int, reason: str, line: str, cap: int) -> None:
        self.malformed_count += 1
        self._keep(self.malformed, line_no, reason, line, cap)


# --------------------------------------------------------------------------------------------
# Line prefixes (timestamp, host, identifier) → message


@dataclass(frozen=True, slots=True)
class _Prefix:
    fmt: str
    host: str | None
    msg: str
    mono: float | None = None  # seconds since boot (dmesg, kmsg)
    # (year or None for RFC 3164, month, day, hour, minute, second, microsecond)
    wall: tuple[int | None, int, int, int, int, int, int] | None = None
    offset: str | None = None  # "Z", "+0000", "+00:00", … when the line states its zone
    epoch: float | None = None  # journald's __REALTIME_TIMESTAMP, already epoch seconds
    userspace: bool = False  # written by a process, not the kernel (provenance rule)
    stamped: bool = True  # False: the format carries no time (bare, journal-field)
    via: str = PASTED  # how the line reached us (:data:`PROVENANCES`)
    why: str = ""  # why a ``userspace`` line is not kernel evidence, for the report


_ISO = (
    r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})T(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
    r"(?:(?P<sep>[.,])(?P<frac>\d{1,9}))?(?P<tz>Z|[+-]\d{2}:?\d{2})?"
)
_ISO_RE = re.compile(_ISO + "$")
# /dev/kmsg records as read by gpud / NVSentinel style agents: "PRI,SEQ,USEC,FLAGS[,…];MSG".
_KMSG_RE = re.compile(
    r"^(?P<pri>\d{1,4}),(?P<seq>\d{1,20}),(?P<us>\d{1,20}),[^;]{0,64};(?P<msg>.*)$"
)
# dmesg (and dmesg -r, which keeps the "<level>" in front).
_DMESG_RE = re.compile(
    r"^(?:<(?P<pri>\d{1,4})>)?\[ {0,12}(?P<mono>\d{1,12}\.\d{1,9})\]\s?(?P<msg>.*)$"
)
# dmesg -d / -H: the gap since the line before ("[  +0.000844]") or a header ("[Jan21 10:20]",
# "[Jan21 10:20:03]"); neither gives a time of its own, so the lines are read as pasted
_DMESG_DELTA_RE = re.compile(
    r"^\[(?: {0,12}\+ {0,4}\d{1,9}\.\d{1,9}|[A-Z][a-z]{2} ?\d{1,2} \d\d:\d\d(?::\d\d)?)\]"
    r"\s?(?P<msg>.*)$"
)
_DMESG_T_RE = re.compile(
    r"^\[[A-Z][a-z]{2} (?P<mon>[A-Z][a-z]{2}) {1,2}(?P<d>\d{1,2}) "
    r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) (?P<y>\d{4})\]\s?(?P<msg>.*)$"
)
# talosctl dmesg: "[2026-04-22T21:30:51.52643656Z]: NVRM: …".
_BRACKET_ISO_RE = re.compile(r"^\[" + _ISO + r"\]:?\s?(?P<msg>.*)$")
_ISO_LINE_RE = re.compile(r"^" + _ISO + r"\s+(?P<rest>.*)$")
# The same with a space for the "T" (Loki / Grafana exports, "date '+%F %T'" wrappers).
_ISO_SPACE_RE = re.compile(_ISO.replace("T(?P<h>", " (?P<h>") + r"\s+(?P<rest>.*)$")
# journalctl -o short-unix: "1732788000.123456 node-17 kernel: …" (epoch seconds).
_UNIX_LINE_RE = re.compile(r"^(?P<epoch>\d{9,11}(?:\.\d{1,9})?) (?P<rest>.*)$")
# journalctl -o short-full: "Sat 2026-11-28 10:00:00 UTC node-17 kernel: …" (zone by name).
_FULL_LINE_RE = re.compile(
    r"^[A-Z][a-z]{2} (?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):"
    r"(?P<s>\d{2})(?:\.(?P<frac>\d{1,9}))? (?P<zone>[A-Z]{1,5}|[+-]\d{4}) (?P<rest>.*)$"
)
# journalctl -o short-monotonic: "[ 1234.567890] node-17 kernel: …" after the dmesg-style stamp
# (a process's line there carries its "ident[pid]:").
_MONO_HEADER_RE = re.compile(
    r"^(?P<host>[^\s:\[\]]{1,255}+) (?P<ident>[^\s:\[\]]{1,255}+)(?P<pid>\[\d{1,10}\])?: "
)
# journalctl "short" pads the day with 0 ("Mar 02"), rsyslog with a space ("Mar  2");
# "short-precise" adds ".123456"; syslog over the wire may keep the "<PRI>". The month is any
# 3-5 letter word looked up in _MONTH_NO (localized journalctl output).
_RFC3164_RE = re.compile(
    r"^(?:<(?P<pri>\d{1,4})>)?(?P<mon>[^\W\d_]{3,5})\.? {1,3}(?P<d>\d{1,2}) "
    r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:\.(?P<frac>\d{1,9}))?\s+(?P<rest>.*)$"
)
_RFC5424_RE = re.compile(
    r"^<(?P<pri>\d{1,4})>(?P<ver>[1-9]\d{0,2}) (?P<ts>\S{1,64}) (?P<host>\S{1,255}) "
    r"(?P<app>\S{1,48}) (?P<procid>\S{1,128}) (?P<msgid>\S{1,32}) "
    r"(?P<sd>-|(?:\[(?:[^\]\\]|\\.)*\])+)(?: (?P<msg>.*))?$"
)
# "[host] ident[pid]: message" after a journal / syslog timestamp.
# Possessive "++": the classes exclude what must follow them, so giving nothing back changes no
# match but keeps a 5000-character junk line from costing a backtracking scan per character.
_HEADER_RE = re.compile(
    r"^(?:(?P<host>[^\s:\[\]]{1,255}+)\s+)?(?P<ident>[^\s:\[\]]{1,255}+)"
    r"(?P<pid>\[\d{1,10}\])?:(?:\s+|$)(?P<msg>.*)$"
)
# pdsh / clush output: "node-17: <line>".
# A word that can name a host: a hostname with a letter in it, or an IPv4 address.
_HOST_WORD_RE = re.compile(
    r"^(?:(?=[A-Za-z0-9._-]{0,254}[A-Za-z])[A-Za-z0-9][A-Za-z0-9._-]{0,254}|"
    r"\d{1,3}(?:\.\d{1,3}){3})$"
)
_PDSH_RE = re.compile(r"^(?P<host>[A-Za-z0-9][A-Za-z0-9._-]{0,254}+):\s(?P<rest>.*)$")
# dmesg --decode / -x ("kern  :warn  : ") and talosctl ("kern: warning: "): facility and level.
_DECODE_RE = re.compile(
    r"^(?P<fac>kern|user|mail|daemon|auth|syslog|lpr|news|uucp|cron|authpriv|ftp|local[0-7])"
    r" {0,8}: {0,8}(?:emerg|alert|crit|err|error|warn|warning|notice|info|debug) {0,8}: ?"
    r"(?P<rest>.*)$"
)
# rsyslog's imklog keeps the kernel's own "[ 1234.567890] " after "kernel:"; it is not message.
_EMBEDDED_MONO_RE = re.compile(r"^\[ {0,12}\d{1,12}\.\d{1,9}\]\s?")
# Text that is already a kernel message where a "[host] ident:" header could stand (trimmed
# excerpts "Jul 26 08:17:15 NVRM: Xid …", an operator's "Mar 10 21:38:13  Xid 79 (PCI:…): …",
# pasted lines): without this "NVRM" would be read as the syslog ident.
_BARE_MSG_RE = re.compile(
    r"^(?:NVRM:|S?Xid \(|Xid \d{1,5},? \(?PCI:|nvidia-nvswitch\d{0,4}:|mlx5_core |"
    r"INFO: task |task:|"
    r"nvidia(?:-[a-z]{1,16})?: probe of |nvidia [0-9A-Fa-f:.]{4,16}: |"
    r"(?:pcieport|pci|dpc|pciehp|aer) [0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:|"
    r"Unable to (?:determine|detect) the device handle|\[ {0,12}\d{1,12}\.\d{1,9}\])"
)
# journalctl -o export / -o verbose: one "FIELD=value" per line, a record per blank line.
_FIELD_RE = re.compile(r"^ {0,8}(?P<k>_{0,2}[A-Z][A-Z0-9_]{0,63})=(?P<v>.*)$")
_JOURNAL_FIELDS = ("__REALTIME_TIMESTAMP", "_HOSTNAME", "_TRANSPORT", "SYSLOG_IDENTIFIER")
# journalctl -o verbose starts each record with "Mon 2026-03-02 02:45:00.123456 UTC [s=…]".
_VERBOSE_HEAD_RE = re.compile(
    r"^[A-Z][a-z]{2} \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\S{0,16} \S{1,64} \[s="
)


def _frac_us(frac: str | None) -> int:
    # Up to 9 digits appear (nanosecond RFC 5424 stamps); keep microseconds, truncating.
    return int(frac[:6].ljust(6, "0")) if frac else 0


def _user_facility(pri: str | None) -> bool:
    # PRI = facility * 8 + level; facility 0 is the kernel. A process writing to /dev/kmsg or to
    # syslog gets LOG_USER (1) or another non-zero facility.
    return pri is not None and int(pri) >= 8


@dataclass(frozen=True, slots=True)
class _Header:
    host: str | None
    ident: str | None
    has_pid: bool
    msg: str
    odd: bool = False  # text where a "[host] ident[pid]:" header should be, and is not


def _header(rest: str) -> _Header:
    """The ``[host] ident[pid]:`` header of the text after a timestamp, and the message."""
    if _BARE_MSG_RE.match(rest):
        return _Header(None, None, False, _EMBEDDED_MONO_RE.sub("", rest, count=1))
    h = _HEADER_RE.match(rest)
    if h is None:
        return _Header(None, None, False, rest, odd=True)
    msg = _EMBEDDED_MONO_RE.sub("", h["msg"], count=1)
    return _Header(h["host"], h["ident"], h["pid"] is not None, msg)


def _tag_problem(h: _Header) -> str:
    """Why a syslog tag is not the kernel's ("" when it is ``kernel:`` or absent)."""
    if h.odd:
        return "an odd tag: no 'host ident:' header before the message"
    if h.ident is not None and h.ident != "kernel":
        return f"tag {h.ident[:40]!r} is not the kernel"
    if h.has_pid:
        return "a kernel[PID] tag: kernel lines carry no PID"
    return ""


def _headed(fmt: str, rest: str, **kw: Any) -> _Prefix:
    h = _header(rest)
    why = "a non-kernel syslog facility" if kw.pop("userspace", False) else _tag_problem(h)
    return _Prefix(fmt, h.host, h.msg, userspace=bool(why), via=TEXT_SYSLOG, why=why, **kw)


def _iso_wall(m: re.Match[str]) -> tuple[int | None, int, int, int, int, int, int]:
    return (
        int(m["y"]),
        int(m["mo"]),
        int(m["d"]),
        int(m["h"]),
        int(m["mi"]),
        int(m["s"]),
        _frac_us(m["frac"]),
    )


def _prefix_bracket(line: str) -> _Prefix | None:
    if (m := _DMESG_RE.match(line)) is not None:
        user = _user_facility(m["pri"])
        why = "a non-kernel facility" if user else ""
        mono = float(m["mono"])
        h = _MONO_HEADER_RE.match(m["msg"])
        if h is not None and (h["ident"] == "kernel" or h["pid"] is not None):
            # journalctl -o short-monotonic: the journal's "host ident:" header follows
            why = why or ("" if h["pid"] is None else f"tag {h['ident'][:40]!r} is not the kernel")
            msg = m["msg"][h.end() :]
            return _Prefix(
                "journal-mono",
                h["host"],
                msg,
                mono=mono,
                userspace=bool(why),
                via=TEXT_SYSLOG,
                why=why,
            )
        return _Prefix("dmesg", None, m["msg"], mono=mono, userspace=user, via=DMESG, why=why)
    if (m := _DMESG_T_RE.match(line)) is not None:
        mon = _MONTH_NO.get(m["mon"].lower(), 0)
        t_wall = (int(m["y"]), mon, int(m["d"]), int(m["h"]), int(m["mi"]), int(m["s"]), 0)
        return _Prefix("dmesg-T", None, m["msg"], wall=t_wall, via=DMESG)
    if (m := _BRACKET_ISO_RE.match(line)) is not None:
        return _Prefix("dmesg-iso", None, m["msg"], wall=_iso_wall(m), offset=m["tz"], via=DMESG)
    if (m := _DMESG_DELTA_RE.match(line)) is not None:
        return _Prefix("dmesg-delta", None, m["msg"], stamped=False, via=DMESG)
    return None


def _prefix_rfc5424(m: re.Match[str]) -> _Prefix:
    ts = _ISO_RE.match(m["ts"])
    host = None if m["host"] == "-" else m["host"]
    msg = (m["msg"] or "").removeprefix("\ufeff")  # RFC 5424 allows a BOM before MSG
    msg = _EMBEDDED_MONO_RE.sub("", msg, count=1)
    why = _rfc5424_problem(m)
    kw: dict[str, Any] = {"userspace": bool(why), "via": TEXT_SYSLOG, "why": why}
    if ts is None:  # NILVALUE "-" or garbage: keep the message, the caller decides
        return _Prefix("rfc5424", host, msg, **kw)
    return _Prefix("rfc5424", host, msg, wall=_iso_wall(ts), offset=ts["tz"], **kw)


def _rfc5424_problem(m: re.Match[str]) -> str:
    """Why an RFC 5424 header is not the kernel's: rsyslog writes the kernel's records with
    APP-NAME ``kernel`` and no PROCID (``-``); ``logger --rfc5424`` adds its PID."""
    if _user_facility(m["pri"]):
        return "a non-kernel syslog facility"
    if m["app"] != "kernel":
        return f"APP-NAME {m['app'][:40]!r} is not the kernel"
    if m["procid"] != "-":
        return "an RFC 5424 PROCID: kernel lines carry no PID"
    return ""


def _prefix_direct(line: str) -> _Prefix | None:
    if (m := _KMSG_RE.match(line)) is not None:
        user = _user_facility(m["pri"])
        mono = int(m["us"]) / 1_000_000
        why = "a /dev/kmsg record written by a process (facility not kern)" if user else ""
        return _Prefix("kmsg", None, m["msg"], mono=mono, userspace=user, via=KMSG, why=why)
    if line.startswith("<") and (m := _RFC5424_RE.match(line)) is not None:
        return _prefix_rfc5424(m)
    if line.startswith("["):
        return _prefix_bracket(line)
    if line.startswith("<") and (p := _prefix_bracket(line)) is not None:
        return p  # "<4>[ 1234.5] …" is dmesg -r
    return _prefix_other(line)


def _prefix_other(line: str) -> _Prefix | None:
    if (m := _ISO_LINE_RE.match(line)) is not None:
        if m["sep"] == ",":
            # dmesg --time-format iso always writes ",<µs>"; journalctl writes "." — and a
            # dmesg line has no "host ident:" header to strip.
            wall = _iso_wall(m)
            return _Prefix("dmesg-iso", None, m["rest"], wall=wall, offset=m["tz"], via=DMESG)
        return _headed("journal-iso", m["rest"], wall=_iso_wall(m), offset=m["tz"])
    if (m := _RFC3164_RE.match(line)) is not None:
        mon = _MONTH_NO.get(m["mon"].lower())
        if mon is None:
            return None
        wall = (None, mon, int(m["d"]), int(m["h"]), int(m["mi"]), int(m["s"]), _frac_us(m["frac"]))
        return _headed("syslog", m["rest"], wall=wall, userspace=_user_facility(m["pri"]))
    return _prefix_journal_forms(line)


def _prefix_journal_forms(line: str) -> _Prefix | None:
    """journalctl's other text outputs: short-unix, short-full, ISO with a space."""
    if (m := _UNIX_LINE_RE.match(line)) is not None:
        return _headed("journal-unix", m["rest"], epoch=float(m["epoch"]))
    if (m := _FULL_LINE_RE.match(line)) is not None:
        zone = m["zone"]
        offset = "Z" if zone in ("UTC", "GMT") else zone if zone[0] in "+-" else None
        return _headed("journal-full", m["rest"], wall=_iso_wall(m), offset=offset)
    if (m := _ISO_SPACE_RE.match(line)) is not None:
        return _headed("journal-iso", m["rest"], wall=_iso_wall(m), offset=m["tz"])
    return None


def _prefix_decoded(line: str) -> _Prefix | None:
    p = _prefix_direct(line)
    if p is not None:
        return p
    m = _DECODE_RE.match(line)
    if m is None:
        return None
    user = m["fac"] != "kern"
    why = f"facility {m['fac']!r} is not the kernel's" if user else ""
    rest = m["rest"]
    p = _prefix_direct(rest)
    if p is None:  # "dmesg -x" without a time ("kern  :warn  : NVRM: …")
        return _Prefix(
            "dmesg-decode", None, rest, userspace=user, stamped=False, via=DMESG, why=why
        )
    return replace(p, userspace=p.userspace or user, why=p.why or why)


def _prefix(line: str) -> _Prefix | None:
    p = _prefix_decoded(line)
    if p is not None:
        return p
    m = _PDSH_RE.match(line)
    if m is None:
        return None
    # Only a known timestamp after "host: " makes it a pdsh prefix: "nvidia-nvswitch3: SXid …"
    # has the same shape and must stay a (timestamp-less) message.
    p = _prefix_decoded(m["rest"])
    if p is None or not p.stamped:
        return None
    return replace(p, host=p.host or m["host"])


def _prefix_json(line: str) -> _Prefix | None:
    """journalctl -o json: one object per line. Only objects with a MESSAGE are read."""
    repeated: set[str] = set()
    try:
        obj = json.loads(line, object_pairs_hook=lambda pairs: _no_repeats(pairs, repeated))
    except (ValueError, RecursionError):  # RecursionError: "[[[[…" nested past the C stack
        return None
    if not isinstance(obj, dict) or "MESSAGE" not in obj:
        return None
    msg = obj["MESSAGE"]
    if isinstance(msg, list):  # journald exports non-UTF-8 messages as a byte array
        try:
            msg = bytes(b for b in msg if isinstance(b, int) and 0 <= b < 256).decode(
                "utf-8", "replace"
            )
        except (TypeError, ValueError):
            return None
    if not isinstance(msg, str):
        return None
    fields = {k: obj.get(k) for k in _JOURNAL_FIELDS}
    return _journal_prefix("journal-json", msg, fields, repeated)


def _no_repeats(pairs: list[tuple[str, Any]], repeated: set[str]) -> dict[str, Any]:
    """A JSON object, noting keys it repeats (``json.loads`` keeps the last silently; journalctl
    writes a field with several values as one array, never as a repeated key)."""
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            repeated.add(k)
        out[k] = v
    return out


def _journal_problem(fields: dict[str, Any], repeated: set[str]) -> str:
    """Why a journal record is not the kernel's. journald writes ``_TRANSPORT`` itself (a
    client cannot set it) and, for a kernel record, before ``MESSAGE``; so a record must name
    the kernel transport once, before its message."""
    transport, ident = fields.get("_TRANSPORT"), fields.get("SYSLOG_IDENTIFIER")
    if repeated & {"_TRANSPORT", "SYSLOG_IDENTIFIER", "MESSAGE"}:
        return f"a journal record repeating {', '.join(sorted(repeated))[:60]}"
    if transport is None:
        return "a journal record with no _TRANSPORT before its MESSAGE"
    if transport != "kernel":
        return f"journal transport {str(transport)[:40]!r} is not the kernel"
    if ident is not None and ident != "kernel":
        return f"journal identifier {str(ident)[:40]!r} is not the kernel"
    return ""


def _journal_prefix(
    fmt: str, msg: str, fields: dict[str, Any], repeated: set[str] | frozenset[str] = frozenset()
) -> _Prefix:
    why = _journal_problem(fields, set(repeated))
    user = bool(why)
    host = fields.get("_HOSTNAME")
    host = host if isinstance(host, str) and 0 < len(host) <= 255 else None
    epoch = None
    raw = fields.get("__REALTIME_TIMESTAMP")
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) <= 20:
        epoch = int(raw) / 1_000_000
    msg = _EMBEDDED_MONO_RE.sub("", msg[:MAX_LINE], count=1)
    stamped = epoch is not None
    return _Prefix(
        fmt, host, msg, epoch=epoch, userspace=user, stamped=stamped, via=JOURNAL, why=why
    )


# --------------------------------------------------------------------------------------------
# Messages


@dataclass(frozen=True, slots=True)
class _Found:
    kind: str
    xid: int | None = None
    pci: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Skip:
    reason: str


@dataclass(frozen=True, slots=True)
class _Ctx:
    """A context line: no event of its own, but state for the lines that follow it."""

    what: Literal[
        "uuid",
        "serial",
        "lost_gpu",
        "unsupported",
        "hung",
        "hung_state",
        "oops",
        "oops_task",
        "frame",
        "sxid_detail",
    ]
    pci: str | None = None
    value: str = ""
    pid: str = ""
    seconds: str = ""
    device: str = ""  # an SXid detail line's switch


@dataclass(frozen=True, slots=True)
class _Bad:
    reason: str


_Result = _Found | _Skip | _Ctx | _Bad | PcieLine | None

_PCI_TEXT = r"(?:PCI:)?(?P<pci>[0-9A-Fa-f]{1,8}:[0-9A-Fa-f]{1,2}:[0-9A-Fa-f]{1,2}(?:\.[0-7])?)"
# NVRM's Xid line (kernel_rc.c): "NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, <text>";
# older and newest drivers omit "pid=…, name=…" or print "pid='<unknown>', name=<unknown>";
# very old drivers omit "PCI:"; trimmed excerpts omit "NVRM: "; the tracepoint
# (nv-tracepoint.h) prints "Xid (PCI:%s): %u, %s". The code is read as up to 64 non-separator
# characters so that an over-long or non-numeric code is reported, not silently cut.
_XID_START_RE = re.compile(r"^(?:NVRM: ?)?Xid\b|^XID \d{1,5}\(")
_XID_RE = re.compile(
    # "Xid (PCI:…): 79," and the older "NVRM Xid (PCI:…) : 32," (space before the colon)
    r"^(?:NVRM: ?)?Xid \((?P<pci>[^)]{0,64})\) ?:? {0,4}(?P<code>[^,\s]{0,64})(?P<rest>.*)$"
)
# A ticket's Xid line with its PCI id masked ("PCI:...", "PCI:<redacted>", "PCI:0000:xx:00"), or
# quoted bare ("Xid 149, NETIR_LINK_DOWN Fatal XC0 i0 Link 14"): the code is still the
# driver's; the GPU is found another way or the event stays on the node (``pci_masked``).
_MASKED_PCI_RE = re.compile(
    r"^(?:PCI:)?(?:[.…*#?xX_-]{1,16}|<?(?:redacted|hidden|masked|removed|snip)>?|"
    r"[0-9A-Fa-f]{4}:[xX*?]{2}:[0-9A-Fa-f.xX*?]{2,5})$",
    re.I,
)
# a ticket's shorthand for a run of the same Xid: "Xid 31 PCI:0000:f0:00 pid=477448 ...", or
# with the code moved before the driver's bracketed address: "Xid 79 (PCI:0000:46:00): GPU has
# fallen off the bus" (an operator's list of the Xids a GPU logged)
_XID_SHORT_RE = re.compile(
    r"^(?:NVRM: ?)?Xid (?P<code>[0-9]{1,5}),? (?P<open>\()?(?P<pci>PCI:[0-9A-Fa-f:.]{4,16})"
    r"(?(open)\) ?:?)(?P<rest>.*)$"
)
# GPUd quoting the kernel's Xid (pkg/nvidia-query/xid): "XID 79(GPU has fallen off the bus)
# detected on PCI:0000:ae:00" - the driver's code and address, in the agent's words
_XID_TOOL_RE = re.compile(
    r"^XID (?P<code>[0-9]{1,5})\((?P<rest>[^)]{0,120})\) detected on "
    r"PCI:(?P<pci>[0-9A-Fa-f:.]{4,16})"
)
_XID_BARE_RE = re.compile(
    r"^(?:NVRM: ?)?Xid (?P<code>[0-9]{1,5}), (?P<rest>[A-Z][A-Z0-9_]{2,47}\b.*)$"
)
_PID_RE = re.compile(r"(?:^|,) {0,4}pid=(?P<pid>'[^']{0,32}'|[^,\s]{0,32})")
_NAME_RE = re.compile(r"(?:^|,) {0,4}name=(?P<name>[^,]{0,64})")
_CAUSED_BY_RE = re.compile(r"caused by previous Xid (?P<x>\d{1,5})\b")
# Xid 154: "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)".
_RECOVERY_RE = re.compile(
    r"recovery action changed from (?P<fc>0x[0-9A-Fa-f]{1,8}) {0,4}\((?P<f>[^)]{0,64})\) {0,4}"
    r"to (?P<tc>0x[0-9A-Fa-f]{1,8}) {0,4}\((?P<t>[^)]{0,64})\)"
)
# NVLink5 Xids 144-150 (catalog: "<xid> <subcomponent> <Fatal/Nonfatal> XC<n> i<n> Link <n>
# (<intrInfo> <errorStatus> <dbg0..4>)"); pre-R575 drivers write "XC 1 i 2" and "[…]". The search
# is anchored on the severity word; the subcomponent is the word before it (read separately, so
# that no unbounded run of capitals is rescanned at every position of a long line).
_NVLINK5_RE = re.compile(
    r"\b(?P<sev>Fatal|Non-?fatal) {1,4}XC ?(?P<xc>\d{1,4}) {1,4}i ?(?P<inst>\d{1,4}) {1,4}"
    r"Link {1,4}(?P<link>-?\d{1,4})(?: {0,4}[(\[] {0,4}(?P<regs>[^)\]]{0,200})[)\]])?"
)
_SUBCOMPONENT_RE = re.compile(r"(?P<sub>[A-Z][A-Z0-9_]{0,47}(?:/[A-Z0-9_]{1,16})?) {1,4}$")
# Other NVLink5 layouts: "NVLink: RLW Error (Link 7)", "… on link 11 …".
_LINK_RE = re.compile(r"\b[Ll]ink (?P<link>-?\d{1,4})\b")
# NVSwitch (common_nvswitch.h): "nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Non-fatal,
# Link 46 <text>". The driver prints further "SXid … <code>, Severity 1 Engine instance 00
# Sub-engine instance 00" and "… Data {…}" lines for the same error: detail, not new errors.
_SXID_RE = re.compile(
    r"^(?P<sw>nvidia-nvswitch\d{0,4}): SXid \((?P<pci>[^)]{0,64})\):? {0,4}"
    r"(?P<code>[^,\s]{0,64})(?P<rest>.*)$"
)
_SXID_START_RE = re.compile(r"^nvidia-nvswitch\d{0,4}: SXid\b")
_SXID_SEV_RE = re.compile(
    r"^(?P<sev>Fatal|Non-?fatal)\b,? {0,4}(?:Link {1,4}(?P<link>\d{1,4}))?", re.I
)
_SXID_DETAIL_RE = re.compile(r"^(?:Severity \d{1,4} Engine instance|Data \{)")
_GPU_AT = r"^NVRM: GPU (?:at )?" + _PCI_TEXT + r":? "
# "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus." (also "GPU at PCI:0000:18:00: …").
_FALLEN_RE = re.compile(_GPU_AT + r"(?:GPU )?has fallen off the bus")
# osapi.c, one kernel record printed as three lines: "NVRM: The NVIDIA GPU 0000:b3:00.0" /
# "NVRM: (PCI ID: 10de:26b5) installed in this system has" / "NVRM: fallen off the bus and is
# not responding to commands." Pasted tickets sometimes join them on one line.
_LOST_GPU_RE = re.compile(r"^NVRM: The NVIDIA GPU " + _PCI_TEXT + r"(?P<rest>.{0,300})")
_LOST_TAIL_RE = re.compile(r"^NVRM: (?:GPU )?fallen off the bus and is not responding")
_LOST_MIDDLE_RE = re.compile(r"^NVRM: \(PCI ID: [0-9A-Fa-f]{4}:[0-9A-Fa-f]{4}\) installed in")
# nv.c's probe, the same record's other ending: this driver cannot drive that GPU - a legacy
# board past the release's support ("… is not supported by the" / "NVRM: NVIDIA 535.xx driver
# release."), or a GPU without a GSP under the open modules ("… is not supported by open" /
# "NVRM: nvidia.ko because it does not include the required GPU" / "System Processor (GSP).")
_UNSUPPORTED_RE = re.compile(
    r"^NVRM: (?:\(PCI ID: [0-9A-Fa-f]{4}:[0-9A-Fa-f]{4}\) )?installed in this system is not "
    r"supported by (?P<by>open|the)\b"
)
_UNSUPPORTED_MORE_RE = re.compile(
    r"^NVRM: (?:nvidia\.ko because it does not include|System Processor \(GSP\)|"
    r"Please see the 'Open Linux Kernel Modules'|Firmware' sections in the driver README|"
    r"NVIDIA \S{1,20} driver release|Please see 'Appendix A|in this release's README|"
    r"that Appendix for information)"
)
# nv.c when a user-space driver component (libcuda, libnvidia-ml, nvidia-smi) is another version
# than the loaded module: "NVRM: API mismatch: the client has the version 535.104.05, but" /
# "NVRM: this kernel module has the version 535.54.03.  Please make sure that this kernel module
# and all NVIDIA driver components have the same version." - an upgrade without a reboot.
_API_MISMATCH_RE = re.compile(
    r"^NVRM: API mismatch: the client has the version (?P<client>[0-9][0-9.]{0,20})"
)
_API_MISMATCH_MORE_RE = re.compile(
    r"^NVRM: (?:this kernel module has the version|and all NVIDIA driver components have the same)"
)
# The driver refusing to bring a GPU up, in its own words (nv.c, nv-pci.c, the GSP boot path):
# each is the init failure "RmInitAdapter failed!" would be, with the reason given.
_INIT_REFUSED: tuple[tuple[re.Pattern[str], str], ...] = (
    # nv.c: auxiliary power not connected (the board's PCIe power cables)
    (re.compile(r"GPU does not have the necessary power cables connected"), "power_cables"),
    # nv-pci.c: the firmware left a BAR unassigned ("BAR1 is 0M @ 0x0"): BIOS settings
    # (Above 4G decoding / resizable BAR), not the GPU
    (re.compile(r"This PCI I/O region assigned to your NVIDIA device is invalid"), "bar_invalid"),
    (re.compile(r"BAR\d is 0M @ 0x0"), "bar_invalid"),
    # GSP firmware failing to boot (kernel_gsp.c)
    (
        re.compile(r"_kgspBootGspRm: |kgspInitRm_IMPL: Cannot initialize GSP firmware RM"),
        "gsp_boot",
    ),
    (re.compile(r"failed to copy vbios to system memory"), "vbios_copy"),
    # osinit.c, the resource manager failing to map the GPU it was handed
    (re.compile(r"osInitNvMapping: \*\*\* Cannot attach gpu"), "attach"),
)
_PCI_ANYWHERE_RE = re.compile(
    r"(?:PCI:|GPU )(?P<pci>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}(?:\.[0-7])?)"
)
# the kernel's module loader refusing nvidia.ko: built for another kernel (DKMS, an upgrade)
_MODULE_REFUSED_RE = re.compile(
    r"^nvidia(?:[-_][a-z]{1,12})?: (?:Unknown symbol \S{1,80}|disagrees about version of symbol)"
)
# kernel/watchdog.c: "watchdog: BUG: soft lockup - CPU#12 stuck for 22s! [nvidia-smi:1234]" - a
# CPU spinning inside an NVIDIA tool's call into the driver
_SOFT_LOCKUP_RE = re.compile(
    r"soft lockup - CPU#\d{1,4} stuck for (?P<s>\d{1,6})s! "
    r"\[(?P<task>(?:nvidia|nv-|dcgm)[^:\]]{0,40}):(?P<pid>\d{1,10})\]"
)
# kinds that are always about one GPU, whether or not the line gives its address
_ONE_GPU_KINDS = frozenset({"xid", "rm_init_failed", "gpu_probe_failed"})
# kernel_rc.c prints these once per GPU before its first Xid: context for that Xid.
_UUID_RE = re.compile(_GPU_AT + r"(?P<uuid>GPU-[0-9A-Fa-f-]{8,40})")
_SERIAL_RE = re.compile(r"^NVRM: GPU Board Serial Number: (?P<serial>\S{1,40})")
# "NVRM: GPU 0000:18:00.0: RmInitAdapter failed! (0x26:0x56:1474)" and the PCI-less form.
_RMINIT_RE = re.compile(
    r"^NVRM: (?:GPU (?:at )?" + _PCI_TEXT + r":? {1,4})?RmInitAdapter failed!"
    r"(?: {0,4}\((?P<code>[^)]{0,64})\))?"
)
# Printed right after every "RmInitAdapter failed!": an echo, counting it would double the alarm
# - unless the excerpt an operator pasted starts at it (no RmInitAdapter line before it): then it
# is the only word of the failed initialisation.
_RMINIT_ECHO_RE = re.compile(
    r"^NVRM: (?:GPU (?:" + _PCI_TEXT + r":?|\S{1,32}) rm_init_adapter failed, device minor number|"
    r"rm_init_adapter failed for device bearing minor number)"
)
# how many lines after an "RmInitAdapter failed!" its echo comes (nv.c prints it next)
_ECHO_LINES = 8
# nv.c: "NVRM: The NVIDIA probe routine failed for 1 device(s)."; the Linux driver core:
# "nvidia: probe of 0000:3b:00.0 failed with error -1" (older kernels) and
# "nvidia 0000:3b:00.0: probe with driver nvidia failed with error -1" (newer ones).
_PROBE_COUNT_RE = re.compile(r"^NVRM: The NVIDIA probe routine failed for (?P<n>\d{1,4}) device")
# nv.c, when another driver (nouveau, nvidiafb, …) holds the devices: "NVRM: The NVIDIA probe
# routine was not called for 3 device(s)." then "NVRM: No NVIDIA graphics adapter probed!"
_PROBE_NOT_CALLED_RE = re.compile(
    r"^NVRM: (?:The NVIDIA probe routine was not called for (?P<n>\d{1,4}) device|"
    r"No NVIDIA graphics adapter probed)"
)
# the rest of that message, wrapped over lines: read, no event of its own
_PROBE_ADVICE_RE = re.compile(
    r"^NVRM: (?:This can occur when a driver such as|nouveau, rivafb, nvidiafb|was loaded and "
    r"obtained ownership|Try unloading the conflicting|reconfigure your kernel without|"
    r"driver\(s\)\), then try loading|again\.)"
)
_PROBE_GPU_RE = re.compile(_GPU_AT + r"probe routine failed")
_PROBE_OF_RE = re.compile(
    r"^nvidia(?:-[a-z]{1,16})?: probe of " + _PCI_TEXT + r" failed with error (?P<err>-?\d{1,6})"
)
_PROBE_WITH_RE = re.compile(
    r"^nvidia " + _PCI_TEXT + r": probe with driver \S{1,32} failed with error (?P<err>-?\d{1,6})"
)
# GSP-RM call failures: "NVRM: rpcRmApiAlloc_GSP: GspRmAlloc failed: hClient=…; status=0x00000062"
# and the assertion that names the status: "… Reset required [NV_ERR_RESET_REQUIRED] (0x00000062)".
_GSP_CALL_RE = re.compile(r"\b(?P<call>GspRm[A-Za-z]{1,24}) failed\b")
_STATUS_RE = re.compile(r"\bstatus=(?P<st>0x[0-9A-Fa-f]{1,8})\b")
_NV_ERR_RE = re.compile(r"\[(?P<err>NV_ERR_[A-Z0-9_]{1,48})\] {0,4}\((?P<st>0x[0-9A-Fa-f]{1,8})\)")
_GPU_INDEX_RE = re.compile(r"^NVRM: GPU(?P<idx>\d{1,3}):? ")
_NV_STATUS = {"0x00000062": "NV_ERR_RESET_REQUIRED", "0x0000000f": "NV_ERR_GPU_IS_LOST"}
# The GSP health reports of kernel_gsp.c (open-gpu-kernel-modules, R550-R595), which name no
# NV_ERR status and often come with no Xid at all:
#   _kgspIsHeartbeatTimedOut: "%s heartbeat timed out, currentTimeMs %u heartbeat %u …"
#     (%s = "GSP-RM" / "LibOS"; older drivers print "Heartbeat timed out, currentTimeMs …")
#   _kgspRpcRecvPoll: "GSP RM heartbeat timed out" / "LibOS heartbeat timed out"
#   _kgspLogHeartbeatSpecificTimeout: "GPU%d: GSP ERROR: %s Heartbeat Timeout detected."
#   _kgspLogGspTimeout: "*** GSP Timeout: %s (origin=%s) ***" (R590+), and the older
#     _kgspLogRpcTimeout banner "****…**** GSP Timeout ****…****"
#   _kgspLogRpcSanityCheckFailure: "GPU%d sanity check failed 0x%x waiting for RPC response
#     from GSP. Expected function %d (%s) …"
#   _kgspRpcGspEventPmuHalted: "Received signal from GSP that PMU has halted."
#   kgspHealthCheck_TU102: "****…**** GSP-CrashCat …" (the GSP firmware crash report)
# Each is a GSP firmware fault in its own right (the GPU stops answering until it is reset).
_GSP_HEALTH_RE = re.compile(
    r"(?P<heartbeat>(?:GSP[- ]RM |LibOS )?[Hh]eartbeat (?:timed out|Timeout detected))|"
    r"(?P<banner>\*{3,80} ?GSP Timeout\b)|"
    r"(?P<sanity>sanity check failed 0x[0-9a-fA-F]{1,8} waiting for RPC response from GSP)|"
    r"(?P<pmu>Received signal from GSP that PMU has halted)|"
    r"(?P<crashcat>\*{3,80} ?GSP-CrashCat\b)"
)
# The rest of that report: the RPC history table (kgspLogRpcDebugInfo: "RPC history (CPU -> GSP)",
# "RPC event history (CPU <- GSP)", its column header and its rows "   -3    76   GSP_RM_CONTROL …")
# and "*** End GSP Timeout ***". Context of the event above: understood, no event of their own.
_GSP_REPORT_RE = re.compile(
    r"^NVRM: (?:GPU\d{1,3} )?(?:RPC (?:event )?history \(CPU|\s{1,16}entry\s{1,8}function\b|"
    r"\s{1,16}-?\d{1,4}\s{1,8}\d{1,6}\s{1,8}[A-Z][A-Z0-9_]{2,48}\s|\*{3} End GSP Timeout)"
)
# Driver load and other benign NVRM lines: understood, no event.
_NVRM_BENIGN_RE = re.compile(
    r"^NVRM: (?:loading NVIDIA|GPU at [0-9A-Fa-f:.]{4,16} has software scheduler|"
    r"Persistence mode is deprecated|No NVIDIA (?:GPU|devices)|Open Kernel Module|"
    r"nvidia-uvm: Loaded|Your system is not currently configured|on the primary VGA device|"
    r"requires the use of a text-mode|drivers including|corruption and stability)"
)
_NVIDIA_BENIGN_RE = re.compile(
    r"^(?:nvidia(?:_uvm|_drm|_modeset|_peermem)?: (?:loading out-of-tree module|module "
    r"(?:license|verification failed))|nvidia-modeset: Loading|nvidia-uvm: Loaded|"
    r"nvidia-nvlink: Nvlink Core is being initialized|\[drm\] (?:\[nvidia-drm\] )?"
    r"(?:Initialized nvidia-drm|\[GPU ID 0x[0-9a-f]{1,8}\] Loading driver)|"
    r"nvidia [0-9A-Fa-f:.]{4,16}: (?:enabling device|vgaarb: ))"
)
# Hung-task reports (kernel/hung_task.c): "INFO: task python:1234 blocked for more than 120
# seconds." then "task:python state:D stack:0 pid:1234 …" and a stack. The task name may hold
# ":" and "[" ("nvc:[driver]"), so it is read lazily up to the last ":<pid> blocked".
_HUNG_RE = re.compile(
    r"^INFO: task (?P<task>.{1,64}?):(?P<pid>\d{1,10}) blocked for more than "
    r"(?P<s>\d{1,10}) seconds"
)
_TASK_STATE_RE = re.compile(
    r"^task:(?P<task>\S{1,64}) {1,32}state:(?P<st>[A-Z]) .{0,64}?\bpid: {0,8}(?P<pid>\d{1,10})"
)
# A kernel oops (arch/x86/mm/fault.c, kernel/panic.c): "BUG: unable to handle kernel NULL
# pointer dereference at …" (older kernels), "BUG: kernel NULL pointer dereference, address: …",
# "BUG: unable to handle page fault for address: …", "general protection fault: 0000 [#1] SMP",
# "kernel BUG at mm/…!", "Oops: 0000 [#1] SMP". Searched, not matched: a pasted excerpt often
# loses the "[" of its uptime stamp. With an NVIDIA frame in the lines after it (the "RIP:"
# line, the call trace) the driver itself crashed: its state and locks are gone with the task.
_OOPS_RE = re.compile(
    r"\bBUG: (?:unable to handle (?:kernel )?(?:NULL pointer dereference|paging request|page "
    r"fault)|kernel NULL pointer dereference)|\bgeneral protection fault\b|\bkernel BUG at \S|"
    r"^Oops: [0-9a-f]{4} \["
)
# the oops's task: "CPU: 33 PID: 4564 Comm: sbatchd Kdump: loaded Tainted: P OE …"
_OOPS_TASK_RE = re.compile(
    r"^CPU: \d{1,5} (?:UID: \d{1,10} )?PID: (?P<pid>\d{1,10}) Comm: (?P<task>\S{1,64})"
)
# A stack frame inside the NVIDIA driver: "[nvidia]" module tag, RM's obfuscated "_nv012345rm"
# symbols, os_acquire_mutex / os_acquire_semaphore, nvidia_* / uvm_* entry points.
_NV_FRAME_RE = re.compile(
    r"(?:\[nvidia(?:_uvm|_modeset|_drm|_peermem)?\]|\b_nv\d{3,7}rm\b|"
    r"\bos_acquire_(?:mutex|semaphore|rwlock)|\b(?:nvidia|uvm)_[a-z0-9_]{1,48}\+0x)"
)
_FRAME_SYMBOL_RE = re.compile(r"(?P<sym>[A-Za-z_][A-Za-z0-9_.]{0,63})\+0x[0-9a-f]{1,16}")
# nvidia-smi (user space, not kernel evidence): "Unable to determine the device handle for
# GPU0000:0B:00.0: Unknown Error" ("GPU 0000:…", "GPU6: 0000:…" with the index first in recent
# releases, "detect" on Windows builds).
_SMI_HANDLE_RE = re.compile(
    r"^Unable to (?:determine|detect) the device handle for GPU ?(?:\d{1,3}: ?)?"
    + _PCI_TEXT
    + r": {0,4}(?P<why>.{0,120})"
)
# Mellanox link changes. Two shapes:
#  * "mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Down|Active" — the project's
#    simulator / recorded-incident form (telemetry/faults.py), an IB port state per device+port;
#  * "mlx5_core 0000:c1:00.0 ens1f0np0: Link down|up" — the kernel's mlx5e netdev carrier message
#    (drivers/net/ethernet/mellanox/mlx5/core/en_main.c, mlx5e_update_carrier).
# "mlx5_core 0000:c1:00.0: mlx5_port_module_event:…" (colon right after the PCI id) is a cable
# module event, not a link state: it stays unrecognised.
_MLX_PORT_RE = re.compile(
    r"^mlx5_core (?P<pci>[0-9A-Fa-f:.]{1,16}) (?P<dev>[\w.-]{1,32}): Port (?P<port>\d{1,4}) "
    r"link state changed to (?P<state>\w{1,16})"
)
_MLX_NETDEV_RE = re.compile(
    r"^mlx5_core (?P<pci>[0-9A-Fa-f:.]{1,16}) (?P<dev>[\w.-]{1,32}): Link (?P<state>up|down)\b"
)
# IB port states that are a clean up/down; INIT / ARMED / POLLING are transitions, left alone.
_LINK_STATE = {"down": "nic_link_down", "active": "nic_link_up", "up": "nic_link_up"}
# Where a GPU message starts inside pasted / decorated text ("> NVRM: …", "`NVRM: …`").
_ANCHOR_RE = re.compile(
    r"NVRM:|S?Xid \(|\bXid \d{1,5},? PCI:|\bXID \d{1,5}\([^)]{0,120}\) detected on PCI:|"
    r"nvidia-nvswitch\d{0,4}: SXid|"
    r"nvidia(?:-[a-z]{1,16})?: probe of |Unable to (?:determine|detect) the device handle"
)
# Anything that names the GPU stack: such a line is never silently dropped.
_GPU_HINT_RE = re.compile(r"nvrm|nvidia|\bs?xid\b|nvswitch|nvlink|\bgsp\b|\bnvml\b", re.I)


def _int_code(text: str) -> int | None:
    # isascii: "²".isdigit() is True but int("²") raises; the length cap keeps int() away from
    # Python's 4300-digit limit and the value within what a code can be.
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:
        return int(text, 10)
    return None


def _pci_or_bad(raw: str, what: str) -> str | _Bad:
    pci = normalize_pci_bus_id(raw)
    return pci if pci is not None else _Bad(f"{what} with an unreadable PCI id {raw[:40]!r}")


def _code_or_bad(raw: str, what: str) -> int | _Bad:
    code = _int_code(raw)
    if code is not None:
        return code
    if raw.isascii() and raw.isdigit():
        return _Bad(f"{what} code of {len(raw)} digits is too long")
    return _Bad(f"{what} code {raw[:40]!r} is not an integer")


def _nvlink5_attrs(rest: str, attrs: dict[str, str]) -> None:
    lm = _NVLINK5_RE.search(rest)
    if lm is None:
        if (link := _LINK_RE.search(rest)) is not None:
            attrs["link"] = str(int(link["link"]))
        return
    sub = _SUBCOMPONENT_RE.search(rest[max(0, lm.start() - 66) : lm.start()])
    if sub is not None:
        attrs["subcomponent"] = sub["sub"]
    attrs["severity"] = "Fatal" if lm["sev"] == "Fatal" else "Nonfatal"
    attrs["xc"] = str(int(lm["xc"]))
    attrs["instance"] = str(int(lm["inst"]))
    attrs["link"] = str(int(lm["link"]))
    # register values only: a ticket's "(...)" elision is not one
    regs = [r for r in (lm["regs"] or "").split() if r.lower().startswith("0x")]
    if regs:
        attrs["intr_info"] = regs[0].lower()
    if len(regs) > 1:
        attrs["error_status"] = regs[1].lower()


def _xid(msg: str) -> _Found | _Bad:
    m = (
        _XID_RE.match(msg)
        or _XID_SHORT_RE.match(msg)
        or _XID_BARE_RE.match(msg)
        or _XID_TOOL_RE.match(msg)
    )
    if m is None:
        return _Bad("Xid line without '(PCI id): code'")
    masked = "pci" not in m.re.groupindex or _MASKED_PCI_RE.match(m["pci"].strip()) is not None
    pci = None if masked else _pci_or_bad(m["pci"], "Xid line")
    code = _code_or_bad(m["code"], "Xid")
    if isinstance(pci, _Bad) or isinstance(code, _Bad):
        return pci if isinstance(pci, _Bad) else code  # type: ignore[return-value]
    rest = m["rest"].lstrip(", ")
    attrs: dict[str, str] = {"pci_masked": "true"} if masked else {}
    if (pm := _PID_RE.search(rest)) is not None:
        pid = pm["pid"].strip("'")
        if pid.isascii() and pid.isdigit():  # "pid='<unknown>'" says nothing
            attrs["pid"] = pid
    if (nm := _NAME_RE.search(rest)) is not None:
        name = nm["name"].strip()
        if name and name != "<unknown>":
            attrs["name"] = name
    if (cm := _CAUSED_BY_RE.search(rest)) is not None:
        attrs["caused_by_xid"] = str(int(cm["x"]))
    if code == 154 and (rm := _RECOVERY_RE.search(rest)) is not None:
        attrs["recovery_action"] = rm["t"].strip()
        attrs["recovery_action_code"] = rm["tc"].lower()
        attrs["previous_recovery_action"] = rm["f"].strip()
    elif 144 <= code <= 150:
        _nvlink5_attrs(rest, attrs)
    return _Found("xid", code, pci, attrs)


def _sxid(msg: str) -> _Found | _Ctx | _Bad:
    m = _SXID_RE.match(msg)
    if m is None:
        return _Bad("SXid line without '(PCI id): code'")
    pci = _pci_or_bad(m["pci"], "SXid line")
    code = _code_or_bad(m["code"], "SXid")
    if isinstance(pci, _Bad) or isinstance(code, _Bad):
        return pci if isinstance(pci, _Bad) else code  # type: ignore[return-value]
    rest = m["rest"].lstrip(", ")
    if _SXID_DETAIL_RE.match(rest):
        # detail of the header line before it; alone (a ticket quoting only the "Data {…}"
        # line) it is still the switch reporting that code (KernelLogParser._context)
        return _Ctx("sxid_detail", pci, str(code), device=m["sw"])
    attrs = {"switch": m["sw"]}
    sev = _SXID_SEV_RE.match(rest)
    # No severity (e.g. "SOE HALT data[0] = …") still reports an error code: kept as an event
    # rather than dropped, the detector dedups repeats per (entity, code).
    if sev is not None:
        attrs["severity"] = "Fatal" if sev["sev"].lower() == "fatal" else "Non-fatal"
        if sev["link"] is not None:
            attrs["link"] = str(int(sev["link"]))
    return _Found("sxid", code, pci, attrs)


def _gsp_health(msg: str) -> _Found | None:
    """A GSP heartbeat / timeout / crash report (:data:`_GSP_HEALTH_RE`) as a ``gsp_error``."""
    m = _GSP_HEALTH_RE.search(msg)
    if m is None:
        return None
    fault = next(k for k, v in m.groupdict().items() if v is not None)
    attrs = {"gsp_fault": fault}
    if (g := _GPU_INDEX_RE.match(msg)) is not None:
        attrs["gpu_index"] = str(int(g["idx"]))
    return _Found("gsp_error", None, None, attrs)


def _gsp(msg: str) -> _Found | None:
    call = _GSP_CALL_RE.search(msg)
    err = _NV_ERR_RE.search(msg)
    if call is None and err is None:
        return _gsp_health(msg)
    attrs: dict[str, str] = {}
    if call is not None:
        attrs["call"] = call["call"]
    status = (err["st"] if err is not None else None) or (
        st["st"] if (st := _STATUS_RE.search(msg)) is not None else None
    )
    if status is not None:
        status = "0x" + status[2:].lower().rjust(8, "0")
        attrs["status"] = status
    name = err["err"] if err is not None else _NV_STATUS.get(status or "")
    if name is not None:
        attrs["error"] = name
    if (g := _GPU_INDEX_RE.match(msg)) is not None:
        attrs["gpu_index"] = str(int(g["idx"]))
    return _Found("gsp_error", None, None, attrs)


def _nvrm(msg: str) -> _Result:
    """An ``NVRM:`` line other than an Xid."""
    if (m := _FALLEN_RE.match(msg)) is not None:
        pci = _pci_or_bad(m["pci"], "fallen-off-the-bus line")
        return pci if isinstance(pci, _Bad) else _Found("fallen_off_bus", None, pci)
    if (m := _LOST_GPU_RE.match(msg)) is not None:
        pci = _pci_or_bad(m["pci"], "fallen-off-the-bus line")
        if isinstance(pci, _Bad):
            return pci
        if "fallen off the bus" in m["rest"]:  # the three lines pasted as one
            return _Found("fallen_off_bus", None, pci)
        return _Ctx("lost_gpu", pci)
    if _LOST_TAIL_RE.match(msg):
        return _Ctx("lost_gpu")  # the parser turns it into the event, with the PCI id it holds
    if _LOST_MIDDLE_RE.match(msg):
        return _Skip("fallen-off-the-bus record, middle line")
    for rx, why in _INIT_REFUSED:
        if rx.search(msg) is not None:
            at = _PCI_ANYWHERE_RE.search(msg)
            named = normalize_pci_bus_id(at["pci"]) if at is not None else None
            return _Found("rm_init_failed", None, named, {"why": why})
    if (m := _API_MISMATCH_RE.match(msg)) is not None:
        return _Found("driver_api_mismatch", None, None, {"client_version": m["client"]})
    if _API_MISMATCH_MORE_RE.match(msg):
        return _Skip("API mismatch record, later line")
    if (m := _UNSUPPORTED_RE.match(msg)) is not None:
        return _Ctx("unsupported", None, "open_module_needs_gsp" if m["by"] == "open" else "legacy")
    if _UNSUPPORTED_MORE_RE.match(msg):
        return _Skip("unsupported-GPU record, later line")
    if (m := _UUID_RE.match(msg)) is not None:
        pci = _pci_or_bad(m["pci"], "GPU UUID line")
        return pci if isinstance(pci, _Bad) else _Ctx("uuid", pci, m["uuid"])
    if (m := _SERIAL_RE.match(msg)) is not None:
        return _Ctx("serial", None, m["serial"])
    if (m := _RMINIT_RE.match(msg)) is not None:
        rpci = None if m["pci"] is None else _pci_or_bad(m["pci"], "RmInitAdapter line")
        if isinstance(rpci, _Bad):
            return rpci
        attrs = {"code": m["code"].strip()} if m["code"] else {}
        return _Found("rm_init_failed", None, rpci, attrs)
    if (m := _RMINIT_ECHO_RE.match(msg)) is not None:
        rpci = None if m["pci"] is None else _pci_or_bad(m["pci"], "rm_init_adapter line")
        if isinstance(rpci, _Bad):
            return rpci
        return _Found("rm_init_failed", None, rpci, {"echo": "true"})
    if (m := _PROBE_COUNT_RE.match(msg)) is not None:
        return _Found("gpu_probe_failed", None, None, {"devices": str(int(m["n"]))})
    if (m := _PROBE_NOT_CALLED_RE.match(msg)) is not None:
        attrs = {"cause": "another driver owns the device (nouveau / nvidiafb)"}
        if m["n"]:
            attrs["devices"] = str(int(m["n"]))
        return _Found("gpu_probe_failed", None, None, attrs)
    if _PROBE_ADVICE_RE.match(msg):
        return _Skip("probe advice continued")
    if (m := _PROBE_GPU_RE.match(msg)) is not None:
        pci = _pci_or_bad(m["pci"], "probe line")
        return pci if isinstance(pci, _Bad) else _Found("gpu_probe_failed", None, pci)
    if (found := _gsp(msg)) is not None:
        return found
    if _GSP_REPORT_RE.match(msg):
        return _Skip("GSP timeout report, RPC history")
    if _NVRM_BENIGN_RE.match(msg):
        return _Skip("driver informational line")
    return None


def _other(msg: str) -> _Result:
    """Messages that do not start with ``NVRM:`` / ``Xid``."""
    if (pcie := pcie_aer.classify(msg)) is not None:  # AER / DPC / pciehp, any PCI function
        return pcie
    if msg.startswith("nvidia-nvswitch"):
        return _sxid(msg) if _SXID_START_RE.match(msg) else None
    if msg.startswith("mlx5_core "):
        return _mlx(msg)
    if msg.startswith("nvidia"):
        if _MODULE_REFUSED_RE.match(msg):
            return _Found("driver_module_refused", None, None, {"message": msg[:120]})
        m = _PROBE_OF_RE.match(msg) or _PROBE_WITH_RE.match(msg)
        if m is not None:
            pci = _pci_or_bad(m["pci"], "probe line")
            if isinstance(pci, _Bad):
                return pci
            return _Found("gpu_probe_failed", None, pci, {"error": m["err"]})
        return _Skip("driver informational line") if _NVIDIA_BENIGN_RE.match(msg) else None
    if msg.startswith("[drm]") and _NVIDIA_BENIGN_RE.match(msg):
        return _Skip("driver informational line")
    if (m := _HUNG_RE.match(msg)) is not None:
        return _Ctx("hung", None, m["task"], m["pid"], m["s"])
    if (m := _TASK_STATE_RE.match(msg)) is not None:
        return _Ctx("hung_state", None, m["task"], m["pid"], m["st"])
    # the substring tests keep the searched alternation off the hot path of ordinary lines
    if ("BUG" in msg or "protection fault" in msg or msg.startswith("Oops")) and (
        _OOPS_RE.search(msg) is not None
    ):
        return _Ctx("oops")
    if (m := _OOPS_TASK_RE.match(msg)) is not None:
        return _Ctx("oops_task", None, m["task"], m["pid"])
    if (m := _SMI_HANDLE_RE.match(msg)) is not None:
        pci = _pci_or_bad(m["pci"], "nvidia-smi device handle line")
        if isinstance(pci, _Bad):
            return pci
        attrs = {"reason": m["why"].strip() or "unknown", "source": "nvidia-smi"}
        return _Found("gpu_handle_error", None, pci, attrs)
    if (m := _SOFT_LOCKUP_RE.search(msg)) is not None:
        attrs = {"task": m["task"], "pid": m["pid"], "blocked_s": m["s"], "how": "soft_lockup"}
        return _Found("gpu_hung_task", None, None, attrs)
    if _NV_FRAME_RE.search(msg) is not None:
        sym = _FRAME_SYMBOL_RE.search(msg)
        return _Ctx("frame", None, sym["sym"] if sym is not None else msg.strip()[:64])
    return _oom(msg)


# mm/oom_kill.c and mm/memcontrol.c: "python invoked oom-killer: gfp_mask=…", "Out of memory:
# Killed process 629 (python) …", "Memory cgroup out of memory: Killed process 629 (…)". Host
# memory, not GPU memory: a data loader or a job's host buffers outgrowing the node or its
# cgroup is a common cause of "the GPUs hang / sit idle / the job died".
_OOM_INVOKED_RE = re.compile(r"^(?P<name>\S{1,64}) invoked oom-killer: ")
_OOM_KILLED_RE = re.compile(
    r"^(?P<cg>Memory cgroup )?[Oo]ut of memory(?: \(oom_kill_allocating_task\))?: "
    r"Kill(?:ed)? process (?P<pid>\d{1,10}) \((?P<name>[^)]{1,64})\)"
)


def _oom(msg: str) -> _Found | None:
    if (m := _OOM_KILLED_RE.match(msg)) is not None:
        scope = "cgroup" if m["cg"] else "host"
        return _Found(
            "host_oom_kill", None, None, {"process": m["name"], "pid": m["pid"], "memory": scope}
        )
    if (m := _OOM_INVOKED_RE.match(msg)) is not None:
        return _Found("host_oom_kill", None, None, {"process": m["name"]})
    return None


def _mlx(msg: str) -> _Result:
    m = _MLX_PORT_RE.match(msg) or _MLX_NETDEV_RE.match(msg)
    if m is None:
        return None
    kind = _LINK_STATE.get(m["state"].lower())
    if kind is None:
        return None
    attrs = {"device": m["dev"]}
    if "port" in m.groupdict():
        attrs["port"] = m["port"]
    pci = normalize_pci_bus_id(m["pci"])
    if pci is not None:
        attrs["pci"] = pci
    return _Found(kind, None, None, attrs)


def _classify(msg: str) -> tuple[_Result, str]:
    """Recognise one kernel message (the text after any timestamp / ``host kernel:`` header).

    Returns the result and the message as recognised (from its GPU anchor on, for pasted text
    such as ``> NVRM: Xid …``)."""
    msg = msg.strip()
    a = _ANCHOR_RE.search(msg, 0, _ANCHOR_WINDOW)
    if a is not None and a.start() > 0:  # "nvidia:nvidia_dev_xid: Xid (…" (ftrace), "> NVRM: …"
        msg = msg[a.start() :]
    if msg.startswith("SXid ("):  # an SXid whose "nvidia-nvswitchN: " was cut off
        msg = "nvidia-nvswitch: " + msg
    if _XID_START_RE.match(msg):
        return _xid(msg), msg
    if msg.startswith("NVRM:"):
        return _nvrm(msg if msg.startswith("NVRM: ") else "NVRM: " + msg[5:]), msg
    return _other(msg), msg


def _completes(open_: LogEvent | None, node: str, dev: str) -> bool:
    """A ``PCIe Bus Error`` line about the device an open "error received" event names (and not
    yet read for it) completes that event instead of counting the error twice."""
    return (
        open_ is not None
        and open_.node == node
        and open_.pci_bus_id == dev
        and "reporter" in open_.attrs
        and "layer" not in open_.attrs
    )


def _port(ev: LogEvent) -> str | None:
    return ev.attrs.get("reporter") or ev.attrs.get("port") or ev.pci_bus_id


def _add_child(attrs: dict[str, str], dev: str, driver: str) -> None:
    """A device below the port whose record ``attrs`` belongs to; the NVIDIA driver's is the
    GPU the port's error is about."""
    kids = [k for k in attrs.get("children", "").split(",") if k]
    if dev not in kids and len(kids) < 16:
        attrs["children"] = ",".join([*kids, dev])
    if driver == "nvidia":
        attrs.setdefault("gpu_pci", dev)


def _add_bit(attrs: dict[str, str], bit: dict[str, str]) -> None:
    name = pcie_aer.bit_name(attrs.get("severity", ""), int(bit["bit"]))
    bits = [b for b in attrs.get("status_bits", "").split(",") if b]
    if name not in bits and len(bits) < 32:
        attrs["status_bits"] = ",".join([*bits, name])
    if bit.get("first"):
        attrs["first_error"] = name


# --------------------------------------------------------------------------------------------
# Timestamps


def _zone(offset: str | None, tz: tzinfo) -> tzinfo:
    if offset is None:
        return tz
    if offset == "Z":
        return UTC
    sign = -1 if offset[0] == "-" else 1
    digits = offset[1:].replace(":", "")
    minutes = int(digits[:2]) * 60 + int(digits[2:])
    return timezone(sign * timedelta(minutes=minutes))  # raises ValueError beyond ±24 h


def _epoch(wall: tuple[int, int, int, int, int, int, int], zone: tzinfo) -> float:
    y, mo, d, h, mi, s, us = wall
    dt = datetime(y, mo, d, h, mi, s, us, tzinfo=zone)  # raises ValueError on Feb 30 etc.
    # timedelta.total_seconds() divides an exact integer count of µs: deterministic rounding.
    return (dt - _EPOCH).total_seconds()


def _finite(name: str, value: float | None) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ParserConfigError(f"{name} must be a finite number of epoch seconds, got {value!r}")
    return float(value)


# A line's time: (seconds, monotonic?, "" | "inferred" | "unknown") or the reason it is unusable.
_Stamp = tuple[float, bool, str] | str


@dataclass(slots=True)
class _Hung:
    task: str
    pid: str
    seconds: str = ""
    state: str = ""
    left: int = _HUNG_WINDOW
    reported: bool = False
    how: str = ""  # "oops": the task crashed in the kernel, it is not blocked


# --------------------------------------------------------------------------------------------
# The parser


class KernelLogParser:
    """Stateful line-by-line parser; :func:`parse_lines` wraps it for a finite input.

    Args:
        node: hostname for lines that carry none (dmesg output of one node).
        boot_time: the node's boot time in epoch seconds; turns monotonic ``[ 1234.567890]`` and
            ``/dev/kmsg`` stamps into wall-clock time. Without it those events keep monotonic
            seconds and ``attrs["clock"] = "monotonic"``.
        year: year of the first RFC 3164 line (which has none); a later month that is more than
            six months before the previous line's month (Dec → Jan) moves to the next year.
        now: reference epoch seconds, used only when ``year`` is None: an RFC 3164 line gets the
            year of ``now`` (in ``tz``), or the year before if that would put it more than a day
            after ``now``. ``at`` serves the same purpose when ``now`` is None.
        at: the read time (epoch seconds) for lines that carry no time at all (bare pasted
            lines, ``journalctl -o cat``): their events get it and ``attrs["time"] =
            "inferred"``. Without it they get ``timestamp = 0.0`` and ``attrs["time"] =
            "unknown"``. :meth:`feed` takes a per-line ``at`` too (a live reader's clock).
        tz: zone of timestamps that do not state one (``dmesg -T``, RFC 3164, offset-less ISO).
            Ambiguous local times at a DST change resolve to the first occurrence (fold=0).
        topology: when given, PCI ids of GPU events on known nodes are mapped to GPU keys
            (``LogEvent.gpu``).
        max_malformed: how many sample lines the report keeps per category.
        keep_untrusted: return events for GPU lines written by user space too, marked
            ``attrs["source"] = "userspace"``, ``attrs["trusted"] = "false"`` (default: count
            them in the report only).
        journal_kernel: the lines are ``journalctl -k`` output (journald's kernel transport
            only, e.g. :func:`journalctl_follow_argv`): short-iso lines then carry
            ``attrs["via"] = "journal"`` instead of ``"text-syslog"``. Never set it for a
            syslog file: there ``logger -t kernel`` writes the same text.

    Raises :class:`ParserConfigError` for invalid arguments; never for bad input.
    """

    def __init__(
        self,
        *,
        node: str | None = None,
        boot_time: float | None = None,
        year: int | None = None,
        now: float | None = None,
        at: float | None = None,
        tz: tzinfo = UTC,
        topology: Topology | None = None,
        max_malformed: int = MAX_MALFORMED,
        keep_untrusted: bool = False,
        journal_kernel: bool = False,
    ) -> None:
        if year is not None and (
            isinstance(year, bool) or not isinstance(year, int) or not 1 <= year <= 9999
        ):
            raise ParserConfigError(f"year must be an int in 1..9999, got {year!r}")
        if (
            isinstance(max_malformed, bool)
            or not isinstance(max_malformed, int)
            or max_malformed < 0
        ):
            raise ParserConfigError(f"max_malformed must be an int >= 0, got {max_malformed!r}")
        if not isinstance(tz, tzinfo):
            raise ParserConfigError(f"tz must be a datetime.tzinfo, got {tz!r}")
        self.node = node
        self.boot_time = _finite("boot_time", boot_time)
        self.now = _finite("now", now)
        self.at = _finite("at", at)
        self.tz = tz
        self.topology = topology
        self.max_malformed = max_malformed
        self.keep_untrusted = keep_untrusted
        self.journal_kernel = journal_kernel
        self.report = ParseReport()
        self._year = year
        self._last_month: int | None = None
        # Multi-line state, all bounded: the previous record (for indented continuation lines),
        # the journal export record being read, GPU UUID / serial context per PCI id, the GPU of
        # a multi-line fallen-off-the-bus record, the open hung-task report.
        self._prev: tuple[_Prefix, _Stamp] | None = None
        self._journal: dict[str, str] = {}
        self._journal_repeated: set[str] = set()
        self._uuid: dict[str, str] = {}
        self._serial: dict[str, str] = {}
        self._last_uuid_pci: str | None = None
        self._lost_pci: str | None = None
        self._hung: _Hung | None = None
        self._sxid_last: dict[str, int] = {}  # switch PCI id → code of its last SXid header
        self._rm_init_line = -_ECHO_LINES - 1  # the line of the last "RmInitAdapter failed!"
        # PCIe error records: the AER event whose detail lines (status, bits) are being read,
        # and the last event on a port (for the lines of the devices below it).
        self._aer_detail: LogEvent | None = None
        self._pcie_port: list[LogEvent] = []  # the events of one port's record, newest last
        self._ghes_severity: str | None = None  # the CPER block's severity (firmware first)
        self._ghes_pcie = False  # inside a CPER PCIe section

    def feed(self, line: str | bytes, *, at: float | None = None) -> LogEvent | None:
        """Parse one line (trailing newline allowed). Returns the event, or None for lines that
        carry none; either way the line is accounted for in :attr:`report`. ``at`` overrides
        the parser's read time for this line. Never raises for bad input."""
        rep = self.report
        rep.total += 1
        line_no = rep.total
        text = self._text(line)
        if self._hung is not None:  # a hung-task report's stack is looked for in a window only
            self._hung.left -= 1
            if self._hung.left < 0:
                self._hung = None
        if not text.strip() or text.startswith("-- "):  # blank, or journalctl "-- Boot … --"
            self._end_record()  # a blank line ends a journal export record
            rep.ignored += 1
            return None
        p = self._locate(text)
        if p is None:  # a journal export field remembered for its record's MESSAGE
            rep.ignored += 1
            return None
        rep.by_format[p.fmt] = rep.by_format.get(p.fmt, 0) + 1
        if self.journal_kernel and p.via == TEXT_SYSLOG and not p.userspace:
            p = replace(p, via=JOURNAL)
        stamp = self._stamp(p, self.at if at is None else _finite("at", at))
        if p.fmt != "continuation":
            self._prev = (p, stamp)
        found, msg = _classify(p.msg)
        return self._account(line_no, text, p, stamp, found, msg)

    def _text(self, line: str | bytes) -> str:
        raw: object = line  # callers outside the type checker may pass anything
        if isinstance(raw, bytes):
            # 4 bytes per character at most: decoding more than that cannot change the result.
            text = raw[: MAX_LINE * 4 + 2].decode("utf-8", "replace")
        else:
            text = raw if isinstance(raw, str) else str(raw)
        text = text.rstrip("\r\n")
        if len(text) > MAX_LINE:
            self.report.truncated += 1
            text = text[:MAX_LINE]
        return text.replace("\x00", "")

    def _locate(self, text: str) -> _Prefix | None:
        """The line's prefix; None for a journal export field that only feeds later lines."""
        p = _prefix(text)
        if p is None and text.startswith("{"):
            p = _prefix_json(text)
        if p is None and (f := _FIELD_RE.match(text)) is not None:
            k = f["k"]
            if k == "MESSAGE":
                fields, repeated = dict(self._journal), set(self._journal_repeated)
                p = _journal_prefix("journal-field", f["v"], fields, repeated)
                # A record has one MESSAGE: fields after it (a _TRANSPORT written after the
                # message) never vouch for it, nor for a next record without a blank line.
                self._end_record()
            elif k == "__CURSOR":
                self._end_record()
                return None
            elif k in _JOURNAL_FIELDS:
                if k in self._journal:
                    self._journal_repeated.add(k)
                self._journal[k] = f["v"][:255]
                return None
        if p is None and _VERBOSE_HEAD_RE.match(text):  # journalctl -o verbose: a new record
            self._end_record()
        if p is None and text[:1] in (" ", "\t") and self._prev is not None:
            prev = self._prev[0]
            return _Prefix(
                "continuation",
                prev.host,
                text.strip(),
                userspace=prev.userspace,
                via=prev.via,
                why=prev.why,
            )
        if p is None:
            return self._bare(text)
        return p

    def _end_record(self) -> None:
        self._journal.clear()
        self._journal_repeated.clear()

    def _bare(self, text: str) -> _Prefix:
        """A line with no time. ``kernel: msg`` / ``host kernel: msg`` are kernel; ``ident[pid]:``
        (``kernel[pid]:`` too) and ``host ident:`` are user space; a lone ``word:`` is a pdsh
        host prefix."""
        h = _header(text.strip())
        if h.ident is None or (h.ident == "kernel" and not h.has_pid):
            return _Prefix("bare", h.host, h.msg, stamped=False)
        if h.has_pid or h.host is not None:
            why = _tag_problem(h)
            return _Prefix("bare", h.host, h.msg, userspace=True, stamped=False, why=why)
        # a date or a number before the colon ("19/09/2026: Xid 79, …" in a ticket) names no host
        host = h.ident if _HOST_WORD_RE.match(h.ident) else None
        return _Prefix("bare", host, h.msg, stamped=False)

    def _stamp(self, p: _Prefix, at: float | None) -> _Stamp:
        if p.fmt == "continuation" and self._prev is not None:
            return self._prev[1]
        if p.epoch is not None:
            return p.epoch, False, ""
        if not p.stamped:
            return (at, False, "inferred") if at is not None else (0.0, False, "unknown")
        if p.fmt == "syslog" and p.wall is not None:
            self._track_year(p.wall[1])
        stamp = self._timestamp(p, at)
        if stamp is None:  # an RFC 3164 line and no year / now / at to place it in
            return 0.0, False, "unknown"
        return stamp

    def _account(
        self, line_no: int, text: str, p: _Prefix, stamp: _Stamp, found: _Result, msg: str
    ) -> LogEvent | None:
        rep = self.report
        if found is None or (isinstance(found, _Ctx) and found.what == "frame" and not self._hung):
            rep.unrecognised += 1
            if _GPU_HINT_RE.search(text) is not None:
                rep.gpu_unparsed += 1
                rep._keep(rep.gpu_unparsed_lines, line_no, "no rule", text, self.max_malformed)
            return None
        if isinstance(found, _Bad):
            rep._malformed(line_no, found.reason, text, self.max_malformed)
            return None
        if p.userspace and not (isinstance(found, _Found) and found.kind == "gpu_handle_error"):
            return self._untrusted(line_no, text, p, stamp, found, msg)
        if isinstance(found, _Skip):
            rep.ignored += 1
            return None
        if isinstance(found, PcieLine):
            return self._pcie_event(found, msg, p, stamp, line_no, text)
        if isinstance(found, _Ctx):
            found = self._context(found)
            if found is None:
                rep.ignored += 1
                return None
        if isinstance(stamp, str):
            rep._malformed(line_no, stamp, text, self.max_malformed)
            return None
        if found.kind == "rm_init_failed":
            if found.attrs.get("echo") and line_no - self._rm_init_line <= _ECHO_LINES:
                rep.ignored += 1  # the echo of the failure just counted
                return None
            self._rm_init_line = line_no
        if found.kind == "sxid" and found.pci is not None and found.xid is not None:
            if len(self._sxid_last) >= 256 and found.pci not in self._sxid_last:
                self._sxid_last.pop(next(iter(self._sxid_last)))
            self._sxid_last[found.pci] = found.xid
        return self._event(found, msg, p, stamp, trusted=True)

    def _untrusted(
        self, line_no: int, text: str, p: _Prefix, stamp: _Stamp, found: _Result, msg: str
    ) -> LogEvent | None:
        """A GPU signal written by a process: counted, never kernel evidence (module docstring)."""
        rep = self.report
        rep.untrusted += 1
        rep.by_source["userspace"] = rep.by_source.get("userspace", 0) + 1
        what = found.kind if isinstance(found, _Found) else "context"
        why = f"{what} from user space" + (f": {p.why}" if p.why else "")
        rep._keep(rep.untrusted_lines, line_no, why, text, self.max_malformed)
        if not self.keep_untrusted or not isinstance(found, _Found) or isinstance(stamp, str):
            return None
        return self._event(found, msg, p, stamp, trusted=False)

    def _pcie_event(
        self, pl: PcieLine, msg: str, p: _Prefix, stamp: _Stamp, line_no: int, text: str
    ) -> LogEvent | None:
        """A PCIe error line: a new event, or detail completing the record's event."""
        rep = self.report
        node = p.host or self.node or ""
        found = self._pcie_found(pl, node)
        if found is None:
            rep.ignored += 1
            return None
        if isinstance(stamp, str):
            rep._malformed(line_no, stamp, text, self.max_malformed)
            return None
        ev = self._event(found, msg, p, stamp, trusted=True)
        if found.kind == "pcie_aer":
            self._aer_detail = ev
        if pl.what not in ("bus_error", "fw_status") or pl.driver == "pcieport":
            self._port_event(ev)  # a port's own event: the devices below it may follow
        return ev

    def _port_event(self, ev: LogEvent) -> None:
        """Remember ``ev`` among its port's record (a new port, or another node, starts one)."""
        last = self._pcie_port[-1] if self._pcie_port else None
        if last is None or last.node != ev.node or _port(last) != _port(ev):
            self._pcie_port = []
        self._pcie_port = [*self._pcie_port[-7:], ev]

    def _pcie_found(self, pl: PcieLine, node: str) -> _Found | None:
        """The event a PCIe line opens, or None after it completed the open one (context)."""
        if pl.what == "received":
            attrs = {**pl.attrs, "reporter": pl.dev}
            return _Found("pcie_aer", None, pl.source or pl.dev, attrs)
        if pl.what == "bus_error":
            open_ = self._aer_detail
            if _completes(open_, node, pl.dev) and open_ is not None:
                open_.attrs.update(pl.attrs)
                open_.attrs.setdefault("driver", pl.driver)
                return None
            return _Found("pcie_aer", None, pl.dev, {**pl.attrs, "driver": pl.driver})
        if pl.what in ("ghes_device", "fw_status"):
            return self._firmware_first(pl, node)
        if pl.what == "dpc":
            attrs = {**pl.attrs, "port": pl.dev}
            if pl.source:
                attrs["source_pci"] = pl.source
            return _Found("pcie_dpc", None, pl.dev, attrs)
        if pl.what == "slot" and pl.attrs.get("event") in ("link_down", "card_not_present"):
            return _Found("pcie_link_down", None, pl.dev, {**pl.attrs, "port": pl.dev})
        self._pcie_detail(pl, node)
        return None

    def _firmware_first(self, pl: PcieLine, node: str) -> _Found | None:
        """The device of a CPER PCIe section, or the registers the kernel prints for it next
        (``aer_status``): one event per error, with the section's severity."""
        open_ = self._aer_detail
        if pl.what == "ghes_device":
            if not self._ghes_pcie:
                return None
            attrs = {"severity": self._ghes_severity or "unknown", "firmware_first": "true"}
            return _Found("pcie_aer", None, pl.dev, attrs)
        if (
            open_ is not None
            and open_.node == node
            and open_.pci_bus_id == pl.dev
            and open_.attrs.get("firmware_first") == "true"
            and "status" not in open_.attrs
        ):
            open_.attrs.update(pl.attrs)
            open_.attrs.setdefault("driver", pl.driver)
            return None
        attrs = {
            "severity": self._ghes_severity or "unknown",
            "firmware_first": "true",
            "driver": pl.driver,
            **pl.attrs,
        }
        return _Found("pcie_aer", None, pl.dev, attrs)

    def _pcie_detail(self, pl: PcieLine, node: str) -> None:
        """Apply a line that completes an earlier event (status, bits, children, recovery)."""
        detail = self._aer_detail
        record = [e for e in self._pcie_port if e.node == node]
        if pl.what == "ghes_severity":
            self._ghes_severity = pcie_aer.GHES_SEVERITY.get(pl.attrs["severity"])
        elif pl.what == "ghes_section":
            self._ghes_pcie = pl.attrs["pcie"] == "True"
        elif pl.what == "ghes_vendor" and detail is not None and self._ghes_pcie:
            if detail.attrs.get("firmware_first") == "true":
                for k, v in pl.attrs.items():
                    detail.attrs.setdefault(k, v)
        elif pl.what == "fw_layer" and detail is not None and detail.pci_bus_id == pl.dev:
            detail.attrs.update(pl.attrs)
        elif pl.what in ("status", "bit") and detail is not None and detail.node == node:
            if detail.pci_bus_id != pl.dev:
                return  # detail of another device's error than the one open
            if pl.what == "status":
                detail.attrs.update(pl.attrs)
            else:
                _add_bit(detail.attrs, pl.attrs)
        elif pl.what == "child":
            g = self.topology.gpu_by_pci(node, pl.dev) if self.topology and node else None
            for ev in record:
                _add_child(ev.attrs, pl.dev, pl.driver)
                if g is not None and self.topology is not None:
                    ev.attrs.setdefault("gpu_key", self.topology.gpu_keys[g])
        elif pl.what == "recovery":
            for ev in record:
                ev.attrs["recovery"] = pl.attrs["recovery"]
        elif pl.what == "dpc_reason" and record and record[-1].kind == "pcie_dpc":
            record[-1].attrs.setdefault("reason", pl.attrs["reason"])

    def _fact(self, pci: str, key: str, value: str) -> None:
        facts = self.report.gpu_facts
        if pci not in facts and len(facts) >= 256:
            facts.pop(next(iter(facts)))
        facts.setdefault(pci, {})[key] = value

    def _context(self, c: _Ctx) -> _Found | None:
        """Apply a context line; the event it completes, if any."""
        if c.what == "uuid" and c.pci is not None:
            if len(self._uuid) >= 256:  # bounded: forget the oldest GPU
                self._uuid.pop(next(iter(self._uuid)))
            self._uuid[c.pci] = c.value
            self._last_uuid_pci = c.pci
            self._fact(c.pci, "gpu_uuid", c.value)
        elif c.what == "serial" and self._last_uuid_pci is not None:
            if len(self._serial) >= 256:
                self._serial.pop(next(iter(self._serial)))
            self._serial[self._last_uuid_pci] = c.value
            self._fact(self._last_uuid_pci, "board_serial", c.value)
        elif c.what == "lost_gpu":
            if c.pci is not None:
                self._lost_pci = c.pci
                return None
            pci, self._lost_pci = self._lost_pci, None
            return _Found("fallen_off_bus", None, pci, {"record": "multi-line"})
        elif c.what == "unsupported":
            # the record's first line ("The NVIDIA GPU <pci> (PCI ID: …)") held the address
            pci, self._lost_pci = self._lost_pci, None
            return _Found("gpu_probe_failed", None, pci, {"cause": f"unsupported: {c.value}"})
        elif c.what == "sxid_detail" and c.pci is not None:
            if self._sxid_last.get(c.pci) == int(c.value):
                return None  # the header before it already reported this error
            return _Found("sxid", int(c.value), c.pci, {"switch": c.device, "record": "detail"})
        elif c.what == "hung":
            self._hung = _Hung(c.value, c.pid, seconds=c.seconds)
        elif c.what == "hung_state":
            h = self._hung
            if h is not None and h.pid == c.pid:
                h.state = c.seconds
            else:
                self._hung = _Hung(c.value, c.pid, state=c.seconds)
        elif c.what == "oops":
            self._hung = _Hung("?", "", how="oops")
        elif c.what == "oops_task":
            h = self._hung
            if h is not None and h.how == "oops" and not h.reported:
                h.task, h.pid = c.value, c.pid
        elif c.what == "frame" and self._hung is not None and not self._hung.reported:
            h = self._hung
            h.reported = True
            attrs = {"task": h.task, "pid": h.pid, "frame": c.value}
            if h.how:
                attrs["how"] = h.how
            if h.seconds:
                attrs["blocked_s"] = h.seconds
            if h.state:
                attrs["state"] = h.state
            return _Found("gpu_hung_task", None, None, attrs)
        return None

    def _event(
        self, found: _Found, msg: str, p: _Prefix, stamp: tuple[float, bool, str], *, trusted: bool
    ) -> LogEvent:
        rep = self.report
        ts, monotonic, when = stamp
        attrs = dict(found.attrs)
        if found.pci is not None and found.kind in ("xid", "fallen_off_bus", "pcie_aer"):
            if (uuid := self._uuid.get(found.pci)) is not None:
                attrs["gpu_uuid"] = uuid
            if (serial := self._serial.get(found.pci)) is not None:
                attrs["board_serial"] = serial
        if when:
            attrs["time"] = when
        attrs["via"] = p.via
        node = p.host or self.node or ""
        gpu = None
        if found.kind != "sxid" and found.pci and node and self.topology is not None:
            # An SXid's PCI id is the NVSwitch's, never a GPU's.
            g = self.topology.gpu_by_pci(node, found.pci)
            if g is not None:
                gpu = self.topology.gpu_keys[g]
        elif found.kind in _ONE_GPU_KINDS and node and self.topology is not None:
            # An Xid or an init failure is always about a GPU; with its address masked, cut or
            # not printed, a node that has one GPU has named it anyway.
            gpu = self.topology.only_gpu(node)
            if gpu is not None:
                attrs["gpu_from"] = "only_gpu"
        if not trusted:
            attrs["source"] = "userspace"
            attrs["trusted"] = "false"
        else:
            rep.recognised += 1
            rep.by_kind[found.kind] = rep.by_kind.get(found.kind, 0) + 1
            src = attrs.get("source", "kernel")
            rep.by_source[src] = rep.by_source.get(src, 0) + 1
        if monotonic:
            attrs["clock"] = "monotonic"
            rep.monotonic += 1
        rep.time_inferred += when == "inferred"
        rep.time_unknown += when == "unknown"
        rep.missing_node += not node
        return LogEvent(
            timestamp=ts,
            node=node,
            kind=found.kind,
            message=msg,
            xid=found.xid,
            pci_bus_id=found.pci,
            gpu=gpu,
            job_id=None,
            attrs=attrs,
        )

    def _track_year(self, month: int) -> None:
        if self._year is None:
            return
        if self._last_month is not None and month + 6 < self._last_month:
            self._year += 1
        self._last_month = month

    def _timestamp(self, p: _Prefix, at: float | None) -> _Stamp | None:
        """The line's own time, the reason it is unusable, or None for an RFC 3164 line with no
        year, ``now`` or ``at`` to place it in."""
        if p.mono is not None:
            if self.boot_time is None:
                return p.mono, True, ""
            return self.boot_time + p.mono, False, ""
        if p.wall is None:
            return "no usable timestamp"
        y, mo, d, h, mi, s, us = p.wall
        try:
            zone = _zone(p.offset, self.tz)
            if y is not None:
                return _epoch((y, mo, d, h, mi, s, us), zone), False, ""
            if self._year is not None:
                return _epoch((self._year, mo, d, h, mi, s, us), zone), False, ""
            ref = self.now if self.now is not None else at
            if ref is None:
                return None
            ref_year = datetime.fromtimestamp(ref, self.tz).year
            try:
                ts = _epoch((ref_year, mo, d, h, mi, s, us), zone)
            except ValueError:  # Feb 29 outside a leap year: only the year before can hold it
                ts = ref + 2 * _FUTURE_SLACK_S
            if ts > ref + _FUTURE_SLACK_S:
                ts = _epoch((ref_year - 1, mo, d, h, mi, s, us), zone)
            return ts, False, ""
        except (ValueError, OverflowError, OSError) as exc:
            return f"invalid timestamp ({exc})"


def parse_lines(
    lines: Iterable[str | bytes],
    *,
    node: str | None = None,
    boot_time: float | None = None,
    year: int | None = None,
    now: float | None = None,
    at: float | None = None,
    tz: tzinfo = UTC,
    topology: Topology | None = None,
    keep_untrusted: bool = False,
) -> tuple[list[LogEvent], ParseReport]:
    """Parse kernel / journal / syslog lines into events, in input order, plus a report.

    See :class:`KernelLogParser` for the arguments. Bad lines are counted in the report, never
    raised; only invalid arguments raise :class:`ParserConfigError`."""
    parser = KernelLogParser(
        node=node,
        boot_time=boot_time,
        year=year,
        now=now,
        at=at,
        tz=tz,
        topology=topology,
        keep_untrusted=keep_untrusted,
    )
    events = [e for e in map(parser.feed, lines) if e is not None]
    return events, parser.report


def parse_text(
    text: str | bytes,
    *,
    node: str | None = None,
    boot_time: float | None = None,
    year: int | None = None,
    now: float | None = None,
    at: float | None = None,
    tz: tzinfo = UTC,
    topology: Topology | None = None,
    keep_untrusted: bool = False,
) -> tuple[list[LogEvent], ParseReport]:
    """:func:`parse_lines` on a whole file's content, split on ``\\n`` only (``str.splitlines``
    would also split on form feeds and other separators that junk lines may contain)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    return parse_lines(
        parts,
        node=node,
        boot_time=boot_time,
        year=year,
        now=now,
        at=at,
        tz=tz,
        topology=topology,
        keep_untrusted=keep_untrusted,
    )


# --------------------------------------------------------------------------------------------
# Writing lines (inverse of the parser, for tests, the simulator and recorded incidents)


def _iso_offset(dt: datetime) -> str:
    z = dt.strftime("%z")  # "+0000"
    return f"{z[:3]}:{z[3:]}" if z else "+00:00"


def format_line(
    event: LogEvent,
    style: Style = "journal-iso",
    *,
    boot_time: float | None = None,
    tz: tzinfo = UTC,
    with_host: bool = True,
) -> str:
    """Write ``event`` as one kernel-log line that :func:`parse_lines` reads back to the same event.

    Styles: ``dmesg`` (``[ 1234.567890] msg``; needs ``boot_time`` unless the event is on the
    monotonic clock), ``dmesg-T`` (``[Mon Mar  2 02:45:00 2026] msg``), ``journal-iso``
    (journalctl ``short-iso-precise``; the default and the recorded-incident format) and
    ``syslog`` (RFC 3164 ``Mar  2 02:45:00 node-17 kernel: msg``). Parse back with the same
    ``boot_time`` / ``tz`` (and the right ``year`` for ``syslog``). The round trip is exact up to
    the style's resolution: 1 µs for ``dmesg`` / ``journal-iso``, 1 s for ``dmesg-T`` / ``syslog``.
    ``with_host`` writes the node name (a pdsh-style ``node: `` prefix for the dmesg styles).
    Newlines in the message become spaces (one event, one line); such messages do not round trip.
    """
    msg = event.message.replace("\r", " ").replace("\n", " ")
    host = event.node if with_host else ""
    if style == "dmesg":
        if event.attrs.get("clock") == "monotonic":
            mono = event.timestamp
        elif boot_time is None:
            raise ValueError("format_line(style='dmesg') needs boot_time for a wall-clock event")
        else:
            mono = event.timestamp - boot_time
        if not mono >= 0:
            raise ValueError(f"event at {event.timestamp} is before boot ({boot_time})")
        us = round(mono * 1_000_000)
        line = f"[{us // 1_000_000:5d}.{us % 1_000_000:06d}] {msg}"
        return f"{host}: {line}" if host else line
    if event.attrs.get("clock") == "monotonic":
        raise ValueError(f"style {style!r} needs a wall-clock event; this one is monotonic")
    dt = datetime.fromtimestamp(event.timestamp, tz)
    hms = f"{dt.hour:02d}:{dt.minute:02d}:{dt.second:02d}"
    if style == "dmesg-T":
        wd, mon = _WEEKDAYS[dt.weekday()], _MONTHS[dt.month - 1]
        line = f"[{wd} {mon} {dt.day:2d} {hms} {dt.year}] {msg}"
        return f"{host}: {line}" if host else line
    head = f"{host} kernel:" if host else "kernel:"
    if style == "journal-iso":
        stamp = f"{dt.year:04d}-{dt.month:02d}-{dt.day:02d}T{hms}.{dt.microsecond:06d}"
        return f"{stamp}{_iso_offset(dt)} {head} {msg}"
    if style == "syslog":
        return f"{_MONTHS[dt.month - 1]} {dt.day:2d} {hms} {head} {msg}"
    raise ValueError(f"unknown style {style!r}; expected one of {', '.join(FORMAT_STYLES)}")


# --------------------------------------------------------------------------------------------
# Live input (the only I/O in this module)


def journalctl_follow_argv(*, since: str | None = None, lines: int | str = 0) -> list[str]:
    """argv for following the kernel ring buffer through journald in a format this parser reads.

    ``short-iso-precise`` carries date, zone, µs and hostname, so no year / boot-time guessing is
    needed (systemd ≥ 234). ``lines`` is how much history to print first (``"all"``: no limit);
    ``since`` is passed to ``--since`` as is (e.g. ``"2026-03-02 02:00:00"``, ``"-3600s"``)."""
    argv = ["journalctl", "-k", "-f", "-o", "short-iso-precise", "--no-pager", f"--lines={lines}"]
    if since is not None:
        argv.append(f"--since={since}")
    return argv


def _decode(raw: bytes) -> str:
    return raw.decode("utf-8", "replace").rstrip("\r")


def follow(
    source: str | os.PathLike[str] | Sequence[str],
    *,
    sleep: Callable[[float], None] = time.sleep,
    poll_s: float = 0.5,
    from_start: bool = True,
    max_idle_polls: int | None = None,
) -> Iterator[str]:
    """Yield lines (without newline) as they are appended to a file, or as a command prints them.

    A path (``str`` / ``PathLike``) is followed like ``tail -F``: at end of file it checks the
    path; a different inode (rotated) is reopened from its start after the old file is drained,
    a smaller size (``copytruncate``) restarts at 0, a missing file is waited for. An unterminated
    last line is held until its newline arrives, or yielded when the file is rotated or truncated
    (the writer will not finish it there). ``from_start=False`` skips what the file holds on the
    first open. ``sleep(poll_s)`` runs between idle polls; after ``max_idle_polls`` consecutive
    idle polls the iterator ends (None: never). A truncation that regrows past the read position
    between two polls is not detectable by size, as with ``tail``.

    A sequence of strings is an argv (e.g. :func:`journalctl_follow_argv`): the command runs with
    stdout piped and is terminated when the iterator is closed."""
    if isinstance(source, str | os.PathLike):
        return _follow_file(Path(source), sleep, poll_s, from_start, max_idle_polls)
    return _follow_command(list(source))


def _follow_file(
    path: Path,
    sleep: Callable[[float], None],
    poll_s: float,
    from_start: bool,
    max_idle_polls: int | None,
) -> Iterator[str]:
    fh = None
    ident: tuple[int, int] | None = None
    pos = 0
    buf = b""
    idle = 0
    skip_existing = not from_start
    try:
        while True:
            if fh is None:
                try:
                    fh = path.open("rb")
                except FileNotFoundError:
                    fh = None
                else:
                    st = os.fstat(fh.fileno())
                    ident = (st.st_dev, st.st_ino)
                    if skip_existing:
                        fh.seek(0, os.SEEK_END)
                    skip_existing = False  # files that appear later are read from their start
                    pos = fh.tell()
                    buf = b""
            if fh is not None:
                chunk = fh.read(65536)
                if chunk:
                    idle = 0
                    pos += len(chunk)
                    *complete, buf = (buf + chunk).split(b"\n")
                    for raw in complete:
                        yield _decode(raw)
                    continue
                try:
                    now_st: os.stat_result | None = path.stat()
                except FileNotFoundError:
                    now_st = None
                if now_st is None or (now_st.st_dev, now_st.st_ino) != ident:
                    if buf:
                        yield _decode(buf)
                    fh.close()
                    fh = None
                    if now_st is not None:
                        continue  # the new file is already there: read it now
                elif now_st.st_size < pos:
                    if buf:
                        yield _decode(buf)
                    fh.seek(0)
                    pos = 0
                    buf = b""
                    continue
            if max_idle_polls is not None and idle >= max_idle_polls:
                return
            idle += 1
            sleep(poll_s)
    finally:
        if fh is not None:
            fh.close()


def _follow_command(argv: list[str]) -> Iterator[str]:
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    try:
        if proc.stdout is None:  # cannot happen with stdout=PIPE; keeps the type honest
            return
        for raw in proc.stdout:
            yield _decode(raw.rstrip(b"\n"))
    finally:
        if proc.poll() is None:
            proc.terminate()
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        if proc.stdout is not None:
            proc.stdout.close()
