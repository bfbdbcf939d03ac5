"""What a line means from the lines above it, in command output operators paste.

Pure. Two outputs need their context:

* a Kubernetes node (``kubectl get node -o yaml``, ``kubectl describe node``) lists
  ``nvidia.com/gpu`` once under capacity and once under allocatable; allocatable below capacity
  is the device plugin withholding GPUs it marked unhealthy (k8s-device-plugin README: an
  unhealthy device is withdrawn from allocation) - :class:`NodeGpuCounts`;
* ``nvidia-smi nvlink -s`` prints each link under its ``GPU N: <name> (UUID: …)`` header -
  :class:`SmiGpuHeader` says which GPU a link line is about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gpufleet.telemetry.text_evidence import SNIPPET, Signature

_SECTION = re.compile(r"^\s*(?P<name>capacity|allocatable)\s*:\s*$", re.I)
_OTHER_SECTION = re.compile(r"^\s*[A-Za-z][A-Za-z ]{0,40}:\s*$")
# a trailing remark the reporter typed ("7   <=== here") does not change the count
_GPU_COUNT = re.compile(r"^\s*nvidia\.com/gpu\s*:?\s+\"?(?P<n>\d{1,4})\"?(?:\s+[<#(-].*)?\s*$")
_SMI_GPU = re.compile(r"^GPU (?P<index>\d{1,2}): (?P<name>.{1,80}?) ?\(UUID: ")


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
        return Signature(
            kind="k8s_gpu_allocatable_low",
            source="job_log",
            origin=origin,
            line=self.line,
            node=node,
            detail={"capacity": str(self.capacity), "allocatable": str(self.allocatable)},
            text=text[:SNIPPET],
        )


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
