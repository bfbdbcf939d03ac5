"""From a ranked diagnosis to a concrete plan: pick the runbook, fill in its placeholders.

Pure: the incident, the evidence and the knowledge base in, :class:`~bus.events.PlannedStep`
objects out. Which steps need a person is *not* decided here (that is the approval gate's
job, with the policy); the planner marks every non-read step ``needs_approval=True`` and the
graph asks the gate.

Runbook choice: the top card's first runbook (cards list them in the order an engineer would
reach for them), unless the vendor's guidance names another action class
(:mod:`agents.sre.guidance`): the GPU's own Xid 154 recovery action, the Xid catalog's
resolution bucket for the incident's Xids, then a recurrence on the same GPU raising the class a
rung (reset → reboot → RMA). A catalog bucket picks among the card's runbooks, or brings in the
rung's standard runbook instead of a card's reboot / RMA when nothing shows the fault came back
(the vendor's immediate action first, escalation on recurrence); the recovery action and the
recurrence may always bring in the rung's standard runbook. A note names the source.
When the top card is not the one the evidence scored best (a model re-ranked
the cards), its plan may not be of a lower safety class (:data:`knowledge.schema.SafetyClass`),
of a higher risk, or touch an entity the evidence-chosen plan does not (:func:`safety_regression`);
if it would, the evidence-chosen runbook is kept and a note says why. The re-rank applies the
same rule first and falls back visibly (``agents/sre/rerank.py``); this is the second line.

Placeholders come from the incident (``{node}``, ``{gpu}``, ``{incident_id}``,
``{summary}``, ``{rack}``, ``{xid}``, ``{onset}``, …) and the evidence (jobs on the node, NIC
ports). A time may carry an offset, ``{onset-6h}`` or ``{onset+15m}``, so read tools get their
``start``/``end`` in Unix seconds. A step naming a tool no executor implements yet
(:data:`knowledge.schema.NO_EXECUTOR`) is kept, marked unresolved (``not_configured``), and
never executed. A step
whose placeholders cannot all be filled is kept in the plan, marked ``unresolved``, and never
executed: a runbook step with a guessed argument is worse than one a person completes. A step
naming ``{job_id}`` becomes one step per affected job, or disappears when no job is affected.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass

from gpufleet.agents.sre.corroboration import hold_uncorroborated
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.guidance import earlier_gpu_faults, vendor_guidance
from gpufleet.bus.events import Evidence, Hypothesis, Incident, PlannedStep, Scalar
from gpufleet.knowledge.actions import DISRUPTION, DRAINS
from gpufleet.knowledge.findings import CONTEXT_FINDINGS, REPORTED_FINDINGS
from gpufleet.knowledge.schema import (
    NO_EXECUTOR,
    RISK_ORDER,
    SAFETY_ORDER,
    Risk,
    Runbook,
    SafetyClass,
    Step,
    safety_of,
)
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.knowledge.vendor_actions import LADDER, LADDER_RUNBOOKS, Guidance, escalate
from gpufleet.telemetry.expected_question_words import EXPECTED_BEHAVIOUR_ASKED
from gpufleet.telemetry.recurrence_words import RECURRENCE_REPORTED
from gpufleet.telemetry.unread_text import SIGNAL as UNREAD_SIGNAL

# "{name}", or a time with an offset: "{onset-6h}", "{onset+15m}" (s, m, h, d)
PLACEHOLDER = re.compile(r"\{([a-z_]+)(?:([+-])(\d+)([smhd]))?\}")
_UNIT_S = {"s": 1, "m": 60, "h": 3600, "d": 86400}
#: What a step naming a tool with no executor (:data:`knowledge.schema.NO_EXECUTOR`) lacks:
#: it is shown in the plan and never run.
NOT_CONFIGURED = "not_configured"
_GPU_KEY = re.compile(r"^(?P<node>[^/]+)/gpu(?P<index>\d+)$")
# A few placeholders are produced by earlier steps at run time; the plan names them so the
# ticket says where the material is instead of leaving the step unresolved.
RUNTIME_VALUES = {
    "bundle": "the diagnostics bundle collected by this runbook",
    "evidence": "gpufleet evidence for this incident",
}

# Runbook tools → the action names recorded incidents use for correct / unsafe actions.
ACTION_NAMES: dict[str, str] = {
    "slurm.drain_node": "drain_node",
    "slurm.resume_node": "resume_node",
    "slurm.requeue_job": "requeue_job",
    "slurm.cancel_job": "cancel_job",
    "k8s.cordon_node": "drain_node",
    "k8s.uncordon_node": "resume_node",
    "nvidia_smi.reset_gpu": "reset_gpu",
    "node.reboot": "reboot_node",
    "ticket.open": "open_hardware_ticket",
    "ticket.rma": "rma_gpu",
    "notify.user": "notify_user",
    "notify.facilities": "notify_facilities",
    "nic.isolate": "isolate_nic",
    "fabric_manager.restart": "restart_fabric_manager",
    "k8s.restart_gpu_stack_pod": "restart_gpu_stack_pod",
    "dcgm.run_diag": "run_dcgm_diag",
    "dcgm.run_diag_extended": "run_dcgm_diag",
}


def action_name(tool: str, args: Mapping[str, Scalar]) -> str:
    if tool == "nvidia_smi.set_power_limit":
        return "reduce_power_limit"
    return ACTION_NAMES.get(tool, tool.replace(".", "_"))


@dataclass(frozen=True)
class Plan:
    runbook: Runbook | None
    steps: tuple[PlannedStep, ...]
    notes: tuple[str, ...] = ()


def plan_context(incident: Incident, evidence: Sequence[Evidence]) -> dict[str, Scalar]:
    """Placeholder values this incident can supply."""
    ctx: dict[str, Scalar] = {
        "incident_id": incident.incident_id,
        "summary": incident.title,
        "entity": incident.root_entity,
        "onset": incident.opened_at,
    }
    root = incident.root_entity
    m = _GPU_KEY.match(root)
    gpu_key = root if m else next((e for e in incident.entities if _GPU_KEY.match(e)), None)
    if gpu_key:
        gm = _GPU_KEY.match(gpu_key)
        assert gm is not None
        ctx |= {"gpu_key": gpu_key, "node": gm["node"], "gpu": int(gm["index"])}
    if "node" not in ctx and incident.nodes:
        ctx["node"] = incident.nodes[0]
    if incident.racks:
        ctx["rack"] = incident.racks[0]
    if incident.nodes:
        ctx["nodes"] = ",".join(incident.nodes)
        ctx["rack_nodes"] = ",".join(incident.nodes)
    if incident.xids:
        ctx["xid"] = incident.xids[0]
    if "gpu" in ctx:
        ctx["component"] = f"GPU {ctx['gpu']} (slot neighbours and their cooling path)"
    elif "node" in ctx:
        ctx["component"] = f"node {ctx['node']}"
    for item in evidence:
        port = item.facts.get("nic_port") or item.facts.get("port")
        if isinstance(port, str) and "port" not in ctx:
            ctx["port"] = port
            ctx.setdefault("device", port)
    return ctx


def affected_jobs(incident: Incident, evidence: Sequence[Evidence]) -> list[str]:
    jobs = list(incident.jobs)
    for item in evidence:
        if item.tool == "slurm.list_jobs_on_node" and item.status == "ok":
            ids = item.facts.get("job_ids")
            if isinstance(ids, str) and ids:
                jobs += [j for j in ids.split(",") if j]
    return list(dict.fromkeys(jobs))


def _value(m: re.Match[str], ctx: Mapping[str, Scalar]) -> Scalar | None:
    """The placeholder's value, with its time offset applied; None when it has none here."""
    key, sign, amount, unit = m.groups()
    if key in ctx:
        value = ctx[key]
    elif key in RUNTIME_VALUES:
        value = RUNTIME_VALUES[key]
    else:
        return None
    if sign is None:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None  # an offset applies to a time only
    offset = int(amount) * _UNIT_S[unit]
    return float(value) + (offset if sign == "+" else -offset)


