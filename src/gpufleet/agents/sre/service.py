"""The SRE agent as a bus subscriber: every incident the NOC opens gets a diagnosis.

:class:`SreService` subscribes to the ``incident`` topic and, for each incident worth a person's
attention (severity at least ``min_severity``), runs the diagnosis graph through an
:class:`~agents.sre.runner.SreRunner` and publishes what the graph produced back on the bus:
``DiagnosisReady``, ``ActionProposed``, ``ApprovalDecided``, ``ActionResult`` and the incident's
phase changes (``IncidentUpdated`` with ``change="phase"``).

Which events start a diagnosis:

- ``IncidentOpened``;
- ``IncidentUpdated`` with ``change`` ``escalated`` or ``scope_widened`` — a new version of the
  incident, diagnosed on a fresh thread — but only once the previous diagnosis of that incident
  is finished: while one is paused on an approval, a person is already looking at a plan and a
  second plan for the same incident would compete with it.

Everything else (evidence attached, the phase changes this service publishes itself) is
ignored, except merges.

Merges. When the NOC or the cross-rack correlator joins incidents into one
(``IncidentUpdated(change="merged", merged_from=(survivor,))`` for each absorbed incident), the
absorbed incident stops being a root cause of its own and the survivor (opened, widened or
escalated with the union of the members' evidence) is the one diagnosed:

- the merge is remembered in the shared state (:class:`~agents.sre.merges.IncidentMerges`), so
  an absorbed incident's own events that arrive later (its ``IncidentOpened`` redelivered, or
  handled by another replica, its worker's escalations) are not diagnosed;
- a diagnosis of it already paused on a person is superseded: its pending approvals are
  withdrawn (:meth:`~graph.approvals.store.ApprovalStore.withdraw`: rejected by ``gpufleet``
  with the reason, so the gate refuses the step like any rejection), each withdrawal audited
  and announced (``ApprovalDecided``), and the thread is no longer watched or resumed;
- a diagnosis that was running when another replica recorded the merge checks again when it
  returns and withdraws what it just asked for.

Only a trusted source's merge counts (an unauthenticated one could otherwise withdraw a
pending drain). Redelivered merges change nothing twice: the merge row and the withdrawal are each
compare-and-set in the store, and a withdrawal is audited only if its audit row is missing (a
crash between the two writes is repaired by the redelivery it causes).

Concurrency. The graph is synchronous (tools block on HTTP, subprocesses, SQLite), so it runs
off the event loop (``asyncio.to_thread``), **one diagnosis or resume at a time**: the runner
and its checkpointer are shared, and one at a time keeps the approval and audit order simple.
The bus delivers a subscription's events one at a time anyway, and a handler returns only once
its diagnosis is checkpointed, so an event is acknowledged only after its effect is durable.
The NOC is never blocked by a slow diagnosis until the subscription's queue is full
(backpressure, never loss).

Publishing. The runner hands events over from the worker thread; they cross into the loop with
``call_soon_threadsafe`` and one publisher task puts them on the bus in order. Publishing from a
task of our own (not from the handler) matters: this service consumes ``incident`` and also
publishes to it, and a handler blocked on its own full queue would deadlock. The publisher
drops an ``event_id`` it already published, so at-least-once redelivery, resumes by other
processes and retries never publish one event twice from this process.

Idempotence. A diagnosis thread is named after the incident version
(:func:`~agents.sre.graph.thread_id_for`); the same version delivered twice finds its thread
checkpointed and returns the stored report without running anything. A run that failed part
way (a broken tool, a store that went away) is continued from its last checkpoint on the
bus's retry, not started over.

Time. ``now`` for a diagnosis comes from ``clock`` at the edge (live: the wall clock) or, with
no clock, is the incident's own ``updated_at`` (replay and simulation, where a rerun must give
the same answer). :meth:`SreService.poll_decisions` takes ``now`` from its caller.

Decisions made elsewhere. ``gpufleet approve --no-resume`` (or a Slack button, later) only
records the decision; :meth:`SreService.poll_decisions` notices it and resumes the thread here,
so the action runs in the process that holds the live tools.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from gpufleet.agents.sre.graph import thread_config, thread_id_for
from gpufleet.agents.sre.merges import Merge
from gpufleet.agents.sre.runner import RunReport
from gpufleet.agents.sre.runtime import Origin, SreRuntime, load_origin, save_origin
from gpufleet.bus.events import (
    ActionProposed,
    ApprovalDecided,
    Event,
    Incident,
    IncidentOpened,
    IncidentUpdated,
    Phase,
    PlannedStep,
    Severity,
    stable_id,
)
from gpufleet.bus.idempotent import MemorySeenStore, idempotent
from gpufleet.bus.protocol import DEFAULT_MAX_QUEUE, Bus, BusClosedError, Subscription
from gpufleet.graph.approvals.audit import AuditRecord
from gpufleet.graph.approvals.store import WITHDRAWN_BY, ApprovalRecord, ApprovalRequest

logger = logging.getLogger(__name__)

SUBSCRIBER = "sre-agent"
RESOLVED_REASON = "withdrawn: incident resolved"
REDIAGNOSE_ON = frozenset({"escalated", "scope_widened"})


class DiagnosisError(RuntimeError):
    """A diagnosis or resume raised. The message names the incident and the thread, so the
    bus's retry log and dead letter say which incident failed and where to look."""

    def __init__(self, incident_id: str, thread_id: str, what: str, cause: BaseException) -> None:
        super().__init__(
            f"incident {incident_id} (thread {thread_id}): {what} failed: "
            f"{type(cause).__name__}: {cause}"
        )
        self.incident_id = incident_id
        self.thread_id = thread_id


