"""The storm scenario of the scale benchmark: at one moment, a rack loses its cooling, a PDU
feeding several racks trips, and a job over ~1,000 GPUs is cancelled (Xid 45 on every GPU).

Three causes, each behind hundreds of raw anomalies; two of them are incidents (the job's
cancellation is benign: evidence only) and the PDU's spans racks, so rack-sharded NOC workers
see it in parts that the correlator must join.
"""

from __future__ import annotations

from dataclasses import dataclass

from sim.faults import JobCancelXid45, PduTrip, RackCoolingFailure
from sim.simulator import Fault
from telemetry.topology import Cluster, Topology, build_cluster

SHARED_PDU = "pdu-shared-a"


@dataclass(frozen=True)
class Storm:
    topology: Topology
    faults: tuple[Fault, ...]
    roots: tuple[str, ...]  # the incident roots a correct NOC reports (one per cause)
    benign_gpus: int  # GPUs of the cancelled job (no incident expected)


def storm_fleet(
    *,
    racks: int = 6,
    nodes_per_rack: int = 40,
    gpus_per_node: int = 8,
    pdu_racks: int = 2,
    cooling: bool = True,
    job_gpus: int = 1000,
    onset_s: float = 1800.0,
) -> Storm:
    """``racks`` racks of ``nodes_per_rack`` nodes. With ``cooling``, rack-1 loses its cooling;
    the next ``pdu_racks`` racks share PDU :data:`SHARED_PDU`, which trips; a training job on
    the last ``job_gpus`` GPUs' nodes (rounded up to whole nodes) is cancelled. All at
    ``onset_s``."""
    first_pdu = 1 if cooling else 0
    if racks < first_pdu + pdu_racks:
        raise ValueError(
            f"storm_fleet: {racks} racks cannot hold the cooled rack and {pdu_racks} PDU racks"
        )
    cluster = build_cluster(racks=racks, nodes_per_rack=nodes_per_rack, gpus_per_node=gpus_per_node)
    rack_list = list(cluster.racks)
    for i in range(first_pdu, first_pdu + pdu_racks):
        rack_list[i] = rack_list[i].model_copy(update={"pdu": SHARED_PDU})
    topology = Topology([Cluster(name=cluster.name, racks=tuple(rack_list))])
    job_nodes = min(topology.n_nodes, -(-job_gpus // gpus_per_node))
    nodes = tuple(topology.node_keys[topology.n_nodes - job_nodes :])
    faults: list[Fault] = [
        PduTrip(pdu=SHARED_PDU, onset_s=onset_s),
        JobCancelXid45(nodes=nodes, onset_s=onset_s, lines_per_gpu=1),
    ]
    roots = [f"pdu:{SHARED_PDU}"]
    if cooling:
        faults.insert(0, RackCoolingFailure(rack=topology.rack_keys[0], onset_s=onset_s))
        roots.insert(0, topology.rack_keys[0])
    return Storm(topology, tuple(faults), tuple(roots), job_nodes * gpus_per_node)
