#!/usr/bin/env python
"""The storm through real processes: raw anomalies vs incidents, detection delay, per-stage cost,
and a NOC worker SIGKILLed mid-storm.

    nice -n 19 python bench/storm_bench.py [--racks 6 --nodes 40] [--warmup 120 --after 60]
                                           [--json OUT]

The fleet (:func:`sim.storm.storm_fleet`): ``--racks`` racks of ``--nodes`` 8-GPU nodes. At
onset (after ``--warmup`` ticks of 15 s), at once: rack-1 loses its cooling (every GPU of a
``--nodes``-node rack), a PDU feeding rack-2 and rack-3 trips (power brake on both racks), and a
training job over the last 1,000 GPUs (125 nodes, across racks) is cancelled with Xid 45 on
every GPU (benign). ``--after`` ticks follow the onset.

Path: a real ``nats-server -js`` on 127.0.0.1; this process feeds the ticks cut by rack
(:func:`agents.noc.worker.feed_shards`: cut, encode, publish) as fast as the server takes them;
one ``gpufleet noc-worker`` process per rack (or ``--workers`` processes, several racks each); one
``gpufleet correlate``. The worker process holding the cooled rack SIGKILLs itself
(``GPUFLEET_FAILPOINTS=noc.tick_published``) right after publishing the events of its
``--kill-after``-th storm tick and before acking it, and is restarted: it rebuilds its detector
from its shards read back up to its acks, and gets the rest again from its consumers.

Reported: raw anomalies (paging and info) vs incidents standing at the end (opened and not merged
away) and their roots vs the causes; detection delay of each cause in intervals (incident opened
time - onset, data time); CPU per stage from ``/proc/PID/stat`` (workers, correlator, nats-server)
and ``time.process_time`` (simulate, feed), as samples per CPU second; RSS per worker over its
rack's GPUs; and the kill check: the incidents equal, id for id, what the same ticks give the same
detectors and correlator in one process without a kill (none lost, none duplicated). From the
per-sample cost: the GPUs one core keeps live at a 15 s interval, per stage.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import asyncio
import json
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench.loopback import cpu_s, rss_mib
from gpufleet.agents.noc.correlator import CrossRackCorrelator
from gpufleet.agents.noc.correlator_bus import CORRELATOR_NAME
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.worker import feed_shards, worker_name
from gpufleet.bus.events import (
    AnomalyDetected,
    Event,
    Incident,
    IncidentOpened,
    Severity,
)
from gpufleet.bus.failpoints import ENV
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.evals.nats_server import NatsServer
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.sim.storm import Storm, StormTicks, drained, standing, storm_fleet
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.shards import rack_topology, split_by_rack
from gpufleet.telemetry.topology import Topology

INTERVAL_S = 15.0


def samples_of(tick: Tick) -> int:
    return sum(int(f.values.size) for f in tick.frames)


class Run:
    """The storm's ticks, simulated as they are needed (a 100k-GPU run does not fit in memory),
    with the simulator's CPU and the samples counted apart."""

    def __init__(self, args: argparse.Namespace) -> None:
        self.storm = make_storm(args)
        self.topology = self.storm.topology
        self.sim = FleetSimulator(self.topology, seed=args.seed, faults=self.storm.faults)
        self.left = args.warmup + args.after
        self.sim_cpu, self.samples, self.n = 0.0, 0, 0

    def take(self, n: int | None = None) -> StormTicks:
        """The next ``n`` ticks (default: all left), simulated as the feeder takes them."""
        n = self.left if n is None else min(n, self.left)
        return StormTicks(self.topology, (self.next() for _ in range(n)), INTERVAL_S)

    def next(self) -> Tick:
        t0 = time.process_time()
        tick = self.sim.step()
        self.sim_cpu += time.process_time() - t0
        self.samples += samples_of(tick)
        self.left -= 1
        self.n += 1
        return tick


def make_storm(args: argparse.Namespace) -> Storm:
    return storm_fleet(
        racks=args.racks, nodes_per_rack=args.nodes, onset_s=args.warmup * INTERVAL_S
    )


