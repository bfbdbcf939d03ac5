"""Kernel / journal / syslog text → :class:`~telemetry.frame.LogEvent`, never fatal on bad input.

The parser is pure: it takes lines (``str`` or ``bytes``) and configuration, and returns events plus
a :class:`ParseReport` that accounts for every line (recognised, ignored, unrecognised, malformed).
It never reads the wall clock: wall-clock timestamps come from the line itself, from ``boot_time``
(for monotonic dmesg / ``/dev/kmsg`` lines) and, for RFC 3164 lines that carry no year, from the
``year`` or ``now`` arguments. Only :func:`follow` at the bottom does I/O.

Line formats (each optionally preceded by ``<host>: `` as written by pdsh / clush when the same
command runs on many nodes; the hostname inside journal / syslog lines wins over that prefix)::

    dmesg        [ 1234.567890] NVRM: Xid (PCI:0000:18:00): 79, ...        (needs boot_time)
    kmsg         4,1042,1234567890,-;NVRM: Xid ...                          (/dev/kmsg, µs)
    dmesg-T      [Mon Mar  2 02:45:00 2026] NVRM: Xid ...                   (local time: ``tz``)
    dmesg-iso    2026-03-02T02:45:00,123456+00:00 NVRM: Xid ...             (comma before µs)
    journal-iso  2026-03-02T02:45:00+0000 node-17 kernel: NVRM: Xid ...     (short-iso)
                 2026-03-02T02:45:00.123456+00:00 node-17 kernel: ...       (short-iso-precise)
    syslog       Mar  2 02:45:00 node-17 kernel: [ 1234.567890] NVRM: ...   (RFC 3164, journal
                                                                            "short"; no year)
    rfc5424      <4>1 2026-03-02T02:45:00.123Z node-17 kernel - - - NVRM: ...

Message kinds (``LogEvent.kind``): ``xid``, ``sxid``, ``fallen_off_bus``, ``rm_init_failed``,
``nic_link_down``, ``nic_link_up``. See :func:`_classify` for the exact message shapes.

Monotonic lines (``dmesg`` without ``-T``, ``/dev/kmsg``) parsed without ``boot_time`` get
``timestamp`` = seconds since boot and ``attrs["clock"] = "monotonic"``: the caller must not mix
them with wall-clock events. A caller reading recorded plain ``dmesg`` output (the recorded-incident
loader, when an incident's logs use that style) must pass the node's ``boot_time``.
"""

from __future__ import annotations

import os
import re
import subprocess
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Literal

from telemetry.frame import LogEvent
from telemetry.topology import Topology, normalize_pci_bus_id

__all__ = [
    "FORMAT_STYLES",
    "MAX_MALFORMED",
    "KernelLogParser",
    "ParseReport",
    "Style",
    "YearRequiredError",
    "follow",
    "format_line",
    "journalctl_follow_argv",
    "normalize_pci_bus_id",
    "parse_lines",
    "parse_text",
]

MAX_MALFORMED = 50  # malformed lines kept verbatim in the report; all of them are counted
_SNIPPET = 200  # characters of a malformed line kept for the report

Style = Literal["dmesg", "dmesg-T", "journal-iso", "syslog"]
FORMAT_STYLES: tuple[Style, ...] = ("dmesg", "dmesg-T", "journal-iso", "syslog")

_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_MONTH_NO = {m: i + 1 for i, m in enumerate(_MONTHS)}
# English names on purpose: strftime("%a") follows the process locale, dmesg/syslog lines do not.
_WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
# A RFC 3164 line more than this far after ``now`` belongs to the previous year (Dec logs read
# in January); one day of slack absorbs clock skew between the node and the reader.
_FUTURE_SLACK_S = 86400.0


class YearRequiredError(ValueError):
    """An RFC 3164 line (no year in it) produced an event but neither ``year`` nor ``now`` was
    given. This is a caller configuration error, so unlike bad lines it is raised."""


