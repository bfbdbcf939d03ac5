"""Bounded readers for outside input: JSON, YAML and line files with size and depth limits.

Every parser of outside input (Alertmanager payloads, configs and policy, recorded incidents,
run directories, model output) goes through these helpers so it can promise: it returns a result
or raises its one documented error type, in time linear in the input, with bounded memory.

What is checked, before any recursive parser sees the input:

* **size**: the caller's byte cap (:class:`Limits`);
* **text**: UTF-8 only (a leading BOM is dropped; an invalid byte is reported with its line and
  column); CRLF line ends are accepted;
* **JSON nesting**: a linear, non-recursive scan of the brackets outside strings rejects a
  document nested deeper than ``max_depth`` (default 64); ``NaN`` / ``Infinity``, floats that
  overflow and integers longer than ``MAX_INT_DIGITS`` (300; far below Python's 4,300-digit
  int-string limit, and within float range) are refused with a clear message;
* **YAML**: the composer counts its depth and stops at ``max_depth`` (with the line), aliases
  are expanded *by count only* (a "billion laughs" document is refused before anything walks it;
  a recursive alias is refused), an integer longer than ``MAX_INT_DIGITS`` and a scalar the
  constructor cannot build (an impossible date) are reported with their line.

Everything here raises :class:`UntrustedInputError` (a ``ValueError``) with a message that names
the source and, where known, the line; callers re-raise it as their own error type.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO, Any

import numpy as np
import yaml

DEFAULT_MAX_DEPTH = 64
DEFAULT_MAX_YAML_NODES = 100_000  # scalars + collections after expanding aliases
_INT_DIGITS_HINT = "integers are limited to 4,300 digits"
MAX_INT_DIGITS = 300  # integers longer than this are refused (1e300 is still a float)


class UntrustedInputError(ValueError):
    """Outside input that exceeds a limit or cannot be read; the message says where and why."""


@dataclass(frozen=True)
class Limits:
    max_bytes: int = 1024 * 1024
    max_depth: int = DEFAULT_MAX_DEPTH
    max_yaml_nodes: int = DEFAULT_MAX_YAML_NODES


# ---------------------------------------------------------------------------- text
def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    col = offset - (data.rfind(b"\n", 0, offset) + 1) + 1
    return line, col


def decode_text(data: bytes | str, source: str, max_bytes: int) -> str:
    """UTF-8 text (BOM dropped) of at most ``max_bytes`` bytes, or :class:`UntrustedInputError`."""
    if isinstance(data, str):
        if len(data) > max_bytes:  # a character is at least one byte
            raise UntrustedInputError(
                f"{source}: {len(data)} characters exceeds the limit of {max_bytes} bytes"
            )
        return data.removeprefix("\ufeff")
    if len(data) > max_bytes:
        raise UntrustedInputError(f"{source}: {len(data)} bytes exceeds the limit of {max_bytes}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _line_col(data, e.start)
        raise UntrustedInputError(
            f"{source}:{line}:{col}: not UTF-8 text (byte 0x{data[e.start]:02x} at offset "
            f"{e.start})"
        ) from None
    return text.removeprefix("\ufeff")


def read_text(path: Any, source: str | None = None, max_bytes: int = 1024 * 1024) -> str:
    """A file's UTF-8 text, reading at most ``max_bytes + 1`` bytes (an oversized file is
    refused without being read whole). ``OSError`` is left to the caller (it names the cause)."""
    with open(path, "rb") as fh:  # noqa: PTH123 (path may be str or Path)
        data = fh.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise UntrustedInputError(f"{source or path}: larger than the limit of {max_bytes} bytes")
    return decode_text(data, str(source or path), max_bytes)


def bounded_lines(
    fh: IO[str], max_line: int, max_lines: int | None = None
) -> Iterator[tuple[int, str | None]]:
    """(line number, line) from a text file, never holding more than ``max_line`` characters of
    one line: a longer line is yielded as None (the caller reports it) and skipped. Stops with
    :class:`UntrustedInputError` after ``max_lines`` lines when given."""
    n = 0
    while True:
        chunk = fh.readline(max_line + 1)
        if not chunk:
            return
        n += 1
        if max_lines is not None and n > max_lines:
            raise UntrustedInputError(f"more than {max_lines} lines")
        if len(chunk) > max_line and not chunk.endswith("\n"):
            while chunk and not chunk.endswith("\n"):  # drop the rest of the long line
                chunk = fh.readline(64 * 1024)
            yield n, None
            continue
        yield n, chunk.removeprefix("\ufeff") if n == 1 else chunk


# ---------------------------------------------------------------------------- JSON
# A JSON string (possibly unterminated: then it runs to the end). The alternatives are
# disjoint, so matching is linear.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"?', re.DOTALL)


def json_depth(text: str) -> int:
    """The deepest bracket nesting of a JSON text, by a linear scan (strings skipped)."""
    bare = _JSON_STRING.sub("", text)
    if "[" not in bare and "{" not in bare:
        return 0
    # brackets are ASCII, one byte each in UTF-8
    marks = np.frombuffer(bare.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    opens = (marks == ord("[")) | (marks == ord("{"))
    closes = (marks == ord("]")) | (marks == ord("}"))
    steps = opens[opens | closes].astype(np.int32) * 2 - 1
    return int(np.cumsum(steps, dtype=np.int64).max(initial=0))


def json_value_depth(text: str) -> int:
    """The nesting depth of the first JSON value at the start of ``text`` (up to where its
    brackets close; what follows is ignored), by the same linear scan as :func:`json_depth`."""
    bare = _JSON_STRING.sub("", text)
    marks = np.frombuffer(bare.encode("utf-8", "surrogatepass"), dtype=np.uint8)
    opens = (marks == ord("[")) | (marks == ord("{"))
    closes = (marks == ord("]")) | (marks == ord("}"))
    steps = opens[opens | closes].astype(np.int32) * 2 - 1
    if steps.size == 0:
        return 0
    levels = np.cumsum(steps, dtype=np.int64)
    closed = np.flatnonzero(levels <= 0)
    end = int(closed[0]) + 1 if closed.size else levels.size
    return int(levels[:end].max(initial=0))


def json_decoder() -> json.JSONDecoder:
    """A decoder with this module's number rules (no NaN/Infinity, finite floats, bounded ints);
    its errors are ``json.JSONDecodeError`` or :class:`UntrustedInputError`."""
    return json.JSONDecoder(parse_float=_finite_float, parse_int=_int, parse_constant=_no_constant)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UntrustedInputError(f"number {text[:40]!r} overflows a float")
    return value


def _no_constant(name: str) -> Any:
    raise UntrustedInputError(f"{name} is not a JSON number (NaN and Infinity are refused)")


def _int(text: str) -> int:
    # Beyond float range no format read here means anything, and float() of it overflows.
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise UntrustedInputError(
            f"number of {len(text)} digits is too long (at most {MAX_INT_DIGITS} digits)"
        )
    return int(text)


_DECODER = json_decoder()


def loads_json(
    data: bytes | str, source: str, limits: Limits = Limits(), *, what: str = "JSON"
) -> Any:
    """Parse one JSON document within ``limits`` or raise :class:`UntrustedInputError`."""
    text = decode_text(data, source, limits.max_bytes)
    # cheap first: with no more brackets than the limit, nothing can nest deeper
    brackets = text.count("[") + text.count("{")
    depth = json_depth(text) if brackets > limits.max_depth else 0
    if depth > limits.max_depth:
        raise UntrustedInputError(
            f"{source}: {what} nested {depth} deep; the limit is {limits.max_depth}"
        )
    try:
        return _DECODER.decode(text)
    except json.JSONDecodeError as e:
        raise UntrustedInputError(
            f"{source}:{e.lineno}:{e.colno}: not valid {what}: {e.msg}"
        ) from None
    except UntrustedInputError as e:
        raise UntrustedInputError(f"{source}: {e}") from None
    except RecursionError:  # unreachable after the depth scan; kept as a last guard
        raise UntrustedInputError(f"{source}: {what} nested too deep") from None


# ---------------------------------------------------------------------------- YAML
class _PyParser(
    yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser, yaml.composer.Composer
):
    """PyYAML's pure-Python reader, scanner, parser and composer (when libyaml is missing)."""

    def __init__(self, stream: str) -> None:
        yaml.reader.Reader.__init__(self, stream)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)


