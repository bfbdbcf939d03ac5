"""All the node-level executor tools from one configuration: nvidia-smi, DCGM, node commands,
tickets and notices (the SLURM, K8s and read-only knowledge tools are built elsewhere).

Dry-run is decided here, once: with ``cfg.dry_run`` the writes runner records commands and runs
none, and tickets/notices are neither written nor sent. A live writes runner handed in while
the configuration says dry-run is refused rather than silently obeyed.
"""

from __future__ import annotations

from gpufleet.graph.executors.config import ExecutorsConfig
from gpufleet.graph.executors.node import NodeShell, local_hostname, node_tools
from gpufleet.graph.executors.nvidia_smi import gpu_health_snapshot, nvidia_smi_tools
from gpufleet.graph.executors.runner import CommandRunner, DryRunRunner, SubprocessRunner
from gpufleet.graph.executors.tickets import ticket_tools
from gpufleet.graph.tools import Tool


def executor_tools(
    cfg: ExecutorsConfig,
    *,
    reads: CommandRunner | None = None,
    writes: CommandRunner | None = None,
    shell: NodeShell | None = None,
) -> list[Tool]:
    """Build every executor tool. ``reads`` defaults to running commands for real; ``writes``
    to a :class:`DryRunRunner` when ``cfg.dry_run`` (the default), else a real runner.
    ``shell`` reaches the nodes: default, ``cfg.remote`` with this host's short hostname (in
    ``remote.mode: local`` a command for any other node is refused)."""
    if writes is None:
        writes = DryRunRunner() if cfg.dry_run else SubprocessRunner()
    elif cfg.dry_run and not writes.dry_run:
        raise ValueError(
            "executors: the configuration says dry_run but a live writes runner was given; "
            "set dry_run: false to let changes run"
        )
    reads = reads if reads is not None else SubprocessRunner()
    shell = shell or NodeShell(cfg.remote, this_host=local_hostname())
    smi = nvidia_smi_tools(cfg, reads=reads, writes=writes, shell=shell)
    query = next(t for t in smi if t.name == "nvidia_smi.query")
    return [
        *smi,
        *node_tools(
            cfg, reads=reads, writes=writes, shell=shell, gpu_health=gpu_health_snapshot(query)
        ),
        *ticket_tools(cfg, dry_run=writes.dry_run),
    ]
