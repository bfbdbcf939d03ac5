"""DCGM field registry, sanitizing of telemetry artifacts and clock-reason decoding."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from gpufleet.telemetry import fields as F
from gpufleet.telemetry.fields import (
    ALL_FIELDS,
    DCGM_FP64_BLANK,
    DCGM_INT32_BLANK,
    DCGM_INT64_BLANK,
    FAULT_CLOCK_REASONS,
    FIELDS,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    UINT32_NOT_SUPPORTED,
    ClockEventReason,
    FieldKind,
    decode_clock_reasons,
    field,
    sanitize,
    valid_bounds,
)

DEFAULT_COUNTERS = (
    Path(__file__).resolve().parents[2] / "shared" / "reference" / "default_counters.csv"
)

G, C, B, E = FieldKind.GAUGE, FieldKind.COUNTER, FieldKind.BITMASK, FieldKind.ENUM

# Fields the detector depends on, with the kind it needs to treat them right.
REQUIRED: dict[str, FieldKind] = {
    # temperature, power, energy
    "DCGM_FI_DEV_GPU_TEMP": G,
    "DCGM_FI_DEV_MEMORY_TEMP": G,
    "DCGM_FI_DEV_POWER_USAGE": G,
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": C,
    # utilization, framebuffer
    "DCGM_FI_DEV_GPU_UTIL": G,
    "DCGM_FI_DEV_MEM_COPY_UTIL": G,
    "DCGM_FI_DEV_FB_USED": G,
    "DCGM_FI_DEV_FB_FREE": G,
    # ECC, retired pages, row remapping
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": C,
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": C,
    "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL": C,
    "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL": C,
    "DCGM_FI_DEV_RETIRED_SBE": C,
    "DCGM_FI_DEV_RETIRED_DBE": C,
    "DCGM_FI_DEV_RETIRED_PENDING": C,
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": C,
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS": C,
    "DCGM_FI_DEV_ROW_REMAP_FAILURE": E,
    # PCIe
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": C,
    "DCGM_FI_DEV_PCIE_LINK_GEN": G,
    "DCGM_FI_DEV_PCIE_LINK_WIDTH": G,
    # NVLink
    "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL": C,
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": C,
    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL": C,
    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL": C,
    "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL": C,
    # clocks, clock events, Xid
    "DCGM_FI_DEV_SM_CLOCK": G,
    "DCGM_FI_DEV_MEM_CLOCK": G,
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": B,
    "DCGM_FI_DEV_XID_ERRORS": E,
    # profiling (DCP)
    "DCGM_FI_PROF_GR_ENGINE_ACTIVE": G,
    "DCGM_FI_PROF_SM_ACTIVE": G,
    "DCGM_FI_PROF_SM_OCCUPANCY": G,
    "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE": G,
    "DCGM_FI_PROF_DRAM_ACTIVE": G,
    "DCGM_FI_PROF_PCIE_TX_BYTES": G,
    "DCGM_FI_PROF_PCIE_RX_BYTES": G,
    "DCGM_FI_PROF_NVLINK_TX_BYTES": G,
    "DCGM_FI_PROF_NVLINK_RX_BYTES": G,
}

# Field ids from DCGM's dcgm_fields.h: a recorded scrape and a live NVML/DCGM source must agree.
DCGM_IDS = {
    "DCGM_FI_DEV_SM_CLOCK": 100,
    "DCGM_FI_DEV_MEM_CLOCK": 101,
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": 112,
    "DCGM_FI_DEV_MEMORY_TEMP": 140,
    "DCGM_FI_DEV_GPU_TEMP": 150,
    "DCGM_FI_DEV_POWER_USAGE": 155,
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION": 156,
    "DCGM_FI_DEV_POWER_MGMT_LIMIT": 160,
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": 202,
    "DCGM_FI_DEV_GPU_UTIL": 203,
    "DCGM_FI_DEV_MEM_COPY_UTIL": 204,
    "DCGM_FI_DEV_XID_ERRORS": 230,
    "DCGM_FI_DEV_PCIE_LINK_GEN": 237,
    "DCGM_FI_DEV_PCIE_LINK_WIDTH": 238,
    "DCGM_FI_DEV_FB_FREE": 251,
    "DCGM_FI_DEV_FB_USED": 252,
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": 310,
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 311,
    "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL": 312,
    "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL": 313,
    "DCGM_FI_DEV_RETIRED_SBE": 390,
    "DCGM_FI_DEV_RETIRED_DBE": 391,
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": 393,
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS": 394,
    "DCGM_FI_DEV_ROW_REMAP_FAILURE": 395,
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": 409,
    "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL": 449,
    "DCGM_FI_PROF_GR_ENGINE_ACTIVE": 1001,
    "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE": 1004,
    "DCGM_FI_PROF_PCIE_TX_BYTES": 1009,
}


# ---------------------------------------------------------------- registry contents


@pytest.mark.parametrize(("name", "kind"), sorted(REQUIRED.items()))
def test_required_field_is_registered_with_its_kind(name: str, kind: FieldKind) -> None:
    spec = FIELDS[name]
    assert spec.name == name
    assert spec.kind is kind
    assert spec.valid_min < spec.valid_max
    assert spec.unit


@pytest.mark.parametrize(("name", "dcgm_id"), sorted(DCGM_IDS.items()))
def test_dcgm_ids_match_dcgm_fields_h(name: str, dcgm_id: int) -> None:
    assert FIELDS[name].dcgm_id == dcgm_id


def test_registry_is_consistent() -> None:
    ids = [s.dcgm_id for s in FIELDS.values() if s.dcgm_id is not None]
    assert len(ids) == len(set(ids)), "two fields share a DCGM id"
    assert tuple(FIELDS) == F.ALL_GPU_FIELD_NAMES == GPU_FIELD_NAMES + F.EXTENDED_GPU_FIELD_NAMES
    assert all(n.startswith("DCGM_FI_") for n in GPU_FIELD_NAMES)
    # Extended: DCGM fields, and dcgm-exporter's own DCGM_EXP_* metrics (no DCGM id).
    assert all(n.startswith(("DCGM_FI_", "DCGM_EXP_")) for n in F.EXTENDED_GPU_FIELD_NAMES)
    assert all(FIELDS[n].dcgm_id is None for n in FIELDS if n.startswith("DCGM_EXP_"))
    # Node fields are not dcgm-exporter fields and carry no DCGM id.
    assert NODE_FIELD_NAMES == ("NODE_CPU_UTIL", "NODE_MEM_PRESSURE", "NODE_NIC_LINK_UP")
    assert all(ALL_FIELDS[n].dcgm_id is None for n in NODE_FIELD_NAMES)
    assert set(ALL_FIELDS) == set(F.ALL_GPU_FIELD_NAMES) | set(NODE_FIELD_NAMES)
    # Every ratio is 0..1 and every percentage 0..100.
    for s in ALL_FIELDS.values():
        if s.unit == "ratio":
            assert (s.valid_min, s.valid_max) == (0, 1), s.name
        if s.unit == "%":
            assert (s.valid_min, s.valid_max) == (0, 100), s.name
        if s.kind is FieldKind.COUNTER:
            assert s.valid_min == 0, s.name


# ---------------------------------------------------------------- dcgm-exporter defaults


def _default_counters() -> list[tuple[str, str]]:
    """(field, prometheus type) of every uncommented line of dcgm-exporter's default list."""
    rows = []
    for raw in DEFAULT_COUNTERS.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, ptype, _help = (p.strip() for p in line.split(",", 2))
        rows.append((name, ptype))
    return rows