@dataclass(slots=True)
class ParseReport:
    """Accounting for every line fed to the parser.

    ``total == recognised + ignored + unrecognised + malformed_count`` always holds:

    * ``recognised`` — lines that became a :class:`LogEvent` (``by_kind`` splits them);
    * ``ignored`` — lines understood but carrying no event of their own: blank lines, journalctl
      ``-- Boot … --`` markers, SXid detail continuations, the ``rm_init_adapter failed, device
      minor number`` echo of an ``RmInitAdapter failed!`` line;
    * ``unrecognised`` — ordinary log lines (``usb 1-1: new high-speed USB device``): not errors;
    * ``malformed_count`` — lines that look like a signal we parse (an ``NVRM: Xid`` line, an
      SXid, a recognised message) but could not be turned into an event: a non-integer code, a
      bad PCI id, an invalid or missing timestamp. ``malformed`` keeps the first
      :data:`MAX_MALFORMED` as ``(line number, reason, line[:200])``; line numbers are 1-based.

    ``missing_node`` counts events returned with ``node == ""`` (no hostname in the line and no
    ``node`` argument); ``monotonic`` counts events whose timestamp is seconds since boot because
    no ``boot_time`` was given. ``by_format`` counts lines per timestamp format, recognised or not.
    """

    total: int = 0
    recognised: int = 0
    ignored: int = 0
    unrecognised: int = 0
    malformed_count: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    by_format: dict[str, int] = field(default_factory=dict)
    malformed: list[tuple[int, str, str]] = field(default_factory=list)
    missing_node: int = 0
    monotonic: int = 0

    @property
    def consistent(self) -> bool:
        return self.total == (
            self.recognised + self.ignored + self.unrecognised + self.malformed_count
        )

    def summary(self) -> str:
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(self.by_kind.items())) or "none"
        text = (
            f"{self.total} lines: {self.recognised} events ({kinds}), {self.ignored} ignored, "
            f"{self.unrecognised} unrecognised, {self.malformed_count} malformed"
        )
        if self.missing_node:
            text += f"; {self.missing_node} events without a node name"
        if self.monotonic:
            text += f"; {self.monotonic} events on the monotonic clock (no boot_time)"
        return text

    def _malformed(self, line_no: int, reason: str, line: str, cap: int) -> None:
        self.malformed_count += 1
        if len(self.malformed) < cap:
            self.malformed.append((line_no, reason, line[:_SNIPPET]))


# --------------------------------------------------------------------------------------------
# PCI ids


# --------------------------------------------------------------------------------------------
# Line prefixes (timestamp, host) → message


@dataclass(frozen=True, slots=True)
class _Prefix:
    fmt: str
    host: str | None
    msg: str
    mono: float | None = None  # seconds since boot (dmesg, kmsg)
    # (year or None for RFC 3164, month, day, hour, minute, second, microsecond)
    wall: tuple[int | None, int, int, int, int, int, int] | None = None
    offset: str | None = None  # "Z", "+0000", "+00:00", … when the line states its zone


