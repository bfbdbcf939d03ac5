"""The static dcgm-exporter rules baseline, replayed by a real vmalert (evals.static_rules)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from gpufleet.evals.static_rules import (
    STATIC_RULES_YAML,
    ServerUnavailable,
    StaticAlert,
    alerts_from_export,
    static_rules_alerts,
)
from gpufleet.sim.faults import DoubleBitError, FanFailure
from gpufleet.sim.simulator import Fault, FleetSimulator
from gpufleet.telemetry.fields import DCGM_FP64_BLANK, DCGM_INT64_BLANK, GPU_FIELD_NAMES
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Topology, WorkloadKind, build_cluster
from gpufleet.telemetry.vmjson import write_vm_jsonl

needs_servers = pytest.mark.skipif(
    shutil.which("victoria-metrics") is None or shutil.which("vmalert") is None,
    reason="victoria-metrics (Debian package) not installed: run make test as root on Debian, "
    "which installs it",
)
HOUR = 3600.0


def _run(
    tmp: Path, sim: FleetSimulator, seconds: float
) -> tuple[list[StaticAlert], dict[str, list[float]]]:
    """Simulate, write the metrics as an export, replay the static rules over the window."""
    xid: dict[str, list[float]] = {}
    col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_XID_ERRORS")

    def ticks() -> Iterator[Tick]:
        for t in sim.run(seconds):
            for g in (t.frames[0].values[:, col] != 0).nonzero()[0]:
                xid.setdefault(sim.topology.gpu_keys[int(g)], []).append(
                    float(t.frames[0].values[g, col])
                )
            yield t

    path = tmp / "metrics.jsonl"
    with path.open("w", encoding="utf-8") as fh:
        write_vm_jsonl(ticks(), sim.topology, fh)
    return static_rules_alerts(path, sim.start, sim.start + seconds), xid


def test_rules_are_a_valid_group_with_severity_and_annotations() -> None:
    doc = yaml.safe_load(STATIC_RULES_YAML)
    (group,) = doc["groups"]
    assert group["interval"] == "30s"
    names = [r["alert"] for r in group["rules"]]
    assert names == [
        "GPUTemperatureHigh",
        "GPUDoubleBitECCError",
        "GPUXidError",
        "GPUClockThrottled",
        "GPULowUtilization",
        "GPUFramebufferNearlyFull",
        "GPURowRemapFailure",
        "GPUPCIeReplays",
        "GPUNVLinkErrors",
    ]
    for r in group["rules"]:
        assert r["labels"]["severity"] in {"critical", "warning"}
        assert r["annotations"]["summary"] and r["annotations"]["description"]
    by = {r["alert"]: r for r in group["rules"]}
    assert by["GPUTemperatureHigh"]["for"] == "5m"
    assert "for" not in by["GPUDoubleBitECCError"]
    assert "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS" in by["GPUClockThrottled"]["expr"]
    assert by["GPULowUtilization"]["for"] == "30m"


def test_missing_binaries_raise_server_unavailable(tmp_path: Path) -> None:
    f = tmp_path / "m.jsonl"
    f.write_text("")
    with pytest.raises(ServerUnavailable, match="no such executable"):
        static_rules_alerts(f, 0.0, 60.0, vm_binary=str(tmp_path / "nope"))
    with pytest.raises(ServerUnavailable, match="not found on PATH"):
        static_rules_alerts(f, 0.0, 60.0, vmalert_binary="vmalert-not-here")


def test_alerts_from_export_groups_by_label_set() -> None:
    base = {
        "alertname": "X",
        "alertgroup": "g",
        "severity": "critical",
        "Hostname": "h",
        "gpu": "1",
    }
    series = [
        {
            "metric": {"__name__": "ALERTS", "alertstate": "pending", **base},
            "values": [1],
            "timestamps": [1000],
        },
        {
            "metric": {"__name__": "ALERTS", "alertstate": "firing", **base},
            "values": [1, 1],
            "timestamps": [61000, 91000],
        },
        {"metric": {"__name__": "ALERTS_FOR_STATE", **base}, "values": [1.0], "timestamps": [1]},
        {  # pending only: never fired, not an alert
            "metric": {"__name__": "ALERTS", "alertstate": "pending", **base, "gpu": "2"},
            "values": [1],
            "timestamps": [1000],
        },
    ]
    (a,) = alerts_from_export(series)
    assert (a.alertname, a.severity, a.hostname, a.gpu) == ("X", "critical", "h", "1")
    assert (a.first_firing_ts, a.last_ts, a.active_since, a.firing_evaluations) == (
        61.0,
        91.0,
        1.0,
        2,
    )
    assert a.labels == {"Hostname": "h", "gpu": "1"}


@pytest.fixture(scope="module")
def faulted(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[FleetSimulator, list[StaticAlert]]:
    """24 GPUs, 2 h of 15 s data: a fan failure (node-02 GPU 4) and a DBE (node-03 GPU 2)."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=3)])
    faults: list[Fault] = [
        FanFailure(node="node-02", gpu=4, onset_s=1200.0),
        DoubleBitError(node="node-03", gpu=2, onset_s=2400.0),
    ]
    sim = FleetSimulator(topo, seed=7, faults=faults)
    alerts, _ = _run(tmp_path_factory.mktemp("faulted"), sim, 2 * HOUR)
    return sim, alerts


