"""A recorded incident's evidence files → parsed signatures (:mod:`telemetry.text_evidence`).

Files are those listed under ``evidence:`` in ``incident.yaml`` plus those found by name::

    jobs/<jobid>.log                  job_log        (job = <jobid>)
    nodes/<node>/nvidia-smi-q.txt     nvidia_smi_q   (node = <node>)
    nodes/<node>/dcgmi-diag.json|txt  dcgmi_diag
    nodes/<node>/fabricmanager.log    fabric_manager
    nodes/<node>/ib_counters.txt      ib_counters
    nodes/<node>/diag.json|txt        dcgmi_diag
    nodes/<node>/nhc.log              nhc            (Node Health Check failures)
    nodes/<node>/nccl-tests.txt       nccl_tests     (an nccl-tests run's output)
    fabric.log                        fabric_manager (no node)
    ib_counters.txt                   ib_counters    (nodes from pdsh prefixes)
    pods.json                         k8s_pod        (``kubectl get pods -A -o json``)
    diag.*, dcgmi-diag.*, nhc.log, nccl-tests.txt, nvidia-smi-q.txt at the top: no node
    given (the text's own host names, else the incident's only node)

Fault reports among them (a ``dcgmi diag`` failure, an NHC check, an nccl-tests run below the
SKU, a GPU-stack pod state, pending remaps) also open or join incidents:
:mod:`telemetry.report_signals`, wired in :mod:`evals.recorded`.

Each file is read with a size cap; a file that cannot be read or parsed is a problem line
(``file: what``), never fatal; GPU text a parser did not understand is reported as a problem too
(counted, with the first lines), so nothing is silently dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gpufleet.agents.sre.node_evidence import EvidenceFileReport, StaticEvidence
from gpufleet.evals.format import EvidenceFile, IncidentSpec
from gpufleet.telemetry.dcgm_diag import DcgmDiagError, parse_dcgm_diag
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from gpufleet.telemetry.ib_counters import parse_ib_counters
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q
from gpufleet.telemetry.report_files import REPORT_ERRORS, REPORT_PARSERS, kind_of_text
from gpufleet.telemetry.text_evidence import AddressBook, TextParse
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.untrusted import UntrustedInputError, read_text

MAX_FILE_BYTES = 16 * 1024 * 1024
_BY_NAME: tuple[tuple[str, str], ...] = (
    ("nvidia-smi-q.txt", "nvidia_smi_q"),
    ("dcgmi-diag.json", "dcgmi_diag"),
    ("dcgmi-diag.txt", "dcgmi_diag"),
    ("fabricmanager.log", "fabric_manager"),
    ("ib_counters.txt", "ib_counters"),
    ("diag.json", "dcgmi_diag"),
    ("diag.txt", "dcgmi_diag"),
    ("nhc.log", "nhc"),
    ("nccl-tests.txt", "nccl_tests"),
    ("pods.json", "k8s_pod"),
)
# kinds a file of the folder can be read as (the rest come from APIs: k8s_event, k8s_node)
_FILE_KINDS = frozenset(
    {"job_log", "nvidia_smi_q", "dcgmi_diag", "fabric_manager", "ib_counters", *REPORT_PARSERS}
)
_READ_ERRORS = (DcgmDiagError, ValueError, *REPORT_ERRORS)
# names read at the folder's top (no node): every per-node name but the InfiniBand counters
# and the fabric log, which have their own top-level names below
_TOP = tuple((n, k) for n, k in _BY_NAME if k not in ("fabric_manager", "ib_counters"))


def discover(folder: Path, spec: IncidentSpec) -> list[EvidenceFile]:
    """The evidence files of an incident folder: the declared ones, then those found by name
    (a file declared explicitly is not added twice)."""
    files = list(spec.evidence)
    seen = {e.path for e in files}
    found: list[EvidenceFile] = []
    for p in sorted(f for f in (folder / "jobs").glob("*") if f.is_file()):
        found.append(EvidenceFile(path=f"jobs/{p.name}", kind="job_log", job=p.stem))
    for node_dir in sorted(p for p in (folder / "nodes").glob("*") if p.is_dir()):
        named = dict(_BY_NAME)
        for p in sorted(f for f in node_dir.iterdir() if f.is_file()):
            # a name that says no tool is still the node's evidence: read by its content
            kind = named.get(p.name, "job_log")
            found.append(
                EvidenceFile(path=f"nodes/{node_dir.name}/{p.name}", kind=kind, node=node_dir.name)
            )
    top = (*_TOP, ("fabric.log", "fabric_manager"), ("ib_counters.txt", "ib_counters"))
    for name, kind in top:
        if (folder / name).is_file():
            found.append(EvidenceFile(path=name, kind=kind))
    return files + [f for f in found if f.path not in seen]


def _parser(
    kind: str, topology: Topology, book: AddressBook
) -> Callable[[str, str, str], TextParse]:
    nodes = tuple(topology.node_keys)
    if kind == "job_log":
        return lambda text, origin, node: parse_job_log(
            text, origin=origin, node=node, nodes=nodes, addresses=book
        )
    if kind == "nvidia_smi_q":
        return lambda text, origin, node: parse_nvidia_smi_q(text, origin=origin, node=node)
    if kind == "dcgmi_diag":
        return lambda text, origin, node: parse_dcgm_diag(text, origin=origin, node=node)
    if kind == "fabric_manager":
        return lambda text, origin, node: parse_fabric_manager(text, origin=origin, node=node)
    if kind in REPORT_PARSERS:
        return lambda text, origin, node: REPORT_PARSERS[kind](text, origin, node, nodes)
    return lambda text, origin, node: parse_ib_counters(text, origin=origin, node=node, nodes=nodes)


def _read_as(
    ef: EvidenceFile, text: str, topology: Topology, book: AddressBook
) -> tuple[str, TextParse, str] | None:
    """(the kind it was read as, what that reader made of it, a note for the problems), or None
    when no reader can read it — by the declared (or named) kind, unless that reader fails or
    finds nothing and the content says another tool wrote it: an operator's folder names files
    as it likes, and a ``kubectl get pods`` table saved as ``pods.log`` must not be lost to a
    JSON error."""
    declared: TextParse | None = None
    error = "" if ef.kind in _FILE_KINDS else "no file reader for it"
    if not error:
        try:
            declared = _parser(ef.kind, topology, book)(text, ef.path, ef.node)
        except _READ_ERRORS as e:  # type: ignore[misc]
            error = str(e)
    if declared is not None and declared.signatures:
        return ef.kind, declared, ""
    sniffed = kind_of_text(text)
    other: TextParse | None = None
    if sniffed != ef.kind:
        try:
            other = _parser(sniffed, topology, book)(text, ef.path, ef.node)
        except _READ_ERRORS:  # type: ignore[misc]
            other = None
    if declared is not None and (other is None or not other.report.recognised):
        return ef.kind, declared, ""
    if other is None:
        return None
    why = f"not readable as {ef.kind} ({error})" if error else f"nothing {ef.kind} knows in it"
    return sniffed, other, f"{why}; its text reads as {sniffed}: read so"


def _placed(ef: EvidenceFile, topology: Topology) -> EvidenceFile:
    """A file from no node (a job's log, a ticket) on a one-node fleet is that node's, as
    :mod:`telemetry.job_signals` places the events it opens."""
    if ef.node or len(topology.node_keys) != 1:
        return ef
    return ef.model_copy(update={"node": str(topology.node_keys[0])})


def load_evidence(
    folder: Path,
    spec: IncidentSpec,
    topology: Topology,
    problems: list[str],
    cut: Callable[[str], str] | None = None,
) -> StaticEvidence:
    """Parse every evidence file of ``folder``; problems are appended to ``problems``.
    ``cut``: each file's text passes through it first (:class:`evals.before_answer.AnswerCut`:
    the thread before its stated cause)."""
    book = AddressBook(spec.addresses)
    evidence = StaticEvidence()
    for ef in discover(folder, spec):
        path = folder / ef.path
        if not path.resolve().is_relative_to(folder.resolve()):
            problems.append(f"{path}: evidence path leaves the incident folder: skipped")
            continue
        try:
            text = read_text(path, str(path), MAX_FILE_BYTES)
        except FileNotFoundError:
            problems.append(f"{path}: listed under evidence but missing")
            continue
        except (OSError, UntrustedInputError) as e:
            problems.append(f"{path}: cannot read {ef.kind} evidence: {e}")
            continue
        if cut is not None:
            text = cut(text)
        read = _read_as(_placed(ef, topology), text, topology, book)
        if read is None:
            problems.append(f"{path}: cannot read {ef.kind} evidence, nor as what its text is")
            continue
        kind, parsed, note = read
        if note:
            problems.append(f"{path}: {note}")
        rep = parsed.report
        evidence.add(
            parsed.signatures,
            EvidenceFileReport(ef.path, kind, ef.node, ef.job, rep, ef.collected_at),
        )
        if rep.gpu_unparsed:
            problems.append(
                f"{path}: {rep.gpu_unparsed} GPU-related line(s) no {kind} rule understands"
            )
            problems += [
                f"{path}:{n}: not understood: {t[:120]}" for n, t in rep.gpu_unparsed_lines[:5]
            ]
        if rep.unattributed_peers:
            problems.append(
                f"{path}: {rep.unattributed_peers} peer address(es) not in incident.yaml's "
                "addresses: errors kept, not attributed to a node"
            )
    return evidence
