#!/usr/bin/env python
"""The whole path live: exporter pages → vmagent → remote-write ingest → NOC workers on NATS
JetStream → incidents, with faults injected while it runs; end-to-end lag, CPU per stage,
memory per GPU, and whether it keeps up.

    nice python bench/scale_bench.py --gpus 12800 [--interval 15] [--seconds 120] [--json OUT]
    nice python bench/scale_bench.py --ladder [12800,25600,51200,100000] [--json OUT]

Processes, all on 127.0.0.1 (the real ones a deployment runs):

- a page server (:class:`bench.loopback.PageServer`) serving one simulated dcgm-exporter page
  per node (``--gpus``/8 nodes × 8 GPUs, ~47 fields, ~90 KB a page); it stands in for the
  exporters, so its CPU is reported but is not gpufleet's cost;
- the real ``vmagent`` scraping every page each ``--interval`` s, remote-writing to
- ``gpufleet watch --source remote-write:… --topology F --feed-shards --bus nats://…``: the
  receiver (:mod:`telemetry.remote_write`) keeps the latest matrix, ticks once an interval,
  cuts the tick by rack and publishes one message per rack;
- ``nats-server -js``; ``--workers`` ``gpufleet noc-worker`` processes owning the racks (racks of
  ``--nodes-per-rack`` nodes, dealt round robin); one ``gpufleet correlate``.

After a warm-up (a scrape round served, vmagent's remote-write queue drained, one more
interval), ``--seconds`` s are measured. In each interval ``--faults-per-interval`` faults are
injected at random moments, each on another rack and node: one GPU's double-bit ECC counter
(``DCGM_FI_DEV_ECC_DBE_VOL_TOTAL``) steps up by one in its page, which the NOC opens an
incident for at once. Per fault: when its page changed (armed), when the changed page was
first served (the sample's timestamp: vmagent stamps a sample with its scrape's start), the
data time of the tick that opened the incident, and when this process saw the
``IncidentOpened`` on the bus. The end-to-end lag is seen - sample; it splits into the wait for
the source's next tick (the receiver ticks once per interval, at its own phase, so a sample
waits 0 to 1 interval whatever the CPU) and the processing after the tick (feed, bus, worker,
publish). Faults whose incident has not come ``--drain`` intervals after the window are
counted missing (their lag is infinite).

Per stage, CPU seconds in the window from ``/proc/PID/stat``, the samples scraped in it (pages
served × samples a page), samples/s per core, cores used, and GPUs one core keeps at this
interval; RSS at the end: gpufleet's processes (feeder, workers, correlator) per GPU, and
vmagent's and nats-server's apart. Keeps up when every fault opened exactly one incident, the
processing lag p99 is under one interval, nothing is queued at the end (vmagent's remote-write
queue, the bus's telemetry and incident consumers) and the lag does not grow over the window.
The ladder runs its sizes in turn and stops after the first that does not keep up; the ceiling
is the largest that did, and the stage using the most cores at the next size is named as the
one that sets it.

The load average at the start and the end of each size is recorded: the machine is shared,
and other processes inflate every stage's CPU time (caches, SMT) and delay every process.
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMEXPR_NUM_THREADS"):
    os.environ[_var] = "1"

import argparse
import asyncio
import contextlib
import json
import math
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import httpx
import numpy as np

from bench.loopback import (
    PageServer,
    cpu_s,
    fleet_topology,
    load_average,
    render_pages,
    rss_mib,
    start_vmagent,
    vmagent_metric,
    wait_http,
)
from bench.storm_bench import Fleet, gpufleet
from gpufleet.agents.noc.correlator_bus import CORRELATOR_NAME
from gpufleet.agents.noc.worker import worker_name
from gpufleet.bus.events import Event, IncidentOpened
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.evals.nats_server import NatsServer
from gpufleet.evals.vm_server import VictoriaMetrics, free_port
from gpufleet.sim.storm import pending_acks
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.feeder_shards import deal_racks
from gpufleet.telemetry.topology import Topology

FAULT_METRIC = "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"
LADDER = (12_800, 25_600, 51_200, 100_000)
PENDING_METRIC = "vmagent_remotewrite_pending_data_bytes"
BLOCKS_METRIC = "vmagent_remotewrite_pending_inmemory_blocks"
PUSHED_METRIC = "vmagent_remotewrite_rows_pushed_after_relabel_total"
SETTLED_PENDING_BYTES = 4 * 1024 * 1024  # vmagent's queue counts as drained below this
SETTLED_BLOCKS = 2  # and at most this many blocks waiting in memory (the last second's)
MEMORY_SHARE = 0.75  # the most of the available memory a size may be projected to take


@dataclass
class Fault:
    host: str
    rack: str
    gpu: int
    armed: float  # wall time its page changed
    sampled: float | None = None  # the changed page first served = the sample's timestamp
    tick: float | None = None  # data time of the tick whose detection opened the incident
    seen: float | None = None  # wall time this process got the IncidentOpened
    incident: str = ""

    @property
    def lag_s(self) -> float:
        """Sample timestamp → incident published (inf when it never came)."""
        if self.seen is None or self.sampled is None:
            return math.inf
        return self.seen - self.sampled


def fault_targets(topo: Topology, count: int) -> list[tuple[str, str, int]]:
    """(host, rack, gpu) of ``count`` faults: racks in turn, a new node each time around."""
    racks = [r for c in topo.clusters for r in c.racks]
    out = []
    for k in range(count):
        rack = racks[k % len(racks)]
        node = rack.nodes[(k // len(racks)) % len(rack.nodes)]
        out.append((node.hostname, rack.name, k % len(node.gpus)))
    if len({h for h, _, _ in out}) < count:
        raise ValueError(f"{count} faults need {count} nodes; the fleet has {topo.n_nodes}")
    return out


class Incidents:
    """``IncidentOpened`` events as this process receives them, matched to the faults."""

    def __init__(self, faults: list[Fault]) -> None:
        self.faults = faults
        self.unmatched: list[dict[str, Any]] = []
        self.opened = 0

    async def __call__(self, event: Event) -> None:
        if not isinstance(event, IncidentOpened):
            return
        seen = time.time()
        self.opened += 1
        inc = event.incident
        for f in self.faults:
            if f.host in inc.nodes and not f.incident:
                f.seen, f.tick, f.incident = seen, event.time, inc.incident_id
                return
        self.unmatched.append({"root": inc.root_entity, "title": inc.title, "time": event.time})


# ---------------------------------------------------------------------------- one size
class Stack:
    """Every process of one run, started in order, stopped in reverse."""

    def __init__(
        self, args: argparse.Namespace, topo: Topology, tmp: Path, url: str, feeders: int
    ) -> None:
        self.args, self.topo, self.tmp, self.url = args, topo, tmp, url
        self.fleet = Fleet(url, topo, tmp)
        n = min(args.workers, topo.n_racks)
        self.groups = {f"w{k + 1}": list(topo.rack_keys[k::n]) for k in range(n)}
        # each feeder owns a contiguous share of the racks; vmagent routes by rack
        shares = deal_racks(topo.rack_keys, feeders)
        self.shares = {f"feeder-{k + 1}": racks for k, racks in enumerate(shares)}
        self.feeders: dict[str, subprocess.Popen[bytes]] = {}
        self.ports: dict[str, int] = {}
        self.carried: dict[str, float] = {}  # CPU of a feeder process replaced in the window
        self.vmagent: subprocess.Popen[bytes] | None = None
        self.vmagent_port = 0
        self.store_url = ""  # --store: VictoriaMetrics' remote-write URL

    def launch_feeder(self, name: str) -> None:
        port = self.ports.setdefault(name, free_port())
        self.feeders[name] = gpufleet(
            self.url,
            self.tmp / f"{name}.log",
            "watch",
            "--source",
            f"remote-write:127.0.0.1:{port}",
            "--topology",
            str(self.fleet.topology_file),
            "--feed-shards",
            "--feed-racks",
            ",".join(self.shares[name]),
            "--interval",
            str(self.args.interval),
        )

    def start_noc(self) -> None:
        """Workers, correlator and feeders, started side by side; returns once all serve."""
        for name, racks in self.groups.items():
            self.fleet.launch(name, racks)
        self.fleet.launch("correlate")
        for name in self.shares:
            self.launch_feeder(name)
        for name, racks in self.groups.items():
            self.fleet.started(name, len(racks))
        self.fleet.started("correlate", 0)
        for port in self.ports.values():
            wait_http(port, timeout_s=120.0)

    def replace_feeder(self, name: str) -> None:
        """SIGKILL ``name`` (its CPU so far still counts); :meth:`launch_feeder` restarts it."""
        proc = self.feeders[name]
        self.carried[name] = self.carried.get(name, 0.0) + cpu_s(proc.pid)
        proc.kill()
        proc.wait(30)

    def feeder_metrics(self, name: str) -> str:
        """The feeder's own ``/metrics`` (its racks' lag)."""
        return httpx.get(f"http://127.0.0.1:{self.ports[name]}/metrics", timeout=30.0).text

    def start_vmagent(self, page_port: int) -> None:
        hosts = [n.hostname for n in self.topo.nodes]
        rack_of = self.topo.node_rack.tolist()
        host_rack = {h: self.topo.rack_keys[r] for h, r in zip(hosts, rack_of, strict=True)}
        shards = [
            (f"http://127.0.0.1:{self.ports[name]}/api/v1/write", racks)
            for name, racks in self.shares.items()
        ]
        self.vmagent, self.vmagent_port = start_vmagent(
            hosts,
            page_port,
            "",
            self.args.interval,
            self.tmp,
            align=self.args.align,
            shards=shards,
            host_rack=host_rack,
            store_url=self.store_url,
        )

    def pids(self) -> dict[str, int]:
        """Our processes and the engines, by stage name."""
        assert self.vmagent is not None
        out = {"vmagent": self.vmagent.pid} | {k: p.pid for k, p in self.feeders.items()}
        out |= {name: p.pid for name, p in self.fleet.procs.items()}
        return out

    def cpu(self) -> dict[str, float]:
        """CPU seconds of every process by stage name, a replaced feeder's before it included."""
        return {k: cpu_s(pid) + self.carried.get(k, 0.0) for k, pid in self.pids().items()}

    def stop_vmagent(self) -> None:
        """Before the page server goes (its open connections would be cut mid-request)."""
        if self.vmagent is not None and self.vmagent.poll() is None:
            self.vmagent.terminate()
            self.vmagent.wait(60)

    def stop(self) -> str:
        self.stop_vmagent()
        for proc in self.feeders.values():
            if proc.poll() is None:
                proc.terminate()
                proc.wait(60)
        self.fleet.stop()
        log = self.tmp / "feeder-1.log"
        return log.read_text()[-800:] if log.exists() else ""


