"""``gpufleet watch --source remote-write:127.0.0.1:PORT`` as a real subprocess, fed by the
real vmagent scraping served dcgm-exporter pages on 127.0.0.1: the fleet is discovered from
the first push, a GPU running hot becomes an incident naming that GPU, a bad request is
answered 400 and counted, and the watch keeps going."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from gpufleet.evals.vm_server import free_port
from gpufleet.service.config import TelemetryConfig
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.fields import GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.test_remote_write import SKIP_REASON, _served_pages

ROOT = Path(__file__).resolve().parent.parent
TOPO = Topology([build_cluster(racks=1, nodes_per_rack=2)])
HOT_GPU = 5  # node 0's sixth GPU
TEMP = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")


def fleet_pages(hot_c: float) -> dict[str, bytes]:
    """One healthy simulated scrape per node, with HOT_GPU at ``hot_c``."""
    tick = FleetSimulator(TOPO, seed=2, artifacts=None).step()
    frame = next(
        f for f in tick.frames if f.entity_kind == EntityKind.GPU and f.fields == GPU_FIELD_NAMES
    )
    frame.values[frame.entities.index(TOPO.gpu_keys[HOT_GPU]), TEMP] = hot_c
    return {n.hostname: render_exposition(frame, TOPO, n.hostname).encode() for n in TOPO.nodes}


class Output:
    """A process's stderr, read as it comes (status lines end in \\r, not \\n)."""

    def __init__(self, proc: subprocess.Popen[bytes]) -> None:
        self.text = ""
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self._thread.start()

    def _read(self, proc: subprocess.Popen[bytes]) -> None:
        assert proc.stderr is not None
        while chunk := proc.stderr.read1(4096):
            with self._lock:
                self.text += chunk.decode(errors="replace")

    def wait_for(self, pattern: str, proc: subprocess.Popen[bytes], timeout_s: float) -> str:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            with self._lock:
                found = re.search(pattern, self.text)
            if found:
                return found.group(0)
            assert proc.poll() is None, f"watch exited {proc.returncode}:\n{self.text}"
            time.sleep(0.1)
        raise AssertionError(f"no {pattern!r} within {timeout_s}s:\n{self.text}")


@contextmanager
def watch(port: int, tmp: Path) -> Iterator[tuple[subprocess.Popen[bytes], Output]]:
    noc = tmp / "noc.yaml"
    noc.write_text(
        "noc:\n  thresholds:\n    temp_for_s: 3\n"
    )  # the hot GPU becomes an incident in seconds
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    proc = subprocess.Popen(
        [
            *(sys.executable, "-m", "gpufleet.cli", "watch"),
            *("--source", f"remote-write:127.0.0.1:{port}", "--interval", "1"),
            *("--config", str(noc), "--events-db", str(tmp / "events.db")),
        ],
        cwd=tmp,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        env=env,
    )
    try:
        yield proc, Output(proc)
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


@contextmanager
def vmagent(pages_port: int, remote_write_flag: str, tmp: Path) -> Iterator[None]:
    jobs = "\n".join(
        f"  - job_name: {n.hostname}\n    scrape_interval: 1s\n    metrics_path: /{n.hostname}\n"
        f'    static_configs: [{{targets: ["127.0.0.1:{pages_port}"]}}]'
        for n in TOPO.nodes
    )
    cfg = tmp / "scrape.yml"
    cfg.write_text(f"scrape_configs:\n{jobs}\n")
    proc = subprocess.Popen(
        [
            shutil.which("vmagent") or "vmagent",
            f"-promscrape.config={cfg}",
            remote_write_flag,
            f"-remoteWrite.tmpDataPath={tmp}/rw",
            f"-httpListenAddr=127.0.0.1:{free_port()}",
            "-remoteWrite.flushInterval=200ms",
            "-loggerLevel=ERROR",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield
    finally:
        proc.terminate()
        proc.wait(15)


@pytest.mark.skipif(shutil.which("vmagent") is None, reason=SKIP_REASON)
def test_watch_on_vmagent_pushes_opens_an_incident_for_the_hot_gpu() -> None:
    hot_key = TOPO.gpu_keys[HOT_GPU]
    port = free_port()
    with (
        tempfile.TemporaryDirectory() as tmp_dir,
        _served_pages(fleet_pages(hot_c=95.0)) as pages_port,
        watch(port, Path(tmp_dir)) as (proc, out),
    ):
        tmp = Path(tmp_dir)
        flag = out.wait_for(r"-remoteWrite\.url=\S+", proc, 60)
        assert flag == f"-remoteWrite.url=http://127.0.0.1:{port}/api/v1/write"
        with vmagent(pages_port, flag, tmp):
            line = out.wait_for(r"new incident [^\n]*", proc, 90)
            assert "gpu_temp_high" in line and hot_key in line, line
            others = [k for k in TOPO.gpu_keys if k != hot_key]
            assert not any(re.search(rf"{re.escape(k)}\b", line) for k in others), line
            url = flag.partition("=")[2]
            assert httpx.post(url, content=b"\x05not snappy").status_code == 400
            out.wait_for(r"remote-write: [\d,]+ samples in [\d,]+ requests, 1 rejected", proc, 30)
            assert proc.poll() is None  # a bad request is answered, never a crash


def test_serve_config_accepts_a_remote_write_source() -> None:
    assert TelemetryConfig(source="remote-write:127.0.0.1:9201").source.startswith("remote-")
    with pytest.raises(ValueError, match="remote-write:"):
        TelemetryConfig(source="remotewrite:9201")  # the error names the accepted spelling
