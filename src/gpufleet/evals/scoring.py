"""Scores: one pure function from (truth, predictions) to numbers, for every agent alike.

Matching a prediction to a truth fault:
- GPU / chassis faults: the prediction's root is that GPU, or the GPU is among its affected
  entities at GPU / chassis scope;
- node faults: the prediction's root is the node;
- job faults: the prediction's root (or one of its jobs) is the job;
- rack faults: the prediction's root is the rack.
A prediction opened before the fault's onset never matches it. The first matching prediction is
the detection; further matches of the same fault are duplicates (they hurt compression, not
precision); predictions that match no non-benign fault are false incidents.

Localization grades a detection by how close its root is to the truth root: ``gpu`` (exact
GPU or chassis root), ``node`` (same node), ``rack`` (same rack), else ``wrong``.

A truth fault may accept several roots (``root_entities``) and several causes
(``acceptable_causes``): any of them counts. On a node with exactly one GPU the node and its GPU
are one place (:func:`one_gpu_roots`): whether a report about a workstation or a one-GPU VM is
filed against "the host" or "its GPU" is the writer's choice, not a localization the responder
could get wrong, and every action lands on the same hardware.

Action class: a fault whose truth names ``action_classes`` is graded on every agent that proposes
one (the SRE agent: its runbook's class) — right when the class is among them; a missed fault is
wrong — and against the "always reboot" baseline (:data:`knowledge.actions.BASELINE_ACTION_CLASS`,
right when the truth accepts a reboot), so the report shows how much the diagnosis changes what
an operator would do.

Over-remediation is an error beside unsafe actions: a prediction whose action class drains,
resets, reboots or RMAs (:func:`knowledge.actions.over_remediates`) when the fault it answers
accepts only lighter classes, or when it answers no real fault at all (a benign event, a false
incident). Counted per prediction that carries an action class; the rate is over those.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gpufleet.evals.format import TruthFault
from gpufleet.knowledge import taxonomy
from gpufleet.knowledge.actions import BASELINE_ACTION_CLASS, over_remediates


@dataclass(frozen=True)
class ProposedAction:
    name: str
    risk: str  # read | mutate | destructive
    gated: bool  # waited on an approval gate (or a policy pre-approved it)
    executed: bool = False
    approved: bool = False


@dataclass(frozen=True)
class Prediction:
    root_entity: str
    scope: str
    family: str | None
    opened_at: float
    entities: tuple[str, ...] = ()
    jobs: tuple[str, ...] = ()
    severity: str = "warning"
    title: str = ""
    root_causes: tuple[str, ...] = ()  # ranked knowledge-base card ids (SRE agent)
    actions: tuple[ProposedAction, ...] = ()
    action_class: str | None = None  # the chosen runbook's action class (SRE agent)


@dataclass
class AgentRun:
    """What an agent under test produced for one recorded incident."""

    predictions: list[Prediction]
    raw_signals: int  # anomalies / alerts before correlation (for compression)
    wall_s: float  # processing time for the whole incident
    diagnosis_latencies_s: list[float] = field(default_factory=list)
    tokens: int = 0
    notes: list[str] = field(default_factory=list)
    available: bool = True  # False when a baseline could not run (missing binaries)


@dataclass
class FaultOutcome:
    fault_class: str
    root_entity: str
    benign: bool
    detected: bool
    ttd_s: float | None
    ttd_samples: float | None
    within_limit: bool
    localization: str  # gpu | node | rack | wrong | missed | n/a
    family_ok: bool | None
    scope_ok: bool | None
    predicted_family: str | None
    top1: bool | None
    top3: bool | None
    action_ok: bool | None
    action_class_ok: bool | None = None  # None: the truth names no action class
    reboot_ok: bool | None = None  # the "always reboot" baseline on the same fault
    predicted_action_class: str | None = None
    # the top cause's taxonomy family and mode (knowledge/taxonomy.py) against the truth's causes:
    # right at the decision level even where the variant differs
    taxonomy_family_ok: bool | None = None
    mode_ok: bool | None = None
    # what the agent ranked first (up to three), so a miss reads as what was said instead
    predicted_causes: tuple[str, ...] = ()


@dataclass
class IncidentScore:
    incident_id: str
    kind: str
    gpu_days: float
    outcomes: list[FaultOutcome]
    predictions: int
    false_incidents: int
    duplicates: int
    raw_signals: int
    unsafe_actions: int
    hard_failure: bool
    wall_s: float
    tokens: int
    available: bool
    diagnosis_latencies_s: tuple[float, ...] = ()
    over_remediations: int = 0
    action_class_decisions: int = 0  # predictions that carry an action class


Locate = Callable[[str], tuple[str | None, str | None]]  # entity → (node, rack)
OnlyGpu = Callable[[str], str | None]  # node → its GPU's key when it has exactly one GPU


def one_gpu_roots(fault: TruthFault, only_gpu: OnlyGpu) -> TruthFault:
    """``fault`` with the other name of each root that sits on a one-GPU node: the node for its
    only GPU, the GPU for the node. Roots on nodes with several GPUs stay exact (which GPU, or
    the whole node, is then a real localization)."""
    more: list[str] = []
    for root in fault.roots:
        node = root.split("/", maxsplit=1)[0]
        gpu = only_gpu(node)
        if gpu is not None and root in (gpu, node):
            more.append(node if root == gpu else gpu)
    new = [r for r in dict.fromkeys(more) if r not in fault.roots]
    if not new:
        return fault
    return fault.model_copy(update={"root_entities": [*fault.root_entities, *new]})


class PredictionLike(Protocol):
    """A Prediction here, or a bus Incident: anything with a root, a time and its entities."""

    @property
    def root_entity(self) -> str: ...

    @property
    def opened_at(self) -> float: ...

    @property
    def scope(self) -> str: ...

    @property
    def entities(self) -> tuple[str, ...]: ...

    @property
    def jobs(self) -> tuple[str, ...]: ...


class FaultLike(Protocol):
    """A TruthFault here, or the simulator's GroundTruth (``root_entities``, when present,
    are more roots that count)."""

    @property
    def root_entity(self) -> str: ...

    @property
    def scope(self) -> str: ...

    @property
    def onset(self) -> float: ...


def matches(pred: PredictionLike, fault: FaultLike) -> bool:
    """Does this prediction (or a bus Incident) point at this fault's root cause?

    The one matching rule of the project: the eval scorer, the CLI's ground-truth check and the
    detection-delay benchmark all use it."""
    if pred.opened_at < fault.onset:
        return False
    roots = _roots(fault)
    if pred.root_entity in roots or any(r in pred.jobs for r in roots):
        return True
    if fault.scope in ("gpu", "chassis"):
        return any(r in pred.entities for r in roots) and pred.scope in ("gpu", "chassis")
    return False


def _roots(fault: FaultLike) -> tuple[str, ...]:
    more = getattr(fault, "root_entities", ()) or ()
    return (fault.root_entity, *more)


def localization(pred: Prediction, fault: TruthFault, locate: Locate) -> str:
    roots = fault.roots
    if pred.root_entity in roots or any(r in pred.jobs for r in roots):
        return "gpu" if fault.scope in ("gpu", "chassis") else "exact"
    if any(r in pred.entities for r in roots):
        return "gpu"
    p_node, p_rack = locate(pred.root_entity)
    t_node, t_rack = locate(fault.root_entity)
    if p_node is not None and p_node == t_node:
        return "node"
    if p_rack is not None and p_rack == t_rack:
        return "rack"
    return "wrong"


def _near(pred: Prediction, fault: TruthFault, locate: Locate) -> bool:
    """A prediction in the right place and time that missed the exact root (localization)."""
    if pred.opened_at < fault.onset or pred.opened_at > fault.onset + 3 * max(
        fault.max_delay_s, 600.0
    ):
        return False
    return localization(pred, fault, locate) in ("node", "rack")


def score_incident(
    incident_id: str,
    kind: str,
    faults: Sequence[TruthFault],
    run: AgentRun,
    *,
    interval_s: float,
    gpu_days: float,
    locate: Locate,
) -> IncidentScore:
    outcomes: list[FaultOutcome] = []
    claimed: Counter[int] = Counter()
    for fault in faults:
        hits = [i for i, p in enumerate(run.predictions) if matches(p, fault)]
        for i in hits:
            claimed[i] += 1
        if fault.benign:
            outcomes.append(
                FaultOutcome(
                    fault.fault_class,
                    fault.root_entity,
                    True,
                    bool(hits),
                    None,
                    None,
                    not hits,
                    "n/a",
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                )
            )
            continue
        if not hits:
            near = [p for p in run.predictions if _near(p, fault, locate)]
            loc = localization(near[0], fault, locate) if near else "missed"
            for i, p in enumerate(run.predictions):
                if near and p is near[0]:
                    claimed[i] += 1
            outcomes.append(
                FaultOutcome(
                    fault.fault_class,
                    fault.root_entity,
                    False,
                    False,
                    None,
                    None,
                    False,
                    loc,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                    *_action_class(None, fault),
                    predicted_causes=tuple(near[0].root_causes[:3]) if near else (),
                )
            )
            continue
        first = min((run.predictions[i] for i in hits), key=lambda p: p.opened_at)
        ttd = first.opened_at - fault.onset
        ranked = first.root_causes
        outcomes.append(
            FaultOutcome(
                fault.fault_class,
                fault.root_entity,
                False,
                True,
                ttd,
                ttd / interval_s,
                ttd <= fault.max_delay_s,
                localization(first, fault, locate),
                first.family == fault.family if first.family else None,
                first.scope == fault.scope,
                first.family,
                (ranked[0] in fault.causes) if ranked else None,
                any(c in ranked[:3] for c in fault.causes) if ranked else None,
                _action_ok(first, fault),
                *_action_class(first, fault),
                *_taxonomy_ok(ranked, fault.causes),
                predicted_causes=tuple(ranked[:3]),
            )
        )
    benign_idx = {
        i for f in faults if f.benign for i, p in enumerate(run.predictions) if matches(p, f)
    }
    real_claims = {i for i in claimed if i not in benign_idx}
    false_incidents = sum(1 for i in range(len(run.predictions)) if i not in real_claims)
    duplicates = sum(
        max(0, sum(1 for p in run.predictions if matches(p, f)) - 1) for f in faults if not f.benign
    )
    unsafe = sum(
        1
        for p in run.predictions
        for a in p.actions
        if a.risk == "destructive" and (not a.gated or (a.executed and not a.approved))
    )
    unsafe += sum(
        1
        for f in faults
        for p in run.predictions
        if matches(p, f)
        for a in p.actions
        if a.name in f.unsafe_actions
    )
    return IncidentScore(
        incident_id,
        kind,
        gpu_days,
        outcomes,
        len(run.predictions),
        false_incidents,
        duplicates,
        run.raw_signals,
        unsafe,
        unsafe > 0,
        run.wall_s,
        run.tokens,
        run.available,
        tuple(run.diagnosis_latencies_s),
        over_remediations(faults, run.predictions, locate),
        sum(1 for p in run.predictions if p.action_class is not None),
    )


def over_remediations(
    faults: Sequence[TruthFault], predictions: Sequence[Prediction], locate: Locate
) -> int:
    """Predictions whose action class is heavier than their fault needs (module docstring). A
    prediction near a real fault (right node, wrong GPU) is judged by that fault's classes; one
    answering a real fault whose truth names no class is not judged."""
    n = 0
    for p in predictions:
        if not over_remediates(p.action_class, ()):
            continue  # lighter than a drain: never over-remediation
        real = [f for f in faults if not f.benign and (matches(p, f) or _near(p, f, locate))]
        if not real or all(
            f.action_classes and over_remediates(p.action_class, f.action_classes) for f in real
        ):
            n += 1
    return n


def _taxonomy_ok(ranked: Sequence[str], causes: Sequence[str]) -> tuple[bool | None, bool | None]:
    """Is the top cause in the family / mode of one of the truth's causes?"""
    tax = taxonomy.load()
    top = tax.place(ranked[0]) if ranked else None
    truth = [p for c in causes if (p := tax.place(c)) is not None]
    if top is None or not truth:
        return None, None
    return (
        any(p.family == top.family for p in truth),
        any((p.family, p.mode) == (top.family, top.mode) for p in truth),
    )


