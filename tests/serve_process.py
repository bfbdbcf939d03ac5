"""``gpufleet serve`` as a real subprocess on 127.0.0.1 for the tests: config, start, stop, kill."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
START_TIMEOUT_S = 300.0  # the first start builds the knowledge index (shared with other tests)

TOKENS = {"alice": "tok-alice-5f2c", "carol": "tok-carol-91ad", "alertmanager": "tok-am-77e1"}
POLICY = """\
approvers:
  - name: alice
    roles: [sre-lead]
  - name: bob
    roles: [oncall]
"""


def write_config(folder: Path, *, extra: str = "", source: str = "sim") -> Path:
    """A serve config in ``folder``: the simulated fleet in real time (or the live ``source``,
    e.g. ``prometheus:URL``: the NOC polls that store and the SRE agent's and the chat's
    ``metrics.history`` read it), tokens in files, a policy naming alice and bob (carol holds a
    token but is no approver)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "policy.yaml").write_text(POLICY)
    lines = []
    for who, token in TOKENS.items():
        (folder / f"{who}.token").write_text(token + "\n")
        lines.append(f"  - identity: {who}\n    token_file: {who}.token\n")
    telemetry = (
        "telemetry:\n  source: sim\n  speed: 1\n  fast_forward_s: 0\n"
        if source == "sim"
        else f"telemetry:\n  source: {json.dumps(source)}\n"
    )
    cfg = folder / "serve.yaml"
    cfg.write_text(
        "state_dir: state\npolicy: policy.yaml\n"
        + telemetry
        + "api_tokens:\n"
        + "".join(lines)
        + extra
    )
    return cfg


@dataclass
class Served:
    proc: subprocess.Popen[str]
    url: str
    banner: dict[str, Any]
    stderr_path: Path
    stdout_lines: list[str] = field(default_factory=list)

    def auth(self, who: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {TOKENS[who]}"}

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, trust_env=False, timeout=30)

    def stop(self, sig: int = signal.SIGTERM, timeout_s: float = 60) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            return self.proc.wait(timeout_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait(10)

    def kill9(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def log(self) -> str:
        return self.stderr_path.read_text(errors="replace")[-4000:]


def start_serve(
    config: Path, *, log_name: str = "serve.log", env_extra: dict[str, str] | None = None
) -> Served:
    """Start ``gpufleet serve --config config --port 0`` and wait for its banner."""
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    # the checkout's src first: the subprocess runs this tree, not an installed gpufleet
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    env.update(env_extra or {})
    err_path = config.parent / log_name
    with err_path.open("ab") as err:
        proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gpufleet.cli",
                "--log-level",
                "info",
                "--log-json",
                "serve",
                "--config",
                str(config),
                "--port",
                "0",
            ],
            cwd=str(config.parent),
            stdout=subprocess.PIPE,
            stderr=err,
            stdin=subprocess.DEVNULL,
            text=True,
            env=env,
        )
    lines: list[str] = []
    got = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("gpufleet serve: listening on"):
                got.set()

    threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + START_TIMEOUT_S
    while not got.wait(0.2):
        if proc.poll() is not None or time.monotonic() > deadline:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
            raise AssertionError(
                f"gpufleet serve did not start (rc={proc.returncode}):\n"
                + err_path.read_text(errors="replace")[-4000:]
            )
    banner_line = next(x for x in lines if x.startswith("gpufleet serve: listening on"))
    try:
        banner = json.loads(banner_line.split(" ", 5)[5])
    except (IndexError, ValueError):
        proc.kill()
        proc.wait(10)
        raise AssertionError(f"unexpected banner {banner_line!r}") from None
    return Served(proc, banner["url"], banner, err_path, lines)


def wait_for(what: str, probe: Any, timeout_s: float = 60.0, every_s: float = 0.2) -> Any:
    """Call ``probe()`` until it returns something truthy; fail naming ``what``."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = probe()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")
        time.sleep(every_s)
