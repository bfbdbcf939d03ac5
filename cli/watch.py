"""``gpufleet watch``: build the live pipeline from command-line source specs.

Sources (``--source``):

- ``sim`` — the demo fleet, paced by ``--speed``;
- ``replay:DIR`` — a recorded run (``gpufleet simulate``);
- ``dcgm:URL[,URL…]`` or ``dcgm:@FILE`` — scrape dcgm-exporter endpoints (FILE: one
  ``URL [hostname]`` per line; ``#`` comments);
- ``prometheus:URL`` — poll a Prometheus-API store (Prometheus, VictoriaMetrics, Thanos…);
- ``nvml`` — this host's GPUs through NVML (``nvml:fake`` drives a simulated node instead).

Extra inputs: ``--logs PATH|journal`` (repeatable; kernel logs followed live) and
``--alertmanager [HOST:]PORT`` (an Alertmanager webhook receiver alongside the NOC). Without
``--topology``, the topology is discovered from the exporters' / store's labels or from NVML.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agents.noc.alert_intake import AlertIntake, AlertReceiver
from agents.noc.detector import Detector
from agents.noc.service import AsyncTickSource, LogEventFeed
from bus.protocol import Bus
from telemetry.log_feed import KernelLogFeed
from telemetry.nvml import NvmlCollector, NvmlSource
from telemetry.nvml_fake import FakeNvml
from telemetry.promql import PromSource, PromStore
from telemetry.scrape import DcgmExporterScraper, ScrapeSource, ScrapeTarget, discover_topology
from telemetry.simulator import FleetSimulator
from telemetry.sources import TickSource
from telemetry.topology import Topology, build_cluster
from telemetry.vmjson import read_vm_jsonl


class SourceError(ValueError):
    """A source spec that cannot be built; the message says which part and why."""


@dataclass
class LiveInputs:
    source: TickSource | AsyncTickSource
    feeds: list[KernelLogFeed] = field(default_factory=list)
    receiver: AlertReceiver | None = None
    closers: list[Any] = field(default_factory=list)

    @property
    def log_feeds(self) -> list[LogEventFeed]:
        return list(self.feeds)


def read_targets(spec: str) -> list[ScrapeTarget]:
    """``URL,URL`` or ``@FILE`` (one ``URL [hostname]`` per line) → scrape targets."""
    if spec.startswith("@"):
        path = Path(spec[1:])
        try:
            lines = path.read_text().splitlines()
        except OSError as e:
            raise SourceError(f"dcgm targets file {path}: {e.strerror}") from None
        out = []
        for n, line in enumerate(lines, 1):
            parts = line.split("#", 1)[0].split()
            if not parts:
                continue
            if len(parts) > 2 or not parts[0].startswith(("http://", "https://")):
                raise SourceError(f"{path}:{n}: expected 'URL [hostname]', got {line!r}")
            out.append(ScrapeTarget(parts[0], parts[1] if len(parts) == 2 else None))
        return out
    urls = [u for u in spec.split(",") if u]
    bad = [u for u in urls if not u.startswith(("http://", "https://"))]
    if bad or not urls:
        raise SourceError(f"dcgm targets must be http(s) URLs, got {bad or spec!r}")
    return [ScrapeTarget(u, None) for u in urls]


async def discover_prometheus_topology(store: PromStore, at: float) -> Topology:
    """The fleet as the store's dcgm-exporter labels describe it (one instant query)."""
    series = store.query("DCGM_FI_DEV_GPU_TEMP", at)
    lines = [
        json.dumps(
            {
                "metric": {**s["metric"], "__name__": "DCGM_FI_DEV_GPU_TEMP"},
                "values": [float(s["value"][1])],
                "timestamps": [int(float(s["value"][0]) * 1000)],
            }
        )
        for s in series
    ]
    read = read_vm_jsonl(lines, source="prometheus instant query")
    if read.topology.n_gpus == 0:
        raise SourceError(
            "the store has no DCGM_FI_DEV_GPU_TEMP series with Hostname/gpu labels; pass --topology"
        )
    return read.topology


async def build_live(
    spec: str, *, topology: Topology | None, interval_s: float, clock_now: float
) -> tuple[TickSource | AsyncTickSource, list[Any]]:
    kind, _, arg = spec.partition(":")
    if kind == "dcgm":
        targets = read_targets(arg)
        topo = topology or await discover_topology(targets)
        scraper = DcgmExporterScraper(targets, topo)
        return ScrapeSource(scraper, interval_s), [scraper]
    if kind == "prometheus":
        if not arg.startswith(("http://", "https://")):
            raise SourceError(f"prometheus source needs a URL, got {arg!r}")
        store = PromStore(arg)
        topo = topology or await discover_prometheus_topology(store, clock_now - 120.0)
        return PromSource(store, topo, interval_s=interval_s), [store]
    if kind == "nvml":
        if arg == "fake":
            # A simulated node behind a fake NVML, to try the collector without a GPU.
            topo = topology or Topology([build_cluster(racks=1, nodes_per_rack=1)])
            fake = FakeNvml.from_simulator(FleetSimulator(topo, seed=1), topo.node_keys[0])
            collector = NvmlCollector(
                api=fake, hostname=topo.node_keys[0], topology=topo, clock=fake.now
            )
            return NvmlSource(collector, interval_s=interval_s, sleep=fake.asleep), [collector]
        collector = NvmlCollector(hostname=socket.gethostname(), topology=topology)
        return NvmlSource(collector, interval_s=interval_s), [collector]
    raise SourceError(
        f"unknown source {spec!r}: use sim, replay:DIR, dcgm:URL[,URL]|@FILE, "
        "prometheus:URL or nvml"
    )


def log_feeds(
    specs: Sequence[str], topology: Topology, node: str | None, year: int | None
) -> list[KernelLogFeed]:
    return [KernelLogFeed(s, node=node, topology=topology, year=year).start() for s in specs]


def alert_receiver(
    spec: str | None, topology: Topology, detector: Detector, bus: Bus
) -> AlertReceiver | None:
    if not spec:
        return None
    host, _, port = spec.rpartition(":")
    try:
        port_n = int(port)
    except ValueError:
        raise SourceError(f"--alertmanager expects [HOST:]PORT, got {spec!r}") from None
    intake = AlertIntake(topology, detector.open_incidents)
    return AlertReceiver(intake, bus, host or "127.0.0.1", port_n)