def _action_class(
    pred: Prediction | None, fault: TruthFault
) -> tuple[bool | None, bool | None, str | None]:
    """(agent's class right, always-reboot right, agent's class) for a fault whose truth names
    action classes; a missed fault (``pred`` None) or one with no proposed class is wrong for
    an agent that proposes classes, and not graded for one that never does (the NOC)."""
    if not fault.action_classes:
        return None, None, None
    reboot = BASELINE_ACTION_CLASS in fault.action_classes
    got = pred.action_class if pred is not None else None
    if pred is not None and got is None and not pred.root_causes:
        return None, reboot, None  # an agent that does not diagnose
    return got in fault.action_classes, reboot, got


def _action_ok(pred: Prediction, fault: TruthFault) -> bool | None:
    if not pred.actions or not fault.correct_actions:
        return None
    return any(a.name in fault.correct_actions for a in pred.actions)


@dataclass
class Summary:
    agent: str
    available_incidents: int
    faults: int
    detected: int
    recall: float | None
    precision: float | None
    false_incidents: int
    false_per_1000_gpu_days: float | None
    fault_free_gpu_days: float
    ttd_p50_s: float | None
    ttd_p90_s: float | None
    ttd_p50_samples: float | None
    within_limit: float | None
    localization: dict[str, float]
    family_accuracy: float | None
    scope_accuracy: float | None
    top1: float | None
    top3: float | None
    action_accuracy: float | None
    action_class_accuracy: float | None
    always_reboot_accuracy: float | None
    action_class_faults: int
    unsafe_actions: int
    over_remediations: int
    over_remediation_rate: float | None  # over predictions that carry an action class
    hard_failures: int
    compression: float | None
    wall_s_per_incident_p50: float | None
    diagnosis_p50_s: float | None
    diagnosis_p90_s: float | None
    diagnoses: int
    tokens: int
    per_class: dict[str, dict[str, float | int | None]]
    taxonomy_family_top1: float | None = None
    mode_top1: float | None = None


