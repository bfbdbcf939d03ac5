"""Fault injectors: each produces the cross-layer signals a real fault produces, and its truth.

An injector is bound to a simulator before the first tick (it may shape the workload it needs,
e.g. a multi-node training job for an NCCL timeout), then writes into the tick's
:class:`~sim.simulator.Modifiers` and counters from its onset on. ``truth()`` says what a
perfect detector should report: the fault class, the root entity and scope, the symptom family,
the affected entities, the onset and the longest acceptable detection delay.

Signals follow what operators see in the field (priors.md, the Xid catalog):
- fan failure: the GPU in front of the failed fan heats without a load change, its slot
  neighbours warm less, then the hot HBM throws correctable ECC errors (the seed cascade);
- DBE: Xid 48, DBE counters, then Xid 63 (row remap pending) and the process dies;
- row-remap failure: Xid 64 and DCGM_FI_DEV_ROW_REMAP_FAILURE = 1 (RMA criterion);
- Xid 79: the GPU falls off the bus, its series vanish, the job's other ranks hang;
- NIC flaps: link-down log lines, then utilization collapses on every rank of the job.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from gpufleet.sim.simulator import COL, Fault, FleetSimulator, Job, Modifiers
from gpufleet.telemetry.fields import (
    DCGM_FP64_BLANK,
    DCGM_INT64_BLANK,
    UINT32_NOT_SUPPORTED,
    ClockEventReason,
)
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.topology import WorkloadKind, gpu_key
from gpufleet.telemetry.truth import GroundTruth


@dataclass
class _Injector:
    onset_s: float = 600.0  # seconds after the simulation start
    onset: float = field(init=False, default=0.0)

    def bind(self, sim: FleetSimulator) -> None:
        self.onset = sim.start + self.onset_s

    def active(self, t: float) -> bool:
        return t >= self.onset

    def elapsed(self, t: float) -> float:
        return t - self.onset


def _keys(sim: FleetSimulator, gpus: np.ndarray) -> tuple[str, ...]:
    return tuple(sim.topology.gpu_keys[int(g)] for g in gpus)


@dataclass
class FanFailure(_Injector):
    """Seed scenario: node-17 GPU 4 heats, GPUs 3 and 5 trend up, then an SBE ECC storm."""

    node: str = "node-17"
    gpu: int = 4
    ramp_s: float = 300.0
    sbe_per_hour: float = 400.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self.neigh = sim.topology.adjacent_gpus(self.g)

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        ramp = min(self.elapsed(t) / self.ramp_s, 1.0)
        mods.thermal_resistance_mult[self.g] *= 1.0 + 0.50 * ramp
        mods.thermal_resistance_mult[self.neigh] *= 1.0 + 0.20 * ramp
        if sim.temp[self.g] > 84.0:
            n = sim.rng.poisson(self.sbe_per_hour * sim.interval_s / 3600.0)
            sim.counters["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"][self.g] += n
            sim.counters["DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"][self.g] += n

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "fan_failure",
            gpu_key(self.node, self.gpu),
            "chassis",
            "thermal",
            _keys(sim, np.sort(np.append(self.neigh, self.g))),
            self.onset,
            900.0,
            description="chassis fan in front of the GPU failed",
        )


@dataclass
class DoubleBitError(_Injector):
    node: str = "node-05"
    gpu: int = 2
    with_remap: bool = True

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self._done = 0

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        g = self.g
        if self._done == 0:
            for name in ("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL"):
                sim.counters[name][g] += 1
            sim.log_xid(
                t,
                g,
                48,
                "pid=48211, name=python, An uncorrectable double bit error "
                "(DBE) has been detected on GPU in the framebuffer at "
                "partition 1, subpartition 0.",
            )
        elif self._done == 1 and self.with_remap:
            sim.counters["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"][g] += 1
            sim.row_remap_pending[g] = 1
            sim.log_xid(
                t,
                g,
                63,
                "Row Remapper: New row (0x0000000000d3c8e0) marked for "
                "remapping, reset gpu to activate.",
            )
        self._done += 1
        mods.util_override[g] = 0.0  # the process was killed by the uncorrectable error

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "dbe",
            k,
            "gpu",
            "memory",
            (k,),
            self.onset,
            60.0,
            description="uncorrectable HBM error (Xid 48 + 63)",
        )


@dataclass
class RowRemapFailure(_Injector):
    node: str = "node-06"
    gpu: int = 6

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self._fired = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        if not self._fired:
            self._fired = True
            sim.counters["DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"][self.g] += 1
            sim.row_remap_failure[self.g] = 1
            sim.log_xid(
                t,
                self.g,
                64,
                "Row Remapper: Failed to remap row in bank 12, all spare rows in use.",
            )
        mods.util_override[self.g] = 0.0

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "row_remap_failure",
            k,
            "gpu",
            "memory",
            (k,),
            self.onset,
            60.0,
            description="no spare rows left in a bank (Xid 64)",
        )


XID_WINDOW_S = 300.0  # dcgm-exporter's default --xid-count-window-size


@dataclass
class FallenOffBus(_Injector):
    """Xid 79. ``xid_source="exporter"``: no kernel log is collected; the Xid is known only
    from dcgm-exporter's windowed count (``DCGM_EXP_XID_ERRORS_COUNT{xid="79"}``)."""

    node: str = "node-09"
    gpu: int = 1
    hang_after_s: float = 60.0
    xid_source: str = "kernel"

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.xid_source == "exporter":
            in_window = self.active(t) and self.elapsed(t) < XID_WINDOW_S
            counts = {"79": 1.0} if in_window else {"": 0.0}
            mods.keyed[gpu_key(self.node, self.gpu)] = {"DCGM_EXP_XID_ERRORS_COUNT": counts}
        if not self.active(t):
            return
        if self.elapsed(t) < sim.interval_s:
            if self.xid_source != "exporter":
                sim.log_xid(t, self.g, 79, "GPU has fallen off the bus.")
            return
        mods.gpu_missing[self.g] = True
        if self.elapsed(t) >= self.hang_after_s:
            mods.util_override[self.job.gpus] = 0.0  # the other ranks hang in a collective

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "gpu_fallen_off_bus",
            k,
            "gpu",
            "device",
            (k,),
            self.onset,
            60.0,
            jobs=(self.job.job_id,),
            description="Xid 79, GPU lost from PCIe",
        )


