"""Socket Mode: the app opens a WebSocket to Slack (``apps.connections.open`` with the app token,
``xapp-…``) and receives clicks over it, for sites that cannot expose a public Request URL.
The same listeners run as in HTTP mode.

Connecting runs in the background: slack_sdk's client retries a failed connect forever, and a
Slack that cannot be reached must never hold up the service's start (or detection). Once
connected, slack_sdk's aiohttp client reconnects by itself."""

from __future__ import annotations

import asyncio
import contextlib

from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

from gpufleet.service.slack.bridge import SlackBridge
from gpufleet.service.slack.config import SlackConfigError


class SocketModeRunner:
    """:meth:`start` begins connecting and returns at once; :meth:`stop` closes."""

    def __init__(self, bridge: SlackBridge) -> None:
        if bridge.secrets.app_token is None:
            raise SlackConfigError("slack: Socket Mode needs app_token_file or app_token_env")
        self._bridge = bridge
        self._handler: AsyncSocketModeHandler | None = None
        self._connecting: asyncio.Task[None] | None = None

    async def start(self) -> None:
        token = self._bridge.secrets.app_token
        assert token is not None
        # built here, inside the running loop: the handler opens an aiohttp session
        self._handler = AsyncSocketModeHandler(
            self._bridge.app, token.get_secret_value(), web_client=self._bridge.client
        )
        self._connecting = asyncio.create_task(
            self._handler.connect_async(),  # type: ignore[no-untyped-call]  # untyped upstream
            name="slack-socket-mode-connect",
        )

    async def stop(self) -> None:
        if self._connecting is not None:
            self._connecting.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._connecting
        if self._handler is not None:
            await self._handler.close_async()  # type: ignore[no-untyped-call]
        self._handler = self._connecting = None