_Parser: Any
try:  # libyaml's parser and composer: ~20x faster; same events, errors and marks
    from yaml.cyaml import CParser as _CParser  # type: ignore[attr-defined]

    _Parser = _CParser
except ImportError:  # pragma: no cover - PyYAML built without libyaml
    _Parser = _PyParser


class _BoundedConstructor(yaml.constructor.SafeConstructor):
    """SafeConstructor that reports Python-level failures (a 5,000-digit integer, an impossible
    date) as a marked YAML error naming the value's line."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node.tag == "tag:yaml.org,2002:int" and len(str(node.value)) > MAX_INT_DIGITS + 20:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"number too long ({len(str(node.value))} characters; at most "
                f"{MAX_INT_DIGITS} digits)",
                node.start_mark,
            )
        try:
            value = super().construct_object(node, deep)
            if isinstance(value, int) and value.bit_length() > 1000:  # beyond float range
                raise ValueError(f"integer too large ({value.bit_length()} bits)")
            return value
        except (ValueError, OverflowError, TypeError, RecursionError) as e:
            problem = str(e)
            if "integer string conversion" in problem:
                problem = f"number too long ({_INT_DIGITS_HINT})"
            raise yaml.constructor.ConstructorError(
                None, None, f"cannot read this value: {problem}", node.start_mark
            ) from None


class _Loader(
    _Parser,  # type: ignore[misc]
    _BoundedConstructor,
    yaml.resolver.Resolver,
):
    def __init__(self, stream: str) -> None:
        _Parser.__init__(self, stream)
        _BoundedConstructor.__init__(self)
        yaml.resolver.Resolver.__init__(self)


class _EventLoader(_Parser):  # type: ignore[misc]
    pass


def _line(event: Any) -> int:
    mark = getattr(event, "start_mark", None)
    return mark.line + 1 if mark is not None else 0


def scan_yaml(text: str, source: str, limits: Limits = Limits()) -> None:
    """Check a YAML text's nesting depth and its node count with aliases expanded, by a
    streaming scan of the parser's events (no recursion, stops at the first excess). A
    recursive alias (a value containing itself) is refused."""
    # one frame per open collection: [nodes so far, deepest child, anchor]
    stack: list[list[Any]] = [[0, 0, None]]
    anchors: dict[str, tuple[int, int]] = {}  # anchor → (expanded nodes, depth)
    total = 0
    loader = _EventLoader(text)
    try:
        while loader.check_event():
            event = loader.get_event()
            if isinstance(event, yaml.AliasEvent):
                if event.anchor not in anchors:
                    if any(f[2] == event.anchor for f in stack):
                        raise UntrustedInputError(
                            f"{source}:{_line(event)}: alias *{event.anchor} refers to a value "
                            "that contains it (a recursive document)"
                        )
                    continue  # undefined: the composer reports it
                size, depth = anchors[event.anchor]
            elif isinstance(event, yaml.ScalarEvent):
                size, depth = 1, 0  # depth counts collections, as brackets do in JSON
            elif isinstance(event, yaml.CollectionStartEvent):
                stack.append([1, 0, event.anchor])
                if len(stack) - 1 > limits.max_depth:
                    raise UntrustedInputError(
                        f"{source}:{_line(event)}: nested deeper than {limits.max_depth} levels"
                    )
                total += 1
                if total > limits.max_yaml_nodes:
                    raise UntrustedInputError(
                        f"{source}:{_line(event)}: more than {limits.max_yaml_nodes} values"
                    )
                continue
            elif isinstance(event, yaml.CollectionEndEvent):
                size, child_depth, anchor = stack.pop()
                depth = child_depth + 1
                if anchor is not None:
                    anchors[anchor] = (size, depth)
                frame = stack[-1]
                frame[0] += size
                frame[1] = max(frame[1], depth)
                continue
            else:
                continue
            if isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
                anchors[event.anchor] = (1, 0)
            total += size
            if total > limits.max_yaml_nodes:
                raise UntrustedInputError(
                    f"{source}:{_line(event)}: more than {limits.max_yaml_nodes} values once "
                    "aliases are expanded"
                )
            if len(stack) - 1 + depth > limits.max_depth:
                raise UntrustedInputError(
                    f"{source}:{_line(event)}: nested deeper than {limits.max_depth} levels "
                    "once aliases are expanded"
                )
            frame = stack[-1]
            frame[0] += size
            frame[1] = max(frame[1], depth)
    except yaml.YAMLError as e:
        raise UntrustedInputError(yaml_error_text(e, source)) from None
    finally:
        loader.dispose()


def yaml_error_text(error: yaml.YAMLError, source: str) -> str:
    """``source:line:col: problem`` for a PyYAML error (line where PyYAML knows it)."""
    if isinstance(error, yaml.MarkedYAMLError):
        mark = error.problem_mark or error.context_mark
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark is not None else source
        problem = error.problem or str(error)
        if error.context:
            problem = f"{error.context}: {problem}"
        return f"{where}: {problem}"
    if isinstance(error, yaml.reader.ReaderError):
        return f"{source}: {error.reason} (character {error.character!r} at {error.position})"
    return f"{source}: {error}"


def load_yaml(
    data: bytes | str, source: str, limits: Limits = Limits()
) -> tuple[Any, yaml.Node | None]:
    """(value, node graph) of one YAML document within ``limits``, or
    :class:`UntrustedInputError` naming the line. An empty document gives (None, None).
    The text is scanned (:func:`scan_yaml`) before the recursive composer sees it."""
    text = decode_text(data, source, limits.max_bytes)
    scan_yaml(text, source, limits)
    loader = _Loader(text)
    try:
        node: yaml.Node | None = loader.get_single_node()
        if node is None:
            return None, None
        return loader.construct_document(node), node
    except yaml.YAMLError as e:
        raise UntrustedInputError(yaml_error_text(e, source)) from None
    finally:
        loader.dispose()


def read_yaml(path: Any, source: str | None = None, limits: Limits = Limits()) -> Any:
    """:func:`load_yaml` of a file, read with :func:`read_text`'s cap. ``OSError`` propagates."""
    src = str(source or path)
    return load_yaml(read_text(path, src, limits.max_bytes), src, limits)[0]


