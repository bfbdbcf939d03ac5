"""The operator's whole live flow in one run, each part a real process on 127.0.0.1.

VictoriaMetrics holds the fleet's DCGM series (a double-bit ECC error lands on node-01/gpu3
while the watch runs), a real Alertmanager posts a thermal alert for node-02 to the watch's
receiver, a real SLURM controller knows both nodes. ``gpufleet watch --sre`` detects and
diagnoses both incidents and asks for the DBE's drain; ``gpufleet approve`` from another
process decides it; the watch executes the drain in dry run on node-01 (the SLURM node is left
as it was, the exact command is recorded); ``gpufleet diagnose <incident-id>`` from a third
process finds the diagnosis, the decision and the outcome. Only the approval makes anything
happen, and only to the node the evidence names."""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from gpufleet.evals.vm_server import VictoriaMetrics
from gpufleet.sim.faults import DoubleBitError
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.store_writer import VictoriaMetricsWriter
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.alertmanager_server import AM_BINARY, alertmanager, free_port
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries

ROOT = Path(__file__).resolve().parents[1]
WAIT_S = float(
    os.environ.get("GPUFLEET_TEST_WAIT_S", "300")
)  # how long a line may take on a loaded machine (a bound, not a measurement)

pytestmark = [
    pytest.mark.skipif(
        shutil.which("victoria-metrics") is None,
        reason="victoria-metrics (Debian package) not installed: make test installs it as root",
    ),
    pytest.mark.skipif(
        shutil.which(AM_BINARY) is None,
        reason="prometheus-alertmanager (Debian package) not installed: make test installs it",
    ),
    pytest.mark.skipif(
        bool(missing_binaries()), reason=f"SLURM daemons not installed: {INSTALL_HINT}"
    ),
]


@pytest.fixture(scope="module")
def slurm() -> Iterator[SlurmCluster]:
    with SlurmCluster(("node-01", "node-02")) as cluster:
        yield cluster


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
        "COLUMNS": "200",
    }


def _cli(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpufleet.cli", *argv],
        cwd=cwd,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        check=False,
    )


def _sre_yaml(tmp: Path, slurm: SlurmCluster) -> Path:
    """The operator's SRE config: SLURM on, both SLURM and the executors in dry run."""
    cfg = tmp / "sre.yaml"
    cfg.write_text(
        "state_dir: state\n"
        "executors:\n  dry_run: true\n"
        f"slurm:\n  enabled: true\n  slurm_conf: {slurm.conf_path}\n  dry_run: true\n"
    )
    return cfg


def _fleet(start: float, onset_s: float) -> tuple[Topology, FleetSimulator]:
    """Two nodes, one sample a second from ``start``; a DBE on node-01/gpu3 at ``onset_s``."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    fault = DoubleBitError(node="node-01", gpu=3, onset_s=onset_s)
    return topo, FleetSimulator(
        topo, seed=7, start=start, interval_s=1.0, artifacts=None, faults=[fault]
    )


def _write(vm: VictoriaMetrics, start: float, onset_s: float, since: float, until: float) -> None:
    """The fleet's series in [since, until) into the store (the same run each call: a seeded
    simulator, so a later call continues the earlier one's data)."""
    topo, sim = _fleet(start, onset_s)
    writer = VictoriaMetricsWriter(vm.url)
    ticks = sim.run(until - start)
    writer.write_ticks([t for t in ticks if since <= t.timestamp < until], topo)
    writer.force_flush()
    writer.close()
    vm.force_flush()


