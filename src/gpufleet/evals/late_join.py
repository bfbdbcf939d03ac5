"""Late join: replay a recorded incident as gpufleet meets it when started mid-fault.

On a real fleet gpufleet is installed, upgraded and restarted while faults are already under way:
nothing it watched holds the onset. :func:`late_join` cuts every sample before the join
(``after_onset_s`` past the first fault's onset) out of a loaded incident: no metrics store to
read history from, the strict case (with a store, the source reads its last hour back at start:
``telemetry.promql.PromSource``). The kernel log is read as a live feed reads it at start
(``telemetry.log_feed.KernelLogFeed``, ``history_s``): the lines of the ``log_history_s``
before the join arrive with the first tick, older ones are gone. What a node keeps as state —
the files a diagnostic tool writes (``nvidia-smi -q``, ``dcgmi diag``, job logs), the boot
times, the change log, the alerts Alertmanager repeats while they fire — stays, since a late
start still reads it.

A generated scenario is simulated for longer by the time of the late join, so gpufleet watches
the fault for as long after the join as the normal replay watches it after the onset (a recording
of real data cannot be extended: its join is clamped to its end).

The truth is moved with the cut: a fault whose onset lies before the join cannot be detected
earlier than the join, so its onset (the start of the detection clock) becomes the join, and an
incident opened at an earlier data time counts as told at the join (:func:`known_from`). The
scorer is otherwise unchanged, so the normal and late-join columns compare like for like.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from gpufleet.evals.format import IncidentSpec, load_spec
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.evals.scoring import AgentRun
from gpufleet.telemetry.frame import LogEvent, Tick

LOG_HISTORY_S = 3600.0  # what a live kernel-log feed reads back at start (watch --history)


def join_time(spec: IncidentSpec, after_onset_s: float) -> float:
    """When a late-started gpufleet first sees the fleet: ``after_onset_s`` past the earliest
    onset (of the whole recording when it has no fault), never past the recording's end."""
    onsets = [f.onset for f in spec.truth.faults]
    start = min(onsets) if onsets else spec.time_range.start
    return min(start + after_onset_s, spec.time_range.end)


def cut_ticks(ticks: Iterable[Tick], join: float, log_history_s: float = 0.0) -> Iterator[Tick]:
    """The ticks at or after ``join``. The first one kept carries the workload map in force at
    the join (a source started then reads the scheduler's current jobs, not the changes it
    missed) and the log events of the ``log_history_s`` before the join (a log feed started
    then reads that much back)."""
    workloads = None
    backlog: list[LogEvent] = []
    first = True
    for tick in ticks:
        if tick.workloads is not None:
            workloads = tick.workloads
        if tick.timestamp < join:
            backlog += [e for e in tick.events if e.timestamp >= join - log_history_s]
            continue
        if first:
            events = (*backlog, *tick.events)
            yield replace(tick, workloads=tick.workloads or workloads, events=events)
        else:
            yield tick
        first = False


def known_from(run: AgentRun, join: float) -> AgentRun:
    """What a late-started gpufleet told, as of when it could tell it: an incident it opens at
    the data time of a line read back from the log, an alert's ``startsAt`` or the store's
    history still reaches a person no earlier than the join."""
    preds = [replace(p, opened_at=max(p.opened_at, join)) for p in run.predictions]
    return replace(run, predictions=preds)


def late_spec(spec: IncidentSpec, join: float) -> IncidentSpec:
    """The spec as of the join: the recording starts there, and each fault's detection clock
    starts no earlier."""
    faults = [f.model_copy(update={"onset": max(f.onset, join)}) for f in spec.truth.faults]
    return spec.model_copy(
        update={
            "time_range": spec.time_range.model_copy(update={"start": join}),
            "truth": spec.truth.model_copy(update={"faults": faults}),
        }
    )


def extended_spec(spec: IncidentSpec, after_onset_s: float) -> IncidentSpec:
    """A generated scenario simulated ``after_onset_s`` longer; a recorded one as it is."""
    if spec.generator is None:
        return spec
    end = spec.time_range.end + after_onset_s
    return spec.model_copy(update={"time_range": spec.time_range.model_copy(update={"end": end})})


def load_late(
    folder: Path,
    cache_root: Path | None,
    after_onset_s: float,
    log_history_s: float = LOG_HISTORY_S,
) -> LoadedIncident:
    """The incident in ``folder`` as met ``after_onset_s`` seconds after its first onset."""
    spec = extended_spec(load_spec(folder), after_onset_s)
    return late_join(load_incident(folder, cache_root, spec), after_onset_s, log_history_s)


def late_join(
    incident: LoadedIncident, after_onset_s: float, log_history_s: float = LOG_HISTORY_S
) -> LoadedIncident:
    """``incident`` as met ``after_onset_s`` seconds after its first fault began."""
    if after_onset_s < 0:
        raise ValueError(f"late join must be ≥ 0 s after onset, got {after_onset_s:g}")
    join = join_time(incident.spec, after_onset_s)
    ticks = list(cut_ticks(incident.iter_ticks(), join, log_history_s))
    return replace(incident, spec=late_spec(incident.spec, join), ticks=ticks)
