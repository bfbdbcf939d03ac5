"""A person's words that a job's GPUs wait for their input: "the gpu utilization is not stable
from 0% to 90%, most of the time 0% waiting for data", "60% of training time is consumed by the
DataLoader", "the DataLoader is where your bottleneck is", "it freezes every num_workers
iterations", "the GPU is starved".

That is the input-starvation mode (``dataloader-stall``): the input pipeline (reads, decoding,
augmentation, collation) produces batches slower than the GPUs consume them, so utilization
alternates between busy and idle in lockstep (PyTorch docs, ``torch.utils.data.DataLoader``:
``num_workers``, ``prefetch_factor``, ``pin_memory``; the PyTorch performance tuning guide,
"enable asynchronous data loading"). gpufleet sees it in DCGM as saw-tooth utilization
(``dataloader_gaps``); a report usually says it in words, with a profiler's share or an
``nvidia-smi`` reading. This module recognises those words one line at a time
(:mod:`telemetry.job_log` keeps a ``gpu_data_wait_reported`` signature beside the line; the SRE
agent reads it as the finding of the same name).

Deliberately narrow: waiting for data or batches (not for a lock, a peer or a collective), the
data loader or input pipeline named as the bottleneck or as where the time goes, utilization that
swings to 0 % and back, a stall every ``num_workers`` steps, a starved GPU. A denial ("the
dataloader is not the bottleneck", "no data-loading wait") is not the statement; a DataLoader
worker killed by a signal is a crash, another matter. Pure; every expression is linear in the
line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

DATA_WAIT_REPORTED = "gpu_data_wait_reported"  # the signature kind and the SRE finding

_LOADER = (
    r"(?:data ?loaders?|data[- ]loading|loading (?:the )?data|input pipelines?|data pipelines?|"
    r"input (?:data )?loading|pre-?processing|data augmentation|augmentations?|collat(?:e|ion))"
)
_BOTTLENECK = r"(?:bottle-?necks?|bottle-?necked|the slow part|the limiting factor)"

# "waiting for data" is about a GPU's input only on a line about the GPU or the training (a
# client also waits for data from a server)
_WAIT_DATA = re.compile(
    r"\bwait(?:s|ing|ed)? (?:for|on) (?:the |new |next |more )?(?:data|inputs?|samples)\b",
    re.IGNORECASE,
)
_TRAINING_LINE = re.compile(
    r"\bgpus?\b|\butil\w*|\btrain\w*|\bepochs?\b|\bsteps?\b|\biterations?\b|\bidle\b|"
    r"\bcuda\b|\bmodel\b",
    re.IGNORECASE,
)

DATA_WAIT = re.compile(
    # "waits on the dataloader", "GPU idles waiting for batches" (not an inference server's
    # "waiting for the batch to complete": a batch of requests, not of input data)
    r"\bwait(?:s|ing|ed)? (?:for|on) (?:the |new |next |more )?"
    r"(?:batches\b|" + _LOADER + r")|"
    # "the DataLoader is the bottleneck", "data loading is probably where your bottleneck is"
    r"\b" + _LOADER + r"\b(?: [\w'/-]+){0,6} " + _BOTTLENECK + r"|"
    r"\b" + _BOTTLENECK + r"\b(?: [\w'/-]+){0,4} (?:is |in |at |of )(?:the )?" + _LOADER + r"|"
    # "60% of training time is consumed by DataLoader", "most of the time is spent in data loading"
    r"\b(?:\d{1,3} ?%|most|the majority|half|much) of (?:the |my |our )?(?:training |step |"
    r"iteration |wall |total |run ?)?time\b(?: [\w'/-]+){0,4} (?:in|by|on|for|with) (?:the )?"
    + _LOADER
    + r"|"
    # "utilization is not stable from 0% to 90%", "GPU util fluctuates between 0 and 100 %",
    # "util jumps between 0% and 99%"
    r"\butil\w*\b(?: [\w'/-]+){0,5} (?:fluctuat\w*|oscillat\w*|jump\w*|swing\w*|alternat\w*|"
    r"spik\w*|goes up and down|not stable|unstable|varies|bounc\w*)\b(?: [\w'/-]+){0,3} "
    r"(?:from |between )?0 ?%? (?:to|and|-) \d{2,3} ?%|"
    # "freezes every num_workers iterations", "stalls every 8 batches (num_workers=8)"
    r"\b(?:freez\w*|stall\w*|paus\w*|hang\w*|slow\w*)\b(?: [\w'/-]+){0,3} every num_?workers?\b|"
    # the loading itself said to be slow: "Data loading takes quite a long time", "data loading
    # is very slow", "slow data loading" (a GPU job's input, so its GPUs wait on it)
    r"\b" + _LOADER + r"\b (?:takes|took|is taking|was taking|takes up) (?:quite |very |such |"
    r"far |way |too )?(?:a )?(?:very |really )?(?:long|lot of) (?:time|while)\b|"
    r"\b" + _LOADER + r"\b (?:is|was|are|were|seems|gets|got) (?:very |too |extremely |really |"
    r"quite |so |painfully |super )?slow\b|"
    r"\b(?:very |extremely |really |painfully )?slow (?:data[- ]loading|data ?loaders?|input "
    r"pipelines?|loading (?:of )?(?:the )?data)\b|"
    # "the GPU is starved", "starving the GPUs", "GPU starvation"
    r"\bgpus? (?:is |are |gets? |being )?starv\w*|\bstarv\w* (?:the |my |our )?gpus?\b|"
    r"\bgpu starvation\b",
    re.IGNORECASE,
)

# "not the bottleneck", "no wait for data", "it doesn't look like the GPUs are waiting for the
# data": a clean check in words (a denial anywhere in the clause before the words)
_DENIED_BEFORE = re.compile(
    r"(?:\bno|\bnot|\bnever|\bwithout|n't|\brule[sd]? out)\b[^.;,!?]*$", re.IGNORECASE
)
_DENIED_WITHIN = re.compile(r"\bnot\b|n't\b|\bnever\b|\bno\b", re.IGNORECASE)
_HEDGES = Hedges(before=(_DENIED_BEFORE,), within=(_DENIED_WITHIN,), window=48)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "wait",
    "bottle",
    "loader",
    "loading",
    "pipeline",
    "processing",
    "augment",
    "collat",
    "util",
    "numworker",
    "num_worker",
    "starv",
)


def says_data_wait(line: str) -> bool:
    """Whether ``line`` says a job's GPUs wait for their input data (and does not deny it)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if _HEDGES.any_said(DATA_WAIT.finditer(line), line):
        return True
    return _TRAINING_LINE.search(line) is not None and _HEDGES.any_said(
        _WAIT_DATA.finditer(line), line
    )
