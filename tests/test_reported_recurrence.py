"""A ticket whose writer says the fault came back after it was recovered ("reoccurred", "fell off
the bus again after the reboot"): the recurrence the driver's log would show had gpufleet seen
those days. It raises the recurring variant of a GPU fault over the first-occurrence one; it never
stands alone for a card, never climbs the action ladder by itself (it names no GPU and no cause),
and is no recurrence when the writer denies it."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.agents.sre.scoring import rank_hypotheses
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident, Severity
from gpufleet.knowledge.findings import implicates_infrastructure
from gpufleet.knowledge.retrieve import Hit
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.recurrence_words import RECURRENCE_REPORTED, says_recurrence
from gpufleet.telemetry.unread_text import SIGNAL as UNREAD
from tests.report_words import report_evidence, report_incident

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0
GPU = "n1/gpu3"


@pytest.mark.parametrize(
    "line",
    [
        "The issue reoccurred 3rd time",
        "It happened again after the reboot, same GPU",
        "the card keeps falling off the bus",
        "Problem persists even after a full power cycle",
        "The problem persists after rebooting the server",
        "for the third time this week the node lost a GPU",
        "after every reboot one GPU is missing from nvidia-smi",
        "the error still shows after a reboot",
        "Same error again on GPU 3",
        "GPU is lost every 2 hours",
        "Xid 79 showed up again",
    ],
)
def test_a_writer_saying_the_fault_came_back_is_a_recurrence(line: str) -> None:
    assert says_recurrence(line)


@pytest.mark.parametrize(
    "line",
    [
        # denials: the recovery held
        "It hasn't happened again since the reseat",
        "the error has not recurred",
        "Xid 79 no longer occurs after the BIOS update",
        "never came back after we replaced the riser",
        # actions and code, not the fault
        "please try again later",
        "I rebooted the node again and ran the job",
        "RecursionError: maximum recursion depth exceeded",
        "a recurrent neural network with 4 layers",
        "keep going until the loss converges",
        "NCCL WARN Call to connect returned Connection refused, retrying",
        "checkpoint saved every 2 hours",
    ],
)
def test_what_is_not_a_recurrence(line: str) -> None:
    assert not says_recurrence(line)


def test_the_statement_is_evidence_beside_the_line_and_opens_nothing() -> None:
    text = (
        "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x, GPU has fallen off the bus.\n"
        "The GPU fell off the bus again after the reboot\n"
    )
    parsed = parse_job_log(text, origin="jobs/ticket.log", node="n1")
    said = [s for s in parsed.signatures if s.kind == RECURRENCE_REPORTED]
    assert [(s.line, s.node) for s in said] == [(2, "n1")]
    assert RECURRENCE_REPORTED not in FLEET_SIGNATURES
    # the line is still the report's own words for the unread-report reader
    assert (
        2,
        "The GPU fell off the bus again after the reboot",
    ) in parsed.report.gpu_unparsed_lines
    # a person's word about the history implicates no layer on its own
    assert not implicates_infrastructure(RECURRENCE_REPORTED)


def _incident(
    *, symptoms: tuple[str, ...] = ("xid_79",), family: Family = Family.DEVICE
) -> Incident:
    xids = (79,) if "xid_79" in symptoms else ()
    return report_incident(
        GPU, family=family, symptoms=symptoms, severity=Severity.CRITICAL, xids=xids
    )


def _ticket(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node="n1", origin="jobs/ticket.log")


FELL = "NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=x, GPU has fallen off the bus."
AGAIN = "Issue reoccurred: the same GPU fell off the bus again after the reboot"
CARDS = ("xid-79-fallen-off-bus", "xid-79-recurring-hardware", "pcie-aer-errors")


def _rank(incident: Incident, evidence: list[Evidence]) -> list[str]:
    found = derive_findings(incident, evidence)
    hits = [Hit(c, 0.5, 0.5, 0.5, ["symptom"], 0.0) for c in CARDS]
    return [h.card_id for h in rank_hypotheses(incident, evidence, found, hits, KB)]


def test_a_reported_recurrence_ranks_the_board_first() -> None:
    once, again = _ticket(FELL), _ticket(FELL, AGAIN)
    assert RECURRENCE_REPORTED in {f.name for f in derive_findings(_incident(), again)}
    assert _rank(_incident(), once)[0] == "xid-79-fallen-off-bus"
    ranked = _rank(_incident(), again)
    assert ranked[0] == "xid-79-recurring-hardware"
    # the board's card carries its own action: a ticket, not one more reboot
    top = [Hypothesis(card_id=ranked[0], title="t", score=1.0, supporting=(RECURRENCE_REPORTED,))]
    plan = make_plan(KB, _incident(), top, again)
    assert plan.runbook is not None and plan.runbook.action_class == "hardware_ticket"


def test_words_alone_never_climb_the_action_ladder() -> None:
    # "CUDA fails again after every suspend" is a driver's habit, not a board: the writer's word
    # names no GPU and no cause, so with the first-occurrence card on top the action stays
    top = [Hypothesis(card_id="xid-79-fallen-off-bus", title="t", score=1.0)]
    first = make_plan(KB, _incident(), top, _ticket(FELL))
    said = make_plan(KB, _incident(), top, _ticket(FELL, AGAIN))
    assert first.runbook is not None and said.runbook is not None
    assert first.runbook.action_class == said.runbook.action_class == "reboot"


def test_a_denied_recurrence_changes_nothing() -> None:
    denied = _ticket(FELL, "It has not happened again since the reseat")
    assert RECURRENCE_REPORTED not in {f.name for f in derive_findings(_incident(), denied)}
    assert _rank(_incident(), denied)[0] == "xid-79-fallen-off-bus"


def test_a_jobs_fault_that_keeps_coming_back_is_not_climbed() -> None:
    app = _incident(symptoms=("xid_13",), family=Family.APPLICATION)
    evidence = _ticket("Graphics exception, the job keeps crashing")
    top = [Hypothesis(card_id="xid-app-fault", title="t", score=1.0)]
    plain = make_plan(KB, app, top, _ticket("Graphics exception"))
    kept = make_plan(KB, app, top, evidence)
    assert plain.runbook is not None and kept.runbook is not None
    assert kept.runbook.action_class == plain.runbook.action_class


def test_a_statement_alone_changes_nothing_on_a_text_only_incident() -> None:
    # an incident opened by report words alone, matched to a hardware card by text: the writer
    # saying it came back is no finding that confirms the card, so nothing is drained
    text_only = _incident(symptoms=(UNREAD,))
    evidence = _ticket("The machine keeps rebooting under load, it happened again today")
    top = [
        Hypothesis(
            card_id="gpu-fault-survives-reboot",
            title="t",
            score=1.0,
            supporting=(RECURRENCE_REPORTED,),
        )
    ]
    plan = make_plan(KB, text_only, top, evidence)
    assert plan.runbook is not None
    assert plan.runbook.action_class in {"investigate", "config_fix", "notify_user"}
