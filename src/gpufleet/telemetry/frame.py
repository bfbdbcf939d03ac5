"""The columnar telemetry frame: one timestamp × entities × fields, NaN for missing.

Depends only on numpy and the topology leaf. A frame never holds one Python object per
sample; detectors read ``values[:, col]`` slices. Entities are keys into the topology (GPU keys
or hostnames); ``entities`` is a tuple so that consecutive frames from one source can share the
same object and consumers can skip re-aligning when ``frame.entities is previous.entities``.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.topology import Workload

FloatArray = npt.NDArray[np.float64]


class EntityKind(enum.StrEnum):
    GPU = "gpu"
    NODE = "node"


class FrameError(ValueError):
    """A frame whose shape or labels are inconsistent; the message says which."""


@dataclass(frozen=True, slots=True)
class Frame:
    timestamp: float  # seconds since the Unix epoch, from the source: never the wall clock
    entity_kind: EntityKind
    entities: tuple[str, ...]
    fields: tuple[str, ...]
    values: FloatArray  # shape (len(entities), len(fields)), float64, NaN = missing
    source: str = "unknown"

    def __post_init__(self) -> None:
        if self.values.dtype != np.float64:
            raise FrameError(
                f"frame from {self.source}: values must be float64, got {self.values.dtype}"
            )
        want = (len(self.entities), len(self.fields))
        if self.values.shape != want:
            raise FrameError(
                f"frame from {self.source} at t={self.timestamp}: values shape "
                f"{self.values.shape} does not match entities × fields {want}"
            )
        if not np.isfinite(self.timestamp):
            raise FrameError(f"frame from {self.source}: timestamp is not finite")

    def column(self, name: str) -> FloatArray:
        try:
            return self.values[:, self.fields.index(name)]
        except ValueError:
            raise KeyError(f"field {name!r} not in frame from {self.source}") from None

    def has(self, name: str) -> bool:
        return name in self.fields

    @property
    def n_samples(self) -> int:
        return int(self.values.size)


@dataclass(frozen=True, slots=True)
class LogEvent:
    """One recognised kernel/journal/scheduler line, already parsed.

    ``kind`` is one of: ``xid``, ``sxid``, ``fallen_off_bus``, ``rm_init_failed``,
    ``gpu_probe_failed``, ``gsp_error``, ``gpu_hung_task``, ``gpu_handle_error``,
    ``nic_link_down``, ``nic_link_up``, ``job_start``, ``job_end``, ``node_state``,
    ``job_signature`` (a fault a job's output reports: :mod:`telemetry.job_signals`).
    """

    timestamp: float
    node: str
    kind: str
    message: str
    xid: int | None = None
    pci_bus_id: str | None = None
    gpu: str | None = None  # GPU key when the PCI id could be mapped through the topology
    job_id: str | None = None
    attrs: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Tick:
    """Everything a source observed at one instant: GPU and node frames plus log events.

    ``workloads`` is the scheduler's full GPU → workload map when it changed at this tick, else
    None (unchanged). Free GPUs are absent from the map.

    ``extended`` is the GPU frame of the extended registry fields
    (``telemetry.fields.EXTENDED_GPU_FIELD_NAMES``: violation times, SRAM/DRAM ECC, NVLink5
    counters, the ``DCGM_EXP_*`` rollups) when the source read any, kept apart from the core
    frame every producer fills. ``keyed`` holds the per-key values of the ``DCGM_EXP_*``
    metrics the rollup hides: GPU key → field → key-label value (the Xid, the health watch, the
    clock event) → value; None when the source had none."""

    timestamp: float
    frames: tuple[Frame, ...]
    events: tuple[LogEvent, ...] = ()
    workloads: Mapping[str, Workload] | None = None
    extended: Frame | None = None
    keyed: Mapping[str, Mapping[str, Mapping[str, float]]] | None = None

    def frame(self, kind: EntityKind) -> Frame | None:
        for f in self.frames:
            if f.entity_kind is kind:
                return f
        return None
