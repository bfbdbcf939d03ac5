"""``gpufleet report shadow``: how gpufleet's shadow-mode proposals compare with what operators
did. Before reporting it can import operator actions (idempotently) from SLURM
(``--slurm``: drains/resumes with their reasons, via ``scontrol``), a saved ``kubectl get events
-o json`` file and a tickets JSONL export into the shadow ledger of the state directory."""

from __future__ import annotations

import argparse
import json
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TextIO

from gpufleet.cli.perf import parse_window
from gpufleet.cli.sre import SreUsageError, _config
from gpufleet.graph.executors.runner import SubprocessRunner
from gpufleet.graph.shadow.compare import ShadowReport, compare
from gpufleet.graph.shadow.ledger import ShadowLedger
from gpufleet.graph.shadow.observe import (
    KubectlEventsFile,
    ShadowInputError,
    observe_slurm,
    ticket_actions,
)
from gpufleet.graph.shadow.records import OperatorAction


def _read(path: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SreUsageError(f"{path}: cannot read: {e.strerror or e}") from None


def _import(args: argparse.Namespace, ledger: ShadowLedger, now: float, prefix: str) -> int:
    actions: list[OperatorAction] = []
    if args.slurm:
        env = {"SLURM_CONF": str(args.slurm_conf)} if args.slurm_conf else {}
        sighting = observe_slurm(
            SubprocessRunner(env=env), ledger.drained_nodes(), now, reason_prefix=prefix
        )
        actions += sighting.actions
        ledger.set_drained_nodes(sighting.drained)
    if args.k8s_events:
        actions += KubectlEventsFile(Path(args.k8s_events)).node_actions(0.0)
    if args.tickets:
        actions += ticket_actions(_read(args.tickets), args.tickets)
    return sum(ledger.observe(a) for a in actions)


def cmd_report_shadow(args: argparse.Namespace, out: TextIO) -> int:
    cfg = _config(args)
    window_s = parse_window(args.window)
    now = time.time() if args.until is None else float(args.until)
    ledger = ShadowLedger(cfg.layout.shadow)  # the replicas' shared database, if one
    try:
        slurm_conf = cfg.slurm.slurm_conf
        args.slurm_conf = args.slurm_conf or slurm_conf
        try:
            added = _import(args, ledger, now, cfg.slurm.reason_prefix)
        except ShadowInputError as e:
            raise SreUsageError(str(e)) from None
        since = now - window_s
        report = compare(
            ledger.proposals(since, now),
            ledger.operator_actions(since, now),
            since=since,
            until=now,
        )
    finally:
        ledger.close()
    if args.json:
        out.write(json.dumps(report_json(report, added), indent=2) + "\n")
    else:
        out.write(report_text(report, added) + "\n")
    return 0


def report_json(report: ShadowReport, imported: int = 0) -> dict[str, Any]:
    doc = report.model_dump(mode="json")
    doc["agreement_rate"] = report.agreement_rate
    doc["median_lead_s"] = report.median_lead_s
    doc["imported_operator_actions"] = imported
    return doc


def _t(at: float) -> str:
    return datetime.fromtimestamp(at, UTC).strftime("%Y-%m-%d %H:%M:%SZ")


def _lead(seconds: float) -> str:
    sign = "earlier" if seconds >= 0 else "later"
    s = abs(seconds)
    text = f"{s / 3600:.1f} h" if s >= 3600 else f"{s / 60:.0f} min" if s >= 60 else f"{s:.0f} s"
    return f"{text} {sign}"


def report_text(report: ShadowReport, imported: int = 0) -> str:
    rate = report.agreement_rate
    lines = [
        f"shadow report {_t(report.since)} .. {_t(report.until)}: "
        f"{report.proposals} proposal(s), {report.operator_actions} operator action(s)"
        + (f", {imported} newly imported" if imported else ""),
        f"agreement: {len(report.agreements)} of "
        f"{len(report.agreements) + len(report.disagreements)}"
        + (f" ({rate:.0%})" if rate is not None else " (nothing to compare yet)"),
    ]
    if report.median_lead_s is not None:
        lines.append(f"median lead: gpufleet would have acted {_lead(report.median_lead_s)}")
    for a in report.agreements:
        lines.append(
            f"  agree  {a.node}  {a.incident_id}: gpufleet {a.proposed.tool} "
            f"({a.proposed.action_class}) at {_t(a.proposed.at)}; {a.operator.source} "
            f"{a.operator.kind} by {a.operator.by or '?'} at {_t(a.operator.at)} "
            f"({a.operator.reason!r}): {_lead(a.lead_s)}"
            + ("" if a.same_class else f" [classes differ: {a.operator.action_class}]")
        )
    for d in report.disagreements:
        what = {
            "gpufleet_only": "gpufleet would act; no operator did",
            "operator_only": "an operator acted; gpufleet proposed nothing",
            "different_action": "both acted, differently",
        }[d.kind]
        lines.append(f"  DIFFER {d.node}: {what}")
        if d.proposed is not None:
            p = d.proposed
            lines.append(
                f"      gpufleet: {p.tool} ({p.action_class}) for {p.incident_id} at {_t(p.at)}"
            )
        if d.operator is not None:
            o = d.operator
            lines.append(
                f"      operator: {o.source} {o.kind} by {o.by or '?'} at {_t(o.at)}: {o.reason!r}"
            )
        lines += [f"      evidence: {e}" for e in d.evidence if e]
    return "\n".join(lines)
