"""Several remote-write feeders, each owning a share of the racks (``watch --feed-racks``), fed
by vmagent's own per-URL relabelling: the pure parts, the feeder's ``/metrics`` and its
decoding off the event loop, and the whole path live (real vmagent, nats-server, workers)
with a feeder SIGKILLed and replaced while faults are injected."""

from __future__ import annotations

import asyncio
import json
import math
import shutil
import subprocess
import threading
from pathlib import Path

import httpx
import numpy as np
import pytest

from bench import scale_bench
from bench.loopback import fleet_topology
from gpufleet.cli.main import main as cli_main
from gpufleet.cli.remote_write_source import RemoteWriteSource
from gpufleet.evals.nats_server import nats_binary
from gpufleet.evals.vm_server import free_port
from gpufleet.sim.remote_write_body import series, snappy_body
from gpufleet.telemetry.feeder_shards import (
    deal_racks,
    parse_racks,
    racks_topology,
    url_relabel_config,
)
from gpufleet.telemetry.remote_write import RemoteWriteIngest, cache_size_for
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import gpu_labels

FLEET = Topology([build_cluster(racks=4, nodes_per_rack=2)])
T0_MS = 1_764_000_000_000
NEEDS = "needs vmagent (Debian victoria-metrics) and nats-server; `make test` installs them"


def _temp(topo: Topology, g: int, name: str = "DCGM_FI_DEV_GPU_TEMP") -> dict[str, str]:
    return {"__name__": name, **gpu_labels(topo, g)}


# ------------------------------------------------------------------ pure parts
def test_racks_are_dealt_in_contiguous_even_shares_and_each_exactly_once() -> None:
    racks = [f"rack-{k}" for k in range(1, 11)]
    for n in (1, 2, 3, 4, 10, 12):
        shares = deal_racks(racks, n)
        assert [r for share in shares for r in share] == racks
        sizes = [len(s) for s in shares]
        assert max(sizes) - min(sizes) <= 1 and len(shares) == min(n, 10)
    with pytest.raises(ValueError, match="at least 1"):
        deal_racks(racks, 0)


def test_a_feeders_topology_is_its_racks_in_fleet_order_and_unknown_racks_are_named() -> None:
    mine = racks_topology(FLEET, parse_racks("rack-3, rack-1"))
    assert mine.rack_keys == ("rack-1", "rack-3")
    assert mine.n_gpus == FLEET.n_gpus // 2
    assert set(mine.node_keys) == {FLEET.node_keys[i] for i in (0, 1, 4, 5)}
    with pytest.raises(ValueError, match="no rack rack-9 in the topology"):
        racks_topology(FLEET, ["rack-1", "rack-9"])
    with pytest.raises(ValueError, match="rack-2 twice"):
        parse_racks("rack-2,rack-2")
    with pytest.raises(ValueError, match="RACK"):
        parse_racks("rack-1,,rack-2")