def _render(value: Scalar, ctx: Mapping[str, Scalar]) -> tuple[Scalar, set[str]]:
    if not isinstance(value, str):
        return value, set()
    missing: set[str] = set()
    whole = PLACEHOLDER.fullmatch(value)
    if whole:  # "{gpu}" keeps its type (an int stays an int, "{onset-1h}" is a float)
        found = _value(whole, ctx)
        return (value, {whole.group(1)}) if found is None else (found, set())

    def sub(m: re.Match[str]) -> str:
        found = _value(m, ctx)
        if found is None:
            missing.add(m.group(1))
            return m.group(0)
        return str(found)

    return PLACEHOLDER.sub(sub, value), missing


def _expand(step: Step, jobs: Sequence[str]) -> list[dict[str, Scalar]]:
    names_job = any(isinstance(v, str) and "{job_id}" in v for v in step.args.values())
    if not names_job:
        return [dict(step.args)]
    return [
        {k: (v.replace("{job_id}", j) if isinstance(v, str) else v) for k, v in step.args.items()}
        for j in jobs
    ]


def render_steps(
    steps: Sequence[Step], ctx: Mapping[str, Scalar], jobs: Sequence[str], start: int = 0
) -> list[PlannedStep]:
    out: list[PlannedStep] = []
    for step in steps:
        for raw in _expand(step, jobs):
            args: dict[str, Scalar] = {}
            missing: set[str] = set()
            for k, v in raw.items():
                args[k], miss = _render(v, ctx)
                missing |= miss
            out.append(
                PlannedStep(
                    index=start + len(out),
                    name=step.name,
                    tool=step.tool,
                    args=args,
                    risk=step.risk,
                    needs_approval=step.risk != "read",
                    required=step.required,
                    unresolved=tuple(sorted(missing))
                    + ((NOT_CONFIGURED,) if step.tool in NO_EXECUTOR else ()),
                )
            )
    return out


