"""An Xid the GPU still holds when gpufleet first reads it: dcgm-exporter's last-Xid gauge
(``DCGM_FI_DEV_XID_ERRORS``) at a late start with no kernel line for the onset. Real-format
exposition pages, parsed by the real parser and run through the real detector, tick by tick."""

from __future__ import annotations

import asyncio
import math
from dataclasses import replace

from gpufleet.agents.noc.config import CorrelationConfig, NocConfig
from gpufleet.agents.noc.detector import Detector
from gpufleet.agents.noc.service import run_noc
from gpufleet.bus.events import AnomalyDetected, Event, IncidentOpened, Severity
from gpufleet.bus.memory import InProcessBus
from gpufleet.telemetry.exposition import parse_exposition
from gpufleet.telemetry.frame import LogEvent, Tick
from gpufleet.telemetry.topology import Topology, build_cluster
from tests.noc_frames import TickList
from tests.test_noc_extended import STEP, T0, page

GAUGE = "DCGM_FI_DEV_XID_ERRORS"


def fleet() -> Topology:
    return Topology([build_cluster(racks=1, nodes_per_rack=1, gpus_per_node=2, sku_name="H100")])


def tick(topo: Topology, i: int, held: dict[int, float], lines: tuple[LogEvent, ...] = ()) -> Tick:
    extra = [(g, GAUGE, v, "") for g, v in held.items()]
    parsed = parse_exposition(page(topo, extra), topology=topo, timestamp=T0 + i * STEP)
    return replace(parsed.tick(), events=lines)


def run(
    topo: Topology, ticks: list[Tick], log_read_back: bool = False
) -> tuple[Detector, list[Event]]:
    """A replay (lines in order with the ticks) unless a live log feed reads history back."""
    det = Detector(topo, log_read_back=log_read_back)
    events: list[Event] = []
    for t in ticks:
        events += det.process(t)
    return det, events


def xid_anomalies(events: list[Event]) -> list[tuple[str, str, Severity]]:
    return [
        (e.anomaly.symptom, e.anomaly.entity, e.anomaly.severity)
        for e in events
        if isinstance(e, AnomalyDetected) and e.anomaly.symptom.startswith("xid")
    ]


def test_a_reset_requiring_xid_the_gauge_holds_at_start_opens_an_incident_once() -> None:
    """Met after the onset's lines are gone: the gauge reads 119 (GSP, RESET_GPU) on GPU 1 at
    the first reading. That is an Xid before the start, on that GPU, read once; the same value
    on the next pages is the same Xid."""
    topo = fleet()
    gpu1 = topo.gpu_keys[1]
    det, events = run(topo, [tick(topo, i, {0: 0.0, 1: 119.0}) for i in range(8)])
    assert xid_anomalies(events) == [("xid_119", gpu1, Severity.CRITICAL)]
    opened = [e.incident for e in events if isinstance(e, IncidentOpened)]
    assert [(i.root_entity, tuple(i.xids)) for i in opened] == [(gpu1, (119,))]
    assert det.stats.held_xids == 1


def test_an_application_xid_the_gauge_holds_is_counted_not_opened() -> None:
    """31 (RESTART_APP) and 45 (teardown) are what a sticky gauge shows for days after a job
    failed: nothing to do on the GPU, so they are counted and shown, never opened."""
    topo = fleet()
    det, events = run(topo, [tick(topo, i, {0: 31.0, 1: 45.0}) for i in range(3)])
    assert xid_anomalies(events) == []
    assert not [e for e in events if isinstance(e, IncidentOpened)]
    assert det.stats.held_xids == 0
    assert det.stats.held_xids_not_acted == {"31": 1, "45": 1}


