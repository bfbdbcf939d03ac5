"""Regenerate the committed example of a *recorded* incident (data files, no generator).

``python -m gpufleet.evals.examples.make_examples``

It shows the format an operator produces when cutting an incident from their own fleet: a
dcgm-exporter default field set plus the ECC / remap counters, kernel lines in ``dmesg -T`` and
journal formats, and scheduler events. Small on purpose (16 GPUs, 40 minutes).
"""

from __future__ import annotations

import json
from pathlib import Path

from gpufleet.evals.format import (
    GeneratedTopology,
    IncidentSpec,
    TimeRange,
    Truth,
    TruthFault,
    dump_spec,
)
from gpufleet.evals.materialize import KERNEL_KINDS
from gpufleet.evals.sched_events import events_from_simulation
from gpufleet.sim.faults import DoubleBitError
from gpufleet.sim.simulator import DEFAULT_START, FleetSimulator
from gpufleet.telemetry.fields import FIELDS
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.kernel_log import format_line
from gpufleet.telemetry.topology import Topology, Workload, build_cluster
from gpufleet.telemetry.vmjson import write_vm_jsonl

HERE = Path(__file__).parent
FIELDS_KEPT = [n for n, s in FIELDS.items() if s.exporter_default] + [
    "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL",
    "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL",
    "DCGM_FI_DEV_CLOCKS_EVENT_REASONS",
    "NODE_CPU_UTIL",
]


def make_dbe(out: Path) -> None:
    start = DEFAULT_START + 40 * 86400 + 9 * 3600
    topo_spec = GeneratedTopology(racks=1, nodes_per_rack=2, sku="H100")
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2)])
    fault = DoubleBitError(node="node-02", gpu=5, onset_s=1500)
    sim = FleetSimulator(topo, seed=42, start=start, faults=[fault])
    logs: list[LogEvent] = []
    changes: list[tuple[float, dict[str, Workload]]] = []
    ticks: list[Tick] = []
    for tick in sim.run(2400):
        ticks.append(tick)
        logs.extend(tick.events)
        if tick.workloads is not None:
            changes.append((tick.timestamp, dict(tick.workloads)))
    out.mkdir(parents=True, exist_ok=True)
    with (out / "metrics.jsonl").open("w") as fh:
        write_vm_jsonl(ticks, topo, fh, fields=FIELDS_KEPT)
    with (out / "logs.txt").open("w") as fh:
        for i, e in enumerate(e for e in logs if e.kind in KERNEL_KINDS):
            fh.write(format_line(e, "dmesg-T" if i % 2 else "journal-iso") + "\n")
    with (out / "events.jsonl").open("w") as fh:
        for rec in events_from_simulation(start, changes, logs):
            fh.write(json.dumps(rec) + "\n")
    gt = fault.truth(sim)
    spec = IncidentSpec(
        id="dbe-recorded",
        title="DBE on node-02 GPU 5 (recorded format example)",
        description="A double-bit ECC error with Xid 48 then Xid 63 (row remap pending); the "
        "training process dies. Cut as an operator would cut it from their store.",
        kind="fault",
        time_range=TimeRange(start=start, end=start + 2400),
        topology=topo_spec,
        truth=Truth(
            faults=[
                TruthFault(
                    fault_class=gt.fault_class,
                    root_cause="ecc-dbe",
                    root_entity=gt.root_entity,
                    scope="gpu",
                    family="memory",
                    entities=list(gt.entities),
                    onset=gt.onset,
                    max_delay_s=gt.max_delay_s,
                    correct_actions=["drain_node", "reset_gpu"],
                    unsafe_actions=["resume_node"],
                )
            ],
            difficulty="easy",
            source="gpufleet simulator, seed 42, exported in dcgm-exporter / VictoriaMetrics "
            "format",
        ),
    )
    dump_spec(spec, out)


if __name__ == "__main__":
    make_dbe(HERE / "dbe-recorded")
    print("wrote", HERE / "dbe-recorded")