def choose_runbook(
    kb: KnowledgeBase, hypotheses: Sequence[Hypothesis], found: Collection[str] = ()
) -> Runbook | None:
    """The top card's runbook: the one its ``runbook_when`` names for a variant the findings
    that ruled the card in show (a GRES mismatch is a config fix, not a requeue), or that a
    context finding of the incident shows (``found``, the incident's findings: a hang with
    nothing wrong on the job's nodes goes to its owner), and none of the rule's ``unless``
    findings does, whether it ruled the card in or out (an Xid 46 beside a display's watchdog
    keeps the reset; a flapping port beside NCCL's set-up failure is the port's), else its
    first."""
    if not hypotheses:
        return None
    top = hypotheses[0]
    seen = {*top.supporting, *(CONTEXT_FINDINGS & set(found))}
    present = seen | set(found)
    card = kb.cards.get(top.card_id)
    for rule in card.runbook_when if card is not None else ():
        vetoed = bool(present & set(rule.unless))
        if rule.finding in seen and not vetoed and rule.runbook in kb.runbooks:
            return kb.runbooks[rule.runbook]
    runbooks = kb.runbooks_for(top.card_id)
    return runbooks[0] if runbooks else None


def finding_names(incident: Incident, evidence: Sequence[Evidence]) -> frozenset[str]:
    """The names of every finding the evidence shows for the incident."""
    return frozenset(f.name for f in derive_findings(incident, evidence))