def test_a_held_xid_the_log_reads_back_adds_nothing() -> None:
    """A log feed's read-back in the same tick holds the line of that Xid on that GPU: the line
    is the record (with its own time); the gauge adds no second occurrence."""
    topo = fleet()
    gpu0 = topo.gpu_keys[0]
    line = LogEvent(
        timestamp=T0 - 600.0,
        node=topo.node_keys[0],
        kind="xid",
        message=f"NVRM: Xid (PCI:{topo.gpu_pci_bus_id[0]}): 79, pid='<unknown>', GPU has fallen "
        "off the bus.",
        xid=79,
        pci_bus_id=topo.gpu_pci_bus_id[0],
    )
    det, events = run(topo, [tick(topo, 0, {0: 79.0}, (line,)), tick(topo, 1, {0: 79.0})])
    assert [a[:2] for a in xid_anomalies(events)] == [("xid_79", gpu0)]
    assert det.stats.held_xids == 0


def test_a_line_of_the_same_slot_on_another_node_does_not_stand_for_the_held_xid() -> None:
    """Every node of a fleet has the same bus ids: a read-back line of node A's GPU at bus X is
    no record of node B's GPU at bus X, whose held Xid still opens."""
    topo = Topology([build_cluster(racks=1, nodes_per_rack=2, gpus_per_node=1, sku_name="H100")])
    a, b = topo.node_keys[0], topo.gpu_keys[1]
    assert topo.gpu_pci_bus_id[0] == topo.gpu_pci_bus_id[1]
    line = LogEvent(
        timestamp=T0 - 600.0,
        node=a,
        kind="xid",
        message="NVRM: Xid (PCI:0000:18:00): 79, GPU has fallen off the bus.",
        xid=79,
        pci_bus_id=topo.gpu_pci_bus_id[0],
    )
    det, events = run(topo, [tick(topo, i, {1: 79.0}, (line,) if i == 0 else ()) for i in range(5)])
    assert ("xid_79", b) in [x[:2] for x in xid_anomalies(events)]
    assert det.stats.held_xids == 1


def test_the_gauge_changing_while_gpufleet_runs_is_not_a_held_xid() -> None:
    """Read 0 first, then 48: an Xid while gpufleet runs comes with its kernel line or the
    exporter's windowed count, never from the gauge (which cannot show a repeat)."""
    topo = fleet()
    det, events = run(topo, [tick(topo, 0, {0: 0.0}), tick(topo, 1, {0: 48.0})])
    assert xid_anomalies(events) == []
    assert det.stats.held_xids == 0


def test_a_reading_that_holds_no_code_is_counted_as_unreadable() -> None:
    """A fractional value is no Xid code: counted and shown, never rounded into one (a value far
    outside the field's range is already flagged by the parser and never reaches the detector)."""
    topo = fleet()
    det, events = run(topo, [tick(topo, 0, {0: 48.5, 1: 1e9})])
    assert xid_anomalies(events) == []
    assert det.stats.held_xids_not_acted == {"unreadable": 1}


def fallen_off_line(topo: Topology, g: int) -> LogEvent:
    return LogEvent(
        timestamp=T0 - 1800.0,
        node=topo.node_keys[0],
        kind="xid",
        message=f"NVRM: Xid (PCI:{topo.gpu_pci_bus_id[g]}): 79, pid='<unknown>', GPU has fallen "
        "off the bus.",
        xid=79,
        pci_bus_id=topo.gpu_pci_bus_id[g],
    )


WAIT_TICKS = math.ceil(NocConfig().correlation.held_xid_wait_s / STEP)


def test_a_read_back_landing_after_the_first_metrics_replaces_the_held_xid() -> None:
    """Live, each log feed reads its history back in its own thread: the onset's line can land
    a tick after the first page. The held Xid waits for it (correlation.held_xid_wait_s), so
    the incident holds the line, with its own time and words, and no held copy of it."""
    topo = fleet()
    gpu0 = topo.gpu_keys[0]
    line = (fallen_off_line(topo, 0),)
    ticks = [tick(topo, i, {0: 79.0}, line if i == 2 else ()) for i in range(2 * WAIT_TICKS)]
    det, events = run(topo, ticks, log_read_back=True)
    xids = [e.anomaly for e in events if isinstance(e, AnomalyDetected) and e.anomaly.xid == 79]
    assert [(a.entity, a.time) for a in xids] == [(gpu0, T0 - 1800.0)]
    assert "fallen off the bus" in xids[0].message and "held" not in xids[0].message
    assert det.stats.held_xids == 0