# Fields of the stock list the registry does not (yet) carry. vGPU licensing is meaningless on
# bare-metal HGX, but a stock dcgm-exporter still emits it: see the report in the test below.
KNOWN_MISSING: set[str] = set()


def _default_counter_params() -> list[object]:
    if not DEFAULT_COUNTERS.exists():
        return [pytest.param("", "", marks=pytest.mark.skip(reason=f"{DEFAULT_COUNTERS} absent"))]
    out: list[object] = []
    for name, ptype in _default_counters():
        if ptype == "label":
            continue  # static configuration, exported as a label on every metric
        marks = (
            [pytest.mark.xfail(strict=True, reason=f"{name} missing from telemetry/fields.py")]
            if name in KNOWN_MISSING
            else []
        )
        out.append(pytest.param(name, ptype, id=name, marks=marks))
    return out


def _kind_matches(kind: FieldKind, prometheus_type: str) -> bool:
    """Mapping rule between our kinds and dcgm-exporter's Prometheus types.

    A Prometheus ``counter`` must be a COUNTER (detection uses its rate). A Prometheus
    ``gauge`` is anything that is not a counter: GAUGE, and also ENUM (XID_ERRORS is the
    last Xid *code*, ROW_REMAP_FAILURE a 0/1 flag) and BITMASK (clock-event reasons), which
    Prometheus can only expose as gauges but which must never be averaged or thresholded as
    magnitudes.
    """
    if prometheus_type == "counter":
        return kind is FieldKind.COUNTER
    if prometheus_type == "gauge":
        return kind in (FieldKind.GAUGE, FieldKind.ENUM, FieldKind.BITMASK)
    raise AssertionError(f"unexpected Prometheus type {prometheus_type!r}")


