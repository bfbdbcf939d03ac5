"""Recurring idle gaps per job over the whole window: the chunks' periodicity merged."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.perf.findings import GapFinding
from gpufleet.agents.perf.periodic import CAUSES
from gpufleet.agents.perf.stats import FleetStats
from gpufleet.agents.perf.waste import job_ref

ADVICE = {
    "data_loading": "more data-loader workers, prefetching and pinned memory (the host CPU is "
    "pegged while the GPUs wait)",
    "checkpointing": "asynchronous or sharded checkpoints (the GPUs idle while the model is "
    "copied out)",
    "synchronization": "overlap communication with compute / look for a straggler rank (the "
    "GPUs wait on a collective)",
    "unknown": "profile one step; co-schedule short work into the gaps",
}


def find_gaps(stats: FleetStats) -> list[GapFinding]:
    """Jobs periodic in at least half of the chunks they were analysed in."""
    if not stats.periodic:
        return []
    analysed = np.stack([p.analysed for p in stats.periodic])
    periodic = np.stack([p.periodic for p in stats.periodic])
    out: list[GapFinding] = []
    for j in np.flatnonzero(periodic.sum(axis=0) * 2 >= np.maximum(analysed.sum(axis=0), 1)):
        if not periodic[:, j].any():
            continue
        rows = [p for p in stats.periodic if p.periodic[j]]
        causes = [CAUSES[int(p.cause[j])] for p in rows]
        cause = max(set(causes), key=causes.count)
        job = stats.jobs[j]
        out.append(
            GapFinding(
                job=job_ref(job),
                gpus=tuple(stats.gpu_keys[g] for g in job.gpus),
                period_s=round(float(np.median([p.period_s[j] for p in rows])), 1),
                gap_share=round(float(np.mean([p.gap_share[j] for p in rows])), 3),
                cause=cause,
                wasted_gpu_hours=round(sum(float(p.gap_gpu_s[j]) for p in rows) / 3600, 3),
                chunks_periodic=len(rows),
                chunks_analysed=int(analysed[:, j].sum()),
            )
        )
    return sorted(out, key=lambda f: -f.wasted_gpu_hours)
