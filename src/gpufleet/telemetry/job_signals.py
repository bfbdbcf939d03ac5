"""Job and pod log signatures that implicate the GPU stack → log events the NOC acts on.

A job's output is often the only place a fault shows: a pod log with ``CUDA error: uncorrectable
ECC error encountered``, the device plugin's ``XidCriticalError … marking device as unhealthy``,
the container runtime's ``nvml error: driver/library version mismatch``, NCCL's ``NET/IB : Got
completion from peer … status=12``. :mod:`telemetry.job_log` recognises them; this module turns
the ones that point at the hardware, the driver or the fabric into :class:`LogEvent` s of kind
``job_signature`` (``attrs["signature"]`` the kind), so a fault reported only by a job still
opens an incident.

Application faults (illegal address, launch failure, a remote rank that exited) are left out:
a job's own bug is not a fleet fault. The errors a job cannot cause by its own code are kept:
CUDA's "unknown error" (``cuInit`` returning 999 on a GPU the driver cannot bring up), NCCL's
"unhandled cuda error" / "unhandled system error" (its calls into CUDA or the OS failed: the
driver, the runtime, sockets, shared memory) and a GPU pod left Pending for want of
``nvidia.com/gpu`` (GPUs not advertised, withheld or held by something else). A collective
the NCCL watchdog timed out is kept, as a warning: the NOC's job rules see a hang in the
telemetry, but when the job's log is all there is (a pasted report, a fleet without per-job
telemetry) it is the only sign of the hang, and the diagnosis tells a straggler, a link or
the job's own code apart.

A signature with no node (a line that names no host, in a log that names none) belongs to the
fleet's only node when there is one, else it stays evidence only and is counted
(``unplaced``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.text_evidence import Signature
from gpufleet.telemetry.topology import Topology, normalize_pci_bus_id

KIND = "job_signature"
# job_log kinds that implicate the GPU stack, not the application
FLEET_SIGNATURES = frozenset(
    {
        "cuda_uncorrectable_ecc",
        "cuda_contained_error",
        "cuda_nvlink_uncorrectable",
        "cuda_no_device",
        "device_plugin_unhealthy",
        "gpu_runtime_failed",
        "nccl_ib_completion_error",
        "nccl_ib_async_event",
        "nccl_ib_setup_failed",
        "nccl_nvls_failure",
        "cuda_system_not_ready",
        "cuda_insufficient_driver",
        "cuda_driver_mismatch",
        "cuda_no_kernel_image",
        # CUDA refusing a context (cudaErrorDevicesUnavailable): a GPU held by another process
        # in exclusive mode, or one that cannot take work
        "cuda_device_unavailable",
        # a CUDA OOM, by whose memory filled the GPU (telemetry.cuda_oom): another process's is
        # the fleet's matter; the job's own (fragmentation, capacity) is kept, as the data wait
        # is, so a job log that shows nothing else still names its cause
        "cuda_oom_foreign",
        "cuda_oom_fragmentation",
        "cuda_oom_capacity",
        "nccl_watchdog_timeout",
        # telemetry.stack_errors: the tools around the job
        "smi_gpu_lost",
        # job_signals.not_listed: the node's own nvidia-smi lists fewer GPUs than it has
        "smi_gpu_not_listed",
        # nvidia-smi's table: the Volatile Uncorr. ECC column of a GPU counts errors
        "smi_uncorrectable_ecc",
        "smi_no_devices",
        "smi_nvlink_inactive",
        "k8s_gpu_allocatable_low",
        "slurm_gres_gpu_error",
        "slurm_kill_task_failed",
        "slurm_node_down_reason",
        "slurm_node_config_mismatch",
        "k8s_gpu_taint_untolerated",
        "host_oom_kill",
        # the job's own code cannot cause these (see the module docstring)
        "cuda_unknown_error",
        "nccl_unhandled_cuda_error",
        "nccl_system_error",
        "insufficient_gpu",
        "dcgm_health_thermal",
        "dcgm_health_nvlink",
        "dcgm_health_pcie",
        "dcgm_health_memory",
        "dcgm_health_other",
        # the job waiting on its input (text_context.DataWait, Lightning's few-workers warning):
        # a workload cause, kept so a job log that shows it names it
        "job_data_wait",
        # telemetry.gpud_states: GPUd's unhealthy components
        "gpud_fabric_manager",
        "gpud_nvlink",
        "gpud_memory",
        "gpud_thermal",
        "gpud_infiniband",
        "gpud_other",
    }
)


# Fleet signatures that say a call into the stack failed but not why: the file's other words
# (the lines no rule read) may still say more, so they do not stand for the whole file
# (telemetry.unread_text reads those lines too).
NONSPECIFIC = frozenset(
    {"cuda_unknown_error", "nccl_unhandled_cuda_error", "nccl_system_error", "insufficient_gpu"}
)


def unopened_lines(signatures: Iterable[Signature]) -> list[tuple[int, str]]:
    """The (line, text) of the signatures that open nothing of their own: a job's own fault
    (an illegal address, a launch failure) and a writer's statement. A report made only of them
    was still handed over because something failed (:mod:`telemetry.unread_text` quotes them
    when the file says nothing else), in line order, each line once."""
    lines = {(s.line, s.text) for s in signatures if s.kind not in FLEET_SIGNATURES and s.line}
    return sorted(lines)


def names_the_fault(event: LogEvent) -> bool:
    """Whether a job-signature event names what failed (not one of :data:`NONSPECIFIC`)."""
    return event.kind != KIND or event.attrs.get("signature") not in NONSPECIFIC


@dataclass
class JobSignalReport:
    events: list[LogEvent] = field(default_factory=list)
    unplaced: int = 0  # fleet signatures on no known node: evidence only
    by_design: int = 0  # a GPU without NVLink reporting no active link: how it always is


# Products without NVLink, or with it only through an optional bridge: "all links are
# inActive" is their normal state (NVIDIA's product briefs: PCIe and GeForce / RTX cards).
_NO_NVLINK = re.compile(
    r"PCIe|GeForce|\bRTX\b|Quadro|TITAN|\bT4\b|\bL4\b|\bL40S?\b|\bA10G?\b|\bA16\b|"
    r"\bA2\b|\bP4\b|\bP40\b|\bNVL\b",
    re.I,
)


def job_signal_events(
    signatures: Iterable[tuple[Signature, str]], topology: Topology, at: float
) -> JobSignalReport:
    """(signature, job id) pairs → events at ``at`` (job output carries no time of its own:
    the time the log was read, marked ``attrs["time"] = "inferred"``)."""
    only = topology.node_keys[0] if len(topology.node_keys) == 1 else ""
    out = JobSignalReport()
    for read, job in signatures:
        # the node's own listing: judged against the node's GPUs here, where they are known
        listing = read.kind == "smi_gpus_listed" and not job
        sig = (not_listed(read, topology, read.node or only) if listing else None) or read
        if sig.kind not in FLEET_SIGNATURES:
            continue
        node = sig.node or only
        if node not in topology.node_pos:
            out.unplaced += 1
            continue
        gpu = _gpu_key(sig, topology, node)
        if _no_nvlink_by_design(sig, topology, node, gpu):
            out.by_design += 1
            continue
        out.events.append(
            LogEvent(
                timestamp=at,
                node=node,
                kind=KIND,
                message=sig.text,
                gpu=gpu,
                job_id=job or None,
                attrs={"signature": sig.kind, "time": "inferred", "origin": sig.origin},
            )
        )
    return out


def not_listed(sig: Signature, topology: Topology, node: str) -> Signature | None:
    """``smi_gpu_not_listed`` when nvidia-smi, run on the node itself (not in a job, whose
    container sees only the GPUs it was given), lists fewer GPUs than the node has: NVML did
    not enumerate the rest (fallen off the bus, failed to initialise). The report is about the
    node - the listing is what it shows - and names the missing GPU's bus id (``missing_pci``)
    when the topology's bus ids leave exactly one out."""
    pos = topology.node_pos.get(node)
    if pos is None:
        return None
    gpus = [int(g) for g in topology.gpus_of_node(pos)]
    listed = {normalize_pci_bus_id(p) for p in sig.detail.get("pcis", "").split(",")} - {None}
    count = int(sig.detail.get("count", "0") or 0)
    if sig.detail.get("complete") != "true" or not 0 < count < len(gpus):
        return None
    missing = [g for g in gpus if normalize_pci_bus_id(topology.gpu_pci_bus_id[g]) not in listed]
    detail = {"listed": str(count), "node_gpus": str(len(gpus))}
    if len(missing) == 1 and len(gpus) - count == 1:
        detail["missing_pci"] = topology.gpu_pci_bus_id[missing[0]]
    why = f"nvidia-smi lists {count} of the node's {len(gpus)} GPUs" + (
        f" (not {detail['missing_pci']})" if "missing_pci" in detail else ""
    )
    return replace(sig, kind="smi_gpu_not_listed", detail=detail, text=why)


