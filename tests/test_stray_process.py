"""A report whose writer says a process outlived its job and still holds the GPU ("the parent
became a zombie and keeps occupying GPU memory", "orphaned workers reparented to init",
``<defunct>``): the ghost-job mode's own definition, in words. It raises ``slurm-ghost-job`` over
the memory and workload cards a job's OOM also fits, its plan tells the owner (the processes are
a user's) rather than resetting a GPU under a live process, and a denial or an unrelated use of
the words changes nothing."""

from __future__ import annotations

import pytest

from gpufleet.agents.sre.findings import derive_findings
from gpufleet.agents.sre.plan import make_plan
from gpufleet.bus.events import Evidence, Family, Hypothesis, Incident
from gpufleet.knowledge.store import KnowledgeBase
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES
from gpufleet.telemetry.stray_process_words import STRAY_PROCESS_REPORTED, says_stray_process
from tests.report_words import rank_flat, report_evidence, report_incident

KB = KnowledgeBase.load()
T0 = 1_780_000_000.0
GPU = "n1/gpu3"


@pytest.mark.parametrize(
    "line",
    [
        "alert: found nvidia zombie process",
        "the parent process becomes a zombie process which keeps occupying the GPU memory",
        "the memory is held by live processes reparented to init.",
        "user 4242 0.0 0.0 0 0 ? Z 10:00 0:00 [python] <defunct>",
        "GPU memory is not released after the process was killed",
        "Cancelled jobs leave orphaned dataloader workers on the node",
        "leftover python processes from the previous job hold 39 GiB",
        "the stale PIDs still show in nvidia-smi",
        "VRAM stays occupied even though the training script crashed",
        "killed job children become nvidia zombie processes",
        "residual processes still hold the GPU memory until killed",
        "the old container still holds the 4 GPUs",
        "after Ctrl-C the GPU processes keep running on the worker nodes",
        "the worker GPU program keeps running after sky cancel",
        "EngineCore and TP workers survive the SIGKILL and keep the GPUs",
        "a pod using the GPU has been terminating for a long time",
        # the other ways round a writer tells it
        "the children processes created by dataloader didn't exit and gpu memory wasn't released",
        "didn't exit and gpu memory wasn't released.",
        "some of the processes stay alive after the run and occupy GPU memory",
        "After killing the rank in step 4, you will observe that GPU memory remains non-zero",
        "the GPU is still occupied by the old container so the new container gets no GPU",
        "Orphaned CUDA contexts after 100s - container needs restart.",
        "the GPU is still held by the previous job's pod",
        "nohup 启动训练进程之后直接kill主进程显卡不会释放显存",
        "中断后存在显存占用是因为存在残留进程",
        "the GPU memory not released normally after I interrupted the training script",
        "后台训练的进程被kill后，仍然占用GPU内存且无法清除",
        "当显存占用遭遇幽灵进程",
        # runs that ended without giving the memory back, and the memory back once they were killed
        "cancelled runs do not release the GPU memory on our nodes",
        "failed jobs appear to not reset the memory on our GPUs",
        "I had to kill -9 every one of them. After that, the GPUs memory was released.",
        "학습이 중단되더라도 GPU가 비워지지 않는다",
        # the earlier task stopped but its VRAM was not released; the VRAM cannot be cleared
        "可能是之前的任务虽然停止了，但是显存没有释放，导致任务再次运行的时候，显存不够的情况",
        "# 视频库中CTCN训练ctr+c退出后显卡无法释放",
        # a child left behind that goes on holding the GPU; processes that stay and keep it; a
        # scheduler's reservation a cancel leaked
        "its engine-core child was orphaned and kept holding the GPU",
        "These process remain and do not release GPU resources when CTRL-C is used.",
        "when the queued run was cancelled (Ctrl+C), the reserved GPUs were never released",
        "after the run was cancelled the GPUs were never returned",
    ],
)
def test_a_writer_saying_a_process_outlived_its_job_is_the_statement(line: str) -> None:
    assert says_stray_process(line)