@dataclass
class XidApplicationFault(_Injector):
    """Xid 13 (graphics exception) or 31 (MMU fault) from a bad kernel: not hardware."""

    node: str = "node-03"
    gpu: int = 0
    xid: int = 13

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self._step = 0

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        if self._step == 0:
            text = (
                "pid=77120, name=python, Graphics SM Warp Exception on (GPC 2, TPC 1, SM 0): "
                "Out Of Range Address"
                if self.xid == 13
                else "pid=77120, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE "
                "GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2a_1c000000. Fault is of type "
                "FAULT_PDE ACCESS_TYPE_VIRT_READ"
            )
            sim.log_xid(t, self.g, self.xid, text)
            mods.util_override[self.job.gpus] = 0.0
        elif self._step == 1:
            sim.end_job(self.job, t, "FAILED")
        self._step += 1

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "xid_app_fault",
            k,
            "gpu",
            "application",
            (k,),
            self.onset,
            60.0,
            jobs=(self.job.job_id,),
            description=f"Xid {self.xid} from the application, job failed",
        )


@dataclass
class ThermalThrottle(_Injector):
    """A GPU's thermal interface degrades: it alone runs hot and throttles (clocks drop)."""

    node: str = "node-11"
    gpu: int = 6
    ramp_s: float = 900.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t):
            mods.thermal_resistance_mult[self.g] *= 1.0 + 0.55 * min(
                self.elapsed(t) / self.ramp_s, 1.0
            )

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "thermal_throttle",
            k,
            "gpu",
            "thermal",
            (k,),
            self.onset,
            1200.0,
            description="degraded thermal interface, HW/SW thermal slowdown",
        )


@dataclass
class PowerBrake(_Injector):
    """The node's PSU/BMC asserts the power brake: every GPU slows and draws little power."""

    node: str = "node-13"

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.gpus = sim.node_gpus(self.node)

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        mods.extra_clock_reasons[self.gpus] |= int(
            ClockEventReason.HW_POWER_BRAKE | ClockEventReason.HW_SLOWDOWN
        )
        mods.power_cap_w[self.gpus] = 0.30 * sim.tdp[self.gpus]
        mods.clock_mult[self.gpus] = 0.35

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "power_brake",
            self.node,
            "node",
            "power",
            _keys(sim, self.gpus),
            self.onset,
            120.0,
            description="HW power brake on every GPU of a node",
        )


