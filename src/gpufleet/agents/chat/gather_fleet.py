"""The intents that read the fleet and the knowledge base: Xids, approvals, changes, metric
history, waste, why something was drained, proposals and plain knowledge questions (see
:mod:`agents.chat.gather` for the shape of what each returns)."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import Any

from gpufleet.agents.chat.actions import action_words as _action
from gpufleet.agents.chat.answer import Citation, Series
from gpufleet.agents.chat.gather import (
    DEFAULT_CHANGES_S,
    DEFAULT_METRICS_S,
    DEFAULT_WASTE_S,
    DRAIN_LOOKBACK_S,
    MAX_LISTED,
    Gathered,
    _none_found,
    _say_approval,
    _scheduler_state,
    _targets,
    describe_incident,
    minutes,
    t,
    touches,
    utc,
)
from gpufleet.agents.chat.gather_incident import hardware
from gpufleet.agents.chat.gather_timeline import said_onset
from gpufleet.agents.chat.intents import Intent, metric_fields
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts, ProposalRefusedError
from gpufleet.agents.chat.route import named_in
from gpufleet.graph.approvals.store import ApprovalRecord
from gpufleet.knowledge import xid as xid_catalog

MAX_METRICS_S = 7 * 86400.0  # raw samples: a week at most (agents.sre.read_tools)
_ACTION_TOOLS = {
    "drain_node": "slurm.drain_node",
    "resume_node": "slurm.resume_node",
    "reset_gpu": "nvidia_smi.reset_gpu",
}


def xid(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    for code in intent.xids[:3]:
        info = xid_catalog.lookup(code)
        if info is None:
            _none_found(g, f"Xid {code} is in NVIDIA's catalog", f"xid {code}")
            continue
        c = g.cite("xid", str(code), f"Xid {code} {info.mnemonic}")
        g.say(f"Xid {code} ({t(info.mnemonic, 80)}) means: {t(info.description, 400)}.", c)
        if info.immediate:
            g.say(f"What to do now: {_action(info.immediate)}.", c)
        if info.investigatory and info.investigatory != info.immediate:
            g.say(f"To investigate: {_action(info.investigatory)}.", c)
        if info.fatal is not None:
            g.say(f"NVIDIA lists it as {'fatal' if info.fatal else 'not fatal'}.", c)
        g.data.setdefault("xids", []).append(
            {
                "code": code,
                "mnemonic": info.mnemonic,
                "description": t(info.description, 400),
                "immediate": t(info.immediate, 300),
                "investigatory": t(info.investigatory, 300),
            }
        )
        _cards(g, reads, f"Xid {code} {info.mnemonic}", (code,), limit=1)
        seen = [f for f in reads.incidents() if code in f.incident.xids][:3]
        for f in seen:
            inc = g.cite("incident", f.incident.incident_id, f.incident.title)
            g.say(
                f"Incident {f.incident.incident_id} showed Xid {code}: {t(f.incident.title)}.", inc
            )
    return g


def _cards(g: Gathered, reads: ChatReads, text: str, xids: tuple[int, ...], limit: int) -> None:
    hits = reads.search_cards(text, xids)[:limit]
    for i, h in enumerate(hits):
        card = g.cite("card", h.card_id, h.title)
        runbooks = [g.cite("runbook", r, r) for r in h.runbooks[:2]]
        tail = f"; runbook {', '.join(r.id for r in runbooks)}" if runbooks else ""
        g.say(f"The matching failure mode is {t(h.title)} ({h.card_id}{tail}).", card, *runbooks)
        if i == 0 and h.passage:  # the line of the best card that answers the question
            g.say(f"The card says: {h.passage}", card)
    g.data.setdefault("cards", []).extend(
        {"card_id": h.card_id, "title": t(h.title), "runbooks": list(h.runbooks)} for h in hits
    )


def knowledge(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    _cards(g, reads, intent.question, intent.xids, limit=3)
    if not g.sentences:
        _none_found(g, "failure-mode card matches this question", "knowledge search")
    return g


def approvals(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    pending = [r for r in reads.approvals(intent.incident_id) if r.status == "pending"]
    if not pending:
        _none_found(
            g, "approval request is waiting for a person (none pending)", "approvals status=pending"
        )
        _in_scope(g, intent, reads)
        return g
    g.say(
        f"{len(pending)} approval request{'s are' if len(pending) != 1 else ' is'} waiting "
        "for a person.",
        g.cite("query", "approvals status=pending"),
    )
    for r in pending[: MAX_LISTED * 2]:
        inc = g.cite("incident", r.incident_id, r.incident_id)
        _say_approval(g, r.approval_id, r.tool, r.request.args, r.status, inc)
        g.data.setdefault("approvals", []).append(
            {
                "approval_id": r.approval_id,
                "incident_id": r.incident_id,
                "tool": r.tool,
                "args": {k: t(v, 60) for k, v in r.request.args.items()},
                "risk": r.request.risk,
            }
        )
    f = next((x for x in reads.incidents() if x.incident.incident_id == intent.incident_id), None)
    if f is not None and (intent.entities or named_in(intent.question, [f])):
        # asked about one place: what else its plan will put to a person after these
        _plan_asks(g, f, g.cite("incident", f.incident.incident_id, f.incident.incident_id))
    return g


def _in_scope(g: Gathered, intent: Intent, reads: ChatReads) -> None:
    """With nothing pending, what the incident in scope asked of people before (decided
    requests) and which of its plan's steps would ask: "nothing pending" is not "nothing"."""
    facts = reads.incidents()
    f = next((x for x in facts if x.incident.incident_id == intent.incident_id), None)
    if f is None:
        if not facts:  # nothing was ever opened, so nothing could be asked
            q = g.cite("query", "incidents open", "incidents open")
            g.say("gpufleet holds no incident, so no step was ever put to a person.", q)
        return
    inc = g.cite("incident", f.incident.incident_id, f.incident.incident_id)
    asked = reads.approvals(f.incident.incident_id)
    for r in asked[:MAX_LISTED]:
        _say_approval(g, r.approval_id, r.tool, r.request.args, r.status, inc)
    steps = _plan_asks(g, f, inc)
    if not asked:
        _why_nothing_filed(g, f, steps, inc)


