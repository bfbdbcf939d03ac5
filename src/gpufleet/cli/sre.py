"""``gpufleet diagnose | approvals | approve | reject | settle``: the SRE agent, from a terminal.

The wall clock is read here, at the edge (decision times, ``--wait`` polling); the graph and
the gate only ever see the times this module passes them.
"""

from __future__ import annotations

import argparse
import io
import json
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal, TextIO

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig, SreConfigError, load_sre_config
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runner import NoProgressError, RunReport, stored_report
from gpufleet.agents.sre.runtime import (
    Origin,
    SreRuntime,
    build_runtime,
    load_origin,
    open_model_for,
    replay_tools,
    save_origin,
    threads_of_incident,
)
from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated, Severity
from gpufleet.bus.log import EventLog, EventLogError
from gpufleet.cli.common import command_prefix, load_topology, operator_name
from gpufleet.cli.model_progress import TerminalProgress
from gpufleet.cli.sre_render import approvals_text, diagnosis_json, diagnosis_text, unknown_text
from gpufleet.evals.format import IncidentFormatError
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.approvals.audit import AuditLog
from gpufleet.graph.approvals.decide import DecisionRefusedError, record_decision
from gpufleet.graph.approvals.ledger import ExecutionLedger
from gpufleet.graph.approvals.policy import Policy, PolicyError, load_policy
from gpufleet.graph.approvals.settle import SettleError, settle_step
from gpufleet.graph.approvals.store import ApprovalStore
from gpufleet.graph.checkpoint import open_checkpointer
from gpufleet.graph.models.bundled import BundledModelError
from gpufleet.graph.models.chat import clean_text
from gpufleet.graph.models.config import ModelConfigError
from gpufleet.graph.state.url import StateUrlError, parse_state_url
from gpufleet.sim.demo import demo_simulator
from gpufleet.telemetry.topology import Topology

POLL_S = 0.5


class SreUsageError(ValueError):
    pass


def _config(args: argparse.Namespace) -> SreConfig:
    try:
        cfg = load_sre_config(getattr(args, "sre_config", None))
    except SreConfigError as e:
        raise SreUsageError(str(e)) from None
    if getattr(args, "state_dir", None):
        cfg = cfg.model_copy(update={"state_dir": Path(args.state_dir)})
    if getattr(args, "state", None):
        try:
            parse_state_url(args.state)
        except StateUrlError as e:
            raise SreUsageError(f"--state: {e}") from None
        cfg = cfg.model_copy(update={"state": args.state})
    if cfg.state_dir.exists() and not cfg.state_dir.is_dir():
        raise SreUsageError(f"state directory {cfg.state_dir} is a file, not a directory")
    return cfg


# --------------------------------------------------------------------------- replay origins
def _replay(
    topology: Topology,
    ticks: Any,
    until: float | None,
    boot_times: dict[str, float] | None,
    fleet: ReplayFleet | None = None,
) -> tuple[ReplayFleet, list[Incident]]:
    fleet = fleet if fleet is not None else ReplayFleet(topology, boot_times=boot_times)
    events: list[Event] = []
    for _, evs in replay_noc(topology, ticks, fleet, until):
        events += evs
    return fleet, final_incidents(events)


def recorded_fleet(folder: Path, until: float | None = None) -> tuple[ReplayFleet, list[Incident]]:
    try:
        inc = load_incident(folder)
    except (IncidentFormatError, OSError) as e:
        raise SreUsageError(f"{folder}: {e}") from None
    return _replay(inc.topology, inc.iter_ticks(), until, None, inc.replay_fleet())


def demo_fleet(seed: int, hours: float) -> tuple[ReplayFleet, list[Incident]]:
    sim = demo_simulator(seed)
    ticks: Any = sim.run(hours * 3600.0)
    return _replay(sim.topology, ticks, None, None)


def fleet_for_origin(origin: Origin) -> tuple[ReplayFleet, list[Incident]]:
    if origin.kind == "recorded" and origin.folder:
        return recorded_fleet(Path(origin.folder), origin.until)
    if origin.kind == "demo" and origin.seed is not None and origin.hours is not None:
        return demo_fleet(origin.seed, origin.hours)
    raise SreUsageError(f"cannot rebuild a {origin.kind} run from this command line")


