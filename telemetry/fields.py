"""DCGM field registry: the names dcgm-exporter emits, with unit, kind and valid range.

This is a leaf module: it imports nothing of ours. Every other part of gpufleet refers to
fields by their dcgm-exporter metric name (``DCGM_FI_DEV_GPU_TEMP``) so that recorded data,
live scrapes and the simulator share one vocabulary.

Valid ranges are physical plausibility bounds, not alert thresholds: a value outside them is a
telemetry artifact (DCGM "blank" sentinels near 2**63, utilization 4294967295, …) and is turned
into NaN by :func:`sanitize` before any detection logic sees it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


class FieldKind(enum.StrEnum):
    GAUGE = "gauge"
    COUNTER = "counter"  # monotonically increasing; detection uses the rate (telemetry.rates)
    BITMASK = "bitmask"  # decoded with a bit table (clock-event reasons)
    ENUM = "enum"  # a code, not a magnitude (last Xid, row-remap failure flag)


class Layer(enum.StrEnum):
    HARDWARE = "hardware"
    DRIVER = "driver"
    OS = "os"
    WORKLOAD = "workload"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    name: str
    dcgm_id: int | None
    kind: FieldKind
    unit: str
    valid_min: float
    valid_max: float
    help: str
    layer: Layer = Layer.HARDWARE
    # In dcgm-exporter's shipped default-counters.csv (uncommented): present on a stock install.
    exporter_default: bool = False


# DCGM "blank" sentinels (dcgm_structs.h): a field with no value is reported as one of these,
# and dcgm-exporter passes them through as huge numbers. Anything >= the smallest of them is
# certainly not a measurement.
DCGM_INT32_BLANK = 0x7FFFFFF0
DCGM_INT64_BLANK = 0x7FFFFFFFFFFFFFF0
DCGM_FP64_BLANK = 140737488355328.0  # 2**47
UINT32_NOT_SUPPORTED = 4294967295  # NVML "N/A" leaking through as utilization 4294967295


def _f(
    name: str,
    dcgm_id: int | None,
    kind: FieldKind,
    unit: str,
    lo: float,
    hi: float,
    help_text: str,
    layer: Layer = Layer.HARDWARE,
    default: bool = False,
) -> FieldSpec:
    return FieldSpec(name, dcgm_id, kind, unit, lo, hi, help_text, layer, default)


G, C, B, E = FieldKind.GAUGE, FieldKind.COUNTER, FieldKind.BITMASK, FieldKind.ENUM
_BIG = 1.0e18  # counters: anything below the int64 blank sentinel is plausible

_SPECS: tuple[FieldSpec, ...] = (
    # Clocks
    _f("DCGM_FI_DEV_SM_CLOCK", 100, G, "MHz", 0, 4000, "SM clock frequency.", default=True),
    _f("DCGM_FI_DEV_MEM_CLOCK", 101, G, "MHz", 0, 12000, "Memory clock frequency.", default=True),
    _f(
        "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
        112,
        B,
        "bitmask",
        0,
        2**16,
        "Clock event (throttle) reasons; decode with CLOCK_EVENT_REASONS.",
    ),
    # Temperature
    _f("DCGM_FI_DEV_GPU_TEMP", 150, G, "C", -40, 150, "GPU temperature.", default=True),
    _f("DCGM_FI_DEV_MEMORY_TEMP", 140, G, "C", -40, 150, "HBM temperature.", default=True),
    # Power
    _f("DCGM_FI_DEV_POWER_USAGE", 155, G, "W", 0, 3000, "Power draw.", default=True),
    _f(
        "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
        156,
        C,
        "mJ",
        0,
        _BIG,
        "Total energy consumption since boot.",
        default=True,
    ),
    _f("DCGM_FI_DEV_POWER_MGMT_LIMIT", 160, G, "W", 0, 3000, "Current power management limit."),
    # Utilization
    _f("DCGM_FI_DEV_GPU_UTIL", 203, G, "%", 0, 100, "GPU utilization.", default=True),
    _f("DCGM_FI_DEV_MEM_COPY_UTIL", 204, G, "%", 0, 100, "Memory copy utilization.", default=True),
    _f("DCGM_FI_DEV_ENC_UTIL", 206, G, "%", 0, 100, "Encoder utilization.", default=True),
    _f("DCGM_FI_DEV_DEC_UTIL", 207, G, "%", 0, 100, "Decoder utilization.", default=True),
    # Framebuffer
    _f("DCGM_FI_DEV_FB_FREE", 251, G, "MiB", 0, 2**21, "Framebuffer free.", default=True),
    _f("DCGM_FI_DEV_FB_USED", 252, G, "MiB", 0, 2**21, "Framebuffer used.", default=True),
    _f("DCGM_FI_DEV_FB_RESERVED", 253, G, "MiB", 0, 2**21, "Framebuffer reserved.", default=True),
    # ECC
    _f("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", 310, C, "errors", 0, _BIG, "Single-bit volatile ECC."),
    _f("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", 311, C, "errors", 0, _BIG, "Double-bit volatile ECC."),
    _f("DCGM_FI_DEV_ECC_SBE_AGG_TOTAL", 312, C, "errors", 0, _BIG, "Single-bit aggregate ECC."),
    _f("DCGM_FI_DEV_ECC_DBE_AGG_TOTAL", 313, C, "errors", 0, _BIG, "Double-bit aggregate ECC."),
    # Page retirement (pre-Ampere) and row remapping (Ampere+)
    _f("DCGM_FI_DEV_RETIRED_SBE", 390, C, "pages", 0, 1e6, "Pages retired for SBE."),
    _f("DCGM_FI_DEV_RETIRED_DBE", 391, C, "pages", 0, 1e6, "Pages retired for DBE."),
    _f("DCGM_FI_DEV_RETIRED_PENDING", 392, C, "pages", 0, 1e6, "Pages pending retirement."),
    _f(
        "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
        393,
        C,
        "rows",
        0,
        1e6,
        "Rows remapped for uncorrectable errors.",
        default=True,
    ),
    _f(
        "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
        394,
        C,
        "rows",
        0,
        1e6,
        "Rows remapped for correctable errors.",
        default=True,
    ),
    _f(
        "DCGM_FI_DEV_ROW_REMAP_FAILURE",
        395,
        E,
        "flag",
        0,
        1,
        "Whether row remapping has failed.",
        default=True,
    ),
    _f("DCGM_FI_DEV_ROW_REMAP_PENDING", 396, E, "flag", 0, 1, "Row remap pending a GPU reset."),
    # PCIe
    _f(
        "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
        202,
        C,
        "replays",
        0,
        _BIG,
        "PCIe replay (retry) count.",
        default=True,
    ),
    _f("DCGM_FI_DEV_PCIE_LINK_GEN", 237, G, "gen", 1, 6, "Current PCIe link generation."),
    _f("DCGM_FI_DEV_PCIE_LINK_WIDTH", 238, G, "lanes", 1, 32, "Current PCIe link width."),
    # NVLink
    _f(
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
        409,
        C,
        "errors",
        0,
        _BIG,
        "NVLink flow-control CRC errors, all links.",
    ),
    _f(
        "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
        419,
        C,
        "errors",
        0,
        _BIG,
        "NVLink data CRC errors, all links.",
    ),
    _f(
        "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
        429,
        C,
        "errors",
        0,
        _BIG,
        "NVLink replays, all links.",
    ),
    _f(
        "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
        439,
        C,
        "errors",
        0,
        _BIG,
        "NVLink recoveries, all links.",
    ),
    _f(
        "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
        449,
        C,
        "bytes",
        0,
        _BIG,
        "NVLink bandwidth counter, all lanes.",
        default=True,
    ),
    # Errors and violations
    _f(
        "DCGM_FI_DEV_XID_ERRORS",
        230,
        E,
        "xid",
        0,
        1000,
        "Value of the last Xid error (sticky: stays until the next one).",
        layer=Layer.DRIVER,
        default=True,
    ),
    _f(
        "DCGM_FI_DEV_VGPU_LICENSE_STATUS",
        None,
        E,
        "status",
        0,
        10,
        "vGPU license status (meaningful only under vGPU; a stock exporter emits it anyway).",
        layer=Layer.DRIVER,
        default=True,
    ),
    _f("DCGM_FI_DEV_POWER_VIOLATION", 240, C, "ns", 0, _BIG, "Time throttled by power."),
    _f("DCGM_FI_DEV_THERMAL_VIOLATION", 241, C, "ns", 0, _BIG, "Time throttled by thermal."),
    # Datacenter profiling (DCP)
    _f(
        "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
        1001,
        G,
        "ratio",
        0,
        1,
        "Graphics engine active ratio.",
        layer=Layer.WORKLOAD,
        default=True,
    ),
    _f(
        "DCGM_FI_PROF_SM_ACTIVE",
        1002,
        G,
        "ratio",
        0,
        1,
        "Ratio of cycles an SM has a warp assigned.",
        layer=Layer.WORKLOAD,
    ),
    _f(
        "DCGM_FI_PROF_SM_OCCUPANCY",
        1003,
        G,
        "ratio",
        0,
        1,
        "Ratio of resident warps.",
        layer=Layer.WORKLOAD,
    ),
    _f(
        "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
        1004,
        G,
        "ratio",
        0,
        1,
        "Tensor pipe active ratio.",
        layer=Layer.WORKLOAD,
        default=True,
    ),
    _f(
        "DCGM_FI_PROF_DRAM_ACTIVE",
        1005,
        G,
        "ratio",
        0,
        1,
        "Memory interface active ratio.",
        layer=Layer.WORKLOAD,
        default=True,
    ),
    _f(
        "DCGM_FI_PROF_PCIE_TX_BYTES",
        1009,
        G,
        "B/s",
        0,
        1e12,
        "PCIe TX rate incl. headers.",
        default=True,
    ),
    _f(
        "DCGM_FI_PROF_PCIE_RX_BYTES",
        1010,
        G,
        "B/s",
        0,
        1e12,
        "PCIe RX rate incl. headers.",
        default=True,
    ),
    _f("DCGM_FI_PROF_NVLINK_TX_BYTES", 1011, G, "B/s", 0, 1e13, "NVLink TX rate."),
    _f("DCGM_FI_PROF_NVLINK_RX_BYTES", 1012, G, "B/s", 0, 1e13, "NVLink RX rate."),
)

# Node-level (host) fields. dcgm-exporter does not emit these; node-exporter or the simulator
# does. They live in the same registry so node frames use the same machinery.
_NODE_SPECS: tuple[FieldSpec, ...] = (
    _f("NODE_CPU_UTIL", None, G, "%", 0, 100, "Host CPU utilization.", layer=Layer.OS),
    _f(
        "NODE_MEM_PRESSURE",
        None,
        G,
        "%",
        0,
        100,
        "Host memory pressure (PSI some avg10).",
        Layer.OS,
    ),
    _f(
        "NODE_NIC_LINK_UP", None, G, "links", 0, 64, "InfiniBand/RoCE ports with link up.", Layer.OS
    ),
)

FIELDS: dict[str, FieldSpec] = {s.name: s for s in _SPECS}
NODE_FIELDS: dict[str, FieldSpec] = {s.name: s for s in _NODE_SPECS}
ALL_FIELDS: dict[str, FieldSpec] = {**FIELDS, **NODE_FIELDS}
GPU_FIELD_NAMES: tuple[str, ...] = tuple(FIELDS)
NODE_FIELD_NAMES: tuple[str, ...] = tuple(NODE_FIELDS)


class ClockEventReason(enum.IntFlag):
    """DCGM/NVML clock event ("throttle") reason bits (nvmlClocksEventReason*)."""

    GPU_IDLE = 0x1
    APPLICATIONS_CLOCKS_SETTING = 0x2
    SW_POWER_CAP = 0x4
    HW_SLOWDOWN = 0x8
    SYNC_BOOST = 0x10
    SW_THERMAL = 0x20
    HW_THERMAL = 0x40
    HW_POWER_BRAKE = 0x80
    DISPLAY_CLOCK_SETTING = 0x100


# Reasons that mean the GPU is being held below the clocks the workload asked for because of
# a fault or an environmental limit. GPU_IDLE, APPLICATIONS_CLOCKS_SETTING and SYNC_BOOST are
# normal operation and must never alert.
FAULT_CLOCK_REASONS = (
    ClockEventReason.HW_SLOWDOWN
    | ClockEventReason.SW_THERMAL
    | ClockEventReason.HW_THERMAL
    | ClockEventReason.HW_POWER_BRAKE
)


def decode_clock_reasons(mask: int) -> list[str]:
    """Names of the set bits, e.g. 0x48 -> ['HW_SLOWDOWN', 'HW_THERMAL']."""
    return [r.name for r in ClockEventReason if r.name is not None and mask & r.value]


# Names that older dcgm-exporter / DCGM releases used for the same field.
FIELD_ALIASES: dict[str, str] = {
    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
}


def field(name: str) -> FieldSpec:
    """Look a field up by its dcgm-exporter name; raise KeyError naming close matches."""
    try:
        return ALL_FIELDS[FIELD_ALIASES.get(name, name)]
    except KeyError:
        stem = name.removeprefix("DCGM_FI_DEV_").removeprefix("DCGM_FI_PROF_")[:6]
        near = [n for n in ALL_FIELDS if stem and stem in n][:5]
        hint = f" (did you mean {', '.join(near)}?)" if near else ""
        raise KeyError(f"unknown DCGM field {name!r}{hint}") from None


def valid_bounds(names: tuple[str, ...]) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Per-column (min, max) plausibility bounds for a frame's field order."""
    specs = [field(n) for n in names]
    return (
        np.array([s.valid_min for s in specs], dtype=np.float64),
        np.array([s.valid_max for s in specs], dtype=np.float64),
    )


def sanitize(
    values: npt.NDArray[np.float64], names: tuple[str, ...]
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
    """Replace implausible values (blank sentinels, 4294967295, out-of-range) with NaN.

    Returns the cleaned copy and a mask of what was replaced, so callers can count artifacts
    per entity and field instead of losing them silently.
    """
    lo, hi = valid_bounds(names)
    with np.errstate(invalid="ignore"):
        bad = (values < lo) | (values > hi) | np.isinf(values)
        # The FP64 sentinels (2**47 .. 2**47+3: blank, not found, not supported, not permitted)
        # are plausible counter values, so they are matched exactly rather than by range.
        bad |= (values >= DCGM_FP64_BLANK) & (values <= DCGM_FP64_BLANK + 3)
        bad |= (values >= DCGM_INT32_BLANK) & (values <= DCGM_INT32_BLANK + 3)
    cleaned = np.where(bad, np.nan, values)
    return cleaned, bad
