"""What the vendor's guidance says this incident's plan should do, read from its evidence.

Pure: the incident and the evidence in, a :class:`knowledge.vendor_actions.Guidance` out (or
None). The facts come from the read tools' evidence: the kernel log's Xids and the latest Xid 154
recovery action (``xid154_recovery_action``), and the incident history's earlier GPU-fault
incidents on the same GPU (``same_root_gpu_fault``). No clock: the history passed in is all
there is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from gpufleet.agents.sre.log_reads import episode_logs
from gpufleet.bus.events import Evidence, Incident
from gpufleet.knowledge.vendor_actions import (
    Guidance,
    escalate,
    from_catalog,
    from_pcie_corrected,
    from_recovery_action,
)


def _gpus(incident: Incident) -> set[str]:
    return {e for e in (incident.root_entity, *incident.entities) if "/gpu" in e}


def _elsewhere(on: object, gpus: set[str]) -> bool:
    """The log names the GPU(s) and none is the incident's: another GPU's event."""
    named = {g for g in str(on or "").split(",") if g}
    return bool(gpus and named and not named & gpus)


def incident_xids(incident: Incident, evidence: Sequence[Evidence]) -> frozenset[int]:
    """The incident's Xids and those its kernel-log evidence found on its GPUs (on its nodes
    when the incident or the log names no GPU)."""
    found = set(incident.xids)
    gpus = _gpus(incident)
    for e in episode_logs(evidence):  # an Xid of days before is the recurrence's business
        codes = [k[4:] for k in e.facts if k.startswith("xid_") and k[4:].isdigit()]
        found |= {int(c) for c in codes if not _elsewhere(e.facts.get(f"xid_{c}_gpus"), gpus)}
    return frozenset(found)


def recovery_action(evidence: Sequence[Evidence], incident: Incident | None = None) -> str | None:
    """The latest Xid 154 recovery action in the log, when it is about the incident's GPU."""
    gpus = _gpus(incident) if incident is not None else set()
    said = [
        str(e.facts["xid154_recovery_action"])
        for e in episode_logs(evidence)
        if e.facts.get("xid154_recovery_action")
        and not _elsewhere(e.facts.get("xid154_recovery_action_gpu"), gpus)
    ]
    return said[-1] if said else None


def earlier_gpu_faults(evidence: Sequence[Evidence]) -> int:
    counts = [e.facts.get("same_root_gpu_fault") for e in evidence if e.tool == "incidents.history"]
    nums = [int(c) for c in counts if isinstance(c, int | float) and math.isfinite(c)]
    return max(nums, default=0)


def vendor_guidance(incident: Incident, evidence: Sequence[Evidence]) -> Guidance | None:
    """The GPU's own recovery action, else the catalog's bucket for the incident's Xids, else
    the kernel's word on corrected-only PCIe errors."""
    return (
        from_recovery_action(recovery_action(evidence, incident))
        or from_catalog(incident_xids(incident, evidence))
        or pcie_corrected_only(incident, evidence)
    )


def _count(e: Evidence, key: str) -> int:
    v = e.facts.get(key)
    return int(v) if isinstance(v, int | float) and not isinstance(v, bool) else 0


def pcie_corrected_only(incident: Incident, evidence: Sequence[Evidence]) -> Guidance | None:
    """Corrected PCIe errors in the kernel log and nothing worse (no uncorrectable error, no
    surprise down, no lost GPU, no Xid): the kernel recovered each one."""
    logs = episode_logs(evidence)
    corrected = sum(_count(e, "pcie_corrected") for e in logs)
    worse = any(
        _count(e, k) for e in logs for k in ("pcie_uncorrectable", "pcie_surprise_down")
    ) or any(e.facts.get("fallen_off_bus_on") for e in logs)
    worse = worse or bool(
        {"pcie_aer_uncorrectable", "pcie_surprise_down", "gpu_missing"} & set(incident.symptoms)
    )
    if not corrected or worse or incident_xids(incident, evidence):
        return None
    return from_pcie_corrected(corrected)


def with_recurrence(
    guidance: Guidance | None, card_class: str | None, evidence: Sequence[Evidence]
) -> Guidance | None:
    """``guidance`` (or the card's class) raised by the GPU's earlier faults, else unchanged."""
    return escalate(guidance, card_class, earlier_gpu_faults(evidence)) or guidance
