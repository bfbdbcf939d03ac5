"""Where each store of one deployment lives: SQLite files in the state directory (the default),
or one PostgreSQL database shared by several replicas. The one place that picks."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from gpufleet.graph.state.database import Location
from gpufleet.graph.state.url import PostgresUrl, parse_state_url


@dataclass(frozen=True)
class StateLayout:
    """Approvals, the execution ledger and the breaker share one place (``approvals``); the
    audit log, LangGraph's checkpoints, Slack's state and the shadow ledger have their own
    files (one database with ``url``). Files that stay per replica (the event log, the
    Alertmanager intake journal, thread origins) are always under ``state_dir``."""

    state_dir: Path
    url: PostgresUrl | None = None

    @classmethod
    def of(cls, state_dir: Path, state: str | None) -> StateLayout:
        """``state``: a ``postgresql://`` URL or None; raises StateUrlError for anything else."""
        return cls(state_dir, parse_state_url(state) if state is not None else None)

    def _file(self, name: str) -> Location:
        return self.url if self.url is not None else self.state_dir / name

    @property
    def approvals(self) -> Location:
        return self._file("approvals.db")

    @property
    def audit(self) -> Location:
        return self._file("audit.db")

    @property
    def checkpoints(self) -> Location:
        return self._file("checkpoints.db")

    @property
    def slack(self) -> Location:
        return self._file("slack.db")

    @property
    def shadow(self) -> Location:
        return self._file("shadow.db")

    def has_approvals(self) -> bool:
        """Whether there can be approvals to read (a database always may; a file must exist)."""
        return self.url is not None or (self.state_dir / "approvals.db").exists()

    def describe(self) -> str:
        return self.url.display if self.url is not None else str(self.state_dir)
