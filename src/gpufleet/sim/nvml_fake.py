# ruff: noqa: N802, N815
# (method and attribute names mirror pynvml's C API on purpose)
"""An in-memory NVML (:class:`FakeNvml`) for tests and ``--fake`` demos on hosts without a GPU.

It implements :class:`telemetry.nvml.NvmlApi` the way ``pynvml`` behaves, so the collector's
code path is the real one:

* the same return shapes: ``.gpu``/``.memory`` utilization, memory ``.total/.free/.used`` in
  bytes (v2 adds ``.reserved``), PCI info ``.busId`` (str, or bytes with ``legacy_bytes=True``
  like pynvml < 11), power in mW, ``[util, period_us]`` lists for encoder/decoder, a
  ``(corrected, uncorrected, pending, failure)`` tuple for remapped rows, field values with a
  per-field ``nvmlReturn``, event data with ``.device/.eventType/.eventData``;
* the same errors: the real ``pynvml.NVMLError_*`` classes (``Uninitialized`` before
  ``nvmlInit``, ``NotSupported``, ``GpuIsLost``, ``Timeout`` from an empty event set, …).

Values are held per GPU in dcgm-exporter names and units (``FakeGpu.values``) and converted to
NVML's units on the way out, so a frame loaded with :meth:`FakeNvml.load_frame` comes back from
the collector unchanged. A NaN value makes the NVML call that reads it raise NOT_SUPPORTED; an
all-NaN row (a GPU missing from the frame) makes the GPU lost. The event-set wait never sleeps.
"""

from __future__ import annotations

import math
from collections import Counter, deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np
import pynvml  # type: ignore[import-untyped]  # nvidia-ml-py ships no type information

from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.nvml import DBE_EVENT, SBE_EVENT, XID_EVENT, NvmlApi
from gpufleet.telemetry.topology import Topology

MIB = 1024 * 1024
ALL_EVENTS = XID_EVENT | SBE_EVENT | DBE_EVENT

# NVML product names for the topology SKUs (what nvmlDeviceGetName returns on those boards).
NVML_NAMES = {
    "A100-SXM4-80GB": "NVIDIA A100-SXM4-80GB",
    "H100-SXM5-80GB": "NVIDIA H100 80GB HBM3",
    "H200-SXM-141GB": "NVIDIA H200",
    "B200-SXM-180GB": "NVIDIA B200",
}

_NVLINK_COUNTERS = {
    pynvml.NVML_NVLINK_ERROR_DL_REPLAY: "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
    pynvml.NVML_NVLINK_ERROR_DL_RECOVERY: "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
    pynvml.NVML_NVLINK_ERROR_DL_CRC_FLIT: "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    pynvml.NVML_NVLINK_ERROR_DL_CRC_DATA: "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
}
_ECC = {
    (pynvml.NVML_MEMORY_ERROR_TYPE_CORRECTED, pynvml.NVML_VOLATILE_ECC): (
        "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"
    ),
    (pynvml.NVML_MEMORY_ERROR_TYPE_UNCORRECTED, pynvml.NVML_VOLATILE_ECC): (
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"
    ),
    (pynvml.NVML_MEMORY_ERROR_TYPE_CORRECTED, pynvml.NVML_AGGREGATE_ECC): (
        "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"
    ),
    (pynvml.NVML_MEMORY_ERROR_TYPE_UNCORRECTED, pynvml.NVML_AGGREGATE_ECC): (
        "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL"
    ),
}
_RETIRED = {
    pynvml.NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS: "DCGM_FI_DEV_RETIRED_SBE",
    pynvml.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR: "DCGM_FI_DEV_RETIRED_DBE",
}
_VIOLATION = {
    pynvml.NVML_PERF_POLICY_POWER: "DCGM_FI_DEV_POWER_VIOLATION",
    pynvml.NVML_PERF_POLICY_THERMAL: "DCGM_FI_DEV_THERMAL_VIOLATION",
}
_CLOCKS = {
    pynvml.NVML_CLOCK_SM: "DCGM_FI_DEV_SM_CLOCK",
    pynvml.NVML_CLOCK_MEM: "DCGM_FI_DEV_MEM_CLOCK",
}
_FIELD_IDS = {pynvml.NVML_FI_DEV_MEMORY_TEMP: "DCGM_FI_DEV_MEMORY_TEMP"}
_REMAP = (
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_ROW_REMAP_PENDING",
    "DCGM_FI_DEV_ROW_REMAP_FAILURE",
)


