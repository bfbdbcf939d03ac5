"""The evidence a hang's diagnosis reads on one node ``n1``: the job's GPU telemetry (idle) and a
kernel-log search, for the tests of what a clean hang, a set-up failure or a fault beside the
hang plans."""

from __future__ import annotations

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.fleet import search_events
from gpufleet.bus.events import Evidence
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.telemetry.kernel_log import parse_lines

T0 = 1_750_000_000.0


def idle_job_telemetry() -> list[Evidence]:
    """Two of the job's GPUs on ``n1``, read and idle (util 0 %, power idle)."""
    return [
        Evidence(
            evidence_id="",
            layer="hardware",
            tool="metrics.history",
            entity=f"n1/gpu{g}",
            summary="util 0 %, power idle",
            facts={"role": "job", "util_now": 0.0},
        )
        for g in range(2)
    ]


def kernel_log_search(lines: list[str]) -> list[Evidence]:
    """``kernel_log.search`` on ``n1`` over ``lines`` (none: searched, nothing found)."""
    events, _ = parse_lines(lines, node="n1", boot_time=T0)
    data = search_events(events, ["n1"], T0 - 3600, T0 + 3600, None, None, 500)
    call = ToolCall(tool="kernel_log.search", args={"nodes": ["n1"]})
    return evidence_from_results("driver", [call], [ToolResult.success(data)])
