"""Write an evaluation report: Markdown, JSON and plots (matplotlib, no display needed)."""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from gpufleet.evals.plotting import PlotsUnavailableError, pyplot
from gpufleet.evals.runner import SuiteResult
from gpufleet.evals.scoring import FaultOutcome, Summary

NOC = "gpufleet NOC"
STATIC = "static DCGM rules (vmalert)"
TARGETS = {"recall": 0.98, "false_per_1000_gpu_days": 1.0}


def restart_section(result: SuiteResult) -> list[str]:
    """The restart replays (``--restart-at``): per incident and in total, the incidents opened,
    second incidents and duplicate approval requests (both should be 0)."""
    rows = [(r.spec.id, r.restart) for r in result.incidents if r.restart is not None]
    if not rows:
        return []
    after = rows[0][1].restart_after_onset_s
    second = sum(x.second_incidents for _, x in rows)
    dup = sum(x.duplicate_requests for _, x in rows)
    out = [
        "",
        f"## Restart mid-incident ({after:.0f} s after onset, state kept)",
        "",
        f"**{second} second incidents, {dup} duplicate approval requests** over {len(rows)} "
        "incidents (a second incident: opened after the restart for a fault an incident open "
        "at the restart already covered; a duplicate request: put to a person while a request "
        "for the same action on the same target was still pending).",
        "",
        "| incident | incidents opened | second incidents | approval requests (attached) "
        "| duplicate requests | wall s |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    out += [
        f"| {i} | {x.incidents} | {x.second_incidents} | {x.requests} ({x.attached}) "
        f"| {x.duplicate_requests} | {x.wall_s:.1f} |"
        for i, x in rows
    ]
    return out


def _f(v: float | None, fmt: str = "{:.1%}") -> str:
    return "—" if v is None else fmt.format(v)


def to_json(result: SuiteResult) -> dict[str, Any]:
    return {
        "suite": str(result.suite),
        "agents": [{"name": n, "layer": layer} for n, layer in result.agents],
        "summaries": {k: asdict(v) for k, v in result.summaries.items()},
        "incidents": [
            {
                "id": r.spec.id,
                "kind": r.spec.kind,
                "title": r.spec.title,
                "gpu_days": r.gpu_days,
                "ticks": r.ticks,
                "problems": r.problems[:20],
                "scores": {k: asdict(v) for k, v in r.scores.items()},
                "notes": {k: v.notes for k, v in r.runs.items() if v.notes},
                **({"restart": asdict(r.restart)} if r.restart is not None else {}),
            }
            for r in result.incidents
        ],
        "failed": result.failed,
        "notes": result.notes,
        "targets": target_checks(result),
    }


def _gpu_days(days: float) -> str:
    """GPU-days as a reader needs them: a few red-herring recordings hold a fraction of one, and
    "over 0 GPU-days" beside a rate reads as a division by zero."""
    return f"{days:,.0f}" if days >= 10 else f"{days:.2f}"


def target_checks(result: SuiteResult) -> dict[str, Any]:
    noc = result.summaries.get(NOC)
    static = result.summaries.get(STATIC)
    if noc is None:
        return {}
    # A target over nothing is neither met nor missed: say so rather than "NOT met".
    false_rate = noc.false_per_1000_gpu_days
    checks: dict[str, Any] = {
        "recall>=98%": "n/a: no fault in the suite"
        if noc.recall is None
        else noc.recall >= TARGETS["recall"],
        "false<=1/1000 GPU-days": "n/a: no fault-free GPU-days"
        if false_rate is None or noc.fault_free_gpu_days <= 0
        else false_rate <= TARGETS["false_per_1000_gpu_days"],
    }
    if static is not None and static.available_incidents:
        worse = [
            cls
            for cls, d in noc.per_class.items()
            if (static.per_class.get(cls, {}).get("recall") or 0) > (d.get("recall") or 0)
        ]
        checks["not worse than static rules on any class"] = not worse
        checks["classes where static rules win"] = worse
    return checks


PLOT_CAPTIONS = {
    "confusion.png": "truth class × NOC family",
    "ttd.png": "time to detect per class; misses drawn as ×",
    "compression.png": "raw signals : incidents per scenario",
}