def resumable(origin: Origin | None) -> bool:
    """Whether this process can rebuild the thread's tools: replays always; live threads when
    they were started from the command line (``watch --sre`` resumes its own)."""
    if origin is None:
        return False
    return origin.kind != "live" or bool(origin.events_db and origin.topology)


def runtime_for_origin(cfg: SreConfig, origin: Origin, llm: str | None = None) -> SreRuntime:
    if origin.kind != "live":
        fleet, _ = fleet_for_origin(origin)
        return open_runtime(cfg, fleet, llm)
    if not (origin.events_db and origin.topology):
        raise SreUsageError("this live thread belongs to a `gpufleet watch --sre` process")
    return open_live_runtime(cfg, Path(origin.events_db), origin.topology, llm)


def open_live_runtime(
    cfg: SreConfig, events_db: Path, topology_file: str, llm: str | None = None
) -> SreRuntime:
    """The live evidence sources and executors of the SRE config, for the command line."""
    from gpufleet.agents.sre.live import live_wiring  # noqa: PLC0415 (live sources: only this path)

    topology = load_topology(topology_file)
    wiring = live_wiring(cfg, topology, event_log=events_db)
    try:
        model = open_model_for(cfg, llm, TerminalProgress())
    except (SreConfigError, BundledModelError, ModelConfigError) as e:
        for close in wiring.closers:
            close()
        raise SreUsageError(str(e)) from None
    rt = build_runtime(cfg, wiring.fleet, wiring.tools, model=model)
    rt.closers += list(wiring.closers)
    closer = getattr(model, "close", None)
    if closer is not None:
        rt.closers.append(closer)
    return rt


def open_runtime(cfg: SreConfig, fleet: ReplayFleet, llm: str | None = None) -> SreRuntime:
    try:
        model = open_model_for(cfg, llm, TerminalProgress())
    except (SreConfigError, BundledModelError, ModelConfigError) as e:
        raise SreUsageError(str(e)) from None
    rt = build_runtime(cfg, fleet, replay_tools(cfg, fleet), model=model)
    closer = getattr(model, "close", None)
    if closer is not None:
        rt.closers.append(closer)
    return rt


def pick(incidents: list[Incident], wanted: str | None) -> list[Incident]:
    if wanted:
        chosen = [i for i in incidents if i.incident_id == wanted]
        if not chosen:
            known = ", ".join(i.incident_id for i in incidents) or "none"
            raise SreUsageError(f"no incident {wanted} in this run (found: {known})")
        return chosen
    # the ones an operator is paged for, worst first
    paged = [i for i in incidents if i.severity >= Severity.WARNING]
    return sorted(paged, key=lambda i: (-i.severity, i.opened_at, i.incident_id))


def run_diagnosis(rt: SreRuntime, incident: Incident, origin: Origin, now: float) -> RunReport:
    from gpufleet.agents.sre.graph import thread_id_for  # noqa: PLC0415

    origin = origin.model_copy(update={"incident_id": incident.incident_id})
    save_origin(rt.config.state_dir, thread_id_for(incident), origin)
    return rt.runner.diagnose(incident, now=now)


def _decided(rt: SreRuntime, report: RunReport) -> bool:
    """Whether the person this thread waits on has spoken (a decision or a settlement)."""
    if report.pending_settlement:
        claim = rt.deps.ledger.get(report.pending_settlement)
        return claim is not None and claim.settled_outcome is not None
    req = rt.approvals.get(report.pending_approval or "")
    return req is not None and req.status != "pending"


def wait_for_decisions(
    rt: SreRuntime, report: RunReport, out: TextIO, clock: Callable[[], float] = time.time
) -> RunReport:
    """Block until every pause of this thread is decided (by another process), resuming after
    each decision. Ctrl-C leaves the thread paused, durable, for ``gpufleet approve``."""
    while report.pending_approval or report.pending_settlement:
        if _decided(rt, report):
            try:
                report = rt.runner.resume(report.thread_id, now=clock())
            except NoProgressError as e:  # never loop on a resume that changes nothing
                raise SreUsageError(str(e)) from None
            out.write(diagnosis_text(report) + "\n")
            out.flush()
            continue
        time.sleep(POLL_S)
    return report


