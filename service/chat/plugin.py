"""The chat assistant in ``gpufleet serve`` (always on): ``POST /api/v1/chat`` over the
service's incident read model, its approval store, the SRE runtime's gate (fleet reads;
proposals stored for a person) and knowledge base, and the SRE config's model (none: the
deterministic no-model answers)."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from graph.approvals.store import ApprovalStore
from service.chat.reads import StoreChatReads
from service.chat.router import chat_router
from service.context import Extension
from service.incidents import IncidentBook
from service.mcp.incidents import IncidentState
from service.runner import PluginInputs


class BookSource:
    """The service's incident read model as an incident source (a snapshot per call: the
    chat reads in a worker thread)."""

    def __init__(self, book: IncidentBook) -> None:
        self.book = book

    def incidents(self) -> list[IncidentState]:
        records = list(self.book.records.values())
        states = [IncidentState(r.incident, r.diagnosis, None) for r in records]
        return sorted(states, key=lambda s: (-s.incident.updated_at, s.incident.incident_id))


def chat_plugin(inputs: PluginInputs) -> Extension:
    ctx, rt = inputs.ctx, inputs.runtime
    store = ApprovalStore(ctx.approvals_path)
    source = BookSource(inputs.book)

    def reads_for(identity: str | None) -> StoreChatReads:
        return StoreChatReads(
            incident_source=source,
            store=store,
            retriever=lambda: rt.deps.retriever,
            gate=rt.deps.gate,
            requested_by=f"chat:{identity}" if identity else None,
            clock=ctx.clock,
        )

    @contextlib.asynccontextmanager
    async def closing() -> AsyncIterator[None]:
        try:
            yield
        finally:
            store.close()

    router = chat_router(reads_for, ctx.tokens, ctx.clock, model=rt.deps.model)
    return Extension(routers=(router,), lifecycles=(closing,))
