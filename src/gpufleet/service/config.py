"""``gpufleet serve``'s configuration: one YAML file, validated strictly at start.

Every key is optional; with no file at all the service runs the demo's simulated fleet in real
time with an in-process bus, SQLite state under the user's state directory (``serve``) and no
model. Unknown keys, wrong types and secrets that cannot be read are :class:`ServeConfigError`
naming the key (the CLI exits 2). Relative paths are relative to the file.

Secrets (API tokens, Slack's) are never in the file: each names a file (``*_file``) or an
environment variable (``*_env``) holding it. They are read once at load; their values are kept
as ``SecretStr`` and never logged.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal, Self

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)

from gpufleet.agents.sre.config import SreConfig
from gpufleet.bus.address import parse_bus_url
from gpufleet.graph.state.url import parse_state_url
from gpufleet.paths import state_dir
from gpufleet.service import secrets
from gpufleet.service.auth import Roles, TokenRole, TokenTable
from gpufleet.service.connections import ConnectionLimits
from gpufleet.service.slack.config import SlackConfig, SlackConfigError, SlackSecrets
from gpufleet.sim.demo import FAN_FAILURE_ONSET_S
from gpufleet.telemetry.untrusted import CONFIG_LIMITS, UntrustedInputError, capped, clip, read_yaml


class ServeConfigError(ValueError):
    """A broken serve config; the message names the file and the key."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class ListenConfig(_Strict):
    host: str = "127.0.0.1"
    port: int = Field(default=8080, ge=0, le=65535)
    # header / read / keep-alive timeouts and the connection limit (service/connections.py)
    connections: ConnectionLimits = Field(default_factory=ConnectionLimits)


class TelemetryConfig(_Strict):
    """What the NOC watches: the same specs as ``gpufleet watch --source``."""

    source: str = Field(
        default="sim",
        description="sim | replay:DIR | dcgm:URL[,URL]|@FILE | prometheus:URL | nvml | "
        "remote-write:[HOST:]PORT",
    )
    interval_s: float = Field(default=15.0, gt=0, description="seconds between polls (live)")
    speed: float = Field(default=1.0, gt=0, description="sim/replay: data seconds per second")
    # sim/replay: data seconds run through at full speed before pacing starts. The demo's
    # faults begin at 2 h (the fan failure at 2.75 h): the default starts the real-time part
    # 2 minutes before the fan fails, with the baselines already learnt, so a first run shows
    # its incident some 7 minutes in (it was 20, with nothing on the page meanwhile).
    fast_forward_s: float = Field(default=FAN_FAILURE_ONSET_S - 120.0, ge=0)
    seed: int = 17
    topology: Path | None = None
    logs: list[str] = Field(default_factory=list, description="kernel logs to follow")
    logs_node: str | None = None
    # a folder of fault reports (telemetry.report_folder): read offsets in state_dir
    reports: Path | None = None
    # poll the Kubernetes API's pod states (GPU Operator pods in CrashLoopBackOff, pods refused
    # with UnexpectedAdmissionError) through the SRE config's kubernetes block
    kube_pods: bool = False
    noc_config: Path | None = None  # the detector's thresholds (gpufleet watch --config)
    history_s: float = Field(
        default=3600.0,
        ge=0,
        description="the history read back before going live — the store's (prometheus) and "
        "the kernel logs' — so a fault already under way at start is met with its before "
        "(0: none)",
    )

    @field_validator("source")
    @classmethod
    def _known_kind(cls, v: str) -> str:
        kind = v.partition(":")[0]
        if kind not in ("sim", "replay", "dcgm", "prometheus", "nvml", "remote-write"):
            raise ValueError(
                f"unknown source {v!r}: use sim, replay:DIR, dcgm:URL[,URL]|@FILE, "
                "prometheus:URL, nvml or remote-write:[HOST:]PORT"
            )
        return v


class ApiToken(_Strict):
    """An API token and the identity decisions made with it are recorded as."""

    identity: str = Field(min_length=1, max_length=200)
    token_file: Path | None = None
    token_env: str | None = None
    # approver / operator: may file approval requests (request_roles); service: software
    # (Alertmanager's webhook) that files nothing and never decides. None: only what the
    # policy gives (an approver listed there).
    roles: tuple[TokenRole, ...] = ()

    @model_validator(mode="after")
    def _exactly_one(self) -> Self:
        if (self.token_file is None) == (self.token_env is None):
            raise ValueError("give exactly one of token_file or token_env")
        if "service" in self.roles and len(set(self.roles)) > 1:
            raise ValueError("a service identity holds no other role")
        return self


class McpConfig(_Strict):
    enabled: bool = False


class PerfConfig(_Strict):
    """The Performance agent in the background: every ``interval_s`` it analyses the last
    ``window_s`` of the metrics store (``metrics_store`` of the SRE config) and publishes its
    recommendations; the actions it proposes wait for a person like any other. ``enabled``
    unset: on when a metrics store is configured (it has nothing to read otherwise)."""

    enabled: bool | None = None
    interval_s: float = Field(default=3600.0, ge=60.0)
    window_s: float = Field(default=86400.0, ge=3600.0, le=31 * 86400.0)