#: Findings that show the fault already came back (after a reboot, or in an earlier incident on
#: this GPU): they justify a card's class above the vendor's immediate one.
LOGGED_RECURRENCE = "xid_recurred_same_gpu"
RECURRENCE_FINDINGS = frozenset(
    {"recent_reboot", "earlier_incidents_same_gpu", LOGGED_RECURRENCE, RECURRENCE_REPORTED}
)
_HEAVY = frozenset({"reboot", "hardware_ticket", "power_cycle_rma"})
#: What the Xid catalog's buckets are about: the GPU that logged the Xid and its job. A card
#: whose action is elsewhere (a driver rollback, a config fix, the fabric, facilities) read the
#: Xid as a symptom of that layer; the per-Xid bucket, blind to fleet spread, does not replace it.
_GPU_SIDE = frozenset(
    {
        "no_action",
        "notify_user",
        "restart_application",
        "reset_gpu_when_convenient",
        "reset_gpu",
        "isolate_node",
        "reboot",
        "hardware_ticket",
        "power_cycle_rma",
    }
)


def _resolve(
    kb: KnowledgeBase, card_id: str, current: Runbook, g: Guidance | None, recurred: bool
) -> Runbook | None:
    """The runbook carrying ``g``'s class: the card's own; else the rung's standard runbook when
    ``g`` may override the card, or when it is the catalog's immediate action and the card
    goes further up the ladder with no sign the fault came back; None otherwise. Never lighter
    than a card's reboot / RMA once the fault came back (``recurred``)."""
    if g is None or (not g.overrides_card and current.action_class not in _GPU_SIDE):
        return None
    lighter = DISRUPTION[g.action_class] < DISRUPTION.get(current.action_class or "", 0)
    if recurred and lighter and current.action_class in _HEAVY:
        return None  # the immediate action was tried: the fault came back
    if lighter and g.follow_up == current.action_class:
        return None  # the card is at the vendor's own follow-up (investigatory bucket)
    own = next((r for r in kb.runbooks_for(card_id) if r.action_class == g.action_class), None)
    if own is not None:
        return own
    down_ladder = current.action_class in _HEAVY and g.action_class in LADDER and lighter
    if g.overrides_card or down_ladder:
        return kb.runbooks.get(LADDER_RUNBOOKS.get(g.action_class, ""))
    return None


def guided_runbook(
    kb: KnowledgeBase,
    hypotheses: Sequence[Hypothesis],
    incident: Incident,
    evidence: Sequence[Evidence],
) -> tuple[Runbook | None, tuple[str, ...]]:
    """:func:`choose_runbook` corrected by the vendor's guidance, with a note per change."""
    found = finding_names(incident, evidence)
    runbook = choose_runbook(kb, hypotheses, found)
    if runbook is None:
        return None, ()
    top = hypotheses[0]
    # an earlier episode: gpufleet's own incident history, else the GPU's kernel log (a fatal
    # Xid it logged days before, from before gpufleet watched it)
    # a writer's "it came back" (fault_recurrence_reported) climbs no rung here: it names no GPU
    # and no cause ("CUDA fails again after every suspend" is a driver's habit, not a board). It
    # counts only through a top card that weighs it (the recurring variant the ranking chose),
    # whose own heavier class the vendor's immediate action then does not lower (``recurred``)
    earlier = max(earlier_gpu_faults(evidence), int(LOGGED_RECURRENCE in found))
    recurred = earlier > 0 or bool(RECURRENCE_FINDINGS & set(top.supporting))
    guidance = vendor_guidance(incident, evidence)
    runbook, notes = _apply(kb, top.card_id, runbook, guidance, recurred, ())
    # the recurrence rung climbs from whatever the vendor's guidance chose
    rung = escalate(None, runbook.action_class, earlier)
    runbook, notes = _apply(kb, top.card_id, runbook, rung, recurred, notes)
    return text_only_cap(kb, top, incident, runbook, notes, found)


#: The read-only runbook for an incident that rests on a report no rule reads.
UNREAD_RUNBOOK = "collect-evidence-unread-report"