def _plan_asks(g: Gathered, f: IncidentFacts, inc: Citation) -> bool:
    """Say which of the incident's plan steps put a question to a person; False if none."""
    steps = [s for s in (f.diagnosis.plan if f.diagnosis else ()) if s.needs_approval]
    on = dict.fromkeys([f.incident.root_entity, *f.incident.entities[:4]])
    where = ", ".join(t(e, 60) for e in on)
    asks = "; ".join(f"{t(s.name, 80)} ({s.tool})" for s in steps[:6]) or "no step"
    g.say(f"Incident {f.incident.incident_id} on {where}: its plan asks a person for {asks}.", inc)
    return bool(steps)


def _why_nothing_filed(g: Gathered, f: IncidentFacts, would_ask: bool, inc: Citation) -> None:
    """Why no request exists: the plan needs none, or the diagnosis stopped before filing
    one (its outcome says how); cites the incident and its runbook, never an approval."""
    dx = f.diagnosis
    rb = [g.cite("runbook", dx.runbook_id, dx.runbook_id)] if dx and dx.runbook_id else []
    if dx is None:
        g.say("Nothing was filed: the incident has no diagnosis yet.", inc)
    elif not would_ask:
        g.say(f"Nothing was filed: runbook {dx.runbook_id or 'none'} needs no approval.", inc, *rb)
    else:
        how = t(f.outcome, 40) if f.outcome else "none recorded"
        g.say(
            f"Nothing was filed for them: the diagnosis thread ended without a request "
            f"(outcome: {how}); a person can propose those steps.",
            inc,
            *rb,
        )


def _nodes_of(g: Gathered, reads: ChatReads, intent: Intent) -> list[str]:
    nodes = list(intent.nodes) + [x.split("/")[0] for x in intent.gpus]
    for rack in intent.racks:
        res = reads.fleet_read("topology.describe", {"entity": rack})
        if res is not None and res.ok and isinstance(res.data, dict):
            g.cite("query", res.query, res.query)
            nodes += [str(n) for n in res.data.get("nodes", [])]
    return list(dict.fromkeys(nodes))


