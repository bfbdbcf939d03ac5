"""A local stand-in for the Slack Web API, and helpers to serve FastAPI apps on 127.0.0.1.

:class:`SlackStandIn` is a small FastAPI app answering ``POST /api/<method>`` like Slack does
(``{"ok": true, ...}``, ``ts`` values, ``invalid_auth`` for a wrong token) for the methods the
Slack front end uses: ``auth.test``, ``chat.postMessage``, ``chat.update``,
``chat.postEphemeral``, ``views.open``. It records every call (method and arguments, form or
JSON as slack_sdk sent them) and can be told to fail: HTTP 500, or 429 with ``Retry-After``,
for the next N calls or until :meth:`recover`. slack_sdk is pointed at it with
``base_url=standin.base_url``; nothing here talks to slack.com.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import socket
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import uvicorn
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, PlainTextResponse, Response

BOT_TOKEN = "xoxb-standin-token"
APP_TOKEN = "xapp-standin-token"
SIGNING_SECRET = "standin-signing-secret-0123456789abcdef"
TEAM_ID = "T0STANDIN"
CHANNEL_ID = "C0GPUFLEET"


@dataclass(frozen=True)
class Call:
    method: str
    args: dict[str, Any]


@dataclass
class _Failure:
    status: int
    remaining: int | None  # None: until recover()
    retry_after: int | None


@dataclass
class SlackStandIn:
    calls: list[Call] = field(default_factory=list)
    failed_calls: int = 0
    _failure: _Failure | None = None
    _ts: int = 0
    base_url: str = ""
    # Socket Mode: what the app answered over the WebSocket (acks by envelope id)
    socket_acks: list[dict[str, Any]] = field(default_factory=list)
    _socket: WebSocket | None = None

    @property
    def socket_connected(self) -> bool:
        return self._socket is not None

    async def push(self, envelope_id: str, kind: str, payload: dict[str, Any]) -> None:
        """Deliver an envelope to the connected Socket Mode app, as Slack does."""
        assert self._socket is not None, "no Socket Mode connection"
        await self._socket.send_text(
            json.dumps(
                {
                    "envelope_id": envelope_id,
                    "type": kind,
                    "accepts_response_payload": True,
                    "payload": payload,
                }
            )
        )

    def ack_for(self, envelope_id: str) -> dict[str, Any] | None:
        return next((a for a in self.socket_acks if a.get("envelope_id") == envelope_id), None)

    def fail(
        self, status: int, *, count: int | None = None, retry_after: int | None = None
    ) -> None:
        self._failure = _Failure(status, count, retry_after)

    def recover(self) -> None:
        self._failure = None

    def of(self, method: str) -> list[Call]:
        return [c for c in self.calls if c.method == method]

    def app(self) -> FastAPI:
        api = FastAPI()

        @api.post("/api/{method}")
        async def method(method: str, request: Request) -> Response:
            if (failed := self._maybe_fail()) is not None:
                return failed
            token = APP_TOKEN if method == "apps.connections.open" else BOT_TOKEN
            if request.headers.get("authorization") != f"Bearer {token}":
                return JSONResponse({"ok": False, "error": "invalid_auth"})
            args = await _args(request)
            self.calls.append(Call(method, args))
            if method == "apps.connections.open":
                ws = str(request.base_url).replace("http://", "ws://") + "link"
                return JSONResponse({"ok": True, "url": ws})
            return JSONResponse(self._answer(method, args))

        @api.websocket("/link")
        async def link(ws: WebSocket) -> None:
            await ws.accept()
            hello = {"type": "hello", "num_connections": 1, "connection_info": {"app_id": "A0"}}
            await ws.send_text(json.dumps(hello))
            self._socket = ws
            try:
                while True:
                    self.socket_acks.append(json.loads(await ws.receive_text()))
            except WebSocketDisconnect:
                pass
            finally:
                self._socket = None

        return api

    def _maybe_fail(self) -> Response | None:
        f = self._failure
        if f is None:
            return None
        if f.remaining is not None:
            f.remaining -= 1
            if f.remaining <= 0:
                self._failure = None
        self.failed_calls += 1
        if f.status == 429:
            headers = {"Retry-After": str(f.retry_after or 1)}
            return JSONResponse({"ok": False, "error": "ratelimited"}, 429, headers=headers)
        return PlainTextResponse("upstream trouble", f.status)

    def _next_ts(self) -> str:
        self._ts += 1
        return f"1764000000.{self._ts:06d}"

    def _answer(self, method: str, args: dict[str, Any]) -> dict[str, Any]:
        if method == "auth.test":
            return {
                "ok": True,
                "url": "https://standin.slack.invalid/",
                "team": "stand-in",
                "user": "gpufleet",
                "team_id": TEAM_ID,
                "user_id": "U0GPUFLEET",
                "bot_id": "B0GPUFLEET",
            }
        if method == "chat.postMessage":
            if args.get("channel") not in (CHANNEL_ID, "#gpu-alerts"):
                return {"ok": False, "error": "channel_not_found"}
            ts = self._next_ts()
            return {"ok": True, "channel": CHANNEL_ID, "ts": ts, "message": {"ts": ts}}
        if method == "chat.update":
            return {"ok": True, "channel": args.get("channel"), "ts": args.get("ts")}
        if method == "chat.postEphemeral":
            return {"ok": True, "message_ts": self._next_ts()}
        if method == "views.open":
            # each view its own id, as Slack does; kept on the recorded call's view so a test
            # submits the view that was opened (view_submission reads it)
            view = args.setdefault("view", {})
            view["id"] = f"V0STANDIN{len(self.of('views.open')):04d}"
            return {"ok": True, "view": view}
        return {"ok": False, "error": "unknown_method"}


async def _args(request: Request) -> dict[str, Any]:
    body = await request.body()
    if request.headers.get("content-type", "").startswith("application/json"):
        return dict(json.loads(body or b"{}"))
    form = await request.form()
    out: dict[str, Any] = {}
    for key, value in form.items():
        text = str(value)
        try:
            out[key] = json.loads(text) if key in ("blocks", "view") else text
        except ValueError:
            out[key] = text
    return out


def _loopback_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@contextlib.asynccontextmanager
async def serve(app: FastAPI) -> AsyncIterator[str]:
    """Serve ``app`` with uvicorn on 127.0.0.1 (a free port) in this loop; yields its URL."""
    sock = _loopback_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="off"))
    task = asyncio.create_task(server.serve(sockets=[sock]))
    try:
        async with asyncio.timeout(20):
            while not server.started:
                if task.done():
                    task.result()
                await asyncio.sleep(0.01)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        with contextlib.suppress(asyncio.CancelledError):
            await task
        sock.close()


@contextlib.asynccontextmanager
async def standin_slack() -> AsyncIterator[SlackStandIn]:
    standin = SlackStandIn()
    async with serve(standin.app()) as url:
        standin.base_url = f"{url}/api/"
        yield standin


def signed_headers(
    body: str, *, secret: str = SIGNING_SECRET, timestamp: int | None = None
) -> dict[str, str]:
    """Headers Slack would send with ``body``, signed with ``secret`` at ``timestamp``."""
    ts = str(int(time.time()) if timestamp is None else timestamp)
    digest = hmac.new(secret.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    return {
        "content-type": "application/x-www-form-urlencoded",
        "x-slack-request-timestamp": ts,
        "x-slack-signature": f"v0={digest}",
    }


def interaction_body(payload: dict[str, Any]) -> str:
    """An interaction as Slack posts it: the JSON in the ``payload`` form field."""
    return urlencode({"payload": json.dumps(payload)})


def block_action(
    *, user: str, action_id: str, approval_id: str, message_ts: str, response_url: str
) -> dict[str, Any]:
    return {
        "type": "block_actions",
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "api_app_id": "A0GPUFLEET",
        "token": "legacy-verification-token",
        "container": {
            "type": "message",
            "message_ts": message_ts,
            "channel_id": CHANNEL_ID,
            "is_ephemeral": False,
        },
        "trigger_id": "1234567890.123456.abcdef",
        "team": {"id": TEAM_ID, "domain": "standin"},
        "enterprise": None,
        "is_enterprise_install": False,
        "channel": {"id": CHANNEL_ID, "name": "gpu-alerts"},
        "message": {"type": "message", "ts": message_ts, "text": "incident"},
        "response_url": response_url,
        "actions": [
            {
                "type": "button",
                "action_id": action_id,
                "block_id": f"decide-{approval_id}",
                "text": {"type": "plain_text", "text": "Approve"},
                "value": approval_id,
                "action_ts": f"{time.time():.6f}",
            }
        ],
    }


def view_submission(*, user: str, view: dict[str, Any], reason: str) -> dict[str, Any]:
    """The submission of ``view`` (as views.open received it, with the id the stand-in gave
    it; a view without one was never opened) with ``reason`` typed in."""
    return {
        "type": "view_submission",
        "team": {"id": TEAM_ID, "domain": "standin"},
        "user": {"id": user, "username": user.lower(), "name": user.lower(), "team_id": TEAM_ID},
        "api_app_id": "A0GPUFLEET",
        "token": "legacy-verification-token",
        "trigger_id": "1234567890.654321.fedcba",
        "view": {
            "id": view.get("id", "V0NEVEROPENED"),
            "team_id": TEAM_ID,
            "type": "modal",
            "callback_id": view["callback_id"],
            "private_metadata": view.get("private_metadata", ""),
            "blocks": view["blocks"],
            "state": {
                "values": {
                    "reason": {"reason_input": {"type": "plain_text_input", "value": reason}}
                }
            },
            "hash": "1764000000.abcdef",
        },
        "response_urls": [],
        "is_enterprise_install": False,
    }
