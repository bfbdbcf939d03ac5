"""What ``gpufleet watch --sre`` shows while it runs: a line per incident state change, a
status every interval, a summary at the end.

:class:`WatchView` is the pure part: it subscribes to the bus (``incident``, ``diagnosis``,
``action``), keeps the counts and turns each event that changes an incident's state into one
line (detected, diagnosed, awaiting approval, executed, escalated, resolved). It formats; it
never writes. Two outputs write at the edge:

- :class:`PlainOutput`: one timestamped line per message, the status as one more line every
  interval. For pipes, files and journald: never a cursor movement or a colour code.
- :class:`RichOutput`: when stderr is a terminal, the same lines scroll above a rich ``Live``
  status panel redrawn every interval.

The status is a count of what is happening, not a progress bar: a live source has no end.
"""

from __future__ import annotations

import datetime as dt
import os
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TextIO

from gpufleet.bus.events import (
    ActionProposed,
    ActionResult,
    ApprovalDecided,
    DiagnosisReady,
    Event,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Phase,
)
from gpufleet.cli.common import command_prefix, operator_name

VIEW_TOPICS = ("incident", "diagnosis", "action")


def hms(t: float) -> str:
    return dt.datetime.fromtimestamp(t, tz=dt.UTC).strftime("%Y-%m-%d %H:%M:%SZ")


@dataclass
class PollCounts:
    """What the source reports about its own polling (live sources; sim/replay: every tick)."""

    ok: int = 0
    failed: int = 0


def poll_counts(source: Any, ticks: int) -> PollCounts:
    """Polls that worked and failed, from a live source's own statistics when it keeps them
    (a Prometheus poller, a dcgm-exporter scraper); otherwise every tick was a good poll."""
    inner = getattr(source, "source", source)  # the SRE agent wraps the source it observes
    stats = getattr(inner, "stats", None)
    if stats is not None and hasattr(stats, "failures"):
        return PollCounts(int(stats.ticks), int(stats.failures) + int(stats.empty_instants))
    scraper = getattr(inner, "scraper", None)
    sstats = getattr(scraper, "stats", None)
    if sstats is not None and hasattr(sstats, "scrapes_failed"):
        return PollCounts(int(sstats.scrapes_ok), int(sstats.scrapes_failed))
    return PollCounts(ticks, 0)


@dataclass
class _Tally:
    opened: int = 0
    diagnosed: int = 0
    awaiting: int = 0  # approvals requested
    executed: int = 0
    escalated: int = 0
    resolved: int = 0


