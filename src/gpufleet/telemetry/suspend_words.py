"""Words that the failure came after the machine slept: a suspend / resume cycle, a laptop that
"went to sleep", a resume from hibernation, a wake-up (休眠 / 睡眠 恢复 in Chinese reports).

After a suspend the NVIDIA driver's unified-memory module (``nvidia-uvm``) can come back in a
state where ``cuInit`` returns CUDA_ERROR_UNKNOWN (999) until the module is reloaded or the
machine restarted (NVIDIA driver README, "Configuring Power Management Support": video memory
is lost across a suspend unless ``NVreg_PreserveVideoMemoryAllocations`` and the
``nvidia-suspend`` / ``nvidia-resume`` services are set up). A job's unknown error that follows
a sleep is that variant, fixed by reloading the module or rebooting; the same error with no
sleep before it is most often the node's configuration (the container runtime, the driver's
parts out of step). :mod:`telemetry.job_log` keeps a ``suspend_resume_reported`` signature
beside the line; the SRE agent reads it as the finding of that name, which keeps the failed
probe's reboot (``knowledge/cards/gpu-init-failed-probe.md``, ``runbook_when``) and, beside the
job's own CUDA failure, is ``cuda_lost_after_suspend`` (the wedged-driver card's).

A denial of the sleep ("this isn't a suspend/resume scenario", "not related with suspend/resume")
and a question are not the statement; a denial of what the GPU did after it ("does not use GPU
after hibernation") is the statement. Slurm's own power saving also says "suspend" and "resume" for
nodes it powers down and up; there the node did restart, so the statement stands for it too.
Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import DENIED_AFTER, QUESTION_AFTER, Hedges

SUSPEND_RESUME_REPORTED = "suspend_resume_reported"  # the signature kind and the SRE finding

# "Resuming" is as often a job resumed from its checkpoint ("after resuming training"), and
# "sleep" before a number or a call a script's pause ("after sleep(5)", "after sleeping 10 s"):
# neither is the machine waking up.
_JOB_RESUMED = (
    r"(?! (?:the |a |my )?(?:training|job|run|model|checkpoint|at step|"
    r"from (?:the |a )?(?:checkpoint|step|epoch)))"
)
_SLEPT = (
    r"(?:suspend\w*|sleep(?:ing|s)?\b(?!\s*[(\d])|hibernat\w*|standby|"
    rf"resum(?:e|es|ed|ing)\b{_JOB_RESUMED}|wak(?:e|es|ing)(?: ?up)?)"
)
_MACHINE = r"(?:laptop|computer|pc|system|machine|host|workstation|notebook|desktop)"
# what a person suspends or resumes besides the machine: "after I suspended the job with
# scontrol", "after you resume it"
_NOT_A_JOB = (
    r"(?! (?:the |a |my |our |this )?(?:jobs?|tasks?|pods?|containers?|process(?:es)?|it|"
    r"experiments?|runs?|training|vms?)\b)"
)
# "we wake up the machine via IPMI power on" is a power-on, not a resume
_NOT_POWERED_ON = r"(?! (?:via|with|using|over|through) (?:the )?(?:ipmi|wol|wake-on-lan|bmc))"

SUSPEND_RESUME = re.compile(
    # "after suspend", "after suspending the system", "after resuming", "after the laptop
    # went to sleep", "after waking computer up from sleep"
    rf"\bafter (?:(?:the|my|a|an|each|every) )?(?:{_MACHINE} )?{_SLEPT}|"
    rf"\bafter (?:(?:the|my|a) )?{_MACHINE} (?:went|goes|had gone|has gone|was put) to sleep|"
    # the sleeper named: "after I suspended and restarted a computer", "after we resumed" (not
    # "after I resume training")
    rf"\bafter (?:i|we|you|they) (?:had |have )?{_SLEPT}\b{_NOT_A_JOB}|"
    # "I recently woke up the computer and resumed the process" (not a power-on over the BMC)
    rf"\b(?:woke|wake|waking) (?:up )?(?:the|my|our) {_MACHINE}\b{_NOT_POWERED_ON}|"
    # "suspend/resume", "suspend and resume", "suspend and wakeup", "sleep/wake"
    r"\b(?:suspend|sleep|hibernat\w*) ?(?:/|and|&|-) ?(?:resume|wake ?up|wake)\b|"
    # "resuming from suspend", "wakes from sleep", "resume from hibernation"
    r"\b(?:resum\w*|wak(?:e|es|ing)(?: up)?|return\w*) from (?:a |the )?"
    r"(?:suspend\w*|sleep|hibernation|standby|s3)\b|"
    # Chinese: 休眠恢复, 睡眠后, 从休眠状态恢复, 待机唤醒
    r"(?:休眠|睡眠|待机)(?:状态)?(?:后|恢复|唤醒|/恢复)|从(?:休眠|睡眠|待机)",
    re.IGNORECASE,
)
# A denial of the sleep itself sits right before it ("this isn't a suspend/resume scenario", "not
# related with suspend/resume", "no recorded system suspend/resume events", "it does not happen
# after resume"). The shared denial takes any "not" earlier in the clause, but here that is most
# often the failure the report is about: "Ollama does not use GPU after hibernation", "can't use
# nvidia GPU only after sleep". So only fillers and verbs of occurring or relating may stand
# between the negation and the sleep words.
_DENIAL_FILLER = (
    r"a|an|the|any|it|this|that|just|only|even|really|necessarily|always|seems?|to|be|been|have|"
    r"has|up|with|by|from|of|about|in|recorded|reported|logged|system|prior|previous|such|other|"
    r"obvious|known|(?:happen|occur|appear|reproduce|show|start|relat|relevant|connect|link|tie|"
    r"due|caus|trigger|because|involv)\w*"
)
_SLEEP_DENIED_BEFORE = re.compile(
    rf"(?:\bno|\bnot|\bnever|\bwithout|n't|\brule[sd]? out)\b(?: (?:{_DENIAL_FILLER}))* ?$",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(_SLEEP_DENIED_BEFORE,),
    after=(QUESTION_AFTER, DENIED_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("suspend", "sleep", "hibernat", "resum", "wak", "standby", "休眠", "睡眠", "待机")


def says_suspend_resume(line: str) -> bool:
    """Whether ``line`` says the failure came after the machine slept (a suspend / resume, a
    laptop gone to sleep, a resume from hibernation) and is no question or denial."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(SUSPEND_RESUME.finditer(line), line)
