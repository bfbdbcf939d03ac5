"""What a line means from the lines above it, in command output operators paste.

Pure. Two outputs need their context:

* a Kubernetes node (``kubectl get node -o yaml``, ``kubectl describe node``) lists
  ``nvidia.com/gpu`` once under capacity and once under allocatable; allocatable below capacity
  is the device plugin withholding GPUs it marked unhealthy (k8s-device-plugin README: an
  unhealthy device is withdrawn from allocation) - :class:`NodeGpuCounts`;
* ``nvidia-smi nvlink -s`` prints each link under its ``GPU N: <name> (UUID: …)`` header -
  :class:`SmiGpuHeader` says which GPU a link line is about;
* ``nvidia-smi``'s table prints a GPU in two rows (index, name, bus id, Volatile Uncorr. ECC;
  then fan, temperature, power, memory): ``ERR!`` in several of that GPU's fields is NVML failing
  to read the GPU at all - a GPU that stopped answering, before or without an Xid 79 in the log;
  a count in the ECC column is uncorrectable errors since the driver loaded; and the whole table
  lists every GPU NVML enumerated, which :func:`telemetry.job_signals.not_listed` compares with
  the node's GPUs - :class:`SmiTable`;
* ``dcgmi nvlink --link-status`` prints each GPU's links as one row of letters under its
  ``gpuId N:`` line (``U`` up, ``D`` down, ``X`` disabled, ``_`` not supported, as its own key
  says) - :class:`DcgmLinkStatus`;
* a training job's progress lines split each step's time into data loading and the rest
  (PyTorch's ImageNet example ``Time 0.154 (8.010)  Data 0.001 (7.720)``, MMEngine's
  ``time: 0.52  data_time: 0.41``): the job waiting on its input most of the time is input
  starvation, whatever the GPUs show - :class:`DataWait`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gpufleet.telemetry.text_evidence import SNIPPET, Signature

_SECTION = re.compile(r"^\s*(?P<name>capacity|allocatable)\s*:\s*$", re.I)
_OTHER_SECTION = re.compile(r"^\s*[A-Za-z][A-Za-z ]{0,40}:\s*$")
# a trailing remark the reporter typed ("7   <=== here") does not change the count
_GPU_COUNT = re.compile(r"^\s*nvidia\.com/gpu\s*:?\s+\"?(?P<n>\d{1,4})\"?(?:\s+[<#(-].*)?\s*$")
# PyTorch's ImageNet example (and trainers built on it): "Time 0.154 (8.010)  Data 0.001 (7.720)"
_TIME_DATA = re.compile(
    r"\bTime\s+(?P<t>\d{1,6}(?:\.\d{1,6})?)\s+\((?P<tavg>\d{1,6}(?:\.\d{1,6})?)\)\s+"
    r"Data\s+(?P<d>\d{1,6}(?:\.\d{1,6})?)\s+\((?P<davg>\d{1,6}(?:\.\d{1,6})?)\)"
)
# MMEngine / mmcv: "time: 0.5234  data_time: 0.4120"
_MM_TIME = re.compile(
    r"\btime: (?P<t>\d{1,6}(?:\.\d{1,6})?),?\s+data_time: (?P<d>\d{1,6}(?:\.\d{1,6})?)"
)
_SMI_GPU = re.compile(r"^GPU (?P<index>\d{1,2}): (?P<name>.{1,80}?) ?\(UUID: ")


# nvidia-smi's first row of a GPU: "|   3  Tesla V100-SXM2-32GB     On   | 00000000:89:00.0 Off |
# 0 |" - index, name, persistence | bus id, display | volatile uncorrectable ECC (a count, N/A)
_SMI_ROW = re.compile(
    r"^\|\s{0,4}(?P<index>\d{1,2})\s{1,4}\S.{0,60}?\|\s{0,4}"
    r"(?P<pci>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])\s"
    r"(?:[^|]{0,20}\|\s{0,24}(?P<ecc>[^|\s]{1,12})\s{0,4}\|)?"
)
# the table's own lines: its banner, column heads, rules and the processes block
_SMI_FURNITURE = re.compile(
    r"^[|+][-=+| ]*$|NVIDIA-SMI \d|Driver Version|\bGPU\s+Name\b|\bFan\s+Temp\b|"
    r"\bMIG M\.|Volatile Uncorr|Memory-Usage|GPU-Util|Processes:|GPU\s+GI\s+CI\b|"
    r"\bID\s+ID\b|No running processes found|Compute M\.|Disp\.A|Bus-Id"
)
# a rule of the table: "+-----+-----+" or "|=====+=====|"
_SMI_RULE = re.compile(r"^[|+][-=+]{10,}[|+]$")
# a row of its processes block: "|    0   N/A  N/A    12345      C   python      1234MiB |"
_SMI_PROCESS = re.compile(r"^\|\s{1,8}\d{1,2}\s.{0,120}\s[CG]\+?G?\s.{0,120}(?:MiB|N/A)\s*\|$")
# fields NVML could not read in one GPU's rows, from which on the GPU is taken as not answering
# (one ERR! alone is a sensor - a fan or a power reading - not the GPU)
SMI_ERR_FIELDS = 2


@dataclass
class SmiTable:
    """nvidia-smi's table: the GPUs it lists (bus ids), a GPU whose Volatile Uncorr. ECC
    column counts errors, and ``ERR!`` fields of each GPU."""

    index: str = ""
    pci: str = ""
    errors: int = 0
    rows: int = 0  # rows read since the GPU's first row (two rows, three with MIG M.)
    reported: bool = False
    listed: dict[str, str] = field(default_factory=dict)  # bus id → nvidia-smi index
    first_line: int = 0
    banner: bool = False  # the "NVIDIA-SMI <version>" line came before the GPUs
    block_ended: bool = False  # the rule under the last GPU's rows was read
    closed: bool = False  # and a line of the table after it (the processes box)
    on_row: bool = False  # the line just read was a GPU's first row

    def read(self, line: str, n: int, origin: str, node: str) -> list[Signature] | None:
        """The signatures a table line gives ([] for a line of the table that says nothing
        alone: a rule, a column head, a GPU's second row), None for a line not the table's."""
        found: list[Signature] = []
        self.banner = self.banner or (not self.listed and "NVIDIA-SMI" in line)
        m = _SMI_ROW.match(line)
        self.on_row = m is not None
        if m is not None:
            self.index, self.pci = m["index"], m["pci"].lower()
            self.errors, self.rows, self.reported = 0, 0, False
            self.block_ended = False
            self.listed.setdefault(self.pci, self.index)
            self.first_line = self.first_line or n
            if (ecc := m["ecc"] or "").isdigit() and int(ecc) > 0:
                found.append(self._sig("smi_uncorrectable_ecc", n, line, origin, node, ecc=ecc))
        elif not self.pci or self.rows >= 3 or (self.rows >= 2 and _SMI_RULE.match(line)):
            self.closed = self.closed or self.block_ended
            self.block_ended = self.block_ended or bool(self.pci and _SMI_RULE.match(line))
            known = _SMI_FURNITURE.search(line) or _SMI_PROCESS.match(line)
            return [] if known is not None else None
        self.rows += 1
        self.errors += line.count("ERR!")
        if self.errors >= SMI_ERR_FIELDS and not self.reported:
            self.reported = True
            why = f"nvidia-smi shows ERR! in {self.errors} fields"
            found.append(self._sig("smi_gpu_lost", n, line, origin, node, why=why))
        return found

    def _sig(self, kind: str, n: int, line: str, origin: str, node: str, **extra: str) -> Signature:
        pci = self.pci[-12:] if len(self.pci) > 12 else self.pci
        return Signature(
            kind=kind,
            source="job_log",
            origin=origin,
            line=n,
            node=node,
            # nvidia-smi numbers the GPUs it sees in bus order (in a container, only the
            # ones given to it; the bus id in the detail is what names the GPU there)
            gpu=int(self.index),
            detail={"pci": pci, "smi_gpu": self.index, **extra},
            text=line[:SNIPPET],
        )

    @property
    def complete(self) -> bool:
        """The whole table: its banner, GPUs numbered from 0 without a gap, and a line of the
        table after the last GPU's rows (a paste cut mid-table or one GPU's block quoted alone
        lists fewer GPUs than the node has without any being missing)."""
        indices = sorted(int(i) for i in self.listed.values())
        return self.banner and self.closed and indices == list(range(len(indices)))

    def signature(self, origin: str, node: str) -> Signature | None:
        """``smi_gpus_listed``: how many GPUs (and which bus ids) the table listed, and whether
        the table is whole (:attr:`complete`)."""
        if not self.listed:
            return None
        return Signature(
            kind="smi_gpus_listed",
            source="job_log",
            origin=origin,
            line=self.first_line,
            node=node,
            detail={
                "count": str(len(self.listed)),
                "pcis": ",".join(sorted(self.listed)),
                "complete": "true" if self.complete else "false",
            },
            text=f"nvidia-smi lists {len(self.listed)} GPU(s)",
        )


@dataclass
class NodeGpuCounts:
    """``nvidia.com/gpu`` under capacity and under allocatable, as the lines come."""

    section: str = ""
    capacity: int | None = None
    allocatable: int | None = None
    line: int = 0

    def read(self, line: str, n: int) -> bool:
        """Take the line if it is part of a node's resources; True when it was."""
        if (m := _SECTION.match(line)) is not None:
            self.section = m["name"].lower()
            return True
        if (m := _GPU_COUNT.match(line)) is not None and self.section:
            setattr(self, self.section, int(m["n"]))
            self.line = max(self.line, n)
            return True
        if _OTHER_SECTION.match(line) is not None:
            self.section = ""
        return False

    def signature(self, origin: str, node: str) -> Signature | None:
        """``k8s_gpu_allocatable_low`` when allocatable GPUs are fewer than the node has."""
        if self.capacity is None or self.allocatable is None:
            return None
        if self.allocatable >= self.capacity:
            return None
        text = f"nvidia.com/gpu capacity {self.capacity}, allocatable {self.allocatable}"
        detail = {"capacity": str(self.capacity), "allocatable": str(self.allocatable)}
        return context_signature("k8s_gpu_allocatable_low", origin, self.line, node, detail, text)