@needs_servers
def test_fan_failure_gives_the_temperature_alert_on_the_right_gpu(
    faulted: tuple[FleetSimulator, list[StaticAlert]],
) -> None:
    sim, alerts = faulted
    onset = sim.start + 1200.0
    (hot,) = [a for a in alerts if a.alertname == "GPUTemperatureHigh"]
    assert (hot.hostname, hot.gpu, hot.severity) == ("node-02", "4", "warning")
    assert hot.labels["UUID"] == sim.topology.gpu_uuid[sim.gpu("node-02/gpu4")]
    # The GPU needs minutes to heat past 85 °C, then `for: 5m`: 12.5 min after onset here.
    assert onset + 300 <= hot.first_firing_ts <= onset + 900
    assert hot.active_since is not None and hot.first_firing_ts - hot.active_since == 300


@needs_servers
def test_dbe_gives_dbe_and_sticky_xid_alerts_at_onset(
    faulted: tuple[FleetSimulator, list[StaticAlert]],
) -> None:
    sim, alerts = faulted
    onset = sim.start + 2400.0
    end = sim.start + 2 * HOUR
    (dbe,) = [a for a in alerts if a.alertname == "GPUDoubleBitECCError"]
    assert (dbe.hostname, dbe.gpu, dbe.severity) == ("node-03", "2", "critical")
    assert onset <= dbe.first_firing_ts <= onset + 30  # no `for:`: the next evaluation
    assert dbe.last_ts <= onset + 330  # increase(...[5m]) forgets it after 5 minutes
    (xid,) = [a for a in alerts if a.alertname == "GPUXidError"]
    assert (xid.hostname, xid.gpu) == ("node-03", "2")
    assert onset <= xid.first_firing_ts <= onset + 30
    assert xid.last_ts == end  # DCGM_FI_DEV_XID_ERRORS is the *last* Xid: it never clears
    # Nothing critical anywhere else.
    assert {(a.hostname, a.gpu) for a in alerts if a.severity == "critical"} == {("node-03", "2")}


@needs_servers
def test_healthy_hour_gives_the_standard_setups_false_positives(tmp_path: Path) -> None:
    """No fault injected. What a stock rule set still pages on, and why:

    - GPUClockThrottled on every idle GPU (free or allocated-but-idle), 2 min into the window:
      an idle GPU reports the GPU_IDLE bit (0x1) and the rule tests the raw mask `> 0`.
    - GPULowUtilization on the same GPUs after 30 min: nothing runs on them.
    - GPUXidError for one evaluation on one GPU: DCGM reported a blank sentinel
      (9223372036854775792, "no value") for DCGM_FI_DEV_XID_ERRORS, dcgm-exporter passes it
      through, and `> 0` is true. It clears at the next sample. (Another GPU's sentinel landed
      between two evaluations and was never seen.)
    Busy GPUs (training, inference) fire nothing: SW_POWER_CAP flickers too briefly for `for: 2m`.
    """
    topo = Topology([build_cluster(racks=1, nodes_per_rack=3)])
    sim = FleetSimulator(topo, seed=11)
    running = sim.workload_map()
    idle = {
        k
        for k in topo.gpu_keys
        if k not in running or running[k].kind is WorkloadKind.ALLOCATED_IDLE
    }
    assert len(idle) == 8  # node-01 in this draw: 3 free + 5 notebooks
    alerts, xid_values = _run(tmp_path, sim, HOUR)

    def keys(name: str) -> set[str]:
        return {f"{a.hostname}/gpu{a.gpu}" for a in alerts if a.alertname == name}

    assert keys("GPUClockThrottled") == idle
    assert keys("GPULowUtilization") == idle
    assert {a.alertname for a in alerts} == {
        "GPUClockThrottled",
        "GPULowUtilization",
        "GPUXidError",
    }
    throttled = [a for a in alerts if a.alertname == "GPUClockThrottled"]
    assert min(a.first_firing_ts for a in throttled) == sim.start + 120
    low = [a for a in alerts if a.alertname == "GPULowUtilization"]
    assert {a.first_firing_ts for a in low} == {sim.start + 1800}

    (xid,) = [a for a in alerts if a.alertname == "GPUXidError"]
    key = f"{xid.hostname}/gpu{xid.gpu}"
    # Every non-zero Xid sample of the hour is a blank sentinel; the alerting GPU had one.
    assert all(v >= DCGM_FP64_BLANK for vals in xid_values.values() for v in vals)
    assert xid_values[key] == [float(DCGM_INT64_BLANK)]
    # A second sentinel (the FP64 blank 2**47) fell between two 30 s evaluations: with 15 s
    # samples, an evaluation sees only the latest one, so a one-sample spike can go unseen.
    assert len(xid_values) == 2
    assert xid.first_firing_ts == xid.last_ts and xid.firing_evaluations == 1
