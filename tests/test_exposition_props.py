"""Property tests of parse_exposition (outside input): any text gives a result or the one
documented error, generated pages round-trip their values, and adversarial megabytes parse fast.

Examples are not stored (database=None): the repository has no .hypothesis/ ignore rule."""

from __future__ import annotations

import json
import time

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpufleet.telemetry.exposition import ExpositionError, parse_exposition, to_json
from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT32_BLANK,
    EXTENDED_GPU_FIELD_NAMES,
    FIELDS,
    GPU_FIELD_NAMES,
    KEYED_FIELDS,
    UINT32_NOT_SUPPORTED,
)
from tests.adversarial_pages import one_megabyte_pages

SETTINGS = settings(
    max_examples=150, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)

# Characters the exposition grammar cares about, plus a few that break naive parsers.
GRAMMAR = '{}"=,# \t\n\\.-+eE_:abcxyzDCGM_FI_DEV0123456789NaInf\x00\u2028\r'
PLAIN_FIELDS = [n for n in GPU_FIELD_NAMES + EXTENDED_GPU_FIELD_NAMES if n not in KEYED_FIELDS]


def _check(text: str) -> None:
    try:
        p = parse_exposition(text)
    except ExpositionError:
        return  # the one documented error (only for text over MAX_TEXT_CHARS here)
    json.dumps(to_json(p), allow_nan=False)  # the CLI's output stays valid JSON
    assert p.frame.values.shape == (len(p.frame.entities), len(GPU_FIELD_NAMES))
    assert p.extended.values.shape == (len(p.frame.entities), len(EXTENDED_GPU_FIELD_NAMES))


@SETTINGS
@given(st.text())
def test_any_unicode_text_never_raises(text: str) -> None:
    _check(text)


@SETTINGS
@given(st.text(alphabet=GRAMMAR, max_size=400))
def test_grammar_soup_never_raises(text: str) -> None:
    _check(text)


sample_line = st.builds(
    lambda name, labels, value, ts: f"{name}{{{labels}}} {value}{ts}",
    st.sampled_from([*GPU_FIELD_NAMES[:5], "DCGM_EXP_XID_ERRORS_COUNT", "DCGM_FI_X", "up"]),
    st.text(alphabet='gpu="0123,Hostname\\{}', max_size=40),
    st.one_of(
        st.integers().map(str),
        st.floats().map(repr),
        st.text(alphabet="0123456789eE+-.", min_size=1, max_size=500),
        st.sampled_from(["NaN", "+Inf", "-Inf", "1" * 400, "9" * 5000]),
    ),
    st.one_of(st.just(""), st.integers().map(lambda i: f" {i}"), st.just(" 1e300")),
)


@SETTINGS
@given(st.lists(st.one_of(sample_line, st.text(alphabet=GRAMMAR, max_size=60)), max_size=30))
def test_mutated_sample_lines_never_raise(lines: list[str]) -> None:
    _check("\n".join(lines) + "\n")


def _plausible(name: str) -> st.SearchStrategy[float]:
    spec = FIELDS[name]
    lo, hi = float(spec.valid_min), float(min(spec.valid_max, 1e15))
    values = st.floats(min_value=lo, max_value=hi, allow_nan=False, allow_infinity=False)
    if spec.unit in {"errors", "bytes", "packets", "events", "ns", "mJ", "replays"}:
        values = st.integers(min_value=0, max_value=2**53).map(float)
    return values.filter(
        lambda v: (
            not (DCGM_FP64_BLANK <= v <= DCGM_FP64_BLANK + 3)
            and not (DCGM_INT32_BLANK <= v <= DCGM_INT32_BLANK + 3)
            and v != UINT32_NOT_SUPPORTED
        )
    )


@st.composite
def pages(draw: st.DrawFn) -> tuple[str, dict[tuple[int, str], float]]:
    n_gpus = draw(st.integers(min_value=1, max_value=4))
    names = draw(st.lists(st.sampled_from(PLAIN_FIELDS), min_size=1, max_size=8, unique=True))
    want: dict[tuple[int, str], float] = {}
    out: list[str] = []
    for name in names:
        out += [f"# HELP {name} x", f"# TYPE {name} gauge"]
        for g in range(n_gpus):
            v = draw(_plausible(name))
            want[(g, name)] = v
            text = str(int(v)) if v.is_integer() and abs(v) < 2**63 else repr(v)
            out.append(f'{name}{{gpu="{g}",UUID="GPU-{g}",Hostname="node-1"}} {text}')
    return "\n".join(out) + "\n", want