_ISO = (
    r"(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})T(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})"
    r"(?:(?P<sep>[.,])(?P<frac>\d{1,9}))?(?P<tz>Z|[+-]\d{2}:?\d{2})?"
)
_ISO_RE = re.compile(_ISO + "$")
# /dev/kmsg records as read by gpud / NVSentinel style agents: "PRI,SEQ,USEC,FLAGS[,…];MSG".
_KMSG_RE = re.compile(r"^(?P<pri>\d{1,3}),(?P<seq>\d+),(?P<us>\d+),[^;]*;(?P<msg>.*)$")
# dmesg (and dmesg -r, which keeps the "<level>" in front).
_DMESG_RE = re.compile(r"^(?:<\d{1,3}>)?\[\s*(?P<mono>\d+\.\d+)\]\s?(?P<msg>.*)$")
_DMESG_T_RE = re.compile(
    r"^\[[A-Z][a-z]{2} (?P<mon>[A-Z][a-z]{2}) {1,2}(?P<d>\d{1,2}) "
    r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) (?P<y>\d{4})\]\s?(?P<msg>.*)$"
)
_ISO_LINE_RE = re.compile(r"^" + _ISO + r"\s+(?P<rest>.*)$")
# journalctl "short" pads the day with 0 ("Mar 02"), rsyslog with a space ("Mar  2");
# "short-precise" adds ".123456"; syslog over the wire may keep the "<PRI>".
_RFC3164_RE = re.compile(
    r"^(?:<\d{1,3}>)?(?P<mon>" + "|".join(_MONTHS) + r") +(?P<d>\d{1,2}) "
    r"(?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2})(?:\.(?P<frac>\d{1,9}))?\s+(?P<rest>.*)$"
)
_RFC5424_RE = re.compile(
    r"^<(?P<pri>\d{1,3})>(?P<ver>[1-9]\d{0,2}) (?P<ts>\S+) (?P<host>\S+) (?P<app>\S+) "
    r"(?P<procid>\S+) (?P<msgid>\S+) (?P<sd>-|(?:\[(?:[^\]\\]|\\.)*\])+)(?: (?P<msg>.*))?$"
)
# "[host] ident[pid]: message" after a journal / syslog timestamp.
# Possessive "++": the classes exclude what must follow them, so giving nothing back changes no
# match but keeps a 5000-character junk line from costing a backtracking scan per character.
_HEADER_RE = re.compile(
    r"^(?:(?P<host>[^\s:\[\]]++)\s+)?(?P<ident>[^\s:\[\]]++)(?:\[\d+\])?:(?:\s+|$)(?P<msg>.*)$"
)
# pdsh / clush output: "node-17: <line>".
_PDSH_RE = re.compile(r"^(?P<host>[A-Za-z0-9][A-Za-z0-9._-]*+):\s(?P<rest>.*)$")
# rsyslog's imklog keeps the kernel's own "[ 1234.567890] " after "kernel:"; it is not message.
_EMBEDDED_MONO_RE = re.compile(r"^\[\s*\d+\.\d+\]\s?")
# Text right after a timestamp that is already a kernel message (trimmed journal excerpts such as
# "Jul 26 08:17:15 NVRM: Xid …"); without this "NVRM" would be read as the syslog ident.
_BARE_MSG_RE = re.compile(r"^(?:NVRM:|Xid \(|nvidia-nvswitch\d*:|mlx5_core |\[\s*\d+\.\d+\])")


def _frac_us(frac: str | None) -> int:
    # Up to 9 digits appear (nanosecond RFC 5424 stamps); keep microseconds, truncating.
    return int(frac[:6].ljust(6, "0")) if frac else 0


def _header(rest: str) -> tuple[str | None, str]:
    if _BARE_MSG_RE.match(rest):
        return None, _EMBEDDED_MONO_RE.sub("", rest, count=1)
    h = _HEADER_RE.match(rest)
    if h is None:
        return None, rest
    return h["host"], _EMBEDDED_MONO_RE.sub("", h["msg"], count=1)


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


def _prefix_direct(line: str) -> _Prefix | None:
    if (m := _KMSG_RE.match(line)) is not None:
        return _Prefix("kmsg", None, m["msg"], mono=int(m["us"]) / 1_000_000)
    if line.startswith("<") and (m := _RFC5424_RE.match(line)) is not None:
        ts = _ISO_RE.match(m["ts"])
        host = None if m["host"] == "-" else m["host"]
        msg = (m["msg"] or "").removeprefix("\ufeff")  # RFC 5424 allows a BOM before MSG
        msg = _EMBEDDED_MONO_RE.sub("", msg, count=1)
        if ts is None:  # NILVALUE "-" or garbage: keep the message, the caller decides
            return _Prefix("rfc5424", host, msg)
        return _Prefix("rfc5424", host, msg, wall=_iso_wall(ts), offset=ts["tz"])
    if line.startswith("["):
        if (m := _DMESG_RE.match(line)) is not None:
            return _Prefix("dmesg", None, m["msg"], mono=float(m["mono"]))
        if (m := _DMESG_T_RE.match(line)) is not None:
            mon = _MONTH_NO.get(m["mon"], 0)
            t_wall = (int(m["y"]), mon, int(m["d"]), int(m["h"]), int(m["mi"]), int(m["s"]), 0)
            return _Prefix("dmesg-T", None, m["msg"], wall=t_wall)
        return None
    if (m := _ISO_LINE_RE.match(line)) is not None:
        if m["sep"] == ",":
            # dmesg --time-format iso always writes ",<µs>"; journalctl writes "." — and a
            # dmesg line has no "host ident:" header to strip.
            return _Prefix("dmesg-iso", None, m["rest"], wall=_iso_wall(m), offset=m["tz"])
        host, msg = _header(m["rest"])
        return _Prefix("journal-iso", host, msg, wall=_iso_wall(m), offset=m["tz"])
    if (m := _RFC3164_RE.match(line)) is not None:
        host, msg = _header(m["rest"])
        wall = (
            None,
            _MONTH_NO[m["mon"]],
            int(m["d"]),
            int(m["h"]),
            int(m["mi"]),
            int(m["s"]),
            _frac_us(m["frac"]),
        )
        return _Prefix("syslog", host, msg, wall=wall)
    return None


