"""``gpufleet export rules`` and ``gpufleet export grafana``: what to load into the monitoring
an operator already runs.

**Rules.** The NOC's static checks (:class:`agents.noc.config.Thresholds`, the defaults
unless a NOC config is given) as Prometheus / vmalert alerting rules over dcgm-exporter
series. Each carries a ``family`` label and a ``severity``, so when Alertmanager sends them to
gpufleet's webhook they land in the right family (and deduplicate against the NOC's own
incident when gpufleet is watching the same GPUs). They cannot do what the NOC adds on top:
load-corrected temperature trends, baselines, correlation into one incident per root cause.
Only rules over fields the exporter serves are written (stock dcgm-exporter's default counters,
or the ``--counters`` file given); the others are named in a header comment with the counters
file rows that would enable them, since a rule over an absent series never fires, silently. The
Xid rule skips the codes the Xid catalog calls benign and fires on a new Xid, not on the last
one the exporter's gauge holds forever.

**Dashboards.** Two Grafana dashboards (JSON, a ``DS_PROMETHEUS`` data-source variable):
``fleet`` over dcgm-exporter series, with host, GPU and job variables (``label_values``
queries) that narrow every panel; ``gpufleet`` over the service's own ``/metrics``, with a
replica (``instance``) variable.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from gpufleet.agents.noc.config import NocConfig
from gpufleet.knowledge.xid import catalog, classify
from gpufleet.telemetry.fields import ALL_FIELDS, FIELD_ALIASES, FieldKind

RULE_GROUP = "gpufleet-dcgm-static"

#: The fields a stock dcgm-exporter serves: the uncommented rows of its shipped
#: ``etc/default-counters.csv`` (the field registry's ``exporter_default``). A rule over any
#: other field never fires there, silently, so it is left out unless a counters file says so.
STOCK_COUNTERS: frozenset[str] = frozenset(
    name for name, spec in ALL_FIELDS.items() if spec.exporter_default
)


class CountersFileError(ValueError):
    """A ``--counters`` file that names no field."""


def parse_counters(text: str) -> frozenset[str]:
    """The fields a dcgm-exporter counters file (``-f``, CSV: field, type, help) exports.

    ``#`` lines are comments in that format; the first column is the field name.
    """
    names = {
        line.split(",", 1)[0].strip()
        for line in text.splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    }
    names.discard("")
    if not names:
        raise CountersFileError("no field rows (expected 'DCGM_FI_..., gauge|counter, help')")
    # Either spelling of a renamed field serves the rules written against the other.
    return frozenset(names | {FIELD_ALIASES[n] for n in names if n in FIELD_ALIASES})


# dcgm-exporter's own rows (its etc/*.csv, commented out in default-counters.csv) for the
# fields the rules need beyond the stock set; other fields get the registry's help.
_EXPORTER_ROWS = {
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": "counter, Total number of single-bit volatile ECC errors.",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": "counter, Total number of double-bit volatile ECC errors.",
    "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL": "counter, Total number of NVLink "
    "flow-control CRC errors.",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS": "gauge, Current clock event reasons (bitmask).",
}


def counters_line(name: str) -> str:
    """The row to add to dcgm-exporter's counters file so that it exports ``name``."""
    if name in _EXPORTER_ROWS:
        return f"{name}, {_EXPORTER_ROWS[name]}"
    spec = ALL_FIELDS[name]
    kind = "counter" if spec.kind is FieldKind.COUNTER else "gauge"
    # The file is CSV: a comma in the help text would make a fourth column.
    return f"{name}, {kind}, {spec.help.replace(',', ';')}"


@dataclass(frozen=True)
class _Check:
    rule: dict[str, Any]
    # Each entry: alternative spellings of one field, one of which must be exported.
    needs: tuple[tuple[str, ...], ...]

    def missing(self, served: Collection[str]) -> list[str]:
        return [alts[0] for alts in self.needs if not any(a in served for a in alts)]


def _rule(
    name: str, expr: str, for_s: float, severity: str, family: str, summary: str
) -> dict[str, Any]:
    rule: dict[str, Any] = {"alert": name, "expr": expr}
    if for_s > 0:
        rule["for"] = f"{int(for_s)}s"
    # Labels are the alert's identity: a value in them would make every new sample a new
    # alert (and never resolve the old one), so the value goes in the annotations only.
    rule["labels"] = {"severity": severity, "family": family}
    rule["annotations"] = {
        "summary": summary + " on GPU {{ $labels.gpu }} of {{ $labels.Hostname }}",
        "value": "{{ $value }}",
        "source": "gpufleet export rules (the NOC's static checks)",
    }
    return rule


