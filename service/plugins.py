"""The front ends the config turns on, as :data:`~service.runner.Plugin` factories.

Slack (``slack:`` in the config): its bus subscription (one ordered subscription for every
topic), its ``/slack/events`` router in HTTP mode, and its outbox drainer and Socket Mode
connection as a service lifecycle. MCP (``mcp: {enabled: true}``): the streamable-HTTP server
mounted at ``/mcp`` behind the API's bearer tokens, its session manager as a lifecycle, and the
poller that runs MCP proposals once a person has approved them (through the SRE runtime's gate
and ledger: at most once, audited).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from agents.sre.proposals import ProposalExecutor
from graph.approvals.store import ApprovalStore
from service.context import Extension
from service.incidents import IncidentBook
from service.mcp.deps import runtime_deps
from service.mcp.incidents import IncidentState
from service.mcp.server import mcp_http
from service.runner import Plugin, PluginInputs
from service.slack.wiring import SlackFrontEnd

PROPOSAL_POLL_S = 1.0


class BookIncidents:
    """The API's incident read model as MCP's incident source (no re-read of the log)."""

    def __init__(self, book: IncidentBook) -> None:
        self.book = book

    def incidents(self) -> list[IncidentState]:
        records = list(self.book.records.values())  # a snapshot: MCP tools run in threads
        states = [IncidentState(r.incident, r.diagnosis, None) for r in records]
        return sorted(states, key=lambda s: (-s.incident.updated_at, s.incident.incident_id))


def slack_plugin(inputs: PluginInputs) -> Extension:
    cfg = inputs.loaded.config.slack
    assert cfg is not None and inputs.loaded.slack is not None  # plugins_for checks
    ctx = inputs.ctx
    slack = SlackFrontEnd.build(
        cfg,
        state_dir=ctx.state_dir,
        approvals=ApprovalStore(ctx.approvals_path),
        policy=ctx.policy,
        secrets=inputs.loaded.slack,
        clock=ctx.clock,
    )
    slack.subscribe(ctx.bus)  # plugins are built before the bus starts
    http_mode = slack.bridge.secrets.signing_secret is not None
    return Extension(routers=(slack.router(),) if http_mode else (), lifecycles=(slack.running,))


def mcp_plugin(inputs: PluginInputs) -> Extension:
    ctx, listen = inputs.ctx, inputs.loaded.config.listen
    rt = inputs.runtime
    deps = runtime_deps(rt, incidents=BookIncidents(inputs.book), clock=ctx.clock)
    hosts = [f"{listen.host}:*", "127.0.0.1:*", "localhost:*", "[::1]:*"]
    mcp = mcp_http(deps, ctx.tokens, anonymous_reads=False, allowed_hosts=hosts)
    proposals = ProposalExecutor(rt.deps.gate, rt.deps.ledger, publish=ctx.bus.publish)

    @contextlib.asynccontextmanager
    async def proposal_poller() -> AsyncIterator[None]:
        task = asyncio.create_task(
            proposals.run_poller(ctx.clock, PROPOSAL_POLL_S), name="mcp-proposals"
        )
        try:
            yield
        finally:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    return Extension(mounts=(("/mcp", mcp.app),), lifecycles=(mcp.lifespan, proposal_poller))


def front_end_plugins(inputs_slack: bool, inputs_mcp: bool) -> list[Plugin]:
    """The plugins for a config with Slack and/or MCP turned on."""
    plugins: list[Plugin] = []
    if inputs_slack:
        plugins.append(slack_plugin)
    if inputs_mcp:
        plugins.append(mcp_plugin)
    return plugins