@dataclass
class WatchView:
    """Turns bus events into state-change lines and keeps what the status line shows.

    ``emit`` receives each line (no timestamp, no newline); ``state_dir`` and ``sre_config``
    go into the commands the lines suggest; ``live``: the source is live (the status shows
    the lag behind the wall clock) rather than simulated or recorded (it shows data time)."""

    emit: Callable[[str], None]
    state_dir: Path
    sre_config: str | None = None
    live: bool = True
    tally: _Tally = field(default_factory=_Tally)
    incidents: dict[str, Incident] = field(default_factory=dict)
    pending: dict[str, str] = field(default_factory=dict)  # approval id → incident id
    merged: set[str] = field(default_factory=set)
    ticks: int = 0
    samples: int = 0
    last_tick: float | None = None
    # the suggested commands run as printed: the program as started, a real --by name
    prog: str = field(default_factory=lambda: command_prefix()[0])
    by: str = field(default_factory=operator_name)

    # ------------------------------------------------------------------ the bus handler
    async def __call__(self, event: Event) -> None:
        for line in self.lines_for(event):
            self.emit(line)

    def lines_for(self, event: Event) -> list[str]:
        """The state-change lines one event causes (most events cause none)."""
        if isinstance(event, IncidentOpened):
            return self._opened(event.incident)
        if isinstance(event, IncidentUpdated):
            return self._updated(event)
        if isinstance(event, DiagnosisReady):
            return self._diagnosed(event)
        if isinstance(event, ActionProposed):
            return self._proposed(event)
        if isinstance(event, ApprovalDecided):
            self.pending.pop(event.approval_id, None)
            return [f"{event.incident_id} {event.decision}: {event.approval_id} by {event.by}"]
        if isinstance(event, ActionResult):
            return self._executed(event)
        return []

    def _opened(self, inc: Incident) -> list[str]:
        if inc.incident_id in self.incidents:
            return []  # a redelivery
        self.incidents[inc.incident_id] = inc
        self.tally.opened += 1
        return [
            f"{inc.incident_id} detected: {inc.severity.name.lower()} {inc.root_entity} "
            f"({inc.scope.value}): {inc.title}"
        ]

    def _updated(self, event: IncidentUpdated) -> list[str]:
        inc = event.incident
        known = self.incidents.get(inc.incident_id)
        self.incidents[inc.incident_id] = inc
        if event.change == "merged":
            self.merged.update(event.merged_from)
            return [f"{inc.incident_id} absorbed {', '.join(event.merged_from)}"]
        if event.change != "phase" or (known is not None and known.phase == inc.phase):
            return []
        why = inc.history[-1].reason if inc.history else ""
        if inc.phase is Phase.ESCALATED:
            self.tally.escalated += 1
            return [f"{inc.incident_id} escalated: {why or 'no reason given'}"]
        if inc.phase is Phase.RESOLVED:
            self.tally.resolved += 1
            return [f"{inc.incident_id} resolved" + (f": {why}" if why else "")]
        return []

    def _diagnosed(self, event: DiagnosisReady) -> list[str]:
        dx = event.diagnosis
        self.tally.diagnosed += 1
        top = dx.top
        cause = f"{top.card_id} (score {top.score:.2f})" if top else "no hypothesis"
        runner_up = dx.hypotheses[1].card_id if len(dx.hypotheses) > 1 else None
        return [
            f"{dx.incident_id} diagnosed: {cause}"
            + (f", next {runner_up}" if runner_up else "")
            + f"; runbook {dx.runbook_id or 'none'}"
            + (f" [{dx.fallback}]" if dx.fallback and dx.model is not None else "")
        ]

    def _proposed(self, event: ActionProposed) -> list[str]:
        step = event.step
        node = step.args.get("node")
        where = f" on {node}" if node else ""
        if not step.needs_approval:
            return [
                f"{event.incident_id} pre-approved: {step.tool}{where} "
                f"(policy {step.preapproved_by or '?'})"
            ]
        if event.approval_id in self.pending:
            return []
        self.pending[event.approval_id] = event.incident_id
        self.tally.awaiting += 1
        return [
            f"{event.incident_id} awaiting approval {event.approval_id}: {step.tool}{where} "
            f"({step.risk}); approve with: {self.approve_command(event.approval_id)}"
        ]

    def _executed(self, event: ActionResult) -> list[str]:
        if event.approval_id is not None:
            self.pending.pop(event.approval_id, None)
        if event.risk == "read":
            return []
        if event.status not in ("ok", "dry_run", "error"):
            # refused before anything ran (no approval, no corroboration, not configured):
            # "executed" would tell an operator that something happened on the node
            return [
                f"{event.incident_id} not run: {event.tool}"
                + (f" on {event.args['node']}" if event.args.get("node") else "")
                + f" ({event.status}: {event.error or 'no detail'})"
            ]
        self.tally.executed += 1
        node = event.args.get("node")
        mode = "dry-run" if event.dry_run or event.status == "dry_run" else "live"
        err = f": {event.error}" if event.error else ""
        return [
            f"{event.incident_id} executed ({mode}): {event.tool}"
            + (f" on {node}" if node else "")
            + f" → {event.status}{err}"
        ]

    # ------------------------------------------------------------------ commands to suggest
    def _flags(self) -> str:
        cfg = f" --sre-config {shlex.quote(self.sre_config)}" if self.sre_config else ""
        return f"--state-dir {shlex.quote(str(self.state_dir))}{cfg}"

    def approve_command(self, approval_id: str) -> str:
        return (
            f"{self.prog} approve {approval_id} --by {shlex.quote(self.by)} "
            f"--reason 'checked the evidence' {self._flags()}"
        )

    def diagnose_command(self, incident_id: str) -> str:
        return f"{self.prog} diagnose {incident_id} {self._flags()}"

    # ------------------------------------------------------------------ status and summary
    def observe_tick(self, timestamp: float, samples: int) -> None:
        self.ticks += 1
        self.samples = samples
        self.last_tick = timestamp

    def open_incidents(self) -> int:
        return sum(
            1
            for k, i in self.incidents.items()
            if k not in self.merged and i.phase is not Phase.RESOLVED
        )

    def status(self, now: float, polls: PollCounts) -> str:
        """One status line: polls ok/failed, lag (live) or data time, samples, open incidents,
        pending approvals. ``now`` is the wall clock at the edge."""
        if self.last_tick is None:
            where = "no data yet"
        elif self.live:
            where = f"lag {max(0.0, now - self.last_tick):.0f}s (last sample {hms(self.last_tick)})"
        else:
            where = f"data time {hms(self.last_tick)}"
        return (
            f"status: polls {polls.ok} ok / {polls.failed} failed, {where}, "
            f"samples {self.samples:,}, open incidents {self.open_incidents()}, "
            f"pending approvals {len(self.pending)}"
        )

    def summary(self, stopped_by: str | None) -> str:
        """What happened, where the state lives and how to look at each incident later."""
        t = self.tally
        head = f"gpufleet watch stopped ({stopped_by})" if stopped_by else "gpufleet watch ended"
        lines = [
            head,
            f"  incidents opened {t.opened}, diagnosed {t.diagnosed}, awaiting approval "
            f"{len(self.pending)} (asked {t.awaiting}), executed {t.executed}, escalated "
            f"{t.escalated}, resolved {t.resolved}",
            f"  state: {self.state_dir} (diagnoses, approvals, audit)",
        ]
        for iid in sorted(self.incidents):
            if iid not in self.merged:
                lines.append(f"  {iid}: {self.diagnose_command(iid)}")
        for aid, iid in sorted(self.pending.items()):
            lines.append(f"  {aid} ({iid}) waits: {self.approve_command(aid)}")
        if self.pending or self.incidents:
            lines.append(f"  pending approvals: {self.prog} approvals {self._flags()}")
        return "\n".join(lines)


