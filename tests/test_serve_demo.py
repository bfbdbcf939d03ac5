"""``gpufleet serve`` with no config, as a first-time user runs it: it says when the demo's
fault will show, and the page can approve with the demo token it prints (loopback only)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import httpx
from fastapi import FastAPI
from fastapi.testclient import TestClient

from gpufleet.graph.approvals.policy import Policy
from gpufleet.service.api import about_router
from gpufleet.service.auth import TokenTable
from gpufleet.service.config import ServeConfig, load_serve_config
from gpufleet.service.demo_mode import (
    DEMO_IDENTITY,
    fault_timeline,
    is_loopback,
    with_demo_token,
)
from gpufleet.sim.demo import FAN_FAILURE_DETECTED_AFTER_S, FAN_FAILURE_ONSET_S
from tests.serve_process import ROOT

T0 = 1_700_000_000.0  # 22:13:20 UTC


def test_the_timeline_names_the_wall_clock_times() -> None:
    line = fault_timeline(live_data_t=1000.0, fault_data_t=1120.0, wall_now=T0, speed=1.0)
    assert "starts at 22:15:20 UTC (in 2 min)" in line
    # detected FAN_FAILURE_DETECTED_AFTER_S (285 s) after onset: 22:20:05
    assert f"about 22:20:05 UTC (~{(120 + FAN_FAILURE_DETECTED_AFTER_S) / 60:.0f} min" in line
    fast = fault_timeline(live_data_t=1000.0, fault_data_t=1120.0, wall_now=T0, speed=2.0)
    assert "starts at 22:14:20 UTC (in 1 min)" in fast


def test_the_default_demo_starts_real_time_just_before_its_fault() -> None:
    ff = ServeConfig().telemetry.fast_forward_s
    assert 0 < FAN_FAILURE_ONSET_S - ff <= 180  # was 15 min (+5 for detection) of nothing


def test_demo_token_only_on_loopback_and_about_says_if_decisions_can_work() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("10.1.2.3")
    loaded = with_demo_token(load_serve_config(None), "tok-demo")
    assert loaded.tokens.identity("tok-demo") == DEMO_IDENTITY
    assert loaded.tokens.roles.request_refusal(DEMO_IDENTITY, Policy()) is None  # may ask
    for tokens, decisions in ((TokenTable.of({}), False), (loaded.tokens, True)):
        app = FastAPI()
        deps: Any = SimpleNamespace(ctx=SimpleNamespace(tokens=tokens), notice=None)
        app.include_router(about_router(deps))
        doc = TestClient(app).get("/api/v1/about").json()
        assert doc["decisions"] is decisions
        if not decisions:
            assert "read-only" in doc["note"]


def _start(cwd: Path, *extra: str) -> tuple[subprocess.Popen[str], list[str], threading.Event]:
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    proc = subprocess.Popen(
        [sys.executable, "-m", "gpufleet", "serve", "--port", "0", *extra],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    lines: list[str] = []
    live = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if "now runs in real time" in line:
                live.set()

    threading.Thread(target=read, daemon=True).start()
    return proc, lines, live


def _wait(lines: list[str], pattern: str, proc: subprocess.Popen[str], timeout_s: float) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for line in lines:
            if re.search(pattern, line):
                return line
        assert proc.poll() is None, f"serve exited {proc.returncode}: {lines}"
        time.sleep(0.2)
    raise AssertionError(f"no line matching {pattern!r} in {timeout_s} s: {lines}")


def test_no_config_serve_prints_a_working_demo_token_and_when_the_fault_shows(
    tmp_path: Path,
) -> None:
    proc, lines, live = _start(tmp_path)
    try:
        banner = _wait(lines, r"^gpufleet serve: listening on ", proc, 300)
        url = banner.split()[4]
        assert url.startswith("http://127.0.0.1:")
        token = _wait(lines, r"demo token for this run", proc, 10).rsplit(" ", 1)[1]
        with httpx.Client(base_url=url, timeout=10, trust_env=False) as http:
            assert http.get("/api/v1/about").json()["decisions"] is True
            body = {"reason": "checking the token"}
            # no token: 401; the printed token passes authentication (the approval is unknown)
            assert http.post("/api/v1/approvals/apr-nope/approve", json=body).status_code == 401
            auth = {"Authorization": f"Bearer {token}"}
            r = http.post("/api/v1/approvals/apr-nope/approve", json=body, headers=auth)
            assert r.status_code == 404, r.text
        assert live.wait(240), f"the demo never reached real time: {lines}"
        when = _wait(lines, r"now runs in real time", proc, 1)
        assert re.search(r"starts at \d\d:\d\d:\d\d UTC \(in 2 min\)", when), when
        assert re.search(r"open its incident about \d\d:\d\d:\d\d UTC \(~7 min", when), when
        with httpx.Client(base_url=url, timeout=10, trust_env=False) as http:
            notice = http.get("/api/v1/about").json()["notice"]  # the page says it too
        assert notice == when.removeprefix("gpufleet serve: "), notice
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)


def test_no_demo_token_when_listening_beyond_this_machine(tmp_path: Path) -> None:
    proc, lines, _ = _start(tmp_path, "--host", "0.0.0.0")
    try:
        _wait(lines, r"^gpufleet serve: listening on ", proc, 300)
        time.sleep(0.5)
        assert not [x for x in lines if "demo token" in x]
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
