"""A report whose writer says the GPU is slowed by heat ("throttled … because of the thermal
limit", "overheats and slows down", ``SW Thermal Slowdown : Active`` pasted) or that its fan
stopped: the clock-event reason and the cause DCGM would have shown. The heat statement raises the
thermal slowdown card over the memory and workload cards a slow job also fits; a stopped fan
beside it names the cause; denials, a room's or a CPU's heat change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.thermal_words import (
    FAN_FAULT_REPORTED,
    THROTTLE_REPORTED,
    says_fan_fault,
    says_hw_thermal,
    says_thermal_throttle,
)
from tests.report_words import rank_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0
GPU = "ws1/gpu0"


@pytest.mark.parametrize(
    "line",
    [
        "the GPU is at 100% usage, but throttled between 450 MHz and 550 MHz because of the "
        "thermal limit",
        "Turned out the GPU got overheated and slows down over time.",
        "    SW Thermal Slowdown        : Active",
        "my RTX 3090 thermal throttles at 83C",
        "GPU clocks drop to 300 MHz when temperature reaches 87C",
        "the card is downclocking to 139MHz while gaming because of heat",
    ],
)
def test_a_writer_saying_heat_slows_the_gpu_is_the_statement(line: str) -> None:
    assert says_thermal_throttle(line)


@pytest.mark.parametrize(
    "line",
    [
        "No thermal throttling observed on the GPU",
        "    HW Thermal Slowdown        : Not Active",
        "GPU is not overheating, temps are 60C",
        # not the GPU's heat, or not heat at all
        "the computer room temperature is elevated",
        "CPU thermal throttling on the host",
        "training slows down after epoch 3",
        "hot-plug of the GPU failed",
    ],
)
def test_what_is_not_the_heat_statement(line: str) -> None:
    assert not says_thermal_throttle(line)


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("the GPU fan stopped spinning and the card overheats", True),
        ("fan speed reads 0 RPM under load", True),
        ("one of the chassis fans failed", True),
        ("a dead fan on GPU 2", True),
        ("the fan is spinning fine", False),
        ("fan speed 45%", False),
        ("the fans ramp up to 100% under load", False),
        ("no fan failure reported", False),
    ],
)
def test_a_stopped_fan_is_its_own_statement(line: str, said: bool) -> None:
    assert says_fan_fault(line) is said


def test_the_statements_are_evidence_beside_the_line_and_open_nothing() -> None:
    text = "step 100 took 0.7 s\nthe GPU fan stopped and the card overheats and slows down\n"
    parsed = parse_job_log(text, origin="jobs/post.log", node="ws1")
    kinds = {(s.kind, s.line) for s in parsed.signatures}
    assert {(THROTTLE_REPORTED, 2), (FAN_FAULT_REPORTED, 2)} <= kinds
    assert not {THROTTLE_REPORTED, FAN_FAULT_REPORTED} & set(FLEET_SIGNATURES)


def _incident() -> Incident:
    return report_incident(GPU, family=Family.THERMAL)


def _post(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node="ws1", origin="jobs/post.log")


# retrieval's order, flat, with the cards a slow job's text also fits first
CARDS = (
    "fb-memory-leak",
    "hw-thermal-slowdown",
    "hbm-overtemperature",
    "dataloader-stall",
    "sw-thermal-slowdown",
    "fan-failure",
)
SLOW = "training steps went from 0.7 s to 1.4 s after an hour"
HOT = "the GPU is throttled to 510 MHz at 88C because of the thermal limit"
FAN = "the GPU fan stopped spinning"


def _rank(evidence: list[Evidence]) -> list[str]:
    return rank_flat(_incident(), evidence, CARDS, KB)


def test_heat_named_by_the_writer_ranks_the_thermal_slowdown_first() -> None:
    assert _rank(_post(SLOW))[0] != "sw-thermal-slowdown"
    said = _post(SLOW, HOT)
    assert THROTTLE_REPORTED in {f.name for f in derive_findings(_incident(), said)}
    assert _rank(said)[0] == "sw-thermal-slowdown"


def test_a_stopped_fan_beside_the_heat_names_the_cause() -> None:
    assert _rank(_post(SLOW, HOT, FAN))[0] == "fan-failure"


def test_a_denied_throttle_changes_nothing() -> None:
    denied = _post(SLOW, "checked nvidia-smi: no thermal throttling on the GPU")
    assert THROTTLE_REPORTED not in {f.name for f in derive_findings(_incident(), denied)}
    assert _rank(denied) == _rank(_post(SLOW))


def test_the_hardware_reason_named_ranks_the_hardware_variant() -> None:
    hw = "a hardware thermal-slowdown flag asserted on GPU0 at 92 C, clocks throttled"
    assert says_hw_thermal(hw)
    assert not says_hw_thermal("    HW Thermal Slowdown        : Not Active")
    assert _rank(_post(SLOW, hw))[0] == "hw-thermal-slowdown"


def test_a_fan_that_stops_at_idle_is_no_fault() -> None:
    # zero-RPM / semi-passive fans stop on an idle card by design
    assert not says_fan_fault("GPU fans not spinning at idle")
    assert not says_fan_fault("fans stop at idle (zero RPM mode)")


def test_words_alone_never_drain_a_node_a_report_opened() -> None:
    # an incident only a post opened, its top card confirmed by nothing but the writer's words:
    # the plan stays read-only or a notice, whatever the card's own runbook
    evidence = _post(SLOW, HOT, FAN)
    top = [
        Hypothesis(
            card_id="fan-failure",
            title="t",
            score=1.0,
            supporting=(FAN_FAULT_REPORTED, THROTTLE_REPORTED),
        )
    ]
    plan = make_plan(KB, _incident(), top, evidence)
    assert plan.runbook is not None
    assert plan.runbook.action_class in {"investigate", "config_fix", "notify_user"}