def _no_nvlink_by_design(sig: Signature, topology: Topology, node: str, gpu: str | None) -> bool:
    """NVML's "all links are inActive" on a GPU whose name (as nvidia-smi printed it, else the
    topology's SKU of that GPU or of every GPU of the node) says it has no NVLink of its own."""
    if sig.kind != "smi_nvlink_inactive" or sig.detail.get("link") != "all":
        return False
    names = {sig.detail.get("gpu_name", "")} - {""}
    if not names:
        gpus = [topology.gpu_pos[gpu]] if gpu is not None else []
        gpus = gpus or [int(g) for g in topology.gpus_of_node(topology.node_pos[node])]
        names = {topology.gpu_sku[g] for g in gpus}
    return all(_NO_NVLINK.search(name) is not None for name in names)


# signatures about one GPU (the rest are about a node, a link or a service)
GPU_SCOPED = frozenset(
    {
        "cuda_uncorrectable_ecc",
        "cuda_contained_error",
        "device_plugin_unhealthy",
        "smi_gpu_lost",
        "dcgm_health_thermal",
        "dcgm_health_memory",
        "dcgm_health_pcie",
        "cuda_device_unavailable",
        "cuda_oom_foreign",
        "cuda_oom_fragmentation",
        "cuda_oom_capacity",
        # the job's GPUs sit waiting for input: on a one-GPU node, that GPU
        "job_data_wait",
    }
)


