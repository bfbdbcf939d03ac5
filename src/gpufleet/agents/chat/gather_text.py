"""What the incident's own nodes and jobs wrote, read at answer time: the lines the text
parsers recognised in job logs, ``nvidia-smi -q``, device-plugin and Fabric Manager output
(``node_evidence.search``), quoted with where they came from, how many times each kind came,
and the identifiers each line names — the GPU UUID a device plugin marked, the NCCL host, pid
and CUDA device of a WARN line, an exit code or signal, a container image and its version, a
pod or container, an Xid — so "which device", "which rank", "how many times" and "what
exit code" are answered from the text itself, cited as the read that returned it and the
diagnosis's own record of that search.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from gpufleet.agents.chat.answer import Citation
from gpufleet.agents.chat.gather import Gathered, t
from gpufleet.agents.chat.gather_timeline import times
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts

MAX_KINDS = 6  # kinds of line described one by one (the tally covers all)
MAX_NODES = 4
# identifiers a line of text names: (label, pattern); the first group is the value
_IDS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("host", re.compile(r"^\s*([A-Za-z][\w.-]{0,62}):\d{1,9}:\d{1,9}\s+\[\d{1,4}\]")),
    ("pid", re.compile(r"^\s*[A-Za-z][\w.-]{0,62}:(\d{1,9}):\d{1,9}\s+\[\d{1,4}\]")),
    ("CUDA device", re.compile(r"^\s*[A-Za-z][\w.-]{0,62}:\d{1,9}:\d{1,9}\s+(\[\d{1,4}\])")),
    ("Xid", re.compile(r"\bXid\s*[=:]?\s*(?:\(PCI:[^)]*\):\s*)?(\d{1,3})\b", re.I)),
    ("UUID", re.compile(r"\b(GPU-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})\b", re.I)),
    ("exit code", re.compile(r"\bexit(?:ed with| code| status)+\s*[=:]?\s*(-?\d{1,3})\b", re.I)),
    ("signal", re.compile(r"\b(SIG[A-Z]{2,6}|signal\s+\d{1,2})\b")),
    # a tag is a version or a name, never a bare number ("transport/nvls.cc:244" is a source line)
    ("image", re.compile(r"\b((?:[\w.-]+/)+[\w.-]+:(?:v?\d+\.\d+[\w.-]*|[a-z][\w.-]*))(?![\w@/])")),
    ("pod", re.compile(r"\bpod[=:/\s]\s*'?([a-z0-9][a-z0-9.-]{2,62})", re.I)),
    ("container", re.compile(r"\bcontainer[=:\s]\s*'?([a-z0-9][a-z0-9-]{2,62})\b", re.I)),
)
# nvidia-smi -q readings worth saying, in words (the parser's keys)
_SMI = (
    ("remapped_uncorrectable", "remapped rows, uncorrectable: {}"),
    ("remapped_correctable", "remapped rows, correctable: {}"),
    ("remap_pending", "row remapping pending: {}"),
    ("remap_failure", "row remapping failure: {}"),
    ("ecc_volatile_uncorrectable", "volatile uncorrectable ECC: {}"),
    ("ecc_aggregate_uncorrectable", "aggregate uncorrectable ECC: {}"),
    ("retired_dbe", "retired pages (DBE): {}"),
    ("retired_pending", "page retirement pending: {}"),
    ("recovery_action", "GPU recovery action: {}"),
    ("reset_required", "reset required: {}"),
    ("drain_and_reset", "drain and reset recommended: {}"),
    ("fabric_state", "fabric state: {}"),
    ("product", "product: {}"),
    ("driver", "driver: {}"),
)


def text_ids(line: str) -> list[tuple[str, str]]:
    """The (label, value) identifiers one line of node or job text names, in order."""
    found = [(label, m.group(1)) for label, p in _IDS for m in p.finditer(line)]
    return list(dict.fromkeys(found))


def _readings(detail: dict[str, Any]) -> list[str]:
    said = [fmt.format(t(detail[k], 60)) for k, fmt in _SMI if str(detail.get(k) or "").strip()]
    return (
        said
        or [
            f"{t(k, 30)} {t(v, 60)}"
            for k, v in detail.items()
            if str(v).strip() and k not in ("text", "line")
        ][:6]
    )


def _nodes(f: IncidentFacts) -> list[str]:
    inc = f.incident
    found = [*inc.nodes, inc.root_entity.split("/")[0], *(e.split("/")[0] for e in inc.entities)]
    return list(dict.fromkeys(n for n in found if n and not n.startswith("rack-")))[:MAX_NODES]


def _search(reads: ChatReads, nodes: list[str]) -> tuple[dict[str, Any], str] | None:
    """The nodes' text, then again with the jobs whose files it found (a job's log names no
    node until a line does)."""
    res = reads.fleet_read("node_evidence.search", {"nodes": nodes})
    if res is None or not res.ok or not isinstance(res.data, dict):
        return None
    jobs = sorted({str(x.get("job")) for x in res.data.get("files") or [] if x.get("job")})
    if jobs:
        more = reads.fleet_read("node_evidence.search", {"nodes": nodes, "jobs": jobs})
        if more is not None and more.ok and isinstance(more.data, dict):
            res = more
    return (res.data, res.query) if isinstance(res.data, dict) else None


def node_text(g: Gathered, f: IncidentFacts, reads: ChatReads) -> bool:
    """Say what the incident's node and job text holds; False when there is none."""
    return place_text(g, _nodes(f), reads, lambda: _searched(g, f))


