"""GPU waste for the chat, from ticks the caller holds (a recorded incident's metrics): the
Performance agent's own analysis (:func:`agents.perf.waste.find_waste`) over the ticks inside
the asked window."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from gpufleet.agents.chat.reads import WasteReport, WasteRow
from gpufleet.agents.perf.stats import collect
from gpufleet.agents.perf.waste import find_waste
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.window import split_window, window_from_ticks

CHUNK_S = 6 * 3600.0


def ticks_waste(
    ticks: Callable[[], Iterable[Tick]], topology: Topology, interval_s: float, label: str
) -> Callable[[float, float], WasteReport | None]:
    """A waste source over ``ticks()`` (read afresh per question); None when no tick falls in
    the window."""

    def waste(start: float, end: float) -> WasteReport | None:
        inside = [t for t in ticks() if start < t.timestamp <= end]
        if not inside:
            return None
        window, jobs = window_from_ticks(inside, topology, interval_s)
        stats = collect(iter(split_window(window, CHUNK_S)), jobs)
        rows = tuple(
            WasteRow(
                job_id=f.job.job_id,
                user=f.job.user,
                team=f.job.team,
                kind=f.kind,
                gpus=f.gpus,
                wasted_gpu_hours=f.wasted_gpu_hours,
                mean_util_pct=f.mean_util_pct,
            )
            for f in find_waste(stats)
        )
        first, last = inside[0].timestamp, inside[-1].timestamp
        query = f"perf waste over {label} [{first:.0f}, {last:.0f}]"
        return WasteReport(rows=rows, query=query, start=first, end=last)

    return waste
