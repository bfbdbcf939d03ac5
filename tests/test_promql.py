"""PromQL into frames against a real VictoriaMetrics on 127.0.0.1 (telemetry.promql), populated
with the simulator through telemetry.store_writer."""

from __future__ import annotations

import asyncio
import json
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Incident, IncidentOpened, IncidentUpdated
from gpufleet.evals.scoring import matches
from gpufleet.evals.vm_server import VictoriaMetrics, free_port
from gpufleet.sim.faults import DoubleBitError, PowerBrake
from gpufleet.sim.simulator import ArtifactRates, Fault, FleetSimulator
from gpufleet.telemetry.fields import GPU_FIELD_NAMES, NODE_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Tick
from gpufleet.telemetry.promql import (
    PromSource,
    PromStore,
    QueryError,
    StoreUnavailable,
    fast_matrix,
    metrics_history,
    normalize_selector,
    promql_regex_literal,
    series_selector,
)
from gpufleet.telemetry.store_writer import StoreWriteError, VictoriaMetricsWriter
from gpufleet.telemetry.topology import Cluster, Topology, build_cluster
from gpufleet.telemetry.truth import GroundTruth

SKIP_REASON = (
    "victoria-metrics (Debian package) not installed: run make test as root on Debian, "
    "which installs it"
)
needs_vm = pytest.mark.skipif(shutil.which("victoria-metrics") is None, reason=SKIP_REASON)

STEP = 15.0
DURATION_S = 3600.0


@dataclass
class Loaded:
    vm: VictoriaMetrics
    store: PromStore
    topology: Topology
    ticks: list[Tick]
    truth: list[GroundTruth]
    written: int

    @property
    def start(self) -> float:
        return self.ticks[0].timestamp

    @property
    def end(self) -> float:
        return self.ticks[-1].timestamp


def _sim() -> tuple[Topology, FleetSimulator]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=4)])  # 4 nodes, 32 GPUs
    # No 2**63 blank sentinels: VictoriaMetrics stores a block's values as decimals with one
    # shared exponent, so a 9.2e18 flattens the block's fractions. Exporter restarts are kept:
    # they leave 45 s holes (NaN rows) that the frames must reproduce.
    arts = ArtifactRates(blank_sentinel=0.0, exporter_restarts_per_node_day=24.0)
    faults: list[Fault] = [
        DoubleBitError(node="node-02", gpu=5, onset_s=1800.0),
        PowerBrake(node="node-04", onset_s=2400.0),
    ]
    return topo, FleetSimulator(topo, seed=11, artifacts=arts, faults=faults)


@pytest.fixture(scope="module")
def loaded() -> Iterator[Loaded]:
    if shutil.which("victoria-metrics") is None:
        pytest.skip(SKIP_REASON)
    topo, sim = _sim()
    ticks = list(sim.run(DURATION_S))
    with VictoriaMetrics() as vm:
        with VictoriaMetricsWriter(vm.url, batch_samples=100_000) as writer:
            written = writer.write_ticks(ticks, topo)
            assert writer.stats.requests >= 2  # chunked, not one giant request
            writer.force_flush()
        with PromStore(vm.url) as store:
            yield Loaded(vm, store, topo, ticks, sim.ground_truth(), written)


def _gap_tick(ld: Loaded) -> int:
    """A tick where some node's exporter was silent (NaN rows in the simulator's frame)."""
    for i, t in enumerate(ld.ticks[1:], start=1):
        gpu = t.frame(EntityKind.GPU)
        assert gpu is not None
        if np.isnan(gpu.values).all(axis=1).any():
            return i
    raise AssertionError("the fixture's simulation has no exporter gap; change the seed")


# ------------------------------------------------------------------------- instant frames


