"""The findings vocabulary: named, checkable facts the SRE agent derives from evidence.

Leaf module (no imports of ours). A card's structured ``checks`` (:class:`knowledge.schema.Checks`)
name findings from :data:`FINDINGS`; the agent's :mod:`agents.sre.findings` computes them from
tool results. Xid findings are open-ended: ``xid:<code>`` for any Xid code.
"""

from __future__ import annotations

import re
from typing import Literal

from gpufleet.telemetry.statements import STATEMENT_KINDS

FindingLayer = Literal["hardware", "driver", "os", "workload"]
XID_FINDING = re.compile(r"^xid:([1-9][0-9]{0,3})$")

# name → (layer, what it means)
FINDINGS: dict[str, tuple[FindingLayer, str]] = {
    # thermal
    "load_corrected_temp_rising": (
        "hardware",
        "GPU temperature rose more than its power draw explains (>= 8 °C above the load fit)",
    ),
    "temp_follows_load": (
        "hardware",
        "the temperature change is explained by the power / utilization change (normal load)",
    ),
    "slot_neighbours_warming": (
        "hardware",
        "the GPUs in the adjacent airflow slots warmed too, while the rest of the node did not",
    ),
    "single_gpu_hot_neighbours_normal": (
        "hardware",
        "one GPU is hot while its slot neighbours and the rest of the node stay normal",
    ),
    "whole_node_warming": ("hardware", "most GPUs of the node warmed together"),
    "whole_rack_warming": (
        "hardware",
        "several nodes of the rack warmed together while nodes in other racks did not",
    ),
    "hbm_hot": ("hardware", "HBM (memory) temperature at or above 85 °C"),
    "no_baseline_before_fault": (
        "hardware",
        "watched for too short a time before the incident to compare with a before: heat is "
        "judged against peers now (the rest of the node, other racks)",
    ),
    "hw_thermal_slowdown": ("hardware", "HW_THERMAL or SW_THERMAL clock-event reason asserted"),
    # power
    "power_brake_active": ("hardware", "HW_POWER_BRAKE clock-event reason asserted on the GPU(s)"),
    "power_brake_node_wide": ("hardware", "HW_POWER_BRAKE asserted on most GPUs of the node"),
    "power_brake_continuous": (
        "hardware",
        "HW_POWER_BRAKE held on most GPUs of the node (not intermittent): supply cannot carry load",
    ),
    "sw_power_cap": ("hardware", "SW_POWER_CAP asserted with power at its limit"),
    "power_limit_lowered": ("driver", "the power management limit was lowered during the window"),
    "hw_slowdown_no_thermal": ("hardware", "HW_SLOWDOWN asserted without a thermal reason"),
    # memory
    "sbe_rate_high": ("hardware", "correctable (SBE) ECC errors accumulate quickly"),
    "dbe_increase": ("hardware", "uncorrectable (DBE) ECC error counter increased"),
    "row_remap_failure": ("hardware", "row remapping failed: no spare rows left"),
    "row_remap_pending": ("hardware", "a row remap is pending a GPU reset"),
    "uncorrectable_rows_remapped": ("hardware", "rows were remapped for uncorrectable errors"),
    "remap_pending_no_uncorrectable": (
        "hardware",
        "a row remap is pending while no uncorrectable error (DBE, uncorrectable remapped row) "
        "came in the window: a correctable-error remap, safe to apply at the next idle reset",
    ),
    # interconnect
    "pcie_link_downtrained": ("hardware", "PCIe link below its rated or earlier width/generation"),
    "pcie_replay_rate_high": ("hardware", "PCIe replay counter climbing fast"),
    "nvlink_crc_rate_high": ("hardware", "NVLink CRC / replay error counters climbing"),
    "nvlink_errors_whole_domain": ("hardware", "NVLink errors on several GPUs of the domain"),
    "pcie_aer_uncorrectable": (
        "hardware",
        "the kernel reported an uncorrectable PCIe error (AER Non-Fatal / Fatal, or a DPC "
        "containment) on the GPU or the port above it",
    ),
    "pcie_surprise_down": (
        "hardware",
        "the PCIe link to the GPU went down unannounced (AER Surprise Down / SDES, pciehp "
        "'Link Down' or 'Card not present')",
    ),
    "pcie_aer_corrected_burst": (
        "hardware",
        "a burst of corrected PCIe (AER) errors on one device: at least 10 within a minute "
        "(the link layer retried; the device still works)",
    ),
    "nic_link_down": ("os", "an InfiniBand/RoCE port went down (log or link-up count)"),
    "nic_link_flapping": ("os", "a NIC port went down and came back (a flap)"),
    # device
    "gpu_fallen_off_bus": ("driver", "the GPU fell off the bus (log line or Xid 79)"),
    "metrics_vanished": ("hardware", "the GPU stopped reporting telemetry while its node reports"),
    "driver_wedge_hung_tasks": (
        "driver",
        "tasks hung in the kernel with an NVIDIA driver frame on their stack (driver wedged)",
    ),
    "gsp_error_logged": (
        "driver",
        "the driver logged a failed call to the GPU's GSP firmware (GspRm… failed, NV_ERR_…)",
    ),
    "gsp_reset_required": (
        "hardware",
        "the driver says the GPU needs a reset (NV_ERR_RESET_REQUIRED, Xid 154 reset required)",
    ),
    "gpu_probe_failed": (
        "driver",
        "the driver could not initialise the GPU (probe routine failed, RmInitAdapter failed)",
    ),
    "untrusted_log_lines": (
        "os",
        "GPU-looking log lines written by a user-space process: shown, never kernel evidence",
    ),
    "xid_hardware_counters_clean": (
        "driver",
        "an application-class Xid with ECC, PCIe and NVLink counters and temperature normal",
    ),
    "xid_single_on_gpu": ("driver", "an application-class Xid seen once on the GPU, not repeating"),
    "xid_repeats_same_gpu": ("driver", "the same Xid repeats on the same GPU"),
    "xid_recurred_same_gpu": (
        "hardware",
        "a fatal Xid the same GPU already logged days before: the fault came back after the "
        "reset or reboot that recovered it",
    ),
    "fault_recurrence_reported": (
        "hardware",
        "the report's writer says the fault came back after the reset or reboot that recovered "
        'it ("reoccurred", "happened again after the reboot")',
    ),
    "expected_behaviour_asked": (
        "workload",
        "the report's writer asks whether what they see is the normal behaviour (\"Is this "
        'normal?", "is it expected that the clocks drop under load?"): no claim that anything is '
        "wrong, so a benign signal's card keeps its close as benign",
    ),
    "gpu_stray_process_reported": (
        "os",
        "the report's writer says a process outlived its job and still holds the GPU (a zombie "
        "or defunct process, an orphan reparented to init, GPU memory kept after the kill)",
    ),
    "gpu_thermal_throttle_reported": (
        "hardware",
        "the report's writer says the GPU is slowed by heat (\"throttled … because of the thermal "
        'limit", "overheats and slows down", SW/HW Thermal Slowdown: Active pasted)',
    ),
    "gpu_hw_thermal_reported": (
        "hardware",
        "the report's writer names the hardware thermal slowdown (\"HW Thermal Slowdown … "
        'Active", "a hardware thermal-slowdown flag asserted")',
    ),
    "facility_cooling_reported": (
        "hardware",
        "the report's writer says the site's cooling failed or the room got hot (\"a chilled "
        'water cooling failure", "both HVAC units were down", "the server room temperature '
        'rose to 40 °C")',
    ),
    "gpu_fan_fault_reported": (
        "hardware",
        'the report\'s writer says a fan stopped or failed ("the GPU fan stopped spinning", '
        '"0 RPM")',
    ),
    "host_down_reported": (
        "os",
        "the report's writer says the host itself stopped: it crashed, froze, went down or "
        "offline, rebooted or shut down on its own, lost power (an outage, an exhausted UPS) or "
        "panicked",
    ),
    "storage_stall_reported": (
        "os",
        "the report's writer says the job's shared or network storage is slow, hung, failing or "
        'the bottleneck ("an error of the Lustre file system", "the scratch file system was in an '
        'overloaded state", "Azurefile (NFS) causes very slow model loads", "NFS server not '
        'responding"), or that the GPUs sit idle waiting on I/O',
    ),
    "gpu_data_wait_reported": (
        "workload",
        "the report's writer says the job's GPUs wait for their input (\"most of the time 0 % "
        'waiting for data", "60 % of training time is consumed by the DataLoader", "the '
        'DataLoader is the bottleneck", "freezes every num_workers iterations")',
    ),
    "host_cpu_saturated_reported": (
        "os",
        "the report's writer names the host's CPUs as what holds the GPUs back (\"the GPU has "
        'to wait for the CPU", "thread oversubscription starving the GPUs", "CPU-bound", "CPU '
        'overload")',
    ),
    "host_memory_exhausted_reported": (
        "os",
        "the report's writer says the host's memory ran out under the job: the OOM killer or the "
        'system killed it (often without an error, a bare "Killed", exit code 137), or RAM '
        "ran out, filled or keeps growing",
    ),
    "driver_regression_reported": (
        "driver",
        "the report's writer pins the fault on one driver version: a rollback cured it "
        '("downgrading the driver to 531 fixed it"), one version works where another fails, or '
        'the new driver broke it ("driver 545 introduced the hang")',
    ),
    "driver_update_reported": (
        "driver",
        "the report's writer says the fault began after the node's driver was updated (\"crash "
        'after updating the nvidia drivers", "after upgrading the driver to 536, inference is 28 % '
        'slower"): the onset lines up with a driver change, told in words',
    ),
    "release_regression_reported": (
        "driver",
        "the report's writer pins the fault on one release of a part of the GPU stack (a "
        "library, framework, container image, toolkit or firmware): a rollback to a named "
        'version cured it ("reverting to 0.0.17 resolves the issue"), one version fails where '
        'another works ("not reproducible with 2.31.2"), or a bisect found the change',
    ),
    "driver_mismatch_reported": (
        "driver",
        "the report's writer says the node's driver does not fit what runs on it: never "
        'installed ("missing gpu driver"), left behind by a kernel upgrade ("kernel upgrades '
        'cause GPU jobs to fail after the reboot"), refused by Secure Boot, or a version '
        'mismatch in words ("a cuda version issue", 版本不匹配)',
    ),
    "cpu_fallback_reported": (
        "workload",
        "the report's writer says the work runs on the CPU instead of the GPU (\"it generates "
        'on the CPU", "the GPU is not being used", "0 layers offloaded to GPU", '
        '"torch.cuda.is_available() returns False", a CPU-only build)',
    ),
    "container_gpu_access_lost_reported": (
        "os",
        "the report's writer says containers lost the GPUs they were given the way a rewritten "
        'device cgroup loses them (after a systemd daemon-reload, "the containers lose access '
        'to the GPUs after a while"), or names the documented fix (the cgroupfs driver, '
        "nvidia-ctk's create-dev-char-symlinks)",
    ),
    "wrong_gpu_used_reported": (
        "os",
        "the report's writer says the work runs on a GPU other than the one meant for it (\"by "
        'default it uses the wrong one", "every worker binds to physical GPU 0", the integrated '
        "adapter picked instead of the NVIDIA one, nvidia-smi's numbering said to disagree with "
        "CUDA's, CUDA_DEVICE_ORDER=PCI_BUS_ID named as the fix)",
    ),
    "power_limit_low_reported": (
        "hardware",
        "the report's writer says the GPU is held to a power limit lower than it should have "
        '("Power is limited to ~20W", "default power limits are too conservative", a device '
        '"configured in low power mode", "the power limit is reset after boot")',
    ),
    "display_watchdog_timeout_reported": (
        "driver",
        "the report says the display watchdog stopped a GPU kernel: CUDA's launch-timeout error "
        '("the launch timed out and was terminated"), or Windows\' Timeout Detection and '
        'Recovery by name, by its event ("display driver stopped responding and has '
        'recovered") or by its registry keys (TdrDelay, TdrLevel)',
    ),
    "shared_memory_exhausted_reported": (
        "os",
        "the report says the job's shared memory (/dev/shm) ran out: NCCL's \"Error while "
        'creating shared memory segment", PyTorch\'s "insufficient shared memory (shm)", '
        '"No space left on device" on /dev/shm, or the writer\'s words ("the /dev/shm size '
        'problem under docker", "with --ipc=host the error disappeared")',
    ),
    "gpu_lost_reported": (
        "hardware",
        'the report says a GPU fell off the bus or was lost, in words ("causing the GPU to '
        'fall off the bus", "the GPU card is lost on the node", 掉卡) or as lspci\'s (rev ff)',
    ),
    "gpu_stack_hang_reported": (
        "driver",
        "the report says the GPU stack hangs: nvidia-smi hangs, gets stuck or never returns "
        '("nvidia-smi hangs indefinitely"), or a GPU process sits in uninterruptible sleep '
        "(state D)",
    ),
    "gpu_memory_error_reported": (
        "hardware",
        "the report says the GPU's own memory is failing, in words: ECC or double-bit errors "
        '("PyCUDA tests report ECC errors"), a memory tester\'s errors ("memtestG80 does show '
        'errors"), faulty VRAM or HBM, a memory fault on the card or board, 显存坏了',
    ),
    "gpu_p2p_blocked_reported": (
        "os",
        "the report says the GPUs' PCIe peer-to-peer traffic is blocked or broken: ACS or the "
        'IOMMU named as the cause or turned off as the fix ("disable ACS and IOMMU solved the '
        'issue"), or NCCL working only with NCCL_P2P_DISABLE=1',
    ),
    "psu_fault_reported": (
        "hardware",
        "the report's writer names the power supply, its cable or its feed as what failed "
        '("the problem was the power supply", "solved by using a higher watt power supply", '
        '"the PSU connector burned", "the fuses had blown")',
    ),
    "host_power_trip_reported": (
        "hardware",
        "the report's writer says the host switches off or restarts as its GPUs take load, or "
        "that its power supply's protection tripped",
    ),
    "xid_chain_same_gpu": (
        "hardware",
        "several different Xids on one GPU, at least one of them not application-class (a PMU "
        "halt, a GSP error, a recovery action): the GPU itself failed",
    ),
    "xid_gauge_without_log": (
        "driver",
        "the exporter's last-Xid gauge is non-zero but the kernel log has no such Xid for the GPU "
        "in the window (a sticky gauge)",
    ),
    "xid_fleetwide_same_attribute": (
        "driver",
        "the same Xid on the GPUs of several nodes that share a driver version (or SKU), and on no "
        "node without it",
    ),
    "node_gpus_vanished": (
        "driver",
        "every GPU series of the node stopped while the host still reports (NOC node_gpus_silent)",
    ),
    "job_frozen_all_ranks": (
        "workload",
        "every rank of the job flat-lined: utilization pinned, power and clocks constant, no "
        "tensor activity (NOC job_telemetry_frozen: a hung collective)",
    ),
    "sbe_rate_above_peers": (
        "hardware",
        "the GPU's correctable-ECC count is far above its same-SKU peers' (robust z-score)",
    ),
    # workload
    "job_util_collapse_all_ranks": (
        "workload",
        "every GPU of the job dropped from busy to ~0 % utilization at once",
    ),
    "util_zero_gpu_mem_held": (
        "workload",
        "utilization ~0 while the framebuffer stays allocated (a hung process holds the GPU)",
    ),
    "fb_used_monotonic_rise": (
        "workload",
        "framebuffer use grows steadily without being released (a leak)",
    ),
    "fb_near_full": ("workload", "framebuffer at or above 95 % of capacity"),
    "gpu_never_used": (
        "workload",
        "the job's GPUs show no utilization and no framebuffer use since the job started",
    ),
    "gpu_util_low_cpu_busy": ("workload", "GPU utilization low while the host CPU is busy"),
    "dataloader_gaps": (
        "workload",
        "utilization alternates between busy and idle many times (input starvation)",
    ),
    "host_cpu_saturated": ("os", "host CPU utilization >= 90 % and up from before"),
    "host_mem_pressure": ("os", "host memory pressure (PSI) high"),
    "job_peers_healthy_hardware": (
        "workload",
        "no hardware fault on any GPU of the job (no Xid, no ECC, no link errors, no thermal)",
    ),
    "job_infra_clean": (
        "workload",
        "a job's incident whose evidence (telemetry read, kernel log searched) shows no "
        "hardware, driver, network or host fault: the job's own code is what is left",
    ),
    # scheduler / changes / history
    "node_drained_by_human": ("workload", "the node is drained with an operator's reason"),
    "node_drained_by_scheduler": ("workload", "the node is drained/down with a scheduler reason"),
    "node_in_maintenance": ("workload", "the drain reason names planned maintenance"),
    "recent_driver_change": ("driver", "a driver / firmware change on the node in the window"),
    "recent_reboot": ("os", "the node booted in the window"),
    "earlier_incidents_same_gpu": ("hardware", "earlier incidents on the same GPU"),
    "earlier_incidents_same_node": ("hardware", "earlier incidents on the same node"),
    # text evidence: job output, nvidia-smi -q, dcgmi diag, Fabric Manager, IB counters
    "rdma_retry_exceeded": (
        "os",
        "job output: RDMA completions failed with transport retries exhausted (IB status 12/13)",
    ),
    "rdma_errors_name_one_peer": (
        "os",
        "the failed RDMA completions name one node as the peer (by address): that node's link",
    ),
    "ib_port_errors": (
        "os",
        "IB counters on the node: link downs, symbol / receive errors, or a port not Active",
    ),
    "nccl_watchdog_timeout": (
        "workload",
        "job output: PyTorch's NCCL watchdog timed out a collective (the job hung, then died)",
    ),
    "nccl_first_collective_hung": (
        "os",
        "job output: the collective the watchdog timed out was its process group's first (last "
        "completed work -1): the communicator never moved data - its transport or set-up, "
        "not ranks drifting apart",
    ),
    "nccl_one_rank_behind": (
        "workload",
        "one rank's last completed collective is behind every other rank's (a straggler)",
    ),
    "nvls_setup_failed": (
        "driver",
        "job output: NCCL's NVLink SHARP (NVLS) set-up failed with a CUDA error",
    ),
    "cuda_contained_error": (
        "hardware",
        "job output: CUDA_ERROR_CONTAINED - the driver contained a hardware error to this job",
    ),
    "cuda_uncorrectable_ecc_in_job": (
        "hardware",
        "job output: CUDA reported 'uncorrectable ECC error encountered'",
    ),
    "nvidia_driver_unresponsive": (
        "driver",
        "the NVIDIA container runtime's calls into the driver time out ('nvidia-container-cli: "
        "... driver error: timed out'): the driver does not answer",
    ),
    "cuda_nvlink_uncorrectable_in_job": (
        "hardware",
        "job output: CUDA reported 'uncorrectable NVLink error' (cudaErrorNvlinkUncorrectable)",
    ),
    "cuda_device_unavailable": (
        "driver",
        "job output: 'CUDA-capable device(s) is/are busy or unavailable'",
    ),
    "nvlink5_nonfatal_only": (
        "hardware",
        "kernel log: every NVLink5 Xid (144-150) of the incident is one the driver wrote "
        "'Nonfatal', with no other Xid beside it (the decode sheet's IGNORE rows)",
    ),
    "gpu_unsupported_by_driver": (
        "driver",
        "kernel log: 'The NVIDIA GPU … installed in this system is not supported by' the loaded "
        "driver - the open modules on a GPU without a GSP, or a legacy GPU past the branch",
    ),
    "gpu_bar_unassigned": (
        "os",
        "kernel log: 'This PCI I/O region assigned to your NVIDIA device is invalid' / 'BAR1 is "
        "0M' - the system firmware left the GPU's BAR unassigned (BIOS: Above 4G decoding)",
    ),
    "fabric_manager_down_reported": (
        "driver",
        "the report says the node's Fabric Manager was missing, stopped, failed or out of step "
        "with the driver, or that installing or starting it cured the fault",
    ),
    "nvswitch_error_reported": (
        "hardware",
        "the report says the node's NVSwitch raised an error: an SXid named in words ('the "
        "NVSwitch raised SXid 12028', 'SXid errors'), or the switch's fatal or non-fatal error",
    ),
    "suspend_resume_reported": (
        "os",
        "the report says the failure came after the machine slept: a suspend / resume cycle, a "
        "laptop gone to sleep, a resume from hibernation (休眠恢复)",
    ),
    "cuda_lost_after_suspend": (
        "driver",
        "the report says the machine slept, and a job on the node then lost CUDA (cuInit's unknown "
        "error, a launch failure, no device, or a fallback to the CPU): nvidia-uvm broken by the "
        "suspend until it is reloaded or the machine restarted",
    ),
    "overclock_reported": (
        "hardware",
        "the report pins the fault on an overclock: named as the cause ('the problem was due to "
        "overclocking the gpus', 'unstable memory OC'), or going back to stock clocks cured it "
        "('I lowered my overclock settings and it works fine')",
    ),
    "firmware_reported": (
        "driver",
        "the report pins the fault on firmware: a BIOS, UEFI, VBIOS, BMC or adapter firmware "
        "update cured it ('resolved this issue by updating the BIOS') or broke it, or the "
        "firmware was found out of date",
    ),
    "gpu_memory_leak_reported": (
        "workload",
        "the report says a job or GPU library leaks the GPU's memory ('There is a GPU mem leaks "
        "in which the image tensor did not get release', 'memory leak in cudnn', 'the VRAM "
        "usage keeps growing every iteration')",
    ),
    "pci_bar_space_reported": (
        "os",
        "the report names the PCI address space the firmware gives the GPU's BARs: Above 4G "
        "decoding, the MMIO window (a hypervisor's 64bitMMIOSizeGB), a large-BAR option, or the "
        "kernel's 'BAR 1: no space for [mem …]' quoted",
    ),
    "gpu_power_cables_missing": (
        "hardware",
        "kernel log: 'GPU does not have the necessary power cables connected' - the board's "
        "auxiliary power is not connected",
    ),
    "cuda_oom_foreign_memory": (
        "os",
        "job output: CUDA out of memory while memory the job's allocator does not hold fills the "
        "GPU (total - free - the job's reserve beyond a CUDA context): another process holds it",
    ),
    "cuda_oom_fragmentation": (
        "workload",
        "job output: CUDA out of memory although free plus reserved-but-unallocated memory "
        "would hold the request (the caching allocator's fragmentation)",
    ),
    "cuda_oom_capacity": (
        "workload",
        "job output: CUDA out of memory with the job's own allocations filling the GPU",
    ),
    "recovery_action_pending": (
        "hardware",
        "nvidia-smi -q: GPU Recovery Action is not None, or GPU Reset Status says reset required",
    ),
    "smi_remap_pending": ("hardware", "nvidia-smi -q: a row remap is pending a GPU reset"),
    "smi_remap_failure": ("hardware", "nvidia-smi -q: Remapping Failure Occurred: Yes"),
    "smi_uncorrectable_ecc": (
        "hardware",
        "nvidia-smi -q: volatile uncorrectable ECC errors on the GPU",
    ),
    "smi_no_uncorrectable_ecc": (
        "hardware",
        "nvidia-smi -q on the GPU: no volatile uncorrectable ECC error",
    ),
    "dcgm_diag_failed": ("hardware", "dcgmi diag failed a test on the GPU (or its node)"),
    "dcgm_diag_passed": ("hardware", "dcgmi diag ran on the node and no test failed"),
    "fabric_manager_failed": (
        "driver",
        "Fabric Manager is not running: service failed, NVLink training failed, or it stopped",
    ),
    "nvswitch_fatal_error": ("hardware", "Fabric Manager logged an NVSwitch fatal error"),
    "cuda_illegal_address_in_job": (
        "workload",
        "job output: CUDA 'an illegal memory access was encountered' (cudaErrorIllegalAddress)",
    ),
    # Kubernetes API records (events, node conditions, pod status): the API server's word,
    # never kernel evidence (agents.sre.k8s_reads)
    "k8s_device_plugin_admission_failed": (
        "os",
        "Kubernetes: a pod on the node failed admission with UnexpectedAdmissionError - the "
        "NVIDIA device plugin's Allocate found fewer healthy GPUs than the node advertises",
    ),
    "k8s_nvml_init_failed": (
        "driver",
        "Kubernetes: containers on the node fail to start in the NVIDIA container runtime: "
        "'nvidia-container-cli: initialization error: nvml error: driver/library version "
        "mismatch' (or 'driver not loaded')",
    ),
    "k8s_gpu_health_condition": (
        "hardware",
        "Kubernetes: an NVIDIA GPU health condition from a DCGM health watch is True on the node "
        "(NVSentinel's GpuMemWatch, GpuNvlinkWatch, GpuPcieWatch, GpuThermalWatch, ...)",
    ),
    "k8s_gpu_fallen_off_condition": (
        "driver",
        "Kubernetes: NVSentinel's SysLogsGPUFallenOff condition is True on the node (its syslog "
        "monitor read 'GPU has fallen off the bus'; the API's word, not our kernel read)",
    ),
    "k8s_nvswitch_fatal_condition": (
        "hardware",
        "Kubernetes: NVSentinel's NVSwitchFatalError condition is True on the node",
    ),
    "k8s_node_oom": (
        "os",
        "Kubernetes: the kubelet's SystemOOM or node-problem-detector's OOMKilling event on the "
        "node (the kernel's OOM killer killed a process)",
    ),
    # the tools around a job, as pasted or collected (telemetry.stack_errors): the tool's
    # own error strings, read from job output, command output and report files
    "slurm_gres_gpu_mismatch": (
        "os",
        "Slurm: the node's GPU GRES disagrees with its devices ('gres/gpu count reported lower "
        "than configured', 'can't stat gres.conf file /dev/nvidiaN'); slurmctld sets it INVAL "
        "or drains it",
    ),
    "gpu_stack_pod_failing": (
        "os",
        "a GPU Operator / device plugin pod on the node is in CrashLoopBackOff or Error "
        "(kubectl output or the pod list)",
    ),
    "k8s_gpu_allocatable_low": (
        "os",
        "Kubernetes: the node's allocatable nvidia.com/gpu is below its capacity (kubectl get "
        "node / describe node): the device plugin withdrew GPUs it marked unhealthy",
    ),
    "slurm_kill_task_failed": (
        "os",
        "Slurm: the node was drained with 'Kill task failed' - a job's processes did not exit "
        "within UnkillableStepTimeout (often stuck in the kernel / driver)",
    ),
    "slurm_node_config_mismatch": (
        "os",
        "Slurm: the node was drained because it registered fewer resources than configured "
        "('Low RealMemory', 'Low CPUs', 'Low socket*core*thread count', 'Low TmpDisk')",
    ),
    "slurm_node_down_reason": (
        "os",
        "Slurm: the node was set down / drained with 'Node unexpectedly rebooted', 'Not "
        "responding' or a prolog / epilog error",
    ),
    "k8s_gpu_taint_untolerated": (
        "os",
        "Kubernetes FailedScheduling: the pod does not tolerate the GPU nodes' taint",
    ),
    "cuda_unknown_error_in_job": (
        "driver",
        "job output: CUDA failed with 'unknown error' (CUDA_ERROR_UNKNOWN, 999; from cuInit: "
        "the driver could not bring the GPU up)",
    ),
    "nccl_cuda_call_failed": (
        "driver",
        "job output: NCCL's call into CUDA failed ('unhandled cuda error', ncclUnhandledCudaError) "
        "and no CUDA error is named",
    ),
    "nccl_system_call_failed": (
        "os",
        "job output: NCCL's call into the OS failed ('unhandled system error', ncclSystemError): "
        "sockets, network interfaces, shared memory",
    ),
    "k8s_gpu_insufficient": (
        "os",
        "a GPU pod is Pending with FailedScheduling 'Insufficient nvidia.com/gpu'",
    ),
    "host_oom_kill": (
        "os",
        "the Linux OOM killer (or a memory cgroup's) killed a process: host memory, not GPU memory",
    ),
    "nccl_ib_setup_failed": (
        "driver",
        "job output: 'NCCL WARN Call to ibv_modify_qp / ibv_create_qp / ibv_reg_mr failed' - the "
        "IB transport could not set a connection up",
    ),
    "cuda_no_kernel_image": (
        "workload",
        "job output: 'no kernel image is available for execution on the device' "
        "(cudaErrorNoKernelImageForDevice), or NVRTC / nvcc refusing the GPU's architecture "
        "('invalid value for --gpu-architecture') - the job was not built for this GPU's "
        "architecture",
    ),
    "cuda_selected_device_absent": (
        "workload",
        "job output: the job selects a GPU by an index of 1 or more (CUDA_VISIBLE_DEVICES=1, "
        "--gpu_id 1, cuda:1) and CUDA finds no device - the index names a GPU the node does not "
        "show the job",
    ),
    "cuda_driver_mismatch": (
        "driver",
        "job output: 'system has unsupported display driver / cuda driver combination' "
        "(cudaErrorSystemDriverMismatch, 803) - the node's libcuda is not its kernel module's",
    ),
    "cuda_insufficient_driver": (
        "driver",
        "job output: 'CUDA driver version is insufficient for CUDA runtime version' "
        "(cudaErrorInsufficientDriver, 35) - the image's CUDA is newer than the node's driver",
    ),
    "nvml_driver_mismatch": (
        "driver",
        "nvidia-smi / NVML on the node: 'Failed to initialize NVML: Driver/library version "
        "mismatch' - the loaded kernel module and the installed libraries differ",
    ),
    "nvml_driver_not_loaded": (
        "driver",
        "nvidia-smi on the node cannot talk to the NVIDIA driver (module not loaded)",
    ),
    "nvml_library_missing": (
        "os",
        "the NVML library cannot be loaded where it is needed ('could not load NVML library', "
        "libnvidia-ml.so.1 missing): the container runtime does not inject the driver",
    ),
    "container_runtime_unregistered": (
        "os",
        "no NVIDIA runtime is registered with the container engine (Docker's 'could not select "
        "device driver \"\" with capabilities: [[gpu]]' or 'unknown or invalid runtime name: "
        "nvidia', containerd's 'no runtime for \"nvidia\" is configured'): the engine's "
        "configuration, not the driver or the GPU",
    ),
    "cuda_system_not_ready": (
        "driver",
        "CUDA fails with 'system not yet initialized' (cudaErrorSystemNotReady, 802): on "
        "NVSwitch systems Fabric Manager has not set up the fabric",
    ),
    "dcgm_health_thermal": (
        "hardware",
        "DCGM's thermal health watch reports thermal violations on the node",
    ),
    "nvlink_links_down": (
        "hardware",
        "NVLink link(s) down or inactive: DCGM's NVLink health watch, or `nvidia-smi nvlink -s` "
        "listing a link <inactive> on a board whose other links run",
    ),
    "k8s_container_oom_killed": (
        "workload",
        "Kubernetes: a container of the incident's pod terminated with reason OOMKilled (its "
        "memory limit, exit code 137) - host memory, not GPU memory",
    ),
}