def reference(args: argparse.Namespace) -> tuple[dict[str, str], dict[str, float]]:
    """The incidents the same ticks give rack detectors + the correlator in this process, with
    the CPU seconds of each stage."""
    run = Run(args)
    topo = run.topology
    detectors = {r: Detector(rack_topology(topo, r)) for r in topo.rack_keys}
    correlator = CrossRackCorrelator(topo)
    events: list[Event] = []
    cost: dict[str, float] = dict.fromkeys(("cut", "detect", "correlate"), 0.0)
    for tick in run.take().ticks():
        t0 = time.process_time()
        parts = split_by_rack(tick, topo)
        t1 = time.process_time()
        cost["cut"] += t1 - t0
        for rack, part in parts.items():
            t1 = time.process_time()
            found = detectors[rack].process(part)
            t2 = time.process_time()
            joined = [out for e in found for out in correlator.observe(e)]
            cost["detect"] += t2 - t1
            cost["correlate"] += time.process_time() - t2
            events += found + joined
    return {k: v[1].root_entity for k, v in standing(events).items()}, dict(cost)


def gpufleet(url: str, log: Path, *args: str, kill_at: int = 0) -> subprocess.Popen[bytes]:
    """``gpufleet ARGS --bus URL`` with its output appended to ``log``."""
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if kill_at:  # it SIGKILLs itself once it has published its kill_at-th tick, before the ack
        env[ENV] = f"noc.tick_published:{kill_at}"
    return subprocess.Popen(
        [sys.executable, "-m", "gpufleet.cli.main", *args, "--bus", url],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
        env=env,
    )


def wait_started(log: Path, consumers: int, timeout_s: float = 600.0) -> None:
    deadline = time.monotonic() + timeout_s
    while log.read_text().count("consuming") < consumers:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{log.name}: did not start: {log.read_text()[-500:]}")
        time.sleep(0.2)


class Fleet:
    """The worker and correlator processes, their logs and their CPU/RSS readings."""

    def __init__(self, url: str, topo: Topology, tmp: Path) -> None:
        self.url, self.topo, self.tmp = url, topo, tmp
        self.topology_file = tmp / "topology.json"
        self.topology_file.write_text(
            json.dumps([c.model_dump(mode="json") for c in topo.clusters])
        )
        self.procs: dict[str, subprocess.Popen[bytes]] = {}
        self.spent: dict[str, float] = {}  # CPU since started, of processes already gone
        self.rss_start: dict[str, float] = {}
        self.starts: Counter[str] = Counter()
        self.logs: dict[str, Path] = {}
        self.start_cpu: dict[str, float] = {}  # CPU s to start (the restart's read-back included)

    def start(self, name: str, shards: Sequence[str] = (), kill_at: int = 0) -> None:
        """Start a worker owning ``shards`` (none: the correlator) and wait until it consumes."""
        self.launch(name, shards, kill_at)
        self.started(name, len(shards))

    def launch(self, name: str, shards: Sequence[str] = (), kill_at: int = 0) -> None:
        """Start the process, not waiting (several start side by side, then :meth:`started`)."""
        self.starts[name] += 1
        log = self.logs[name] = self.tmp / f"{name}-{self.starts[name]}.log"
        args = ["noc-worker", *(a for r in shards for a in ("--shard", r))]
        if not shards:
            args = ["correlate"]
        self.procs[name] = gpufleet(
            self.url,
            log,
            *args,
            "--topology",
            str(self.topology_file),
            "--ack-wait",
            "5",
            kill_at=kill_at,
        )

    def started(self, name: str, shards: int) -> None:
        """Wait until ``name`` consumes its ``shards`` (the correlator: 0) and note its start."""
        wait_started(self.logs[name], max(1, shards))
        self.rss_start.setdefault(name, rss_mib(self.procs[name].pid))
        # its start (interpreter, imports, connect, read-back) is not per-sample work
        started = cpu_s(self.procs[name].pid)
        self.spent[name] = self.spent.get(name, 0.0) - started
        self.start_cpu[f"{name}#{self.starts[name]}"] = started

    async def killed(self, name: str) -> int:
        """Wait until ``name`` has killed itself; its CPU up to then still counts."""
        proc = self.procs[name]
        last = 0.0
        while proc.poll() is None:
            last = cpu_s(proc.pid) if Path(f"/proc/{proc.pid}/stat").exists() else last
            await asyncio.sleep(0.05)
        self.spent[name] = self.spent.get(name, 0.0) + last
        del self.procs[name]
        return proc.returncode

    def cpu(self, name: str) -> float:
        return self.spent.get(name, 0.0) + cpu_s(self.procs[name].pid)

    def stop(self) -> dict[str, str]:
        for proc in self.procs.values():
            proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            proc.wait(60)
        return {n: self.logs[n].read_text() for n in self.procs}


