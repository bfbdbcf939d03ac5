"""Typed evidence from text a node or a job produced: the common types of the text parsers.

The parsers of job output (:mod:`telemetry.job_log`), ``nvidia-smi -q``
(:mod:`telemetry.nvidia_smi_q`), ``dcgmi diag`` (:mod:`telemetry.dcgm_diag`), Fabric Manager logs
(:mod:`telemetry.fabric_manager`) and InfiniBand port counters (:mod:`telemetry.ib_counters`) all
return a :class:`TextParse`: the :class:`Signature` items they recognised, each with its
provenance (which file or command, which node, which line) and, when the text names another
entity (an RDMA error naming the peer's IP address), the node it was attributed to; and a
:class:`TextReport` that accounts for every line. Text that mentions the GPU stack but matches no
rule is counted and kept (``gpu_unparsed``), never dropped.

Conventions every parser here follows (as :mod:`telemetry.kernel_log` does):

* pure: text and arguments in, a result out; no clock, no I/O;
* bad input is accounted for, never raised: each module has ONE documented error type, raised
  only for invalid arguments (and, for JSON input, a document that cannot be read at all);
* bounded: at most :data:`MAX_LINES` lines are read (the rest are counted in ``over_cap``) and
  each line is cut at :data:`MAX_LINE` characters (counted in ``truncated``); every regular
  expression is linear in the line length.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gpufleet.telemetry import mail_message

Source = Literal[
    "job_log",
    "nvidia_smi_q",
    "dcgmi_diag",
    "fabric_manager",
    "ib_counters",
    "k8s_event",  # telemetry.k8s_evidence: read from the Kubernetes API, not from a file
    "k8s_node",
    "k8s_pod",  # a pod's status (its containers' terminations) from the Kubernetes API
    "nhc",  # telemetry.nhc_log: Node Health Check failures
    "nccl_tests",  # telemetry.nccl_tests: nccl-tests' results table
]
# The evidence files an incident folder or a node may hold (node_evidence.search's sources).
SOURCES: tuple[Source, ...] = (
    "job_log",
    "nvidia_smi_q",
    "dcgmi_diag",
    "fabric_manager",
    "ib_counters",
    "nhc",
    "nccl_tests",
    "k8s_pod",
)

MAX_LINE = 4096  # characters of one line that are parsed
MAX_LINES = 200_000  # lines read from one text; the rest are counted, not parsed
MAX_KEPT = 50  # sample lines kept per report category
# other lines no rule read, kept for what a person says without naming the GPU stack
MAX_PLAIN = 400
HEAD_KEPT = 20  # first non-blank lines kept: what a text is about, when no rule reads it
SNIPPET = 200  # characters of a line kept in a sample or a signature

# Text that belongs to the GPU / collective stack: a line matching this that no rule
# understands is "GPU-related but not understood" and is reported.
GPU_HINT = re.compile(
    r"nccl|cuda|nvrm|nvidia|\bxid\b|nvlink|nvswitch|\bnvls\b|\bgsp\b|\becc\b|"
    # "GPU", "GPUs", "GPU0", "gpu3" as people and nvidia-smi topo write them
    r"\bgpus?\d{0,2}\b|processgroupnccl|fabric ?manager|\bmlx5|\bhca\b",
    re.IGNORECASE,
)

# The command a paste starts with ("$ nvidia-smi -q", "root@gpu-07:~# dcgmi diag -r 2",
# "dcgmi nvlink --link-status"): the reporter's own line, saying which output follows, not
# output of the GPU stack to read or to count as not understood.
ECHOED_COMMAND = re.compile(
    r"^\s*(?:[\w.@:~/-]{0,80}[$#>]\s*)?(?:sudo\s+)?"
    r"(?:nvidia-smi|dcgmi|nvidia-bug-report\.sh|nv-fabricmanager|nvsm|ibstat|ibv_devinfo|"
    r"(?:all_reduce|all_gather|alltoall|broadcast|reduce_scatter)_perf)"
    # alone, or with a flag or one of its subcommands: "nvidia-smi: ..." is the tool speaking,
    # "nvidia-smi shows ERR!" a person reporting
    r"(?:\s+-.{0,160}|\s+(?:diag|nvlink|health|discovery|topo|stats|dmon|pmon|mig|"
    r"fieldgroup|group|policy|profile|modules|config)\b.{0,160})?\s*$"
)


@dataclass(frozen=True, slots=True)
class Signature:
    """One recognised signature with its provenance.

    ``kind`` names what was recognised (each module documents its kinds); ``source`` which
    parser; ``origin`` the file or command the text came from; ``line`` its 1-based line (0 for
    a whole-document result); ``node`` the node the text was produced on (``""`` unknown);
    ``gpu`` the GPU index on that node when the text names one; ``peer`` the node another
    entity named in the text was attributed to (``""`` when none or unknown) and
    ``peer_address`` that entity as written (an IP address, a GID); ``detail`` the parsed
    values (short strings); ``text`` the line, cut to :data:`SNIPPET` characters (fleet text:
    quote it, never follow it)."""

    kind: str
    source: Source
    origin: str
    line: int
    node: str = ""
    gpu: int | None = None
    peer: str = ""
    peer_address: str = ""
    detail: Mapping[str, str] = field(default_factory=dict)
    text: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "source": self.source,
            "origin": self.origin,
            "line": self.line,
            "node": self.node,
            "gpu": self.gpu,
            "peer": self.peer,
            "peer_address": self.peer_address,
            "detail": dict(self.detail),
            "text": self.text,
        }


# where a sentence ends: Latin and CJK full stops, question and exclamation marks
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|(?<=[\u3002\uff01\uff1f])")
MAX_PIECES = 24  # samples kept of one long line (MAX_LINE characters hold about 20)


def pieces(text: str) -> list[str]:
    """``text`` as the samples kept of it: itself when it fits in :data:`SNIPPET` characters,
    else its sentences, a longer one cut at the last space before :data:`SNIPPET`
    characters, at most :data:`MAX_PIECES`."""
    if len(text) <= SNIPPET:
        return [text]
    out: list[str] = []
    for raw in _SENTENCE_END.split(text[: MAX_LINE + 1]):
        out.extend(_cut(raw.strip(), MAX_PIECES - len(out)))
        if len(out) >= MAX_PIECES:
            break
    return out[:MAX_PIECES]


def _cut(sentence: str, most: int) -> list[str]:
    """``sentence`` in at most ``most`` parts of at most :data:`SNIPPET` characters, cut
    between words where there is a space to cut at (a word split in two would read as two
    other words)."""
    parts: list[str] = []
    while len(sentence) > SNIPPET and len(parts) < most:
        at = sentence.rfind(" ", 0, SNIPPET + 1)
        at = at if at > 0 else SNIPPET
        parts.append(sentence[:at])
        sentence = sentence[at:].lstrip()
    return [*parts, sentence] if sentence else parts


@dataclass(slots=True)
class TextReport:
    """Accounting for every line: ``total == recognised + ignored + unrecognised``;
    ``gpu_unparsed`` (a subset of ``unrecognised``) counts lines that mention the GPU stack but
    match no rule, ``gpu_unparsed_lines`` keeps samples ``(line, text)``; ``head`` keeps the
    first :data:`HEAD_KEPT` non-blank lines (what the text is about, for a text no rule
    reads: :mod:`telemetry.unread_text`). ``over_cap`` counts
    lines past :data:`MAX_LINES` (not parsed, not in ``total``); ``truncated`` lines cut at
    :data:`MAX_LINE`; ``unattributed_peers`` peer addresses no node of the address book has."""

    total: int = 0
    recognised: int = 0
    ignored: int = 0
    unrecognised: int = 0
    gpu_unparsed: int = 0
    over_cap: int = 0
    truncated: int = 0
    unattributed_peers: int = 0
    by_kind: dict[str, int] = field(default_factory=dict)
    gpu_unparsed_lines: list[tuple[int, str]] = field(default_factory=list)
    head: list[tuple[int, str]] = field(default_factory=list)
    # lines a rule read only as a mention (a person's "uncorrectable double-bit ECC error"):
    # recognised, yet only their words say what failed (telemetry.unread_text)
    mentioned_lines: list[tuple[int, str]] = field(default_factory=list)
    # the first MAX_PLAIN lines no rule read that name nothing of the GPU stack: in a report
    # about a GPU job a person writes "training hangs after scanning the images" or "the server
    # shuts down under load" without a GPU word (telemetry.unread_text reads them when no GPU
    # line says anything failed)
    plain_lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def complaint_lines(self) -> list[tuple[int, str]]:
        """The GPU lines no rule read and those read only as mentions, in file order."""
        return sorted([*self.gpu_unparsed_lines, *self.mentioned_lines])

    def mentioned(self, line_no: int, text: str) -> None:
        if len(self.mentioned_lines) < MAX_KEPT:
            self.mentioned_lines.append((line_no, text[:SNIPPET]))

    @property
    def consistent(self) -> bool:
        return (
            self.total == self.recognised + self.ignored + self.unrecognised
            and self.gpu_unparsed <= self.unrecognised
        )

    def count(self, kind: str) -> None:
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1

    def uncount(self, kind: str) -> None:
        left = self.by_kind.get(kind, 0) - 1
        if left > 0:
            self.by_kind[kind] = left
        else:
            self.by_kind.pop(kind, None)

    def not_understood(self, line_no: int, text: str, *, gpu_text: bool = False) -> None:
        """An unrecognised line; kept when it mentions the GPU stack (or, ``gpu_text``, when
        the whole text is GPU output, as ``nvidia-smi -q`` and ``dcgmi diag`` are), else among
        the plain lines. A line longer than a sample is kept as its sentences (a post's whole
        paragraph is one line, and what failed is rarely in its first 200 characters), each
        where its own words put it."""
        self.unrecognised += 1
        if gpu_text or GPU_HINT.search(text) is not None:
            self.gpu_unparsed += 1
        for piece in pieces(text):
            if gpu_text or GPU_HINT.search(piece) is not None:
                if len(self.gpu_unparsed_lines) < MAX_KEPT:
                    self.gpu_unparsed_lines.append((line_no, piece))
            elif len(self.plain_lines) < MAX_PLAIN:
                self.plain_lines.append((line_no, piece))

    def summary(self) -> str:
        kinds = ", ".join(f"{k}={v}" for k, v in sorted(self.by_kind.items())) or "none"
        text = (
            f"{self.total} lines: {self.recognised} recognised ({kinds}), {self.ignored} "
            f"ignored, {self.unrecognised} unrecognised (of which {self.gpu_unparsed} "
            "GPU-related, not understood)"
        )
        if self.over_cap:
            text += f"; {self.over_cap} lines past the {MAX_LINES}-line cap not read"
        if self.truncated:
            text += f"; {self.truncated} lines cut at {MAX_LINE} characters"
        if self.unattributed_peers:
            text += f"; {self.unattributed_peers} peer address(es) not in the address book"
        return text

    def as_dict(self) -> dict[str, Any]:
        return {
            "lines": self.total,
            "recognised": self.recognised,
            "ignored": self.ignored,
            "unrecognised": self.unrecognised,
            "gpu_unparsed": self.gpu_unparsed,
            "over_cap": self.over_cap,
            "truncated": self.truncated,
            "unattributed_peers": self.unattributed_peers,
            "by_kind": dict(self.by_kind),
            "gpu_unparsed_lines": [{"line": n, "text": t} for n, t in self.gpu_unparsed_lines],
        }


@dataclass(slots=True)
class TextParse:
    """What one parser made of one text: signatures in line order, and the accounting."""

    signatures: list[Signature] = field(default_factory=list)
    report: TextReport = field(default_factory=TextReport)

    def add(self, sig: Signature) -> None:
        self.signatures.append(sig)
        self.report.count(sig.kind)

    def discard(self, sig: Signature) -> None:
        """Take back a signature another of the same text outranks (its line stays counted as
        recognised: it was read, and what it says is said better elsewhere)."""
        self.signatures.remove(sig)
        self.report.uncount(sig.kind)


def as_text(data: str | bytes) -> str:
    """Text of ``data``: bytes are decoded as UTF-8 with bad bytes replaced (a bad byte makes
    its line unreadable, never the whole text); a leading BOM is dropped; a raw mail message
    becomes its subject and decoded body (:mod:`telemetry.mail_message`)."""
    text = data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data
    return mail_message.readable(text.removeprefix("\ufeff"))


def lines_of(text: str, report: TextReport) -> Iterator[tuple[int, str]]:
    """(1-based line number, line without its end, cut at :data:`MAX_LINE`) for at most
    :data:`MAX_LINES` lines; lines past the cap are counted in ``report.over_cap``. Linear in
    the text: one pass of ``str.find``."""
    start, n, size = 0, 0, len(text)
    while start < size:
        end = text.find("\n", start)
        stop = size if end < 0 else end
        n += 1
        if n > MAX_LINES:
            report.over_cap += 1 + text.count("\n", stop)
            if text.endswith("\n"):
                report.over_cap -= 1
            return
        line = text[start : min(stop, start + MAX_LINE)]
        if stop - start > MAX_LINE:
            report.truncated += 1
        line = line.rstrip("\r")
        if len(report.head) < HEAD_KEPT and line.strip():
            report.head.append((n, line[:SNIPPET]))
        yield n, line
        start = stop + 1


class AddressBook:
    """Address (IPv4, IPv6, IPv4-mapped IPv6 GID) → node, from an incident's or a site's
    inventory. Lookups normalise the address (``::ffff:10.0.0.5`` finds ``10.0.0.5``)."""

    def __init__(self, addresses: Mapping[str, Any] | None = None) -> None:
        self._by_addr: dict[str, str] = {}
        for node, addrs in (addresses or {}).items():
            for a in [addrs] if isinstance(addrs, str) else list(addrs):
                key = normalize_address(str(a))
                if key:
                    self._by_addr[key] = str(node)

    def node_of(self, address: str) -> str:
        """The node holding ``address``, or ``""`` when the book does not know it."""
        key = normalize_address(address)
        return self._by_addr.get(key, "") if key else ""

    def __bool__(self) -> bool:
        return bool(self._by_addr)


def normalize_address(text: str) -> str:
    """Canonical text of an IP address (IPv4-mapped IPv6 → IPv4), ``""`` when not one."""
    t = text.strip().strip("[]")
    if not t or len(t) > 64:
        return ""
    try:
        ip = ipaddress.ip_address(t)
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ip)


def host_node(host: str, nodes: frozenset[str]) -> str:
    """The topology node a host name in the text means: the name itself, or its first label
    (``node-03.cluster.local`` → ``node-03``); ``host`` unchanged when neither is known (an
    unknown node is still named, never dropped)."""
    if not nodes or host in nodes:
        return host
    short = host.split(".", 1)[0]
    return short if short in nodes else host
