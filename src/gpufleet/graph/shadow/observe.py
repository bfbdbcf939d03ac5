"""What operators did, read from the systems of record into :class:`OperatorAction` records.

Pure parsers over text (``scontrol -o show node`` via :func:`graph.executors.slurm.parse_nodes`,
``kubectl get events -o json``, a tickets JSONL export) plus :class:`NodeEventSource`, the small
protocol any other source of node actions (a Kubernetes executor watching the API) implements.
Bad input raises :class:`ShadowInputError` naming the file and the line or item.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any, Final, Protocol

from pydantic import ValidationError

from gpufleet.graph.executors.runner import CommandRunner
from gpufleet.graph.executors.slurm import SlurmNode, owns_reason, parse_nodes
from gpufleet.graph.shadow.records import OperatorAction, OperatorKind, operator_class
from gpufleet.knowledge.actions import is_action_class


class ShadowInputError(ValueError):
    """An operator-action source cannot be read; the message names the source and the place."""


class NodeEventSource(Protocol):
    """Anything that can say what people did to nodes since a time."""

    def node_actions(self, since: float) -> list[OperatorAction]: ...


def _epoch(value: object, where: str, tz: tzinfo | None = None) -> float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return float(value)
    if not isinstance(value, str) or not value:
        raise ShadowInputError(f"{where}: expected a time (epoch seconds or ISO 8601)")
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ShadowInputError(f"{where}: {value[:60]!r} is not an ISO 8601 time") from None
    if parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=tz) if tz is not None else parsed.astimezone()
    return parsed.timestamp()


# -- SLURM --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SlurmSighting:
    actions: list[OperatorAction]
    drained: dict[str, str]  # node -> the ref of the drain seen now (for the next look)


def slurm_sightings(
    nodes: Sequence[SlurmNode],
    previously_drained: dict[str, str],
    now: float,
    *,
    tz: tzinfo | None = None,
    reason_prefix: str = "gpufleet",
) -> SlurmSighting:
    """Operator drains (with SLURM's reason, user and time) and resumes (a node drained at the
    previous look that is no longer drained; SLURM keeps no resume time, so ``now``). Drains
    whose reason carries gpufleet's prefix are gpufleet's own and are not operator actions."""
    actions: list[OperatorAction] = []
    drained: dict[str, str] = {}
    for node in nodes:
        if node.drained and node.reason and not owns_reason(node.reason, reason_prefix):
            ref = f"{node.name}:drain:{node.reason_time or ''}:{node.reason}"
            drained[node.name] = ref
            at = (
                _epoch(node.reason_time, f"node {node.name} reason time", tz)
                if (node.reason_time)
                else now
            )
            actions.append(_slurm(node.name, "drain", at, node.reason_user, node.reason, ref))
    for name, ref in previously_drained.items():
        if name not in drained and any(n.name == name and not n.drained for n in nodes):
            actions.append(_slurm(name, "resume", now, None, "", f"{ref}:resumed"))
    return SlurmSighting(actions, drained)


def _slurm(
    node: str, kind: OperatorKind, at: float, by: str | None, reason: str, ref: str
) -> OperatorAction:
    return OperatorAction(
        source="slurm",
        kind=kind,
        node=node,
        at=at,
        by=by,
        reason=reason,
        action_class=operator_class(kind),
        ref=ref,
    )


# -- Kubernetes ---------------------------------------------------------------------------------

# Event reasons the node controller and kubectl leave for cordon/uncordon and taints.
_K8S_REASONS: Final[dict[str, OperatorKind]] = {
    "NodeNotSchedulable": "cordon",
    "NodeSchedulable": "uncordon",
    "Cordon": "cordon",
    "Uncordon": "uncordon",
    "Drain": "drain",
    "TaintAdded": "taint",
    "TaintRemoved": "untaint",
}


def k8s_node_actions(text: str, source: str = "events") -> list[OperatorAction]:
    """Node cordon/uncordon/drain/taint events from ``kubectl get events -o json`` output (a
    ``List`` with ``items``, or a bare list of events); other events are skipped."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise ShadowInputError(f"{source}: not JSON (line {e.lineno}: {e.msg})") from None
    items = doc.get("items") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise ShadowInputError(f"{source}: expected a List with items or a list of events")
    return [a for i, item in enumerate(items) if (a := _k8s_event(item, f"{source}: items[{i}]"))]


