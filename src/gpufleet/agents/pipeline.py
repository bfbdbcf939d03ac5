"""The agents composed for a replay in one process: the NOC over recorded ticks, feeding the SRE
agent's replay fleet, and the incidents it ends with.

The agents themselves never import each other (they talk through bus events); this module is the
one place that runs them side by side, for ``gpufleet diagnose``, the eval and the benches.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology


def replay_noc(
    topology: Topology, ticks: Iterable[Tick], fleet: ReplayFleet, until: float | None = None
) -> Iterator[tuple[Tick, list[Event]]]:
    """Run the NOC over ticks, feeding the replay fleet (ticks and incident history)."""
    det = Detector(topology)
    last: Tick | None = None
    for tick in ticks:
        if until is not None and tick.timestamp > until:
            return  # cut short on purpose: nothing after ``until`` may happen
        fleet.observe(tick)
        events = det.process(tick)
        for ev in events:
            fleet.observe_event(ev)
        yield tick, list(events)
        last = tick
    if last is not None:  # live, the detector would keep ticking past the recording's end
        settled = det.settle_pending(last.timestamp)
        for ev in settled:
            fleet.observe_event(ev)
        if settled:
            yield last, settled


def final_incidents(events: Iterable[Event]) -> list[Incident]:
    """The last version of every incident that was not merged into another.

    A "merged" update is published on the absorbed incident (resolved), ``merged_from`` naming
    the survivor (agents.noc.incidents, cli.commands): the absorbed one is dropped, the
    survivor kept."""
    final: dict[str, Incident] = {}
    merged: set[str] = set()
    for ev in events:
        if isinstance(ev, IncidentOpened | IncidentUpdated):
            final[ev.incident.incident_id] = ev.incident
            if isinstance(ev, IncidentUpdated) and ev.change == "merged":
                merged.add(ev.incident.incident_id)
    return [i for k, i in final.items() if k not in merged]
