"""Several remote-write feeders, each owning a share of the racks, fed by vmagent's own routing.

One feeder (``watch --source remote-write:… --feed-shards``) is one Python thread: past ~40,000
GPUs on a core it falls behind (bench/README). The racks are therefore dealt to several
feeders (``--feed-racks``), and vmagent sends each feeder only its racks' series: one
``-remoteWrite.url`` per feeder, each with its own ``-remoteWrite.urlRelabelConfig`` keeping
that feeder's racks (:func:`url_relabel_config`). No distribution layer of our own: vmagent
keeps a persistent queue per URL, so a feeder killed or replaced finds its racks' pushes waiting
and retried when it listens again, and the other feeders never see them. (vmagent ≥ 1.85 also
has ``-remoteWrite.shardByURL``, which spreads series over the URLs by a hash of their labels:
that splits a rack over feeders, so the per-URL relabelling by rack is what is used here.)

A feeder publishes its racks' NATS shard subjects exactly as the single feeder did
(:func:`agents.noc.worker.feed_shards` over :func:`racks_topology`), and serves ``/metrics``
with its racks' lag (:func:`feeder_metrics`).

Pure: no I/O; the source (:mod:`cli.remote_write_source`) serves what this renders.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from gpufleet.telemetry.topology import Cluster, Topology

RACK_LABEL = "rack"  # the target label the scrape config gives every exporter


def parse_racks(spec: str) -> tuple[str, ...]:
    """``rack-1,rack-2`` → the rack names (ValueError for an empty name or a repeat)."""
    racks = tuple(r.strip() for r in spec.split(","))
    if not all(racks):
        raise ValueError(f"--feed-racks expects RACK[,RACK...], got {spec!r}")
    if len(set(racks)) != len(racks):
        twice = sorted({r for r in racks if racks.count(r) > 1})
        raise ValueError(f"--feed-racks names {', '.join(twice)} twice")
    return racks


def racks_topology(topology: Topology, racks: Sequence[str]) -> Topology:
    """The part of ``topology`` that is ``racks``, in the fleet's order (ValueError naming
    the racks the fleet does not have)."""
    missing = [r for r in racks if r not in topology.rack_pos]
    if missing:
        known = ", ".join(topology.rack_keys[:20]) + (" …" if topology.n_racks > 20 else "")
        raise ValueError(f"no rack {', '.join(missing)} in the topology (racks: {known})")
    wanted = set(racks)
    clusters = []
    for cluster in topology.clusters:
        mine = tuple(r for r in cluster.racks if r.name in wanted)
        if mine:
            clusters.append(Cluster(name=cluster.name, racks=mine))
    return Topology(clusters)


def deal_racks(rack_keys: Sequence[str], feeders: int) -> list[tuple[str, ...]]:
    """The racks in ``feeders`` contiguous shares as even as can be (neighbouring racks share
    PDUs and cooling: one feeder late delays one area, not a stripe across the fleet)."""
    if feeders < 1:
        raise ValueError(f"feeders must be at least 1, got {feeders}")
    n = len(rack_keys)
    bounds = [round(k * n / feeders) for k in range(feeders + 1)]
    return [tuple(rack_keys[a:b]) for a, b in itertools.pairwise(bounds) if b > a]


def url_relabel_config(racks: Sequence[str], label: str = RACK_LABEL) -> str:
    """A ``-remoteWrite.urlRelabelConfig`` file keeping the series of ``racks`` (by the target
    label ``label``, which the scrape config sets from the inventory) and dropping that label
    again, so the feeder sees the exporter's labels as before."""
    alternatives = "|".join(_regex_literal(r) for r in racks)
    return (
        f"- action: keep\n  source_labels: [{label}]\n  regex: '{alternatives}'\n"
        f"- action: labeldrop\n  regex: '{label}'\n"
    )


def _regex_literal(text: str) -> str:
    out = "".join("\\" + c if c in r".^$*+?()[]{}|\\" else c for c in text)
    return out.replace("'", "''")  # YAML single-quoted


@dataclass(frozen=True)
class FeederCounts:
    """What ``/metrics`` shows beside the racks' lag."""

    requests: int
    rejected: int
    samples: int
    slow_series: int
    unmapped: int
    cached_series: int
    cache_capacity: int
    ticks: int
    last_tick: float  # data time of the last tick handed on (0: none yet)


def rack_newest_s(
    stamp_ms: npt.NDArray[np.int64], gpu_rack: npt.NDArray[np.intp], n_racks: int
) -> npt.NDArray[np.float64]:
    """Per rack, the timestamp (s) of its newest sample in the matrix (NaN: none yet)."""
    newest = np.full(n_racks, -1, dtype=np.int64)
    if stamp_ms.size:
        np.maximum.at(newest, gpu_rack, stamp_ms.max(axis=1))
    out = newest / 1000.0
    out[newest < 0] = np.nan
    return out


def feeder_metrics(
    racks: Sequence[str], newest_s: npt.NDArray[np.float64], now: float, counts: FeederCounts
) -> str:
    """Prometheus text: per rack, its newest sample's time and the lag ``now`` - that (a rack
    with nothing yet shows no lag line: absent, not zero), and the feeder's counts."""
    lines = [
        "# HELP gpufleet_feeder_rack_lag_seconds Now minus the rack's newest sample received.",
        "# TYPE gpufleet_feeder_rack_lag_seconds gauge",
    ]
    for rack, t in zip(racks, newest_s.tolist(), strict=True):
        if not math.isnan(t):
            lines.append(f'gpufleet_feeder_rack_lag_seconds{{rack="{rack}"}} {now - t:.3f}')
    lines += [
        "# TYPE gpufleet_feeder_rack_newest_sample_timestamp_seconds gauge",
        *(
            f'gpufleet_feeder_rack_newest_sample_timestamp_seconds{{rack="{r}"}} {t:.3f}'
            for r, t in zip(racks, newest_s.tolist(), strict=True)
            if not math.isnan(t)
        ),
    ]
    c = counts
    for name, kind, value in (
        ("remote_write_requests_total", "counter", c.requests),
        ("remote_write_rejected_total", "counter", c.rejected),
        ("remote_write_samples_total", "counter", c.samples),
        ("remote_write_slow_series_total", "counter", c.slow_series),
        ("remote_write_unmapped_series_total", "counter", c.unmapped),
        ("remote_write_label_cache_series", "gauge", c.cached_series),
        ("remote_write_label_cache_capacity", "gauge", c.cache_capacity),
        ("feeder_ticks_total", "counter", c.ticks),
        ("feeder_last_tick_timestamp_seconds", "gauge", c.last_tick),
        ("feeder_racks", "gauge", len(racks)),
    ):
        lines += [f"# TYPE gpufleet_{name} {kind}", f"gpufleet_{name} {value}"]
    return "\n".join(lines) + "\n"
