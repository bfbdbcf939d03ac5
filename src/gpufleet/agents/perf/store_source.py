"""The Performance agent's input from a metrics store (VictoriaMetrics / Prometheus).

``store_windows`` reads the window in chunks of an hour (one range query per chunk for the perf
fields), so a day or a week never sits in memory whole; ``node_spans`` stands in for the
scheduler when there is none: each node is one "job", so waste and gaps are attributed per node
(the report's caveat says so). The caller owns the clock (``end``).
"""

from __future__ import annotations

from collections.abc import Iterator

from gpufleet.telemetry.promql import PromStore
from gpufleet.telemetry.topology import Topology
from gpufleet.telemetry.window import (
    PERF_GPU_FIELDS,
    PERF_NODE_FIELDS,
    JobSpan,
    MetricsWindow,
    window_from_ticks,
)

STEP_S = 15.0
CHUNK_S = 3600.0


def store_windows(
    url: str, topology: Topology, start: float, end: float, step_s: float = STEP_S
) -> Iterator[MetricsWindow]:
    """The perf fields of ``topology`` over [start, end), an hour at a time. Raises
    telemetry.promql.StoreError when the store cannot answer."""
    with PromStore(url) as store:
        a = start
        while a < end:
            b = min(a + CHUNK_S, end)
            ticks = store.range_ticks(
                a, b - step_s, step_s, topology, fields=[*PERF_GPU_FIELDS, *PERF_NODE_FIELDS]
            )
            yield window_from_ticks(ticks, topology, step_s)[0]
            a = b


def node_spans(topology: Topology, start: float) -> list[JobSpan]:
    """One pseudo-job per node (no scheduler view in a metrics store)."""
    return [
        JobSpan(
            f"node:{host}",
            "unknown",
            "unknown",
            "node",
            tuple(topology.gpus_of_node(i).tolist()),
            start,
        )
        for i, host in enumerate(topology.node_keys)
    ]
