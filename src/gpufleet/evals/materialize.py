"""Produce a scenario's data files from its ``generator`` block (seeded, deterministic).

The suite commits only ``incident.yaml``; ``metrics.jsonl``, ``logs.txt`` and ``events.jsonl``
are written into a cache folder keyed by a hash of the generator block, exactly as an operator's
recorded incident would look. The simulator's ground truth is checked against the committed
truth so a suite that drifted from the simulator fails loudly instead of scoring nonsense.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from gpufleet.evals import sched_events as sched_events_module
from gpufleet.evals.format import IncidentFormatError, IncidentSpec
from gpufleet.evals.sched_events import events_from_simulation
from gpufleet.sim import faults as faults_module
from gpufleet.sim import simulator as simulator_module
from gpufleet.sim.faults import parse_fault_spec
from gpufleet.sim.simulator import ArtifactRates, Fault, FleetSimulator, WorkloadMix
from gpufleet.telemetry import kernel_log as kernel_log_module
from gpufleet.telemetry import vmjson as vmjson_module
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.kernel_log import format_line
from gpufleet.telemetry.topology import Topology, Workload, build_cluster
from gpufleet.telemetry.vmjson import write_vm_jsonl

DATA_VERSION = "1"  # bump when the writers change what they produce
KERNEL_KINDS = ("xid", "sxid", "fallen_off_bus", "rm_init_failed", "nic_link_down", "nic_link_up")


def topology_for(spec: IncidentSpec) -> Topology:
    g = spec.generator.topology if spec.generator else spec.topology
    if g is None:
        raise IncidentFormatError(f"{spec.id}: no generated topology")
    return Topology(
        [
            build_cluster(
                name=g.name,
                racks=g.racks,
                nodes_per_rack=g.nodes_per_rack,
                gpus_per_node=g.gpus_per_node,
                sku_name=g.sku,
                driver_by_rack=g.drivers,
            )
        ]
    )


def simulator_for(spec: IncidentSpec) -> tuple[FleetSimulator, list[Fault]]:
    gen = spec.generator
    if gen is None:
        raise IncidentFormatError(f"{spec.id}: incident.yaml has no generator block")
    faults = [parse_fault_spec(f) for f in gen.faults]
    sim = FleetSimulator(
        topology_for(spec),
        seed=gen.seed,
        start=spec.time_range.start,
        interval_s=gen.interval_s,
        faults=faults,
        artifacts=ArtifactRates() if gen.artifacts else None,
        mix=WorkloadMix(training_nodes=gen.training_share),
    )
    return sim, faults


def _code_fingerprint() -> str:
    """Hash of the code that produces the data, so a simulator change invalidates the cache."""
    h = hashlib.blake2b(digest_size=8)
    for mod in (
        simulator_module,
        faults_module,
        vmjson_module,
        kernel_log_module,
        sched_events_module,
    ):
        h.update(Path(str(mod.__file__)).read_bytes())
    return h.hexdigest()


def cache_key(spec: IncidentSpec) -> str:
    payload = json.dumps(
        {
            "v": DATA_VERSION,
            "code": _code_fingerprint(),
            "gen": spec.generator.model_dump(mode="json") if spec.generator else None,
            "range": spec.time_range.model_dump(),
        },
        sort_keys=True,
    )
    return hashlib.blake2b(payload.encode(), digest_size=6).hexdigest()


def materialize(spec: IncidentSpec, cache_root: Path) -> Path:
    """Write the data files for a generated scenario (once); return their folder."""
    out = cache_root / f"{spec.id}-{cache_key(spec)}"
    if (out / ".complete").exists():
        return out
    # Each writer fills its own folder and renames it into place, so processes materializing
    # the same scenario at once (two `gpufleet eval` runs, or test workers) never write into
    # or delete each other's files: one shared ".tmp" name crashed all but one of them.
    cache_root.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"{out.name}.tmp-", dir=cache_root))
    try:
        _write_data(spec, tmp)
        return _publish(tmp, out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _publish(tmp: Path, out: Path) -> Path:
    """Rename the finished ``tmp`` to ``out``; when another writer got there first, its folder
    (complete: only finished folders are renamed) is kept and ours dropped by the caller."""
    try:
        tmp.rename(out)
    except OSError:
        if (out / ".complete").exists():
            return out
        shutil.rmtree(out, ignore_errors=True)  # a leftover without its marker: replace it
        tmp.rename(out)
    return out


def _write_data(spec: IncidentSpec, tmp: Path) -> None:
    sim, _ = simulator_for(spec)
    check_truth(spec, sim)
    logs: list[LogEvent] = []
    changes: list[tuple[float, dict[str, Workload]]] = []

    def ticks() -> Iterator[Tick]:
        for tick in sim.run(spec.time_range.end - spec.time_range.start):
            logs.extend(tick.events)
            if tick.workloads is not None:
                changes.append((tick.timestamp, dict(tick.workloads)))
            yield tick

    with (tmp / "metrics.jsonl").open("w", encoding="utf-8") as fh:
        write_vm_jsonl(ticks(), sim.topology, fh)
    style = spec.generator.log_style if spec.generator else "journal-iso"
    with (tmp / "logs.txt").open("w", encoding="utf-8") as fh:
        for e in logs:
            if e.kind in KERNEL_KINDS:
                fh.write(format_line(e, style) + "\n")
    with (tmp / "events.jsonl").open("w", encoding="utf-8") as fh:
        for rec in events_from_simulation(sim.start, changes, logs):
            fh.write(json.dumps(rec, separators=(",", ":")) + "\n")
    (tmp / ".complete").write_text(DATA_VERSION)


def check_truth(spec: IncidentSpec, sim: FleetSimulator) -> None:
    """The committed truth must be what the simulator injects."""
    want = sorted((f.fault_class, f.root_entity, round(f.onset)) for f in spec.truth.faults)
    got = sorted((g.fault_class, g.root_entity, round(g.onset)) for g in sim.ground_truth())
    if want != got:
        raise IncidentFormatError(
            f"{spec.id}: incident.yaml truth {want} does not match what its generator injects "
            f"{got}; regenerate the suite (python -m gpufleet.evals.suite_gen)"
        )