# --------------------------------------------------------------------------- commands
def cmd_diagnose(args: argparse.Namespace, out: TextIO) -> int:
    cfg = _config(args)
    target = Path(args.target)
    if (target / "incident.yaml").exists():
        origin = Origin(kind="recorded", folder=str(target.resolve()))
        fleet, incidents = recorded_fleet(target)
    else:
        return diagnose_incident_id(args, cfg, out)
    chosen = pick(incidents, args.incident)
    if not chosen:
        out.write("the NOC found no incident to diagnose in this recording\n")
        return 0
    rt = open_runtime(cfg, fleet, args.llm)
    docs = []
    try:
        for inc in chosen[: args.max]:
            report = run_diagnosis(rt, inc, origin, now=inc.updated_at)
            if args.json:
                docs.append(diagnosis_json(report))
            else:
                out.write(diagnosis_text(report) + "\n\n")
                out.flush()
            if args.wait and report.pending_approval:
                # --json: one document at the end, with the final state (no text in between)
                report = wait_for_decisions(rt, report, io.StringIO() if args.json else out)
                if args.json:
                    docs[-1] = diagnosis_json(report)
    finally:
        rt.close()
    if args.json:
        out.write(json.dumps(docs if len(docs) != 1 else docs[0], indent=2) + "\n")
    return 0


def diagnose_incident_id(args: argparse.Namespace, cfg: SreConfig, out: TextIO) -> int:
    """An incident id: show the diagnosis this state directory holds for it (``--wait``: and
    stay, resuming after each decision), or — with ``--events-db`` and ``--topology`` —
    diagnose its latest version from the event log with the live evidence sources of the SRE
    config."""
    incident_id = args.target
    threads = threads_of_incident(cfg.state_dir, incident_id)
    if threads and not args.again:
        if args.wait:
            return _wait_on_thread(args, cfg, threads[0], out)
        saver = open_checkpointer(cfg.layout.checkpoints)
        try:
            report = stored_report(saver, threads[0])
        finally:
            saver.conn.close()
        if report is not None:
            _print(args, out, report)
            return 0
    if not args.events_db:
        raise SreUsageError(
            f"{incident_id}: no diagnosis in {cfg.state_dir}; give a recorded-incident folder, "
            "or --events-db (the NOC's event log) and --topology to diagnose it from live data"
        )
    if not args.topology:
        raise SreUsageError("--events-db needs --topology (the fleet's topology JSON)")
    incident = latest_incident(Path(args.events_db), incident_id)
    origin = Origin(
        kind="live",
        events_db=str(Path(args.events_db).resolve()),
        topology=str(Path(args.topology).resolve()),
    )
    rt = open_live_runtime(cfg, Path(args.events_db), args.topology, args.llm)
    try:
        report = run_diagnosis(rt, incident, origin, now=time.time())
        if args.wait and report.pending_approval:
            report = wait_for_decisions(rt, report, io.StringIO() if args.json else out)
    finally:
        rt.close()
    _print(args, out, report)
    return 0


def _wait_on_thread(args: argparse.Namespace, cfg: SreConfig, thread: str, out: TextIO) -> int:
    """Pick up a stored thread (after a restart) and wait on it like ``--wait`` does."""
    origin = load_origin(cfg.state_dir, thread)
    if origin is None or not resumable(origin):
        raise SreUsageError(f"{args.target}: its agent process resumes it; nothing to wait on here")
    rt = runtime_for_origin(cfg, origin, args.llm)
    try:
        report = rt.runner.resume(thread, now=time.time())
        out.write(diagnosis_text(report) + "\n")
        out.flush()
        report = wait_for_decisions(rt, report, io.StringIO() if args.json else out)
    except NoProgressError as e:
        raise SreUsageError(str(e)) from None
    finally:
        rt.close()
    if args.json:
        _print(args, out, report)
    return 0


