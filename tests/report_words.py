"""A report's lines as the SRE agent's evidence: what ``node_evidence.search`` hands back for a
ticket, a post or a job log on one node, and the incident it is diagnosed for, for the tests of
the readers of a writer's words (``telemetry.*_words``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Scope, Severity
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.retrieve import Hit
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.text_evidence import TextParse
from gpufleet.telemetry.unread_text import SIGNAL as UNREAD

T0 = 1_780_000_000.0
Parser = Callable[..., TextParse]


def report_evidence(
    *lines: str, node: str, origin: str = "jobs/ticket.log", parse: Parser = parse_job_log
) -> list[Evidence]:
    """``node_evidence.search``'s evidence of a text on ``node`` holding ``lines`` (a job's log,
    or with ``parse`` another reader's text: a Fabric Manager log)."""
    parsed = parse("\n".join(lines), origin=origin, node=node)
    items = [{**s.as_dict(), "job": "", "collected_at": None} for s in parsed.signatures]
    files = [{"origin": origin, "source": "job_log"}]
    data = {"items": items, "files": files, "unparsed": 0, "unparsed_lines": [], "unread": []}
    call = ToolCall(tool="node_evidence.search", args={"nodes": [node]})
    return evidence_from_results("workload", [call], [ToolResult.success(data)])


def report_incident(
    root: str,
    *,
    family: Family,
    symptoms: tuple[str, ...] = (UNREAD,),
    severity: Severity = Severity.WARNING,
    xids: tuple[int, ...] = (),
    jobs: tuple[str, ...] = (),
) -> Incident:
    """An incident on ``root`` (a GPU ``node/gpuN`` or a node), opened at ``T0`` by ``symptoms``:
    by default the report's own failure words (``telemetry.unread_text``), as a post is."""
    return Incident(
        incident_id=f"inc-{root}",
        title="t",
        family=family,
        scope=Scope.GPU if "/" in root else Scope.NODE,
        root_entity=root,
        severity=severity,
        opened_at=T0,
        updated_at=T0,
        last_anomaly_at=T0,
        entities=(root,),
        symptoms=symptoms,
        anomaly_ids=("a1",),
        anomaly_count=1,
        nodes=(root.split("/", maxsplit=1)[0],),
        xids=xids,
        jobs=jobs,
    )


def ranked_flat(
    incident: Incident, evidence: list[Evidence], cards: Sequence[str], kb: KnowledgeBase
) -> Sequence[Hypothesis]:
    """The hypotheses on ``cards`` for ``incident`` on ``evidence``, retrieval giving them in
    the order listed, a hundredth apart: what the findings move, and nothing else."""
    found = derive_findings(incident, evidence)
    hits = [Hit(c, 0.5 - i / 100, 0.5, 0.5, ["symptom"], 0.0) for i, c in enumerate(cards)]
    return rank_hypotheses(incident, evidence, found, hits, kb)


def rank_flat(
    incident: Incident, evidence: list[Evidence], cards: Sequence[str], kb: KnowledgeBase
) -> list[str]:
    """The card ids of :func:`ranked_flat`, first to last."""
    return [h.card_id for h in ranked_flat(incident, evidence, cards, kb)]


def stated_at(text: str, kind: str, node: str) -> list[tuple[int, str]]:
    """``(line, node)`` of every ``kind`` statement the job-log parser keeps for ``text``."""
    parsed = parse_job_log(text, origin="jobs/ticket.log", node=node)
    return [(s.line, s.node) for s in parsed.signatures if s.kind == kind]


@dataclass(frozen=True)
class OneNodeReport:
    """A ticket on one node, as an unread report opens it (``report_incident``): the findings
    its lines give, and the ranking of ``cards`` they move (``rank_flat``)."""

    family: Family
    cards: tuple[str, ...]
    kb: KnowledgeBase
    node: str = "n1"

    def incident(self) -> Incident:
        return report_incident(self.node, family=self.family)

    def findings(self, *lines: str) -> set[str]:
        evidence = report_evidence(*lines, node=self.node)
        return {f.name for f in derive_findings(self.incident(), evidence)}

    def rank(self, *lines: str) -> list[str]:
        evidence = report_evidence(*lines, node=self.node)
        return rank_flat(self.incident(), evidence, self.cards, self.kb)

    def plan(self, *lines: str) -> tuple[str, str | None]:
        """The card ranked first on ``lines`` and the runbook the SRE agent's planner gives it."""
        incident, evidence = self.incident(), report_evidence(*lines, node=self.node)
        ranked = ranked_flat(incident, evidence, self.cards, self.kb)
        runbook = make_plan(self.kb, incident, ranked, evidence).runbook
        return ranked[0].card_id, runbook.id if runbook is not None else None
