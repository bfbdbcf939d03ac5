"""A person's words that the work runs on the CPU instead of the GPU: "it generates on the CPU",
"the CPU is being used instead of the GPU", "ollama falls back to CPU", "the GPU is not being
used at all", "0 layers offloaded to GPU", "torch.cuda.is_available() returns False", "I had the
CPU-only build of torch installed".

That is the CPU-fallback mode (``cpu-only-execution``): the program cannot see or chose not to
use the GPU (a CPU-only framework build such as torch's ``+cpu`` wheel, a container started
without the NVIDIA runtime, an empty ``CUDA_VISIBLE_DEVICES``, no layers offloaded) and works on
the host CPU without an error (PyTorch docs, ``torch.cuda.is_available``; NVIDIA Container
Toolkit, ``--gpus``; llama.cpp ``--n-gpu-layers``). gpufleet sees it in DCGM as GPUs never
touched (``gpu_never_used``); a report says it in words. This module recognises those words one
line at a time (:mod:`telemetry.job_log` keeps a ``cpu_fallback_reported`` signature beside the
line; the SRE agent reads it as the finding of the same name).

Deliberately narrow: work that runs, generates, trains or falls back on the CPU; the CPU used
instead of the GPU; the GPU not used; no layers offloaded to it, or llama.cpp's GPU-layers flag
(``-ngl``) named as the cure; CUDA reported unavailable; a CPU-only build (also in Chinese:
只使用CPU, torch安装了CPU版本). Memory that ran out on the CPU ("OOM on cpu instead of gpu") is the
host's memory, not the work's place. A CPU offload chosen on purpose ("offload the optimizer to
CPU"), a CPU named as hardware ("CPU: AMD EPYC 7763"), a denial ("it does not fall back to the
CPU") or advice ("run it on the CPU to compare") is not the statement. Pure; every expression is
linear in the line.
"""

from __future__ import annotations

import re

CPU_FALLBACK_REPORTED = "cpu_fallback_reported"  # the signature kind and the SRE finding

_WORKS = (
    r"(?:runs?|running|ran|executes?|executing|generat\w*|train\w*|infer\w*|comput\w*|"
    r"process\w*|is done|happens?|stays?|stuck|load(?:s|ed|ing)?|work(?:s|ing)?)"
)