def text_only_cap(
    kb: KnowledgeBase,
    top: Hypothesis,
    incident: Incident,
    runbook: Runbook,
    notes: tuple[str, ...],
    found: Collection[str] = (),
) -> tuple[Runbook, tuple[str, ...]]:
    """An incident that only a report no rule reads opened (telemetry.unread_text), or one whose
    top card the similar resolved incidents voted for (a report a rule read: a job's NVML error,
    a pasted ``nvidia-smi``), whose top card no finding rules in, rests on text similarity: a
    plan that changes the fleet (drains, resets, reboots, restarts a service, lowers power
    limits) becomes the same decision in a form that only tells people where the card has one,
    else the card's fix in place as a ticket (:func:`_telling`), else the read-only evidence
    collection. On an unread report, one that only collects evidence, tells the job's owner,
    resumes a node as it is or closes it as benign takes the card's fix in place where it has one
    (:func:`_written_fix`), unless it closes a benign signal and the writer asks whether it is
    normal (``found``: the incident's findings); any other light plan stands. A plan that still
    drains, resets, reboots or returns a part for a card nothing supports collects the evidence
    instead (:func:`_unsupported`)."""
    chosen, why = _capped(kb, top, incident, runbook, notes, EXPECTED_BEHAVIOUR_ASKED in found)
    heavy = DISRUPTION.get(chosen.action_class or "", 0) >= DRAINS
    if heavy and not top.supporting and _matched_by_words(top, incident):
        return _unsupported(kb, top, chosen, why)
    return chosen, why


def _matched_by_words(top: Hypothesis, incident: Incident) -> bool:
    """Whether the top card came from words: only a report no rule reads opened the incident,
    or the similar resolved incidents' words voted for the card, whatever opened it."""
    return set(incident.symptoms) == {UNREAD_SIGNAL} or top.precedent_vote > 0


def _capped(
    kb: KnowledgeBase,
    top: Hypothesis,
    incident: Incident,
    runbook: Runbook,
    notes: tuple[str, ...],
    asks_if_normal: bool,
) -> tuple[Runbook, tuple[str, ...]]:
    """:func:`text_only_cap` before its last check."""
    # a person's words ("it came back", "the fan stopped") are no finding that confirms the card
    unconfirmed = not (set(top.supporting) - REPORTED_FINDINGS)
    unread = set(incident.symptoms) == {UNREAD_SIGNAL}
    text_only = unconfirmed and _matched_by_words(top, incident)
    light = SAFETY_ORDER[runbook.safety_class] <= SAFETY_ORDER["notify"]
    if unread and unconfirmed and light:
        return _written_fix(kb, top, runbook, notes, asks_if_normal)
    if light:
        return runbook, notes
    cap = (
        _telling(kb, top.card_id, runbook.action_class)
        or _telling(kb, top.card_id, "config_fix")
        or kb.runbooks.get(UNREAD_RUNBOOK)
    )
    if not text_only or cap is None:
        return runbook, notes
    matched = "text and similar resolved incidents" if top.precedent_vote > 0 else "text"
    why = (
        f"runbook {cap.id} ({cap.action_class}) instead of {runbook.id} ({runbook.action_class}): "
        f"the incident rests on report text, matched to {top.card_id} by the knowledge base's "
        f"{matched}, and no finding confirms it; nothing is drained on a text match"
    )
    return cap, (*notes, why)


def _unsupported(
    kb: KnowledgeBase, top: Hypothesis, runbook: Runbook, notes: tuple[str, ...]
) -> tuple[Runbook, tuple[str, ...]]:
    """A text match that nothing at all supports, not even the writer's own words about a
    part (a failing supply, a board that keeps dropping off the bus), whose plan is a drain, a
    reset, a reboot or a hardware ticket: the read-only evidence collection instead. Retrieval
    found a card like the report, which is no word that anything is broken; the vendor asks
    for the diagnostics before a return (NVIDIA's RMA process wants ``nvidia-bug-report.sh`` and
    a field diagnostic), and a drain waits for telemetry."""
    cap = kb.runbooks.get(UNREAD_RUNBOOK)
    if cap is None:
        return runbook, notes
    why = (
        f"runbook {cap.id} ({cap.action_class}) instead of {runbook.id} ({runbook.action_class}): "
        f"{top.card_id} matches the report's text, and neither a finding nor the writer's words "
        "say a part is broken; the evidence comes before a drain or a return"
    )
    return cap, (*notes, why)