@needs_vm
def test_instant_frame_equals_the_simulators_frame(loaded: Loaded) -> None:
    ld = loaded
    gap = _gap_tick(ld)
    # Tick 0 is left out: VictoriaMetrics 1.79 answers an instant query at exactly 00:00 UTC
    # with nothing for series whose first sample is at that very instant (the simulator starts
    # at midnight); any later instant is exact.
    for i in sorted({1, 2, gap, gap + 1, 119, 120, 200, len(ld.ticks) - 1}):
        want = ld.ticks[i]
        res = ld.store.instant_frame(want.timestamp, ld.topology, lookback_s=STEP)
        gpu, node = want.frame(EntityKind.GPU), want.frame(EntityKind.NODE)
        assert gpu is not None and node is not None
        assert res.frame.timestamp == want.timestamp
        assert res.frame.entities is ld.topology.gpu_keys
        assert res.frame.fields is GPU_FIELD_NAMES
        # Exact, NaN-aware: VictoriaMetrics returns the float64 values it was given.
        np.testing.assert_array_equal(res.frame.values, gpu.values)
        assert res.node_frame is not None and res.node_frame.fields == NODE_FIELD_NAMES
        np.testing.assert_array_equal(res.node_frame.values, node.values)
        assert res.unmapped == [] and res.errors == []
        assert len(res.query) == 1 and res.query[0].endswith("[15000ms]")
        assert res.samples == int(np.isfinite(gpu.values).sum() + np.isfinite(node.values).sum())
        tick = res.tick()
        assert tick.timestamp == want.timestamp and len(tick.frames) == 2
    # The default 30 s lookback holds a silent exporter's last value for one tick, then NaN.
    held = ld.store.instant_frame(ld.ticks[gap].timestamp, ld.topology).frame.values
    gone = ld.store.instant_frame(ld.ticks[gap + 1].timestamp, ld.topology).frame.values
    assert not np.isnan(held).all(axis=1).any() and np.isnan(gone).all(axis=1).any()


@needs_vm
def test_per_field_strategy_gives_the_same_frame(loaded: Loaded) -> None:
    ld = loaded
    at = ld.ticks[150].timestamp
    single = ld.store.instant_frame(at, ld.topology, strategy="single")
    per_field = ld.store.instant_frame(at, ld.topology, strategy="per_field")
    np.testing.assert_array_equal(single.frame.values, per_field.frame.values)
    assert single.node_frame is not None and per_field.node_frame is not None
    np.testing.assert_array_equal(single.node_frame.values, per_field.node_frame.values)
    assert len(per_field.query) == len(GPU_FIELD_NAMES) + len(NODE_FIELD_NAMES)
    assert all(q.endswith("[30000ms]") for q in per_field.query)
    assert "DCGM_FI_DEV_GPU_TEMP[30000ms]" in per_field.query


