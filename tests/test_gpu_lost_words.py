"""A report that a GPU left the bus in the writer's words - "causing the GPU to fall off the bus",
"the GPU card is lost on the node", 掉卡, ``lspci`` printing the GPU as ``(rev ff)`` - raises the
fallen-off-the-bus mode over the node-down and application cards the same crash fits; "lost" in
other senses, a GPU missing after a driver change, advice and a denial change nothing."""

from __future__ import annotations

import pytest

from gpufleet.bus.events import Family
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.gpu_lost_words import GPU_LOST_REPORTED, says_gpu_lost
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from tests.report_words import OneNodeReport, stated_at

KB = KnowledgeBase.load()
NODE = "n1"
FELL = 'this is a power issue with the eGPU causing an undervolt and the "GPU to fall off the bus"'


@pytest.mark.parametrize(
    "line",
    [
        FELL,
        "gpu randomly falls off the bus when playing games on the nvidia gpu",
        "c2:00.0 VGA compatible controller: NVIDIA Corporation Device 2684 (rev ff)",
        "Off the busエラーはPCIe接続のエラーを示している。",
        "Scheduler panic happens on starting whenever the GPU card is lost on node.",
        "In some experiments one gpu is lost during the training",
        "Again, we lost 1 GPU then caused slurmd not to run",
        "显卡出问题了，掉卡了",
        "Lost GPU 3 during training",
        "lost a GPU on node 7",
        "the card dropped off the PCIe bus after an hour of mining",
    ],
)
def test_a_writer_saying_a_gpu_left_the_bus_is_the_statement(line: str) -> None:
    assert says_gpu_lost(line)


@pytest.mark.parametrize(
    "line",
    [
        # "lost" in other senses, a capacity count
        "we lost the connection to the head node",
        "the GPU was lost in thought",
        "lost 20 % performance after the update",
        "gpu11 separately lost 4 GPUs the same way",
        "i lost my gpu driver",
        "we lost the GPU node to maintenance",
        "the GPU was lost to another job",
        "containers lose GPUs after systemctl daemon-reload",
        "the device is lost",
        # another device's lspci line, a question, the driver's own line (read as the record)
        "03:00.0 Ethernet controller: Mellanox Technologies MT28908 (rev ff)",
        "Did the GPU fall off the bus?",
        "NVRM: GPU 0000:18:00.0: GPU has fallen off the bus.",
        # a denial, a condition
        "the GPU did not fall off the bus this time, it just hung",
        "if a GPU falls off the bus, reboot the node",
        # all GPUs missing after a driver change is another mode
        "No devices were found",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_gpu_lost(line)


def test_the_statement_is_evidence_beside_the_line() -> None:
    text = f"the rig ran for an hour\n{FELL}\n"
    assert stated_at(text, GPU_LOST_REPORTED, NODE) == [(2, NODE)]
    assert GPU_LOST_REPORTED not in FLEET_SIGNATURES


# retrieval's order, flat: the node-down card first, as "the machine froze" alone ranks it
REPORT = OneNodeReport(
    Family.DEVICE, ("node-unreachable-node-silent", "xid-app-fault", "xid-79-fallen-off-bus"), KB
)
FROZE = "the display froze and the machine needed a power cycle"


def test_the_statement_ranks_the_fallen_gpu_first() -> None:
    said = (FROZE, FELL)
    assert GPU_LOST_REPORTED in REPORT.findings(*said)
    assert REPORT.rank(FROZE)[0] == "node-unreachable-node-silent"
    assert REPORT.rank(*said)[0] == "xid-79-fallen-off-bus"


def test_a_denied_fall_changes_nothing() -> None:
    other = (FROZE, "the GPU did not fall off the bus this time, it just hung")
    assert GPU_LOST_REPORTED not in REPORT.findings(*other)
    assert REPORT.rank(*other)[0] == "node-unreachable-node-silent"
