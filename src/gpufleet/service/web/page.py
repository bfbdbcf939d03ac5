"""``GET /`` and ``GET /ui/<file>``: the web page and its script, style sheet and icon.

The files are package data (``service/web/static``), read once when the router is built. Every
answer carries a strict Content-Security-Policy: scripts, styles and connections from this
origin only, no inline script or style, no plugins, no framing, no ``<base>``. The page puts
data into the document with ``textContent`` only, so a hostile alert label, log line or model
answer stays text; the policy is the second guard if that rule is ever broken.
"""

from __future__ import annotations

from importlib import resources
from typing import Final

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

CONTENT_SECURITY_POLICY: Final = "; ".join(
    (
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "base-uri 'none'",
        "form-action 'none'",
        "frame-ancestors 'none'",
    )
)
SECURITY_HEADERS: Final = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cache-Control": "no-cache",
}
# file name → media type: only these are served (no path from the request reaches the disk)
ASSETS: Final = {
    "app.js": "text/javascript; charset=utf-8",
    "app.css": "text/css; charset=utf-8",
    "icon.svg": "image/svg+xml",
}
INDEX: Final = "index.html"


def _read(name: str) -> bytes:
    return resources.files("gpufleet.service.web").joinpath("static", name).read_bytes()


def web_router() -> APIRouter:
    """The page and its assets (see the module docstring); read from the package now."""
    index = _read(INDEX)
    assets = {name: (_read(name), media) for name, media in ASSETS.items()}
    router = APIRouter(tags=["web"], include_in_schema=False)

    @router.get("/")
    async def page() -> Response:
        """The operator's page: incidents, one incident, the chat pane."""
        return Response(index, media_type="text/html; charset=utf-8", headers=SECURITY_HEADERS)

    @router.get("/ui/{name}")
    async def asset(name: str) -> Response:
        found = assets.get(name)
        if found is None:
            raise HTTPException(status_code=404, detail=f"no file {name!r} in the web page")
        body, media = found
        return Response(body, media_type=media, headers=SECURITY_HEADERS)

    return router


__all__ = ["CONTENT_SECURITY_POLICY", "web_router"]
