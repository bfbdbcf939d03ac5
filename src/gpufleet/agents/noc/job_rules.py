"""Job-level rules: symptoms that only make sense across all GPUs of one workload.

- utilization collapse: a job that was computing drops to ~0 on every rank and stays there
  (hung collective after a NIC flap, a deadlock, a lost GPU);
- idle gaps: a training job alternates between busy and idle many times within the window
  (input pipeline / data loader starvation), unlike a checkpoint's single dip;
- GPUs unused: a GPU batch job that has never touched its GPUs (no utilization, no memory)
  for a long time: it is running on the CPU;
- frozen: every rank of a job that was computing flat-lines - utilization pinned (often at
  100 %: an NCCL kernel spins waiting for a peer), power and SM clock constant sample after
  sample, no tensor-core activity - the signature of a hung collective, which a utilization
  collapse rule never sees because utilization does not drop.

Met mid-story: a compute job already running when gpufleet starts, with its model in GPU memory,
counts as having computed (a collapse needs a job that was working; one found holding its
memory was), so a job that hung before the start is still told apart from one never started.

Allocated-idle workloads (notebooks) and free GPUs never alert here: their idleness is a
capacity question for the perf agent, not an incident.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np
import numpy.typing as npt

from gpufleet.agents.noc.config import NocConfig
from gpufleet.agents.noc.rules import RuleOutput, RuleSpec, at_least, severity_where
from gpufleet.agents.noc.signals import Sustain
from gpufleet.bus.events import Family
from gpufleet.telemetry.topology import Topology, Workload, WorkloadKind

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]

GAP_SAMPLES = 40  # ring of per-job mean utilization: 10 min at a 15 s sample interval

COLLAPSE = RuleSpec(
    "job.util_collapse",
    "job_util_collapse",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_GPU_UTIL",
    "utilization collapsed on every GPU of the job",
    "%",
)
GAPS = RuleSpec(
    "job.idle_gaps",
    "job_idle_gaps",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_GPU_UTIL",
    "training job keeps going idle (input starvation)",
    "idle share",
)
UNUSED = RuleSpec(
    "job.gpus_unused",
    "job_gpus_unused",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_FB_USED",
    "GPUs allocated but never used: job runs on the CPU",
    "s",
)

FROZEN = RuleSpec(
    "job.telemetry_frozen",
    "job_telemetry_frozen",
    Family.UTILIZATION,
    "workload",
    "DCGM_FI_DEV_POWER_USAGE",
    "every rank of the job flat-lined (utilization, power, clocks constant; no tensor activity)",
    "s",
)
# "Constant": a computing GPU's power moves by watts and its utilization by points from one
# sample to the next; a spinning collective holds both to within measurement noise.
FLAT_POWER_W = 1.0
FLAT_UTIL_PCT = 0.5
FLAT_CLOCK_MHZ = 1.0
NO_TENSOR = 0.01  # DCGM_FI_PROF_PIPE_TENSOR_ACTIVE is a ratio (0-1)

_COMPUTE = (WorkloadKind.TRAINING, WorkloadKind.INFERENCE)
JOB_RULES = (COLLAPSE.rule, GAPS.rule, UNUSED.rule, FROZEN.rule)


class JobRules:
    def __init__(self, config: NocConfig, topology: Topology) -> None:
        self.th = config.thresholds
        self.topology = topology
        self.job_ids: tuple[str, ...] = ()
        self.gpu_job = np.full(topology.n_gpus, -1, dtype=np.intp)
        self.job_gpus: list[IntArray] = []
        self._alloc(0)
        n = topology.n_gpus
        self.s_flat = Sustain(n)
        # A GPU must have been seen moving before a flat line means "froze": a source that
        # always repeats one value (a cached exporter, a synthetic frame) is not a hang. Its
        # energy counter advancing counts as moving: a cache repeats the counter too, while a
        # GPU spinning in a hung collective burns energy at a constant power. So a hang that
        # was already frozen when gpufleet started is still told from a stale exporter.
        self.moved = np.zeros(n, dtype=bool)
        self._mapped = False  # a workload map was adopted: later jobs are watched from start
        # util, power and SM clock of the previous sample (the frame's columns, not copies:
        # the detector builds a new frame array every tick)
        self._last_util = np.full(n, np.nan)
        self._last_power = np.full(n, np.nan)
        self._last_clock = np.full(n, np.nan)

    def _alloc(self, k: int) -> None:
        self.kind_compute = np.zeros(k, dtype=bool)
        self.kind_training = np.zeros(k, dtype=bool)
        self.first_seen = np.full(k, np.nan)
        self.was_active = np.zeros(k, dtype=bool)
        self.ever_used = np.zeros(k, dtype=bool)
        self.found = np.zeros(k, dtype=bool)  # already running when gpufleet started
        self.ring = np.full((k, GAP_SAMPLES), np.nan)
        self.s_collapse = Sustain(k)

    def set_workloads(self, t: float, workloads: Mapping[str, Workload]) -> None:
        """Adopt the scheduler's new GPU → workload map, keeping state of surviving jobs."""
        topo = self.topology
        by_job: dict[str, list[int]] = {}
        kinds: dict[str, WorkloadKind] = {}
        for key, wl in workloads.items():
            g = topo.gpu_pos.get(key)
            jid = wl.job_id or (f"{wl.namespace}/{wl.pod}" if wl.pod else None)
            if g is None or jid is None:
                continue
            by_job.setdefault(jid, []).append(g)
            kinds[jid] = wl.kind
        old = {j: i for i, j in enumerate(self.job_ids)}
        prev = (
            self.first_seen,
            self.was_active,
            self.ever_used,
            self.ring,
            self.s_collapse.since,
            self.found,
        )
        ids = tuple(sorted(by_job))
        self._alloc(len(ids))
        self.job_ids = ids
        self.job_gpus = [np.asarray(sorted(by_job[j]), dtype=np.intp) for j in ids]
        self.gpu_job = np.full(topo.n_gpus, -1, dtype=np.intp)
        for i, j in enumerate(ids):
            self.gpu_job[self.job_gpus[i]] = i
            self.kind_compute[i] = kinds[j] in _COMPUTE
            self.kind_training[i] = kinds[j] is WorkloadKind.TRAINING
            if j in old:
                o = old[j]
                self.first_seen[i] = prev[0][o]
                self.was_active[i] = prev[1][o]
                self.ever_used[i] = prev[2][o]
                self.ring[i] = prev[3][o]
                self.s_collapse.since[i] = prev[4][o]
                self.found[i] = prev[5][o]
            else:
                self.first_seen[i] = t
                self.found[i] = not self._mapped
        self._mapped = True

    def _job_mean(self, x: FloatArray) -> FloatArray:
        k = len(self.job_ids)
        sel = (self.gpu_job >= 0) & ~np.isnan(x)
        s = np.bincount(self.gpu_job[sel], weights=x[sel], minlength=k)
        n = np.bincount(self.gpu_job[sel], minlength=k)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(n > 0, s / np.maximum(n, 1), np.nan)

    def _job_max(self, x: FloatArray) -> FloatArray:
        k = len(self.job_ids)
        out = np.full(k, -np.inf)
        sel = (self.gpu_job >= 0) & ~np.isnan(x)
        np.maximum.at(out, self.gpu_job[sel], x[sel])
        return np.where(np.isinf(out), np.nan, out)

    def _flat(
        self,
        t: float,
        util: FloatArray,
        power: FloatArray,
        clock: FloatArray,
        tensor: FloatArray,
        energy: FloatArray,
    ) -> FloatArray:
        """Seconds each GPU has been flat-lined and busy with no tensor work (NaN if not);
        ``energy`` is each GPU's energy-counter increase since the previous sample."""
        with np.errstate(invalid="ignore"):
            flat = np.abs(util - self._last_util) <= FLAT_UTIL_PCT
            flat &= np.abs(power - self._last_power) <= FLAT_POWER_W
            flat &= (np.abs(clock - self._last_clock) <= FLAT_CLOCK_MHZ) | np.isnan(clock)
            flat &= ~(tensor > NO_TENSOR)
            flat &= util >= self.th.job_active_util_pct
        known = ~np.isnan(util) & ~np.isnan(power) & ~np.isnan(self._last_power)
        self._last_util, self._last_power, self._last_clock = util, power, clock
        self.moved |= known & ~flat
        with np.errstate(invalid="ignore"):
            self.moved |= known & (energy > 0)
        self.s_flat.update(t, flat & self.moved, known, 0.0)
        return t - self.s_flat.since

    def evaluate(
        self,
        t: float,
        util: FloatArray,
        fb_used: FloatArray,
        power: FloatArray | None = None,
        clock: FloatArray | None = None,
        tensor: FloatArray | None = None,
        energy: FloatArray | None = None,
    ) -> list[RuleOutput]:
        nan = np.full(util.shape, np.nan)
        flat_s = self._flat(
            t,
            util,
            nan if power is None else power,
            nan if clock is None else clock,
            nan if tensor is None else tensor,
            nan if energy is None else energy,
        )
        k = len(self.job_ids)
        if k == 0:
            return []
        th = self.th
        mean_util = self._job_mean(util)
        self.was_active |= at_least(mean_util, th.job_active_util_pct)
        self.was_active |= self.found & at_least(self._job_max(fb_used), th.job_unused_fb_mib)
        self.ever_used |= at_least(self._job_max(util), 5.0) | at_least(
            self._job_max(fb_used), th.job_unused_fb_mib
        )

        low = ~at_least(mean_util, th.job_collapse_util_pct)
        cond = self.kind_compute & self.was_active & low
        act = self.s_collapse.update(t, cond, ~np.isnan(mean_util), th.job_collapse_for_s)
        out = [RuleOutput(COLLAPSE, severity_where(act), mean_util, th.job_collapse_util_pct)]

        self.ring = np.roll(self.ring, -1, axis=1)
        self.ring[:, -1] = mean_util
        full = ~np.isnan(self.ring).any(axis=1)
        idle = self.ring < th.job_gap_util_pct
        idle_share = idle.mean(axis=1)
        transitions = (idle[:, 1:] != idle[:, :-1]).sum(axis=1)
        gaps = (
            self.kind_training
            & full
            & (transitions >= th.job_gap_min_transitions)
            & (idle_share >= th.job_gap_min_fraction)
            & (idle_share <= th.job_gap_max_fraction)
        )
        out.append(RuleOutput(GAPS, severity_where(gaps), idle_share, th.job_gap_min_fraction))

        age = t - self.first_seen
        unused = self.kind_compute & ~self.ever_used & at_least(age, th.job_unused_after_s)
        out.append(RuleOutput(UNUSED, severity_where(unused), age, th.job_unused_after_s))
        out.append(self._frozen(flat_s))
        return out

    def _frozen(self, flat_s: FloatArray) -> RuleOutput:
        """Every rank flat for ``job_frozen_for_s`` (the job's shortest flat run counts)."""
        k = len(self.job_ids)
        sel = self.gpu_job >= 0
        shortest = np.full(k, np.inf)
        np.minimum.at(shortest, self.gpu_job[sel], np.nan_to_num(flat_s[sel], nan=-1.0))
        shortest = np.where(np.isinf(shortest) | (shortest < 0), np.nan, shortest)
        multi = np.bincount(self.gpu_job[sel], minlength=k) >= 2  # a collective needs peers
        frozen = self.kind_compute & multi & at_least(shortest, self.th.job_frozen_for_s)
        return RuleOutput(FROZEN, severity_where(frozen), shortest, self.th.job_frozen_for_s)