# ---------------------------------------------------------------------------- pynvml-shaped structs
@dataclass(frozen=True)
class FakeHandle:
    """An opaque device handle (pynvml: a ctypes pointer)."""

    index: int


@dataclass(frozen=True)
class FakeEventSet:
    """An opaque event-set handle."""

    serial: int


@dataclass(frozen=True)
class FakePciInfo:
    busId: str | bytes
    busIdLegacy: str | bytes
    domain: int
    bus: int
    device: int
    pciDeviceId: int
    pciSubSystemId: int


@dataclass(frozen=True)
class FakeUtilization:
    gpu: int
    memory: int


@dataclass(frozen=True)
class FakeMemory:
    total: int
    free: int
    used: int


@dataclass(frozen=True)
class FakeMemoryV2:
    version: int
    total: int
    reserved: int
    free: int
    used: int


@dataclass(frozen=True)
class FakeViolationTime:
    referenceTime: int
    violationTime: int


@dataclass(frozen=True)
class FakeValue:
    dVal: float = 0.0
    uiVal: int = 0
    ulVal: int = 0
    ullVal: int = 0
    sllVal: int = 0
    siVal: int = 0
    usVal: int = 0


@dataclass(frozen=True)
class FakeFieldValue:
    fieldId: int
    scopeId: int
    timestamp: int
    latencyUsec: int
    valueType: int
    nvmlReturn: int
    value: FakeValue


@dataclass(frozen=True)
class FakeEventData:
    device: object
    eventType: int
    eventData: int
    gpuInstanceId: int = 0xFFFFFFFF
    computeInstanceId: int = 0xFFFFFFFF


# ---------------------------------------------------------------------------- the fake GPUs
@dataclass
class FakeGpu:
    """One simulated GPU. ``values`` are dcgm-exporter field names → values in DCGM units.

    ``unsupported`` holds DCGM field names and/or NVML function names that raise
    NOT_SUPPORTED on this GPU; ``key`` is the topology key that :meth:`FakeNvml.load_frame`
    reads this GPU's row by.
    """

    uuid: str
    pci_bus_id: str
    name: str = "NVIDIA H100 80GB HBM3"
    key: str | None = None
    values: dict[str, float] = field(default_factory=dict)
    nvlink_links: int = 18
    unsupported: set[str] = field(default_factory=set)
    event_types_supported: int = ALL_EVENTS
    lost: bool = False


