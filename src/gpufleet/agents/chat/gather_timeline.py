"""The incident's timeline, read from the fleet at answer time: the kernel-log events of its
nodes in order (when each came, how far apart, how many of each kind) and the moment each of
its GPUs' metrics left their baseline. "When did it start", "how many times", "how far apart"
and "has it done this before" are answered from these, not from when the incident opened
(an incident often opens minutes after the first sign)."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime
from typing import Any

import numpy as np

from gpufleet.agents.chat.answer import Citation
from gpufleet.agents.chat.gather import Gathered, t, utc
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts

LOOKBACK_S = 3600.0  # how far before the incident opened the log and metrics are read
MAX_EVENTS = 8  # events listed one by one (the counts cover all)
# the fields whose departure from baseline marks an onset, with their unit
ONSET_FIELDS = (
    ("DCGM_FI_DEV_GPU_TEMP", "°C"),
    ("DCGM_FI_DEV_POWER_USAGE", " W"),
    ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", ""),
    ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", ""),
)
# a change smaller than this (per field) is noise, not an onset
MIN_CHANGE = {"DCGM_FI_DEV_GPU_TEMP": 5.0, "DCGM_FI_DEV_POWER_USAGE": 30.0}
_TIMES = {1: "once", 2: "twice"}


def stamp(ts: float) -> str:
    """A log time to the millisecond: events of one burst differ by milliseconds."""
    return datetime.fromtimestamp(ts, UTC).strftime("%H:%M:%S.%f")[:-3]


def gap(seconds: float) -> str:
    if seconds < 1.0:
        return f"{round(seconds * 1000)} ms"
    if seconds < 120.0:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min"


def times(n: int) -> str:
    return _TIMES.get(n, f"{n} times")


def _label(e: dict[str, Any]) -> str:
    xid = e.get("xid")
    return f"Xid {xid}" if isinstance(xid, int) else str(e.get("kind") or "event")


def _nodes(f: IncidentFacts) -> list[str]:
    inc = f.incident
    found = [*inc.nodes, inc.root_entity.split("/")[0], *(e.split("/")[0] for e in inc.entities)]
    return list(dict.fromkeys(n for n in found if n))[:4]


def log_timeline(g: Gathered, f: IncidentFacts, reads: ChatReads, now: float) -> bool:
    """The kernel-log events of the incident's nodes in order; False when none were read."""
    start = f.incident.opened_at - LOOKBACK_S
    nodes = _nodes(f)
    res = reads.fleet_read(
        "kernel_log.search", {"nodes": nodes, "start": start, "end": now, "limit": 500}
    )
    if res is None or not res.ok or not isinstance(res.data, list):
        return False
    events = [e for e in res.data if isinstance(e, dict) and isinstance(e.get("time"), float)]
    if not events:
        return False
    q = g.cite("query", res.query, res.query)
    counts = Counter(_label(e) for e in events)
    first, last = float(events[0]["time"]), float(events[-1]["time"])
    tally = ", ".join(f"{k} {times(n)}" for k, n in counts.most_common())
    g.say(
        f"The kernel log of {', '.join(nodes)} holds {len(events)} event(s) since "
        f"{utc(start)}: {tally}; the first at {utc(first)[:-4]} ({stamp(first)} UTC), the "
        f"last {gap(last - first)} later.",
        q,
    )
    listed, prev = [], first
    for e in events[:MAX_EVENTS]:
        ts = float(e["time"])
        step = "" if ts == first else f" (+{gap(ts - prev)})"
        listed.append(f"{stamp(ts)}{step} {_label(e)} on {t(e.get('gpu') or e.get('node'), 60)}")
        prev = ts
    g.say(f"In order: {'; '.join(listed)}.", q)
    _untimed(g, events, q)
    return True


