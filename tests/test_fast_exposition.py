"""parse_exposition_fast == parse_exposition, page after page from one source.

The fast parser keeps a plan per source and reads later pages of the same shape from their
values only, so every test feeds a *sequence* of pages to one source and compares each result
with the full parser's: generated pages (values drawn with NaN gaps, ±Inf, DCGM sentinels,
counter resets, workload labels with escapes), the real-format pages of tests/data, pages with
timestamps, values outside the fast grammar, and mutated lines. Examples are not stored
(database=None)."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpufleet.telemetry import fast_exposition
from gpufleet.telemetry.exposition import ExpositionError, parse_exposition, render_exposition
from gpufleet.telemetry.fast_exposition import _same, parse_exposition_fast
from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT32_BLANK,
    DCGM_INT64_BLANK,
    GPU_FIELD_NAMES,
    UINT32_NOT_SUPPORTED,
)
from gpufleet.telemetry.frame import EntityKind, Frame
from gpufleet.telemetry.topology import Topology, Workload, build_cluster

PAGES = Path(__file__).parent / "data" / "exporter_pages"
SETTINGS = settings(
    max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
TOPO = Topology([build_cluster(racks=1, nodes_per_rack=2)])
HOST = TOPO.nodes[0].hostname
FIELDS = GPU_FIELD_NAMES[:12]
SPECIAL = [
    math.nan,
    math.inf,
    -math.inf,
    float(DCGM_INT64_BLANK),
    float(DCGM_INT32_BLANK),
    float(DCGM_FP64_BLANK),
    float(UINT32_NOT_SUPPORTED),
    0.0,
    -1.5,
    1e300,
]


def _agree(pages: list[str], *, topology: Topology | None = TOPO, host: str | None = HOST) -> int:
    """Feed ``pages`` to one fresh source; assert fast == full for each. Returns fast hits."""
    source = f"test://{id(pages)}/{len(fast_exposition._PLANS)}"
    fast_exposition._PLANS.pop((source, host), None)
    hits = 0
    for i, page in enumerate(pages):
        kw = {"topology": topology, "hostname": host, "source": source, "timestamp": 100.0 + i}
        full = parse_exposition(page, **kw)  # type: ignore[arg-type]
        plan_before = fast_exposition._PLANS.get((source, host))
        fast = parse_exposition_fast(page, **kw)  # type: ignore[arg-type]
        assert _same(fast, full), f"page {i} differs:\n{page[:2000]}"
        if plan_before is not None and plan_before.template is not None:
            hits += plan_before is fast_exposition._PLANS.get((source, host))
    return hits


def _page(values: np.ndarray, workloads: dict[str, Workload] | None = None) -> str:
    frame = Frame(0.0, EntityKind.GPU, TOPO.gpu_keys, FIELDS, values, "sim")
    return render_exposition(frame, TOPO, HOST, workloads=workloads, fields=FIELDS)


value = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from(SPECIAL))
label_text = st.text(alphabet='ab"\\\n {}=,é', min_size=1, max_size=8)


@SETTINGS
@given(
    st.lists(
        st.lists(value, min_size=len(FIELDS), max_size=len(FIELDS)), min_size=2, max_size=2
    ).flatmap(
        lambda base: st.lists(
            st.sampled_from([0, 1]).map(lambda k: [base[k]] * 8), min_size=2, max_size=5
        )
    ),
    st.one_of(st.none(), label_text),
)
def test_generated_pages_agree(rows_per_page: list[list[list[float]]], pod: str | None) -> None:
    wl = None if pod is None else {TOPO.gpu_keys[0]: Workload(pod=pod, namespace="n", name=pod)}
    pages = []
    for rows in rows_per_page:
        vals = np.full((TOPO.n_gpus, len(FIELDS)), 1.0)
        vals[: len(rows)] = np.asarray(rows, dtype=np.float64)
        pages.append(_page(vals, wl))
    _agree(pages)


def test_repeated_shape_is_read_by_the_plan_and_values_follow() -> None:
    rng = np.random.default_rng(3)
    pages = []
    for k in range(6):
        vals = rng.uniform(0, 100, (TOPO.n_gpus, len(FIELDS)))
        vals[:, 0] = [1e6 - k * 10, 5, 7, 9, 11, 13, 15, 17] * (TOPO.n_gpus // 8)  # decreasing
        if k == 3:
            vals[0, 0] = 0.0  # a counter reset
            vals[1, 1] = float(DCGM_INT32_BLANK)  # a sentinel on a cached shape
            vals[2, 2] = math.inf
        pages.append(_page(vals))
    assert _agree(pages) == 5  # every page after the first is read from its values only
    fast = parse_exposition_fast(pages[3], topology=TOPO, hostname=HOST, source="x")
    assert fast.frame.values[0, 0] == 0.0
    assert any(f.kind == "blank_sentinel" for f in fast.flags)


@pytest.mark.parametrize("path", sorted(PAGES.glob("*.prom")), ids=lambda p: p.name)
def test_real_format_pages_agree(path: Path) -> None:
    text = path.read_text()
    _agree([text, text, text], topology=None, host=None)
    lines = text.split("\n")
    changed = "\n".join(_bump_value(ln) for ln in lines)
    _agree([text, changed, text], topology=None, host=None)


def _bump_value(line: str) -> str:
    if not line or line.startswith("#"):
        return line
    head, _, v = line.rpartition(" ")
    return f"{head} {float(v) + 1 if v.lstrip('-').replace('.', '').isdigit() else v}"


@pytest.mark.parametrize(
    "spelling",
    ["-0", "-0.0", "+7", ".5", "5.", "1e400", "-1E-5", "NaN", "+Inf", "-Inf", "Inf", "nan",
     "1_000", "0x10", "9" * 400, "12 1700000000000", "3 ", "4\r", "1e99999"],
)  # fmt: skip
def test_value_spellings_agree(spelling: str) -> None:
    base = _page(np.full((TOPO.n_gpus, len(FIELDS)), 2.0))
    lines = base.split("\n")
    target = next(i for i, ln in enumerate(lines) if ln and not ln.startswith("#"))
    lines[target] = lines[target].rpartition(" ")[0] + " " + spelling
    _agree([base, "\n".join(lines), base, "\n".join(lines)])


@SETTINGS
@given(st.data())
def test_mutated_lines_agree(data: st.DataObject) -> None:
    base = _page(np.full((TOPO.n_gpus, len(FIELDS)), 3.0))
    lines = base.split("\n")
    i = data.draw(st.integers(0, len(lines) - 1))
    j = data.draw(st.integers(0, max(len(lines[i]) - 1, 0)))
    junk = data.draw(st.text(alphabet='{}"=,# \t\\.-+e_:Ia0\x00\u2028\r\n', max_size=3))
    lines[i] = lines[i][:j] + junk + lines[i][j + 1 :]
    _agree([base, "\n".join(lines), base])


def test_timestamps_and_shape_changes_agree() -> None:
    base = _page(np.full((TOPO.n_gpus, len(FIELDS)), 4.0))
    stamped = "\n".join(
        ln + " 1700000000123" if ln and not ln.startswith("#") else ln for ln in base.split("\n")
    )
    fewer = "\n".join(base.split("\n")[:-5]) + "\n"
    _agree([base, stamped, base, fewer, fewer, base])


def test_only_the_documented_error() -> None:
    with pytest.raises(ExpositionError):
        parse_exposition_fast(b"DCGM_FI_DEV_GPU_TEMP 1\n")  # type: ignore[arg-type]
    big = "x" * (fast_exposition.MAX_TEXT_CHARS + 1)
    with pytest.raises(ExpositionError):
        parse_exposition_fast(big)


PREFIXES = [
    'DCGM_FI_DEV_GPU_TEMP{gpu="0",UUID="GPU-1",Hostname="n1"}',
    "DCGM_FI_DEV_GPU_TEMP",
    'DCGM_FI_DEV_GPU_TEMP{gpu="0",}',
    "DCGM_FI_DEV_GPU_TEMP{}",
    'DCGM_FI_DEV_GPU_TEMP{gpu="a\\"b\\\\c\\n"}',
    'DCGM_FI_DEV_GPU_TEMP{gpu="0"',
    'DCGM_FI_DEV_GPU_TEMP{gpu="0"}x',
    'DCGM_FI_DEV_GPU_TEMP {gpu="0"}',
    'DCGM_FI_DEV_GPU_TEMP{gpu="0"}{a="1"}',
    '9bad{gpu="0"}',
    'DCGM_FI_DEV_GPU_TEMP{gpu="0" ,x="1"}',
    'DCGM_FI_DEV_GPU_TEMP{gpu="\\q"}',
    'DCGM_FI_DEV_GPU_TEMP{gpu="}"}',
    "",
]


@given(st.sampled_from(PREFIXES), st.text(alphabet='a{}",=\\ _0"', max_size=12))
def test_the_plans_prefix_split_is_the_prefix_regex(prefix: str, tail: str) -> None:
    """The first page's plan reads each label block once (``_split_prefix``): it must accept
    and decode exactly what ``_PREFIX_RE.fullmatch`` does, line for line."""
    for text in (prefix, prefix + tail, prefix[: len(prefix) // 2] + tail):
        m = fast_exposition._PREFIX_RE.fullmatch(text)
        got = fast_exposition._split_prefix(text, {})
        if m is None:
            assert got is None, text
        else:
            labels = {
                k: fast_exposition._unescape(v)
                for k, v in fast_exposition._LABEL_RE.findall(m.group(2) or "")
            }
            assert got == (m.group(1), labels), text
