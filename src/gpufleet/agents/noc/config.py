"""NOC detector configuration: strict, with per-SKU and per-cluster threshold overrides.

Unknown keys are errors (``extra="forbid"``): a typo in a threshold name must not silently fall
back to a default on a production fleet. :func:`load_config` reports the file and the dotted
path of every problem, and raises only :class:`ConfigError`: the file is read through
:mod:`telemetry.untrusted` (at most 1 MiB, UTF-8, YAML nested ≤ 64 levels and ≤ 20,000 values
with aliases expanded, checked before the recursive loader runs); NaN and infinite numbers are
refused.

Override precedence, most specific last: defaults < ``sku.<SKU>`` < ``cluster.<name>``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from gpufleet.bus.events import Family
from gpufleet.telemetry.topology import SKU_ALIASES, SKUS, Topology
from gpufleet.telemetry.untrusted import (
    CONFIG_LIMITS,
    UntrustedInputError,
    capped,
    clip,
    read_yaml,
    with_label,
)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)


class Thresholds(_Strict):
    """Static and rate-of-change limits. Seconds are sustain times ("for" in Prometheus)."""

    gpu_temp_warning_c: float = 85.0
    gpu_temp_critical_c: float = 90.0
    memory_temp_warning_c: float = 95.0
    memory_temp_critical_c: float = 100.0
    temp_for_s: float = 30.0
    # Counted on the temperature the load does not explain (see signals.ThermalResidual):
    # warming because of more load is normal, warming without it is a cooling problem.
    temp_rise_c_per_min: float = 2.0
    temp_rise_for_s: float = 60.0
    sbe_per_hour: float = 10.0
    # Against the GPU's same-SKU peers (robust z: median / MAD): a storm still below the
    # absolute limit, or a GPU that errs far more than identical GPUs in the same workload.
    sbe_peer_z: float = 8.0
    sbe_peer_min_per_hour: float = 5.0
    sbe_peer_for_s: float = 300.0
    fb_used_pct: float = 95.0
    fb_for_s: float = 60.0
    fb_leak_horizon_s: float = 3600.0
    fb_leak_min_mib_per_min: float = 64.0
    fb_leak_for_s: float = 600.0
    throttle_for_s: float = 60.0
    power_brake_for_s: float = 30.0
    pcie_replays_per_min: float = 10.0
    pcie_downtrain_for_s: float = 120.0
    nvlink_errors_per_min: float = 10.0
    host_cpu_pct: float = 95.0
    host_cpu_for_s: float = 300.0
    nic_down_for_s: float = 60.0
    gpu_missing_for_s: float = 30.0
    node_silent_for_s: float = 300.0
    node_gpus_silent_for_s: float = 120.0
    job_collapse_util_pct: float = 5.0
    job_collapse_for_s: float = 300.0
    job_active_util_pct: float = 50.0
    job_gap_window_s: float = 600.0
    job_gap_util_pct: float = 20.0
    job_gap_min_fraction: float = 0.15
    job_gap_max_fraction: float = 0.75
    job_gap_min_transitions: int = 4
    job_unused_after_s: float = 1800.0
    job_unused_fb_mib: float = 512.0
    job_frozen_for_s: float = 300.0


THRESHOLD_NAMES = frozenset(Thresholds.model_fields)


def _check_override_keys(
    section: str, v: dict[str, dict[str, float]]
) -> dict[str, dict[str, float]]:
    problems = []
    for scope, fields in v.items():
        for key in sorted(set(fields) - THRESHOLD_NAMES):
            problems.append(f"{section}.{scope}.{key}: unknown threshold")
    if problems:
        raise ValueError("; ".join(problems) + f" (known: {', '.join(sorted(THRESHOLD_NAMES))})")
    return v


class BaselineConfig(_Strict):
    """Learned per-series baselines (time of day × workload state)."""

    enabled: bool = True
    z_threshold: float = 6.0
    sustain_s: float = 120.0
    min_samples: int = 40
    tod_bins: int = Field(default=8, ge=1, le=24)
    halflife_samples: float = 240.0
    # Floors on the standard deviation so a very quiet series does not alert on 1 °C.
    floor: dict[str, float] = Field(
        default_factory=lambda: {
            "DCGM_FI_DEV_GPU_TEMP": 1.5,
            "DCGM_FI_DEV_MEMORY_TEMP": 1.5,
            "DCGM_FI_DEV_SM_CLOCK": 60.0,
        }
    )


class CorrelationConfig(_Strict):
    window_s: float = 180.0  # anomalies this recent count as "active together"
    settle_s: float = 60.0  # non-critical anomalies wait this long so groups can form
    # Only families where one cause commonly hits many GPUs at once (a rack's cooling, a node's
    # PSU, a job) wait; GPU-local hardware symptoms (ECC, NVLink, PCIe, Xid) page at once.
    settle_families: frozenset[Family] = frozenset(
        {Family.THERMAL, Family.POWER, Family.HOST, Family.UTILIZATION, Family.TELEMETRY}
    )
    node_fraction: float = Field(default=0.75, gt=0, le=1)
    rack_min_nodes: int = Field(default=2, ge=2)
    rack_fraction: float = Field(default=0.4, gt=0, le=1)
    # GPU-local families (ECC, Xid faults, NVLink/PCIe/IB links): two nodes of a rack showing
    # them is coincidence or a fleet-wide cause (a driver, found by the fleet step), not the
    # rack. Only a shared part that reaches every node (a ToR switch, a power feed) makes them
    # rack-wide, so these need most of the rack's nodes.
    local_families: frozenset[Family] = frozenset(
        {Family.MEMORY, Family.DEVICE, Family.APPLICATION, Family.INTERCONNECT}
    )
    rack_fraction_local: float = Field(default=0.75, gt=0, le=1)
    job_link_s: float = 1800.0  # a job symptom attaches to a hardware incident this recent
    # A slot neighbour whose load-corrected temperature rose this much more than the rest of
    # its node since a thermal incident opened is attached as context (chassis scope).
    context_rise_c: float = 3.0
    # A GPU's held Xid (agents.noc.held_xids) waits this long for a live kernel-log feed's
    # read-back: each feed reads its history in its own thread, so on a busy node the onset's
    # line can land after the first metrics, and that line is the better record (its time, its
    # message). Only where a feed reads history back (watch/serve with logs and --history).
    held_xid_wait_s: float = Field(default=60.0, ge=0)


class IncidentConfig(_Strict):
    cooldown_s: float = 900.0


class NocConfig(_Strict):
    thresholds: Thresholds = Thresholds()
    sku: dict[str, dict[str, float]] = Field(default_factory=dict)
    cluster: dict[str, dict[str, float]] = Field(default_factory=dict)
    baseline: BaselineConfig = BaselineConfig()
    correlation: CorrelationConfig = CorrelationConfig()
    incidents: IncidentConfig = IncidentConfig()

    @field_validator("sku")
    @classmethod
    def _known_skus(cls, v: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
        unknown = sorted(k for k in v if SKU_ALIASES.get(k, k) not in SKUS)
        if unknown:
            # A typo in a SKU name would otherwise make its override silently never apply.
            raise ValueError(
                f"unknown SKU(s) {unknown}; known: {', '.join(sorted(SKU_ALIASES) + sorted(SKUS))}"
            )
        _check_override_keys("sku", v)  # names as the operator wrote them, before aliasing
        return {SKU_ALIASES.get(k, k): f for k, f in v.items()}

    @field_validator("cluster")
    @classmethod
    def _known_cluster_fields(cls, v: dict[str, dict[str, float]]) -> dict[str, dict[str, float]]:
        return _check_override_keys("cluster", v)


class ConfigError(ValueError):
    """A broken config file; the message names the file and every bad field."""


def load_config(path: str | Path | None) -> NocConfig:
    """Read a YAML config (None → defaults). Raises ConfigError with file and field paths."""
    if path is None:
        return NocConfig()
    p = Path(path)
    try:
        raw: Any = read_yaml(p, limits=CONFIG_LIMITS) or {}
    except OSError as e:
        raise ConfigError(f"{p}: cannot read config: {e.strerror or e}") from None
    except UntrustedInputError as e:
        raise ConfigError(with_label(e, str(p), "not valid YAML")) from None
    if not isinstance(raw, dict):
        raise ConfigError(f"{p}: top level must be a mapping, got {type(raw).__name__}")
    noc = raw.get("noc", raw)
    if not isinstance(noc, dict):
        raise ConfigError(f"{p}: noc: must be a mapping, got {type(noc).__name__}")
    try:
        return NocConfig.model_validate(noc)
    except ValidationError as e:
        lines = [
            f"  {'.'.join(clip(x, 80) for x in err['loc']) or '(root)'}: {clip(err['msg'], 300)}"
            for err in e.errors()
        ]
        raise ConfigError(f"{p}: invalid NOC config:\n" + "\n".join(capped(lines))) from None


class ResolvedThresholds:
    """Per-GPU threshold arrays after applying SKU and cluster overrides."""

    def __init__(self, config: NocConfig, topology: Topology) -> None:
        base = config.thresholds.model_dump()
        n = topology.n_gpus
        self._values: dict[str, npt.NDArray[np.float64]] = {
            k: np.full(n, float(v)) for k, v in base.items()
        }
        for sku_name, over in config.sku.items():
            sel = np.array([s == sku_name for s in topology.gpu_sku], dtype=bool)
            for k, v in over.items():
                self._values[k][sel] = v
        gpu_cluster = topology.node_cluster[topology.gpu_node]
        for ci, cluster in enumerate(topology.clusters):
            over = config.cluster.get(cluster.name, {})
            for k, v in over.items():
                self._values[k][gpu_cluster == ci] = v
        self.scalar = config.thresholds

    def __getitem__(self, name: str) -> npt.NDArray[np.float64]:
        return self._values[name]
