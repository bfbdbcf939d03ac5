"""Which parser reads which fault-report file: shared by a recorded incident's evidence
(:mod:`evals.evidence_files`) and the live watched folder (:mod:`telemetry.report_folder`).

Kinds: ``dcgmi_diag`` (text table or ``-j`` JSON), ``nvidia_smi_q``, ``nhc`` (Node Health
Check output), ``nccl_tests`` (an nccl-tests run), ``k8s_pod`` (a ``PodList`` as
``kubectl get pods -A -o json`` prints it). A file's kind follows from its name
(:func:`kind_of`) or, where the name says none or the named reader cannot read the file, from
its content (:func:`kind_of_text`: a line only that tool writes), else it is read as a log.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gpufleet.telemetry.dcgm_diag import DcgmDiagError, parse_dcgm_diag
from gpufleet.telemetry.k8s_evidence import K8sEvidenceError, parse_pod_states
from gpufleet.telemetry.nccl_tests import NcclTestsError, parse_nccl_tests
from gpufleet.telemetry.nhc_log import NhcError, parse_nhc
from gpufleet.telemetry.nvidia_smi_q import NvidiaSmiError, parse_nvidia_smi_q
from gpufleet.telemetry.text_evidence import TextParse
from gpufleet.telemetry.untrusted import Limits, UntrustedInputError, loads_json

MAX_JSON_BYTES = 16 * 1024 * 1024
# (text, origin, node, the topology's nodes) → what the parser made of it
Parser = Callable[[str, str, str, tuple[str, ...]], TextParse]
REPORT_ERRORS: tuple[type[Exception], ...] = (
    DcgmDiagError,
    K8sEvidenceError,
    NcclTestsError,
    NhcError,
    NvidiaSmiError,
    UntrustedInputError,
)
# JSON documents are read whole: a grown one is a new document, not appended lines
WHOLE_DOCUMENT = frozenset({"k8s_pod"})


def _pods(text: str, origin: str, node: str, nodes: tuple[str, ...]) -> TextParse:
    doc = loads_json(text, origin, Limits(max_bytes=MAX_JSON_BYTES), what="pod list JSON")
    return parse_pod_states(doc, origin=origin, nodes=nodes)


REPORT_PARSERS: dict[str, Parser] = {
    "dcgmi_diag": lambda text, origin, node, nodes: parse_dcgm_diag(text, origin=origin, node=node),
    "nvidia_smi_q": lambda text, origin, node, nodes: parse_nvidia_smi_q(
        text, origin=origin, node=node
    ),
    "nhc": lambda text, origin, node, nodes: parse_nhc(text, origin=origin, node=node, nodes=nodes),
    "nccl_tests": lambda text, origin, node, nodes: parse_nccl_tests(
        text, origin=origin, node=node, nodes=nodes
    ),
    "k8s_pod": _pods,
}
# file name (without folders) → kind; first match wins
_NAMES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"pods?\b.*\.json$", re.I), "k8s_pod"),
    (
        re.compile(r"dcgmi?[-_]?diag.*\.(?:json|txt|log)$|^diag\b.*\.(?:json|txt)$", re.I),
        "dcgmi_diag",
    ),
    (re.compile(r"nvidia[-_]smi[-_]q.*\.(?:txt|log)$", re.I), "nvidia_smi_q"),
    (re.compile(r"\bnhc\b.*\.(?:log|txt)$|^nhc", re.I), "nhc"),
    (
        re.compile(r"nccl[-_]?tests?.*\.(?:txt|log|out)$|_perf.*\.(?:txt|log|out)$", re.I),
        "nccl_tests",
    ),
)


def kind_of(name: str) -> str | None:
    """The report kind a file name says (``diag-node-03.json``, ``nhc.log``,
    ``all_reduce_perf.out``, ``pods.json``), or None."""
    return next((kind for rx, kind in _NAMES if rx.search(name) is not None), None)


# What a text says it is, whatever the file is called. Checked in order on the text's first
# 64 KiB; each marker is a line only that tool writes (its header or a fixed phrase).
_SNIFF_JSON: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r'"kind"\s*:\s*"(?:PodList|Pod)"'), "k8s_pod"),
    (re.compile(r'"DCGM (?:GPU )?Diagnostic"|"test_categories"|"entity_group"'), "dcgmi_diag"),
)
_SNIFF_TEXT: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"=+NVSMI LOG=+|^Attached GPUs\s+:", re.M), "nvidia_smi_q"),
    (re.compile(r"^\s*\|\s*Diagnostic\s+\|\s*Result\s+\|", re.M | re.I), "dcgmi_diag"),
    (re.compile(r"^#\s+size\s+count\s+type\b|\bout-of-place\b.*\bin-place\b", re.M), "nccl_tests"),
    (re.compile(r"\bnhc\b.{0,40}Health check failed:", re.I), "nhc"),
    (
        re.compile(
            r"^\[[A-Za-z]{3} \d{1,2} \d{4} [\d:]{8}\] \[[A-Z]{1,8}\] |"
            r"(?:nvidia|nv)-fabricmanager(?:\.service)?\b|"
            # FM's own lines with the time cut off: "[ERROR] … fabric manager …"
            r"^\[(?:ERROR|WARNING|WARN|INFO)\] [^\n]{0,120}fabric ?manager",
            re.M,
        ),
        "fabric_manager",
    ),
)
SNIFF_BYTES = 64 * 1024


def kind_of_text(text: str) -> str:
    """The report kind a text's content says it is; ``job_log`` (the generic reader of GPU-stack
    lines in any log) when it is none of the tools' own outputs."""
    head = text[:SNIFF_BYTES]
    if head.lstrip()[:1] in ("{", "["):
        # JSON, or a text whose lines open with a bracket (dmesg's "[  12.3]", FM's "[ERROR]")
        found = next((kind for rx, kind in _SNIFF_JSON if rx.search(head)), None)
        if found is not None:
            return found
    return next((kind for rx, kind in _SNIFF_TEXT if rx.search(head)), "job_log")