async def run_storm(
    url: str, fleet: Fleet, run: Run, groups: dict[str, list[str]]
) -> tuple[list[Event], dict[str, float]]:
    topo = fleet.topo
    victim = next(w for w, racks in groups.items() if topo.rack_keys[0] in racks)
    workers = [worker_name(r) for r in topo.rack_keys]
    async with JetStreamBus(url, fetch_batch=512) as bus:
        got: list[Event] = []

        async def keep(event: Event) -> None:
            got.append(event)

        bus.subscribe_view("*", "bench", keep, from_start=True, max_queue=4096)
        t0, sim0 = time.process_time(), run.sim_cpu
        wall0 = time.monotonic()
        await feed_shards(run.take(), topo, bus)
        feed_cpu = time.process_time() - t0 - (run.sim_cpu - sim0)
        code = await fleet.killed(victim)
        fleet.start(victim, groups[victim])
        await drained(bus, workers, [CORRELATOR_NAME])
        wall = time.monotonic() - wall0
        await asyncio.sleep(2.0)  # the view catches up with the last events
    return got, {"feed_cpu_s": feed_cpu, "wall_s": wall, "victim_exit": code}


def detection_delays(
    inc: dict[str, tuple[float, Incident]], storm: Storm, onset: float
) -> dict[str, float | None]:
    delays: dict[str, float | None] = {}
    for root in storm.roots:
        hit = [at for at, i in inc.values() if i.root_entity == root]
        delays[root] = (min(hit) - onset) / INTERVAL_S if hit else None
    return delays


def per_core(samples: int, seconds: float) -> float:
    return samples / max(seconds, 0.01)  # /proc counts in 10 ms ticks


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--racks", type=int, default=6)
    ap.add_argument("--nodes", type=int, default=40, help="nodes per rack (8 GPUs each)")
    ap.add_argument("--warmup", type=int, default=120, help="ticks before the storm")
    ap.add_argument("--after", type=int, default=60, help="ticks from the storm on")
    ap.add_argument("--kill-after", type=int, default=8, help="storm ticks before the SIGKILL")
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument(
        "--workers", type=int, default=0, help="noc-worker processes (default: one per rack)"
    )
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()

    t0 = time.process_time()
    expected, ref_cost = reference(args)
    took = time.process_time() - t0
    print(f"in one process: {took:.1f} CPU s, incidents {sorted(expected.values())}", flush=True)

    run = Run(args)
    storm, topo = run.storm, run.topology
    onset = run.sim.start + args.warmup * INTERVAL_S
    n_workers = args.workers or topo.n_racks
    groups = {
        f"w{k + 1}": list(topo.rack_keys[k::n_workers]) for k in range(min(n_workers, topo.n_racks))
    }
    print(
        f"fleet: {topo.n_racks} racks, {topo.n_nodes} nodes, {topo.n_gpus} GPUs; "
        f"{len(groups)} worker processes",
        flush=True,
    )
    with NatsServer() as server, tempfile.TemporaryDirectory(prefix="storm-bench-") as tmp:
        url = f"{server.url}/storm"
        fleet = Fleet(url, topo, Path(tmp))
        for name, racks in groups.items():
            hold_rack_1 = topo.rack_keys[0] in racks
            kill_at = (args.warmup + args.kill_after) * len(racks) if hold_rack_1 else 0
            fleet.start(name, racks, kill_at=kill_at)
        fleet.start("correlate")
        nats0 = cpu_s(server.process.pid) if server.process else 0.0
        events, timing = asyncio.run(run_storm(url, fleet, run, groups))
        worker_cpu = {w: fleet.cpu(w) for w in groups}
        corr_cpu = fleet.cpu("correlate")
        nats_cpu = (cpu_s(server.process.pid) if server.process else 0.0) - nats0
        rss = {w: rss_mib(fleet.procs[w].pid) for w in [*groups, "correlate"]}
        logs = fleet.stop()
    ticks, samples, sim_cpu = run.n, run.samples, run.sim_cpu

    results = summarize(
        args,
        storm,
        topo,
        ticks,
        events,
        expected,
        onset,
        samples,
        {
            "simulate": sim_cpu,
            "feed": timing["feed_cpu_s"],
            "workers": sum(worker_cpu.values()),
            "correlate": corr_cpu,
            "nats-server": nats_cpu,
            "wall": timing["wall_s"],
            "victim_exit": timing["victim_exit"],
        },
        ref_cost,
        rss,
        fleet.rss_start,
        logs,
    )
    results["start_cpu_s"] = {k: round(v, 2) for k, v in fleet.start_cpu.items()}
    print(json.dumps(results, indent=2))
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0 if results["kill"]["same_as_without_kill"] else 1