# Findings that say a GPU or its driver is failing: a benign explanation (a card of severity
# info: teardown churn, a sticky gauge, planned work) cannot close an incident that has one.
FAULT_FINDINGS: frozenset[str] = frozenset(
    {
        "sbe_rate_high",
        "sbe_rate_above_peers",
        "dbe_increase",
        "row_remap_failure",
        "row_remap_pending",
        "uncorrectable_rows_remapped",
        "gpu_fallen_off_bus",
        "pcie_aer_uncorrectable",
        "pcie_surprise_down",
        "gsp_reset_required",
        "driver_wedge_hung_tasks",
        "gpu_probe_failed",
        "xid_chain_same_gpu",
    }
)

# Findings that report a check came back normal, or give context, rather than a fault.
NORMAL_FINDINGS: frozenset[str] = frozenset(
    {
        "temp_follows_load",
        "no_baseline_before_fault",
        "xid_hardware_counters_clean",
        "smi_no_uncorrectable_ecc",
        "dcgm_diag_passed",
        "untrusted_log_lines",
        "earlier_incidents_same_node",
    }
)

# Findings no card's checks score: they choose between a card's runbooks (``runbook_when``),
# never move a ranking.
CONTEXT_FINDINGS: frozenset[str] = frozenset({"job_infra_clean"})