def _prefix(line: str) -> _Prefix | None:
    p = _prefix_direct(line)
    if p is not None:
        return p
    m = _PDSH_RE.match(line)
    if m is None:
        return None
    # Only a known timestamp after "host: " makes it a pdsh prefix: "nvidia-nvswitch3: SXid …"
    # has the same shape and must stay a (timestamp-less) message.
    p = _prefix_direct(m["rest"])
    if p is None:
        return None
    return _Prefix(p.fmt, p.host or m["host"], p.msg, p.mono, p.wall, p.offset)


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
class _Bad:
    reason: str


# NVRM's Xid line: "NVRM: Xid (PCI:0000:18:00): 79, pid=1234, name=python, <text>". Old drivers
# omit "PCI:"; trimmed excerpts (the catalog's own format string) omit "NVRM: ".
_XID_START_RE = re.compile(r"^(?:NVRM: )?Xid\b")
_XID_RE = re.compile(r"^(?:NVRM: )?Xid \((?P<pci>[^)]*)\):?\s*(?P<code>[^,\s]*)[,\s]*(?P<rest>.*)$")
_PID_RE = re.compile(r"(?:^|,\s*)pid=(?P<pid>'[^']*'|[^,\s]*)")
_NAME_RE = re.compile(r"(?:^|,\s*)name=(?P<name>[^,]*)")
# Xid 154: "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)".
_RECOVERY_RE = re.compile(
    r"recovery action changed from (?P<fc>0x[0-9A-Fa-f]+)\s*\((?P<f>[^)]*)\)\s*"
    r"to (?P<tc>0x[0-9A-Fa-f]+)\s*\((?P<t>[^)]*)\)"
)
# NVLink5 Xids 144-150 (catalog: "<xid> <subcomponent> <Fatal/Nonfatal> XC<n> i<n> Link <n>
# (<intrInfo> <errorStatus> <dbg0..4>)"); pre-R575 drivers write "XC 1 i 2" and "[…]".
_NVLINK5_RE = re.compile(
    r"(?P<sub>[A-Z][A-Z0-9_]*(?:/[A-Z0-9_]+)?)\s+(?P<sev>Fatal|Non-?fatal)\s+"
    r"XC\s?(?P<xc>\d+)\s+i\s?(?P<inst>\d+)\s+Link\s+(?P<link>-?\d+)"
    r"(?:\s*[(\[]\s*(?P<regs>[^)\]]*)[)\]])?"
)
# NVSwitch: "nvidia-nvswitch3: SXid (PCI:0000:05:00.0): 12028, Non-fatal, Link 46 <text>". The
# driver prints further "SXid … <code>, Severity 1 Engine instance 00 Sub-engine instance 00"
# and "… Data {…}" lines for the same error: detail, not new errors.
_SXID_RE = re.compile(
    r"^(?P<sw>nvidia-nvswitch\d*): SXid \((?P<pci>[^)]*)\):?\s*(?P<code>[^,\s]*)[,\s]*(?P<rest>.*)$"
)
_SXID_START_RE = re.compile(r"^nvidia-nvswitch\d*: SXid\b")
_SXID_SEV_RE = re.compile(r"^(?P<sev>Fatal|Non-?fatal)\b,?\s*(?:Link\s+(?P<link>\d+))?", re.I)
_SXID_DETAIL_RE = re.compile(r"^(?:Severity \d+ Engine instance|Data \{)")
_GPU_AT = r"^NVRM: GPU (?:at )?(?:PCI:)?(?P<pci>[0-9A-Fa-f:.]+?):? "
# "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus." (also "GPU at PCI:0000:18:00: …").
_FALLEN_RE = re.compile(_GPU_AT + r"(?:GPU )?has fallen off the bus")
# "NVRM: GPU 0000:18:00.0: RmInitAdapter failed! (0x26:0x56:1474)" and the PCI-less form.
_RMINIT_RE = re.compile(
    r"^NVRM: (?:GPU (?:at )?(?:PCI:)?(?P<pci>[0-9A-Fa-f:.]+?):?\s+)?RmInitAdapter failed!"
    r"(?:\s*\((?P<code>[^)]*)\))?"
)
# Printed right after every "RmInitAdapter failed!": an echo, counting it would double the alarm.
_RMINIT_ECHO_RE = re.compile(r"^NVRM: GPU \S+ rm_init_adapter failed, device minor number")
# Mellanox link changes. Two shapes:
#  * "mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to Down|Active" — the project's
#    simulator / recorded-incident form (telemetry/faults.py), an IB port state per device+port;
#  * "mlx5_core 0000:c1:00.0 ens1f0np0: Link down|up" — the kernel's mlx5e netdev carrier message
#    (drivers/net/ethernet/mellanox/mlx5/core/en_main.c, mlx5e_update_carrier).
# "mlx5_core 0000:c1:00.0: mlx5_port_module_event:…" (colon right after the PCI id) is a cable
# module event, not a link state: it stays unrecognised.
_MLX_PORT_RE = re.compile(
    r"^mlx5_core (?P<pci>[0-9A-Fa-f:.]+) (?P<dev>[\w.-]+): Port (?P<port>\d+) "
    r"link state changed to (?P<state>\w+)"
)
_MLX_NETDEV_RE = re.compile(
    r"^mlx5_core (?P<pci>[0-9A-Fa-f:.]+) (?P<dev>[\w.-]+): Link (?P<state>up|down)\b"
)
# IB port states that are a clean up/down; INIT / ARMED / POLLING are transitions, left alone.
_LINK_STATE = {"down": "nic_link_down", "active": "nic_link_up", "up": "nic_link_up"}


