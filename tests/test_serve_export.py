"""``gpufleet export rules`` checked by the real promtool and vmalert; ``export grafana``'s
dashboards reference only series that exist (gpufleet's /metrics or the DCGM field registry)."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from gpufleet.cli.main import main
from gpufleet.service.metrics import METRIC_NAMES
from gpufleet.telemetry.fields import ALL_FIELDS, FIELD_ALIASES

SERIES = re.compile(r"\b(DCGM_[A-Z0-9_]+|gpufleet_[a-z0-9_]+)\b")
KNOWN = set(METRIC_NAMES) | set(ALL_FIELDS) | set(FIELD_ALIASES)


def _export(*argv: str) -> str:
    out = io.StringIO()
    assert main(["export", *argv], out=out) == 0
    return out.getvalue()


@pytest.fixture
def rules_file(tmp_path: Path) -> Path:
    path = tmp_path / "gpufleet-rules.yaml"
    assert main(["export", "rules", "--out", str(path)], out=io.StringIO()) == 0
    return path


def test_rules_cover_the_static_checks_with_known_series(rules_file: Path) -> None:
    doc = yaml.safe_load(rules_file.read_text())
    (group,) = doc["groups"]
    names = {r["alert"] for r in group["rules"]}
    assert {"GpufleetEccDbe", "GpufleetXid", "GpufleetPowerBrake"} <= names
    for rule in group["rules"]:
        assert rule["labels"]["severity"] in ("warning", "critical")
        assert rule["labels"]["family"]  # the intake files the alert under this family
        used = set(SERIES.findall(rule["expr"]))
        assert used and used <= KNOWN, (rule["alert"], used - KNOWN)
    assert rules_file.read_text() == _export("rules")  # --out and stdout agree


@pytest.mark.skipif(
    shutil.which("promtool") is None,
    reason="promtool (Debian package prometheus) not installed: make test installs it as root",
)
def test_promtool_accepts_the_rules(rules_file: Path) -> None:
    run = subprocess.run(
        ["promtool", "check", "rules", str(rules_file)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "SUCCESS" in run.stdout + run.stderr


@pytest.mark.skipif(
    shutil.which("vmalert") is None,
    reason="vmalert (Debian package victoria-metrics) not installed: make test installs it",
)
def test_vmalert_dry_run_accepts_the_rules(rules_file: Path, tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(
        rules_file.read_text().replace("DCGM_FI_DEV_GPU_TEMP >", "DCGM_FI_DEV_GPU_TEMP >>")
    )
    runs = {
        path: subprocess.run(
            ["vmalert", f"-rule={path}", "-dryRun"],
            check=False,
            capture_output=True,
            text=True,
            timeout=60,
        )
        for path in (rules_file, broken)
    }
    assert runs[rules_file].returncode == 0, runs[rules_file].stderr[-3000:]
    assert runs[broken].returncode != 0  # the check can fail


def test_grafana_dashboards_are_well_formed_and_reference_real_series(tmp_path: Path) -> None:
    assert main(["export", "grafana", "--out", str(tmp_path)], out=io.StringIO()) == 0
    boards = {p.stem: json.loads(p.read_text()) for p in sorted(tmp_path.glob("*.json"))}
    assert set(boards) == {"fleet", "gpufleet"}
    assert json.loads(_export("grafana")) == boards
    for name, board in boards.items():
        assert board["uid"] and board["title"] and board["schemaVersion"] >= 30
        ds = [v["name"] for v in board["templating"]["list"] if v["type"] == "datasource"]
        assert ds == ["DS_PROMETHEUS"]
        ids = [p["id"] for p in board["panels"]]
        assert len(ids) == len(set(ids)) >= 8, name
        used: set[str] = set()
        for panel in board["panels"]:
            assert panel["type"] == "timeseries" and panel["title"]
            assert set(panel["gridPos"]) == {"h", "w", "x", "y"}
            assert panel["targets"], panel["title"]
            refs = [t["refId"] for t in panel["targets"]]
            assert len(refs) == len(set(refs))
            for target in panel["targets"]:
                assert target["datasource"]["uid"] == "${DS_PROMETHEUS}"
                used |= set(SERIES.findall(target["expr"]))
        assert used and used <= KNOWN, (name, used - KNOWN)
        prefix = "gpufleet_" if name == "gpufleet" else "DCGM_"
        assert all(s.startswith(prefix) for s in used), name


def test_export_to_an_unwritable_place_is_one_clear_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "missing" / "rules.yaml"
    assert main(["export", "rules", "--out", str(target)], out=io.StringIO()) == 2
    assert capsys.readouterr().err.startswith("gpufleet export rules: --out")