# ---------------------------------------------------------------------------- reporting
CONFIG_LIMITS = Limits(max_bytes=1024 * 1024, max_depth=DEFAULT_MAX_DEPTH, max_yaml_nodes=20_000)
MAX_REPORTED = 20  # problems listed in one error message; the rest are counted


def clip(value: object, limit: int = 120) -> str:
    """``str(value)`` cut to ``limit`` characters (keys and values from outside input)."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def capped(lines: list[str], limit: int = MAX_REPORTED) -> list[str]:
    """The first ``limit`` lines, plus one saying how many more there were."""
    if len(lines) <= limit:
        return lines
    return [*lines[:limit], f"  … and {len(lines) - limit} more"]


_LOCATION = re.compile(r":[0-9]{1,9}(?::[0-9]{1,9})?")


def with_label(error: UntrustedInputError, source: str, label: str) -> str:
    """``source[:line[:col]]: label: problem`` from an error whose message starts with
    ``source`` (all of this module's do), e.g. label ``not valid YAML``."""
    text = str(error)
    if not text.startswith(source):
        return f"{source}: {label}: {text}"
    rest = text[len(source) :]
    loc = _LOCATION.match(rest)
    where = source + (loc.group(0) if loc else "")
    problem = rest[loc.end() if loc else 0 :].removeprefix(": ")
    return f"{where}: {label}: {problem}"
