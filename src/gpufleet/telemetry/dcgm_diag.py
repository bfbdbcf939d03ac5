"""``dcgmi diag`` results (the text table, or ``-j`` JSON) → per-test, per-GPU outcomes.

Pure (:mod:`telemetry.text_evidence` conventions). Layouts read:

* JSON, DCGM 2.x/3.x: ``{"DCGM GPU Diagnostic": {"test_categories": [{"category": "Hardware",
  "tests": [{"name": "Memory", "results": [{"gpu_ids": "0", "status": "Fail", "warnings":
  ["…"]}]}]}]}}`` (``gpu_ids`` a string, a CSV or a number; ``null`` entries skipped; text
  before the first ``{`` — dcgmi's own warnings — skipped);
* JSON, DCGM 4.x: the same under ``"DCGM Diagnostic"``, and/or ``"tests"`` at the top with
  results per entity (``entity_id`` / ``entity_group`` ``GPU``) and warnings as objects
  (``{"error_id": 12, "message": "…"}``);
* text: the ``+---+`` table, rows ``| memory | Fail - All |``, ``| | GPU0: Fail |``,
  ``| Warning | GPU 0 …`` (continuation rows append to the message).

Kinds: ``dcgm_diag_fail`` and ``dcgm_diag_warn`` (one per test and GPU; ``gpu`` set when the
result names one GPU, ``detail``: ``test``, ``category``, ``status``, ``gpus``, ``message``,
``error_id``), and one ``dcgm_diag_summary`` per document (``tests``, ``passed``, ``failed``,
``warned``, ``skipped``, ``version``, ``driver``). Passing and skipped results are counted as
ignored; a result with a status no version of DCGM writes is GPU text not understood.

Errors: :class:`DcgmDiagError` — invalid arguments, or a JSON document that cannot be read
(bounded by :mod:`telemetry.untrusted`: size, nesting, numbers).
"""

from __future__ import annotations

import re
from typing import Any

from gpufleet.telemetry.text_evidence import (
    ECHOED_COMMAND,
    MAX_LINE,
    SNIPPET,
    Signature,
    TextParse,
    as_text,
    lines_of,
)
from gpufleet.telemetry.untrusted import Limits, UntrustedInputError, loads_json

__all__ = ["DcgmDiagError", "parse_dcgm_diag"]

MAX_JSON_BYTES = 8 * 1024 * 1024
MAX_RESULTS = 100_000


class DcgmDiagError(ValueError):
    """Invalid arguments, or a ``-j`` document that is not readable JSON."""


_STATUS = {
    "pass": "pass",
    "passed": "pass",
    "fail": "fail",
    "failed": "fail",
    "error": "fail",
    "warn": "warn",
    "warning": "warn",
    "skip": "skip",
    "skipped": "skip",
    "not run": "skip",
    "notrun": "skip",
    "not applicable": "skip",
    "n/a": "skip",
}
_ROW = re.compile(r"^\|(?P<left>[^|]{0,200})\|(?P<right>[^|]{0,400})\|?\s*$")
_SECTION_ROW = re.compile(r"^[|+]-{2,}\s*(?P<name>[A-Za-z][A-Za-z ]{0,40}?)\s*-{2,}")
_RESULT = re.compile(
    r"^(?:GPU ?(?P<gpu>[0-9]{1,3}): ?)?(?P<status>Pass|Passed|Fail|Failed|Warn|Warning|Skip|"
    r"Skipped|Not Run|Error)\b(?: - (?P<who>[^|]{1,200}))?",
    re.I,
)
_GPU_IN_TEXT = re.compile(r"\bGPU ?(?P<gpu>[0-9]{1,3})\b")
_MESSAGE_LEFT = re.compile(r"^(?:Warning|Error|Info)\b", re.I)


def parse_dcgm_diag(data: str | bytes, *, origin: str, node: str = "") -> TextParse:
    """Signatures of one ``dcgmi diag`` result (JSON when the text holds a ``{`` before any
    table border, else the text table)."""
    if not isinstance(origin, str) or not origin:
        raise DcgmDiagError("origin must name the file or command the text came from")
    text = as_text(data)
    brace, table = text.find("{"), text.find("+---")
    if brace >= 0 and (table < 0 or brace < table):
        return _parse_json(text[brace:], origin, node)
    return _parse_table(text, origin, node)


