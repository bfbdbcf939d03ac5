"""Drive the SRE graph: start a diagnosis, resume after a decision, read where a thread is.

The runner is the edge between the graph and the rest: it supplies ``now`` (the caller's
clock: event time in replay, wall clock live), publishes the graph's outbox events, and turns
the checkpointed state into a :class:`RunReport` the CLI, the bus service and the eval read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gpufleet.agents.sre.graph import (
    SreDeps,
    compile_graph,
    resume_command,
    start_input,
    thread_config,
    thread_id_for,
)
from gpufleet.bus.events import EVENT_ADAPTER, ActionResult, Diagnosis, Event, Incident


class NoProgressError(RuntimeError):
    """A resume changed nothing: resuming again would loop without end."""


def _position(snapshot: Any) -> tuple[Any, ...]:
    """Where a thread stands: its last checkpoint and the nodes due next."""
    return (
        snapshot.config["configurable"].get("checkpoint_id"),
        tuple(snapshot.next),
        tuple(task.name for task in snapshot.tasks),
    )


@dataclass
class RunReport:
    thread_id: str
    incident_id: str
    diagnosis: Diagnosis | None
    results: list[ActionResult]
    outcome: str
    pending_approval: str | None
    plan_notes: list[str] = field(default_factory=list)
    # a step whose outcome is unknown, waiting for `gpufleet settle` (its ledger key)
    pending_settlement: str | None = None
    events: list[Event] = field(default_factory=list)  # published by this call
    incident: Incident | None = None  # the incident version this thread diagnoses


def stored_report(checkpointer: Any, thread_id: str) -> RunReport | None:
    """A thread's last checkpoint as a report, read straight from the checkpointer (no graph,
    no tools: enough to show a diagnosis whose run lives in another process)."""
    tup = checkpointer.get_tuple(thread_config(thread_id))
    if tup is None:
        return None
    values = tup.checkpoint.get("channel_values", {})
    paused = bool(values.get("pending_approval") or values.get("pending_settlement"))
    return _report(thread_id, values, paused=paused)


def _outcome(values: dict[str, Any], paused: bool) -> str:
    if paused and values.get("pending_settlement"):
        return "outcome_unknown"
    if paused and values.get("pending_approval"):
        return "awaiting_approval"
    return str(values.get("outcome", "running"))


def _report(
    thread_id: str, values: dict[str, Any], *, paused: bool, events: list[Event] | None = None
) -> RunReport:
    dx = values.get("diagnosis")
    return RunReport(
        thread_id=thread_id,
        incident_id=values.get("incident", {}).get("incident_id", ""),
        diagnosis=Diagnosis.model_validate(dx) if dx else None,
        results=[ActionResult.model_validate(r) for r in values.get("results", [])],
        outcome=_outcome(values, paused),
        pending_approval=values.get("pending_approval"),
        plan_notes=list(values.get("plan_notes", [])),
        pending_settlement=values.get("pending_settlement") if paused else None,
        events=events or [],
        incident=_latest_incident(values),
    )


def _latest_incident(values: dict[str, Any]) -> Incident | None:
    """The incident as the thread last published it (its phase changes are outbox events),
    else as the thread received it."""
    latest = values.get("incident")
    for e in values.get("outbox", []):
        if e.get("kind") == "incident_updated" and isinstance(e.get("incident"), dict):
            latest = e["incident"]
    return Incident.model_validate(latest) if latest else None


class SreRunner:
    def __init__(
        self,
        deps: SreDeps,
        checkpointer: Any,
        publish: Callable[[Event], None] | None = None,
    ) -> None:
        self.deps = deps
        self.app = compile_graph(deps, checkpointer)
        self.publish = publish
        self._published: set[str] = set()

    def diagnose(self, incident: Incident, now: float) -> RunReport:
        """Diagnose an incident and run its plan up to the first decision a person must make
        (or to the end, when nothing needs one)."""
        tid = thread_id_for(incident)
        cfg = thread_config(tid)
        snapshot = self.app.get_state(cfg)
        if snapshot.values:  # this version of the incident was diagnosed already
            return self.report(tid)
        self.app.invoke(dict(start_input(incident, now, tid)), cfg)
        return self.report(tid)

    def resume(self, thread_id: str, now: float) -> RunReport:
        """Wake a thread paused on an approval (after the decision was stored), or run on a
        thread whose process stopped inside a node (its last checkpoint names a next node but
        no interrupt waits there). Raises :class:`NoProgressError` when the thread is exactly
        where it was afterwards: a caller must never retry that in a loop."""
        cfg = thread_config(thread_id)
        snapshot = self.app.get_state(cfg)
        if not snapshot.next and not snapshot.tasks:
            return self.report(thread_id)  # finished: nothing to resume
        before = _position(snapshot)
        # A task that finished before the crash may leave its writes pending on the last
        # checkpoint (LangGraph saves checkpoints asynchronously): ``next`` is then empty while
        # ``tasks`` is not, and only invoke(None) applies those writes and goes on.
        if any(task.interrupts for task in snapshot.tasks):
            self.app.invoke(resume_command(now), cfg)
        else:
            self.app.invoke(None, cfg)  # None: continue from the last checkpoint
        if _position(self.app.get_state(cfg)) == before:
            raise NoProgressError(
                f"resuming thread {thread_id} left it where it was (next: "
                f"{', '.join(snapshot.next)}); it needs a person: see `gpufleet approvals`"
            )
        return self.report(thread_id)

    def report(self, thread_id: str) -> RunReport:
        snapshot = self.app.get_state(thread_config(thread_id))
        values = snapshot.values
        events = [EVENT_ADAPTER.validate_python(e) for e in values.get("outbox", [])]
        fresh = [e for e in events if e.event_id not in self._published]
        for e in fresh:
            self._published.add(e.event_id)
            if self.publish is not None:
                self.publish(e)
        return _report(thread_id, values, paused=bool(snapshot.next), events=fresh)
