"""A watched folder of fault reports (``watch --reports DIR``, serve's ``reports:``).

Operators and their tools drop ``dcgmi diag`` results, NHC logs, nccl-tests output,
``nvidia-smi -q`` dumps and ``kubectl get pods -o json`` lists into one folder (or
``DIR/<node>/``: the subfolder names the node). Each file's kind follows from its name
(:func:`telemetry.report_files.kind_of`); each new or grown file is read once, by offset, and
its fault reports become events (:mod:`telemetry.report_signals`) that open or join incidents.
A file no tool's name or header claims (a ticket, a pasted log) is read as job output is: the
faults it names are job signals (:mod:`telemetry.job_signals`), and a text whose GPU lines no
rule reads but that says something failed is one unread report (:mod:`telemetry.unread_text`):
diagnosed by its words, never drained on them.

Read once, across restarts: the offsets are kept in a state file (``.gpufleet-reports.json``
in the folder unless another path is given), written after every scan that read something, so
a restarted watch reads only what was added since. A file that shrank was replaced: it is read
again from its start. Lines are read up to the last complete line; a last line without its
newline, and a JSON document, are read once the file stopped growing between two scans (a file
being written is not half-read).

Nothing is dropped silently: an unreadable file, GPU text a parser
did not understand, a report about no node of the topology and an nccl-tests run that cannot
be judged are each a problem line (``file:line: why``) given to ``say`` and counted.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import job_signal_events, names_the_fault, unopened_lines
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.quoted_kernel import quoted_driver_events, stamped_after_file_problem
from gpufleet.telemetry.report_files import (
    REPORT_ERRORS,
    REPORT_PARSERS,
    SNIFF_BYTES,
    WHOLE_DOCUMENT,
    kind_of,
    kind_of_text,
)
from gpufleet.telemetry.report_signals import report_signal_events
from gpufleet.telemetry.text_evidence import TextParse, as_text
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.unread_text import unread_event

STATE_NAME = ".gpufleet-reports.json"
PLAIN_TEXT = "text"  # a file neither its name nor its text says a tool wrote
MAX_READ = 16 * 1024 * 1024  # bytes read from one file in one scan; the rest next scan
MAX_FILES = 10_000


@dataclass
class _File:
    offset: int = 0  # bytes already read
    lines: int = 0  # lines already read (line numbers continue from here)
    seen: int = -1  # size at the previous scan: equal now means the file stopped growing
    parsed: int = -1  # size a whole document was last parsed at
    noted: bool = False  # an unreadable name was already reported
    sniffed: str | None = None  # the kind its text says, when its name says none


class ReportFolder:
    """Scans one folder; :meth:`scan` returns the events of what was added since."""

    def __init__(
        self,
        folder: str | os.PathLike[str],
        topology: Topology,
        *,
        state: str | os.PathLike[str] | None = None,
        say: Callable[[str], None] = lambda m: print(f"reports: {m}", file=sys.stderr),
    ) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise ValueError(f"{self.folder}: not a folder")
        self.topology = topology
        self.state_path = Path(state) if state is not None else self.folder / STATE_NAME
        self.say = say
        self.counts: Counter[str] = Counter()
        self._told: set[str] = set()
        self.files: dict[str, _File] = self._load_state()

    def _load_state(self) -> dict[str, _File]:
        try:
            raw = json.loads(self.state_path.read_text(encoding="utf-8"))
            return {
                str(k): _File(int(v["offset"]), int(v["lines"]), int(v["offset"]), int(v["parsed"]))
                for k, v in dict(raw["files"]).items()
            }
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            self._problem(f"{self.state_path}: offsets not readable ({e}): every file read again")
            return {}

    def _save_state(self) -> None:
        doc = {
            "files": {
                k: {"offset": f.offset, "lines": f.lines, "parsed": f.parsed}
                for k, f in self.files.items()
            }
        }
        tmp = self.state_path.with_name(self.state_path.name + ".tmp")
        try:
            self.state_path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_text(json.dumps(doc, sort_keys=True), encoding="utf-8")
            tmp.replace(self.state_path)
        except OSError as e:
            self._problem(f"{self.state_path}: offsets not saved ({e.strerror})")

    def _problem(self, text: str) -> None:
        """Counted each time; shown once (an unreadable file is met on every scan)."""
        self.counts["problems"] += 1
        if text not in self._told:
            self._told.add(text)
            self.say(text)

    def scan(self, at: float) -> list[LogEvent]:
        """Read what was added since the last scan; events stamped ``at``."""
        events: list[LogEvent] = []
        changed = False
        for path in self._candidates():
            rel = path.relative_to(self.folder).as_posix()
            f = self.files.setdefault(rel, _File())
            kind = kind_of(path.name) or self._sniffed(path, f)
            if kind is None and f.sniffed not in (None, "job_log"):
                # a tool's own format this folder has no reader for (a Fabric Manager log)
                if not f.noted:
                    f.noted = changed = True
                    self.counts["not_reports"] += 1
                    self._problem(
                        f"{rel}: its text reads as {f.sniffed}, which the reports folder does "
                        "not read (diag, nhc, nccl-tests, nvidia-smi-q, pods, plain text): not read"
                    )
                continue
            kind = kind or PLAIN_TEXT  # a ticket, a pasted log: read as any job output is
            try:
                found = self._read(path, rel, kind, f, at)
            except OSError as e:
                self._problem(f"{rel}: cannot read: {e.strerror}")
                continue
            if found is not None:
                events += found
                changed = True
        if changed:
            self._save_state()
        return events

    def _sniffed(self, path: Path, f: _File) -> str | None:
        """The report kind the file's text says (its first lines are a tool's own), once per
        file; None for text that is no report this folder reads."""
        if f.sniffed is None:
            try:
                with path.open("rb") as fh:
                    head = fh.read(SNIFF_BYTES)
            except OSError:
                return None
            if not head:
                return None  # nothing written yet: decide when there is
            f.sniffed = kind_of_text(as_text(head))
        return f.sniffed if f.sniffed in REPORT_PARSERS else None

    def _candidates(self) -> list[Path]:
        """Files of the folder and of its node subfolders (one level), state files aside."""
        out: list[Path] = []
        for p in sorted(self.folder.iterdir()):
            if p.name.startswith("."):
                continue
            if p.is_dir():
                out += [
                    q for q in sorted(p.iterdir()) if q.is_file() and not q.name.startswith(".")
                ]
            elif p.is_file():
                out.append(p)
        return out[:MAX_FILES]

    def _read(self, path: Path, rel: str, kind: str, f: _File, at: float) -> list[LogEvent] | None:
        size = path.stat().st_size
        settled, f.seen = size == f.seen, size
        if size < f.offset:  # replaced or truncated: a new file under the old name
            f.offset = f.lines = 0
            f.parsed = -1
        if kind in WHOLE_DOCUMENT:
            if not settled or size == f.parsed:
                return None
            data, f.parsed = path.read_bytes()[:MAX_READ], size
            return self._parse(as_text(data), rel, kind, 0, at, path)
        if size == f.offset:
            return None
        with path.open("rb") as fh:
            fh.seek(f.offset)
            data = fh.read(min(size - f.offset, MAX_READ))
        end = data.rfind(b"\n") + 1
        if end == 0 and not settled:
            return None  # one line still being written
        chunk = data if end == 0 or (settled and end < len(data)) else data[:end]
        base = f.lines
        f.offset += len(chunk)
        f.lines += chunk.count(b"\n") + (0 if chunk.endswith(b"\n") else 1)
        return self._parse(as_text(chunk), rel, kind, base, at, path)

    def _parse(
        self, text: str, rel: str, kind: str, base: int, at: float, path: Path
    ) -> list[LogEvent]:
        node = path.parent.name if path.parent != self.folder else ""
        if kind == PLAIN_TEXT:
            return self._plain(text, rel, base, at, node)
        try:
            parsed = REPORT_PARSERS[kind](text, rel, node, self.topology.node_keys)
        except REPORT_ERRORS as e:
            self._problem(f"{rel}: cannot read {kind}: {e}")
            return []
        self.counts["files_read"] += 1
        self._not_understood(parsed, rel, kind, base)
        sigs = [replace(s, line=s.line + base) if s.line else s for s in parsed.signatures]
        found = report_signal_events(sigs, self.topology, at)
        self.counts["reports"] += len(found.events)
        self.counts["unplaced"] += found.unplaced
        self.counts["unjudged"] += found.unjudged
        for p in found.problems:
            self._problem(p)
        return found.events

    def _plain(self, text: str, rel: str, base: int, at: float, node: str) -> list[LogEvent]:
        """Text no tool's name or header claims: read as job output is (telemetry.job_log);
        the faults it reports, and the driver lines it quotes (telemetry.quoted_kernel: a
        ticket's pasted dmesg), become events; when neither does but its GPU lines say
        something failed, one unread report (telemetry.unread_text) carries its words."""
        parsed = parse_job_log(text, origin=rel, node=node, nodes=self.topology.node_keys)
        self.counts["files_read"] += 1
        self._not_understood(parsed, rel, "job-output", base)
        sigs = [replace(s, line=s.line + base) if s.line else s for s in parsed.signatures]
        found = job_signal_events([(s, "") for s in sigs], self.topology, at)
        self.counts["unplaced"] += found.unplaced
        only = str(self.topology.node_keys[0]) if len(self.topology.node_keys) == 1 else None
        year = datetime.fromtimestamp(at, UTC).year  # the scan's time, not the wall clock
        quoted = quoted_driver_events(
            text, origin=rel, node=node or only, topology=self.topology, year=year, at=at
        )
        if quoted.unplaced:
            self.counts["unplaced"] += quoted.unplaced
            self._problem(
                f"{rel}: {quoted.unplaced} quoted driver line(s) with no wall-clock time or "
                "node: not read as kernel evidence"
            )
        if quoted.stamped_after_file:
            self._problem(stamped_after_file_problem(rel, quoted))
        reports = [*found.events, *quoted.events]
        self.counts["reports"] += len(reports)
        if any(names_the_fault(e) for e in reports):
            return reports
        rep = parsed.report
        unread = unread_event(
            origin=rel,
            source="job_log",
            node=node,
            job="",
            unparsed=[(n + base, t) for n, t in rep.complaint_lines],
            topology=self.topology,
            at=at,
            head=[(n + base, t) for n, t in rep.head],
            plain=[(n + base, t) for n, t in rep.plain_lines],
            unopened=unopened_lines(sigs),
        )
        if isinstance(unread, str):
            self.counts["unplaced"] += 1
            self._problem(unread)
            return reports
        self.counts["reports"] += unread is not None
        return [*reports, unread] if unread is not None else reports

    def _not_understood(self, parsed: TextParse, rel: str, kind: str, base: int) -> None:
        rep = parsed.report
        if not rep.gpu_unparsed:
            return
        self.counts["gpu_unparsed"] += rep.gpu_unparsed
        self._problem(f"{rel}: {rep.gpu_unparsed} GPU-related line(s) no {kind} rule understands")
        for n, t in rep.gpu_unparsed_lines[:5]:
            self._problem(f"{rel}:{n + base if n else 0}: not understood: {t[:120]}")


class ReportFolderFeed(KernelLogFeed):
    """:class:`ReportFolder` as a watch's log feed: each :meth:`drain` (once per tick) scans
    the folder. It is a :class:`KernelLogFeed` only to travel with the other feeds (started,
    drained and stopped alike): it has no thread and follows no file."""

    what = "report folder"

    def __init__(  # no super().__init__: nothing of the kernel-log follower is used
        self,
        folder: str | os.PathLike[str],
        topology: Topology,
        *,
        state: str | os.PathLike[str] | None = None,
        say: Callable[[str], None] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        kw = {} if say is None else {"say": say}
        self.folder = ReportFolder(folder, topology, state=state, **kw)
        self.source = str(folder)
        self._clock = clock
        self.error: str | None = None

    def start(self) -> ReportFolderFeed:
        return self

    def drain(self) -> list[LogEvent]:
        return self.folder.scan(self._clock())

    def drain_at(self, t: float) -> list[LogEvent]:
        """The scan, stamped ``t`` (the NOC's tick: :func:`agents.noc.service.run_noc`)."""
        return self.folder.scan(t)

    def stop(self) -> None:
        return None