@pytest.mark.skipif(shutil.which("vmagent") is None, reason=NEEDS)
def test_vmagent_accepts_the_per_url_relabel_config(tmp_path: Path) -> None:
    cfg = tmp_path / "shard.yml"
    cfg.write_text(url_relabel_config(["rack-1", "rack.2", "o'brien"]))
    scrape = tmp_path / "scrape.yml"
    scrape.write_text("scrape_configs: []\n")
    run = subprocess.run(
        [
            shutil.which("vmagent") or "vmagent",
            "-dryRun",
            f"-promscrape.config={scrape}",
            "-remoteWrite.url=http://127.0.0.1:1/api/v1/write",
            f"-remoteWrite.urlRelabelConfig={cfg}",
        ],
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr.decode()[-500:]
    assert r"rack\.2" in cfg.read_text()  # a dot is a literal, not any character


def test_the_label_cache_is_sized_by_config_and_past_it_series_still_land() -> None:
    assert cache_size_for(FLEET) > FLEET.n_gpus * 47  # every field of every GPU fits
    ing = RemoteWriteIngest(FLEET, max_series=10)
    for k in range(2):
        body = snappy_body(*(series(_temp(FLEET, g), (30.0 + g + k, T0_MS + k)) for g in range(64)))
        ing.ingest(body)
        core, _ = ing.frame((T0_MS + k) / 1000, max_age_s=60)
        assert core.column("DCGM_FI_DEV_GPU_TEMP").tolist() == [30.0 + g + k for g in range(64)]
    assert ing.cached_series == 10
    assert ing.stats.slow_series == 64 + 54  # the 54 past the cap are decoded every time


# ------------------------------------------------------------------ one feeder, served
def test_metrics_shows_each_racks_lag_while_a_cold_decode_is_still_running() -> None:
    """A feeder owning rack-2 and rack-4: the rack with samples shows its lag, the one without
    shows none; and while a push is still being decoded (a cold round), the event loop
    answers /metrics (the old receiver decoded on the loop, holding everything)."""
    mine = racks_topology(FLEET, ["rack-2", "rack-4"])
    release, decoding = threading.Event(), threading.Event()

    class Slow(RemoteWriteIngest):
        def ingest(self, body: bytes) -> int:
            decoding.set()
            release.wait(10)
            return super().ingest(body)

    port = free_port()
    now = T0_MS / 1000 + 7.5
    source = RemoteWriteSource(Slow(mine), "127.0.0.1", port, 15.0, clock=lambda: now)
    rack2 = [g for g in range(mine.n_gpus) if mine.rack_keys[mine.gpu_rack[g]] == "rack-2"]
    body = snappy_body(*(series(_temp(mine, g), (40.0, T0_MS)) for g in rack2))

    async def scenario() -> tuple[str, int, str]:
        ticks = source.aticks()
        first = asyncio.ensure_future(anext(ticks))  # starts the server
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}") as client:
            for _ in range(100):
                with_server = await _get(client)
                if with_server is not None:
                    break
                await asyncio.sleep(0.05)
            push = asyncio.ensure_future(client.post("/api/v1/write", content=body))
            await asyncio.to_thread(decoding.wait, 10)
            during = (await client.get("/metrics", timeout=5)).text
            release.set()
            status = (await push).status_code
            after = (await client.get("/metrics", timeout=5)).text
        first.cancel()
        await source.aclose()
        return during, status, after

    during, status, after = asyncio.run(scenario())
    assert "gpufleet_remote_write_requests_total 0" in during  # answered mid-decode
    assert status == 204
    assert 'gpufleet_feeder_rack_lag_seconds{rack="rack-2"} 7.500' in after
    assert 'rack="rack-4"' not in after  # nothing from it yet: no lag line, not a zero
    assert "gpufleet_remote_write_requests_total 1" in after
    assert f"gpufleet_remote_write_label_cache_capacity {cache_size_for(mine)}" in after


async def _get(client: httpx.AsyncClient) -> str | None:
    try:
        return (await client.get("/metrics", timeout=1)).text
    except httpx.HTTPError:
        return None


def test_feed_racks_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    base = ["watch", "--source", "remote-write:127.0.0.1:1", "--feed-racks", "rack-1"]
    assert cli_main([*base, "--feed-shards", "--bus", "nats://127.0.0.1:1"]) == 2
    assert "--feed-racks needs --feed-shards and --topology" in capsys.readouterr().err
    topo = tmp_path / "topology.json"
    topo.write_text(json.dumps([c.model_dump(mode="json") for c in FLEET.clusters]))
    argv = [*base[:-1], "rack-7", "--topology", str(topo), "--feed-shards"]
    assert cli_main([*argv, "--bus", "nats://127.0.0.1:1"]) == 2
    err = capsys.readouterr().err
    assert "--feed-racks: no rack rack-7 in the topology" in err
    argv = [*base, "--topology", str(topo), "--feed-shards", "--label-cache", "-5"]
    assert cli_main([*argv, "--bus", "nats://127.0.0.1:1"]) == 2
    assert "--label-cache must be a number of series >= 0" in capsys.readouterr().err


