"""Slurm hostlists (``node-[01-03,07]``) → host names (pure, leaf).

Slurm writes node sets compressed everywhere operators read them: ``sinfo``'s NODELIST, a drain
reason's node list, ``scontrol show job``'s ``NodeList=``. Both the text readers (a pasted
``sinfo -R`` row that names ``compute[001-003]``) and the scheduler executor expand them here.
"""

from __future__ import annotations

import re

# Slurm's ways of writing "no value"
_NULLS = frozenset({"", "(null)", "N/A", "n/a", "None", "Unknown", "n/s"})


def _none(value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip()
    return None if value in _NULLS else value


def _split_top_level(expr: str) -> list[str]:
    out: list[str] = []
    cur: list[str] = []
    depth = 0
    for ch in expr:
        if ch == "[":
            depth += 1
        elif ch == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"hostlist {expr!r}: ']' without '['")
        if ch == "," and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if depth != 0:
        raise ValueError(f"hostlist {expr!r}: '[' without ']'")
    out.append("".join(cur))
    return [p.strip() for p in out if p.strip()]


def _expand_range(spec: str, expr: str) -> list[str]:
    values: list[str] = []
    for raw_part in spec.split(","):
        part = raw_part.strip()
        lo, sep, hi = part.partition("-")
        if not lo.isdigit() or (sep and not hi.isdigit()):
            raise ValueError(f"hostlist {expr!r}: bad range {part!r}")
        if not sep:
            values.append(lo)
            continue
        start, end = int(lo), int(hi)
        if end < start:
            raise ValueError(f"hostlist {expr!r}: range {part!r} runs backwards")
        if end - start > 100_000:
            raise ValueError(f"hostlist {expr!r}: range {part!r} is too large")
        width = len(lo) if lo.startswith("0") or len(lo) == len(hi) else 0
        values.extend(str(i).zfill(width) for i in range(start, end + 1))
    return values


def expand_hostlist(expr: str | None) -> list[str]:
    """Expand a SLURM hostlist: ``"node-[01-03,07]"`` -> ``[node-01, node-02, node-03, node-07]``.

    Handles comma-separated lists, several bracket groups (``r[1-2]n[1-2]``, expanded in
    order), zero padding, and SLURM's empty values (``""``, ``(null)``) -> ``[]``. Raises
    ValueError naming the bad part."""
    expr = _none(expr)
    if expr is None:
        return []
    hosts: list[str] = []
    for item in _split_top_level(expr):
        m = re.search(r"\[([^\[\]]*)\]", item)
        if m is None:
            hosts.append(item)
            continue
        head, tail = item[: m.start()], item[m.end() :]
        for value in _expand_range(m.group(1), expr):
            hosts.extend(expand_hostlist(f"{head}{value}{tail}"))
    return hosts
