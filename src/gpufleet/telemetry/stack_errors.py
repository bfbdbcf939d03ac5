"""GPU-stack errors as operators paste them: nvidia-smi / NVML, Slurm's GRES, ``kubectl`` text,
DCGM's health watches — any log or command output, one line at a time.

Pure; :func:`classify` is called by :mod:`telemetry.job_log` for each line its own NCCL / CUDA
rules do not take, so a saved ``kubectl get pods`` table, a slurmd journal or an ``nvidia-smi``
that failed opens an incident wherever the file came from. Each pattern is a string the tool
itself writes (named per rule below); a line may carry any prefix (journald, syslog, a file
name from ``grep -r``).

Kinds and the text they come from:

``gpu_runtime_failed``       NVML could not start: ``Failed to initialize NVML: <nvmlErrorString>``
                             (nvidia-smi, NVML users, the device plugin), nvidia-smi's
                             ``NVIDIA-SMI has failed because it couldn't communicate with the
                             NVIDIA driver`` (PyTorch's ``Found no NVIDIA driver on your
                             system``), the device plugin's ``could not load NVML library``
                             / ``ERROR_LIBRARY_NOT_FOUND``; ``runtime_error`` says which
                             (``driver_library_mismatch``, ``driver_not_loaded``,
                             ``nvml_library_missing``, ``nvml_no_permission``,
                             ``nvml_unknown_error``; ``nvml_other_error`` for a reason
                             NVML gave that none of these names)
``smi_gpu_lost``             nvidia-smi: ``Unable to determine the device handle for GPU
                             <pci>: Unknown Error`` / ``GPU is lost`` (``GPU<index>: <pci>:``
                             in recent releases), ``GPU <pci>: GPU is lost`` (``pci``,
                             ``smi_gpu`` when it names the index)
``smi_no_devices``           nvidia-smi: ``No devices were found``
``smi_uncorrectable_ecc``    nvidia-smi's ``Volatile Uncorr. ECC`` count quoted with a value
                             above zero outside its table (``GPU 1 has 1 Volatile Uncorr. ECC``,
                             ``Volatile Uncorr. ECC: 1``; ``ecc``, ``smi_gpu`` when the line
                             names the GPU): the table's own rows are telemetry.text_context's
``smi_nvlink_inactive``      ``nvidia-smi nvlink -s``: ``Link N: <inactive>`` (``link``), or
                             NVML's ``all links are inActive`` (``link`` = ``all``)
``slurm_gres_gpu_error``     slurmctld / slurmd: ``gres/gpu count reported lower than
                             configured (7 < 8)``, ``gres/gpu: Count changed``, ``can't stat
                             gres.conf file /dev/nvidia0``, ``Waiting for gres.conf file
                             /dev/nvidia0``, ``Setting node X state to INVAL|DRAIN`` with a
                             gres reason, a ``sinfo -R`` row whose (cut) reason is GRES,
                             slurmd's ``fatal:`` / ``error:`` over gres.conf (``what``:
                             ``count_low``, ``device_missing``, ``node_invalid``, ``config``;
                             ``node`` when the line names it)
``gpu_pod_crashloop``        a ``kubectl get pods`` row of a GPU-stack pod (the NVIDIA device
                             plugin, GPU Operator, DCGM, validators) whose STATUS is
                             ``CrashLoopBackOff``, ``Error``, ``Init:…`` failures,
                             ``RunContainerError``, ``CreateContainer…Error`` (``pod``,
                             ``status``) — the same kind the pod-list JSON reader gives
``device_plugin_admission_error``  ``UnexpectedAdmissionError`` / the kubelet's ``Allocate
                             failed due to …, which is unexpected`` in event text
``insufficient_gpu``         ``Insufficient nvidia.com/gpu`` (scheduling; evidence only)
``k8s_gpu_taint_untolerated``  ``FailedScheduling``: the GPU nodes' taint is not tolerated
``slurm_kill_task_failed``   Slurm drained the node: ``Kill task failed`` (a job's processes
                             would not die), or slurmstepd's ``STEPD TERMINATED ON <node> …
                             DUE TO JOB NOT ENDING WITH SIGNALS``; ``slurm_node_down_reason``:
                             ``Node unexpectedly rebooted`` / ``Not responding`` / prolog-epilog
                             errors; ``slurm_node_config_mismatch``: the node registered fewer
                             resources than configured (``Low RealMemory``, ``Low CPUs``, …)
``host_oom_kill``            the Linux OOM killer: ``Out of memory: Killed process N (name)``,
                             ``X invoked oom-killer``, ``Memory cgroup out of memory``,
                             slurmstepd's ``Detected N oom_kill event``, PyTorch's ``DataLoader
                             worker (pid N) is killed by signal: Killed`` (``scope`` ``shm``
                             for ``Bus error``: the worker ran out of shared memory), Ray's
                             memory monitor (``Task was killed due to the node running low on
                             memory``), systemd's ``killed by the OOM killer``, slurmstepd's
                             ``Exceeded job memory limit``, a container's ``Reason: OOMKilled``
``dcgm_health_<system>``     DCGM health watches: nv-hostengine's ``Detected a WARNING|FAILURE
                             in health system <System>``, ``dcgmi health -c``'s ``GPU N's NvLink
                             link L is currently down``; ``<system>`` one of thermal, nvlink, pcie,
                             memory, else ``other`` (``system``, ``level``; ``gpu``, ``link``)
"""

