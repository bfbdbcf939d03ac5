"""gpufleet ticks ⇄ VictoriaMetrics JSON lines (telemetry.vmjson): round trip, labels, bad input."""

from __future__ import annotations

import io
import json

import numpy as np
import pytest

from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.fields import GPU_FIELD_NAMES, NODE_FIELD_NAMES, UINT32_NOT_SUPPORTED
from gpufleet.telemetry.frame import EntityKind, Frame, Tick
from gpufleet.telemetry.topology import (
    Cluster,
    Gpu,
    Node,
    Rack,
    Topology,
    Workload,
    build_cluster,
)
from gpufleet.telemetry.vmjson import (
    MODEL_NAMES,
    VmRead,
    read_vm_jsonl,
    sku_from_model_name,
    write_vm_jsonl,
)

# Exporter restarts every ~10 ticks per node (30 s gaps), and many blank sentinels, so that a
# 20-tick window has gaps and huge values to carry through.
NOISY = ArtifactRates(
    blank_sentinel=2e-3,
    util_not_supported=5e-3,
    exporter_restarts_per_node_day=600.0,
    exporter_gap_s=30.0,
)


def _small() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=2)])


def _ticks(topo: Topology, n: int = 20, seed: int = 3) -> list[Tick]:
    sim = FleetSimulator(topo, seed=seed, artifacts=NOISY)
    return list(sim.run(n * sim.interval_s))


def _write(ticks: list[Tick], topo: Topology, **kw: object) -> tuple[str, int]:
    buf = io.StringIO()
    n = write_vm_jsonl(ticks, topo, buf, **kw)  # type: ignore[arg-type]
    return buf.getvalue(), n


def _assert_same(original: list[Tick], read: VmRead) -> None:
    """Every tick's frames equal (NaN-aware, exact); ticks with no sample at all are absent."""
    by_ts = {t.timestamp: t for t in read.ticks}
    seen = 0
    for tick in original:
        for kind in (EntityKind.GPU, EntityKind.NODE):
            a = tick.frame(kind)
            assert a is not None
            if tick.timestamp not in by_ts:
                assert np.isnan(a.values).all(), f"samples lost at t={tick.timestamp}"
                continue
            b = by_ts[tick.timestamp].frame(kind)
            assert b is not None
            assert b.entities == a.entities and b.fields == a.fields
            np.testing.assert_array_equal(b.values, a.values)  # NaN == NaN here, exact otherwise
        seen += tick.timestamp in by_ts
    assert seen == len(read.ticks)


def test_round_trip_exact_with_gaps_and_sentinels() -> None:
    topo = _small()
    ticks = _ticks(topo)
    node_gaps = sum(bool(np.isnan(t.frames[1].values).all(axis=1).any()) for t in ticks)
    assert node_gaps >= 2, "the scenario must contain exporter gaps"
    gpu_vals = np.stack([t.frames[0].values for t in ticks])
    assert (gpu_vals > 1e18).any() and (gpu_vals == UINT32_NOT_SUPPORTED).any()

    text, n_series = _write(ticks, topo)
    assert "NaN" not in text and "Infinity" not in text
    # Inferred topology (no topology given): same keys in the same order.
    read = read_vm_jsonl(text.splitlines())
    assert read.errors == []
    assert read.topology.gpu_keys == topo.gpu_keys
    assert read.topology.node_keys == topo.node_keys
    assert read.interval_s == 15.0
    assert read.series == n_series == read.lines
    assert read.bad_lines == read.skipped_series == read.duplicate_samples == 0
    n_finite = sum(int(np.isfinite(f.values).sum()) for t in ticks for f in t.frames)
    assert read.samples == n_finite
    _assert_same(ticks, read)
    # With the topology given, the frames are the same.
    _assert_same(ticks, read_vm_jsonl(io.StringIO(text), topology=topo))


def test_round_trip_in_small_chunks_writes_several_lines_per_series() -> None:
    topo = _small()
    ticks = _ticks(topo, n=12, seed=5)
    whole, n1 = _write(ticks, topo)
    chunked, n2 = _write(ticks, topo, chunk_samples=1)  # one tick per chunk
    assert n1 == n2
    assert len(chunked.splitlines()) > 5 * len(whole.splitlines())
    read = read_vm_jsonl(chunked.splitlines())
    assert read.series == n1 and read.errors == []
    _assert_same(ticks, read)