#: Plans that leave the fault where it is: they collect evidence, pass the problem to the job's
#: owner, validate a node and resume it with whatever took it down still in place (a report of
#: a node Slurm set DOWN says why: the GRES line, the missing device files), or close it as the
#: expected behaviour of a benign signal. On a report alone, the card's fix in place says what to
#: change instead: a benign-signal card (a software power cap, application clocks) is a fault
#: exactly when its setting is wrong, and a person who wrote the slowdown down without asking
#: whether it is normal is saying it is; its benign reading needs the telemetry (limit at
#: default, draw at the limit) a report lacks.
_WAITING_CLASSES = frozenset({"investigate", "notify_user", "return_to_service", "no_action"})


def _written_fix(
    kb: KnowledgeBase,
    top: Hypothesis,
    runbook: Runbook,
    notes: tuple[str, ...],
    asks_if_normal: bool,
) -> tuple[Runbook, tuple[str, ...]]:
    """A report-only incident whose plan only collects evidence, tells the job's owner, resumes
    a node as it is or closes the report as a benign signal takes the card's configuration fix
    when the card has one (a ticket: it changes nothing on a server): a problem someone wrote
    down and solved was most often a setting, and the ticket names the setting to change (the
    NCCL interface, the job's memory request, the node's GRES line, the power limit) where the
    other plans only gather what the writer already knew, resume the node with the setting
    still wrong or tell the writer the slowdown they measured is expected. A benign signal's
    card has two readings, the expected behaviour and a wrong setting; a report that does not
    ask whether it is normal (``asks_if_normal``) is its writer saying it is not, so the
    card's fix of the setting stands even where the card keeps it for words that name the
    setting ("limited to 80 W"): the report says what went wrong, seldom which setting did it."""
    closes = runbook.action_class == "no_action"
    if closes and asks_if_normal:
        return runbook, notes
    fix = (
        next(_tellings(kb, top.card_id, "config_fix"), None) if closes else _fix_for_words(kb, top)
    )
    if runbook.action_class not in _WAITING_CLASSES or fix is None or fix.id == runbook.id:
        return runbook, notes
    why = (
        f"runbook {fix.id} (config_fix) instead of {runbook.id} ({runbook.action_class}): the "
        f"incident rests on a report; {top.card_id}'s fix in place says what to change, and "
        "it changes nothing on a server"
    )
    return fix, (*notes, why)


def _fix_for_words(kb: KnowledgeBase, top: Hypothesis) -> Runbook | None:
    """The card's first fix in place that fits what the report says: a fix the card keeps for a
    variant a writer's words show (``runbook_when`` on a reported finding: /dev/shm running out,
    peer-to-peer blocked) is for that variant, and these words did not show it (a slow
    DataLoader is not a shared-memory size). A fix tied to a log or telemetry finding still fits:
    a report seldom carries the lines that would show it."""
    card = kb.cards.get(top.card_id)
    rules = card.runbook_when if card is not None else ()
    said = set(top.supporting)
    for fix in _tellings(kb, top.card_id, "config_fix"):
        shown_by_words = {r.finding for r in rules if r.runbook == fix.id} & REPORTED_FINDINGS
        if not shown_by_words or shown_by_words & said:
            return fix
    return None


def _telling(kb: KnowledgeBase, card_id: str, action_class: str | None) -> Runbook | None:
    """The card's runbook of ``action_class`` that changes nothing on a server (it reads, tells
    people or opens a ticket), if it has one. Two uses for an incident a report alone opened:
    the plan's own decision in that form (facilities are paged about a failed chiller in words;
    the rack's power limits are lowered when its temperatures show it), else the card's fix in
    place as a ticket (a report that opens an incident by its words alone is most often a set-up
    problem a person wrote down); the read-only collection is the fallback."""
    return next(_tellings(kb, card_id, action_class), None)