def _check(rule: dict[str, Any], *needs: str | tuple[str, ...]) -> _Check:
    return _Check(rule, tuple((n,) if isinstance(n, str) else n for n in needs))


_REASONS = ("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS")


def _bit(mask: int) -> str:
    # PromQL has no bitwise operators: bit b of the reasons mask is floor(x / b) % 2.
    return (
        f"floor(DCGM_FI_DEV_CLOCKS_EVENT_REASONS / {mask}) % 2 == 1 "
        f"or floor(DCGM_FI_DEV_CLOCK_THROTTLE_REASONS / {mask}) % 2 == 1"
    )


def benign_xids() -> tuple[int, ...]:
    """Catalog codes that alone never open an incident (the catalog's IGNORE bucket)."""
    return tuple(code for code in sorted(catalog()) if not classify(code).opens_incident)


# How long an Xid keeps its alert firing: dcgm-exporter's gauge holds the *last* Xid forever,
# so the stock rule fires on a change of it; the custom counter is a windowed count (5 min).
XID_WINDOW = "10m"


def _xid_check(served: Collection[str]) -> _Check:
    benign = benign_xids()
    if "DCGM_EXP_XID_ERRORS_COUNT" in served:
        codes = "|".join(str(c) for c in benign)
        return _check(
            _rule(
                "GpufleetXid",
                f'DCGM_EXP_XID_ERRORS_COUNT{{xid!~"{codes}"}} > 0',
                0,
                "warning",
                "device",
                "Xid {{ $labels.xid }} reported ({{ $value }} in the window)",
            ),
            "DCGM_EXP_XID_ERRORS_COUNT",
        )
    not_benign = "".join(f" != {c}" for c in benign)
    return _check(
        _rule(
            "GpufleetXid",
            f"(DCGM_FI_DEV_XID_ERRORS > 0{not_benign}) "
            f"and changes(DCGM_FI_DEV_XID_ERRORS[{XID_WINDOW}]) > 0",
            0,
            "warning",
            "device",
            "Xid {{ $value }} reported",
        ),
        "DCGM_FI_DEV_XID_ERRORS",
    )


def _checks(cfg: NocConfig | None, served: Collection[str]) -> list[_Check]:
    t = (cfg or NocConfig()).thresholds
    fb = "DCGM_FI_DEV_FB_USED / (DCGM_FI_DEV_FB_USED + DCGM_FI_DEV_FB_FREE) * 100"
    gpu_t, hbm_t = "DCGM_FI_DEV_GPU_TEMP", "DCGM_FI_DEV_MEMORY_TEMP"
    return [
        _check(
            _rule(
                "GpufleetGpuTemperatureWarning",
                f"{gpu_t} > {t.gpu_temp_warning_c:g}",
                t.temp_for_s,
                "warning",
                "thermal",
                "GPU temperature high",
            ),
            gpu_t,
        ),
        _check(
            _rule(
                "GpufleetGpuTemperatureCritical",
                f"{gpu_t} > {t.gpu_temp_critical_c:g}",
                t.temp_for_s,
                "critical",
                "thermal",
                "GPU temperature critical",
            ),
            gpu_t,
        ),
        _check(
            _rule(
                "GpufleetHbmTemperatureWarning",
                f"{hbm_t} > {t.memory_temp_warning_c:g}",
                t.temp_for_s,
                "warning",
                "thermal",
                "HBM temperature high",
            ),
            hbm_t,
        ),
        _check(
            _rule(
                "GpufleetHbmTemperatureCritical",
                f"{hbm_t} > {t.memory_temp_critical_c:g}",
                t.temp_for_s,
                "critical",
                "thermal",
                "HBM temperature critical",
            ),
            hbm_t,
        ),
        _check(
            _rule(
                "GpufleetEccSbeStorm",
                f"increase(DCGM_FI_DEV_ECC_SBE_VOL_TOTAL[1h]) > {t.sbe_per_hour:g}",
                0,
                "warning",
                "memory",
                "Correctable ECC errors above the hourly rate",
            ),
            "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
        ),
        _check(
            _rule(
                "GpufleetEccDbe",
                "increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[5m]) > 0",
                0,
                "critical",
                "memory",
                "Uncorrectable (double-bit) ECC error",
            ),
            "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
        ),
        _check(
            _rule(
                "GpufleetRowRemapFailure",
                "DCGM_FI_DEV_ROW_REMAP_FAILURE == 1",
                0,
                "critical",
                "memory",
                "Row remapping failed",
            ),
            "DCGM_FI_DEV_ROW_REMAP_FAILURE",
        ),
        _xid_check(served),
        _check(
            _rule(
                "GpufleetFramebufferNearlyFull",
                f"{fb} > {t.fb_used_pct:g}",
                t.fb_for_s,
                "warning",
                "utilization",
                "Framebuffer nearly full",
            ),
            "DCGM_FI_DEV_FB_USED",
            "DCGM_FI_DEV_FB_FREE",
        ),
        _check(
            _rule(
                "GpufleetPcieReplays",
                f"rate(DCGM_FI_DEV_PCIE_REPLAY_COUNTER[5m]) * 60 > {t.pcie_replays_per_min:g}",
                0,
                "warning",
                "interconnect",
                "PCIe replays above the per-minute rate",
            ),
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER",
        ),
        _check(
            _rule(
                "GpufleetNvlinkErrors",
                "rate(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) * 60 > "
                f"{t.nvlink_errors_per_min:g}",
                0,
                "warning",
                "interconnect",
                "NVLink CRC errors above the per-minute rate",
            ),
            "DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL",
        ),
        _check(
            _rule(
                "GpufleetPowerBrake",
                _bit(0x80),
                t.power_brake_for_s,
                "critical",
                "power",
                "Hardware power brake asserted",
            ),
            _REASONS,
        ),
        _check(
            _rule(
                "GpufleetHwSlowdown",
                _bit(0x8),
                t.throttle_for_s,
                "warning",
                "thermal",
                "Hardware slowdown asserted",
            ),
            _REASONS,
        ),
        _check(
            _rule(
                "GpufleetThermalThrottle",
                f"{_bit(0x40)} or {_bit(0x20)}",
                t.throttle_for_s,
                "warning",
                "thermal",
                "Thermal clock throttling",
            ),
            _REASONS,
        ),
    ]


