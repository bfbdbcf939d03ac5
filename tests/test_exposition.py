"""dcgm-exporter exposition text ⇄ frames (telemetry.exposition): round trip, labels, MIG,
workloads, and every artifact a real exporter emits flagged instead of crashing the parse."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.exposition import (
    MIG_INSTANCE_FIELDS,
    Flag,
    ParsedExposition,
    parse_exposition,
    render_exposition,
    to_json,
)
from gpufleet.telemetry.fields import GPU_FIELD_NAMES, sanitize
from gpufleet.telemetry.topology import Topology, Workload, build_cluster

TOPO = Topology([build_cluster(racks=1, nodes_per_rack=4)])
# Many blank sentinels and N/A utilizations, but no exporter gaps: every host serves every tick.
ARTIFACTS = ArtifactRates(
    blank_sentinel=3e-3, util_not_supported=2e-2, exporter_restarts_per_node_day=0.0
)
LABELS = (
    'gpu="{g}",UUID="GPU-0001000{g}-0000-4000-8000-00000000004{g}",pci_bus_id="00000000:18:00.0",'
    'device="nvidia{g}",modelName="NVIDIA H100 80GB HBM3",Hostname="node-01"'
)


def lab(g: int = 0, **extra: str) -> str:
    more = "".join(f',{k}="{v}"' for k, v in extra.items())
    return "{" + LABELS.format(g=g) + more + "}"


def kinds(p: ParsedExposition) -> list[str]:
    return [f.kind for f in p.flags]


def only(p: ParsedExposition, kind: str) -> list[Flag]:
    return [f for f in p.flags if f.kind == kind]


def col(name: str) -> int:
    return GPU_FIELD_NAMES.index(name)


def value(p: ParsedExposition, entity: str, name: str) -> float:
    return float(p.frame.values[p.frame.entities.index(entity), col(name)])


# ------------------------------------------------------------------ round trip


def test_render_then_parse_gives_back_the_sanitized_frame_for_every_host() -> None:
    sim = FleetSimulator(TOPO, seed=5, artifacts=ARTIFACTS)
    replaced = 0
    for _ in range(6):
        tick = sim.step()
        frame = tick.frames[0]
        expected, bad = sanitize(frame.values, frame.fields)
        wl = sim.workload_map()
        for host in TOPO.node_keys:
            text = render_exposition(frame, TOPO, host, workloads=wl)
            p = parse_exposition(text, topology=TOPO, hostname=host)
            rows = [TOPO.gpu_pos[k] for k in p.frame.entities]
            assert p.frame.entities == tuple(k for k in TOPO.gpu_keys if k.startswith(host + "/"))
            assert p.frame.fields == GPU_FIELD_NAMES
            np.testing.assert_array_equal(p.frame.values, expected[rows])  # NaN-aware, exact
            artifacts = [f for f in p.flags if f.kind != "help_without_samples"]
            assert len(artifacts) == int(bad[rows].sum())
            replaced += len(artifacts)
            assert {k: w.job_id for k, w in p.workloads.items()} == {
                k: w.job_id for k, w in wl.items() if k.startswith(host + "/")
            }
            assert p.samples == int(np.isfinite(frame.values[rows]).sum())  # sentinels are finite
    assert replaced > 0, "the scenario must contain sentinels to flag"


def test_without_topology_keys_come_from_hostname_and_gpu_labels() -> None:
    frame = FleetSimulator(TOPO, seed=1, artifacts=None).step().frames[0]
    text = render_exposition(frame, TOPO, "node-03", help_type=False)
    p = parse_exposition(text)
    assert p.frame.entities == tuple(f"node-03/gpu{i}" for i in range(8))
    assert p.gpu_info["node-03/gpu2"].model == "NVIDIA H100 80GB HBM3"
    assert p.gpu_info["node-03/gpu2"].uuid == TOPO.gpu_uuid[TOPO.gpu_pos["node-03/gpu2"]]
    # A target's configured hostname overrides the label (Kubernetes: the label is a pod name).
    q = parse_exposition(text, hostname="gpu-box-7")
    assert q.frame.entities[0] == "gpu-box-7/gpu0"


def test_render_honours_fields_and_writes_headers_for_empty_families() -> None:
    frame = FleetSimulator(TOPO, seed=1, artifacts=None).step().frames[0]
    values = frame.values.copy()
    values[:, col("DCGM_FI_DEV_MEMORY_TEMP")] = np.nan
    frame2 = type(frame)(frame.timestamp, frame.entity_kind, frame.entities, frame.fields, values)
    text = render_exposition(
        frame2, TOPO, "node-01", fields=["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_MEMORY_TEMP"]
    )
    assert "# TYPE DCGM_FI_DEV_MEMORY_TEMP gauge" in text
    assert "DCGM_FI_DEV_MEMORY_TEMP{" not in text
    assert text.count("DCGM_FI_DEV_GPU_TEMP{") == 8
    assert "DCGM_FI_DEV_SM_CLOCK" not in text
    p = parse_exposition(text, topology=TOPO)
    assert kinds(p) == ["help_without_samples"]
    assert only(p, "help_without_samples")[0].metric == "DCGM_FI_DEV_MEMORY_TEMP"
    with pytest.raises(KeyError, match="node-99"):
        render_exposition(frame, TOPO, "node-99")


# ------------------------------------------------------------------ artifacts


def test_sentinels_and_not_supported_are_nan_and_flagged_with_the_raw_value() -> None:
    text = (
        "# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).\n"
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 9223372036854775794\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(1)} 61\n"
        "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
        f"DCGM_FI_DEV_GPU_UTIL{lab(0)} 4294967295\n"
        f"DCGM_FI_DEV_GPU_UTIL{lab(1)} 87\n"
        "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
        f"DCGM_FI_DEV_POWER_USAGE{lab(0)} -3\n"
        f"DCGM_FI_DEV_POWER_USAGE{lab(1)} 140737488355328\n"
    )
    p = parse_exposition(text, topology=TOPO, source="t")
    assert np.isnan(value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_TEMP"))
    assert value(p, "node-01/gpu1", "DCGM_FI_DEV_GPU_TEMP") == 61
    assert np.isnan(value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_UTIL"))
    assert value(p, "node-01/gpu1", "DCGM_FI_DEV_GPU_UTIL") == 87
    got = {(f.kind, f.metric, f.entity) for f in p.flags}
    assert got == {
        ("blank_sentinel", "DCGM_FI_DEV_GPU_TEMP", "node-01/gpu0"),
        ("not_supported_4294967295", "DCGM_FI_DEV_GPU_UTIL", "node-01/gpu0"),
        ("out_of_range", "DCGM_FI_DEV_POWER_USAGE", "node-01/gpu0"),
        ("blank_sentinel", "DCGM_FI_DEV_POWER_USAGE", "node-01/gpu1"),  # fp64 blank 2**47
    }
    util = only(p, "not_supported_4294967295")[0]
    assert util.value == 4294967295 and util.source == "t" and "NaN" in util.detail
    assert only(p, "blank_sentinel")[0].value == pytest.approx(2.0**63)
    assert p.present[:, col("DCGM_FI_DEV_GPU_TEMP")].all()  # there was a sample, even if bad


def test_help_and_type_with_no_samples_is_flagged_not_an_error() -> None:
    text = (
        "# HELP DCGM_FI_DEV_MEMORY_TEMP Memory temperature (in C).\n"
        "# TYPE DCGM_FI_DEV_MEMORY_TEMP gauge\n"
        "# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).\n"
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55\n"
    )
    p = parse_exposition(text, topology=TOPO)
    assert kinds(p) == ["help_without_samples"]
    assert only(p, "help_without_samples")[0].metric == "DCGM_FI_DEV_MEMORY_TEMP"
    assert p.families == 2 and p.samples == 1 and p.gpus == 1


def test_a_malformed_line_loses_only_itself() -> None:
    good = [
        "# HELP DCGM_FI_DEV_GPU_TEMP GPU temperature (in C).",
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge",
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55",
        'DCGM_FI_DEV_GPU_TEMP{gpu="1",UUID="GPU-trunc',  # cut off mid-label (line 4)
        f"DCGM_FI_DEV_GPU_TEMP{lab(2)} 57",
        "# TYPE DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION counter",
        f"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{lab(0)} 123456",
        "this is not an exposition line",  # line 8
        f"DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION{lab(2)} 654321",
        "# TYPE DCGM_FI_DEV_SM_CLOCK gauge",
        f"DCGM_FI_DEV_SM_CLOCK{lab(0)} 1980",
    ]
    p = parse_exposition("\n".join(good) + "\n", topology=TOPO)
    errors = only(p, "parse_error")
    assert [e.detail.split(":")[0] for e in errors] == ["line 4", "line 8"]
    assert "GPU-trunc" in errors[0].detail and errors[0].metric == "DCGM_FI_DEV_GPU_TEMP"
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_TEMP") == 55
    assert value(p, "node-01/gpu2", "DCGM_FI_DEV_GPU_TEMP") == 57
    # The counter family's TYPE survived the fallback: its samples (renamed *_total by the
    # parser) still map to the field.
    assert value(p, "node-01/gpu2", "DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION") == 654321
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_SM_CLOCK") == 1980
    assert p.frame.entities == ("node-01/gpu0", "node-01/gpu2")


def test_garbage_never_raises() -> None:
    for text in ("", "\n\n", "# just a comment\n", "{{{{\n", '# TYPE x\nx{a="1" 2\n', "\x00\xff"):
        p = parse_exposition(text, topology=TOPO)
        assert p.gpus == 0
    assert kinds(parse_exposition("{{{{\n")) == ["parse_error"]


def test_unknown_dcgm_metric_is_flagged_once_other_metrics_only_counted() -> None:
    # DCGM_EXP_XID_ERRORS_COUNT used to be the unknown one here; it is registered now, so an
    # NVLink5 FEC histogram bucket (not in the registry) plays its part.
    fec = "DCGM_FI_DEV_NVLINK_COUNT_FEC_HISTORY_3"
    text = (
        "# TYPE DCGM_FI_DEV_FAN_SPEED gauge\n"
        f"DCGM_FI_DEV_FAN_SPEED{lab(0)} 40\n"
        f"DCGM_FI_DEV_FAN_SPEED{lab(1)} 41\n"
        f"# TYPE {fec} counter\n"
        f"{fec}{lab(0)} 0\n"
        "go_goroutines 12\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55\n"
    )
    p = parse_exposition(text, topology=TOPO)
    unknown = only(p, "unknown_metric")
    assert [(f.metric, "2 sample(s)" in f.detail) for f in unknown] == [
        ("DCGM_FI_DEV_FAN_SPEED", True),
        (fec, False),
    ]
    assert p.unknown_samples == 4 and p.mapped_samples == 1
    # Kept, not dropped: one record per DCGM series (go_goroutines is only counted).
    assert sorted((u.name, dict(u.labels)["gpu"], u.value, u.count) for u in p.unmodelled) == [
        ("DCGM_FI_DEV_FAN_SPEED", "0", 40.0, 1),
        ("DCGM_FI_DEV_FAN_SPEED", "1", 41.0, 1),
        (fec, "0", 0.0, 1),
    ]
    assert p.counts["unmodelled_series"] == 3


def test_aliases_and_counter_total_suffix_map_to_registry_fields() -> None:
    text = (
        "# TYPE DCGM_FI_DEV_CLOCK_THROTTLE_REASONS gauge\n"
        f"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS{lab(0)} 72\n"
        "# TYPE DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL counter\n"
        f"DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL{lab(0)} 3\n"
    )
    p = parse_exposition(text, topology=TOPO)
    assert p.flags == []
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_CLOCKS_EVENT_REASONS") == 72
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL") == 3


# ------------------------------------------------------------------ labels → topology


def test_gpu_not_in_topology_is_unmapped_and_uuid_wins_over_a_pod_hostname() -> None:
    uuid3 = TOPO.gpu_uuid[TOPO.gpu_pos["node-02/gpu3"]]
    text = (
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="node-77",modelName="NVIDIA H100 80GB HBM3"} 50\n'
        'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="node-77"} 50\n'
        f'DCGM_FI_DEV_GPU_TEMP{{gpu="3",UUID="{uuid3}",Hostname="dcgm-exporter-x7k2p"}} 66\n'
        'DCGM_FI_DEV_GPU_TEMP{Hostname="node-01"} 1\n'
    )
    p = parse_exposition(text, topology=TOPO)
    assert p.frame.entities == ("node-02/gpu3",)
    assert value(p, "node-02/gpu3", "DCGM_FI_DEV_GPU_TEMP") == 66
    unmapped = only(p, "unmapped_gpu")
    assert [f.entity for f in unmapped] == ["node-77/gpu0", "node-01"]
    assert "2 sample(s) dropped" in unmapped[0].detail and "node-77" in unmapped[0].detail


def test_a_swapped_board_maps_by_index_and_is_flagged() -> None:
    text = 'DCGM_FI_DEV_GPU_TEMP{gpu="5",UUID="GPU-new-board",Hostname="node-04"} 40\n'
    p = parse_exposition(text, topology=TOPO)
    assert p.frame.entities == ("node-04/gpu5",)
    (f,) = only(p, "uuid_mismatch")
    assert f.entity == "node-04/gpu5" and "GPU-new-board" in f.detail


def test_pci_bus_id_maps_when_the_gpu_label_is_missing() -> None:
    text = 'DCGM_FI_DEV_GPU_TEMP{pci_bus_id="0000:9a:00.0",Hostname="node-03"} 44\n'
    p = parse_exposition(text, topology=TOPO)
    assert p.frame.entities == ("node-03/gpu4",)


def test_hpc_job_and_pod_labels_become_workloads() -> None:
    text = (
        "# TYPE DCGM_FI_DEV_GPU_UTIL gauge\n"
        f"DCGM_FI_DEV_GPU_UTIL{lab(0, hpc_job='4711')} 90\n"
        f"DCGM_FI_DEV_GPU_UTIL{lab(1, container='trainer', namespace='ml', pod='llm-0')} 80\n"
        f"DCGM_FI_DEV_GPU_UTIL{lab(2, container='', namespace='', pod='')} 0\n"
    )
    p = parse_exposition(text, topology=TOPO)
    assert p.workloads == {
        "node-01/gpu0": Workload(job_id="4711"),
        "node-01/gpu1": Workload(pod="llm-0", namespace="ml", name="trainer"),
    }
    assert p.saw_workload_labels


def test_render_writes_workload_labels_that_parse_back() -> None:
    frame = FleetSimulator(TOPO, seed=1, artifacts=None).step().frames[0]
    wl = {
        "node-01/gpu0": Workload(job_id="77"),
        "node-01/gpu1": Workload(pod="p-1", namespace="ns", name="c"),
    }
    text = render_exposition(frame, TOPO, "node-01", workloads=wl, fields=["DCGM_FI_DEV_GPU_TEMP"])
    assert 'hpc_job="77"' in text and 'container="c",namespace="ns",pod="p-1"' in text
    assert parse_exposition(text, topology=TOPO).workloads == wl


def test_duplicates_flagged_but_time_sliced_pods_are_not() -> None:
    text = (
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55\n"  # the same series twice
        f"DCGM_FI_DEV_GPU_TEMP{lab(1, pod='a', namespace='n', container='c')} 60\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(1, pod='b', namespace='n', container='c')} 60\n"  # slicing
        f"DCGM_FI_DEV_GPU_TEMP{lab(2)} 61\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(2, pod='b', namespace='n', container='c')} 99\n"  # conflict
    )
    p = parse_exposition(text, topology=TOPO)
    dups = only(p, "duplicate_series")
    assert [(f.entity, f.value) for f in dups] == [("node-01/gpu0", 55), ("node-01/gpu2", 99)]
    assert value(p, "node-01/gpu2", "DCGM_FI_DEV_GPU_TEMP") == 61  # first one wins
    assert p.workloads["node-01/gpu1"].pod == "a"


# ------------------------------------------------------------------ MIG


def mig(g: int, gid: int, **extra: str) -> str:
    profile = "3g.40gb" if gid == 1 else "4g.40gb"
    return lab(g, GPU_I_PROFILE=profile, GPU_I_ID=str(gid), **extra)


def test_mig_series_never_overwrite_the_parent_and_fill_only_device_wide_gaps() -> None:
    text = (
        "# TYPE DCGM_FI_DEV_GPU_TEMP gauge\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 50\n"  # GPU 0: device-level series present
        f"DCGM_FI_DEV_GPU_TEMP{mig(0, 1)} 49\n"
        f"DCGM_FI_DEV_GPU_TEMP{mig(1, 1)} 63\n"  # GPU 1: MIG only, instances agree
        f"DCGM_FI_DEV_GPU_TEMP{mig(1, 2)} 63\n"
        "# TYPE DCGM_FI_DEV_POWER_USAGE gauge\n"
        f"DCGM_FI_DEV_POWER_USAGE{mig(1, 1)} 300\n"  # instances disagree on a device field
        f"DCGM_FI_DEV_POWER_USAGE{mig(1, 2)} 310\n"
        "# TYPE DCGM_FI_DEV_FB_USED gauge\n"
        f"DCGM_FI_DEV_FB_USED{mig(1, 1, pod='a', namespace='n', container='c')} 1000\n"
        f"DCGM_FI_DEV_FB_USED{mig(1, 2, pod='b', namespace='n', container='c')} 2000\n"
        "# TYPE DCGM_FI_PROF_GR_ENGINE_ACTIVE gauge\n"
        f"DCGM_FI_PROF_GR_ENGINE_ACTIVE{mig(1, 1)} 0.5\n"
        f"DCGM_FI_PROF_GR_ENGINE_ACTIVE{mig(1, 2)} 9223372036854775794\n"
    )
    p = parse_exposition(text, topology=TOPO)
    assert p.frame.entities == ("node-01/gpu0", "node-01/gpu1")
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_TEMP") == 50  # not the instance's 49
    assert value(p, "node-01/gpu1", "DCGM_FI_DEV_GPU_TEMP") == 63  # filled: instances agree
    assert np.isnan(value(p, "node-01/gpu1", "DCGM_FI_DEV_POWER_USAGE"))  # they disagree
    assert "DCGM_FI_DEV_FB_USED" in MIG_INSTANCE_FIELDS
    assert np.isnan(value(p, "node-01/gpu1", "DCGM_FI_DEV_FB_USED"))  # never rolled up
    assert np.isnan(value(p, "node-01/gpu1", "DCGM_FI_PROF_GR_ENGINE_ACTIVE"))
    insts = p.mig["node-01/gpu1"]
    assert [(m.gpu_instance_id, m.profile) for m in insts] == [("1", "3g.40gb"), ("2", "4g.40gb")]
    assert insts[0].values["DCGM_FI_DEV_FB_USED"] == 1000
    assert insts[1].values["DCGM_FI_DEV_FB_USED"] == 2000
    assert np.isnan(insts[1].values["DCGM_FI_PROF_GR_ENGINE_ACTIVE"])
    assert [m.gpu_instance_id for m in p.mig["node-01/gpu0"]] == ["1"]
    got = {(f.kind, f.metric, f.entity) for f in p.flags}
    assert got == {
        ("mig_conflict", "DCGM_FI_DEV_POWER_USAGE", "node-01/gpu1"),
        ("blank_sentinel", "DCGM_FI_PROF_GR_ENGINE_ACTIVE", "node-01/gpu1/gi2"),
    }
    # Two pods on two instances: no single GPU-level workload; each instance keeps its own.
    assert "node-01/gpu1" not in p.workloads
    assert [m.workload.pod if m.workload else None for m in insts] == ["a", "b"]
    out = to_json(p)
    assert out["mig"]["node-01/gpu1"][1]["GPU_I_PROFILE"] == "4g.40gb"
    assert out["mig"]["node-01/gpu1"][1]["values"]["DCGM_FI_PROF_GR_ENGINE_ACTIVE"] is None


def test_to_json_is_strict_json_with_nulls_and_every_flag() -> None:
    text = (
        "# HELP DCGM_FI_DEV_MEMORY_TEMP x\n# TYPE DCGM_FI_DEV_MEMORY_TEMP gauge\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 9223372036854775794\n"
        f"DCGM_FI_DEV_POWER_USAGE{lab(0)} +Inf\n"
        f"DCGM_FI_DEV_SM_CLOCK{lab(0, hpc_job='9')} 1410\n"
    )
    p = parse_exposition(text, topology=TOPO, source="node-01.txt")
    out = json.loads(json.dumps(to_json(p), allow_nan=False))
    assert out["source"] == "node-01.txt"
    assert out["frame"]["node-01/gpu0"]["DCGM_FI_DEV_SM_CLOCK"] == 1410
    assert out["frame"]["node-01/gpu0"]["DCGM_FI_DEV_GPU_TEMP"] is None
    assert out["frame"]["node-01/gpu0"]["DCGM_FI_DEV_ECC_DBE_VOL_TOTAL"] is None
    assert out["flag_counts"] == {
        "help_without_samples": 1,
        "blank_sentinel": 1,
        "out_of_range": 1,
    }
    assert {f["kind"] for f in out["flags"]} == set(out["flag_counts"])
    inf = next(f for f in out["flags"] if f["kind"] == "out_of_range")
    assert inf["value"] is None and "inf" in inf["detail"]
    assert out["counts"]["gpus"] == 1 and out["workloads"] == {"node-01/gpu0": {"job_id": "9"}}


# ------------------------------------------------------------------ real exporter pages

PAGES = Path(__file__).resolve().parent / "data" / "exporter_pages"


def page(name: str) -> str:
    return (PAGES / name).read_text()


def test_h100_default_counters_page() -> None:
    p = parse_exposition(page("h100-hgx-default-counters.prom"))
    assert p.frame.entities == tuple(f"gpu-node-017/gpu{i}" for i in range(8))
    assert kinds(p) == [] and p.unknown_samples == 0 and p.unmodelled == []
    assert value(p, "gpu-node-017/gpu3", "DCGM_FI_DEV_XID_ERRORS") == 79
    assert value(p, "gpu-node-017/gpu2", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER") == 17
    assert p.workloads["gpu-node-017/gpu0"].job_id == "4711093"
    assert "gpu-node-017/gpu5" not in p.workloads  # the idle GPU runs nothing
    info = p.gpu_info["gpu-node-017/gpu0"]
    assert (info.model, info.driver, info.serial) == ("NVIDIA H100 80GB HBM3", "570.133.20", None)
    # Every default counter landed in a core column (none is extended).
    n_default = 25
    assert p.mapped_samples == 8 * n_default and int(p.present.sum()) == 8 * n_default


def test_a100_mig_page_with_lowercase_hostname_label() -> None:
    p = parse_exposition(page("a100-mig-hostname.prom"))
    assert p.frame.entities == ("a100-mig-03/gpu0", "a100-mig-03/gpu1")
    assert [m.gpu_instance_id for m in p.mig["a100-mig-03/gpu0"]] == ["1", "2"]
    inst = p.mig["a100-mig-03/gpu0"][1]
    assert inst.profile == "3g.40gb" and inst.values["DCGM_FI_DEV_FB_USED"] == 32112
    assert inst.workload is not None and inst.workload.pod == "llm-ft-2-7f9c"
    # Device-wide fields roll up to the parent; instance-scoped ones do not.
    assert value(p, "a100-mig-03/gpu0", "DCGM_FI_DEV_GPU_TEMP") == 47
    assert np.isnan(value(p, "a100-mig-03/gpu0", "DCGM_FI_DEV_FB_USED"))
    assert "a100-mig-03/gpu1" not in p.workloads  # empty pod labels are no workload
    assert kinds(p) == []


def test_b200_page_exp_metrics_nvlink5_inventory_and_unmodelled() -> None:
    p = parse_exposition(page("b200-exp-nvlink5.prom"))
    g0, g1 = "b200-rack4-n2/gpu0", "b200-rack4-n2/gpu1"
    ext = p.extended
    assert ext.entities == p.frame.entities == (g0, g1)

    def x(entity: str, name: str) -> float:
        return float(ext.values[ext.entities.index(entity), ext.fields.index(name)])

    # Xid counts are per Xid in the window: kept per key and summed in the frame.
    assert p.keyed[g1]["DCGM_EXP_XID_ERRORS_COUNT"] == {"74": 1.0, "94": 2.0}
    assert (x(g0, "DCGM_EXP_XID_ERRORS_COUNT"), x(g1, "DCGM_EXP_XID_ERRORS_COUNT")) == (0, 3)
    assert p.window_ms["DCGM_EXP_XID_ERRORS_COUNT"] == 300000
    assert x(g1, "DCGM_EXP_CLOCK_EVENTS_COUNT") == 8
    # Health is the worst watch (20 = fail); the per-watch values are kept.
    assert x(g1, "DCGM_EXP_GPU_HEALTH_STATUS") == 20 and x(g0, "DCGM_EXP_GPU_HEALTH_STATUS") == 0
    assert p.keyed[g1]["DCGM_EXP_GPU_HEALTH_STATUS"]["NVLINK"] == 10
    assert x(g0, "DCGM_EXP_P2P_STATUS") == 0 and p.keyed[g0]["DCGM_EXP_P2P_STATUS"] == {"1": 0.0}
    # SRAM and DRAM ECC are told apart; NVLink5 counters and BER floats are kept.
    assert (x(g0, "DCGM_FI_DEV_ECC_SBE_VOL_SRM"), x(g1, "DCGM_FI_DEV_ECC_DBE_VOL_DEV")) == (3, 1)
    assert x(g1, "DCGM_FI_DEV_NVLINK_COUNT_RX_SYMBOL_ERRORS") == 48210
    assert x(g1, "DCGM_FI_DEV_NVLINK_COUNT_EFFECTIVE_BER_FLOAT") == 3.2e-09
    assert value(p, g1, "DCGM_FI_DEV_POWER_VIOLATION") == 512000000  # a core column
    # Inventory labels: an RMA needs the serial.
    info = p.gpu_info[g1]
    assert info.serial == "1653024001235"
    assert info.inventory["DCGM_FI_DEV_VBIOS_VERSION"] == "97.00.84.00.0F"
    assert info.driver == "575.57.08" and "DCGM_FI_DRIVER_VERSION" not in info.inventory
    # The unregistered FEC histogram bucket is an unmodelled record per GPU, not dropped.
    assert [(u.name, dict(u.labels)["gpu"], u.value) for u in p.unmodelled] == [
        ("DCGM_FI_DEV_NVLINK_COUNT_FEC_HISTORY_0", "0", 912.0),
        ("DCGM_FI_DEV_NVLINK_COUNT_FEC_HISTORY_0", "1", 1044.0),
    ]
    assert kinds(p) == ["unknown_metric"]
    js = to_json(p)
    assert js["extended"][g1]["DCGM_EXP_XID_ERRORS_COUNT"] == 3
    assert js["keyed"][g1]["DCGM_EXP_XID_ERRORS_COUNT"] == {"74": 1.0, "94": 2.0}
    assert js["gpus"][g1]["inventory"]["DCGM_FI_DEV_SERIAL"] == "1653024001235"
    assert len(js["unmodelled"]) == 2
    json.dumps(js, allow_nan=False)


# ------------------------------------------------------------------ outside-input limits


def test_huge_integer_value_is_nan_and_flagged_not_an_overflowerror() -> None:
    p = parse_exposition(f"DCGM_FI_DEV_GPU_TEMP{lab(0)} {'1' * 400}\n", topology=TOPO)
    assert kinds(p) == ["overflow"] and "400 digits" in p.flags[0].detail
    assert np.isnan(value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_TEMP"))
    assert p.present[0, col("DCGM_FI_DEV_GPU_TEMP")]  # a sample was there
    # Past the int-digit limit the library reads it as inf: out of range, NaN as well.
    q = parse_exposition(f"DCGM_FI_DEV_GPU_TEMP{lab(0)} {'9' * 5000}\n", topology=TOPO)
    assert kinds(q) == ["out_of_range"]


def test_insane_timestamps_drop_the_sample_with_a_reason() -> None:
    text = (
        f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55 1e300\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(1)} 56 -5\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(2)} 57 1772409600000\n"
        f"DCGM_FI_DEV_GPU_TEMP{lab(3)} 58 {'1' * 400}\n"
    )
    p = parse_exposition(text, topology=TOPO)
    bad = only(p, "bad_timestamp")
    assert [f.entity for f in bad] == ["node-01/gpu0", "node-01/gpu1"]
    assert "outside 2000-01-01..2200-01-01" in bad[0].detail and 'gpu="0"' in bad[0].detail
    assert p.newest_sample_ts == 1772409600.0 and p.frame.timestamp == 1772409600.0
    # The GPUs were seen (their labels resolved) but their only samples were rejected.
    assert p.frame.entities == ("node-01/gpu0", "node-01/gpu1", "node-01/gpu2")
    assert p.present[:, col("DCGM_FI_DEV_GPU_TEMP")].tolist() == [False, False, True]
    assert [f.detail.startswith("line 4:") for f in only(p, "parse_error")] == [True]


def test_line_and_page_limits() -> None:
    from gpufleet.telemetry import exposition as X

    long_line = 'DCGM_FI_DEV_GPU_TEMP{gpu="0",Hostname="' + "a" * X.MAX_LINE_CHARS + '"} 1'
    text = f"{long_line}\nDCGM_FI_DEV_GPU_TEMP{lab(1)} 56\n"
    p = parse_exposition(text, topology=TOPO)
    assert kinds(p) == ["parse_error"] and p.flags[0].detail.startswith("line 1:")
    assert "line limit" in p.flags[0].detail and len(p.flags[0].detail) < 400
    assert p.frame.entities == ("node-01/gpu1",)
    many = "go_goroutines 1\n" * (X.MAX_LINES + 10)
    q = parse_exposition(many)
    assert q.samples == X.MAX_LINES and "over the 25000-line page limit" in q.flags[0].detail
    with pytest.raises(X.ExpositionError, match="not parsed"):
        parse_exposition("x" * (X.MAX_TEXT_CHARS + 1))
    with pytest.raises(X.ExpositionError, match="expected exposition text"):
        parse_exposition(b"DCGM_FI_DEV_GPU_TEMP 1\n")  # type: ignore[arg-type]


def test_flags_are_capped_per_kind() -> None:
    from gpufleet.telemetry import exposition as X

    p = parse_exposition("{{{{\n" * (X.MAX_FLAGS_PER_KIND + 50))
    assert len(p.flags) == X.MAX_FLAGS_PER_KIND + 1
    assert p.flags[-1].detail == "... 50 more parse_error flag(s) not listed"


def test_garbage_lines_are_rejected_without_losing_good_ones() -> None:
    text = "\n".join(["{{{{", f"DCGM_FI_DEV_GPU_TEMP{lab(0)} 55", "abc", '{"x" 1'] * 3) + "\n"
    p = parse_exposition(text, topology=TOPO)
    assert [f.detail.split(":")[0] for f in only(p, "parse_error")] == [
        f"line {n}" for n in (1, 3, 4, 5, 7, 8, 9, 11, 12)
    ]
    assert value(p, "node-01/gpu0", "DCGM_FI_DEV_GPU_TEMP") == 55


def test_fuzz_found_label_values_that_broke_int_conversion() -> None:
    # bench/fuzz_parsers.py found these: int() of a 5,000-digit run (natural sort of the
    # hostname, the entity of an unmapped GPU) raised ValueError; "²" passes str.isdigit().
    for host, gpu in (("9" * 5000, "0"), ("h", "1" * 5000), ("h²", "²"), ("n٣", "٣")):
        text = f'DCGM_FI_DEV_GPU_TEMP{{gpu="{gpu}",Hostname="{host}"}} 50\n'
        parse_exposition(text)
        parse_exposition(text, topology=TOPO)