@pytest.mark.parametrize(("name", "prometheus_type"), _default_counter_params())
def test_every_default_exporter_metric_is_registered_with_same_kind(
    name: str, prometheus_type: str
) -> None:
    spec = field(name)
    assert _kind_matches(spec.kind, prometheus_type), (name, spec.kind, prometheus_type)
    assert spec.exporter_default, f"{name} is in the stock list but exporter_default=False"


def test_kind_mapping_rule_is_not_vacuous() -> None:
    assert not _kind_matches(FieldKind.GAUGE, "counter")
    assert not _kind_matches(FieldKind.COUNTER, "gauge")
    assert _kind_matches(FieldKind.ENUM, "gauge")
    # The two ENUM fields the stock list calls gauges.
    assert field("DCGM_FI_DEV_XID_ERRORS").kind is FieldKind.ENUM
    assert field("DCGM_FI_DEV_ROW_REMAP_FAILURE").kind is FieldKind.ENUM


def test_exporter_default_flag_is_exactly_the_stock_list() -> None:
    if not DEFAULT_COUNTERS.exists():
        pytest.skip(f"{DEFAULT_COUNTERS} absent")
    stock = {n for n, t in _default_counters() if t != "label"}
    flagged = {s.name for s in ALL_FIELDS.values() if s.exporter_default}
    assert flagged == stock - KNOWN_MISSING
    # And a commented-out one (ECC counters need an explicit config) is not flagged.
    assert not field("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL").exporter_default


# ---------------------------------------------------------------- sanitize

NAMES = (
    "DCGM_FI_DEV_GPU_TEMP",
    "DCGM_FI_DEV_GPU_UTIL",
    "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION",
    "DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL",
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
)
TEMP, UTIL, ENERGY, NVBW, SBE = range(len(NAMES))


def _one(col: int, value: float) -> tuple[float, bool]:
    """Sanitize a row of plausible values with ``value`` placed in column ``col``."""
    row = np.array([[55.0, 80.0, 1.0e9, 1.0e13, 3.0]])
    row[0, col] = value
    cleaned, mask = sanitize(row, NAMES)
    # Only the planted cell may change.
    others = [c for c in range(len(NAMES)) if c != col]
    assert not mask[0, others].any()
    np.testing.assert_array_equal(cleaned[0, others], row[0, others])
    return float(cleaned[0, col]), bool(mask[0, col])


@pytest.mark.parametrize("k", [0, 1, 2, 3])
@pytest.mark.parametrize("col", [TEMP, UTIL, ENERGY, NVBW, SBE])
def test_blank_sentinels_become_nan_in_every_column(col: int, k: int) -> None:
    for sentinel in (DCGM_INT64_BLANK + k, DCGM_INT32_BLANK + k, DCGM_FP64_BLANK + k):
        value, replaced = _one(col, float(sentinel))
        assert np.isnan(value), (NAMES[col], sentinel)
        assert replaced, (NAMES[col], sentinel)


def test_sentinel_constants_are_dcgms() -> None:
    assert DCGM_INT32_BLANK == 0x7FFFFFF0
    assert DCGM_INT64_BLANK == 0x7FFFFFFFFFFFFFF0
    assert DCGM_FP64_BLANK == 2.0**47
    assert UINT32_NOT_SUPPORTED == 2**32 - 1


@pytest.mark.parametrize(
    ("col", "value"),
    [
        (UTIL, float(UINT32_NOT_SUPPORTED)),
        (UTIL, 101.0),
        (UTIL, -1.0),
        (TEMP, -41.0),
        (TEMP, -273.15),
        (TEMP, 151.0),
        (TEMP, np.inf),
        (TEMP, -np.inf),
        (ENERGY, np.inf),
        (SBE, -1.0),
    ],
)
def test_implausible_values_become_nan(col: int, value: float) -> None:
    cleaned, replaced = _one(col, value)
    assert np.isnan(cleaned)
    assert replaced