# ------------------------------------------------------------------ the whole path, live
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("vmagent") is None or nats_binary() is None, reason=NEEDS)
def test_two_feeders_one_killed_and_replaced_lose_nothing_and_open_nothing_twice(
    tmp_path: Path,
) -> None:
    """4 racks, 2 feeders (2 racks each) behind one vmagent with a URL per feeder; feeder-1 is
    SIGKILLed 2 s into the window and a new one starts on its port 3 s later. Faults land on
    every rack, some on feeder-1's racks while it is down: vmagent's queue for its URL keeps
    them, and each fault opens exactly one incident."""
    out = tmp_path / "scale.json"
    argv = [
        "--gpus", "256", "--nodes-per-rack", "8", "--workers", "2", "--interval", "1",
        "--seconds", "8", "--faults-per-interval", "1", "--drain", "15", "--feeders", "2",
        "--replace-feeder", "2", "--feeder-down", "3", "--json", str(out),
    ]  # fmt: skip
    assert fleet_topology(32, 8).n_racks == 4
    assert scale_bench.main(argv) == 0
    (run,) = json.loads(out.read_text())["results"]
    assert run["feeders"] == 2 and run["racks"] == 4
    faults = run["fault_log"]
    assert len(faults) == 8 and {f["rack"] for f in faults} == {f"rack-{k}" for k in range(1, 5)}
    down = [f for f in faults if f["rack"] in ("rack-1", "rack-2") and 2 <= _into(run, f) <= 5]
    assert run["unmatched_incidents"] == [], run["unmatched_incidents"]
    assert run["incidents_opened"] == len(faults)  # nothing twice, nothing else
    assert all(math.isfinite(f["lag_s"]) for f in faults), faults  # nothing lost
    # each feeder's /metrics shows the lag of its own racks only
    lags = run["feeder_rack_lag_s_after_drain"]
    assert set(lags["feeder-1"]) == {"rack-1", "rack-2"}
    assert set(lags["feeder-2"]) == {"rack-3", "rack-4"}
    assert all(0 <= v < 10 for per in lags.values() for v in per.values()), lags
    assert set(run["feeder_us_per_sample"]) == {"feeder-1", "feeder-2"}
    assert down, [(f["rack"], _into(run, f)) for f in faults]  # some came while it was down


def _into(run: dict[str, object], fault: dict[str, float]) -> float:
    log = run["fault_log"]
    assert isinstance(log, list)
    return fault["armed"] - float(np.min([f["armed"] for f in log]))


def test_an_aligned_round_pushed_with_a_pause_is_ticked_once_all_of_it_is_in() -> None:
    """A loaded vmagent pushes an aligned round in parts with a pause longer than QUIET_S
    between them (here half the GPUs 1 s after the multiple, the rest 4 s after). Once the
    source knows which cells are live, it ticks when all of them hold the round, not in the
    pause (the old rule ticked 3 s after the multiple, the other half then waited a whole
    interval)."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    now = [1000.3]
    halves = (range(0, 8), range(8, 16))
    source: RemoteWriteSource

    def push(gpus: range, at_ms: int) -> None:
        value = at_ms / 1000 % 1000
        source.ingest.ingest(snappy_body(*(series(_temp(topo, g), (value, at_ms)) for g in gpus)))

    async def sleep(seconds: float) -> None:
        for _ in range(round(seconds / 0.05)):
            now[0] += 0.05
            multiple = now[0] // 15 * 15
            into = round(now[0] - multiple, 2)
            if into in (1.0, 4.0):
                push(halves[into == 4.0], int(multiple * 1000))

    source = RemoteWriteSource(
        RemoteWriteIngest(topo), "127.0.0.1", 0, 15.0, clock=lambda: now[0], sleep=sleep
    )

    async def scenario() -> list[tuple[float, list[float]]]:
        ticks = source.aticks()
        seen = []
        for _ in range(4):
            tick = await anext(ticks)
            seen.append((tick.timestamp, tick.frames[0].column("DCGM_FI_DEV_GPU_TEMP").tolist()))
        await ticks.aclose()
        await source.aclose()
        return seen

    seen = asyncio.run(scenario())
    # the first round, nothing known yet: ticked in the pause (quiet rule)
    assert 3.0 <= seen[0][0] % 15 <= 3.3, seen[0][0]
    # from the third round on, the live cells are known: the tick waits for the second half
    for t, temps in seen[2:]:
        assert 3.95 <= t % 15 <= 4.3, t
        assert temps == [(t // 15 * 15) % 1000] * 16  # every GPU holds this round's sample
