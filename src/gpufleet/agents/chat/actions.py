"""NVIDIA's Xid resolution buckets (:data:`knowledge.xid.ACTIONS`) in words, for people: an
answer says ``RESTART_APP (restart the application)``, not the bucket alone."""

from __future__ import annotations

from gpufleet.agents.chat.gather import t

_ACTION_WORDS = {
    "IGNORE": "nothing to do",
    "RESTART_APP": "restart the application",
    "RESET_GPU": "drain the node and reset the GPU",
    "RESTART_BM": "drain and reboot the node (bare-metal restart)",
    "RESTART_VM": "restart the virtual machine",
    "CHECK_MECHANICALS": "check cooling, power and seating",
    "UPDATE_SWFW": "update the driver / firmware",
    "CONTACT_SUPPORT": "collect a bug report and contact NVIDIA support (likely RMA)",
    "CHECK_APP/CUDA": "check the application and its CUDA usage",
    "CHECK_UVM": "check unified-memory usage",
    "INVESTIGATE_SW": "investigate the software stack",
    "DRAIN_AND_RESET": "drain the node and reset the GPU",
    "RESTART_FM": "restart the Fabric Manager",
    "RUN_DCGM_EUD": "run the DCGM diagnostics (EUD)",
    "WORKFLOW_XID_48": "NVIDIA's DBE workflow: drain, see whether Xid 63/64 followed, "
    "reset the GPU to apply the row remap",
    "WORKFLOW_NVLINK_ERR": "NVIDIA's NVLink workflow: drain, check the link counters, reset the "
    "GPU; replace it if the errors return",
    "WORKFLOW_XID_13": "check the application first; on several jobs or GPUs, suspect hardware",
    "WORKFLOW_XID_31": "check the application first; on several jobs or GPUs, suspect hardware",
}


def action_words(bucket: str) -> str:
    """A catalog resolution bucket with what it means for people."""
    words = _ACTION_WORDS.get(bucket.strip())
    return f"{t(bucket, 80)} ({words})" if words else t(bucket, 400)