@dataclass
class NvlinkCrcErrors(_Injector):
    """A marginal NVLink: CRC errors and replays on one GPU; every rank of its job slows.

    ``counters="nvlink5"`` (Blackwell): the errors show only in the NVLink5 counters
    (``DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS`` / ``..._RX_SYMBOL_ERRORS``) and DCGM's NVLINK health
    watch fails after ``health_after_s``; the NVLink1-4 CRC counters are not reported."""

    node: str = "node-07"
    gpu: int = 5
    errors_per_s: float = 8.0
    counters: str = "legacy"
    health_after_s: float = 120.0
    rx_errors: float = field(default=0.0, init=False)
    symbol_errors: float = field(default=0.0, init=False)

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.counters == "nvlink5":
            self._nvlink5(sim, t, mods)
            return
        if not self.active(t):
            return
        n = sim.rng.poisson(self.errors_per_s * sim.interval_s)
        sim.counters["DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL"][self.g] += n
        sim.counters["DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL"][self.g] += n // 4
        sim.counters["DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL"][self.g] += n // 2
        mods.util_mult[self.job.gpus] *= 0.78
        mods.nvlink_bw_mult[self.job.gpus] *= 0.55

    def _nvlink5(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        """The counters are there from the start (the exporter reads them on every GPU)."""
        if self.active(t):
            n = float(sim.rng.poisson(self.errors_per_s * sim.interval_s))
            self.rx_errors += n
            self.symbol_errors += 3.0 * n
            mods.util_mult[self.job.gpus] *= 0.78
            mods.nvlink_bw_mult[self.job.gpus] *= 0.55
        mods.extended[(self.g, "DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS")] = self.rx_errors
        mods.extended[(self.g, "DCGM_FI_DEV_NVLINK_COUNT_RX_SYMBOL_ERRORS")] = self.symbol_errors
        failing = self.active(t) and self.elapsed(t) >= self.health_after_s
        mods.keyed[gpu_key(self.node, self.gpu)] = {
            "DCGM_EXP_GPU_HEALTH_STATUS": {"NVLINK": 20.0 if failing else 0.0, "PCIE": 0.0}
        }

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "nvlink_crc",
            k,
            "gpu",
            "interconnect",
            (k,),
            self.onset,
            300.0,
            jobs=(self.job.job_id,),
            description="NVLink CRC errors slow the job",
        )


@dataclass
class PcieDowntrain(_Injector):
    node: str = "node-02"
    gpu: int = 3
    width: int = 8
    replays_per_s: float = 1.5

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        mods.pcie_width[self.g] = self.width
        sim.counters["DCGM_FI_DEV_PCIE_REPLAY_COUNTER"][self.g] += sim.rng.poisson(
            self.replays_per_s * sim.interval_s
        )
        mods.util_mult[self.g] *= 0.9

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "pcie_downtrain",
            k,
            "gpu",
            "interconnect",
            (k,),
            self.onset,
            300.0,
            description=f"PCIe link trained down to x{self.width}, replays",
        )


@dataclass
class NicFlapNcclTimeout(_Injector):
    """An IB port flaps on one node; NCCL stalls and utilization collapses on every rank."""

    nodes: tuple[str, ...] = ("node-14", "node-15")
    flap_node: str = "node-15"
    flap_s: float = 120.0
    collapse_after_s: float = 45.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job(list(self.nodes))
        self._down = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        el = self.elapsed(t)
        node = sim.topology.node_pos[self.flap_node]
        if el < self.flap_s:
            self._down = not self._down
            kind = "nic_link_down" if self._down else "nic_link_up"
            state = "Down" if self._down else "Active"
            mods.events.append(_nic_event(t, self.flap_node, kind, state))
            if self._down:
                mods.nic_links_down[node] = 1
        if el >= self.collapse_after_s:
            mods.util_override[self.job.gpus] = 0.0

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "nic_flap_nccl_timeout",
            self.flap_node,
            "node",
            "interconnect",
            _keys(sim, self.job.gpus),
            self.onset,
            300.0,
            jobs=(self.job.job_id,),
            description="IB link flaps, NCCL collective times out",
        )


def _nic_event(t: float, node: str, kind: str, state: str) -> LogEvent:
    return LogEvent(
        timestamp=t,
        node=node,
        kind=kind,
        message=f"mlx5_core 0000:c1:00.0 mlx5_3: Port 1 link state changed to {state}",
        attrs={"device": "mlx5_3", "port": "1"},
    )


