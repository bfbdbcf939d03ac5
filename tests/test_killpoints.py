"""Crash the real CLI at persistence points around an approved drain on a real SLURM
controller; after the restart and a person's action the drain has run exactly once, nothing was
lost, and the restart never spins (``tests/killpoints.py``; ``bench/killpoints.py`` runs ≥ 200
kills)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gpufleet.bus.failpoints import POINTS
from tests.killpoints import KillHarness
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries

pytestmark = pytest.mark.skipif(
    bool(missing_binaries()), reason=f"SLURM daemons not installed: {INSTALL_HINT}"
)
# The points the approve process reaches, in the order it reaches them (a fast sample of all).
SAMPLE = ("approval.decided", "ledger.claimed", "step.side_effect_done", "approval.consumed")


@pytest.fixture(scope="module")
def harness(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KillHarness]:
    cluster = SlurmCluster(("node-01", "node-02"))
    cluster.start()
    try:
        yield KillHarness(cluster, tmp_path_factory.mktemp("killpoints"))
    finally:
        cluster.stop()


@pytest.mark.parametrize("point", SAMPLE)
def test_a_kill_at_a_persistence_point_loses_nothing_and_repeats_nothing(
    harness: KillHarness, point: str
) -> None:
    run = harness.kill_once(point)
    assert run.killed, f"{point} was not reached by gpufleet approve"
    assert run.violations == [], run.as_dict()
    assert run.drains == 1


def test_claim_without_result_is_reported_once_and_settled_by_a_person(
    harness: KillHarness,
) -> None:
    run = harness.kill_once("step.side_effect_done")
    assert run.after_restart == "unknown"  # the drain happened; its result was never written
    assert run.person == "settle-done"  # the operator looked at the node: drained
    assert run.restart_lines < 80 and run.idle_cpu_s < 0.5
    assert run.drains == 1


def test_a_random_kill_loses_nothing(harness: KillHarness) -> None:
    run = harness.kill_once("random", random_s=1.5)
    assert run.violations == [], run.as_dict()


def test_the_environment_variable_arms_the_installed_command(harness: KillHarness) -> None:
    code, state = harness.run_binary("ledger.claimed")
    assert code == -9
    assert state == "unknown"


def test_every_point_is_named_once() -> None:
    assert len(POINTS) == len(set(POINTS)) == 9
