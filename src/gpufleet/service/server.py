"""uvicorn inside the caller's event loop: start (port 0 picks a free port), stop.

The service owns the process's signals (``gpufleet serve`` stops everything in order on
SIGTERM/SIGINT), so uvicorn's own signal capture is turned off. Slow and idle clients are
timed out and connections are kept under the descriptor limit by :mod:`service.connections`.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Generator

import uvicorn
from starlette.types import ASGIApp

from gpufleet.service.connections import (
    ConnectionGuard,
    ConnectionLimits,
    connection_limit,
    guarded_protocol,
)


class _QuietSignals(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Generator[None, None, None]:
        yield


class ServerStartError(RuntimeError):
    """uvicorn did not start (port taken, a lifecycle raised); the message says which."""


class HttpServer:
    """One uvicorn server on ``host:port`` serving ``app`` in the running loop."""

    def __init__(
        self,
        app: ASGIApp,
        host: str = "127.0.0.1",
        port: int = 0,
        *,
        limits: ConnectionLimits | None = None,
    ) -> None:
        limits = limits or ConnectionLimits()
        self.guard = ConnectionGuard(limits, connection_limit(limits))
        config = uvicorn.Config(
            app,
            host=host,
            port=port,
            log_config=None,  # the CLI's logging setup applies
            access_log=False,
            lifespan="on",
            timeout_graceful_shutdown=5,
            http=guarded_protocol(self.guard),
            timeout_keep_alive=limits.keep_alive_s,
            backlog=limits.backlog,
        )
        self.host = host
        self.port = port
        self._server = _QuietSignals(config)
        self._task: asyncio.Task[None] | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    async def start(self) -> None:
        """Bind, then serve; returns once listening. Raises ServerStartError when the address
        cannot be bound or the app's startup (its lifecycles) failed."""
        sock = self._bind()
        self.port = int(sock.getsockname()[1])
        self.guard.start()
        self._task = asyncio.create_task(self._serve(sock), name="uvicorn")
        while not self._server.started:
            if self._task.done():
                await self.guard.stop()
                exc = self._task.exception() if not self._task.cancelled() else None
                raise ServerStartError(
                    f"the HTTP server on {self.host}:{self.port} did not start"
                    + (f": {exc}" if exc else "")
                )
            await asyncio.sleep(0.01)

    def _bind(self) -> socket.socket:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((self.host, self.port))
        except OSError as e:
            sock.close()
            raise ServerStartError(
                f"cannot listen on {self.host}:{self.port}: {e.strerror}"
            ) from None
        sock.set_inheritable(False)
        return sock

    async def _serve(self, sock: socket.socket) -> None:
        try:
            await self._server.serve(sockets=[sock])
        except SystemExit:  # uvicorn's answer to a failed startup
            raise ServerStartError("the application's startup failed (see the log)") from None
        finally:
            sock.close()

    async def stop(self) -> None:
        """Stop accepting, finish open requests (≤ 5 s), run the app's shutdown."""
        if self._task is None:
            return
        self._server.should_exit = True
        await asyncio.gather(self._task, return_exceptions=True)
        self._task = None
        await self.guard.stop()