@dataclass
class RackCoolingFailure(_Injector):
    rack: str = "rack-3"
    rise_c: float = 22.0
    ramp_s: float = 720.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.gpus = sim.topology.gpus_of_rack(sim.topology.rack_pos[self.rack])
        nodes = sim.topology.nodes_of_rack(sim.topology.rack_pos[self.rack])
        # A loaded rack, as in production: cooling failures show first where power is high.
        sim.dedicated_training_job([sim.topology.node_keys[int(n)] for n in nodes[:3]])

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t):
            mods.temp_offset_c[self.gpus] += self.rise_c * min(self.elapsed(t) / self.ramp_s, 1.0)

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "rack_cooling_failure",
            self.rack,
            "rack",
            "thermal",
            _keys(sim, self.gpus),
            self.onset,
            1200.0,
            description="rear-door / CRAH cooling lost for a rack",
        )


@dataclass
class HostCpuSaturation(_Injector):
    node: str = "node-10"

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.n = sim.topology.node_pos[self.node]

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t):
            mods.node_cpu_override[self.n] = 97.0 + 3.0 * sim.rng.random()
            mods.util_mult[self.job.gpus] *= 0.55

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "host_cpu_saturation",
            self.node,
            "node",
            "host",
            _keys(sim, self.job.gpus),
            self.onset,
            600.0,
            jobs=(self.job.job_id,),
            description="host CPUs pegged, GPUs starved",
        )


@dataclass
class DataloaderStall(_Injector):
    node: str = "node-04"
    period_s: float = 60.0
    gap_s: float = 25.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t) and (self.elapsed(t) % self.period_s) < self.gap_s:
            mods.util_override[self.job.gpus] = 0.0

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "dataloader_stall",
            self.job.job_id,
            "job",
            "utilization",
            _keys(sim, self.job.gpus),
            self.onset,
            900.0,
            jobs=(self.job.job_id,),
            description="input pipeline starves the GPUs: periodic idle gaps",
        )


@dataclass
class FbMemoryLeak(_Injector):
    node: str = "node-08"
    gpu: int = 2
    # The leak adds 52 % of the framebuffer over fill_s on top of what the GPU already uses,
    # so a busy GPU fills sooner than fill_s.
    fill_s: float = 2700.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        if sim.gpu_kind[self.g] == 0:
            sim.start_job(
                WorkloadKind.INFERENCE, np.array([self.g]), sim.start, "farid", "inference-platform"
            )
            sim.mods.events.clear()

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t):
            headroom = sim.mem_total[self.g] * 0.52
            mods.fb_extra_mib[self.g] = headroom * min(self.elapsed(t) / self.fill_s, 1.0)

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "fb_memory_leak",
            k,
            "gpu",
            "utilization",
            (k,),
            self.onset,
            self.fill_s,
            description="a process leaks device memory",
        )


@dataclass
class JobStall(_Injector):
    node: str = "node-12"

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if self.active(t):
            mods.util_override[self.job.gpus] = 0.0

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "job_stall",
            self.job.job_id,
            "job",
            "utilization",
            _keys(sim, self.job.gpus),
            self.onset,
            900.0,
            jobs=(self.job.job_id,),
            description="job hung: GPUs allocated, utilization 0",
        )


@dataclass
class CpuOnlyExecution(_Injector):
    """A job got GPUs but runs on the CPU (wrong CUDA build, device not visible)."""

    node: str = "node-16"

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.free_nodes([self.node])
        self.gpus = sim.node_gpus(self.node)
        self.n = sim.topology.node_pos[self.node]
        self.job: Job | None = None
        # Known before the job starts, so the ground truth can name it up front.
        self.job_id = f"{9000 + self.n}"

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        if self.job is None:
            self.job = sim.start_job(
                WorkloadKind.TRAINING, self.gpus, t, "chen", "vision", job_id=self.job_id
            )
        mods.util_override[self.gpus] = 0.0
        mods.fb_override_mib[self.gpus] = 0.0
        mods.node_cpu_override[self.n] = 92.0 + 6.0 * sim.rng.random()

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "cpu_only_execution",
            self.job_id,
            "job",
            "utilization",
            _keys(sim, self.gpus),
            self.onset,
            2400.0,
            jobs=(self.job_id,),
            description="GPUs allocated but unused; the job runs on the CPU",
        )


