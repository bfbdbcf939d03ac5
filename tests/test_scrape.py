"""Scraping dcgm-exporters over real HTTP on 127.0.0.1 (telemetry.scrape): merge, health,
failures, history flags, pacing, topology discovery, and the NOC detector end to end."""

from __future__ import annotations

import asyncio
import functools
import socket
import ssl
import time
from collections.abc import Awaitable, Callable, Coroutine, Mapping, Sequence
from typing import Any

import numpy as np
import pytest

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import IncidentOpened
from gpufleet.sim.faults import DoubleBitError
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry import scrape
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.fields import FIELDS, GPU_FIELD_NAMES, sanitize
from gpufleet.telemetry.frame import EntityKind, Frame
from gpufleet.telemetry.scrape import (
    DcgmExporterScraper,
    ScrapeSource,
    ScrapeTarget,
    discover_topology,
)
from gpufleet.telemetry.topology import Topology, build_cluster

TOPO = Topology([build_cluster(racks=1, nodes_per_rack=4)])
HOSTS = TOPO.node_keys
# What a stock exporter serves, plus the ECC counters the DBE test needs.
SERVED = [f for f, s in FIELDS.items() if s.exporter_default] + [
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
]
HUNG_S = 60.0  # how long a hung exporter takes to answer: far past any scraper timeout here