from __future__ import annotations

import re

from gpufleet.telemetry import slurm_lines
from gpufleet.telemetry.hedges import QUESTION_AFTER, Hedges, advice_before
from gpufleet.telemetry.k8s_evidence import gpu_stack_pod

Found = tuple[str, dict[str, str]]

_NVML_INIT = re.compile(r"Failed to initiali[sz]e NVML:?\s*(?P<why>[^\r\n]{0,120})", re.I)
_NVML_WHY: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"version mismatch", re.I), "driver_library_mismatch"),
    (re.compile(r"driver not loaded", re.I), "driver_not_loaded"),
    (
        re.compile(r"library not found|ERROR_LIBRARY_NOT_FOUND|could not load", re.I),
        "nvml_library_missing",
    ),
    (re.compile(r"insufficient permissions|no.?permission", re.I), "nvml_no_permission"),
    # NVML_ERROR_UNKNOWN at init; in a container that worked before, its device cgroup no
    # longer admits the GPUs (NVIDIA Container Toolkit troubleshooting, "Containers losing access
    # to GPUs with error: Failed to initialize NVML: Unknown Error")
    (re.compile(r"unknown error", re.I), "nvml_unknown_error"),
)
# nvidia-smi's, PyTorch's (torch/cuda/__init__.py), nvidia-persistenced's and nvidia-settings'
# ("ERROR: NVIDIA driver is not loaded") when no driver answers (the device files it opens are
# missing)
_SMI_NO_DRIVER = re.compile(
    r"NVIDIA-SMI has failed because it couldn.t communicate with the NVIDIA driver|"
    r"Found no NVIDIA driver on your system|"
    r"nvidia-persistenced: Failed to query NVIDIA devices|"
    r"ERROR: NVIDIA driver is not loaded",
    re.I,
)
# ``lsmod | grep nvidia`` found no nvidia module in the kernel, as a writer reports the command's
# result: "`lsmod | grep nvidia` returns empty" (the clause ends there: "shows nothing unusual"
# is not it), never in advice or a condition ("check whether …", "if …") nor a question
_LSMOD_EMPTY = re.compile(
    r"\blsmod ?\| ?grep (?:-i )?nvidia\W{0,3} (?:returns|returned|shows|showed|gives|gave|prints|"
    r"printed|outputs|output) (?:nothing|empty|no output)(?=\s*(?:[.,;:)`]|$|and\b|but\b))",
    re.I,
)
_LSMOD_HEDGES = Hedges(before=(advice_before("verify", "when"),), after=(QUESTION_AFTER,))
_NVML_LIB_MISSING = re.compile(
    r"could not load NVML library|libnvidia-ml\.so(?:\.1)?: cannot open shared object file|"
    r"ERROR_LIBRARY_NOT_FOUND",
    re.I,
)
_PCI = r"(?P<pci>(?:[0-9A-Fa-f]{4,8}:)?[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7])"
# nvidia-smi names the GPU by bus id ("for GPU0000:0B:00.0") and, in recent releases, by its
# index first ("for GPU6: 0000:C1:00.0", "for GPU1: Unknown Error")
_SMI_LOST = re.compile(
    r"Unable to determine the device handle for (?:GPU|gpu) ?(?:(?P<index>\d{1,3}): ?)?"
    + _PCI
    + r"?:? ?(?P<why>[^\r\n]{0,80})"
    r"|GPU " + _PCI.replace("pci", "pci2") + r"\s*:\s*GPU is lost",
)
_SMI_NONE = re.compile(r"^\s*No devices were found\s*$")
# nvidia-smi's column head "Volatile Uncorr. ECC" with the count a person read off it, outside
# the table ("the GPU 1 has 1 Volatile Uncorr. ECC", "`Volatile Uncorr. ECC: 1`", Chinese
# "Volatile Uncorr. ECC 报1了"): the count is the driver's, of uncorrectable errors since it
# loaded (NVIDIA GPU Memory Error Management), whoever copied it. A zero, a threshold ("bei Wert
# > 0") or the head alone ("Volatile Uncorr. ECC - sounds serious") say no count.
_ECC_HEAD = r"[`'\"]?Volatile Uncorr(?:ectable|\.)? ?ECC\b[`'\"]?"
_SMI_ECC_SAID = re.compile(
    r"\b(?:has|have|had|shows?|showed|shown|reports?|reported|with)\s+(?P<before>[1-9]\d{0,5})\s+"
    + _ECC_HEAD
    + r"|"
    + _ECC_HEAD
    + r"(?: (?:count|column|field|value))?\s*"
    r"(?:[:=]|\b(?:is|was|shows?|showed|reads?)\b|报|为|是|显示)\s*"
    # the count itself: not a decimal ("1.5") and not the first digit of a longer number
    r"[`'\"]?(?P<after>[1-9]\d{0,5})(?!\d|[.,]\d)",
    re.IGNORECASE,
)
_SMI_GPU_NAMED = re.compile(r"\bGPU ?#?(?P<gpu>\d{1,2})\b")
# NVML's own name for a GPU that stopped answering (nvmlReturn_t NVML_ERROR_GPU_IS_LOST), as any
# NVML client (GPUd, the device plugin, dcgm-exporter) prints it, with the GPU's UUID when given
_NVML_LOST = re.compile(r"\b(?:NVML_)?ERROR_GPU_IS_LOST\b")
_UUID = re.compile(
    r"\b(?P<uuid>GPU-[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\b"
)
# `nvidia-smi nvlink -s`: "\t Link 3: <inactive>" under "GPU 3: <name> (UUID: …)"
_SMI_LINK_INACTIVE = re.compile(r"^\s*Link (?P<link>\d{1,2}): <inactive>\s*$")
# NVML when not one link of the GPU is up; on a GPU without NVLink (PCIe, GeForce) it is how
# the card always is (telemetry.job_signals judges it by the GPU's name)
_SMI_ALL_INACTIVE = re.compile(
    r"Unable to retrieve NVLink information as all links are inActive", re.I
)
# PyTorch's DataLoader (torch/utils/data/_utils/signal_handling.py) when a worker dies: SIGKILL is
# the OOM killer's; SIGBUS is the worker out of shared memory (/dev/shm, PyTorch's own words)
_LOADER_KILLED = re.compile(
    r"DataLoader worker \(pid(?:\(s\))? ?[0-9, ]{1,80}\) is killed by signal: "
    r"(?P<sig>Killed|Bus error)"
)
# slurmstepd's cgroup OOM report for a step: "Detected 1 oom_kill event in StepId=1234.batch"
_STEP_OOM = re.compile(
    r"Detected (?P<n>\d{1,6}) oom.kill event(?:s|\(s\))? in (?:StepId=|step )(?P<step>\S{1,40})"
)
_POD_ROW = re.compile(
    r"^\s*(?:(?P<ns>[a-z0-9][a-z0-9-]{0,62})\s+)?(?P<pod>[a-z0-9][a-z0-9.-]{0,252})\s+"
    r"(?P<ready>\d{1,3}/\d{1,3})\s+(?P<status>[A-Za-z][A-Za-z:]{1,40})\s+(?P<restarts>\d{1,7})\b"
)
_POD_FAILING = re.compile(
    r"CrashLoopBackOff|^Error$|^Init:(?:Error|CrashLoopBackOff|RunContainerError)$|"
    r"RunContainerError|CreateContainer(?:Config)?Error|ContainerCannotRun|StartError"
)
_ADMISSION = re.compile(
    r"UnexpectedAdmissionError|Allocate failed due to [^\r\n]{0,200}which is unexpected"
)
_INSUFFICIENT = re.compile(r"Insufficient nvidia\.com/gpu")
# the scheduler's FailedScheduling message: the GPU nodes' taint is not tolerated by the pod
# ("had untolerated taint {…}" since Kubernetes 1.26; before, "had taints that the pod didn't
# tolerate", which a terminal often wraps before "didn't tolerate")
_UNTOLERATED = re.compile(
    r"(?:untolerated taint\(?s?\)?|didn't tolerate)[^\r\n]{0,80}nvidia|"
    r"nvidia[^\r\n]{0,80}(?:untolerated taint|didn't tolerate)"
)
# the Linux OOM killer (mm/oom_kill.c) and the memory cgroup's, quoted in any log
_OOM = re.compile(
    r"[Oo]ut of memory: Kill(?:ed)? process (?P<pid>\d{1,10}) \((?P<name>[^)]{1,64})\)|"
    r"(?P<who>[\w.-]{1,64}) invoked oom-killer|Memory cgroup out of memory"
)
_HEALTH_SYSTEM = re.compile(
    r"Detected an? (?P<level>WARNING|FAILURE|ERROR) in health system (?P<system>[A-Za-z]{2,20})",
    re.I,
)
_HEALTH_NVLINK = re.compile(
    r"GPU (?P<gpu>\d{1,3})'s NvLink link (?P<link>\d{1,3}) is currently down"
)
# the GPU a health message names ("… due to thermal violation in GPU 2", "GPU 2's …"): DCGM's GPU
# id, the NVML index nvidia-smi also prints (job_signals maps it by PCI order as ``smi_gpu``)
_HEALTH_GPU = re.compile(r"\b(?:in|on|for) GPU (?P<gpu>\d{1,3})\b|\bGPU (?P<own>\d{1,3})'s ")


