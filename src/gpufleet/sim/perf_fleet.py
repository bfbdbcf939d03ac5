"""A week of a large fleet for the performance agent, generated chunk by chunk, vectorized.

``FleetSimulator`` steps one tick at a time (≈ 7 ms per tick for 1,024 GPUs, so a week at 15 s
would take five minutes); the performance agent needs days. This generator writes the same
dcgm-exporter fields straight into ``(T, N)`` windows with the same coupling, simplified:
utilization → power (under a static power limit, as most fleets run) → temperature (ambient,
rack, slot) → clock-event bits (SW_POWER_CAP, SW_THERMAL, GPU_IDLE). Jobs carry users and
teams; counters accumulate across chunks. Everything is a function of (scenario, seed).

Injected, with their ground truth (``PerfTruth``): allocated-but-idle notebooks, an under-used
inference job, a job running on the CPU, a periodic data-loading stall, a frame-buffer leak, a
hot rack, and slow degradations (``sim.degradation``) that end in a GPU failure — plus decoys
(a GPU with a high but steady SBE rate, one with PCIe replays) that must not be forecast.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from gpufleet.sim.degradation import Degradation, degradation_counters, plan_degradations
from gpufleet.telemetry.fields import ClockEventReason
from gpufleet.telemetry.topology import Topology, build_cluster, sku
from gpufleet.telemetry.window import PERF_GPU_FIELDS, JobSpan, MetricsWindow

F64 = npt.NDArray[np.float64]
F32 = npt.NDArray[np.float32]
Arr = npt.NDArray[np.float32] | npt.NDArray[np.float64] | npt.NDArray[np.int64]
Mask = npt.NDArray[np.bool_]
START = 1772409600.0  # 2026-03-02 00:00 UTC, a Monday (as the simulator)
USERS = (
    ("alice", "llm-pretrain"),
    ("bob", "llm-pretrain"),
    ("chen", "vision"),
    ("dana", "speech"),
    ("eve", "recsys"),
    ("farid", "inference-platform"),
)


@dataclass(frozen=True)
class PerfScenario:
    racks: int = 16
    nodes_per_rack: int = 8
    gpus_per_node: int = 8
    duration_s: float = 7 * 86400.0
    interval_s: float = 15.0
    chunk_s: float = 6 * 3600.0
    seed: int = 0
    power_limit_w: float = 600.0  # the fleet's static cap (H100 max is 700 W)
    idle_share: float = 0.4  # share of "mixed" nodes' GPUs held by idle notebooks
    inject: bool = True  # the named inefficiencies and degradations below
    hot_rack: int = 2
    hot_rack_rise_c: float = 17.0
    stall_period_s: float = 120.0
    stall_gap_s: float = 30.0
    n_degrading: int = 6


@dataclass
class PerfTruth:
    """What a perfect analysis reports for the generated window."""

    idle_jobs: set[str] = field(default_factory=set)
    underused_jobs: set[str] = field(default_factory=set)
    cpu_only_jobs: set[str] = field(default_factory=set)
    stall_job: str | None = None
    stall_period_s: float = 0.0
    leak_job: str | None = None
    leak_gpu: str | None = None
    hot_rack: str | None = None
    failing: dict[str, float] = field(default_factory=dict)  # GPU key → failure time
    decoys: set[str] = field(default_factory=set)


@dataclass
class _Gpus:
    """Per-GPU static character, indexed like the topology's GPUs."""

    kind: npt.NDArray[np.int8]  # 0 free, 1 idle, 2 inference, 3 training, 4 under-used, 5 cpu-only
    job: npt.NDArray[np.intp]  # index into jobs, -1 free
    ckpt_period: F64
    ckpt_phase: F64
    temp_bias: F64
    rack_rise: F64
    fb_frac: F64
    inf_offset: F64


FREE, IDLE, INFER, TRAIN, UNDER, CPU_ONLY = range(6)