def test_a_held_xid_nothing_reads_back_opens_after_the_wait_with_its_first_reading_time() -> None:
    """Nothing is read back for GPU 0: its held 79 is emitted at the first tick a full wait
    after the first reading, not before, and keeps that reading's time."""
    topo = fleet()
    gpu0 = topo.gpu_keys[0]
    det = Detector(topo, log_read_back=True)
    before = [e for i in range(WAIT_TICKS) for e in det.process(tick(topo, i, {0: 79.0}))]
    assert xid_anomalies(before) == []
    after = det.process(tick(topo, WAIT_TICKS, {0: 79.0}))
    assert [
        (e.anomaly.entity, e.anomaly.time)
        for e in after
        if isinstance(e, AnomalyDetected) and e.anomaly.xid == 79
    ] == [(gpu0, T0)]
    assert [e.incident.root_entity for e in after if isinstance(e, IncidentOpened)] == [gpu0]
    assert det.stats.held_xids == 1


def test_a_held_code_the_gauge_clears_during_the_wait_is_dropped() -> None:
    """The gauge reads 0 before the wait is over: the driver or the exporter restarted, or the
    GPU was reset, so what it held has had its resolution; nothing opens."""
    topo = fleet()
    ticks = [tick(topo, i, {0: 79.0 if i < 2 else 0.0}) for i in range(2 * WAIT_TICKS)]
    det, events = run(topo, ticks, log_read_back=True)
    assert xid_anomalies(events) == []
    assert det.stats.held_xids == 0


def test_with_nothing_to_wait_for_the_held_xid_opens_at_the_first_reading() -> None:
    """A replay (its lines come in order with its ticks), a fleet with no log feed, or an
    operator who set the wait to 0: the first page opens it."""
    topo = fleet()
    no_wait = NocConfig(correlation=CorrelationConfig(held_xid_wait_s=0))
    for det in (Detector(topo), Detector(topo, no_wait, log_read_back=True)):
        events = det.process(tick(topo, 0, {1: 154.0}))
        assert [a[:2] for a in xid_anomalies(events)] == [("xid_154", topo.gpu_keys[1])]


def test_a_watch_that_ends_during_the_wait_still_opens_the_held_xid() -> None:
    """`watch --duration` shorter than the wait: no line can replace the held 79 any more once
    the data ends, so settling the end emits it with its first reading's time, once."""
    topo = fleet()
    gpu0 = topo.gpu_keys[0]
    det = Detector(topo, log_read_back=True)
    during = [e for i in range(2) for e in det.process(tick(topo, i, {0: 79.0}))]
    assert xid_anomalies(during) == []
    settled = det.settle_pending(T0 + STEP)
    assert [(a[0], a[1]) for a in xid_anomalies(settled)] == [("xid_79", gpu0)]
    opened = [e.incident for e in settled if isinstance(e, IncidentOpened)]
    assert [(i.root_entity, tuple(i.xids)) for i in opened] == [(gpu0, (79,))]
    assert det.stats.held_xids == 1
    assert det.settle_pending(T0 + STEP) == []


def test_the_noc_loop_settles_what_waits_when_its_source_ends() -> None:
    """run_noc, the loop of watch and serve: a source of two pages ends before the wait; the
    held Xid's incident is published on the bus, not lost with the process."""
    topo = fleet()
    ticks = [tick(topo, i, {1: 119.0}) for i in range(2)]

    async def go() -> list[Event]:
        bus = InProcessBus()
        seen: list[Event] = []

        async def keep(e: Event) -> None:
            seen.append(e)

        bus.subscribe("*", "test", keep)
        await bus.start()
        await run_noc(TickList(topo, ticks, STEP), Detector(topo, log_read_back=True), bus)
        await bus.close()
        return seen

    events = asyncio.run(go())
    opened = [e.incident for e in events if isinstance(e, IncidentOpened)]
    assert [(i.root_entity, tuple(i.xids)) for i in opened] == [(topo.gpu_keys[1], (119,))]
