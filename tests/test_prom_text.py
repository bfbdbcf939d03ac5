"""telemetry.prom_text reads exactly what prometheus_client reads: the same families (names,
help, types, samples, value types) or the same exception with the same message, for any text.

The library is the reference: these tests compare with the installed version, so a library
upgrade that changes its reading shows up here. Examples are not stored (database=None)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from prometheus_client.parser import text_string_to_metric_families

from gpufleet.telemetry.prom_text import metric_families

SETTINGS = settings(
    max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
PAGES = Path(__file__).parent / "data" / "exporter_pages"


def _outcome(read: object, text: str) -> str:
    try:
        families = list(read(text))  # type: ignore[operator]
    except Exception as exc:  # the comparison is the point: any exception, its message
        return f"raises {type(exc).__name__}: {exc}"
    # repr, not ==: 1 == 1.0 and nan != nan, but the value's type and NaN-ness are results
    return repr(families)


def _same(text: str) -> None:
    library = _outcome(text_string_to_metric_families, text)
    ours = _outcome(metric_families, text)
    assert ours == library, text[:500]


def test_the_real_exporter_pages_read_the_same() -> None:
    pages = sorted(PAGES.glob("*.prom"))
    assert pages
    for page in pages:
        text = page.read_text()
        assert metric_families(text)  # not vacuous: the pages have families
        _same(text)


FAMILY = st.sampled_from(["DCGM_FI_DEV_GPU_TEMP", "x", "x_total", "h", "h_bucket", "s_sum", "_"])
TYPE = st.sampled_from(["gauge", "counter", "summary", "histogram", "untyped", "info", "bogus"])
LABEL_NAME = st.sampled_from(["gpu", "Hostname", "le", "__name__", "__x", "1a", "a b", '"q"'])
LABEL_VALUE = st.text(alphabet='ab0 ,={}"\\n\t\u2028é', max_size=8)
NUMBER = st.sampled_from(
    [
        *("1", "-0", "+7", "1.5", "1e300", "1e400", "1" * 400, "9" * 5000, "NaN", "+Inf", "-Inf"),
        *("1_0", "0x10", "x", "", " ", "\t", "1 2", "1 2 3 x", "5 1e300", "5 -1", "1\t2"),
        *("1 # {a} 1", "\u0663", "1\xa0"),
    ]
)


@st.composite
def sample_line(draw: st.DrawFn) -> str:
    labels = draw(st.lists(st.tuples(LABEL_NAME, LABEL_VALUE), max_size=3))
    body = ",".join(f'{k}="{v}"' for k, v in labels)
    braces = draw(st.sampled_from(["{%s}", "{%s,}", "", "{%s", "{ %s }", "{,%s}"]))
    sep = draw(st.sampled_from([" ", "\t", "  ", ""]))
    name = draw(FAMILY)
    return f"{name}{braces % body if '%s' in braces else braces}{sep}{draw(NUMBER)}"


@st.composite
def header_line(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["HELP", "TYPE", "COMMENT", "help"]))
    name = draw(FAMILY | st.sampled_from(['"q x"', '"a\\"', "1x", "a\\nb", "\xa0"]))
    rest = draw(TYPE if kind == "TYPE" else st.text(alphabet='ab \t\\n"', max_size=10))
    gap = draw(st.sampled_from([" ", "\t", " \t ", " " * 30]))
    return f"#{gap}{kind}{gap}{name}{gap}{rest}".rstrip(draw(st.sampled_from(["", " "])))


LINE = sample_line() | header_line() | st.text(alphabet='{}"=,# \t\\.-+eE_:ab01NaIf\r', max_size=30)


@SETTINGS
@given(st.lists(LINE, max_size=12), st.sampled_from(["\n", "\r\n"]))
@example(['x{a="b",a="c"} 1'], "\n")  # a repeated label: the library's message
@example(["# TYPE x_total counter", "x_total 1", "x 2"], "\n")
@example(['{__name__="x"} 1'], "\n")
@example(["# HELP" + " " * 40 + "x doc"], "\n")
@example(['# HELP "a b" c \\n d'], "\n")
@example(['x{a="\\\\\\n\\\\\\"\\t\\n\\\\"} 1', "# HELP x \\\\\\n\\\\n\\t"], "\n")  # escapes
def test_lines_of_the_format_read_the_same(lines: list[str], newline: str) -> None:
    _same(newline.join(lines) + newline)


@SETTINGS
@given(st.text())
def test_any_text_reads_the_same(text: str) -> None:
    _same(text)
