"""InfiniBand port state and error counters (``perfquery``, ``ibstat``, sysfs dumps) → per-port
evidence.

Pure (:mod:`telemetry.text_evidence` conventions). Layouts read (each optionally prefixed with
``host: `` as pdsh / clush print it, which names the node)::

    # Port counters: Lid 12 port 1 (CapMask: 0x1600)         perfquery [-x]
    SymbolErrorCounter:..............1203
    LinkDownedCounter:...............7
    CA 'mlx5_0'                                               ibstat
        Port 1:
            State: Down
            Physical state: Polling
    /sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:7     grep -H . …/counters/*

Kinds: ``ib_port`` (one per port seen, ``detail``: ``hca``, ``port``, ``lid``, ``state``,
``physical_state``, ``rate`` and every counter read, under perfquery's names), and per port
``ib_link_downed`` (LinkDownedCounter > 0), ``ib_link_error_recovery``,
``ib_symbol_errors``, ``ib_rcv_errors`` (PortRcvErrors or PortRcvRemotePhysicalErrors > 0),
``ib_link_integrity_errors``, ``ib_port_down`` (State not Active, or Physical state not LinkUp).
Counters are cumulative since the last clear: a person compares them with an earlier reading.
Errors: :class:`IbCountersError` only, for invalid arguments.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from gpufleet.telemetry.text_evidence import Signature, TextParse, as_text, host_node, lines_of

__all__ = ["SYSFS_COUNTERS", "IbCountersError", "parse_ib_counters"]


class IbCountersError(ValueError):
    """Invalid arguments to :func:`parse_ib_counters` (the one error this module raises)."""


# sysfs counter file → perfquery name
SYSFS_COUNTERS: dict[str, str] = {
    "symbol_error": "SymbolErrorCounter",
    "link_error_recovery": "LinkErrorRecoveryCounter",
    "link_downed": "LinkDownedCounter",
    "port_rcv_errors": "PortRcvErrors",
    "port_rcv_remote_physical_errors": "PortRcvRemotePhysicalErrors",
    "port_rcv_switch_relay_errors": "PortRcvSwitchRelayErrors",
    "port_xmit_discards": "PortXmitDiscards",
    "port_xmit_constraint_errors": "PortXmitConstraintErrors",
    "port_rcv_constraint_errors": "PortRcvConstraintErrors",
    "local_link_integrity_errors": "LocalLinkIntegrityErrors",
    "excessive_buffer_overrun_errors": "ExcessiveBufferOverrunErrors",
    "VL15_dropped": "VL15Dropped",
    "port_xmit_wait": "PortXmitWait",
}
_CONDITIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("ib_link_downed", ("LinkDownedCounter",)),
    ("ib_link_error_recovery", ("LinkErrorRecoveryCounter",)),
    ("ib_symbol_errors", ("SymbolErrorCounter",)),
    ("ib_rcv_errors", ("PortRcvErrors", "PortRcvRemotePhysicalErrors")),
    ("ib_link_integrity_errors", ("LocalLinkIntegrityErrors", "ExcessiveBufferOverrunErrors")),
)
_HOST = re.compile(r"^(?P<host>[A-Za-z0-9][A-Za-z0-9_.-]{0,252}): (?P<rest>.*)$")
_PERF_HEADER = re.compile(
    r"^# Port (?:extended )?counters: Lid (?P<lid>[0-9]{1,6}) port (?P<port>[0-9]{1,3})"
)
_PERF_VALUE = re.compile(
    r"^(?P<name>[A-Za-z0-9]{2,48}):\.*(?P<value>[0-9]{1,20}|0x[0-9a-fA-F]{1,16})$"
)
_CA = re.compile(r"^CA '(?P<hca>[A-Za-z0-9_]{1,32})'$")
_IBSTAT_PORT = re.compile(r"^Port (?P<port>[0-9]{1,3}):$")
_IBSTAT_FIELD = re.compile(
    r"^(?P<key>State|Physical state|Rate|Base lid|Link layer): ?(?P<value>.{0,40})$"
)
_SYSFS = re.compile(
    r"^/sys/class/infiniband/(?P<hca>[A-Za-z0-9_]{1,32})/ports/(?P<port>[0-9]{1,3})/"
    r"(?:counters|hw_counters)/(?P<name>[A-Za-z0-9_]{1,48}):(?P<value>[0-9]{1,20})$"
)
_SYSFS_STATE = re.compile(
    r"^/sys/class/infiniband/(?P<hca>[A-Za-z0-9_]{1,32})/ports/(?P<port>[0-9]{1,3})/"
    r"(?P<name>state|phys_state|rate):(?P<value>.{0,60})$"
)
_IB_HINT = re.compile(r"infiniband|mlx5|\bport\b|\blid\b|counter", re.I)


class _Ports:
    def __init__(self) -> None:
        self.ports: dict[tuple[str, str, str], dict[str, str]] = {}  # (node, hca, port) → detail
        self.first_line: dict[tuple[str, str, str], int] = {}
        self.current: tuple[str, str, str] | None = None
        self.hca = ""

    def at(self, key: tuple[str, str, str], n: int) -> dict[str, str]:
        self.current = key
        self.first_line.setdefault(key, n)
        return self.ports.setdefault(key, {"hca": key[1], "port": key[2]})


def parse_ib_counters(
    data: str | bytes, *, origin: str, node: str = "", nodes: Iterable[str] = ()
) -> TextParse:
    """Signatures of one IB counters / state dump taken on ``node`` (or naming its nodes in a
    pdsh prefix, matched to ``nodes``)."""
    if not isinstance(origin, str) or not origin:
        raise IbCountersError("origin must name the file or command the text came from")
    known = frozenset(nodes)
    out, ports = TextParse(), _Ports()
    for n, raw in lines_of(as_text(data), out.report):
        out.report.total += 1
        host = node
        text = raw.strip()
        m = _HOST.match(text)
        if m is not None and not text.startswith("/") and not _PERF_VALUE.match(text):
            host, text = host_node(m["host"], known), m["rest"].strip()
        if _read(n, host, text, ports):
            out.report.recognised += 1
        elif not text or text.startswith("#"):
            out.report.ignored += 1
        elif _IB_HINT.search(text) is not None:
            out.report.not_understood(n, text)
        else:
            out.report.unrecognised += 1
    for key, detail in ports.ports.items():
        _emit(key, detail, ports.first_line[key], origin, out)
    return out


def _read(n: int, host: str, text: str, ports: _Ports) -> bool:
    """Fold one line into the port table; False when the line is not one of ours."""
    m = _PERF_HEADER.match(text)
    if m is not None:
        hca = ports.hca or f"lid-{m['lid']}"  # perfquery names the port by LID, not by HCA
        ports.at((host, hca, m["port"]), n)["lid"] = m["lid"]
        return True
    m = _SYSFS.match(text)
    if m is not None:
        name = SYSFS_COUNTERS.get(m["name"], m["name"])
        ports.at((host, m["hca"], m["port"]), n)[name] = m["value"]
        return True
    m = _SYSFS_STATE.match(text)
    if m is not None:
        key = {"state": "state", "phys_state": "physical_state", "rate": "rate"}[m["name"]]
        value = m["value"].split(":", 1)[-1].strip()  # "4: ACTIVE" → "ACTIVE"
        ports.at((host, m["hca"], m["port"]), n)[key] = value
        return True
    m = _CA.match(text)
    if m is not None:
        ports.hca, ports.current = m["hca"], None
        return True
    m = _IBSTAT_PORT.match(text)
    if m is not None:
        ports.at((host, ports.hca, m["port"]), n)
        return True
    if ports.current is None:
        return False
    m = _IBSTAT_FIELD.match(text)
    if m is not None:
        key = m["key"].lower().replace(" ", "_")
        ports.ports[ports.current][key] = m["value"].strip()
        return True
    m = _PERF_VALUE.match(text)
    if m is not None:
        ports.ports[ports.current][m["name"]] = m["value"]
        return True
    return False


def _int(v: str) -> int:
    try:
        return int(v, 16) if v.startswith("0x") else int(v)
    except ValueError:
        return 0


def _emit(
    key: tuple[str, str, str], detail: dict[str, str], line: int, origin: str, out: TextParse
) -> None:
    node, hca, port = key
    kinds = ["ib_port"]
    kinds += [k for k, names in _CONDITIONS if any(_int(detail.get(x, "0")) > 0 for x in names)]
    state = detail.get("state", "").lower()
    phys = detail.get("physical_state", "").lower()
    if (state and "active" not in state) or (phys and "linkup" not in phys.replace(" ", "")):
        kinds.append("ib_port_down")
    label = f"{hca} port {port}"
    for kind in kinds:
        out.add(
            Signature(
                kind=kind,
                source="ib_counters",
                origin=origin,
                line=line,
                node=node,
                detail=dict(detail),
                text=f"{node or '?'} {label}: {kind}",
            )
        )