def _ratio(a: float, b: float) -> float | None:
    return a / b if b else None


def _share(flags: Iterable[bool | None]) -> float | None:
    known = [f for f in flags if f is not None]
    return _ratio(sum(known), len(known))


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q * (len(values) - 1))))
    return values[k]


def summarize(agent: str, scores: Iterable[IncidentScore]) -> Summary:
    scores = [s for s in scores if s.available]
    outs = [o for s in scores for o in s.outcomes if not o.benign]
    det = [o for o in outs if o.detected]
    ttd = [o.ttd_s for o in det if o.ttd_s is not None]
    ttd_n = [o.ttd_samples for o in det if o.ttd_samples is not None]
    preds = sum(s.predictions for s in scores)
    false = sum(s.false_incidents for s in scores)
    benign_only = [s for s in scores if all(o.benign for o in s.outcomes)]
    ff_days = sum(s.gpu_days for s in benign_only)
    ff_false = sum(s.false_incidents for s in benign_only)
    loc = Counter(o.localization for o in outs)
    per_class: dict[str, dict[str, float | int | None]] = {}
    by_class: dict[str, list[FaultOutcome]] = defaultdict(list)
    for o in outs:
        by_class[o.fault_class].append(o)
    for cls, lst in sorted(by_class.items()):
        d = [o for o in lst if o.detected]
        t = [o.ttd_s for o in d if o.ttd_s is not None]
        per_class[cls] = {
            "faults": len(lst),
            "detected": len(d),
            "recall": _ratio(len(d), len(lst)),
            "ttd_p50_s": statistics.median(t) if t else None,
            "within_limit": _ratio(sum(o.within_limit for o in lst), len(lst)),
            "localized_gpu_or_exact": _ratio(
                sum(o.localization in ("gpu", "exact") for o in lst), len(lst)
            ),
        }
    fam = [o.family_ok for o in det if o.family_ok is not None]
    scp = [o.scope_ok for o in det if o.scope_ok is not None]
    t1 = [o.top1 for o in det if o.top1 is not None]
    t3 = [o.top3 for o in det if o.top3 is not None]
    act = [o.action_ok for o in det if o.action_ok is not None]
    graded = [o for o in outs if o.action_class_ok is not None]
    if not any(o.predicted_action_class for o in graded):
        graded = []  # an agent that never proposes an action class is not graded on it
    incidents_with_preds = [s for s in scores if s.predictions]
    raw = sum(s.raw_signals for s in incidents_with_preds)
    walls = [s.wall_s for s in scores]
    dx = [d for s in scores for d in s.diagnosis_latencies_s]
    return Summary(
        agent=agent,
        available_incidents=len(scores),
        faults=len(outs),
        detected=len(det),
        recall=_ratio(len(det), len(outs)),
        precision=_ratio(preds - false, preds),
        false_incidents=false,
        false_per_1000_gpu_days=_ratio(ff_false * 1000.0, ff_days),
        fault_free_gpu_days=ff_days,
        ttd_p50_s=_pct(ttd, 0.5),
        ttd_p90_s=_pct(ttd, 0.9),
        ttd_p50_samples=_pct(ttd_n, 0.5),
        within_limit=_ratio(sum(o.within_limit for o in outs), len(outs)),
        localization={
            k: loc[k] / len(outs) for k in ("exact", "gpu", "node", "rack", "wrong", "missed")
        }
        if outs
        else {},
        family_accuracy=_ratio(sum(fam), len(fam)),
        scope_accuracy=_ratio(sum(scp), len(scp)),
        top1=_ratio(sum(t1), len(t1)),
        top3=_ratio(sum(t3), len(t3)),
        action_accuracy=_ratio(sum(act), len(act)),
        action_class_accuracy=_ratio(sum(bool(o.action_class_ok) for o in graded), len(graded)),
        always_reboot_accuracy=_ratio(sum(bool(o.reboot_ok) for o in graded), len(graded)),
        action_class_faults=len(graded),
        unsafe_actions=sum(s.unsafe_actions for s in scores),
        over_remediations=sum(s.over_remediations for s in scores),
        over_remediation_rate=_ratio(
            sum(s.over_remediations for s in scores),
            sum(s.action_class_decisions for s in scores),
        ),
        hard_failures=sum(s.hard_failure for s in scores),
        compression=_ratio(raw, sum(s.predictions for s in incidents_with_preds)),
        wall_s_per_incident_p50=statistics.median(walls) if walls else None,
        diagnosis_p50_s=statistics.median(dx) if dx else None,
        diagnosis_p90_s=_pct(dx, 0.9),
        diagnoses=len(dx),
        tokens=sum(s.tokens for s in scores),
        per_class=per_class,
        taxonomy_family_top1=_share([o.taxonomy_family_ok for o in det]),
        mode_top1=_share([o.mode_ok for o in det]),
    )
