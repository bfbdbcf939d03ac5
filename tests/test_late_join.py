"""Met mid-fault: gpufleet started after a fault began finds it from the state it meets.

The late-join replay (``evals.late_join``) cuts every sample and log line before the join out of
a recorded incident; the NOC must still open the incident (a DBE count found at start, a GPU of
the inventory never seen) and the SRE agent must still rank the right cause first, judging heat
against peers instead of against a "before" it never saw (``agents.sre.findings``).
"""

from __future__ import annotations

import io
import shutil
import time
from pathlib import Path

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Severity
from gpufleet.cli.main import main
from gpufleet.evals.format import load_spec
from gpufleet.evals.late_join import cut_ticks, join_time, late_spec, load_late
from gpufleet.evals.runner import SuiteResult, run_suite
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.log_feed import KernelLogFeed
from gpufleet.telemetry.topology import Topology, Workload, WorkloadKind
from tests.noc_frames import STEP, T0, final, fleet, journal, run, tick, values

SUITE = Path(__file__).resolve().parents[1] / "src" / "gpufleet" / "evals" / "suite"
DBE_VOL = GPU_FIELD_NAMES.index("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL")
UTIL = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_UTIL")
XID_LINE = (
    "NVRM: Xid (PCI:0000:18:00): 48, pid=1234, name=python3, An uncorrectable double bit error"
)


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


def _job_on_node_01(tp: Topology) -> dict[str, Workload]:
    return {
        k: Workload(job_id="4242", user="alice", kind=WorkloadKind.TRAINING)
        for k in tp.gpu_keys
        if k.startswith("node-01/")
    }


def test_a_training_job_found_hung_with_its_model_loaded_collapses() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(7))
    rows = [tp.gpu_pos[k] for k in tp.gpu_keys if k.startswith("node-01/")]
    v[rows, UTIL] = 0.0  # already stalled when gpufleet starts; FB still holds the model
    jobs = _job_on_node_01(tp)
    ticks = [tick(tp, i, v, workloads=jobs if i == 0 else None) for i in range(40)]
    incs = final(run(Detector(tp), ticks))
    assert [(i.root_entity, i.family.value) for i in incs] == [("4242", "utilization")]


def test_a_job_that_starts_idle_while_watched_is_not_a_collapse() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(8))
    rows = [tp.gpu_pos[k] for k in tp.gpu_keys if k.startswith("node-01/")]
    v[rows, UTIL] = 0.0
    jobs = _job_on_node_01(tp)
    ticks = [
        tick(tp, i, v, workloads={} if i == 0 else (jobs if i == 1 else None)) for i in range(40)
    ]
    assert final(run(Detector(tp), ticks)) == []


# --------------------------------------------------------------------------- end to end
LATE = (
    "fan-failure-1",
    "dbe-1",
    "gpu-fallen-off-bus-1",
    "rack-cooling-failure-1",
    "row-remap-pending-1",
    "job-stall-1",
    "alert-gpu-temperature-high",
)


def _met_late_with_no_log(tmp_path: Path, *names: str) -> SuiteResult:
    """The suite's ``names`` replayed as met 30 minutes after onset by a fleet whose kernel logs
    are not collected (nothing read back)."""
    suite = tmp_path / "suite"
    for name in names:
        shutil.copytree(SUITE / name, suite / name, ignore=shutil.ignore_patterns(".cache"))
    return run_suite(
        suite,
        layers={"SRE"},
        baselines=False,
        cache_root=tmp_path / "cache",
        late_join_s=1800.0,
        log_history_s=0.0,
    )


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


def test_a_negative_log_history_or_one_without_a_late_join_is_one_clear_line() -> None:
    suite = ["eval", "--suite", str(SUITE / "dbe-1")]
    assert main([*suite, "--late-join", "30", "--log-history", "-1"], out=io.StringIO()) == 2
    assert main([*suite, "--log-history", "0"], out=io.StringIO()) == 2


def test_a_fault_met_late_with_no_log_to_read_back_opens_from_the_held_xid(
    tmp_path: Path,
) -> None:
    """A fleet whose kernel logs are not collected, met 30 minutes into a GSP chain: no line
    of the onset ever arrives, and the exporter's last-Xid gauge still holding the chain's
    reset-needing code is what opens the incident, with the reset it needs."""
    result = _met_late_with_no_log(tmp_path, "gsp-reset-chain-1")
    (outcome,) = result.incidents[0].scores[next(iter(result.incidents[0].scores))].outcomes
    assert outcome.detected and outcome.action_class_ok
    assert any("read back 0 min" in n for n in result.notes)


