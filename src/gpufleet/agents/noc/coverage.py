"""Which detector rules a telemetry source leaves blind: the registry's GPU fields
(:data:`telemetry.fields.GPU_FIELD_NAMES`) it does not serve, and the rules that read them.

Pure: the set of fields a source served in, a :class:`Coverage` out. A dcgm-exporter running
its stock counters file serves a subset of the registry (no HBM temperature on some SKUs, no
row-remap fields without the extended file); the rules reading a missing field never fire, and
an operator must be told so once, at start, instead of trusting a silent detector.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from gpufleet.agents.noc import job_rules, rules
from gpufleet.agents.noc.rules import RuleSpec
from gpufleet.telemetry.fields import GPU_FIELD_NAMES

# A rule that reads a field falls back to another when the first is absent (rules.py).
_FALLBACK: dict[str, str] = {
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": "DCGM_FI_DEV_ECC_SBE_AGG_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": "DCGM_FI_DEV_ECC_DBE_AGG_TOTAL",
}
_PREFIX = "DCGM_FI_DEV_"


def rule_specs() -> list[RuleSpec]:
    """Every metric rule of the detector (GPU and job rules), in definition order."""
    found: dict[str, RuleSpec] = {}
    for module in (rules, job_rules):
        for value in vars(module).values():
            if isinstance(value, RuleSpec):
                found.setdefault(value.rule, value)
    return list(found.values())


@dataclass(frozen=True)
class Coverage:
    missing: tuple[str, ...]  # registry GPU fields the source did not serve
    blind: tuple[RuleSpec, ...]  # rules whose field (and its fallback) is missing

    def text(self, source: str) -> str | None:
        """One line for the operator; None when nothing is missing."""
        if not self.missing:
            return None
        names = ", ".join(f.removeprefix(_PREFIX) for f in self.missing)
        line = (
            f"{source} does not serve {len(self.missing)} of the registry's "
            f"{len(GPU_FIELD_NAMES)} GPU fields ({names})"
        )
        if not self.blind:
            return line + "; every detector rule still has its input"
        rules_text = ", ".join(f"{r.rule} ({r.symptom})" for r in self.blind)
        return line + f"; blind rules: {rules_text}"


def coverage(served: Collection[str]) -> Coverage:
    served = frozenset(served)
    missing = tuple(f for f in GPU_FIELD_NAMES if f not in served)
    blind = tuple(
        spec
        for spec in rule_specs()
        if spec.field in GPU_FIELD_NAMES  # node rules read node_exporter, not this source
        and spec.field not in served
        and _FALLBACK.get(spec.field) not in served
    )
    return Coverage(missing, blind)
