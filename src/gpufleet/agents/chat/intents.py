"""What an operator's question asks, read with plain patterns (the no-model path and the
model path both start here: it decides which read tools run).

The question is text from a person, but it may quote text from the fleet; nothing in it is
executed: it only selects reads and names entities that the tools then check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

IntentKind = Literal[
    "xid",
    "approvals",
    "changes",
    "metrics",
    "waste",
    "drained",
    "entity_status",
    "incident",
    "incidents",
    "propose",
    "knowledge",
    "what_happened",
    "which_entities",
    "when_started",
    "why_cause",
    "why_not",
    "if_approved",
    "what_to_do",
    "history",
    "compare_peers",
    "can_tell",
]

# a name such as "gb-node-07" or "node-07b" is another host, not node-07
_GPU = re.compile(
    r"(?<![\w-])(node-\d+)(?![\w-])\s*(?:/|\s|'s\s+)?\s*gpu\s*-?(\d+)\b", re.IGNORECASE
)
_LONE_GPU = re.compile(r"\bgpu\s*-?(\d+)\b", re.IGNORECASE)
_NODE = re.compile(r"(?<![\w-])node-\d+(?![\w-])", re.IGNORECASE)
_RACK = re.compile(r"\brack-\d+\b", re.IGNORECASE)
_XID = re.compile(r"\bs?xid\s*#?\s*(\d{1,5})\b", re.IGNORECASE)
# "xid 94 vs 95", "xids 48/63", "Xid 13, 43 and 45": every code of the run is named
_XID_RUN = re.compile(
    r"\bs?xids?\s*[#=:]?\s*(\d{1,5}(?:\s*(?:,|/|&|\+|\bvs\b\.?|\bversus\b|\band\b|\bor\b)"
    r"\s*#?\d{1,5}\b)*)",
    re.IGNORECASE,
)
_INCIDENT_ID = re.compile(r"\binc-[0-9a-z][0-9a-z-]*\b", re.IGNORECASE)
_WINDOW = re.compile(
    r"\b(?:last|past)\s+(\d+(?:\.\d+)?)?\s*(second|sec|s|minute|min|m|hour|hr|h|day|d|week|w)s?\b",
    re.IGNORECASE,
)
_UNIT_S = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0, "w": 7 * 86400.0}
_FIELDS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (re.compile(r"\btemp", re.I), "DCGM_FI_DEV_GPU_TEMP", "°C"),
    (re.compile(r"\bpower", re.I), "DCGM_FI_DEV_POWER_USAGE", "W"),
    (re.compile(r"\butili[sz]", re.I), "DCGM_FI_DEV_GPU_UTIL", "%"),
    (re.compile(r"\bclock|\bsm clock", re.I), "DCGM_FI_DEV_SM_CLOCK", "MHz"),
    (re.compile(r"\bmemory|\bframebuffer|\bfb\b", re.I), "DCGM_FI_DEV_FB_USED", "MiB"),
)
_PROPOSE = re.compile(r"^\s*(?:please\s+)?(?:propose|request)\b", re.IGNORECASE)
_ACTIONS = {"drain": "drain_node", "reset": "reset_gpu", "resume": "resume_node"}


def xid_codes(text: str) -> tuple[int, ...]:
    """Every Xid code the text names, in order (a run such as "xid 94 vs 95" names both)."""
    runs = (re.findall(r"\d{1,5}", m.group(1)) for m in _XID_RUN.finditer(text))
    return tuple(dict.fromkeys(int(x) for run in runs for x in run))


def metric_fields(question: str) -> list[tuple[str, str]]:
    """Every metric a question names (field, unit), in the catalogue's order."""
    return [(f, u) for p, f, u in _FIELDS if p.search(question)]


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    question: str = ""
    nodes: tuple[str, ...] = ()
    gpus: tuple[str, ...] = ()  # GPU keys: node-17/gpu4
    lone_gpus: tuple[int, ...] = ()  # "gpu4" with no node named
    racks: tuple[str, ...] = ()
    xids: tuple[int, ...] = ()
    incident_id: str | None = None
    window_s: float | None = None
    field: str = ""
    unit: str = ""
    action: str = ""  # for propose: drain_node | reset_gpu | resume_node

    @property
    def entities(self) -> tuple[str, ...]:
        return (*self.gpus, *self.nodes, *self.racks)


MAX_WINDOW_S = 92 * 86400.0  # the longest history a read tool serves (a quarter)


def window_seconds(question: str) -> float | None:
    """'last hour' → 3600, 'last 30 minutes' → 1800, 'this week' → 7 days (between one
    second and :data:`MAX_WINDOW_S`); None if unsaid."""
    m = _WINDOW.search(question)
    if m:
        unit = m.group(2).lower()[0]
        return min(max(float(m.group(1) or 1) * _UNIT_S[unit], 1.0), MAX_WINDOW_S)
    low = question.lower()
    if "this week" in low:
        return 7 * 86400.0
    if "today" in low or "24 hours" in low:
        return 86400.0
    return None


def _entities(q: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[int, ...], tuple[str, ...]]:
    gpus = tuple(dict.fromkeys(f"{n.lower()}/gpu{int(i)}" for n, i in _GPU.findall(q)))
    rest = _GPU.sub(" ", q)
    nodes = tuple(dict.fromkeys(n.lower() for n in _NODE.findall(rest)))
    lone = tuple(dict.fromkeys(int(i) for i in _LONE_GPU.findall(rest)))
    racks = tuple(dict.fromkeys(r.lower() for r in _RACK.findall(q)))
    return gpus, nodes, lone, racks


def _kind(low: str, has_entity: bool, incident_id: str | None) -> IntentKind:
    if _PROPOSE.search(low):
        return "propose"
    if _XID.search(low) and ("mean" in low or "what" in low or "do" in low):
        return "xid"
    if "approv" in low or "waiting for me" in low or "pending" in low:
        return "approvals"
    if "wast" in low or "idle gpu" in low:
        return "waste"
    if "changed" in low or "changes" in low:
        return "changes"
    if any(p.search(low) for p, _, _ in _FIELDS) and ("show" in low or "last" in low):
        return "metrics"
    if "drain" in low and ("why" in low or "was" in low):
        return "drained"
    if has_entity:
        return "entity_status"
    if incident_id:
        return "incident"
    if "incident" in low or "wrong" in low or "going on" in low or "broken" in low:
        return "incidents"
    return "knowledge"


def parse_question(question: str, incident_id: str | None = None) -> Intent:
    """The intent and the entities a question names (``incident_id``: the incident the
    conversation is about, when the page or thread has one)."""
    q = question.strip()
    low = q.lower()
    gpus, nodes, lone, racks = _entities(q)
    named = _INCIDENT_ID.search(q)
    inc = named.group(0) if named else incident_id
    xids = xid_codes(q)
    kind = _kind(low, bool(gpus or nodes or lone or racks), inc)
    field, unit = next(((f, u) for p, f, u in _FIELDS if p.search(low)), ("", ""))
    action = next((a for word, a in _ACTIONS.items() if word in low), "")
    return Intent(
        kind=kind,
        question=q,
        nodes=nodes,
        gpus=gpus,
        lone_gpus=lone,
        racks=racks,
        xids=xids,
        incident_id=inc,
        window_s=window_seconds(q),
        field=field,
        unit=unit,
        action=action,
    )
