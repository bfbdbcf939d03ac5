"""Job stdout / stderr (SLURM ``slurm-<id>.out``, a pod log) → NCCL / CUDA / PyTorch signatures.

Pure (:mod:`telemetry.text_evidence` conventions). Every line is searched for the signatures
below; a line may carry a launcher prefix (``srun -l``'s ``3: ``, torchrun's ``[default0]:``,
PyTorch's ``[rank3]:``) and NCCL's own ``host:pid:tid [cudaDev]`` prefix, which give the node
(``host``, matched against the topology's node names) and the GPU (``cudaDev`` — the CUDA device
ordinal the process saw, the GPU index when ``CUDA_VISIBLE_DEVICES`` lists the node's GPUs in
order). A line with no host takes the caller's ``node`` (the job's batch host, when known).

Kinds (``Signature.kind``) and the text they come from:

* ``nccl_ib_completion_error`` — ``NET/IB : Got completion from peer <ip><port> with status=12
  opcode=… len=… vendor err 129 (Send|Recv) localGid … remoteGids …`` (NCCL ≥ 2.19; older
  ``… with error 12, opcode 0, len 0, vendor err 129``; the IB plugin's ``NET/IBP:``). The
  status is the ``ibv_wc_status``: 12 = transport retries exhausted (``retry_exceeded``), 13 =
  RNR retries exhausted. The peer address (or the IPv4 inside an IPv4-mapped ``remoteGid``) is
  attributed to a node through the address book: ``peer``.
* ``nccl_ib_async_event`` — ``NET/IB : mlx5_0:1 Got async event : port error`` (link events NCCL
  saw on the HCA).
* ``nccl_nvls_failure`` / ``nccl_cuda_failure`` — ``transport/nvls.cc:… NCCL WARN Cuda failure 1
  'invalid argument'`` (NVLink SHARP set-up) / any other ``Cuda failure '…'`` whose message is
  none of the CUDA errors below. A relayed CUDA error that is one of them (``Cuda failure 802
  'system not yet initialized'``) takes that error's kind, ``relayed_by: nccl``.
* ``nccl_ib_setup_failed`` — ``NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed
  out …`` (``call``, ``why``): the IB transport could not set a connection up (addressing,
  routing, a GID index, memory registration limits).
* ``nccl_system_error`` (``unhandled system error``, ``ncclSystemError``, ``Bootstrap : no socket
  interface found``, ``No usable listening interface found``), ``nccl_remote_error``
  (``remote process exited or there was a network error``), ``nccl_unhandled_cuda_error``.
* ``nccl_watchdog_timeout`` — PyTorch ProcessGroupNCCL: ``[Rank 4] Watchdog caught collective
  operation timeout: WorkNCCL(SeqNum=610, OpType=ALLREDUCE, …) ran for 600086 milliseconds``
  (``rank``, ``seq``, ``op``, ``ran_ms``) or its ``Some NCCL operations have failed or timed
  out`` as it takes the process down; ``nccl_work_progress`` — ``… Rank 4] Timeout at NCCL
  work: 610, last enqueued NCCL work: 616, last completed NCCL work: 609`` and its later
  wordings (``last_completed``): the rank whose last completed work is behind the others is the
  straggler; ``-1`` means the group never completed a collective.
* CUDA errors in any wording (``RuntimeError: CUDA error: …``, ``CUDA_ERROR_…``, ``cudaError…``):
  ``cuda_contained_error`` (``CUDA_ERROR_CONTAINED`` / ``cudaErrorContained`` / "Invalid access
  of peer GPU memory over nvlink or a hardware error"), ``cuda_uncorrectable_ecc`` ("uncorrectable
  ECC error encountered"), ``cuda_device_unavailable`` ("CUDA-capable device(s) is/are busy or
  unavailable"), ``cuda_launch_failure`` ("unspecified launch failure"),
  ``cuda_illegal_address`` ("an illegal memory access was encountered"),
  ``cuda_nvlink_uncorrectable`` ("uncorrectable NVLink error"), ``cuda_no_device`` ("no
  CUDA-capable device is detected", PyTorch's "No CUDA GPUs are available"),
  ``cuda_invalid_device`` ("invalid device ordinal"), ``cuda_unknown_error`` ("CUDA error:
  unknown error").
* ``cuda_selected_device_absent`` — the job selected a GPU by an index of 1 or more
  (``CUDA_VISIBLE_DEVICES=1``, ``CUDA_ID=1``, ``--gpu_id 1``, ``cuda:1``) and the same file holds
  CUDA's "no device": the index names a GPU the node does not show the job
  (:mod:`telemetry.device_selection`).
* ``gpu_runtime_failed`` — the NVIDIA container runtime could not start the container
  (``nvidia-container-cli: initialization error: nvml error: driver/library version mismatch``,
  ``… driver not loaded``, ``no runtime for "nvidia" is configured``), as ``kubectl describe
  pod``'s ``Message:`` or a runtime's stderr prints it; ``runtime_error`` says which
  (:func:`telemetry.k8s_evidence.runtime_error`). ``Failed to initialize NVML:
  Driver/library version mismatch`` (nvidia-smi / NVML in the container) is the same failure.
* ``device_plugin_unhealthy`` — the NVIDIA k8s-device-plugin took a GPU out of service on an
  Xid: ``XidCriticalError: Xid=48 on Device=GPU-…; marking device as unhealthy.``
  (internal/rm/health.go, v0.12+), ``…, the device will go unhealthy.`` (server.go, ≤ v0.9),
  and ``'nvidia.com/gpu' device marked unhealthy: GPU-…`` (``xid``, ``uuid``, ``resource``).
  The Xid is the plugin's claim from an NVML event, not a kernel line.
* GPU-stack errors from the tools around the job (nvidia-smi / NVML failures, Slurm GRES
  errors, ``kubectl`` rows and events of GPU-stack pods, DCGM health watches):
  :mod:`telemetry.stack_errors`, whose kinds these are too.
* ``cuda_system_not_ready`` — ``system not yet initialized`` (cudaErrorSystemNotReady).
* ``cuda_driver_mismatch`` — ``system has unsupported display driver / cuda driver combination``
  (cudaErrorSystemDriverMismatch, 803): the node's CUDA driver library is not its kernel
  module's.
* ``cuda_no_kernel_image`` — ``no kernel image is available for execution on the device``
  (209), ``device kernel image is invalid`` (200), ``invalid device function`` (98) and
  PyTorch's ``… with CUDA capability sm_120 is not compatible with the current PyTorch
  installation``: the job's binary holds no code for this GPU's architecture.
* ``cuda_oom_foreign`` / ``cuda_oom_fragmentation`` / ``cuda_oom_capacity`` — a CUDA
  out-of-memory message, by whose memory filled the GPU (:mod:`telemetry.cuda_oom`: another
  process's, the allocator's unused pieces, the job's own tensors), with the allocator's numbers.
* ``k8s_gpu_allocatable_low`` — a node's ``nvidia.com/gpu`` allocatable below its capacity, and
  which GPU an ``nvidia-smi nvlink -s`` link line is under (:mod:`telemetry.text_context`).
* ``ecc_error_mention`` — any other line naming ECC errors.
* ``fault_recurrence_reported`` — the writer says the fault came back after it was recovered
  ("reoccurred", "happened again after the reboot", :mod:`telemetry.recurrence_words`); taken
  beside whatever else the line is, evidence only.
* ``container_status`` — ``kubectl describe pod``'s container blocks (a pod's "log" as operators
  paste it): after a container's name line (``  toolkit-validation:`` followed by
  ``Container ID:``), its ``Image:``, ``Reason:``, ``Exit Code:`` and ``Signal:`` lines
  (``container`` and ``image`` / ``reason`` / ``exit_code`` / ``signal``): which container of
  the pod failed, how, and which image version it ran.

``NCCL INFO`` lines, blank lines and Python traceback frames are ignored (understood, no
signature); other lines that mention the GPU stack are ``gpu_unparsed``. Errors:
:class:`JobLogError` only, for invalid arguments.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import replace

from gpufleet.telemetry import cuda_oom, stack_errors
from gpufleet.telemetry.device_selection import DeviceSelection
from gpufleet.telemetry.gpud_states import GpudStates
from gpufleet.telemetry.hostlist import expand_hostlist
from gpufleet.telemetry.k8s_evidence import runtime_error
from gpufleet.telemetry.statements import RECORDED_AS, statements_in
from gpufleet.telemetry.text_context import (
    DataWait,
    DcgmLinkStatus,
    NodeGpuCounts,
    SmiGpuHeader,
    SmiTable,
)
from gpufleet.telemetry.text_evidence import (
    ECHOED_COMMAND,
    SNIPPET,
    AddressBook,
    Signature,
    TextParse,
    as_text,
    host_node,
    lines_of,
    normalize_address,
)

__all__ = ["CUDA_ERRORS", "IBV_WC_STATUS", "JobLogError", "parse_job_log"]


class JobLogError(ValueError):
    """Invalid arguments to :func:`parse_job_log` (the one error this module raises)."""


# ibv_wc_status values NCCL prints as status= / error (verbs.h)
IBV_WC_STATUS: dict[int, str] = {
    1: "IBV_WC_LOC_LEN_ERR",
    2: "IBV_WC_LOC_QP_OP_ERR",
    4: "IBV_WC_LOC_PROT_ERR",
    5: "IBV_WC_WR_FLUSH_ERR",
    9: "IBV_WC_REM_INV_REQ_ERR",
    10: "IBV_WC_REM_ACCESS_ERR",
    11: "IBV_WC_REM_OP_ERR",
    12: "IBV_WC_RETRY_EXC_ERR",
    13: "IBV_WC_RNR_RETRY_EXC_ERR",
}

# CUDA error wording → kind. Checked in order; the first match names the line.
CUDA_ERRORS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "cuda_contained_error",
        re.compile(
            r"CUDA_ERROR_CONTAINED|cudaErrorContained|"
            r"invalid access of peer GPU memory over nvlink or a hardware error",
            re.I,
        ),
    ),
    (
        "cuda_uncorrectable_ecc",
        re.compile(
            r"uncorrectable ECC error encountered|CUDA_ERROR_ECC_UNCORRECTABLE|"
            r"cudaErrorECCUncorrectable",
            re.I,
        ),
    ),
    (
        "cuda_nvlink_uncorrectable",
        re.compile(
            r"uncorrectable NVLink error|CUDA_ERROR_NVLINK_UNCORRECTABLE|"
            r"cudaErrorNvlinkUncorrectable",
            re.I,
        ),
    ),
    (
        "cuda_device_unavailable",
        re.compile(
            r"CUDA-capable device(?:\(s\)|s)? (?:is|are)(?:/are)? busy or unavailable|"
            r"cudaErrorDevicesUnavailable|CUDA_ERROR_DEVICE_UNAVAILABLE",
            re.I,
        ),
    ),
    (
        "cuda_launch_failure",
        re.compile(
            r"unspecified launch failure|CUDA_ERROR_LAUNCH_FAILED|cudaErrorLaunchFailure", re.I
        ),
    ),
    (
        "cuda_illegal_address",
        re.compile(
            r"an illegal memory access was encountered|CUDA_ERROR_ILLEGAL_ADDRESS|"
            r"cudaErrorIllegalAddress",
            re.I,
        ),
    ),
    (
        # cudaErrorNoDevice (100); PyTorch's wording when CUDA counts no device
        "cuda_no_device",
        re.compile(
            r"no CUDA-capable device is detected|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|"
            r"No CUDA GPUs are available",
            re.I,
        ),
    ),
    (
        # cudaErrorInvalidDevice (101): "the device ordinal supplied by the user does not
        # correspond to a valid CUDA device" (CUDA Runtime API, error types) - the job asked
        # for an index past the devices it can see (CUDA_VISIBLE_DEVICES renumbers them)
        "cuda_invalid_device",
        re.compile(
            r"invalid device ordinal|cudaErrorInvalidDevice\b|CUDA_ERROR_INVALID_DEVICE\b", re.I
        ),
    ),
    (
        # cudaErrorInsufficientDriver (35): the job's CUDA runtime is newer than the driver;
        # cudaErrorCompatNotSupportedOnDevice (804): ...and the forward-compatibility package it
        # brought does not run on this GPU (CUDA Compatibility guide: datacenter GPUs only)
        "cuda_insufficient_driver",
        re.compile(
            r"CUDA driver version is insufficient for CUDA runtime version|"
            r"cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_DRIVER|"
            r"forward compatibility was attempted on non supported HW|"
            r"cudaErrorCompatNotSupportedOnDevice|CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
            re.I,
        ),
    ),
    (
        # cudaErrorSystemDriverMismatch (803): "a mismatch between the versions of the display
        # driver and the CUDA driver" - the node's libcuda is not the loaded kernel module's
        # (a container bringing its own libcuda, a driver upgrade without reboot, a cuda-compat
        # package the driver does not take); the node's matter, unlike 35 (CUDA Runtime API)
        "cuda_driver_mismatch",
        re.compile(
            r"system has unsupported display driver ?/ ?cuda driver combination|"
            r"cudaErrorSystemDriverMismatch|CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
            re.I,
        ),
    ),
    (
        # cudaErrorNoKernelImageForDevice (209): the job was not built for this GPU's
        # architecture (its compute capability is missing from the binary's fatbin);
        # cudaErrorInvalidKernelImage (200): the image it carries does not load on this GPU;
        # cudaErrorInvalidDeviceFunction (98): "the requested device function does not exist or
        # is not compiled for the proper device architecture" (CUDA Runtime API, error types),
        # what older CUDA releases and frameworks (TensorFlow's "Internal: invalid device
        # function") print for the same missing architecture; and the compilers that build
        # the kernel at run time or install time refusing this GPU's architecture because the
        # toolkit predates it (or has dropped it): NVRTC's "invalid value for
        # --gpu-architecture (-arch)", nvcc's and ptxas's "Unsupported gpu architecture
        # 'compute_86'" and "Value 'sm_86' is not defined for option 'gpu-architecture'"; and
        # PyTorch's own check of the GPU against the architectures its build carries
        # (torch/cuda/__init__.py, _check_capability): "NVIDIA GeForce RTX 5090 with CUDA
        # capability sm_120 is not compatible with the current PyTorch installation", "Found GPU0
        # GeForce GTX 770 which is of cuda capability 3.0. PyTorch no longer supports this GPU
        # because it is too old" - the same missing architecture, told before the first kernel
        "cuda_no_kernel_image",
        re.compile(
            r"no kernel image is available for execution on the device|"
            r"with CUDA capability sm_\d{2,3}[af]? is not compatible with the current PyTorch "
            r"installation|PyTorch no longer supports this GPU because it is too old|"
            r"cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU|"
            r"invalid device function|cudaErrorInvalidDeviceFunction|"
            r"device kernel image is invalid|cudaErrorInvalidKernelImage|CUDA_ERROR_INVALID_IMAGE|"
            r"nvrtc: error: invalid value for --gpu-architecture|"
            r"(?:nvcc|ptxas) fatal\s{0,4}: {0,4}(?:Unsupported gpu architecture|"
            r"Value '(?:sm|compute)_\d{2,3}[af]?' is not defined for option "
            r"'(?:gpu-architecture|gpu-name)')",
            re.I,
        ),
    ),
    (
        # cudaErrorSystemNotReady (802): "the system is not yet ready to start any CUDA work …
        # all required driver daemons are actively running" — on NVSwitch systems, the Fabric
        # Manager (CUDA Runtime API, error types; Fabric Manager user guide)
        "cuda_system_not_ready",
        re.compile(
            r"system not yet initiali[sz]ed|cudaErrorSystemNotReady|CUDA_ERROR_SYSTEM_NOT_READY",
            re.I,
        ),
    ),
    (
        "cuda_unknown_error",
        re.compile(
            r"CUDA error: unknown error|CUDA_ERROR_UNKNOWN|CUDA unknown error - this may be due to",
            re.I,
        ),
    ),
)

# NCCL's prefix: host:pid:tid [cudaDev]
_NCCL_PREFIX = re.compile(
    r"(?:^|[\s\]:>])(?P<host>[A-Za-z0-9][A-Za-z0-9_.-]{0,252}):(?P<pid>[0-9]{1,10}):"
    r"(?P<tid>[0-9]{1,10}) \[(?P<dev>[0-9]{1,4})\]"
)
_RANK = re.compile(
    r"\[(?:PG [^\]]{0,80}? )?[Rr]ank (?P<rank>[0-9]{1,7})\]|\[rank(?P<r2>[0-9]{1,7})\]"
)
_IB_COMPLETION = re.compile(
    r"NET/IBP? ?: ?Got completion "
    # an IPv6 link-local peer carries its zone ("fe80::…%ib0")
    r"(?:from peer (?P<addr>[0-9A-Fa-f:.]{1,64})(?:%[A-Za-z0-9_.-]{1,16})?<(?P<port>[0-9]{1,6})> )?"
    r"with (?:error |status=)(?P<status>[0-9]{1,6})"
)
_OPCODE = re.compile(r"opcode[= ](?P<opcode>[0-9]{1,6})")
_VENDOR = re.compile(r"vendor err (?P<vendor>[0-9]{1,6})")
_DIRECTION = re.compile(r"\((?P<dir>Send|Recv)\)")
_REMOTE_GID = re.compile(r"remoteGids? ?(?P<gid>[0-9A-Fa-f:.]{2,64})")
# "Got async event : port error" (NCCL ≤ 2.18) / "Got async error event: port error" (later)
_ASYNC = re.compile(
    r"NET/IBP? ?: ?(?:(?P<dev>[A-Za-z0-9_]{1,32}):(?P<port>[0-9]{1,3}) )?"
    r"Got async (?:error )?event ?: ?(?P<event>[^\r\n]{1,120})"
)
_CUDA_FAILURE = re.compile(r"Cuda failure (?:(?P<code>[0-9]{1,5}) )?'(?P<msg>[^']{1,300})'")
# transport/nvls.cc: "Failed to bind NVLink SHARP (NVLS) Multicast memory … : CUDA error 401 …"
_NVLS_FAILED = re.compile(
    r"NCCL WARN (?:Failed to (?:bind|allocate|map|create)|.{0,40}failed).{0,80}"
    r"(?:NVLink SHARP|NVLS|[Mm]ulticast)"
)
_CUDA_CODE = re.compile(r"CUDA error (?P<code>\d{1,5}) '(?P<msg>[^']{1,200})'")
# the WorkNCCL(...) part may be wrapped onto the next line of a pasted log: the watchdog's
# sentence alone is the timeout. ProcessGroupNCCL's watchdog prints a second sentence as it takes
# the process down ("Some NCCL operations have failed or timed out. Due to the asynchronous
# nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data"):
# the same abort, and often the only line a report quotes
_WATCHDOG = re.compile(
    r"Watchdog caught collective operation timeout:?"
    r"(?: {0,4}WorkNCCL\(SeqNum=(?P<seq>[0-9]{1,15}), OpType=(?P<op>[A-Za-z_]{1,40}))?|"
    r"Some NCCL operations have failed or timed out\b"
)
# PyTorch Lightning's own warning (trainer/connectors/data_connector.py): the loader has too few
# worker processes to keep up - the usual cause of input starvation
_FEW_WORKERS = re.compile(r"does not have many workers which may be a bottleneck")
_RAN_FOR = re.compile(r"ran for (?P<ms>[0-9]{1,15}) milliseconds")
# The watchdog's progress line in the three wordings ProcessGroupNCCL has used: "Timeout at
# NCCL work: 19, last enqueued NCCL work: 19, last completed NCCL work: 18" (2.2-2.3),
# "Exception (either an error or timeout) detected by watchdog at work: 7930, last enqueued NCCL
# work: 7931, …" (2.4), "failure detected by watchdog at work sequence id: 1 PG status: last
# enqueued work: 1, last completed work: -1" (2.5 on)
_PROGRESS = re.compile(
    r"(?:Timeout at NCCL work|detected by watchdog at work(?: sequence id)?): "
    r"(?P<seq>[0-9]{1,15}),? (?:PG status: )?last enqueued (?:NCCL )?work: (?P<enq>-?[0-9]{1,15}),"
    r" last completed (?:NCCL )?work: (?P<done>-?[0-9]{1,15})"
)
# NCCL's IB transport failing to set a connection up (transport/net_ib.cc, misc/ibvwrap.cc):
# "NCCL WARN Call to ibv_modify_qp failed with 110 Connection timed out, on dev mlx5_0:1, curr
# state INIT, next state RTR" - the verbs call that failed and why
_IB_SETUP = re.compile(
    r"NCCL WARN Call to (?P<call>ibv_[a-z_]{3,32}) failed"
    r"(?: with (?:error )?(?P<why>[^,\r\n]{1,80}))?"
)
# NCCL's set-up failing on the host: a system call, or no network interface to bootstrap on
# (bootstrap.cc "Bootstrap : no socket interface found", net_socket.cc "NET/Socket : No usable
# listening interface found": NCCL_SOCKET_IFNAME names none the host has)
_SYSTEM_ERROR = re.compile(
    r"unhandled system error|ncclSystemError|Bootstrap ?: no socket interface found|"
    r"No usable listening interface found",
    re.I,
)
_REMOTE_ERROR = re.compile(
    r"remote process exited or there was a network error|ncclRemoteError|"
    r"NCCL WARN [^\r\n]{0,40}Connection closed by remote peer",
    re.I,
)
_UNHANDLED_CUDA = re.compile(r"unhandled cuda error|ncclUnhandledCudaError", re.I)
_ECC = re.compile(r"\becc errors?\b", re.I)
# NVML's own words, and libnvidia-container's ("nvml error: driver/library version mismatch"),
# which a terminal paste often wraps onto a line of its own after "nvidia-container-cli: …"
_NVML_MISMATCH = re.compile(
    r"(?:Failed to initialize NVML|\bnvml error): Driver/library version mismatch", re.I
)
_PLUGIN_XID = re.compile(
    r"XidCriticalError: Xid=(?P<xid>[0-9]{1,5}) on Device=(?P<uuid>[A-Za-z0-9-]{1,80})"
)
_PLUGIN_MARKED = re.compile(
    r"'(?P<res>[A-Za-z0-9._/-]{1,64})' device marked unhealthy: (?P<uuid>[A-Za-z0-9-]{1,80})"
)
# kinds that are a line naming a fault in passing, not a tool's report of one: evidence, and
# words for the complaint reader when nothing else in the file opened an incident
MENTIONS = frozenset({"ecc_error_mention"})
# context a crash prints around the error line: understood, carries no signature of its own
_IGNORED = re.compile(
    r"NCCL INFO|^\s*File \"|^\s*Traceback \(most recent call last\)|"
    r"CUDA kernel errors might be asynchronously reported|CUDA_LAUNCH_BLOCKING=1|"
    r"TORCH_USE_CUDA_DSA"
)


def parse_job_log(
    data: str | bytes,
    *,
    origin: str,
    node: str = "",
    nodes: Iterable[str] = (),
    addresses: Mapping[str, object] | AddressBook | None = None,
) -> TextParse:
    """Signatures of one job's output. ``origin`` names the file (``jobs/4242.log``); ``node``
    is the host for lines that name none; ``nodes`` the topology's node names (host names in
    the text are matched to them); ``addresses`` the address book (node → IPs) that turns a peer
    IP into a node. Raises :class:`JobLogError` only for invalid arguments."""
    if not isinstance(origin, str) or not origin:
        raise JobLogError("origin must name the file or command the text came from")
    book = addresses if isinstance(addresses, AddressBook) else AddressBook(addresses)
    known = frozenset(nodes)
    out = TextParse()
    block = _Describe()
    counts, smi, gpud, data_wait = NodeGpuCounts(), SmiGpuHeader(), GpudStates(), DataWait()
    table, links = SmiTable(), DcgmLinkStatus()
    selection = DeviceSelection()
    recent: deque[str] = deque(maxlen=cuda_oom.WRAP_LINES)
    for n, line in lines_of(as_text(data), out.report):
        out.report.total += 1
        if line and not line.isspace():  # a blank line inside a wrapped message is the paste's
            recent.append(line)
        selection.read(line, n)  # context only: the line is read on below
        taken, down = links.read(line, n, origin, node)
        if taken:
            out.report.recognised += 1
            if down is not None:
                out.add(down)
            continue
        if (
            line.lstrip().startswith(("|", "+"))
            and (rows := table.read(line.strip(), n, origin, node)) is not None
        ):
            if rows or table.on_row:
                out.report.recognised += 1
            else:
                out.report.ignored += 1
            for row in rows:
                out.add(row)
            continue
        held, ended = gpud.read(line, n, origin, node)
        for state in ended:
            out.add(state)
        if held or counts.read(line, n) or smi.read(line) or data_wait.read(line, n):
            out.report.ignored += 1  # context for the lines that follow (text_context)
            continue
        sig = (
            _signature(line, n, origin, node, known, book, out)
            or block.signature(line, n, origin, node)
            or _wrapped_oom(recent, n, origin, node)
        )
        recorded = sig.kind if sig is not None else ""
        for kind in statements_in(line):  # beside whatever else the line is (statements)
            if RECORDED_AS.get(kind) != recorded:
                out.add(_statement(kind, line, n, origin, node))
        if sig is not None:
            if sig.kind == "smi_nvlink_inactive" and smi.index:
                gpu = {"smi_gpu": smi.index, "gpu_name": smi.name}
                sig = replace(sig, detail={**sig.detail, **gpu})
            out.report.recognised += 1
            if sig.kind in MENTIONS:
                out.report.mentioned(n, line)
            for each in _per_listed_node(sig, known):
                out.add(each)
        elif not line.strip() or _IGNORED.search(line) or ECHOED_COMMAND.match(line):
            out.report.ignored += 1
        else:
            out.report.not_understood(n, line)
    if (low := counts.signature(origin, node)) is not None:
        out.add(low)
    if (last := gpud.finish(origin, node)) is not None:
        out.add(last)
    if (waiting := data_wait.signature(origin, node)) is not None:
        out.add(waiting)
    if (listed := table.signature(origin, node)) is not None:
        out.add(listed)
    if (absent := selection.signature(out.signatures, origin)) is not None:
        out.add(absent)
    return _numbers_over_words(out)


def _numbers_over_words(out: TextParse) -> TextParse:
    """A bare "CUDA out of memory" (a title, a summary line) says only that memory ran out, which
    :mod:`telemetry.cuda_oom` reads as ``capacity`` because nothing points elsewhere. Where the
    same text quotes the allocator's own numbers for the same place (the node and GPU, or a
    line that names none), their verdict is what the text says ("47.54 GiB total capacity;
    4.88 MiB free; 686.00 MiB reserved in total by PyTorch": another process's memory), and the
    wording's ``capacity`` beside it would outvote it. Another node's or GPU's bare OOM stays:
    the numbers say nothing about it."""
    oom = [s for s in out.signatures if s.kind.startswith("cuda_oom_")]
    counted = {(s.node, s.gpu) for s in oom if s.detail.get("verdict_from") == "numbers"}
    if not counted:
        return out
    nodes = {node for node, _ in counted}
    for sig in oom:
        same_place = (sig.node, sig.gpu) in counted or (sig.gpu is None and sig.node in nodes)
        if sig.detail.get("verdict_from") == "wording" and same_place:
            out.discard(sig)
    return out


def _statement(kind: str, line: str, n: int, origin: str, node: str) -> Signature:
    """The writer's word about the fault (:mod:`telemetry.statements`): evidence only, it opens
    nothing."""
    return Signature(
        kind=kind,
        source="job_log",
        origin=origin,
        line=n,
        node=node,
        text=line[:SNIPPET],
    )


# kubectl describe pod: a container's name line, the line that confirms it, its status fields
_DESCRIBE_NAME = re.compile(r"^ {2,4}(?P<name>[a-z0-9][a-z0-9-]{0,62}):\s*$")
_DESCRIBE_ID = re.compile(r"^\s+Container ID:")
_DESCRIBE_FIELD = re.compile(
    r"^\s+(?P<key>Image|Reason|Exit Code|Signal):\s+(?P<value>\S[^\n]{0,200}?)\s*$"
)


class _Describe:
    """Which container of a ``kubectl describe pod`` block the lines belong to: a name line
    counts only once the next line is its ``Container ID:`` (so a job's own ``name:`` lines
    never start a block)."""

    def __init__(self) -> None:
        self.candidate = ""
        self.container = ""

    def signature(self, line: str, n: int, origin: str, node: str) -> Signature | None:
        if _DESCRIBE_ID.match(line) and self.candidate:
            self.container, self.candidate = self.candidate, ""
            return None
        name = _DESCRIBE_NAME.match(line)
        self.candidate = name["name"] if name else ""
        field = _DESCRIBE_FIELD.match(line) if self.container else None
        if field is None:
            return None
        key = field["key"].lower().replace(" ", "_")
        return Signature(
            kind="container_status",
            source="job_log",
            origin=origin,
            line=n,
            node=node,
            detail={"container": self.container, key: field["value"][:120]},
            text=line[:SNIPPET],
        )


def _signature(
    line: str,
    n: int,
    origin: str,
    default_node: str,
    known: frozenset[str],
    book: AddressBook,
    out: TextParse,
) -> Signature | None:
    kind, detail, peer_addr = _classify(line)
    if kind is None:
        return None
    prefix = _NCCL_PREFIX.search(line)
    host = host_node(prefix["host"], known) if prefix else default_node
    if prefix and known and host not in known and default_node:
        # a pod's hostname is not a node's: the line ran where the log was taken
        detail["host"] = prefix["host"]
        host = default_node
    if (named := detail.get("node")) and (named in known or not known):
        host = named  # the line names the node it is about (slurmctld's "node X")
    rank = _RANK.search(line)
    if rank is not None:
        detail["rank"] = rank["rank"] or rank["r2"]
    peer = book.node_of(peer_addr) if peer_addr else ""
    if peer_addr and not peer:
        gid = _REMOTE_GID.search(line)
        peer = book.node_of(gid["gid"]) if gid else ""
        if not peer:
            out.report.unattributed_peers += 1
    return Signature(
        kind=kind,
        source="job_log",
        origin=origin,
        line=n,
        node=host,
        gpu=int(prefix["dev"]) if prefix else _named_gpu(detail),
        peer=peer,
        peer_address=peer_addr,
        detail=detail,
        text=line[:SNIPPET],
    )


def _wrapped_oom(recent: deque[str], n: int, origin: str, node: str) -> Signature | None:
    """An OOM's numbers a paste wrapped over the last lines (:func:`cuda_oom.read_wrapped`),
    kept at the line that ends them."""
    if (wrapped := cuda_oom.read_wrapped(recent)) is None:
        return None
    oom, text = wrapped
    return Signature(
        kind=f"cuda_oom_{oom['verdict']}",
        source="job_log",
        origin=origin,
        line=n,
        node=node,
        detail=oom,
        text=text[-SNIPPET:],
    )


def _named_gpu(detail: Mapping[str, str]) -> int | None:
    """The nvidia-smi index a line names for its GPU (``smi_gpu``: "GPU 1 has 1 Volatile Uncorr.
    ECC"), the number nvidia-smi's table gives the same GPU."""
    index = detail.get("smi_gpu", "")
    return int(index) if index.isdigit() else None


def _per_listed_node(sig: Signature, known: frozenset[str]) -> list[Signature]:
    """A line about a Slurm hostlist (``sinfo -R``'s ``compute[001-003]``) is about each known
    node it names; a line that names one node, or none the topology knows, stays as it is."""
    nodelist = sig.detail.get("nodelist", "")
    if sig.node or not nodelist or not known:
        return [sig]
    try:
        named = [n for n in expand_hostlist(nodelist) if n in known]
    except ValueError:  # not a hostlist after all: the line keeps no node
        return [sig]
    return [replace(sig, node=n) for n in dict.fromkeys(named)] or [sig]


def _cuda_kind(text: str) -> str | None:
    return next((kind for kind, rx in CUDA_ERRORS if rx.search(text) is not None), None)


def _classify(line: str) -> tuple[str | None, dict[str, str], str]:
    """(kind, detail, peer address as written) of one line; kind None when nothing matches."""
    m = _IB_COMPLETION.search(line)
    if m is not None:
        return _ib_completion(line, m)
    m = _ASYNC.search(line)
    if m is not None:
        return (
            "nccl_ib_async_event",
            {
                "hca": m["dev"] or "",
                "port": m["port"] or "",
                "event": m["event"].strip()[:80],
            },
            "",
        )
    m = _CUDA_FAILURE.search(line)
    if m is not None:
        nvls = "nvls" in line.lower()
        detail = {"cuda_message": m["msg"][:120], "cuda_code": m["code"] or ""}
        relayed = _cuda_kind(m["msg"])
        if relayed is not None and not nvls:
            # NCCL relaying a CUDA error is that CUDA error ("Cuda failure 802 'system not yet
            # initialized'" is cudaErrorSystemNotReady, whoever printed it)
            return relayed, {**detail, "relayed_by": "nccl"}, ""
        detail["cuda_error"] = relayed or ""
        return ("nccl_nvls_failure" if nvls else "nccl_cuda_failure"), detail, ""
    if _NVLS_FAILED.search(line) is not None:
        code = _CUDA_CODE.search(line)
        detail = {"cuda_code": code["code"], "cuda_message": code["msg"][:120]} if code else {}
        return "nccl_nvls_failure", detail, ""
    m = _WATCHDOG.search(line)
    if m is not None:
        ran = _RAN_FOR.search(line)
        return (
            "nccl_watchdog_timeout",
            {
                "seq": m["seq"] or "",
                "op": m["op"] or "",
                "ran_ms": ran["ms"] if ran else "",
            },
            "",
        )
    if _FEW_WORKERS.search(line) is not None:
        return "job_data_wait", {"why": "few_workers"}, ""
    m = _PROGRESS.search(line)
    if m is not None:
        return (
            "nccl_work_progress",
            {
                "seq": m["seq"],
                "last_enqueued": m["enq"],
                "last_completed": m["done"],
            },
            "",
        )
    return _other(line)


def _ib_completion(line: str, m: re.Match[str]) -> tuple[str, dict[str, str], str]:
    status = int(m["status"])
    detail = {
        "status": str(status),
        "status_name": IBV_WC_STATUS.get(status, ""),
        "retry_exceeded": "true" if status in (12, 13) else "false",
    }
    for rx, key in ((_OPCODE, "opcode"), (_VENDOR, "vendor"), (_DIRECTION, "dir")):
        found = rx.search(line)
        if found is not None:
            detail[{"vendor": "vendor_err", "dir": "direction"}.get(key, key)] = found[key]
    addr = m["addr"] or ""
    if addr and not normalize_address(addr):
        detail["peer_text"] = addr  # not an IP (a name): kept, not attributed
    return "nccl_ib_completion_error", detail, addr


# A line that names the NVIDIA container runtime and says it failed. In an event message the
# runtime is only ever named when it failed; in free text it is named as often in a command
# ("$ nvidia-container-cli -V"), a path ("/etc/nvidia-container-runtime/config.toml") or a
# checklist, none of which is a failure.
_RUNTIME_FAILED = re.compile(
    r"error|fail|timed? ?out|timeout|not found|cannot|can't|unable|denied|refus|no such|"
    r"not permitted|crash|panic",
    re.IGNORECASE,
)


def _k8s_gpu(line: str) -> tuple[str, dict[str, str]] | None:
    """The container runtime's and the device plugin's GPU failures (see the module doc)."""
    error = runtime_error(line)
    if error is not None and (error != "other" or _RUNTIME_FAILED.search(line) is not None):
        return "gpu_runtime_failed", {"runtime_error": error}
    if _NVML_MISMATCH.search(line) is not None:
        return "gpu_runtime_failed", {"runtime_error": "driver_library_mismatch"}
    if (m := _PLUGIN_XID.search(line)) is not None:
        return "device_plugin_unhealthy", {"xid": m["xid"], "uuid": m["uuid"]}
    if (m := _PLUGIN_MARKED.search(line)) is not None:
        return "device_plugin_unhealthy", {"resource": m["res"], "uuid": m["uuid"]}
    return None


def _other(line: str) -> tuple[str | None, dict[str, str], str]:
    if (k8s := _k8s_gpu(line)) is not None:
        return k8s[0], k8s[1], ""
    if (m := _IB_SETUP.search(line)) is not None:
        return "nccl_ib_setup_failed", {"call": m["call"], "why": (m["why"] or "").strip()}, ""
    if _SYSTEM_ERROR.search(line) is not None:
        return "nccl_system_error", {}, ""
    if _REMOTE_ERROR.search(line) is not None:
        return "nccl_remote_error", {}, ""
    if _UNHANDLED_CUDA.search(line) is not None:
        relayed = _cuda_kind(line)
        if relayed is not None:
            return relayed, {"relayed_by": "nccl"}, ""
        return "nccl_unhandled_cuda_error", {}, ""
    if (oom := cuda_oom.read(line)) is not None:
        return f"cuda_oom_{oom['verdict']}", oom, ""
    kind = _cuda_kind(line)
    if kind is not None:
        return kind, {}, ""
    if (found := stack_errors.classify(line)) is not None:
        return found[0], found[1], ""
    if _ECC.search(line) is not None:
        return "ecc_error_mention", {}, ""
    return None, {}, ""
