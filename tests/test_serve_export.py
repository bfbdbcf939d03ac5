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
PROMTOOL = pytest.mark.skipif(
    shutil.which("promtool") is None,
    reason="promtool (Debian package prometheus) not installed: make test installs it as root",
)


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
    assert {"GpufleetGpuTemperatureCritical", "GpufleetXid", "GpufleetRowRemapFailure"} <= names
    for rule in group["rules"]:
        assert rule["labels"]["severity"] in ("warning", "critical")
        assert rule["labels"]["family"]  # the intake files the alert under this family
        used = set(SERIES.findall(rule["expr"]))
        assert used and used <= KNOWN, (rule["alert"], used - KNOWN)
    assert rules_file.read_text() == _export("rules")  # --out and stdout agree


@PROMTOOL
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


# --------------------------------------------------------------------------- honest rules
def _rules(text: str) -> dict[str, dict[str, object]]:
    (group,) = yaml.safe_load(text)["groups"]
    return {r["alert"]: r for r in group["rules"]}


def test_stock_export_has_only_rules_over_fields_stock_dcgm_exporter_serves() -> None:
    text = _export("rules")
    rules = _rules(text)
    stock = {
        line.split(",", 1)[0].strip()
        for line in (Path(__file__).parent / "data" / "dcgm_exporter" / "default-counters.csv")
        .read_text()
        .splitlines()
        if line.strip() and not line.startswith("#")
    }
    for name, rule in rules.items():
        used = set(SERIES.findall(str(rule["expr"])))
        # the reasons mask has two spellings; the rule reads either
        used -= {"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS"}
        assert used <= stock, (name, used - stock)
    assert "GpufleetEccDbe" not in rules and "GpufleetPowerBrake" not in rules
    # ... and the header names what was left out and the counters-file line that enables it
    assert "#   GpufleetEccDbe: needs DCGM_FI_DEV_ECC_DBE_VOL_TOTAL" in text
    assert (
        "#   DCGM_FI_DEV_ECC_DBE_VOL_TOTAL, counter, Total number of double-bit volatile ECC "
        "errors." in text
    )
    for line in text.splitlines():
        if line.startswith("#   DCGM_"):
            assert len(line[4:].split(",")) == 3, line  # a valid counters-file row


def test_a_counters_file_chooses_the_rules(tmp_path: Path) -> None:
    counters = tmp_path / "counters.csv"
    counters.write_text(
        "# mine\nDCGM_FI_DEV_GPU_TEMP, gauge, t\n"
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL, counter, dbe\n"
        "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS, gauge, reasons (old name)\n"
    )
    rules = _rules(_export("rules", "--counters", str(counters)))
    assert set(rules) == {
        "GpufleetGpuTemperatureWarning",
        "GpufleetGpuTemperatureCritical",
        "GpufleetEccDbe",
        "GpufleetPowerBrake",
        "GpufleetHwSlowdown",
        "GpufleetThermalThrottle",
    }
    every = tmp_path / "every.csv"
    every.write_text("".join(f"{name}, gauge, x\n" for name in ALL_FIELDS))
    all_rules = tmp_path / "all.yaml"
    assert main(["export", "rules", "--counters", str(every), "--out", str(all_rules)]) == 0
    assert len(_rules(all_rules.read_text())) == 14 and "Left out" not in all_rules.read_text()
    if shutil.which("promtool"):
        check = subprocess.run(["promtool", "check", "rules", str(all_rules)], check=False)
        assert check.returncode == 0
    empty = tmp_path / "empty.csv"
    empty.write_text("# nothing\n")
    assert main(["export", "rules", "--counters", str(empty)], out=io.StringIO()) == 2


def test_no_value_in_labels_and_the_xid_rule_skips_benign_codes(tmp_path: Path) -> None:
    counters = tmp_path / "xid.csv"
    counters.write_text("DCGM_EXP_XID_ERRORS_COUNT, counter, xids in the window\n")
    for text in (_export("rules"), _export("rules", "--counters", str(counters))):
        for rule in _rules(text).values():
            assert "$value" not in json.dumps(rule["labels"]), rule["alert"]
        xid = str(_rules(text)["GpufleetXid"]["expr"])
        for benign in (43, 45, 63):  # catalog: IGNORE (application fault, teardown, remap)
            assert re.search(rf"\b{benign}\b", xid), (benign, xid)
        assert not re.search(r"\b79\b", xid)  # fallen off the bus: pages