def test_labels_are_dcgm_exporter_labels() -> None:
    topo = _small()
    sim = FleetSimulator(topo, seed=1, artifacts=None)
    sim.free_nodes(["node-01"])  # node-01's GPUs run nothing: no hpc_job label there
    text, _ = _write(list(sim.run(3 * 15.0)), topo)
    lines = [json.loads(x) for x in text.splitlines()]
    temp = next(
        x["metric"]
        for x in lines
        if x["metric"]["__name__"] == "DCGM_FI_DEV_GPU_TEMP"
        and x["metric"]["Hostname"] == "node-01"
        and x["metric"]["gpu"] == "3"
    )
    g = topo.gpu_pos["node-01/gpu3"]
    assert temp == {
        "__name__": "DCGM_FI_DEV_GPU_TEMP",
        "gpu": "3",
        "UUID": topo.gpu_uuid[g],
        "device": "nvidia3",
        "modelName": "NVIDIA H100 80GB HBM3",
        "Hostname": "node-01",
        "pci_bus_id": "00000000:5D:00.0",
        "DCGM_FI_DRIVER_VERSION": "570.133.20",
        "job": "dcgm-exporter",
        "instance": "node-01:9400",
    }
    busy = next(
        x["metric"]
        for x in lines
        if x["metric"]["__name__"] == "DCGM_FI_DEV_GPU_TEMP"
        and x["metric"]["Hostname"] == "node-02"
    )
    assert busy["hpc_job"]  # node-02 runs a job in this draw: dcgm-exporter's HPC job label
    node = next(x for x in lines if x["metric"]["__name__"] == "NODE_CPU_UTIL")
    assert node["metric"] == {
        "__name__": "NODE_CPU_UTIL",
        "Hostname": node["metric"]["Hostname"],
        "instance": f"{node['metric']['Hostname']}:9100",
        "job": "node",
    }
    # ms timestamps, integral values as JSON integers, counters cumulative (never decreasing).
    assert all(isinstance(t, int) and t % 15000 == 0 for x in lines for t in x["timestamps"])
    temps = next(x["values"] for x in lines if x["metric"]["__name__"] == "DCGM_FI_DEV_GPU_TEMP")
    assert all(type(v) is int for v in temps)  # "61", as VictoriaMetrics exports it
    power = next(x["values"] for x in lines if x["metric"]["__name__"] == "DCGM_FI_DEV_POWER_USAGE")
    assert any(type(v) is float for v in power)
    energy = next(
        x for x in lines if x["metric"]["__name__"] == "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION"
    )
    assert energy["values"] == sorted(energy["values"]) and energy["values"][0] > 1e9
    assert {x["metric"]["__name__"] for x in lines} == set(GPU_FIELD_NAMES) | set(NODE_FIELD_NAMES)


def test_model_names_map_both_ways() -> None:
    for sku_name, model in MODEL_NAMES.items():
        assert sku_from_model_name(model) == sku_name
    assert MODEL_NAMES["A100-SXM4-80GB"] == "NVIDIA A100-SXM4-80GB"
    assert sku_from_model_name("NVIDIA A100-SXM4-40GB") == "A100-SXM4-80GB"  # same family
    assert sku_from_model_name("NVIDIA H100 PCIe") == "H100-SXM5-80GB"
    assert sku_from_model_name("NVIDIA GeForce RTX 4090") is None


