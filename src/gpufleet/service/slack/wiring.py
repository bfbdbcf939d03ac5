"""Everything Slack needs, built from the ``slack:`` config section in one call.

``gpufleet serve`` does::

    slack = SlackFrontEnd.build(cfg.slack, state_dir=state_dir, approvals=store, policy=policy)
    app.include_router(slack.router())          # HTTP mode, when a signing secret is set
    slack.subscribe(bus)                        # one ordered subscription ("*")
    async with slack.running():                 # outbox drainer (+ Socket Mode with an app token)
        ...                                     # (or start() / stop())

Secrets are read here, once (:meth:`SlackConfig.secrets`); a missing one is a
:class:`~service.slack.config.SlackConfigError` naming the key.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from fastapi import APIRouter
from slack_sdk.web.async_client import AsyncWebClient

from gpufleet.bus.events import Severity
from gpufleet.bus.protocol import Bus, Subscription
from gpufleet.graph.approvals.policy import Policy
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.state.database import Location
from gpufleet.service.slack.bridge import SlackBridge
from gpufleet.service.slack.config import SlackConfig, SlackSecrets
from gpufleet.service.slack.http import slack_router
from gpufleet.service.slack.mention import Ask
from gpufleet.service.slack.notifier import SUBSCRIBER, SlackNotifier, subscribe
from gpufleet.service.slack.outbox import OutboxDrainer
from gpufleet.service.slack.socket import SocketModeRunner
from gpufleet.service.slack.state import SlackState

STATE_FILE = "slack.db"


@dataclass
class SlackFrontEnd:
    state: SlackState
    notifier: SlackNotifier
    drainer: OutboxDrainer
    bridge: SlackBridge
    socket: SocketModeRunner | None

    @classmethod
    def build(
        cls,
        config: SlackConfig,
        *,
        state_dir: Path,
        state: Location | None = None,
        approvals: ApprovalStore,
        policy: Policy,
        environ: Mapping[str, str] | None = None,
        secrets: SlackSecrets | None = None,
        clock: Callable[[], float] = time.time,
        ask: Ask | None = None,
    ) -> SlackFrontEnd:
        """``secrets``: already read (e.g. at config load, to fail before starting); None reads
        them now from the files / variables the config names (``environ`` for tests).
        ``ask``: the incident assistant, to answer mentions in incident threads (None: not).
        ``state``: where Slack's state lives (the replicas' shared database); None:
        ``slack.db`` in ``state_dir``."""
        secrets = secrets or config.secrets(environ)
        state_dir.mkdir(parents=True, exist_ok=True)
        slack_state = SlackState(state if state is not None else state_dir / STATE_FILE)
        # The outbox owns retries (ordered, durable, honouring Retry-After): its client has none
        # of slack_sdk's own, which would retry behind the outbox's back.
        outbox_client = AsyncWebClient(
            token=secrets.bot_token.get_secret_value(),
            base_url=config.api_base_url,
            retry_handlers=[],
        )
        drainer = OutboxDrainer(
            slack_state,
            outbox_client,
            config.channel,
            retry_initial_s=config.retry_initial_s,
            retry_max_s=config.retry_max_s,
            max_refusals=config.max_refusals,
            clock=clock,
        )
        notifier = SlackNotifier(
            slack_state,
            approvals=approvals,
            wake=drainer.wake,
            min_severity=Severity[config.min_severity.upper()],
        )
        bridge = SlackBridge(
            config=config,
            secrets=secrets,
            approvals=approvals,
            policy=policy,
            state=slack_state,
            notifier=notifier,
            clock=clock,
            ask=ask,
        )
        socket = SocketModeRunner(bridge) if secrets.app_token is not None else None
        return cls(slack_state, notifier, drainer, bridge, socket)

    def router(self) -> APIRouter:
        return slack_router(self.bridge)

    def subscribe(self, bus: Bus, name: str = SUBSCRIBER) -> Subscription:
        """``name``: the durable subscription's; replicas sharing the state each give their own
        (each folds every event in order; the shared store keeps the first fold of each)."""
        return subscribe(bus, self.notifier, name)

    async def start(self) -> None:
        self.drainer.start()
        if self.socket is not None:
            await self.socket.start()

    async def stop(self) -> None:
        if self.socket is not None:
            await self.socket.stop()
        await self.drainer.stop()
        self.state.close()

    @contextlib.asynccontextmanager
    async def running(self) -> AsyncIterator[SlackFrontEnd]:
        """:meth:`start` … :meth:`stop` as an async context (a service lifecycle)."""
        await self.start()
        try:
            yield self
        finally:
            await self.stop()