def untimed(g: Gathered, f: IncidentFacts, reads: ChatReads, now: float) -> None:
    """Only the caveat on the incident's log lines that carry no time of their own (every
    answer about the incident states a time: the reader must know when it is only a bound)."""
    start = f.incident.opened_at - LOOKBACK_S
    res = reads.fleet_read(
        "kernel_log.search", {"nodes": _nodes(f), "start": start, "end": now, "limit": 500}
    )
    if res is not None and res.ok and isinstance(res.data, list):
        events = [e for e in res.data if isinstance(e, dict) and isinstance(e.get("time"), float)]
        if events:
            _untimed(g, events, g.cite("query", res.query, res.query))


def _untimed(g: Gathered, events: list[dict[str, Any]], q: Citation) -> None:
    """Lines whose text carries no time of their own (a pasted ticket, ``journalctl -o cat``)
    were stamped when the log was read: their time is an upper bound, not when it happened."""
    bare = [e for e in events if (e.get("attrs") or {}).get("time") == "inferred"]
    if not bare:
        return
    via = sorted({str((e.get("attrs") or {}).get("via") or "bare text") for e in bare})
    last = max(float(e["time"]) for e in bare)
    g.say(
        f"{len(bare)} of these line(s) have no timestamp of their own ({t(', '.join(via), 60)}): "
        f"the time shown is when the log was read ({utc(last)}), so they happened at or "
        "before it, not necessarily then.",
        q,
    )


def _onset(
    points: list[tuple[float, float]], floor: float
) -> tuple[float, float, float, float] | None:
    """(last time at the baseline, first time out of it, baseline, level at the end) of the
    first excursion out of the series' early band that lasts: 85 % of the samples from it to
    the end stay out on the same side, so a job's restart dip is not an onset and a fault's
    plateau with a dip still is. None when nothing left the band."""
    vals = np.array([v for _, v in points])
    early = vals[: max(4, len(vals) // 3)]
    base = float(np.median(early))
    half = max(3.0 * float(np.median(np.abs(early - base))), floor / 2)
    for i, v in enumerate(vals):
        side = 1.0 if v > base + half else -1.0 if v < base - half else 0.0
        rest = (vals[i:] - base) * side > half
        if side == 0.0 or len(rest) < 4 or rest.mean() < 0.85:
            continue
        at = max((j for j in range(i) if (vals[j] - base) * side <= 0), default=i)
        end = float(np.median(vals[-max(3, len(vals) // 10) :]))
        return points[at][0], points[i][0], base, end
    return None


def metric_onsets(g: Gathered, f: IncidentFacts, reads: ChatReads, now: float) -> bool:
    """When each of the incident's GPUs' metrics left their baseline; False when none did."""
    inc = f.incident
    gpus = [e for e in inc.entities if "/gpu" in e][:4] or [inc.root_entity]
    start = inc.opened_at - LOOKBACK_S
    fields = [name for name, _ in ONSET_FIELDS]
    res = reads.fleet_read(
        "metrics.history", {"entities": gpus, "fields": fields, "start": start, "end": now}
    )
    if res is None or not res.ok or not isinstance(res.data, dict):
        return False
    q = g.cite("query", res.query, res.query)
    said = False
    for entity, series in sorted(res.data.items()):
        for name, unit in ONSET_FIELDS:
            points = [(float(a), float(b)) for a, b in series.get(name, []) if float(b) == float(b)]
            said = said_onset(g, name, entity, points, unit, q) or said
    return said


def said_onset(
    g: Gathered,
    field: str,
    entity: str,
    points: list[tuple[float, float]],
    unit: str,
    q: Citation,
) -> bool:
    """One series' onset, when it has one: a metric over a window says when it changed."""
    found = _onset(points, MIN_CHANGE.get(field, 0.5)) if len(points) > 3 else None
    if found is not None:
        last_normal, first_out, base, end = found
        way = "rise" if end > base else "fall"
        g.say(
            f"{field} of {t(entity, 80)} began to {way} on {utc(first_out)[:10]} between "
            f"{stamp(last_normal)[:8]} and {stamp(first_out)[:8]} UTC (from {base:.1f}{unit} to "
            f"{end:.1f}{unit}).",
            q,
        )
    return found is not None
