"""``gpufleet export rules`` and ``gpufleet export grafana``: what to load into the monitoring
an operator already runs.

**Rules.** The NOC's static checks (:class:`agents.noc.config.Thresholds`, the defaults
unless a NOC config is given) as Prometheus / vmalert alerting rules over dcgm-exporter
series. Each carries a ``family`` label and a ``severity``, so when Alertmanager sends them to
gpufleet's webhook they land in the right family (and deduplicate against the NOC's own
incident when gpufleet is watching the same GPUs). They cannot do what the NOC adds on top:
load-corrected temperature trends, baselines, correlation into one incident per root cause.

**Dashboards.** Two Grafana dashboards (JSON, a ``DS_PROMETHEUS`` data-source variable):
``fleet`` over dcgm-exporter series, ``gpufleet`` over the service's own ``/metrics``.
"""

from __future__ import annotations

from typing import Any

import yaml

from gpufleet.agents.noc.config import NocConfig

RULE_GROUP = "gpufleet-dcgm-static"


def _rule(
    name: str, expr: str, for_s: float, severity: str, family: str, summary: str, **labels: str
) -> dict[str, Any]:
    rule: dict[str, Any] = {"alert": name, "expr": expr}
    if for_s > 0:
        rule["for"] = f"{int(for_s)}s"
    rule["labels"] = {"severity": severity, "family": family, **labels}
    rule["annotations"] = {
        "summary": summary + " on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}",
        "value": "{{ $value }}",
        "source": "gpufleet export rules (the NOC's static checks)",
    }
    return rule


def _bit(mask: int) -> str:
    # PromQL has no bitwise operators: bit b of the reasons mask is floor(x / b) % 2.
    return (
        f"floor(DCGM_FI_DEV_CLOCKS_EVENT_REASONS / {mask}) % 2 == 1 "
        f"or floor(DCGM_FI_DEV_CLOCK_THROTTLE_REASONS / {mask}) % 2 == 1"
    )


def alert_rules(cfg: NocConfig | None = None) -> dict[str, Any]:
    """The rule file as a mapping (``groups:``)."""
    t = (cfg or NocConfig()).thresholds
    fb = "DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) * 100"
    rules = [
        _rule(
            "GpufleetGpuTemperatureWarning",
            f"DCGM_FI_DEV_GPU_TEMP > {t.gpu_temp_warning_c:g}",
            t.temp_for_s,
            "warning",
            "thermal",
            "GPU temperature high",
        ),
        _rule(
            "GpufleetGpuTemperatureCritical",
            f"DCGM_FI_DEV_GPU_TEMP > {t.gpu_temp_critical_c:g}",
            t.temp_for_s,
            "critical",
            "thermal",
            "GPU temperature critical",
        ),
        _rule(
            "GpufleetHbmTemperatureWarning",
            f"DCGM_FI_DEV_MEMORY_TEMP > {t.memory_temp_warning_c:g}",
            t.temp_for_s,
            "warning",
            "thermal",
            "HBM temperature high",
        ),
        _rule(
            "GpufleetHbmTemperatureCritical",
            f"DCGM_FI_DEV_MEMORY_TEMP > {t.memory_temp_critical_c:g}",
            t.temp_for_s,
            "critical",
            "thermal",
            "HBM temperature critical",
        ),
        _rule(
            "GpufleetEccSbeStorm",
            f"increase(DCGM_FI_DEV_ECC_SBE_VOL_TOTAL[1h]) > {t.sbe_per_hour:g}",
            0,
            "warning",
            "memory",
            "Correctable ECC errors above the hourly rate",
        ),
        _rule(
            "GpufleetEccDbe",
            "increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[5m]) > 0",
            0,
            "critical",
            "memory",
            "Uncorrectable (double-bit) ECC error",
        ),
        _rule(
            "GpufleetRowRemapFailure",
            "DCGM_FI_DEV_ROW_REMAP_FAILURE == 1",
            0,
            "critical",
            "memory",
            "Row remapping failed",
        ),
        _rule(
            "GpufleetXid",
            "DCGM_FI_DEV_XID_ERRORS > 0",
            0,
            "warning",
            "device",
            "Xid {{ $value }} reported",
            xid="{{ $value }}",
        ),
        _rule(
            "GpufleetFramebufferNearlyFull",
            f"{fb} > {t.fb_used_pct:g}",
            t.fb_for_s,
            "warning",
            "utilization",
            "Framebuffer nearly full",
        ),
        _rule(
            "GpufleetPcieReplays",
            f"rate(DCGM_FI_DEV_PCIE_REPLAY_COUNTER[5m]) * 60 > {t.pcie_replays_per_min:g}",
            0,
            "warning",
            "interconnect",
            "PCIe replays above the per-minute rate",
        ),
        _rule(
            "GpufleetNvlinkErrors",
            "rate(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) * 60 > "
            f"{t.nvlink_errors_per_min:g}",
            0,
            "warning",
            "interconnect",
            "NVLink CRC errors above the per-minute rate",
        ),
        _rule(
            "GpufleetPowerBrake",
            _bit(0x80),
            t.power_brake_for_s,
            "critical",
            "power",
            "Hardware power brake asserted",
        ),
        _rule(
            "GpufleetHwSlowdown",
            _bit(0x8),
            t.throttle_for_s,
            "warning",
            "thermal",
            "Hardware slowdown asserted",
        ),
        _rule(
            "GpufleetThermalThrottle",
            f"{_bit(0x40)} or {_bit(0x20)}",
            t.throttle_for_s,
            "warning",
            "thermal",
            "Thermal clock throttling",
        ),
    ]
    return {"groups": [{"name": RULE_GROUP, "interval": "30s", "rules": rules}]}