# Findings that are a person's word about the fault's history, not about any layer: "it came
# back after the reboot" says nothing of whether the job or the GPU failed.
STATEMENT_FINDINGS: frozenset[str] = frozenset({"fault_recurrence_reported"})

# Findings read from a person's words in a report (telemetry's ``*_words`` readers), not from a
# tool's output: they move the ranking, but never confirm a card enough for a plan that changes
# the fleet on an incident only a report opened ("the fans are not spinning" is also what a
# zero-RPM fan at idle does; a writer's "zombie" may be a word for something else).
REPORTED_FINDINGS: frozenset[str] = frozenset(STATEMENT_KINDS)


def implicates_infrastructure(name: str) -> bool:
    """A finding about the GPUs, the driver, the network or the host (not the job), other than
    a check that came back normal or a person's statement."""
    return (
        finding_layer(name) != "workload"
        and name not in NORMAL_FINDINGS
        and name not in STATEMENT_FINDINGS
    )


# NOC symptom → the findings that confirm it from the evidence. When the symptom opened the
# incident, a card those findings rule in explains what the NOC saw first: it outweighs cards
# that only match log lines every GPU also logged.
SYMPTOM_FINDINGS: dict[str, tuple[str, ...]] = {
    "sbe_storm": ("sbe_rate_high", "sbe_rate_above_peers"),
    "sbe_above_peers": ("sbe_rate_above_peers", "sbe_rate_high"),
    # NVML refusing to initialise (the runtime's "driver/library version mismatch") is why
    # dcgm-exporter's series of every GPU stop too
    "node_gpus_silent": ("node_gpus_vanished", "driver_wedge_hung_tasks", "k8s_nvml_init_failed"),
    "job_telemetry_frozen": ("job_frozen_all_ranks",),
    "dbe": ("dbe_increase",),
    "row_remap_failure": ("row_remap_failure",),
    "row_remap_pending": ("row_remap_pending", "uncorrectable_rows_remapped"),
    "gpu_missing": ("metrics_vanished", "gpu_fallen_off_bus"),
    "pcie_replays": ("pcie_replay_rate_high",),
    "pcie_aer_uncorrectable": ("pcie_aer_uncorrectable",),
    "pcie_surprise_down": ("pcie_surprise_down", "pcie_aer_uncorrectable"),
    "pcie_aer_corrected_burst": ("pcie_aer_corrected_burst",),
    "pcie_downtrain": ("pcie_link_downtrained",),
    "nvlink_errors": ("nvlink_crc_rate_high",),
    "driver_wedge": ("driver_wedge_hung_tasks",),
    "gpu_reset_required": ("gsp_reset_required",),
    # what a job, a tool or a pod said, read into the finding of the same fact
    "job_uncorrectable_ecc": ("cuda_uncorrectable_ecc_in_job",),
    "uncorrectable_ecc": ("smi_uncorrectable_ecc",),
    "job_contained_error": ("cuda_contained_error",),
    "job_nvlink_uncorrectable": ("cuda_nvlink_uncorrectable_in_job",),
    "job_nvls_failure": ("nvls_setup_failed",),
    "job_ib_completion_error": ("rdma_retry_exceeded", "rdma_errors_name_one_peer"),
    "job_ib_setup_failed": ("nccl_ib_setup_failed",),
    "cuda_devices_unavailable": ("cuda_device_unavailable",),
    "cuda_unknown_error": ("cuda_unknown_error_in_job",),
    "nccl_cuda_call_failed": ("nccl_cuda_call_failed",),
    "nccl_system_error": ("nccl_system_call_failed",),
    "k8s_gpu_insufficient": ("k8s_gpu_insufficient",),
    "device_plugin_admission_error": ("k8s_device_plugin_admission_failed",),
    "gpu_stack_pod_crashloop": ("gpu_stack_pod_failing",),
    "gpu_runtime_failed": (
        "nvml_driver_mismatch",
        "nvml_driver_not_loaded",
        "nvml_library_missing",
        "container_runtime_unregistered",
        "k8s_nvml_init_failed",
        "nvidia_driver_unresponsive",
    ),
}


def is_finding(name: str) -> bool:
    """A known finding name, or ``xid:<code>``."""
    return name in FINDINGS or XID_FINDING.match(name) is not None


def finding_layer(name: str) -> FindingLayer:
    if XID_FINDING.match(name):
        return "driver"
    return FINDINGS[name][0]