@PROMTOOL
def test_promtool_unit_test_xid_fires_once_per_new_fault_not_for_benign_or_forever(
    rules_file: Path, tmp_path: Path
) -> None:
    labels = 'gpu="0",Hostname="node1"'
    tests = {
        "rule_files": [str(rules_file)],
        "evaluation_interval": "30s",
        "tests": [
            {
                "interval": "1m",
                "input_series": [
                    # 0 for 5 min, benign Xid 43 for 20 min, Xid 79 from minute 25 on (held)
                    {"series": f"DCGM_FI_DEV_XID_ERRORS{{{labels}}}", "values": "0x5 43x20 79x60"},
                    {
                        "series": 'DCGM_FI_DEV_XID_ERRORS{gpu="1",Hostname="node1"}',
                        "values": "0x90",
                    },
                ],
                "alert_rule_test": [
                    {"eval_time": "10m", "alertname": "GpufleetXid", "exp_alerts": []},
                    {
                        "eval_time": "28m",
                        "alertname": "GpufleetXid",
                        "exp_alerts": [
                            {
                                "exp_labels": {
                                    "gpu": "0",
                                    "Hostname": "node1",
                                    "severity": "warning",
                                    "family": "device",
                                },
                                "exp_annotations": {
                                    "summary": "Xid 79 reported on GPU 0 of node1",
                                    "value": "79",
                                    "source": "gpufleet export rules (the NOC's static checks)",
                                },
                            }
                        ],
                    },
                    # the exporter's gauge holds 79 for an hour: the alert does not
                    {"eval_time": "60m", "alertname": "GpufleetXid", "exp_alerts": []},
                ],
            }
        ],
    }
    path = tmp_path / "xid_test.yaml"
    path.write_text(yaml.safe_dump(tests))
    run = subprocess.run(
        ["promtool", "test", "rules", str(path)],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def test_dashboards_have_host_gpu_job_variables_that_every_query_uses(tmp_path: Path) -> None:
    boards = json.loads(_export("grafana"))
    wanted = {"fleet": {"host": "Hostname", "gpu": "gpu", "job": "hpc_job"}}
    wanted["gpufleet"] = {"instance": "instance"}
    exprs: list[str] = []
    for name, board in boards.items():
        variables = {v["name"]: v for v in board["templating"]["list"] if v["type"] == "query"}
        assert set(variables) == set(wanted[name]), name
        for var, label in wanted[name].items():
            query = variables[var]["query"]["query"]
            assert re.fullmatch(rf"label_values\(\w+(\{{.*\}})?, {label}\)", query), query
            assert variables[var]["includeAll"] and variables[var]["allValue"] == ".*"
        assert '"$host"' in variables.get("gpu", {"query": {"query": '"$host"'}})["query"]["query"]
        for panel in board["panels"]:
            for target in panel["targets"]:
                for series in SERIES.findall(target["expr"]):
                    for var, label in wanted[name].items():
                        # every series in every query is narrowed by every variable
                        assert f"{series}{{" in target["expr"], target["expr"]
                        assert f'{label}=~"${var}"' in target["expr"], (var, target["expr"])
                exprs.append(target["expr"])
    if shutil.which("promtool"):
        # the queries parse once Grafana has put the "All" value in
        rules = [
            {
                "record": f"gpufleet:panel{i}",
                "expr": e.replace("$host", ".*")
                .replace("$gpu", ".*")
                .replace("$job", ".*")
                .replace("$instance", ".*"),
            }
            for i, e in enumerate(exprs)
        ]
        path = tmp_path / "panels.yaml"
        path.write_text(yaml.safe_dump({"groups": [{"name": "panels", "rules": rules}]}))
        run = subprocess.run(
            ["promtool", "check", "rules", str(path)], check=False, capture_output=True, text=True
        )
        assert run.returncode == 0, run.stdout + run.stderr