# the host's memory killers other than the kernel's own record, as their programs print them:
# Ray's memory monitor (Ray docs, "Out-Of-Memory Prevention": it kills a worker when the node's
# memory passes RAY_memory_usage_threshold, 0.95 by default), systemd's note on a unit whose
# process the OOM killer took, Slurm's older step-memory enforcement, and a container's
# OOMKilled as `kubectl describe pod` and `docker inspect` write it (exit 137: the memory
# cgroup's kill at the container's limit)
_OTHER_KILLERS = (
    (
        re.compile(
            r"Task was killed due to the node running low on memory|"
            r"ray\.exceptions\.OutOfMemoryError|"
            r"Ray killed this worker \(ID: [0-9a-f]{1,64}\) because it was the most recently"
        ),
        "ray worker",
        "host",
    ),
    (re.compile(r"A process of this unit has been killed by the OOM killer"), "", "cgroup"),
    (
        re.compile(
            r"slurmstepd: error: (?:Exceeded (?:job|step) memory limit|Job \d{1,12} exceeded "
            r"memory limit \(\d{1,20} > \d{1,20}\), being killed)"
        ),
        "slurm step",
        "cgroup",
    ),
    (re.compile(r"^\s*Reason:\s+OOMKilled\s*$|\"OOMKilled\":\s*true"), "container", "cgroup"),
)


