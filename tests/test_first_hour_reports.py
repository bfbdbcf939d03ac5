"""What a new user reads in the first hour: the eval report over a suite with no fault-free
GPU-days, its plots (named only when written, misses drawn, the matrix sized to its labels),
and the perf report when nothing is wrong."""

from __future__ import annotations

import copy
import shutil
import struct
from pathlib import Path

import pytest

from gpufleet.agents.perf.findings import HealthScore
from gpufleet.agents.perf.report import PerfReport, Totals
from gpufleet.cli.perf_render import report_text
from gpufleet.evals import report as eval_report
from gpufleet.evals.plotting import PlotsUnavailableError
from gpufleet.evals.report import NOC, markdown, target_checks, ttd_points, write_report
from gpufleet.evals.runner import SUITE_DIR, SuiteResult, run_suite


@pytest.fixture(scope="module")
def dbe_only(tmp_path_factory: pytest.TempPathFactory) -> SuiteResult:
    """One recorded DBE: a fault, and not one fault-free GPU-day."""
    root = tmp_path_factory.mktemp("suite")
    shutil.copytree(SUITE_DIR / "dbe-1", root / "dbe-1", ignore=shutil.ignore_patterns(".cache"))
    cache = tmp_path_factory.mktemp("cache")
    return run_suite(root, baselines=False, cache_root=cache)


def _png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_no_fault_free_gpu_days_is_not_applicable_not_missed(dbe_only: SuiteResult) -> None:
    assert dbe_only.summaries[NOC].fault_free_gpu_days == 0
    checks = target_checks(dbe_only)
    assert checks["false<=1/1000 GPU-days"] == "n/a: no fault-free GPU-days"
    assert checks["recall>=98%"] is True
    text = markdown(dbe_only)
    assert "false<=1/1000 GPU-days: n/a: no fault-free GPU-days" in text
    assert "NOT met" not in text


def test_the_per_incident_table_says_what_the_sre_agent_ranked_first(tmp_path: Path) -> None:
    shutil.copytree(
        SUITE_DIR / "dbe-1", tmp_path / "s" / "dbe-1", ignore=shutil.ignore_patterns(".cache")
    )
    result = run_suite(tmp_path / "s", layers={"SRE"}, baselines=False, cache_root=tmp_path / "c")
    (name,) = result.summaries
    outcome = result.incidents[0].scores[name].outcomes[0]
    assert outcome.top1 and outcome.predicted_causes
    row = next(line for line in markdown(result).splitlines() if line.startswith("| dbe-1 |"))
    assert row.endswith(f"/ {outcome.predicted_causes[0]} |") and "✗" not in row


def test_the_report_names_only_the_plots_it_wrote(
    dbe_only: SuiteResult, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = write_report(dbe_only, tmp_path / "with")
    md = files["markdown"].read_text()
    for name in ("confusion.png", "ttd.png", "compression.png"):
        assert f"`{name}`" in md and (tmp_path / "with" / name).is_file()

    def no_matplotlib(*_: object) -> list[Path]:
        raise PlotsUnavailableError("matplotlib is not installed")

    monkeypatch.setattr(eval_report, "plots", no_matplotlib)
    files = write_report(dbe_only, tmp_path / "without")
    md = files["markdown"].read_text()
    assert ".png" not in md and "plots_skipped" in files
    assert ".png" not in markdown(dbe_only)  # stdout without --report: no plot files exist


def test_confusion_matrix_is_sized_to_hold_its_title_and_labels(
    dbe_only: SuiteResult, tmp_path: Path
) -> None:
    write_report(dbe_only, tmp_path)
    width, height = _png_size(tmp_path / "confusion.png")
    # one class × one family: the old figure was 209×154 px with the title cut
    assert width >= 350 and height >= 250, (width, height)
    plt = pytest.importorskip("matplotlib.pyplot")
    fig, ax = plt.subplots(figsize=eval_report.confusion_size(["dbe"], ["memory"]))
    title = ax.set_title("NOC: truth fault class × reported family")
    fig.tight_layout()
    fig.canvas.draw()
    box, frame = title.get_window_extent(), fig.bbox
    assert box.x0 >= frame.x0 and box.x1 <= frame.x1 and box.y1 <= frame.y1
    plt.close(fig)


def test_ttd_plot_draws_the_misses(dbe_only: SuiteResult, tmp_path: Path) -> None:
    missed = copy.deepcopy(dbe_only)
    for outcome in missed.incidents[0].scores[NOC].outcomes:
        outcome.detected, outcome.ttd_s = False, None
    found, misses = ttd_points(missed, [NOC], ["dbe"])
    assert found[NOC] == ([], []) and len(misses[NOC]) == 1
    files = write_report(missed, tmp_path)
    assert "misses drawn as ×" in files["markdown"].read_text()
    detected = write_report(dbe_only, tmp_path / "detected")
    assert files["ttd"].read_bytes() != detected["ttd"].read_bytes()


def _perf(health: tuple[HealthScore, ...]) -> PerfReport:
    return PerfReport(
        window_start=0.0,
        window_end=3600.0,
        source="test",
        totals=Totals(
            gpus=len(health),
            gpu_hours=float(len(health)),
            allocated_gpu_hours=0.0,
            idle_allocated_gpu_hours=0.0,
            wasted_gpu_hours=0.0,
            energy_kwh=0.0,
        ),
        recommendations=(),
        waste=(),
        gaps=(),
        leaks=(),
        throttled=(),
        power_plan=(),
        chargeback=(),
        health=health,
        at_risk=(),
        caveats=(),
    )


def test_perf_report_of_a_healthy_fleet_says_so() -> None:
    healthy = tuple(
        HealthScore(gpu=f"n{i // 8}/gpu{i % 8}", score=100.0, factors={}) for i in range(1024)
    )
    text = report_text(_perf(healthy), top=10)
    assert "no GPU below 100 of 1024 GPUs" in text
    assert "No recommendation" in text
    assert "worst 0" not in text and "(0 in all)" not in text
    sick = (HealthScore(gpu="n0/gpu1", score=62.0, factors={"xid": 38.0}), *healthy[1:])
    text = report_text(_perf(sick), top=10)
    assert "worst 1 of the 1 GPUs below 100 (1024 GPUs in all)" in text
    assert "n0/gpu1" in text and "n0/gpu2 " not in text  # healthy GPUs are not listed
