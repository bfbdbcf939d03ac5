"""Answers about the incident in scope: what happened, which things, when, why this cause,
why not another, what approving does, what to do, its history, its peers and what the chat
can tell about it (see :mod:`agents.chat.gather` for the shape of what each returns).

Every sentence is built from the incident, its diagnosis (hypotheses, evidence, plan) and the
approval store, and cites them; nothing here reads the knowledge base's unrelated cards.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gpufleet.agents.chat.actions import action_words
from gpufleet.agents.chat.answer import Citation
from gpufleet.agents.chat.gather import (
    MAX_LISTED,
    Gathered,
    _incident_cite,
    _none_found,
    _say_approval,
    describe_incident,
    minutes,
    t,
    utc,
)
from gpufleet.agents.chat.gather_text import node_text
from gpufleet.agents.chat.gather_timeline import log_timeline, metric_onsets, untimed
from gpufleet.agents.chat.gather_topology import neighbours
from gpufleet.agents.chat.intents import Intent
from gpufleet.agents.chat.reads import ChatReads, IncidentFacts
from gpufleet.bus.events import Diagnosis, Evidence, Hypothesis
from gpufleet.knowledge import taxonomy

_PCI = re.compile(r"PCI:?\s*([0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f])", re.I)
_JOBS = re.compile(r"job\(s\) running \(([^)]*)\)")
# what undoes a step, for "how do I undo it"
_UNDO = {
    "slurm.drain_node": "slurm.resume_node on the same node",
    "slurm.requeue_job": "nothing to undo: the job restarts from its last checkpoint elsewhere",
    "nvidia_smi.reset_gpu": "nothing to undo: a reset clears the GPU's state, it is not reverted",
    "node.reboot": "nothing to undo: the node comes back after the reboot",
    "notify.user": "nothing to undo: a message was sent",
}
INCIDENT_INTENTS = (
    "what_happened",
    "which_entities",
    "when_started",
    "why_cause",
    "why_not",
    "if_approved",
    "what_to_do",
    "history",
    "compare_peers",
    "metrics",
    "approvals",
)
# the answers that also carry the incident's context (what, where, when, causes)
WITH_CONTEXT = frozenset(INCIDENT_INTENTS) - {"approvals"} | {"can_tell"}
_CAN_TELL = {
    "what_happened": "what happened",
    "which_entities": "which GPUs, PCI ids, Xids and jobs",
    "when_started": "when it started and how long it has lasted",
    "why_cause": "why this cause (the evidence, the runner-up)",
    "why_not": "why not another cause or action",
    "if_approved": "what approving runs and whom it affects",
    "what_to_do": "what to do now",
    "history": "the history of this GPU or node",
    "compare_peers": "how it compares with its peers",
    "metrics": "a metric over a window",
    "approvals": "what is waiting for you",
}


def subject(intent: Intent, reads: ChatReads) -> IncidentFacts | None:
    facts = reads.incidents()
    return next((f for f in facts if f.incident.incident_id == intent.incident_id), None)


def _where(g: Gathered, f: IncidentFacts) -> None:
    """Where and when, in one sentence: the GPUs, their PCI ids, the Xids, the jobs."""
    inc, me = f.incident, _incident_cite(g, f)
    dx = f.diagnosis
    ev = list(dx.evidence) if dx else []
    pcis = list(dict.fromkeys(m.upper() for e in ev for m in _PCI.findall(e.summary)))[:3]
    jobs = list(dict.fromkeys([*inc.jobs, *(j for e in ev for j in _job_ids(e))]))[:6]
    cites = [me, *(_ev(g, e) for e in ev if _PCI.search(e.summary) or _JOBS.search(e.summary))]
    parts = [f"on {', '.join(t(e, 80) for e in inc.entities[:4]) or t(inc.root_entity, 80)}"]
    if pcis:
        parts.append(f"PCI {', '.join(pcis)}")
    if inc.xids:
        parts.append(f"Xid {', '.join(str(x) for x in inc.xids)}")
    parts.append(f"jobs {', '.join(t(j, 40) for j in jobs)}" if jobs else "no job named")
    g.say(f"Incident {inc.incident_id} is {'; '.join(parts)}.", *cites[:4])


def _job_ids(e: Evidence) -> list[str]:
    return [j.strip() for m in _JOBS.findall(e.summary) for j in m.split(",") if j.strip()]


def _ev(g: Gathered, e: Evidence) -> Citation:
    return g.cite("evidence", e.evidence_id, e.summary)


_NO_EVENTS = re.compile(r":\s*0 event\(s\)")
_LOG_XID = re.compile(r"Xid \(PCI:[^)]*\):\s*(\d{1,3})\b")


def _kernel(dx: Diagnosis | None) -> list[Evidence]:
    """The kernel-log evidence that found something (an empty search says nothing here)."""
    ev = dx.evidence if dx else ()
    return [e for e in ev if "kernel log" in e.summary and not _NO_EVENTS.search(e.summary)][:2]


def xids_seen(f: IncidentFacts) -> list[int]:
    """The incident's Xids and those its kernel-log evidence quotes, in order."""
    logged = [int(x) for e in _kernel(f.diagnosis) for x in _LOG_XID.findall(e.summary)]
    return list(dict.fromkeys([*f.incident.xids, *logged]))


