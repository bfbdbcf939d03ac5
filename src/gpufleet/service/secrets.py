"""Reading one secret (an API token, Slack's bot token or signing secret) from a file or an
environment variable, for every config of the service.

A secret file is read capped (a secret is small; a mounted device or a log file named by
mistake must not be read whole), must be UTF-8, and is stripped of surrounding whitespace (the
trailing newline of ``echo tok > file``). Empty or unset is an error. The value comes back as a
``SecretStr``, whose ``repr`` hides it, so a logged config or a traceback never shows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Final

from pydantic import SecretStr

MAX_SECRET_BYTES: Final = 4096


class SecretError(ValueError):
    """The secret cannot be read; the message names the key (``<key>_file`` / ``<key>_env``)."""


def read_secret(
    file: Path | None, env: str | None, key: str, environ: Mapping[str, str]
) -> SecretStr:
    """The secret of ``key`` from ``file`` or the variable ``env`` (exactly one is given)."""
    if file is not None:
        text, where = _from_file(file, key), f"{key}_file ({file})"
    else:
        assert env is not None
        text, where = environ.get(env, "").strip(), f"{key}_env (${env})"
    if not text:
        raise SecretError(f"{where}: the secret is empty or unset")
    return SecretStr(text)


def _from_file(file: Path, key: str) -> str:
    try:
        with file.open("rb") as fh:
            raw = fh.read(MAX_SECRET_BYTES + 1)
    except OSError as e:
        raise SecretError(f"{key}_file: cannot read {file}: {e.strerror or e}") from None
    if len(raw) > MAX_SECRET_BYTES:
        raise SecretError(f"{key}_file: {file} is over {MAX_SECRET_BYTES} bytes")
    try:
        return raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        raise SecretError(f"{key}_file: {file} is not UTF-8 text") from None