async def warm_up(
    args: argparse.Namespace, pages: PageServer, stack: Stack, nodes: int
) -> tuple[float, bool]:
    """Until a scrape round was served and vmagent's queue drained (every series decoded once
    by the receiver), then one more interval (the detectors have a previous tick to difference
    counters against); (seconds taken, whether it got there before ``--warmup-max``)."""
    t0 = time.monotonic()
    deadline = t0 + args.warmup_max
    round_rows = nodes * samples_per_page()
    warmed = False
    while not warmed and time.monotonic() < deadline:
        await asyncio.sleep(1.0)
        if pages.served() < nodes:
            continue
        # a round pushed and delivered: an empty queue alone is also true before the first push
        if not vmagent_metric(stack.vmagent_port, PUSHED_METRIC) >= round_rows:  # NaN: busy
            continue
        warmed = vmagent_drained(vmagent_queue(stack.vmagent_port))
    await asyncio.sleep(args.interval)
    return time.monotonic() - t0, warmed


def vmagent_queue(port: int) -> dict[str, float]:
    """What vmagent holds for the receiver: bytes queued and blocks waiting in memory."""
    return {
        "vmagent_pending_bytes": vmagent_metric(port, PENDING_METRIC),
        "vmagent_pending_blocks": vmagent_metric(port, BLOCKS_METRIC),
    }