@pytest.mark.parametrize(
    "line",
    [
        # denials: the check came back clean
        "There are no zombie processes on the node",
        "no leftover processes remain after the epilog",
        # the words in other senses
        "Zombie Army 4 crashes with a DXGI error",
        "Stale file handle on /scratch",
        "left over 3 GB of memory free",
        # other modes: a hung process is a wedge, an OOM is the job's own memory
        "process 1234 is hung in D state",
        "CUDA out of memory. Tried to allocate 2.00 GiB",
        "the GPU memory is in use by the current job",
        "the worker process exited with code 1",
        # work that goes on after an error or a change, a lock held, a pod not yet scheduled
        "training keeps running after the NaN warning",
        "the container still holds a lock on the file",
        "pods are stuck in Pending",
        # a process that will not exit with no GPU held, a GPU in use by the running job
        "the server did not exit and the GPU is fine",
        "the GPU is still used by the previous model weights",
        "after finishing the epoch, GPU memory usage is non-zero",
        "GPU memory still occupied by the previous epoch's activations",
        "the process won't die and the GPU hangs",
        "显存占用很高",
        # a run that failed for want of memory, memory given back after a restart
        "the job failed because the runs did not release memory",
        "failed runs do not reset the counters",
        "After that, the GPU memory was released by the allocator",
        # a question and a condition, in Chinese
        "停止训练后显存不会被释放吗？",
        "如果停止后显存没有释放，请重启",
        # denied, asked, or nothing that ended the run
        "no orphaned process kept holding the GPU",
        "do the processes remain and not release the GPU?",
        "the GPUs were never released to the other team",
        # a leak, a caching allocator and persistent workers are not processes outliving a job;
        # a condition is not what happened
        "the cache leaked, and the model kept using GPU memory each step",
        "the processes remain idle and do not release GPU memory until you call empty_cache",
        "workers persist between epochs and do not free GPU memory (persistent_workers=True)",
        "if the job is cancelled the reserved GPUs are never released",
    ],
)
def test_what_is_not_the_statement(line: str) -> None:
    assert not says_stray_process(line)


def test_the_statement_is_evidence_beside_the_line_and_opens_nothing() -> None:
    text = "training finished\nthe parent became a zombie and keeps occupying the GPU memory\n"
    parsed = parse_job_log(text, origin="jobs/ticket.log", node="n1")
    said = [s for s in parsed.signatures if s.kind == STRAY_PROCESS_REPORTED]
    assert [(s.line, s.node) for s in said] == [(2, "n1")]
    assert STRAY_PROCESS_REPORTED not in FLEET_SIGNATURES


def _incident() -> Incident:
    return report_incident(GPU, family=Family.UTILIZATION, symptoms=("fb_nearly_full",))


def _ticket(*lines: str) -> list[Evidence]:
    return report_evidence(*lines, node="n1", origin="jobs/ticket.log")


CARDS = ("fb-memory-leak", "slurm-ghost-job", "fb-fragmentation-oom", "cpu-only-execution")
FULL = "nvidia-smi shows 5371MiB used on GPU 3 while no job runs there"
ZOMBIE = "the training process became a zombie and keeps occupying the GPU memory"


def _rank(evidence: list[Evidence]) -> list[str]:
    # retrieval's order, flat: the leak card first, as text about memory in use often ranks it
    return rank_flat(_incident(), evidence, CARDS, KB)


def test_the_statement_ranks_the_ghost_job_first_and_tells_the_owner() -> None:
    said = _ticket(FULL, ZOMBIE)
    assert STRAY_PROCESS_REPORTED in {f.name for f in derive_findings(_incident(), said)}
    assert _rank(_ticket(FULL))[0] != "slurm-ghost-job"
    assert _rank(said)[0] == "slurm-ghost-job"
    top = [
        Hypothesis(
            card_id="slurm-ghost-job", title="t", score=1.0, supporting=(STRAY_PROCESS_REPORTED,)
        )
    ]
    plan = make_plan(KB, _incident(), top, said)
    # the processes are a user's: tell the owner, never reset a GPU under a live process
    assert plan.runbook is not None and plan.runbook.action_class == "notify_user"


def test_a_denied_statement_changes_nothing() -> None:
    denied = _ticket(FULL, "checked: there are no zombie processes on the node")
    assert STRAY_PROCESS_REPORTED not in {f.name for f in derive_findings(_incident(), denied)}
    assert _rank(denied) == _rank(_ticket(FULL))
