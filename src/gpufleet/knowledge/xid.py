"""What an Xid code means and what to do about it (read by the detector and the SRE agent).

Pure module (stdlib plus :mod:`bus.events`). The facts come from NVIDIA's Xid catalog (R575+,
codes 1–172), committed as package data in ``knowledge/xid_data/xid_catalog.csv`` (generated
once from ``shared/reference/xid_catalog.md`` by ``knowledge/xid_data/make_xid_catalog.py``);
NVSentinel's mapping rides along as a cross-check column. :func:`classify` turns one Xid
occurrence plus the little context the detector has (other Xids on the GPU, repeat counts, job
teardown) into an :class:`XidVerdict`: category, severity, symptom family, layer, the catalog
action to follow, and whether it should open an incident at all.

How a code is classified, in order:

1. ``sxid=True`` — an NVSwitch SXid. The catalog does not cover SXids, so it is an
   INTERCONNECT WARNING with action ``INVESTIGATE_NVSWITCH``.
2. Not in the catalog — UNKNOWN WARNING that opens an incident (an unknown code is looked at,
   never ignored; most likely a newer driver than the catalog).
3. Catalog workflows that need context (:data:`WORKFLOW_CODES`): 13/31 (WORKFLOW_XID_13/31),
   45 (WORKFLOW_XID_45), 48 (WORKFLOW_XID_48), 63/64 and 171/172 next to 48, 74
   (WORKFLOW_NVLINK_ERR), 121, 144–150 (WORKFLOW_NVLINK5_ERR), 154 (XID_154), 159 (CHECK_UVM).
4. Static overrides (:data:`_OVERRIDES`): codes the bucket rule below gets wrong or cannot
   decide (catalog cell blank or prose, or the investigatory column matters more than the
   immediate one).
5. Codes the catalog marks ``Unused`` — UNKNOWN WARNING, action ``CONTACT_SUPPORT`` (the
   catalog's bucket for unused rows): a current driver should not emit them.
6. The bucket rule. Severity and action come from the *immediate* bucket
   (:data:`_BUCKET_SEVERITY`): IGNORE → INFO, RESTART_APP / RESTART_VM / UPDATE_SWFW /
   CHECK_MECHANICALS → WARNING, RESET_GPU / RESTART_BM / CONTACT_SUPPORT → CRITICAL. The
   category comes from :data:`_CATEGORY_OVERRIDES` if listed, else from the *investigatory*
   bucket (:func:`_rule_category`): CHECK_APP/CUDA and the app workflows → APPLICATION,
   INVESTIGATE_SW* / UPDATE_SWFW / RESTART_VM → DRIVER, NVLink workflows and link-SI
   investigations → INTERCONNECT, IGNORE+IGNORE → BENIGN, anything else (CONTACT_SUPPORT
   escalations) → DEVICE. An IGNORE code whose investigatory bucket is actionable escalates to
   WARNING with that bucket as action once it repeats :data:`REPEAT_ESCALATION` times on one GPU
   (application and benign categories excepted): the catalog's "no immediate action" is about
   one occurrence, recurrence is what the investigatory column is for.

Last, the chain rule (:func:`_in_chain`): an APPLICATION or BENIGN verdict on a GPU whose other
Xids in the window include a critical GPU fault (a code that alone is CRITICAL DEVICE or MEMORY:
PMU halt 62, GSP 119/120, 79, 48, the Xid 154 recovery action, …) becomes that fault's category
with action ``FOLLOW_OTHER_XID`` and at most WARNING: a chain of different Xids on one GPU is the
GPU failing, and the channel errors (13, 31, 43, 45) it raises on the way down are not the
application's fault.

``opens_incident`` is exactly ``severity > INFO``: an INFO verdict never pages anyone.

Actions are catalog bucket names where the catalog has one (``IGNORE``, ``RESTART_APP``,
``RESET_GPU``, ``RESTART_BM``, ``RESTART_VM``, ``CHECK_MECHANICALS``, ``UPDATE_SWFW``,
``CONTACT_SUPPORT``, ``CHECK_APP/CUDA``, ``CHECK_UVM``, ``INVESTIGATE_SW``,
``INVESTIGATE_SW_USER``, ``WORKFLOW_NVLINK_ERR``, ``WORKFLOW_NVLINK5_ERR``), workflow outcomes
(``DRAIN_AND_RESET``, ``RESTART_FM``, ``RUN_DCGM_EUD``) or, where the catalog gives prose or
nothing, ours (``FOLLOW_OTHER_XID``, ``FOLLOW_XID_154_RECOVERY_ACTION``, ``INVESTIGATE_NVSWITCH``,
``INVESTIGATE_UNKNOWN_XID``, ``CHECK_THERMALS``, ``MONITOR_POWER_SWINGS``, ``ENABLE_ECC``).
:data:`ACTIONS` lists them all.
"""

from __future__ import annotations

import csv
import enum
import functools
import io
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Literal

from gpufleet.bus.events import Family, Severity

__all__ = [
    "ACTIONS",
    "CATEGORY_FAMILY",
    "REPEAT_ESCALATION",
    "WORKFLOW_CODES",
    "XID45_SOLO_STORM",
    "XID154_RECOVERY_ACTIONS",
    "XidCategory",
    "XidInfo",
    "XidVerdict",
    "catalog",
    "classify",
    "describe",
    "lookup",
]

