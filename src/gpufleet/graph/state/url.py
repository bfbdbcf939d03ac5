"""Where shared state lives: ``postgresql://USER[:PASSWORD]@HOST[:PORT]/DB[?…]`` (several
replicas) or nothing (SQLite files in the state directory, the default). Parsing only."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

SCHEMES = ("postgresql", "postgres")


class StateUrlError(ValueError):
    """A state URL this code cannot use; the message says what to write instead."""


@dataclass(frozen=True)
class PostgresUrl:
    """A PostgreSQL database given as a libpq URL (passed to psycopg as is)."""

    url: str

    @property
    def display(self) -> str:
        """The URL without its password: what logs and error messages show."""
        parts = urlsplit(self.url)
        if parts.password is None:
            return self.url
        host = parts.hostname or ""
        netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit(parts._replace(netloc=netloc))


def parse_state_url(text: str) -> PostgresUrl:
    """``text`` as a PostgreSQL URL; :class:`StateUrlError` naming the problem otherwise."""
    parts = urlsplit(text.strip())
    if parts.scheme not in SCHEMES:
        raise StateUrlError(
            f"state {text!r}: expected postgresql://USER@HOST:PORT/DB "
            "(leave the state out for SQLite files in the state directory)"
        )
    try:
        parts.port  # noqa: B018 (raises ValueError for a port that is not a number)
    except ValueError:
        raise StateUrlError(
            f"state {PostgresUrl(text).display!r}: the port is not a number"
        ) from None
    if not parts.path.strip("/"):
        raise StateUrlError(f"state {PostgresUrl(text).display!r}: name the database (…/DB)")
    return PostgresUrl(text.strip())
