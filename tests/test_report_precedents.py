"""An incident a rule opened from a report (a job's log, a pasted ``nvidia-smi``) finds its similar
resolved incidents by the report's own words, as the library keeps them; a telemetry incident,
which has no report, consults none."""

from __future__ import annotations

import numpy as np

from gpufleet.agents.noc.log_rules import LogRules
from gpufleet.agents.sre.evidence import evidence_from_results
from gpufleet.agents.sre.plan import text_only_cap
from gpufleet.agents.sre.scoring import build_query, words_of_reports
from gpufleet.bus.events import Evidence, Family, Hypothesis
from gpufleet.graph.tools import ToolCall, ToolResult
from gpufleet.knowledge.precedents import MAX_TEXT
from gpufleet.knowledge.retrieve import Query, Retriever
from gpufleet.knowledge.schema import SAFETY_ORDER
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.quoted_kernel import quoted_driver_events
from gpufleet.telemetry.topology import Topology, build_cluster
from gpufleet.telemetry.unread_text import report_excerpt, words_of
from tests.report_words import report_incident

SMI = (
    "$ nvidia-smi\nFailed to initialize NVML: Driver/library version mismatch\n"
    "NVML library version: 550.54\n"
)
CARD = "k8s-device-plugin-unhealthy"
JOB_INCIDENT = report_incident(
    "node-01", family=Family.DEVICE, symptoms=("cuda_unknown_error",), jobs=("trainer-0",)
)
POD = (
    "Warning  Failed  pod/trainer-0  Error: failed to create containerd task: "
    "nvidia-container-cli: initialization error\n"
)


def _search(
    *texts: tuple[str, str], node: str = "node-01", source: str = "job_log"
) -> list[Evidence]:
    """``node_evidence.search``'s evidence for these (path, text) files of ``source`` on
    ``node``."""
    words = [
        {"file": path, "text": report_excerpt(parse_job_log(t, origin=path, node=node).report)}
        for path, t in texts
    ]
    files = [{"path": p, "source": source, "node": node} for p, _ in texts]
    data = {"items": [], "files": files, "unparsed": 0, "unread": [], "words": words}
    call = ToolCall(tool="node_evidence.search", args={"nodes": [node]})
    return evidence_from_results("workload", [call], [ToolResult.success(data)])


def test_a_reports_words_are_its_failure_lines_else_its_first_lines() -> None:
    failing = parse_job_log(SMI, origin="a.log", node="n").report
    assert "version mismatch" in report_excerpt(failing)
    quiet = parse_job_log(
        "GPU 0: NVIDIA H100 80GB HBM3\nGPU 1: NVIDIA H100 80GB HBM3\n", origin="b", node="n"
    )
    assert report_excerpt(quiet.report).startswith("GPU 0: NVIDIA H100")


def test_the_reports_words_are_joined_once_each_and_cut_as_the_library_cuts_them() -> None:
    ev = [*_search(("jobs/smi.log", SMI)), *_search(("jobs/smi.log", SMI), ("jobs/pod.log", POD))]
    words = words_of_reports(JOB_INCIDENT, ev)
    lines = words.splitlines()
    assert len(lines) == len(set(lines))  # the same file found by two searches counts once
    assert words_of("Failed to initialize NVML: Driver/library version mismatch") in lines
    assert any("nvidia-container-cli" in ln for ln in lines)
    long = _search(("jobs/big.log", "\n".join(f"error: line {i} failed here" for i in range(900))))
    assert 0 < len(words_of_reports(JOB_INCIDENT, long)) <= MAX_TEXT


def test_the_kind_of_report_that_opened_the_incident_comes_first() -> None:
    smi = _search(("nodes/node-01/smi.txt", SMI), source="nvidia_smi_q")
    pod = _search(("jobs/pod.log", POD))
    # a job's own error opened it: the job's log leads, the node's nvidia-smi follows
    assert words_of_reports(JOB_INCIDENT, [*smi, *pod]).startswith(words_of(POD.strip()))
    pasted = JOB_INCIDENT.model_copy(
        update={"jobs": (), "sources": ("report:nvidia_smi_q nodes/node-01/smi.txt:2",)}
    )
    assert words_of("Failed to initialize NVML") in words_of_reports(pasted, [*pod, *smi])[:80]


def test_a_rule_opened_report_incident_queries_precedents_by_its_reports() -> None:
    inc = report_incident("node-01", family=Family.DEVICE, symptoms=("gpu_runtime_failed",))
    q = build_query(inc, _search(("jobs/smi.log", SMI)), [])
    assert "version mismatch" in q.reports
    assert "version mismatch" not in q.text  # the text stays the NOC's summary


