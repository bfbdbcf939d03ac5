"""``nvidia-smi -q`` text → per-GPU state: inventory, ECC, retired pages / row remapping,
GPU Recovery Action, reset status, clock-event reasons, persistence, fabric state.

Pure (:mod:`telemetry.text_evidence` conventions). The output is an indented tree::

    Driver Version                            : 550.54.15
    GPU 00000000:18:00.0
        Product Name                          : NVIDIA H100 80GB HBM3
        Serial Number                         : 1654922001234
        ECC Errors
            Volatile
                SRAM Correctable              : 0          (Ampere+; older drivers:
                DRAM Uncorrectable            : 1           Single Bit / Double Bit → Total)
        Remapped Rows
            Pending                           : Yes
        GPU Recovery Action                   : None
        Clocks Event Reasons                  (older: Clocks Throttle Reasons)
            HW Slowdown                       : Active

Each ``GPU <pci>`` block becomes one ``smi_gpu`` signature (``gpu`` = its position, which is
nvidia-smi's index; ``detail`` holds the inventory and the counts read: ``serial``, ``uuid``,
``vbios``, ``product``, ``driver``, ``pci_bus_id``, ``persistence``, ``recovery_action``,
``ecc_volatile_sram_uncorrectable``, ``ecc_volatile_dram_uncorrectable``,
``ecc_volatile_uncorrectable``, ``ecc_aggregate_uncorrectable``, ``ecc_volatile_correctable``,
``remapped_correctable``, ``remapped_uncorrectable``, ``remap_pending``, ``remap_failure``,
``retired_sbe``, ``retired_dbe``, ``retired_pending``, ``clock_events`` (active reasons, comma
separated), ``fabric_state``, ``fabric_status``) plus one signature per condition that needs a
person: ``smi_recovery_action`` (anything but None), ``smi_reset_required`` (GPU Reset Status
says Reset Required / Drain and Reset Recommended: Yes), ``smi_uncorrectable_ecc`` (volatile
uncorrectable > 0), ``smi_remap_pending``, ``smi_remap_failure``, ``smi_retired_pages_pending``,
``smi_clock_event`` (an active reason other than Idle / Applications Clocks Setting),
``smi_power_brake`` / ``smi_hw_slowdown`` (the hardware's own clock cut: HW Power Brake
Slowdown, or HW Slowdown with no thermal reason),
``smi_thermal_limit`` (a thermal slowdown reason active, or GPU Current Temp within
:data:`AT_LIMIT_C` of GPU Max Operating Temp),
``smi_persistence_disabled``, ``smi_fabric_incomplete`` (Fabric State not Completed or Status
not Success, on GPUs that report one).

Indented ``key : value`` lines before any ``GPU <pci>`` header (a section pasted on its own)
are one GPU block whose id the text does not give: its signatures carry ``gpu=None`` and an
empty ``pci_bus_id``. A line that is not ``key : value``, a section name or a ``GPU <pci>``
header is GPU text not understood (counted, kept). Errors: :class:`NvidiaSmiError` only, for
invalid arguments.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpufleet.telemetry.text_evidence import SNIPPET, Signature, TextParse, as_text, lines_of

__all__ = ["NvidiaSmiError", "parse_nvidia_smi_q"]


class NvidiaSmiError(ValueError):
    """Invalid arguments to :func:`parse_nvidia_smi_q` (the one error this module raises)."""


_GPU_HEADER = re.compile(
    r"^GPU (?P<pci>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-9A-Fa-f])\s*$"
)
_SECTION = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ()/+._-]{0,80}$")
_BANNER = re.compile(r"^=+ ?NVSMI LOG ?=+$")
_NUMBER = re.compile(r"^[0-9]{1,12}")
_QUIET_REASONS = frozenset({"idle", "gpu idle", "applications clocks setting"})
_NONE = frozenset({"", "none", "n/a", "[n/a]", "not supported", "[not supported]"})


@dataclass
class _Gpu:
    index: int
    pci: str
    line: int
    values: dict[str, str] = field(default_factory=dict)  # "Section/Sub/Key" → value


def parse_nvidia_smi_q(data: str | bytes, *, origin: str, node: str = "") -> TextParse:
    """Signatures of one ``nvidia-smi -q`` output taken on ``node``."""
    if not isinstance(origin, str) or not origin:
        raise NvidiaSmiError("origin must name the file or command the text came from")
    out = TextParse()
    top: dict[str, str] = {}
    gpus: list[_Gpu] = []
    stack: list[tuple[int, str]] = []  # (indent, section name) inside the current GPU
    for n, raw in lines_of(as_text(data), out.report):
        out.report.total += 1
        line = raw.rstrip()
        text = line.strip()
        indent = len(line) - len(line.lstrip(" \t"))
        header = _GPU_HEADER.match(text)
        if header is not None:
            gpus.append(_Gpu(len(gpus), header["pci"], n))
            stack = []
            out.report.ignored += 1
            continue
        if not text or _BANNER.match(text) is not None:
            out.report.ignored += 1
            continue
        while stack and stack[-1][0] >= indent:
            stack.pop()
        key, sep, value = text.partition(":")
        if sep and key.strip() and indent > 0 and not gpus:
            # A section pasted without its "GPU <pci>" header (tickets and issues quote just
            # "Remapped Rows" or "GPU Reset Status"): one GPU whose id the text does not give.
            gpus.append(_Gpu(-1, "", n))
        if sep and key.strip():
            path = "/".join([s for _, s in stack] + [key.strip()])
            (gpus[-1].values if gpus and indent > 0 else top)[path] = value.strip()
            out.report.recognised += 1
        elif _SECTION.match(text) is not None:
            stack.append((indent, text))
            out.report.ignored += 1
        else:
            out.report.not_understood(n, text, gpu_text=True)
    for g in gpus:
        _emit(g, top, origin, node, out)
    return out


def _get(values: dict[str, str], *suffixes: str) -> str:
    """The first value whose path ends with one of ``suffixes`` (case-insensitive)."""
    for suffix in suffixes:
        s = suffix.lower()
        for path, v in values.items():
            p = path.lower()
            if p == s or p.endswith("/" + s):
                return v
    return ""


def _num(value: str) -> int:
    m = _NUMBER.match(value.strip())
    return int(m.group(0)) if m else 0


def _sum(values: dict[str, str], section: str, *needles: str) -> int:
    """Sum of the counts under ``section`` (e.g. ``ECC Errors/Volatile``) whose key holds all
    ``needles``; old layouts nest ``Double Bit/Total``."""
    total = 0
    prefix = section.lower() + "/"
    for path, v in values.items():
        p = path.lower()
        i = p.find(prefix)
        if i < 0:
            continue
        rest = p[i + len(prefix) :]
        if all(x in rest for x in needles) and ("/" not in rest or rest.endswith("/total")):
            total += _num(v)
    return total


def _inventory(g: _Gpu, top: dict[str, str]) -> dict[str, str]:
    v = g.values
    events = [
        path.rsplit("/", 1)[-1]
        for path, val in v.items()
        if ("clocks event reasons/" in path.lower() or "clocks throttle reasons/" in path.lower())
        and val.strip().lower() == "active"
    ]
    sbe = _sum(v, "ECC Errors/Volatile", "correctable") - _sum(
        v, "ECC Errors/Volatile", "uncorrectable"
    )
    old_dbe = _sum(v, "ECC Errors/Volatile/Double Bit", "total")
    old_sbe = _sum(v, "ECC Errors/Volatile/Single Bit", "total")
    return {
        "pci_bus_id": g.pci,
        "product": _get(v, "Product Name"),
        "serial": _get(v, "Serial Number"),
        "uuid": _get(v, "GPU UUID"),
        "vbios": _get(v, "VBIOS Version"),
        "driver": top.get("Driver Version", ""),
        "persistence": _get(v, "Persistence Mode"),
        "recovery_action": _get(v, "GPU Recovery Action"),
        "reset_required": _get(v, "GPU Reset Status/Reset Required"),
        "drain_and_reset": _get(v, "GPU Reset Status/Drain and Reset Recommended"),
        "ecc_volatile_sram_uncorrectable": str(_sum(v, "ECC Errors/Volatile", "sram", "uncorr")),
        "ecc_volatile_dram_uncorrectable": str(_sum(v, "ECC Errors/Volatile", "dram", "uncorr")),
        "ecc_volatile_uncorrectable": str(
            _sum(v, "ECC Errors/Volatile", "uncorrectable") + old_dbe
        ),
        "ecc_aggregate_uncorrectable": str(
            _sum(v, "ECC Errors/Aggregate", "uncorrectable")
            + _sum(v, "ECC Errors/Aggregate/Double Bit", "total")
        ),
        "ecc_volatile_correctable": str(max(sbe, 0) + old_sbe),
        "remapped_correctable": str(_num(_get(v, "Remapped Rows/Correctable Error"))),
        "remapped_uncorrectable": str(_num(_get(v, "Remapped Rows/Uncorrectable Error"))),
        "remap_pending": _get(v, "Remapped Rows/Pending"),
        "remap_failure": _get(v, "Remapped Rows/Remapping Failure Occurred"),
        "retired_sbe": _get(v, "Retired Pages/Single Bit ECC"),
        "retired_dbe": _get(v, "Retired Pages/Double Bit ECC"),
        "retired_pending": _get(
            v, "Retired Pages/Pending Page Blacklist", "Retired Pages/Pending Page Retirement"
        ),
        "clock_events": ",".join(events),
        "fabric_state": _get(v, "Fabric/State"),
        "fabric_status": _get(v, "Fabric/Status"),
        "temp_now": _get(v, "Temperature/GPU Current Temp"),
        "temp_max_operating": _get(v, "Temperature/GPU Max Operating Temp"),
    }


def _conditions(d: dict[str, str]) -> list[str]:
    """The conditions in one GPU's state that need a person."""
    yes = {"yes", "true"}
    kinds = []
    if d["recovery_action"].strip().lower() not in _NONE:
        kinds.append("smi_recovery_action")
    if d["reset_required"].strip().lower() in yes or d["drain_and_reset"].strip().lower() in yes:
        kinds.append("smi_reset_required")
    if int(d["ecc_volatile_uncorrectable"]) > 0:
        kinds.append("smi_uncorrectable_ecc")
    if d["remap_pending"].strip().lower() in yes:
        kinds.append("smi_remap_pending")
    if d["remap_failure"].strip().lower() in yes:
        kinds.append("smi_remap_failure")
    if d["retired_pending"].strip().lower() in yes:
        kinds.append("smi_retired_pages_pending")
    loud = [r for r in d["clock_events"].split(",") if r and r.lower() not in _QUIET_REASONS]
    if loud:
        kinds.append("smi_clock_event")
    kinds += _hardware_slowdown({r.strip().lower() for r in loud})
    if any("thermal" in r.lower() for r in loud) or _at_max_operating_temp(d):
        kinds.append("smi_thermal_limit")
    if d["persistence"].strip().lower() == "disabled":
        kinds.append("smi_persistence_disabled")
    state, status = d["fabric_state"].strip().lower(), d["fabric_status"].strip().lower()
    if (state not in _NONE and state != "completed") or (
        status not in _NONE and status != "success"
    ):
        kinds.append("smi_fabric_incomplete")
    return kinds


