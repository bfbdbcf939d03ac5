"""What every part of the service shares (the API, the Alertmanager edge, Slack, MCP).

Domain-free on purpose: paths, the policy, the event log and bus, the token table and the clock.
A front-end module takes a :class:`ServiceContext` and opens what it needs from it (for example
an :class:`~graph.approvals.store.ApprovalStore` on :attr:`ServiceContext.approvals_path`).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter
from starlette.types import ASGIApp

from gpufleet.bus.log import EventLog
from gpufleet.bus.protocol import Bus
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.state.database import Location
from gpufleet.graph.state.layout import StateLayout
from gpufleet.graph.state.url import PostgresUrl
from gpufleet.service.auth import TokenTable

# A background part of the service (a worker, Slack's retry queue, MCP's session manager):
# entered when the app starts, exited when it stops, in reverse order.
Lifecycle = Callable[[], AbstractAsyncContextManager[object]]


@dataclass(frozen=True)
class ServiceContext:
    """The shared pieces of one running service. ``clock`` is the service's one wall clock
    (``time.time`` in production): decisions and settlements are stamped with it."""

    state_dir: Path
    policy: Policy
    event_log: EventLog
    bus: Bus
    tokens: TokenTable
    clock: Callable[[], float]
    # the PostgreSQL database several replicas share; None: SQLite files in state_dir
    state_url: PostgresUrl | None = None

    def __post_init__(self) -> None:
        # A token whose role is service (Alertmanager's webhook) never decides, whether or
        # not the policy lists approvers: every front end's decisions go through this policy.
        services = self.tokens.roles.services
        if any(not self.policy.is_service(s) for s in services):
            object.__setattr__(self, "policy", self.policy.with_services(services))

    @property
    def approvals_path(self) -> Location:
        """Where approvals, the execution ledger and the breaker are (a file or a database)."""
        return StateLayout(self.state_dir, self.state_url).approvals

    @property
    def audit_path(self) -> Location:
        return StateLayout(self.state_dir, self.state_url).audit


@dataclass(frozen=True)
class Extension:
    """What a front-end module adds to the service's app (see :func:`service.app.create_app`):
    routers (Slack's ``/slack/events``), ASGI mounts (MCP at ``/mcp``), lifecycles."""

    routers: tuple[APIRouter, ...] = ()
    mounts: tuple[tuple[str, ASGIApp], ...] = ()
    lifecycles: tuple[Lifecycle, ...] = ()
