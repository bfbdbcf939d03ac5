"""Tick sources behind one small protocol, so the NOC runs unchanged on any of them.

Recorded runs live here (the simulator's is ``sim.source.SimulatedSource``). Network sources
are asynchronous (``aticks()``, see ``agents.noc.service.AsyncTickSource``):
``telemetry.scrape.ScrapeSource`` (dcgm-exporter),
``telemetry.promql.PromSource`` (Prometheus / VictoriaMetrics; it also has ``ticks()``) and
``telemetry.nvml.NvmlSource``; kernel logs arrive through ``telemetry.log_feed.KernelLogFeed``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.recording import RunReader
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.truth import GroundTruth


class TickSource(Protocol):
    """Yields ticks in time order. ``topology`` is the fleet the ticks describe."""

    topology: Topology
    interval_s: float

    def ticks(self) -> Iterator[Tick]: ...


class RecordedSource:
    def __init__(self, path: str | Path) -> None:
        self.reader = RunReader(path)
        self.topology = self.reader.topology
        self.interval_s = self.reader.interval_s

    def ticks(self) -> Iterator[Tick]:
        return self.reader.ticks()

    def truth(self) -> list[GroundTruth]:
        return self.reader.truth()