def _hardware_slowdown(active: set[str]) -> list[str]:
    """The hardware's own clock cuts (NVML's clock event reasons): ``smi_power_brake`` when the
    external power brake holds the clocks ("HW Power Brake Slowdown", asserted by the system's
    power supply), ``smi_hw_slowdown`` when "HW Slowdown" is active with neither the brake nor
    a thermal reason (which the thermal condition covers): a board or sensor fault. NVML:
    "HW Slowdown" is active whenever either of the other two is."""
    if "hw power brake slowdown" in active:
        return ["smi_power_brake"]
    thermal = any("thermal" in r for r in active)
    return ["smi_hw_slowdown"] if "hw slowdown" in active and not thermal else []


# NVIDIA's "GPU Max Operating Temp" is where the SW thermal slowdown holds the GPU: one that
# reads within this of it is at its limit (the slowdown keeps it a degree or two under)
AT_LIMIT_C = 2


def _at_max_operating_temp(d: dict[str, str]) -> bool:
    now, limit = (
        _NUMBER.match(d["temp_now"].strip()),
        _NUMBER.match(d["temp_max_operating"].strip()),
    )
    return (
        now is not None
        and limit is not None
        and int(now.group(0)) >= int(limit.group(0)) - AT_LIMIT_C
    )


def _emit(g: _Gpu, top: dict[str, str], origin: str, node: str, out: TextParse) -> None:
    detail = _inventory(g, top)
    text = f"GPU {g.pci}: {detail['product']} serial {detail['serial'] or '-'}"[:SNIPPET]
    for kind in ("smi_gpu", *_conditions(detail)):
        out.add(
            Signature(
                kind=kind,
                source="nvidia_smi_q",
                origin=origin,
                line=g.line,
                node=node,
                gpu=g.index if g.index >= 0 else None,
                detail=detail,
                text=text,
            )
        )
