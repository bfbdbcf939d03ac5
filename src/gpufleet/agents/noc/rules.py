"""Vectorized GPU and node rules: thresholds, rates of change, counters, clock events, baselines.

Each rule returns a :class:`RuleOutput`: a severity per entity (0 = not firing) plus the value
and threshold that explain it. The detector turns rising edges of these arrays into Anomaly
events; nothing here allocates a Python object per entity.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.baseline import Baseline, tod_bin, workload_state
from gpufleet.agents.noc.config import NocConfig, ResolvedThresholds
from gpufleet.agents.noc.signals import (
    DecayedCount,
    EwmaSlope,
    LaggedEwma,
    Sustain,
    ThermalResidual,
)
from gpufleet.bus.events import Family, Severity
from gpufleet.knowledge.symptoms import is_symptom
from gpufleet.telemetry.fields import ClockEventReason, FieldKind, field
from gpufleet.telemetry.rates import CounterDelta
from gpufleet.telemetry.topology import Topology

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
SevArray = npt.NDArray[np.int8]

WARN = np.int8(Severity.WARNING)
CRIT = np.int8(Severity.CRITICAL)


@dataclass(frozen=True, slots=True)
class RuleSpec:
    rule: str
    symptom: str
    family: Family
    layer: str
    field: str | None
    what: str  # message stem: "{entity}: <what> ({value} vs {threshold})"
    unit: str = ""

    def __post_init__(self) -> None:
        # The vocabulary is knowledge (cards match on it); a rule cannot invent a name.
        if not is_symptom(self.symptom):
            raise ValueError(
                f"rule {self.rule}: symptom {self.symptom!r} is not in knowledge.symptoms"
            )


@dataclass(frozen=True, slots=True)
class RuleOutput:
    spec: RuleSpec
    severity: SevArray
    value: FloatArray
    threshold: FloatArray | float


def severity_where(active: BoolArray, critical: BoolArray | None = None) -> SevArray:
    """WARNING where active, CRITICAL where also critical, 0 elsewhere."""
    if critical is None:
        return np.where(active, WARN, np.int8(0)).astype(np.int8)
    return np.where(active, np.where(critical, CRIT, WARN), np.int8(0)).astype(np.int8)


def at_least(x: FloatArray, thr: FloatArray | float) -> BoolArray:
    """x >= thr, with NaN (no data) comparing False and without a warning."""
    with np.errstate(invalid="ignore"):
        return np.asarray(x >= thr)


S = RuleSpec
GPU_TEMP = S(
    "threshold.gpu_temp",
    "gpu_temp_high",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_GPU_TEMP",
    "GPU temperature high",
    "°C",
)
MEM_TEMP = S(
    "threshold.memory_temp",
    "memory_temp_high",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_MEMORY_TEMP",
    "HBM temperature high",
    "°C",
)
TEMP_RISE = S(
    "rate.gpu_temp_rise",
    "gpu_temp_rising",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_GPU_TEMP",
    "temperature rising without a load increase",
    "°C/min",
)
SBE = S(
    "counter.sbe_rate",
    "sbe_storm",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "correctable (SBE) ECC error rate high",
    "/h",
)
DBE = S(
    "counter.dbe",
    "dbe",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
    "uncorrectable (DBE) ECC error",
    "errors",
)
SBE_PEERS = S(
    "peers.sbe_rate",
    "sbe_above_peers",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "correctable (SBE) ECC error rate far above its same-SKU peers'",
    "σ",
)
REMAP_FAIL = S(
    "flag.row_remap_failure",
    "row_remap_failure",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_ROW_REMAP_FAILURE",
    "row remapping failed (no spare rows)",
)
REMAP_PENDING = S(
    "counter.row_remap",
    "row_remap_pending",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
    "row remapped for an uncorrectable error; GPU reset needed",
    "rows",
)
# The flag itself (NVML bPending, DCGM field 396): set by any queued remap, a correctable-error one
# included, and cleared only by a GPU reset. A warning, never critical: NVIDIA's memory-error
# guide lets work continue until a convenient reset; the failure flag is the RMA criterion.
REMAP_PENDING_FLAG = S(
    "flag.row_remap_pending",
    "row_remap_pending",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_ROW_REMAP_PENDING",
    "row remap pending a GPU reset",
)
RETIRED_PENDING = S(
    "counter.retired_pending",
    "page_retirement_pending",
    Family.MEMORY,
    "hardware",
    "DCGM_FI_DEV_RETIRED_PENDING",
    "page retirement pending",
    "pages",
)
FB_FULL = S(
    "threshold.fb_used",
    "fb_nearly_full",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_FB_USED",
    "framebuffer nearly full",
    "%",
)
FB_LEAK = S(
    "trend.fb_used",
    "fb_leak",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_FB_USED",
    "framebuffer grows steadily toward full",
    "MiB/min",
)
THERMAL_SLOW = S(
    "clocks.thermal",
    "thermal_slowdown",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "clocks held down by thermal slowdown",
)
POWER_BRAKE = S(
    "clocks.power_brake",
    "power_brake",
    Family.POWER,
    "hardware",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "HW power brake asserted",
)
HW_SLOWDOWN = S(
    "clocks.hw_slowdown",
    "hw_slowdown",
    Family.POWER,
    "hardware",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "HW slowdown without thermal cause",
)
PCIE_REPLAY = S(
    "counter.pcie_replay",
    "pcie_replays",
    Family.INTERCONNECT,
    "hardware",
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
    "PCIe replay rate high",
    "/min",
)
PCIE_DOWN = S(
    "state.pcie_link",
    "pcie_downtrain",
    Family.INTERCONNECT,
    "hardware",
    "DCGM_FI_DEV_PCIE_LINK_WIDTH",
    "PCIe link below its rated width/generation",
)
NVLINK = S(
    "counter.nvlink_errors",
    "nvlink_errors",
    Family.INTERCONNECT,
    "hardware",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "NVLink CRC/replay error rate high",
    "/min",
)
GPU_MISSING = S(
    "presence.gpu",
    "gpu_missing",
    Family.DEVICE,
    "hardware",
    None,
    "GPU stopped reporting while its node still reports",
)
TEMP_BASELINE = S(
    "baseline.gpu_temp",
    "temp_above_baseline",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_GPU_TEMP",
    "temperature far above its learned baseline",
    "σ",
)
MTEMP_BASELINE = S(
    "baseline.memory_temp",
    "memory_temp_above_baseline",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_MEMORY_TEMP",
    "HBM temperature far above its learned baseline",
    "σ",
)
HOST_CPU = S(
    "threshold.host_cpu",
    "host_cpu_saturated",
    Family.HOST,
    "os",
    "NODE_CPU_UTIL",
    "host CPU saturated",
    "%",
)
NIC_DOWN = S(
    "state.nic_links",
    "nic_link_down",
    Family.INTERCONNECT,
    "os",
    "NODE_NIC_LINK_UP",
    "InfiniBand/RoCE port(s) down",
    "links",
)
NODE_SILENT = S(
    "presence.node", "node_silent", Family.TELEMETRY, "os", None, "node stopped reporting telemetry"
)
NODE_GPUS_SILENT = S(
    "presence.node_gpus",
    "node_gpus_silent",
    Family.DEVICE,
    "driver",
    None,
    "every GPU of the node stopped reporting while the host still reports",
)
# Node-level GPU loss is a node's own signal only while most of the fleet's GPUs still report
# (a collector or VictoriaMetrics outage silences everyone at once).
FLEET_REPORTING_SHARE = 0.5

RESIDUAL_WARMUP_S = 600.0
THERMAL_BITS = int(ClockEventReason.HW_THERMAL | ClockEventReason.SW_THERMAL)
BRAKE_BIT = int(ClockEventReason.HW_POWER_BRAKE)
SLOW_BIT = int(ClockEventReason.HW_SLOWDOWN)
NVLINK_ERR_FIELDS = (
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
)


class GpuRules:
    """All per-GPU rules over frames aligned to the topology's GPU order and a fixed field list."""

    def __init__(self, config: NocConfig, topology: Topology, fields: tuple[str, ...]) -> None:
        n = topology.n_gpus
        self.topology = topology
        self.config = config
        self.th = ResolvedThresholds(config, topology)
        self.col = {name: i for i, name in enumerate(fields)}
        self.counter_fields = tuple(f for f in fields if field(f).kind is FieldKind.COUNTER)
        self.ccol = {name: i for i, name in enumerate(self.counter_fields)}
        self.tdp = topology.sku_array("tdp_w")
        self.sku_pcie_gen = topology.sku_array("pcie_gen")
        self.sku_pcie_width = topology.sku_array("pcie_width")
        self.s_temp = Sustain(n)
        self.s_mtemp = Sustain(n)
        self.s_rise = Sustain(n)
        self.s_fb = Sustain(n)
        self.s_leak = Sustain(n)
        self.s_thermal = Sustain(n)
        self.s_brake = Sustain(n)
        self.s_slow = Sustain(n)
        self.s_pcie = Sustain(n)
        self.s_missing = Sustain(n)
        self.s_bl_temp = Sustain(n)
        self.s_bl_mtemp = Sustain(n)
        # Prior °C/W: a datacenter GPU warms ~40-45 °C from idle to TDP.
        self.thermal = ThermalResidual(42.0 / self.tdp)
        self.residual_slope = EwmaSlope(n, tau_s=120.0)
        self.first_seen = np.full(n, np.nan)
        self.last_residual = np.full(n, np.nan)
        self.residual_level = LaggedEwma(n, tau_s=3600.0)
        # Leaks grow by at most a few GiB per minute; allocation steps are clipped to that.
        self.fb_slope = EwmaSlope(n, tau_s=300.0, max_per_min=4096.0)
        self.sbe = DecayedCount(n, tau_s=3600.0)
        self.dbe_first = np.full(n, np.nan)  # the volatile DBE count when first read
        self.s_sbe_peers = Sustain(n)
        self.sku_groups = [
            np.flatnonzero(np.asarray(topology.gpu_sku) == sku)
            for sku in sorted(set(topology.gpu_sku))
        ]
        self.pcie_replay = DecayedCount(n, tau_s=600.0)
        self.nvlink_err = DecayedCount(n, tau_s=600.0)
        self.seen = np.zeros(n, dtype=bool)
        b = config.baseline
        self.bl_temp = Baseline(
            n,
            b.tod_bins,
            b.halflife_samples,
            b.floor.get("DCGM_FI_DEV_GPU_TEMP", 1.5),
            b.min_samples,
        )
        self.bl_mtemp = Baseline(
            n,
            b.tod_bins,
            b.halflife_samples,
            b.floor.get("DCGM_FI_DEV_MEMORY_TEMP", 1.5),
            b.min_samples,
        )

    def _c(self, values: FloatArray, name: str) -> FloatArray:
        i = self.col.get(name)
        return values[:, i] if i is not None else np.full(values.shape[0], np.nan)

    def _inc(self, delta: CounterDelta, *names: str) -> FloatArray:
        cols = [self.ccol[n] for n in names if n in self.ccol]
        if not cols:
            return np.full(delta.increase.shape[0], np.nan)
        block = delta.increase[:, cols]
        allnan = np.isnan(block).all(axis=1)
        out = np.nansum(block, axis=1) if len(cols) > 1 else block[:, 0].copy()
        return np.where(allnan, np.nan, out)

    def baseline_nbytes(self) -> int:
        return self.bl_temp.nbytes + self.bl_mtemp.nbytes

    def evaluate(
        self, t: float, values: FloatArray, present: BoolArray, delta: CounterDelta
    ) -> list[RuleOutput]:
        """Every GPU rule's output for the frame at ``t``, in a fixed order (the detector and
        its tests rely on it). The groups run in this order because later ones read state the
        earlier ones update (the temperature rise reads the static rule's sustain)."""
        temp = self._c(values, "DCGM_FI_DEV_GPU_TEMP")
        mtemp = self._c(values, "DCGM_FI_DEV_MEMORY_TEMP")
        util = self._c(values, "DCGM_FI_DEV_GPU_UTIL")
        return [
            *_temperature_rules(self, t, temp, mtemp),
            *_temperature_rise_rule(self, t, temp, self._c(values, "DCGM_FI_DEV_POWER_USAGE")),
            *_memory_error_rules(self, t, values, delta),
            *_framebuffer_rules(self, t, values),
            *_clock_event_rules(self, t, values),
            *_link_rules(self, t, values, delta, util),
            *_presence_rules(self, t, present),
            *_baseline_rules(self, t, temp, mtemp, util),
        ]

    def thermal_residual(self, gpus: npt.NDArray[np.intp]) -> FloatArray:
        """How far each GPU's load-corrected temperature sits above its own 1 h level (°C)."""
        return np.asarray(self.last_residual[gpus], dtype=np.float64)


