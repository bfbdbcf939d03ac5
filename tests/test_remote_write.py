"""Prometheus remote-write receiver: hand-encoded WriteRequests, hostile bodies, and the real
vmagent scraping a served dcgm-exporter page on 127.0.0.1 and remote-writing to the route."""

from __future__ import annotations

import asyncio
import itertools
import math
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import cramjam
import httpx
import numpy as np
import pytest
import uvicorn
from hypothesis import given, settings
from hypothesis import strategies as st

from gpufleet.agents.noc.detector import Detector
from gpufleet.cli.remote_write_source import RemoteWriteSource, discover, next_multiple
from gpufleet.evals.vm_server import free_port
from gpufleet.sim.remote_write_body import length_delimited, series, snappy_body
from gpufleet.telemetry.exposition import (
    _ALL,
    ParsedExposition,
    parse_exposition,
    render_exposition,
)
from gpufleet.telemetry.fields import DCGM_INT32_BLANK, GPU_FIELD_NAMES
from gpufleet.telemetry.frame import EntityKind, Frame
from gpufleet.telemetry.remote_write import (
    RemoteWriteError,
    RemoteWriteIngest,
    decompress,
    remote_write_app,
)
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.vmjson import gpu_labels

TOPO = Topology([build_cluster(racks=1, nodes_per_rack=2)])
T0_MS = 1_764_000_000_000  # 2025-11: a 6-byte varint, as every current timestamp
TEMP = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")
COL_TEMP = _ALL.index("DCGM_FI_DEV_GPU_TEMP")


def _gpu(g: int, name: str = "DCGM_FI_DEV_GPU_TEMP") -> dict[str, str]:
    labels = {k: v for k, v in gpu_labels(TOPO, g).items() if k not in ("job", "instance")}
    return {"__name__": name, **labels, "job": "dcgm", "instance": "127.0.0.1:9400"}


# ------------------------------------------------------------------ decoding
def test_values_land_on_their_gpu_cell_first_and_cached_reads_agree() -> None:
    ing = RemoteWriteIngest(TOPO)
    for k in range(3):  # the first request fills the cache, the next two read from it
        ing.ingest(snappy_body(*(series(_gpu(g), (40.0 + g + k, T0_MS + k)) for g in range(16))))
        core, _ = ing.frame((T0_MS + k) / 1000, max_age_s=60)
        assert core.values[:, TEMP].tolist() == [40.0 + g + k for g in range(16)]
    assert ing.stats.slow_series == 16  # only the first request decoded labels
    assert ing.stats.stored == 48 and ing.stats.samples == 48


def test_zero_values_extra_fields_several_samples_and_odd_timestamps() -> None:
    ing = RemoteWriteIngest(TOPO)
    metadata = length_delimited(3, b"\x08\x01" + length_delimited(2, b"DCGM_FI_DEV_GPU_TEMP"))
    body = snappy_body(
        series(_gpu(0), (0.0, T0_MS)),  # value omitted on the wire
        metadata,
        series(_gpu(1), (5.0, T0_MS), (6.0, T0_MS + 1000)),  # two samples: the newer wins
        series(_gpu(2), (7.0, 1_000)),  # a 2-byte timestamp: the generic decoder
        series(_gpu(3), (8.0, 0)),  # no timestamp at all
    )
    for _ in range(2):
        ing.ingest(body)
    assert ing.values[0:4, COL_TEMP].tolist() == [0.0, 6.0, 7.0, 8.0]
    assert ing.stats.stored + ing.stats.stale == ing.stats.samples == 10


def test_older_samples_and_unmapped_series_are_counted_not_stored() -> None:
    ing = RemoteWriteIngest(TOPO)
    ing.ingest(snappy_body(series(_gpu(0), (50.0, T0_MS + 5))))
    stranger = {**_gpu(0), "UUID": "GPU-nope", "Hostname": "elsewhere"}
    mig = {**_gpu(1), "GPU_I_ID": "1", "GPU_I_PROFILE": "1g.10gb"}
    up = {"__name__": "up", "job": "dcgm", "instance": "x"}
    ing.ingest(
        snappy_body(
            series(_gpu(0), (49.0, T0_MS)),
            series(stranger, (1.0, T0_MS)),
            series(mig, (2.0, T0_MS)),
            series(up, (1.0, T0_MS)),
        )
    )
    s = ing.stats
    assert ing.values[0, COL_TEMP] == 50.0
    assert (s.stale, s.unmapped, s.unsupported, s.other) == (1, 1, 1, 1)
    assert s.other_names["up"] == 1


