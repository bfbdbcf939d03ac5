"""The vendor's own word on what to do, as a plan's action class.

Pure leaf (stdlib plus :mod:`knowledge.xid`). Three sources, strongest first:

1. **The GPU's recovery action** (Xid 154, "GPU recovery action changed from 0x0 (None) to 0x1
   (GPU Reset Required)"): the driver states the recovery the GPU needs. NVIDIA Xid catalog,
   bucket XID_154; values from NVIDIA's GPU Memory Error Management guide (recovery action
   flag). A change *to* None clears the action: it says nothing about what to do.
2. **The Xid catalog's immediate resolution bucket** for the incident's Xids, resolved through
   the catalog workflows by :func:`knowledge.xid.classify` (a channel error next to a GPU fault
   follows the fault). Of several Xids the heaviest bucket wins: each is the catalog's
   minimum for its own error. The immediate bucket is the first action, not the last: it
   never replaces a card whose class is the catalog's own investigatory bucket for that Xid
   (Xid 64: RESET_GPU, then CONTACT_SUPPORT — a row-remap failure's RMA stands).
3. **Corrected PCIe errors only** (a burst of AER ``severity=Corrected`` lines, nothing
   uncorrectable, no lost GPU, no Xid): the kernel's own word is that a correctable error
   "does not need software intervention" (``drivers/pci/pcie/aer.c``); the plan collects
   evidence (``investigate``) among the card's runbooks instead of draining.
4. **Recurrence**: a GPU-fault class on a GPU that already had GPU-fault incidents climbs the
   ladder reset → reboot → RMA, one rung per earlier incident. The catalog's own escalation:
   RESET_GPU's investigatory bucket is CONTACT_SUPPORT "if it persists", and the GPU Memory
   Error Management guide sends a GPU whose error recurs after reset and reboot for RMA.

Buckets that name no single class here (IGNORE, UPDATE_SWFW, RESTART_VM, the NVLink workflows,
CHECK_UVM) give no guidance: the card's own runbook stands.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from gpufleet.bus.events import Severity
from gpufleet.knowledge.actions import DISRUPTION
from gpufleet.knowledge.xid import XID154_RECOVERY_ACTIONS, classify, lookup

CATALOG = "NVIDIA Xid catalog"
RECOVERY_GUIDE = "NVIDIA GPU Memory Error Management guide (recovery action flag)"

#: Catalog immediate bucket (or workflow outcome) → action class.
BUCKET_CLASS: Mapping[str, str] = MappingProxyType(
    {
        "RESTART_APP": "restart_application",
        "RESET_GPU": "reset_gpu",
        "DRAIN_AND_RESET": "reset_gpu",
        "DRAIN_P2P": "reset_gpu_when_convenient",  # stop P2P work until the next reset
        "RESTART_BM": "reboot",
        "CONTACT_SUPPORT": "hardware_ticket",
        "CHECK_MECHANICALS": "hardware_ticket",  # a hands-on fix (aux power cable)
        "RESTART_FM": "restart_service",
    }
)

#: Codes whose catalog bucket is IGNORE but whose documented follow-up is an action: Xid 63
#: (row remap pending) applies at the next GPU reset — the Memory Error Management guide's
#: "reset the GPU at a convenient time", not a drain now.
_IGNORE_FOLLOW_UP: Mapping[int, tuple[str, str]] = MappingProxyType(
    {63: ("reset_gpu_when_convenient", f"{RECOVERY_GUIDE}: a pending row remap applies at reset")}
)

#: Reset → reboot → RMA: one rung up per earlier GPU-fault incident on the same GPU.
LADDER: tuple[str, ...] = ("reset_gpu", "reboot", "hardware_ticket")
#: The runbook that carries each rung when the top card lists none of that class.
LADDER_RUNBOOKS: Mapping[str, str] = MappingProxyType(
    {
        "reset_gpu": "drain-and-reset-gpu",
        "reboot": "drain-and-reboot-node",
        "hardware_ticket": "rma-with-evidence",
        "reset_gpu_when_convenient": "stale-state-cleanup",
    }
)


@dataclass(frozen=True)
class Guidance:
    """An action class, what says so, and whether it may bring in a runbook the top card does not
    list (the GPU's own recovery action and a recurrence escalation may; a catalog bucket only
    picks among the card's runbooks)."""

    action_class: str
    source: str
    reason: str
    overrides_card: bool
    follow_up: str | None = None  # the class of the catalog's investigatory bucket, if any


def recovery_action_class(text: str) -> str | None:
    """Xid 154's recovery action text ("GPU Reset Required") → action class; None for "None",
    an unknown value or one that names no class here."""
    bucket = XID154_RECOVERY_ACTIONS.get(text.strip())
    return BUCKET_CLASS.get(bucket) if bucket else None


def from_recovery_action(text: str | None) -> Guidance | None:
    cls = recovery_action_class(text) if text else None
    if cls is None or text is None:
        return None
    return Guidance(
        cls,
        f"{CATALOG} XID_154; {RECOVERY_GUIDE}",
        f"the GPU's recovery action is {text.strip()!r} (Xid 154)",
        overrides_card=True,
    )


def from_catalog(xids: Collection[int]) -> Guidance | None:
    """The heaviest class the catalog's immediate buckets give the incident's Xids (each
    classified beside the others, so the chain rule applies); None when none maps."""
    found: list[tuple[int, int, str, str]] = []
    for code in sorted(set(xids)):
        v = classify(code, co_occurring=xids)
        if v.action == "IGNORE" and code in _IGNORE_FOLLOW_UP:
            cls, source = _IGNORE_FOLLOW_UP[code]
        elif v.severity > Severity.INFO and v.action in BUCKET_CLASS:
            cls, source = BUCKET_CLASS[v.action], f"{CATALOG}: Xid {code} bucket {v.action}"
        else:
            continue
        found.append((DISRUPTION[cls], code, cls, source))
    if not found:
        return None
    _, code, cls, source = max(found)
    info = lookup(code)
    follow_up = BUCKET_CLASS.get(info.investigatory) if info else None
    return Guidance(cls, source, f"Xid {code}: {source}", False, follow_up)


KERNEL_AER = (
    "Linux kernel drivers/pci/pcie/aer.c pci_aer_handle_error ('Correctable error does not need "
    "software intervention'); Documentation/PCI/pcieaer-howto.rst"
)


def from_pcie_corrected(corrected: int) -> Guidance:
    """A burst of ``corrected`` PCIe errors and nothing worse: collect evidence, no drain (a
    pick among the card's runbooks, never an override)."""
    return Guidance(
        "investigate",
        KERNEL_AER,
        f"{corrected} corrected PCIe error(s) and none uncorrectable: the link recovered each",
        overrides_card=False,
    )


def escalate(guidance: Guidance | None, cls: str | None, earlier: int) -> Guidance | None:
    """``cls`` (the guided class, else the card's) raised one ladder rung per earlier GPU-fault
    incident on this GPU; None when there is nothing to raise."""
    base = guidance.action_class if guidance else cls
    if earlier < 1 or base not in LADDER:
        return None
    top = LADDER[min(len(LADDER) - 1, LADDER.index(base) + earlier)]
    if top == base:
        return None
    return Guidance(
        top,
        f"{CATALOG}: RESET_GPU investigatory bucket CONTACT_SUPPORT if it persists; "
        f"{RECOVERY_GUIDE}",
        f"{earlier} earlier GPU-fault incident(s) on this GPU: {base} → {top}",
        overrides_card=True,
    )
