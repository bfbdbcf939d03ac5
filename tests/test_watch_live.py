"""`gpufleet watch` end to end on live sources, against real servers on 127.0.0.1.

- dcgm-exporter endpoints (HTTP servers serving simulated exposition text), a kernel log being
  followed, and a real prometheus-alertmanager posting to the watch's webhook receiver — all in
  one run;
- a real VictoriaMetrics polled through the Prometheus API.
The CLI runs in a worker thread (it owns its event loop) while the servers run on the test's.
"""

from __future__ import annotations

import asyncio
import io
import json
import shutil
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from gpufleet.cli.main import main
from gpufleet.evals.vm_server import VictoriaMetrics
from gpufleet.sim.faults import DoubleBitError, RowRemapFailure
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.kernel_log import format_line
from gpufleet.telemetry.store_writer import VictoriaMetricsWriter
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.alertmanager_server import AM_BINARY, alertmanager, free_port
from tests.test_scrape import Exporters

HAS_AM = shutil.which(AM_BINARY) is not None
HAS_VM = shutil.which("victoria-metrics") is not None


def _topology_file(tmp: Path, topo: Topology) -> Path:
    p = tmp / "topology.json"
    p.write_text(json.dumps([c.model_dump(mode="json") for c in topo.clusters]))
    return p


def _watch(argv: list[str]) -> dict[str, Any]:
    out = io.StringIO()
    code = main(["watch", *argv, "--json"], out=out)
    assert code == 0, out.getvalue()
    doc: dict[str, Any] = json.loads(out.getvalue())
    return doc


@pytest.mark.skipif(
    not HAS_AM,
    reason="prometheus-alertmanager (Debian package) not installed: "
    "make test installs it as root on Debian",
)
def test_watch_dcgm_exporters_kernel_log_and_alertmanager(tmp_path: Path) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    sim = FleetSimulator(
        topo, seed=3, artifacts=None, faults=[DoubleBitError(node="node-02", gpu=5, onset_s=8 * 15)]
    )
    texts = []
    for tick in sim.run(40 * 15):
        frame = tick.frames[0]
        texts.append({h: render_exposition(frame, topo, h) for h in topo.node_keys})
    pci = topo.gpu_pci_bus_id[topo.gpu_pos["node-01/gpu1"]]
    log = tmp_path / "kern.log"
    log.write_text("")  # followed from its end, as a live log: lines appear while watching

    def kernel_says_xid79() -> None:
        line = format_line(
            LogEvent(
                time.time(),
                "node-01",
                "xid",
                f"NVRM: Xid (PCI:{pci[4:]}): 79, GPU has fallen off the bus.",
                xid=79,
                pci_bus_id=pci,
            ),
            "journal-iso",
        )
        with log.open("a") as fh:
            fh.write(line + "\n")

    receiver_port = free_port()

    async def scenario() -> dict[str, Any]:
        ex = await Exporters().start(list(topo.node_keys))
        state = {"i": 0}

        async def advance() -> None:  # the fleet moves on: one simulated sample per 0.15 s
            while state["i"] < len(texts) - 1:
                for h in topo.node_keys:
                    ex.serve(h, texts[state["i"]][h])
                state["i"] += 1
                await asyncio.sleep(0.15)

        for h in topo.node_keys:
            ex.serve(h, texts[0][h])
        mover: asyncio.Task[None] | None = None
        targets = ",".join(ex.url[h] for h in topo.node_keys)
        try:
            async with alertmanager(
                f"http://127.0.0.1:{receiver_port}/api/v1/alerts/alertmanager"
            ) as am:
                watch = asyncio.create_task(
                    asyncio.to_thread(
                        _watch,
                        [
                            "--source",
                            f"dcgm:{targets}",
                            "--topology",
                            str(_topology_file(tmp_path, topo)),
                            "--interval",
                            "0.2",
                            "--duration",
                            "7s",
                            "--logs",
                            str(log),
                            "--alertmanager",
                            f"127.0.0.1:{receiver_port}",
                        ],
                    )
                )
                # The fleet moves on and the kernel speaks only once the watch is up (its
                # receiver answers): on a loaded machine its start can take seconds, and a
                # line written before it follows the log (from its end) is not "live".
                await _until_listening(receiver_port)
                mover = asyncio.create_task(advance())
                await asyncio.sleep(1.0)
                kernel_says_xid79()
                async with httpx.AsyncClient(trust_env=False) as client:
                    r = await client.post(
                        f"{am}/api/v2/alerts",
                        json=[
                            {
                                "labels": {
                                    "alertname": "GPUPowerSupplyDegraded",
                                    "Hostname": "node-01",
                                    "gpu": "6",
                                    "severity": "warning",
                                },
                                "annotations": {"summary": "PSU 2 redundancy lost"},
                            }
                        ],
                    )
                    r.raise_for_status()
                return await watch
        finally:
            if mover is not None:
                mover.cancel()
            await ex.close()

    doc = asyncio.run(scenario())
    roots = {(i["root_entity"], i["family"]) for i in doc["incidents"]}
    assert ("node-02/gpu5", "memory") in roots  # DBE counter increase seen across scrapes
    assert ("node-01/gpu1", "device") in roots  # Xid 79 from the followed kernel log
    assert ("node-01/gpu6", "power") in roots  # the alert, through real Alertmanager
    assert doc["stats"]["ticks"] >= 20 and doc["stats"]["rejected_ticks"] == 0


