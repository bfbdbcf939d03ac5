"""A CUDA out-of-memory message → whose memory filled the GPU (pure).

The OOM a job prints is the first thing an operator is shown, and its numbers already say which
of three different problems it is:

* ``foreign``: memory the job's own allocator does not hold fills the GPU — another process (a
  job that outlived its allocation, a second job on a GPU the scheduler thinks is free, a stray
  notebook) holds it. An operator's matter: find and stop the process.
* ``fragmentation``: the allocator holds enough free memory for the request, in pieces too small
  (PyTorch: "reserved but unallocated"). The owner's matter: ``expandable_segments``.
* ``capacity``: the job's own tensors fill the GPU. The owner's matter: a smaller batch or more
  GPUs.

Read from PyTorch's two wordings (c10/cuda/CUDACachingAllocator.cpp) — before 2.1:
``Tried to allocate 216.00 MiB (GPU 0; 7.92 GiB total capacity; 69.17 MiB already allocated;
24.56 MiB free; 86.00 MiB reserved in total by PyTorch)`` and from 2.1: ``Tried to allocate 546.00
MiB. GPU 0 has a total capacity of 15.77 GiB of which 514.19 MiB is free. [Process N has X memory
in use.]… [Including non-PyTorch memory, this process has Y memory in use.] Of the allocated memory
13.73 GiB is allocated by PyTorch, … and 736.86 MiB is reserved by PyTorch but unallocated.`` —
from vLLM's start-up check (``Free memory on device cuda:0 (0.41/79.18 GiB) on startup is less
than desired GPU memory utilization (0.85, 67.3 GiB)``: nothing of the engine's own is loaded yet,
so memory in use is another's when it is most of the GPU, else the setting asks too much) — and
from the wordings that carry no numbers (TensorFlow's ``OOM when allocating tensor``, XLA's
``RESOURCE_EXHAUSTED: Out of memory``, a bare ``CUDA out of memory``), which are ``capacity`` only
in the sense that nothing points elsewhere (``verdict_from = "wording"``).

A paste often wraps the message at a terminal's, an e-mail's or a forum's width, so the numbers
run over two or three lines (:func:`read_wrapped` reads them joined, at the line that ends them);
and the numbers name the process's CUDA device (``cuda_device``), which
:mod:`telemetry.job_signals` maps to a GPU of the node only where it must be the node's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

# a CUDA context and the allocator's bookkeeping take a few hundred MiB outside PyTorch's
# reserve on every GPU (CUDA C++ Programming Guide, "Initialization": the context's own memory);
# memory outside the reserve beyond this is another process's
CONTEXT_MIB = 1024.0
# ...or beyond this share of the GPU, whichever is larger (a large context on a large GPU)
CONTEXT_SHARE = 0.1
# A message that does not say what the whole process holds (PyTorch before 2.1 names only its own
# reserve) cannot tell the process's memory outside that reserve - its context with every kernel
# module loaded at start (CUDA before 11.7 had no lazy loading; the CUDA C++ Programming Guide's
# "Lazy Loading" names the device memory eager loading costs, often a GiB or more for a
# framework's kernels), cuBLAS and cuDNN workspaces, a second library in the process - from
# another process's: only most of the GPU is another's
UNSEPARATED_SHARE = 0.5

_UNIT = {"b": 1 / 2**20, "kib": 1 / 1024, "mib": 1.0, "gib": 1024.0, "tib": 1024.0**2}
_SIZE = r"(?P<{0}>[0-9]+(?:\.[0-9]+)?) ?(?P<{0}_u>[KMGT]iB|B)\b"

# torch.OutOfMemoryError is the GPU's; Ray's and the JVM's exceptions of the same name are the
# host's memory (telemetry.stack_errors reads Ray's as the host's OOM kill). The runtime's own
# string for cudaErrorMemoryAllocation is "out of memory", printed after whatever the program
# prefixes: "RuntimeError: CUDA error: out of memory", "CUDA RT1 Error: out of memory", "CUDA
# Driver API error out of memory", "cudaMalloc failed: out of memory", ethminer's "… out of memory
# on CUDA device 03:00.0", the CUDA_SAFE_CALL form ethminer and many CUDA programs print ("CUDA
# error in func 'ethash_cuda_miner::init' at line 243 : out of memory": the function, the line,
# then cudaGetErrorString), a notebook's traceback headed by TensorFlow's ResourceExhaustedError
# (its class for a failed allocation; alone it may be a quota, a file or a gRPC message, so only
# the traceback's header, whose "OOM when allocating tensor" a screenshot often hides), a
# miner's "GPU #1: out of memory";
# Vulkan's is VK_ERROR_OUT_OF_DEVICE_MEMORY; OpenCL's is CL_MEM_OBJECT_ALLOCATION_FAILURE (the
# Khronos OpenCL spec: "a failure to allocate memory for buffer object"; CL_OUT_OF_RESOURCES is
# NVIDIA's catch-all for a failed launch, not memory). The CUDA libraries' allocation statuses are a
# device allocation that failed inside the library: CUBLAS_STATUS_ALLOC_FAILED ("usually caused
# by a cudaMalloc() failure", the cuBLAS docs), CUDNN_STATUS_ALLOC_FAILED, CUFFT_ALLOC_FAILED,
# and cuSOLVER's, cuSPARSE's and cuRAND's of the same name. A bare "out of memory" is the host's
# as often as the GPU's.
_ANY_OOM = re.compile(
    r"CUDA out of memory|(?<!ray\.exceptions\.)(?<!java\.lang\.)OutOfMemoryError|"
    r"OOM when allocating tensor|"
    r"RESOURCE_EXHAUSTED: Out of memory|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|"
    r"\bCUDA(?: driver API| RT\d*| runtime)? error\b:? (?:[\w:]+ ){0,2}out of memory\b|"
    r"\b(?:cudaMalloc\w*|cuMemAlloc\w*) (?:failed|returned|error)\W{0,3}(?:\w+ ){0,2}"
    r"out of memory\b|"
    r"\bout of memory on (?:the )?(?:cuda )?device\b|^\s*GPU ?#?\d{1,2}: out of memory\b|"
    r"\bCUDA error in func(?:tion)? '?[\w:<>~]{1,80}'?(?: at)? line \d{1,6} ?:? out of memory\b|"
    r"\bResourceExhaustedError {2,}Traceback \(most recent call last\)|"
    # a miner's own: T-Rex's "GPU #0: not enough free memory to mine ethash at epoch 410" (the
    # coin's DAG outgrew the card)
    r"\bGPU ?#\d{1,2}: not enough (?:free )?(?:GPU )?memory\b|"
    r"VK_ERROR_OUT_OF_DEVICE_MEMORY|\bErrorOutOfDeviceMemory\b|\bCL_MEM_OBJECT_ALLOCATION_FAILURE\b|"
    r"\bCU(?:BLAS|DNN|SOLVER|SPARSE|RAND)_STATUS_ALLOC_FAILED\b|\bCUFFT_ALLOC_FAILED\b",
    re.I,
)
_REQUEST = re.compile(r"Tried to allocate " + _SIZE.format("req"))
_OLD = re.compile(
    r"\(GPU (?P<gpu>\d{1,3}); "
    + _SIZE.format("total")
    + r" total capacity; "
    + _SIZE.format("alloc")
    + r" already allocated; "
    + _SIZE.format("free")
    + r" free; "
    + _SIZE.format("reserved")
    + r" reserved in total by PyTorch"
)
_NEW_TOTAL = re.compile(
    r"GPU (?P<gpu>\d{1,3}) has a total capacity of "
    + _SIZE.format("total")
    + r" of which "
    + _SIZE.format("free")
    + r" is free"
)
# vLLM's start-up check (vllm/v1/worker/gpu_worker.py, init_device): before it loads the model
# the engine compares the GPU's free memory with the share it was told to take: "Free memory on
# device cuda:0 (0.41/79.18 GiB) on startup is less than desired GPU memory utilization (0.85,
# 67.3 GiB)". The engine holds only its context then, so what is not free is another process's,
# or the setting asks for more than the GPU has; the line does not say what the engine itself
# holds, so only most of the GPU is another's (``UNSEPARATED_SHARE``)
_VLLM_STARTUP = re.compile(
    r"Free memory on device(?: [\w:]+)? \((?P<free>[0-9]+(?:\.[0-9]+)?)/"
    r"(?P<total>[0-9]+(?:\.[0-9]+)?) GiB\) on startup is less than desired GPU memory "
    r"utilization \([0-9.]+, (?P<req>[0-9]+(?:\.[0-9]+)?) GiB\)"
)
_NEW_ALLOC = re.compile(r"Of the allocated memory " + _SIZE.format("alloc") + r" is allocated")
_NEW_UNALLOC = re.compile(_SIZE.format("unalloc") + r" is reserved by PyTorch but unallocated")
_THIS_PROCESS = re.compile(r"this process has " + _SIZE.format("own") + r" memory in use")


def _mib(m: re.Match[str], name: str) -> float:
    return float(m[name]) * _UNIT[m[f"{name}_u"].lower()]


def read(line: str) -> dict[str, str] | None:
    """The OOM's numbers and verdict (see the module doc), or None when the line is not one."""
    if not any(w in line for w in ("emory", "EMORY", "OOM", "capacity", "ALLOC", "Exhausted")):
        return None  # cheap: most lines of a job log are not about memory
    # the allocator's numbers alone are an OOM: a paste often starts after "CUDA out of memory."
    numbers = _numbers(line)
    if numbers is None:
        if _ANY_OOM.search(line) is None:
            return None
        return {"verdict": "capacity", "verdict_from": "wording"}
    return _detail(numbers, line)