def changes(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    window = intent.window_s or DEFAULT_CHANGES_S
    where = ", ".join(intent.entities) or "the fleet"
    nodes = _nodes_of(g, reads, intent)
    res = reads.fleet_read("changes.recent", {"nodes": nodes, "start": now - window, "end": now})
    if res is None:
        _none_found(g, "change log is readable here (no fleet in this process)", "changes.recent")
    elif not res.ok:
        g.say(f"The change log could not be read: {t(res.error)}.", g.cite("query", res.query))
    else:
        q = g.cite("query", res.query, res.query)
        items = list(res.data or [])
        if not items:
            g.say(
                f"No boot, driver, firmware, configuration or scheduler change on {where} "
                f"in the last {minutes(window)}.",
                q,
            )
        for c in items[-MAX_LISTED * 2 :]:
            g.say(
                f"{utc(float(c.get('time', 0)))}: {t(c.get('node'), 60)} "
                f"{t(c.get('kind'), 40)}: {t(c.get('detail', ''), 200)}.",
                q,
            )
        g.data["changes"] = [{k: t(v, 200) for k, v in c.items()} for c in items[-20:]]
    opened = [
        f
        for f in reads.incidents()
        if f.incident.opened_at >= now - window
        and (not intent.entities or any(touches(f, e) for e in [*intent.entities, *nodes]))
    ]
    for f in opened[:MAX_LISTED]:
        inc = g.cite("incident", f.incident.incident_id, f.incident.title)
        g.say(
            f"Incident {f.incident.incident_id} opened {utc(f.incident.opened_at)}: "
            f"{t(f.incident.title)}.",
            inc,
        )
    _installed_now(g, intent, reads)
    return g


def _installed_now(g: Gathered, intent: Intent, reads: ChatReads) -> None:
    """Beside what changed, what is installed now on the incident in scope (model, driver):
    "did the driver change" is half answered without the driver it runs."""
    f = next((x for x in reads.incidents() if x.incident.incident_id == intent.incident_id), None)
    if f is not None:
        hardware(g, f, reads)


# a host name as fleets write them: "a100-mig", "gpu-worker-1", "dgx07", "h100-9b"
_HOSTLIKE = re.compile(
    r"(?<![\w./-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w-])|\b[a-z]+\d+[a-z0-9]*\b"
)
MAX_HOSTLIKE = 4  # words looked up in the topology per question


def named_nodes(question: str, reads: ChatReads) -> list[str]:
    """The nodes a question names in the fleet's own naming ("is a100-mig ok?"): each host-like
    word the topology knows as a node."""
    words = list(dict.fromkeys(_HOSTLIKE.findall(question.lower())))[:MAX_HOSTLIKE]
    out = []
    for word in words:
        res = reads.fleet_read("topology.describe", {"entity": word})
        if (
            res is not None
            and res.ok
            and isinstance(res.data, dict)
            and res.data.get("kind") == "node"
        ):
            out.append(word)
    return out


def fleet_named(g: Gathered, question: str, reads: ChatReads) -> list[str]:
    """The GPUs of the hosts a question names in the fleet's own naming (no incident need
    touch them): each host-like word is looked up in the topology; a node gives its GPUs."""
    words = list(dict.fromkeys(_HOSTLIKE.findall(question.lower())))[:MAX_HOSTLIKE]
    out: list[str] = []
    for word in words:
        res = reads.fleet_read("topology.describe", {"entity": word})
        if res is None or not res.ok or not isinstance(res.data, dict):
            continue
        g.cite("query", res.query, res.query)
        gpus = [str(x) for x in res.data.get("node_gpus") or []]
        out += gpus[:8] if res.data.get("kind") == "node" else [word]
    return list(dict.fromkeys(out))


def _stats(points: list[tuple[float, float]]) -> tuple[float, float, float]:
    vals = [v for _, v in points]
    return min(vals), sum(vals) / len(vals), max(vals)


def metrics(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    """Each metric the question names (temperature when none) over its window."""
    g = Gathered()
    for field, unit in metric_fields(intent.question) or [(intent.field, intent.unit)]:
        _metric(g, replace(intent, field=field, unit=unit), reads, now)
    return g


AROUND_S = 900.0  # "around 09:25": a quarter of an hour either side
_AROUND = re.compile(r"\b(?:around|about|near|at)\s+(\d{1,2}):(\d{2})\b", re.IGNORECASE)


def around(question: str, now: float) -> tuple[float, float] | None:
    """[start, end] of "around 09:25" in the question (UTC; the latest such moment not after
    ``now``), or None when it names no time."""
    m = _AROUND.search(question)
    if m is None or int(m[1]) > 23 or int(m[2]) > 59:
        return None
    at = now - now % 86400.0 + int(m[1]) * 3600.0 + int(m[2]) * 60.0
    at -= 86400.0 if at > now else 0.0
    return at - AROUND_S, min(at + AROUND_S, now)


def _metric(g: Gathered, intent: Intent, reads: ChatReads, now: float) -> None:
    facts = reads.incidents()
    entities = _targets(intent, facts) or fleet_named(g, intent.question, reads)
    window = min(intent.window_s or DEFAULT_METRICS_S, MAX_METRICS_S)
    field = intent.field or "DCGM_FI_DEV_GPU_TEMP"
    start, end = around(intent.question, now) or (now - window, now)
    span = (
        f"the last {minutes(window)}"
        if end == now and start == now - window
        else f"{utc(start)[:-4]} to {utc(end)[11:]}"
    )
    args = {"entities": entities, "fields": [field], "start": start, "end": end}
    res = reads.fleet_read("metrics.history", args) if entities else None
    if res is None:
        _none_found(
            g, "metrics history is readable here (no fleet or no entity named)", "metrics.history"
        )
        return
    q = g.cite("query", res.query or f"metrics.history {field}", res.query)
    if not res.ok:
        g.say(f"The metrics store could not answer: {t(res.error)}.", q)
        return
    for entity, fields in dict(res.data or {}).items():
        points = [
            (float(a), float(b)) for a, b in fields.get(field, []) if not math.isnan(float(b))
        ]
        if not points:
            g.say(f"No {field} samples for {t(entity, 80)} in {span}.", q)
            continue
        g.series.append(
            Series(
                entity=t(entity, 80),
                field=field,
                points=tuple(points),
                query=res.query,
                unit=intent.unit,
            )
        )
        lo, mean, hi = _stats(points)
        u = intent.unit
        g.say(
            f"{field} of {t(entity, 80)} over {span}: min {lo:.1f}{u}, "
            f"mean {mean:.1f}{u}, max {hi:.1f}{u}, latest {points[-1][1]:.1f}{u} at "
            f"{utc(points[-1][0])} ({len(points)} samples).",
            q,
        )
        said_onset(g, field, entity, points, u, q)
        g.data.setdefault("series", []).append(
            {
                "entity": entity,
                "field": field,
                "min": lo,
                "mean": round(mean, 2),
                "max": hi,
                "latest": points[-1][1],
            }
        )


def waste(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    window = intent.window_s or DEFAULT_WASTE_S
    rep = reads.waste(now - window, now)
    if rep is None:
        _none_found(g, "GPU utilisation history is readable here to measure waste", "waste")
        return g
    q = g.cite("query", rep.query, rep.query)
    if not rep.rows:
        g.say(
            f"No job held GPUs idle or under-used for an hour or more in the analysed window "
            f"({utc(rep.start)} to {utc(rep.end)}).",
            q,
        )
    for r in rep.rows[:MAX_LISTED]:
        gpus = ", ".join(t(x, 40) for x in r.gpus[:8]) + (" …" if len(r.gpus) > 8 else "")
        g.say(
            f"Job {t(r.job_id, 40)} ({t(r.user, 40)}, {t(r.team, 40)}) wasted "
            f"{r.wasted_gpu_hours:.1f} GPU-hours "
            f"on {gpus} ({r.kind.replace('_', ' ')}, mean utilisation {r.mean_util_pct:.0f}%).",
            q,
        )
    g.data["waste"] = [
        {
            "job_id": r.job_id,
            "gpus": list(r.gpus),
            "wasted_gpu_hours": r.wasted_gpu_hours,
            "kind": r.kind,
        }
        for r in rep.rows[:10]
    ]
    return g


def drained(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    facts = reads.incidents()
    targets = _targets(intent, facts)
    for entity in targets:
        node = entity.split("/")[0]
        hits = [f for f in facts if touches(f, entity)]
        drains = [
            r for f in hits for r in reads.approvals(f.incident.incident_id) if "drain" in r.tool
        ]
        for r in drains[:3]:
            _say_drain(
                g, entity, r, next(f for f in hits if f.incident.incident_id == r.incident_id)
            )
        for f in hits[:2]:
            describe_incident(g, f, reads, brief=True)
        _drain_changes(g, reads, node, now)
        _scheduler_state(g, reads, node)
        if not hits and not drains:
            _none_found(
                g, f"incident or drain request touches {entity}", f"incidents touching {entity}"
            )
    return g


def _say_drain(g: Gathered, entity: str, r: ApprovalRecord, f: IncidentFacts) -> None:
    inc = g.cite("incident", f.incident.incident_id, f.incident.title)
    ap = g.cite("approval", r.approval_id, f"{r.tool} ({r.status})")
    node = t(r.request.args.get("node", entity.split("/", maxsplit=1)[0]), 60)
    done = {"pending": "is waiting for approval", "approved": "was approved"}
    state = done.get(r.status, f"is {r.status}")
    dx = f.diagnosis
    if dx is not None and dx.hypotheses:
        top = dx.hypotheses[0]
        card = g.cite("card", top.card_id, top.title)
        g.say(
            f"The drain of {node} (holding {entity}) {state} (approval {r.approval_id}): "
            f"incident {f.incident.incident_id} found {t(top.title)} ({top.card_id}).",
            ap,
            inc,
            card,
        )
    else:
        g.say(
            f"The drain of {node} (holding {entity}) {state} (approval {r.approval_id}), "
            f"requested for incident {f.incident.incident_id}: {t(f.incident.title)}.",
            ap,
            inc,
        )


def _drain_changes(g: Gathered, reads: ChatReads, node: str, now: float) -> None:
    args = {"nodes": [node], "start": now - DRAIN_LOOKBACK_S, "end": now, "kinds": ["scheduler"]}
    res = reads.fleet_read("changes.recent", args)
    if res is None or not res.ok:
        return
    q = g.cite("query", res.query, res.query)
    for c in list(res.data or [])[-3:]:
        g.say(
            f"{utc(float(c.get('time', 0)))}: {t(c.get('node'), 60)} "
            f"{t(c.get('detail', ''), 200)}.",
            q,
        )


def propose(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    facts = reads.incidents()
    tool = _ACTION_TOOLS.get(intent.action)
    targets = _targets(intent, facts)
    if tool is None or not targets:
        _none_found(
            g, "action to propose: name one (drain, resume, reset) and a node or GPU", "actions"
        )
        return g
    entity = targets[0]
    f = next((x for x in facts if x.incident.incident_id == intent.incident_id), None) or next(
        (x for x in facts if touches(x, entity)), None
    )
    if f is None:
        _none_found(
            g,
            f"incident touches {entity}, so there is nothing to attach a proposal to",
            f"incidents touching {entity}",
        )
        return g
    inc = g.cite("incident", f.incident.incident_id, f.incident.title)
    args: dict[str, Any] = {"node": entity.split("/")[0]}
    if tool.startswith("slurm."):
        args["reason"] = f"gpufleet {f.incident.incident_id}"
    if tool == "nvidia_smi.reset_gpu" and "/gpu" in entity:
        args["gpu"] = int(entity.rsplit("/gpu", 1)[1])
    try:
        p = reads.propose(
            f.incident.incident_id, tool, args, f"asked in chat: {intent.question}", now
        )
    except ProposalRefusedError as e:
        g.say(f"Nothing was proposed: {t(e, 300)}.", inc)
        return g
    g.proposed.append(p)
    if p.approval_id:
        ap = g.cite("approval", p.approval_id, f"{tool} ({p.status})")
        g.say(
            f"Proposed {tool} on {entity} for incident {f.incident.incident_id} as approval "
            f"{p.approval_id} ({p.status}); it runs only after a person approves it "
            f"({t(p.who_may_approve, 120)}).",
            ap,
            inc,
        )
    else:
        g.say(
            f"Suggested {tool} on {entity} for incident {f.incident.incident_id}; "
            f"not stored: {t(p.reason, 200)}.",
            inc,
        )
    return g