@dataclass
class Xid45Churn(_Injector):
    """Benign: a job is torn down and every GPU logs bursts of Xid 45, then a new job starts."""

    node: str = "node-18"
    lines_per_gpu: int = 6

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self._step = 0

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        if self._step == 0:
            sim.end_job(self.job, t, "CANCELLED")
            for g in self.job.gpus:
                for _ in range(self.lines_per_gpu):
                    sim.log_xid(
                        t,
                        int(g),
                        45,
                        "pid=91822, name=python, Ch 00000010, Preemptive Channel Removal",
                    )
        elif self._step == 4:
            sim.start_job(WorkloadKind.TRAINING, self.job.gpus, t)
        self._step += 1

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "xid45_churn",
            self.node,
            "node",
            "application",
            _keys(sim, self.job.gpus),
            self.onset,
            0.0,
            benign=True,
            jobs=(self.job.job_id,),
            description="Xid 45 at job teardown (benign)",
        )


@dataclass
class TelemetryArtifacts(_Injector):
    """Benign: blank sentinels, utilization 4294967295 and an exporter restart on one node."""

    node: str = "node-19"
    gap_s: float = 60.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.gpus = sim.node_gpus(self.node)
        self.n = sim.topology.node_pos[self.node]

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        el = self.elapsed(t)
        if el < self.gap_s:
            mods.node_missing[self.n] = True
        elif el < self.gap_s + 5 * sim.interval_s:
            g = int(self.gpus[0])
            # The simulator's own artifact pass is random; this one is deterministic so the
            # scenario always contains each artifact kind.
            if el < self.gap_s + sim.interval_s:
                sim.energy_mj[g] = 0.0  # the driver reloaded: counters restart from zero
            mods.value_overrides[(g, COL["DCGM_FI_DEV_GPU_UTIL"])] = float(UINT32_NOT_SUPPORTED)
            mods.value_overrides[(g, COL["DCGM_FI_DEV_GPU_TEMP"])] = float(DCGM_INT64_BLANK)
            mods.value_overrides[(g, COL["DCGM_FI_DEV_POWER_USAGE"])] = DCGM_FP64_BLANK

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "telemetry_artifact",
            self.node,
            "node",
            "telemetry",
            _keys(sim, self.gpus),
            self.onset,
            0.0,
            benign=True,
            description="exporter restart gap, blank sentinels, bogus util",
        )


@dataclass
class MaintenanceDrain(_Injector):
    """Benign: an operator drains a node, it reboots (telemetry gap, counters restart), resumes.

    A detector must not page for any of it: the scheduler said the node is in maintenance."""

    node: str = "node-20"
    reboot_after_s: float = 120.0
    reboot_s: float = 480.0
    resume_after_s: float = 1200.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.gpus = sim.node_gpus(self.node)
        self.n = sim.topology.node_pos[self.node]
        self._drained = self._resumed = self._reset = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        el = self.elapsed(t)
        if not self._drained:
            self._drained = True
            mods.events.append(_node_state(t, self.node, "DRAIN", "gpufleet-test: firmware update"))
            sim.end_job(self.job, t, "CANCELLED")
        rebooting = self.reboot_after_s <= el < self.reboot_after_s + self.reboot_s
        if rebooting:
            mods.node_missing[self.n] = True
            if not self._reset:
                self._reset = True
                sim.energy_mj[self.gpus] = 0.0
                sim.counters["DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"][self.gpus] = 0.0
        if el >= self.resume_after_s and not self._resumed:
            self._resumed = True
            mods.events.append(_node_state(t, self.node, "RESUME", ""))
            sim.start_job(WorkloadKind.TRAINING, self.gpus, t)

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "maintenance_drain",
            self.node,
            "node",
            "telemetry",
            _keys(sim, self.gpus),
            self.onset,
            0.0,
            benign=True,
            jobs=(self.job.job_id,),
            description="planned drain + reboot",
        )


@dataclass
class SbeStorm(_Injector):
    """A degrading HBM stack: correctable errors on one GPU climb to thousands an hour (ECC
    still corrects them; the job runs), far above its identical peers, with no heat to explain
    them. Real shape: a Poisson rate that doubles every ``doubling_s``."""

    node: str = "node-02"
    gpu: int = 3
    per_hour: float = 600.0
    doubling_s: float = 900.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.g = sim.gpu(gpu_key(self.node, self.gpu))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        rate = self.per_hour * 2.0 ** (self.elapsed(t) / self.doubling_s)
        n = float(sim.rng.poisson(rate * sim.interval_s / 3600.0))
        for name in ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"):
            sim.counters[name][self.g] += n

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "sbe_storm",
            k,
            "gpu",
            "memory",
            (k,),
            self.onset,
            600.0,
            description="correctable ECC rate climbing on one GPU (degrading HBM)",
        )