@pytest.mark.slow
def test_an_uncorrectable_error_met_late_without_its_xid_gets_the_vendors_action(
    tmp_path: Path,
) -> None:
    """Met 30 minutes late with no kernel log: a volatile DBE count beside a pending remap is
    DCGM's 'drain the GPU and reset it' (left in service it was an unsafe action), while a job
    whose CUDA call said CUDA_ERROR_CONTAINED had its error contained: restart the job, no
    drain (it was an over-remediation)."""
    result = _met_late_with_no_log(tmp_path, "dbe-1", "evidence-contained-ecc")
    assert not result.failed
    for r in result.incidents:
        score = r.scores[next(iter(r.scores))]
        (outcome,) = score.outcomes
        assert outcome.detected and outcome.top1 and outcome.action_class_ok, r.spec.id
        assert (score.unsafe_actions, score.over_remediations) == (0, 0), r.spec.id


def test_the_first_tick_brings_the_log_lines_a_feed_reads_back() -> None:
    tp = fleet()
    v = values(tp, np.random.default_rng(6))
    lines = {i: journal(tp, i, "node-01", [XID_LINE]) for i in (1, 4)}
    ticks = [tick(tp, i, v, events=lines.get(i)) for i in range(8)]
    join = T0 + 6 * STEP
    kept = list(cut_ticks(ticks, join, log_history_s=3 * STEP))
    assert [e.timestamp for e in kept[0].events] == [T0 + 4 * STEP]  # the older one is gone
    assert all(not k.events for k in kept[1:])


def test_a_log_feed_started_mid_fault_reads_back_its_last_hour(tmp_path: Path) -> None:
    tp = fleet()
    log = tmp_path / "kern.log"
    log.write_text(
        f"2026-03-02T00:00:05+00:00 node-01 kernel: {XID_LINE}\n"  # two hours before the start
        f"2026-03-02T01:30:05+00:00 node-01 kernel: {XID_LINE}\n"  # half an hour before
    )
    start = T0 + 2 * 3600.0
    feed = KernelLogFeed(
        log, node=None, topology=tp, history_s=3600.0, poll_s=0.01, clock=lambda: start
    ).start()
    try:
        deadline = time.monotonic() + 30.0
        got: list[float] = []
        while not got and time.monotonic() < deadline:
            got += [e.timestamp for e in feed.drain()]
            time.sleep(0.02)
    finally:
        feed.stop()
    assert got == [T0 + 5400.0 + 5.0]
    assert feed.older_than_history == 1
    journal_feed = KernelLogFeed("journal", node=None, topology=tp, history_s=3600.0)
    assert "--since=-3600s" in journal_feed.source and "--lines=all" in journal_feed.source


@pytest.mark.slow
def test_met_fifty_minutes_late_with_an_alert_is_one_incident_the_fan_and_one_drain(
    tmp_path: Path,
) -> None:
    """Issue 24, as an operator meets it: the fan failure already 50 minutes old when the
    service starts, and an Alertmanager HBM-temperature alert for the same GPU."""
    from gpufleet.agents.sre.runtime import Shared
    from gpufleet.bus.events import DiagnosisReady
    from gpufleet.evals.restart import replay_live
    from tests.test_incidents_as_state import FAN, hbm_alert

    late = load_late(FAN, tmp_path / "cache", 50 * 60.0)
    join = late.spec.time_range.start
    run = replay_live(
        late, tmp_path / "state", shared=Shared.load(), alerts=[(join + 60, hbm_alert(join - 600))]
    )
    assert len(run.opened) == 1 and run.opened[0].root_entity == "node-05/gpu4"
    diagnoses = [e.diagnosis for e in run.events if isinstance(e, DiagnosisReady)]
    assert diagnoses and diagnoses[-1].hypotheses[0].card_id == "fan-failure"
    drains = [r for r in run.requests if r.tool == "slurm.drain_node"]
    assert len(drains) == 1 and run.duplicate_requests == []
