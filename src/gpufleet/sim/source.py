"""The simulator as a :class:`telemetry.sources.TickSource`."""

from __future__ import annotations

from collections.abc import Iterator

from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.truth import GroundTruth


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
