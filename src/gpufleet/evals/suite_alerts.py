"""Alert-only scenarios: a site's own Alertmanager alert is all that reaches gpufleet.

Each scenario injects one fault (so the telemetry, the metrics behind the alert, shows it) and
one alert named and labelled as real rule sets do it (dcgm-exporter labels ``Hostname``,
``gpu``, ``UUID``, ``pci_bus_id``; rule names from common GPU alerting rules; the rule's expr in
``generatorURL``). The SRE agent diagnoses the incident the alert intake opens; the expected
cause is the fault's card. One alert is named after nothing gpufleet knows: it must be
diagnosed from the entity's evidence alone.

Kept apart from :mod:`evals.suite_gen`'s own lists (it appends these last)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import quote

PROMETHEUS = "http://prometheus.example:9090"


def generator_url(expr: str) -> str:
    """A Prometheus rule link, as Alertmanager forwards it (``g0.expr`` holds the rule)."""
    return f"{PROMETHEUS}/graph?g0.expr={quote(expr, safe='')}&g0.tab=1"


@dataclass(frozen=True)
class AlertScenario:
    id: str
    title: str
    fault: str  # NAME:key=value,… (the onset is the suite's)
    alertname: str
    labels: dict[str, str]
    expr: str = ""
    value: str = ""
    summary: str = ""
    after_onset_s: float = 600.0  # the alert fires this long after the fault starts
    seed: int = 701
    sku: str = "H100"
    difficulty: str = "medium"
    extra_annotations: dict[str, str] = field(default_factory=dict)

    def alert(self) -> dict[str, object]:
        annotations = {"summary": self.summary} if self.summary else {}
        if self.value:
            annotations["value"] = self.value
        annotations.update(self.extra_annotations)
        return {
            "labels": {"alertname": self.alertname, **self.labels},
            "annotations": annotations,
            "generator_url": generator_url(self.expr) if self.expr else "",
            "after_onset_s": self.after_onset_s,
        }


def _gpu(node: str, gpu: int, severity: str = "warning") -> dict[str, str]:
    """dcgm-exporter's labels for one GPU, plus the rule's severity."""
    return {
        "Hostname": node,
        "gpu": str(gpu),
        "instance": f"{node}:9400",
        "job": "dcgm-exporter",
        "modelName": "NVIDIA H100 80GB HBM3",
        "severity": severity,
    }


ALERT_SCENARIOS: tuple[AlertScenario, ...] = (
    AlertScenario(
        "alert-gpu-temperature-high",
        "Alertmanager only: GpuTemperatureHigh at 92 °C (a chassis fan failed)",
        "fan_failure:node=node-02,gpu=4",
        "GpuTemperatureHigh",
        _gpu("node-02", 4),
        expr="DCGM_FI_DEV_GPU_TEMP > 85",
        value="92",
        summary="GPU 4 on node-02 is at 92 °C (alert firing)",
        after_onset_s=900.0,
        seed=701,
    ),
    AlertScenario(
        "alert-ecc-dbe",
        "Alertmanager only: DCGMUncorrectableECCErrors (a double-bit ECC error)",
        "dbe:node=node-03,gpu=2",
        "DCGMUncorrectableECCErrors",
        _gpu("node-03", 2, "critical"),
        expr="increase(DCGM_FI_DEV_ECC_DBE_VOL_TOTAL[5m]) > 0",
        value="1",
        summary="Uncorrectable ECC errors on a GPU",
        seed=702,
        difficulty="easy",
    ),
    AlertScenario(
        "alert-xid-79",
        "Alertmanager only: GpuXidError with value 79 (the GPU fell off the bus)",
        "gpu_fallen_off_bus:node=node-04,gpu=1",
        "GpuXidError",
        _gpu("node-04", 1, "critical"),
        expr="DCGM_FI_DEV_XID_ERRORS > 0",
        value="79",
        summary="XID error reported",
        seed=703,
        difficulty="easy",
    ),
    AlertScenario(
        "alert-row-remap-failure",
        "Alertmanager only: GPURowRemapFailure (no spare rows left)",
        "row_remap_failure:node=node-01,gpu=6",
        "GPURowRemapFailure",
        _gpu("node-01", 6, "critical"),
        expr="DCGM_FI_DEV_ROW_REMAP_FAILURE > 0",
        value="1",
        seed=704,
        sku="A100",
        difficulty="easy",
    ),
    AlertScenario(
        "alert-nvlink-crc",
        "Alertmanager only: NVLinkCRCErrorsHigh (a degraded NVLink)",
        "nvlink_crc:node=node-05,gpu=3",
        "NVLinkCRCErrorsHigh",
        _gpu("node-05", 3),
        expr="rate(DCGM_FI_DEV_NVLINK_CRC_FLIT_ERROR_COUNT_TOTAL[5m]) * 60 > 10",
        value="240",
        seed=705,
    ),
    AlertScenario(
        "alert-sbe-rate",
        "Alertmanager only: GpuEccSingleBitErrorRateHigh (degrading HBM)",
        "sbe_storm:node=node-06,gpu=0",
        "GpuEccSingleBitErrorRateHigh",
        _gpu("node-06", 0),
        expr="increase(DCGM_FI_DEV_ECC_SBE_VOL_TOTAL[1h]) > 100",
        value="180",
        after_onset_s=1200.0,
        seed=706,
    ),
    AlertScenario(
        "alert-power-brake",
        "Alertmanager only: GPUClocksEventPowerBrake (the HW power brake is asserted)",
        "power_brake:node=node-02",
        "GPUClocksEventPowerBrake",
        # a node-wide brake: the rule aggregates by host, so the alert names the node only
        {"Hostname": "node-02", "job": "dcgm-exporter", "severity": "critical"},
        expr="max by (Hostname) (floor(DCGM_FI_DEV_CLOCKS_EVENT_REASONS / 128) % 2) == 1",
        value="1",
        seed=707,
    ),
    AlertScenario(
        "alert-thermal-throttling",
        "Alertmanager only: GpuThermalThrottling (a degraded thermal interface)",
        "thermal_throttle:node=node-03,gpu=5",
        "GpuThermalThrottling",
        _gpu("node-03", 5),
        expr="floor(DCGM_FI_DEV_CLOCKS_EVENT_REASONS / 32) % 2 == 1",
        after_onset_s=1800.0,
        seed=708,
        difficulty="hard",
    ),
    AlertScenario(
        "alert-gpu-missing",
        "Alertmanager only: GpuMissing from dcgm-exporter (the GPU fell off the bus)",
        "gpu_fallen_off_bus:node=node-05,gpu=6",
        "GpuMissing",
        _gpu("node-05", 6, "critical"),
        expr='absent(DCGM_FI_DEV_GPU_TEMP{Hostname="node-05",gpu="6"})',
        summary="GPU 6 of node-05 stopped reporting",
        seed=709,
    ),
    AlertScenario(
        "alert-unknown-name",
        "Alertmanager only: an alert named after nothing gpufleet knows (a DBE behind it)",
        "dbe:node=node-01,gpu=3",
        "TeamBlueFiringWarningPage",
        {"Hostname": "node-01", "gpu": "3", "severity": "warning", "team": "blue"},
        summary="alert firing: warning, please look",
        seed=710,
        difficulty="hard",
    ),
)


__all__ = ["ALERT_SCENARIOS", "AlertScenario", "generator_url"]
