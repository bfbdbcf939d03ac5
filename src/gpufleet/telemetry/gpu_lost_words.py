"""A report that a GPU left the bus, in the writer's words: "the eGPU undervolts the PCIe bus and
causes the GPU to fall off the bus", "Off the busエラー", "掉卡", "the GPU card is lost on the
node", or ``lspci`` showing the GPU as ``(rev ff)``.

That is the fallen-off-the-bus mode (``xid-79-fallen-off-bus``, and ``xid-79-recurring-hardware``
when it comes back): the driver logs Xid 79 "GPU has fallen off the bus" when the GPU stops
answering on PCIe (NVIDIA Xid catalog, row 79), NVML reports it as ``NVML_ERROR_GPU_IS_LOST``
("GPU is lost"), and a device that no longer answers config-space reads returns all ones, which
``lspci`` prints as revision ``ff`` (PCI Local Bus Specification: a read of an absent function
completes with all bits set). The kernel's and nvidia-smi's own lines are read elsewhere
(:mod:`telemetry.kernel_log`, :mod:`telemetry.stack_errors`); a ticket or a forum thread says it in
words, which this module recognises one line at a time, never in the driver's or the tools' own
lines, which are the records (:mod:`telemetry.job_log` keeps a ``gpu_lost_reported`` signature
beside the line; the SRE agent reads it as the finding of the same name).

Deliberately narrow: a GPU or card that fell, dropped or went off the bus, an "off the bus"
error, a GPU or card "is lost" or a writer that "lost a GPU", the Chinese 掉卡 (a card dropped
out), ``(rev ff)`` on a GPU's ``lspci`` line. Not a GPU missing after a driver change (no GPU
found at all is a driver's or a container's fault, other modes), not "lost" in other senses (a
lost connection, lost performance, a GPU lost to another job). Neither is the statement after a
denial ("it did not fall off the bus", "not (rev ff)"), in a condition ("if a GPU falls off
the bus, reboot") or a question. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

GPU_LOST_REPORTED = "gpu_lost_reported"  # the signature kind and the SRE finding

# lspci's line for a GPU function that answers config reads with all ones ("3b:00.0 3D
# controller: NVIDIA Corporation Device 2330 (rev ff)"); another device's (a NIC's) is not a GPU
LOST_RECORD = re.compile(r"\(rev ff\)", re.IGNORECASE)
_GPU_DEVICE = re.compile(r"NVIDIA|VGA compatible|3D controller|\bGPU\b", re.IGNORECASE)
_GPU = r"(?:e?gpus?|graphics cards?|video cards?|cards?|(?:rtx|gtx|tesla|a100|h100)[\w ]{0,12})"
# what a GPU or card "lost" can be, other than the GPU itself leaving the bus
_OTHER_LOSS = (
    r"(?!\s*(?:driver|node|server|instance|warranty|slot|reservation|quota|allocation|memory|"
    r"context|performance|speed|power|connection|to\b|'s\b))"
)
LOST_WORDS = re.compile(
    # "the GPU fell off the bus", "causing the GPU to fall off the bus", "dropped off the PCIe bus"
    r"\b(?:fell|falls?|fallen|falling|dropp(?:ed|ing|s)?|drop|went|goes|going|gone|came|comes) "
    r"off (?:the )?(?:pci-?e? )?bus\b|"
    # "off the bus errors", "Off the busエラー"
    r"\boff[- ]the[- ]bus(?: ?(?:errors?|issues?|problems?|events?)\b| ?エラー)|"
    # "the GPU card is lost on the node", "GPU 3 was lost", "GPU lost during training"
    r"\b" + _GPU + r"(?: \d+| [\w:.]+)? (?:(?:is|was|are|were|got|gets|has been|have been) )?lost\b"
    r"(?! (?:connection|track|focus|in\b|to\b|the\b|power|its|their))|"
    # "we lost a GPU", "Lost GPU 3 during training"
    r"\b(?:lost|loses|losing|lose) (?:a|the|one|1|its|my|an) (?:of (?:the|its|my|our) )?"
    r"(?:e?gpus?|graphics cards?|cards?)(?: \d+)?\b" + _OTHER_LOSS + r"|"
    r"\blost (?:e?gpu|card) \d+\b" + _OTHER_LOSS + r"|"
    # Chinese: 掉卡 (a card dropped out)
    r"掉卡",
    re.IGNORECASE,
)
# the driver's and the tools' own lines are read as records (telemetry.kernel_log,
# telemetry.stack_errors, NHC's in telemetry.nhc_log): the words in them are no second witness
_RECORD_LINE = re.compile(
    r"\bNVRM:|\bXid\b|GPU is lost\. +Reboot|Unable to determine the device handle|: GPU is lost\b|"
    r"Health check failed",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(
    r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b|\bnone\b)[^.;,:!?]*$", re.IGNORECASE
)
_ADVICE_BEFORE = re.compile(
    r"\b(?:if|whether|unless|in case|when|若|如果)\b[^.;:!?]*$|(?:若|如果)[^。]*$", re.IGNORECASE
)
# a question asks, it does not report ("Did the GPU fall off the bus?")
_QUESTION_AFTER = re.compile(r"^[^.;!]*\?")
_HEDGES = Hedges(before=(_DENIED_BEFORE, _ADVICE_BEFORE), after=(_QUESTION_AFTER,))

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("rev ff", "off the bus", "off the pci", "off bus", "off-the-bus", "lost", "lose",
            "掉卡")  # fmt: skip


def says_gpu_lost(line: str) -> bool:
    """Whether ``line`` says a GPU left the bus: ``lspci``'s ``(rev ff)`` on a GPU's line, or the
    writer's words for a GPU that fell off the bus or was lost, with no denial, condition or
    question around them; never the driver's or nvidia-smi's own line (read as records)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) or _RECORD_LINE.search(line) is not None:
        return False
    records = LOST_RECORD.finditer(line) if _GPU_DEVICE.search(line) is not None else ()
    return _HEDGES.any_said([*records, *LOST_WORDS.finditer(line)], line)
