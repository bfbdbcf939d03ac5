"""SRE agent latency and memory: one diagnosis through the full LangGraph graph (parallel
evidence branches, scoring, plan, up to the approval pause) versus the same steps run
sequentially without the graph, on the recorded DBE example and the demo's fan failure.

    .venv/bin/python bench/sre_bench.py [--rounds 20] [--json bench/results/sre.json]

Each round diagnoses a fresh thread (in-memory checkpointer, fresh approval store), so nothing
is cached between rounds except the knowledge base and its index, as in a running agent.
Reported: p50 / p90 / max seconds per diagnosis, evidence items and tool calls per diagnosis,
and the process's peak RSS.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from langgraph.checkpoint.memory import InMemorySaver

from gpufleet.agents.pipeline import final_incidents, replay_noc
from gpufleet.agents.sre.config import SreConfig
from gpufleet.agents.sre.diagnose_core import diagnose_deterministic
from gpufleet.agents.sre.fleet import ReplayFleet
from gpufleet.agents.sre.runtime import (
    Shared,
    build_runtime,
    replay_tools,
)
from gpufleet.bus.events import Event, Incident
from gpufleet.evals.recorded import load_incident
from gpufleet.graph.tools import ToolRegistry
from gpufleet.sim.demo import demo_simulator

ROOT = Path(__file__).resolve().parents[1]


def scenario(name: str) -> tuple[ReplayFleet, Incident]:
    if name == "dbe-recorded":
        inc = load_incident(ROOT / "src" / "gpufleet" / "evals" / "examples" / "dbe-recorded")
        topology, ticks = inc.topology, inc.iter_ticks()
    else:
        sim = demo_simulator(17)
        topology, ticks = sim.topology, sim.run(3.25 * 3600)
    fleet = ReplayFleet(topology)
    events: list[Event] = []
    for _, evs in replay_noc(topology, ticks, fleet):
        events += evs
    worst = max(final_incidents(events), key=lambda i: (i.severity, -i.opened_at))
    return fleet, worst


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, round(q * (len(values) - 1)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    shared = Shared.load()
    cfg = SreConfig()
    results: dict[str, dict[str, float | int | str]] = {}
    for name in ("dbe-recorded", "demo-fan-failure"):
        fleet, incident = scenario(name)
        tools = replay_tools(cfg, fleet)
        graph_s: list[float] = []
        core_s: list[float] = []
        evidence = calls = 0
        top = ""
        for _ in range(args.rounds):
            with tempfile.TemporaryDirectory() as tmp:
                rt = build_runtime(
                    cfg,
                    fleet,
                    tools,
                    shared=shared,
                    state_dir=Path(tmp),
                    checkpointer=InMemorySaver(),
                )
                t0 = time.perf_counter()
                report = rt.runner.diagnose(incident, now=incident.updated_at)
                graph_s.append(time.perf_counter() - t0)
                rt.close()
            assert report.diagnosis is not None and report.diagnosis.top is not None
            top = report.diagnosis.top.card_id
            evidence = len(report.diagnosis.evidence)
            calls = len({(e.tool, e.query) for e in report.diagnosis.evidence})
            t0 = time.perf_counter()
            diagnose_deterministic(
                incident,
                ToolRegistry(tools),
                shared.retriever,
                shared.kb,
                incident.updated_at,
                fleet.topology,
            )
            core_s.append(time.perf_counter() - t0)
        results[name] = {
            "top_card": top,
            "gpus": fleet.topology.n_gpus,
            "evidence_items": evidence,
            "distinct_tool_calls": calls,
            "graph_p50_s": round(statistics.median(graph_s), 4),
            "graph_p90_s": round(pct(graph_s, 0.9), 4),
            "graph_max_s": round(max(graph_s), 4),
            "sequential_core_p50_s": round(statistics.median(core_s), 4),
        }
        print(
            f"{name:18} {top:22} {fleet.topology.n_gpus:4d} GPUs  evidence {evidence:3d}  "
            f"graph p50 {results[name]['graph_p50_s']:.3f} s  p90 "
            f"{results[name]['graph_p90_s']:.3f} s  (sequential core p50 "
            f"{results[name]['sequential_core_p50_s']:.3f} s)"
        )
    rss_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS {rss_mib:.0f} MiB (knowledge base, index, replay fleets, graph)")
    doc = {"rounds": args.rounds, "scenarios": results, "peak_rss_mib": round(rss_mib)}
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(doc, indent=2) + "\n")


if __name__ == "__main__":
    main()
