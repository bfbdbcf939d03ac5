"""The demo's fleet: 160 H100 GPUs with the seed cascade, a red herring and telemetry artifacts."""

from __future__ import annotations

from gpufleet.sim.faults import FanFailure, TelemetryArtifacts, Xid45Churn
from gpufleet.sim.simulator import Fault, FleetSimulator
from gpufleet.telemetry.topology import Topology, build_cluster

#: When the demo's fault starts (data seconds from the start) and how long the NOC took to open
#: its incident after that (measured: ``gpufleet demo --no-sre --json --hours 3.2``, seed 17,
#: the incident opens 285 s after onset, on the fourth minute of the ramp).
FAN_FAILURE_ONSET_S = 2.75 * 3600
FAN_FAILURE_DETECTED_AFTER_S = 285.0


def demo_simulator(seed: int) -> FleetSimulator:
    """4 racks × 5 nodes × 8 H100: Xid 45 churn on node-18 at 2 h, exporter artifacts on node-19
    at 2.2 h, the fan of node-17 GPU 4 failing at 2.75 h."""
    topo = Topology([build_cluster(racks=4, nodes_per_rack=5, gpus_per_node=8, sku_name="H100")])
    faults: list[Fault] = [
        Xid45Churn(node="node-18", onset_s=2.0 * 3600),
        TelemetryArtifacts(node="node-19", onset_s=2.2 * 3600),
        FanFailure(node="node-17", gpu=4, onset_s=FAN_FAILURE_ONSET_S),
    ]
    return FleetSimulator(topo, seed=seed, faults=faults)
