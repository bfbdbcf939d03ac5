"""A person's words that the work runs on a GPU other than the one meant for it: "by default it
uses the wrong one", "every colocated worker binds to physical GPU 0", "all jobs default to
GPU0", "it picked the integrated Radeon instead of the NVIDIA one", "the RTX 2080 Ti is device 0
not 1", "DIGITS GPU ID appears to disagree with nvidia-smi", "setting CUDA_DEVICE_ORDER=PCI_BUS_ID
made the selection consistent".

That is the device-binding mode (``slurm-cgroup-gpu-mismatch``): the GPUs a process opens are
not the ones it was given or meant to use, because nothing bound it (no per-job
``CUDA_VISIBLE_DEVICES``, no device cgroup: every process starts on CUDA device 0), because
CUDA's default order (fastest first) is not nvidia-smi's PCI bus order, or because the program
chose another adapter (a laptop's integrated GPU) (CUDA C++ Programming Guide, "CUDA Environment
Variables": ``CUDA_VISIBLE_DEVICES``, ``CUDA_DEVICE_ORDER``; Slurm ``gres.conf`` and
``cgroup.conf`` ``ConstrainDevices``). DCGM shows it as one GPU busy with two jobs beside idle
allocated ones; a report says it in words. :mod:`telemetry.job_log` keeps a
``wrong_gpu_used_reported`` signature beside the line; the SRE agent reads it as the finding of
that name.

Deliberately narrow: a process using, picking, landing on or getting the wrong GPU; every job or
worker on GPU 0; a selection that fails and defaults to 0; the integrated adapter chosen instead
of the NVIDIA one; device numbering said to disagree between nvidia-smi and CUDA;
``CUDA_DEVICE_ORDER=PCI_BUS_ID`` named as what fixed it; jobs running on GPUs they were not given
("unrequested", "unallocated"); ``NVIDIA_VISIBLE_DEVICES`` / ``CUDA_VISIBLE_DEVICES`` or the
device selection said not to be honoured; a job that asked for one GPU, or none, seeing them
all. A tool that reads or monitors the wrong GPU (an exporter's attribution, a script parsing
the wrong one) is not the work running there; a bare ``export CUDA_DEVICE_ORDER=PCI_BUS_ID`` in
a launch script is set-up, not a report; advice, a question or a denial is not the statement.
Pure; every expression is linear in the line.
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

WRONG_GPU_REPORTED = "wrong_gpu_used_reported"  # the signature kind and the SRE finding

_ADAPTER = r"(?:gpus?|devices?|cards?|graphics(?: cards?| adapters?)?|adapters?)"
_RUNS = (
    r"(?:us(?:e|es|ed|ing)|runs? on|ran on|running on|executes? on|picks?|picked|picking|"
    r"selects?|selected|selecting|chooses?|chose|choosing|gets?|got|getting|lands? on|landed on|"
    r"landing on|binds? to|bound to|assign(?:s|ed)? to|allocat(?:es|ed) to|goes to|went to|"
    r"prefers?|preferred|defaults? to|renders? on)"
)
_NUMBERING = r"(?:ids?|indices|indexes|index|indexing|numbering|ordering|order|ordinals?|numbers)"
_DISAGREE = (
    r"(?:disagree\w*|inconsistent|differ\w*|mismatch\w*|not the same|"
    r"(?:do|does|did)(?: not|n't) (?:match|correspond|agree))"
)

WRONG_GPU = re.compile(
    # "by default it uses the wrong one", "sunshine using the wrong GPU", "getting the wrong GPUs"
    r"\b" + _RUNS + r" (?:the |a )?wrong (?:one|" + _ADAPTER + r")\b|"
    r"\bwrong (?:gpu|device|cuda) (?:index\w*|ordinals?|ids?|numbering|order\w*|selection|"
    r"assignment|(?:is |was |gets |got )?(?:selected|chosen|used))\b|"
    # "every colocated TP1 worker binds to physical GPU 0", "prevent all jobs defaulting to GPU0"
    r"\b(?:all|every|each|both)\b[^.;!?]{0,60}\b(?:land\w*|default\w*|bind\w*|bound|end(?:s|ed)? "
    r"up|run\w*|ran|go(?:es)?|went|pile\w*|stack\w*|placed|put|collid\w*)(?: up)? (?:on|to|onto)"
    r"(?: the same)?(?: physical| default| first)? (?:gpu|device|cuda)[ :#]?0\b|"
    # "all processes would incorrectly use cuda:0" (use takes no preposition)
    r"\b(?:all|every|each|both)\b[^.;!?]{0,60}\bus(?:e|es|ed|ing)(?: the same)?"
    r"(?: physical| default| first)? (?:gpu|device|cuda)[ :#]?0\b|"
    # "users attempting to use the same default device (device 0)"
    r"\bsame (?:default )?(?:gpu|device)\b\W{1,3}(?:gpu|device) ?0\b|"
    # "fails to assign the job to GPU 1 and defaults to 0", "ignored and it runs on GPU 0"
    r"\b(?:fails?|failed|ignor\w+)\b[^.;!?]{0,60}\b(?:defaults?|defaulting|falls? back|fell back)"
    r" to (?:gpu |device |cuda:?)?0\b|"
    # "it picked the integrated driver instead of the NVIDIA one", "prefers the iGPU over"
    r"\b" + _RUNS + r"\b[^.;!?]{0,40}\b(?:integrated|intel|onboard|on-board|igpu|radeon|amd)\b"
    r"[^.;!?]{0,40}\b(?:instead of|rather than|over the|not the)\b|"
    # the discrete GPU passed over, said the other way round: "Optimus doesn't select the nvidia
    # chip", "the app does not use the dedicated GPU"
    # (on a hybrid machine, where another adapter is what runs instead: a GPU CUDA cannot find
    # at all is the CPU fallback's matter)
    r"\b(?:optimus|hybrid|prime|intel|integrated|igpu|laptop|power[- ]saving)\b[^.;!?]{0,60}"
    r"\b(?:doesn'?t|does not|didn'?t|did not|won'?t|will not|never) (?:select|use|pick|choose|"
    r"run on|render on)s? (?:the |my |our )?(?:nvidia|dedicated|discrete|geforce|rtx|quadro)"
    r"(?: [\w-]+)? (?:gpu|chip|card|graphics|adapter|one)\b(?! memory)|"
    # a device asked for and device 0 used anyway: "I set device id 1, but caffe always use
    # gpu0", "I specified GPU 2 but it still runs on GPU 0"
    r"\b(?:set|chose|selected|specified|requested|asked for|pass(?:ed)?)\b[^.;!?]{0,40}"
    r"\b(?:device|gpu|cuda)\b[^.;!?]{0,40}\bbut\b[^.;!?]{0,40}\b(?:always|still|only)\b"
    r"[^.;!?]{0,16}?\b(?:use|uses|used|using|runs? on|ran on|running on|goes to)\b"
    r"[^.;!?]{0,8}?\b(?:gpu|device|cuda)[ :#]?0\b|"
    # GPUs the job was not given: "CPU jobs running on (unrequested) GPUs", "landing on
    # unallocated GPUs"
    r"\b(?:runs? on|ran on|running on|lands? on|landed on|landing on|us(?:e|es|ed|ing)) "
    r"(?:the |an? )?\(?(?:unrequested|unallocated|unassigned|non-allocated)\)? " + _ADAPTER + r"\b|"
    # the binding not honoured: "NVIDIA_VISIBLE_DEVICES is not respected", "device selection via
    # the NVIDIA_VISIBLE_DEVICES envvar to not work as expected"
    r"\b(?:nvidia|cuda)_visible_devices\b[^.;!?]{0,40}?\b(?:(?:is |was |are |were |gets? |got )?"
    r"(?:(?:no longer|not) (?:respected|honou?red)|ignored)|has no effect|"
    r"(?:does|did|do)(?: not|n't) (?:work|apply|take effect))\b|"
    r"\bdevice selection\b[^.;!?]{0,60}?\b(?:(?:to |does |did |do )?not|(?:does|did|do)n't) "
    r"(?:work|apply|take effect)\b|"
    # a job that asked for one GPU, or none, given them all: "a container asking for GPU 0 sees
    # all 8 A100s", "a pod with gpu: 0 gets all 8 GPUs"
    r"\b(?:asking for|asks for|asked for|requests?|requesting|requested|with)\b[^.;!?]{0,20}?"
    r"\b(?:gpu ?[:#]? ?0|one gpu|1 gpu|a single gpu|zero gpus|0 gpus|no gpus?)\b[^.;!?]{0,60}?"
    r"\b(?:sees?|saw|gets?|got|has|had|shows?|showed|lists?|listed) (?:all|every)(?: \d+)? "
    r"(?:[\w-]+ )?(?:gpus|devices|cards|a100s|h100s)\b|"
    # "the RTX 2080 Ti is device 0 not 1"
    r"\b(?:is|as) (?:the )?(?:cuda )?device \d+,? (?:and |but )?not \d+\b|"
    # "GPU ID appears to disagree with nvidia-smi", "nvidia-smi numbering inconsistent with CUDA"
    r"\bdisagrees? with nvidia-smi\b|"
    r"\b(?:nvidia-smi|cuda|pci)\b[^.;!?]{0,60}\b"
    + _NUMBERING
    + r"\b[^.;!?]{0,60}\b"
    + _DISAGREE
    + r"|\b"
    + _NUMBERING
    + r"\b[^.;!?]{0,60}\b"
    + _DISAGREE
    + r"\b[^.;!?]{0,60}\b(?:nvidia-smi|"
    r"cuda)\b|"
    # "by setting CUDA_DEVICE_ORDER=PCI_BUS_ID … the gpu selection is consistent"
    r"\bcuda_device_order\W{1,3}(?:to\W{1,3})?pci_bus_id\b[^.;!?]{0,80}\b(?:fix\w*|solv\w*|"
    r"consistent|match\w*|correct\w*|resolv\w*)",
    re.IGNORECASE,
)
# "a tool that monitors the wrong GPU", "it might parse the wrong one": reading, not running
_READS = re.compile(
    r"\b(?:monitor\w*|report\w*|pars\w*|read\w*|check\w*|show\w*|display\w*|attribut\w*|"
    r"measur\w*|query\w*|label\w*)\s+(?:\w+\s+)?$",
    re.IGNORECASE,
)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, advice_before("should", "probably", "how to"), _READS),
    after=(QUESTION_AFTER, DENIED_AFTER),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = (
    "wrong", "instead", "rather", "over the", "not the", "nvidia-smi", "cuda", "pci", "default",
    "back to", "gpu", "device", "nvidia", "dedicated", "discrete",
)  # fmt: skip


def says_wrong_gpu(line: str) -> bool:
    """Whether ``line`` says the work runs on a GPU other than the one meant for it (no advice,
    question, denial, nor a tool reading the wrong GPU)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(WRONG_GPU.finditer(line), line)