@dataclass
class SmiGpuHeader:
    """The ``nvidia-smi`` GPU index the following lines are about."""

    index: str = ""
    name: str = ""  # the product name it prints ("NVIDIA B200", "NVIDIA H100 PCIe")

    def read(self, line: str) -> bool:
        if (m := _SMI_GPU.match(line)) is not None:
            self.index, self.name = m["index"], m["name"].strip()
            return True
        return False


# dcgmi nvlink --link-status (DCGM's dcgmi/Nvlink.cpp): "GPUs:" / "NvSwitches:" sections, a
# "gpuId N:" (or "physicalId N:") line, then that entity's link states on one line
_DCGM_LINK_SECTION = re.compile(r"^\s*(?P<name>GPUs|NvSwitches):\s*$")
_DCGM_LINK_ENTITY = re.compile(r"^\s*(?:gpuId|physicalId) (?P<id>\d{1,4}):\s*$")
_DCGM_LINK_STATES = re.compile(r"^\s*(?P<states>[UDX_](?: [UDX_]){0,35})\s*$")
_DCGM_LINK_FURNITURE = re.compile(
    r"^\s*(?:\|\s*NvLink Link Status\s*\||No NvSwitches found\.|Key: Up=U, Down=D)", re.I
)


@dataclass
class DcgmLinkStatus:
    """The GPU each row of ``dcgmi nvlink --link-status`` is about; a GPU row with a link
    ``D`` (supported and down, unlike ``X`` disabled or ``_`` not supported) is the same
    finding as ``nvidia-smi nvlink -s``'s ``<inactive>``."""

    section: str = ""
    entity: str = ""

    def read(self, line: str, n: int, origin: str, node: str) -> tuple[bool, Signature | None]:
        """Take a line; (whether it was part of the output, the signature of a GPU row with a
        link down)."""
        # every job-log line comes here first: outside the output, only its opening lines count
        if not self.section and "GPUs:" not in line and "NvLink Link Status" not in line:
            return False, None
        if (m := _DCGM_LINK_SECTION.match(line)) is not None:
            self.section, self.entity = m["name"], ""
            return True, None
        if _DCGM_LINK_FURNITURE.match(line) is not None:
            return True, None
        if self.section and (m := _DCGM_LINK_ENTITY.match(line)) is not None:
            self.entity = m["id"]
            return True, None
        if not self.entity or (m := _DCGM_LINK_STATES.match(line)) is None:
            self.entity = ""
            return False, None
        entity, self.entity = self.entity, ""
        states = m["states"].split()
        down = [str(i) for i, state in enumerate(states) if state == "D"]
        if self.section != "GPUs" or not down:
            return True, None
        detail = {"link": ",".join(down), "smi_gpu": entity, "tool": "dcgmi nvlink --link-status"}
        text = f"gpuId {entity}: {len(down)} of {len(states)} NVLink links down"
        return True, context_signature("smi_nvlink_inactive", origin, n, node, detail, text)


