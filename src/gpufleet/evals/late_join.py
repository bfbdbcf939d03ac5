"""Late join: replay a recorded incident as gpufleet meets it when started mid-fault.

On a real fleet gpufleet is installed, upgraded and restarted while faults are already under way:
nothing it watched holds the onset. :func:`late_join` cuts every sample and log line before the
join (``after_onset_s`` past the first fault's onset) out of a loaded incident, as the strictest
case of that: no metrics store to read history from, and a kernel ring buffer already rotated.
What a node keeps as state — the files a diagnostic tool writes (``nvidia-smi -q``, ``dcgmi
diag``, job logs), the boot times, the change log, the alerts Alertmanager repeats while they
fire — stays, since a late start still reads it.

A generated scenario is simulated for longer by the time of the late join, so gpufleet watches
the fault for as long after the join as the normal replay watches it after the onset (a recording
of real data cannot be extended: its join is clamped to its end).

The truth is moved with the cut: a fault whose onset lies before the join cannot be detected
earlier than the join, so its onset (the start of the detection clock) becomes the join. The
scorer is otherwise unchanged, so the normal and late-join columns compare like for like.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from pathlib import Path

from gpufleet.evals.format import IncidentSpec, load_spec
from gpufleet.evals.recorded import LoadedIncident, load_incident
from gpufleet.telemetry.frame import Tick


def join_time(spec: IncidentSpec, after_onset_s: float) -> float:
    """When a late-started gpufleet first sees the fleet: ``after_onset_s`` past the earliest
    onset (of the whole recording when it has no fault), never past the recording's end."""
    onsets = [f.onset for f in spec.truth.faults]
    start = min(onsets) if onsets else spec.time_range.start
    return min(start + after_onset_s, spec.time_range.end)


def cut_ticks(ticks: Iterable[Tick], join: float) -> Iterator[Tick]:
    """The ticks at or after ``join``. The first one kept carries the workload map in force at
    the join (a source started then reads the scheduler's current jobs, not the changes it
    missed)."""
    workloads = None
    first = True
    for tick in ticks:
        if tick.workloads is not None:
            workloads = tick.workloads
        if tick.timestamp < join:
            continue
        carry = first and tick.workloads is None and workloads is not None
        first = False
        yield replace(tick, workloads=workloads) if carry else tick


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


def load_late(folder: Path, cache_root: Path | None, after_onset_s: float) -> LoadedIncident:
    """The incident in ``folder`` as met ``after_onset_s`` seconds after its first onset."""
    spec = extended_spec(load_spec(folder), after_onset_s)
    return late_join(load_incident(folder, cache_root, spec), after_onset_s)


def late_join(incident: LoadedIncident, after_onset_s: float) -> LoadedIncident:
    """``incident`` as met ``after_onset_s`` seconds after its first fault began."""
    if after_onset_s < 0:
        raise ValueError(f"late join must be ≥ 0 s after onset, got {after_onset_s:g}")
    join = join_time(incident.spec, after_onset_s)
    ticks = list(cut_ticks(incident.iter_ticks(), join))
    return replace(incident, spec=late_spec(incident.spec, join), ticks=ticks)
