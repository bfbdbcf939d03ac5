"""A real Alertmanager on 127.0.0.1 for the tests (shared by the intake, watch and serve tests)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from gpufleet.evals.vm_server import free_port

__all__ = ["AM_BINARY", "alertmanager", "free_port", "needs_am", "until"]

AM_BINARY = "prometheus-alertmanager"
needs_am = pytest.mark.skipif(
    shutil.which(AM_BINARY) is None,
    reason="prometheus-alertmanager (Debian package) not installed: make test installs it as "
    "root on Debian",
)


AM_CONFIG = """\
route:
  receiver: gpufleet
  group_by: ['Hostname']
  group_wait: 1s
  group_interval: 2s
  repeat_interval: 1h
receivers:
  - name: gpufleet
    webhook_configs:
      - url: '{url}'
        send_resolved: true
{auth}"""

AUTH = """\
        http_config:
          authorization:
            type: Bearer
            credentials_file: '{path}'
"""


@asynccontextmanager
async def alertmanager(
    webhook_url: str, *, bearer_token_file: Path | None = None
) -> AsyncIterator[str]:
    """A real Alertmanager on 127.0.0.1 routing everything to ``webhook_url`` (with
    ``Authorization: Bearer <the file's token>`` when given); yields its URL.

    Stopped with SIGTERM and ``Popen.wait`` (a zombie would pass ``kill -0`` on these
    machines), killed if it does not exit within 5 s."""
    with tempfile.TemporaryDirectory(prefix="gpufleet-am-") as tmp:
        root = Path(tmp)
        config = root / "alertmanager.yml"
        auth = AUTH.format(path=bearer_token_file) if bearer_token_file is not None else ""
        config.write_text(AM_CONFIG.format(url=webhook_url, auth=auth))
        log = root / "alertmanager.log"
        env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
        proc: subprocess.Popen[bytes] | None = None
        try:
            for _attempt in range(3):  # the probed port can be taken before Alertmanager binds
                port = free_port()
                url = f"http://127.0.0.1:{port}"
                with log.open("ab") as out:
                    proc = subprocess.Popen(
                        [
                            AM_BINARY,
                            f"--config.file={config}",
                            f"--storage.path={root / 'data'}",
                            f"--web.listen-address=127.0.0.1:{port}",
                            "--cluster.listen-address=",
                            f"--web.external-url={url}",
                        ],
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        stdin=subprocess.DEVNULL,
                        env=env,
                    )
                if await _ready(proc, f"{url}/-/ready"):
                    break
                await _stop(proc)
                proc = None
            if proc is None:
                pytest.fail(f"alertmanager did not become ready:\n{log.read_text()[-3000:]}")
            yield url
        finally:
            if proc is not None:
                rc = await _stop(proc)
                assert rc is not None and proc.returncode is not None


READY_TIMEOUT_S = 120.0  # a start on a loaded machine, not a speed: ready ends the wait


async def _ready(proc: subprocess.Popen[bytes], url: str) -> bool:
    """Whether Alertmanager answers ready. False as soon as it exits (its port was taken: the
    caller tries another); a slow start is waited for (a fixed 100 polls, ~5 s of them, would
    give up on a live Alertmanager still starting on a loaded machine)."""
    deadline = time.monotonic() + READY_TIMEOUT_S
    async with httpx.AsyncClient(trust_env=False, timeout=1) as http:
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                return False
            try:
                if (await http.get(url)).status_code == 200:
                    return True
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.05)
    return False


async def _stop(proc: subprocess.Popen[bytes]) -> int:
    if proc.poll() is None:
        proc.terminate()
        try:
            return await asyncio.to_thread(proc.wait, 5)
        except subprocess.TimeoutExpired:
            proc.kill()
    return await asyncio.to_thread(proc.wait, 5)


async def until(cond: Callable[[], bool], what: str, timeout_s: float = 90.0) -> None:
    """Wait for ``cond``; generous, since CI's 2 cores are slow (it returns as soon as it holds)."""
    deadline = time.monotonic() + timeout_s
    while not cond():
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout_s} s waiting for {what}")
        await asyncio.sleep(0.05)
