"""A person's words that the host's memory ran out under a GPU job: "the training process was
killed by the OOM killer", "it gets killed without any error message", "you are running out of
RAM", "system RAM usage keeps increasing", "this typically occurs when there is a shortage of
RAM", a shell's bare ``Killed``.

That is the host-memory mode (``host-memory-pressure-oom``): host RAM (or the job's cgroup
limit) is exhausted and the kernel's OOM killer ends the largest process with SIGKILL (Linux
kernel docs, "Out Of Memory Handling" and the memory cgroup's ``memory.max``/``oom_kill``), which
leaves no Python traceback: the shell prints ``Killed`` and the exit status is 137 (128 + 9,
bash manual, "Exit Status"). A report rarely pastes the kernel's ``Out of memory: Killed
process`` line (:mod:`telemetry.stack_errors` reads that one); it says so in words. This module
recognises those words one line at a time (:mod:`telemetry.job_log` keeps a
``host_memory_exhausted_reported`` signature beside the line; the SRE agent reads it as the
finding of the same name).

Deliberately narrow: the OOM killer named; a process killed by the system, the OS or the kernel,
or killed without an error; RAM, system, host or CPU memory that ran out, filled, is short or
keeps growing; the CPU, the host or the machine said to run out of memory; an OOM the host side
qualifies ("CPU OOM", "host-RAM OOM", "OOM on the CPU"); swap that filled; a shell's
``Killed`` line (bare, or with the child's pid and command), a launcher's report that its child
died of SIGKILL (Python's subprocess, torchrun, Rust's cargo) or exit code 137; RAM that is not
enough, a machine with low RAM. Device memory is another mode: a line that names CUDA, VRAM or
GPU memory is not the statement ("CUDA out of memory" is :mod:`telemetry.cuda_oom`'s), unless
the writer denies it ("oom (memory not cuda memory)", "host RAM, not VRAM"). A denial ("no OOM
kill in dmesg", "RAM is not the issue") is not the statement. Pure; every expression is linear
in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

HOST_MEMORY_REPORTED = "host_memory_exhausted_reported"  # the signature kind and the SRE finding

_QUALIFIED_HOST_MEMORY = r"(?:system|host|cpu|main|physical) (?:ram|memory)"
_HOST_MEMORY = r"(?:" + _QUALIFIED_HOST_MEMORY + r"|ram|swap(?: space| file)?)"
_OOM = r"(?:oom|out[- ]of[- ]memory)\b"

# "exceeded its memory limit on the GPU", "memory limit exceeded on GPU 0": the device's limit
_NOT_ON_DEVICE = r"(?! (?:on|of|in) (?:the |a )?(?:gpu|device|cuda)s?\b)"
HOST_MEMORY_OUT = re.compile(
    # "killed by the OOM killer", "the OOM killer kills it", "oom-killer was invoked", "OOM-killed"
    r"\boom[- ]?killer\b|\boom[- ]?kill(?:ed|s|ing)\b|"
    # "killed by the system", "forcibly terminated by the OS", "the kernel killed the process"
    r"\b(?:killed|terminated|shut down)(?: forcibly)? by (?:the )?(?:system|os|kernel|linux)\b|"
    r"\b(?:system|os|kernel|linux) (?:killed|kills|terminated|terminates) (?:the |my |our |it)|"
    # "the process gets killed without any error message"
    r"\bkilled\b(?: [\w'/-]+){0,2} without (?:(?:throwing|giving|showing|printing|raising) )?"
    r"(?:any |an )?(?:errors?|traceback|warnings?|messages?|problems?|exceptions?)\b|"
    # "running out of RAM", "ran out of system memory", "not enough RAM", "a shortage of RAM"
    r"\b(?:run|runs|running|ran) out of (?:the )?(?:available )?" + _HOST_MEMORY + r"\b|"
    # the host as the subject: "the CPU runs out of memory", "the machine ran out of memory"
    r"\b(?:cpu|host|system|machine|computer|ram)s? (?:(?:quickly|eventually|then|just|also|"
    r"keeps?|kept|is|was|were) )?(?:run|runs|running|ran) out of (?:\w+ )?memory\b|"
    r"\bout[- ]of[- ]" + _HOST_MEMORY + r"\b|"
    r"\b(?:not enough|insufficient|shortage of|lack of|low on) (?:free |available )?"
    + _HOST_MEMORY
    + r"\b|"
    # "the RAM is not enough", "system memory isn't sufficient"; a machine "with low RAM". RAM
    # too small to cache a data set is the page cache's size, read from disk again, not a kill
    r"\b" + _HOST_MEMORY + r"\b(?: [\w'/-]+){0,2} (?:is|was|are|were) ?(?:not|n't) "
    r"(?:enough|sufficient)\b(?! (?:to|for) (?:the )?cach)|"
    r"\blow[- ](?:system[- ]|host[- ])?ram\b(?! (?:usage|use|consumption|footprint|overhead))|"
    # "RAM is full", "system memory usage keeps increasing", "swap fills up", "eats all my RAM"
    r"\b" + _HOST_MEMORY + r"\b(?: [\w'/-]+){0,3} (?:is |was |gets |got |keeps |kept )?"
    r"(?:full|filled|fills|filling|maxed|exhausted|exhaustion|at 100 ?%|increas\w*|grow\w*|"
    r"explod\w*|huge|climb\w*|spik\w*)\b|"
    r"\b(?:eat\w*|consum\w*|us(?:es|ing)|fill\w*|exhaust\w*) (?:up )?all (?:of )?(?:the |my |our )?"
    r"(?:available )?(?:\d+ ?gb )?" + _HOST_MEMORY + r"\b|"
    # "exit code 137", "exited with code 137", "returned 137 (SIGKILL)"
    r"\b(?:exit(?:ed)?|return(?:ed)?)(?: with)?(?: (?:exit )?(?:code|status))?(?: of| was| is)?:? ?"
    r"137\b|"
    # an OOM that names the host's memory: "loaded into CPU memory, which causes an
    # out-of-memory (OOM) error on the host", "out-of-memory (CPU memory)", "OOM can happen in
    # system RAM" (the bare word "RAM" beside an OOM is often a spec list, so a qualifier is asked)
    r"\b" + _QUALIFIED_HOST_MEMORY + r"\b[^.;!?]{0,60}\b" + _OOM + r"|"
    r"\b" + _OOM + r"[^.;!?]{0,30}?\(?" + _QUALIFIED_HOST_MEMORY + r"\b|"
    r"\b" + _OOM + r"[^.;!?]{0,40}\b(?:on|of) the host\b|"
    # an OOM the host side qualifies: "fails with CPU OOM", "Host-RAM OOM", "a system oom", "OOM
    # on cpu instead of gpu" (the device's own is "CUDA OOM", which the line-level check leaves to
    # telemetry.cuda_oom)
    r"\b(?:cpu|host|ram|dram|system)(?:[- ]ram)?[- ]" + _OOM + r"|"
    r"\b(?:oom|out[- ]of[- ]memory)(?:s|ed)? (?:on|in) (?:the )?(?:cpu|host)\b|"
    # Chinese "CPU RAM不足" (host RAM insufficient), "系统内存不够" (system memory not enough),
    # "主机内存耗尽" (host memory exhausted); a bare 内存 is not asked (people write it for VRAM
    # too)
    r"(?:\bram|(?:cpu|系统|主机|物理) ?(?:内存|ram))\s?(?:不足|不够|耗尽|爆了|满了|用完)|"
    # a job, container or pod past its memory limit: HTCondor's hold reason "Docker job has gone
    # over memory limit of 1024 Mb", slurmstepd's "Job 1234 exceeded memory limit (… > …), being
    # killed" and "Exceeded job memory limit", a Space's "Memory limit exceeded (64Gi)" - the
    # host's memory cgroup (a device's own limit names the device: "GPU memory limit" by the
    # line-level check, "… memory limit on the GPU" by _NOT_ON_DEVICE). Only the past or the
    # present is the event: "did the job exceed its memory limit?", "may go over" ask or expect.
    # (The job's id is looked ahead for a digit, so that a long token stays linear.)
    r"\b(?:job|container|pod|process|task|step)s? (?:has |have |had )?(?:gone|went|goes) "
    r"over (?:its |the |their )?memory limit\b" + _NOT_ON_DEVICE + "|"
    r"\b(?:job|container|pod|process|task|step)s?(?: (?=[\w.#-]*\d)[\w.#-]+)? "
    r"(?:has |have |had )?exceed(?:ed|s) (?:its |the |their )?(?:requested )?"
    r"memory(?: limit)?\b(?! limit)" + _NOT_ON_DEVICE + "|"
    r"\bexceeded (?:job|step) memory limit\b|"
    r"^\W*memory limit exceeded\b" + _NOT_ON_DEVICE + "|"
    # "takes up the whole memory and swap": memory that swap could not hold either
    r"\b(?:whole|entire|all (?:of )?(?:the|my|our)) (?:memory|ram)\b[^.;!?]{0,30}\bswap\b|"
    # "high (and increasing) system RAM usage", "excessive host memory consumption"
    r"\b(?:high|increasing|growing|huge|excessive)\b(?: [^\s.;,!?]+){0,2} "
    + _HOST_MEMORY
    + r" (?:usage|consumption|use)\b",
    re.IGNORECASE,
)
# a shell's own report that its child got SIGKILL, the OOM killer's signal (bash prints
# "Killed"; the zh_CN locale "已杀死")
_BARE_KILLED = re.compile(r"^\W*(?:killed|已杀死)\W*$", re.IGNORECASE)
# the same report from a launcher: Python's subprocess ("Command '[…]' died with
# <Signals.SIGKILL: 9>."), torchrun's elastic agent ("failed (exitcode: -9) local_rank: 0"; a
# negative exit code is the signal that ended the child), Rust's std::process and cargo
# ("process didn't exit successfully: `…` (signal: 9, SIGKILL: kill)", "signal: 9 (SIGKILL)").
# A kill someone chose is said in words ("kill -9", "sent SIGKILL"), never in these lines.
_LAUNCHER_KILLED = re.compile(
    r"died with <Signals\.SIGKILL: 9>|\(exitcode: -9\)|"
    r"\bsignal: 9, SIGKILL: kill\b|\bsignal: 9 \(SIGKILL\)"
)
# the host's allocator refusing, in the program's own words: Python's "OSError: [Errno 12] Cannot
# allocate memory" (ENOMEM, errno(3)), a shell's "fork: Cannot allocate memory", Python's bare
# MemoryError and NumPy's "Unable to allocate 3.2 GiB for an array with shape …" (its
# _ArrayMemoryError). The RDMA verbs' ENOMEM ("ibv_reg_mr failed: Cannot allocate memory") is
# the locked-memory limit, and a kernel's or a driver's -ENOMEM is code, not this.
_ALLOC_REFUSED = re.compile(
    r"\[Errno 12\] Cannot allocate memory|\bfork(?:\(\))?(?: failed)?: Cannot allocate memory|"
    # (PyCUDA's and RAPIDS' MemoryError are the device's: "cuMemAlloc failed", "RMM failure")
    r"^\s*(?:[\w.]+\.)?_?(?:Array)?MemoryError\b(?!\s*=)(?!.*(?i:cumem|cuda|rmm|gpu))|"
    r"\bUnable to allocate \d[\d.]* ?[KMGTP]i?B for an array\b"
)
# the same report with the child named: bash running a script ("train.sh: line 18:    36 Killed
#   python3 train.py"), zsh's job table ("[1]    27275 killed     python3 camera.py")
_SHELL_KILLED = re.compile(
    r"\bline \d+:\s+\d+\s+killed(?:\s+\S|\s*$)|^\W*(?:\[\d+\]\s*[+-]?\s*)?\d+\s+killed\s{2,}\S",
    re.IGNORECASE,
)

_DEVICE_MEMORY = re.compile(
    r"\bcuda\b|\bvram\b|\b(?:gpu|device|video|graphics|fb) (?:ram|memory)\b|\bhbm\b|"
    r"\bframe ?buffer\b",
    re.IGNORECASE,
)
# a device-memory word the writer denies ("memory not cuda memory", "host RAM, not VRAM", "no
# CUDA error") names the memory that did not run out: the line is still about the host's
_DENIAL_REACH = 24  # characters before a device-memory word read for its denial
_DEVICE_DENIED = re.compile(
    r"(?:\bnot|\bno|n't|\bnon-?|\brather than|\binstead of)\s*(?:(?:a|an|the|my|our)\s+)?$",
    re.IGNORECASE,
)
# "no OOM kill in dmesg", "RAM is not the issue", "it doesn't run out of RAM"; a denial ends at
# its clause or its parenthesis ("oom (memory not cuda memory) and killed by system")
_DENIED_BEFORE = re.compile(
    r"(?:\bno|\bnot|\bnever|\bwithout|n't|\brule[sd]? out)\b[^.;,!?)]*$", re.IGNORECASE
)
_DENIED_AFTER = re.compile(r"^[^.;,!?]{0,24}\b(?:is|was|are) (?:not|never)\b|^[^.;,!?]{0,24}n't\b")
_HEDGES = Hedges(before=(_DENIED_BEFORE,), after=(_DENIED_AFTER,), window=48, after_window=32)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "oom",
    "kill",
    "termin",
    "shut down",
    "ram",
    "memory",
    "swap",
    "137",
    "exitcode",
    "allocate",
    "已杀死",
    "内存",
)


def says_host_memory_exhausted(line: str) -> bool:
    """Whether ``line`` says the host's memory ran out under the job (and does not deny it)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if _BARE_KILLED.match(line) or _SHELL_KILLED.search(line) or _LAUNCHER_KILLED.search(line):
        return True
    if _ALLOC_REFUSED.search(line) and "ibv_" not in low:
        return True
    if _names_device_memory(line):
        return False
    return _HEDGES.any_said(HOST_MEMORY_OUT.finditer(line), line)


def _names_device_memory(line: str) -> bool:
    """Whether ``line`` names the device's memory other than as the memory that did not run out
    (the denial stands just before the word: "not cuda memory", "rather than VRAM")."""
    return any(
        not _DEVICE_DENIED.search(line[max(0, m.start() - _DENIAL_REACH) : m.start()])
        for m in _DEVICE_MEMORY.finditer(line)
    )
