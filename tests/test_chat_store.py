"""``gpufleet chat --state-dir`` reads the configured metrics store through the SRE runtime's
gate, like the service: the README's "show the temperature of node-17 gpu4 for the last 30
minutes" answers from a real VictoriaMetrics (127.0.0.1), with the series' figures and the
query cited. Before, the terminal passed no gate and said no metrics were readable."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from gpufleet.evals.vm_server import VictoriaMetrics

ROOT = Path(__file__).resolve().parents[1]
DEADLINE_S = 600.0  # a hang guard on a loaded machine, not a speed assertion


def _series(node: str, gpu: int, start: float, temps: list[float]) -> str:
    metric = {
        "__name__": "DCGM_FI_DEV_GPU_TEMP",
        "Hostname": node,
        "gpu": str(gpu),
        "UUID": f"GPU-{node}-{gpu}",
        "modelName": "NVIDIA H100 80GB HBM3",
    }
    stamps = [int((start + 60.0 * i) * 1000) for i in range(len(temps))]
    return json.dumps({"metric": metric, "values": temps, "timestamps": stamps})


def test_the_terminal_reads_the_configured_store(tmp_path: Path) -> None:
    start = time.time() - 25 * 60.0  # the store holds the last 25 minutes, one sample a minute
    hot = [60.0 + i for i in range(25)]  # 60 .. 84 °C
    lines = [_series("node-17", g, start, hot if g == 4 else [50.0] * 25) for g in range(8)]
    with VictoriaMetrics() as vm:
        vm.import_jsonl(lines)
        vm.force_flush()
        cfg = tmp_path / "sre.yaml"
        cfg.write_text(f"metrics_store: {{url: '{vm.url}'}}\n")
        state = tmp_path / "state"
        state.mkdir()
        out = subprocess.run(
            [
                *(sys.executable, "-m", "gpufleet", "chat"),
                *("--state-dir", str(state), "--sre-config", str(cfg), "--json"),
                *("--ask", "show the temperature of node-17 gpu4 for the last 30 minutes"),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=DEADLINE_S,
            check=False,
        )
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert "No metrics history" not in answer["text"]
    assert "node-17/gpu4" in answer["text"] and "max 84.0" in answer["text"]
    assert any(c["kind"] == "query" for c in answer["citations"])


def test_an_unreachable_store_is_one_line(tmp_path: Path) -> None:
    cfg = tmp_path / "sre.yaml"
    cfg.write_text("metrics_store: {url: 'http://127.0.0.1:9', timeout_s: 2}\n")
    state = tmp_path / "state"
    state.mkdir()
    out = subprocess.run(
        [
            *(sys.executable, "-m", "gpufleet", "chat"),
            *("--state-dir", str(state), "--sre-config", str(cfg)),
            *("--ask", "show the temperature of node-17 gpu4"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
        check=False,
    )
    assert out.returncode == 2
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert "metrics_store" in out.stderr


def _ask_in(cwd: Path, question: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gpufleet", "chat", "--ask", question],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=DEADLINE_S,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )


def test_the_first_minute_no_state_then_the_demo_state(tmp_path: Path) -> None:
    out = _ask_in(tmp_path, "what does Xid 79 mean?")
    assert out.returncode == 0, out.stderr
    assert "fallen off the bus" in out.stdout.lower() and "no state found" in out.stdout
    (tmp_path / ".gpufleet" / "demo").mkdir(parents=True)  # where `make demo` leaves its state
    out = _ask_in(tmp_path, "what does Xid 79 mean?")
    assert out.returncode == 0, out.stderr
    assert "no state found" not in out.stdout and "fallen off the bus" in out.stdout.lower()
