"""The comparison baseline: the static alert rules of a standard dcgm-exporter + Prometheus setup.

What most GPU fleets run before anything smarter: fixed thresholds on dcgm-exporter series,
evaluated every 30 s (kube-prometheus-stack's evaluation interval), with ``for:`` durations. They
are replayed by a real vmalert over a real VictoriaMetrics loaded with the incident's metrics
(``evals.vm_server``), so the baseline's detection times and false positives are what such a
setup would really have produced, not a re-implementation of PromQL.

Choices, kept faithful to common community rules rather than improved:

- **Clock throttling** alerts on the raw bitmask being non-zero for 2 m, as the widely copied
  rules do (``DCGM_FI_DEV_CLOCK_THROTTLE_REASONS > 0``). The selector accepts both the old name
  and DCGM ≥ 3.1's ``DCGM_FI_DEV_CLOCKS_EVENT_REASONS`` (only one exists in a given store). The
  mask includes GPU_IDLE (0x1) and SW_POWER_CAP (0x4), which are normal operation, so every idle
  GPU and every training GPU riding its power cap fires it: that noise is the point of the
  comparison, and it is what such a setup pages on.
- **DBE** is ``increase(...DBE_VOL_TOTAL[5m]) > 0`` with no ``for:`` (page at once); PCIe replays
  and NVLink errors likewise with ``increase(...[5m]) > 0``.
- **Xid** is ``DCGM_FI_DEV_XID_ERRORS > 0``: the field is the *last* Xid and sticky, so the alert
  stays on for the rest of the window once any Xid (also the application's Xid 13/31/43) occurs.
- **Low utilization** (< 30 % for 30 m) and **framebuffer nearly full** (used/(used+free) > 90 %
  for 10 m) are the usual efficiency alerts; free and notebook GPUs fire the first.
- ECC, NVLink-error and throttle-reason fields are commented out in dcgm-exporter's shipped
  default-counters.csv: these rules assume the operator enabled them, as fleets that alert on
  them do. On a stock CSV those rules have no data and never fire.
- **GPU missing** (``up == 0`` / absent series) is not modelled: an exported incident window has
  no scrape-health series (``up``) and ``absent()`` needs per-GPU expected label sets, so a GPU
  that falls off the bus is only caught here by its Xid.

In replay a ``for:`` duration counts from the start of the replay window (vmalert has no state
from before it), so windows should start some minutes before the onset of interest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpufleet.evals.vm_server import ServerUnavailable, VictoriaMetrics, run_vmalert_replay, which

__all__ = [
    "RULE_GROUP",
    "STATIC_RULES_YAML",
    "ServerUnavailable",
    "StaticAlert",
    "alerts_from_export",
    "static_rules_alerts",
]

RULE_GROUP = "dcgm-exporter-static"

STATIC_RULES_YAML = """\
groups:
  - name: dcgm-exporter-static
    interval: 30s
    rules:
      - alert: GPUTemperatureHigh
        expr: DCGM_FI_DEV_GPU_TEMP > 85
        for: 5m
        labels:
          severity: warning
        annotations:
          summary: "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} is hot"
          description: "GPU temperature {{ $value }} C has been above 85 C for 5 minutes."

      - alert: GPUDoubleBitECCError
        expr: increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[5m]) > 0
        labels:
          severity: critical
        annotations:
          summary: "Uncorrectable ECC error on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}"
          description: "{{ $value }} double-bit ECC error(s) in the last 5 minutes."

      - alert: GPUXidError
        expr: DCGM_FI_DEV_XID_ERRORS > 0
        labels:
          severity: critical
        annotations:
          summary: "Xid {{ $value }} on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}"
          description: "The driver reported Xid {{ $value }}; see NVIDIA's Xid catalog."

      - alert: GPUClockThrottled
        expr: >-
          {__name__=~"DCGM_FI_DEV_CLOCK_THROTTLE_REASONS|DCGM_FI_DEV_CLOCKS_EVENT_REASONS"} > 0
        for: 2m
        labels:
          severity: warning
        annotations:
          summary: "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} is throttling"
          description: "Clock throttle reasons bitmask is {{ $value }} for 2 minutes."

      - alert: GPULowUtilization
        expr: DCGM_FI_DEV_GPU_UTIL < 30
        for: 30m
        labels:
          severity: warning
        annotations:
          summary: "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} is underutilized"
          description: "GPU utilization {{ $value }} % has been below 30 % for 30 minutes."

      - alert: GPUFramebufferNearlyFull
        expr: DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) > 0.9
        for: 10m
        labels:
          severity: warning
        annotations:
          summary: "GPU {{ $labels.gpu }} on {{ $labels.Hostname }} memory nearly full"
          description: "Framebuffer {{ $value | humanizePercentage }} used for 10 minutes."

      - alert: GPURowRemapFailure
        expr: DCGM_FI_DEV_ROW_REMAP_FAILURE == 1
        labels:
          severity: critical
        annotations:
          summary: "Row remapping failed on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}"
          description: "No spare rows left: the GPU needs an RMA."

      - alert: GPUPCIeReplays
        expr: increase(DCGM_FI_DEV_PCIE_REPLAY_COUNTER[5m]) > 0
        labels:
          severity: warning
        annotations:
          summary: "PCIe replays on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}"
          description: "{{ $value }} PCIe replay(s) in the last 5 minutes."

      - alert: GPUNVLinkErrors
        expr: >-
          increase(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) > 0
          or increase(DCGM_FI_DEV_NVLINK_CRC_DATA_ERROR_COUNT_TOTAL[5m]) > 0
          or increase(DCGM_FI_DEV_NVLINK_REPLAY_ERROR_COUNT_TOTAL[5m]) > 0
          or increase(DCGM_FI_DEV_NVLINK_RECOVERY_ERROR_COUNT_TOTAL[5m]) > 0
        labels:
          severity: warning
        annotations:
          summary: "NVLink errors on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}"
          description: "NVLink CRC/replay/recovery errors increased in the last 5 minutes."
