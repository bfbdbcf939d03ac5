"""A thread's resolution in its writer's words ("it turned out to be a power problem", "fixed by
reseating the card", "works now after swapping the riser"): the line that names what the fault
was comes last in a thread, past the head the text embedding reads, so a report's excerpt
carries it second, after its title. A question, a condition, a wish or a cure denied is no
resolution and moves nothing."""

from __future__ import annotations

import pytest

from gpufleet.knowledge.embedding import MAX_LENGTH
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.resolution_words import states_resolution
from gpufleet.telemetry.text_evidence import MAX_RESOLUTION, TextReport
from gpufleet.telemetry.unread_text import excerpt, report_excerpt


@pytest.mark.parametrize(
    "line",
    [
        "For me, it turned out to be a power problem causing PCI BUS instability. 8x 3090Ti",
        "The issue was the riser cable, replaced it",
        "this was caused by the 545 driver",
        "Root cause: IOMMU was enabled in the BIOS",
        "Fixed by reseating the card in another slot",
        "Solution: set NCCL_P2P_DISABLE=1",
        "works now after swapping the PSU",
        "no more crashes since I lowered the power limit",
        "my bad, the container had no --gpus flag",
        "The issue was fixed in 550.54.14",
        "the culprit was a loose riser",
        "Thanks! The upgrade to CUDA 11.3 solved the issue.",
        "kill this process and the issue is solved.",
        "Thanks, that did it!",
        "[SOLVED] Xid 79 after the BIOS update",
        "原因是电源功率不足",
        "谢谢已经解决了 是我RDMA配置没开导致的IB网卡找不到",
        "причина была в райзере",
    ],
)
def test_a_writers_resolution_is_read(line: str) -> None:
    assert states_resolution(line)


@pytest.mark.parametrize(
    "line",
    [
        "Did updating the driver fix it?",
        "reinstalling the driver didn't fix it",
        "still not solved after the BIOS update",
        "if it is caused by the PSU the machine would just switch off",
        "I hope this gets fixed soon",
        "the cause is still unknown",
        "The cause was never found",
        # a denial after the words, a guess, what is still to come
        "The issue was not fixed by the driver update",
        "The problem was not the PSU",
        "reinstalling the driver didn't fix it, and the issue was still there",
        "I think the issue was the PSU",
        "this is probably caused by the PSU",
        "This should be fixed in the next release",
        "**Possible solution:**",
        # the fault described, not its cause: "the issue was happening", "Error was: …"
        "The issue was happening every run after ~2h",
        "The crash was reproducible on every node",
        "Error was: CUDA out of memory",
        "Bug was introduced in 535.104",
        "0 errors were found",
        # a label with nothing after it
        "Solution: N/A",
        "Workaround: none",
        # a job's own lines, a changelog's, a package manager's
        "Resolved 152 packages in 1.21s",
        "Using fixed seed 42",
        "- Fixed a bug where nvidia-smi hung on MIG",
        "Job 1234 is running now on node gpu-07",
        "It stopped working again after a reboot",
        "The above exception was the direct cause of the following exception:",
        # denials and questions in Russian and Chinese
        "переустановка драйвера не помогла",
        "я решил попробовать другой драйвер",
        "问题没有解决",
        "如何解决这个问题",
    ],
)
def test_a_question_a_condition_a_wish_or_a_denial_is_no_resolution(line: str) -> None:
    assert not states_resolution(line)


# a thread whose first post alone fills the embedding's window, the answer at its end
_POST = [
    "# Training crashes on the 8x 3090 Ti rig",
    *(
        f"The run crashes with an error after {n} minutes of training on all GPUs"
        for n in range(19)
    ),
]
_ANSWER = "For me, it turned out to be a power problem causing PCI BUS instability."
THREAD = "\n".join([*_POST, "did you try another driver?", _ANSWER]) + "\n"


def test_the_resolution_comes_second_in_the_excerpts_a_thread_is_ranked_by() -> None:
    report = parse_job_log(THREAD, origin="jobs/thread.log", node="rig").report
    text = excerpt(report)
    lines = text.splitlines()
    assert lines[0] == _POST[0] and lines[1] == _ANSWER
    assert lines.count(_ANSWER) == 1  # moved, not copied
    # and it lies inside the window the embedding reads (about four characters a token)
    assert text.index(_ANSWER) + len(_ANSWER) < MAX_LENGTH * 3
    # the words the resolved incidents are compared by keep the thread's order: a new report is
    # matched to them by its problem, not by its answer
    assert report_excerpt(report).splitlines()[1] == _POST[1]


def test_a_thread_without_a_resolution_keeps_its_order() -> None:
    text = "\n".join(_POST) + "\n"
    report = parse_job_log(text, origin="jobs/thread.log", node="rig").report
    assert report.resolution_lines == []
    assert excerpt(report).splitlines()[:3] == _POST[:3]


def test_only_the_last_resolutions_are_kept_the_threads_end_says_it_best() -> None:
    said = [f"fixed it on node {n} by reseating the card" for n in range(MAX_RESOLUTION + 3)]
    text = "\n".join([*_POST, *said]) + "\n"
    report = parse_job_log(text, origin="jobs/thread.log", node="rig").report
    assert [t for _, t in report.resolution_lines] == said[-MAX_RESOLUTION:]


def test_a_resolution_in_the_title_is_not_repeated() -> None:
    title = "[SOLVED] Training crashes on the 8x 3090 Ti rig"
    text = "\n".join([title, *_POST[1:]]) + "\n"
    lines = excerpt(parse_job_log(text, origin="jobs/thread.log", node="rig").report).splitlines()
    assert lines[0] == title and lines.count(title) == 1


def test_a_tools_own_output_holds_no_resolution() -> None:
    report = TextReport()
    report.not_understood(1, "GPU 0: fixed by the field diagnostic", gpu_text=True)
    report.not_understood(2, "for me it turned out to be the riser")
    assert [n for n, _ in report.resolution_lines] == [2]