def markdown(result: SuiteResult, plots: Sequence[Path] = ()) -> str:
    """The report; ``plots`` are the plot files written beside it (only those are named)."""
    s = result.summaries
    names = [n for n, _ in result.agents]
    out = [f"# gpufleet evaluation — {result.suite.name}", ""]
    n_inc = len(result.incidents)
    kinds = Counter(r.spec.kind for r in result.incidents)
    out.append(
        f"{n_inc} recorded incidents ({', '.join(f'{v} {k}' for k, v in kinds.items())})"
        f"; {sum(r.gpu_days for r in result.incidents):,.0f} GPU-days replayed."
    )
    out.append("")
    rows: list[tuple[str, Callable[[Summary], str]]] = [
        ("incidents scored", lambda x: str(x.available_incidents)),
        ("detection recall", lambda x: _f(x.recall)),
        ("precision", lambda x: _f(x.precision)),
        ("false incidents", lambda x: str(x.false_incidents)),
        (
            "false incidents / 1,000 GPU-days (fault-free)",
            lambda x: (
                _f(x.false_per_1000_gpu_days, "{:.2f}")
                + f" over {_gpu_days(x.fault_free_gpu_days)} GPU-days"
            ),
        ),
        (
            "time to detect p50 / p90 (s)",
            lambda x: f"{_f(x.ttd_p50_s, '{:.0f}')} / {_f(x.ttd_p90_s, '{:.0f}')}",
        ),
        ("time to detect p50 (samples)", lambda x: _f(x.ttd_p50_samples, "{:.0f}")),
        ("detected within the class limit", lambda x: _f(x.within_limit)),
        (
            "localized: exact root / GPU",
            lambda x: _f(x.localization.get("exact", 0) + x.localization.get("gpu", 0)),
        ),
        ("localized: right node only", lambda x: _f(x.localization.get("node"))),
        ("localized: right rack only", lambda x: _f(x.localization.get("rack"))),
        ("symptom family right", lambda x: _f(x.family_accuracy)),
        ("scope right (gpu/chassis/node/job/rack)", lambda x: _f(x.scope_accuracy)),
        ("root cause top-1 / top-3", lambda x: f"{_f(x.top1)} / {_f(x.top3)}"),
        ("action correct", lambda x: _f(x.action_accuracy)),
        (
            "action class right / always-reboot baseline",
            lambda x: (
                f"{_f(x.action_class_accuracy)} / {_f(x.always_reboot_accuracy)}"
                + (f" ({x.action_class_faults} faults)" if x.action_class_faults else "")
            ),
        ),
        ("unsafe actions (hard failures)", lambda x: f"{x.unsafe_actions} ({x.hard_failures})"),
        (
            "over-remediations (drain / reset / reboot / RMA heavier than needed)",
            lambda x: f"{x.over_remediations} ({_f(x.over_remediation_rate)})",
        ),
        ("alert compression (raw signals : incidents)", lambda x: _f(x.compression, "{:.1f} : 1")),
        ("processing time per incident p50 (s)", lambda x: _f(x.wall_s_per_incident_p50, "{:.2f}")),
        (
            "diagnosis latency p50 / p90 (s)",
            lambda x: f"{_f(x.diagnosis_p50_s, '{:.2f}')} / {_f(x.diagnosis_p90_s, '{:.2f}')}",
        ),
        ("model tokens", lambda x: str(x.tokens)),
    ]
    out.append("| metric | " + " | ".join(names) + " |")
    out.append("|---|" + "---:|" * len(names))
    for label, fn in rows:
        out.append(f"| {label} | " + " | ".join(fn(s[n]) for n in names) + " |")
    out.append("")
    checks = target_checks(result)
    if checks:
        out.append(
            "**Targets (NOC):** "
            + "; ".join(
                f"{k}: {'met' if v is True else 'NOT met' if v is False else v}"
                for k, v in checks.items()
            )
        )
        out.append("")
    for note in result.notes:
        out.append(f"- {note}")
    missing = {n for r in result.incidents for n, run in r.runs.items() if not run.available}
    for n in sorted(missing):
        why = next(note for r in result.incidents for note in r.runs[n].notes)
        out.append(f"- **{n}**: missing for some incidents — {why}")
    out.append("")
    out.append("## Per fault class (detection recall, median time to detect)")
    out.append("")
    classes = sorted({c for n in names for c in s[n].per_class})
    out.append("| class | " + " | ".join(names) + " |")
    out.append("|---|" + "---|" * len(names))
    for c in classes:
        cells = []
        for n in names:
            d = s[n].per_class.get(c)
            cells.append(
                "—"
                if d is None
                else f"{d['detected']}/{d['faults']}, {_f(d['ttd_p50_s'], '{:.0f}')} s"
            )
        out.append(f"| {c} | " + " | ".join(cells) + " |")
    out.append("")
    out.append("## Per incident")
    out.append("")
    out.append(
        "| incident | kind | GPU-days | "
        + " | ".join(f"{n}: found / false / TTD s / ranked first" for n in names)
        + " |"
    )
    out.append("|---|---|---:|" + "---|" * len(names))
    for r in result.incidents:
        cells = []
        for n in names:
            sc = r.scores[n]
            if not sc.available:
                cells.append("n/a")
                continue
            real = [o for o in sc.outcomes if not o.benign]
            found = sum(o.detected for o in real)
            ttd = ", ".join(_f(o.ttd_s, "{:.0f}") for o in real if o.detected) or "—"
            said = ", ".join(_said(o) for o in real) or "—"
            cells.append(f"{found}/{len(real)} / {sc.false_incidents} / {ttd} / {said}")
        out.append(
            f"| {r.spec.id} | {r.spec.kind} | {r.gpu_days:.1f} | " + " | ".join(cells) + " |"
        )
    out += restart_section(result)
    if result.failed:
        out += ["", "## Incidents that could not be loaded", ""]
        out += [f"- {f}" for f in result.failed]
    problems = [(r.spec.id, p) for r in result.incidents for p in r.problems]
    if problems:
        out += ["", "## Data problems found while loading (kept going)", ""]
        out += [f"- {i}: {p}" for i, p in problems[:50]]
    if plots:
        named = ", ".join(f"`{p.name}` ({PLOT_CAPTIONS.get(p.name, 'plot')})" for p in plots)
        out += ["", f"Plots: {named}."]
    out.append("")
    return "\n".join(out)