# --------------------------------------------------------------------------- JSON
def _parse_json(text: str, origin: str, node: str) -> TextParse:
    try:
        doc = loads_json(text, origin, Limits(max_bytes=MAX_JSON_BYTES), what="dcgmi diag JSON")
    except UntrustedInputError as e:
        raise DcgmDiagError(str(e)) from None
    if not isinstance(doc, dict):
        raise DcgmDiagError(f"{origin}: expected a JSON object, got {type(doc).__name__}")
    root = doc.get("DCGM GPU Diagnostic") or doc.get("DCGM Diagnostic") or doc
    root = root if isinstance(root, dict) else {}
    out = TextParse()
    tests: list[tuple[str, Any]] = []
    for cat in _list(root.get("test_categories")):
        if isinstance(cat, dict):
            tests += [(str(cat.get("category", "")), t) for t in _list(cat.get("tests"))]
    tests += [("", t) for t in _list(root.get("tests"))]
    counts = {"pass": 0, "fail": 0, "warn": 0, "skip": 0}
    for category, test in tests[:MAX_RESULTS]:
        if not isinstance(test, dict):
            continue
        name = str(test.get("name", ""))[:80]
        for result in _list(test.get("results"))[:MAX_RESULTS]:
            if isinstance(result, dict):
                _json_result(result, name, category, origin, node, out, counts)
    _summary(out, origin, node, counts, str(root.get("version", "")), _driver(root, doc))
    return out


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def _driver(root: dict[str, Any], doc: dict[str, Any]) -> str:
    for src in (root, doc):
        for key in ("Driver Version Detected", "driver_version", "driverVersion"):
            if isinstance(src.get(key), str):
                return str(src[key])[:40]
    return ""


def _json_gpus(result: dict[str, Any]) -> list[int]:
    raw = result.get("gpu_ids", result.get("gpu_id"))
    if raw is None and str(result.get("entity_group", "GPU")).upper() == "GPU":
        raw = result.get("entity_id")
    if isinstance(raw, bool):
        return []
    if isinstance(raw, int):
        return [raw] if 0 <= raw < 10_000 else []
    if isinstance(raw, str):
        return [int(x) for x in raw.split(",") if x.strip().isdigit() and len(x.strip()) < 5]
    return []


def _json_message(result: dict[str, Any]) -> tuple[str, str]:
    """(message, error id) from a result's warnings / errors / info."""
    for key in ("warnings", "errors", "info"):
        for w in _list(result.get(key)):
            if isinstance(w, str):
                return w[:SNIPPET], ""
            if isinstance(w, dict):
                msg = w.get("message", w.get("warning", ""))
                err = w.get("error_id", "")
                return str(msg)[:SNIPPET], str(err)[:12]
    return "", ""


def _json_result(
    result: dict[str, Any],
    test: str,
    category: str,
    origin: str,
    node: str,
    out: TextParse,
    counts: dict[str, int],
) -> None:
    out.report.total += 1
    raw = str(result.get("status", "")).strip()
    status = _STATUS.get(raw.lower())
    if status is None:
        out.report.not_understood(
            0, f"dcgmi diag {test}: result status {raw[:40]!r}", gpu_text=True
        )
        return
    counts[status] += 1
    if status in ("pass", "skip"):
        out.report.ignored += 1
        return
    gpus = _json_gpus(result)
    message, error_id = _json_message(result)
    out.report.recognised += 1
    out.add(_sig(status, test, category, gpus, message, error_id, origin, node, 0))


def _sig(
    status: str,
    test: str,
    category: str,
    gpus: list[int],
    message: str,
    error_id: str,
    origin: str,
    node: str,
    line: int,
) -> Signature:
    return Signature(
        kind=f"dcgm_diag_{status}",
        source="dcgmi_diag",
        origin=origin,
        line=line,
        node=node,
        gpu=gpus[0] if len(gpus) == 1 else None,
        detail={
            "test": test,
            "category": category,
            "status": status,
            "gpus": ",".join(map(str, gpus)),
            "message": message,
            "error_id": error_id,
        },
        text=f"{test}: {status}" + (f" - {message}" if message else ""),
    )


