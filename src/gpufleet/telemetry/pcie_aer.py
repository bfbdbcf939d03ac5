"""PCIe error lines of the Linux kernel (AER, DPC, pciehp) → what they say, and the record they
belong to (pure; used by :mod:`telemetry.kernel_log`).

The formats are the kernel's own (``drivers/pci/pcie/aer.c``, ``err.c``, ``dpc.c``,
``drivers/pci/hotplug/pciehp_ctrl.c``); every line starts with the device prefix ``dev_printk``
writes, ``<driver> <domain:bus:dev.fn>: `` (``pcieport 0000:00:01.0: ``, ``nvidia 0000:18:00.0:
``, ``pci 0000:18:00.0: `` for a device without a driver; kernels before 4.19 name the port
service device, ``dpc 0000:00:03.2:pcie008: `` / ``pciehp 0000:00:03.0:pcie004: ``)::

    AER: Corrected error received: 0000:18:00.0                      aer_print_port_info
    AER: Multiple Uncorrected (Non-Fatal) error received: id=0018    (≤ 4.x: the Requester ID)
    AER: Uncorrectable (Fatal) error message received from 0000:18:00.0   (6.16+; "Correctable",
                                                                      "Uncorrectable" since 6.10)
    PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)          aer_print_error
    PCIe Bus Error: severity=Uncorrectable (Fatal), type=Inaccessible, (Unregistered Agent ID)
    PCIe Bus Error: severity=Corrected, type=Data Link Layer, id=00e0(Transmitter ID)   (≤ 4.x)
      device [10de:2330] error status/mask=00000001/0000e000
       [ 0] RxErr                  (First)                            __aer_print_error
       [ 5] Surprise Down Error    (First)                            (≤ 4.x long names)
    AER: Can't recover (no error_detected callback)                   err.c, per child device
    device has no AER-aware driver                                    (≤ 4.x)
    AER: device recovery failed                                       err.c, on the port
    DPC: containment event, status:0x1f01 source:0x0000               dpc.c
    DPC: containment event, status:0x000d, ERR_FATAL received from 0000:02:00.0   (6.x)
    DPC: unmasked uncorrectable error detected                        dpc.c (the reason)
    pciehp: Slot(21): Link Down  /  Slot(21): Card not present        pciehp_ctrl.c (4.19+)
    slot(3): Link Down event  /  Card not present on Slot(3)          (≤ 4.18)

Firmware-first platforms (the BIOS owns AER, APEI GHES reports it: ``drivers/firmware/efi/cper.c``
cper_print_pcie, then ``aer.c`` pci_print_aer) print a CPER block and then the device's registers::

    {1}[Hardware Error]: event severity: recoverable        (corrected / recoverable / fatal)
    {1}[Hardware Error]:   section_type: PCIe error
    {1}[Hardware Error]:   device_id: 0000:18:00.0
    {1}[Hardware Error]:   vendor_id: 0x10de, device_id: 0x2330
    nvidia 0000:18:00.0: AER: aer_status: 0x00004000, aer_mask: 0x00000000
    nvidia 0000:18:00.0: AER:    [14] CmpltTO                (First)
    nvidia 0000:18:00.0: AER: aer_layer=Transaction Layer, aer_agent=Requester ID

Status bits are named by their bit position (the kernel's own tables: ``[ 5]`` under an
uncorrectable error is SDES whether the kernel printed "SDES" or "Surprise Down Error").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from gpufleet.telemetry.topology import normalize_pci_bus_id

NVIDIA_VENDOR = "10de"
#: The kernel's AER severity words (both spellings) → the three classes of the PCIe spec.
CORRECTED = "corrected"
NONFATAL = "nonfatal"
FATAL = "fatal"
#: aer.c aer_correctable_error_string / aer_uncorrectable_error_string, by bit position.
CORRECTABLE_BITS: dict[int, str] = {
    0: "RxErr",
    6: "BadTLP",
    7: "BadDLLP",
    8: "Rollover",
    12: "Timeout",
    13: "NonFatalErr",
    14: "CorrIntErr",
    15: "HeaderOF",
}
UNCORRECTABLE_BITS: dict[int, str] = {
    0: "Undefined",
    4: "DLP",
    5: "SDES",
    12: "TLP",
    13: "FCP",
    14: "CmpltTO",
    15: "CmpltAbrt",
    16: "UnxCmplt",
    17: "RxOF",
    18: "MalfTLP",
    19: "ECRC",
    20: "UnsupReq",
    21: "ACSViol",
    22: "UncorrIntErr",
    23: "BlockedTLP",
    24: "AtomicOpBlocked",
    25: "TLPBlockedErr",
    26: "PoisonTLPBlocked",
}
#: The PCIe spec's layer of each error type, as aer.c prints it ("type=…").
LAYERS = {
    "Physical Layer": "physical",
    "Data Link Layer": "data_link",
    "Transaction Layer": "transaction",
    "Inaccessible": "inaccessible",
}

_PCI = r"[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]"
# "<driver> <pci>[:pcieNNN]: <rest>"; driver names are kernel module / driver names.
_DEVICE_RE = re.compile(r"^(?P<drv>[a-z][\w-]{0,31}) (?P<pci>" + _PCI + r")(?::pcie\d{2,3})?: ")
_SEV = (
    r"(?P<sev>Corrected|Correctable|Uncorrected|Uncorrectable)"
    r"(?: \((?P<fatal>Non-Fatal|Fatal)\))?"
)
_RECEIVED_RE = re.compile(
    r"^(?P<multi>Multiple )?" + _SEV + r" error (?:message )?received(?::| from) {0,4}"
    r"(?:id=(?P<id>[0-9A-Fa-f]{4})|(?P<src>" + _PCI + r"))"
)
_BUS_ERROR_RE = re.compile(
    r"^PCIe Bus Error: severity=" + _SEV + r", {0,2}type=(?P<type>[A-Za-z ]{1,24}?), {0,2}"
    r"(?:id=[0-9A-Fa-f]{4})?\((?P<agent>[A-Za-z ]{1,32})\)"
)
_DEVICE_STATUS_RE = re.compile(
    r"^device \[(?P<ven>[0-9A-Fa-f]{4}):(?P<dev>[0-9A-Fa-f]{4})\] error status/mask="
    r"(?P<st>[0-9A-Fa-f]{8})/(?P<mask>[0-9A-Fa-f]{8})"
)
_BIT_RE = re.compile(r"^\[ {0,2}(?P<bit>\d{1,2})\] (?P<rest>.{0,64})$")
# pci_print_aer (firmware first): the registers the firmware handed over, then layer / agent.
_FW_STATUS_RE = re.compile(
    r"^aer_status: 0x(?P<st>[0-9A-Fa-f]{8}), aer_mask: 0x(?P<mask>[0-9A-Fa-f]{8})"
)
_FW_LAYER_RE = re.compile(
    r"^aer_layer=(?P<type>[A-Za-z ]{1,24}?), {0,2}aer_agent=(?P<agent>[A-Za-z ]{1,32})$"
)
# cper.c: the CPER block of an APEI GHES report ("{1}[Hardware Error]: …").
_GHES_RE = re.compile(r"^(?:\{\d{1,10}\})?\[Hardware Error\]: {0,8}(?P<rest>.{0,200})$")
_GHES_SEVERITY_RE = re.compile(
    r"^(?:event severity|Error \d{1,4}, type): (?P<sev>corrected|recoverable|fatal|info)\b"
)
_GHES_DEVICE_RE = re.compile(r"^device_id: (?P<pci>" + _PCI + r")$")
_GHES_VENDOR_RE = re.compile(
    r"^vendor_id: 0x(?P<ven>[0-9A-Fa-f]{4}), device_id: 0x(?P<dev>[0-9A-Fa-f]{4})"
)
# The rest of a CPER PCIe section and its header: understood, nothing more to read.
_GHES_NOISE_RE = re.compile(
    r"^(?:Hardware error from APEI|It has been corrected by h/w|fru_(?:id|text):|port_type:|"
    r"version:|command:|slot:|secondary_bus:|class_code:|bridge:|aer_(?:un)?cor_status:|"
    r"aer_uncor_severity:|aer_(?:cor|uncor)_mask|TLP Header:|serial number:|"
    r"Error \d{1,4}, type:|event severity:)"
)
#: cper_severity_to_aer: recoverable → Non-Fatal, fatal → Fatal, anything else → Correctable.
GHES_SEVERITY = {"recoverable": NONFATAL, "fatal": FATAL, "corrected": CORRECTED}
_CHILD_RE = re.compile(
    r"^(?:device has (?P<no>no AER-aware driver|no driver)|"
    r"[Cc]an't recover \(no error_detected callback\))"
)
_RECOVERY_RE = re.compile(
    r"^(?:[Dd]evice recovery (?P<out>successful|failed)|AER driver successfully recovered)"
)
_AER_NOISE_RE = re.compile(
    r"^(?:broadcast \w{1,24} message|TLP Header:|Error of this Agent|"
    r"(?:Root|Downstream) Port link has been reset|downstream link has been reset|"
    r"(?:no )?link[- ]reset|can't find device of ID)"
)
_DPC_EVENT_RE = re.compile(
    r"^DPC:? containment event, status:(?P<status>0x[0-9A-Fa-f]{1,4})"
    r"(?: source:(?P<source_id>0x[0-9A-Fa-f]{1,4})|, (?P<err>ERR_\w{1,12}) received from "
    r"(?P<src>" + _PCI + r")|: (?P<why>[\w ]{1,48}?) detected)?"
)
_DPC_REASON_RE = re.compile(r"^DPC:? (?P<why>[\w ]{1,48}?) detected")
_SLOT_RE = re.compile(
    r"^(?:pciehp: )?(?:[Ss]lot\((?P<slot>[^)]{1,32})\): (?P<what>Link Down|Card not present|"
    r"Link Up|Card present)(?P<rest>.{0,64})$|Card not present on Slot\((?P<slot2>[^)]{1,32})\))"
)

Kind = Literal[
    "received",
    "bus_error",
    "status",
    "bit",
    "child",
    "recovery",
    "dpc",
    "dpc_reason",
    "slot",
    "fw_status",
    "fw_layer",
    "ghes_severity",
    "ghes_section",
    "ghes_device",
    "ghes_vendor",
]


@dataclass(frozen=True, slots=True)
class PcieLine:
    """One understood PCIe error line: ``what`` it is, the PCI function its prefix names
    (``dev``, normalised) and that function's driver, and what it states."""

    what: Kind | Literal["noise"]
    dev: str
    driver: str
    attrs: dict[str, str] = field(default_factory=dict)
    source: str | None = None  # the error source the line names (another function)


