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
    # Static configuration (serial, VBIOS, driver version): dcgm-exporter writes it as a label on
    # every series of the GPU, never as a sample, so it has no frame column (LABEL_FIELDS).
    LABEL = "label"


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
    # dcgm-exporter's own DCGM_EXP_* metrics write one series per value of this label (the Xid,
    # the clock event, the health watch, the peer GPU); ``rollup`` says how those series make
    # the GPU's one frame value ("sum" of windowed counts, "max" of health/status codes). The
    # per-label values are kept too (ParsedExposition.keyed).
    key_label: str | None = None
    rollup: str = ""


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
    key_label: str | None = None,
    rollup: str = "",
) -> FieldSpec:
    return FieldSpec(
        name, dcgm_id, kind, unit, lo, hi, help_text, layer, default, key_label, rollup
    )


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

# Extended GPU fields: every other field named in dcgm-exporter's shipped counter files
# (commented out or not), the DCGM fields that tell SRAM from DRAM ECC errors, and Blackwell's
# NVLink5 counters. The parsers read them into their own frame (EXTENDED_GPU_FIELD_NAMES
# columns) rather than widening the GPU frame every producer fills (simulator, NVML, scraper):
# a producer that does not model them would otherwise hand the detector 43 NaN columns.
_EXTENDED_SPECS: tuple[FieldSpec, ...] = (
    # Violations: cumulative time (ns) the clocks were held down for each reason.
    *(
        _f(f"DCGM_FI_DEV_{what}_VIOLATION", fid, C, "ns", 0, _BIG, text)
        for what, fid, text in (
            ("SYNC_BOOST", 242, "Time throttled by sync-boost constraints."),
            ("BOARD_LIMIT", 243, "Time throttled by board limit constraints."),
            ("LOW_UTIL", 244, "Time throttled by low utilization."),
            ("RELIABILITY", 245, "Time throttled by board reliability limits."),
            ("TOTAL_APP_CLOCKS", 246, "Time below application clocks, any reason."),
            ("TOTAL_BASE_CLOCKS", 247, "Time below base clocks, any reason."),
        )
    ),
    # Pipe activity (DCP); FP16 also counts HMMA-free half-precision work.
    *(
        _f(
            f"DCGM_FI_PROF_PIPE_{p}_ACTIVE",
            fid,
            G,
            "ratio",
            0,
            1,
            f"Ratio of cycles the {p.lower()} pipes are active.",
            layer=Layer.WORKLOAD,
        )
        for p, fid in (("FP64", 1006), ("FP32", 1007), ("FP16", 1008))
    ),
    _f(
        "DCGM_FI_DEV_NVLINK_BANDWIDTH_L0",
        440,
        C,
        "bytes",
        0,
        _BIG,
        "NVLink link 0 rx+tx bytes, headers and payload.",
    ),
    # ECC by location. DEV is device memory (DRAM: HBM or GDDR); SRM is on-chip SRAM (register
    # file, caches, shared memory; Turing+). An SRAM error and an HBM error need different
    # actions (SRAM: reset / RMA on threshold; DRAM: row remapping), so they are kept apart.
    *(
        _f(f"DCGM_FI_DEV_ECC_{bits}_{span}_{loc}", fid, C, "errors", 0, _BIG, text)
        for bits, span, loc, fid, text in (
            ("SBE", "VOL", "DEV", 318, "DRAM (device memory) single-bit volatile ECC."),
            ("DBE", "VOL", "DEV", 319, "DRAM (device memory) double-bit volatile ECC."),
            ("SBE", "AGG", "DEV", 328, "DRAM (device memory) single-bit aggregate ECC."),
            ("DBE", "AGG", "DEV", 329, "DRAM (device memory) double-bit aggregate ECC."),
            ("SBE", "VOL", "SRM", 342, "SRAM single-bit volatile ECC."),
            ("DBE", "VOL", "SRM", 343, "SRAM double-bit volatile ECC."),
            ("SBE", "AGG", "SRM", 344, "SRAM single-bit aggregate ECC."),
            ("DBE", "AGG", "SRM", 345, "SRAM double-bit aggregate ECC."),
        )
    ),
    _f(
        "DCGM_FI_DEV_THRESHOLD_SRM",
        346,
        E,
        "flag",
        0,
        1,
        "SRAM ECC error threshold exceeded (1 = true; Ampere+): an RMA criterion.",
    ),
    # NVLink5 (Blackwell) aggregate counters, all links. NVLink4 and earlier do not have them.
    *(
        _f(f"DCGM_FI_DEV_NVLINK_COUNT_{n}", fid, kind, unit, 0, hi, text)
        for n, fid, kind, unit, hi, text in (
            ("TX_PACKETS", 1200, C, "packets", _BIG, "NVLink5 TX packets."),
            ("TX_BYTES", 1201, C, "bytes", _BIG, "NVLink5 TX bytes."),
            ("RX_PACKETS", 1202, C, "packets", _BIG, "NVLink5 RX packets."),
            ("RX_BYTES", 1203, C, "bytes", _BIG, "NVLink5 RX bytes."),
            ("RX_MALFORMED_PACKET_ERRORS", 1204, C, "packets", _BIG, "Malformed RX packets."),
            ("RX_BUFFER_OVERRUN_ERRORS", 1205, C, "packets", _BIG, "RX packets dropped."),
            ("RX_ERRORS", 1206, C, "errors", _BIG, "RX errors."),
            ("RX_REMOTE_ERRORS", 1207, C, "errors", _BIG, "RX remote errors."),
            ("RX_GENERAL_ERRORS", 1208, C, "errors", _BIG, "RX general errors."),
            (
                "LOCAL_LINK_INTEGRITY_ERRORS",
                1209,
                C,
                "events",
                _BIG,
                "Times local errors exceeded the integrity threshold.",
            ),
            ("TX_DISCARDS", 1210, C, "packets", _BIG, "TX packets discarded."),
            ("LINK_RECOVERY_SUCCESSFUL_EVENTS", 1211, C, "events", _BIG, "Link recoveries."),
            ("LINK_RECOVERY_FAILED_EVENTS", 1212, C, "events", _BIG, "Failed link recoveries."),
            ("LINK_RECOVERY_EVENTS", 1213, C, "events", _BIG, "Link recovery events."),
            ("RX_SYMBOL_ERRORS", 1214, C, "errors", _BIG, "RX symbol errors."),
            ("SYMBOL_BER", 1215, G, "encoded", _BIG, "Symbol BER, raw encoded value."),
            ("SYMBOL_BER_FLOAT", 1216, G, "ratio", 1, "Symbol bit error rate."),
            ("EFFECTIVE_BER", 1217, G, "encoded", _BIG, "Effective BER, raw encoded value."),
            ("EFFECTIVE_BER_FLOAT", 1218, G, "ratio", 1, "Effective bit error rate."),
            ("EFFECTIVE_ERRORS", 1219, C, "errors", _BIG, "Effective errors."),
        )
    ),
    # dcgm-exporter's own metrics (no DCGM id). The csv files call them counters, but each is a
    # count over the last window (--xid-count-window-size, default 5 min, in the
    # ``window_size_in_ms`` label) or a status code: values go down, so never take a rate.
    _f(
        "DCGM_EXP_XID_ERRORS_COUNT",
        None,
        G,
        "errors",
        0,
        1e9,
        "Xid errors in the last window, one series per Xid (label xid); summed per GPU.",
        layer=Layer.DRIVER,
        key_label="xid",
        rollup="sum",
    ),
    _f(
        "DCGM_EXP_CLOCK_EVENTS_COUNT",
        None,
        G,
        "events",
        0,
        1e9,
        "Clock events in the last window, one series per reason (label clock_event); summed.",
        layer=Layer.DRIVER,
        key_label="clock_event",
        rollup="sum",
    ),
    _f(
        "DCGM_EXP_GPU_HEALTH_STATUS",
        None,
        E,
        "health",
        0,
        20,
        "DCGM health per watch (label health_watch): 0 pass, 10 warn, 20 fail; worst per GPU.",
        layer=Layer.DRIVER,
        key_label="health_watch",
        rollup="max",
    ),
    _f(
        "DCGM_EXP_P2P_STATUS",
        None,
        E,
        "status",
        0,
        6,
        "P2P status per peer (label peer_gpu): 0 OK, 1-5 not supported/disabled, 6 unknown; "
        "highest code per GPU.",
        key_label="peer_gpu",
        rollup="max",
    ),
)