# Verbatim layouts from NVIDIA/open-gpu-kernel-modules#1045 and the Xid catalog (62 PMU halt,
# 119 GSP RPC timeout, 154 recovery action), with the Xid 45 the dying GPU's channels raise.
_RESET_CHAIN: tuple[tuple[float, int, str], ...] = (
    (0.0, 62, "pid=2271, name=python, 0000(0000) 00000000 00000000"),
    (0.0, 45, "pid=2271, name=python, Ch 00000008"),
    (
        15.0,
        119,
        "pid=2271, name=python, Timeout after 6s of waiting for RPC response from GPU1 GSP! "
        "Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).",
    ),
    (30.0, 154, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"),
)


@dataclass
class GspResetChain(_Injector):
    """One GPU fails through a chain of Xids - PMU halt, GSP RPC timeout, recovery action
    "GPU Reset Required" - with Xid 45s on its channels; its job dies. A GPU fault, though the
    45s look like an application teardown."""

    node: str = "node-04"
    gpu: int = 1

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self._logged = 0
        self._ended = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        while self._logged < len(_RESET_CHAIN) and _RESET_CHAIN[self._logged][0] <= self.elapsed(t):
            _, code, text = _RESET_CHAIN[self._logged]
            sim.log_xid(t, self.g, code, text)
            self._logged += 1
        mods.util_override[self.g] = 0.0
        if self.elapsed(t) >= 60.0 and not self._ended:
            sim.end_job(self.job, t, "FAILED")
            self._ended = True

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "gsp_reset_chain",
            k,
            "gpu",
            "device",
            (k,),
            self.onset,
            60.0,
            jobs=(self.job.job_id,),
            description="Xid 62 -> 119 -> 154 (GPU Reset Required) on one GPU",
        )


@dataclass
class CollectiveHang(_Injector):
    """A multi-node job hangs in a collective: every rank's NCCL kernel spins - utilization
    pinned at 100 %, power flat well below load, SM clock constant, no tensor-core work - and
    no hardware signal anywhere. Utilization never drops, so only a flat line shows it."""

    nodes: tuple[str, ...] = ("node-01", "node-04")
    power_share: float = 0.38

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        self.job = sim.dedicated_training_job(list(self.nodes))

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        tdp = sim.topology.sku_array("tdp_w")
        gpus = self.job.gpus
        mods.util_override[gpus] = 100.0
        # The spin loop draws a steady fraction of TDP (the physics then cools the GPU to
        # match); the clock stays at its boost step; the tensor cores do nothing.
        mods.power_cap_w[gpus] = np.round(tdp[gpus] * self.power_share, 1)
        for g in gpus:
            mods.value_overrides[(int(g), COL["DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"])] = 0.0

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "collective_hang",
            self.job.job_id,
            "job",
            "utilization",
            _keys(sim, self.job.gpus),
            self.onset,
            900.0,
            jobs=(self.job.job_id,),
            description="hung collective: every rank flat-lined at 100 % utilization",
        )


@dataclass
class RowRemapPending(_Injector):
    """A row remap queued after correctable errors: Xid 63 in the pid-without-name layout
    stas00/ml-engineering quotes, the correctable remapped-row count +1, the pending flag set,
    no uncorrectable error; the job keeps running. NVIDIA's memory-error guide: the remap
    applies at the next GPU reset, and a pending remap does not affect new work meanwhile."""

    node: str = "node-07"
    gpu: int = 3

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        sim.dedicated_training_job([self.node])
        self.g = sim.gpu(gpu_key(self.node, self.gpu))
        self._fired = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t) or self._fired:
            return
        self._fired = True
        g = self.g
        for name in ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL"):
            sim.counters[name][g] += 2
        sim.counters["DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS"][g] += 1
        sim.row_remap_pending[g] = 1
        sim.log_xid(
            t, g, 63, "pid=1896, Row Remapper: New row marked for remapping, reset gpu to activate."
        )

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        k = gpu_key(self.node, self.gpu)
        return GroundTruth(
            "row_remap_pending",
            k,
            "gpu",
            "memory",
            (k,),
            self.onset,
            60.0,
            description="row remap pending a GPU reset (Xid 63), no uncorrectable error",
        )


