"""The command line end to end: demo, simulate → replay, watch, and its error messages."""

from __future__ import annotations

import io
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gpufleet.cli.main import main
from gpufleet.telemetry.recording import RunReader


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_demo_finds_the_seed_cascade_as_one_chassis_incident() -> None:
    code, text = run_cli("demo", "--json")
    assert code == 0
    doc = json.loads(text)
    assert len(doc["incidents"]) == 1
    inc = doc["incidents"][0]
    assert inc["root_entity"] == "node-17/gpu4" and inc["scope"] == "chassis"
    assert {"node-17/gpu3", "node-17/gpu5"} <= set(inc["context_entities"])
    assert "sbe_storm" in inc["symptoms"]
    assert doc["stats"]["anomalies_by_symptom"]["xid_45"] >= 8  # the red herring was seen…
    assert doc["stats"]["counter_resets_by_field"]  # …and so were the artifacts


def test_demo_text_output_names_the_incident_and_the_red_herrings(tmp_path: Path) -> None:
    db = tmp_path / "events.sqlite"
    code, text = run_cli("demo", "--quiet", "--events-db", str(db))
    assert code == 0
    assert "THERMAL at node-17/gpu4 (scope: chassis" in text
    assert "xid45_churn" in text and "no incident (correct)" in text
    with sqlite3.connect(db) as conn:
        kinds = dict(conn.execute("SELECT kind, count(*) FROM events GROUP BY kind").fetchall())
    assert kinds["incident_opened"] == 1 and kinds["anomaly_detected"] >= 4


def test_simulate_then_replay_reproduces_the_live_run(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    code, text = run_cli(
        "simulate",
        "--out",
        str(run_dir),
        "--duration",
        "100m",
        "--racks",
        "1",
        "--nodes",
        "4",
        "--seed",
        "3",
        "--fault",
        "dbe@80m:node=node-02,gpu=5",
    )
    assert code == 0 and "dbe at node-02/gpu5" in text
    reader = RunReader(run_dir)
    assert reader.meta["n_ticks"] == 400 and reader.topology.n_gpus == 32
    code, text = run_cli("replay", str(run_dir), "--json")
    assert code == 0
    doc = json.loads(text)
    assert [i["root_entity"] for i in doc["incidents"]] == ["node-02/gpu5"]
    assert doc["incidents"][0]["severity"] == 30
    # Replaying twice gives identical incident ids: time is an input, nothing else is.
    _, again = run_cli("replay", str(run_dir), "--json")
    assert [i["incident_id"] for i in json.loads(again)["incidents"]] == [
        i["incident_id"] for i in doc["incidents"]
    ]


def test_watch_on_a_recorded_run(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    run_cli(
        "simulate",
        "--out",
        str(run_dir),
        "--duration",
        "40m",
        "--racks",
        "1",
        "--nodes",
        "2",
        "--fault",
        "power_brake@20m:node=node-02",
    )
    code, text = run_cli("watch", "--source", f"replay:{run_dir}", "--speed", "1e9", "--json")
    assert code == 0
    assert [i["root_entity"] for i in json.loads(text)["incidents"]] == ["node-02"]


def test_bad_inputs_give_clear_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _ = run_cli("simulate", "--out", str(tmp_path / "x"), "--fault", "meteor_strike")
    assert code == 2
    assert "unknown fault 'meteor_strike'" in capsys.readouterr().err
    bad = tmp_path / "noc.yaml"
    bad.write_text("noc:\n  thresholds:\n    gpu_temp_warnign_c: 80\n")
    code, _ = run_cli("demo", "--config", str(bad), "--quiet")
    assert code == 2
    err = capsys.readouterr().err
    assert str(bad) in err and "thresholds.gpu_temp_warnign_c" in err
    code, _ = run_cli("replay", str(tmp_path))
    assert code == 2 and "not a gpufleet run" in capsys.readouterr().err
    code, _ = run_cli("watch", "--source", "carrier-pigeon")
    assert code == 2 and "unknown source" in capsys.readouterr().err


def test_console_script_is_installed() -> None:
    exe = Path(sys.executable).with_name("gpufleet")
    res = subprocess.run([str(exe), "--version"], capture_output=True, text=True, check=False)
    assert res.returncode == 0 and "gpufleet" in res.stdout