@pytest.mark.skipif(
    not HAS_VM,
    reason="victoria-metrics (Debian package) not installed: "
    "make test installs it as root on Debian",
)
def test_watch_prometheus_store_discovers_topology_and_detects(tmp_path: Path) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    now = float(int(time.time()))
    sim = FleetSimulator(
        topo,
        seed=4,
        start=now - 300,
        interval_s=1.0,
        artifacts=None,
        faults=[RowRemapFailure(node="node-01", gpu=3, onset_s=20)],
    )
    with VictoriaMetrics() as vm:
        writer = VictoriaMetricsWriter(vm.url)
        writer.write_ticks(list(sim.run(360)), topo)
        writer.force_flush()
        writer.close()
        doc = _watch(["--source", f"prometheus:{vm.url}", "--interval", "1", "--duration", "3s"])
    incidents = doc["incidents"]
    assert [(i["root_entity"], i["family"], i["severity"]) for i in incidents] == [
        ("node-01/gpu3", "memory", 30)
    ]
    assert doc["stats"]["ticks"] >= 2


def test_watch_source_errors_are_clear(capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["watch", "--source", "dcgm:ftp://x"], out=out) == 2
    assert "must be http(s) URLs" in capsys.readouterr().err
    port = free_port()  # nothing listens there
    assert main(["watch", "--source", f"prometheus:http://127.0.0.1:{port}"], out=out) == 2
    assert f"127.0.0.1:{port}" in capsys.readouterr().err
    lag = ["--lag", "nan"]
    assert main(["watch", "--source", f"prometheus:http://127.0.0.1:{port}", *lag], out=out) == 2
    assert "--lag must be a number of seconds >= 0, got nan" in capsys.readouterr().err


@pytest.mark.skipif(
    not HAS_VM,
    reason="victoria-metrics (Debian package) not installed: "
    "make test installs it as root on Debian",
)
def test_record_from_the_store_then_replay_with_eval(tmp_path: Path) -> None:
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    sim = FleetSimulator(
        topo, seed=5, artifacts=None, faults=[DoubleBitError(node="node-02", gpu=1, onset_s=900)]
    )
    with VictoriaMetrics() as vm:
        writer = VictoriaMetricsWriter(vm.url)
        writer.write_ticks(list(sim.run(1800)), topo)
        writer.force_flush()
        writer.close()
        out = io.StringIO()
        folder = tmp_path / "cut"
        assert (
            main(
                [
                    "record",
                    "--store",
                    vm.url,
                    "--start",
                    str(sim.start),
                    "--end",
                    str(sim.start + 1800),
                    "--out",
                    str(folder),
                    "--id",
                    "cut-dbe",
                ],
                out=out,
            )
            == 0
        )
    out = io.StringIO()
    main(
        [
            "eval",
            "--suite",
            str(folder),
            "--no-baselines",
            "--json",
            "--cache",
            str(tmp_path / "cache"),
        ],
        out=out,
    )
    doc = json.loads(out.getvalue())
    assert doc["failed"] == []
    scores = doc["incidents"][0]["scores"]["gpufleet NOC"]
    # The cut carries no truth (kind fault_free), so the DBE the NOC finds counts as a page on
    # a fault-free stretch: exactly one, on the right GPU.
    assert scores["predictions"] == 1 and scores["false_incidents"] == 1
    assert doc["incidents"][0]["kind"] == "fault_free"


def test_watch_nvml_fake_runs_the_collector_path_without_a_gpu() -> None:
    doc = _watch(["--source", "nvml:fake", "--interval", "15", "--duration", "10m"])
    assert doc["stats"]["ticks"] == 40 and doc["stats"]["samples"] > 0
    assert doc["stats"]["rejected_ticks"] == 0


@pytest.mark.skipif(
    not HAS_VM,
    reason="victoria-metrics (Debian package) not installed: "
    "make test installs it as root on Debian",
)
def test_simulate_populates_a_store() -> None:
    with VictoriaMetrics() as vm:
        out = io.StringIO()
        assert (
            main(
                [
                    "simulate",
                    "--store",
                    vm.url,
                    "--racks",
                    "1",
                    "--nodes",
                    "1",
                    "--duration",
                    "30m",
                    "--fault",
                    "dbe@20m:node=node-01,gpu=2",
                ],
                out=out,
            )
            == 0
        )
        vm.force_flush()
        series = vm.export('{__name__="DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",gpu="2"}')
    assert "to " + vm.url in out.getvalue()
    assert len(series) >= 1 and max(max(s["values"]) for s in series) == 1


async def _until_listening(port: int, timeout_s: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            if loop.time() > deadline:
                raise
            await asyncio.sleep(0.05)
        else:
            writer.close()
            return
