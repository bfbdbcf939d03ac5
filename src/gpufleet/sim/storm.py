"""The storm scenario of the scale benchmark: at one moment, a rack loses its cooling, a PDU
feeding several racks trips, and a job over ~1,000 GPUs is cancelled (Xid 45 on every GPU).

Three causes, each behind hundreds of raw anomalies; two of them are incidents (the job's
cancellation is benign: evidence only) and the PDU's spans racks, so rack-sharded NOC workers
see it in parts that the correlator must join.

Also what a storm run through real processes needs on both sides, the benchmark
(``bench/storm_bench.py``) and the test (``tests/test_noc_storm.py``): the storm's ticks as a
tick source for the feeder (:class:`StormTicks`), the incidents standing at the end
(:func:`standing`), and waiting until every consumer has acked all there is (:func:`drained`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gpufleet.bus.events import Event, Incident, IncidentOpened, IncidentUpdated
from gpufleet.sim.faults import JobCancelXid45, PduTrip, RackCoolingFailure
from gpufleet.sim.simulator import Fault
from gpufleet.telemetry.frame import Tick
from gpufleet.telemetry.topology import Cluster, Topology, build_cluster

if TYPE_CHECKING:  # the NATS client is imported only where a bus is used
    from gpufleet.bus.jetstream import JetStreamBus

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


class StormTicks:
    """Ticks of ``topology`` as a tick source (:func:`agents.noc.worker.feed_shards`): a list,
    or a generator that simulates them as they are taken (a large fleet's run does not fit in
    memory)."""

    def __init__(self, topology: Topology, ticks: Iterable[Tick], interval_s: float) -> None:
        self.topology, self.interval_s = topology, interval_s
        self._ticks = ticks

    def ticks(self) -> Iterator[Tick]:
        return iter(self._ticks)


def standing(events: Iterable[Event]) -> dict[str, tuple[float, Incident]]:
    """Incidents opened and not merged away, by id: when opened (event time) and as last
    updated (a GPU incident widened to its rack has the rack as root by then)."""
    opened: dict[str, tuple[float, Incident]] = {}
    merged: set[str] = set()
    for e in events:
        if isinstance(e, IncidentOpened):
            opened[e.incident.incident_id] = (e.time, e.incident)
        elif isinstance(e, IncidentUpdated) and e.incident.incident_id in opened:
            if e.change == "merged":
                merged.add(e.incident.incident_id)
            else:
                opened[e.incident.incident_id] = (opened[e.incident.incident_id][0], e.incident)
    return {k: v for k, v in opened.items() if k not in merged}


async def pending_acks(bus: JetStreamBus, telemetry: Sequence[str], events: Sequence[str]) -> int:
    """Messages the named consumers still have to ack (a consumer not bound yet counts 1)."""
    js = bus._require_js()
    busy = 0
    for stream, names in (
        (bus.names.telemetry_stream, telemetry),
        (bus.names.events_stream, events),
    ):
        for name in names:
            try:
                info = await js.consumer_info(stream, name)
            except Exception:  # not bound yet
                busy += 1
                continue
            busy += (info.num_pending or 0) + (info.num_ack_pending or 0)
    return busy


async def drained(bus: JetStreamBus, telemetry: Sequence[str], events: Sequence[str]) -> None:
    """Until the telemetry consumers (the workers) and the event consumers (the correlator)
    have acked all there is, twice in a row, so the correlator has seen what the workers
    published last."""
    quiet = 0
    while quiet < 2:
        quiet = quiet + 1 if await pending_acks(bus, telemetry, events) == 0 else 0
        await asyncio.sleep(0.5)