def latest_incident(events_db: Path, incident_id: str) -> Incident:
    if not events_db.exists():
        raise SreUsageError(f"{events_db}: no such event log")
    log = EventLog(events_db, fsync=False)
    latest: Incident | None = None
    try:
        for _, ev in log.replay(topic="incident"):
            if isinstance(ev, IncidentOpened | IncidentUpdated) and (
                ev.incident.incident_id == incident_id
            ):
                latest = ev.incident
    except EventLogError as e:
        raise SreUsageError(str(e)) from None
    finally:
        log.close()
    if latest is None:
        raise SreUsageError(f"{incident_id}: not in {events_db}")
    return latest


def _print(args: argparse.Namespace, out: TextIO, report: RunReport) -> None:
    out.write(
        (json.dumps(diagnosis_json(report), indent=2) if args.json else diagnosis_text(report))
        + "\n"
    )


def cmd_approvals(args: argparse.Namespace, out: TextIO) -> int:
    """Pending approvals, and steps whose outcome is unknown (both wait for a person)."""
    cfg = _config(args)
    if not cfg.layout.has_approvals():
        out.write("[]\n" if args.json else f"no pending approvals (no state in {cfg.state_dir})\n")
        return 0
    store = ApprovalStore(cfg.layout.approvals)
    ledger = ExecutionLedger(cfg.layout.approvals)
    try:
        rows, unknown = store.pending(), ledger.unknown()
        attached = {r.approval_id: store.attached(r.approval_id) for r in rows}
        withdrawn = [r for r in store.records() if r.withdrawn][-WITHDRAWN_SHOWN:]
    finally:
        store.close()
        ledger.close()
    if args.json:
        doc = (
            [
                {
                    **r.model_dump(mode="json"),
                    "attached": [a.approval_id for a in attached[r.approval_id]],
                }
                for r in rows
            ]
            + [
                {"needs_settling": True, **u.model_dump(mode="json"), "hint": u.describe()}
                for u in unknown
            ]
            + [
                {**w.request.model_dump(mode="json"), "withdrawn": True, "reason": w.reason}
                for w in withdrawn
            ]
        )
        out.write(json.dumps(doc, indent=2) + "\n")
    else:
        out.write(approvals_text(rows, attached, withdrawn) + "\n")
        if unknown:
            out.write(unknown_text(unknown) + "\n")
    return 0


WITHDRAWN_SHOWN = 10  # the latest withdrawn requests `gpufleet approvals` lists, with why


def _policy(cfg: SreConfig) -> Policy:
    try:
        return load_policy(cfg.policy) if cfg.policy else Policy()
    except PolicyError as e:
        raise SreUsageError(str(e)) from None


def _record_decision(
    cfg: SreConfig, args: argparse.Namespace, decision: Literal["approved", "rejected"], now: float
) -> str:
    """Check the person against the policy and store the decision; returns the thread id.
    An approval decided the same way before but never executed is not an error: the thread is
    resumed so the step runs (or its unknown outcome is reported)."""
    store = ApprovalStore(cfg.layout.approvals)
    try:
        done = record_decision(
            store,
            _policy(cfg),
            args.approval_id,
            decision,
            by=args.by,
            reason=args.reason,
            now=now,
        )
    except DecisionRefusedError as e:
        where = f" in {cfg.state_dir}" if e.status == "unknown" else ""
        raise SreUsageError(f"{e}{where}") from None
    finally:
        store.close()
    return done.record.thread_id


def _resume_thread(
    cfg: SreConfig, args: argparse.Namespace, thread: str, now: float, out: TextIO
) -> int:
    origin = load_origin(cfg.state_dir, thread)
    if origin is None or not resumable(origin) or args.no_resume:
        out.write("the agent that owns this thread resumes it when it next looks\n")
        return 0
    rt = runtime_for_origin(cfg, origin)
    try:
        report = rt.runner.resume(thread, now=now)
    except NoProgressError as e:
        raise SreUsageError(str(e)) from None
    finally:
        rt.close()
    out.write(
        (json.dumps(diagnosis_json(report), indent=2) if args.json else diagnosis_text(report))
        + "\n"
    )
    return 0