def test_frame_sanitizes_and_ages_out_cells() -> None:
    ing = RemoteWriteIngest(TOPO)
    ing.ingest(
        snappy_body(
            series(_gpu(0), (float(DCGM_INT32_BLANK), T0_MS)),
            series(_gpu(1), (61.0, T0_MS - 120_000)),
            series(_gpu(2), (62.0, T0_MS)),
        )
    )
    core, _ = ing.frame(T0_MS / 1000, max_age_s=60)
    temp = core.values[:3, TEMP]
    assert math.isnan(temp[0]) and math.isnan(temp[1]) and temp[2] == 62.0


_NAMES = ["DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_POWER_USAGE", "up", "DCGM_EXP_XID_ERRORS_COUNT"]


@settings(max_examples=200, deadline=None, database=None)
@given(st.data())
def test_a_cold_start_resolves_every_series_as_the_full_label_decode_does(
    data: st.DataObject,
) -> None:
    """The cold path resolves the GPU once per label set without ``__name__`` and the field
    once per name; whatever the label order, a missing or unknown name, a MIG instance, an
    unmapped GPU or a repeated series, it lands each sample where decoding every label does
    (``keep_labels`` takes the full decode) and counts the same."""
    encoded: list[bytes] = []
    for _ in range(data.draw(st.integers(1, 12))):
        labels = {
            "__name__": data.draw(st.sampled_from(_NAMES)),
            **_gpu(data.draw(st.integers(0, 15))),
        }
        if data.draw(st.booleans()):
            del labels["__name__"]
        if data.draw(st.booleans()):
            labels["GPU_I_ID"] = "1"
        if data.draw(st.booleans()):
            labels["UUID"], labels["Hostname"] = "GPU-nope", "elsewhere"
        items = data.draw(st.permutations(list(labels.items())))
        # a timestamp per series (two samples of one cell at one time: either may win);
        # a 2-byte one takes the generic decoder
        ms = len(encoded) + data.draw(st.sampled_from([T0_MS, 1_000]))
        encoded.append(series(dict(items), (data.draw(st.sampled_from([0.0, 3.5])), ms)))
    body = snappy_body(*encoded)
    cold, full = RemoteWriteIngest(TOPO), RemoteWriteIngest(TOPO, keep_labels=True)
    for _ in range(2):  # the second pass reads the cache the first one filled
        cold.ingest(body)
        full.ingest(body)
    np.testing.assert_array_equal(cold.values, full.values)
    np.testing.assert_array_equal(cold.stamp_ms, full.stamp_ms)
    a, b = cold.stats, full.stats
    assert (a.samples, a.stored, a.stale, a.other, a.unmapped, a.unsupported) == (
        b.samples,
        b.stored,
        b.stale,
        b.other,
        b.unmapped,
        b.unsupported,
    )
    assert a.other_names == b.other_names


@settings(max_examples=300, deadline=None, database=None)
@given(st.binary(max_size=300))
def test_random_bodies_raise_only_the_documented_error(raw: bytes) -> None:
    ing = RemoteWriteIngest(TOPO)
    for body in (raw, bytes(cramjam.snappy.compress_raw(raw))):
        with suppress(RemoteWriteError):
            ing.ingest(body)


@settings(max_examples=300, deadline=None, database=None)
@given(st.data())
def test_mutated_requests_raise_only_the_documented_error(data: st.DataObject) -> None:
    ing = RemoteWriteIngest(TOPO)
    good = b"".join(series(_gpu(g), (1.5 * g, T0_MS)) for g in range(4))
    ing.ingest_decoded(good)  # warm the cache so mutations hit the fast path
    i = data.draw(st.integers(0, len(good) - 1))
    junk = data.draw(st.binary(min_size=1, max_size=4))
    with suppress(RemoteWriteError):
        ing.ingest_decoded(good[:i] + junk + good[i + len(junk) :])


def test_size_caps_are_checked_before_decoding() -> None:
    claim = bytes([0xFF, 0xFF, 0xFF, 0xFF, 0x0F])  # snappy preamble: ~4 GiB decoded
    with pytest.raises(RemoteWriteError, match="decodes to"):
        decompress(claim + b"\x00")
    with pytest.raises(RemoteWriteError, match="not a snappy block"):
        decompress(b"\x05garbage")


# ------------------------------------------------------------------ the real vmagent
SKIP_REASON = (
    "vmagent (Debian package victoria-metrics) not installed: run make test as root on Debian, "
    "which installs it"
)