@SETTINGS
@given(pages())
def test_valid_pages_round_trip_every_value(page: tuple[str, dict[tuple[int, str], float]]) -> None:
    text, want = page
    p = parse_exposition(text)
    assert p.flags == [] and p.unmodelled == []
    for (g, name), v in want.items():
        frame = p.frame if name in GPU_FIELD_NAMES else p.extended
        got = frame.values[frame.entities.index(f"node-1/gpu{g}"), frame.fields.index(name)]
        assert got == v, (name, got, v)  # exact: repr() round-trips a float


@SETTINGS
@given(
    st.dictionaries(
        st.text(alphabet="0123456789", min_size=1, max_size=3),
        st.integers(min_value=0, max_value=10_000),
        min_size=1,
        max_size=6,
    )
)
def test_keyed_exp_series_sum_per_gpu_and_keep_each_key(per_xid: dict[str, int]) -> None:
    name = "DCGM_EXP_XID_ERRORS_COUNT"
    lines = [
        f'{name}{{gpu="0",Hostname="n",xid="{x}",window_size_in_ms="300000"}} {c}'
        for x, c in per_xid.items()
    ]
    p = parse_exposition("\n".join(lines) + "\n")
    assert p.keyed["n/gpu0"][name] == {x: float(c) for x, c in per_xid.items()}
    assert p.extended.column(name)[0] == sum(per_xid.values())


# ---------------------------------------------------------------- 1 MB adversarial inputs


def test_one_megabyte_adversarial_inputs_parse_in_under_a_cpu_second_and_a_half() -> None:
    # CPU time of this process, not wall time: the test machines are shared (load 4x the cores
    # is common) and what is bounded is the parser's work. Each input costs 0.1-0.6 CPU s on
    # the loaded 2-core development machine; 1.5 s leaves room for a loaded CI runner. The
    # strict bound (1 MB in < 1 s) is measured by `bench/fuzz_parsers.py --megabyte`.
    slow = {}
    for name, text in one_megabyte_pages().items():
        dt = _cpu_s(text)
        if dt >= 1.5:  # measured again before it counts: one reading can catch a GC pause
            dt = min(dt, _cpu_s(text))
        if dt >= 1.5:
            slow[name] = round(dt, 2)
    assert slow == {}


def _cpu_s(text: str) -> float:
    t0 = time.process_time()
    parse_exposition(text)
    return time.process_time() - t0


def test_parse_time_is_linear_in_the_input() -> None:
    line = 'DCGM_FI_DEV_GPU_TEMP{gpu="0",} 1 2 3 x\n'
    # best of three per size: one sample of ~20 ms CPU can carry a collector pause or a page-in
    # burst (CI once saw 0.53 s for the larger input), which says nothing about the parser
    times = [min(_cpu_s(line * n) for _ in range(3)) for n in (2_000, 8_000)]
    assert times[1] < 4 * times[0] * 2  # 4x the input: well under the 16x of quadratic time


def test_values_are_never_silently_garbage() -> None:
    p = parse_exposition('DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="h"} 1e400\n')
    assert np.isnan(p.frame.values).all() and [f.kind for f in p.flags] == ["out_of_range"]


label_value = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30) | st.text(
    alphabet="0123456789²٣", min_size=1, max_size=6000
)


@SETTINGS
@given(st.lists(st.tuples(label_value, label_value), min_size=1, max_size=4))
def test_any_label_values_never_raise(pairs: list[tuple[str, str]]) -> None:
    def esc(v: str) -> str:
        return v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")

    text = "".join(
        f'DCGM_FI_DEV_GPU_TEMP{{gpu="{esc(g)}",Hostname="{esc(h)}",GPU_I_ID="{esc(g)}"}} 50\n'
        for g, h in pairs
    )
    _check(text)
