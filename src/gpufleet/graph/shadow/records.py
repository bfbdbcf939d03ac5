"""Shadow-mode domain types (leaf module): a proposal gpufleet recorded instead of running it,
and an action operators took that gpufleet saw (SLURM, Kubernetes, a ticket).

Both sides are compared by node and by *effect family*: the action classes of
:mod:`knowledge.actions` are finer than what an operator's drain says (a drain reason rarely
says "reboot" or "RMA"), so agreement asks whether both took the node out of service, returned
it, or only investigated/notified; the exact classes are reported beside it.
"""

from __future__ import annotations

from typing import Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from gpufleet.graph.tools import Risk

Effect = Literal["take_out", "return", "keep"]
OperatorSource = Literal["slurm", "k8s", "ticket"]
OperatorKind = Literal["drain", "resume", "cordon", "uncordon", "taint", "untaint", "ticket"]

# Action classes whose runbooks take the node out of service before anything else.
TAKE_OUT_CLASSES: Final = frozenset(
    {"isolate_node", "reset_gpu", "reboot", "power_cycle_rma", "hardware_ticket"}
)
RETURN_CLASSES: Final = frozenset({"return_to_service"})
# When a runbook names no class, the tool says what it does to the node.
_TOOL_CLASS: Final = {
    "slurm.drain_node": "isolate_node",
    "k8s.cordon_node": "isolate_node",
    "k8s.drain_node": "isolate_node",
    "node.reboot": "reboot",
    "nvidia_smi.reset_gpu": "reset_gpu",
    "slurm.resume_node": "return_to_service",
    "k8s.uncordon_node": "return_to_service",
    "k8s.restart_gpu_stack_pod": "restart_service",
}
_OPERATOR_CLASS: Final = {
    "drain": "isolate_node",
    "cordon": "isolate_node",
    "taint": "isolate_node",
    "resume": "return_to_service",
    "uncordon": "return_to_service",
    "untaint": "return_to_service",
}


def effect_of(action_class: str | None) -> Effect:
    if action_class in TAKE_OUT_CLASSES:
        return "take_out"
    if action_class in RETURN_CLASSES:
        return "return"
    return "keep"


def proposal_class(runbook_class: str | None, tool: str) -> str:
    """The action class of a proposed step: its runbook's, else what its tool does."""
    return runbook_class or _TOOL_CLASS.get(tool, "investigate")


def operator_class(kind: OperatorKind, given: str | None = None) -> str:
    """The action class of an operator's action (a ticket may name one; else hardware)."""
    if given is not None:
        return given
    return _OPERATOR_CLASS.get(kind, "hardware_ticket")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class ProposedAction(_Strict):
    """A state-changing call the gate recorded instead of running (shadow mode)."""

    at: float
    incident_id: str
    tool: str
    risk: Risk
    node: str | None = None
    args: dict[str, object] = Field(default_factory=dict)
    action_class: str
    runbook_id: str | None = None
    thread_id: str | None = None
    approval_id: str | None = None
    initiator: str = "agent"
    evidence: tuple[str, ...] = ()

    @property
    def isolates(self) -> bool:
        return _TOOL_CLASS.get(self.tool) == "isolate_node"

    @property
    def effect(self) -> Effect:
        # the tool says what happens to the node (a NIC runbook's drain still takes it out); a
        # ticket stands for its runbook's class (a hardware ticket means the node goes out);
        # notices, requeues and reads leave the node where it is
        by_tool = _TOOL_CLASS.get(self.tool)
        if by_tool is not None:
            return effect_of(by_tool)
        return effect_of(self.action_class) if self.tool.startswith("ticket.") else "keep"


class OperatorAction(_Strict):
    """Something a person did to a node, as a system of record showed it."""

    source: OperatorSource
    kind: OperatorKind
    node: str
    at: float
    by: str | None = None
    reason: str = ""
    action_class: str
    ref: str  # unique within the source: the same sighting imported twice is stored once

    @property
    def effect(self) -> Effect:
        return effect_of(self.action_class)
