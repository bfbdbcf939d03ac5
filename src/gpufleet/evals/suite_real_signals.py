# ruff: noqa: E501  (real-format lines are long; splitting them would hide their layout)
"""Suite scenarios for the row-remapping and fleet driver-regression classes (issue 13 A/C/D).

Kept apart from ``evals.suite_gen``'s own lists so that other scenario families can be added
there without touching these; ``suite_gen`` appends :func:`scenarios` after its own, so the
earlier scenarios keep their index (and so their start time and data).

- **Xid 63, remap pending, no uncorrectable error** → reset the GPU at a convenient time: not a
  drain now, not an RMA (NVIDIA GPU Memory Error Management guide: a pending remap does not
  affect new work; NVSentinel maps ``DCGM_FR_PENDING_ROW_REMAP`` to a GPU reset; gpud PR 987:
  pending remaps may take several resets before they clear or turn into a failure).
- **The same Xid on every GPU of the nodes that run one driver version, none elsewhere** (a
  partial rollout: two racks upgraded) → one fleet incident rooted at the driver; roll it back
  (NVIDIA/open-gpu-kernel-modules#446: R525 GSP RPC timeouts, fixed in 525.105.17; #1370: Xid 31
  on 610.57.04 under session churn, none on 580.159.03).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gpufleet.evals.format import ChangeRecord, GeneratedTopology
from gpufleet.evals.suite_evidence import ORIGIN_SMI, Context, SuiteEvidence, _smi

OLD_DRIVER = "570.133.20"  # telemetry.topology.Node's default: the racks not yet upgraded
NEW_DRIVER = "575.51.02"

# What a correct responder does / what would do harm, and the action classes, per fault class.
ACTIONS: dict[str, tuple[list[str], list[str]]] = {
    "row_remap_pending": (["reset_gpu_when_idle"], ["rma_gpu", "drain_node_now"]),
    "driver_regression": (["rollback_driver"], ["reset_gpu", "rma_gpu", "drain_node"]),
}
ACTION_CLASSES: dict[str, list[str]] = {
    "row_remap_pending": ["reset_gpu_when_convenient"],
    "driver_regression": ["driver_rollback"],
}


def remap_pending_smi(c: Context) -> SuiteEvidence:
    """``nvidia-smi -q`` taken on the node: Remapped Rows Pending Yes, Remapping Failure
    Occurred No, no uncorrectable DRAM error (the layout gpud PR 80 quotes)."""
    ev = SuiteEvidence()
    node = c.nodes[0]
    smi = _smi(
        8,
        OLD_DRIVER,
        1650123000500,
        {c.gpu: {"dram_cor": "2", "rows_cor": "1", "pending": "Yes"}},
    )
    ev.add(f"nodes/{node}/nvidia-smi-q.txt", "nvidia_smi_q", smi, ORIGIN_SMI, node=node)
    return ev


def driver_rollout(c: Context) -> SuiteEvidence:
    """The change log of the rollout: the upgraded racks' nodes moved to the new driver a day
    before; ``nvidia-smi -q`` on one of them shows the version."""
    ev = SuiteEvidence()
    for i, node in enumerate(c.nodes):
        ev.changes.append(
            ChangeRecord(
                time=c.onset - 86400 + 300 * i,
                node=node,
                kind="driver",
                detail=f"nvidia-driver {OLD_DRIVER} -> {NEW_DRIVER} (rolling upgrade, canary racks)",
            )
        )
    node = c.nodes[0]
    smi = _smi(8, NEW_DRIVER, 1650123000600)
    ev.add(f"nodes/{node}/nvidia-smi-q.txt", "nvidia_smi_q", smi, ORIGIN_SMI, node=node)
    return ev


BUILDERS: dict[str, Callable[[Context], SuiteEvidence]] = {
    "remap_pending_smi": remap_pending_smi,
    "driver_rollout": driver_rollout,
}


def scenarios(at: str) -> list[dict[str, Any]]:
    """The row-remap-pending and fleet driver-regression scenarios, as ``suite_gen.Scenario``
    keyword arguments (suite_gen imports this module, so it cannot import suite_gen)."""
    two_racks_new = GeneratedTopology(
        racks=4, nodes_per_rack=2, drivers={"rack-2": NEW_DRIVER, "rack-4": NEW_DRIVER}
    )
    eight_racks = GeneratedTopology(
        racks=8,
        nodes_per_rack=1,
        drivers={"rack-3": NEW_DRIVER, "rack-6": NEW_DRIVER, "rack-7": NEW_DRIVER},
    )
    remap_truth = {"acceptable_causes": ["xid-63-row-remap-event"]}
    driver_truth = {"acceptable_causes": ["gsp-rpc-timeout-driver-bug"]}
    return [
        dict(
            id="row-remap-pending-1",
            title="Xid 63 remap pending after correctable errors, no uncorrectable error (H100)",
            faults=[f"row_remap_pending{at}:node=node-03,gpu=5"],
            seed=701,
            difficulty="medium",
            truth_patch=remap_truth,
        ),
        dict(
            id="row-remap-pending-2",
            title="Xid 63 remap pending; nvidia-smi -q: Pending Yes, no failure (A100)",
            faults=[f"row_remap_pending{at}:node=node-05,gpu=1"],
            sku="A100",
            seed=702,
            log_style="dmesg-T",
            evidence="remap_pending_smi",
            truth_patch=remap_truth,
        ),
        dict(
            id="fleet-driver-regression-1",
            title="Xid 119 on every GPU of the two racks upgraded to a new driver, none elsewhere",
            faults=[f"driver_regression{at}:driver={NEW_DRIVER}"],
            topology=two_racks_new,
            seed=703,
            kind="fault",
            difficulty="hard",
            evidence="driver_rollout",
            truth_patch=driver_truth,
        ),
        dict(
            id="fleet-driver-regression-2",
            title="Xid 31 on every GPU of 3 of 8 racks, all on the new driver (H200, syslog)",
            faults=[f"driver_regression{at}:driver={NEW_DRIVER},xid=31,stagger_s=150"],
            topology=eight_racks,
            sku="H200",
            seed=704,
            log_style="syslog",
            difficulty="hard",
            evidence="driver_rollout",
        ),
    ]
