"""Fault reports (:mod:`telemetry.report_signals`) → anomalies, on the GPU a report names, else
its node.

One anomaly per (entity, symptom, report file) per :data:`~agents.noc.log_rules.WINDOW_S`,
again only when more severe, as for job signals. The incident manager then does what it does
for every anomaly: it joins the open incident of the same entity and family (a ``dcgmi diag`` memory
failure on the GPU whose DBE the NOC already paged for) or opens one. The message names the
report and its line, so each incident says which file told it what.
"""

from __future__ import annotations

from gpufleet.bus.events import REPORT_SOURCE, Anomaly, Family, Layer, Severity
from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.report_signals import BUSBW_FLOOR
from gpufleet.telemetry.unread_text import MAX_QUOTE
from gpufleet.telemetry.unread_text import SIGNAL as UNREAD_SIGNAL

# signal → (symptom, family, severity, layer, words for the operator)
REPORT_RULES: dict[str, tuple[str, Family, Severity, Layer, str]] = {
    "dcgm_diag_fail": (
        "dcgm_diag_failed",
        Family.DEVICE,
        Severity.CRITICAL,
        "hardware",
        "dcgmi diag: a test failed",
    ),
    "dcgm_diag_warn": (
        "dcgm_diag_warning",
        Family.DEVICE,
        Severity.WARNING,
        "hardware",
        "dcgmi diag: a test warned",
    ),
    "row_remap_pending": (
        "row_remap_pending",
        Family.MEMORY,
        Severity.WARNING,
        "hardware",
        "row remapping pending after an uncorrectable memory error: the GPU needs a reset",
    ),
    "retired_pages_pending": (
        "retired_pages_pending",
        Family.MEMORY,
        Severity.WARNING,
        "hardware",
        "page retirement pending after a memory error: the GPU needs a reset",
    ),
    "row_remap_failure": (
        "row_remap_failure",
        Family.MEMORY,
        Severity.CRITICAL,
        "hardware",
        "row remapping failed (no spare rows): the GPU must be replaced",
    ),
    "uncorrectable_ecc": (
        "uncorrectable_ecc",
        Family.MEMORY,
        Severity.CRITICAL,
        "hardware",
        "volatile uncorrectable ECC errors",
    ),
    "thermal_limit": (
        "thermal_slowdown",
        Family.THERMAL,
        Severity.WARNING,
        "hardware",
        "nvidia-smi shows the GPU at its max operating temperature or in thermal slowdown",
    ),
    "power_brake": (
        "power_brake",
        Family.POWER,
        Severity.WARNING,
        "hardware",
        "nvidia-smi shows HW Power Brake Slowdown active: the system's power supply holds the "
        "GPU's clocks down",
    ),
    "hw_slowdown": (
        "hw_slowdown",
        Family.POWER,
        Severity.WARNING,
        "hardware",
        "nvidia-smi shows HW Slowdown active with no thermal reason: the board cuts the GPU's "
        "clocks",
    ),
    "gpu_reset_required": (
        "gpu_reset_required",
        Family.DEVICE,
        Severity.CRITICAL,
        "hardware",
        "nvidia-smi says the GPU must be reset",
    ),
    "nhc_gpu_check_failed": (
        "nhc_gpu_check_failed",
        Family.DEVICE,
        Severity.CRITICAL,
        "hardware",
        "a node health check of the GPUs failed (NHC offlines the node)",
    ),
    "nhc_check_failed": (
        "nhc_check_failed",
        Family.HOST,
        Severity.WARNING,
        "os",
        "a node health check failed (NHC offlines the node)",
    ),
    "gpu_pod_crashloop": (
        "gpu_stack_pod_crashloop",
        Family.DEVICE,
        Severity.WARNING,
        "driver",
        "a GPU Operator / device-plugin pod is in CrashLoopBackOff: the node's GPU stack "
        "(driver, toolkit, plugin) is not working",
    ),
    "device_plugin_admission_error": (
        "device_plugin_admission_error",
        Family.DEVICE,
        Severity.CRITICAL,
        "driver",
        "a pod was refused with UnexpectedAdmissionError: the device plugin advertises GPUs it "
        "cannot allocate (a GPU went unhealthy or vanished)",
    ),
    "fabric_manager_failed": (
        "fabric_manager_failed",
        Family.INTERCONNECT,
        Severity.CRITICAL,
        "driver",
        "Fabric Manager is not serving the node's NVSwitch fabric (failed start, version "
        "mismatch with the driver, or NVLink training failed): CUDA cannot start there",
    ),
    "nccl_busbw_low": (
        "nccl_busbw_low",
        Family.INTERCONNECT,
        Severity.WARNING,
        "hardware",
        "nccl-tests bus bandwidth far below what the GPUs' NVLink gives",
    ),
    "nccl_wrong_results": (
        "nccl_wrong_results",
        Family.DEVICE,
        Severity.CRITICAL,
        "hardware",
        "nccl-tests found wrong results (#wrong > 0): data corrupted between GPUs",
    ),
    # telemetry.unread_text: a file whose GPU lines no rule reads says something failed; the
    # diagnosis ranks failure modes by the quoted text (knowledge-base retrieval)
    UNREAD_SIGNAL: (
        UNREAD_SIGNAL,  # the symptom is the signal's name
        Family.DEVICE,
        Severity.WARNING,
        "driver",
        "a report whose GPU lines no rule reads says something failed",
    ),
}
_AREA_FAMILY = {
    "memory": Family.MEMORY,
    "interconnect": Family.INTERCONNECT,
    "thermal": Family.THERMAL,
    "power": Family.POWER,
    "device": Family.DEVICE,
}
#: What an unread report is when it is a person's and says in no failure word what is wrong: it
#: is quoted by its title, questions and first-person lines (telemetry.unread_text.person_lines)
UNSTATED = "a person's report whose lines say in no failure word what is wrong"
REPORT_ANOMALY_RULES = frozenset(f"report.{symptom}" for symptom, *_ in REPORT_RULES.values())
UNREAD_RULE = f"report.{REPORT_RULES[UNREAD_SIGNAL][0]}"


