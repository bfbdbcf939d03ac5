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

Deliberately narrow: the watchdog's own strings, the registry keys and the named mechanism.
"Timed out" alone (NCCL, a socket, a download) is not it, nor advice or a denial. Pure; every
expression is linear in the line.
"""

from __future__ import annotations

import re

DISPLAY_WATCHDOG_REPORTED = "display_watchdog_timeout_reported"  # the signature kind and finding

DISPLAY_WATCHDOG = re.compile(
    # CUDA's error for a kernel the display watchdog killed, in the runtime's and driver's names
    r"\blaunch timed out and was terminated\b|\bcudaErrorLaunchTimeout\b|"
    r"\bCUDA_ERROR_LAUNCH_TIMEOUT\b|"
    # Windows: the mechanism by name, its registry keys, its event and its bugchecks
    r"\bTimeout Detection (?:and|&) Recovery\b|\bTdr(?:Delay|DdiDelay|Level)\b|"
    r"\bdisplay driver\b(?: [\w()'.-]+){0,3} stopped responding\b|"
    r"\bVIDEO_TDR_(?:FAILURE|TIMEOUT_DETECTED)\b|"
    # "A TDR has been detected", "TDR crash", "a TDR reset" (the acronym in capitals only)
    r"(?-i:\bTDRs?\b)(?= (?:has been detected|was detected|crash|error|reset|timeout|happen)|"
    r"\W*$)",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,!?]*$", re.I)
_ADVICE_BEFORE = re.compile(r"\b(?:if|whether|unless|in case)\b[^.;!?]*$", re.I)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("timed out and was", "launchtimeout", "launch_timeout", "tdr", "timeout detection",
            "stopped responding")  # fmt: skip


def says_display_watchdog(line: str) -> bool:
    """Whether ``line`` says the display watchdog stopped a GPU kernel (CUDA's launch-timeout
    error, Windows' TDR by name or by its registry keys), with no denial or condition before."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    for m in DISPLAY_WATCHDOG.finditer(line):
        before = line[max(0, m.start() - 40) : m.start()]
        if _DENIED_BEFORE.search(before) is None and _ADVICE_BEFORE.search(before) is None:
            return True
    return False