def test_a_driver_line_a_ticket_quoted_names_the_ticket_among_the_incidents_sources() -> None:
    """A pasted ``NVRM: Xid`` opens the incident the kernel's own line would, but it came from
    the ticket: the incident asks the precedents by the ticket's words (old code: no source,
    read as the node's own kernel log, so no precedent was asked)."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=1)])
    ticket = (
        "Game crashed again. dmesg:\nNVRM: Xid (PCI:0000:01:00): 109, pid=77, Ctx switch timeout\n"
    )
    quoted = quoted_driver_events(
        ticket, origin="jobs/ticket.log", node="node-01", topology=topo, year=2026, at=1000.0
    )
    rules = LogRules(topo)
    anomalies = rules.evaluate(1000.0, quoted.events, np.full(topo.n_gpus, -1), [])
    assert anomalies
    assert {rules.report_sources[a.anomaly_id] for a in anomalies} == {
        "report:pasted jobs/ticket.log"
    }
    inc = report_incident("node-01/gpu0", family=Family.DEVICE, symptoms=("xid_109",))
    pasted = inc.model_copy(update={"sources": ("noc", "report:pasted jobs/ticket.log")})
    ev = _search(("jobs/ticket.log", ticket))
    assert "Ctx switch timeout" not in build_query(inc, ev, []).reports  # the node's own log
    assert words_of("Ctx switch timeout") in build_query(pasted, ev, []).reports


def test_an_incident_with_no_report_and_an_unread_one_keep_their_old_query() -> None:
    telemetry = report_incident("node-01/gpu0", family=Family.THERMAL, symptoms=("gpu_temp_high",))
    assert build_query(telemetry, [], []).reports == ""
    # files on its node (an old nvidia-smi, a job's log) do not make telemetry a report
    assert build_query(telemetry, _search(("jobs/smi.log", SMI)), []).reports == ""
    unread = report_incident("node-01", family=Family.DEVICE)  # opened by the report's words
    q = build_query(unread, _search(("jobs/smi.log", SMI)), [])
    assert q.reports == ""  # its text already is the report's unread lines


def test_the_retriever_finds_precedents_by_the_reports_not_the_symptom_names() -> None:
    r = Retriever.open(KnowledgeBase.load())
    said = "nvidia-smi Failed to initialize NVML: Driver/library version mismatch"
    by_reports = r.similar_incidents(
        Query(text="software: gpu_runtime_failed on node", reports=said)
    )
    assert by_reports == r.similar_incidents(Query(text=said))
    assert by_reports != r.similar_incidents(Query(text="software: gpu_runtime_failed on node"))


def _top(card: str, *, vote: float, supporting: tuple[str, ...] = ()) -> Hypothesis:
    return Hypothesis(
        card_id=card, title=card, score=1.0, supporting=supporting, precedent_vote=vote
    )


def test_a_card_the_precedents_voted_for_and_no_finding_confirms_drains_nothing() -> None:
    """A job's "Failed to initialize NVML: Unknown Error" in a pod opens gpu_runtime_failed by
    rule; the similar resolved incidents vote the device plugin first, whose default plan
    cordons the node. Nothing confirms the card but words: the plan becomes its fix in place."""
    kb = KnowledgeBase.load()
    inc = report_incident("node-01", family=Family.DEVICE, symptoms=("gpu_runtime_failed",))
    cordon = kb.runbooks["cordon-k8s-node"]
    capped, notes = text_only_cap(kb, _top(CARD, vote=0.5), inc, cordon, ())
    assert SAFETY_ORDER[capped.safety_class] < SAFETY_ORDER[cordon.safety_class]
    assert capped.action_class != "isolate_node" and "nothing is drained" in notes[-1]
    # a finding that rules the card in, or no vote at all, keeps the card's own plan
    confirmed = _top(CARD, vote=0.5, supporting=("k8s_gpu_allocatable_low",))
    assert text_only_cap(kb, confirmed, inc, cordon, ()) == (cordon, ())
    assert text_only_cap(kb, _top(CARD, vote=0.0), inc, cordon, ()) == (cordon, ())
    # a light plan of a rule-opened incident stands (the written fix is for unread reports)
    notify = kb.runbooks["notify-user-workload-issue"]
    assert text_only_cap(kb, _top(CARD, vote=0.5), inc, notify, ()) == (notify, ())
