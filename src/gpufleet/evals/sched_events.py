"""``events.jsonl``: scheduler events of a recorded incident, one JSON object per line.

Kinds and fields (``time`` is RFC 3339 or Unix seconds)::

    {"time": ..., "kind": "job_start", "job_id": "1042", "gpus": ["node-17/gpu0", ...],
     "user": "alice", "team": "llm-pretrain", "workload": "training"}
    {"time": ..., "kind": "job_end", "job_id": "1042", "state": "COMPLETED|FAILED|CANCELLED"}
    {"time": ..., "kind": "node_state", "node": "node-17", "state": "DRAIN|DOWN|RESUME|IDLE",
     "reason": "..."}

Jobs already running when the window starts appear as ``job_start`` at the window start. SLURM's
``sacct``/``scontrol`` history and Kubernetes pod events map onto these three kinds.

Bad lines are reported as ``source:line: what`` in ``errors`` and skipped; after
``MAX_BAD_LINES`` of them the file is not events JSONL and the rest is not read (one last error
says from which line), so a megabyte of garbage costs milliseconds, not seconds. A line
longer than ``MAX_LINE`` characters (read without holding more than that when given a file),
nested deeper than 64, with NaN/Infinity or an over-long number is a bad line.
At most ``MAX_ERRORS`` bad lines are listed (then a count), and the workload snapshots hold at
most ``MAX_SNAPSHOT_ENTRIES`` GPU entries in all (the rest of the file is then reported and
ignored), so memory stays linear in the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gpufleet.evals.format import _to_epoch
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.topology import Workload, WorkloadKind
from gpufleet.telemetry.untrusted import Limits, bounded_lines, loads_json

KINDS = ("job_start", "job_end", "node_state")
MAX_LINE = 64 * 1024  # characters of one events.jsonl line
MAX_ERRORS = 1000  # bad lines listed; the rest are counted in one last entry
MAX_BAD_LINES = 10_000  # unreadable lines before the rest of the file is given up on
# GPU → workload entries kept over all snapshots: each workload change stores the full map, so
# without a cap a file of many overlapping jobs would need memory quadratic in its length.
MAX_SNAPSHOT_ENTRIES = 2_000_000
_LINE_LIMITS = Limits(max_bytes=4 * MAX_LINE)


@dataclass
class SchedEvents:
    """Scheduler events as the detector consumes them: log events plus workload snapshots."""

    log_events: list[LogEvent] = field(default_factory=list)
    workloads: list[tuple[float, dict[str, Workload]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    lines: int = 0


def read_events(lines: Iterable[str], source: str = "events.jsonl") -> SchedEvents:
    """Parse events.jsonl; bad lines are reported by line number and skipped."""
    out = SchedEvents()
    jobs: dict[str, tuple[list[str], Workload]] = {}
    parsed: list[tuple[float, int, dict[str, Any]]] = []
    numbered: Iterable[tuple[int, str | None]] = (
        bounded_lines(lines, MAX_LINE)  # type: ignore[arg-type]
        if hasattr(lines, "readline")
        else enumerate(lines, 1)
    )
    given_up_at = 0
    for n, line in numbered:
        if len(out.errors) >= MAX_BAD_LINES:
            given_up_at = n
            break
        out.lines += 1
        if line is None or len(line) > MAX_LINE:
            out.errors.append(f"{source}:{n}: line longer than {MAX_LINE} characters")
            continue
        if not line.strip():
            continue
        try:
            rec = loads_json(line, "line", _LINE_LIMITS)
            if not isinstance(rec, dict):
                raise ValueError("not a JSON object")
            kind = rec.get("kind")
            if kind not in KINDS:
                raise ValueError(f"kind must be one of {KINDS}, got {kind!r}")
            t = _to_epoch(rec.get("time"))
            if not isinstance(t, int | float):
                raise ValueError(f"time {rec.get('time')!r} is not RFC 3339 or Unix seconds")
            parsed.append((float(t), n, rec))
        except (ValueError, TypeError, OverflowError) as e:
            out.errors.append(f"{source}:{n}: {e}")
    parsed.sort(key=lambda x: (x[0], x[1]))
    stored = 0
    for t, n, rec in parsed:
        kind = rec["kind"]
        try:
            if kind == "job_start":
                wl = Workload(
                    job_id=str(rec["job_id"]),
                    user=rec.get("user"),
                    team=rec.get("team"),
                    kind=WorkloadKind(rec.get("workload", "training")),
                    name=rec.get("name"),
                )
                gpus = [str(g) for g in rec["gpus"]]
                jobs[wl.job_id or ""] = (gpus, wl)
                nodes = sorted({g.split("/")[0] for g in gpus})
                for node in nodes:
                    out.log_events.append(
                        LogEvent(t, node, "job_start", f"job {wl.job_id} started", job_id=wl.job_id)
                    )
            elif kind == "job_end":
                jid = str(rec["job_id"])
                gpus, _ = jobs.pop(jid, ([], None))
                for node in sorted({g.split("/")[0] for g in gpus}):
                    out.log_events.append(
                        LogEvent(
                            t,
                            node,
                            "job_end",
                            f"job {jid} ended: {rec.get('state', 'COMPLETED')}",
                            job_id=jid,
                            attrs={"state": str(rec.get("state", "COMPLETED"))},
                        )
                    )
            else:
                state = str(rec["state"]).upper()
                out.log_events.append(
                    LogEvent(
                        t,
                        str(rec["node"]),
                        "node_state",
                        f"node {rec['node']} state set to {state}",
                        attrs={"state": state, "reason": str(rec.get("reason", ""))},
                    )
                )
                continue
        except (KeyError, ValueError, TypeError, OverflowError) as e:
            out.errors.append(f"{source}:{n}: {kind}: {e!r}")
            continue
        snapshot = {g: wl for gpus, wl in jobs.values() for g in gpus}
        stored += len(snapshot)
        if stored > MAX_SNAPSHOT_ENTRIES:
            out.errors.append(
                f"{source}:{n}: workload snapshots exceed {MAX_SNAPSHOT_ENTRIES} GPU entries; "
                "this and later events are ignored"
            )
            break
        if out.workloads and out.workloads[-1][0] == t:
            out.workloads[-1] = (t, snapshot)
        else:
            out.workloads.append((t, snapshot))
    if len(out.errors) > MAX_ERRORS:
        more = len(out.errors) - MAX_ERRORS
        out.errors[MAX_ERRORS:] = [f"{source}: … and {more} more bad lines"]
    if given_up_at:
        out.errors.append(
            f"{source}:{given_up_at}: over {MAX_BAD_LINES} bad lines; the rest not read"
        )
    return out


def events_from_simulation(
    start: float,
    changes: Iterable[tuple[float, Mapping[str, Workload]]],
    log_events: Iterable[LogEvent],
) -> list[dict[str, Any]]:
    """events.jsonl records from a simulator's workload snapshots and node-state events."""
    out: list[dict[str, Any]] = []
    running: dict[str, tuple[list[str], Workload]] = {}
    end_states = {
        e.job_id: e.attrs.get("state", "COMPLETED")
        for e in log_events
        if e.kind == "job_end" and e.job_id
    }
    for t, snapshot in changes:
        now: dict[str, tuple[list[str], Workload]] = {}
        for gpu, wl in sorted(snapshot.items()):
            if wl.job_id is None:
                continue
            now.setdefault(wl.job_id, ([], wl))[0].append(gpu)
        for jid in sorted(set(running) - set(now)):
            out.append(
                {
                    "time": t,
                    "kind": "job_end",
                    "job_id": jid,
                    "state": end_states.get(jid, "COMPLETED"),
                }
            )
        for jid in sorted(set(now) - set(running)):
            gpus, wl = now[jid]
            out.append(
                {
                    "time": max(t, start),
                    "kind": "job_start",
                    "job_id": jid,
                    "gpus": gpus,
                    "user": wl.user,
                    "team": wl.team,
                    "workload": wl.kind.value,
                }
            )
        running = now
    for e in log_events:
        if e.kind == "node_state":
            out.append(
                {
                    "time": e.timestamp,
                    "kind": "node_state",
                    "node": e.node,
                    "state": e.attrs.get("state", ""),
                    "reason": e.attrs.get("reason", ""),
                }
            )
    out.sort(key=lambda r: (r["time"], r["kind"] != "job_end"))
    return out