def vmagent_drained(queue: dict[str, float]) -> bool:
    return (  # a NaN (vmagent too busy to answer) is not drained
        queue["vmagent_pending_bytes"] < SETTLED_PENDING_BYTES
        and queue["vmagent_pending_blocks"] <= SETTLED_BLOCKS
    )


async def inject(
    args: argparse.Namespace, pages: PageServer, topo: Topology, faults: list[Fault]
) -> None:
    """The window: faults at random moments of each interval, appended to ``faults`` as they
    are armed (the incidents are matched to them as they come)."""
    intervals = max(1, round(args.seconds / args.interval))
    targets = fault_targets(topo, intervals * args.faults_per_interval)
    rng = random.Random(args.seed)
    start = time.monotonic()
    moments = sorted(
        (i + rng.random()) * args.interval
        for i in range(intervals)
        for _ in range(args.faults_per_interval)
    )
    for at, (host, rack, gpu) in zip(moments, targets, strict=True):
        await asyncio.sleep(max(0.0, start + at - time.monotonic()))
        # the time is taken before the page changes: the page server's thread may serve the
        # changed page before this coroutine runs again, and a loaded machine showed its
        # sample a millisecond before an arm time taken after the change
        armed = time.time()
        pages.add(host, FAULT_METRIC, gpu, 1.0)
        faults.append(Fault(host, rack, gpu, armed=armed))
    await asyncio.sleep(max(0.0, start + intervals * args.interval - time.monotonic()))


