"""Evidence from text a job or a node produced: job logs, ``nvidia-smi -q``, ``dcgmi diag``,
Fabric Manager logs, InfiniBand counters — as the SRE agent's ``node_evidence.search`` tool
reads it.

:class:`EvidenceSource` is the protocol; :class:`NoEvidence` answers "not configured";
:class:`StaticEvidence` holds parsed :class:`~telemetry.text_evidence.Signature` items (a
recorded incident's evidence files, or command output an operator attached). An item with a
collection time is visible only from that time on (``now`` is the replay's newest sample, so a
diagnosis at ``t`` sees what a live agent would have had); an item without one answers at any
time. Results are plain JSON-able dicts; what the parsers could not read is reported with them
(``unparsed``: GPU text no rule understood), never dropped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from gpufleet.telemetry.text_evidence import SOURCES, Signature, TextReport
from gpufleet.telemetry.unread_text import GENERIC_SOURCES, excerpt, report_excerpt

MAX_ITEMS = 2000  # signatures returned by one search
MAX_UNREAD_FILES = 4  # excerpts of files no rule read, returned by one search


@dataclass(frozen=True)
class EvidenceFileReport:
    """What one evidence file held: its path, parser, node / job, and the parser's accounting."""

    path: str
    source: str
    node: str
    job: str
    report: TextReport
    collected_at: float | None = None


@dataclass(frozen=True)
class EvidenceItem:
    signature: Signature
    job: str = ""
    collected_at: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {**self.signature.as_dict(), "job": self.job, "collected_at": self.collected_at}


class EvidenceSource(Protocol):
    configured: bool

    def search(
        self,
        nodes: Sequence[str],
        jobs: Sequence[str],
        sources: Sequence[str],
        kinds: Sequence[str],
        limit: int = 500,
    ) -> tuple[dict[str, Any], str]:
        """({"items": [...], "files": [...], "unparsed": n, "unparsed_lines": [...],
        "unread": [{"file", "text"}]}, query)."""
        ...


class NoEvidence:
    """No evidence files or node commands wired: every search is empty."""

    configured = False

    def search(
        self,
        nodes: Sequence[str],
        jobs: Sequence[str],
        sources: Sequence[str],
        kinds: Sequence[str],
        limit: int = 500,
    ) -> tuple[dict[str, Any], str]:
        return {
            "items": [],
            "files": [],
            "unparsed": 0,
            "unparsed_lines": [],
            "unread": [],
        }, _query(nodes, jobs, sources, kinds)


def _query(
    nodes: Sequence[str], jobs: Sequence[str], sources: Sequence[str], kinds: Sequence[str]
) -> str:
    return (
        f"node_evidence nodes={','.join(nodes) or '*'} jobs={','.join(jobs) or '*'} "
        f"sources={','.join(sources) or '*'}" + (f" kinds={','.join(kinds)}" if kinds else "")
    )


@dataclass
class StaticEvidence:
    """Parsed evidence held in memory. ``now`` gives the time a query is made at (the replay's
    newest sample); items collected after it are not visible yet."""

    items: list[EvidenceItem] = field(default_factory=list)
    files: list[EvidenceFileReport] = field(default_factory=list)
    now: Callable[[], float] | None = None
    configured: bool = True

    def add(self, signatures: Iterable[Signature], file: EvidenceFileReport) -> None:
        self.files.append(file)
        self.items += [EvidenceItem(s, file.job, file.collected_at) for s in signatures]

    def _visible(self, t: float | None) -> bool:
        return t is None or self.now is None or t <= self.now()

    def _wanted(self, item: EvidenceItem, nodes: set[str], jobs: set[str]) -> bool:
        sig = item.signature
        if not nodes and not jobs:
            return True
        return bool(
            (item.job and item.job in jobs) or sig.node in nodes or (sig.peer and sig.peer in nodes)
        )

    def search(
        self,
        nodes: Sequence[str],
        jobs: Sequence[str],
        sources: Sequence[str],
        kinds: Sequence[str],
        limit: int = 500,
    ) -> tuple[dict[str, Any], str]:
        want_nodes, want_jobs = set(nodes), set(jobs)
        want_sources = set(sources) or set(SOURCES)
        want_kinds = set(kinds)
        hits = [
            i
            for i in self.items
            if i.signature.source in want_sources
            and (not want_kinds or i.signature.kind in want_kinds)
            and self._visible(i.collected_at)
            and self._wanted(i, want_nodes, want_jobs)
        ]
        found = [i.as_dict() for i in hits]
        # a file taken on another host can still be about these nodes (slurmctld's log on the
        # controller names the node it set INVAL): the files of the items found count too
        origins = {i.signature.origin for i in hits}
        files = [
            f
            for f in self.files
            if f.source in want_sources
            and self._visible(f.collected_at)
            and (
                (not want_nodes and not want_jobs)
                or f.node in want_nodes
                or f.job in want_jobs
                or not f.node
                or f.path in origins
            )
        ]
        unparsed_lines = [
            {"file": f.path, "line": n, "text": t}
            for f in files
            for n, t in f.report.gpu_unparsed_lines[:5]
        ]
        data = {
            "items": found[: min(limit, MAX_ITEMS)],
            "truncated": max(0, len(found) - min(limit, MAX_ITEMS)),
            "files": [
                {
                    "path": f.path,
                    "source": f.source,
                    "node": f.node,
                    "job": f.job,
                    "summary": f.report.summary(),
                }
                for f in files
            ],
            "unparsed": sum(f.report.gpu_unparsed for f in files),
            "unparsed_lines": unparsed_lines[:20],
            # files whose unread lines say something failed (GPU lines first): their excerpt
            "unread": [
                {"file": f.path, "text": text}
                for f in files
                if f.source in GENERIC_SOURCES and (text := excerpt(f.report))
            ][:MAX_UNREAD_FILES],
            # every file's words as a person reading it sees them (its failure lines and head):
            # what the resolved incidents' reports are compared by (knowledge.precedents)
            "words": [
                {"file": f.path, "text": text} for f in files if (text := report_excerpt(f.report))
            ][:MAX_UNREAD_FILES],
        }
        return data, _query(nodes, jobs, sources, kinds)