# Xid 119 as R525's GSP RPC-timeout regression logged it (NVIDIA/open-gpu-kernel-modules#446).
_GSP_TIMEOUT = (
    "pid=3310, name=python3, Timeout after 6s of waiting for RPC response from GPU{n} GSP! "
    "Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5)."
)


@dataclass
class DriverRegression(_Injector):
    """A driver release that fails under some workload: the same Xid on every GPU of every node
    that runs ``driver`` (the newest in the fleet by default), node after node as jobs reach
    it, and on no node of another version. The topology carries the versions (a partial
    rollout: ``build_cluster(driver_by_rack=...)``); the fault only follows them."""

    driver: str = ""
    xid: int = 119
    stagger_s: float = 90.0

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        topo = sim.topology
        versions = [n.driver_version for n in topo.nodes]
        if not self.driver:
            self.driver = max(versions, key=_version_key)
        self.nodes = [i for i, v in enumerate(versions) if v == self.driver]
        if not self.nodes:
            raise ValueError(f"driver_regression: no node runs driver {self.driver!r}")
        self._logged = 0

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        topo = sim.topology
        while self._logged < len(self.nodes) and self.elapsed(t) >= self._logged * self.stagger_s:
            for g in topo.gpus_of_node(self.nodes[self._logged]):
                text = _GSP_TIMEOUT.format(n=int(g) % 8) if self.xid == 119 else _MMU_FAULT
                sim.log_xid(t, int(g), self.xid, text)
            self._logged += 1

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        topo = sim.topology
        gpus = np.concatenate([topo.gpus_of_node(n) for n in self.nodes])
        return GroundTruth(
            "driver_regression",
            f"driver:{self.driver}",
            "cluster",
            "device",
            _keys(sim, gpus),
            self.onset,
            len(self.nodes) * self.stagger_s + 300.0,
            description=f"Xid {self.xid} on every GPU running driver {self.driver}",
        )


@dataclass
class PduTrip(_Injector):
    """One feed of a PDU trips: every node it feeds (whole racks, often several) loses its
    redundant PSU, and the BMCs assert the power brake - every GPU slows and draws little power.
    ``pdu`` names a :class:`~telemetry.topology.Rack` ``pdu`` (the first rack's by default)."""

    pdu: str = ""

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        topo = sim.topology
        if not self.pdu:
            self.pdu = topo.racks[0].pdu
        racks = [i for i, rack in enumerate(topo.racks) if rack.pdu == self.pdu]
        if not racks:
            raise ValueError(f"pdu_trip: no rack is fed by PDU {self.pdu!r}")
        self.racks = tuple(topo.rack_keys[i] for i in racks)
        self.gpus = np.concatenate([topo.gpus_of_rack(i) for i in racks])

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t):
            return
        mods.extra_clock_reasons[self.gpus] |= int(
            ClockEventReason.HW_POWER_BRAKE | ClockEventReason.HW_SLOWDOWN
        )
        mods.power_cap_w[self.gpus] = 0.30 * sim.tdp[self.gpus]
        mods.clock_mult[self.gpus] = 0.35

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "pdu_trip",
            f"pdu:{self.pdu}",
            "cluster",
            "power",
            _keys(sim, self.gpus),
            self.onset,
            300.0,
            description=f"PDU {self.pdu} feed lost: power brake on racks {', '.join(self.racks)}",
        )


@dataclass
class JobCancelXid45(_Injector):
    """Benign, at scale: one training job over ``nodes`` (e.g. 125 nodes, 1,000 GPUs across
    racks) is cancelled and every GPU logs Xid 45 (preemptive channel removal) at once."""

    nodes: tuple[str, ...] = ()
    lines_per_gpu: int = 2

    def bind(self, sim: FleetSimulator) -> None:
        super().bind(sim)
        if not self.nodes:
            raise ValueError("job_cancel_xid45: give the job's nodes (nodes=a+b+...)")
        self.job = sim.dedicated_training_job(list(self.nodes))
        self._done = False

    def apply(self, sim: FleetSimulator, t: float, mods: Modifiers) -> None:
        if not self.active(t) or self._done:
            return
        self._done = True
        sim.end_job(self.job, t, "CANCELLED")
        for g in self.job.gpus:
            for _ in range(self.lines_per_gpu):
                sim.log_xid(
                    t, int(g), 45, "pid=91822, name=python, Ch 00000010, Preemptive Channel Removal"
                )

    def truth(self, sim: FleetSimulator) -> GroundTruth:
        return GroundTruth(
            "job_cancel_xid45",
            self.job.job_id,
            "job",
            "application",
            _keys(sim, self.job.gpus),
            self.onset,
            0.0,
            benign=True,
            jobs=(self.job.job_id,),
            description=f"job {self.job.job_id} cancelled on {len(self.nodes)} nodes: Xid 45",
        )


