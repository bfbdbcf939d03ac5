"""Recorded-incident format: schema, the committed suite, and the loader's errors."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
import yaml

from gpufleet.evals.format import SCHEMA_PATH, IncidentFormatError, json_schema, load_spec
from gpufleet.evals.materialize import check_truth, simulator_for
from gpufleet.evals.recorded import load_incident
from gpufleet.evals.runner import SUITE_DIR, discover
from gpufleet.sim.faults import ALL_FAULTS, BENIGN_FAULTS

EXAMPLE = Path(__file__).parents[1] / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"


def test_published_schema_is_in_sync_with_the_model() -> None:
    assert json.loads(SCHEMA_PATH.read_text()) == json.loads(json.dumps(json_schema()))


def test_suite_has_40_plus_incidents_covering_every_fault_class_twice() -> None:
    specs = [load_spec(f) for f in discover(SUITE_DIR)]
    assert len(specs) >= 40
    per_class: Counter[str] = Counter()
    skus: dict[str, set[str]] = {}
    for s in specs:
        for f in s.truth.faults:
            if s.kind == "fault":
                per_class[f.fault_class] += 1
                assert s.topology is not None
                skus.setdefault(f.fault_class, set()).add(s.topology.sku)
    for cls in set(ALL_FAULTS) - BENIGN_FAULTS:
        assert per_class[cls] >= 2, cls
        assert len(skus[cls]) >= 2, f"{cls}: variants should differ in SKU"
    kinds = Counter(s.kind for s in specs)
    assert kinds["red_herring"] >= 6 and kinds["overlapping"] >= 3 and kinds["fault_free"] >= 3
    herrings = {f.fault_class for s in specs if s.kind == "red_herring" for f in s.truth.faults}
    assert herrings == {"xid45_churn", "telemetry_artifact", "maintenance_drain"}


def test_committed_truth_matches_what_the_generators_inject() -> None:
    for folder in discover(SUITE_DIR):
        spec = load_spec(folder)
        sim, _ = simulator_for(spec)
        check_truth(spec, sim)  # raises on drift


def _copy_example(tmp_path: Path) -> Path:
    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    return dst


def _edit_yaml(folder: Path, fn: object) -> None:
    p = folder / "incident.yaml"
    data = yaml.safe_load(p.read_text())
    fn(data)  # type: ignore[operator]
    p.write_text(yaml.safe_dump(data))


def test_recorded_example_loads_and_carries_all_three_data_files(tmp_path: Path) -> None:
    inc = load_incident(EXAMPLE, tmp_path)
    assert inc.materialized and inc.ticks and len(inc.ticks) > 100
    assert inc.problems == []
    kinds = Counter(e.kind for t in inc.ticks for e in t.events)
    assert kinds["xid"] >= 2 and kinds["job_start"] >= 1
    assert any(t.workloads for t in inc.ticks)


@pytest.mark.parametrize(
    ("mutate", "expect"),
    [
        (lambda d: d["truth"]["faults"][0].update(scope="planet"), "truth.faults.0.scope"),
        (lambda d: d.update(colour="red"), "colour"),
        (
            lambda d: d["truth"]["faults"][0].update(onset="2031-01-01T00:00:00Z"),
            "onset outside time_range",
        ),
        (lambda d: d["time_range"].update(end=d["time_range"]["start"]), "end must be after"),
        (lambda d: d.pop("truth"), "truth"),
        (lambda d: d.update(id="Bad ID!"), "id"),
        (lambda d: d.update(topology_file="topo.json"), "exactly one of topology"),
    ],
)
def test_bad_incident_yaml_names_file_and_field(
    tmp_path: Path, mutate: object, expect: str
) -> None:
    folder = _copy_example(tmp_path)
    _edit_yaml(folder, mutate)
    with pytest.raises(IncidentFormatError) as err:
        load_spec(folder)
    assert str(folder / "incident.yaml") in str(err.value)
    assert expect in str(err.value)


def test_missing_and_unparsable_yaml(tmp_path: Path) -> None:
    with pytest.raises(IncidentFormatError, match="missing"):
        load_spec(tmp_path)
    (tmp_path / "incident.yaml").write_text("id: [unclosed\n")
    with pytest.raises(IncidentFormatError, match="not valid YAML"):
        load_spec(tmp_path)


def test_bad_lines_in_data_files_are_reported_and_the_rest_is_kept(tmp_path: Path) -> None:
    folder = _copy_example(tmp_path)
    with (folder / "metrics.jsonl").open("a") as fh:
        fh.write("{not json\n")
        fh.write('{"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP"},"values":[1],"timestamps":[]}\n')
    with (folder / "events.jsonl").open("a") as fh:
        fh.write('{"time": "2026-03-02T00:10:00Z", "kind": "teleport"}\n')
    with (folder / "logs.txt").open("a") as fh:
        fh.write("usb 1-1: new high-speed USB device number 2 using xhci_hcd\n\x00\x01garbage\n")
    inc = load_incident(folder, tmp_path / "cache")
    text = "\n".join(inc.problems)
    assert "metrics.jsonl" in text and "events.jsonl" in text and "teleport" in text
    assert inc.log_unrecognised >= 2
    clean = load_incident(EXAMPLE, tmp_path / "cache2")
    assert len(inc.ticks or []) == len(clean.ticks or [])


def test_no_samples_replays_the_logs_and_says_so_and_no_data_is_a_clear_error(
    tmp_path: Path,
) -> None:
    # a report taken on a host with no GPUs (a control-plane node) has an empty metrics file:
    # its kernel lines are still replayed, on the recording's grid, and the gap is said
    folder = _copy_example(tmp_path)
    (folder / "metrics.jsonl").write_text("")
    inc = load_incident(folder, tmp_path / "c")
    clean = load_incident(EXAMPLE, tmp_path / "c2")
    assert any("no usable samples" in p for p in inc.problems)
    ticks = inc.ticks or []
    assert ticks and all(not t.frames for t in ticks)
    assert ticks[0].timestamp == inc.spec.time_range.start
    replayed = sum(len(t.events) for t in ticks)
    assert replayed == sum(len(t.events) for t in clean.ticks or []) > 0
    (folder / "metrics.jsonl").unlink()
    with pytest.raises(IncidentFormatError, match="no generator block"):
        load_incident(folder, tmp_path / "c")


def test_truth_drift_is_caught(tmp_path: Path) -> None:
    src = SUITE_DIR / "dbe-1"
    folder = tmp_path / "dbe-1"
    shutil.copytree(src, folder, ignore=shutil.ignore_patterns(".cache"))
    _edit_yaml(folder, lambda d: d["truth"]["faults"][0].update(root_entity="node-01/gpu0"))
    with pytest.raises(IncidentFormatError, match="does not match what its generator injects"):
        load_incident(folder, tmp_path / "cache")


def test_every_truth_root_cause_is_a_knowledge_base_card() -> None:
    from gpufleet.knowledge.store import KnowledgeBase

    cards = KnowledgeBase.load().cards
    for folder in [*discover(SUITE_DIR), EXAMPLE]:
        spec = load_spec(folder)
        for f in spec.truth.faults:
            assert all(c in cards for c in f.causes), (folder.name, f.causes)
            # evidence scenarios name the cause their evidence shows, not the simulator's class
            assert spec.evidence or f.fault_class in cards[f.root_cause].fault_classes


_MATERIALIZE_IN_A_PROCESS = """
import sys
from pathlib import Path
from gpufleet.evals.format import load_spec
from gpufleet.evals.materialize import materialize
print(materialize(load_spec(Path(sys.argv[1])), Path(sys.argv[2])))
"""


def test_processes_materializing_one_scenario_at_once_all_get_it(tmp_path: Path) -> None:
    """Two `gpufleet eval` runs (or test workers) generating the same scenario into one
    cache at once: each gets the complete data, none crashes (with one shared ".tmp" folder,
    each writer deleted the other's files and one of them failed)."""
    folder = SUITE_DIR / "alert-ecc-dbe"  # one of the smallest generated scenarios
    cache = tmp_path / "cache"
    argv = [sys.executable, "-c", _MATERIALIZE_IN_A_PROCESS, str(folder), str(cache)]
    env = {
        "PYTHONPATH": os.pathsep.join(
            [
                str(Path(__file__).resolve().parents[1] / "src"),
                str(Path(__file__).resolve().parents[1]),
            ]
        ),
        "PATH": "/usr/bin:/bin",
    }
    procs = [
        subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=600) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err[-2000:] for _, err in outs]
    (out,) = {Path(o.strip()) for o, _ in outs}
    assert sorted(p.name for p in cache.iterdir()) == [out.name]  # no writer's folder left
    assert sorted(p.name for p in out.iterdir()) == [
        ".complete",
        "events.jsonl",
        "logs.txt",
        "metrics.jsonl",
    ]
    assert load_incident(folder, cache).data_dir == out


@pytest.mark.parametrize(
    ("root", "scope", "reachable"),
    [
        ("node-02/gpu5", "gpu", True),  # the example's own truth
        ("node-02/gpu99", "gpu", False),  # no such GPU in the topology
        ("4242", "job", True),  # a job log jobs/4242.log names it
        ("my-training-run", "job", False),  # a job no log or event names
    ],
)
def test_a_truth_root_named_nowhere_in_the_recording_is_reported(
    tmp_path: Path, root: str, scope: str, reachable: bool
) -> None:
    dst = tmp_path / "inc"
    shutil.copytree(EXAMPLE, dst)
    (dst / "jobs").mkdir(exist_ok=True)
    (dst / "jobs" / "4242.log").write_text("step 1 loss 0.3\n")
    spec = yaml.safe_load((dst / "incident.yaml").read_text())
    spec["truth"]["faults"][0].update(root_entity=root, scope=scope)
    (dst / "incident.yaml").write_text(yaml.safe_dump(spec))
    said = [p for p in load_incident(dst, tmp_path / "cache").problems if p.startswith("truth:")]
    assert (said == []) is reachable
    if not reachable:
        assert repr(root) in said[0] and "counted missed" in said[0]