def _severity(sev: str, fatal: str | None) -> str:
    if sev.startswith("Correct"):
        return CORRECTED
    return FATAL if fatal == "Fatal" else NONFATAL


def _requester(raw_id: str, dev: str) -> str | None:
    """aer.c (≤ 4.x) printed the source as a 16-bit Requester ID, bus << 8 | devfn."""
    rid = int(raw_id, 16)
    bus, devfn = rid >> 8, rid & 0xFF
    domain = dev.split(":", 1)[0]
    return normalize_pci_bus_id(f"{domain}:{bus:02x}:{devfn >> 3:02x}.{devfn & 7}")


def classify(msg: str) -> PcieLine | None:
    """The PCIe error line ``msg`` (a kernel message after its time / host header), or None."""
    m = _DEVICE_RE.match(msg)
    if m is None:
        return _ghes(msg) if "[Hardware Error]" in msg[:24] else None
    dev = normalize_pci_bus_id(m["pci"])
    if dev is None:
        return None
    rest = msg[m.end() :].strip()
    for tag in ("AER:", "aer:"):
        if rest.startswith(tag):
            rest = rest[len(tag) :].strip()
    drv = m["drv"]
    if drv == "pciehp" or rest.startswith(("pciehp:", "slot(", "Slot(", "Card not present on")):
        return _slot(rest, dev, drv)
    if drv == "dpc" or rest.startswith("DPC"):
        return _dpc(rest, dev, drv)
    return _aer(rest, dev, drv)