Layer = Literal["hardware", "driver", "os", "workload"]

#: Same Xid this many times on one GPU within the detector window counts as "repeated":
#: WORKFLOW_XID_13/31 escalate to hardware suspicion (DCGM EUD), Xid 74 / NVLink5 errors become
#: CRITICAL, and IGNORE-bucket codes with an investigatory bucket open a WARNING incident.
REPEAT_ESCALATION = 3

#: Solo Xid 45 (no other Xid, no job teardown) below this count in the window stays INFO.
#: priors.md §6 (NVSentinel#1748): 1,120–13,104 Xid 45 per node under one healthy GB200 job, so
#: a handful of 45s says nothing about the node; only a storm with no teardown to explain it is
#: worth WORKFLOW_XID_45's solo branch (RESTART_FM).
XID45_SOLO_STORM = 50

#: WORKFLOW_XID_31: the same Xid on this many GPUs of one job points at the application.
_APP_SPREAD = 2

_CSV_COLUMNS = (
    "code",
    "mnemonic",
    "description",
    "applies_to",
    "immediate",
    "investigatory",
    "xid154_branch",
    "nvsentinel_action",
    "nvsentinel_fatal",
)

#: Xid 154's recovery-action text values (catalog) → the action bucket they name. The code alone
#: does not carry the value; a caller holding the kernel-log line can map it with this.
XID154_RECOVERY_ACTIONS: Mapping[str, str] = MappingProxyType(
    {
        "None": "IGNORE",
        "Drain P2P": "DRAIN_P2P",
        "Drain and Reset": "DRAIN_AND_RESET",
        "GPU Reset Required": "RESET_GPU",
        "Node Reboot Required": "RESTART_BM",
    }
)

#: Every action string :func:`classify` can return.
ACTIONS: frozenset[str] = frozenset(
    {
        "IGNORE",
        "RESTART_APP",
        "RESET_GPU",
        "RESTART_BM",
        "RESTART_VM",
        "CHECK_MECHANICALS",
        "UPDATE_SWFW",
        "CONTACT_SUPPORT",
        "CHECK_APP/CUDA",
        "CHECK_UVM",
        "INVESTIGATE_SW",
        "INVESTIGATE_SW_USER",
        "WORKFLOW_NVLINK_ERR",
        "WORKFLOW_NVLINK5_ERR",
        "DRAIN_AND_RESET",
        "RESTART_FM",
        "RUN_DCGM_EUD",
        "FOLLOW_OTHER_XID",
        "FOLLOW_XID_154_RECOVERY_ACTION",
        "INVESTIGATE_NVSWITCH",
        "INVESTIGATE_UNKNOWN_XID",
        "CHECK_THERMALS",
        "MONITOR_POWER_SWINGS",
        "ENABLE_ECC",
    }
)


# --------------------------------------------------------------------------------------------
# Catalog


@dataclass(frozen=True, slots=True)
class XidInfo:
    """One row of NVIDIA's Xid catalog.

    ``immediate`` / ``investigatory`` are the catalog's resolution buckets verbatim (empty where
    the catalog cell is blank). ``xid154_branch`` is the driver branch from which Xid 154
    accompanies this code. ``nvsentinel_action`` / ``fatal`` are NVSentinel's mapping (a
    cross-check, None where it has no row).
    """

    code: int
    mnemonic: str
    description: str
    applies_to: tuple[str, ...]
    immediate: str
    investigatory: str
    xid154_branch: str | None
    nvsentinel_action: str | None
    fatal: bool | None

    @property
    def used(self) -> bool:
        """False for rows the catalog marks ``Unused`` (current drivers should not emit them)."""
        return self.description != "Unused"


def _parse_catalog(text: str) -> dict[int, XidInfo]:
    reader = csv.DictReader(io.StringIO(text))
    if tuple(reader.fieldnames or ()) != _CSV_COLUMNS:
        raise ValueError(f"xid_catalog.csv: unexpected columns {reader.fieldnames}")
    rows: dict[int, XidInfo] = {}
    for row in reader:
        code = int(row["code"])
        fatal_cell = row["nvsentinel_fatal"]
        rows[code] = XidInfo(
            code=code,
            mnemonic=row["mnemonic"],
            description=row["description"],
            applies_to=tuple(a for a in row["applies_to"].split(";") if a),
            immediate=row["immediate"],
            investigatory=row["investigatory"],
            xid154_branch=row["xid154_branch"] or None,
            nvsentinel_action=row["nvsentinel_action"] or None,
            fatal=None if not fatal_cell else fatal_cell == "FATAL",
        )
    return rows


@functools.cache
def catalog() -> Mapping[int, XidInfo]:
    """The whole catalog, code → row (read once from package data, read-only)."""
    text = (
        resources.files("gpufleet.knowledge.xid_data")
        .joinpath("xid_catalog.csv")
        .read_text("utf-8")
    )
    return MappingProxyType(_parse_catalog(text))


def lookup(code: int) -> XidInfo | None:
    """The catalog row for ``code``, or None if the catalog does not list it."""
    return catalog().get(code)


def describe(code: int) -> str:
    """One line for humans, e.g. ``Xid 48 (ROBUST_CHANNEL_GPU_ECC_DBE): Double Bit ECC Error``."""
    info = lookup(code)
    if info is None:
        return f"Xid {code}: not in the NVIDIA Xid catalog"
    return f"Xid {code} ({info.mnemonic}): {info.description}"


