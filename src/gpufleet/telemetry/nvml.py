# ruff: noqa: N802
# (method and attribute names mirror pynvml's C API on purpose)
"""NVML collector: GPU telemetry and Xid events straight from the NVIDIA driver (nvidia-ml-py).

One collector watches the GPUs of the host it runs on. It produces the same vocabulary as every
other source: a GPU :class:`~telemetry.frame.Frame` under dcgm-exporter field names and units
(:mod:`telemetry.fields`), and Xid occurrences as ``LogEvent(kind="xid")``, so the NOC detector
runs on it unchanged.

* **Where NVML has the field, it is read; elsewhere it is absent.** :data:`NVML_FIELDS` lists what
  is filled, :data:`UNCOVERED_FIELDS` what is not and why (DCP profiling metrics need DCGM, …).
  Units are converted at the edge: mW → W, bytes → MiB (whole MiB, as DCGM reports), clocks in
  MHz, the clock-event bitmask as a float.
* **A field a GPU does not support is NaN, never a crash.** ``NVML_ERROR_NOT_SUPPORTED`` (or a
  function an old driver lacks) is counted once per GPU and field in
  :attr:`NvmlStats.not_supported` and that query is not repeated; other NVML errors are counted
  in :attr:`NvmlStats.errors` and retried next sample.
* **A GPU that falls off the bus** (``NVML_ERROR_GPU_IS_LOST``) reports an all-NaN row and one
  ``LogEvent(kind="fallen_off_bus")`` on the transition, which the log rules treat as Xid 79.
* **Xid events** come from an NVML event set registered for ``nvmlEventTypeXidCriticalError``
  (and, with ``ecc_events=True``, the ECC event types). ``DCGM_FI_DEV_XID_ERRORS`` carries the
  last Xid seen since the collector opened (0 before any), like DCGM's sticky field.
* **No driver, no GPU → :class:`NvmlUnavailable`** whose message says what is missing and how to
  check (``nvidia-smi``, ``lsmod | grep nvidia``).

NVML calls block (an event wait blocks up to its timeout), so the async side
(:class:`NvmlSource`, :meth:`NvmlCollector.apoll_xid_events`) runs them in a worker thread.
The wall clock is read only through the injected ``clock``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import socket
import threading
import time
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from types import TracebackType
from typing import Protocol, Self

import numpy as np
import pynvml  # type: ignore[import-untyped]  # nvidia-ml-py ships no type information

from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Cluster, Gpu, Node, Rack, Topology, gpu_key, sku

logger = logging.getLogger(__name__)

Handle = object  # an opaque device handle (a ctypes pointer with the real library)
EventSet = object  # an opaque event-set handle

MIB = 1024 * 1024
_MAX_ERRORS = 100
_MAX_EVENTS_PER_POLL = 1024


# ---------------------------------------------------------------------------- the NVML surface
class PciInfo(Protocol):
    """``nvmlPciInfo_t``: pynvml ≥ 11 decodes ``busId`` to str, older releases return bytes."""

    @property
    def busId(self) -> str | bytes: ...


class Utilization(Protocol):
    """``nvmlUtilization_t``: percent of the last sample period."""

    @property
    def gpu(self) -> int: ...
    @property
    def memory(self) -> int: ...


class MemoryInfo(Protocol):
    """``nvmlMemory_t`` (v1) or ``nvmlMemory_v2_t`` (v2 adds ``reserved``), in bytes."""

    @property
    def total(self) -> int: ...
    @property
    def free(self) -> int: ...
    @property
    def used(self) -> int: ...


class ViolationTime(Protocol):
    """``nvmlViolationTime_t``: ``violationTime`` is cumulative throttled time in ns."""

    @property
    def referenceTime(self) -> int: ...
    @property
    def violationTime(self) -> int: ...


class FieldValueUnion(Protocol):
    """``nvmlValue_t``: which member is valid depends on the field value's ``valueType``."""

    @property
    def dVal(self) -> float: ...
    @property
    def uiVal(self) -> int: ...
    @property
    def ulVal(self) -> int: ...
    @property
    def ullVal(self) -> int: ...
    @property
    def sllVal(self) -> int: ...
    @property
    def siVal(self) -> int: ...
    @property
    def usVal(self) -> int: ...


class FieldValue(Protocol):
    """``nvmlFieldValue_t``: a per-field return code instead of an exception."""

    @property
    def fieldId(self) -> int: ...
    @property
    def valueType(self) -> int: ...
    @property
    def nvmlReturn(self) -> int: ...
    @property
    def value(self) -> FieldValueUnion: ...


class EventData(Protocol):
    """``nvmlEventData_t``: for Xid events ``eventData`` is the Xid number."""

    @property
    def device(self) -> Handle: ...
    @property
    def eventType(self) -> int: ...
    @property
    def eventData(self) -> int: ...