async def measure(
    args: argparse.Namespace,
    stack: Stack,
    pages: PageServer,
    nats_pid: int,
    store_pid: dict[str, int],
) -> dict[str, Any]:
    topo = stack.topo
    faults: list[Fault] = []
    incidents = Incidents(faults)
    telemetry = [worker_name(r) for r in topo.rack_keys]
    async with JetStreamBus(stack.url, fetch_batch=256) as bus:
        bus.subscribe_view("incident", "scale-bench", incidents)
        warm_s, warmed = await warm_up(args, pages, stack, topo.n_nodes)
        engines = {"nats-server": nats_pid, "page server": pages.pid} | store_pid

        def cpu() -> dict[str, float]:
            return stack.cpu() | {k: cpu_s(pid) for k, pid in engines.items()}

        cpu0, served0, t0 = cpu(), pages.served(), time.monotonic()
        replacing = asyncio.create_task(replace_feeder(args, stack))
        await inject(args, pages, topo, faults)
        await replacing
        cpu1, served1, window = cpu(), pages.served(), time.monotonic() - t0
        rss = {name: rss_mib(pid) for name, pid in (stack.pids() | engines).items()}
        queued = {
            **vmagent_queue(stack.vmagent_port),
            "bus_messages": await pending_acks(bus, telemetry, [CORRELATOR_NAME]),
        }
        deadline = time.monotonic() + args.drain * args.interval
        while time.monotonic() < deadline and not all(f.seen for f in faults):
            await asyncio.sleep(0.5)
        await asyncio.sleep(1.0)  # a second incident for one fault would show by now
        rack_lag = {name: rack_lags(stack.feeder_metrics(name)) for name in stack.feeders}
    for f in faults:
        f.sampled = pages.first_served(f.host)
    return {
        "warmup_s": round(warm_s, 1),
        "warmed_up": warmed,  # False: the receiver had not caught up when the window began
        "window_s": round(window, 1),
        "pages_served": served1 - served0,
        "cpu_s": {k: cpu1[k] - cpu0[k] for k in cpu1},
        "feeder_rack_lag_s": rack_lag,
        "rss_mib": rss,
        "queued_at_end": queued,
        "faults": faults,
        "incidents_opened": incidents.opened,
        "unmatched_incidents": incidents.unmatched,
    }


async def replace_feeder(args: argparse.Namespace, stack: Stack) -> None:
    """``--replace-feeder AT``: SIGKILL the first feeder AT s into the window and start a new
    one on its port ``--feeder-down`` s later; vmagent keeps its racks' pushes meanwhile."""
    if args.replace_feeder is None:
        return
    await asyncio.sleep(args.replace_feeder)
    stack.replace_feeder("feeder-1")
    print(f"feeder-1 killed; restarting in {args.feeder_down:g} s", flush=True)
    await asyncio.sleep(args.feeder_down)
    stack.launch_feeder("feeder-1")
    await asyncio.to_thread(wait_http, stack.ports["feeder-1"], 120.0)


def rack_lags(metrics: str) -> dict[str, float]:
    """``gpufleet_feeder_rack_lag_seconds`` of a feeder's ``/metrics``, by rack."""
    out = {}
    for line in metrics.splitlines():
        if line.startswith("gpufleet_feeder_rack_lag_seconds{"):
            labels, value = line.rsplit(" ", 1)
            out[labels.split('"')[1]] = float(value)
    return out