def _int_code(text: str) -> int | None:
    return int(text, 10) if text.isascii() and text.isdigit() else None


def _xid(msg: str) -> _Found | _Bad:
    m = _XID_RE.match(msg)
    if m is None:
        return _Bad("Xid line without '(PCI id): code'")
    pci = normalize_pci_bus_id(m["pci"])
    if pci is None:
        return _Bad(f"Xid line with an unreadable PCI id {m['pci'][:40]!r}")
    code = _int_code(m["code"])
    if code is None:
        return _Bad(f"Xid code {m['code'][:40]!r} is not an integer")
    rest = m["rest"]
    attrs: dict[str, str] = {}
    if (pm := _PID_RE.search(rest)) is not None:
        pid = pm["pid"].strip("'")
        if pid.isdigit():  # "pid='<unknown>'" says nothing
            attrs["pid"] = pid
    if (nm := _NAME_RE.search(rest)) is not None:
        name = nm["name"].strip()
        if name and name != "<unknown>":
            attrs["name"] = name
    if code == 154 and (rm := _RECOVERY_RE.search(rest)) is not None:
        attrs["recovery_action"] = rm["t"].strip()
        attrs["recovery_action_code"] = rm["tc"].lower()
        attrs["previous_recovery_action"] = rm["f"].strip()
    elif 144 <= code <= 150 and (lm := _NVLINK5_RE.search(rest)) is not None:
        attrs["subcomponent"] = lm["sub"]
        attrs["severity"] = "Fatal" if lm["sev"] == "Fatal" else "Nonfatal"
        attrs["xc"] = str(int(lm["xc"]))
        attrs["instance"] = str(int(lm["inst"]))
        attrs["link"] = str(int(lm["link"]))
        regs = (lm["regs"] or "").split()
        if regs:
            attrs["intr_info"] = regs[0].lower()
        if len(regs) > 1:
            attrs["error_status"] = regs[1].lower()
    return _Found("xid", code, pci, attrs)


