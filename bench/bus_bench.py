"""Bus throughput: events/s from publish to handled (and acked), in-process vs NATS JetStream.

    .venv/bin/python bench/bus_bench.py [--events 5000] [--json bench/results/bus_bench.json]

Each run publishes ``--events`` distinct anomaly events (the NOC's commonest event) to a bus with
one subscriber that counts them, and times from the first publish until :meth:`drain` says every
event is handled (for JetStream: acked on the server). Buses measured, in this one process:

* ``in-process``: :class:`bus.memory.InProcessBus`, no log (the demo's bus);
* ``in-process + log``: the same over the SQLite :class:`bus.log.EventLog` (``fsync=False``, as
  ``watch``/``serve`` use it): the durable single-process default;
* ``jetstream, 1 in flight``: :class:`bus.jetstream.JetStreamBus` on a real ``nats-server -js``
  on 127.0.0.1 (file storage), each publish awaiting the server's ack before the next, as the
  NOC publishes;
* ``jetstream, 64 in flight``: 64 concurrent publishers (the protocol allows it; order across
  them is then the server's).

Reported per bus: events/s (wall), this process's CPU µs per event, and for JetStream the
nats-server's CPU µs per event (from /proc). On a shared machine the wall-clock rates measure the
neighbours too; the CPU per event is the number to scale from.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpufleet.bus.events import Anomaly, Event, Family, Severity, anomaly_detected
from gpufleet.bus.jetstream import JetStreamBus
from gpufleet.bus.log import EventLog
from gpufleet.bus.memory import InProcessBus
from gpufleet.bus.protocol import Bus
from gpufleet.evals.nats_server import NatsServer


def events(n: int, salt: str) -> list[Event]:
    return [
        anomaly_detected(
            Anomaly.make(
                time=1_000.0 + i,
                rule="threshold.gpu_temp",
                symptom="gpu_temp_high",
                family=Family.THERMAL,
                severity=Severity.WARNING,
                entity=f"node-{i % 500:03d}/gpu{i % 8}",
                entity_kind="gpu",
                field="DCGM_FI_DEV_GPU_TEMP",
                value=91.5,
                threshold=87.0,
                message=f"GPU temperature 91.5 °C above 87 °C ({salt} {i})",
            )
        )
        for i in range(n)
    ]


def _proc_cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def measure(
    bus: Bus, evs: list[Event], in_flight: int, server_pid: int | None = None
) -> dict[str, Any]:
    handled = 0

    async def count(_event: Event) -> None:
        nonlocal handled
        handled += 1

    bus.subscribe("anomaly", "bench", count, max_queue=1024)
    await bus.start()
    publish: Callable[[Event], Awaitable[int]] = bus.publish
    cpu0, wall0 = time.process_time(), time.perf_counter()
    srv0 = _proc_cpu_s(server_pid) if server_pid else 0.0
    if in_flight == 1:
        for e in evs:
            await publish(e)
    else:
        for i in range(0, len(evs), in_flight):
            await asyncio.gather(*(publish(e) for e in evs[i : i + in_flight]))
    await bus.drain()
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    srv = (_proc_cpu_s(server_pid) - srv0) if server_pid else None
    await bus.close()
    assert handled == len(evs), f"handled {handled} of {len(evs)}"
    n = len(evs)
    return {
        "events": n,
        "wall_s": round(wall, 3),
        "events_per_s": round(n / wall),
        "client_cpu_us_per_event": round(cpu / n * 1e6, 1),
        "server_cpu_us_per_event": None if srv is None else round(srv / n * 1e6, 1),
    }


async def run(n: int, tmp: Path) -> dict[str, dict[str, Any]]:
    results: dict[str, dict[str, Any]] = {}
    results["in-process"] = await measure(InProcessBus(), events(n, "mem"), 1)
    log = EventLog(str(tmp / "events.db"), fsync=False)
    results["in-process + log"] = await measure(InProcessBus(log), events(n, "log"), 1)
    log.close()
    with NatsServer() as server:
        assert server.process is not None
        pid = server.process.pid
        for in_flight in (1, 64):
            bus = JetStreamBus(server.url, prefix=f"bench{in_flight}")
            results[f"jetstream, {in_flight} in flight"] = await measure(
                bus, events(n, f"js{in_flight}"), in_flight, pid
            )
    return results


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--events", type=int, default=5000)
    p.add_argument("--json", default="bench/results/bus_bench.json")
    args = p.parse_args()
    import tempfile

    with tempfile.TemporaryDirectory(prefix="gpufleet-busbench-") as tmp:
        results = asyncio.run(run(args.events, Path(tmp)))
    print(f"{'bus':28} {'events/s':>10} {'client µs/ev':>13} {'server µs/ev':>13}")
    for name, r in results.items():
        srv = r["server_cpu_us_per_event"]
        print(
            f"{name:28} {r['events_per_s']:>10,} {r['client_cpu_us_per_event']:>13} "
            f"{'-' if srv is None else srv:>13}"
        )
    doc = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "cpus": os.cpu_count(),
        "load_avg_1m": os.getloadavg()[0],
        "results": results,
    }
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