CPU_FALLBACK = re.compile(
    # "it generates on the CPU", "falls back to CPU", "defaults to the cpu", "only uses the CPU"
    r"\b" + _WORKS + r" (?:everything |it all |all of it )?(?:only |entirely |solely |completely |"
    r"exclusively )?on (?:the |my |this |its |[\w-]+'s ){0,2}cpus?\b(?! (?:and|\+|&) gpu)|"
    r"\b(?:fall(?:s|ing)? back|fell back|fallback|falls|defaults?|defaulting|reverts?|switch\w*) "
    r"(?:back )?to (?:the )?cpus?\b|"
    r"\b(?:only |just )?(?:uses?|using|used) (?:only )?(?:the |my )?cpus?\b(?: only)?"
    r"(?: (?:instead|rather) (?:of|than)| and not| but not| not)? ?(?:the |my )?gpu|"
    # "the CPU is being used instead of the GPU", "on CPU instead of GPU"
    r"\bcpus?\b(?: [\w'-]+){0,3} (?:instead|rather) (?:of|than) (?:the |my )?gpus?\b|"
    r"\bcpus? (?:is|are) being used\b(?! for)|"
    # "the GPU is not being used at all", "doesn't use my GPU", "not using the GPU"
    r"\bgpus? (?:is|are|was|were) (?:not|never|n't) (?:being )?(?:used|utili[sz]ed|touched)\b|"
    r"\b(?:doesn't|does not|didn't|did not|don't|do not|isn't|is not|not|never) "
    r"(?:use|using|utili[sz]e|utili[sz]ing|touch|touching) (?:the |my |any |a )?gpus?\b|"
    # "0 layers offloaded to GPU", "no layers offloaded", "42% of the model offloaded to CPU"
    r"\b(?:0|zero|no|none of the) (?:\w+ )?layers? (?:were |are |is )?offloaded\b|"
    r"\boffloaded 0/\d+ layers to gpu\b|"
    r"\b(?:layers|model|weights|\d{1,3} ?%)(?: [\w'-]+){0,3} (?:offloaded|running) to "
    r"(?:the )?cpu\b|"
    # "torch.cuda.is_available() returns False", "CUDA is not available"
    r"\bis_available(?:\(\))?\s*(?:returns?|returned|is|gives|gave|=+|:)\s*false\b|"
    r"\bcuda (?:is |was )?(?:not|n't) (?:available|detected|found)\b|"
    # "I had the CPU-only build of torch", "torch 2.1.0+cpu"
    r"\bcpu[- ]only (?:build|version|wheel|package|torch|pytorch|install\w*)\b|"
    r"\btorch(?:vision)?[= ]=?\s?\d+(?:\.\d+){1,2}\+cpu\b|"
    # "Torch cpu installed on nvidia system", "it's really torch-cpu that is installed", "the CPU
    # version of pytorch"
    r"\b(?:py)?torch[- ]cpu\b(?! (?:memory|usage|time|threads?|tensors?|ops?|offload))|"
    r"\bcpu (?:version|build|wheel) of (?:py)?torch\b|"
    # llama.cpp's GPU layers named as what cured it: "That works by setting -ngl!", "Solution
    # the `-ngl` flag", "fixed by passing --n-gpu-layers 99"
    r"\b(?:works|worked|fix\w*|solv\w*|solution|resolv\w*)\b[^.;!?]{0,30}?(?<![\w-])"
    r"(?:-ngl|--n-gpu-layers|n_gpu_layers)\b|"
    # Chinese: "只使用CPU" (uses only the CPU), "torch安装了CPU版本" (torch's CPU build installed)
    r"只(?:使用|用|跑)了?\s?cpu|(?:py)?torch[^。，,]{0,8}cpu\s?版",
    re.IGNORECASE,
)
# "offload the optimizer to CPU" (DeepSpeed, FSDP): a memory saving chosen on purpose
_CHOSEN_OFFLOAD = re.compile(r"\b(?:optimi[sz]er|param\w*|gradient|activation|kv)\b", re.IGNORECASE)
# "run it on the CPU to compare", "if it falls back to the CPU": advice or a condition
_NOT_SO = re.compile(
    r"\b(?:try|trying|please|should|could|can you|you can(?! see)|you may|recommend\w*|suggest\w*|"
    r"consider|make sure|if|when|whenever|in case|unless|want to|would like to|compare)\b",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(
    r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,!?]*$", re.IGNORECASE
)
# "pretty sure is OOM on cpu instead of gpu": where the memory ran out (the host's:
# telemetry.host_memory_words), not where the work ran
_MEMORY_RAN_OUT_ON = re.compile(
    r"\b(?:oom|out[- ]of[- ]memory)(?:s|ed)?\s+(?:on|in)\s+(?:the\s+)?$", re.IGNORECASE
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("cpu", "gpu", "offload", "is_available", "cuda", "ngl", "n-gpu-layers", "n_gpu_layers")


def says_cpu_fallback(line: str) -> bool:
    """Whether ``line`` says the work runs on the CPU instead of the GPU (no advice, denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return any(_said(line, m) for m in CPU_FALLBACK.finditer(line))


# "there is some another process on cpu", "another program running on the CPU": someone else's
# work on the host's CPUs (a load beside the job: telemetry.cpu_saturation_words), not the job
# running there instead of on its GPU
_OTHER_WORK_BEFORE = re.compile(
    r"\b(?:another|other|a different|someone else's)\s+(?:[\w-]+\s+)?"
    r"(?:(?:process(?:es)?|programs?|jobs?|tasks?|applications?|apps?)\s+)?$",
    re.IGNORECASE,
)


# "it works on cpu and gtx 980, but … illegal memory access on K520", "I get it working on cpus
# but on a GPU partition it cannot find CUDA": the CPU run is the writer's comparison, and the
# fault is what the GPU run does
_CONTRAST_AFTER = re.compile(r"\b(?:but|while|whereas|however)\b", re.IGNORECASE)


def _said(line: str, m: re.Match[str]) -> bool:
    before = line[max(0, m.start() - 48) : m.start()]
    if _NOT_SO.search(before) or _CHOSEN_OFFLOAD.search(before + m.group()):
        return False
    if _MEMORY_RAN_OUT_ON.search(before) or _OTHER_WORK_BEFORE.search(before):
        return False
    if m.group().lower().startswith("work") and _CONTRAST_AFTER.search(line, m.end()):
        return False
    # a negation inside the match is the statement itself ("the GPU is not used"); one before
    # it denies it ("it does not run on the CPU")
    return _DENIED_BEFORE.search(before) is None