@contextmanager
def _served_pages(pages: dict[str, bytes]) -> Iterator[int]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = pages.get(self.path.strip("/").split("/")[0], b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/plain; version=0.0.4")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def _receiver(ingest: RemoteWriteIngest) -> Iterator[int]:
    port = free_port()
    config = uvicorn.Config(
        remote_write_app(ingest), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=lambda: asyncio.run(server.serve()), daemon=True)
    thread.start()
    # Up to 120 s for a start on a loaded machine (was 20 s, and then the test went on against a
    # receiver that was not listening yet); a thread that died is said at once.
    deadline = time.monotonic() + 120
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert server.started, f"the remote-write receiver on port {port} did not start"
        yield port
    finally:
        server.should_exit = True
        thread.join(10)


@pytest.mark.skipif(shutil.which("vmagent") is None, reason=SKIP_REASON)
def test_vmagent_scrapes_a_page_and_every_series_arrives_with_labels_and_values() -> None:
    rng = np.random.default_rng(7)
    values = rng.uniform(1, 90, (TOPO.n_gpus, len(GPU_FIELD_NAMES))).round(3)
    frame = Frame(0.0, EntityKind.GPU, TOPO.gpu_keys, GPU_FIELD_NAMES, values, "t")
    hosts = [n.hostname for n in TOPO.nodes]
    pages = {h: render_exposition(frame, TOPO, h).encode() for h in hosts}
    expected = {h: parse_exposition(pages[h].decode(), topology=TOPO) for h in hosts}
    ingest = RemoteWriteIngest(TOPO, keep_labels=True)
    with (
        _served_pages(pages) as page_port,
        _receiver(ingest) as rw_port,
        tempfile.TemporaryDirectory() as tmp,
    ):
        targets = ", ".join(f'"127.0.0.1:{page_port}"' for _ in hosts[:1])
        jobs = "\n".join(
            f"  - job_name: {h}\n    scrape_interval: 1s\n    metrics_path: /{h}\n"
            f"    static_configs: [{{targets: [{targets}]}}]"
            for h in hosts
        )
        cfg = Path(tmp) / "scrape.yml"
        cfg.write_text(f"scrape_configs:\n{jobs}\n")
        proc = subprocess.Popen(
            [
                shutil.which("vmagent") or "vmagent",
                f"-promscrape.config={cfg}",
                f"-remoteWrite.url=http://127.0.0.1:{rw_port}/api/v1/write",
                f"-remoteWrite.tmpDataPath={tmp}/rw",
                f"-httpListenAddr=127.0.0.1:{free_port()}",
                "-remoteWrite.flushInterval=200ms",
                "-loggerLevel=ERROR",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        try:
            want = sum(int(p.present.sum()) for p in expected.values())
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and ingest.stats.stored < 2 * want:
                time.sleep(0.2)
                assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
        finally:
            proc.terminate()
            proc.wait(15)
    assert ingest.stats.unmapped == ingest.stats.unsupported == 0
    newest = float(ingest.stamp_ms.max()) / 1000
    tick = ingest.tick(newest, max_age_s=60)
    Detector(TOPO).process(tick)  # the NOC takes the receiver's frame as it is
    np.testing.assert_array_equal(tick.frames[0].values, frame_expected(expected))
    assert "up" in ingest.stats.other_names  # vmagent's own series are counted, not dropped
    seen = ingest.series_labels or {}
    for h, parsed in expected.items():
        for i, key in enumerate(parsed.frame.entities):
            g = TOPO.gpu_pos[key]
            for c in np.flatnonzero(parsed.present[i]).tolist():
                assert ingest.values[g, c] == values[g, c], (key, _ALL[c])
                labels = seen[g * len(_ALL) + c]
                page_labels = gpu_labels(TOPO, g)
                assert labels["__name__"] == _ALL[c]
                assert labels["job"] == h and labels["instance"] == f"127.0.0.1:{page_port}"
                for k in ("gpu", "UUID", "pci_bus_id", "device", "modelName", "Hostname"):
                    assert labels[k] == page_labels[k], (key, k)


def frame_expected(expected: dict[str, ParsedExposition]) -> np.ndarray:
    """The whole-fleet core frame the pages describe (rows in topology order)."""
    out = np.full((TOPO.n_gpus, len(GPU_FIELD_NAMES)), np.nan)
    for parsed in expected.values():
        for i, key in enumerate(parsed.frame.entities):
            out[TOPO.gpu_pos[key]] = parsed.frame.values[i]
    return out


def test_route_answers_400_for_a_bad_body_and_204_for_a_good_one() -> None:
    ingest = RemoteWriteIngest(TOPO)
    with _receiver(ingest) as port:
        url = f"http://127.0.0.1:{port}/api/v1/write"
        assert httpx.post(url, content=b"\x05garbage").status_code == 400
        assert (
            httpx.post(url, content=snappy_body(series(_gpu(0), (3.0, T0_MS)))).status_code == 204
        )
        assert httpx.get(url).status_code == 405
        assert httpx.post(url.replace("write", "x"), content=b"").status_code == 404
    assert ingest.values[0, COL_TEMP] == 3.0


def test_discovery_names_the_fleet_of_every_push_in_the_settle_interval() -> None:
    """vmagent spreads a scrape round over its interval and cuts it into blocks: the first
    push with GPU series named one node, and the other node's GPUs then counted as "series on
    no GPU" for the whole run (seen on a loaded CI machine). Discovery waits one interval."""
    port = free_port()
    first = snappy_body(*(series(_gpu(g), (40.0, T0_MS)) for g in range(8)))  # node-01
    second = snappy_body(*(series(_gpu(g), (41.0, T0_MS)) for g in range(8, 16)))  # node-02

    async def scenario() -> tuple[Topology, list[bytes]]:
        task = asyncio.create_task(discover("127.0.0.1", port, timeout_s=60, settle_s=1.0))
        url = f"http://127.0.0.1:{port}/api/v1/write"
        async with httpx.AsyncClient(trust_env=False) as client:
            for body in (first, second):
                while True:
                    try:
                        r = await client.post(url, content=body)
                        break
                    except httpx.ConnectError:  # not listening yet
                        await asyncio.sleep(0.05)
                assert r.status_code == 204
        return await task

    topo, bodies = asyncio.run(scenario())
    assert sorted(topo.gpu_keys) == sorted(TOPO.gpu_keys)
    assert bodies == [first, second]


def _ticks_with(pushes_until: float, count: int = 3) -> list[float]:
    """Tick times of a source at 15 s whose vmagent pushes every 0.5 s until
    ``pushes_until`` past each multiple (a fake clock; the detector's work takes 0.4 s)."""
    now = [1000.3]
    source: RemoteWriteSource

    async def sleep(seconds: float) -> None:
        for _ in range(round(seconds / 0.05)):
            now[0] += 0.05
            into = now[0] % 15.0
            if into < pushes_until and round(into / 0.05) % 10 == 0:
                source.ingest.stats.requests += 1  # a push arrived

    source = RemoteWriteSource(
        RemoteWriteIngest(TOPO), "127.0.0.1", 0, 15.0, clock=lambda: now[0], sleep=sleep
    )

    async def scenario() -> list[float]:
        ticks = source.aticks()
        seen = []
        for _ in range(count):
            seen.append((await anext(ticks)).timestamp)
            now[0] += 0.4
        await ticks.aclose()
        await source.aclose()
        return seen

    return asyncio.run(scenario())


def test_a_tick_comes_when_the_aligned_rounds_pushes_are_over() -> None:
    """With vmagent's scrape_align_interval at the interval, a round is scraped at the Unix
    multiples and pushed as one burst: the tick comes QUIET_S after the burst, so a sample
    waits about as long as its round takes to arrive, not up to a whole interval."""
    # the last push comes 0.5 s before `pushes_until`; then QUIET_S (1.5 s) without one
    small = _ticks_with(pushes_until=2.0)  # a small fleet: the round is in by 1.5 s
    assert all(3.0 <= t % 15.0 <= 3.7 for t in small), small
    large = _ticks_with(pushes_until=6.0)  # a large one: the receiver absorbs it for 6 s
    assert all(7.0 <= t % 15.0 <= 7.7 for t in large), large
    assert [round(b - a) for a, b in itertools.pairwise(large)] == [15, 15]
    # a vmagent that does not align pushes all the time: tick at 0.9 of the interval
    steady = _ticks_with(pushes_until=15.0)
    assert all(13.5 <= t % 15.0 <= 13.7 for t in steady), steady


def test_nothing_pushed_still_ticks_and_a_late_tick_skips_a_round() -> None:
    now = [1000.3]

    async def sleep(seconds: float) -> None:
        now[0] += seconds

    source = RemoteWriteSource(
        RemoteWriteIngest(TOPO), "127.0.0.1", 0, 15.0, clock=lambda: now[0], sleep=sleep
    )

    async def scenario() -> list[float]:
        ticks = source.aticks()
        first = (await anext(ticks)).timestamp
        now[0] += 20.0  # the detector stalled past the next round
        second = (await anext(ticks)).timestamp
        await ticks.aclose()
        await source.aclose()
        return [first, second]

    first, second = scenario_times = asyncio.run(scenario())
    assert first == pytest.approx(1005 + 1.5 + 1.5, abs=0.11)  # earliest + QUIET_S
    assert second == pytest.approx(1035 + 3.0, abs=0.11), scenario_times  # 1020 skipped
    assert next_multiple(1005.0, 15.0) == 1020.0  # a multiple is never its own next
