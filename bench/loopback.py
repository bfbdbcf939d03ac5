"""The outside world of the scale benchmarks, on 127.0.0.1: dcgm-exporter pages served by a
page-server process (faults injected into them while live), the real ``vmagent`` scraping them,
and the CPU/RSS readings of processes.

Used by ``ingest_bench.py`` (ingest cost per sample) and ``scale_bench.py`` (the whole path
live). The page server is a separate process so its CPU is never counted as gpufleet's: it
stands in for 12,500 exporters on as many hosts.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing as mp
import os
import re
import shutil
import subprocess
import time
from collections.abc import Mapping, Sequence
from multiprocessing.connection import Connection
from pathlib import Path
from types import TracebackType
from typing import Any, Self

import httpx

from gpufleet.evals.vm_server import free_port
from gpufleet.sim.simulator import FleetSimulator
from gpufleet.telemetry.exposition import render_exposition
from gpufleet.telemetry.feeder_shards import RACK_LABEL, url_relabel_config
from gpufleet.telemetry.frame import EntityKind
from gpufleet.telemetry.topology import Topology, build_cluster

TICKS = os.sysconf("SC_CLK_TCK")


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a process has used, from ``/proc/PID/stat``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def fleet_topology(nodes: int, nodes_per_rack: int = 0) -> Topology:
    """``nodes`` 8-GPU nodes in racks of ``nodes_per_rack`` (default: gcd(nodes, 10))."""
    per_rack = nodes_per_rack or math.gcd(nodes, 10)
    if nodes % per_rack:
        raise ValueError(f"{nodes} nodes do not fill racks of {per_rack}")
    return Topology([build_cluster(racks=nodes // per_rack, nodes_per_rack=per_rack)])


def render_pages(topo: Topology, rounds: int, seed: int = 1) -> list[dict[str, str]]:
    """``rounds`` simulator ticks of every node's dcgm-exporter page, by hostname."""
    sim = FleetSimulator(topo, seed=seed)
    out = []
    for _ in range(rounds):
        frame = sim.step().frame(EntityKind.GPU)
        assert frame is not None
        out.append({n.hostname: render_exposition(frame, topo, n.hostname) for n in topo.nodes})
    return out


# ---------------------------------------------------------------------------- page server
_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain; version=0.0.4\r\nContent-Length: %d\r\n\r\n"


class _Pages:
    """The served pages and the faults set in them: when each changed page was first served
    (the scrape that read it; vmagent stamps its samples with the scrape's start)."""

    def __init__(self, pages: dict[str, bytes]) -> None:
        self.pages = pages
        self.served = 0
        self.pending: set[str] = set()  # hosts whose changed page was not served yet
        self.first_served: dict[str, float] = {}

    def get(self, host: str) -> bytes:
        self.served += 1
        if host in self.pending:
            self.pending.discard(host)
            self.first_served[host] = time.time()
        return self.pages.get(host, b"")

    def add(self, host: str, metric: str, gpu: int, amount: float) -> bool:
        """Add ``amount`` to the sample of ``metric`` on ``gpu`` of ``host`` (a counter
        stepping up); False when the page has no such sample."""
        line = re.compile(rb"^(%s\{gpu=\"%d\",[^\n]*\}) ([^\n]*)$" % (metric.encode(), gpu), re.M)

        def step(m: re.Match[bytes]) -> bytes:
            return m[1] + b" " + repr(float(m[2]) + amount).encode()

        page, n = line.subn(step, self.pages.get(host, b""))
        if n != 1:
            return False
        self.pages[host] = page
        self.pending.add(host)
        self.first_served.pop(host, None)
        return True

    def answer(self, msg: tuple[Any, ...]) -> Any:
        if msg[0] == "count":
            return self.served
        if msg[0] == "add":
            return self.add(*msg[1:])
        if msg[0] == "first_served":
            return self.first_served.get(msg[1])
        raise ValueError(f"page server: unknown request {msg[0]!r}")


def page_server_main(
    conn: Connection, pages: dict[str, bytes] | None, nodes: int, nodes_per_rack: int
) -> None:
    """The page server process: serves ``pages``, or renders one simulator tick of a
    :func:`fleet_topology` itself (a 12,500-node fleet's pages are 1.1 GB: not sent over a
    pipe)."""
    if pages is None:
        rendered = render_pages(fleet_topology(nodes, nodes_per_rack), 1)[0]
        pages = {h: t.encode() for h, t in rendered.items()}
    asyncio.run(_serve_pages(conn, _Pages(pages)))


async def _serve_pages(conn: Connection, pages: _Pages) -> None:
    async def handle(r: asyncio.StreamReader, w: asyncio.StreamWriter) -> None:
        try:
            while line := await r.readline():
                path = line.split(b" ")[1].decode() if line.count(b" ") >= 2 else "/"
                while (await r.readline()) not in (b"\r\n", b"\n", b""):
                    pass
                body = pages.get(path.strip("/"))
                w.write(_HEAD % len(body) + body)
                await w.drain()
        except (ConnectionError, IndexError):
            pass
        finally:
            w.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0, backlog=4096)
    conn.send(server.sockets[0].getsockname()[1])
    loop = asyncio.get_running_loop()
    done = loop.create_future()

    def on_message() -> None:
        msg = conn.recv()
        if msg[0] == "stop":
            if not done.done():
                done.set_result(None)
            return
        conn.send(pages.answer(msg))

    loop.add_reader(conn.fileno(), on_message)
    await done
    server.close()


