"""Property tests for the text-evidence parsers: arbitrary bytes and text (and, for dcgmi diag,
arbitrary JSON-like documents) never raise anything but each module's documented error, and the
report always accounts for every line."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpufleet.telemetry.dcgm_diag import DcgmDiagError, parse_dcgm_diag
from gpufleet.telemetry.fabric_manager import parse_fabric_manager
from gpufleet.telemetry.ib_counters import parse_ib_counters
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.nvidia_smi_q import parse_nvidia_smi_q
from gpufleet.telemetry.text_evidence import TextParse

PROPS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Fragments of the real formats, so generated text reaches the interesting branches.
FRAGMENTS = [
    "NCCL WARN NET/IB : Got completion from peer ",
    "10.0.0.1<123> with status=12 opcode=0 len=0 vendor err 129 (Recv) remoteGids::ffff:1.2.3.4",
    "host:1:2 [3] ",
    "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=ALLREDUCE",
    "Cuda failure 1 '",
    "[Rank 9] ",
    "GPU 00000000:18:00.0\n",
    "    ECC Errors\n        Volatile\n            DRAM Uncorrectable : 9\n",
    "    GPU Recovery Action : Reset\n",
    "| memory | Fail - GPU: 2 |\n",
    "|-----  Hardware  ---+---|\n",
    '{"DCGM GPU Diagnostic": {"test_categories": [',
    "[Mar 02 2026 02:45:00] [ERROR] [tid 1] detected NVSwitch fatal error 1 on fid 0",
    "# Port counters: Lid 1 port 1\nLinkDownedCounter:....9\n",
    "CA 'mlx5_0'\n  Port 1:\n  State: Down\n",
    "/sys/class/infiniband/mlx5_0/ports/1/counters/link_downed:4\n",
    "\n",
    "\r\n",
    ":",
    "\x00",
    "\ufeff",
]
texts = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=30)), max_size=40).map(
    "".join
)

PARSERS: dict[str, tuple[Callable[..., TextParse], type[Exception] | None]] = {
    "job_log": (lambda d: parse_job_log(d, origin="o", addresses={"n": ["1.2.3.4"]}), None),
    "nvidia_smi_q": (lambda d: parse_nvidia_smi_q(d, origin="o"), None),
    "dcgmi_diag": (lambda d: parse_dcgm_diag(d, origin="o"), DcgmDiagError),
    "fabric_manager": (lambda d: parse_fabric_manager(d, origin="o"), None),
    "ib_counters": (lambda d: parse_ib_counters(d, origin="o"), None),
}


def _check(data: str | bytes) -> None:
    for name, (parse, allowed) in PARSERS.items():
        try:
            res = parse(data)
        except Exception as e:
            assert allowed is not None and isinstance(e, allowed), (name, repr(e))
            continue
        assert res.report.consistent, name
        assert res.report.gpu_unparsed <= res.report.unrecognised
        for s in res.signatures:
            assert s.origin == "o" and s.source == name and len(s.text) <= 200


@PROPS
@given(st.binary(max_size=2000))
def test_arbitrary_bytes(data: bytes) -> None:
    _check(data)


@PROPS
@given(texts)
def test_format_shaped_text(text: str) -> None:
    _check(text)
    _check(text.encode("utf-8", "surrogatepass"))


json_like = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=20)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=5), st.dictionaries(st.text(max_size=12), inner, max_size=5)
    ),
    max_leaves=30,
)
diag_keys = st.sampled_from(
    [
        "DCGM GPU Diagnostic",
        "DCGM Diagnostic",
        "test_categories",
        "tests",
        "results",
        "name",
        "status",
        "gpu_ids",
        "entity_id",
        "warnings",
        "message",
        "error_id",
        "category",
    ]
)
diag_like = st.recursive(
    st.one_of(st.none(), st.integers(-3, 20), st.sampled_from(["Fail", "Pass", "Warn", "0,1", ""])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(diag_keys, inner, max_size=5)
    ),
    max_leaves=40,
)


@PROPS
@given(st.one_of(json_like, diag_like))
def test_dcgm_json_documents(doc: Any) -> None:
    text = json.dumps(doc)
    try:
        res = parse_dcgm_diag(text, origin="o")
    except DcgmDiagError:
        return
    assert res.report.consistent
    assert res.signatures and res.signatures[-1].kind == "dcgm_diag_summary"


def test_long_hostile_lines_are_cut_not_choked_on() -> None:
    """Lines built to make a backtracking regex work hard are cut at MAX_LINE and parsed."""
    hostile = [
        "NET/IB : Got completion from peer " + "1" * 1_000_000,
        "a" * 1_000_000 + ":1:2 [3]",
        "[Rank " * 200_000,
        "| " * 500_000,
        "Cuda failure '" + "x" * 1_000_000,
    ]
    for line in hostile:
        _check(line)
        assert parse_job_log(line, origin="o").report.truncated == 1
