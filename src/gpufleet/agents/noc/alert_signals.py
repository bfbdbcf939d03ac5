"""What an Alertmanager alert is about, in the NOC's own symptom vocabulary.

An incident opened from an alert has no anomaly of gpufleet's behind it, only the alert's
labels and annotations. The SRE agent ranks causes on symptoms, Xids and metric fields, so the
alert is translated into those here, from facts only:

- the **metric** the rule is about: a ``DCGM_FI_*`` name in the rule's expression (the
  ``generatorURL``'s ``g0.expr``), in an annotation or a label (dcgm-exporter's names,
  ``/work/shared/reference/default_counters.csv``, and the rules ``gpufleet export rules``
  writes);
- the **alert name**, split into words (``GpuTemperatureHigh`` → gpu, temperature, high) and
  matched against the names real rule sets give temperature, ECC, row remap, Xid, NVLink, PCIe,
  power, throttling / clock events and GPU-missing / exporter-down alerts;
- the **Xid** from an ``xid`` label or, for an Xid rule, the alert's value;
- the **value** (annotation or label ``value``), and for clock-event rules its reason bits.

Generic words (alert, firing, warning, critical, gpu, high, node…) never mean anything on
their own: an alert nothing here recognises is *unknown*, says so, and contributes no symptom,
so the ranking rests on the evidence the agent gathers about the entity and nothing else.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from gpufleet.knowledge.symptoms import ALERT_UNDERSTOOD, SYMPTOMS

_FIELD = re.compile(r"\bDCGM_FI_[A-Z0-9_]+\b")
_TOKEN = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_TEXT_SOURCES = ("summary", "description", "message", "expr", "query")

# dcgm-exporter field (prefix) → symptom; first match wins, so longer names come first.
_FIELD_SYMPTOMS: tuple[tuple[str, str], ...] = (
    ("DCGM_FI_DEV_MEMORY_TEMP", "memory_temp_high"),
    ("DCGM_FI_DEV_GPU_TEMP", "gpu_temp_high"),
    ("DCGM_FI_DEV_ECC_DBE", "dbe"),
    ("DCGM_FI_DEV_ECC_SBE", "sbe_storm"),
    ("DCGM_FI_DEV_ROW_REMAP_FAILURE", "row_remap_failure"),
    ("DCGM_FI_DEV_ROW_REMAP_PENDING", "row_remap_pending"),
    ("DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS", "row_remap_pending"),
    ("DCGM_FI_DEV_RETIRED_PENDING", "page_retirement_pending"),
    ("DCGM_FI_DEV_NVLINK_", "nvlink_errors"),
    ("DCGM_FI_PROF_NVLINK_", ""),  # bandwidth, not errors: understood, no fault symptom
    ("DCGM_FI_DEV_PCIE_REPLAY", "pcie_replays"),
    ("DCGM_FI_DEV_PCIE_LINK", "pcie_downtrain"),
    ("DCGM_FI_DEV_FB_USED", "fb_nearly_full"),
    ("DCGM_FI_DEV_FB_FREE", "fb_nearly_full"),
    ("DCGM_FI_DEV_POWER_VIOLATION", "power_brake"),
    ("DCGM_FI_DEV_THERMAL_VIOLATION", "thermal_slowdown"),
    ("DCGM_FI_DEV_POWER_USAGE", ""),  # power draw: the field is the evidence, no symptom
    ("DCGM_FI_DEV_TOTAL_ENERGY", ""),
    ("DCGM_FI_DEV_XID_ERRORS", "xid"),  # xid_<n> with a known code
    ("DCGM_FI_DEV_CLOCKS_EVENT_REASONS", "clock_events"),  # from the reason bits / words
    ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "clock_events"),
)

# clock-event reason bits (nvml / DCGM) → symptom
_REASON_BITS = ((0x80, "power_brake"), (0x40, "thermal_slowdown"), (0x20, "thermal_slowdown"))
_HW_SLOWDOWN_BIT = 0x8

_TEMPERATURE = frozenset({"temp", "temperature", "thermal", "overheat", "overheating", "hot"})
_MEMORY = frozenset({"memory", "hbm", "mem", "dram"})
_THROTTLE = frozenset({"throttle", "throttling", "throttled", "slowdown", "clock", "clocks"})
_FAILED = frozenset({"fail", "failed", "failure", "failures", "exhausted"})
_DOWN = frozenset({"down", "absent", "missing", "unreachable", "unavailable", "dead"})
_LOST = frozenset({"lost", "missing", "fallen", "vanished", "gone", "disappeared"})


@dataclass(frozen=True)
class AlertSignals:
    """What an alert says, as the SRE agent's ranking understands it."""

    symptoms: tuple[str, ...]  # NOC symptom names (knowledge.symptoms), most specific first
    xids: tuple[int, ...]
    fields: tuple[str, ...]  # dcgm-exporter field names the rule is about
    value: float | None
    understood: bool

    def describe(self, alertname: str) -> str:
        """One line for the incident summary (and for people); ``alertname`` comes quoted."""
        if not self.understood:
            return (
                f"alert {alertname} is not one gpufleet knows: no symptom taken from it; the "
                "diagnosis rests on the entity's own evidence"
            )
        parts = [
            *(f"{s} ({SYMPTOMS.get(s, 'Xid ' + s[4:])})" for s in self.symptoms),
            *(f"field {f}" for f in self.fields),
        ]
        if self.value is not None:
            parts.append(f"value {self.value:g}")
        return ALERT_UNDERSTOOD + "; ".join(parts)


