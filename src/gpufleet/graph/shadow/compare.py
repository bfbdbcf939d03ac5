"""The shadow report (pure): did gpufleet's proposals agree with what operators did?

A proposal and an operator action *agree* when they concern the same node and the same effect
family (both took it out of service, or both returned it; see :mod:`graph.shadow.records`)
within ``match_s`` of each other; the lead time is how much earlier gpufleet would have acted
(negative: the operator was first). Everything else is a disagreement with its evidence:
``gpufleet_only`` (a proposal no operator matched), ``operator_only`` (an operator took a node
out or returned it and gpufleet proposed nothing for it), ``different_action`` (same node, other
effect).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict

from gpufleet.graph.shadow.records import OperatorAction, ProposedAction

DEFAULT_MATCH_S = 24 * 3600.0


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Agreement(_Strict):
    node: str
    incident_id: str
    proposed: ProposedAction
    operator: OperatorAction
    lead_s: float  # operator time - proposal time: > 0 means gpufleet would have been earlier
    same_class: bool  # the exact action classes match too


class Disagreement(_Strict):
    kind: Literal["gpufleet_only", "operator_only", "different_action"]
    node: str
    proposed: ProposedAction | None = None
    operator: OperatorAction | None = None
    evidence: tuple[str, ...] = ()  # gpufleet's evidence and/or the operator's reason


class ShadowReport(_Strict):
    since: float
    until: float
    proposals: int
    operator_actions: int
    agreements: tuple[Agreement, ...]
    disagreements: tuple[Disagreement, ...]

    @property
    def agreement_rate(self) -> float | None:
        total = len(self.agreements) + len(self.disagreements)
        return len(self.agreements) / total if total else None

    @property
    def median_lead_s(self) -> float | None:
        leads = [a.lead_s for a in self.agreements]
        return statistics.median(leads) if leads else None


def _first_per_step(proposals: Sequence[ProposedAction]) -> list[ProposedAction]:
    """One proposal per (incident, node, effect): a plan that drains then reboots one node is
    one decision to take it out, judged once, at its first step."""
    seen: dict[tuple[str, str | None, str], ProposedAction] = {}
    # at one time, the drain/cordon is the step that takes the node out: it represents the plan
    for p in sorted(proposals, key=lambda p: (p.at, not p.isolates)):
        if p.effect == "keep" or p.node is None:
            continue  # changes no node, or names none: nothing an operator's record can match
        seen.setdefault((p.incident_id, p.node, p.effect), p)
    return list(seen.values())


def compare(
    proposals: Sequence[ProposedAction],
    operator_actions: Sequence[OperatorAction],
    *,
    since: float,
    until: float,
    match_s: float = DEFAULT_MATCH_S,
) -> ShadowReport:
    agreements: list[Agreement] = []
    disagreements: list[Disagreement] = []
    unused = sorted(operator_actions, key=lambda a: a.at)
    for p in _first_per_step(proposals):
        near = [o for o in unused if o.node == p.node and abs(o.at - p.at) <= match_s]
        same = [o for o in near if o.effect == p.effect]
        if same:
            o = min(same, key=lambda o: abs(o.at - p.at))
            unused.remove(o)
            agreements.append(
                Agreement(
                    node=o.node,
                    incident_id=p.incident_id,
                    proposed=p,
                    operator=o,
                    lead_s=o.at - p.at,
                    same_class=o.action_class == p.action_class,
                )
            )
        elif near:
            o = near[0]
            unused.remove(o)
            disagreements.append(
                Disagreement(
                    kind="different_action",
                    node=o.node,
                    proposed=p,
                    operator=o,
                    evidence=(*p.evidence, f"operator: {o.reason}"),
                )
            )
        else:
            disagreements.append(
                Disagreement(
                    kind="gpufleet_only", node=p.node or "", proposed=p, evidence=p.evidence
                )
            )
    for o in unused:
        if o.effect != "keep" or o.kind == "ticket":
            disagreements.append(
                Disagreement(kind="operator_only", node=o.node, operator=o, evidence=(o.reason,))
            )
    return ShadowReport(
        since=since,
        until=until,
        proposals=len(proposals),
        operator_actions=len(operator_actions),
        agreements=tuple(agreements),
        disagreements=tuple(sorted(disagreements, key=_when)),
    )


def _when(d: Disagreement) -> float:
    item = d.proposed or d.operator
    return item.at if item is not None else 0.0