def _oom(line: str) -> Found | None:
    # every killer's message says "memory" or "OOM" (Ray's names the node's memory threshold):
    # a job's other lines skip the four expressions
    if "emory" in line or "OOM" in line:
        for rx, process, scope in _OTHER_KILLERS:
            if rx.search(line) is not None:
                return "host_oom_kill", {"pid": "", "process": process, "scope": scope}
    if (m := _LOADER_KILLED.search(line)) is not None:
        scope = "shm" if m["sig"] == "Bus error" else "host"
        return "host_oom_kill", {"pid": "", "process": "DataLoader worker", "scope": scope}
    if (m := _STEP_OOM.search(line)) is not None:
        return "host_oom_kill", {"pid": "", "process": m["step"], "scope": "cgroup"}
    if (m := _OOM.search(line)) is None:
        return None
    detail = {"pid": m["pid"] or "", "process": m["name"] or m["who"] or ""}
    detail["scope"] = "cgroup" if "cgroup" in line else "host"
    return "host_oom_kill", detail


def classify(line: str) -> Found | None:
    """(kind, detail) of a GPU-stack error line, or None."""
    for rule in (_nvml, _smi, slurm_lines.classify, _kubernetes, _dcgm_health, _oom):
        found = rule(line)
        if found is not None:
            return found
    return None


