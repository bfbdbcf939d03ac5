"""The deterministic diagnosis path, in order: plan → read tools → evidence → findings → rank.

The LangGraph agent runs the same steps with each evidence layer as a parallel branch; this
sequential version is what runs with no model and no graph (tests, the eval bench, a CLI
``diagnose`` on a recorded incident). Pure apart from the registry calls it makes.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpufleet.agents.sre.corroboration import annotate as annotate_provenance
from gpufleet.agents.sre.evidence import (
    LAYERS,
    evidence_from_results,
    kubernetes_readable,
    number_evidence,
    plan_evidence,
)
from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.scoring import (
    build_query,
    evidence_candidates,
    opened_by_report,
    rank_hypotheses,
)
from gpufleet.bus.events import Evidence, Finding, Hypothesis, Incident
from gpufleet.graph.tools import ToolRegistry, ToolResult
from gpufleet.knowledge.retrieve import Retriever
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.topology import Topology

K_PER_LAYER = 5


@dataclass(frozen=True)
class CoreDiagnosis:
    evidence: tuple[Evidence, ...]
    findings: tuple[Finding, ...]
    hypotheses: tuple[Hypothesis, ...]


def diagnose_deterministic(
    incident: Incident,
    registry: ToolRegistry,
    retriever: Retriever,
    kb: KnowledgeBase,
    now: float,
    topology: Topology,
) -> CoreDiagnosis:
    """Diagnose one incident at time ``now`` with the read tools in ``registry``.

    A failed tool call becomes an ``error`` evidence item and the diagnosis goes on with the
    rest; only read tools are called (the plan names nothing else)."""
    plan = plan_evidence(incident, topology, now, kubernetes=kubernetes_readable(registry))
    gathered: list[Evidence] = []
    for layer in LAYERS:
        calls = plan.get(layer, [])
        results: list[ToolResult] = []
        for call in calls:
            if call.tool in registry and registry.risk_of(call.tool) != "read":
                results.append(ToolResult.failure(f"{call.tool} is not a read tool"))
                continue
            results.append(registry.call(call.tool, call.args))
        gathered += evidence_from_results(layer, calls, results)
    return analyze_evidence(incident, gathered, retriever, kb)


def analyze_evidence(
    incident: Incident, gathered: list[Evidence], retriever: Retriever, kb: KnowledgeBase
) -> CoreDiagnosis:
    """Number the gathered evidence, derive findings, retrieve candidates across the four
    layers and rank them (the graph's ``analyze`` node calls this too)."""
    evidence = number_evidence(gathered)
    findings = derive_findings(incident, evidence)
    query = build_query(incident, evidence, findings)
    hits = retriever.search_layers(query, k_per_layer=K_PER_LAYER)
    # precedents are people's reports: compared with the report that opened an incident (one no
    # rule read), or with the reports a rule read (a job's log, a pasted nvidia-smi) in their
    # own words; a telemetry incident's query is symptom names, which no report reads like
    reported = opened_by_report(incident) or bool(query.reports)
    similar = retriever.similar_incidents(query) if reported else []
    # a card the evidence names, or a similar resolved incident was, below every layer's top k
    # keeps what the words say for it
    named = evidence_candidates(findings, kb) | {m.precedent.cause for m in similar}
    named |= {a for m in similar for a in m.precedent.acceptable}
    hits = [*hits, *retriever.score_cards(query, named - {h.card_id for h in hits})]
    hypotheses = rank_hypotheses(incident, evidence, findings, hits, kb, similar)
    # after ranking: the provenance words change no query, finding or score
    return CoreDiagnosis(annotate_provenance(incident, evidence), findings, hypotheses)
