"""Model backend configuration: one strict document selects where structured answers come from.

``backend``:
- ``none``: no model; every agent uses its deterministic path.
- ``openai``: any OpenAI-compatible server (vLLM, llama.cpp ``llama-server``, Ollama's ``/v1``,
  a hosted API) at ``base_url``.
- ``ollama``: Ollama's native API (``/api/chat`` with ``format`` = JSON schema) at ``base_url``.
- ``local``: the bundled GGUF model served by a llama.cpp server that gpufleet starts itself on
  127.0.0.1 (needs the ``local-llm`` extra).

The API key is never part of the configuration: ``api_key_env`` names the environment variable
that holds it, and the key is read only when a client is built.

:func:`load_model_config` and :func:`model_config_from_mapping` raise only
:class:`ModelConfigError`: the file is read through :mod:`telemetry.untrusted` (at most 1 MiB,
UTF-8, YAML nested ≤ 64 levels and ≤ 20,000 values with aliases expanded, checked before the
recursive loader runs; the message names the line); NaN and infinite numbers are refused.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from gpufleet.telemetry.untrusted import (
    CONFIG_LIMITS,
    UntrustedInputError,
    capped,
    clip,
    read_yaml,
    with_label,
)

Backend = Literal["none", "openai", "ollama", "local"]
BundledModelName = Literal["qwen2.5-coder-0.5b", "qwen2.5-coder-1.5b"]
# How the JSON schema travels to an OpenAI-compatible server. llama.cpp servers answer
# `json_schema` with HTTP 500 in some builds but honour `{"type": "json_object", "schema": …}`
# with grammar-constrained decoding; vLLM and hosted APIs want `json_schema`; `json_object`
# alone works everywhere that has JSON mode (the schema is in the prompt too).
StructuredOutput = Literal["json_object+schema", "json_schema", "json_object"]

DEFAULT_OLLAMA_URL = "http://127.0.0.1:11434"
_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class ModelConfigError(ValueError):
    """The model configuration is wrong; the message says what and where."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class LocalModelConfig(_Strict):
    """The model file and the llama.cpp server that gpufleet starts for it: the bundled model
    (``model``) or a site's own vetted GGUF file (``path``, with its ``sha256``)."""

    model: BundledModelName = "qwen2.5-coder-0.5b"
    # A site's own GGUF file instead of the bundled one (whose pieces come from third-party
    # packages). With ``sha256`` the file is hashed and refused on a mismatch before every load.
    path: Path | None = None
    sha256: str | None = Field(default=None, pattern=r"^[0-9a-fA-F]{64}$")
    threads: int = Field(default=2, ge=1, le=512)
    # 8192: a real diagnosis prompt is ~2-4k tokens (evidence + candidates) plus the answer
    n_ctx: int = Field(default=8192, ge=512, le=131072)
    # None: $GPUFLEET_MODEL_CACHE, else models/ in the user's cache (gpufleet.paths.cache_home)
    cache_dir: Path | None = None
    start_timeout_s: float = Field(default=120.0, gt=0)

    @model_validator(mode="after")
    def _sha_needs_path(self) -> LocalModelConfig:
        if self.sha256 is not None and self.path is None:
            raise ValueError(
                "sha256 pins a site's own model file: set path too (the bundled model's hash "
                "is built in)"
            )
        if self.path is not None and "model" in self.model_fields_set:
            raise ValueError("set either model (a bundled model) or path (your own GGUF file)")
        return self


LOCAL_TIMEOUT_S = 120.0


