"""Action classes: what a runbook does to the fault, in the words an operator grades it by.

Leaf module. Every runbook names one (``action_class`` in its YAML); a recorded incident's
truth names the classes a good responder would pick (``evals.format.TruthFault``), and the eval
scores the agent's class against them and against an "always reboot" baseline. The classes are
coarse on purpose: they separate the responses that differ in cost and risk (restart the job vs
reset the GPU vs reboot the node vs send the board back vs roll back the driver), not the steps.
"""

from __future__ import annotations

from types import MappingProxyType

_ACTION_CLASSES: dict[str, str] = {
    "no_action": "confirm the signal is benign or planned and close it",
    "investigate": "read-only evidence collection; a person decides what to change",
    "notify_user": "tell the job owner about a workload-side problem; the node stays in service",
    "restart_application": "restart / requeue the affected job; the GPU and node keep serving",
    "reset_gpu": "drain the node and reset the GPU now",
    "reset_gpu_when_convenient": "reset the GPU at the next idle moment (pending remap, no "
    "uncorrectable errors)",
    "reboot": "drain the node and reboot it",
    "power_cycle_rma": "drain, power-cycle the node (AC) and open an RMA: a fault that survives "
    "reboots",
    "hardware_ticket": "drain and open a hardware ticket / RMA for the part (GPU, fan, board)",
    "driver_rollback": "roll the driver / firmware back to the last good version on the "
    "affected nodes (no drain-and-reset of healthy GPUs)",
    "fabric_nic": "isolate the NIC / link and open a cable or switch ticket",
    "restart_service": "restart a host service (Fabric Manager, DCGM, the device plugin)",
    "config_fix": "correct a configuration (power limit, clocks, cgroup / GRES, NCCL settings)",
    "facilities": "tell facilities (cooling, power) and cap power meanwhile",
    "isolate_node": "cordon / drain the node pending a decision",
    "return_to_service": "validate a repaired node and return it to service",
}
ACTION_CLASSES = MappingProxyType(_ACTION_CLASSES)
BASELINE_ACTION_CLASS = "reboot"  # what an operator without diagnosis does to every incident


def is_action_class(name: str) -> bool:
    return name in ACTION_CLASSES
