"""Alertmanager webhook intake: alerts/s sustained and the acknowledgement latency, one core.

    .venv/bin/python bench/webhook_bench.py [--seconds 15] [--rate 1000] [--alerts-per-payload 1]
                                            [--json bench/results/webhook.json]

The server is the service's real edge (:mod:`service.intake`: FastAPI under uvicorn, the body
validated, journalled to SQLite with ``synchronous=FULL`` before the 200, then the pure
intake and the in-process bus with its SQLite event log) in a child process pinned to one core.
The client runs in this process, pinned to another core when there is one, on loopback: raw
keep-alive HTTP/1.1 over asyncio streams (a Python HTTP client library would be the bottleneck).

Two phases, each bounded by ``--seconds``:

* **paced**: payloads offered at ``--rate`` alerts/s (open loop, a schedule the client keeps
  whatever the answers do); reported: the rate achieved and p50/p99/max acknowledgement
  latency (request written → answer read), latency measured from each request's scheduled
  time so a stalled server cannot hide queueing (no coordinated omission);
* **saturated**: ``--connections`` clients sending back to back; reported: alerts/s.

Then it checks that every acknowledged payload was processed (journal pending = 0, events
published). The server's CPU time per alert (everything: HTTP, validation, journal, intake,
bus and event log, all threads) is reported with the capacity of one dedicated core it implies:
on a shared machine the wall-clock rates measure the neighbours too.

Alerts are Xid / temperature / ECC alerts on the demo's 160-GPU topology; each has its own
fingerprint, so each one is new to the intake (no dedup shortcut) and each publishes an event.
``--alerts-per-payload`` sets how many alerts one notification carries (Alertmanager groups
alerts, e.g. by node, into one webhook call).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import queue
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

TARGET_ALERTS_PER_S = 1000.0
TARGET_P99_MS = 100.0
PATH = "/api/v1/alerts/alertmanager"


# --------------------------------------------------------------------------- server (child)
def _pin(core: int) -> None:
    if hasattr(os, "sched_setaffinity") and core < (os.cpu_count() or 1):
        os.sched_setaffinity(0, {core})


def serve(state: str, core: int, ready: Any, stop: Any, report: Any) -> None:
    _pin(core)
    profile = os.environ.get("WEBHOOK_BENCH_PROFILE")  # a path: cProfile the server into it
    if not profile:
        asyncio.run(_serve(state, ready, stop, report))
        return
    import cProfile

    cProfile.runctx("asyncio.run(_serve(state, ready, stop, report))", globals(), locals(), profile)


async def _serve(state: str, ready: Any, stop: Any, report: Any) -> None:
    from gpufleet.agents.noc.alert_intake import AlertIntake
    from gpufleet.bus.log import EventLog
    from gpufleet.bus.memory import InProcessBus
    from gpufleet.service.app import http_app
    from gpufleet.service.intake import AlertmanagerEdge
    from gpufleet.service.journal import IntakeJournal
    from gpufleet.service.server import HttpServer
    from gpufleet.sim.demo import demo_simulator

    topology = demo_simulator(17).topology
    log = EventLog(Path(state) / "events.db", fsync=False)
    bus = InProcessBus(log)
    await bus.start()
    journal = IntakeJournal(Path(state) / "intake.db")
    edge = AlertmanagerEdge(AlertIntake(topology, list), bus, journal)
    server = HttpServer(http_app(routers=[edge.router], lifecycles=[edge.lifecycle]))
    await server.start()
    ready.put(server.port)
    while True:  # commands from the client: "cpu" (report CPU seconds so far), "stop"
        try:
            command = stop.get_nowait()
        except queue.Empty:
            await asyncio.sleep(0.05)
            continue
        if command == "stop":
            break
        await edge.join()  # what was acknowledged is processed before CPU is read
        report.put(time.process_time())
    await edge.join()
    await server.stop()
    await bus.close()
    report.put(
        {
            "accepted": edge.stats.received,
            "rejected": edge.stats.rejected,
            "published": edge.stats.published,
            "failed": edge.stats.failed,
            "journal": journal.counts() if journal._db is not None else None,
        }
    )
    journal.close()
    log.close()


# --------------------------------------------------------------------------- client
def _payload(n: int, per: int, now: str, nodes: list[str]) -> bytes:
    kinds = [
        ("DCGMXidErrors", {"xid": "79", "severity": "critical"}),
        ("GpuTemperatureHigh", {"severity": "warning"}),
        ("GPUDoubleBitECCError", {"severity": "critical"}),
    ]
    alerts = []
    for i in range(per):
        k = n * per + i
        name, extra = kinds[k % len(kinds)]
        alerts.append(
            {
                "status": "firing",
                "labels": {
                    "alertname": name,
                    "Hostname": nodes[k % len(nodes)],
                    "gpu": str(k % 8),
                    **extra,
                },
                "annotations": {"summary": f"bench alert {k}"},
                "startsAt": now,
                "fingerprint": f"bench{k:012d}",
            }
        )
    body = {
        "version": "4",
        "groupKey": f"bench:{n}",
        "status": "firing",
        "receiver": "gpufleet",
        "groupLabels": {},
        "commonLabels": {},
        "commonAnnotations": {},
        "externalURL": "http://alertmanager.bench",
        "alerts": alerts,
    }
    return json.dumps(body).encode()


def _request(body: bytes) -> bytes:
    head = (
        f"POST {PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


class Conn:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, port: int) -> Conn:
        r, w = await asyncio.open_connection("127.0.0.1", port)
        return cls(r, w)

    async def post(self, raw: bytes) -> int:
        self.writer.write(raw)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        await self.reader.readexactly(length)
        return status

    def close(self) -> None:
        self.writer.close()


class Bodies:
    def __init__(self, per: int) -> None:
        from gpufleet.sim.demo import demo_simulator

        self.per = per
        self.nodes = list(demo_simulator(17).topology.node_keys)
        self.now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        self.n = 0

    def next(self) -> bytes:
        self.n += 1
        return _request(_payload(self.n, self.per, self.now, self.nodes))


async def paced(port: int, bodies: Bodies, rate: float, seconds: float) -> dict[str, Any]:
    """Open loop: payload i is due at start + i / payload_rate; latency from its due time."""
    payload_rate = rate / bodies.per
    total = int(payload_rate * seconds)
    pool: asyncio.Queue[Conn] = asyncio.Queue()
    for _ in range(64):
        pool.put_nowait(await Conn.open(port))
    latencies: list[float] = []
    errors = 0
    start = time.perf_counter() + 0.05

    async def one(i: int, raw: bytes) -> None:
        nonlocal errors
        due = start + i / payload_rate
        conn = await pool.get()
        try:
            status = await conn.post(raw)
        finally:
            pool.put_nowait(conn)
        latencies.append(time.perf_counter() - due)
        errors += status != 200

    tasks = []
    for i in range(total):
        due = start + i / payload_rate
        delay = due - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
        tasks.append(asyncio.create_task(one(i, bodies.next())))
    await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    while not pool.empty():
        pool.get_nowait().close()
    lat = sorted(latencies)
    return {
        "offered_alerts_per_s": rate,
        "payloads": total,
        "alerts": total * bodies.per,
        "achieved_alerts_per_s": round(total * bodies.per / elapsed, 1),
        "ack_ms_p50": round(1000 * statistics.median(lat), 2),
        "ack_ms_p99": round(1000 * lat[int(0.99 * (len(lat) - 1))], 2),
        "ack_ms_max": round(1000 * lat[-1], 2),
        "errors": errors,
    }


async def saturated(port: int, bodies: Bodies, conns: int, seconds: float) -> dict[str, Any]:
    done = 0
    errors = 0
    deadline = time.perf_counter() + seconds

    async def client() -> None:
        nonlocal done, errors
        conn = await Conn.open(port)
        try:
            while time.perf_counter() < deadline:
                errors += await conn.post(bodies.next()) != 200
                done += 1
        finally:
            conn.close()

    start = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(conns)))
    elapsed = time.perf_counter() - start
    return {
        "connections": conns,
        "payloads": done,
        "alerts_per_s": round(done * bodies.per / elapsed, 1),
        "errors": errors,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=15.0)
    ap.add_argument("--rate", type=float, default=TARGET_ALERTS_PER_S, help="paced alerts/s")
    ap.add_argument("--alerts-per-payload", type=int, default=1)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--json", help="write the results here")
    args = ap.parse_args()
    ctx = mp.get_context("spawn")
    ready, stop, report = ctx.Queue(), ctx.Queue(), ctx.Queue()
    with tempfile.TemporaryDirectory(prefix="gpufleet-webhook-bench-") as state:
        proc = ctx.Process(target=serve, args=(state, 0, ready, stop, report), daemon=True)
        proc.start()
        port = ready.get(timeout=120)
        _pin(1)
        bodies = Bodies(args.alerts_per_payload)

        def server_cpu() -> float:
            stop.put("cpu")
            return float(report.get(timeout=300))

        cpu0 = server_cpu()
        result_paced = asyncio.run(paced(port, bodies, args.rate, args.seconds))
        cpu1 = server_cpu()
        result_sat = asyncio.run(saturated(port, bodies, args.connections, args.seconds))
        cpu2 = server_cpu()
        for result, cpu in ((result_paced, cpu1 - cpu0), (result_sat, cpu2 - cpu1)):
            per_alert_ms = 1000 * cpu / max(1, result["payloads"] * bodies.per)
            result["server_cpu_ms_per_alert"] = round(per_alert_ms, 3)
            result["one_core_capacity_alerts_per_s"] = round(1000 / per_alert_ms, 1)
        stop.put("stop")
        server = report.get(timeout=120)
        proc.join(30)
    out = {
        "bench": "webhook_intake",
        "cores": {"server": 1, "client": 1 if (os.cpu_count() or 1) > 1 else 0},
        "load_average_1m": round(os.getloadavg()[0], 2),
        "alerts_per_payload": args.alerts_per_payload,
        "paced": result_paced,
        "saturated": result_sat,
        "server": server,
        "targets": {"alerts_per_s": TARGET_ALERTS_PER_S, "ack_ms_p99": TARGET_P99_MS},
        "meets_targets": result_paced["achieved_alerts_per_s"] >= 0.98 * TARGET_ALERTS_PER_S
        and result_paced["ack_ms_p99"] < TARGET_P99_MS
        and result_paced["errors"] == 0,
    }
    text = json.dumps(out, indent=2)
    print(text)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
