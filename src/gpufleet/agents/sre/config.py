"""The SRE agent's configuration: one strict YAML file (``sre.example.yaml``).

Every part has a safe default, so ``gpufleet diagnose`` works with no file at all: no model
(deterministic path), an empty policy (nothing pre-approved), executors in dry-run, SLURM not
wired, state under the user's state directory (:func:`gpufleet.paths.state_dir`). Unknown keys
are errors that name the key.

:func:`load_sre_config` raises only :class:`SreConfigError`: the file is read through
:mod:`telemetry.untrusted` (at most 1 MiB, UTF-8, YAML nested ≤ 64 levels and ≤ 20,000 values
with aliases expanded, checked before the recursive loader runs; the message names the line);
NaN and infinite numbers are refused.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from gpufleet.graph.executors.config import ExecutorsConfig
from gpufleet.graph.executors.k8s_config import KubernetesConfig
from gpufleet.graph.models.config import ModelConfig
from gpufleet.graph.state.layout import StateLayout
from gpufleet.graph.state.url import parse_state_url
from gpufleet.paths import state_dir
from gpufleet.telemetry.untrusted import (
    CONFIG_LIMITS,
    UntrustedInputError,
    capped,
    clip,
    read_yaml,
    with_label,
)

# How to make a tool of the runbook vocabulary run, for the ones a deployment may lack: shown
# in the step a plan skips (or stops at) because the tool is not configured.
_HOW_TO_CONFIGURE: dict[str, str] = {
    "slurm.": "slurm.enabled: true in the SRE config (sre.yaml); slurm.dry_run: false to act",
    "k8s.": "kubernetes.enabled: true in the SRE config (sre.yaml), with kubernetes.kubeconfig "
    "or kubernetes.in_cluster; kubernetes.dry_run: false to act",
    "metrics.": "metrics_store.url in the SRE config",
    "kernel_log.": "kernel_log in the SRE config",
    "changes.": "change_log in the SRE config",
}


def how_to_configure(tool: str) -> str:
    """The configuration key that makes ``tool`` available (or why nothing can)."""
    for prefix, how in _HOW_TO_CONFIGURE.items():
        if tool.startswith(prefix):
            return how
    return f"{tool} has no executor in this configuration"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class SlurmConfig(_Strict):
    """The SLURM executor. Off by default: scheduler evidence then comes from the recorded
    incident (replay) or is reported as not configured (live)."""

    enabled: bool = False
    slurm_conf: Path | None = Field(
        default=None, description="SLURM_CONF for scontrol/squeue (default: the system's)"
    )
    dry_run: bool = True  # drains and resumes are recorded, not run, until this is false
    reason_prefix: str = "gpufleet"


class MetricsStoreConfig(_Strict):
    """Where live evidence, the chat's metric answers and plots, and the Performance agent read
    metrics history: the HTTP API root of Prometheus or VictoriaMetrics."""

    url: str = Field(
        description="http(s)://HOST[:PORT][/PREFIX], e.g. http://victoria-metrics:8428"
    )
    selector: str = ""  # extra PromQL label matchers, e.g. 'cluster="a"'
    timeout_s: float = Field(default=10, gt=0)

    @field_validator("url")
    @classmethod
    def _api_root(cls, v: str) -> str:
        # checked here, not at the first query: a typo would otherwise read as "no data"
        # in every diagnosis and chat answer until someone reads the log
        parts = urlsplit(v)
        try:
            parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
        except ValueError:
            parts = parts._replace(netloc="")
        if parts.scheme not in ("http", "https") or not parts.hostname or parts.query:
            raise ValueError(
                "expected the HTTP API root of Prometheus or VictoriaMetrics, "
                f"http(s)://HOST[:PORT][/PREFIX] such as http://victoria-metrics:8428; got {v!r}"
            )
        return v.rstrip("/")


class SreConfig(_Strict):
    # default: gpufleet.paths.state_dir() (the user's state directory; ./.gpufleet in a checkout)
    state_dir: Path = Field(default_factory=state_dir)
    # approvals, ledger, breaker, audit and checkpoints in PostgreSQL (postgresql://USER@HOST:
    # PORT/DB), shared by several replicas; None: SQLite files in state_dir
    state: str | None = None
    policy: Path | None = None  # graph.approvals.policy YAML; none = nothing pre-approved
    model: ModelConfig = Field(default_factory=ModelConfig)
    executors: ExecutorsConfig = Field(default_factory=ExecutorsConfig)
    slurm: SlurmConfig = Field(default_factory=SlurmConfig)
    kubernetes: KubernetesConfig = Field(default_factory=KubernetesConfig)
    metrics_store: MetricsStoreConfig | None = None
    kernel_log: Path | None = None  # live: a journal/kern.log file to search
    # live: driver / firmware / config changes as JSON lines {"time", "node", "kind", "detail"}
    # (exported from your CMDB, Ansible/Salt runs or the image pipeline)
    change_log: Path | None = None
    max_hypotheses: int = Field(default=5, ge=1, le=20)

    @field_validator("state")
    @classmethod
    def _state_url(cls, v: str | None) -> str | None:
        if v is not None:
            parse_state_url(v)  # StateUrlError is a ValueError: reported under the key
        return v

    @property
    def layout(self) -> StateLayout:
        """Where the stores live (SQLite files in ``state_dir`` or the ``state`` database)."""
        return StateLayout.of(self.state_dir, self.state)


class SreConfigError(ValueError):
    """A broken SRE config file; the message names the file, the line or the key."""


def load_sre_config(path: str | Path | None) -> SreConfig:
    """Read ``sre.yaml`` (None → defaults); raises :class:`SreConfigError` (see the module)."""
    if path is None:
        return SreConfig()
    path = Path(path)
    try:
        raw = read_yaml(path, limits=CONFIG_LIMITS) or {}
    except OSError as e:
        raise SreConfigError(f"{path}: cannot read: {e.strerror or e}") from None
    except UntrustedInputError as e:
        raise SreConfigError(with_label(e, str(path), "not valid YAML")) from None
    if not isinstance(raw, dict):
        raise SreConfigError(f"{path}: expected a mapping at the top level")
    try:
        cfg = SreConfig.model_validate(raw)
    except ValidationError as e:
        problems = "; ".join(
            capped(
                [
                    f"{'.'.join(clip(x, 80) for x in err['loc'])}: {clip(err['msg'], 300)}"
                    for err in e.errors()
                ]
            )
        )
        raise SreConfigError(f"{path}: {problems}") from None
    base = path.parent
    # relative paths in the file are relative to the file, not to where gpufleet was started
    updates: dict[str, Any] = {}
    if cfg.policy is not None and not cfg.policy.is_absolute():
        updates["policy"] = base / cfg.policy
    if not cfg.state_dir.is_absolute() and "state_dir" in raw:
        updates["state_dir"] = base / cfg.state_dir
    kubeconfig = cfg.kubernetes.kubeconfig
    if kubeconfig is not None and not kubeconfig.is_absolute():
        updates["kubernetes"] = cfg.kubernetes.model_copy(update={"kubeconfig": base / kubeconfig})
    model_file = cfg.model.local.path
    if model_file is not None and not model_file.is_absolute():
        local = cfg.model.local.model_copy(update={"path": base / model_file})
        cfg = cfg.model_copy(update={"model": cfg.model.model_copy(update={"local": local})})
    return cfg.model_copy(update=updates) if updates else cfg
