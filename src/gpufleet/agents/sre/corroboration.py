"""An Xid known only from text syslog changes nothing until something else corroborates it.

Text syslog (``short-iso``, RFC 3164, RFC 5424) cannot tell the kernel's own line from one a
process wrote with ``logger -t kernel``: the tag is the only proof, and anyone may write it
(``telemetry.kernel_log``: ``attrs["via"] = "text-syslog"``; lines with no header at all are
``"pasted"``). Such an Xid is still evidence for the diagnosis, but it may not queue a
state-changing step by itself. It stands once any of these shows the same code:

* a DCGM Xid field reading on the GPU the lines name (``DCGM_FI_DEV_XID_ERRORS``; gpufleet's
  NVML source writes the same field);
* an Xid event from the exporter's windowed count (``DCGM_EXP_XID_ERRORS_COUNT``) or NVML;
* a kernel line that came another way: ``/dev/kmsg``, ``dmesg``, or journald's kernel transport;
* for Xid 79 (fallen off the bus), the GPU gone silent in DCGM while a GPU of its node still
  reports: the exporter cannot read a lost GPU, and no process can silence one.

Pure: the incident and the numbered evidence in, an annotated copy / gated steps out.
:func:`annotate` runs where the evidence is numbered (so the diagnosis's evidence says
"kernel line via text syslog (uncorroborated)"), :func:`hold_uncorroborated` where the plan is
made (state-changing steps are kept, shown, and marked ``unresolved = corroboration``, which the
graph never runs and hands to a person).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gpufleet.agents.sre.log_reads import episode_logs, is_episode_log
from gpufleet.bus.events import Evidence, Incident, PlannedStep
from gpufleet.knowledge.xid import xid_symptom
from gpufleet.telemetry.kernel_log import UNCORROBORATED

HOLD = "corroboration"
QUIET_S = 120.0  # a GPU with no sample this long (eight 15 s scrapes) has gone silent
FRESH_S = 60.0  # ... while a GPU of its node sampled this recently still reports
_WORDS = {"text-syslog": "text syslog", "pasted": "pasted text"}


@dataclass(frozen=True)
class XidStanding:
    """One Xid code: how its kernel lines came, and what else shows it."""

    code: int
    vias: frozenset[str]  # provenances of the kernel-log lines that show it
    corroborated_by: tuple[str, ...]  # e.g. "DCGM Xid field on node-01/gpu0 (E09)"

    @property
    def text_only(self) -> bool:
        return bool(self.vias) and self.vias <= UNCORROBORATED

    @property
    def held(self) -> bool:
        """Known only from text syslog and corroborated by nothing."""
        return self.text_only and not self.corroborated_by

    def words(self) -> str:
        via = ", ".join(_WORDS.get(v, v) for v in sorted(self.vias))
        if self.held:
            return f"Xid {self.code}: kernel line via {via} (uncorroborated)"
        if self.text_only:
            return f"Xid {self.code}: kernel line via {via}, corroborated by " + ", ".join(
                self.corroborated_by
            )
        return f"Xid {self.code}: kernel line via {via}"


def _split(value: object) -> set[str]:
    return {p for p in str(value or "").split(",") if p}


def _logs(evidence: Sequence[Evidence]) -> list[Evidence]:
    return episode_logs(evidence)


def _codes(incident: Incident, logs: Sequence[Evidence]) -> list[int]:
    codes = set(incident.xids)
    for e in logs:
        codes |= {int(k[4:]) for k in e.facts if k.startswith("xid_") and k[4:].isdigit()}
        if "fallen_off_bus_via" in e.facts:
            codes.add(79)  # the driver's "fallen off the bus" record is Xid 79
    return sorted(codes)


def _vias(code: int, logs: Sequence[Evidence]) -> set[str]:
    vias: set[str] = set()
    for e in logs:
        vias |= _split(e.facts.get(f"xid_{code}_via"))
        if code == 79:
            vias |= _split(e.facts.get("fallen_off_bus_via"))
    return vias


def _gpus(code: int, incident: Incident, logs: Sequence[Evidence]) -> set[str]:
    """The GPUs the lines name, else the incident's GPUs: where a field reading counts."""
    named = set().union(*(_split(e.facts.get(f"xid_{code}_gpus")) for e in logs))
    named |= set().union(*(_split(e.facts.get("fallen_off_bus_on")) for e in logs if code == 79))
    gpus = {g for g in named if "/gpu" in g}
    return gpus or {g for g in (*incident.entities, incident.root_entity) if "/gpu" in g}