class Lines:
    """The watch's stderr, read line by line as it comes (a pipe: plain lines)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc, self.text = proc, ""

    def until(self, pattern: str, after: re.Match[str] | None = None) -> re.Match[str]:
        """The first line matching ``pattern`` (after the match ``after``), waiting for it."""
        rx = re.compile(pattern)
        deadline = time.monotonic() + WAIT_S
        assert self.proc.stderr is not None
        while time.monotonic() < deadline:
            m = rx.search(self.text, after.end() if after else 0)
            if m:
                return m
            line = self.proc.stderr.readline()
            if not line and self.proc.poll() is not None:
                break
            self.text += line
        raise AssertionError(f"{pattern!r} never appeared in the watch's output:\n{self.text}")


def _fire_thermal_alert(am_url: str) -> None:
    alert = {
        "labels": {
            "alertname": "GpuTemperatureHigh",
            "Hostname": "node-02",
            "gpu": "5",
            "severity": "critical",
        },
        "annotations": {
            "summary": "GPU 5 on node-02 at 93 C",
            "expr": "DCGM_FI_DEV_GPU_TEMP > 90",
        },
    }
    with httpx.Client(trust_env=False) as client:
        client.post(f"{am_url}/api/v2/alerts", json=[alert]).raise_for_status()


def test_watch_detects_diagnoses_waits_executes_on_approval_and_is_found_later(
    tmp_path: Path, slurm: SlurmCluster
) -> None:
    cfg = _sre_yaml(tmp_path, slurm)
    receiver = free_port()

    async def with_alertmanager() -> tuple[str, str, str, str]:
        webhook = f"http://127.0.0.1:{receiver}/api/v1/alerts/alertmanager"
        async with alertmanager(webhook) as am_url:
            return await asyncio.to_thread(_operate, tmp_path, cfg, slurm, am_url, receiver)

    incident, approval, watch_text, summary = asyncio.run(with_alertmanager())
    assert "Traceback" not in watch_text
    # dry run: the SLURM node is as it was; the only change asked for was node-01's drain
    assert slurm.node_state("node-01").lower().startswith("idle")
    assert re.findall(r"awaiting approval ap-[0-9a-f]+: \S+ on (\S+) \(mutate\)", watch_text) == [
        "node-01"
    ]
    assert re.search(r"executed [1-9]", summary), summary

    found = _cli(
        "diagnose", incident, "--state-dir", str(tmp_path / "state"), "--json", cwd=tmp_path
    )
    assert found.returncode == 0, found.stderr
    text = found.stdout
    json.loads(text)
    assert incident in text and approval in text and "alice" in text
    assert "node-01" in text and "scontrol" in text  # the recorded command, for the node


def _operate(
    tmp: Path, cfg: Path, slurm: SlurmCluster, am_url: str, receiver: int
) -> tuple[str, str, str, str]:
    """What the operator does, start to end; returns the incident and approval ids, the
    watch's stderr and its summary."""
    with VictoriaMetrics() as vm:
        now = float(int(time.time()))
        start = now - 300
        _write(vm, start, onset_s=1e9, since=start, until=now)  # five healthy minutes
        proc = subprocess.Popen(
            [sys.executable, "-m", "gpufleet.cli", "watch", "--source", f"prometheus:{vm.url}",
             "--interval", "1", "--lag", "2", "--duration", "2h", "--sre", "--sre-config", str(cfg),
             "--alertmanager", f"127.0.0.1:{receiver}"],
            cwd=tmp, env=_env(), stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        watch = Lines(proc)
        try:
            watch.until(r"status: polls \d+ ok / \d+ failed")
            # The watch is up (its polls of instants the store has no data for yet fail, and
            # say so); now the store gets the fleet's next two minutes with the DBE 8 s into
            # them: the watch sees healthy samples, then the fault, whatever its start-up took.
            onset = time.time() + 8 - start
            _write(vm, start, onset_s=onset, since=now, until=start + onset + 120)
            _fire_thermal_alert(am_url)
            hot = watch.until(r"(inc-[\w-]+) detected: \w+ node-02/gpu5")
            # An alert with no token is not corroborated: its plan is shown, its drain never runs
            seen = watch.until(
                rf"{hot.group(1)} diagnosed: \S*(thermal|temperature|cooling)\S*", after=hot
            )
            watch.until(
                rf"{hot.group(1)} not run: slurm\.drain_node on node-02 \(denied: ", after=seen
            )
            watch.until(rf"{hot.group(1)} escalated: not run: needs corroboration", after=seen)
            dbe = watch.until(r"(inc-[\w-]+) detected: \w+ node-01/gpu3 \(gpu\)")
            incident = dbe.group(1)
            seen = watch.until(rf"{incident} diagnosed: ecc-dbe ", after=dbe)
            asked = watch.until(
                rf"{incident} awaiting approval (ap-[0-9a-f]+): slurm\.drain_node on node-01 "
                # the command as this process was started: gpufleet, or python -m gpufleet
                r"\(mutate\); approve with: \S*(?:gpufleet|python -m gpufleet) "
                r"approve ap-[0-9a-f]+ ",
                after=seen,
            )
            approval = asked.group(1)
            assert slurm.node_state("node-01").lower().startswith("idle")  # nothing ran yet
            decided = _cli(
                "approve", approval, "--by", "alice", "--reason", "DBE on gpu3, drain it",
                "--sre-config", str(cfg), cwd=tmp,
            )  # fmt: skip
            assert decided.returncode == 0, decided.stdout + decided.stderr
            seen = watch.until(rf"{incident} approved: {approval} by alice", after=asked)
            watch.until(
                rf"{incident} executed \(dry-run\): slurm\.drain_node on node-01 → dry_run",
                after=seen,
            )
            proc.send_signal(signal.SIGTERM)
            summary, rest = proc.communicate(timeout=WAIT_S)
            watch.text += rest
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    assert proc.returncode == 0, watch.text
    return incident, approval, watch.text, summary