def place_text(
    g: Gathered,
    nodes: list[str],
    reads: ChatReads,
    also: Callable[[], list[Citation]] = list,
) -> bool:
    """Say what these nodes' text holds (reports, command output, job logs), each line quoted
    with its file and line; ``also``: more citations for every sentence. False when none."""
    found = _search(reads, nodes)
    if found is None:
        return False
    data, query = found
    items = [i for i in data.get("items") or [] if isinstance(i, dict)]
    files = [x for x in data.get("files") or [] if isinstance(x, dict)]
    if not files:
        return False
    cites = [g.cite("query", query, query), *also()]
    names = ", ".join(_file_name(x) for x in files[:4])
    counts = Counter(str(i.get("kind")) for i in items)
    tally = ", ".join(f"{t(k, 40)} {times(n)}" for k, n in counts.most_common()) or "nothing"
    said = f"holds {len(items)} recognised line(s): {tally}"
    g.say(f"The node and job text ({names}) {said}.", *cites)
    for kind, n in counts.most_common(MAX_KINDS):
        _say_kind(g, [i for i in items if i.get("kind") == kind], n, cites)
    for u in (data.get("unparsed_lines") or [])[:3]:
        if isinstance(u, dict):
            ids = text_ids(str(u.get("text", "")))
            named = f" (names {_ids(ids)})" if ids else ""
            g.say(
                f"Not understood by a parser, {t(u.get('file'), 80)} line {u.get('line')}: "
                f"{t(u.get('text'), 200)}{named}.",
                *cites,
            )
    return True


def _file_name(x: dict[str, Any]) -> str:
    job = f" (job log {t(x.get('job'), 40)})" if x.get("job") else ""
    return f"{t(x.get('path'), 80)}{job}"


def _ids(pairs: list[tuple[str, str]]) -> str:
    return "; ".join(f"{label} {t(v, 80)}" for label, v in pairs[:8])


def _say_kind(g: Gathered, same: list[dict[str, Any]], n: int, cites: list[Citation]) -> None:
    first = same[0]
    where = f"{t(first.get('origin'), 80)} line {first.get('line')}"
    ids = text_ids(str(first.get("text", "")))
    detail = first.get("detail") if isinstance(first.get("detail"), dict) else {}
    readings = _readings(detail or {}) if first.get("source") == "nvidia_smi_q" else _merged(same)
    extra = [f"names {_ids(ids)}"] if ids else []
    extra += [", ".join(readings)] if readings else []
    tail = f" ({'; '.join(extra)})" if extra else ""
    node = f" on {t(first.get('node'), 60)}" if first.get("node") else ""
    g.say(
        f"{t(first.get('kind'), 40)} came {times(n)}{node}, first at {where}: "
        f'"{t(first.get("text"), 240)}"{tail}.',
        *cites,
    )


def _merged(same: list[dict[str, Any]]) -> list[str]:
    """Every distinct value the lines of one kind parsed (a container's image, reasons and
    exit code come on separate lines of ``kubectl describe``)."""
    pairs = [
        (str(k), str(v))
        for i in same
        if isinstance(i.get("detail"), dict)
        for k, v in i["detail"].items()
        if str(v).strip()
    ]
    return [f"{t(k.replace('_', ' '), 30)} {t(v, 100)}" for k, v in dict.fromkeys(pairs)][:8]


def _searched(g: Gathered, f: IncidentFacts) -> list[Citation]:
    """The diagnosis's own evidence item of the same search (it recorded what was found)."""
    ev = f.diagnosis.evidence if f.diagnosis else ()
    return [
        g.cite("evidence", e.evidence_id, e.summary) for e in ev if e.tool == "node_evidence.search"
    ][:1]