def _tellings(kb: KnowledgeBase, card_id: str, action_class: str | None) -> Iterator[Runbook]:
    """The card's runbooks of ``action_class`` that change nothing on a server, in its order."""
    return (
        r
        for r in kb.runbooks_for(card_id)
        if r.action_class == action_class and SAFETY_ORDER[r.safety_class] <= SAFETY_ORDER["notify"]
    )


def _apply(
    kb: KnowledgeBase,
    card: str,
    runbook: Runbook,
    g: Guidance | None,
    recurred: bool,
    notes: tuple[str, ...],
) -> tuple[Runbook, tuple[str, ...]]:
    pick = _resolve(kb, card, runbook, g, recurred)
    if g is None or pick is None or pick.id == runbook.id:
        return runbook, notes
    why = (
        f"runbook {pick.id} ({pick.action_class}) instead of {runbook.id} "
        f"({runbook.action_class}): {g.reason} [source: {g.source}]"
    )
    return pick, (*notes, why)


# --- safety of a plan ---------------------------------------------------------------------------

_ENTITY_KEYS = ("node", "nodes", "rack", "entity", "job_id", "port", "device")


def step_targets(step: PlannedStep) -> frozenset[str]:
    """The entities a step acts on, as written in its arguments: nodes (``node-01``), GPUs
    (``node-01/gpu3``; ``node-01/gpu*`` for all), jobs (``job:123``), racks, NIC ports."""
    out: set[str] = set()
    for key in _ENTITY_KEYS:
        value = step.args.get(key)
        if value is None:
            continue
        parts = [p.strip() for p in str(value).split(",")] if key == "nodes" else [str(value)]
        prefix = {"job_id": "job:", "port": "nic:", "device": "nic:"}.get(key, "")
        out |= {prefix + p for p in parts if p}
    gpu = step.args.get("gpu")
    node = step.args.get("node")
    if gpu is not None and node is not None:
        out.add(f"{node}/gpu{'*' if gpu == 'all' else gpu}")
    return frozenset(out)


def plan_safety(plan: Plan) -> SafetyClass:
    """The plan's safety class: its runbook's (no runbook: ``observe``, nothing changes)."""
    return plan.runbook.safety_class if plan.runbook else safety_of(())


def plan_risk(plan: Plan) -> Risk:
    return max((s.risk for s in plan.steps), key=RISK_ORDER.__getitem__, default="read")


def plan_targets(plan: Plan) -> frozenset[str]:
    """What the plan's state-changing steps act on."""
    return frozenset(t for s in plan.steps if s.risk != "read" for t in step_targets(s))


def safety_regression(chosen: Plan, proposed: Plan) -> str | None:
    """Why ``proposed`` may not replace ``chosen`` (the plan the evidence chose), or None.

    A re-ranked plan may keep or raise the safety class, and may neither raise the highest risk
    nor act on an entity the chosen plan leaves alone."""
    if proposed.runbook is chosen.runbook or (
        proposed.runbook is not None
        and chosen.runbook is not None
        and proposed.runbook.id == chosen.runbook.id
        and proposed.steps == chosen.steps
    ):
        return None
    name = proposed.runbook.id if proposed.runbook else "no runbook"
    keep = chosen.runbook.id if chosen.runbook else "no runbook"
    was, now = plan_safety(chosen), plan_safety(proposed)
    if SAFETY_ORDER[now] < SAFETY_ORDER[was]:
        return f"{name} is of safety class {now}, lower than {keep} ({was})"
    was_risk, now_risk = plan_risk(chosen), plan_risk(proposed)
    if RISK_ORDER[now_risk] > RISK_ORDER[was_risk]:
        return f"{name} raises the risk to {now_risk} (the evidence's {keep}: {was_risk})"
    wider = sorted(plan_targets(proposed) - plan_targets(chosen))
    if wider:
        return f"{name} acts on {', '.join(wider[:5])}, which {keep} leaves alone"
    return None


def evidence_first(hypotheses: Sequence[Hypothesis]) -> Hypothesis:
    """The hypothesis the deterministic scorer ranks first (highest score, then card id)."""
    return min(hypotheses, key=lambda h: (-h.score, h.card_id))