# the words that close the allocator's numbers in either wording: a line that holds one and not
# the numbers is the end of a message a paste wrapped (a terminal's, an e-mail's, a forum's
# fixed width): "Tried to allocate ⏎ 5.00 GiB (GPU 3; 21.99 GiB total capacity; … ⏎ 1.51 GiB
# free; 20.16 GiB reserved in total by PyTorch)"
_NUMBERS_END = ("reserved in total by PyTorch", "is reserved by PyTorch but unallocated")
# the wrapped message's lines, the last included: the request ("Tried to allocate 5.00 GiB") may
# open the message a line before the numbers start
WRAP_LINES = 4


def read_wrapped(lines: Sequence[str]) -> tuple[dict[str, str], str] | None:
    """The numbers of an OOM message wrapped over ``lines`` (the last ``WRAP_LINES`` non-blank
    lines of a text, the last one just read) and the joined text they were read from, or None
    unless the last line ends them and only joined lines hold them: a line that reads alone is
    :func:`read`'s."""
    last = lines[-1] if lines else ""
    if not any(end in last for end in _NUMBERS_END):
        return None  # cheap: called for every line a job log's readers did not take
    window = list(lines)
    if any(_numbers(line) is not None for line in window):
        return None  # a line read alone already (or a person quoting its numbers after it)
    # the shortest window that holds the request, else the shortest that holds the numbers: no
    # more of the text before the message than it needs
    found: tuple[dict[str, float], str] | None = None
    for start in range(len(window) - 2, -1, -1):
        joined = " ".join(part.strip() for part in window[start:])
        if (numbers := _numbers(joined)) is None:
            continue
        found = found or (numbers, joined)
        if "request" in numbers:
            found = (numbers, joined)
            break
    if found is None:
        return None
    numbers, joined = found
    return _detail(numbers, joined), joined