def _k8s_event(item: Any, where: str) -> OperatorAction | None:
    if not isinstance(item, dict):
        raise ShadowInputError(f"{where}: expected an object")
    obj = item.get("involvedObject") or item.get("regarding") or {}
    kind = _K8S_REASONS.get(str(item.get("reason", "")))
    if not isinstance(obj, dict) or obj.get("kind") != "Node" or kind is None:
        return None
    when = item.get("lastTimestamp") or item.get("eventTime") or item.get("firstTimestamp")
    meta = item.get("metadata") or {}
    by = (item.get("source") or {}).get("component") or item.get("reportingComponent")
    ref = meta.get("uid") or f"{obj.get('name')}:{item.get('reason')}:{when}"
    return OperatorAction(
        source="k8s",
        kind=kind,
        node=str(obj.get("name") or ""),
        at=_epoch(when, f"{where}: time"),
        by=str(by) if by else None,
        reason=str(item.get("message") or ""),
        action_class=operator_class(kind),
        ref=str(ref),
    )


@dataclass(frozen=True)
class KubectlEventsFile:
    """A :class:`NodeEventSource` over a saved ``kubectl get events -o json`` file."""

    path: Path

    def node_actions(self, since: float) -> list[OperatorAction]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError as e:
            raise ShadowInputError(f"{self.path}: cannot read: {e.strerror or e}") from None
        return [a for a in k8s_node_actions(text, str(self.path)) if a.at >= since]


# -- tickets ------------------------------------------------------------------------------------


def ticket_actions(text: str, source: str = "tickets") -> list[OperatorAction]:
    """Tickets from a JSONL export, one object per line: ``id``, ``node``, ``opened_at`` (epoch
    or ISO 8601), optional ``by``, ``summary`` and ``action_class`` (a class of
    :mod:`knowledge.actions`; default ``hardware_ticket``). Blank lines are skipped."""
    actions = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = f"{source}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as e:
            raise ShadowInputError(f"{where}: not JSON: {e.msg}") from None
        if not isinstance(row, dict):
            raise ShadowInputError(f"{where}: expected an object")
        missing = [k for k in ("id", "node", "opened_at") if not row.get(k)]
        if missing:
            raise ShadowInputError(f"{where}: missing {', '.join(missing)}")
        given = row.get("action_class")
        if given is not None and not is_action_class(str(given)):
            raise ShadowInputError(f"{where}: unknown action_class {str(given)[:40]!r}")
        try:
            actions.append(
                OperatorAction(
                    source="ticket",
                    kind="ticket",
                    node=str(row["node"]),
                    at=_epoch(row["opened_at"], f"{where}: opened_at"),
                    by=str(row["by"]) if row.get("by") else None,
                    reason=str(row.get("summary") or ""),
                    action_class=operator_class("ticket", str(given) if given else None),
                    ref=str(row["id"]),
                )
            )
        except ValidationError as e:
            raise ShadowInputError(f"{where}: {e.errors()[0]['msg']}") from None
    return actions


def observe_slurm(
    runner: CommandRunner,
    previously_drained: dict[str, str],
    now: float,
    *,
    reason_prefix: str = "gpufleet",
) -> SlurmSighting:
    """Look at SLURM now (``scontrol -o show node``): the edge around :func:`slurm_sightings`.
    Reason times are in the controller's local time, read in this host's zone."""
    outcome = runner.run(["scontrol", "-o", "show", "node"], timeout_s=30.0)
    if outcome.returncode != 0:
        why = (outcome.stderr or outcome.stdout).strip()[:300] or f"exit {outcome.returncode}"
        raise ShadowInputError(f"scontrol -o show node failed: {why}")
    return slurm_sightings(
        parse_nodes(outcome.stdout), previously_drained, now, reason_prefix=reason_prefix
    )