"""

# Labels vmalert adds to ALERTS series that are not part of an alert's identity here.
_META_LABELS = frozenset({"__name__", "alertname", "alertstate", "alertgroup", "severity"})


@dataclass(frozen=True)
class StaticAlert:
    """One alert (rule × label set) that fired during the replay."""

    alertname: str
    severity: str
    labels: dict[str, str]  # source labels: Hostname, gpu, UUID, ... (hpc_job when present)
    first_firing_ts: float  # seconds: first evaluation at which it was firing
    last_ts: float  # seconds: last evaluation at which it was firing
    active_since: float | None = None  # when it went pending (ALERTS_FOR_STATE), if known
    firing_evaluations: int = 0

    @property
    def hostname(self) -> str | None:
        return self.labels.get("Hostname")

    @property
    def gpu(self) -> str | None:
        return self.labels.get("gpu")


def _identity(metric: dict[str, str]) -> tuple[str, tuple[tuple[str, str], ...]]:
    labels = tuple(sorted((k, v) for k, v in metric.items() if k not in _META_LABELS))
    return metric.get("alertname", ""), labels


def alerts_from_export(series: Sequence[dict[str, Any]]) -> list[StaticAlert]:
    """Turn exported ALERTS / ALERTS_FOR_STATE series into one StaticAlert per firing alert.

    Sorted by first firing time, then alert name, host and GPU index."""
    firing: dict[tuple[str, tuple[tuple[str, str], ...]], list[int]] = {}
    severity: dict[tuple[str, tuple[tuple[str, str], ...]], str] = {}
    active: dict[tuple[str, tuple[tuple[str, str], ...]], float] = {}
    for s in series:
        metric = {str(k): str(v) for k, v in s.get("metric", {}).items()}
        key = _identity(metric)
        name = metric.get("__name__")
        if name == "ALERTS" and metric.get("alertstate") == "firing":
            firing.setdefault(key, []).extend(int(t) for t in s.get("timestamps", []))
            severity[key] = metric.get("severity", "")
        elif name == "ALERTS_FOR_STATE":
            vals = [float(v) for v in s.get("values", [])]
            if vals:
                active[key] = min(*vals, active.get(key, float("inf")))
    out = [
        StaticAlert(
            alertname=key[0],
            severity=severity[key],
            labels=dict(key[1]),
            first_firing_ts=min(ts) / 1000.0,
            last_ts=max(ts) / 1000.0,
            active_since=active.get(key),
            firing_evaluations=len(set(ts)),
        )
        for key, ts in firing.items()
        if ts
    ]

    def order(a: StaticAlert) -> tuple[float, str, str, int]:
        g = a.labels.get("gpu", "")
        return (a.first_firing_ts, a.alertname, a.labels.get("Hostname", ""), int(g or -1))

    return sorted(out, key=order)


def static_rules_alerts(
    metrics_jsonl: Path | Sequence[Path],
    start: float,
    end: float,
    *,
    rules_yaml: str = STATIC_RULES_YAML,
    timeout_s: float = 300.0,
    vm_binary: str = "victoria-metrics",
    vmalert_binary: str = "vmalert",
) -> list[StaticAlert]:
    """Replay the static rules over [start, end] (seconds) of exported metrics; what fired.

    Loads the JSON-lines file(s) into a fresh VictoriaMetrics on 127.0.0.1, flushes, replays the
    rules with vmalert, and returns one :class:`StaticAlert` per (alertname, label set) that
    reached ``firing``. Raises ServerUnavailable when the binaries are missing."""
    which(vm_binary)
    which(vmalert_binary)
    paths = [metrics_jsonl] if isinstance(metrics_jsonl, Path) else list(metrics_jsonl)
    with VictoriaMetrics(binary=vm_binary) as vm:
        for p in paths:
            vm.import_jsonl(Path(p))
        vm.force_flush()
        exported = run_vmalert_replay(
            vm, rules_yaml, start, end, binary=vmalert_binary, timeout_s=timeout_s
        )
    return alerts_from_export(exported)