@needs_vm
def test_field_subset_selector_and_lookback(loaded: Loaded) -> None:
    ld = loaded
    i = 100
    res = ld.store.instant_frame(
        ld.ticks[i].timestamp,
        ld.topology,
        fields=["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "NODE_CPU_UTIL"],
        selector='{Hostname=~"node-0[12]"}',
    )
    assert res.frame.fields == ("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "DCGM_FI_DEV_GPU_TEMP")
    gpu = ld.ticks[i].frame(EntityKind.GPU)
    assert gpu is not None
    for col, name in enumerate(res.frame.fields):
        want = gpu.column(name).copy()
        want[16:] = np.nan  # node-03 / node-04 excluded by the selector
        np.testing.assert_array_equal(res.frame.values[:, col], want)
    assert res.node_frame is not None and res.node_frame.fields == ("NODE_CPU_UTIL",)
    assert np.isnan(res.node_frame.values[2:]).all()
    assert 'Hostname=~"node-0[12]"' in res.query[0]
    # A time after the last sample by more than the lookback reads as missing, not stale.
    late = ld.store.instant_frame(ld.end + 31.0, ld.topology)
    assert np.isnan(late.frame.values).all() and late.node_frame is None
    held = ld.store.instant_frame(ld.end + 29.0, ld.topology)
    assert np.isfinite(held.frame.values).any()


@needs_vm
def test_series_outside_the_topology_are_unmapped_and_uuid_is_the_fallback(
    loaded: Loaded,
) -> None:
    ld = loaded
    # Same GPUs (same UUIDs) under other hostnames: GPU series map by UUID; the node series
    # (keyed by Hostname only) and nothing else are unmapped.
    raw = json.dumps([c.model_dump(mode="json") for c in ld.topology.clusters])
    renamed = Topology(
        [Cluster.model_validate(c) for c in json.loads(raw.replace('"node-0', '"host-0'))]
    )
    assert renamed.gpu_keys[0] == "host-01/gpu0" and renamed.gpu_uuid == ld.topology.gpu_uuid
    i = 60
    res = ld.store.instant_frame(ld.ticks[i].timestamp, renamed)
    gpu = ld.ticks[i].frame(EntityKind.GPU)
    assert gpu is not None
    np.testing.assert_array_equal(res.frame.values, gpu.values)
    assert res.node_frame is None
    assert {u["Hostname"] for u in res.unmapped} == {"node-01", "node-02", "node-03", "node-04"}
    assert all("gpu" not in u for u in res.unmapped)
    # A smaller topology: the other nodes' GPUs are reported, not dropped silently.
    small = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    res = ld.store.instant_frame(ld.ticks[i].timestamp, small)
    hosts = {u["Hostname"] for u in res.unmapped}
    assert hosts == {"node-03", "node-04"}
    assert len([u for u in res.unmapped if "gpu" in u]) == 16
    assert any("not in the topology" in e for e in res.errors)
    np.testing.assert_array_equal(res.frame.values, gpu.values[:16])


# ------------------------------------------------------------------------- range queries


@needs_vm
def test_range_ticks_count_alignment_and_values(loaded: Loaded) -> None:
    ld = loaded
    ticks = ld.store.range_ticks(ld.start, ld.end, STEP, ld.topology)
    assert len(ticks) == len(ld.ticks) == round(DURATION_S / STEP)
    assert [t.timestamp for t in ticks] == [ld.start + k * STEP for k in range(len(ticks))]
    for got, want in zip(ticks, ld.ticks, strict=True):
        g, w = got.frame(EntityKind.GPU), want.frame(EntityKind.GPU)
        n, wn = got.frame(EntityKind.NODE), want.frame(EntityKind.NODE)
        assert g is not None and w is not None and n is not None and wn is not None
        assert g.timestamp == got.timestamp
        np.testing.assert_array_equal(g.values, w.values)
        np.testing.assert_array_equal(n.values, wn.values)
    # The library path (PrometheusConnect + json) gives the very same frames.
    with PromStore(ld.vm.url, fast_parse=False) as plain:
        slow = plain.range_ticks(ld.start, ld.start + 600.0, STEP, ld.topology)
    for a, b in zip(slow, ticks, strict=False):
        for fa, fb in zip(a.frames, b.frames, strict=True):
            np.testing.assert_array_equal(fa.values, fb.values)
    # Every frame shares the entity and field tuples (the detector skips re-aligning).
    assert len({id(t.frames[0].fields) for t in ticks}) == 1
    assert all(t.frames[0].entities is ld.topology.gpu_keys for t in ticks)


@needs_vm
def test_range_ticks_off_grid_start_and_coarser_step(loaded: Loaded) -> None:
    ld = loaded
    start, end, step = ld.start + 7.0, ld.start + 1807.0, 60.0
    ticks = ld.store.range_ticks(start, end, step, ld.topology, fields=["DCGM_FI_DEV_GPU_TEMP"])
    assert len(ticks) == 31
    assert [t.timestamp for t in ticks] == [start + 60.0 * k for k in range(31)]
    assert all(len(t.frames) == 1 for t in ticks)  # no NODE_* field asked for: no node frame
    by_time = {t.timestamp: t for t in ld.ticks}
    for t in ticks:
        # The point is the last sample in (t − 60, t]: the simulator's tick at t − 7 s, unless
        # its exporter was silent then (a NaN row) and an earlier sample of the bucket is used.
        w = by_time[t.timestamp - 7.0].frame(EntityKind.GPU)
        assert w is not None
        want = w.column("DCGM_FI_DEV_GPU_TEMP")
        ok = np.isfinite(want)
        np.testing.assert_array_equal(t.frames[0].values[ok, 0], want[ok])
    with pytest.raises(ValueError, match="before start"):
        ld.store.range_ticks(end, start, step, ld.topology)


# ------------------------------------------------------------------------- polling source


def _run_detector(ticks: list[Tick], topo: Topology) -> list[Incident]:
    det = Detector(topo)
    final: dict[str, Incident] = {}
    for tick in ticks:
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                final[ev.incident.incident_id] = ev.incident
    return list(final.values())


class FakeClock:
    def __init__(self, now: float) -> None:
        self.now = now
        self.slept = 0.0

    def __call__(self) -> float:
        return self.now

    def sleep(self, s: float) -> None:
        assert s > 0
        self.now += s
        self.slept += s

    async def asleep(self, s: float) -> None:
        self.sleep(s)


@needs_vm
def test_prom_source_feeds_the_detector_which_finds_the_faults(loaded: Loaded) -> None:
    ld = loaded
    lag = 60.0
    clock = FakeClock(ld.start + lag + 3.0)  # polls run 3 s into each interval
    src = PromSource(
        ld.store,
        ld.topology,
        interval_s=STEP,
        lag_s=lag,
        clock=clock,
        sleep=clock.sleep,
        until=ld.end,
    )
    assert src.instant() == ld.start
    ticks = list(src.ticks())
    # Tick 0 is empty (see the VictoriaMetrics midnight note above): skipped, not an
    # all-NaN frame that would read as every GPU vanishing.
    assert src.stats.empty_instants == 1 and src.stats.failures == 0
    assert [t.timestamp for t in ticks] == [t.timestamp for t in ld.ticks[1:]]
    assert clock.slept == pytest.approx(ld.end - ld.start, abs=STEP)
    incidents = _run_detector(ticks, ld.topology)
    for gt in ld.truth:
        hits = [i for i in incidents if matches(i, gt)]
        assert hits, (gt.fault_class, [(i.title, i.root_entity) for i in incidents])
        first = min(hits, key=lambda i: i.opened_at)
        assert first.opened_at - gt.onset <= gt.max_delay_s
        assert first.root_entity == gt.root_entity


@needs_vm
def test_async_prom_source_yields_the_same_instants(loaded: Loaded) -> None:
    ld = loaded
    clock = FakeClock(ld.start + 600.0 + 30.0)
    src = PromSource(
        ld.store,
        ld.topology,
        interval_s=STEP,
        lag_s=30.0,
        clock=clock,
        sleep=clock.sleep,
        asleep=clock.asleep,
        until=ld.start + 900.0,
        fields=["DCGM_FI_DEV_GPU_TEMP"],
    )

    async def collect() -> list[Tick]:
        return [t async for t in src.aticks()]

    ticks = asyncio.run(collect())
    assert [t.timestamp for t in ticks] == [ld.start + 600.0 + STEP * k for k in range(21)]
    assert all(t.frames[0].fields == ("DCGM_FI_DEV_GPU_TEMP",) for t in ticks)


@needs_vm
def test_late_polls_skip_instants_and_count_them(loaded: Loaded) -> None:
    ld = loaded
    clock = FakeClock(ld.start + 660.0)

    def slow_sleep(s: float) -> None:  # every wait overshoots by 40 s: polls run late
        clock.sleep(s + 40.0)

    src = PromSource(
        ld.store,
        ld.topology,
        interval_s=STEP,
        lag_s=60.0,
        clock=clock,
        sleep=slow_sleep,
        until=ld.start + 1200.0,
    )
    ticks = list(src.ticks())
    stamps = [t.timestamp for t in ticks]
    assert stamps == sorted(set(stamps)) and len(stamps) < 41
    assert src.stats.skipped_instants > 0
    assert len(stamps) + src.stats.skipped_instants == 41  # the instants 600 s … 1200 s


# ------------------------------------------------------------------------- errors


def test_unreachable_store_raises_store_unavailable_with_the_url() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    with PromStore(url, timeout_s=2.0) as store:
        began = time.monotonic()
        with pytest.raises(StoreUnavailable, match=r"127\.0\.0\.1") as exc:
            store.instant_frame(1772409600.0, topo)
        assert time.monotonic() - began < 10.0  # one quick retry, no long backoff
        assert exc.value.url == url and exc.value.query is not None
        assert "DCGM_FI_DEV_GPU_TEMP" in str(exc.value)
        with pytest.raises(StoreUnavailable, match="unreachable"):
            store.range_ticks(0.0, 60.0, 15.0, topo, fields=["DCGM_FI_DEV_GPU_TEMP"])
        # The polling loop never raises: the failure is counted and the loop goes on.
        clock = FakeClock(1772409600.0 + 60.0)
        src = PromSource(store, topo, clock=clock, sleep=clock.sleep, until=1772409600.0 + 30.0)
        assert list(src.ticks()) == []
        assert src.stats.failures == 3 and src.stats.polls == 3
        assert src.stats.last_error is not None and url in src.stats.last_error
        result = metrics_history(
            store, "node-01/gpu0", ["DCGM_FI_DEV_GPU_TEMP"], 0.0, 60.0, 15.0, topo
        )
        assert result["status"] == "error" and url in result["error"]
        assert result["query"] and result["data"] == {}


@needs_vm
def test_bad_promql_raises_query_error_with_the_query(loaded: Loaded) -> None:
    ld = loaded
    with pytest.raises(QueryError, match=r"rate\(") as exc:
        ld.store.query("rate(", ld.start)
    assert exc.value.query == "rate(" and exc.value.url == ld.vm.url
    with pytest.raises(QueryError, match=r'Hostname=~\\?"\('):
        ld.store.instant_frame(ld.start, ld.topology, selector='Hostname=~"("')
    with pytest.raises(QueryError):
        ld.store.range_ticks(ld.start, ld.end, STEP, ld.topology, selector="}{")
    # A bare HTTP 400 that is not a Prometheus API error blames the URL, not the query.
    with (
        PromStore(f"{ld.vm.url}/nonexistent") as wrong,
        pytest.raises(StoreUnavailable, match="check the URL"),
    ):
        wrong.query("up", ld.start)


@needs_vm
def test_writer_reports_http_errors_with_status_and_body(loaded: Loaded) -> None:
    # VictoriaMetrics skips bad lines with a 204; a wrong path prefix is a real 400.
    with VictoriaMetricsWriter(f"{loaded.vm.url}/nonexistent") as w:
        with pytest.raises(StoreWriteError, match=r"HTTP 400: .*unsupported path") as exc:
            w.post_jsonl('{"metric":{"__name__":"x"},"values":[1],"timestamps":[1]}\n')
        assert exc.value.status == 400 and "/nonexistent/api/v1/import" in str(exc.value)
    with (
        VictoriaMetricsWriter(f"http://127.0.0.1:{free_port()}", timeout_s=2.0) as w,
        pytest.raises(StoreWriteError, match="cannot write to"),
    ):
        w.import_prometheus_text("up 1")


@needs_vm
def test_prometheus_text_import_is_queryable(loaded: Loaded) -> None:
    ld = loaded
    t_ms = int((ld.start + 42.0) * 1000)
    with VictoriaMetricsWriter(ld.vm.url) as w:
        w.import_prometheus_text(f'gpufleet_test_metric{{Hostname="x"}} 7.5 {t_ms}')
        w.force_flush()
    got = ld.store.query('gpufleet_test_metric{Hostname="x"}', ld.start + 42.0)
    assert [s["value"][1] for s in got] == ["7.5"]


# ------------------------------------------------------------------------- agent tool


@needs_vm
def test_metrics_history_for_a_gpu(loaded: Loaded) -> None:
    ld = loaded
    fields = ["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "NODE_CPU_UTIL"]
    start, end = ld.start + 1500.0, ld.start + 2100.0
    out = metrics_history(ld.store, "node-02/gpu5", fields, start, end, STEP, ld.topology)
    assert set(out) == {"status", "data", "query", "error"}
    assert out["status"] == "ok" and out["error"] is None
    assert list(out["data"]) == fields and len(out["query"]) == 3
    json.dumps(out, allow_nan=False)  # the tool result is plain JSON
    g = ld.topology.gpu_pos["node-02/gpu5"]
    by_time = {t.timestamp: t for t in ld.ticks}
    temps = out["data"]["DCGM_FI_DEV_GPU_TEMP"]
    assert temps and all(len(p) == 2 for p in temps)
    for t, v in temps:
        assert (t - start) % STEP == 0
        f = by_time[t].frame(EntityKind.GPU)
        assert f is not None and f.column("DCGM_FI_DEV_GPU_TEMP")[g] == v
    dbe = dict((t, v) for t, v in out["data"]["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"])
    assert dbe[ld.start + 1785.0] == 0.0 and dbe[ld.start + 1800.0] == 1.0  # onset at 1800 s
    assert 'Hostname="node-02",gpu="5"' in out["query"][0]


@needs_vm
def test_metrics_history_for_node_and_rack_aggregates(loaded: Loaded) -> None:
    ld = loaded
    at = ld.start + 1200.0
    gpu = next(t for t in ld.ticks if t.timestamp == at).frame(EntityKind.GPU)
    assert gpu is not None
    temp = gpu.column("DCGM_FI_DEV_GPU_TEMP")
    energy = gpu.column("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION")
    fields = ["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"]
    node = metrics_history(ld.store, "node-03", fields, at, at, STEP, ld.topology)
    rack = metrics_history(ld.store, "rack-1", fields, at, at, STEP, ld.topology)
    assert node["status"] == rack["status"] == "ok"
    assert node["query"][0].startswith("avg(") and node["query"][1].startswith("sum(")
    rows = ld.topology.gpus_of_node(ld.topology.node_pos["node-03"])
    assert node["data"]["DCGM_FI_DEV_GPU_TEMP"][0][1] == pytest.approx(np.nanmean(temp[rows]))
    assert rack["data"]["DCGM_FI_DEV_GPU_TEMP"][0][1] == pytest.approx(np.nanmean(temp))
    assert rack["data"]["DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"][0][1] == pytest.approx(
        np.nansum(energy), rel=1e-12
    )
    hottest = metrics_history(ld.store, "rack-1", fields[:1], at, at, STEP, ld.topology, agg="max")
    assert hottest["data"]["DCGM_FI_DEV_GPU_TEMP"][0][1] == np.nanmax(temp)


def test_metrics_history_errors_are_results_not_exceptions() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    # Nothing listens here; none of these calls gets as far as the network.
    store = PromStore(f"http://127.0.0.1:{free_port()}")
    f = ["DCGM_FI_DEV_GPU_TEMP"]
    unknown = metrics_history(store, "node-99/gpu0", f, 0.0, 60.0, 15.0, topo)
    assert unknown == {
        "status": "error",
        "data": {},
        "query": [],
        "error": unknown["error"],
    }
    assert "unknown entity 'node-99/gpu0'" in unknown["error"]
    bad_field = metrics_history(store, "node-01", ["DCGM_FI_DEV_GPU_TEMPERATURE"], 0, 60, 15, topo)
    assert bad_field["status"] == "error" and "did you mean" in bad_field["error"]
    too_many = metrics_history(store, "node-01", f, 0.0, 86400.0 * 7, 15.0, topo)
    assert too_many["status"] == "error" and "raise step" in too_many["error"]
    bad_agg = metrics_history(store, "rack-1", f, 0.0, 60.0, 15.0, topo, agg="median")
    assert bad_agg["status"] == "error" and "aggregation" in bad_agg["error"]
    store.close()


def test_promql_helpers() -> None:
    assert normalize_selector(' {a="b", } ') == 'a="b"'
    assert series_selector(["X"], '{a="b"}') == 'X{a="b"}'
    assert series_selector(["X"], " {} ") == "X"
    assert series_selector(["B", "A"], "") == '{__name__=~"A|B"}'
    assert promql_regex_literal(["node-1.example", "n(2)"]) == r'"node-1\\.example|n\\(2\\)"'


def testfast_matrix_parser_matches_json_and_declines_the_unexpected() -> None:
    result: list[dict[str, Any]] = [
        {
            "metric": {"__name__": "A", "Hostname": 'we"ird]]', "gpu": "0"},
            "values": [[1772409600, "61"], [1772409615.5, "NaN"], [1772409630, "+Inf"]],
        },
        {"metric": {}, "values": []},
        {"metric": {"__name__": "B"}, "values": [[1, "-1.5e+06"]]},
    ]
    body = {"status": "success", "data": {"resultType": "matrix", "result": result}}
    compact = json.dumps(body, separators=(",", ":")).encode()
    parsed = fast_matrix(compact)
    assert parsed is not None and [p[0] for p in parsed] == [r["metric"] for r in result]
    np.testing.assert_array_equal(
        parsed[0][1], [[1772409600, 61], [1772409615.5, np.nan], [1772409630, np.inf]]
    )
    assert parsed[1][1].shape == (0, 2)
    np.testing.assert_array_equal(parsed[2][1], [[1, -1.5e6]])
    assert fast_matrix(json.dumps(body).encode()) is None  # not compact: json.loads instead
    vector = {"status": "success", "data": {"resultType": "vector", "result": []}}
    assert fast_matrix(json.dumps(vector, separators=(",", ":")).encode()) is None
    result[0]["histograms"] = []
    odd = {"status": "success", "data": {"resultType": "matrix", "result": result}}
    assert fast_matrix(json.dumps(odd, separators=(",", ":")).encode()) is None
    assert fast_matrix(b"\xff") is None


@needs_vm
def test_started_mid_fault_the_source_reads_the_stores_history_first(loaded: Loaded) -> None:
    """gpufleet started 45 min into the recording, both faults under way: the history read
    back from the store lets the detector open each incident at the data time it would have
    opened if watched (onset + its usual delay), before the first live instant."""
    ld = loaded
    lag = 60.0
    live_from = ld.start + 2700.0
    clock = FakeClock(live_from + lag + 3.0)
    src = PromSource(
        ld.store,
        ld.topology,
        interval_s=STEP,
        lag_s=lag,
        history_s=3600.0,
        clock=clock,
        sleep=clock.sleep,
        until=ld.end,
    )
    ticks = list(src.ticks())
    stamps = [t.timestamp for t in ticks]
    assert stamps == sorted(stamps) and len(set(stamps)) == len(stamps)
    # the hour before the first live instant, less the instants with no sample at all (the
    # window starts 15 min before the store's first sample)
    assert src.stats.history_ticks == round((live_from - ld.start) / STEP)
    assert stamps[src.stats.history_ticks] == live_from
    incidents = _run_detector(ticks, ld.topology)
    for gt in ld.truth:
        first = min((i for i in incidents if matches(i, gt)), key=lambda i: i.opened_at)
        assert first.opened_at < live_from
        assert first.opened_at - gt.onset <= gt.max_delay_s


@needs_vm
def test_a_history_the_store_cannot_give_is_skipped_and_the_source_goes_live() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    with PromStore(f"http://127.0.0.1:{free_port()}", timeout_s=0.5) as dead:
        clock = FakeClock(1772409600.0 + 600.0)
        src = PromSource(
            dead,
            topo,
            interval_s=STEP,
            history_s=3600.0,
            clock=clock,
            sleep=clock.sleep,
            until=1772409600.0 + 600.0 - 60.0,
        )
        assert list(src.ticks()) == []
        assert src.stats.history_ticks == 0
        assert any("history before" in e for e in src.stats.errors)