# Xid 31 as 610.57.04's MMU-fault regression logged it (NVIDIA/open-gpu-kernel-modules#1370).
_MMU_FAULT = (
    "pid=41022, name=python3, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS "
    "GPCCLIENT_T1_3 faulted @ 0x7f3c_52e00000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
)


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(p) for p in version.split(".") if p.isdigit())


def _node_state(t: float, node: str, state: str, reason: str) -> LogEvent:
    return LogEvent(
        timestamp=t,
        node=node,
        kind="node_state",
        message=f"slurmctld: update_node: node {node} state set to {state}"
        + (f' reason="{reason}"' if reason else ""),
        attrs={"state": state, "reason": reason},
    )


class FaultSpecError(ValueError):
    pass


def parse_fault_spec(spec: str) -> Fault:
    """``NAME[@ONSET][:key=value,...]``, e.g. ``fan_failure@2h:node=node-17,gpu=4``.

    ONSET takes d/h/m/s suffixes, combined as in 1h15m. Used by ``gpufleet simulate --fault``
    and the eval suite."""
    head, _, params = spec.partition(":")
    name, _, onset = head.partition("@")
    ctor = ALL_FAULTS.get(name)
    if ctor is None:
        raise FaultSpecError(f"unknown fault {name!r}; known: {', '.join(sorted(ALL_FAULTS))}")
    kwargs: dict[str, object] = {}
    if onset:
        kwargs["onset_s"] = parse_duration(onset)
    for item in filter(None, params.split(",")):
        key, eq, value = item.partition("=")
        if not eq:
            raise FaultSpecError(f"fault parameter {item!r} must be key=value")
        if "+" in value:
            kwargs[key] = tuple(value.split("+"))  # e.g. nodes=node-14+node-15
        else:
            kwargs[key] = int(value) if value.isdigit() else value
    try:
        return ctor(**kwargs)
    except TypeError as e:
        raise FaultSpecError(f"fault {name}: {e}") from None


_DURATION_PART = re.compile(r"(\d+(?:\.\d*)?|\.\d+)([dhms])")
_DURATION_UNIT_S = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0}


def parse_duration(text: str) -> float:
    """'90', '90s', '15m', '2.5h', '1h15m', '1d2h30m15s' → seconds (never negative)."""
    bad = FaultSpecError(f"bad duration {text!r}: use e.g. 90s, 15m, 2h or 1h15m")
    text = text.strip()
    try:
        seconds = float(text)
    except ValueError:
        parts = list(_DURATION_PART.finditer(text))
        if not parts or "".join(m.group(0) for m in parts) != text:
            raise bad from None
        seconds = sum(float(m.group(1)) * _DURATION_UNIT_S[m.group(2)] for m in parts)
    if not (math.isfinite(seconds) and seconds >= 0):
        raise bad
    return seconds


ALL_FAULTS: dict[str, Callable[..., Fault]] = {
    "fan_failure": FanFailure,
    "dbe": DoubleBitError,
    "row_remap_failure": RowRemapFailure,
    "gpu_fallen_off_bus": FallenOffBus,
    "xid_app_fault": XidApplicationFault,
    "thermal_throttle": ThermalThrottle,
    "power_brake": PowerBrake,
    "nvlink_crc": NvlinkCrcErrors,
    "pcie_downtrain": PcieDowntrain,
    "nic_flap_nccl_timeout": NicFlapNcclTimeout,
    "rack_cooling_failure": RackCoolingFailure,
    "host_cpu_saturation": HostCpuSaturation,
    "dataloader_stall": DataloaderStall,
    "fb_memory_leak": FbMemoryLeak,
    "job_stall": JobStall,
    "cpu_only_execution": CpuOnlyExecution,
    "xid45_churn": Xid45Churn,
    "telemetry_artifact": TelemetryArtifacts,
    "maintenance_drain": MaintenanceDrain,
    "sbe_storm": SbeStorm,
    "gsp_reset_chain": GspResetChain,
    "collective_hang": CollectiveHang,
    "row_remap_pending": RowRemapPending,
    "driver_regression": DriverRegression,
}
BENIGN_FAULTS = frozenset({"xid45_churn", "telemetry_artifact", "maintenance_drain"})
