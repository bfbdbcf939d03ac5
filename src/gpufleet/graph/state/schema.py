"""A store's tables, per dialect (a leaf: the SQLite and PostgreSQL openers both read it)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Schema:
    """A store's tables: its version, its DDL per dialect, SQLite's in-place upgrades."""

    version: int
    sqlite: Sequence[str]
    postgresql: Sequence[str]
    migrations: Mapping[int, Sequence[str]] = field(default_factory=dict)
