"""Kill-point harness: crash the real CLI at each persistence point and check what is left.

The scene is the live path on a real SLURM controller (``tests/slurm_cluster.py``): the NOC's
event log holds the recorded DBE incident, ``gpufleet diagnose INCIDENT --events-db … --topology
…`` pauses before ``slurm.drain_node``, and then:

1. ``gpufleet approve`` runs with ``GPUFLEET_FAILPOINTS=<point>[:n]`` (or is killed at a random
   moment) — it dies with SIGKILL at that persistence point;
2. ``gpufleet diagnose INCIDENT --wait`` restarts on the same state directory: it must finish,
   or wait quietly (bounded output, idle CPU), never spin;
3. a person acts on what the restart says: approves again (a pending approval), settles
   (an unknown outcome, after looking at the node), or nothing (it ran).

A ``scontrol`` wrapper on ``PATH`` appends every drain it is asked for to a file before handing
over to the real one, so "ran twice" and "never ran" are facts, not inferences.

The CLI runs in forked children of a process that has imported gpufleet once (``cli.main.main``
with the same argv as the command line): the code path is the command's, the start-up cost is
paid once. :meth:`KillHarness.run_binary` runs the installed ``gpufleet`` executable instead, to
prove the environment variable path too.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.bus.failpoints import POINTS, arm
from gpufleet.bus.log import EventLog
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.store import ApprovalStore
from tests.slurm_cluster import SlurmCluster

ROOT = Path(__file__).resolve().parents[1]
DBE = ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded"
NODE = "node-02"
FAKE_BIN = ROOT / "tests" / "bin"
# What a restart may print while it waits: the report once (~40 lines), never a stream.
MAX_RESTART_LINES = 200
WRAPPER = """#!/bin/sh
# Count drains (the side effect under test), then hand over to the real scontrol.
case "$*" in *State=DRAIN*) echo "$*" >> "{log}" ;; esac
exec "{real}" "$@"
"""


@dataclass
class KillRun:
    """One kill and what the system looked like after the restart and the person's action."""

    point: str  # a failpoint name, or "random@<s>"
    killed: bool  # the approve process died by SIGKILL
    restart_state: str  # finished | waiting
    restart_lines: int
    restart_cpu_s: float
    idle_cpu_s: float  # CPU the restart used in 2 s of steady waiting: near 0 unless it spins
    after_restart: str  # ran | pending | approved | unknown | lost
    person: str  # what the person did: nothing | approve | settle-done | settle-retry
    drains: int  # drains the real controller received over the whole run
    violations: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return self.__dict__.copy()


def _child(argv: list[str], spec: str, out: str, env: dict[str, str]) -> None:
    """A forked gpufleet command: arm the failpoint, send output to a file, run main()."""
    fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    # New stream objects on the file: the parent's may be a test runner's capture buffers.
    sys.stdout = open(1, "w", buffering=1, closefd=False)  # noqa: SIM115 (lives until _exit)
    sys.stderr = open(2, "w", buffering=1, closefd=False)  # noqa: SIM115
    os.environ.update(env)
    arm(spec)
    from gpufleet.cli.main import main

    code = 1
    try:
        code = main(argv, out=sys.stdout)
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