def test_fields_subset_and_alias() -> None:
    topo = _small()
    ticks = _ticks(topo, n=4)
    text, n = _write(ticks, topo, fields=["DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "NODE_CPU_UTIL"])
    names = {json.loads(x)["metric"]["__name__"] for x in text.splitlines()}
    assert names == {"DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "NODE_CPU_UTIL"}  # canonical name
    assert n == topo.n_gpus + topo.n_nodes
    read = read_vm_jsonl(text.splitlines(), topology=topo)
    col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_CLOCKS_EVENT_REASONS")
    for t in read.ticks:
        v = t.frames[0].values
        assert np.isnan(np.delete(v, col, axis=1)).all()
    # The old metric name is accepted on input (telemetry.fields aliases).
    old = text.replace("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")
    again = read_vm_jsonl(old.splitlines(), topology=topo)
    assert again.errors == [] and again.unknown_metrics == {}
    for a, b in zip(read.ticks, again.ticks, strict=True):
        np.testing.assert_array_equal(a.frames[0].values, b.frames[0].values)


def _manual_ticks(topo: Topology, jobs_at: dict[int, dict[str, Workload]], n: int) -> list[Tick]:
    ticks = []
    for i in range(n):
        t = 1_772_409_600.0 + 15.0 * i
        gv = np.full((topo.n_gpus, len(GPU_FIELD_NAMES)), np.nan)
        gv[:, GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")] = 40.0 + i
        nv = np.full((topo.n_nodes, len(NODE_FIELD_NAMES)), np.nan)
        frames = (
            Frame(t, EntityKind.GPU, topo.gpu_keys, GPU_FIELD_NAMES, gv),
            Frame(t, EntityKind.NODE, topo.node_keys, NODE_FIELD_NAMES, nv),
        )
        ticks.append(Tick(t, frames, workloads=jobs_at.get(i)))
    return ticks


def test_job_change_splits_series_per_label_set() -> None:
    """A GPU whose hpc_job changes within the window is several series, as in a real store."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=2)])
    a, b = Workload(job_id="4711"), Workload(job_id="4712")
    jobs = {
        0: {"node-01/gpu0": a},
        4: {},  # job 4711 ends: gpu0 free
        7: {"node-01/gpu0": b, "node-01/gpu1": b},
    }
    ticks = _manual_ticks(topo, jobs, 10)
    text, n = _write(ticks, topo)
    series = [json.loads(x) for x in text.splitlines()]
    gpu0 = [s for s in series if s["metric"]["gpu"] == "0"]
    assert sorted(s["metric"].get("hpc_job", "") for s in gpu0) == ["", "4711", "4712"]
    by_job = {s["metric"].get("hpc_job", ""): s["values"] for s in gpu0}
    assert by_job == {"4711": [40, 41, 42, 43], "": [44, 45, 46], "4712": [47, 48, 49]}
    assert n == 5  # gpu0: 3 label sets, gpu1: free then 4712

    read = read_vm_jsonl(text.splitlines())
    _assert_same(ticks, read)
    t0 = ticks[0].timestamp
    assert [(t - t0, {k: w.job_id for k, w in m.items()}) for t, m in read.workloads_by_time] == [
        (0.0, {"node-01/gpu0": "4711"}),
        (60.0, {}),
        (105.0, {"node-01/gpu0": "4712", "node-01/gpu1": "4712"}),
    ]
    # Without workload labels: one series per GPU and field, no workload information.
    plain, n_plain = _write(ticks, topo, workloads_as_labels=False)
    assert n_plain == 2 and "hpc_job" not in plain
    assert read_vm_jsonl(plain.splitlines()).workloads_by_time == []


def test_nan_samples_are_gaps_not_values() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=1)])
    ticks = _manual_ticks(topo, {}, 5)
    ticks[2].frames[0].values[:] = np.nan  # the exporter missed this scrape
    text, _ = _write(ticks, topo)
    (line,) = text.splitlines()
    obj = json.loads(line)
    assert obj["values"] == [40, 41, 43, 44]
    assert [t - obj["timestamps"][0] for t in obj["timestamps"]] == [0, 15000, 45000, 60000]


def test_alignment_snaps_jittered_scrapes_to_one_grid() -> None:
    base = 1_772_409_600_000
    lines = []
    for gpu, jitter in ((0, 0), (1, 370), (2, -420)):
        metric = {
            "__name__": "DCGM_FI_DEV_GPU_TEMP",
            "Hostname": "node-01",
            "gpu": str(gpu),
            "modelName": "NVIDIA A100-SXM4-80GB",
        }
        ts = [base + jitter + 15000 * i for i in range(6)]
        lines.append(json.dumps({"metric": metric, "values": [50 + gpu] * 6, "timestamps": ts}))
    read = read_vm_jsonl(lines)
    assert read.errors == [] and read.interval_s == 15.0
    assert len(read.ticks) == 6
    assert read.ticks[0].timestamp == (base - 420) / 1000.0  # the grid starts at the earliest
    for t in read.ticks:
        np.testing.assert_array_equal(t.frames[0].column("DCGM_FI_DEV_GPU_TEMP"), [50, 51, 52])
    assert read.topology.gpu_sku == ("A100-SXM4-80GB",) * 3
    # An explicit interval overrides the median: every tick lies on the 30 s grid.
    coarse = read_vm_jsonl(lines, interval_s=30.0)
    assert coarse.interval_s == 30.0 and coarse.duplicate_samples > 0
    t0 = coarse.ticks[0].timestamp
    assert all((t.timestamp - t0) % 30.0 == 0 for t in coarse.ticks)
    # Two samples of one series in one grid slot: the later one wins, and it is counted.
    extra = {
        "metric": json.loads(lines[0])["metric"],
        "values": [99],
        "timestamps": [base + 2000],
    }
    dup = read_vm_jsonl([*lines, json.dumps(extra)])
    assert dup.duplicate_samples == 1 and dup.errors == []
    assert dup.ticks[0].frames[0].column("DCGM_FI_DEV_GPU_TEMP")[0] == 99


def test_topology_inference_from_labels() -> None:
    nodes = []
    for host, sku_name, driver in (
        ("gpu-10", "B200-SXM-180GB", "575.1"),
        ("gpu-2", "H200-SXM-141GB", "570.9"),
    ):
        gpus = tuple(
            Gpu(
                index=i,
                uuid=f"GPU-{host}-{i}",
                pci_bus_id=f"00000000:{i + 16:02X}:00.0",
                sku=sku_name,
                slot=i,
            )
            for i in range(2)
        )
        nodes.append(Node(hostname=host, nvlink_domain="x", gpus=gpus, driver_version=driver))
    topo = Topology(
        [Cluster(name="c", racks=(Rack(name="r1", pdu="p", cooling_zone="z", nodes=tuple(nodes)),))]
    )
    sim = FleetSimulator(topo, seed=2, artifacts=None)
    text, _ = _write(list(sim.run(60.0)), topo)
    inferred = read_vm_jsonl(text.splitlines()).topology
    assert inferred.node_keys == ("gpu-2", "gpu-10")  # natural order, not "gpu-10" < "gpu-2"
    assert inferred.rack_keys == ("unknown",) and inferred.clusters[0].name == "imported"
    assert inferred.gpu_keys == ("gpu-2/gpu0", "gpu-2/gpu1", "gpu-10/gpu0", "gpu-10/gpu1")
    assert inferred.gpu_sku == ("H200-SXM-141GB",) * 2 + ("B200-SXM-180GB",) * 2
    assert inferred.gpu_uuid[2] == "GPU-gpu-10-0"
    assert inferred.gpu_pci_bus_id[1] == "00000000:11:00.0"
    assert [n.driver_version for n in inferred.nodes] == ["570.9", "575.1"]


def _good_lines() -> list[str]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=2)])
    sim = FleetSimulator(topo, seed=4, artifacts=None)
    text, _ = _write(list(sim.run(5 * 15.0)), topo, workloads_as_labels=False)
    return text.splitlines()


def test_bad_input_is_reported_per_line_and_the_rest_is_read() -> None:
    good = _good_lines()
    temp0 = json.loads(next(x for x in good if '"DCGM_FI_DEV_GPU_TEMP"' in x and '"gpu":"0"' in x))
    util1 = json.loads(next(x for x in good if '"DCGM_FI_DEV_GPU_UTIL"' in x and '"gpu":"1"' in x))

    def variant(**kw: object) -> str:
        obj = json.loads(json.dumps(temp0))
        for k, v in kw.items():
            if v is None:
                obj.pop(k)
            else:
                obj[k] = v
        return json.dumps(obj)

    no_host = dict(temp0["metric"])
    del no_host["Hostname"]
    no_gpu = dict(temp0["metric"])
    del no_gpu["gpu"]
    unknown_dcgm = dict(temp0["metric"], __name__="DCGM_FI_DEV_MADE_UP")
    bad_values = dict(util1)
    bad_values["values"] = ["x", *util1["values"][1:-1], None]
    bad = [
        '{"metric": {"__name__": "DCGM_FI_DEV_GPU_TEMP"',  # 1 truncated JSON
        variant(values=None),  # 2 missing key
        variant(values=[1, 2, 3]),  # 3 length mismatch
        json.dumps(bad_values),  # 4 non-numeric values: the other samples are kept
        variant(metric=unknown_dcgm),  # 5 unknown DCGM field
        variant(metric={"__name__": "up", "job": "dcgm-exporter"}),  # 6 unknown, not DCGM
        variant(metric=no_host),  # 7 no Hostname
        variant(metric=no_gpu),  # 8 no gpu label
        "[1, 2]",  # 9 not an object
        "",  # blank lines are ignored
    ]
    mixed = bad + [x for x in good if x != json.dumps(util1, separators=(",", ":"))]
    read = read_vm_jsonl(mixed, source="incident/metrics.jsonl")
    errs = read.errors
    assert any(e.startswith("incident/metrics.jsonl:1: invalid JSON") for e in errs)
    assert any(e.startswith("incident/metrics.jsonl:2: missing key(s) values") for e in errs)
    assert any(e.startswith("incident/metrics.jsonl:3: 3 values but 5 timestamps") for e in errs)
    assert any(
        e.startswith("incident/metrics.jsonl:4: DCGM_FI_DEV_GPU_UTIL on node-01: 2 non-numeric")
        for e in errs
    )
    assert any(
        e.startswith("incident/metrics.jsonl:5: unknown DCGM field DCGM_FI_DEV_MADE_UP")
        for e in errs
    )
    assert not any(":6:" in e for e in errs)  # a non-DCGM series is counted, not an error
    assert any(
        e.startswith("incident/metrics.jsonl:7: DCGM_FI_DEV_GPU_TEMP: series has no Hostname")
        for e in errs
    )
    assert any(
        e.startswith("incident/metrics.jsonl:8: DCGM_FI_DEV_GPU_TEMP on node-01: series has no gpu")
        for e in errs
    )
    assert any(
        e.startswith("incident/metrics.jsonl:9: invalid JSON (an export line is one") for e in errs
    )
    assert len(errs) == 8
    assert read.bad_lines == 4 and read.skipped_series == 4 and read.bad_samples == 2
    assert read.unknown_metrics == {"DCGM_FI_DEV_MADE_UP": 1, "up": 1}
    assert read.lines == len(mixed) - 1

    # Everything good was read: the same frames as the clean file, except the two bad samples.
    clean = read_vm_jsonl(good)
    assert len(read.ticks) == len(clean.ticks) == 5
    col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_UTIL")
    g1 = clean.topology.gpu_pos["node-01/gpu1"]
    for i, (a, b) in enumerate(zip(read.ticks, clean.ticks, strict=True)):
        want = b.frames[0].values.copy()
        if i in (0, 4):
            want[g1, col] = np.nan
        np.testing.assert_array_equal(a.frames[0].values, want)
        np.testing.assert_array_equal(a.frames[1].values, b.frames[1].values)


def test_series_outside_the_given_topology_and_unknown_models() -> None:
    good = _good_lines()
    other = Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=1)])  # gpu0 only
    read = read_vm_jsonl(good, topology=other)
    assert any("node-01/gpu1 is not in the topology" in e for e in read.errors)
    assert read.skipped_series == len(GPU_FIELD_NAMES)
    assert np.isfinite(read.ticks[0].frames[0].values).any()

    weird = [x.replace("NVIDIA H100 80GB HBM3", "Matrox G200") for x in good]
    read = read_vm_jsonl(weird)
    assert any("unknown modelName 'Matrox G200'" in e for e in read.errors)
    assert read.topology.n_gpus == 0 and read.topology.node_keys == ("node-01",)
    assert read.ticks and np.isfinite(read.ticks[0].frames[1].values).all()  # node data read


@pytest.mark.parametrize("garbage", ["", "\n\n", "not json at all\n"])
def test_empty_or_garbage_input_gives_no_ticks_and_no_crash(garbage: str) -> None:
    read = read_vm_jsonl(garbage.splitlines())
    assert read.ticks == [] and read.topology.n_gpus == 0
    assert read.bad_lines == (1 if "json" in garbage else 0)


# ---------------------------------------------------------------- outside-input limits

T0 = 1_772_409_600_000
H100_LABELS = {
    "Hostname": "node-01",
    "gpu": "0",
    "UUID": "GPU-0",
    "modelName": "NVIDIA H100 80GB HBM3",
}


def vm_line(name: str, values: str, stamps: str, **labels: str) -> str:
    metric = json.dumps({"__name__": name, **H100_LABELS, **labels})
    return f'{{"metric":{metric},"values":[{values}],"timestamps":[{stamps}]}}'


def test_huge_numbers_are_counted_gaps_not_overflowerrors() -> None:
    big = "1" * 400
    lines = [
        vm_line("DCGM_FI_DEV_GPU_TEMP", f"{big}, 55", f"{T0}, {T0 + 15000}"),
        vm_line("DCGM_FI_DEV_POWER_USAGE", f'"{big}", 300', f"{T0}, {T0 + 15000}"),
        vm_line("DCGM_FI_DEV_SM_CLOCK", "1980", big),
    ]
    read = read_vm_jsonl(lines)
    assert read.overflow_samples == 2 and read.bad_timestamps == 1
    assert any(
        e.startswith("metrics.jsonl:1: DCGM_FI_DEV_GPU_TEMP on node-01: 1 value(s)")
        for e in read.errors
    )
    assert any(e.startswith("metrics.jsonl:3:") and "outside 2000-01-01" in e for e in read.errors)
    # Nothing usable was left at T0 (both overflows were there): one tick, at T0 + 15 s.
    assert [t.timestamp for t in read.ticks] == [(T0 + 15000) / 1000]
    assert read.ticks[0].frames[0].column("DCGM_FI_DEV_GPU_TEMP")[0] == 55


def test_insane_timestamps_are_rejected_per_line() -> None:
    lines = [
        vm_line("DCGM_FI_DEV_GPU_TEMP", "50, 51, 52", f"1e300, {T0}, -1"),
        vm_line("DCGM_FI_DEV_GPU_UTIL", "9", "Infinity"),
    ]
    read = read_vm_jsonl(lines)
    assert read.bad_timestamps == 3 and [t.timestamp for t in read.ticks] == [T0 / 1000]
    assert "(first 1e+300 ms); samples rejected" in read.errors[0]


def test_deep_nesting_and_non_string_labels_are_bad_lines() -> None:
    deep = "[" * 100_000 + "]" * 100_000
    nested_metric = '{"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","gpu":' + "[" * 900 + "]" * 900
    nested_metric += f',"Hostname":"h"}},"values":[1],"timestamps":[{T0}]}}'
    ok = vm_line("DCGM_FI_DEV_GPU_TEMP", "50", str(T0))
    read = read_vm_jsonl([deep, nested_metric, ok, '{"metric":{"gpu":0,"__name__":"x"},'])
    assert read.bad_lines == 3 and len(read.ticks) == 1
    # an array is not an export line: refused before the decoder (in constant time a line)
    assert read.errors[0] == (
        'metrics.jsonl:1: invalid JSON (an export line is one object with a "metric" key)'
    )
    deep_object = '{"metric":' + "[" * 100_000 + "]" * 100_000 + "}"
    [err] = read_vm_jsonl([deep_object]).errors
    assert "nested deeper than Python's recursion limit" in err
    assert read.errors[1] == "metrics.jsonl:2: label 'gpu' is a list, not a string"
    # A numeric label value (not what VictoriaMetrics writes) is read as its integer text.
    num = json.loads(ok)
    num["metric"]["gpu"] = 0
    assert read_vm_jsonl([json.dumps(num)]).ticks[0].frames[0].entities[0] == "node-01/gpu0"


def test_line_and_label_limits_and_the_one_error_type() -> None:
    from gpufleet.telemetry import vmjson as V

    long_label = vm_line("DCGM_FI_DEV_GPU_TEMP", "50", str(T0), pod="p" * (V.MAX_LABEL_CHARS + 1))
    read = read_vm_jsonl([long_label, "x" * (V.MAX_LINE_CHARS + 1), b"\xff\xfe"])  # type: ignore[list-item]
    assert read.bad_lines == 3 and read.ticks == []
    assert "over 4096 characters" in read.errors[0]
    assert read.errors[1].startswith("metrics.jsonl:2: line of 8388609 characters")
    assert read.errors[2].startswith("metrics.jsonl:3: not UTF-8")
    with pytest.raises(V.VmJsonError, match=r"metrics.jsonl:2: expected a text line"):
        read_vm_jsonl(["", 42])  # type: ignore[list-item]


def test_unknown_dcgm_series_are_kept_as_unmodelled_records() -> None:
    lines = [
        vm_line("DCGM_FI_DEV_FAN_SPEED", "40, 41", f"{T0}, {T0 + 15000}"),
        vm_line("DCGM_FI_DEV_FAN_SPEED", "42", f"{T0 + 30000}"),
        vm_line("DCGM_FI_DEV_FAN_SPEED", "7", f"{T0}", gpu="1"),
        vm_line("go_goroutines", "3", f"{T0}"),
        vm_line("DCGM_FI_DEV_GPU_TEMP", "50", f"{T0}"),
    ]
    read = read_vm_jsonl(lines)
    recs = sorted((u.name, dict(u.labels)["gpu"], u.value, u.count) for u in read.unmodelled)
    assert recs == [("DCGM_FI_DEV_FAN_SPEED", "0", 42.0, 3), ("DCGM_FI_DEV_FAN_SPEED", "1", 7.0, 1)]
    assert read.unknown_metrics == {"DCGM_FI_DEV_FAN_SPEED": 3, "go_goroutines": 1}
    assert any("kept as unmodelled series" in e for e in read.errors)


def test_exp_metrics_roll_up_per_grid_point_and_land_in_the_extended_frames() -> None:
    xid = "DCGM_EXP_XID_ERRORS_COUNT"
    health = "DCGM_EXP_GPU_HEALTH_STATUS"
    stamps = f"{T0}, {T0 + 15000}"
    lines = [
        vm_line(xid, "0, 2", stamps, xid="94", window_size_in_ms="300000"),
        vm_line(xid, "1, 1", stamps, xid="74", window_size_in_ms="300000"),
        vm_line(health, "0, 0", stamps, health_watch="PCIE"),
        vm_line(health, "10, 20", stamps, health_watch="MEM"),
        vm_line("DCGM_FI_DEV_ECC_DBE_VOL_DEV", "0, 1", stamps, DCGM_FI_DEV_SERIAL="1653024001234"),
        vm_line("DCGM_FI_DEV_GPU_TEMP", "50, 51", stamps),
    ]
    read = read_vm_jsonl(lines)
    assert len(read.ticks) == len(read.extended) == 2
    assert read.ticks[0].frames[0].fields == GPU_FIELD_NAMES  # the core columns, unchanged
    ext = read.extended[1]
    assert ext.timestamp == read.ticks[1].timestamp
    assert ext.column(xid)[0] == 3 and read.extended[0].column(xid)[0] == 1
    assert ext.column(health)[0] == 20 and read.extended[0].column(health)[0] == 10
    assert ext.column("DCGM_FI_DEV_ECC_DBE_VOL_DEV")[0] == 1
    assert read.gpu_inventory == {"node-01/gpu0": {"DCGM_FI_DEV_SERIAL": "1653024001234"}}
    assert read.errors == []


def test_new_skus_map_from_model_names_without_family_collisions() -> None:
    assert sku_from_model_name("NVIDIA A10") == "A10-PCIE-24GB"
    assert sku_from_model_name("NVIDIA A10G") == "A10-PCIE-24GB"
    assert sku_from_model_name("NVIDIA A100-PCIE-40GB") == "A100-SXM4-80GB"  # not A10
    assert sku_from_model_name("NVIDIA GB200") == "GB200-NVL-186GB"  # not B200
    assert sku_from_model_name("Tesla V100-SXM2-16GB") == "V100-SXM2-32GB"
    assert sku_from_model_name("NVIDIA L40S") == "L40S-PCIE-48GB"
    assert sku_from_model_name("NVIDIA RTX PRO 6000 Blackwell Server Edition") == (
        "RTX-PRO-6000-BSE-96GB"
    )


def test_a_series_that_stops_while_its_gpu_reports_is_reported_vanished() -> None:
    n = 8
    stamps = ", ".join(str(T0 + 15_000 * k) for k in range(n))
    short = ", ".join(str(T0 + 15_000 * k) for k in range(3))
    lines = [
        vm_line("DCGM_FI_DEV_GPU_TEMP", ", ".join(["50"] * n), stamps),
        vm_line("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", "0, 0, 0", short),  # gone after an upgrade
        vm_line("DCGM_FI_DEV_POWER_USAGE", ", ".join(["300"] * (n - 2)), stamps.rsplit(",", 2)[0]),
    ]
    read = read_vm_jsonl(lines)
    assert read.vanished == [
        ("node-01/gpu0", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", (T0 + 30_000) / 1000)
    ]
    assert any("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL stops after" in e for e in read.errors)
    # Two missed points at the end (POWER_USAGE) are gaps, not a vanished series.
    assert len(read.errors) == 1


def test_lowercase_hostname_label_of_newer_exporters_is_read() -> None:
    metric = {"__name__": "DCGM_FI_DEV_GPU_TEMP", "gpu": "0", "hostname": "node-07"}
    metric["modelName"] = "NVIDIA H100 80GB HBM3"
    line = json.dumps({"metric": metric, "values": [50], "timestamps": [T0]})
    read = read_vm_jsonl([line])
    assert read.errors == [] and read.ticks[0].frames[0].entities == ("node-07/gpu0",)
