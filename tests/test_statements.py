"""The one list of a writer's statements (telemetry.statements): each kind is a finding the SRE
agent describes, and each is read on a job log's line."""

from __future__ import annotations

from gpufleet.knowledge.findings import FINDINGS
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.statements import STATEMENT_KINDS, statements_in


def test_every_statement_is_a_described_finding_once() -> None:
    assert len(set(STATEMENT_KINDS)) == len(STATEMENT_KINDS)
    assert [k for k in STATEMENT_KINDS if k not in FINDINGS] == []


def test_the_job_log_reads_the_statements_of_the_list() -> None:
    text = "the node went down at 03:12\nthe GPU fan stopped spinning\n"
    kinds = {s.kind for s in parse_job_log(text, origin="jobs/t.log", node="n1").signatures}
    assert {"host_down_reported", "gpu_fan_fault_reported"} <= kinds & set(STATEMENT_KINDS)


def test_a_links_address_is_no_statement_its_text_is() -> None:
    """A linked page's slug is that page's title: "out-of-ram-overheating" in a forum address
    says nothing about this fault, while the writer's own words beside it still do."""
    link = "https://forums.developer.nvidia.com/t/dgx-spark-stability-out-of-ram-overheating/368536"
    assert list(statements_in(link)) == []
    assert list(statements_in(f"> see {link} and www.example.org/out-of-ram-overheating")) == []
    # the full stop after a link still ends the sentence before it, with its denial
    said = "No alerts on https://status.example.com. The chillers failed at 02:00"
    assert list(statements_in(said)) == ["facility_cooling_reported"]
    assert "host_down_reported" in set(statements_in(f"the node went down at 03:12 ({link})"))
    text = f"{link}\nthe node went down at 03:12\n"
    kinds = {s.kind for s in parse_job_log(text, origin="jobs/t.log", node="n1").signatures}
    assert kinds & set(STATEMENT_KINDS) == {"host_down_reported"}