class ModelConfig(_Strict):
    backend: Backend = "none"
    base_url: str | None = None
    model: str | None = None
    api_key_env: str | None = None
    timeout_s: float = Field(default=20.0, gt=0, le=3600)
    max_tokens: int = Field(default=400, ge=1, le=32768)
    # Deterministic decoding: a diagnosis must be reproducible from the same evidence.
    temperature: float = Field(default=0.0, ge=0.0, le=2.0)
    seed: int | None = 0
    structured_output: StructuredOutput = "json_object+schema"
    local: LocalModelConfig = Field(default_factory=LocalModelConfig)

    @model_validator(mode="before")
    @classmethod
    def _local_timeout(cls, data: Any) -> Any:
        # The bundled model runs on this host's CPU: a diagnosis prompt (~2.5k tokens) takes
        # 30-40 s on 2 cores. Unless the file says otherwise, wait 120 s for it; servers with
        # a GPU answer within the 20 s default.
        if isinstance(data, dict) and data.get("backend") == "local" and "timeout_s" not in data:
            return {**data, "timeout_s": LOCAL_TIMEOUT_S}
        return data

    @field_validator("api_key_env")
    @classmethod
    def _env_name_not_key(cls, value: str | None) -> str | None:
        # A pasted secret ("sk-…", a JWT) is not a valid variable name; refuse it loudly rather
        # than keep a key in a file that ends up in git.
        if value is not None and not _ENV_NAME.match(value):
            raise ValueError(
                "api_key_env must be the NAME of an environment variable holding the key "
                "(e.g. OPENAI_API_KEY), never the key itself"
            )
        return value

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError(f"base_url must start with http:// or https://, got {value!r}")
        return value.rstrip("/") if value is not None else None

    @model_validator(mode="after")
    def _backend_needs(self) -> ModelConfig:
        if self.backend == "openai":
            if self.base_url is None:
                raise ValueError("backend 'openai' needs base_url (e.g. http://127.0.0.1:8000/v1)")
            if not self.model:
                raise ValueError("backend 'openai' needs model (the served model name)")
        elif self.backend == "ollama":
            if not self.model:
                raise ValueError("backend 'ollama' needs model (e.g. qwen2.5-coder:1.5b)")
        elif self.backend == "local" and (self.base_url is not None or self.model is not None):
            raise ValueError(
                "backend 'local' starts its own server: set local.model instead of base_url/model"
            )
        return self

    @property
    def ollama_url(self) -> str:
        return self.base_url or DEFAULT_OLLAMA_URL

    def api_key(self) -> str | None:
        """The key from the environment, read now; None when no variable is named."""
        if self.api_key_env is None:
            return None
        key = os.environ.get(self.api_key_env)
        if not key:
            raise ModelConfigError(
                f"api_key_env names {self.api_key_env!r}, but that environment variable is unset"
            )
        return key


def _describe(error: ValidationError, source: str) -> str:
    lines = [f"{source}: invalid model configuration"]
    problems = []
    for item in error.errors():
        where = ".".join(clip(part, 80) for part in item["loc"]) or "(top level)"
        if item["type"] == "extra_forbidden":
            problems.append(f"  {where}: unknown key")
        else:
            problems.append(f"  {where}: {clip(item['msg'], 300)}")
    return "\n".join(lines + capped(problems))


def model_config_from_mapping(data: Any, source: str = "model config") -> ModelConfig:
    if data is None:
        return ModelConfig()
    if not isinstance(data, dict):
        raise ModelConfigError(f"{source}: expected a mapping, got {type(data).__name__}")
    try:
        return ModelConfig.model_validate(data)
    except ValidationError as error:
        raise ModelConfigError(_describe(error, source)) from None


def load_model_config(path: str | Path) -> ModelConfig:
    """Read a model configuration YAML file (see models.example.yaml)."""
    path = Path(path)
    try:
        data = read_yaml(path, limits=CONFIG_LIMITS)
    except OSError as error:
        raise ModelConfigError(f"{path}: cannot read model configuration: {error}") from None
    except UntrustedInputError as error:
        raise ModelConfigError(with_label(error, str(path), "not valid YAML")) from None
    cfg = model_config_from_mapping(data, str(path))
    model_file = cfg.local.path
    if model_file is not None and not model_file.is_absolute():
        # relative to the file, not to where gpufleet was started
        local = cfg.local.model_copy(update={"path": path.parent / model_file})
        cfg = cfg.model_copy(update={"local": local})
    return cfg