# --------------------------------------------------------------------------------------------
# Verdicts


class XidCategory(enum.StrEnum):
    """What an Xid is about (orthogonal to how urgent it is: see :class:`XidVerdict`)."""

    MEMORY = "memory"  # ECC DBE, row remap, contained/uncontained memory errors
    DEVICE = "device"  # GPU hardware / on-GPU firmware: GSP, PMU, engines, fallen off the bus
    INTERCONNECT = "interconnect"  # NVLink / NVSwitch / C2C links
    APPLICATION = "application"  # the workload's fault (bad push buffer, MMU fault, OOB access)
    DRIVER = "driver"  # driver / firmware / system software (FECS, vGPU, fabric manager)
    BENIGN = "benign"  # expected churn or informational events: never an incident
    UNKNOWN = "unknown"  # not in the catalog, or marked unused by it


#: Symptom family per category. DRIVER joins DEVICE (Xid device faults, DESIGN family list has no
#: driver family). BENIGN joins APPLICATION rather than TELEMETRY: benign Xids are real events of
#: the job lifecycle (45 at teardown, aborts), not data-quality artefacts, and as context they
#: belong with the job's application incident. UNKNOWN joins DEVICE (an Xid is a device report).
CATEGORY_FAMILY: Mapping[XidCategory, Family] = MappingProxyType(
    {
        XidCategory.MEMORY: Family.MEMORY,
        XidCategory.DEVICE: Family.DEVICE,
        XidCategory.INTERCONNECT: Family.INTERCONNECT,
        XidCategory.APPLICATION: Family.APPLICATION,
        XidCategory.DRIVER: Family.DEVICE,
        XidCategory.BENIGN: Family.APPLICATION,
        XidCategory.UNKNOWN: Family.DEVICE,
    }
)

# Default layer per category. UNKNOWN → driver: the driver is the reporter, and an unknown code
# most likely means a driver newer than the catalog. BENIGN → driver: informational driver log.
_CATEGORY_LAYER: Mapping[XidCategory, Layer] = MappingProxyType(
    {
        XidCategory.MEMORY: "hardware",
        XidCategory.DEVICE: "hardware",
        XidCategory.INTERCONNECT: "hardware",
        XidCategory.APPLICATION: "workload",
        XidCategory.DRIVER: "driver",
        XidCategory.BENIGN: "driver",
        XidCategory.UNKNOWN: "driver",
    }
)


@dataclass(frozen=True, slots=True)
class XidVerdict:
    """How to treat one Xid occurrence.

    ``action`` is the catalog bucket to follow, already resolved through the catalog workflow
    (e.g. ``DRAIN_AND_RESET`` for 48 with 63/64). ``opens_incident`` is False exactly for INFO
    verdicts (benign / ignorable: never page). ``reason`` is one operator-facing sentence.
    """

    code: int
    category: XidCategory
    severity: Severity
    family: Family
    layer: Layer
    action: str
    opens_incident: bool
    reason: str


def _verdict(
    code: int,
    category: XidCategory,
    severity: Severity,
    action: str,
    reason: str,
    *,
    layer: Layer | None = None,
) -> XidVerdict:
    return XidVerdict(
        code=code,
        category=category,
        severity=severity,
        family=CATEGORY_FAMILY[category],
        layer=layer if layer is not None else _CATEGORY_LAYER[category],
        action=action,
        opens_incident=severity > Severity.INFO,
        reason=reason,
    )


@dataclass(frozen=True, slots=True)
class _Ctx:
    others: frozenset[int]  # other Xids on this GPU in the window (never the code itself)
    repeats: int
    job_spread: int
    teardown: bool


@dataclass(frozen=True, slots=True)
class _Spec:
    category: XidCategory
    severity: Severity
    action: str
    why: str  # completes "Xid N MNEMONIC: <why>"
    layer: Layer | None = None


_I, _W, _C = Severity.INFO, Severity.WARNING, Severity.CRITICAL
_MEM, _DEV, _NET = XidCategory.MEMORY, XidCategory.DEVICE, XidCategory.INTERCONNECT
_APP, _DRV, _BEN = XidCategory.APPLICATION, XidCategory.DRIVER, XidCategory.BENIGN

