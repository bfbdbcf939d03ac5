"""Commands on a fleet node, and the node-level tools: DCGM diagnostics, the diagnostics bundle,
fabric manager restart, reboot, NIC isolation.

Every command is an argv list built from validated arguments (node names, GPU indices, device
names each have a strict character set), so nothing a model or a log line supplies can become
shell syntax. :class:`NodeShell` puts the configured remote prefix (ssh, srun, …) in front; when
that prefix hands the command to a remote shell, the command travels as one shell-quoted word.

Reads go through the ``reads`` runner (real even in a dry run, so the agent sees true state);
changes go through ``writes`` (a :class:`~graph.executors.runner.DryRunRunner` unless dry-run is
switched off), and a recorded-only change comes back with status ``dry_run``.
"""

from __future__ import annotations

import json
import re
import shlex
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field

from gpufleet.graph.executors.config import NODE_PLACEHOLDER, ExecutorsConfig, RemoteConfig
from gpufleet.graph.executors.runner import CommandOutcome, CommandRunner
from gpufleet.graph.tools import Tool, ToolArgs, ToolResult, bind_toolset, toolset_tool

# --- argument types shared by every node-level tool ------------------------------------------

# Hostname characters (RFC 1123) plus "_" (SLURM node names use it). Must start with a letter or
# digit, so a name can never be read as a command-line option.
_NODE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$")
# Linux interface names (IFNAMSIZ 15) and RDMA device names (mlx5_0, ibp12s0).
_DEVICE_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
MAX_GPU_INDEX = 63
MAX_OUTPUT_CHARS = 16_000


def check_node_name(value: str) -> str:
    if not _NODE_RE.fullmatch(value):
        raise ValueError(
            f"node name {value!r} is not a hostname: use letters, digits, '.', '-', '_' "
            "(starting with a letter or digit, at most 253 characters)"
        )
    return value


def _check_device(value: str) -> str:
    if not _DEVICE_RE.fullmatch(value):
        raise ValueError(
            f"device {value!r} is not an interface or RDMA device name "
            "(letters, digits, '_', '.', '-'; at most 32 characters)"
        )
    return value


NodeName = Annotated[str, AfterValidator(check_node_name)]
DeviceName = Annotated[str, AfterValidator(_check_device)]
GpuIndex = Annotated[int, Field(ge=0, le=MAX_GPU_INDEX, description="GPU index as nvidia-smi -i")]


def split_list(value: Any) -> Any:
    """Accept "a,b c" as well as ["a", "b"]: runbooks render list arguments into one string."""
    if isinstance(value, str):
        return [part for part in re.split(r"[,\s]+", value) if part]
    return value


# --- running commands on a node --------------------------------------------------------------


class WrongHostError(ValueError):
    """A node command for another node in ``remote.mode: local``: refused, never run."""


def local_hostname() -> str:
    """This host's short hostname (an edge: read once when the executors are built)."""
    return socket.gethostname().split(".")[0]


def _short(name: str) -> str:
    return name.split(".", maxsplit=1)[0].lower()


@dataclass(frozen=True)
class NodeShell:
    """Turns (node, argv) into the argv that runs it on that node, or refuses.

    ``this_host``: this host's short hostname, for ``remote.mode: local`` (a command runs here
    only for the node named ``remote.local_node``, by default this host). ``recording``: a
    replay, where nothing runs (both runners record): commands are shown as the node would
    run them and no host is checked."""

    remote: RemoteConfig
    this_host: str = ""
    recording: bool = False

    @classmethod
    def for_recording(cls, remote: RemoteConfig) -> NodeShell:
        return cls(remote, recording=True)

    @property
    def local_node(self) -> str:
        return self.remote.local_node or self.this_host

    def refusal(self, node: str) -> str | None:
        """Why a command for ``node`` may not run from here (None: it may)."""
        if self.recording or self.remote.effective_mode != "local":
            return None
        if self.local_node and _short(node) == _short(self.local_node):
            return None
        here = self.local_node or "this host"
        return (
            f"{node} is not this host ({here}): node commands run on the node they are for; "
            "configure executors.remote.mode ssh|srun|prefix to reach other nodes"
            + ("" if self.remote.local_node else f" (or remote.local_node if this is {node})")
        )

    def refuse(self, *nodes: str) -> ToolResult | None:
        """The structured refusal for the first node that is not reachable from here."""
        for node in nodes:
            why = self.refusal(node)
            if why is not None:
                return ToolResult(
                    status="denied",
                    error=why,
                    data={"node": node, "this_host": self.local_node, "remote_mode": "local"},
                )
        return None

    def argv(self, node: str, command: Sequence[str]) -> tuple[str, ...]:
        check_node_name(node)  # defence in depth: callers pass validated names already
        why = self.refusal(node)
        if why is not None:  # defence in depth: every tool refuses before building a command
            raise WrongHostError(why)
        prefix, via_shell = self.remote.template()
        if not prefix:
            return tuple(command)
        filled = [part.replace(NODE_PLACEHOLDER, node) for part in prefix]
        if via_shell:
            return (*filled, shlex.join(command))
        return (*filled, *command)


