"""A report whose writer says the site's cooling failed ("a chilled water cooling failure", "both
HVAC units were down", "the server room temperature rose to 40 °C", "Emergency shutdown due to
cooling issue"): the room's or the rack's cooling is the cause, above the silent node the heat
switched off, and the plan is the facilities team's. A GPU's or a laptop's cooling, a condition,
a denial, a question and planned work change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.facility_cooling_words import (
    FACILITY_COOLING_REPORTED,
    says_facility_cooling,
)
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import rank_flat, ranked_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
NODE = "gpu09"


@pytest.mark.parametrize(
    "line",
    [
        "a chilled water cooling failure forced an emergency shutdown of compute",
        "#### Emergency shutdown due to cooling issue",
        "both HVAC units were down for two hours",
        "all three air conditioning units shut down overnight",
        "the chillers could not keep up in the heatwave",
        "the outside temperature was too high for the chillers to work efficiently",
        "loss of chilled water to the building at 06:10",
        "the CDU failed and the whole rack heated up",
        "the server room temperature rose to 40 C",
        "the machine room reached 34 C",
        "the data hall was over 100F",
        "When the CRAC unit failed, inlet temps rose to 35C",
        "CRAC unit failed; facilities maintenance dispatched",
        "Purdue data center cooling issues took down a cluster",
    ],
)
def test_a_writer_saying_the_sites_cooling_failed_is_the_statement(line: str) -> None:
    assert says_facility_cooling(line)


@pytest.mark.parametrize(
    "line",
    [
        # a GPU's, a laptop's or a node's own cooling is another mode
        "the GPU cooling is not enough, fan at 100%",
        "my laptop cooling pad broke",
        "GPU temperature rose to 90C",
        # a condition, advice, a question, a denial, planned work, a room merely described
        "if the chiller fails, the nodes shut down",
        "make sure the CRAC units are monitored",
        "is the HVAC down?",
        "the chillers were not the problem",
        "We will maintain core services during the scheduled chilled water outage.",
        "the room is air conditioned",
        "We believe we will be able to maintain core services during the chilled water outage.",
        # a normal room, a node's own fan, a report about a GPU, cooling said to be fine
        "The GPU reached 88C while the room was at 22C",
        "I tested at room temperature over several hours",
        "the data hall was at 24C",
        "System shutdown due to cooling fan failure on FAN3",
        "The CDU reported GPU failed",
        "the card is too hot for the cooling",
        "the heatwave pushed GPU temps up, but cooling was fine",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_facility_cooling(line)


def test_the_statement_is_evidence_beside_the_line_and_opens_nothing() -> None:
    text = "step 100 took 0.7 s\nboth HVAC units were down\n"
    parsed = parse_job_log(text, origin="jobs/post.log", node=NODE)
    assert (FACILITY_COOLING_REPORTED, 2) in {(s.kind, s.line) for s in parsed.signatures}
    assert FACILITY_COOLING_REPORTED not in FLEET_SIGNATURES


def _incident() -> Incident:
    return report_incident(NODE, family=Family.HOST)


def _post(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node=NODE, origin="jobs/post.log")


# retrieval's order, flat, with the cards a post about nodes switched off also fits first
CARDS = (
    "node-unreachable-node-silent",
    "slurm-node-down",
    "maintenance-drain",
    "rack-cooling-failure",
    "high-inlet-ambient",
)
DOWN = "the compute nodes went down at 14:10 and the jobs were lost"


def test_the_sites_cooling_ranks_above_the_nodes_it_switched_off() -> None:
    assert rank_flat(_incident(), _post(DOWN), CARDS, KB)[0] == "node-unreachable-node-silent"
    said = _post(DOWN, "a chilled water cooling failure forced an emergency shutdown")
    assert FACILITY_COOLING_REPORTED in {f.name for f in derive_findings(_incident(), said)}
    ranked = rank_flat(_incident(), said, CARDS, KB)
    assert ranked[0] == "high-inlet-ambient"
    assert ranked.index("rack-cooling-failure") < ranked.index("slurm-node-down")


def test_the_plan_is_the_facilities_teams() -> None:
    said = _post(DOWN, "both HVAC units were down")
    plan = make_plan(KB, _incident(), ranked_flat(_incident(), said, CARDS, KB), said)
    assert plan.runbook is not None and plan.runbook.action_class == "facilities"