def _summary(
    out: TextParse, origin: str, node: str, counts: dict[str, int], version: str, driver: str
) -> None:
    total = sum(counts.values())
    out.add(
        Signature(
            kind="dcgm_diag_summary",
            source="dcgmi_diag",
            origin=origin,
            line=0,
            node=node,
            detail={
                "tests": str(total),
                "passed": str(counts["pass"]),
                "failed": str(counts["fail"]),
                "warned": str(counts["warn"]),
                "skipped": str(counts["skip"]),
                "version": version[:40],
                "driver": driver,
            },
            text=f"dcgmi diag: {counts['fail']} failed, {counts['warn']} warned of {total}",
        )
    )


# --------------------------------------------------------------------------- text table
class _Table:
    def __init__(self, origin: str, node: str) -> None:
        self.origin, self.node = origin, node
        self.out = TextParse()
        self.category = ""
        self.test = ""
        self.meta: dict[str, str] = {}
        self.counts = {"pass": 0, "fail": 0, "warn": 0, "skip": 0}
        self.pending: list[tuple[str, list[int], int]] = []  # fail/warn rows awaiting a message
        self.message: list[str] = []
        self.orphan = 0  # line of a Warning / Error row that follows no failing row

    def flush(self) -> None:
        message = " ".join(self.message)[:SNIPPET]
        if self.orphan and not self.pending:
            # A warning under a passing (or no) result row is still a warning: DCGM 3.x puts
            # e.g. "GPU 3 had uncorrectable memory errors and row remappings are pending"
            # there at -r 3. It counts as recognised, not as an ignored message row.
            self.pending = [("warn", [], self.orphan)]
            self.out.report.ignored -= 1
            self.out.report.recognised += 1
            self.counts["warn"] += 1
        self.orphan = 0
        for status, named, line in self.pending:
            errs = _GPU_IN_TEXT.search(message)
            gpus = [int(errs["gpu"])] if not named and errs is not None else named
            self.out.add(
                _sig(
                    status,
                    self.test,
                    self.category,
                    gpus,
                    message,
                    "",
                    self.origin,
                    self.node,
                    line,
                )
            )
        self.pending, self.message = [], []

    def row(self, n: int, left: str, right: str) -> None:
        report = self.out.report
        if _MESSAGE_LEFT.match(left) is not None or (not left and self.message):
            if not self.message and not self.pending and left.lower().startswith(("warn", "err")):
                self.orphan = n
            self.message.append(f"{left.partition(':')[2].strip()} {right}".strip())
            report.ignored += 1
            return
        m = _RESULT.match(right)
        if m is None:
            if left and right and self.category in ("", "Metadata"):
                self.meta[left] = right  # metadata: DCGM Version, Driver Version Detected, …
                report.ignored += 1
            elif left or right:
                report.not_understood(n, f"{left} | {right}", gpu_text=True)
            else:
                report.ignored += 1
            return
        if left:
            self.flush()
            self.test = left
        status = _STATUS.get(m["status"].lower(), "skip")
        self.counts[status] += 1
        if status in ("pass", "skip"):
            report.ignored += 1
            return
        report.recognised += 1
        gpus = [int(m["gpu"])] if m["gpu"] else _who(m["who"] or "")
        if m["gpu"]:  # a per-GPU row replaces the test's overall row (DCGM 4.x)
            self.pending = [p for p in self.pending if p[1]]
        self.pending.append((status, gpus, n))


def _who(text: str) -> list[int]:
    return [int(g) for g in re.findall(r"GPU:? ?([0-9]{1,3})", text[:MAX_LINE])][:64]


def _parse_table(text: str, origin: str, node: str) -> TextParse:
    t = _Table(origin, node)
    for n, line in lines_of(text, t.out.report):
        t.out.report.total += 1
        s = line.strip()
        sec = _SECTION_ROW.match(s)
        if sec is not None:
            t.flush()
            t.category = sec["name"].strip()
            t.out.report.ignored += 1
            continue
        row = _ROW.match(s)
        if row is None:
            if not s or s.startswith(("+", "Successfully ran", "=")) or ECHOED_COMMAND.match(s):
                t.out.report.ignored += 1
            else:
                t.out.report.not_understood(n, s, gpu_text=True)
            continue
        t.row(n, row["left"].strip(), row["right"].strip())
    t.flush()
    version = t.meta.get("DCGM Version", "")
    _summary(t.out, origin, node, t.counts, version, t.meta.get("Driver Version Detected", ""))
    return t.out