class Exporters:
    """Minimal HTTP/1.1 (keep-alive) servers on 127.0.0.1, one port per simulated exporter.

    ``body``/``status``/``delay`` per host are read at request time, so a test changes what
    the next scrape sees by assigning to them."""

    def __init__(self) -> None:
        self.body: dict[str, bytes] = {}
        self.status: dict[str, int] = {}
        self.delay: dict[str, float] = {}
        self.requests: dict[str, int] = {}
        self.url: dict[str, str] = {}
        self._servers: list[asyncio.Server] = []
        self._handlers: set[asyncio.Task[Any]] = set()

    async def start(self, hosts: tuple[str, ...] | list[str]) -> Exporters:
        for host in hosts:
            server = await asyncio.start_server(
                functools.partial(self._handle, host), "127.0.0.1", 0
            )
            port = server.sockets[0].getsockname()[1]
            self._servers.append(server)
            self.url[host] = f"http://127.0.0.1:{port}/metrics"
            self.body.setdefault(host, b"")
        return self

    def targets(self, hosts: tuple[str, ...] | list[str] | None = None) -> list[ScrapeTarget]:
        return [ScrapeTarget(self.url[h], h) for h in (hosts or list(self.url))]

    def serve(self, host: str, text: str) -> None:
        self.body[host] = text.encode()

    async def _handle(self, host: str, r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._handlers.add(task)
        try:
            while await r.readline():  # request line; empty bytes = client closed
                while (await r.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                self.requests[host] = self.requests.get(host, 0) + 1
                if self.delay.get(host):
                    await asyncio.sleep(self.delay[host])
                status = self.status.get(host, 200)
                body = self.body[host] if status == 200 else b"exporter broke\n"
                reason = b"OK" if status == 200 else b"Internal Server Error"
                w.write(
                    b"HTTP/1.1 %d %s\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
                    b"Content-Length: %d\r\n\r\n" % (status, reason, len(body)) + body
                )
                await w.drain()
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            w.close()
            self._handlers.discard(task)

    async def close(self) -> None:
        for s in self._servers:
            s.close()
        for t in list(self._handlers):
            t.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)
        for s in self._servers:
            await s.wait_closed()


class FakeClock:
    """Data time for the scraper: advanced by the tests (or by the fake sleep), never real."""

    def __init__(self, t: float = 1_772_409_600.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    async def sleep(self, dt: float) -> None:
        self.t += dt


def run(coro_fn: Callable[[], Coroutine[Any, Any, None]], guard_s: float = 20.0) -> None:
    async def guarded() -> None:
        async with asyncio.timeout(guard_s):
            await coro_fn()

    asyncio.run(guarded())


def closed_port_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now: connection refused
    return f"http://127.0.0.1:{port}/metrics"


def serve_frame(ex: Exporters, frame: Frame, sim: FleetSimulator | None = None) -> None:
    wl = sim.workload_map() if sim is not None else None  # the exporter labels every scrape
    for host in HOSTS:
        ex.serve(host, render_exposition(frame, TOPO, host, workloads=wl, fields=SERVED))


def served_expectation(frame: Frame) -> np.ndarray:
    """The simulator frame as a scrape of SERVED fields must reproduce it (sanitized)."""
    cleaned, _ = sanitize(frame.values, frame.fields)
    keep = np.array([f in SERVED for f in GPU_FIELD_NAMES])
    return np.where(keep[None, :], cleaned, np.nan)


def text_for(host: str, lines: Mapping[str, Sequence[float | None]]) -> str:
    """Handcrafted exposition: per field, one value per GPU of ``host`` (None = no sample)."""
    out = []
    for name, vals in lines.items():
        out.append(f"# TYPE {name} {'counter' if FIELDS[name].kind == 'counter' else 'gauge'}")
        for g, v in enumerate(vals):
            if v is not None:
                out.append(f'{name}{{gpu="{g}",Hostname="{host}"}} {v}')
    return "\n".join(out) + "\n"


async def with_scraper(
    ex: Exporters, body: Callable[[DcgmExporterScraper, FakeClock], Awaitable[None]], **kw: Any
) -> None:
    clock = FakeClock()
    scraper = DcgmExporterScraper(ex.targets(), TOPO, clock=clock, **kw)
    try:
        await body(scraper, clock)
    finally:
        await scraper.aclose()
        await ex.close()


# ------------------------------------------------------------------ merge and health


def test_four_exporters_merge_into_one_topology_frame() -> None:
    async def main() -> None:
        ex = await Exporters().start(HOSTS)
        sim = FleetSimulator(TOPO, seed=2, artifacts=None)

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            ticks = []
            for _ in range(3):
                tick = sim.step()
                serve_frame(ex, tick.frames[0], sim)
                clock.t = tick.timestamp
                got = await s.scrape_once()
                ticks.append(got)
                frame = got.frame(EntityKind.GPU)
                assert frame is not None
                assert frame.entities is TOPO.gpu_keys and frame.fields is GPU_FIELD_NAMES
                assert got.timestamp == frame.timestamp == tick.timestamp
                np.testing.assert_array_equal(frame.values, served_expectation(tick.frames[0]))
            # Workloads (hpc_job labels) on the first tick, then only when they change.
            assert ticks[0].workloads is not None
            assert {k: w.job_id for k, w in ticks[0].workloads.items()} == {
                k: w.job_id for k, w in sim.workload_map().items()
            }
            assert ticks[1].workloads is None and ticks[2].workloads is None
            for h in s.health:
                assert h.up and not h.stale and h.consecutive_failures == 0
                assert h.gpus == 8 and h.samples == 8 * len(SERVED)
                assert h.last_success_ts == ticks[-1].timestamp
                assert h.last_duration_s is not None and h.last_duration_s < 5
            assert s.stats.rounds == 3 and s.stats.scrapes_ok == 12
            assert s.stats.samples == 3 * 4 * 8 * len(SERVED) and s.stats.parse_s > 0
            assert s.flags_since_last() == []

        await with_scraper(ex, body)

    run(main)


def test_parsing_inline_or_in_a_worker_process_gives_the_same_tick() -> None:
    async def main() -> None:
        ex = await Exporters().start(HOSTS)
        sim = FleetSimulator(TOPO, seed=4)
        tick = sim.step()
        serve_frame(ex, tick.frames[0], sim)
        frames = []
        try:
            for kw in ({"parse_in_thread": False}, {"parse_processes": 1}):
                s = DcgmExporterScraper(ex.targets(), TOPO, clock=FakeClock(), **kw)
                try:
                    got = await s.scrape_once()
                    frames.append(got.frames[0].values)
                    assert got.workloads and s.stats.parse_s > 0
                finally:
                    await s.aclose()
        finally:
            await ex.close()
        np.testing.assert_array_equal(frames[0], frames[1])
        np.testing.assert_array_equal(frames[0], served_expectation(tick.frames[0]))

    run(main)


def test_timeout_500_and_refused_are_in_health_and_the_rest_still_arrives() -> None:
    async def main() -> None:
        ex = await Exporters().start(HOSTS)
        sim = FleetSimulator(TOPO, seed=3, artifacts=None)
        tick = sim.step()
        serve_frame(ex, tick.frames[0])
        # The hung target answers far past the scraper's timeout; the timeout is wide enough
        # for the healthy targets on a loaded machine (at 0.2 s, node-01's answer timed out
        # there too, and its rows came back NaN).
        ex.delay["node-02"] = HUNG_S
        ex.status["node-03"] = 500
        targets = [*ex.targets(), ScrapeTarget(closed_port_url(), "node-04")]
        targets = [t for t in targets if t.url != ex.url["node-04"]]
        clock = FakeClock()
        s = DcgmExporterScraper(targets, TOPO, timeout_s=2.0, clock=clock)
        try:
            t0 = time.perf_counter()
            got = await s.scrape_once()
            assert time.perf_counter() - t0 < HUNG_S / 2  # the hung target did not hold the round
            frame = got.frames[0]
            exp = served_expectation(tick.frames[0])
            for host in HOSTS:
                rows = TOPO.gpus_of_node(TOPO.node_pos[host])
                if host == "node-01":
                    np.testing.assert_array_equal(frame.values[rows], exp[rows])
                else:
                    assert np.isnan(frame.values[rows]).all()
            h = {x.target.hostname: x for x in s.health}
            assert h["node-01"].up and not h["node-01"].stale
            assert not h["node-02"].up and h["node-02"].stale
            assert "timeout after 2s" in (h["node-02"].last_error or "")
            assert h["node-03"].last_error == "HTTP 500 Internal Server Error"
            assert "connection failed" in (h["node-04"].last_error or "")
            assert all(h[x].consecutive_failures == 1 for x in ("node-02", "node-03", "node-04"))
            down = [f for f in s.flags_since_last() if f.kind == "target_down"]
            assert sorted(f.entity for f in down) == ["node-02", "node-03", "node-04"]
            clock.t += 15
            await s.scrape_once()  # still down: no second target_down flag
            assert [f.kind for f in s.flags_since_last()] == []
            assert h["node-03"].consecutive_failures == 2
            ex.status["node-03"] = 200
            clock.t += 15
            await s.scrape_once()
            assert h["node-03"].up and h["node-03"].consecutive_failures == 0
            assert h["node-03"].last_success_ts == clock.t
        finally:
            await s.aclose()
            await ex.close()

    run(main, guard_s=120.0)  # three rounds, each held for the hung target's 2 s


def test_a_targets_clock_starts_once_its_client_exists(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first client a scraper makes also builds the TLS context (the system CA bundle):
    that is no time the target took, so it must not count against the target's deadline (the
    first target of a round timed out on a loaded machine while the context was built)."""
    real = ssl.create_default_context

    def slow_context(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        time.sleep(3.0)  # longer than the target's whole deadline below
        return real(*args, **kwargs)

    monkeypatch.setattr(ssl, "create_default_context", slow_context)

    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_TEMP": [50, 51]}))
        s = DcgmExporterScraper(ex.targets(), TOPO, timeout_s=2.0, clock=FakeClock())
        try:
            frame = (await s.scrape_once()).frames[0]
            assert s.health[0].up and s.health[0].last_error is None, s.health[0].last_error
            assert frame.values[0, GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")] == 50
        finally:
            await s.aclose()
            await ex.close()

    run(main)


def test_stale_after_keeps_last_values_for_a_while_then_nan() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_TEMP": [50, 51]}))

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            col = GPU_FIELD_NAMES.index("DCGM_FI_DEV_GPU_TEMP")
            await s.scrape_once()
            ex.status["node-01"] = 500
            clock.t += 15
            carried = (await s.scrape_once()).frames[0]
            assert carried.values[0, col] == 50 and not s.health[0].stale
            assert not s.health[0].up
            clock.t += 30
            gone = (await s.scrape_once()).frames[0]
            assert np.isnan(gone.values[0, col]) and s.health[0].stale

        await with_scraper(ex, body, stale_after_s=40.0)

    run(main)


def test_exposition_timestamps_older_than_stale_after_are_stale() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        clock = FakeClock()
        old_ms = int((clock.t - 600) * 1000)
        ex.serve("node-01", f'DCGM_FI_DEV_GPU_TEMP{{gpu="0",Hostname="node-01"}} 50 {old_ms}\n')
        s = DcgmExporterScraper(ex.targets(), TOPO, clock=clock, stale_after_s=60.0)
        try:
            frame = (await s.scrape_once()).frames[0]
            assert np.isnan(frame.values).all() and s.health[0].stale
            assert [f.kind for f in s.flags_since_last()] == ["stale_target", "target_down"]
        finally:
            await s.aclose()
            await ex.close()

    run(main)


# ------------------------------------------------------------------ history flags


def test_counter_reset_is_flagged_across_two_scrapes() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        dbe = "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL"

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            ex.serve("node-01", text_for("node-01", {dbe: [100, 7]}))
            await s.scrape_once()
            ex.serve("node-01", text_for("node-01", {dbe: [3, 7]}))
            clock.t += 15
            tick = await s.scrape_once()
            (f,) = s.flags_since_last()
            assert (f.kind, f.metric, f.entity, f.value) == (
                "counter_reset",
                dbe,
                "node-01/gpu0",
                3,
            )
            assert "from 100 to 3" in f.detail and f.source == ex.url["node-01"]
            assert tick.frames[0].values[0, GPU_FIELD_NAMES.index(dbe)] == 3  # value passed on
            ex.serve("node-01", text_for("node-01", {dbe: [4, 7]}))
            clock.t += 15
            await s.scrape_once()
            assert s.flags_since_last() == []

        await with_scraper(ex, body)

    run(main)


def test_series_vanishing_after_an_upgrade_is_flagged_once() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01", "node-02"])
        before = {"DCGM_FI_DEV_GPU_TEMP": [50, 51], "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": [0, 0]}
        after = {"DCGM_FI_DEV_GPU_TEMP": [50, 51]}

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            for h in ("node-01", "node-02"):
                ex.serve(h, text_for(h, before))
            await s.scrape_once()
            ex.serve("node-01", text_for("node-01", after))  # upgraded exporter
            for _ in range(3):
                clock.t += 15
                await s.scrape_once()
            flags = s.flags_since_last()
            assert [(f.kind, f.metric, f.entity) for f in flags] == [
                ("series_vanished", "DCGM_FI_DEV_PCIE_REPLAY_COUNTER", "node-01")
            ]
            assert "2 GPU(s)" in flags[0].detail and "node-01/gpu1" in flags[0].detail
            ex.serve("node-01", text_for("node-01", before))  # rolled back: re-armed
            clock.t += 15
            await s.scrape_once()
            ex.serve("node-01", text_for("node-01", after))
            clock.t += 15
            await s.scrape_once()
            assert [f.kind for f in s.flags_since_last()] == ["series_vanished"]

        await with_scraper(ex, body)

    run(main)


def test_a_gpu_disappearing_from_its_exporter_is_flagged_once() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_TEMP": [50, 51, 52]}))
            await s.scrape_once()
            ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_TEMP": [50, None, 52]}))
            for _ in range(2):
                clock.t += 15
                await s.scrape_once()
            assert [(f.kind, f.entity) for f in s.flags_since_last()] == [
                ("gpu_vanished", "node-01/gpu1")
            ]

        await with_scraper(ex, body)

    run(main)


def test_profiling_field_always_zero_on_a_busy_gpu_is_flagged_once() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        util = "DCGM_FI_DEV_GPU_UTIL"
        gr = "DCGM_FI_PROF_GR_ENGINE_ACTIVE"
        tensor = "DCGM_FI_PROF_PIPE_TENSOR_ACTIVE"
        enc = "DCGM_FI_DEV_ENC_UTIL"
        # gpu0: busy, GR_ENGINE stuck at 0 (DCP unavailable) -> flagged (busy rule)
        # gpu1: idle, everything 0 -> nothing (zero is a legitimate idle reading)
        # gpu2: busy, tensor 0 while busy peers of the same model read it -> flagged (peers)
        # gpu3, gpu4: busy and healthy; ENC 0 everywhere -> never judged
        text = text_for(
            "node-01",
            {
                util: [95, 0, 90, 88, 91],
                gr: [0, 0, 0.8, 0.9, 0.85],
                tensor: [0.4, 0, 0, 0.5, 0.45],
                enc: [0, 0, 0, 0, 0],
            },
        )
        ex.serve("node-01", text)

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            for _ in range(4):
                await s.scrape_once()
                clock.t += 15
            assert s.flags_since_last() == []  # not before zero_after_scrapes rounds
            await s.scrape_once()
            for _ in range(3):
                clock.t += 15
                await s.scrape_once()
            got = sorted((f.kind, f.metric, f.entity) for f in s.flags_since_last())
            assert got == [
                ("unsupported_always_zero", gr, "node-01/gpu0"),
                ("unsupported_always_zero", tensor, "node-01/gpu2"),
            ]

        await with_scraper(ex, body, zero_after_scrapes=5)

    run(main)


def test_persisting_parser_flags_are_reported_once_but_counted_every_time() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        text = (
            "# HELP DCGM_FI_DEV_MEMORY_TEMP x\n# TYPE DCGM_FI_DEV_MEMORY_TEMP gauge\n"
            + text_for("node-01", {"DCGM_FI_DEV_GPU_UTIL": [4294967295, 50]})
        )
        ex.serve("node-01", text)

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            for _ in range(3):
                await s.scrape_once()
                clock.t += 15
            kinds = sorted(f.kind for f in s.flags_since_last())
            assert kinds == ["help_without_samples", "not_supported_4294967295"]
            assert s.stats.flags_by_kind["not_supported_4294967295"] == 3
            ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_UTIL": [40, 50]}))
            await s.scrape_once()
            ex.serve("node-01", text)  # it comes back after a clean round: reported again
            clock.t += 15
            await s.scrape_once()
            assert sorted(f.kind for f in s.flags_since_last()) == kinds

        await with_scraper(ex, body)

    run(main)


# ------------------------------------------------------------------ pacing, source, discovery


def test_aticks_paces_with_the_injected_sleep_and_stops_with_the_consumer() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01"])
        ex.serve("node-01", text_for("node-01", {"DCGM_FI_DEV_GPU_TEMP": [50]}))
        clock = FakeClock()
        s = DcgmExporterScraper(ex.targets(), TOPO, clock=clock)
        source = ScrapeSource(s, 15.0, sleep=clock.sleep)
        assert source.topology is TOPO and source.interval_s == 15.0
        stamps = []
        try:
            async for tick in source.aticks():
                stamps.append(tick.timestamp)
                if len(stamps) == 4:
                    break
            assert np.diff(stamps).tolist() == [15.0, 15.0, 15.0]
            assert ex.requests["node-01"] == 4
            with pytest.raises(ValueError, match="interval_s"):
                await anext(s.aticks(0.0))
        finally:
            await source.aclose()
            await ex.close()

    run(main)


def test_discover_topology_infers_nodes_and_gpus_from_labels() -> None:
    async def main() -> None:
        ex = await Exporters().start(["node-01", "node-03"])
        frame = FleetSimulator(TOPO, seed=1, artifacts=None).step().frames[0]
        for h in ("node-01", "node-03"):
            ex.serve(h, render_exposition(frame, TOPO, h, fields=["DCGM_FI_DEV_GPU_TEMP"]))
        targets = [
            ScrapeTarget(ex.url["node-03"]),  # hostname from the label
            ScrapeTarget(ex.url["node-01"], "node-01"),
            ScrapeTarget(closed_port_url(), "node-09"),  # down: logged, left out
        ]
        try:
            topo = await discover_topology(targets, timeout_s=30.0)  # the down one is refused
        finally:
            await ex.close()
        assert topo.node_keys == ("node-01", "node-03")
        assert topo.n_gpus == 16 and set(topo.gpu_sku) == {"H100-SXM5-80GB"}
        g = topo.gpu_pos["node-03/gpu5"]
        assert topo.gpu_uuid[g] == TOPO.gpu_uuid[TOPO.gpu_pos["node-03/gpu5"]]
        assert topo.gpu_pci_bus_id[g] == TOPO.gpu_pci_bus_id[TOPO.gpu_pos["node-03/gpu5"]]

    run(main)


# ------------------------------------------------------------------ end to end


def test_detector_opens_an_incident_on_the_gpu_whose_served_dbe_counter_rose() -> None:
    """4 simulated exporters on loopback, ~40 scrapes, a double-bit ECC error injected into the
    simulated fleet at tick 25: the scraped ticks alone make the NOC open an incident there."""

    async def main() -> None:
        ex = await Exporters().start(HOSTS)
        fault = DoubleBitError(onset_s=25 * 15.0, node="node-03", gpu=6)
        sim = FleetSimulator(TOPO, seed=11, faults=[fault], artifacts=None)
        det = Detector(TOPO)
        opened = []

        async def body(s: DcgmExporterScraper, clock: FakeClock) -> None:
            for _ in range(40):
                tick = sim.step()
                serve_frame(ex, tick.frames[0], sim)
                clock.t = tick.timestamp
                scraped = await s.scrape_once()
                for ev in det.process(scraped):
                    if isinstance(ev, IncidentOpened):
                        opened.append((scraped.timestamp, ev.incident))

        await with_scraper(ex, body)
        assert det.stats.rejected_ticks == 0 and det.stats.unknown_entities == {}
        assert len(opened) == 1, [i.title for _, i in opened]
        t, incident = opened[0]
        assert incident.root_entity == "node-03/gpu6"
        assert t == fault.onset

    run(main)


def test_plain_http_targets_load_no_ca_bundle_and_https_ones_share_the_default() -> None:
    """Loading the CA bundle costs as much CPU as a round of 20 exporters' pages: a plain-http
    target (its own client, never redirected) does not load it; https ones share one."""
    fetcher = scrape._Fetcher(3, None, 5.0, 4, 1 << 20)
    plain = fetcher._context("http://10.0.0.1:9400/metrics")
    assert plain.cert_store_stats()["x509_ca"] == 0
    assert plain.verify_mode == ssl.CERT_REQUIRED  # never a context that accepts anything
    tls = fetcher._context("HTTPS://10.0.0.2:9400/metrics")
    assert tls is fetcher._context("https://10.0.0.3:9400/metrics")
    assert tls is not plain and tls.verify_mode == ssl.CERT_REQUIRED