def _decide(
    args: argparse.Namespace, out: TextIO, decision: Literal["approved", "rejected"]
) -> int:
    cfg = _config(args)
    now = time.time()  # the decision's time: the edge reads the clock
    if not cfg.layout.has_approvals():
        raise SreUsageError(f"no approvals in {cfg.state_dir} (wrong --state-dir?)")
    thread = _record_decision(cfg, args, decision, now)
    out.write(f"{args.approval_id}: {decision} by {args.by}: {clean_text(args.reason)}\n")
    return _resume_thread(cfg, args, thread, now, out)


def cmd_approve(args: argparse.Namespace, out: TextIO) -> int:
    return _decide(args, out, "approved")


def cmd_reject(args: argparse.Namespace, out: TextIO) -> int:
    return _decide(args, out, "rejected")


def cmd_settle(args: argparse.Namespace, out: TextIO) -> int:
    """A person says what happened to a step whose outcome is unknown; the thread resumes."""
    cfg = _config(args)
    now = time.time()
    if not cfg.layout.has_approvals():
        raise SreUsageError(f"no execution ledger in {cfg.state_dir} (wrong --state-dir?)")
    where = cfg.layout
    ledger, store, audit = (
        ExecutionLedger(where.approvals),
        ApprovalStore(where.approvals),
        AuditLog(where.audit),
    )
    try:
        done = settle_step(
            ledger=ledger,
            approvals=store,
            audit=audit,
            policy=_policy(cfg),
            step_key=args.step,
            outcome=args.outcome,
            by=args.by,
            reason=args.reason,
            now=now,
        )
    except SettleError as e:
        raise SreUsageError(str(e)) from None
    finally:
        ledger.close()
        store.close()
        audit.close()
    retry = (
        f"; the retry runs on approval {done.retry_approval_id}" if done.retry_approval_id else ""
    )
    out.write(f"{args.step}: settled {args.outcome} by {args.by}{retry}\n")
    if not done.claim.thread_id:
        return 0
    return _resume_thread(cfg, args, done.claim.thread_id, now, out)


def demo_diagnosis(args: argparse.Namespace, incidents: list[Incident], out: TextIO) -> int:
    """The demo's second half: diagnose the worst incident the NOC found, show the plan and
    leave the first state-changing step waiting for approval in ``--state-dir``."""
    import shutil  # noqa: PLC0415

    state = Path(args.state_dir)
    if state.exists():
        shutil.rmtree(state)  # a demo starts from nothing: no stale approvals or checkpoints
    cfg = SreConfig(state_dir=state)
    chosen = pick(incidents, None)
    if not chosen:
        out.write("null\n" if args.json else "no incident to diagnose\n")
        return 0
    inc = chosen[0]
    if not args.json:
        out.write(f"\nSRE agent: diagnosing {inc.incident_id} ({inc.title})\n")
    fleet, replayed = demo_fleet(args.seed, args.hours)
    same = [i for i in replayed if i.incident_id == inc.incident_id] or [inc]
    rt = open_runtime(cfg, fleet, args.llm)
    try:
        report = run_diagnosis(
            rt, same[0], Origin(kind="demo", seed=args.seed, hours=args.hours), same[0].updated_at
        )
    finally:
        rt.close()
    if args.json:
        out.write(json.dumps(diagnosis_json(report), indent=2) + "\n")
    else:
        out.write(diagnosis_text(report) + "\n")
        if report.pending_approval:
            out.write(demo_next_steps(report.pending_approval, inc.incident_id, state))
    return 0


def demo_next_steps(approval_id: str, incident_id: str, state: Path) -> str:
    """The demo's last lines: commands that work exactly as printed, from where the demo ran
    (the program as it was started, the state folder, a real name for ``--by``)."""
    prog, hint = command_prefix()
    where = f"--state-dir {shlex.quote(str(state))}"
    by = shlex.quote(operator_name())
    lines = [
        "",
        "next, from this folder:",
        f"  {prog} approvals {where}",
        f"  {prog} diagnose {incident_id} {where}",
        f"  {prog} approve {approval_id} --by {by} --reason 'checked the evidence' {where}",
        f"  {prog} reject {approval_id} --by {by} --reason 'drain it after the job' {where}",
    ]
    if hint:
        lines.append(f"  ({hint})")
    return "\n".join(lines) + "\n"