# --- the GPU rule groups, in the order GpuRules.evaluate runs them ---------------------------


def _temperature_rules(
    r: GpuRules, t: float, temp: FloatArray, mtemp: FloatArray
) -> list[RuleOutput]:
    """(a) Static thresholds on GPU and HBM temperature, sustained."""
    th = r.th
    w, cr = th["gpu_temp_warning_c"], th["gpu_temp_critical_c"]
    act = r.s_temp.update(t, at_least(temp, w), ~np.isnan(temp), th["temp_for_s"])
    gpu = RuleOutput(GPU_TEMP, severity_where(act, at_least(temp, cr)), temp, w)
    w2, cr2 = th["memory_temp_warning_c"], th["memory_temp_critical_c"]
    act = r.s_mtemp.update(t, at_least(mtemp, w2), ~np.isnan(mtemp), th["temp_for_s"])
    return [gpu, RuleOutput(MEM_TEMP, severity_where(act, at_least(mtemp, cr2)), mtemp, w2)]


def _temperature_rise_rule(
    r: GpuRules, t: float, temp: FloatArray, power: FloatArray
) -> list[RuleOutput]:
    """(b) Rate of change: warming that the (thermally lagged) power does not explain."""
    th = r.th
    calm = np.isnan(r.s_rise.since) & np.isnan(r.s_temp.since)
    resid = r.thermal.update(t, temp, power, learn=calm)
    r.last_residual = resid - r.residual_level.update(t, resid)
    s_r = r.residual_slope.update(t, resid)
    r.first_seen = np.where(np.isnan(r.first_seen) & ~np.isnan(temp), t, r.first_seen)
    # The residual model needs some history before its slope means anything.
    warmed = at_least(t - r.first_seen, RESIDUAL_WARMUP_S)
    below_warning = ~at_least(temp, th["gpu_temp_warning_c"])
    rising = at_least(s_r, th["temp_rise_c_per_min"]) & below_warning & warmed
    act = r.s_rise.update(t, rising, ~np.isnan(temp), th["temp_rise_for_s"])
    return [RuleOutput(TEMP_RISE, severity_where(act), s_r.copy(), th["temp_rise_c_per_min"])]


