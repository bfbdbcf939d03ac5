#!/usr/bin/env python
"""Detection delay per fault class, in seconds and in samples.

    python bench/detection_delay.py [--onset-h 3] [--tail-s 1800] [--faults a,b] [--json OUT]

For every fault class in ``sim.faults.ALL_FAULTS`` this simulates the default cluster
(``build_cluster()``: 4 racks × 5 nodes × 8 GPUs) with a fixed seed and the fault injected at
``--onset-h`` hours (so baselines and the thermal model are warm), runs until onset + the
truth's ``max_delay_s`` + ``--tail-s``, feeds every tick through a fresh ``Detector`` and finds
the first ``IncidentOpened`` / ``IncidentUpdated`` at or after onset whose incident covers the
truth:

- ``root``:   incident.root_entity is the truth's root entity;
- ``entity``: the truth's root is in incident.entities or incident.context_entities;
- ``node``:   (node truths) incident.root_entity is a GPU of that node;
- ``job``:    one of the truth's jobs is in incident.jobs.

Delay = (tick time of that event − onset); samples = delay / sampling interval (15 s), i.e.
0 means the incident came out of the very tick on which the fault first showed. The table also
says whether the delay is within the truth's ``max_delay_s`` and compares the incident's scope
and family with the truth's; "exact" is the delay of the first covering incident whose scope and
family both equal the truth's; "first touch" is the delay of the first incident event that
involves any GPU the fault shows on, even at a narrower scope than the truth's (e.g. one GPU of
a rack whose cooling failed, before the incident widens to the rack). Benign classes
(``truth().benign``) report how many incidents opened from onset on (should be 0). "FP" counts
opened incidents that involve nothing of the truth: before onset (3 h of healthy fleet) / from
onset on. ``--seeds 1,2,3`` gives one row per seed; ``--jobs N`` runs them in N processes.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpufleet.evals.scoring import matches

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Incident, IncidentOpened, IncidentUpdated
from gpufleet.sim.faults import ALL_FAULTS
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.truth import GroundTruth

SEED = 1
INTERVAL_S = 15.0


def touches(inc: Incident, truth: GroundTruth) -> bool:
    """The incident involves at least one of the GPUs the fault shows on (partial coverage)."""
    mine = {inc.root_entity, *inc.entities, *inc.context_entities}
    return bool(mine & set(truth.entities))


def covers(inc: Incident, truth: GroundTruth, topo: Topology) -> str | None:
    """How ``inc`` covers the truth (root / entity / node / job), or None.

    Detection itself is decided by the project's one matching rule (evals.scoring.matches);
    this only labels how a match or a near miss relates to the truth, for the table."""
    root = truth.root_entity
    if matches(inc, truth):
        return "root" if inc.root_entity == root else "entity"
    if inc.root_entity == root:
        return "root"
    if root in inc.entities or root in inc.context_entities:
        return "entity"
    if root in topo.node_pos and inc.root_entity.startswith(root + "/"):
        return "node"
    if truth.jobs and set(truth.jobs) & set(inc.jobs):
        return "job"
    return None


@dataclass
class Outcome:
    fault_class: str
    benign: bool
    truth_root: str
    truth_scope: str
    truth_family: str
    max_delay_s: float
    onset: float
    ran_s: float
    detected: bool = False
    delay_s: float | None = None
    delay_samples: int | None = None
    within: bool | None = None
    event: str | None = None
    match: str | None = None
    incident_scope: str | None = None
    incident_family: str | None = None
    incident_root: str | None = None
    incident_symptoms: list[str] = field(default_factory=list)
    exact_delay_s: float | None = None
    first_touch_s: float | None = None  # first incident event on any of the truth's GPUs
    opened_after_onset: int = 0  # all incidents opened at or after onset
    related_after_onset: int = 0  # ... of which cover the truth
    fp_before_onset: int = 0
    fp_after_onset: int = 0
    seconds: float = 0.0
    seed: int = SEED


def run_one(name: str, onset_h: float, tail_s: float, seed: int) -> Outcome:
    t0 = time.perf_counter()
    topo = Topology([build_cluster()])
    fault = ALL_FAULTS[name](onset_s=onset_h * 3600.0)
    sim = FleetSimulator(topo, seed=seed, interval_s=INTERVAL_S, faults=[fault])
    planned = fault.truth(sim)  # max_delay_s is known at bind time; the root may not be yet
    duration = onset_h * 3600.0 + planned.max_delay_s + tail_s
    det = Detector(topo)
    log: list[tuple[float, IncidentOpened | IncidentUpdated]] = []
    for tick in sim.run(duration):
        for e in det.process(tick):
            if isinstance(e, (IncidentOpened, IncidentUpdated)):
                log.append((tick.timestamp, e))
    truth = fault.truth(sim)  # after the run: e.g. the job a fault started is known now
    out = Outcome(
        fault_class=name,
        benign=truth.benign,
        truth_root=truth.root_entity,
        truth_scope=truth.scope,
        truth_family=truth.family,
        max_delay_s=truth.max_delay_s,
        onset=truth.onset,
        ran_s=duration,
        seed=seed,
    )
    for t, e in log:
        inc = e.incident
        how = covers(inc, truth, topo)
        related = how is not None or touches(inc, truth)
        opened = isinstance(e, IncidentOpened)
        if opened:
            if t < truth.onset:
                out.fp_before_onset += not related
            else:
                out.opened_after_onset += 1
                out.related_after_onset += related
                out.fp_after_onset += not related
        if t >= truth.onset and related and out.first_touch_s is None:
            out.first_touch_s = t - truth.onset
        if t < truth.onset or not matches(inc, truth):
            continue
        if not out.detected:
            out.detected = True
            out.delay_s = t - truth.onset
            out.delay_samples = round(out.delay_s / INTERVAL_S)
            out.within = out.delay_s <= truth.max_delay_s
            out.event = f"updated:{e.change}" if isinstance(e, IncidentUpdated) else e.kind
            out.match = how
            out.incident_scope = inc.scope.value
            out.incident_family = inc.family.value
            out.incident_root = inc.root_entity
            out.incident_symptoms = list(inc.symptoms)
        if (
            out.exact_delay_s is None
            and inc.scope.value == truth.scope
            and inc.family.value == truth.family
        ):
            out.exact_delay_s = t - truth.onset
    out.seconds = time.perf_counter() - t0
    return out


def _s(x: float | None) -> str:
    return "—" if x is None else f"{x:.0f}"


def _yn(a: str | None, b: str) -> str:
    return "—" if a is None else ("yes" if a == b else "no")


def markdown(rows: list[Outcome]) -> str:
    multi = len({r.seed for r in rows}) > 1
    sc, sh = ("| seed ", "---:|") if multi else ("", "")
    lines = [
        f"| fault class {sc}| truth scope / family | max delay s | detected | delay s | samples "
        "| within max | incident scope / family | match | scope ok | family ok | exact s "
        "| first touch s | FP before / after onset |",
        f"|---|{sh}---|---:|:---:|---:|---:|:---:|---|---|:---:|:---:|---:|---:|---:|",
    ]
    for o in (r for r in rows if not r.benign):
        ok_scope = _yn(o.incident_scope, o.truth_scope)
        ok_fam = _yn(o.incident_family, o.truth_family)
        lines.append(
            f"| {o.fault_class} {f'| {o.seed} ' if multi else ''}"
            f"| {o.truth_scope} / {o.truth_family} | {o.max_delay_s:.0f} "
            f"| {'yes' if o.detected else '**no**'} | {_s(o.delay_s)} | {_s(o.delay_samples)} "
            f"| {'—' if o.within is None else ('yes' if o.within else '**no**')} "
            f"| {o.incident_scope or '—'} / {o.incident_family or '—'} | {o.match or '—'} "
            f"| {ok_scope} | {ok_fam} | {_s(o.exact_delay_s)} | {_s(o.first_touch_s)} "
            f"| {o.fp_before_onset} / {o.fp_after_onset} |"
        )
    benign = [r for r in rows if r.benign]
    if benign:
        lines += [
            "",
            f"| benign class {sc}| truth root | incidents opened from onset (should be 0) "
            "| of which on the truth's entities | FP before onset |",
            f"|---|{sh}---|---:|---:|---:|",
        ]
        for o in benign:
            lines.append(
                f"| {o.fault_class} {f'| {o.seed} ' if multi else ''}| {o.truth_root} "
                f"| {o.opened_after_onset} "
                f"| {o.related_after_onset} | {o.fp_before_onset} |"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--onset-h", type=float, default=3.0, help="fault onset after the start, hours")
    p.add_argument("--tail-s", type=float, default=1800.0, help="run past onset + max delay")
    p.add_argument(
        "--seeds", default=str(SEED), help="simulator seed(s), comma-separated (one row each)"
    )
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--faults", default=None, help="comma-separated subset of fault classes")
    p.add_argument("--json", dest="json_out", default=None, help="write results as JSON here")
    p.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 if a fault is missed or late, or a benign class opens an incident",
    )
    args = p.parse_args(argv)

    names = list(ALL_FAULTS) if args.faults is None else args.faults.split(",")
    unknown = [n for n in names if n not in ALL_FAULTS]
    if unknown:
        p.error(f"unknown fault class(es) {unknown}; known: {', '.join(ALL_FAULTS)}")

    seeds = [int(x) for x in args.seeds.split(",") if x.strip()]
    work = [(name, seed) for name in names for seed in seeds]
    wall0 = time.perf_counter()
    rows: list[Outcome] = []
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futs = [pool.submit(run_one, n, args.onset_h, args.tail_s, sd) for n, sd in work]
            for f in futs:
                rows.append(f.result())
                print(f"  {rows[-1].fault_class:<24} seed {rows[-1].seed}", file=sys.stderr)
    else:
        for name, seed in work:
            rows.append(run_one(name, args.onset_h, args.tail_s, seed))
            print(f"  {name:<24} seed {seed} {rows[-1].seconds:5.1f} s", file=sys.stderr)
    wall = time.perf_counter() - wall0

    print(
        f"Detection delay per fault class — build_cluster() (160 GPUs), "
        f"seed{'s' if len(seeds) > 1 else ''} {args.seeds}, "
        f"onset at {args.onset_h:g} h, interval {INTERVAL_S:g} s, "
        f"run to onset + max delay + {args.tail_s:.0f} s"
    )
    print()
    print(markdown(rows))
    print()
    real = [r for r in rows if not r.benign]
    print(
        f"detected {sum(r.detected for r in real)}/{len(real)}, within max delay "
        f"{sum(bool(r.within) for r in real)}/{len(real)}, exact scope+family "
        f"{sum(r.exact_delay_s is not None for r in real)}/{len(real)}; benign classes with "
        f"incidents: {sum(r.opened_after_onset > 0 for r in rows if r.benign)}; "
        f"wall time {wall:.1f} s"
    )

    if args.json_out:
        doc: dict[str, Any] = {
            "benchmark": "detection_delay",
            "seeds": seeds,
            "onset_h": args.onset_h,
            "tail_s": args.tail_s,
            "interval_s": INTERVAL_S,
            "results": [vars(r) for r in rows],
            "wall_s": wall,
        }
        out = Path(args.json_out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(doc, indent=2) + "\n")

    bad = any(not r.within for r in real) or any(r.opened_after_onset for r in rows if r.benign)
    return 1 if (bad and args.strict) else 0


if __name__ == "__main__":
    raise SystemExit(main())
