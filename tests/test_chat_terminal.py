"""``gpufleet chat`` driven through a pseudo-terminal (stdlib ``pty``), as a person uses it:
the prompt, a streamed no-model answer with its sources and a sparkline, the session going on
after an error, Ctrl-D quitting with status 0; and ``--ask`` (text and ``--json``), an
unreachable model (one clear line, then the no-model answer) and bad input (one line, exit 2),
never a traceback."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from tests.openai_standin import standin_server

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
PROMPT = b"you> "
DEADLINE_S = 600.0  # a hang guard on a loaded machine, not a speed assertion


class Terminal:
    """A child process on a pseudo-terminal; reads until a marker shows up."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True
        )
        os.close(slave)
        self.seen = b""

    def read_until(self, marker: bytes) -> bytes:
        start = len(self.seen)
        end = time.monotonic() + DEADLINE_S
        while marker not in self.seen[start:]:
            assert time.monotonic() < end, f"no {marker!r} in {self.seen[start:][-2000:]!r}"
            ready, _, _ = select.select([self.master], [], [], 1.0)
            if ready:
                try:
                    chunk = os.read(self.master, 4096)
                except OSError:  # the child closed the terminal
                    break
                self.seen += chunk
        return self.seen[start:]

    def send(self, text: bytes) -> None:
        os.write(self.master, text)

    def wait(self) -> int:
        try:
            while select.select([self.master], [], [], 1.0)[0]:
                self.seen += os.read(self.master, 4096)
        except OSError:
            pass
        code = self.proc.wait(timeout=DEADLINE_S)
        os.close(self.master)
        return code


def gpufleet(*args: str) -> list[str]:
    return [sys.executable, "-m", "gpufleet.cli", *args]


def test_a_session_through_a_pseudo_terminal(tmp_path: Path) -> None:
    term = Terminal(gpufleet("chat", "--recorded", str(DBE)), ROOT)
    banner = term.read_until(PROMPT)
    assert b"gpufleet chat" in banner and b"exit" in banner
    term.send(b"show the temperature of node-02 gpu5 for the last 30 minutes\r")
    shown = term.read_until(PROMPT).decode()
    assert "[no-model mode]" in shown and "node-02/gpu5" in shown
    assert any(c in shown for c in "▁▂▃▄▅▆▇█")  # the sparkline
    assert "query replay{" in shown  # its source
    term.send(b"what is wrong with node-02?\r")
    shown = term.read_until(PROMPT).decode()
    assert "ecc-dbe" in shown and "card ecc-dbe" in shown
    term.send(b"\r")  # an empty line is ignored: the prompt comes back
    term.read_until(PROMPT)
    term.send(b"\x04")  # Ctrl-D
    assert term.wait() == 0
    assert b"Traceback" not in term.seen


def test_exit_quits_the_session(tmp_path: Path) -> None:
    term = Terminal(gpufleet("chat", "--recorded", str(DBE), "--state-dir", str(tmp_path)), ROOT)
    term.read_until(PROMPT)
    term.send(b"which approvals are waiting for me?\r")
    assert b"slurm.drain_node" in term.read_until(PROMPT)
    term.send(b"exit\r")
    assert term.wait() == 0
    assert b"Traceback" not in term.seen


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        gpufleet(*args), cwd=ROOT, capture_output=True, text=True, timeout=DEADLINE_S, check=False
    )


def test_ask_json_and_an_unreachable_model(tmp_path: Path) -> None:
    state = tmp_path / "state"
    out = run_cli(
        "chat",
        "--recorded",
        str(DBE),
        "--state-dir",
        str(state),
        "--ask",
        "what does Xid 79 mean and what do I do?",
        "--json",
    )
    assert out.returncode == 0, out.stderr
    answer = json.loads(out.stdout)
    assert answer["mode"] == "no-model" and answer["intent"] == "xid"
    assert {"kind": "xid", "id": "79"} in [
        {k: c[k] for k in ("kind", "id")} for c in answer["citations"]
    ]
    cfg = tmp_path / "sre.yaml"
    cfg.write_text(
        "model:\n  backend: openai\n  base_url: http://127.0.0.1:9/v1\n  model: m\n  timeout_s: 2\n"
    )
    out = run_cli(
        "chat",
        "--recorded",
        str(DBE),
        "--state-dir",
        str(state),
        "--sre-config",
        str(cfg),
        "--ask",
        "what is wrong with node-02?",
    )
    assert out.returncode == 0, out.stderr
    assert "unreachable" in out.stdout and "no-model" in out.stdout
    assert "[no-model mode]" in out.stdout and "ecc-dbe" in out.stdout
    assert "Traceback" not in out.stdout + out.stderr


def test_a_model_answer_streams_in_the_terminal_and_json_has_the_grounded_one(
    tmp_path: Path,
) -> None:
    """``--ask`` against a streaming model (the stand-in OpenAI-compatible server): the lines
    print as they come, a line citing an invented id is marked removed where it ends and the
    no-model answer follows; ``--json`` prints only the final, grounded answer."""
    state = tmp_path / "state"
    question = "what is wrong with node-02?"
    draft = json.loads(
        run_cli(
            "chat", "--recorded", str(DBE), "--state-dir", str(state), "--ask", question, "--json"
        ).stdout
    )
    incident = next(c["id"] for c in draft["citations"] if c["kind"] == "incident")
    good = f"node-02/gpu5 has a double-bit ECC error. [cite: {incident}]\n"
    cfg = tmp_path / "sre.yaml"
    for reply, mode in ((good + "It is fine now. [cite: E99]\n", "no-model"), (good, "model")):
        with standin_server([w + " " for w in reply.split(" ")]) as server:
            cfg.write_text(
                f"model:\n  backend: openai\n  base_url: {server.base_url}\n  model: m\n"
            )
            common = ("chat", "--recorded", str(DBE), "--state-dir", str(state))
            shown = run_cli(*common, "--sre-config", str(cfg), "--ask", question)
            as_json = run_cli(*common, "--sre-config", str(cfg), "--ask", question, "--json")
        assert shown.returncode == 0 and as_json.returncode == 0, shown.stderr + as_json.stderr
        answer = json.loads(as_json.stdout)
        assert answer["mode"] == mode
        out = shown.stdout
        assert out.startswith("model (unverified): node-02/gpu5 has a double-bit ECC error.")
        if mode == "no-model":
            assert "It is fine now. [removed: cites 1 id(s) the tools never returned]" in out
            assert "\n[no-model mode] " in out and "E99" not in as_json.stdout
        else:
            assert answer["text"] == (
                "model (unverified): node-02/gpu5 has a double-bit ECC error."
            )
        assert "Traceback" not in out + shown.stderr


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    out = run_cli("chat", "--recorded", str(tmp_path), "--ask", "hi")
    assert out.returncode == 2
    assert "no incident.yaml" in out.stderr and "Traceback" not in out.stderr
    out = run_cli("chat", "--state-dir", str(tmp_path / "missing"), "--ask", "hi")
    assert out.returncode == 2 and "no such directory" in out.stderr