def run_size(args: argparse.Namespace, gpus: int, feeders: int = 1) -> dict[str, Any]:
    """One size, fresh processes; the measured dict (see :func:`summarize`)."""
    if gpus % 8:
        raise ValueError(f"--gpus {gpus}: 8 GPUs a node, so a multiple of 8")
    nodes = gpus // 8
    topo = fleet_topology(nodes, min(args.nodes_per_rack, nodes))
    load_start = load_average()
    print(
        f"{gpus:,} GPUs: {nodes:,} nodes, {topo.n_racks} racks, {feeders} feeder(s); "
        f"load {load_start}",
        flush=True,
    )
    with NatsServer() as nats, tempfile.TemporaryDirectory(prefix="scale-bench-") as tmp:
        assert nats.process is not None
        stack = Stack(args, topo, Path(tmp), f"{nats.url}/scale", feeders)
        try:
            stack.start_noc()
            with (
                PageServer(nodes=nodes, nodes_per_rack=topo.n_nodes // topo.n_racks) as pages,
                contextlib.ExitStack() as store,
            ):
                store_pid = {}
                if args.store:
                    vm = store.enter_context(VictoriaMetrics())
                    assert vm.process is not None
                    stack.store_url = f"{vm.url}/api/v1/write"
                    store_pid = {"victoria-metrics": vm.process.pid}
                try:
                    stack.start_vmagent(pages.port)
                    got = asyncio.run(measure(args, stack, pages, nats.process.pid, store_pid))
                finally:
                    stack.stop_vmagent()
        finally:
            got_log = stack.stop()
    got["feeder_log_tail"] = got_log
    got["feeder_gpus"] = {k: len(v) * topo.n_gpus // topo.n_racks for k, v in stack.shares.items()}
    return summarize(args, topo, got, load_start, load_average())


# ---------------------------------------------------------------------------- report
STAGES = {
    "vmagent": "vmagent (scrape + remote write)",
    "feeder": "receiver + tick + cut + publish (`watch --feed-shards`)",
    "nats-server": "nats-server (JetStream)",
    "workers": "NOC workers (decode + detect + publish)",
    "correlate": "correlator",
    "page server": "page server (the exporters' stand-in; not gpufleet's)",
}
STORE_STAGE = {"victoria-metrics": "VictoriaMetrics single node, every series (`--store`)"}
OURS = ("feeder", "workers", "correlate")


def samples_per_page() -> int:
    page = next(iter(render_pages(fleet_topology(1, 1), 1)[0].values()))
    return parse_exposition(page).samples


def pct(values: list[float], q: float) -> float | None:
    """The nearest-rank percentile (a missing fault's infinite lag counts as the largest)."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def lag_stats(faults: list[Fault], interval: float) -> dict[str, Any]:
    lag = [f.lag_s for f in faults]
    wait = [f.tick - f.sampled for f in faults if f.tick is not None and f.sampled is not None]
    proc = [f.seen - f.tick for f in faults if f.seen is not None and f.tick is not None]
    # growth on the processing part: the wait for the tick is a random phase, not a trend
    half = len(proc) // 2
    growth = float(np.mean(proc[half:]) - np.mean(proc[:half])) if half else 0.0
    return {
        "faults": len(faults),
        "detected": sum(1 for f in faults if f.seen is not None),
        "lag_s": {"p50": pct(lag, 50), "p99": pct(lag, 99), "max": max(lag, default=None)},
        "wait_for_tick_s": {"p50": pct(wait, 50), "p99": pct(wait, 99)},
        "processing_s": {
            "p50": pct(proc, 50),
            "p99": pct(proc, 99),
            "max": max(proc, default=None),
        },
        # mean processing lag of the second half of the faults minus the first half's
        "processing_growth_s": growth,
        "lag_p99_under_interval": (pct(lag, 99) or math.inf) < interval,
    }


def stage_rows(
    cpu: dict[str, float], samples: int, window: float, gpus: int
) -> dict[str, dict[str, float]]:
    by_stage = {
        "vmagent": cpu["vmagent"],
        "feeder": sum(v for k, v in cpu.items() if k.startswith("feeder")),
        "nats-server": cpu["nats-server"],
        "workers": sum(v for k, v in cpu.items() if k.startswith("w") and k[1:].isdigit()),
        "correlate": cpu["correlate"],
        "page server": cpu["page server"],
    }
    if "victoria-metrics" in cpu:  # --store
        by_stage["victoria-metrics"] = cpu["victoria-metrics"]
    rows = {}
    for name, s in by_stage.items():
        cores = s / window
        rows[name] = {
            "cpu_s": round(s, 2),
            "cores": round(cores, 3),
            "samples_per_core_s": round(samples / s) if s > 0 else math.inf,
            "us_per_sample": round(s / samples * 1e6, 3) if samples else math.nan,
            "gpus_per_core": round(gpus / cores) if cores > 0 else math.inf,
        }
    return rows


def summarize(
    args: argparse.Namespace, topo: Topology, got: dict[str, Any], load_start: str, load_end: str
) -> dict[str, Any]:
    faults: list[Fault] = got.pop("faults")
    per_page = samples_per_page()
    samples = got["pages_served"] * per_page
    window = got["window_s"]
    stages = stage_rows(got["cpu_s"], samples, window, topo.n_gpus)
    lags = lag_stats(faults, args.interval)
    rss = got["rss_mib"]
    ours_mib = sum(
        v for k, v in rss.items() if k.startswith("feeder") or k == "correlate" or k[1:].isdigit()
    )
    per_feeder = {  # each feeder's CPU per sample of its own racks (they own equal GPU shares)
        k: round(got["cpu_s"][k] / (samples * n / topo.n_gpus) * 1e6, 3) if samples else math.nan
        for k, n in got["feeder_gpus"].items()
    }
    queued = got["queued_at_end"]
    checks = {
        "every fault opened exactly one incident, nothing else opened": lags["detected"]
        == len(faults)
        and not got["unmatched_incidents"],
        "processing lag p99 under one interval": (lags["processing_s"]["p99"] or math.inf)
        < args.interval,
        "vmagent's remote-write queue drained": vmagent_drained(queued),
        "the bus's consumers caught up": queued["bus_messages"] <= 2 * topo.n_racks,
        "processing lag not growing over the window": lags["processing_growth_s"]
        < args.interval / 2,
    }
    one_each = checks["every fault opened exactly one incident, nothing else opened"]
    keeps_up = all(checks.values())
    return {
        "gpus": topo.n_gpus,
        "nodes": topo.n_nodes,
        "racks": topo.n_racks,
        "workers": min(args.workers, topo.n_racks),
        "feeders": len(got["feeder_gpus"]),
        "feeder_us_per_sample": per_feeder,
        "feeder_rack_lag_s_after_drain": got["feeder_rack_lag_s"],
        "interval_s": args.interval,
        "samples_per_page": per_page,
        "samples_in_window": samples,
        "samples_per_s": round(samples / window) if window else 0,
        "expected_samples_per_s": round(topo.n_nodes * per_page / args.interval),
        "load_start": load_start,
        "load_end": load_end,
        **{
            k: got[k]
            for k in ("warmup_s", "warmed_up", "window_s", "pages_served", "incidents_opened")
        },
        "unmatched_incidents": got["unmatched_incidents"][:20],
        "one_incident_per_fault": one_each,
        "lag": lags,
        "stages": stages,
        "gpufleet_cores": round(sum(stages[s]["cores"] for s in OURS), 3),
        "all_cores_but_page_server": round(
            sum(v["cores"] for k, v in stages.items() if k != "page server"), 3
        ),
        "rss_mib": {k: round(v, 1) for k, v in rss.items()},
        "gpufleet_rss_kib_per_gpu": round(ours_mib * 1024 / topo.n_gpus, 2),
        "queued_at_end": queued,
        "keeps_up": keeps_up,
        "failed_checks": [k for k, ok in checks.items() if not ok],
        "fault_log": [asdict(f) | {"lag_s": f.lag_s} for f in faults],
        "feeder_log_tail": got["feeder_log_tail"],
    }


def fmt(x: float | None, spec: str = ".2f") -> str:
    if x is None:
        return "–"
    return "∞" if math.isinf(x) else format(x, spec)


def table(results: list[dict[str, Any]]) -> str:
    lines = [
        "| GPUs | feeders | samples/s | lag p50 / p99 / max (s) | wait for tick p99 | processing "
        "p50 / p99 | faults → incidents | feeder µs/sample each | gpufleet cores | all cores* "
        "| gpufleet RSS/GPU | keeps up | load |",
        "|---:|---:|---:|---|---:|---|---|---|---:|---:|---:|---|---|",
    ]
    for r in results:
        lag, proc = r["lag"]["lag_s"], r["lag"]["processing_s"]
        lines.append(
            f"| {r['gpus']:,} | {r['feeders']} | {r['samples_per_s']:,} | "
            f"{fmt(lag['p50'])} / {fmt(lag['p99'])} / "
            f"{fmt(lag['max'])} | {fmt(r['lag']['wait_for_tick_s']['p99'])} | "
            f"{fmt(proc['p50'])} / {fmt(proc['p99'])} | {r['lag']['faults']} → "
            f"{r['lag']['detected']} (+{len(r['unmatched_incidents'])} other) | "
            f"{' / '.join(fmt(v) for v in r['feeder_us_per_sample'].values())} | "
            f"{r['gpufleet_cores']:.2f} | {r['all_cores_but_page_server']:.2f} | "
            f"{r['gpufleet_rss_kib_per_gpu']:.1f} KiB | {'yes' if r['keeps_up'] else 'NO'} | "
            f"{r['load_start']} → {r['load_end']} |"
        )
    lines += [
        "",
        "\\* every stage but the page server. Per stage: µs of CPU per sample · samples/s per "
        "core · cores used in the window:",
        "",
        "| stage | " + " | ".join(f"{r['gpus']:,} × {r['feeders']}" for r in results) + " |",
        "|---|" + "---:|" * len(results),
    ]
    for key, name in (STAGES | STORE_STAGE).items():
        if not all(key in r["stages"] for r in results):
            continue
        cells = [
            f"{fmt(r['stages'][key]['us_per_sample'])} µs · "
            f"{fmt(r['stages'][key]['samples_per_core_s'], ',.0f')} · "
            f"{r['stages'][key]['cores']:.2f}"
            for r in results
        ]
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    lines += ["", "RSS at the end of the window, MiB:"]
    for r in results:
        rss = ", ".join(f"{k} {v:,.0f}" for k, v in r["rss_mib"].items())
        lines.append(f"- {r['gpus']:,} GPUs: {rss}")
    return "\n".join(lines)


def ceiling(results: list[dict[str, Any]], not_started: dict[str, Any] | None) -> dict[str, Any]:
    """The largest size that kept up; where and why the ladder stopped; the stage using the
    most cores at the last size run and, scaled linearly, at the size it stopped at."""
    kept = [r["gpus"] for r in results if r["keeps_up"]]
    last = results[-1]
    ours = {k: v for k, v in last["stages"].items() if k != "page server"}
    top = max(ours, key=lambda k: ours[k]["cores"])
    out: dict[str, Any] = {
        "largest_kept_up_gpus": max(kept, default=None),
        "busiest_stage": top,
        "busiest_stage_cores": ours[top]["cores"],
        "busiest_stage_gpus_per_core": ours[top]["gpus_per_core"],
    }
    if not_started is not None:
        out["stopped_at_gpus"] = not_started["gpus"]
        out["stopped_by"] = not_started.get("error") or (
            f"memory: projected {not_started['projected_rss_mib']:,} MiB of RSS, "
            f"{not_started['available_mib']:,} MiB available"
        )
    elif not last["keeps_up"]:
        out["stopped_at_gpus"] = last["gpus"]
        out["stopped_by"] = "; ".join(last["failed_checks"])
    if "stopped_at_gpus" in out:
        scale = out["stopped_at_gpus"] / last["gpus"]
        out["cores_at_stop_projected"] = {k: round(v["cores"] * scale, 2) for k, v in ours.items()}
    return out


def mem_available_mib() -> float:
    for line in Path("/proc/meminfo").read_text().splitlines():
        if line.startswith("MemAvailable:"):
            return int(line.split()[1]) / 1024
    return math.inf


def fits_in_memory(last: dict[str, Any], gpus: int) -> dict[str, Any]:
    """Whether ``gpus`` would fit, scaling every process's RSS at the last size linearly
    (vmagent's and the receiver's memory grow with the series): a run that does not fit would
    take the machine's memory from everyone on it, so it is not started."""
    need = sum(last["rss_mib"].values()) * gpus / last["gpus"]
    have = mem_available_mib()
    return {
        "gpus": gpus,
        "projected_rss_mib": round(need),
        "available_mib": round(have),
        "fits": need < MEMORY_SHARE * have,
        "projected_rss_mib_by_process": {
            k: round(v * gpus / last["gpus"]) for k, v in last["rss_mib"].items()
        },
    }


def ladder(
    args: argparse.Namespace, sizes: list[int], feeders: int
) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The sizes in turn with ``feeders`` feeders, stopping after the first that does not keep
    up or before one that would not fit in memory; (results, why it stopped early)."""
    results: list[dict[str, Any]] = []
    not_started: dict[str, Any] | None = None
    for gpus in sizes:
        if results and not (check := fits_in_memory(results[-1], gpus))["fits"]:
            not_started = check
            print(f"not started: {json.dumps(check)}", flush=True)
            break
        try:
            results.append(run_size(args, gpus, feeders))
        except (RuntimeError, OSError, ValueError) as e:  # a process that would not start
            not_started = {"gpus": gpus, "error": f"{type(e).__name__}: {e}"}
            print(f"{gpus:,} GPUs failed: {not_started['error']}", flush=True)
            break
        print(table(results[-1:]), flush=True)
        if not results[-1]["keeps_up"]:
            break
    return results, not_started


def flatness(results: list[dict[str, Any]]) -> dict[str, Any]:
    """Per size, the mean feeder CPU per sample with each feeder count (runs that kept up:
    one behind counts samples scraped, not ingested), the largest over the smallest, and each
    count's over the fewest feeders': a feeder's cost is flat when adding feeders keeps these
    within 1.2."""
    by_size: dict[int, dict[int, float]] = {}
    for r in results:
        each = [v for v in r["feeder_us_per_sample"].values() if math.isfinite(v)]
        if each and r["keeps_up"]:
            by_size.setdefault(r["gpus"], {})[r["feeders"]] = round(float(np.mean(each)), 3)
    return {
        str(gpus): {
            "us_per_sample": row,
            "max_over_min": round(max(row.values()) / min(row.values()), 3),
            "over_fewest_feeders": {k: round(v / row[min(row)], 3) for k, v in row.items()},
        }
        for gpus, row in by_size.items()
        if len(row) > 1 and min(row.values()) > 0
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--gpus", type=int, default=12_800, help="GPUs (8 a node)")
    ap.add_argument(
        "--ladder",
        nargs="?",
        const=",".join(map(str, LADDER)),
        help="run these sizes in turn (comma-separated GPUs), stopping after the first that "
        "does not keep up",
    )
    ap.add_argument("--interval", type=float, default=15.0, help="scrape and tick interval (s)")
    ap.add_argument("--seconds", type=float, default=120.0, help="measured window (s)")
    ap.add_argument("--faults-per-interval", type=int, default=2)
    ap.add_argument("--nodes-per-rack", type=int, default=50)
    ap.add_argument("--workers", type=int, default=2, help="noc-worker processes")
    ap.add_argument(
        "--feeders",
        default="1",
        help="remote-write feeders, each owning a share of the racks (vmagent routes by rack); "
        "a list (1,2,4) runs the sizes with each count in turn",
    )
    ap.add_argument(
        "--replace-feeder",
        type=float,
        metavar="AT",
        help="SIGKILL the first feeder AT s into the window and start a new one on its port",
    )
    ap.add_argument("--feeder-down", type=float, default=5.0, help="s between kill and restart")
    ap.add_argument(
        "--store",
        action="store_true",
        help="vmagent also remote-writes every series to a VictoriaMetrics (its cost measured)",
    )
    ap.add_argument("--warmup-max", type=float, default=180.0, help="longest warm-up (s)")
    ap.add_argument("--drain", type=float, default=3.0, help="intervals to wait for the last")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument(
        "--align",
        action="store_true",
        help="vmagent scrapes every page at the interval's multiples (scrape_align_interval): "
        "the feeder ticks when the round is in; the burst costs vmagent more",
    )
    ap.add_argument("--json", type=Path, help="write the results here")
    args = ap.parse_args(argv)
    sizes = [int(s) for s in args.ladder.split(",")] if args.ladder else [args.gpus]
    results: list[dict[str, Any]] = []
    ceilings = {}
    for feeders in (int(f) for f in args.feeders.split(",")):
        runs, not_started = ladder(args, sizes, feeders)
        results += runs
        if runs:
            ceilings[feeders] = ceiling(runs, not_started)
    if not results:
        return 1
    doc = {"results": results, "ceiling": ceilings, "feeder_flatness": flatness(results)}
    print("\n" + table(results) + "\n\n" + json.dumps(doc["ceiling"]))
    print(json.dumps(doc["feeder_flatness"]))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(doc, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