def _sxid(msg: str) -> _Found | _Skip | _Bad:
    m = _SXID_RE.match(msg)
    if m is None:
        return _Bad("SXid line without '(PCI id): code'")
    pci = normalize_pci_bus_id(m["pci"])
    if pci is None:
        return _Bad(f"SXid line with an unreadable PCI id {m['pci'][:40]!r}")
    code = _int_code(m["code"])
    if code is None:
        return _Bad(f"SXid code {m['code'][:40]!r} is not an integer")
    rest = m["rest"]
    if _SXID_DETAIL_RE.match(rest):
        return _Skip("SXid detail line")
    attrs = {"switch": m["sw"]}
    sev = _SXID_SEV_RE.match(rest)
    # No severity (e.g. "SOE HALT data[0] = …") still reports an error code: kept as an event
    # rather than dropped, the detector dedups repeats per (entity, code).
    if sev is not None:
        attrs["severity"] = "Fatal" if sev["sev"].lower() == "fatal" else "Non-fatal"
        if sev["link"] is not None:
            attrs["link"] = str(int(sev["link"]))
    return _Found("sxid", code, pci, attrs)


def _classify(msg: str) -> _Found | _Skip | _Bad | None:
    """Recognise one kernel message (the text after any timestamp / ``host kernel:`` header)."""
    if msg.startswith("NVRM: ") or msg.startswith("Xid"):
        if _XID_START_RE.match(msg):
            return _xid(msg)
        if (m := _FALLEN_RE.match(msg)) is not None:
            pci = normalize_pci_bus_id(m["pci"])
            if pci is None:
                return _Bad(f"fallen-off-the-bus line with an unreadable PCI id {m['pci']!r}")
            return _Found("fallen_off_bus", None, pci)
        if (m := _RMINIT_RE.match(msg)) is not None:
            pci = None
            if m["pci"] is not None:
                pci = normalize_pci_bus_id(m["pci"])
                if pci is None:
                    return _Bad(f"RmInitAdapter line with an unreadable PCI id {m['pci']!r}")
            attrs = {"code": m["code"].strip()} if m["code"] else {}
            return _Found("rm_init_failed", None, pci, attrs)
        if _RMINIT_ECHO_RE.match(msg):
            return _Skip("rm_init_adapter echo")
        return None
    if msg.startswith("nvidia-nvswitch"):
        return _sxid(msg) if _SXID_START_RE.match(msg) else None
    if msg.startswith("mlx5_core "):
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
    return None


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
            after ``now``. With neither ``year`` nor ``now``, the first RFC 3164 line that
            produces an event raises :class:`YearRequiredError`.
        tz: zone of timestamps that do not state one (``dmesg -T``, RFC 3164, offset-less ISO).
            Ambiguous local times at a DST change resolve to the first occurrence (fold=0).
        topology: when given, PCI ids of Xid / fallen-off-bus / RmInitAdapter lines on known
            nodes are mapped to GPU keys (``LogEvent.gpu``).
        max_malformed: how many malformed lines the report keeps verbatim.
    """

    def __init__(
        self,
        *,
        node: str | None = None,
        boot_time: float | None = None,
        year: int | None = None,
        now: float | None = None,
        tz: tzinfo = UTC,
        topology: Topology | None = None,
        max_malformed: int = MAX_MALFORMED,
    ) -> None:
        self.node = node
        self.boot_time = boot_time
        self.now = now
        self.tz = tz
        self.topology = topology
        self.max_malformed = max_malformed
        self.report = ParseReport()
        self._year = year
        self._last_month: int | None = None

    def feed(self, line: str | bytes) -> LogEvent | None:
        """Parse one line (trailing newline allowed). Returns the event, or None for lines that
        carry none; either way the line is accounted for in :attr:`report`. Never raises for bad
        input; raises :class:`YearRequiredError` for the configuration error described above."""
        rep = self.report
        rep.total += 1
        line_no = rep.total
        text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        text = text.rstrip("\r\n")
        if not text.strip() or text.startswith("-- "):  # blank, or journalctl "-- Boot … --"
            rep.ignored += 1
            return None
        p = _prefix(text)
        if p is not None:
            rep.by_format[p.fmt] = rep.by_format.get(p.fmt, 0) + 1
            if p.fmt == "syslog" and p.wall is not None:
                self._track_year(p.wall[1])
        # Without a known timestamp the text may still be "kernel: NVRM: …" (journalctl -o cat
        # keeps no stamp; excerpts drop it): strip a "[host] ident:" header so that a recognised
        # message is reported as malformed (no timestamp) rather than lost among the unrecognised.
        msg = (p.msg if p is not None else _header(text)[1]).rstrip()
        found = _classify(msg)
        if found is None:
            rep.unrecognised += 1
            return None
        if isinstance(found, _Skip):
            rep.ignored += 1
            return None
        if isinstance(found, _Bad):
            rep._malformed(line_no, found.reason, text, self.max_malformed)
            return None
        if p is None:
            rep._malformed(
                line_no, f"{found.kind} message without a timestamp", text, self.max_malformed
            )
            return None
        stamp = self._timestamp(p)
        if isinstance(stamp, str):
            rep._malformed(line_no, stamp, text, self.max_malformed)
            return None
        ts, monotonic = stamp
        attrs = dict(found.attrs)
        if monotonic:
            attrs["clock"] = "monotonic"
            rep.monotonic += 1
        node = p.host or self.node or ""
        if not node:
            rep.missing_node += 1
        gpu = None
        if found.kind != "sxid" and found.pci and node and self.topology is not None:
            # An SXid's PCI id is the NVSwitch's, never a GPU's.
            g = self.topology.gpu_by_pci(node, found.pci)
            if g is not None:
                gpu = self.topology.gpu_keys[g]
        rep.recognised += 1
        rep.by_kind[found.kind] = rep.by_kind.get(found.kind, 0) + 1
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

    def _timestamp(self, p: _Prefix) -> tuple[float, bool] | str:
        """(epoch or monotonic seconds, is_monotonic), or the reason the stamp is unusable."""
        if p.mono is not None:
            if self.boot_time is None:
                return p.mono, True
            return self.boot_time + p.mono, False
        if p.wall is None:
            return "no usable timestamp"
        y, mo, d, h, mi, s, us = p.wall
        try:
            zone = _zone(p.offset, self.tz)
            if y is not None:
                return _epoch((y, mo, d, h, mi, s, us), zone), False
            if self._year is not None:
                return _epoch((self._year, mo, d, h, mi, s, us), zone), False
            if self.now is None:
                raise YearRequiredError(
                    "an RFC 3164 syslog line (e.g. 'Mar  2 02:45:00 node-17 kernel: …') has no "
                    "year: pass year=<int> or now=<epoch seconds> to parse_lines / "
                    "KernelLogParser"
                )
            ref_year = datetime.fromtimestamp(self.now, self.tz).year
            try:
                ts = _epoch((ref_year, mo, d, h, mi, s, us), zone)
            except ValueError:  # Feb 29 outside a leap year: only the year before can hold it
                ts = self.now + 2 * _FUTURE_SLACK_S
            if ts > self.now + _FUTURE_SLACK_S:
                ts = _epoch((ref_year - 1, mo, d, h, mi, s, us), zone)
            return ts, False
        except YearRequiredError:
            raise
        except (ValueError, OverflowError) as exc:
            return f"invalid timestamp ({exc})"


def parse_lines(
    lines: Iterable[str | bytes],
    *,
    node: str | None = None,
    boot_time: float | None = None,
    year: int | None = None,
    now: float | None = None,
    tz: tzinfo = UTC,
    topology: Topology | None = None,
) -> tuple[list[LogEvent], ParseReport]:
    """Parse kernel / journal / syslog lines into events, in input order, plus a report.

    See :class:`KernelLogParser` for the arguments. Bad lines are counted in the report, never
    raised; only a missing year for RFC 3164 lines raises :class:`YearRequiredError`."""
    parser = KernelLogParser(
        node=node, boot_time=boot_time, year=year, now=now, tz=tz, topology=topology
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
    tz: tzinfo = UTC,
    topology: Topology | None = None,
) -> tuple[list[LogEvent], ParseReport]:
    """:func:`parse_lines` on a whole file's content, split on ``\\n`` only (``str.splitlines``
    would also split on form feeds and other separators that junk lines may contain)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    parts = text.split("\n")
    if parts and parts[-1] == "":
        parts.pop()
    return parse_lines(
        parts, node=node, boot_time=boot_time, year=year, now=now, tz=tz, topology=topology
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


def journalctl_follow_argv(*, since: str | None = None, lines: int = 0) -> list[str]:
    """argv for following the kernel ring buffer through journald in a format this parser reads.

    ``short-iso-precise`` carries date, zone, µs and hostname, so no year / boot-time guessing is
    needed (systemd ≥ 234). ``lines`` is how much history to print first; ``since`` is passed to
    ``--since`` as is (e.g. ``"2026-03-02 02:00:00"``)."""
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
