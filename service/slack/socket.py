"""Socket Mode: the app opens a WebSocket to Slack (``apps.connections.open`` with the app token,
``xapp-…``) and receives clicks over it, for sites that cannot expose a public Request URL.
The same listeners run as in HTTP mode; slack_bolt's aiohttp handler reconnects by itself."""

from __future__ import annotations

from slack_bolt.adapter.socket_mode.async_handler import AsyncSocketModeHandler

from service.slack.bridge import SlackBridge
from service.slack.config import SlackConfigError


class SocketModeRunner:
    """Start with :meth:`start` (connects, returns), stop with :meth:`stop`."""

    def __init__(self, bridge: SlackBridge) -> None:
        if bridge.secrets.app_token is None:
            raise SlackConfigError("slack: Socket Mode needs app_token_file or app_token_env")
        self.handler = AsyncSocketModeHandler(
            bridge.app, bridge.secrets.app_token.get_secret_value(), web_client=bridge.client
        )

    async def start(self) -> None:
        await self.handler.connect_async()  # type: ignore[no-untyped-call]  # untyped in slack_bolt

    async def stop(self) -> None:
        await self.handler.close_async()  # type: ignore[no-untyped-call]
