"""The GPU a job chose by index, and whether CUDA then found no device: the job asked for a GPU
the node does not show it.

CUDA numbers the devices a process may use from 0, in the order ``CUDA_VISIBLE_DEVICES`` lists
them; "if one of the indices is invalid, only the devices whose index precedes the invalid index
are visible" (CUDA C++ Programming Guide, "CUDA Environment Variables"). So a job started with
``CUDA_VISIBLE_DEVICES=1`` on a machine with one GPU sees no device at all, and CUDA says
``cudaErrorNoDevice`` ("no CUDA-capable device is detected"; PyTorch: "No CUDA GPUs are
available") on a node whose driver is sound. A script's own device flag (``CUDA_ID=1``,
``--gpu_id 1``, ``cuda:1``) that ends up in that variable or in a device call does the same.
That is the device-binding mode (``slurm-cgroup-gpu-mismatch``: the GPUs a job opens are not
the ones it has), not a driver that cannot reach the GPU: the fix is the job's index.

Index 0 says nothing: it exists whenever any GPU does, so "no device" beside it is the driver's
or the container's matter. Only a first index of 1 or more counts. A count (``--gpus 2``,
``gpus_per_node``, Kubernetes' ``nvidia.com/gpu=2``) is not an index and is not read, nor is a
DCGM exporter's ``gpu="1"`` label (a GPU that exists).

:class:`DeviceSelection` watches every line of a job's output (it consumes none) and, at the
end, turns "a job selected GPU ``i`` ≥ 1" plus "CUDA found no device" in the same file into the
``cuda_selected_device_absent`` signature (:mod:`telemetry.job_log`). Pure; each expression is
linear in the line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gpufleet.telemetry.text_context import context_signature
from gpufleet.telemetry.text_evidence import Signature

SELECTED_DEVICE_ABSENT = "cuda_selected_device_absent"  # the signature kind and the SRE finding
# CUDA's "no device" (telemetry.job_log.CUDA_ERRORS): what the absent index leads to
NO_DEVICE = "cuda_no_device"

# an index assigned to a device selector: the variable CUDA reads, a script's own device
# variable or flag, a framework's device string or call. Each group "i" is the first index.
_SELECTED = re.compile(
    r"\bCUDA_VISIBLE_DEVICES[\"']?\]?\s*[=:]\s*[\"']?(?P<i1>\d{1,2})\b|"
    r"(?<![./{,])\b(?:CUDA_ID|GPU_ID|GPU|DEVICE_ID)\s*=\s*[\"']?(?P<i2>\d{1,2})\b(?![.,]\d)|"
    r"(?<![\w-])--?(?:gpu[_-]?ids?|gpuid|device[_-]?ids?)[= ]+[\"'\[]?(?P<i3>\d{1,2})\b(?![.]\d)|"
    r"\bcuda:(?P<i4>\d{1,2})\b(?![.-]\w)|"
    r"\b(?:torch\.)?cuda\.set_device\(\s*(?P<i5>\d{1,2})\s*\)",
    re.IGNORECASE,
)
# "cuda:11.8.0-devel" (an image tag), "cuda:12" in an image name or pulled: a version, not a
# device. Read in a short window before the match, so that many "cuda:N" stay linear in the line
_IMAGE_TAG_BEFORE = re.compile(
    r"(?:nvidia/|/|image[:= ]\s*[\"']?|\bpull\s+[\"']?|(?-i:\bFROM)\s+)$", re.IGNORECASE
)
_IMAGE_TAG_REACH = 24


def selected_index(line: str) -> int | None:
    """The first GPU index ``line`` assigns to a device selector, or None."""
    low = line.lower()
    if "cuda" not in low and "gpu" not in low and "device" not in low:
        return None
    for m in _SELECTED.finditer(line):
        before = line[max(0, m.start() - _IMAGE_TAG_REACH) : m.start()]
        if m["i4"] is not None and _IMAGE_TAG_BEFORE.search(before):
            continue
        value = next(g for g in m.groups() if g is not None)
        return int(value)
    return None


@dataclass
class DeviceSelection:
    """The first line of a job's output that selects a GPU by an index of 1 or more."""

    index: int = -1
    line: int = 0
    text: str = ""

    def read(self, line: str, n: int) -> None:
        """Note ``line`` when it is the first to select an index of 1 or more."""
        if self.index >= 1:
            return
        i = selected_index(line)
        if i is not None and i >= 1:
            self.index, self.line, self.text = i, n, line.strip()

    def signature(self, found: Iterable[Signature], origin: str) -> Signature | None:
        """``cuda_selected_device_absent`` when the file also holds CUDA's "no device", on the
        node of that error."""
        if self.index < 1:
            return None
        no_device = next((s for s in found if s.kind == NO_DEVICE), None)
        if no_device is None:
            return None
        text = (
            f"the job selects GPU {self.index} (line {self.line}: {self.text}) and CUDA finds "
            f"no device (line {no_device.line})"
        )
        detail = {"index": str(self.index), "error_line": str(no_device.line)}
        return context_signature(
            SELECTED_DEVICE_ABSENT, origin, self.line, no_device.node, detail, text
        )