def _words(text: str) -> set[str]:
    return {t.lower() for t in _TOKEN.findall(text)}


def _expr(generator_url: str | None) -> str:
    """The rule's expression from a Prometheus / vmalert ``generatorURL`` (``g0.expr``)."""
    if not generator_url:
        return ""
    try:
        query = parse_qs(urlsplit(generator_url).query)
    except ValueError:
        return ""
    return " ".join(v for k, vs in query.items() if k.endswith("expr") for v in vs)


def _value(labels: Mapping[str, str], annotations: Mapping[str, str]) -> float | None:
    for raw in (annotations.get("value"), labels.get("value")):
        try:
            v = float(str(raw).strip())
        except (TypeError, ValueError):
            continue
        if math.isfinite(v):
            return v
    return None


def _fields(
    labels: Mapping[str, str], annotations: Mapping[str, str], generator_url: str | None
) -> tuple[str, ...]:
    texts = [_expr(generator_url), labels.get("__name__", "")]
    texts += [annotations.get(k, "") for k in _TEXT_SOURCES]
    texts += [labels.get(k, "") for k in ("expr", "query", "metric", "field")]
    return tuple(dict.fromkeys(m for t in texts for m in _FIELD.findall(t)))


def _xid(labels: Mapping[str, str], value: float | None, about_xid: bool) -> int | None:
    raw = labels.get("xid", "").strip() or labels.get("err_code", "").strip()
    if raw.isdigit() and 0 < int(raw) < 1_000_000:
        return int(raw)
    if about_xid and value is not None and value.is_integer() and 0 < value < 1_000_000:
        return int(value)  # DCGM_FI_DEV_XID_ERRORS holds the last Xid code
    return None


def _clock_symptom(words: set[str], value: float | None) -> str:
    if value is not None and value.is_integer() and value > 0:
        bits = int(value)
        for mask, symptom in _REASON_BITS:
            if bits & mask:
                return symptom
        if bits & _HW_SLOWDOWN_BIT:
            return "hw_slowdown"
    if "brake" in words or "power" in words:
        return "power_brake"
    if words & _TEMPERATURE:
        return "thermal_slowdown"
    return "hw_slowdown"


def _absent(labels: Mapping[str, str], generator_url: str | None) -> str | None:
    """An exporter-down / GPU-missing rule: ``absent(…)`` of a GPU series, or ``up == 0``."""
    expr = " ".join([_expr(generator_url), labels.get("expr", "")]).replace(" ", "")
    if "absent(" in expr or "absent_over_time(" in expr:
        return (
            "gpu_missing"
            if any(labels.get(k) for k in ("gpu", "UUID", "pci_bus_id"))
            or (re.search(r"\b(gpu|UUID|pci_bus_id)=", expr))
            else "node_silent"
        )
    if re.search(r"\bup(\{[^}]*\})?==0", expr):
        return "node_silent"
    return None