@dataclass(frozen=True)
class RuleExport:
    """The rules the exporter can feed, and the ones left out with the fields they need."""

    rules: list[dict[str, Any]]
    left_out: list[tuple[str, list[str]]]  # (alert name, fields the exporter does not serve)

    def document(self) -> dict[str, Any]:
        return {"groups": [{"name": RULE_GROUP, "interval": "30s", "rules": self.rules}]}


def export_rules(
    cfg: NocConfig | None = None, served: Collection[str] = STOCK_COUNTERS
) -> RuleExport:
    """Split the static checks by whether dcgm-exporter (with ``served`` fields) feeds them."""
    rules: list[dict[str, Any]] = []
    left_out: list[tuple[str, list[str]]] = []
    for check in _checks(cfg, served):
        missing = check.missing(served)
        if missing:
            left_out.append((check.rule["alert"], missing))
        else:
            rules.append(check.rule)
    return RuleExport(rules, left_out)


def alert_rules(
    cfg: NocConfig | None = None, served: Collection[str] = STOCK_COUNTERS
) -> dict[str, Any]:
    """The rule file as a mapping (``groups:``)."""
    return export_rules(cfg, served).document()


def _left_out_comment(left_out: Sequence[tuple[str, list[str]]], counters: str) -> str:
    if not left_out:
        return ""
    fields = sorted({f for _, missing in left_out for f in missing})
    lines = [
        f"# Left out: {len(left_out)} rule(s) over fields {counters} does not export "
        "(they would never fire):",
        *(f"#   {name}: needs {', '.join(missing)}" for name, missing in left_out),
        "# To get them, add these lines to dcgm-exporter's counters file (-f / "
        "DCGM_EXPORTER_COLLECTORS)",
        "# and export again with --counters THAT_FILE:",
        *(f"#   {counters_line(f)}" for f in fields),
    ]
    return "\n".join(lines) + "\n"


def alert_rules_yaml(
    cfg: NocConfig | None = None,
    served: Collection[str] = STOCK_COUNTERS,
    counters: str = "stock dcgm-exporter (default-counters.csv)",
) -> str:
    """The rule file as text: a header naming the counters it assumes and what it left out."""
    export = export_rules(cfg, served)
    header = (
        "# gpufleet export rules: the NOC's static DCGM checks as Prometheus/vmalert rules.\n"
        "# Route them to gpufleet's webhook (POST /api/v1/alerts/alertmanager).\n"
        f"# Fields assumed exported: {counters}.\n"
    )
    body = yaml.safe_dump(export.document(), sort_keys=False, width=100)
    return header + _left_out_comment(export.left_out, counters) + body


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


