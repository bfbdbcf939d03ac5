"""The symptom vocabulary: every name the NOC detector may put on an anomaly.

Cards match on these names (``signals.symptoms``) and retrieval recognises them in free text, so
the vocabulary is knowledge; the detector's rules take their names from here
(:class:`agents.noc.rules.RuleSpec` refuses a name that is not listed), and a test checks that
every name listed is emitted by some rule. ``xid_<n>`` names (one per Xid code) are implied.
"""

from __future__ import annotations

import re
from types import MappingProxyType

_READINGS: dict[str, str] = {  # the NOC's readings of telemetry and kernel logs
    # GPU and node rules (agents/noc/rules.py)
    "gpu_temp_high": "GPU temperature high",
    "memory_temp_high": "HBM temperature high",
    "gpu_temp_rising": "temperature rising without a load increase",
    "sbe_storm": "correctable (SBE) ECC error rate high",
    "dbe": "uncorrectable (DBE) ECC error",
    "row_remap_failure": "row remapping failed (no spare rows)",
    "row_remap_pending": "row remapped for an uncorrectable error; GPU reset needed",
    "page_retirement_pending": "page retirement pending",
    "fb_nearly_full": "framebuffer nearly full",
    "fb_leak": "framebuffer grows steadily toward full",
    "cuda_devices_unavailable": "CUDA reports every GPU it was given busy or unavailable",
    "thermal_slowdown": "clocks held down by thermal slowdown",
    "power_brake": "HW power brake asserted",
    "hw_slowdown": "HW slowdown without thermal cause",
    "pcie_replays": "PCIe replay rate high",
    "pcie_downtrain": "PCIe link below its rated width/generation",
    "nvlink_errors": "NVLink CRC/replay error rate high",
    "gpu_missing": "GPU stopped reporting while its node still reports",
    "temp_above_baseline": "temperature far above its learned baseline",
    "memory_temp_above_baseline": "HBM temperature far above its learned baseline",
    "host_cpu_saturated": "host CPU saturated",
    "nic_link_down": "InfiniBand/RoCE port(s) down",
    "node_silent": "node stopped reporting telemetry",
    "node_gpus_silent": "every GPU of the node stopped reporting while the host still reports",
    "sbe_above_peers": "correctable (SBE) ECC error rate far above the same-SKU peers'",
    # extended-field rules (agents/noc/extended_rules.py)
    "gpu_health_failed": "a DCGM health watch (SM, PMU, InfoROM, driver, ...) reports the GPU "
    "not healthy",
    # job rules (agents/noc/job_rules.py)
    "job_util_collapse": "utilization collapsed on every GPU of the job",
    "job_idle_gaps": "training job keeps going idle (input starvation)",
    "job_gpus_unused": "GPUs allocated but never used: job runs on the CPU",
    "job_telemetry_frozen": "every rank of the job flat-lined: utilization, power and clocks "
    "constant, no tensor activity (a hung collective)",
    # log rules (agents/noc/log_rules.py)
    "nic_link_flap": "InfiniBand/RoCE link flapping (kernel log)",
    "rm_init_failed": "the driver failed to initialise the GPU (RmInitAdapter failed)",
    "gpu_probe_failed": "the NVIDIA driver's probe failed: the GPU was not initialised (GPU lost)",
    "gpu_reset_required": "the driver reports the GPU needs a reset (GSP NV_ERR_RESET_REQUIRED, "
    "Xid 154 'GPU Reset Required')",
    "gsp_firmware_fault": "calls to the GPU's GSP firmware time out or fail (kernel log)",
    "driver_wedge": "tasks hung inside the NVIDIA driver: the node's GPU driver is wedged",
    "pcie_aer_uncorrectable": "uncorrectable PCIe AER error or DPC containment on the GPU's path "
    "(kernel log)",
    "pcie_surprise_down": "the PCIe link to the GPU went down (Surprise Down, pciehp Link Down)",
    "pcie_aer_corrected_burst": "a burst of corrected PCIe AER errors on one device (kernel log)",
}
# What only a report says: a tool's output someone collected or pasted, a job's or a pod's own
# words, text no rule reads. An incident one of these opened has words a person or a tool wrote
# about it, which is what resolved incidents are compared by (agents.sre.scoring.build_query);
# the rest are the NOC's readings of telemetry and the kernel's log, said in its own names.
_REPORTED: dict[str, str] = {
    # fault reports (agents/noc/report_rules.py)
    "dcgm_diag_failed": "a dcgmi diag test failed on the GPU (memory, PCIe, NVLink, power or "
    "thermal test)",
    "dcgm_diag_warning": "a dcgmi diag test warned about the GPU",
    "retired_pages_pending": "a page retirement is pending after a memory error: GPU reset needed",
    "nhc_gpu_check_failed": "a node health check (NHC) of the GPUs failed: a GPU missing or "
    "unhealthy",
    "nhc_check_failed": "a node health check (NHC) failed: the node is offlined",
    "gpu_stack_pod_crashloop": "a GPU Operator or device plugin pod is in CrashLoopBackOff",
    "device_plugin_admission_error": "pods refused with UnexpectedAdmissionError: the device "
    "plugin advertises GPUs it cannot allocate",
    "nccl_busbw_low": "nccl-tests bus bandwidth far below what the GPUs' NVLink gives",
    "nccl_wrong_results": "nccl-tests found wrong results: data corrupted between GPUs",
    # the tools around a job, in its output or a pasted report (agents/noc/log_rules.py)
    "slurm_gres_mismatch": "Slurm's GPU GRES disagrees with the node's devices (count lower "
    "than configured, /dev/nvidia* missing): the node is INVAL / drained",
    "cuda_system_not_ready": "CUDA refuses work with 'system not yet initialized' (NVSwitch "
    "systems: Fabric Manager not running or failed)",
    "k8s_gpus_withheld": "a Kubernetes node's allocatable nvidia.com/gpu is below its capacity "
    "(the device plugin withholds GPUs it marked unhealthy)",
    "nvlink_down": "NVLink link(s) down (DCGM's NVLink health watch)",
    "slurm_node_drained": "Slurm drained or downed the node for a reason of its own (Kill task "
    "failed, unexpected reboot, not responding, prolog/epilog error)",
    "k8s_gpu_pod_unschedulable": "a GPU pod cannot be scheduled: it does not tolerate the GPU "
    "nodes' taint",
    "host_oom_kill": "the Linux OOM killer killed a process (host or cgroup memory)",
    "cuda_unknown_error": "CUDA failed with 'unknown error' (CUDA_ERROR_UNKNOWN, 999): the "
    "driver could not use the GPU and cannot say why",
    "nccl_cuda_call_failed": "NCCL's call into CUDA failed ('unhandled cuda error'): the "
    "driver, the CUDA runtime or the GPU's state",
    "nccl_system_error": "NCCL's call into the operating system failed ('unhandled system "
    "error'): sockets, network interfaces, shared memory",
    "k8s_gpu_insufficient": "a GPU pod stays Pending: 'Insufficient nvidia.com/gpu' (GPUs not "
    "advertised, withheld or held by other pods)",
    "job_ib_setup_failed": "NCCL's IB transport could not set a connection up (a verbs call "
    "such as ibv_modify_qp failed)",
    "cuda_no_kernel_image": "a job's binary has no kernel for the GPU's architecture",
    "cuda_driver_mismatch": "CUDA's driver library does not match the node's kernel driver "
    "('system has unsupported display driver / cuda driver combination', 803)",
    "cuda_insufficient_driver": "a job's CUDA runtime is newer than the node's driver supports "
    "('CUDA driver version is insufficient for CUDA runtime version')",
    "nccl_watchdog_timeout": "PyTorch's NCCL watchdog timed out a collective (job output): "
    "the job is hung",
    "fabric_manager_failed": "Fabric Manager's log says it is not serving the NVSwitch fabric "
    "(failed start, driver version mismatch, NVLink training failed)",
    "job_uncorrectable_ecc": "a job's CUDA call failed with 'uncorrectable ECC error "
    "encountered' (cudaErrorECCUncorrectable)",
    "job_contained_error": "a job's CUDA call failed with CUDA_ERROR_CONTAINED: the driver "
    "contained a hardware error to the job",
    "job_nvlink_uncorrectable": "a job's CUDA call failed with 'uncorrectable NVLink error' "
    "(cudaErrorNvlinkUncorrectable)",
    "job_no_cuda_device": "a job found no CUDA-capable device on a GPU node",
    "job_nvls_failure": "NCCL's NVLink SHARP (NVLS) set-up failed with a CUDA error",
    "job_ib_completion_error": "NCCL's InfiniBand / RoCE transfers failed (work completion "
    "error, e.g. transport retries exhausted)",
    "job_ib_port_event": "NCCL saw the HCA port change state (port error, port active)",
    "device_plugin_unhealthy": "the NVIDIA device plugin marked a GPU unhealthy (after an Xid)",
    "gpu_runtime_failed": "the NVIDIA container runtime or NVML could not start on the node "
    "(driver/library version mismatch, driver not loaded, library missing)",
    "uncorrectable_ecc": "nvidia-smi -q counts volatile uncorrectable ECC errors on the GPU",
    # telemetry.unread_text: a report whose GPU lines no rule reads says something failed; no
    # card lists it - the diagnosis ranks failure modes by the quoted text
    "gpu_text_unread": "a report whose GPU lines no rule reads says something failed",
}
SYMPTOMS = MappingProxyType({**_READINGS, **_REPORTED})
REPORTED_SYMPTOMS = frozenset(_REPORTED)
# Symptoms no card lists, and why: each is said of many failure modes alike, so the findings
# beside it and the report's own words rank the cards (every other symptom names its cards, so
# that retrieval recognises an incident a job's or a tool's words opened)
CARDLESS: MappingProxyType[str, str] = MappingProxyType(
    {
        "dcgm_diag_failed": "a failed test names a subsystem, not a mode (its findings do)",
        "dcgm_diag_warning": "as dcgm_diag_failed, weaker",
        "nhc_gpu_check_failed": "NHC's check names what failed; its findings rank the modes",
        "nhc_check_failed": "any host check: memory, disk, mounts, daemons",
        "nccl_busbw_low": "slow collectives: NVLink, PCIe, the NIC or the job's settings",
        "nccl_wrong_results": "corruption between GPUs: any link or GPU on the path",
        "job_no_cuda_device": "from the container's device list to a GPU lost to the driver",
        "gpu_text_unread": "the text no rule read is the query: retrieval ranks by its words",
    }
)
# The summary line of an incident an Alertmanager alert opened that says what the alert was
# understood to be about (agents.noc.alert_signals writes it, knowledge.retrieve reads it).
ALERT_UNDERSTOOD = "understood as: "
XID_SYMPTOM = re.compile(r"^xid_([1-9][0-9]{0,5})$")  # Xid and SXid codes


def is_symptom(name: str) -> bool:
    """True for a listed symptom or an ``xid_<n>`` name."""
    return name in SYMPTOMS or XID_SYMPTOM.match(name) is not None
