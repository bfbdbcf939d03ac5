"""Root-cause accuracy of the SRE agent's deterministic path on the recorded-incident suite.

For each scenario: replay its ticks through the NOC detector (as ``evals.agents.NocAgent``
does) to get the final incidents, then replay them again into a :class:`ReplayFleet` and
diagnose each final incident at its last update time, so the read tools see only data up to
that moment. Ground truth is used only here, to score: for every non-benign fault, the first
matching incident (``evals.scoring.matches``) is the detection, and its top-1 / top-3 card ids
are compared with the fault's ``root_cause``.

    .venv/bin/python bench/sre_top1.py [--suite evals/suite] [--only NAME] [--verbose]

Prints per-scenario results, top-1 / top-3, per-class confusion and the p50 diagnosis latency
(wall time of ``diagnose_deterministic``, measured here at the edge).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agents.noc.detector import Detector
from agents.sre.diagnose_core import CoreDiagnosis, diagnose_deterministic
from agents.sre.fleet import ReplayFleet
from agents.sre.read_tools import read_tools
from bus.events import Incident, IncidentOpened, IncidentUpdated
from evals.recorded import load_incident
from evals.scoring import matches
from graph.tools import ToolRegistry
from knowledge.retrieve import Retriever

SUITE = Path(__file__).resolve().parents[1] / "evals" / "suite"


def run_scenario(folder: Path, retriever: Retriever, verbose: bool) -> list[dict[str, object]]:
    li = load_incident(folder, folder.parent / ".cache")
    ticks = list(li.iter_ticks())
    det = Detector(li.topology)
    events: list[IncidentOpened | IncidentUpdated] = []
    final: dict[str, Incident] = {}
    merged: set[str] = set()
    for tick in ticks:
        for ev in det.process(tick):
            if isinstance(ev, IncidentOpened | IncidentUpdated):
                events.append(ev)
                final[ev.incident.incident_id] = ev.incident
                if isinstance(ev, IncidentUpdated) and ev.change == "merged":
                    merged.add(ev.incident.incident_id)
    incidents = sorted(
        (i for k, i in final.items() if k not in merged),
        key=lambda i: (i.updated_at, i.incident_id),
    )
    boot = {k: float(v) for k, v in (li.spec.boot_times or {}).items()}
    fleet = ReplayFleet(li.topology, boot_times=boot)
    registry = ToolRegistry(read_tools(fleet))
    results: dict[str, tuple[tuple[str, ...], float, CoreDiagnosis | None]] = {}
    pending = list(incidents)
    ev_i = 0
    for tick in ticks:
        fleet.observe(tick)
        while ev_i < len(events) and events[ev_i].time <= tick.timestamp:
            fleet.observe_event(events[ev_i])
            ev_i += 1
        while pending and pending[0].updated_at <= tick.timestamp:
            inc = pending.pop(0)
            t0 = time.perf_counter()
            core = diagnose_deterministic(
                inc, registry, retriever, retriever.kb, inc.updated_at, li.topology
            )
            wall = time.perf_counter() - t0
            results[inc.incident_id] = (tuple(h.card_id for h in core.hypotheses), wall, core)
    rows: list[dict[str, object]] = []
    preds = sorted(incidents, key=lambda i: (i.opened_at, i.incident_id))
    for fault in li.spec.truth.faults:
        if fault.benign:
            continue
        hit = next((p for p in preds if matches(p, fault)), None)
        ranked, wall, diag = (
            results.get(hit.incident_id, ((), 0.0, None)) if hit else ((), 0.0, None)
        )
        row = {
            "scenario": folder.name,
            "truth": fault.root_cause,
            "detected": hit is not None,
            "ranked": ranked,
            "top1": bool(ranked) and ranked[0] == fault.root_cause,
            "top3": fault.root_cause in ranked[:3],
            "latency_s": wall,
        }
        rows.append(row)
        if verbose and diag is not None:
            print(f"--- {folder.name}: truth {fault.root_cause}")
            print("    findings:", ", ".join(f.name for f in diag.findings))
            for h in diag.hypotheses[:4]:
                print(f"    {h.score:6.3f} {h.card_id:34s} {' | '.join(h.reasons[1:4])}")
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--suite", type=Path, default=SUITE)
    ap.add_argument("--only", action="append", default=[], help="scenario name (repeatable)")
    ap.add_argument("--verbose", "-v", action="store_true")
    args = ap.parse_args()
    folders = sorted(p.parent for p in args.suite.glob("*/incident.yaml"))
    if args.only:
        folders = [f for f in folders if f.name in set(args.only)]
    retriever = Retriever.open()
    rows: list[dict[str, object]] = []
    for folder in folders:
        spec_text = (folder / "incident.yaml").read_text()
        if "benign: false" not in spec_text:
            continue  # fault-free and red-herring-only scenarios have nothing to diagnose
        try:
            got = run_scenario(folder, retriever, args.verbose)
        except Exception as e:  # one broken scenario must not hide the others' numbers
            print(f"{folder.name}: FAILED {type(e).__name__}: {e}")
            continue
        for r in got:
            mark = "ok " if r["top1"] else ("top3" if r["top3"] else "MISS")
            ranked = list(r["ranked"])[:3]  # type: ignore[call-overload]
            print(f"{mark:4s} {r['scenario']:32s} truth={r['truth']:28s} got={ranked}")
        rows += got
    detected = [r for r in rows if r["detected"]]
    n = len(detected)
    top1 = sum(1 for r in detected if r["top1"])
    top3 = sum(1 for r in detected if r["top3"])
    lat = [float(r["latency_s"]) for r in detected]  # type: ignore[arg-type]
    print()
    print(f"faults {len(rows)}, detected {n}")
    if n:
        print(
            f"top-1 {top1}/{n} = {100 * top1 / n:.1f} %   top-3 {top3}/{n} = {100 * top3 / n:.1f} %"
        )
        p50, worst = 1000 * statistics.median(lat), 1000 * max(lat)
        print(f"diagnosis latency p50 {p50:.0f} ms, max {worst:.0f} ms")
    confusion: dict[str, Counter[str]] = defaultdict(Counter)
    for r in detected:
        ranked = list(r["ranked"])  # type: ignore[call-overload]
        confusion[str(r["truth"])][ranked[0] if ranked else "(none)"] += 1
    print("\nper class (truth → top-1 counts):")
    for truth, c in sorted(confusion.items()):
        print(f"  {truth:30s} " + ", ".join(f"{k}×{v}" for k, v in c.most_common()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
