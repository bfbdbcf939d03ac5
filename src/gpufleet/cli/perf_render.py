"""The performance report as text for a terminal."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from gpufleet.agents.perf.report import PerfReport


def _when(t: float) -> str:
    return dt.datetime.fromtimestamp(t, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def _gain(value: float, unit: str, energy: float) -> str:
    text = {"gpu_hours": "GPU-h", "percent_throughput": "%", "gpu_hours_at_risk": "GPU-h at risk"}[
        unit
    ]
    return f"{value:,.1f} {text}" + (f", {energy:+,.0f} kWh" if energy else "")


#: A GPU scores 100 when no factor takes points off; the list shows only those below.
FULL_HEALTH = 100.0


def _recommendations(r: PerfReport, top: int) -> list[str]:
    if not r.recommendations:
        return ["No recommendation: nothing in the window crossed a waste or risk threshold."]
    shown = min(top, len(r.recommendations))
    lines = [f"Top {shown} of {len(r.recommendations)} recommendations, by expected gain:"]
    for i, rec in enumerate(r.recommendations[:top], 1):
        lines.append(
            f"{i:>3}. [{_gain(rec.gain.value, rec.gain.unit, rec.gain.energy_kwh)}] {rec.title}"
        )
        if rec.action is not None:
            lines.append(f"       action (needs approval): {rec.action.tool} {rec.action.args}")
    return lines


def _tables(r: PerfReport, top: int) -> list[str]:
    lines = ["", "Chargeback by team:", f"  {'team':<22}{'GPU-h':>10}{'idle GPU-h':>12}{'kWh':>10}"]
    lines += [
        f"  {c.team:<22}{c.gpu_hours:>10,.0f}{c.idle_gpu_hours:>12,.0f}{c.energy_kwh:>10,.0f}"
        for c in r.chargeback
    ]
    lines += ["", "Failure risk (next days):"]
    lines += [
        f"  {f.gpu:<18} risk {f.risk:.2f} since {_when(f.first_flagged_at)}: {', '.join(f.reasons)}"
        for f in r.at_risk
    ] or ["  none"]
    lines += ["", *_health_header(r, top)]
    for h in [h for h in r.health if h.score < FULL_HEALTH][:top]:
        was = f" (was {h.previous:.0f})" if h.previous is not None else ""
        worst = ", ".join(
            f"{k} -{v:.0f}" for k, v in sorted(h.factors.items(), key=lambda kv: -kv[1])[:4]
        )
        lines.append(f"  {h.gpu:<18}{h.score:>6.1f}{was}  {worst}")
    return lines


def _health_header(r: PerfReport, top: int) -> list[str]:
    below = sum(1 for h in r.health if h.score < FULL_HEALTH)
    if not below:
        return [f"Health (0-100): no GPU below {FULL_HEALTH:.0f} of {len(r.health)} GPUs."]
    return [
        f"Health (0-100): worst {min(top, below)} of the {below} GPUs below "
        f"{FULL_HEALTH:.0f} ({len(r.health)} GPUs in all):"
    ]


def summary_lines(r: PerfReport) -> list[str]:
    """The report's first lines: the window and the totals (the HTML page's header)."""
    t = r.totals
    return [
        f"Performance report {_when(r.window_start)} → {_when(r.window_end)}  ({r.source})",
        f"{t.gpus} GPUs, {t.gpu_hours:,.0f} GPU-h analysed; "
        f"{t.allocated_gpu_hours:,.0f} GPU-h allocated, {t.idle_allocated_gpu_hours:,.0f} idle; "
        "wasted (idle, under-used, CPU-only, gaps): "
        f"{t.wasted_gpu_hours:,.0f} GPU-h; energy {t.energy_kwh:,.0f} kWh",
    ]


def report_text(r: PerfReport, top: int, filed: Sequence[str] = ()) -> str:
    lines = [
        *summary_lines(r),
        "",
        *_recommendations(r, top),
        *_tables(r, top),
        "",
        "Not analysed (no signal in the data):",
        *(f"  {c.analysis}: {c.reason}" for c in r.caveats),
    ]
    if filed:
        lines += [
            "",
            f"Filed {len(filed)} approval request(s): {', '.join(filed)}",
            "  (see `gpufleet approvals`; nothing runs until a person approves)",
        ]
    return "\n".join(lines)
