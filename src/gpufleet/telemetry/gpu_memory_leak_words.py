"""Words that a job or library leaks the GPU's memory: "There is a GPU mem leaks in which the image
tensor did not get release after a batch", "memory leak in cudnn bidirectional RNN with cudnn 6",
"the VRAM usage keeps growing every iteration", "显存泄漏".

A leak is memory allocated and never freed while the process lives: the frame buffer fills
step by step until an allocation fails, where fragmentation fails with memory free in pieces and
a full GPU at the first step (PyTorch's CUDA memory management notes; DCGM_FI_DEV_FB_USED
growing without release is the fleet's view, ``fb-memory-leak``). A report rarely carries that
series; it says so in words. :mod:`telemetry.job_log` keeps a ``gpu_memory_leak_reported``
signature beside the line; the SRE agent reads it as the finding of that name.

Deliberately narrow: the words must put the leak on the GPU (GPU, CUDA, VRAM, device or video
memory, a GPU library such as cuDNN, cuBLAS, NCCL, TensorRT, or the framework's tensors): a
"memory leak" alone is as often the host's RAM (``host-memory-pressure-oom``), and so is a leak
named on the host, the CPU or the system. A question ("is there a memory leak in cudnn?"),
advice or a guess ("check for a GPU memory leak", "I wonder if it leaks") and a denial ("no
memory leak on the GPU") are not the statement. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

GPU_MEMORY_LEAK_REPORTED = "gpu_memory_leak_reported"  # the signature kind and the SRE finding

# what holds the leaked memory: the GPU, its memory, or a GPU library or tensor
_ON_GPU = (
    r"(?:gpu|cuda|vram|video|device|graphics|cudnn|cublas|cufft|cusparse|nccl|tensorrt|trt|"
    r"tensors?|torch|pytorch|tensorflow|onnx ?runtime|onnxruntime|triton)"
)

GPU_MEMORY_LEAK = re.compile(
    # "GPU mem leaks", "CUDA memory leak", "VRAM leak", "cudnn memory leak", "tensor leak"
    r"\b" + _ON_GPU + r"[ -]?(?:mem(?:ory)? )?leak(?:s|ing|age|ed)?\b|"
    # "memory leak in cudnn bidirectional RNN", "memory leak on the GPU" (the memory named: "a
    # leak of gpu resource" is a scheduler's accounting), "leak of GPU memory"
    r"\bmem(?:ory)? leak(?:s|age)? (?:in|of|on|with|from|inside) (?:the |a )?"
    r"(?:[\w.+-]+ ){0,2}?" + _ON_GPU + r"\b|"
    r"\bleak(?:s|age)? of (?:the )?(?:gpu|cuda|vram|device|video) mem(?:ory)?\b|"
    # a CUDA or codec context left behind holds its memory: "nvenc encoder context leak" (not an
    # audio library's "1 contexts were leaked")
    r"\b(?:cuda|gpu|nvenc|nvdec|encoder|decoder|cublas|cudnn) contexts? leak\w*|"
    # "leaks GPU memory", "leaking VRAM"
    # (what holds the memory named: "leaks CUDA graphs"; not "leaks GPU resources")
    r"\bleak(?:s|ing|ed)? (?:the |some |a lot of )?(?:gpu|cuda|vram|device|video) "
    r"(?:mem(?:ory)?|ram|graphs?|contexts?|buffers?|allocations?|tensors?)\b|"
    r"\bleak(?:s|ing|ed)? vram\b|"
    # "the VRAM usage keeps growing every iteration", "GPU memory keeps increasing"
    r"\b(?:gpu|cuda|vram|video|device) (?:mem(?:ory)? )?(?:usage |use |consumption )?"
    r"(?:keeps|kept|is|was|continues|continued) (?:on )?(?:growing|increasing|climbing|rising|"
    r"going up|to (?:grow|increase|climb|rise))\b|"
    # Chinese 显存泄漏 / 显存一直增加; Japanese GPUメモリリーク; Russian утечка видеопамяти
    r"显存(?:泄[漏露]|一直(?:增加|上涨|增长|在涨))|(?:gpu|vram|ビデオ)\s?メモリ\S{0,4}リーク|"
    r"утечк\w* (?:видеопамяти|памяти (?:gpu|видеокарты|cuda))",
    re.IGNORECASE,
)
# "check for a GPU memory leak", "I wonder if cudnn leaks", "maybe a CUDA leak": not what
# happened
_NOT_SO = advice_before(r"suspect\w*", r"wonder\w*", "whether", "probably", "likely")
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bno\b|\bnever\b", re.IGNORECASE)
# "a GPU memory leak is not the problem" (the leak itself denied), but not what a colon opens
# ("a GPU memory leak: the tensors are never released" says how it leaks)
_DENIED_AFTER = re.compile(r"^[^.;,!?:]{0,20}\b(?:(?:is|was) (?:not|never)|isn't|wasn't)\b")
# a framework's leak the writer puts on the host: "PyTorch memory leak: host RAM grows each epoch"
_ON_HOST_AFTER = re.compile(
    r"^[^.;!?]{0,60}?\b(?:host|ram|rss|cpu|system memory|dataloader|data loader|workers?)\b",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE),
    after=(QUESTION_AFTER, _DENIED_AFTER, _ON_HOST_AFTER),
    within=(_DENIED_WITHIN,),
    window=40,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a scan.
_ANCHORS = (
    "leak", "grow", "increas", "climb", "rising", "rise", "going up", "显存", "リーク", "утечк",
)  # fmt: skip


def says_gpu_memory_leak(line: str) -> bool:
    """Whether ``line`` says a job or library leaks the GPU's memory (and is no question, advice
    or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(GPU_MEMORY_LEAK.finditer(line), line)