class FakeNvml:
    """In-memory :class:`telemetry.nvml.NvmlApi`, faithful to pynvml's types and errors.

    ``init_error`` (an NVML return code such as ``pynvml.NVML_ERROR_LIBRARY_NOT_FOUND``) makes
    ``nvmlInit`` fail with it; ``unsupported`` applies to every GPU (see :class:`FakeGpu`);
    ``clock_event_reasons=False`` and ``memory_v2=False`` mimic drivers older than those APIs;
    ``legacy_bytes=True`` returns bytes for strings like pynvml < 11. ``calls`` counts every
    call by function name.
    """

    def __init__(
        self,
        gpus: Sequence[FakeGpu],
        *,
        init_error: int | None = None,
        unsupported: Iterable[str] = (),
        driver_version: str = "570.133.20",
        clock_event_reasons: bool = True,
        memory_v2: bool = True,
        legacy_bytes: bool = False,
    ) -> None:
        self.gpus = list(gpus)
        self.init_error = init_error
        self.unsupported = set(unsupported)
        self.driver_version = driver_version
        self.clock_event_reasons = clock_event_reasons
        self.memory_v2 = memory_v2
        self.legacy_bytes = legacy_bytes
        self.calls: Counter[str] = Counter()
        self.now_s = 0.0  # the time of the loaded frame (see now())
        self._init_count = 0
        self._events: deque[FakeEventData] = deque()
        self._sets: dict[int, dict[int, int]] = {}  # event set → GPU index → registered mask
        self._set_serial = 0
        self.simulator: FleetSimulator | None = None
        self.hostname: str | None = None

    # -- construction and driving ------------------------------------------------------------
    @classmethod
    def for_node(
        cls, topology: Topology, hostname: str, *, order: Sequence[int] | None = None
    ) -> FakeNvml:
        """A fake with the GPUs of one topology node (UUIDs, PCI ids and names from it).

        ``order`` lists the node's GPU indices in NVML enumeration order (default: as in the
        topology), to check that the collector maps GPUs by PCI id rather than by index.
        """
        node = topology.nodes[topology.node_pos[hostname]]
        gpus = {
            g.index: FakeGpu(
                uuid=g.uuid,
                pci_bus_id=g.pci_bus_id,
                name=NVML_NAMES.get(g.sku, f"NVIDIA {g.sku}"),
                key=f"{hostname}/gpu{g.index}",
            )
            for g in node.gpus
        }
        seq = [gpus[i] for i in (order if order is not None else sorted(gpus))]
        fake = cls(seq, driver_version=node.driver_version)
        fake.hostname = hostname
        return fake

    @classmethod
    def from_simulator(
        cls, sim: FleetSimulator, hostname: str, *, order: Sequence[int] | None = None
    ) -> FakeNvml:
        """A fake for one simulated node, already showing the simulator's first tick.

        :meth:`advance` (or ``await`` :meth:`asleep`, handy as ``NvmlSource(sleep=...)``) steps
        the simulator and loads the next tick; :meth:`now` is the loaded tick's time, the
        collector's ``clock`` in a simulated run.
        """
        fake = cls.for_node(sim.topology, hostname, order=order)
        fake.simulator = sim
        fake.advance()
        return fake

    def advance(self) -> Tick:
        """Step the driving simulator once and load its tick; return the tick."""
        if self.simulator is None:
            raise RuntimeError("FakeNvml.advance needs a fake made by from_simulator()")
        tick = self.simulator.step()
        self.load_tick(tick)
        return tick

    async def asleep(self, seconds: float) -> None:
        """Simulated time passing: advance one simulator tick (``seconds`` is ignored)."""
        del seconds
        self.advance()

    def now(self) -> float:
        """The timestamp of the frame the fake currently shows."""
        return self.now_s

    def load_frame(self, frame: Frame) -> None:
        """Show this GPU frame's values; GPUs whose row is all NaN become lost."""
        if frame.entity_kind is not EntityKind.GPU:
            raise ValueError(f"FakeNvml.load_frame needs a GPU frame, got {frame.entity_kind}")
        pos = {k: i for i, k in enumerate(frame.entities)}
        for gpu in self.gpus:
            row = pos.get(gpu.key) if gpu.key is not None else None
            if row is None:
                continue
            vals = frame.values[row]
            gpu.lost = bool(np.isnan(vals).all())
            gpu.values = {f: float(v) for f, v in zip(frame.fields, vals, strict=True)}
        self.now_s = frame.timestamp

    def load_tick(self, tick: Tick) -> None:
        """Load the tick's GPU frame and queue its Xid log events for this fake's GPUs."""
        frame = tick.frame(EntityKind.GPU)
        if frame is not None:
            self.load_frame(frame)
        self.now_s = tick.timestamp
        for e in tick.events:
            if e.kind not in ("xid", "fallen_off_bus") or e.xid is None:
                continue
            ref = e.gpu or e.pci_bus_id
            if ref is not None and self._find(ref) is not None:
                self.queue_xid(ref, e.xid)

    def queue_event(self, gpu: int | str, event_type: int, data: int = 0) -> None:
        """Queue an NVML event for a GPU (NVML index, UUID, PCI bus id or topology key)."""
        idx = self._find(gpu)
        if idx is None:
            raise KeyError(f"FakeNvml has no GPU {gpu!r}")
        self._events.append(FakeEventData(FakeHandle(idx), int(event_type), int(data)))

    def queue_xid(self, gpu: int | str, xid: int) -> None:
        """Queue an Xid critical-error event (eventData is the Xid number, as in NVML)."""
        self.queue_event(gpu, XID_EVENT, xid)

    def _find(self, ref: int | str) -> int | None:
        if isinstance(ref, int):
            return ref if 0 <= ref < len(self.gpus) else None
        want = ref.lower()
        for i, g in enumerate(self.gpus):
            if want in (g.uuid.lower(), g.pci_bus_id.lower(), (g.key or "").lower()):
                return i
        return None

    # -- internals ---------------------------------------------------------------------------
    def _s(self, text: str) -> str | bytes:
        return text.encode() if self.legacy_bytes else text

    def _check_init(self, fn: str) -> None:
        self.calls[fn] += 1
        if self._init_count <= 0:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_UNINITIALIZED)

    def _gpu(self, fn: str, handle: object, *fields: str) -> FakeGpu:
        self._check_init(fn)
        if not isinstance(handle, FakeHandle) or not 0 <= handle.index < len(self.gpus):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        gpu = self.gpus[handle.index]
        if gpu.lost:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_GPU_IS_LOST)
        refused = self.unsupported | gpu.unsupported
        if fn in refused or any(f in refused for f in fields):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return gpu

    def _value(self, gpu: FakeGpu, name: str) -> float:
        v = gpu.values.get(name, math.nan)
        if math.isnan(v):
            # A value the driving frame lacks is one this "GPU" cannot measure.
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return v

    def _int(self, gpu: FakeGpu, name: str) -> int:
        return round(self._value(gpu, name))

    # -- NvmlApi: system ---------------------------------------------------------------------
    def nvmlInit(self) -> None:
        self.calls["nvmlInit"] += 1
        if self.init_error is not None:
            raise pynvml.NVMLError(self.init_error)
        self._init_count += 1

    def nvmlShutdown(self) -> None:
        self._check_init("nvmlShutdown")
        self._init_count -= 1

    def nvmlSystemGetDriverVersion(self) -> str | bytes:
        self._check_init("nvmlSystemGetDriverVersion")
        return self._s(self.driver_version)

    def nvmlDeviceGetCount(self) -> int:
        self._check_init("nvmlDeviceGetCount")
        return len(self.gpus)

    def nvmlDeviceGetHandleByIndex(self, index: int, /) -> object:
        self._check_init("nvmlDeviceGetHandleByIndex")
        if not 0 <= index < len(self.gpus):
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return FakeHandle(index)

    # -- NvmlApi: identity -------------------------------------------------------------------
    def nvmlDeviceGetUUID(self, handle: object, /) -> str | bytes:
        return self._s(self._gpu("nvmlDeviceGetUUID", handle).uuid)

    def nvmlDeviceGetName(self, handle: object, /) -> str | bytes:
        return self._s(self._gpu("nvmlDeviceGetName", handle).name)

    def nvmlDeviceGetPciInfo(self, handle: object, /) -> FakePciInfo:
        gpu = self._gpu("nvmlDeviceGetPciInfo", handle)
        dom, bus, rest = gpu.pci_bus_id.split(":")
        dev = rest.split(".")[0]
        legacy = f"{int(dom, 16):04X}:{int(bus, 16):02X}:{int(dev, 16):02X}.0"
        return FakePciInfo(
            busId=self._s(gpu.pci_bus_id.upper()),
            busIdLegacy=self._s(legacy),
            domain=int(dom, 16),
            bus=int(bus, 16),
            device=int(dev, 16),
            pciDeviceId=0x233010DE,
            pciSubSystemId=0x16C110DE,
        )

    # -- NvmlApi: telemetry ------------------------------------------------------------------
    def nvmlDeviceGetTemperature(self, handle: object, sensor: int, /) -> int:
        gpu = self._gpu("nvmlDeviceGetTemperature", handle, "DCGM_FI_DEV_GPU_TEMP")
        if sensor != pynvml.NVML_TEMPERATURE_GPU:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return self._int(gpu, "DCGM_FI_DEV_GPU_TEMP")

    def nvmlDeviceGetFieldValues(
        self, handle: object, field_ids: list[int], /
    ) -> list[FakeFieldValue]:
        gpu = self._gpu("nvmlDeviceGetFieldValues", handle)
        refused = self.unsupported | gpu.unsupported
        out = []
        for fid in field_ids:
            name = _FIELD_IDS.get(fid)
            v = gpu.values.get(name, math.nan) if name is not None else math.nan
            ok = name is not None and name not in refused and not math.isnan(v)
            out.append(
                FakeFieldValue(
                    fieldId=fid,
                    scopeId=0,
                    timestamp=int(self.now_s * 1e6),
                    latencyUsec=0,
                    valueType=pynvml.NVML_VALUE_TYPE_UNSIGNED_INT,
                    nvmlReturn=pynvml.NVML_SUCCESS if ok else pynvml.NVML_ERROR_NOT_SUPPORTED,
                    value=FakeValue(uiVal=round(v) if ok else 0),
                )
            )
        return out

    def nvmlDeviceGetPowerUsage(self, handle: object, /) -> int:
        gpu = self._gpu("nvmlDeviceGetPowerUsage", handle, "DCGM_FI_DEV_POWER_USAGE")
        return round(self._value(gpu, "DCGM_FI_DEV_POWER_USAGE") * 1000.0)  # W → mW

    def nvmlDeviceGetTotalEnergyConsumption(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"
        return self._int(self._gpu("nvmlDeviceGetTotalEnergyConsumption", handle, name), name)

    def nvmlDeviceGetPowerManagementLimit(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_POWER_MGMT_LIMIT"
        gpu = self._gpu("nvmlDeviceGetPowerManagementLimit", handle, name)
        return round(self._value(gpu, name) * 1000.0)

    def nvmlDeviceGetUtilizationRates(self, handle: object, /) -> FakeUtilization:
        a, b = "DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL"
        gpu = self._gpu("nvmlDeviceGetUtilizationRates", handle, a, b)
        return FakeUtilization(gpu=self._int(gpu, a), memory=self._int(gpu, b))

    def nvmlDeviceGetEncoderUtilization(self, handle: object, /) -> list[int]:
        name = "DCGM_FI_DEV_ENC_UTIL"
        gpu = self._gpu("nvmlDeviceGetEncoderUtilization", handle, name)
        return [self._int(gpu, name), 167_000]

    def nvmlDeviceGetDecoderUtilization(self, handle: object, /) -> list[int]:
        name = "DCGM_FI_DEV_DEC_UTIL"
        gpu = self._gpu("nvmlDeviceGetDecoderUtilization", handle, name)
        return [self._int(gpu, name), 167_000]

    def nvmlDeviceGetMemoryInfo(
        self, handle: object, version: int | None = None, /
    ) -> FakeMemory | FakeMemoryV2:
        names = ("DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_RESERVED")
        gpu = self._gpu("nvmlDeviceGetMemoryInfo", handle, *names)
        free, used, reserved = (self._int(gpu, n) * MIB for n in names)
        total = free + used + reserved
        if version:
            if not self.memory_v2:
                raise pynvml.NVMLError(pynvml.NVML_ERROR_FUNCTION_NOT_FOUND)
            return FakeMemoryV2(
                version=version, total=total, reserved=reserved, free=free, used=used
            )
        return FakeMemory(
            total=total, free=free, used=used + reserved
        )  # v1 counts reserved as used

    def nvmlDeviceGetClockInfo(self, handle: object, clock_type: int, /) -> int:
        name = _CLOCKS.get(clock_type)
        gpu = self._gpu("nvmlDeviceGetClockInfo", handle, *([name] if name else []))
        if name is None:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return self._int(gpu, name)

    def nvmlDeviceGetCurrentClocksEventReasons(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"
        gpu = self._gpu("nvmlDeviceGetCurrentClocksEventReasons", handle, name)
        if not self.clock_event_reasons:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_FUNCTION_NOT_FOUND)
        return self._int(gpu, name)

    def nvmlDeviceGetCurrentClocksThrottleReasons(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_CLOCKS_EVENT_REASONS"
        return self._int(self._gpu("nvmlDeviceGetCurrentClocksThrottleReasons", handle, name), name)

    def nvmlDeviceGetTotalEccErrors(
        self, handle: object, error_type: int, counter_type: int, /
    ) -> int:
        name = _ECC.get((error_type, counter_type))
        gpu = self._gpu("nvmlDeviceGetTotalEccErrors", handle, *([name] if name else []))
        if name is None:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return self._int(gpu, name)

    def nvmlDeviceGetRetiredPages(self, handle: object, cause: int, /) -> list[int]:
        name = _RETIRED.get(cause)
        gpu = self._gpu("nvmlDeviceGetRetiredPages", handle, *([name] if name else []))
        if name is None:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return [0x1_0000_0000 + 0x1000 * i for i in range(self._int(gpu, name))]

    def nvmlDeviceGetRetiredPagesPendingStatus(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_RETIRED_PENDING"
        gpu = self._gpu("nvmlDeviceGetRetiredPagesPendingStatus", handle, name)
        return int(self._value(gpu, name) > 0)  # NVML answers yes/no

    def nvmlDeviceGetRemappedRows(self, handle: object, /) -> tuple[int, int, int, int]:
        gpu = self._gpu("nvmlDeviceGetRemappedRows", handle, *_REMAP)
        a, b, c, d = (self._int(gpu, n) for n in _REMAP)
        return (a, b, c, d)

    def nvmlDeviceGetPcieReplayCounter(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"
        return self._int(self._gpu("nvmlDeviceGetPcieReplayCounter", handle, name), name)

    def nvmlDeviceGetCurrPcieLinkGeneration(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_PCIE_LINK_GEN"
        return self._int(self._gpu("nvmlDeviceGetCurrPcieLinkGeneration", handle, name), name)

    def nvmlDeviceGetCurrPcieLinkWidth(self, handle: object, /) -> int:
        name = "DCGM_FI_DEV_PCIE_LINK_WIDTH"
        return self._int(self._gpu("nvmlDeviceGetCurrPcieLinkWidth", handle, name), name)

    def nvmlDeviceGetNvLinkState(self, handle: object, link: int, /) -> int:
        gpu = self._gpu("nvmlDeviceGetNvLinkState", handle)
        if gpu.nvlink_links == 0:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        if not 0 <= link < gpu.nvlink_links:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return int(pynvml.NVML_FEATURE_ENABLED)

    def nvmlDeviceGetNvLinkErrorCounter(self, handle: object, link: int, counter: int, /) -> int:
        name = _NVLINK_COUNTERS.get(counter)
        gpu = self._gpu("nvmlDeviceGetNvLinkErrorCounter", handle, *([name] if name else []))
        if name is None or not 0 <= link < gpu.nvlink_links:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        # The DCGM total is spread over the links; the collector sums it back.
        q, r = divmod(self._int(gpu, name), gpu.nvlink_links)
        return q + (1 if link < r else 0)

    def nvmlDeviceGetViolationStatus(self, handle: object, policy: int, /) -> FakeViolationTime:
        name = _VIOLATION.get(policy)
        gpu = self._gpu("nvmlDeviceGetViolationStatus", handle, *([name] if name else []))
        if name is None:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        return FakeViolationTime(
            referenceTime=int(self.now_s * 1e9), violationTime=self._int(gpu, name)
        )

    # -- NvmlApi: events ---------------------------------------------------------------------
    def nvmlEventSetCreate(self) -> object:
        self._check_init("nvmlEventSetCreate")
        self._set_serial += 1
        self._sets[self._set_serial] = {}
        return FakeEventSet(self._set_serial)

    def nvmlDeviceRegisterEvents(
        self, handle: object, event_types: int, event_set: object, /
    ) -> None:
        gpu = self._gpu("nvmlDeviceRegisterEvents", handle)
        masks = self._set(event_set)
        if event_types & ~gpu.event_types_supported:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_NOT_SUPPORTED)
        assert isinstance(handle, FakeHandle)  # checked by _gpu
        masks[handle.index] = masks.get(handle.index, 0) | int(event_types)

    def nvmlEventSetWait(self, event_set: object, timeout_ms: int, /) -> FakeEventData:
        self._check_init("nvmlEventSetWait")
        masks = self._set(event_set)
        del timeout_ms  # never sleeps: an empty queue times out at once
        while self._events:
            ev = self._events.popleft()
            assert isinstance(ev.device, FakeHandle)
            if masks.get(ev.device.index, 0) & ev.eventType:
                return ev
            # Not registered for: the driver would never have delivered it to this set.
        raise pynvml.NVMLError(pynvml.NVML_ERROR_TIMEOUT)

    def nvmlEventSetFree(self, event_set: object, /) -> None:
        self._check_init("nvmlEventSetFree")
        if not isinstance(event_set, FakeEventSet) or event_set.serial not in self._sets:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        del self._sets[event_set.serial]

    def _set(self, event_set: object) -> dict[int, int]:
        if not isinstance(event_set, FakeEventSet) or event_set.serial not in self._sets:
            raise pynvml.NVMLError(pynvml.NVML_ERROR_INVALID_ARGUMENT)
        return self._sets[event_set.serial]

    @property
    def event_sets_open(self) -> int:
        """Event sets created and not yet freed (a leak check for tests)."""
        return len(self._sets)

    @property
    def initialized(self) -> bool:
        return self._init_count > 0


def _conforms(fake: FakeNvml) -> NvmlApi:
    return fake  # mypy proves here that FakeNvml implements every NvmlApi call
