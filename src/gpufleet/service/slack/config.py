"""Slack settings (the ``slack:`` section of the service's config) and their secrets.

Strict: an unknown key or a wrong type is an error naming the key. Secrets (bot token, signing
secret, app token) never appear in the file: each is read from a file (``*_file``, e.g. a
mounted Kubernetes secret) or an environment variable (``*_env`` names the variable), exactly one
of the two. They are read once at start by :meth:`SlackConfig.secrets` into ``SecretStr`` values
whose ``repr`` hides them, so a logged config or traceback never shows one.

HTTP mode (``POST /slack/events``) needs the signing secret; Socket Mode needs the app token
(``xapp-…``); at least one of them must be configured. ``api_base_url`` exists so tests point
slack_sdk at a local stand-in for the Web API; leave it at Slack's default in production.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, field_validator, model_validator

from gpufleet.service.secrets import SecretError, read_secret

SLACK_API_BASE_URL: Final = "https://slack.com/api/"
SLACK_USER_ID_PATTERN: Final = r"^[UW][A-Z0-9]{2,}$"


class SlackConfigError(ValueError):
    """A Slack setting or secret is missing or unusable; the message names the key."""


class SlackConfig(BaseModel):
    """The ``slack:`` section. ``approvers`` maps Slack user ids to approver names of the
    policy (the policy's own ``approvers[].slack_user_id`` count too; the two must agree)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    channel: str = Field(min_length=1, description="channel id (C…) or name the bot posts to")
    bot_token_file: Path | None = None
    bot_token_env: str | None = None
    signing_secret_file: Path | None = None
    signing_secret_env: str | None = None
    app_token_file: Path | None = None
    app_token_env: str | None = None
    api_base_url: str = SLACK_API_BASE_URL
    approvers: dict[str, str] = Field(default_factory=dict)
    # incidents below this are kept and posted only if they escalate to it
    min_severity: Literal["info", "warning", "critical"] = "warning"
    retry_initial_s: float = Field(default=1.0, gt=0)
    retry_max_s: float = Field(default=300.0, gt=0)
    # A send Slack itself refuses (ok: false, e.g. channel_not_found) is retried this many times
    # before it is set aside as dead; outages and rate limits never count against it.
    max_refusals: int = Field(default=8, ge=1)
    # The web page's address as people reach it (e.g. https://gpufleet.example.org/): answers to
    # questions asked in a thread link their sources there; unset, sources are shown as code.
    web_url: str | None = None

    @field_validator("api_base_url")
    @classmethod
    def _http_url(cls, v: str) -> str:
        if not v.startswith(("https://", "http://")):
            raise ValueError("api_base_url must be an http(s) URL")
        return v if v.endswith("/") else v + "/"

    @field_validator("web_url")
    @classmethod
    def _web_url(cls, v: str | None) -> str | None:
        if v is None:
            return v
        if not v.startswith(("https://", "http://")) or re.search(r"[\s<>|]", v):
            raise ValueError("web_url must be an http(s) URL (no spaces, <, > or |)")
        return v

    @field_validator("approvers")
    @classmethod
    def _slack_ids(cls, v: dict[str, str]) -> dict[str, str]:
        bad = [k for k in v if not re.fullmatch(SLACK_USER_ID_PATTERN, k)]
        if bad:
            raise ValueError(f"not Slack user ids (U… or W…): {', '.join(sorted(bad))}")
        blank = [k for k, name in v.items() if not name.strip()]
        if blank:
            raise ValueError(f"no approver name for {', '.join(sorted(blank))}")
        return v

    @model_validator(mode="after")
    def _one_source_each(self) -> SlackConfig:
        problems = []
        for name in ("bot_token", "signing_secret", "app_token"):
            given = [k for k in (f"{name}_file", f"{name}_env") if getattr(self, k) is not None]
            if len(given) > 1:
                problems.append(f"give one of {name}_file and {name}_env, not both")
        if self.bot_token_file is None and self.bot_token_env is None:
            problems.append("bot_token_file or bot_token_env is required")
        has_http = self.signing_secret_file is not None or self.signing_secret_env is not None
        has_socket = self.app_token_file is not None or self.app_token_env is not None
        if not (has_http or has_socket):
            problems.append(
                "give signing_secret_file/_env (HTTP mode) or app_token_file/_env (Socket Mode)"
            )
        if problems:
            raise ValueError("; ".join(problems))
        return self

    def secrets(self, environ: Mapping[str, str] | None = None) -> SlackSecrets:
        """Read the configured secrets; raises :class:`SlackConfigError` naming the key."""
        env = os.environ if environ is None else environ
        bot = _secret(self, "bot_token", env)
        assert bot is not None  # required by the validator
        return SlackSecrets(
            bot_token=bot,
            signing_secret=_secret(self, "signing_secret", env),
            app_token=_secret(self, "app_token", env),
        )


@dataclass(frozen=True)
class SlackSecrets:
    bot_token: SecretStr
    signing_secret: SecretStr | None  # None: no HTTP mode
    app_token: SecretStr | None  # None: no Socket Mode


def _secret(config: SlackConfig, name: str, env: Mapping[str, str]) -> SecretStr | None:
    path: Path | None = getattr(config, f"{name}_file")
    var: str | None = getattr(config, f"{name}_env")
    if path is None and var is None:
        return None
    try:
        return read_secret(path, var, f"slack.{name}", env)
    except SecretError as e:
        raise SlackConfigError(str(e)) from None