@dataclass
class ServiceStats:
    diagnosed: int = 0  # threads run by this process (fresh or continued)
    reused: int = 0  # deliveries answered from an existing thread
    skipped_paused: int = 0  # re-diagnoses held back by a pending approval
    skipped_severity: int = 0
    skipped_merged: int = 0  # deliveries of an incident already merged into another
    superseded: int = 0  # merges handled (an absorbed incident's diagnosis closed)
    withdrawn: int = 0  # pending approvals withdrawn because their incident was merged
    resumed: int = 0
    failed: int = 0
    published: int = 0
    duplicates_dropped: int = 0


@dataclass
class _Paused:
    thread_id: str
    approval_id: str
    incident_id: str


@dataclass
class SreService:
    """Diagnose incidents from ``bus`` with ``runtime`` (see the module docstring).

    ``clock``: the edge's clock for live runs; None means event time (``updated_at``).
    ``origin``: how to rebuild this thread's tools in another process (saved next to the
    checkpoints for ``gpufleet approve``); None saves nothing and the running service resumes
    its own threads. ``observe``: called with every incident event before it is looked at
    (feeds the incident history the read tools search). ``min_severity``: incidents below it
    are not diagnosed (the ones an operator is paged for, like ``gpufleet diagnose``).
    """

    runtime: SreRuntime
    bus: Bus
    clock: Callable[[], float] | None = None
    origin: Callable[[Incident], Origin | None] | None = None
    observe: Callable[[Event], None] | None = None
    min_severity: Severity = Severity.WARNING
    name: str = SUBSCRIBER
    max_queue: int = DEFAULT_MAX_QUEUE
    stats: ServiceStats = field(default_factory=ServiceStats)
    reports: dict[str, RunReport] = field(default_factory=dict)  # latest per incident id

    def __post_init__(self) -> None:
        self._loop: asyncio.AbstractEventLoop | None = None
        self._outbox: asyncio.Queue[Event] | None = None
        self._publisher: asyncio.Task[None] | None = None
        self._sent = MemorySeenStore()
        self._enqueued = 0
        self._lock = asyncio.Lock()  # one diagnosis / resume at a time
        self._paused: dict[str, _Paused] = {}  # thread id → what it waits on
        self._subscription: Subscription | None = None
        self.runtime.runner.publish = self._from_worker

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> Subscription:
        """Subscribe to ``incident`` and start the publisher. Call before or after the bus
        starts; events published before this call reach the service only from a durable log."""
        if self._subscription is not None:
            return self._subscription
        self._loop = asyncio.get_running_loop()
        self._outbox = asyncio.Queue()
        self._publisher = asyncio.create_task(self._publish_loop(), name=f"{self.name}:publish")
        self._subscription = self.bus.subscribe(
            "incident", self.name, idempotent(self.handle), max_queue=self.max_queue
        )
        return self._subscription

    async def drain(self) -> None:
        """Wait until the bus and this service's publisher are both idle (events the service
        publishes are delivered, diagnoses they cause are done)."""
        while True:
            before = self._enqueued
            await self.bus.drain()
            if self._outbox is not None:
                await self._outbox.join()
            if self._enqueued == before:
                return

    async def close(self) -> None:
        """Stop the publisher (events not yet published are dropped; call :meth:`drain`
        first for a clean stop). The runtime is the caller's to close."""
        if self._publisher is not None:
            self._publisher.cancel()
            await asyncio.gather(self._publisher, return_exceptions=True)
            self._publisher = None

    def adopt_paused(self, kind: str = "live") -> int:
        """Watch the pending approvals of threads an earlier process of the same kind left
        paused (a restarted ``gpufleet watch``), so their decisions are resumed here. Threads of
        another origin are left alone: a recorded incident must never be resumed with live
        tools. Returns how many were adopted."""
        state = self.runtime.config.state_dir
        n = 0
        for req in self.runtime.approvals.pending(attached=True):
            origin = load_origin(state, req.thread_id)
            if origin is None or origin.kind != kind or req.thread_id in self._paused:
                continue
            self._paused[req.thread_id] = _Paused(req.thread_id, req.approval_id, req.incident_id)
            n += 1
        return n

    @property
    def paused(self) -> dict[str, str]:
        """Thread id → the approval id it waits on."""
        return {t: p.approval_id for t, p in self._paused.items()}

    # ------------------------------------------------------------------ the handler
    async def handle(self, event: Event) -> None:
        """The ``incident`` subscription's handler. Raises :class:`DiagnosisError` (the bus
        retries, then dead-letters) when the graph raised."""
        if not isinstance(event, IncidentOpened | IncidentUpdated):
            return
        if self.observe is not None:
            self.observe(event)
        incident = event.incident
        if isinstance(event, IncidentUpdated) and event.change == "merged":
            await self._merged(event)
            return
        if isinstance(event, IncidentUpdated) and incident.phase is Phase.RESOLVED:
            await self._resolved(event)
            return
        if isinstance(event, IncidentUpdated) and event.change not in REDIAGNOSE_ON:
            return
        if incident.severity < self.min_severity:
            self.stats.skipped_severity += 1
            return
        async with self._lock:
            merge = await asyncio.to_thread(self.runtime.merges.of, incident.incident_id)
            if merge is not None:
                self.stats.skipped_merged += 1
                logger.info(
                    "sre: merged into %s: not diagnosed on its own",
                    merge.into_id,
                    extra={"incident_id": incident.incident_id},
                )
                return
            if isinstance(event, IncidentUpdated) and await self._paused_on_approval(incident):
                self.stats.skipped_paused += 1
                logger.info(
                    "sre: %s while its diagnosis waits on an approval: not re-diagnosing",
                    event.change,
                    extra={"incident_id": incident.incident_id, "event": event.kind},
                )
                return
            now = self.clock() if self.clock is not None else incident.updated_at
            tid = thread_id_for(incident)
            try:
                report = await asyncio.to_thread(self._diagnose, incident, now)
            except Exception as e:
                self.stats.failed += 1
                logger.exception(
                    "sre: diagnosis failed", extra={"incident_id": incident.incident_id}
                )
                raise DiagnosisError(incident.incident_id, tid, "diagnosis", e) from e
            self._track(report)
            # merged while it ran (the merge handled by another replica): withdraw what it asked
            merge = await asyncio.to_thread(self.runtime.merges.of, incident.incident_id)
            if merge is not None:
                await self._supersede(merge, now)

    # ------------------------------------------------------------------ merges
    async def _merged(self, event: IncidentUpdated) -> None:
        """An incident was merged into another: remember it, close its diagnosis."""
        absorbed = event.incident
        into = event.merged_from[0] if event.merged_from else None
        if into is None or into == absorbed.incident_id:
            logger.warning(
                "sre: merge names no other incident", extra={"incident_id": absorbed.incident_id}
            )
            return
        if not absorbed.trusted:
            logger.warning(
                "sre: merge from untrusted %s ignored",
                absorbed.provenance,
                extra={"incident_id": absorbed.incident_id},
            )
            return
        now = self.clock() if self.clock is not None else event.time
        async with self._lock:
            merge = await asyncio.to_thread(
                self.runtime.merges.record, absorbed.incident_id, into, event.time
            )
            await self._supersede(merge, now)
        self.stats.superseded += 1

    async def _supersede(self, merge: Merge, now: float) -> None:
        """Withdraw the absorbed incident's pending approvals, stop watching its threads and
        announce each withdrawal. Idempotent: a request withdrawn before is not pending."""
        reason = (
            f"withdrawn: incident {merge.absorbed_id} was merged into {merge.into_id}, "
            f"whose diagnosis carries its evidence"
        )
        await self._close(merge.absorbed_id, reason, merge.merged_at, now)

    async def _resolved(self, event: IncidentUpdated) -> None:
        """An incident resolved (its source says the fault is over, or its plan finished): a
        request it still has waiting asks a question that went away. Unlike a merge, which
        names another incident, a resolution closes only the incident's own requests: the
        Alertmanager intake resolves only the incidents its alerts opened (and not the ones the
        NOC joined), so even an unauthenticated sender can withdraw nothing but its own."""
        incident = event.incident
        now = self.clock() if self.clock is not None else event.time
        async with self._lock:
            await self._close(incident.incident_id, RESOLVED_REASON, event.time, now)

    async def _close(self, incident_id: str, reason: str, at: float, now: float) -> None:
        """Withdraw ``incident_id``'s pending approvals with ``reason``, stop watching its
        threads and announce each withdrawal (``at``: the event time it is announced with)."""
        withdrawn, heirs = await asyncio.to_thread(self._withdraw, incident_id, reason, now)
        for thread_id, p in list(self._paused.items()):
            if p.incident_id == incident_id:
                del self._paused[thread_id]
        self._announce(withdrawn, at)
        for req in heirs:  # now the one request for its step: put to a person (a card)
            self._enqueue(_proposed(req, at))

    def _announce(self, withdrawn: list[ApprovalRecord], at: float) -> None:
        for rec in withdrawn:
            self.stats.withdrawn += 1
            logger.info(
                "sre: approval withdrawn: %s",
                rec.reason,
                extra={"approval_id": rec.approval_id, "incident_id": rec.incident_id},
            )
            self._enqueue(
                ApprovalDecided(
                    event_id=stable_id("ev", "decided", rec.approval_id),  # as the graph's
                    time=at,
                    approval_id=rec.approval_id,
                    incident_id=rec.incident_id,
                    decision="rejected",
                    by=WITHDRAWN_BY,
                    reason=rec.reason,
                )
            )

    def _withdraw(
        self, incident_id: str, reason: str, now: float
    ) -> tuple[list[ApprovalRecord], list[ApprovalRequest]]:
        """Withdraw the incident's pending requests (attached ones too), then audit every
        withdrawal of it not audited yet. Returns the records audited now, to announce, and
        the requests of other incidents that were attached to a withdrawn one and now wait
        for a person in its place."""
        store = self.runtime.approvals
        heirs: list[ApprovalRequest] = []
        for req in store.pending(incident_id=incident_id, attached=True):
            attached = store.attached(req.approval_id)
            # None: a person decided it first, and that decision stands
            if store.withdraw(req.approval_id, reason=reason, now=now) is not None:
                heirs += [a for a in attached if a.incident_id != incident_id]
        promoted = [store.get(a.approval_id) for a in heirs]
        now_heads = [
            r.request
            for r in promoted
            if r is not None and r.status == "pending" and not r.attached_to
        ]
        return self._audit_withdrawals(incident_id, now), now_heads

    def _audit_withdrawals(self, incident_id: str, now: float) -> list[ApprovalRecord]:
        """The withdrawal and its audit row are two writes (the approvals and the audit log
        may be two databases). A crash between them leaves the merge unacknowledged, so it
        is delivered again and lands here again: a withdrawal is audited once, late at worst,
        never lost."""
        audit = self.runtime.audit
        audited = {r.approval_id for r in audit.records(incident_id) if r.initiator == WITHDRAWN_BY}
        out = []
        for rec in self.runtime.approvals.records(incident_id):
            if rec.decided_by != WITHDRAWN_BY or rec.approval_id in audited:
                continue
            req = rec.request
            audit.append(
                AuditRecord(
                    at=rec.decided_at if rec.decided_at is not None else now,
                    initiator=WITHDRAWN_BY,
                    requested_by=self.name,
                    tool=req.tool,
                    args=dict(req.args),
                    risk=req.risk,
                    runbook_id=req.runbook_id or None,
                    runbook_version=req.runbook_version or None,
                    incident_id=req.incident_id,
                    thread_id=req.thread_id,
                    approval_id=req.approval_id,
                    status="denied",
                    error=rec.reason,
                )
            )
            out.append(rec)
        return out

    async def _paused_on_approval(self, incident: Incident) -> bool:
        # The approval store, not memory: a decision pending from an earlier process counts.
        pending = await asyncio.to_thread(
            self.runtime.approvals.pending, incident_id=incident.incident_id, attached=True
        )
        return bool(pending)

    # ------------------------------------------------------------------ decisions
    async def poll_decisions(self, now: float) -> list[RunReport]:
        """Resume every watched thread whose pending approval has been decided (by any
        process) since the last look. ``now`` is the caller's clock. Returns the reports of the
        threads resumed; a thread whose resume raised is logged and retried on the next poll."""
        if not self._paused:
            return []
        watched = list(self._paused.values())
        decided = await asyncio.to_thread(self._decided, watched)
        reports = []
        for p, withdrawn in decided:
            if withdrawn:  # its incident merged or resolved, or the step was decided on the
                # request it was attached to: nothing to resume; audit and announce it here
                self._paused.pop(p.thread_id, None)
                audited = await asyncio.to_thread(self._audit_withdrawals, p.incident_id, now)
                self._announce(audited, now)
                continue
            async with self._lock:
                try:
                    report = await asyncio.to_thread(self._resume, p.thread_id, now)
                except Exception as e:
                    self.stats.failed += 1
                    err = DiagnosisError(p.incident_id, p.thread_id, "resume", e)
                    logger.exception("sre: %s", err)
                    continue
            self.stats.resumed += 1
            self._track(report)
            reports.append(report)
        return reports

    async def run_poller(self, now: Callable[[], float], interval_s: float) -> None:
        """Call :meth:`poll_decisions` every ``interval_s`` seconds until cancelled."""
        while True:
            await asyncio.sleep(interval_s)
            try:
                await self.poll_decisions(now())
            except Exception:  # the store was busy or gone for a moment: try again next time
                logger.exception("sre: polling for decisions failed")

    def _track(self, report: RunReport) -> None:
        # On the loop thread only: poll_decisions reads these between worker runs.
        self.reports[report.incident_id] = report
        if report.pending_approval:
            self._paused[report.thread_id] = _Paused(
                report.thread_id, report.pending_approval, report.incident_id
            )
        else:
            self._paused.pop(report.thread_id, None)

    def _decided(self, watched: list[_Paused]) -> list[tuple[_Paused, bool]]:
        """The watched threads whose approval is decided, each with whether it was withdrawn
        (its incident merged into another, by any replica: then it is not resumed). A person's
        decision taken before the merge is resumed as usual."""
        out = []
        for p in watched:
            rec = self.runtime.approvals.get(p.approval_id)
            if rec is None or rec.status != "pending":
                out.append((p, rec is not None and rec.decided_by == WITHDRAWN_BY))
        return out

    # ------------------------------------------------------------------ worker thread
    def _diagnose(self, incident: Incident, now: float) -> RunReport:
        runner = self.runtime.runner
        tid = thread_id_for(incident)
        cfg = thread_config(tid)
        snapshot = runner.app.get_state(cfg)
        # Unfinished: a next node, or tasks that ran but whose step never got its checkpoint
        # (a process killed after the gather branches wrote, before ``analyze``: ``next`` is
        # then empty while ``tasks`` is not). A thread paused on a person is not unfinished.
        unfinished = bool(snapshot.next) or any(not t.interrupts for t in snapshot.tasks)
        if snapshot.values and unfinished and not snapshot.values.get("pending_approval"):
            # An earlier attempt raised or its process died part way (the bus is redelivering):
            # continue from its last checkpoint; finished branches are not run again.
            runner.app.invoke(None, cfg)
            self.stats.diagnosed += 1
            return runner.report(tid)
        if snapshot.values:
            self.stats.reused += 1
            return runner.report(tid)
        if self.origin is not None:
            origin = self.origin(incident)
            if origin is not None:
                # with the incident's id, so `gpufleet diagnose <incident-id>` finds the thread
                origin = origin.model_copy(update={"incident_id": incident.incident_id})
                save_origin(self.runtime.config.state_dir, tid, origin)
        report = runner.diagnose(incident, now=now)
        self.stats.diagnosed += 1
        return report

    def _resume(self, thread_id: str, now: float) -> RunReport:
        return self.runtime.runner.resume(thread_id, now=now)

    # ------------------------------------------------------------------ publishing
    def _from_worker(self, event: Event) -> None:
        """The runner's publish callback: safe from any thread."""
        loop = self._loop
        if loop is None:
            raise RuntimeError("SreService.start() was not awaited before a diagnosis ran")
        loop.call_soon_threadsafe(self._enqueue, event)

    def _enqueue(self, event: Event) -> None:
        assert self._outbox is not None
        self._enqueued += 1
        self._outbox.put_nowait(event)

    async def _publish_loop(self) -> None:
        assert self._outbox is not None
        while True:
            event = await self._outbox.get()
            try:
                if self._sent.seen(event.event_id):
                    self.stats.duplicates_dropped += 1
                    continue
                await self.bus.publish(event)
                self._sent.add(event.event_id)
                self.stats.published += 1
            except BusClosedError:
                logger.warning("sre: bus closed; %s not published", event.event_id)
            except Exception:
                logger.exception("sre: could not publish %s", event.event_id)
            finally:
                self._outbox.task_done()


def _proposed(req: ApprovalRequest, at: float) -> ActionProposed:
    """The proposal of a request that waited attached to another and now is the one asked."""
    step = PlannedStep(
        index=req.step_index,
        name=req.step_name or req.tool,
        tool=req.tool,
        args=req.args,
        risk=req.risk,
        needs_approval=True,
    )
    return ActionProposed(
        event_id=stable_id("ev", "proposed", req.approval_id),  # as the graph's would be
        time=at,
        approval_id=req.approval_id,
        incident_id=req.incident_id,
        runbook_id=req.runbook_id or "",
        runbook_version=req.runbook_version or 0,
        step=step,
    )


__all__ = ["SUBSCRIBER", "DiagnosisError", "ServiceStats", "SreService"]