#: Context-free overrides: the verdict is fixed, whatever the bucket rule would say.
_OVERRIDES: Mapping[int, _Spec] = MappingProxyType(
    {
        # The catalog lists 14 as unused, but gives it IGNORE (a "fake" test error), not the
        # CONTACT_SUPPORT of the other unused rows.
        14: _Spec(_BEN, _I, "IGNORE", "catalog bucket IGNORE for this test/fake error code"),
        # Notes: DMA-controller fault on the push-buffer feed over PCIe, "mainly PCI quality
        # issues, generally not caused by the user app" — the catalog's own investigatory bucket
        # (CHECK_APP/CUDA) disagrees; we follow the trigger notes and file it under the link.
        32: _Spec(
            _NET,
            _W,
            "RESTART_APP",
            "catalog bucket RESTART_APP; the catalog notes blame "
            "PCIe quality rather than the app, so check the node's PCIe link",
        ),
        # Notes: "App hit a software-induced fault and must terminate; GPU stays healthy".
        43: _Spec(
            _APP,
            _I,
            "IGNORE",
            "catalog bucket IGNORE; the app was terminated after a "
            "software-induced fault and the GPU stays healthy",
        ),
        # Unused on current drivers (catalog CONTACT_SUPPORT); NVSentinel still maps it FATAL
        # (UNEXPECTED_ERR_REPORT_ISSUE), and older drivers emit it as a PMU breakpoint.
        61: _Spec(
            _DEV,
            _C,
            "CONTACT_SUPPORT",
            "PMU breakpoint: catalog marks it unused "
            "(bucket CONTACT_SUPPORT) and NVSentinel maps it FATAL, so escalate",
        ),
        62: _Spec(
            _DEV,
            _C,
            "RESET_GPU",
            "internal micro-controller (PMU) halt, catalog bucket RESET_GPU then CONTACT_SUPPORT",
        ),
        79: _Spec(
            _DEV,
            _C,
            "RESTART_BM",
            "GPU has fallen off the bus, catalog bucket RESTART_BM "
            "then CONTACT_SUPPORT; check kernel PCIe AER and system event logs",
        ),
        # Immediate IGNORE, investigatory CONTACT_SUPPORT: a high SBE rate needs no reset now,
        # but it is the classic failing-HBM precursor (priors §6, DCGM#313: thousands of SBE/s
        # on one GPU while peers show 0) — someone must look, so WARNING instead of INFO.
        92: _Spec(
            _MEM,
            _W,
            "CONTACT_SUPPORT",
            "high single-bit ECC rate: catalog immediate "
            "bucket IGNORE but investigatory CONTACT_SUPPORT, and it precedes HBM failures",
        ),
        94: _Spec(
            _MEM,
            _W,
            "RESTART_APP",
            "contained memory error, catalog bucket RESTART_APP; "
            "other apps are unaffected, reset the GPU when convenient",
        ),
        95: _Spec(
            _MEM,
            _C,
            "RESET_GPU",
            "uncontained memory error, catalog bucket RESET_GPU; "
            "the GPU must be reset before any app can restart",
        ),
        # Unused row, but with IGNORE and XID_137_FLOW like 137 (NVLink remote translation).
        108: _Spec(
            _APP,
            _I,
            "IGNORE",
            "catalog bucket IGNORE, investigate via XID_137_FLOW "
            "(illegal NVLink P2P access, usually an app bug)",
        ),
        110: _Spec(
            _DEV,
            _C,
            "RESET_GPU",
            "security fault, catalog bucket RESET_GPU; uncommon "
            "unless hardware fails: revert recent hardware changes and cold-reset",
        ),
        # GSP: investigatory INVESTIGATE_SW (driver/GSP-firmware bugs exist, priors §7) but the
        # GPU is unusable until reset (Delta: >99%), so DEVICE/CRITICAL.
        119: _Spec(
            _DEV,
            _C,
            "RESET_GPU",
            "GSP RPC timeout, catalog bucket RESET_GPU "
            "(investigatory INVESTIGATE_SW); power-cycle if reset fails",
        ),
        120: _Spec(
            _DEV,
            _C,
            "RESET_GPU",
            "GSP error, catalog bucket RESET_GPU (investigatory "
            "INVESTIGATE_SW); power-cycle if reset fails",
        ),
        136: _Spec(
            _NET,
            _C,
            "RESET_GPU",
            "NVLink training failed, catalog bucket RESET_GPU then INVESTIGATE_LINK_SI",
        ),
        137: _Spec(
            _APP,
            _I,
            "IGNORE",
            "catalog bucket IGNORE; illegal NVLink P2P access is "
            "usually an app bug for its owner to chase via XID_137_FLOW",
        ),
        140: _Spec(
            _MEM,
            _C,
            "RESET_GPU",
            "uncorrectable ECC error escaped page-offlining/row "
            "remap, catalog bucket RESET_GPU then CONTACT_SUPPORT if it persists",
        ),
        155: _Spec(
            _NET,
            _C,
            "RESET_GPU",
            "NVLink software-defined (intentional link-down) "
            "error, catalog bucket RESET_GPU then INVESTIGATE_SW_USER",
        ),
        # Immediate IGNORE, investigatory CONTACT_SUPPORT; notes: no repair possible for lack of
        # resources, workloads continue but it recurs — an exhaustion signal, so WARNING. The
        # catalog does not say which resource is retired, hence DEVICE rather than MEMORY.
        157: _Spec(
            _DEV,
            _W,
            "CONTACT_SUPPORT",
            "resource retirement failed for lack of spare "
            "resources: catalog IGNORE now, CONTACT_SUPPORT because it will recur",
        ),
        # 162–172: the catalog cells are blank or prose; each verdict below says what it rests on.
        # 162: blank in the catalog; the event reports the power-smoothing capability coming
        # back. NVSentinel maps it RESET_GPU,FATAL, which we do not follow (unclear, flagged).
        162: _Spec(
            _BEN,
            _I,
            "IGNORE",
            "power-smoothing circuitry re-engaged (capability "
            "restored); the catalog gives no bucket",
            layer="hardware",
        ),
        163: _Spec(
            _DEV,
            _W,
            "CHECK_THERMALS",
            "power-smoothing circuitry disengaged: per the "
            "catalog notes fix the thermal events (reload driver/reset GPU on timeout)",
        ),
        164: _Spec(
            _DEV,
            _W,
            "MONITOR_POWER_SWINGS",
            "power-smoothing circuitry low lifetime: "
            "per the catalog notes monitor power swings, expect GPU replacement",
        ),
        165: _Spec(
            _DEV,
            _W,
            "CONTACT_SUPPORT",
            "power-smoothing circuitry lifetime exhausted: "
            "per the catalog notes replace the GPU if power swings are unacceptable",
        ),
        166: _Spec(
            _NET,
            _W,
            "CONTACT_SUPPORT",
            "NVLink confidential-computing crypto error; "
            "the catalog gives no bucket (CC mode only)",
        ),
        # 167: blank in the catalog; by analogy with 79 (PCIe link gone) — unclear, flagged.
        167: _Spec(
            _DEV,
            _C,
            "RESTART_BM",
            "PCIe fatal timeout; the catalog gives no bucket, "
            "treated like Xid 79 (GPU unreachable over PCIe)",
        ),
        168: _Spec(
            _MEM,
            _W,
            "ENABLE_ECC",
            "errors in the write-protected region: per the "
            "catalog notes enable ECC (row remapping) or reboot with a shifted WPR",
        ),
        # 169: blank in the catalog; by analogy with 62 (micro-controller halt) — flagged.
        169: _Spec(
            _DEV,
            _C,
            "RESET_GPU",
            "SEC2 micro-controller halt; the catalog gives no "
            "bucket, treated like Xid 62 (PMU halt, RESET_GPU)",
        ),
        170: _Spec(
            _NET,
            _W,
            "CONTACT_SUPPORT",
            "NVLink interrupt in confidential-computing "
            "mode; the catalog gives no bucket (CC mode only)",
        ),
    }
)

