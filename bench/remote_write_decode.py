#!/usr/bin/env python
"""Remote-write decode cost, cold (every series seen for the first time: a receiver that just
started) and warm (the label-block cache hit), in this process, with no HTTP or snappy.

    python bench/remote_write_decode.py [--nodes 128] [--repeat 3] [--memory] [--json OUT]

One WriteRequest of ``--nodes`` nodes × 8 GPUs × the registry's core GPU fields, each series
marshalled as vmagent does (dcgm-exporter's labels plus ``job``/``instance``, then one sample
with a millisecond timestamp). Reports the best of ``--repeat`` runs of each, as CPU µs per
series (``time.process_time``): on a shared machine the best run is the least disturbed.

``--memory``: the label cache's bytes per series (what sizes ``watch --label-cache``): the
Python heap a fresh receiver holds after one cold request (``tracemalloc``: the series cache,
the per-GPU and per-name caches; the request itself and the matrices allocated before are
not counted), over the series cached.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from gpufleet.sim.remote_write_body import series
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.remote_write import RemoteWriteIngest
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import gpu_labels

T0_MS = 1_764_000_000_000


def request(topo: Topology) -> tuple[bytes, int]:
    parts = []
    for g in range(topo.n_gpus):
        base = {k: v for k, v in gpu_labels(topo, g).items() if k not in ("job", "instance")}
        for name in GPU_FIELD_NAMES:
            labels = {"__name__": name, **base, "job": "dcgm", "instance": f"10.0.{g // 8}.1:9400"}
            parts.append(series(labels, (40.0 + g % 7, T0_MS + g)))
    return b"".join(parts), len(parts)


def cache_bytes_per_series(topo: Topology, buf: bytes) -> dict[str, float]:
    """Heap held after one cold request, over the series cached (see the module doc)."""
    ingest = RemoteWriteIngest(topo)
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    ingest.ingest_decoded(buf)
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return {
        "cached_series": ingest.cached_series,
        "cache_bytes": held,
        "cache_bytes_per_series": held / ingest.cached_series,
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nodes", type=int, default=128)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--memory", action="store_true", help="the label cache's bytes per series")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    topo = Topology(
        [build_cluster(racks=max(1, args.nodes // 32), nodes_per_rack=min(32, args.nodes))]
    )
    buf, n = request(topo)
    cold, warm = [], []
    for _ in range(args.repeat):
        ingest = RemoteWriteIngest(topo)
        t = time.process_time()
        ingest.ingest_decoded(buf)
        cold.append(time.process_time() - t)
        t = time.process_time()
        ingest.ingest_decoded(buf)
        warm.append(time.process_time() - t)
    out = {
        "gpus": topo.n_gpus,
        "series": n,
        "bytes": len(buf),
        "cold_us_per_series": min(cold) / n * 1e6,
        "warm_us_per_series": min(warm) / n * 1e6,
    }
    if args.memory:
        out |= cache_bytes_per_series(topo, buf)
    print(json.dumps(out, indent=1))
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