def _age(e: Evidence) -> float | None:
    """Seconds since the entity's newest sample; None with no samples at all."""
    age = e.facts.get("last_sample_age_s")
    return float(age) if isinstance(age, int | float) and not isinstance(age, bool) else None


def _went_quiet(gpus: set[str], evidence: Sequence[Evidence]) -> list[str]:
    """A GPU the lines name that stopped reporting while another GPU of its node still reports:
    what a GPU off the bus does to the exporter (a process cannot make a GPU go silent)."""
    out = []
    metrics = [e for e in evidence if "/gpu" in e.entity and "samples" in e.facts]
    for g in sorted(gpus):
        node = g.split("/", 1)[0]
        own = [e for e in metrics if e.entity == g]
        if not own or any((a := _age(e)) is not None and a < QUIET_S for e in own):
            continue
        alive = [
            e
            for e in metrics
            if e.entity.split("/", 1)[0] == node
            and e.entity != g
            and (a := _age(e)) is not None
            and a < FRESH_S
        ]
        if alive:
            out.append(
                f"{g} silent in DCGM ({own[0].evidence_id}) while {alive[0].entity} reports "
                f"({alive[0].evidence_id})"
            )
    return out


def _corroboration(code: int, gpus: set[str], evidence: Sequence[Evidence]) -> list[str]:
    out = _went_quiet(gpus, evidence) if code == 79 else []
    for e in evidence:
        if e.entity in gpus and str(code) in _split(e.facts.get("last_xid_codes")):
            out.append(f"DCGM Xid field on {e.entity} ({e.evidence_id})")
    for e in _logs(evidence):
        other = _vias(code, [e]) - UNCORROBORATED
        if other:
            out.append(f"Xid {code} via {', '.join(sorted(other))} ({e.evidence_id})")
    return out


def standings(incident: Incident, evidence: Sequence[Evidence]) -> list[XidStanding]:
    """Each Xid of the incident and its evidence, with its provenance and corroboration."""
    logs = _logs(evidence)
    out = []
    for code in _codes(incident, logs):
        gpus = _gpus(code, incident, logs)
        found = tuple(_corroboration(code, gpus, evidence))
        out.append(XidStanding(code, frozenset(_vias(code, logs)), found))
    return out


def annotate(incident: Incident, evidence: Sequence[Evidence]) -> tuple[Evidence, ...]:
    """The evidence, with each kernel-log item that shows an Xid through text syslog saying
    whether it is corroborated (summary and ``xid_provenance`` fact)."""
    shaky = [s for s in standings(incident, evidence) if s.text_only]
    if not shaky:
        return tuple(evidence)
    out = []
    for e in evidence:
        is_log = is_episode_log(e)
        mine = [s for s in shaky if is_log and _vias(s.code, [e]) & UNCORROBORATED]
        if not mine:
            out.append(e)
            continue
        words = "; ".join(s.words() for s in mine)
        facts = dict(e.facts) | {"xid_provenance": words[:300]}
        held = ",".join(str(s.code) for s in mine if s.held)
        if held:
            facts["xid_uncorroborated"] = held
        out.append(e.model_copy(update={"summary": f"{e.summary} [{words}]", "facts": facts}))
    return tuple(out)


def _rests_on(incident: Incident, code: int) -> bool:
    """Whether the NOC opened or grew the incident on this Xid (not a line riding along)."""
    return code in incident.xids or xid_symptom(code) in incident.symptoms


def hold_uncorroborated(
    incident: Incident,
    evidence: Sequence[Evidence],
    steps: Sequence[PlannedStep],
    notes: Sequence[str],
) -> tuple[list[PlannedStep], list[str]]:
    """The plan's steps and notes; when an Xid of the incident is known only from text
    syslog, every state-changing step is kept but marked ``unresolved = corroboration``."""
    held = [s for s in standings(incident, evidence) if s.held and _rests_on(incident, s.code)]
    if not held or not any(s.risk != "read" for s in steps):
        return list(steps), list(notes)
    gated = [
        s
        if s.risk == "read" or HOLD in s.unresolved
        else s.model_copy(update={"unresolved": (*s.unresolved, HOLD)})
        for s in steps
    ]
    why = "; ".join(s.words() for s in held)
    note = (
        f"{why}: a process can write that line (logger -t kernel), so state-changing steps "
        "are shown, not run, until a DCGM Xid field, NVML, the exporter's Xid count or a "
        "kernel line from /dev/kmsg, dmesg or the journal's kernel transport corroborates it, "
        "or a person does"
    )
    return gated, [*notes, note]


__all__ = ["HOLD", "XidStanding", "annotate", "hold_uncorroborated", "standings"]