class KillHarness:
    def __init__(self, cluster: SlurmCluster, work: Path) -> None:
        self.cluster = cluster
        self.work = work
        # A fork server: a fresh single-threaded process that imported gpufleet once and forks
        # each command from there (forking the test runner itself, with its threads, is unsafe).
        self.ctx = multiprocessing.get_context("forkserver")
        self.ctx.set_forkserver_preload(
            [
                "gpufleet.cli.main",
                "gpufleet.cli.sre",
                "gpufleet.agents.sre.live",
                "tests.killpoints",
            ]
        )
        self.last_idle_cpu = 0.0
        self.approve_s = float("inf")  # the fastest uninterrupted approve seen so far
        self.drain_log = work / "drains.log"
        self.env = {**cluster.env, "PATH": f"{self._wrapper_dir()}{os.pathsep}{os.environ['PATH']}"}
        self.incident_id = self._events()
        self.config = self._config()
        self.base = work / "base-state"
        self.approval_id = self._first_pause()

    # -- the scene --------------------------------------------------------------------------
    def _wrapper_dir(self) -> Path:
        d = self.work / "bin"
        d.mkdir(parents=True, exist_ok=True)
        real = shutil.which("scontrol")
        assert real is not None
        w = d / "scontrol"
        w.write_text(WRAPPER.format(log=self.drain_log, real=real))
        w.chmod(w.stat().st_mode | stat.S_IEXEC)
        return d

    def _events(self) -> str:
        """The NOC's event log and topology for the recorded DBE, as `gpufleet watch` writes."""
        inc = load_incident(DBE)
        fleet = ReplayFleet(inc.topology)
        log = EventLog(self.work / "events.db")
        events = []
        for _, evs in replay_noc(inc.topology, inc.iter_ticks(), fleet):
            events += evs
            for e in evs:
                log.append(e)
        log.close()
        clusters = [c.model_dump(mode="json") for c in inc.topology.clusters]
        (self.work / "topology.json").write_text(json.dumps(clusters))
        return next(
            i.incident_id for i in final_incidents(events) if i.root_entity.startswith(NODE)
        )

    def _config(self) -> Path:
        cfg = {
            "slurm": {
                "enabled": True,
                "dry_run": False,
                "slurm_conf": self.cluster.env["SLURM_CONF"],
            },
            "executors": {
                "binaries": {
                    "nvidia_smi": str(FAKE_BIN / "nvidia-smi"),
                    "dcgmi": str(FAKE_BIN / "dcgmi"),
                }
            },
        }
        path = self.work / "sre.yaml"
        path.write_text(json.dumps(cfg))  # JSON is YAML
        return path

    def _first_pause(self) -> str:
        self._resume_node()
        res = self._run(
            [
                "diagnose",
                self.incident_id,
                "--events-db",
                str(self.work / "events.db"),
                "--topology",
                str(self.work / "topology.json"),
                *self._common(self.base),
            ],
            "",
        )
        assert res[0] == 0, f"exit {res[0]}: {res[2]}"
        store = ApprovalStore(self.base / "approvals.db")
        try:
            pending = store.pending()
        finally:
            store.close()
        assert len(pending) == 1 and pending[0].tool == "slurm.drain_node", pending
        return pending[0].approval_id

    def _common(self, state: Path) -> list[str]:
        return ["--sre-config", str(self.config), "--state-dir", str(state)]

    def _resume_node(self) -> None:
        self.cluster.run("scontrol", "update", f"NodeName={NODE}", "State=RESUME")
        self.drain_log.write_text("")

    def drains(self) -> int:
        return len(self.drain_log.read_text().splitlines()) if self.drain_log.exists() else 0

    # -- running commands ---------------------------------------------------------------------
    def _run(
        self,
        argv: list[str],
        spec: str,
        *,
        kill_after: float | None = None,
        wait_until: tuple[str, ...] = (),
        deadline: float = 120.0,
    ) -> tuple[int | None, float, str]:
        """Run one command in a forked child. Returns (exit code or -signal, CPU seconds, output).
        ``wait_until``: once the output shows one of these, watch the child 4.5 s more (the CPU
        of its last 2 s goes to :attr:`last_idle_cpu`), then stop it — a restart that waits for
        a person is expected to sit there."""
        out = self.work / "out.txt"
        # the previous command's output must not count as this one's (its marks would start the
        # idle measurement while this child is still starting up)
        out.unlink(missing_ok=True)
        self.last_idle_cpu = 0.0
        cpu_at_mark = -1.0
        cpu = 0.0  # sampled from /proc: the fork server's children are not ours to wait for
        proc = self.ctx.Process(target=_child, args=(argv, spec, str(out), self.env))
        proc.start()
        start = time.monotonic()
        seen_at: float | None = None
        while proc.is_alive():
            now = time.monotonic()
            cpu = max(cpu, _cpu_of(proc.pid or 0))
            if kill_after is not None and now - start >= kill_after:
                os.kill(proc.pid or 0, signal.SIGKILL)
                break
            if seen_at is None and wait_until and out.exists():
                text = out.read_text(errors="replace")
                if any(w in text for w in wait_until):
                    seen_at = now
            # settled (the report's tail work done): measure 2 s of steady waiting
            if seen_at is not None and cpu_at_mark < 0 and now - seen_at > 2.5:
                cpu_at_mark = _cpu_of(proc.pid or 0)
            if seen_at is not None and now - seen_at > 4.5:
                self.last_idle_cpu = max(0.0, _cpu_of(proc.pid or 0) - cpu_at_mark)
            if (seen_at is not None and now - seen_at > 4.5) or now - start > deadline:
                os.kill(proc.pid or 0, signal.SIGTERM)
                proc.join(5)
                if proc.is_alive():
                    os.kill(proc.pid or 0, signal.SIGKILL)
                break
            time.sleep(0.05)
        proc.join()
        return proc.exitcode, cpu, out.read_text(errors="replace") if out.exists() else ""

    # -- one kill ---------------------------------------------------------------------------------
    def kill_once(self, point: str, *, random_s: float | None = None) -> KillRun:
        self._resume_node()
        state = self.work / "state"
        shutil.rmtree(state, ignore_errors=True)
        shutil.copytree(self.base, state)
        approve = [
            "approve",
            self.approval_id,
            "--by",
            "alice",
            "--reason",
            "kill test",
            *self._common(state),
        ]
        started = time.monotonic()
        code, _, _ = self._run(approve, "" if random_s is not None else point, kill_after=random_s)
        killed = code == -signal.SIGKILL
        if not killed:  # a whole approve: the random window follows the machine's current pace
            self.approve_s = min(self.approve_s, time.monotonic() - started)
        restart = ["diagnose", self.incident_id, "--wait", *self._common(state)]
        marks = ("PAUSED for approval", "ESCALATED, outcome unknown", "outcome:")
        rcode, cpu, text = self._run(restart, "", wait_until=marks)
        run = KillRun(
            point=point if random_s is None else f"random@{random_s:.2f}",
            killed=killed,
            restart_state="finished" if rcode == 0 else "waiting",
            restart_lines=len(text.splitlines()),
            restart_cpu_s=round(cpu, 2),
            idle_cpu_s=round(self.last_idle_cpu, 2),
            after_restart=self._state_of_step(state),
            person="nothing",
            drains=self.drains(),
        )
        self._person_acts(run, state)
        run.drains = self.drains()
        self._check(run, text)
        return run

    def approve_seconds(self) -> float:
        """Wall time of one uninterrupted ``approve`` (decision, drain, report) on this machine."""
        self._resume_node()
        state = self.work / "state-timing"
        shutil.rmtree(state, ignore_errors=True)
        shutil.copytree(self.base, state)
        argv = ["approve", self.approval_id, "--by", "alice", "--reason", "timing"]
        start = time.monotonic()
        self._run([*argv, *self._common(state)], "")
        return time.monotonic() - start

    def _state_of_step(self, state: Path) -> str:
        db = state / "approvals.db"
        store, ledger = ApprovalStore(db), ExecutionLedger(db)
        try:
            rec = store.get(self.approval_id)
            claim = ledger.get(self.approval_id)
            if claim is not None and ledger.outcome(self.approval_id) is not None:
                return "ran"
            if claim is not None:
                return "unknown"
            if rec is None:
                return "lost"
            if rec.status == "pending":
                return "pending"
            return "approved" if rec.consumed_at is None else "lost"
        finally:
            store.close()
            ledger.close()

    def _person_acts(self, run: KillRun, state: Path) -> None:
        """What an operator does next, from what gpufleet told them."""
        common = self._common(state)
        if run.after_restart in ("pending", "approved"):
            run.person = "approve"
            self._run(
                ["approve", self.approval_id, "--by", "alice", "--reason", "again", *common], ""
            )
        elif run.after_restart == "unknown":
            drained = "DRAIN" in self.cluster.node_state(NODE).upper()
            run.person = "settle-done" if drained else "settle-retry"
            outcome = "done" if drained else "retry"
            self._run(
                [
                    "settle",
                    self.approval_id,
                    "--outcome",
                    outcome,
                    "--by",
                    "alice",
                    "--reason",
                    f"scontrol says {self.cluster.node_state(NODE)}",
                    *common,
                ],
                "",
            )

    def _check(self, run: KillRun, restart_text: str) -> None:
        if run.drains > 1:
            run.violations.append(f"the drain ran {run.drains} times")
        if run.drains == 0:
            run.violations.append("the approved drain never ran (lost)")
        if run.after_restart == "lost":
            run.violations.append("the approval was consumed with no execution recorded")
        if run.restart_lines > MAX_RESTART_LINES:
            run.violations.append(f"the restart printed {run.restart_lines} lines")
        if run.idle_cpu_s > 0.5:
            run.violations.append(f"the waiting restart used {run.idle_cpu_s} s of CPU in 2 s")
        if "Traceback" in restart_text:
            run.violations.append("a traceback reached the user")

    def run_binary(self, point: str) -> tuple[int, str]:
        """The installed executable with GPUFLEET_FAILPOINTS, for the environment path."""
        self._resume_node()
        state = self.work / "state-bin"
        shutil.rmtree(state, ignore_errors=True)
        shutil.copytree(self.base, state)
        exe = Path(sys.executable).parent / "gpufleet"
        res = subprocess.run(
            [
                str(exe),
                "approve",
                self.approval_id,
                "--by",
                "alice",
                "--reason",
                "kill test",
                *self._common(state),
            ],
            env={**os.environ, **self.env, "GPUFLEET_FAILPOINTS": point},
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        return res.returncode, self._state_of_step(state)


def _cpu_of(pid: int) -> float:
    """CPU seconds (user + system) a live process has used, from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sweep(harness: KillHarness, rounds: int, randoms: int, seed: int = 0) -> list[KillRun]:
    """Every point (``rounds`` times, the n-th hit rotating) plus ``randoms`` random kills,
    drawn over the time the fastest uninterrupted ``approve`` took here so far (a kill after it
    exits kills nothing: a fixed window wastes runs on a fast machine, a window measured once
    wastes them when the machine gets quieter)."""
    rng = random.Random(seed)
    runs = []
    for r in range(rounds):
        for point in POINTS:
            runs.append(harness.kill_once(f"{point}:{r + 1}" if r else point))
    if randoms:
        harness.approve_s = min(harness.approve_s, harness.approve_seconds())
    for _ in range(randoms):
        runs.append(harness.kill_once("random", random_s=rng.uniform(0.02, harness.approve_s)))
    return runs
