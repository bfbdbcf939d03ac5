"""Configuration of the node-level executors (nvidia-smi, DCGM, node commands, tickets, notices).

Leaf module: pydantic only. Every field has a safe default: dry-run on, node commands run on
this host and only for this host (``remote.mode: local``) with the binaries found on ``PATH``,
no ticket or notification sink (those tools then answer ``not_configured`` instead of
pretending to have sent anything).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

NODE_PLACEHOLDER = "{node}"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


RemoteMode = Literal["local", "ssh", "srun", "prefix"]
# The argv templates of the built-in modes, and whether each hands the command to a remote
# shell that re-splits it (ssh does; srun execs the argv as given).
REMOTE_TEMPLATES: dict[str, tuple[tuple[str, ...], bool]] = {
    "ssh": (("ssh", "-o", "BatchMode=yes", NODE_PLACEHOLDER), True),
    "srun": (("srun", "-N1", "-w", NODE_PLACEHOLDER, "--overlap", "--"), False),
}
_HOST_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$")


class RemoteConfig(_Strict):
    """How a node command (nvidia-smi, dcgmi, nvidia-bug-report.sh, a GPU reset, a reboot)
    reaches the node it is meant for. It runs on that node or not at all.

    ``mode``:

    - ``local``: on this host, and only for the node named ``local_node`` (default: this
      host's short hostname, looked up when the executors start). A command for any other
      node is refused with a structured ``denied`` result and never runs: evidence from the
      wrong machine, or a reset of the wrong GPU, is worse than none.
    - ``ssh``: ``ssh -o BatchMode=yes {node} '<command>'`` (keys and ``~/.ssh/config`` as
      usual; the command travels as one shell-quoted word).
    - ``srun``: ``srun -N1 -w {node} --overlap -- <command>`` (SLURM's own way onto a node).
    - ``prefix``: the argv template ``prefix`` with ``{node}`` (pdsh, ``kubectl exec``, a
      per-node agent); ``via_shell`` says whether it re-splits the command in a remote shell
      (ssh, pdsh do; srun, kubectl exec do not).

    Unset, the mode is ``prefix`` when a prefix is given and ``local`` otherwise.
    """

    mode: RemoteMode | None = None
    local_node: str | None = None
    prefix: list[str] = Field(default_factory=list)
    via_shell: bool = True

    @field_validator("prefix")
    @classmethod
    def _names_the_node(cls, v: list[str]) -> list[str]:
        if v and not any(NODE_PLACEHOLDER in part for part in v):
            raise ValueError(
                f"remote.prefix {v!r} never mentions {NODE_PLACEHOLDER}: every command would "
                "go to the same host whatever node it is meant for"
            )
        return v

    @field_validator("local_node")
    @classmethod
    def _hostname(cls, v: str | None) -> str | None:
        if v is not None and not _HOST_RE.fullmatch(v):
            raise ValueError(f"remote.local_node {v!r} is not a hostname")
        return v

    @model_validator(mode="after")
    def _prefix_only_with_its_mode(self) -> RemoteConfig:
        if self.mode == "prefix" and not self.prefix:
            raise ValueError("remote.mode prefix needs remote.prefix (an argv with {node})")
        if self.mode in ("local", "ssh", "srun") and self.prefix:
            raise ValueError(f"remote.prefix is used with mode: prefix, not mode: {self.mode}")
        return self

    @property
    def effective_mode(self) -> RemoteMode:
        if self.mode is not None:
            return self.mode
        return "prefix" if self.prefix else "local"

    def template(self) -> tuple[tuple[str, ...], bool]:
        """(argv prefix with ``{node}``, whether it goes through a remote shell); local: ()."""
        mode = self.effective_mode
        if mode == "local":
            return (), False
        if mode == "prefix":
            return tuple(self.prefix), self.via_shell
        return REMOTE_TEMPLATES[mode]


class BinariesConfig(_Strict):
    """Paths (or names looked up on the node's PATH) of the programs the executors run."""

    nvidia_smi: str = "nvidia-smi"
    dcgmi: str = "dcgmi"
    nvidia_bug_report: str = "nvidia-bug-report.sh"
    dmesg: str = "dmesg"
    systemctl: str = "systemctl"
    journalctl: str = "journalctl"
    ip: str = "ip"
    ibstat: str = "ibstat"
    ibportstate: str = "ibportstate"

    @field_validator("*")
    @classmethod
    def _not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("a binary path cannot be empty")
        return v


class TimeoutsConfig(_Strict):
    """Seconds each kind of command may run before it is reported as timed out."""

    query_s: float = Field(default=60, gt=0)
    reset_s: float = Field(default=300, gt=0)
    power_limit_s: float = Field(default=60, gt=0)
    # DCGM: level 1 takes seconds, level 2 about two minutes, level 3 ~30 min, level 4 ~hours.
    diag_short_s: float = Field(default=1200, gt=0)
    diag_extended_s: float = Field(default=3 * 3600, gt=0)
    bug_report_s: float = Field(default=900, gt=0)
    service_s: float = Field(default=600, gt=0)
    reboot_s: float = Field(default=120, gt=0)


class SinkConfig(_Strict):
    """Where tickets or notices go: a JSON-lines file, an HTTP webhook, or both.

    ``payload``: ``json`` posts the full structured record; ``slack`` posts
    ``{"text": ...}`` (Slack/Mattermost/Teams-compatible incoming webhooks).
    ``bearer_token_env`` names an environment variable holding a token for the webhook's
    ``Authorization: Bearer`` header (the token itself never sits in a config file).
    """

    json_path: Path | None = None
    webhook_url: str | None = None
    timeout_s: float = Field(default=10, gt=0)
    payload: Literal["json", "slack"] = "json"
    bearer_token_env: str | None = None

    @field_validator("webhook_url")
    @classmethod
    def _http_url(cls, v: str | None) -> str | None:
        if v is not None and not v.startswith(("http://", "https://")):
            raise ValueError(f"webhook_url {v!r} must be an http:// or https:// URL")
        return v

    @property
    def configured(self) -> bool:
        return self.json_path is not None or self.webhook_url is not None


class ExecutorsConfig(_Strict):
    """Everything the node-level executors need.

    ``dry_run`` (default on): state-changing commands are recorded, never run, and tickets or
    notices are neither written nor sent. Reads always run, so a dry run shows true state.
    """

    dry_run: bool = True
    remote: RemoteConfig = Field(default_factory=RemoteConfig)
    binaries: BinariesConfig = Field(default_factory=BinariesConfig)
    timeouts: TimeoutsConfig = Field(default_factory=TimeoutsConfig)
    # Directory on the node where nvidia-bug-report.sh writes its archive.
    bundle_dir: str = "/var/tmp"
    fabric_manager_unit: str = "nvidia-fabricmanager"
    # Cold reboot (power cycle) goes through the BMC, from this host, not through the node:
    # an argv template with {node}, e.g. ["ipmitool", "-I", "lanplus", "-H", "{node}-bmc",
    # "-U", "admin", "-E", "chassis", "power", "cycle"]. Unset: cold reboots are refused.
    power_cycle: list[str] | None = None
    tickets: SinkConfig = Field(default_factory=SinkConfig)
    notify_users: SinkConfig = Field(default_factory=SinkConfig)
    notify_facilities: SinkConfig = Field(default_factory=SinkConfig)

    @field_validator("bundle_dir")
    @classmethod
    def _absolute_dir(cls, v: str) -> str:
        if not v.startswith("/") or any(c.isspace() for c in v):
            raise ValueError(f"bundle_dir {v!r} must be an absolute path without spaces")
        return v.rstrip("/") or "/"

    @model_validator(mode="after")
    def _power_cycle_names_node(self) -> ExecutorsConfig:
        if self.power_cycle is not None and not any(
            NODE_PLACEHOLDER in part for part in self.power_cycle
        ):
            raise ValueError(f"power_cycle {self.power_cycle!r} never mentions {NODE_PLACEHOLDER}")
        return self