class ServeConfig(_Strict):
    listen: ListenConfig = Field(default_factory=ListenConfig)
    telemetry: TelemetryConfig = Field(default_factory=TelemetryConfig)
    sre_config: Path | None = None  # sre.example.yaml: model, executors, SLURM, metrics store
    policy: Path | None = None  # approvers and pre-approvals; overrides the SRE config's
    state_dir: Path = Field(default_factory=lambda: state_dir("serve"))
    api_tokens: list[ApiToken] = Field(default_factory=list)
    # the roles that may file approval requests through chat, MCP or the API
    request_roles: tuple[Literal["approver", "operator"], ...] = ("approver", "operator")
    slack: SlackConfig | None = None
    mcp: McpConfig = Field(default_factory=McpConfig)
    perf: PerfConfig = Field(default_factory=PerfConfig)
    log_events: bool = True  # one log line per bus event (JSON with --log-json)
    # the bus: None = in-process (one process); nats://HOST:PORT[/PREFIX] = NATS JetStream,
    # shared by several replicas and `gpufleet noc-worker`s (a `nats-server -js`)
    bus: str | None = None
    # shared state: None = SQLite files in state_dir (one replica); postgresql://USER@HOST:PORT/DB
    # = approvals, execution ledger, breaker, audit and checkpoints shared by several replicas
    state: str | None = None

    @field_validator("bus")
    @classmethod
    def _bus_url(cls, v: str | None) -> str | None:
        if v is not None:
            parse_bus_url(v)
        return v

    @field_validator("state")
    @classmethod
    def _state_url(cls, v: str | None) -> str | None:
        if v is not None:
            parse_state_url(v)
        return v


class LoadedConfig(BaseModel):
    """The validated config and its secrets, read."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    config: ServeConfig
    tokens: TokenTable
    slack: SlackSecrets | None = None
    source: str = "embedded defaults"


def read_secret(file: Path | None, env: str | None, key: str) -> SecretStr:
    """The secret of ``key`` from its file or variable; ServeConfigError naming ``key``."""
    try:
        return secrets.read_secret(file, env, key, os.environ)
    except secrets.SecretError as e:
        raise ServeConfigError(str(e)) from None


def load_serve_config(path: str | Path | None) -> LoadedConfig:
    """Read and validate the config (None → embedded defaults), then read its secrets."""
    if path is None:
        return _loaded(ServeConfig(), "embedded defaults")
    path = Path(path)
    try:
        raw = read_yaml(path, limits=CONFIG_LIMITS) or {}
    except OSError as e:
        raise ServeConfigError(f"{path}: cannot read: {e.strerror or e}") from None
    except UntrustedInputError as e:
        raise ServeConfigError(f"{path}: not valid YAML: {e}") from None
    if not isinstance(raw, dict):
        raise ServeConfigError(f"{path}: expected a mapping at the top level")
    try:
        cfg = ServeConfig.model_validate(raw)
    except ValidationError as e:
        raise ServeConfigError(f"{path}: {_problems(e)}") from None
    cfg = _relative_to(cfg, path.parent)
    try:
        return _loaded(cfg, str(path))
    except ServeConfigError as e:
        raise ServeConfigError(f"{path}: {e}") from None


def _problems(e: ValidationError) -> str:
    return "; ".join(
        capped(
            [
                f"{'.'.join(clip(str(x), 80) for x in err['loc']) or 'top level'}: "
                f"{clip(err['msg'], 300)}"
                for err in e.errors()
            ]
        )
    )


def _relative_to(cfg: ServeConfig, base: Path) -> ServeConfig:
    def fix(p: Path | None) -> Path | None:
        return p if p is None or p.is_absolute() else base / p

    tele = cfg.telemetry.model_copy(
        update={
            "topology": fix(cfg.telemetry.topology),
            "noc_config": fix(cfg.telemetry.noc_config),
        }
    )
    tokens = [t.model_copy(update={"token_file": fix(t.token_file)}) for t in cfg.api_tokens]
    slack = cfg.slack
    if slack is not None:
        slack = slack.model_copy(
            update={
                f"{n}_file": fix(getattr(slack, f"{n}_file"))
                for n in ("bot_token", "signing_secret", "app_token")
            }
        )
    updates: dict[str, Any] = {
        "telemetry": tele,
        "api_tokens": tokens,
        "slack": slack,
        "sre_config": fix(cfg.sre_config),
        "policy": fix(cfg.policy),
        "state_dir": fix(cfg.state_dir),
    }
    return cfg.model_copy(update=updates)


def _loaded(cfg: ServeConfig, source: str) -> LoadedConfig:
    tokens: dict[str, str] = {}
    roles: dict[str, frozenset[TokenRole]] = {}
    for i, t in enumerate(cfg.api_tokens):
        roles[t.identity] = roles.get(t.identity, frozenset()) | frozenset(t.roles)
        secret = read_secret(t.token_file, t.token_env, f"api_tokens.{i}.token").get_secret_value()
        if secret in tokens:
            raise ServeConfigError(f"api_tokens.{i}: the same token as another entry")
        tokens[secret] = t.identity
    slack = None
    if cfg.slack is not None:
        try:
            slack = cfg.slack.secrets()
        except SlackConfigError as e:
            raise ServeConfigError(str(e)) from None
    table = TokenTable.of(tokens, Roles(roles, frozenset(cfg.request_roles)))
    return LoadedConfig(config=cfg, tokens=table, slack=slack, source=source)


def perf_enabled(config: ServeConfig, sre_config: SreConfig) -> bool:
    """Whether ``gpufleet serve`` runs the Performance agent: it reads the metrics store."""
    return sre_config.metrics_store is not None and config.perf.enabled is not False
