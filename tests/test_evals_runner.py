"""The eval runner end to end on a small suite: NOC vs real vmalert static rules vs majority."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.evals.report import NOC, STATIC
from gpufleet.evals.runner import SUITE_DIR, model_use_note, run_suite
from gpufleet.evals.scoring import AgentRun

NEEDS_VM = pytest.mark.skipif(
    shutil.which("victoria-metrics") is None or shutil.which("vmalert") is None,
    reason="victoria-metrics / vmalert (Debian package victoria-metrics) not installed: "
    "make test installs it when run as root on Debian",
)


@pytest.fixture(scope="module")
def small_suite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("suite")
    for name in ("dbe-1", "red-herring-xid45-1", "fault-free-h100-4h"):
        shutil.copytree(SUITE_DIR / name, root / name, ignore=shutil.ignore_patterns(".cache"))
    return root


def test_noc_scores_on_the_small_suite(small_suite: Path, tmp_path: Path) -> None:
    result = run_suite(small_suite, baselines=False, cache_root=tmp_path)
    assert result.failed == []
    noc = result.summaries[NOC]
    assert noc.recall == 1.0 and noc.false_incidents == 0
    # fault-free 4 h × 32 GPUs + the red herring's 85 min × 48 GPUs
    assert noc.fault_free_gpu_days == pytest.approx(32 * 4 / 24 + 48 * (85 / 60) / 24)
    assert noc.ttd_p50_s == 0.0  # DBE: critical at once
    assert noc.unsafe_actions == 0


@NEEDS_VM
def test_cli_eval_writes_report_with_baselines(small_suite: Path, tmp_path: Path) -> None:
    out = io.StringIO()
    report = tmp_path / "report"
    code = main(
        [
            "eval",
            "--suite",
            str(small_suite),
            "--report",
            str(report),
            "--cache",
            str(tmp_path / "cache"),
            "--quiet",
        ],
        out=out,
    )
    assert code == 0
    md = (report / "report.md").read_text()
    assert NOC in md and STATIC in md and "majority class" in md
    doc = json.loads((report / "report.json").read_text())
    static = doc["summaries"][STATIC]
    assert static["available_incidents"] == 3
    # The static rules see the DBE too (any DBE increase alerts) ...
    assert static["detected"] == 1
    # ... but page on healthy GPUs (throttle / low-utilization rules), which the NOC does not.
    assert static["false_incidents"] > doc["summaries"][NOC]["false_incidents"] == 0
    assert doc["summaries"]["majority class"]["recall"] == 0.0
    for png in ("confusion.png", "ttd.png", "compression.png"):
        assert (report / png).stat().st_size > 5000


def test_cli_eval_rejects_unknown_layer_and_llm_without_sre(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["eval", "--only", "QA"], out=io.StringIO()) == 2
    assert "--only must be one of" in capsys.readouterr().err
    assert main(["eval", "--only", "NOC", "--llm", "local"], out=io.StringIO()) == 2
    assert "--llm applies to the SRE agent" in capsys.readouterr().err
    assert main(["eval", "--llm", "gpt-9"], out=io.StringIO()) == 2
    assert "--llm must be local, openai or ollama" in capsys.readouterr().err


def test_model_note_counts_one_fallback_per_diagnosis_when_the_model_is_missing() -> None:
    # an unavailable model falls back on every diagnosis, never on more than were made (a run
    # with no incident makes no diagnosis and no note)
    why = "fallback: model unavailable, BundledModelError: needs 6 more package(s)"
    runs = [
        AgentRun([], 0, 0.1, diagnosis_latencies_s=[0.2, 0.3], notes=[f"i1: {why}", f"i2: {why}"]),
        AgentRun([], 0, 0.1, diagnosis_latencies_s=[], notes=[]),
    ]
    note = model_use_note("SRE (local model)", runs)
    assert "used in 0 of 2 diagnoses" in note and "×2" in note
