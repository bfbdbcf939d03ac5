"""A report whose writer says the host itself stopped ("the server hard-crashed", "the node went
down", "a power outage took the cluster offline", "got a kernel panic") or that it switches off
as its GPUs take load ("the PC shuts down under load", "the PSU trips"): what the scheduler's
"Not responding" or the BMC's event log would have shown. The first raises the silent-node card
over the cards a post's other words fit; the second the supply that cannot carry the load;
operators' own reboots, planned work, denials and a GPU's or a job's crash change nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.host_down_words import (
    HOST_DOWN_REPORTED,
    POWER_TRIP_REPORTED,
    says_host_down,
    says_power_trip,
)
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import rank_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0
NODE = "gpu09"


@pytest.mark.parametrize(
    "line",
    [
        "the whole system froze and had to be power-cycled",
        "node gpu09 went down at 03:12 and never came back",
        "Our server randomly reboots itself every few days",
        "the node became unresponsive, ssh hangs",
        "At 2:28 PM today, the lab suffered a partial site-wide power outage.",
        "the remaining systems stayed up until the UPS batteries were exhausted",
        "got a kernel panic right after the Xid",
        "the workstation hard-crashes with no log entry",
        "spontaneous reboots on two of the compute nodes",
        # a crash so qualified with the host named; a Jetson is the whole computer
        "My PC started having these random crashes (even on idle)",
        "random system crashes under load",
        "Jetson Nano suddenly turns off during the task",
        # a host that lost its network, or its site's supply
        "a routine OS update caused a significant number of GPU nodes to lose network connectivity",
        "All B200 runners are having networking issues",
        "# B200 runners are down due to network issues",
        "Network issue on NVIDIA DGX",
        "there was a power supply disruption at the data centre, causing the cluster to go offline",
    ],
)
def test_a_writer_saying_the_host_stopped_is_the_statement(line: str) -> None:
    assert says_host_down(line)
    assert not says_power_trip(line)


@pytest.mark.parametrize(
    "line",
    [
        # an operator's action, planned work, a denial
        "I rebooted the server and the GPU came back",
        # a hard reboot named as the cure or as one way to reboot, not as the fault
        "This is fixed by performing a hard reboot of the system.",
        "a crash after waking from suspend that requires a hard reboot",
        "it may have something to do with ACPI soft reboot vs hard reboot",
        "the cluster will go down for scheduled maintenance on Tuesday",
        "the machine did not crash, only the job",
        "no kernel panic, no oops, nothing in the journal",
        # not the host: the GPU, the driver, the job, the training
        "the GPU crashed with Xid 79",
        "the training hangs after epoch 3",
        "the job crashed with CUDA error: an illegal memory access",
        # a crash so qualified with no host named is the program's, a game's or a driver's
        "GPU driver randomly crashes shortly after being ingame for a few minutes.",
        'Changed async scheduler to "host": Hard crash. Log attached:',
        "# Randomly crashes after generation",
        # a GPU's power limit is another matter
        "GPU power cap reached, clocks reduced",
        # a network problem of the job, or none on the hosts
        "the job failed because of a network issue",
        "NCCL WARN network issue while connecting to rank 3",
        "the servers have no network issues, the NCCL test passes",
        "the nodes never had network issues",
        "[rank3]: TCPStore: lost network connection to rank 0",
        "the docker container lost network access",
        "the model is down due to network issues with the API",
        # Slurm's own reason is the scheduler's verdict, read as such by its own parser
        "   Reason=Node unexpectedly rebooted [slurm@2022-06-26T17:04:41]",
    ],
)
def test_what_is_not_the_host_down_statement(line: str) -> None:
    assert not says_host_down(line)


@pytest.mark.parametrize(
    "line",
    [
        "Machine restarts when running TensorFlow with GPU",
        "PC shuts down unceremoniously when trying to generate images",
        "the server just powers off under full load",
        "as soon as training starts the workstation reboots",
        "The PSU trips as soon as both GPUs ramp up",
        "the supply's over-current protection kicks in",
    ],
)
def test_a_host_that_switches_off_as_the_gpus_load_is_the_power_trip(line: str) -> None:
    assert says_power_trip(line)
    assert not says_host_down(line)


def test_the_statements_are_evidence_beside_the_line_and_open_nothing() -> None:
    text = "step 100 took 0.7 s\nthe node went down at 03:12\nthe PC reboots under load\n"
    parsed = parse_job_log(text, origin="jobs/post.log", node=NODE)
    kinds = {(s.kind, s.line) for s in parsed.signatures}
    assert {(HOST_DOWN_REPORTED, 2), (POWER_TRIP_REPORTED, 3)} <= kinds
    assert not {HOST_DOWN_REPORTED, POWER_TRIP_REPORTED} & set(FLEET_SIGNATURES)


def _incident() -> Incident:
    return report_incident(NODE, family=Family.HOST)


def _post(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node=NODE, origin="jobs/post.log")


# retrieval's order, flat, with the cards a post about a stopped machine also fits first
CARDS = (
    "maintenance-drain",
    "psu-redundancy-loss",
    "ecc-dbe",
    "slurm-node-down",
    "power-brake-psu",
    "node-unreachable-node-silent",
)
CONTEXT = "users report their jobs on gpu09 failed overnight"


def _rank(evidence: list[Evidence]) -> list[str]:
    return rank_flat(_incident(), evidence, CARDS, KB)


def test_a_host_that_stopped_ranks_the_silent_node_first() -> None:
    assert _rank(_post(CONTEXT))[0] != "node-unreachable-node-silent"
    said = _post(CONTEXT, "the node froze and had to be power-cycled from the BMC")
    assert HOST_DOWN_REPORTED in {f.name for f in derive_findings(_incident(), said)}
    assert _rank(said)[0] == "node-unreachable-node-silent"


def test_a_site_power_outage_is_no_planned_drain() -> None:
    outage = _post(CONTEXT, "a power outage took the whole cluster offline at 14:28")
    ranked = _rank(outage)
    assert ranked[0] == "node-unreachable-node-silent"
    assert ranked.index("maintenance-drain") > ranked.index("slurm-node-down")


def test_a_host_that_switches_off_under_load_ranks_the_supply_first() -> None:
    trip = _post(CONTEXT, "the server shuts down as soon as all four GPUs start training")
    assert POWER_TRIP_REPORTED in {f.name for f in derive_findings(_incident(), trip)}
    assert _rank(trip)[0] == "power-brake-psu"


def test_an_operators_reboot_changes_nothing() -> None:
    rebooted = _post(CONTEXT, "I rebooted the server and the jobs ran again")
    assert HOST_DOWN_REPORTED not in {f.name for f in derive_findings(_incident(), rebooted)}
    assert _rank(rebooted) == _rank(_post(CONTEXT))


def test_words_alone_never_drain_a_node_a_report_opened() -> None:
    # the silent-node card's own runbook drains and reboots; words alone stay read-only
    evidence = _post(CONTEXT, "the node went down at 03:12")
    top = [
        Hypothesis(
            card_id="node-unreachable-node-silent",
            title="t",
            score=1.0,
            supporting=(HOST_DOWN_REPORTED,),
        )
    ]
    plan = make_plan(KB, _incident(), top, evidence)
    assert plan.runbook is not None
    assert plan.runbook.action_class in {"investigate", "config_fix", "notify_user"}
