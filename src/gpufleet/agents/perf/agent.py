"""The performance agent in the background: a report every ``interval_s``, its recommendations
on the bus (topic ``recommendation``), its actions filed as approval requests.

It subscribes to ``incident`` (to know which nodes the SRE agent holds: :mod:`agents.perf.holds`)
and ``action`` (the SRE agent's results, counted for the report's context). Producing a report
reads a store and runs for seconds, so it runs in a worker thread; everything that touches the
bus stays on the event loop. ``gpufleet serve`` / ``watch`` wire it in with ``start`` and
``run(interval_s, stop, gate=…, clock=…)``; the report producer is injected (any source, any
window), e.g. ``lambda: analyse(collect(chunks, jobs), label, store)``. With a gate, the
requests people approved run through it (``execute_approved``) and their results go on the bus.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable

from gpufleet.agents.perf.execute import Executed, run_approved
from gpufleet.agents.perf.graph import PlannerDeps, plan
from gpufleet.agents.perf.holds import Holds
from gpufleet.agents.perf.report import PerfReport
from gpufleet.bus.events import (
    ActionResult,
    Event,
    IncidentOpened,
    IncidentUpdated,
    Recommendation,
    recommendation_issued,
    stable_id,
)
from gpufleet.bus.idempotent import idempotent
from gpufleet.bus.protocol import Bus
from gpufleet.graph.approvals.gate import ApprovalGate
from gpufleet.graph.state.database import Location

logger = logging.getLogger(__name__)


def _scalar(v: object) -> bool:
    return v is None or isinstance(v, str | int | float | bool)


class PerfAgent:
    def __init__(
        self,
        bus: Bus,
        produce: Callable[[], PerfReport],
        *,
        approvals_db: Location | None = None,
        name: str = "perf",
    ) -> None:
        self.bus = bus
        self.produce = produce
        self.approvals_db = approvals_db
        self.name = name
        self.holds = Holds()
        self.actions_seen = 0
        self.latest: tuple[Recommendation, ...] = ()
        self._started = False

    def start(self) -> None:
        """Subscribe to incidents and actions (call before the bus delivers them)."""
        if self._started:
            return
        self.bus.subscribe("incident", f"{self.name}:incidents", idempotent(self.handle))
        self.bus.subscribe("action", f"{self.name}:actions", idempotent(self.handle))
        self._started = True

    async def handle(self, event: Event) -> None:
        if isinstance(event, IncidentOpened | IncidentUpdated):
            self.holds.observe(event.incident)
        elif isinstance(event, ActionResult):
            self.actions_seen += 1

    async def run_once(self) -> list[Recommendation]:
        """One report → the planner graph (rank, withhold actions on held nodes, file the rest
        for approval; nothing runs) → recommendations published."""
        report = await asyncio.to_thread(self.produce)
        held = self.holds.snapshot()  # taken on the loop: the worker sees one consistent view
        deps = PlannerDeps(approvals_db=self.approvals_db)
        recs, filed = await asyncio.to_thread(plan, list(report.recommendations), held, deps)
        logger.info("perf: %d recommendation(s), %d action(s) filed", len(recs), len(filed))
        for rec in recs:
            await self.bus.publish(recommendation_issued(rec))
        self.latest = tuple(recs)
        return recs

    async def execute_approved(self, gate: ApprovalGate, now: float) -> list[Executed]:
        """Run the requests a person approved (never pending ones, never on a held node)
        through the gate, and publish each outcome as an ``ActionResult``."""
        done = await asyncio.to_thread(
            run_approved, gate, Holds.from_snapshot(self.holds.snapshot()), now
        )
        for e in done:
            rec = gate.approvals.get(e.approval_id)
            await self.bus.publish(
                ActionResult(
                    event_id=stable_id("ev", "perf-result", e.approval_id, now),
                    time=now,
                    incident_id=rec.incident_id if rec else e.approval_id,
                    approval_id=e.approval_id,
                    tool=e.tool,
                    args={k: v for k, v in (rec.args if rec else {}).items() if _scalar(v)},
                    risk=rec.risk if rec else "mutate",
                    status=e.result.status,
                    initiator=e.initiator,
                    dry_run=e.result.status == "dry_run",
                    query=e.result.query,
                    error=e.result.error,
                )
            )
        return done

    async def run(
        self,
        interval_s: float,
        stop: asyncio.Event,
        *,
        gate: ApprovalGate | None = None,
        clock: Callable[[], float] | None = None,
    ) -> None:
        """Report every ``interval_s`` until ``stop`` is set; with a ``gate`` (and the edge's
        ``clock``), also run what people approved since. A failed round is logged and retried
        at the next interval (the agent outlives a store outage)."""
        self.start()
        while not stop.is_set():
            try:
                await self.run_once()
                if gate is not None and clock is not None:
                    await self.execute_approved(gate, clock())
            except Exception:  # one bad window must not stop the agent
                logger.exception("perf: report failed; next try in %.0f s", interval_s)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), timeout=interval_s)
