"""A writer asking whether what they see is normal keeps a benign signal's close."""

from __future__ import annotations

import pytest

from gpufleet.knowledge.findings import FINDINGS, REPORTED_FINDINGS, implicates_infrastructure
from gpufleet.telemetry.expected_question_words import EXPECTED_BEHAVIOUR_ASKED, asks_if_expected
from gpufleet.telemetry.job_log import parse_job_log


@pytest.mark.parametrize(
    "line",
    [
        "SW Power Cap shows Active while the job runs at full load. Is this normal?",
        "is it expected that the clocks drop a little under load?",
        "Are these by design?",
        "Is this the expected behaviour of the exporter?",
        "Should I be worried about this?",
        "¿es normal?",
    ],
)
def test_a_question_whether_it_is_normal_is_read(line: str) -> None:
    assert asks_if_expected(line)
    kinds = {s.kind for s in parse_job_log(line, origin="jobs/1.log", node="n1").signatures}
    assert EXPECTED_BEHAVIOUR_ASKED in kinds


@pytest.mark.parametrize(
    "line",
    [
        "This is not expected.",  # a statement, not a question
        "it is normal at full load",
        "Is this a bug?",  # asks about a fault as often as about a signal
        "Is this a problem with the driver?",
        "the GPU is stuck at 80 W, which is not normal",
    ],
)
def test_a_statement_or_a_question_about_a_fault_is_not(line: str) -> None:
    assert not asks_if_expected(line)


def test_the_question_is_a_reported_finding_that_implicates_no_layer() -> None:
    # it never confirms a plan that changes the fleet, and never keeps a job from being handed
    # to its owner as if the infrastructure were at fault
    assert EXPECTED_BEHAVIOUR_ASKED in FINDINGS
    assert EXPECTED_BEHAVIOUR_ASKED in REPORTED_FINDINGS
    assert not implicates_infrastructure(EXPECTED_BEHAVIOUR_ASKED)