def report_source(e: LogEvent) -> str:
    """How an incident names the report among its sources: ``report:<parser> <file>:<line>``."""
    return f"{REPORT_SOURCE}{_provenance(e)}"


def report_anomaly(
    e: LogEvent, emitted: dict[tuple[str, str], tuple[float, Severity]], window_s: float
) -> Anomaly | None:
    """The anomaly of one ``report_signature`` event, or None (unknown signal, or the same
    symptom on the same entity within ``window_s`` and no more severe)."""
    found = REPORT_RULES.get(e.attrs.get("signal", ""))
    if found is None:
        return None
    symptom, family, severity, layer, what = found
    if symptom == UNREAD_SIGNAL and e.attrs.get("complaint") == "unstated":
        what = UNSTATED  # telemetry.unread_text.person_lines: no line says what failed
    family = _AREA_FAMILY.get(e.attrs.get("area", ""), family)
    entity = e.gpu or e.node
    # per report file: a second tool saying the same (nvidia-smi -q after dcgmi diag) is a
    # second source for the incident, a file read again is not
    key = (entity, f"{symptom} {e.attrs.get('origin', '')}")
    prev = emitted.get(key)
    if prev is not None and e.timestamp - prev[0] < window_s and severity <= prev[1]:
        return None
    emitted[key] = (e.timestamp, severity)
    return Anomaly.make(
        time=e.timestamp,
        rule=f"report.{symptom}",
        symptom=symptom,
        family=family,
        severity=severity,
        entity=entity,
        entity_kind="gpu" if e.gpu else "node",
        layer=layer,
        job=e.job_id or None,
        message=f"{entity}: {what}{_specifics(e)}. Reported by {_provenance(e)}: "
        f"{e.message[: MAX_QUOTE if symptom == UNREAD_SIGNAL else 160]!r}",
    )


def _specifics(e: LogEvent) -> str:
    a = e.attrs
    if "busbw" in a:
        floor = f"{BUSBW_FLOOR:.0%}"
        return f" ({a['busbw']} GB/s, under {floor} of the {a['expected']} GB/s of {a['sku']})"
    if a.get("test"):
        return f" ({a['test']})"
    if a.get("check"):
        return f" ({a['check']})"
    if a.get("pod"):
        return f" (pod {a['pod']})"
    return ""


def _provenance(e: LogEvent) -> str:
    line = e.attrs.get("line", "0")
    where = e.attrs.get("origin", "?") + (f":{line}" if line not in ("", "0") else "")
    return f"{e.attrs.get('source', 'a report')} {where}"
