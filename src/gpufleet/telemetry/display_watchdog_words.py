"""A report that the operating system's display watchdog stopped a GPU kernel: Windows' Timeout
Detection and Recovery ("Display driver nvlddmkm stopped responding and has successfully
recovered", "A TDR has been detected", the registry's ``TdrDelay`` / ``TdrLevel`` named as the
fix, the ``VIDEO_TDR_FAILURE`` bugcheck), or CUDA's own error for it on any system whose GPU
also drives a display ("the launch timed out and was terminated", ``cudaErrorLaunchTimeout`` /
``CUDA_ERROR_LAUNCH_TIMEOUT``).

That is the display variant of the GPU timeout (``xid-8-46-gpu-timeout``): a GPU that drives a
display runs with a kernel time limit (CUDA Runtime API, ``cudaErrorLaunchTimeout`` "the device
kernel took too long to execute. This can only occur if timeouts are enabled", device attribute
``cudaDevAttrKernelExecTimeout``; Microsoft, "Timeout Detection and Recovery (TDR)": a GPU
operation over ``TdrDelay``, 2 seconds by default, resets the display driver), so a long kernel
is killed although nothing is broken. The fix is a setting - compute on a GPU without a display
(or TCC mode, or no display manager on a compute node), a longer ``TdrDelay``, shorter kernels -
not a reset or a part. :mod:`telemetry.job_log` keeps a ``display_watchdog_timeout_reported``
signature beside the line; the SRE agent reads it as the finding of that name.

Deliberately narrow: the watchdog's own strings (read wherever they stand: a pasted error is the
event), and the writer's words for it - the mechanism by name, the registry keys, "TDR" in
capitals followed by what happened - unless denied or put as a condition. "Timed out" alone
(NCCL, a socket, a download) is not it. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

DISPLAY_WATCHDOG_REPORTED = "display_watchdog_timeout_reported"  # the signature kind and finding

# The runtime's and the OS's own records: a pasted error is the event, whatever the writer
# says around it ("I don't know why, but cudaErrorLaunchTimeout appears"), so no denial test.
WATCHDOG_RECORD = re.compile(
    r"\blaunch timed out and was terminated\b|\bcudaErrorLaunchTimeout\b|"
    r"\bCUDA_ERROR_LAUNCH_TIMEOUT\b|\bVIDEO_TDR_(?:FAILURE|TIMEOUT_DETECTED)\b|"
    # the event's own text, whatever the driver's name and version between ("Display driver
    # NVIDIA Windows Kernel Mode Driver, Version 531.41 stopped responding")
    r"\bdisplay driver\b(?:[^.;!?]|\.(?=\d)){0,80}?\bstopped responding\b",
    re.IGNORECASE,
)
# A writer's words for it: the mechanism by name, its registry keys, the acronym (in capitals,
# followed by what happened: not a cable tester's time-domain reflectometry)
WATCHDOG_WORDS = re.compile(
    r"\bTimeout Detection (?:and|&) Recovery\b|\bTdr(?:Delay|DdiDelay|Level)\b|"
    r"(?-i:\bTDRs?\b)(?= (?:has been |was |were |is )?(?:detected|occurred|occurs|happen\w*|"
    r"crash\w*|error|reset|timeout))",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,:!?]*$", re.I)
_ADVICE_BEFORE = re.compile(r"\b(?:if|whether|unless|in case)\b[^.;:!?]*$", re.I)
_HEDGES = Hedges(before=(_DENIED_BEFORE, _ADVICE_BEFORE))

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("timed out and was", "launchtimeout", "launch_timeout", "tdr", "timeout detection",
            "stopped responding")  # fmt: skip


def says_display_watchdog(line: str) -> bool:
    """Whether ``line`` says the display watchdog stopped a GPU kernel: CUDA's launch-timeout
    error or Windows' TDR event anywhere in it, or Windows' TDR named by the writer (by name,
    registry key or the acronym) with no denial or condition before."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if WATCHDOG_RECORD.search(line) is not None:
        return True
    return _HEDGES.any_said(WATCHDOG_WORDS.finditer(line), line)