def excerpt(text: str, limit: int = MAX_OUTPUT_CHARS) -> str:
    """The head of a long output and a note of how much was cut (the head of nvidia-smi and
    dcgmi output holds the summary; a bug report never goes through here)."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n… [{len(text) - limit} more characters cut]"


def describe_failure(outcome: CommandOutcome) -> str:
    if outcome.timed_out:
        return f"`{outcome.command}` {outcome.stderr}"
    said = (outcome.stdout.strip() + "\n" + outcome.stderr.strip()).strip()
    return (
        f"`{outcome.command}` exited {outcome.returncode}: {excerpt(said, 2000) or '(no output)'}"
    )


def change_result(outcome: CommandOutcome, data: Any) -> ToolResult:
    """The result of a state-changing command: dry_run, ok or error, with the exact command."""
    if outcome.dry_run:
        return ToolResult(status="dry_run", data=data, query=outcome.command)
    if outcome.ok:
        return ToolResult.success(data, outcome.command)
    return ToolResult.failure(describe_failure(outcome), outcome.command, data)


# --- DCGM diagnostics --------------------------------------------------------------------------

_FAIL, _WARN, _PASS, _SKIP = "fail", "warn", "pass", "skip"


def _status_word(raw: Any) -> str:
    s = str(raw).strip().lower()
    if s.startswith("fail"):
        return _FAIL
    if s.startswith("warn"):
        return _WARN
    if s.startswith("pass"):
        return _PASS
    return _SKIP  # "Skip", "Not Run", "" …


def _messages(result: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("warnings", "errors", "info"):
        items = result.get(key)
        if isinstance(items, str):
            items = [items]
        if not isinstance(items, list):
            continue
        for item in items:
            if isinstance(item, dict):
                text = item.get("warning") or item.get("message") or item.get("error")
                if text:
                    out.append(str(text))
            elif item:
                out.append(str(item))
    return out


def parse_dcgm_diag(text: str) -> dict[str, Any]:
    """Pass/fail per test from ``dcgmi diag -j`` output.

    Handles the DCGM 3 layout (``"DCGM GPU Diagnostic"``, results keyed by ``gpu_id``) and the
    DCGM 4 layout (``"DCGM Diagnostic"``, results keyed by ``entity_group``/``entity_id``).
    Raises ValueError when the text holds no diagnostic JSON."""
    start = text.find("{")
    if start < 0:
        raise ValueError("no JSON object in dcgmi output")
    doc = json.loads(text[start:])
    body = next(
        (v for v in doc.values() if isinstance(v, dict) and "test_categories" in v),
        None,
    )
    if body is None:
        raise ValueError("dcgmi JSON has no test_categories")
    tests: list[dict[str, Any]] = []
    failures: list[str] = []
    for category in body["test_categories"]:
        for t in category.get("tests", []):
            per_gpu: dict[str, str] = {}
            words: list[str] = []
            messages: list[str] = []
            for r in t.get("results", []):
                word = _status_word(r.get("status", ""))
                words.append(word)
                entity = r.get("gpu_id", r.get("entity_id"))
                group = str(r.get("entity_group", "GPU")).upper()
                if entity is not None and group == "GPU":
                    per_gpu[str(entity)] = word
                for m in _messages(r):
                    messages.append(f"GPU {entity}: {m}" if entity is not None else m)
            summary = t.get("test_summary", {})
            if isinstance(summary, dict) and summary.get("status"):
                words.append(_status_word(summary["status"]))
            status = next((w for w in (_FAIL, _WARN, _PASS) if w in words), _SKIP)
            name = str(t.get("name", "?"))
            tests.append(
                {
                    "category": category.get("category", ""),
                    "name": name,
                    "status": status,
                    "gpus": per_gpu,
                    "messages": messages,
                }
            )
            if status == _FAIL:
                bad = [g for g, w in per_gpu.items() if w == _FAIL]
                where = f" (GPU {', '.join(bad)})" if bad else ""
                failures.append(f"{name}{where}: {'; '.join(messages) or 'failed'}")
    words_all = [t["status"] for t in tests]
    overall = next((w for w in (_FAIL, _WARN, _PASS) if w in words_all), _SKIP)
    return {"overall": overall, "tests": tests, "failures": failures, "version": doc.get("version")}


# --- the tools' arguments --------------------------------------------------------------------


class DiagArgs(ToolArgs):
    node: NodeName
    gpu: GpuIndex | None = Field(default=None, description="one GPU; all GPUs when omitted")
    level: int = Field(default=2, ge=1, le=2, description="1 (quick) or 2 (medium, ~2 min)")


class ExtendedDiagArgs(ToolArgs):
    node: NodeName
    gpu: GpuIndex | None = Field(default=None, description="one GPU; all GPUs when omitted")
    level: int = Field(default=3, ge=3, le=4, description="3 (~30 min) or 4 (hours)")


class BundleArgs(ToolArgs):
    node: NodeName
    gpu: GpuIndex | None = Field(default=None, description="GPU whose health to snapshot")
    at: float | None = Field(
        default=None,
        ge=0,
        description="the incident's time (Unix seconds, e.g. {onset}): names the archive, so "
        "one incident's bundle is found again and never overwritten by another's",
    )
    include: Annotated[list[Literal["ib", "fabric"]], BeforeValidator(split_list)] = Field(
        default_factory=list,
        description="extra evidence: 'ib' (ibstat), 'fabric' (fabric manager status and log)",
    )


class FabricManagerArgs(ToolArgs):
    node: NodeName


class RebootArgs(ToolArgs):
    node: NodeName
    mode: Literal["warm", "cold"] = Field(
        default="warm",
        description="warm: OS reboot on the node; cold: power cycle through the BMC "
        "(for a GPU that fell off the bus)",
    )


class NicIsolateArgs(ToolArgs):
    node: NodeName
    device: DeviceName = Field(description="netdev (eth0, ens1f0np0) or RDMA device (mlx5_0)")
    port: int | None = Field(
        default=None, ge=1, le=64, description="IB port number; given: disable the IB port"
    )


# --- the tools ---------------------------------------------------------------------------------

# Kernel lines worth carrying in a bundle excerpt: GPU driver, PCIe errors, NICs, machine checks.
_KERNEL_EVIDENCE = re.compile(
    r"NVRM|Xid|SXid|nvidia|nvswitch|fallen off the bus|AER|pcieport|PCIe Bus Error|mlx5|"
    r"\bib\d|infiniband|Machine Check|mce:|Hardware Error|EDAC",
    re.IGNORECASE,
)
MAX_KERNEL_LINES = 200
GpuHealth = Callable[[str, int | None], ToolResult]


def bundle_path(bundle_dir: str, node: str, at: float | None) -> str:
    """Where nvidia-bug-report.sh writes (it gzips to "<this>.gz"): named by node and by the
    incident's time, never by the wall clock."""
    stamp = "" if at is None else "-" + datetime.fromtimestamp(at, UTC).strftime("%Y%m%dT%H%M%SZ")
    return f"{bundle_dir}/gpufleet-bug-report-{node}{stamp}.log"


