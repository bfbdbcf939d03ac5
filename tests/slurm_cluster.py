"""A real single-host SLURM cluster on 127.0.0.1 for tests: one slurmctld and one slurmd per node.

Started the way ``shared/reference/real-components.md`` (SLURM 22.05.8) records it: every file
under a private temp dir with ``SLURM_CONF`` pointing at its ``slurm.conf``;
``SlurmctldHost=localhost(127.0.0.1)`` and ``CommunicationParameters=NoCtldInAddrAny,NoInAddrAny``
so nothing listens beyond loopback; an own port for slurmctld and for each slurmd; fake nodes
(``SlurmdParameters=config_overrides``) with 64 CPUs, 500 GB and ``Gres=gpu:8`` whose gres
``File=`` entries point at plain files (a GPU gres line without ``File=`` is dropped and the node
goes INVAL+DRAIN). Auth is ``auth/none`` + ``cred/none`` so no munged is needed.

The daemons run in the foreground (``-D``) as our own children, so :meth:`SlurmCluster.stop`
knows they are gone from ``Popen.wait()`` (``kill -0`` succeeds on a zombie on these machines).
Each slurmd gets ``-N NODE``: one started without it grabs the first matching node and kills that
node's running slurmd through its pid file.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

from gpufleet.evals.vm_server import process_state, stop_process

HOST = "127.0.0.1"
DAEMONS = ("slurmctld", "slurmd")
CLIENTS = ("scontrol", "sinfo", "squeue", "sbatch", "scancel")
INSTALL_HINT = (
    "install the Debian packages slurmctld slurmd slurm-client "
    "(apt-get install slurmctld slurmd slurm-client; `make test` as root on Debian does it)"
)


class SlurmUnavailable(RuntimeError):  # noqa: N818 (reads as a state, like ServerUnavailable)
    """The cluster could not be started (binary missing, daemon exited, not ready); says why."""


def missing_binaries() -> list[str]:
    """The SLURM programs this helper needs that are not on PATH (daemons live in /usr/sbin)."""
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/sbin" + os.pathsep + "/sbin"
    return [b for b in (*DAEMONS, *CLIENTS) if shutil.which(b, path=path) is None]


def _which(binary: str) -> str:
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/sbin" + os.pathsep + "/sbin"
    found = shutil.which(binary, path=path)
    if found is None:
        raise SlurmUnavailable(f"{binary} not found on PATH or in /usr/sbin; {INSTALL_HINT}")
    return found


def _free_ports(n: int) -> list[int]:
    """``n`` distinct TCP ports on 127.0.0.1 that were free a moment ago (all held, then closed,
    so the kernel cannot hand the same port out twice)."""
    socks = []
    try:
        for _ in range(n):
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.bind((HOST, 0))
            socks.append(s)
        return [int(s.getsockname()[1]) for s in socks]
    finally:
        for s in socks:
            s.close()


def _tail(path: Path, n: int = 3000) -> str:
    try:
        data = path.read_bytes()
    except OSError:
        return "(no log)"
    return data[-n:].decode("utf-8", "replace").strip() or "(empty log)"


class SlurmCluster:
    """slurmctld + one slurmd per node on 127.0.0.1, all state in a temp dir; a context manager.

    ``with SlurmCluster(("node-01", "node-02")) as c: subprocess.run(["sinfo"], env=c.full_env)``.
    :attr:`env` is just ``{"SLURM_CONF": ...}`` (what a runner adds to the environment).
    """

    def __init__(
        self,
        nodes: Sequence[str] = ("node-01", "node-02", "node-03"),
        *,
        gpus_per_node: int = 8,
        cpus_per_node: int = 64,
        memory_mb: int = 512_000,
        partition: str = "gpu",
        offline_nodes: Sequence[str] = (),
        start_timeout_s: float = 30.0,
        stop_timeout_s: float = 15.0,
    ) -> None:
        if not nodes:
            raise ValueError("a cluster needs at least one node")
        self.nodes = tuple(nodes)
        # Configured but with no slurmd: they stay UNKNOWN* (not responding), like a dead host.
        self.offline_nodes = tuple(offline_nodes)
        if set(self.nodes) & set(self.offline_nodes):
            raise ValueError("a node cannot be both started and offline")
        self.gpus_per_node = gpus_per_node
        self.cpus_per_node = cpus_per_node
        self.memory_mb = memory_mb
        self.partition = partition
        self.start_timeout_s = start_timeout_s
        self.stop_timeout_s = stop_timeout_s
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        self.root: Path | None = None
        self.conf_path: Path | None = None
        self.ctld_port = 0
        self.node_ports: dict[str, int] = {}
        self.slurmctld: subprocess.Popen[bytes] | None = None
        self.slurmd: dict[str, subprocess.Popen[bytes]] = {}
        self.returncodes: dict[str, int] = {}
        self.stray_stepds_killed = 0

    # -- environment -----------------------------------------------------------------------

    @property
    def env(self) -> dict[str, str]:
        if self.conf_path is None:
            raise RuntimeError("the SLURM cluster is not started")
        return {"SLURM_CONF": str(self.conf_path)}

    @property
    def full_env(self) -> dict[str, str]:
        return {**os.environ, **self.env}

    def run(self, *argv: str, timeout_s: float = 30.0) -> subprocess.CompletedProcess[str]:
        """Run a SLURM client command against this cluster (never raises on a non-zero exit)."""
        return subprocess.run(
            argv,
            capture_output=True,
            text=True,
            env=self.full_env,
            timeout=timeout_s,
            check=False,
            stdin=subprocess.DEVNULL,
        )

    def node_state(self, node: str) -> str:
        """sinfo's long state of ``node`` (``idle``, ``drained``, ``idle*``, ``mixed`` ...)."""
        return self.run("sinfo", "-h", "-n", node, "-o", "%T").stdout.strip()

    def wait_node_state(self, node: str, states: Sequence[str], timeout_s: float = 30.0) -> str:
        """Poll until ``node`` is in one of ``states`` (after RESUME a node reads ``idle*`` for
        1-11 s before it is schedulable); returns the state seen, raises on timeout."""
        deadline = time.monotonic() + timeout_s
        state = ""
        while time.monotonic() < deadline:
            state = self.node_state(node)
            if state in states:
                return state
            time.sleep(0.2)
        raise TimeoutError(f"{node} stayed {state!r}, not one of {list(states)}, for {timeout_s}s")

    def log_tail(self, daemon: str = "slurmctld") -> str:
        if self.root is None:
            return "(not started)"
        return _tail(self.root / "log" / f"{daemon}.log")

    # -- lifecycle -------------------------------------------------------------------------

    def __enter__(self) -> Self:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        if self.slurmctld is not None:
            raise RuntimeError("the SLURM cluster is already started")
        slurmctld, slurmd = _which("slurmctld"), _which("slurmd")
        for client in CLIENTS:
            _which(client)
        self._tmp = tempfile.TemporaryDirectory(prefix="gpufleet-slurm-")
        self.root = Path(self._tmp.name)
        for sub in ("state", "log", "run", "dev", *(f"spool/{n}" for n in self.nodes)):
            (self.root / sub).mkdir(parents=True)
        configured = (*self.nodes, *self.offline_nodes)
        ports = _free_ports(1 + len(configured))
        self.ctld_port, self.node_ports = ports[0], dict(zip(configured, ports[1:], strict=True))
        self._write_config()
        log_dir = self.root / "log"
        try:
            with (log_dir / "slurmctld.out").open("ab") as out:
                # -c: clear any saved state (fresh dir anyway); -D: stay in the foreground, so
                # this Popen is the daemon and wait() tells when it is gone.
                self.slurmctld = subprocess.Popen(
                    [slurmctld, "-D", "-c", "-f", str(self.conf_path)],
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL,
                    env=self.full_env,
                )
            self._wait(self._controller_up, "slurmctld to answer scontrol ping")
            for node in self.nodes:
                with (log_dir / f"slurmd-{node}.out").open("ab") as out:
                    self.slurmd[node] = subprocess.Popen(
                        [slurmd, "-D", "-N", node, "-f", str(self.conf_path)],
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        stdin=subprocess.DEVNULL,
                        env=self.full_env,
                    )
            self._wait(self._all_idle, "every node to be idle")
        except BaseException:
            self.stop()
            raise

    def _exited(self) -> str | None:
        procs = {"slurmctld": self.slurmctld, **{f"slurmd-{n}": p for n, p in self.slurmd.items()}}
        for name, proc in procs.items():
            if proc is not None and proc.poll() is not None:
                return f"{name} exited with {proc.returncode}"
        return None

    def _wait(self, ready: object, what: str) -> None:
        assert callable(ready)
        deadline = time.monotonic() + self.start_timeout_s
        while time.monotonic() < deadline:
            died = self._exited()
            if died is not None:
                raise SlurmUnavailable(f"{died} while waiting for {what}\n{self._logs()}")
            if ready():
                return
            time.sleep(0.1)
        raise SlurmUnavailable(
            f"timed out after {self.start_timeout_s:g} s waiting for {what}\n{self._logs()}"
        )

    def _logs(self) -> str:
        assert self.root is not None
        parts = []
        for name in ("slurmctld", *(f"slurmd-{n}" for n in self.nodes)):
            parts.append(f"--- {name}.log ---\n{_tail(self.root / 'log' / f'{name}.log', 1500)}")
            parts.append(f"--- {name}.out ---\n{_tail(self.root / 'log' / f'{name}.out', 800)}")
        return "\n".join(parts)

    def _controller_up(self) -> bool:
        out = self.run("scontrol", "ping", timeout_s=10)
        return out.returncode == 0 and " is UP" in out.stdout

    def _all_idle(self) -> bool:
        out = self.run("sinfo", "-h", "-N", "-o", "%N %T", timeout_s=10)
        states = dict(line.split() for line in out.stdout.splitlines() if line.strip())
        return all(states.get(n) == "idle" for n in self.nodes)

    def stop(self) -> None:
        """Cancel every job and let it finish, SIGTERM every daemon (slurmds first) and wait for
        each, records the exit codes in :attr:`returncodes`, then removes the temp dir.

        Jobs are cancelled while the daemons still run because a job's slurmstepd detaches from
        slurmd: left alone, it outlives the cluster retrying to report to a controller that is
        gone (and ignores SIGTERM). Any that still remain are SIGKILLed by pid."""
        if self.slurmctld is not None and self.slurmctld.poll() is None:
            self._cancel_all_jobs()
        for node, proc in list(self.slurmd.items()):
            self.returncodes[f"slurmd-{node}"] = stop_process(proc, self.stop_timeout_s)
        self.slurmd.clear()
        if self.slurmctld is not None:
            self.returncodes["slurmctld"] = stop_process(self.slurmctld, self.stop_timeout_s)
            self.slurmctld = None
        self._kill_stray_stepds()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def _cancel_all_jobs(self) -> None:
        try:
            listed = self.run("squeue", "-h", "-o", "%i", timeout_s=10)
            ids = listed.stdout.split()
            if ids:
                self.run("scancel", *ids, timeout_s=10)
            deadline = time.monotonic() + self.stop_timeout_s
            while (
                time.monotonic() < deadline
                and self.run("squeue", "-h", "-o", "%i", timeout_s=10).stdout.strip()
            ):
                time.sleep(0.1)
        except (OSError, subprocess.SubprocessError):
            pass  # the stray-stepd sweep below still cleans up

    def _kill_stray_stepds(self) -> None:
        """SIGKILL slurmstepd processes of this cluster (their environment carries our
        SLURM_CONF), then wait until each is gone or a zombie awaiting init's reaping."""
        if self.conf_path is None:
            return
        marker = f"SLURM_CONF={self.conf_path}".encode()
        strays = []
        for proc_dir in Path("/proc").glob("[0-9]*"):
            try:
                if proc_dir.joinpath("comm").read_text().strip() != "slurmstepd":
                    continue
                if marker in proc_dir.joinpath("environ").read_bytes().split(b"\0"):
                    pid = int(proc_dir.name)
                    os.kill(pid, signal.SIGKILL)
                    strays.append(pid)
            except (OSError, ValueError):
                continue
        deadline = time.monotonic() + self.stop_timeout_s
        for pid in strays:
            while time.monotonic() < deadline:
                state = process_state(pid)
                if state is None or state.startswith("Z"):
                    break
                time.sleep(0.05)
        self.stray_stepds_killed = len(strays)

    # -- configuration ---------------------------------------------------------------------

    def _write_config(self) -> None:
        root = self.root
        assert root is not None
        gpu_files = []
        for i in range(self.gpus_per_node):
            f = root / "dev" / f"nvidia{i}"
            f.touch()  # gres/gpu needs File= to count the GPUs; plain files do (with a warning)
            gpu_files.append(str(f))
        lines = [
            "ClusterName=gpufleet-test",
            "SlurmctldHost=localhost(127.0.0.1)",
            f"SlurmctldPort={self.ctld_port}",
            "SlurmUser=root",
            "SlurmdUser=root",
            "AuthType=auth/none",
            "CredType=cred/none",
            "CommunicationParameters=NoCtldInAddrAny,NoInAddrAny",
            f"StateSaveLocation={root / 'state'}",
            f"SlurmdSpoolDir={root / 'spool'}/%n",
            f"SlurmctldPidFile={root / 'run' / 'slurmctld.pid'}",
            f"SlurmdPidFile={root / 'run'}/slurmd-%n.pid",
            f"SlurmctldLogFile={root / 'log' / 'slurmctld.log'}",
            f"SlurmdLogFile={root / 'log'}/slurmd-%n.log",
            "SlurmctldDebug=info",
            "SlurmdDebug=info",
            "ProctrackType=proctrack/linuxproc",
            "TaskPlugin=task/none",
            "JobAcctGatherType=jobacct_gather/none",
            "AccountingStorageType=accounting_storage/none",
            "MailProg=/bin/true",
            "SlurmdParameters=config_overrides",
            "ReturnToService=2",
            "SchedulerParameters=batch_sched_delay=0",
            "SelectType=select/cons_tres",
            "SelectTypeParameters=CR_Core_Memory",
            "DefMemPerCPU=1024",
            "GresTypes=gpu",
            "MinJobAge=300",
        ]
        for node, port in self.node_ports.items():
            lines.append(
                f"NodeName={node} NodeAddr={HOST} NodeHostname={node} Port={port} "
                f"CPUs={self.cpus_per_node} RealMemory={self.memory_mb} "
                f"Gres=gpu:{self.gpus_per_node} State=UNKNOWN"
            )
        lines.append(
            f"PartitionName={self.partition} Nodes={','.join(self.node_ports)} Default=YES "
            "MaxTime=INFINITE State=UP"
        )
        self.conf_path = root / "slurm.conf"
        self.conf_path.write_text("\n".join(lines) + "\n")
        gres = [f"NodeName={node} Name=gpu File={','.join(gpu_files)}" for node in self.node_ports]
        (root / "gres.conf").write_text("\n".join(gres) + "\n")
