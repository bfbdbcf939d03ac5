"""The FastAPI application: one HTTP stack for the webhook, the API, ``/metrics``, Slack, MCP.

:func:`create_app` is the service's app; :func:`http_app` the bare frame it is built on (also
what ``gpufleet watch --alertmanager`` serves: the webhook route alone). Other front ends plug
in without touching this module:

* ``routers``: FastAPI ``APIRouter`` objects (Slack brings one for ``/slack/events``);
* ``mounts``: ``(path, ASGI app)`` pairs (MCP's streamable HTTP app at ``/mcp``);
* ``lifecycles``: factories of async context managers entered at startup and exited at
  shutdown in reverse order (Slack's retry queue, MCP's session manager, the intake worker).
  Starlette does not run a mounted app's own lifespan, so a mount that needs one registers it
  here.

Errors are JSON: ``{"error": message}``; a request that does not validate gets 422 with
``problems``, each naming its field (``body.reason``, ``query.k``); an unexpected exception is
logged and answered 500 with no detail.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import AsyncExitStack, asynccontextmanager

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp

from gpufleet.agents.noc.alert_intake import MAX_BODY_BYTES
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.service.api import PREFIX, ApiDeps, KnowledgeSearch, api_routers
from gpufleet.service.context import Lifecycle, ServiceContext
from gpufleet.service.incidents import IncidentBook
from gpufleet.service.intake import WEBHOOK_PATH, AlertmanagerEdge
from gpufleet.service.limits import DEFAULT_MAX_BODY, BodyLimitMiddleware
from gpufleet.service.metrics import CONTENT_TYPE, ServiceMetrics

logger = logging.getLogger(__name__)

# () → None when ready, else what is not ready yet
ReadinessCheck = Callable[[], str | None]


def http_app(
    *,
    title: str = "gpufleet",
    routers: Sequence[APIRouter] = (),
    mounts: Sequence[tuple[str, ASGIApp]] = (),
    lifecycles: Sequence[Lifecycle] = (),
    readiness: Sequence[ReadinessCheck] = (),
    max_body_bytes: int = DEFAULT_MAX_BODY,
    on_close: Sequence[Callable[[], None]] = (),
) -> FastAPI:
    """The frame: health routes, JSON errors, body caps, lifecycles, and what is passed in."""

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        async with AsyncExitStack() as stack:
            for close in on_close:
                stack.callback(close)
            for start in lifecycles:
                await stack.enter_async_context(start())
            yield

    app = FastAPI(title=title, version="1", lifespan=lifespan, openapi_url="/openapi.json")
    _errors_as_json(app)
    webhook_cap = MAX_BODY_BYTES + 1024

    def limit_for(path: str) -> int:
        return webhook_cap if path == WEBHOOK_PATH else max_body_bytes

    app.add_middleware(BodyLimitMiddleware, limit_for=limit_for)

    @app.get("/healthz", tags=["health"], response_class=PlainTextResponse)
    async def healthz() -> str:
        """The process is up and serving."""
        return "ok\n"

    @app.get("/readyz", tags=["health"], responses={503: {"description": "not ready"}})
    async def readyz() -> JSONResponse:
        """Every part is running (bus, intake worker, agents)."""
        problems = [p for check in readiness if (p := check()) is not None]
        if problems:
            return JSONResponse({"ready": False, "waiting_for": problems}, status_code=503)
        return JSONResponse({"ready": True})

    for router in routers:
        app.include_router(router)
    for path, sub in mounts:
        app.mount(path, sub)
    return app


def create_app(
    ctx: ServiceContext,
    *,
    book: IncidentBook,
    intake: AlertmanagerEdge | None = None,
    metrics: ServiceMetrics | None = None,
    knowledge: KnowledgeSearch | None = None,
    perf_running: bool = False,
    routers: Sequence[APIRouter] = (),
    mounts: Sequence[tuple[str, ASGIApp]] = (),
    lifecycles: Sequence[Lifecycle] = (),
    readiness: Sequence[ReadinessCheck] = (),
    notice: Callable[[], str | None] | None = None,
) -> FastAPI:
    """The service's app over ``ctx`` (see the module docstring for the plug-in points).

    ``book``: the incidents read model (subscribed to the bus by the caller); ``intake``: the
    Alertmanager edge (its route and worker are added); ``metrics``: ``/metrics``;
    ``knowledge``: card search for ``/api/v1/knowledge/search``."""
    approvals = ApprovalStore(ctx.approvals_path)
    ledger = ExecutionLedger(ctx.approvals_path)
    audit = AuditLog(ctx.audit_path)
    deps = ApiDeps(
        ctx=ctx,
        book=book,
        approvals=approvals,
        ledger=ledger,
        audit=audit,
        knowledge=knowledge,
        perf_running=perf_running,
        recommendations=lambda: list(book.recommendations.values()),
        notice=notice,
    )
    all_routers = [*api_routers(deps), *routers]
    all_lifecycles = list(lifecycles)
    checks = list(readiness)
    if intake is not None:
        all_routers.insert(0, intake.router)
        all_lifecycles.insert(0, intake.lifecycle)
        checks.append(lambda: None if intake.running else "the Alertmanager intake worker")
    if metrics is not None:
        all_routers.append(_metrics_router(metrics))
    return http_app(
        title="gpufleet",
        routers=all_routers,
        mounts=mounts,
        lifecycles=all_lifecycles,
        readiness=checks,
        on_close=[approvals.close, ledger.close, audit.close],
    )


def _metrics_router(metrics: ServiceMetrics) -> APIRouter:
    r = APIRouter(tags=["health"])

    @r.get("/metrics", response_class=Response)
    async def prometheus() -> Response:
        """gpufleet's own metrics (Prometheus text format)."""
        return Response(metrics.render(), media_type=CONTENT_TYPE)

    return r


def _errors_as_json(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail)}, status_code=exc.status_code, headers=exc.headers
        )

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = [
            {"field": ".".join(str(p) for p in e.get("loc", ())), "message": str(e.get("msg"))}
            for e in exc.errors()[:20]
        ]
        return JSONResponse({"error": "invalid request", "problems": problems}, status_code=422)

    @app.exception_handler(ClientDisconnect)
    async def gone(request: Request, _exc: ClientDisconnect) -> Response:
        # the client went away (or was timed out) mid-body: nothing to answer, nothing wrong
        # with the service; one debug line, never a traceback per slow client
        logger.debug("%s %s: the client disconnected", request.method, request.url.path)
        return Response(status_code=400)

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        logger.error(
            "%s %s failed: %s: %s",
            request.method,
            request.url.path,
            type(exc).__name__,
            exc,
            exc_info=exc,
        )
        return JSONResponse({"error": "internal error (logged)"}, status_code=500)


__all__ = ["PREFIX", "ReadinessCheck", "create_app", "http_app"]
