"""Reports pasted as operators paste them are diagnosed end to end, with the variant's action.

A recorded incident whose only evidence is one pasted text (a slurmctld journal on the
controller, a plain ``nvidia-smi`` that failed, a device-plugin log) opens one incident, ranks
the card the tool's own words point to, and plans what the vendor says for that variant: a
configuration fix for a GRES mismatch or a runtime that does not inject the driver, a reboot for
a loaded-vs-installed driver mismatch. Nothing is reset or replaced. The report is read when the
recording ends (no collection time), as a live reader would read it: the incident opens once
the detector's settle time has passed, after the last sample."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from gpufleet.evals.recorded import load_incident
from gpufleet.evals.runner import run_suite

EXAMPLES = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "examples"
BACKDROP = EXAMPLES / "reports-recorded"  # 2 nodes × 8 H100, flat healthy metrics

SLURMCTLD = (
    "May 23 12:49:52 mgmt1 slurmctld[80708]: slurmctld: _node_config_validate: gres/gpu: Count "
    "changed on node node-02 (8 != 7)\n"
    "May 23 12:49:52 mgmt1 slurmctld[80708]: slurmctld: error: Setting node node-02 state to "
    "INVAL with reason:gres/gpu count reported lower than configured (7 < 8)\n"
)
SMI = "$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\n"
PLUGIN = (
    "I1120 10:01:02.123456       1 main.go:256] Retreiving plugins.\n"
    "E1120 10:01:02.124000       1 factory.go:87] Incompatible strategy detected auto\n"
    "E1120 10:01:02.124100       1 factory.go:88] If this is a GPU node, did you configure the "
    "NVIDIA Container Toolkit?\n"
    "I1120 10:01:02.124200       1 main.go:287] Failed to initialize NVML: could not load NVML "
    "library.\n"
)


def _incident(tmp: Path, name: str, files: dict[str, str], evidence: list[dict[str, Any]],
              truth: dict[str, Any]) -> Path:  # fmt: skip
    folder = tmp / name
    folder.mkdir()
    shutil.copy(BACKDROP / "metrics.jsonl", folder / "metrics.jsonl")
    spec = yaml.safe_load((BACKDROP / "incident.yaml").read_text())
    spec.update(id=name, title=name, kind="fault", evidence=evidence)
    spec["truth"] = {"faults": [truth], "source": "test: pasted report"}
    (folder / "incident.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    for rel, text in files.items():
        (folder / rel).parent.mkdir(parents=True, exist_ok=True)
        (folder / rel).write_text(text)
    return folder


def _truth(cause: str, root: str, family: str, classes: list[str]) -> dict[str, Any]:
    return {
        "fault_class": cause,
        "root_cause": cause,
        "root_entity": root,
        "scope": "node",
        "family": family,
        "entities": [root],
        "jobs": [],
        "onset": "2026-04-20T08:20:00Z",
        "max_delay_s": 1800.0,
        "benign": False,
        "correct_actions": [],
        "unsafe_actions": ["reset_gpu", "rma_gpu"],
        "action_classes": classes,
    }


CASES = {
    # the controller's journal names the node it set INVAL; the file was taken on mgmt1
    "gres": (
        {"jobs/slurmctld.log": SLURMCTLD},
        [{"path": "jobs/slurmctld.log", "kind": "job_log", "node": "mgmt1"}],
        _truth("slurm-node-down", "node-02", "host", ["config_fix"]),
        ("node-02", "slurm-node-down", "config_fix"),
    ),
    # a plain nvidia-smi declared as `nvidia-smi -q`: read by what its text is
    "nvml-mismatch": (
        {"nodes/node-01/nvidia-smi.txt": SMI},
        [{"path": "nodes/node-01/nvidia-smi.txt", "kind": "nvidia_smi_q", "node": "node-01"}],
        _truth("driver-cuda-mismatch", "node-01", "host", ["reboot"]),
        ("node-01", "driver-cuda-mismatch", "reboot"),
    ),
    # the device plugin's own log, declared as a pod list
    "plugin-no-nvml": (
        {"jobs/device-plugin.log": PLUGIN},
        [{"path": "jobs/device-plugin.log", "kind": "k8s_pod", "node": "node-02"}],
        _truth("k8s-device-plugin-unhealthy", "node-02", "host", ["config_fix"]),
        ("node-02", "k8s-device-plugin-unhealthy", "config_fix"),
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_pasted_report_is_diagnosed_with_its_variants_action(tmp_path: Path, case: str) -> None:
    """Old code: none of these opened an incident (the GRES lines and the plugin's NVML error
    were not understood, the nvidia-smi text was lost to the -q reader, and a report read at
    the recording's end never settled)."""
    files, evidence, truth, (root, card, action_class) = CASES[case]
    folder = _incident(tmp_path, case, files, evidence, truth)
    result = run_suite(folder, layers={"SRE"}, baselines=False, cache_root=tmp_path / "cache")
    [rec] = result.incidents
    [run] = rec.runs.values()
    assert [(p.root_entity, p.root_causes[0], p.action_class) for p in run.predictions] == [
        (root, card, action_class)
    ]
    acts = {a.name for p in run.predictions for a in p.actions}
    assert not acts & {"reset_gpu", "rma_gpu"}


def test_a_report_collected_after_the_recording_ends_is_read_at_its_last_sample(
    tmp_path: Path,
) -> None:
    """A file whose ``collected_at`` lies after the recording's last sample is replayed as
    collected at that sample: its lines open the incident and the diagnosis reads its text.
    Old code dropped its events ("after the last sample were ignored") and hid the file from
    the evidence reads (they answer as of the newest sample), so a write-up collected a few
    minutes after the recording ended was diagnosed from its opening line alone."""
    files, evidence, truth, (root, card, action_class) = CASES["nvml-mismatch"]
    end = yaml.safe_load((BACKDROP / "incident.yaml").read_text())["time_range"]["end"]
    late = [{**e, "collected_at": _later(end, 3600)} for e in evidence]
    folder = _incident(tmp_path, "collected-late", files, late, truth)
    loaded = load_incident(folder, tmp_path / "cache")
    assert loaded.ticks
    last = loaded.ticks[-1].timestamp
    assert [f.collected_at for f in loaded.evidence.files] == [last]
    assert any("after the recording's last sample" in p for p in loaded.problems)
    result = run_suite(folder, layers={"SRE"}, baselines=False, cache_root=tmp_path / "cache")
    [rec] = result.incidents
    [run] = rec.runs.values()
    assert [(p.root_entity, p.root_causes[0], p.action_class) for p in run.predictions] == [
        (root, card, action_class)
    ]


def _later(when: object, seconds: float) -> str:
    """An RFC 3339 time ``seconds`` after ``when`` (an RFC 3339 string or a datetime)."""
    start = when if isinstance(when, dt.datetime) else dt.datetime.fromisoformat(str(when))
    return (start + dt.timedelta(seconds=seconds)).isoformat().replace("+00:00", "Z")


# a ticket pasting `dmesg -T` from a host six hours ahead of UTC: the stamp is local time
AHEAD_TICKET = (
    "Miner died again, here is dmesg -T:\n"
    "Apr 20 14:21:40 node-01 kernel: NVRM: Xid (PCI:0000:2a:00): 79, pid=4411, "
    "GPU has fallen off the bus.\n"
)


def test_a_pasted_driver_line_stamped_after_its_file_was_collected_is_read_at_collection(
    tmp_path: Path,
) -> None:
    """A ticket collected at 08:21 UTC quotes an Xid stamped 14:21 (the host's local time,
    which syslog and ``dmesg -T`` print with no zone). No file holds a line written after it
    was read, so the line is placed when the file was collected and said, and the fallen-off
    GPU the ticket names opens an incident. Old code kept the line's own stamp, six hours
    after the recording's end, and dropped it as a future event ("after the last sample were
    ignored"); the ticket then opened nothing, as a rule had read it."""
    evidence = [
        {"path": "jobs/ticket.log", "kind": "job_log", "node": "node-01",
         "collected_at": "2026-04-20T08:21:00Z"}
    ]  # fmt: skip
    truth = {
        **_truth("xid-79-fallen-off-bus", "node-01/gpu1", "device", ["reset_gpu"]),
        "scope": "gpu",
    }
    folder = _incident(tmp_path, "ahead", {"jobs/ticket.log": AHEAD_TICKET}, evidence, truth)
    loaded = load_incident(folder, tmp_path / "cache")
    said = [p for p in loaded.problems if "stamped after the file was read" in p]
    assert said and "1 quoted driver line(s)" in said[0]
    assert not any("after the last sample were ignored" in p for p in loaded.problems)
    result = run_suite(folder, layers={"SRE"}, baselines=False, cache_root=tmp_path / "cache")
    [rec] = result.incidents
    [run] = rec.runs.values()
    assert [p.root_entity for p in run.predictions] == ["node-01/gpu1"]
    recording_end = dt.datetime(2026, 4, 20, 8, 40, tzinfo=dt.UTC).timestamp()
    assert run.predictions[0].opened_at <= recording_end