def _when(g: Gathered, f: IncidentFacts, now: float) -> None:
    inc, me = f.incident, _incident_cite(g, f)
    lasted = max(0.0, now - inc.opened_at)
    g.say(
        f"It opened {utc(inc.opened_at)}, last updated {utc(inc.updated_at)}; "
        f"{minutes(round(lasted / 60) * 60.0)} before now ({inc.phase.value}).",
        me,
    )
    for e in _kernel(f.diagnosis):
        g.say(f"Evidence {e.evidence_id} (log): {t(e.summary, 300)}.", _ev(g, e))


def what_happened(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    describe_incident(g, f, reads)
    _where(g, f)
    _when(g, f, now)
    _xids(g, f)
    return g


def which_entities(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    _where(g, f)
    hardware(g, f, reads)
    _owners(g, f, reads)
    _evidence_facts(g, f)
    _xids(g, f)
    neighbours(g, _place(f), reads, reads.incidents())
    return g


def _place(f: IncidentFacts) -> str:
    """The node (or rack) an incident is on: what its neighbours are counted from."""
    root = f.incident.root_entity
    return root if root.startswith("rack-") else root.split("/")[0]


def when_started(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    log_timeline(g, f, reads, now)
    metric_onsets(g, f, reads, now)
    _when(g, f, now)
    return g


def _say_hypothesis(g: Gathered, dx: Diagnosis, h: Hypothesis, rank: str) -> None:
    card = g.cite("card", h.card_id, h.title)
    ev = [e for e in dx.evidence if e.evidence_id in set(h.evidence_ids)][:3]
    why = "; ".join(t(r, 160) for r in (*h.supporting, *h.reasons)[:3])
    g.say(
        f"The {rank} cause is {t(h.title)} ({h.card_id}, score {h.score:.2f})"
        + (f": {why}" if why else "")
        + ".",
        card,
        *(_ev(g, e) for e in ev),
    )
    for e in ev:
        g.say(f"Evidence {e.evidence_id}: {t(e.summary, 300)}.", _ev(g, e))
    if h.contradicting:
        g.say(f"Against it: {'; '.join(t(c, 160) for c in h.contradicting[:2])}.", card)


def why_cause(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    dx = f.diagnosis
    if dx is None or not dx.hypotheses:
        g.say(f"Incident {f.incident.incident_id} has no diagnosis yet.", _incident_cite(g, f))
        return g
    _say_hypothesis(g, dx, dx.hypotheses[0], "top-ranked")
    for e in _kernel(dx):
        g.say(f"Evidence {e.evidence_id} (log): {t(e.summary, 300)}.", _ev(g, e))
    if len(dx.hypotheses) > 1:
        _runner_up(g, dx)
    return g


def _runner_up(g: Gathered, dx: Diagnosis) -> None:
    top, second = dx.hypotheses[0], dx.hypotheses[1]
    card = g.cite("card", second.card_id, second.title)
    against = "; ".join(t(c, 160) for c in second.contradicting[:2])
    g.say(
        f"The runner-up, {t(second.title)} ({second.card_id}), scores {second.score:.2f} "
        f"against {top.score:.2f}" + (f": {against}" if against else "") + ".",
        card,
    )


def why_not(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = why_cause(intent, reads, now)
    f = subject(intent, reads)
    if f is not None and f.diagnosis is not None:
        _plan(g, f, reads)
        _card_action(g, f, reads)
    return g


def _plan(g: Gathered, f: IncidentFacts, reads: ChatReads) -> None:
    dx, me = f.diagnosis, _incident_cite(g, f)
    if dx is None:
        return
    steps = list(dx.plan)
    if not steps:
        why = f" ({f.outcome})" if f.outcome else ""
        g.say(f"The diagnosis has no runbook plan{why}: a person decides the action.", me)
        return
    rb = g.cite("runbook", dx.runbook_id, dx.runbook_id) if dx.runbook_id else me
    listed = "; ".join(
        f"{s.index + 1}. {t(s.name, 80)} ({s.tool}{', needs approval' if s.needs_approval else ''})"
        for s in steps[:8]
    )
    g.say(f"The plan (runbook {dx.runbook_id or 'none'}): {listed}.", rb, me)


def _card_action(g: Gathered, f: IncidentFacts, reads: ChatReads) -> None:
    """What the top cause's card says to do: the runbook plan is the steps gpufleet can run;
    the card also says what a person does around them (restart a service, a vendor case)."""
    top = f.diagnosis.top if f.diagnosis else None
    act = reads.card_action(top.card_id) if top else ""
    if top and act:
        card = g.cite("card", top.card_id, top.title)
        g.say(f"What the card {top.card_id} says to do: {t(act, 500)}", card)


def what_to_do(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    describe_incident(g, f, reads, brief=True)
    _plan(g, f, reads)
    _card_action(g, f, reads)
    for rec in reads.approvals(f.incident.incident_id)[:MAX_LISTED]:
        _say_approval(
            g, rec.approval_id, rec.tool, rec.request.args, rec.status, _incident_cite(g, f)
        )
    return g


def if_approved(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    me = _incident_cite(g, f)
    recs = [r for r in reads.approvals(f.incident.incident_id) if r.status == "pending"]
    if not recs:
        g.say(f"No approval of incident {f.incident.incident_id} is pending.", me)
    for rec in recs[:3]:
        c = g.cite("approval", rec.approval_id, f"{rec.tool} ({rec.status})")
        args = ", ".join(f"{k}={t(v, 100)}" for k, v in rec.request.args.items())
        undo = _UNDO.get(rec.tool, "see the runbook")
        g.say(
            f"Approving {rec.approval_id} runs {rec.tool}({args}) (step "
            f"{rec.request.step_index + 1}, {rec.request.step_name}); to undo: {undo}.",
            c,
            me,
        )
    _where(g, f)
    dx = f.diagnosis
    if dx is not None:
        after = [s for s in dx.plan if recs and s.index > recs[0].request.step_index][:6]
        if after:
            nxt = "; ".join(f"{t(s.name, 80)} ({s.tool})" for s in after)
            g.say(f"The next steps after it: {nxt}.", me)
    return g


def history(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    inc = f.incident
    others = [
        x
        for x in reads.incidents()
        if x.incident.incident_id != inc.incident_id
        and set(x.incident.nodes) & set(inc.nodes or (inc.root_entity.split("/")[0],))
    ]
    log_timeline(g, f, reads, now)
    metric_onsets(g, f, reads, now)
    for e in [e for e in (f.diagnosis.evidence if f.diagnosis else ()) if "earlier" in e.summary]:
        g.say(f"History: {t(e.summary, 300)}.", _ev(g, e))
    for x in others[:MAX_LISTED]:
        describe_incident(g, x, reads, brief=True)
    if not others:
        g.say(
            f"gpufleet knows no other incident on {', '.join(inc.nodes) or inc.root_entity}.",
            _incident_cite(g, f),
        )
    _when(g, f, now)
    return g


def compare_peers(intent: Intent, reads: ChatReads, now: float) -> Gathered:
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    inc, dx = f.incident, f.diagnosis
    mine = set(inc.entities) | {inc.root_entity}
    ev = [e for e in (dx.evidence if dx else ()) if "=" in e.summary and "/gpu" in e.entity]
    for e in [e for e in ev if e.entity in mine][:2]:
        g.say(f"The affected GPU: {t(e.summary, 300)}.", _ev(g, e))
    _node_metrics(g, f, reads, now)
    peers = [e for e in ev if e.entity not in mine][:MAX_LISTED]
    for e in peers:
        g.say(f"Peer {t(e.entity, 80)}: {t(e.summary, 240)}.", _ev(g, e))
    neighbours(g, _place(f), reads, reads.incidents())
    others = [x for x in reads.incidents() if x.incident.incident_id != inc.incident_id]
    g.say(
        f"{len(others)} other incident(s) are known besides {inc.incident_id}; "
        f"only {', '.join(sorted(mine))} is in its scope.",
        _incident_cite(g, f),
    )
    return g


def _node_metrics(g: Gathered, f: IncidentFacts, reads: ChatReads, now: float) -> None:
    """The temperature of every GPU on the incident's node since half an hour before it
    opened (one read), max and latest per GPU, so peers can be compared."""
    inc = f.incident
    node = inc.root_entity.split("/")[0]
    res = reads.fleet_read("topology.describe", {"entity": node})
    gpus = sorted({e for e in inc.entities if "/gpu" in e})
    if res is not None and res.ok and isinstance(res.data, dict):
        gpus = sorted({*gpus, *(str(x) for x in res.data.get("node_gpus", []) if "/gpu" in str(x))})
    if not gpus:
        return
    field = "DCGM_FI_DEV_GPU_TEMP"
    start = min(inc.opened_at - 1800.0, now - 1800.0)
    got = reads.fleet_read(
        "metrics.history", {"entities": gpus, "fields": [field], "start": start, "end": now}
    )
    if got is None or not got.ok or not isinstance(got.data, dict):
        return
    q = g.cite("query", got.query, got.query)
    rows = []
    for entity, fields in sorted(got.data.items()):
        vals = [float(v) for _, v in fields.get(field, []) if float(v) == float(v)]
        if vals:
            rows.append(f"{t(entity, 80)} max {max(vals):.1f}°C latest {vals[-1]:.1f}°C")
    if rows:
        g.say(f"{field} per GPU since {utc(start)}: {'; '.join(rows[:8])}.", q)


def can_tell(intent: Intent, reads: ChatReads, now: float, ranked: tuple[str, ...]) -> Gathered:
    """A question about the incident that no intent answers: what the chat can tell."""
    g = Gathered()
    f = subject(intent, reads)
    if f is None:
        return _no_subject(g)
    order = [i for i in ranked if i in _CAN_TELL] or list(_CAN_TELL)
    g.say(
        f"I can tell you, about incident {f.incident.incident_id}: "
        f"{'; '.join(_CAN_TELL[i] for i in order[:6])}.",
        _incident_cite(g, f),
    )
    describe_incident(g, f, reads, brief=True)
    return g


def context(g: Gathered, f: IncidentFacts, reads: ChatReads, now: float) -> None:
    """What every answer about an incident also says (once): what, where, when, the top
    causes and the log lines it rests on."""
    said = {s.text for s in g.sentences}
    extra = Gathered(sources=g.sources)
    describe_incident(extra, f, reads, brief=True)
    _where(extra, f)
    _when(extra, f, now)
    untimed(extra, f, reads, now)
    _causes(extra, f)
    _plan(extra, f, reads)
    _card_action(extra, f, reads)
    _xids(extra, f)
    hardware(extra, f, reads)
    _owners(extra, f, reads)
    _evidence_facts(extra, f)
    node_text(extra, f, reads)
    if f.incident.root_entity.startswith("rack-"):  # a rack's incident: where is its nodes
        neighbours(extra, f.incident.root_entity, reads, reads.incidents())
    me = _incident_cite(extra, f)
    for rec in reads.approvals(f.incident.incident_id)[:MAX_LISTED]:
        _say_approval(extra, rec.approval_id, rec.tool, rec.request.args, rec.status, me)
    if g.context_from is None:
        g.context_from = len(g.sentences)
    for s in extra.sentences:
        if s.text not in said:
            said.add(s.text)
            g.sentences.append(s)


def _causes(g: Gathered, f: IncidentFacts) -> None:
    dx = f.diagnosis
    if dx is None or len(dx.hypotheses) < 2:
        return
    named = [g.cite("card", h.card_id, h.title) for h in dx.hypotheses[1:4]]
    g.say(f"Other causes considered: {', '.join(c.id for c in named)}.", *named)
    _mode(g, dx.hypotheses[0].card_id)


def _mode(g: Gathered, card_id: str) -> None:
    """Where the top cause sits in the failure-mode taxonomy, and the rest of its family: a
    near-duplicate card of the same family is the same fault seen another way, and what the
    family's modes decide differs (reset, power-cycle and RMA, change the driver)."""
    tax = taxonomy.load()
    place = tax.place(card_id)
    if place is None:
        return
    modes = tax.families[place.family].modes
    others = [c for m in modes.values() for c in m.variants if c != card_id]
    decision = modes[place.mode].decision
    cards = [g.cite("card", c, c) for c in others[:8]]
    tail = f"; the family's other cards: {', '.join(others[:8])}" if others else ""
    g.say(
        f"{card_id} is the {place.mode} mode of the {place.family} family ({decision}){tail}.",
        *cards,
    )


def _xids(g: Gathered, f: IncidentFacts) -> None:
    """What each Xid seen is and what NVIDIA's catalog says to do first on it."""
    from gpufleet.knowledge import xid as xid_catalog  # noqa: PLC0415

    for code in xids_seen(f)[:4]:
        info = xid_catalog.lookup(code)
        if info is not None:
            c = g.cite("xid", str(code), f"Xid {code} {info.mnemonic}")
            first = (
                f"; NVIDIA's first action: {action_words(info.immediate)}" if info.immediate else ""
            )
            g.say(f"Xid {code} is {t(info.mnemonic, 80)}: {t(info.description, 240)}{first}.", c)


def _no_subject(g: Gathered) -> Gathered:
    _none_found(g, "incident is in scope (none named, none open)", "incidents open")
    return g


def metrics_intent(intent: Intent, f: IncidentFacts | None, now: float) -> Intent:
    """A metric question about the incident: its GPUs when none is named, and a window that
    starts half an hour before it opened when none is said."""
    if f is None:
        return intent
    if intent.window_s is None:
        intent = replace(intent, window_s=max(now - f.incident.opened_at, 0.0) + 1800.0)
    if intent.entities or intent.lone_gpus:
        return intent
    gpus = tuple(e for e in f.incident.entities if "/gpu" in e)[:4]
    return replace(intent, gpus=gpus or (f.incident.root_entity,))


# facts an evidence line states about the hardware and who used it: (label, pattern); the
# first group is the value. Searched in the diagnosis's evidence, each cited where found.
_LINE_FACTS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "driver",
        re.compile(
            r"(?:Driver Version|Kernel Module(?: for \S+)?)\s*:?\s+(\d+\.\d+(?:\.\d+)?)", re.I
        ),
    ),
    ("GPU model", re.compile(r"Product Name\s*:\s*([^;,\n]{3,40}?)\s*(?:[;,\n]|$)", re.I)),
    ("serial", re.compile(r"(?:Board )?Serial Number\s*:?\s*(\d{6,})", re.I)),
    ("UUID", re.compile(r"\b(GPU-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12})\b", re.I)),
    ("process", re.compile(r"\b(?:name|comm|process)[=:]\s*'?([\w./-]{2,40})", re.I)),
    ("pid", re.compile(r"\bpid[=:\s]\s*(\d{2,9})\b", re.I)),
    ("peer IP", re.compile(r"\b((?:\d{1,3}\.){3}\d{1,3})\b")),
    ("pod", re.compile(r"\bpod[=:\s/]\s*'?([a-z0-9][a-z0-9.-]{2,62})", re.I)),
    ("user", re.compile(r"\buser[=:\s]\s*'?([a-z_][\w.-]{1,31})", re.I)),
)
MAX_LINE_FACTS = 8


def line_facts(summary: str) -> list[tuple[str, str]]:
    """The (label, value) pairs an evidence line states, in :data:`_LINE_FACTS`'s order."""
    found = [(label, m.group(1)) for label, p in _LINE_FACTS for m in p.finditer(summary)]
    return list(dict.fromkeys(found))


def _evidence_facts(g: Gathered, f: IncidentFacts) -> None:
    """Driver, model, serial, UUID, process, pid, peer, pod and user that the evidence lines
    state, each sentence citing the line it came from."""
    for e in f.diagnosis.evidence if f.diagnosis else ():
        pairs = line_facts(e.summary)[:MAX_LINE_FACTS]
        if pairs:
            said = "; ".join(f"{label} {t(v, 60)}" for label, v in pairs)
            g.say(f"Evidence {e.evidence_id} names {said}.", _ev(g, e))


_HW_KEYS = (("sku", "model"), ("pci_bus_id", "PCI"), ("uuid", "UUID"), ("slot", "slot"))


def hardware(g: Gathered, f: IncidentFacts, reads: ChatReads) -> None:
    """The GPU model, PCI id, UUID and the node's driver from the fleet topology (one read of
    the incident's root), citing that read and the diagnosis's own topology evidence."""
    inc = f.incident
    gpu = next((e for e in (inc.root_entity, *inc.entities) if "/gpu" in e), inc.root_entity)
    res = reads.fleet_read("topology.describe", {"entity": gpu})
    if res is None or not res.ok or not isinstance(res.data, dict):
        return
    d, queries = res.data, [res.query]
    if "sku" not in d and d.get("node_gpus"):  # a node: its first GPU says the model
        gpu = str(d["node_gpus"][0])
        one = reads.fleet_read("topology.describe", {"entity": gpu})
        if one is not None and one.ok and isinstance(one.data, dict):
            d = {**one.data, "driver_version": d.get("driver_version")}
            queries.append(one.query)
    parts = [f"{label} {t(d[k], 60)}" for k, label in _HW_KEYS if d.get(k) not in (None, "")]
    if d.get("driver_version"):
        parts.append(f"driver {t(d['driver_version'], 40)} on {t(d.get('node', '-'), 60)}")
    if not parts:
        return
    topo = [
        e for e in (f.diagnosis.evidence if f.diagnosis else ()) if e.tool == "topology.describe"
    ][:1]
    qs = [g.cite("query", q, q) for q in queries]
    g.say(f"{t(gpu, 80)}: {', '.join(parts)} (fleet topology).", *qs, *(_ev(g, e) for e in topo))


def _owners(g: Gathered, f: IncidentFacts, reads: ChatReads) -> None:
    """Whose the incident's jobs are: one scheduler read per job (at most three), cited."""
    ev = f.diagnosis.evidence if f.diagnosis else ()
    jobs = list(dict.fromkeys([*f.incident.jobs, *(j for e in ev for j in _job_ids(e))]))[:3]
    for job in jobs:
        res = reads.fleet_read("slurm.show_job", {"job_id": job})
        if res is None or not res.ok or not isinstance(res.data, dict) or not res.data.get("user"):
            continue
        d = res.data
        q = g.cite("query", res.query, res.query)
        g.say(
            f"Job {t(job, 40)} ({t(d.get('name', '-'), 60)}) belongs to user "
            f"{t(d['user'], 40)}, account {t(d.get('account') or '-', 40)}, "
            f"{t(d.get('state') or '-', 20)} on {d.get('num_gpus', '?')} GPU(s).",
            q,
        )
