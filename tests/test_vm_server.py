"""Real VictoriaMetrics and vmalert on 127.0.0.1 (evals.vm_server): lifecycle, data, replay."""

from __future__ import annotations

import io
import shutil
import sys
import urllib.request
from pathlib import Path

import numpy as np
import pytest

from gpufleet.evals.vm_server import (
    ServerUnavailable,
    VictoriaMetrics,
    process_state,
    run_vmalert_replay,
)
from gpufleet.sim.simulator import ArtifactRates, FleetSimulator
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import read_vm_jsonl, write_vm_jsonl

SKIP_REASON = (
    "victoria-metrics (Debian package) not installed: run make test as root on Debian, "
    "which installs it"
)
needs_vm = pytest.mark.skipif(shutil.which("victoria-metrics") is None, reason=SKIP_REASON)
needs_vmalert = pytest.mark.skipif(
    shutil.which("victoria-metrics") is None or shutil.which("vmalert") is None,
    reason=SKIP_REASON,
)
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def _listening_addresses(port: int) -> set[str]:
    """Local addresses (hex, as /proc/net/tcp* writes them) in LISTEN state on ``port``."""
    out = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            addr, p = local.rsplit(":", 1)
            if int(p, 16) == port and state == "0A":
                out.add(addr)
    return out


@needs_vm
def test_start_health_and_clean_stop_on_loopback() -> None:
    with VictoriaMetrics() as vm:
        proc = vm.process
        assert proc is not None
        assert vm.url == f"http://127.0.0.1:{vm.port}"
        with _NO_PROXY.open(f"{vm.url}/health", timeout=5) as resp:
            assert resp.read().strip() == b"OK"
        cmdline = Path(f"/proc/{proc.pid}/cmdline").read_bytes().split(b"\0")
        assert f"-httpListenAddr=127.0.0.1:{vm.port}".encode() in cmdline
        assert b"-search.latencyOffset=0s" in cmdline
        assert b"-dedup.minScrapeInterval=1ms" in cmdline
        assert _listening_addresses(vm.port) == {"0100007F"}  # 127.0.0.1 only
        data_dir = next(a for a in cmdline if a.startswith(b"-storageDataPath=")).split(b"=", 1)[1]
        assert Path(data_dir.decode()).is_dir()
    # Really stopped: Popen.wait() returned (not `kill -0`, which a zombie passes), the process
    # is reaped (no /proc entry, not even a zombie), the port is closed, the temp dir is gone.
    assert proc.returncode is not None and vm.returncode == proc.returncode
    assert process_state(proc.pid) is None
    assert _listening_addresses(vm.port) == set()
    assert not Path(data_dir.decode()).exists()


@needs_vm
def test_import_then_export_gives_back_the_same_series() -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    # Gaps and NVML's 4294967295, but no 2**63 blank sentinels: VictoriaMetrics stores a block's
    # values as decimals with one shared exponent, so a 9.2e18 in a series flattens that block's
    # fractional values (0.42 -> 0.0). Exactness is only claimed without them.
    arts = ArtifactRates(
        blank_sentinel=0.0,
        util_not_supported=2e-3,
        exporter_restarts_per_node_day=600.0,
        exporter_gap_s=30.0,
    )
    sim = FleetSimulator(topo, seed=3, artifacts=arts)
    buf = io.StringIO()
    n_series = write_vm_jsonl(sim.run(40 * 15.0), topo, buf)
    lines = buf.getvalue().splitlines()
    original = read_vm_jsonl(lines, topology=topo)
    with VictoriaMetrics() as vm:
        assert vm.import_jsonl(lines) == len(lines)
        assert vm.import_jsonl(iter(lines)) == len(lines)  # twice: deduplicated, not doubled
        vm.force_flush()
        exported = list(vm.export_lines('{__name__=~"DCGM_.*|NODE_.*"}'))
        parsed = vm.export('{__name__="DCGM_FI_DEV_GPU_TEMP"}')
        window = vm.export(
            '{__name__="NODE_CPU_UTIL"}', start=sim.start, end=sim.start + 4 * 15.0 - 1
        )
    back = read_vm_jsonl(exported, topology=topo)
    assert back.errors == [] and back.series == n_series
    assert back.samples == original.samples
    assert [t.timestamp for t in back.ticks] == [t.timestamp for t in original.ticks]
    for a, b in zip(original.ticks, back.ticks, strict=True):
        for fa, fb in zip(a.frames, b.frames, strict=True):
            np.testing.assert_array_equal(fb.values, fa.values)
    assert len(parsed) == sum(1 for x in lines if '"DCGM_FI_DEV_GPU_TEMP"' in x)
    assert all(p["metric"]["__name__"] == "DCGM_FI_DEV_GPU_TEMP" for p in parsed)
    assert window and all(
        sim.start * 1000 <= t < (sim.start + 60) * 1000 for s in window for t in s["timestamps"]
    )


