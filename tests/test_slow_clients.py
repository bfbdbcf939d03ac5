"""Slow and many clients (issue 27, item 2): idle, trickling and stalled connections are closed
by the header and read timeouts; past the connection limit (under the descriptor limit) a new
connection takes a slow one's place, so ``/healthz`` still answers and the process never hits
"Too many open files"; repeated warnings are logged once per interval with a count. The server
runs in a process of its own with a lowered descriptor limit (tests/guarded_server.py); the
bench (bench/intake_fairness_bench.py) opens 20,000 connections, the test ~900."""

from __future__ import annotations

import logging
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

import httpx

from gpufleet.cli.log_limit import RateLimitFilter
from gpufleet.service.connections import ConnectionLimits, connection_limit

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Guarded:
    url: str
    host: str
    port: int
    limit: int
    log: Path
    proc: subprocess.Popen[str]


@contextmanager
def guarded_server(
    tmp_path: Path,
    *,
    nofile: int = 4096,
    header_s: float = 1.0,
    read_s: float = 1.0,
    backlog: int = 64,
    reserve: int = 64,
) -> Iterator[Guarded]:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")])
    log = tmp_path / "server.log"
    with log.open("wb") as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "tests.guarded_server"]
            + [str(v) for v in (nofile, header_s, read_s, backlog, reserve)],
            cwd=str(ROOT),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env=env,
        )
    try:
        assert proc.stdout is not None
        ready, _, _ = select.select([proc.stdout], [], [], 60)
        line = proc.stdout.readline() if ready else ""
        assert line.startswith("listening on "), log.read_text()[-2000:]
        _, _, url, _, limit = line.split()
        host, port = url.removeprefix("http://").rsplit(":", 1)
        yield Guarded(url, host, int(port), int(limit), log, proc)
    finally:
        if proc.stdin is not None:
            with suppress(OSError):
                proc.stdin.close()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def connect(g: Guarded, first: bytes = b"") -> socket.socket:
    s = socket.create_connection((g.host, g.port), timeout=10)
    if first:
        s.sendall(first)
    return s


def closed_by_server(s: socket.socket, within_s: float) -> bool:
    """Whether the server closes ``s`` within ``within_s`` (what it sends first is read)."""
    deadline = time.monotonic() + within_s
    s.setblocking(False)
    # poll, not select: this test process holds ~900 sockets, and select() refuses a
    # descriptor number past 1024 (which ones it gets depends on what the worker already holds)
    poller = select.poll()
    poller.register(s, select.POLLIN)
    while (left := deadline - time.monotonic()) > 0:
        if not poller.poll(left * 1000):
            continue
        try:
            if s.recv(65536) == b"":
                return True
        except (ConnectionResetError, BrokenPipeError):
            return True
        except BlockingIOError:
            continue
    return False


def healthz_s(g: Guarded) -> float:
    started = time.monotonic()
    with httpx.Client(trust_env=False, timeout=10) as http:
        r = http.get(f"{g.url}/healthz")
    assert r.status_code == 200 and r.text == "ok\n"
    return time.monotonic() - started


def test_idle_trickling_and_stalled_connections_are_closed(tmp_path: Path) -> None:
    with guarded_server(tmp_path, header_s=1.0, read_s=1.0) as g:
        idle = [connect(g) for _ in range(40)]  # connected, never a byte
        trickle = [connect(g, b"GET /healthz HTTP/1.1\r\nHost: x\r\n") for _ in range(10)]
        stalled = [
            connect(g, b"POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789")
            for _ in range(5)
        ]
        kept = connect(g, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")  # served, then idle
        assert healthz_s(g) < 1.0  # meanwhile others are served
        socks = [*idle, *trickle, *stalled, kept]
        try:
            # header / read timeout 1 s, swept each second; keep-alive 5 s
            assert all(closed_by_server(s, 9.0) for s in socks)
        finally:
            for s in socks:
                s.close()
    assert g.log.stat().st_size < 10_000, g.log.read_text()[-2000:]


def test_past_the_limit_a_new_connection_takes_a_slow_ones_place(tmp_path: Path) -> None:
    # The reserve is cut to the minimum, close to the ~8 descriptors the bare server holds, so
    # the backlogs in the margin are what keeps it off EMFILE: with two instead of three (the
    # guard sees a connection two loop turns after asyncio accepted it) this flood hit
    # "Too many open files" on every run.
    nofile = 600
    with guarded_server(
        tmp_path, nofile=nofile, header_s=60.0, read_s=60.0, backlog=64, reserve=16
    ) as g:
        assert g.limit == connection_limit(
            ConnectionLimits(backlog=64, fd_reserve=16), nofile
        )  # 392: under the descriptor limit
        socks: list[socket.socket] = []
        try:
            for _ in range(nofile + 300):  # more than the server has descriptors
                socks.append(connect(g))
            time.sleep(1.0)
            latencies = [healthz_s(g) for _ in range(5)]
            # served by taking a slow one's place, not after the slow ones' 60 s header timeout
            # nor refused: the bound is far under the timeout so a loaded CI machine (a 1.29 s
            # answer beside three eval processes on two cores) does not fail it
            assert max(latencies) < 10.0, latencies
            # the oldest slow connections were closed to make room, the newest kept
            assert closed_by_server(socks[0], 5.0)
            assert not closed_by_server(socks[-1], 0.5)
        finally:
            for s in socks:
                s.close()
        assert g.proc.stdin is not None
        g.proc.stdin.close()
        assert g.proc.stdout is not None
        stats = g.proc.stdout.read()
        assert "evicted=" in stats, stats
        evicted = int(stats.split("evicted=")[1].split(",")[0])
        assert evicted >= nofile + 300 - g.limit
    text = g.log.read_text()
    assert "Too many open files" not in text and "out of system resource" not in text
    assert g.log.stat().st_size < 10_000, text[-2000:]


def test_a_flood_of_one_warning_is_a_few_lines_with_the_count() -> None:
    filt = RateLimitFilter(burst=5, interval_s=60.0)
    log = logging.getLogger("gpufleet.test.flood")

    def record(t: float, err: str = "Too many open files") -> logging.LogRecord:
        r = log.makeRecord(log.name, logging.ERROR, __file__, 1, "accept failed: %s", (err,), None)
        r.created = t
        return r

    passed = [r for i in range(100_000) if filt.filter(r := record(1000.0 + i * 0.0005))]
    assert len(passed) == 5 and filt.suppressed_total == 99_995
    later = record(1061.0)
    assert filt.filter(later)
    assert later.getMessage() == (
        "accept failed: Too many open files [99995 similar messages suppressed in the last 61 s]"
    )
    info = log.makeRecord(log.name, logging.INFO, __file__, 1, "event %s", ("x",), None)
    assert all(filt.filter(info) for _ in range(100))  # INFO lines are never limited
