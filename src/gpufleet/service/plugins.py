"""The front ends the config turns on, as :data:`~service.runner.Plugin` factories.

The web page at ``/`` (:mod:`service.web`) and the chat (``POST /api/v1/chat``,
:mod:`service.chat.plugin`) are always on: they need no configuration (the chat uses the SRE
config's model when one is set).

Slack (``slack:`` in the config): its bus subscription (one ordered subscription for every
topic), its ``/slack/events`` router in HTTP mode, and its outbox drainer and Socket Mode
connection as a service lifecycle. MCP (``mcp: {enabled: true}``): the streamable-HTTP server
mounted at ``/mcp`` behind the API's bearer tokens, its session manager as a lifecycle, and the
poller that runs MCP proposals once a person has approved them (through the SRE runtime's gate
and ledger: at most once, audited). The Performance agent (a metrics store configured, ``perf:``):
a background round every ``interval_s`` publishing recommendations, and running the actions
people approved through the same gate.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import AsyncIterator

from gpufleet.agents.perf.agent import PerfAgent
from gpufleet.agents.perf.health_store import HealthStore
from gpufleet.agents.perf.report import PerfReport, analyse
from gpufleet.agents.perf.stats import collect
from gpufleet.agents.perf.store_source import node_spans, store_windows
from gpufleet.agents.sre.proposals import ProposalExecutor
from gpufleet.bus.events import stable_id
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.models.chat import streaming
from gpufleet.graph.state.layout import StateLayout
from gpufleet.service.chat.plugin import chat_plugin
from gpufleet.service.chat.reads import StoreChatReads
from gpufleet.service.config import perf_enabled
from gpufleet.service.context import Extension, ServiceContext
from gpufleet.service.mcp.deps import runtime_deps
from gpufleet.service.mcp.incidents import BookIncidents
from gpufleet.service.mcp.server import mcp_http
from gpufleet.service.runner import Plugin, PluginInputs
from gpufleet.service.slack.mention import chat_asker
from gpufleet.service.slack.notifier import SUBSCRIBER as SLACK_SUBSCRIBER
from gpufleet.service.slack.wiring import SlackFrontEnd
from gpufleet.service.web.page import web_router

PROPOSAL_POLL_S = 1.0


def slack_plugin(inputs: PluginInputs) -> Extension:
    cfg = inputs.loaded.config.slack
    assert cfg is not None and inputs.loaded.slack is not None  # plugins_for checks
    ctx, rt = inputs.ctx, inputs.runtime
    approvals = ApprovalStore(ctx.approvals_path)
    # questions asked in an incident's thread: the chat assistant over the same reads as
    # POST /api/v1/chat, with no identity (it proposes nothing)
    reads = StoreChatReads(
        incident_source=BookIncidents(inputs.book),
        store=approvals,
        retriever=lambda: rt.deps.retriever,
        gate=rt.deps.gate,
        requested_by=None,
        clock=inputs.data_clock,
    )
    slack = SlackFrontEnd.build(
        cfg,
        state_dir=ctx.state_dir,
        state=StateLayout(ctx.state_dir, ctx.state_url).slack,
        approvals=approvals,
        policy=ctx.policy,
        secrets=inputs.loaded.slack,
        clock=ctx.clock,
        ask=chat_asker(reads, streaming(rt.deps.model), inputs.data_clock),
    )
    slack.subscribe(ctx.bus, slack_subscriber(ctx))  # plugins are built before the bus starts
    http_mode = slack.bridge.secrets.signing_secret is not None
    return Extension(routers=(slack.router(),) if http_mode else (), lifecycles=(slack.running,))


def slack_subscriber(ctx: ServiceContext) -> str:
    """The Slack notifier's durable subscription. One replica: ``slack``. Replicas sharing the
    state: one per replica, named after its host and state directory (stable across its
    restarts, so it resumes where it stopped), so that every replica folds every event in
    stream order and the shared store keeps the first fold of each (a shared name would split
    the events, and two replicas would fold one incident's events out of order)."""
    if ctx.state_url is None:
        return SLACK_SUBSCRIBER
    here = stable_id("replica", socket.gethostname(), ctx.state_dir.resolve())
    return f"{SLACK_SUBSCRIBER}-{here}"


def mcp_plugin(inputs: PluginInputs) -> Extension:
    ctx, listen = inputs.ctx, inputs.loaded.config.listen
    deps = runtime_deps(
        inputs.runtime,
        incidents=BookIncidents(inputs.book),
        clock=ctx.clock,
        roles=ctx.tokens.roles,
    )
    hosts = [f"{listen.host}:*", "127.0.0.1:*", "localhost:*", "[::1]:*"]
    mcp = mcp_http(deps, ctx.tokens, anonymous_reads=False, allowed_hosts=hosts)
    return Extension(mounts=(("/mcp", mcp.app),), lifecycles=(mcp.lifespan,))


def proposals_plugin(inputs: PluginInputs) -> Extension:
    """Runs the actions proposed from MCP or the chat once a person has approved them
    (through the SRE runtime's gate and ledger: at most once, audited). Always on, because
    the chat is: an approved chat proposal must run whether or not MCP is turned on."""
    ctx, rt = inputs.ctx, inputs.runtime
    proposals = ProposalExecutor(rt.deps.gate, rt.deps.ledger, publish=ctx.bus.publish)

    @contextlib.asynccontextmanager
    async def proposal_poller() -> AsyncIterator[None]:
        task = asyncio.create_task(
            proposals.run_poller(ctx.clock, PROPOSAL_POLL_S), name="proposals"
        )
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    return Extension(lifecycles=(proposal_poller,))


def perf_plugin(inputs: PluginInputs) -> Extension:
    """The Performance agent over the metrics store, in the background (see PerfConfig)."""
    ctx, cfg = inputs.ctx, inputs.loaded.config.perf
    store = inputs.runtime.config.metrics_store
    if not perf_enabled(inputs.loaded.config, inputs.runtime.config) or store is None:
        return Extension()  # nothing to read: /api/v1/recommendations says so
    topology = inputs.runtime.fleet.topology

    def produce() -> PerfReport:
        end = ctx.clock()  # the edge's clock, read once per round
        start = end - cfg.window_s
        stats = collect(store_windows(store.url, topology, start, end), node_spans(topology, start))
        with HealthStore(ctx.state_dir / "health.db") as health:
            return analyse(stats, f"metrics store {store.url} (per-node attribution)", health)

    agent = PerfAgent(ctx.bus, produce, approvals_db=ctx.approvals_path)
    agent.start()  # subscribe before the bus delivers (plugins are built before it starts)

    @contextlib.asynccontextmanager
    async def running() -> AsyncIterator[None]:
        stop = asyncio.Event()
        task = asyncio.create_task(
            agent.run(cfg.interval_s, stop, gate=inputs.runtime.deps.gate, clock=ctx.clock),
            name="perf-agent",
        )
        try:
            yield
        finally:
            stop.set()
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    return Extension(lifecycles=(running,))


def web_plugin(_inputs: PluginInputs) -> Extension:
    """The operator's web page at ``/`` (static files; it reads the API like any client)."""
    return Extension(routers=(web_router(),))


def front_end_plugins(slack: bool, mcp: bool, perf: bool) -> list[Plugin]:
    """The web page, the chat and the runner of approved proposals (always: they need no
    configuration), and Slack, MCP and/or the Performance agent when turned on."""
    plugins: list[Plugin] = [web_plugin, chat_plugin, proposals_plugin]
    if slack:
        plugins.append(slack_plugin)
    if mcp:
        plugins.append(mcp_plugin)
    if perf:
        plugins.append(perf_plugin)
    return plugins
