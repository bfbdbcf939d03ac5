"""Allocated-but-idle, under-used and CPU-only jobs, and chargeback by team (pure)."""

from __future__ import annotations

from collections import defaultdict

import numpy as np

from gpufleet.agents.perf.findings import JobRef, TeamCharge, WasteFinding
from gpufleet.agents.perf.stats import UNDER_UTIL, FleetStats
from gpufleet.telemetry.window import JobSpan

MIN_GPU_HOURS = 1.0  # shorter holds are noise for a report over days
IDLE_SHARE = 0.8  # of the job's GPU-time under IDLE_UTIL
CPU_ONLY_FB_MIB = 1024.0  # a CUDA context alone takes ~500 MiB: less means no GPU process
CPU_ONLY_HOST_PCT = 60.0
UNALLOCATED = "(unallocated)"


def job_ref(job: JobSpan) -> JobRef:
    return JobRef(job_id=job.job_id, user=job.user, team=job.team, kind=job.kind)


def _classify(idle_share: float, mean_util: float, fb_max: float, cpu: float) -> str | None:
    if idle_share >= IDLE_SHARE:
        if fb_max < CPU_ONLY_FB_MIB and cpu >= CPU_ONLY_HOST_PCT:
            return "cpu_only"
        return "idle"
    if mean_util < UNDER_UTIL:
        return "under_used"
    return None


def find_waste(stats: FleetStats) -> list[WasteFinding]:
    """Jobs that hold GPUs and leave them idle / under-used / unused (running on the CPU)."""
    j = stats.job
    out: list[WasteFinding] = []
    for i, job in enumerate(stats.jobs):
        present_h = j["present_s"][i] / 3600.0
        if present_h < MIN_GPU_HOURS:
            continue
        idle_share = j["idle_s"][i] / j["present_s"][i]
        mean_util = j["util_s"][i] / j["present_s"][i]
        cpu = j["cpu_s"][i] / j["present_s"][i]
        kind = _classify(idle_share, mean_util, float(j["fb_max"][i]), cpu)
        if kind is None:
            continue
        wasted = (
            j["idle_s"][i] / 3600.0 if kind != "under_used" else present_h * (1 - mean_util / 100)
        )
        out.append(
            WasteFinding(
                job=job_ref(job),
                kind=kind,
                gpus=tuple(stats.gpu_keys[g] for g in job.gpus),
                allocated_gpu_hours=round(present_h, 3),
                wasted_gpu_hours=round(float(wasted), 3),
                mean_util_pct=round(float(mean_util), 2),
                host_cpu_pct=round(float(cpu), 1),
            )
        )
    return sorted(out, key=lambda f: -f.wasted_gpu_hours)


def chargeback(stats: FleetStats) -> list[TeamCharge]:
    """GPU-hours held, idle GPU-hours and energy per team; free GPUs' energy as unallocated."""
    acc: dict[str, np.ndarray] = defaultdict(lambda: np.zeros(3))
    j = stats.job
    for i, job in enumerate(stats.jobs):
        acc[job.team] += (j["present_s"][i], j["idle_s"][i], j["energy_j"][i])
    held_energy = float(j["energy_j"].sum()) if len(stats.jobs) else 0.0
    free_energy = float(stats.gpu["energy_j"].sum()) - held_energy
    if free_energy > 0:
        acc[UNALLOCATED] += (0.0, 0.0, free_energy)
    return sorted(
        (
            TeamCharge(
                team=team,
                gpu_hours=round(v[0] / 3600, 2),
                idle_gpu_hours=round(v[1] / 3600, 2),
                energy_kwh=round(v[2] / 3.6e6, 2),
            )
            for team, v in acc.items()
        ),
        key=lambda c: -c.gpu_hours,
    )