class PerfFleet:
    """The generated fleet: ``jobs``, ``truth`` and ``chunks()`` of ``MetricsWindow``."""

    def __init__(self, scenario: PerfScenario = PerfScenario()) -> None:
        s = scenario
        self.scenario = s
        self.topology = Topology(
            [
                build_cluster(
                    racks=s.racks, nodes_per_rack=s.nodes_per_rack, gpus_per_node=s.gpus_per_node
                )
            ]
        )
        self.sku = sku("H100")
        self.truth = PerfTruth()
        rng = np.random.default_rng([s.seed, 0])
        self.jobs: list[JobSpan] = []
        self.gpus = self._assign(rng)
        self.end = START + s.duration_s
        self.degradations: list[Degradation] = []
        self._decoy_idx = np.zeros(0, dtype=np.intp)
        self._stall = self._leak = -1  # job indices, set by _inject
        if s.inject:
            self._inject(rng)

    # ------------------------------------------------------------------ jobs
    def _add(
        self, kind: int, gpus: list[int], user_pick: int, g: _Gpus, rng: np.random.Generator
    ) -> str:
        user, team = USERS[user_pick]
        job_id = str(1000 + len(self.jobs))
        names = {TRAIN: "training", INFER: "inference", IDLE: "allocated_idle"}
        self.jobs.append(
            JobSpan(job_id, user, team, names.get(kind, "training"), tuple(gpus), START)
        )
        g.kind[gpus] = kind
        g.job[gpus] = len(self.jobs) - 1
        if kind == TRAIN:
            g.ckpt_period[gpus] = float(rng.choice([1800.0, 3600.0]))
            g.ckpt_phase[gpus] = float(rng.uniform(0, 1800))
        return job_id

    def _assign(self, rng: np.random.Generator) -> _Gpus:
        topo, s = self.topology, self.scenario
        n = topo.n_gpus
        g = _Gpus(
            kind=np.zeros(n, dtype=np.int8),
            job=np.full(n, -1, dtype=np.intp),
            ckpt_period=np.full(n, 1800.0),
            ckpt_phase=np.zeros(n),
            temp_bias=rng.normal(0.0, 1.0, n),
            rack_rise=np.zeros(n),
            fb_frac=rng.uniform(0.0, 1.0, n),
            inf_offset=rng.normal(0.0, 8.0, n),
        )
        i = 0
        while i < topo.n_nodes:
            r = rng.random()
            if r < 0.55:  # a training job over 1-2 consecutive nodes of one rack
                nodes = [i]
                if (
                    i + 1 < topo.n_nodes
                    and topo.node_rack[i + 1] == topo.node_rack[i]
                    and rng.random() < 0.5
                ):
                    nodes.append(i + 1)
                gpus = [int(x) for k in nodes for x in topo.gpus_of_node(k)]
                self._add(TRAIN, gpus, int(rng.integers(0, 3)), g, rng)
                i = nodes[-1] + 1
                continue
            for gpu in topo.gpus_of_node(i):
                if r < 0.75:
                    self._add(INFER, [int(gpu)], int(rng.integers(3, 6)), g, rng)
                elif rng.random() < s.idle_share:
                    job = self._add(IDLE, [int(gpu)], int(rng.integers(0, 6)), g, rng)
                    self.truth.idle_jobs.add(job)
            i += 1
        return g

    def _job_on_kind(self, kind: int, nth: int = 0) -> int:
        """The index of the nth job of a kind (deterministic choice of where to inject)."""
        found = [j for j, job in enumerate(self.jobs) if self.gpus.kind[job.gpus[0]] == kind]
        if not found:
            raise ValueError(
                f"fleet of {self.topology.n_gpus} GPUs is too small to inject waste: no job of "
                f"kind {kind}; use more nodes or PerfScenario(inject=False)"
            )
        return found[nth % len(found)]

    def _inject(self, rng: np.random.Generator) -> None:
        s, g, t = self.scenario, self.gpus, self.truth
        stall = self._job_on_kind(TRAIN, 1)
        t.stall_job, t.stall_period_s = self.jobs[stall].job_id, s.stall_period_s
        under = self._job_on_kind(INFER, 3)
        g.kind[list(self.jobs[under].gpus)] = UNDER
        t.underused_jobs.add(self.jobs[under].job_id)
        cpu = self._job_on_kind(TRAIN, 4)
        g.kind[list(self.jobs[cpu].gpus)] = CPU_ONLY
        t.cpu_only_jobs.add(self.jobs[cpu].job_id)
        leak = self._job_on_kind(INFER, 7)
        t.leak_job, t.leak_gpu = (
            self.jobs[leak].job_id,
            self.topology.gpu_keys[self.jobs[leak].gpus[0]],
        )
        rack = s.hot_rack % self.topology.n_racks
        t.hot_rack = self.topology.rack_keys[rack]
        g.rack_rise[self.topology.gpu_rack == rack] = s.hot_rack_rise_c
        self.degradations, decoys = plan_degradations(
            rng,
            self.topology.n_gpus,
            START,
            s.duration_s,
            s.n_degrading,
            exclude={*self.jobs[stall].gpus, *self.jobs[leak].gpus},
        )
        t.failing = {self.topology.gpu_keys[d.gpu]: d.failure_at for d in self.degradations}
        t.decoys = {self.topology.gpu_keys[i] for i in decoys}
        self._decoy_idx = np.asarray(sorted(decoys), dtype=np.intp)
        self._stall, self._leak = stall, leak

    # ------------------------------------------------------------------ samples
    def chunks(self) -> Iterator[MetricsWindow]:
        s = self.scenario
        counters = _Counters.start(self.topology.n_gpus, np.random.default_rng([s.seed, 1]))
        steps = round(s.duration_s / s.interval_s)
        per = max(1, round(s.chunk_s / s.interval_s))
        for k, first in enumerate(range(0, steps, per)):
            ts = START + s.interval_s * np.arange(first, min(first + per, steps), dtype=np.float64)
            yield self._chunk(ts, np.random.default_rng([s.seed, 2, k]), counters)

    def _util(self, ts: F64, rng: np.random.Generator) -> tuple[F32, Mask, Mask]:
        g, (nt, n) = self.gpus, (len(ts), self.topology.n_gpus)
        kind = g.kind[None, :]
        ckpt = ((ts[:, None] + g.ckpt_phase[None, :]) % g.ckpt_period[None, :]) < 90.0
        hour = (ts % 86400.0) / 3600.0
        diurnal = (100 * (0.55 + 0.3 * np.sin(2 * np.pi * (hour - 14.0) / 24.0))).astype(np.float32)
        z = rng.standard_normal((nt, n), dtype=np.float32)  # one noise draw serves every kind
        train = np.where(ckpt, 7.0 + 2.0 * z, 96.5 + 1.5 * z)
        infer = diurnal[:, None] + g.inf_offset.astype(np.float32)[None, :] + 6.0 * z
        blip = np.where(
            rng.random((nt, n), dtype=np.float32) < 0.03, np.float32(8.0), np.float32(0.0)
        )
        util = np.select(
            [kind == TRAIN, kind == INFER, kind == UNDER, kind == IDLE],
            [train, infer, 12.0 + 4.0 * z, blip],
            default=np.float32(0.0),
        )
        gap = np.zeros((nt, n), dtype=bool)
        if self.truth.stall_job is not None:
            cols = list(self.jobs[self._stall].gpus)
            s = self.scenario
            gap[:, cols] = ((ts - START) % s.stall_period_s < s.stall_gap_s)[:, None]
            util = np.where(gap, np.float32(0.0), util)
        return np.clip(np.round(util), 0, 100).astype(np.float32), ckpt & (kind == TRAIN), gap

    def _chunk(self, ts: F64, rng: np.random.Generator, counters: _Counters) -> MetricsWindow:
        topo, g, s, k = self.topology, self.gpus, self.scenario, self.sku
        nt, n = len(ts), topo.n_gpus
        util, ckpt, gap = self._util(ts, rng)
        u = util / np.float32(100.0)
        demand = k.idle_power_w + (k.tdp_w - k.idle_power_w) * 1.02 * u**1.1
        noise = rng.standard_normal((nt, n), dtype=np.float32)
        power = np.minimum(demand * (1 + 0.01 * noise), np.float32(s.power_limit_w))
        hour = (ts % 86400.0) / 3600.0
        ambient = 22.0 + 3.0 * np.sin(2 * np.pi * (hour - 9.0) / 24.0)
        slot = 1.5 * np.abs(topo.gpu_slot - 3.5) / 3.5
        static = (7.0 + slot + g.temp_bias + g.rack_rise).astype(np.float32)
        temp = ambient.astype(np.float32)[:, None] + static + (44.0 / k.tdp_w) * power + 0.3 * noise
        busy = util > 1.0
        reasons = np.where(busy, 0, int(ClockEventReason.GPU_IDLE))
        capped = busy & (demand > 0.985 * s.power_limit_w)
        reasons |= np.where(capped, int(ClockEventReason.SW_POWER_CAP), 0)
        hot = busy & (temp >= k.max_operating_temp_c)
        reasons |= np.where(hot, int(ClockEventReason.SW_THERMAL), 0)
        fb = self._fb(ts, g)
        nvl = np.where(g.kind == TRAIN, 1.1e11, 1e8).astype(np.float32)
        out: dict[str, Arr] = {
            "DCGM_FI_DEV_GPU_UTIL": util,
            "DCGM_FI_PROF_GR_ENGINE_ACTIVE": u * np.float32(0.97),
            "DCGM_FI_PROF_PCIE_RX_BYTES": u * np.float32(1.5e9),
            "DCGM_FI_PROF_PCIE_TX_BYTES": np.where(ckpt, np.float32(2.0e10), u * np.float32(1e9)),
            "DCGM_FI_PROF_NVLINK_RX_BYTES": u * nvl,
            "DCGM_FI_DEV_FB_USED": fb,
            "DCGM_FI_DEV_FB_FREE": np.float32(k.memory_mib - 512.0) - fb,
            "DCGM_FI_DEV_POWER_USAGE": power,
            "DCGM_FI_DEV_POWER_MGMT_LIMIT": np.full((nt, n), s.power_limit_w, dtype=np.float32),
            "DCGM_FI_DEV_GPU_TEMP": np.round(temp),
            "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": reasons,
        }
        out.update(counters.advance(ts, rng, self.degradations, self._decoys()))
        node_cpu = self._node_cpu(util, gap, rng)
        gpu = {name: _f32(out[name]) for name in PERF_GPU_FIELDS if name in out}
        for d in self.degradations:  # a failed GPU stops reporting a few minutes after its Xid
            dead = ts >= d.failure_at + 300.0
            for arr in gpu.values():
                arr[dead, d.gpu] = np.nan
        return MetricsWindow(
            timestamps=ts,
            interval_s=s.interval_s,
            gpu_keys=topo.gpu_keys,
            node_keys=topo.node_keys,
            rack_keys=topo.rack_keys,
            gpu_node=topo.gpu_node,
            node_rack=topo.node_rack,
            gpu=gpu,
            node={"NODE_CPU_UTIL": node_cpu},
        )

    def _node_cpu(self, util: F32, gap: Mask, rng: np.random.Generator) -> F32:
        """Host CPU follows the GPUs' feeding work; data loading and CPU-only jobs peg it."""
        topo = self.topology
        share = np.zeros((topo.n_gpus, topo.n_nodes), dtype=np.float32)
        share[np.arange(topo.n_gpus), topo.gpu_node] = 1.0 / topo.node_gpu_count[topo.gpu_node]
        load = util * np.float32(0.3)
        load = np.where(gap | (self.gpus.kind == CPU_ONLY)[None, :], np.float32(89.0), load)
        noise = 2.0 * rng.standard_normal((len(util), topo.n_nodes), dtype=np.float32)
        return np.clip(np.round(6.0 + load @ share + noise, 1), 0, 100).astype(np.float32)

    def _decoys(self) -> npt.NDArray[np.intp]:
        return self._decoy_idx

    def _fb(self, ts: F64, g: _Gpus) -> F32:
        frac = np.select(
            [g.kind == TRAIN, g.kind == INFER, g.kind == UNDER, g.kind == IDLE],
            [
                0.80 + 0.08 * g.fb_frac,
                0.40 + 0.10 * g.fb_frac,
                0.30 + 0.05 * g.fb_frac,
                0.02 + 0.05 * g.fb_frac,
            ],
            default=0.0,
        )
        base = np.round(frac * self.sku.memory_mib).astype(np.float32)
        fb = np.broadcast_to(base, (len(ts), len(frac))).copy()
        if self.truth.leak_gpu is not None:
            col = self.jobs[self._leak].gpus[0]
            # 40 % of the frame buffer over four days: about 340 MiB an hour.
            fb[:, col] += np.round(0.40 * self.sku.memory_mib * (ts - START) / (4 * 86400.0))
        return fb


