"""Deterministic fleet simulator: realistic DCGM telemetry for a topology, with fault injection.

Everything is a function of (topology, seed, start time, faults): two runs with the same inputs
produce bit-identical frames, so recorded incidents and tests reproduce exactly. Time advances
by ``interval_s`` per tick from ``start``; nothing reads the wall clock.

The physics is deliberately simple but coupled the way real GPUs are:
utilization → SM clock and power → temperature (first-order lag toward a target set by ambient,
power and the chassis slot) → throttling when hot (clock drops, clock-event bits set) → power.
Ambient follows a diurnal cycle per rack. Workloads: training jobs at high utilization with
periodic checkpoint dips shared by all ranks, bursty inference following a diurnal request rate,
allocated-but-idle (notebooks) and free GPUs. Idle GPUs drop their PCIe link to gen 1 (ASPM) and
report the GPU_IDLE clock-event bit, as real ones do.

Faults (``sim.faults``) modify a per-tick :class:`Modifiers` record and the counters;
each records its ground truth.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT64_BLANK,
    EXTENDED_GPU_FIELD_NAMES,
    GPU_FIELD_NAMES,
    NODE_FIELD_NAMES,
    UINT32_NOT_SUPPORTED,
    ClockEventReason,
)
from gpufleet.telemetry.frame import EntityKind, Frame, LogEvent, Tick
from gpufleet.telemetry.topology import Topology, Workload, WorkloadKind

if TYPE_CHECKING:
    from gpufleet.telemetry.truth import GroundTruth

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

# 2026-03-02 00:00:00 UTC: a Monday, so diurnal patterns line up with a working week.
DEFAULT_START = 1772409600.0
COL = {name: i for i, name in enumerate(GPU_FIELD_NAMES)}
NCOL = {name: i for i, name in enumerate(NODE_FIELD_NAMES)}

_USERS = (
    ("alice", "llm-pretrain"),
    ("bob", "llm-pretrain"),
    ("chen", "vision"),
    ("dana", "speech"),
    ("eve", "recsys"),
    ("farid", "inference-platform"),
)


class Fault(Protocol):
    """What an injector must provide. See ``sim.faults`` for the implementations."""

    def bind(self, sim: FleetSimulator) -> None: ...

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None: ...

    def truth(self, sim: FleetSimulator) -> GroundTruth: ...


@dataclass
class Modifiers:
    """Per-tick adjustments written by faults before the physics step (reset every tick)."""

    n_gpus: int
    n_nodes: int
    util_mult: FloatArray = field(init=False)
    util_override: FloatArray = field(init=False)  # NaN = no override
    temp_offset_c: FloatArray = field(init=False)
    thermal_resistance_mult: FloatArray = field(init=False)
    power_cap_w: FloatArray = field(init=False)
    extra_clock_reasons: npt.NDArray[np.int64] = field(init=False)
    clock_mult: FloatArray = field(init=False)
    fb_extra_mib: FloatArray = field(init=False)
    fb_override_mib: FloatArray = field(init=False)  # NaN = no override
    gpu_missing: npt.NDArray[np.bool_] = field(init=False)
    node_missing: npt.NDArray[np.bool_] = field(init=False)
    node_cpu_override: FloatArray = field(init=False)
    nic_links_down: FloatArray = field(init=False)
    pcie_width: FloatArray = field(init=False)  # NaN = SKU default
    pcie_gen: FloatArray = field(init=False)
    nvlink_bw_mult: FloatArray = field(init=False)
    value_overrides: dict[tuple[int, int], float] = field(default_factory=dict)
    events: list[LogEvent] = field(default_factory=list)
    # Extended dcgm-exporter fields a fault reports (GPU row, field) → value, and per-key
    # DCGM_EXP_* values (GPU key → field → key-label value → value): Tick.extended / keyed.
    extended: dict[tuple[int, str], float] = field(default_factory=dict)
    keyed: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        n, m = self.n_gpus, self.n_nodes
        self.util_mult = np.ones(n)
        self.util_override = np.full(n, np.nan)
        self.temp_offset_c = np.zeros(n)
        self.thermal_resistance_mult = np.ones(n)
        self.power_cap_w = np.full(n, np.inf)
        self.extra_clock_reasons = np.zeros(n, dtype=np.int64)
        self.clock_mult = np.ones(n)
        self.fb_extra_mib = np.zeros(n)
        self.fb_override_mib = np.full(n, np.nan)
        self.gpu_missing = np.zeros(n, dtype=bool)
        self.node_missing = np.zeros(m, dtype=bool)
        self.node_cpu_override = np.full(m, np.nan)
        self.nic_links_down = np.zeros(m)
        self.pcie_width = np.full(n, np.nan)
        self.pcie_gen = np.full(n, np.nan)
        self.nvlink_bw_mult = np.ones(n)
        self.value_overrides = {}
        self.events = []
        self.extended = {}
        self.keyed = {}


@dataclass(frozen=True)
class ArtifactRates:
    """Telemetry artifacts a real fleet shows (priors.md §6, dcgm-exporter#418).

    Rates are per sample (per series) except exporter restarts, per node per day. They are
    higher than in production so that short runs exercise them."""

    blank_sentinel: float = 2e-5
    util_not_supported: float = 1e-5
    exporter_restarts_per_node_day: float = 0.5
    exporter_gap_s: float = 45.0


@dataclass(frozen=True)
class WorkloadMix:
    training_nodes: float = 0.55
    inference_nodes: float = 0.20
    # the rest: per-GPU mix of allocated-idle and free
    allocated_idle_share: float = 0.4
    max_job_nodes: int = 4


@dataclass
class Job:
    job_id: str
    kind: WorkloadKind
    gpus: IntArray
    user: str
    team: str
    checkpoint_period_s: float = 1800.0
    checkpoint_len_s: float = 90.0
    phase_s: float = 0.0
    ended: bool = False


class FleetSimulator:
    """Generates :class:`Tick` s (GPU frame + node frame + log events) for a topology."""

    def __init__(
        self,
        topology: Topology,
        *,
        seed: int = 0,
        start: float = DEFAULT_START,
        interval_s: float = 15.0,
        faults: Sequence[Fault] = (),
        artifacts: ArtifactRates | None = ArtifactRates(),
        mix: WorkloadMix = WorkloadMix(),
    ) -> None:
        if interval_s <= 0:
            raise ValueError("interval_s must be positive")
        self.topology = topology
        self.seed = seed
        self.start = start
        self.interval_s = interval_s
        self.rng = np.random.default_rng(seed)
        self.artifacts = artifacts
        self.faults = list(faults)
        n, m = topology.n_gpus, topology.n_nodes
        self.n_gpus, self.n_nodes = n, m
        self.tdp = topology.sku_array("tdp_w")
        self.idle_power = topology.sku_array("idle_power_w")
        self.mem_total = topology.sku_array("memory_mib")
        self.max_clock = topology.sku_array("max_sm_clock_mhz")
        self.idle_clock = topology.sku_array("idle_sm_clock_mhz")
        self.mem_clock = topology.sku_array("mem_clock_mhz")
        self.slowdown_t = topology.sku_array("slowdown_temp_c")
        self.maxop_t = topology.sku_array("max_operating_temp_c")
        self.nvlink_gbps = topology.sku_array("nvlink_gbps")
        self.pcie_gen_max = topology.sku_array("pcie_gen")
        self.pcie_width_max = topology.sku_array("pcie_width")
        # Static per-GPU character: silicon and heatsink variation, slot position in airflow.
        self.gpu_temp_bias = self.rng.normal(0.0, 1.2, n)
        slots = topology.gpu_slot.astype(np.float64)
        self.slot_temp_c = 1.5 * np.abs(slots - 3.5) / 3.5 + 0.6 * (slots % 2)
        self.rack_ambient_bias = self.rng.normal(0.0, 1.0, topology.n_racks)
        self.gpu_fb_noise = self.rng.uniform(0.0, 1.0, n)

        self.jobs: list[Job] = []
        self.gpu_job = np.full(n, -1, dtype=np.intp)
        self.gpu_kind = np.full(n, _KIND_CODE[WorkloadKind.FREE], dtype=np.int8)
        self._assign_workloads(mix)
        self._workloads_changed = True

        # Dynamic state.
        self.energy_mj = self.rng.uniform(1e9, 5e10, n)
        self.counters = {name: np.zeros(n) for name in _COUNTERS}
        self.counters["DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"] = np.floor(self.rng.exponential(3.0, n))
        self.counters["DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS"] = np.floor(
            self.rng.exponential(0.3, n)
        )
        self.nvlink_bytes = self.rng.uniform(1e12, 1e14, n)
        self.row_remap_failure = np.zeros(n)
        self.row_remap_pending = np.zeros(n)
        self.last_xid = np.zeros(n)
        self.inference_load = self.rng.uniform(0.3, 0.7, n)
        self._exporter_gap_until = np.full(m, -np.inf)
        self._tick = 0
        self.mods = Modifiers(n, m)
        for f in self.faults:
            f.bind(self)
        # Start at thermal equilibrium for the initial load, as a fleet that has been running.
        util0 = self._demand_util(start)
        p0 = self.idle_power + (self.tdp - self.idle_power) * (util0 / 100.0) ** 1.1
        self.temp = (
            self._ambient(start)[topology.gpu_rack]
            + 7.0
            + self.slot_temp_c
            + self.gpu_temp_bias
            + 44.0 * p0 / self.tdp
        )

    # ------------------------------------------------------------------ workloads
    def _assign_workloads(self, mix: WorkloadMix) -> None:
        topo = self.topology
        rng = self.rng
        kinds: list[str] = []
        for _ in range(topo.n_nodes):
            r = rng.random()
            kinds.append(
                "training"
                if r < mix.training_nodes
                else "inference"
                if r < mix.training_nodes + mix.inference_nodes
                else "mixed"
            )
        next_id = 1000
        i = 0
        while i < topo.n_nodes:
            kind = kinds[i]
            if kind == "training":
                # Multi-node jobs span consecutive training nodes of one rack.
                span = int(rng.integers(1, mix.max_job_nodes + 1))
                nodes = [i]
                while (
                    len(nodes) < span
                    and nodes[-1] + 1 < topo.n_nodes
                    and kinds[nodes[-1] + 1] == "training"
                    and topo.node_rack[nodes[-1] + 1] == topo.node_rack[i]
                ):
                    nodes.append(nodes[-1] + 1)
                gpus = np.concatenate([topo.gpus_of_node(k) for k in nodes])
                user, team = _USERS[int(rng.integers(0, 3))]
                self._add_job(
                    f"{next_id}",
                    WorkloadKind.TRAINING,
                    gpus,
                    user,
                    team,
                    phase=float(rng.uniform(0, 1800)),
                    period=float(rng.choice([1200.0, 1800.0, 3600.0])),
                )
                next_id += 1
                i = nodes[-1] + 1
                continue
            if kind == "inference":
                for g in topo.gpus_of_node(i):
                    user, team = _USERS[int(rng.integers(3, 6))]
                    self._add_job(f"{next_id}", WorkloadKind.INFERENCE, np.array([g]), user, team)
                    next_id += 1
            else:
                for g in topo.gpus_of_node(i):
                    if rng.random() < mix.allocated_idle_share:
                        user, team = _USERS[int(rng.integers(0, 6))]
                        self._add_job(
                            f"{next_id}", WorkloadKind.ALLOCATED_IDLE, np.array([g]), user, team
                        )
                        next_id += 1
            i += 1

    def _add_job(
        self,
        job_id: str,
        kind: WorkloadKind,
        gpus: IntArray,
        user: str,
        team: str,
        phase: float = 0.0,
        period: float = 1800.0,
    ) -> Job:
        job = Job(
            job_id,
            kind,
            np.asarray(gpus, dtype=np.intp),
            user,
            team,
            checkpoint_period_s=period,
            phase_s=phase,
        )
        self.jobs.append(job)
        self.gpu_job[job.gpus] = len(self.jobs) - 1
        self.gpu_kind[job.gpus] = _KIND_CODE[kind]
        self._workloads_changed = True
        return job

    def dedicated_training_job(self, hostnames: Sequence[str]) -> Job:
        """Before the first tick: make these nodes run one training job of their own.

        Faults that need a specific job shape (a multi-node job for an NCCL timeout, a training
        job on node-17 for the seed scenario) call this from ``bind`` so the scenario does not
        depend on the random workload draw."""
        if self._tick:
            raise RuntimeError("dedicated_training_job must be called before the first tick")
        gpus = np.concatenate([self.node_gpus(h) for h in hostnames])
        for j in sorted({int(x) for x in self.gpu_job[gpus] if x >= 0}):
            job = self.jobs[j]
            keep = job.gpus[~np.isin(job.gpus, gpus)]
            job.gpus = keep
            if keep.size == 0:
                job.ended = True
        self.gpu_job[gpus] = -1
        self.gpu_kind[gpus] = _KIND_CODE[WorkloadKind.FREE]
        user, team = _USERS[int(self.rng.integers(0, 3))]
        return self._add_job(
            f"{3000 + len(self.jobs)}",
            WorkloadKind.TRAINING,
            gpus,
            user,
            team,
            phase=float(self.rng.uniform(0, 1800)),
        )

    def free_nodes(self, hostnames: Sequence[str]) -> None:
        """Before the first tick: release every job on these nodes (they start free)."""
        if self._tick:
            raise RuntimeError("free_nodes must be called before the first tick")
        gpus = np.concatenate([self.node_gpus(h) for h in hostnames])
        for j in sorted({int(x) for x in self.gpu_job[gpus] if x >= 0}):
            job = self.jobs[j]
            job.gpus = job.gpus[~np.isin(job.gpus, gpus)]
            job.ended = job.gpus.size == 0
        self.gpu_job[gpus] = -1
        self.gpu_kind[gpus] = _KIND_CODE[WorkloadKind.FREE]

    def end_job(self, job: Job, t: float, reason: str = "COMPLETED") -> None:
        """The scheduler ends a job: its GPUs become free, with a job_end event."""
        if job.ended:
            return
        job.ended = True
        self.gpu_job[job.gpus] = -1
        self.gpu_kind[job.gpus] = _KIND_CODE[WorkloadKind.FREE]
        self._workloads_changed = True
        for node in sorted(
            {self.topology.node_keys[int(self.topology.gpu_node[g])] for g in job.gpus}
        ):
            self.mods.events.append(
                LogEvent(
                    timestamp=t,
                    node=node,
                    kind="job_end",
                    message=f"job {job.job_id} ended: {reason}",
                    job_id=job.job_id,
                    attrs={"state": reason},
                )
            )

    def start_job(
        self,
        kind: WorkloadKind,
        gpus: IntArray,
        t: float,
        user: str = "alice",
        team: str = "llm-pretrain",
        job_id: str | None = None,
    ) -> Job:
        job = self._add_job(
            job_id or f"{2000 + len(self.jobs)}",
            kind,
            gpus,
            user,
            team,
            phase=float(self.rng.uniform(0, 1800)),
        )
        for node in sorted(
            {self.topology.node_keys[int(self.topology.gpu_node[g])] for g in job.gpus}
        ):
            self.mods.events.append(
                LogEvent(
                    timestamp=t,
                    node=node,
                    kind="job_start",
                    message=f"job {job.job_id} started",
                    job_id=job.job_id,
                )
            )
        return job

    def training_job_on(self, hostname: str) -> Job:
        g = int(self.topology.gpus_of_node(self.topology.node_pos[hostname])[0])
        j = int(self.gpu_job[g])
        if j < 0 or self.jobs[j].kind is not WorkloadKind.TRAINING:
            raise ValueError(f"{hostname} runs no training job in this simulation")
        return self.jobs[j]

    def workload_map(self) -> dict[str, Workload]:
        """The scheduler's view: what runs on each GPU (free GPUs are omitted)."""
        out: dict[str, Workload] = {}
        for j, job in enumerate(self.jobs):
            if job.ended:
                continue
            wl = Workload(
                job_id=job.job_id,
                user=job.user,
                team=job.team,
                kind=job.kind,
                name=f"{job.team}-{job.kind.value}",
            )
            for g in np.flatnonzero(self.gpu_job == j):
                out[self.topology.gpu_keys[int(g)]] = wl
        return out

    # ------------------------------------------------------------------ physics
    def _ambient(self, t: float) -> FloatArray:
        hour = (t % 86400.0) / 3600.0
        diurnal = 3.0 * math.sin(2 * math.pi * (hour - 9.0) / 24.0)
        return 22.0 + diurnal + self.rack_ambient_bias

    def _demand_util(self, t: float) -> FloatArray:
        n = self.n_gpus
        rng = self.rng
        util = np.zeros(n)
        kind = self.gpu_kind
        train = kind == _KIND_CODE[WorkloadKind.TRAINING]
        if train.any():
            util[train] = np.clip(96.5 + rng.normal(0.0, 1.5, int(train.sum())), 0, 100)
            for j, job in enumerate(self.jobs):
                if job.ended or job.kind is not WorkloadKind.TRAINING:
                    continue
                if ((t + job.phase_s) % job.checkpoint_period_s) < job.checkpoint_len_s:
                    sel = self.gpu_job == j
                    util[sel] = rng.uniform(2.0, 12.0, int(sel.sum()))
        inf = kind == _KIND_CODE[WorkloadKind.INFERENCE]
        if inf.any():
            hour = (t % 86400.0) / 3600.0
            diurnal = 0.55 + 0.3 * math.sin(2 * math.pi * (hour - 14.0) / 24.0)
            k = int(inf.sum())
            self.inference_load[inf] = np.clip(
                0.85 * self.inference_load[inf] + 0.15 * diurnal + rng.normal(0, 0.06, k), 0.02, 1
            )
            burst = rng.random(k) < 0.05
            util[inf] = np.clip(
                100 * self.inference_load[inf]
                + burst * rng.uniform(10, 40, k)
                + rng.normal(0, 4, k),
                0,
                100,
            )
        idle = kind == _KIND_CODE[WorkloadKind.ALLOCATED_IDLE]
        if idle.any():
            k = int(idle.sum())
            util[idle] = np.where(rng.random(k) < 0.03, rng.uniform(1, 15, k), 0.0)
        return util

    def step(self) -> Tick:
        """Advance one interval and return what the fleet reported at that instant."""
        t = self.start + self._tick * self.interval_s
        dt = self.interval_s
        rng = self.rng
        mods = self.mods
        n = self.n_gpus
        topo = self.topology
        events = mods.events  # end_job()/start_job() during the previous tick land here

        mods.events = events
        # Faults first: one may end a job this tick, and the dead job must not draw utilization.
        for f in self.faults:
            f.apply(self, t, mods)
        util = self._demand_util(t)
        util = np.where(np.isnan(mods.util_override), util * mods.util_mult, mods.util_override)
        util = np.clip(util, 0.0, 100.0)
        busy = util > 1.0

        # Clocks, power, temperature, throttling.
        ambient = self._ambient(t)[topo.gpu_rack]
        reasons = np.where(busy, 0, int(ClockEventReason.GPU_IDLE)).astype(np.int64)
        hot_sw = self.temp >= self.maxop_t
        hot_hw = self.temp >= self.slowdown_t
        thermal_clock = np.where(hot_hw, 0.55, np.where(hot_sw, 0.85, 1.0))
        reasons |= np.where(hot_sw & busy, int(ClockEventReason.SW_THERMAL), 0)
        reasons |= np.where(
            hot_hw & busy, int(ClockEventReason.HW_THERMAL | ClockEventReason.HW_SLOWDOWN), 0
        )
        clock = np.where(busy, self.max_clock * thermal_clock * mods.clock_mult, self.idle_clock)
        clock = np.round(clock / 15.0) * 15.0  # SM clocks move in 15 MHz steps
        load = (util / 100.0) ** 1.1 * (clock / self.max_clock)
        power = self.idle_power + (self.tdp - self.idle_power) * load
        power *= 1.0 + rng.normal(0.0, 0.015, n)
        # Training at full tilt rides the power cap now and then: SW_POWER_CAP is normal.
        capped = power > 0.985 * self.tdp
        reasons |= np.where(capped & busy, int(ClockEventReason.SW_POWER_CAP), 0)
        power = np.minimum(power, self.tdp)
        power = np.minimum(power, mods.power_cap_w)
        reasons |= mods.extra_clock_reasons
        target = (
            ambient
            + 7.0
            + self.slot_temp_c
            + self.gpu_temp_bias
            + mods.temp_offset_c
            + 44.0 * (power / self.tdp) * mods.thermal_resistance_mult
        )
        alpha = 1.0 - math.exp(-dt / 90.0)
        self.temp += (target - self.temp) * alpha
        temp_obs = self.temp + rng.normal(0.0, 0.25, n)
        mem_temp = self.temp + 5.0 + 3.0 * (power / self.tdp) + rng.normal(0.0, 0.3, n)

        # Memory.
        fb_used = self._fb_used() + mods.fb_extra_mib
        fb_used = np.where(np.isnan(mods.fb_override_mib), fb_used, mods.fb_override_mib)
        fb_used = np.minimum(fb_used, self.mem_total - 512.0)
        fb_reserved = np.full(n, 512.0)
        fb_free = self.mem_total - fb_used - fb_reserved

        # Counters.
        self.energy_mj += power * dt * 1000.0
        sbe = self.counters["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"]
        healthy_sbe = rng.random(n) < 2e-5  # ~ one correctable error per GPU per 9 days
        sbe += healthy_sbe
        self.counters["DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"] += healthy_sbe
        replay = self.counters["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"]
        replay += rng.random(n) < 1e-4
        nv_bw = np.where(self.gpu_kind == _KIND_CODE[WorkloadKind.TRAINING], 0.25, 0.01)
        self.nvlink_bytes += (
            self.nvlink_gbps * 1e9 * nv_bw * (util / 100.0) * mods.nvlink_bw_mult * dt
        )

        pcie_gen = np.where(busy, self.pcie_gen_max, 1.0)
        pcie_gen = np.where(np.isnan(mods.pcie_gen), pcie_gen, np.minimum(pcie_gen, mods.pcie_gen))
        pcie_width = np.where(np.isnan(mods.pcie_width), self.pcie_width_max, mods.pcie_width)
        pcie_bps = util / 100.0 * 2.5e9 * (pcie_gen / self.pcie_gen_max) * (pcie_width / 16.0)

        # NaN first: a registry field the simulator does not model reads as missing, never garbage.
        values = np.full((n, len(GPU_FIELD_NAMES)), np.nan)
        c = COL
        values[:, c["DCGM_FI_DEV_SM_CLOCK"]] = clock
        values[:, c["DCGM_FI_DEV_MEM_CLOCK"]] = self.mem_clock
        values[:, c["DCGM_FI_DEV_CLOCKS_EVENT_REASONS"]] = reasons
        values[:, c["DCGM_FI_DEV_GPU_TEMP"]] = np.round(temp_obs)
        values[:, c["DCGM_FI_DEV_MEMORY_TEMP"]] = np.round(mem_temp)
        values[:, c["DCGM_FI_DEV_POWER_USAGE"]] = np.round(power, 3)
        values[:, c["DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"]] = np.floor(self.energy_mj)
        values[:, c["DCGM_FI_DEV_POWER_MGMT_LIMIT"]] = self.tdp
        values[:, c["DCGM_FI_DEV_GPU_UTIL"]] = np.round(util)
        values[:, c["DCGM_FI_DEV_MEM_COPY_UTIL"]] = np.round(util * 0.45)
        values[:, c["DCGM_FI_DEV_ENC_UTIL"]] = 0.0
        values[:, c["DCGM_FI_DEV_DEC_UTIL"]] = 0.0
        values[:, c["DCGM_FI_DEV_FB_FREE"]] = np.round(fb_free)
        values[:, c["DCGM_FI_DEV_FB_USED"]] = np.round(fb_used)
        values[:, c["DCGM_FI_DEV_FB_RESERVED"]] = fb_reserved
        for name, arr in self.counters.items():
            values[:, c[name]] = arr
        values[:, c["DCGM_FI_DEV_ROW_REMAP_FAILURE"]] = self.row_remap_failure
        values[:, c["DCGM_FI_DEV_ROW_REMAP_PENDING"]] = self.row_remap_pending
        values[:, c["DCGM_FI_DEV_PCIE_LINK_GEN"]] = pcie_gen
        values[:, c["DCGM_FI_DEV_PCIE_LINK_WIDTH"]] = pcie_width
        values[:, c["DCGM_FI_DEV_NVLINK_BANDWIDTH_TOTAL"]] = np.floor(self.nvlink_bytes)
        values[:, c["DCGM_FI_DEV_XID_ERRORS"]] = self.last_xid
        values[:, c["DCGM_FI_DEV_POWER_VIOLATION"]] = 0.0
        values[:, c["DCGM_FI_DEV_VGPU_LICENSE_STATUS"]] = 0.0  # bare metal: no vGPU
        values[:, c["DCGM_FI_DEV_THERMAL_VIOLATION"]] = 0.0
        u = util / 100.0
        tensor = np.where(self.gpu_kind == _KIND_CODE[WorkloadKind.TRAINING], 0.55, 0.25)
        values[:, c["DCGM_FI_PROF_GR_ENGINE_ACTIVE"]] = np.round(u * 0.97, 4)
        values[:, c["DCGM_FI_PROF_SM_ACTIVE"]] = np.round(u * 0.88, 4)
        values[:, c["DCGM_FI_PROF_SM_OCCUPANCY"]] = np.round(u * 0.42, 4)
        values[:, c["DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"]] = np.round(u * tensor, 4)
        values[:, c["DCGM_FI_PROF_DRAM_ACTIVE"]] = np.round(u * 0.38, 4)
        values[:, c["DCGM_FI_PROF_PCIE_TX_BYTES"]] = np.round(pcie_bps * 0.4)
        values[:, c["DCGM_FI_PROF_PCIE_RX_BYTES"]] = np.round(pcie_bps * 0.6)
        nvl = self.nvlink_gbps * 1e9 * nv_bw * u * mods.nvlink_bw_mult
        values[:, c["DCGM_FI_PROF_NVLINK_TX_BYTES"]] = np.round(nvl / 2)
        values[:, c["DCGM_FI_PROF_NVLINK_RX_BYTES"]] = np.round(nvl / 2)

        node_values = self._node_values(util, mods)
        self._apply_artifacts(t, values, mods)
        for (row, col), v in mods.value_overrides.items():
            values[row, col] = v
        values[mods.gpu_missing] = np.nan
        node_gap = mods.node_missing[topo.gpu_node]
        values[node_gap] = np.nan

        present_nodes = ~mods.node_missing
        gpu_frame = Frame(t, EntityKind.GPU, topo.gpu_keys, GPU_FIELD_NAMES, values, "simulator")
        node_frame = Frame(
            t,
            EntityKind.NODE,
            topo.node_keys,
            NODE_FIELD_NAMES,
            np.where(present_nodes[:, None], node_values, np.nan),
            "simulator",
        )
        workloads = self.workload_map() if self._workloads_changed else None
        self._workloads_changed = False
        tick = Tick(
            t,
            (gpu_frame, node_frame),
            tuple(sorted(mods.events, key=_event_order)),
            workloads=workloads,
            extended=self._extended_frame(t, mods),
            keyed={k: {f: dict(d) for f, d in v.items()} for k, v in mods.keyed.items()} or None,
        )
        self.mods.reset()
        self._tick += 1
        return tick

    def _extended_frame(self, t: float, mods: Modifiers) -> Frame | None:
        """The extended fields the faults reported this tick; None when none did."""
        if not mods.extended:
            return None
        names = EXTENDED_GPU_FIELD_NAMES
        ext = np.full((self.topology.n_gpus, len(names)), np.nan)
        for (row, name), v in mods.extended.items():
            ext[row, names.index(name)] = v
        return Frame(t, EntityKind.GPU, self.topology.gpu_keys, names, ext, "simulator")

    def _fb_used(self) -> FloatArray:
        kind = self.gpu_kind
        frac = np.select(
            [
                kind == _KIND_CODE[WorkloadKind.TRAINING],
                kind == _KIND_CODE[WorkloadKind.INFERENCE],
                kind == _KIND_CODE[WorkloadKind.ALLOCATED_IDLE],
            ],
            [
                0.80 + 0.08 * self.gpu_fb_noise,
                0.45 + 0.15 * self.gpu_fb_noise,
                0.02 + 0.05 * self.gpu_fb_noise,
            ],
            default=0.0,
        )
        return np.round(frac * self.mem_total)

    def _node_values(self, util: FloatArray, mods: Modifiers) -> FloatArray:
        topo = self.topology
        rng = self.rng
        m = self.n_nodes
        gpu_util = np.bincount(topo.gpu_node, weights=util, minlength=m) / np.maximum(
            topo.node_gpu_count, 1
        )
        cpu = np.clip(6.0 + 0.3 * gpu_util + rng.normal(0, 2.0, m), 0, 100)
        cpu = np.where(np.isnan(mods.node_cpu_override), cpu, mods.node_cpu_override)
        mem = np.clip(4.0 + 0.1 * gpu_util + rng.normal(0, 1.0, m), 0, 100)
        nics = np.array([len(n.nics) for n in topo.nodes], dtype=np.float64)
        out = np.empty((m, len(NODE_FIELD_NAMES)))
        out[:, NCOL["NODE_CPU_UTIL"]] = np.round(cpu, 1)
        out[:, NCOL["NODE_MEM_PRESSURE"]] = np.round(mem, 1)
        out[:, NCOL["NODE_NIC_LINK_UP"]] = nics - mods.nic_links_down
        return out

    def _apply_artifacts(self, t: float, values: FloatArray, mods: Modifiers) -> None:
        a = self.artifacts
        if a is None:
            return
        rng = self.rng
        n, k = values.shape
        blank = rng.random((n, k)) < a.blank_sentinel
        if blank.any():
            big = np.where(
                rng.random(int(blank.sum())) < 0.5, float(DCGM_INT64_BLANK), DCGM_FP64_BLANK
            )
            values[blank] = big
        util_col = COL["DCGM_FI_DEV_GPU_UTIL"]
        bad_util = rng.random(n) < a.util_not_supported
        values[bad_util, util_col] = float(UINT32_NOT_SUPPORTED)
        # Exporter restarts: the whole node goes silent for a short gap, counters continue.
        p = a.exporter_restarts_per_node_day * self.interval_s / 86400.0
        starts = rng.random(self.n_nodes) < p
        self._exporter_gap_until[starts] = t + a.exporter_gap_s
        mods.node_missing |= self._exporter_gap_until > t

    def run(self, duration_s: float) -> Iterator[Tick]:
        """Yield ticks covering ``duration_s`` from the current position."""
        for _ in range(round(duration_s / self.interval_s)):
            yield self.step()

    @property
    def now(self) -> float:
        """Timestamp of the next tick to be produced."""
        return self.start + self._tick * self.interval_s

    def ground_truth(self) -> list[GroundTruth]:
        return [f.truth(self) for f in self.faults]

    def gpu(self, key: str) -> int:
        return self.topology.gpu_pos[key]

    def node_gpus(self, hostname: str) -> IntArray:
        return self.topology.gpus_of_node(self.topology.node_pos[hostname])

    def log_xid(self, t: float, gpu: int, xid: int, text: str) -> None:
        """Emit a kernel Xid line for a GPU and set its sticky DCGM_FI_DEV_XID_ERRORS value."""
        topo = self.topology
        node = topo.node_keys[int(topo.gpu_node[gpu])]
        pci = topo.gpu_pci_bus_id[gpu]
        short = pci[4:] if len(pci) > 12 else pci
        self.last_xid[gpu] = xid
        self.mods.events.append(
            LogEvent(
                timestamp=t,
                node=node,
                kind="xid",
                xid=xid,
                pci_bus_id=pci,
                gpu=topo.gpu_keys[gpu],
                message=f"NVRM: Xid (PCI:{short}): {xid}, {text}",
            )
        )


def _event_order(e: LogEvent) -> tuple[float, str, str]:
    return (e.timestamp, e.node, e.message)


_KIND_CODE = {
    WorkloadKind.FREE: 0,
    WorkloadKind.ALLOCATED_IDLE: 1,
    WorkloadKind.INFERENCE: 2,
    WorkloadKind.TRAINING: 3,
}
_COUNTERS = (
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL",
    "DCGM_FI_DEV_RETIRED_SBE",
    "DCGM_FI_DEV_RETIRED_DBE",
    "DCGM_FI_DEV_RETIRED_PENDING",
    "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS",
    "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL",
    "DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL",
)
