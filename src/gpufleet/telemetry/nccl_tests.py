"""nccl-tests output (``all_reduce_perf`` and its siblings) → one result per run.

Pure (:mod:`telemetry.text_evidence` conventions). The layout NVIDIA/nccl-tests prints
(``src/common.cu``; the table is wider than shown, ``…`` marks cut columns)::

    # nThread 1 nGpus 1 minBytes 8 maxBytes 8589934592 step: 2(factor) warmup iters: 5 ...
    #  Rank  0 Group  0 Pid  69375 on    node-01 device  0 [0x18] NVIDIA H100 80GB HBM3
    #                                           out-of-place        …   in-place  …
    #       size    count   type  redop  root   time  algbw  busbw #wrong  time … #wrong
    #        (B) (elements)                     (us) (GB/s) (GB/s)         (us) …
      8589934592 2147483648 float   sum    -1  37523 228.92 400.61     0  37442 … 0
    # Out of bounds values : 0 OK
    # Avg bus bandwidth    : 120.5

Columns are found by the header's names (older releases print ``error`` instead of ``#wrong``
and no ``root``), so a table is read by what it says, not by position. One ``nccl_tests_run``
signature per table, on the line of its best row: ``detail`` ``peak_busbw`` (GB/s, the best
out-of-place or in-place busbw of any size), ``peak_bytes`` (the size it was reached at),
``max_bytes`` (the largest size run), ``hosts`` (the ranks' hosts, comma separated, in rank
order), ``ranks``, ``devices`` (the product names the ranks print), ``wrong`` (rows whose
``#wrong`` is not 0) and ``avg_busbw``. Judging the number against the hardware is
:mod:`telemetry.report_signals`' job.

A data row whose column count does not match the header, and any other line that is not a
comment, is GPU text not understood (counted, kept): the whole file is NCCL output.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from gpufleet.telemetry.text_evidence import (
    SNIPPET,
    Signature,
    TextParse,
    as_text,
    host_node,
    lines_of,
)

__all__ = ["NcclTestsError", "parse_nccl_tests"]

_RANK = re.compile(
    r"^#\s+Rank\s+(?P<rank>\d{1,6})\s.{0,80}?\bon\s+(?P<host>[\w.-]{1,253})\s+device\s+"
    r"(?P<dev>\d{1,4})\s+\[[^\]]{0,40}\]\s*(?P<product>.{0,120})$"
)
_AVG = re.compile(r"^#\s*Avg bus bandwidth\s*:\s*(?P<v>[0-9.eE+-]{1,30})")


class NcclTestsError(ValueError):
    """Invalid arguments."""


@dataclass
class _Run:
    columns: list[str] = field(default_factory=list)
    hosts: dict[int, str] = field(default_factory=dict)
    products: list[str] = field(default_factory=list)
    peak: float = -1.0
    peak_bytes: int = 0
    max_bytes: int = 0
    wrong: int = 0
    rows: int = 0
    first_line: int = 0
    peak_line: int = 0


def parse_nccl_tests(
    data: str | bytes, *, origin: str, node: str = "", nodes: tuple[str, ...] = ()
) -> TextParse:
    """One ``nccl_tests_run`` per results table of the text."""
    if not isinstance(origin, str) or not origin:
        raise NcclTestsError("origin must name the file or command the text came from")
    out = TextParse()
    run = _Run()
    known = frozenset(nodes)
    for n, line in lines_of(as_text(data), out.report):
        out.report.total += 1
        s = line.strip()
        if (m := _RANK.match(s)) is not None:
            run.hosts[int(m["rank"])] = host_node(m["host"], known)
            run.products.append(m["product"].strip())
            out.report.ignored += 1
        elif s.startswith("#") and "busbw" in s and "size" in s:
            run.columns = s.lstrip("#").split()
            run.first_line = run.first_line or n
            out.report.ignored += 1
        elif (m := _AVG.match(s)) is not None:
            out.report.recognised += 1
            _emit(out, run, origin, node, m["v"])
            run = _Run()
        elif not s or s.startswith("#"):
            out.report.ignored += 1
        elif not _row(run, s, n):
            out.report.not_understood(n, s, gpu_text=True)
        else:
            out.report.recognised += 1
    if run.rows:  # a run cut before its summary line still counts
        _emit(out, run, origin, node, "")
    return out


def _row(run: _Run, s: str, n: int) -> bool:
    """Fold one data row into the run; False when it is not one."""
    cells = s.split()
    if not run.columns or len(cells) != len(run.columns) or not cells[0].isdigit():
        return False
    size = int(cells[0])
    for i, name in enumerate(run.columns):
        if name == "busbw":
            bw = _float(cells[i])
            if bw is not None and bw > run.peak:
                run.peak, run.peak_bytes, run.peak_line = bw, size, n
        elif name in ("#wrong", "error") and cells[i] != "N/A" and _float(cells[i]) != 0:
            run.wrong += 1
    run.max_bytes = max(run.max_bytes, size)
    run.rows += 1
    return True


def _float(text: str) -> float | None:
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) else None


def _emit(out: TextParse, run: _Run, origin: str, node: str, avg: str) -> None:
    if not run.rows:
        return
    hosts = [run.hosts[r] for r in sorted(run.hosts)]
    distinct = list(dict.fromkeys(hosts))
    out.add(
        Signature(
            kind="nccl_tests_run",
            source="nccl_tests",
            origin=origin,
            line=run.peak_line or run.first_line,
            node=distinct[0] if len(distinct) == 1 else node if not distinct else "",
            detail={
                "peak_busbw": f"{run.peak:g}",
                "peak_bytes": str(run.peak_bytes),
                "max_bytes": str(run.max_bytes),
                "hosts": ",".join(distinct),
                "ranks": str(len(hosts)),
                "devices": ",".join(dict.fromkeys(run.products))[:SNIPPET],
                "wrong": str(run.wrong),
                "avg_busbw": avg,
            },
            text=f"nccl-tests: peak busbw {run.peak:g} GB/s at {run.peak_bytes} B over "
            f"{len(hosts)} rank(s) on {','.join(distinct) or node or 'unknown hosts'}"[:SNIPPET],
        )
    )