class NvmlApi(Protocol):
    """Exactly the pynvml calls the collector makes. The ``pynvml`` module itself is one.

    Parameters are positional-only: callers pass them positionally, and implementations (the
    module, :class:`sim.nvml_fake.FakeNvml`) may name them as they like. Errors are
    ``pynvml.NVMLError`` subclasses, whichever implementation raises them.
    """

    def nvmlInit(self) -> None: ...
    def nvmlShutdown(self) -> None: ...
    def nvmlSystemGetDriverVersion(self) -> str | bytes: ...
    def nvmlDeviceGetCount(self) -> int: ...
    def nvmlDeviceGetHandleByIndex(self, index: int, /) -> Handle: ...
    def nvmlDeviceGetUUID(self, handle: Handle, /) -> str | bytes: ...
    def nvmlDeviceGetPciInfo(self, handle: Handle, /) -> PciInfo: ...
    def nvmlDeviceGetName(self, handle: Handle, /) -> str | bytes: ...
    def nvmlDeviceGetTemperature(self, handle: Handle, sensor: int, /) -> int: ...
    def nvmlDeviceGetFieldValues(
        self, handle: Handle, field_ids: list[int], /
    ) -> Sequence[FieldValue]: ...
    def nvmlDeviceGetPowerUsage(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetTotalEnergyConsumption(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetPowerManagementLimit(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetUtilizationRates(self, handle: Handle, /) -> Utilization: ...
    def nvmlDeviceGetEncoderUtilization(self, handle: Handle, /) -> Sequence[int]: ...
    def nvmlDeviceGetDecoderUtilization(self, handle: Handle, /) -> Sequence[int]: ...
    def nvmlDeviceGetMemoryInfo(
        self, handle: Handle, version: int | None = None, /
    ) -> MemoryInfo: ...
    def nvmlDeviceGetClockInfo(self, handle: Handle, clock_type: int, /) -> int: ...
    def nvmlDeviceGetCurrentClocksEventReasons(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetCurrentClocksThrottleReasons(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetTotalEccErrors(
        self, handle: Handle, error_type: int, counter_type: int, /
    ) -> int: ...
    def nvmlDeviceGetRetiredPages(self, handle: Handle, cause: int, /) -> Sequence[int]: ...
    def nvmlDeviceGetRetiredPagesPendingStatus(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetRemappedRows(self, handle: Handle, /) -> tuple[int, int, int, int]: ...
    def nvmlDeviceGetPcieReplayCounter(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetCurrPcieLinkGeneration(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetCurrPcieLinkWidth(self, handle: Handle, /) -> int: ...
    def nvmlDeviceGetNvLinkState(self, handle: Handle, link: int, /) -> int: ...
    def nvmlDeviceGetNvLinkErrorCounter(
        self, handle: Handle, link: int, counter: int, /
    ) -> int: ...
    def nvmlDeviceGetViolationStatus(self, handle: Handle, policy: int, /) -> ViolationTime: ...
    def nvmlEventSetCreate(self) -> EventSet: ...
    def nvmlDeviceRegisterEvents(
        self, handle: Handle, event_types: int, event_set: EventSet, /
    ) -> None: ...
    def nvmlEventSetWait(self, event_set: EventSet, timeout_ms: int, /) -> EventData: ...
    def nvmlEventSetFree(self, event_set: EventSet, /) -> None: ...


# NVML return codes the collector treats specially (pynvml constants; fixed by the C ABI).
_NOT_SUPPORTED = pynvml.NVML_ERROR_NOT_SUPPORTED
_FUNCTION_NOT_FOUND = pynvml.NVML_ERROR_FUNCTION_NOT_FOUND
_GPU_IS_LOST = pynvml.NVML_ERROR_GPU_IS_LOST
_TIMEOUT = pynvml.NVML_ERROR_TIMEOUT
_INVALID_ARGUMENT = pynvml.NVML_ERROR_INVALID_ARGUMENT
_ARGUMENT_VERSION_MISMATCH = getattr(pynvml, "NVML_ERROR_ARGUMENT_VERSION_MISMATCH", 25)
# "This GPU or driver cannot answer that" (as opposed to a failure worth retrying).
_UNSUPPORTED_CODES = frozenset({_NOT_SUPPORTED, _FUNCTION_NOT_FOUND})

XID_EVENT = int(pynvml.nvmlEventTypeXidCriticalError)
SBE_EVENT = int(pynvml.nvmlEventTypeSingleBitEccError)
DBE_EVENT = int(pynvml.nvmlEventTypeDoubleBitEccError)
DBE_XID = 48  # the Xid the driver logs for an uncorrectable (double-bit) ECC error


def nvml_error_code(exc: BaseException) -> int | None:
    """The NVML return code carried by a ``pynvml.NVMLError``, else None."""
    value = getattr(exc, "value", None)
    return value if isinstance(exc, pynvml.NVMLError) and isinstance(value, int) else None


def _text(value: str | bytes) -> str:
    """pynvml ≥ 11 returns str; older releases (and raw structs) return bytes."""
    return value.decode(errors="replace") if isinstance(value, bytes) else str(value)


# ---------------------------------------------------------------------------- errors and stats
class NvmlUnavailable(RuntimeError):  # noqa: N818 (the name callers and the CLI use)
    """NVML cannot be used on this host; the message says what is missing and how to check.

    ``reason`` is a short machine-readable tag (``library_not_found``, ``driver_not_loaded``,
    ``no_permission``, ``version_mismatch``, ``no_gpus``, ``init_failed``); ``nvml_error`` the
    NVML return code when there was one.
    """

    def __init__(self, message: str, *, reason: str, nvml_error: int | None = None) -> None:
        super().__init__(message)
        self.reason = reason
        self.nvml_error = nvml_error


_HOW_TO_CHECK = (
    "Check with `nvidia-smi` (it uses the same library) and `lsmod | grep nvidia` (the kernel "
    "module); on a host without NVIDIA GPUs use another source (sim, replay, dcgm-exporter)."
)


def _init_failure(exc: BaseException, hostname: str) -> NvmlUnavailable:
    code = nvml_error_code(exc)
    if code == pynvml.NVML_ERROR_LIBRARY_NOT_FOUND:
        return NvmlUnavailable(
            f"NVML is unavailable on {hostname}: the NVIDIA driver library libnvidia-ml.so.1 "
            "was not found (no NVIDIA driver installed, or it is not on the loader path). "
            + _HOW_TO_CHECK,
            reason="library_not_found",
            nvml_error=code,
        )
    if code == pynvml.NVML_ERROR_DRIVER_NOT_LOADED:
        return NvmlUnavailable(
            f"NVML is unavailable on {hostname}: libnvidia-ml is installed but the NVIDIA "
            "kernel driver is not loaded (load it with `modprobe nvidia`, or reboot after a "
            "driver install). " + _HOW_TO_CHECK,
            reason="driver_not_loaded",
            nvml_error=code,
        )
    if code == pynvml.NVML_ERROR_UNINITIALIZED:
        return NvmlUnavailable(
            f"NVML is unavailable on {hostname}: the library could not be loaded or "
            "initialised (NVML_ERROR_UNINITIALIZED). " + _HOW_TO_CHECK,
            reason="library_not_found",
            nvml_error=code,
        )
    if code == pynvml.NVML_ERROR_NO_PERMISSION:
        return NvmlUnavailable(
            f"NVML is unavailable on {hostname}: no permission to open the GPU device files "
            "(/dev/nvidia*); run as a user in the video group or as root. " + _HOW_TO_CHECK,
            reason="no_permission",
            nvml_error=code,
        )
    if code == getattr(pynvml, "NVML_ERROR_LIB_RM_VERSION_MISMATCH", 18):
        return NvmlUnavailable(
            f"NVML is unavailable on {hostname}: the loaded kernel driver and libnvidia-ml "
            "have different versions (driver upgraded without a reboot or module reload). "
            + _HOW_TO_CHECK,
            reason="version_mismatch",
            nvml_error=code,
        )
    return NvmlUnavailable(
        f"NVML is unavailable on {hostname}: nvmlInit failed: {exc}. " + _HOW_TO_CHECK,
        reason="init_failed",
        nvml_error=code,
    )


@dataclass
class NvmlStats:
    """What the collector saw, for ``gpufleet`` status output and tests."""

    samples: int = 0
    # field name → GPUs on which NVML said NOT_SUPPORTED (counted once per GPU; not asked again)
    not_supported: Counter[str] = field(default_factory=Counter)
    # query name → other NVML errors (retried on the next sample)
    errors: Counter[str] = field(default_factory=Counter)
    error_messages: list[str] = field(default_factory=list)
    xid_events: int = 0
    ecc_events: Counter[str] = field(default_factory=Counter)
    gpus_lost: int = 0  # transitions to NVML_ERROR_GPU_IS_LOST
    events_unsupported: list[str] = field(default_factory=list)  # GPUs with no Xid event set
    unmapped_gpus: list[str] = field(default_factory=list)  # PCI ids the topology did not know

    def error(self, what: str, exc: BaseException) -> None:
        self.errors[what] += 1
        if len(self.error_messages) < _MAX_ERRORS:
            self.error_messages.append(f"{what}: {exc}")


# ---------------------------------------------------------------------------- per-device state
@dataclass
class _Device:
    index: int
    handle: Handle
    uuid: str
    pci_bus_id: str
    name: str
    key: str
    links: tuple[int, ...] = ()
    unsupported: set[str] = field(default_factory=set)  # query names NVML refused on this GPU
    memory_v1: bool = False  # the driver lacks nvmlDeviceGetMemoryInfo_v2
    xid_registered: bool = False
    last_xid: float = 0.0
    lost: bool = False


@dataclass(frozen=True)
class _Query:
    name: str
    fields: tuple[str, ...]
    read: Callable[[NvmlCollector, _Device], tuple[float, ...]]


def _q1(name: str, fld: str, read: Callable[[NvmlCollector, _Device], float]) -> _Query:
    return _Query(name, (fld,), lambda c, d: (read(c, d),))


def _nvlink(counter: int) -> Callable[[NvmlCollector, _Device], float]:
    def read(c: NvmlCollector, d: _Device) -> float:
        return c._nvlink_total(d, counter)

    return read


def _ecc(error_type: int, counter_type: int) -> Callable[[NvmlCollector, _Device], float]:
    def read(c: NvmlCollector, d: _Device) -> float:
        return float(c.api.nvmlDeviceGetTotalEccErrors(d.handle, error_type, counter_type))

    return read


def _retired(cause: int) -> Callable[[NvmlCollector, _Device], float]:
    def read(c: NvmlCollector, d: _Device) -> float:
        return float(len(c.api.nvmlDeviceGetRetiredPages(d.handle, cause)))

    return read


def _violation(policy: int) -> Callable[[NvmlCollector, _Device], float]:
    def read(c: NvmlCollector, d: _Device) -> float:
        return float(c.api.nvmlDeviceGetViolationStatus(d.handle, policy).violationTime)

    return read


_COR, _UNC = pynvml.NVML_MEMORY_ERROR_TYPE_CORRECTED, pynvml.NVML_MEMORY_ERROR_TYPE_UNCORRECTED
_VOL, _AGG = pynvml.NVML_VOLATILE_ECC, pynvml.NVML_AGGREGATE_ECC

# One entry per NVML query: which dcgm-exporter fields it fills, in DCGM units.
_QUERIES: tuple[_Query, ...] = (
    _q1(
        "clock_sm",
        "DCGM_FI_DEV_SM_CLOCK",
        lambda c, d: float(c.api.nvmlDeviceGetClockInfo(d.handle, pynvml.NVML_CLOCK_SM)),
    ),
    _q1(
        "clock_mem",
        "DCGM_FI_DEV_MEM_CLOCK",
        lambda c, d: float(c.api.nvmlDeviceGetClockInfo(d.handle, pynvml.NVML_CLOCK_MEM)),
    ),
    _q1("clock_event_reasons", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS", lambda c, d: c._reasons(d)),
    _q1(
        "gpu_temp",
        "DCGM_FI_DEV_GPU_TEMP",
        lambda c, d: float(c.api.nvmlDeviceGetTemperature(d.handle, pynvml.NVML_TEMPERATURE_GPU)),
    ),
    _q1(
        "memory_temp",
        "DCGM_FI_DEV_MEMORY_TEMP",
        lambda c, d: c._field_value(d, pynvml.NVML_FI_DEV_MEMORY_TEMP),
    ),
    _q1(
        "power_usage",
        "DCGM_FI_DEV_POWER_USAGE",
        lambda c, d: c.api.nvmlDeviceGetPowerUsage(d.handle) / 1000.0,  # mW → W
    ),
    _q1(
        "total_energy",
        "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
        lambda c, d: float(c.api.nvmlDeviceGetTotalEnergyConsumption(d.handle)),  # mJ
    ),
    _q1(
        "power_limit",
        "DCGM_FI_DEV_POWER_MGMT_LIMIT",
        lambda c, d: c.api.nvmlDeviceGetPowerManagementLimit(d.handle) / 1000.0,  # mW → W
    ),
    _Query(
        "utilization",
        ("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_MEM_COPY_UTIL"),
        lambda c, d: c._utilization(d),
    ),
    _q1(
        "encoder_util",
        "DCGM_FI_DEV_ENC_UTIL",
        lambda c, d: float(c.api.nvmlDeviceGetEncoderUtilization(d.handle)[0]),
    ),
    _q1(
        "decoder_util",
        "DCGM_FI_DEV_DEC_UTIL",
        lambda c, d: float(c.api.nvmlDeviceGetDecoderUtilization(d.handle)[0]),
    ),
    _Query(
        "memory_info",
        ("DCGM_FI_DEV_FB_FREE", "DCGM_FI_DEV_FB_USED", "DCGM_FI_DEV_FB_RESERVED"),
        lambda c, d: c._memory(d),
    ),
    _q1("ecc_sbe_volatile", "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", _ecc(_COR, _VOL)),
    _q1("ecc_dbe_volatile", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", _ecc(_UNC, _VOL)),
    _q1("ecc_sbe_aggregate", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", _ecc(_COR, _AGG)),
    _q1("ecc_dbe_aggregate", "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", _ecc(_UNC, _AGG)),
    _q1(
        "retired_sbe",
        "DCGM_FI_DEV_RETIRED_SBE",
        _retired(pynvml.NVML_PAGE_RETIREMENT_CAUSE_MULTIPLE_SINGLE_BIT_ECC_ERRORS),
    ),
    _q1(
        "retired_dbe",
        "DCGM_FI_DEV_RETIRED_DBE",
        _retired(pynvml.NVML_PAGE_RETIREMENT_CAUSE_DOUBLE_BIT_ECC_ERROR),
    ),
    # NVML answers "are pages pending?" (0/1); DCGM fills the same field from the same flag.
    _q1(
        "retired_pending",
        "DCGM_FI_DEV_RETIRED_PENDING",
        lambda c, d: float(c.api.nvmlDeviceGetRetiredPagesPendingStatus(d.handle)),
    ),
    _Query(
        "remapped_rows",
        (
            "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_ROW_REMAP_PENDING",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE",
        ),
        lambda c, d: tuple(float(x) for x in c.api.nvmlDeviceGetRemappedRows(d.handle)),
    ),
    _q1(
        "pcie_replay",
        "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
        lambda c, d: float(c.api.nvmlDeviceGetPcieReplayCounter(d.handle)),
    ),
    _q1(
        "pcie_link_gen",
        "DCGM_FI_DEV_PCIE_LINK_GEN",
        lambda c, d: float(c.api.nvmlDeviceGetCurrPcieLinkGeneration(d.handle)),
    ),
    _q1(
        "pcie_link_width",
        "DCGM_FI_DEV_PCIE_LINK_WIDTH",
        lambda c, d: float(c.api.nvmlDeviceGetCurrPcieLinkWidth(d.handle)),
    ),
    _q1(
        "nvlink_crc_flit",
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
        _nvlink(pynvml.NVML_NVLINK_ERROR_DL_CRC_FLIT),
    ),
    _q1(
        "nvlink_crc_data",
        "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
        _nvlink(pynvml.NVML_NVLINK_ERROR_DL_CRC_DATA),
    ),
    _q1(
        "nvlink_replay",
        "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
        _nvlink(pynvml.NVML_NVLINK_ERROR_DL_REPLAY),
    ),
    _q1(
        "nvlink_recovery",
        "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
        _nvlink(pynvml.NVML_NVLINK_ERROR_DL_RECOVERY),
    ),
    _q1(
        "power_violation",
        "DCGM_FI_DEV_POWER_VIOLATION",
        _violation(pynvml.NVML_PERF_POLICY_POWER),
    ),
    _q1(
        "thermal_violation",
        "DCGM_FI_DEV_THERMAL_VIOLATION",
        _violation(pynvml.NVML_PERF_POLICY_THERMAL),
    ),
)

XID_FIELD = "DCGM_FI_DEV_XID_ERRORS"
_READ_FIELDS = frozenset(f for q in _QUERIES for f in q.fields)
NVML_FIELDS: tuple[str, ...] = tuple(
    f for f in GPU_FIELD_NAMES if f in _READ_FIELDS or f == XID_FIELD
)
"""Every field the collector fills, in registry order (the frame's columns)."""

UNCOVERED_FIELDS: dict[str, str] = {
    f: (
        "a DCGM profiling (DCP) metric: NVML does not expose it; use dcgm-exporter"
        if f.startswith("DCGM_FI_PROF_")
        else "meaningful only under vGPU"
        if f == "DCGM_FI_DEV_VGPU_LICENSE_STATUS"
        else "DCGM's NVLink bandwidth counter has no NVML query in the same units"
        if f == "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL"
        else "no NVML equivalent"
    )
    for f in GPU_FIELD_NAMES
    if f not in NVML_FIELDS
}
"""Registry fields the collector leaves out (absent from its frames), with the reason."""

# NVML product names → the SKU aliases of telemetry.topology, for discovered topologies.
_SKU_BY_NAME = (("A100", "A100"), ("H100", "H100"), ("H200", "H200"), ("B200", "B200"))


# ---------------------------------------------------------------------------- the collector
class NvmlCollector:
    """Samples this host's GPUs through NVML into ticks under dcgm-exporter field names.

    ``api`` is the ``pynvml`` module (default) or anything with its calls (:class:`NvmlApi`),
    e.g. :class:`sim.nvml_fake.FakeNvml`. ``topology``, when given, names the GPUs: each
    GPU's key is looked up by this host's name and its PCI bus id (then its UUID); without a
    topology, or for a GPU it lacks, the key is ``"<hostname>/gpu<NVML index>"`` and
    :attr:`topology` is a one-node topology discovered from NVML. ``clock`` stamps samples and
    events (seconds since the epoch). ``ecc_events`` also registers NVML's single/double-bit ECC
    event types: a double-bit event becomes an Xid 48 log event, single-bit ones are only
    counted (the ECC counters already carry them).

    Use: ``open()`` (raises :class:`NvmlUnavailable`), then ``sample()`` /
    ``poll_xid_events()`` as often as needed, then ``close()``; or ``with NvmlCollector() as c``.
    """

    def __init__(
        self,
        api: NvmlApi | None = None,
        *,
        hostname: str | None = None,
        topology: Topology | None = None,
        clock: Callable[[], float] = time.time,
        ecc_events: bool = False,
    ) -> None:
        self.api: NvmlApi = api if api is not None else pynvml
        self.hostname = hostname or socket.gethostname()
        self._given_topology = topology
        self._topology: Topology | None = topology
        self.clock = clock
        self.ecc_events = ecc_events
        self.stats = NvmlStats()
        self.devices: list[_Device] = []
        self.keys: tuple[str, ...] = ()
        self.driver_version = ""
        self._event_set: EventSet | None = None
        self._reasons_legacy = False  # the driver only has the "throttle reasons" name
        self._opened = False
        self._lock = threading.Lock()  # sample() and event polls may run in different threads

    # -- lifecycle ---------------------------------------------------------------------------
    def open(self) -> Self:
        """Initialise NVML, enumerate GPUs, register Xid events. Idempotent; returns self.

        Raises :class:`NvmlUnavailable` when the driver library is missing, the kernel driver
        is not loaded, permissions or versions are wrong, or NVML finds no GPU.
        """
        if self._opened:
            return self
        try:
            self.api.nvmlInit()
        except (pynvml.NVMLError, OSError) as exc:
            raise _init_failure(exc, self.hostname) from exc
        try:
            self._enumerate()
        except BaseException:
            self._shutdown()
            raise
        self._opened = True
        return self

    def _enumerate(self) -> None:
        api = self.api
        try:
            self.driver_version = _text(api.nvmlSystemGetDriverVersion())
        except pynvml.NVMLError as exc:
            self.stats.error("driver_version", exc)
        try:
            count = int(api.nvmlDeviceGetCount())
        except pynvml.NVMLError as exc:
            raise NvmlUnavailable(
                f"NVML initialised on {self.hostname} but could not count GPUs: {exc}. "
                + _HOW_TO_CHECK,
                reason="no_gpus",
                nvml_error=nvml_error_code(exc),
            ) from exc
        devices: list[_Device] = []
        for i in range(count):
            try:
                h = api.nvmlDeviceGetHandleByIndex(i)
                uuid = _text(api.nvmlDeviceGetUUID(h))
                pci = _text(api.nvmlDeviceGetPciInfo(h).busId)
                name = _text(api.nvmlDeviceGetName(h))
            except pynvml.NVMLError as exc:
                # One broken GPU (lost at boot, no permission) must not hide the others.
                self.stats.error(f"gpu{i}", exc)
                continue
            devices.append(_Device(index=i, handle=h, uuid=uuid, pci_bus_id=pci, name=name, key=""))
        if not devices:
            detail = f" ({self.stats.error_messages[-1]})" if self.stats.error_messages else ""
            raise NvmlUnavailable(
                f"NVML is working on {self.hostname} but found no usable NVIDIA GPU "
                f"(nvmlDeviceGetCount={count}){detail}. Check `nvidia-smi -L` and "
                "`lspci | grep -i nvidia`.",
                reason="no_gpus",
            )
        for d in devices:
            d.key = self._key_for(d)
            d.links = self._discover_links(d)
        self.devices = devices
        self.keys = tuple(d.key for d in devices)
        if self._topology is None:
            self._topology = self._discover_topology()
        self._register_events()

    def _key_for(self, d: _Device) -> str:
        topo = self._given_topology
        if topo is not None:
            g = topo.gpu_by_pci(self.hostname, d.pci_bus_id)
            if g is None:
                g = topo.uuid_pos.get(d.uuid)
            if g is not None:
                return topo.gpu_keys[g]
            self.stats.unmapped_gpus.append(d.pci_bus_id)
        return gpu_key(self.hostname, d.index)

    def _discover_links(self, d: _Device) -> tuple[int, ...]:
        links: list[int] = []
        for link in range(int(pynvml.NVML_NVLINK_MAX_LINKS)):
            try:
                self.api.nvmlDeviceGetNvLinkState(d.handle, link)
            except pynvml.NVMLError as exc:
                if nvml_error_code(exc) in _UNSUPPORTED_CODES:
                    break  # no NVLink on this GPU at all
                continue  # INVALID_ARGUMENT: this link number does not exist here
            links.append(link)
        return tuple(links)

    def _discover_topology(self) -> Topology:
        gpus = []
        for d in self.devices:
            # An unknown board is modelled as an H100: its thresholds are then approximate.
            alias = next((s for tag, s in _SKU_BY_NAME if tag in d.name.upper()), "H100")
            gpus.append(
                Gpu(
                    index=d.index,
                    uuid=d.uuid,
                    pci_bus_id=d.pci_bus_id,
                    sku=sku(alias).name,
                    slot=d.index,
                )
            )
        node = Node(
            hostname=self.hostname,
            nvlink_domain=f"{self.hostname}-nvl",
            gpus=tuple(gpus),
            driver_version=self.driver_version or "unknown",
        )
        rack = Rack(name="local", pdu="unknown", cooling_zone="unknown", nodes=(node,))
        return Topology([Cluster(name="nvml", racks=(rack,))])

    def _register_events(self) -> None:
        api = self.api
        try:
            self._event_set = api.nvmlEventSetCreate()
        except pynvml.NVMLError as exc:
            self.stats.error("event_set_create", exc)
            self.stats.events_unsupported.extend(self.keys)
            return
        for d in self.devices:
            # Register types one at a time: NVML refuses the whole mask if one type is unsupported.
            try:
                api.nvmlDeviceRegisterEvents(d.handle, XID_EVENT, self._event_set)
                d.xid_registered = True
            except pynvml.NVMLError as exc:
                self.stats.events_unsupported.append(d.key)
                if nvml_error_code(exc) not in _UNSUPPORTED_CODES:
                    self.stats.error(f"register_xid:{d.key}", exc)
            if self.ecc_events:
                for etype in (SBE_EVENT, DBE_EVENT):
                    try:
                        api.nvmlDeviceRegisterEvents(d.handle, etype, self._event_set)
                    except pynvml.NVMLError as exc:
                        if nvml_error_code(exc) not in _UNSUPPORTED_CODES:
                            self.stats.error(f"register_ecc:{d.key}", exc)

    def close(self) -> None:
        """Free the event set and shut NVML down. Safe to call twice or after a failed open."""
        if not self._opened:
            return
        self._opened = False
        self._shutdown()

    def _shutdown(self) -> None:
        if self._event_set is not None:
            try:
                self.api.nvmlEventSetFree(self._event_set)
            except pynvml.NVMLError as exc:
                logger.warning("nvml: freeing the event set failed: %s", exc)
            self._event_set = None
        try:
            self.api.nvmlShutdown()
        except pynvml.NVMLError as exc:
            logger.warning("nvml: shutdown failed: %s", exc)

    def __enter__(self) -> Self:
        return self.open()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    @property
    def topology(self) -> Topology:
        """The topology given, or the one-node topology discovered by :meth:`open`."""
        if self._topology is None:
            raise RuntimeError("NvmlCollector.topology: call open() first (or pass a topology)")
        return self._topology

    def _require_open(self) -> None:
        if not self._opened:
            raise RuntimeError("NvmlCollector is not open: call open() first")

    # -- sampling ----------------------------------------------------------------------------
    def sample(self, events: Sequence[LogEvent] = (), *, at: float | None = None) -> Tick:
        """Read every covered field of every GPU; return a tick with one GPU frame.

        ``events`` (e.g. from :meth:`poll_xid_events`) ride along in the tick, with a
        ``fallen_off_bus`` event added for each GPU that NVML reports lost since the previous
        sample. ``at`` overrides the clock for the timestamp.
        """
        self._require_open()
        t = self.clock() if at is None else at
        cols = {f: j for j, f in enumerate(NVML_FIELDS)}
        values = np.full((len(self.devices), len(NVML_FIELDS)), np.nan)
        lost_events: list[LogEvent] = []
        with self._lock:
            for i, d in enumerate(self.devices):
                lost = self._read_device(d, values[i], cols)
                if lost and not d.lost:
                    self.stats.gpus_lost += 1
                    lost_events.append(self._lost_event(d, t))
                d.lost = lost
                if lost:
                    values[i] = np.nan  # a GPU that fell off the bus reports nothing
                elif d.xid_registered:
                    values[i, cols[XID_FIELD]] = d.last_xid
            self.stats.samples += 1
        frame = Frame(t, EntityKind.GPU, self.keys, NVML_FIELDS, values, source="nvml")
        all_events = tuple(sorted((*events, *lost_events), key=lambda e: e.timestamp))
        return Tick(t, (frame,), all_events)

    def _read_device(self, d: _Device, row: np.ndarray, cols: dict[str, int]) -> bool:
        """Fill one GPU's row; return True when NVML says the GPU is lost."""
        for q in _QUERIES:
            if q.name in d.unsupported:
                continue
            try:
                vals = q.read(self, d)
            except pynvml.NVMLError as exc:
                code = nvml_error_code(exc)
                if code == _GPU_IS_LOST:
                    return True
                if code in _UNSUPPORTED_CODES:
                    self._unsupported(d, q)
                else:
                    self.stats.error(q.name, exc)
                continue
            except AttributeError:
                self._unsupported(d, q)  # a pynvml release without this binding
                continue
            except Exception as exc:  # one odd answer must not stop the whole sample
                self.stats.error(q.name, exc)
                continue
            for f, v in zip(q.fields, vals, strict=True):
                row[cols[f]] = v
        if not d.xid_registered and "xid" not in d.unsupported:
            d.unsupported.add("xid")
            self.stats.not_supported[XID_FIELD] += 1
        return False

    def _unsupported(self, d: _Device, q: _Query) -> None:
        d.unsupported.add(q.name)
        self.stats.not_supported.update(q.fields)

    def _lost_event(self, d: _Device, t: float) -> LogEvent:
        return LogEvent(
            timestamp=t,
            node=self.hostname,
            kind="fallen_off_bus",
            message=(
                f"NVML: GPU {d.pci_bus_id} ({d.uuid}) is lost (NVML_ERROR_GPU_IS_LOST): "
                "fallen off the bus"
            ),
            xid=79,
            pci_bus_id=d.pci_bus_id,
            gpu=d.key,
            attrs={"source": "nvml"},
        )

    # Query helpers the table calls; they raise pynvml.NVMLError like the calls they wrap.
    def _reasons(self, d: _Device) -> float:
        if not self._reasons_legacy:
            try:
                return float(self.api.nvmlDeviceGetCurrentClocksEventReasons(d.handle))
            except AttributeError:
                self._reasons_legacy = True  # a pynvml release older than the rename
            except pynvml.NVMLError as exc:
                if nvml_error_code(exc) != _FUNCTION_NOT_FOUND:
                    raise
                self._reasons_legacy = True  # a driver older than the rename (R535)
        return float(self.api.nvmlDeviceGetCurrentClocksThrottleReasons(d.handle))

    def _utilization(self, d: _Device) -> tuple[float, float]:
        u = self.api.nvmlDeviceGetUtilizationRates(d.handle)
        return float(u.gpu), float(u.memory)

    def _memory(self, d: _Device) -> tuple[float, float, float]:
        if not d.memory_v1:
            try:
                m = self.api.nvmlDeviceGetMemoryInfo(d.handle, pynvml.nvmlMemory_v2)
            except pynvml.NVMLError as exc:
                if nvml_error_code(exc) not in (
                    *_UNSUPPORTED_CODES,
                    _ARGUMENT_VERSION_MISMATCH,
                    _INVALID_ARGUMENT,
                ):
                    raise
                d.memory_v1 = True  # an older driver: v1 has no separate reserved figure
            else:
                reserved = float(getattr(m, "reserved", math.nan))
                return float(m.free // MIB), float(m.used // MIB), float(int(reserved) // MIB)
        m = self.api.nvmlDeviceGetMemoryInfo(d.handle)
        return float(m.free // MIB), float(m.used // MIB), math.nan

    def _field_value(self, d: _Device, field_id: int) -> float:
        (fv,) = self.api.nvmlDeviceGetFieldValues(d.handle, [field_id])
        if fv.nvmlReturn != pynvml.NVML_SUCCESS:
            raise pynvml.NVMLError(fv.nvmlReturn)  # per-field codes mean what call codes mean
        v = fv.value
        by_type: dict[int, Callable[[], float]] = {
            pynvml.NVML_VALUE_TYPE_DOUBLE: lambda: float(v.dVal),
            pynvml.NVML_VALUE_TYPE_UNSIGNED_INT: lambda: float(v.uiVal),
            pynvml.NVML_VALUE_TYPE_UNSIGNED_LONG: lambda: float(v.ulVal),
            pynvml.NVML_VALUE_TYPE_UNSIGNED_LONG_LONG: lambda: float(v.ullVal),
            pynvml.NVML_VALUE_TYPE_SIGNED_LONG_LONG: lambda: float(v.sllVal),
            pynvml.NVML_VALUE_TYPE_SIGNED_INT: lambda: float(v.siVal),
            pynvml.NVML_VALUE_TYPE_UNSIGNED_SHORT: lambda: float(v.usVal),
        }
        get = by_type.get(int(fv.valueType))
        return get() if get is not None else math.nan

    def _nvlink_total(self, d: _Device, counter: int) -> float:
        if not d.links:
            raise pynvml.NVMLError(_NOT_SUPPORTED)  # no NVLink on this GPU
        total, answered = 0, 0
        for link in d.links:
            try:
                total += int(self.api.nvmlDeviceGetNvLinkErrorCounter(d.handle, link, counter))
                answered += 1
            except pynvml.NVMLError as exc:
                if nvml_error_code(exc) not in (*_UNSUPPORTED_CODES, _INVALID_ARGUMENT):
                    raise
        if not answered:
            raise pynvml.NVMLError(_NOT_SUPPORTED)
        return float(total)

    # -- events ------------------------------------------------------------------------------
    def poll_xid_events(self, timeout_ms: int = 0, *, at: float | None = None) -> list[LogEvent]:
        """Xid (and, with ``ecc_events``, DBE) events NVML has queued, as log events.

        Waits up to ``timeout_ms`` for the first event (0: do not wait), then drains what is
        already queued without waiting again. Keep the timeout short on a thread that has other
        work; from async code use :meth:`apoll_xid_events`. ``at`` stamps the events (default:
        the clock when each arrives).
        """
        self._require_open()
        if self._event_set is None:
            return []
        out: list[LogEvent] = []
        wait = max(0, int(timeout_ms))
        while len(out) < _MAX_EVENTS_PER_POLL:
            try:
                data = self.api.nvmlEventSetWait(self._event_set, wait)
            except pynvml.NVMLError as exc:
                if nvml_error_code(exc) != _TIMEOUT:
                    self.stats.error("event_wait", exc)
                break
            wait = 0  # drain what is queued already, never wait twice
            event = self._to_log_event(data, self.clock() if at is None else at)
            if event is not None:
                out.append(event)
        return out

    def drain(self) -> list[LogEvent]:
        """Events queued so far, without waiting: a ``LogEventFeed`` for ``run_noc``."""
        return self.poll_xid_events(0)

    async def apoll_xid_events(self, timeout_ms: int = 0) -> list[LogEvent]:
        """:meth:`poll_xid_events` in a worker thread, so the event loop keeps running."""
        return await asyncio.to_thread(self.poll_xid_events, timeout_ms)

    def _device_of(self, handle: Handle) -> _Device | None:
        for d in self.devices:
            if d.handle is handle:
                return d
        # ctypes hands back a new pointer object per event: identify the GPU by its UUID.
        try:
            uuid = _text(self.api.nvmlDeviceGetUUID(handle))
        except pynvml.NVMLError:
            return None
        return next((d for d in self.devices if d.uuid == uuid), None)

    def _to_log_event(self, data: EventData, t: float) -> LogEvent | None:
        etype = int(data.eventType)
        with self._lock:
            d = self._device_of(data.device)
            if etype & SBE_EVENT:
                self.stats.ecc_events["single_bit"] += 1
                return None  # the SBE counters carry these; one event per error is a flood
            if etype & XID_EVENT:
                xid = int(data.eventData)
                origin = "nvmlEventTypeXidCriticalError"
            elif etype & DBE_EVENT:
                self.stats.ecc_events["double_bit"] += 1
                xid = DBE_XID
                origin = "nvmlEventTypeDoubleBitEccError (the driver logs it as Xid 48)"
            else:
                return None
            self.stats.xid_events += 1
            if d is not None:
                d.last_xid = float(xid)
        pci = d.pci_bus_id if d is not None else None
        short = pci[4:] if pci is not None and len(pci) > 12 else pci
        return LogEvent(
            timestamp=t,
            node=self.hostname,
            kind="xid",
            message=f"NVRM: Xid (PCI:{short or 'unknown'}): {xid}, reported by NVML {origin}",
            xid=xid,
            pci_bus_id=pci,
            gpu=d.key if d is not None else None,
            attrs={"source": "nvml"},
        )


# ---------------------------------------------------------------------------- async source
class NvmlSource:
    """NVML as an ``AsyncTickSource`` for ``agents.noc.service.run_noc``.

    Every ``interval_s`` (paced by the injected ``sleep`` against the collector's clock, so
    slow samples do not drift the schedule) it drains queued Xid events and samples all GPUs,
    both in a worker thread, and yields one tick carrying both. Opens the collector if needed.
    ``max_ticks`` bounds the run (None: until the consumer stops).
    """

    def __init__(
        self,
        collector: NvmlCollector,
        *,
        interval_s: float = 15.0,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        max_ticks: int | None = None,
    ) -> None:
        if interval_s <= 0:
            raise ValueError(f"interval_s must be positive, got {interval_s}")
        self.collector = collector.open()
        self.topology = collector.topology
        self.interval_s = interval_s
        self.sleep = sleep
        self.max_ticks = max_ticks

    def _tick(self) -> Tick:
        c = self.collector
        t = c.clock()
        return c.sample(c.poll_xid_events(0, at=t), at=t)

    async def aticks(self) -> AsyncIterator[Tick]:
        """Ticks until ``max_ticks`` (or forever); closing the iterator leaves the collector
        open, so the caller that opened it closes it."""
        n = 0
        due: float | None = None
        while self.max_ticks is None or n < self.max_ticks:
            if due is not None:
                await self.sleep(max(0.0, due - self.collector.clock()))
            tick = await asyncio.to_thread(self._tick)
            due = (tick.timestamp if due is None else due) + self.interval_s
            yield tick
            n += 1
