"""HTTP mode: ``POST /slack/events`` on the service's FastAPI app (Slack's Request URL for
interactivity and events). The request goes, body untouched, to slack_bolt's FastAPI adapter,
which verifies the signature and timestamp before any listener runs."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse
from slack_bolt.adapter.fastapi.async_handler import AsyncSlackRequestHandler

from gpufleet.service.slack.bridge import SlackBridge
from gpufleet.service.slack.config import SlackConfigError

EVENTS_PATH = "/slack/events"


def slack_router(bridge: SlackBridge) -> APIRouter:
    """A router serving ``POST /slack/events`` for ``bridge``; needs the signing secret."""
    if bridge.secrets.signing_secret is None:
        raise SlackConfigError(
            "slack: HTTP mode (/slack/events) needs signing_secret_file or signing_secret_env"
        )
    handler = AsyncSlackRequestHandler(bridge.app)
    router = APIRouter(tags=["slack"])

    @router.post(EVENTS_PATH, include_in_schema=False)
    async def slack_events(request: Request) -> Response:
        if not _plausible_timestamp(request.headers.get("x-slack-request-timestamp", "")):
            # slack_sdk's verifier calls int() on it and would answer a garbage one with a 500
            return JSONResponse({"error": "invalid request"}, status_code=401)
        return await handler.handle(request)

    return router


def _plausible_timestamp(value: str) -> bool:
    return 0 < len(value) <= 12 and value.isascii() and value.isdigit()
