"""Tick sources behind one small protocol, so the NOC runs unchanged on any of them.

The simulator and recorded runs live here. Network sources are asynchronous (``aticks()``,
see ``agents.noc.service.AsyncTickSource``): ``telemetry.scrape.ScrapeSource`` (dcgm-exporter),
``telemetry.promql.PromSource`` (Prometheus / VictoriaMetrics; it also has ``ticks()``) and
``telemetry.nvml.NvmlSource``; kernel logs arrive through ``telemetry.log_feed.KernelLogFeed``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

from telemetry.faults import GroundTruth
from telemetry.frame import Tick
from telemetry.recording import RunReader
from telemetry.simulator import FleetSimulator
from telemetry.topology import Topology


class TickSource(Protocol):
    """Yields ticks in time order. ``topology`` is the fleet the ticks describe."""

    topology: Topology
    interval_s: float

    def ticks(self) -> Iterator[Tick]: ...


class SimulatedSource:
    def __init__(self, simulator: FleetSimulator, duration_s: float | None) -> None:
        self.simulator = simulator
        self.topology = simulator.topology
        self.interval_s = simulator.interval_s
        self.duration_s = duration_s

    def ticks(self) -> Iterator[Tick]:
        if self.duration_s is not None:
            yield from self.simulator.run(self.duration_s)
            return
        while True:  # live-like: runs until the consumer stops
            yield self.simulator.step()

    def truth(self) -> list[GroundTruth]:
        return self.simulator.ground_truth()


class RecordedSource:
    def __init__(self, path: str | Path) -> None:
        self.reader = RunReader(path)
        self.topology = self.reader.topology
        self.interval_s = self.reader.interval_s

    def ticks(self) -> Iterator[Tick]:
        return self.reader.ticks()

    def truth(self) -> list[GroundTruth]:
        return self.reader.truth()