@dataclass
class _Counters:
    """Cumulative error counters carried from chunk to chunk."""

    sbe: F64
    replay: F64
    crc: F64

    @classmethod
    def start(cls, n: int, rng: np.random.Generator) -> _Counters:
        return cls(np.floor(rng.exponential(3.0, n)), np.zeros(n), np.zeros(n))

    def advance(
        self,
        ts: F64,
        rng: np.random.Generator,
        degs: list[Degradation],
        decoys: npt.NDArray[np.intp],
    ) -> dict[str, Arr]:
        nt, n = len(ts), len(self.sbe)
        dt = float(ts[1] - ts[0]) if nt > 1 else 15.0
        rate = np.full(n, 0.1 / 86400.0)  # healthy HBM: a correctable error every ten days
        replay_rate = np.full(n, 0.5 / 86400.0)
        crc_rate = np.zeros(n)
        if decoys.size:
            rate[decoys[0]] = 30.0 / 86400.0  # noisy but steady: not a failure in the making
            replay_rate[decoys[1:2]] = 200.0 / 86400.0
            crc_rate[decoys[2:3]] = 500.0 / 86400.0
        deg = degradation_counters(ts, degs, n, rng)
        sbe = _cumulate(self.sbe, rate * dt, rng, nt, deg["sbe_inc"])
        replay = _cumulate(self.replay, replay_rate * dt, rng, nt)
        crc = _cumulate(self.crc, crc_rate * dt, rng, nt)
        self.sbe, self.replay, self.crc = sbe[-1].copy(), replay[-1].copy(), crc[-1].copy()
        zeros = np.zeros((nt, n), dtype=np.float32)
        return {
            "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": sbe,
            "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": deg["dbe"],
            "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS": deg["remapped"],
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": deg["dbe"],
            "DCGM_FI_DEV_ROW_REMAP_PENDING": deg["pending"],
            "DCGM_FI_DEV_RETIRED_SBE": zeros,
            "DCGM_FI_DEV_RETIRED_DBE": zeros,
            "DCGM_FI_DEV_RETIRED_PENDING": zeros,
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": replay,
            "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": crc,
            "DCGM_FI_DEV_XID_ERRORS": deg["xid"],
        }


def _cumulate(
    base: F64, per_sample: F64, rng: np.random.Generator, nt: int, extra: F64 | None = None
) -> F64:
    """``base`` plus a Poisson counter over ``nt`` samples (+ ``extra`` increments). Errors
    are rare, so each chunk's events are drawn per column and dropped at uniform times."""
    counts = rng.poisson(per_sample * nt)
    cols = np.repeat(np.arange(len(base)), counts)
    inc = np.zeros((nt, len(base)))
    np.add.at(inc, (rng.integers(0, nt, cols.size), cols), 1.0)
    if extra is not None:
        inc += extra
    live = np.flatnonzero(inc.any(axis=0))
    out = np.broadcast_to(base, (nt, len(base))).copy()
    out[:, live] += np.cumsum(inc[:, live], axis=0)
    return out


def _f32(a: Arr) -> F32:
    return np.array(a, dtype=np.float32)  # a copy: the failure below writes NaN into it
