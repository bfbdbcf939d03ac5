"""Log events as first-class signals: Xid/SXid, GPU lost / not initialised, GSP errors, driver
wedges, NIC flaps.

Each Xid occurrence is classified against NVIDIA's catalog with its context (other Xids on the
same GPU in the window, repeats, the same code across the job's GPUs, a job teardown on the
node) by :func:`knowledge.xid.classify`. One anomaly is emitted per (GPU, code) per window, and
again only when the verdict gets more severe (e.g. an Xid 13 that keeps repeating on one GPU).
Benign verdicts (Xid 45 at teardown, Xid 63 alone) become INFO anomalies: evidence for an
incident if one exists, never a page.

Failures NVIDIA reports without an Xid (:mod:`telemetry.kernel_log` kinds):

* ``fallen_off_bus`` (one line or the three-line ``The NVIDIA GPU … fallen off the bus`` record,
  whose PCI id may be unknown) is Xid 79: the GPU is lost; without a PCI id the node is the
  entity. ``gsp_error`` with ``NV_ERR_GPU_IS_LOST`` is the same.
* ``gpu_probe_failed`` / ``rm_init_failed``: the driver could not initialise the GPU (CRITICAL).
* ``gsp_error`` with ``NV_ERR_RESET_REQUIRED`` (and Xid 154 "GPU Reset Required"): the GPU must
  be reset (``gpu_reset_required``, CRITICAL); a GSP timeout (``NV_ERR_TIMEOUT``) is a GSP
  firmware fault (``gsp_firmware_fault``, CRITICAL), and so is a GSP health report with no
  status (heartbeat timed out, the GSP Timeout banner, PMU halted, CrashCat; ``gsp_fault``);
  any other failed GSP call is a
  ``gsp_firmware_fault`` WARNING. The driver names GSP errors by GPU instance, not PCI id, so
  the node is the entity (its GPU, when the node has only one, or the one GPU whose Xid of the
  GSP / PMU chain the line sits beside).
* ``gpu_hung_task`` (a task blocked with an NVIDIA driver frame on its stack, or a kernel oops
  in the driver): the node's driver is wedged (``driver_wedge``, CRITICAL, node-level).
* ``job_signature`` (:mod:`telemetry.job_signals`): a fault a job's or pod's output reports
  (:data:`JOB_SIGNAL_RULES`), on the GPU the line names by UUID, else the node; the detector
  makes it evidence when the node already has an incident.
* ``report_signature`` (:mod:`telemetry.report_signals`): a ``dcgmi diag`` failure, an NHC
  check, an nccl-tests run, a GPU-stack pod state, ``nvidia-smi -q`` pending remaps
  (:mod:`agents.noc.report_rules`); the incident manager joins it to the open incident of its
  entity and family, or opens one.

PCIe errors the kernel reports (:mod:`telemetry.pcie_aer` via ``telemetry.kernel_log``: AER,
DPC, pciehp) on the GPU's own function, or on the port above it (its ``gpu_pci`` / ``children``
/ ``source_pci``), are placed on that GPU (topology), else on the node:

* an uncorrectable AER error (Non-Fatal or Fatal) or a DPC containment event is
  ``pcie_aer_uncorrectable`` (CRITICAL, family ``device``): the device is lost until the port
  is reset and usually until a reboot, so it joins an Xid 79 on the same GPU (same family,
  same entity) instead of opening a second incident;
* a Surprise Down error (status bit SDES) or pciehp's "Link Down" / "Card not present" is
  ``pcie_surprise_down`` (CRITICAL, ``device``): the link to the device went away;
* corrected errors count only as a rate: :data:`AER_CORRECTED_BURST` of them within
  :data:`AER_BURST_WINDOW_S` on one entity is ``pcie_aer_corrected_burst`` (WARNING,
  ``interconnect``). One corrected error is the link layer doing its job.

An error that the log ties to another vendor's device (``device [8086:…]``, a driver that is not
``nvidia``) and to no GPU, a slot's "Link Down" that names no GPU (a drive bay's hot swap looks
the same), and a firmware-first report whose severity the log lost are WARNINGs on the node,
not pages.

A wedge or GSP failure after a burst of Xid 45 on the same node is not teardown churn: the
Xid 45 verdict (INFO) never suppresses it, and the burst is re-emitted as INFO evidence right
after the new anomaly so that it lands on the incident.

Provenance and time: events a user-space process forged (``attrs["trusted"] == "false"``) and
nvidia-smi output (``gpu_handle_error``) are never signals; events whose line had no time
(``attrs["time"] == "unknown"``) cannot be placed in a window and are skipped. Both are counted
in :attr:`LogRules.skipped` (the detector reports them); ``"inferred"`` times (the read time)
are used as they are.
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable, Sequence

import numpy as np

from gpufleet.agents.noc.report_rules import report_anomaly, report_source
from gpufleet.bus.events import REPORT_SOURCE, Anomaly, Family, Layer, Severity
from gpufleet.knowledge.xid import classify, describe, xid_symptom
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.job_signals import KIND as JOB_SIGNAL
from gpufleet.telemetry.pcie_aer import NVIDIA_VENDOR, is_surprise_down
from gpufleet.telemetry.report_signals import KIND as REPORT_SIGNAL
from gpufleet.telemetry.topology import Topology

WINDOW_S = 300.0
# A wedge is usually reported a few minutes after the Xid burst that started it (the hung-task
# watchdog fires after 120 s, often 240-600 s): context is looked for this far back.
WEDGE_CONTEXT_S = 900.0
# GSP status names (nvstatuscodes.h) read as "the firmware did not answer".
GSP_TIMEOUTS = frozenset({"NV_ERR_TIMEOUT", "NV_ERR_TIMEOUT_RETRY"})
XID154_RESET = frozenset({"GPU Reset Required", "Drain and Reset"})
# Failures of one GPU's own firmware that the driver names by GPU instance ("GPU0"), not by
# PCI id: on a node with one GPU there is no doubt which GPU it is.
GPU_LOCAL = frozenset({"gsp_firmware_fault", "gpu_reset_required"})
# Xids of the GSP / PMU chain (catalog: 61/62 PMU, 119/120 GSP, 154 the recovery action): the
# driver prints its GSP detail lines ("GPU3 _kgspRpcGspEventPmuHalted …", no PCI id) beside
# the Xid that names the GPU, in the same second
GSP_CHAIN_XIDS = frozenset({61, 62, 119, 120, 154})
GSP_PAIR_S = 5.0
# telemetry.kernel_log's gsp_fault attribute → words for the operator.
GSP_FAULTS = {
    "heartbeat": "the GSP stopped answering its heartbeat",
    "banner": "the driver's GSP Timeout report",
    "sanity": "an RPC response from the GSP failed its sanity check",
    "pmu": "the GSP reports that the PMU halted",
    "crashcat": "the GSP firmware crash report (CrashCat)",
}
NIC_FLAP_WINDOW_S = 600.0
# Corrected PCIe errors: the same physical threshold the SRE findings use for the GPU's own
# replay counter (agents.sre.findings.PCIE_REPLAY_PER_MIN, 10 per minute: a healthy link
# retries a handful per hour), read from the AER lines. The kernel rate-limits AER printing
# (10 per 5 s per device since 6.16), so a burst in the log is at least this many.
AER_CORRECTED_BURST = 10
AER_BURST_WINDOW_S = 60.0
PCIE_KINDS = frozenset({"pcie_aer", "pcie_dpc", "pcie_link_down"})
NIC_FLAP_MIN_DOWNS = 2


# telemetry.job_signals signature → (symptom, family, severity, layer, words for the operator)
JOB_SIGNAL_RULES: dict[str, tuple[str, Family, Severity, Layer, str]] = {
    "cuda_uncorrectable_ecc": (
        "job_uncorrectable_ecc",
        Family.MEMORY,
        Severity.CRITICAL,
        "hardware",
        "CUDA reported an uncorrectable ECC error",
    ),
    "cuda_contained_error": (
        "job_contained_error",
        Family.MEMORY,
        Severity.CRITICAL,
        "hardware",
        "CUDA reported a contained memory error (the GPU stopped the job's access)",
    ),
    "cuda_nvlink_uncorrectable": (
        "job_nvlink_uncorrectable",
        Family.INTERCONNECT,
        Severity.CRITICAL,
        "hardware",
        "CUDA reported an uncorrectable NVLink error",
    ),
    "cuda_no_device": (
        "job_no_cuda_device",
        Family.DEVICE,
        Severity.WARNING,
        "driver",
        "CUDA found no usable GPU",
    ),
    "device_plugin_unhealthy": (
        "device_plugin_unhealthy",
        Family.DEVICE,
        Severity.CRITICAL,
        "driver",
        "the NVIDIA device plugin marked the GPU unhealthy after an Xid",
    ),
    "gpu_runtime_failed": (
        "gpu_runtime_failed",
        Family.HOST,
        Severity.CRITICAL,
        "driver",
        "the NVIDIA container runtime could not start a GPU container (driver / NVML)",
    ),
    "nccl_ib_completion_error": (
        "job_ib_completion_error",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "NCCL's InfiniBand / RoCE transfers failed (work completion error)",
    ),
    "nccl_ib_setup_failed": (
        "job_ib_setup_failed",
        Family.INTERCONNECT,
        Severity.WARNING,
        "driver",
        "NCCL's InfiniBand / RoCE transport could not set a connection up (a verbs call failed)",
    ),
    "nccl_ib_async_event": (
        "job_ib_port_event",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "NCCL saw an HCA port event",
    ),
    "nccl_nvls_failure": (
        "job_nvls_failure",
        Family.INTERCONNECT,
        Severity.WARNING,
        "driver",
        "NCCL could not set up NVLink SHARP (the fabric manager's multicast)",
    ),
    "cuda_system_not_ready": (
        "cuda_system_not_ready",
        Family.INTERCONNECT,
        Severity.CRITICAL,
        "driver",
        "CUDA refused work: system not yet initialized (on NVSwitch systems, Fabric Manager)",
    ),
    "cuda_no_kernel_image": (
        "cuda_no_kernel_image",
        Family.HOST,
        Severity.WARNING,
        "workload",
        "the job's binary holds no kernel for this GPU's architecture (built without its compute "
        "capability)",
    ),
    "cuda_driver_mismatch": (
        "cuda_driver_mismatch",
        Family.HOST,
        Severity.WARNING,
        "driver",
        "CUDA's driver library does not match the node's kernel driver (error 803)",
    ),
    "cuda_insufficient_driver": (
        "cuda_insufficient_driver",
        Family.HOST,
        Severity.WARNING,
        "driver",
        "the job's CUDA runtime is newer than the node's driver supports",
    ),
    "nccl_watchdog_timeout": (
        "nccl_watchdog_timeout",
        Family.UTILIZATION,
        Severity.WARNING,
        "workload",
        "PyTorch's NCCL watchdog timed out a collective: the job is hung",
    ),
    # the tools around the job (telemetry.stack_errors)
    "smi_gpu_lost": (
        "gpu_missing",
        Family.DEVICE,
        Severity.CRITICAL,
        "driver",
        "nvidia-smi cannot reach the GPU (its handle is lost)",
    ),
    "smi_uncorrectable_ecc": (
        "dbe",
        Family.MEMORY,
        Severity.CRITICAL,
        "hardware",
        "nvidia-smi counts volatile uncorrectable ECC errors on the GPU",
    ),
    "smi_gpu_not_listed": (
        "gpu_missing",
        Family.DEVICE,
        Severity.CRITICAL,
        "driver",
        "nvidia-smi on the node lists fewer GPUs than the node has",
    ),
    "smi_no_devices": (
        "node_gpus_silent",
        Family.DEVICE,
        Severity.CRITICAL,
        "driver",
        "nvidia-smi finds no GPU on the node",
    ),
    "smi_nvlink_inactive": (
        "nvlink_down",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "nvidia-smi nvlink -s lists NVLink link(s) inactive",
    ),
    "k8s_gpu_allocatable_low": (
        "k8s_gpus_withheld",
        Family.DEVICE,
        Severity.WARNING,
        "driver",
        "the node's allocatable nvidia.com/gpu is below its capacity: the device plugin "
        "withholds GPUs it marked unhealthy",
    ),
    "slurm_kill_task_failed": (
        "slurm_node_drained",
        Family.HOST,
        Severity.WARNING,
        "os",
        "Slurm drained the node: a job's processes would not die (Kill task failed)",
    ),
    "slurm_node_config_mismatch": (
        "slurm_node_drained",
        Family.HOST,
        Severity.WARNING,
        "os",
        "Slurm drained the node: it registered fewer resources than slurm.conf gives it (Low "
        "RealMemory / CPUs / TmpDisk)",
    ),
    "slurm_node_down_reason": (
        "slurm_node_drained",
        Family.HOST,
        Severity.WARNING,
        "os",
        "Slurm set the node down or drained it (rebooted unexpectedly, not responding, prolog/"
        "epilog error)",
    ),
    "k8s_gpu_taint_untolerated": (
        "k8s_gpu_pod_unschedulable",
        Family.HOST,
        Severity.WARNING,
        "os",
        "a GPU pod cannot be scheduled: it does not tolerate the GPU nodes' taint",
    ),
    "cuda_unknown_error": (
        "cuda_unknown_error",
        Family.DEVICE,
        Severity.WARNING,
        "driver",
        "CUDA failed with 'unknown error' (CUDA_ERROR_UNKNOWN, 999): the driver could not use "
        "the GPU and cannot say why",
    ),
    "nccl_unhandled_cuda_error": (
        "nccl_cuda_call_failed",
        Family.HOST,
        Severity.WARNING,
        "driver",
        "NCCL's call into CUDA failed (ncclUnhandledCudaError): the driver, the CUDA runtime or "
        "the GPU's state, not the job's collective",
    ),
    "nccl_system_error": (
        "nccl_system_error",
        Family.HOST,
        Severity.WARNING,
        "os",
        "NCCL's call into the operating system failed (ncclSystemError): sockets, network "
        "interfaces, shared memory",
    ),
    "insufficient_gpu": (
        "k8s_gpu_insufficient",
        Family.HOST,
        Severity.WARNING,
        "os",
        "a GPU pod stays Pending: the scheduler finds no node with a free nvidia.com/gpu",
    ),
    "host_oom_kill": (
        "host_oom_kill",
        Family.HOST,
        Severity.WARNING,
        "os",
        "the Linux OOM killer killed a process (host or cgroup memory, not GPU memory)",
    ),
    "slurm_gres_gpu_error": (
        "slurm_gres_mismatch",
        Family.HOST,
        Severity.WARNING,
        "os",
        "Slurm's GPU GRES disagrees with the node's devices (count or /dev/nvidia*)",
    ),
    "dcgm_health_thermal": (
        "thermal_slowdown",
        Family.THERMAL,
        Severity.WARNING,
        "hardware",
        "DCGM's thermal health watch reports thermal violations",
    ),
    "dcgm_health_nvlink": (
        "nvlink_down",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "DCGM's NVLink health watch reports link(s) down",
    ),
    "dcgm_health_pcie": (
        "pcie_replays",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "DCGM's PCIe health watch reports errors",
    ),
    "dcgm_health_memory": (
        "gpu_health_failed",
        Family.MEMORY,
        Severity.WARNING,
        "hardware",
        "DCGM's memory health watch reports errors",
    ),
    "dcgm_health_other": (
        "gpu_health_failed",
        Family.DEVICE,
        Severity.WARNING,
        "hardware",
        "a DCGM health watch reports the GPU not healthy",
    ),
    "cuda_device_unavailable": (
        "cuda_devices_unavailable",
        Family.HOST,
        Severity.WARNING,
        "os",
        "CUDA found every GPU it was given busy or unavailable (cudaErrorDevicesUnavailable: "
        "another process holds it in exclusive mode, or it cannot take work)",
    ),
    "cuda_oom_foreign": (
        "fb_nearly_full",
        Family.UTILIZATION,
        Severity.WARNING,
        "os",
        "CUDA ran out of memory while most of the GPU's memory is held outside the job: "
        "another process holds it",
    ),
    "cuda_oom_fragmentation": (
        "fb_nearly_full",
        Family.UTILIZATION,
        Severity.WARNING,
        "workload",
        "CUDA ran out of memory with enough free memory for the request, in pieces too small "
        "(the allocator's fragmentation)",
    ),
    "cuda_oom_capacity": (
        "fb_nearly_full",
        Family.UTILIZATION,
        Severity.WARNING,
        "workload",
        "CUDA ran out of memory: the job's own tensors fill the GPU",
    ),
    "job_data_wait": (
        "job_idle_gaps",
        Family.UTILIZATION,
        Severity.WARNING,  # as the telemetry's own idle-gaps rule: GPU-hours waiting on input
        "workload",
        "the job spends most of its step time waiting for input data (its own progress lines or "
        "its framework's warning)",
    ),
    # GPUd's component health (telemetry.gpud_states): the same symptoms as the fleet's own
    "gpud_fabric_manager": (
        "fabric_manager_failed",
        Family.INTERCONNECT,
        Severity.CRITICAL,
        "driver",
        "GPUd reports Fabric Manager not active: CUDA cannot start on an NVSwitch node",
    ),
    "gpud_nvlink": (
        "nvlink_down",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "GPUd reports NVLink unhealthy",
    ),
    "gpud_memory": (
        "gpu_health_failed",
        Family.MEMORY,
        Severity.WARNING,
        "hardware",
        "GPUd reports GPU memory errors (ECC or row remapping)",
    ),
    "gpud_thermal": (
        "thermal_slowdown",
        Family.THERMAL,
        Severity.WARNING,
        "hardware",
        "GPUd reports thermal or clock slowdown",
    ),
    "gpud_infiniband": (
        "job_ib_port_event",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "GPUd reports an InfiniBand port unhealthy",
    ),
    "gpud_other": (
        "gpu_health_failed",
        Family.DEVICE,
        Severity.WARNING,
        "hardware",
        "GPUd reports a GPU component unhealthy",
    ),
}
# kernel log event kinds that are the same fault as a job signature (telemetry.kernel_log):
# the OOM killer's own lines say what a job's "killed by signal: Killed" does not
KERNEL_SIGNALS: dict[str, str] = {
    "host_oom_kill": "host_oom_kill",
    # the kernel's own view of the container runtime's "driver/library version mismatch"
    "driver_api_mismatch": "gpu_runtime_failed",
    # the kernel refusing nvidia.ko (built for another kernel): no driver at all
    "driver_module_refused": "gpu_runtime_failed",
}

JOB_SIGNAL_ANOMALY_RULES = frozenset(f"log.{symptom}" for symptom, *_ in JOB_SIGNAL_RULES.values())
# A job's output carries no time of its own and is read when the job ends or is collected:
# the fault it reports may be an hour old (a job's lifetime), and belong to that hour's incident.
JOB_REPORT_WINDOW_S = 3600.0


def event_gpu(topo: Topology, e: LogEvent) -> str | None:
    """The GPU key a log event names: its own, else its PCI address on its node (the same bus
    ids repeat on every node of a fleet, so never the address alone)."""
    if e.gpu:
        return e.gpu
    g = topo.gpu_by_pci(e.node, e.pci_bus_id) if e.pci_bus_id else None
    return None if g is None else topo.gpu_keys[g]


class LogRules:
    def __init__(self, topology: Topology) -> None:
        self.topo = topology
        self._xids: dict[str, deque[tuple[float, int]]] = {}
        # (entity, Xid) → (time, severity, family) of the last anomaly emitted for it
        self._emitted: dict[tuple[str, int], tuple[float, Severity, Family]] = {}
        self._teardown: dict[str, float] = {}  # node → last job end
        self._nic_downs: dict[str, deque[float]] = {}
        self._flap_emitted: dict[str, float] = {}
        self.unmapped = 0  # Xid lines whose PCI id matched no GPU of the topology
        self._node_xids: dict[str, deque[tuple[float, int]]] = {}  # node → recent Xids
        # node → (time, GPU) of its GSP-chain Xids, newest last
        self._gsp_xid_gpus: dict[str, deque[tuple[float, str]]] = {}
        self._node_emitted: dict[tuple[str, str], tuple[float, Severity]] = {}
        self._context_emitted: dict[str, float] = {}  # node → last Xid-burst context
        self._lost_gpu: dict[str, tuple[float, str]] = {}  # node → (time, GPU) last lost
        self._aer_corrected: dict[str, deque[float]] = {}  # entity → recent corrected errors
        # Events that are never signals: "untrusted" (forged by user space), "time_unknown"
        # (the line had no time), "nvidia_smi" (user-space tool output, evidence only).
        self.skipped: Counter[str] = Counter()
        # anomaly id → the report it came from, for the incident's sources (the detector
        # hands them to the incident manager each tick)
        self.report_sources: dict[str, str] = {}

    def evaluate(
        self,
        t: float,
        events: Sequence[LogEvent],
        gpu_job: np.ndarray,
        job_gpus: Sequence[np.ndarray],
        ended_gpus: Iterable[int] = (),
    ) -> list[Anomaly]:
        topo = self.topo
        out: list[Anomaly] = []
        for g in ended_gpus:
            self._teardown[topo.node_keys[int(topo.gpu_node[g])]] = t
        for e in events:
            if e.kind == "job_end":
                self._teardown[e.node] = e.timestamp
        events = [e for e in events if self._usable(e)]
        batch: dict[str, list[int]] = {}
        for e in events:
            if e.kind in ("xid", "sxid") and e.xid is not None:
                key = self._gpu_key(e)
                batch.setdefault(key or e.node, []).append(e.xid)
        for e in events:
            first = len(out)
            if e.kind in ("xid", "sxid") and e.xid is not None:
                if e.kind == "xid":
                    self._remember_node_xid(e.node, e.timestamp, e.xid)
                    self._remember_gsp_xid(e)
                    if (cause := self._named_cause(e)) is not None:
                        ca = self._xid(cause, batch, gpu_job, job_gpus)
                        if ca is not None:
                            out.append(ca)
                a = self._xid(e, batch, gpu_job, job_gpus)
                if a is not None:
                    out.append(a)
                if e.xid == 154 and e.attrs.get("recovery_action") in XID154_RESET:
                    out += self._node_signal(
                        e,
                        "gpu_reset_required",
                        Severity.CRITICAL,
                        "hardware",
                        "Xid 154: the driver's recovery action is "
                        f"{e.attrs['recovery_action']!r}, the GPU must be reset",
                        per_gpu=True,
                    )
            elif e.kind == "fallen_off_bus" or (
                e.kind == "gsp_error" and e.attrs.get("error") == "NV_ERR_GPU_IS_LOST"
            ):
                out += self._lost(e, batch, gpu_job, job_gpus)
            elif e.kind == "rm_init_failed":
                key = self._gpu_key(e)
                out.append(
                    Anomaly.make(
                        time=e.timestamp,
                        rule="log.rm_init",
                        symptom="rm_init_failed",
                        family=Family.DEVICE,
                        severity=Severity.CRITICAL,
                        entity=key or e.node,
                        entity_kind="gpu" if key else "node",
                        layer="driver",
                        message=f"{key or e.node}: RmInitAdapter failed, GPU unusable: {e.message}",
                    )
                )
            elif e.kind == "gpu_probe_failed":
                probe = self._probe_of_lost_gpu(e)
                what = (
                    f"the driver's probe failed for {probe.attrs['devices']} device(s)"
                    if "devices" in probe.attrs
                    else "the driver's probe failed"
                )
                out += self._node_signal(
                    probe,
                    "gpu_probe_failed",
                    Severity.CRITICAL,
                    "driver",
                    f"{what}: GPU not initialised, unusable until the cause is fixed",
                    per_gpu=True,
                )
            elif e.kind == "gsp_error":
                out += self._gsp(e)
            elif e.kind in PCIE_KINDS:
                a = self._pcie(e)
                if a is not None:
                    out.append(a)
            elif e.kind == "gpu_hung_task":
                out += self._hung(e)
            elif e.kind == "nic_link_down":
                a = self._nic(e)
                if a is not None:
                    out.append(a)
            elif e.kind == JOB_SIGNAL or e.kind in KERNEL_SIGNALS:
                a = self._job_signal(e)
                if a is not None:
                    out.append(a)
            elif e.kind == REPORT_SIGNAL:  # a fault report: agents.noc.report_rules
                a = report_anomaly(e, self._node_emitted, WINDOW_S)
                if a is not None:
                    self.report_sources[a.anomaly_id] = report_source(e)
                    out.append(a)
            self._name_pasted_report(e, out[first:])
        return out

    def _name_pasted_report(self, e: LogEvent, anomalies: Sequence[Anomaly]) -> None:
        """A driver line a ticket or a tool's output quoted (``telemetry.quoted_kernel``) came
        from that report, not from the node's kernel log: the incident names the report among its
        sources, as it does a report a rule read."""
        pasted = e.attrs.get("pasted_from")
        if not pasted:
            return
        for a in anomalies:
            self.report_sources.setdefault(a.anomaly_id, f"{REPORT_SOURCE}pasted {pasted}")

    def _job_signal(self, e: LogEvent) -> Anomaly | None:
        """A fault a job's or pod's output reports (:mod:`telemetry.job_signals`), or the
        kernel the same way (:data:`KERNEL_SIGNALS`): one anomaly per (entity, signature) per
        window, on the GPU the line names by UUID, else the node."""
        found = JOB_SIGNAL_RULES.get(KERNEL_SIGNALS.get(e.kind) or e.attrs.get("signature", ""))
        if found is None:
            return None
        symptom, family, severity, layer, what = found
        entity = e.gpu or e.node
        prev = self._node_emitted.get((entity, symptom))
        if prev is not None and e.timestamp - prev[0] < WINDOW_S:
            return None
        self._node_emitted[(entity, symptom)] = (e.timestamp, severity)
        job = f" (job {e.job_id})" if e.job_id else ""
        by = "the kernel log" if e.kind in KERNEL_SIGNALS else f"a job's output{job}"
        return Anomaly.make(
            time=e.timestamp,
            rule=f"log.{symptom}",
            symptom=symptom,
            family=family,
            severity=severity,
            entity=entity,
            entity_kind="gpu" if e.gpu else "node",
            layer=layer,
            job=e.job_id or None,
            message=f"{entity}: {what}, reported by {by}. Log: {e.message[:160]!r}",
        )

    def _usable(self, e: LogEvent) -> bool:
        """False (and counted) for events that must never drive a rule."""
        if e.attrs.get("trusted") == "false":
            self.skipped["untrusted"] += 1
            return False
        if e.kind == "gpu_handle_error" or e.attrs.get("source") == "nvidia-smi":
            self.skipped["nvidia_smi"] += 1
            return False
        if e.attrs.get("time") == "unknown":
            self.skipped["time_unknown"] += 1
            return False
        return True

    def _named_cause(self, e: LogEvent) -> LogEvent | None:
        """The Xid the driver itself names as the cause of this one, when it was not seen.

        R560+ drivers end an Xid 45 (ROBUST_CHANNEL_PREEMPTIVE_REMOVAL) line with " caused by
        previous Xid %d" (open-gpu-kernel-modules, kernel_rc.c, XID_PRINT_WITH_ATTR with
        rootCause.preemptiveRemovalPreviousXid): the channels were torn down because of that
        Xid, not at a job's end. When the primary line itself is missing from the log (rotated,
        rate-limited, or only the teardown burst was pasted), the teardown line is the only
        evidence of it, so it stands for the primary Xid on the same GPU."""
        raw = e.attrs.get("caused_by_xid")
        if raw is None or not raw.isdigit() or int(raw) == e.xid:
            return None
        code = int(raw)
        entity = self._gpu_key(e) or e.node
        recent = self._xids.get(entity, ())
        if any(c == code and t >= e.timestamp - WINDOW_S for t, c in recent):
            return None
        self._remember_node_xid(e.node, e.timestamp, code)
        attrs = {"named_by_xid": str(e.xid)}
        message = f"(named by Xid {e.xid} as its cause) {e.message}"
        return LogEvent(e.timestamp, e.node, "xid", message, code, e.pci_bus_id, e.gpu, None, attrs)

    def _remember_gsp_xid(self, e: LogEvent) -> None:
        if e.xid in GSP_CHAIN_XIDS and (key := self._gpu_key(e)) is not None:
            self._gsp_xid_gpus.setdefault(e.node, deque(maxlen=64)).append((e.timestamp, key))

    def _gsp_paired_gpu(self, e: LogEvent) -> str | None:
        """The one GPU of the node whose GSP-chain Xid sits within :data:`GSP_PAIR_S` of this
        address-less GSP line (several such GPUs: none is named)."""
        near = {
            k for t, k in self._gsp_xid_gpus.get(e.node, ()) if abs(t - e.timestamp) <= GSP_PAIR_S
        }
        return near.pop() if len(near) == 1 else None

    def _remember_node_xid(self, node: str, t: float, code: int) -> None:
        hist = self._node_xids.setdefault(node, deque(maxlen=4096))
        hist.append((t, code))
        while hist and hist[0][0] < t - WEDGE_CONTEXT_S:
            hist.popleft()

    def _lost(
        self,
        e: LogEvent,
        batch: dict[str, list[int]],
        gpu_job: np.ndarray,
        job_gpus: Sequence[np.ndarray],
    ) -> list[Anomaly]:
        """The GPU is gone (fallen off the bus, or the driver says the GPU is lost): Xid 79."""
        self._remember_node_xid(e.node, e.timestamp, 79)
        if (key := self._gpu_key(e)) is not None:
            self._lost_gpu[e.node] = (e.timestamp, key)
        a = self._xid(
            LogEvent(e.timestamp, e.node, "xid", e.message, 79, e.pci_bus_id, e.gpu),
            batch,
            gpu_job,
            job_gpus,
        )
        return [] if a is None else [a]

    def _gsp(self, e: LogEvent) -> list[Anomaly]:
        err = e.attrs.get("error", "")
        call = e.attrs.get("call", "GSP call")
        if err == "NV_ERR_RESET_REQUIRED":
            return self._node_signal(
                e,
                "gpu_reset_required",
                Severity.CRITICAL,
                "hardware",
                f"GSP reports NV_ERR_RESET_REQUIRED ({call}): the GPU must be reset",
            )
        fault = e.attrs.get("gsp_fault")
        if fault is not None:  # heartbeat lost, timeout report, PMU halt, GSP crash report
            return self._node_signal(
                e,
                "gsp_firmware_fault",
                Severity.CRITICAL,
                "driver",
                f"GSP firmware fault ({GSP_FAULTS.get(fault, fault)}): GPU unusable until reset",
            )
        if err in GSP_TIMEOUTS:
            return self._node_signal(
                e,
                "gsp_firmware_fault",
                Severity.CRITICAL,
                "driver",
                f"GSP firmware did not answer ({err}, {call}): GPU unusable until reset",
            )
        what = err or e.attrs.get("status", "unknown status")
        return self._node_signal(
            e,
            "gsp_firmware_fault",
            Severity.WARNING,
            "driver",
            f"a call to the GSP firmware failed ({call}: {what})",
        )

    def _pcie_gpu(self, e: LogEvent) -> str | None:
        """The GPU a PCIe error is about: its own function, or the GPU the port's record names
        below it (``gpu_pci``, ``children``, DPC's ``source_pci``); a GPU-looking device on a
        node with one GPU is that GPU."""
        if e.gpu:
            return e.gpu
        if (named := e.attrs.get("gpu_key")) in self.topo.gpu_pos:
            return named
        kids = e.attrs.get("children", "").split(",")
        for pci in (e.pci_bus_id, e.attrs.get("gpu_pci"), e.attrs.get("source_pci"), *kids):
            if pci and (g := self.topo.gpu_by_pci(e.node, pci)) is not None:
                return self.topo.gpu_keys[g]
        return self.topo.only_gpu(e.node) if _gpu_like(e) else None

    def _pcie(self, e: LogEvent) -> Anomaly | None:
        key = self._pcie_gpu(e)
        entity = key or e.node
        if not entity:
            return None
        if e.kind == "pcie_aer" and e.attrs.get("severity") == "corrected":
            if is_surprise_down(e.attrs):  # a corrected SDES cannot happen; be safe
                return None
            return self._aer_burst(e, entity, key)
        down = e.kind == "pcie_link_down" or is_surprise_down(e.attrs)
        symptom = "pcie_surprise_down" if down else "pcie_aer_uncorrectable"
        other = key is None and _other_vendor(e)
        # firmware-first reports without their CPER header do not say how bad, and a slot's
        # "Link Down" that names no GPU may be a drive swapped on purpose: no page for either
        unknown = e.attrs.get("severity") == "unknown"
        slot_only = key is None and e.kind == "pcie_link_down"
        severity = Severity.WARNING if other or unknown or slot_only else Severity.CRITICAL
        prev = self._node_emitted.get((entity, symptom))
        if prev is not None and e.timestamp - prev[0] < WINDOW_S and severity <= prev[1]:
            return None
        self._node_emitted[(entity, symptom)] = (e.timestamp, severity)
        return Anomaly.make(
            time=e.timestamp,
            rule=f"log.{symptom}",
            symptom=symptom,
            family=Family.DEVICE,
            severity=severity,
            entity=entity,
            entity_kind="gpu" if key else "node",
            layer="hardware",
            message=f"{entity}: {_pcie_words(e, down)}. Log: {e.message[:160]!r}",
        )

    def _aer_burst(self, e: LogEvent, entity: str, key: str | None) -> Anomaly | None:
        seen = self._aer_corrected.setdefault(entity, deque(maxlen=4 * AER_CORRECTED_BURST))
        seen.append(e.timestamp)
        while seen and seen[0] < e.timestamp - AER_BURST_WINDOW_S:
            seen.popleft()
        if len(seen) < AER_CORRECTED_BURST:
            return None
        symptom = "pcie_aer_corrected_burst"
        prev = self._node_emitted.get((entity, symptom))
        if prev is not None and e.timestamp - prev[0] < WINDOW_S:
            return None
        self._node_emitted[(entity, symptom)] = (e.timestamp, Severity.WARNING)
        bits = e.attrs.get("status_bits") or "unnamed"
        return Anomaly.make(
            time=e.timestamp,
            rule=f"log.{symptom}",
            symptom=symptom,
            family=Family.INTERCONNECT,
            severity=Severity.WARNING,
            entity=entity,
            entity_kind="gpu" if key else "node",
            layer="hardware",
            value=float(len(seen)),
            message=f"{entity}: {len(seen)} corrected PCIe (AER) errors within "
            f"{int(AER_BURST_WINDOW_S)} s ({bits}): the link is retrying; it still works. "
            f"Log: {e.message[:160]!r}",
        )

    def _hung(self, e: LogEvent) -> list[Anomaly]:
        frame = e.attrs.get("frame", "")
        if not frame:  # the parser only reports hung tasks with an NVIDIA frame; be sure
            return []
        task = f"{e.attrs.get('task', '?')}:{e.attrs.get('pid', '?')}"
        if e.attrs.get("how") == "oops":
            what = (
                f"kernel oops in task {task} inside the NVIDIA driver ({frame}): the driver "
                "crashed holding its state, and the node's GPUs will not answer until it is "
                "rebooted"
            )
        else:
            blocked = e.attrs.get("blocked_s")
            how = f" blocked {blocked} s" if blocked else " blocked"
            what = (
                f"task {task}{how} inside the NVIDIA driver ({frame}): the GPU driver is wedged "
                "and the node's GPUs will not answer until it is rebooted"
            )
        return self._node_signal(e, "driver_wedge", Severity.CRITICAL, "driver", what)

    def _node_signal(
        self,
        e: LogEvent,
        symptom: str,
        severity: Severity,
        layer: Layer,
        what: str,
        *,
        per_gpu: bool = False,
    ) -> list[Anomaly]:
        """One anomaly per (entity, symptom) per window (again only if more severe), on the GPU
        when ``per_gpu`` and its PCI id maps, else on the node; followed by the node's recent
        Xid burst as INFO evidence (a wedge after Xid 45 churn is not churn)."""
        key = self._gpu_key(e) if per_gpu else None
        if key is None and symptom in GPU_LOCAL:
            key = self.topo.only_gpu(e.node) or self._gsp_paired_gpu(e)
        entity = key or e.node
        if not entity:
            return []
        prev = self._node_emitted.get((entity, symptom))
        if prev is not None and e.timestamp - prev[0] < WINDOW_S and severity <= prev[1]:
            return []
        self._node_emitted[(entity, symptom)] = (e.timestamp, severity)
        recent = Counter(
            c for t, c in self._node_xids.get(e.node, ()) if t >= e.timestamp - WEDGE_CONTEXT_S
        )
        after = ""
        if recent:
            codes = ", ".join(f"Xid {c} ×{n}" for c, n in sorted(recent.items()))
            after = (
                f" It follows {codes} on this node in the last {int(WEDGE_CONTEXT_S // 60)} min."
            )
        when = " (time of reading: the line had none)" if e.attrs.get("time") == "inferred" else ""
        out = [
            Anomaly.make(
                time=e.timestamp,
                rule=f"log.{symptom}",
                symptom=symptom,
                family=Family.DEVICE,
                severity=severity,
                entity=entity,
                entity_kind="gpu" if key else "node",
                layer=layer,
                message=f"{entity}: {what}.{after}{when} Log: {e.message[:160]!r}",
            )
        ]
        last_ctx = self._context_emitted.get(e.node)
        if severity > Severity.INFO and (last_ctx is None or e.timestamp - last_ctx >= WINDOW_S):
            self._context_emitted[e.node] = e.timestamp
            for code, n in sorted(recent.items()):
                if code in (45, 43, 13, 31, 8):
                    out.append(
                        Anomaly.make(
                            time=e.timestamp,
                            rule="log.xid_context",
                            symptom=xid_symptom(code),
                            family=Family.DEVICE,
                            severity=Severity.INFO,
                            entity=e.node,
                            entity_kind="node",
                            layer="driver",
                            xid=code,
                            value=float(n),
                            message=f"{e.node}: {n}× Xid {code} before the {symptom}: part of "
                            "the same failure, not application teardown churn",
                        )
                    )
        return out

    def _probe_of_lost_gpu(self, e: LogEvent) -> LogEvent:
        """The probe count ("The NVIDIA probe routine failed for 1 device(s)") names no PCI
        id; right after one GPU of the node fell off the bus (the driver prints the count when
        that GPU fails to re-initialise, NVSentinel #155) the one device is that GPU."""
        lost = self._lost_gpu.get(e.node)
        if e.gpu or e.pci_bus_id or e.attrs.get("devices") != "1" or lost is None:
            return e
        t, key = lost
        if not 0 <= e.timestamp - t <= WINDOW_S:
            return e
        return LogEvent(
            e.timestamp, e.node, e.kind, e.message, e.xid, None, key, e.job_id, dict(e.attrs)
        )

    def _gpu_key(self, e: LogEvent) -> str | None:
        return event_gpu(self.topo, e)

    def _xid(
        self,
        e: LogEvent,
        batch: dict[str, list[int]],
        gpu_job: np.ndarray,
        job_gpus: Sequence[np.ndarray],
    ) -> Anomaly | None:
        if e.xid is None:  # callers only pass Xid-bearing events; keep the type honest
            return None
        topo = self.topo
        key = self._gpu_key(e)
        if key is None:
            self.unmapped += 1
        entity = key or e.node
        hist = self._xids.setdefault(entity, deque())
        hist.append((e.timestamp, e.xid))
        while hist and hist[0][0] < e.timestamp - WINDOW_S:
            hist.popleft()
        co = {c for _, c in hist if c != e.xid} | {c for c in batch.get(entity, ()) if c != e.xid}
        repeats = sum(1 for _, c in hist if c == e.xid)
        same_in_job = 1
        g = topo.gpu_pos.get(key) if key else None
        if g is not None and gpu_job[g] >= 0:
            peers = job_gpus[int(gpu_job[g])]
            same_in_job = sum(
                1
                for p in peers
                if any(c == e.xid for _, c in self._xids.get(topo.gpu_keys[int(p)], ()))
            )
        teardown = e.timestamp - self._teardown.get(e.node, -np.inf) <= WINDOW_S
        v = classify(
            e.xid,
            co_occurring=co,
            repeats_on_gpu=repeats,
            gpus_with_same_xid_in_job=same_in_job,
            job_ended_within_window=teardown,
            sxid=e.kind == "sxid",
        )
        prev = self._emitted.get((entity, e.xid))
        # a repeat inside the window is a duplicate unless the verdict got worse or changed
        # its reading (Xid 13 repeated on one GPU: the application's → the device's)
        if (
            prev is not None
            and e.timestamp - prev[0] < WINDOW_S
            and v.severity <= prev[1]
            and v.family == prev[2]
        ):
            return None
        self._emitted[(entity, e.xid)] = (e.timestamp, v.severity, v.family)
        severity = v.severity if v.opens_incident else Severity.INFO
        return Anomaly.make(
            time=e.timestamp,
            rule="log.xid",
            symptom=xid_symptom(e.xid),
            family=v.family,
            severity=severity,
            entity=entity,
            entity_kind="gpu" if key else "node",
            layer=v.layer,
            xid=e.xid,
            value=float(repeats),
            message=f"{entity}: {describe(e.xid)} → {v.action}. {v.reason}. "
            f"Log: {e.message[:160]!r}",
        )

    def _nic(self, e: LogEvent) -> Anomaly | None:
        downs = self._nic_downs.setdefault(e.node, deque())
        downs.append(e.timestamp)
        while downs and downs[0] < e.timestamp - NIC_FLAP_WINDOW_S:
            downs.popleft()
        if len(downs) < NIC_FLAP_MIN_DOWNS:
            return None
        last = self._flap_emitted.get(e.node)
        if last is not None and e.timestamp - last < NIC_FLAP_WINDOW_S:
            return None
        self._flap_emitted[e.node] = e.timestamp
        return Anomaly.make(
            time=e.timestamp,
            rule="log.nic_flap",
            symptom="nic_link_flap",
            family=Family.INTERCONNECT,
            severity=Severity.WARNING,
            entity=e.node,
            entity_kind="node",
            layer="os",
            value=float(len(downs)),
            message=f"{e.node}: network link flapping ({len(downs)} link-down events in "
            f"{int(NIC_FLAP_WINDOW_S // 60)} min): {e.message[:160]!r}",
        )


def _gpu_like(e: LogEvent) -> bool:
    a = e.attrs
    return a.get("vendor") == NVIDIA_VENDOR or a.get("driver") == "nvidia" or "gpu_pci" in a


def _other_vendor(e: LogEvent) -> bool:
    """The record names the device and it is not a GPU (an NVMe drive, another vendor's NIC)."""
    a = e.attrs
    if _gpu_like(e):
        return False
    vendor_known = bool(a.get("vendor")) and a.get("driver") != "pcieport"
    driver_known = a.get("driver") not in (None, "pcieport", "pci")
    return vendor_known or driver_known


def _pcie_words(e: LogEvent, down: bool) -> str:
    a = e.attrs
    if e.kind == "pcie_dpc":
        why = a.get("reason", "an uncorrectable error")
        return f"PCIe port contained ({why}; DPC): the devices below it are cut off"
    if e.kind == "pcie_link_down":
        return f"PCIe slot {a.get('slot', '?')}: {a.get('event', 'link down').replace('_', ' ')}"
    sev = "Fatal" if a.get("severity") == "fatal" else "Non-Fatal"
    bits = a.get("status_bits", "")
    what = "surprise link down (SDES)" if down else f"uncorrectable ({sev}) PCIe error"
    where = f" reported by {a['reporter']}" if a.get("reporter") else ""
    return f"{what}{where}" + (f" [{bits}]" if bits else "")