@pytest.mark.parametrize(
    ("col", "value"),
    [
        (TEMP, 0.0),
        (TEMP, -40.0),  # a cold-aisle sensor at the bottom of the range is still a reading
        (TEMP, 95.0),
        (UTIL, 0.0),
        (UTIL, 100.0),
        (ENERGY, 0.0),
        # A busy GPU's NVLink byte counter passes 2**47 in days: 1.5e14 is a real reading.
        (NVBW, 1.5e14),
        (NVBW, DCGM_FP64_BLANK - 1),
        (NVBW, DCGM_FP64_BLANK + 4),
        (NVBW, float(UINT32_NOT_SUPPORTED)),  # only utilization treats 2**32-1 as N/A
        (SBE, 0.0),
    ],
)
def test_plausible_values_are_kept(col: int, value: float) -> None:
    cleaned, replaced = _one(col, value)
    assert cleaned == value
    assert not replaced


def test_sanitize_reports_mask_and_does_not_mutate_input() -> None:
    values = np.array(
        [
            [61.0, float(UINT32_NOT_SUPPORTED), 2.0e9, 1.5e14, 0.0],
            [float(DCGM_INT64_BLANK), 50.0, DCGM_FP64_BLANK, 1.5e14, np.nan],
        ]
    )
    before = values.copy()
    cleaned, mask = sanitize(values, NAMES)
    np.testing.assert_array_equal(values, before)
    assert mask.dtype == np.bool_ and mask.shape == values.shape
    np.testing.assert_array_equal(
        mask,
        [[False, True, False, False, False], [True, False, True, False, False]],
    )
    np.testing.assert_array_equal(
        cleaned,
        [[61.0, np.nan, 2.0e9, 1.5e14, 0.0], [np.nan, 50.0, np.nan, 1.5e14, np.nan]],
    )
    # A value that was already missing is not counted as an artifact.
    assert not mask[1, SBE]


def test_valid_bounds_follow_field_order() -> None:
    lo, hi = valid_bounds(("DCGM_FI_DEV_GPU_UTIL", "DCGM_FI_DEV_GPU_TEMP"))
    np.testing.assert_array_equal(lo, [0.0, -40.0])
    np.testing.assert_array_equal(hi, [100.0, 150.0])
    with pytest.raises(KeyError):
        valid_bounds(("DCGM_FI_DEV_GPU_UTIL", "NOPE"))


# ---------------------------------------------------------------- clock reasons


@pytest.mark.parametrize(
    ("mask", "names"),
    [
        (0x48, ["HW_SLOWDOWN", "HW_THERMAL"]),
        (0x0, []),
        (0x1, ["GPU_IDLE"]),
        (0x4, ["SW_POWER_CAP"]),
        (0x88, ["HW_SLOWDOWN", "HW_POWER_BRAKE"]),
        (0x24, ["SW_POWER_CAP", "SW_THERMAL"]),
        (0x100, ["DISPLAY_CLOCK_SETTING"]),
        (0x200, []),  # an unknown (newer driver) bit is ignored, not mis-named
        (
            0x1FF,
            [
                "GPU_IDLE",
                "APPLICATIONS_CLOCKS_SETTING",
                "SW_POWER_CAP",
                "HW_SLOWDOWN",
                "SYNC_BOOST",
                "SW_THERMAL",
                "HW_THERMAL",
                "HW_POWER_BRAKE",
                "DISPLAY_CLOCK_SETTING",
            ],
        ),
    ],
)
def test_decode_clock_reasons(mask: int, names: list[str]) -> None:
    assert decode_clock_reasons(mask) == names


def test_fault_clock_reasons_exclude_normal_operation() -> None:
    for normal in (
        ClockEventReason.GPU_IDLE,
        ClockEventReason.APPLICATIONS_CLOCKS_SETTING,
        ClockEventReason.SYNC_BOOST,
        ClockEventReason.SW_POWER_CAP,
    ):
        assert not FAULT_CLOCK_REASONS & normal, normal
    assert int(FAULT_CLOCK_REASONS) == 0x8 | 0x20 | 0x40 | 0x80


# ---------------------------------------------------------------- lookup