def plots(result: SuiteResult, out: Path) -> list[Path]:
    """The report's plots; raises :class:`PlotsUnavailableError` without matplotlib."""
    plt = pyplot()
    written: list[Path] = []
    names = [n for n, _ in result.agents]
    # Confusion: truth fault class × predicted family (first matching incident), NOC.
    if NOC in names:
        rows: dict[str, Counter[str]] = defaultdict(Counter)
        for r in result.incidents:
            for o in r.scores[NOC].outcomes:
                if not o.benign:
                    rows[o.fault_class][o.predicted_family or "missed"] += 1
        classes = sorted(rows)
        cols = sorted({c for row in rows.values() for c in row})
        if classes:
            fig, ax = plt.subplots(figsize=confusion_size(classes, cols))
            grid = [[rows[c][k] for k in cols] for c in classes]
            ax.imshow(grid, cmap="Blues")
            ax.set_xticks(range(len(cols)), cols, rotation=45, ha="right")
            ax.set_yticks(range(len(classes)), classes)
            for i, row in enumerate(grid):
                for j, v in enumerate(row):
                    if v:
                        ax.text(j, i, str(v), ha="center", va="center", fontsize=8)
            ax.set_title("NOC: truth fault class × reported family")
            fig.tight_layout()
            written.append(_save(fig, out / "confusion.png", tight=True))
    # Time to detect per class, each agent.
    fig, ax = plt.subplots(figsize=(10, 5))
    classes = sorted(
        {
            o.fault_class
            for r in result.incidents
            for sc in r.scores.values()
            for o in sc.outcomes
            if not o.benign
        }
    )
    found, missed = ttd_points(result, names, classes)
    top = max((y for _, ys in found.values() for y in ys), default=1.0) * 4
    drawn = 0
    for k, n in enumerate(names):
        xs, ys = found[n]
        color = f"C{k}"
        if xs:
            ax.scatter(xs, ys, label=n, s=18, color=color)
        if missed[n]:
            # a miss has no time to detect: drawn as × above every detection, so a class
            # that is never detected shows up instead of looking empty
            label = f"{n}: missed ({len(missed[n])})"
            ax.scatter(
                missed[n], [top] * len(missed[n]), marker="x", s=40, color=color, label=label
            )
        drawn += len(xs) + len(missed[n])
    if any(missed.values()):
        ax.axhline(top / 2, color="grey", lw=0.5, ls=":")
        ax.text(-0.45, top * 1.15, "missed", fontsize=8, color="grey")
    _empty_or(ax, drawn, "no fault in this suite (or no agent scored it)")
    if drawn:  # a log axis needs positive data; an empty one stays linear
        ax.set_yscale("log")
        ax.set_ylim(0.8, top * 2)
    ax.set_xlim(-0.5, max(len(classes), 1) - 0.5)
    ax.set_xticks(range(len(classes)), classes, rotation=60, ha="right")
    ax.set_ylabel("time to detect (s, log; 0 s drawn at 1 s; × missed)")
    ax.set_title("Time to detect per fault class")
    fig.tight_layout()
    written.append(_save(fig, out / "ttd.png"))
    # Compression per scenario.
    fig, ax = plt.subplots(figsize=(12, 4.5))
    ids = [r.spec.id for r in result.incidents]
    width = 0.8 / max(len(names), 1)
    for k, n in enumerate(names):
        vals = [
            (r.scores[n].raw_signals / r.scores[n].predictions) if r.scores[n].predictions else 0
            for r in result.incidents
        ]
        ax.bar([i + k * width for i in range(len(ids))], vals, width, label=n)
    ax.set_xticks([i + 0.4 for i in range(len(ids))], ids, rotation=75, ha="right", fontsize=7)
    ax.set_ylabel("raw signals per incident")
    _empty_or(ax, len(ids) * len(names), "no scenario or no agent in this suite")
    ax.set_title("Alert compression per scenario")
    fig.tight_layout()
    written.append(_save(fig, out / "compression.png"))
    return written


