"""A person's words that containers lost the GPUs they were given, the way a device cgroup
rewritten under them loses them: "after `systemctl daemon-reload` all running GPU containers lose
their devices", "the containers lose access to the GPUs after some time", and the fixes the
vendor documents for it ("native.cgroupdriver=cgroupfs", "systemd.unified_cgroup_hierarchy=0",
"nvidia-ctk system create-dev-char-symlinks").

That is the container variant of the device-binding mode (``slurm-cgroup-gpu-mismatch``): the
NVIDIA runtime hook sets a container's device cgroup up behind runc's back, so when systemd
reloads its units with the systemd cgroup driver it rewrites the cgroup from what runc knows and
the GPUs drop out; ``nvidia-smi`` in the container then says "Failed to initialize NVML: Unknown
Error" while the host is fine (NVIDIA Container Toolkit documentation, Troubleshooting,
"Containers losing access to GPUs"; NVIDIA/nvidia-container-toolkit#48). The NVML line alone
does not tell this apart from a driver upgraded under a running container; the words do.
:mod:`telemetry.job_log` keeps a ``container_gpu_access_lost_reported`` signature beside the line;
the SRE agent reads it as the finding of that name.

Deliberately narrow: a daemon-reload named beside a loss, containers or pods said to lose (access
to) their GPUs, or one of the documented fixes named. A bare ``systemctl daemon-reload`` in set-up
steps (every service edit ends with one) is not the statement, nor advice or a denial. Pure;
every expression is linear in the line.
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import Hedges

CGROUP_LOSS_REPORTED = "container_gpu_access_lost_reported"  # the signature kind and finding

_LOSS = (
    r"(?:los(?:e|es|t|ing)|no longer (?:see|sees|saw|find|finds|access|reach)\w*|disappear\w*|"
    r"vanish\w*|gone|unknown error|failed to initiali[sz]e nvml)"
)
CGROUP_LOSS = re.compile(
    # "after systemctl daemon-reload the containers lose their GPUs", "a daemon reload makes
    # nvidia-smi fail with Unknown Error"
    r"\bdaemon[- ]reload\b[^.;!?]{0,80}\b" + _LOSS + r"|"
    r"\b" + _LOSS + r"\b[^.;!?]{0,80}\bdaemon[- ]reload\b|"
    # "containers lose access to the GPUs", "the pod lost its GPU after a while"
    r"\b(?:containers?|pods?)\b(?: [\w'-]+){0,4} (?:los(?:e|es|t|ing)) (?:the )?(?:access to )?"
    r"(?:the |their |its |all |all the )?(?:nvidia )?(?:gpus?|devices?)\b|"
    # the documented fixes, named as what cured it
    r"\bnative\.cgroupdriver\s*=\s*cgroupfs\b|\bcgroupdriver\W{1,4}cgroupfs\b|"
    r"\bsystemd\.unified_cgroup_hierarchy\s*=\s*(?:0|false)\b|\bcreate-dev-char-symlinks\b",
    re.IGNORECASE,
)
_DENIED_BEFORE = re.compile(r"(?:\bno\b|\bnot\b|\bnever\b|\bwithout\b|n't\b)[^.;,!?]*$", re.I)
# "the containers did not lose the GPUs": the denial sits inside the form's own words
_DENIED_WITHIN = re.compile(r"(?:\bnot|\bnever|n't)\s+(?:\w+\s+)?los", re.I)
_ADVICE_BEFORE = re.compile(r"\b(?:if|whether|unless|in case)\b[^.;!?]*$", re.I)
_HEDGES = Hedges(before=(_DENIED_BEFORE, _ADVICE_BEFORE), within=(_DENIED_WITHIN,), window=40)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans. Not "los": "loss" is
# in every line a training job prints.
_ANCHORS = ("daemon", "lose", "lost", "losing", "cgroup", "symlinks")


def says_cgroup_loss(line: str) -> bool:
    """Whether ``line`` says containers lost their GPUs the way a rewritten device cgroup loses
    them, or names the documented fix (no denial, no condition)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    return _HEDGES.any_said(CGROUP_LOSS.finditer(line), line)
