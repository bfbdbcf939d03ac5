"""Prometheus text format -> metric families: prometheus_client's reader, in linear time.

:func:`metric_families` returns what ``list(prometheus_client.parser.
text_string_to_metric_families(text))`` returns, and raises what it raises, for every text
(``tests/test_prom_text.py`` checks this against the installed library, on arbitrary text).
Why not the library itself: its reader walks every sample line character by character in
Python (~50 µs a line, so 1 MB of short lines costs over a second), and it re-slices the rest
of a line at every separator it skips, so a header line with a 60,000-character run of blanks
costs ~0.1 s (2 s a megabyte). Outside input chooses its lines, so both are ways to stall a
parser.

What is the same: the family grouping (``# HELP`` / ``# TYPE``, the ``_total`` a counter's
samples get, the suffixes a summary or histogram family accepts), ported line for line from the
library's loop, and the library's value rules (an integer when the text is one, else a float;
the timestamp is the last blank-separated token, in ms). What differs: a sample line of the
plain shape ``name{label="value",...} rest`` or ``name rest`` is read with one regular
expression (labels unescaped with the library's own escape rule); header lines are split in one
pass. Any other sample line (quoted or UTF-8 names, blanks inside the braces, a malformed label
set) goes to the library's own line parser, so its sample or its error is the library's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from prometheus_client import parser as _library
from prometheus_client.metrics_core import Metric
from prometheus_client.samples import Sample

# The library's one-line parser, for lines off the plain shape. It is private: a library
# version without it sends every text to the public reader (correct, and as slow as before).
_library_parse_sample: Callable[[str], Sample] | None = getattr(_library, "_parse_sample", None)

_WHITESPACE = " \t\n\r\x0b\x0c"  # string.whitespace: the library's header separators
_LEGACY_NAME_RE = re.compile(r"^[a-zA-Z_:][a-zA-Z0-9_:]*$")  # the library's, `$` included

_NAME = r"[a-zA-Z_:][a-zA-Z0-9_:]*"
# Label names starting with "__" are reserved (and "__name__" special): the library decides.
_LABEL_NAME = r"(?!__)[a-zA-Z_][a-zA-Z0-9_]*"
# The library ends a quoted value at the first quote after an even run of backslashes.
_LABEL_VALUE = r'"(?:[^"\\]|\\.)*"'
_PAIR = rf"{_LABEL_NAME}={_LABEL_VALUE}"
_WITH_LABELS_RE = re.compile(rf"({_NAME})\{{((?:{_PAIR},)*(?:{_PAIR})?)\}}(.*)", re.DOTALL)
_PAIR_RE = re.compile(rf"({_LABEL_NAME})=({_LABEL_VALUE})", re.DOTALL)
_ASCII_INT_RE = re.compile(r"[+-]?[0-9]+")
_PLAIN_REST_RE = re.compile(r" ([^\s_]+)(?: ([^\s_]+))?")
_NO_LABELS_RE = re.compile(rf"({_NAME})[ \t]([^{{]*)", re.DOTALL)

_ALLOWED_SUFFIXES = {
    "counter": [""],
    "gauge": [""],
    "summary": ["_count", "_sum", ""],
    "histogram": ["_count", "_sum", "_bucket"],
}


def metric_families(text: str) -> list[Metric]:
    """Every metric family of ``text``, as the library reads it; the library's exception (and
    message) where it raises one."""
    if _library_parse_sample is None:  # pragma: no cover
        return list(_library.text_string_to_metric_families(text))
    return list(_families(text.split("\n")))


def _unescape(text: str) -> str:
    """The library's label-value unescaping (``\\\\``, ``\\n``, ``\\"``, left to right, any
    other backslash kept): split at the escaped backslashes first, so no callback runs per
    escape (a 60,000-backslash value)."""
    if "\\" not in text:
        return text
    parts = text.split("\\\\")
    return "\\".join(p.replace("\\n", "\n").replace('\\"', '"') for p in parts)


def _unescape_help(text: str) -> str:
    """The library's HELP unescaping (``\\\\`` and ``\\n`` only)."""
    if "\\" not in text:
        return text
    return "\\".join(p.replace("\\n", "\n") for p in text.split("\\\\"))


def _value(text: str) -> int | float:
    """The library's ``_parse_value``: an int when the text is one, else a float."""
    if text != text.strip() or "_" in text:
        raise ValueError(f"Invalid value: {text!r}")
    return _plain_value(text)


def _plain_value(text: str) -> int | float:
    """:func:`_value` of a token with no blank and no underscore."""
    if text.isascii() and _ASCII_INT_RE.fullmatch(text) is None:
        return float(text)  # int() would reject it: skip its exception
    try:
        return int(text)  # the library's rule: an int when it is one (any size)
    except ValueError:  # over the int-string digit limit; non-ASCII digits int() rejects
        return float(text)


def _value_and_timestamp(s: str) -> tuple[float, float | None]:
    """The library's ``_parse_value_and_timestamp``: the first token is the value, the last
    (when there are two or more) the timestamp in ms."""
    m = _PLAIN_REST_RE.fullmatch(s)
    if m is not None:  # " VALUE" or " VALUE TIMESTAMP": what the general rule below gives
        value, stamp = m.groups()
        return _plain_value(value), (_plain_value(stamp) / 1000 if stamp is not None else None)
    s = s.lstrip()
    separator = " " if " " in s else "\t"
    values = [v.strip() for v in s.split(separator) if v.strip()]
    if not values:
        return float(s), None
    value = _value(values[0])
    timestamp = (_value(values[-1]) / 1000) if len(values) > 1 else None
    return value, timestamp


