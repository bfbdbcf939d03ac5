"""`gpufleet watch --source dcgm:` says once, at start, which of the registry's GPU fields the
exporters do not serve and which detector rules are blind without them; an exporter nobody
can reach is one error line, never a traceback. Real HTTP exporters on 127.0.0.1."""

from __future__ import annotations

import asyncio
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpufleet.agents.noc.coverage import coverage
from gpufleet.cli.main import main
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.test_scrape import Exporters

ROOT = Path(__file__).resolve().parent.parent
DROPPED = ("DCGM_FI_DEV_MEMORY_TEMP", "DCGM_FI_DEV_ROW_REMAP_FAILURE")


def test_coverage_names_missing_fields_and_blind_rules() -> None:
    served = set(GPU_FIELD_NAMES) - {*DROPPED, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"}
    cov = coverage(served)
    assert set(cov.missing) == {*DROPPED, "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"}
    blind = {r.rule for r in cov.blind}
    assert {"threshold.memory_temp", "baseline.memory_temp", "flag.row_remap_failure"} <= blind
    assert "counter.sbe_rate" not in blind  # it falls back to the aggregate SBE counter
    assert "threshold.gpu_temp" not in blind
    assert coverage(GPU_FIELD_NAMES).text("x") is None


def test_watch_says_once_which_rules_the_exporter_leaves_blind(
    capsys: pytest.CaptureFixture[str],
) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    host = topo.node_keys[0]
    tick = next(iter(FleetSimulator(topo, seed=1, artifacts=None).run(15)))
    text = "\n".join(
        line
        for line in render_exposition(tick.frames[0], topo, host).splitlines()
        if not line.startswith(DROPPED) and DROPPED[0] not in line and DROPPED[1] not in line
    )

    async def scenario() -> int:
        ex = await Exporters().start([host])
        ex.serve(host, text + "\n")
        argv = ["watch", "--source", f"dcgm:{ex.url[host]}", "--interval", "0.5"]
        argv += ["--duration", "1s", "--json"]
        try:
            return await asyncio.to_thread(main, argv, out=io.StringIO())
        finally:
            await ex.close()

    assert asyncio.run(scenario()) == 0
    notes = [ln for ln in capsys.readouterr().err.splitlines() if "note:" in ln]
    assert len(notes) == 1, notes
    assert notes[0].startswith("gpufleet watch: note: dcgm-exporter does not serve 2 of the")
    assert "MEMORY_TEMP, ROW_REMAP_FAILURE" in notes[0]
    assert "threshold.memory_temp (memory_temp_high)" in notes[0]
    assert "flag.row_remap_failure (row_remap_failure)" in notes[0]


def test_an_unreachable_exporter_is_one_error_line() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "gpufleet.cli.main",
            "watch",
            "--source",
            "dcgm:http://127.0.0.1:9/metrics",
        ],
        cwd=ROOT,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=dict(os.environ),
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("gpufleet watch: no GPU found on any target; failures: ")
    assert "http://127.0.0.1:9/metrics: " in lines[0]  # refused or timed out: either is said
