"""The chat assistant in ``gpufleet serve`` (always on): ``POST /api/v1/chat`` over the
service's incident read model, its approval store, the SRE runtime's gate (fleet reads;
proposals stored for a person) and knowledge base, and the SRE config's model (none: the
deterministic no-model answers)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from gpufleet.agents.chat.stream import warm_up
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.models.chat import streaming
from gpufleet.service.chat.reads import StoreChatReads
from gpufleet.service.chat.router import chat_router
from gpufleet.service.context import Extension
from gpufleet.service.mcp.incidents import BookIncidents
from gpufleet.service.runner import PluginInputs


def chat_plugin(inputs: PluginInputs) -> Extension:
    ctx, rt = inputs.ctx, inputs.runtime
    store = ApprovalStore(ctx.approvals_path)
    source = BookIncidents(inputs.book)

    def reads_for(identity: str | None) -> StoreChatReads:
        # proposals are recorded as the token's identity; filing needs a role (service.auth)
        return StoreChatReads(
            incident_source=source,
            store=store,
            retriever=lambda: rt.deps.retriever,
            gate=rt.deps.gate,
            clock=inputs.data_clock,
        ).as_caller(identity, ctx.tokens.roles, ctx.policy)

    model = streaming(rt.deps.model)

    @contextlib.asynccontextmanager
    async def closing() -> AsyncIterator[None]:
        warm_up(model)  # the first question on the page or in Slack finds the prompt evaluated
        try:
            yield
        finally:
            store.close()

    router = chat_router(reads_for, ctx.tokens, inputs.data_clock, model=model)
    return Extension(routers=(router,), lifecycles=(closing,))
