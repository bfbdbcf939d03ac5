"""``gpufleet perf report --out DIR``: report.html (self-contained, plots inline as SVG),
report.md and report.json. Plots: utilization by node and hour, idle GPU-hours by team, the
health-score distribution; tables: recommendations, power plan, at-risk GPUs."""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from gpufleet.agents.perf.report import PerfReport
from gpufleet.agents.perf.stats import FleetStats
from gpufleet.cli.perf_render import report_text, summary_lines
from gpufleet.evals.plotting import pyplot

if TYPE_CHECKING:
    from matplotlib.figure import Figure

# Loaded with this module, which cli.perf imports only for `perf report --out`: without
# matplotlib (the plots extra) that command says which extra to install; nothing else needs it.
plt = pyplot()

HEAD = (
    "<!doctype html><html><head><meta charset='utf-8'>"
    "<title>gpufleet performance report</title><style>"
    "body{font-family:sans-serif;max-width:1200px;margin:auto}"
    "td,th{border:1px solid #ccc;padding:3px 6px;text-align:left}"
    "table{border-collapse:collapse}</style></head><body>"
)


def _svg(fig: Figure) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", bbox_inches="tight")
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg") :]


def node_hour_util(stats: FleetStats) -> tuple[np.ndarray, np.ndarray]:
    """(hours since start, (nodes, hours) mean GPU utilization) from the 5-minute series."""
    times, util = stats.series("DCGM_FI_DEV_GPU_UTIL")
    hour = ((times - stats.start) // 3600).astype(int)
    n_nodes, n_hours = len(stats.node_keys), int(hour.max()) + 1
    sums = np.zeros((n_nodes, n_hours))
    counts = np.zeros((n_nodes, n_hours))
    ok = ~np.isnan(util)
    rows, cols = np.nonzero(ok)
    np.add.at(sums, (stats.gpu_node[cols], hour[rows]), util[rows, cols])
    np.add.at(counts, (stats.gpu_node[cols], hour[rows]), 1)
    with np.errstate(invalid="ignore"):
        return np.arange(n_hours), np.where(counts > 0, sums / np.maximum(counts, 1), np.nan)


def _heatmap(stats: FleetStats) -> str:
    _, grid = node_hour_util(stats)
    fig, ax = plt.subplots(figsize=(11, 0.6 + 0.04 * grid.shape[0]))
    im = ax.imshow(grid, aspect="auto", cmap="viridis", vmin=0, vmax=100, interpolation="nearest")
    ax.set_xlabel("hour of the window")
    ax.set_ylabel(f"node (1..{grid.shape[0]})")
    fig.colorbar(im, ax=ax, label="mean GPU utilization %")
    return _svg(fig)


def _teams(report: PerfReport) -> str:
    teams = [c for c in report.chargeback if c.gpu_hours > 0]
    fig, ax = plt.subplots(figsize=(7, 0.8 + 0.35 * len(teams)))
    ax.barh([c.team for c in teams], [c.idle_gpu_hours for c in teams], color="#c44")
    ax.set_xlabel("idle allocated GPU-hours")
    ax.invert_yaxis()
    return _svg(fig)


def _health(report: PerfReport) -> str:
    fig, ax = plt.subplots(figsize=(7, 3))
    ax.hist([h.score for h in report.health], bins=list(range(0, 105, 5)), color="#47a")
    ax.set_yscale("log")
    ax.set_xlabel("health score (0 failing .. 100 healthy)")
    ax.set_ylabel("GPUs")
    return _svg(fig)


def _table(head: list[str], rows: list[list[str]], empty: str = "None.") -> str:
    if not rows:  # an empty table with headers reads as a rendering fault
        return f"<p>{html.escape(empty)}</p>"
    cells = "".join(f"<th>{html.escape(h)}</th>" for h in head)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{cells}</tr>{body}</table>"


def _html(report: PerfReport, stats: FleetStats, top: int) -> str:
    recs = [
        [f"{r.gain.value:,.1f} {r.gain.unit}", r.title, r.action.tool if r.action else ""]
        for r in report.recommendations[:top]
    ]
    plan = [
        [
            p.rack,
            p.action,
            f"{p.current_w:.0f} → {p.proposed_w:.0f} W",
            f"{p.headroom_c:.1f}",
            f"{p.gain_pct:+.2f}",
            f"{p.energy_kwh_delta:+.0f}",
        ]
        for p in report.power_plan
    ]
    risk = [[f.gpu, f"{f.risk:.2f}", ", ".join(f.reasons)] for f in report.at_risk]
    caveats = "".join(
        f"<li><b>{html.escape(c.analysis)}</b>: {html.escape(c.reason)}</li>"
        for c in report.caveats
    )
    header = "\n".join(summary_lines(report))
    return "\n".join(
        [
            HEAD,
            # the header only: the sections below are the lists (report_text(report, 0) said
            # "worst 0 of N GPUs" above an empty recommendation list)
            f"<h1>Performance report</h1><pre>{html.escape(header)}</pre>",
            "<h2>Recommendations</h2>",
            _table(
                ["expected gain", "recommendation", "action"],
                recs,
                "No recommendation: nothing in the window crossed a waste or risk threshold.",
            ),
            "<h2>Utilization by node and hour</h2>",
            _heatmap(stats),
            "<h2>Idle GPU-hours by team</h2>",
            _teams(report),
            "<h2>Power-limit plan</h2>",
            _table(
                ["rack", "action", "limit", "headroom °C", "throughput %", "kWh"],
                plan,
                "No power-limit change proposed.",
            ),
            "<h2>Health</h2>",
            _health(report),
            "<h2>At risk</h2>",
            _table(["GPU", "risk", "why"], risk, "No GPU at risk."),
            f"<h2>Not analysed</h2><ul>{caveats}</ul>",
            "<p>Periodic-gap spectrograms are not drawn: the analysis keeps each job's spectral"
            " peak, not its spectrum.</p></body></html>",
        ]
    )


def write_report(report: PerfReport, stats: FleetStats, folder: Path, top: int) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    files = [folder / "report.html", folder / "report.md", folder / "report.json"]
    files[0].write_text(_html(report, stats, top))
    files[1].write_text("```\n" + report_text(report, top) + "\n```\n")
    files[2].write_text(json.dumps(report.model_dump(mode="json"), indent=1) + "\n")
    return files
