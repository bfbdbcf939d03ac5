"""A writer's statements about the fault, read on every line of a report: the one list of
telemetry's ``*_words`` readers, each with the signature kind (and SRE finding) it keeps.

A statement is what a check would have shown, said in words: the fault came back after it was
recovered (:mod:`telemetry.recurrence_words`), a process outlived its job and still holds the GPU
(:mod:`telemetry.stray_process_words`), heat slows the GPU, its hardware reason is named, a fan
stopped (:mod:`telemetry.thermal_words`), the site's cooling failed
(:mod:`telemetry.facility_cooling_words`), the host itself stopped or switched off as its GPUs
took load (:mod:`telemetry.host_down_words`), the power supply, its cable or its feed is what
failed (:mod:`telemetry.psu_fault_words`), the host's CPUs hold the GPUs back
(:mod:`telemetry.cpu_saturation_words`), the job's GPUs wait for their input data
(:mod:`telemetry.data_wait_words`), the host's memory ran out under the job
(:mod:`telemetry.host_memory_words`), the fault goes with one driver version and a rollback
cured it (:mod:`telemetry.driver_regression_words`), the fault began after the node's driver
was updated (:mod:`telemetry.driver_update_words`), the fault goes with one release of another
part of the stack (a library, image or toolkit: :mod:`telemetry.release_regression_words`), the
node's driver does not fit its kernel, libraries or CUDA (never installed, left behind by a
kernel upgrade, refused by Secure Boot: :mod:`telemetry.driver_mismatch_words`), the work runs
on the CPU instead of the GPU (:mod:`telemetry.cpu_fallback_words`), containers lost the GPUs a
rewritten device cgroup takes from them (:mod:`telemetry.cgroup_loss_words`), the display
watchdog stopped a kernel (:mod:`telemetry.display_watchdog_words`), the job's shared memory
(/dev/shm) ran out (:mod:`telemetry.shared_memory_words`), a GPU fell off the bus
(:mod:`telemetry.gpu_lost_words`), the GPUs' PCIe peer-to-peer traffic is blocked
(:mod:`telemetry.p2p_blocked_words`), the GPU's own memory is failing (ECC errors, a memory
tester's errors, faulty VRAM: :mod:`telemetry.gpu_memory_words`), the GPU stack hangs
(nvidia-smi never returns, GPU processes in state D: :mod:`telemetry.gpu_hang_words`), the job's
shared or network storage is slow, hung or failing (:mod:`telemetry.storage_stall_words`), the
work runs on a GPU other than the one meant for it (:mod:`telemetry.wrong_gpu_words`), the GPU
is held to a power limit lower than it should have (:mod:`telemetry.power_limit_words`), the
firmware gave the GPU no room in the PCI address space (Above 4G decoding, the MMIO window:
:mod:`telemetry.pci_bar_words`), the failure came after the machine slept (a suspend / resume:
:mod:`telemetry.suspend_words`), the node's Fabric Manager was missing, stopped or out of step
with the driver (:mod:`telemetry.fabric_manager_words`), the node's NVSwitch raised an error (an
SXid named in words: :mod:`telemetry.nvswitch_error_words`), an overclock is what made the GPU fault
(named as the cause, or going back to stock clocks cured it: :mod:`telemetry.overclock_words`),
the firmware is what failed (an update cured or broke it, or it was out of date:
:mod:`telemetry.firmware_words`), a job or GPU library leaks the GPU's memory
(:mod:`telemetry.gpu_memory_leak_words`); and one question, whether what the writer sees is the
normal behaviour (:mod:`telemetry.expected_question_words`), which keeps a benign signal's close.
:mod:`telemetry.job_log` keeps each beside whatever else the line is (evidence only: a
statement opens nothing), the SRE agent reads each kind as the finding of that name, and
:data:`knowledge.findings.REPORTED_FINDINGS` keeps words alone from confirming a plan that
changes the fleet. Adding a reader here adds it to all three.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from gpufleet.telemetry.cgroup_loss_words import CGROUP_LOSS_REPORTED, says_cgroup_loss
from gpufleet.telemetry.cpu_fallback_words import CPU_FALLBACK_REPORTED, says_cpu_fallback
from gpufleet.telemetry.cpu_saturation_words import (
    CPU_SATURATION_REPORTED,
    says_cpu_saturated,
)
from gpufleet.telemetry.data_wait_words import DATA_WAIT_REPORTED, says_data_wait
from gpufleet.telemetry.display_watchdog_words import (
    DISPLAY_WATCHDOG_REPORTED,
    says_display_watchdog,
)
from gpufleet.telemetry.driver_mismatch_words import (
    DRIVER_MISMATCH_REPORTED,
    says_driver_mismatch,
)
from gpufleet.telemetry.driver_regression_words import (
    DRIVER_REGRESSION_REPORTED,
    says_driver_regression,
)
from gpufleet.telemetry.driver_update_words import DRIVER_UPDATE_REPORTED, says_driver_update
from gpufleet.telemetry.expected_question_words import (
    EXPECTED_BEHAVIOUR_ASKED,
    asks_if_expected,
)
from gpufleet.telemetry.fabric_manager_words import (
    FABRIC_MANAGER_REPORTED,
    says_fabric_manager_down,
)
from gpufleet.telemetry.facility_cooling_words import (
    FACILITY_COOLING_REPORTED,
    says_facility_cooling,
)
from gpufleet.telemetry.firmware_words import FIRMWARE_REPORTED, says_firmware
from gpufleet.telemetry.gpu_hang_words import GPU_STACK_HANG_REPORTED, says_gpu_stack_hang
from gpufleet.telemetry.gpu_lost_words import GPU_LOST_REPORTED, says_gpu_lost
from gpufleet.telemetry.gpu_memory_leak_words import (
    GPU_MEMORY_LEAK_REPORTED,
    says_gpu_memory_leak,
)
from gpufleet.telemetry.gpu_memory_words import GPU_MEMORY_ERROR_REPORTED, says_gpu_memory_error
from gpufleet.telemetry.host_down_words import (
    HOST_DOWN_REPORTED,
    POWER_TRIP_REPORTED,
    says_host_down,
    says_power_trip,
)
from gpufleet.telemetry.host_memory_words import HOST_MEMORY_REPORTED, says_host_memory_exhausted
from gpufleet.telemetry.nvswitch_error_words import NVSWITCH_ERROR_REPORTED, says_nvswitch_error
from gpufleet.telemetry.overclock_words import OVERCLOCK_REPORTED, says_overclock
from gpufleet.telemetry.p2p_blocked_words import P2P_BLOCKED_REPORTED, says_p2p_blocked
from gpufleet.telemetry.pci_bar_words import PCI_BAR_SPACE_REPORTED, says_pci_bar_space
from gpufleet.telemetry.power_limit_words import POWER_LIMIT_LOW_REPORTED, says_power_limit_low
from gpufleet.telemetry.psu_fault_words import PSU_FAULT_REPORTED, says_psu_fault
from gpufleet.telemetry.recurrence_words import RECURRENCE_REPORTED, says_recurrence
from gpufleet.telemetry.release_regression_words import (
    RELEASE_REGRESSION_REPORTED,
    says_release_regression,
)
from gpufleet.telemetry.shared_memory_words import (
    SHARED_MEMORY_REPORTED,
    says_shared_memory_exhausted,
)
from gpufleet.telemetry.storage_stall_words import STORAGE_STALL_REPORTED, says_storage_stall
from gpufleet.telemetry.stray_process_words import STRAY_PROCESS_REPORTED, says_stray_process
from gpufleet.telemetry.suspend_words import SUSPEND_RESUME_REPORTED, says_suspend_resume
from gpufleet.telemetry.thermal_words import (
    FAN_FAULT_REPORTED,
    HW_THERMAL_REPORTED,
    THROTTLE_REPORTED,
    says_fan_fault,
    says_hw_thermal,
    says_thermal_throttle,
)
from gpufleet.telemetry.wrong_gpu_words import WRONG_GPU_REPORTED, says_wrong_gpu

STATEMENTS: tuple[tuple[str, Callable[[str], bool]], ...] = (
    (RECURRENCE_REPORTED, says_recurrence),
    (STRAY_PROCESS_REPORTED, says_stray_process),
    (THROTTLE_REPORTED, says_thermal_throttle),
    (HW_THERMAL_REPORTED, says_hw_thermal),
    (FAN_FAULT_REPORTED, says_fan_fault),
    (FACILITY_COOLING_REPORTED, says_facility_cooling),
    (HOST_DOWN_REPORTED, says_host_down),
    (POWER_TRIP_REPORTED, says_power_trip),
    (PSU_FAULT_REPORTED, says_psu_fault),
    (DATA_WAIT_REPORTED, says_data_wait),
    (CPU_SATURATION_REPORTED, says_cpu_saturated),
    (HOST_MEMORY_REPORTED, says_host_memory_exhausted),
    (DRIVER_REGRESSION_REPORTED, says_driver_regression),
    (DRIVER_UPDATE_REPORTED, says_driver_update),
    (RELEASE_REGRESSION_REPORTED, says_release_regression),
    (DRIVER_MISMATCH_REPORTED, says_driver_mismatch),
    (CPU_FALLBACK_REPORTED, says_cpu_fallback),
    (CGROUP_LOSS_REPORTED, says_cgroup_loss),
    (DISPLAY_WATCHDOG_REPORTED, says_display_watchdog),
    (SHARED_MEMORY_REPORTED, says_shared_memory_exhausted),
    (GPU_LOST_REPORTED, says_gpu_lost),
    (P2P_BLOCKED_REPORTED, says_p2p_blocked),
    (GPU_MEMORY_ERROR_REPORTED, says_gpu_memory_error),
    (GPU_STACK_HANG_REPORTED, says_gpu_stack_hang),
    (STORAGE_STALL_REPORTED, says_storage_stall),
    (WRONG_GPU_REPORTED, says_wrong_gpu),
    (POWER_LIMIT_LOW_REPORTED, says_power_limit_low),
    (PCI_BAR_SPACE_REPORTED, says_pci_bar_space),
    (SUSPEND_RESUME_REPORTED, says_suspend_resume),
    (FABRIC_MANAGER_REPORTED, says_fabric_manager_down),
    (NVSWITCH_ERROR_REPORTED, says_nvswitch_error),
    (OVERCLOCK_REPORTED, says_overclock),
    (FIRMWARE_REPORTED, says_firmware),
    (GPU_MEMORY_LEAK_REPORTED, says_gpu_memory_leak),
    (EXPECTED_BEHAVIOUR_ASKED, asks_if_expected),
)
STATEMENT_KINDS: tuple[str, ...] = tuple(kind for kind, _ in STATEMENTS)
# A link is the address of another page, not the writer's words: its slug is that page's title
# ("…/dgx-spark-stability-out-of-ram-overheating/368536"), which a reader would otherwise take for
# a statement about this fault. The link's own text ("[the GPU fell off the bus](…)") stays.
# (the sentence's own full stop or comma after a link stays: it ends the clause before it)
_LINK = re.compile(r"\b(?:(?:https?|ftp)://|www\.)[^\s)\]>\"'`]*[^\s)\]>\"'`.,;:!?]", re.IGNORECASE)


def without_links(line: str) -> str:
    """``line`` with its links cut out, the text the statement readers read."""
    return _LINK.sub(" ", line) if "://" in line or "www." in line else line


def statements_in(line: str) -> Iterator[str]:
    """The kinds of :data:`STATEMENTS` that ``line`` makes, its links left out."""
    words = without_links(line)
    return (kind for kind, says in STATEMENTS if says(words))


# A statement that a line's own record already makes: the kernel's, systemd's, Slurm's or the
# kubelet's OOM-kill line *is* the kill (``host_oom_kill``), and the words "killed by the OOM
# killer" in it are no second witness beside it.
# The shared-memory statement is not listed: PyTorch's "DataLoader worker … killed by signal: Bus
# error … out of shared memory" is the kill (host_oom_kill, scope shm) and names the setting that
# caused it, which only the statement carries to the plan (fix-shared-memory-size); the two rule
# in the same card, so the record's weight decides its rank either way.
RECORDED_AS: dict[str, str] = {HOST_MEMORY_REPORTED: "host_oom_kill"}
