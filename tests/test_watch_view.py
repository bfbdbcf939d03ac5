"""``gpufleet watch --sre`` as an operator sees it: the real command in a subprocess, its stderr
a pipe (plain lines, never an escape code) or a terminal (a pty: the rich live status), one
line per incident state change in order, a status every interval, and a clean summary with exit
code 0 when SIGINT or SIGTERM stops it. A diagnosis made by the watch is found later by its
incident id (``gpufleet diagnose <incident-id>``)."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
WAIT_S = 300.0  # how long a line may take on a loaded machine (a bound, not a measurement)


def _watch_argv(state: Path, speed: str, duration: str = "3.25h") -> list[str]:
    return [
        sys.executable,
        "-m",
        "gpufleet.cli",
        "watch",
        "--source",
        "sim",
        "--speed",
        speed,
        "--duration",
        duration,
        "--sre",
        "--state-dir",
        str(state),
        "--interval",
        "0.5",
    ]


def _env() -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
        "TERM": "xterm-256color",
        "COLUMNS": "200",
    }


def _in_order(text: str, *patterns: str) -> list[re.Match[str]]:
    """Each pattern matches, each after the one before."""
    pos, found = 0, []
    for p in patterns:
        m = re.compile(p).search(text, pos)
        assert m is not None, f"{p!r} not found after position {pos} in:\n{text}"
        found.append(m)
        pos = m.end()
    return found


STATE_CHANGES = (
    r"(inc-[0-9a-f]+) detected: \w+ node-17/gpu4 \(gpu\)",
    r"inc-[0-9a-f]+ diagnosed: fan-failure \(score [0-9.]+\)",
    r"inc-[0-9a-f]+ awaiting approval (ap-[0-9a-f]+): slurm\.drain_node on node-17 \(mutate\); "
    r"approve with: (?:\S+ -m )?gpufleet approve ap-[0-9a-f]+ --by \S+ "
    r"--reason 'checked the evidence' "
    r"--state-dir ",
)


def test_piped_watch_prints_plain_state_changes_a_status_and_a_summary(tmp_path: Path) -> None:
    state = tmp_path / "state"
    proc = subprocess.run(
        _watch_argv(state, "1e9"),
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    err, out = proc.stderr, proc.stdout
    assert "\x1b" not in err and "\x1b" not in out  # nothing for a terminal goes into a pipe
    detected, _, awaiting = _in_order(err, *STATE_CHANGES)
    incident_id, approval_id = detected.group(1), awaiting.group(1)
    assert re.search(
        r"status: polls \d+ ok / 0 failed, data time [0-9-]+ [0-9:]+Z, samples [\d,]+, "
        r"open incidents 1, pending approvals 1",
        err,
    )
    assert "Traceback" not in err
    _in_order(
        out,
        r"gpufleet watch ended",
        r"incidents opened 1, diagnosed 1, awaiting approval 1 \(asked 1\), executed 0",
        rf"state: {re.escape(str(state))}",
        rf"{incident_id}: (?:\S+ -m )?gpufleet diagnose {incident_id} --state-dir "
        rf"{re.escape(str(state))}",
        rf"{approval_id} \({incident_id}\) waits: (?:\S+ -m )?gpufleet approve {approval_id}",
    )
    # the diagnosis is found by incident id from a later command
    later = subprocess.run(
        [sys.executable, "-m", "gpufleet.cli", "diagnose", incident_id, "--state-dir", str(state)],
        cwd=tmp_path,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=WAIT_S,
        check=False,
    )
    assert later.returncode == 0, later.stderr
    assert "fan-failure" in later.stdout and approval_id in later.stdout


def _read_until(fd: int, pattern: str, proc: subprocess.Popen[bytes]) -> str:
    """Read ``fd`` until ``pattern`` shows (escape codes stripped) or the process ends."""
    buf = b""
    deadline = time.monotonic() + WAIT_S
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the pty closed: the process is gone
                break
            if not chunk:
                break
            buf += chunk
            if re.search(pattern, ANSI.sub("", buf.decode("utf-8", "replace"))):
                return buf.decode("utf-8", "replace")
        elif proc.poll() is not None:
            break
    raise AssertionError(f"{pattern!r} never appeared:\n{buf.decode('utf-8', 'replace')}")


def _drain(fd: int) -> str:
    buf = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            return buf.decode("utf-8", "replace")
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return buf.decode("utf-8", "replace")
        if not chunk:
            return buf.decode("utf-8", "replace")
        buf += chunk


@pytest.mark.parametrize(
    ("sig", "terminal"), [(signal.SIGINT, False), (signal.SIGTERM, True)], ids=["pipe", "pty"]
)
def test_a_signal_stops_the_watch_with_a_summary_and_exit_0(
    tmp_path: Path, sig: signal.Signals, terminal: bool
) -> None:
    """Paced so the run is still going when the approval is asked for; then the signal."""
    state = tmp_path / "state"
    if terminal:
        master, slave = pty.openpty()
        stderr: int = slave
    else:
        master, slave = os.pipe()
        stderr = slave
    proc = subprocess.Popen(
        _watch_argv(state, "300", duration="12h"),
        cwd=tmp_path,
        env=_env(),
        stdout=subprocess.PIPE,
        stderr=stderr,
        stdin=subprocess.DEVNULL,
    )
    os.close(slave)
    try:
        seen = _read_until(master, r"awaiting approval ap-[0-9a-f]+", proc)
        assert proc.poll() is None, "the watch ended before the signal"
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=WAIT_S)
        seen += _drain(master)
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    assert proc.returncode == 0
    text = ANSI.sub("", seen)
    if terminal:
        assert "\x1b[" in seen  # the rich live display drew on the terminal
    else:
        assert "\x1b" not in seen
    _in_order(text, *STATE_CHANGES)
    assert "status: polls" in text
    assert "Traceback" not in text
    summary = out.decode()
    _in_order(
        summary,
        rf"gpufleet watch stopped \({sig.name}\)",
        r"incidents opened 1, diagnosed 1, awaiting approval 1",
        rf"state: {re.escape(str(state))}",
        r"gpufleet diagnose inc-[0-9a-f]+ --state-dir",
        r"waits: (?:\S+ -m )?gpufleet approve ap-[0-9a-f]+",
    )