def _aer(rest: str, dev: str, drv: str) -> PcieLine | None:
    if (m := _RECEIVED_RE.match(rest)) is not None:
        src = normalize_pci_bus_id(m["src"]) if m["src"] else _requester(m["id"], dev)
        attrs = {"severity": _severity(m["sev"], m["fatal"])}
        if m["multi"]:
            attrs["multiple"] = "true"
        return PcieLine("received", dev, drv, attrs, source=src)
    if (m := _BUS_ERROR_RE.match(rest)) is not None:
        attrs = {
            "severity": _severity(m["sev"], m["fatal"]),
            "layer": LAYERS.get(m["type"].strip(), m["type"].strip().lower()),
            "agent": m["agent"].strip(),
        }
        return PcieLine("bus_error", dev, drv, attrs)
    if (m := _DEVICE_STATUS_RE.match(rest)) is not None:
        attrs = {
            "vendor": m["ven"].lower(),
            "device_id": m["dev"].lower(),
            "status": m["st"].lower(),
            "mask": m["mask"].lower(),
        }
        return PcieLine("status", dev, drv, attrs)
    if (m := _BIT_RE.match(rest)) is not None:
        first = "(First)" in m["rest"]
        attrs = {"bit": str(int(m["bit"])), "text": m["rest"].replace("(First)", "").strip()}
        if first:
            attrs["first"] = "true"
        return PcieLine("bit", dev, drv, attrs)
    if (m := _FW_STATUS_RE.match(rest)) is not None:
        attrs = {"status": m["st"].lower(), "mask": m["mask"].lower()}
        return PcieLine("fw_status", dev, drv, attrs)
    if (m := _FW_LAYER_RE.match(rest)) is not None:
        layer = LAYERS.get(m["type"].strip(), m["type"].strip().lower())
        return PcieLine("fw_layer", dev, drv, {"layer": layer, "agent": m["agent"].strip()})
    if rest.startswith("aer_uncor_severity:"):
        return PcieLine("noise", dev, drv)
    if (m := _CHILD_RE.match(rest)) is not None:
        return PcieLine("child", dev, drv, {"no_aer_driver": "true"})
    if (m := _RECOVERY_RE.match(rest)) is not None:
        return PcieLine("recovery", dev, drv, {"recovery": m["out"] or "successful"})
    if _AER_NOISE_RE.match(rest):
        return PcieLine("noise", dev, drv)
    return None


