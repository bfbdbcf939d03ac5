"""What a proposed runbook would take out: nodes, jobs, their users and GPU-hours.

Pure, from what the diagnosis already gathered (no new reads): the nodes the state-changing
steps target, the jobs the incident and the scheduler evidence name on them, the users where a
read tool reported one, and the GPU-hours those running jobs have used so far (the work a drain
without a checkpoint could lose), from each job's GPU count and start time at the diagnosis time.
Anything the evidence does not hold is left out, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpufleet.bus.events import Diagnosis, Evidence, Incident


@dataclass(frozen=True)
class BlastRadius:
    nodes: tuple[str, ...]
    jobs: tuple[str, ...]
    users: tuple[str, ...]
    gpu_hours: float | None  # None: no job with a GPU count and a start time in the evidence


def blast_radius(dx: Diagnosis, incident: Incident | None) -> BlastRadius:
    nodes = sorted(
        {
            str(s.args["node"])
            for s in dx.plan
            if s.risk != "read" and isinstance(s.args.get("node"), str)
        }
    )
    jobs: dict[str, None] = dict.fromkeys(incident.jobs if incident else ())
    users: dict[str, None] = {}
    gpu_hours = 0.0
    counted = False
    for e in dx.evidence:
        for job in _jobs_named(e, set(nodes)):
            jobs.setdefault(job)
        user = e.facts.get("user")
        if isinstance(user, str) and user:
            users.setdefault(user)
        if (hours := _job_gpu_hours(e, dx.time)) is not None:
            gpu_hours += hours
            counted = True
    return BlastRadius(
        nodes=tuple(nodes),
        jobs=tuple(jobs),
        users=tuple(users),
        gpu_hours=gpu_hours if counted else None,
    )


def _jobs_named(e: Evidence, nodes: set[str]) -> list[str]:
    if e.tool == "slurm.show_job" and e.status == "ok":
        return [e.entity]
    if e.entity in nodes:
        listed = e.facts.get("job_ids") or e.facts.get("jobs")
        if isinstance(listed, str):
            return [j for j in listed.split(",") if j]
    return []


def _job_gpu_hours(e: Evidence, now: float) -> float | None:
    if e.tool != "slurm.show_job":
        return None
    gpus, start = e.facts.get("num_gpus"), e.facts.get("start_time")
    if not isinstance(gpus, int | float) or not isinstance(start, int | float):
        return None
    if isinstance(gpus, bool) or isinstance(start, bool) or start > now:
        return None
    return float(gpus) * (now - float(start)) / 3600.0