def _nvml(line: str) -> Found | None:
    if (m := _NVML_INIT.search(line)) is not None:
        why = next((k for rx, k in _NVML_WHY if rx.search(m["why"])), "nvml_other_error")
        return "gpu_runtime_failed", {"runtime_error": why, "message": m["why"].strip()[:80]}
    if _SMI_NO_DRIVER.search(line) is not None or _lsmod_empty(line):
        return "gpu_runtime_failed", {"runtime_error": "driver_not_loaded"}
    if _NVML_LIB_MISSING.search(line) is not None:
        return "gpu_runtime_failed", {"runtime_error": "nvml_library_missing"}
    return None


def _lsmod_empty(line: str) -> bool:
    """A writer's result of ``lsmod | grep nvidia`` that found no module: not in advice, a
    condition or a question (telemetry.hedges, as the statement readers read theirs)."""
    return _LSMOD_HEDGES.any_said(_LSMOD_EMPTY.finditer(line), line)


def _smi(line: str) -> Found | None:
    if (m := _SMI_LOST.search(line)) is not None:
        index = {"smi_gpu": m["index"]} if m["index"] else {}
        return "smi_gpu_lost", {
            "pci": (m["pci"] or m["pci2"] or "").lower(),
            "why": (m["why"] or "GPU is lost").strip()[:80],
            **index,
        }
    if _NVML_LOST.search(line) is not None:
        uuid = _UUID.search(line)
        return "smi_gpu_lost", {
            "pci": "",
            "uuid": uuid["uuid"] if uuid else "",
            "why": "GPU is lost",
        }
    if _SMI_NONE.search(line) is not None:
        return "smi_no_devices", {}
    if (m := _SMI_ECC_SAID.search(line)) is not None:
        gpu = _SMI_GPU_NAMED.search(line[: m.start()])
        named = {"smi_gpu": gpu["gpu"]} if gpu is not None else {}
        return "smi_uncorrectable_ecc", {"ecc": m["before"] or m["after"], **named}
    if (m := _SMI_LINK_INACTIVE.search(line)) is not None:
        return "smi_nvlink_inactive", {"link": m["link"]}
    if _SMI_ALL_INACTIVE.search(line) is not None:
        return "smi_nvlink_inactive", {"link": "all"}
    return None


def _kubernetes(line: str) -> Found | None:
    if (m := _POD_ROW.search(line)) is not None and gpu_stack_pod(m["pod"]):
        status = m["status"]
        if _POD_FAILING.search(status) is not None:
            pod = f"{m['ns']}/{m['pod']}" if m["ns"] else m["pod"]
            return "gpu_pod_crashloop", {"pod": pod, "status": status, "restarts": m["restarts"]}
    if _ADMISSION.search(line) is not None:
        return "device_plugin_admission_error", {"message": line.strip()[:160]}
    if _UNTOLERATED.search(line) is not None:
        return "k8s_gpu_taint_untolerated", {"message": line.strip()[:160]}
    if _INSUFFICIENT.search(line) is not None:
        return "insufficient_gpu", {}
    return None


# the DCGM health systems with a kind of their own; the others are dcgm_health_other
HEALTH_SYSTEMS = ("thermal", "nvlink", "pcie", "memory")


def _dcgm_health(line: str) -> Found | None:
    if (m := _HEALTH_NVLINK.search(line)) is not None:
        detail = {"system": "nvlink", "level": "warning", "gpu": m["gpu"], "link": m["link"]}
        return "dcgm_health_nvlink", {**detail, "smi_gpu": m["gpu"]}
    if (m := _HEALTH_SYSTEM.search(line)) is not None:
        system = m["system"].lower()
        kind = f"dcgm_health_{system}" if system in HEALTH_SYSTEMS else "dcgm_health_other"
        detail = {"system": system, "level": m["level"].lower()}
        if (g := _HEALTH_GPU.search(line, m.end())) is not None:
            detail["gpu"] = detail["smi_gpu"] = g["gpu"] or g["own"]
        return kind, detail
    return None
