"""A report's lines as the SRE agent's evidence: what ``node_evidence.search`` hands back for a
ticket, a post or a job log on one node, for the tests of the readers of a writer's words
(``telemetry.*_words``)."""

from __future__ import annotations

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.bus.events import Evidence
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.telemetry.job_log import parse_job_log


def report_evidence(*lines: str, node: str, origin: str = "jobs/ticket.log") -> list[Evidence]:
    """``node_evidence.search``'s evidence of a text on ``node`` holding ``lines``."""
    parsed = parse_job_log("\n".join(lines), origin=origin, node=node)
    items = [{**s.as_dict(), "job": "", "collected_at": None} for s in parsed.signatures]
    files = [{"origin": origin, "source": "job_log"}]
    data = {"items": items, "files": files, "unparsed": 0, "unparsed_lines": [], "unread": []}
    call = ToolCall(tool="node_evidence.search", args={"nodes": [node]})
    return evidence_from_results("workload", [call], [ToolResult.success(data)])