# Static configuration fields: dcgm-exporter exports them as labels (named after the field) on
# every series of the GPU. Kept out of FIELDS/ALL_FIELDS (no frame column); the parsers copy
# them into the GPU's inventory (an RMA needs the board serial, a triage the VBIOS/InfoROM).
_LABEL_SPECS: tuple[FieldSpec, ...] = tuple(
    _f(
        name,
        fid,
        FieldKind.LABEL,
        "text",
        0,
        0,
        text,
        Layer.DRIVER,
        default=name == "DCGM_FI_DRIVER_VERSION",
    )
    for name, fid, text in (
        ("DCGM_FI_DRIVER_VERSION", 1, "Driver version."),
        ("DCGM_FI_NVML_VERSION", 2, "NVML version."),
        ("DCGM_FI_DEV_BRAND", 51, "Device brand."),
        ("DCGM_FI_DEV_SERIAL", 53, "Board serial number."),
        ("DCGM_FI_DEV_OEM_INFOROM_VER", 56, "OEM InfoROM version."),
        ("DCGM_FI_DEV_ECC_INFOROM_VER", 80, "ECC InfoROM version."),
        ("DCGM_FI_DEV_POWER_INFOROM_VER", 81, "Power management InfoROM version."),
        ("DCGM_FI_DEV_INFOROM_IMAGE_VER", 82, "InfoROM image version."),
        ("DCGM_FI_DEV_VBIOS_VERSION", 85, "VBIOS version."),
    )
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

# Every GPU field, core and extended. GPU_FIELD_NAMES are the columns of a GPU frame.
FIELDS: dict[str, FieldSpec] = {s.name: s for s in (*_SPECS, *_EXTENDED_SPECS)}
NODE_FIELDS: dict[str, FieldSpec] = {s.name: s for s in _NODE_SPECS}
ALL_FIELDS: dict[str, FieldSpec] = {**FIELDS, **NODE_FIELDS}
GPU_FIELD_NAMES: tuple[str, ...] = tuple(s.name for s in _SPECS)
EXTENDED_GPU_FIELD_NAMES: tuple[str, ...] = tuple(s.name for s in _EXTENDED_SPECS)
ALL_GPU_FIELD_NAMES: tuple[str, ...] = GPU_FIELD_NAMES + EXTENDED_GPU_FIELD_NAMES
NODE_FIELD_NAMES: tuple[str, ...] = tuple(NODE_FIELDS)
LABEL_FIELDS: dict[str, FieldSpec] = {s.name: s for s in _LABEL_SPECS}
# Metrics written as several series per GPU, told apart by FieldSpec.key_label.
KEYED_FIELDS: dict[str, FieldSpec] = {n: s for n, s in FIELDS.items() if s.key_label}


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


# Names that older dcgm-exporter / DCGM releases used for the same field, and DCGM 4.x's new
# canonical names (dcgm_fields.h keeps the exporter's names as #define aliases of these).
FIELD_ALIASES: dict[str, str] = {
    "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "DCGM_FI_DEV_SRAM_EXCEEDED": "DCGM_FI_DEV_THRESHOLD_SRM",
    "DCGM_FI_DEV_NVLINK_THROUGHPUT_L0": "DCGM_FI_DEV_NVLINK_BANDWIDTH_L0",
    "DCGM_FI_PROF_GR_ENGINE_UTIL_RATIO": "DCGM_FI_PROF_GR_ENGINE_ACTIVE",
    "DCGM_FI_PROF_SM_UTIL_RATIO": "DCGM_FI_PROF_SM_ACTIVE",
    "DCGM_FI_PROF_SM_OCCUPANCY_RATIO": "DCGM_FI_PROF_SM_OCCUPANCY",
    "DCGM_FI_PROF_TENSOR_UTIL_RATIO": "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE",
    "DCGM_FI_PROF_DRAM_UTIL_RATIO": "DCGM_FI_PROF_DRAM_ACTIVE",
    "DCGM_FI_PROF_FP64_UTIL_RATIO": "DCGM_FI_PROF_PIPE_FP64_ACTIVE",
    "DCGM_FI_PROF_FP32_UTIL_RATIO": "DCGM_FI_PROF_PIPE_FP32_ACTIVE",
    "DCGM_FI_PROF_FP16_UTIL_RATIO": "DCGM_FI_PROF_PIPE_FP16_ACTIVE",
    "DCGM_FI_DEV_XID_ERROR": "DCGM_FI_DEV_XID_ERRORS",
    # A DCGM-field spelling of the exporter's windowed per-Xid count (``xid`` label, one series
    # per code in the window). Not found in the dcgm-exporter sources the registry was built
    # from; read with the same semantics as DCGM_EXP_XID_ERRORS_COUNT.
    "DCGM_FI_DEV_XID_ERRORS_ACTIVE": "DCGM_EXP_XID_ERRORS_COUNT",
    "DCGM_FI_DEV_NVLINK_TX_PACKET_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_TX_PACKETS",
    "DCGM_FI_DEV_NVLINK_TX_BYTES_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_TX_BYTES",
    "DCGM_FI_DEV_NVLINK_RX_PACKET_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_PACKETS",
    "DCGM_FI_DEV_NVLINK_RX_BYTES_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_BYTES",
    "DCGM_FI_DEV_NVLINK_RX_PACKET_MALFORMED_TOTAL": (
        "DCGM_FI_DEV_NVLINK_COUNT_RX_MALFORMED_PACKET_ERRORS"
    ),
    "DCGM_FI_DEV_NVLINK_RX_PACKET_DROPPED_TOTAL": (
        "DCGM_FI_DEV_NVLINK_COUNT_RX_BUFFER_OVERRUN_ERRORS"
    ),
    "DCGM_FI_DEV_NVLINK_RX_ERROR_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS",
    "DCGM_FI_DEV_NVLINK_RX_REMOTE_ERROR_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_REMOTE_ERRORS",
    "DCGM_FI_DEV_NVLINK_RX_GENERAL_ERROR_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_GENERAL_ERRORS",
    "DCGM_FI_DEV_NVLINK_INTEGRITY_ERROR_TOTAL": (
        "DCGM_FI_DEV_NVLINK_COUNT_LOCAL_LINK_INTEGRITY_ERRORS"
    ),
    "DCGM_FI_DEV_NVLINK_RECOVERY_SUCCESSFUL_TOTAL": (
        "DCGM_FI_DEV_NVLINK_COUNT_LINK_RECOVERY_SUCCESSFUL_EVENTS"
    ),
    "DCGM_FI_DEV_NVLINK_RECOVERY_FAILED_TOTAL": (
        "DCGM_FI_DEV_NVLINK_COUNT_LINK_RECOVERY_FAILED_EVENTS"
    ),
    "DCGM_FI_DEV_NVLINK_RECOVERY_EVENT_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_LINK_RECOVERY_EVENTS",
    "DCGM_FI_DEV_NVLINK_RX_SYMBOL_ERROR_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_RX_SYMBOL_ERRORS",
    "DCGM_FI_DEV_NVLINK_SYMBOL_BER_RAW": "DCGM_FI_DEV_NVLINK_COUNT_SYMBOL_BER",
    "DCGM_FI_DEV_NVLINK_SYMBOL_BER_RATIO": "DCGM_FI_DEV_NVLINK_COUNT_SYMBOL_BER_FLOAT",
    "DCGM_FI_DEV_NVLINK_EFFECTIVE_BER_RAW": "DCGM_FI_DEV_NVLINK_COUNT_EFFECTIVE_BER",
    "DCGM_FI_DEV_NVLINK_EFFECTIVE_BER_RATIO": "DCGM_FI_DEV_NVLINK_COUNT_EFFECTIVE_BER_FLOAT",
    "DCGM_FI_DEV_NVLINK_EFFECTIVE_ERROR_TOTAL": "DCGM_FI_DEV_NVLINK_COUNT_EFFECTIVE_ERRORS",
    # label fields
    "DCGM_FI_SYSTEM_DRIVER_VERSION": "DCGM_FI_DRIVER_VERSION",
    "DCGM_FI_SYSTEM_NVML_VERSION": "DCGM_FI_NVML_VERSION",
    "DCGM_FI_DEV_GPU_BRAND": "DCGM_FI_DEV_BRAND",
    "DCGM_FI_DEV_BOARD_SERIAL": "DCGM_FI_DEV_SERIAL",
    "DCGM_FI_DEV_INFOROM_OEM_VERSION": "DCGM_FI_DEV_OEM_INFOROM_VER",
    "DCGM_FI_DEV_INFOROM_ECC_VERSION": "DCGM_FI_DEV_ECC_INFOROM_VER",
    "DCGM_FI_DEV_INFOROM_POWER_VERSION": "DCGM_FI_DEV_POWER_INFOROM_VER",
    "DCGM_FI_DEV_INFOROM_IMAGE_VERSION": "DCGM_FI_DEV_INFOROM_IMAGE_VER",
}


def lookup(name: str) -> FieldSpec | None:
    """Any registry entry by name or alias, label fields included; None when unknown.

    :func:`field` covers what can be a frame column; this also answers for the label-only
    fields (serial, VBIOS, ...), e.g. to check a counters file."""
    canon = FIELD_ALIASES.get(name, name)
    return ALL_FIELDS.get(canon) or LABEL_FIELDS.get(canon)


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


# ---------------------------------------------------------------- per-architecture support


class Arch(enum.StrEnum):
    """GPU architectures gpufleet knows field support for (dcgm_fields.h notes, NVML docs)."""

    VOLTA = "volta"
    AMPERE = "ampere"
    ADA = "ada"
    HOPPER = "hopper"
    BLACKWELL = "blackwell"


_EVERY = frozenset(Arch)
_NO_VOLTA = _EVERY - {Arch.VOLTA}
_NVLINK_GENS = frozenset({Arch.VOLTA, Arch.AMPERE, Arch.HOPPER, Arch.BLACKWELL})  # no Ada NVLink

_NVLINK_LEGACY_ERRORS = frozenset(
    {
        "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
        "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
        "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
        "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
    }
)
# Fields that exist only where the board has NVLink (SKU-level: has_nvlink=False turns them off).
NVLINK_FIELDS: frozenset[str] = frozenset(n for n in ALL_GPU_FIELD_NAMES if "NVLINK" in n)
# Fields that need HBM (a memory temperature sensor): GDDR boards (A10, L40S, RTX PRO) lack it.
HBM_FIELDS: frozenset[str] = frozenset({"DCGM_FI_DEV_MEMORY_TEMP"})

# field → (architectures that support it, architectures where support is not known). A field
# not listed here is supported on every architecture in Arch. A field that reads 0 (or blank)
# where this says False is "unsupported" there, never "link down" or "healthy".
_SUPPORT: dict[str, tuple[frozenset[Arch], frozenset[Arch]]] = {
    # Page retirement is Volta's mechanism; Ampere and later remap rows instead.
    **{
        n: (frozenset({Arch.VOLTA}), frozenset())
        for n in (
            "DCGM_FI_DEV_RETIRED_SBE",
            "DCGM_FI_DEV_RETIRED_DBE",
            "DCGM_FI_DEV_RETIRED_PENDING",
        )
    },
    **{
        n: (_NO_VOLTA, frozenset())
        for n in (
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE",
            "DCGM_FI_DEV_ROW_REMAP_PENDING",
            # SRAM ECC counters are Turing+, the SRAM threshold flag Ampere+.
            "DCGM_FI_DEV_ECC_SBE_VOL_SRM",
            "DCGM_FI_DEV_ECC_DBE_VOL_SRM",
            "DCGM_FI_DEV_ECC_SBE_AGG_SRM",
            "DCGM_FI_DEV_ECC_DBE_AGG_SRM",
            "DCGM_FI_DEV_THRESHOLD_SRM",
        )
    },
    # Ada datacenter boards (L40S) are GDDR6: no memory temperature sensor.
    "DCGM_FI_DEV_MEMORY_TEMP": (_EVERY - {Arch.ADA}, frozenset()),
    # NVLink: none on Ada. The NVLink1-4 error counters are not documented for NVLink5
    # (Blackwell reports errors through the NVLINK_COUNT_* fields): unknown there.
    **{
        n: (
            _NVLINK_GENS - {Arch.BLACKWELL},
            frozenset({Arch.BLACKWELL}),
        )
        for n in _NVLINK_LEGACY_ERRORS
    },
    **{
        n: (_NVLINK_GENS, frozenset())
        for n in (
            "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
            "DCGM_FI_DEV_NVLINK_BANDWIDTH_L0",
            "DCGM_FI_PROF_NVLINK_TX_BYTES",
            "DCGM_FI_PROF_NVLINK_RX_BYTES",
        )
    },
    # dcgm_fields.h: "NVLink5+ only ... Not supported on NVLink4 and earlier."
    **{
        n: (frozenset({Arch.BLACKWELL}), frozenset())
        for n in ALL_GPU_FIELD_NAMES
        if n.startswith("DCGM_FI_DEV_NVLINK_COUNT_")
    },
}

ARCH_SUPPORT: dict[str, dict[Arch, bool | None]] = {
    name: {
        a: (
            None
            if a in _SUPPORT.get(name, (_EVERY, frozenset()))[1]
            else a in _SUPPORT.get(name, (_EVERY, frozenset()))[0]
        )
        for a in Arch
    }
    for name in ALL_GPU_FIELD_NAMES
}
"""The table: GPU field → architecture → supported (True), not supported (False), unknown (None)."""


def supported(
    name: str,
    arch: str,
    *,
    has_nvlink: bool | None = None,
    has_hbm: bool | None = None,
) -> bool | None:
    """Whether ``arch`` (an :class:`Arch` value, any case) supports field ``name`` (aliases ok).

    None when the field, the architecture or the answer is unknown. ``has_nvlink`` /
    ``has_hbm`` narrow it to a board (A10 is Ampere without NVLink or HBM; see
    ``telemetry.topology.Sku``): False turns the NVLink / HBM-only fields off."""
    spec = lookup(name)
    if spec is None or spec.name not in ARCH_SUPPORT:
        return None
    try:
        a = Arch(arch.lower())
    except ValueError:
        return None
    if has_nvlink is False and spec.name in NVLINK_FIELDS:
        return False
    if has_hbm is False and spec.name in HBM_FIELDS:
        return False
    return ARCH_SUPPORT[spec.name][a]
