"""A real ``nats-server`` with JetStream on 127.0.0.1, for tests and the bus benchmark.

Started the way ``shared/reference/real-components.md`` (NATS 2.9.10) records it:
``nats-server -js -sd DIR -a 127.0.0.1 -p PORT -m MONITOR_PORT``, ready when the monitor's
``GET /healthz?js-enabled-only=true`` answers 200. The store dir is private to the server and
survives :meth:`NatsServer.stop` / :meth:`NatsServer.start` (a restart keeps the streams), and
goes with :meth:`NatsServer.close`. Stopped servers are confirmed with ``Popen.wait()``.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from types import TracebackType
from typing import Self

from gpufleet.evals.vm_server import HOST, ServerUnavailable, _http, _tail, free_port, stop_process

NATS_BINARY = "nats-server"
INSTALL_HINT = (
    "install the Debian package nats-server (apt-get install nats-server; "
    "`make test` as root on Debian does it)"
)


def nats_binary() -> str | None:
    """Where ``nats-server`` is (Debian puts it in /usr/sbin), or None."""
    return shutil.which(NATS_BINARY) or shutil.which(NATS_BINARY, path="/usr/sbin:/sbin")


class NatsServer:
    """One ``nats-server -js`` on loopback with a private store dir; a context manager."""

    def __init__(self, *, start_timeout_s: float = 10.0, stop_timeout_s: float = 10.0) -> None:
        self.start_timeout_s, self.stop_timeout_s = start_timeout_s, stop_timeout_s
        self._tmp = tempfile.TemporaryDirectory(prefix="gpufleet-nats-")
        self.root = Path(self._tmp.name)
        self.store_dir = self.root / "jetstream"
        self.log_path = self.root / "nats-server.log"
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.monitor_port = 0

    @property
    def url(self) -> str:
        if not self.port:
            raise RuntimeError("nats-server was never started")
        return f"nats://{HOST}:{self.port}"

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def start(self) -> None:
        """Start (or restart, on the same port and store) the server; ServerUnavailable if it
        does not become healthy."""
        if self.process is not None:
            raise RuntimeError("nats-server already running")
        exe = nats_binary()
        if exe is None:
            raise ServerUnavailable(
                f"{NATS_BINARY} not found on PATH or in /usr/sbin; {INSTALL_HINT}"
            )
        keep_port = bool(self.port)
        reason = ""
        for _attempt in range(3):  # a probed port can be taken before the server binds it
            if not keep_port:
                self.port, self.monitor_port = free_port(), free_port()
            cmd = [
                exe,
                "-js",
                "-sd",
                str(self.store_dir),
                "-a",
                HOST,
                "-p",
                str(self.port),
                "-m",
                str(self.monitor_port),
            ]
            with self.log_path.open("ab") as log:
                self.process = subprocess.Popen(
                    cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL
                )
            reason = self._wait_healthy()
            if not reason:
                return
            stop_process(self.process, self.stop_timeout_s)
            self.process = None
        raise ServerUnavailable(
            f"nats-server did not become healthy: {reason}\n--- log tail ---\n"
            f"{_tail(self.log_path)}"
        )

    def _wait_healthy(self) -> str:
        assert self.process is not None
        url = f"http://{HOST}:{self.monitor_port}/healthz?js-enabled-only=true"
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return f"exited with {self.process.returncode}"
            try:
                if _http("GET", url, timeout_s=1.0)[0] == 200:
                    return ""
            except OSError:
                pass
            time.sleep(0.05)
        return f"not healthy within {self.start_timeout_s} s"

    def stop(self) -> None:
        """Stop the server (SIGTERM, then SIGKILL), keeping its port and store for a restart."""
        if self.process is not None:
            stop_process(self.process, self.stop_timeout_s)
            self.process = None

    def close(self) -> None:
        """Stop the server and delete its store."""
        self.stop()
        self._tmp.cleanup()