@dataclass(frozen=True)
class _Var:
    """A template variable: ``label_values(metric{filters}, label)``, multi-select, All = .*"""

    name: str
    title: str
    label: str
    metric: str
    after: tuple[str, ...] = ()  # variables whose selection narrows this one's values

    def query(self, variables: Sequence[_Var]) -> str:
        narrowed = ",".join(f'{v.label}=~"${v.name}"' for v in variables if v.name in self.after)
        series = f"{self.metric}{{{narrowed}}}" if narrowed else self.metric
        return f"label_values({series}, {self.label})"


def _variable(var: _Var, variables: Sequence[_Var]) -> dict[str, Any]:
    q = var.query(variables)
    return {
        "name": var.name,
        "label": var.title,
        "type": "query",
        "datasource": _DS,
        "definition": q,
        "query": {"query": q, "refId": f"{var.name}-values"},
        "refresh": 2,  # on time-range change: hosts and jobs come and go
        "includeAll": True,
        # "All" as .* also matches series without the label (no job on the GPU)
        "allValue": ".*",
        "multi": True,
        "sort": 1,
        "current": {"selected": True, "text": ["All"], "value": ["$__all"]},
    }


def _selector(variables: Sequence[_Var]) -> str:
    return ",".join(f'{v.label}=~"${v.name}"' for v in variables)


def _filtered(expr: str, prefix: str, variables: Sequence[_Var]) -> str:
    """``expr`` with every series of ``prefix`` narrowed by the variables."""
    if not variables:
        return expr
    sel = "{" + _selector(variables) + "}"
    return re.sub(rf"\b({prefix}[A-Za-z0-9_]*)\b(?!\{{)", lambda m: m.group(1) + sel, expr)


def _board(
    uid: str,
    title: str,
    panels: list[tuple[str, list[tuple[str, str]], str]],
    variables: Sequence[_Var] = (),
    prefix: str = "",
) -> dict[str, Any]:
    ds_var = {
        "name": "DS_PROMETHEUS",
        "type": "datasource",
        "query": "prometheus",
        "label": "Prometheus / VictoriaMetrics",
    }
    filtered = [
        (t, [(_filtered(e, prefix, variables), legend) for e, legend in exprs], unit)
        for t, exprs, unit in panels
    ]
    return {
        "uid": uid,
        "title": title,
        "tags": ["gpufleet"],
        "schemaVersion": 39,
        "version": 1,
        "editable": True,
        "time": {"from": "now-6h", "to": "now"},
        "refresh": "30s",
        "templating": {"list": [ds_var, *(_variable(v, variables) for v in variables)]},
        "panels": [
            _panel(i + 1, t, exprs, unit, 12 * (i % 2), 8 * (i // 2))
            for i, (t, exprs, unit) in enumerate(filtered)
        ],
    }


# dcgm-exporter's labels: Hostname, gpu, and hpc_job (its SLURM job mapping; on Kubernetes
# the GPU's pod is in ``pod`` instead, a one-word change here).
FLEET_VARIABLES = (
    _Var("host", "Host", "Hostname", "DCGM_FI_DEV_GPU_TEMP"),
    _Var("gpu", "GPU", "gpu", "DCGM_FI_DEV_GPU_TEMP", after=("host",)),
    _Var("job", "Job", "hpc_job", "DCGM_FI_DEV_GPU_TEMP", after=("host",)),
)
# gpufleet's own series carry no GPU: one variable, the replica (the scrape's instance).
SERVICE_VARIABLES = (_Var("instance", "Replica", "instance", "gpufleet_build_info"),)


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
                # dcgm-exporter reports MHz; Grafana's unit is Hz (it scales the axis itself)
                [
                    ("min(DCGM_FI_DEV_SM_CLOCK) * 1e6", "min"),
                    ("avg(DCGM_FI_DEV_SM_CLOCK) * 1e6", "mean"),
                ],
                "hertz",
            ),
        ],
        FLEET_VARIABLES,
        "DCGM_",
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
        SERVICE_VARIABLES,
        "gpufleet_",
    )


def grafana_dashboards() -> dict[str, dict[str, Any]]:
    return {"fleet": fleet_dashboard(), "gpufleet": gpufleet_dashboard()}
