"""Suite scenarios whose only signal is an extended dcgm-exporter field (issue 13, A.3).

No kernel log line and no core field says what happened; the NOC must read the exporter's own
metrics (``agents.noc.extended_rules``). ``suite_gen`` appends :func:`scenarios` last, so the
earlier scenarios keep their index (and so their start time and data).

- **Xid 79 known only from the windowed Xid count**: dcgm-exporter's
  ``DCGM_EXP_XID_ERRORS_COUNT{xid="79",window_size_in_ms="300000"}`` (xid collector) on a fleet
  whose kernel logs are not collected; the GPU's other series stop.
- **DCGM health watch NVLINK failing while the NVLink5 counters rise** (B200): dcgm-exporter's
  ``DCGM_EXP_GPU_HEALTH_STATUS{health_watch="NVLINK"}`` = 20 (DCGM_HEALTH_RESULT_FAIL) and
  ``DCGM_FI_DEV_NVLINK_COUNT_RX_ERRORS`` / ``..._RX_SYMBOL_ERRORS`` growing; Blackwell does not
  report the NVLink1-4 CRC counters (dcgm_fields.h: the NVLINK_COUNT fields are NVLink5 only).
"""

from __future__ import annotations

from typing import Any


def scenarios(at: str) -> list[dict[str, Any]]:
    """``suite_gen.Scenario`` keyword arguments (suite_gen imports this module)."""
    return [
        dict(
            id="exporter-xid79-window-only",
            title="Xid 79 known only from dcgm-exporter's windowed Xid count, no kernel log (H100)",
            faults=[f"gpu_fallen_off_bus{at}:node=node-03,gpu=2,xid_source=exporter"],
            seed=801,
            difficulty="hard",
        ),
        dict(
            id="exporter-xid79-window-only-a100",
            title="Xid 79 from DCGM_EXP_XID_ERRORS_COUNT only, kernel log not collected (A100)",
            faults=[f"gpu_fallen_off_bus{at}:node=node-06,gpu=7,xid_source=exporter"],
            sku="A100",
            seed=802,
            difficulty="hard",
        ),
        dict(
            id="exporter-nvlink5-health",
            title="DCGM NVLINK health watch failing, NVLink5 error counters rising (B200)",
            faults=[f"nvlink_crc{at}:node=node-02,gpu=6,counters=nvlink5"],
            sku="B200",
            seed=803,
            difficulty="hard",
        ),
    ]
