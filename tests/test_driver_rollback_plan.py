"""A report that says which driver version works ("downgrading the driver to 531 fixed it", "it
works with 470 but not with 510") names the fix: where the top card is the driver / CUDA mismatch
or an application's fault, the plan is the roll-back request to the last good version, not the
card's configuration fix or the note to the job's owner. The card's own variants that the
evidence rules in first (the loaded module differing from the installed libraries: a reboot)
keep their runbooks, and a report that says nothing of versions keeps the card's first."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.plan import choose_runbook, make_plan
from gpufleet.bus.events import Family, Hypothesis
from gpufleet.knowledge.findings import FIX_STATEMENT_FINDINGS
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.driver_regression_words import DRIVER_REGRESSION_REPORTED
from tests.report_words import ranked_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
ROLLBACK = "driver-rollback-request"


def _top(card: str, *supporting: str) -> list[Hypothesis]:
    return [Hypothesis(card_id=card, title="t", score=1.0, supporting=supporting)]


@pytest.mark.parametrize("card", ["driver-cuda-mismatch", "xid-app-fault"])
def test_a_version_that_works_chooses_the_rollback(card: str) -> None:
    chosen = choose_runbook(KB, _top(card), found={DRIVER_REGRESSION_REPORTED})
    assert chosen is not None and chosen.id == ROLLBACK
    assert chosen.action_class == "driver_rollback"
    plain = choose_runbook(KB, _top(card), found=set())
    assert plain is not None and plain.id != ROLLBACK


def test_a_variant_the_evidence_rules_in_keeps_its_runbook() -> None:
    # the loaded kernel module differs from the installed libraries: a reboot loads the right one
    chosen = choose_runbook(
        KB, _top("driver-cuda-mismatch", "nvml_driver_mismatch"), found={DRIVER_REGRESSION_REPORTED}
    )
    assert chosen is not None and chosen.id == "drain-and-reboot-node"


def test_the_statement_chooses_no_runbook_for_a_card_without_that_variant() -> None:
    assert DRIVER_REGRESSION_REPORTED in FIX_STATEMENT_FINDINGS
    chosen = choose_runbook(KB, _top("fb-fragmentation-oom"), found={DRIVER_REGRESSION_REPORTED})
    assert chosen is not None and chosen.id != ROLLBACK


def test_a_report_of_a_broken_driver_update_plans_the_rollback_end_to_end() -> None:
    incident = report_incident("n1", family=Family.DEVICE, symptoms=("cuda_driver_mismatch",))
    evidence = report_evidence(
        "RuntimeError: CUDA error: system has unsupported display driver / cuda driver combination",
        "It was working until I updated the driver; downgrading the driver to 535 fixed it",
        node="n1",
    )
    ranked = ranked_flat(incident, evidence, ("driver-cuda-mismatch", "cpu-only-execution"), KB)
    assert ranked[0].card_id == "driver-cuda-mismatch"
    plan = make_plan(KB, incident, ranked, evidence)
    assert plan.runbook is not None and plan.runbook.id == ROLLBACK