def _from_fields(fields: tuple[str, ...], words: set[str], value: float | None) -> list[str]:
    out = []
    for f in fields:
        for prefix, symptom in _FIELD_SYMPTOMS:
            if f.startswith(prefix):
                if symptom == "clock_events":
                    out.append(_clock_symptom(words, value))
                elif symptom:
                    out.append(symptom)
                break
    return out


def _from_words(words: set[str], squashed: str) -> list[str]:
    """Symptoms the alert's name states in so many words (never from generic words)."""
    out: list[str] = []
    ecc = "ecc" in words or "ecc" in squashed
    if "dbe" in words or (ecc and words & {"uncorrectable", "double", "dbe", "uncorrected"}):
        out.append("dbe")
    if "sbe" in words or (ecc and words & {"correctable", "single", "sbe", "corrected"}):
        out.append("sbe_storm")
    if "remap" in squashed or words & {"remap", "remapping", "remapped"}:
        out.append("row_remap_failure" if words & _FAILED else "row_remap_pending")
    if words & {"retired", "retirement"} and "pending" in words:
        out.append("page_retirement_pending")
    if "nvlink" in words or "nvlink" in squashed:
        out.append("nvlink_errors")
    if "pcie" in words and words & {"replay", "replays"}:
        out.append("pcie_replays")
    elif "pcie" in words and words & {"width", "gen", "downtrain", "downtrained", "degraded"}:
        out.append("pcie_downtrain")
    if words & _THROTTLE or "brake" in words:
        out.append(_clock_symptom(words, None))
    elif words & _TEMPERATURE:
        out.append("memory_temp_high" if words & _MEMORY else "gpu_temp_high")
    if "offbus" in squashed or "fallenoff" in squashed or ("gpu" in words and words & _LOST):
        out.append("gpu_missing")
    if words & {"exporter", "dcgm", "target", "scrape"} and words & _DOWN:
        out.append("node_silent")
    if "cpu" in words and words & {"load", "saturated", "saturation", "busy", "usage"}:
        out.append("host_cpu_saturated")
    if words & {"framebuffer", "fb"} and words & {"full", "nearly", "exhausted"}:
        out.append("fb_nearly_full")
    if words & {"nic", "infiniband", "ib", "roce", "hca"}:
        if words & {"flap", "flapping", "flaps"}:
            out.append("nic_link_flap")
        elif words & _DOWN:
            out.append("nic_link_down")
    return out


def alert_signals(
    alertname: str,
    labels: Mapping[str, str],
    annotations: Mapping[str, str],
    generator_url: str | None = None,
) -> AlertSignals:
    """The symptoms, Xids and fields of one alert (see the module docstring)."""
    text = " ".join([alertname, labels.get("reason", ""), labels.get("component", "")])
    words = _words(text)
    squashed = re.sub(r"[^a-z0-9]", "", text.lower())
    value = _value(labels, annotations)
    fields = _fields(labels, annotations, generator_url)
    about_xid = "xid" in words or any(f.startswith("DCGM_FI_DEV_XID") for f in fields)
    missing = _absent(labels, generator_url)
    # an absent() rule names the series that stopped, not a value that is too high
    from_fields = [missing] if missing else _from_fields(fields, words, value)
    fields = () if missing else fields
    symptoms = from_fields + _from_words(words, squashed)
    xid = _xid(labels, value, about_xid)
    if xid is not None:
        symptoms.insert(0, f"xid_{xid}")
    symptoms = [s for s in symptoms if s != "xid"]
    understood = bool(symptoms or fields or (about_xid and xid is not None))
    return AlertSignals(
        symptoms=tuple(dict.fromkeys(symptoms)),
        xids=(xid,) if xid is not None else (),
        fields=fields,
        value=value,
        understood=understood,
    )


__all__ = ["AlertSignals", "alert_signals"]