class PageServer:
    """The page-server process (a context manager): ``pages`` given, or rendered in the process
    for ``nodes`` nodes in racks of ``nodes_per_rack``."""

    def __init__(
        self, pages: dict[str, bytes] | None = None, *, nodes: int = 0, nodes_per_rack: int = 0
    ) -> None:
        ctx = mp.get_context("spawn")
        self._conn, child = ctx.Pipe()
        self.process = ctx.Process(
            target=page_server_main, args=(child, pages, nodes, nodes_per_rack), daemon=True
        )
        self.port = 0

    def __enter__(self) -> Self:
        self.process.start()
        self.port = self._conn.recv()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self.process.is_alive():
            self._conn.send(("stop",))
        self.process.join(10)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(10)

    @property
    def pid(self) -> int:
        assert self.process.pid is not None
        return self.process.pid

    def _ask(self, *msg: Any) -> Any:
        self._conn.send(msg)
        return self._conn.recv()

    def served(self) -> int:
        """Pages served so far."""
        return int(self._ask("count"))

    def add(self, host: str, metric: str, gpu: int, amount: float) -> None:
        """From the next scrape of ``host`` on, ``metric`` of its ``gpu`` reads ``amount``
        more than it did."""
        if not self._ask("add", host, metric, gpu, amount):
            raise ValueError(f"page of {host!r} has no {metric} sample for gpu {gpu}")

    def first_served(self, host: str) -> float | None:
        """When the page of ``host`` was first served since its last :meth:`add`."""
        at = self._ask("first_served", host)
        return None if at is None else float(at)


# ---------------------------------------------------------------------------- vmagent
def vmagent_binary() -> str | None:
    return shutil.which("vmagent")


def start_vmagent(
    hosts: list[str],
    page_port: int,
    remote_write_url: str,
    interval_s: float,
    tmp: Path,
    *,
    align: bool = False,
    shards: Sequence[tuple[str, Sequence[str]]] = (),
    host_rack: Mapping[str, str] | None = None,
    store_url: str = "",
) -> tuple[subprocess.Popen[bytes], int]:
    """The real vmagent scraping ``/HOST`` of the page server for every host every
    ``interval_s`` and remote-writing to ``remote_write_url``; (process, its HTTP port).
    ``align``: every page scraped at the interval's multiples (``scrape_align_interval``).
    ``shards``: instead, one remote-write URL per (url, racks), each keeping its racks' series
    (``-remoteWrite.urlRelabelConfig``, :func:`telemetry.feeder_shards.url_relabel_config`),
    the targets labelled with their rack from ``host_rack``. ``store_url``: one more URL,
    last and unrelabelled, that gets every series (the store, as a deployment runs it)."""
    exe = vmagent_binary()
    if exe is None:
        raise RuntimeError("vmagent not installed (Debian package victoria-metrics)")
    cfg = tmp / "scrape.yml"
    racks = host_rack or {}
    static = "\n".join(
        f"      - targets: ['127.0.0.1:{page_port}']\n"
        f"        labels: {{__metrics_path__: /{h}, node: {h}"
        + (f", {RACK_LABEL}: {racks[h]}" if h in racks else "")
        + "}"
        for h in hosts
    )
    cfg.write_text(
        f"scrape_configs:\n  - job_name: dcgm\n    scrape_interval: {interval_s}s\n"
        + (f"    scrape_align_interval: {interval_s}s\n" if align else "")
        + f"    static_configs:\n{static}\n"
    )
    remote = [f"-remoteWrite.url={remote_write_url}"]
    if shards:
        remote = []
        for k, (url, shard_racks) in enumerate(shards):
            relabel = tmp / f"shard-{k + 1}.yml"
            relabel.write_text(url_relabel_config(shard_racks))
            remote += [f"-remoteWrite.url={url}", f"-remoteWrite.urlRelabelConfig={relabel}"]
    if store_url:
        remote.append(f"-remoteWrite.url={store_url}")
    http_port = free_port()
    proc = subprocess.Popen(
        [
            exe,
            f"-promscrape.config={cfg}",
            *remote,
            f"-remoteWrite.tmpDataPath={tmp}/rw",
            f"-httpListenAddr=127.0.0.1:{http_port}",
            "-loggerLevel=ERROR",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return proc, http_port


def vmagent_metric(http_port: int, name: str) -> float:
    """The sum of one metric's series on vmagent's own ``/metrics`` (NaN when absent, or
    when vmagent is too busy to answer: an aligned round of thousands of targets takes its
    cores for seconds)."""
    try:
        text = httpx.get(f"http://127.0.0.1:{http_port}/metrics", timeout=30.0).text
    except httpx.TimeoutException:
        return math.nan
    values = [
        float(line.rsplit(" ", 1)[1])
        for line in text.splitlines()
        if line.startswith(name) and line[len(name) : len(name) + 1] in ("{", " ")
    ]
    return sum(values) if values else math.nan


def wait_http(port: int, timeout_s: float = 30.0) -> None:
    """Until something answers HTTP on 127.0.0.1:port (any status)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            httpx.get(f"http://127.0.0.1:{port}/", timeout=1.0)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing answered on port {port} within {timeout_s} s")