# the share of step time spent waiting for data above which the job is input-bound, over at
# least this many progress lines (one slow first batch is every job's warm-up)
DATA_WAIT_SHARE = 0.5
DATA_WAIT_LINES = 3


@dataclass
class DataWait:
    """Data-loading share of step time, from a job's progress lines."""

    shares: list[float] = field(default_factory=list)
    line: int = 0

    def read(self, line: str, n: int) -> bool:
        """Take a progress line; True when it was one."""
        if "ata" not in line:  # every job-log line comes here: "Data" / "data_time" or none
            return False
        m = _TIME_DATA.search(line)
        if m is not None:  # running averages: the share so far, not one step's
            total, data = float(m["tavg"]), float(m["davg"])
        elif (m := _MM_TIME.search(line)) is not None:
            total, data = float(m["t"]), float(m["d"])
        else:
            return False
        if total > 0:
            self.shares.append(min(data / total, 1.0))
            self.line = n
        return True

    def signature(self, origin: str, node: str) -> Signature | None:
        """``job_data_wait`` when the job spent most of its step time waiting for data."""
        if len(self.shares) < DATA_WAIT_LINES:
            return None
        share = sorted(self.shares)[len(self.shares) // 2]  # the median line
        if share < DATA_WAIT_SHARE:
            return None
        detail = {"data_share": f"{share:.2f}", "lines": str(len(self.shares))}
        text = f"data loading {share:.0%} of step time over {len(self.shares)} progress lines"
        return context_signature("job_data_wait", origin, self.line, node, detail, text)


def context_signature(
    kind: str, origin: str, line: int, node: str, detail: dict[str, str], text: str
) -> Signature:
    """What a run of lines said, as the job-log reader's signature."""
    return Signature(
        kind=kind,
        source="job_log",
        origin=origin,
        line=line,
        node=node,
        detail=detail,
        text=text[:SNIPPET],
    )