def sample_line(line: str) -> Sample:
    """One sample line (no ``#``, not blank) as the library reads it, or its exception: a
    sample line reads the same whatever lines come before it."""
    if _library_parse_sample is None:  # pragma: no cover
        return next(iter(_library.text_string_to_metric_families(line + "\n"))).samples[0]
    return _sample(line.strip())


def _sample(line: str) -> Sample:
    """One stripped sample line: the plain shape here, anything else by the library."""
    m = _WITH_LABELS_RE.fullmatch(line)
    if m is not None:
        name, inner, rest = m.groups()
        labels: dict[str, str] = {}
        pairs = 0
        for label, quoted in _PAIR_RE.findall(inner):
            value = quoted[1:-1]
            labels[label] = _unescape(value)
            pairs += 1
        if len(labels) == pairs:  # a repeated label name: the library's message
            value, timestamp = _value_and_timestamp(rest)
            return Sample(name, labels, value, timestamp)
    elif "{" not in line:
        m = _NO_LABELS_RE.fullmatch(line)
        if m is not None:
            # the library reads what follows the blank; a leading blank changes nothing
            value, timestamp = _value_and_timestamp(" " + m.group(2))
            return Sample(m.group(1), {}, value, timestamp)
    assert _library_parse_sample is not None  # metric_families checked it
    return _library_parse_sample(line)


def _escaped(text: str, pos: int) -> bool:
    """The library's ``_is_character_escaped``: an odd run of backslashes before ``pos``."""
    run = 0
    while pos > run and text[pos - 1 - run] == "\\":
        run += 1
    return run % 2 == 1


def _next_unquoted_blank(text: str, start: int) -> int:
    in_quotes = False
    for i in range(start, len(text)):
        c = text[i]
        if c == '"' and not _escaped(text, i):
            in_quotes = not in_quotes
        elif not in_quotes and c in _WHITESPACE:
            return i
    return -1


def _header_parts(text: str) -> list[str]:
    """The library's ``_split_quoted(text, None, 3)`` (blanks inside quotes do not split; at
    most four parts, the last one the rest of the line), in one pass over the line."""
    if '"' not in text:
        return re.split(r"[ \t\n\r\x0b\x0c]+", text, maxsplit=3)
    tokens = [""]
    x = 0
    while x < len(text):
        if text[x] in _WHITESPACE:  # the library skips separators one at a time
            x += 1
            continue
        end = _next_unquoted_blank(text, x)
        if end == -1 or len(tokens) > 3:
            tokens[-1] = text[x:]
            break
        tokens[-1] = text[x:end]
        x = end + 1
        tokens.append("")
    return tokens


def _unquote(text: str) -> tuple[str, bool]:
    """The library's ``_unquote_unescape``: the text without its quotes, and whether it had
    them."""
    if not text:
        return text, False
    quoted = False
    text = text.strip()
    if text[0] == '"':
        if len(text) == 1 or text[-1] != '"':
            raise ValueError("missing close quote")
        text = text[1:-1]
        quoted = True
    return _unescape(text), quoted


def _build(name: str, documentation: str, typ: str, samples: list[Sample]) -> Metric:
    if typ == "counter":  # the library's OpenMetrics munging of counters
        if name.endswith("_total"):
            name = name[:-6]
        else:
            samples = [Sample(s[0] + "_total", *s[1:]) for s in samples]
    metric = Metric(name, documentation, typ)
    metric.samples = samples
    return metric


class _Family:
    """The family being read (the library's loop state)."""

    def __init__(self) -> None:
        self.name = ""
        self.documentation = ""
        self.typ = "untyped"
        self.samples: list[Sample] = []
        self.allowed: list[str] = []

    def reset(self) -> None:
        self.name, self.documentation, self.typ, self.samples, self.allowed = (
            "",
            "",
            "untyped",
            [],
            [],
        )

    def built(self) -> Metric:
        return _build(self.name, self.documentation, self.typ, self.samples)


def _families(lines: list[str]) -> Iterator[Metric]:
    """The library's ``text_fd_to_metric_families`` loop, over lines split at ``\\n``."""
    fam = _Family()
    for raw in lines:
        line = raw.strip()
        if line.startswith("#"):
            yield from _header(fam, _header_parts(line))
        elif line:
            sample = _sample(line)
            if sample.name not in fam.allowed:
                if fam.name != "":
                    yield fam.built()
                fam.reset()
                yield _build(sample[0], "", "untyped", [sample])
            else:
                fam.samples.append(sample)
    if fam.name != "":
        yield fam.built()


def _header(fam: _Family, parts: list[str]) -> Iterator[Metric]:
    if len(parts) < 2:
        return
    candidate, quoted = "", False
    if len(parts) > 2:
        if parts[1] != "TYPE" and parts[1] != "HELP":
            return
        candidate, quoted = _unquote(parts[2])
        if not quoted and not _LEGACY_NAME_RE.match(candidate):
            raise ValueError
    if parts[1] == "HELP":
        if candidate != fam.name:
            if fam.name != "":
                yield fam.built()
            fam.name, fam.typ, fam.samples, fam.allowed = candidate, "untyped", [], [candidate]
        fam.documentation = _unescape_help(parts[3]) if len(parts) == 4 else ""
    elif parts[1] == "TYPE":
        if len(parts) < 4:
            raise ValueError
        if candidate != fam.name:
            if fam.name != "":
                yield fam.built()
            fam.name, fam.documentation, fam.samples = candidate, "", []
        fam.typ = parts[3]
        fam.allowed = [fam.name + n for n in _ALLOWED_SUFFIXES.get(fam.typ, [""])]
