"""One GPU's Xids are one incident when the catalog reads them as one fault: the verdict on a
signal may change as it repeats (Xid 13 once → the application's; three times on the GPU alone →
the device's, WORKFLOW_XID_13) and a critical Xid may follow the channel errors it caused (13
then 79), but the fault did not split in two, so neither may the incident and its decision."""

from __future__ import annotations

from gpufleet.agents.noc.detector import Detector
from gpufleet.bus.events import Event, IncidentOpened, IncidentUpdated, Phase
from gpufleet.telemetry.frame import LogEvent
from tests.test_noc_detector import STEP, T0, run, tick, topo

GPU = "node-01/gpu5"


def _run(xids: dict[int, tuple[int, ...]], ticks: int = 60) -> list[Event]:
    tp = topo()
    pci = tp.gpu_pci_bus_id[tp.gpu_pos[GPU]]
    text = {
        13: "Graphics SM Warp Exception",
        31: "Ch 00000010, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x0",
        32: "Channel ID 00000010 intr 00040000",
        79: "GPU has fallen off the bus.",
    }

    def line(i: int, code: int) -> LogEvent:
        msg = f"NVRM: Xid (PCI:0000:ab:00): {code}, {text[code]}"
        return LogEvent(T0 + i * STEP, "node-01", "xid", msg, xid=code, pci_bus_id=pci)

    det = Detector(tp)
    return run(
        det,
        [tick(tp, i, events=tuple(line(i, c) for c in xids.get(i, ()))) for i in range(ticks)],
    )


def _open_at_end(events: list[Event]) -> dict[str, Phase]:
    state: dict[str, Phase] = {}
    for e in events:
        if isinstance(e, (IncidentOpened, IncidentUpdated)):
            state[e.incident.incident_id] = e.incident.phase
    return {k: p for k, p in state.items() if p is not Phase.RESOLVED}


def test_an_xid_read_again_as_the_devices_joins_the_incident_it_opened() -> None:
    # once: the application's; repeated on this GPU alone: suspect the GPU (run EUD)
    events = _run({1: (13,), 2: (13,), 3: (13,)})
    opened = [e for e in events if isinstance(e, IncidentOpened)]
    assert len(opened) == 1 and opened[0].incident.family.value == "application"
    updates = [e for e in events if isinstance(e, IncidentUpdated) and e.change == "attached"]
    assert updates, "the changed verdict must reach the incident (a re-diagnosis), not vanish"
    assert "RUN_DCGM_EUD" in updates[-1].incident.summary
    assert len(_open_at_end(events)) == 1


def test_the_same_reading_again_is_a_duplicate_not_news() -> None:
    events = _run({1: (13,), 2: (13,), 3: (13,), 4: (13,), 5: (13,)})
    attached = [e for e in events if isinstance(e, IncidentUpdated) and e.change == "attached"]
    assert len(attached) == 1  # the device reading once; its repeats are counted, not re-sent
    assert attached[0].incident.anomaly_count == 2


def test_an_application_xid_just_before_the_gpu_fell_off_the_bus_is_part_of_that_fault() -> None:
    events = _run({1: (13,), 6: (79,)})
    merged = [e for e in events if isinstance(e, IncidentUpdated) and e.change == "merged"]
    assert len(merged) == 1 and merged[0].incident.family.value == "application"
    still = _open_at_end(events)
    assert len(still) == 1
    survivor = next(
        e.incident
        for e in events
        if isinstance(e, IncidentOpened) and e.incident.incident_id in still
    )
    assert survivor.family.value == "device" and set(survivor.symptoms) == {"xid_79", "xid_13"}
    assert survivor.root_entity == GPU


def test_an_application_xid_well_before_the_gpu_fault_stays_its_own_incident() -> None:
    # the catalog's chain is the detector's window (5 min); 10 min earlier is another story
    events = _run({1: (13,), 41: (79,)})
    families = sorted(e.incident.family.value for e in events if isinstance(e, IncidentOpened))
    assert families == ["application", "device"]
    assert not [e for e in events if isinstance(e, IncidentUpdated) and e.change == "merged"]


def test_one_gpus_lines_of_one_moment_are_one_incident_whatever_family_each_reads_as() -> None:
    # a corrupted push buffer (Xid 32, read as the interconnect's) and the page fault beside it
    # (Xid 31, the application's), logged in the same second on one GPU: one event
    events = _run({1: (32, 31)})
    opened = [e.incident for e in events if isinstance(e, IncidentOpened)]
    assert len(opened) == 1
    assert len(_open_at_end(events)) == 1
    last = [e.incident for e in events if isinstance(e, IncidentUpdated)][-1]
    assert set(last.symptoms) == {"xid_32", "xid_31"}


def test_the_same_two_lines_minutes_apart_stay_two_incidents() -> None:
    events = _run({1: (32,), 9: (31,)})
    families = sorted(e.incident.family.value for e in events if isinstance(e, IncidentOpened))
    assert families == ["application", "interconnect"]