def alert_rules_yaml(cfg: NocConfig | None = None) -> str:
    header = (
        "# gpufleet export rules: the NOC's static DCGM checks as Prometheus/vmalert rules.\n"
        "# Route them to gpufleet's webhook (POST /api/v1/alerts/alertmanager).\n"
    )
    return header + yaml.safe_dump(alert_rules(cfg), sort_keys=False, width=100)


# --------------------------------------------------------------------------- Grafana
_DS = {"type": "prometheus", "uid": "${DS_PROMETHEUS}"}


def _panel(
    pid: int, title: str, exprs: list[tuple[str, str]], unit: str, x: int, y: int
) -> dict[str, Any]:
    return {
        "id": pid,
        "type": "timeseries",
        "title": title,
        "datasource": _DS,
        "gridPos": {"h": 8, "w": 12, "x": x, "y": y},
        "fieldConfig": {"defaults": {"unit": unit}, "overrides": []},
        "targets": [
            {"refId": chr(ord("A") + i), "expr": expr, "legendFormat": legend, "datasource": _DS}
            for i, (expr, legend) in enumerate(exprs)
        ],
    }


def _board(
    uid: str, title: str, panels: list[tuple[str, list[tuple[str, str]], str]]
) -> dict[str, Any]:
    return {
        "uid": uid,
        "title": title,
        "tags": ["gpufleet"],
        "schemaVersion": 39,
        "version": 1,
        "editable": True,
        "time": {"from": "now-6h", "to": "now"},
        "refresh": "30s",
        "templating": {
            "list": [
                {
                    "name": "DS_PROMETHEUS",
                    "type": "datasource",
                    "query": "prometheus",
                    "label": "Prometheus / VictoriaMetrics",
                }
            ]
        },
        "panels": [
            _panel(i + 1, t, exprs, unit, 12 * (i % 2), 8 * (i // 2))
            for i, (t, exprs, unit) in enumerate(panels)
        ],
    }


def fleet_dashboard() -> dict[str, Any]:
    by_host = "max by (Hostname) "
    return _board(
        "gpufleet-fleet",
        "GPU fleet (dcgm-exporter)",
        [
            (
                "Hottest GPU per node",
                [(by_host + "(DCGM_FI_DEV_GPU_TEMP)", "{{Hostname}}")],
                "celsius",
            ),
            (
                "Hottest HBM per node",
                [(by_host + "(DCGM_FI_DEV_MEMORY_TEMP)", "{{Hostname}}")],
                "celsius",
            ),
            ("GPU utilization (fleet mean)", [("avg(DCGM_FI_DEV_GPU_UTIL)", "mean")], "percent"),
            (
                "Power draw per node",
                [("sum by (Hostname) (DCGM_FI_DEV_POWER_USAGE)", "{{Hostname}}")],
                "watt",
            ),
            (
                "ECC errors per hour",
                [
                    (
                        "sum by (Hostname) (increase(DCGM_FI_DEV_ECC_SBE_VOL_TOTAL[1h]))",
                        "SBE {{Hostname}}",
                    ),
                    (
                        "sum by (Hostname) (increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[1h]))",
                        "DBE {{Hostname}}",
                    ),
                ],
                "short",
            ),
            (
                "Last Xid per GPU",
                [("DCGM_FI_DEV_XID_ERRORS > 0", "{{Hostname}} gpu{{gpu}}")],
                "short",
            ),
            (
                "PCIe replays per minute",
                [
                    (
                        "sum by (Hostname) (rate(DCGM_FI_DEV_PCIE_REPLAY_COUNTER[5m]) * 60)",
                        "{{Hostname}}",
                    )
                ],
                "short",
            ),
            (
                "NVLink CRC errors per minute",
                [
                    (
                        "sum by (Hostname) "
                        "(rate(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) * 60)",
                        "{{Hostname}}",
                    )
                ],
                "short",
            ),
            (
                "Framebuffer used",
                [
                    (
                        "max by (Hostname) (DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + "
                        "DCGM_FI_DEV_FB_FREE) * 100)",
                        "{{Hostname}}",
                    )
                ],
                "percent",
            ),
            (
                "SM clock (fleet min / mean)",
                [("min(DCGM_FI_DEV_SM_CLOCK)", "min"), ("avg(DCGM_FI_DEV_SM_CLOCK)", "mean")],
                "hertz",
            ),
        ],
    )


def _quantile(q: float, histogram: str, window: str) -> str:
    return f"histogram_quantile({q}, sum by (le) (rate({histogram}_bucket[{window}])))"


def gpufleet_dashboard() -> dict[str, Any]:
    return _board(
        "gpufleet-service",
        "gpufleet service",
        [
            (
                "Samples ingested per second",
                [("rate(gpufleet_samples_ingested_total[5m])", "samples/s")],
                "short",
            ),
            (
                "Anomalies and incidents opened per hour",
                [
                    ("increase(gpufleet_anomalies_total[1h])", "anomalies"),
                    (
                        "sum by (source) (increase(gpufleet_incidents_opened_total[1h]))",
                        "{{source}}",
                    ),
                ],
                "short",
            ),
            ("Incidents by phase", [("gpufleet_incidents", "{{phase}}")], "short"),
            ("Approvals", [("gpufleet_approvals", "{{status}}")], "short"),
            (
                "Diagnosis latency p50 / p99",
                [
                    (
                        _quantile(0.5, "gpufleet_diagnosis_latency_seconds", "15m"),
                        "p50",
                    ),
                    (
                        _quantile(0.99, "gpufleet_diagnosis_latency_seconds", "15m"),
                        "p99",
                    ),
                ],
                "s",
            ),
            (
                "Detection latency p90",
                [
                    (
                        _quantile(0.9, "gpufleet_detection_latency_seconds", "1h"),
                        "p90",
                    )
                ],
                "s",
            ),
            (
                "Alertmanager webhook",
                [
                    ("rate(gpufleet_alerts_received_total[5m])", "alerts/s"),
                    (
                        "sum by (reason) (rate(gpufleet_alerts_rejected_total[5m]))",
                        "rejected {{reason}}",
                    ),
                    ("rate(gpufleet_alerts_acked_total[5m])", "payloads acked/s"),
                ],
                "short",
            ),
            (
                "Webhook acknowledgement p99",
                [(_quantile(0.99, "gpufleet_alert_ack_seconds", "5m"), "p99")],
                "s",
            ),
            (
                "Tool executions by status",
                [
                    (
                        "sum by (tool, status) (increase(gpufleet_tool_executions_total[1h]))",
                        "{{tool}} {{status}}",
                    )
                ],
                "short",
            ),
            (
                "Bus lag per subscriber",
                [
                    ("gpufleet_bus_lag_events", "{{subscriber}}"),
                    ("gpufleet_intake_journal_pending", "intake journal"),
                ],
                "short",
            ),
            (
                "Model calls",
                [
                    (
                        _quantile(0.9, "gpufleet_model_call_seconds", "1h"),
                        "p90 s",
                    ),
                    ("increase(gpufleet_model_errors_total[1h])", "fallbacks/h"),
                ],
                "short",
            ),
        ],
    )


def grafana_dashboards() -> dict[str, dict[str, Any]]:
    return {"fleet": fleet_dashboard(), "gpufleet": gpufleet_dashboard()}