# --------------------------------------------------------------------------- outputs
class WatchOutput(Protocol):
    def line(self, text: str, now: float) -> None: ...
    def status(self, text: str, now: float) -> None: ...
    def close(self) -> None: ...


class PlainOutput:
    """Timestamped lines, nothing else (pipes, files, journald)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream

    def line(self, text: str, now: float) -> None:
        self.stream.write(f"{hms(now)} {text}\n")
        self.stream.flush()

    def status(self, text: str, now: float) -> None:
        self.line(text, now)

    def close(self) -> None:
        self.stream.flush()


class RichOutput:
    """State-change lines scroll above a status panel redrawn in place (a terminal only)."""

    def __init__(self, stream: TextIO) -> None:
        from rich.console import Console  # noqa: PLC0415 (a terminal run only)
        from rich.live import Live  # noqa: PLC0415
        from rich.text import Text  # noqa: PLC0415

        self._text = Text
        self.console = Console(file=stream, highlight=False, soft_wrap=True)
        self.live = Live(
            Text("status: starting"),
            console=self.console,
            auto_refresh=False,
            transient=True,
            redirect_stdout=False,
            redirect_stderr=False,
        )
        self.live.start()

    def line(self, text: str, now: float) -> None:
        self.console.print(self._text(f"{hms(now)} {text}"))
        self.live.refresh()

    def status(self, text: str, now: float) -> None:
        self.live.update(self._text(f"{hms(now)} {text}", style="bold"), refresh=True)

    def close(self) -> None:
        self.live.stop()


def open_output(stream: TextIO) -> WatchOutput:
    """Rich on a terminal (unless ``TERM=dumb``); plain lines anywhere else."""
    is_tty = getattr(stream, "isatty", lambda: False)()
    if is_tty and os.environ.get("TERM", "") != "dumb":
        return RichOutput(stream)
    return PlainOutput(stream)


__all__ = [
    "VIEW_TOPICS",
    "PlainOutput",
    "PollCounts",
    "RichOutput",
    "WatchOutput",
    "WatchView",
    "open_output",
    "poll_counts",
]
