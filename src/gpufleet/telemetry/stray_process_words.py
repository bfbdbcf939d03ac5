"""A person's words that a process outlived the job that owned the GPU: "the parent became a
zombie and keeps occupying GPU memory", "orphaned dataloader workers", "reparented to init",
"GPU memory is not released after the process was killed", ``<defunct>`` in a pasted ``ps``.

That is the ghost-job mode (``slurm-ghost-job``): the CUDA context, and with it the GPU's memory,
belongs to a process, and lives as long as any process holding the device file does (CUDA C++
Programming Guide, "Initialization": a context per process, destroyed when the process exits);
a process reparented to init escapes a ``proctrack/linuxproc`` sweep, which follows the PPID tree
(Slurm ``proctrack`` documentation), and a zombie whose threads are not all reaped keeps its
resources (proc(5), state ``Z``). The telemetry shows it as framebuffer in use on a GPU with no
job; a ticket usually says it in words. This module recognises those words, one line at a time
(:mod:`telemetry.job_log` keeps a ``gpu_stray_process_reported`` signature beside the line; the
SRE agent reads it as the finding of the same name).

Deliberately narrow: a word for a process that should be gone (zombie, defunct, orphaned,
leftover, residual, stale, stray, reparented) next to a word for a process, container or pod;
GPU memory that stays held after its process ended; a process, container or pod that "still
holds" its GPUs; work that keeps running after Ctrl-C, a cancel, a kill or pre-emption, or
survives the signal meant to end it; processes that "didn't exit" with the GPU memory not
released, or "stay alive after the run"; GPU memory still held, non-zero or not released
*after* a kill, an exit or an interrupt; a GPU "still occupied by the old container"; orphaned
CUDA contexts; a process orphaned or left behind that "kept holding the GPU"; processes that
"remain and do not release GPU resources" when the run was stopped; GPUs a cancel left reserved
("the reserved GPUs were never released"); a Kubernetes pod stuck terminating (its GPUs stay
allocated until it is gone: Kubernetes pod lifecycle, termination of pods); the Chinese for
residual, zombie, orphan or ghost processes (残留进程, 幽灵进程) and for VRAM not released or
still held once the process was killed (kill进程显卡不释放, 被kill后仍然占用GPU内存).
Never a bare "zombie" (a game, a hostname), never a hung or unkillable process (a driver wedge
or a stuck drain, other modes). A denial ("no zombie processes", "no leftover processes
remain") or a condition is not the statement. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import ASKED_AFTER_ZH, Hedges, advice_before

STRAY_PROCESS_REPORTED = "gpu_stray_process_reported"  # the signature kind and the SRE finding

_STRAY = (
    r"(?:zombie|defunct|orphan(?:ed|s)?|left[- ]?over|stale|stray|lingering|unreaped|ghost|"
    r"residual|surviving)"
)
_PROCESS = (
    r"(?:process(?:es)?|pids?|workers?|parents?|children|child(?:ren)? process(?:es)?|daemons?|"
    r"containers?|pods?|(?:cuda |gpu )contexts?)"
)
# what ends a job from outside: a signal, a cancel, a pre-emption, the launcher going away
_STOPPED = (
    r"(?:ctrl[- +]?c|\^c|cancel\w*|(?:being |getting |was |were )?kill\w*|sig(?:kill|term|int)|"
    r"preempt\w*|terminat\w*|the (?:job|run|launcher|api server|parent|head node)\b)"
)
_ENDED = (
    r"(?:kill(?:ed)?|exit(?:s|ed)?|end(?:s|ed)?|terminat\w*|finish\w*|stop(?:s|ped)?|crash\w*|"
    r"interrupt(?:s|ed)?)"
)
_HELD = (
    r"(?:(?:not|(?:is|was|are|were|does|did|has|have|had)n't) (?:being |been |get |got )?"
    r"(?:released?|freed|deallocated|reclaimed|cleared|cleaned(?: up)?)|"
    r"(?:still )?(?:occupied|allocated|in use|held|reserved|taken)|non-?zero|"
    r"never (?:released|freed))"
)
# what a process that should have gone was told or did ("the children didn't exit")
_NOT_GONE = (
    r"(?:didn't|did not|don't|do not|doesn't|does not|never|won't|wouldn't|will not|can't|"
    r"cannot) (?:exit|terminate|die|quit|go away|get killed|be killed)"
)
_GPU_MEMORY = r"(?:(?:gpu|video|device|cuda|graphics) ?(?:card'?s? )?memory|vram)"

STRAY_PROCESS = re.compile(
    # "zombie process", "orphaned dataloader workers", "leftover python processes", "stale PIDs"
    r"\b" + _STRAY + r"[\s-]+(?:[\w.:/-]+\s+){0,2}" + _PROCESS + r"\b|"
    # "the parent process becomes a zombie", "workers are left as orphans"
    r"\b" + _PROCESS + r"\b(?: [\w.:/-]+){0,4} (?:become|became|becomes|turns? into|turned into|"
    r"turns?|turned|are left as|left as|remain(?:s|ed)? as|stays? as|is|are|was|were) "
    r"(?:an? )?(?:zombie|defunct|orphan)|"
    # "reparented to init", "re-parented to PID 1", "adopted by systemd"
    r"\bre-?parented to (?:init|pid ?1|systemd)\b|\badopted by (?:init|pid ?1|systemd)\b|"
    # a pasted ps row
    r"<defunct>|"
    # "GPU memory is not released after the process was killed", "VRAM still occupied after
    # the job ended"
    r"\b" + _GPU_MEMORY + r"\b(?: [\w'-]+){0,3} "
    r"(?:is |was |are |stays? |remains? |keeps? being )?" + _HELD + r"\b(?: [\w'-]+){0,4} "
    r"(?:after|even though|although|when|once|though) (?:[\w'-]+ ){0,3}" + _ENDED + r"|"
    # the same, told the other way round: "after killing the rank, GPU memory remains non-zero"
    r"\bafter (?:[\w'-]+ ){0,3}(?:kill\w*|exit\w*|terminat\w*|crash\w*|cancel\w*|interrupt\w*|"
    r"ctrl[- +]?c)\b[^.;!?]{0,80}\b"
    + _GPU_MEMORY
    + r"\b(?: [\w'-]+){0,2} (?:is |was |are |stays? |remains? |keeps? being )?"
    + _HELD
    + r"|"
    # "the children processes didn't exit and GPU memory wasn't released", "workers stay alive
    # after the run and occupy GPU memory"
    r"\b"
    + _PROCESS
    + r"\b(?: [\w.:/-]+){0,4} "
    + _NOT_GONE
    + r"\b[^.;!?]{0,60}\b"
    + _GPU_MEMORY
    + r"\b|"
    r"\b"
    + _NOT_GONE
    + r" and (?:the )?"
    + _GPU_MEMORY
    + r" (?:is |was |were |are )?"
    + _HELD
    + r"|"
    r"\b" + _PROCESS + r"\b(?: [\w.:/-]+){0,4} (?:stay(?:s|ed)?|remain(?:s|ed)?|(?:is|are|was|"
    r"were) still|still|kept|keeps?) alive after\b|"
    # "the GPU is still occupied by the old container"
    r"\b(?:gpus?|" + _GPU_MEMORY + r")\b (?:is |are |was |were |remains? |stays? )?still "
    r"(?:occupied|held|used|taken|allocated|reserved|locked) by (?:the |an? |its )?(?:old|previous|"
    r"dead|killed|exited|terminated|crashed|former|prior|stale|finished|completed|stopped)"
    r"(?: [\w'-]+){0,2} (?:process(?:es)?|containers?|pods?|jobs?|runs?|workers?|sessions?|"
    r"instances?|tasks?)\b|"
    # "keeps occupying the GPU memory", "still holding GPU memory" (said of a process)
    r"\b" + _PROCESS + r"\b(?: [\w.:/-]+){0,4} (?:keeps? |kept |are |is |still )+"
    r"(?:occupying|holding|hogging|using|pinning) (?:the |all |\d+ ?[gm]i?b of )?"
    r"(?:gpu|vram|cuda|device)|"
    # "the old container still holds the 4 GPUs", "the pod still occupies GPU memory"
    r"\b" + _PROCESS + r"\b(?: [\w.:/-]+){0,3} still (?:holds?|occupies|pins|reserves|keeps) "
    r"(?:on to )?(?:the |all |its |their |\d+ |\d+ ?[gm]i?b of )*(?:gpus?|vram|gpu memory)\b|"
    # "the GPU processes keep running after Ctrl-C", "workers survive the SIGKILL", "the
    # program keeps running on the worker after sky cancel"
    r"\b(?:keeps?|kept|continues?|continued|(?:is|are|was|were) still|still) running\b"
    r"(?: [\w.:/-]+){0,5} after (?:a |the |an )?(?:[\w-]+ )?" + _STOPPED + r"|"
    r"\bafter (?:a |the |an )?(?:[\w-]+ )?" + _STOPPED + r"\W[^.;!?]{0,60}\b(?:keeps?|kept|"
    r"continues?|continued|still) running\b|"
    r"\b(?:survive[sd]?|surviving|outlive[sd]?|outliving) (?:a |the |an )?(?:[\w-]+ )?"
    + _STOPPED
    + r"|"
    # a process left behind that goes on holding the GPU: "the engine-core child … was orphaned
    # and kept holding the GPU"
    r"\b(?:orphan(?:ed|s)?|left behind)\b[^.;!?]{0,40}?\b(?:kept|keeps?|still|"
    r"continued to|continues to) (?:holding|hold|occupying|occupy|using|pinning) (?:on to )?"
    r"(?:the |all |its |their )?(?:gpus?|vram|gpu memory)\b|"
    # processes that stay and keep the GPU: "these processes remain and do not release GPU
    # resources when CTRL-C is used"
    r"\b" + _PROCESS + r"\b(?: [\w.:/-]+){0,3} (?:remain(?:s|ed)?|stay(?:s|ed)?|persist\w*)\b"
    r"[^.;!?]{0,40}?(?:\bnot|n't|\bnever) (?:release|free)\w* (?:the |their |its )?"
    r"(?:gpus?|gpu (?:resources|memory)|vram)\b[^.;!?]{0,30}?\b(?:when|after|once|even after)\b"
    r"[^.;!?]{0,30}?" + _STOPPED + r"|"
    # a scheduler's allocation a cancel leaked: "when a queued run … was cancelled (Ctrl+C), the
    # partially reserved GPUs were never released"
    r"\b(?:cancell?ed|killed|interrupted|ctrl[- +]?c)\b[^.;!?]{0,80}?\b(?:gpus?|allocations?|"
    r"reservations?) (?:were|was|are|is|got) never (?:released|freed|returned)\b|"
    # Kubernetes: a pod that never finishes terminating keeps its GPUs allocated
    r"\b(?:stuck|hung|hanging|remains?|stays?) (?:in |at )?(?:the )?terminating\b|"
    r"\bterminating for (?:a long time|hours|days|\d+ ?(?:h|hours?|d|days?|min\w*))\b|"
    # runs that ended without giving the memory back: "failed / canceled runs appear to not
    # reset the memory on our GPUs", "killed jobs do not release the GPU memory"
    r"\b(?:failed|cancell?ed|killed|interrupted|crashed|aborted|terminated|stopped)\b"
    r"[^.;!?]{0,40}?\b(?:runs?|jobs?|process(?:es)?|trainings?|scripts?)\b[^.;!?]{0,30}?"
    r"(?:\bnot|n't|\bnever) (?:reset|release|free|clear|give back|return)\w* (?:the |their |its )?"
    r"(?:memory on (?:the |our |my )?gpus?|" + _GPU_MEMORY + r"|gpus?' memory)|"
    # the cure told as the memory coming back once the leftovers were killed: "I had to stop
    # each one directly using kill -9. After that, I saw that the GPUs memory was released"
    r"\bkill(?: -9| -s ?kill)?\b[^.;!?]{0,30}?\. after that,? (?:[\w'-]+ ){0,4}(?:the )?"
    r"gpus?'? ?memory (?:was|got|is|were) (?:released|freed)|"
    # Korean: the GPU (its memory) is not emptied / released even when training was cut off
    # ("중간에 끊기더라도 GPU가 비워지지 않기도 한다")
    r"(?:끊기|중단|종료|kill)\S{0,8}\s[^.]{0,20}?(?:gpu|메모리|vram)\S{0,2} "
    r"(?:비워지지|해제되지|반환되지) 않|"
    # Chinese: a residual, zombie or orphan process ("残留进程"); VRAM not released once the
    # process was killed, ended or interrupted ("kill进程显卡不释放", "中断后显存不释放")
    r"(?:残留|僵尸|孤儿|幽灵)进程|"
    # ("之前的任务虽然停止了，但是显存没有释放": the earlier task stopped, its VRAM was not
    # released; "显存无法清理": the VRAM cannot be cleared)
    r"(?:kill|杀死|杀掉|结束|退出|中断|终止|停止)[^。；!?]{0,12}(?:显存|显卡|gpu ?内存)"
    r"[^。；，,!?]{0,6}(?:不|没有|没|未|无法|不能)(?:会)?(?:被)?(?:释放|清理|清空|回收)|"
    # "进程被kill后，仍然占用GPU内存" (after the process was killed it still holds GPU memory)
    r"(?:kill|杀死|杀掉|结束|退出|中断|终止)[^。；!?]{0,12}(?:仍然|仍|依然|依旧|还)(?:在)?占用(?:着)?"
    r"(?:gpu|显存|显卡)",
    re.IGNORECASE,
)

# "no zombie processes", "without leftover processes", "there are no stale PIDs", "no longer
# a zombie": the words a clean check is reported in
_DENIED_BEFORE = re.compile(r"(?:\bno|\bnot|\bwithout|\bnever|\bzero|\b0)\s+(?:\w+\s+){0,2}$", re.I)
# a Chinese condition: "如果停止后显存没有释放，请重启" (if the VRAM is not freed after a stop,
# restart); the question after the words is telemetry.hedges.ASKED_AFTER_ZH
_IF_BEFORE = re.compile(r"(?:如果|假如|若|要是)[^。！!；;]{0,20}$")
# an English condition or advice ("if the job is cancelled the reserved GPUs are never released",
# "make sure no zombie process holds the GPU")
_HEDGES = Hedges(
    before=(_DENIED_BEFORE, _IF_BEFORE, advice_before()), after=(ASKED_AFTER_ZH,), window=32
)

# Every form above holds one of these (lower case): a substring test first keeps the reader's
# cost on a job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "zombie",
    "defunct",
    "orphan",
    "left",
    "stale",
    "stray",
    "linger",
    "unreaped",
    "ghost",
    "parent",
    "adopted",
    "memory",
    "vram",
    "residual",
    "surviv",
    "outliv",
    "still hold",
    "still occup",
    "still pin",
    "still reserv",
    "still keep",
    "still held",
    "still used",
    "still taken",
    "still allocated",
    "still locked",
    "terminating",
    "alive after",
    "exit",
    "terminate",
    "quit",
    "die",
    "go away",
    "be killed",
    "get killed",
    "remain",
    "stay",
    "persist",
    "never releas",
    "never freed",
    "never return",
    "进程",
    "释放",
    "않",
)


def says_stray_process(line: str) -> bool:
    """Whether ``line`` says a process outlived its job and still holds a GPU (and does not
    deny it)."""
    low = line.lower()
    # the keeps-running forms hold both words; "running" alone is in most lines a job prints
    if not any(anchor in low for anchor in _ANCHORS) and not ("running" in low and "after" in low):
        return False
    return _HEDGES.any_said(STRAY_PROCESS.finditer(line), line)