def _gpu_key(sig: Signature, topology: Topology, node: str) -> str | None:
    """The GPU a signature names: by UUID (the device plugin does), by PCI address or index
    (nvidia-smi does), by a CUDA ordinal only where it must be the node's (below), else the
    node's only GPU for a signature about one GPU."""
    uuid = sig.detail.get("uuid", "")
    g = topology.uuid_pos.get(uuid) if uuid else None
    if g is None and (pci := sig.detail.get("pci", "")):
        g = topology.gpu_by_pci(node, pci)
    if g is None and (index := sig.detail.get("smi_gpu", "")).isdigit():
        g = topology.gpu_by_index(node, int(index))
    if g is None and (ordinal := sig.detail.get("cuda_device", "")).isdigit():
        g = _last_gpu_by_ordinal(topology, node, int(ordinal))
    if g is not None:
        return topology.gpu_keys[g]
    return topology.only_gpu(node) if sig.kind in GPU_SCOPED else None


def _last_gpu_by_ordinal(topology: Topology, node: str, ordinal: int) -> int | None:
    """A CUDA ordinal counts the GPUs a process was given (a container's, a scheduler's
    ``CUDA_VISIBLE_DEVICES``), not the node's, so in general it names no GPU of the node. But a
    process that names device N sees at least N + 1 GPUs: on a node of exactly N + 1 it sees them
    all. On a node of one SKU CUDA's default order (``CUDA_DEVICE_ORDER=FASTEST_FIRST``, CUDA
    C++ Programming Guide, "CUDA Environment Variables") has no speed to rank the GPUs by, and
    they come in the PCI bus order nvidia-smi uses, so device N is taken as the node's GPU N (a
    ``CUDA_VISIBLE_DEVICES`` that lists every GPU out of order would break this; nothing in a
    pasted OOM says so). A node of mixed SKUs is left on the node: the faster card comes first.
    Ordinal 0 on a one-GPU node is :meth:`Topology.only_gpu`'s already."""
    pos = topology.node_pos.get(node)
    if ordinal < 1 or pos is None:
        return None
    gpus = topology.gpus_of_node(pos)
    if len(gpus) != ordinal + 1 or len({topology.gpu_sku[int(g)] for g in gpus}) != 1:
        return None
    return topology.gpu_by_index(node, ordinal)
