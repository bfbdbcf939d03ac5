"""A person's words that the host's CPUs are what holds the GPUs back: "the GPU has to wait for
the CPU", "CPU thread oversubscription ... starving the GPUs", "it is CPU-bound", "which will cause
CPU overload", "too many threads", CPU瓶颈 (a CPU bottleneck).

DCGM's profiling guide reads a GPU whose SM activity stays low while its job runs as a GPU that
is not given enough work, and names the host side (data preparation, the launch thread, the CPU)
as the first thing to check; NVIDIA's performance guides for PyTorch and for CUDA graphs name CPU
launch overhead and CPU threads oversubscribing the host's cores as the cause when the CPUs are
busy and the GPUs idle. A report rarely holds the host's CPU metrics; its writer says so in words,
which this module recognises one line at a time (:mod:`telemetry.job_log` keeps a
``host_cpu_saturated_reported`` signature beside the line; the SRE agent reads it as the finding
of the same name).

Deliberately narrow: the CPU (or its threads) must be named as the bottleneck, as overloaded or
oversubscribed, or as what the GPU waits for. The GPU waiting for data is
:mod:`telemetry.data_wait_words`; work running on the CPU instead of the GPU is
:mod:`telemetry.cpu_fallback_words`. Advice, a guess, a question or a denial ("the CPU is not the
bottleneck") is not the statement. Pure; every expression is linear in the line.
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

CPU_SATURATION_REPORTED = "host_cpu_saturated_reported"  # the signature kind and the SRE finding

_CPU = r"(?:cpus?|processors?|host cpus?|cpu cores?)"
# a GPU's own cores are not the host's: "the tensor cores are saturated"
_NOT_GPU_CORES = r"(?<!tensor )(?<!cuda )(?<!gpu )(?<!rt )(?<!shader )"

CPU_SATURATION = re.compile(
    # "it is CPU-bound", "a CPU bottleneck", "bottlenecked by the CPU"
    r"\b(?:cpu|processor)[- ](?:bound|bottleneck(?:ed)?|limited)\b|"
    r"\bbottleneck(?:ed)? (?:is|was|by|on|at) (?:the |my |our )?" + _CPU + r"\b|"
    # "CPU thread oversubscription", "oversubscribing the host's cores" (not Slurm's
    # --oversubscribe, nor GPU memory oversubscribed into host memory)
    r"\b(?:cpu|thread|core|omp|openmp)s? oversubscri(?:ption|bed|bes?|bing)\b|"
    r"\boversubscri(?:ption|bed|bes?|bing) (?:of )?(?:the |all |its |the host's )?"
    r"(?:cpus?|cores|threads)\b|"
    # "the GPU has to wait for the CPU"
    r"\bwait(?:s|ed|ing)? (?:for|on) (?:the |my )?" + _CPU + r"\b|"
    # "which will cause CPU overload", "overloading the CPU", "the CPU is maxed out"
    r"\b(?:cpu|processor) (?:overload\w*|saturat\w*|contention)\b|"
    r"\b(?:overload\w*|saturat\w*|max\w* out) (?:the |all |every )?(?:host )?" + _CPU + r"\b|"
    r"\b" + _NOT_GPU_CORES + r"(?:cpu|processor|core)s? (?:is |are |was |were |gets? |got )?"
    r"(?:all )?(?:completely |fully )?(?:maxed out|pegged|saturated|overloaded)\b|"
    # "all cores are bussy because they are mining", "CPU usage is at 100%"
    r"\ball (?:the )?(?:cpu |host )?(?:cores|threads|cpus) (?:are|were) (?:bus+y|occupied|"
    r"in use|at 100 ?%|fully (?:used|loaded|utili[sz]ed))|"
    r"\bcpu (?:usage|load|utili[sz]ation) (?:is |was |at |of |reaches |hits )?"
    r"(?:constantly |always )?(?:at )?100 ?%|"
    # "too many threads", "start too many threads which leads to CPU oversubscription"
    r"\b(?:too many|excessive) (?:cpu |openmp |omp |worker |host )?threads\b|"
    # "starving the GPUs" (the CPU named elsewhere on the line, see _NAMES_CPU)
    r"\bstarv(?:e|es|ed|ing) (?:the |all |our )?gpus?\b|"
    # Chinese CPU瓶颈 / CPU占用100% / CPU跑满; Japanese CPUがボトルネック
    r"(?:cpu|CPU)\s?(?:瓶颈|占用(?:率)?\s?(?:100|满)|跑满|满载|过载|がボトルネック)",
    re.IGNORECASE,
)
_NAMES_CPU = re.compile(
    r"(?<![a-z])cpus?(?![a-z])|\bprocessors?\b|\bthreads?\b|\bcores?\b", re.IGNORECASE
)
# "make sure the CPU is not the bottleneck", "maybe it is CPU-bound?", "if the CPU is saturated"
# (如果 …): advice, a guess or a condition, not what happened
_NOT_SO = advice_before("should", "to avoid", r"avoid\w*", r"prevent\w*")
_HEDGES = Hedges(before=(_NOT_SO, DENIED_BEFORE), after=(QUESTION_AFTER, DENIED_AFTER), window=48)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("cpu", "processor", "oversubscri", "threads", "starv", "cores")


def says_cpu_saturated(line: str) -> bool:
    """Whether ``line`` names the host's CPUs as what holds the GPUs back (and is no advice,
    guess, question or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) or _NAMES_CPU.search(line) is None:
        return False
    return _HEDGES.any_said(CPU_SATURATION.finditer(line), line)
