"""What really happened in a window of fleet data: the label an evaluation scores against.

A simulated run records the truth of every fault it injected; a recorded incident cut from a real
fleet carries the truth an operator gave it. Both are this one type, so the recording format and
the scorers need no simulator.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GroundTruth:
    fault_class: str
    root_entity: str  # GPU key, hostname, rack name or job id
    scope: str  # gpu | chassis | node | job | rack
    family: str  # the bus.events.Family value a detector should report
    entities: tuple[str, ...]  # GPU keys showing the fault
    onset: float
    max_delay_s: float  # the detector must open the incident within this delay
    benign: bool = False  # red herrings: a correct detector opens no incident
    jobs: tuple[str, ...] = ()
    description: str = ""