def summarize(
    args: argparse.Namespace,
    storm: Storm,
    topo: Topology,
    ticks: int,
    events: Sequence[Event],
    expected: dict[str, str],
    onset: float,
    samples: int,
    cpu: dict[str, float],
    ref_cost: dict[str, float],
    rss: dict[str, float],
    rss_start: dict[str, float],
    logs: dict[str, str],
) -> dict[str, Any]:
    anomalies = [e.anomaly for e in events if isinstance(e, AnomalyDetected)]
    after = [a for a in anomalies if a.time >= onset]
    paging = [a for a in after if a.severity > Severity.INFO]
    inc = standing(events)
    got = {k: v[1].root_entity for k, v in inc.items()}
    opened_per_root = Counter(
        e.incident.root_entity for e in events if isinstance(e, IncidentOpened)
    )
    gpus_per_rack = topo.n_gpus / topo.n_racks
    workers = [w for w in rss if w != "correlate"]
    fields = samples / ticks / topo.n_gpus  # samples per GPU per tick (node rows included)
    stage = {
        "feed (cut + encode + publish)": cpu["feed"],
        "noc workers (decode + detect + publish)": cpu["workers"],
        "correlate": cpu["correlate"],
        "nats-server": cpu["nats-server"],
    }
    per_stage = {
        name: {
            "cpu_s": round(s, 2),
            "samples_per_cpu_s": round(per_core(samples, s)),
            "gpus_per_core_at_15s": round(per_core(samples, s) * INTERVAL_S / fields),
        }
        for name, s in stage.items()
    }
    pipeline = sum(stage.values())
    return {
        "fleet": {
            "racks": topo.n_racks,
            "nodes": topo.n_nodes,
            "gpus": topo.n_gpus,
            "ticks": ticks,
            "samples": samples,
            "samples_per_gpu_tick": round(fields, 1),
        },
        "causes": [*storm.roots, "job cancellation (benign, Xid 45)"],
        "anomalies_since_onset": len(after),
        "anomalies_paging": len(paging),
        "anomalies_info": len(after) - len(paging),
        "anomalies_by_symptom": dict(Counter(a.symptom for a in after).most_common()),
        "incidents": sorted(got.values()),
        "incidents_per_cause_ok": sorted(got.values()) == sorted(storm.roots),
        "anomalies_per_incident": round(len(after) / max(1, len(got)), 1),
        "paging_anomalies_per_incident": round(len(paging) / max(1, len(got)), 1),
        "incidents_opened_by_root_before_merges": dict(opened_per_root),
        "detection_delay_intervals": detection_delays(inc, storm, onset),
        "per_stage": per_stage,
        "pipeline_cpu_s": round(pipeline, 2),
        "pipeline_gpus_per_core_at_15s": round(per_core(samples, pipeline) * INTERVAL_S / fields),
        "wall_s": round(cpu["wall"], 1),
        "simulate_cpu_s": round(cpu["simulate"], 1),
        "in_one_process_cpu_s": {k: round(v, 2) for k, v in ref_cost.items()},
        "rss_mib": {k: round(v, 1) for k, v in rss.items()},
        "worker_rss_growth_kib_per_gpu": round(
            sum(rss[w] - rss_start[w] for w in workers) * 1024 / topo.n_gpus, 1
        ),
        "worker_rss_mib_per_gpu": round(sum(rss[w] for w in workers) / topo.n_gpus, 3),
        "gpus_per_rack": gpus_per_rack,
        "kill": {
            "victim": f"the worker process holding {topo.rack_keys[0]} (the cooled rack), "
            f"SIGKILLed after publishing its storm tick {args.kill_after}, before the ack",
            "victim_exit_status": cpu.get("victim_exit"),
            "same_as_without_kill": got == expected,
            "expected": expected,
            "got": got,
            "duplicated_roots": [r for r, n in Counter(got.values()).items() if n > 1],
            "restarted_log": next(
                (log for log in logs.values() if f"noc-worker {topo.rack_keys[0]}:" in log), ""
            )[-600:],
        },
    }


if __name__ == "__main__":
    raise SystemExit(main())