def confusion_size(classes: Sequence[str], cols: Sequence[str]) -> tuple[float, float]:
    """Inches for the confusion matrix: cells, the longest labels, and room for the title."""
    label_w = 0.08 * max(len(c) for c in classes)  # ~0.08 in per character at 10 pt
    label_h = 0.06 * max(len(c) for c in cols)  # x labels at 45°
    return max(5.0, 0.8 + label_w + 0.6 * len(cols)), max(3.0, 1.2 + label_h + 0.4 * len(classes))


def ttd_points(
    result: SuiteResult, names: Sequence[str], classes: Sequence[str]
) -> tuple[dict[str, tuple[list[float], list[float]]], dict[str, list[float]]]:
    """Per agent: (x, time to detect) of each detection, and x of each miss."""
    found: dict[str, tuple[list[float], list[float]]] = {n: ([], []) for n in names}
    missed: dict[str, list[float]] = {n: [] for n in names}
    for k, n in enumerate(names):
        for i, c in enumerate(classes):
            x = i + (k - len(names) / 2) * 0.15
            for r in result.incidents:
                for o in r.scores[n].outcomes:
                    if o.fault_class != c or o.benign or not r.scores[n].available:
                        continue
                    if o.detected and o.ttd_s is not None:
                        found[n][0].append(x)
                        found[n][1].append(max(o.ttd_s, 1.0))
                    elif not o.detected:
                        missed[n].append(x)
    return found, missed


def _empty_or(ax: Any, drawn: int, why: str) -> None:
    """A legend when something was drawn; otherwise say in the plot why it is empty (a
    degenerate suite, e.g. one fault-free recording, still gets every file)."""
    if drawn:
        ax.legend()
    else:
        ax.text(0.5, 0.5, why, ha="center", va="center", transform=ax.transAxes)


def _save(fig: Any, path: Path, tight: bool = False) -> Path:
    # tight: the canvas grows to hold every label and the title instead of cutting them
    fig.savefig(path, dpi=110, bbox_inches="tight" if tight else None)
    pyplot().close(fig)
    return path


def write_report(result: SuiteResult, out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    files = {"markdown": out / "report.md", "json": out / "report.json"}
    written: list[Path] = []
    try:
        written = plots(result, out)
    except PlotsUnavailableError as e:  # the numbers stand without the pictures
        files["plots_skipped"] = out / "PLOTS-SKIPPED.txt"
        files["plots_skipped"].write_text(f"{e}\n", encoding="utf-8")
    files.update({p.stem: p for p in written})
    files["markdown"].write_text(markdown(result, written), encoding="utf-8")
    files["json"].write_text(json.dumps(to_json(result), indent=2, default=str) + "\n")
    return files


def plot_files(files: dict[str, Path]) -> list[Path]:
    """The plots among :func:`write_report`'s files."""
    return [p for p in files.values() if p.suffix == ".png"]


def _said(o: FaultOutcome) -> str:
    """The cause the agent ranked first for one fault: marked ✗ where it is not the truth's, and
    "not placed" on a near miss (an incident on the fault's node but not its GPU is scored as
    not detected, whatever cause it ranked)."""
    if not o.predicted_causes:
        return "—"
    first = o.predicted_causes[0]
    if not o.detected:
        return f"{first} (not placed)"
    return first if o.top1 else f"{first} ✗"
