"""A bare ``HttpServer`` (the service's health routes) in a process of its own, for the slow-
client tests: ``python -m tests.guarded_server NOFILE HEADER_S READ_S [BACKLOG RESERVE]``.

It lowers its own descriptor limit to NOFILE, logs through the CLI's logging setup (the
rate-limited handler), serves ``/healthz`` plus ``POST /echo`` (reads the whole body), prints
``listening on URL limit N`` and runs until stdin closes."""

from __future__ import annotations

import asyncio
import resource
import sys

from fastapi import APIRouter, Request

from gpufleet.cli.main import configure_logging
from gpufleet.service.app import http_app
from gpufleet.service.connections import ConnectionLimits
from gpufleet.service.server import HttpServer


async def main(nofile: int, header_s: float, read_s: float, backlog: int, reserve: int) -> None:
    resource.setrlimit(
        resource.RLIMIT_NOFILE, (nofile, resource.getrlimit(resource.RLIMIT_NOFILE)[1])
    )
    configure_logging("info")
    router = APIRouter()

    @router.post("/echo")
    async def echo(request: Request) -> dict[str, int]:
        return {"bytes": len(await request.body())}

    limits = ConnectionLimits(
        header_timeout_s=header_s, read_timeout_s=read_s, backlog=backlog, fd_reserve=reserve
    )
    server = HttpServer(http_app(routers=[router]), limits=limits)
    await server.start()
    print(f"listening on {server.url} limit {server.guard.limit}", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.read)
    print(f"stats {server.guard.stats}", flush=True)
    await server.stop()


if __name__ == "__main__":
    args = sys.argv[1:]
    n, h, r = int(args[0]), float(args[1]), float(args[2])
    b, res = (int(args[3]), int(args[4])) if len(args) > 4 else (64, 64)
    asyncio.run(main(n, h, r, b, res))
