"""Node Health Check (LBNL NHC and tools that copy its format) output → typed failures.

Pure (:mod:`telemetry.text_evidence` conventions). NHC's ``die()`` writes one line per failed
check, to its log and (through ``logger``) to syslog::

    ERROR:  nhc:  Health check failed:  check_nv_healthmon:  nvidia-healthmon returned 1
    Nov 27 03:14:07 node-03 nhc[4121]: Health check failed:  check_hw_gpu:  2 GPUs found, 8 expected

The check's own name (``check_*``) leads the message. One ``nhc_check_failed`` signature per
such line: ``detail`` ``check`` (the check function, ``""`` when the message names none),
``message`` and ``gpu_check`` (``"true"`` when the check or its message is about the GPU stack:
an NVIDIA / GPU check, or text :data:`~telemetry.text_evidence.GPU_HINT` matches). NHC's own
progress lines (``Node Health Check starting``, ``Running check:``, ``completed successfully``)
are ignored; any other line that mentions the GPU stack is GPU text not understood (counted,
kept). A syslog prefix names the node (``node`` argument otherwise).
"""

from __future__ import annotations

import re

from gpufleet.telemetry.text_evidence import (
    GPU_HINT,
    SNIPPET,
    Signature,
    TextParse,
    as_text,
    host_node,
    lines_of,
)

__all__ = ["NhcError", "parse_nhc"]

# syslog "Mon DD HH:MM:SS host nhc[pid]:" or RFC 3339 "2026-11-27T03:14:07+00:00 host nhc[pid]:"
_SYSLOG = re.compile(
    r"^(?:[A-Z][a-z]{2} [ 0-9]\d \d\d:\d\d:\d\d|\d{4}-\d\d-\d\dT\S{8,40}) (?P<host>[\w.-]{1,253}) "
)
_FAILED = re.compile(r"Health check failed:\s+(?P<message>.{0,2000})", re.I)
_CHECK = re.compile(r"^(?P<check>check_[A-Za-z0-9_]{1,80}):\s*(?P<rest>.*)$")
_PROGRESS = re.compile(
    r"Node Health Check (?:starting|completed)|Running check:|Health check passed|"
    r"NHC (?:watchdog|timeout)|^\s*$",
    re.I,
)
_GPU_CHECK = re.compile(r"nv|gpu|cuda|dcgm", re.I)


class NhcError(ValueError):
    """Invalid arguments."""


def parse_nhc(
    data: str | bytes, *, origin: str, node: str = "", nodes: tuple[str, ...] = ()
) -> TextParse:
    """Failed checks of one NHC log or syslog extract, in line order."""
    if not isinstance(origin, str) or not origin:
        raise NhcError("origin must name the file or command the text came from")
    out = TextParse()
    known = frozenset(nodes)
    for n, line in lines_of(as_text(data), out.report):
        out.report.total += 1
        failed = _FAILED.search(line)
        if failed is None:
            if _PROGRESS.search(line) is not None or GPU_HINT.search(line) is None:
                out.report.ignored += 1
            else:
                out.report.not_understood(n, line)
            continue
        out.report.recognised += 1
        out.add(_signature(n, line, failed["message"].strip(), origin, _node(line, node, known)))
    return out


def _node(line: str, node: str, known: frozenset[str]) -> str:
    m = _SYSLOG.match(line)
    return host_node(m["host"], known) if m is not None else node


def _signature(n: int, line: str, message: str, origin: str, node: str) -> Signature:
    m = _CHECK.match(message)
    check = m["check"] if m is not None else ""
    gpu = _GPU_CHECK.search(check) is not None or GPU_HINT.search(message) is not None
    return Signature(
        kind="nhc_check_failed",
        source="nhc",
        origin=origin,
        line=n,
        node=node,
        detail={
            "check": check,
            "message": (m["rest"] if m is not None else message)[:SNIPPET],
            "gpu_check": "true" if gpu else "false",
        },
        text=line.strip()[:SNIPPET],
    )
