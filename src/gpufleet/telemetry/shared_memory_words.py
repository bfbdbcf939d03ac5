"""A report that the job's shared memory (``/dev/shm``) ran out: NCCL's "Error while creating
shared memory segment", PyTorch's "This might be caused by insufficient shared memory (shm)",
"No space left on device" on ``/dev/shm``, or the writer's words ("the /dev/shm size problem
under docker", "after I ran the container with --ipc=host the error disappeared").

``/dev/shm`` is a tmpfs: host memory, capped by the container runtime at 64 MB unless
``--shm-size`` or ``--ipc=host`` says otherwise (Docker run reference, ``--shm-size``; a
Kubernetes pod gets the same cap unless an ``emptyDir`` with ``medium: Memory`` is mounted
there). NCCL puts its intra-node buffers in it (NCCL User Guide, Troubleshooting, "Docker":
raise the shared memory), and PyTorch's DataLoader workers hand their batches over through it
(torch.utils.data, multi-process loading; the worker dies of SIGBUS when it is full). The fault is
the job's or the container's setting: host memory for the job, not a GPU, driver or network
fault (``host-memory-pressure-oom``; a DataLoader that stalls on it is ``dataloader-stall``).
This module recognises it one line at a time (:mod:`telemetry.job_log` keeps a
``shared_memory_exhausted_reported`` signature beside the line; the SRE agent reads it as the
finding of the same name).

Two kinds of line. The programs' own messages (NCCL's, PyTorch's, the kernel's "No space left on
device" naming ``/dev/shm``) are the event whatever the writer says around them, so no denial
test. The writer's words: ``/dev/shm`` or shm that is too small, full or limited; shared memory
that is insufficient or ran out; the size raised, or ``--ipc=host`` used, with the error gone.
A bare ``--shm-size=1g`` in a pasted command is a setting, not the statement; a denial ("shm
is not the problem"), a condition or advice ("if /dev/shm is too small", "try increasing
--shm-size") and a question are not either, nor CUDA's on-chip shared memory (per block, a
kernel's carveout), which shares the name. Pure; every
expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

SHARED_MEMORY_REPORTED = "shared_memory_exhausted_reported"  # the signature kind and finding

# The programs' own records: NCCL's shm transport (src/transport/shm.cc, include/shm.h), the
# DataLoader's SIGBUS handler, a write that found /dev/shm full.
SHM_RECORD = re.compile(
    r"\bError while creating shared memory segment\b|"
    r"\bunable to (?:allocate|create) shared memory\b|"
    r"\binsufficient shared memory \(shm\)|\bPlease try to raise your shared memory limit\b|"
    r"/dev/shm\S{0,120}:? [^.;!?]{0,40}No space left on device\b|\bfailed to extend /dev/shm\b|"
    r"\bNo space left on device\b[^.;!?]{0,60}/dev/shm\b",
    re.IGNORECASE,
)
# "shmem": NCCL's and OpenSHMEM users' word ("increase shmem size when starting a container")
_SHM = r"(?:/dev/shm|\bshm\b|\bshmem\b|\bshared memory\b|\bshared mem\b)"
_SMALL = (
    r"(?:too (?:small|low|little)|(?:is |was |gets |got )?full|filled up|exhausted|"
    r"insufficient|not (?:big|large) enough|limited to|only \d+ ?[mkg]i?b?\b|(?:is |was )?capped|"
    r"(?:size )?(?:problem|issue|limit)|defaults? to \d+ ?[mk]i?b|default (?:of |is )?\d+ ?[mk]i?b)"
)
SHM_WORDS = re.compile(
    # "/dev/shm is too small", "shm size problem", "the default shared memory is 64m"
    _SHM
    + r"(?: size| space| segment| usage)?(?: (?!not\b|never\b|no\b|\w+n't\b)[\w'-]+){0,3} "
    + _SMALL
    + r"|"
    r"\b(?:the )?default (?:/dev/shm|shm|shared memory)(?: size)? (?:is |of )?\d+ ?[mk]i?b?\b|"
    # "insufficient shared memory", "ran out of /dev/shm", "not enough shm"
    r"\b(?:insufficient|not enough|lack of|out of|run out of|ran out of|running out of|"
    r"no space (?:left )?(?:in|on)) (?:the )?" + _SHM + r"|"
    # "running out of space on /dev/shm", "a /dev/shm OOM"
    r"\b(?:out of|no more) (?:space|room|memory) (?:on|in) (?:the )?(?:/dev/shm|shm)\b|"
    r"/dev/shm (?:oom|out of memory|exhaustion)\b|"
    # the fix, said as a fix: "after I increased --shm-size everything works", "with --ipc=host
    # the error disappeared", "increase the shared memory of the container"
    r"\b(?:increas\w*|rais\w*|bump\w*|enlarg\w*|grow\w*|bigger|larger|more) (?:the )?"
    r"(?:--)?(?:shm[-_ ]size|" + _SHM + r")(?! (?:consumption|usage|use|traffic))|"
    r"(?:--ipc[= ]host|--shm[-_]size[= ][\w.]{1,16})[^.;!?]{0,60}\b(?:disappear\w*|went away|gone|"
    r"fix\w*|solv\w*|resolv\w*|works?|worked|helped|no longer)\b|"
    # Chinese: "/dev/shm 空间不足", "无法在/dev/shm目录下分配足够的空间"
    r"/dev/shm[^。，,]{0,12}(?:不足|太小|不够)|(?:无法|不能)[^。，,]{0,8}/dev/shm[^。，,]{0,12}分配",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,:!?]*$", re.I)
_DENIED_AFTER = re.compile(r"^[^.;,!?]{0,24}\b(?:is|was|are) (?:not|never)\b|^[^.;,!?]{0,24}n't\b")
_ADVICE_BEFORE = re.compile(
    r"\b(?:if|whether|unless|in case|try(?:ing)?|should|could|might|maybe|perhaps|suggest\w*|"
    r"recommend\w*|please|you can|can you)\b[^.;:!?]*$",
    re.I,
)
# a question asks, it does not report ("Is /dev/shm too small?")
_QUESTION_AFTER = re.compile(r"^[^.;!?]*\?")
# CUDA's on-chip shared memory (per block, per SM, a kernel's carveout) is another thing with the
# same name: a line about it that names no container, /dev/shm or loader is not the statement
_ON_CHIP = re.compile(
    r"\bper (?:block|sm|multiprocessor|thread ?block)\b|carveout|\bsmem\b|out of resource|"
    r"MaxDynamicSharedMemorySize|\bkernels?\b|flash[- ]?(?:attention|attn)|\bhead ?dim\b|"
    r"\btriton\b|\bcutlass\b|"
    r"\bon-chip\b|\b\d+ ?KB\b",
    re.I,
)
_HEDGES = Hedges(before=(_DENIED_BEFORE, _ADVICE_BEFORE), after=(_DENIED_AFTER, _QUESTION_AFTER))
_HOST_SHM = re.compile(r"/dev/shm|\bshm\b|--ipc|docker|container|\bpods?\b|dataloader|nccl", re.I)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("shm", "shared mem", "--ipc")


def says_shared_memory_exhausted(line: str) -> bool:
    """Whether ``line`` says the job's shared memory (/dev/shm) ran out: NCCL's, PyTorch's or
    the kernel's record of it anywhere in the line, or the writer's words with no denial or
    condition before them."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if SHM_RECORD.search(line) is not None:
        return True
    if _ON_CHIP.search(line) is not None and _HOST_SHM.search(line) is None:
        return False
    return _HEDGES.any_said(SHM_WORDS.finditer(line), line)
