"""A report that the node's GPU stack hangs, in the writer's words: "nvidia-smi hangs
indefinitely after 66 days of uptime", "`nvidia-smi --query-gpu=compute_cap` hung for 20
minutes", "nvidia-docker starts in uninterruptible sleep (D) mode", "the CUDA process is stuck in
D state".

That is the wedged driver (``gpu-driver-wedge-hung-tasks``), whose own checks are these two: every
call into the driver blocks, so ``timeout 30 nvidia-smi`` times out on every GPU while ssh and the
OS work, and the processes that touch the GPUs sit in uninterruptible sleep (state D, ``ps``'s
``STAT``) with a wait channel in nvidia or uvm code. The kernel's own face of it is the hung-task
trace (``task … blocked for more than 120 seconds``, read as a record by
:mod:`telemetry.kernel_log`); a ticket or a thread says it in words, which this module recognises
one line at a time (:mod:`telemetry.job_log` keeps a ``gpu_stack_hang_reported`` signature beside
the line; the SRE agent reads it as the finding of the same name).

Deliberately narrow: ``nvidia-smi`` (with up to four of its options) said to hang, freeze, get
stuck, time out or never return, or a hang said to happen when it runs; uninterruptible sleep or
state D on a line about the GPU stack. Not a job or a training run that hangs (a collective, a
data loader: other modes), not state D on a line about storage (NFS, Lustre, a disk: the
storage-stall mode), not advice or prevention ("to avoid nvidia-smi hanging", "run nvidia-smi
with a timeout in case it hangs"), a denial or a question. Pure; every expression is linear in
the line (bounded gaps only).
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_AFTER,
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

GPU_STACK_HANG_REPORTED = "gpu_stack_hang_reported"  # the signature kind and the SRE finding

_STUCK = (
    r"(?:hangs?|hung|hanging|freez(?:es|ing)|froze|frozen|(?:is |was |gets |got |getting )?stuck|"
    r"never returns?|(?:does not|doesn't|did not|didn't|won't|will not) return|"
    r"times? out|timed out|(?:is |was |becomes |became )?unresponsive|stopped responding|"
    # "nvidia-smi is not responding", "it is not respond and hung", "isn't responding" (not a
    # reply: "does not respond to --gpu-reset", "respond with an error")
    r"(?:(?:is|was) (?:not|no longer) |(?:is|was)n'?t |not )respond(?:s|ing)?\b(?! (?:with|to)\b)|"
    r"(?:(?:is|was) )?not responsive|"
    r"(?:does not|doesn't|did not|didn't|won't) respond\b(?! (?:with|to)\b)|stops responding|"
    r"takes? (?:forever|ages|minutes|hours))\b"
)
GPU_HANG = re.compile(
    # "nvidia-smi hangs indefinitely", "`nvidia-smi --query-gpu=compute_cap --format=csv` hung",
    # "the nvidia-smi command gets stuck", "when I invoke nvidia-smi it is not respond and hung"
    r"\bnvidia-smi\b(?: (?:command|query|calls?|itself|also|just|then|now|still|always|"
    r"sometimes))?(?: -{1,2}[\w=,.-]+){0,4}[`'\"]?,? (?:it )?" + _STUCK + r"|"
    # "the node hangs when running nvidia-smi", "stuck at nvidia-smi"
    r"\b(?:hangs?|hung|hanging|stuck|freezes|froze) (?:when|while|on|after|at|in) "
    r"(?:running |calling |executing |launching |invoking )?(?:the )?`?nvidia-smi\b|"
    # "nvidia-docker starts in uninterruptible sleep (D) mode", "stuck in D state"
    r"\buninterruptible (?:sleep|wait|state)\b|"
    r"\b(?:in|into|enters?|entered) (?:the )?[\"'(]?d[\"')]? ?(?:state|mode)\b|\bd-state\b",
    re.IGNORECASE,
)
# the state D forms only on a line about the GPU stack, and not on one about storage
_GPU_STACK = re.compile(r"nvidia|\bgpus?\b|\bcuda\b|\bnvml\b", re.IGNORECASE)
_STORAGE = re.compile(r"\bnfs\b|lustre|gpfs|\bdisks?\b|\bi/o\b|storage|\bmount", re.IGNORECASE)
# "to avoid nvidia-smi hanging", "in case nvidia-smi hangs", "reduce the chance of it hanging"
_NOT_SO = advice_before(
    "should", "probably", "likely", r"suspect\w*", r"wonder\w*", "avoid", "prevent", r"reduc\w*"
)
_HEDGES = Hedges(before=(_NOT_SO, DENIED_BEFORE), after=(QUESTION_AFTER, DENIED_AFTER), window=48)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("nvidia-smi", "uninterruptible", "state", "mode")


def says_gpu_stack_hang(line: str) -> bool:
    """Whether ``line`` says the GPU stack hangs (nvidia-smi never returns, a GPU process in
    uninterruptible sleep), with no advice, denial or question around it."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if _GPU_STACK.search(line) is None or _STORAGE.search(line) is not None:
        return False
    return _HEDGES.any_said(GPU_HANG.finditer(line), line)
