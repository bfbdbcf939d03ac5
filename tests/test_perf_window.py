"""Windows of telemetry from ticks: aligned to the topology, sentinels masked, job spans from
the scheduler's workload maps, and chunking that leaves the analysis unchanged."""

from __future__ import annotations

import numpy as np
import pytest

from gpufleet.agents.perf.stats import collect
from gpufleet.sim.faults import CpuOnlyExecution
from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.window import split_window, window_from_ticks


@pytest.fixture(scope="module")
def run() -> tuple[FleetSimulator, list]:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=3)])
    sim = FleetSimulator(
        topo,
        seed=2,
        artifacts=ArtifactRates(blank_sentinel=1e-3),
        faults=[CpuOnlyExecution(node="node-02", onset_s=1800.0)],
    )
    return sim, list(sim.run(3600.0))


def test_window_shapes_sentinels_and_job_spans(run: tuple[FleetSimulator, list]) -> None:
    sim, ticks = run
    window, jobs = window_from_ticks(ticks, sim.topology, sim.interval_s)
    util = window.gpu["DCGM_FI_DEV_GPU_UTIL"]
    assert util.shape == (len(ticks), sim.topology.n_gpus) and util.dtype == np.float32
    assert np.nanmax(util) <= 100.0  # 4294967295 and 2**63 blanks became NaN
    assert np.nanmax(window.gpu["DCGM_FI_DEV_GPU_TEMP"]) < 150.0
    started = [j for j in jobs if j.job_id == sim.faults[0].job_id]  # type: ignore[attr-defined]
    assert len(started) == 1
    assert started[0].start == pytest.approx(ticks[0].timestamp + 1800.0)
    assert started[0].gpus == tuple(int(g) for g in sim.node_gpus("node-02"))
    assert (started[0].user, started[0].team) == ("chen", "vision")


def test_chunking_does_not_change_the_sums(run: tuple[FleetSimulator, list]) -> None:
    sim, ticks = run
    window, jobs = window_from_ticks(ticks, sim.topology, sim.interval_s)
    whole = collect([window], jobs)
    parts = collect(split_window(window, 900.0), jobs)
    for key in ("present_s", "idle_s", "busy_s", "energy_j"):
        assert np.allclose(whole.job[key], parts.job[key])
        assert np.allclose(whole.gpu[key], parts.gpu[key])