def test_missing_binary_raises_server_unavailable_with_reason(tmp_path: Path) -> None:
    with pytest.raises(ServerUnavailable, match="no such executable file"):
        VictoriaMetrics(binary=str(tmp_path / "victoria-metrics")).start()
    with pytest.raises(ServerUnavailable, match=r"not found on PATH.*apt-get install"):
        VictoriaMetrics(binary="victoria-metrics-not-installed").start()
    with pytest.raises(ServerUnavailable, match="vmalert-missing not found on PATH"):
        run_vmalert_replay(VictoriaMetrics(), "groups: []", 0.0, 60.0, binary="vmalert-missing")


def test_server_that_exits_or_never_gets_healthy(tmp_path: Path) -> None:
    crash = tmp_path / "crash"
    crash.write_text("#!/bin/sh\necho 'FATAL: cannot open storage' >&2\nexit 3\n")
    crash.chmod(0o755)
    with pytest.raises(ServerUnavailable, match=r"(?s)exited with status 3.*cannot open storage"):
        VictoriaMetrics(binary=str(crash)).start()

    hang = tmp_path / "hang"
    hang.write_text(
        "#!/bin/sh\necho 'starting, slowly'\n"
        f"exec {sys.executable} -c 'import time; time.sleep(60)'\n"
    )
    hang.chmod(0o755)
    vm = VictoriaMetrics(binary=str(hang), start_timeout_s=0.5, stop_timeout_s=2.0)
    with pytest.raises(ServerUnavailable, match=r"(?s)not OK within.*starting, slowly"):
        vm.start()
    assert vm.process is None  # the hung process was stopped, not left behind


@needs_vmalert
def test_vmalert_replay_pending_then_firing() -> None:
    """A ``for: 1m`` rule leaves pending in replay (needs -datasource.queryStep=0s)."""
    t0 = 1_772_409_600.0
    ts = [int((t0 + 15 * i) * 1000) for i in range(41)]  # 10 minutes
    vals = [40] * 12 + [95] * 29  # hot from t0+180 s on
    line = (
        '{"metric":{"__name__":"DCGM_FI_DEV_GPU_TEMP","Hostname":"h1","gpu":"0"},'
        f'"values":{vals},"timestamps":{ts}}}'
    )
    rules = """groups:
  - name: t
    interval: 30s
    rules:
      - alert: Hot
        expr: DCGM_FI_DEV_GPU_TEMP > 85
        for: 1m
        labels: {severity: warning}
"""
    with VictoriaMetrics() as vm:
        vm.import_jsonl([line])
        series = run_vmalert_replay(vm, rules, t0, t0 + 600)
    by_state = {
        (s["metric"]["__name__"], s["metric"].get("alertstate")): s
        for s in series
        if s["metric"].get("alertname") == "Hot"
    }
    pending = by_state[("ALERTS", "pending")]
    firing = by_state[("ALERTS", "firing")]
    assert pending["metric"]["Hostname"] == "h1" and pending["metric"]["severity"] == "warning"
    assert min(pending["timestamps"]) / 1000 == t0 + 180
    assert min(firing["timestamps"]) / 1000 == t0 + 240
    assert max(firing["timestamps"]) / 1000 == t0 + 600
    for_state = by_state[("ALERTS_FOR_STATE", None)]
    assert set(for_state["values"]) == {t0 + 180}  # activeAt