def test_field_lookup_and_alias() -> None:
    assert field("DCGM_FI_DEV_GPU_TEMP") is FIELDS["DCGM_FI_DEV_GPU_TEMP"]
    old = field("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
    assert old is field("DCGM_FI_DEV_CLOCKS_EVENT_REASONS")
    assert old.kind is FieldKind.BITMASK
    assert "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS" in F.FIELD_ALIASES
    assert field("NODE_CPU_UTIL").unit == "%"


def test_unknown_field_raises_keyerror_with_suggestions() -> None:
    with pytest.raises(KeyError) as exc:
        field("DCGM_FI_DEV_GPU_TEMPERATURE")
    msg = str(exc.value)
    assert "DCGM_FI_DEV_GPU_TEMPERATURE" in msg
    assert "did you mean" in msg
    assert "DCGM_FI_DEV_GPU_TEMP" in msg.split("did you mean", 1)[1]

    with pytest.raises(KeyError) as exc2:
        field("WHOLLY_UNRELATED")
    assert "WHOLLY_UNRELATED" in str(exc2.value)
    assert "did you mean" not in str(exc2.value)


# ---------------------------------------------------------------- shipped counter files

_REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference"
_COPY = Path(__file__).resolve().parent / "data" / "dcgm_exporter"
# (reference name, committed copy): the committed copies are verbatim (dcgm-exporter commit
# d5e5f510a1b6b393f39a43293ccd9dc985defc79), used when ../shared/reference is absent.
_COUNTER_FILES = (
    ("default_counters.csv", "default-counters.csv"),
    ("dcp_metrics_included.csv", "dcp-metrics-included.csv"),
)


def _counter_file(ref: str, copy: str) -> Path:
    p = _REFERENCE / ref
    return p if p.exists() else _COPY / copy


def _all_counter_rows() -> list[tuple[bool, str, str]]:
    """(commented out, field, prometheus type) of every field line of both files."""
    rows = []
    for ref, copy in _COUNTER_FILES:
        for raw in _counter_file(ref, copy).read_text().splitlines():
            line = raw.strip().lstrip("#").strip()
            parts = [p.strip() for p in line.split(",", 2)]
            if len(parts) == 3 and parts[0].startswith("DCGM_") and " " not in parts[0]:
                rows.append((raw.lstrip().startswith("#"), parts[0], parts[1]))
    return rows


def test_every_field_of_both_shipped_counter_files_maps() -> None:
    rows = _all_counter_rows()
    names = {n for _, n, _ in rows}
    assert len(names) == 61  # 40 uncommented-or-not DCGM_FI_* + 4 DCGM_EXP_* + labels
    unknown = sorted(n for n in names if F.lookup(n) is None)
    assert unknown == [], f"{len(unknown)} of {len(names)} shipped fields unknown: {unknown}"
    for commented, name, ptype in rows:
        spec = F.lookup(name)
        assert spec is not None
        if commented and any(n == name and not c for c, n, _ in rows):
            continue  # a stale commented-out definition (PCIE_TX_BYTES as an NVML counter)
        if ptype == "label":
            assert spec.kind is FieldKind.LABEL and name in F.LABEL_FIELDS
        elif name.startswith("DCGM_EXP_"):
            # Declared "counter" but windowed counts / status codes: never a rate.
            assert ptype == "counter" and spec.kind is not FieldKind.COUNTER and spec.key_label
        else:
            assert _kind_matches(spec.kind, ptype), (name, spec.kind, ptype)


def test_committed_counter_files_are_verbatim_copies() -> None:
    for ref, copy in _COUNTER_FILES:
        if (_REFERENCE / ref).exists():
            assert (_REFERENCE / ref).read_text() == (_COPY / copy).read_text()


def test_sram_and_dram_ecc_are_separate_fields() -> None:
    for bits in ("SBE", "DBE"):
        for span in ("VOL", "AGG"):
            dram = FIELDS[f"DCGM_FI_DEV_ECC_{bits}_{span}_DEV"]
            sram = FIELDS[f"DCGM_FI_DEV_ECC_{bits}_{span}_SRM"]
            assert dram.kind is sram.kind is FieldKind.COUNTER
            assert "DRAM" in dram.help and "SRAM" in sram.help
    assert (
        FIELDS["DCGM_FI_DEV_ECC_SBE_VOL_DEV"].dcgm_id,
        FIELDS["DCGM_FI_DEV_ECC_SBE_VOL_SRM"].dcgm_id,
    ) == (318, 342)
    assert field("DCGM_FI_DEV_SRAM_EXCEEDED").name == "DCGM_FI_DEV_THRESHOLD_SRM"


def test_gpu_frame_columns_are_unchanged_and_extended_fields_come_after() -> None:
    # The GPU frame every producer fills keeps its 47 columns; the 43 added fields are the
    # extended set the parsers return in a frame of their own.
    assert len(GPU_FIELD_NAMES) == 47 and len(F.EXTENDED_GPU_FIELD_NAMES) == 43
    assert GPU_FIELD_NAMES[0] == "DCGM_FI_DEV_SM_CLOCK"
    assert GPU_FIELD_NAMES[46] == "DCGM_FI_PROF_NVLINK_RX_BYTES"
    assert F.EXTENDED_GPU_FIELD_NAMES[0] == "DCGM_FI_DEV_SYNC_BOOST_VIOLATION"
    assert set(F.KEYED_FIELDS) == {
        "DCGM_EXP_XID_ERRORS_COUNT",
        "DCGM_EXP_CLOCK_EVENTS_COUNT",
        "DCGM_EXP_GPU_HEALTH_STATUS",
        "DCGM_EXP_P2P_STATUS",
    }


def test_label_fields_have_no_frame_column_but_resolve() -> None:
    for name in ("DCGM_FI_DEV_SERIAL", "DCGM_FI_DEV_VBIOS_VERSION", "DCGM_FI_DRIVER_VERSION"):
        assert name not in ALL_FIELDS and F.lookup(name) is F.LABEL_FIELDS[name]
    assert F.lookup("DCGM_FI_DEV_BOARD_SERIAL") is F.LABEL_FIELDS["DCGM_FI_DEV_SERIAL"]  # DCGM 4
    with pytest.raises(KeyError):
        field("DCGM_FI_DEV_SERIAL")  # field() is for frame columns only
    assert F.lookup("DCGM_FI_NOPE") is None


# ---------------------------------------------------------------- per-architecture support


def test_support_table_covers_every_gpu_field_and_architecture() -> None:
    assert set(F.ARCH_SUPPORT) == set(F.ALL_GPU_FIELD_NAMES)
    for name, row in F.ARCH_SUPPORT.items():
        assert set(row) == set(F.Arch), name


@pytest.mark.parametrize(
    ("name", "arch", "expected"),
    [
        # NVLink5 counters exist only on Blackwell: a 0 elsewhere means "not supported".
        ("DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS", "blackwell", True),
        ("DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS", "hopper", False),
        ("DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS", "volta", False),
        ("DCGM_FI_DEV_NVLINK_RX_ERROR_TOTAL", "Blackwell", True),  # DCGM 4 alias, any case
        # Ada has no NVLink; the NVLink1-4 error counters are undocumented on NVLink5.
        ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "ada", False),
        ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "hopper", True),
        ("DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL", "blackwell", None),
        ("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "ada", False),
        # Page retirement (Volta) vs row remapping (Ampere+).
        ("DCGM_FI_DEV_RETIRED_DBE", "volta", True),
        ("DCGM_FI_DEV_RETIRED_DBE", "ampere", False),
        ("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "volta", False),
        ("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "hopper", True),
        # SRAM ECC is Turing+; memory temperature needs HBM (Ada boards are GDDR).
        ("DCGM_FI_DEV_ECC_DBE_VOL_SRM", "volta", False),
        ("DCGM_FI_DEV_ECC_DBE_VOL_SRM", "ampere", True),
        ("DCGM_FI_DEV_MEMORY_TEMP", "ada", False),
        ("DCGM_FI_DEV_MEMORY_TEMP", "hopper", True),
        ("DCGM_FI_DEV_GPU_TEMP", "ada", True),
        ("DCGM_EXP_XID_ERRORS_COUNT", "volta", True),
        # Unknown field or architecture: None, never a guess.
        ("DCGM_FI_DEV_FAN_SPEED", "hopper", None),
        ("DCGM_FI_DEV_GPU_TEMP", "pascal", None),
        ("DCGM_FI_DEV_SERIAL", "hopper", None),
    ],
)
def test_supported(name: str, arch: str, expected: bool | None) -> None:
    assert F.supported(name, arch) is expected


def test_supported_narrows_to_the_board() -> None:
    # A10 is Ampere without NVLink and without HBM.
    assert F.supported("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "ampere") is True
    assert F.supported("DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL", "ampere", has_nvlink=False) is False
    assert F.supported("DCGM_FI_DEV_MEMORY_TEMP", "ampere", has_hbm=False) is False
    assert F.supported("DCGM_FI_DEV_GPU_TEMP", "ampere", has_nvlink=False, has_hbm=False) is True
