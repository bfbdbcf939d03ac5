"""Met mid-fault: gpufleet started after a fault began finds it from the state it meets.

The late-join replay (``evals.late_join``) cuts every sample and log line before the join out of
a recorded incident; the NOC must still open the incident (a DBE count found at start, a GPU of
the inventory never seen) and the SRE agent must still rank the right cause first, judging heat
against peers instead of against a "before" it never saw (``agents.sre.findings``).
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Severity
from gpufleet.cli.main import main
from gpufleet.evals.format import load_spec
from gpufleet.evals.late_join import cut_ticks, join_time, late_spec
from gpufleet.evals.runner import run_suite
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.topology import Workload
from tests.noc_frames import STEP, T0, final, fleet, run, tick, values

SUITE = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "suite"
DBE_VOL = GPU_FIELD_NAMES.index("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL")


# --------------------------------------------------------------------------- the replay
def test_the_cut_keeps_the_jobs_in_force_at_the_join() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(1))
    jobs = {"node-01/gpu0": Workload(job_id="77", user="alice")}
    ticks = [tick(tp, i, v, workloads=jobs if i == 1 else None) for i in range(6)]
    kept = list(cut_ticks(ticks, T0 + 3 * STEP))
    assert [k.timestamp for k in kept] == [T0 + i * STEP for i in (3, 4, 5)]
    assert kept[0].workloads == jobs  # the scheduler read at start, not the change missed
    assert kept[1].workloads is None


def test_the_join_moves_the_detection_clock_and_never_passes_the_end() -> None:
    spec = load_spec(SUITE / "fan-failure-1")
    onset = spec.truth.faults[0].onset
    join = join_time(spec, 1800.0)
    assert join == onset + 1800.0
    late = late_spec(spec, join)
    assert late.time_range.start == join and late.truth.faults[0].onset == join
    assert join_time(spec, 10 * 86400.0) == spec.time_range.end


def test_a_negative_late_join_is_one_clear_line(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(["eval", "--suite", str(SUITE / "dbe-1"), "--late-join", "-5"], out=out)
    assert code == 2


# --------------------------------------------------------------------------- the NOC
def test_a_dbe_count_found_at_start_opens_a_critical_incident() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(2))
    g = tp.gpu_pos["node-02/gpu5"]
    v[g, DBE_VOL] = 2.0  # the errors happened before gpufleet started; the count stays flat
    incs = final(run(Detector(tp), [tick(tp, i, v) for i in range(8)]))
    assert [(i.root_entity, i.severity) for i in incs] == [("node-02/gpu5", Severity.CRITICAL)]


def test_a_flat_dbe_count_watched_from_zero_stays_quiet() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(3))
    assert final(run(Detector(tp), [tick(tp, i, v) for i in range(8)])) == []


def test_a_gpu_never_seen_while_its_node_reports_is_missing() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(4))
    gone = tuple(k for k in tp.gpu_keys if k != "node-04/gpu1")
    ticks = [tick(tp, i, v, gpus=gone) for i in range(40)]
    incs = final(run(Detector(tp), ticks))
    assert [i.root_entity for i in incs] == ["node-04/gpu1"]
    assert incs[0].family.value == "device"


def test_a_gpu_whose_first_scrape_comes_late_is_not_missing() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(5))
    some = tuple(k for k in tp.gpu_keys if k != "node-04/gpu1")
    ticks = [tick(tp, i, v, gpus=some if i < 2 else None) for i in range(40)]
    assert final(run(Detector(tp), ticks)) == []


# --------------------------------------------------------------------------- end to end
LATE = ("fan-failure-1", "dbe-1", "gpu-fallen-off-bus-1", "rack-cooling-failure-1")


@pytest.mark.slow
def test_faults_met_thirty_minutes_late_are_found_and_ranked_right(tmp_path: Path) -> None:
    suite = tmp_path / "suite"
    suite.mkdir()
    for name in LATE:
        shutil.copytree(SUITE / name, suite / name, ignore=shutil.ignore_patterns(".cache"))
    result = run_suite(
        suite, layers={"SRE"}, baselines=False, cache_root=tmp_path / "cache", late_join_s=1800.0
    )
    assert not result.failed
    got = {
        r.spec.id: [(o.detected, o.top1) for o in r.scores[next(iter(r.scores))].outcomes]
        for r in result.incidents
    }
    assert got == {name: [(True, True)] for name in LATE}
    assert any("late join" in n for n in result.notes)