def _ghes(msg: str) -> PcieLine | None:
    """A line of an APEI GHES CPER block; only PCIe sections and the block's header lines are
    read (a memory section's lines stay for other rules)."""
    g = _GHES_RE.match(msg)
    if g is None:
        return None
    rest = g["rest"].strip()
    if (m := _GHES_SEVERITY_RE.match(rest)) is not None:
        return PcieLine("ghes_severity", "", "", {"severity": m["sev"]})
    if rest.startswith("section_type:"):
        return PcieLine("ghes_section", "", "", {"pcie": str(rest.endswith("PCIe error"))})
    if (m := _GHES_DEVICE_RE.match(rest)) is not None:
        dev = normalize_pci_bus_id(m["pci"])
        return None if dev is None else PcieLine("ghes_device", dev, "")
    if (m := _GHES_VENDOR_RE.match(rest)) is not None:
        attrs = {"vendor": m["ven"].lower(), "device_id": m["dev"].lower()}
        return PcieLine("ghes_vendor", "", "", attrs)
    if _GHES_NOISE_RE.match(rest):
        return PcieLine("noise", "", "", {"ghes": "true"})
    return None


def _dpc(rest: str, dev: str, drv: str) -> PcieLine | None:
    if (m := _DPC_EVENT_RE.match(rest)) is not None:
        attrs = {"status": m["status"].lower()}
        if m["err"]:
            attrs["reason"] = m["err"]
        elif m["why"]:
            attrs["reason"] = m["why"]
        src = normalize_pci_bus_id(m["src"]) if m["src"] else None
        return PcieLine("dpc", dev, drv, attrs, source=src)
    if (m := _DPC_REASON_RE.match(rest)) is not None:
        return PcieLine("dpc_reason", dev, drv, {"reason": m["why"]})
    return None


def _slot(rest: str, dev: str, drv: str) -> PcieLine | None:
    m = _SLOT_RE.match(rest)
    if m is None:
        # ≤ 4.18: "slot(3): Link Down event" is the same event in other words
        old = re.match(r"^slot\((?P<slot>[^)]{1,32})\): Link (?P<st>Down|Up) event", rest)
        if old is None:
            return None
        what = "link_down" if old["st"] == "Down" else "link_up"
        return PcieLine("slot", dev, drv, {"slot": old["slot"], "event": what})
    if m["slot2"]:
        return PcieLine("slot", dev, drv, {"slot": m["slot2"], "event": "card_not_present"})
    if "ignored" in m["rest"]:  # "Link Down/Up ignored": the link was reset on purpose (DPC)
        return PcieLine("noise", dev, drv)
    event = m["what"].lower().replace(" ", "_")
    return PcieLine("slot", dev, drv, {"slot": m["slot"], "event": event})


def bit_name(severity: str, bit: int) -> str:
    """The kernel's name of a status bit of an error of ``severity``."""
    table = CORRECTABLE_BITS if severity == CORRECTED else UNCORRECTABLE_BITS
    return table.get(bit, f"bit{bit}")


def is_surprise_down(attrs: dict[str, str]) -> bool:
    """A pcie_aer event whose status bits include Surprise Down (SDES): the link to the device
    went down without warning — on a GPU's path, the GPU is gone."""
    return "SDES" in attrs.get("status_bits", "").split(",")
