"""Rules on the extended dcgm-exporter fields, from NVIDIA's documented semantics.

The core GPU rules (:mod:`agents.noc.rules`) read the columns every producer fills. A site whose
dcgm-exporter ships more (a custom counters file, ``DCGM_EXP_*`` collectors, Blackwell) hands the
detector a second frame (``Tick.extended``) and the per-key values of the ``DCGM_EXP_*`` metrics
(``Tick.keyed``). This module turns them into the same symptoms the cards already match:

* windowed Xid counts (``DCGM_EXP_XID_ERRORS_COUNT{xid}``, alias
  ``DCGM_FI_DEV_XID_ERRORS_ACTIVE``): dcgm-exporter counts each Xid over a sliding window
  (``window_size_in_ms``, default 5 min). A count that grows means a new Xid of that code: it
  becomes an ``xid`` :class:`~telemetry.frame.LogEvent` (``attrs["source"] = "dcgm-exporter"``,
  ``attrs["time"] = "window"``) for the log rules, so an Xid is seen with no kernel log read;
* ``DCGM_EXP_GPU_HEALTH_STATUS{health_watch}`` (DCGM health: 0 pass, 10 warn, 20 fail): a watch
  that is not healthy raises its subsystem's symptom (NVLINK → ``nvlink_errors``, PCIE →
  ``pcie_replays``, THERMAL → ``thermal_slowdown``, POWER → ``power_brake``, MEM fail → ``dbe``,
  MEM warn → ``row_remap_pending``); another watch, or ``ALL`` alone, ``gpu_health_failed``;
* violation times (ns the clocks were held down for a reason, cumulative): the share of the
  interval spent throttled by THERMAL → ``thermal_slowdown``, by BOARD_LIMIT or RELIABILITY →
  ``hw_slowdown``. POWER (the SW power cap, normal at full load), SYNC_BOOST and LOW_UTIL are
  normal operation (NVML's clock-event reasons) and never alert, as for the bitmask;
* ``DCGM_EXP_CLOCK_EVENTS_COUNT{clock_event}``: a fault reason counted in the window
  (``hw_thermal``/``sw_thermal``, ``hw_power_brake``, ``hw_slowdown``) raises its symptom;
* Blackwell NVLink5 error counters (``DCGM_FI_DEV_NVLINK_COUNT_*``): their error rate →
  ``nvlink_errors``, a failed link recovery at once (critical);
* ECC by location: an uncorrectable error in device memory (DRAM) or in on-chip SRAM → ``dbe``
  (critical; the message says which, the actions differ), ``DCGM_FI_DEV_THRESHOLD_SRM`` set (the
  SRAM error threshold, an RMA criterion) → ``dbe``.

Row-remap failure and PCIe replays are core fields with core rules. Architecture support
(``telemetry.fields.supported``): a field the GPU's SKU does not support is masked to NaN before
any rule reads it (a 0 there is "unsupported", never "healthy" or "link down"), and counted. A
series that stops while the GPU keeps reporting is unknown from then on: NaN never confirms or
clears a condition, and the loss is counted per field (:attr:`ExtendedRules.lost`).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.rules import CRIT, RuleOutput, RuleSpec, at_least, severity_where
from gpufleet.agents.noc.signals import DecayedCount, Sustain
from gpufleet.bus.events import Family
from gpufleet.telemetry.fields import EXTENDED_GPU_FIELD_NAMES, FieldKind, field, supported
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.rates import CounterRates
from gpufleet.telemetry.topology import Topology, sku

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

XID_WINDOW_FIELD = "DCGM_EXP_XID_ERRORS_COUNT"
HEALTH_FIELD = "DCGM_EXP_GPU_HEALTH_STATUS"
CLOCK_EVENTS_FIELD = "DCGM_EXP_CLOCK_EVENTS_COUNT"
HEALTH_WARN, HEALTH_FAIL = 10.0, 20.0  # dcgmHealthWatchResults_t: PASS 0, WARN 10, FAIL 20
# Share of an interval spent throttled before a violation counter means a throttled GPU, and
# how long that must last (a brief spike at a kernel boundary is not a finding).
VIOLATION_SHARE_WARNING = 0.10
VIOLATION_SHARE_CRITICAL = 0.50
VIOLATION_FOR_S = 120.0
NVLINK5_ERRORS_PER_MIN = 1.0
NVLINK5_ERROR_FIELDS = tuple(
    f"DCGM_FI_DEV_NVLINK_COUNT_{n}"
    for n in (
        "RX_MALFORMED_PACKET_ERRORS",
        "RX_BUFFER_OVERRUN_ERRORS",
        "RX_ERRORS",
        "RX_REMOTE_ERRORS",
        "RX_GENERAL_ERRORS",
        "LOCAL_LINK_INTEGRITY_ERRORS",
        "RX_SYMBOL_ERRORS",
        "LINK_RECOVERY_FAILED_EVENTS",
    )
)
NVLINK5_RECOVERY_FAILED = "DCGM_FI_DEV_NVLINK_COUNT_LINK_RECOVERY_FAILED_EVENTS"
DRAM_DBE = "DCGM_FI_DEV_ECC_DBE_VOL_DEV"
SRAM_DBE = "DCGM_FI_DEV_ECC_DBE_VOL_SRM"
SRAM_THRESHOLD = "DCGM_FI_DEV_THRESHOLD_SRM"
# The two violation counters that are core columns (the detector passes them in).
CORE_VIOLATIONS = ("DCGM_FI_DEV_THERMAL_VIOLATION",)
HW_LIMIT_VIOLATIONS = ("DCGM_FI_DEV_BOARD_LIMIT_VIOLATION", "DCGM_FI_DEV_RELIABILITY_VIOLATION")

S = RuleSpec
HEALTH_SPECS: dict[str, RuleSpec] = {
    watch: S(f"health.{watch.lower()}", symptom, family, layer, HEALTH_FIELD, what)
    for watch, symptom, family, layer, what in (
        (
            "NVLINK",
            "nvlink_errors",
            Family.INTERCONNECT,
            "hardware",
            "DCGM health watch NVLINK not healthy",
        ),
        (
            "PCIE",
            "pcie_replays",
            Family.INTERCONNECT,
            "hardware",
            "DCGM health watch PCIE not healthy",
        ),
        (
            "THERMAL",
            "thermal_slowdown",
            Family.THERMAL,
            "hardware",
            "DCGM health watch THERMAL not healthy",
        ),
        ("POWER", "power_brake", Family.POWER, "hardware", "DCGM health watch POWER not healthy"),
        ("MEM", "dbe", Family.MEMORY, "hardware", "DCGM health watch MEM failed"),
        (
            "MEM_WARN",
            "row_remap_pending",
            Family.MEMORY,
            "hardware",
            "DCGM health watch MEM warns (pending remap or retirement)",
        ),
        (
            "OTHER",
            "gpu_health_failed",
            Family.DEVICE,
            "driver",
            "DCGM health watch not healthy",
        ),
    )
}
# Watches DCGM names that map to one of the specs above (NVSwitch watches are fabric: NVLink).
_WATCH_ALIASES = {"NVSWITCH_FATAL": "NVLINK", "NVSWITCH_NONFATAL": "NVLINK"}
THERMAL_VIOLATION = S(
    "violation.thermal",
    "thermal_slowdown",
    Family.THERMAL,
    "hardware",
    "DCGM_FI_DEV_THERMAL_VIOLATION",
    "clocks held down by thermal limits for a large share of the time (violation counter)",
)
HW_LIMIT_VIOLATION = S(
    "violation.board",
    "hw_slowdown",
    Family.POWER,
    "hardware",
    "DCGM_FI_DEV_RELIABILITY_VIOLATION",
    "clocks held down by board-limit / reliability constraints (violation counters)",
)
CLOCK_EVENT_SPECS: dict[str, RuleSpec] = {
    "thermal": S(
        "clock_events.thermal",
        "thermal_slowdown",
        Family.THERMAL,
        "hardware",
        CLOCK_EVENTS_FIELD,
        "thermal clock events counted in the exporter's window",
    ),
    "hw_power_brake": S(
        "clock_events.power_brake",
        "power_brake",
        Family.POWER,
        "hardware",
        CLOCK_EVENTS_FIELD,
        "HW power-brake clock events counted in the exporter's window",
    ),
    "hw_slowdown": S(
        "clock_events.hw_slowdown",
        "hw_slowdown",
        Family.POWER,
        "hardware",
        CLOCK_EVENTS_FIELD,
        "HW slowdown clock events counted in the exporter's window",
    ),
}
# dcgm-exporter's clock_event label values (lower case) → the spec above.
_CLOCK_EVENT_KEYS = {
    "hw_thermal": "thermal",
    "sw_thermal": "thermal",
    "hw_power_brake": "hw_power_brake",
    "hw_slowdown": "hw_slowdown",
}
NVLINK5 = S(
    "counter.nvlink5_errors",
    "nvlink_errors",
    Family.INTERCONNECT,
    "hardware",
    "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS",
    "NVLink5 error rate high (NVLINK_COUNT_* counters)",
    "/min",
)
ECC_BY_LOCATION = S(
    "counter.dbe_by_location",
    "dbe",
    Family.MEMORY,
    "hardware",
    DRAM_DBE,
    "uncorrectable ECC error (DRAM: device memory; or SRAM: on-chip) or SRAM threshold exceeded",
    "errors",
)
EXTENDED_SPECS: tuple[RuleSpec, ...] = (
    *HEALTH_SPECS.values(),
    THERMAL_VIOLATION,
    HW_LIMIT_VIOLATION,
    *CLOCK_EVENT_SPECS.values(),
    NVLINK5,
    ECC_BY_LOCATION,
)


def _support_mask(topology: Topology, names: tuple[str, ...]) -> BoolArray:
    """(GPUs × fields): False where the GPU's SKU does not support the field. Unknown (None)
    stays True: a field nobody documented is read, never silently dropped."""
    by_sku: dict[str, npt.NDArray[np.bool_]] = {}
    out = np.ones((topology.n_gpus, len(names)), dtype=bool)
    for g, name in enumerate(topology.gpu_sku):
        row = by_sku.get(name)
        if row is None:
            s = sku(name)
            nvlink = s.nvlink_links > 0 if s.arch else None
            row = np.array(
                [
                    supported(f, s.arch, has_nvlink=nvlink, has_hbm=s.has_hbm) is not False
                    for f in names
                ],
                dtype=bool,
            )
            by_sku[name] = row
        out[g] = row
    return out


class ExtendedRules:
    """Per-GPU rules over the extended frame (aligned to the topology's GPU order and
    ``EXTENDED_GPU_FIELD_NAMES``) and the per-key ``DCGM_EXP_*`` values."""

    def __init__(self, topology: Topology) -> None:
        n = topology.n_gpus
        self.topology = topology
        self.fields = EXTENDED_GPU_FIELD_NAMES
        self.col = {name: i for i, name in enumerate(self.fields)}
        self.support = _support_mask(topology, self.fields)
        counters = [f for f in self.fields if field(f).kind is FieldKind.COUNTER]
        self.counter_fields = (*CORE_VIOLATIONS, *counters)
        self.ccol = {name: i for i, name in enumerate(self.counter_fields)}
        # Made on first use: a fleet that never sends extended fields never pays for it.
        self.rates: CounterRates | None = None
        self.s_thermal = Sustain(n)
        self.s_board = Sustain(n)
        self.nvlink5 = DecayedCount(n, tau_s=600.0)
        self.seen = np.zeros((n, len(self.fields)), dtype=bool)
        self._had_keyed = False
        self._xid_prev: dict[int, dict[str, float]] = {}  # GPU → Xid code → count
        # Counted, for the detector's stats: samples masked as unsupported on the GPU's
        # architecture, and series lost while the GPU still reports (now unknown), by field.
        self.unsupported: Counter[str] = Counter()
        self.lost: Counter[str] = Counter()
        self.bad_keys: Counter[str] = Counter()  # per-key series whose key is not understood

    @property
    def active(self) -> bool:
        """Whether any extended value was ever seen (until then the detector skips these
        rules: a fleet without the extended fields pays nothing for them)."""
        return bool(self.seen.any()) or bool(self._xid_prev) or self._had_keyed

    # ------------------------------------------------------------------ frame rules
    def evaluate(
        self,
        t: float,
        ext: FloatArray,
        core_violations: FloatArray,
        gpu_present: BoolArray,
        keyed: Mapping[str, Mapping[str, Mapping[str, float]]] | None,
    ) -> list[RuleOutput]:
        """Every extended rule's output at ``t``. ``ext`` is sanitized and aligned;
        ``core_violations`` the core columns named in :data:`CORE_VIOLATIONS`."""
        self._had_keyed = self._had_keyed or bool(keyed)
        ext = self._mask_unsupported(ext)
        self._track_lost(ext, gpu_present)
        counters = np.concatenate(
            [core_violations, ext[:, [self.col[f] for f in self.counter_fields[1:]]]], axis=1
        )
        if self.rates is None:
            self.rates = CounterRates(self.topology.n_gpus, len(self.counter_fields))
        delta = self.rates.update(t, counters)
        rate = delta.rate_per_s
        return [
            *self._health(keyed),
            *self._violations(t, rate),
            *self._clock_events(keyed),
            self._nvlink5(t, delta.increase),
            self._ecc(ext, delta.increase),
        ]

    def _mask_unsupported(self, ext: FloatArray) -> FloatArray:
        bad = ~self.support & ~np.isnan(ext)
        if bad.any():
            for j in np.flatnonzero(bad.any(axis=0)):
                self.unsupported[self.fields[int(j)]] += int(bad[:, j].sum())
            ext = np.where(self.support, ext, np.nan)
        return ext

    def _track_lost(self, ext: FloatArray, gpu_present: BoolArray) -> None:
        have = ~np.isnan(ext)
        lost = self.seen & ~have & gpu_present[:, None]
        if lost.any():
            for j in np.flatnonzero(lost.any(axis=0)):
                self.lost[self.fields[int(j)]] += int(lost[:, j].sum())
        # A lost series is counted once: it must report again before it can be lost again.
        self.seen = np.where(gpu_present[:, None], have, self.seen)

    def _inc(self, increase: FloatArray, names: tuple[str, ...]) -> FloatArray:
        block = increase[:, [self.ccol[n] for n in names]]
        allnan = np.isnan(block).all(axis=1)
        return np.where(allnan, np.nan, np.nansum(block, axis=1))

    def _health(
        self, keyed: Mapping[str, Mapping[str, Mapping[str, float]]] | None
    ) -> list[RuleOutput]:
        n = self.topology.n_gpus
        worst = {w: np.zeros(n) for w in HEALTH_SPECS}
        for gkey, per_field in (keyed or {}).items():
            g = self.topology.gpu_pos.get(gkey)
            watches = per_field.get(HEALTH_FIELD)
            if g is None or not watches:
                continue
            specific = False
            for watch, v in watches.items():
                if not v >= HEALTH_WARN:  # NaN and pass
                    continue
                w = _WATCH_ALIASES.get(watch.upper(), watch.upper())
                if w == "ALL":
                    continue
                specific = True
                if w == "MEM" and v < HEALTH_FAIL:
                    w = "MEM_WARN"
                slot = w if w in worst else "OTHER"
                worst[slot][g] = max(worst[slot][g], v)
            all_v = watches.get("ALL", watches.get("all", math.nan))
            if not specific and all_v >= HEALTH_WARN:
                worst["OTHER"][g] = max(worst["OTHER"][g], all_v)
        out = []
        for w, spec in HEALTH_SPECS.items():
            level = worst[w]
            sev = severity_where(at_least(level, HEALTH_WARN), at_least(level, HEALTH_FAIL))
            out.append(RuleOutput(spec, sev, level, HEALTH_WARN))
        return out

    def _violations(self, t: float, rate_ns_per_s: FloatArray) -> list[RuleOutput]:
        share = rate_ns_per_s / 1e9  # ns throttled per second of wall time
        thermal = share[:, self.ccol["DCGM_FI_DEV_THERMAL_VIOLATION"]]
        board_cols = [self.ccol[f] for f in HW_LIMIT_VIOLATIONS]
        board_block = share[:, board_cols]
        board = np.where(
            np.isnan(board_block).all(axis=1), np.nan, np.nanmax(_nan_to_neg(board_block), axis=1)
        )
        out = []
        for spec, s, x in (
            (THERMAL_VIOLATION, self.s_thermal, thermal),
            (HW_LIMIT_VIOLATION, self.s_board, board),
        ):
            act = s.update(t, at_least(x, VIOLATION_SHARE_WARNING), ~np.isnan(x), VIOLATION_FOR_S)
            sev = severity_where(act, at_least(x, VIOLATION_SHARE_CRITICAL))
            out.append(RuleOutput(spec, sev, x, VIOLATION_SHARE_WARNING))
        return out

    def _clock_events(
        self, keyed: Mapping[str, Mapping[str, Mapping[str, float]]] | None
    ) -> list[RuleOutput]:
        n = self.topology.n_gpus
        counts = {k: np.zeros(n) for k in CLOCK_EVENT_SPECS}
        for gkey, per_field in (keyed or {}).items():
            g = self.topology.gpu_pos.get(gkey)
            events = per_field.get(CLOCK_EVENTS_FIELD)
            if g is None or not events:
                continue
            for reason, v in events.items():
                slot = _CLOCK_EVENT_KEYS.get(reason.lower())
                if slot is not None and v > 0:
                    counts[slot][g] += v
        return [
            RuleOutput(spec, severity_where(at_least(counts[k], 1.0)), counts[k], 1.0)
            for k, spec in CLOCK_EVENT_SPECS.items()
        ]

    def _nvlink5(self, t: float, increase: FloatArray) -> RuleOutput:
        rate = self.nvlink5.update(t, self._inc(increase, NVLINK5_ERROR_FIELDS))
        per_min = rate * (60.0 / self.nvlink5.tau_s)
        failed = at_least(increase[:, self.ccol[NVLINK5_RECOVERY_FAILED]], 1.0)
        sev = severity_where(at_least(per_min, NVLINK5_ERRORS_PER_MIN) | failed, failed)
        return RuleOutput(NVLINK5, sev, per_min, NVLINK5_ERRORS_PER_MIN)

    def _ecc(self, ext: FloatArray, increase: FloatArray) -> RuleOutput:
        dram = increase[:, self.ccol[DRAM_DBE]]
        sram = increase[:, self.ccol[SRAM_DBE]]
        threshold = ext[:, self.col[SRAM_THRESHOLD]]
        new = np.nansum(np.stack([dram, sram]), axis=0)
        fired = at_least(new, 1.0) | at_least(threshold, 1.0)
        sev = np.where(fired, CRIT, np.int8(0)).astype(np.int8)
        return RuleOutput(ECC_BY_LOCATION, sev, np.where(fired, np.maximum(new, 1.0), 0.0), 1.0)

    # ------------------------------------------------------------------ windowed Xids
    def xid_events(
        self, t: float, keyed: Mapping[str, Mapping[str, Mapping[str, float]]] | None
    ) -> list[LogEvent]:
        """New Xids from the exporter's windowed counts: one ``xid`` event per (GPU, code)
        whose count grew since the previous tick (or is above 0 the first time it is seen).
        A GPU with no windowed series this tick keeps its counts (unknown, not zero)."""
        out: list[LogEvent] = []
        topo = self.topology
        for gkey, per_field in (keyed or {}).items():
            g = topo.gpu_pos.get(gkey)
            counts = per_field.get(XID_WINDOW_FIELD)
            if g is None or counts is None:
                continue
            now: dict[str, float] = {}
            for key, v in counts.items():
                if key == "":  # the exporter's 0-valued series for an empty window
                    continue
                if not key.isdigit() or len(key) > 6:
                    self.bad_keys[XID_WINDOW_FIELD] += 1
                    continue
                if math.isfinite(v):
                    now[key] = v
            # A code absent now has left the window: a later count of it is a new Xid.
            prev = self._xid_prev.get(g, {})
            out += [
                _xid_event(t, topo, g, gkey, int(key), v)
                for key, v in sorted(now.items())
                if v > prev.get(key, 0.0)
            ]
            self._xid_prev[g] = now
        return out


def _xid_event(t: float, topo: Topology, g: int, gkey: str, code: int, count: float) -> LogEvent:
    node = topo.node_keys[int(topo.gpu_node[g])]
    return LogEvent(
        timestamp=t,
        node=node,
        kind="xid",
        message=(
            f"Xid {code} on {gkey} counted by dcgm-exporter ({XID_WINDOW_FIELD}"
            f'{{xid="{code}"}} = {count:g} in its window); no kernel log line'
        ),
        xid=code,
        pci_bus_id=topo.gpu_pci_bus_id[g],
        gpu=gkey,
        attrs={"source": "dcgm-exporter", "field": XID_WINDOW_FIELD, "time": "window"},
    )


def _nan_to_neg(a: FloatArray) -> FloatArray:
    return np.where(np.isnan(a), -np.inf, a)