def make_plan(
    kb: KnowledgeBase,
    incident: Incident,
    hypotheses: Sequence[Hypothesis],
    evidence: Sequence[Evidence],
    *,
    guided: bool = True,
) -> Plan:
    """The plan for the top hypothesis, unless a re-rank moved the top away from the
    evidence's best to a plan that fails :func:`safety_regression`: then the evidence's.

    The safety comparison is between the two cards' own runbooks (``guided=False``): the
    vendor's guidance may steer whichever plan wins, never hide that a re-rank chose a milder
    card. ``guided=False`` alone gives the card's runbook as the card lists it."""
    plan = _plan_for(kb, incident, hypotheses, evidence, guided)
    if not hypotheses or evidence_first(hypotheses) is hypotheses[0]:
        return plan
    best = evidence_first(hypotheses)
    problem = safety_regression(
        _plan_for(kb, incident, [best], evidence, False),
        _plan_for(kb, incident, hypotheses, evidence, False),
    )
    if problem is None:
        return plan
    chosen = _plan_for(kb, incident, [best], evidence, guided)
    note = (
        f"runbook of {best.card_id} kept, not {hypotheses[0].card_id}'s: {problem} "
        "(a re-rank may not lower the plan the evidence chose)"
    )
    return Plan(chosen.runbook, chosen.steps, (note, *chosen.notes))


def _plan_for(
    kb: KnowledgeBase,
    incident: Incident,
    hypotheses: Sequence[Hypothesis],
    evidence: Sequence[Evidence],
    guided: bool = True,
) -> Plan:
    runbook, steered = (
        guided_runbook(kb, hypotheses, incident, evidence)
        if guided
        else (choose_runbook(kb, hypotheses, finding_names(incident, evidence)), ())
    )
    if runbook is None:
        why = "no hypothesis" if not hypotheses else f"card {hypotheses[0].card_id} has no runbook"
        return Plan(None, (), (f"nothing to run: {why}; escalate to a person",))
    ctx = plan_context(incident, evidence)
    jobs = affected_jobs(incident, evidence)
    steps = render_steps(runbook.steps, ctx, jobs)
    notes = list(steered)
    if not incident.trusted:
        steps = [_needs_corroboration(s) for s in steps]
        notes.append(
            f"the incident comes only from {incident.provenance}: state-changing steps are "
            "shown, not executed, until gpufleet's own telemetry or a person corroborates it"
        )
    steps, notes = hold_uncorroborated(incident, evidence, steps, notes)
    if any("{job_id}" in str(v) for s in runbook.steps for v in s.args.values()) and not jobs:
        notes.append("no job is affected: the per-job steps were left out")
    notes += [
        f"step {s.index} ({s.tool}) has no executor in gpufleet (not configured): "
        "shown, not executed"
        if NOT_CONFIGURED in s.unresolved
        else f"step {s.index} ({s.tool}) needs "
        f"{', '.join('{' + u + '}' for u in s.unresolved)}: shown, not executed"
        for s in steps
        if s.unresolved
    ]
    return Plan(runbook, tuple(steps), tuple(notes))


def _needs_corroboration(step: PlannedStep) -> PlannedStep:
    """A state-changing step an unauthenticated source asked for: shown, never run (the graph
    stops the plan at an unresolved state-changing step and hands it to a person)."""
    if step.risk == "read":
        return step
    return step.model_copy(update={"unresolved": (*step.unresolved, "corroboration")})


def verification_step(
    runbook: Runbook, ctx: Mapping[str, Scalar], index: int, jobs: Sequence[str] = ()
) -> PlannedStep:
    """The runbook's read-only check, for the first affected job when it names one (with no
    job, ``{job_id}`` stays unresolved and the check is reported, not run)."""
    v = runbook.verification
    step = Step(name=f"verify: {v.expect}", tool=v.tool, args=v.args, risk="read")
    return render_steps([step], ctx, list(jobs[:1]) or ["{job_id}"], start=index)[0]
