"""Driver lines other text quotes: a ticket's pasted ``dmesg``, a health agent's scan, a grep.

A person who files a ticket about a GPU often pastes the kernel's own words
(``NVRM: Xid (PCI:0000:2a:00): 79, … GPU has fallen off the bus``) among their own. The generic
text reader (:mod:`telemetry.job_log`) reads what jobs print; this module reads those quoted
driver lines the way the kernel log is read (:func:`telemetry.kernel_log.parse_lines`), marked
``via = "pasted"`` (they need corroboration before an Xid changes anything) and
``pasted_from`` the file, on the file's node, at the line's own stamp, else at the time the file
was read. A line stamped after its file was read cannot have been written then: its stamp is a
local time read as UTC (``dmesg -T`` and syslog print local time with no zone) or a clock that
ran ahead, so it is placed at the file's time, marked ``stamp = "after_file"`` and counted, never
dropped as a future event. A quoted Xid with
its address left out lands on the GPU the text names by PCI address: the one its own paragraph
names, else the one the whole text names. Both the eval's recorded incidents and the watched
reports folder use it, so a ticket means the same in a replay and on a live fleet. Pure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import parse_lines
from gpufleet.telemetry.topology import Topology

# a driver line inside another tool's output (not the kernel log file itself); nv.c's record of
# a GPU it will not drive spans lines ("NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:1b82)" /
# "NVRM: installed in this system is not supported by open"): only its first names the GPU
QUOTED_DRIVER = re.compile(
    r"NVRM:? ?Xid|NVRM: GPU at PCI|fallen off the bus|"
    r"\bXID \d{1,5}\([^)]{0,120}\) detected on PCI:|NVRM: The NVIDIA GPU |"
    r"NVRM: (?:\(PCI ID: [0-9A-Fa-f]{4}:[0-9A-Fa-f]{4}\) )?installed in this"
)


@dataclass
class QuotedLines:
    """The quoted driver lines' events, how many could not be placed (seconds since boot with
    no boot time, or no node), and how many were stamped after their file was read (placed at
    the file's time)."""

    events: list[LogEvent] = field(default_factory=list)
    unplaced: int = 0
    stamped_after_file: int = 0


def quoted_driver_events(
    text: str, *, origin: str, node: str | None, topology: Topology, year: int, at: float
) -> QuotedLines:
    """The driver lines ``text`` quotes, as kernel-log events on ``node`` at ``at``, the time
    the file was read (a line's own wall-clock stamp wins unless it is after ``at``; ``year``
    completes a syslog stamp that has none)."""
    quoted = [line for line in text.splitlines() if QUOTED_DRIVER.search(line)]
    if not quoted:
        return QuotedLines()
    events, _ = parse_lines(quoted, node=node, year=year, at=at, topology=topology)
    placed = [e for e in events if e.attrs.get("clock") != "monotonic" and e.node]
    return QuotedLines(
        [
            replace(
                _no_later_than(_on_named_gpu(e, text, topology), at),
                attrs={**e.attrs, "via": "pasted", "pasted_from": origin}
                | ({"stamp": "after_file"} if e.timestamp > at else {}),
            )
            for e in placed
        ],
        len(events) - len(placed),
        sum(1 for e in placed if e.timestamp > at),
    )


def stamped_after_file_problem(origin: str, found: QuotedLines) -> str:
    """What an operator is told about quoted lines stamped after their file was read."""
    return (
        f"{origin}: {found.stamped_after_file} quoted driver line(s) stamped after the file was "
        "read (a local time read as UTC, or a clock ahead): placed at the file's time"
    )


def _no_later_than(event: LogEvent, at: float) -> LogEvent:
    """``event`` at ``at`` when its own stamp is later: a file cannot quote a line written after
    it was read."""
    return replace(event, timestamp=at) if event.timestamp > at else event


def _paragraph(lines: list[str], needle: str) -> str:
    """The blank-line-delimited paragraph of ``lines`` that holds ``needle`` ("" if none)."""
    at = next((i for i, line in enumerate(lines) if needle in line), None)
    if at is None:
        return ""
    lo, hi = at, at
    while lo > 0 and lines[lo - 1].strip():
        lo -= 1
    while hi + 1 < len(lines) and lines[hi + 1].strip():
        hi += 1
    return "\n".join(lines[lo : hi + 1])


def _on_named_gpu(event: LogEvent, text: str, topology: Topology) -> LogEvent:
    """A quoted Xid whose address the report left out ("19/09/2026: Xid 79, …") on the GPU of
    its node that the report names by PCI address ("GPU0 (PCI 0000:21:00)"): the one its own
    paragraph names, else the one the whole report names; unchanged when that is none or
    several."""
    if event.gpu is not None or event.attrs.get("pci_masked") != "true":
        return event
    paragraph = _paragraph(text.splitlines(), event.message[:60])
    gpus = topology.gpus_named_by_pci(event.node, paragraph, bare=True)
    if len(gpus) != 1:
        gpus = topology.gpus_named_by_pci(event.node, text, bare=True)
    if len(gpus) != 1:
        return event
    g = gpus.pop()
    return replace(event, gpu=topology.gpu_keys[g], pci_bus_id=topology.gpu_pci_bus_id[g])
