"""Action classes: what a runbook does to the fault, in the words an operator grades it by.

Leaf module. Every runbook names one (``action_class`` in its YAML); a recorded incident's
truth names the classes a good responder would pick (``evals.format.TruthFault``), and the eval
scores the agent's class against them and against an "always reboot" baseline. The classes are
coarse on purpose: they separate the responses that differ in cost and risk (restart the job vs
reset the GPU vs reboot the node vs send the board back vs roll back the driver), not the steps.
"""

from __future__ import annotations

from collections.abc import Collection
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


# How much of the fleet a class takes out of service, lightest first. Over-remediation (eval) is
# choosing a class at or above DRAINS when every class the truth accepts is lighter: draining,
# resetting or rebooting for a contained or benign event, or RMA where a reset would do.
_DISRUPTION: dict[str, int] = {
    "no_action": 0,
    "investigate": 0,
    "return_to_service": 0,
    "notify_user": 1,
    "restart_application": 1,
    "config_fix": 1,
    "facilities": 1,
    "restart_service": 1,
    "driver_rollback": 1,  # the affected nodes only, no drain-and-reset of healthy GPUs
    "reset_gpu_when_convenient": 2,  # waits for the GPU to be idle: no job is killed
    "fabric_nic": 2,  # one link / NIC, the node keeps serving
    "reset_gpu": 3,
    "isolate_node": 3,
    "reboot": 4,
    "hardware_ticket": 5,
    "power_cycle_rma": 5,
}
DISRUPTION = MappingProxyType(_DISRUPTION)
DRAINS = 3  # reset_gpu, isolate_node and everything heavier take the node (or GPU) from its jobs
assert set(_DISRUPTION) == set(_ACTION_CLASSES), "every action class has a disruption level"


def over_remediates(chosen: str | None, accepted: Collection[str]) -> bool:
    """True when ``chosen`` drains, resets, reboots or RMAs and every accepted class is lighter
    (an empty ``accepted``: the event needs nothing, so any draining class is too much)."""
    if chosen is None or DISRUPTION.get(chosen, 0) < DRAINS:
        return False
    return DISRUPTION[chosen] > max((DISRUPTION.get(a, 0) for a in accepted), default=-1)