def _memory_error_rules(
    r: GpuRules, t: float, values: FloatArray, delta: CounterDelta
) -> list[RuleOutput]:
    """ECC, remapping, retirement (counters → increases, from telemetry.rates)."""
    th = r.th
    sbe_inc = r._inc(delta, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL")
    if np.isnan(sbe_inc).all():
        sbe_inc = r._inc(delta, "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL")
    sbe_h = r.sbe.update(t, sbe_inc)
    sbe_sev = severity_where(at_least(sbe_h, th["sbe_per_hour"]))
    dbe_inc = np.fmax(
        r._inc(delta, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"),
        r._inc(delta, "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL"),
    )
    # A field a generation lacks (Volta: no row remapper) reads NaN or 0 here: never fires.
    pending_flag = r._c(values, "DCGM_FI_DEV_ROW_REMAP_PENDING")
    found = _dbe_found(r, r._c(values, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"))
    # a pending remap is where such an error waits for its reset: the flag's rule tells it
    dbe_inc = np.fmax(dbe_inc, np.where(at_least(pending_flag, 1.0), np.nan, found))
    dbe = at_least(dbe_inc, 1.0)
    remap_fail = r._c(values, "DCGM_FI_DEV_ROW_REMAP_FAILURE")
    rf = at_least(remap_fail, 1.0)
    unc = r._inc(delta, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS")
    pend = r._c(values, "DCGM_FI_DEV_RETIRED_PENDING")
    z = _peer_z(sbe_h, r.sku_groups, th["sbe_peer_min_per_hour"])
    above = at_least(z, th["sbe_peer_z"]) & at_least(sbe_h, th["sbe_peer_min_per_hour"])
    act = r.s_sbe_peers.update(t, above, ~np.isnan(sbe_inc), th["sbe_peer_for_s"])
    return [
        RuleOutput(SBE, sbe_sev, sbe_h.copy(), th["sbe_per_hour"]),
        RuleOutput(SBE_PEERS, severity_where(act), z, th["sbe_peer_z"]),
        RuleOutput(DBE, severity_where(dbe, dbe), dbe_inc, 1.0),
        RuleOutput(REMAP_FAIL, severity_where(rf, rf), remap_fail, 1.0),
        RuleOutput(REMAP_PENDING, severity_where(at_least(unc, 1.0)), unc, 1.0),
        RuleOutput(RETIRED_PENDING, severity_where(at_least(pend, 1.0)), pend, 1.0),
        RuleOutput(
            REMAP_PENDING_FLAG, severity_where(at_least(pending_flag, 1.0)), pending_flag, 1.0
        ),
    ]


def _dbe_found(r: GpuRules, dbe_vol: FloatArray) -> FloatArray:
    """Uncorrectable errors found rather than watched: the volatile DBE count is errors since
    the driver loaded, so a count above zero the first time a GPU is read (gpufleet started or
    restarted after the error) is an error no reset has cleared yet. The lifetime (aggregate)
    count is not used: it keeps errors whose rows were remapped long ago."""
    first = np.isnan(r.dbe_first) & ~np.isnan(dbe_vol)
    r.dbe_first = np.where(first, dbe_vol, r.dbe_first)
    return np.where(first & at_least(dbe_vol, 1.0), dbe_vol, np.nan)


MIN_PEERS = 4  # a robust z needs a few peers; a 2-GPU workstation has no peer group


def _peer_z(rate: FloatArray, groups: list[npt.NDArray[np.intp]], floor: FloatArray) -> FloatArray:
    """Robust z-score of each GPU's rate against its same-SKU peers: (x - median) / (1.4826 ×
    MAD), the spread floored at a third of the minimum rate so that a fleet of zeros does not
    make one error a thousand sigmas. NaN where there are too few peers. Skipped (all NaN)
    while no GPU reaches ``floor``: the common case costs one comparison."""
    z = np.full(rate.shape, np.nan)
    if not at_least(rate, floor).any():
        return z
    for idx in groups:
        if idx.size < MIN_PEERS:
            continue
        x = rate[idx]
        med = float(np.nanmedian(x))
        mad = float(np.nanmedian(np.abs(x - med)))
        spread = np.maximum(1.4826 * mad, floor[idx] / 3.0)
        z[idx] = (x - med) / spread
    return z


def _framebuffer_rules(r: GpuRules, t: float, values: FloatArray) -> list[RuleOutput]:
    """Framebuffer: nearly full now, or growing steadily toward full."""
    th = r.th
    used = r._c(values, "DCGM_FI_DEV_FB_USED")
    total = (
        used
        + r._c(values, "DCGM_FI_DEV_FB_FREE")
        + np.nan_to_num(r._c(values, "DCGM_FI_DEV_FB_RESERVED"))
    )
    with np.errstate(invalid="ignore", divide="ignore"):
        pct = used / total * 100.0
    act = r.s_fb.update(t, at_least(pct, th["fb_used_pct"]), ~np.isnan(pct), th["fb_for_s"])
    full = RuleOutput(FB_FULL, severity_where(act), pct, th["fb_used_pct"])
    slope = r.fb_slope.update(t, used)
    with np.errstate(invalid="ignore", divide="ignore"):
        eta_s = (total - used) / slope * 60.0
    leaking = (
        at_least(slope, th["fb_leak_min_mib_per_min"])
        & ~at_least(eta_s, th["fb_leak_horizon_s"])
        & ~at_least(pct, th["fb_used_pct"])
    )
    act = r.s_leak.update(t, leaking, ~np.isnan(used), th["fb_leak_for_s"])
    leak = RuleOutput(FB_LEAK, severity_where(act), slope.copy(), th["fb_leak_min_mib_per_min"])
    return [full, leak]


def _clock_event_rules(r: GpuRules, t: float, values: FloatArray) -> list[RuleOutput]:
    """Clock events (throttle reasons): only the bits that mean a fault or a limit."""
    th = r.th
    raw = r._c(values, "DCGM_FI_DEV_CLOCKS_EVENT_REASONS")
    known = ~np.isnan(raw)
    bits = np.nan_to_num(raw).astype(np.int64)
    thermal = (bits & THERMAL_BITS) != 0
    brake = (bits & BRAKE_BIT) != 0
    slow = ((bits & SLOW_BIT) != 0) & ~thermal & ~brake
    act_thermal = r.s_thermal.update(t, thermal, known, th["throttle_for_s"])
    act_brake = r.s_brake.update(t, brake, known, th["power_brake_for_s"])
    act_slow = r.s_slow.update(t, slow, known, th["throttle_for_s"])
    return [
        RuleOutput(THERMAL_SLOW, severity_where(act_thermal), raw, th["throttle_for_s"]),
        RuleOutput(POWER_BRAKE, severity_where(act_brake), raw, th["power_brake_for_s"]),
        RuleOutput(HW_SLOWDOWN, severity_where(act_slow), raw, th["throttle_for_s"]),
    ]


def _link_rules(
    r: GpuRules, t: float, values: FloatArray, delta: CounterDelta, util: FloatArray
) -> list[RuleOutput]:
    """PCIe replays and downtraining, NVLink errors."""
    th = r.th
    rep = r.pcie_replay.update(t, r._inc(delta, "DCGM_FI_DEV_PCIE_REPLAY_COUNTER"))
    rep_min = rep * (60.0 / r.pcie_replay.tau_s)
    rep_sev = severity_where(at_least(rep_min, th["pcie_replays_per_min"]))
    gen = r._c(values, "DCGM_FI_DEV_PCIE_LINK_GEN")
    width = r._c(values, "DCGM_FI_DEV_PCIE_LINK_WIDTH")
    with np.errstate(invalid="ignore"):
        # Idle GPUs drop to gen 1 to save power (ASPM); only a busy link must be at rated speed.
        degraded = at_least(util, 20.0) & ((gen < r.sku_pcie_gen) | (width < r.sku_pcie_width))
    act = r.s_pcie.update(t, degraded, ~np.isnan(width), th["pcie_downtrain_for_s"])
    nv = r.nvlink_err.update(t, r._inc(delta, *NVLINK_ERR_FIELDS))
    nv_min = nv * (60.0 / r.nvlink_err.tau_s)
    nv_sev = severity_where(at_least(nv_min, th["nvlink_errors_per_min"]))
    return [
        RuleOutput(PCIE_REPLAY, rep_sev, rep_min, th["pcie_replays_per_min"]),
        RuleOutput(PCIE_DOWN, severity_where(act), width, r.sku_pcie_width),
        RuleOutput(NVLINK, nv_sev, nv_min, th["nvlink_errors_per_min"]),
    ]


def _presence_rules(r: GpuRules, t: float, present: BoolArray) -> list[RuleOutput]:
    """A GPU that vanished while its node keeps reporting (Xid 79 signature); a whole silent
    node is an exporter/host matter, handled by the node rules. A GPU of the inventory never
    seen at all while its node reports counts the same: gpufleet met it already gone (started
    after it fell off the bus), and the sustain gives a late first scrape time to arrive."""
    topo = r.topology
    r.seen |= present
    node_present = np.bincount(topo.gpu_node, weights=present, minlength=topo.n_nodes) > 0
    vanished = ~present & node_present[topo.gpu_node]
    act = r.s_missing.update(t, vanished, np.ones_like(vanished), r.th["gpu_missing_for_s"])
    return [RuleOutput(GPU_MISSING, severity_where(act, act), np.where(vanished, 1.0, 0.0), 1.0)]


def _baseline_rules(
    r: GpuRules, t: float, temp: FloatArray, mtemp: FloatArray, util: FloatArray
) -> list[RuleOutput]:
    """(c) Learned baselines: time of day × workload state (nothing when disabled)."""
    b = r.config.baseline
    if not b.enabled:
        return []
    cell = tod_bin(t, b.tod_bins) * 3 + workload_state(util)
    z = r.bl_temp.observe(temp, cell, b.z_threshold)
    act = r.s_bl_temp.update(t, at_least(z, b.z_threshold), ~np.isnan(z), b.sustain_s)
    out = [RuleOutput(TEMP_BASELINE, severity_where(act), z, b.z_threshold)]
    z = r.bl_mtemp.observe(mtemp, cell, b.z_threshold)
    act = r.s_bl_mtemp.update(t, at_least(z, b.z_threshold), ~np.isnan(z), b.sustain_s)
    out.append(RuleOutput(MTEMP_BASELINE, severity_where(act), z, b.z_threshold))
    return out


class NodeRules:
    def __init__(self, config: NocConfig, topology: Topology, fields: tuple[str, ...]) -> None:
        m = topology.n_nodes
        self.topology = topology
        self.th = config.thresholds
        self.col = {name: i for i, name in enumerate(fields)}
        self.s_cpu = Sustain(m)
        self.s_nic = Sustain(m)
        self.s_silent = Sustain(m)
        self.s_gpus_silent = Sustain(m)
        self.gpus_seen = np.zeros(m, dtype=bool)
        self.nic_max = np.zeros(m)
        self.seen = np.zeros(m, dtype=bool)

    def evaluate(
        self, t: float, values: FloatArray | None, node_present: BoolArray, gpu_present: BoolArray
    ) -> list[RuleOutput]:
        m = self.topology.n_nodes
        th = self.th
        out: list[RuleOutput] = []

        def col(name: str) -> FloatArray:
            i = self.col.get(name)
            if values is None or i is None:
                return np.full(m, np.nan)
            return values[:, i]

        cpu = col("NODE_CPU_UTIL")
        act = self.s_cpu.update(
            t, at_least(cpu, th.host_cpu_pct), ~np.isnan(cpu), th.host_cpu_for_s
        )
        out.append(RuleOutput(HOST_CPU, severity_where(act), cpu, th.host_cpu_pct))
        links = col("NODE_NIC_LINK_UP")
        self.nic_max = np.fmax(self.nic_max, np.nan_to_num(links))
        with np.errstate(invalid="ignore"):
            down = links < self.nic_max
        act = self.s_nic.update(t, down, ~np.isnan(links), th.nic_down_for_s)
        out.append(RuleOutput(NIC_DOWN, severity_where(act), links, self.nic_max.copy()))
        topo = self.topology
        gpus_reporting = np.bincount(topo.gpu_node, weights=gpu_present, minlength=m) > 0
        self.seen |= node_present | gpus_reporting
        silent = self.seen & ~node_present & ~gpus_reporting
        act = self.s_silent.update(t, silent, np.ones(m, dtype=bool), th.node_silent_for_s)
        out.append(RuleOutput(NODE_SILENT, severity_where(act), np.where(silent, 1.0, 0.0), 1.0))
        out.append(self._gpus_silent(t, node_present, gpus_reporting))
        return out

    def _gpus_silent(
        self, t: float, node_present: BoolArray, gpus_reporting: BoolArray
    ) -> RuleOutput:
        """Every GPU series of a node vanished while its host still reports and most of the
        fleet's GPUs still do: the node's GPU stack (driver wedged, GPUs lost, exporter dead) -
        a node-health signal, not a collector outage."""
        th = self.th
        self.gpus_seen |= gpus_reporting
        n_seen = int(self.gpus_seen.sum())
        fleet_ok = n_seen > 1 and gpus_reporting.sum() >= FLEET_REPORTING_SHARE * n_seen
        lost = self.gpus_seen & node_present & ~gpus_reporting & fleet_ok
        act = self.s_gpus_silent.update(t, lost, np.ones_like(lost), th.node_gpus_silent_for_s)
        return RuleOutput(NODE_GPUS_SILENT, severity_where(act, act), np.where(lost, 1.0, 0.0), 1.0)