#: Category for bucket-rule codes whose domain the columns alone do not reveal.
_CATEGORY_OVERRIDES: Mapping[int, XidCategory] = MappingProxyType(
    {
        # "Driver firmware error" / "Illegal access by driver" (FECS).
        37: _DRV,
        38: _DRV,
        67: _DRV,
        # InfoROM wear limit: on-board storage, not application or driver.
        93: _DEV,
    }
)

_APP_INVESTIGATIONS = frozenset(
    {"CHECK_APP/CUDA", "WORKFLOW_XID_13", "WORKFLOW_XID_31", "XID_137_FLOW"}
)
_SW_BUCKETS = frozenset({"INVESTIGATE_SW", "INVESTIGATE_SW_USER", "UPDATE_SWFW", "RESTART_VM"})
_LINK_BUCKETS = frozenset(
    {
        "WORKFLOW_NVLINK_ERR",
        "WORKFLOW_NVLINK5_ERR",
        "INVESTIGATE_LINK_SI",
        "INVESTIGATE_LINK_SI_AND_CABLES",
        "INVESTIGATE_PEER_DEVICE",
    }
)
#: Immediate bucket → severity for the bucket rule.
_BUCKET_SEVERITY: Mapping[str, Severity] = MappingProxyType(
    {
        "IGNORE": _I,
        "RESTART_APP": _W,
        "RESTART_VM": _W,
        "UPDATE_SWFW": _W,
        # Xid 54 (aux power missing): the GPU keeps running at reduced clocks; a hands-on fix.
        "CHECK_MECHANICALS": _W,
        "RESET_GPU": _C,
        "RESTART_BM": _C,
        "CONTACT_SUPPORT": _C,
    }
)
# Investigatory buckets that are not a further action (nothing to escalate to on repeats).
_INERT_INVESTIGATIONS = frozenset({"", "IGNORE", "IGNORE (sympathetic)"})


def _rule_category(info: XidInfo) -> XidCategory:
    if info.code in _CATEGORY_OVERRIDES:
        return _CATEGORY_OVERRIDES[info.code]
    imm, inv = info.immediate, info.investigatory
    if inv in _APP_INVESTIGATIONS:
        return _APP
    if inv in _SW_BUCKETS or imm in _SW_BUCKETS:
        return _DRV
    if inv in _LINK_BUCKETS or imm in _LINK_BUCKETS:
        return _NET
    if imm == "IGNORE" and inv == "IGNORE":
        return _BEN
    return _DEV  # CONTACT_SUPPORT escalations: GPU hardware or on-GPU firmware


def _head(info: XidInfo) -> str:
    return f"Xid {info.code} {info.mnemonic}"