def _numbers(line: str) -> dict[str, float] | None:
    return _old(line) or _new(line) or _vllm_startup(line)


def _detail(numbers: dict[str, float], text: str) -> dict[str, str]:
    """The numbers in MiB, the device they name and the verdict, as a signature's detail."""
    named = {"cuda_device": device} if (device := cuda_device(text)) is not None else {}
    return {**{k: f"{v:.0f}" for k, v in numbers.items()}, **named, **_verdict(numbers)}


def cuda_device(line: str) -> str | None:
    """The CUDA device ordinal the allocator's numbers name ("GPU 3; 21.99 GiB total capacity",
    "GPU 3 has a total capacity of"): the process's own count of the GPUs it sees, which
    :mod:`telemetry.job_signals` maps to a GPU of the node only where it must be the node's."""
    m = _OLD.search(line) or _NEW_TOTAL.search(line)
    return m["gpu"] if m is not None else None


def _old(line: str) -> dict[str, float] | None:
    if (m := _OLD.search(line)) is None:
        return None
    out = {k: _mib(m, k) for k in ("total", "alloc", "free", "reserved")}
    if (r := _REQUEST.search(line)) is not None:
        out["request"] = _mib(r, "req")
    return out


def _new(line: str) -> dict[str, float] | None:
    if (t := _NEW_TOTAL.search(line)) is None or (a := _NEW_ALLOC.search(line)) is None:
        return None
    out = {"total": _mib(t, "total"), "free": _mib(t, "free"), "alloc": _mib(a, "alloc")}
    unalloc = _mib(u, "unalloc") if (u := _NEW_UNALLOC.search(line)) is not None else 0.0
    out["reserved"] = out["alloc"] + unalloc
    if (own := _THIS_PROCESS.search(line)) is not None:
        out["own"] = _mib(own, "own")
    if (r := _REQUEST.search(line)) is not None:
        out["request"] = _mib(r, "req")
    return out


def _vllm_startup(line: str) -> dict[str, float] | None:
    if (m := _VLLM_STARTUP.search(line)) is None:
        return None
    gib = _UNIT["gib"]
    total, free, request = (float(m[k]) * gib for k in ("total", "free", "req"))
    # nothing allocated yet: the engine's own memory is its context, inside the margin
    return {"total": total, "free": free, "alloc": 0.0, "reserved": 0.0, "request": request}


def _verdict(n: dict[str, float]) -> dict[str, str]:
    """Memory not the job's beyond a context → foreign; free + reserved-unused would hold the
    request → fragmentation; else the job's own tensors fill the GPU → capacity."""
    own = n.get("own", n["reserved"])
    others = n["total"] - n["free"] - own
    share = CONTEXT_SHARE if "own" in n else UNSEPARATED_SHARE
    margin = max(CONTEXT_MIB, share * n["total"])
    if others > margin:
        return {"verdict": "foreign", "verdict_from": "numbers", "others": f"{others:.0f}"}
    unused = n["reserved"] - n["alloc"]
    request = n.get("request", 0.0)
    if request and unused > 0 and unused + n["free"] >= request:
        return {"verdict": "fragmentation", "verdict_from": "numbers", "unused": f"{unused:.0f}"}
    return {"verdict": "capacity", "verdict_from": "numbers"}