@dataclass
class _Evidence:
    """What one bundle collection gathered on ``node``: every command run (in order), each part's
    command, success and output, and the problems met along the way."""

    reads: CommandRunner
    shell: NodeShell
    node: str
    commands: list[str] = field(default_factory=list)
    parts: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def collect(
        self, name: str, cmd: list[str], timeout: float, ok_codes: tuple[int, ...] = (0,)
    ) -> CommandOutcome:
        outcome = self.reads.run(self.shell.argv(self.node, cmd), timeout_s=timeout)
        self.commands.append(outcome.command)
        ok = outcome.returncode in ok_codes and not outcome.timed_out
        self.parts[name] = {"command": outcome.command, "ok": ok}
        if not ok:
            self.problems.append(f"{name}: {describe_failure(outcome)}")
        return outcome


class NodeToolset:
    """The node-level tools, bound to their dependencies. ``shell`` reaches the nodes (or
    refuses, see :class:`NodeShell`); ``gpu_health(node, gpu)`` adds an nvidia-smi health
    snapshot to the bundle."""

    def __init__(
        self,
        cfg: ExecutorsConfig,
        *,
        reads: CommandRunner,
        writes: CommandRunner,
        shell: NodeShell,
        gpu_health: GpuHealth | None = None,
    ) -> None:
        self.cfg = cfg
        self.reads = reads
        self.writes = writes
        self.gpu_health = gpu_health
        self.shell = shell
        self.bins = cfg.binaries
        self.timeouts = cfg.timeouts

    # -- DCGM diagnostics --

    def _diag(
        self, args: DiagArgs | ExtendedDiagArgs, runner: CommandRunner, timeout: float
    ) -> ToolResult:
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        cmd = [self.bins.dcgmi, "diag", "-r", str(args.level), "-j"]
        if args.gpu is not None:
            cmd += ["-i", str(args.gpu)]
        outcome = runner.run(self.shell.argv(args.node, cmd), timeout_s=timeout)
        base = {"node": args.node, "gpu": args.gpu, "level": args.level}
        if outcome.dry_run:
            return ToolResult(status="dry_run", data=base, query=outcome.command)
        # dcgmi exits non-zero when a test fails, so parse before judging the exit code.
        try:
            parsed = parse_dcgm_diag(outcome.stdout)
        except ValueError as e:
            return ToolResult.failure(
                f"DCGM level {args.level} diagnostic gave no result ({e}); "
                + describe_failure(outcome),
                outcome.command,
                {**base, "output": excerpt(outcome.stdout + outcome.stderr)},
            )
        data = {**base, **parsed}
        if parsed["overall"] == _FAIL:
            return ToolResult.failure(
                f"DCGM level {args.level} diagnostic failed on {args.node}: "
                + " | ".join(parsed["failures"]),
                outcome.command,
                data,
            )
        return ToolResult.success(data, outcome.command)

    @toolset_tool("dcgm.run_diag", "read")
    def dcgm_run_diag(self, args: DiagArgs) -> ToolResult:
        """Run the DCGM diagnostic (dcgmi diag) at level 1 or 2 on a node, or on one GPU.
        Read-only health check; returns pass/fail/warn per test and per GPU. Fails (status
        error) when any test fails, naming the test, the GPU and DCGM's message."""
        return self._diag(args, self.reads, self.timeouts.diag_short_s)

    @toolset_tool("dcgm.run_diag_extended", "mutate")
    def dcgm_run_diag_extended(self, args: ExtendedDiagArgs) -> ToolResult:
        """Run the extended DCGM diagnostic (level 3 ~30 min, level 4 hours): it stresses the
        GPUs, so run it only on a drained node. Returns pass/fail per test and per GPU."""
        return self._diag(args, self.writes, self.timeouts.diag_extended_s)

    # -- the diagnostics bundle --

    @toolset_tool("bundle.collect_diagnostics", "read")
    def bundle_collect_diagnostics(self, args: BundleArgs) -> ToolResult:
        """Collect the evidence bundle on a node before anything changes: nvidia-bug-report.sh
        (archive left on the node; its path is returned as `bundle`), the GPU-related kernel
        log lines, an nvidia-smi health snapshot, and optionally InfiniBand state ('ib') or the
        fabric manager status and log ('fabric')."""
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        base = bundle_path(self.cfg.bundle_dir, args.node, args.at)
        ev = _Evidence(self.reads, self.shell, args.node)
        report = ev.collect(
            "bug_report",
            [self.bins.nvidia_bug_report, "--output-file", base],
            self.timeouts.bug_report_s,
        )
        self._collect_kernel_log(ev)
        if "ib" in args.include:
            out = ev.collect("ibstat", [self.bins.ibstat], self.timeouts.query_s)
            ev.parts["ibstat"]["output"] = excerpt(out.stdout, 8000)
        if "fabric" in args.include:
            self._collect_fabric_manager(ev)
        if self.gpu_health is not None:
            self._collect_gpu_health(ev, self.gpu_health(args.node, args.gpu))
        data = {
            "node": args.node,
            "bundle": base + ".gz" if report.ok else None,
            "parts": ev.parts,
            "problems": ev.problems,
        }
        query = "\n".join(ev.commands)
        # The bug report is the bundle; the other parts are best-effort extras.
        if not report.ok:
            return ToolResult.failure(
                "nvidia-bug-report.sh did not produce a bundle: " + "; ".join(ev.problems),
                query,
                data,
            )
        return ToolResult.success(data, query)

    def _collect_kernel_log(self, ev: _Evidence) -> None:
        dmesg = ev.collect(
            "kernel_log", [self.bins.dmesg, "--time-format", "iso"], self.timeouts.query_s
        )
        kernel_lines = [ln for ln in dmesg.stdout.splitlines() if _KERNEL_EVIDENCE.search(ln)]
        ev.parts["kernel_log"]["lines"] = kernel_lines[-MAX_KERNEL_LINES:]
        ev.parts["kernel_log"]["matched"] = len(kernel_lines)

    def _collect_fabric_manager(self, ev: _Evidence) -> None:
        unit = self.cfg.fabric_manager_unit
        # systemctl status exits 3 for an inactive unit: still evidence, not a failure.
        out = ev.collect(
            "fabric_manager_status",
            [self.bins.systemctl, "status", unit, "--no-pager", "--lines=50"],
            self.timeouts.query_s,
            ok_codes=(0, 3),
        )
        ev.parts["fabric_manager_status"]["output"] = excerpt(out.stdout, 8000)
        out = ev.collect(
            "fabric_manager_log",
            [self.bins.journalctl, "-u", unit, "-n", "200", "--no-pager"],
            self.timeouts.query_s,
        )
        ev.parts["fabric_manager_log"]["output"] = excerpt(out.stdout, 16000)

    @staticmethod
    def _collect_gpu_health(ev: _Evidence, health: ToolResult) -> None:
        ev.commands.append(health.query)
        ev.parts["gpu_health"] = {"command": health.query, "ok": health.ok, "data": health.data}
        if not health.ok:
            ev.problems.append(f"gpu_health: {health.error}")

    # -- changes on the node --

    def _unit_state(self, node: str) -> str:
        out = self.reads.run(
            self.shell.argv(node, [self.bins.systemctl, "is-active", self.cfg.fabric_manager_unit]),
            timeout_s=self.timeouts.query_s,
        )
        return out.stdout.strip() or f"unknown ({describe_failure(out)})"

    @toolset_tool("fabric_manager.restart", "mutate")
    def fabric_manager_restart(self, args: FabricManagerArgs) -> ToolResult:
        """Restart NVIDIA Fabric Manager (systemctl restart nvidia-fabricmanager) on an NVSwitch
        node. New CUDA programs fail while it is down: drain the node first. Returns the unit's
        state before and after."""
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        unit = self.cfg.fabric_manager_unit
        before = self._unit_state(args.node)
        outcome = self.writes.run(
            self.shell.argv(args.node, [self.bins.systemctl, "restart", unit]),
            timeout_s=self.timeouts.service_s,
        )
        data: dict[str, Any] = {"node": args.node, "unit": unit, "before": before}
        if outcome.dry_run or not outcome.ok:
            return change_result(outcome, data)
        data["after"] = self._unit_state(args.node)
        if data["after"] != "active":
            return ToolResult.failure(
                f"{unit} restarted but is {data['after']!r}, not active", outcome.command, data
            )
        return ToolResult.success(data, outcome.command)

    @toolset_tool("node.reboot", "destructive")
    def node_reboot(self, args: RebootArgs) -> ToolResult:
        """Reboot a node. warm: an OS reboot (systemctl reboot) on the node; cold: a power cycle
        through the BMC, for a GPU that fell off the bus. Kills everything running there:
        drain and requeue first. Returns once the reboot was requested, not when the node is
        back."""
        data = {"node": args.node, "mode": args.mode}
        if args.mode == "cold":  # through the BMC, from this host, by design
            return self._power_cycle(args.node, data)
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        # --no-block: return as soon as the reboot job is queued, before sshd goes away.
        outcome = self.writes.run(
            self.shell.argv(args.node, [self.bins.systemctl, "--no-block", "reboot"]),
            timeout_s=self.timeouts.reboot_s,
        )
        dropped = outcome.returncode == 255 and "closed" in outcome.stderr.lower()
        remote = self.cfg.remote.effective_mode != "local"
        if remote and dropped and not outcome.dry_run:
            # ssh exits 255 when the node tears the connection down mid-reboot: that is the
            # reboot happening, not a failure to request it.
            return ToolResult.success(
                {**data, "note": "connection closed by rebooting node"}, outcome.command
            )
        return change_result(outcome, data)

    def _power_cycle(self, node: str, data: dict[str, Any]) -> ToolResult:
        if self.cfg.power_cycle is None:
            return ToolResult(
                status="not_configured",
                data=data,
                error="cold reboot needs a BMC power-cycle command (executors power_cycle)",
            )
        argv = [part.replace(NODE_PLACEHOLDER, node) for part in self.cfg.power_cycle]
        return change_result(self.writes.run(argv, timeout_s=self.timeouts.reboot_s), data)

    @toolset_tool("nic.isolate", "mutate")
    def nic_isolate(self, args: NicIsolateArgs) -> ToolResult:
        """Take a flapping or degraded NIC out of the fabric. With `port`: disable that
        InfiniBand port of RDMA device `device` (ibportstate … disable); without: set network
        interface `device` down (ip link set dev … down). Returns the link state before."""
        if (refused := self.shell.refuse(args.node)) is not None:
            return refused
        probe, change = self._nic_commands(args)
        before = self.reads.run(self.shell.argv(args.node, probe), timeout_s=self.timeouts.query_s)
        data = {
            "node": args.node,
            "device": args.device,
            "port": args.port,
            "before": excerpt(before.stdout, 4000) if before.ok else describe_failure(before),
        }
        if not before.ok and not before.dry_run:
            return ToolResult.failure(
                f"{args.device} not found on {args.node}: {describe_failure(before)}",
                shlex.join(self.shell.argv(args.node, change)),
                data,
            )
        outcome = self.writes.run(
            self.shell.argv(args.node, change), timeout_s=self.timeouts.query_s
        )
        return change_result(outcome, data)

    def _nic_commands(self, args: NicIsolateArgs) -> tuple[list[str], list[str]]:
        """(probe, change): how to read the link state, and how to take the link out."""
        bins = self.bins
        if args.port is None:
            probe = [bins.ip, "-brief", "link", "show", "dev", args.device]
            return probe, [bins.ip, "link", "set", "dev", args.device, "down"]
        port = str(args.port)
        # -C/-P select the local HCA port; direct route "0" addresses the local node itself.
        change = [bins.ibportstate, "-C", args.device, "-P", port, "-D", "0", port, "disable"]
        return [bins.ibstat, args.device, port], change


def node_tools(
    cfg: ExecutorsConfig,
    *,
    reads: CommandRunner,
    writes: CommandRunner,
    shell: NodeShell,
    gpu_health: GpuHealth | None = None,
) -> list[Tool]:
    """The node-level tools (:class:`NodeToolset`): dcgm.run_diag, dcgm.run_diag_extended,
    bundle.collect_diagnostics, fabric_manager.restart, node.reboot, nic.isolate."""
    return bind_toolset(
        NodeToolset(cfg, reads=reads, writes=writes, shell=shell, gpu_health=gpu_health)
    )