def _by_rule(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    if not info.used:
        return _verdict(
            info.code,
            XidCategory.UNKNOWN,
            _W,
            "CONTACT_SUPPORT",
            f"{head} is listed as unused in the catalog (bucket {info.immediate}), so a driver "
            "emitting it is unexpected and should be looked at",
        )
    severity = _BUCKET_SEVERITY.get(info.immediate)
    if severity is None:  # a workflow/prose bucket without a handler: must not happen
        return _verdict(
            info.code,
            XidCategory.UNKNOWN,
            _W,
            "CONTACT_SUPPORT",
            f"{head}: catalog bucket {info.immediate!r} has no rule here, look at it by hand",
        )
    category = _rule_category(info)
    inv = info.investigatory
    if (
        info.immediate == "IGNORE"
        and inv not in _INERT_INVESTIGATIONS
        and category not in (_APP, _BEN)
        and ctx.repeats >= REPEAT_ESCALATION
    ):
        return _verdict(
            info.code,
            category,
            _W,
            inv,
            f"{head} ({info.description}) repeated {ctx.repeats}× on this GPU: catalog "
            f"immediate bucket IGNORE, escalated to its investigatory bucket {inv}",
        )
    if severity is _I:
        reason = f"{head} ({info.description}): catalog bucket IGNORE, no action required"
    else:
        tail = "" if inv in _INERT_INVESTIGATIONS or inv == info.immediate else f", then {inv}"
        reason = f"{head} ({info.description}): catalog bucket {info.immediate}{tail}"
    return _verdict(info.code, category, severity, info.immediate, reason)


# --------------------------------------------------------------------------------------------
# Catalog workflows that depend on context


def _app_workflow(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """WORKFLOW_XID_13 / WORKFLOW_XID_31."""
    head, wf = _head(info), f"WORKFLOW_XID_{info.code}"
    if ctx.job_spread >= _APP_SPREAD:
        return _verdict(
            info.code,
            _APP,
            _W,
            "CHECK_APP/CUDA",
            f"{head} on {ctx.job_spread} GPUs of the same job: per {wf} a fault repeating "
            "across GPUs is the application's, check the app/CUDA (RESTART_APP)",
        )
    if ctx.repeats >= REPEAT_ESCALATION:
        return _verdict(
            info.code,
            _DEV,
            _W,
            "RUN_DCGM_EUD",
            f"{head} repeated {ctx.repeats}× on this GPU and on no other GPU of the job: per "
            f"{wf} that suggests hardware, run DCGM EUD (then field diags if it passes)",
        )
    return _verdict(
        info.code,
        _APP,
        _W,
        "RESTART_APP",
        f"{head} ({info.description}) once on this GPU: catalog bucket RESTART_APP, and per "
        f"{wf} a non-repeating fault is checked in the app/CUDA first",
    )


def _xid45(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """WORKFLOW_XID_45, tempered by the bulk-churn prior (priors.md §6-7)."""
    head = _head(info)
    if ctx.others:
        return _verdict(
            info.code,
            _BEN,
            _I,
            "FOLLOW_OTHER_XID",
            f"{head} alongside Xid {_codes(ctx.others)}: per WORKFLOW_XID_45 it is sympathetic "
            "cleanup, follow the other Xid",
            layer="workload",
        )
    if ctx.teardown:
        return _verdict(
            info.code,
            _BEN,
            _I,
            "IGNORE",
            f"{head} at job teardown: the driver cleaning up the ended job's channels, bulk "
            "churn that is not node-discriminative",
            layer="workload",
        )
    if ctx.repeats >= XID45_SOLO_STORM:
        # Fabric Manager is NVIDIA system software on the host: DRIVER, driver layer.
        return _verdict(
            info.code,
            _DRV,
            _W,
            "RESTART_FM",
            f"{head} solo, {ctx.repeats}× on this GPU with no job teardown and no other Xid: "
            "per WORKFLOW_XID_45 restart Fabric Manager (RESTART_FM)",
        )
    return _verdict(
        info.code,
        _BEN,
        _I,
        "IGNORE",
        f"{head} solo, {ctx.repeats}× (< {XID45_SOLO_STORM}): app aborts and teardown emit 45 "
        "in bulk, so below the storm threshold WORKFLOW_XID_45's RESTART_FM is not warranted",
        layer="workload",
    )


def _xid48(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """WORKFLOW_XID_48 recovery branch (the unit is in the message, which we do not have)."""
    head = _head(info)
    remap = sorted(ctx.others & {63, 64})
    sram = (
        " — SRAM (Xid 172): check the SRAM threshold flag and run field diag"
        if 172 in ctx.others
        else ""
    )
    if remap:
        return _verdict(
            info.code,
            _MEM,
            _C,
            "DRAIN_AND_RESET",
            f"{head} (double-bit ECC) with Xid {_codes(remap)}: per WORKFLOW_XID_48 drain the "
            f"GPU and reset it (DRAIN_AND_RESET), then follow the 63/64 guidance{sram}",
        )
    return _verdict(
        info.code,
        _MEM,
        _C,
        "RESET_GPU",
        f"{head} (double-bit ECC) solo: per WORKFLOW_XID_48 reset the GPU (RESET_GPU) and run "
        f"field diag{sram}",
    )


def _xid63(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    companions = sorted(ctx.others & {48, 64})
    if companions:
        # Part of a memory incident: MEMORY family so it attaches, INFO so it does not page twice.
        return _verdict(
            info.code,
            _MEM,
            _I,
            "FOLLOW_OTHER_XID",
            f"{head} (row-remap event) with Xid {_codes(companions)}: follow that Xid "
            "(WORKFLOW_XID_48 → DRAIN_AND_RESET)",
        )
    return _verdict(
        info.code,
        _BEN,
        _I,
        "IGNORE",
        f"{head} (row-remap event) alone: catalog bucket IGNORE, the remap was handled "
        "(pending remaps apply at the next reset)",
        layer="hardware",
    )


def _xid64(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    if 48 in ctx.others:
        return _verdict(
            info.code,
            _MEM,
            _C,
            "DRAIN_AND_RESET",
            f"{head} (row-remap failure) with Xid 48: per WORKFLOW_XID_48 DRAIN_AND_RESET, then "
            "CONTACT_SUPPORT — a remap failure means spare rows are exhausted (RMA criterion)",
        )
    return _verdict(
        info.code,
        _MEM,
        _C,
        "RESET_GPU",
        f"{head} (row-remap failure): catalog bucket RESET_GPU, then CONTACT_SUPPORT if it "
        "recurs — spare rows are exhausted (RMA criterion)",
    )


def _xid74(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    if ctx.repeats >= REPEAT_ESCALATION:
        return _verdict(
            info.code,
            _NET,
            _C,
            "RESET_GPU",
            f"{head} repeated {ctx.repeats}× on this GPU: not the ignorable/sympathetic "
            "register bits of WORKFLOW_NVLINK_ERR; reset, CONTACT_SUPPORT if it recurs",
        )
    return _verdict(
        info.code,
        _NET,
        _W,
        "WORKFLOW_NVLINK_ERR",
        f"{head}: WORKFLOW_NVLINK_ERR needs the 7 register values decoded, which this detector "
        "does not have, so WARNING until decoded or repeated (a failing peer can cause it)",
    )


def _xid121(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    if ctx.repeats >= REPEAT_ESCALATION:
        return _verdict(
            info.code,
            _NET,
            _W,
            "UPDATE_SWFW",
            f"{head} repeated {ctx.repeats}× (corrected C2C errors): reset at a service window "
            "to retrain and update the VBIOS, which the catalog says reduces repeats",
        )
    return _verdict(
        info.code,
        _NET,
        _I,
        "IGNORE",
        f"{head}: corrected errors on the C2C link, catalog bucket IGNORE (no operational "
        "impact; retrain with a reset at a service window)",
    )


def _nvlink5(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """WORKFLOW_NVLINK5_ERR (Xid 144–150), using the decode sheet's per-code summary."""
    head = _head(info)
    if info.code == 148:
        return _verdict(
            info.code,
            _NET,
            _I,
            "IGNORE",
            f"{head}: the catalog's Xid 144-150 decode sheet maps NVLPW_CTRL errors to IGNORE",
        )
    if info.code == 150:
        return _verdict(
            info.code,
            _NET,
            _C,
            "RESET_GPU",
            f"{head}: every MSE row of the Xid 144-150 decode sheet is fatal firmware, RESET_GPU",
        )
    if ctx.repeats >= REPEAT_ESCALATION:
        return _verdict(
            info.code,
            _NET,
            _C,
            "RESET_GPU",
            f"{head} repeated {ctx.repeats}× on this GPU: repeated NVLink5 errors are not the "
            "ignorable subcodes of WORKFLOW_NVLINK5_ERR, reset the GPU",
        )
    extra = " (TREX errors are not expected in production)" if info.code == 147 else ""
    return _verdict(
        info.code,
        _NET,
        _W,
        "WORKFLOW_NVLINK5_ERR",
        f"{head}: severity depends on the intrInfo/errorStatus subcode of WORKFLOW_NVLINK5_ERR, "
        f"which this detector does not decode, so WARNING until decoded or repeated{extra}",
    )


def _xid154(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    # The recovery action is a text value in the log line, not in the code. Treated as CRITICAL
    # because most values (drain/reset/reboot) are; a "None" value is over-paged here — callers
    # holding the line should map it through XID154_RECOVERY_ACTIONS.
    with_ = f" (with Xid {_codes(ctx.others)})" if ctx.others else ""
    return _verdict(
        info.code,
        _DEV,
        _C,
        "FOLLOW_XID_154_RECOVERY_ACTION",
        f"{_head(info)}{with_}: per XID_154 follow the recovery action the driver reports in "
        "the message (drain/reset/reboot)",
    )


def _xid159(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    head = _head(info)
    if ctx.others:
        return _verdict(
            info.code,
            _NET,
            _I,
            "FOLLOW_OTHER_XID",
            f"{head} alongside Xid {_codes(ctx.others)}: investigatory SYMPATHETIC_REPORT_SOLO, "
            "follow the other Xid",
        )
    return _verdict(
        info.code,
        _NET,
        _W,
        "CHECK_UVM",
        f"{head} solo: catalog bucket CHECK_UVM — RESET_GPU if UVM/vGPU is in use, else "
        "IGNORE; UVM use is not known here",
    )


def _xid48_supplement(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """171/172 add the DRAM/SRAM detail to a Xid 48 (catalog cells blank)."""
    head = _head(info)
    unit = "DRAM" if info.code == 171 else "SRAM"
    if 48 in ctx.others:
        return _verdict(
            info.code,
            _MEM,
            _I,
            "FOLLOW_OTHER_XID",
            f"{head} adds the {unit} detail to Xid 48: follow WORKFLOW_XID_48",
        )
    # Without its Xid 48 the catalog says nothing; it still reports an uncorrectable error, so
    # treat it like a solo 48 (unclear in the catalog).
    return _verdict(
        info.code,
        _MEM,
        _C,
        "RESET_GPU",
        f"{head} without Xid 48: an uncorrectable {unit} error, treated like a solo Xid 48 "
        "(RESET_GPU, field diag)",
    )


_Workflow = Callable[[XidInfo, _Ctx], XidVerdict]
_WORKFLOWS: Mapping[int, _Workflow] = MappingProxyType(
    {
        13: _app_workflow,
        31: _app_workflow,
        45: _xid45,
        48: _xid48,
        63: _xid63,
        64: _xid64,
        74: _xid74,
        121: _xid121,
        **dict.fromkeys(range(144, 151), _nvlink5),
        154: _xid154,
        159: _xid159,
        171: _xid48_supplement,
        172: _xid48_supplement,
    }
)
#: Codes whose verdict depends on the context arguments of :func:`classify`.
WORKFLOW_CODES: frozenset[int] = frozenset(_WORKFLOWS)


def _codes(codes: Collection[int]) -> str:
    return "/".join(str(c) for c in sorted(codes))


def classify(
    code: int,
    *,
    co_occurring: Collection[int] = (),
    repeats_on_gpu: int = 1,
    gpus_with_same_xid_in_job: int = 1,
    job_ended_within_window: bool = False,
    sxid: bool = False,
) -> XidVerdict:
    """Classify one Xid (or, with ``sxid=True``, NVSwitch SXid) occurrence on one GPU.

    Args:
        code: the Xid number.
        co_occurring: other Xid codes seen on the same GPU within the detector window (the code
            itself is ignored if present).
        repeats_on_gpu: occurrences of this code on this GPU within the window, this one
            included (≥ 1).
        gpus_with_same_xid_in_job: GPUs of the job running on this GPU that logged the same
            code within the window, this one included (0 or 1 when there is no job).
        job_ended_within_window: the GPU's job ended (or was killed) within the window.
        sxid: the code is an NVSwitch SXid from the fabric, not a GPU Xid.

    Deterministic and pure; see the module docstring for the rules.
    """
    if repeats_on_gpu < 1:
        raise ValueError(f"repeats_on_gpu must be >= 1, got {repeats_on_gpu}")
    if gpus_with_same_xid_in_job < 0:
        raise ValueError(f"gpus_with_same_xid_in_job must be >= 0, got {gpus_with_same_xid_in_job}")
    if sxid:
        return _verdict(
            code,
            _NET,
            _W,
            "INVESTIGATE_NVSWITCH",
            f"NVSwitch SXid {code}: the NVIDIA Xid catalog does not cover SXids, investigate "
            "the NVSwitch/fabric (fabric manager and switch logs)",
        )
    info = lookup(code)
    if info is None:
        return _verdict(
            code,
            XidCategory.UNKNOWN,
            _W,
            "INVESTIGATE_UNKNOWN_XID",
            f"Xid {code} is not in the NVIDIA Xid catalog (codes 1-172): likely a newer driver, "
            "look it up in its release notes rather than ignore it",
        )
    ctx = _Ctx(
        others=frozenset(co_occurring) - {code},
        repeats=repeats_on_gpu,
        job_spread=gpus_with_same_xid_in_job,
        teardown=job_ended_within_window,
    )
    return _in_chain(info, ctx, _alone(info, ctx))


def xid_symptom(code: int) -> str:
    """The anomaly symptom an Xid is detected as (``xid_79``)."""
    return f"xid_{code}"


def symptom_xid(symptom: str) -> int | None:
    """The Xid a symptom names (``xid_79`` → 79), None for any other symptom."""
    prefix, _, code = symptom.partition("_")
    return int(code) if prefix == "xid" and code.isdigit() else None


def resolved_on_the_gpu(code: int) -> bool:
    """Whether one occurrence of ``code`` is resolved on the GPU or the machine (a CRITICAL
    verdict: RESET_GPU, RESTART_BM, CONTACT_SUPPORT, the Xid 154 recovery action). That
    resolution also clears dcgm-exporter's last-Xid gauge (a reboot reloads the driver, a GPU
    reset takes DCGM's host engine off the device), so a gauge still holding such a code means
    it is owed; an application or benign code stays on the gauge after its job is restarted."""
    return classify(code).severity >= Severity.CRITICAL


def _alone(info: XidInfo, ctx: _Ctx) -> XidVerdict:
    """The verdict from the code's own workflow, override or bucket rule."""
    workflow = _WORKFLOWS.get(info.code)
    if workflow is not None:
        return workflow(info, ctx)
    spec = _OVERRIDES.get(info.code)
    if spec is not None:
        return _verdict(
            info.code,
            spec.category,
            spec.severity,
            spec.action,
            f"{_head(info)}: {spec.why}",
            layer=spec.layer,
        )
    return _by_rule(info, ctx)


@functools.cache
def _gpu_fault(code: int) -> XidCategory | None:
    """DEVICE / MEMORY when ``code`` on its own is a critical GPU fault (PMU halt, GSP error,
    fallen off the bus, DBE, Xid 154 recovery action, …), else None."""
    info = lookup(code)
    if info is None:
        return None
    v = _alone(info, _Ctx(frozenset(), 1, 1, False))
    if v.severity is _C and v.category in (_DEV, _MEM):
        return v.category
    return None


def _in_chain(info: XidInfo, ctx: _Ctx, v: XidVerdict) -> XidVerdict:
    """An application-class or benign Xid on a GPU that also reports a critical GPU fault is
    part of that fault (the channel errors a dying GPU raises on the way down), not the
    application's: it takes the fault's category, never opens an incident on its own account
    of the application, and points at the fault Xid."""
    if v.category not in (_APP, _BEN) or not ctx.others:
        return v
    faults = {c: cat for c in ctx.others if (cat := _gpu_fault(c)) is not None}
    if not faults:
        return v
    category = _DEV if _DEV in faults.values() else _MEM
    return _verdict(
        info.code,
        category,
        min(v.severity, _W),
        "FOLLOW_OTHER_XID",
        f"{_head(info)} on a GPU that also reports Xid {_codes(faults)} (a critical GPU "
        "fault): part of a chain of GPU faults, not an application fault; follow that Xid",
    )
